"""Fake engine: the reference interpreter, but every state it sends lacks the `discard` key
(an engine that does not report its discard pile)."""

import sys

import _fakelib


def transform(reply):
    if isinstance(reply.get("state"), dict):
        reply["state"].pop("discard", None)
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=transform))
