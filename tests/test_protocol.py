"""The conformance protocol: `bohnspec serve`, and `bohnspec conform --impl` against fake engines.

The fake engines live in tests/fakes/ (each documents itself). Every run here is restricted to a
handful of scenarios and guarded by a subprocess timeout, so a runner that hangs fails the test
instead of hanging the suite.
"""

from __future__ import annotations

import json
import os
import queue
import shlex
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from bohnspec.conformance import scenario as S
from bohnspec.tools.cli import main
from bohnspec.conformance.runner import InProcess
from helpers import SCENARIOS, child_env

ROOT = Path(__file__).resolve().parent.parent
INTERPRETER = ROOT / "interpreter"
FAKES = Path(__file__).resolve().parent / "fakes"
CORPUS = ROOT / "conformance" / "scenarios"
PY = sys.executable
SAFETY = 60  # seconds: no run here may take anywhere near this long

BLUE = "base/harvest/beanometer-blue"  # three scenarios, harvesting Blue Beans
BLUE_IDS = ["base/harvest/beanometer-blue-1-and-2-coins-01", "base/harvest/beanometer-blue-3-coins-01",
            "base/harvest/beanometer-blue-4-coins-01"]
# Scenarios whose first step expects a rejection (with a rule id).
REJECTING = [CORPUS / "base" / "bean-protection" / f"{n}.yaml" for n in (
    "harvest-empty-field-01", "harvest-empty-field-02", "lone-bean-protected-01", "lone-bean-protected-02")]


# ------------------------------------------------------------ helpers


def fake(name: str) -> str:
    """The --impl command of a fake engine."""
    return f"{shlex.quote(PY)} {shlex.quote(str(FAKES / (name + '.py')))}"


SERVE = f"{shlex.quote(PY)} -m bohnspec serve"


class Run:
    def __init__(self, proc: subprocess.CompletedProcess, tmp: Path, seconds: float):
        self.rc = proc.returncode
        self.out = proc.stdout
        self.err = proc.stderr
        self.seconds = seconds
        json_file, junit_file = tmp / "report.json", tmp / "report.xml"
        self.report = json.loads(json_file.read_text(encoding="utf-8")) if json_file.exists() else None
        self.junit = ET.parse(junit_file).getroot() if junit_file.exists() else None

    @property
    def verdicts(self) -> dict[str, str]:
        return {s["id"]: s["verdict"] for s in self.report["scenarios"]}

    def scenario(self, sid: str) -> dict:
        return next(s for s in self.report["scenarios"] if s["id"] == sid)

    def __repr__(self):
        return f"<rc {self.rc}\nstdout:\n{self.out}\nstderr:\n{self.err}>"


def conform(tmp: Path, *args, env: dict | None = None, reports: bool = True, timeout: float = SAFETY) -> Run:
    """`python -m bohnspec conform -q ARGS` in a subprocess, with JSON and JUnit reports."""
    tmp.mkdir(parents=True, exist_ok=True)
    for f in ("report.json", "report.xml"):
        (tmp / f).unlink(missing_ok=True)
    extra = ["--json", str(tmp / "report.json"), "--junit", str(tmp / "report.xml")] if reports else []
    started = time.monotonic()
    proc = subprocess.run([PY, "-m", "bohnspec", "conform", "-q", *extra, *map(str, args)],
                          cwd=ROOT, env=env or child_env(), capture_output=True, text=True, timeout=timeout)
    return Run(proc, tmp, time.monotonic() - started)


def check_reports(run: Run) -> None:
    """The JSON report follows its schema; the JUnit XML agrees with it, count for count."""
    assert run.report is not None, run
    assert S.schema_errors(run.report, "report.schema.json") == []
    summary = run.report["summary"]
    verdicts = [s["verdict"] for s in run.report["scenarios"]]
    for verdict in ("passed", "failed", "errored", "skipped", "not-applicable", "timeout", "protocol-error"):
        assert summary[verdict.replace("-", "_")] == verdicts.count(verdict)
    suite = run.junit
    assert suite is not None and suite.tag == "testsuite"
    cases = suite.findall("testcase")
    assert int(suite.get("tests")) == len(cases) == len(verdicts)
    assert {c.get("name") for c in cases} == {s["id"] for s in run.report["scenarios"]}
    n_fail = sum(1 for c in cases if c.find("failure") is not None)
    n_err = sum(1 for c in cases if c.find("error") is not None)
    n_skip = sum(1 for c in cases if c.find("skipped") is not None)
    assert int(suite.get("failures")) == n_fail == summary["failed"]
    assert int(suite.get("errors")) == n_err == summary["errored"] + summary["timeout"] + summary["protocol_error"]
    assert int(suite.get("skipped")) == n_skip == summary["skipped"] + summary["not_applicable"]
    for s in run.report["scenarios"]:
        case = next(c for c in cases if c.get("name") == s["id"])
        if s.get("stderr"):
            assert case.find("system-err") is not None and case.find("system-err").text == s["stderr"]


def read_starts(log_dir: Path) -> list[int]:
    f = log_dir / "starts"
    return [int(line) for line in f.read_text().split()] if f.exists() else []


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A zombie is dead for our purpose; on Linux /proc tells.
    try:
        return "Z" not in Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except OSError:
        return True


# ------------------------------------------------------------ crashes, hangs, garbage

@pytest.mark.slow
def test_crashing_engine_errors_every_scenario_with_a_fresh_process_each(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    run = conform(tmp_path, "--impl", fake("crash"), "-k", BLUE, "--timeout", "5",
                  env=child_env(FAKE_LOG_DIR=logs))
    assert run.rc == 1, run
    assert run.verdicts == {sid: "errored" for sid in BLUE_IDS}
    starts = read_starts(logs)
    # One process per scenario: the one that answered the handshake runs the first scenario,
    # and each crash is followed by a fresh process (with a new hello) for the next one.
    assert len(starts) == len(BLUE_IDS) == len(set(starts))
    for n, sid in enumerate(BLUE_IDS):
        s = run.scenario(sid)
        assert "code 3" in s["message"] and "'apply'" in s["message"]
        # The engine's stderr is kept, and it is that scenario's own process's stderr.
        assert f"crash.py: segmentation fault in apply (pid {starts[n]})" in s["stderr"]
        assert all(str(other) not in s["stderr"] for other in starts if other != starts[n])
    assert "ERRORED base/harvest/beanometer-blue-3-coins-01" in run.out
    assert "segmentation fault" in run.out  # the terminal shows the engine's stderr too
    # Each failure ends with a command replaying just that scenario against the same engine.
    replays = [line.strip() for line in run.out.splitlines() if line.strip().startswith("replay:")]
    assert len(replays) == len(BLUE_IDS)
    for line, sid in zip(replays, BLUE_IDS):
        assert line.startswith(f"replay: bohnspec conform --impl {shlex.quote(fake('crash'))} ")
        assert sid in line or sid.rsplit("/", 1)[1] in line
    assert not any(pid_alive(p) for p in starts)
    check_reports(run)


@pytest.mark.slow
def test_after_a_crash_the_next_scenario_gets_a_fresh_engine(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    marker = tmp_path / "crashed-once"
    run = conform(tmp_path, "--impl", fake("crash"), "-k", BLUE,
                  env=child_env(FAKE_LOG_DIR=logs, FAKE_CRASH_MARKER=marker))
    assert run.rc == 1, run
    assert marker.exists()
    assert run.verdicts == {BLUE_IDS[0]: "errored", BLUE_IDS[1]: "passed", BLUE_IDS[2]: "passed"}
    assert len(read_starts(logs)) == 2
    assert "code 3" in run.scenario(BLUE_IDS[0])["message"]
    assert "segmentation fault" in run.scenario(BLUE_IDS[0])["stderr"]
    check_reports(run)


def test_hanging_engine_times_out_and_is_killed(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    run = conform(tmp_path, "--impl", fake("hang"), "-k", BLUE, "--timeout", "0.5",
                  env=child_env(FAKE_LOG_DIR=logs), timeout=30)
    assert run.rc == 1, run
    assert run.verdicts == {sid: "timeout" for sid in BLUE_IDS}
    assert run.seconds < 20
    for sid in BLUE_IDS:
        s = run.scenario(sid)
        assert "no reply to 'load' within 0.5s" in s["message"]
        assert "thinking about 'load' forever" in s["stderr"]
    starts = read_starts(logs)
    assert len(starts) == len(BLUE_IDS)
    assert not any(pid_alive(p) for p in starts), "a timed-out engine was left running"
    assert "TIMEOUT" in run.out and "3 timed out" in run.out
    check_reports(run)


def test_a_reply_without_its_newline_is_told_as_such(tmp_path):
    run = conform(tmp_path, "--impl", fake("no_newline"), "-k", BLUE_IDS[0], "--timeout", "0.5", timeout=30)
    assert run.rc == 1, run
    message = run.scenario(BLUE_IDS[0])["message"]
    assert "never ended the line: end each reply with a newline" in message, message


@pytest.mark.parametrize("mode, said", [
    ("latin1", "is not UTF-8 text (byte 0xe9 at position"),
    ("exit", "the engine exited (code 0) before answering 'load'; it had written "),
])
def test_a_reply_cut_short_or_not_utf8_is_told_as_such(tmp_path, mode, said):
    # Round 46's engine author: a Latin-1 byte was told as "not a protocol message ... write logs
    # to standard error", and half a reply before exit 0 as a plain exit.
    run = conform(tmp_path, "--impl", f"{fake('cut_reply')} {mode}", "-k", BLUE_IDS[0], timeout=30)
    assert run.rc == 1, run
    message = run.scenario(BLUE_IDS[0])["message"]
    assert said in message, message


@pytest.mark.slow
def test_hanging_engine_with_jobs_finishes(tmp_path):
    run = conform(tmp_path, "--impl", fake("hang"), "-k", "base/harvest/beanometer-b[lr][uo]*", "--timeout", "0.3",
                  "--jobs", "2", "--max-timeouts", "0", timeout=30)
    assert run.rc == 1, run
    assert set(run.verdicts.values()) == {"timeout"}
    assert len(run.verdicts) == 6  # blue and broad
    check_reports(run)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_run_stops_once_so_many_scenarios_in_a_row_timed_out(tmp_path, jobs):
    # Round 95's tester: an engine that hangs cost the whole timeout for every scenario left,
    # hours for the corpus; the run stops after --max-timeouts in a row, and says so
    run = conform(tmp_path, "--impl", fake("hang"), "-k", "base/harvest/", "--timeout", "0.3", "--max-timeouts", "3",
                  "--jobs", jobs, timeout=60)
    assert run.rc == 1, run
    assert set(run.verdicts.values()) == {"timeout"} and 3 <= len(run.verdicts) < 3 + int(jobs) + 1, run.verdicts
    assert "; STOPPED after" in run.out, run.out
    assert "stopped: 3 scenario(s) in a row timed out (--max-timeouts 3; 0 never stops)" in run.err, run.err
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert report["stopped"].startswith("3 scenario(s) in a row timed out"), report
    assert 'name="stopped"' in (tmp_path / "report.xml").read_text(encoding="utf-8")
    # (which never ran, by id, in the report; round 97's hostile tester found only a count)
    ran = {s["id"] for s in report["scenarios"]}
    assert report["not_run"] and not ran & set(report["not_run"]), report
    assert f'name="not_run" value="{len(report["not_run"])}"' in (tmp_path / "report.xml").read_text(encoding="utf-8")
    check_reports(run)


def test_engine_printing_garbage_is_a_protocol_error(tmp_path):
    run = conform(tmp_path, "--impl", fake("garbage"), "-k", BLUE)
    assert run.rc == 1, run
    assert run.verdicts == {sid: "protocol-error" for sid in BLUE_IDS}
    for sid in BLUE_IDS:
        assert "hello world" in run.scenario(sid)["message"]
    assert "PROTOCOL ERROR" in run.out
    check_reports(run)


@pytest.mark.slow
def test_engine_replying_with_the_wrong_id_is_a_protocol_error(tmp_path):
    run = conform(tmp_path, "--impl", fake("wrong_id"), "-k", BLUE)
    assert run.rc == 1, run
    assert run.verdicts == {sid: "protocol-error" for sid in BLUE_IDS}
    for sid in BLUE_IDS:
        assert "expected a reply with id" in run.scenario(sid)["message"]
    check_reports(run)


@pytest.mark.slow
def test_wrong_id_in_the_hello_fails_the_handshake(tmp_path):
    run = conform(tmp_path, "--impl", fake("wrong_id"), "-k", BLUE, env=child_env(FAKE_WRONG_HELLO_ID=1))
    assert run.rc == 1, run
    assert "failed its handshake (protocol-error)" in run.err


def test_hello_without_capabilities_fails_the_handshake(tmp_path):
    run = conform(tmp_path, "--impl", fake("bad_hello"), "-k", BLUE)
    assert run.rc == 1, run
    assert "the engine failed its handshake (protocol-error)" in run.err
    assert "capabilities" in run.err
    assert "bad_hello.py: I forgot my capabilities" in run.err  # the engine's stderr is shown
    # (its claims were never read: nothing is said of what they leave uncompared; round 84)
    assert "NOT COMPARED" not in run.out and run.report["not_compared"] == []


def test_hello_without_capabilities_in_process(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PYTHONPATH", str(INTERPRETER))
    assert main(["conform", "-q", "--impl", fake("bad_hello"), "-k", BLUE,
                 "--json", str(tmp_path / "r.json")]) == 1
    err = capsys.readouterr().err
    assert "failed its handshake" in err and "capabilities.modules" in err


def test_engine_that_cannot_be_started_is_bad_input(tmp_path):
    run = conform(tmp_path, "--impl", str(tmp_path / "no-such-engine"), "-k", BLUE)
    assert run.rc == 2, run
    assert "cannot start the engine" in run.err


# ------------------------------------------------------------ wrong answers and claims

def test_wrong_beanometer_fails_only_blue_beanometer_scenarios(tmp_path):
    run = conform(tmp_path, "--impl", fake("wrong_beanometer"), "-k", "base/harvest")
    assert run.rc == 1, run
    failed = {sid for sid, v in run.verdicts.items() if v != "passed"}
    assert "base/harvest/beanometer-blue-1-and-2-coins-01" in failed
    assert all("beanometer-blue" in sid for sid in failed), failed
    assert {v for sid, v in run.verdicts.items() if sid in failed} == {"failed"}
    assert len(run.verdicts) > 20
    s = run.scenario("base/harvest/beanometer-blue-1-and-2-coins-01")
    assert s["failed_step"]["problems"] and any("coins" in p for p in s["failed_step"]["problems"])
    assert "expected" in run.out and "actual" in run.out  # the diff is shown
    check_reports(run)


def _bohnroeschen_scenario(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "needs-bohnroeschen-01.yaml"
    path.write_text(yaml.safe_dump({
        "id": "test-only/needs-bohnroeschen-01",
        "title": "A scenario for an expansion the engine does not claim",
        "cites": ["bohnanza/harvest/2"],
        "modules": ["base", "bohnroeschen"],
        "state": {"players": [{"name": "Nina", "fields": [["blue"] * 4, [], []]}, {"name": "Timon"},
                              {"name": "Keno"}], "phase": "trade"},
        "steps": [{"do": {"type": "harvest", "player": "Nina", "field": 1},
                   "expect": {"state": {"players": {"Nina": {"coins": ["blue"]}}}}}],
    }), encoding="utf-8")
    return path


def test_scenarios_needing_unclaimed_modules_are_not_applicable(tmp_path):
    extra = _bohnroeschen_scenario(tmp_path / "extra")
    run = conform(tmp_path, "--impl", fake("base_only"), extra, CORPUS / "base" / "harvest")
    assert run.rc == 0, run
    assert run.verdicts["test-only/needs-bohnroeschen-01"] == "not-applicable"
    assert "bohnroeschen" in run.scenario("test-only/needs-bohnroeschen-01")["message"]
    assert {v for sid, v in run.verdicts.items() if sid.startswith("base/")} == {"passed"}
    assert run.report["capabilities"]["modules"] == ["base"]
    assert run.report["engine"]["name"] == "base-only"
    assert "1 not applicable" in run.out
    check_reports(run)


def test_modules_option_skips_instead(tmp_path):
    extra = _bohnroeschen_scenario(tmp_path / "extra")
    run = conform(tmp_path, "--modules", "base", extra, REJECTING[0])
    assert run.rc == 0, run
    assert run.verdicts == {"test-only/needs-bohnroeschen-01": "skipped",
                            "base/bean-protection/harvest-empty-field-01": "passed"}
    check_reports(run)


@pytest.mark.slow
def test_without_rule_ids_a_rejection_need_only_be_a_rejection(tmp_path):
    run = conform(tmp_path, "--impl", fake("no_rule_ids"), "-k", "base/bean-protection")
    assert run.rc == 0, run
    assert set(run.verdicts.values()) == {"passed"} and len(run.verdicts) >= 4
    assert run.report["capabilities"]["rule_ids"] is False
    check_reports(run)


def test_without_rule_ids_a_rejection_that_changes_the_state_fails(tmp_path):
    run = conform(tmp_path, "--impl", fake("no_rule_ids"), *REJECTING,
                  env=child_env(FAKE_MUTATE_ON_REJECT=1))
    assert run.rc == 1, run
    assert set(run.verdicts.values()) == {"failed"}
    for sid in run.verdicts:
        step = run.scenario(sid)["failed_step"]
        assert step["index"] == 0
        changed = [p for p in step["problems"] if p.startswith("a rejected action changed the state")]
        assert changed and "state.discard:" in changed[0]  # what changed is shown
        assert not any("rule" in p for p in step["problems"])  # rule ids are still not compared
        # (the card the rejection made up is told too: round 58)
        assert any("holds other cards than the game" in p for p in step["problems"])
    check_reports(run)


@pytest.mark.slow
def test_claims_are_honoured_by_every_worker_with_jobs(tmp_path):
    run = conform(tmp_path, "--impl", fake("no_rule_ids"), "--jobs", "2", *REJECTING)
    assert run.verdicts == {f"base/bean-protection/{p.stem}": "passed" for p in REJECTING}, run.out


def test_a_missing_rule_ids_claim_is_not_a_claim(tmp_path):
    run = conform(tmp_path, "--impl", fake("no_rule_ids"), REJECTING[2], env=child_env(FAKE_OMIT_CLAIMS=1))
    assert run.verdicts == {"base/bean-protection/lone-bean-protected-01": "passed"}, run.out


# ------------------------------------------------------------ bohnspec serve = in-process

@pytest.fixture(scope="module")
def whole_corpus(tmp_path_factory):
    """The whole corpus in-process (cli.main) and through `bohnspec serve` with --jobs 2."""
    tmp = tmp_path_factory.mktemp("equivalence")
    in_process = tmp / "in-process.json"
    rc = main(["conform", "-q", "--json", str(in_process)])
    served = conform(tmp / "served", "--impl", SERVE, "--jobs", "2")
    report = json.loads(in_process.read_text(encoding="utf-8"))
    return rc, report, served


@pytest.mark.slow
def test_serve_gives_the_in_process_verdicts_on_base_scenarios(whole_corpus):
    rc, report, run = whole_corpus
    modules = {s["id"]: S.load(Path(s["path"])).modules for s in report["scenarios"]}
    base = {s["id"]: s["verdict"] for s in report["scenarios"] if modules[s["id"]] == ["base"]}
    assert len(base) > 100
    assert {sid: v for sid, v in run.verdicts.items() if sid in base} == base
    assert run.report["engine"]["name"] == "bohnspec"
    assert run.report["engine"]["command"] == SERVE
    check_reports(run)


@pytest.mark.slow
def test_serve_gives_exactly_the_in_process_verdicts(whole_corpus):
    rc, report, run = whole_corpus
    reference = {s["id"]: s["verdict"] for s in report["scenarios"]}
    assert run.verdicts == reference
    assert run.rc == rc, run


@pytest.mark.slow
def test_serve_claims_every_module_it_plays(whole_corpus):
    rc, report, run = whole_corpus
    needed = {m for s in report["scenarios"] for m in S.load(Path(s["path"])).modules}
    assert needed <= set(run.report["capabilities"]["modules"])
    assert "not-applicable" not in run.verdicts.values()


def test_setup_scenarios_with_a_vine_deck_through_the_protocol(tmp_path):
    setups = sorted(p for p, sc in S.corpus([CORPUS])
                    if isinstance(sc, S.Scenario) and sc.refused is None and "vine_deck" in (sc.setup or {}))
    if not setups:
        pytest.skip("no setup scenario with a vine deck in the corpus")
    run = conform(tmp_path, "--impl", SERVE, *setups[:2], reports=False)
    assert run.rc == 0, run


# ------------------------------------------------------------ the messages of bohnspec serve

PROTOCOL_SCHEMA = "https://bohnspec.dev/schemas/protocol.schema.json"


def protocol_errors(message, side: str) -> list[str]:
    """Schema violations of a message sent by the runner (side "request") or an engine ("reply")."""
    validator = S.validator("protocol.schema.json").evolve(schema={"$ref": f"{PROTOCOL_SCHEMA}#/$defs/{side}"})
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(message)]


class Served:
    """`python -m bohnspec serve` behind pipes, one request at a time, every line schema-checked."""

    def __init__(self):
        self.proc = subprocess.Popen([PY, "-m", "bohnspec", "serve"], cwd=ROOT, env=child_env(),
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.lines: queue.Queue = queue.Queue()
        self.replies: list[dict] = []
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self):
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def send_raw(self, text: str, validate: bool = True) -> dict:
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()
        line = self.lines.get(timeout=30)
        assert line is not None, f"serve exited: {self.proc.stderr.read()}"
        assert line.endswith("\n") and "\n" not in line[:-1]
        reply = json.loads(line)
        if validate:
            assert protocol_errors(reply, "reply") == [], reply
            assert S.schema_errors(reply, "protocol.schema.json") == [], reply  # the schema as published
        self.replies.append(reply)
        return reply

    def ask(self, request: dict) -> dict:
        assert protocol_errors(request, "request") == [], request
        assert S.schema_errors(request, "protocol.schema.json") == [], request
        reply = self.send_raw(json.dumps(request, separators=(",", ":")))
        assert reply["id"] == request["id"]
        return reply

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=10)
        for f in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            f.close()


@pytest.fixture
def served():
    s = Served()
    yield s
    s.close()


@pytest.fixture(scope="module")
def reference():
    return InProcess().engine(["base"])


def full_state(reference, data: dict) -> dict:
    return S.state_from_data(reference, data, ["base"]).to_json()


PROTECTED = {"players": [{"name": "Nina", "fields": [["red"], ["blue", "blue", "blue"], []]},
                         {"name": "Timon"}, {"name": "Keno"}],
             "active": "Timon", "phase": "trade"}


def test_serve_messages_follow_the_protocol_schema(served, reference):
    hello = served.ask({"id": 1, "type": "hello", "protocol": 1, "suite": "bohnspec test"})
    assert hello["type"] == "hello" and hello["protocol"] == 1
    assert "base" in hello["capabilities"]["modules"]

    start = full_state(reference, PROTECTED)
    assert S.schema_errors(start, "state.schema.json") == []
    loaded = served.ask({"id": 2, "type": "load", "state": start})
    assert loaded["type"] == "ok"
    if "state" in loaded:
        assert loaded["state"] == start

    rejected = served.ask({"id": 3, "type": "apply", "action": {"type": "harvest", "player": "Nina", "field": 1}})
    assert rejected["type"] == "rejected" and rejected["rule"] == "bohnanza/bean-protection/1"
    assert rejected["reason"]
    state = served.ask({"id": 4, "type": "state"})
    assert state["type"] == "state" and state["state"] == start  # a rejection changes nothing

    accepted = served.ask({"id": 5, "type": "apply", "action": {"type": "harvest", "player": "Nina", "field": 2}})
    assert accepted["type"] == "accepted"
    assert any(e["event"] == "harvested" and e.get("player") == "Nina" for e in accepted["events"])
    state = served.ask({"id": 6, "type": "state"})
    assert state["state"]["discard"] == ["blue"] * 3
    assert state["state"]["players"][0]["fields"] == [["red"], [], []]
    if "state" in accepted:
        assert accepted["state"] == state["state"]

    legal = served.ask({"id": 7, "type": "legal"})
    assert legal["type"] == "legal" and legal["actions"]
    assert {"type": "harvest", "player": "Nina", "field": 1} in legal["actions"]

    bye = served.ask({"id": 8, "type": "bye"})
    assert bye["type"] == "bye"
    assert served.proc.wait(timeout=10) == 0


def test_serve_setup_reply(served, reference):
    import random
    deck = reference.box({"beans": "garden"})
    random.Random(7).shuffle(deck)
    served.ask({"id": 1, "type": "hello", "protocol": 1})
    ok = served.ask({"id": 2, "type": "setup", "players": ["Timon", "Nina", "Keno"], "deck": deck,
                     "options": {"beans": "garden"}, "modules": ["base"]})
    assert ok["type"] == "ok" and isinstance(ok["events"], list)
    state = served.ask({"id": 3, "type": "state"})["state"]
    assert [p["name"] for p in state["players"]] == ["Timon", "Nina", "Keno"]
    assert state["active"] == "Timon"
    dealt = sum(len(p["hand"]) for p in state["players"])
    assert dealt > 0 and dealt + len(state["draw_pile"]) == len(deck)
    assert state["players"][0]["hand"][0] == deck[0]  # dealt one at a time from the top
    if "state" in ok:
        assert ok["state"] == state


MALFORMED = [
    "hello world",
    "{not json",
    "[1, 2, 3]",
    '"apply"',
    "42",
    "null",
    '{"id": 10}',
    '{"id": 11, "type": "frobnicate"}',
    '{"id": 12, "type": "apply"}',
    '{"id": 13, "type": "apply", "action": "harvest"}',
    '{"id": 14, "type": "apply", "action": {"type": "harvest"}}',
    '{"id": 15, "type": "apply", "action": {"type": "fly", "player": "Nina"}}',
    '{"id": 16, "type": "apply", "action": {"type": "harvest", "player": "Nina", "field": "one"}}',
    '{"id": 17, "type": "apply", "action": {"type": ["harvest"], "player": "Nina", "field": 1}}',
    '{"id": 18, "type": "load"}',
    '{"id": 19, "type": "load", "state": {"players": "x"}}',
    '{"id": 20, "type": "load", "state": {"players": [{"name": "A", "fields": [["nope"]]}]}}',
    '{"id": 21, "type": "load", "state": {"players": [{"name": "A"}], "vars": [1]}}',
    '{"id": 22, "type": "setup"}',
    '{"id": 23, "type": "setup", "players": ["A", "B", "C"], "deck": []}',
    '{"id": 24, "type": "setup", "players": ["A", "B", "C"], "deck": [], "options": "x"}',
]


def test_serve_answers_malformed_lines_with_errors_and_keeps_going(served, reference):
    served.ask({"id": 1, "type": "hello", "protocol": 1})
    start = full_state(reference, PROTECTED)
    served.ask({"id": 2, "type": "load", "state": start})
    for _n, line in enumerate(MALFORMED):
        reply = served.send_raw(line)
        assert reply["type"] == "error", (line, reply)
        assert reply["message"]
        try:
            request = json.loads(line)
        except json.JSONDecodeError:
            request = None
        expected_id = request.get("id") if isinstance(request, dict) else None
        assert reply["id"] == expected_id, (line, reply)
    # Still alive, and the loaded game was not disturbed by the failed requests.
    assert served.ask({"id": 99, "type": "state"})["state"] == start
    assert served.ask({"id": 100, "type": "bye"})["type"] == "bye"
    assert served.proc.wait(timeout=10) == 0
    assert "Traceback" not in served.proc.stderr.read()


def test_serve_before_load(served):
    served.ask({"id": 1, "type": "hello", "protocol": 1})
    for n, kind in enumerate(("state", "legal")):
        reply = served.ask({"id": 2 + n, "type": kind})
        assert reply["type"] == "error" and "load" in reply["message"]
    reply = served.ask({"id": 5, "type": "apply", "action": {"type": "harvest", "player": "Nina", "field": 1}})
    assert reply["type"] == "error"


def test_the_protocol_schema_catches_bad_messages():
    assert protocol_errors({"id": 1, "type": "hello", "protocol": 1}, "request") == []
    assert protocol_errors({"id": 1, "type": "hello", "protocol": 1}, "reply")  # no capabilities
    assert protocol_errors({"id": 1, "type": "hello", "capabilities": {}}, "reply")  # no modules
    assert protocol_errors({"id": "1", "type": "ok"}, "reply")
    assert protocol_errors({"id": 1, "type": "state"}, "reply")  # the state is missing
    assert protocol_errors({"id": 1, "type": "error"}, "reply")  # the message is missing
    assert protocol_errors({"id": None, "type": "error", "message": "x"}, "reply") == []
    assert protocol_errors({"id": 1, "type": "apply", "action": {"type": "harvest"}}, "request")
    assert protocol_errors({"id": 1, "type": "launch"}, "request")


# Messages of the PROTOCOL.md table that match both a request and a reply shape.
AMBIGUOUS = {
    "hello-reply": {"id": 1, "type": "hello", "protocol": 1,
                    "engine": {"name": "my-engine", "version": "1.2", "language": "javascript"},
                    "capabilities": {"modules": ["base"], "rule_ids": True, "events": True,
                                     "legal_actions": False}},
    "state-reply": {"id": 4, "type": "state", "state": {"players": [{"name": "Nina"}]}},
    "legal-reply": {"id": 5, "type": "legal", "actions": []},
    "bye-request": {"id": 6, "type": "bye"},
}


@pytest.mark.parametrize("name", sorted(AMBIGUOUS))
def test_every_documented_message_validates_against_the_protocol_schema(name):
    assert S.schema_errors(AMBIGUOUS[name], "protocol.schema.json") == []


def test_serve_stops_at_end_of_input():
    proc = subprocess.run([PY, "-m", "bohnspec", "serve"], cwd=ROOT, env=child_env(), capture_output=True,
                          text=True, timeout=SAFETY, input='{"id":1,"type":"hello","protocol":1}\n\n')
    assert proc.returncode == 0
    assert [json.loads(line)["type"] for line in proc.stdout.splitlines()] == ["hello"]


@pytest.mark.parametrize("bad", [
    {"players": [{"name": 1}, {"name": "Timon"}, {"name": "Keno"}]},
    {"players": [{"name": "Nina"}, {"name": "Timon"}, {"name": "Keno"}], "modules": "base"},
], ids=["name-not-a-string", "modules-a-string"])
def test_serve_rejects_a_load_that_breaks_the_state_schema(served, bad):
    assert S.schema_errors(bad, "state.schema.json")
    served.ask({"id": 1, "type": "hello", "protocol": 1})
    reply = served.send_raw(json.dumps({"id": 2, "type": "load", "state": bad}), validate=False)
    assert reply["type"] == "error", reply


def test_serve_refuses_an_unknown_module(served):
    served.ask({"id": 1, "type": "hello", "protocol": 1})
    state = {"players": [{"name": "Nina"}, {"name": "Timon"}, {"name": "Keno"}], "modules": ["no-such-module"]}
    assert S.schema_errors(state, "state.schema.json") == []
    reply = served.send_raw(json.dumps({"id": 2, "type": "load", "state": state}), validate=False)
    assert reply["type"] == "error", reply


@pytest.mark.parametrize("players", [[1, 2, 3], ["Nina", "Nina", "Keno"]], ids=["not-strings", "twice"])
def test_serve_refuses_a_setup_with_bad_players(served, reference, players):
    served.ask({"id": 1, "type": "hello", "protocol": 1})
    deck = reference.box({"beans": "garden"})
    reply = served.send_raw(json.dumps({"id": 2, "type": "setup", "players": players, "deck": deck,
                                        "options": {"beans": "garden"}, "modules": ["base"]}), validate=False)
    assert reply["type"] == "error", reply


# ------------------------------------------------------------ known failures

def _known(tmp_path: Path, entries: dict) -> Path:
    path = tmp_path / "known.yaml"
    path.write_text(yaml.safe_dump(entries), encoding="utf-8")
    return path


WRONG = ("--impl", fake("wrong_beanometer"), "-k", BLUE)
BLUE_FAILS = BLUE_IDS[0]  # the only blue scenario the wrong Beanometer fails (4 cards earn nothing)


def test_a_listed_failure_does_not_fail_the_run(tmp_path):
    known = _known(tmp_path, {BLUE_FAILS: {"verdict": "failed", "reason": "meter typo (issue 7)"}})
    run = conform(tmp_path, *WRONG, "--expectations", known)
    assert run.rc == 0, run
    assert run.verdicts[BLUE_FAILS] == "failed"
    s = run.scenario(BLUE_FAILS)
    assert s["expected_verdict"] == "failed" and s["expected_reason"] == "meter typo (issue 7)"
    assert run.report["summary"]["expected_failures"] == 1 and run.report["summary"]["unexpected"] == 0
    assert ", 1 failed (all known), " in run.out
    # Which rules the reference answered from, so that a report of an older spec can be told.
    assert len(run.report["suite"]["rules_digest"]) == 12
    assert S.schema_errors(run.report, "report.schema.json") == []


@pytest.mark.slow
def test_a_listed_scenario_that_passes_fails_the_run(tmp_path):
    known = _known(tmp_path, {BLUE_FAILS: "failed", BLUE_IDS[1]: {"verdict": "failed", "reason": "?"}})
    run = conform(tmp_path, *WRONG, "--expectations", known)
    assert run.rc == 1, run
    assert "passes now" in run.out and BLUE_IDS[1] in run.out
    assert run.report["summary"]["unexpected"] == 1
    assert "1 not as --expectations lists (above)" in run.out.splitlines()[-1]


@pytest.mark.slow
def test_a_listed_scenario_failing_differently_fails_the_run(tmp_path):
    known = _known(tmp_path, {BLUE_FAILS: "errored"})
    run = conform(tmp_path, *WRONG, "--expectations", known)
    assert run.rc == 1, run
    assert f"UNEXPECTED FAILED (listed as errored) {BLUE_FAILS}" in run.out
    assert "1 not as --expectations lists (above)" in run.out.splitlines()[-1]


@pytest.mark.slow
def test_a_stale_id_fails_the_run(tmp_path):
    known = _known(tmp_path, {BLUE_FAILS: "failed", "base/harvest/no-such-scenario-01": "failed"})
    run = conform(tmp_path, *WRONG, "--expectations", known)
    assert run.rc == 1, run
    assert "base/harvest/no-such-scenario-01" in run.out and "stale" in run.out


@pytest.mark.slow
def test_a_listed_scenario_left_out_by_k_is_not_stale(tmp_path):
    known = _known(tmp_path, {BLUE_FAILS: "failed", "base/harvest/beanometer-red-3-coins-01": "failed"})
    run = conform(tmp_path, *WRONG, "--expectations", known)
    assert run.rc == 0, run


@pytest.mark.slow
def test_update_expectations_rewrites_the_list(tmp_path):
    known = _known(tmp_path, {
        BLUE_FAILS: {"verdict": "failed", "reason": "meter typo", "link": "https://example.org/7"},
        BLUE_IDS[2]: {"verdict": "failed", "reason": "fixed since"},
        "base/harvest/gone-01": "errored",
    })
    run = conform(tmp_path, *WRONG, "--expectations", known, "--update-expectations")
    assert run.rc == 0, run
    assert "wrote 1 known failure(s)" in run.out
    text = known.read_text(encoding="utf-8")
    assert text.startswith("#")
    assert yaml.safe_load(text) == {BLUE_FAILS: {"verdict": "failed", "reason": "meter typo",
                                                 "link": "https://example.org/7"}}
    again = conform(tmp_path, *WRONG, "--expectations", known)
    assert again.rc == 0, again


@pytest.mark.slow
def test_update_expectations_writes_new_failures(tmp_path):
    known = tmp_path / "new-known.yaml"
    run = conform(tmp_path, *WRONG, "--expectations", known, "--update-expectations", reports=False)
    assert run.rc == 0, run
    assert yaml.safe_load(known.read_text()) == {BLUE_FAILS: {"verdict": "failed"}}


def test_update_expectations_needs_a_file(tmp_path):
    run = conform(tmp_path, *WRONG, "--update-expectations", reports=False)
    assert run.rc == 2, run
    assert "--expectations" in run.err


def test_a_malformed_expectations_file_is_bad_input(tmp_path):
    known = _known(tmp_path, {BLUE_FAILS: "passed"})
    run = conform(tmp_path, *WRONG, "--expectations", known, reports=False)
    assert run.rc == 2, run


# ------------------------------------------------------------ the in-process runner's reports

def test_in_process_reports(tmp_path, capsys):
    json_file, junit_file = tmp_path / "report.json", tmp_path / "report.xml"
    assert main(["conform", "-q", "-k", "base/harvest", "--json", str(json_file), "--junit", str(junit_file)]) == 0
    capsys.readouterr()
    run = Run(subprocess.CompletedProcess([], 0, "", ""), tmp_path, 0)
    check_reports(run)
    assert run.report["engine"]["name"] == "bohnspec"
    assert "command" not in run.report["engine"]
    assert all(s["cites"] for s in run.report["scenarios"])


def test_a_reply_line_that_never_ends_times_out_though_it_keeps_coming(tmp_path):
    # Review round 23: the deadline was checked only when a read brought nothing, and each chunk
    # of a long line was searched again from its start: an endless line took 38 s at --timeout 1.
    started = time.monotonic()
    run = conform(tmp_path, "--impl", fake("endless_line"), "-k", BLUE_IDS[0], "--timeout", "1", timeout=30)
    assert time.monotonic() - started < 15, run
    message = run.scenario(BLUE_IDS[0])["message"]
    assert run.scenario(BLUE_IDS[0])["verdict"] == "timeout" and "never ended the line" in message, message


def test_an_engine_gone_whose_child_holds_its_output_is_errored_not_slow(tmp_path):
    run = conform(tmp_path, "--impl", fake("exit_child_holds_output"), "-k", BLUE_IDS[0], "--timeout", "1",
                  timeout=30)
    v = run.scenario(BLUE_IDS[0])
    assert v["verdict"] == "errored" and "exited (code 1)" in v["message"] and "still holds its output" in v["message"], v


@pytest.mark.parametrize("bend, verdict, words", [
    ("rule_number", "protocol-error", "gives `rule` as 42: a rule id is a text"),
    ("error_no_message", "errored", "(no message: an error reply says what went wrong in `message`)"),
    ("nan", "protocol-error", "NaN is not JSON"),
    # Review of the session of 2026-12-03: these said "got None", "not a protocol message: ''"
    # and "expected a reply with id 3".
    ("no_type", "protocol-error", "to 'apply', the reply has no `type`"),
    ("blank", "protocol-error", "printed an empty line where the reply to 'apply' was expected"),
    ("swapped", "protocol-error", "a reply with the id of the later request 4 (apply) came where the reply to "
                                  "request 3 (apply) was expected"),
    # Review round 26: a debug line on standard output, an `error` for a refusal and a misspelt
    # rule id were told without a word of what to do.
    ("debug_line", "protocol-error", "a line without an `id`: a log or debug line on standard output?"),
    # Round 94's outside engine: a reply whose `id` was forgotten was taken for a log line.
    ("no_id", "protocol-error", "reply without an `id`: every reply echoes the `id` of its request, here 3"),
    ("error_for_rejected", "errored", "answer with a `rejected` reply citing the rule, not an `error`"),
    ("misspelt_rule", "failed", "'bohnanza/beanprotection/1' is no paragraph or ruling id: did you mean "
                                "'bohnanza/bean-protection/1'?"),
])
def test_replies_outside_the_protocol_are_told_precisely(tmp_path, bend, verdict, words):
    # Review round 23: `"rule": 42` was taken for a rejection without a rule, an error without
    # its message said nothing, and NaN (which Python reads and JSON has not) passed.
    sid = "base/bean-protection/lone-bean-protected-01"
    run = conform(tmp_path, "--impl", fake("bent_replies"), "-k", sid, env=child_env(FAKE_BEND=bend))
    v = run.scenario(sid)
    assert v["verdict"] == verdict and words in v["message"], v


def test_an_engine_that_closed_its_input_and_runs_on_is_errored_in_plain_words(tmp_path):
    # It said "closed its input (exit code None)".
    run = conform(tmp_path, "--impl", fake("closes_input"), "-k", BLUE_IDS[0], "--timeout", "2", timeout=60)
    v = run.scenario(BLUE_IDS[0])
    assert v["verdict"] == "errored" and "closed its standard input and is still running" in v["message"], v


def test_a_refusal_citing_another_paragraph_of_the_refusing_clause_is_fair(tmp_path):
    # Once a figure has entered the castle while a Jumping Bean draft is played out, the game
    # is decided: Bohnröschen refuses a tribute citing ruling/castle-during-a-draft first and
    # bohnroeschen/end/3 second. An engine citing the paragraph instead of the ruling is right.
    sc = tmp_path / "draft" / "tribute-01.yaml"
    sc.parent.mkdir()
    sc.write_text("""id: draft/tribute-01
title: No tribute between the picks of a draft once a figure is in the castle
cites: [ruling/castle-during-a-draft]
modules: [base, bohnroeschen]
state:
  options: {beans: jumping}
  players:
  - {name: Keno}
  - {name: Eiko, coins: [red, red, red, red, red], vars: {vine_pos: 6, in_castle: true}}
  - {name: Lale, coins: [red]}
  - {name: Mira}
  starting_player: Lale
  draft: [fire]
  vine_row: [last_figure, sell_for_two, blue_in_a_field, anyone_two_red, one_bean_each_field, castle]
  vine_deck: []
  vars: {choice: draft, chooser: Keno, draft_owner: Eiko}
steps:
- do: {type: tribute, player: Lale}
  expect:
    rejected: ruling/castle-during-a-draft
""", encoding="utf-8")
    run = conform(tmp_path / "out", "--impl", fake("bent_replies"), sc,
                  env=child_env(FAKE_BEND="rule_as", FAKE_RULE_FROM="ruling/castle-during-a-draft",
                                FAKE_RULE_TO="bohnroeschen/end/3"))
    assert run.verdicts == {"draft/tribute-01": "passed"}, run.out


def test_legal_lists_at_most_ten_thousand_actions_and_says_there_are_more(served, reference):
    # Two hands of thirty cards offer some 700,000 trades: serve enumerated them all for 44 s
    # and some 46 MB of reply (review round 28); now it stops at the limit and says so.
    hand = ["blue"] * 10 + ["fire"] * 9 + ["broad"] * 8 + ["green"] * 3  # both hands: all the box holds
    big = {"players": [{"name": "A", "hand": hand}, {"name": "B", "hand": list(reversed(hand))},
                       {"name": "C", "hand": ["red"]}],
           "active": "A", "phase": "trade", "revealed": ["soy", "red"]}
    served.ask({"id": 1, "type": "hello", "protocol": 2, "suite": "bohnspec test"})
    assert served.ask({"id": 2, "type": "load", "state": full_state(reference, big)})["type"] == "ok"
    reply = served.ask({"id": 3, "type": "legal"})  # (every reply is checked against the schema)
    assert reply["more"] is True and len(reply["actions"]) == 10_000
    served.ask({"id": 4, "type": "load", "state": full_state(reference, PROTECTED)})
    small = served.ask({"id": 5, "type": "legal"})
    assert "more" not in small and small["actions"]


def test_an_engine_claiming_events_that_sends_none_is_told_the_key_is_missing(tmp_path):
    # Review round 34: "not found among: (none)" read as wrong events, not a missing key.
    run = conform(tmp_path, "--impl", fake("no_events_key"), "-k", "base/phase-2")
    assert run.rc == 1, run
    failed = [s for s in run.report["scenarios"] if s["verdict"] == "failed"]
    assert failed
    problems = [p for s in failed for step in s["steps"] for p in step["problems"]]
    assert any(p.startswith("the engine claims `events` but its reply has no `events` list") for p in problems)


def test_a_listed_scenario_of_a_folder_not_run_is_not_stale(tmp_path):
    # Round 41's implementer: a list made for the whole base corpus failed a run of one folder,
    # each entry of another folder called "stale". A path narrows the run as -k does; an id
    # missing from a folder that was read is still stale.
    folder = str(SCENARIOS / "base" / "bean-protection")
    known = _known(tmp_path, {"base/harvest/beanometer-red-3-coins-01": "failed"})
    run = conform(tmp_path, "--impl", SERVE, folder, "--expectations", known)
    assert run.rc == 0 and "stale" not in run.out, run
    known = _known(tmp_path, {"base/bean-protection/no-such-scenario-01": "failed"})
    run = conform(tmp_path, "--impl", SERVE, folder, "--expectations", known)
    assert run.rc == 1 and "base/bean-protection/no-such-scenario-01" in run.out and "stale" in run.out, run


def test_a_version_given_as_true_is_told_in_json(tmp_path):
    # Round 41's implementer: `"protocol": true` was reported as "protocol True", Python's word.
    run = conform(tmp_path, "--impl", fake("hello_protocol_true"), "-k", BLUE)
    assert run.rc != 0
    assert "the engine answered the hello with protocol true; this runner speaks 1 and 2" in run.out + run.err, run


def test_a_version_written_as_a_whole_float_is_that_version(tmp_path):
    # Round 90's outside engine: `"protocol": 2.0` was refused ("this runner speaks 1 and 2"),
    # though a whole number may be written as JSON lets any number be, as ids are read.
    run = conform(tmp_path, "--impl", fake("hello_protocol_float"), "-k", BLUE)
    assert run.rc == 0 and run.report["protocol"] == 2, run


def test_a_reply_that_seats_other_players_is_a_protocol_error(tmp_path):
    # Round 43's bad-input tester: an engine adding a player (or swapping seats) passed every
    # scenario that named no player it changed.
    run = conform(tmp_path, "--impl", fake("seats_another"), "-k", BLUE)
    assert set(run.verdicts.values()) == {"protocol-error"}, run.out
    assert "seats Nina, Timon, Keno, Zoe, where the game seats Nina, Timon, Keno" in run.out, run.out


def test_a_setup_reply_that_seats_the_players_otherwise_is_a_protocol_error(tmp_path):
    # Round 58's engine author: the seating was checked after a load, never after a setup, so
    # an engine seating the players one place round passed every setup scenario.
    run = conform(tmp_path, "--impl", fake("setup_reseats"), "-k", "base/setup/first-listed-player-starts-01")
    assert set(run.verdicts.values()) == {"protocol-error"}, run.out
    assert "seats Timon, Nina, Keno, where the game seats Nina, Keno, Timon" in run.out, run.out


def test_a_state_holding_a_card_the_game_does_not_have_fails_its_step(tmp_path):
    # Round 58's engine author: a Blue Bean more on the discard pile after every accepted action
    # passed every scenario whose expectations did not look there (159 of the base game).
    run = conform(tmp_path, "--impl", fake("makes_a_card"), "-k", BLUE)
    assert set(run.verdicts.values()) == {"failed"}, run.out
    step = run.scenario(next(iter(run.verdicts)))["failed_step"]
    assert any("holds other cards than the game: 1 card(s) the game does not have (blue)" in p
               for p in step["problems"]), step


def test_a_state_written_compactly_is_read_card_by_card(tmp_path):
    # Round 59's engine author: a reply's `red*3`, which the schema allows as a scenario's
    # states do, was counted as three cards but compared as one text, failing every hand of two.
    run = conform(tmp_path, "--impl", fake("writes_compactly"), "-k", "base/harvest/*")
    assert len(run.verdicts) > 20 and set(run.verdicts.values()) == {"passed"}, run.out


def test_replies_written_as_another_language_may_write_them_pass(tmp_path):
    # Round 62's engine author: an escaped star (`"red\u002a3"`) was one card named `red*3`,
    # compact cards in an event were compared as one text, and own keys named like a zone of
    # the other kind (`"hand": 5` at the top), or an object among a space's variables, were
    # malformed states. Each is allowed by PROTOCOL.md.
    for pattern in ("base/harvest/*", "dschingis/combat/*",
                    "base/independent/r17-setup-four-players-jumping-game-first-turn-draft-to-the-right-01"):
        run = conform(tmp_path, "--impl", fake("writes_oddly"), "-k", pattern)
        assert run.verdicts and set(run.verdicts.values()) == {"passed"}, (pattern, run.out)


def test_a_rejection_that_retypes_a_value_changes_the_state(tmp_path):
    # Round 62's engine author: `false` for `0` after a rejection passed, compared as Python
    # sees it (0 == False); as JSON, the state changed.
    run = conform(tmp_path, "--impl", fake("rejection_retypes"), "-k", "base/phase-2/*")
    failed = [sid for sid, v in run.verdicts.items() if v == "failed"]
    assert failed, run.out
    assert "a rejected action changed the state" in run.out


def test_a_reply_with_a_number_of_thousands_of_digits_is_a_protocol_error(tmp_path):
    # Round 43's bad-input tester: it was an internal error of bohnspec's, not the engine's fault.
    run = conform(tmp_path, "--impl", fake("huge_number"), "-k", BLUE)
    assert set(run.verdicts.values()) == {"protocol-error"}, run.out
    assert "holds a number of thousands of digits" in run.out and "internal error" not in run.out, run.out


def test_serve_builds_engines_only_while_no_request_waits():
    # `serve` on its own standard input builds each game's engine in idle time (the runner reads
    # its corpus meanwhile); a line that has arrived is always answered first.
    from bohnspec.conformance.protocol import _lines_while_idle

    read_end, write_end = os.pipe()
    steps: list[str] = []

    def work():
        for k in range(3):
            steps.append(f"work {k}")
            yield None

    os.write(write_end, b'{"id":1}\n{"id":2}\n')
    with os.fdopen(read_end, "rb", buffering=0) as stream:
        lines = _lines_while_idle(stream, work())
        assert next(lines) == '{"id":1}\n'
        assert next(lines) == '{"id":2}\n' and steps == []  # both had arrived: no work between
        later = threading.Timer(0.3, lambda: (os.write(write_end, b'{"id":3}'), os.close(write_end)))
        later.start()
        assert next(lines) == '{"id":3}'  # the last line, cut short by the end of input
        assert steps == ["work 0", "work 1", "work 2"]  # done while nothing waited
        assert list(lines) == []
        later.join()


def test_serve_checks_a_loaded_state_once_across_runs(tmp_path, monkeypatch):
    # A `load` found sound (schema and consistency) is known by its text without the id in a
    # later run under the same rules and code, as the in-process runner knows its scenarios.
    from bohnspec.conformance import scenario as S
    from bohnspec.conformance.protocol import Server

    monkeypatch.setenv("BOHNSPEC_CACHE", str(tmp_path))
    asked: list[int] = []
    real = S.check_consistency
    monkeypatch.setattr(S, "check_consistency", lambda *a, **k: (asked.append(1), real(*a, **k))[1])
    state = {"players": [{"name": "Ada", "hand": ["blue"]}, {"name": "Ben"}, {"name": "Cy"}],
             "active": "Ada", "phase": "plant_hand"}
    first = Server()
    assert first.answer(json.dumps({"id": 5, "type": "load", "state": state}))["type"] == "ok"
    assert asked == [1]
    first.sound._kept.save()  # as at the process's exit
    later = Server()
    assert later.answer(json.dumps({"id": 9, "type": "load", "state": state}))["type"] == "ok"
    assert asked == [1]  # not checked again
    # Another state is checked, and one that could not come about is still refused.
    broken = {**state, "players": [{"name": "Ada", "hand": ["blue"], "received": ["soy"]}, {"name": "Ben"},
                                   {"name": "Cy"}]}
    reply = later.answer(json.dumps({"id": 10, "type": "load", "state": broken}))
    assert reply["type"] == "error" and "received" in reply["message"] and asked == [1, 1]


def test_a_refused_setup_gives_no_cards_to_count():
    # Round 59's engine author: an engine accepting a setup the rules refuse was told the
    # scenario was broken (the runner's count built the rules' own setup, and met the refusal);
    # it fails for accepting it, as before.
    from bohnspec.conformance import runner as R
    from bohnspec.conformance.protocol import _counted_zones, _set_up_cards
    sc = next(sc for sc in R.select(None, None, "base/independent/r30-setup-seven-players-refused-01").scenarios)
    adapter = R.InProcess()
    engine = adapter.engine(sc.modules)
    assert _set_up_cards(engine, sc, _counted_zones(engine)) is None
    fine = next(sc for sc in R.select(None, None, "base/setup/first-listed-player-starts-01").scenarios)
    assert sum(_set_up_cards(engine, fine, _counted_zones(engine)).values()) > 100


def test_the_rules_digest_is_the_same_from_every_working_folder(tmp_path, monkeypatch):
    # Round 80's engine author: a fuzz finding and a conform report of the same rules, written
    # from two folders, gave two digests (the files were named relative to the working folder).
    from bohnspec.language.spec import rules_digest
    here = rules_digest()
    monkeypatch.chdir(tmp_path)
    assert rules_digest() == here
    own = tmp_path / "mine.bohn"
    own.write_text("module mine\n", encoding="utf-8")
    assert rules_digest([own]) != here


def test_a_reply_written_twice_is_the_fault_of_the_scenario_that_asked(tmp_path):
    # the surplus line waits when the scenario's last reply is read: this scenario's protocol
    # error, not the next one's; a -k replay of it shows it too
    one_step = "base/harvest/harvest-earning-nothing-01"
    run = conform(tmp_path, "--impl", fake("reply_twice_now"), "-k", one_step, timeout=60)
    assert run.rc == 1, run
    assert run.verdicts == {one_step: "protocol-error"}, run
    message = run.scenario(one_step)["message"]
    assert "a second reply to request 3 came after its answer, unasked" in message, message


# ------------------------------------------------------------ round 97's hostile engines

def test_a_reply_that_is_no_object_is_told_as_such(tmp_path):
    run = conform(tmp_path, "--impl", fake("hostile_r97"), "-k", BLUE, env=child_env(FAKE_MODE="list_reply"))
    assert run.rc == 1, run
    message = run.scenario(BLUE_IDS[0])["message"]
    assert "is a list, not a JSON object" in message, message
    check_reports(run)


def test_a_name_of_megabytes_is_cut_in_the_report_and_the_summary(tmp_path):
    run = conform(tmp_path, "--impl", fake("hostile_r97"), "-k", BLUE, env=child_env(FAKE_MODE="huge_name"))
    assert run.rc == 0, run
    assert len(run.report["engine"]["name"]) < 300 and "more characters" in run.report["engine"]["name"]
    assert len(run.out) < 5000, len(run.out)
    check_reports(run)


def test_a_restarted_engine_claiming_otherwise_is_warned_of_and_the_first_claims_hold(tmp_path):
    # round 97: the report named the last process and its protocol, and the summary said rule
    # ids and events were never compared, though the first process's scenarios compared both
    run = conform(tmp_path, "--impl", fake("hostile_r97"), "-k", BLUE,
                  env=child_env(FAKE_MODE="caps_change", FAKE_CRASH_MARKER=str(tmp_path / "crashed")))
    assert "a restarted process of the engine shook hands otherwise than the first" in run.err, run
    assert run.report["claims_changed"].startswith("a restarted process"), run.report
    assert run.report["capabilities"].get("rule_ids") is True and run.report["protocol"] == 2, run.report
    assert "NOT COMPARED" not in run.out, run
    check_reports(run)


def test_a_line_written_before_any_request_is_not_told_as_a_second_reply(tmp_path):
    # round 97: a restarted process's line written unasked was told as "a second reply to the
    # earlier request 1", a request that process was never sent
    run = conform(tmp_path, "--impl", fake("hostile_r97"), "-k", BLUE,
                  env=child_env(FAKE_MODE="early_line", FAKE_CRASH_MARKER=str(tmp_path / "crashed")))
    assert run.rc != 0, run
    message = run.scenario(BLUE_IDS[1])["message"]
    assert "this process of the engine was never sent request 1" in message, message
    check_reports(run)


def test_another_process_of_the_engine_with_jobs_is_held_to_the_first_handshake(tmp_path):
    # (--jobs 2: the second process's handshake, otherwise than the first's, is warned of too)
    run = conform(tmp_path, "--impl", fake("hostile_r97"), "-k", "base/harvest/", "--jobs", "2",
                  env=child_env(FAKE_MODE="caps_change", FAKE_CRASH_MARKER=str(tmp_path / "crashed")))
    assert "shook hands otherwise than the first" in run.err, run
    assert run.report["capabilities"].get("rule_ids") is True, run.report
    check_reports(run)
