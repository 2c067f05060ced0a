"""Fake engine: the reference server, except that the reply to a scenario's last step is
written twice (once more just before the reply to the next `load`): a surplus reply, which
the runner meets at the next scenario and must tell by the scenario it answered."""

import json
import sys

import _fakelib

last = {"apply": None, "done": False}


def twice(reply):
    if reply.get("type") in ("accepted", "rejected"):
        last["apply"] = reply
        return reply
    if reply.get("type") == "ok" and last["apply"] is not None and not last["done"]:
        last["done"] = True
        return json.dumps(last["apply"], separators=(",", ":")) + "\n" + json.dumps(reply, separators=(",", ":")) + "\n"
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=twice))
