"""Fake engine speaking protocol 2 whose states are malformed after an accepted action: the
first player's coins are a number (how many) instead of the stack of cards.

FAKE_BAD_FIELD=phase: the phase is a number instead.
"""

import os
import sys

import _fakelib


def transform(reply):
    if reply.get("type") == "hello":
        reply["engine"] = {"name": "v2-malformed-state", "version": "1", "language": "python"}
    if reply.get("type") == "accepted" and isinstance(reply.get("state"), dict):
        state = reply["state"]
        if os.environ.get("FAKE_BAD_FIELD") == "phase":
            state["phase"] = 2
        else:
            state["players"][0]["coins"] = len(state["players"][0].get("coins", []))
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=transform))
