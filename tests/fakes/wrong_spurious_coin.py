"""Fake engine: the reference interpreter, but every harvest pays one coin too many: a bean of
the harvested variety appears on top of the harvester's coin stack (out of nowhere), and the
`harvested` event reports the inflated count, so that reply and events agree with each other."""

import sys

import _fakelib


def transform(reply):
    if reply.get("type") != "accepted":
        return reply
    players = {p["name"]: p for p in reply.get("state", {}).get("players", [])}
    for event in reply.get("events", []):
        if event.get("event") == "harvested" and event.get("player") in players:
            event["coins"] = event.get("coins", 0) + 1
            players[event["player"]].setdefault("coins", []).insert(0, event.get("variety"))
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=transform))
