"""Fake engine: the reference interpreter, but every state it sends lists each hand back first
instead of front first (the right cards, the order the rules forbid changing reversed)."""

import sys

import _fakelib


def transform(reply):
    if isinstance(reply.get("state"), dict):
        for p in reply["state"].get("players", []):
            if "hand" in p:
                p["hand"] = list(reversed(p["hand"]))
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=transform))
