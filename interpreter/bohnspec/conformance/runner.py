"""The conformance runner: play each scenario against an engine and give it a verdict.

The engine is reached through an adapter with two calls, `start(scenario)` and
`apply(action)`, each returning plain JSON data (and `load(state)` for `--isolate`); the
in-process adapter (inprocess.py) wraps the reference interpreter, and the protocol adapter
(protocol.py) an outside engine.
"""

from __future__ import annotations

import fnmatch
import functools
import json
import re
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

from .. import paths
from . import scenario as S
from ..errors import ActionError, BohnspecError, ScenarioError, ShuffleMismatch, SpecRuntimeError, closest, suggest
from ..execution.interpret import Engine, Outcome, Rejection
from .deciding import (LEADING, LIMIT, allowed_here, changing_parts, deciding_paragraphs, held_cites, in_play,
                       refusing_cites, replacements_at, with_rulings)
from .inprocess import HOOK_EVENTS, InProcess  # noqa: F401  (callers take the reference adapter from the runner)
from .protocol import EngineFault, EngineUnsupported
from ..execution.state import State, expand_runs
from ..language.model import Option

if TYPE_CHECKING:
    from ..language.spec import Spec

PASSED, FAILED, ERRORED, SKIPPED = "passed", "failed", "errored", "skipped"
NOT_APPLICABLE, TIMEOUT, PROTOCOL_ERROR = "not-applicable", "timeout", "protocol-error"
VERDICTS = (PASSED, FAILED, ERRORED, SKIPPED, NOT_APPLICABLE, TIMEOUT, PROTOCOL_ERROR)
# Verdicts that say the engine (not the corpus) misbehaved: the engine process is restarted.
ENGINE_FAULTS = (ERRORED, TIMEOUT, PROTOCOL_ERROR)


@dataclass
class StepResult:
    index: int
    action: dict | None
    ok: bool
    problems: list[str] = field(default_factory=list)
    # The engine's rejection, if it refused the action (or the setup): its rule id and reason.
    rule: str | None = None
    reason: str | None = None
    # The paragraphs that decide this step (the rule the reference refused with, or the
    # citations of the clauses whose events the step expects); filled for failing steps.
    paragraphs: list[str] = field(default_factory=list)
    setup: bool = False  # not a step of the scenario: its setup (refused, or refused wrongly)
    note: str = ""  # the scenario's words on this step, shown with its failure

    def to_json(self) -> dict:
        out: dict[str, Any] = {"index": self.index, "action": self.action, "ok": self.ok, "problems": self.problems}
        if self.setup:
            out["setup"] = True
        if self.note:
            out["note"] = self.note
        if self.reason is not None or self.rule is not None:
            out["rejected"] = {"rule": self.rule, "reason": self.reason or ""}
        if self.paragraphs:
            out["paragraphs"] = self.paragraphs
        return out


@dataclass
class Verdict:
    id: str
    path: str
    verdict: str
    message: str = ""
    steps: list[StepResult] = field(default_factory=list)
    seconds: float = 0.0
    cites: list[str] = field(default_factory=list)
    stderr: str = ""
    expected: str | None = None  # the verdict a known-failures list expects, if listed
    reason: str = ""  # the list's reason or link
    title: str = ""
    broken: bool = False  # the scenario itself is wrong (a bug of the corpus, not of the engine)
    fault_step: int | None = None  # the step (0-based) during which the engine faulted; None: at the start
    fault_request: dict | None = None  # the request that was being answered then
    isolated: bool = False  # played with --isolate: every step from the reference's state

    @property
    def ok(self) -> bool:
        """Passed, or failed exactly as the known-failures list says it would."""
        if self.expected is not None:
            return self.verdict == self.expected and self.verdict != PASSED
        return self.verdict not in (FAILED, *ENGINE_FAULTS)

    def failure_message(self, limit: int = 300) -> str:
        """The first failing step's problems in one short line, counting steps from 1 as the
        terminal does ("step 2"; its JSON `index` is 1)."""
        failed = next((s for s in self.steps if not s.ok), None)
        if failed is None or not failed.problems:
            return ""
        where = "the setup" if failed.setup else f"step {failed.index + 1}"
        text = f"{where}: " + "; ".join(" ".join(p.split()) for p in failed.problems)
        return text if len(text) <= limit else text[:limit - 3] + "..."

    def to_json(self) -> dict:
        out = {"id": self.id, "path": self.path, "verdict": self.verdict, "seconds": round(self.seconds, 4),
               "cites": self.cites, "steps": [s.to_json() for s in self.steps]}
        if self.title:
            out["title"] = self.title
        if self.broken:
            out["scenario_error"] = True
        if self.isolated:
            out["isolated"] = True
        message = self.message or self.failure_message()
        if message:
            out["message"] = message
        if self.verdict in ENGINE_FAULTS and (self.fault_request is not None or self.fault_step is not None):
            out["fault"] = {"step": self.fault_step, "request": self.fault_request}
        if self.stderr:
            out["stderr"] = self.stderr
        if self.expected is not None:
            out["expected_verdict"] = self.expected
            if self.reason:
                out["expected_reason"] = self.reason
        failed = [s for s in self.steps if not s.ok]
        if failed:
            s = failed[0]
            out["failed_step"] = {"index": s.index, "action": s.action, "problems": s.problems}
            out["failed_steps"] = [s.to_json() for s in failed]
        return out


# ------------------------------------------------------------ matching

def normalise(value: Any) -> Any:
    """Expand `blue*3` in card lists, recursively (a list without the shorthand is given back
    as it is: the answer is only read)."""
    if isinstance(value, list):
        for v in value:  # (loops, not all() over a generator: this runs for every expected list)
            if v.__class__ is not str and not isinstance(v, str):
                return [normalise(v) for v in value]
        return expand_runs(value)
    if isinstance(value, dict):
        return {k: normalise(v) for k, v in value.items()}
    return value


def state_view(state_json: dict) -> dict:
    """The state with players keyed by name, as expectations write them."""
    view = dict(state_json)
    view["players"] = {p["name"]: p for p in state_json.get("players", [])}
    return view


def _state_part(reply: dict, expected: Any) -> dict:
    """The state of a reply as expectations are compared with it (state_view): only the part
    `expected` names when the adapter can make that alone (the in-process Reply), else all."""
    part = getattr(reply, "state_part", None)
    got = part(expected) if part is not None and isinstance(expected, dict) else None
    return got if got is not None else state_view(reply["state"])


def subset_holds(expected: Any, actual: Any) -> bool:
    """Whether `actual` matches the subset `expected`, as subset_problems judges it: the quick
    answer for the common match, with no message made on the way."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return False
        for k, v in expected.items():
            if k not in actual or not subset_holds(v, actual[k]):
                return False
        return True
    return json_equal(normalise(expected) if expected.__class__ is list else expected, actual)


def subset_problems(expected: Any, actual: Any, path: str = "state") -> list[str]:
    """Where `actual` differs from the subset `expected` (objects match on the keys given,
    everything else exactly): one line per difference, none when it matches."""
    if subset_holds(expected, actual):
        return []
    return _subset_problems(expected, actual, path)


def _dumps(value: Any, most: int = 2000) -> str:
    """A value for a difference, as JSON, cut short: an engine's list of millions of cards made a
    report of 40 MB (round 43)."""
    if isinstance(value, list) and len(value) > 200:
        head = json.dumps(value[:100])
        return f"{head[:-1]}, ... {len(value) - 100:,} more ({len(value):,} in all)]"
    text = json.dumps(value)
    return text if len(text) <= most else f"{text[:most]}... ({len(text) - most:,} characters more)"


def _subset_problems(expected: Any, actual: Any, path: str) -> list[str]:
    problems = []
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path}: expected an object, got {_dumps(actual)}"]
        for k, v in expected.items():
            if k not in actual:
                problems.append(f"{path}.{k}: expected {json.dumps(normalise(v))}, but it is missing")
            else:
                problems.extend(_subset_problems(v, actual[k], f"{path}.{k}"))
        return problems
    expected = normalise(expected)
    if not json_equal(expected, actual):
        problems.append(f"{path}:\n    expected {_dumps(expected)}\n    actual   {_dumps(actual)}"
                        + _first_difference(expected, actual))
    return problems


def _first_difference(expected: Any, actual: Any) -> str:
    """For two long lists (a box of 35 cards), where they first part: two such lists side by side
    hid it (round 44's engine writer)."""
    if not (isinstance(expected, list) and isinstance(actual, list)) or max(len(expected), len(actual)) <= 10:
        return ""
    k = next((i for i, (e, a) in enumerate(zip(expected, actual)) if not json_equal(e, a)),
             min(len(expected), len(actual)))

    def said(xs: list) -> str:
        return json.dumps(xs[k]) if k < len(xs) else "nothing (the list ends)"
    return f"\n    first difference at [{k}] (counted from 0): expected {said(expected)}, actual {said(actual)}"


def differing_places(expected: Any, actual: Any, path: str = "") -> list[str]:
    """The places (`players.Nina.hand`, `vars.offer_from`) where `actual` differs from the
    subset `expected`, as subset_problems finds them."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        out = []
        for k, v in expected.items():
            sub = f"{path}.{k}" if path else str(k)
            if k not in actual:
                out.append(sub)
            elif not subset_holds(v, actual[k]):
                out.extend(differing_places(v, actual[k], sub))
        return out
    return [] if subset_holds(expected, actual) else [path]


def _keys_added(before: Any, after: Any, path: str = "state") -> list[str]:
    """The keys `after` has and `before` has not (subset_problems tells only the other way): a
    state whose reply left a key out shows, against the next one, as that key appearing."""
    if not isinstance(before, dict) or not isinstance(after, dict):
        return []
    out = []
    for k, v in after.items():
        if k not in before:
            out.append(f"{path}.{k}: {_dumps(v)} is there now, but missing from the state before (a reply must "
                       "hold the whole state, every key)")
        else:
            out.extend(_keys_added(before[k], v, f"{path}.{k}"))
    return out


def json_equal(a: Any, b: Any) -> bool:
    """Equality of JSON values: Python's `==` would let `true` match `1` and `false` match `0`,
    and an engine answering a number where the rules give a truth value must not pass."""
    if a.__class__ is str:  # the common leaf (a card, a name), first
        return b.__class__ is str and a == b
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a is b
    if isinstance(a, list):
        if not isinstance(b, list) or len(a) != len(b):
            return False
        if a == b and not [x for x in a if x.__class__ is not str]:
            return True  # a list of texts (cards), equal as Python sees it: equal as JSON too
        for x, y in zip(a, b):
            if not json_equal(x, y):
                return False
        return True
    if isinstance(a, dict):
        if not isinstance(b, dict) or a.keys() != b.keys():
            return False
        for k, v in a.items():
            if not json_equal(v, b[k]):
                return False
        return True
    return bool(a == b) and not isinstance(b, (list, dict, bool))


match_subset = subset_problems  # the old name, for callers written before the rename


def _shown_events(actual: list[dict]) -> str:
    return "\n      ".join(json.dumps(e) for e in actual) or "(none)"


def _nearest(expected: dict, actual: list[dict]) -> str:
    """The actual event of the same name that differs from the expected one in the fewest keys,
    with those keys, as a line to add to a message ("" when none has the name)."""
    best: tuple[list[str], dict] | None = None
    for a in actual:
        if not isinstance(a, dict) or a.get("event") != expected.get("event"):
            continue
        keys = [k for k in expected if k != "event" and (k not in a or not subset_holds(expected[k], a[k]))]
        if keys and (best is None or len(keys) < len(best[0])):
            best = (keys, a)
    if best is None:
        return ""
    keys, a = best
    shown = "; ".join(f"{k}: expected {_dumps(expected[k])}, actual "
                      f"{_dumps(a[k]) if k in a else 'missing'}" for k in keys)
    return f"\n    the nearest {expected.get('event')!r} event differs in {shown}"


def _own_names_near(problems: list[str], own: Iterable[str], what: str) -> list[str]:
    """For each name a problem says is missing (`state.draw_pile: expected [], but it is
    missing`), a name of the engine's own that is near it (`drawPile`), which the runner set
    aside uncompared: a misspelling, most likely."""
    own = sorted(own)
    if not own:
        return []
    squashed = {re.sub(r"[_\-]", "", n).lower(): n for n in own}
    out = []
    for problem in problems:
        m = re.match(r"(?:event )?(?:\S*\.)?(\w+)(?::|\[)", problem)
        if m is None or ("missing" not in problem):
            continue
        name = m[1]
        near = squashed.get(re.sub(r"[_\-]", "", name).lower()) or closest(name, own)
        if near is not None and near != name:
            where, which = ("state", "a key") if what == "key" else ("reply", "an event")
            line = (f"the engine's {where} has {which} {near!r} of its own, set aside and never compared: "
                    f"did it mean {name!r}?")
            if line not in out:
                out.append(line)
    return out


def match_events(expected: list[dict], actual: list[dict]) -> list[str]:
    """Expected events must occur in order among the actual ones (others may come between)."""
    i = 0
    for n, exp in enumerate(expected):
        exp = normalise(exp)
        start = i
        while i < len(actual) and not subset_holds(exp, actual[i]):
            i += 1
        if i == len(actual):
            wanted = ""
            if len(expected) > 1:
                wanted = ("\n    the events expected, in this order (others may come between):\n      "
                          + "\n      ".join(json.dumps(normalise(e)) for e in expected))
            after = f" after the one matching events[{n - 1}]" if n else ""
            return [f"events[{n}]: expected {json.dumps(exp)} (in this order), not found{after} among:\n      "
                    f"{_shown_events(actual)}{_nearest(exp, actual[start:])}{wanted}"]
        i += 1
    return []


def _emitted_where(spec: Any, expected: list, problem: str) -> list[str]:
    """Where the rules emit the event an `events[N]` problem (match_events) found missing: the
    clause to read (a designer's handler whose condition never held told nothing of itself,
    round 94's)."""
    m = re.match(r"events\[(\d+)\]", problem)
    wanted = expected[int(m[1])] if m is not None and int(m[1]) < len(expected) else None
    name = wanted.get("event") if isinstance(wanted, dict) else None
    if not isinstance(name, str):
        return []
    return _emit_sites_told(spec, name, "")


def _emit_sites(spec: Any, name: str) -> list[tuple[Any, Any]]:
    """The (declaration, emit statement) pairs of the rules that emit event `name`."""
    from ..language.spec import emits_of
    return [(d, n) for d in spec.all_decls() for n in emits_of(d, name)]


def _emit_sites_told(spec: Any, name: str, how: str) -> list[str]:
    """Where the rules raise event `name`, with the paragraphs those declarations cite: an
    outside engine's author reads the rulebook's words (`explain ID --words`), not the spec's
    source (round 95's outside engine was sent to spec/base/draw-pile.bohn)."""
    found = _emit_sites(spec, name)
    sites = [f"{n.loc} (in {type(d).__name__.lower()} {getattr(d, 'name', '')})".replace(" )", ")")
             for d, n in found]
    if not sites:
        return []
    shown = ", ".join(sites[:4]) + (f" and {len(sites) - 4} more" if len(sites) > 4 else "")
    cites = list(dict.fromkeys(c for d, _ in found for c in (getattr(d, "cites", ()) or ())[:2]))[:4]
    read = (f"; they cite {', '.join(cites)}: `bohnspec explain {cites[0]} --words` says the rule in words"
            if cites else ": `bohnspec explain` the clause for its conditions")
    return [f"the rules emit {name!r} at {shown}{how}{read}"]


def _extra_names(expected: list, actual: list) -> list[str]:
    """The names of the events reported in `actual` that no event of `expected` bears, each once
    (an extra event: `reshuffled` where the rules reshuffle nothing)."""
    named = {e.get("event") for e in expected if isinstance(e, dict)}
    return list(dict.fromkeys(e["event"] for e in actual if isinstance(e, dict) and isinstance(e.get("event"), str)
                              and e["event"] not in named))


def absent_problems(forbidden: list[dict], actual: list[dict]) -> list[str]:
    """`no_events`: none of the actual events may match any of these."""
    out = []
    for n, pattern in enumerate(forbidden):
        pattern = normalise(pattern)
        for e in actual:
            if subset_holds(pattern, e):
                out.append(f"no_events[{n}]: {json.dumps(pattern)} must not happen, but it did: {json.dumps(e)}")
                break
    return out


def exact_problems(expected: list[dict], actual: list[dict]) -> list[str]:
    """`exact_events`: the actual events are exactly these, one for one, in this order."""
    expected = [normalise(e) for e in expected]
    if len(expected) == len(actual) and all(subset_holds(x, a) for x, a in zip(expected, actual)):
        return []
    shown = "\n      ".join(json.dumps(e) for e in expected) or "(none)"
    first = next((k for k, (x, a) in enumerate(zip(expected, actual)) if not subset_holds(x, a)), None)
    where = ""
    if first is not None:
        x, a = expected[first], actual[first]
        if isinstance(a, dict) and a.get("event") == x.get("event"):
            near = _nearest(x, [a])
            where = near.replace("the nearest", f"the first difference, at [{first}]: the", 1)
        else:
            got = a.get("event") if isinstance(a, dict) else a
            where = f"\n    the first difference, at [{first}]: expected {x.get('event')!r}, actual {got!r}"
    elif len(expected) != len(actual):
        where = (f"\n    the first difference, at [{min(len(expected), len(actual))}]: "
                 + ("an event more than expected" if len(actual) > len(expected) else "an event missing"))
    return [f"exact_events: expected exactly these events, in this order:\n      {shown}\n"
            f"    actual:\n      {_shown_events(actual)}{where}"]


def rejection_text(rule: str | None, reason: str | None) -> str:
    """How a rejection is shown: `rejected [RULE]: reason`, or `rejected: reason` without a rule."""
    return "rejected" + (f" [{rule}]" if rule else "") + (f": {reason}" if reason else "")


def _rules_shown(rules: list[str]) -> str:
    return rules[0] if len(rules) == 1 else "one of " + ", ".join(rules)


# ------------------------------------------------------------ normative and internal state

def internal_vars(spec: Spec) -> set[str]:
    """The variables the spec declares `internal` (the reference's bookkeeping)."""
    return {name for name, var in spec.vars.items() if getattr(var, "internal", False)}


def _bookkeeping_set(spec: Any, state: Any, internal: set[str]) -> list[str]:
    """The internal variables of a loaded state that are not at their declared defaults, as
    `vars.planted = 1` (`players.Nina.vars.x`): what an engine that keeps none of them ignores."""
    out: list[str] = []

    def visit(values: Any, where: str) -> None:
        for name, value in (values or {}).items() if isinstance(values, dict) else ():
            decl = spec.vars.get(name)
            if name in internal and decl is not None and value != _default_value(decl.default):
                out.append(f"{where}vars.{name} = {json.dumps(value)}")
    if isinstance(state, dict):
        visit(state.get("vars"), "")
        for p in state.get("players") or []:
            if isinstance(p, dict):
                visit(p.get("vars"), f"players.{p.get('name')}.")
    return out[:8]


def _default_value(node: Any) -> Any:
    """A variable's declared default as JSON has it: a constant, or an empty list."""
    if node is None:
        return None
    if node.kind == "const":
        return node.args[0]
    if node.kind == "list" and not node.args[0]:
        return []
    return object()  # worked out by the rules: never equal, so always named


def without_internal(state: Any, internal: set[str]) -> Any:
    """A state (or an expected subset of one) without the internal variables: what an engine
    that does not claim `internal_state` is compared on. Players may be a list or keyed by name."""
    if not internal or not isinstance(state, dict):
        return state
    out = _vars_without(state, "vars", internal)
    players = out.get("players")
    if isinstance(players, dict):
        out["players"] = {n: _vars_without(p, "vars", internal) for n, p in players.items()}
    elif isinstance(players, list):
        out["players"] = [_vars_without(p, "vars", internal) for p in players]
    if isinstance(out.get("spaces"), dict):
        spaces = {sid: _without(sp, internal) for sid, sp in out["spaces"].items()}
        out["spaces"] = {sid: sp for sid, sp in spaces.items() if sp != {} or out["spaces"][sid] == {}}
    return out


def _without(values: Any, internal: set[str]) -> Any:
    return {k: v for k, v in values.items() if k not in internal} if isinstance(values, dict) else values


def _vars_without(holder: Any, key: str, internal: set[str]) -> Any:
    """`holder` (a state, a player) with its `key` object stripped of the internal variables,
    and left out when nothing else was in it: an expectation that names only internal
    variables asks nothing of an engine that keeps none (not "vars: {}")."""
    if not isinstance(holder, dict) or not isinstance(holder.get(key), dict):
        return holder
    out = dict(holder)
    kept = _without(out[key], internal)
    if kept or not out[key]:
        out[key] = kept
    else:
        del out[key]
    return out


# ------------------------------------------------------------ what an engine does not claim

def scenario_options(spec: Spec, sc: S.Scenario) -> dict[str, str]:
    """The value of every option of the scenario's game: given, or the option's default."""
    given: dict = {}
    if sc.setup is not None:
        given.update(sc.setup.get("options") or {})
        if "beans" in sc.setup:
            given["beans"] = sc.setup["beans"]
    elif isinstance(sc.state, dict):
        given.update(sc.state.get("options") or {})
    return {name: str(given.get(name, opt.default)) for name, opt in spec.options.items()}


# The capabilities a hello may claim (PROTOCOL.md, Capabilities).
CLAIMS = ("modules", "rule_ids", "events", "legal_actions", "options", "internal_state", "pipelining")
# The claims that make a run compare a part of each reply, and what the run leaves out without them.
COMPARED_BY = {"rule_ids": "the rule ids of rejections", "events": "the events of actions"}


def not_compared(claims: dict) -> list[str]:
    """The claims (of COMPARED_BY) an engine does not make: what a run of it compares nowhere."""
    return [key for key in COMPARED_BY if claims.get(key) is not True]


def claim_warnings(claims: dict, version: int, extra_rules: Iterable[str] = ()) -> list[str]:
    """What in an engine's claims names nothing the rules know: a capability near one of the
    protocol's, a module, an option or an option value (a misspelt claim would otherwise be read
    silently, as claiming nothing)."""
    from ..language import spec as spec_module
    files = spec_module.parse_files([*spec_module.spec_files(), *extra_rules])
    known_modules = sorted(spec_module.module_closure(files, None))
    out = []
    # (`ruleIds`, `event`, `pipeline`: a JavaScript engine's natural spellings, read as claims of
    # its own, turned off what they would have; round 80's engine author passed with no word)
    squashed = {c.replace("_", ""): c for c in CLAIMS}
    for key in claims:
        if key in CLAIMS or not isinstance(key, str):
            continue
        near = squashed.get(re.sub(r"[_\-\s]", "", key).lower()) or squashed.get(
            re.sub(r"[_\-\s]", "", key).lower().rstrip("s") + "s") or closest(key, CLAIMS)
        if near is not None:
            out.append(f"the engine claims {key!r}, which is no capability (did you mean {near!r}?): a claim of its "
                       f"own is read as nothing" + (f", so {COMPARED_BY[near]} are not compared" if near in COMPARED_BY
                                                   and claims.get(near) is not True else ""))
    for m in claims.get("modules") or []:
        if m not in known_modules:
            out.append(f"the engine claims module {m!r}, which the rules do not have"
                       f"{suggest(m, known_modules)}; the modules: {', '.join(known_modules)}")
    options = claims.get("options") if version >= 2 else None
    if isinstance(options, dict) and options:
        # Two modules may declare an option of one name (`layout`: Dschingis Bohn's and
        # Bohnaparte's maps): its values are those of every declaration.
        declared: dict[str, list[str]] = {}
        for f in files:
            for d in f.decls:
                if isinstance(d, Option):
                    known = declared.setdefault(d.name, [])
                    known.extend(v for v in d.values if v not in known)
        for name, values in options.items():
            allowed = declared.get(name)
            if allowed is None:
                out.append(f"the engine claims option {name!r}, which the rules do not have"
                           f"{suggest(name, sorted(declared))}: the claim is read as nothing")
                continue
            for v in values if isinstance(values, list) else []:
                if allowed and v not in allowed:
                    out.append(f"the engine claims {name}={v!r}, which is not a value of {name}"
                               f"{suggest(v, allowed)}; its values: {', '.join(allowed)}")
    return out


def not_claimed(claims: dict, sc: S.Scenario, spec: Spec | None, version: int) -> str:
    """Why the engine cannot play this scenario by its own claims ("" if it can): an option
    value it does not list, or a protocol-2 expectation (a refused setup) of a version-1 engine."""
    if sc.refused is not None and version < 2:
        return "a refused setup is answered only in protocol 2; the engine speaks protocol 1"
    options = claims.get("options") if version >= 2 else None
    if isinstance(options, dict) and spec is not None:
        for name, value in scenario_options(spec, sc).items():
            allowed = options.get(name)
            if isinstance(allowed, list) and value not in allowed:
                return (f"needs option {name}={value}; the engine claims only "
                        f"{', '.join(map(str, allowed)) or 'none'}")
    return ""


# ------------------------------------------------------------ the reference's way through a scenario

@dataclass
class Trace:
    """What the reference interpreter makes of a scenario: the state before each step (`states`;
    as JSON, `before`), and its outcome of each step (None for a step without an action). The
    states are the reference's own, never changed: whoever plays on from one copies it."""
    outcomes: list[Outcome | None]
    states: list[State]
    _json: dict[int, dict] = field(default_factory=dict, repr=False)

    def before(self, index: int) -> dict:
        """The JSON of the state before step `index`, written when first asked (a trace is
        mostly made for the rules a refusal may cite, which need no JSON)."""
        found = self._json.get(index)
        if found is None:
            found = self._json[index] = self.states[index].to_json()
        return found

    def paragraphs(self, engine: Engine, sc: S.Scenario, index: int, theirs: list | None = None,
                   wrong: list[str] | None = None) -> list[str]:
        """The paragraphs that decide step `index` (deciding.py); `theirs`: the engine's events;
        `wrong`: the places of the state the engine got wrong (their changers' paragraphs first).
        The expected events the engine's do not match speak first (a `game_over` whose winners
        differ: the winners rule, not the harvest that ended the game)."""
        outcome, step = self.outcomes[index], sc.steps[index]
        if outcome is None:
            return []
        def listed(*keys: str) -> list[dict]:
            return [e for key in keys for e in step.expect.get(key) or [] if isinstance(e, dict)]
        named = {e.get("event") for e in listed("events", "exact_events", "no_events")}
        missed = set() if theirs is None else {e.get("event") for e in listed("events", "exact_events")
                                               if not any(subset_holds(e, t) for t in theirs)}
        found = deciding_paragraphs(engine.spec, step.action, outcome, named, theirs, missed,
                                    engine, self.states[index])
        if theirs is not None and outcome.rejection is None:
            # An event the engine added that the rules never raised here: where the rules raise
            # it speaks first (round 95's outside engine reshuffled an empty discard pile).
            extra = _extra_names(outcome.events, theirs)
            if extra:
                raised = [c for name in extra for d, _ in _emit_sites(engine.spec, name)
                          for c in (getattr(d, "cites", ()) or ())[:LEADING]]
                found = list(dict.fromkeys([*in_play(engine.spec, raised), *found]))[:LIMIT]
        if wrong and outcome.rejection is None:
            head, rest = changing_parts(engine, self.states[index], step.action, wrong)
            if theirs is not None and any(e not in theirs for e in outcome.events):
                # The engine's events differ too (a harvest paying other coins): what decides
                # them (the variety's Beanometer) comes right after the leading changers.
                head = [*head, *[f for f in found if f not in head][:LEADING]]
            found = list(dict.fromkeys([*head, *rest, *found]))[:LIMIT]
        return found

    def fair_rules(self, engine: Engine, sc: S.Scenario, index: int, listed: list[str],
                   strict: bool = False) -> set[str]:
        """The ids a refusal of step `index` may fairly cite besides those the scenario lists:
        every citation of each clause that refuses the action in the reference's state there (an
        engine may check its rules in another order, and cite any paragraph a broken rule
        rests on), when one of those clauses cites a rule the scenario lists (the first's
        first citation is the reference's own answer; a scenario written from the rulebook
        names the paragraph it read, where a clause may put a ruling first or another clause
        refuse first); else none."""
        outcome = self.outcomes[index]
        if outcome is None or outcome.rejection is None:
            return set()
        return rules_fair_for(engine, self.states[index], sc.steps[index].action, outcome.rejection, listed, strict)


def rules_fair_for(engine: Engine, state: State, action: Any, rejection: Rejection, listed: list[str],
                   strict: bool = False) -> set[str]:
    """Trace.fair_rules for an action the reference refused (`rejection`) in `state`; `strict`:
    of the clause that decided it alone (round 86's blind author had a step pass on a clause
    he did not mean, the game being over)."""
    try:
        refusing = [] if strict else engine.refusals(state.copy(), action)
    except BohnspecError:
        refusing = [rejection]
    fair = {c for r in [rejection, *refusing] for c in refusing_cites(engine.spec, action, r, engine, state)}
    # Any rule the action breaks there will do for the scenario (a combat under way refuses
    # a charge, and so does the beaten troop the author had in mind).
    return fair if fair & set(listed) else set()


def reference_trace(engine: Engine, sc: S.Scenario, check: bool = True) -> Trace:
    """The reference's way through the scenario (`check=False`: its starting state is not
    checked again, for a scenario whose start has already been checked or vouched for)."""
    state, _ = S.build_state(engine, sc, check=check)
    states: list[State] = []
    outcomes: list[Outcome | None] = []
    for step in sc.steps:
        # Not applied in place: each action leaves the state before it as it was.
        states.append(state)
        if step.action is None:
            outcomes.append(None)
            continue
        outcome = engine.apply(state, step.action)
        state = outcome.state
        outcomes.append(outcome)
    return Trace(outcomes, states)


# ------------------------------------------------------------ running

class Adapter(Protocol):
    """What run_scenario plays a scenario through: inprocess.InProcess (the reference) or
    protocol.ProtocolAdapter (an outside engine). The rest it uses when an adapter has it:
    `load(state)` with isolate; ensure, restart, capabilities, version, reference_engine and
    last_request; will_apply (the steps it will apply after the next start) and will_run (the
    scenario after that), which an outside engine's adapter uses to send ahead."""

    def start(self, sc: S.Scenario) -> dict[str, Any]: ...

    def apply(self, action: dict[str, Any]) -> dict[str, Any]: ...


def run_scenario(adapter: Adapter, sc: S.Scenario, isolate: bool = False,
                 upcoming: S.Scenario | None = None, strict_refusals: bool = False) -> Verdict:
    """Play one scenario through the adapter. Rule ids, events and internal variables are
    compared only where the engine claims them; a rejection must always be a rejection that
    leaves the state as it was; with `strict_refusals`, one citing a rule the clause that decides
    it cites, not any clause that would refuse it too. With `isolate`, before each step after the first the engine is
    loaded with the reference interpreter's state at that point, so that every step is judged
    on its own and every failing step is reported. `upcoming`: the scenario played next on this
    adapter, if known (an outside engine's adapter makes ready what it will send, while the
    engine works)."""

    started = time.perf_counter()
    verdict = Verdict(sc.id, sc.path, PASSED, cites=list(sc.cites), title=sc.title, isolated=isolate)
    result: StepResult | None = None  # the step under way
    try:
        cast(Any, adapter).last_request = None  # what the previous scenario asked last is not this one's
    except AttributeError:
        pass  # an adapter that tracks it itself
    trace: list = []  # [Trace] once computed
    setup_fair: frozenset[str] = frozenset()  # the ids a refused setup may cite (_check_refusal)

    def traced() -> Trace:
        """The reference's way through the scenario, made once, when a step first needs it."""
        assert reference is not None  # asked only where the adapter has a reference
        if not trace:
            # Asked after the start, which checked the starting state (or found it fit before).
            trace.append(reference_trace(reference(sc), sc, check=False))
        return trace[0]

    def fair(index: int, listed: list[str]) -> set[str]:
        if reference is None:
            return set()
        try:
            # The reference in this process refused the step itself, leaving its state as it
            # was: the rules are asked there, without playing the scenario again up to it.
            own = getattr(adapter, "refused_here", None)
            found = own(reference(sc), sc.steps[index].action) if own is not None else None
            if found is not None:
                state, action, rejection = found
                return rules_fair_for(reference(sc), state, action, rejection, listed, strict_refusals)
            return traced().fair_rules(reference(sc), sc, index, listed, strict_refusals)
        except BohnspecError:
            return set()

    def _reference_refuses_so(index: int, rule: str | None) -> str:
        """Under --strict-refusals, said where the reference refuses the step under the very rule
        the engine gave: the scenario names another, which is its author's to mend, not the
        engine's (round 95's outside engine read such a failure as its own)."""
        if reference is None or rule is None:
            return ""
        try:
            outcome = traced().outcomes[index]
        except (BohnspecError, IndexError):
            return ""
        if outcome is None or outcome.rejection is None or outcome.rejection.rule != rule:
            return ""
        return ("\n    the reference interpreter refuses it with this rule too: under --strict-refusals the "
                "scenario's rule is not the one the deciding clause cites, which is the scenario's to mend, "
                "not the engine's")

    def paragraphs(index: int, theirs: list | None, wrong: list[str], refused_by: str | None = None) -> list[str]:
        if reference is None:
            return []
        try:
            found = traced().paragraphs(reference(sc), sc, index, theirs, wrong) or list(sc.cites)
        except BohnspecError:
            return list(sc.cites)
        if refused_by:
            # The engine refused what the rules allow, under a rule of theirs: the clauses
            # citing it hold here, and what they cite says why (a river chain's crossing);
            # then what allows the action there (an end of phase 1: its grant, not what the
            # phase 2 it opens does).
            ref = reference(sc)
            action = sc.steps[index].action
            allowing = allowed_here(ref, traced().states[index], action)
            found = list(dict.fromkeys([*held_cites(ref.spec, action, refused_by), *allowing, *found]))[:LIMIT]
        return found

    try:
        reference = getattr(adapter, "reference_engine", None)
        spec = None
        checked = None
        if reference is not None:
            try:
                ref = reference(sc)
            except SpecRuntimeError:
                raise
            except BohnspecError as exc:
                # The game the scenario names cannot be built (an unknown module, two that are
                # never played together): the scenario's `modules:` is wrong, not the engine.
                raise sc.error("modules", str(exc)) from None
            spec = ref.spec
            # Expectations naming a player, zone or variable that cannot exist are the
            # scenario's bug: told before the engine is blamed for not matching them (unless
            # the scenario was found sound under these rules before: conformance/checked.py).
            checked = getattr(adapter, "checked", None)
            if checked is not None and sc in checked:
                checked = None  # found to fit before: nothing to check, nothing to record
            else:
                S.check_expectations(ref, sc)
            if sc.setup is not None:
                built, setup_fair = _check_refusal(ref, sc)
                reuse = getattr(adapter, "reuse_setup", None)
                if built is not None and reuse is not None:
                    reuse(sc, ref, built)  # the reference itself under test: one new game, not two
            if isolate and sc.refused is None:
                trace.append(reference_trace(ref, sc))
        ensure = getattr(adapter, "ensure", None)
        if ensure is not None:
            ensure()  # the handshake's claims decide what is compared (and what is not applicable)
        claims = getattr(adapter, "capabilities", None) or {}
        version = getattr(adapter, "version", 2)
        why = not_claimed(claims, sc, spec, version)
        if why:
            verdict.verdict, verdict.message = NOT_APPLICABLE, why
            verdict.seconds = time.perf_counter() - started
            return verdict
        plan = getattr(adapter, "will_apply", None)
        if plan is not None and not isolate:
            plan([step.action for step in sc.steps if step.action is not None])
        after = getattr(adapter, "will_run", None)
        if after is not None:
            after(None if isolate else _claimed(reference, claims, upcoming, version))
        reply = adapter.start(sc)
        if checked is not None:
            checked.add(sc)  # its state (checked as it started) and expectations fit the rules
        # Read the claims only now: a fresh engine process makes them in its handshake.
        claims = getattr(adapter, "capabilities", None) or {}
        compare_rules = claims.get("rule_ids") is True
        compare_events = claims.get("events") is True
        # `internal_state` is a version-2 claim: a version-1 engine is compared without it.
        keeps_internal = claims.get("internal_state") is True and getattr(adapter, "version", 2) >= 2
        internal = set() if keeps_internal or spec is None else internal_vars(spec)
        # The events of the contract: those the rules report. An engine's own others (a log
        # line, say) are left out before `exact_events` counts them.
        contract = spec.event_names - HOOK_EVENTS if spec is not None else None
        if sc.refused is not None:
            result = StepResult(0, None, True, setup=True)
            verdict.steps.append(result)
            if reply.get("rejected"):
                result.rule, result.reason = reply.get("rule"), reply.get("reason") or ""
                if compare_rules and reply.get("rule") not in sc.refused and reply.get("rule") not in setup_fair:
                    result.problems.append(f"the setup was {rejection_text(reply.get('rule'), reply.get('reason'))}; "
                                           f"expected it refused citing {_rules_shown(sc.refused)}")
            else:
                result.problems.append(f"the setup was accepted; expected it refused [{_rules_shown(sc.refused)}]")
            if result.problems:
                result.ok, verdict.verdict = False, FAILED
                result.paragraphs = list(sc.refused)
            result = None
            verdict.seconds = time.perf_counter() - started
            return verdict
        if reply.get("rejected"):
            raise _SetupRefused(reply.get("rule"), reply.get("reason") or "")
        # The reply that holds the state as it now stands. Its state is read only when a step
        # needs it: the in-process adapter makes the JSON on demand, and most steps never look.
        # A rejection leaves the state untouched, so the state before it may be read after it.
        now = reply
        for index, step in enumerate(sc.steps):
            result = StepResult(index, step.action, True, note=step.note or "")
            verdict.steps.append(result)
            if isolate and index > 0:
                now = cast(Any, adapter).load(trace[0].before(index))
            events: list[dict] = []
            if step.action is not None:
                before = now
                reply = now = adapter.apply(step.action)
                result.problems.extend(reply.get("problems", ()))  # (the adapter's own: cards made or lost)
                expected_rules = S.rules_of(step.expect["rejected"]) if "rejected" in step.expect else None
                if not reply["accepted"]:
                    rule, reason = reply.get("rule"), reply.get("reason", "")
                    result.rule, result.reason = rule, reason or ""
                    if expected_rules is None:
                        result.problems.append(f"the action was {rejection_text(rule, reason)}; "
                                               "expected it to be accepted")
                    elif compare_rules and rule not in expected_rules and rule not in fair(index, expected_rules):
                        # Every id the runner accepts, not only the scenario's: the paragraphs of
                        # the refusing rule pass too (round 41's implementer tried them one by one).
                        also = [r for r in sorted(fair(index, expected_rules)) if r not in expected_rules]
                        wanted = " or ".join(repr(r) for r in expected_rules) + (
                            f" (or one the refusing rule also cites: {', '.join(also[:6])}"
                            f"{', ...' if len(also) > 6 else ''})" if also else "")
                        got = f"with rule {rule!r}" if rule else "without a rule id"
                        result.problems.append(f"rejected {got}, expected {wanted}"
                                               + (f" ({reason})" if reason else "") + _unknown_rule(spec, rule)
                                               + (_reference_refuses_so(index, rule) if strict_refusals else ""))
                    same = getattr(now, "unread_since", None)
                    # An in-process reply over the very state of the one before, neither read
                    # yet, has no earlier picture to compare with: their JSONs would be one.
                    if same is not None and same(before):
                        after_refusal = unchanged = {}
                    else:
                        after_refusal = without_internal(now["state"], internal)
                        unchanged = without_internal(before["state"], internal)
                    # (as JSON: `false` for `0` is a change; round 62's engine author passed so)
                    if not json_equal(after_refusal, unchanged):
                        changes = (subset_problems(state_view(unchanged), state_view(after_refusal))
                                   + _keys_added(state_view(unchanged), state_view(after_refusal)))[:6]
                        # (against the engine's own state before it: where that one was already
                        # wrong, --isolate names the step that made it so; round 58)
                        result.problems.append("a rejected action changed the state (it must leave it as the "
                                               "engine's previous reply showed it; if that reply was already "
                                               "wrong, --isolate judges each step from the reference's state)"
                                               + "".join("\n  " + c.replace("\n", "\n  ") for c in changes))
                elif expected_rules is not None:
                    result.problems.append(f"the action was accepted; expected a rejection "
                                           f"[{_rules_shown(expected_rules)}]")
                else:
                    events = reply.get("events", [])
            wrong: list[str] = []  # the places of the state found wrong
            if "state" in step.expect:
                expected = without_internal(step.expect["state"], internal)
                actual = without_internal(_state_part(now, expected), internal)
                differs = subset_problems(expected, actual)
                if differs:
                    result.problems.extend(differs)
                    result.problems.extend(_own_names_near(differs, getattr(adapter, "own_keys", ()), "key"))
                    wrong = differing_places(expected, actual)
            if compare_events:
                if step.action is not None and reply.get("events_left_out") and any(
                        k in step.expect for k in ("events", "exact_events")):
                    # Said as what it is: "not found among: (none)" read as an engine with
                    # the wrong events, not one that sends none.
                    result.problems.append("the engine claims `events` but its reply has no `events` list "
                                           "(PROTOCOL.md: an accepted reply lists the events, [] if none)")
                if "events" in step.expect:
                    missed = match_events(step.expect["events"], events)
                    result.problems.extend(missed)
                    if missed and spec is not None:
                        result.problems.extend(_emitted_where(spec, step.expect["events"], missed[0]))
                if "no_events" in step.expect:
                    result.problems.extend(absent_problems(step.expect["no_events"], events))
                if "exact_events" in step.expect:
                    ours = events if contract is None else \
                        [e for e in events if not isinstance(e, dict) or e.get("event") in contract]
                    exact = exact_problems(step.expect["exact_events"], ours)
                    result.problems.extend(exact)
                    extra = _extra_names(step.expect["exact_events"], ours) if exact and spec is not None else []
                    if extra:
                        # (where the rules would raise the event the engine added, whose conditions
                        # do not hold here: round 95's outside engine reshuffled an empty discard pile)
                        result.problems.extend(_emit_sites_told(spec, extra[0], ", whose conditions do not hold here"))
                if result.problems and contract is not None:
                    # (a misspelt event, set aside as the engine's own: told beside the one missing;
                    # round 80's engine author saw only "an event missing")
                    own_events = {str(e["event"]) for e in events if isinstance(e, dict)
                                  and isinstance(e.get("event"), str) and e["event"] not in contract}
                    named_events = [str(e["event"]) for k in ("events", "exact_events") for e in step.expect.get(k, ())
                                    if isinstance(e, dict) and isinstance(e.get("event"), str)]
                    result.problems.extend(_own_names_near([f"event {w}: missing" for w in dict.fromkeys(named_events)],
                                                           own_events, "event"))
            if result.problems:
                result.ok = False
                verdict.verdict = FAILED
                refused_by = result.rule if result.rule and "rejected" not in step.expect else None
                result.paragraphs = paragraphs(index, events if claims.get("events") is True else None, wrong,
                                               refused_by)
                if (isolate or index == 0) and internal and spec is not None:
                    # The engine does not claim the rules' bookkeeping, yet was loaded with it:
                    # a value it ignored is the likeliest cause (round 42's implementer; and at
                    # the first step, the scenario's own state: round 94's outside engine).
                    kept = _bookkeeping_set(spec, trace[0].before(index), internal)
                    if kept:
                        loaded = "the state loaded before this step (--isolate)" if index > 0 else \
                            "the scenario's state, loaded before this step,"
                        result.problems.append(f"{loaded} holds the rules' bookkeeping, to be taken as given: "
                                               f"{', '.join(kept)}")
                if not isolate:
                    break
        if verdict.verdict == PASSED:
            surplus = getattr(adapter, "surplus", None)
            if surplus is not None:
                surplus()  # (a reply written twice to one of its requests: its fault, not the next's)
        result = None
    except EngineUnsupported as exc:
        # The engine says it does not have what this scenario needs: nothing more was tested,
        # and nothing is wrong with the engine, so it is not restarted. A step that failed
        # before (with --isolate the run goes on after one) still stands.
        verdict.steps = [s for s in verdict.steps if s is not result]
        if verdict.verdict == FAILED:
            verdict.message = f"after the failure, the engine did not support a later step ({exc.request}): {exc}"
        else:
            verdict.verdict, verdict.stderr = NOT_APPLICABLE, ""
            verdict.message = f"the engine does not support this ({exc.request}): {exc}"
    except _SetupRefused as exc:
        verdict.verdict = FAILED
        refused = StepResult(0, None, False, [f"the setup was {rejection_text(exc.rule, exc.reason)}; "
                                              "expected a new game"], exc.rule, exc.reason, setup=True)
        refused.paragraphs = list(sc.cites)
        verdict.steps = [refused]
    except EngineFault as exc:
        verdict.verdict, verdict.stderr = exc.verdict, exc.stderr
        text = str(exc)
        if result is not None and result.action is not None and "rejected" in sc.steps[result.index].expect \
                and "with an error" in text:
            text += (" (this step expects the rules to refuse the action: answer with a `rejected` reply "
                     "citing the rule, not an `error`; PROTOCOL.md, 'Malformed or refused?')")
        verdict.message = _at(verdict, result, adapter, text)
        restart = getattr(adapter, "restart", None)
        if restart and exc.verdict != FAILED:
            # (a state that is wrong, its cards say, fails the scenario; the engine spoke the
            # protocol well, and its process plays on, as after any failed step)
            restart()
    except ActionError as exc:
        verdict.verdict, verdict.broken = ERRORED, True
        text = str(exc)
        if result is not None:
            text = f"{sc.place(f'steps[{result.index}].do')}at steps[{result.index}].do: {text}"
            result.ok = False
        verdict.message = f"BUG IN SCENARIO: {text}"
    except ScenarioError as exc:
        verdict.verdict, verdict.broken = ERRORED, True
        verdict.message = f"BUG IN SCENARIO: {exc}"
    except ShuffleMismatch as exc:
        # The reshuffle results are part of the situation the scenario gives, not of the rules.
        verdict.verdict, verdict.broken = ERRORED, True
        field = "state.shuffles" if sc.state is not None else "setup"
        during = f" (reshuffled at steps[{result.index}])" if result is not None else ""
        verdict.message = f"BUG IN SCENARIO: {sc.place(field)}{field}{during}: {exc}"
    except SpecRuntimeError as exc:
        verdict.verdict = ERRORED
        yours = replacements_at(spec, exc.location) if spec is not None else []
        verdict.message = _at(verdict, result, adapter, f"error in the rules: {exc}" + (
            f"; the rule met there reads definitions of your rules: {', '.join(yours)}" if yours else ""))
    except BohnspecError as exc:
        verdict.verdict = ERRORED
        verdict.message = _at(verdict, result, adapter, str(exc))
    except RecursionError:
        verdict.verdict = ERRORED
        verdict.message = _at(verdict, result, adapter, "nested too deep to compare (RecursionError): "
                                                        "the scenario or the engine's reply goes too deep")
    except Exception as exc:  # one scenario's crash (MemoryError too) must not end the whole run
        verdict.verdict = ERRORED
        verdict.message = _at(verdict, result, adapter, f"internal error in bohnspec: {_crash(exc)}")
    if verdict.verdict == FAILED and not verdict.stderr:
        # What an outside engine logged while it played this scenario helps its author see why.
        own = getattr(adapter, "scenario_stderr", None)
        if own is not None:
            verdict.stderr = own()
            after = getattr(adapter, "fault_after", None)
            if after is not None and not verdict.message:
                # The steps after the failing one went out with it (pipelining): how the
                # engine answered them is this scenario's too, though no verdict of its own.
                verdict.message = ("after the failing step, the replies to the steps sent with it: "
                                   f"{after.verdict}: {after}")
    verdict.seconds = time.perf_counter() - started
    return verdict


def _unknown_rule(spec: Spec | None, rule: str | None) -> str:
    """A note for a rejection's rule id that names no rulebook paragraph and no ruling (a
    misspelt id), with the closest that does; "" for a known id."""
    if not rule or spec is None:
        return ""
    from ..language.paragraphs import index
    known = index()
    rulings = {f"ruling/{name}" for name in spec.rulings}
    if rule in known or rule in rulings:
        return ""
    close = closest(rule, [*known, *rulings])
    return f"; {rule!r} is no paragraph or ruling id" + (f": did you mean {close!r}?" if close else "")


def _claimed(reference: Any, claims: dict, sc: S.Scenario | None, version: int) -> S.Scenario | None:
    """`sc` if the engine's claims let it be played (it is worth sending ahead), else None."""
    if sc is None or reference is None:
        return sc
    try:
        return None if not_claimed(claims, sc, reference(sc).spec, version) else sc
    except BohnspecError:
        return None  # its own error, told when it is run


class _SetupRefused(Exception):
    """The engine refused a setup the scenario expects to be played."""

    def __init__(self, rule, reason):
        self.rule, self.reason = rule, reason
        super().__init__(rejection_text(rule, reason))


def _check_refusal(engine: Engine, sc: S.Scenario) -> tuple[tuple | None, frozenset[str]]:
    """The reference must agree with a scenario about its setup: a `refused` setup refused
    under a declaration citing one of the rules listed, any other set up. Otherwise the
    scenario is wrong. Answers the new game (state, events) the reference set up (None for a
    refused one) and the rule ids an engine's refusal may fairly cite: those listed, and every
    citation of the declaration that refuses it in the reference."""
    try:
        built = S.build_state(engine, sc)
    except S.Refused as exc:
        if sc.refused is None:
            raise
        fair = frozenset(in_play(engine.spec, with_rulings(engine.spec, exc.cites))) | {exc.rule}
        if not fair & set(sc.refused):
            raise sc.error("refused", f"the rules refuse this setup citing {exc.rule}, not "
                                      f"{_rules_shown(sc.refused)}") from None
        return None, frozenset(sc.refused) | fair
    if sc.refused is not None:
        raise sc.error("refused", "the rules set up this game; they do not refuse it")
    return built, frozenset()


def _at(verdict: Verdict, result: StepResult | None, adapter: Any, message: str) -> str:
    """Name the step and the request during which something went wrong, and mark that step."""
    request = getattr(adapter, "last_request", None) or getattr(getattr(adapter, "client", None), "last_request", None)
    verdict.fault_request = request
    verdict.fault_step = result.index if result is not None else None
    kind = (request or {}).get("type")
    if result is None:
        where = "at the start" + (f" (request {kind})" if kind else "")
    else:
        shown = json.dumps(result.action) if result.action is not None else "(no action)"
        where = f"at step {result.index + 1} {shown}" + (f" (request {kind})" if kind else "")
        result.ok = False
        result.problems.append(message)
    return f"{where}: {message}"


def _crash(exc: BaseException) -> str:
    """An unexpected exception in one line: its type, message and where it was raised."""
    import traceback
    frames = traceback.extract_tb(exc.__traceback__)
    last = f" ({frames[-1].filename.rsplit('/', 1)[-1]}:{frames[-1].lineno})" if frames else ""
    return f"{type(exc).__name__}: {exc}{last}"


@dataclass
class Selection:
    scenarios: list[S.Scenario]
    skipped: list[tuple[S.Scenario, str, str]]  # scenario, verdict, why
    broken: list[Verdict]
    all_ids: list[str] = field(default_factory=list)


def select(paths_or_dirs: Iterable[str | Path] | None, modules: list[str] | None, pattern: str | None,
           claimed: list[str] | None = None) -> Selection:
    """Load the scenarios, keeping those that match -k and need only the given modules.

    `modules` (the user's --modules) skips the others; `claimed` (the engine's handshake)
    makes them not-applicable."""
    files = S.scenario_files(paths_or_dirs or [paths.SCENARIOS])
    chosen, skipped, broken = [], [], []
    seen: dict[str, str] = {}
    left_out: set[str] = set()  # ids of files -k leaves out unread (they still count as existing)
    for f in files:
        if pattern:
            # -k first: a file whose id does not match is never read or validated.
            claimed_id = S.file_id(f)
            if claimed_id is not None and not id_matches(claimed_id, pattern):
                left_out.add(claimed_id)
                continue
        try:
            sc = S.load(f)
        except ScenarioError as exc:
            broken.append(Verdict(str(f), str(f), ERRORED, f"BUG IN SCENARIO: {exc}", broken=True))
            continue
        except Exception as exc:  # one bad file (nested too deep, say) must not end the run
            broken.append(Verdict(str(f), str(f), ERRORED, f"BUG IN SCENARIO: {f}: cannot be loaded "
                                                          f"({_crash(exc)})", broken=True))
            continue
        if sc.id in seen:
            where = sc.locate("id")
            place = f"{sc.path}:{where[0]}:{where[1]}: " if where else f"{sc.path}: "
            broken.append(Verdict(sc.id, sc.path, ERRORED, f"BUG IN SCENARIO: id also used by {seen[sc.id]}: "
                                                            f"{place}give one of them another id", title=sc.title,
                                  broken=True))
            continue
        seen[sc.id] = sc.path
        if pattern and not id_matches(sc.id, pattern):
            continue
        if modules is not None and not set(sc.modules) <= set(modules):
            skipped.append((sc, SKIPPED, f"needs modules {', '.join(sorted(set(sc.modules) - set(modules)))}"))
            continue
        # A shared part of the games (war) comes with the game that requires it, claimed or not
        # (PROTOCOL.md, Capabilities): a scenario naming it, as fuzz writes them, is played.
        unclaimed = set(sc.modules) - set(claimed) - _shared_parts() if claimed is not None else set()
        if unclaimed:
            skipped.append((sc, NOT_APPLICABLE, f"the engine does not claim module(s) {', '.join(sorted(unclaimed))}"))
            continue
        chosen.append(sc)
    return Selection(chosen, skipped, broken, sorted(set(seen) | left_out))


def read_ahead(paths_or_dirs: Iterable[str | Path] | None) -> None:
    """Read and validate the scenario files `select` will read (kept in memory), while
    something else goes on (an engine starting up); a bad file is left for `select` to tell."""
    for f in S.scenario_files(paths_or_dirs or [paths.SCENARIOS]):
        try:
            S.load(f)
        except Exception:  # noqa: BLE001 - select reads it again and says what is wrong
            pass


@functools.lru_cache(maxsize=1)
def _shared_parts() -> frozenset[str]:
    """The modules that are parts of games, not games (war)."""
    from ..language.spec import parse_files, parts_of, spec_files
    return frozenset(parts_of(parse_files(spec_files())))


def id_matches(sid: str, pattern: str) -> bool:
    """-k: the id contains the pattern, or matches it as a glob."""
    return pattern in sid or fnmatch.fnmatch(sid, pattern)


# A line that opens an error report in the languages engines are written in: Python's
# traceback, a JavaScript or Java exception, Rust's panic, Go's, a C++ `terminate called`.
# (and an engine's own log of one, `nodeeng: Error: deliberate crash`: round 94's outside engine
# had the tail start below it, at the runtime's frames)
_ERROR_HEAD = re.compile(r"Traceback \(most recent call last\)|^\s*\w*(Error|Exception)\b|panicked at|^panic:"
                         r"|terminate called|Uncaught|\b\w*(?:Error|Exception):\s", re.MULTILINE)


def stderr_excerpt(text: str, last: int = 10, most: int = 30) -> str:
    """What an engine's standard error shows of a failure: its last lines, and from further up
    where an error report begins (a JavaScript trace ends in the runtime's own frames, below
    the exception's message), at most `most` lines, the middle left out."""
    lines = text.strip().splitlines()
    start = max(0, len(lines) - last)
    for k in range(max(0, len(lines) - 3 * most), start):
        if _ERROR_HEAD.search(lines[k]) and not lines[k].lstrip().startswith("at "):
            start = k
            break
    shown = lines[start:]
    if len(shown) > most:
        shown = [*shown[:most // 2], f"... ({len(shown) - most + 1} lines left out)", *shown[-(most // 2 - 1):]]
    return "\n".join(shown)


def summary(verdicts: list[Verdict]) -> dict[str, int]:
    out = {v.replace("-", "_"): 0 for v in VERDICTS}
    out["expected_failures"] = 0
    out["unexpected"] = 0
    for v in verdicts:
        key = v.verdict.replace("-", "_")
        out[key] = out.get(key, 0) + 1
        if v.expected is not None:
            out["expected_failures" if v.ok else "unexpected"] += 1
    return out


def not_tested(verdicts: list[Verdict]) -> list[dict[str, Any]]:
    """What a run did not test on the engine's account, by reason: the not-applicable
    scenarios grouped by why (a module or option it does not claim, an `unsupported` reply, a
    protocol-2 expectation of a version-1 engine). Scenarios --modules skips are the user's choice."""
    groups: dict[str, list[str]] = {}
    for v in verdicts:
        if v.verdict == NOT_APPLICABLE:
            groups.setdefault(v.message or v.verdict, []).append(v.id)
    return [{"reason": reason, "count": len(ids), "scenarios": sorted(ids)}
            for reason, ids in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))]
