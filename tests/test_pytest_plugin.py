"""The pytest plugin (conformance/pytest_plugin.py, entry point `pytest11`): the corpus as test
items of an implementer's own pytest run.

Each test runs pytest in a subprocess on a temporary folder, with plugin autoloading off and
the plugin named with `-p`, so the result does not depend on whether this checkout's entry
point is installed; the engines are `bohnspec serve` and fakes of tests/fakes.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import helpers

FAKES = Path(__file__).resolve().parent / "fakes"
PY = sys.executable
SERVE = f"{shlex.quote(PY)} -m bohnspec serve"
PLUGIN = "bohnspec.conformance.pytest_plugin"
# Most tests read only this folder of the corpus: loading all of it takes seconds.
# Paths are given as --option=PATH: pytest takes a path after a plugin's option for an argument
# when it looks for the rootdir, before the plugin's options are known.
HARVEST = [f"--bohnspec-scenarios={helpers.SCENARIOS / 'base' / 'harvest'}"]
SOY = "beanometer-soy"  # three base scenarios harvesting Soy Beans; fz_wrong_meter fails the first
SOY_IDS = ["base/harvest/beanometer-soy-1-and-2-coins-01", "base/harvest/beanometer-soy-3-coins-01",
           "base/harvest/beanometer-soy-4-coins-01"]


def fake(name: str) -> str:
    return f"{shlex.quote(PY)} {shlex.quote(str(FAKES / (name + '.py')))}"


def pytest_run(tmp_path: Path, *args, timeout=300) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(helpers.INTERPRETER), env.get("PYTHONPATH")) if p)
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    env.pop("PYTEST_ADDOPTS", None)
    # An empty ini file: the temporary folder is the rootdir, not this repository.
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    return subprocess.run([PY, "-m", "pytest", "-p", PLUGIN, "-p", "no:cacheprovider", *args],
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=timeout)


def test_every_scenario_is_an_item_named_by_its_id(tmp_path):
    run = pytest_run(tmp_path, *HARVEST, "--bohnspec-impl", SERVE, "--collect-only", "-q")
    assert run.returncode == 0, run.stdout + run.stderr
    listed = [line for line in run.stdout.splitlines() if line.startswith("bohnspec::")]
    files = sorted((helpers.SCENARIOS / "base" / "harvest").glob("*.yaml"))
    assert listed == [f"bohnspec::base/harvest/{f.stem}" for f in files]
    selected = pytest_run(tmp_path, *HARVEST, "--bohnspec-impl", SERVE, "--collect-only", "-q", "-k", SOY)
    assert [line for line in selected.stdout.splitlines() if line.startswith("bohnspec::")] == \
        [f"bohnspec::{sid}" for sid in SOY_IDS]


@pytest.mark.slow
def test_the_whole_corpus_is_collected_by_default(tmp_path):
    run = pytest_run(tmp_path, "--bohnspec-impl", SERVE, "--collect-only", "-q")
    assert run.returncode == 0, run.stdout + run.stderr
    listed = {line.split("::", 1)[1] for line in run.stdout.splitlines() if line.startswith("bohnspec::")}
    files = {f.relative_to(helpers.SCENARIOS).with_suffix("").as_posix()
             for f in helpers.SCENARIOS.rglob("*.yaml")}
    assert listed == files


def test_the_reference_passes_and_a_deviating_engine_fails_with_the_diff_and_replay(tmp_path):
    ours = pytest_run(tmp_path, *HARVEST, "--bohnspec-impl", SERVE, "-k", SOY, "-q")
    assert ours.returncode == 0, ours.stdout + ours.stderr
    assert "3 passed" in ours.stdout
    impl = fake("fz_wrong_meter")
    theirs = pytest_run(tmp_path, *HARVEST, "--bohnspec-impl", impl, "-k", SOY, "-q")
    assert theirs.returncode == 1, theirs.stdout + theirs.stderr
    assert re.search(r"\b1 failed, 2 passed\b", theirs.stdout), theirs.stdout
    assert "state.players.Nina.coins:" in theirs.stdout  # the runner's diff
    replay = f"replay: bohnspec conform --impl {shlex.quote(impl)} "
    assert replay in theirs.stdout
    assert f"-k {SOY_IDS[0]}" in theirs.stdout
    # The short summary names the item and what went wrong first.
    assert f"FAILED bohnspec::{SOY_IDS[0]} - failed at st" in theirs.stdout


def test_isolated_steps_are_passed_on_to_the_runner_and_the_replay(tmp_path):
    impl = fake("fz_wrong_meter")
    run = pytest_run(tmp_path, *HARVEST, "--bohnspec-impl", impl, "--bohnspec-isolate", "-k", SOY, "-q")
    assert run.returncode == 1, run.stdout + run.stderr
    assert re.search(r"\b1 failed, 2 passed\b", run.stdout), run.stdout
    assert f"replay: bohnspec conform --impl {shlex.quote(impl)} --isolate " in run.stdout


def test_known_failures_are_xfail_and_the_list_cannot_go_stale(tmp_path):
    listed = tmp_path / "known.yaml"
    listed.write_text(f"{SOY_IDS[0]}:\n  verdict: failed\n  reason: meter issue 7\n"
                      f"{SOY_IDS[1]}: failed\n"
                      "base/no/such-scenario-01: failed\n", encoding="utf-8")
    run = pytest_run(tmp_path, *HARVEST, "--bohnspec-impl", fake("fz_wrong_meter"), "-k", f"{SOY} or known-failures",
                     f"--bohnspec-known-failures={listed}", "-q", "-rxf")
    assert run.returncode == 1, run.stdout + run.stderr
    assert f"XFAIL bohnspec::{SOY_IDS[0]} - known failure (failed): meter issue 7" in run.stdout
    # Listed, but it passes: the list must say so.
    assert f"FAILED bohnspec::{SOY_IDS[1]}" in run.stdout
    assert "listed as a known failure (failed) but it passes now" in run.stdout
    # A listed id that names no scenario.
    assert "base/no/such-scenario-01" in run.stdout and "stale" in run.stdout
    assert re.search(r"\b2 failed, 1 passed\b.*\b1 xfailed\b", run.stdout), run.stdout


def test_modules_skip_the_other_scenarios_with_the_reason(tmp_path):
    run = pytest_run(tmp_path, f"--bohnspec-scenarios={helpers.SCENARIOS / 'bohnroeschen'}",
                     "--bohnspec-impl", SERVE, "--bohnspec-modules", "base", "-k", "fulfil", "-q", "-rs")
    assert run.returncode == 0, run.stdout + run.stderr
    assert re.search(r"\b[1-9][0-9]* skipped\b", run.stdout) and " passed" not in run.stdout
    assert "needs modules bohnroeschen" in run.stdout


def test_a_fuzz_fake_fails_the_scenarios_of_its_rule(tmp_path):
    run = pytest_run(tmp_path, f"--bohnspec-scenarios={helpers.SCENARIOS / 'base' / 'phase-1'}",
                     "--bohnspec-impl", fake("fz_any_variety"), "-q")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "the action was accepted; expected a rejection" in run.stdout


def test_without_an_engine_the_plugin_collects_nothing(tmp_path):
    (tmp_path / "test_mine.py").write_text("def test_mine():\n    assert True\n", encoding="utf-8")
    run = pytest_run(tmp_path, "--collect-only", "-q")
    assert run.returncode == 0, run.stdout + run.stderr
    assert [line for line in run.stdout.splitlines() if "::" in line] == ["test_mine.py::test_mine"]
    assert "bohnspec" not in run.stdout
    # Its options are there all the same.
    helped = pytest_run(tmp_path, "--help")
    assert "--bohnspec-impl=COMMAND" in helped.stdout


def test_the_plugin_does_not_change_this_repositorys_own_collection():
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(helpers.INTERPRETER), env.get("PYTHONPATH")) if p)

    def collected(*extra):
        run = subprocess.run([PY, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *extra,
                              "tests/test_smoke.py"], capture_output=True, text=True, env=env, cwd=helpers.ROOT,
                             timeout=120)
        assert run.returncode == 0, run.stdout + run.stderr
        return [line for line in run.stdout.splitlines() if "::" in line]
    loaded = "bohnspec" in _autoloaded()
    with_plugin = collected() if loaded else collected("-p", PLUGIN)
    without = collected("-p", "no:bohnspec") if loaded else collected()
    assert with_plugin == without and with_plugin


def _autoloaded() -> set[str]:
    import importlib.metadata as md
    return {e.name for e in md.entry_points(group="pytest11")}


def test_an_empty_engine_command_is_a_usage_error(tmp_path):
    run = pytest_run(tmp_path, "--bohnspec-impl", "", "-q")
    assert run.returncode == 4, run.stdout + run.stderr
    assert "--bohnspec-impl" in run.stderr


def test_the_entry_point_is_declared():
    data = tomllib.loads((helpers.ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert data["project"]["entry-points"]["pytest11"] == {"bohnspec": PLUGIN}


@pytest.mark.slow
def test_an_engine_failing_its_handshake_fails_every_item(tmp_path):
    run = pytest_run(tmp_path, *HARVEST, "--bohnspec-impl", fake("bad_hello"), "-k", SOY, "-q")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "3 failed" in run.stdout and "handshake" in run.stdout


@pytest.mark.slow
def test_the_whole_base_corpus_passes_the_reference(tmp_path):
    run = pytest_run(tmp_path, "--bohnspec-impl", SERVE, "--bohnspec-modules", "base", "-q", timeout=900)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr
    assert re.search(r"\b[0-9]{3} passed\b", run.stdout)


def test_a_stale_known_failure_is_reported_whatever_k_selects(tmp_path):
    listed = tmp_path / "known.yaml"
    listed.write_text("base/no/such-scenario-01: failed\n", encoding="utf-8")
    run = pytest_run(tmp_path, *HARVEST, "--bohnspec-impl", SERVE, "-k", SOY_IDS[1],
                     f"--bohnspec-known-failures={listed}", "-q")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "FAILED bohnspec::known-failures" in run.stdout and "base/no/such-scenario-01" in run.stdout
    assert re.search(r"\b1 failed, 1 passed\b", run.stdout), run.stdout
