"""Random play: the actions worth trying in a state, the legal ones, and whole random games.

Candidates are built from the spec's action declarations and their parameter types, so a
new action written in the rules language is played without a change here. The agents are
random but sensible: they plant where a card fits; they offer revealed and hand cards they
cannot plant to players who can, and accept an offer when they can plant what it brings;
they harvest when forced or when it pays (a player with nothing else to do does not throw
away beans for nothing); and they end phases once they have done what they must. Same seed,
same game.

On a game with a board, a `space` parameter is offered every space of it and a `card`
parameter also the top card of each shared pile ("draw_pile 1", unseen). A card that may come
from there fights by its number (its count in the box): the agents prefer their highest
cards, or the stack when its cards are higher on average. An action that names a space (an
attack, a camp) is imagined before it is taken, with the draw pile shuffled anew and the
other side answering as an agent would: it is taken only if every imagined outcome leaves
the actor better placed by the spec's own `winners` keys (its points), so agents attack when
they have a decent chance, and end the game only when it makes them winners.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from dataclasses import dataclass, field

from . import builtins as B
from ..errors import SpecRuntimeError
from .interpret import Engine, Env
from .state import State

# How many parameter combinations of one action and player are tried at most.
MAX_COMBINATIONS = 60
# How many random trades a player considers with each other player at a time.
TRADES_PER_PARTNER = 4
# How many legal choices of an action that names a space are imagined before one is taken,
# and how many answers (a defence, a second round) an imagined action may set off.
MAX_IMAGINED = 6
IMAGINED_REPLIES = 6
# How often each is imagined (with the unseen cards shuffled anew): it is taken only if every
# time it gains.
IMAGINED_SAMPLES = 2
# What an imagined action that ends the game with the actor among the winners is worth (one
# that ends it otherwise is worth nothing).
GAME_WON = 100
# The pile whose cards nobody sees: imagined play shuffles it (the interpreter deals from it).
DRAW_PILE = "draw_pile"


def _refs(engine: Engine, state: State, player: str) -> list[str]:
    out = []
    for name, zone in engine.spec.zones.items():
        if zone.kind != "row" or zone.cards != "beans":
            continue
        cards = state.player(player).zones.get(name, []) if zone.per_player else state.zones.get(name, [])
        out.extend(f"{name} {k}" for k in range(1, len(cards) + 1))
    return out


@functools.lru_cache(maxsize=32)
def _pile_tops(engine: Engine) -> tuple[str, ...]:
    """References to the top card of each shared pile of bean cards ("draw_pile 1", ...)."""
    return tuple(f"{name} 1" for name, zone in engine.spec.zones.items()
                 if zone.kind == "pile" and zone.cards == "beans" and not zone.per_player)


def _values(engine: Engine, state: State, player: str, ptype: str, rng: random.Random) -> list:
    fields = len(state.player(player).zones.get(engine.fields_zone, []))
    if ptype == "field":
        return list(range(1, fields + 1))
    if ptype == "target":
        return [*range(1, fields + 1), "discard"]
    if ptype == "player":
        return [n for n in state.names() if n != player]
    if ptype == "int":
        longest = max([len(z) for z in state.zones.values()] + [1])
        return list(range(1, min(longest, 12) + 1))
    if ptype == "variety":
        seen = []
        for name, zone in engine.spec.zones.items():
            if not zone.per_player and zone.kind == "row" and zone.cards == "beans":
                seen.extend(c for c in state.zones.get(name, []) if c not in seen)
        return seen
    if ptype == "card":
        # Any card of one's own rows or the shared rows, or the top card of a shared pile (the
        # stack, unseen): the spec's `require` clauses narrow these down per action.
        return _refs(engine, state, player) + list(_pile_tops(engine))
    if ptype == "space":
        return list(state.board.ids) if state.board is not None else []
    if ptype == "cards":
        refs = _refs(engine, state, player)
        return [rng.sample(refs, min(len(refs), k)) for k in (0, 1, 1, 2)]
    return []


def candidate_actions(engine: Engine, state: State, rng: random.Random | None = None,
                      timing_checked: bool = False) -> list[dict]:
    """Well-formed actions worth trying now, legal or not, one list per call.

    With `timing_checked`, only (action, player) pairs whose timing allows them are expanded.
    """
    rng = rng or random.Random(0)
    out: list[dict] = []
    for kind in engine.spec.actions:
        for player in state.names():
            if timing_checked and engine.timing(state, kind, player) is not None:
                continue
            out.extend(_expand(engine, state, kind, player, rng, narrow=timing_checked))
    return out


def _expand(engine: Engine, state: State, kind: str, player: str, rng: random.Random,
            narrow: bool = True) -> list[dict]:
    """The parameter combinations of one action type for one player (sampled when many).

    With `narrow`, values that a `require` clause refuses whatever the other parameters are
    left out (Engine.choices); without it, every well-formed value is a candidate."""
    params = engine.spec.actions[kind].params
    if params and params[0].type == "player":
        return _trade_candidates(engine, state, kind, player, rng)
    offered = {p.name: _values(engine, state, player, p.type, rng) for p in params}
    if narrow:
        found = engine.choices(state, kind, player, offered)
        if found.refused is not None:
            return []
        offered = found.values
    return _combinations(kind, player, params, [offered[p.name] for p in params], rng)


def _combinations(kind: str, player: str, params, choices: list[list], rng: random.Random) -> list[dict]:
    """Actions from every combination of the values (a random sample when there are many)."""
    if math.prod(len(c) for c in choices) > MAX_COMBINATIONS * 4:
        # Too many to list (two spaces of a board, say): each value of the sample drawn at random.
        combos = list(dict.fromkeys(tuple(rng.choice(c) for c in choices) for _ in range(MAX_COMBINATIONS)))
        return [_action(kind, player, params, combo) for combo in combos]
    combos = list(itertools.islice(itertools.product(*choices), MAX_COMBINATIONS * 4))
    if len(combos) > MAX_COMBINATIONS:
        combos = rng.sample(combos, MAX_COMBINATIONS)
    return [_action(kind, player, params, combo) for combo in combos]


def _action(kind: str, player: str, params, combo) -> dict:
    action = {"type": kind, "player": player}
    action.update({p.name: v for p, v in zip(params, combo)})
    return action


def _trade_candidates(engine: Engine, state: State, kind: str, player: str, rng: random.Random) -> list[dict]:
    params = engine.spec.actions[kind].params
    return [_action(kind, player, params, combo) for combo in _trade_combos(engine, state, player, params, rng)]


def _trade_combos(engine, state, player, params, rng) -> list[list]:
    """An action naming another player first (a trade): its card lists are references into
    the proposer's zones, then into the other side's."""
    combos = []
    for other in _values(engine, state, player, "player", rng):
        pools = [_refs(engine, state, player), _refs(engine, state, other)]
        for _ in range(TRADES_PER_PARTNER):
            combo: list = [other]
            lists = 0
            for p in params[1:]:
                if p.type == "cards":
                    pool = pools[min(lists, 1)]
                    lists += 1
                    combo.append(rng.sample(pool, min(len(pool), rng.choice([0, 1, 1, 2]))))
                else:
                    combo.append(rng.choice(_values(engine, state, player, p.type, rng) or [None]))
            combos.append(combo)
    return combos


def legal_actions(engine: Engine, state: State, rng: random.Random | None = None) -> list[dict]:
    return [a for a in candidate_actions(engine, state, rng, timing_checked=True)
            if engine.check(state, a) is None]


@dataclass
class GameRecord:
    state: State
    actions: list[dict] = field(default_factory=list)
    states: list[State] | None = None
    ended: bool = False
    rejections: dict[str, int] = field(default_factory=dict)
    events: list[dict] = field(default_factory=list)
    turns: int = 0
    # Every reshuffle's result, in order: a copy of the first state with these as its
    # `shuffles` replays the game exactly from `actions`.
    shuffles: list[list[str]] = field(default_factory=list)


def _weight(engine: Engine, state: State, action: dict) -> float:
    """How eagerly an agent picks this one among the candidates of its action type (how
    eagerly it turns to the type at all is _kind_weight)."""
    kind = action["type"]
    if kind == "harvest":
        f = state.player(action["player"]).zones[engine.fields_zone][action["field"] - 1]
        return 0.05 + _coins(engine, f)
    if kind == "draft" and action.get("target") == "discard":
        return 0.3
    if "to" in action and isinstance(action.get("give"), list) and isinstance(action.get("get"), list):
        return _trade_weight(engine, state, action["player"], action["to"], action["give"], action["get"])
    # Plant onto a field that already grows the variety rather than start a new one.
    target = action.get("field", action.get("target"))
    if isinstance(target, int):
        fields = state.player(action["player"]).zones.get(engine.fields_zone, [])
        if 1 <= target <= len(fields):
            return 5.0 if fields[target - 1] else 1.0
    return 1.0


def _fits(engine: Engine, state: State, player: str, variety) -> bool:
    """Whether the player could plant this variety without a harvest first."""
    fields = state.player(player).zones.get(engine.fields_zone, [])
    return any(not f or f[-1] == variety for f in fields)


def _card_at(engine: Engine, state: State, owner: str, ref) -> str | None:
    """The card a reference like "revealed 2" names, seen from `owner`'s side (None if none)."""
    try:
        hit = B.resolve_ref(Env(engine, state), owner, ref)
    except SpecRuntimeError:  # not a card reference at all
        return None
    return hit[0][hit[1]] if hit else None


def _trade_weight(engine, state, me, other, give, get) -> float:
    """A trade is worth proposing when it rids me of cards I cannot plant and brings cards I
    can, and when the other side can plant what it gets (or it will decline)."""
    weight = 1.0
    for ref in give:
        v = _card_at(engine, state, me, ref)
        weight *= (0.3 if _fits(engine, state, me, v) else 3.0) * (2.0 if _fits(engine, state, other, v) else 0.3)
    for ref in get:
        v = _card_at(engine, state, other, ref)
        weight *= 3.0 if _fits(engine, state, me, v) else 0.2
    return weight


def _offer_pleases(engine: Engine, state: State, player: str) -> bool | None:
    """Whether every card the open offer would bring `player` fits one of their fields (None
    when the spec has no such offer or the player is not its recipient)."""
    v = state.vars
    if v.get("offer_to") != player or not isinstance(v.get("offer_give"), list):
        return None
    cards = [_card_at(engine, state, v.get("offer_from"), r) for r in v["offer_give"]]
    return all(_fits(engine, state, player, c) for c in cards)


def _stuck_with_revealed(engine: Engine, state: State, player: str) -> bool:
    """The active player holds revealed cards that fit none of their fields."""
    return player == state.active and any(
        not _fits(engine, state, player, c) for c in state.zones.get("revealed", []))


def new_random_game(engine: Engine, players: list[str], rng: random.Random, options=None):
    deck = engine.box(options)
    rng.shuffle(deck)
    zones = {}
    for name, zone in engine.spec.zones.items():
        # Every other deck (vine cards, landscape cards) is shuffled for the setup too.
        if zone.kind == "deck" and not zone.per_player and zone.cards != "beans":
            cards = engine.box(options, zone.cards)
            if cards:
                rng.shuffle(cards)
                zones[name] = cards
    modules = sorted(engine.spec.modules) or ["base"]
    return engine.new_game(players, deck, options, modules=modules, zones=zones)


def choose_action(engine: Engine, state: State, rng: random.Random,
                  rejections: dict[str, int] | None = None, imagine: bool = True) -> dict | None:
    """A random but sensible legal action: an action type whose timing allows it is drawn by
    weight, then one of its legal parameter choices; None if nobody can do anything.

    An action that names a space of the board (an attack, a camp) is first imagined, with the
    unseen cards shuffled (`_imagine`): the agent takes it only if that leaves it better
    placed to win, and otherwise turns to another type (with `imagine` off, as in the imagined
    game itself, it never looks ahead)."""
    # The (action type, player) pairs whose timing allows them, in a weighted random order
    # (Efraimidis-Spirakis keys): trying them in turn is a weighted draw among those that
    # have a legal choice of parameters.
    pairs = engine.enabled(state)
    # A player who may do nothing but harvest is idle: one of their harvests that pays nothing
    # is a waste of their beans, while the player who must plant and cannot needs exactly that.
    busy = _Busy(engine, state, pairs)
    order = sorted(pairs, key=lambda kp: rng.random() ** (1.0 / max(_kind_weight(engine, state, *kp, busy), 1e-6)),
                   reverse=True)
    fallback = None  # a legal action the look-ahead found no gain in: taken only if nothing else is
    for kind, player in order:
        params = engine.spec.actions[kind].params
        if params and params[0].type == "player":
            candidates, exact = _trade_candidates(engine, state, kind, player, rng), False
            fighting = []
        else:
            found = engine.choices(state, kind, player,
                                   {p.name: _values(engine, state, player, p.type, rng) for p in params})
            if found.refused is not None:
                if rejections is not None:
                    rejections[found.refused.rule] = rejections.get(found.refused.rule, 0) + 1
                continue
            values = found.values
            fighting = _fighting(engine, params, values)
            ahead = imagine and any(p.type == "space" for p in params)
            if ahead and fighting:
                # One card for the whole look-ahead, drawn with a strong preference for a
                # high number: the spaces are then imagined with it.
                values = dict(values)
                for name in fighting:
                    refs = values[name]
                    if refs:
                        pick = _weighted(rng, refs, _card_preferences(engine, state, player, refs))
                        values[name] = [pick]
            candidates = _combinations(kind, player, params, [values[p.name] for p in params], rng)
            exact = found.exact
        weights = _candidate_weights(engine, state, candidates, fighting)
        keys = [rng.random() ** (1.0 / max(w, 1e-6)) for w in weights]
        keyed = [candidates[i] for i in sorted(range(len(candidates)), key=keys.__getitem__, reverse=True)]
        legal = keyed if exact else _legal_in_order(engine, state, kind, player, keyed, rejections)
        if not (imagine and any(p.type == "space" for p in params)):
            # Every combination of narrowed values is legal when `exact`: the first is the
            # weighted draw; otherwise the first legal one.
            for a in legal:
                return a
            continue
        best, best_gain = None, 0
        settled = set(pairs)
        for tried, a in enumerate(legal):
            if tried >= MAX_IMAGINED:
                break
            fallback = fallback or a
            # A decent chance: every imagined outcome must gain.
            gain = None
            for _ in range(IMAGINED_SAMPLES):
                g = _imagine(engine, state, a, rng, settled)
                gain = g if gain is None else min(gain, g)
                if gain <= best_gain:
                    break
            if gain > best_gain:
                best, best_gain = a, gain
        if best is not None:
            return best
    return fallback


class _Busy:
    """The players with something to do besides harvesting, asked for one player at a time.
    An action without parameters that its `require` clauses refuse (one open at any time to
    whoever meets its conditions, or an end of phase that must wait) is nothing to do."""

    def __init__(self, engine: Engine, state: State, pairs):
        self.engine, self.state, self.pairs, self.known = engine, state, pairs, {}

    def __contains__(self, player) -> bool:
        if player not in self.known:
            mine = [k for k, p in self.pairs if p == player and k != "harvest"]
            actions = self.engine.spec.actions
            self.known[player] = any(actions[k].params for k in mine) or any(
                self.engine.choices(self.state, k, player, {}).refused is None for k in mine)
        return self.known[player]


def _legal_in_order(engine: Engine, state: State, kind: str, player: str, keyed: list[dict],
                    rejections: dict[str, int] | None):
    """The legal ones of `keyed`, in order. A refusal that looked only at some parameters
    refuses every candidate with the same values for them: those are skipped without asking
    again."""
    refused: list[tuple[frozenset, tuple]] = []

    def seen(a, reads):
        return tuple(repr(a.get(k)) for k in sorted(reads))

    for a in keyed:
        if any(seen(a, reads) == values for reads, values in refused):
            continue
        _, _, values = engine.decode(state, a)
        rejection = engine.check_after_timing(state, kind, player, values)
        if rejection is None:
            yield a
            continue
        if rejections is not None:
            rejections[rejection.rule] = rejections.get(rejection.rule, 0) + 1
        if not rejection.reads:
            return  # refused whatever the parameters
        refused.append((rejection.reads, seen(a, rejection.reads)))


def _candidate_weights(engine: Engine, state: State, candidates: list[dict], fighting: list[str]) -> list[float]:
    weights = [_weight(engine, state, a) for a in candidates]
    for name in fighting:
        if len({a[name] for a in candidates}) > 1:
            player = candidates[0]["player"]
            refs = sorted({a[name] for a in candidates})
            prefs = dict(zip(refs, _card_preferences(engine, state, player, refs)))
            weights = [w * prefs[a[name]] for w, a in zip(weights, candidates)]
    return weights


def _weighted(rng: random.Random, items: list, weights: list[float]):
    return rng.choices(items, weights=weights)[0]


# ------------------------------------------------------------ cards that count by their number

def _fighting(engine: Engine, params, values: dict) -> list[str]:
    """The card parameters that may name the unseen top card of a pile (as a combat card may
    be the top card of the stack): such a card counts by its number, so the higher the better."""
    tops = set(_pile_tops(engine))
    return [p.name for p in params if p.type == "card" and any(v in tops for v in values.get(p.name, ()))]


def _count(engine: Engine, card) -> int:
    v = engine.spec.varieties.get(card) if isinstance(card, str) else None
    return v.count if v is not None else 0


def _number(engine: Engine, state: State, player: str, ref: str) -> float:
    """The number a card reference brings: the card's number (its count in the box); for the
    top of the draw pile, unseen, the mean number of the cards in it (of the whole box when it
    is empty)."""
    name, _ = B.parse_ref(ref)
    if name == DRAW_PILE and ref in _pile_tops(engine):
        cards = state.zones.get(name) or engine.box(state.options)
        return sum(_count(engine, c) for c in cards) / len(cards) if cards else 0.0
    return float(_count(engine, _card_at(engine, state, player, ref)))


def _card_preferences(engine: Engine, state: State, player: str, refs: list[str]) -> list[float]:
    """Weights for combat cards: the highest number is the likeliest pick, one two lower half as
    likely, and so on."""
    numbers = [_number(engine, state, player, r) for r in refs]
    top = max(numbers, default=0.0)
    return [2.0 ** ((n - top) / 2.0) for n in numbers]


# ------------------------------------------------------------ looking ahead

def _standing(engine: Engine, state: State, player: str) -> tuple:
    """The player's keys for winning (the spec's `winners` clause), as the game stands."""
    w = engine.spec.winners
    if w is None:
        return ()
    env = Env(engine, state, {w.var: player})
    keys = []
    for key in engine._winner_keys:
        try:
            value = key(env)
        except SpecRuntimeError:
            value = None
        keys.append(value if isinstance(value, (int, float)) and not isinstance(value, bool) else -1)
    return tuple(keys)


def _imagine(engine: Engine, state: State, action: dict, rng: random.Random, settled: set) -> int:
    """How much better placed to win the actor would be after `action` and what it sets off (a
    combat: the other side's reply, a second round), imagined on a copy of the state whose draw
    pile is shuffled (the agent cannot see it): by how much its first key for winning (its
    points, in a war game) rose; GAME_WON if it ends the game with the actor among the
    winners, nothing if it ends it otherwise. `settled`: the (action type, player) pairs
    enabled in `state`."""
    player = action["player"]
    before = _standing(engine, state, player)
    work = state.copy()
    dream = random.Random(rng.random())
    if work.zones.get(DRAW_PILE):
        dream.shuffle(work.zones[DRAW_PILE])
    saved = engine.shuffler
    engine.shuffler = lambda cards: dream.sample(cards, len(cards))
    try:
        if not engine.apply(work, action, in_place=True).accepted:
            return 0
        # The others answer (and the actor follows up) until the same choices are open as
        # before: the action and all it set off are over.
        for _ in range(IMAGINED_REPLIES):
            if work.over or set(engine.enabled(work)) == settled:
                break
            reply = choose_action(engine, work, dream, imagine=False)
            if reply is None or not engine.apply(work, reply, in_place=True).accepted:
                break
    finally:
        engine.shuffler = saved
    if work.over:
        # An action that ends the game is worth it only to a winner.
        return GAME_WON if player in work.winners else 0
    after = _standing(engine, work, player)
    return (after[0] - before[0]) if after and before else 0


# How eagerly an agent turns to each kind of action, before its parameters are chosen.
_KIND_WEIGHTS = {"offer": 0.4, "end_phase": 0.5, "buy_field": 0.1, "discard_card": 0.1,
                 # Dschingis Bohn: attack whenever it looks promising (imagined first), buy a
                 # cart now and then, spare a conquered town more often than burn it.
                 "attack": 3.0, "charge": 3.0, "buy_cart": 0.1, "spare_town": 2.0, "burn_town": 1.0}


def _kind_weight(engine: Engine, state: State, kind: str, player: str, busy=()) -> float:
    p = state.player(player)
    if kind == "harvest":
        # Harvest when a field pays well; a field that pays nothing only when forced.
        best = max((_coins(engine, f) for f in p.zones.get(engine.fields_zone, []) if f), default=0)
        if best == 0 and player not in busy:
            return 0.0001
        return {0: 0.01, 1: 0.6}.get(best, 3.0)
    if kind == "tribute":
        return 2.0 if len(p.zones.get("coins", [])) > 5 else 0.02
    if kind in ("accept", "decline"):
        # Accept what can be planted, decline the rest; a proposer rarely withdraws.
        pleased = _offer_pleases(engine, state, player)
        if pleased is not None:
            return 3.0 if pleased == (kind == "accept") else 0.1
        return 0.2 if kind == "decline" else 1.0
    if kind == "offer" and _stuck_with_revealed(engine, state, player):
        return 1.5  # try to pass on revealed cards that would force a harvest
    return _KIND_WEIGHTS.get(kind, 1.0)


def _coins(engine: Engine, field_cards: list) -> int:
    if not field_cards:
        return 0
    v = engine.spec.varieties.get(field_cards[-1])
    if v is None or v.meter is None:
        return 1 if len(field_cards) >= 2 else 0
    return sum(1 for t in v.meter if t is not None and len(field_cards) >= t)


def random_game(engine: Engine, players: list[str], seed: int, options: dict | None = None,
                max_actions: int = 4000, record: bool = False) -> GameRecord:
    """Play one random game from a seeded shuffle to its end (or `max_actions`)."""
    rng = random.Random(seed)
    saved = engine.shuffler
    shuffles: list[list[str]] = []

    def shuffle(cards):
        order = rng.sample(cards, len(cards))
        shuffles.append(list(order))
        return order
    engine.shuffler = shuffle
    try:
        state, events = new_random_game(engine, players, rng, options)
        rec = GameRecord(state, states=[state] if record else None, events=list(events), shuffles=shuffles)
        while not state.over and len(rec.actions) < max_actions:
            action = choose_action(engine, state, rng, rec.rejections)
            if action is None:
                break
            outcome = engine.apply(state, action, in_place=not record)
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
