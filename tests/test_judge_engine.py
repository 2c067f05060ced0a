"""`bohnspec judge` traces an action on an interpreter of its own: the engines `engine_for`
hands out are cached and shared, and judging never changes one."""

from __future__ import annotations

import json

import pytest

from bohnspec import paths
from bohnspec.conformance import runner as R
from bohnspec.conformance import scenario as S
from bohnspec.conformance.deciding import changing_paragraphs
from bohnspec.execution import tracing
from bohnspec.execution.interpret import Engine, engine_for
from bohnspec.tools.cli import main
from bohnspec.tools.judge import judge_actions, load_situation

import helpers


class _Untouchable(Engine):
    """An engine that refuses any change to itself once built."""

    def __init__(self, spec):
        super().__init__(spec)
        object.__setattr__(self, "_built", True)

    def __setattr__(self, name, value):
        if getattr(self, "_built", False):
            raise AssertionError(f"judge set {name!r} on the engine it was given")
        super().__setattr__(name, value)


# A combat (the state at the moment it was fought is shown) and the end of a game (the end
# rule and the winners rule are told): the trace watches every event and declaration there.
@pytest.mark.parametrize("scenario", ["dschingis/combat/stack-card-02", "base/end/draw-from-nothing-01"])
def test_judging_leaves_the_engine_it_is_given_as_it_was(scenario):
    shared, state, _ = load_situation(scenario, 0)
    action = S.load(paths.SCENARIOS / f"{scenario}.yaml").steps[0].action
    attributes = dict(vars(shared))
    expected = judge_actions(shared, state, [action])
    assert expected[0]["legal"] and expected[0]["happened"]
    assert vars(shared) == attributes
    assert judge_actions(_Untouchable(shared.spec), state, [action]) == expected


def test_an_action_whose_type_is_not_a_name_is_not_an_action(capsys):
    code = main(["judge", "base/end/draw-from-nothing-01", "--step", "0", "--json",
                 "-a", json.dumps({"type": ["harvest"], "player": "Nina"})])
    out = json.loads(capsys.readouterr().out)
    assert code == 1
    assert "unknown action type" in out["results"][0]["malformed"]


# ------------------------------------------------------------ what a failed step is put down to

def _failed_step(file: str, old: str, new: str, sid: str):
    """The first failing step of scenario `sid` played by an interpreter whose rules file
    `file` has `old` replaced by `new` (the rest of spec/ as it is), judged by the real
    reference."""
    from bohnspec.execution.interpret import engine_for
    from bohnspec.language.compile import compile_text
    from bohnspec.language.spec import build, spec_files

    sc = next(s for s in helpers.corpus() if s.id == sid)
    texts = {str(f): f.read_text(encoding="utf-8") for f in spec_files()}
    key = next(k for k in texts if k.endswith(file))
    assert old in texts[key], (file, old)
    texts[key] = texts[key].replace(old, new, 1)

    class Wrong(helpers.FixedEngine):
        def reference_engine(self, sc):
            return engine_for(sc.modules)
    wrong = Engine(build([compile_text(t, n) for n, t in texts.items()], list(sc.modules)))
    verdict = R.run_scenario(Wrong(wrong), sc)
    assert verdict.verdict == R.FAILED, verdict
    return next(step for step in verdict.steps if not step.ok)


def test_a_wrong_state_is_put_down_to_the_rule_that_changes_it():
    # The harvest's cards go under the discard pile: no event differs, only `discard`. The step
    # is put down to the harvest procedure that discards (bohnanza/harvest/2...), first.
    step = _failed_step("base/harvest.bohn", "move all of f to top of discard", "move all of f to bottom of discard",
                        "base/harvest/coins-on-coin-stack-rest-on-discard-01")
    assert step.index == 0 and any("state.discard" in p for p in step.problems), step.problems
    harvest_coins = helpers.base_engine().spec.procedures["harvest_coins"].cites
    assert step.paragraphs[:len(harvest_coins)] == list(harvest_coins)[:len(step.paragraphs)], step.paragraphs


def test_a_change_left_undone_is_put_down_to_what_runs_it_too():
    # Review round 26: an engine that leaves Jumping Bean fields out of the final harvest was
    # told only the Beanometer's paragraphs; the end of the game that harvests every field, the
    # declaration running it, is named too.
    failed = _failed_step("base/end.bohn", "if size(f) > 0 { harvest_coins(p, f) }",
                          "if size(f) > 0 and variety(f) != jumping { harvest_coins(p, f) }",
                          "base/end/jumping-beans-in-final-harvest-01")
    assert "bohnanza/end/2" in failed.paragraphs and "bohnanza/harvest/2" in failed.paragraphs, failed.paragraphs


def test_events_from_where_the_two_lists_part_come_first():
    # Review round 27: an engine that puts a figure with five coins in front of the castle
    # (waiting) was told the paragraphs of fulfilling a task first: every event the reference
    # names the engine reported too, only later. Those from the first difference come first.
    failed = _failed_step("bohnroeschen/end.bohn", "if size(p.coins) >= castle_coins {",
                          "if size(p.coins) >= castle_coins + 1 {",
                          "bohnroeschen/end/fulfil-last-card-with-exactly-five-coins-01")
    assert failed.index == 0, failed
    assert failed.paragraphs[:3] == ["bohnroeschen/end/1", "bohnroeschen/end/2", "bohnroeschen/end/3"], \
        failed.paragraphs


def test_a_phase_skipped_is_put_down_to_the_phase():
    # Review round 27: an engine that skips Bohnröschen's intermediate phase was pointed at the
    # draw (bohnanza/phase-4/1), whose effect moves the turn on, not at the phase it skipped.
    failed = _failed_step("bohnroeschen/tribute.bohn", "turn plant_hand, trade, plant_trades, draw_cards, intermediate",
                          "turn plant_hand, trade, plant_trades, draw_cards",
                          "bohnroeschen/independent/not-by-others-before-the-draw-01")
    assert failed.index == 2 and failed.paragraphs[0] == "bohnroeschen/intermediate-phase/1", failed.paragraphs


def test_a_phase_entered_where_the_action_ends_the_game_is_put_down_to_the_end():
    # Review round 42's implementer: an engine entering phase 4 after the last card was
    # revealed, instead of ending the game with phase 3, was pointed at the final harvest's
    # paragraphs alone. Ending phase 3 chose not to enter a phase: its rule (the game's end)
    # leads.
    failed = _failed_step("base/turn.bohn", "if pile_is_gone and phase == plant_trades { cut_short = true } else { goto next }",
                          "goto next", "base/end/game-ends-in-phase-3-after-last-reveal-01")
    assert failed.index == 0 and "bohnanza/end/1" in failed.paragraphs[:3], failed.paragraphs


def test_a_harvest_paying_other_coins_names_the_varietys_beanometer():
    # Review round 42's implementer: a wrong Blue Bean Beanometer was never pointed at
    # ruling/beanometers, which holds the numbers; the harvest's own paragraphs filled the list.
    failed = _failed_step("base/cards.bohn", "count 20 meter [4, 6, 8, 10]", "count 20 meter [5, 6, 8, 10]",
                          "base/harvest/beanometer-blue-1-and-2-coins-01")
    assert "ruling/beanometers" in failed.paragraphs and failed.paragraphs[0] == "bohnanza/harvest/2", \
        failed.paragraphs


def test_a_refused_claim_names_the_cards_own_paragraphs():
    # Review round 42's Bohnröschen implementer: an engine accepting "last figure" for a figure
    # level with another was pointed at Examples 2a and 2b (about red beans, which the task
    # clause's ruling rests on), never at the card's own Example (bohnroeschen/examples/7).
    failed = _failed_step("bohnroeschen/vines.bohn", "q == h or q.vine_pos > h.vine_pos",
                          "q == h or q.vine_pos >= h.vine_pos", "bohnroeschen/tasks/last-figure-not-clearly-last-01")
    assert "bohnroeschen/examples/7" in failed.paragraphs, failed.paragraphs


def test_a_game_not_ended_is_put_down_to_the_end_rule_first():
    # Review round 42's Bohnröschen implementer: an engine that did not end the game after a
    # draft that emptied the pile for the last time was pointed at the final harvest's
    # paragraphs; the end rule (ruling/end-during-draft) fell past the list's end.
    failed = _failed_step("base/draw-pile.bohn", "    cut_short = true\n", "\n",
                          "base/independent/r42-draft-short-at-the-end-01")
    assert failed.paragraphs[:3] == ["bohnanza/end/1", "ruling/end-after-action", "ruling/end-during-draft"], \
        failed.paragraphs


def test_combats_are_put_down_to_what_decides_them(capsys):
    # Review round 42's Dschingis implementer, breaking his engine on purpose:
    # a tie that conquers was pointed at the camp choice that once set the space's owner;
    failed = _failed_step("war/combat.bohn", "define attack_wins(p, s, a, d) = a > d",
                          "define attack_wins(p, s, a, d) = a >= d", "dschingis/combat/town-defender-above-floor-01")
    assert failed.paragraphs[:3] == ["dschingis/combat/8", "dschingis/combat/9", "dschingis/combat/17"], \
        failed.paragraphs
    assert "dschingis/setup/12" not in failed.paragraphs, failed.paragraphs
    # an attack refused as out of reach where a river chain reaches was not told the crossing;
    failed = _failed_step("war/combat.bohn", "define crosses_to(p, t) = holds_crossing(p) and",
                          "define crosses_to(p, t) = false and holds_crossing(p) and",
                          "dschingis/examples/example-river-on-10-attack-06-01")
    assert failed.rule == "dschingis/combat/5" and "ruling/river-crossing" in failed.paragraphs[:4], failed.paragraphs
    # and combat cards discarded the other way round were not told the ruling on their order.
    failed = _failed_step("war/combat.bohn", "  move all of attacker.front to top of discard\n",
                          "  move all of attacker.front to bottom of discard\n",
                          "dschingis/combat/town-defender-above-floor-01")
    assert failed.paragraphs[0] == "ruling/discard-order-after-combat", failed.paragraphs


def test_changes_are_put_down_to_the_declaration_running():
    engine = helpers.base_engine()
    sc = next(s for s in helpers.base_corpus() if s.id == "base/harvest/coins-on-coin-stack-rest-on-discard-01")
    state, _ = S.build_state(engine, sc)
    _, rec = tracing.traced_apply(engine, state, sc.steps[0].action)
    changed = {entry[1]: entry[4][-1].name for entry in rec.entries if entry[0] == "change"}
    assert changed["discard"] == "harvest_coins" and changed["players.Timon.coins"] == "harvest_coins", changed
    assert changing_paragraphs(engine, state, sc.steps[0].action, ["players.Keno.coins"]) == []


def test_a_variable_the_reference_left_alone_is_put_down_to_where_the_rules_chose_not_to_set_it():
    # Review round 29: an engine counting a fourth running out of the pile when the defender
    # took the last card of an auxiliary pile was pointed at the combat's paragraphs (the
    # action's own); the rule is where the stack card is taken without counting (the pile has
    # run out for the last time): dschingis/combat/13, dschingis/end/2.
    sc = next(s for s in helpers.corpus() if s.id == "dschingis/independent/r29-aux-pile-spans-two-actions-01")
    engine = engine_for(sc.modules)
    state, _ = S.build_state(engine, sc)
    for step in sc.steps[:4]:
        state = engine.apply(state, step.action).state
    found = changing_paragraphs(engine, state, sc.steps[4].action, ["vars.exhaustions"])
    assert found[:2] == ["dschingis/combat/13", "dschingis/end/2"], found
    assert "bohnanza/empty-draw-pile/1" in found  # and where it is set when it is
