"""The runner's quick checks of an outside engine's replies agree with the slow ones.

Every state an engine returns is checked against state.schema.json and its cards counted
against the game's (conformance/protocol.py). Both are worked out from the state known before
it, looking only at the parts that differ: a shortcut that said yes to a malformed state, or
miscounted a card, would let a lying engine pass. Here the states of random games, and states
made from them by a lying engine's kind of change, are judged both ways.
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings, strategies as st

from bohnspec.conformance import protocol as P
from bohnspec.conformance import scenario as S
from bohnspec.execution.interpret import engine_for
from bohnspec.execution.play import random_game

import helpers

_GAMES: dict = {}


def game_states(module: str, seed: int) -> tuple[frozenset, list[dict]]:
    """The counted zones of a game and the states (as JSON) of a random game of it."""
    if (module, seed) not in _GAMES:
        engine = engine_for([module])
        players = helpers.PLAYERS[:2] if module == "duo" else helpers.PLAYERS[:4]
        rec = random_game(engine, players, seed, max_actions=300, record=True)
        _GAMES[module, seed] = (P._counted_zones(engine), [s.to_json() for s in rec.states])
    return _GAMES[module, seed]


def step_of(module: str, seed: int, at: int) -> tuple[frozenset, dict, dict]:
    """The counted zones, and two states one after the other, of a random game."""
    zones, states = game_states(module, seed)
    i = at % (len(states) - 1)
    return zones, states[i], states[i + 1]


def lie(state: dict, rng: random.Random) -> dict:
    """The state with one change of the kinds a wrong engine makes (a card made, lost or moved,
    a value of another type); each may or may not still be a valid state of the same cards."""
    out = copy.deepcopy(state)
    players = out["players"]
    p = rng.choice(players)
    zones = [k for k, v in p.items() if isinstance(v, list) and k != "fields"]
    kind = rng.randrange(10)
    if kind == 0 and zones:
        rng.choice([p[z] for z in zones]).append("blue")  # a card made
    elif kind == 1:
        full = [p[z] for z in zones if p[z]] + [v for k, v in out.items() if isinstance(v, list) and v
                                                and isinstance(v[0], str) and k not in ("modules", "winners")]
        if full:
            rng.choice(full).pop()  # a card lost
    elif kind == 2 and zones and out.get("discard"):
        rng.choice([p[z] for z in zones]).append(out["discard"].pop())  # a card moved
    elif kind == 3 and p.get("fields"):
        p["fields"][0] = [*p["fields"][0], "red*2"]  # two cards made, written compactly
    elif kind == 4:
        out.setdefault("vars", {})["planted"] = rng.choice([1.0, 2.5, True, "x", [1], {"a": 1}, None])
    elif kind == 5:
        out["over"] = rng.choice([0, 1, True, False, "no"])
    elif kind == 6:
        p.setdefault("vars", {})["coins_seen"] = rng.choice([1, 1.0, 0.5, False, [], {}])
    elif kind == 7 and zones:
        p[rng.choice(zones)] = rng.choice([["Blue"], [1], "blue", None, [["blue"]]])
    elif kind == 8:
        out["phase"] = rng.choice(["plant", 1, "Phase 1", None])
    elif kind == 9 and out.get("spaces"):
        # (a space's card is a text or nothing: round 62's engine author had `7` pass)
        space = rng.choice(sorted(out["spaces"]))
        out["spaces"][space]["card"] = rng.choice([7, ["camp"], None, "camp", True])
    return out


@pytest.mark.parametrize("module", ["base", "bohnroeschen", "duo", "dschingis"])
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 3), at=st.integers(0, 10_000), lies=st.integers(0, 2 ** 32))
def test_counting_from_the_state_before_counts_every_card(module, seed, at, lies):
    zones, known, after = step_of(module, seed, at)
    held = P.cards_held(known, zones)
    rng = random.Random(lies)
    for state in (after, lie(after, rng), lie(known, rng)):
        assert P.cards_held_after(known, held, state, zones) == P.cards_held(state, zones)


@pytest.mark.parametrize("module", ["base", "bohnroeschen", "dschingis"])
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 3), at=st.integers(0, 10_000), lies=st.integers(0, 2 ** 32))
def test_a_state_passed_as_plainly_valid_is_valid(module, seed, at, lies):
    """The quick check may send a good state to the schema, never pass a bad one."""
    _, known, after = step_of(module, seed, at)
    assert not S.schema_problems(known, "state.schema.json")
    rng = random.Random(lies)
    for state in (after, lie(after, rng), lie(known, rng), lie(lie(known, rng), rng)):
        if P._plainly_valid(state, known):
            assert not S.schema_problems(state, "state.schema.json"), state
        assert bool(P.state_problem(state, known)) == bool(S.schema_problems(state, "state.schema.json"))
