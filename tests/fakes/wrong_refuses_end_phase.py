"""Fake engine: the reference interpreter, but every end of a phase reaches it as a draw, so
the rules refuse it (bohnanza/phase-4/1): an engine refusing what the rules allow."""

import sys

import _fakelib


def rewrite(req):
    action = req.get("action")
    if req.get("type") == "apply" and isinstance(action, dict) and action.get("type") == "end_phase":
        req["action"] = {**action, "type": "draw"}
    return req


if __name__ == "__main__":
    sys.exit(_fakelib.serve(stdin=_fakelib.RequestFilter(rewrite)))
