"""Fake engine: the reference, but the process dies (exit 3, no reply) when asked to harvest a
field of four or more beans: an engine crash that `fuzz` must shrink like any divergence."""

import json
import os
import sys

import _fakelib

last = {"state": None}


def transform(reply):
    if reply.get("type") == "hello":
        reply["engine"] = {"name": "fz-crash-harvest", "version": "0", "language": "python"}
    if isinstance(reply.get("state"), dict):
        last["state"] = reply["state"]
    return reply


def requests():
    for line in sys.stdin:
        try:
            req = json.loads(line)
        except ValueError:
            req = None
        action = req.get("action") if isinstance(req, dict) and req.get("type") == "apply" else None
        if isinstance(action, dict) and action.get("type") == "harvest" and last["state"]:
            for p in last["state"]["players"]:
                fields = p.get("fields", [])
                f = action.get("field")
                if p["name"] == action.get("player") and isinstance(f, int) and 1 <= f <= len(fields) \
                        and len(fields[f - 1]) >= 4:
                    sys.stderr.write("fz-crash-harvest: a big harvest, and down it goes\n")
                    sys.stderr.flush()
                    os._exit(3)
        yield line


if __name__ == "__main__":
    sys.exit(_fakelib.serve(stdin=requests(), transform=transform))
