"""The `bohnspec` command: arguments in, readable text (or JSON) out, exit codes 0 / 1 / 2.

Exit codes: 0 all good; 1 a check or scenario failed; 2 bad input (unreadable rules or
scenario files, unknown options).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shlex
import sys
import threading
import time
from pathlib import Path

from .. import __version__

EXIT_OK, EXIT_FAIL, EXIT_INPUT, EXIT_INTERRUPTED = 0, 1, 2, 130


def _ranged(kind, low, high, unit: str = "", above: bool = False):
    """An argparse type: a whole number (kind int) or a finite number (float) within a range;
    anything else (nan, inf, 1e7 seconds, -3 games) is exit 2 with the range allowed."""
    span = (f"above {low:g} and at most {high:g}" if above else
            f"from {low:,} to {high:,}" if kind is int else f"from {low:g} to {high:g}") + (f" {unit}" if unit else "")
    noun = "a whole number" if kind is int else "a number"

    def parse(text: str):
        try:
            value = kind(text)
        except (TypeError, ValueError):
            raise argparse.ArgumentTypeError(f"{text!r} is not {noun}: give {noun} {span}") from None
        if kind is float and not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"{text} is not a finite number: give {noun} {span}")
        if value > high or value < low or (above and value <= low):
            raise argparse.ArgumentTypeError(f"{text} is out of range: give {noun} {span}")
        return value
    parse.__name__ = noun  # argparse names the type in some messages
    return parse


# The ranges of the numbers bohnspec takes.
TIMEOUT = _ranged(float, 0, 3600, "seconds", above=True)
JOBS = _ranged(int, 1, 64)
GAMES = _ranged(int, 1, 1_000_000)
PLAYERS = _ranged(int, 1, 64)
MAX_ACTIONS = _ranged(int, 1, 10_000_000)
SEED = _ranged(int, -(2**63), 2**63 - 1)
STEP = _ranged(int, 0, 1_000_000)


def _modules(value: str | None):
    return [m.strip() for m in value.split(",") if m.strip()] if value else None


def _with_requirements(modules, rules=()):
    """The named modules and every module they require (`dschingis` brings `base`); an
    unknown module is an input error with a did-you-mean."""
    if modules is None:
        return None
    from ..language.spec import module_closure, parse_files, spec_files
    return sorted(module_closure(parse_files([*spec_files(), *rules]), modules))


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="bohnspec", description="The machine-checkable rulebook of Bohnanza.")
    p.add_argument("--version", action="version", version=f"bohnspec {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    c = sub.add_parser("conform", help="run the conformance scenarios against an engine")
    c.add_argument("paths", nargs="*", help="scenario files or folders (default: the whole corpus)")
    c.add_argument("--impl", metavar="COMMAND",
                   help="an outside engine speaking the JSON-lines protocol (conformance/PROTOCOL.md), "
                        "e.g. \"node my-engine.js --bohnspec\"; default: the reference interpreter in-process")
    c.add_argument("--modules", help="comma-separated modules to run, e.g. base (scenarios needing others "
                                     "are skipped)")
    c.add_argument("-k", dest="pattern", help="only scenarios whose id contains PATTERN (or matches it as a glob)")
    c.add_argument("--timeout", type=TIMEOUT, default=5.0, metavar="SECONDS",
                   help="per-request timeout for an outside engine, above 0 and at most 3600 (default: 5)")
    c.add_argument("--jobs", "-j", type=JOBS, default=1, metavar="N",
                   help="run scenarios in N engine processes at once (with --impl), 1 to 64")
    c.add_argument("--expectations", metavar="FILE", help="YAML list of known failures: scenario id -> verdict")
    c.add_argument("--update-expectations", action="store_true",
                   help="rewrite the --expectations file from this run's verdicts")
    c.add_argument("--json", dest="json_file", metavar="FILE",
                   help="also write a JSON report to FILE (- : to standard output, the text going to standard error)")
    c.add_argument("--junit", dest="junit_file", metavar="FILE", help="also write a JUnit XML report to FILE")
    c.add_argument("--rules", action="append", default=[], metavar="FILE",
                   help="extra rules file loaded with spec/ (e.g. your own vine cards); checked first")
    c.add_argument("--allow-empty", action="store_true",
                   help="exit 0 even if no scenario ran (all filtered out, skipped or not applicable)")
    c.add_argument("-q", "--quiet", action="store_true", help="no progress bar")

    m = sub.add_parser("simulate", help="play random full games and show statistics")
    m.add_argument("--games", type=GAMES, default=100, help="how many games, 1 to 1,000,000 (default: 100)")
    m.add_argument("--players", type=PLAYERS, default=4, help="players per game (default: 4)")
    m.add_argument("--modules", default="base", help="modules to play, e.g. base or bohnroeschen (default: base)")
    m.add_argument("--seed", type=SEED, default=1, help="the same seed gives the same games (default: 1)")
    m.add_argument("--beans", choices=["garden", "jumping"], default="garden",
                   help="which of Garden and Jumping Bean is in the game (default: garden)")
    m.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="another option of the game, e.g. layout=beginner, plunder=on or passes=four for dschingis")
    m.add_argument("--max-actions", type=MAX_ACTIONS, default=6000, help="give up on a game after this many actions")
    m.add_argument("--jobs", "-j", type=JOBS, default=1,
                   help="worker processes sharing the games, 1 to 64; the statistics do not depend on it (default: 1)")
    m.add_argument("--rules", action="append", default=[], metavar="FILE",
                   help="extra rules file loaded with spec/ (e.g. your own vine cards)")
    m.add_argument("--json", dest="json_file", metavar="FILE",
                   help="also write the statistics as JSON (- : to standard output)")
    m.add_argument("-q", "--quiet", action="store_true", help="no progress bar")

    j = sub.add_parser("judge", help="settle a rules question: what may each player do, is this action legal")
    j.add_argument("situation", help="a state in the scenario format (YAML), a scenario file, or a corpus scenario id")
    j.add_argument("--step", type=STEP, help="with a scenario: the situation after this many steps (default: all)")
    j.add_argument("--action", "-a", action="append", default=[],
                   help='an action in notation ("Nina harvest 1", "Timon trade give soy get red with Nina") '
                        "or JSON; repeat for a sequence")
    j.add_argument("--player", help="show only what this player may do")
    j.add_argument("--rules", action="append", default=[], metavar="FILE", help="extra rules file")
    j.add_argument("--rulebooks", metavar="DIR",
                   help="the folder of the rulebooks (bohnanza.md, ...): a refusal quotes the paragraph that "
                        "decides it (default: $BOHNSPEC_RULEBOOKS)")
    j.add_argument("--json", dest="as_json", action="store_true", help="print JSON")

    b = sub.add_parser("board", help="the map of a situation: rows of spaces with owners, or an SVG picture")
    b.add_argument("situation", help="a state in the scenario format (YAML), a scenario file, or a corpus scenario id")
    b.add_argument("--step", type=STEP, help="with a scenario: the situation after this many steps (default: all)")
    b.add_argument("--svg", metavar="FILE", help="also draw the map into FILE (SVG)")
    b.add_argument("--rules", action="append", default=[], metavar="FILE", help="extra rules file")
    b.add_argument("--json", dest="as_json", action="store_true", help="print the spaces as JSON")

    e = sub.add_parser("explain", help="a paragraph, ruling or clause: its words, source, citations and scenarios")
    e.add_argument("id", nargs="?",
                   help="bohnanza/harvest/1, ruling/<name>, or a clause name such as harvest; with --rules and "
                        "no id, every card and rule of those files")
    e.add_argument("--rules", action="append", default=[], metavar="FILE",
                   help="extra rules file (your own vine cards, landscapes, ...): explained like the spec")
    e.add_argument("--rulebooks", metavar="DIR",
                   help="the folder of the rulebooks (bohnanza.md, bohnroeschen.md, dschingis.md, "
                        "bohnaparte.en.md), for the paragraphs' own words; they are not shipped with "
                        "bohnspec (default: $BOHNSPEC_RULEBOOKS, then a shared/rulebooks folder beside the checkout)")
    e.add_argument("--json", dest="as_json", action="store_true", help="print JSON")

    s = sub.add_parser("serve", help="speak the conformance protocol on stdin/stdout (the reference engine)")
    s.set_defaults(command="serve")

    k = sub.add_parser("check", help="check rules files: syntax, names, citations")
    k.add_argument("files", nargs="*", help="rules files (default: all of spec/)")
    k.add_argument("--json", dest="as_json", action="store_true", help="print the diagnostics as JSON")

    v = sub.add_parser("coverage", help="which rulebook paragraphs are cited by clauses and scenarios")
    v.add_argument("--book", help="only this rulebook, e.g. bohnanza")
    v.add_argument("--missing", action="store_true", help="list only paragraphs lacking a clause or a scenario")
    v.add_argument("--strict", action="store_true", help="exit 1 if a normative paragraph lacks either")
    v.add_argument("--json", dest="as_json", action="store_true", help="print the report as JSON")

    w = sub.add_parser("site", help="write the static website: the annotated rulebook, rulings, scenarios, maps, engines")
    w.add_argument("out", metavar="OUT_DIR", help="the folder to write (created; a previous site there is replaced)")
    books = w.add_mutually_exclusive_group()
    books.add_argument("--rulebooks", metavar="DIR",
                       help="the rulebooks' markdown files, for each paragraph's text (default: $BOHNSPEC_RULEBOOKS, "
                            "else the rulebooks beside the checkout, if any)")
    books.add_argument("--no-rulebooks", action="store_true", help="show paragraphs by id only, without their text")
    w.add_argument("--report", action="append", default=[], metavar="FILE",
                   help="a JSON report of `bohnspec conform --json FILE`: adds a page per engine and the matrix "
                        "of scenarios against engines (repeat for several engines)")
    return p


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return EXIT_INPUT
    from ..errors import BohnspecError

    restore = _terminate_as_interrupt()
    try:
        return _dispatch(args)
    except BohnspecError as exc:
        print(f"bohnspec: {exc}", file=sys.stderr)
        return EXIT_INPUT
    except KeyboardInterrupt:
        print("bohnspec: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader (e.g. `| head`) went away: not an error of ours.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except (RecursionError, MemoryError) as exc:
        print(f"bohnspec: the input is too large or nested too deep to handle ({type(exc).__name__})",
              file=sys.stderr)
        return EXIT_INPUT
    finally:
        from ..conformance.protocol import end_all_engines
        end_all_engines()
        restore()


def _terminate_as_interrupt():
    """SIGTERM (a CI job cancelled, `timeout`) is handled like Ctrl-C: the reports of what ran
    are written and every engine process is ended. Returns what undoes it."""
    import signal

    if threading.current_thread() is not threading.main_thread():
        return lambda: None

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, interrupt)
    except (ValueError, OSError):
        return lambda: None
    return lambda: signal.signal(signal.SIGTERM, previous)


def _dispatch(args) -> int:
    commands = {"conform": cmd_conform, "judge": cmd_judge, "explain": cmd_explain, "board": cmd_board,
                "simulate": cmd_simulate, "check": cmd_check, "coverage": cmd_coverage, "site": cmd_site}
    if args.command == "serve":
        from ..conformance.protocol import serve
        return serve()
    command = commands.get(args.command)
    return command(args) if command is not None else EXIT_INPUT


# ------------------------------------------------------------ users' files

def _check_rules(rules: list[str]) -> None:
    """Check the --rules files before anything uses them: unreadable ones are one line each,
    rules that do not check stop the command with the checker's located diagnostics."""
    if not rules:
        return
    from .. import userfile
    from ..language.check import check_files
    from ..errors import BohnspecError

    for f in rules:
        userfile.read_text(f, "--rules")
    diagnostics, _ = check_files(rules)
    errors = [d for d in diagnostics if d.severity == "error"]
    if errors:
        shown = "\n".join(f"  {d}" for d in errors[:20])
        more = f"\n  ... and {len(errors) - 20} more (bohnspec check {' '.join(map(shlex.quote, rules))})" \
            if len(errors) > 20 else ""
        raise BohnspecError(f"--rules: {len(errors)} error(s) in the rules; nothing was run:\n{shown}{more}")


def _check_situation(where: str) -> None:
    """A situation given as a file is read the one way every user's file is: unreadable,
    binary, empty or hostile YAML is one line and exit 2 before anything else looks at it."""
    from .. import userfile

    path = Path(where)
    if path.exists():
        userfile.read_yaml(path)
    # Otherwise a corpus id, or neither: judge says so.


def _output(option: str, value: str | None) -> str | None:
    """Check a report path before the run, so that a run's results are never lost to a path
    that cannot be written: a folder, a folder that does not exist, no permission."""
    if value is None or value == "-":
        return value
    path = Path(value)
    if not value.strip():
        raise _usage(f"{option} is empty: give a file name (or - for standard output)")
    if path.is_dir():
        raise _usage(f"{option} {value}: is a folder; give a file name, e.g. {path / 'report'}"
                     f"{'.xml' if 'junit' in option else '.json'}")
    parent = path.parent
    if not parent.exists():
        raise _usage(f"{option} {value}: the folder {parent} does not exist")
    if not parent.is_dir():
        raise _usage(f"{option} {value}: {parent} is not a folder")
    if (path.exists() and not os.access(path, os.W_OK)) or (not path.exists() and not os.access(parent, os.W_OK)):
        raise _usage(f"{option} {value}: cannot write there (permission denied)")
    return value


def _write_output(option: str, value: str, text: str) -> str | None:
    """Write a report (to standard output for -); the problem in one line if it cannot be written
    (a full disk), the file left as it was."""
    if value == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return None
    path = Path(value)
    try:
        if path.exists() and not path.is_file():  # a device or a pipe: written as it is
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            return None
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        try:
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, path)
        finally:
            if tmp.exists():
                tmp.unlink()
    except OSError as exc:
        return f"{option} {value}: cannot write the report ({exc.strerror or exc})"
    return None


# ------------------------------------------------------------ conform

def cmd_conform(args) -> int:
    from ..conformance import reports
    from ..conformance import runner as R
    from ..errors import BohnspecError
    from ..conformance.protocol import EngineFault, engine_argv

    # Everything the run needs is checked before it starts: nothing is lost at its end.
    if args.update_expectations and not args.expectations:
        raise _usage("--update-expectations needs --expectations FILE")
    if args.impl is not None:
        engine_argv(args.impl)  # an empty command is an error, never the reference interpreter
    if args.json_file == "-" and args.junit_file == "-":
        raise _usage("--json - and --junit - cannot both write to standard output")
    json_file = _output("--json", args.json_file)
    junit_file = _output("--junit", args.junit_file)
    if args.update_expectations:
        _output("--expectations", args.expectations)  # rewritten at the end: writable now
    _check_rules(args.rules)
    started = time.perf_counter()
    modules = _with_requirements(_modules(args.modules), args.rules)
    expectations = reports.load_expectations(Path(args.expectations), strict=not args.update_expectations) \
        if args.expectations else {}
    # With a report on standard output, the text goes to standard error.
    out = sys.stderr if "-" in (json_file, junit_file) else sys.stdout

    handshake = None  # how the engine failed its handshake, if it did
    not_started = False  # the engine's command did not even start (input error, exit 2)
    interrupted = False  # Ctrl-C or SIGTERM: the reports hold what ran until then
    if args.impl is not None:
        from ..conformance.protocol import ProtocolAdapter

        def make_adapter():
            return ProtocolAdapter(args.impl, args.timeout)

        probe = make_adapter()
        try:
            probe.ensure()
        except KeyboardInterrupt:
            interrupted = True
        except EngineFault as exc:
            handshake = exc
        except BohnspecError as exc:  # the command does not start at all
            handshake, not_started = EngineFault(R.ERRORED, str(exc)), True
        if handshake is not None:
            print(f"bohnspec: the engine failed its handshake ({handshake.verdict}): {handshake}", file=sys.stderr)
            if handshake.stderr:
                print("engine stderr:\n" + handshake.stderr, file=sys.stderr)
        claimed = probe.capabilities.get("modules") if handshake is None else None
    else:
        def make_adapter():
            return R.InProcess(args.rules)

        probe = make_adapter()
        claimed = None
    try:
        try:
            if interrupted:
                raise KeyboardInterrupt
            selection = R.select(args.paths, modules, args.pattern, claimed)
        except KeyboardInterrupt:  # at the handshake or while loading: nothing ran, and the reports say so
            selection, interrupted = R.Selection([], [], []), True
        if interrupted:
            ran = []
        elif handshake is not None:
            # Every scenario gets the handshake's verdict, and the reports are written all the same.
            ran = [R.Verdict(sc.id, sc.path, handshake.verdict,
                             f"at the start (request hello): the engine failed its handshake: {handshake}",
                             cites=list(sc.cites), stderr=handshake.stderr, title=sc.title,
                             fault_request=probe.last_request) for sc in selection.scenarios]
        else:
            ran, interrupted = _run_all(selection.scenarios, probe, make_adapter, args)
    finally:
        if hasattr(probe, "close"):
            probe.close()
    verdicts = list(selection.broken) + ran
    for sc, verdict, why in selection.skipped:
        verdicts.append(R.Verdict(sc.id, sc.path, verdict, why, cites=list(sc.cites), title=sc.title))
    problems = reports.apply_expectations(verdicts, expectations, selection.all_ids) if expectations else []
    if interrupted:
        problems = [p for p in problems if "no scenario has this id" in p]  # not every listed one ran
    seconds = time.perf_counter() - started
    replay = "bohnspec conform" + (f" --impl {shlex.quote(args.impl)}" if args.impl else "") + \
        "".join(f" --rules {shlex.quote(r)}" for r in args.rules)
    for v in sorted(verdicts, key=lambda v: v.id):
        if not v.ok:
            _print_failure(v, replay, out)
    for problem in problems:
        print(f"EXPECTATIONS {problem}", file=out)
    counts = R.summary(verdicts)
    parts = [f"{counts['passed']} passed", f"{counts['failed']} failed", f"{counts['errored']} errored",
             f"{counts['skipped']} skipped"]
    for key, label in (("not_applicable", "not applicable"), ("timeout", "timed out"),
                       ("protocol_error", "protocol errors"), ("expected_failures", "known failures")):
        if counts[key]:
            parts.append(f"{counts[key]} {label}")
    broken = [v for v in verdicts if v.broken]
    if broken:
        parts.append(f"{len(broken)} broken scenario(s)")
    total = len(selection.scenarios)
    stopped = f"; INTERRUPTED after {len(ran)} of {total} selected" if interrupted else ""
    print(", ".join(parts) + f"  ({len(verdicts)} scenarios in {seconds:.2f}s, engine: {probe.name}{stopped})",
          file=out)
    engine_info = dict(getattr(probe, "engine_info", {}) or {})
    capabilities = dict(getattr(probe, "capabilities", {}) or {})
    unwritten = []
    if json_file:
        data = reports.json_report(verdicts, engine_info, capabilities, seconds, args.impl, interrupted)
        unwritten.append(_write_output("--json", json_file, json.dumps(data, indent=2) + "\n"))
    if junit_file:
        unwritten.append(_write_output("--junit", junit_file,
                                       reports.junit_xml(verdicts, probe.name, seconds, interrupted)))
    unwritten = [u for u in unwritten if u]
    for problem in unwritten:
        print(f"bohnspec: {problem}", file=sys.stderr)
    if interrupted:
        print(f"bohnspec: interrupted: {len(ran)} of {total} scenario(s) ran"
              + ("; the reports hold those, marked interrupted" if (json_file or junit_file) else ""),
              file=sys.stderr)
        return EXIT_INTERRUPTED
    if args.update_expectations:
        try:
            n = reports.write_expectations(Path(args.expectations), verdicts, expectations, selection.all_ids)
        except OSError as exc:
            print(f"bohnspec: --expectations {args.expectations}: cannot write the list "
                  f"({exc.strerror or exc})", file=sys.stderr)
            return EXIT_INPUT
        print(f"wrote {n} known failure(s) to {args.expectations}", file=out)
        return EXIT_INPUT if unwritten or broken else EXIT_OK
    if unwritten or not_started:
        return EXIT_INPUT
    if broken:
        print(f"bohnspec: {len(broken)} scenario file(s) are broken (BUG IN SCENARIO above): the scenarios, "
              "not the engine, need fixing", file=sys.stderr)
        return EXIT_INPUT
    executed = [v for v in verdicts if v.verdict not in (R.SKIPPED, R.NOT_APPLICABLE)]
    if not executed and not args.allow_empty:
        what = "no scenario ran" if selection.skipped else "no scenario matched"
        print(f"bohnspec: {what} ({_why_empty(selection, args)}): nothing was tested; "
              "pass --allow-empty if that is what you meant", file=sys.stderr)
        return EXIT_INPUT
    return EXIT_OK if all(v.ok for v in verdicts) and not problems else EXIT_FAIL


def _why_empty(selection, args) -> str:
    from ..conformance import runner as R

    skipped = sum(1 for _, v, _ in selection.skipped if v == R.SKIPPED)
    not_applicable = sum(1 for _, v, _ in selection.skipped if v == R.NOT_APPLICABLE)
    found = len(selection.all_ids)
    reasons = []
    if args.pattern and found and not selection.skipped:
        reasons.append(f"none of the {found} scenario(s) found matches -k {args.pattern!r}")
    if skipped:
        reasons.append(f"{skipped} skipped for --modules {args.modules}")
    if not_applicable:
        reasons.append(f"{not_applicable} not applicable: the engine does not claim their modules")
    if not found:
        reasons.append("no scenario file found")
    return "; ".join(reasons) or "no scenario matched"


def _usage(message: str):
    from ..errors import BohnspecError
    return BohnspecError(message)


def _run_all(scenarios, first_adapter, make_adapter, args) -> tuple[list, bool]:
    """Run scenarios, in parallel engine processes with --jobs; a progress bar on a terminal.

    Returns the verdicts of the scenarios that ran and whether the run was interrupted (Ctrl-C,
    SIGTERM): then the scenarios under way are dropped, the engines ended, and the verdicts so
    far returned, for the reports."""
    from ..conformance import runner as R

    total = len(scenarios)
    show = sys.stderr.isatty() and not args.quiet and total > 20
    done = [0]
    lock = threading.Lock()
    stop = threading.Event()

    def tick():
        with lock:
            done[0] += 1
            if show:
                width = 30
                filled = width * done[0] // total
                print(f"\r  [{'#' * filled}{'.' * (width - filled)}] {done[0]}/{total}", end="",
                      file=sys.stderr, flush=True)

    jobs = min(args.jobs, max(1, total))
    results: list = [None] * total
    interrupted = False
    if jobs == 1:
        try:
            for i, sc in enumerate(scenarios):
                results[i] = R.run_scenario(first_adapter, sc)
                tick()
        except KeyboardInterrupt:
            interrupted = True
    else:
        import queue
        todo: queue.Queue = queue.Queue()
        for i in range(total):
            todo.put(i)
        adapters: list = []

        def worker(adapter):
            try:
                while not stop.is_set():
                    try:
                        i = todo.get_nowait()
                    except queue.Empty:
                        return
                    verdict = R.run_scenario(adapter, scenarios[i])
                    if stop.is_set():
                        return  # ended by the interruption: not a verdict on the engine
                    results[i] = verdict
                    tick()
            finally:
                if adapter is not first_adapter and hasattr(adapter, "close"):
                    adapter.close()

        threads = []
        try:
            for n in range(jobs):
                adapter = first_adapter if n == 0 else make_adapter()
                adapters.append(adapter)
                t = threading.Thread(target=worker, args=(adapter,), daemon=True)
                threads.append(t)
                t.start()
            for t in threads:
                while t.is_alive():
                    t.join(0.2)
        except KeyboardInterrupt:
            interrupted = True
            stop.set()
            for adapter in adapters:  # a worker waiting on its engine is released by the engine's end
                restart = getattr(adapter, "restart", None)
                if restart:
                    restart()
            for t in threads:
                t.join(10)
    if show:
        print("\r" + " " * 50 + "\r", end="", file=sys.stderr)
    return [r for r in results if r is not None], interrupted


def _print_failure(v, replay: str, out=None) -> None:
    out = out or sys.stdout
    head = v.verdict.upper().replace("-", " ")
    if v.expected is not None:
        head = f"UNEXPECTED {head} (listed as {v.expected})"
    print(f"{head} {v.id}  ({v.path})", file=out)
    if v.title:
        print(f"  scenario: {v.title}", file=out)
    if v.cites:
        print(f"  rules: {', '.join(v.cites)}  (see: bohnspec explain {v.cites[0]})", file=out)
    if v.message:
        print("  " + v.message.replace("\n", "\n  "), file=out)
    for s in v.steps:
        if not s.ok:
            if v.message and s.problems and all(p in v.message for p in s.problems):
                continue  # the message above already names this step
            action = json.dumps(s.action) if s.action else "(no action: checks the state)"
            print(f"  step {s.index + 1}: {action}", file=out)
            for problem in s.problems:
                print("    " + problem.replace("\n", "\n    "), file=out)
    if v.stderr:
        tail = "\n    ".join(v.stderr.strip().splitlines()[-10:])
        print(f"  engine stderr (last lines):\n    {tail}", file=out)
    print(f"  replay: {replay} {shlex.quote(v.path)} -k {shlex.quote(v.id)}", file=out)


# ------------------------------------------------------------ judge, explain

def cmd_judge(args) -> int:
    from ..errors import BohnspecError

    try:
        _check_rules(args.rules)
        _check_situation(args.situation)
        return _judge(args)
    except BohnspecError as exc:
        # With --json, the answer is JSON on stdout too (and the message on stderr).
        if args.as_json:
            print(json.dumps({"situation": args.situation, "error": str(exc)}, indent=2))
        raise


def _judge(args) -> int:
    from .explain import rulebooks_folder
    from .judge import board_of, judge_actions, load_situation, overview, render_overview, render_verdicts
    from .notation import parse_action

    books = rulebooks_folder(args.rulebooks)
    engine, state, where = load_situation(args.situation, args.step, args.rules)
    if args.player and args.player not in state.names():
        raise _usage(f"--player {args.player!r} is not at the table ({', '.join(state.names())})")
    if args.action:
        actions, notes = [], {}
        for text in args.action:
            said: list = []
            parsed = parse_action(engine, state, text, said)
            if said:
                notes[len(actions)] = [s for _, s in said]
            actions.extend(parsed)
        results = judge_actions(engine, state, actions, notes, books)
        board = board_of(engine, state, actions)
        if args.as_json:
            print(json.dumps({"situation": where, **({"board": board} if board else {}), "results": results},
                             indent=2))
        else:
            print(f"situation: {where}  (phase {state.phase}, active player {state.active})")
            if board:
                print("\n".join(board["rows"]))
            print(render_verdicts(results))
        return EXIT_OK if all(r["legal"] for r in results) else EXIT_FAIL
    ov = overview(engine, state)
    if args.player:
        ov["players"] = [p for p in ov["players"] if p["player"] == args.player]
    print(json.dumps({"situation": where, **ov}, indent=2) if args.as_json else render_overview(ov, where))
    return EXIT_OK


def cmd_board(args) -> int:
    from . import boardview
    from .judge import load_situation

    _check_rules(args.rules)
    _check_situation(args.situation)
    engine, state, where = load_situation(args.situation, args.step, args.rules)
    view = boardview.of_state(engine.spec, state)
    if view is None:
        raise _usage(f"{args.situation}: this game has no map (modules {', '.join(state.modules)}); "
                     "a board belongs to games played on one, such as dschingis")
    if args.svg:
        picture = boardview.svg(view, subtitle=f"{where} (phase {state.phase}, active player {state.active})")
        try:
            Path(args.svg).write_text(picture, encoding="utf-8")
        except OSError as exc:
            raise _usage(f"--svg {args.svg}: cannot write the picture ({exc.strerror or exc})") from None
    if args.as_json:
        print(json.dumps({"situation": where, **boardview.to_json(view)}, indent=2))
    else:
        print(f"situation: {where}  (phase {state.phase}, active player {state.active})")
        print("\n".join(boardview.text_rows(view)))
        if args.svg:
            print(f"wrote the map to {args.svg}")
    return EXIT_OK


def cmd_explain(args) -> int:
    from .explain import explain, explain_files, render, rulebooks_folder

    _check_rules(args.rules)
    books = rulebooks_folder(args.rulebooks)
    if args.id is None:
        if not args.rules:
            raise _usage("explain what? give an id (bohnanza/harvest/1, ruling/<name>, a clause name such as "
                         "harvest), or --rules FILE to explain the cards and rules of your own file")
        info = explain_files(args.rules, books)
    else:
        info = explain(args.id, args.rules, books)
    print(json.dumps(info, indent=2) if args.as_json else render(info))
    return EXIT_OK


# ------------------------------------------------------------ simulate

def cmd_simulate(args) -> int:
    from ..execution.interpret import engine_for
    from .simulate import render

    json_file = _output("--json", args.json_file)
    _check_rules(args.rules)
    modules = _modules(args.modules) or ["base"]
    _with_requirements(modules, args.rules)  # an unknown module: exit 2 with a did-you-mean
    engine = engine_for(modules, args.rules)
    problem = engine.player_count_problem(args.players)
    if problem is not None:
        raise _usage(f"--players {args.players}: {problem}")
    options = {"beans": args.beans, **_game_options(engine, args.option)}
    show = sys.stderr.isatty() and not args.quiet
    out = sys.stderr if json_file == "-" else sys.stdout

    def progress(done, total):
        if show:
            width = 30
            filled = width * done // total
            print(f"\r  [{'#' * filled}{'.' * (width - filled)}] {done}/{total} games", end="",
                  file=sys.stderr, flush=True)

    try:
        stats, interrupted = _simulate(engine, args.players, args.games, args.seed, options,
                                       args.max_actions, progress, args.jobs, modules, args.rules)
    finally:
        if show:
            print("\r" + " " * 50 + "\r", end="", file=sys.stderr)
    others = "".join(f", {k} {v}" for k, v in options.items() if k != "beans")
    played = f"{stats.games} of {args.games} random games (INTERRUPTED)" if interrupted else f"{args.games} random games"
    print(render(stats, f"{played}, {args.players} players, modules {args.modules}, seed {args.seed}{others}"),
          file=out)
    if json_file:
        data = {"players": args.players, "modules": args.modules, "seed": args.seed, "beans": args.beans,
                "options": options, **stats.to_json()}
        if interrupted:
            data.update(interrupted=True, games_asked=args.games)
        problem = _write_output("--json", json_file, json.dumps(data, indent=2) + "\n")
        if problem:
            print(f"bohnspec: {problem}", file=sys.stderr)
            return EXIT_INPUT
    if interrupted:
        print(f"bohnspec: interrupted after {stats.games} of {args.games} games; the statistics are theirs",
              file=sys.stderr)
        return EXIT_INTERRUPTED
    return EXIT_OK


def _simulate(engine, players, games, seed, options, max_actions, progress, jobs, modules, rules):
    """simulate.simulate, keeping the statistics of the games played when interrupted (Ctrl-C,
    SIGTERM): (stats, interrupted). The same seeds and order, so the same statistics."""
    from . import simulate as M
    from ..execution.play import random_game

    names = [f"P{i + 1}" for i in range(players)]
    seeds = M.game_seeds(seed, games)
    stats = M.Stats()
    started = time.perf_counter()
    pool = None
    interrupted = False
    try:
        if jobs <= 1 or games == 1:
            vines, holders = frozenset(engine.spec.vines), M.holders_of(engine)
            results = (M.summarise(random_game(engine, names, s, options, max_actions=max_actions), vines, engine,
                                   holders) for s in seeds)
        else:
            import multiprocessing

            pool = multiprocessing.get_context("spawn").Pool(
                min(jobs, games), initializer=M._worker_init,
                initargs=(modules, list(rules), names, options, max_actions))
            results = pool.imap(M._worker_game, seeds, chunksize=max(1, min(16, games // (8 * jobs))))
        for n, g in enumerate(results):
            M.add(stats, g, max_actions)
            progress(n + 1, games)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
    stats.seconds = time.perf_counter() - started
    return stats, interrupted


def _game_options(engine, given: list[str]) -> dict[str, str]:
    """`--option NAME=VALUE` arguments, checked against the options the spec declares."""
    from ..execution.interpret import suggest

    out = {}
    for text in given:
        name, sep, value = text.partition("=")
        name, value = name.strip(), value.strip()
        option = engine.spec.options.get(name)
        if not sep or option is None:
            known = ", ".join(n for n in engine.spec.options if n != "beans") or "none besides --beans"
            raise _usage(f"--option {text!r}: write NAME=VALUE with an option of the game ({known})"
                         f"{suggest(name, engine.spec.options) if sep else ''}")
        if value not in option.values:
            raise _usage(f"--option {name}: {value!r} is not one of {', '.join(option.values)}"
                         f"{suggest(value, option.values)}")
        out[name] = value
    return out


# ------------------------------------------------------------ check

def cmd_check(args) -> int:
    from .. import userfile
    from ..language.check import check_files

    for f in args.files:
        userfile.read_text(f)  # missing, a folder, binary, not UTF-8, empty: one line, exit 2
    diagnostics, nfiles = check_files(args.files or None)
    errors = [d for d in diagnostics if d.severity == "error"]
    if args.as_json:
        print(json.dumps({"files": nfiles, "diagnostics": [
            {"file": d.location.file, "line": d.location.line, "column": d.location.column,
             "severity": d.severity, "message": d.message} for d in diagnostics]}, indent=2))
    else:
        for d in diagnostics:
            print(d)
        warnings = len(diagnostics) - len(errors)
        print(f"{nfiles} file(s) checked: {len(errors)} error(s), {warnings} warning(s)")
    return EXIT_FAIL if errors else EXIT_OK


# ------------------------------------------------------------ coverage

def cmd_coverage(args) -> int:
    from ..conformance.coverage import coverage, render

    rows = coverage(book=args.book)
    if args.as_json:
        print(json.dumps(rows, indent=2))
    else:
        print(render(rows, missing_only=args.missing))
    gaps = [r for r in rows["paragraphs"] if r["normative"] and (not r["clauses"] or not r["scenarios"])]
    return EXIT_FAIL if args.strict and gaps else EXIT_OK


# ------------------------------------------------------------ site

def cmd_site(args) -> int:
    from .site import generate

    result = generate(Path(args.out), Path(args.rulebooks) if args.rulebooks else None, args.report,
                      use_default_rulebooks=not args.no_rulebooks)
    for warning in result.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    texts = f"paragraph texts from {result.rulebooks}" if result.rulebooks else \
        "no rulebooks given: paragraphs are shown by id (--rulebooks DIR adds their texts)"
    engines = f"; engines: {', '.join(result.engines)}" if result.engines else ""
    print(f"wrote {result.pages} pages ({result.files} files) to {result.out} in {result.seconds:.2f}s; {texts}{engines}")
    print(f"open {(result.out / 'index.html').resolve().as_uri()}")
    return EXIT_OK
