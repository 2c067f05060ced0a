"""Every module's game played to its end, in every run: one seeded random game each.

The end is where a conformance suite is thinnest (reshuffles, the last exhaustion, final
scoring, the refusal of everything afterwards), and a property that starts from a new game
with a few steps never gets there. Each game here must reach it, keep every card and every
hand's order on the way, end for a reason of its rules, name the winners its rulebook names,
and accept nothing afterwards. Deeper: tests/test_properties.py and tests/test_state_machine.py
play on from late positions of such games.
"""

from __future__ import annotations

import random

import pytest

from bohnspec.conformance import scenario as S

import late_game as L

SEED = 2024  # the random refusals after the end


@pytest.fixture(params=sorted(L.GAMES), scope="module")
def game(request):
    label = request.param
    return label, L.GAMES[label].engine(), L.recorded(label, L.GAMES[label].seed)


def test_the_game_reaches_its_end_through_the_late_game(game):
    label, engine, rec = game
    assert rec.ended and rec.state.over
    kinds = {e["event"] for e in rec.events}
    if label == "solo":
        # Random solo play loses to the neutral figures long before the draw pile runs out.
        assert rec.state.vars.get("lost") or rec.state.winners
    else:
        assert {"exhausted", "reshuffled"} <= kinds, \
            f"{label}: seed {L.GAMES[label].seed} never reshuffles: choose another in late_game.GAMES"
    assert L.end_reason_problems(label, engine, rec.state) == []


def test_no_card_is_created_or_lost_on_the_way(game):
    label, engine, rec = game
    box = L.the_box(engine, rec.state.options)
    assert "beans" in box
    for i, state in enumerate(rec.states):
        assert L.conservation_problems(engine, state, box) == [], \
            f"{label}, after action {i}: {rec.actions[i - 1] if i else 'setup'}"


def test_hands_change_only_as_the_rules_allow(game):
    label, engine, rec = game
    for i, (before, after) in enumerate(zip(rec.states, rec.states[1:])):
        assert L.hand_problems(engine, before, after) == [], f"{label}, action {i}: {rec.actions[i]}"


def test_the_winners_are_those_the_rulebook_names(game):
    label, engine, rec = game
    assert L.winner_problems(label, rec.state, rec.events) == []


def test_nothing_is_accepted_after_the_end(game):
    label, engine, rec = game
    assert L.after_the_end_problems(engine, rec.state, random.Random(SEED)) == []


def test_the_final_state_round_trips(game):
    label, engine, rec = game
    data = rec.state.to_json()
    assert data["over"] is True and data["winners"] == rec.state.winners
    assert S.schema_errors(data, "state.schema.json") == []
    assert S.state_from_data(engine, data, list(rec.state.modules)).to_json() == data
