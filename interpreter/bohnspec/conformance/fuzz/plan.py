"""Planning a game with the reference alone: the engine's claims, the module sets and tables
(players, options) it can be played at, and a seeded random game of legal actions with probes
(well-formed actions the reference refuses) among them, its reshuffles recorded into the
starting state's `shuffles` queue so that no randomness crosses the wire."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ...errors import BohnspecError
from ...execution import play
from ...execution.interpret import Engine, engine_for
from ...execution.state import State
from ...language import board as B
from ...language.model import Board, Module, Ruling
from ...language.spec import display_name, module_closure, parse_files, parts_of, spec_files
from .trial import JSON, Claims, Trial

PLAYER_NAMES = ["Nina", "Timon", "Keno", "Eiko", "Lale", "Mira"]
# How often a probe (an action the reference refuses) comes before the agent's action, and how
# many candidates are tried to find one.
PROBE_RATE = 0.3
PROBE_TRIES = 6
# How often a probe is drawn among the actions whose timing allows them.
TIMELY_PROBES = 0.7
# How many tables are tried when a module's options allow more.
MAX_TABLES = 240

# A table: (players, option values).
Table = tuple[int, dict[str, str]]


def claims_of(adapter: object) -> Claims:
    """What the adapter's engine claims (its `capabilities`, after the handshake)."""
    caps = getattr(adapter, "capabilities", None) or {}
    # `options` and `internal_state` are version-2 claims: a version-1 engine is read without them.
    second = getattr(adapter, "version", 2) >= 2
    options = caps.get("options") if second else None
    return {"modules": list(caps.get("modules") or []), "rule_ids": caps.get("rule_ids") is True,
            "events": caps.get("events") is True, "internal_state": second and caps.get("internal_state") is True,
            "options": options if isinstance(options, dict) else None,
            "legal_actions": caps.get("legal_actions") is True and callable(getattr(adapter, "legal", None))}


def module_sets(claimed: list[str], wanted: list[str] | None,
                rules: Sequence[str] = ()) -> tuple[list[list[str]], dict[str, str]]:
    """The module sets to play: each claimed module with the modules it requires, when the
    engine claims those too (and the user asked for it), except the shared parts of other
    modules (parts_of). `rules`: files of modules of one's own, known besides spec/'s.
    Returns (sets, module -> why not)."""
    files = parse_files([*spec_files(), *rules])
    parts = parts_of(files)
    sets: list[list[str]] = []
    skipped: dict[str, str] = {}
    seen: set[tuple[str, ...]] = set()
    for m in sorted(wanted if wanted is not None else claimed):
        if m not in claimed:
            skipped[m] = "the engine does not claim it"
            continue
        if m in parts:
            skipped[m] = (f"a part of {', '.join(parts[m])}, played with them, not a game of its own "
                          "(it declares no players, setup or board)")
            continue
        closure = sorted(module_closure(files, [m]))
        # A shared part (war) comes with the game that requires it, claimed or not, as in conform.
        missing = sorted(set(closure) - set(claimed) - set(parts))
        if missing:
            skipped[m] = f"it needs {', '.join(missing)}, which the engine does not claim"
            continue
        if tuple(closure) not in seen:
            seen.add(tuple(closure))
            sets.append(closure)
    return sets, skipped


@dataclass(frozen=True)
class Maps:
    """A rules file of boards (`bohnspec fuzz --maps FILE`): games of the modules its own
    modules require are set up on its maps, which the engine is sent inline, so that it needs
    to know nothing of the file (examples/bohnaparte/reference-maps.bohn: Bohnaparte at four to
    six players, and mixed games on those maps)."""

    path: str
    modules: tuple[tuple[str, frozenset[str]], ...]  # the modules it declares, each with what it requires
    boards: frozenset[str]

    def added_to(self, modules: list[str]) -> list[str]:
        """The file's modules that games of these modules are played with: those whose
        requirements these modules (and the file's modules already added) meet."""
        have, added = set(modules), []
        grew = True
        while grew:
            grew = False
            for name, requires in self.modules:
                if name not in have and requires <= have:
                    have.add(name)
                    added.append(name)
                    grew = True
        return added


def read_maps(path: str) -> Maps:
    """The maps of a rules file that declares modules with boards and rulings only: anything
    else (a card, an action) is a rule the engine could not be sent, a BohnspecError that
    names it."""
    decls = parse_files([path])[0].decls
    where = display_name(Path(path))
    for d in decls:
        if not isinstance(d, (Module, Board, Ruling)):
            what = type(d).__name__.lower()
            raise BohnspecError(f"--maps: {where} declares the {what} {d.name!r} ({d.loc}): the engine under test is "
                                "sent the maps inline and knows nothing else of the file, so a file of maps "
                                "declares modules, boards and rulings only")
    modules = tuple((d.name, frozenset(d.requires)) for d in decls if isinstance(d, Module))
    boards = frozenset(d.name for d in decls if isinstance(d, Board))
    if not modules or not boards:
        raise BohnspecError(f"--maps: {where} declares no {'module' if not modules else 'board'}; a file of maps "
                            "declares a module (`module NAME requires GAME`) and its boards")
    return Maps(str(path), modules, boards)


def setup_engine(modules: list[str], maps: Maps | None = None, rules: Sequence[str] = ()) -> Engine:
    """The engine that sets up (and plays) games of these modules (with the `rules` files of
    one's own modules): with the maps' boards when they are for these modules."""
    added = maps.added_to(modules) if maps is not None else []
    if maps is not None and added:
        return engine_for([*modules, *added], [*rules, maps.path])
    return engine_for(modules, rules)


def sent_inline(state: JSON, modules: list[str], maps: Maps | None, rules: Sequence[str] = ()) -> JSON:
    """A starting state set up with the maps as the engine is sent it: its modules those the
    engine claims (a game on a board of the rulebooks too), and a board of the maps inline (the
    engine knows only the boards of the rulebooks)."""
    if maps is None or not maps.added_to(modules):
        return state
    out = {**state, "modules": list(modules)}
    if state.get("board") in maps.boards:
        out["board"] = B.to_json(setup_engine(modules, maps, rules).spec.boards[state["board"]])
    return out


_TABLES: dict[tuple[tuple[str, ...], int | None, str, str | None, tuple[str, ...]], list[Table]] = {}


def tables(modules: list[str], players: int | None, claims: Claims, maps: Maps | None = None,
           rules: Sequence[str] = ()) -> list[Table]:
    """Every table (players, options) a game of these modules can be set up for, among the
    option values the engine claims (at most MAX_TABLES of them, a seeded sample); with
    `maps`, on their boards too."""
    key = (tuple(modules), players, json.dumps(claims.get("options"), sort_keys=True),
           maps.path if maps is not None and maps.added_to(modules) else None, tuple(rules))
    if key not in _TABLES:
        _TABLES[key] = _tables(modules, players, claims, maps, rules)
    return _TABLES[key]


def _tables(modules: list[str], players: int | None, claims: Claims, maps: Maps | None,
            rules: Sequence[str]) -> list[Table]:
    engine = setup_engine(modules, maps, rules)
    rule = engine.spec.players
    low, high = (rule.least, rule.most) if rule is not None else (3, 5)
    counts = [players] if players is not None else list(range(low, min(high, len(PLAYER_NAMES)) + 1))
    claimed = claims.get("options") or {}
    names: list[str] = []
    values: list[list[str]] = []
    for name, option in engine.spec.options.items():
        allowed = list(option.values)
        if isinstance(claimed.get(name), list):
            allowed = [v for v in allowed if v in claimed[name]]
        names.append(name)
        values.append(allowed)
    combos = [(n, dict(zip(names, vs))) for n in counts for vs in itertools.product(*values)]
    if len(combos) > MAX_TABLES:
        combos = random.Random(0).sample(combos, MAX_TABLES)
    out: list[Table] = []
    for n, options in combos:
        if n > len(PLAYER_NAMES) or engine.player_count_problem(n) is not None:
            continue
        try:
            play.new_random_game(engine, PLAYER_NAMES[:n], random.Random(0), options)
        except BohnspecError:
            continue
        out.append((n, options))
    return out


def game_rng(seed: int, game: int) -> random.Random:
    """The random source of one game of a campaign: the same seed plays the same games."""
    return random.Random(f"bohnspec-fuzz/{seed}/{game}")


def plan_game(modules: list[str], players: int | None, claims: Claims, rng: random.Random,
              max_actions: int, maps: Maps | None = None, rules: Sequence[str] = ()) -> tuple[Trial, list[int]]:
    """A random game of these modules at a random table, played by the reference alone:
    (trial, the indices of its probes). With `maps`, set up on their boards (its starting
    state gives the map inline: the game needs them no more).

    Raises BohnspecError when no table can be set up (the module's player counts or options
    do not allow one)."""
    engine = setup_engine(modules, maps, rules)
    choices = tables(modules, players, claims, maps, rules)
    if not choices:
        raise BohnspecError(f"cannot set up a game of {', '.join(modules)}"
                            + (f" with {players} player{'' if players == 1 else 's'}" if players is not None else "")
                            + " (see the module's players and options)")
    n, options = rng.choice(choices)
    shuffles: list[list[str]] = []

    def shuffler(cards: list[str]) -> list[str]:
        order = rng.sample(cards, len(cards))
        shuffles.append(list(order))
        return order
    state, _ = play.new_random_game(engine, PLAYER_NAMES[:n], rng, options)
    start = state.to_json()
    actions: list[JSON] = []
    probes: list[int] = []  # the indices of the probes among the actions
    while not state.over and len(actions) < max_actions:
        if rng.random() < PROBE_RATE:
            probe = _probe(engine, state, rng)
            if probe is not None:
                actions.append(probe)
                probes.append(len(actions) - 1)
        action = play.choose_action(engine, state, rng)
        if action is None:
            break
        state = _apply(engine, state, action, shuffler)
        actions.append(action)
    start["shuffles"] = shuffles + list(start.get("shuffles") or [])
    laid = start.get("board") if maps is not None and start.get("board") in maps.boards else None
    return Trial(list(modules), sent_inline(start, modules, maps, rules), actions, ended=state.over,
                 rules=tuple(rules), on_map=laid), probes


def _apply(engine: Engine, state: State, action: JSON, shuffler: Callable[[list[str]], list[str]]) -> State:
    """Apply an action in place, with random play's order for a reshuffle."""
    return engine.apply(state, action, in_place=True, shuffler=shuffler).state


def _probe(engine: Engine, state: State, rng: random.Random) -> JSON | None:
    """A well-formed action the reference refuses now (the state stays as it is), or None."""
    candidates = play.candidate_actions(engine, state, rng)
    if rng.random() < TIMELY_PROBES:
        # Mostly actions whose timing allows them, refused by what they name: the rules that
        # tell one card or field from another, not only whose turn it is.
        timely = [a for a in candidates if engine.timing(state, a["type"], a["player"]) is None]
        candidates = timely or candidates
    for action in rng.sample(candidates, min(PROBE_TRIES, len(candidates))):
        try:
            if engine.check(state, action) is not None:
                return action
        except BohnspecError:
            continue
    return None
