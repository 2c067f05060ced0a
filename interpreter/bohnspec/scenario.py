"""Read and validate conformance scenarios: YAML (safe loader) -> checked Scenario objects."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from . import paths
from .board import BoardError
from .errors import ScenarioError, SetupError
from .interpret import Engine
from .state import Player, State, expand_cards


@dataclass
class Step:
    action: dict | None
    expect: dict
    note: str = ""


@dataclass
class Scenario:
    id: str
    title: str
    cites: list[str]
    modules: list[str]
    path: str
    steps: list[Step]
    state: dict | None = None
    setup: dict | None = None
    raw: dict = field(default_factory=dict)


@functools.lru_cache(maxsize=None)
def _schema(name: str) -> dict:
    return json.loads((paths.SCHEMAS / name).read_text(encoding="utf-8"))


@functools.lru_cache(maxsize=None)
def validator(name: str = "scenario.schema.json") -> Draft202012Validator:
    resources = []
    for n in ("state.schema.json", "action.schema.json", "scenario.schema.json",
              "protocol.schema.json", "report.schema.json"):
        if (paths.SCHEMAS / n).is_file():
            resources.append((n, Resource.from_contents(_schema(n))))
            resources.append((_schema(n)["$id"], Resource.from_contents(_schema(n))))
    registry = Registry().with_resources(resources)
    return Draft202012Validator(_schema(name), registry=registry)


def json_path(parts) -> str:
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "(top level)"


def schema_errors(data: Any, schema: str = "scenario.schema.json") -> list[tuple[str, str]]:
    """(path, message) of every schema violation, most specific first."""
    errors = sorted(validator(schema).iter_errors(data), key=lambda e: (list(e.absolute_path), e.message))
    out = []
    for e in errors:
        best = e
        # A oneOf/anyOf failure is clearer through the sub-error that went deepest.
        while best.context:
            best = max(best.context, key=lambda c: len(c.absolute_path))
        out.append((json_path(best.absolute_path), best.message))
    return out


def scenario_files(paths_or_dirs) -> list[Path]:
    files: list[Path] = []
    for p in paths_or_dirs:
        p = Path(p)
        if p.is_dir():
            files.extend(sorted(p.rglob("*.yaml")) + sorted(p.rglob("*.yml")))
        elif p.is_file():
            files.append(p)
        else:
            raise ScenarioError(str(p), "", "no such file or folder")
    return sorted(set(files))


def load(path: Path, root: Path | None = None) -> Scenario:
    """Read one scenario file; raise ScenarioError with the path of the bad field."""
    name = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(name, "", f"cannot read: {exc}") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise ScenarioError(name, where, f"not valid YAML: {problem}") from None
    errors = schema_errors(data)
    if errors:
        path_, message = errors[0]
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise ScenarioError(name, path_, message + more)
    _check_space_ids(name, data)
    root = root or paths.SCENARIOS
    try:
        expected_id = path.resolve().relative_to(root.resolve()).with_suffix("").as_posix()
    except ValueError:
        expected_id = None
    if expected_id is not None and data["id"] != expected_id:
        raise ScenarioError(name, "id", f"the id {data['id']!r} does not match the file's place "
                                        f"({expected_id!r}); rename one of them")
    steps = [Step(s.get("do"), s.get("expect") or {}, s.get("note", "")) for s in data["steps"]]
    return Scenario(data["id"], data["title"], data["cites"], data["modules"], name, steps,
                    data.get("state"), data.get("setup"), data)


def _check_space_ids(name: str, data: dict) -> None:
    """Space ids are strings. YAML reads an unquoted 06 or 10 as a number, which no space is
    named: say so where it happens, in the state and in each step's expected state."""
    places = [("state.spaces", (data.get("state") or {}).get("spaces"))]
    for n, step in enumerate(data.get("steps") or []):
        expected = ((step or {}).get("expect") or {}).get("state")
        if isinstance(expected, dict):
            places.append((f"steps[{n}].expect.state.spaces", expected.get("spaces")))
    for where, spaces in places:
        for sid in spaces if isinstance(spaces, dict) else ():
            if not isinstance(sid, str):
                shown = f"{sid:02d}" if isinstance(sid, int) and not isinstance(sid, bool) else str(sid)
                raise ScenarioError(name, f"{where}.{sid}", f"space ids are strings, and YAML reads an unquoted {shown} "
                                                          f"as a number: write \"{shown}\" in quotes")


# ------------------------------------------------------------ building the starting state

def build_state(engine: Engine, sc: Scenario) -> tuple[State, list[dict]]:
    """The scenario's starting state, with defaults filled in, checked against the spec."""
    try:
        if sc.setup is not None:
            return _from_setup(engine, sc)
        return state_from_data(engine, sc.state, sc.modules, validate=False), []
    except ScenarioError as exc:
        raise ScenarioError(sc.path, exc.path, exc.message) from None


_SETUP_KEYS = ("players", "deck", "beans", "options", "board")


def _from_setup(engine: Engine, sc: Scenario):
    setup = sc.setup
    options = dict(setup.get("options") or {})
    if "beans" in setup:
        options["beans"] = setup["beans"]
    return new_game(engine, setup["players"], setup["deck"], options, setup_zones(setup), sc.modules,
                    setup.get("board"))


def setup_zones(setup: dict) -> dict:
    """The shuffled contents of the other decks a setup gives (the vine deck, the landscape
    cards): every key that is not one of the setup's own."""
    return {k: expand_cards(v) if isinstance(v, list) else v for k, v in setup.items() if k not in _SETUP_KEYS}


def new_game(engine: Engine, names, deck, options: dict, zones: dict, modules, board=None):
    """A new game from an explicit deck order, after checking that it can be one: distinct
    player names, known option values, exactly the cards in play in each deck, and a map
    (declared or inline) for a game played on one."""
    if not isinstance(names, list) or not names or not all(isinstance(n, str) and n for n in names):
        raise ScenarioError("", "setup.players", "give the players as a list of names")
    _check_unique(names, "setup.players")
    problem = engine.player_count_problem(len(names))
    if problem is not None:
        raise ScenarioError("", "setup.players", str(problem))
    for key, value in options.items():
        option = engine.spec.options.get(key)
        if option is None:
            raise ScenarioError("", f"setup.options.{key}", f"unknown option{_hint(key, engine.spec.options)}")
        if value not in option.values:
            raise ScenarioError("", f"setup.options.{key}", f"{value!r} is not one of {', '.join(option.values)}")
    deck = expand_cards(deck if isinstance(deck, list) else [])
    box = engine.box(options)
    if sorted(map(str, deck)) != sorted(box):
        missing = _multiset_diff(box, deck)
        extra = _multiset_diff(deck, box)
        raise ScenarioError("", "setup.deck",
                            f"the deck must hold exactly the {len(box)} cards in play "
                            f"(missing: {missing or 'none'}; extra: {extra or 'none'})")
    checked = {}
    decks = [z for z, d in engine.spec.zones.items() if d.kind == "deck" and not d.per_player and d.cards != "beans"]
    for name, cards in (zones or {}).items():
        cards = expand_cards(cards if isinstance(cards, list) else [])
        zone = engine.spec.zones.get(name)
        if name not in decks:
            raise ScenarioError("", f"setup.{name}", f"unknown setup key{_hint(name, [*_SETUP_KEYS, *decks])}; "
                                                     "a setup gives the players, the deck, options, a board "
                                                     f"and the shuffled decks {', '.join(decks) or '(none)'}")
        box = engine.box(options, zone.cards)
        if sorted(map(str, cards)) != sorted(box):
            raise ScenarioError("", f"setup.{name}", f"{name} must hold exactly the {len(box)} {zone.cards} cards in play "
                                f"(missing: {_multiset_diff(box, cards) or 'none'}; "
                                f"extra: {_multiset_diff(cards, box) or 'none'})")
        checked[name] = cards
    missing = [z for z in decks if z not in checked and engine.box(options, engine.spec.zones[z].cards)
               and engine.spec.zones[z].cards != "vines"]
    if missing:
        raise ScenarioError("", f"setup.{missing[0]}", f"give the shuffled {missing[0]} (top first)")
    layout = None
    if board is not None:
        if isinstance(board, str):
            if board not in engine.spec.boards:
                raise ScenarioError("", "setup.board", f"unknown board {board!r}{_hint(board, engine.spec.boards)}")
            problem = _not_laid(engine, board, len(names), options)
            if problem:
                raise ScenarioError("", "setup.board", problem)
            layout = engine.layout(board)
        else:
            try:
                layout = engine.inline_layout(board)
            except BoardError as exc:
                raise ScenarioError("", "setup.board", str(exc)) from None
    elif engine.spec.boards and engine.choose_board(len(names), options) is None:
        raise ScenarioError("", "setup.board", f"no declared board is laid for {len(names)} players with these options")
    try:
        return engine.new_game(names, deck, options, modules=modules, zones=checked, board=layout)
    except SetupError as exc:
        raise ScenarioError("", "setup", f"refused [{exc.rule}]: {exc}") from None


def _not_laid(engine: Engine, name: str, count: int, options: dict) -> str:
    """Why a new game at this table with these options is not played on a declared board
    (empty if it is): a setup lays the board the rules lay, or a map given inline."""
    decl = engine.spec.boards[name]
    if decl.players is not None and decl.players != count:
        return f"board {name!r} is laid for {decl.players} players, not {count}"
    when = engine._board_when.get(name)
    if when is not None:
        from .interpret import Env
        from .unparse import unparse
        probe = State(players=[], starting_player="", active="", phase="", options=dict(options or {}))
        if not when(Env(engine, probe)):
            other = engine.choose_board(count, options)
            return (f"board {name!r} is laid only when {unparse(decl.when)}, which these options do not say"
                    + (f" (they lay {other.name!r})" if other is not None else ""))
    return ""


def _multiset_diff(a, b):
    from collections import Counter
    d = Counter(a) - Counter(b)
    return ", ".join(f"{k}*{v}" for k, v in sorted(d.items()))


def _check_unique(names, where):
    seen = set()
    for i, n in enumerate(names):
        if n in seen:
            raise ScenarioError("", f"{where}[{i}]", f"the player name {n!r} appears twice")
        seen.add(n)


def state_from_data(engine: Engine, data: dict, modules=("base",), validate: bool = True) -> State:
    """Build a State from scenario/protocol data; omitted parts take the documented defaults.

    `validate=False` skips the JSON Schema check, for data already validated (a loaded
    scenario) or built by bohnspec itself; the checks against the spec still run."""
    spec = engine.spec
    # The full schema check is slow; a state of the right shape needs only the spec's checks
    # below, and one of the wrong shape gets the schema's message with the path of the field.
    errors = schema_errors(data, "state.schema.json") if validate and not _shape_ok(data) else []
    if errors:
        raise ScenarioError("", "state." + errors[0][0].lstrip("."), errors[0][1])
    names = [p["name"] for p in data["players"]]
    _check_unique(names, "state.players")
    problem = engine.player_count_problem(len(names))
    if problem is not None:
        raise ScenarioError("", "state.players", str(problem))
    board = _board_of(engine, data, len(names))
    state = engine.blank_state(names, data.get("starting_player", names[0]),
                               data.get("options"), modules=data.get("modules", modules), board=board)
    kinds = {z.cards: set(spec.kinds_of(z.cards)) for z in spec.zones.values()}

    def cards(value, where, kind="beans"):
        out = expand_cards(value)
        known = kinds.get(kind, set())
        for i, c in enumerate(out):
            if c not in known:
                what = {"beans": "bean", "vines": "vine"}.get(kind, kind)  # a category is named in the singular
                raise ScenarioError("", where, f"unknown {what} card {c!r}{_hint(c, known)}")
        return out

    fields_default = None
    for i, pdata in enumerate(data["players"]):
        player: Player = state.players[i]
        for key, value in pdata.items():
            where = f"state.players[{i}].{key}"
            if key == "name":
                continue
            if key == "vars":
                for k, v in value.items():
                    if k not in spec.vars or not spec.vars[k].per_player:
                        raise ScenarioError("", f"{where}.{k}", f"unknown player variable{_hint(k, spec.vars)}")
                    player.vars[k] = v
                continue
            zone = spec.zones.get(key)
            if zone is None or not zone.per_player:
                allowed = [z for z, d in spec.zones.items() if d.per_player] + ["vars"]
                raise ScenarioError("", where, f"unknown player key{_hint(key, allowed)}")
            if zone.kind == "fields":
                player.zones[key] = [cards(f, f"{where}[{j}]", zone.cards) for j, f in enumerate(value)]
            else:
                player.zones[key] = cards(value, where, zone.cards)
        if engine.fields_zone not in pdata:
            if fields_default is None:
                fields_default = engine.define_value(state, "fields_per_player") \
                    if "fields_per_player" in spec.defines else 0
            player.zones[engine.fields_zone] = [[] for _ in range(fields_default)]
    for key in ("starting_player", "active"):
        if key in data and data[key] not in names:
            raise ScenarioError("", f"state.{key}", f"{data[key]!r} is not at the table{_hint(data[key], names)}")
    state.active = data.get("active", state.starting_player)
    if "phase" in data:
        if data["phase"] not in spec.phases:
            raise ScenarioError("", "state.phase", f"unknown phase {data['phase']!r}{_hint(data['phase'], spec.phases)}")
        state.phase = data["phase"]
    if state.board is not None:
        _fill_spaces(engine, state, data.get("spaces") or {})
    elif "spaces" in data:
        raise ScenarioError("", "state.spaces", "this game has no board: spaces belong to games played on a map")
    for key, value in data.items():
        if key in ("players", "starting_player", "active", "phase", "modules", "options", "board", "spaces"):
            continue
        where = f"state.{key}"
        if key == "vars":
            for k, v in value.items():
                if k not in spec.vars or spec.vars[k].per_player:
                    raise ScenarioError("", f"{where}.{k}", f"unknown game variable{_hint(k, spec.vars)}")
                state.vars[k] = v
        elif key == "shuffles":
            state.shuffles = [cards(s, f"{where}[{j}]") for j, s in enumerate(value)]
        elif key == "over":
            state.over = bool(value)
        elif key == "winners":
            state.winners = list(value)
        else:
            zone = spec.zones.get(key)
            if zone is None or zone.per_player:
                allowed = [z for z, d in spec.zones.items() if not d.per_player] + [
                    "players", "starting_player", "active", "phase", "vars", "shuffles", "over", "winners"]
                raise ScenarioError("", where, f"unknown state key{_hint(key, allowed)}")
            state.zones[key] = cards(value, where, zone.cards)
    return state


def _board_of(engine: Engine, data: dict, count: int):
    """The map a state is played on: a declared board named by `board`, a map given inline, or
    (for a game with boards) the board declared for this table and its options."""
    spec = engine.spec
    given = data.get("board")
    if given is None:
        if not spec.boards:
            return None
        chosen = engine.choose_board(count, data.get("options"))
        if chosen is None:
            raise ScenarioError("", "state.board", f"no declared board is laid for {count} players with these "
                                                   f"options; name one ({', '.join(spec.boards)}) or give a map")
        return chosen
    if not spec.boards and not any(v.per_space for v in spec.vars.values()):
        raise ScenarioError("", "state.board", "the modules of this state play on no map")
    if isinstance(given, str):
        if given not in spec.boards:
            raise ScenarioError("", "state.board", f"unknown board {given!r}{_hint(given, spec.boards)}")
        return engine.layout(given)
    try:
        return engine.inline_layout(given)
    except BoardError as exc:
        raise ScenarioError("", "state.board", str(exc)) from None


def _fill_spaces(engine: Engine, state: State, spaces) -> None:
    """Lay the cards and set the variables a state gives per space; every space must end up
    with a card (a space the board deals has none until the state says which)."""
    spec = engine.spec
    board = state.board
    if not isinstance(spaces, dict):
        raise ScenarioError("", "state.spaces", "give the spaces as a map from space id to its card and variables")
    for sid, values in spaces.items():
        where = f"state.spaces.{sid}"
        if not isinstance(sid, str):
            raise ScenarioError("", where, f"space ids are strings: write \"{sid:02d}\" in quotes"
                                if isinstance(sid, int) else "space ids are strings")
        if sid not in board:
            raise ScenarioError("", where, f"the board has no space {sid!r}{_space_hint(sid, board)}")
        if not isinstance(values, dict):
            raise ScenarioError("", where, "a space is an object: {card: ..., owner: ...}")
        for key, value in values.items():
            if key == "card":
                if value is None:
                    state.space_cards[sid] = []
                    continue
                if not isinstance(value, str) or value not in spec.cards:
                    raise ScenarioError("", f"{where}.card", f"unknown card {value!r}{_hint(str(value), spec.cards)}")
                state.space_cards[sid] = [value]
                continue
            var = spec.vars.get(key)
            if var is None or not var.per_space:
                allowed = ["card", *(v for v, d in spec.vars.items() if d.per_space)]
                raise ScenarioError("", f"{where}.{key}", f"unknown space variable {key!r}"
                                    + (_hint(key, allowed) or f" (a space has {', '.join(allowed)})"))
            if var.type == "player" and value is not None and value not in state.names():
                raise ScenarioError("", f"{where}.{key}", f"{value!r} is not at the table{_hint(str(value), state.names())}")
            state.space_vars[sid][key] = value
    empty = [sid for sid in board.ids if not state.space_cards[sid]]
    if empty:
        which = "the board" if board.source is not None else f"board {board.name!r}"
        raise ScenarioError("", "state.spaces", f"no card lies on space(s) {', '.join(empty)}: {which} deals "
                                                "them at setup, so the state must say which card lies there "
                                                "({card: ...} under spaces)")


def _space_hint(sid: str, board) -> str:
    """Did-you-mean for a space id: a number of a numbered space written without its leading
    zero ("6" for "06"), else the closest id, else the range of a numbered board."""
    if sid.isdigit() and f"{int(sid):02d}" in board:
        return f" (did you mean '{int(sid):02d}'?)"
    hint = _hint(sid, board.ids)
    if not hint and board.ids and all(s.isdigit() for s in board.ids):
        hint = f" (its spaces are {board.ids[0]} to {board.ids[-1]})"
    return hint


def _strings(x) -> bool:
    return isinstance(x, list) and all(isinstance(c, str) for c in x)


def _value_ok(v) -> bool:
    return v is None or isinstance(v, (int, str)) or _strings(v)


def _zone_ok(key, v) -> bool:
    if key == "fields":
        return isinstance(v, list) and all(_strings(f) for f in v)
    return _strings(v)


def _shape_ok(data) -> bool:
    """Whether data has the types the state schema asks for (names and cards are then
    checked against the spec)."""
    if not isinstance(data, dict) or not isinstance(data.get("players"), list) or not data["players"]:
        return False
    for key, v in data.items():
        if key == "players":
            for p in v:
                if not isinstance(p, dict) or not isinstance(p.get("name"), str) or not p["name"]:
                    return False
                for k, z in p.items():
                    if k == "vars":
                        if not isinstance(z, dict) or not all(_value_ok(x) for x in z.values()):
                            return False
                    elif k != "name" and not _zone_ok(k, z):
                        return False
        elif key in ("starting_player", "active", "phase"):
            if not isinstance(v, str):
                return False
        elif key == "modules" or key == "winners":
            if not _strings(v):
                return False
        elif key == "options":
            if not isinstance(v, dict) or not all(isinstance(x, str) for x in v.values()):
                return False
        elif key == "vars":
            if not isinstance(v, dict) or not all(_value_ok(x) for x in v.values()):
                return False
        elif key == "shuffles":
            if not isinstance(v, list) or not all(_strings(s) for s in v):
                return False
        elif key == "over":
            if not isinstance(v, bool):
                return False
        elif key == "board":
            if not isinstance(v, (str, dict)):
                return False
        elif key == "spaces":
            if not isinstance(v, dict) or not all(isinstance(x, dict) and all(_value_ok(y) for y in x.values())
                                                  for x in v.values()):
                return False
        elif not _zone_ok(key, v):
            return False
    return True


def _hint(name, choices) -> str:
    import difflib
    close = difflib.get_close_matches(str(name), list(choices), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""
