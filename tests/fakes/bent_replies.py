"""Fake engine: the reference server with one reply bent out of the protocol, chosen by
FAKE_BEND: `rule_number` (a rejection's rule as a number), `error_no_message` (every apply
answered with an error that says nothing), `nan` (NaN, which is not JSON, in each state),
`no_type` (an apply's reply without its `type`), `blank` (an empty line before each apply's
reply), `swapped` (the replies to the first two applies in the wrong order), `surplus` (the
reply to the first apply written twice), `debug_line` (a JSON line without an id before the first
apply's reply), `no_id` (every apply's reply without its `id`), `error_for_rejected` (every refusal answered
with an `error`), `misspelt_rule` (every
refusal's rule id without its first hyphen), `rule_as` (a refusal citing FAKE_RULE_FROM cites
FAKE_RULE_TO instead)."""

import json

import os
import sys

import _fakelib

BEND = os.environ.get("FAKE_BEND", "")
_held: list[dict] = []


def _line(reply: dict) -> str:
    return json.dumps(reply, separators=(",", ":")) + "\n"


def transform(reply):
    if BEND == "rule_number" and reply.get("type") == "rejected":
        reply["rule"] = 42
    elif BEND == "error_no_message" and reply.get("type") in ("accepted", "rejected"):
        reply = {"id": reply["id"], "type": "error"}
    elif BEND == "nan" and isinstance(reply.get("state"), dict):
        reply["state"]["vars"] = {**reply["state"].get("vars", {}), "exhaustions": float("nan")}
    elif BEND == "no_type" and reply.get("type") in ("accepted", "rejected"):
        del reply["type"]
    elif BEND == "blank" and reply.get("type") in ("accepted", "rejected"):
        return "\n" + _line(reply)
    elif BEND == "swapped" and reply.get("type") in ("accepted", "rejected") and len(_held) < 2:
        _held.append(reply)
        return "" if len(_held) == 1 else _line(reply) + _line(_held[0])
    elif BEND == "surplus" and reply.get("type") in ("accepted", "rejected") and not _held:
        _held.append(reply)
        return _line(reply) * 2
    elif BEND == "debug_line" and reply.get("type") in ("accepted", "rejected") and not _held:
        _held.append(reply)
        return '{"note":"debug"}\n' + _line(reply)
    elif BEND == "no_id" and reply.get("type") in ("accepted", "rejected"):
        reply = {k: v for k, v in reply.items() if k != "id"}
    elif BEND == "error_for_rejected" and reply.get("type") == "rejected":
        reply = {"id": reply["id"], "type": "error", "message": "no such move"}
    elif BEND == "misspelt_rule" and reply.get("type") == "rejected" and isinstance(reply.get("rule"), str):
        reply["rule"] = reply["rule"].replace("-", "", 1)
    elif BEND == "rule_as" and reply.get("type") == "rejected" and reply.get("rule") == os.environ.get("FAKE_RULE_FROM"):
        reply["rule"] = os.environ.get("FAKE_RULE_TO")
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=transform))
