"""Fake engine (the reference underneath) that leaves `phase` and each player's `received` out
of every state it returns: a key left out fails only the expectations naming it, so most
scenarios still pass (round 84's engine author passed 363 with no `phase` at all)."""

import sys

import _fakelib


def transform(reply):
    state = reply.get("state")
    if isinstance(state, dict):
        state.pop("phase", None)
        for p in state.get("players", []):
            p.pop("received", None)
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=transform))
