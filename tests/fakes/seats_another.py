"""Fake engine: the reference server, except that the state of every accepted action seats
one player more (a copy of the first, named Zoe): a state well-formed in itself, but not the
game's table."""

import sys

import _fakelib


def another(reply):
    state = reply.get("state")
    if reply.get("type") == "accepted" and isinstance(state, dict):
        state["players"].append({**state["players"][0], "name": "Zoe"})
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=another))
