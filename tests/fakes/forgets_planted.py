"""Fake engine: the reference interpreter claiming no `internal_state`, which forgets the
`planted` count of every state it is loaded with (round 94's outside engine: a step refused for
it said nothing of the count the scenario's state had set)."""

import sys

import _fakelib


def rewrite(req):
    if req.get("type") == "load" and isinstance(req.get("state"), dict):
        req["state"].setdefault("vars", {})["planted"] = 0
    return req


def transform(reply):
    if reply.get("type") == "hello":
        reply["capabilities"]["internal_state"] = False
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(stdin=_fakelib.RequestFilter(rewrite), transform=transform))
