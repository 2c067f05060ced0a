"""Actions back to words: an action as the notation writes it, each card with its place and title
(`Timon offer to Nina give [revealed 1 (Soy Bean)] get []`), and whose cards each value names."""

from __future__ import annotations

import functools

from ...execution import builtins as B
from ...execution.interpret import Engine, Env
from ...execution.state import State
from ...language.unparse import show


@functools.lru_cache(maxsize=256)
def _owners(engine: Engine, kind: str) -> tuple:
    decl = engine.spec.actions[kind]
    players = {decl.actor} | {p.name for p in decl.params if p.type == "player"}
    cards = {p.name for p in decl.params if p.type in ("card", "cards")}
    found: dict[str, str] = {}
    stack = [c.condition for c in engine.spec.clauses_of(kind)]
    while stack:
        node = stack.pop()
        if node.kind == "call" and len(node.args[1]) >= 2:
            who, what = node.args[1][0], node.args[1][1]
            if who.kind == "name" and what.kind == "name" and who.args[0] in players \
                    and what.args[0] in cards:
                found.setdefault(what.args[0], who.args[0])
        stack.extend(node.children())
    return tuple(sorted(found.items()))


def card_owners(engine: Engine, kind: str) -> dict[str, str]:
    """For each card parameter of an action, the parameter naming the player whose cards it
    names, as the spec's own checks pair them (`all_exist(to, get)`: `get` is `to`'s); the
    actor when no check says otherwise."""
    return dict(_owners(engine, kind))


def card_title(engine: Engine, card: str) -> str:
    v = engine.spec.varieties.get(card) or engine.spec.cards.get(card)
    return (v.title or card) if v is not None else card


def ref_text(engine: Engine, state: State, owner: str, ref: object, whose: bool = False) -> str:
    """`hand 1 (Red Bean)`, `Nina's hand 1 (Red Bean)` with `whose`; the card is named only
    when it lies face up in a row or a field (not the unseen top of a pile)."""
    text = f"{owner}'s {ref}" if whose else str(ref)
    if not isinstance(ref, str) or not B.REF.match(ref) or owner not in state.names():
        return text
    word = ref.split()[0]
    zone = engine.spec.zones.get(word)
    if word != "field" and (zone is None or zone.kind == "pile"):
        return text
    try:
        hit = B.resolve_ref(Env(engine, state), owner, ref)
    except Exception:  # a reference the rules cannot read: shown as written
        return text
    if hit is None:
        return f"{text} (no card there)"
    card = hit[0][hit[1]]
    return f"{text} ({card_title(engine, card)})" if isinstance(card, str) else text


def format_action(engine: Engine, state: State, action: object) -> str:
    """An action in notation with its cards named: `Timon offer to Nina give [revealed 2 (Blue
    Bean)] get [Nina's hand 1 (Red Bean)]`. Anything else is shown as the rules write values."""
    if not isinstance(action, dict):
        return show(action)
    kind, player = action.get("type"), action.get("player")
    decl = engine.spec.actions.get(kind) if isinstance(kind, str) else None
    if not isinstance(kind, str) or decl is None or player not in state.names():
        return " ".join(show(v) for v in action.values())
    owners = card_owners(engine, kind)
    words = [str(player), str(kind)]
    for p in decl.params:
        if p.name not in action:
            continue
        value = action[p.name]
        owner = action.get(owners.get(p.name, decl.actor), player)
        owner = owner if owner in state.names() else player
        whose = owner != player
        if p.type == "card":
            text = ref_text(engine, state, owner, value, whose)
        elif p.type == "cards" and isinstance(value, list):
            text = "[" + ", ".join(ref_text(engine, state, owner, r, whose) for r in value) + "]"
        else:
            text = show(value)
        words.append(f"{p.name} {text}")
    return " ".join(words)
