"""Rule fixes pinned below the level of scenarios: the `move cards REFS of P` primitive never
moves one card twice, and an offer cannot name one card twice (bohnanza/phase-2/9,
ruling/no-such-card)."""

from __future__ import annotations

from collections import Counter

import pytest

from bohnspec.conformance import scenario as S
from bohnspec.errors import SpecRuntimeError

import helpers

# The clause of spec/base/trading.bohn that refuses an offer naming one card twice.
DISTINCT_CLAUSE = "require distinct(give) and distinct(get)"


def trade_state(engine):
    return S.state_from_data(engine, {
        "players": [{"name": "Nina", "hand": ["blue", "soy"]},
                    {"name": "Timon", "hand": ["green", "red"]},
                    {"name": "Keno"}],
        "active": "Nina", "phase": "trade", "revealed": ["fire"]})


def cards(state, engine):
    return helpers.all_cards(state, engine.fields_zone)


def test_an_offer_naming_a_card_twice_is_refused():
    engine = helpers.base_engine()
    state = trade_state(engine)
    for give, get in ([["hand 1", "hand 1"], []], [["hand 1"], ["hand 2", "hand 2"]],
                      [["revealed 1", "hand 2", "revealed 1"], []]):
        outcome = engine.apply(state, {"type": "offer", "player": "Nina", "to": "Timon",
                                       "give": give, "get": get})
        assert not outcome.accepted, (give, get)
        assert outcome.rejection.rule == "ruling/no-such-card"


def test_move_cards_refuses_a_reference_named_twice():
    """Without the spec's clause, the primitive itself refuses to move a card twice: an error of
    the rules, not a card created (before, 'hand 1' twice put the foremost card into the other
    side's received row twice and lost the card behind it)."""
    texts = helpers.mutate(helpers.spec_texts(), "trading.bohn", DISTINCT_CLAUSE,
                           "require true")
    engine = helpers.engine_from_texts(texts)
    state = trade_state(engine)
    offered = engine.apply(state, {"type": "offer", "player": "Nina", "to": "Timon",
                                   "give": ["hand 1", "hand 1"], "get": []})
    assert offered.accepted
    before = offered.state.to_json()
    with pytest.raises(SpecRuntimeError, match="twice"):
        engine.apply(offered.state, {"type": "accept", "player": "Timon"})
    assert offered.state.to_json() == before


def test_move_cards_refuses_one_card_under_two_spellings():
    """'hand 01' and 'hand 1' are two texts for one card: the primitive compares the cards the
    references resolve to, not their spelling."""
    texts = helpers.mutate(helpers.spec_texts(), "trading.bohn", DISTINCT_CLAUSE,
                           "require true")
    engine = helpers.engine_from_texts(texts)
    offered = engine.apply(trade_state(engine), {"type": "offer", "player": "Nina", "to": "Timon",
                                                 "give": ["hand 01", "hand 1"], "get": []})
    assert offered.accepted
    with pytest.raises(SpecRuntimeError, match="twice"):
        engine.apply(offered.state, {"type": "accept", "player": "Timon"})


def test_move_cards_still_moves_distinct_cards_of_one_zone():
    engine = helpers.base_engine()
    state = trade_state(engine)
    box = cards(state, engine)
    offered = engine.apply(state, {"type": "offer", "player": "Nina", "to": "Timon",
                                   "give": ["hand 2", "revealed 1", "hand 1"], "get": ["hand 2"]})
    assert offered.accepted
    done = engine.apply(offered.state, {"type": "accept", "player": "Timon"})
    assert done.accepted
    after = done.state
    assert after.player("Timon").zones["received"] == ["soy", "fire", "blue"]
    assert after.player("Nina").zones["received"] == ["red"]
    assert after.player("Nina").zones["hand"] == []
    assert cards(after, engine) == box == Counter(blue=1, soy=1, green=1, red=1, fire=1)


# ------------------------------------------------------------ situations that cannot come about

FOUR = [{"name": "Nina"}, {"name": "Timon"}, {"name": "Keno"}, {"name": "Eiko"}]
# A small map for three players, each on a camp of his own.
MAP3 = {"board": {"geometry": "graph", "spaces": {"a": "camp", "f": "farm", "b": "camp", "c": "camp"},
                  "edges": [["a", "f"], ["f", "b"], ["b", "c"]]},
        "spaces": {"a": {"owner": "Nina"}, "b": {"owner": "Timon"}, "c": {"owner": "Keno"}}}


def refused(modules, data):
    """The ScenarioError a situation gets (None: it loads)."""
    from bohnspec.errors import ScenarioError
    from bohnspec.execution.interpret import engine_for
    try:
        S.state_from_data(engine_for(modules), data, modules)
    except ScenarioError as exc:
        return exc
    return None


@pytest.mark.parametrize("modules, data, path, words", [
    # Four players are given two fields each and never buy one in the base game.
    (["base"], {"players": [{"name": "Nina", "fields": [[], [], []]}, *FOUR[1:]]},
     "state.players[0].fields", "more bean fields than the game gives"),
    # The war games give two fields at any table.
    (["dschingis"], {"players": [{"name": "Nina", "fields": [[], [], []]}, *FOUR[1:3]],
                     "board": "beginner_3"}, "state.players[0].fields", "more bean fields"),
    # Revealed and received cards lie only in phases 2 and 3 (bohnanza/phase-2/1, /phase-3/1).
    (["base"], {"players": FOUR, "phase": "plant_hand", "revealed": ["blue"]}, "state.revealed", "revealed cards"),
    (["base"], {"players": [*FOUR[:3], {"name": "Eiko", "received": ["red"]}], "phase": "draw_cards"},
     "state.players[3].received", "received cards"),
    # An open offer moves at least one card (ruling/empty-trade).
    (["base"], {"players": FOUR, "phase": "trade", "vars": {"offer_from": "Nina", "offer_to": "Timon"}},
     "state.vars.offer_give", "moves no card"),
    # The two-player game has no trading phase (bohnroeschen/two-player/4, /7).
    (["duo"], {"players": FOUR[:2], "phase": "trade"}, "state.phase", "'trade' is not a phase of this game"),
    # Cards lie on a depot, a sutler or in a cart only once it is bought.
    (["bohnaparte"], {**MAP3, "players": [{"name": "Nina", "depot": ["blue"]}, *FOUR[1:3]]},
     "state.players[0].depot", "munitions depot the player has not bought"),
    (["bohnaparte"], {**MAP3, "options": {"cavalry": "on"},
                      "players": [{"name": "Nina", "sutler": ["blue"]}, *FOUR[1:3]]},
     "state.players[0].sutler", "sutler the player has not bought"),
    (["dschingis"], {**MAP3, "board": {**MAP3["board"],
                                       "spaces": {"a": "camp", "f": "forest", "b": "camp", "c": "camp"}},
                     "players": [{"name": "Nina", "cart": ["blue"]}, *FOUR[1:3]]},
     "state.players[0].cart", "cart the player has not bought"),
    # Every player still to choose a camp has one left to choose (bohnaparte/setup/3).
    (["bohnaparte"], {"board": {"geometry": "graph", "spaces": {"a": "camp", "b": "camp", "f": "farm"},
                                "edges": [["a", "b"], ["b", "f"]]},
                      "players": FOUR[:3], "phase": "camps", "vars": {"choice": "camp", "chooser": "Nina"}},
     "state.spaces", "fewer free camps than players still to choose"),
    # Fortresses never leave the map: no more lie there than there are fortress cards.
    (["bohnaparte"], {**MAP3, "spaces": {**MAP3["spaces"], "f": {"fortress": True},
                                         "a": {"owner": "Nina", "fortress": True},
                                         "b": {"owner": "Timon", "fortress": True},
                                         "c": {"owner": "Keno", "fortress": True}},
                      "players": FOUR[:3]},
     "state.spaces", "more fortresses lie on the map than there are fortress cards"),
])
def test_a_situation_that_cannot_come_about_is_refused(modules, data, path, words):
    err = refused(modules, data)
    assert err is not None, data
    assert err.path == path and words in err.message, (err.path, err.message)


@pytest.mark.parametrize("modules, data", [
    (["bohnroeschen"], {"players": [{"name": "Nina", "fields": [[], [], []], "vars": {"bought_field": True}},
                                    *FOUR[1:]]}),  # a third field bought
    (["base"], {"players": FOUR, "phase": "plant_trades", "revealed": ["blue"]}),
    (["duo"], {"players": FOUR[:2], "phase": "plant_revealed", "revealed": ["blue"]}),
    (["base"], {"players": [{"name": "Nina", "hand": ["red"]}, *FOUR[1:]], "phase": "trade",
                "vars": {"offer_from": "Nina", "offer_to": "Timon", "offer_give": ["hand 1"]}}),
    (["bohnaparte"], {**MAP3, "players": [{"name": "Nina", "depot": ["blue"], "vars": {"has_depot": True}},
                                          *FOUR[1:3]]}),
    (["bohnaparte"], {**MAP3, "spaces": {**MAP3["spaces"], "a": {"owner": "Nina", "fortress": True}},
                      "players": FOUR[:3]}),
])
def test_the_situations_close_to_them_load(modules, data):
    assert refused(modules, data) is None
