"""The shortcuts random play takes agree with the published evaluation order.

Engine.enabled asks the actor-free parts of `when` clauses once per action type,
Engine.choices drops parameter values that one part of a `require` clause refuses on its own
and says when no choice or every choice is legal, and
Engine.check_after_timing skips the timing an enabled pair has already passed. Each must
give exactly the answers of `timing` and `check`, in every state random play reaches, for
every module: a shortcut that hid a legal move would quietly bias every simulation.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings, strategies as st

from bohnspec.execution.interpret import engine_for
from bohnspec.execution.play import _values, candidate_actions, random_game

import helpers

GAMES = [("base", 3), ("base", 5), ("bohnroeschen", 4), ("bohnroeschen", 6), ("duo", 2), ("solo", 1)]


def recorded(module: str, players: int, seed: int):
    engine = engine_for([module])
    rec = random_game(engine, helpers.PLAYERS[:players] + [f"P{i}" for i in range(6)][:max(0, players - 5)],
                      seed, max_actions=1500, record=True)
    return engine, rec


def agree(engine, state, rng):
    pairs = {(k, p) for k in engine.spec.actions for p in state.names()}
    slow = {kp for kp in pairs if engine.timing(state, *kp) is None}
    assert set(engine.enabled(state)) == slow
    for action in candidate_actions(engine, state, rng):
        kind, player, values = engine.decode(state, action)
        full = engine.check(state, action)
        if (kind, player) in slow:
            fast = engine.check_after_timing(state, kind, player, values)
            assert (fast is None) == (full is None), action
            if full is not None:
                assert fast.rule == full.rule
        if full is None:
            # A legal action's every value survives narrowing from the values random play offers.
            params = [p for p in engine.spec.actions[kind].params if p.type not in ("cards", "player")]
            offered = {p.name: _values(engine, state, player, p.type, rng) for p in params}
            kept = engine.choices(state, kind, player, offered).values
            for p in params:
                if action[p.name] in offered[p.name]:
                    assert action[p.name] in kept.get(p.name, []), (action, p.name)


def choices_agree(engine, state, rng):
    """Engine.choices: a refusal means no legal choice; `exact` means every combination is legal."""
    for kind, player in engine.enabled(state):
        params = engine.spec.actions[kind].params
        if any(p.type in ("cards", "player") for p in params):
            continue
        offered = {p.name: _values(engine, state, player, p.type, rng) for p in params}
        found = engine.choices(state, kind, player, offered)
        combos = [{"type": kind, "player": player, **{p.name: v for p, v in zip(params, combo)}}
                  for combo in itertools.product(*(offered[p.name] for p in params))]
        if found.refused is not None:
            assert all(engine.check(state, a) is not None for a in combos), (kind, player, found.refused)
            continue
        kept = [{"type": kind, "player": player, **{p.name: v for p, v in zip(params, combo)}}
                for combo in itertools.product(*(found.values[p.name] for p in params))]
        if found.exact:
            assert all(engine.check(state, a) is None for a in kept), (kind, player)
        legal = [a for a in combos if engine.check(state, a) is None]
        assert all(a in kept for a in legal), (kind, player)


@pytest.mark.slow
@settings(max_examples=helpers.examples(6), deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_shortcuts_agree_with_the_published_order(game, seed, data):
    engine, rec = recorded(*game, seed)
    picks = data.draw(st.lists(st.integers(0, len(rec.states) - 1), min_size=1, max_size=10), label="states")
    for i in picks:
        agree(engine, rec.states[i], random.Random(i))
        choices_agree(engine, rec.states[i], random.Random(i))


@pytest.mark.parametrize("module,players", GAMES)
def test_narrowing_keeps_every_legal_value(module, players):
    """Over whole games: every legal single-valued action found without narrowing is among
    the combinations of narrowed values (choices_agree asks exactly that)."""
    engine, rec = recorded(module, players, 7)
    rng = random.Random(7)
    for state in rec.states[::25]:
        choices_agree(engine, state, rng)


def test_the_in_process_refusal_gives_the_rules_a_trace_gives():
    # The runner asks which ids a refusal may fairly cite in the state the in-process
    # adapter refused the step in, instead of playing the scenario again (runner.fair): the
    # same ids as the reference's trace, at every refused step of the corpus.
    from bohnspec.conformance import runner as R, scenario as S
    adapter = R.InProcess(engine="compiled")
    asked = 0
    for sc in helpers.corpus():
        if sc.setup is not None or not any(s.action is not None and "rejected" in s.expect for s in sc.steps):
            continue
        engine = adapter.reference_engine(sc)
        try:
            adapter.start(sc)
        except S.Refused:
            continue
        trace = None
        for index, step in enumerate(sc.steps):
            if step.action is None:
                continue
            reply = adapter.apply(step.action)
            if reply["accepted"]:
                continue
            found = adapter.refused_here(engine, step.action)
            assert found is not None, sc.id
            trace = trace or R.reference_trace(engine, sc, check=False)
            for listed in (S.rules_of(step.expect.get("rejected") or {}) or [], [reply["rule"]]):
                assert R.rules_fair_for(engine, *found, listed) == trace.fair_rules(engine, sc, index, listed), sc.id
            asked += 1
            # Another request since: the refusal is no longer the state's last word.
            assert adapter.refused_here(engine, {**step.action, "player": "nobody"}) is None
    assert asked > 500
