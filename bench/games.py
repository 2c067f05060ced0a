"""The random-game rows of bench/run.py: full random games per second for each engine, with
turns per second and actions per game beside them (a game of fewer, coarser actions is not
comparable per game), each against its target; and the memory `simulate` needs.

Times are the CPU time of this process (one core), so other work on the machine does not
count against the figure.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from bohnspec.execution.play import random_game
from bohnspec.tools.simulate import load_engine

ROOT = Path(__file__).resolve().parent.parent
MAPS = str(ROOT / "examples" / "bohnaparte" / "reference-maps.bohn")

# (label, modules, rules files, players, target in games/s)
GAMES = [
    ("base", ["base"], [], 4, 150),
    ("Bohnröschen", ["bohnroeschen"], [], 4, 40),
    ("Dschingis", ["dschingis"], [], 4, 40),
    ("Bohnaparte", ["bohnaparte_maps"], [MAPS], 4, 40),
]
# `simulate --games 10000` stays under this many megabytes resident.
MEMORY_TARGET_MB = 200


def play(engine_kind: str, modules, rules, players: int, games: int) -> dict:
    """Random full games from seeds 0.. on one engine: games, turns and actions per second of
    CPU time, and per game."""
    engine = load_engine(modules, rules, engine_kind)
    names = [f"P{i + 1}" for i in range(players)]
    turns = actions = 0
    started = time.process_time()
    for seed in range(games):
        rec = random_game(engine, names, seed)
        assert rec.ended, f"{modules} game {seed} did not end"
        turns += rec.turns
        actions += len(rec.actions)
    seconds = max(time.process_time() - started, 1e-9)
    return {"games_per_second": games / seconds, "turns_per_second": turns / seconds,
            "actions_per_game": actions / games, "turns_per_game": turns / games}


def rows(quick: bool, env: dict) -> list[tuple]:
    """(name, value, unit, target, detail) rows; a target is a text such as ">= 150"."""
    out = []
    games = 3 if quick else 40
    for kind in ("compiled", "reference"):
        suffix = "" if kind == "compiled" else " (reference engine)"
        for label, modules, rules, players, target in GAMES:
            n = games if label == "base" else max(2, games // 4)
            r = play(kind, modules, rules, players, n)
            out.append((f"random {label} games/s, {players} players{suffix}", r["games_per_second"], "games/s",
                        f">= {target}", f"{r['turns_per_second']:.0f} turns/s, {r['turns_per_game']:.1f} turns "
                        f"and {r['actions_per_game']:.0f} actions a game"))
            if label == "Dschingis" and kind == "compiled":
                out.append((f"actions per random {players}-player Dschingis game", r["actions_per_game"], "actions",
                            "", ""))
    count = 20 if quick else 10_000
    mb = simulate_memory_mb(count, env)
    out.append((f"`bohnspec simulate --games {count}`, most resident memory", mb, "MB", f"<= {MEMORY_TARGET_MB}",
                "--jobs 2: the largest process"))
    return out


def simulate_memory_mb(games: int, env: dict) -> float:
    """The most memory one process of `bohnspec simulate --games N --jobs 2` holds resident
    (measured in a process of its own, whose only descendants are the simulation's)."""
    probe = ("import resource, subprocess, sys\n"
             "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL)\n"
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")
    done = subprocess.run([sys.executable, "-c", probe, sys.executable, "-m", "bohnspec", "simulate", "--games",
                           str(games), "--players", "4", "--jobs", "2", "-q"],
                          check=True, env=env, capture_output=True, text=True)
    kib = int(done.stdout.split()[-1])
    return kib / 1024 * (1 / 1024 if sys.platform == "darwin" else 1)  # macOS reports bytes


def met(value: float, target: str) -> str:
    """Whether `value` meets a target text like ">= 150" or "<= 200" ("" when there is none)."""
    if not target:
        return ""
    op, number = target.split()
    ok = value >= float(number) if op == ">=" else value <= float(number)
    return "met" if ok else "NOT MET"

