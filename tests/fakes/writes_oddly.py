"""Fake engine: the reference server, writing its replies in ways the protocol allows that an
engine of another language may well use (round 62's engine author had each refused): runs of
a card written compactly with the star escaped (`"red\\u002a3"`), in zones and in events; keys
of its own named like zones of the other kind (`"hand": 5` at the top, `"discard": 2` in a
player); an object of its own among a space's variables."""

import sys

import _fakelib
from writes_compactly import compact


def oddly(reply):
    state = reply.get("state")
    if isinstance(state, dict):
        for key, value in list(state.items()):
            if key not in ("players", "modules", "winners", "vars", "options", "spaces", "board"):
                state[key] = compact(value)
        for player in state.get("players") or ():
            for key, value in list(player.items()):
                if key not in ("name", "vars"):
                    player[key] = compact(value)
            player["discard"] = 2
        state["hand"] = 5
        for space in (state.get("spaces") or {}).values():
            space["note"] = {"seen": True}
    for event in reply.get("events") or ():
        for key, value in list(event.items()):
            if isinstance(value, list) and all(isinstance(c, str) for c in value):
                event[key] = compact(value)
    return _fakelib.json.dumps(reply, separators=(",", ":")).replace("*", "\\u002a") + "\n"


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=oddly))
