"""Fake engine: the reference server, except that its states write a run of the same card
compactly (`red*3`), as a scenario may: the schema allows it, and the runner reads it as the
cards it stands for (round 59's engine author found it counted as three but compared as one)."""

import sys

import _fakelib


def compact(cards):
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        return [compact(c) for c in cards] if isinstance(cards, list) else cards
    out = []
    for c in cards:
        if out and out[-1][0] == c:
            out[-1][1] += 1
        else:
            out.append([c, 1])
    return [c if n == 1 else f"{c}*{n}" for c, n in out]


def compactly(reply):
    state = reply.get("state")
    if isinstance(state, dict):
        for key, value in state.items():
            if key not in ("players", "modules", "winners", "vars", "options", "spaces", "board"):
                state[key] = compact(value)
        for player in state.get("players") or ():
            for key, value in player.items():
                if key not in ("name", "vars"):
                    player[key] = compact(value)
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=compactly))
