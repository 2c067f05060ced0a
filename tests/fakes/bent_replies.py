"""Fake engine: the reference server with one reply bent out of the protocol, chosen by
FAKE_BEND: `rule_number` (a rejection's rule as a number), `error_no_message` (every apply
answered with an error that says nothing), `nan` (NaN, which is not JSON, in each state)."""

import os
import sys

import _fakelib

BEND = os.environ.get("FAKE_BEND", "")


def transform(reply):
    if BEND == "rule_number" and reply.get("type") == "rejected":
        reply["rule"] = 42
    elif BEND == "error_no_message" and reply.get("type") in ("accepted", "rejected"):
        reply = {"id": reply["id"], "type": "error"}
    elif BEND == "nan" and isinstance(reply.get("state"), dict):
        reply["state"]["vars"] = {**reply["state"].get("vars", {}), "exhaustions": float("nan")}
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=transform))
