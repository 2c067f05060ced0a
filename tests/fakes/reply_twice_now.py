"""Fake engine: the reference server without pipelining, writing its reply to every accepted or
rejected action twice at once: the surplus line is waiting when the scenario's last reply has
been read, and is that scenario's fault (round 95's tester had it charged to the next one)."""

import json
import sys

import _fakelib


def twice(reply):
    if reply.get("type") == "hello":
        reply["capabilities"]["pipelining"] = False
        return reply
    if reply.get("type") in ("accepted", "rejected"):
        line = json.dumps(reply, separators=(",", ":"))
        return line + "\n" + line + "\n"
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=twice))
