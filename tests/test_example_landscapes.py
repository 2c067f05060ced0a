"""Authoring landscapes: the made-up Dschingis Bohn landscapes in examples/landscapes/ check clean
and their scenarios pass without any Python change, and a wrong rule makes a scenario fail."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bohnspec.conformance import scenario as S
from bohnspec.tools.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "landscapes"
RULES = EXAMPLES / "my-landscapes.bohn"
SCENARIOS = EXAMPLES / "scenarios"


def _conform(rules: Path, tmp_path: Path) -> tuple[int, dict[str, str]]:
    """Run the example scenarios against `rules`: the exit code and each scenario's verdict."""
    report = tmp_path / "report.json"
    code = main(["conform", str(SCENARIOS), "--rules", str(rules), "-q", "--json", str(report)])
    data = json.loads(report.read_text(encoding="utf-8"))
    return code, {s["id"]: s["verdict"] for s in data["scenarios"]}


def test_the_example_landscapes_check_clean(capsys):
    assert main(["check", str(RULES)]) == 0
    assert "0 error(s), 0 warning(s)" in capsys.readouterr().out


def test_every_example_landscape_is_marked_not_official():
    text = RULES.read_text(encoding="utf-8")
    cards = [line for line in text.splitlines() if line.startswith("card ")]
    assert len(cards) >= 2
    for line in cards:
        assert '"EXAMPLE (not official): ' in line and "landscape" in line, line
    assert "ruling example-landscapes" in text


def test_the_example_scenarios_pass(tmp_path):
    code, verdicts = _conform(RULES, tmp_path)
    assert code == 0
    assert verdicts and set(verdicts.values()) == {"passed"}
    # Each scenario's id is its path under examples/landscapes/scenarios, without .yaml.
    ids = {S.file_id(p, SCENARIOS) for p in S.scenario_files([SCENARIOS])}
    assert set(verdicts) == ids
    assert {i.split("/")[0] for i in ids} == {"watchtower", "mill", "market", "armoury", "abbey"}


@pytest.mark.parametrize("old, new, fails", [
    # the Watchtower's floor: fire's 18 would then tie and still fail, but the defence is 18, not 19
    ("points 2, floor 19", "points 2, floor 18", "watchtower/floor-19-01"),
    # the Watchtower worth one point like any landscape: the four-way tie goes to Eiko
    ("points 2, floor 19", "points 1, floor 19", "watchtower/worth-two-points-01"),
    # the Mill draws no card more
    ("landscape count 1 with draws 1", "landscape count 1",
     "mill/draws-one-more-01"),
    # the Mill draws two more: with a village beside it, four cards more instead of two
    ("landscape count 1 with draws 1", "landscape count 1 with draws 2",
     "mill/and-village-add-up-01"),
    # the Market pays whoever's turn it is, not only its controller
    ("s.owner == active and kind(s) == market", "s.owner != none and kind(s) == market",
     "market/not-on-fellow-turn-01"),
    # the Armoury adds nothing: fire's 18 against the village's 16 still wins, but not at 20
    ("then 2 else 0", "then 0 else 0", "armoury/adds-two-to-its-holders-attack-01"),
    # the Abbey's tithe at the category's default: nothing taken
    ("landscape count 1 with tithe 2", "landscape count 1", "abbey/tithe-of-two-01"),
    # the tithe laid under the coin stack instead of on top
    ("to top of active.coins\n          emit tithe", "to bottom of active.coins\n          emit tithe",
     "abbey/tithe-of-two-01"),
])
def test_a_wrong_rule_fails_a_scenario(tmp_path, old, new, fails):
    text = RULES.read_text(encoding="utf-8")
    assert text.count(old) == 1
    wrong = tmp_path / "my-landscapes.bohn"
    wrong.write_text(text.replace(old, new), encoding="utf-8")
    assert main(["check", str(wrong)]) == 0  # still a valid rules file: only the rule is wrong
    code, verdicts = _conform(wrong, tmp_path)
    assert code != 0
    assert verdicts[fails] == "failed"


def test_a_module_may_change_what_an_attack_costs(tmp_path):
    # Review round 27: a designer's "mercenaries" (attacks cost no coin) could not be written, as
    # the attack's own clause asked for a coin; the price is now a definition every attack reads.
    rules = tmp_path / "mercenaries.bohn"
    rules.write_text("module mercenaries requires dschingis\n"
                     "ruling mercenaries question \"q\" decision \"attacks are free\" reason \"a test\"\n"
                     "  cites dschingis/combat/1\n"
                     "define attack_price(p, t) = 0 cites ruling/mercenaries\n", encoding="utf-8")
    assert main(["check", str(rules)]) == 0
    scenario = ROOT / "conformance" / "scenarios" / "dschingis" / "combat" / "no-coin-no-attack-01.yaml"
    text = scenario.read_text(encoding="utf-8").replace("modules: [base, dschingis]", "modules: [base, mercenaries]")
    free = tmp_path / "free" / "attack-01.yaml"
    free.parent.mkdir()
    free.write_text(text.replace("id: dschingis/combat/no-coin-no-attack-01", "id: free/attack-01").split("  - do:")[0]
                    + "  - do: {type: attack, player: Nina, target: \"02\", with: hand 1}\n"
                      "    expect:\n      state:\n        players:\n          Nina: {coins: []}\n",
                    encoding="utf-8")  # accepted, with no coin to pay
    report = tmp_path / "report.json"
    code = main(["conform", str(free), "--rules", str(rules), "-q", "--json", str(report)])
    verdicts = {s["id"]: s["verdict"] for s in json.loads(report.read_text(encoding="utf-8"))["scenarios"]}
    assert code == 0 and verdicts == {"free/attack-01": "passed"}, verdicts
