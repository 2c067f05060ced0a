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
from .errors import ScenarioError
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


# ------------------------------------------------------------ building the starting state

def build_state(engine: Engine, sc: Scenario) -> tuple[State, list[dict]]:
    """The scenario's starting state, with defaults filled in, checked against the spec."""
    try:
        if sc.setup is not None:
            return _from_setup(engine, sc)
        return state_from_data(engine, sc.state, sc.modules, validate=False), []
    except ScenarioError as exc:
        raise ScenarioError(sc.path, exc.path, exc.message) from None


def _from_setup(engine: Engine, sc: Scenario):
    setup = sc.setup
    options = dict(setup.get("options") or {})
    if "beans" in setup:
        options["beans"] = setup["beans"]
    zones = {"vine_deck": setup["vine_deck"]} if "vine_deck" in setup else {}
    return new_game(engine, setup["players"], setup["deck"], options, zones, sc.modules)


def setup_zones(setup: dict) -> dict:
    """The shuffled contents of other zones a setup names (the vine deck)."""
    return {"vine_deck": expand_cards(setup["vine_deck"])} if "vine_deck" in setup else {}


def new_game(engine: Engine, names, deck, options: dict, zones: dict, modules):
    """A new game from an explicit deck order, after checking that it can be one: distinct
    player names, known option values, and exactly the cards in play."""
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
    for name, cards in (zones or {}).items():
        cards = expand_cards(cards if isinstance(cards, list) else [])
        if name != "vine_deck" or name not in engine.spec.zones:
            raise ScenarioError("", f"setup.{name}", "unknown setup zone (only vine_deck is dealt from)")
        if sorted(map(str, cards)) != sorted(engine.vine_box()):
            raise ScenarioError("", "setup.vine_deck", "the vine deck must hold every vine card once: "
                                f"{', '.join(engine.vine_box())}")
        checked[name] = cards
    return engine.new_game(names, deck, options, modules=modules, zones=checked)


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
    state = engine.blank_state(names, data.get("starting_player", names[0]),
                               data.get("options"), modules=data.get("modules", modules))
    kinds = {"beans": set(spec.varieties), "vines": set(spec.vines)}

    def cards(value, where, kind="beans"):
        out = expand_cards(value)
        known = kinds.get(kind, set())
        for i, c in enumerate(out):
            if c not in known:
                raise ScenarioError("", where, f"unknown {kind[:-1]} card {c!r}{_hint(c, known)}")
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
    for key, value in data.items():
        if key in ("players", "starting_player", "active", "phase", "modules", "options"):
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
        elif not _zone_ok(key, v):
            return False
    return True


def _hint(name, choices) -> str:
    import difflib
    close = difflib.get_close_matches(str(name), list(choices), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""
