"""The `bohnspec` command: arguments in, readable text (or JSON) out, exit codes 0 / 1 / 2.

Exit codes: 0 all good; 1 a check or scenario failed; 2 bad input (unreadable rules or
scenario files, unknown options).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from . import __version__

EXIT_OK, EXIT_FAIL, EXIT_INPUT = 0, 1, 2


def _modules(value: str | None):
    return [m.strip() for m in value.split(",") if m.strip()] if value else None


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="bohnspec", description="The machine-checkable rulebook of Bohnanza.")
    p.add_argument("--version", action="version", version=f"bohnspec {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    c = sub.add_parser("conform", help="run the conformance scenarios against an engine")
    c.add_argument("paths", nargs="*", help="scenario files or folders (default: the whole corpus)")
    c.add_argument("--modules", help="comma-separated modules the engine implements, e.g. base "
                                     "(scenarios needing others are skipped)")
    c.add_argument("-k", dest="pattern", help="only scenarios whose id contains PATTERN (or matches it as a glob)")
    c.add_argument("--json", dest="json_file", metavar="FILE", help="also write a JSON report to FILE")
    c.add_argument("--rules", action="append", default=[], metavar="FILE",
                   help="extra rules file loaded with spec/ (e.g. your own vine cards)")
    c.add_argument("-q", "--quiet", action="store_true", help="print only failures and the summary")

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
    return EXIT_INPUT


# ------------------------------------------------------------ conform

def cmd_conform(args) -> int:
    from . import runner as R

    started = time.perf_counter()
    modules = _modules(args.modules)
    selection = R.select(args.paths, modules, args.pattern)
    adapter = R.InProcess(args.rules)
    verdicts = list(selection.broken)
    total = len(selection.scenarios)
    show_progress = sys.stderr.isatty() and total > 20
    for n, sc in enumerate(selection.scenarios, 1):
        verdict = R.run_scenario(adapter, sc)
        verdicts.append(verdict)
        if show_progress:
            print(f"\r  {n}/{total} scenarios", end="", file=sys.stderr, flush=True)
    if show_progress:
        print("\r" + " " * 30 + "\r", end="", file=sys.stderr)
    for sc, why in selection.skipped:
        verdicts.append(R.Verdict(sc.id, sc.path, R.SKIPPED, why))
    seconds = time.perf_counter() - started
    for v in verdicts:
        if v.verdict in (R.FAILED, R.ERRORED):
            _print_failure(v, args)
        elif v.verdict == R.PASSED and not args.quiet:
            pass
    counts = R.summary(verdicts)
    print(f"{counts['passed']} passed, {counts['failed']} failed, {counts['errored']} errored, "
          f"{counts['skipped']} skipped  ({len(verdicts)} scenarios in {seconds:.2f}s, "
          f"engine: {adapter.name})")
    if args.json_file:
        Path(args.json_file).write_text(json.dumps(R.report(verdicts, adapter.name, seconds), indent=2) + "\n",
                                        encoding="utf-8")
    if not verdicts:
        print("bohnspec: no scenario matched", file=sys.stderr)
        return EXIT_INPUT
    return EXIT_OK if counts["failed"] == 0 and counts["errored"] == 0 else EXIT_FAIL


def _print_failure(v, args) -> None:
    print(f"{v.verdict.upper()} {v.id}  ({v.path})")
    if v.message:
        print(f"  {v.message}")
    for s in v.steps:
        if not s.ok:
            action = json.dumps(s.action) if s.action else "(no action: checks the state)"
            print(f"  step {s.index + 1}: {action}")
            for problem in s.problems:
                print("    " + problem.replace("\n", "\n    "))
    print(f"  replay: bohnspec conform {v.path}")


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
