"""Situations on a map that could not come about in a war game are refused when loaded, with
the field that is wrong and what the rules say, instead of being played on by rules that never
expect them (a second round fought at the riders' 17, another player defending, a cart pick
that never ends). The states were written by an independent reviewer (round 8) from the
rulebook; the passing situations next to them are what a game does reach."""

from __future__ import annotations

import copy

import pytest

from bohnspec.conformance import scenario as S
from bohnspec.errors import ScenarioError
from bohnspec.execution.interpret import engine_for

DSCHINGIS = ["base", "dschingis"]
BOHNAPARTE = ["base", "bohnaparte"]
HOLDINGS = {"08": {"owner": "Nina"}, "02": {"owner": "Timon"}, "12": {"owner": "Keno"}}


def situation(vars_: dict, spaces: dict | None = None, **more) -> dict:
    return {"board": "beginner_3", "spaces": {**HOLDINGS, **(spaces or {})},
            "players": [{"name": "Nina", "hand": ["green"]}, {"name": "Timon", "hand": ["red"]},
                        {"name": "Keno", "hand": ["blue"]}],
            "active": "Nina", "phase": "attack", "draw_pile": ["red", "fire", "blue"], "vars": vars_, **more}


def refusal(modules: list[str], state: dict) -> tuple[str, str]:
    with pytest.raises(ScenarioError) as caught:
        S.state_from_data(engine_for(modules), copy.deepcopy(state), modules)
    return caught.value.path, caught.value.message


def loads(modules: list[str], state: dict) -> None:
    S.state_from_data(engine_for(modules), copy.deepcopy(state), modules)


@pytest.mark.parametrize("state, path, words", [
    # dschingis/combat/7: the holder of the landscape attacked defends, not a bystander.
    (situation({"battle": "09", "choice": "defend", "chooser": "Keno"}, {"09": {"owner": "Timon"}}),
     "state.vars.chooser", "a defence is awaited from another than the holder"),
    # dschingis/riders/5: the second round is the attacker's, the beaten riders out of it.
    (situation({"battle": "09", "choice": "second_round", "chooser": "Timon"}, {"13": {"owner": "Nina", "ready": False}}),
     "state.vars.chooser", "a second round is awaited from another than the attacker"),
    (situation({"battle": "09", "horde": "13", "choice": "second_round", "chooser": "Nina"},
               {"13": {"owner": "Nina", "ready": False}}),
     "state.vars.chooser", "the beaten mounted troops still named in horde"),
    # A combat under way waits for someone.
    (situation({"battle": "09"}), "state.vars.choice", "a combat is under way, but no defence"),
    # dschingis/variants/2: the conqueror chooses to burn the town he has taken.
    (situation({"battle": "17", "choice": "plunder", "chooser": "Timon"}, {"17": {"owner": "Nina"}},
               options={"plunder": "on"}),
     "state.vars.battle", "not from the attacker who has just taken a town"),
    # dschingis/carts/3: how many cards are still to take is not in the cards.
    (situation({"choice": "cart", "chooser": "Nina"}, players=[
        {"name": "Nina", "cart": ["soy", "red", "blue", "fire"], "vars": {"has_cart": True}}, {"name": "Timon"},
        {"name": "Keno"}], phase="draw_cards"),
     "state.vars.to_take", "give vars.to_take"),
    # dschingis/setup/12: the starting player takes the last camp without choosing; nobody chooses twice.
    ({"board": "beginner_3", "spaces": {"08": {"owner": "Keno"}, "12": {"owner": "Timon"}},
      "players": [{"name": "Nina"}, {"name": "Timon"}, {"name": "Keno"}], "phase": "camps",
      "vars": {"choice": "camp", "chooser": "Nina"}},
     "state.vars.chooser", "or from the starting player"),
    ({"board": "beginner_3", "spaces": {"08": {"owner": "Keno"}},
      "players": [{"name": "Nina"}, {"name": "Timon"}, {"name": "Keno"}], "phase": "camps",
      "vars": {"choice": "camp", "chooser": "Keno"}},
     "state.vars.chooser", "from a player who has a camp already"),
    # dschingis/components/2: twelve tokens a player, one on each landscape he holds (round 35).
    (situation({}, {f"{n:02}": {"owner": "Timon"} for n in (1, 3, 4, 5, 6, 7, 9, 10, 11, 13, 14, 15, 16)}),
     "state.spaces", "Timon: the player holds more landscapes than he has tokens"),
])
def test_a_dschingis_situation_that_cannot_come_about_is_refused(state, path, words):
    where, message = refusal(DSCHINGIS, state)
    assert where == path and words in message, (where, message)
    assert "could not come about in a game" in message


def test_the_situations_a_game_reaches_load():
    # The same moments as a game has them: the holder defends; the attacker fights the second
    # round, horde cleared; the riders of the first round are the attacker's and ready; a cart
    # pick says how many cards are left; the next chooser of a camp has none.
    loads(DSCHINGIS, situation({"battle": "09", "choice": "defend", "chooser": "Timon"}, {"09": {"owner": "Timon"}}))
    loads(DSCHINGIS, situation({"battle": "09", "choice": "second_round", "chooser": "Nina"},
                               {"13": {"owner": "Nina", "ready": False}}))
    loads(DSCHINGIS, situation({"battle": "09", "horde": "13", "choice": "defend", "chooser": "Timon"},
                               {"09": {"owner": "Timon"}, "13": {"owner": "Nina"}}))
    loads(DSCHINGIS, situation({"choice": "cart", "chooser": "Nina", "to_take": 2}, players=[
        {"name": "Nina", "cart": ["soy", "red", "blue", "fire"], "vars": {"has_cart": True}}, {"name": "Timon"},
        {"name": "Keno"}], phase="draw_cards"))
    loads(DSCHINGIS, {"board": "beginner_3", "spaces": {"08": {"owner": "Keno"}},
                      "players": [{"name": "Nina"}, {"name": "Timon"}, {"name": "Keno"}], "phase": "camps",
                      "vars": {"choice": "camp", "chooser": "Timon"}})
    # A board shown before anybody chooses, with no chooser named, is a picture of the map.
    loads(DSCHINGIS, {"board": "beginner_3", "players": [{"name": "Nina"}, {"name": "Timon"}, {"name": "Keno"}],
                      "phase": "camps"})


def test_a_bohnaparte_camp_is_chosen_once():
    state = {"board": {"geometry": "graph", "spaces": {"a": "camp", "b": "camp", "c": "camp"},
                       "edges": [["a", "b"], ["b", "c"]]},
             "spaces": {"a": {"owner": "Keno"}}, "players": [{"name": "Nina"}, {"name": "Timon"}, {"name": "Keno"}],
             "phase": "camps", "vars": {"choice": "camp", "chooser": "Keno"}}
    assert refusal(BOHNAPARTE, state)[0] == "state.vars.chooser"
    loads(BOHNAPARTE, {**state, "vars": {"choice": "camp", "chooser": "Nina"}})


def _cart(chooser: str, to_take: int, phase: str = "draw_cards") -> dict:
    return situation({"choice": "cart", "chooser": chooser, "to_take": to_take}, players=[
        {"name": "Nina", "cart": ["soy", "red"], "vars": {"has_cart": True}},
        {"name": "Timon", "cart": ["blue"], "vars": {"has_cart": True}}, {"name": "Keno"}], phase=phase)


def _sutler(chooser: str, to_take: int, phase: str = "draw_cards") -> dict:
    return {"board": {"geometry": "graph", "spaces": {"t": "camp", "w": "forest", "n": "camp", "k": "camp"},
                      "edges": [["t", "w"], ["w", "n"], ["n", "k"], ["k", "t"]]},
            "options": {"cavalry": "on"},
            "spaces": {"t": {"owner": "Timon"}, "w": {"owner": "Timon"}, "n": {"owner": "Nina"}, "k": {"owner": "Keno"}},
            "players": [{"name": "Timon", "hand": ["green"], "sutler": ["soy", "red"], "vars": {"has_sutler": True}},
                        {"name": "Nina", "hand": ["blue"], "sutler": ["fire"], "vars": {"has_sutler": True}},
                        {"name": "Keno"}],
            "active": "Timon", "phase": phase, "draw_pile": ["broad", "fire"],
            "vars": {"choice": "sutler", "chooser": chooser, "to_take": to_take}}


def test_a_cart_or_sutler_pick_is_the_active_players_in_the_last_phase_with_the_cards_there():
    # dschingis/carts/3, bohnaparte/sutler/3 (a round-13 reviewer's situations): a pick of three
    # from two cards never ended; another player's pick passed the active player's turn on.
    for state in (_cart("Timon", 1), _cart("Nina", 3), _cart("Nina", 1, "plant_hand")):
        where, message = refusal(DSCHINGIS, state)
        assert where == "state.vars.chooser" and "a pick from a cart is awaited" in message, message
    loads(DSCHINGIS, _cart("Nina", 2))
    for state in (_sutler("Nina", 1), _sutler("Timon", 3), _sutler("Timon", 1, "attack")):
        where, message = refusal(BOHNAPARTE, state)
        assert where == "state.vars.chooser" and "a pick from a sutler is awaited" in message, message
    loads(BOHNAPARTE, _sutler("Timon", 2))


def test_combat_cards_lie_only_while_the_defenders_card_is_awaited():
    # bohnaparte/attack/11 and /14 (a round-15 reviewer's situation): a card left in front of
    # the attacker fought in place of the one he chose.
    left = situation({}, players=[{"name": "Nina", "hand": ["red"], "front": ["blue"], "coins": ["soy"]},
                                  {"name": "Timon"}, {"name": "Keno"}])
    where, message = refusal(DSCHINGIS, left)
    assert where == "state.players[0].front" and "outside a combat awaiting the defender's card" in message
    where, message = refusal(DSCHINGIS, situation({}, neutral_front=["soy"]))
    assert where == "state.neutral_front" and "none lies there between actions" in message
    # The attacker's card while the holder's defence is awaited is where a game has it.
    loads(DSCHINGIS, situation({"battle": "09", "choice": "defend", "chooser": "Timon"}, {"09": {"owner": "Timon"}},
                               players=[{"name": "Nina", "front": ["blue"]}, {"name": "Timon", "hand": ["red"]},
                                        {"name": "Keno"}]))


def test_the_end_riders_and_carts_hold_as_a_game_leaves_them():
    # A round-15 reviewer's situations (dschingis/end/1, riders/11, carts/2 and /3).
    where, message = refusal(DSCHINGIS, situation({"landless": "Keno"}))
    assert where == "state.vars.landless" and "the game goes on" in message
    beaten = situation({}, {"13": {"owner": "Nina", "ready": False}}, phase="plant_hand")
    where, message = refusal(DSCHINGIS, beaten)
    assert where == "state.spaces" and "stood up again at the start of his turn" in message
    loads(DSCHINGIS, {**beaten, "phase": "draw_cards"})  # beaten in this turn's attack step
    where, message = refusal(DSCHINGIS, situation({}, {"13": {"ready": False}}))
    assert where == "state.spaces" and "nobody holds" in message
    full = situation({}, players=[{"name": "Nina", "cart": ["soy", "red", "blue"], "vars": {"has_cart": True}},
                                  {"name": "Timon"}, {"name": "Keno"}], phase="plant_hand")
    where, message = refusal(DSCHINGIS, full)
    assert where == "state.players[0].cart" and "two stay after each drawing" in message
    where, message = refusal(BOHNAPARTE, {**_sutler("Timon", 1), "vars": {}, "phase": "plant_hand"} | {
        "players": [{"name": "Timon", "sutler": ["soy", "red", "blue"], "vars": {"has_sutler": True}},
                    {"name": "Nina"}, {"name": "Keno"}]})
    assert where == "state.players[0].sutler" and "two stay after each drawing" in message


def test_a_fortress_lies_only_under_a_territory_someone_holds():
    # bohnaparte/fortress/1, /2: built under one's own territory, it stays with a conquered one;
    # round 93's blind author loaded one under a neutral farm, which then fought with it.
    state = {"board": {"geometry": "graph", "spaces": {"a": "camp", "b": "farm", "c": "camp", "d": "camp"},
                       "edges": [["a", "b"], ["b", "c"], ["c", "d"]]},
             "spaces": {"a": {"owner": "Nina"}, "c": {"owner": "Timon"}, "d": {"owner": "Keno"},
                        "b": {"fortress": True}},
             "players": [{"name": "Nina"}, {"name": "Timon"}, {"name": "Keno"}], "vars": {"fortresses_built": 1}}
    path, words = refusal(BOHNAPARTE, state)
    assert path == "state.spaces" and "a fortress lies under a territory nobody holds" in words
    loads(BOHNAPARTE, {**state, "spaces": {**state["spaces"], "b": {"owner": "Nina", "fortress": True}}})


def test_a_choice_under_way_after_the_last_running_out_implies_cut_short(tmp_path):
    # Round 96's outside engine: a combat (or cart pick) under way after the last running out
    # was loaded with `cut_short: false`, though a game keeps it true there; given false, refused
    engine = engine_for(["dschingis"])
    from bohnspec import paths
    path = paths.SCENARIOS / "dschingis" / "independent" / "r96-outside-combat-after-last-exhaustion-implied-01.yaml"
    sc = S.load(path)
    assert "cut_short" not in (sc.state.get("vars") or {})
    loaded = S.state_from_data(engine, copy.deepcopy(sc.state), sc.modules)
    assert loaded.vars["cut_short"] is True
    given_false = copy.deepcopy(sc.state)
    given_false["vars"]["cut_short"] = False
    with pytest.raises(ScenarioError) as caught:
        S.state_from_data(engine, given_false, sc.modules)
    assert caught.value.path == "state.vars.cut_short" and "a choice is under way" in caught.value.message
