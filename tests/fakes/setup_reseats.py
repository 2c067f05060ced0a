"""Fake engine: the reference server, except that the state of an `ok` reply (to a setup or a
load) seats the players one place round (the last first): a state well-formed in itself, but
not the table the request named (round 58's lying engine passed every setup scenario so)."""

import sys

import _fakelib


def rotate(reply):
    state = reply.get("state")
    if reply.get("type") == "ok" and isinstance(state, dict) and len(state.get("players") or []) > 1:
        state["players"] = [state["players"][-1], *state["players"][:-1]]
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=rotate))
