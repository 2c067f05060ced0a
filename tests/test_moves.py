"""Move generation (execution/moves.py): the actions it enumerates are exactly the actions the
engine accepts, in positions random play reaches in every module; and it reads a new action's
domains from the rules alone."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import helpers
from bohnspec.errors import SpecRuntimeError
from bohnspec.execution import moves as M
from late_game import GAMES, recorded

SEEDS = (11, 12)


def universe_refs(engine, state) -> list[str]:
    """Card references worth asking about, built without move generation: every zone word of
    the spec (and `field`), at positions 0 and one past the longest such zone of anyone, every
    position of a short zone, the ends of a long one; and a word that is no zone."""
    lengths = {}
    for name, zone in engine.spec.zones.items():
        if zone.per_player:
            lengths[name] = max(len(p.zones.get(name, ())) for p in state.players)
        else:
            lengths[name] = len(state.zones.get(name, ()))
    lengths["field"] = max(len(p.zones.get(engine.fields_zone, ())) for p in state.players)
    refs = ["nowhere 1"]
    for word, n in lengths.items():
        positions = range(0, n + 2) if n <= 12 else [0, 1, 2, n - 1, n, n + 1]
        refs += [f"{word} {k}" for k in positions]
    return refs


def universe(engine, state, kind: str, player: str):
    """Every well-formed action of this type and player over small domains built from the
    types alone (numbers from -1 past the longest zone, lists of at most one card)."""
    params = engine.spec.actions[kind].params
    refs = universe_refs(engine, state)
    fields = len(state.player(player).zones.get(engine.fields_zone, ()))
    longest = max([len(z) for z in state.zones.values()] + [fields, 1])
    domains = []
    for p in params:
        domains.append({
            "field": list(range(-1, fields + 2)),
            "target": [*range(-1, fields + 2), "discard"],
            "player": state.names(),
            "space": list(state.board.ids) if state.board is not None else [],
            "variety": list(engine.spec.varieties),
            "int": list(range(-1, longest + 2)),
            "card": refs,
            "cards": [[]] + [[r] for r in refs],
        }[p.type])
    for combo in itertools.product(*domains):
        yield {"type": kind, "player": player, **{p.name: v for p, v in zip(params, combo)}}


def key(action: dict) -> tuple:
    return tuple(sorted((k, repr(v)) for k, v in action.items()))


def positions(label: str, seed: int, count: int, rng: random.Random) -> list:
    states = [s for s in recorded(label, seed).states if not s.over]
    return rng.sample(states, min(count, len(states)))


@settings(max_examples=helpers.examples(6), deadline=None)
@given(label=st.sampled_from(sorted(GAMES)), seed=st.sampled_from(SEEDS), pick=st.integers(0, 2**16))
def test_enumeration_is_the_set_of_accepted_actions(label, seed, pick):
    """Over a universe of well-formed actions built from the parameter types alone, the actions
    the engine accepts are those move generation enumerates (lists of at most one card)."""
    engine = GAMES[label].engine()
    for state in positions(label, seed, 2, random.Random(pick)):
        found = {key(a) for m in M.moves(engine, state) for a in m.actions(max_list=1)}
        for kind in engine.spec.actions:
            for player in state.names():
                if kind == "offer" and state.phase != "trade":
                    continue  # refused by its timing before any parameter is read: a few are asked below
                for action in universe(engine, state, kind, player):
                    accepted = engine.check(state, action) is None
                    assert accepted == (key(action) in found), (label, action, engine.check(state, action))


def _states_of(scenario_id: str):
    """The states a corpus scenario passes through, from its start to its last step."""
    from bohnspec.conformance import scenario as S
    from bohnspec.execution.interpret import engine_for
    sc = next(sc for sc in helpers.corpus() if sc.id == scenario_id)
    engine = engine_for(sc.modules)
    state, _ = S.build_state(engine, sc)
    yield engine, state
    for step in sc.steps:
        if step.action is not None:
            state = engine.apply(state, step.action).state
            yield engine, state


@pytest.mark.parametrize("scenario_id", [
    # A pending second round, a defence, an attack: the stack chosen with the draw pile empty,
    # the discard pile renewing it when the card is needed (ruling/reshuffle-when-needed).
    "dschingis/independent/r6-follow-up-from-empty-draw-pile-01",
    "dschingis/independent/r6-defender-stack-from-empty-draw-pile-coin-defends-01",
])
def test_the_stack_is_enumerated_with_the_draw_pile_empty(scenario_id):
    """What the enumeration lists is what the engine accepts in every position of these
    scenarios, where the only card a player may fight with is the top of an empty draw pile."""
    listed_stack = False
    for engine, state in _states_of(scenario_id):
        if state.over:
            continue
        found = {key(a) for m in M.moves(engine, state) for a in m.actions(max_list=1)}
        listed_stack |= any("'draw_pile 1'" in repr(k) for k in found)
        for kind in engine.spec.actions:
            if kind == "offer":
                continue
            for player in state.names():
                for action in universe(engine, state, kind, player):
                    accepted = engine.check(state, action) is None
                    assert accepted == (key(action) in found), (scenario_id, action, engine.check(state, action))
    assert listed_stack


@settings(max_examples=helpers.examples(6), deadline=None)
@given(label=st.sampled_from(sorted(GAMES)), seed=st.sampled_from(SEEDS), pick=st.integers(0, 2**16))
def test_every_enumerated_action_is_accepted(label, seed, pick):
    """Lists of two cards too, in either order; and a move with no legal action lists none."""
    engine = GAMES[label].engine()
    for state in positions(label, seed, 3, random.Random(pick)):
        for m in M.moves(engine, state):
            for action in itertools.islice(m.actions(max_list=2), 3000):
                assert engine.check(state, action) is None, (label, action, engine.check(state, action))
                # Applying it is accepted too (the check and the apply agree).
            first = m.first()
            assert (first is None) == (next(m.actions(max_list=2), None) is None)


def test_offers_of_the_trading_phase_are_enumerated_completely():
    """In the trading phase every well-formed offer of one or two cards a side (from the hand
    and the revealed cards, and some nonsense) is accepted exactly when it is enumerated."""
    engine = GAMES["base"].engine()
    rec = recorded("base", SEEDS[0])
    state = next(s for s in rec.states if s.phase == "trade" and s.vars.get("offer_from") is None
                 and not s.over and s.zones["revealed"])
    found = {key(a) for m in M.moves(engine, state) if m.kind == "offer" for a in m.actions(max_list=2)}
    refs = ["hand 0", "field 1", "received 1", "revealed 1", "revealed 2", "revealed 3",
            *(f"hand {k}" for k in range(1, 8))]
    lists = [[]] + [[r] for r in refs] + [list(c) for c in itertools.permutations(refs, 2)]
    asked = 0
    for to in state.names():
        for give in lists:
            for get in lists[:1 + len(refs)]:
                action = {"type": "offer", "player": state.active, "to": to, "give": give, "get": get}
                assert (engine.check(state, action) is None) == (key(action) in found), action
                asked += 1
    assert asked > 1000


@pytest.mark.parametrize("kind", ["reference", "compiled"])
def test_the_timing_of_moves_is_the_engines(kind):
    """moves.enabled (each condition several action types share asked once, generated on the
    compiled engine) answers Engine.enabled, the same pairs in the same order, in positions
    of every module."""
    from bohnspec.execution.interpret import engine_for

    for label, g in sorted(GAMES.items()):
        engine = engine_for(list(g.modules), g.rules, engine=kind)
        states = recorded(label, SEEDS[0]).states
        for state in states[:: max(1, len(states) // 40)] + [states[-1]]:
            assert M.enabled(engine, state) == engine.enabled(state), (label, state.phase)


def test_nothing_is_enumerated_after_the_end():
    for label in ("base", "solo", "dschingis"):
        rec = recorded(label, SEEDS[0])
        assert rec.state.over
        assert M.legal_actions(GAMES[label].engine(), rec.state) == []


def test_the_domains_are_read_from_the_rules():
    """Card parameters come from the zones their requirements name (definitions inlined); a
    list's elements from what holds for each alone; a number between its required bounds."""
    engine = GAMES["dschingis"].engine()
    plans = M._plans(engine)
    zones = {(k, p.name): p.zones for k, plan in plans.items() for p in plan.params}
    assert zones[("plant_card", "card")] == {"received", "revealed"}
    assert zones[("attack", "with")] == {"hand", "draw_pile 1"}
    assert zones[("take_from_cart", "card")] == {"cart"}
    assert zones[("offer", "give")] == {"hand", "revealed"}
    draft = next(p for p in plans["draft"].params if p.name == "card")
    assert draft.lows and draft.highs


DESIGNER = '''
module base

action swap_front(card c, int n) by p "Move a hand card to the front" cites ruling/no-such-card {
  when phase == trade and p == active else "only now" cites ruling/no-such-card
  require ref_zone(c) == "hand" and ref_exists(p, c) else "a hand card" cites ruling/no-such-card
  require n >= 2 and n < 4 else "two or three" cites ruling/no-such-card
  effect { emit swapped(player: p) }
}
'''


def test_a_designers_action_is_enumerated_without_python():
    texts = {**helpers.spec_texts(), "spec/base/designer.bohn": DESIGNER}
    engine = helpers.engine_from_texts(texts)
    rec = recorded("base", SEEDS[0])
    state = next(s for s in rec.states if s.phase == "trade" and not s.over and s.player(s.active).zones["hand"])
    hand = len(state.player(state.active).zones["hand"])
    found = [a for m in M.moves(engine, state) if m.kind == "swap_front" for a in m.actions()]
    assert sorted((a["c"], a["n"]) for a in found) == sorted(
        (f"hand {k}", n) for k in range(1, hand + 1) for n in (2, 3))
    assert all(engine.check(state, a) is None for a in found)


def test_a_number_without_bounds_is_a_clear_error():
    text = DESIGNER.replace('require n >= 2 and n < 4 else "two or three" cites ruling/no-such-card\n', "")
    engine = helpers.engine_from_texts({**helpers.spec_texts(), "spec/base/designer.bohn": text})
    with pytest.raises(SpecRuntimeError, match="swap_front: the number 'n' has no range"):
        M._plans(engine)


def test_the_protocol_answers_legal_with_the_enumeration():
    import io
    import json

    from bohnspec.conformance.protocol import serve
    rec = recorded("base", SEEDS[0])
    state = next(s for s in rec.states if s.phase == "plant_trades" and not s.over)
    requests = [{"id": 1, "type": "hello", "version": 1},
                {"id": 2, "type": "load", "state": state.to_json()},
                {"id": 3, "type": "legal"}, {"id": 4, "type": "bye"}]
    out = io.StringIO()
    serve(io.StringIO("".join(json.dumps(r) + "\n" for r in requests)), out)
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    legal = next(r for r in replies if r["id"] == 3)
    assert legal["type"] == "legal", legal
    engine = GAMES["base"].engine()
    assert sorted(map(key, legal["actions"])) == sorted(map(key, M.legal_actions(engine, state)))


def test_random_games_share_the_engine_without_changing_it():
    """Random play keeps its randomness to itself (the shuffler goes with each action): games
    played at once in threads on the one cached engine are the games played one by one, and
    the engine's attributes are the same objects afterwards."""
    import threading

    from bohnspec.execution.play import random_game

    engine = GAMES["base"].engine()
    before = dict(vars(engine))
    names = ["P1", "P2", "P3", "P4"]
    alone = {seed: random_game(engine, names, seed).actions for seed in (1, 2, 3)}
    together: dict = {}

    def play(seed):
        together[seed] = random_game(engine, names, seed).actions

    threads = [threading.Thread(target=play, args=(seed,)) for seed in (1, 2, 3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert together == alone
    assert all(len(a) > 300 for a in alone.values())  # long enough to reshuffle the discard pile
    assert {k: id(v) for k, v in vars(engine).items()} == {k: id(v) for k, v in before.items()}
    assert not hasattr(engine, "shuffler")
