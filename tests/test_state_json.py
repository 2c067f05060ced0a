"""The part of a state's JSON that an expectation names (State.json_part, which the runner
compares in-process instead of the whole JSON) is exactly that part of `to_json()`."""

from __future__ import annotations

import random

import pytest

from bohnspec.conformance.runner import state_view
from bohnspec.execution.interpret import engine_for
from bohnspec.execution.play import random_game

from late_game import GAMES


def _expected_part(view: dict, rng: random.Random) -> dict:
    """A random expectation-shaped part of a state view: some of its keys, some players, some of
    their keys, and a key or two the state has not."""
    keys = [k for k in view if rng.random() < 0.4] + ["no_such_zone"]
    part: dict = {k: None for k in keys}
    if rng.random() < 0.7:
        names = [n for n in view["players"] if rng.random() < 0.5] + ["Nobody"]
        part["players"] = {n: {k: None for k in [*(view["players"].get(n) or {"hand": 0}), "no_such"]
                               if rng.random() < 0.5} for n in names}
    return part


def _restricted(view: dict, part: dict) -> dict:
    out = {k: view[k] for k in part if k in view and k != "players"}
    wanted = part.get("players")
    if isinstance(wanted, dict):
        out["players"] = {n: {k: p[k] for k in ["name", *wanted[n]] if k in p}
                          for n, p in view["players"].items() if n in wanted}
    elif "players" in part:  # not an object: every player, whole
        out["players"] = view["players"]
    return out


@pytest.mark.parametrize("label", ["base", "bohnroeschen", "dschingis", "bohnaparte"])
def test_the_part_an_expectation_names_is_that_part_of_the_whole_json(label):
    g = GAMES[label]
    engine = engine_for(list(g.modules), g.rules, engine="compiled")
    rec = random_game(engine, [f"P{i + 1}" for i in range(g.players)], 3, options=dict(g.options) or None,
                      record=True, max_actions=200)
    rng = random.Random(0)
    for state in rec.states[::10]:
        view = state_view(state.to_json())
        for _ in range(5):
            part = _expected_part(view, rng)
            got = state.json_part(part)
            assert got == _restricted(view, part)
        # Asked for every key, it is the whole view (each player whole).
        assert state.json_part({**view, "players": None}) == view
