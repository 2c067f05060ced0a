"""The part of a state's JSON that an expectation names (State.json_part, which the runner
compares in-process instead of the whole JSON) is exactly that part of `to_json()`."""

from __future__ import annotations

import random

import pytest

from bohnspec.conformance.runner import state_view
from bohnspec.execution.interpret import engine_for
from bohnspec.execution.play import random_game

from late_game import GAMES, recorded


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


# ------------------------------------------------------------ saved and loaded again

@pytest.mark.parametrize("label", GAMES)
def test_a_state_saved_and_loaded_again_is_the_same_state(label):
    # What --isolate and a protocol `load` rely on: the JSON of a state carries everything the
    # game noted, and loading it changes nothing. A state_loaded handler works out only what
    # a situation leaves out (a value given is kept, though the situation alone might imply
    # another: a task met before a figure entered the castle mid-draft, say).
    from bohnspec.conformance.scenario import state_from_data
    engine = GAMES[label].engine()
    states = recorded(label, GAMES[label].seed).states
    for state in states:
        saved = state.to_json()
        again = state_from_data(engine, saved, saved.get("modules", ["base"]), validate=False)
        assert again.to_json() == saved


def test_a_given_internal_value_is_kept_where_the_situation_implies_another():
    from bohnspec.conformance.scenario import state_from_data
    engine = engine_for(["base", "bohnroeschen"])
    # Nina on "Have blue beans lying on one field" with Blue Beans planted: left out, the
    # situation implies her task is met (ruling/task-met-while-standing). A saved state that
    # says otherwise is kept as it says: the loader works out only what the data leaves out.
    situation = {"options": {"beans": "jumping"}, "modules": ["base", "bohnroeschen"],
                 "players": [{"name": "Nina", "fields": [["blue"] * 4, [], []], "coins": ["red"],
                              "vars": {"vine_pos": 1}},
                             {"name": "Timon", "coins": ["fire"] * 2, "vars": {"vine_pos": 2}},
                             {"name": "Keno", "vars": {"vine_pos": 2}}],
                 "active": "Keno", "phase": "trade", "draft": ["green", "soy"],
                 "vars": {"choice": "draft", "chooser": "Nina", "draft_owner": "Keno"},
                 "vine_row": ["blue_in_a_field", "anyone_two_red", "castle"], "vine_deck": []}
    implied = state_from_data(engine, situation, situation["modules"])
    assert implied.players[0].vars["task_met"] is True
    assert implied.players[1].vars["task_met"] is False
    situation["players"][0]["vars"]["task_met"] = False
    kept = state_from_data(engine, situation, situation["modules"])
    assert kept.players[0].vars["task_met"] is False


@pytest.mark.slow
def test_every_scenario_passes_step_by_step_on_the_reference():
    # `conform --isolate` loads the reference's own state before every step: the corpus must
    # pass that way on the reference itself, or a saved state lost something the game noted.
    from bohnspec.conformance import runner as R
    adapter = R.InProcess()
    failing = [(v.id, v.message or [p for s in v.steps for p in s.problems][:2])
               for sc in R.select(None, None, None).scenarios
               for v in [R.run_scenario(adapter, sc, isolate=True)] if v.verdict != R.PASSED]
    assert failing == []
