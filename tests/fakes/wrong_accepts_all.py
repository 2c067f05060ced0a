"""Fake engine: the reference interpreter, but it never refuses an action: one the rules refuse
is reported as accepted (with no events, the state unchanged). A refused setup stays refused
(there is no game to report)."""

import sys

import _fakelib


def transform(reply):
    if reply.get("type") == "rejected" and isinstance(reply.get("state"), dict):
        return {"id": reply["id"], "type": "accepted", "events": [], "state": reply["state"]}
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=transform))
