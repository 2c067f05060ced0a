"""Fake engine: the reference interpreter, but every accepted action leaves its first event
unreported (the first card drawn, say)."""

import sys

import _fakelib


def transform(reply):
    if reply.get("type") == "accepted":
        reply["events"] = reply.get("events", [])[1:]
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=transform))
