"""The random agent (execution/play.py): it plays sensibly, so that a random game is not padded
with actions a player would never take, and its weighted draws are the draws they say."""

from __future__ import annotations

import collections
import random

from bohnspec.execution import moves as M
from bohnspec.execution import play
from bohnspec.execution.interpret import engine_for

PLAYERS = ["P1", "P2", "P3", "P4"]


def _games(n: int):
    engine = engine_for(["base"], engine="compiled")
    return engine, [play.random_game(engine, PLAYERS, seed, record=True) for seed in range(n)]


def test_an_offer_brings_only_cards_the_other_side_can_plant_and_is_mostly_accepted():
    # A player's fields are open on the table: an offer the other side would decline (a card
    # they cannot plant) is an action wasted.
    engine, games = _games(6)
    offers = answers = declined = 0
    for rec in games:
        for state, action in zip(rec.states, rec.actions):
            if action["type"] == "offer":
                offers += 1
                for ref in action["give"]:
                    card = play._card_at(engine, state, action["player"], ref)
                    assert play._fits(engine, state, action["to"], card), (action, card)
            elif action["type"] in ("accept", "decline"):
                answers += 1
                declined += action["type"] == "decline"
    assert offers > 50 * len(games)
    # A decline is the proposer withdrawing, or the other side's fields changed meanwhile.
    assert declined < 0.15 * answers


def test_winners_coins_stay_realistic():
    engine, games = _games(8)
    winners = [max(len(p.zones.get("coins", [])) for p in rec.state.players) for rec in games]
    assert all(rec.ended for rec in games)
    assert 9 <= sum(winners) / len(winners) <= 25


def test_the_weighted_draw_of_the_action_types_is_exact():
    # The types are drawn by weight; a harvest's weight is found out only when it is drawn
    # (rejection sampling), which must not change how often each is drawn.
    engine = engine_for(["base"], engine="compiled")
    rec = play.random_game(engine, PLAYERS, 3, record=True)
    state = next(s for s, a in zip(rec.states, rec.actions)
                 if s.phase == "plant_trades" and a["type"] == "plant_card"
                 and play._best_harvest(engine, s, s.active) >= 1)
    found = M.Timely(engine, state)
    expected = {}
    for kind, player in found.pairs:
        w = play._FIXED_WEIGHTS.get(kind, 1.0)
        if kind in play._STATE_WEIGHTED:
            w = play._kind_weight(engine, state, kind, player)
        if kind == "harvest":
            best = play._best_harvest(engine, state, player)
            busy = any(k != "harvest" and q == player and M.Move(found.table, M._plans(engine)[k], q).allowed()
                       for k, q in found.pairs)
            w = (0.1 if best == 1 else 0.5) if best else (0.01 if busy else 0.0001)
        expected[(kind, player)] = w
    total = sum(expected.values())
    rng = random.Random(7)
    n = 20000
    drawn = collections.Counter()
    for _ in range(n):
        move = next(play._order(engine, state, M.Timely(engine, state), rng))
        drawn[(move.kind, move.player)] += 1
    for pair, w in expected.items():
        share = w / total
        bound = 4 * (share * (1 - share) / n) ** 0.5 + 1e-3  # four standard deviations
        assert abs(drawn[pair] / n - share) < bound, (pair, drawn[pair] / n, share)
