"""Fake engine (the reference underneath) whose hello names the protocol version as `true`."""

import sys

import _fakelib


def transform(reply):
    if reply.get("type") == "hello":
        reply["protocol"] = True
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=transform))
