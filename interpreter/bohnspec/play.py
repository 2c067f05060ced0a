"""Random play: the actions worth trying in a state, the legal ones, and whole random games.

Used by the property tests and by simulations. The agents are random but sensible: they
plant where a card fits, trade now and then, harvest when forced or when it pays, and end
phases once there is nothing left they must do. The same seed gives the same game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .interpret import Engine
from .state import State


def candidate_actions(engine: Engine, state: State, rng: random.Random | None = None,
                      offers: int = 6) -> list[dict]:
    """Well-formed actions worth trying now, legal or not. With `rng`, offers are sampled."""
    out: list[dict] = []
    fz = engine.fields_zone
    names = state.names()
    active = state.active
    for p in state.players:
        for i, f in enumerate(p.zones.get(fz, []), 1):
            if f:
                out.append({"type": "harvest", "player": p.name, "field": i})
    nfields = len(state.player(active).zones.get(fz, []))
    for i in range(1, nfields + 1):
        out.append({"type": "plant", "player": active, "field": i})
    out.append({"type": "end_phase", "player": active})
    out.append({"type": "draw", "player": active})
    v = state.vars
    if v.get("offer_to"):
        out.append({"type": "accept", "player": v["offer_to"]})
        out.append({"type": "decline", "player": v["offer_to"]})
    elif "offer" in engine.spec.actions:
        out.extend(_offers(state, rng, offers))
    for p in state.players:
        nf = len(p.zones.get(fz, []))
        refs = [f"received {k}" for k in range(1, len(p.zones.get("received", [])) + 1)]
        if p.name == active:
            refs += [f"revealed {k}" for k in range(1, len(state.zones.get("revealed", [])) + 1)]
        for r in refs:
            for i in range(1, nf + 1):
                out.append({"type": "plant_card", "player": p.name, "card": r, "field": i})
    chooser = v.get("chooser")
    if chooser in names:
        nf = len(state.player(chooser).zones.get(fz, []))
        for c in range(1, len(state.zones.get("draft", [])) + 1):
            for t in [*range(1, nf + 1), "discard"]:
                out.append({"type": "draft", "player": chooser, "card": c, "target": t})
    return [a for a in out if a["type"] in engine.spec.actions]


def _offers(state: State, rng, count: int) -> list[dict]:
    active = state.active
    others = [n for n in state.names() if n != active]
    hand = state.player(active).zones.get("hand", [])
    mine = [f"hand {k}" for k in range(1, len(hand) + 1)]
    mine += [f"revealed {k}" for k in range(1, len(state.zones.get("revealed", [])) + 1)]
    out = []
    if not others:
        return out
    pick = rng or random.Random(0)
    for _ in range(count):
        q = pick.choice(others)
        theirs = [f"hand {k}" for k in range(1, len(state.player(q).zones.get("hand", [])) + 1)]
        give = pick.sample(mine, min(len(mine), pick.choice([0, 1, 1, 2])))
        get = pick.sample(theirs, min(len(theirs), pick.choice([0, 1, 1, 2])))
        if pick.random() < 0.5:
            out.append({"type": "offer", "player": active, "to": q, "give": give, "get": get})
        else:
            out.append({"type": "offer", "player": q, "to": active, "give": get, "get": give})
    return out


def legal_actions(engine: Engine, state: State, rng: random.Random | None = None) -> list[dict]:
    return [a for a in candidate_actions(engine, state, rng) if engine.check(state, a) is None]


@dataclass
class GameRecord:
    state: State
    actions: list[dict] = field(default_factory=list)
    states: list[State] | None = None
    ended: bool = False
    rejections: dict[str, int] = field(default_factory=dict)
    events: list[dict] = field(default_factory=list)
    turns: int = 0


def _weight(engine: Engine, state: State, action: dict) -> float:
    kind = action["type"]
    if kind == "harvest":
        f = state.player(action["player"]).zones[engine.fields_zone][action["field"] - 1]
        return 0.4 if _pays(engine, f) else 0.03
    if kind == "end_phase":
        return {"trade": 0.35, "plant_hand": 0.6}.get(state.phase, 1.0)
    if kind == "offer":
        return 0.25
    if kind == "accept":
        return 0.5
    if kind == "draft" and action["target"] == "discard":
        return 0.3
    return 1.0


def _pays(engine: Engine, field_cards: list) -> bool:
    v = engine.spec.varieties.get(field_cards[-1]) if field_cards else None
    if v is None or v.meter is None:
        return len(field_cards) >= 2
    return any(t is not None and len(field_cards) >= t for t in v.meter)


def random_game(engine: Engine, players: list[str], seed: int, options: dict | None = None,
                max_actions: int = 4000, record: bool = False, illegal_every: int = 0) -> GameRecord:
    """Play one random game from a seeded shuffle to its end (or `max_actions`)."""
    rng = random.Random(seed)
    deck = engine.box(options)
    rng.shuffle(deck)
    saved = engine.shuffler
    engine.shuffler = lambda cards: rng.sample(cards, len(cards))
    try:
        state, events = engine.new_game(players, deck, options)
        rec = GameRecord(state, states=[state] if record else None, events=list(events))
        while not state.over and len(rec.actions) < max_actions:
            candidates = candidate_actions(engine, state, rng)
            legal = []
            for a in candidates:
                rejection = engine.check(state, a)
                if rejection is None:
                    legal.append(a)
                else:
                    rec.rejections[rejection.rule] = rec.rejections.get(rejection.rule, 0) + 1
            if not legal:
                break
            weights = [_weight(engine, state, a) for a in legal]
            action = rng.choices(legal, weights)[0]
            outcome = engine.apply(state, action)
            state = outcome.state
            rec.actions.append(action)
            rec.events.extend(outcome.events)
            rec.turns += sum(1 for e in outcome.events if e["event"] == "turn")
            if record:
                rec.states.append(state)
        rec.state = state
        rec.ended = state.over
        return rec
    finally:
        engine.shuffler = saved
