"""Reports of a conformance run (bohnspec.conformance.reports): the JSON report, JUnit XML, known-failure lists."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
import yaml

from bohnspec import __version__
from bohnspec.conformance import reports
from bohnspec.errors import BohnspecError
from bohnspec.conformance.runner import VERDICTS, StepResult, Verdict, summary
from bohnspec.conformance.scenario import schema_errors

ACTION = {"type": "harvest", "player": "Nina", "field": 1}


def verdict(sid: str, kind: str, **kw) -> Verdict:
    return Verdict(sid, f"/corpus/{sid}.yaml", kind, cites=["bohnanza/harvest/2"], seconds=0.01, **kw)


def one_of_each() -> list[Verdict]:
    """A verdict of every kind, with the details each kind carries."""
    return [
        verdict("base/a/passed-01", "passed", steps=[StepResult(0, ACTION, True)]),
        verdict("base/a/failed-01", "failed", steps=[
            StepResult(0, ACTION, True),
            StepResult(1, None, False, ["state.discard:\n    expected [\"blue\"]\n    actual   []"])]),
        verdict("base/a/errored-01", "errored", message="the engine exited (code 3) before answering 'apply'",
                stderr="Traceback: boom\n"),
        verdict("base/b/skipped-01", "skipped", message="needs modules bohnroeschen"),
        verdict("base/b/not-applicable-01", "not-applicable",
                message="the engine does not claim module(s) bohnroeschen"),
        verdict("base/b/timeout-01", "timeout", message="no reply to 'load' within 1s", stderr="thinking\n"),
        verdict("base/b/protocol-error-01", "protocol-error", message="the engine printed 'hello world'"),
    ]


def parse_junit(text: str) -> ET.Element:
    assert text.startswith('<?xml version="1.0" encoding="utf-8"?>')
    return ET.fromstring(text.split("\n", 1)[1])


def child_counts(suite: ET.Element) -> dict[str, int]:
    cases = suite.findall("testcase")
    return {kind: sum(1 for c in cases if c.find(kind) is not None) for kind in ("failure", "error", "skipped")}


# ------------------------------------------------------------ summary and Verdict

def test_summary_counts_every_verdict():
    counts = summary(one_of_each())
    assert counts == {"passed": 1, "failed": 1, "errored": 1, "skipped": 1, "not_applicable": 1, "timeout": 1,
                      "protocol_error": 1, "expected_failures": 0, "unexpected": 0}
    assert summary([]) == {k: 0 for k in counts}


@pytest.mark.parametrize("kind,ok", [("passed", True), ("skipped", True), ("not-applicable", True),
                                     ("failed", False), ("errored", False), ("timeout", False),
                                     ("protocol-error", False)])
def test_which_verdicts_fail_a_run(kind, ok):
    assert verdict("base/x/y-01", kind).ok is ok


@pytest.mark.parametrize("actual,expected,ok", [
    ("failed", "failed", True), ("errored", "errored", True), ("timeout", "timeout", True),
    ("passed", "failed", False),   # listed but passes now
    ("failed", "errored", False),  # fails another way than listed
    ("errored", "failed", False),
])
def test_a_listed_verdict_is_ok_only_as_listed(actual, expected, ok):
    v = verdict("base/x/y-01", actual)
    v.expected = expected
    assert v.ok is ok
    counts = summary([v])
    assert counts["expected_failures"] == int(ok) and counts["unexpected"] == int(not ok)


# ------------------------------------------------------------ JSON report

def test_json_report_follows_its_schema():
    data = reports.json_report(one_of_each(), {"name": "eng", "version": "1"}, {"modules": ["base"]}, 1.23456,
                               command="node eng.js")
    assert schema_errors(data, "report.schema.json") == []
    assert data["suite"] == {"name": "bohnspec", "version": __version__}
    assert data["engine"] == {"name": "eng", "version": "1", "command": "node eng.js"}
    assert data["capabilities"] == {"modules": ["base"]}
    assert data["seconds"] == 1.235
    assert data["summary"]["timeout"] == 1
    json.dumps(data)  # plain JSON throughout
    by_id = {s["id"]: s for s in data["scenarios"]}
    assert [s["id"] for s in data["scenarios"]] == [v.id for v in one_of_each()]
    assert by_id["base/a/errored-01"]["stderr"] == "Traceback: boom\n"
    assert by_id["base/b/timeout-01"]["stderr"] == "thinking\n"
    assert "stderr" not in by_id["base/a/passed-01"] and "message" not in by_id["base/a/passed-01"]
    failed = by_id["base/a/failed-01"]
    assert failed["failed_step"] == {"index": 1, "action": None, "problems": failed["steps"][1]["problems"]}
    assert [s["ok"] for s in failed["steps"]] == [True, False]
    assert "failed_step" not in by_id["base/a/passed-01"]
    assert by_id["base/a/passed-01"]["steps"] == [{"index": 0, "action": ACTION, "ok": True, "problems": []}]


def test_json_report_carries_the_known_failure_entry():
    vs = one_of_each()
    vs[1].expected, vs[1].reason = "failed", "issue 12"
    vs[0].expected = "failed"
    data = reports.json_report(vs, {}, {}, 0)
    assert schema_errors(data, "report.schema.json") == []
    assert data["scenarios"][1]["expected_verdict"] == "failed"
    assert data["scenarios"][1]["expected_reason"] == "issue 12"
    assert data["scenarios"][0]["expected_verdict"] == "failed" and "expected_reason" not in data["scenarios"][0]
    assert data["summary"]["expected_failures"] == 1 and data["summary"]["unexpected"] == 1
    assert "command" not in data["engine"]


def test_the_report_schema_refuses_broken_reports():
    data = reports.json_report(one_of_each(), {}, {}, 0)
    bad = json.loads(json.dumps(data))
    bad["scenarios"][0]["verdict"] = "green"
    assert schema_errors(bad, "report.schema.json")
    bad = json.loads(json.dumps(data))
    del bad["summary"]["not_applicable"]
    assert schema_errors(bad, "report.schema.json")


# ------------------------------------------------------------ JUnit XML

def test_junit_counts_match_the_test_cases():
    suite = parse_junit(reports.junit_xml(one_of_each(), "eng 1", 2.5))
    assert suite.tag == "testsuite" and suite.get("name") == "bohnspec (eng 1)"
    cases = suite.findall("testcase")
    assert int(suite.get("tests")) == len(cases) == 7
    counts = child_counts(suite)
    assert int(suite.get("failures")) == counts["failure"] == 1
    assert int(suite.get("errors")) == counts["error"] == 3
    assert int(suite.get("skipped")) == counts["skipped"] == 2
    assert suite.get("time") == "2.500"


def test_junit_test_cases():
    suite = parse_junit(reports.junit_xml(one_of_each(), "eng", 0))
    cases = {c.get("name"): c for c in suite.findall("testcase")}
    assert cases["base/a/passed-01"].get("classname") == "bohnspec.base.a"
    assert list(cases["base/a/passed-01"]) == []
    failure = cases["base/a/failed-01"].find("failure")
    assert failure.get("type") == "failed" and "step 2" in failure.text and "expected" in failure.text
    for sid, kind in (("base/a/errored-01", "errored"), ("base/b/timeout-01", "timeout"),
                      ("base/b/protocol-error-01", "protocol-error")):
        error = cases[sid].find("error")
        assert error.get("type") == kind and error.get("message")
    assert cases["base/a/errored-01"].find("system-err").text == "Traceback: boom\n"
    assert cases["base/b/not-applicable-01"].find("skipped").get("message").startswith("the engine does not")
    assert cases["base/b/skipped-01"].find("skipped") is not None


def test_junit_survives_awkward_text():
    v = verdict("base/a/failed-01", "failed", stderr="<oops> & \"quotes\" ünïcode\n",
                steps=[StepResult(0, {"type": "plant", "player": "<Nina>"}, False, ["a ]]> b"])])
    suite = parse_junit(reports.junit_xml([v], "a & b", 0))
    case = suite.find("testcase")
    assert case.find("system-err").text == v.stderr
    assert "<Nina>" in case.find("failure").text and "]]>" in case.find("failure").text


def test_junit_of_an_empty_run():
    suite = parse_junit(reports.junit_xml([], "eng", 0))
    assert suite.get("tests") == "0" and suite.findall("testcase") == []


def test_junit_counts_match_with_known_failures():
    vs = one_of_each()
    vs[1].expected = "failed"
    vs[2].expected = "errored"
    suite = parse_junit(reports.junit_xml(vs, "eng", 0))
    counts = child_counts(suite)
    assert counts == {"failure": 0, "error": 2, "skipped": 4}
    assert int(suite.get("failures")) == counts["failure"]
    assert int(suite.get("errors")) == counts["error"]
    assert int(suite.get("skipped")) == counts["skipped"]


def test_junit_counts_an_unexpected_pass_as_an_error():
    v = verdict("base/a/passed-01", "passed")
    v.expected = "failed"
    suite = parse_junit(reports.junit_xml([v], "eng", 0))
    error = suite.find("testcase").find("error")
    assert error is not None and "known-failures list" in error.text
    assert int(suite.get("errors")) == child_counts(suite)["error"] == 1


def test_junit_marks_known_failures_and_unexpected_passes():
    vs = one_of_each()
    vs[1].expected, vs[1].reason = "failed", "issue 12"
    vs[0].expected = "failed"
    cases = {c.get("name"): c for c in parse_junit(reports.junit_xml(vs, "eng", 0)).findall("testcase")}
    assert cases["base/a/failed-01"].find("skipped").get("message") == "known failure (failed): issue 12"
    assert cases["base/a/failed-01"].find("failure") is None
    assert cases["base/a/passed-01"].find("error") is not None


# ------------------------------------------------------------ known-failure lists

def test_load_expectations(tmp_path):
    f = tmp_path / "known.yaml"
    f.write_text("base/a/x-01:\n  verdict: failed\n  reason: r\nbase/a/y-01: timeout\n"
                 "base/a/z-01: {verdict: errored, link: 'https://example.org/1'}\n", encoding="utf-8")
    assert reports.load_expectations(f) == {
        "base/a/x-01": {"verdict": "failed", "reason": "r"},
        "base/a/y-01": {"verdict": "timeout"},
        "base/a/z-01": {"verdict": "errored", "link": "https://example.org/1"},
    }


def test_load_expectations_of_a_missing_or_empty_file(tmp_path):
    assert reports.load_expectations(tmp_path / "none.yaml") == {}
    (tmp_path / "empty.yaml").write_text("# nothing yet\n", encoding="utf-8")
    assert reports.load_expectations(tmp_path / "empty.yaml") == {}


@pytest.mark.parametrize("text", [
    "base/a/x-01: [unclosed\n",            # not YAML
    "- base/a/x-01\n",                     # not a mapping
    "base/a/x-01: passed\n",               # passing is not a known failure
    "base/a/x-01: {verdict: broken}\n",    # no such verdict
    "base/a/x-01: {reason: forgot}\n",     # no verdict
    "base/a/x-01: 3\n",
])
def test_bad_expectations_are_refused(tmp_path, text):
    f = tmp_path / "known.yaml"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(BohnspecError):
        reports.load_expectations(f)


def test_apply_expectations():
    vs = [verdict("base/a/x-01", "failed"), verdict("base/a/y-01", "passed"), verdict("base/a/z-01", "timeout")]
    known = {"base/a/x-01": {"verdict": "failed", "reason": "r"},
             "base/a/y-01": {"verdict": "failed"},
             "base/a/z-01": {"verdict": "timeout", "link": "https://example.org/2"},
             "base/a/unselected-01": {"verdict": "errored"},
             "base/a/gone-01": {"verdict": "errored"}}
    problems = reports.apply_expectations(vs, known, ["base/a/unselected-01", "base/a/x-01", "base/a/y-01",
                                                      "base/a/z-01"])
    assert len(problems) == 2
    assert any("base/a/gone-01" in p and "stale" in p for p in problems)
    assert any("base/a/y-01" in p and "passes now" in p for p in problems)
    assert (vs[0].expected, vs[0].reason, vs[0].ok) == ("failed", "r", True)
    assert (vs[1].expected, vs[1].ok) == ("failed", False)
    assert (vs[2].reason, vs[2].ok) == ("https://example.org/2", True)


def test_write_expectations_keeps_reasons(tmp_path):
    f = tmp_path / "known.yaml"
    vs = one_of_each()
    old = {"base/a/failed-01": {"verdict": "failed", "reason": "issue 12", "link": "https://example.org/12"},
           "base/a/passed-01": {"verdict": "failed", "reason": "fixed since"},
           "base/zz/gone-01": {"verdict": "errored", "reason": "deleted"}}
    n = reports.write_expectations(f, vs, old, [v.id for v in vs])
    assert n == 4
    text = f.read_text(encoding="utf-8")
    assert text.startswith("#")
    assert yaml.safe_load(text) == {
        "base/a/errored-01": {"verdict": "errored"},
        "base/a/failed-01": {"verdict": "failed", "reason": "issue 12", "link": "https://example.org/12"},
        "base/b/protocol-error-01": {"verdict": "protocol-error"},
        "base/b/timeout-01": {"verdict": "timeout"},
    }
    # What it writes, it reads back; and the run it was written from then passes.
    again = reports.load_expectations(f)
    fresh = one_of_each()
    assert reports.apply_expectations(fresh, again, [v.id for v in fresh]) == []
    assert all(v.ok for v in fresh)


def test_write_expectations_keeps_entries_outside_the_run(tmp_path):
    # A run narrowed with -k must not forget the known failures it did not play.
    f = tmp_path / "known.yaml"
    old = {"base/other/failed-01": {"verdict": "failed", "reason": "not this run"},
           "base/zz/gone-01": {"verdict": "errored"}}
    ran = [verdict("base/a/x-01", "failed")]
    reports.write_expectations(f, ran, old, ["base/a/x-01", "base/other/failed-01"])
    assert yaml.safe_load(f.read_text(encoding="utf-8")) == {
        "base/a/x-01": {"verdict": "failed"},
        "base/other/failed-01": {"verdict": "failed", "reason": "not this run"},
    }


def test_write_expectations_with_nothing_failing(tmp_path):
    f = tmp_path / "known.yaml"
    assert reports.write_expectations(f, [verdict("base/a/x-01", "passed")], {}) == 0
    assert yaml.safe_load(f.read_text(encoding="utf-8")) == {}
    assert reports.load_expectations(f) == {}


def test_every_verdict_but_passed_can_be_listed(tmp_path):
    f = tmp_path / "known.yaml"
    f.write_text(yaml.safe_dump({f"base/a/{v}-01": v for v in VERDICTS if v != "passed"}), encoding="utf-8")
    assert len(reports.load_expectations(f)) == len(VERDICTS) - 1


def test_a_failing_steps_note_is_shown_with_it(tmp_path):
    # A scenario's `note:` on a step is words for the reader: shown with the step's failure
    # (terminal, JSON, JUnit), never compared.
    from test_protocol import check_reports, child_env, conform, fake
    from test_protocol_v2 import TWO_BLUE_HARVESTS, write
    noted = TWO_BLUE_HARVESTS.replace("  - do: {type: harvest, player: Nina, field: 1}\n",
                                      "  - do: {type: harvest, player: Nina, field: 1}\n"
                                      "    note: four Blue Beans pay one coin\n", 1)
    sc = write(tmp_path / "twice" / "two-blue-harvests-01.yaml", noted)
    run = conform(tmp_path / "out", "--impl", fake("v2_deviant"), sc, env=child_env(FAKE_DEVIATION="beanometer"))
    assert "    note: four Blue Beans pay one coin" in run.out
    step = run.scenario("twice/two-blue-harvests-01")["failed_steps"][0]
    assert step["note"] == "four Blue Beans pay one coin"
    assert "note: four Blue Beans pay one coin" in run.junit.find("testcase").find("failure").text
    check_reports(run)  # the JSON report against report.schema.json, and the JUnit file


def test_a_junit_report_stays_xml_whatever_the_engine_writes():
    # Review round 23: NUL and ESC in an engine's name or standard error made the report
    # invalid XML, which a CI system rejects.
    import xml.etree.ElementTree as ET
    from bohnspec.conformance.reports import junit_xml
    from bohnspec.conformance.runner import Verdict
    v = Verdict("base/x/y-01", "p", "errored", "boom\x00")
    v.stderr = "err\x00\x01\x1b[31m end"
    suite = ET.fromstring(junit_xml([v], "evil\x00\x1b[31m", 1.0).split("\n", 1)[1])
    assert suite.get("name") == "bohnspec (evil\\x00\\x1b[31m)"
    assert suite.find("testcase/system-err").text == "err\\x00\\x01\\x1b[31m end"
