"""Fake engine: the reference, but the process dies (exit 3, no reply) at its 40th request,
whatever it is: a fault that comes after so many requests (a leak, a buffer filling up), which
no smaller game shows. `fuzz` must write what diverged, never more (round 95's tester had a
scenario of 717 actions "shrunk" from 198), and verify it on a fresh process."""

import os
import sys

import _fakelib

seen = {"n": 0}


def requests():
    for line in sys.stdin:
        seen["n"] += 1
        if seen["n"] == 40:
            sys.stderr.write("fz-crash-after: my 40th request, and down I go\n")
            sys.stderr.flush()
            os._exit(3)
        yield line


def unlisted(reply):
    # (no `legal` lists: fuzz's asking for them would count among the requests)
    if reply.get("type") == "hello":
        reply["capabilities"]["legal_actions"] = False
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(stdin=requests(), transform=unlisted))
