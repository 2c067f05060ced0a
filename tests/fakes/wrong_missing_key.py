"""Fake engine: the reference interpreter, but every state it sends lacks the `discard` key
(an engine that does not report its discard pile).

FAKE_RENAME=1: the pile is there, under a name of the engine's own, `discardPile` (a
JavaScript engine's spelling).
"""

import os
import sys

import _fakelib


def transform(reply):
    if isinstance(reply.get("state"), dict):
        pile = reply["state"].pop("discard", None)
        if os.environ.get("FAKE_RENAME"):
            reply["state"]["discardPile"] = pile
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=transform))
