"""Fake engine: the reference interpreter, but a refused action is not free: the refusal
reports the state with the active player's foremost hand card moved onto the discard pile (the
top of the draw pile when his hand is empty; `over` flipped when both are empty)."""

import sys

import _fakelib


def transform(reply):
    if reply.get("type") != "rejected" or not isinstance(reply.get("state"), dict):
        return reply
    state = reply["state"]
    active = next((p for p in state.get("players", []) if p.get("name") == state.get("active")), None)
    hand = active.get("hand", []) if active else []
    pile = state.get("draw_pile", [])
    if hand or pile:
        card = hand.pop(0) if hand else pile.pop(0)
        state.setdefault("discard", []).insert(0, card)
    else:
        state["over"] = not state.get("over")
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=transform))
