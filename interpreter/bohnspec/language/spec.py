"""Load rules files into one Spec: the declarations of the chosen modules, indexed by name."""

from __future__ import annotations

import functools
import hashlib
import pickle
import sys
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from os import PathLike
from pathlib import Path
from typing import Any

from .. import cache, paths
from ..errors import BohnspecError, Location, closest, suggest
from .compile import compile_text
from .model import (
    Action, Board, Card, Category, CategoryExtension, Clause, Decl, Define, Drop, EndRule, Exempt, Extend, Forbid,
    Handler, Invariant, Module, Option, Node, Phase, Players, Procedure, Ruling, RulesFile, Setup, Turn, Var, Variety,
    VarietyExtension, Vine, Winners, Zone,
)


@dataclass
class Spec:
    """Every declaration of the loaded modules, in file order, with indexes by name."""

    files: list[RulesFile] = field(default_factory=list)
    modules: dict[str, Module] = field(default_factory=dict)
    varieties: dict[str, Variety] = field(default_factory=dict)
    options: dict[str, Option] = field(default_factory=dict)
    zones: dict[str, Zone] = field(default_factory=dict)
    vars: dict[str, Var] = field(default_factory=dict)
    defines: dict[str, Define] = field(default_factory=dict)
    phases: dict[str, Phase] = field(default_factory=dict)
    turn: Turn | None = None
    players: Players | None = None  # how many may play (None: any number)
    actions: dict[str, Action] = field(default_factory=dict)
    extends: list[Extend] = field(default_factory=list)
    forbids: list[Forbid] = field(default_factory=list)
    exempts: list[Exempt] = field(default_factory=list)  # `extend forbid NAME but ...`, applied to `forbids`
    # What `drop` took out of this game: (the action, the drop, the module dropping, the
    # clause); the clauses are gone from `actions` and `extends`.
    dropped: list[tuple[str, Drop, str, Clause]] = field(default_factory=list)
    procedures: dict[str, Procedure] = field(default_factory=dict)
    handlers: dict[str, list[Handler]] = field(default_factory=dict)
    end_rules: list[EndRule] = field(default_factory=list)
    winners: Winners | None = None
    setups: list[Setup] = field(default_factory=list)
    rulings: dict[str, Ruling] = field(default_factory=dict)
    vines: dict[str, Vine] = field(default_factory=dict)
    categories: dict[str, Category] = field(default_factory=dict)  # with the attributes extensions add
    category_extensions: list[CategoryExtension] = field(default_factory=list)
    variety_extensions: list[VarietyExtension] = field(default_factory=list)
    cards: dict[str, Card] = field(default_factory=dict)
    boards: dict[str, Board] = field(default_factory=dict)
    invariants: list[Invariant] = field(default_factory=list)
    duplicates: list[tuple[Decl, Decl]] = field(default_factory=list)
    # (replaced, replacement): a module's definition, procedure or phase replacing one of a
    # module it requires; and pairs of modules replacing one declaration without one of them
    # requiring the other, which no module requiring both settles.
    replaced: list[tuple[Decl, Decl]] = field(default_factory=list)
    rivals: list[tuple[Decl, Decl]] = field(default_factory=list)
    # In one game's spec: declarations of two modules loaded together that are alternatives of
    # the same game (neither requires the other, no loaded module requires both), each declaring
    # or replacing the same thing: Bohnröschen's and Bohnaparte's ends of the game, say.
    clashes: list[tuple[Decl, Decl]] = field(default_factory=list)
    chosen: set[str] | None = None  # the modules loaded (None: all)
    # Each loaded module's requirements, direct or not (module_closure), as build found them.
    requires: dict[str, set[str]] = field(default_factory=dict)

    def all_decls(self) -> Iterator[Decl]:
        """The declarations of the loaded modules (and every ruling), in file order."""
        for f in self.files:
            for d in f.decls:
                if self.chosen is None or d.module in self.chosen or isinstance(d, Ruling):
                    yield d

    def event_keys(self) -> dict[str, set[str]]:
        """Every event the rules can report, with the keys it gives (those of any `emit`; the
        interpreter's own `phase` and `game_over` too)."""
        out: dict[str, set[str]] = {"phase": {"phase"}, "game_over": {"winners"}}
        for event, kwargs in self._emits():
            out.setdefault(event, set()).update(k for k, _ in kwargs)
        return out

    @functools.cached_property
    def event_names(self) -> frozenset[str]:
        """The events the rules can report (event_keys' names), worked out once: the runner asks
        it of every scenario (a built spec does not change)."""
        return frozenset(self.event_keys())

    def text_event_keys(self) -> frozenset[tuple[str, str]]:
        """The (event, key) pairs that some `emit` gives a text written in the rules (a neutral
        figure's colour, `figure: "red"`): words, not cards, whatever card they are spelt like."""
        return frozenset((event, k) for event, kwargs in self._emits() for k, v in kwargs
                         if isinstance(v, Node) and v.kind == "const" and isinstance(v.args[0], str))

    def _emits(self) -> Iterator[tuple[str, tuple]]:
        """(event, its (key, expression) pairs) of every `emit` of the loaded modules."""
        for d in self.all_decls():
            for n in nodes_of(d):
                if n.kind == "emit":
                    yield n.args[0], n.args[1]

    def playable_phases(self) -> list[str]:
        """The phases a game of these modules can be in: the turn's, and those a `goto` names
        (Bohnaparte's camp choice). A phase of a module whose turn another replaced (the trade
        phase of the two-player game) is not among them."""
        turn = list(self.turn.phases) if self.turn is not None else []
        named = {n.args[0] for d in self.all_decls() for n in nodes_of(d) if n.kind == "goto"}
        return turn + [p for p in self.phases if p in named and p not in turn]

    def attribute_names(self) -> dict[str, int]:
        """Every attribute a card may have, with the default its category gives (`count`,
        the number of cards of a kind in the box, belongs to every kind, beans included)."""
        out = {"count": 0}
        for c in self.categories.values():
            for name, value in c.attrs:
                out.setdefault(name, value)
        return out

    def cards_lacking(self, attr: str) -> dict[str, str]:
        """The cards (not varieties) that have no such attribute, neither their own nor their
        category's, where some category declares it: card -> its category."""
        if not any(attr in dict(c.attrs) for c in self.categories.values()):
            return {}
        return {k: c.category for k, c in self.cards.items() if self.card_attribute(k, attr) is None}

    def card_attribute(self, kind: str, attr: str) -> int | None:
        """The value of an attribute of a card kind (a variety or a card): its own, else its
        category's default; None for an unknown kind."""
        v = self.varieties.get(kind)
        if v is not None:
            return v.count if attr == "count" else None
        c = self.cards.get(kind)
        if c is None:
            return None
        if attr == "count":
            return c.count
        own = dict(c.attrs)
        if attr in own:
            return own[attr]
        cat = self.categories.get(c.category)
        return dict(cat.attrs).get(attr) if cat else None

    def kinds_of(self, category: str) -> list[str]:
        """The card kinds of a category, in declaration order (`beans`: the varieties,
        `vines`: the vine cards)."""
        if category == "beans":
            return list(self.varieties)
        if category == "vines":
            return list(self.vines)
        return [n for n, c in self.cards.items() if c.category == category]

    def card_hint(self, name: object, category: str = "beans") -> str:
        """What to say after "unknown card NAME": the id whose spelling or title is closest
        (`Fire Bean` and `fire bean` are `fire`), else the ids of the category, so that a
        player who calls a card by another name (the Chili) sees what the game calls it."""
        if not isinstance(name, str):  # a number, a list: no card is spelt like it
            return ""
        kinds = self.kinds_of(category)
        close = closest(name, kinds)
        if close is not None:
            return f" (did you mean {close!r}?)"
        what = {"beans": "bean", "vines": "vine"}.get(category, category)  # the category named in the singular
        if name in self.cards or name in self.vines:
            other = "vine" if name in self.vines else self.cards[str(name)].category
            return f" ({name} is a {other} card, not a {what} card)"
        titles = {}
        for kind in kinds:
            decl = self.varieties.get(kind) or self.vines.get(kind) or self.cards.get(kind)
            title = getattr(decl, "title", "") or ""
            titles[title.lower()] = kind
            titles[title.lower().partition(" (")[0]] = kind  # "Gemstone Field (Edelsteinfeld)"
        said = name.lower().replace("_", " ").replace("-", " ")
        by_title = next((k for t, k in titles.items() if t and t.replace("-", " ") == said), None)
        if by_title is None:
            close_title = closest(said, [t for t in titles if t])
            by_title = titles[close_title] if close_title is not None else None
        if by_title is not None:
            return f" (did you mean {by_title!r}?)"
        elsewhere = [m for m in modules_declaring(name, (Vine, Card, Variety), self.files) if m not in self.modules]
        if elsewhere:
            return (f"; {name!r} is a card of {' and '.join(elsewhere)}, which this game does not play (modules "
                    f"{', '.join(sorted(self.modules))}): give the state `modules:` with it")
        return f"; the {what} cards are {', '.join(kinds)}" if 0 < len(kinds) <= 40 else ""

    def _clauses_in_order(self, action: str) -> list[tuple[str, Clause]]:
        """An action's clauses with their modules: those added by `extend` first, the latest
        module's first (the more specific rule speaks first), then the action's own, each in
        declaration order."""
        own = self.actions[action]
        return [*((e.module, c) for e in reversed(self.extends) if e.name == action for c in e.clauses),
                *((own.module, c) for c in own.clauses)]

    def clauses_of(self, action: str) -> Iterator[Clause]:
        """An action's `when` clauses, then its `require` clauses, each kind in the order of
        _clauses_in_order."""
        ordered = self._clauses_in_order(action)
        for kind in ("when", "require"):
            yield from (c for _, c in ordered if c.kind == kind)

    @property
    def dropped_paragraphs(self) -> frozenset[str]:
        """The paragraphs the `drop`s of this game name: they allow nothing here."""
        return frozenset(p for _, d, _, _ in self.dropped for p in d.paragraphs)

    def drop_hint(self, action: object) -> str:
        """For an error of the rules met while `action` (its name) was applied: the clauses of
        it a module of this game drops, whose requirement may be what the rules now meet
        without (round 47's designer dropped a cart's price and met an empty coin stack)."""
        dropped = [(m, c) for name, _, m, c in self.dropped if name == action]
        if not dropped:
            return ""
        return (f"; module {' and '.join(dict.fromkeys(m for m, _ in dropped))} drops clauses of {action} here ("
                + "; ".join(f"{c.kind} at {c.loc}" for _, c in dropped)
                + "): what they required may be what the rules now meet without")

    def refusing_modules(self, action: str) -> dict[Location, str]:
        """The module of each check that may refuse the action (its clauses and the forbids
        covering it), by the check's place."""
        found = {c.loc: m for m, c in self._clauses_in_order(action)}
        found.update((f.loc, f.module) for f in self.forbids if f.covers(action))
        return found

    def together(self, a: str, b: str) -> bool:
        """Whether the declarations of modules `a` and `b` meet in some game (_together): not
        two alternatives of one game that no module plays together."""
        return _together(a, b, set(self.modules), self.requires)

    def builds_on(self, module: str, other: str) -> bool:
        """Whether `module` is `other` or requires it, directly or through others."""
        seen: set[str] = set()
        todo = [module]
        while todo:
            m = todo.pop()
            if m == other:
                return True
            if m not in seen:
                seen.add(m)
                # (what every file of the module says it requires: one file's `module` line may
                # name none, and spec.modules keeps the last one read; round 87's table was not
                # told of a depot's rule beside the base game's, as if Bohnaparte did not build on it)
                todo.extend(self.requires.get(m, ()))
        return False

    def grants_of(self, action: str) -> Iterator[tuple[str, Clause]]:
        """An action's `grant` clauses with their modules, in the same order."""
        yield from ((m, c) for m, c in self._clauses_in_order(action) if c.kind == "grant")


_REPLACEABLE = (Define, Procedure, Phase, Board)


def nodes_of(value: Any) -> Iterator[Node]:
    """Every expression and statement node inside a declaration (its fields, recursively)."""
    if isinstance(value, Node):
        yield value
        for a in value.args:
            yield from nodes_of(a)
    elif isinstance(value, (tuple, list)):
        for a in value:
            yield from nodes_of(a)
    elif hasattr(value, "__dataclass_fields__") and not isinstance(value, Location):
        for name in value.__dataclass_fields__:
            yield from nodes_of(getattr(value, name))


def emits_of(decl: Any, event: str) -> list[Node]:
    """The `emit` statements of an event in a declaration."""
    return [n for n in nodes_of(decl) if n.kind == "emit" and n.args[0] == event]


def through_definitions(spec: Spec, node: Node) -> Iterator[Node]:
    """Every node of an expression and of the bodies of the definitions it reads, each
    definition once, breadth first (what the expression reads itself before what its
    definitions read)."""
    seen: set[str] = set()
    todo = deque([node])
    while todo:
        n = todo.popleft()
        yield n
        if n.kind in ("name", "call") and n.args[0] in spec.defines and n.args[0] not in seen:
            seen.add(n.args[0])
            body = spec.defines[n.args[0]].body
            if body is not None:
                todo.append(body)
        todo.extend(n.children())


def defines_read(spec: Spec, node: Node) -> list[str]:
    """The definitions an expression reads, through the definitions it calls, each once, in
    the order through_definitions meets them."""
    return list(dict.fromkeys(n.args[0] for n in through_definitions(spec, node)
                              if n.kind in ("name", "call") and n.args[0] in spec.defines))


def spec_files(root: Path | None = None) -> list[Path]:
    """The rules files of spec/ (or of another folder), in a stable order."""
    return sorted((root or paths.SPEC).rglob("*.bohn"))


def parse_files(files: Iterable[str | PathLike[str]]) -> list[RulesFile]:
    """Parse rules files, each named by `display_name` in its declarations' locations."""
    out = []
    for name in files:
        f = Path(name)
        try:
            text = f.read_text(encoding="utf-8-sig")  # an editor's byte-order mark is no part of the rules
        except OSError as exc:
            raise BohnspecError(f"cannot read the rules file: {exc.strerror}", str(f)) from None
        out.append(_compiled(text, display_name(f)))
    return out


@functools.lru_cache(maxsize=512)
def _parse_once(text: str, name: str) -> RulesFile:
    """The model of one rules text: from the disk cache when this very text (and name) was
    parsed before by this very parser, else parsed and kept there. Every process that reads
    the spec (each CLI command, the engine `bohnspec serve` starts) is spared the parse. A
    cache that cannot be read or written is passed over; a text with a syntax error is never
    kept (its error is raised anew, located)."""
    key = hashlib.sha256(f"{_parser_fingerprint()}\0{name}\0{text}".encode()).hexdigest()
    path = cache.root() / "parsed" / f"{key[:40]}.pickle"
    return cache.kept(path, lambda: compile_text(text, name), _rules_file,
                      lambda model: pickle.dumps(model, protocol=pickle.HIGHEST_PROTOCOL), read=_READ_DISK[0])


def _rules_file(data: bytes) -> RulesFile | None:
    found = pickle.loads(data)  # noqa: S301 - bohnspec's own cache, as the compiled rules' is
    return found if isinstance(found, RulesFile) else None


@functools.lru_cache(maxsize=1)
def _parser_fingerprint() -> str:
    """What the model of a text depends on besides the text: the grammar, the code that turns
    a parse tree into the model and the model's classes (and the Python that pickles them)."""
    here = Path(__file__).resolve().parent
    from .. import __version__
    h = hashlib.sha256(f"{sys.version}\0{__version__}".encode())
    for f in (paths.GRAMMAR, here / "parse.py", here / "compile.py", here / "model.py", here.parent / "errors.py"):
        try:
            h.update(f.read_bytes())
        except OSError:
            h.update(b"?")  # an installed copy without its source: its version tells it apart
    return h.hexdigest()


_READ_DISK = [True]  # whether _parse_once reads the disk cache (clear_parse_cache)


def rules_digest(extra_files: Iterable[str | PathLike[str]] = ()) -> str:
    """A short digest of the rules text (spec/ and any extra files): written with a fuzz
    finding and a conformance report, so that an answer of an older spec can be told."""
    import hashlib
    h = hashlib.sha256()
    # (each file by its place in spec/, an extra one by its name: not by the working folder,
    # whose digest a fuzz finding and a report written from two folders told apart; round 80's
    # engine author)
    for f in spec_files():
        h.update(f.relative_to(paths.SPEC).as_posix().encode() + b"\0" + f.read_bytes() + b"\0")
    for f in map(Path, extra_files):
        h.update(f.name.encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()[:12]


def clear_parse_cache(disk: bool = False) -> None:
    """Forget the files parsed so far; with `disk`, later parses in this process do not read
    the disk cache either (a benchmark that times parsing itself starts from none)."""
    _parse_once.cache_clear()
    _READ_DISK[0] = not disk


def _compiled(text: str, name: str) -> RulesFile:
    """A file is parsed once per process whatever the number of module sets that load it (the
    corpus builds seven engines over the same forty files); the model's nodes are frozen, so
    sharing them is safe, and each caller gets its own list."""
    cached = _parse_once(text, name)
    return RulesFile(cached.path, list(cached.decls), cached.cite_places)


def display_name(path: Path) -> str:
    """How a rules file is named in diagnostics: relative to the working folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def book_files() -> frozenset[str]:
    """The files of spec/ as declarations name them (display_name): a declaration whose file is
    not among them is a designer's."""
    return _book_files(str(Path.cwd()))


@functools.lru_cache(maxsize=4)
def _book_files(cwd: str) -> frozenset[str]:  # (display names are relative to the working folder)
    return frozenset(display_name(f) for f in spec_files())


def modules_declaring(name: str, what: type | tuple = Action, files: list[RulesFile] | None = None) -> list[str]:
    """The modules whose files declare an action (or a variable, a zone, a card: `what`) of
    this name, to tell a player whose situation lacks it which module it belongs to: those of
    spec/, and of `files` (a game's own, a designer's `--rules` among them)."""
    kinds = what if isinstance(what, tuple) else (what,)
    found: list[str] = [m for kind in kinds for m in _spec_declaring().get((kind, name), [])]
    own = _spec_paths()
    for f in files or []:
        if f.path in own:
            continue  # indexed already
        module = next((d.name for d in f.decls if isinstance(d, Module)), None)
        if module is not None and any(isinstance(d, kinds) and getattr(d, "name", None) == name for d in f.decls):
            found.append(module)
    return list(dict.fromkeys(found))


@functools.lru_cache(maxsize=1)
def spec_verbs() -> dict[str, str]:
    """The other verbs players use for the actions of spec/ (their `aka`, lower case) -> the
    action's name, whatever the module: a player who says `fulfills` of a game without vine
    cards is told which module has it."""
    return {said.lower(): d.name for f in parse_files(spec_files()) for d in f.decls
            if isinstance(d, Action) for said in d.aka}


def all_action_names() -> frozenset[str]:
    """The names of every action spec/ declares, whatever the module."""
    return frozenset(name for kind, name in _spec_declaring() if kind is Action)


@functools.lru_cache(maxsize=1)
def _spec_paths() -> frozenset[str]:
    return frozenset(f.path for f in parse_files(spec_files()))


@functools.lru_cache(maxsize=1)
def _spec_declaring() -> dict[tuple[type, str], list[str]]:
    """(kind of declaration, name) -> the modules of spec/ declaring it, worked out once: the
    scenario loader asks for every unknown name it meets (a fuzzing run, thousands)."""
    out: dict[tuple[type, str], list[str]] = {}
    for f in parse_files(spec_files()):
        module = next((d.name for d in f.decls if isinstance(d, Module)), None)
        if module is None:
            continue
        for d in f.decls:
            name = getattr(d, "name", None)
            if isinstance(name, str):
                for kind in type(d).__mro__:
                    mods = out.setdefault((kind, name), [])
                    if module not in mods:
                        mods.append(module)
    return out


@functools.lru_cache(maxsize=256)
def games_of(given: tuple[str, ...]) -> tuple[str, ...]:
    """The modules a game of `given` plays, spelled out: each of spec/'s modules after the
    ones it requires (`[solo]` is `[base, bohnroeschen, duo, solo]`), without the shared parts
    (war), as a state and the protocol name them. A module spec/ does not declare (a
    designer's, loaded with --rules) stays where it is."""
    files = parse_files(spec_files())
    requires = _requires(files)
    parts = parts_of(files)
    out: list[str] = []

    def visit(m: str) -> None:
        if m in out:
            return
        for r in requires.get(m, ()):
            visit(r)
        out.append(m)
    for m in given:
        visit(m)
    return tuple(m for m in out if m not in parts or m in given)


def played_modules(spec: Spec) -> tuple[str, ...]:
    """The modules a game of this spec names, as a state and the protocol name them (games_of):
    each after those it requires, without the shared parts (war); round 66's engine author had
    fuzz send `[base, bohnaparte, mixed, war]` where conform sends `[base, bohnaparte, mixed]`."""
    parts = parts_of(spec.files)
    return games_of(tuple(m for m in sorted(spec.modules) if m not in parts))


@functools.lru_cache(maxsize=1)
def spec_modules() -> tuple[Module, ...]:
    """The `module` lines of spec/'s files (a module opened in several files, once for each)."""
    return tuple(d for f in parse_files(spec_files()) for d in f.decls if isinstance(d, Module))


def spec_games() -> list[str]:
    """The games of spec/: its modules that are no shared part of others (war), by name."""
    return sorted({m.name for m in spec_modules()} - set(parts_of(parse_files(spec_files()))))


def card_books(spec: Spec) -> frozenset[str]:
    """The books the cards of a game cite (its bean varieties, vine and landscape cards)."""
    return frozenset(c.split("/", 1)[0] for coll in (spec.cards, spec.varieties, spec.vines)
                     for decl in coll.values() for c in decl.cites)


@functools.lru_cache(maxsize=16)
def games_seating(count: int) -> tuple[str, ...]:
    """The games of spec/ (each module that is no shared part, with what it requires) that
    `count` players may play: where to send a table the loaded game does not seat."""
    out = []
    for name in spec_games():
        rule = load([name]).players
        if rule is None or rule.least <= count <= rule.most:
            out.append(name)
    return tuple(out)


def seating_hint(count: int, playing: Iterable[str]) -> str:
    """"; 6 players play the modules [bohnroeschen] or [mixed]" for a table the game being
    played does not seat: every game of spec/ that does, the ones the game builds on included
    (a two-player game's three players play Bohnröschen), or that none does."""
    playing = set(playing)
    required = {r for m in spec_modules() if m.name in playing for r in m.requires}
    game = playing - required  # the game asked for, not the modules it builds on
    others = [g for g in games_seating(count) if g not in game]
    if not others:
        return f"; no game of these rules seats {count}"
    verb = "play" if count != 1 else "plays"
    return f"; {count} player{'s' if count != 1 else ''} {verb} the modules {' or '.join(f'[{g}]' for g in others)}"


def parts_of(files: list[RulesFile]) -> dict[str, list[str]]:
    """The modules of spec/ that are shared parts of others, not games: required by another
    module and declaring nothing of a table of their own (players, a setup, a board); each with
    the modules that require it. A game of one alone would be a game of what it requires with
    rules nobody plays without the rest (war: the map and combat of the war expansions).
    A designer's own module is a game of its own (a house rule on the base game), though
    another of his requires it: round 97's designer could no longer simulate his market once
    a module combining it with Bohnröschen required it."""
    ours = {m.name for m in spec_modules()}
    required_by: dict[str, set[str]] = {}
    tabled: set[str] = set()
    for f in files:
        for d in f.decls:
            if isinstance(d, Module):
                for r in d.requires:
                    required_by.setdefault(r, set()).add(d.name)
            elif isinstance(d, (Players, Setup, Board)):
                tabled.add(d.module)
    return {m: sorted(by) for m, by in required_by.items() if m not in tabled and m in ours}


def module_closure(files: list[RulesFile], wanted: list[str] | None) -> set[str]:
    """The wanted modules plus every module they require (all modules when none are named)."""
    requires = _requires(files)
    if wanted is None:
        return set(requires) | {d.module for f in files for d in f.decls}
    known = set(requires) | {d.module for f in files for d in f.decls}
    for m in wanted:
        if m not in known:
            raise BohnspecError(f"unknown module {m!r}{suggest(m, sorted(known))}; "
                                f"the rules files declare {', '.join(sorted(known))} (a module of your own "
                                "is loaded with its file: --rules FILE; fuzz's maps with --maps FILE)")
    result: set[str] = set()
    todo = list(wanted)
    while todo:
        m = todo.pop()
        if m in result:
            continue
        result.add(m)
        todo.extend(requires.get(m, ()))
    return result


def _requires(files: list[RulesFile]) -> dict[str, tuple[str, ...]]:
    """What each declared module requires. A module may open several files; what it requires is
    what any of them says."""
    out: dict[str, tuple[str, ...]] = {}
    for f in files:
        for d in f.decls:
            if isinstance(d, Module):
                out[d.name] = tuple(dict.fromkeys(out.get(d.name, ()) + d.requires))
    return out


def build(files: list[RulesFile], modules: list[str] | None = None) -> Spec:
    """Index the declarations of the chosen modules; later modules may add to earlier ones."""
    chosen = module_closure(files, modules)
    requires = {m: module_closure(files, [m]) - {m} for m in chosen}
    spec = Spec(files=files, chosen=chosen if modules is not None else None, requires=requires)
    game = modules is not None  # one game's modules, not every module (`bohnspec check`)
    singles: dict[type, dict[str, Any]] = {
        Variety: spec.varieties, Option: spec.options, Zone: spec.zones, Var: spec.vars,
        Define: spec.defines, Phase: spec.phases, Action: spec.actions,
        Procedure: spec.procedures, Ruling: spec.rulings, Module: spec.modules, Vine: spec.vines,
        Category: spec.categories, Card: spec.cards, Board: spec.boards,
    }
    # Modules in dependency order, so that a module's replacements come after what they replace.
    ordered = sorted(((len(requires.get(d.module, ())), n, d) for n, d in
                      enumerate(d for f in files for d in f.decls)), key=lambda t: (t[0], t[1]))
    origin: dict[tuple[type, str], str] = {}  # the module that first declared a name
    # Two modules that do not require each other replacing one declaration: which applies would
    # depend on the load order, unless a module requiring both replaces it again.
    rivals: list[tuple[Decl, Decl]] = []
    history: dict[tuple[type, str], list[Decl]] = {}
    for _, _, d in ordered:
        if d.module not in chosen and not isinstance(d, Ruling):
            continue
        table = singles.get(type(d))
        if table is not None:
            old = table.get(d.name)
            first = origin.setdefault((type(d), d.name), d.module)
            # A module may replace a definition, procedure or phase of a module it requires
            # (two expansions of one game may each replace the same one).
            mine = requires.get(d.module, ())
            replaces = old is not None and isinstance(d, _REPLACEABLE) and (old.module in mine or first in mine)
            if old is not None and not isinstance(d, Module) and not replaces \
                    and _together(old.module, d.module, chosen, requires):
                spec.duplicates.append((old, d))
            elif old is not None and not isinstance(d, Module) and not replaces and game \
                    and {old.module, d.module} <= chosen:
                spec.clashes.append((old, d))  # two alternatives of one game, both loaded
            elif replaces and old is not None and old.module not in mine:
                if old.module == d.module:
                    spec.duplicates.append((old, d))  # one module replacing the same thing twice
                elif _together(old.module, d.module, chosen, requires):
                    rivals.append((old, d))
                elif game and {old.module, d.module} <= chosen:
                    spec.clashes.append((old, d))
            seen = history.setdefault((type(d), d.name), [])
            if replaces and old is not None and old.module != d.module:
                # What it replaces in its own game: the last one of a module it requires.
                spec.replaced.append((next((x for x in reversed(seen) if x.module in mine), old), d))
            seen.append(d)
            table[d.name] = d
        elif isinstance(d, (Turn, Players, Winners)):
            # A later module may reorder the turn or set its own table and winners; two
            # alternatives of one game loaded together would each impose theirs.
            held = spec.turn if isinstance(d, Turn) else spec.players if isinstance(d, Players) else spec.winners
            if game and held is not None and held.module != d.module and held.module not in requires.get(d.module, ()) \
                    and not _joined(held.module, d.module, chosen, requires):
                spec.clashes.append((held, d))
            if isinstance(d, Turn):
                spec.turn = d
            elif isinstance(d, Players):
                spec.players = d
            else:
                spec.winners = d
        elif isinstance(d, Extend):
            spec.extends.append(d)
        elif isinstance(d, Forbid):
            spec.forbids.append(d)
        elif isinstance(d, Exempt):
            spec.exempts.append(d)
        elif isinstance(d, Handler):
            spec.handlers.setdefault(d.name, []).append(d)
        elif isinstance(d, EndRule):
            spec.end_rules.append(d)
        elif isinstance(d, Setup):
            spec.setups.append(d)
        elif isinstance(d, Invariant):
            spec.invariants.append(d)
        elif isinstance(d, CategoryExtension):
            spec.category_extensions.append(d)
        elif isinstance(d, VarietyExtension):
            spec.variety_extensions.append(d)
    _add_resets(spec)
    for y in spec.variety_extensions:  # the checker says when one names no variety
        bean = spec.varieties.get(y.name)
        if bean is not None and y.in_play is not None:
            both = y.in_play if bean.in_play is None else Node("and", ((bean.in_play, y.in_play),), y.loc)
            spec.varieties[y.name] = replace(bean, in_play=both)
    for x in spec.category_extensions:  # the checker says when one names no category or repeats an attribute
        cat = spec.categories.get(x.name)
        if cat is not None:
            had = dict(cat.attrs)
            spec.categories[x.name] = replace(cat, attrs=(*cat.attrs, *((a, v) for a, v in x.attrs if a not in had)))
    for e in spec.exempts:  # the checker says when no forbid bears the name
        spec.forbids = [replace(f, exempt=(*f.exempt, *(a for a in e.actions if a not in f.exempt)))
                        if f.label == e.name else f for f in spec.forbids]
    for ext in list(spec.extends):  # the checker says when a drop takes nothing
        for drop in ext.drops:
            _drop(spec, ext, drop, requires.get(ext.module, set()) | {"base"} - {ext.module})
    for old, d in rivals:
        final = singles[type(d)][d.name]
        if not {old.module, d.module} <= (set(requires.get(final.module, ())) | {final.module}) \
                or final.module in (old.module, d.module):
            spec.rivals.append((old, d))
    return spec


# The loop name of a reset of every player's or space's value: no rules text can spell it (not
# a NAME), so neither the first value's expression nor a rule of the designer's can shadow it.
_HOLDER = "holder'"


def _add_resets(spec: Spec) -> None:
    """A variable's `reset on EVENT` is a handler of that event, declared where the variable is
    and run before the event's other handlers, so that they and the vine cards' conditions
    watching it see the value the event starts afresh (a count kept for one turn)."""
    first: dict[str, list[Handler]] = {}
    for v in spec.vars.values():
        if not v.resets or v.default is None:
            continue
        loc = v.loc
        for event, key in dict.fromkeys(v.resets):
            if key and (v.per_player or v.per_space):
                # (`reset on moved(player)`: the value of the player the event names, alone)
                body = Node("assign", (("attr", key, v.name), v.default), loc)
            elif v.per_player or v.per_space:
                every = Node("name", ("players" if v.per_player else "spaces",), loc)
                body = Node("for", (_HOLDER, every, (Node("assign", (("attr", _HOLDER, v.name), v.default), loc),)),
                            loc)
            else:
                body = Node("assign", (("var", v.name), v.default), loc)
            first.setdefault(event, []).append(Handler(event, v.module, v.cites, loc, params=(key,) if key else (),
                                                       body=(body,), resets=v.name))
    for event, resets in first.items():
        spec.handlers[event] = [*resets, *spec.handlers.get(event, [])]


def _drop(spec: Spec, by: Extend, drop: Drop, mine: set[str]) -> None:
    """Take out of the game the clauses of `by`'s action that `drop` names, among those of the
    modules `mine` (those `by`'s module requires): the action's own and other modules' extends."""
    action = spec.actions.get(by.name)
    if action is None:
        return
    if action.module in mine and any(drop.takes(c) for c in action.clauses):
        spec.dropped.extend((by.name, drop, by.module, c) for c in action.clauses if drop.takes(c))
        spec.actions[by.name] = replace(action, clauses=tuple(c for c in action.clauses if not drop.takes(c)))
    for i, other in enumerate(spec.extends):
        if other.name == by.name and other.module in mine and any(drop.takes(c) for c in other.clauses):
            spec.dropped.extend((by.name, drop, by.module, c) for c in other.clauses if drop.takes(c))
            spec.extends[i] = replace(other, clauses=tuple(c for c in other.clauses if not drop.takes(c)))


def _joined(a: str, b: str, chosen: set[str], requires: dict[str, set[str]]) -> bool:
    """Whether a loaded module requires both (Bohnaparte and Dschingis Bohn, joined by `mixed`)."""
    return any({a, b} <= (requires.get(m, set()) | {m}) for m in chosen)


def _together(a: str, b: str, chosen: set[str], requires: dict[str, set[str]]) -> bool:
    """Whether two modules' declarations meet: the same module, one requiring the other, a
    chosen module requiring both, or two modules with nothing in common. Two expansions of one
    game (both requiring it) that nothing loads together are alternatives: Bohnaparte and
    Dschingis Bohn may each declare their own `attack`."""
    if a == b or a in requires.get(b, ()) or b in requires.get(a, ()):
        return True
    if _joined(a, b, chosen, requires):
        return True
    return not (set(requires.get(a, ())) & set(requires.get(b, ())))


def load(modules: list[str] | None = None, extra_files: Iterable[str | PathLike[str]] = ()) -> Spec:
    """Parse spec/ (and any extra rules files) and index the chosen modules. A BohnspecError
    when the modules are alternatives that no rulebook plays together (clashes)."""
    spec = build(parse_files([*spec_files(), *extra_files]), modules)
    if spec.clashes:
        raise BohnspecError(clash_message(spec))
    return spec


def _games_playing(a: str, b: str) -> list[str]:
    """The games of spec/ that play both books: as modules, or through the cards of one
    (`mixed`: Bohnaparte with Dschingis Bohn's landscapes)."""
    found = []
    for name in spec_games():
        spec = load([name])
        if name not in (a, b) and {a, b} <= set(spec.modules) | card_books(spec):
            found.append(name)
    return found


def clash_message(spec: Spec) -> str:
    """Which modules of a game cannot be played together, and what both of them set."""
    pairs: dict[tuple[str, str], list[str]] = {}
    for old, new in spec.clashes:
        what = f"{type(new).__name__.lower()} {new.name}" if not isinstance(new, (Turn, Players, Winners)) \
            else {Turn: "the turn", Players: "the table", Winners: "the winners"}[type(new)]
        a, b = sorted((old.module, new.module))
        names = pairs.setdefault((a, b), [])
        if what not in names:
            names.append(what)
    a, b = next(iter(pairs))
    also = "; ".join(f"{x} and {y}" for x, y in list(pairs)[1:])
    games = _games_playing(a, b)
    instead = f"; the game that plays both is {' or '.join(f'modules: [{g}]' for g in games)}" if games else ""
    return (f"modules {a} and {b} are not played together: no rulebook combines them as they are"
            + (f" (nor {also})" if also else "") + instead
            + f". For rules authors: both set {', '.join(pairs[(a, b)][:4])}"
            f"{' and more' if len(pairs[(a, b)]) > 4 else ''}; neither requires the other, so a game of both "
            "needs a module of its own that says how they go together (as `mixed` does for Bohnaparte with "
            "Dschingis Bohn's landscapes)")
