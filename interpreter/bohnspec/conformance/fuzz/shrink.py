"""Shrinking: a diverging trial made smaller while it still diverges the same way (the same
signature), within a budget of runs and seconds: the actions after the divergence dropped, a
later start (the reference's state just before a later action), fewer actions, fewer players,
no reshuffle queue, fewer cards, variables left to their defaults."""

from __future__ import annotations

import copy
import time
from typing import Any

from .lockstep import Lockstep, reference_play
from .trial import JSON, Divergence, Signature, Trial

# The default budget of one shrinking (`bohnspec fuzz --shrink-runs / --shrink-seconds`).
SHRINK_RUNS = 400
SHRINK_SECONDS = 120.0

# Where a list sits in a state: keys and indices from the top.
Path = tuple[str | int, ...]


class Shrinker:
    """Makes a diverging trial smaller while it still diverges with the same signature, playing
    at most `max_runs` candidates for at most `max_seconds` (0: only the actions after the
    divergence are dropped)."""

    def __init__(self, lockstep: Lockstep, signature: Signature, max_runs: int = SHRINK_RUNS,
                 max_seconds: float = SHRINK_SECONDS):
        self.lockstep = lockstep
        self.signature = signature
        self.max_runs = max_runs
        self.deadline = time.monotonic() + max_seconds
        self.runs = 0
        # The smallest candidate shown to diverge so far, and its divergence: what an
        # interrupted shrinking leaves.
        self.best: Trial | None = None
        self.best_divergence: Divergence | None = None

    def spent(self) -> bool:
        return self.runs >= self.max_runs or time.monotonic() > self.deadline

    def holds(self, trial: Trial) -> bool:
        """Whether the candidate still diverges the same way (cutting its actions after an
        earlier divergence); False once the budget is spent."""
        if self.spent():
            return False
        self.runs += 1
        d = self.lockstep.run(trial).divergence
        if d is None or d.signature != self.signature:
            return False
        if d.step is not None and d.step < len(trial.actions) - 1:
            trial.actions = trial.actions[:d.step + 1]  # it diverged earlier: the rest is not needed
        if self.best is None or trial_size(trial) < trial_size(self.best):
            self.best, self.best_divergence = trial, d
        return True

    def shrink(self, trial: Trial, divergence: Divergence) -> Trial:
        if divergence.step is not None:
            trial = trial.again(trial.state, trial.actions[:divergence.step + 1])
        else:
            trial = trial.again(trial.state, [])
        trial = self._start_later(trial)
        for _ in range(4):
            size = trial_size(trial)
            trial = self._fewer_actions(trial)
            trial = self._fewer_players(trial)
            trial = self._no_shuffles(trial)
            trial = self._fewer_cards(trial)
            trial = self._default_vars(trial)
            if trial_size(trial) >= size or self.spent():
                break
        return trial

    def _start_later(self, trial: Trial) -> Trial:
        """Start from the reference's state just before a later action: the latest that still
        shows the divergence."""
        n = len(trial.actions) - 1
        if n <= 0 or self.spent():
            return trial
        played = reference_play(trial)
        if isinstance(played, str):
            return trial
        _, states = played
        tried: set[int] = set()
        back = 0
        while True:
            k = max(n - back, 0)
            if k not in tried:
                tried.add(k)
                candidate = trial.again(states[k], trial.actions[k:])
                if k == 0 or self.holds(candidate):
                    return candidate if k else trial
            if k == 0 or self.spent():
                return trial
            back = back * 2 if back else 1

    def _fewer_actions(self, trial: Trial) -> Trial:
        """Drop chunks of the actions before the diverging one (ddmin)."""
        if not trial.actions:
            return trial
        head, last = trial.actions[:-1], trial.actions[-1:]
        chunks = 2
        while head and not self.spent():
            size = max(1, len(head) // chunks)
            removed = False
            for start in range(0, len(head), size):
                candidate = head[:start] + head[start + size:]
                t = trial.again(trial.state, candidate + last)
                if self.holds(t):
                    head = t.actions[:-1] if t.actions else []
                    last = t.actions[-1:] if t.actions else last
                    chunks = max(chunks - 1, 2)
                    removed = True
                    break
            if not removed:
                if size == 1:
                    break
                chunks = min(len(head), chunks * 2)
        return trial.again(trial.state, head + last)

    def _fewer_players(self, trial: Trial) -> Trial:
        players = trial.state.get("players", [])
        acting = {a.get("player") for a in trial.actions[-1:]}
        for p in list(players):
            name = p["name"]
            if name in acting or name == trial.state.get("active") or len(trial.state["players"]) <= 1:
                continue
            state = copy.deepcopy(trial.state)
            state["players"] = [q for q in state["players"] if q["name"] != name]
            if state.get("starting_player") == name:
                state["starting_player"] = state.get("active")
            actions = [a for a in trial.actions if name not in _mentions(a)]
            if not actions and trial.actions:
                continue
            candidate = trial.again(state, actions)
            if self.holds(candidate):
                trial = candidate
        return trial

    def _no_shuffles(self, trial: Trial) -> Trial:
        if not trial.state.get("shuffles"):
            return trial
        state = dict(trial.state, shuffles=[])
        candidate = trial.again(state, list(trial.actions))
        return candidate if self.holds(candidate) else trial

    def _default_vars(self, trial: Trial) -> Trial:
        """Give each variable of the starting state its default (the loader fills it in) where
        the divergence does not need its value."""
        # None: the game's variables; a number: that player's.
        places: list[int | None] = [None, *range(len(trial.state.get("players", [])))]
        for i in places:
            owner = trial.state.get("vars") if i is None else trial.state["players"][i].get("vars")
            for name in list(owner or {}):
                if self.spent():
                    return trial
                state = copy.deepcopy(trial.state)
                values = state["vars"] if i is None else state["players"][i]["vars"]
                del values[name]
                candidate = trial.again(state, list(trial.actions))
                if self.holds(candidate):
                    trial = candidate
        return trial

    def _fewer_cards(self, trial: Trial) -> Trial:
        """Remove cards from each pile, row and field of the starting state (ddmin per list)."""
        for path in card_lists(trial.state):
            if self.spent():
                break
            trial = self._shrink_list(trial, path)
        return trial

    def _shrink_list(self, trial: Trial, path: Path) -> Trial:
        cards = at_path(trial.state, path)
        chunks = 1
        while cards and not self.spent():
            size = max(1, -(-len(cards) // chunks))
            removed = False
            for start in range(len(cards) - size, -1, -size) if size < len(cards) else [0]:
                kept = cards[:start] + cards[start + size:]
                state = copy.deepcopy(trial.state)
                _set(state, path, kept)
                candidate = trial.again(state, list(trial.actions))
                if self.holds(candidate):
                    trial, cards, removed = candidate, kept, True
                    chunks = max(chunks - 1, 1)
                    break
            if not removed:
                if size == 1:
                    break
                chunks = min(len(cards), chunks * 2)
        return trial


def _mentions(action: JSON) -> set[str]:
    return {v for v in action.values() if isinstance(v, str)}


def card_lists(state: JSON) -> list[Path]:
    """Paths to every list of cards in a state: shared piles and rows, each player's, each
    field; the longest first (most to gain)."""
    out: list[Path] = []
    for key, value in state.items():
        if key in ("players", "shuffles", "winners", "modules") or not _is_cards(value):
            continue
        out.append((key,))
    for i, p in enumerate(state.get("players", [])):
        for key, value in p.items():
            if key == "name" or key == "vars":
                continue
            if isinstance(value, list) and value and all(isinstance(f, list) for f in value):
                out.extend(("players", i, key, j) for j, f in enumerate(value) if f)
            elif _is_cards(value):
                out.append(("players", i, key))
    return sorted(out, key=lambda path: -len(at_path(state, path)))


def _is_cards(value: object) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(c, str) for c in value)


def at_path(state: JSON, path: Path) -> Any:
    """The value at `path` in a state."""
    value: Any = state
    for part in path:
        value = value[part]
    return value


def _set(state: JSON, path: Path, value: object) -> None:
    at_path(state, path[:-1])[path[-1]] = value


def trial_size(trial: Trial) -> tuple[int, int, int, int]:
    """What shrinking makes smaller, the most telling first: actions, players, cards, shuffles."""
    cards = sum(len(at_path(trial.state, p)) for p in card_lists(trial.state))
    return (len(trial.actions), len(trial.state.get("players", [])), cards, len(trial.state.get("shuffles") or []))
