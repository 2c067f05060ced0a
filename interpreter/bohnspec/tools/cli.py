"""The `bohnspec` command: arguments in, readable text (or JSON) out, exit codes 0 / 1 / 2.

Exit codes: 0 all good; 1 a check or scenario failed; 2 bad input (unreadable rules or
scenario files, unknown options).
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import re
import shlex
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO, cast

from .. import __version__
from .progress import ProgressLine, bar

if TYPE_CHECKING:  # the commands import what they use when they run: `bohnspec --help` stays quick
    from ..conformance.fuzz.trial import Campaign
    from ..conformance.runner import Adapter, Selection, Verdict
    from ..conformance.scenario import Scenario
    from ..errors import BohnspecError
    from ..execution.interpret import Engine
    from .simulate import Stats

EXIT_OK, EXIT_FAIL, EXIT_INPUT, EXIT_INTERRUPTED = 0, 1, 2, 130
EXIT_INTERNAL = 70  # an error of bohnspec itself (EX_SOFTWARE), told in one line


def _ranged(kind: type[int] | type[float], low: float, high: float, unit: str = "",
            above: bool = False) -> Callable[[str], float]:
    """An argparse type: a whole number (kind int) or a finite number (float) within a range;
    anything else (nan, inf, 1e7 seconds, -3 games) is exit 2 with the range allowed."""
    span = (f"above {low:g} and at most {high:g}" if above else
            f"from {low:,} to {high:,}" if kind is int else f"from {low:g} to {high:g}") + (f" {unit}" if unit else "")
    noun = "a whole number" if kind is int else "a number"

    def parse(text: str) -> float:
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
# The per-request timeout of an outside engine when none is given.
TIMEOUT_DEFAULT = 5.0
# How many scenarios with the same fault of the engine are told in full before the rest are named.
SAME_FAULT_SHOWN = 3
# How the verdict of every scenario of a run whose engine failed its handshake begins.
HANDSHAKE_FAILED = "at the start (request hello): the engine failed its handshake: "
JOBS = _ranged(int, 1, 64)
MAX_TIMEOUTS = _ranged(int, 0, 1_000_000)
GAMES = _ranged(int, 1, 1_000_000)
PLAYERS = _ranged(int, 1, 64)
MAX_ACTIONS = _ranged(int, 1, 10_000_000)
SEED = _ranged(int, -(2**63), 2**63 - 1)
STEP = _ranged(int, 0, 1_000_000)
MINUTES = _ranged(float, 0, 7 * 24 * 60, "minutes", above=True)
SHRINK_RUNS = _ranged(int, 0, 1_000_000)
SHRINK_SECONDS = _ranged(float, 0, 24 * 3600, "seconds")


def _modules(value: str | None) -> list[str] | None:
    if value is None:
        return None
    named = [m.strip() for m in value.split(",") if m.strip()]
    if not named:
        # (`--modules ,,,` played base under the title `modules ,,,`: round 96's bad-input tester)
        raise _usage(f"--modules {value!r}: names no module; give a comma-separated list, e.g. base,bohnroeschen")
    return list(dict.fromkeys(named))


def _with_requirements(modules: list[str] | None, rules: list[str] | tuple[str, ...] = ()) -> list[str] | None:
    """The named modules and every module they require (`dschingis` brings `base`); an
    unknown module is an input error with a did-you-mean."""
    if modules is None:
        return None
    from ..language.spec import module_closure, parse_files, spec_files
    return sorted(module_closure(parse_files([*spec_files(), *rules]), modules))


def _rules_played(rules: list[str], played: list[str], modules: list[str]) -> None:
    """A rules file none of whose modules the game plays would be loaded and never used: an
    input error naming the --modules that would play it."""
    from ..language.model import Module
    from ..errors import BohnspecError
    from ..language.spec import load, parse_files
    for path, parsed in zip(rules, parse_files(rules)):
        mine = [d.name for d in parsed.decls if isinstance(d, Module)]
        if mine and not any(m in played for m in mine):
            which = f"module {mine[0]} is" if len(mine) == 1 else f"modules {', '.join(mine)} are"
            both = [*modules, mine[0]]
            try:
                load(both, rules)
            except BohnspecError as clash:
                # (a vine card's file and a landscape's: no game plays both, so adding the one
                # to the other's modules is no advice; round 89's designer was sent round)
                raise _usage(f"--rules {path}: its {which} not among the modules played ({', '.join(played)}), "
                             f"and cannot join them ({str(clash).split(':')[0]}): give it a run of its own, "
                             f"--rules {path} --modules {mine[0]}") from None
            raise _usage(f"--rules {path}: its {which} not among the modules played ({', '.join(played)}): "
                         f"add {'it' if len(mine) == 1 else 'one'}, e.g. --modules {','.join(both)}")


# Every command's --json: no FILE or - is standard output, FILE a file. Where --json was a flag
# and the command takes a word of its own (judge, board, explain, check) a bare --json never
# takes the next word as its FILE: that word is the situation, the id or a rules file (`check
# --json my.bohn` must not write over my.bohn), so a file is named there as --json=FILE.
# `coverage` takes no word: `coverage --json FILE` names the file, as users write it.
JSON_FLAG_COMMANDS = frozenset({"judge", "board", "explain", "check"})
JSON_OPTION: dict[str, Any] = {"dest": "json_file", "nargs": "?", "const": "-", "metavar": "FILE"}
JSON_FLAG_HELP = ("print {what} as JSON instead of the text; --json=FILE writes the JSON to FILE and prints the "
                  "text (- is standard output)")


def _bare_json(argv: list[str]) -> list[str]:
    """The arguments with a bare --json (or an abbreviation) of a JSON_FLAG_COMMANDS command
    spelt --json=-, so that it does not take the next word as its FILE."""
    command = next((a for a in argv if not a.startswith("-")), None)
    if command not in JSON_FLAG_COMMANDS:
        return argv
    out, options, bare = [], True, False
    for a in argv:
        if bare and a == "-":
            bare = False
            continue  # `--json -`: standard output, said twice (a rules file is never named -)
        if a == "--":
            options = False  # what follows is positional, even a word spelt --json
        bare = options and len(a) >= 3 and "--json".startswith(a) and a != "--"
        out.append("--json=-" if bare else a)
    return out


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="bohnspec", description="The machine-checkable rulebook of Bohnanza.")
    p.add_argument("--version", action="version", version=f"bohnspec {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    c = sub.add_parser("conform", help="run the conformance scenarios against an engine")
    c.add_argument("paths", nargs="*", help="scenario files or folders (default: the whole corpus)")
    c.add_argument("--impl", metavar="COMMAND",
                   help="an outside engine speaking the JSON-lines protocol (conformance/PROTOCOL.md), "
                        "e.g. \"node my-engine.js --bohnspec\"; default: the reference interpreter in-process")
    c.add_argument("--modules", action=_Once,
                   help="comma-separated modules to run, with the modules they build on: `bohnaparte` runs the "
                        "base game's scenarios too; scenarios needing modules not named are skipped")
    c.add_argument("-k", dest="pattern", action=_Once,
                   help="only scenarios whose id contains PATTERN (or matches it as a glob)")
    c.add_argument("--timeout", type=TIMEOUT, default=TIMEOUT_DEFAULT, metavar="SECONDS",
                   help="per-request timeout for an outside engine, above 0 and at most 3600 (default: 5)")
    c.add_argument("--jobs", "-j", type=JOBS, default=1, metavar="N",
                   help="run scenarios in N engine processes at once (with --impl), 1 to 64")
    c.add_argument("--max-timeouts", type=MAX_TIMEOUTS, default=5, metavar="N",
                   help="stop the run once N scenarios in a row timed out (an engine that hangs would cost the "
                        "whole --timeout for every scenario left); the rest are not run and the reports say so; "
                        "0 never stops (default: 5)")
    c.add_argument("--expectations", metavar="FILE", help="YAML list of known failures: scenario id -> verdict")
    c.add_argument("--update-expectations", action="store_true",
                   help="rewrite the --expectations file from this run's verdicts")
    c.add_argument("--json", **JSON_OPTION,
                   help="also write a JSON report to FILE; to standard output with - or no FILE (the text then "
                        "goes to standard error)")
    c.add_argument("--junit", dest="junit_file", metavar="FILE", help="also write a JUnit XML report to FILE")
    c.add_argument("--rules", action="append", default=[], metavar="FILE",
                   help="extra rules file loaded with spec/ (e.g. your own vine cards); checked first")
    c.add_argument("--allow-empty", action="store_true",
                   help="exit 0 even if no scenario ran (all filtered out, skipped or not applicable)")
    c.add_argument("--isolate", action="store_true",
                   help="judge every step on its own: before each step the engine is loaded with the reference "
                        "interpreter's state at that point, and every failing step is reported with its paragraph")
    c.add_argument("--strict-refusals", action="store_true",
                   help="a step expected `rejected:` passes only on a rule the deciding clause cites (the first "
                        "that refuses it, in the rules' published order), not on any other clause that would "
                        "refuse it too: for an author checking that the refusal meant is the one made")
    c.add_argument("--engine", choices=("reference", "compiled"), default="reference",
                   help="run the rules with the reference interpreter or compiled to Python (identical answers, "
                        "faster; default: reference); with --impl, the runner's own engine, which makes and "
                        "checks each scenario's state and traces the rules a failed step broke")
    c.add_argument("-q", "--quiet", action="store_true", help="no progress bar")

    m = sub.add_parser("simulate", help="play random full games and show statistics")
    m.add_argument("--games", type=GAMES, default=100, help="how many games, 1 to 1,000,000 (default: 100)")
    m.add_argument("--players", type=PLAYERS, default=4, help="players per game (default: 4)")
    m.add_argument("--modules", default="base", action=_Once,
                   help="modules to play, comma-separated, e.g. base or bohnroeschen; a module brings the modules "
                        "it requires (default: base)")
    m.add_argument("--seed", type=SEED, default=1, help="the same seed gives the same games (default: 1)")
    m.add_argument("--beans", metavar="VALUE",
                   help="the game's `beans` option: which beans are in the game, one of the values the spec "
                        "declares for it (default: its declared default); the same as --option beans=VALUE")
    m.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="another option of the game, e.g. layout=beginner, plunder=on or passes=four for dschingis")
    m.add_argument("--board", metavar="NAME",
                   help="play every game on this declared board (a map of your own from --rules, say) instead of "
                        "the one the options choose for the table; it must be laid for --players and its `when` "
                        "must hold with the options")
    m.add_argument("--max-actions", type=MAX_ACTIONS, default=6000, help="give up on a game after this many actions")
    m.add_argument("--jobs", "-j", type=JOBS, default=1,
                   help="worker processes sharing the games, 1 to 64 (with --executor dask and no --scheduler: the "
                        "workers of the local cluster); the statistics do not depend on it (default: 1)")
    m.add_argument("--engine", choices=["reference", "compiled"],
                   help="the closure interpreter or the rules compiled to Python source; identical games "
                        "(default: compiled when available)")
    m.add_argument("--executor", choices=["processes", "dask"], default="processes",
                   help="who plays the games: this machine's processes (--jobs), or the workers of a Dask "
                        "cluster; the statistics are the same (default: processes)")
    m.add_argument("--scheduler", metavar="ADDRESS",
                   help="with --executor dask: the address of the cluster's scheduler, e.g. tcp://10.0.0.5:8786 "
                        "(default: a local cluster of --jobs workers)")
    m.add_argument("--rules", action="append", default=[], metavar="FILE",
                   help="extra rules file loaded with spec/ (e.g. your own vine cards)")
    m.add_argument("--json", **JSON_OPTION,
                   help="also write the statistics as JSON to FILE; to standard output with - or no FILE (the text "
                        "then goes to standard error)")
    m.add_argument("--keep-unended", metavar="DIR",
                   help="write the last state of each of the first games that did not end (stuck: nobody had a "
                        "legal action; or cut off at --max-actions) into DIR as a situation, seedN.yaml, for "
                        "`bohnspec judge` to say what each player may do there and what holds them back")
    m.add_argument("-q", "--quiet", action="store_true", help="no progress bar")

    j = sub.add_parser("judge", help="settle a rules question: what may each player do, is this action legal",
                       epilog="exit 0: every action legal (or none given); 1: an action refused, or JSON that is not "
                              "an action (an unknown type or player); 2: the situation or a notation could not be "
                              "read. How to write the situation (the table) and the moves: docs/NOTATION.md")
    j.add_argument("situation", help="a state in the scenario format (YAML; or `modules:` and `state:` as a scenario "
                                        "has them), a new game's `modules:` and `setup:` (is it allowed?), a "
                                        "scenario file, or a corpus scenario id")
    j.add_argument("--step", type=STEP, help="with a scenario: the situation after this many steps (default: all; "
                   "0: its start; 1: after its first step, before its second)")
    j.add_argument("--action", "-a", action="append", default=[],
                   help='an action in notation ("Nina harvest 1", "Timon trade give soy get red with Nina") '
                        "or JSON; repeat for a sequence")
    j.add_argument("--player", help="show only what this player may do (with --action: only what each action "
                                    "opens to this player)")
    j.add_argument("--brief", action="store_true",
                   help="for each action only the verdict, the paragraphs quoted and the events (not the checks "
                        "in evaluation order nor each change of the state)")
    j.add_argument("--rules", action="append", default=[], metavar="FILE", help="extra rules file")
    j.add_argument("--rulebooks", metavar="DIR",
                   help="the folder of the rulebooks (bohnanza.md, ...): a refusal quotes the paragraph that "
                        "decides it (default: $BOHNSPEC_RULEBOOKS, then a shared/rulebooks folder beside the "
                        "checkout)")
    j.add_argument("--json", **JSON_OPTION, help=JSON_FLAG_HELP.format(what="the answer"))

    b = sub.add_parser("board", help="the map of a situation: rows of spaces with owners, or an SVG picture")
    b.add_argument("situation", help="a declared board's name (beginner_4; with --rules, your own), a state in the "
                                        "scenario format (YAML; or `modules:` and `state:` as a scenario has them), a "
                                        "scenario file, or a corpus scenario id")
    b.add_argument("--step", type=STEP, help="with a scenario: the situation after this many steps (default: all)")
    b.add_argument("--svg", metavar="FILE", help="also draw the map into FILE (SVG)")
    b.add_argument("--rules", action="append", default=[], metavar="FILE", help="extra rules file")
    b.add_argument("--json", **JSON_OPTION, help=JSON_FLAG_HELP.format(what="the spaces"))

    e = sub.add_parser("explain", help="a paragraph, ruling or clause: its words, source, citations and scenarios")
    e.add_argument("id", nargs="?",
                   help="bohnanza/harvest/1, ruling/<name>, or a clause name such as harvest; with --rules and "
                        "no id, every card and rule of those files")
    e.add_argument("--rules", action="append", default=[], metavar="FILE",
                   help="extra rules file (your own vine cards, landscapes, ...): explained like the spec, "
                        "with the scenarios of a `scenarios` folder beside it")
    e.add_argument("--rulebooks", metavar="DIR",
                   help="the folder of the rulebooks (bohnanza.md, bohnroeschen.md, dschingis.md, "
                        "bohnaparte.en.md), for the paragraphs' own words; they are not shipped with "
                        "bohnspec (default: $BOHNSPEC_RULEBOOKS, then a shared/rulebooks folder beside the checkout)")
    e.add_argument("--words", action="store_true",
                   help="only the words: a paragraph's (with the rulings citing it) or a ruling's question, decision "
                        "and reason, without the spec's clauses and their source; a card's or clause's words and "
                        "citations without its source (for writing an engine from the rulebooks and the rulings "
                        "alone)")
    e.add_argument("--json", **JSON_OPTION, help=JSON_FLAG_HELP.format(what="the explanation"))

    z = sub.add_parser("fuzz", help="play random games through the reference and an engine in lockstep; "
                                    "shrink the first divergence to a scenario file")
    z.add_argument("--impl", metavar="COMMAND", required=True,
                   help="the engine under test, speaking the JSON-lines protocol (conformance/PROTOCOL.md)")
    z.add_argument("--modules", action=_Once,
                   help="comma-separated modules to play (default: every module the engine claims)")
    z.add_argument("--players", type=PLAYERS, help="players per game (default: random, as the module allows)")
    z.add_argument("--games", type=GAMES, help="stop after this many games, 1 to 1,000,000 (default: 20 "
                                               "unless --minutes is given; with both, whichever comes first)")
    z.add_argument("--minutes", type=MINUTES, help="stop after this many minutes (with --games: whichever comes "
                                                   "first)")
    z.add_argument("--seed", type=SEED, default=1, help="the same seed gives the same games (default: 1)")
    z.add_argument("--out", default="fuzz-scenarios", metavar="DIR",
                   help="where the scenario of a divergence is written (default: fuzz-scenarios)")
    z.add_argument("--timeout", type=TIMEOUT, default=5.0, metavar="SECONDS",
                   help="per-request timeout for the engine, above 0 and at most 3600 (default: 5)")
    z.add_argument("--maps", metavar="FILE",
                   help="a rules file of boards (one module, its boards and rulings), e.g. "
                        "examples/bohnaparte/reference-maps.bohn: games of the modules it requires are set up on "
                        "its maps too, each sent to the engine inline (a game's starting state gives its map)")
    z.add_argument("--rules", action="append", default=[], metavar="FILE",
                   help="extra rules file loaded with spec/ by the reference (your own vine cards, landscapes, "
                        "house rules; once per file): its modules are played when the engine claims them, e.g. "
                        "--impl \"bohnspec serve --rules FILE\" --rules FILE; checked first")
    z.add_argument("--max-actions", type=MAX_ACTIONS, default=2000, help="actions per game at most (default: 2000)")
    z.add_argument("--shrink-runs", type=SHRINK_RUNS, default=400, metavar="N",
                   help="candidates the shrinking of a divergence plays at most, 0 to 1,000,000 (default: 400; "
                        "0: the divergence is only cut after its action)")
    z.add_argument("--shrink-seconds", type=SHRINK_SECONDS, default=120.0, metavar="SECONDS",
                   help="seconds the shrinking takes at most, 0 to 86400 (default: 120)")
    z.add_argument("--json", **JSON_OPTION,
                   help="also write the campaign and its finding as JSON to FILE; to standard output with - or no "
                        "FILE (the text then goes to standard error)")
    z.add_argument("-q", "--quiet", action="store_true", help="no progress bar")

    s = sub.add_parser("serve", help="speak the conformance protocol on stdin/stdout (the reference engine)")
    s.add_argument("--rules", action="append", default=[], metavar="FILE",
                   help="extra rules file loaded with spec/ (your own vine cards, landscapes, ...): its modules are "
                        "claimed in the hello and played in the games that name them; checked first")
    s.add_argument("--engine", choices=("reference", "compiled"), default="compiled",
                   help="which of bohnspec's two engines answers: compiled (the default: generated Python, the "
                        "faster) or reference (the closure interpreter); their answers are the same")
    s.set_defaults(command="serve")

    k = sub.add_parser("check", help="check rules files: syntax, names, citations")
    k.add_argument("files", nargs="*", help="rules files (default: all of spec/)")
    # As every other command names a designer's file: `check --rules FILE` checks it too.
    k.add_argument("--rules", action="append", default=[], metavar="FILE",
                   help="a rules file to check, as the files above (once per file)")
    k.add_argument("--json", **JSON_OPTION, help=JSON_FLAG_HELP.format(what="the diagnostics"))

    v = sub.add_parser("coverage", help="which rulebook paragraphs are cited by clauses and scenarios")
    v.add_argument("--book", help="only this rulebook, e.g. bohnanza")
    v.add_argument("--missing", action="store_true", help="list only paragraphs lacking a clause or a scenario")
    v.add_argument("--strict", action="store_true", help="exit 1 if a normative paragraph lacks either")
    v.add_argument("--json", **JSON_OPTION,
                   help="print the report as JSON instead of the text; --json FILE writes the JSON to FILE and "
                        "prints the text (- is standard output)")

    # Its options are the tool's own (tools/mutants.py, which --help prints): read there, so
    # that start-up does not import it.
    u = sub.add_parser("mutants", add_help=False,
                       help="mutation testing: can each scenario fail? mutants of the rules against the corpus "
                            "or your own scenarios (--help for its options)")
    u.add_argument("mutants_args", nargs="*")

    w = sub.add_parser("site", help="write the static website: the annotated rulebook, rulings, scenarios, maps, "
                                    "engines")
    w.add_argument("out", metavar="OUT_DIR", help="the folder to write (created; a previous site there is replaced)")
    w.add_argument("--rules", action="append", default=[], metavar="FILE",
                   help="a rules file of your own (once per file, checked first): its cards, rulings and clauses "
                        "are shown with the spec's, its file under rules/")
    w.add_argument("--scenarios", action="append", default=[], metavar="PATH",
                   help="scenario files or folders of your own (repeatable), played with the --rules files and "
                        "shown with the corpus: the scenarios your cards and rulings appear in")
    books = w.add_mutually_exclusive_group()
    books.add_argument("--rulebooks", metavar="DIR",
                       help="the rulebooks' markdown files, for each paragraph's text (default: $BOHNSPEC_RULEBOOKS, "
                            "else the rulebooks beside the checkout, if any)")
    books.add_argument("--no-rulebooks", action="store_true", help="show paragraphs by id only, without their text")
    w.add_argument("--report", action="append", default=[], metavar="FILE",
                   help="a JSON report of `bohnspec conform --json FILE`: adds a page per engine and the matrix "
                        "of scenarios against engines (repeat for several engines)")
    return p


class _Once(argparse.Action):
    """An option given once: a second one would silently replace the first (`-k a -k b` runs
    the scenarios of `b` alone), so it is an error that says how to ask for several."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        if getattr(namespace, "_given_" + self.dest, False):
            how = "a glob picks several (-k 'base/harvest/*')" if self.dest == "pattern" else \
                "name several in one, comma-separated (--modules base,dschingis)"
            parser.error(f"{option_string} is given once: {how}")
        setattr(namespace, "_given_" + self.dest, True)
        setattr(namespace, self.dest, values)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    words = list(sys.argv[1:] if argv is None else argv)
    if words[:1] == ["mutants"]:
        # (the tool's own options, --help included, are its parser's: tools/mutants.py)
        args = argparse.Namespace(command="mutants", mutants_args=words[1:])
    else:
        args = parser.parse_args(_bare_json(words))
    if args.command is None:
        parser.print_help()
        return EXIT_INPUT
    from ..errors import BohnspecError

    collected = gc.get_threshold()  # put back after the command: main() may be called in another's process
    collect_rarely()
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
    except Exception as exc:  # noqa: BLE001 - one line, not a traceback, for what was not foreseen
        if os.environ.get("BOHNSPEC_TRACEBACK"):
            raise
        from ..conformance.runner import _crash
        given = " A rules file given with --rules may apply an operation to a value it does not fit (a " \
                "quantifier over a number, an attribute of nothing): `bohnspec check` does not catch every " \
                "such rule." if getattr(args, "rules", None) else ""
        print(f"bohnspec: internal error: {_crash(exc)}.{given} Set BOHNSPEC_TRACEBACK=1 to see where it "
              "happened, and report it if the rules are bohnspec's own.", file=sys.stderr)
        return EXIT_INTERNAL
    finally:
        from ..conformance.protocol import end_all_engines
        end_all_engines()
        restore()
        gc.set_threshold(*collected)


def collect_rarely() -> None:
    """Python's cyclic garbage collector set for a batch command. A command builds what it keeps
    up front (the corpus, the engines, the parsed rules: some 300,000 objects for `conform`) and
    then makes short-lived values by the million; with the default young collection every 700
    allocations, the survivors were walked again and again: a fifth of the CPU of a `conform`
    run (2.4-2.9 s against 3.2-4.0 s, the whole corpus, compiled engine). Random games neither
    gain nor lose, and the memory stays (bench/run.py sets it as the commands do)."""
    gc.set_threshold(50_000, 20, 20)


def _terminate_as_interrupt() -> Callable[[], object]:
    """SIGTERM (a CI job cancelled, `timeout`) is handled like Ctrl-C: the reports of what ran
    are written and every engine process is ended. Returns what undoes it."""
    import signal

    if threading.current_thread() is not threading.main_thread():
        return lambda: None

    def interrupt(signum: int, frame: object) -> NoReturn:
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, interrupt)
    except (ValueError, OSError):
        return lambda: None
    return lambda: signal.signal(signal.SIGTERM, previous)


def _dispatch(args: argparse.Namespace) -> int:
    commands: dict[str, Callable[[argparse.Namespace], int]] = {
        "conform": cmd_conform, "judge": cmd_judge, "explain": cmd_explain, "board": cmd_board,
        "simulate": cmd_simulate, "check": cmd_check, "coverage": cmd_coverage, "site": cmd_site, "fuzz": cmd_fuzz}
    if args.command == "mutants":
        from .mutants import main as mutants
        return mutants(args.mutants_args)
    if args.command == "serve":
        from ..conformance.protocol import serve
        _check_rules(args.rules)
        return serve(extra_rules=args.rules, engine=args.engine)
    command = commands.get(args.command)
    return command(args) if command is not None else EXIT_INPUT


# ------------------------------------------------------------ users' files

def _check_rules(rules: list[str], option: str = "--rules") -> None:
    """Check the --rules files (or another option's) before anything uses them: unreadable ones
    are one line each, rules that do not check stop the command with the checker's located
    diagnostics."""
    if not rules:
        return
    from .. import userfile
    from ..language.check import check_files
    from ..errors import BohnspecError

    for f in rules:
        userfile.read_text(f, option)
    # (what `check` says of them, played too: a map laid for a table its setup refuses ran under
    # conform, round 94's designer, where the README says such a file is refused)
    from .playcheck import checked_in_play
    diagnostics = checked_in_play(rules, check_files(rules)[0])
    errors = [d for d in diagnostics if d.severity == "error"]
    if errors:
        shown = "\n".join(f"  {d}" for d in errors[:20])
        more = f"\n  ... and {len(errors) - 20} more (bohnspec check {' '.join(map(shlex.quote, rules))})" \
            if len(errors) > 20 else ""
        raise BohnspecError(f"{option}: {len(errors)} error(s) in the rules; nothing was run:\n{shown}{more}")


def _judged_past_idle_clauses(engine: Engine, state: Any, said: list[str], books: Path | None,
                              unread: list[dict] | None = None, narrated: list[str] | None = None) -> tuple:
    """_judged_with_asides; where a text cannot be read, read again without its clauses that
    only tell how things stand (notation.reading.idle_clauses_dropped: `Timon draws his cards,
    but there are only two left`, `Nina says Stop for her blue card, but she only has four
    coins`, `Timon and Eiko both have 7 coins, who wins?`: round 93's table had each as
    unreadable, exit 2), those listed as not read as moves. Only a reading of every text, each
    move read a move of the game, stands; else the first failure is told."""
    from ..errors import BohnspecError
    failure: BohnspecError | None = None
    try:
        found = _judged_with_asides(engine, state, said, books, unread, narrated)
        if not unread:
            return found
    except BohnspecError as exc:
        found, failure = None, exc
    from .notation.reading import idle_clauses_dropped
    kept, dropped = idle_clauses_dropped(engine, state, said)
    if dropped:
        unread_again: list[dict] | None = [] if unread is not None else None
        narrated_again: list[str] = []
        try:
            again = _judged_with_asides(engine, state, kept, books, unread_again, narrated_again)
        except BohnspecError:
            again = None
        # (a move read that is no move of the game, `so Nina takes the town, right?` read as a
        # cart's take with no card, is no reading either)
        if again is not None and not unread_again and not any(r.get("malformed") for r in again[0]):
            if unread is not None:
                unread.clear()
            if narrated is not None:
                narrated[:] = [*narrated_again, *dropped]
            return again
    if failure is not None:
        raise failure
    assert found is not None  # (read, with a text left unread)
    return found


def _judged_with_asides(engine: Engine, state: Any, said: list[str], books: Path | None,
                        unread: list[dict] | None = None, narrated: list[str] | None = None) -> tuple:
    """judge_texts over the texts said. A text with words in brackets is read twice, with those
    words and without them (round 83's hunter: `offers Timon the soy and the red (both revealed
    cards)` was read with `both revealed cards` as what Timon gives, and refused): the reading
    both give, else the one that can be read; two readings that differ are told, not guessed."""
    from ..errors import ActionError, BohnspecError
    from .judge import judge_texts
    from .notation import moves_in_asides, parse_action, split_in_turn
    from .notation.places import PRONOUNS_READ, TOLD
    from .notation.reading import ASIDE, NARRATED, hypothesis_split

    said = [t if t.lstrip().startswith("{") else moves_in_asides(engine, state, t) for t in said]

    def judged(texts: list[str]) -> tuple:
        if unread is not None:
            unread.clear()  # (what a reading read last)
        if narrated is not None:
            narrated.clear()
        token, told = NARRATED.set(narrated), TOLD.set(" ".join(hypothesis_split(t) for t in texts
                                                                if not t.lstrip().startswith("{")))
        pronouns = PRONOUNS_READ.set([])  # (those the reading of these texts takes for a player)
        try:
            return judge_texts(engine, state, split_in_turn(engine, state, texts), parse_action, books, unread)
        finally:
            NARRATED.reset(token)
            TOLD.reset(told)
            PRONOUNS_READ.reset(pronouns)
    if not any(ASIDE.search(t) for t in said if not t.lstrip().startswith("{")):
        return judged(said)
    bare = [t if t.lstrip().startswith("{") else ASIDE.sub("", t) for t in said]
    try:
        with_words = judged(said)
    except BohnspecError:
        return judged(bare)  # (the words in brackets cannot be read: said without them)
    try:
        without = judged(bare)
    except BohnspecError:
        return with_words
    if without[1] != with_words[1]:
        from .notation import format_action
        shown = [" and ".join(format_action(engine, state, a) for a in x[1]) for x in (with_words, without)]
        raise ActionError(f"the words in brackets change what is read: with them, {shown[0]}; without them, "
                          f"{shown[1]}; say it without brackets")
    return with_words


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


def _output_folder(option: str, value: str) -> Path:
    """Check a folder a run writes into before the run (round 96's bad-input tester: a fuzz
    campaign found and shrank a divergence, then lost it to `--out /proc/x` with an internal
    error; simulate dropped its statistics for `--keep-unended`): it is a folder or can be made
    one in a folder that exists (no missing parents are made), and a file can be written in it."""
    if not value.strip():
        raise _usage(f"{option} is empty: give a folder")
    path = Path(value)
    if path.exists() and not path.is_dir():
        raise _usage(f"{option} {value}: not a folder")
    if not path.parent.exists():
        raise _usage(f"{option} {value}: the folder {path.parent} does not exist")
    if not path.parent.is_dir():
        raise _usage(f"{option} {value}: {path.parent} is not a folder")
    made = not path.exists()
    try:
        path.mkdir(exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as exc:
        raise _usage(f"{option} {value}: cannot write there ({exc.strerror or exc})") from None
    finally:
        if made:
            try:
                path.rmdir()  # (made again when something is written into it)
            except OSError:
                pass
    return path


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


def _answer(args: argparse.Namespace, data: Any, text: str) -> bool:
    """Print a command's answer as --json says: its JSON alone on standard output (--json,
    --json=-), else its text, and with --json=FILE the JSON written to FILE as well. False
    (and the problem on standard error) if FILE could not be written."""
    if args.json_file != "-":
        print(text)
    if args.json_file is None:
        return True
    problem = _write_output("--json", args.json_file, json.dumps(data, indent=2) + "\n")
    if problem:
        print(f"bohnspec: {problem}", file=sys.stderr)
    return problem is None


# ------------------------------------------------------------ conform

def cmd_conform(args: argparse.Namespace) -> int:
    """Run scenarios against an engine: check the arguments, start the engine, select and run
    the scenarios, then report (text, JSON, JUnit, the expectations list) with an exit code."""
    from ..conformance import reports

    json_file, junit_file = _conform_arguments(args)
    started = time.perf_counter()
    modules = _with_requirements(_modules(args.modules), args.rules)
    expectations = reports.load_expectations(Path(args.expectations), strict=not args.update_expectations) \
        if args.expectations else {}
    # With a report on standard output, the text goes to standard error.
    out = sys.stderr if "-" in (json_file, junit_file) else sys.stdout
    engine = _conform_engine(args)
    try:
        selection, ran, interrupted = _conform_run(args, engine, modules)
    finally:
        if hasattr(engine.probe, "close"):
            engine.probe.close()
    if any(getattr(getattr(a, "client", None), "lingered", False) for a in engine.adapters):
        print("bohnspec: warning: the engine did not exit within a second of `bye` and was killed "
              "(PROTOCOL.md: after `bye`, exit within a second); each such process costs the run a second",
              file=sys.stderr)
    verdicts = _conform_verdicts(selection, ran)
    problems = reports.apply_expectations(verdicts, expectations, selection.all_ids,
                                          _corpus_parts_read(args.paths)) if expectations else []
    if interrupted:
        problems = [p for p in problems if "no scenario has this id" in p]  # not every listed one ran
    seconds = time.perf_counter() - started
    from ..conformance.protocol import never_returned
    unreturned = never_returned(engine.adapters)
    if getattr(engine.probe, "claims_changed", None) is None:
        # (told once, of whichever process of the engine shook hands otherwise: --jobs has several)
        changed = next((a.claims_changed for a in engine.adapters if getattr(a, "claims_changed", None)), None)
        if changed is not None:
            engine.probe.claims_changed = changed
    if engine.stopped:
        problems = [p for p in problems if "no scenario has this id" in p]  # not every listed one ran
    _print_conform(args, engine.probe, verdicts, problems, seconds, out,
                   ("; INTERRUPTED while reading the scenarios, before any ran" if not selection.scenarios else
                    f"; INTERRUPTED after {len(ran)} of {len(selection.scenarios)} selected") if interrupted else
                   f"; STOPPED after {len(ran)} of {len(selection.scenarios)} selected" if engine.stopped else "",
                   unreturned)
    # (which never ran, by id: round 97's hostile tester found only a count on the terminal)
    done = {v.id for v in verdicts}
    not_run = [sc.id for sc in selection.scenarios if sc.id not in done] if (interrupted or engine.stopped) else []
    unwritten = _write_conform_reports(args, engine.probe, verdicts, json_file, junit_file, seconds, interrupted,
                                       unreturned, engine.stopped, not_run)
    if engine.stopped and not interrupted:
        print(f"bohnspec: stopped: {engine.stopped}; {len(selection.scenarios) - len(ran)} scenario(s) not run"
              + ("; the reports hold those that ran, marked stopped" if (json_file or junit_file) else ""),
              file=sys.stderr)
        return EXIT_INPUT if unwritten else EXIT_FAIL
    if interrupted:
        # (`0 of 0` while the scenarios were still being read: round 96's bad-input tester)
        print(("bohnspec: interrupted while reading the scenarios: none ran" if not selection.scenarios else
               f"bohnspec: interrupted: {len(ran)} of {len(selection.scenarios)} scenario(s) ran")
              + ("; the reports hold those, marked interrupted" if (json_file or junit_file) else ""),
              file=sys.stderr)
        return EXIT_INTERRUPTED
    if args.update_expectations:
        return _update_expectations(args, verdicts, expectations, selection, bool(unwritten), out)
    return _conform_exit(args, verdicts, selection, problems, bool(unwritten) or engine.not_started)


def _conform_arguments(args: argparse.Namespace) -> tuple[str | None, str | None]:
    """Check everything the run needs before it starts, so that nothing is lost at its end:
    the engine command, the report paths (returned: --json, --junit), the rules files."""
    from ..conformance.protocol import engine_argv

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
    return json_file, junit_file


@dataclass
class _ConformEngine:
    """The engine of a conform run, and how its start went."""

    probe: Any  # the first adapter: it runs the scenarios alone, or with the others of --jobs
    make_adapter: Callable[[], Any]  # one more adapter, for --jobs
    adapters: list = field(default_factory=list)  # every adapter made, the probe first
    claimed: list[str] | None = None  # the modules an outside engine claims in its hello
    handshake: Any = None  # the EngineFault of a failed handshake
    not_started: bool = False  # the engine's command did not even start (input error, exit 2)
    interrupted: bool = False  # Ctrl-C or SIGTERM during the handshake
    stopped: str = ""  # why the run stopped before its end (--max-timeouts), "" if it did not


def _conform_engine(args: argparse.Namespace) -> _ConformEngine:
    """The adapter of the engine under test: an outside engine, its handshake done (a failed one
    is reported here and recorded, so every scenario gets its verdict), or the reference."""
    from ..conformance import runner as R
    from ..conformance.protocol import EngineFault, ProtocolAdapter
    from ..errors import BohnspecError

    if args.impl is None:
        def reference() -> R.InProcess:
            return R.InProcess(args.rules, engine=args.engine)
        return _ConformEngine(reference(), reference)

    made: list[ProtocolAdapter] = []

    def outside() -> ProtocolAdapter:
        made.append(ProtocolAdapter(args.impl, args.timeout, args.rules, engine=args.engine))
        return made[-1]
    engine = _ConformEngine(outside(), outside, made)
    try:
        engine.probe.client.launch()
    except (BohnspecError, EngineFault):
        pass  # told by the handshake below, which starts it again
    else:
        if args.pattern is None:
            # The engine starts up while the scenarios are read (kept in memory for the selection
            # after the handshake, whose claims it needs).
            R.read_ahead(args.paths)
    try:
        engine.probe.ensure()
    except KeyboardInterrupt:
        engine.interrupted = True
    except EngineFault as exc:
        engine.handshake = exc
    except BohnspecError as exc:  # the command does not start at all
        engine.handshake, engine.not_started = EngineFault(R.ERRORED, str(exc)), True
    fault = engine.handshake
    if fault is not None:
        print(f"bohnspec: the engine failed its handshake ({fault.verdict}): {fault}", file=sys.stderr)
        if fault.stderr:
            print("engine stderr:\n" + fault.stderr, file=sys.stderr)
    else:
        engine.claimed = engine.probe.capabilities.get("modules")
        for warning in R.claim_warnings(engine.probe.capabilities, engine.probe.version, args.rules):
            print(f"bohnspec: warning: {warning}", file=sys.stderr)
    return engine


def _conform_run(args: argparse.Namespace, engine: _ConformEngine,
                 modules: list[str] | None) -> tuple[Selection, list[Verdict], bool]:
    """Select the scenarios and run them: (the selection, the verdicts of those that ran,
    whether the run was interrupted). After a failed handshake every scenario gets its verdict."""
    from ..conformance import runner as R

    interrupted = engine.interrupted
    try:
        if interrupted:
            raise KeyboardInterrupt
        selection = R.select(args.paths, modules, args.pattern, engine.claimed)
        if args.impl and engine.handshake is None:
            _build_references(engine.probe, selection.scenarios)
    except KeyboardInterrupt:  # at the handshake or while loading: nothing ran, and the reports say so
        return R.Selection([], [], []), [], True
    fault = engine.handshake
    if fault is not None:
        return selection, [R.Verdict(sc.id, sc.path, fault.verdict,
                                     f"{HANDSHAKE_FAILED}{fault}",
                                     cites=list(sc.cites), stderr=fault.stderr, title=sc.title,
                                     fault_request=engine.probe.last_request) for sc in selection.scenarios], False
    ran, interrupted, engine.stopped = _run_all(selection.scenarios, engine.probe, engine.make_adapter, args)
    return selection, ran, interrupted


def _build_references(adapter: Any, scenarios: list[Scenario]) -> None:
    """The runner's own engine (it makes and checks the states it sends) for each game of the
    selection, built before the first scenario is sent: built when a game's first scenario came
    up, it kept the engine under test waiting, seven times a corpus. A game that cannot be built
    is told by its scenarios."""
    from ..errors import BohnspecError

    reference = getattr(adapter, "reference_engine", None)
    if reference is None:
        return
    built: set[tuple[str, ...]] = set()
    for sc in scenarios:
        if tuple(sc.modules) not in built:
            built.add(tuple(sc.modules))
            try:
                reference(sc)
            except BohnspecError:
                pass


def _conform_verdicts(selection: Selection, ran: list[Verdict]) -> list[Verdict]:
    """Every verdict of the run: broken scenario files, the scenarios that ran, those skipped."""
    from ..conformance import runner as R

    verdicts = list(selection.broken) + ran
    for sc, verdict, why in selection.skipped:
        verdicts.append(R.Verdict(sc.id, sc.path, verdict, why, cites=list(sc.cites), title=sc.title))
    return verdicts


def _print_conform(args: argparse.Namespace, probe: Any, verdicts: list[Verdict], problems: list[str],
                   seconds: float, out: TextIO, stopped: str, unreturned: Sequence[str] = ()) -> None:
    """The text report: each failure with its replay command, then the counts."""
    from ..conformance import runner as R

    # The replay runs as this run did: an engine slower than the default timeout still times out.
    timeout = f" --timeout {args.timeout:g}" if args.impl and args.timeout != TIMEOUT_DEFAULT else ""
    replay = "bohnspec conform" + (f" --impl {shlex.quote(args.impl)}" if args.impl else "") + timeout + \
        "".join(f" --rules {shlex.quote(r)}" for r in args.rules) + (" --isolate" if args.isolate else "") + \
        (" --strict-refusals" if args.strict_refusals else "")
    # A designer's ruling is found with the rules files that declare it (round 46's designer).
    explain = "bohnspec explain" + "".join(f" --rules {shlex.quote(r)}" for r in args.rules)
    # One fault of the engine's met in many scenarios (a failed handshake, a state malformed the
    # same way every time) is told in full for the first few and then named once: the same
    # account hundreds of times would hide everything else.
    groups: dict[tuple[str, str], list[Verdict]] = {}
    for v in sorted(verdicts, key=lambda v: v.id):
        if not v.ok and v.verdict in (R.ERRORED, R.TIMEOUT, R.PROTOCOL_ERROR) and not v.broken:
            groups.setdefault((v.verdict, _fault_text(v.message)), []).append(v)
    grouped = {id(v) for group in groups.values() for v in group}
    shown_in_full = {id(v) for group in groups.values()
                     for v in group[:1 if group[0].message.startswith(HANDSHAKE_FAILED) else SAME_FAULT_SHOWN]}
    for v in sorted(verdicts, key=lambda v: v.id):
        if not v.ok and (id(v) in shown_in_full or id(v) not in grouped):
            _print_failure(v, replay, out, explain)
    for (verdict, text), group in groups.items():
        rest = [v for v in group if id(v) not in shown_in_full]
        if rest:
            ids = sorted(v.id for v in rest)
            more = f" and {len(ids) - 10} more" if len(ids) > 10 else ""
            # Which fault, in short: several groups' lines come together at the end.
            # (told in the first one's words: the numbers blanked to group them made `UTF-8` read
            # `UTF-N`; round 80's engine author)
            said = _fault_text(group[0].message, blank=False)
            why = "handshake failure" if text.startswith(HANDSHAKE_FAILED) else \
                f"kind of fault (as {group[0].id}'s: {_shown(said[:120])}{'...' if len(said) > 120 else ''})"
            print(f"{verdict.upper().replace('-', ' ')} the other {len(ids)} scenario(s), for the same {why}: "
                  f"{', '.join(ids[:10])}{more}", file=out)
    for problem in problems:
        print(f"EXPECTATIONS {problem}", file=out)
    counts = R.summary(verdicts)
    # A known failure (--expectations) is counted under its verdict and said to be known, so
    # that the line tells at once whether anything is new.
    known = {v.verdict: 0 for v in verdicts}
    for v in verdicts:
        if v.expected is not None and v.ok and v.verdict != R.PASSED:
            known[v.verdict] += 1

    def counted(n: int, label: str, verdict: str) -> str:
        k = known.get(verdict, 0)
        return f"{n} {label}" + (f" ({'all' if k == n else k} known)" if k else "")
    parts = [f"{counts['passed']} passed", counted(counts["failed"], "failed", R.FAILED),
             counted(counts["errored"], "errored", R.ERRORED), f"{counts['skipped']} skipped"]
    for key, label, verdict in (("not_applicable", "not applicable", R.NOT_APPLICABLE),
                                ("timeout", "timed out", R.TIMEOUT),
                                ("protocol_error", "protocol errors", R.PROTOCOL_ERROR)):
        if counts[key]:
            parts.append(counted(counts[key], label[:-1] if counts[key] == 1 and label.endswith("s") else label,
                                 verdict))
    # Verdicts other than the ones listed, and listed ids no scenario has: each fails the run.
    off = counts["unexpected"] + sum(1 for p in problems if p.endswith("(stale entry)"))
    if off:
        parts.append(f"{off} not as --expectations lists (above)")
    broken = [v for v in verdicts if v.broken]
    if broken:
        parts.append(f"{len(broken)} broken scenario(s)")
    untested = R.not_tested(verdicts)
    shown = _merged_reasons(untested)
    for reason, count in shown[:8]:
        print(f"NOT TESTED {count} scenario(s): {reason}", file=out)
    if len(shown) > 8:
        print(f"NOT TESTED ... and {len(shown) - 8} more reason(s) (see the JSON report)", file=out)
    # (a run green with neither events nor rule ids compared says so: round 80's engine author)
    # (not after a failed handshake, whose claims were never read: round 84's engine author)
    caps = dict(getattr(probe, "capabilities", {}) or {})
    missing = R.not_compared(caps) if caps else []
    if missing and verdicts:
        print("NOT COMPARED in any scenario: " + "; ".join(
            f"{R.COMPARED_BY[k]} (the engine does not claim `{k}`: PROTOCOL.md, Capabilities)" for k in missing),
            file=out)
    changed = getattr(probe, "claims_changed", None)
    if changed:
        print(f"warning: {changed}", file=sys.stderr)
    if unreturned:
        # (a key left out fails only the expectations naming it: round 84's engine author passed
        # 363 scenarios returning no `phase` at all)
        keys = ", ".join(f"`{k}`" for k in unreturned[:12]) + (f" and {len(unreturned) - 12} more"
                                                                  if len(unreturned) > 12 else "")
        print(f"NEVER RETURNED in any state of the engine's: {keys}, though the states the runner loaded held "
              "them; return every state complete (PROTOCOL.md, The state): the scenarios that passed did not "
              "look at them", file=out)
    played = [v for v in verdicts if v.verdict not in (R.NOT_APPLICABLE, R.SKIPPED)]
    def game_of(v: R.Verdict) -> str:
        # (a broken scenario's id may be no id of the corpus, only its path: grouped as such, not
        # under the folder `..` or a file name; round 96's designer)
        return "broken" if v.broken else v.id.split("/", 1)[0]
    games = sorted({game_of(v) for v in played})
    if len(games) > 1:
        # (what each game's scenarios came to, where a run played several: round 94's outside
        # engine, of base and Bohnröschen, had one line for both)
        by = {g: Counter(v.verdict for v in played if game_of(v) == g) for g in games}
        print("BY GAME " + "; ".join(f"{g} " + ", ".join(f"{n} {verdict.replace('-', ' ')}"
                                                        for verdict, n in sorted(c.items(), key=lambda t: (
                                                            t[0] != R.PASSED, t[0])))
                                      for g, c in by.items()), file=out)
    noun = "scenario" if len(verdicts) == 1 else "scenarios"
    print(", ".join(parts) + f"  ({len(verdicts)} {noun} in {seconds:.2f}s, engine: {probe.name}{stopped})",
          file=out)


def _merged_reasons(untested: list[dict[str, Any]]) -> list[tuple[str, int]]:
    """The NOT TESTED groups, those giving the same reason to different requests ("(load)",
    "(setup)") merged into one line naming them all, most scenarios first."""
    merged: dict[str, tuple[list[str], int]] = {}
    for group in untested:
        m = re.fullmatch(r"the engine does not support this \((\w+)\): (.*)", group["reason"], re.S)
        requests, reason = ([m.group(1)], m.group(2)) if m else ([], group["reason"])
        known, count = merged.get(reason, ([], 0))
        merged[reason] = (known + [r for r in requests if r not in known], count + group["count"])
    shown = [(f"the engine does not support this ({', '.join(requests)}): {reason}" if requests else reason, count)
             for reason, (requests, count) in merged.items()]
    return sorted(shown, key=lambda kv: (-kv[1], kv[0]))


def _write_conform_reports(args: argparse.Namespace, probe: Any, verdicts: list[Verdict], json_file: str | None,
                           junit_file: str | None, seconds: float, interrupted: bool,
                           unreturned: Sequence[str] = (), stopped: str = "", not_run: Sequence[str] = ()) -> list[str]:
    """Write the JSON and JUnit reports asked for; the problems of those that could not be."""
    from ..conformance import reports
    from ..language.spec import rules_digest

    unwritten = []
    if json_file:
        data = reports.json_report(verdicts, dict(getattr(probe, "engine_info", {}) or {}),
                                   dict(getattr(probe, "capabilities", {}) or {}), seconds, args.impl, interrupted,
                                   protocol=getattr(probe, "agreed", None), isolate=args.isolate,
                                   rules_digest=rules_digest(args.rules), never_returned=unreturned,
                                   stopped=stopped, claims_changed=getattr(probe, "claims_changed", None),
                                   not_run=not_run)
        unwritten.append(_write_output("--json", json_file, json.dumps(data, indent=2) + "\n"))
    if junit_file:
        unwritten.append(_write_output("--junit", junit_file,
                                       reports.junit_xml(verdicts, probe.name, seconds, interrupted, stopped,
                                                         len(not_run))))
    problems = [u for u in unwritten if u]
    for problem in problems:
        print(f"bohnspec: {problem}", file=sys.stderr)
    return problems


def _update_expectations(args: argparse.Namespace, verdicts: list[Verdict], expectations: dict, selection: Selection,
                         unwritten: bool, out: TextIO) -> int:
    """--update-expectations: rewrite the known-failures list from this run's verdicts."""
    from ..conformance import reports

    try:
        n = reports.write_expectations(Path(args.expectations), verdicts, expectations, selection.all_ids)
    except OSError as exc:
        print(f"bohnspec: --expectations {args.expectations}: cannot write the list "
              f"({exc.strerror or exc})", file=sys.stderr)
        return EXIT_INPUT
    print(f"wrote {n} known failure(s) to {args.expectations}", file=out)
    return EXIT_INPUT if unwritten or any(v.broken for v in verdicts) else EXIT_OK


def _conform_exit(args: argparse.Namespace, verdicts: list[Verdict], selection: Selection, problems: list[str],
                  input_error: bool) -> int:
    """The exit code of a run that ended: bad input (a report not written, an engine that does
    not start, broken scenarios, nothing tested) is 2, a failure 1."""
    from ..conformance import runner as R

    if input_error:
        return EXIT_INPUT
    broken = [v for v in verdicts if v.broken]
    if broken:
        # (with rules of one's own, a situation they refuse may be one their own play reaches:
        # round 97's designer was told only that his scenario needed fixing)
        own = " (or, where the refusal is of your rules' own invariant and play reaches that situation, the " \
              "rules contradict themselves: `bohnspec simulate --rules ...` checks a first game's every " \
              "situation)" if getattr(args, "rules", None) and any(
                  "could not come about in a game" in v.message for v in broken) else ""
        print(f"bohnspec: {len(broken)} scenario file(s) are broken (BUG IN SCENARIO above): the scenarios, "
              f"not the engine, need fixing{own}", file=sys.stderr)
        return EXIT_INPUT
    executed = [v for v in verdicts if v.verdict not in (R.SKIPPED, R.NOT_APPLICABLE)]
    if not executed and not args.allow_empty and verdicts:
        skipped = sum(1 for v in verdicts if v.verdict == R.SKIPPED)
        how = [f"{len(verdicts) - skipped} not applicable to the engine"] if skipped < len(verdicts) else []
        how += [f"{skipped} skipped for --modules {args.modules}"] if skipped else []
        print(f"bohnspec: no scenario ran: all {len(verdicts)} matched scenario(s) were not applicable or "
              f"skipped ({'; '.join(how)}): nothing was tested; pass --allow-empty to accept that",
              file=sys.stderr)
        return EXIT_INPUT
    if not executed and not args.allow_empty:
        what = "no scenario ran" if selection.skipped else "no scenario matched"
        print(f"bohnspec: {what} ({_why_empty(selection, args)}): nothing was tested; "
              "pass --allow-empty if that is what you meant", file=sys.stderr)
        return EXIT_INPUT
    return EXIT_OK if all(v.ok for v in verdicts) and not problems else EXIT_FAIL


def _why_empty(selection: Selection, args: argparse.Namespace) -> str:
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


def _usage(message: str) -> BohnspecError:
    """The error of a bad argument (exit 2), for the caller to raise."""
    from ..errors import BohnspecError
    return BohnspecError(message)


def _run_all(scenarios: list[Scenario], first_adapter: Adapter, make_adapter: Callable[[], Adapter],
             args: argparse.Namespace) -> tuple[list[Verdict], bool, str]:
    """Run scenarios, in parallel engine processes with --jobs; a progress bar on a terminal.

    Returns the verdicts of the scenarios that ran, whether the run was interrupted (Ctrl-C,
    SIGTERM): then the scenarios under way are dropped, the engines ended, and the verdicts so
    far returned, for the reports; and why it stopped early, "" if it did not (--max-timeouts:
    an engine that hangs costs the whole timeout for each scenario, hours for the corpus)."""
    from ..conformance import runner as R

    total = len(scenarios)
    line = ProgressLine(quiet=args.quiet or total <= 20)
    done = [0]
    lock = threading.Lock()
    stop = threading.Event()
    most = getattr(args, "max_timeouts", 0) or 0
    streak = [0]
    stopped = [""]

    def tick(verdict: Verdict) -> None:
        with lock:
            done[0] += 1
            line.draw(bar(done[0], total))
            streak[0] = streak[0] + 1 if verdict.verdict == R.TIMEOUT else 0
            if most and streak[0] >= most and not stopped[0]:
                stopped[0] = (f"{most} scenario(s) in a row timed out (--max-timeouts {most}; 0 never stops): "
                              "the engine seems to hang")
                stop.set()

    jobs = min(args.jobs, max(1, total))
    results: list = [None] * total
    interrupted = False
    if jobs == 1:
        try:
            for i, sc in enumerate(scenarios):
                upcoming = scenarios[i + 1] if i + 1 < total else None
                results[i] = R.run_scenario(first_adapter, sc, args.isolate, upcoming,
                                            strict_refusals=args.strict_refusals)
                tick(results[i])
                if stop.is_set():
                    break
        except KeyboardInterrupt:
            interrupted = True
    else:
        import queue
        todo: queue.Queue = queue.Queue()
        for i in range(total):
            todo.put(i)
        adapters: list = []

        def worker(adapter: Adapter) -> None:
            try:
                while not stop.is_set():
                    try:
                        i = todo.get_nowait()
                    except queue.Empty:
                        return
                    verdict = R.run_scenario(adapter, scenarios[i], args.isolate, strict_refusals=args.strict_refusals)
                    if stop.is_set() and (not stopped[0] or verdict.verdict != R.TIMEOUT):
                        return  # ended by the interruption or the stop: not a verdict on the engine
                    results[i] = verdict
                    tick(verdict)
            finally:
                if adapter is not first_adapter and hasattr(adapter, "close"):
                    adapter.close()

        threads = []
        try:
            for n in range(jobs):
                adapter = first_adapter if n == 0 else make_adapter()
                if adapter is not first_adapter and getattr(first_adapter, "agreed", None) is not None:
                    # (another process of the engine, one of --jobs: the same engine, held to the
                    # first handshake's claims as a restarted one is)
                    for held in ("agreed", "_claims", "capabilities", "engine_info", "name"):
                        setattr(adapter, held, getattr(first_adapter, held))
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
    line.clear()
    return [r for r in results if r is not None], interrupted, stopped[0]


def _replay_path(path: str) -> str:
    """How a user names a scenario file to replay it: relative to the current folder when it is
    inside it (a checkout), else nothing for a file of the installed corpus (it is the default:
    -k finds it), else the path as given."""
    from .. import paths
    p = Path(path)
    try:
        return shlex.quote(p.resolve().relative_to(Path.cwd().resolve()).as_posix()) + " "
    except (ValueError, OSError):
        pass
    try:
        p.resolve().relative_to(paths.SCENARIOS.resolve())
        return ""
    except (ValueError, OSError):
        return shlex.quote(path) + " "


def _fault_text(message: str, blank: bool = True) -> str:
    """A fault's message without the step and request it happened at (`at step 2 {...}
    (request apply): `), with its numbers blanked (a count of coins, a request id) and what it
    quotes of the engine's output blanked (a debug line, a reply with a wrong id): what makes
    two scenarios' faults of one kind."""
    if message.startswith(HANDSHAKE_FAILED):
        return message
    if " (request " in message:
        message = re.sub(r"^at .*? \(request \w+\): ", "", message, count=1)
    if not blank:
        return message
    message = re.sub(r"(: |got )'.*?'(?= \(|$)", r"\1'...'", message)
    return re.sub(r"\d+", "N", message)


def _shown(text: str) -> str:
    """A scenario's or an engine's text on the terminal: control characters (ESC, NUL) escaped,
    so that no title, note or reason can rewrite or colour bohnspec's own lines; the line
    breaks bohnspec puts in its messages stay."""
    from ..conformance.protocol import printable
    return "\n".join(printable(line) for line in text.split("\n"))


class _ShownOut:
    """A text stream that writes what it is given through _shown."""

    def __init__(self, target: TextIO) -> None:
        self.target = target

    def write(self, text: str) -> int:
        return self.target.write(_shown(text))

    def flush(self) -> None:
        self.target.flush()


def _print_failure(v: Verdict, replay: str, out: TextIO | None = None, explain: str = "bohnspec explain") -> None:
    out = cast(TextIO, _ShownOut(out or sys.stdout))
    head = v.verdict.upper().replace("-", " ")
    if v.expected is not None:
        head = f"UNEXPECTED {head} (listed as {v.expected})"
    print(f"{head} {v.id}  ({v.path})", file=out)
    if v.title:
        print(f"  scenario: {v.title}", file=out)
    if v.cites:
        print(f"  rules: {', '.join(v.cites)}  (see: {explain} {v.cites[0]})", file=out)
    if v.message:
        print("  " + v.message.replace("\n", "\n  "), file=out)
    for s in v.steps:
        if not s.ok:
            if v.message and s.problems and all(p in v.message for p in s.problems):
                continue  # the message above already names this step
            action = json.dumps(s.action) if s.action else "(no action: checks the state)"
            if s.setup:
                action = "(the setup)"
            print(f"  step {s.index + 1}: {action}", file=out)
            if s.note:
                print(f"    note: {s.note}", file=out)
            for problem in s.problems:
                print("    " + problem.replace("\n", "\n    "), file=out)
            if s.paragraphs:
                print(f"    decided by: {', '.join(s.paragraphs)}", file=out)
    if v.stderr:
        from ..conformance.runner import stderr_excerpt
        tail = stderr_excerpt(v.stderr).replace("\n", "\n    ")
        print(f"  engine stderr (last lines):\n    {tail}", file=out)
    if v.broken and v.id == v.path:
        # A scenario that cannot be read has no id to select it by: its path alone runs it.
        print(f"  replay: {replay} {(_replay_path(v.path) or shlex.quote(v.path)).rstrip()}", file=out)
    else:
        print(f"  replay: {replay} {_replay_path(v.path)}-k {shlex.quote(v.id)}", file=out)


# ------------------------------------------------------------ judge, explain

def cmd_judge(args: argparse.Namespace) -> int:
    from ..errors import BohnspecError

    _output("--json", args.json_file)
    try:
        _check_rules(args.rules)
        _check_situation(args.situation)
        return _judge(args)
    except BohnspecError as exc:
        # With --json, the answer is JSON too (and the message on stderr).
        if args.json_file:
            _write_output("--json", args.json_file, json.dumps({"situation": args.situation, "error": str(exc)},
                                                               indent=2) + "\n")
        raise


# The longest text one --action of judge reads (a few sentences said at the table).
MAX_SAID = 2000


def _judge(args: argparse.Namespace) -> int:
    from .explain import rulebooks_folder
    from .judge import (SetupRefused, board_of, fields_text, load_situation, none_of_moves, of_moves, overview,
                        render_overview, render_verdicts, score_now, score_over, spec_var_words, standings, who_may,
                        SCORE_ASKED, END_ASKED, FIGHT_WON_ASKED, COUNT_ASKED, OUT_ASKED, STANDINGS_ASKED, TAKES_ASKED,
                        counts_asked, DRAWS_ASKED, draws_counted, spaces_held, takes_counted)
    from .notation import asks_an_outcome, format_action, players_asked, values_asked
    from .notation.reading import MUST_ACCEPT_ASKED

    books = rulebooks_folder(args.rulebooks)
    try:
        engine, state, where = load_situation(args.situation, args.step, args.rules)
    except SetupRefused as setup_refused:
        return _setup_refused(args, setup_refused, books)
    if args.player and args.player not in state.names():
        raise _usage(f"--player {args.player!r} is not at the table ({', '.join(state.names())})")
    asked = values_asked(engine, state, args.action[0]) if args.action and len(args.action) == 1 \
        and not args.action[0].lstrip().startswith("{") else None
    if asked is not None:
        # (`Which spaces can Timon attack?`: what he may do, of those moves, with their values)
        who, kinds = asked
        ov = overview(engine, state)
        entry = next(p for p in ov["players"] if p["player"] == who)
        ov["players"] = [of_moves(entry, kinds)]
        ov["asked"] = {"question": args.action[0], "player": who, "moves": kinds}
        if not ov["players"][0]["may"] and not ov["over"]:
            ov["asked"]["answer"] = none_of_moves(engine, state, who, kinds, entry["may"])
        return EXIT_OK if _answer(args, {"situation": where, **ov}, render_overview(ov, where)) else EXIT_INPUT
    alone = args.action[0] if args.action and len(args.action) == 1 and not args.action[0].lstrip().startswith("{") \
        else None
    stood: list[str] = []
    if alone is not None and not STANDINGS_ASKED.match(alone) and players_asked(engine, state, alone) is None:
        # (`Nina and Eiko both have three coins at the end — who wins the tie?`: how things
        # stand, told before the question; round 94's table had `unknown action 'have'`)
        from .notation.reading import idle_clauses_dropped
        (bare,), dropped = idle_clauses_dropped(engine, state, [alone])
        if dropped and (STANDINGS_ASKED.match(bare) or players_asked(engine, state, bare) is not None):
            alone, stood = bare, dropped
        else:
            # (`We're three. Who wins?`: sentences of how things stand, then the question;
            # round 97's hunter was told `We're` is not at the table)
            from .notation.reading import _told_as_narration
            parts = [p for p in re.split(r"(?<=[.!;])\s+", alone.strip()) if p]
            last = parts[-1] if parts else ""
            if len(parts) > 1 and all(_told_as_narration(engine, state, p) for p in parts[:-1]) and (
                    STANDINGS_ASKED.match(last) or players_asked(engine, state, last) is not None):
                alone, stood = last, parts[:-1]
    whom = players_asked(engine, state, alone) if alone is not None else None
    if whom is not None or (alone is not None and STANDINGS_ASKED.match(alone)):
        # (`Who chooses a camp first?`, `Whose turn is it?`: whom the moves are open to now;
        # `Who wins?`: the standings now; each question was told it names no player)
        # (`Who starts?`, `Who goes first?`: the starting player said too)
        ov = who_may(overview(engine, state), whom[0], whom[1],
                     first=bool(re.search(r"\b(?:start\w*|first|begins?)\b", alone or "", flags=re.IGNORECASE))) \
            if whom is not None else standings(overview(engine, state), engine, state, alone or "")
        ov["asked"]["question"] = alone
        if stood:
            ov["asked"]["not_read"] = stood
        if args.player:
            ov["players"] = [p for p in ov["players"] if p["player"] == args.player]
        return EXIT_OK if _answer(args, {"situation": where, **ov}, render_overview(ov, where)) else EXIT_INPUT
    if args.action:
        # (`--player Timon -a "can I harvest my blue?"`: the seat asking is the one who says `I`;
        # round 58's table. Not JSON: a name there is a value.)
        # (what a player says at the table, not pages: a text longer than that is told, not read
        # in a time growing faster than its length; round 79's hostile tester)
        long = next((t for t in args.action if len(t) > MAX_SAID and not t.lstrip().startswith("{")), None)
        if long is not None:
            raise _usage(f"an --action of {len(long):,} characters ('{long[:40]}...'): judge reads what is said at "
                         f"the table, at most {MAX_SAID:,} characters an action; give each move or sentence its own "
                         "--action")
        said = [re.sub(r"\bI\b|\bme\b", lambda _m: args.player, text)
                if args.player and not text.lstrip().startswith("{") else text for text in args.action]
        unread: list[dict] = []
        # (`... and ends phase one. What may Timon do now?`: the same asked as the last sentence of
        # a text; round 89's table)
        # (`-a "Timon gives Keno both revealed cards" -a "What must Timon plant?"`: the values the
        # moves leave open, asked last, answered where they leave the game; round 88's table)
        tail = re.search(r"(?<=[.!?])\s+([^.!?]+\?)\s*$", said[-1]) if not said[-1].lstrip().startswith("{") else None
        last_asked = values_asked(engine, state, tail[1]) if tail is not None else None
        if tail is not None and last_asked is not None:
            said = [*said[:-1], said[-1][:tail.start()].strip()]
        else:
            last_asked = values_asked(engine, state, said[-1]) if len(said) > 1 \
                and not said[-1].lstrip().startswith("{") else None
            if last_asked is not None:
                said = said[:-1]
        narrated: list[str] = []
        results, actions, now = _judged_past_idle_clauses(engine, state, said, books, unread, narrated)
        if args.player:
            # From one seat: what each action opens to this player only.
            for r in results:
                if "opens" in r:
                    r["opens"] = [o for o in r["opens"] if o["player"] == args.player]
        refused = len(results) - 1 if results and not results[-1]["legal"] else None
        board = board_of(engine, state, actions, refused)
        head = f"situation: {where}  (phase {state.phase}, active player {state.active}, {fields_text(engine, state)})"
        # The actions after a refused one are not judged (its trade or sequence has broken off):
        # said, so that a question asked is never silently dropped.
        # Each named in the situation the ones judged leave (the refused one changed nothing).
        unjudged = [format_action(engine, now, a) for a in actions[len(results):]]
        rest = [f"not judged, since an action before it was refused: {a}" for a in unjudged]
        if books is None:
            # Said, not silently dropped: a verdict without the books' words looks complete.
            rest.append("note: the rulebooks' words are not quoted: bohnspec does not ship them; give the folder "
                        "holding bohnanza.md and the others with --rulebooks DIR (or set BOHNSPEC_RULEBOOKS=DIR)")
        # (`How many points is that for Nina?` with the game going on: the count its end would
        # make now; round 85's second table was told nothing)
        goes_on = False
        # (`Is Hanno out of the game?`: said of him, yes or no; round 90's table)
        out_asked = next((m[1] for t in said for m in [OUT_ASKED.search(t)] if m is not None and m[1] in now.names()),
                         None)
        if out_asked and now.over and (not results or results[-1]["legal"]):
            # Out only by the end the game has (a war game's last landscape lost): said of him,
            # with what he holds, as the end and its winners are told above.
            held = spaces_held(engine, now, out_asked)
            rest.insert(0, f"yes, {out_asked} is out: {out_asked} holds no space of the map, and the game is over"
                        if held == [] else f"the game is over for every player alike; {out_asked} is out of it as "
                        "the others are" + (f", holding {len(held)} space(s) of the map ({', '.join(held)})"
                                            if held else ""))
        scored = score_now(engine, now) if any(SCORE_ASKED.search(t) for t in said) and \
            (not results or results[-1]["legal"]) else ""
        if scored:
            rest.insert(0, f"the game goes on; the winners rule counted now, before what the end itself brings "
                           f"(a final harvest): {scored}")
        elif state.over and any(SCORE_ASKED.search(t) or END_ASKED.search(t) for t in said):
            # (`How many points does Timon have?` of a game over: its end, which no move showed)
            rest.insert(0, score_over(engine, state))
        elif any(END_ASKED.search(t) for t in said) and (not results or results[-1]["legal"]) and not now.over \
                and not any(w.get("reached") for r in results for w in r.get("game_goes_on", [])):
            # (`Eiko pays tribute for the last card. Is the game over?`: that nothing ends it
            # was told by no line; round 86's table)
            # (`Who wins?` mid-game: the count the end would make now too; round 87's second
            # table got it only when asking for points)
            # (only for who wins, and where the count names someone: Bohnröschen's winners are
            # those in the castle, nobody mid-game)
            standing = score_now(engine, now) if any(re.search(r"\bwins?\b|\bwon\b|\bwinners?\b", t, re.IGNORECASE)
                                                     for t in said) else ""
            standing = "" if "so nobody would win" in standing else standing
            rest.insert(0, (f"no, {out_asked} is not out: " if out_asked else "") +
                        "the game goes on: the moves judged reach no end of the game" + (
                f"; the winners rule counted now, before what the end itself brings (a final harvest): {standing}"
                if standing else ""))
            goes_on = True
        # (`Timon attacks 05 with his blue. Who wins?`: the fight just fought, whose result the
        # players ask first, before the game's standing; round 96's table found it only among
        # the events)
        fights = [c for r in results[-1:] if r["legal"] for c in r.get("combats", [])]
        if fights and any(FIGHT_WON_ASKED.search(t) for t in said):
            rest.insert(0, "the fight: " + "; then ".join(fights))
        # (`... picks the soy. Who picks next?`: whom the move is open to where the moves leave
        # the game, named; round 97's table found it only among the events)
        if results and results[-1]["legal"]:
            for question in (q.strip() for t in said for q in re.findall(r"[^.!?;]*\?", t)):
                whom_now = players_asked(engine, now, question)
                if whom_now is None or not whom_now[0]:
                    continue
                kinds_now = whom_now[0]
                open_to = [p for p in now.names() if any(engine.timing(now, k, p) is None for k in kinds_now)]
                rest.insert(0, f"{' and '.join(open_to) or 'nobody'} may {' or '.join(kinds_now)} now, where the "
                               f"moves leave the game ('{question}')")
        # (`How many coins does Keno have now?`: the count itself; round 87's table found it
        # nowhere in the brief answer)
        # (after a refused move too: the count where the legal ones leave the game; round 87's hunter)
        last_player = results[-1]["action"].get("player") if results else None
        counted = counts_asked(engine, now, said, last_player) + takes_counted(engine, now, said, last_player) \
            + (draws_counted(engine, state, [r["action"] for r in results if r["legal"]], said, last_player)
               if results and results[-1]["legal"] else [])
        rest[:0] = counted
        values_now: list[str] = []
        if last_asked is not None and (not results or results[-1]["legal"]):
            who, kinds = last_asked
            values_now = of_moves(next(p for p in overview(engine, now)["players"] if p["player"] == who), kinds)["may"]
            rest.append(f"{who} may now, where the moves leave the game: " + ("; ".join(values_now) or
                        f"no {' or '.join(kinds)}"))
        # (a question of what the moves lead to is answered by their events: said which was read
        # so, lest one seem dropped; round 86's table)
        outcomes = [q.strip() for t in said for q in re.findall(r"[^.!?;]*\?", t)
                    if results and asks_an_outcome(engine, state, q.strip())
                    and not SCORE_ASKED.search(q) and not END_ASKED.search(q) and not COUNT_ASKED.search(q)
                    and not (counted and (TAKES_ASKED.search(q) or DRAWS_ASKED.search(q)))
                    and not MUST_ACCEPT_ASKED.search(q)]
        if outcomes:
            rest.insert(0, "read as asking what the moves lead to, which the answer above shows: "
                        + "; ".join(f"'{q}'" for q in dict.fromkeys(outcomes)))
        if narrated:
            # (the story's sentences that name no move, passed over: said, as a reading is)
            rest.insert(0, "not read as moves (they tell how the game stands or what came before it, which the "
                        "situation gives): " + "; ".join(f"'{t}'" for t in narrated))
        verdicts = render_verdicts(results, args.brief, spec_var_words(engine.spec))
        text = "\n".join([head, *(board["rows"] if board else []), verdicts, *rest])
        told = f"action {unread[0]['action']} of {unread[0]['of']}, {unread[0]['text']!r}: {unread[0]['error']}" \
            if unread else ""
        answer = {"situation": where, **({"board": board} if board else {}), "results": results,
                  **({"not_judged": unjudged} if unjudged else {}), **({"score_now": scored} if scored else {}),
                  **({"game_goes_on": True} if goes_on else {}), **({"counted": counted} if counted else {}),
                  **({"asked": {"player": last_asked[0], "moves": last_asked[1], "may": values_now}}
                     if last_asked is not None else {}),
                  **({"not_read": unread} if unread else {}), **({"narrated": narrated} if narrated else {}),
                  # (exit 2 always has its error: the first text not read, as it was told alone)
                  **({"error": told} if told else {})}
        if not _answer(args, answer, text):
            return EXIT_INPUT
        if told:
            # (the moves before it judged and shown, the text not read told as any input error)
            print(f"bohnspec: {told}", file=sys.stderr)
            return EXIT_INPUT
        return EXIT_OK if all(r["legal"] for r in results) else EXIT_FAIL
    ov = overview(engine, state)
    if args.player:
        ov["players"] = [p for p in ov["players"] if p["player"] == args.player]
    return EXIT_OK if _answer(args, {"situation": where, **ov}, render_overview(ov, where)) else EXIT_INPUT


def _corpus_parts_read(given: list[str] | None) -> list[str] | None:
    """The corpus folders (and files) a run's paths read, as id prefixes (`base/harvest`): None
    when it read the whole corpus; a path outside the corpus adds none (its ids are its own)."""
    from .. import paths
    if not given:
        return None
    root = paths.SCENARIOS.resolve()
    out = []
    for p in given:
        try:
            rel = Path(p).resolve().relative_to(root)
        except (ValueError, OSError):
            continue
        part = rel.as_posix()
        if part == ".":
            return None  # the whole corpus
        out.append(part.removesuffix(".yaml"))
    return out


def _setup_refused(args: argparse.Namespace, refused: Any, books: Path | None) -> int:
    """The answer to a setup the rules refuse: its verdict, as an action's is given."""
    verdict = refused.verdict(books)
    lines = [f"situation: {refused.where}  (a new game's setup)",
             f"setup: ILLEGAL [{verdict['rule']}]: {verdict['reason']}"]
    if len(verdict["cites"]) > 1:
        lines.append(f"  citing {', '.join(verdict['cites'])}")
    lines += [f"  the rulebook, {pid}: {text}" for pid, text in verdict.get("rulebook", {}).items()]
    lines += [f"  the ruling, {rid}: {text}" for rid, text in verdict.get("ruling", {}).items()]
    if not _answer(args, {"situation": refused.where, "setup": verdict}, "\n".join(lines)):
        return EXIT_INPUT
    return EXIT_FAIL


def cmd_board(args: argparse.Namespace) -> int:
    from . import boardview
    from .judge import SetupRefused, load_situation

    _output("--json", args.json_file)
    _check_rules(args.rules)
    _check_situation(args.situation)
    declared = None if Path(args.situation).exists() else _declared_board(args.situation, args.rules)
    if declared is not None:
        if args.step:
            raise _usage(f"--step {args.step}: {args.situation} is a declared board, which has no steps; --step is "
                         "for a scenario")
        engine, state, where = declared
        heading = where
    else:
        try:
            engine, state, where = load_situation(args.situation, args.step, args.rules)
        except SetupRefused as refused:
            # No game, so no map to draw: the setup's refusal, as `judge` gives it.
            raise _usage(f"{args.situation}: the rules refuse this setup, so there is no map to draw: "
                         f"{refused.refusal.message} (bohnspec judge {args.situation} quotes the paragraph)") from None
        heading = f"situation: {where}  (phase {state.phase}, active player {state.active})"
    view = boardview.of_state(engine.spec, state)
    if view is None:
        raise _usage(f"{args.situation}: this game has no map (modules {', '.join(state.modules)}); "
                     "a board belongs to games played on one, such as dschingis")
    if args.svg:
        # (a declared board's `where` begins with its own name, which the heading gives: round
        # 83's second designer read "board delta_4: board delta_4: declared ...")
        picture = boardview.svg(view, subtitle=where.split(": ", 1)[-1] if declared else
                                f"{where} (phase {state.phase}, active player {state.active})")
        try:
            Path(args.svg).write_text(picture, encoding="utf-8")
        except OSError as exc:
            raise _usage(f"--svg {args.svg}: cannot write the picture ({exc.strerror or exc})") from None
    text = "\n".join([heading,
                      *boardview.text_rows(view), *boardview.neighbour_rows(view),
                      *([f"wrote the map to {args.svg}"] if args.svg else [])])
    return EXIT_OK if _answer(args, {"situation": where, **boardview.to_json(view)}, text) else EXIT_INPUT


def _declared_board(name: str, rules: list[str]) -> tuple[Any, Any, str] | None:
    """A board the spec (or a rules file) declares, by its name, laid for its table before
    anything is dealt: its spaces and the cards fixed on them (None if no board has the name)."""
    from ..errors import suggest
    from ..execution.interpret import engine_for
    from ..language.model import Board
    from ..language.spec import module_closure, parse_files, spec_files

    files = parse_files([*spec_files(), *rules])
    boards = [d for f in files for d in f.decls if isinstance(d, Board)]
    # The last declaration of the name: a module of --rules that replaces a board of the books
    # is the one asked about (round 48's designer was shown the printed realm_4).
    board = next((d for d in reversed(boards) if d.name == name), None)
    if board is None:
        if re.fullmatch(r"[a-z_][a-z0-9_]*", name):  # a bare name: no scenario id, no file here
            raise _usage(f"{name}: no such file, and no board has this name{suggest(name, [b.name for b in boards])} "
                         f"(boards: {', '.join(b.name for b in boards)}; a map of your own: --rules FILE)")
        return None
    modules = sorted(module_closure(files, [board.module] if board.module else ["base"]))
    engine = engine_for(modules, rules)
    seats = engine.spec.players
    players = board.players or (seats.least if seats is not None else 3)
    names = [f"P{i + 1}" for i in range(players)]
    state = engine.blank_state(names, names[0], None, modules=modules, board=engine.layout(name))
    table = f", for {board.players} players" if board.players else ""
    return engine, state, f"board {name}: declared in module {board.module or 'base'}{table}, before the deal"


def cmd_explain(args: argparse.Namespace) -> int:
    from .explain import explain, explain_files, render, rulebooks_folder

    _output("--json", args.json_file)
    _check_rules(args.rules)
    books = rulebooks_folder(args.rulebooks)
    if args.id is None:
        if not args.rules:
            raise _usage("explain what? give an id (bohnanza/harvest/1, ruling/<name>, a clause name such as "
                         "harvest), or --rules FILE to explain the cards and rules of your own file")
        info = explain_files(args.rules, books)
    else:
        info = explain(args.id, args.rules, books)
        if args.words and info.get("type") in ("paragraph", "ruling"):
            info = {k: v for k, v in info.items() if k not in ("clauses", "scenarios")}
        elif args.words:
            # A card or clause in words: what it is and what it cites, not its rules-language
            # source (round 42's implementer, writing an engine blind to spec/, was shown it).
            def worded(entries: list[dict]) -> list[dict]:
                return [{**c, "source": ""} for c in entries]
            info = {**info, "clauses": worded(info.get("clauses", []))}
            if "raised_by" in info:  # (an event: the rules that raise it)
                info["raised_by"] = worded(info["raised_by"])
            if info.get("also_an_event"):
                also = info["also_an_event"]
                info["also_an_event"] = {**also, "raised_by": worded(also["raised_by"])}
    if args.rules and not any((Path(r).parent / "scenarios").is_dir() for r in args.rules) and not args.json_file:
        # (round 77's designer kept scenarios in a folder of another name and was shown none)
        print(f"note: scenarios are read from a folder named `scenarios` beside your rules "
              f"({Path(args.rules[0]).parent / 'scenarios'}); there is none", file=sys.stderr)
    return EXIT_OK if _answer(args, info, render(info)) else EXIT_INPUT


# ------------------------------------------------------------ simulate

def cmd_simulate(args: argparse.Namespace) -> int:
    from ..errors import SpecRuntimeError
    from .simulate import EngineUnavailable, executor_name, load_engine, render

    json_file = _output("--json", args.json_file)
    _check_rules(args.rules)
    modules = _modules(args.modules) or ["base"]
    closure = _with_requirements(modules, args.rules)  # an unknown module: exit 2 with a did-you-mean
    _rules_played(args.rules, closure or [], modules)
    from ..language.spec import module_closure, parts_of, parse_files, spec_files
    files = parse_files([*spec_files(), *args.rules])
    parts = parts_of(files)
    alone = [m for m in modules if m in parts and not any(g in modules for g in parts[m])]
    if alone:
        # `--modules war` played a base game under the name of the war expansions (round 43).
        m = alone[0]
        raise _usage(f"--modules {m}: a part of {' and '.join(parts[m])}, played with them, not a game of its own; "
                     f"name the game: --modules {parts[m][0]}")
    # A module of one's own that requires such a part alone (a landscape for both war games)
    # played a war game with no map, no attack and no points (round 48's designer).
    games = parts_of(parse_files(spec_files()))  # the books' games each part belongs to
    beside = [(m, p) for m in modules for p in sorted(module_closure(files, [m]))
              if p in games and not any(g in (closure or []) for g in games[p])]
    if beside:
        m, p = beside[0]
        raise _usage(f"--modules {m}: it requires {p}, a part of {' and '.join(games[p])}, and none of them is "
                     f"played: name the game too (--modules {m},{games[p][0]})")
    if args.beans is not None and any(o.partition("=")[0].strip() == "beans" for o in args.option):
        raise _usage("--beans and --option beans=...: the same option given twice; give it once")
    if args.scheduler is not None and args.executor != "dask":
        raise _usage("--scheduler: only with --executor dask")
    try:
        engine = load_engine(modules, args.rules, args.engine)
    except EngineUnavailable as exc:
        raise _usage(f"--engine {args.engine}: {exc}") from None
    refused = engine.player_count_problem(args.players)
    if refused is not None:
        from ..language.spec import seating_hint
        raise _usage(f"--players {args.players}: {refused}{seating_hint(args.players, engine.spec.modules)}")
    given = ([f"beans={args.beans}"] if args.beans is not None else []) + args.option
    options = _game_options(engine, given)
    if "beans" in engine.spec.options:
        # The beans in play are always named (the option's declared default when not given).
        options = {"beans": options.pop("beans", engine.spec.options["beans"].default), **options}
    if args.board is not None:
        _board_playable(engine, args.board, args.players, options)
    elif engine.spec.boards and engine.choose_board(args.players, options) is None:
        # A game played on a map needs one laid for this table: say which tables the maps are for.
        laid = engine.tables_for_options(options)
        which = f"the maps these options choose are for {' or '.join(map(str, laid))} players" if laid else \
            "these options choose none"
        # (the maps for this table that other options would lay: round 96's designer was not told
        # his own map waited for `--option terrain=trident`, which `--board` names)
        from ..language.unparse import unparse
        waiting = [f"{b.name} (played when {unparse(b.when)})" for b in engine.spec.boards.values()
                   if b.when is not None and b.players == args.players]
        raise _usage(f"--players {args.players}: no map of these modules is laid for {args.players} players "
                     f"({which}"
                     + (f"; laid for {args.players} under other options: {', '.join(waiting)}" if waiting else "")
                     + "); give --players, an --option that chooses another map, or maps of your own "
                     "with --rules (the README's simulate command names the example maps)")
    keep = _output_folder("--keep-unended", args.keep_unended) if args.keep_unended is not None else None
    out = sys.stderr if json_file == "-" else sys.stdout
    line = ProgressLine(quiet=args.quiet)

    def progress(done: int, total: int) -> None:
        line.draw(bar(done, total) + " games")

    try:
        stats = _simulate(engine, args, options, modules, progress)
    except EngineUnavailable as exc:
        raise _usage(f"--executor {args.executor}: {exc}") from None
    except SpecRuntimeError as exc:
        if args.rules:
            # (before the replay, which ends the message: the command is its last words)
            from ..conformance.deciding import replacements_at
            yours = replacements_at(engine.spec, exc.location)
            if yours:
                exc.message += f"; the rule met there reads definitions of your rules: {', '.join(yours)}"
                exc.args = (exc._text(),)
        met = getattr(exc, "met_in_game", None)
        if met is not None:
            seed, before, action = met
            exc.message += _failure_replay(engine, args, options, keep, seed, before, action,
                                           ahead=getattr(exc, "looked_ahead", None))
            exc.args = (exc._text(),)
        raise
    finally:
        line.clear()
    interrupted = stats.interrupted
    _own_events_counted(engine, stats)
    others = "".join(f", {k} {v}" for k, v in options.items() if k != "beans")
    beans = f", beans {options['beans']}" if "beans" in options else ""
    played = (f"{stats.games} of {args.games} random games (INTERRUPTED)" if interrupted
              else f"{args.games} random games")
    kind = getattr(engine, "kind", "reference")
    from ..execution.accelerate import accelerated_modules
    if getattr(engine, "accelerated", False) or accelerated_modules():
        kind += " (accelerated)"  # BOHNSPEC_ACCELERATE=1: the same games, sooner
    board = f", board {args.board}" if args.board is not None else ""
    who = executor_name(args.executor, args.jobs, args.scheduler)
    hint, written = "", ""
    if stats.unended:
        if keep is None:
            hint = "(--keep-unended DIR writes each one's last state as a situation for bohnspec judge)"
        else:
            written, problem = _keep_unended(keep, stats.unended, args.rules)
            if problem:
                print(f"bohnspec: {problem}", file=sys.stderr)
                return EXIT_INPUT
    print(render(stats, f"{played}, {args.players} players, modules {args.modules}{board}{beans}, seed {args.seed}"
                        f"{others}, {kind} engine, {who}", hint), file=out)
    if written:
        print(written, file=out)
    if json_file:
        data = {"players": args.players, "modules": args.modules, "seed": args.seed, "beans": options.get("beans"),
                "options": options, **({"board": args.board} if args.board is not None else {}), **stats.to_json()}
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


def _own_events_counted(engine: Engine, stats: Any) -> None:
    """The events the designer's files (--rules) emit are counted even when none happened (0: the
    designer's landscape never paid; round 91's designer read an event missing from the table as
    nothing to say)."""
    from ..language.spec import book_files, nodes_of
    books = book_files()
    for f in engine.spec.files:
        if f.path not in books:
            for n in nodes_of(f.decls):
                if n.kind == "emit" and n.args[0] not in stats.event_counts:
                    stats.event_counts[n.args[0]] = 0


def _failure_replay(engine: Engine, args: argparse.Namespace, options: dict[str, str], keep: Path | None,
                    seed: int, before: int, action: dict | None, ahead: list[dict] | None = None) -> str:
    """Where to replay an error of the rules met in a random game: the game of that seed played
    again up to the move that met it, written as a situation (into --keep-unended DIR, else a
    fresh temporary folder), and the `judge` command that meets it again there (with the moves
    an agent looked ahead at, `ahead`, where it met the error while choosing)."""
    import tempfile

    from ..conformance.fuzz.writer import render as yaml_text
    from ..errors import BohnspecError
    from ..execution.play import random_game

    names = [f"P{i + 1}" for i in range(args.players)]
    try:
        rec = random_game(engine, names, seed, dict(options) or None, max_actions=before, board=args.board)
        folder = keep if keep is not None else Path(tempfile.mkdtemp(prefix="bohnspec-failure-"))
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"seed{seed}-failure.yaml"
        said = f"A random game of bohnspec simulate (seed {seed}) after {before} action(s): the next one met an " \
               "error of the rules."
        path.write_text(yaml_text(rec.state.to_json(), [said]), encoding="utf-8")
    except (BohnspecError, OSError):
        return ""  # (the error itself is told all the same)
    move = "".join(f" -a {shlex.quote(json.dumps(a))}" for a in ([action] if action is not None else ahead or []))
    return f"; the situation before it: {path}; meet it again: {_judge_command(path, args.rules)}{move}"


def _keep_unended(folder: Path, unended: list, rules: list[str]) -> tuple[str, str | None]:
    """Write each game that did not end as a situation (its last state, YAML, under a header
    saying how it stopped) into `folder`: (the line saying where and how to judge them, None),
    or ("", the problem) when they cannot be written."""
    from ..conformance.fuzz.writer import render as yaml_text

    paths = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for u in unended:
            if u.state is None:
                continue
            path = folder / f"seed{u.seed}.yaml"
            path.write_text(yaml_text(u.state, [f"The last state of a random game of bohnspec simulate: {u.said()}.",
                                                f"{_judge_command(path, rules)} says what each player may do "
                                                "here, and what holds them back."]),
                            encoding="utf-8")
            paths.append(path)
    except OSError as exc:
        return "", f"--keep-unended {folder}: cannot write the situations ({exc.strerror or exc})"
    first = _judge_command(paths[0] if paths else None, rules)
    return f"  {len(paths)} situation(s) written to {folder}: {first} says what each player may do there", None


def _judge_command(path: Path | None, rules: list[str]) -> str:
    """The command that judges a situation written by simulate, with the run's own rules files."""
    where = shlex.quote(str(path)) if path is not None else ""
    return f"bohnspec judge {where}" + "".join(f" --rules {shlex.quote(r)}" for r in rules)


def _board_playable(engine: Engine, name: str, players: int, options: dict[str, str]) -> None:
    """Refuse (exit 2) a --board the games cannot be played on: unknown, laid for another
    table, or wanting other options."""
    from ..errors import suggest
    from ..language.unparse import unparse

    boards = engine.spec.boards
    if name not in boards:
        known = f"the boards of these modules: {', '.join(boards)}" if boards else "these modules declare no board"
        raise _usage(f"--board {name}: unknown board{suggest(name, boards)}; {known}")
    board = boards[name]
    if board.players is not None and board.players != players:
        raise _usage(f"--board {name}: it is laid for {board.players} players, not {players}: give --players "
                     f"{board.players}")
    if not engine.board_allowed(name, options):
        assert board.when is not None
        raise _usage(f"--board {name}: it is played when {unparse(board.when)}, which these options do not give; "
                     "give the --option that does")


def _simulate(engine: Engine, args: argparse.Namespace, options: dict[str, str], modules: list[str],
              progress: Callable[[int, int], None]) -> Stats:
    """simulate.simulate with the command's arguments: the statistics of the games played,
    marked interrupted on Ctrl-C or SIGTERM. The same seeds and order, so the same statistics
    with any --jobs and either --executor."""
    from .simulate import simulate

    return simulate(engine, args.players, args.games, args.seed, options, args.max_actions, progress,
                    args.jobs, modules, args.rules, executor=args.executor, scheduler=args.scheduler,
                    board=args.board)


# ------------------------------------------------------------ fuzz

def cmd_fuzz(args: argparse.Namespace) -> int:
    from ..conformance import fuzz as F
    from ..conformance.protocol import EngineFault, engine_argv, printable

    if not args.impl.strip():  # fuzz has no reference to fall back on: it compares against it
        raise _usage("--impl is empty (an unset variable?): give the command that starts the engine to compare "
                     "with the reference")
    engine_argv(args.impl)  # a command that does not split is bad input
    json_file = _output("--json", args.json_file)
    text = sys.stderr if json_file == "-" else sys.stdout
    out = _output_folder("--out", args.out)
    _check_rules(args.rules)  # unreadable, or rules that do not check: said with their places
    modules = _modules(args.modules)
    if modules is not None:
        _with_requirements(modules, args.rules)  # an unknown module: exit 2 with a did-you-mean
    maps = None
    if args.maps:
        _check_rules([args.maps], "--maps")  # unreadable, or rules that do not check: said with their places
        maps = F.read_maps(args.maps)
    games = args.games if args.games is not None or args.minutes is not None else 20
    line = ProgressLine(quiet=args.quiet)

    def progress(campaign: Campaign, total: int | None, deadline: float | None, doing: str) -> None:
        if total is not None:
            done = bar(campaign.games, total) + " games"
        else:
            left = max(0, (deadline or time.monotonic()) - time.monotonic())
            done = f"{campaign.games} games, {left / 60:.1f} min left"
        line.draw(f"{done}, {campaign.actions} actions, {campaign.probes} probes"
                  + ("  shrinking..." if doing == "shrinking" else ""))

    try:
        campaign = F.fuzz(args.impl, modules, args.players, games, args.minutes, args.seed, out, args.timeout,
                          args.max_actions, progress, shrink_runs=args.shrink_runs,
                          shrink_seconds=args.shrink_seconds, maps=maps, rules=args.rules)
    except EngineFault as exc:
        print(f"bohnspec: the engine failed its handshake ({exc.verdict}): {exc}", file=sys.stderr)
        if exc.stderr:
            print("engine stderr:\n" + exc.stderr, file=sys.stderr)
        if json_file:
            # (written all the same, as conform's reports are: a CI step reading it meets the
            # failed handshake, not a missing file; round 95's tester)
            nothing = F.Campaign(maps=maps.path if maps is not None else None, rules=list(args.rules))
            failed = {**F.campaign_json(nothing, args.seed), "handshake": {"verdict": exc.verdict, "message": str(exc)}}
            problem = _write_output("--json", json_file, json.dumps(failed, indent=2) + "\n")
            if problem:
                print(f"bohnspec: {problem}", file=sys.stderr)
        return EXIT_FAIL
    finally:
        line.clear()
    # Grouped by why: a campaign cut short leaves every table it did not reach for one reason.
    reasons: dict[str, list[str]] = {}
    for module, why in campaign.skipped.items():
        reasons.setdefault(why, []).append(module)
    for why, names in reasons.items():
        print(f"not played: {', '.join(names)}: {why}", file=sys.stderr)
    for why, n in sorted(campaign.unsupported.items()):
        print(f"not tested: {n} game(s) cut short, the engine answered unsupported: {why}", file=sys.stderr)
    if campaign.not_compared and campaign.actions:
        # (as conform says it: round 84's engine author saw `no divergence` with neither compared)
        from ..conformance import runner as R
        print("NOT COMPARED in any game: " + "; ".join(
            f"{R.COMPARED_BY[k]} (the engine does not claim `{k}`: PROTOCOL.md, Capabilities)"
            for k in campaign.not_compared), file=sys.stderr)
    played = ", ".join(f"{'+'.join(ms)} ({n} game{'' if n == 1 else 's'}: "
                       + ", ".join(f"{k}p x{v}" for k, v in sorted(players.items())) + ")"
                       for ms, n, players in zip(campaign.modules, campaign.table_games, campaign.table_players))
    summary = (f"{campaign.games} game(s) ({campaign.games_ended} played to their end), "
               f"{campaign.actions} actions ({campaign.probes} probes), "
               f"modules {played or 'none'}"
               + (f", maps of {args.maps} ({campaign.maps_played} game(s) on them)" if maps is not None else "")
               + (f", rules of {', '.join(args.rules)}" if args.rules else "")
               + f", seed {args.seed}, {campaign.seconds:.1f}s")
    if maps is not None and campaign.games and not campaign.maps_played:
        # (round 95's outside engine was told `maps of FILE` of a campaign none of whose games
        # was laid on them: a table the rules give a board of their own gets that board first)
        print(f"warning: --maps {args.maps}: no game was set up on its boards: a table the rulebooks give a board "
              "of their own (Dschingis Bohn's realms) is laid on that one first; a board of the file is played "
              "where the rules have none for the table (Bohnaparte beyond three players), or where it takes a "
              "rulebook board's name", file=sys.stderr)
    if json_file:
        problem = _write_output("--json", json_file, json.dumps(F.campaign_json(campaign, args.seed), indent=2) + "\n")
        if problem:
            print(f"bohnspec: {problem}", file=sys.stderr)
    finding = campaign.finding
    if finding is not None:
        d = finding.divergence
        where = f"action {d.step + 1}" if d.step is not None else "the loaded state"
        print(f"DIVERGED in game {finding.game} ({summary})", file=text)
        print(f"  shrunk from {finding.original_actions} actions to {len(finding.trial.actions)} "
              f"({len(finding.trial.state.get('players', []))} players; {finding.shrink_runs} shrinking runs); "
              f"at {where}: {d.verdict}", file=text)
        if campaign.interrupted:
            print("  the shrinking was interrupted: the scenario is as small as it had become", file=text)
        for problem in d.problems[:5]:
            # (the engine's words in it escaped, as conform shows them: round 97's hostile engine
            # coloured the terminal through fuzz, and a lone surrogate stopped it)
            print("    " + "\n    ".join(printable(line) for line in problem.split("\n")), file=text)
        if d.signature[1] == "legal" and d.signature[2] == "fault" and not finding.verified:
            # (a fault answering `legal`, which no scenario asks for)
            print("  the engine fails when asked for its `legal` list, which no scenario asks for: the scenario "
                  "shows the position; `bohnspec fuzz` asks again", file=text)
        elif d.signature[1] == "legal" and not finding.verified:
            # (the engine answers the action as the rules do when it is played: only its list
            # differs, which no scenario can expect; the scenario shows the position and the action)
            print("  the engine plays the action listed as the rules do: its `legal` list is what differs, which "
                  "a scenario cannot expect; the scenario plays the action at that position", file=text)
        elif not finding.verified:
            print(f"  warning: the written scenario could not be verified: {finding.note}", file=text)
        print(f"  scenario: {finding.path}", file=text)
        print(f"  replay: {finding.replay}", file=text)
        print(finding.path, file=text)
        return EXIT_FAIL
    if campaign.interrupted:
        print(f"bohnspec: interrupted; no divergence in {summary}", file=sys.stderr)
        return EXIT_INTERRUPTED
    if campaign.actions == 0:
        # As conform with no scenario run: a CI job must not pass an engine nothing was asked of.
        print(f"bohnspec: nothing was tested, not one action was compared ({summary}): the engine answered "
              "`unsupported` to every game (see 'not tested' above); claim only the modules and options it plays",
              file=sys.stderr)
        return EXIT_INPUT
    cut = sum(campaign.unsupported.values())
    if cut and cut >= campaign.games:
        # (round 97's outside engine answered `unsupported` to the probes of moves the rules
        # refuse there, a draft with none under way, and every game stopped at the first: "no
        # divergence" with a clean exit, though little was compared)
        print(f"warning: every game was cut short by `unsupported` ({campaign.actions} action(s) compared in all): "
              "a move the engine knows, refused where it is asked (a draft with none under way, a second round "
              "with no combat), is a rejection with its rule, not `unsupported`, which says the engine lacks "
              "what the game needs", file=sys.stderr)
    print(f"no divergence: {summary}", file=text)
    return EXIT_OK


def _game_options(engine: Engine, given: list[str]) -> dict[str, str]:
    """`--option NAME=VALUE` arguments, checked against the options the spec declares."""
    from ..errors import suggest

    out = {}
    for text in given:
        name, sep, value = text.partition("=")
        name, value = name.strip(), value.strip()
        option = engine.spec.options.get(name)
        if not sep or option is None:
            from ..language.model import Option
            from ..language.spec import modules_declaring
            known = ", ".join(n for n in engine.spec.options if n != "beans") or "none besides --beans"
            elsewhere = [m for m in modules_declaring(name, Option) if m not in engine.spec.modules] if sep else []
            where = f"; {name!r} is an option of {' and '.join(elsewhere)} (--modules {elsewhere[0]})" \
                if elsewhere else ""
            raise _usage(f"--option {text!r}: write NAME=VALUE with an option of the game ({known})"
                         f"{suggest(name, engine.spec.options) if sep and not elsewhere else ''}{where}")
        if value not in option.values:
            raise _usage(f"--option {name}: {value!r} is not one of {', '.join(option.values)}"
                         f"{suggest(value, option.values)}")
        out[name] = value
    return out


# ------------------------------------------------------------ check

def cmd_check(args: argparse.Namespace) -> int:
    from .. import userfile
    from ..errors import BohnspecError, Diagnostic, Location
    from ..language.check import check_files

    _output("--json", args.json_file)
    named = [*args.files, *args.rules]
    unreadable: list[tuple[str, BohnspecError]] = []
    for f in named:
        try:
            userfile.read_text(f)  # missing, a folder, binary, not UTF-8, empty: one line, exit 2
        except BohnspecError as exc:
            unreadable.append((str(f), exc))
    if unreadable and not args.json_file:
        raise unreadable[0][1]
    # (with --json, an unreadable file is a diagnostic of the report, the others checked: round 96's
    # bad-input tester had no JSON at all, the good files' diagnostics lost with it)
    files = [f for f in named if str(f) not in {u for u, _ in unreadable}]
    diagnostics, nfiles = check_files(files or None)
    diagnostics = [Diagnostic(Location(u, 0, 0), "error", exc.message.removeprefix(f"{u}: "))
                   for u, exc in unreadable] + diagnostics
    if files:
        # A map of one's own laid for a table its game's setup refuses (round 48's designer:
        # four camps `for 3 players` passed, and simulate's hints then went round in a circle),
        # and an action whose legal moves cannot be listed (round 64's).
        from .playcheck import checked_in_play
        diagnostics = checked_in_play(files, diagnostics)
    errors = [d for d in diagnostics if d.severity == "error"]
    data = {"files": nfiles, "diagnostics": [
        {"file": d.location.file, "line": d.location.line, "column": d.location.column,
         "severity": d.severity, "message": d.message} for d in diagnostics]}
    text = "\n".join([*map(str, diagnostics), f"{nfiles} file(s) checked: {len(errors)} error(s), "
                                               f"{len(diagnostics) - len(errors)} warning(s)"])
    if not _answer(args, data, text) or unreadable:
        return EXIT_INPUT
    return EXIT_FAIL if errors else EXIT_OK


# ------------------------------------------------------------ coverage

def cmd_coverage(args: argparse.Namespace) -> int:
    from ..conformance.coverage import coverage, render

    _output("--json", args.json_file)
    if args.book is not None:
        from ..errors import suggest
        from ..language.paragraphs import index
        books = sorted({p.book for p in index().values()})
        if args.book not in books:
            # An unknown book has no paragraph to miss: --strict would pass it silently.
            raise _usage(f"--book {args.book}: no rulebook has this id{suggest(args.book, books)}; "
                         f"the books: {', '.join(books)}")
    rows = coverage(book=args.book)
    if not _answer(args, rows, render(rows, missing_only=args.missing)):
        return EXIT_INPUT
    gaps = [r for r in rows["paragraphs"] if r["normative"] and (not r["clauses"] or not r["scenarios"])]
    return EXIT_FAIL if args.strict and gaps else EXIT_OK


# ------------------------------------------------------------ site

def cmd_site(args: argparse.Namespace) -> int:
    from .site import generate

    _output_folder("the site's folder", args.out)  # (before a build of seconds, not after it: round 96)
    _check_rules(args.rules)
    result = generate(Path(args.out), Path(args.rulebooks) if args.rulebooks else None, args.report,
                      use_default_rulebooks=not args.no_rulebooks, rules=args.rules, scenarios=args.scenarios)
    for warning in result.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    if not args.scenarios:
        beside = [str(d) for d in dict.fromkeys(Path(r).parent / "scenarios" for r in args.rules) if d.is_dir()]
        if beside:
            print(f"note: the scenarios beside your rules are not shown; add --scenarios {beside[0]}", file=sys.stderr)
    texts = f"paragraph texts from {result.rulebooks}" if result.rulebooks else \
        "no rulebooks given: paragraphs are shown by id (--rulebooks DIR adds their texts)"
    engines = f"; engines: {', '.join(result.engines)}" if result.engines else ""
    print(f"wrote {result.pages} pages ({result.files} files) to {result.out} in {result.seconds:.2f}s; "
          f"{texts}{engines}")
    print(f"open {(result.out / 'index.html').resolve().as_uri()}")
    return EXIT_OK
