"""Engines written outside bohnspec, in JavaScript, from the rulebooks and the docs alone: each
passes the corpus of the modules it plays through the protocol, every scenario applicable.

- examples/engines/bohnanza.js: the base game, Bohnröschen, and Bohnröschen's two-player and
  solo games;
- examples/engines/dschingis.js: Dschingis Bohn, and examples/engines/bohnaparte.js: Bohnaparte,
  the war games on a map (each claims every option value of its game).

If one stops passing, either the reference changed a behaviour the docs do not describe (say it
in SCENARIOS.md or PROTOCOL.md, then mend the example) or the example has a bug.

Locally the tests skip, saying why, when Node.js is not installed; with CI=true (as .ci/run,
which installs Debian's nodejs) a missing Node fails."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from helpers import ROOT, child_env

ENGINES = {
    "bohnanza.js": (("base", "bohnroeschen", "duo", "solo"), 650),
    "dschingis.js": (("dschingis",), 300),
    "bohnaparte.js": (("bohnaparte",), 400),
}


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_an_engine_written_from_the_docs_passes_its_modules_corpus(tmp_path, engine):
    modules, at_least = ENGINES[engine]
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        reason = "Node.js is not installed (apt-get install nodejs): the outside engine cannot run"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("CI=true: " + reason)
        pytest.skip(reason)
    report = tmp_path / "report.json"
    folders = [str(ROOT / "conformance" / "scenarios" / m) for m in modules]
    run = subprocess.run([sys.executable, "-m", "bohnspec", "conform", "--impl",
                          f"{node} {ROOT / 'examples' / 'engines' / engine}", *folders, "--json", str(report)],
                         cwd=ROOT, env=child_env(), capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    scenarios = json.loads(report.read_text())["scenarios"]
    assert {s["verdict"] for s in scenarios} == {"passed"}, sorted({s["verdict"] for s in scenarios})
    # every module was played: a corpus folder emptied or renamed would otherwise pass unnoticed
    played = {s["id"].split("/")[0] for s in scenarios}
    assert played == set(modules) and len(scenarios) > at_least, (sorted(played), len(scenarios))
