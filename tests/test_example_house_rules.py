"""House rules: the example module of examples/house-rules/ replaces a number the rules write
as a `define` (the third field's price, the hand cards phase 1 plants) under an option of its
own, with no new action and no Python; its scenarios pass on both engines and fail when the
replacement is taken away."""

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
    assert code == 0 and len(verdicts) == 5 and set(verdicts.values()) == {"passed"}, verdicts


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
                        "three-plantings/two-by-default-01": "passed"}, verdicts


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
