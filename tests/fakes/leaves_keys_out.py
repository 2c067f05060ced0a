"""Fake engine (the reference underneath) that leaves `phase` and each player's `received` out
of every state it returns: a key left out fails only the expectations naming it, so most
scenarios still pass (round 84's engine author passed 363 with no `phase` at all).
FAKE_RENAME_DISCARD=1: the discard pile is written `discardPile` instead."""

import os
import sys

import _fakelib


def transform(reply):
    state = reply.get("state")
    if isinstance(state, dict):
        state.pop("phase", None)
        for p in state.get("players", []):
            p.pop("received", None)
        if os.environ.get("FAKE_RENAME_DISCARD") and "discard" in state:
            state["discardPile"] = state.pop("discard")
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=transform))
