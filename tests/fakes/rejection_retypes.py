"""Fake engine: the reference server, except that a rejected action's state writes a variable
of 0 as false (or false as 0): the same state in Python's eyes (0 == False), another in JSON's,
and the rules never change a state they refuse (round 62's engine author passed so)."""

import sys

import _fakelib


def retyped(reply):
    state = reply.get("state")
    if reply.get("type") == "rejected" and isinstance(state, dict):
        for key, value in (state.get("vars") or {}).items():
            if value is False or (value == 0 and not isinstance(value, bool)):
                state["vars"][key] = 0 if value is False else False
                break
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=retyped))
