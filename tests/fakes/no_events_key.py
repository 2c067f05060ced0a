"""Fake engine: the reference interpreter, claiming `events` but leaving the `events` key out of
every accepted reply (an implementer who forgot it)."""

import sys

import _fakelib


def transform(reply):
    if reply.get("type") == "hello":
        reply["engine"] = {"name": "no-events-key", "version": "1", "language": "python"}
    elif reply.get("type") == "accepted":
        reply.pop("events", None)
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=transform))
