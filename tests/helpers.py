"""Helpers shared by the test modules: paths, engines over (mutated) spec texts, the corpus."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

from hypothesis import settings

from bohnspec import paths
from bohnspec.conformance import runner as R
from bohnspec.conformance import scenario as S
from bohnspec.language.compile import compile_text
from bohnspec.execution.interpret import Engine
from bohnspec.language.paragraphs import index as paragraph_index
from bohnspec.language.spec import build

ROOT = paths.ROOT
SPEC_DIR = paths.SPEC
SCENARIOS = paths.SCENARIOS
SCHEMAS = paths.SCHEMAS
INTERPRETER = Path(__file__).resolve().parent.parent / "interpreter"

PLAYERS = ["Timon", "Nina", "Keno", "Eiko", "Lale"]


def child_env(**extra) -> dict:
    """The environment of a bohnspec (or engine) process a test starts: this checkout's package
    first on the path, no fake engine's settings left from the caller, then `extra`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("FAKE_")}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(INTERPRETER), os.environ.get("PYTHONPATH")) if p)
    env.update({k: str(v) for k, v in extra.items()})
    return env


def examples(n: int) -> int:
    """`n` examples under the ci profile, proportionally more under a deeper profile."""
    return max(1, n * settings.default.max_examples // 10)


# ------------------------------------------------------------ spec texts and engines

@functools.lru_cache(maxsize=1)
def spec_texts() -> dict[str, str]:
    """The base game's rules files (spec/base/*.bohn): display name -> text."""
    return {str(f.relative_to(ROOT)): f.read_text(encoding="utf-8")
            for f in sorted((SPEC_DIR / "base").glob("*.bohn"))}


def engine_from_texts(texts: dict[str, str], modules=("base",)) -> Engine:
    files = [compile_text(text, name) for name, text in texts.items()]
    return Engine(build(files, list(modules)))


@functools.lru_cache(maxsize=1)
def base_engine() -> Engine:
    """The reference interpreter over spec/base alone (other modules' files are not read)."""
    return engine_from_texts(spec_texts())


def mutate(texts: dict[str, str], file: str, old: str, new: str, count: int = 1) -> dict[str, str]:
    """A copy of the spec texts with `old` replaced by `new` in `file`; the text must change."""
    key = next(k for k in texts if k.endswith(file))
    before = texts[key]
    assert before.count(old) >= count, f"{old!r} is not (or not {count} times) in {key}"
    after = before.replace(old, new, count)
    assert after != before, f"the mutation {old!r} -> {new!r} did not change {key}"
    out = dict(texts)
    out[key] = after
    return out


def mutate_any(texts: dict[str, str], alternatives) -> dict[str, str]:
    """Apply the first alternative whose old text is in the spec: (old, new) or (old, new, file).

    Several spellings let a mutation survive a rewording of the spec; when none matches the
    spec has changed and the mutation must be brought up to date. Without a file the old text
    must occur exactly once in the whole spec, so that the mutation hits the rule meant."""
    for old, new, *file in alternatives:
        keys = [k for k, text in texts.items() if old in text and (not file or k.endswith(file[0]))]
        if not keys:
            continue
        if not file:
            total = sum(texts[k].count(old) for k in keys)
            assert total == 1, f"{old!r} occurs {total} times in the spec: name the file"
        return mutate(texts, keys[0], old, new)
    raise AssertionError(f"none of {[a[0] for a in alternatives]!r} is in the spec: update the mutation")


class FixedEngine(R.InProcess):
    """The in-process adapter, always using the engine it was given."""

    name = "mutated reference interpreter"

    def __init__(self, engine: Engine):
        super().__init__()
        self._engine = engine

    def engine(self, modules) -> Engine:
        return self._engine


# ------------------------------------------------------------ the corpus

def scenario_paths() -> list[Path]:
    return S.scenario_files([SCENARIOS])


@functools.lru_cache(maxsize=1)
def corpus() -> tuple[S.Scenario, ...]:
    """Every loadable scenario of the corpus (test_scenarios_loader checks that all load)."""
    return tuple(sc for _, sc in S.corpus([SCENARIOS]) if isinstance(sc, S.Scenario))


def base_corpus() -> tuple[S.Scenario, ...]:
    """The scenarios of the base game alone."""
    return tuple(sc for sc in corpus() if sc.modules == ["base"])


def run(adapter, scenarios) -> dict[str, str]:
    return {sc.id: R.run_scenario(adapter, sc).verdict for sc in scenarios}


@functools.lru_cache(maxsize=1)
def baseline_verdicts() -> dict[str, str]:
    """id -> verdict of every base-game scenario against the real spec."""
    return run(R.InProcess(), base_corpus())


def known_rule_ids(spec=None) -> set[str]:
    """Every paragraph id of spec/paragraphs.index and every ruling id of the spec."""
    spec = spec or base_engine().spec
    return set(paragraph_index()) | {r.id for r in spec.rulings.values()}


# ------------------------------------------------------------ states

def all_cards(state, fields_zone: str = "fields") -> Counter:
    """The multiset of the cards in every zone of a state, fields flattened."""
    out: Counter = Counter()
    for p in state.players:
        for zone, cards in p.zones.items():
            if zone == fields_zone:
                for f in cards:
                    out.update(f)
            else:
                out.update(cards)
    for cards in state.zones.values():
        out.update(cards)
    return out


# ------------------------------------------------------------ the command line in a subprocess

def env() -> dict[str, str]:
    """This process's environment, with this checkout's package first on the path."""
    out = dict(os.environ)
    out["PYTHONPATH"] = str(INTERPRETER) + (os.pathsep + out["PYTHONPATH"] if out.get("PYTHONPATH") else "")
    return out


def run_cli(*args, cwd=None, timeout=60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bohnspec", *args], capture_output=True, text=True,
                          env=env(), cwd=cwd or ROOT, timeout=timeout)


def assert_refused(modules: list[str], state: dict, path: str, words: str) -> None:
    """A situation no game reaches is refused when loaded, at `path`, with `words` in its reason."""
    import copy

    from bohnspec.conformance.scenario import state_from_data
    from bohnspec.errors import ScenarioError
    from bohnspec.execution.interpret import engine_for
    try:
        state_from_data(engine_for(modules), copy.deepcopy(state), modules)
    except ScenarioError as exc:
        assert (exc.path, words in exc.message) == (path, True), exc.message
        assert "could not come about in a game" in exc.message
        return
    raise AssertionError(f"loaded, but {path} should have been refused ({words})")
