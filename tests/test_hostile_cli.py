"""Issue 13, run hygiene: no run passes while testing nothing, every user file is read one way
(one clear line, exit 2), numbers are checked, reports are never lost, failures say where.

Runs here are kept to one or two small scenarios in a temporary folder, so each takes well
under a second in-process.
"""

from __future__ import annotations

import json
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from bohnspec.tools.cli import main

import helpers
from test_cli import write

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
"""
WRONG = PASSING.replace("fire-harvest-01", "fire-harvest-wrong-01").replace("coins: [fire]}", "coins: [fire, fire]}")


def run(*argv) -> int:
    return main(["conform", "-q", *map(str, argv)])


# ------------------------------------------------------------ runs that test nothing

def test_unknown_module_is_exit_2_with_a_hint(capsys):
    # Already fixed before issue 13: kept.
    assert main(["conform", "-q", "--modules", "dschingiss"]) == 2
    assert "unknown module 'dschingiss' (did you mean 'dschingis'?)" in capsys.readouterr().err


@pytest.mark.parametrize("impl", ["", "   "])
def test_an_empty_impl_is_exit_2_not_the_reference(tmp_path, capsys, impl):
    write(tmp_path, PASSING)
    assert run("--impl", impl, tmp_path) == 2
    captured = capsys.readouterr()
    assert "--impl is empty (an unset variable?)" in captured.err
    assert "passed" not in captured.out  # nothing ran


def test_an_impl_that_does_not_split_is_exit_2(tmp_path, capsys):
    write(tmp_path, PASSING)
    assert run("--impl", 'engine "unclosed', tmp_path) == 2
    assert "cannot split the command into words" in capsys.readouterr().err


@pytest.mark.parametrize("impl, told", [
    # round 80's engine author: a variable set first did not start; `2>log` reached the engine
    ("JSENGINE=1 node engine.js", "the variable setting 'JSENGINE=1'"),
    ("node engine.js 2>log", "the shell's '2>log'"),
    ("node engine.js | tee out", "the shell's '|'"),
])
def test_an_impl_written_for_a_shell_is_told_to_use_one(tmp_path, capsys, impl, told):
    write(tmp_path, PASSING)
    assert run("--impl", impl, tmp_path) == 2
    err = capsys.readouterr().err
    assert told in err and "run without a shell" in err and "sh -c '" in err, err


def test_an_engine_killed_by_a_signal_is_told_so():
    from bohnspec.conformance.protocol import _ended
    assert _ended(3) == "exited (code 3)"
    assert _ended(-11) == "was killed by SIGSEGV (signal 11)"


def test_a_run_where_everything_is_skipped_fails_loudly(tmp_path, capsys):
    write(tmp_path, PASSING.replace("modules: [base]", "modules: [base, bohnroeschen]"))
    assert run("--modules", "base", tmp_path) == 2
    err = capsys.readouterr().err
    assert "no scenario ran: all 1 matched scenario(s) were not applicable or skipped" in err
    assert "(1 skipped for --modules base): nothing was tested" in err
    assert "--allow-empty" in err


def test_allow_empty_lets_an_empty_run_pass(tmp_path, capsys):
    write(tmp_path, PASSING.replace("modules: [base]", "modules: [base, bohnroeschen]"))
    assert run("--modules", "base", "--allow-empty", tmp_path) == 0


def test_a_pattern_matching_nothing_fails_loudly(tmp_path, capsys):
    write(tmp_path, PASSING)
    assert run("-k", "no-such-scenario", tmp_path) == 2
    assert "no scenario matched (none of the 1 scenario(s) found matches -k 'no-such-scenario')" in \
        capsys.readouterr().err
    assert run("-k", "no-such-scenario", "--allow-empty", tmp_path) == 0


def test_a_folder_without_scenarios_fails_loudly(tmp_path, capsys):
    assert run(tmp_path) == 2
    assert "no scenario file found" in capsys.readouterr().err


# ------------------------------------------------------------ numbers

@pytest.mark.parametrize("argv, allowed", [
    (["conform", "--timeout", "nan"], "above 0 and at most 3600 seconds"),
    (["conform", "--timeout", "inf"], "above 0 and at most 3600 seconds"),
    (["conform", "--timeout", "1e7"], "above 0 and at most 3600 seconds"),
    (["conform", "--timeout", "-1"], "above 0 and at most 3600 seconds"),
    (["conform", "--timeout", "0"], "above 0 and at most 3600 seconds"),
    (["conform", "--timeout", "soon"], "above 0 and at most 3600 seconds"),
    (["conform", "--jobs", "-2"], "from 1 to 64"),
    (["conform", "--jobs", "0"], "from 1 to 64"),
    (["simulate", "--games", "-5"], "from 1 to 1,000,000"),
    (["simulate", "--games", "0"], "from 1 to 1,000,000"),
    (["simulate", "--games", "2.5"], "from 1 to 1,000,000"),
    (["simulate", "--jobs", "-1"], "from 1 to 64"),
    (["simulate", "--max-actions", "0"], "from 1 to 10,000,000"),
    (["judge", "x.yaml", "--step", "-1"], "from 0 to 1,000,000"),
])
def test_numbers_out_of_range_are_exit_2_with_the_range(capsys, argv, allowed):
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert allowed in err and "Traceback" not in err


# ------------------------------------------------------------ users' files, one way everywhere

def bad_files(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """kind -> (path, the words of its one line)."""
    (tmp_path / "folder").mkdir()
    (tmp_path / "binary.bin").write_bytes(b"\x7fELF\x02\x01\x01\x00\x00\x00")
    (tmp_path / "latin1.txt").write_bytes("module caf\xe9\n".encode("latin-1"))
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "blank.txt").write_bytes(b"  \n\n")
    return {
        "missing": (tmp_path / "nowhere.txt", "no such file"),
        "folder": (tmp_path / "folder", "is a folder, not a file"),
        "binary": (tmp_path / "binary.bin", "is a binary file, not text"),
        "not-utf8": (tmp_path / "latin1.txt", "is not UTF-8 text (byte 0xe9 on line 1)"),
        "empty": (tmp_path / "empty.txt", "the file is empty"),
        "blank": (tmp_path / "blank.txt", "the file is empty"),
    }


COMMANDS = {
    "check": lambda f, d: ["check", f],
    "judge": lambda f, d: ["judge", f],
    "board": lambda f, d: ["board", f],
    "conform path": lambda f, d: ["conform", "-q", f],
    "conform --rules": lambda f, d: ["conform", "-q", "--rules", f, d],
    "conform --expectations": lambda f, d: ["conform", "-q", "--expectations", f, d],
    "simulate --rules": lambda f, d: ["simulate", "--games", "1", "-q", "--rules", f],
    "judge --rules": lambda f, d: ["judge", "base/harvest/beanometer-blue-3-coins-01", "--rules", f],
    "explain --rules": lambda f, d: ["explain", "harvest", "--rules", f],
    "board --rules": lambda f, d: ["board", "x", "--rules", f],
}


@pytest.mark.parametrize("kind, command", [
    (kind, command) for command in sorted(COMMANDS)
    for kind in ("missing", "folder", "binary", "not-utf8", "empty", "blank")
    if (kind, command) != ("folder", "conform path")  # a folder of scenarios is what conform takes
])
def test_a_bad_user_file_is_one_line_and_exit_2_in_every_command(tmp_path, capsys, command, kind):
    files = bad_files(tmp_path)
    path, words = files[kind]
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    write(scenarios, PASSING)
    if command == "conform path" and kind == "missing":
        words = "no such file or folder"
    assert main(COMMANDS[command](str(path), str(scenarios))) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("bohnspec: ") and str(path) in lines[0] and words in lines[0], lines[0]
    assert "passed" not in captured.out  # stopped before the run


# ------------------------------------------------------------ rules files are checked before use

WRONG_ARITY = """\
module my_bad requires base

define too_many = size(draw_pile, discard)
"""
WRONG_KEY = """\
module my_bad requires base

on harvested(player, beans) cites bohnanza/harvest/1 {
  if beans == 2 { planted = 0 }
}
"""


@pytest.mark.parametrize("argv", [
    lambda f, d: ["conform", "-q", "--rules", f, "--modules", "my_bad", d],
    lambda f, d: ["simulate", "--games", "1", "-q", "--modules", "my_bad", "--rules", f],
    lambda f, d: ["judge", "base/harvest/beanometer-blue-3-coins-01", "--rules", f],
])
@pytest.mark.parametrize("text, diagnostic", [
    (WRONG_ARITY, ":3:19: error: size takes 1 argument(s), given 2"),
    (WRONG_KEY, ":3:1: error: event 'harvested' has no key 'beans'"),
])
def test_rules_are_checked_first_and_stop_with_located_diagnostics(tmp_path, capsys, argv, text, diagnostic):
    rules = tmp_path / "my_bad.bohn"
    rules.write_text(text, encoding="utf-8")
    write(tmp_path, PASSING)
    assert main(argv(str(rules), str(tmp_path))) == 2
    captured = capsys.readouterr()
    assert "--rules: 1 error(s) in the rules; nothing was run" in captured.err
    assert "my_bad.bohn" + diagnostic in captured.err
    assert "Traceback" not in captured.err and "passed" not in captured.out


# ------------------------------------------------------------ reports are never lost

@pytest.mark.parametrize("option", ["--json", "--junit"])
def test_report_paths_are_checked_before_the_run(tmp_path, capsys, option):
    write(tmp_path, PASSING)
    assert run(option, tmp_path, tmp_path) == 2
    assert f"bohnspec: {option} {tmp_path}: is a folder" in capsys.readouterr().err
    missing = tmp_path / "nodir" / "report.out"
    assert run(option, missing, tmp_path) == 2
    captured = capsys.readouterr()
    assert f"the folder {missing.parent} does not exist" in captured.err
    assert "passed" not in captured.out  # checked before anything ran


def test_simulate_json_path_is_checked_before_the_games(tmp_path, capsys):
    assert main(["simulate", "--games", "1", "-q", "--json", str(tmp_path / "nodir" / "s.json")]) == 2
    assert "does not exist" in capsys.readouterr().err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_disk_is_a_clear_error(tmp_path, capsys):
    write(tmp_path, PASSING)
    assert run("--json", "/dev/full", tmp_path) == 2
    captured = capsys.readouterr()
    assert "1 passed" in captured.out  # the results were shown all the same
    assert "bohnspec: --json /dev/full: cannot write the report (No space left on device)" in captured.err


def test_json_to_standard_output(tmp_path, capsys):
    write(tmp_path, PASSING)
    write(tmp_path, WRONG)
    assert run("--json", "-", tmp_path) == 1
    captured = capsys.readouterr()
    data = json.loads(captured.out)  # standard output is the report alone
    assert data["summary"]["passed"] == 1 and data["summary"]["failed"] == 1
    assert "1 passed, 1 failed" in captured.err  # the text went to standard error


def test_simulate_json_to_standard_output(capsys):
    assert main(["simulate", "--games", "1", "--players", "3", "-q", "--json", "-"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["games"] == 1


def test_reports_are_written_when_the_engine_fails_its_handshake(tmp_path, capsys):
    write(tmp_path, PASSING)
    write(tmp_path, WRONG)
    engine = tmp_path / "silent.py"
    engine.write_text("import sys\nsys.stdin.readline()\nprint('hello?')\n", encoding="utf-8")
    report, junit = tmp_path / "r.json", tmp_path / "r.xml"
    impl = f"{helpers.sys.executable} {engine}"
    assert run("--impl", impl, "--json", report, "--junit", junit, tmp_path) == 1
    data = json.loads(report.read_text(encoding="utf-8"))
    assert [s["verdict"] for s in data["scenarios"]] == ["protocol-error", "protocol-error"]
    assert all(s["fault"]["request"]["type"] == "hello" for s in data["scenarios"])
    assert all(s["message"].startswith("at the start (request hello): the engine failed its handshake")
               for s in data["scenarios"])
    suite = ET.parse(junit).getroot()
    assert suite.get("errors") == "2"


def test_reports_are_written_when_the_engine_does_not_start(tmp_path, capsys):
    write(tmp_path, PASSING)
    report = tmp_path / "r.json"
    assert run("--impl", str(tmp_path / "no-such-engine"), "--json", report, tmp_path) == 2
    data = json.loads(report.read_text(encoding="utf-8"))
    assert [s["verdict"] for s in data["scenarios"]] == ["errored"]
    assert "cannot start the engine" in data["scenarios"][0]["message"]


# ------------------------------------------------------------ failures say where

def test_a_failure_shows_the_scenarios_title(tmp_path, capsys):
    write(tmp_path, WRONG)
    report = tmp_path / "r.json"
    assert run("--json", report, tmp_path) == 1
    out = capsys.readouterr().out
    assert "FAILED base/mine/fire-harvest-wrong-01" in out
    assert "  scenario: Three Fire Beans earn one coin" in out
    assert json.loads(report.read_text())["scenarios"][0]["title"] == "Three Fire Beans earn one coin"


def test_an_errored_verdict_names_the_step_and_the_request(tmp_path, capsys):
    engine = tmp_path / "dies.py"
    # The reference engine, dying at the first apply.
    engine.write_text(textwrap.dedent("""\
        import sys
        from bohnspec.conformance.protocol import serve
        def lines():
            for line in sys.stdin:
                if '"apply"' in line:
                    sys.exit(3)
                yield line
        serve(lines())
        """), encoding="utf-8")
    write(tmp_path, PASSING)
    report = tmp_path / "r.json"
    env_path = str(helpers.INTERPRETER)
    impl = f"env PYTHONPATH={env_path} {helpers.sys.executable} {engine}"
    assert run("--impl", impl, "--json", report, tmp_path) == 1
    out = capsys.readouterr().out
    assert ('at step 1 {"type": "harvest", "player": "Keno", "field": 1} (request apply): '
            "the engine exited (code 3) before answering 'apply'") in out
    (s,) = json.loads(report.read_text())["scenarios"]
    assert s["verdict"] == "errored"
    assert s["fault"]["step"] == 0 and s["fault"]["request"]["type"] == "apply"
    assert s["failed_step"]["index"] == 0


def test_numbers_of_thousands_of_digits_are_told_not_crashed_on(tmp_path, capsys):
    # Round 43's bad-input tester: each of these was an internal error (Python's bound on the
    # digits of a number it reads), in judge, in serve and in the runner reading an engine.
    from bohnspec.conformance.protocol import Server
    situation = tmp_path / "sit.yaml"
    situation.write_text("players: [{name: Nina, fields: [[soy], []]}, {name: Timon}, {name: Keno}]\n"
                         "active: Nina\nphase: plant\n", encoding="utf-8")
    for action in ("Nina harvest " + "1" * 100_000, '{"type":"harvest","player":"Nina","field":' + "1" * 5000 + "}",
                   "Nina harvest -1"):
        assert main(["judge", str(situation), "--action", action]) == 2
        err = capsys.readouterr().err
        assert err.startswith("bohnspec: ") and len(err.splitlines()) == 1 and len(err) < 300, err
    reply = Server().answer('{"id":' + "1" * 5000 + ',"type":"hello"}')
    assert reply["type"] == "error" and "thousands of digits" in reply["message"]


def test_a_situation_that_is_no_file_is_told_to_be_saved_to_one(capsys):
    # Round 83's designer asked `judge /dev/stdin`: a pipe or a device, read unbounded, is refused
    # with what to do instead.
    assert main(["judge", "/dev/null"]) == 2
    err = capsys.readouterr().err
    assert "is not a regular file (a pipe, a device or a socket)" in err and "save it to one" in err


# ------------------------------------------------------------ round 96's bad-input tester

def test_round_96_an_unknown_state_key_is_told_as_such_not_as_a_list_to_give(tmp_path, capsys):
    path = write(tmp_path, PASSING.replace("  phase: ", "  colour: blue\n  phase: ", 1))
    assert main(["conform", str(path)]) == 2
    assert "at state.colour: unknown state key `colour`: neither a key of the state's own" in capsys.readouterr().out


def test_round_96_a_device_named_as_a_scenario_is_told_what_it_is(capsys):
    assert main(["conform", "/dev/null"]) == 2
    assert "/dev/null: is not a regular file" in capsys.readouterr().err


def test_round_96_modules_that_name_none_are_refused(capsys):
    assert main(["simulate", "--modules", ",,,", "--games", "1", "-q"]) == 2
    assert "--modules ',,,': names no module" in capsys.readouterr().err


def test_round_96_nan_is_no_json_in_a_request_or_an_action(tmp_path, capsys):
    from bohnspec.conformance.protocol import Server
    reply = Server().answer('{"id": 1, "type": "hello", "protocol": NaN}')
    assert reply["type"] == "error" and "NaN is not JSON" in reply["message"], reply
    path = write(tmp_path, PASSING)
    assert main(["judge", str(path), "--step", "0", "-a", '{"type": "harvest", "player": "Nina", "field": NaN}']) == 2
    assert "NaN is not JSON" in capsys.readouterr().err


def test_round_96_mutants_refuse_a_timeout_of_no_seconds(capsys):
    assert main(["mutants", "--quick", "--timeout", "-1"]) == 2
    assert "bohnspec: --timeout -1: give seconds above 0" in capsys.readouterr().err


def test_round_96_a_step_of_what_has_no_steps_is_refused(tmp_path, capsys):
    situation = tmp_path / "table.yaml"
    situation.write_text("players:\n  - {name: Nina, hand: [soy]}\n  - {name: Timon}\n  - {name: Keno}\n"
                         "active: Nina\nphase: trade\n", encoding="utf-8")
    assert main(["judge", str(situation), "--step", "5"]) == 2
    assert "--step 5: a situation has no steps" in capsys.readouterr().err
    assert main(["board", "pyramid_5", "--step", "3"]) == 2
    assert "--step 3: pyramid_5 is a declared board, which has no steps" in capsys.readouterr().err


def test_round_96_an_interrupt_while_reading_the_scenarios_says_so(monkeypatch, capsys):
    # `INTERRUPTED after 0 of 0 selected`: the selection had not been counted yet
    from bohnspec.conformance import runner as R

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(R, "select", interrupted)
    assert main(["conform"]) == 130
    captured = capsys.readouterr()
    assert "INTERRUPTED while reading the scenarios, before any ran" in captured.out, captured.out
    assert "interrupted while reading the scenarios: none ran" in captured.err, captured.err
