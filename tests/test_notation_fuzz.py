"""Fuzzing judge's reading of table English: any sentence of the words players use, in any
order, over situations of every game, gets a verdict or one of bohnspec's own input errors;
never a crash (a fuzz of round 50's words found `fields blue` crashing the reader)."""

from __future__ import annotations

import functools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bohnspec import paths
from bohnspec.conformance import scenario as S
from bohnspec.errors import BohnspecError
from bohnspec.execution.interpret import engine_for
from bohnspec.tools.judge import judge_texts
from bohnspec.tools.notation import parse_action

from helpers import examples

# Situations of every game, from the corpus: (scenario id, steps played before).
SITUATIONS = [
    ("base/independent/r48-harvest-in-anothers-trade-then-accept-second-offer-lapses-01", 0),
    ("base/independent/r48-draft-reshuffles-its-jumping-bean-picked-pair-waits-01", 1),
    ("duo/phase-0/discard-leftovers-by-variety-in-any-order-01", 0),
    ("dschingis/independent/r23-riders-last-card-auxiliary-pile-second-round-01", 1),
    ("bohnaparte/mixed-sides/paddock-cavalry-charges-01", 3),
    ("mixed/independent/r50-pw-mixed-riders-beaten-at-dschingis-village-depot-round-then-swamp-no-depot-01", 0),
]

WORDS = ("plants plays attacks gives trades harvests picks defends rides builds puts pays stows burns leaves ends "
         "offers accepts declines takes the his her their my a an one two both all each second last first neutral "
         "next to beside by on onto in into with for from under against again once more and then field fields empty "
         "card cards coin coins blue blues red reds soy soys fire fires green garden jumping beans bean black-eyed "
         "stack pile depot hand revealed received town village swamp farm camp steppe forest riders cavalry fort "
         "fortress phase 1 2 3 15 17 09 03 02 round standing plunders it she he What happens if Is allowed to "
         "Can May").split()

# Words as the new readings take them together (a place, a count or an owner before a variety).
PHRASES = ["fields blue", "hand soy", "revealed red", "his blue field", "on his fires", "onto her soys",
           "both blue beans", "all her reds", "her second blue", "one blue", "the last card of his depot",
           "his last card", "the neutral farm", "the village next to her steppe", "his swamp", "Nina's town",
           "phase 2", "the second revealed card", "her empty field", "again", "pays a coin and", "and keeps the red",
           "the second round", "the cavalry of 02", "Nina and Timon", "and Timon defends with",
           # (round 53's table, read since)
           "swaps", "in exchange for", "for free", "twice", "three times", "two coins", "all his coins",
           "the green and the blue", "with her riders", "with his cavalry from 13", "the town", "Nina's two blues",
           # (rounds 54-57)
           ", because", "since he must", "before drawing,", "then she", ", then", "Can", "Must", "blindly", "a",
           "for", "gives away", "asks Nina for", "declines the gift", "from the middle", ". Timon"]


@functools.cache
def _situation(sid: str, steps: int):
    sc = S.load(paths.SCENARIOS / f"{sid}.yaml")
    engine = engine_for(sc.modules)
    state = S.state_from_data(engine, sc.state, sc.modules)
    for step in sc.steps[:steps]:
        state = engine.apply(state, step.action).state
    return engine, state


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(where=st.sampled_from(SITUATIONS), who=st.integers(0, 5), opener=st.sampled_from(["", "Can ", "What happens if "]),
       words=st.lists(st.sampled_from(WORDS) | st.sampled_from(PHRASES), min_size=1, max_size=9))
def test_any_sentence_of_table_words_gets_a_verdict_or_an_input_error(where, who, opener, words):
    engine, state = _situation(*where)
    names = state.names()
    text = f"{opener}{names[who % len(names)]} {' '.join(words)}"
    try:
        results, _, _ = judge_texts(engine, state, [text], parse_action)
    except BohnspecError:
        return
    assert all("action" in r for r in results)
