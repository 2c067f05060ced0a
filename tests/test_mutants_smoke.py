"""`bohnspec mutants` (tools/mutants.py; bench/mutants.py from a checkout), the mutation-testing
tool, in its --quick mode: it generates mutants from the rules model, compiles them, plays the
base scenarios against them and kills most."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest


@pytest.fixture(scope="module")
def mutants():
    from bohnspec.tools import mutants as module
    return module


@pytest.mark.slow
def test_quick_run_generates_compiles_and_kills(mutants, tmp_path, capsys):
    out = tmp_path / "mutants.json"
    assert mutants.main(["--quick", "--quiet", "--json", str(out)]) == 0
    report = capsys.readouterr().out
    assert "mutants generated" in report and "surviving mutants" in report

    data = json.loads(out.read_text(encoding="utf-8"))
    s = data["summary"]
    assert s["modules"] == ["base"]
    assert s["generated"] > 100
    assert s["sampled"] == mutants.QUICK_LIMIT == len(data["mutants"])
    assert s["compiled"] >= 0.8 * s["sampled"]
    assert s["killed"] + s["survived"] == s["compiled"]
    assert s["killed"] >= 0.7 * s["compiled"], data["survivors"]
    assert s["seconds"] < 40

    where = re.compile(r"^spec/base/[a-z-]+\.bohn:\d+:\d+ ")
    for m in data["mutants"]:
        assert where.match(m["description"]), m["description"]
        if m["status"] == "killed":
            assert m["killed_by"].startswith("base/")
    # Every kill is credited to exactly one scenario.
    assert sum(sc["killed_first"] for sc in data["scenarios"]) == s["killed"]


def test_mutants_come_from_the_rules_model(mutants):
    from bohnspec.language.spec import build

    src = mutants.load_source()
    live = mutants.live_decls(build(src.files, ["base"]))
    generated = mutants.generate(src, {"base"}, live)
    descriptions = {m.description for m in generated}
    assert "spec/base/harvest.bohn:11:11 `!=` -> `==`" in descriptions
    assert {m.operator for m in generated} >= {"compare", "constant", "and/or", "drop-clause", "drop-stmt"}
    # Beanometer thresholds move by one and the meter still rises.
    meters = [m for m in generated if "Beanometer" in m.what]
    assert meters
    for m in meters:
        levels = [t for t in m.new.meter if t is not None]
        assert levels == sorted(set(levels)) and min(levels) >= 1, m.description
    # Only the base module's declarations are mutated for --modules base.
    assert {m.module for m in generated} == {"base"}


def test_an_authors_own_folder_is_played_instead_of_the_corpus(mutants, tmp_path, capsys):
    """An author checks that the scenarios of his own folder can fail: only they are played."""
    corpus = Path(__file__).resolve().parent.parent / "conformance" / "scenarios"
    text = (corpus / "base" / "bean-protection" / "lone-bean-protected-01.yaml").read_text(encoding="utf-8")
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "lone-bean-protected-01.yaml").write_text(
        text.replace("id: base/bean-protection/", "id: base/mine/"), encoding="utf-8")
    out = tmp_path / "mutants.json"
    assert mutants.main(["--limit", "4", "--quiet", "--json", str(out), str(mine)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert [sc["id"] for sc in data["scenarios"]] == ["base/mine/lone-bean-protected-01"]
    assert data["arguments"]["scenarios"] == [str(mine)]
    assert "base/mine/lone-bean-protected-01" in capsys.readouterr().out


def test_a_folder_that_does_not_exist_is_said_so(mutants, tmp_path, capsys):
    assert mutants.main([str(tmp_path / "nowhere")]) == 2
    assert "no such scenario file or folder" in capsys.readouterr().err


def test_a_folder_of_which_nothing_can_be_played_is_not_a_success(mutants, tmp_path, capsys):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "broken-01.yaml").write_text("id: base/mine/broken-01\ntitle: [unclosed\n", encoding="utf-8")
    assert mutants.main(["--limit", "2", "--quiet", str(mine)]) == 1
    captured = capsys.readouterr()
    assert "passes on the real spec, so none was played: 1 left out" in captured.err
    assert "base/mine/broken-01" in captured.out or "broken-01.yaml" in captured.out  # listed as left out


def test_a_rules_file_brings_its_scenarios_and_its_own_mutants(mutants, tmp_path, capsys):
    # Review round 42: an author of scenarios on the reference maps (a module of a rules file,
    # bohnaparte_maps) could not show them able to fail: mutants.py had no --rules.
    root = Path(__file__).resolve().parent.parent
    rules = root / "examples" / "bohnaparte" / "reference-maps.bohn"
    folder = root / "examples" / "bohnaparte" / "scenarios" / "bohnaparte" / "reference-maps"
    out = tmp_path / "m.json"
    assert mutants.main(["--modules", "bohnaparte_maps", "--limit", "3", "--quiet", "--json", str(out),
                         "--rules", str(rules), str(folder)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["summary"]["modules"] == ["bohnaparte_maps"] and data["summary"]["killed"] >= 1, data["summary"]
    assert mutants.main(["--rules", str(tmp_path / "nope.bohn"), str(folder)]) == 2
    assert "no such rules file" in capsys.readouterr().err


def test_a_house_rules_drop_is_mutated_and_its_scenarios_kill_it(mutants, tmp_path, capsys):
    # Round 47's designer: the core of three house rules (their `drop`s) was never mutated.
    root = Path(__file__).resolve().parent.parent / "examples" / "house-rules"
    out = tmp_path / "mutants.json"
    assert mutants.main(["--modules", "no_protection", "--rules", str(root / "house-rules.bohn"), "--quiet",
                         "--json", str(out), str(root / "scenarios" / "no-protection")]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    dropped = [m for m in data["mutants"] if m["change"].startswith("leave out `drop ")]
    assert len(dropped) == 1 and dropped[0]["killed_by"], dropped


def test_the_command_and_the_checkout_script_are_the_same_tool(tmp_path):
    # Stop 57's designer: the tool was `python bench/mutants.py`, out of reach of an installed
    # bohnspec; it is `bohnspec mutants` now, and the script runs the same.
    import subprocess
    import sys

    from bohnspec.tools.cli import main
    root = Path(__file__).resolve().parent.parent
    assert main(["mutants", "--modules", "nosuch"]) == 2
    script = subprocess.run([sys.executable, str(root / "bench" / "mutants.py"), "--modules", "nosuch"],
                            capture_output=True, text=True, timeout=120)
    assert script.returncode == 2 and "unknown module(s): nosuch" in script.stderr, script
    helped = subprocess.run([sys.executable, "-m", "bohnspec", "mutants", "--help"], capture_output=True, text=True,
                            timeout=120, cwd=root)
    assert helped.returncode == 0 and helped.stdout.startswith("usage: bohnspec mutants"), helped


TOLL = '''
module tolls requires base

ruling toll
  question "Toll?"
  decision "A harvest by a player holding a coin is tolled."
  reason "Designer test."
  cites bohnanza/harvest/1

on harvested(player) cites ruling/toll {
  if size(player.coins) > 0 { emit tolled(player: player) }
}
'''

TOLL_SCENARIO = '''
id: tolls/{name}
title: {title}
cites: [ruling/toll]
modules: [base, tolls]
state:
  players:
    - {{name: Nina, hand: [soy], fields: [[blue, blue, blue, blue], []], coins: {coins}}}
    - {{name: Timon}}
    - {{name: Keno}}
  active: Nina
  phase: plant_hand
  draw_pile: [green, red, broad]
steps:
  - do: {do}
    expect:
      {expect}
'''


def test_a_scenario_only_refused_by_a_mutant_as_written_is_no_scenario_that_can_fail(mutants, tmp_path):
    # Round 93's designer: scenarios expecting no toll "failed" against the mutant that drops the
    # toll's only emit, refused as naming an event those rules never report, and were counted
    # as able to fail; the one expecting a toll fails against a changed threshold for real.
    rules = tmp_path / "tolls.bohn"
    rules.write_text(TOLL, encoding="utf-8")
    folder = tmp_path / "scenarios" / "tolls"
    folder.mkdir(parents=True)
    for name, title, coins, do, expect in (
            ("tolled-01", "a harvest paying her first coin is tolled", "[]", "{type: harvest, player: Nina, field: 1}",
             "events: [{event: tolled, player: Nina}]"),
            ("no-toll-for-a-planting-01", "a planting is no harvest", "[red]", "{type: plant, player: Nina, field: 2}",
             "no_events: [{event: tolled}]")):
        (folder / f"{name}.yaml").write_text(TOLL_SCENARIO.format(name=name, title=title, coins=coins, do=do,
                                                                  expect=expect), encoding="utf-8")
    out = tmp_path / "m.json"
    mutants.main(["--modules", "tolls", "--rules", str(rules), "--quiet", "--json", str(out),
                  str(tmp_path / "scenarios")])
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["never_failing_scenarios"] == ["tolls/no-toll-for-a-planting-01"], data
    # the report tells the kills made by refusing a scenario as written apart (round 94's
    # designer found one scenario both among the killers and among those that fail against none)
    rows = {sc["id"]: sc for sc in data["scenarios"]}
    refused = rows["tolls/no-toll-for-a-planting-01"]
    assert refused["killed_as_written"] == refused["killed_first"] > 0, refused
    assert rows["tolls/tolled-01"]["killed_as_written"] < rows["tolls/tolled-01"]["killed_first"] or \
        rows["tolls/tolled-01"]["killed_first"] == 0


def test_without_modules_a_rules_files_own_modules_are_mutated(mutants, tmp_path, capsys):
    # Round 95's designer: with --rules and no --modules the base game was mutated, and his
    # scenarios were said to fail against none of those mutants
    root = Path(__file__).resolve().parent.parent / "examples" / "house-rules"
    out = tmp_path / "mutants.json"
    assert mutants.main(["--rules", str(root / "house-rules.bohn"), "--quiet", "--limit", "12",
                         "--json", str(out), str(root / "scenarios")]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert set(data["summary"]["modules"]) == {"cheap_field", "three_plantings", "no_protection", "big_harvest"}, data
