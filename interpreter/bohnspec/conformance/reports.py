"""Reports of a conformance run: the JSON report, JUnit XML, and known-failure lists."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from pathlib import Path

import yaml

from .. import __version__
from .. import userfile
from ..errors import BohnspecError
from .runner import NOT_APPLICABLE, PASSED, SKIPPED, VERDICTS, Verdict, not_compared, not_tested, summary
from .protocol import cut


def json_report(verdicts: list[Verdict], engine: dict, capabilities: dict, seconds: float,
                command: str | None = None, interrupted: bool = False, protocol: int | None = None,
                isolate: bool = False, rules_digest: str | None = None, never_returned: Sequence[str] = (),
                stopped: str = "", claims_changed: str | None = None, not_run: Sequence[str] = ()) -> dict:
    """The report described by conformance/schemas/report.schema.json; `interrupted`: the run
    was stopped (Ctrl-C) and the report holds the scenarios that ran until then; `protocol`:
    the version agreed with the engine; `isolate`: every step was judged on its own;
    `rules_digest`: which rules text the reference answered from (language.spec.rules_digest);
    `never_returned`: the keys of the states loaded that the engine returned in no state;
    `stopped`: why the run stopped before its end (conform --max-timeouts), the report holding
    the scenarios that ran; `claims_changed`: how a restarted process of the engine shook hands
    otherwise than the first, whose claims the report gives; `not_run`: the ids of the scenarios
    selected that an interrupted or stopped run never ran."""
    # (the engine's own words kept short: round 97's hostile engine named itself in 10 MB)
    engine = {k: cut(v, 200) if isinstance(v, str) else v for k, v in engine.items()}
    out = {
        "suite": {"name": "bohnspec", "version": __version__,
                  **({"rules_digest": rules_digest} if rules_digest else {})},
        "engine": {**engine, **({"command": command} if command else {})},
        "capabilities": capabilities,
        "seconds": round(seconds, 3),
        "summary": summary(verdicts),
        "not_tested": not_tested(verdicts),
        "not_compared": not_compared(capabilities) if capabilities else [],
        "scenarios": [v.to_json() for v in verdicts],
    }
    if never_returned:
        out["never_returned"] = list(never_returned)
    if protocol is not None:
        out["protocol"] = protocol
    if isolate:
        out["isolate"] = True
    if interrupted:
        out["interrupted"] = True
    if stopped:
        out["stopped"] = stopped
    if claims_changed:
        out["claims_changed"] = claims_changed
    if not_run:
        out["not_run"] = list(not_run)
    return _unicode(out)


def _unicode(report: dict) -> dict:
    """The report with an engine's lone surrogates (`\ud800`, no character) written as the text
    of their escape: a strict JSON reader refuses them (round 97's hostile engine)."""
    try:
        json.dumps(report, ensure_ascii=False).encode("utf-8")
        return report
    except UnicodeEncodeError:
        pass

    def clean(value: object) -> object:
        if isinstance(value, str):
            return value.encode("utf-8", "backslashreplace").decode("utf-8")
        if isinstance(value, list):
            return [clean(v) for v in value]
        if isinstance(value, dict):
            return {clean(k): clean(v) for k, v in value.items()}
        return value
    return clean(report)  # type: ignore[return-value]


def junit_xml(verdicts: list[Verdict], engine_name: str, seconds: float, interrupted: bool = False,
              stopped: str = "", not_run: int = 0) -> str:
    suite = ET.Element("testsuite", name=f"bohnspec ({engine_name})", tests=str(len(verdicts)),
                       time=f"{seconds:.3f}")
    if interrupted or stopped:
        props = ET.SubElement(suite, "properties")
        if interrupted:
            ET.SubElement(props, "property", name="interrupted", value="true")
        if stopped:
            ET.SubElement(props, "property", name="stopped", value=stopped)
        if not_run:
            ET.SubElement(props, "property", name="not_run", value=str(not_run))
    tally = {"failure": 0, "error": 0, "skipped": 0}
    for v in verdicts:
        classname = "bohnspec." + ".".join(v.id.split("/")[:-1]).replace("-", "_")
        case = ET.SubElement(suite, "testcase", classname=classname, name=v.id, time=f"{v.seconds:.4f}")
        detail = _detail(v)
        if v.expected is not None and v.ok:
            ET.SubElement(case, "skipped", message=f"known failure ({v.verdict}): {v.reason}".strip())
        elif v.verdict in (SKIPPED, NOT_APPLICABLE):
            ET.SubElement(case, "skipped", message=v.message or v.verdict)
        elif v.verdict == "failed":
            ET.SubElement(case, "failure", message=_first_line(detail), type="failed").text = detail
        elif v.verdict != PASSED or not v.ok:
            ET.SubElement(case, "error", message=_first_line(detail), type=v.verdict).text = detail
        for child in case:
            if child.tag in tally:
                tally[child.tag] += 1
        if v.stderr:
            ET.SubElement(case, "system-err").text = v.stderr
    # The suite's counts are those of its test cases, so the two can never disagree.
    suite.set("failures", str(tally["failure"]))
    suite.set("errors", str(tally["error"]))
    suite.set("skipped", str(tally["skipped"]))
    ET.indent(suite)
    for element in suite.iter():
        # An engine's name or standard error may hold characters XML cannot carry (NUL, ESC):
        # shown escaped, so that the report stays a valid XML document.
        if element.text:
            element.text = _xml_safe(element.text)
        for key, value in element.attrib.items():
            element.set(key, _xml_safe(value))
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(suite, encoding="unicode") + "\n"


# The characters XML 1.0 does not allow, even escaped.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _xml_safe(text: str) -> str:
    return _NOT_XML.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 256 else f"\\u{ord(m.group()):04x}",
                        text)


def _first_line(text: str) -> str:
    return text.splitlines()[0] if text else ""


def _detail(v: Verdict) -> str:
    lines = []
    if v.expected is not None and not v.ok:
        lines.append(f"expected verdict {v.expected!r} (known-failures list), got {v.verdict!r}")
    if v.message:
        lines.append(v.message)
    for s in v.steps:
        if not s.ok:
            what = "the setup" if s.setup else json.dumps(s.action)
            lines.append(f"step {s.index + 1}: {what}")
            if s.note:
                lines.append(f"  note: {s.note}")
            lines.extend("  " + p for p in s.problems)
            if s.paragraphs:
                lines.append(f"  decided by: {', '.join(s.paragraphs)}")
    if v.title and lines:
        lines.append(f"scenario: {v.title}")
    return "\n".join(lines)


# ------------------------------------------------------------ known failures

def load_expectations(path: Path, strict: bool = False) -> dict[str, dict]:
    """scenario id -> {"verdict": ..., "reason": ...}; a bare verdict string is allowed too.

    Read as every user's file is (userfile): a folder, binary, non-UTF-8 or hostile YAML is an
    error. `strict`: a missing or empty file is one too (it is only a starting point for
    --update-expectations)."""
    path = Path(path)
    if not strict:
        try:
            if not path.exists() or (path.is_file() and not path.read_bytes().strip()):
                return {}
        except OSError:
            pass  # read_yaml below says what is wrong
    data = userfile.read_yaml(path, "--expectations").data
    data = data or {}
    if not isinstance(data, dict):
        raise BohnspecError(f"{path}: expected a mapping of scenario id to expected verdict")
    out = {}
    for sid, entry in data.items():
        if isinstance(entry, str):
            entry = {"verdict": entry}
        if not isinstance(entry, dict) or entry.get("verdict") not in VERDICTS or entry["verdict"] == PASSED:
            raise BohnspecError(f"{path}: at {str(sid)!r}: give `verdict:` one of "
                                f"{', '.join(v for v in VERDICTS if v != PASSED)}")
        out[str(sid)] = entry
    return out


def apply_expectations(verdicts: list[Verdict], expectations: dict[str, dict], all_ids: list[str],
                       read: Iterable[str] | None = None) -> list[str]:
    """Mark listed verdicts; return problems that fail the run (stale or unknown entries).

    `read`: the corpus folders a run's paths read (ids below scenarios/: `base/bean-protection`),
    when it was given paths rather than the whole corpus; an entry outside them is not among
    the scenarios run, as with -k, not stale (round 41: a list made for the whole corpus failed
    a run of one folder). None: the run read everything that exists."""
    problems = []
    by_id = {v.id: v for v in verdicts}
    scopes = None if read is None else tuple(read)
    for sid, entry in expectations.items():
        if sid not in all_ids:
            if scopes is not None and not any(sid == p or sid.startswith(p + "/") for p in scopes):
                continue  # not read in this run: another folder's
            problems.append(f"{sid}: listed as a known failure but no scenario has this id (stale entry)")
            continue
        v = by_id.get(sid)
        if v is None:
            continue  # not selected in this run
        v.expected = entry["verdict"]
        v.reason = str(entry.get("reason") or entry.get("link") or "")
        if v.verdict == PASSED:
            problems.append(f"{sid}: listed as a known failure ({v.expected}) but it passes now: "
                            "remove it from the list (or run --update-expectations)")
    return problems


def write_expectations(path: Path, verdicts: list[Verdict], old: dict[str, dict],
                       all_ids: list[str] | None = None) -> int:
    """Rewrite the list from this run; entries for scenarios this run did not play (left out
    by -k or a path) are kept, those for ids that no longer exist are dropped."""
    ran = {v.id for v in verdicts}
    entries = {sid: entry for sid, entry in old.items()
               if sid not in ran and (all_ids is None or sid in all_ids)}
    for v in sorted(verdicts, key=lambda v: v.id):
        if v.verdict in (PASSED, SKIPPED, NOT_APPLICABLE):
            continue
        entry = {"verdict": v.verdict}
        previous = old.get(v.id, {})
        for key in ("reason", "link"):
            if previous.get(key):
                entry[key] = previous[key]
        entries[v.id] = entry
    entries = dict(sorted(entries.items()))
    header = ("# Known failures of this engine: scenario id -> expected verdict (and a reason or link).\n"
              "# A listed scenario that passes, or an id that no longer exists, fails the run.\n"
              "# Rewritten by `bohnspec conform --update-expectations`.\n")
    path.write_text(header + (yaml.safe_dump(entries, sort_keys=True) if entries else "{}\n"), encoding="utf-8")
    return len(entries)
