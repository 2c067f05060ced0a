"""The short action notation of the command line: "Nina harvest 1", "Timon trade give soy
get red with Nina". Documented in docs/NOTATION.md.

    PLAYER ACTION [VALUE ...] [KEY VALUE ...]

Values fill the action's parameters in declaration order; `KEY VALUE` names one. A card is
`hand 3`, `received 1`, `revealed 2`, or a variety (`soy`: the first such card the player may
use, revealed cards first for the active player). A list of cards is comma-separated
(`soy,fire`). `trade give ... get ... with P` is an offer that P accepts at once. A space of
the map is its id (`06`; `6` is read as `06`): "Nina attack 06 hand 2", "Nina attack 06 with
draw_pile 1" (the top card of the stack), "Nina charge 06 riders 10", "Nina take_from_cart cart 1".
"""

from __future__ import annotations

import json
import re

from .errors import ActionError
from .interpret import Engine, suggest
from .state import State

_REF = re.compile(r"^[a-z_]+ [0-9]+$")


def parse_action(engine: Engine, state: State, text: str) -> list[dict]:
    """Turn notation (or a JSON object) into one or more protocol actions.

    `trade` gives two actions: the offer and its acceptance."""
    text = text.strip()
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ActionError(f"the action is not valid JSON: {exc.msg} (at column {exc.colno})") from None
        return [data]
    words = text.split()
    if len(words) < 2:
        raise ActionError("write an action as PLAYER ACTION [VALUES], e.g. \"Nina harvest 1\"")
    player, kind, rest = words[0], words[1], words[2:]
    if player not in state.names():
        raise ActionError(f"{player!r} is not at the table{suggest(player, state.names())}; "
                          f"players: {', '.join(state.names())}")
    if kind == "trade":
        return _trade(engine, state, player, rest)
    if kind not in engine.spec.actions:
        raise ActionError(f"unknown action {kind!r}{suggest(kind, [*engine.spec.actions, 'trade'])}")
    decl = engine.spec.actions[kind]
    action: dict = {"type": kind, "player": player}
    names = [p.name for p in decl.params]
    types = {p.name: p.type for p in decl.params}
    tokens = _group_refs(rest)
    position = 0
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok in types and i + 1 < len(tokens):
            key, raw = tok, tokens[i + 1]
            i += 2
        else:
            while position < len(names) and names[position] in action:
                position += 1
            if position >= len(names):
                raise ActionError(f"{kind} takes {len(names)} value(s) ({', '.join(names) or 'none'}); "
                                  f"{tok!r} is one too many")
            key, raw = names[position], tok
            i += 1
        action[key] = _value(engine, state, player, types[key], raw, player)
    return [action]


def _group_refs(words: list[str]) -> list[str]:
    """Join `hand 3` into one token."""
    out: list[str] = []
    i = 0
    while i < len(words):
        if i + 1 < len(words) and words[i] in ("hand", "received", "revealed", "field", "draft", "draw_pile", "cart") \
                and words[i + 1].isdigit():
            out.append(f"{words[i]} {words[i + 1]}")
            i += 2
        else:
            out.append(words[i])
            i += 1
    return out


def _value(engine: Engine, state: State, player: str, ptype: str, raw: str, owner: str):
    if ptype in ("field", "int"):
        if raw.isdigit():
            return int(raw)
        raise ActionError(f"expected a number, got {raw!r}")
    if ptype == "target":
        return int(raw) if raw.isdigit() else raw
    if ptype == "space":
        return _space(state, raw)
    if ptype == "card":
        return _card(engine, state, owner, raw, [])
    if ptype == "cards":
        picked: list[str] = []
        for part in [p for p in raw.split(",") if p]:
            picked.append(_card(engine, state, owner, part.replace("_", " ") if _REF.match(part.replace("_", " ")) else part, picked))
        return picked
    return raw


def _space(state: State, raw: str) -> str:
    """A space of the map by its id; a number is padded like the ids of rows (`6` -> `06`)."""
    board = state.board
    if board is None:
        raise ActionError("this game has no map: there are no spaces to name")
    if raw not in board and raw.isdigit() and f"{int(raw):02d}" in board:
        return f"{int(raw):02d}"
    if raw not in board:
        raise ActionError(f"{raw!r} is not a space of the board{suggest(raw, board.ids)}; "
                          f"spaces: {', '.join(board.ids)}")
    return raw


def _card(engine: Engine, state: State, owner: str, raw: str, taken: list[str]) -> str:
    """A card reference from `hand 3` or from a variety name (its first usable card)."""
    if _REF.match(raw):
        return raw
    if raw not in engine.spec.varieties:
        raise ActionError(f"{raw!r} is neither a card like 'hand 3' nor a variety"
                          f"{suggest(raw, engine.spec.varieties)}")
    zones = (["revealed"] if owner == state.active else []) + ["hand", "received"]
    for zone in zones:
        cards = state.zones.get(zone) if zone in state.zones else state.player(owner).zones.get(zone, [])
        for k, c in enumerate(cards or [], 1):
            ref = f"{zone} {k}"
            if c == raw and ref not in taken:
                return ref
    raise ActionError(f"{owner} has no {raw} to use")


def _trade(engine: Engine, state: State, player: str, words: list[str]) -> list[dict]:
    parts = {"give": "", "get": "", "with": ""}
    key = None
    for w in words:
        if w in parts:
            key = w
        elif key is None:
            raise ActionError("write a trade as: PLAYER trade give CARDS get CARDS with PLAYER")
        else:
            parts[key] = (parts[key] + " " + w).strip()
    other = parts["with"]
    if other not in state.names():
        raise ActionError(f"a trade needs `with PLAYER`{suggest(other, state.names()) if other else ''}")

    def cards(text, owner):
        picked: list[str] = []
        for part in [p.strip() for p in text.replace(" and ", ",").split(",") if p.strip()]:
            picked.append(_card(engine, state, owner, part, picked))
        return picked

    offer = {"type": "offer", "player": player, "to": other, "give": cards(parts["give"], player),
             "get": cards(parts["get"], other)}
    return [offer, {"type": "accept", "player": other}]
