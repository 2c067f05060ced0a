"""Benchmarks of bohnspec, printed as a table (and written as JSON with --json FILE).

    python bench/run.py            # the full set (about a minute)
    python bench/run.py --quick    # a smoke run, as CI does

Measures: random full games per second (base game, 3/4/5 players; Bohnröschen and Dschingis
Bohn, 4 players, with the actions of a Dschingis game), conformance scenarios
per second in-process and through `bohnspec serve`, `bohnspec --version` start-up time, and
the time to parse and check all of spec/.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "interpreter"))

from bohnspec.conformance import runner as R  # noqa: E402
from bohnspec.language.check import check_spec  # noqa: E402
from bohnspec.execution.interpret import Engine  # noqa: E402
from bohnspec.execution.play import random_game  # noqa: E402
from bohnspec.language.spec import build, load, parse_files, spec_files  # noqa: E402


def _env():
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "interpreter") + os.pathsep + env.get("PYTHONPATH", "")
    return env


def games_per_second(modules: list[str], players: int, games: int) -> float:
    engine = Engine(load(modules))
    names = [f"P{i + 1}" for i in range(players)]
    started = time.perf_counter()
    for seed in range(games):
        rec = random_game(engine, names, seed)
        assert rec.ended, f"game {seed} did not end"
    return games / (time.perf_counter() - started)


def games_and_actions(modules: list[str], players: int, games: int) -> tuple[float, float]:
    """(random full games per second, actions per game) for these modules and players."""
    engine = Engine(load(modules))
    names = [f"P{i + 1}" for i in range(players)]
    actions = 0
    started = time.perf_counter()
    for seed in range(games):
        rec = random_game(engine, names, seed)
        assert rec.ended, f"game {seed} did not end"
        actions += len(rec.actions)
    return games / (time.perf_counter() - started), actions / games


def actions_and_floor(players: int, games: int) -> tuple[float, float, float]:
    """(actions per game, microseconds per action with the agent, microseconds per action
    replaying the same games' actions with no agent at all: what the interpreter alone costs)."""
    engine = Engine(load(["base"]))
    names = [f"P{i + 1}" for i in range(players)]
    started = time.perf_counter()
    total = sum(len(random_game(engine, names, seed).actions) for seed in range(games))
    with_agent = time.perf_counter() - started
    recorded = []
    for seed in range(games):  # the same games again, this time keeping their first states
        rec = random_game(engine, names, seed, record=True)
        first = rec.states[0].copy()
        first.shuffles = rec.shuffles
        recorded.append((first, rec.actions))
    assert total == sum(len(a) for _, a in recorded)
    started = time.perf_counter()
    for first, actions in recorded:
        state = first.copy()
        for action in actions:
            outcome = engine.apply(state, action, in_place=True)
            assert outcome.accepted, outcome.rejection
    floor = time.perf_counter() - started
    return total / games, 1e6 * with_agent / total, 1e6 * floor / total


def simulate_jobs_games_per_second(players: int, games: int, jobs: int) -> float:
    """`bohnspec simulate --jobs N` as a user runs it, start-up of the workers included."""
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "bohnspec", "simulate", "--games", str(games), "--players",
                    str(players), "--jobs", str(jobs), "-q"], check=True, env=_env(), stdout=subprocess.DEVNULL)
    return games / (time.perf_counter() - started)


def scenarios_per_second(through_protocol: bool, rounds: int) -> tuple[float, int]:
    selection = R.select(None, None, None)
    if through_protocol:
        from bohnspec.conformance.protocol import ProtocolAdapter
        os.environ["PYTHONPATH"] = _env()["PYTHONPATH"]
        adapter = ProtocolAdapter(f"{sys.executable} -m bohnspec serve", timeout=30)
    else:
        adapter = R.InProcess()
    n = 0
    started = time.perf_counter()
    for _ in range(rounds):
        for sc in selection.scenarios:
            v = R.run_scenario(adapter, sc)
            assert v.verdict == R.PASSED, (v.id, v.verdict, v.message)
            n += 1
    seconds = time.perf_counter() - started
    if through_protocol:
        adapter.close()
    return n / seconds, len(selection.scenarios)


def cli_corpus_seconds(impl: bool, repeat: int) -> float:
    """Wall time of `bohnspec conform` on the whole corpus, as a user runs it."""
    cmd = [sys.executable, "-m", "bohnspec", "conform", "-q"]
    if impl:
        cmd += ["--impl", f"{sys.executable} -m bohnspec serve"]
    return _best_seconds(cmd, repeat)


def startup_seconds(repeat: int) -> float:
    return _best_seconds([sys.executable, "-m", "bohnspec", "--version"], repeat)


def _best_seconds(cmd: list[str], repeat: int) -> float:
    """The shortest wall time of `repeat` runs of a command (the least disturbed one)."""
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        subprocess.run(cmd, check=True, env=_env(), stdout=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - started)
    return best


def parse_and_check_seconds(repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        diagnostics = check_spec(build(parse_files(spec_files()), None))
        best = min(best, time.perf_counter() - started)
        assert not [d for d in diagnostics if d.severity == "error"]
    return best


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="a short smoke run")
    ap.add_argument("--json", dest="json_file", metavar="FILE", help="also write the figures as JSON")
    args = ap.parse_args(argv)
    games = 3 if args.quick else 40
    rows = []
    for players in (3, 4, 5):
        rows.append((f"random base games/s, {players} players",
                     games_per_second(["base"], players, games), "games/s"))
    rows.append(("random Bohnröschen games/s, 4 players",
                 games_per_second(["bohnroeschen"], 4, max(2, games // 4)), "games/s"))
    rate, per_game = games_and_actions(["dschingis"], 4, max(2, games // 4))
    rows.append(("random Dschingis games/s, 4 players", rate, "games/s"))
    rows.append(("actions per random 4-player Dschingis game", per_game, "actions"))
    per_game, with_agent, floor = actions_and_floor(4, max(2, games // 2))
    rows.append(("actions per random 4-player base game", per_game, "actions"))
    rows.append(("time per action, random play (agent + rules)", with_agent, "µs"))
    rows.append(("time per action, replaying those games (rules only)", floor, "µs"))
    rows.append(("replay of a 4-player base game (no agent)", 1e6 / (floor * per_game), "games/s"))
    rows.append(("`bohnspec simulate --jobs 2`, 4 players", simulate_jobs_games_per_second(
        4, 8 if args.quick else 100, 2), "games/s"))
    rate, count = scenarios_per_second(False, 1 if args.quick else 5)
    rows.append((f"scenarios/s in-process ({count} scenarios)", rate, "scenarios/s"))
    in_process_whole = count / rate
    rows.append(("whole corpus in-process", in_process_whole, "s"))
    prate, _ = scenarios_per_second(True, 1 if args.quick else 3)
    rows.append(("scenarios/s through bohnspec serve", prate, "scenarios/s"))
    rows.append(("protocol cost per scenario (serve / in-process)", rate / prate, "x"))
    cli_in = cli_corpus_seconds(False, 1 if args.quick else 3)
    cli_serve = cli_corpus_seconds(True, 1 if args.quick else 3)
    rows.append(("`bohnspec conform`, whole corpus", cli_in, "s"))
    rows.append(("`bohnspec conform --impl 'bohnspec serve'`", cli_serve, "s"))
    rows.append(("protocol cost, whole corpus (serve / in-process)", cli_serve / cli_in, "x"))
    rows.append(("bohnspec --version start-up", startup_seconds(3 if args.quick else 10), "s"))
    rows.append(("parse and check all of spec/", parse_and_check_seconds(1 if args.quick else 5), "s"))
    width = max(len(r[0]) for r in rows)
    print(f"{'benchmark':{width}}  {'value':>10}  unit")
    print("-" * (width + 20))
    for name, value, unit in rows:
        print(f"{name:{width}}  {value:>10.3f}  {unit}")
    if args.json_file:
        Path(args.json_file).write_text(json.dumps(
            {"quick": args.quick, "python": sys.version.split()[0],
             "results": [{"name": n, "value": round(v, 4), "unit": u} for n, v, u in rows]}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
