"""Fake engine: the reference interpreter, reporting besides every accepted action an event of
its own that no rule knows (a log line). Such an engine is right: it must pass."""

import sys

import _fakelib


def transform(reply):
    if reply.get("type") == "accepted":
        reply["events"] = [{"event": "log", "text": "an engine's own note"}, *reply.get("events", [])]
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=transform))
