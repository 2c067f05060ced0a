"""Solo situations that could not come about are refused when loaded, with the field that is
wrong and what the rules say: `judge` once listed moves, and called one legal, in a solo game
the neutral figures had already won (a round-13 reviewer's situations, written from
bohnroeschen/solo/2, /3 and /5). The situations next to them are ones a game does reach."""

from __future__ import annotations

import copy
import random

import pytest

from bohnspec.conformance import scenario as S
from bohnspec.execution.interpret import engine_for
from bohnspec.execution.play import new_random_game

import helpers

SOLO = ["solo"]
# All 28 vine cards laid out (seven a row) with the castle last, at place 29.
ROW = ["blue_in_a_field", "sell_for_two", "one_bean_each_field", "buy_third_field", "anyone_two_red", "last_figure",
       "anyone_four_green"] * 4 + ["castle"]


def situation(vars_: dict, **more) -> dict:
    state = {"players": [{"name": "Nina", "hand": ["soy"], "fields": [["green"], ["soy"]], "vars": {"vine_pos": 20}}],
             "active": "Nina", "phase": "plant_hand", "draw_pile": ["red", "fire", "blue"], "vine_row": ROW,
             "vars": vars_}
    state.update(more)
    return state



@pytest.mark.parametrize("state, path, words", [
    # solo/5: a neutral figure on the castle has won; the game does not go on.
    (situation({"violet_pos": 29, "red_pos": 27}), "state.vars.violet_pos", "a neutral figure on the castle"),
    (situation({"violet_pos": 22, "red_pos": 29}), "state.vars.red_pos", "a neutral figure on the castle"),
    (situation({"violet_pos": 40, "red_pos": 27, "lost": True}, over=True), "state.vars.violet_pos",
     "stop at the castle"),
    # ruling/solo-lost: `lost` is set as the game ends.
    (situation({"violet_pos": 29, "red_pos": 27, "lost": True}), "state.vars.lost", "give over: true too"),
    # solo/2: red starts in front of the fourth row and only moves on; left out, it would be at 0.
    (situation({"violet_pos": 20, "red_pos": 2}), "state.vars.red_pos", "in front of the fourth row"),
    (situation({"violet_pos": 20}), "state.vars.red_pos", "21 with 28 vine cards"),
    # Review round 26: the message gave the rule's arithmetic, not its value for the row given.
    (situation({"violet_pos": 20, "red_pos": 2}), "state.vars.red_pos", "(red_pos is 2; red_start is 21)"),
    # solo/3: the unwanted beans go onto the discard pile; the middle stays empty.
    (situation({"violet_pos": 20, "red_pos": 22}, phase="draw_cards", middle=["red"]), "state.middle",
     "nothing lies in the middle"),
    # ruling/solo-layout: every vine card lies in the row from the setup on (round 92's blind
    # author had a castle in a face-down deck accepted, a game she could never win).
    (situation({"violet_pos": 20, "red_pos": 22}, vine_row=ROW[:-1], vine_deck=ROW[-1:]), "state.vine_deck",
     "no face-down vine deck"),
    # ... the castle last (round 96: fuzz shrank a finding into a row without it, where the rules
    # do not say where the neutral figures stop)
    (situation({"violet_pos": 3, "red_pos": 3}, vine_row=ROW[:5], players=[{"name": "Nina", "vars": {"vine_pos": 1}}]),
     "state.vine_row", "the castle is the last card of vine_row"),
])
def test_a_solo_situation_no_game_reaches_is_refused(state, path, words):
    helpers.assert_refused(SOLO, state, path, words)


def test_the_situations_a_solo_game_reaches_load():
    engine = engine_for(SOLO)
    for state in (situation({"violet_pos": 20, "red_pos": 22}),
                  situation({"violet_pos": 28, "red_pos": 28}),  # both a card short of the castle
                  situation({"violet_pos": 29, "red_pos": 27, "lost": True}, over=True),  # lost, as it ends
                  situation({"violet_pos": 3, "red_pos": 3}, vine_row=ROW[:5] + ["castle"],  # a short row
                            players=[{"name": "Nina", "vars": {"vine_pos": 1}}])):
        loaded = S.state_from_data(engine, copy.deepcopy(state), SOLO)
        assert loaded.vars["violet_pos"] == state["vars"]["violet_pos"]


HOUSE_RULE = """\
module red_earlier requires solo

ruling red-earlier
  question "House rule: may the red figure start a row earlier, to make the solo game harder?"
  decision "Yes, in front of the third row."
  reason "A house rule, played only when this file is loaded."
  cites bohnroeschen/solo/2

define red_start = 2 * row_length cites ruling/red-earlier
"""


def test_a_house_rule_moves_the_red_start_with_one_definition(tmp_path):
    # The setup and the situations loaded both read red_start: a house rule replacing it
    # starts red a row earlier and loads the situations its games reach.
    rules = tmp_path / "red-earlier.bohn"
    rules.write_text(HOUSE_RULE, encoding="utf-8")
    modules = ["solo", "red_earlier"]
    engine = engine_for(modules, [str(rules)])
    state, _ = new_random_game(engine, ["Nina"], random.Random(1))
    printed, _ = new_random_game(engine_for(SOLO), ["Nina"], random.Random(1))
    # The same game a row behind: the box's known vine cards make rows of two.
    assert engine.define_value(state, "row_length") == 2
    assert state.vars["red_pos"] == printed.vars["red_pos"] - 2
    loaded = S.state_from_data(engine, copy.deepcopy(situation({"violet_pos": 20, "red_pos": 15})), modules)
    assert loaded.vars["red_pos"] == 15
    helpers.assert_refused(SOLO, situation({"violet_pos": 20, "red_pos": 15}), "state.vars.red_pos", "red_start")
