"""The command line end to end: `bohnspec conform`, `check`, `coverage`, `--version`, both
in-process (bohnspec.tools.cli.main) and as `python -m bohnspec` in a subprocess.

Exit codes: 0 all good; 1 a scenario failed or errored; 2 bad input (a path that does not
exist, no scenario matched, a broken scenario file, which is an `errored` verdict of its own).
"""

from __future__ import annotations

import io
import json
import re
import shlex
import sys
import textwrap
from pathlib import Path

import pytest
import yaml

from bohnspec import __version__
from bohnspec.tools.cli import main
from bohnspec.conformance.scenario import schema_errors

import helpers

SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed, (\d+) errored, (\d+) skipped")

PASSING = """\
id: base/mine/fire-harvest-01
title: Three Fire Beans earn one coin
cites: [bohnanza/harvest/11]
modules: [base]
state:
  players:
    - {name: Nina}
    - {name: Timon}
    - {name: Keno, fields: [[fire*3], [soy], []]}
  phase: trade
steps:
  - do: {type: harvest, player: Keno, field: 1}
    expect:
      state:
        players:
          Keno: {fields: [[], [soy], []], coins: [fire]}
        discard: [fire*2]
      events:
        - {event: harvested, player: Keno, variety: fire, cards: 3, coins: 1}
"""

# The same harvest, expected (wrongly) to earn two coins.
WRONG_STATE = PASSING.replace("fire-harvest-01", "fire-harvest-wrong-01").replace(
    "coins: [fire]}", "coins: [fire, fire]}")

# Bean protection refuses this harvest; the scenario wrongly expects it to be accepted,
# then (in a second file) expects the wrong rule.
WRONG_ACCEPT = PASSING.replace("fire-harvest-01", "protected-wrong-01").replace(
    "field: 1}\n    expect:", "field: 2}\n    expect:")
WRONG_RULE = """\
id: base/mine/protected-rule-01
title: A lone bean is protected
cites: [bohnanza/bean-protection/1]
modules: [base]
state:
  players:
    - {name: Nina}
    - {name: Timon}
    - {name: Keno, fields: [[fire*3], [soy], []]}
  phase: trade
steps:
  - do: {type: harvest, player: Keno, field: 2}
    expect:
      rejected: bohnanza/harvest/1
"""
WRONG_REJECT = """\
id: base/mine/not-protected-01
title: A field of three may be harvested
cites: [bohnanza/bean-protection/1]
modules: [base]
state:
  players:
    - {name: Nina}
    - {name: Timon}
    - {name: Keno, fields: [[fire*3], [soy], []]}
  phase: trade
steps:
  - do: {type: harvest, player: Keno, field: 1}
    expect:
      rejected: bohnanza/bean-protection/1
"""
BROKEN = PASSING.replace("fire-harvest-01", "broken-01").replace("{type: harvest, ", "{")
NEEDS_EXPANSION = PASSING.replace("fire-harvest-01", "needs-expansion-01").replace(
    "modules: [base]", "modules: [base, bohnroeschen]")


def write(folder: Path, text: str, name: str | None = None) -> Path:
    sid = yaml.safe_load(text)["id"]
    path = folder / (name or sid.split("/")[-1] + ".yaml")
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def summary_of(out: str) -> tuple[int, int, int, int]:
    line = next(line for line in out.splitlines() if SUMMARY.match(line))
    return tuple(int(n) for n in SUMMARY.match(line).groups())


# ------------------------------------------------------------ conform, in-process

@pytest.mark.slow
def test_conform_passes_the_whole_corpus(capsys):
    assert main(["conform", "-q"]) == 0
    out = capsys.readouterr().out
    passed, failed, errored, skipped = summary_of(out)
    assert passed == len(helpers.scenario_paths()) and (failed, errored, skipped) == (0, 0, 0)
    assert "engine: bohnspec reference interpreter" in out
    assert "FAILED" not in out and "ERRORED" not in out


def test_conform_a_subset_with_k(capsys):
    assert main(["conform", "-q", "-k", "base/phase-4/", str(helpers.SCENARIOS / "base")]) == 0
    expected = len(list((helpers.SCENARIOS / "base" / "phase-4").glob("*.yaml")))
    assert summary_of(capsys.readouterr().out) == (expected, 0, 0, 0)


def test_conform_k_as_a_glob(capsys):
    assert main(["conform", "-q", "-k", "base/end/tie-furthest-clockwise-0*", str(helpers.SCENARIOS / "base" / "end")]) == 0
    expected = len(list((helpers.SCENARIOS / "base" / "end").glob("tie-furthest-clockwise-0*.yaml")))
    assert expected >= 2
    assert summary_of(capsys.readouterr().out) == (expected, 0, 0, 0)


def test_conform_a_folder_and_a_file(capsys):
    folder = helpers.SCENARIOS / "base" / "phase-4"
    one = helpers.SCENARIOS / "base" / "harvest" / "beanometer-blue-3-coins-01.yaml"
    assert main(["conform", "-q", str(folder), str(one)]) == 0
    assert summary_of(capsys.readouterr().out) == (len(list(folder.glob("*.yaml"))) + 1, 0, 0, 0)


@pytest.mark.slow
def test_conform_modules_base_runs_the_base_scenarios(capsys):
    assert main(["conform", "-q", "--modules", "base"]) == 0
    every = helpers.corpus()
    base = [sc for sc in every if sc.modules == ["base"]]
    # The base scenarios run; scenarios needing an expansion are skipped.
    assert summary_of(capsys.readouterr().out) == (len(base), 0, 0, len(every) - len(base))
    assert len(base) > 100


@pytest.mark.slow
def test_conform_modules_brings_the_modules_it_requires(capsys):
    # `dschingis` requires `base`: its scenarios (and the base game's) run, none is skipped for
    # want of `base` on the command line.
    assert main(["conform", "-q", "--modules", "dschingis"]) == 0
    every = helpers.corpus()
    mine = [sc for sc in every if set(sc.modules) <= {"base", "dschingis"}]
    assert summary_of(capsys.readouterr().out) == (len(mine), 0, 0, len(every) - len(mine))
    assert len(mine) > len([sc for sc in mine if "dschingis" not in sc.modules]) + 120


def test_conform_an_unknown_module_is_an_input_error_with_a_hint(capsys):
    assert main(["conform", "-q", "--modules", "base,dschings"]) == 2
    assert "unknown module 'dschings' (did you mean 'dschingis'?)" in capsys.readouterr().err


def test_conform_passing_tmp_scenario(tmp_path, capsys):
    path = write(tmp_path, PASSING)
    assert main(["conform", str(path)]) == 0
    assert summary_of(capsys.readouterr().out) == (1, 0, 0, 0)


def test_conform_exits_1_when_a_scenario_fails(tmp_path, capsys):
    path = write(tmp_path, WRONG_STATE)
    assert main(["conform", "-q", str(path)]) == 1
    out = capsys.readouterr().out
    assert summary_of(out) == (0, 1, 0, 0)
    lines = out.splitlines()
    assert lines[0] == f"FAILED base/mine/fire-harvest-wrong-01  ({path})"
    assert '  step 1: {"type": "harvest", "player": "Keno", "field": 1}' in lines
    assert ("    state.players.Keno.coins:\n"
            '        expected ["fire", "fire"]\n'
            '        actual   ["fire"]') in out
    assert any(line.startswith("  replay: bohnspec conform") for line in lines)
    assert "base/mine/fire-harvest-wrong-01" in next(line for line in lines if line.startswith("  replay:"))


def test_failure_output_names_the_rules_cited(tmp_path, capsys):
    path = write(tmp_path, WRONG_STATE)
    main(["conform", "-q", str(path)])
    assert "  rules: bohnanza/harvest/11" in capsys.readouterr().out


def replay_argv(out: str) -> list[str]:
    replay = next(line for line in out.splitlines() if line.startswith("  replay: "))
    argv = shlex.split(replay[len("  replay: "):])
    assert argv[:2] == ["bohnspec", "conform"]
    return argv[1:]


def test_replay_command_replays_a_scenario_outside_the_corpus(tmp_path, capsys):
    path = write(tmp_path, WRONG_STATE)
    write(tmp_path, PASSING)
    main(["conform", "-q", str(tmp_path)])
    argv = replay_argv(capsys.readouterr().out)
    assert str(path) in argv
    assert main(argv) == 1
    assert summary_of(capsys.readouterr().out) == (0, 1, 0, 0)


def test_replay_command_keeps_extra_rules(tmp_path, capsys):
    rules = tmp_path / "no-harvest.bohn"
    rules.write_text('module base\nforbid harvest when true else "no harvests" cites bohnanza/harvest/1\n',
                     encoding="utf-8")
    path = write(tmp_path, PASSING)
    assert main(["conform", "-q", "--rules", str(rules), str(path)]) == 1
    out = capsys.readouterr().out
    argv = replay_argv(out)
    assert "--rules" in argv and str(rules) in argv
    # The paragraph or ruling is explained with the rules files too (a designer's ruling: round 46).
    assert f"(see: bohnspec explain --rules {rules} " in out
    assert main(argv) == 1
    assert "the action was rejected [bohnanza/harvest/1]: no harvests" in capsys.readouterr().out


def test_failure_when_a_refused_action_was_expected_to_pass(tmp_path, capsys):
    path = write(tmp_path, WRONG_ACCEPT)
    assert main(["conform", "-q", str(path)]) == 1
    out = capsys.readouterr().out
    assert '  step 1: {"type": "harvest", "player": "Keno", "field": 2}' in out
    assert ("    the action was rejected [bohnanza/bean-protection/1]: a single bean is protected while "
            "another of your fields holds more; expected it to be accepted") in out


def test_failure_when_the_wrong_rule_refuses(tmp_path, capsys):
    path = write(tmp_path, WRONG_RULE)
    assert main(["conform", "-q", str(path)]) == 1
    assert ("    rejected with rule 'bohnanza/bean-protection/1', expected 'bohnanza/harvest/1' "
            "(a single bean is protected while another of your fields holds more)") in capsys.readouterr().out


def test_failure_when_an_accepted_action_was_expected_to_be_refused(tmp_path, capsys):
    path = write(tmp_path, WRONG_REJECT)
    assert main(["conform", "-q", str(path)]) == 1
    assert "    the action was accepted; expected a rejection [bohnanza/bean-protection/1]" in capsys.readouterr().out


def test_failing_events_expectation(tmp_path, capsys):
    path = write(tmp_path, PASSING.replace("fire-harvest-01", "events-wrong-01").replace(
        "cards: 3, coins: 1}", "cards: 3, coins: 2}"))
    assert main(["conform", "-q", str(path)]) == 1
    out = capsys.readouterr().out
    assert ('    events[0]: expected {"event": "harvested", "player": "Keno", "variety": "fire", '
            '"cards": 3, "coins": 2} (in this order), not found among:') in out


def test_a_broken_scenario_file_is_errored_and_exits_2(tmp_path, capsys):
    path = write(tmp_path, BROKEN)
    assert main(["conform", "-q", str(path)]) == 2  # bad input, as the README promises (issue 13)
    out = capsys.readouterr().out
    assert summary_of(out) == (0, 0, 1, 0)
    assert f"ERRORED {path}" in out
    assert f"BUG IN SCENARIO: {path}:12:9: at steps[0].do: `type` is missing" in out


def test_a_broken_scenario_is_counted_as_broken_by_game_not_under_its_folder(tmp_path, capsys):
    # round 96's designer: `BY GAME .. 1 errored; market 8 passed`
    write(tmp_path, PASSING)
    elsewhere = tmp_path / "mistakes"
    elsewhere.mkdir()
    write(elsewhere, BROKEN)
    assert main(["conform", str(tmp_path)]) == 2
    assert "BY GAME base 1 passed; broken 1 errored" in capsys.readouterr().out


def test_a_scenario_with_an_unknown_card_is_errored(tmp_path, capsys):
    path = write(tmp_path, PASSING.replace("fire-harvest-01", "bad-card-01").replace("[soy]", "[sooy]"))
    assert main(["conform", "-q", str(path)]) == 2
    out = capsys.readouterr().out
    assert summary_of(out) == (0, 0, 1, 0)
    assert re.search(r"unknown (bean )?card 'sooy' \(did you mean 'soy'\?\)", out)


def test_a_malformed_action_is_errored(tmp_path, capsys):
    path = write(tmp_path, PASSING.replace("fire-harvest-01", "bad-action-01").replace("type: harvest", "type: harvset"))
    assert main(["conform", "-q", str(path)]) == 2
    out = capsys.readouterr().out
    assert summary_of(out) == (0, 0, 1, 0)
    assert (f"BUG IN SCENARIO: {path}:12:9: at steps[0].do: unknown action type 'harvset' "
            "(did you mean 'harvest'?)") in out


def test_a_duplicate_id_is_errored(tmp_path, capsys):
    for folder in ("one", "two"):
        (tmp_path / folder).mkdir()
        write(tmp_path / folder, PASSING)
    assert main(["conform", "-q", str(tmp_path)]) == 2
    out = capsys.readouterr().out
    assert summary_of(out) == (1, 0, 1, 0)
    assert "BUG IN SCENARIO: id also used by" in out


def test_a_nonexistent_path_exits_2(tmp_path, capsys):
    missing = tmp_path / "nowhere.yaml"
    assert main(["conform", str(missing)]) == 2
    err = capsys.readouterr().err
    assert err.strip() == f"bohnspec: {missing}: no such file or folder"


def test_no_scenario_matched_exits_2(capsys):
    assert main(["conform", "-q", "-k", "no/such/scenario/anywhere", str(helpers.SCENARIOS / "base" / "phase-4")]) == 2
    captured = capsys.readouterr()
    assert summary_of(captured.out) == (0, 0, 0, 0)
    assert "bohnspec: no scenario matched" in captured.err


def test_scenario_needing_an_unknown_module_is_skipped_with_modules_base(tmp_path, capsys):
    write(tmp_path, PASSING)
    write(tmp_path, NEEDS_EXPANSION)
    report = tmp_path / "report.json"
    assert main(["conform", "-q", "--modules", "base", "--json", str(report), str(tmp_path)]) == 0
    assert summary_of(capsys.readouterr().out) == (1, 0, 0, 1)
    verdicts = {s["id"]: s for s in json.loads(report.read_text())["scenarios"]}
    assert verdicts["base/mine/needs-expansion-01"]["verdict"] == "skipped"
    assert verdicts["base/mine/needs-expansion-01"]["message"] == "needs modules bohnroeschen"
    assert verdicts["base/mine/fire-harvest-01"]["verdict"] == "passed"


def test_json_report(tmp_path, capsys):
    write(tmp_path, PASSING)
    write(tmp_path, WRONG_STATE)
    write(tmp_path, BROKEN)
    report = tmp_path / "out" / "report.json"
    report.parent.mkdir()
    assert main(["conform", "-q", "--json", str(report), str(tmp_path)]) == 2  # a broken scenario
    data = json.loads(report.read_text(encoding="utf-8"))
    assert {k: data["summary"][k] for k in ("passed", "failed", "errored", "skipped")} == {
        "passed": 1, "failed": 1, "errored": 1, "skipped": 0}
    by_id = {s["id"]: s["verdict"] for s in data["scenarios"]}
    assert by_id["base/mine/fire-harvest-01"] == "passed"
    assert by_id["base/mine/fire-harvest-wrong-01"] == "failed"
    assert list(by_id.values()).count("errored") == 1
    failed = next(s for s in data["scenarios"] if s["verdict"] == "failed")
    assert failed["failed_step"]["index"] == 0
    assert failed["failed_step"]["action"] == {"type": "harvest", "player": "Keno", "field": 1}
    assert failed["failed_step"]["problems"][0].startswith("state.players.Keno.coins:")
    if (helpers.SCHEMAS / "report.schema.json").is_file():
        assert schema_errors(data, "report.schema.json") == []


def test_json_report_of_the_corpus(tmp_path, capsys):
    report = tmp_path / "report.json"
    assert main(["conform", "-q", "--json", str(report), "-k", "base/phase-1/", str(helpers.SCENARIOS / "base")]) == 0
    data = json.loads(report.read_text(encoding="utf-8"))
    ids = [s["id"] for s in data["scenarios"]]
    assert ids and all(i.startswith("base/phase-1/") for i in ids)
    assert all(s["verdict"] == "passed" for s in data["scenarios"])
    assert data["summary"]["passed"] == len(ids)


def test_extra_rules_file(tmp_path, capsys):
    # A rules file of one's own is loaded with the spec: here it forbids every harvest.
    rules = tmp_path / "no-harvest.bohn"
    rules.write_text('module base\nforbid harvest when true else "no harvests" cites bohnanza/harvest/1\n',
                     encoding="utf-8")
    path = write(tmp_path, PASSING)
    assert main(["conform", "-q", str(path)]) == 0
    capsys.readouterr()
    assert main(["conform", "-q", "--rules", str(rules), str(path)]) == 1
    assert "the action was rejected [bohnanza/harvest/1]: no harvests" in capsys.readouterr().out


# ------------------------------------------------------------ coverage, check, version

def test_coverage_strict_exits_0_and_prints_totals(capsys):
    assert main(["coverage", "--book", "bohnanza", "--strict"]) == 0
    out = capsys.readouterr().out
    # With every normative paragraph covered, --missing lists none of them.
    assert main(["coverage", "--book", "bohnanza", "--missing"]) == 0
    assert "bohnanza/" not in capsys.readouterr().out.split("totals")[0]
    assert "totals (normative paragraphs)" in out
    row = re.search(r"^  bohnanza\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)$", out, re.M)
    assert row, out[-500:]
    normative, with_clause, with_scenario, both = map(int, row.groups())
    assert normative > 50 and normative == with_clause == with_scenario == both
    assert "bohnanza/bean-protection/1" in out
    assert "<- no" not in out
    assert "warning: unreadable scenario" not in out


def test_coverage_of_a_book_that_does_not_exist_is_bad_input(capsys):
    # A module's name is not a book's: --strict must not pass a book with no paragraph at all.
    assert main(["coverage", "--book", "base", "--strict"]) == 2
    err = capsys.readouterr().err
    assert "--book base: no rulebook has this id; the books: bohnanza, bohnaparte, bohnroeschen, dschingis" in err
    assert main(["coverage", "--book", "bohnaprte"]) == 2
    assert "(did you mean 'bohnaparte'?)" in capsys.readouterr().err


def test_coverage_json(capsys):
    assert main(["coverage", "--book", "bohnanza", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["books"]) == {"bohnanza"}
    row = next(r for r in data["paragraphs"] if r["id"] == "bohnanza/bean-protection/1")
    assert row["normative"] and row["clauses"] and row["scenarios"]
    assert any(s.startswith("base/bean-protection/") for s in row["scenarios"])
    assert any(r["id"] == "ruling/harvest-empty-field" for r in data["rulings"])
    assert data["broken_scenarios"] == []


def test_version(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.strip() == f"bohnspec {__version__}"


def test_no_command_prints_help_and_exits_2(capsys):
    assert main([]) == 2
    assert "conform" in capsys.readouterr().out


def test_unknown_option_exits_2(capsys):
    with pytest.raises(SystemExit) as info:
        main(["conform", "--frobnicate"])
    assert info.value.code == 2


# ------------------------------------------------------------ python -m bohnspec

def test_subprocess_version():
    result = helpers.run_cli("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"bohnspec {__version__}"


def test_subprocess_conform_subset():
    result = helpers.run_cli("conform", "-q", "-k", "base/phase-4/", str(helpers.SCENARIOS / "base"))
    assert result.returncode == 0, result.stdout + result.stderr
    passed, failed, errored, skipped = summary_of(result.stdout)
    assert passed >= 1 and (failed, errored, skipped) == (0, 0, 0)


def test_subprocess_conform_failure_and_json(tmp_path):
    write(tmp_path, PASSING)
    wrong = write(tmp_path, WRONG_STATE)
    report = tmp_path / "report.json"
    result = helpers.run_cli("conform", "--json", str(report), str(tmp_path), cwd=tmp_path)
    assert result.returncode == 1
    assert f"FAILED base/mine/fire-harvest-wrong-01  ({wrong})" in result.stdout
    assert "  replay: " in result.stdout
    assert summary_of(result.stdout) == (1, 1, 0, 0)
    data = json.loads(report.read_text())
    assert sorted((s["id"], s["verdict"]) for s in data["scenarios"]) == [
        ("base/mine/fire-harvest-01", "passed"), ("base/mine/fire-harvest-wrong-01", "failed")]


def test_subprocess_nonexistent_path_exits_2(tmp_path):
    result = helpers.run_cli("conform", str(tmp_path / "nowhere"), cwd=tmp_path)
    assert result.returncode == 2
    assert "no such file or folder" in result.stderr
    assert "Traceback" not in result.stderr


def test_subprocess_check():
    result = helpers.run_cli("check")
    assert result.returncode == 0, result.stdout
    assert "0 error(s), 0 warning(s)" in result.stdout


def test_subprocess_check_of_a_bad_file_exits_1(tmp_path):
    bad = tmp_path / "mycards.bohn"
    bad.write_text("module mycards\ndefine x = size(draw_pil)\n", encoding="utf-8")
    result = helpers.run_cli("check", str(bad), cwd=tmp_path)
    assert result.returncode == 1
    assert "mycards.bohn:2:17: error: unknown name 'draw_pil' (did you mean 'draw_pile'?)" in result.stdout


# ------------------------------------------------------------ --json, the same for every command
# `--json` alone or `--json=-`: JSON on standard output; `--json=FILE`: JSON in FILE and the text on
# standard output. conform, simulate and fuzz also take `--json FILE`; for the other commands the word
# after a bare --json keeps its old meaning (the situation, the id, a rules file).

JSON_COMMANDS = ["conform", "simulate", "fuzz", "judge", "board", "explain", "check", "coverage"]


@pytest.mark.parametrize("command", JSON_COMMANDS)
def test_every_json_option_takes_an_optional_file(command):
    from bohnspec.tools.cli import build_parser

    sub = next(a for a in build_parser()._actions if a.dest == "command").choices[command]
    option = next(a for a in sub._actions if "--json" in a.option_strings)
    assert (option.dest, option.nargs, option.const, option.metavar) == ("json_file", "?", "-", "FILE")


def test_coverage_json_alone_and_dash_are_the_same_json(capsys):
    assert main(["coverage", "--book", "bohnanza", "--json"]) == 0
    alone = capsys.readouterr()
    assert main(["coverage", "--book", "bohnanza", "--json=-"]) == 0
    dash = capsys.readouterr()
    assert json.loads(alone.out) == json.loads(dash.out)
    assert json.loads(alone.out)["books"]["bohnanza"]["normative"] > 0
    assert alone.err == dash.err == ""


def test_coverage_json_to_a_file_keeps_the_text(tmp_path, capsys):
    report = tmp_path / "coverage.json"
    assert main(["coverage", "--book", "bohnanza", f"--json={report}"]) == 0
    out = capsys.readouterr().out
    assert "bohnanza" in out and not out.lstrip().startswith("{")  # the table, not JSON
    assert "bohnanza" in json.loads(report.read_text(encoding="utf-8"))["books"]


def test_coverage_json_followed_by_a_file_name_writes_that_file(tmp_path, capsys):
    """`coverage` takes no word of its own, so the word after --json can only be its FILE."""
    report = tmp_path / "coverage.json"
    assert main(["coverage", "--json", str(report), "--book", "bohnanza"]) == 0
    assert "bohnanza" in capsys.readouterr().out
    assert "bohnanza" in json.loads(report.read_text(encoding="utf-8"))["books"]


def test_check_json_before_a_file_checks_the_file_and_never_writes_over_it(tmp_path, capsys):
    rules = tmp_path / "mycards.bohn"
    text = "module mycards\ndefine x = size(draw_pil)\n"
    rules.write_text(text, encoding="utf-8")
    assert main(["check", "--json", str(rules)]) == 1  # the old spelling: --json is not given a file here
    assert rules.read_text(encoding="utf-8") == text
    data = json.loads(capsys.readouterr().out)
    assert data["files"] == 1
    assert [(d["line"], d["column"], d["severity"]) for d in data["diagnostics"]] == [(2, 17, "error")]


def test_check_json_to_a_file(tmp_path, capsys):
    rules = tmp_path / "mycards.bohn"
    rules.write_text("module mycards\ndefine x = size(draw_pil)\n", encoding="utf-8")
    report = tmp_path / "check.json"
    assert main(["check", str(rules), f"--json={report}"]) == 1
    assert "mycards.bohn:2:17: error: unknown name 'draw_pil'" in capsys.readouterr().out
    assert json.loads(report.read_text(encoding="utf-8"))["diagnostics"][0]["line"] == 2


def test_explain_json_to_a_file_and_old_order(tmp_path, capsys):
    report = tmp_path / "explain.json"
    assert main(["explain", "bohnanza/harvest/1", f"--json={report}"]) == 0
    text = capsys.readouterr().out
    assert "bohnanza/harvest/1" in text and not text.lstrip().startswith("{")
    assert json.loads(report.read_text(encoding="utf-8"))["id"] == "bohnanza/harvest/1"
    assert main(["explain", "--json", "bohnanza/harvest/1"]) == 0  # a bare --json before the id
    assert json.loads(capsys.readouterr().out)["id"] == "bohnanza/harvest/1"


def test_judge_json_to_a_file(tmp_path, capsys):
    situation = tmp_path / "situation.yaml"
    situation.write_text(yaml.safe_dump(yaml.safe_load(PASSING)["state"]), encoding="utf-8")
    report = tmp_path / "judge.json"
    assert main(["judge", "--json", str(situation)]) == 0  # the old order: the word after --json is the situation
    printed = json.loads(capsys.readouterr().out)
    assert main(["judge", str(situation), f"--json={report}"]) == 0
    assert "situation:" in capsys.readouterr().out
    assert json.loads(report.read_text(encoding="utf-8")) == printed


@pytest.mark.parametrize("command", [["coverage"], ["check"], ["explain", "bohnanza/harvest/1"]])
def test_json_file_that_cannot_be_written_is_bad_input_before_the_work(tmp_path, capsys, command):
    assert main([*command, f"--json={tmp_path / 'nodir' / 'out.json'}"]) == 2
    captured = capsys.readouterr()
    assert "--json" in captured.err and "does not exist" in captured.err
    assert captured.out == ""


def test_conform_json_alone_writes_the_report_to_standard_output(capsys):
    assert main(["conform", "-q", "-k", "base/phase-4/", str(helpers.SCENARIOS / "base"), "--json"]) == 0
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert report["summary"]["passed"] >= 1 and report["summary"]["failed"] == 0
    assert summary_of(captured.err)[0] == report["summary"]["passed"]  # the text on standard error


def test_conform_json_file_spelt_with_equals(tmp_path, capsys):
    report = tmp_path / "r.json"
    assert main(["conform", "-q", "-k", "base/phase-4/", f"--json={report}", str(helpers.SCENARIOS / "base")]) == 0
    assert summary_of(capsys.readouterr().out)[0] == json.loads(report.read_text())["summary"]["passed"]


def test_simulate_json_alone_is_standard_output(capsys):
    assert main(["simulate", "--games", "1", "--players", "3", "-q", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["players"] == 3
    assert "random games" in captured.err


def test_simulate_refuses_a_rules_file_whose_module_it_would_not_play(capsys):
    # The file would be loaded and its cards never dealt (a round-14 designer's run).
    vines = str(helpers.ROOT / "examples" / "my-vines.bohn")
    assert main(["simulate", "--games", "1", "--modules", "bohnroeschen", "--rules", vines, "-q"]) == 2
    err = capsys.readouterr().err
    assert "its module my_vines is not among the modules played (base, bohnroeschen)" in err
    assert "--modules bohnroeschen,my_vines" in err
    # A module that cannot join the game played is no module to add: a run of its own is
    # (round 89's designer was told to add a landscape's module to a game of vine cards)
    lands = str(helpers.ROOT / "examples" / "landscapes" / "my-landscapes.bohn")
    assert main(["simulate", "--games", "1", "--modules", "my_vines", "--rules", vines, "--rules", lands, "-q"]) == 2
    err = capsys.readouterr().err
    assert "and cannot join them" in err and "--modules my_landscapes" in err and "my_vines,my_landscapes" not in err


# ------------------------------------------------------------ the progress line

class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_line_redraws_in_place_and_wipes_itself():
    from bohnspec.tools.progress import ProgressLine, bar

    screen = _Terminal()
    with ProgressLine(stream=screen) as line:
        line.draw(bar(1, 4) + " games and a long tail")
        line.draw(bar(4, 4))
    written = screen.getvalue()
    assert bar(1, 4) == "[#######.......................] 1/4" and bar(4, 4).startswith("[" + "#" * 30 + "]")
    # Each drawing starts at the line's start and covers the longer one before; the end blanks it all.
    drawings = written.split("\r")[1:]
    assert drawings[0] == "  " + bar(1, 4) + " games and a long tail"
    assert drawings[1].rstrip() == "  " + bar(4, 4) and len(drawings[1]) == len(drawings[0])
    assert drawings[2].strip() == "" and written.endswith("\r")


@pytest.mark.parametrize("quiet, stream", [(True, _Terminal()), (False, io.StringIO())])
def test_progress_line_is_silent_when_quiet_or_not_on_a_terminal(quiet, stream):
    from bohnspec.tools.progress import ProgressLine

    with ProgressLine(quiet=quiet, stream=stream) as line:
        line.draw("[###] 3/3")
    assert stream.getvalue() == ""


@pytest.mark.parametrize("command", [["judge", "SITUATION", "--step", "0"], ["explain", "bohnanza/harvest/1"],
                                     ["coverage"]])
def test_bare_json_followed_by_a_dash_is_standard_output(tmp_path, capsys, command):
    situation = tmp_path / "situation.yaml"
    situation.write_text(yaml.safe_dump(yaml.safe_load(PASSING)["state"]), encoding="utf-8")
    argv = [str(situation) if a == "SITUATION" else a for a in command]
    assert main([*argv, "--json", "-"]) == 0  # `-` names no rules file: it is where the JSON goes
    assert isinstance(json.loads(capsys.readouterr().out), dict)
    assert not (Path.cwd() / "-").exists()


def test_explain_words_gives_a_rulings_words_without_the_spec(capsys):
    """For an engine written from the rulebooks and the rulings alone: no clause, no source."""
    assert main(["explain", "ruling/dschingis-deal", "--words"]) == 0
    out = capsys.readouterr().out
    assert "decision: The landscape cards are given shuffled" in out
    assert "clauses citing it" not in out and "source:" not in out and "| setup" not in out
    assert main(["explain", "ruling/dschingis-deal"]) == 0
    assert "clauses citing it" in capsys.readouterr().out


def test_explain_a_vine_card_lists_the_scenarios_that_lay_it(capsys):
    # Not every scenario citing a paragraph the card cites: those are about any vine card.
    assert main(["explain", "anyone_four_green", "--json"]) == 0
    entry = json.loads(capsys.readouterr().out)
    tested = entry["clauses"][0]["scenarios"]
    assert "bohnroeschen/independent/r10-anyone-four-green-holders-own-fourth-then-sold-01" in tested
    assert main(["explain", "draw_pile_runs_out", "--json"]) == 0
    entry = json.loads(capsys.readouterr().out)
    tested = entry["clauses"][0]["scenarios"]
    assert "bohnroeschen/independent/r10-anyone-four-green-holders-own-fourth-then-sold-01" not in tested


def test_an_outside_engine_is_tested_on_a_designers_own_module(capsys):
    # `serve --rules` claims the file's module; the runner's reference judges the replies with
    # the same file (before, it knew no module my_vines and every scenario errored).
    vines = str(helpers.ROOT / "examples" / "my-vines.bohn")
    scenarios = str(helpers.ROOT / "examples" / "scenarios")
    serve = f"{shlex.quote(sys.executable)} -m bohnspec serve --rules {shlex.quote(vines)}"
    assert main(["conform", "--rules", vines, "--impl", serve, scenarios, "-q"]) == 0
    assert SUMMARY.search(capsys.readouterr().out.splitlines()[-1]).groups() == ("9", "0", "0", "0")
    # Served without the file, the engine does not claim the module: nothing is tested.
    plain = f"{shlex.quote(sys.executable)} -m bohnspec serve"
    assert main(["conform", "--rules", vines, "--impl", plain, scenarios, "-q"]) == 2
    assert "the engine does not claim module(s) my_vines" in capsys.readouterr().out


def test_serve_refuses_a_rules_file_that_does_not_check(tmp_path, capsys):
    bad = tmp_path / "bad.bohn"
    bad.write_text("module mine\nvine nothing {\n", encoding="utf-8")
    assert main(["serve", "--rules", str(bad)]) == 2
    assert "bad.bohn:" in capsys.readouterr().err


def test_judge_names_the_actions_it_did_not_judge_in_the_situation_the_judged_ones_leave(tmp_path, capsys):
    # Nina's trade gives Timon a Blue Bean; planting it in phase 2 is refused, so the two
    # actions after it are not judged. Timon's first received card is then the Blue Bean (it
    # was no card at all in the situation the judging began from).
    situation = tmp_path / "situation.yaml"
    situation.write_text(textwrap.dedent("""
        players:
          - {name: Nina, fields: [[soy], [red]]}
          - {name: Timon, fields: [[soy], []]}
          - {name: Keno}
        active: Nina
        phase: trade
        revealed: [blue, fire]
        """), encoding="utf-8")
    assert main(["judge", str(situation), "--brief", "-a", "Nina trade give blue with Timon",
                 "-a", "Timon plant_card received 1 field 2", "-a", "Nina end_phase",
                 "-a", "Timon plant_card received 1 field 2"]) == 1
    out = capsys.readouterr().out
    assert "not judged, since an action before it was refused: Timon plant_card card received 1 (Blue Bean) field 2" \
        in out


def test_judge_says_what_a_refused_player_may_do_instead(tmp_path, capsys):
    # A fellow player with a received Blue Bean tries to plant from his hand in phase 3: the
    # answer points at planting the received card (or harvesting first).
    situation = tmp_path / "situation.yaml"
    situation.write_text(textwrap.dedent("""
        players:
          - {name: Nina, fields: [[soy], [red]]}
          - {name: Timon, fields: [[soy], []], received: [blue]}
          - {name: Keno}
        active: Nina
        phase: plant_trades
        """), encoding="utf-8")
    assert main(["judge", str(situation), "--brief", "-a", "Timon plant 2"]) == 1
    assert "what Timon may do now instead: harvest field 1; plant_card card received 1 field 2|3" in capsys.readouterr().out
    # A card named for `plant` is read as `plant_card`, the one action of that verb that names
    # a card (round 45's players); a card it names but does not have is told as such.
    assert main(["judge", str(situation), "--json", "-a", "Timon plant blue 2"]) == 0
    assert json.loads(capsys.readouterr().out)["results"][0]["action"] == {
        "type": "plant_card", "player": "Timon", "card": "received 1", "field": 2}


def test_judge_quotes_only_the_books_of_the_game_judged(tmp_path, capsys):
    # Nina's cavalry loses its round at t, so charging again is refused under Bohnaparte's
    # cavalry/3; the clause also cites Dschingis Bohn's twin paragraph (riders/6), which has no
    # place in the answer to a Bohnaparte table.
    situation = tmp_path / "situation.yaml"
    situation.write_text(textwrap.dedent("""
        modules: [base, bohnaparte]
        state:
          options: {cavalry: "on"}
          board: {geometry: graph, spaces: {a: camp, b: camp, c: camp, p: paddock, t: town, f: farm},
                  edges: [[a, p], [a, t], [a, f], [b, t], [c, f]]}
          spaces:
            a: {owner: Nina}
            b: {owner: Timon}
            c: {owner: Keno}
            p: {owner: Nina}
          players:
            - {name: Nina, hand: [blue, fire], coins: [red, soy, green]}
            - {name: Timon}
            - {name: Keno}
          active: Nina
          phase: attack
          draw_pile: [green, fire, soy, red, broad]
        """), encoding="utf-8")
    rulebooks = helpers.ROOT.parent / "shared" / "rulebooks"
    if not rulebooks.is_dir():
        pytest.skip("the rulebooks are not beside the checkout")
    assert main(["judge", str(situation), "--brief", "--rulebooks", str(rulebooks), "-a", "Nina charge t cavalry p",
                 "-a", "Nina follow_up hand 1", "-a", "Nina charge f cavalry p"]) == 1
    out = capsys.readouterr().out
    assert "ILLEGAL [bohnaparte/cavalry/3]" in out
    assert "the rulebook, bohnaparte/cavalry/3:" in out
    assert "dschingis/" not in out


def test_judge_brief_names_the_end_rule_and_what_this_game_counts(tmp_path, capsys):
    # The fourth exhaustion ends a Bohnaparte game: --brief says under which end rule, and that
    # this game counts four (the exhaustion event itself cites the base game's paragraph).
    situation = tmp_path / "situation.yaml"
    situation.write_text(textwrap.dedent("""
        modules: [base, bohnaparte]
        state:
          board: {geometry: graph, spaces: {a: camp, b: camp, c: camp, f: farm, t: town},
                  edges: [[a, f], [b, f], [c, f], [c, t]]}
          spaces:
            a: {owner: Nina}
            b: {owner: Timon}
            c: {owner: Keno}
            f: {owner: Timon}
            t: {owner: Keno}
          players:
            - {name: Nina, hand: [blue, blue], coins: [red, soy], fields: [[green, green], []]}
            - {name: Timon, fields: [[soy], [fire, fire, fire]]}
            - {name: Keno}
          active: Nina
          phase: attack
          draw_pile: [fire]
          discard: [garden, garden]
          vars: {exhaustions: 3}
        """), encoding="utf-8")
    assert main(["judge", str(situation), "--brief", "-a", "Nina attack f with draw_pile 1",
                 "-a", "Timon defend with draw_pile 1"]) == 0
    out = capsys.readouterr().out
    assert "  the game ends: " in out
    # The count this game uses, by its value and its words, not the rules' name (round 46).
    assert re.search(r"in this game it is 4: .*bohnaparte/end/1", out), out
    assert "last_exhaustion" not in out


# ------------------------------------------------------------ review round 33: players' questions

def _situation(tmp_path: Path, text: str) -> str:
    path = tmp_path / "situation.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return str(path)


def test_judge_tells_the_intermediate_phase_under_its_own_paragraph(tmp_path, capsys):
    # The phase began under the draw's paragraph (bohnanza/phase-4/1), which says nothing of it.
    where = _situation(tmp_path, """
        modules: [base, bohnroeschen]
        state:
          players:
            - {name: Timon, hand: [green], fields: [[blue], [green]], coins: [soy]}
            - {name: Nina, hand: [fire], fields: [[soy, soy], []], coins: [blue, red]}
            - {name: Keno, hand: [red, blue], fields: [[green], []]}
            - {name: Eiko, hand: [broad], fields: [[], []]}
          active: Timon
          phase: draw_cards
          draw_pile: [blue*10]
          vine_row: [two_alike_in_phase_1, anyone_four_green, last_figure, one_bean_each_field]
          vine_deck: [buy_third_field, castle]
        """)
    assert main(["judge", where, "--brief", "-a", "Timon draw"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if "(intermediate) begins" in x)
    assert line.endswith("(bohnroeschen/intermediate-phase/1)"), line


def test_judge_names_the_other_rules_a_refused_action_breaks(tmp_path, capsys):
    # "May I plant my second hand card?" in phase 1: phase 1 plants the foremost hand card
    # (round 65's table: the answer cited the ruling on traded cards first), and a hand card
    # is no card of this move.
    where = _situation(tmp_path, """
        players:
          - {name: Timon, hand: [red, blue, green], fields: [[blue], [soy]]}
          - {name: Nina, hand: [fire]}
          - {name: Keno, hand: [red, blue], fields: [[green], []]}
          - {name: Eiko, hand: [broad]}
        active: Timon
        phase: plant_hand
        draw_pile: [blue*10]
        """)
    assert main(["judge", where, "--brief", "-a", "Timon plant_card hand 2 1"]) == 1
    out = capsys.readouterr().out
    assert "ILLEGAL [bohnanza/phase-1/1]" in out
    # (a refusal of what the move names, whatever the moment, said as such since round 96)
    assert ("and at any moment: [bohnanza/phase-3/1] only traded and revealed cards are planted this way; hand cards "
            "are planted in phase 1, the foremost first") in out
    assert "bohnanza/phase-1/1, bohnanza/setup/9)" in out


def test_judge_names_no_rule_of_the_game_an_expansion_changes(tmp_path, capsys):
    # Review round 35: in the two-player game's phase 3, a revealed card planted alone is
    # refused by two-player/11; the base game's "planted in phase 3" (its phase has another
    # name) was listed as also broken, which told the table it was not phase 3.
    where = _situation(tmp_path, """
        modules: [duo]
        state:
          players:
            - {name: Nina, hand: [blue], fields: [[fire], []]}
            - {name: Timon, hand: [soy]}
          active: Nina
          phase: plant_revealed
          revealed: [blue, blue, green]
          draw_pile: [red, green, fire, blue]
          vine_row: [sell_for_two, anyone_four_green, blue_in_a_field, buy_third_field]
          vine_deck: [draw_pile_runs_out, castle]
        """)
    assert main(["judge", where, "--brief", "-a", "Nina plant_card revealed 1 2"]) == 1
    out = capsys.readouterr().out
    assert "ILLEGAL [bohnroeschen/two-player/11]" in out
    assert "also refused" not in out


def test_judge_answers_whether_a_setup_is_allowed(tmp_path, capsys):
    # Review round 35: "may four of us lay the pyramid?" was answered "`players` is missing".
    # A pyramid is laid for three players (bohnaparte/variants/2).
    setup = """
        modules: [base, bohnaparte]
        setup:
          players: [Timon, Nina, Keno, Eiko]
          beans: garden
          deck: [blue*20, fire*18, broad*16, green*14, soy*12, black_eyed*10, red*8, garden*6]
          landscapes: [camp*6, farm*6, village*6, town*4, monastery*4, quarry*3, iron_mine*3, river*3, swamp*3]
          options: {layout: pyramid5}
        """
    assert main(["judge", _situation(tmp_path, setup)]) == 1
    out = capsys.readouterr().out
    assert "setup: ILLEGAL [bohnaparte/variants/2]: " in out
    # Three may: the game it sets up is the situation, its first camp choice pending.
    assert main(["judge", _situation(tmp_path, setup.replace(", Eiko]", "]"))]) == 0
    out = capsys.readouterr().out
    assert "after its setup" in out and "pending: camp for Timon" in out
    # A scenario that expects the refusal is judged alike.
    scenario = ("id: bohnaparte/mine/pyramid-for-four-01\ntitle: A pyramid for four\ncites: [bohnaparte/variants/2]\n"
                + textwrap.dedent(setup) + "refused: bohnaparte/variants/2\n")
    assert main(["judge", _situation(tmp_path, scenario)]) == 1
    assert "setup: ILLEGAL [bohnaparte/variants/2]: " in capsys.readouterr().out
    # So is one with steps, whose setup the rules refuse (it was a file that cannot be read, exit
    # 2: round 83's second designer).
    stepped = scenario.replace("refused: bohnaparte/variants/2\n", "steps:\n  - note: the camps are chosen\n")
    named = tmp_path / "pyramid-for-four-01.yaml"  # (a scenario's file is named after its id)
    named.write_text(textwrap.dedent(stepped), encoding="utf-8")
    assert main(["judge", str(named), "--step", "0"]) == 1
    assert "setup: ILLEGAL [bohnaparte/variants/2]: " in capsys.readouterr().out
    # `board` draws no map of a game that is never set up, and says so in one line.
    assert main(["board", _situation(tmp_path, setup)]) == 2
    assert "the rules refuse this setup, so there is no map to draw" in capsys.readouterr().err
    # A designer's map for this table under other options is named with them (round 83's second
    # designer was told only of another map, by its title, with two maps' tables).
    rules = tmp_path / "maps.bohn"
    rules.write_text('module des_m requires bohnaparte\nruling des-m question "q" decision "d" reason "r" '
                     'cites bohnaparte/variants/1\n'
                     'board small_3 "Small" offset for 3 players when layout == given cites ruling/des-m {\n'
                     '  row 0: camp, *, camp\n  row 1: *, *\n  row 0: *, camp, *\n}\n'
                     'board bent_4 "Bent" offset for 4 players when layout == pyramid5 cites ruling/des-m {\n'
                     '  row 0: camp, *, *, camp\n  row 1: *, *, *\n  row 0: camp, *, *, camp\n}\n', encoding="utf-8")
    mine = setup.replace("modules: [base, bohnaparte]", "modules: [des_m]").replace("          options: {layout: pyramid5}\n", "")
    assert main(["judge", _situation(tmp_path, mine), "--rules", str(rules)]) == 1
    assert "setup: ILLEGAL [ruling/des-m]: Small is laid for 3 players, not 4; bent_4 is laid for 4 players when " \
           "layout == pyramid5" in capsys.readouterr().out


def test_judge_brief_says_who_wins_and_by_what(tmp_path, capsys):
    # Nina and Eiko tie on ten coins; the tie goes to the player furthest clockwise from the
    # starting player Timon (bohnanza/end/4): Eiko.
    where = _situation(tmp_path, """
        players:
          - {name: Timon, hand: [blue], coins: [blue*9]}
          - {name: Nina, hand: [fire, red], coins: [fire*10]}
          - {name: Keno, hand: [red, blue], coins: [green*3]}
          - {name: Eiko, hand: [broad], coins: [soy*10]}
        active: Keno
        phase: draw_cards
        draw_pile: [black_eyed]
        discard: [blue, green]
        vars: {exhaustions: 2}
        """)
    assert main(["judge", where, "--brief", "-a", "Keno draw"]) == 0
    out = capsys.readouterr().out
    assert "Most coins wins; a tie goes to the player seated furthest clockwise from the starting player." in out
    assert "Timon 9, Nina 10, Keno 3, Eiko 10" in out and out.rstrip().endswith("so Eiko wins")


def test_judge_brief_says_what_an_action_opens(tmp_path, capsys):
    # Nina's four Soy Beans bring exactly two coins: the task of "sell for two", under her
    # figure, is met and hers to claim.
    where = _situation(tmp_path, """
        modules: [base, bohnroeschen]
        state:
          players:
            - {name: Timon, hand: [green], fields: [[green], []]}
            - {name: Nina, hand: [fire], fields: [[soy, soy, soy, soy], [blue]]}
            - {name: Keno, hand: [red, blue], fields: [[green], []]}
            - {name: Eiko, hand: [broad], fields: [[], []]}
          active: Timon
          phase: trade
          revealed: [red, soy]
          draw_pile: [blue*10]
          vine_row: [sell_for_two, one_bean_each_field, last_figure, anyone_two_red]
          vine_deck: [buy_third_field, castle]
        """)
    assert main(["judge", where, "--brief", "-a", "Nina harvest 1"]) == 0
    assert "Nina may now fulfil (" in capsys.readouterr().out


def test_explain_gives_a_rulings_question_with_its_decision(capsys):
    # "Yes." alone answered nothing a reader could see.
    assert main(["explain", "bohnanza/bean-protection/1"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"ruling/protection-needs-a-longer-field: May a player harvest .*\? Yes\.", out), out
    assert "Harvest one of your fields. Anyone may" in out


def test_judge_says_which_figure_keeps_a_vine_task_from_being_met(tmp_path, capsys):
    # "Every other figure stands ahead of yours": Keno's figure shares Nina's card. The answer
    # named only `others_ahead(h)`; it now looks into the definition and names Keno.
    where = _situation(tmp_path, """
        modules: [base, bohnroeschen]
        state:
          players:
            - {name: Timon, hand: [green], fields: [[green], []], vars: {vine_pos: 2}}
            - {name: Nina, hand: [fire], fields: [[soy], [blue]], coins: [red]}
            - {name: Keno, hand: [red, blue], fields: [[green], []]}
            - {name: Eiko, hand: [broad], fields: [[], []], vars: {vine_pos: 2}}
          active: Nina
          starting_player: Timon
          phase: plant_hand
          draw_pile: [blue*10]
          vine_row: [last_figure, sell_for_two, one_bean_each_field, anyone_two_red, blue_in_a_field]
          vine_deck: [buy_third_field, castle]
        """)
    assert main(["judge", where, "--brief", "-a", "Nina fulfil"]) == 1
    # (in the brief answer without the rules' expression, round 42; the full answer shows it)
    assert ("(the task asks that every other bean figure stands ahead of Nina's, whose figure is clearly the last; "
            "seen: Keno's figure on vine card 1, Nina's figure on vine card 1)") in capsys.readouterr().out


def test_judge_notation_points_the_tables_words_at_the_games(tmp_path, capsys):
    # Review round 34: "the stack" is the rulebooks' word for the draw pile (read as its top card
    # since round 43); riders go with a charge, not an attack, which is said.
    where = _situation(tmp_path, """
        modules: [base, dschingis]
        state:
          board: beginner_3
          spaces:
            "01": {owner: Nina}
            "02": {owner: Nina}
            "08": {owner: Timon}
            "12": {owner: Keno}
          players:
            - {name: Nina, hand: [blue], coins: [red, red]}
            - {name: Timon}
            - {name: Keno}
          active: Nina
          phase: attack
          draw_pile: [green, red, red, red]
        """)
    assert main(["judge", where, "-a", "Nina attack 05 stack"]) in (0, 1)
    assert "action: Nina attack target 05 with draw_pile 1" in capsys.readouterr().out
    assert main(["judge", where, "-a", "Nina attack 05 riders 01"]) == 2
    assert "attack takes no 'riders' (attack TARGET WITH); charge does: write `Nina charge ...`" in \
        capsys.readouterr().err


def test_judge_says_when_the_rulebooks_words_are_missing(tmp_path, capsys, monkeypatch):
    from bohnspec import paths
    monkeypatch.setattr(paths, "rulebooks_dir", lambda: None)  # a machine without them
    where = _situation(tmp_path, """
        players:
          - {name: Timon, hand: [red], fields: [[blue], [soy]]}
          - {name: Nina}
          - {name: Keno}
        active: Timon
        phase: plant_hand
        """)
    main(["judge", where, "--brief", "-a", "Timon plant 1"])
    assert "note: the rulebooks' words are not quoted" in capsys.readouterr().out


def test_judge_brief_names_a_few_of_an_events_citations(tmp_path, capsys):
    # Review round 34: each combat line listed a dozen paragraphs (the whole combat procedure's);
    # the deciding ones are named in the line itself ("by ..."), the rest in the full answer.
    where = _situation(tmp_path, """
        modules: [base, bohnaparte]
        state:
          board: {geometry: graph, spaces: {a: camp, b: camp, k: camp, v: village, t: town, f: farm}, edges: [[a, b], [a, v], [a, t], [a, f], [b, k]]}
          spaces:
            a: {owner: Nina}
            b: {owner: Timon}
            v: {owner: Timon, fortress: true}
            k: {owner: Keno}
          players:
            - {name: Nina, hand: [broad], coins: [red]}
            - {name: Timon, hand: [soy]}
            - {name: Keno}
          active: Nina
          phase: attack
          draw_pile: [red, red, red]
        """)
    assert main(["judge", where, "--brief", "-a", "Nina attack v hand 1", "-a", "Timon defend hand 1"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.strip().startswith("combat at v"))
    assert "(by bohnaparte/village/2, bohnaparte/fortress/2)" in line
    assert line.endswith("more (the full answer lists them))") and line.count("bohnaparte/attack/") <= 4


def test_strict_refusals_pass_a_step_only_on_the_deciding_clause(capsys):
    # Round 86's blind author had a refusal pass on another clause than the one meant (the game
    # was over); --strict-refusals says so. This scenario names phase-1/1 for a fellow player
    # ending phase 1, which the clause of course-of-play/3 decides first.
    sid = "base/independent/r32-citer3-probe-fellow-ends-phase-1-01"
    assert main(["conform", "-k", sid, "-q"]) == 0
    capsys.readouterr()
    assert main(["conform", "-k", sid, "--strict-refusals"]) == 1
    out = capsys.readouterr().out
    assert "rejected with rule 'bohnanza/course-of-play/3', expected 'bohnanza/phase-1/1'" in out, out
    assert "--strict-refusals" in out  # (the replay command keeps the flag)


def test_explain_a_modules_last_declaration_stops_before_the_next_module(tmp_path, capsys):
    # Round 97's designer: the source of a module's last declaration ran on into the next
    # module's header comment and its `module` line.
    rules = tmp_path / "two.bohn"
    rules.write_text('module alpha requires base\nruling alpha-r question "q" decision "d" reason "r" '
                     'cites bohnanza/setup/8\ndefine hand_size = 6 cites ruling/alpha-r\n\n'
                     '// ------------------------------------------------------------------\n'
                     '// 2. The next module.\nmodule beta requires alpha\n'
                     'define draw_count = 4 cites ruling/alpha-r\n', encoding="utf-8")
    assert main(["explain", "hand_size", "--rules", str(rules)]) == 0
    out = capsys.readouterr().out
    assert "define hand_size = 6" in out and "module beta" not in out and "The next module" not in out, out


def test_explain_words_tells_a_value_a_reason_works_out_by_its_name(capsys):
    # Round 97's outside engine: `explain charge --words` showed `{attack_price(p, target)}`,
    # an expression of the rules, where the words are promised without the rules' source
    assert main(["explain", "charge", "--words"]) == 0
    out = capsys.readouterr().out
    assert "each attack costs a bean coin: <the attack price> here" in out and "{attack_price" not in out, out
