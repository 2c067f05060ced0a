"""The `bohnspec` command: arguments in, readable text (or JSON) out, exit codes 0 / 1 / 2.

Exit codes: 0 all good; 1 a check or scenario failed; 2 bad input (unreadable rules or
scenario files, unknown options).
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import threading
import time
from pathlib import Path

from . import __version__

EXIT_OK, EXIT_FAIL, EXIT_INPUT = 0, 1, 2


def _modules(value: str | None):
    return [m.strip() for m in value.split(",") if m.strip()] if value else None


def _with_requirements(modules, rules=()):
    """The named modules and every module they require (`dschingis` brings `base`); an
    unknown module is an input error with a did-you-mean."""
    if modules is None:
        return None
    from .spec import module_closure, parse_files, spec_files
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
    c.add_argument("--timeout", type=float, default=5.0, metavar="SECONDS",
                   help="per-request timeout for an outside engine (default: 5)")
    c.add_argument("--jobs", "-j", type=int, default=1, metavar="N",
                   help="run scenarios in N engine processes at once (with --impl)")
    c.add_argument("--expectations", metavar="FILE", help="YAML list of known failures: scenario id -> verdict")
    c.add_argument("--update-expectations", action="store_true",
                   help="rewrite the --expectations file from this run's verdicts")
    c.add_argument("--json", dest="json_file", metavar="FILE", help="also write a JSON report to FILE")
    c.add_argument("--junit", dest="junit_file", metavar="FILE", help="also write a JUnit XML report to FILE")
    c.add_argument("--rules", action="append", default=[], metavar="FILE",
                   help="extra rules file loaded with spec/ (e.g. your own vine cards)")
    c.add_argument("-q", "--quiet", action="store_true", help="no progress bar")

    m = sub.add_parser("simulate", help="play random full games and show statistics")
    m.add_argument("--games", type=int, default=100, help="how many games (default: 100)")
    m.add_argument("--players", type=int, default=4, help="players per game (default: 4)")
    m.add_argument("--modules", default="base", help="modules to play, e.g. base or bohnroeschen (default: base)")
    m.add_argument("--seed", type=int, default=1, help="the same seed gives the same games (default: 1)")
    m.add_argument("--beans", choices=["garden", "jumping"], default="garden",
                   help="which of Garden and Jumping Bean is in the game (default: garden)")
    m.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="another option of the game, e.g. layout=beginner, plunder=on or passes=four for dschingis")
    m.add_argument("--max-actions", type=int, default=6000, help="give up on a game after this many actions")
    m.add_argument("--jobs", "-j", type=int, default=1,
                   help="worker processes sharing the games; the statistics do not depend on it (default: 1)")
    m.add_argument("--rules", action="append", default=[], metavar="FILE",
                   help="extra rules file loaded with spec/ (e.g. your own vine cards)")
    m.add_argument("--json", dest="json_file", metavar="FILE", help="also write the statistics as JSON")
    m.add_argument("-q", "--quiet", action="store_true", help="no progress bar")

    j = sub.add_parser("judge", help="settle a rules question: what may each player do, is this action legal")
    j.add_argument("situation", help="a state in the scenario format (YAML), a scenario file, or a corpus scenario id")
    j.add_argument("--step", type=int, help="with a scenario: the situation after this many steps (default: all)")
    j.add_argument("--action", "-a", action="append", default=[],
                   help='an action in notation ("Nina harvest 1", "Timon trade give soy get red with Nina") '
                        "or JSON; repeat for a sequence")
    j.add_argument("--player", help="show only what this player may do")
    j.add_argument("--rules", action="append", default=[], metavar="FILE", help="extra rules file")
    j.add_argument("--json", dest="as_json", action="store_true", help="print JSON")

    b = sub.add_parser("board", help="the map of a situation: rows of spaces with owners, or an SVG picture")
    b.add_argument("situation", help="a state in the scenario format (YAML), a scenario file, or a corpus scenario id")
    b.add_argument("--step", type=int, help="with a scenario: the situation after this many steps (default: all)")
    b.add_argument("--svg", metavar="FILE", help="also draw the map into FILE (SVG)")
    b.add_argument("--rules", action="append", default=[], metavar="FILE", help="extra rules file")
    b.add_argument("--json", dest="as_json", action="store_true", help="print the spaces as JSON")

    e = sub.add_parser("explain", help="a paragraph, ruling or clause: its words, source, citations and scenarios")
    e.add_argument("id", help="bohnanza/harvest/1, ruling/<name>, or a clause name such as harvest")
    e.add_argument("--rules", action="append", default=[], metavar="FILE", help="extra rules file")
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
    return p


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return EXIT_INPUT
    from .errors import BohnspecError

    try:
        if args.command == "conform":
            return cmd_conform(args)
        if args.command == "serve":
            from .protocol import serve
            return serve()
        if args.command == "judge":
            return cmd_judge(args)
        if args.command == "explain":
            return cmd_explain(args)
        if args.command == "board":
            return cmd_board(args)
        if args.command == "simulate":
            return cmd_simulate(args)
        if args.command == "check":
            return cmd_check(args)
        if args.command == "coverage":
            return cmd_coverage(args)
    except BohnspecError as exc:
        print(f"bohnspec: {exc}", file=sys.stderr)
        return EXIT_INPUT
    except KeyboardInterrupt:
        print("bohnspec: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader (e.g. `| head`) went away: not an error of ours.
        import os
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    return EXIT_INPUT


# ------------------------------------------------------------ conform

def cmd_conform(args) -> int:
    from . import reports
    from . import runner as R

    if args.update_expectations and not args.expectations:
        raise _usage("--update-expectations needs --expectations FILE")
    if args.jobs < 1 or args.timeout <= 0:
        raise _usage("--jobs must be at least 1 and --timeout positive")
    started = time.perf_counter()
    modules = _with_requirements(_modules(args.modules), args.rules)
    expectations = reports.load_expectations(Path(args.expectations)) if args.expectations else {}

    if args.impl:
        from .protocol import EngineFault, ProtocolAdapter

        def make_adapter():
            return ProtocolAdapter(args.impl, args.timeout)

        probe = make_adapter()
        try:
            probe.ensure()
        except EngineFault as exc:
            print(f"bohnspec: the engine failed its handshake ({exc.verdict}): {exc}", file=sys.stderr)
            if exc.stderr:
                print("engine stderr:\n" + exc.stderr, file=sys.stderr)
            return EXIT_FAIL
        claimed = probe.capabilities.get("modules")
    else:
        def make_adapter():
            return R.InProcess(args.rules)

        probe = make_adapter()
        claimed = None
    selection = R.select(args.paths, modules, args.pattern, claimed)
    verdicts = list(selection.broken) + _run_all(selection.scenarios, probe, make_adapter, args)
    for sc, verdict, why in selection.skipped:
        verdicts.append(R.Verdict(sc.id, sc.path, verdict, why, cites=list(sc.cites)))
    if hasattr(probe, "close"):
        probe.close()
    problems = reports.apply_expectations(verdicts, expectations, selection.all_ids) if expectations else []
    seconds = time.perf_counter() - started
    replay = "bohnspec conform" + (f" --impl {shlex.quote(args.impl)}" if args.impl else "") + \
        "".join(f" --rules {shlex.quote(r)}" for r in args.rules)
    for v in sorted(verdicts, key=lambda v: v.id):
        if not v.ok:
            _print_failure(v, replay)
    for problem in problems:
        print(f"EXPECTATIONS {problem}")
    counts = R.summary(verdicts)
    parts = [f"{counts['passed']} passed", f"{counts['failed']} failed", f"{counts['errored']} errored",
             f"{counts['skipped']} skipped"]
    for key, label in (("not_applicable", "not applicable"), ("timeout", "timed out"),
                       ("protocol_error", "protocol errors"), ("expected_failures", "known failures")):
        if counts[key]:
            parts.append(f"{counts[key]} {label}")
    print(", ".join(parts) + f"  ({len(verdicts)} scenarios in {seconds:.2f}s, engine: {probe.name})")
    engine_info = dict(getattr(probe, "engine_info", {}) or {})
    capabilities = dict(getattr(probe, "capabilities", {}) or {})
    if args.json_file:
        data = reports.json_report(verdicts, engine_info, capabilities, seconds, args.impl)
        Path(args.json_file).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    if args.junit_file:
        Path(args.junit_file).write_text(reports.junit_xml(verdicts, probe.name, seconds), encoding="utf-8")
    if args.update_expectations:
        n = reports.write_expectations(Path(args.expectations), verdicts, expectations, selection.all_ids)
        print(f"wrote {n} known failure(s) to {args.expectations}")
        return EXIT_OK
    if not verdicts:
        print("bohnspec: no scenario matched", file=sys.stderr)
        return EXIT_INPUT
    return EXIT_OK if all(v.ok for v in verdicts) and not problems else EXIT_FAIL


def _usage(message: str):
    from .errors import BohnspecError
    return BohnspecError(message)


def _run_all(scenarios, first_adapter, make_adapter, args) -> list:
    """Run scenarios, in parallel engine processes with --jobs; a progress bar on a terminal."""
    from . import runner as R

    total = len(scenarios)
    show = sys.stderr.isatty() and not args.quiet and total > 20
    done = [0]
    lock = threading.Lock()

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
    if jobs == 1:
        for i, sc in enumerate(scenarios):
            results[i] = R.run_scenario(first_adapter, sc)
            tick()
    else:
        import queue
        todo: queue.Queue = queue.Queue()
        for i in range(total):
            todo.put(i)

        def worker(adapter):
            try:
                while True:
                    try:
                        i = todo.get_nowait()
                    except queue.Empty:
                        return
                    results[i] = R.run_scenario(adapter, scenarios[i])
                    tick()
            finally:
                if adapter is not first_adapter and hasattr(adapter, "close"):
                    adapter.close()

        threads = [threading.Thread(target=worker, args=(first_adapter if n == 0 else make_adapter(),))
                   for n in range(jobs)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    if show:
        print("\r" + " " * 50 + "\r", end="", file=sys.stderr)
    return results


def _print_failure(v, replay: str) -> None:
    head = v.verdict.upper().replace("-", " ")
    if v.expected is not None:
        head = f"UNEXPECTED {head} (listed as {v.expected})"
    print(f"{head} {v.id}  ({v.path})")
    if v.cites:
        print(f"  rules: {', '.join(v.cites)}  (see: bohnspec explain {v.cites[0]})")
    if v.message:
        print("  " + v.message.replace("\n", "\n  "))
    for s in v.steps:
        if not s.ok:
            action = json.dumps(s.action) if s.action else "(no action: checks the state)"
            print(f"  step {s.index + 1}: {action}")
            for problem in s.problems:
                print("    " + problem.replace("\n", "\n    "))
    if v.stderr:
        tail = "\n    ".join(v.stderr.strip().splitlines()[-10:])
        print(f"  engine stderr (last lines):\n    {tail}")
    print(f"  replay: {replay} {shlex.quote(v.path)} -k {shlex.quote(v.id)}")


# ------------------------------------------------------------ judge, explain

def cmd_judge(args) -> int:
    from .judge import board_of, judge_actions, load_situation, overview, render_overview, render_verdicts
    from .notation import parse_action

    engine, state, where = load_situation(args.situation, args.step, args.rules)
    if args.player and args.player not in state.names():
        raise _usage(f"--player {args.player!r} is not at the table ({', '.join(state.names())})")
    if args.action:
        actions = [a for text in args.action for a in parse_action(engine, state, text)]
        results = judge_actions(engine, state, actions)
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
    from .explain import explain, render

    info = explain(args.id, args.rules)
    print(json.dumps(info, indent=2) if args.as_json else render(info))
    return EXIT_OK


# ------------------------------------------------------------ simulate

def cmd_simulate(args) -> int:
    from .interpret import engine_for
    from .simulate import render, simulate

    if args.games < 1 or args.players < 1 or args.max_actions < 1 or args.jobs < 1:
        raise _usage("--games, --players, --max-actions and --jobs must be at least 1")
    modules = _modules(args.modules) or ["base"]
    engine = engine_for(modules, args.rules)
    problem = engine.player_count_problem(args.players)
    if problem is not None:
        raise _usage(f"--players {args.players}: {problem}")
    options = {"beans": args.beans, **_game_options(engine, args.option)}
    show = sys.stderr.isatty() and not args.quiet

    def progress(done, total):
        if show:
            width = 30
            filled = width * done // total
            print(f"\r  [{'#' * filled}{'.' * (width - filled)}] {done}/{total} games", end="",
                  file=sys.stderr, flush=True)

    try:
        stats = simulate(engine, args.players, args.games, args.seed, options,
                         args.max_actions, progress, jobs=args.jobs, modules=modules, rules=args.rules)
    finally:
        if show:
            print("\r" + " " * 50 + "\r", end="", file=sys.stderr)
    others = "".join(f", {k} {v}" for k, v in options.items() if k != "beans")
    print(render(stats, f"{args.games} random games, {args.players} players, modules {args.modules}, "
                        f"seed {args.seed}{others}"))
    if args.json_file:
        data = {"players": args.players, "modules": args.modules, "seed": args.seed, "beans": args.beans,
                "options": options, **stats.to_json()}
        Path(args.json_file).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return EXIT_OK


def _game_options(engine, given: list[str]) -> dict[str, str]:
    """`--option NAME=VALUE` arguments, checked against the options the spec declares."""
    from .interpret import suggest

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
    from .check import check_files

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
    from .coverage import coverage, render

    rows = coverage(book=args.book)
    if args.as_json:
        print(json.dumps(rows, indent=2))
    else:
        print(render(rows, missing_only=args.missing))
    gaps = [r for r in rows["paragraphs"] if r["normative"] and (not r["clauses"] or not r["scenarios"])]
    return EXIT_FAIL if args.strict and gaps else EXIT_OK
