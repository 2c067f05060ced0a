"""The code style and the types are checked like the behaviour: ruff and mypy, configured in
pyproject.toml, over the package, the tests and the benchmarks."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(tool: str, *args: str) -> subprocess.CompletedProcess[str]:
    if shutil.which(tool) is None and tool != "mypy":
        pytest.fail(f"{tool} is not installed: install the test extra (pip install -e '.[test]')")
    argv = [sys.executable, "-m", tool, *args]
    return subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ruff_finds_nothing():
    done = _run("ruff", "check", "interpreter", "tests", "bench", "tools")
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
def test_mypy_finds_nothing():
    done = _run("mypy", "interpreter/bohnspec")
    assert done.returncode == 0, done.stdout + done.stderr
