"""The lockstep: a trial played through the reference (in this process) and the engine, every
outcome compared (accepted or rejected, the rule id of a rejection, the events, the normative
state), the first difference or engine fault reported as a Divergence."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import Any, cast

from ...errors import BohnspecError
from ...execution.interpret import engine_for
from ..deciding import refusing_cites
from .. import runner as R
from .. import scenario as S
from ..inprocess import InProcess, wire_events
from ..protocol import EngineFault, EngineUnsupported
from .trial import JSON, Adapter, Claims, Divergence, Run, Trial

# The keys of a state that are not part of the game: never compared.
_NOT_COMPARED = ("modules",)
# An engine claiming `legal_actions` is asked for its list after every this many actions, and
# after a trial's last (where a shrunk trial's divergence lies); each list costs the reference an
# enumeration of its own.
LEGAL_EVERY = 32


def internal_of(modules: list[str], claims: Claims | None, rules: Sequence[str] = ()) -> set[str]:
    """The variables not compared: the ones the spec declares `internal` (the reference's
    bookkeeping), unless the engine claims `internal_state`."""
    if claims and claims.get("internal_state") is True:
        return set()
    return R.internal_vars(engine_for(modules, rules).spec)


def normative(state: JSON, internal: set[str]) -> JSON:
    """The part of a state every engine must agree on (conformance/PROTOCOL.md, "The state:
    normative and internal"), with players keyed by name: without the internal variables and
    the list of modules."""
    out = {k: v for k, v in state.items() if k not in _NOT_COMPARED}
    if internal:
        out = R.without_internal(out, internal)
    return R.state_view(out)


def trial_scenario(trial: Trial, sid: str = "fuzz/trial") -> S.Scenario:
    """The trial's starting state as a scenario without steps: what an adapter starts from."""
    return S.Scenario(sid, "differential play", [], list(trial.modules), "(fuzz)", [], state=trial.state)


def reference_play(trial: Trial) -> tuple[list[JSON], list[JSON]] | str:
    """The reference's replies to each action and its state before each one (and after the
    last), or why it refuses the trial."""
    ref = InProcess(trial.rules)
    try:
        start = ref.start(trial_scenario(trial))
        states, replies = [start["state"]], []
        for action in trial.actions:
            reply = ref.apply(action)
            replies.append(reply)
            states.append(reply["state"])
    except (BohnspecError, KeyError, ValueError, TypeError) as exc:
        return f"{type(exc).__name__}: {exc}"
    return replies, states


class Lockstep:
    """Plays trials through the reference (in this process) and the engine, comparing."""

    def __init__(self, adapter: Adapter, claims: Claims):
        self.adapter = adapter
        self.claims = claims

    def run(self, trial: Trial, deadline: float | None = None) -> Run:
        """The trial played through the reference and the engine in lockstep, compared action by
        action; `deadline` (time.monotonic()): once past it, the game is cut where it stands
        (`fuzz --minutes`: a slow engine's game ran on for minutes; round 95's tester)."""
        played = reference_play(trial)
        if isinstance(played, str):
            return Run(invalid=played)
        replies, states = played
        try:
            started = self.adapter.start(trial_scenario(trial))
        except EngineUnsupported as exc:
            return Run(unsupported=str(exc))
        except EngineFault as fault:
            return Run(self._fault(fault, None, None, states[0]))
        except BohnspecError as exc:  # the adapter's own check of the state
            return Run(invalid=str(exc))
        internal = internal_of(trial.modules, self.claims, trial.rules)
        problems = R.subset_problems(normative(states[0], internal), normative(started["state"], internal))
        if problems:
            return Run(Divergence(None, R.FAILED, ["the loaded state differs:", *problems],
                                  (R.FAILED, "load", "state"), None, started, states[0]))
        before = started["state"]
        for i, action in enumerate(trial.actions):
            if deadline is not None and time.monotonic() > deadline:
                return Run(compared=i, cut=True)
            try:
                reply = self.adapter.apply(action)
            except EngineUnsupported as exc:
                return Run(unsupported=str(exc), compared=i)
            except EngineFault as fault:
                return Run(self._fault(fault, i, replies[i], states[i], action))

            def rules(i: int = i, action: JSON = action) -> list[str]:
                return deciding_rules(trial.modules, states[i], action, trial.rules)
            problems, category = compare(replies[i], reply, before, self.claims, internal, rules)
            if problems:
                return Run(Divergence(i, R.FAILED, problems, (R.FAILED, str(action.get("type")), category),
                                      replies[i], reply, states[i]))
            before = reply["state"]
            if self.claims.get("legal_actions") and (i % LEGAL_EVERY == LEGAL_EVERY - 1 or i == len(trial.actions) - 1):
                try:
                    listed = self.legal_divergence(trial, i, states[i + 1])
                except EngineFault as fault:
                    return Run(self._fault(fault, i, replies[i], states[i], {"type": "legal"}))
                if listed is not None:
                    return Run(listed)
        return Run()

    def legal_divergence(self, trial: Trial, i: int, state_json: JSON) -> Divergence | None:
        """The engine's `legal` list after action `i` against the rules (conformance/PROTOCOL.md,
        `legal_actions`): an action it lists that the rules refuse, or one the reference lists
        (an offer naming at most two cards) that it leaves out; None where they agree, or where
        either list is cut short (`more`)."""
        from ...execution.moves import legal_actions
        from ..protocol import LEGAL_LIMIT
        listed, more = cast(Any, self.adapter).legal()  # (claims_of asked that it has one)
        engine = engine_for(trial.modules, trial.rules)
        state = S.state_from_data(engine, state_json, trial.modules, validate=False)
        allowed = legal_actions(engine, state, limit=LEGAL_LIMIT + 1)
        if more or len(allowed) > LEGAL_LIMIT:
            return None

        def key(a: JSON) -> str:
            return json.dumps(a, sort_keys=True, separators=(",", ":"))
        theirs, ours = {key(a) for a in listed}, {key(a) for a in allowed}
        for action in listed:
            if key(action) in ours:
                continue
            try:
                outcome = engine.apply(state.copy(), action)
            except BohnspecError as exc:  # not an action of this game at all
                return Divergence(i, R.FAILED, [f"the engine lists {key(action)} as legal after this action; it is "
                                                f"no action the rules read: {exc}"],
                                  (R.FAILED, "legal", "lists-unreadable"), None, None, state_json)
            if not outcome.accepted:
                rejection = outcome.rejection
                refused: JSON = {"accepted": False, "rule": rejection.rule if rejection else None,
                                 "reason": rejection.reason if rejection else "", "state": state_json}
                return Divergence(i, R.FAILED, [f"the engine lists {key(action)} as legal after this action; the "
                                                f"rules refuse it [{refused['rule']}] ({refused['reason']})"],
                                  (R.FAILED, "legal", "lists-illegal"), None, None, state_json,
                                  extra=action, extra_reply=refused)
        missing = [a for a in allowed if key(a) not in theirs]
        if missing:
            outcome = engine.apply(state.copy(), missing[0])
            allowed_reply: JSON = {"accepted": True, "events": wire_events(outcome.events),
                                   "state": outcome.state.to_json()}
            return Divergence(i, R.FAILED, [f"the engine's legal list after this action leaves out {len(missing)} "
                                            f"action(s) the rules allow, such as {key(missing[0])}"],
                              (R.FAILED, "legal", "misses-legal"), None, None, state_json,
                              extra=missing[0], extra_reply=allowed_reply)
        return None

    def _fault(self, fault: EngineFault, step: int | None, reference: JSON | None, before: JSON,
               action: JSON | None = None) -> Divergence:
        restart = getattr(self.adapter, "restart", None)
        if restart is not None:
            restart()
        kind = str(action.get("type")) if action else "load"
        return Divergence(step, fault.verdict, [str(fault)], (fault.verdict, kind, "fault"), reference, None,
                          before, fault.stderr)


def compare(ref: JSON, eng: JSON, eng_before: JSON, claims: Claims, internal: set[str],
            rules: Callable[[], list[str]] | None = None) -> tuple[list[str], str]:
    """What differs between the reference's and the engine's replies to one action, and how
    (the category a shrunk divergence must keep). `rules()`: the ids a rejection may cite
    (those of the clause that refuses it), asked only when the engine cites another."""
    if ref["accepted"] and not eng["accepted"]:
        return [f"the reference accepts it; the engine rejected it"
                f"{_rule(eng)}: {eng.get('reason', '')}"], "rejects-legal"
    if not ref["accepted"] and eng["accepted"]:
        return [f"the reference rejects it [{ref.get('rule')}] ({ref.get('reason', '')}); "
                "the engine accepted it"], "accepts-illegal"
    if not ref["accepted"]:
        problems: list[str] = []
        category = "rule"
        differs = claims.get("rule_ids") and eng.get("rule") != ref.get("rule")
        refusing = rules() if differs and rules is not None else [ref.get("rule")]
        if differs and eng.get("rule") not in refusing:
            # (the engine's rule refuses nothing here, by the rules: a rule it applies where they
            # do not, which the action's other flaw hides; round 97's outside engine read it as
            # a quarrel over which of two rules to cite)
            problems.append(f"rejected with rule {eng.get('rule')!r} ({eng.get('reason', '')}), "
                            f"the reference with {ref.get('rule')!r} ({ref.get('reason', '')}); by the rules "
                            f"{eng.get('rule')!r} refuses nothing here (the clauses refusing it cite "
                            f"{', '.join(str(r) for r in refusing[:6]) or ref.get('rule')}): the engine applies a "
                            "rule where the rules do not, which the action's own flaw hides")
        elif not R.json_equal(normative(eng["state"], internal), normative(eng_before, internal)):
            problems.append("a rejected action changed the state")
            category = "changed-on-rejection"
        return problems, category
    problems = R.subset_problems(normative(ref["state"], internal), normative(eng["state"], internal))
    if problems:
        return problems, "state"
    if claims.get("events"):
        problems = R.match_events(ref.get("events", []), eng.get("events", []))
        if problems:
            return problems, "events"
    return [], ""


def deciding_rules(modules: list[str], before: JSON, action: JSON, rules: Sequence[str] = ()) -> list[str]:
    """The ids a rejection of `action` in the state `before` may cite: every citation of each
    clause (or forbid) that refuses it in the reference, the first refusing clause's first. An
    action that breaks two rules may be refused for either: engines check in their own order."""
    engine = engine_for(modules, rules)
    try:
        state = S.state_from_data(engine, before, modules, validate=False)
        rejections = engine.refusals(state.copy(), action)
    except BohnspecError:
        return []
    return list(dict.fromkeys(c for r in rejections for c in refusing_cites(engine.spec, action, r, engine, state)))


def _rule(reply: JSON) -> str:
    return f" [{reply['rule']}]" if reply.get("rule") else ""
