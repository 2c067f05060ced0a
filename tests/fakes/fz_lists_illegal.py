"""Fake engine: the reference, but its `legal` list also names a harvest of a field no player
has (field 9), which the rules refuse (ruling/no-such-card), and leaves out every end of a phase
when FAKE_MISS_END_PHASE is set, or answers `legal` with an error when FAKE_LEGAL_ERROR is: each
is told by `bohnspec fuzz`, which asks an engine claiming `legal_actions` for its lists."""

import os
import sys

import _fakelib


def transform(reply):
    if reply.get("type") == "legal" and os.environ.get("FAKE_LEGAL_ERROR"):
        return {"id": reply["id"], "type": "error", "message": "no list today"}
    if reply.get("type") == "legal" and reply.get("actions"):
        if os.environ.get("FAKE_MISS_END_PHASE"):
            reply["actions"] = [a for a in reply["actions"] if a.get("type") != "end_phase"]
        else:
            reply["actions"].append({"type": "harvest", "player": reply["actions"][0]["player"], "field": 9})
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=transform))
