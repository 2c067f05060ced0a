"""House rules: the example modules of examples/house-rules/ replace a number the rules write
as a `define` (the third field's price, the hand cards phase 1 plants) under an option of their
own, or drop one clause of an action (bean protection), with no new action and no Python; the
scenarios pass on both engines and fail when the replacement or the drop is taken away."""

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
    assert code == 0 and len(verdicts) == 8 and set(verdicts.values()) == {"passed"}, verdicts


def test_without_the_replaced_numbers_the_scenarios_fail(tmp_path):
    # The options stay declared, the numbers go back to the books': each scenario that plays a
    # house rule fails, those that leave it off still pass.
    text = RULES.read_text(encoding="utf-8")
    text = text.replace("if field_price == cheap then 2 else 3", "3").replace("if plantings == three then 3 else 2", "2")
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
                        "no-protection/intermediate-phase-still-refuses-01": "passed"}, verdicts


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
