"""The random agent (execution/play.py): it plays sensibly, so that a random game is not padded
with actions a player would never take, and its weighted draws are the draws they say."""

from __future__ import annotations

import collections
import random
from pathlib import Path

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


MAPS = [str(Path(__file__).resolve().parent.parent / "examples" / "bohnaparte" / "reference-maps.bohn")]


def _war_states(n: int = 1, options: dict | None = None):
    engine = engine_for(["bohnaparte_maps"], MAPS, engine="compiled")
    states = [s for seed in range(n) for s in play.random_game(engine, PLAYERS, seed, options, record=True).states]
    return engine, states


def test_a_move_whose_later_parameter_has_no_value_is_given_up_after_one_first_value():
    # A charge needs a cavalry of one's own: without one, no target makes it legal, and the
    # agent finds that out after the first legal target instead of trying every one. (In the
    # cavalry variant: in the basic game, with no mounted troops on the map, the charge is
    # refused before any target is asked.)
    engine, states = _war_states(options={"cavalry": "on"})
    checked = 0
    for state in states:
        found = M.Timely(engine, state)
        for i, (kind, _) in enumerate(found.pairs):
            move = found[i]
            if kind != "charge" or move.refusal() is not None or move.viable():
                continue
            assert play._draw(engine, state, move, random.Random(1), 0, {}, [], move.sure) is None
            # The answers kept for the first parameter: the targets asked, at most one of them legal.
            legal_targets = [key for key, ok in move._held.items() if key[0] == 0 and ok is not False]
            assert len(legal_targets) <= 1
            assert not list(move.actions(max_list=1))
            checked += 1
    assert checked > 5


def test_a_refusal_that_reads_no_player_refuses_the_type_for_everyone_at_once():
    # Without the cavalry variant nobody buys a sutler: the agent asks one player, not each.
    engine, states = _war_states()
    refused: dict = collections.defaultdict(set)  # action type -> the players it was refused to
    asked = M.Move.refusal

    def spy(move):
        answer = asked(move)
        if answer is not None:
            refused[move.kind].add(move.player)
        return answer
    M.Move.refusal = spy  # type: ignore[method-assign]
    try:
        for k, state in enumerate(states[:300]):
            refused.clear()
            play.choose_action(engine, state, random.Random(k), imagine=False)  # one choice, none imagined
            assert len(refused["buy_sutler"]) <= 1
    finally:
        M.Move.refusal = asked  # type: ignore[method-assign]


def test_the_look_ahead_draws_legal_choices_with_the_first_card():
    # The spaces an attack may go to are drawn again and again (the distinct ones imagined),
    # all with the card drawn first: each is legal, and more than one space comes up.
    engine, states = _war_states()
    seen = spread = 0
    for k, state in enumerate(states):
        found = M.Timely(engine, state)
        for i, (kind, _) in enumerate(found.pairs):
            move = found[i]
            if kind != "attack" or move.refusal() is not None:
                continue
            first = play._draw(engine, state, move, random.Random(k), 0, {}, [], move.sure)
            if first is None:
                continue
            others = list(play._others(engine, state, move, random.Random(k), {"with": first["with"]}, 20))
            assert 0 < len(others) <= 20  # a space the first card cannot go to yields nothing
            assert all(a["with"] == first["with"] and engine.check(state, a) is None for a in others)
            seen += 1
            spread += len({a["target"] for a in others}) > 1
    assert seen > 5 and spread > 0


def test_a_random_game_names_its_modules_as_a_scenario_does():
    # Round 66's engine author: fuzz sent `[base, bohnaparte, mixed, war]` (sorted, with the
    # shared part) where conform sends `[base, bohnaparte, mixed]`; PROTOCOL.md names the game's
    # modules each after those it requires, without the shared parts.
    import random
    from bohnspec.execution.interpret import engine_for
    from bohnspec.execution.play import new_random_game
    for modules, players, named in ((["base", "dschingis"], 3, ["base", "dschingis"]),
                                    (["solo"], 1, ["base", "bohnroeschen", "duo", "solo"])):
        state, _ = new_random_game(engine_for(modules), ["A", "B", "C"][:players], random.Random(1))
        assert state.modules == named
