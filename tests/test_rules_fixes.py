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
