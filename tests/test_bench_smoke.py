"""bench/run.py in its --quick mode, as CI runs it: every benchmark runs and reports a figure.

Speed is not asserted here (timed tests on a shared machine only flake); the figures belong in
the README, from a full `python bench/run.py`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "bench" / "run.py"


@pytest.mark.slow
def test_quick_benchmarks_run_and_report_every_figure(tmp_path):
    out = tmp_path / "bench.json"
    done = subprocess.run([sys.executable, str(SCRIPT), "--quick", "--json", str(out)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "benchmark" in done.stdout.splitlines()[0]
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["quick"] is True
    names = [r["name"] for r in data["results"]]
    for wanted in ("random base games/s, 4 players", "random Bohnröschen games/s, 4 players",
                   "random Dschingis games/s, 4 players", "actions per random 4-player Dschingis game",
                   "time per action, replaying those games (rules only, reference)",
                   "time per action, replaying those games (rules only, compiled)",
                   "`bohnspec simulate --jobs 2`, 4 players",
                   "whole corpus in-process", "bohnspec --version start-up", "parse and check all of spec/"):
        assert wanted in names
    assert all(r["value"] > 0 for r in data["results"])
