"""What the scenario of a finding says: its starting state without what the loader fills in,
each step's expectation (the reference's answer: the deciding clause's paragraphs for a
rejection, else the parts of the state that tell the engine's answer from the reference's),
its title, description and the paragraphs it cites."""

from __future__ import annotations

import copy
from typing import Any

from ...errors import BohnspecError
from ...execution.interpret import Engine, engine_for
from .. import scenario as S
from ..deciding import LIMIT, deciding_paragraphs
from ..runner import _shared_parts
from .lockstep import deciding_rules, internal_of, normative, reference_play
from .trial import JSON, Claims, Divergence, Finding, Trial


def scenario_data(finding: Finding, sid: str, claims: Claims, full: bool = False) -> JSON:
    """The scenario of a shrunk divergence. `full`: every step expects the reference's whole
    outcome (when the short form does not show the divergence to the runner)."""
    trial, d = finding.trial, finding.divergence
    steps = []
    internal = internal_of(trial.modules, claims, trial.rules)
    played = reference_play(trial)
    replies, states = played if not isinstance(played, str) else ([], [])
    for i, action in enumerate(trial.actions):
        step: JSON = {"do": action}
        reply = replies[i] if i < len(replies) else None
        last = i == len(trial.actions) - 1
        if reply is not None and not reply["accepted"]:
            rules = deciding_rules(trial.modules, states[i], action, trial.rules) or [reply["rule"]]
            step["expect"] = {"rejected": rules[0] if len(rules) == 1 else rules}
        elif reply is not None and (full or (last and d.extra is None)):
            expect: JSON = {}
            if full:
                expect["state"] = short_runs(_expectable(normative(reply["state"], internal)))
            else:
                expect["state"] = _expected_state(d, internal)
            if claims.get("events") and (full or d.signature[2] == "events"):
                expect["events"] = reply.get("events", [])
            step["expect"] = expect
        steps.append(step)
    if d.extra is not None and d.extra_reply is not None:
        # (a legal list that differs: the action it lists wrongly, or leaves out, played, with the
        # reference's answer; an engine that answers it rightly when asked lists it wrongly all
        # the same, which only fuzz's `legal` request shows)
        extra: JSON = {"do": d.extra}
        if not d.extra_reply["accepted"]:
            rules = deciding_rules(trial.modules, d.extra_reply["state"], d.extra, trial.rules) \
                or [d.extra_reply["rule"]]
            extra["expect"] = {"rejected": rules[0] if len(rules) == 1 else rules}
        else:
            extra["expect"] = {"state": short_runs(_expectable(normative(d.extra_reply["state"], internal)))}
        steps.append(extra)
    if not steps:  # the loaded state itself differs
        steps.append({"note": "the state as loaded",
                      "expect": {"state": short_runs(_expectable(normative(trial.state, internal)))}})
    return {
        "id": sid,
        "title": _what(trial, d),
        "description": (
            "Written by `bohnspec fuzz` from a random game (game "
            f"{finding.game}, seed {finding.seed}), shrunk from {finding.original_actions} actions to "
            f"{len(trial.actions)}. The expected outcome is the REFERENCE INTERPRETER's answer, not one "
            "written by hand from the rulebook: check it against the paragraphs cited before relying on it. "
            "What differed: " + _flat(d.problems)),
        "cites": _cites_of(trial, d),
        # (the games' shared part, war, comes with the game that requires it: PROTOCOL.md says a
        # state's modules never name it; round 95's outside engine was sent it on a replay)
        "modules": [m for m in trial.modules if m not in _shared_parts()],
        "state": compact_state(trial),
        "steps": steps,
    }


def compact_state(trial: Trial) -> JSON:
    """The starting state without what the loader fills in by default: the same state, shorter."""
    engine = engine_for(trial.modules, trial.rules)
    full = S.state_from_data(engine, trial.state, trial.modules, validate=False).to_json()

    def same(candidate: JSON) -> bool:
        try:
            return S.state_from_data(engine, candidate, trial.modules, validate=False).to_json() == full
        except (BohnspecError, KeyError, ValueError, TypeError):
            return False

    state = copy.deepcopy(trial.state)
    state.pop("modules", None)
    for key in list(state):
        if key == "players":
            continue
        if key == "vars":
            for var in list(state["vars"]):
                trial_vars = dict(state["vars"])
                del trial_vars[var]
                if same({**state, "vars": trial_vars}):
                    state["vars"] = trial_vars
            if not state["vars"]:
                del state["vars"]
            continue
        candidate = {k: v for k, v in state.items() if k != key}
        if same(candidate):
            state = candidate
    for i in range(len(state["players"])):
        for key in list(state["players"][i]):
            if key == "name":
                continue
            players = copy.deepcopy(state["players"])
            if key == "vars":
                for var in list(players[i]["vars"]):
                    del players[i]["vars"][var]
                    if same({**state, "players": players}):
                        state["players"] = copy.deepcopy(players)
                    else:
                        players = copy.deepcopy(state["players"])
                if not state["players"][i].get("vars"):
                    state["players"][i].pop("vars", None)
                continue
            del players[i][key]
            if same({**state, "players": players}):
                state["players"] = players
    return short_runs(state)


def short_runs(value: Any) -> Any:
    """Card lists with runs of three or more written `blue*3` (the scenario format's shorthand)."""
    if isinstance(value, dict):
        return {k: short_runs(v) for k, v in value.items()}
    if isinstance(value, list):
        if value and all(isinstance(c, str) for c in value):
            out: list[str] = []
            i = 0
            while i < len(value):
                j = i
                while j < len(value) and value[j] == value[i]:
                    j += 1
                out.extend([f"{value[i]}*{j - i}"] if j - i >= 3 and "*" not in value[i] else value[i:j])
                i = j
            return out
        return [short_runs(v) for v in value]
    return value


def _expected_state(d: Divergence, internal: set[str]) -> JSON:
    """What the last step expects: the parts of the reference's state after the action that
    the action changed or the engine has otherwise (players keyed by name); within players,
    variables and spaces, only the keys that did."""
    if d.reference is None:
        return {}
    after = normative(d.reference["state"], internal)
    before = normative(d.before, internal) if d.before is not None else {}
    engine = normative(d.engine["state"], internal) if d.engine is not None else None
    out = _telling(after, before, engine, depth=3)
    if not out:
        out = {"phase": after.get("phase"), "active": after.get("active")}
    return short_runs(out)


def _telling(after: JSON, before: object, engine: object, depth: int) -> JSON:
    """The keys of `after` whose values differ from `before` or from `engine` (None: not
    known), descending `depth` levels into objects."""
    out = {}
    for key, value in after.items():
        was = before.get(key) if isinstance(before, dict) else None
        has = engine.get(key) if isinstance(engine, dict) else None
        differs = was != value or (engine is not None and has != value)
        if not differs:
            continue
        if isinstance(value, dict) and depth > 1 and value:
            inner = _telling(value, was if isinstance(was, dict) else {}, has if engine is not None else None,
                             depth - 1)
            out[key] = inner or value
        else:
            out[key] = value
    return out


def _expectable(view: JSON) -> JSON:
    """A whole state as an expectation: players keyed by name, without repeating the name."""
    out = dict(view)
    if isinstance(out.get("players"), dict):
        out["players"] = {n: {k: v for k, v in p.items() if k != "name"} for n, p in out["players"].items()}
    return out


def _cites_of(trial: Trial, d: Divergence) -> list[str]:
    """The clauses that decided the reference's answer: the rule id of a rejection; else the
    citations of the declarations that emitted the events the engine did not report alike (a
    reshuffle, a harvest's coins), then those of the action's own declaration."""
    if d.extra is not None and d.extra_reply is not None and d.before is not None:
        # (a legal list: the rule refusing the action it lists, or the paragraphs allowing the one
        # it leaves out)
        if not d.extra_reply["accepted"]:
            return deciding_rules(trial.modules, d.before, d.extra, trial.rules) or [d.extra_reply["rule"]]
        declared = engine_for(trial.modules, trial.rules).spec.actions.get(str(d.extra.get("type")))
        if declared is not None and declared.cites:
            return list(declared.cites)
    if d.reference is not None and not d.reference["accepted"] and d.reference.get("rule"):
        if d.before is not None and d.step is not None:
            return deciding_rules(trial.modules, d.before, trial.actions[d.step], trial.rules) or [d.reference["rule"]]
        return [d.reference["rule"]]
    engine = engine_for(trial.modules, trial.rules)
    if d.step is None:
        # Nothing was decided yet: the situation loaded is in a phase, and its paragraphs say
        # what that phase is.
        phase = engine.spec.phases.get(str(trial.state.get("phase")))
        return list(getattr(phase, "cites", ()) or ()) or _first_phase_cites(engine)
    action = trial.actions[d.step]
    theirs = d.engine.get("events") if d.engine is not None else None
    outcome = None
    if d.before is not None and isinstance(theirs, list):
        try:
            outcome = engine.apply(S.state_from_data(engine, d.before, trial.modules, validate=False), action)
        except BohnspecError:
            pass  # the action's own citations, below
    if outcome is not None:
        cites = deciding_paragraphs(engine.spec, action, outcome, theirs=theirs)
    else:
        decl = engine.spec.actions.get(str(action.get("type")))
        cites = list(dict.fromkeys(getattr(decl, "cites", ()) or ()))[:LIMIT]
    return cites or _first_phase_cites(engine)


def _first_phase_cites(engine: Engine) -> list[str]:
    for phase in engine.spec.phases.values():
        if getattr(phase, "cites", ()):
            return list(phase.cites)
    return ["bohnanza/course-of-play/1"]


def _flat(problems: list[str], limit: int = 600) -> str:
    text = "; ".join(" ".join(p.split()) for p in problems)
    return text if len(text) <= limit else text[:limit - 3] + "..."


# What differed, by the last part of a divergence's signature: the scenario's title.
_KINDS = {"rejects-legal": "the engine rejects what the reference accepts",
          "accepts-illegal": "the engine accepts what the reference rejects",
          "rule": "the engine rejects it with another rule",
          "changed-on-rejection": "the engine's rejection changes the state",
          "state": "the engine's state differs from the reference's",
          "events": "the engine's events differ from the reference's",
          "lists-illegal": "the engine's legal list then holds an action the rules refuse",
          "misses-legal": "the engine's legal list then leaves out an action the rules allow",
          "lists-unreadable": "the engine's legal list then holds what is no action of the game"}


def _what(trial: Trial, d: Divergence) -> str:
    if d.step is None:
        return "The engine loads a state differently from the reference"
    action = trial.actions[d.step]
    who = f"{action.get('type')} by {action.get('player')}"
    kind = f"the engine fails ({d.verdict})" if d.signature[2] == "fault" else \
        _KINDS.get(d.signature[2], "the engine differs from the reference")
    return f"{who}: {kind}"
