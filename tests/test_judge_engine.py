"""`bohnspec judge` traces an action on an interpreter of its own: the engines `engine_for`
hands out are cached and shared, and judging never changes one."""

from __future__ import annotations

import json

import pytest

from bohnspec import paths
from bohnspec.conformance import scenario as S
from bohnspec.execution.interpret import Engine
from bohnspec.tools.cli import main
from bohnspec.tools.judge import judge_actions, load_situation


class _Untouchable(Engine):
    """An engine that refuses any change to itself once built."""

    def __init__(self, spec):
        super().__init__(spec)
        object.__setattr__(self, "_built", True)

    def __setattr__(self, name, value):
        if getattr(self, "_built", False):
            raise AssertionError(f"judge set {name!r} on the engine it was given")
        super().__setattr__(name, value)


# A combat (the state at the moment it was fought is shown) and the end of a game (the end
# rule and the winners rule are told): the trace watches every event and declaration there.
@pytest.mark.parametrize("scenario", ["dschingis/combat/stack-card-02", "base/end/draw-from-nothing-01"])
def test_judging_leaves_the_engine_it_is_given_as_it_was(scenario):
    shared, state, _ = load_situation(scenario, 0)
    action = S.load(paths.SCENARIOS / f"{scenario}.yaml").steps[0].action
    attributes = dict(vars(shared))
    expected = judge_actions(shared, state, [action])
    assert expected[0]["legal"] and expected[0]["happened"]
    assert vars(shared) == attributes
    assert judge_actions(_Untouchable(shared.spec), state, [action]) == expected


def test_an_action_whose_type_is_not_a_name_is_not_an_action(capsys):
    code = main(["judge", "base/end/draw-from-nothing-01", "--step", "0", "--json",
                 "-a", json.dumps({"type": ["harvest"], "player": "Nina"})])
    out = json.loads(capsys.readouterr().out)
    assert code == 1
    assert "unknown action type" in out["results"][0]["malformed"]
