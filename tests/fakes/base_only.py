"""Fake engine: the reference interpreter, explicitly claiming only the module `base`."""

import sys

import _fakelib


def transform(reply):
    if reply.get("type") == "hello":
        reply["engine"] = {"name": "base-only", "version": "1", "language": "python"}
        reply["capabilities"]["modules"] = ["base"]
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=transform))
