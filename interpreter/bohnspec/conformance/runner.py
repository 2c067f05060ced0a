"""The conformance runner: play each scenario against an engine and give it a verdict.

The engine is reached through an adapter with two calls, `start(scenario)` and
`apply(action)`, each returning plain JSON data; the in-process adapter below wraps the
reference interpreter, and the protocol adapter (protocol.py) an outside engine.
"""

from __future__ import annotations

import fnmatch
import json
import time
from dataclasses import dataclass, field

from .. import paths
from . import scenario as S
from ..errors import ActionError, BohnspecError, ScenarioError, SpecRuntimeError
from ..execution.interpret import Engine, engine_for
from .inprocess import InProcess
from .protocol import EngineFault
from ..execution.state import expand_cards

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

    @property
    def ok(self) -> bool:
        """Passed, or failed exactly as the known-failures list says it would."""
        if self.expected is not None:
            return self.verdict == self.expected and self.verdict != PASSED
        return self.verdict not in (FAILED, *ENGINE_FAULTS)

    def to_json(self) -> dict:
        out = {"id": self.id, "path": self.path, "verdict": self.verdict, "seconds": round(self.seconds, 4),
               "cites": self.cites,
               "steps": [{"index": s.index, "action": s.action, "ok": s.ok, "problems": s.problems}
                         for s in self.steps]}
        if self.title:
            out["title"] = self.title
        if self.broken:
            out["scenario_error"] = True
        if self.message:
            out["message"] = self.message
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
        return out


# ------------------------------------------------------------ matching

def normalise(value):
    """Expand `blue*3` in card lists, recursively."""
    if isinstance(value, list):
        if all(isinstance(v, str) for v in value):
            return expand_cards(value)
        return [normalise(v) for v in value]
    if isinstance(value, dict):
        return {k: normalise(v) for k, v in value.items()}
    return value


def state_view(state_json: dict) -> dict:
    """The state with players keyed by name, as expectations write them."""
    view = dict(state_json)
    view["players"] = {p["name"]: p for p in state_json.get("players", [])}
    return view


def match_subset(expected, actual, path="state") -> list[str]:
    problems = []
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path}: expected an object, got {json.dumps(actual)}"]
        for k, v in expected.items():
            if k not in actual:
                problems.append(f"{path}.{k}: expected {json.dumps(normalise(v))}, but it is missing")
            else:
                problems.extend(match_subset(v, actual[k], f"{path}.{k}"))
        return problems
    expected = normalise(expected)
    if expected != actual:
        problems.append(f"{path}:\n    expected {json.dumps(expected)}\n    actual   {json.dumps(actual)}")
    return problems


def match_events(expected: list[dict], actual: list[dict]) -> list[str]:
    """Expected events must occur in order among the actual ones (others may come between)."""
    i = 0
    for n, exp in enumerate(expected):
        exp = normalise(exp)
        while i < len(actual) and match_subset(exp, actual[i]):
            i += 1
        if i == len(actual):
            shown = "\n      ".join(json.dumps(e) for e in actual) or "(none)"
            return [f"events[{n}]: expected {json.dumps(exp)} (in this order), not found among:\n      {shown}"]
        i += 1
    return []


# ------------------------------------------------------------ running

def run_scenario(adapter, sc: S.Scenario) -> Verdict:
    """Play one scenario through the adapter. Rule ids and events are compared only where the
    engine claims them; a rejection must always be a rejection that leaves the state as it was."""

    started = time.perf_counter()
    verdict = Verdict(sc.id, sc.path, PASSED, cites=list(sc.cites), title=sc.title)
    result: StepResult | None = None  # the step under way
    try:
        adapter.last_request = None  # what the previous scenario asked last is not this one's
    except AttributeError:
        pass  # an adapter that tracks it itself
    try:
        reference = getattr(adapter, "reference_engine", None)
        if reference is not None:
            # Expectations naming a player, zone or variable that cannot exist are the
            # scenario's bug: told before the engine is blamed for not matching them.
            S.check_expectations(reference(sc), sc)
        reply = adapter.start(sc)
        # Read the claims only now: a fresh engine process makes them in its handshake.
        claims = getattr(adapter, "capabilities", None) or {}
        compare_rules = claims.get("rule_ids") is True
        compare_events = claims.get("events") is True
        state = reply["state"]
        for index, step in enumerate(sc.steps):
            result = StepResult(index, step.action, True)
            verdict.steps.append(result)
            events: list[dict] = []
            if step.action is not None:
                before = state
                reply = adapter.apply(step.action)
                state = reply["state"]
                expected_rule = step.expect.get("rejected")
                if not reply["accepted"]:
                    if expected_rule is None:
                        result.problems.append(
                            f"the action was rejected [{reply.get('rule')}]: {reply.get('reason', '')}; "
                            "expected it to be accepted")
                    elif compare_rules and reply.get("rule") != expected_rule:
                        result.problems.append(
                            f"rejected with rule {reply.get('rule')!r}, expected {expected_rule!r} "
                            f"({reply.get('reason', '')})")
                    if state != before:
                        result.problems.append("a rejected action changed the state")
                elif expected_rule is not None:
                    result.problems.append(f"the action was accepted; expected a rejection [{expected_rule}]")
                else:
                    events = reply.get("events", [])
            if "state" in step.expect:
                result.problems.extend(match_subset(step.expect["state"], state_view(state)))
            if "events" in step.expect and compare_events:
                result.problems.extend(match_events(step.expect["events"], events))
            if result.problems:
                result.ok = False
                verdict.verdict = FAILED
                break
        result = None
    except EngineFault as exc:
        verdict.verdict, verdict.stderr = exc.verdict, exc.stderr
        verdict.message = _at(verdict, result, adapter, str(exc))
        restart = getattr(adapter, "restart", None)
        if restart:
            restart()
    except ActionError as exc:
        verdict.verdict, verdict.broken = ERRORED, True
        text = str(exc)
        if result is not None:
            where = sc.locate(f"steps[{result.index}].do")
            place = f"{sc.path}:{where[0]}:{where[1]}: " if where else f"{sc.path}: "
            text = f"{place}at steps[{result.index}].do: {text}"
            result.ok = False
        verdict.message = f"BUG IN SCENARIO: {text}"
    except ScenarioError as exc:
        verdict.verdict, verdict.broken = ERRORED, True
        verdict.message = f"BUG IN SCENARIO: {exc}"
    except SpecRuntimeError as exc:
        verdict.verdict = ERRORED
        verdict.message = _at(verdict, result, adapter, f"error in the rules: {exc}")
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
    verdict.seconds = time.perf_counter() - started
    return verdict


def _at(verdict: Verdict, result: StepResult | None, adapter, message: str) -> str:
    """Name the step and the request during which something went wrong, and mark that step."""
    request = getattr(adapter, "last_request", None) or getattr(getattr(adapter, "client", None), "last_request", None)
    verdict.fault_request = request
    verdict.fault_step = result.index if result is not None else None
    kind = (request or {}).get("type")
    if result is None:
        where = "at the start" + (f" (request {kind})" if kind else "")
    else:
        shown = json.dumps(result.action) if result.action is not None else "(no action)"
        where = f"at step {result.index + 1}" + (f" (request {kind} {shown})" if kind else f" ({shown})")
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


def select(paths_or_dirs, modules: list[str] | None, pattern: str | None,
           claimed: list[str] | None = None) -> Selection:
    """Load the scenarios, keeping those that match -k and need only the given modules.

    `modules` (the user's --modules) skips the others; `claimed` (the engine's handshake)
    makes them not-applicable."""
    files = S.scenario_files(paths_or_dirs or [paths.SCENARIOS])
    chosen, skipped, broken = [], [], []
    seen: dict[str, str] = {}
    for f in files:
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
        if pattern and not (pattern in sc.id or fnmatch.fnmatch(sc.id, pattern)):
            continue
        if modules is not None and not set(sc.modules) <= set(modules):
            skipped.append((sc, SKIPPED, f"needs modules {', '.join(sorted(set(sc.modules) - set(modules)))}"))
            continue
        if claimed is not None and not set(sc.modules) <= set(claimed):
            missing = ", ".join(sorted(set(sc.modules) - set(claimed)))
            skipped.append((sc, NOT_APPLICABLE, f"the engine does not claim module(s) {missing}"))
            continue
        chosen.append(sc)
    return Selection(chosen, skipped, broken, sorted(seen))


def summary(verdicts: list[Verdict]) -> dict:
    out = {v.replace("-", "_"): 0 for v in VERDICTS}
    out["expected_failures"] = 0
    out["unexpected"] = 0
    for v in verdicts:
        key = v.verdict.replace("-", "_")
        out[key] = out.get(key, 0) + 1
        if v.expected is not None:
            out["expected_failures" if v.ok else "unexpected"] += 1
    return out
