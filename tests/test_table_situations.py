"""Base-game situations that could not come about are refused when loaded, with the field that
is wrong and what the rules say, instead of being played on: a state past the third running
out with two cards in the pile ended the game after an unrelated plant, and a draft of seven
cards at three players gave five to the owner's coins (a round-13 reviewer's situations,
written from bohnanza/end/1 and bohnanza/jumping-bean/3 and /5). The situations next to them
are ones a game does reach."""

from __future__ import annotations

import copy

import pytest

from bohnspec.conformance import scenario as S
from bohnspec.errors import ScenarioError
from bohnspec.execution.interpret import engine_for

import helpers

BASE = ["base"]


def situation(vars_: dict | None = None, **more) -> dict:
    state = {"players": [{"name": "Nina", "hand": ["red"], "fields": [["soy", "soy"], [], []]}, {"name": "Timon"},
                         {"name": "Keno"}],
             "phase": "plant_hand", "draw_pile": ["blue", "blue"], "vars": vars_ or {}}
    state.update(more)
    return state


def draft(cards: int, chooser: str) -> dict:
    return situation({"choice": "draft", "chooser": chooser, "draft_owner": "Nina"},
                     draft=["red", "green", "soy", "blue", "fire", "broad", "red"][:cards])



@pytest.mark.parametrize("state, path, words", [
    # bohnanza/end/1: the third running out ends the game once what is under way is over.
    (situation({"exhaustions": 3}, draw_pile=[]), "state.over", "so the game is over"),
    (situation({"exhaustions": 3}, phase="trade", revealed=["red"]), "state.draw_pile",
     "no new draw pile is laid out"),
    (situation({"exhaustions": 3, "cut_short": True}, phase="plant_trades", draw_pile=[]), "state.over",
     "so the game is over"),
    (situation({"exhaustions": -1}), "state.vars.exhaustions", "never more often"),
    (situation({"exhaustions": 5}, draw_pile=[], over=True), "state.vars.exhaustions", "never more often"),
    (situation({"cut_short": True}), "state.vars.cut_short", "only when the draw pile runs out for the last time"),
    # bohnanza/jumping-bean/3 and /5: four cards at three players, one fewer a pick.
    (draft(5, "Nina"), "state.draft", "more cards than were drawn"),
    (draft(4, "Keno"), "state.draft", "more cards than were drawn"),
    (draft(7, "Timon"), "state.draft", "more cards than were drawn"),
    # bohnanza/course-of-play/8: one variety a field (judge once let a mixed field be harvested).
    (situation(players=[{"name": "Nina", "fields": [["red", "blue", "soy"], [], []]}, {"name": "Timon"},
                        {"name": "Keno"}]), "state.players[0].fields", "one variety at a time"),
])
def test_a_situation_no_game_reaches_is_refused(state, path, words):
    helpers.assert_refused(BASE, state, path, words)


def test_the_situations_a_game_reaches_load():
    engine = engine_for(BASE)
    reached = [
        # Phases 2 and 3 played to the end after the last reveal; a draft begun by the last draw.
        situation({"exhaustions": 3}, phase="trade", draw_pile=[], revealed=["red"]),
        situation({"exhaustions": 3, "cut_short": True, "choice": "draft", "chooser": "Keno", "draft_owner": "Nina"},
                  phase="plant_trades", draw_pile=[], draft=["red", "green"]),
        situation({"exhaustions": 3}, draw_pile=[], over=True),
        # A draft of four at three players, then three once the harvester has picked (the
        # chooser is to her right: the last listed), and a short one.
        draft(4, "Nina"), draft(3, "Keno"), draft(1, "Timon"),
        # Bohnröschen's pile runs out any number of times.
    ]
    for state in reached:
        S.state_from_data(engine, copy.deepcopy(state), BASE)
    roeschen = ["base", "bohnroeschen"]
    S.state_from_data(engine_for(roeschen), {
        "players": [{"name": n} for n in ("Nina", "Timon", "Keno")], "phase": "plant_hand",
        "vars": {"exhaustions": 5}, "vine_row": ["sell_for_two", "anyone_four_green", "one_bean_each_field",
                                                 "buy_third_field"], "vine_deck": ["castle"]}, roeschen)


@pytest.mark.parametrize("options, path, words", [
    ({"bean": "jumping"}, "state.options.bean", "unknown option (did you mean 'beans'?)"),
    ({"beans": "jumpin"}, "state.options.beans", "'jumpin' is not one of garden, jumping (did you mean 'jumping'?)"),
])
def test_a_situation_names_only_the_games_options_and_their_values(options, path, words):
    # A misspelt option played its default without a word (a round-14 designer's scenario).
    with pytest.raises(ScenarioError) as caught:
        S.state_from_data(engine_for(BASE), situation(options=options), BASE)
    assert caught.value.path == path and words in caught.value.message


ROESCHEN = ["base", "bohnroeschen"]


def vines(players: list[dict], **more) -> dict:
    state = {"players": players, "active": "Timon", "phase": "trade",
             "vine_row": ["last_figure", "sell_for_two", "blue_in_a_field", "castle"]}
    state.update(more)
    return state


THREE = [{"name": "Nina", "vars": {"vine_pos": 1}}, {"name": "Timon", "vars": {"vine_pos": 1}},
         {"name": "Keno", "vars": {"vine_pos": 1}}]


@pytest.mark.parametrize("state, path, words", [
    # ruling/intermediate-passes: passes are made in the intermediate phase, which ends with the last.
    (vines([{"name": "Nina", "vars": {"vine_pos": 1, "passed": True}}, *THREE[1:]]),
     "state.players[0].vars.passed", "outside the intermediate phase"),
    (vines([{**p, "vars": {**p["vars"], "passed": True}} for p in THREE], phase="intermediate"),
     "state.phase", "so the intermediate phase is over"),
    # bohnroeschen/end/3: entering the castle ends the game (once a draft is played out); a
    # waiting figure enters as soon as its player holds five coins.
    (vines([{"name": "Nina", "coins": ["soy"] * 6, "vars": {"vine_pos": 4, "in_castle": True}}, *THREE[1:]]),
     "state.players[0].vars.in_castle", "but the game goes on"),
    (vines([{"name": "Nina", "coins": ["soy"] * 5, "vars": {"vine_pos": 4, "waiting": True}}, *THREE[1:]]),
     "state.players[0].vars.waiting", "it would have entered the castle"),
    # ruling/third-field-classic: three players start with three fields and buy none.
    (vines([{"name": "Nina", "vars": {"vine_pos": 1, "bought_field": True}}, *THREE[1:]]),
     "state.players[0].vars.bought_field", "buys no 3rd"),
])
def test_a_bohnroeschen_situation_no_game_reaches_is_refused(state, path, words):
    # A round-14 reviewer's situations: an intermediate phase nobody could leave, a castle
    # entered in a game that went on.
    helpers.assert_refused(ROESCHEN, state, path, words)


def offer(vars_: dict, **more) -> dict:
    state = {"players": [{"name": "Timon", "hand": ["soy", "red"], "fields": [["blue"], []]},
                         {"name": "Nina", "hand": ["green", "fire"]}, {"name": "Keno", "hand": ["broad"]}],
             "active": "Timon", "phase": "trade", "revealed": ["garden", "black_eyed"], "vars": vars_}
    state.update(more)
    return state


@pytest.mark.parametrize("vars_, path, words", [
    # bohnanza/phase-2/4: fellow players do not trade among themselves.
    ({"offer_from": "Nina", "offer_to": "Keno", "offer_give": ["hand 1"], "offer_get": ["hand 1"]},
     "state.vars.offer_to", "between the active player and one fellow player"),
    # bohnanza/phase-2/8: cards lying in fields are not traded.
    ({"offer_from": "Timon", "offer_to": "Nina", "offer_give": ["field 1"], "offer_get": ["hand 1"]},
     "state.vars.offer_give", "names only hand cards and the revealed cards"),
    # bohnanza/phase-2/6: the revealed cards are the active player's.
    ({"offer_from": "Nina", "offer_to": "Timon", "offer_give": ["revealed 1"], "offer_get": ["hand 1"]},
     "state.vars.offer_give", "only the active player's side"),
    # ruling/no-such-card: accepting it failed with an error in the rules.
    ({"offer_from": "Timon", "offer_to": "Nina", "offer_give": ["hand 1", "hand 1"], "offer_get": ["hand 1"]},
     "state.vars.offer_give", "names no card twice"),
])
def test_an_open_offer_no_offer_action_could_make_is_refused(vars_, path, words):
    # A round-15 reviewer's situations: accepting them let two fellows trade, or moved a card
    # out of a field.
    helpers.assert_refused(BASE, offer(vars_), path, words)
    legal = {"offer_from": "Timon", "offer_to": "Nina", "offer_give": ["revealed 2", "hand 1"], "offer_get": ["hand 2"]}
    S.state_from_data(engine_for(BASE), offer(legal), BASE)
