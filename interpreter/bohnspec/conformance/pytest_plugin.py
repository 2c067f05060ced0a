"""The pytest plugin of bohnspec (entry point `pytest11`): the conformance corpus as test items.

    pytest --bohnspec-impl "node my-engine.js"

collects every scenario as an item named by its id (`-k` selects them like any test), plays
it through the engine with the conformance runner, and fails it with the runner's diff and the
`bohnspec conform` command that replays it. `--bohnspec-modules` leaves out the scenarios of
other modules (skipped, as are those of modules the engine does not claim), and
`--bohnspec-known-failures FILE` (the `conform --expectations` list) turns a listed failure
into an xfail; a listed scenario that passes, or fails otherwise, fails, and so does a stale
entry, as with `bohnspec conform` (the item `bohnspec::known-failures`, run whatever -k or -m
select).

Without `--bohnspec-impl` the plugin adds its options and does nothing else: it imports no
part of bohnspec and collects nothing, so a test suite that has the package installed runs as
it did.
"""

from __future__ import annotations

import shlex
from collections.abc import Generator
from typing import TYPE_CHECKING, Any, NoReturn

import pytest

if TYPE_CHECKING:  # types only: without --bohnspec-impl the plugin imports nothing of bohnspec
    import os

    from _pytest._code.code import TerminalRepr, TracebackStyle

    from .protocol import ProtocolAdapter
    from .runner import Verdict
    from .scenario import Scenario

# Where the session's engine under test is kept (config.stash).
_engine_key = pytest.StashKey["_Engine"]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("bohnspec", "bohnspec conformance corpus")
    group.addoption("--bohnspec-impl", metavar="COMMAND", default=None,
                    help="run the bohnspec conformance scenarios against this engine (a command speaking the "
                         "JSON-lines protocol of bohnspec's conformance/PROTOCOL.md), one test per scenario")
    group.addoption("--bohnspec-modules", metavar="MODULES", default=None,
                    help="comma-separated modules whose scenarios run, e.g. base (the others are skipped)")
    group.addoption("--bohnspec-known-failures", metavar="FILE", default=None,
                    help="YAML list of scenarios expected not to pass (as `bohnspec conform --expectations`): "
                         "those failing as listed are xfail")
    group.addoption("--bohnspec-scenarios", metavar="PATH", action="append", default=[],
                    help="scenario files or folders (default: the whole corpus); repeat for several")
    group.addoption("--bohnspec-timeout", metavar="SECONDS", type=float, default=5.0,
                    help="per-request timeout for the engine (default: 5)")
    group.addoption("--bohnspec-isolate", action="store_true", default=False,
                    help="judge every step on its own (`bohnspec conform --isolate`)")


def _active(config: pytest.Config) -> bool:
    return config.getoption("bohnspec_impl", default=None) is not None


def pytest_configure(config: pytest.Config) -> None:
    if not _active(config):
        return
    command = config.getoption("bohnspec_impl")
    from .protocol import engine_argv
    from ..errors import BohnspecError
    try:
        engine_argv(command)
    except BohnspecError as exc:
        raise pytest.UsageError(f"--bohnspec-impl: {exc}") from None
    timeout = config.getoption("bohnspec_timeout")
    if not 0 < timeout <= 3600:
        raise pytest.UsageError("--bohnspec-timeout: give a number of seconds above 0 and at most 3600")
    config.stash[_engine_key] = _Engine(command, timeout)
    config.addinivalue_line("markers", "bohnspec: a scenario of the bohnspec conformance corpus")


def pytest_unconfigure(config: pytest.Config) -> None:
    engine = config.stash.get(_engine_key, None)
    if engine is not None:
        engine.close()


class _Engine:
    """The engine under test: one process for the session (restarted after a fault)."""

    def __init__(self, command: str, timeout: float):
        self.command = command
        self.timeout = timeout
        self.adapter: ProtocolAdapter | None = None
        self.handshake = ""  # why the handshake failed (the EngineFault's verdict and text), if it did

    def start(self) -> ProtocolAdapter:
        from .protocol import EngineFault, ProtocolAdapter
        from ..errors import BohnspecError
        if self.adapter is None:
            self.adapter = ProtocolAdapter(self.command, self.timeout)
            try:
                self.adapter.ensure()
            except EngineFault as exc:
                self.handshake = f"the engine failed its handshake ({exc.verdict}): {exc}" + (
                    f"\nengine stderr:\n{exc.stderr}" if exc.stderr else "")
            except BohnspecError as exc:
                self.handshake = f"the engine does not start: {exc}"
        return self.adapter

    def close(self) -> None:
        if self.adapter is not None:
            self.adapter.close()
            self.adapter = None


@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config,
                                  items: list[pytest.Item]) -> Generator[None, None, None]:
    """Add the corpus's scenarios before -k and -m deselect among all items (this wraps the
    hooks that do), and the check of the known-failures list after them: -k selects
    scenarios, but a stale list is reported whatever was selected."""
    if not _active(config):
        return (yield)
    from _pytest.runner import collect_one_node
    corpus = Corpus.from_parent(session, name="bohnspec", nodeid="bohnspec")
    report = collect_one_node(corpus)
    config.hook.pytest_collectreport(report=report)
    if report.failed:
        raise pytest.UsageError(f"bohnspec: cannot collect the scenarios: {report.longreprtext}")
    collected = [item for item in report.result if isinstance(item, pytest.Item)]  # a Corpus holds items only
    items.extend(item for item in collected if not isinstance(item, StaleItem))
    result = yield
    items.extend(item for item in collected if isinstance(item, StaleItem))
    return result


class Corpus(pytest.Collector):
    """The scenarios, selected by --bohnspec-modules and by the engine's claimed modules."""

    def collect(self) -> list[pytest.Item]:
        from . import reports
        from . import runner as R
        from .. import paths
        from ..errors import BohnspecError

        config = self.config
        engine = config.stash[_engine_key]
        adapter = engine.start()
        names = config.getoption("bohnspec_modules")
        modules = [m.strip() for m in names.split(",") if m.strip()] if names else None
        if modules is not None:
            from ..language.spec import module_closure, parse_files, spec_files
            try:
                modules = sorted(module_closure(parse_files(spec_files()), modules))
            except BohnspecError as exc:
                raise pytest.UsageError(f"--bohnspec-modules: {exc}") from None
        claimed = None if engine.handshake else (adapter.capabilities.get("modules") or [])
        where = config.getoption("bohnspec_scenarios") or [paths.SCENARIOS]
        try:
            selection = R.select(where, modules, None, claimed)
        except BohnspecError as exc:
            raise pytest.UsageError(f"--bohnspec-scenarios: {exc}") from None
        known: dict[str, dict[str, Any]] = {}
        listed = config.getoption("bohnspec_known_failures")
        if listed:
            from pathlib import Path
            try:
                known = reports.load_expectations(Path(listed), strict=True)
            except BohnspecError as exc:
                raise pytest.UsageError(f"--bohnspec-known-failures: {exc}") from None
        items: list[pytest.Item] = []
        for sc in selection.scenarios:
            items.append(ScenarioItem.from_parent(self, name=sc.id, scenario=sc, known=known.get(sc.id)))
        for sc, verdict, why in selection.skipped:
            items.append(ScenarioItem.from_parent(self, name=sc.id, scenario=sc, skip=f"{verdict}: {why}"))
        for v in selection.broken:
            items.append(ScenarioItem.from_parent(self, name=v.id, scenario=None, broken=v.message))
        stale = sorted(sid for sid in known if sid not in selection.all_ids)
        if stale:
            items.append(StaleItem.from_parent(self, name="known-failures", stale=stale, path=listed))
        return sorted(items, key=lambda item: item.name)


class ScenarioFailed(Exception):
    """A scenario did not pass: the text is the runner's diff and the replay command."""


class _BohnspecItem(pytest.Item):
    """A failure of ours is shown as its own message (the diff, the replay command), not as a
    Python traceback into the plugin."""

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: TracebackStyle | None = None) -> str | TerminalRepr:
        if isinstance(excinfo.value, ScenarioFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)


class ScenarioItem(_BohnspecItem):
    def __init__(self, *, scenario: Scenario | None, known: dict[str, Any] | None = None, skip: str = "",
                 broken: str = "", **kwargs: Any):
        super().__init__(**kwargs)
        self.scenario = scenario
        self.known = known
        self.skip_reason = skip
        self.broken = broken
        self.add_marker("bohnspec")

    def runtest(self) -> None:
        if self.skip_reason:
            pytest.skip(self.skip_reason)
        if self.broken or self.scenario is None:
            raise ScenarioFailed(self.broken or f"{self.name}: no scenario")
        from . import runner as R
        engine = self.config.stash[_engine_key]
        adapter = engine.start()
        if engine.handshake:
            raise ScenarioFailed(f"{engine.handshake}\n  replay: {self._replay()}")
        v = R.run_scenario(adapter, self.scenario, isolate=bool(self.config.getoption("bohnspec_isolate")))
        if v.verdict in (R.SKIPPED, R.NOT_APPLICABLE):
            pytest.skip(f"{v.verdict}: {v.message}")
        if self.known is not None:
            expected = self.known.get("verdict")
            reason = str(self.known.get("reason") or self.known.get("link") or "")
            if v.verdict == expected and v.verdict != R.PASSED:
                pytest.xfail(f"known failure ({expected}){': ' + reason if reason else ''}")
            if v.verdict == R.PASSED:
                raise ScenarioFailed(f"listed as a known failure ({expected}) but it passes now: remove it from "
                                     f"the list\n  replay: {self._replay()}")
            raise ScenarioFailed(f"listed as a known failure ({expected}), but {v.verdict}:\n{self._detail(v)}")
        if v.verdict != R.PASSED:
            raise ScenarioFailed(self._detail(v))

    def _replay(self) -> str:
        command = self.config.getoption("bohnspec_impl")
        isolate = " --isolate" if self.config.getoption("bohnspec_isolate") else ""
        path = f" {shlex.quote(self.scenario.path)}" if self.scenario is not None else ""
        return f"bohnspec conform --impl {shlex.quote(command)}{isolate}{path} -k {shlex.quote(self.name)}"

    def _detail(self, v: Verdict) -> str:
        import json
        failing = [s for s in v.steps if not s.ok]
        first = (v.message or (failing[0].problems[0] if failing and failing[0].problems else "")).splitlines()
        where = f" at step {failing[0].index + 1}" if failing else ""
        # The first line is what pytest's short summary shows.
        lines = [f"{v.verdict}{where}: {first[0].rstrip(':') if first else v.id}"]
        if v.title:
            lines.append(f"  scenario: {v.title}")
        if v.cites:
            lines.append(f"  rules: {', '.join(v.cites)}  (see: bohnspec explain {v.cites[0]})")
        if v.message:
            lines.append("  " + v.message.replace("\n", "\n  "))
        for s in v.steps:
            if s.ok or (v.message and s.problems and all(p in v.message for p in s.problems)):
                continue
            action = json.dumps(s.action) if s.action else "(no action: checks the state)"
            paragraphs = getattr(s, "paragraphs", None)
            lines.append(f"  step {s.index + 1}: {action}" + (f"  [{', '.join(paragraphs)}]" if paragraphs else ""))
            lines.extend("    " + p.replace("\n", "\n    ") for p in s.problems)
        if v.stderr:
            from .runner import stderr_excerpt
            tail = stderr_excerpt(v.stderr).replace("\n", "\n    ")
            lines.append(f"  engine stderr (last lines):\n    {tail}")
        lines.append(f"  replay: {self._replay()}")
        return "\n".join(lines)

    def reportinfo(self) -> tuple[os.PathLike[str] | str, int | None, str]:
        path = self.scenario.path if self.scenario is not None else self.name
        return path, None, f"bohnspec scenario {self.name}"


class StaleItem(_BohnspecItem):
    """Known-failure entries naming no scenario: the list must not go stale."""

    def __init__(self, *, stale: list[str], path: str, **kwargs: Any):
        super().__init__(**kwargs)
        self.stale = stale
        self.list_path = path

    def runtest(self) -> NoReturn:
        raise ScenarioFailed(f"{self.list_path}: listed as known failures, but no scenario has these ids (stale "
                             "entries; remove them):\n  " + "\n  ".join(self.stale))

    def reportinfo(self) -> tuple[os.PathLike[str] | str, int | None, str]:
        return self.list_path, None, "bohnspec known failures"
