"""Fake engine: the reference server, except that the reply to the first action carries a
number of five thousand digits (more than Python reads without being told to)."""

import json
import sys

import _fakelib


def huge(reply):
    if reply.get("type") in ("accepted", "rejected"):
        text = json.dumps(reply, separators=(",", ":"))
        return text[:-1] + ',"turn":' + "7" * 5000 + "}\n"
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=huge))
