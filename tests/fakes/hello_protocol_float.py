"""Fake engine (the reference underneath) whose hello writes its protocol version as a float, 2.0."""

import sys

import _fakelib


def transform(reply):
    if reply.get("type") == "hello":
        reply["protocol"] = float(reply["protocol"])
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=transform))
