"""House rules: the example modules of examples/house-rules/ replace a number the rules write
as a `define` (the third field's price, the hand cards phase 1 plants, what a big harvest
pays) under an option of their own, or drop one clause of an action (bean protection), with no
new action and no Python; the scenarios pass on both engines and fail when the replacement or
the drop is taken away."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bohnspec.tools.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "house-rules"
RULES = EXAMPLES / "house-rules.bohn"
SCENARIOS = EXAMPLES / "scenarios"


def _conform(rules: Path, tmp_path: Path, *extra: str) -> tuple[int, dict[str, str]]:
    report = tmp_path / "report.json"
    code = main(["conform", str(SCENARIOS), "--rules", str(rules), "-q", "--json", str(report), *extra])
    data = json.loads(report.read_text(encoding="utf-8"))
    return code, {s["id"]: s["verdict"] for s in data["scenarios"]}


def test_the_house_rules_check_clean(capsys):
    assert main(["check", str(RULES)]) == 0
    assert "0 error(s), 0 warning(s)" in capsys.readouterr().out


@pytest.mark.parametrize("engine", ["reference", "compiled"])
def test_the_house_rules_scenarios_pass(tmp_path, engine):
    code, verdicts = _conform(RULES, tmp_path, "--engine", engine)
    assert code == 0 and len(verdicts) == 10 and set(verdicts.values()) == {"passed"}, verdicts


def test_without_the_replaced_numbers_the_scenarios_fail(tmp_path):
    # The options stay declared, the numbers go back to the books': each scenario that plays a
    # house rule fails, those that leave it off still pass.
    text = RULES.read_text(encoding="utf-8")
    text = text.replace("if field_price == cheap then 2 else 3", "3").replace("if plantings == three then 3 else 2", "2")
    text = text.replace("if big_harvest == bonus and n >= 6 and meter(v, n) > 0 and meter(v, n) < n\n"
                        "    then meter(v, n) + 1 else meter(v, n)", "meter(v, n)")
    wrong = tmp_path / "house-rules.bohn"
    wrong.write_text(text, encoding="utf-8")
    code, verdicts = _conform(wrong, tmp_path)
    assert code == 1
    assert verdicts == {"cheap-field/two-coins-buy-the-third-field-01": "failed",
                        "cheap-field/one-coin-is-not-enough-01": "passed",
                        "cheap-field/classic-price-by-default-01": "passed",
                        "three-plantings/a-third-hand-card-01": "failed",
                        "three-plantings/two-by-default-01": "passed",
                        "no-protection/lone-bean-harvested-01": "passed",
                        "no-protection/protected-without-the-module-01": "passed",
                        "no-protection/intermediate-phase-still-refuses-01": "passed",
                        "big-harvest/six-soy-pay-a-coin-more-01": "failed",
                        "big-harvest/plain-by-default-01": "passed"}, verdicts


def test_an_option_of_a_module_not_played_names_its_module(tmp_path, capsys):
    # Review round 33: "unknown option" with the game's options, when the fix is the module.
    sc = (SCENARIOS / "cheap-field" / "two-coins-buy-the-third-field-01.yaml").read_text(encoding="utf-8")
    folder = tmp_path / "cheap-field"
    folder.mkdir()
    (folder / "two-coins-buy-the-third-field-01.yaml").write_text(
        sc.replace("modules: [base, bohnroeschen, cheap_field]", "modules: [base, bohnroeschen]"), encoding="utf-8")
    assert main(["conform", str(tmp_path), "--rules", str(RULES), "-q"]) == 2
    out = capsys.readouterr().out
    assert "at state.options.field_price: option 'field_price' belongs to module cheap_field, which this game " \
           "does not play: add it to `modules:`" in out


@pytest.mark.parametrize("engine", ["reference", "compiled"])
def test_a_refusal_tells_the_number_the_house_rule_sets(engine):
    # Review round 34: the reason said "a third bean field costs three coins" under a price of
    # two. A reason names the define (`{third_field_price}`) and is told its value in the game.
    from bohnspec.conformance import scenario as S
    from bohnspec.execution.interpret import engine_for
    sc = S.load(SCENARIOS / "cheap-field" / "one-coin-is-not-enough-01.yaml", root=SCENARIOS)
    eng = engine_for(sc.modules, [RULES], engine=engine)
    state, _ = S.build_state(eng, sc)
    refused = eng.apply(state, sc.steps[0].action).rejection
    assert refused is not None and refused.reason == "a third bean field costs 2 coins"
    assert eng.check(state, sc.steps[0].action).reason == "a third bean field costs 2 coins"


def test_without_the_drop_the_lone_bean_is_protected_again(tmp_path):
    # The drop taken out: the two scenarios harvesting a lone bean fail, the rest pass.
    wrong = tmp_path / "house-rules.bohn"
    wrong.write_text(RULES.read_text(encoding="utf-8").replace(
        "  drop bohnanza/bean-protection/1 cites ruling/house-no-protection\n", ""), encoding="utf-8")
    code, verdicts = _conform(wrong, tmp_path)
    assert code == 1
    assert {k for k, v in verdicts.items() if v != "passed"} == {
        "no-protection/lone-bean-harvested-01", "no-protection/intermediate-phase-still-refuses-01"}, verdicts


@pytest.mark.parametrize("engine", ["reference", "compiled"])
def test_a_drop_takes_the_clause_out_of_its_games_only(engine):
    from bohnspec.execution.interpret import engine_for
    with_it = engine_for(["base", "no_protection"], [RULES], engine=engine)
    assert [c.rule_id for c in with_it.spec.clauses_of("harvest")].count("bohnanza/bean-protection/1") == 0
    assert [(name, m, c.kind) for name, _, m, c in with_it.spec.dropped] == [
        ("harvest", "no_protection", "require"), ("harvest", "no_protection", "grant")]
    # The other clauses stay, Bohnröschen's too; a game without the module keeps protection.
    roses = engine_for(["base", "bohnroeschen", "no_protection"], [RULES], engine=engine)
    assert "bohnroeschen/intermediate-phase/1" in [c.rule_id for c in roses.spec.clauses_of("harvest")]
    without = engine_for(["base"], [RULES], engine=engine)
    assert "bohnanza/bean-protection/1" in [c.rule_id for c in without.spec.clauses_of("harvest")]


def test_judge_names_the_house_rule_that_allows_a_lone_bean(capsys):
    sc = SCENARIOS / "no-protection" / "lone-bean-harvested-01.yaml"
    assert main(["judge", str(sc), "--step", "0", "--rules", str(RULES), "-a", "Timon harvests field 1",
                 "--brief"]) == 0
    out = capsys.readouterr().out
    assert "LEGAL, allowed by bohnanza/harvest/1" in out and "ruling/house-no-protection" in out
    # A field a harvest was always allowed: the house rule is not named.
    assert main(["judge", str(sc), "--step", "0", "--rules", str(RULES), "-a", "Timon harvests field 2",
                 "--brief"]) == 0
    assert "house-no-protection" not in capsys.readouterr().out


def test_explain_says_what_the_module_drops(capsys):
    assert main(["explain", "harvest", "--rules", str(RULES)]) == 0
    out = capsys.readouterr().out
    assert "where module no_protection is played, not at all: its `require` at spec/base/harvest.bohn:11 refusing " \
           "with [bohnanza/bean-protection/1]" in out


@pytest.mark.parametrize("drop, said", [
    # A paragraph no clause of the modules it requires cites: told which clauses there are.
    ("drop require bohnanza/harvest/2 cites ruling/house-no-protection",
     "no `require` clause of 'harvest' in the modules mine requires cites 'bohnanza/harvest/2'; theirs: require at "),
    # No kind of clause of that kind cites it.
    ("drop when bohnanza/bean-protection/1 cites ruling/house-no-protection",
     "no `when` clause of 'harvest' in the modules mine requires cites 'bohnanza/bean-protection/1'; they give it "
     "no `when` clause"),
    # A house rule names its rule.
    ("drop bohnanza/bean-protection/1", "this `drop` cites nothing: taking a clause out of 'harvest' must name the "
                                        "rule it follows"),
    # An unknown paragraph.
    ("drop bohnanza/bean-protection/9 cites ruling/house-no-protection",
     "unknown rulebook paragraph 'bohnanza/bean-protection/9'"),
])
def test_check_refuses_a_drop_that_takes_nothing(tmp_path, capsys, drop, said):
    rules = tmp_path / "mine.bohn"
    rules.write_text("module mine requires base\n\n"
                     "ruling house-no-protection\n  question \"q?\"\n  decision \"d\"\n  reason \"r\"\n"
                     "  cites bohnanza/bean-protection/1\n\n"
                     f"extend action harvest {{\n  {drop}\n}}\n", encoding="utf-8")
    assert main(["check", "--rules", str(rules)]) == 1
    out = capsys.readouterr().out
    assert said in out, out
    assert f"{rules}:" in out


def test_a_drop_never_takes_the_modules_own_clause(tmp_path, capsys):
    rules = tmp_path / "mine.bohn"
    rules.write_text("module mine requires base\n\n"
                     "ruling mine\n  question \"q?\"\n  decision \"d\"\n  reason \"r\"\n  cites bohnanza/harvest/1\n\n"
                     "extend action harvest {\n"
                     "  require size(field) < 9 else \"too big\" cites ruling/mine\n"
                     "  drop require ruling/mine cites ruling/mine\n}\n", encoding="utf-8")
    assert main(["check", "--rules", str(rules)]) == 1
    assert "(the `require` clauses this module adds itself are never dropped)" in capsys.readouterr().out


# ------------------------------------------------------------ review round 47: the designer's drops

HOUSE = """module {name} requires {requires}

ruling house-x
  question "q?"
  decision "d."
  reason "r."
  cites bohnanza/phase-2/4

"""


def _module(tmp_path, body: str, name: str = "mine", requires: str = "dschingis") -> Path:
    rules = tmp_path / f"{name}.bohn"
    rules.write_text(HOUSE.format(name=name, requires=requires) + body, encoding="utf-8")
    return rules


def _situation(tmp_path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_drop_taking_several_clauses_of_a_kind_says_which_and_more_paragraphs_narrow_it(tmp_path, capsys):
    # dschingis/carts/1 is cited by the cart's three requirements: once, the forest, the price.
    wide = _module(tmp_path, "extend action buy_cart {\n  drop require dschingis/carts/1 cites ruling/house-x\n}\n")
    assert main(["check", "--rules", str(wide)]) == 0
    out = capsys.readouterr().out
    assert "warning: this `drop` takes 3 clauses of 'buy_cart', each citing dschingis/carts/1: require at " in out
    assert '("a cart costs {cart_price} bean coins")' in out
    # Two paragraphs: only the clauses citing both (the forest).
    narrow = _module(tmp_path, "extend action buy_cart {\n"
                               "  drop require dschingis/carts/1, dschingis/landscapes/6 cites ruling/house-x\n}\n")
    assert main(["check", "--rules", str(narrow)]) == 0
    assert "warning:" not in capsys.readouterr().out
    from bohnspec.execution.interpret import engine_for
    engine = engine_for(["mine"], [narrow])
    assert [c.reason for _, _, _, c in engine.spec.dropped] == ["only a player who controls a forest builds a cart"]
    assert len([c for c in engine.spec.clauses_of("buy_cart") if c.kind == "require"]) >= 2


def test_a_drop_of_what_another_drop_took_says_so(tmp_path, capsys):
    twice = _module(tmp_path, "extend action buy_cart {\n"
                              "  drop require dschingis/carts/1, dschingis/landscapes/6 cites ruling/house-x\n"
                              "  drop require dschingis/landscapes/6 cites ruling/house-x\n}\n")
    assert main(["check", "--rules", str(twice)]) == 1
    assert "what this `drop` names was taken already by the drop at " in capsys.readouterr().out


def test_an_extend_of_an_action_of_a_module_not_required_is_refused(tmp_path, capsys):
    # Round 47: the extend passed check (a drop said only "they give it no require clause").
    rules = _module(tmp_path, 'extend action buy_cart {\n  require true else "no" cites ruling/house-x\n}\n',
                    requires="base")
    assert main(["check", "--rules", str(rules)]) == 1
    assert "module mine extends the action 'buy_cart' of module dschingis, which it does not require: add " \
           "`requires dschingis` to its module line" in capsys.readouterr().out


def test_an_error_of_the_rules_after_a_drop_names_the_move_and_the_dropped_clauses(tmp_path, capsys):
    # Dropping the cart's price: its purchase with no coins spends coins nobody has.
    rules = _module(tmp_path, "extend action buy_cart {\n  drop require dschingis/carts/1 cites ruling/house-x\n}\n")
    situation = _situation(tmp_path, "cart.yaml", "modules: [mine]\nstate:\n  board: beginner_3\n  spaces: {'02': "
                           "{owner: Timon}, '08': {owner: Nina}, '12': {owner: Keno}}\n  players: [{name: Timon}, "
                           "{name: Nina}, {name: Keno}]\n  active: Timon\n  phase: attack\n"
                           "  draw_pile: [soy, red, blue]\n")
    assert main(["judge", str(situation), "--rules", str(rules), "-a", "Timon buy_cart"]) == 2
    err = capsys.readouterr().err
    assert "(an error of the rules, met while judging Timon buy_cart; module mine drops clauses of buy_cart here " \
           "(require at spec/dschingis/landscapes.bohn:" in err, err
    # simulate says which game and which move.
    assert main(["simulate", "--rules", str(rules), "--modules", "mine", "--games", "3", "-q"]) == 2
    err = capsys.readouterr().err
    assert "met in the random game of seed " in err and "module mine drops clauses of buy_cart" in err, err


def test_a_dropped_paragraph_allows_nothing_and_the_house_ruling_is_the_answer(tmp_path, capsys):
    # Round 47: an open market's trade was "allowed by bohnanza/phase-2/4", quoting the very
    # sentence the house rule leaves out ("may not trade among themselves").
    rules = _module(tmp_path, "extend action offer {\n  drop require bohnanza/phase-2/4 cites ruling/house-x\n}\n",
                    name="market", requires="base")
    situation = _situation(tmp_path, "market.yaml", "modules: [base, market]\nstate:\n  players: [{name: Nina, "
                           "hand: [blue]}, {name: Timon, hand: [soy, red]}, {name: Keno, hand: [green]}]\n"
                           "  active: Nina\n  phase: trade\n  revealed: [garden, blue]\n")
    assert main(["judge", str(situation), "--rules", str(rules), "--json",
                 "-a", "Timon trade give red get green with Keno"]) == 0
    verdict = json.loads(capsys.readouterr().out)["results"][0]
    assert "bohnanza/phase-2/4" not in verdict["allowed_by"] and "ruling/house-x" in verdict["allowed_by"]
    assert list(verdict["ruling"]) == ["ruling/house-x"]


def test_the_castle_price_is_a_define_a_house_rule_replaces(tmp_path):
    # Round 47's designer could not write a castle at four coins: the 5 was written inline.
    from bohnspec.execution.interpret import engine_for
    rules = tmp_path / "castle.bohn"
    rules.write_text("module cheap_castle requires bohnroeschen\n\n"
                     "define castle_coins = 4 cites ruling/example-house-rules\n", encoding="utf-8")
    engine = engine_for(["cheap_castle"], [RULES, rules])
    state = engine.blank_state(["Nina", "Timon", "Keno", "Eiko"], modules=["base", "bohnroeschen", "cheap_castle"])
    assert engine.define_value(state, "castle_coins") == 4


def test_explain_a_house_ruling_shows_what_its_drop_takes_out(capsys):
    # Round 47's designer: `explain ruling/...` did not list the drops that cite it.
    assert main(["explain", "ruling/house-no-protection", "--rules", str(RULES)]) == 0
    out = capsys.readouterr().out
    assert "extend harvest  (module no_protection" in out
    assert "takes out: the `require` at spec/base/harvest.bohn:11 refusing with [bohnanza/bean-protection/1]" in out


def test_a_drop_of_a_clause_of_an_action_both_war_games_declare_is_found_in_its_own_game(tmp_path, capsys):
    # Round 48: check built every module at once, where `attack` is one war game's, and told a
    # Bohnaparte house rule that no clause of `attack` cites bohnaparte/swamp/1.
    rules = _module(tmp_path, "extend action attack {\n  drop bohnaparte/swamp/1 cites ruling/house-x\n}\n",
                    name="drained", requires="bohnaparte")
    assert main(["check", "--rules", str(rules)]) == 0
    assert "0 error(s), 0 warning(s)" in capsys.readouterr().out
    from bohnspec.execution.interpret import engine_for
    engine = engine_for(["drained"], [rules])
    assert [(name, c.rule_id) for name, _, _, c in engine.spec.dropped] == [("attack", "bohnaparte/swamp/1")]


@pytest.mark.parametrize("engine", ["reference", "compiled"])
def test_a_refusal_tells_a_price_that_depends_on_the_target(tmp_path, engine):
    # Round 48's designer made towns cost two coins and was told "each attack costs a bean coin".
    from bohnspec.execution.interpret import engine_for
    from bohnspec.tools.judge import load_situation
    rules = _module(tmp_path, "define attack_price(p, t) = if kind(t) == town then 2 else 1 cites ruling/house-x\n",
                    name="dear", requires="dschingis")
    situation = _situation(tmp_path, "towns.yaml", "modules: [base, dschingis, dear]\nstate:\n  options: {layout: "
                           "beginner}\n  players: [{name: Timon, hand: [blue], coins: [soy]}, {name: Nina}, "
                           "{name: Keno}]\n  active: Timon\n  phase: attack\n  spaces: {'02': {owner: Timon}, "
                           "'08': {owner: Nina}, '12': {owner: Keno}}\n  draw_pile: [green, blue, soy]\n")
    _, state, _ = load_situation(str(situation), extra_rules=[rules])
    game = engine_for(["base", "dschingis", "dear"], [rules], engine=engine)
    town = next(s for s in state.board.ids if state.space_cards.get(s) and state.space_cards[s][0] == "town")
    refused = game.apply(state, {"type": "attack", "player": "Timon", "target": town, "with": "hand 1"}).rejection
    assert refused is not None and refused.rule == "dschingis/combat/1"
    assert refused.reason == "each attack costs a bean coin: 2 here"


def test_a_wrong_replacement_is_named_among_what_decided_the_step(tmp_path, capsys):
    # A designer whose replacing define pays a coin too many is sent to his own rule, not only
    # to the book's harvest paragraphs (round 94's designer, whose tie rule was never named).
    text = RULES.read_text(encoding="utf-8").replace("then meter(v, n) + 1 else", "then meter(v, n) + 2 else")
    wrong = tmp_path / "house-rules.bohn"
    wrong.write_text(text, encoding="utf-8")
    code = main(["conform", str(SCENARIOS / "big-harvest" / "six-soy-pay-a-coin-more-01.yaml"),
                 "--rules", str(wrong), "-q"])
    out = capsys.readouterr().out
    assert code == 1
    decided = next(line for line in out.splitlines() if "decided by:" in line)
    assert "ruling/house-big-harvest" in decided, out


def test_an_error_met_in_a_books_clause_names_the_definitions_of_yours_it_reads(tmp_path, capsys):
    # Round 95's designer: a `meter` of his own paying more coins than cards failed at
    # spec/base/harvest.bohn, his file never named
    rules = tmp_path / "rich.bohn"
    rules.write_text("module rich requires base\n\n"
                     "ruling rich-meter\n  question \"q?\"\n  decision \"d.\"\n  reason \"r.\"\n  cites bohnanza/harvest/2\n\n"
                     "define meter(v, n) = n + 5 cites ruling/rich-meter\n", encoding="utf-8")
    scenario = tmp_path / "rich" / "harvest-01.yaml"
    scenario.parent.mkdir()
    scenario.write_text(
        "id: rich/harvest-01\ntitle: A harvest\ncites: [bohnanza/harvest/2]\nmodules: [base, rich]\n"
        "state:\n  players:\n    - {name: Nina, fields: [[blue, blue, blue, blue], []]}\n    - {name: Timon}\n"
        "    - {name: Keno}\n  phase: trade\n"
        "steps:\n  - do: {type: harvest, player: Nina, field: 1}\n    expect:\n      state: {phase: trade}\n",
        encoding="utf-8")
    code = main(["conform", str(scenario), "--rules", str(rules), "-q"])
    out = capsys.readouterr().out
    assert code == 1, out
    assert "the rule met there reads definitions of your rules: meter (" in out and "rich.bohn:" in out, out


@pytest.mark.parametrize("engine", ["reference", "compiled"])
def test_the_war_games_purchase_prices_are_defines_a_variant_replaces(tmp_path, engine):
    # Round 96's designer could not make a depot cost two coins: the 3 was written twice inside
    # the action, so only a new action, without the book's exemptions, could change it
    from bohnspec.execution.interpret import engine_for
    from bohnspec.tools.judge import load_situation
    rules = _module(tmp_path, "define depot_price = 2 cites ruling/house-x\n", name="cheap_depot",
                    requires="bohnaparte")
    situation = tmp_path / "depot.yaml"
    situation.write_text(
        "modules: [base, bohnaparte, cheap_depot]\nstate:\n"
        "  board: {geometry: offset, rows: [[0, camp, town, camp], [1, farm, camp]]}\n"
        "  spaces: {\"01\": {owner: Uwe}, \"03\": {owner: Hanno}, \"05\": {owner: Nina}}\n"
        "  players:\n    - {name: Uwe, hand: [fire], coins: [red, soy], fields: [[], []]}\n"
        "    - {name: Hanno, hand: [blue], fields: [[], []]}\n    - {name: Nina, hand: [soy], fields: [[], []]}\n"
        "  active: Uwe\n  phase: trade\n  draw_pile: [green, broad, blue, red]\n", encoding="utf-8")
    eng, state, _ = load_situation(str(situation), extra_rules=[rules])
    if engine == "compiled":
        eng = engine_for(["base", "bohnaparte", "cheap_depot"], [rules], engine="compiled")
    outcome = eng.apply(state, {"type": "buy_depot", "player": "Uwe"})
    assert outcome.accepted and outcome.state.player("Uwe").zones["coins"] == [], outcome


LAST_REVEAL_MARKET = """id: market/last-reveal-still-plays-phase-3-01
title: After the last reveal the market and phase 3 are still played
cites: [bohnanza/end/1]
modules: [base, market]
state:
  players:
    - {name: Nina, hand: [red], fields: [[], [], []]}
    - {name: Timon}
    - {name: Keno}
  active: Nina
  phase: trade
  revealed: [blue]
  vars: {exhaustions: 3}
steps:
  - do: {type: end_phase, player: Nina}
    expect:
      state: {phase: market_step, over: false}
  - do: {type: end_phase, player: Nina}
    expect:
      state: {phase: plant_trades, over: false}
  - do: {type: plant_card, player: Nina, card: "revealed 1", field: 1}
  - do: {type: end_phase, player: Nina}
    expect:
      state: {over: true}
"""


@pytest.mark.parametrize("named", [True, False])
def test_a_phase_of_ones_own_between_phase_2_and_3_is_played_after_the_last_reveal_when_named(tmp_path, named):
    # Round 97's designer: the base end rule named phases 2 and 3 itself, so a market between
    # them ended the game on entering it; `finishing_phases` is the definition a module replaces.
    rules = tmp_path / "market.bohn"
    rules.write_text("module market requires base\n"
                     'ruling bean-market question "q" decision "d" reason "r" cites bohnanza/course-of-play/3\n'
                     "turn plant_hand, trade, market_step, plant_trades, draw_cards cites ruling/bean-market\n"
                     'phase market_step "Market" cites ruling/bean-market {}\n'
                     "extend action end_phase {\n  grant when phase == market_step cites ruling/bean-market\n}\n"
                     "define card_phases = [trade, market_step, plant_trades] cites ruling/bean-market\n"
                     + ("define finishing_phases = [trade, market_step, plant_trades] cites ruling/bean-market\n"
                        if named else ""), encoding="utf-8")
    folder = tmp_path / "scenarios" / "market"
    folder.mkdir(parents=True)
    (folder / "last-reveal-still-plays-phase-3-01.yaml").write_text(LAST_REVEAL_MARKET, encoding="utf-8")
    assert main(["conform", str(tmp_path / "scenarios"), "--rules", str(rules), "-q"]) == (0 if named else 1)


NO_GREEN = ('module no_green requires base\n'
            'ruling green-boxed question "q" decision "d" reason "r" cites bohnanza/setup/7\n'
            'option greens one of kept, boxed default kept cites ruling/green-boxed\n'
            'extend variety green in play when greens == kept cites ruling/green-boxed\n')


def test_a_variety_taken_out_of_the_box_by_an_option_is_dealt_in_no_game(tmp_path, capsys):
    rules = tmp_path / "no_green.bohn"
    rules.write_text(NO_GREEN, encoding="utf-8")
    from bohnspec.execution.interpret import engine_for
    from bohnspec.execution.play import random_game
    engine = engine_for(["no_green"], [str(rules)])
    for options, greens in (({"greens": "boxed"}, False), ({"greens": "kept"}, True)):
        rec = random_game(engine, ["A", "B", "C"], 7, options)
        seen = json.dumps(rec.state.to_json())
        assert rec.ended and ('"green"' in seen) is greens, options
    # a situation holding a green under the variant is one no game has
    situation = tmp_path / "s.yaml"
    situation.write_text("modules: [base, no_green]\nstate:\n  options: {greens: boxed}\n  players:\n"
                         "    - {name: Nina, hand: [green]}\n    - {name: Timon}\n    - {name: Keno}\n"
                         "  active: Nina\n  phase: plant_hand\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["judge", str(situation), "--rules", str(rules), "-a", "Nina plants her green"]) == 2
    assert "leaves them in the box" in capsys.readouterr().err
    situation.write_text(situation.read_text(encoding="utf-8").replace("boxed", "kept"), encoding="utf-8")
    assert main(["judge", str(situation), "--rules", str(rules), "-a", "Nina plants her green"]) == 0
