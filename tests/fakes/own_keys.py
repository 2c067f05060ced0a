"""Fake engine (the reference underneath) that adds keys of its own to every state it returns,
as PROTOCOL.md allows: a turn counter and a log at the top, a score per player, and a variable
holding an object. None of them is the game's: the runner must neither refuse nor compare them.
"""

import sys

import _fakelib

_count = 0


def transform(reply):
    global _count
    state = reply.get("state")
    if isinstance(state, dict):
        _count += 1
        state["turn_counter"] = _count
        state["log"] = ["planted soy", {"step": _count}]
        for p in state.get("players", []):
            p["score"] = 3
            p.setdefault("vars", {})["engine_memo"] = {"seen": True}
        state.setdefault("vars", {})["engine_meta"] = {"a": [1, 2]}
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=transform))
