"""The paragraphs that decide the reference's answer to one action: what a failing step's
"decided by" names, so that a reader goes to the rule the engine got wrong rather than to
the action's general clause."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable
from typing import Any

from ..execution import tracing
from ..errors import BohnspecError, SpecRuntimeError
from ..execution.interpret import Engine, Env, Outcome, Rejection
from ..execution.state import State
from ..language.model import Clause, Forbid, Node
from ..language.spec import Spec, card_books, defines_read, nodes_of, spec_modules

LIMIT = 6  # more than this reads as "everything", which helps no one


@functools.lru_cache(maxsize=1)
def _expansion_books() -> frozenset[str]:
    """The modules of spec/ that are books of their own: a paragraph id names its book first
    (`dschingis/landscapes/6`), and an expansion's module bears the book's name."""
    return frozenset(m.name for m in spec_modules())


def in_play(spec: Spec, ids: list[str]) -> list[str]:
    """The ids of books this game plays: a rule shared by two expansions (the war module)
    cites both, and a reader of a Dschingis scenario has nothing to look up in Bohnaparte.
    A book is played when its module is, or when cards of it are (Dschingis Bohn's landscapes
    in a game of Bohnaparte); a section a module covers (`module duo ... covers
    bohnroeschen/two-player`) when that module is (Bohnroeschen's end cites the two-player
    game's twin paragraph, which a table of four has nothing to look up in). All of them when
    that would leave none."""
    foreign = _expansion_books() - set(spec.modules) - _card_books(spec)
    sections = {c for m, covered in _covered_sections().items() if m not in spec.modules for c in covered}
    kept = [i for i in ids if i.split("/", 1)[0] not in foreign and i.rsplit("/", 1)[0] not in sections]
    return kept or ids


@functools.lru_cache(maxsize=1)
def _covered_sections() -> dict[str, tuple[str, ...]]:
    """The rulebook sections each module of spec/ covers."""
    out: dict[str, tuple[str, ...]] = {}
    for m in spec_modules():
        if m.covers:
            out[m.name] = out.get(m.name, ()) + m.covers
    return out


_CARD_BOOKS: dict[int, tuple[Spec, frozenset[str]]] = {}  # id(spec) -> (the spec, its cards' books)


def _card_books(spec: Spec) -> frozenset[str]:
    """The books the cards of a game cite (its bean varieties, vine and landscape cards)."""
    hit = _CARD_BOOKS.get(id(spec))
    if hit is None or hit[0] is not spec:
        hit = _CARD_BOOKS[id(spec)] = (spec, card_books(spec))
    return hit[1]


def refusing_cites(spec: Spec, action: Any, rejection: Rejection, engine: Engine | None = None,
                   state: State | None = None) -> list[str]:
    """Every citation of the clause (or forbid) that refuses `action`, the rule id first, and
    the paragraphs its rulings rest on (`ruling/harvest-empty-field` reads
    `bohnanza/harvest/5`: what a scenario written from the rulebook names); with the `engine`
    and the `state` it was refused in, a clause about the vine card under the player's figure
    (a task not met) adds that card's citations, its task's own paragraph among them. A
    definition the clause reads that a module replaced (a designer's dearer attack) adds its
    citations too: the replacement decided the refusal as much as the clause."""
    kind = str(action.get("type")) if isinstance(action, dict) else ""
    refusing: list[Clause | Forbid] = [*spec.clauses_of(kind), *spec.forbids]
    for decl in refusing:
        if decl.loc == rejection.where and decl.cites:
            cites = list(decl.cites)
            player = action.get("player") if isinstance(action, dict) else None
            if engine is not None and state is not None and isinstance(decl, Clause) and isinstance(player, str):
                found = vine_of(engine, state, player, decl.condition)
                if found is not None:
                    # The card's own paragraphs (its task, its example) right after the rule,
                    # before the clause's rulings and the paragraphs they rest on (another
                    # card's example: round 48's engine author was pointed there first).
                    cites = [cites[0], *found[1].cites, *cites[1:]]
            cites = with_rulings(spec, cites)
            if decl.condition is not None:
                cites += with_rulings(spec, replaced_cites(spec, decl.condition))
            # The rule the reference names comes first whatever its book: it is its answer.
            return list(dict.fromkeys([rejection.rule, *in_play(spec, cites)]))
    return [rejection.rule]


def held_cites(spec: Spec, action: Any, rule: str) -> list[str]:
    """The citations of the clauses (and forbids) of the action's type that cite `rule`, in
    the books played: those an engine refusing under `rule` applied, which hold here."""
    kind = action.get("type") if isinstance(action, dict) else None
    if not isinstance(kind, str):
        return []
    out: list[str] = []
    refusing: list[Clause | Forbid] = [*spec.clauses_of(kind),
                                       *(f for f in spec.forbids if f.actions and kind in f.actions)]
    for decl in refusing:
        if rule in decl.cites and getattr(decl, "kind", "") != "grant":
            out.extend(c for c in decl.cites if c not in out)
    return in_play(spec, out)


def replaced_cites(spec: Spec, node: Node) -> list[str]:
    """The citations of the replacing definitions an expression reads, through the definitions
    it calls: those a module put in place of another's."""
    replacing = {id(new) for _, new in spec.replaced}
    return [c for name in defines_read(spec, node) if id(spec.defines[name]) in replacing
            for c in spec.defines[name].cites]


def _defines_read_of(spec: Spec, decl: Any, wanted: dict[int, Any]) -> list[Any]:
    """The definitions among `wanted` (by id) that a declaration's body reads, through the
    definitions it calls, each once, in the order it reads them."""
    read: list[Any] = []
    seen: set[str] = set()
    for node in nodes_of(decl):
        if node.kind in ("name", "call") and node.args[0] in spec.defines and node.args[0] not in seen:
            seen.add(node.args[0])
            for name in defines_read(spec, node):
                found = wanted.get(id(spec.defines[name]))
                if found is not None and found not in read:
                    read.append(found)
    return read


def _replacements_read(spec: Spec, decl: Any) -> list[str]:
    """The leading citations of the replacing definitions a declaration's body reads: a
    designer's own (a module not of spec/) before the expansions', which the declaration's own
    citations mostly name already."""
    if not spec.replaced:
        return []
    read = _defines_read_of(spec, decl, {id(new): new for _, new in spec.replaced})
    read.sort(key=lambda d: d.module in _expansion_books())
    return [c for d in read for c in d.cites[:LEADING - 1]]


def replacements_at(spec: Spec, location: Any) -> list[str]:
    """The definitions of a designer's own modules (not spec/'s) that the declaration holding
    `location` reads, each with its place: where an error of the rules met in a book's clause
    may come from (round 95's designer's `meter` paying more coins than cards was told at
    spec/base/harvest.bohn alone)."""
    if location is None:
        return []
    file, line = getattr(location, "file", None), getattr(location, "line", None)
    holding = None
    for decl in spec.all_decls():
        loc = getattr(decl, "loc", None)
        if loc is not None and loc.file == file and loc.line <= (line or 0) \
                and (holding is None or loc.line > holding.loc.line):
            holding = decl
    if holding is None:
        return []
    # (a define of the designer's own a book's clause reads: one replacing another module's, or
    # the built-in of the same name, `meter`)
    own = {id(d): d for d in spec.defines.values() if d.module not in _expansion_books()}
    return [f"{d.name} ({d.loc})" for d in _defines_read_of(spec, holding, own)]


def with_rulings(spec: Spec, cites: Iterable[str]) -> list[str]:
    """The citations, each ruling's followed by the paragraphs it rests on."""
    out: list[str] = []
    for c in cites:
        out.append(c)
        ruling = spec.rulings.get(c[len("ruling/"):]) if c.startswith("ruling/") else None
        if ruling is not None:
            out.extend(ruling.cites)
    return out


def reads(node: Node, kind: str, name: str) -> bool:
    """Whether an expression holds, anywhere in it, a node of that kind and name: a `name` it
    reads (an action's parameter), a `call` it makes (`card_of`)."""
    stack = [node]
    while stack:
        n = stack.pop()
        if n.kind == kind and n.args[0] == name:
            return True
        stack.extend(n.children())
    return False


def vine_of(engine: Engine, state: State, player: str, cond: Node) -> tuple[str, Any] | None:
    """The vine card a refusal is about (its id and declaration): the card whose task the player
    has now (the spec's `card_of`), when the refusing condition reads it; else None."""
    if not engine.spec.vines or "card_of" not in engine.spec.defines or not reads(cond, "call", "card_of") \
            or player not in state.names():
        return None
    try:
        card = engine._call_define(Env(engine, state), "card_of", [player], None)
    except SpecRuntimeError:
        return None
    vine = engine.spec.vines.get(card)
    return (card, vine) if vine is not None else None


def changing_paragraphs(engine: Engine, state: State, action: Any, places: list[str]) -> list[str]:
    """changing_parts as one list, the leading paragraphs first."""
    leading, rest = changing_parts(engine, state, action, places)
    return list(dict.fromkeys([*leading, *rest]))


def changing_parts(engine: Engine, state: State, action: Any, places: list[str]) -> tuple[list[str], list[str]]:
    """The citations of the declarations that, as the reference resolves `action` from
    `state`, change the `places` of the state an engine got wrong (`players.Nina.hand`; a place
    within one of them, or one holding it, counts): the procedure that moves the cards, say,
    rather than every event of the action. Each change is put down to the innermost
    declaration with citations running when it was made (execution/tracing.py)."""
    if not places:
        return [], []
    _, recorder = tracing.traced_apply(engine, state.copy(), action)
    # The last change of a place made its value: the changes are taken newest first. Each is
    # put down to the innermost cited declaration and to the one that ran it unless that is the
    # action itself (the end of the game that harvests a field, not only the Beanometer), their
    # leading citations before the rest of anyone's, so that one long list does not crowd out
    # the others.
    kind = action.get("type") if isinstance(action, dict) else None
    own = engine.spec.actions.get(kind) if isinstance(kind, str) else None
    leading: list[str] = []
    rest: list[str] = []
    changes = [entry for entry in recorder.entries if entry[0] == "change"]
    # Whether the game is over says more than what its end did (an engine that did not end
    # the game gets the end rule first, then the final harvest it left undone).
    for entry in sorted(reversed(changes), key=lambda e: e[1] != "over"):
        if not any(_overlap(entry[1], p) for p in places):
            continue
        cited = [f for f in reversed(entry[4]) if getattr(f, "cites", None)]
        if entry[1] == "phase" and isinstance(entry[3], str):
            # A phase entered is told by its own paragraphs (Bohnröschen's intermediate phase),
            # whatever moved the turn on to it.
            entered = engine.spec.phases.get(entry[3])
            if entered is not None and entered.cites:
                cited.insert(0, entered)
        # The action's own clause is no news (its citations close deciding_paragraphs' list).
        for decl in cited[:1] + [f for f in cited[1:2] if f is not own]:
            leading.extend(decl.cites[:LEADING])
            leading.extend(_replacements_read(engine.spec, decl))
            rest.extend(decl.cites[LEADING:])
    # A variable the reference left alone that the engine changed (a fourth running out of the
    # pile counted where the rules count none): the declarations that ran and could have set it
    # (through the procedures they call) but did not, innermost first (where the rules decided
    # not to: the stack card taken after the last running out); then those that set it.
    ran = list(dict.fromkeys(f for entry in changes for f in reversed(entry[4])))
    setting, writers, callees = _setters(engine)
    for place in places:
        if any(_overlap(entry[1], place) for entry in changes):
            continue
        name = place.rsplit(".", 1)[-1]
        could = setting.get(name, set())
        chose = [f for f in ran if id(f) in could and f is not own]
        if not chose and own is not None and id(own) in could:
            # The action's own effect alone could have set it and chose not to (ending phase 3
            # after the last reveal ends the game instead of entering phase 4): its paragraphs
            # are the rule here, not the general ones that close the list.
            chose = [own]
        # Then where it is set when it is: the setters those reach (the conquest a combat would
        # have called), not every other (the camp choice that once set a space's owner).
        reached = set().union(*(callees.get(id(f), set()) for f in chose)) if chose else None
        for decl in [*chose, *(w for w in writers.get(name, ()) if reached is None or id(w) in reached)]:
            leading.extend(decl.cites[:LEADING])
            leading.extend(_replacements_read(engine.spec, decl))
            rest.extend(decl.cites[LEADING:])
    leading = in_play(engine.spec, list(dict.fromkeys(leading)))
    return leading, [c for c in in_play(engine.spec, list(dict.fromkeys(rest))) if c not in leading]


@functools.lru_cache(maxsize=32)
def _setters(engine: Engine) -> tuple[dict[str, set[int]], dict[str, list], dict[int, set[int]]]:
    """For each variable of the engine's rules: the declarations (by id) that set it or call a
    procedure that does, however deep; and those with a statement setting it, in file order."""
    spec = engine.spec
    writes: dict[int, set[str]] = {}
    calls: dict[int, set[str]] = {}
    writers: dict[str, list] = {}

    def visit(value: Any, decl: Any) -> None:
        key = id(decl)
        if isinstance(value, Node):
            if value.kind == "assign":
                target = value.args[0]
                name = target[1] if target[0] == "var" else target[2]
                if name not in writes[key]:
                    writes[key].add(name)
                    if name in spec.vars:
                        writers.setdefault(name, []).append(decl)
            elif value.kind in _PHASE_MOVES:
                writes[key].add("phase")  # the state's phase, set by entering one
            elif value.kind == "call_stmt":
                calls[key].add(value.args[0])
            for part in value.args:
                visit(part, decl)
        elif isinstance(value, (list, tuple)):
            for part in value:
                visit(part, decl)

    for decl in spec.all_decls():
        if getattr(decl, "cites", None):
            writes[id(decl)], calls[id(decl)] = set(), set()
            for f in dataclasses.fields(decl):
                visit(getattr(decl, f.name), decl)
    procedures = {name: id(p) for name, p in spec.procedures.items()}
    # The procedures each declaration reaches through its calls, however deep (a fixed point).
    callees: dict[int, set[int]] = {k: {procedures[n] for n in v if n in procedures} for k, v in calls.items()}
    grown = True
    while grown:
        grown = False
        for found in callees.values():
            deeper: set[int] = set()
            for c in found:
                deeper |= callees.get(c, set())
            deeper -= found
            if deeper:
                found |= deeper
                grown = True
    # What a procedure sets, its callers set too.
    setting: dict[str, set[int]] = {}
    for key, own in writes.items():
        for name in own.union(*(writes.get(c, set()) for c in callees[key])):
            setting.setdefault(name, set()).add(key)
    return setting, writers, callees


LEADING = 3  # citations of each changing declaration that come before the rest of anyone's
_PHASE_MOVES = frozenset({"goto", "goto_next", "goto_first"})  # the statements that enter a phase


def _overlap(changed: str, wrong: str) -> bool:
    return changed == wrong or changed.startswith(wrong + ".") or wrong.startswith(changed + ".")


def deciding_paragraphs(spec: Spec, action: Any, outcome: Outcome, named: set | frozenset = frozenset(),
                        theirs: list | None = None, missed: set | frozenset = frozenset(),
                        engine: Engine | None = None, state: State | None = None) -> list[str]:
    """The paragraphs behind the reference's `outcome` of `action`: the refusing clause's
    citations; else those of the declarations that emitted the events the step `named`
    (those the engine did not report alike first), then of those (other than the action
    itself) that emitted events the engine did not report alike (`theirs`: its events; None:
    unknown, so every such event counts): the procedure that computes a harvest's coins, say,
    not the harvest; `missed`: the named events the engine's did not match, whose declarations
    speak first of all. The action's own citations come last."""
    if outcome.rejection is not None:
        # With the engine and the state refused in, a vine card's task adds the card's paragraphs.
        return refusing_cites(spec, action, outcome.rejection, engine, state)[:LIMIT]
    kind = action.get("type") if isinstance(action, dict) else None
    out: list[str] = []
    # The named events the engine did not report alike come first: a harvest's own paragraphs
    # would otherwise fill the list before those of the draft it started and got wrong.
    # So do those from the first place where the two lists part (an event the engine adds
    # before them, or reports in another order), though it reports them too.
    parted = 0 if theirs is None else next(
        (i for i, (ours, its) in enumerate(zip(outcome.events, theirs)) if ours != its),
        min(len(outcome.events), len(theirs)))
    named_events = [(i, event, frames) for i, (event, frames) in enumerate(zip(outcome.events, outcome.sources))
                    if event.get("event") in named and frames]
    named_events.sort(key=lambda t: (t[1].get("event") not in missed,
                                     theirs is not None and t[1] in theirs and t[0] < parted))
    decl = spec.actions.get(kind) if isinstance(kind, str) else None
    # Each event is put down to the declaration that raised it and to the one that ran that
    # (the game's end that harvests every field, not only the harvest), and to the cards it
    # names when the engine's differs (a harvest's coins: the variety's Beanometer). Each
    # declaration's leading paragraphs come before the rest of anyone's, so that a long list
    # (the harvest's eight) does not crowd out the end of the game.
    deciders: list = []
    for _, event, frames in named_events:
        deciders.extend(_raisers(frames, decl))
        if theirs is None or event not in theirs:
            deciders.extend(_cards_named(spec, event))
    for event, frames in zip(outcome.events, outcome.sources):
        if frames and frames[-1].name != kind and (theirs is None or event not in theirs):
            deciders.extend(_raisers(frames, decl))
            deciders.extend(_cards_named(spec, event))
    leading: list[str] = []
    rest: list[str] = []
    for d in {id(d): d for d in deciders}.values():
        cites = getattr(d, "cites", ()) or ()
        leading.extend(cites[:LEADING])
        # A definition the declaration reads that a module replaced (a designer's tie rule,
        # Bohnaparte's cannon) decided the outcome as much as the declaration: its citations
        # come right after the declaration's leading ones (round 94's designer was sent to the
        # book's combat paragraphs only, never to his own rule).
        leading.extend(_replacements_read(spec, d))
        rest.extend(cites[LEADING:])
    allowing = allowed_here(engine, state, action) if engine is not None else getattr(decl, "cites", ()) or ()
    out = [*leading, *rest, *allowing]
    return in_play(spec, list(dict.fromkeys(out)))[:LIMIT]


def granted(engine: Engine, state: State, kind: str, locals_: dict) -> list[str]:
    """The paragraphs of the action's `grant` clauses that hold in `state` (the gift, the
    phase, the game at hand), those of the most specific module that has one holding (the
    two-player game's plant, not the base game's second card); none when none holds."""
    out: list[str] = []
    speaking = None
    scope = frozenset(locals_)
    # A paragraph a module of this game drops (a house rule's `drop`) allows nothing here.
    dropped = engine.spec.dropped_paragraphs
    for module, g in engine.spec.grants_of(kind):
        if speaking not in (None, module):
            break
        try:
            holds = engine.expr(g.condition, scope)(Env(engine, state, dict(locals_)))
        except SpecRuntimeError:
            continue
        if holds:
            speaking = module
            out += [c for c in g.cites if c not in out and c not in dropped]
    return out


def dropped_for(engine: Engine, state: State, kind: str, locals_: dict) -> list[str]:
    """What lets the action through a clause a module played here takes out of the game (a
    house rule's `drop`): the drop's citations, for each dropped `when` or `require` that
    would refuse the action now (a lone bean harvested without bean protection)."""
    out: list[str] = []
    scope = frozenset(locals_)
    for name, drop, _, clause in engine.spec.dropped:
        if name != kind or clause.kind == "grant":
            continue
        try:
            holds = engine.expr(clause.condition, scope)(Env(engine, state, dict(locals_)))
        except SpecRuntimeError:
            continue  # out of its place in the order: it decides nothing here
        if not holds:
            out += [c for c in drop.cites if c not in out]
    return out


def allowed_here(engine: Engine, state: State | None, action: Any) -> list[str]:
    """What allows an action the rules accept where it is taken: its grants holding there,
    else the action's own citations (an end of phase 1 is not allowed by the end of the
    game's rule, which its declaration cites for phase 3); of the books this game plays."""
    kind = action.get("type") if isinstance(action, dict) else None
    decl = engine.spec.actions.get(kind) if isinstance(kind, str) else None
    if decl is None:
        return []
    own = [c for c in decl.cites if c not in engine.spec.dropped_paragraphs]
    if state is not None:
        try:
            _, player, values = engine.decode(state, action)
            locals_ = {decl.actor: player, **values}
            own = [*(granted(engine, state, decl.name, locals_) or own),
                   *dropped_for(engine, state, decl.name, locals_)]
        except BohnspecError:
            pass
    return in_play(engine.spec, list(dict.fromkeys(own)))


def _raisers(frames: tuple, action: Any) -> list:
    """The declaration that raised an event and the one that ran it, unless that is the action
    itself (whose paragraphs close the list)."""
    cited = [f for f in reversed(frames) if getattr(f, "cites", None)]
    return cited[:1] + [f for f in cited[1:2] if f is not action]


def _cards_named(spec: Spec, event: dict) -> list:
    """The declarations of the cards an event names, and of the bean varieties it names when
    it counts something (a harvest's coins come from the variety's Beanometer; the bean a draw
    names owes nothing to it: round 84's engine authors were sent to the Beanometers by a
    `drew` they misspelt)."""
    counts = any(type(v) is int for v in event.values())
    out = []
    for value in event.values():
        if isinstance(value, str):
            card = (spec.varieties.get(value) if counts else None) or spec.cards.get(value)
            if card is not None:
                out.append(card)
    return out
