"""Scenarios found to fit the rules, kept on disk (conformance/checked.py): a scenario whose
state and expectations passed the checks skips them on the next run with the same scenario,
rules and code, and nothing else does."""

from __future__ import annotations

import textwrap

import pytest

from bohnspec.conformance import runner as R
from bohnspec.conformance import scenario as S
from bohnspec.tools.cli import main
from test_scenarios_loader import GOOD  # Nina harvests three Fire Beans

# More Red Beans than the box holds: a situation that cannot come about.
IMPOSSIBLE = GOOD.replace("{name: Timon}", "{name: Timon, hand: [red*9]}")


@pytest.fixture
def corpus(tmp_path, monkeypatch):
    monkeypatch.setenv("BOHNSPEC_CACHE", str(tmp_path / "cache"))
    root = tmp_path / "scenarios"
    (root / "base" / "mine").mkdir(parents=True)
    return root


def _write(root, text):
    (root / "base" / "mine" / "good-01.yaml").write_text(textwrap.dedent(text), encoding="utf-8")


def _run(root, engine: str = "reference") -> R.Verdict:
    sel = R.select([str(root)], None, None)
    assert not sel.broken, [v.message for v in sel.broken]
    return R.run_scenario(R.InProcess(engine=engine), sel.scenarios[0])


def _counting(monkeypatch) -> list:
    calls: list = []
    for name in ("check_consistency", "check_expectations"):
        real = getattr(S, name)

        def counted(*args, _real=real, _name=name, **kwargs):
            calls.append(_name)
            return _real(*args, **kwargs)
        monkeypatch.setattr(S, name, counted)
    return calls


def test_a_scenario_that_passed_the_checks_skips_them_on_the_next_run(corpus, monkeypatch):
    _write(corpus, GOOD)
    calls = _counting(monkeypatch)
    assert _run(corpus).verdict == R.PASSED
    assert sorted(calls) == ["check_consistency", "check_expectations"]
    calls.clear()
    _save()  # as at the end of a run; the next run's adapter reads what was kept
    assert _run(corpus, "compiled").verdict == R.PASSED and calls == []


def test_a_changed_scenario_is_checked_again_and_a_broken_one_every_time(corpus, monkeypatch):
    _write(corpus, GOOD)
    assert _run(corpus).verdict == R.PASSED
    _write(corpus, IMPOSSIBLE)  # the same id and file, another situation
    for _ in range(2):
        _save()
        v = _run(corpus)
        assert v.verdict == R.ERRORED and "9 red cards lie on the table, but the box holds 8" in v.message, v.message


def test_conform_writes_what_it_checked_at_exit_and_the_next_conform_reads_it(corpus, monkeypatch, capsys):
    _write(corpus, GOOD)
    assert main(["conform", str(corpus), "-q"]) == 0
    _save()
    calls = _counting(monkeypatch)
    assert main(["conform", str(corpus), "-q"]) == 0
    assert calls == []


_adapters: list = []


def _save():
    for kept in _adapters:
        kept.save()


@pytest.fixture(autouse=True)
def _collect(monkeypatch):
    """The sets made in this test, saved by hand (conform saves them at the process's exit)."""
    from bohnspec.conformance import checked
    real = checked.CheckedScenarios.__init__

    def init(self, *args, **kwargs):
        real(self, *args, **kwargs)
        _adapters.append(self)
    monkeypatch.setattr(checked.CheckedScenarios, "__init__", init)
    yield
    _adapters.clear()


def test_an_adapter_of_its_own_engines_checks_every_scenario():
    # Mutated rules (bench/mutants.py, the tests' wrong engines) are not the rules the set
    # was kept for.
    class Mine(R.InProcess):
        def engine(self, modules):
            return super().engine(modules)
    assert Mine().checked is None and R.InProcess().checked is not None


def test_a_second_adapter_in_the_process_knows_what_the_first_checked(corpus, monkeypatch):
    # bench/run.py times the compiled engine's run after the reference's, in one process: the
    # scenarios checked by the first were checked again before the set was saved at exit.
    _write(corpus, GOOD)
    calls = _counting(monkeypatch)
    assert _run(corpus).verdict == R.PASSED and calls
    calls.clear()
    assert _run(corpus, "compiled").verdict == R.PASSED and calls == []
