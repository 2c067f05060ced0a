"""The reference interpreter behind the runner's adapter interface, in this process.

The runner drives it exactly as it drives an outside engine through `protocol.ProtocolAdapter`,
and `protocol.serve` answers requests with it; it imports neither, so the two never import
each other."""

from __future__ import annotations

from . import scenario as S
from ..execution.interpret import Engine, engine_for


class InProcess:
    """Adapter for the reference interpreter, one Engine per set of modules."""

    name = "bohnspec reference interpreter"
    capabilities = {"modules": None, "rule_ids": True, "events": True, "legal_actions": True}  # None: all
    engine_info = {"name": "bohnspec", "language": "python"}

    def __init__(self, extra_rules=()):
        self.extra_rules = list(extra_rules)
        self.state = None

    def engine(self, modules) -> Engine:
        return engine_for(modules, self.extra_rules)

    def start(self, sc: S.Scenario) -> dict:
        self.last_request = {"type": "setup" if sc.setup is not None else "load"}
        self.current = self.engine(sc.modules)
        self.state, events = S.build_state(self.current, sc)
        return {"state": self.state.to_json(), "events": events}

    def reference_engine(self, sc: S.Scenario) -> Engine:
        return self.engine(sc.modules)

    def apply(self, action: dict) -> dict:
        self.last_request = {"type": "apply", "action": action}
        outcome = self.current.apply(self.state, action)
        self.state = outcome.state
        if outcome.rejection is not None:
            return {"accepted": False, "rule": outcome.rejection.rule,
                    "reason": outcome.rejection.reason, "state": self.state.to_json()}
        return {"accepted": True, "events": outcome.events, "state": self.state.to_json()}
