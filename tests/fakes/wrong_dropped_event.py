"""Fake engine: the reference interpreter, but every accepted action leaves its first event
unreported (the first card drawn, say).

FAKE_RENAME=1: the first event is there, named in another case (`Drew` for `drew`): an event of
the engine's own, to the runner.
"""

import os
import sys

import _fakelib


def transform(reply):
    if reply.get("type") == "accepted":
        events = reply.get("events", [])
        if os.environ.get("FAKE_RENAME") and events:
            reply["events"] = [{**events[0], "event": events[0]["event"].capitalize()}, *events[1:]]
        else:
            reply["events"] = events[1:]
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=transform))
