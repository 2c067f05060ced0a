"""Fake engine: the reference server, except that every accepted action's state lays one Blue
Bean more on the discard pile: a well-formed state, and one no expectation may look at, but a
card the game does not have (round 58's lying engine passed 159 base scenarios so)."""

import sys

import _fakelib


def one_more(reply):
    state = reply.get("state")
    if reply.get("type") == "accepted" and isinstance(state, dict):
        state["discard"] = [*(state.get("discard") or []), "blue"]
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=one_more))
