"""Fake engine: the reference interpreter, but every accepted action reports its events in
reverse order (the right events, wrongly ordered)."""

import sys

import _fakelib


def transform(reply):
    if reply.get("type") == "accepted":
        reply["events"] = list(reversed(reply.get("events", [])))
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=transform))
