"""Writing a finding: the scenario rendered as YAML under a header that says whose answer it
expects and how to replay it, checked to load, pass the reference and fail the engine before
it is put into the output folder."""

from __future__ import annotations

import datetime
import itertools
import json
import shlex
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from ... import __version__, paths
from ...errors import BohnspecError
from ...language.spec import rules_digest
from .. import runner as R
from .. import scenario as S
from ..inprocess import InProcess
from ..protocol import printable
from .expectation import scenario_data
from .trial import JSON, Adapter, Claims, Finding


class _Dumper(yaml.SafeDumper):
    """Short lists and small objects on one line, the way scenarios are written by hand."""


def _flow_lists(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flow = all(not isinstance(v, dict) for v in data) and len(json.dumps(data)) <= 100
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


def _flow_small_dicts(dumper: yaml.SafeDumper, data: dict[str, Any]) -> yaml.Node:
    flow = all(not isinstance(v, (dict, list)) or (isinstance(v, list) and len(json.dumps(v)) < 40)
               for v in data.values()) and len(json.dumps(data)) <= 100
    return dumper.represent_mapping("tag:yaml.org,2002:map", data, flow_style=flow)


def _quoted_digits(dumper: yaml.SafeDumper, data: str) -> yaml.Node:
    """A text of digits (a space id such as "08") always in quotes: a YAML 1.2 reader would take
    08 for a number, though PyYAML leaves it bare."""
    style = "'" if data.isdigit() else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


_Dumper.add_representer(list, _flow_lists)
_Dumper.add_representer(dict, _flow_small_dicts)
_Dumper.add_representer(str, _quoted_digits)


def _escaped(value: Any) -> Any:
    """The texts of a scenario's data as printable (an engine's words quoted in its
    description: a lone surrogate is no UTF-8, and YAML reads no escape of one back)."""
    if isinstance(value, str):
        return value if value.isprintable() else printable(value)
    if isinstance(value, list):
        return [_escaped(v) for v in value]
    if isinstance(value, dict):
        return {k: _escaped(v) for k, v in value.items()}
    return value


def render(data: JSON, header: list[str]) -> str:
    """The scenario as YAML, the header lines as comments above it."""
    body = yaml.dump(_escaped(data), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
    # (the header quotes the engine's own words: a control character or a lone surrogate
    # escaped, so that the file stays one comment a line and UTF-8; round 97's hostile engine
    # had fuzz stop with an internal error writing `\ud800`)
    return "".join(f"# {printable(line)}\n" if line else "#\n" for line in header) + body


def verify(path: Path, adapter: Adapter, rules: Sequence[str] = ()) -> tuple[bool, str]:
    """The scenario file must load, pass the reference (with the `rules` files of one's own
    modules) and fail the engine: (whether it does, what the engine's verdict was or why it
    does not)."""
    try:
        sc = S.load(path)
    except BohnspecError as exc:
        return False, f"the scenario does not load: {exc}"
    ours = R.run_scenario(InProcess(rules), sc)
    if ours.verdict != R.PASSED:
        return False, f"the reference does not pass it ({ours.verdict}): {ours.message or _problems(ours)}"
    # (a fresh engine process, as the replay command starts one: an engine whose fault comes
    # after so many requests passed on the process the campaign had used; round 95's tester)
    restart = getattr(adapter, "restart", None)
    if restart is not None:
        restart()
    theirs = R.run_scenario(adapter, sc)
    if theirs.verdict == R.PASSED:
        return False, "the engine passes it: the runner does not show this divergence"
    return True, f"the engine: {theirs.verdict}"


def _problems(v: R.Verdict) -> str:
    return "; ".join(p for s in v.steps for p in s.problems)[:300]


def _scenario_id(path: Path, name: str) -> str:
    try:  # written into a copy of the corpus, the id is the file's place there
        return path.resolve().relative_to(paths.SCENARIOS.resolve()).with_suffix("").as_posix()
    except ValueError:
        return f"fuzz/{name}"


def _body(text: str, sid: str) -> str:
    """A written finding without its header comments, its id in place of any: what makes two
    findings the same scenario."""
    lines = [line for line in text.splitlines() if not line.startswith("#")]
    return "\n".join(f"id: {sid}" if line.startswith("id: ") else line for line in lines)


def replay_command(command: str, path: Path, timeout: float = 5.0, rules: Sequence[str] = ()) -> str:
    """The `bohnspec conform` command that replays a written scenario against the engine."""
    return (f"bohnspec conform --impl {shlex.quote(command)}" + (f" --timeout {timeout:g}" if timeout != 5.0 else "")
            + "".join(f" --rules {shlex.quote(str(r))}" for r in rules) + f" {shlex.quote(str(path))}")


def write_finding(finding: Finding, out: Path, adapter: Adapter, claims: Claims, command: str,
                  timeout: float = 5.0) -> Path:
    """Write the scenario of a finding into `out`, verified against both engines; the finding
    gets its path, replay command and whether it was verified (and if not, why)."""
    out.mkdir(parents=True, exist_ok=True)
    mods = "-".join(m for m in finding.modules if m != "base") or "base"
    base = f"{mods}-seed{finding.seed}-game{finding.game}"
    # A finding of an earlier campaign with the same seed is kept: the new one takes the next
    # free name, unless it is the same scenario again.
    for n in itertools.count(1):
        name = base if n == 1 else f"{base}-{n}"
        path = out / f"{name}.yaml"
        sid = _scenario_id(path, name)
        if not path.exists() or _body(path.read_text(encoding="utf-8"), sid) == \
                _body(render(scenario_data(finding, sid, claims, full=False), []), sid):
            break
    finding.replay = replay_command(command, path, timeout, finding.trial.rules)
    header = [f"Written by bohnspec {__version__} fuzz on {datetime.date.today().isoformat()}, rules digest "
              f"{rules_digest()}: the engine {command!r} and the reference interpreter disagree.",
              "The expected outcome is the REFERENCE INTERPRETER's answer (a regression test for the engine),",
              "not an expectation written by hand from the rulebook.",
              f"replay: {finding.replay}"]
    # Checked before it is written, in a folder of its own (the file's name must fit its id),
    # then moved into place.
    with tempfile.TemporaryDirectory(prefix="bohnspec-fuzz-") as work:
        trying = Path(work) / f"{name}.yaml"
        for full in (False, True):
            trying.write_text(render(scenario_data(finding, sid, claims, full=full), header), encoding="utf-8")
            finding.verified, finding.note = verify(trying, adapter, finding.trial.rules)
            if finding.verified:
                break
        if not finding.verified and tuple(finding.divergence.signature[1:]) == ("legal", "fault"):
            header.append("NOTE: the engine fails when asked for its `legal` list after the last step, which no "
                          "scenario asks for; `bohnspec fuzz` does")
        elif not finding.verified and finding.divergence.signature[1] == "legal":
            header.append("NOTE: the engine plays these actions as the rules do: its `legal` list after the step "
                          "before the last is what differs, which no scenario expects; `bohnspec fuzz` asks for it")
        elif not finding.verified:
            header.append(f"WARNING: not verified: {finding.note}")
        if not finding.verified:
            trying.write_text(render(scenario_data(finding, sid, claims, full=True), header), encoding="utf-8")
        shutil.copyfile(trying, path)
    finding.path = path
    return path
