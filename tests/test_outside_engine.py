"""An engine written outside bohnspec, in JavaScript, from the rulebooks and the docs alone
(examples/engines/bohnanza.js, the base game and Bohnröschen): it passes their corpus through
the protocol. If
it stops passing, either the reference changed a behaviour the docs do not describe (say it
in SCENARIOS.md or PROTOCOL.md, then mend the example) or the example has a bug.

Locally the test skips, saying why, when Node.js is not installed; with CI=true (as .ci/run,
which installs Debian's nodejs) a missing Node fails."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from helpers import ROOT, child_env

ENGINE = ROOT / "examples" / "engines" / "bohnanza.js"


def test_an_engine_written_from_the_docs_passes_its_modules_corpus(tmp_path):
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        reason = "Node.js is not installed (apt-get install nodejs): the outside engine cannot run"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("CI=true: " + reason)
        pytest.skip(reason)
    report = tmp_path / "report.json"
    run = subprocess.run([sys.executable, "-m", "bohnspec", "conform", "--impl", f"{node} {ENGINE}",
                          str(ROOT / "conformance" / "scenarios" / "base"),
                          str(ROOT / "conformance" / "scenarios" / "bohnroeschen"), "--json", str(report)],
                         cwd=ROOT, env=child_env(), capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    verdicts = [s["verdict"] for s in json.loads(report.read_text())["scenarios"]]
    assert len(verdicts) > 450 and set(verdicts) == {"passed"}, sorted(set(verdicts))
