"""`bohnspec simulate`: many random games, and statistics of how they went."""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field

from .interpret import Engine
from .play import random_game


@dataclass
class Stats:
    games: int = 0
    ended: int = 0
    seconds: float = 0.0
    turns: list[int] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    winner_coins: list[int] = field(default_factory=list)
    loser_coins: list[int] = field(default_factory=list)
    harvest_sizes: Counter = field(default_factory=Counter)
    harvest_coins: Counter = field(default_factory=Counter)
    rejections: Counter = field(default_factory=Counter)
    endings: Counter = field(default_factory=Counter)
    winners_per_game: Counter = field(default_factory=Counter)

    def to_json(self) -> dict:
        def summary(xs):
            return {"mean": round(statistics.fmean(xs), 2), "min": min(xs), "max": max(xs)} if xs else None
        return {
            "games": self.games, "ended": self.ended, "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
            "turns": summary(self.turns), "actions": summary(self.actions),
            "winner_coins": summary(self.winner_coins), "loser_coins": summary(self.loser_coins),
            "harvest_sizes": dict(sorted(self.harvest_sizes.items())),
            "harvest_coins": dict(sorted(self.harvest_coins.items())),
            "rejections": dict(self.rejections.most_common()),
            "endings": dict(self.endings.most_common()),
            "winners_per_game": dict(sorted(self.winners_per_game.items())),
        }


def simulate(engine: Engine, players: int, games: int, seed: int, options: dict | None = None,
             max_actions: int = 6000, progress=None) -> Stats:
    """Play `games` seeded random games; the same seed always gives the same games."""
    names = [f"P{i + 1}" for i in range(players)]
    seeds = random.Random(seed)
    stats = Stats()
    started = time.perf_counter()
    for n in range(games):
        rec = random_game(engine, names, seeds.randrange(2**32), options, max_actions=max_actions)
        stats.games += 1
        stats.actions.append(len(rec.actions))
        stats.turns.append(rec.turns)
        stats.rejections.update(rec.rejections)
        for e in rec.events:
            if e["event"] == "harvested":
                stats.harvest_sizes[e["cards"]] += 1
                stats.harvest_coins[e["coins"]] += 1
        if rec.ended:
            stats.ended += 1
            stats.endings[_ending(rec)] += 1
            coins = {p.name: len(p.zones.get("coins", [])) for p in rec.state.players}
            winners = rec.state.winners
            stats.winners_per_game[len(winners)] += 1
            stats.winner_coins.extend(coins[w] for w in winners)
            stats.loser_coins.extend(c for p, c in coins.items() if p not in winners)
        else:
            stats.endings[f"unfinished after {max_actions} actions"] += 1
        if progress:
            progress(n + 1, games)
    stats.seconds = time.perf_counter() - started
    return stats


def _ending(rec) -> str:
    """How a game ended, in words drawn from its last events."""
    kinds = [e["event"] for e in rec.events]
    if "reached_castle" in kinds:
        return "a figure entered the castle"
    exhaustions = rec.state.vars.get("exhaustions")
    if rec.state.vars.get("lost"):
        return "a neutral figure reached the castle (solo game lost)"
    if exhaustions is not None:
        return f"the draw pile ran out for the {_ordinal(exhaustions)} time"
    return "an end condition held"


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(n, f"{n}th")


def render(stats: Stats, title: str) -> str:
    data = stats.to_json()
    lines = [title, ""]

    def row(name, value):
        lines.append(f"  {name:30} {value}")

    def fmt(s):
        return "-" if s is None else f"mean {s['mean']:>7}   min {s['min']:>5}   max {s['max']:>5}"

    row("games (ended)", f"{stats.games} ({stats.ended})")
    row("time", f"{stats.seconds:.2f}s  ({data['games_per_second']} games/s)")
    row("turns per game", fmt(data["turns"]))
    row("actions per game", fmt(data["actions"]))
    row("coins of a winner", fmt(data["winner_coins"]))
    row("coins of a loser", fmt(data["loser_coins"]))
    total = sum(stats.harvest_sizes.values()) or 1
    lines.append("\n  harvests by size (cards: share)")
    lines.append("    " + "  ".join(f"{k}: {100 * v / total:.0f}%" for k, v in sorted(stats.harvest_sizes.items())))
    lines.append("  harvests by coins earned (coins: share)")
    lines.append("    " + "  ".join(f"{k}: {100 * v / total:.0f}%" for k, v in sorted(stats.harvest_coins.items())))
    lines.append("\n  how games ended")
    for how, n in stats.endings.most_common():
        lines.append(f"    {n:>6}  {how}")
    lines.append("\n  rejections met while searching for moves (rule: count)")
    for rule, n in stats.rejections.most_common(12):
        lines.append(f"    {n:>8}  {rule}")
    return "\n".join(lines)
