"""The reference interpreter behind the runner's adapter interface, in this process.

The runner drives it exactly as it drives an outside engine through `protocol.ProtocolAdapter`,
and `protocol.serve` answers requests with it; it imports neither, so the two never import
each other."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from . import scenario as S
from .checked import CheckedScenarios
from ..execution.interpret import Engine, Rejection, engine_for
from ..execution.state import State


# Events the interpreter records for its own traces (judge names the rules the end of the game
# set off by them) that are not events of the protocol: SCENARIOS.md lists those, and an engine
# under test reports `game_over`, never the `game_end` hook that runs the spec's end handlers.
HOOK_EVENTS = frozenset({"game_end"})


class Reply(dict):
    """A reply whose `state` is the JSON of the adapter's state, made when first read: the
    runner reads it only for the steps that look at the state. Read it before the next
    accepted action changes the state (a rejection changes nothing)."""

    def __init__(self, state: State, owner: InProcess | None = None, **fields: Any) -> None:
        super().__init__(fields)
        self._state = state
        self._owner = owner

    def __missing__(self, key: str) -> Any:
        if key != "state":
            raise KeyError(key)
        owner = self._owner
        value = self["state"] = owner.state_json(self._state) if owner is not None else self._state.to_json()
        return value

    def unread_since(self, before: Any) -> bool:
        """Whether this reply and `before` stand for the same state object and neither has made
        its JSON yet: no picture of the state before this request was taken, so comparing the
        two would compare one JSON with itself."""
        return (isinstance(before, Reply) and before._state is self._state and "state" not in before
                and "state" not in self)

    def state_part(self, expected: dict) -> dict | None:
        """The part of the state (players keyed by name) that an expected part of it names,
        made alone when the whole JSON has not been (None when it has: use that)."""
        return None if "state" in self else self._state.json_part(expected)


def wire_events(events: list[dict]) -> list[dict]:
    """The events of an outcome as the protocol reports them (without the interpreter's hooks)."""
    return [e for e in events if e.get("event") not in HOOK_EVENTS]


class InProcess:
    """Adapter for the reference interpreter, one Engine per set of modules."""

    name = "bohnspec reference interpreter"
    # None: all modules; the reference keeps its own bookkeeping, so it is compared on it too.
    capabilities: dict[str, Any] = {"modules": None, "rule_ids": True, "events": True, "legal_actions": True,
                                    "internal_state": True}
    version = 2
    engine_info: dict[str, Any] = {"name": "bohnspec", "language": "python"}

    def __init__(self, extra_rules: Iterable[str] = (), engine: str = "reference") -> None:
        self.extra_rules = list(extra_rules)
        # Scenarios found to fit these rules before (conformance/checked.py); an adapter of
        # its own engines (mutated rules: tests, bench/mutants.py) checks every one.
        self.checked = CheckedScenarios(self.extra_rules) if type(self).engine is InProcess.engine else None
        self.engine_kind = engine  # "reference" or "compiled" (identical answers, faster)
        if engine != "reference":
            self.name = f"bohnspec {engine} engine"
        self.current: Engine | None = None
        self.state: State | None = None
        self.last_request: dict[str, Any] | None = None
        self._engines: dict = {}  # the modules as a scenario lists them -> their engine (asked twice a scenario)
        self._reused: tuple | None = None  # (scenario, engine, (state, events)) for the next start
        # Requests answered so far, and the JSON of a state made since the last of them: two
        # replies that read the state between the same two requests read the same JSON.
        self._requests = 0
        self._json: tuple | None = None  # (state, requests then, JSON)
        # (action, state, Rejection, requests then) of the last refusal
        self._refused: tuple[Any, State, Rejection, int] | None = None

    def engine(self, modules: Iterable[str] | None) -> Engine:
        key = tuple(modules) if modules is not None else None
        found = self._engines.get(key)
        if found is None:
            found = self._engines[key] = engine_for(modules, self.extra_rules, engine=self.engine_kind)
        return found

    def start(self, sc: S.Scenario) -> dict:
        self.last_request = {"type": "setup" if sc.setup is not None else "load"}
        self._requests += 1
        self.current = self.engine(sc.modules)
        reused, self._reused = self._reused, None
        try:
            if reused is not None and reused[0] is sc and reused[1] is self.current:
                state, events = reused[2]
            else:
                known = self.checked is not None and sc in self.checked
                state, events = S.build_state(self.current, sc, check=not known)
        except S.Refused as exc:
            if sc.refused is None:
                raise  # the scenario's bug: it sets up a game the rules refuse
            return {"rejected": True, "rule": exc.rule, "reason": exc.reason}
        self.state = state
        return Reply(state, self, events=wire_events(events))

    def state_json(self, state: State) -> dict:
        """The JSON of `state` as it is now, made once between two requests however many
        replies read it (a rejected action's reply and the one before it, say)."""
        made = self._json
        if made is not None and made[0] is state and made[1] == self._requests:
            return made[2]
        value = state.to_json()
        self._json = (state, self._requests, value)
        return value

    def reuse_setup(self, sc: S.Scenario, engine: Engine, built: tuple) -> None:
        """The runner set up the scenario's game on the reference engine to check it: when that
        is this adapter's engine, the next `start` of the same scenario plays that very game
        (nobody else holds it) instead of dealing it again."""
        self._reused = (sc, engine, built)

    def load(self, state: dict) -> dict:
        """Load a complete state (for --isolate), as the protocol's `load` does."""
        self.last_request = {"type": "load"}
        self._requests += 1
        modules = state.get("modules") or ["base"]
        self.current = self.engine(modules)
        self.state = loaded = S.state_from_data(self.current, state, modules, validate=False)
        return {"state": loaded.to_json(), "events": []}

    def refused_here(self, engine: Engine, action: Any) -> tuple[State, Any, Rejection] | None:
        """When the last request was `action`, played by `engine`, and the rules refused it:
        the state it was refused in (a refusal leaves it as it was), the action and the
        refusal; else None."""
        found = self._refused
        if (found is None or self.current is not engine or found[3] != self._requests
                or self.state is None or found[1] is not self.state or found[0] != action):
            return None
        return found[1], found[0], found[2]

    def reference_engine(self, sc: S.Scenario) -> Engine:
        return self.engine(sc.modules)

    def apply(self, action: dict) -> dict:
        self.last_request = {"type": "apply", "action": action}
        self._requests += 1
        assert self.current is not None and self.state is not None, "apply before start or load"
        # In place: the state reported before is JSON already. An action that fails half-way
        # (an error of the rules) leaves no half-applied state to play on.
        try:
            outcome = self.current.apply(self.state, action, in_place=True)
        except BaseException:
            self.state = None
            raise
        self.state = outcome.state
        if outcome.rejection is not None:
            self._refused = (action, outcome.state, outcome.rejection, self._requests)
            return Reply(outcome.state, self, accepted=False, rule=outcome.rejection.rule,
                         reason=outcome.rejection.reason)
        return Reply(outcome.state, self, accepted=True, events=wire_events(outcome.events))
