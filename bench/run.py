"""Benchmarks of bohnspec, printed as a table (and written as JSON with --json FILE).

    python bench/run.py            # the full set (some ten minutes, Cython's first builds apart)
    python bench/run.py --quick    # a smoke run, as CI does: few games, the base scenarios only

Measures: random full games per second on each engine (base game, Bohnröschen, Dschingis
Bohn and Bohnaparte, 4 players; turns per second and actions per game beside; bench/games.py)
and the memory of a long `simulate`, each against its target; conformance scenarios
per second in-process and through `bohnspec serve`, `bohnspec --version` start-up time, and
the time to parse and check all of spec/.
"""

from __future__ import annotations

import argparse
import gc
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
from bohnspec.execution.interpret import engine_for  # noqa: E402
from bohnspec.execution.play import random_game  # noqa: E402
from bohnspec.language import spec as spec_module  # noqa: E402
from bohnspec.language.spec import build, parse_files, spec_files  # noqa: E402
from bohnspec.tools.cli import collect_rarely  # noqa: E402
from games import met, rows as game_rows  # noqa: E402


def _env():
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "interpreter") + os.pathsep + env.get("PYTHONPATH", "")
    return env


def actions_and_floor(players: int, games: int, engine_kind: str = "reference",
                      replay_on=("reference",)) -> tuple[float, float, dict]:
    """(actions per game, microseconds per action with the agent, and for each engine of
    `replay_on` the microseconds per action replaying the same games' actions with no agent at
    all: what the rules alone cost). "compiled+cython" is the compiled engine with the
    accelerator (execution/accelerate.py)."""
    engine = engine_for(["base"], engine=engine_kind)
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
    floors = {}
    for kind in replay_on:
        replayer = engine_for(["base"], engine=kind.split("+")[0], accelerate=kind.endswith("+cython"))
        # One game replayed first, uncounted (the engine's first use builds what it builds
        # lazily), and the garbage of the rows measured before collected: in a full run the
        # replay after the game rows measured 11 µs an action where it measures 7 alone.
        first, actions = recorded[0]
        state = first.copy()
        for action in actions:
            replayer.apply(state, action, in_place=True)
        gc.collect()
        started = time.perf_counter()
        for first, actions in recorded:
            state = first.copy()
            for action in actions:
                outcome = replayer.apply(state, action, in_place=True)
                assert outcome.accepted, outcome.rejection
        floors[kind] = 1e6 * (time.perf_counter() - started) / total
    return total / games, 1e6 * with_agent / total, floors


def accelerated_rows(games: int) -> list[tuple]:
    """The random-game and replay rows with the hot modules and the generated rules compiled
    by Cython (BOHNSPEC_ACCELERATE=1), measured in a process of their own (the hot modules are
    chosen when bohnspec is first imported)."""
    env = _env()
    env["BOHNSPEC_ACCELERATE"] = "1"
    done = subprocess.run([sys.executable, __file__, "--accelerated-rows", str(games)], env=env, check=True,
                          capture_output=True, text=True)
    return [tuple(r) for r in json.loads(done.stdout)]


def _accelerated_rows_here(games: int) -> list[tuple]:
    from bohnspec.execution.accelerate import accelerated_modules, requested
    from games import GAMES, play
    assert requested()
    out = []
    for label, modules, rules, players, _target in GAMES:
        n = games if label == "base" else max(2, games // 4)
        r = play("compiled", modules, rules, players, n)
        out.append((f"random {label} games/s, {players} players (accelerated)", r["games_per_second"], "games/s",
                    ">= 300" if label == "base" else "", f"{r['turns_per_second']:.0f} turns/s, "
                    f"{r['actions_per_game']:.0f} actions a game"))
    _, _, floors = actions_and_floor(4, max(2, games // 2), "compiled", ["compiled+cython"])
    from bohnspec.execution.accelerate import HOT_MODULES
    # (a hot module Cython could not build runs as Python, and says so here: for a day
    # interpret.py did, unseen, behind "9 modules compiled")
    left = [m.rsplit(".", 1)[1] for m in HOT_MODULES if m not in accelerated_modules()]
    compiled = f"{len(accelerated_modules())} of {len(HOT_MODULES)} modules compiled" + (
        f" ({', '.join(left)} as Python)" if left else "")
    out.append(("time per action, replaying (rules only, accelerated)", floors["compiled+cython"], "µs", "<= 5",
                compiled))
    # The conformance machinery is among the hot modules too: the corpus in-process, as the
    # pure-Python row measures it.
    rate, count = scenarios_per_second(False, 5, engine="compiled")
    out.append((f"scenarios/s in-process ({count} scenarios, compiled engine, accelerated)", rate, "scenarios/s",
                ">= 5000", compiled))
    return out


def simulate_jobs_games_per_second(players: int, games: int, jobs: int) -> float:
    """`bohnspec simulate --jobs N` as a user runs it, start-up of the workers included."""
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "bohnspec", "simulate", "--games", str(games), "--players",
                    str(players), "--jobs", str(jobs), "-q"], check=True, env=_env(), stdout=subprocess.DEVNULL)
    return games / (time.perf_counter() - started)


def scenarios_per_second(through_protocol: bool, rounds: int, engine: str = "reference",
                         corpus: list[str] | None = None, anew: bool = False) -> tuple[float, int]:
    """Scenarios a second of one runner loop over the corpus (in this process, or through
    `bohnspec serve --engine ENGINE`), the next scenario told to the adapter as conform does.
    A scenario found to fit the rules before skips that check (conformance/checked.py), as in
    a user's second run; `anew`: every scenario is checked, as in a first run."""
    selection = R.select(corpus, None, None)
    if through_protocol:
        from bohnspec.conformance.protocol import ProtocolAdapter
        os.environ["PYTHONPATH"] = _env()["PYTHONPATH"]
        adapter = ProtocolAdapter(f"{sys.executable} -m bohnspec serve --engine {engine}", timeout=30)
    else:
        adapter = R.InProcess(engine=engine)
        if anew:
            adapter.checked = None
        for sc in selection.scenarios:  # each engine built before the clock starts
            adapter.engine(sc.modules)
    scenarios = selection.scenarios
    if not through_protocol and not anew:
        # One round untimed: each scenario checked once (as a user's earlier run did), whatever
        # the cache on disk held for this code (the accelerated rows' process read none after a
        # change: their figure was a first run's).
        for i, sc in enumerate(scenarios):
            R.run_scenario(adapter, sc, upcoming=scenarios[i + 1] if i + 1 < len(scenarios) else None)
    n = 0
    started = time.perf_counter()
    for _ in range(rounds):
        for i, sc in enumerate(scenarios):
            v = R.run_scenario(adapter, sc, upcoming=scenarios[i + 1] if i + 1 < len(scenarios) else None)
            assert v.verdict == R.PASSED, (v.id, v.verdict, v.message)
            n += 1
    seconds = time.perf_counter() - started
    if through_protocol:
        adapter.close()
    return n / seconds, len(selection.scenarios)


def cli_corpus_seconds(impl: bool, repeat: int, corpus: list[str] | None = None, engine: str | None = None) -> float:
    """Wall time of `bohnspec conform` on the whole corpus (or the `corpus` folders), as a user
    runs it: in-process, or (`impl`) through `bohnspec serve`; `engine`: the engine of every
    side (the runner's own too, which makes and checks the states it sends; None: each command's
    default, the reference in `conform` and the compiled one in serve)."""
    cmd = [sys.executable, "-m", "bohnspec", "conform", "-q", *(corpus or [])]
    if impl:
        cmd += ["--impl", f"{sys.executable} -m bohnspec serve" + (f" --engine {engine}" if engine else "")]
    if engine:
        cmd += ["--engine", engine]
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
        spec_module.clear_parse_cache(disk=True)  # time the parse itself, not the disk cache
        started = time.perf_counter()
        diagnostics = check_spec(build(parse_files(spec_files()), None))
        best = min(best, time.perf_counter() - started)
        assert not [d for d in diagnostics if d.severity == "error"]
    return best


def site_cpu_seconds(repeat: int) -> float:
    """CPU time of writing the whole rulebook site (every scenario a page) into a fresh folder,
    in a process of its own: what it costs, whatever else the machine is doing (the wall clock
    counts that too)."""
    import resource
    import tempfile

    def children() -> float:
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        return used.ru_utime + used.ru_stime
    best = float("inf")
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as out:
            before = children()
            subprocess.run([sys.executable, "-m", "bohnspec", "site", out, "--no-rulebooks"], env=_env(), check=True,
                           capture_output=True)
            best = min(best, children() - before)
    return best


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="a short smoke run")
    ap.add_argument("--json", dest="json_file", metavar="FILE", help="also write the figures as JSON")
    ap.add_argument("--accelerated-rows", type=int, metavar="GAMES", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    collect_rarely()  # as every bohnspec command does: the rows in this process measure what users run
    if args.accelerated_rows:
        print(json.dumps(_accelerated_rows_here(args.accelerated_rows)))
        return 0
    games = 3 if args.quick else 40
    # Random full games on each engine, turns/s and actions a game beside, against the targets;
    # and the memory of a long `simulate` (bench/games.py).
    rows = list(game_rows(args.quick, _env()))
    # The rules alone, on each engine.
    per_game, with_agent, floors = actions_and_floor(4, max(2, games // 2), "reference", ["reference", "compiled"])
    rows.append(("actions per random 4-player base game", per_game, "actions"))
    rows.append(("time per action, random play (agent + rules, reference engine)", with_agent, "µs"))
    for kind, floor in floors.items():
        rows.append((f"time per action, replaying those games (rules only, {kind})", floor, "µs",
                     "" if kind == "reference" else "<= 5"))
    floor = floors["compiled"]
    rows.append(("replay of a 4-player base game (no agent, compiled)", 1e6 / (floor * per_game), "games/s"))
    # The same with the accelerator (BOHNSPEC_ACCELERATE=1, in a process of its own) when Cython
    # and a C compiler are here; its first builds take a minute or two, so not in a quick run.
    from bohnspec.execution.accelerate import available
    if not args.quick and available() is None:
        rows += accelerated_rows(games)
    rows.append(("`bohnspec simulate --jobs 2`, 4 players", simulate_jobs_games_per_second(
        4, 8 if args.quick else 100, 2), "games/s"))
    # A quick run times the base game's folder only (the smoke test asks every figure, not its size).
    corpus = [str(ROOT / "conformance" / "scenarios" / "base")] if args.quick else None
    ref_rate, count = scenarios_per_second(False, 1 if args.quick else 5, corpus=corpus)
    rows.append((f"scenarios/s in-process ({count} scenarios, reference engine)", ref_rate, "scenarios/s"))
    rate, count = scenarios_per_second(False, 1 if args.quick else 5, engine="compiled", corpus=corpus)
    rows.append((f"scenarios/s in-process ({count} scenarios, compiled engine)", rate, "scenarios/s", ">= 5000",
                 "scenarios checked against the rules in an earlier run skip it"))
    anew, _ = scenarios_per_second(False, 1 if args.quick else 5, engine="compiled", corpus=corpus, anew=True)
    rows.append(("scenarios/s in-process, every scenario checked anew (a first run)", anew, "scenarios/s"))
    in_process_whole = count / rate
    rows.append(("whole corpus in-process", in_process_whole, "s"))
    prate, _ = scenarios_per_second(True, 1 if args.quick else 3, engine="compiled", corpus=corpus)
    rows.append(("scenarios/s through bohnspec serve (compiled engine)", prate, "scenarios/s"))
    rows.append(("protocol cost per scenario (serve / in-process, compiled engine)", rate / prate, "x"))
    repeat = 1 if args.quick else 3
    # The target: the corpus through `bohnspec serve` takes at most 1.5 times as long as
    # in-process, as a user runs both, one engine on both sides; start-up under a tenth of a second.
    for engine in ("compiled", "reference"):
        cli_in = cli_corpus_seconds(False, repeat, corpus, engine)
        cli_serve = cli_corpus_seconds(True, repeat, corpus, engine)
        rows.append((f"`bohnspec conform --engine {engine}`, whole corpus", cli_in, "s"))
        rows.append((f"`bohnspec conform --engine {engine} --impl 'bohnspec serve --engine {engine}'`", cli_serve,
                     "s"))
        rows.append((f"protocol cost, whole corpus (serve / in-process, {engine} engine)", cli_serve / cli_in, "x",
                     "<= 1.5"))
    rows.append(("bohnspec --version start-up", startup_seconds(3 if args.quick else 10), "s", "<= 0.1"))
    rows.append(("parse and check all of spec/", parse_and_check_seconds(1 if args.quick else 5), "s"))
    rows.append(("`bohnspec site`, the whole site (CPU)", site_cpu_seconds(1 if args.quick else 3), "s"))
    # A row is (name, value, unit) or (name, value, unit, target, detail): a target such as
    # ">= 150" is shown with whether the figure meets it.
    rows = [(*r, "", "")[:5] for r in rows]
    width = max(len(r[0]) for r in rows)
    print(f"{'benchmark':{width}}  {'value':>10}  {'unit':11}  {'target':8}  {'':7}  detail")
    print("-" * (width + 60))
    for name, value, unit, target, detail in rows:
        print(f"{name:{width}}  {value:>10.3f}  {unit:11}  {target:8}  {met(value, target):7}  {detail}".rstrip())
    if args.json_file:
        Path(args.json_file).write_text(json.dumps(
            {"quick": args.quick, "python": sys.version.split()[0],
             "results": [{"name": n, "value": round(v, 4), "unit": u, "target": t, "met": met(v, t) or None,
                          "detail": d} for n, v, u, t, d in rows]}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
