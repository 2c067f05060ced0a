"""Bohnröschen, two-player and solo: wrong timing rules fail scenarios; random play keeps
every card and every vine card, and ends."""

from __future__ import annotations

from collections import Counter

import pytest

from bohnspec import paths
from bohnspec.conformance import runner as R
from bohnspec.conformance import scenario as S
from bohnspec.language.compile import compile_text
from bohnspec.execution.interpret import Engine
from bohnspec.execution.play import random_game
from bohnspec.language.spec import build, spec_files


def texts() -> dict[str, str]:
    return {str(f.relative_to(paths.ROOT)): f.read_text(encoding="utf-8") for f in spec_files()}


def engine(modules, changes=()) -> Engine:
    t = texts()
    for file, old, new in changes:
        key = next(k for k in t if k.endswith(file))
        assert old in t[key], f"{old!r} is not in {key}: update the mutation"
        t[key] = t[key].replace(old, new)
    return Engine(build([compile_text(text, name) for name, text in t.items()], list(modules)))


class Mutated(R.InProcess):
    def __init__(self, eng):
        super().__init__()
        self.eng = eng

    def engine(self, modules):
        return self.eng


def failing(eng, folder: str) -> list[str]:
    out = []
    for f in S.scenario_files([paths.SCENARIOS / folder]):
        sc = S.load(f)
        if R.run_scenario(Mutated(eng), sc).verdict != R.PASSED:
            out.append(sc.id)
    return out


MODULES = {"bohnroeschen": ["bohnroeschen"], "duo": ["duo"], "solo": ["solo"]}

WRONG_RULES = [
    # Example 2b: a card reached after its condition stopped holding must not count. Keeping the
    # previous card's met flag on arrival lets it count.
    ("bohnroeschen", "keep-met-flag-on-arrival", "bohnroeschen/examples",
     ("bohnroeschen/tasks.bohn", "  p.vine_pos = p.vine_pos + 1\n  p.task_met = false\n", "  p.vine_pos = p.vine_pos + 1\n")),
    # Example 2a: a condition that held after arrival must still count later.
    ("bohnroeschen", "judge-state-tasks-only-when-claimed", "bohnroeschen/tasks",
     ("bohnroeschen/tasks.bohn", "    if not q.task_met and not q.in_castle and task_holds(card_of(q), q) { q.task_met = true }",
      "    if false { q.task_met = true }")),
    # Example 1: a phase-1 task is claimed in phase 1, over what this phase 1 planted.
    ("bohnroeschen", "phase-1-task-claimable-later", "bohnroeschen/tasks",
     [("bohnroeschen/tasks.bohn", "    q.p1_plants = []\n", ""),
      ("bohnroeschen/vines.bohn", "claim when phase == plant_hand and h == active and (any v",
       "claim when h == active and (any v")]),
    ("bohnroeschen", "tribute-any-time", "bohnroeschen/tribute",
     ("bohnroeschen/tribute.bohn", "  when p == active or phase == intermediate\n", "  when true\n")),
    ("bohnroeschen", "harvest-in-intermediate-phase", "bohnroeschen/intermediate-phase",
     ("bohnroeschen/tribute.bohn", "  when phase != intermediate or p.waiting else", "  when true else")),
    ("bohnroeschen", "castle-with-four-coins", "bohnroeschen/end",
     ("bohnroeschen/end.bohn", "define castle_coins = 5", "define castle_coins = 4")),
    ("bohnroeschen", "three-cards-ahead-become-two", "bohnroeschen/new-vine-cards",
     ("bohnroeschen/tasks.bohn", "size(vine_row) - frontmost < 3", "size(vine_row) - frontmost < 2")),
    ("duo", "tribute-coins-stay-in-play", "duo",
     ("two-player.bohn", "  move first of p.coins to top of removed", "  move first of p.coins to top of discard")),
    ("duo", "phase-4-draws-three", "duo",
     ("two-player.bohn", "define draw_count = 2", "define draw_count = 3")),
    ("solo", "violet-always-one-step", "solo",
     ("solo.bohn", "let onto = violet_pos + (if row_of(violet_pos) == 1 then 1 else if row_of(violet_pos) == 2 then 2 "
                   "else 3)", "let onto = violet_pos + 1")),
]


@pytest.mark.parametrize("module, name, folder, change", WRONG_RULES, ids=[w[1] for w in WRONG_RULES])
def test_a_wrong_rule_fails_a_scenario(module, name, folder, change):
    assert failing(engine(MODULES[module]), folder) == [], "the corpus must pass on the real spec"
    changes = change if isinstance(change, list) else [change]
    assert failing(engine(MODULES[module], changes), folder), f"no scenario in {folder} catches {name}"


def _cards(state, kind_of_zone) -> Counter:
    c: Counter = Counter()
    for p in state.players:
        for name, cards in p.zones.items():
            if kind_of_zone(name) == "beans":
                for x in cards:
                    c.update(x if isinstance(x, list) else [x])
    for name, cards in state.zones.items():
        c.update(cards) if kind_of_zone(name) == "beans" else None
    return c


@pytest.mark.parametrize("module, players", [("bohnroeschen", 3), ("bohnroeschen", 6), ("duo", 2), ("solo", 1)])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_expansion_games_keep_every_card(module, players, seed):
    eng = engine(MODULES[module])
    kind = {n: z.cards for n, z in eng.spec.zones.items()}
    options = {"beans": "jumping" if seed % 2 else "garden"}
    rec = random_game(eng, [f"P{i}" for i in range(players)], seed, options, max_actions=1500, record=True)
    box = Counter(eng.box(options))
    vines = Counter(eng.vine_box())
    for state in rec.states:
        assert _cards(state, lambda z: kind.get(z, "beans")) == box
        on_table = Counter(c for n, cards in state.zones.items() if kind.get(n) == "vines" for c in cards)
        assert on_table == vines
    assert len(rec.actions) == 1500 or rec.ended


@pytest.mark.parametrize("module, players", [("bohnroeschen", 4), ("bohnroeschen", 6), ("duo", 2), ("solo", 1)])
@pytest.mark.parametrize("seed", [3, 4])
def test_random_expansion_games_end(module, players, seed):
    """Random legal play reaches an end: a figure in the castle (or, solo, a neutral one)."""
    eng = engine(MODULES[module])
    rec = random_game(eng, [f"P{i}" for i in range(players)], seed, max_actions=8000)
    assert rec.ended, f"{module}, {players} players, seed {seed}: no end in {len(rec.actions)} actions"
    assert rec.state.over
    assert rec.state.winners or rec.state.vars.get("lost")
