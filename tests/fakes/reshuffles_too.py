"""Fake engine: the reference interpreter, reporting a reshuffle of nothing before the events of
every accepted action (round 95's outside engine reshuffled an empty discard pile where the
rules take no card and reshuffle nothing)."""

import sys

import _fakelib


def transform(reply):
    if reply.get("type") == "accepted":
        reply["events"] = [{"event": "reshuffled", "cards": 0}, *reply.get("events", [])]
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=transform))
