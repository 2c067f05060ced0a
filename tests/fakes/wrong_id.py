"""Fake engine: answers hello correctly, then echoes a wrong id in every other reply.

FAKE_WRONG_HELLO_ID=1: the hello reply carries a wrong id too.
"""

import os
import sys

import _fakelib


def transform(reply):
    if reply.get("type") != "hello" or os.environ.get("FAKE_WRONG_HELLO_ID"):
        reply["id"] = (reply.get("id") or 0) + 1000
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=transform))
