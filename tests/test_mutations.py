"""A scenario must be able to fail: for each deliberately wrong rule, some scenario of the
corpus (in the folder named) must fail against it.

Each mutation edits the spec's text in memory (the edit must change the text), builds an
engine from the mutated texts and plays the folder's scenarios through an adapter that uses
that engine. Only scenarios that pass against the real spec count as catching a mutation.
"""

from __future__ import annotations

import pytest

from bohnspec.conformance import runner as R

import helpers


def meter_text(meter) -> str:
    return "[" + ", ".join("-" if t is None else str(t) for t in meter) + "]"


def rising(meter) -> bool:
    levels = [t for t in meter if t is not None]
    return levels == sorted(levels) and len(set(levels)) == len(levels) and min(levels) >= 1


def meter_mutations():
    """Every Beanometer level moved one card up or down, where the meter still rises."""
    out = []
    for name, v in helpers.base_engine().spec.varieties.items():
        if v.meter is None:
            continue
        for level, threshold in enumerate(v.meter, start=1):
            if threshold is None:
                continue
            for delta in (+1, -1):
                meter = list(v.meter)
                meter[level - 1] = threshold + delta
                if rising(meter):
                    out.append(pytest.param(name, v.meter, tuple(meter),
                                            id=f"{name}-level{level}{'+' if delta > 0 else '-'}1"))
    return out


def caught(engine, folder: str, baseline) -> list[str]:
    """The first scenario of the folder that passes on the real spec and not on `engine`."""
    adapter = helpers.FixedEngine(engine)
    scenarios = [sc for sc in helpers.base_corpus() if sc.id.startswith(f"base/{folder}/")]
    assert scenarios, f"no scenarios in base/{folder}/"
    for sc in scenarios:
        if baseline[sc.id] != R.PASSED:
            continue
        verdict = R.run_scenario(adapter, sc)
        if verdict.verdict in (R.FAILED, R.ERRORED):
            return [sc.id]
    return []


def assert_caught(texts, folder, baseline):
    engine = helpers.engine_from_texts(texts)
    assert caught(engine, folder, baseline), (
        f"no scenario in base/{folder}/ fails against this wrong rule")


# ------------------------------------------------------------ the harness itself

def test_the_real_spec_passes_every_base_scenario(baseline_verdicts):
    assert len(baseline_verdicts) > 100
    assert {i: v for i, v in baseline_verdicts.items() if v != R.PASSED} == {}


def test_the_unmutated_texts_give_a_conforming_engine(baseline_verdicts):
    engine = helpers.engine_from_texts(helpers.spec_texts())
    for folder in ("harvest", "end", "jumping-bean"):
        assert caught(engine, folder, baseline_verdicts) == []


def test_a_mutation_must_change_the_text():
    with pytest.raises(AssertionError):
        helpers.mutate(helpers.spec_texts(), "table.bohn", "define hand_size = 5", "define hand_size = 5")
    with pytest.raises(AssertionError):
        helpers.mutate(helpers.spec_texts(), "table.bohn", "no such text", "x")


def test_the_adapter_uses_the_given_engine():
    engine = helpers.engine_from_texts(helpers.spec_texts())
    adapter = helpers.FixedEngine(engine)
    assert adapter.engine(["base"]) is engine
    assert adapter.engine(["base", "anything"]) is engine


# ------------------------------------------------------------ Beanometers

@pytest.mark.parametrize("variety, meter, wrong", meter_mutations())
def test_every_beanometer_level_is_pinned(variety, meter, wrong, baseline_verdicts):
    texts = helpers.mutate(helpers.spec_texts(), "cards.bohn", f"meter {meter_text(meter)}",
                           f"meter {meter_text(wrong)}")
    assert_caught(texts, "harvest", baseline_verdicts)


def test_all_eight_varieties_with_a_meter_are_mutated():
    varieties = {p.values[0] for p in meter_mutations()}
    assert varieties == {"blue", "fire", "broad", "green", "soy", "black_eyed", "red", "garden"}
    # Both the first level and a higher one of each variety.
    for v in varieties:
        ids = [p.id for p in meter_mutations() if p.values[0] == v]
        levels = {i.split("-level")[1][0] for i in ids}
        assert len(levels) >= 2, (v, ids)


# ------------------------------------------------------------ other wrong rules

# id: (folder that must catch it, [(old text, new text[, file]), ...]): the first alternative
# whose old text is in the spec is applied (helpers.mutate_any).
MUTATIONS = {
    "received-cards-tradable": ("phase-2", [
        ('require not uses(give, "received") and not uses(get, "received")', "require true")]),
    "no-bean-protection": ("bean-protection", [
        ("require size(field) != 1 or (no g in p.fields: size(g) > 1)", "require true")]),
    "tie-goes-counter-clockwise": ("end", [
        ("clockwise(starting_player, p)", "0 - clockwise(starting_player, p)")]),
    "phase-4-draws-two": ("phase-4", [
        ("define draw_count = 3", "define draw_count = 2"),
        ("repeat 3 {", "repeat 2 {")]),
    "game-ends-at-fourth-exhaustion": ("end", [
        ("define last_exhaustion = 3", "define last_exhaustion = 4")]),
    "fellow-players-trade-revealed-cards": ("phase-2", [
        ('require (p == active or not uses(give, "revealed")) and (to == active or not uses(get, "revealed"))',
         "require true")]),
    "draft-passed-left": ("jumping-bean", [
        ("chooser = right(p)", "chooser = left(p)")]),
    "draft-draws-one-card-per-player": ("jumping-bean", [
        ("repeat size(players) + 1 {", "repeat size(players) {")]),
    "third-plant-in-phase-1": ("phase-1", [
        ("require planted < 2", "require planted < 3"),
        ("define hand_plantings = 2", "define hand_plantings = 3")]),
    # More wrong rules, each of which some folder must notice.
    "phase-2-reveals-one-card": ("phase-2", [
        ("define reveal_count = 2", "define reveal_count = 1")]),
    "turn-passes-to-the-right": ("course-of-play", [
        ("active = left(active)", "active = right(active)")]),
    "drawn-cards-go-to-the-front": ("phase-4", [
        ("move first of draw_pile to back of p.hand", "move first of draw_pile to front of p.hand", "turn.bohn")]),
    "deal-to-the-front-of-the-hand": ("setup", [
        ("move first of draw_pile to back of p.hand", "move first of draw_pile to front of p.hand", "table.bohn")]),
    # The reshuffle when the last card is drawn (a draw pile left empty is refilled only when
    # a card is next needed: ruling/reshuffle-when-needed).
    "no-reshuffle": ("empty-draw-pile", [
        ("if not pile_is_gone {\n    reshuffle_discard()", "if not pile_is_gone {")]),
    "no-refill-when-needed": ("empty-draw-pile", [
        ("if size(draw_pile) == 0 and not pile_is_gone and size(discard) > 0 {", "if false {")]),
    "no-final-harvest": ("end", [
        ("if size(f) > 0 { harvest_coins(p, f) }", "if false { harvest_coins(p, f) }")]),
    "harvested-cards-all-become-coins": ("harvest", [
        ("move all of f to top of discard", "move all of f to top of p.coins")]),
    "proposer-accepts-own-offer": ("phase-2", [
        # (the proposer's own refusal left out, and the addressee's widened to him)
        ("when offer_from != p or size(offer_give) == 0 or size(offer_get) == 0\n"
         '      else "the open offer is your own: {offer_to} accepts or declines it"\n'
         "      cites bohnanza/phase-2/11, bohnanza/phase-2/14, ruling/one-offer\n"
         '  when offer_from != p else "the open offer is your own: {offer_to} accepts or declines it"\n'
         "      cites bohnanza/phase-2/14, bohnanza/phase-2/11, ruling/one-offer\n"
         "  when offer_to == p else", "when offer_to == p or offer_from == p else"),
        ("require offer_to == p else", "require offer_to == p or offer_from == p else")]),
    "fellow-players-trade-among-themselves": ("phase-2", [
        ("require p != to and (p == active or to == active)", "require p != to")]),
    "field-cards-tradable": ("phase-2", [
        ('require not uses(give, "field") and not uses(get, "field")', "require true")]),
    "phase-3-may-end-with-revealed-cards-left": ("phase-3", [
        ("require phase != plant_trades or size(revealed) == 0", "require true")]),
    "draft-leftover-not-a-coin": ("jumping-bean", [
        ("move all of draft to top of owner.coins", "move all of draft to top of discard")]),
}


def with_clause_kinds(alternatives):
    """A clause may move between `require` and `when`: try both spellings."""
    out = []
    for old, new, *file in alternatives:
        out.append((old, new, *file))
        for a, b in (("require ", "when "), ("when ", "require ")):
            if old.startswith(a) and new.startswith(a):
                out.append((b + old[len(a):], b + new[len(a):], *file))
    return out


@pytest.mark.parametrize("folder, alternatives", MUTATIONS.values(), ids=list(MUTATIONS))
def test_a_wrong_rule_fails_a_scenario(folder, alternatives, baseline_verdicts):
    texts = helpers.mutate_any(helpers.spec_texts(), with_clause_kinds(alternatives))
    assert_caught(texts, folder, baseline_verdicts)
