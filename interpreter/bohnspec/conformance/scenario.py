"""Read and validate conformance scenarios: YAML (safe loader) -> checked Scenario objects."""

from __future__ import annotations

import difflib
import functools
import json
from collections import Counter
from itertools import chain
import re
import hashlib
import marshal
import os
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, NoReturn

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from .. import cache, paths
from .. import userfile
from ..userfile import json_path
from ..language.board import BoardError
from ..language.model import STATE_KEYS, Board, Node, Option, Phase, Var, Zone
from ..language.spec import build, defines_read, games_of, modules_declaring, seating_hint
from ..language.paragraphs import index as paragraph_index
from ..language.unparse import show, unparse
from ..errors import (BohnspecError, EvaluationLimitError, MissingAttributeError, ScenarioError, SetupError,
                      SpecRuntimeError)
from ..errors import suggest as _hint
from ..execution.interpret import STEP_BUDGET, Engine, Env
from ..execution.state import Player, State, expand_cards

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError

    from ..language.board import Layout
    from ..language.spec import Spec


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
    # The composed YAML (None for a scenario built in memory): where each field stands.
    doc: Any = field(default=None, repr=False, compare=False)
    # A scenario whose setup the rules refuse: the paragraph ids any of which may be cited
    # (None: a scenario that plays steps).
    refused: list[str] | None = None
    # A digest of the file's text (None for a scenario built in memory): what
    # conformance/checked.py keeps of a scenario found to fit the rules.
    digest: bytes | None = field(default=None, repr=False, compare=False)

    def locate(self, path: str) -> tuple[int, int] | None:
        """(line, column) of a field of the scenario, e.g. `steps[1].do`."""
        return self.doc.locate(path) if self.doc is not None else None

    def place(self, path: str) -> str:
        """`file:line:column: ` of a field of this scenario (`file: ` when it cannot be found),
        to begin a message about it."""
        where = self.locate(path)
        return f"{self.path}:{where[0]}:{where[1]}: " if where else f"{self.path}: "

    def error(self, path: str, message: str) -> ScenarioError:
        """A ScenarioError about a field of this scenario, with its line and column."""
        where = self.locate(path) or (None, None)
        return ScenarioError(self.path, path, message, *where)


@functools.cache
def _schema(name: str) -> dict:
    return json.loads((paths.SCHEMAS / name).read_text(encoding="utf-8"))


@functools.cache
def validator(name: str = "scenario.schema.json") -> Draft202012Validator:
    resources = []
    for n in ("state.schema.json", "action.schema.json", "scenario.schema.json",
              "protocol.schema.json", "report.schema.json"):
        if (paths.SCHEMAS / n).is_file():
            resources.append((n, Resource.from_contents(_schema(n))))
            resources.append((_schema(n)["$id"], Resource.from_contents(_schema(n))))
    registry = Registry().with_resources(resources)
    return Draft202012Validator(_schema(name), registry=registry)


def schema_errors(data: Any, schema: str = "scenario.schema.json") -> list[tuple[str, str]]:
    """(path, message) of every schema violation, most specific first, in jsonschema's words
    (for checking bohnspec's own output; a writer gets `schema_problems`)."""
    errors = sorted(validator(schema).iter_errors(data), key=lambda e: (list(e.absolute_path), e.message))
    out = []
    for e in errors:
        best = _deepest(e)
        out.append((json_path(best.absolute_path), best.message))
    return out


def _deepest(e):
    # A oneOf/anyOf failure is clearer through the sub-error that went deepest.
    while e.context:
        e = max(e.context, key=lambda c: len(c.absolute_path))
    return e


@dataclass
class Problem:
    """One schema violation in a writer's terms: the path of the field, what to do, and (for
    an unexpected key) the key itself, where the location points."""

    parts: list
    message: str
    key: str | None = None

    @property
    def path(self) -> str:
        return json_path(self.parts)


def schema_problems(data: Any, schema: str = "scenario.schema.json") -> list[Problem]:
    """Every schema violation, most specific first, told as what to do."""
    errors = sorted(validator(schema).iter_errors(data), key=lambda e: (list(e.absolute_path), e.message))
    return [_explain(e, data) for e in errors]


_JSON_TYPES = {"string": "text", "integer": "a whole number", "number": "a number", "array": "a list",
          "object": "a mapping (key: value)", "boolean": "true or false", "null": "nothing (null)"}

_PATTERNS = {
    "^[a-z0-9][a-z0-9_-]*(/[a-z0-9][a-z0-9_.-]*)+$":
        "an id is two or more lowercase parts joined by '/', a folder first and the file's name last "
        "(base/harvest/fire-harvest-01): in the corpus, its path below conformance/scenarios/; a file of "
        "your own names a folder too (base/mine/fire-harvest-01)",
    "^[a-z][a-z0-9_-]*(/[a-z0-9_-]+)+$":
        "write a rulebook paragraph id such as bohnanza/harvest/1, or ruling/NAME",
    "^[a-z_][a-z0-9_]*(\\*[1-9][0-9]{0,3})?$":
        "a card is its id in lowercase (blue, fire, black_eyed), or a run such as fire*3 (of 1 to 9999 cards)",
    "^[a-z_][a-z0-9_]* [0-9]+$":
        "a card reference is a zone and a position, e.g. 'hand 1'",
    "^[a-z_][a-z0-9_]*$":
        "a name is lowercase letters, digits and _ (e.g. draw_pile)",
}

_REQUIRED = {
    "id": "give the scenario's id: its path below scenarios/, without .yaml",
    "title": "give a one-line title saying what the scenario shows",
    "cites": "list the rulebook paragraphs (or rulings) it tests, e.g. cites: [bohnanza/harvest/1]",
    "modules": "list the modules it needs, e.g. modules: [base]",
    "steps": "give the steps: a list of {do: ACTION, expect: ...}",
    "type": "an action names its type, e.g. {type: harvest, player: Keno, field: 1}",
    "player": "an action names the player who takes it (player: NAME)",
    "players": "give the players",
    "deck": "give the deck, top card first",
    "name": "a player needs a name",
    "event": "an expected event names the event, e.g. {event: harvested, player: Keno}",
    "geometry": "a map given inline says its geometry: offset, grid or graph",
}


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return f"{'true' if value else 'false'}"
    if value is None:
        return "nothing (null)"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def _misspelt_state_key(parts: list) -> bool:
    """Whether `parts` ends at a key of the state (a whole state, or a scenario's `state`) that
    is none of the state's own keys but close to one: a misspelt `active` is taken for a zone."""
    if not parts or not isinstance(parts[-1], str) or list(parts[:-1]) not in ([], ["state"]):
        return False
    return parts[-1] not in STATE_KEYS and bool(_hint(parts[-1], STATE_KEYS))


def _a_zone(name: str) -> bool:
    return bool(modules_declaring(name, Zone))


def _player_zone_key(parts: list) -> bool:
    """Whether `parts` ends at a key of a player (`players[0].colour`) other than its name and
    vars: the schema reads such a key as a zone of cards."""
    tail = list(parts[-3:])
    return (len(tail) == 3 and tail[0] == "players" and isinstance(tail[1], int) and isinstance(tail[2], str)
            and tail[2] not in ("name", "vars") and list(parts[:-3]) in ([], ["state"]))


def _variable_at_state_top(parts: list) -> bool:
    """Whether `parts` ends at a key of the state, not one of its own, that a module declares
    as a variable (`exhaustions` written beside `phase` instead of under `vars`)."""
    if not parts or not isinstance(parts[-1], str) or list(parts[:-1]) not in ([], ["state"]) \
            or parts[-1] in STATE_KEYS:
        return False
    return bool(modules_declaring(parts[-1], Var))


def _explain(e: ValidationError, data: Any) -> Problem:
    """A jsonschema error as what to do (the schema's raw sentences never reach a writer)."""
    parts = list(e.absolute_path)
    # The stubs allow for an error built by hand without these; jsonschema's own always has them.
    kind: Any = e.validator
    value: Any = e.validator_value
    inst: Any = e.instance
    schema: Any = e.schema
    if kind == "oneOf" and isinstance(value, list) and all(set(v) == {"required"} for v in value):
        # Exactly one of several keys (a scenario's `state` or `setup`).
        keys = [v["required"][0] for v in value]
        given = [k for k in keys if isinstance(inst, dict) and k in inst]
        if given:
            return Problem(parts, f"give either `{keys[0]}` or `{keys[1]}`, not both: "
                                  f"`state` is a position to start from, `setup` deals a new game")
        return Problem(parts, "give the starting `state`, or a `setup` that deals a new game")
    if kind in ("oneOf", "anyOf") and e.context:
        best = _deepest(e)
        if isinstance(inst, (dict, list)) or len(best.absolute_path) > len(e.absolute_path):
            return _explain(best, data)
        # A value of none of the kinds allowed here.
        kinds: list[Any] = []
        for sub in e.context:
            if sub.validator == "type":
                kinds.extend(sub.validator_value if isinstance(sub.validator_value, list) else [sub.validator_value])
        if kinds:
            wanted = " or ".join(dict.fromkeys(_JSON_TYPES.get(str(k), str(k)) for k in kinds))
            return Problem(parts, f"expected {wanted}, got {_describe(inst)}")
        return _explain(best, data)
    if kind == "required":
        missing = [k for k in value if isinstance(inst, dict) and k not in inst]
        key = missing[0] if missing else value[0]
        # A key the object does not know, written nearly like the missing one.
        known = schema.get("properties") or {} if isinstance(schema, dict) else {}
        strays = [k for k in inst if isinstance(k, str) and k not in known] if isinstance(inst, dict) else []
        near = difflib.get_close_matches(key, strays, n=1, cutoff=0.75)
        misspelt = f" (is `{near[0]}` meant to be `{key}`?)" if near else ""
        return Problem(parts, f"`{key}` is missing{misspelt}: {_REQUIRED.get(key, f'add `{key}: ...`')}")
    if kind == "additionalProperties" and value is False:
        allowed = list(schema.get("properties") or {})
        unknown = [k for k in inst if k not in allowed] if isinstance(inst, dict) else []
        key = unknown[0] if unknown else "?"
        hint = _hint(key, allowed)
        return Problem(parts, f"unknown field `{key}`{hint}; the fields here are {', '.join(allowed)}", str(key))
    if kind == "type" and _variable_at_state_top(parts):
        key = str(parts[-1])
        return Problem(parts, f"`{key}` is a variable of the rules: give it under vars "
                              f"({json_path([*parts[:-1], 'vars', key])}); a key of the state that is "
                              "not one of its own is read as a zone of cards (a list)", key)
    if kind == "type" and _player_zone_key(parts) and not _a_zone(str(parts[-1])):
        key = str(parts[-1])
        if modules_declaring(key, Var):
            return Problem(parts, f"`{key}` is a variable of the rules: give it under the player's vars "
                                  f"({json_path([*parts[:-1], 'vars', key])})", key)
        return Problem(parts, f"expected a list, got {_describe(inst)}: a key of a player other than `name` and "
                              f"`vars` is read as a zone of cards (is `{key}` one of the game's?)", key)
    if kind == "type" and _misspelt_state_key(parts):
        key = str(parts[-1])
        return Problem(parts, f"unknown key `{key}`{_hint(key, STATE_KEYS)}: a key of the state that is not one "
                              "of its own is read as a zone of cards (a list)", key)
    if kind == "type" and parts and isinstance(parts[-1], str) and list(parts[:-1]) in ([], ["state"]) \
            and parts[-1] not in STATE_KEYS and not _a_zone(parts[-1]):
        # (`colour: blue` beside `phase`: no zone of any game, so not a list's type to fix;
        # round 96's bad-input tester was told to give a list)
        key = str(parts[-1])
        return Problem(parts, f"unknown state key `{key}`: neither a key of the state's own ({', '.join(STATE_KEYS)}) "
                              "nor a zone of any game", key)
    if kind == "type":
        kinds = value if isinstance(value, list) else [value]
        wanted = " or ".join(_JSON_TYPES.get(str(k), str(k)) for k in kinds)
        extra = ""
        if isinstance(inst, (int, float)) and not isinstance(inst, bool) and "string" in kinds:
            # Quoting a phase's number would only lead to "unknown phase '2'".
            extra = (": a phase is given by its name, not its number (an unknown name is answered with "
                     "the game's phases)") if parts and parts[-1] == "phase" else \
                (f": an option's value is one of the words its declaration lists (`option {parts[-1]} one of "
                 "...`), never a number: write that word, e.g. two for 2") \
                if len(parts) >= 2 and parts[-2] == "options" else f": write \"{inst}\" in quotes"
        elif isinstance(inst, bool) and "string" in kinds:
            # YAML reads an unquoted on, off, yes and no as truth values.
            extra = (": YAML reads an unquoted on, off, yes or no as true or false; quote the word "
                     "(\"on\", \"off\")")
        return Problem(parts, f"expected {wanted}, got {_describe(inst)}{extra}")
    if kind == "enum":
        hint = _hint(str(inst), [str(v) for v in value])
        return Problem(parts, f"{inst!r} is not one of {', '.join(map(str, value))}{hint}")
    if kind == "const":
        return Problem(parts, f"expected {value!r}, got {_describe(inst)}")
    if kind == "pattern":
        what = _PATTERNS.get(value, "")
        if value == "^[a-z_][a-z0-9_]*$" and parts and parts[-1] == "type":
            what = "an action type is a lowercase name such as harvest or plant"
        return Problem(parts, f"{inst!r} is not written right"
                       + (f": {what}" if what else f" (it should match {value})"))
    if kind == "propertyNames":
        return Problem(parts, f"the key {inst!r} is not a name: names are lowercase letters, digits and _",
                       str(inst))
    if kind == "minItems":
        advice = {"steps": "give at least one step", "cites": "cite at least one paragraph or ruling",
                  "modules": "name at least one module, e.g. [base]", "players": "give at least one player"}
        last = next((p for p in reversed(parts) if isinstance(p, str)), "")
        fallback = f"give at least {value} entr" + ("y" if value == 1 else "ies")
        return Problem(parts, f"the list is empty: {advice.get(last, fallback)}")
    if kind == "maxItems":
        return Problem(parts, f"the list has {len(inst)} entries; at most {value} are allowed here")
    if kind == "minLength":
        return Problem(parts, "the text is empty: write something")
    if kind == "minProperties":
        if len(parts) == 2 and parts[0] == "steps":
            return Problem(parts, "the step is empty: a step does something (`do: ACTION`), checks something "
                                  "(`expect: ...`), or both")
        return Problem(parts, "the mapping is empty: give at least one key")
    if kind == "not" and value == {"required": ["rejected", "state"]}:
        return Problem(parts, "a step expects either `rejected` or a `state`, not both: a refused action "
                              "leaves the state as it was, so drop the `state`")
    if kind == "not" and value == {"required": ["steps"]}:
        return Problem(parts, "a scenario whose setup is `refused` plays no steps: drop `steps` (or `refused`)")
    if kind == "not":
        return Problem(parts, "this combination of fields is not allowed here")
    if kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        words = {"minimum": "at least", "maximum": "at most", "exclusiveMinimum": "more than",
                 "exclusiveMaximum": "less than"}[kind]
        return Problem(parts, f"{_describe(inst)} is too {'small' if 'inimum' in kind else 'large'}: "
                              f"give a number {words} {value}")
    if kind == "uniqueItems":
        return Problem(parts, "an entry appears twice in the list")
    # Any other rule: jsonschema's own words, without the schema it quotes.
    message = e.message.split(" under {")[0].split(" in {")[0]
    return Problem(parts, message)


def scenario_files(paths_or_dirs: Iterable[str | Path]) -> list[Path]:
    """The scenario files of the given files and folders (a folder: its *.yaml and *.yml,
    recursively). A path that is neither is an input error; so is a file named on its own
    that cannot be a scenario at all (unreadable, binary, not UTF-8, empty)."""
    files: list[Path] = []
    for p in paths_or_dirs:
        p = Path(p)
        if p.is_dir():
            files.extend(sorted(p.rglob("*.yaml")) + sorted(p.rglob("*.yml")))
        elif p.is_file():
            userfile.read_text(p)
            files.append(p)
        elif p.exists():
            userfile.read_text(p)  # (a device or a pipe, `/dev/null`: told as what it is, not as missing)
        else:
            raise ScenarioError(str(p), "", "no such file or folder")
    return sorted(set(files))


def corpus(paths_or_dirs: Iterable[str | Path] | None = None) -> list[tuple[Path, Scenario | ScenarioError]]:
    """The one walk over scenario files (default: the whole corpus): each file with its
    scenario, or the ScenarioError that keeps it from loading. conform, explain, coverage and
    the site all read the corpus through this."""
    out: list[tuple[Path, Scenario | ScenarioError]] = []
    for f in scenario_files(paths_or_dirs or [paths.SCENARIOS]):
        try:
            out.append((f, load(f)))
        except ScenarioError as exc:
            out.append((f, exc))
    return out


_ID_LINE = re.compile(r"^id:[ \t]*['\"]?([^\s'\"#]+)", re.M)
_LIST_LINES = {key: re.compile(r"^" + key + r":[ \t]*\[([^\]#]*)\]", re.M) for key in ("cites", "modules")}


def listed(text: str, key: str, where: str) -> Any:
    """A scenario's top-level `cites` or `modules`, read without loading (validating) the
    file: its one flow list, else the file read as YAML (safely); None from a file that cannot
    be read (conform and coverage say what is wrong with it) or has no such key."""
    found = _LIST_LINES[key].search(text)
    if found:
        return [c.strip().strip("'\"") for c in found.group(1).split(",") if c.strip()]
    try:
        doc = userfile.parse_yaml(text, where).data
    except BohnspecError:
        return None
    return doc.get(key) if isinstance(doc, dict) else None


def corpus_cites(root: Path | None = None) -> dict[str, list[str]]:
    """Paragraph or ruling id -> the ids of the corpus scenarios citing it, read without
    loading (validating) the scenarios: `explain` asks it of one id, and validating the whole
    corpus for that took twenty seconds (`listed`); one that cannot be read is left out."""
    out: dict[str, list[str]] = {}
    for f in scenario_files([root or paths.SCENARIOS]):
        try:
            text = f.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        cites = listed(text, "cites", str(f))
        sid = file_id(f, root)
        if sid is None or not isinstance(cites, list):
            continue
        for c in cites:
            if isinstance(c, str):
                out.setdefault(c, []).append(sid)
    return out


def file_id(path: Path, root: Path | None = None) -> str | None:
    """The id a scenario file claims, found without loading it (so `-k` can leave a file out
    before it is read and validated): below the corpus root its path, elsewhere its top-level
    `id:` line. None when neither tells (the file is then loaded to find out)."""
    path = Path(path)
    try:
        return path.resolve().relative_to((root or paths.SCENARIOS).resolve()).with_suffix("").as_posix()
    except ValueError:
        pass
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            head = f.read(65536)
    except OSError:
        return None
    found = _ID_LINE.search(head)
    return found.group(1) if found else None


# Scenarios already read, by file name, corpus root and text: the corpus is read again and again
# in one process (conform, explain, coverage, the site), and validating it is what costs.
_LOADED: dict[tuple, tuple] = {}
_LOADED_MAX = 8192


def load(path: Path, root: Path | None = None) -> Scenario:
    """Read one scenario file; raise ScenarioError with the path, line and column of the bad field."""
    path = path if isinstance(path, Path) else Path(path)
    name = str(path)
    try:
        text = userfile.read_text(path)
    except userfile.UserFileError as exc:
        raise ScenarioError(name, "", exc.problem, exc.line, exc.column) from None
    key = (name, str(root or paths.SCENARIOS), text)
    hit = _LOADED.get(key)
    if hit is not None:
        kind, value, doc, digest = hit
        if kind == "error":
            raise ScenarioError(*value)
        return _scenario(marshal.loads(value), name, doc, digest)  # a fresh copy of the data: callers may change it
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()[:16]
    made: list[Scenario] = []

    def validate() -> tuple[bytes, dict]:
        try:
            try:
                doc = userfile.parse_yaml(text, name)
            except userfile.UserFileError as exc:
                raise ScenarioError(name, "", exc.problem, exc.line, exc.column) from None
            made.append(from_document(doc, name, path, root))
        except ScenarioError as exc:
            _remember(key, ("error", (exc.file, exc.path, exc.message, exc.line, exc.column), None, None))
            raise
        return marshal.dumps(made[0].raw), made[0].raw

    value, data = cache.kept(_disk_key(name, root, text), validate, _scenario_data, _first)
    if made:
        _remember(key, ("ok", value, made[0].doc, digest))
        made[0].digest = digest
        return made[0]
    doc = _Reread(text, name)
    _remember(key, ("ok", value, doc, digest))
    return _scenario(data, name, doc, digest)  # read from the disk just now: nobody else holds it


class _Reread:
    """The composed YAML of a scenario read back from the disk cache, composed again only when
    a message needs a field's line and column (most runs never do)."""

    def __init__(self, text: str, name: str) -> None:
        self._text, self._name = text, name
        self._doc: userfile.Document | None = None

    def locate(self, path: userfile.FieldPath) -> tuple[int, int] | None:
        if self._doc is None:
            self._doc = userfile.parse_yaml(self._text, self._name)
        return self._doc.locate(path)


# Validated scenarios kept on disk, so that each `bohnspec conform` (and every test that starts
# one) does not read and validate the whole corpus again: about 6 ms a file, 13 s a corpus.
# An entry is the scenario's data (marshal: plain values only, nothing that runs) under a key
# made of everything validation reads: the text, the file's place, the corpus root, the
# schemas and the source of the code that validates (this module and userfile). Only scenarios
# that passed are kept; a bad file is read and reported every time.
@functools.cache
def _validation_digest() -> str:
    h = hashlib.sha256(Path(__file__).read_bytes() + Path(userfile.__file__).read_bytes())
    for f in sorted(paths.SCHEMAS.glob("*.json")):
        h.update(f.name.encode() + b"\0" + f.read_bytes())
    return h.hexdigest()


def _disk_key(path: str, root: Path | None, text: str) -> Path:
    h = hashlib.sha256(_validation_digest().encode())
    # The file's real place, its folder's resolved once per folder (a file that is itself a
    # link is keyed where it lies, which is where the scenario's id is read from).
    folder, file_name = os.path.split(os.path.abspath(path))
    for part in (os.path.join(_real(folder), file_name), _real(str(root or paths.SCENARIOS)), text):
        h.update(b"\0" + part.encode("utf-8", "surrogatepass"))
    digest = h.hexdigest()
    return cache.root() / "scenarios" / digest[:2] / f"{digest[2:40]}.marshal"


@functools.lru_cache(maxsize=1024)
def _real(folder: str) -> str:
    """A folder's real path (asked once per folder, not once per file)."""
    return os.path.realpath(folder)


def _scenario_data(value: bytes) -> tuple[bytes, dict] | None:
    """A disk entry read back: its bytes (fresh copies are made from them) and its data."""
    data = marshal.loads(value)
    return (value, data) if isinstance(data, dict) and "id" in data else None


def _first(entry: tuple[bytes, dict]) -> bytes:
    return entry[0]


def _remember(key: Any, value: Any) -> None:
    if len(_LOADED) >= _LOADED_MAX:
        _LOADED.clear()
    _LOADED[key] = value


def _scenario(data: dict, name: str, doc: userfile.Document | _Reread | None, digest: bytes | None = None) -> Scenario:
    steps = [Step(s.get("do"), s.get("expect") or {}, s.get("note", "")) for s in data.get("steps") or []]
    refused = data.get("refused")
    # Spelled out ([duo] plays base and bohnroeschen too): a state and the protocol name every
    # module of the game, so an engine never has to know what a module requires.
    modules = list(games_of(tuple(data["modules"]))) if _strings(data["modules"]) else data["modules"]
    return Scenario(data["id"], data["title"], data["cites"], modules, name, steps,
                    data.get("state"), data.get("setup"), data, doc,
                    refused=rules_of(refused) if refused is not None else None, digest=digest)


def rules_of(value: str | Iterable[str]) -> list[str]:
    """The rule ids an expectation accepts: one id, or a list of ids any of which will do."""
    return [value] if isinstance(value, str) else list(value)


class Refused(ScenarioError):
    """The rules refuse to set up this game (too many players, say): `rule` is the paragraph
    that refuses it. A scenario bug unless the scenario expects the refusal (`refused:`)."""

    def __init__(self, path: str, rule: str, reason: str, message: str | None = None, file: str = "",
                 line: int | None = None, column: int | None = None, cites: tuple[str, ...] = ()) -> None:
        self.rule, self.reason = rule, reason
        self.cites = tuple(dict.fromkeys((rule, *cites)))  # the refusing declaration's, rule first
        super().__init__(file, path, message or f"refused [{rule}]: {reason}", line, column)


def from_document(doc: userfile.Document, name: str, path: Path | None = None,
                  root: Path | None = None) -> Scenario:
    """A Scenario from YAML already read within the bounds (see userfile.parse_yaml)."""
    data = doc.data

    def fail(parts: list, message: str, key: str | None = None) -> NoReturn:
        where = (userfile.key_location(doc.node, parts, key) if key is not None else None) or doc.locate(parts)
        raise ScenarioError(name, json_path(parts), message, *(where or (None, None)))

    if not isinstance(data, dict):
        fail([], f"a scenario is a mapping of id, title, cites, modules, state (or setup) and steps, "
                 f"not {_describe(data)}")
    problems = schema_problems(data)
    if problems:
        first = problems[0]
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        fail(first.parts, first.message + more, first.key)
    for i, step in enumerate(data.get("steps") or ()):
        if "do" not in step and "rejected" in (step.get("expect") or {}):
            # It would be met by nothing and pass whatever the engine does (round 43).
            fail(["steps", i, "expect", "rejected"], "a step without `do:` only looks at the state as it stands: "
                 "there is no action to reject; give the refused action under `do:`", "rejected")
    try:
        _check_space_ids(name, data)
    except ScenarioError as exc:
        raise ScenarioError(name, exc.path, exc.message, *(doc.locate(exc.path) or (None, None))) from None
    if path is not None:
        problem = id_problem(data["id"], path, root or paths.SCENARIOS)
        if problem:
            fail(["id"], problem)
    return _scenario(data, name, doc)


def id_problem(sid: str, path: Path, root: Path) -> str:
    """Why a scenario's id does not fit its file ("" if it does). Below the corpus root the id
    is the path without .yaml; anywhere else the file is named after the id's last part, and
    in a copy of the corpus (the folder as many levels up as the id has parts is named like
    its module, `base/...`) the path's tail is the id."""
    resolved = path.resolve()
    try:
        expected = resolved.relative_to(root.resolve()).with_suffix("").as_posix()
    except ValueError:
        expected = None
    if expected is not None:
        if sid != expected:
            return f"the id {sid!r} does not match the file's place ({expected!r}); rename one of them"
        return ""
    parts = sid.split("/")
    if path.stem != parts[-1]:
        return (f"the id {sid!r} does not match the file's name ({path.name!r}): the file of scenario "
                f"{sid} is named {parts[-1]}.yaml; rename one of them")
    tail = resolved.with_suffix("").parts[-len(parts):]
    if len(tail) == len(parts) and tail[0] == parts[0] and "/".join(tail) != sid:
        place = "/".join(tail)
        return f"the id {sid!r} does not match the file's place ({place!r}); rename one of them"
    return ""


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
                raise ScenarioError(name, f"{where}.{sid}", f"space ids are strings, and YAML reads an unquoted "
                                                          f"{shown} as a number: write \"{shown}\" in quotes")


# ------------------------------------------------------------ building the starting state

def build_state(engine: Engine, sc: Scenario, check: bool = True) -> tuple[State, list[dict]]:
    """The scenario's starting state, with defaults filled in, checked against the spec
    (`check=False`: not whether it could come about, for a scenario found so before:
    conformance/checked.py)."""
    try:
        if sc.setup is not None:
            return _from_setup(engine, sc.setup, sc.modules)
        assert sc.state is not None  # a scenario has a `setup` or a `state` (scenario.schema.json)
        return state_from_data(engine, sc.state, sc.modules, validate=False, check=check), []
    except Refused as exc:
        line, column = sc.locate(exc.path) or (None, None)
        raise Refused(exc.path, exc.rule, exc.reason, exc.message, sc.path, line, column, cites=exc.cites) from None
    except ScenarioError as exc:
        raise sc.error(exc.path, exc.message) from None


_SETUP_KEYS = ("players", "deck", "beans", "options", "board")


def _from_setup(engine: Engine, setup: dict, modules: list[str]) -> tuple[State, list[dict]]:
    options = dict(setup.get("options") or {})
    if "beans" in setup:
        options["beans"] = setup["beans"]
    return new_game(engine, setup["players"], setup["deck"], options, setup_zones(setup), modules,
                    setup.get("board"))


def setup_zones(setup: dict) -> dict:
    """The shuffled contents of the other decks a setup gives (the vine deck, the landscape
    cards): every key that is not one of the setup's own."""
    return {k: _written_out(v, f"setup.{k}") if isinstance(v, list) else v for k, v in setup.items()
            if k not in _SETUP_KEYS}


def _written_out(cards: list, where: str) -> list[str]:
    """A setup's list with `red*3` written out; one beyond the bound is the scenario's fault,
    told at its field (round 96: a deck of a million cards was an engine's fault at `hello`)."""
    try:
        return expand_cards(cards)
    except BohnspecError as exc:
        raise ScenarioError("", where, exc.message) from None


def new_game(engine: Engine, names: Any, deck: Any, options: dict, zones: dict, modules: Iterable[str],
             board: Any = None) -> tuple[State, list[dict]]:
    """A new game from an explicit deck order, after checking that it can be one: distinct
    player names, known option values, exactly the cards in play in each deck, and a map
    (declared or inline) for a game played on one."""
    if not isinstance(names, list) or not names or not all(isinstance(n, str) and n for n in names):
        raise ScenarioError("", "setup.players", "give the players as a list of names")
    _check_unique(names, "setup.players")
    problem = engine.player_count_problem(len(names))
    if problem is not None:
        said = str(problem) + seating_hint(len(names), engine.spec.modules)
        raise Refused("setup.players", problem.rule, said, said, cites=problem.cites)
    check_options(engine, options, "setup.options")
    deck = _written_out(deck if isinstance(deck, list) else [], "setup.deck")
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
        cards = _written_out(cards if isinstance(cards, list) else [], f"setup.{name}")
        if name not in decks:
            raise ScenarioError("", f"setup.{name}", f"unknown setup key{_hint(name, [*_SETUP_KEYS, *decks])}; "
                                                     "a setup gives the players, the deck, options, a board "
                                                     f"and the shuffled decks {', '.join(decks) or '(none)'}")
        zone = engine.spec.zones[name]
        box = engine.box(options, zone.cards)
        if sorted(map(str, cards)) != sorted(box):
            raise ScenarioError("", f"setup.{name}", f"{name} must hold exactly the {len(box)} "
                                f"{_singular(zone.cards)} cards in play "
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
                raise ScenarioError("", "setup.board", f"unknown board {board!r}"
                                    f"{_module_hint(engine.spec, board, 'board') or _hint(board, engine.spec.boards)}")
            unlaid = _not_laid(engine, board, len(names), options)
            if unlaid:
                raise ScenarioError("", "setup.board", unlaid)
            layout = engine.layout(board)
        else:
            try:
                layout = engine.inline_layout(board)
            except BoardError as exc:
                raise ScenarioError("", "setup.board", str(exc)) from None
    elif engine.spec.boards and engine.choose_board(len(names), options) is None:
        # The options choose a layout of another table (Bohnaparte's pyramid, for three): the
        # rules refuse this game, citing the layout's own paragraph.
        other = [engine.spec.boards[n] for n in engine.boards_for_options(options)]
        if other and other[0].cites:
            b = other[0]
            tables = " or ".join(map(str, engine.tables_for_options(options)))
            # (each board by its own title and table, and a board of this table that other
            # options lay: round 83's second designer was given one map's title with two maps'
            # tables, and not told of his own map wanting another layout)
            laid = b.title or b.name if len(other) == 1 else \
                "the maps these options lay (" + ", ".join(f"{x.name} for {x.players}" for x in other) + ")"
            elsewhere = [x for x in engine.spec.boards.values() if x.players == len(names) and x.when is not None
                         and not engine.board_allowed(x.name, options)]
            hint = "; " + ", ".join(f"{x.name} is laid for {len(names)} players when {unparse(x.when)}"
                                    for x in elsewhere[:3]) if elsewhere else ""
            raise Refused("setup", b.cites[0], f"{laid} {'is' if len(other) == 1 else 'are'} laid for {tables} "
                                               f"players, not {len(names)}{hint}", cites=tuple(b.cites))
        raise ScenarioError("", "setup.board", f"no declared board is laid for {len(names)} players with these options")
    try:
        return engine.new_game(names, deck, options, modules=modules, zones=checked, board=layout)
    except SetupError as exc:
        raise Refused("setup", exc.rule, str(exc), cites=exc.cites) from None


def _not_laid(engine: Engine, name: str, count: int, options: dict) -> str:
    """Why a new game at this table with these options is not played on a declared board
    (empty if it is): a setup lays the board the rules lay, or a map given inline."""
    decl = engine.spec.boards[name]
    if decl.players is not None and decl.players != count:
        return f"board {name!r} is laid for {decl.players} players, not {count}"
    if not engine.board_allowed(name, options):
        other = engine.choose_board(count, options)
        return (f"board {name!r} is laid only when {unparse(decl.when)}, which these options do not say"
                + (f" (they lay {other.name!r})" if other is not None else ""))
    return ""


def _multiset_diff(a, b):
    d = Counter(a) - Counter(b)
    return ", ".join(f"{k}*{v}" for k, v in sorted(d.items()))


def _check_unique(names, where):
    seen = set()
    for i, n in enumerate(names):
        if n in seen:
            raise ScenarioError("", f"{where}[{i}]", f"the player name {n!r} appears twice")
        seen.add(n)


def check_options(engine: Engine, options: dict, where: str) -> None:
    """Every option named is one of the game's, with one of its values: a misspelt name would
    otherwise play its default without a word."""
    for key, value in options.items():
        option = engine.spec.options.get(key)
        if option is None:
            known = ", ".join(engine.spec.options) or "none"
            # An option of a module the scenario does not play (a house rule's own file, say):
            # the fix is its module, not another name.
            elsewhere = [m for m in modules_declaring(key, Option, engine.spec.files) if m not in engine.spec.modules]
            playable = [m for m in elsewhere if _played_with(engine.spec, m)]
            if playable:
                raise ScenarioError("", f"{where}.{key}",
                                    f"option {key!r} belongs to module {' and '.join(playable)}, which this game "
                                    f"does not play: add it to `modules:` (this game's options: {known})")
            if elsewhere:
                # Its module cannot join this game (the combined war game has no plundering):
                # adding it would only be refused in turn.
                raise ScenarioError("", f"{where}.{key}",
                                    f"option {key!r} belongs to module {' and '.join(elsewhere)}, which is not played "
                                    f"with this game's modules: this game has no such option (its options: {known})")
            raise ScenarioError("", f"{where}.{key}", f"unknown option{_hint(key, engine.spec.options)} "
                                                      f"(this game's options: {known})")
        if value not in option.values:
            raise ScenarioError("", f"{where}.{key}", f"{value!r} is not one of {', '.join(option.values)}"
                                                      f"{_hint(value, option.values)}")


def _played_with(spec: Spec, module: str) -> bool:
    """Whether a game of these modules may add `module` (no rulebook keeps them apart), among
    the rules files this game was read from (a designer's too)."""
    try:
        return not build(spec.files, sorted({*spec.modules, module})).clashes
    except BohnspecError:
        return False


def state_from_data(engine: Engine, data: dict, modules: Iterable[str] = ("base",), validate: bool = True,
                    check: bool = True) -> State:
    """Build a State from scenario/protocol data; omitted parts take the documented defaults.

    `validate=False` skips the JSON Schema check, for data already validated (a loaded
    scenario) or built by bohnspec itself; the checks against the spec still run, but for
    `check=False`, which skips whether the situation could come about in a game
    (check_consistency), for a scenario found so before."""
    spec = engine.spec
    # The full schema check is slow; a state of the right shape needs only the spec's checks
    # below, and one of the wrong shape gets the schema's message with the path of the field.
    problems = schema_problems(data, "state.schema.json") if validate and not _shape_ok(data) else []
    if problems:
        raise ScenarioError("", json_path(["state", *problems[0].parts]), problems[0].message)
    names = [p["name"] for p in data["players"]]
    _check_unique(names, "state.players")
    problem = engine.player_count_problem(len(names))
    if problem is not None:
        raise ScenarioError("", "state.players", str(problem) + seating_hint(len(names), engine.spec.modules))
    if data.get("options"):
        check_options(engine, data["options"], "state.options")
    board = _board_of(engine, data, len(names))
    state = engine.blank_state(names, data.get("starting_player", names[0]),
                               data.get("options"), modules=data.get("modules", modules), board=board)
    kinds = _card_kinds(engine)

    def cards(value, where, kind="beans"):
        try:
            out = expand_cards(value)
        except BohnspecError as exc:
            raise ScenarioError("", where, exc.message) from None
        known = kinds.get(kind, frozenset())
        if known.issuperset(out):  # (the common case, asked in C; the loop below only to name the stranger)
            return out
        for c in out:
            if c not in known:
                what = {"beans": "bean", "vines": "vine"}.get(kind, kind)  # a category is named in the singular
                raise ScenarioError("", where, f"unknown {what} card {c!r}{spec.card_hint(c, kind)}")
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
                        raise ScenarioError("", f"{where}.{k}", _var_problem(spec, k, "player", "state"))
                    player.vars[k] = v
                continue
            zone = spec.zones.get(key)
            if zone is None or not zone.per_player:
                allowed = [z for z, d in spec.zones.items() if d.per_player] + ["vars"]
                raise ScenarioError("", where,
                                    f"unknown player key{_hint(key, allowed)}{_module_hint(spec, key, 'zone')}")
            if zone.kind == "fields":
                player.zones[key] = [cards(f, f"{where}[{j}]", zone.cards) for j, f in enumerate(value)]
            else:
                player.zones[key] = cards(value, where, zone.cards)
        # Fields are never lost: those the setup gives that a state leaves out are empty (the
        # fields listed come first, in order).
        if fields_default is None:
            fields_default = engine.define_value(state, "fields_per_player") \
                if "fields_per_player" in spec.defines else 0
        given = player.zones.setdefault(engine.fields_zone, [])
        given.extend([] for _ in range(fields_default - len(given)))
    for key in ("starting_player", "active"):
        if key in data and data[key] not in names:
            raise ScenarioError("", f"state.{key}", f"{data[key]!r} is not at the table{_hint(data[key], names)}")
    state.active = data.get("active", state.starting_player)
    if "phase" in data:
        playable = _playable_phases(engine)
        if data["phase"] not in playable:
            known = data["phase"] in spec.phases  # another module's phase, its turn replaced here
            hint = "" if known else _hint(data["phase"], playable)
            if known:
                # Another module's phase, which this game's turn leaves out (the solo game has
                # no phase 0): the turn's own paragraphs say so.
                turn = spec.turn
                why = f" ({', '.join(turn.cites)})" if turn is not None and turn.cites else ""
                raise ScenarioError("", "state.phase", f"{data['phase']!r} is not a phase of this game: its turn is "
                                                       f"{', '.join(playable)}{why}")
            # (a phase of a module the game leaves out names its module, as a card does: round
            # 83's third designer)
            raise ScenarioError("", "state.phase", f"unknown phase {data['phase']!r}" + (
                _module_hint(spec, str(data["phase"]), "phase") or hint
                or f"; the phases of this game: {', '.join(playable)}"))
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
                if k not in spec.vars or spec.vars[k].per_player or spec.vars[k].per_space:
                    raise ScenarioError("", f"{where}.{k}", _var_problem(spec, k, "game", "state"))
                state.vars[k] = v
        elif key == "shuffles":
            state.shuffles = [cards(s, f"{where}[{j}]") for j, s in enumerate(value)]
        elif key == "over":
            state.over = bool(value)
        elif key == "winners":
            state.winners = list(value)
        else:
            zone = spec.zones.get(key)
            if zone is None and key in spec.vars:
                raise ScenarioError("", where, f"{key!r} is a {_var_level(spec.vars[key])} variable: write it under "
                                               f"vars ({where.rsplit('.', 1)[0]}.vars.{key})"
                                    if not spec.vars[key].per_player else _var_problem(spec, key, "game", "state"))
            if zone is None or zone.per_player:
                allowed = [z for z, d in spec.zones.items() if not d.per_player] + [
                    "players", "starting_player", "active", "phase", "vars", "shuffles", "over", "winners"]
                raise ScenarioError("", where,
                                    f"unknown state key{_hint(key, allowed)}{_module_hint(spec, key, 'zone')}")
            state.zones[key] = cards(value, where, zone.cards)
    for name, zone in spec.zones.items():
        if zone.rest and name not in data:
            state.zones[name] = _the_rest(engine, state, zone.cards)
    # The bookkeeping the situation implies (`state_loaded` handlers), for what it leaves out: a
    # value the data gives is kept (a state saved mid-game and loaded again, as --isolate does,
    # carries what the game noted, which the situation alone may not tell).
    given = [(p.vars, {k: p.vars[k] for k in pdata.get("vars") or ()}) for p, pdata in zip(state.players,
                                                                                        data["players"])]
    given.append((state.vars, {k: state.vars[k] for k in data.get("vars") or ()}))
    given += [(state.space_vars[sid], {k: state.space_vars[sid][k] for k in values if k in state.space_vars[sid]})
              for sid, values in (data.get("spaces") or {}).items() if sid in state.space_vars]
    engine.loaded(state)
    for values, kept in given:
        values.update(kept)
    if check:
        check_consistency(engine, state)
    return state


def _the_rest(engine: Engine, state: State, category: str) -> list[str]:
    """The cards of a category in play for the state's options that lie nowhere else (not in
    any zone, not on the map), in the order the box lists them: a `default rest` zone's
    contents when a state leaves it out."""
    try:
        elsewhere = _counted(engine, state)
        box = _box(engine, tuple(sorted(state.options.items())), category)
    except TypeError:  # a list deeper than a field's; an option's value that is no text
        elsewhere, box = cards_on_the_table(state), tuple(engine.box(state.options, category))
    rest: list[str] = []
    for card in box:
        if elsewhere[card] > 0:
            elsewhere[card] -= 1
        else:
            rest.append(card)
    return rest


@functools.lru_cache(maxsize=64)
def _card_kinds(engine: Engine) -> dict[str, frozenset[str]]:
    """The cards each category of zone may hold (`beans`: the varieties), by category."""
    spec = engine.spec
    return {z.cards: frozenset(spec.kinds_of(z.cards)) for z in spec.zones.values()}


@functools.lru_cache(maxsize=64)
def _playable_phases(engine: Engine) -> list[str]:
    return engine.spec.playable_phases()


# ------------------------------------------------------------ consistency

# The values each type of variable takes.
_TYPES = {
    "int": ("a whole number", lambda v, state: isinstance(v, int) and not isinstance(v, bool)),
    "bool": ("true or false", lambda v, state: isinstance(v, bool)),
    "player": ("a player at the table (or none)", lambda v, state: v is None or v in state.names()),
    "space": ("a space of the board (or none)",
              lambda v, state: v is None or (state.board is not None and v in state.board)),
    "text": ("a text (or none)", lambda v, state: v is None or isinstance(v, str)),
    "refs": ("a list (of card references like 'hand 3', or of cards)",
             lambda v, state: isinstance(v, list) and all(isinstance(r, str) for r in v)),
}


@functools.lru_cache(maxsize=64)
def _typed_vars(engine: Engine) -> list[tuple]:
    """The spec's variables of a checked type, in declaration order: (name, declaration, what
    its values are, the test of a value, its default when that is a constant, else a value
    no variable holds)."""
    constant = {name: fixed for name, _, fixed in engine.blank_defaults()}
    return [(name, var, *_TYPES[var.type], constant[name]) for name, var in engine.spec.vars.items()
            if var.type in _TYPES]


@functools.lru_cache(maxsize=64)
def _typed_by_level(engine: Engine) -> tuple[dict, dict, dict]:
    """The variables of a checked type of the game, of a player and of a space: name -> (the
    test of a value, its constant default or a value no variable holds)."""
    levels: tuple[dict, dict, dict] = ({}, {}, {})
    for name, var, _, ok, default in _typed_vars(engine):
        levels[1 if var.per_player else 2 if var.per_space else 0][name] = (ok, default)
    return levels


def _typed_values_hold(engine: Engine, state: State) -> bool:
    """Whether every variable of a checked type holds its default or a value of its type: the
    quick answer for the common state, walking each table of values once (a False is asked again
    variable by variable, for the message)."""
    game, player, space = _typed_by_level(engine)
    tables = [(state.vars, game), *((p.vars, player) for p in state.players),
              *((values, space) for values in state.space_vars.values())]
    for values, typed in tables:
        for name, value in values.items():
            known = typed.get(name)
            if known is None:
                continue
            ok, default = known
            if value is default or value.__class__ is default.__class__ and value == default or ok(value, state):
                continue
            return False
    return True


def check_consistency(engine: Engine, state: State) -> None:
    """Refuse a state that could not come about in a game of its modules: a variable of the
    wrong type, a winner in a game not over, more cards of a kind than the box holds, or a
    module's invariant broken. A ScenarioError names the field (`state.players[0].vars.waiting`)
    and says what is wrong."""
    names = state.names()
    for name, var, what, ok, default in () if _typed_values_hold(engine, state) else _typed_vars(engine):
        # Where each value stands is spelled out only for a wrong one.
        found: list[tuple[Any, Any]]  # (value, where it stands: a seat, a space or nothing)
        if var.per_player:
            found = [(p.vars[name], i) for i, p in enumerate(state.players) if name in p.vars]
        elif var.per_space:
            found = [(values[name], sid) for sid, values in state.space_vars.items() if name in values]
        else:
            found = [(state.vars[name], None)] if name in state.vars else []
        for value, at in found:
            # The default (a constant of the rules) needs no test: most variables hold it.
            if value.__class__ is default.__class__ and value == default or ok(value, state):
                continue
            # None is the value of a variable whose default is none (asked only then).
            if value is None and engine._var_defaults[name](Env(engine, state)) is None:
                continue
            where = f"state.players[{at}].vars.{name}" if var.per_player else \
                f"state.spaces.{at}.{name}" if var.per_space else f"state.vars.{name}"
            raise ScenarioError("", where, f"{var.name} is {what}, not {_shown(value)}")
    for i, w in enumerate(state.winners):
        if w not in names:
            raise ScenarioError("", f"state.winners[{i}]", f"{w!r} is not at the table{_hint(w, names)}")
    if state.winners and not state.over:
        raise ScenarioError("", "state.winners", "the game has winners only once it is over (over: true)")
    _check_counts(engine, state)
    # The spec's `invariant` declarations: what every situation of its game holds. On the
    # compiled engine one generated function asks them all, in the order below; only a state it
    # finds broken is asked again below, for the message.
    fast = getattr(engine, "compile_invariants", None)
    if fast is not None and fast()(Env(engine, state), names, STEP_BUDGET) is None:
        return
    # One Env for them all: a condition records nothing.
    env = Env(engine, state)
    everyone: list[Player | None] = list(state.players)
    bound: dict[str, list[dict]] = {}  # each invariant's variable bound to each player in turn
    for inv, test in engine.invariants:
        players: list[Player | None] = everyone if inv.var else [None]
        if inv.var:
            scopes = bound.get(inv.var)
            if scopes is None:
                scopes = bound[inv.var] = [{inv.var: p.name} for p in state.players]
        else:
            scopes = [{}]
        for i, player in enumerate(players):
            env.locals = scopes[i]  # a condition leaves its locals as it found them
            env.fuel = STEP_BUDGET  # each condition has the whole budget
            try:
                holds = bool(test(env))
            except (EvaluationLimitError, MissingAttributeError):
                raise  # a rule that never ends, or reads what no card has, is the rules' fault
            except SpecRuntimeError:
                holds = False  # a state that does not fit the rule (a figure on no card) breaks it
            if not holds:
                where, message = inv.field, f"{engine.reason_in(inv.reason, state)} [{_cited_here(engine, inv)}]"
                # A player's invariant may point at a part of the state that is no player's (the
                # map's spaces): the path is then the state's own.
                own = player is not None and _of_players(engine.spec, where)
                path = ".".join(x for x in ("state", f"players[{i}]" if own else "", where) if x)
                who = f"{player.name}: " if player else ""
                value = _at(state, player if own else None, where) if where else _NOTHING
                said = [f"{where.split('.')[-1]} is {_shown(value)}"] if value is not _NOTHING else []
                said += _definitions_read(engine, state, inv.condition)
                shown = f" ({'; '.join(said)})" if said else ""
                raise ScenarioError("", path, f"{who}{message}{shown}; the situation could not come about "
                                              "in a game, so it is refused")


def _of_players(spec: Spec, where: str) -> bool:
    """Whether a state path names something each player has (a zone or variable per player),
    not the state's own (`spaces`, a shared pile, a game variable)."""
    head, _, rest = where.partition(".")
    if head == "vars":
        var = spec.vars.get(rest)
        return var is None or var.per_player
    zone = spec.zones.get(head)
    return zone.per_player if zone is not None else head != "spaces"


def _cited_here(engine: Engine, decl: Any) -> str:
    """The first citation of a declaration that belongs to the game at hand: a rule the war
    games share (spec/war) cites both books, and a Bohnaparte situation is refused under
    Bohnaparte's paragraph, not Dschingis Bohn's (review round 29). A definition it reads that
    the game replaces speaks first: a war game's two fields for a table of three are the war
    books', not the base game's three (round 87's third table was pointed at bohnanza/setup/2)."""
    from .deciding import in_play, replaced_cites
    condition = getattr(decl, "condition", None)
    replaced = replaced_cites(engine.spec, condition) if condition is not None else []
    cites = [*replaced, *(c for c in decl.cites if c not in replaced)]
    return in_play(engine.spec, cites)[0] if cites else decl.rule_id


def _definitions_read(engine: Engine, state: State, condition: Any) -> list[str]:
    """`name is value` for each definition without parameters a broken invariant reads (the
    red figure's start, say): the values the rule's text can only describe, worked out for the
    state at hand. One that cannot be worked out there is left out."""
    out: list[str] = []
    seen: set[str] = set()
    todo = [condition]
    while todo:
        node = todo.pop()
        if not isinstance(node, Node):
            continue
        if node.kind == "name" and isinstance(node.args[0], str):
            name = node.args[0]
            decl = engine.spec.defines.get(name)
            if name not in seen and decl is not None and not decl.params:
                seen.add(name)
                try:
                    out.append(f"{name} is {_shown(engine.define_value(state, name))}")
                except BohnspecError:
                    pass
        todo.extend(reversed(list(node.children())))
    return out


_NOTHING = object()


def _at(state: State, player: Player | None, where: str) -> Any:
    kind, _, name = where.partition(".")
    if kind == "vars":
        values = player.vars if player is not None else state.vars
        return values.get(name, _NOTHING)
    zones = player.zones if player is not None else state.zones
    return zones.get(where, _NOTHING)


def _shown(value: Any) -> str:
    return show(value) if not isinstance(value, str) else repr(value) if " " in value or not value else value


def _check_counts(engine: Engine, state: State) -> None:
    """No more bean cards of a variety than the box holds, wherever they lie, and no card the
    game's options leave in the box. (Other cards are not counted: a scenario may lay out a vine
    row or a map from more copies of a card than one box holds, to show a rule.)"""
    spec = engine.spec
    try:
        seen = _counted(engine, state)
    except TypeError:  # a list deeper than a field's (no state the loader builds has one)
        seen = cards_on_the_table(state)
    try:
        in_play = _in_play(engine, tuple(sorted(state.options.items())))
    except TypeError:  # an option's value that is no text (not hashable): not worth keeping
        in_play = _cards_in_play(engine, state.options)
    for card, n in seen.items():
        if card.__class__ is not str:
            continue
        decl = spec.varieties.get(card)
        if decl is not None and n > decl.count:
            raise ScenarioError("", "state", f"{n} {card} cards lie on the table, but the box holds {decl.count}")
        if (decl is not None or card in spec.cards) and card not in in_play:
            # A card left in the box by the game's options (bohnanza/setup/6: the Garden or the
            # Jumping Bean; bohnaparte/components/16: a paddock outside the cavalry variant)
            # cannot lie on the table or the map: say which options the game has.
            given = ", ".join(f"{k}: {v}" for k, v in sorted(state.options.items())) or "the defaults"
            bring = _bringing(engine, state, card)
            if bring:
                raise ScenarioError("", "state.options", f"{card} cards lie on the table, but a game with these "
                                                         f"options ({given}) leaves them in the box: give the "
                                                         f"options that bring them into play{bring}")
            # No option brings them (the two-player game has no Garden Bean): say by which rule.
            why = _out_of_play_cites(spec, decl if decl is not None else spec.cards[card])
            raise ScenarioError("", "state", f"{card} cards lie on the table, but this game (modules "
                                             f"{', '.join(sorted(spec.modules))}) leaves them in the box whatever "
                                             f"its options{f' ({why})' if why else ''}: take them away")


def _out_of_play_cites(spec: Spec, decl: Any) -> str:
    """The paragraphs of the definitions a card's `in play when` reads (the two-player
    game's `garden_in_play`: bohnroeschen/two-player/1), else of the card itself."""
    cond = getattr(decl, "in_play", None)
    read = defines_read(spec, cond) if cond is not None else []
    cites = list(dict.fromkeys(c for name in read for c in spec.defines[name].cites))
    return ", ".join(cites or decl.cites)


def _bringing(engine: Engine, state: State, card: str) -> str:
    """The option values, each changed alone, under which `card` is in play (` (options: {beans:
    jumping})`), or nothing when no single change brings it."""
    found = [f"{{{name}: {value}}}" for name, option in engine.spec.options.items() for value in option.values
             if value != state.options.get(name, option.default)
             and card in _cards_in_play(engine, {**state.options, name: value})]
    return f" (options: {' or '.join(found)})" if found else ""


def _counted(engine: Engine, state: State) -> Counter:
    """How many of each card lie in the state's zones: a field zone's fields are lists of
    cards, every other zone's elements cards."""
    nested = _field_zones(engine)
    parts: list = []
    for zones in (state.zones, *(p.zones for p in state.players)):
        for name, cards in zones.items():
            if name in nested:
                parts.extend(f if f.__class__ is list else (f,) for f in cards)
            else:
                parts.append(cards)
    parts.extend(state.space_cards.values())
    return Counter(chain.from_iterable(parts))


def cards_on_the_table(state: State) -> Counter:
    """Every card of the state, in any zone, a player's or a space's, counted (_counted for
    lists nested however deep): what judge's setup answer compares with the box."""
    flat: list = []

    def gather(cards):
        for c in cards:
            if isinstance(c, list):
                gather(c)
            else:
                flat.append(c)
    for zones in (state.zones, *(p.zones for p in state.players), state.space_cards):
        for zone in zones.values():
            gather(zone)
    return Counter(flat)


@functools.lru_cache(maxsize=64)
def _field_zones(engine: Engine) -> frozenset[str]:
    return frozenset(name for name, z in engine.spec.zones.items() if z.kind == "fields")


@functools.lru_cache(maxsize=256)
def _in_play(engine: Engine, options: tuple) -> frozenset[str]:
    """The cards a game with these options (sorted (name, value) pairs) plays with."""
    return _cards_in_play(engine, dict(options))


@functools.lru_cache(maxsize=256)
def _box(engine: Engine, options: tuple, category: str) -> tuple[str, ...]:
    """Every card of a category a game with these options (sorted (name, value) pairs) plays
    with, in the order the spec declares them."""
    return tuple(engine.box(dict(options), category))


def _cards_in_play(engine: Engine, options: dict) -> frozenset[str]:
    """The varieties and the other cards of every category a game with these options plays with."""
    categories = {"beans", *(c.category for c in engine.spec.cards.values())}
    return frozenset(card for category in categories for card in engine.box(options, category))


def _var_level(var: Var) -> str:
    return "player" if var.per_player else "space" if var.per_space else "game"


def _var_problem(spec: Spec, name: str, level: str, where: str) -> str:
    """Why a variable cannot stand here: unknown (with a did-you-mean among the variables of
    this level), or one of another level, named as such with where it goes."""
    var = spec.vars.get(name)
    if var is None:
        same = [v for v, d in spec.vars.items() if _var_level(d) == level]
        return f"unknown {level} variable{_hint(name, same)}{_module_hint(spec, name, 'variable')}"
    other = _var_level(var)
    home = {"player": f"under a player's vars ({where}.players{'[N]' if where == 'state' else '.NAME'}.vars.{name})",
            "game": f"under the {'state' if where == 'state' else 'expected state'}'s own vars ({where}.vars.{name})",
            "space": f"under the space's entry ({where}.spaces.ID.{name})"}[other]
    return f"{name!r} is a {other} variable, not a {level} variable: put it {home}"


def _module_hint(spec: Spec, name: str, what: str) -> str:
    """"; NAME belongs to bohnroeschen: ..." when a module this game lacks declares it."""
    kind = Var if what == "variable" else Board if what == "board" else Phase if what == "phase" else Zone
    elsewhere = [m for m in modules_declaring(name, kind, spec.files) if m not in spec.modules]
    if not elsewhere:
        return ""
    return (f"; {name!r} is a {what} of {' and '.join(elsewhere)}, which this game does not play "
            f"(modules {', '.join(sorted(spec.modules))}): give the state `modules:` with it")


def check_expectations(engine: Engine, sc: Scenario) -> None:
    """Expected states that name what cannot exist are bugs of the scenario, not failures of
    the engine: a player not at the table, a state key, zone or variable the spec does not
    have, a player's variable put among the game's (or the other way round)."""
    spec = engine.spec
    _check_citations(engine, sc)
    _check_events(engine, sc)
    if sc.setup is not None:
        names = list(sc.setup.get("players") or [])
    else:
        names = [p.get("name") for p in (sc.state or {}).get("players", []) if isinstance(p, dict)]
    shared, own = _zone_names(engine)
    for n, step in enumerate(sc.steps):
        expected = step.expect.get("state")
        if not isinstance(expected, dict):
            continue
        base = f"steps[{n}].expect.state"
        for key, value in expected.items():
            where = f"{base}.{key}"
            if key == "players":
                for name, pdata in (value or {}).items():
                    if name not in names:
                        raise sc.error(f"{base}.players.{name}", f"no player {name!r} is at the table "
                                       f"({', '.join(map(str, names))}){_hint(str(name), names)}")
                    for pkey, pvalue in (pdata or {}).items():
                        if pkey == "vars":
                            for var in (pvalue if isinstance(pvalue, dict) else {}):
                                if var not in spec.vars or not spec.vars[var].per_player:
                                    raise sc.error(f"{base}.players.{name}.vars.{var}",
                                                   _var_problem(spec, var, "player", base))
                        elif pkey != "name" and pkey not in own:
                            if pkey in spec.vars and spec.vars[pkey].per_player:
                                raise sc.error(f"{base}.players.{name}.{pkey}",
                                               f"{pkey!r} is a player variable: write it under the player's "
                                               f"vars ({base}.players.{name}.vars.{pkey})")
                            raise sc.error(f"{base}.players.{name}.{pkey}",
                                           f"unknown player key{_hint(pkey, [*own, 'vars'])}")
                        if pkey == "vars" and isinstance(pvalue, dict):
                            _expected_values(sc, spec, pvalue, f"{base}.players.{name}.vars", names)
                        elif pkey in own:
                            _expected_zone(engine, sc, pkey, pvalue, f"{base}.players.{name}.{pkey}")
            elif key == "vars":
                for var in (value if isinstance(value, dict) else {}):
                    if var not in spec.vars or spec.vars[var].per_player or spec.vars[var].per_space:
                        raise sc.error(f"{where}.{var}", _var_problem(spec, var, "game", base))
                if isinstance(value, dict):
                    _expected_values(sc, spec, value, where, names)
            elif key in shared:
                _expected_zone(engine, sc, key, value, where)
            elif key == "phase" and value not in spec.phases:
                playable = _playable_phases(engine)
                raise sc.error(where, f"unknown phase {value!r}" + (
                    _module_hint(spec, str(value), "phase")
                    or f"{_hint(str(value), playable)}; the phases of this game: {', '.join(playable)}"))
            elif key in ("active", "starting_player") and value not in names:
                raise sc.error(where, f"{value!r} is not at the table ({', '.join(map(str, names))})"
                                      f"{_hint(str(value), names)}")
            elif key == "winners" and (not isinstance(value, list) or any(w not in names for w in value)):
                wrong = next((w for w in value if w not in names), value) if isinstance(value, list) else value
                raise sc.error(where, f"the winners are players at the table ({', '.join(map(str, names))}), "
                                      f"not {wrong!r}")
            elif key == "over" and not isinstance(value, bool):
                raise sc.error(where, f"over is true or false, not {value!r}")
            elif key not in STATE_KEYS and key not in shared:
                if key in spec.vars:
                    raise sc.error(where, f"{key!r} is a {_var_level(spec.vars[key])} variable: write it under "
                                          f"vars ({base}.vars.{key})" if not spec.vars[key].per_player else
                                          _var_problem(spec, key, "game", base))
                if key in own:
                    raise sc.error(where, f"{key!r} belongs to each player: write it under "
                                          f"{base}.players.NAME.{key}")
                raise sc.error(where, f"unknown state key{_hint(key, [*shared, *STATE_KEYS])}")


def _expected_zone(engine: Engine, sc: Scenario, name: str, value: Any, where: str) -> None:
    """An expected zone is what a zone can hold (review round 28: `coins: 0`, `hand: fire` and
    an unknown card failed the engine, not the scenario): a list of the cards of its kind (a
    field zone: a list of such lists); `blue*3` stands for three."""
    zone = engine.spec.zones[name]
    known = _card_kinds(engine).get(zone.cards, frozenset())
    lists = value if zone.kind == "fields" and isinstance(value, list) else [value]
    for i, cards in enumerate(lists):
        at = f"{where}[{i}]" if zone.kind == "fields" else where
        if not isinstance(cards, list):
            raise sc.error(at, f"{'a field' if zone.kind == 'fields' else name} is a list of cards, not "
                               f"{cards!r}" + (" (write [] for none)" if cards in (0, None) else ""))
        for card in expand_cards(cards):
            if not isinstance(card, str) or card not in known:
                raise sc.error(at, f"unknown card {card!r}{_hint(str(card), sorted(known))}, in {name}")


def _expected_values(sc: Scenario, spec: Any, values: dict, where: str, names: list) -> None:
    """An expected variable holds a value of its declared type (the tests a loaded state's
    variables pass; a player among the names at the table; a space is not looked at here)."""
    for var, value in values.items():
        decl = spec.vars.get(var)
        if decl is None or decl.type not in _TYPES or decl.type in ("space", "refs"):
            continue
        ok = value is None or value in names if decl.type == "player" else _TYPES[decl.type][1](value, None)
        if not ok:
            raise sc.error(f"{where}.{var}", f"{var} is {_TYPES[decl.type][0]}, not {value!r}")


@functools.lru_cache(maxsize=64)
def _zone_names(engine: Engine) -> tuple[list[str], list[str]]:
    """The names of the shared zones, and of each player's."""
    zones = engine.spec.zones
    return [z for z, d in zones.items() if not d.per_player], [z for z, d in zones.items() if d.per_player]


@functools.lru_cache(maxsize=64)
def _event_keys(engine: Engine) -> dict[str, set[str]]:
    return engine.spec.event_keys()


def _check_events(engine: Engine, sc: Scenario) -> None:
    """An expected event must be one the rules report, with keys it gives: a misspelt name or
    key would make the scenario fail every engine, the right ones included."""
    known = _event_keys(engine)
    for n, step in enumerate(sc.steps):
        expect = step.expect
        for kind in ("events", "no_events", "exact_events"):
            if kind not in expect:
                continue
            for i, e in enumerate(expect[kind] or []):
                if not isinstance(e, dict):
                    continue
                name = e.get("event")
                if name in known and all(key == "event" or key in known[name] for key in e):
                    continue
                where = f"steps[{n}].expect.{kind}[{i}]"
                if name not in known:
                    raise sc.error(f"{where}.event", f"unknown event {name!r}{_hint(str(name), sorted(known))}: "
                                                     "the rules of this game never report it")
                for key in e:
                    if key != "event" and key not in known[name]:
                        gives = ", ".join(sorted(known[name])) or "no keys"
                        raise sc.error(f"{where}.{key}", f"event {name!r} has no key {key!r}"
                                                         f"{_hint(str(key), known[name])}; it gives {gives}")


@functools.lru_cache(maxsize=64)
def _ruling_ids(engine: Engine) -> frozenset[str]:
    return frozenset(f"ruling/{name}" for name in engine.spec.rulings)


def _check_citations(engine: Engine, sc: Scenario) -> None:
    """Every id a scenario cites, and every rule id it expects a refusal to name, is a rulebook
    paragraph or a ruling of the rules loaded: a misspelt one would make an expectation no
    engine can meet, or a citation that leads nowhere."""
    known = paragraph_index()
    rulings = _ruling_ids(engine)

    def check(rid: object, field: str, i: int | None = None) -> None:
        if rid in known or rid in rulings:
            return
        where = field if i is None else f"{field}[{i}]"
        book = str(rid).split("/", 1)[0]
        near = [p for p in known if p.startswith(book + "/")] if book != "ruling" else sorted(rulings)
        raise sc.error(where, f"unknown rule id {rid!r}{_hint(str(rid), near)}: cite a rulebook paragraph "
                              "(bohnspec coverage lists them) or a ruling of the rules loaded")
    for i, rid in enumerate(sc.cites):
        check(rid, "cites", i)
    for rid in sc.refused or []:
        check(rid, "refused")
    for n, step in enumerate(sc.steps):
        if "rejected" in step.expect:
            for rid in rules_of(step.expect["rejected"]):
                check(rid, f"steps[{n}].expect.rejected")


def _board_of(engine: Engine, data: dict, count: int) -> Layout | None:
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
            raise ScenarioError("", "state.board", f"unknown board {given!r}"
                                f"{_module_hint(spec, given, 'board') or _hint(given, spec.boards)}")
        return engine.layout(given)
    try:
        return engine.inline_layout(given)
    except BoardError as exc:
        raise ScenarioError("", "state.board", str(exc)) from None


def _fill_spaces(engine: Engine, state: State, spaces: Any) -> None:
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
                raise ScenarioError("", f"{where}.{key}",
                                    f"{value!r} is not at the table{_hint(str(value), state.names())}")
            state.space_vars[sid][key] = value
    empty = [sid for sid in board.ids if not state.space_cards[sid]]
    if empty:
        which = "the board" if board.source is not None else f"board {board.name!r}"
        raise ScenarioError("", "state.spaces", f"no card lies on space(s) {', '.join(empty)}: {which} deals "
                                                "them at setup, so the state must say which card lies there "
                                                "({card: ...} under spaces)")


def _space_hint(sid: str, board: Layout) -> str:
    """Did-you-mean for a space id: a number of a numbered space written without its leading
    zero ("6" for "06"), else the closest id, else the range of a numbered board."""
    if sid.isdigit() and f"{int(sid):02d}" in board:
        return f" (did you mean '{int(sid):02d}'?)"
    hint = _hint(sid, board.ids)
    if not hint and board.ids and all(s.isdigit() for s in board.ids):
        hint = f" (its spaces are {board.ids[0]} to {board.ids[-1]})"
    return hint


def _strings(x: Any) -> bool:
    # The classes of a list's items gathered in C first: texts alone, the common answer.
    return isinstance(x, list) and (set(map(type, x)) <= _TEXT or all(isinstance(c, str) for c in x))


_TEXT = frozenset({str})


def _value_ok(v: Any) -> bool:
    return v is None or isinstance(v, (int, str)) or _strings(v)


def _values_ok(values: Any) -> bool:
    """_value_ok of every value of a dict of variables (their classes gathered in C first:
    plain numbers, texts and nothing, the common answer)."""
    return set(map(type, values.values())) <= _PLAIN or all(_value_ok(x) for x in values.values())


_PLAIN = frozenset({type(None), int, str, bool})


def _zone_ok(key: str, v: Any) -> bool:
    if key == "fields":
        return isinstance(v, list) and all(_strings(f) for f in v)
    return _strings(v)


def _shape_ok(data: Any) -> bool:
    """Whether data has the types the state schema asks for (names and cards are then
    checked against the spec)."""
    if not isinstance(data, dict) or not isinstance(data.get("players"), list) or not data["players"]:
        return False
    return all(_player_shape_ok(p) for p in data["players"]) and \
        all(key == "players" or _part_shape_ok(key, v) for key, v in data.items())


def _player_shape_ok(p: Any) -> bool:
    """_shape_ok of one player of a state."""
    if not isinstance(p, dict) or not isinstance(p.get("name"), str) or not p["name"]:
        return False
    for k, z in p.items():
        if k == "vars":
            if not isinstance(z, dict) or not _values_ok(z):
                return False
        elif k != "name" and not _zone_ok(k, z):
            return False
    return True


# The shape of each part of a state other than its players and zones (those are lists of cards).
_PART_SHAPES: dict[str, Callable[[Any], bool]] = {
    **dict.fromkeys(("starting_player", "active", "phase"), lambda v: isinstance(v, str)),
    "modules": _strings, "winners": _strings,
    "options": lambda v: isinstance(v, dict) and all(isinstance(x, str) for x in v.values()),
    "vars": lambda v: isinstance(v, dict) and _values_ok(v),
    "shuffles": lambda v: isinstance(v, list) and all(_strings(s) for s in v),
    "over": lambda v: isinstance(v, bool),
    "board": lambda v: isinstance(v, (str, dict)),
    # (a space's card is a text or nothing, never a number: round 62's engine author had `7` pass)
    "spaces": lambda v: isinstance(v, dict) and all(isinstance(x, dict) and _values_ok(x)
                                                    and (x.get("card") is None or x["card"].__class__ is str)
                                                    for x in v.values()),
}


def _part_shape_ok(key: str, v: Any) -> bool:
    """_shape_ok of one part of a state other than `players` (a shared zone, the variables, ...)."""
    check = _PART_SHAPES.get(key)
    return check(v) if check is not None else _zone_ok(key, v)


def _singular(category: str) -> str:
    """A card category as a word before "cards" (`vines`: the vine cards)."""
    return category[:-1] if category.endswith("s") else category
