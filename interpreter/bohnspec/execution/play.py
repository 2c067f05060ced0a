"""Random play: whole random games, by agents that choose among the legal actions.

The legal actions come from move generation (moves.py): each parameter's values are read off
the state from its domain and the action's own requirements, so a new action written in the
rules language is played without a change here. An agent first draws an action type (with a
player) by cheap weights, then each parameter in turn among the values already legal given
the ones before, again by cheap weights: one weighted draw, and another among the rest only
when the one drawn has no legal continuation; nothing is proposed and then refused. The
agents are random but sensible: they plant where a card fits, preferring a field that grows
the variety; they offer only cards the other side can plant (rather revealed and hand cards
they cannot plant themselves) and ask only for cards they can plant, so an offer is mostly
accepted; they accept an offer when they can plant what it brings; they harvest when forced,
now and then when a field pays, never eagerly (the game ends with a harvest of every field;
a player with nothing else to do does not throw away beans for nothing); and they end phases
once they have done what they must. Same seed, same game.

A card that may come from the top of a shared pile (the stack, unseen) fights by its number
(its count in the box): the agents prefer their highest cards, or the stack when its cards
are higher on average. An action that names a space (an attack, a camp) is imagined before it
is taken, with the draw pile shuffled anew and the other side answering as an agent would:
it is taken only if every imagined outcome leaves the actor better placed by the spec's own
`winners` keys (its points), so agents attack when they have a decent chance, and end the
game only when it makes them winners.

The randomness of a game is its own: the seeded generator that drives the agents also orders
every reshuffle, passed to the engine with each action (the engine is shared, unchanged).
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from ..errors import SpecRuntimeError
from ..language.spec import played_modules
from . import builtins as B
from . import moves
from .interpret import Engine, Env
from .state import State

# Candidates (well-formed actions, legal or not, for the tests of refusals): how many
# parameter combinations of one action and player at most, and how many random trades with
# each other player.
MAX_COMBINATIONS = 60
TRADES_PER_PARTNER = 4
# How many legal choices of an action that names a space are drawn (with putting back: the
# distinct ones are imagined) before one is taken, and how many answers (a defence, a second
# round) an imagined action may set off.
MAX_IMAGINED = 6
IMAGINED_REPLIES = 6
# How often each is imagined (with the unseen cards shuffled anew): it is taken only if every
# time it gains.
IMAGINED_SAMPLES = 2
# What an imagined action that ends the game with the actor among the winners is worth (one
# that ends it otherwise is worth nothing).
GAME_WON = 100
# The pile whose cards nobody sees: imagined play shuffles it (the interpreter deals from it),
# as many of its top cards as an imagined combat may draw.
DRAW_PILE = "draw_pile"
SHUFFLED_TOP = 12


def _refs(engine: Engine, state: State, player: str) -> list[str]:
    out: list[str] = []
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
        seen: list[str] = []
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
    """Well-formed actions worth trying now, legal or not, one list per call: what the tests
    of refusals try (the agents choose among the legal actions of moves.py instead).

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


def legal_actions(engine: Engine, state: State, rng: random.Random | None = None,
                  max_list: int | None = moves.LISTED_CARDS) -> list[dict]:
    """Every legal action now (moves.legal_actions; `rng` is not needed and kept for callers)."""
    return moves.legal_actions(engine, state, max_list)


@dataclass
class GameRecord:
    state: State
    actions: list[dict] = field(default_factory=list)
    states: list[State] | None = None
    ended: bool = False
    rejections: dict[str, int] = field(default_factory=dict)
    events: list[dict] = field(default_factory=list)
    turns: int = 0
    # Not over because nobody had a legal action left (not because the actions ran out).
    stuck: bool = False
    # Every reshuffle's result, in order: a copy of the first state with these as its
    # `shuffles` replays the game exactly from `actions`.
    shuffles: list[list[str]] = field(default_factory=list)


def _fits(engine: Engine, state: State, player: str, variety) -> bool:
    """Whether the player could plant this variety without a harvest first."""
    fields = state.player(player).zones.get(engine.fields_zone, [])
    return any(not f or f[-1] == variety for f in fields)


def _fitting(engine: Engine, state: State, player: str) -> frozenset | None:
    """What the player could plant without a harvest first (`_fits` for many cards): None
    when a field is empty (anything), else the varieties on top of their fields."""
    fields = state.player(player).zones.get(engine.fields_zone, [])
    if any(not f for f in fields):
        return None
    return frozenset(f[-1] for f in fields)


def _card_at(engine: Engine, state: State, owner: str, ref, env: Env | None = None) -> str | None:
    """The card a reference like "revealed 2" names, seen from `owner`'s side (None if none);
    `env`: any Env of this state, to spare making one."""
    try:
        hit = B.resolve_ref(env if env is not None else Env(engine, state), owner, ref)
    except SpecRuntimeError:  # not a card reference at all
        return None
    return hit[0][hit[1]] if hit else None


def _offer_pleases(engine: Engine, state: State, player: str) -> bool | None:
    """Whether every card the open offer would bring `player` fits one of their fields (None
    when the spec has no such offer or the player is not its recipient)."""
    v = state.vars
    if v.get("offer_to") != player or not isinstance(v.get("offer_give"), list):
        return None
    proposer = v.get("offer_from")
    if not isinstance(proposer, str):
        return None
    env = Env(engine, state)
    cards = [_card_at(engine, state, proposer, r, env) for r in v["offer_give"]]
    return all(_fits(engine, state, player, c) for c in cards)


def _stuck_with_revealed(engine: Engine, state: State, player: str) -> bool:
    """The active player holds revealed cards that fit none of their fields."""
    return player == state.active and any(
        not _fits(engine, state, player, c) for c in state.zones.get("revealed", []))


def new_random_game(engine: Engine, players: list[str], rng: random.Random, options=None, board: str | None = None):
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
    modules = list(played_modules(engine.spec)) or ["base"]
    return engine.new_game(players, deck, options, modules=modules, zones=zones,
                           board=engine.layout(board) if board is not None else None)


def choose_action(engine: Engine, state: State, rng: random.Random,
                  rejections: dict[str, int] | None = None, imagine: bool = True,
                  found: moves.Timely | None = None) -> dict | None:
    """A random but sensible legal action: an action type (with its player) whose timing
    allows it is drawn by weight, then each of its parameters among the values legal given the
    ones before; None if nobody can do anything. `rejections` counts, by rule, the types
    whose requirements refuse whatever the parameters.

    An action that names a space of the board (an attack, a camp) is first imagined, with the
    unseen cards shuffled (`_imagine`): the agent takes it only if that leaves it better
    placed to win, and otherwise turns to another type (with `imagine` off, as in the imagined
    game itself, it never looks ahead); `found`: the state's moves.Timely, when made already."""
    if found is None:
        found = moves.Timely(engine, state)  # the pairs; a Move made of one when it is looked at
    pairs = found.pairs
    if not pairs:
        return None
    dropped: list = []  # action types refused for every player: not drawn again
    if len(pairs) == 1:
        order: Iterable = found
    else:
        order = _order(engine, state, found, rng, dropped)
    fallback = None  # a legal action the look-ahead found no gain in: taken only if nothing else is
    settled = None
    for move in order:
        # The requirements that read no parameter are asked of the pairs drawn alone: skipping
        # a refused pair keeps the draw weighted among the others.
        refused = move.refusal()
        if refused is not None:
            if rejections is not None:
                rejections[refused.rule] = rejections.get(refused.rule, 0) + 1
            if id(refused) in move.plan.everyone:
                dropped.append(move.kind)
            continue
        ahead = imagine and any(p.type == "space" for p in move.params)
        if not ahead:
            action = _draw(engine, state, move, rng, 0, {}, [], move.sure)
            if action is not None:
                return action
            continue
        first = _draw(engine, state, move, rng, 0, {}, [], move.sure)
        if first is None:
            continue
        # One card for the whole look-ahead (drawn with a strong preference for a high number
        # when it may be the unseen top of the stack): the spaces are imagined with it.
        fixed = {p.name: first[p.name] for p in move.params if p.type == "card"}
        tried = [first]
        for a in _others(engine, state, move, rng, fixed, MAX_IMAGINED - 1):
            if a not in tried:
                tried.append(a)
        if settled is None:
            settled = {kind for kind, _ in pairs}
        standing = standing_of(engine, state, move.player)
        best, best_gain = None, 0
        for a in tried:
            fallback = fallback or a
            # A decent chance: every imagined outcome must gain.
            gain = _imagine(engine, state, a, rng, settled, standing)
            for _ in range(IMAGINED_SAMPLES - 1):
                if gain <= best_gain:
                    break
                gain = min(gain, _imagine(engine, state, a, rng, settled, standing))
            if gain > best_gain:
                best, best_gain = a, gain
        if best is not None:
            return best
    return fallback


def _others(engine: Engine, state: State, move, rng: random.Random, fixed: dict, draws: int) -> Iterator[dict]:
    """`draws` more legal actions of `move` with the `fixed` values, as many draws of the first
    parameter not fixed by weight among its legal values (with putting back: the same one may
    come again), the rest drawn for each. The legal values are asked once, all of them, for the
    draws to share."""
    params = move.params
    i = next((k for k, p in enumerate(params) if p.name not in fixed), None)
    if i is None:
        return
    bound: dict = {}
    raws: list = []
    sure = move.sure
    for p in params[:i]:  # fixed values come first: bound as _draw binds them
        raw = fixed[p.name]
        ok = move.holds(len(raws), bound, raw)
        if ok is False:
            return
        sure = sure and ok is True
        bound[p.name] = move._decode(p, raw)
        raws.append(raw)
    p = params[i]
    if p.type == "cards":
        return
    values = move.domain(i, bound)
    weights = _value_weights(engine, state, move, p, values) if len(values) > 1 else [1.0] * len(values)
    legal, chances, held = [], [], []
    for raw, w in zip(values, weights):
        if w > 0:
            ok = move.holds(i, bound, raw)
            if ok is not False:
                legal.append(raw)
                chances.append(w)
                held.append(ok)
    if not legal:
        return
    total = sum(chances)
    for _ in range(draws):
        k = _pick(chances, rng.random() * total)
        raw = legal[k]
        a = _draw(engine, state, move, rng, i + 1, {**bound, p.name: move._decode(p, raw)}, [*raws, raw],
                  sure and held[k] is True, fixed)
        if a is not None:
            yield a


def _order(engine: Engine, state: State, found: moves.Timely, rng: random.Random,
           dropped: list | None = None) -> Iterator[moves.Move]:
    """The pairs one after another, each drawn by weight among those not tried yet: the first
    is a weighted draw, and a pair that has no legal choice of parameters passes the draw on
    to the others. A harvest's weight takes work (what its best field pays, whether the player
    is idle): a harvest is drawn at the most its weight can be and kept with the chance its
    weight is of that (rejection sampling; a rejected one is drawn again at its weight, or at a
    tighter bound), so the draw is exact and the work done only for a harvest drawn, whether
    the player is idle only when the chance falls below what a harvest paying nothing weighs.
    An action type the consumer puts in `dropped` (refused for every player alike) is not
    drawn again."""
    pairs = found.pairs
    random = rng.random
    weights = [_FIXED_WEIGHTS.get(kind, 1.0) for kind, _ in pairs]
    known: dict = {}
    for i, (kind, player) in enumerate(pairs):
        if kind in _STATE_WEIGHTED:
            weights[i] = _kind_weight(engine, state, kind, player, known)
    busy = None
    # harvest -> what its best field pays (None: not asked yet), while its weight is a bound
    lazy: dict[int, int | None] | None = None
    total = sum(weights)
    while total > 0:
        i = _pick(weights, random() * total)
        kind, player = pairs[i]
        if kind == "harvest":
            if lazy is None:
                lazy = dict.fromkeys(k for k, (kind2, _) in enumerate(pairs) if kind2 == "harvest")
            if i in lazy:
                # Kept with the chance its weight is of the bound it was drawn at: told apart
                # by what is known, a tighter bound kept for the next draw when it is not kept.
                bound = weights[i]
                u = random() * bound
                best = lazy[i]
                if best is None:
                    # Harvest when a field pays well; a field that pays nothing only when forced.
                    best = lazy[i] = _best_harvest(engine, state, player)
                w = 0.1 if best == 1 else _HARVEST_BOUND if best else _IDLE_BOUND
                if not best and u < w:
                    # A player who may do nothing but harvest is idle: one of their harvests
                    # that pays nothing is a waste of their beans, while the player who must
                    # plant and cannot needs exactly that.
                    if busy is None:
                        busy = _Busy(found)
                    w = _IDLE_BOUND if player in busy else 0.0001
                    best = -1  # the weight is known
                if u >= w:
                    weights[i] = w
                    if best:
                        del lazy[i]
                    total = sum(weights)
                    continue
                del lazy[i]
        yield found[i]
        weights[i] = 0.0
        if dropped:
            for k, (kind2, _) in enumerate(pairs):
                if kind2 in dropped:
                    weights[k] = 0.0
            dropped.clear()
        total = sum(weights)


def _weighted_order(values: list, weights: list[float], rng: random.Random) -> Iterator:
    """The values (of weight above nothing) one after another, each drawn by weight among
    those not given yet: a few by repeated draws, many at once by Efraimidis-Spirakis keys
    (one random number each)."""
    n = len(values)
    if n <= 1:
        if n and weights[0] > 0:
            yield values[0]
        return
    if n > _FEW:
        random = rng.random
        # (a key of weight 1 is the random number itself: no power to work out)
        keyed = sorted(((random() if w == 1.0 else random() ** (1.0 / w), k) for k, w in enumerate(weights) if w > 0),
                       reverse=True)
        for _, k in keyed:
            yield values[k]
        return
    weights = list(weights)
    total = sum(weights)
    while total > 0:
        k = _pick(weights, rng.random() * total)
        weights[k] = 0.0
        total = sum(weights)
        yield values[k]


# Up to how many values are drawn one at a time (more are put in a weighted order at once).
_FEW = 8


def _pick(weights: list[float], r: float) -> int:
    """The index whose share of the weights' sum holds `r` (drawn below that sum): a weighted
    draw; a weight of nothing is never drawn."""
    last = 0
    for k, w in enumerate(weights):
        if w > 0:
            if r < w:
                return k
            r -= w
            last = k
    return last  # rounding left `r` at the sum


class _Busy:
    """The players with something to do besides harvesting (a move of another type that its
    requirements reading no parameter allow), asked for one player at a time."""

    def __init__(self, found: moves.Timely):
        self.found = found
        self.others: dict = {}
        for i, (kind, player) in enumerate(found.pairs):
            if kind != "harvest":
                self.others.setdefault(player, []).append(i)
        self.known: dict = {}

    def __contains__(self, player) -> bool:
        known = self.known.get(player)
        if known is None:
            known = False
            for i in self.others.get(player, ()):
                if self.found[i].allowed():
                    known = True
                    break
            self.known[player] = known
        return known


# How many lists of cards an agent draws for one list parameter before it gives up on the
# values before it.
LIST_TRIES = 4


def _draw(engine: Engine, state: State, move, rng: random.Random, i: int, bound: dict, raws: list,
          sure: bool, fixed: dict | None = None) -> dict | None:
    """One legal action of `move`, its parameters drawn from `i` on, each among the values the
    requirements allow given the ones before (`bound`, decoded; `raws` as the action gives
    them); None when the values before leave none. `fixed`: values decided beforehand.
    A value is drawn by weight and asked whether it holds; one that does not (or leaves the
    later parameters no legal value) is put aside and the draw made again among the rest."""
    params = move.params
    if i == len(params):
        return move.action(raws) if sure or move.confirm(raws) else None
    p = params[i]
    if fixed and p.name in fixed:
        values = [fixed[p.name]]
        weights = [1.0]
    elif p.type == "cards":
        refs = move.table.refs(p.zones)
        card_weights: list[float] | None = None  # worked out when a list of some cards is first drawn
        held: dict = {}  # whether each reference may be an element, asked once
        tried: list = []
        for _ in range(LIST_TRIES):
            k = _LIST_SIZES[int(rng.random() * len(_LIST_SIZES))]
            if k and refs and card_weights is None:
                card_weights = _card_weights(engine, state, move, p.name, refs, p.zones, bound)
            pick = _cards_pick(move, i, refs, card_weights, bound, rng, k, held)
            if pick in tried:  # no other cards to draw: the same list again
                continue
            tried.append(pick)
            ok = move.holds(i, bound, pick)
            if ok is False:
                continue
            a = _draw(engine, state, move, rng, i + 1, {**bound, p.name: pick}, [*raws, pick],
                      sure and ok is True, fixed)
            if a is not None:
                return a
            if not move.viable(i + 1):  # a later parameter has no value whatever this one is
                return None
        return None
    else:
        values = move.domain(i, bound)
        weights = _value_weights(engine, state, move, p, values) if len(values) > 1 else [1.0] * len(values)
    for raw in _weighted_order(values, weights, rng):
        ok = move.holds(i, bound, raw)
        if ok is False:
            continue
        a = _draw(engine, state, move, rng, i + 1, {**bound, p.name: move._decode(p, raw)}, [*raws, raw],
                  sure and ok is True, fixed)
        if a is not None:
            return a
        if not move.viable(i + 1):  # a later parameter has no value whatever this one is
            return None
    return None


# How many cards a list of cards names (drawn with these odds) when an agent draws one.
_LIST_SIZES = (0, 1, 1, 2)


def _value_weights(engine: Engine, state: State, move, p, values: list) -> list[float]:
    """How eagerly an agent picks each value of a parameter (legal or not: an illegal one is
    passed over): a harvest by what it pays; a field that grows a variety before an empty one;
    a discard rarely; a fighting card by its number; any other player (a partner) alike."""
    if p.type in ("field", "target"):
        fields = state.player(move.player).zones.get(engine.fields_zone, [])
        if move.kind == "harvest":
            return [0.05 + _coins(engine, fields[v - 1]) for v in values]
        return [0.3 if v == "discard" else 5.0 if fields[v - 1] else 1.0 for v in values]
    if p.type == "player":
        me = move.player
        return [0.01 if v == me else 1.0 for v in values]
    if p.type == "card" and _may_be_top(engine, p.zones) and any(v in _pile_tops(engine) for v in values):
        cards = move.table.cards(move.player, p.zones)  # what `values` (the zones' references) name
        return _card_preferences(engine, state, move.player, values, cards if len(cards) == len(values) else None)
    return [1.0] * len(values)


@functools.lru_cache(maxsize=256)
def _may_be_top(engine: Engine, zones: frozenset | None) -> bool:
    """Whether a card parameter drawn from these zones (None: any) may be the top of a shared pile."""
    return zones is None or any(t in zones or t.split(" ")[0] in zones for t in _pile_tops(engine))


def _cards_pick(move, i: int, refs: list[str], weights: list[float] | None, bound: dict,
                rng: random.Random, k: int, held: dict) -> list[str]:
    """A list of `k` cards for an offer-like action (none, one or two, drawn beforehand) among
    the references that may be its elements, drawn one by one by how well each suits both
    sides (`weights`, see _card_weights); `held` keeps which references may be elements."""
    if k == 0 or not refs or weights is None:
        return []
    out: list[str] = []
    for ref in _weighted_order(refs, weights, rng):
        ok = held.get(ref)
        if ok is None:
            ok = held[ref] = move.element_holds(i, bound, ref)
        if ok:
            out.append(ref)
            if len(out) == k:
                break
    return out


def _card_weights(engine: Engine, state: State, move, name: str, refs: list[str], zones, bound: dict) -> list[float]:
    """A card is given away only when the other side can plant it (or they would decline the
    offer), and rather one I cannot plant; a card is asked for only when I can plant it; a
    reference to no card is never drawn. Which list gives and which receives comes from the
    spec: the owner whose references a list names is the other side when the action names a
    player (the partner) and the list is not the first."""
    me = move.player
    other = next((v for p, v in zip(move.params, bound.values()) if p.type == "player"), None)
    if other is None or other == me:
        return [1.0] * len(refs)
    lists = [p.name for p in move.params if p.type == "cards"]
    mine = _fitting(engine, state, me)
    if lists and name != lists[0]:
        return [0.0 if v is None or not (mine is None or v in mine) else 1.0
                for v in move.table.cards(other, zones)]
    theirs = _fitting(engine, state, other)
    return [0.0 if v is None or not (theirs is None or v in theirs) else 0.3 if mine is None or v in mine else 3.0
            for v in move.table.cards(me, zones)]


def _weighted(rng: random.Random, items: list, weights: list[float]):
    return rng.choices(items, weights=weights)[0]


# ------------------------------------------------------------ cards that count by their number

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
        return _mean_number(engine, tuple(cards)) if cards else 0.0
    return float(_count(engine, _card_at(engine, state, player, ref)))


@functools.lru_cache(maxsize=64)
def _mean_number(engine: Engine, cards: tuple) -> float:
    """The mean number of these cards (a pile asked about again and again while it lies still)."""
    return sum(_count(engine, c) for c in cards) / len(cards)


def _card_preferences(engine: Engine, state: State, player: str, refs: list[str],
                      cards: list | None = None) -> list[float]:
    """Weights for combat cards: the highest number is the likeliest pick, one two lower half as
    likely, and so on. `cards`: the cards the references name, when known."""
    if cards is None:
        numbers = [_number(engine, state, player, r) for r in refs]
    else:
        pile = f"{DRAW_PILE} 1"
        numbers = [_number(engine, state, player, r) if r == pile else float(_count(engine, c))
                   for r, c in zip(refs, cards)]
    top = max(numbers, default=0.0)
    return [2.0 ** ((n - top) / 2.0) for n in numbers]


# ------------------------------------------------------------ looking ahead

def standing_of(engine: Engine, state: State, player: str) -> tuple:
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


def _imagine(engine: Engine, state: State, action: dict, rng: random.Random, settled: set,
             before: tuple | None = None) -> int:
    """How much better placed to win the actor would be after `action` and what it sets off (a
    combat: the other side's reply, a second round), imagined on a copy of the state whose draw
    pile is shuffled (the agent cannot see it): by how much its first key for winning (its
    points, in a war game) rose; GAME_WON if it ends the game with the actor among the
    winners, nothing if it ends it otherwise. `settled`: the action types enabled in `state`;
    `before`: the actor's standing in `state` (standing_of), when known."""
    player = action["player"]
    if before is None:
        before = standing_of(engine, state, player)
    work = state.copy()
    dream = random.Random(rng.random())
    pile = work.zones.get(DRAW_PILE)
    if pile:
        # Its top cards drawn at random from all of it (what an imagined combat may take),
        # the rest left as they lie: a shuffle as far as the imagined play reaches.
        n = len(pile)
        below = dream._randbelow  # type: ignore[attr-defined]
        for k in range(min(n - 1, SHUFFLED_TOP)):
            j = k + below(n - k)
            pile[k], pile[j] = pile[j], pile[k]
    def shuffle(cards):
        return dream.sample(cards, len(cards))
    try:
        if not engine.apply(work, action, in_place=True, shuffler=shuffle).accepted:
            return 0
    except SpecRuntimeError as exc:
        ahead = SpecRuntimeError(exc.location, f"{exc.message} [looked ahead at {json.dumps(action)}"
                                               f"{engine.spec.drop_hint(action.get('type'))}]")
        # (the moves that meet it, for the replay simulate offers: round 95's designer was given
        # a `judge` command without them, which met nothing)
        ahead.looked_ahead = [action]  # type: ignore[attr-defined]
        raise ahead from None
    # The others answer (and the actor follows up) until the same kinds of choices are open
    # as before (a defence and a second round are not; the next player's choice of a camp is):
    # the action and all it set off are over.
    for _ in range(IMAGINED_REPLIES):
        if work.over:
            break
        found = moves.Timely(engine, work)
        if {kind for kind, _ in found.pairs} == settled:
            break
        reply = choose_action(engine, work, dream, imagine=False, found=found)
        if reply is None:
            break
        try:
            if not engine.apply(work, reply, in_place=True, shuffler=shuffle).accepted:
                break
        except SpecRuntimeError as exc:
            hint = engine.spec.drop_hint(reply.get("type"))
            ahead = SpecRuntimeError(exc.location, f"{exc.message} [looked ahead at {json.dumps(reply)}, an answer "
                                                   f"to {json.dumps(action)}{hint}]")
            ahead.looked_ahead = [action, reply]  # type: ignore[attr-defined]
            raise ahead from None
    if work.over:
        # An action that ends the game is worth it only to a winner.
        return GAME_WON if player in work.winners else 0
    after = standing_of(engine, work, player)
    return (after[0] - before[0]) if after and before else 0


# How eagerly an agent turns to each kind of action, before its parameters are chosen.
_KIND_WEIGHTS = {"offer": 0.4, "end_phase": 0.5, "buy_field": 0.1, "discard_card": 0.1,
                 # Dschingis Bohn: attack whenever it looks promising (imagined first), buy a
                 # cart now and then, spare a conquered town more often than burn it.
                 "attack": 3.0, "charge": 3.0, "buy_cart": 0.1, "spare_town": 2.0, "burn_town": 1.0,
                 # Bohnröschen: a task met stays met (and is claimed in good time); asking
                 # whether it is met, for each player in every state, takes work.
                 "fulfil": 0.3}


# The most a harvest weighs: one whose best field pays two coins or more (one paying a coin
# weighs 0.1, one paying nothing _IDLE_BOUND, or 0.0001 for an idle player). A player
# harvests when forced or when a field pays, not eagerly: the game ends with a harvest of
# every field.
_HARVEST_BOUND = 0.5
_IDLE_BOUND = 0.01

# The weights that depend on nothing but the action type (any other type weighs 1), and the
# types _kind_weight weighs by the state.
_FIXED_WEIGHTS = {**{k: w for k, w in _KIND_WEIGHTS.items() if k != "offer"}, "harvest": _HARVEST_BOUND}
_STATE_WEIGHTED = frozenset({"offer", "tribute", "accept", "decline"})


def _kind_weight(engine: Engine, state: State, kind: str, player: str, known=None) -> float:
    """How eagerly an agent turns to an action type other than a harvest (_order weighs those);
    `known` keeps what one choice has already worked out (per player)."""
    if kind in _KIND_WEIGHTS:
        if kind != "offer" or not _stuck_with_revealed(engine, state, player):
            return _KIND_WEIGHTS[kind]
        return 1.5  # try to pass on revealed cards that would force a harvest
    if kind == "tribute":
        return 2.0 if len(state.player(player).zones.get("coins", [])) > 5 else 0.02
    if kind in ("accept", "decline"):
        # Accept what can be planted, decline the rest; a proposer rarely withdraws.
        if known is None:
            pleased = _offer_pleases(engine, state, player)
        else:  # asked for both answers to the offer
            key = ("offer", player)
            pleased = known[key] if key in known else known.setdefault(key, _offer_pleases(engine, state, player))
        if pleased is not None:
            return 3.0 if pleased == (kind == "accept") else 0.1
        return 0.2 if kind == "decline" else 1.0
    return 1.0


def _best_harvest(engine: Engine, state: State, player: str) -> int:
    """What the player's best-paying field would pay if harvested now (`_coins`)."""
    best = 0
    for f in state.player(player).zones.get(engine.fields_zone, ()):
        if f:
            c = _meter_coins(engine, f[-1], len(f))
            if c > best:
                best = c
    return best


def _coins(engine: Engine, field_cards: list) -> int:
    """What harvesting a field would pay, as an agent reckons it (a special Beanometer: one
    coin's worth from two cards on)."""
    if not field_cards:
        return 0
    return _meter_coins(engine, field_cards[-1], len(field_cards))


@functools.lru_cache(maxsize=4096)
def _meter_coins(engine: Engine, variety, n: int) -> int:
    v = engine.spec.varieties.get(variety)
    if v is None or v.meter is None:
        return 1 if n >= 2 else 0
    return sum(1 for t in v.meter if t is not None and n >= t)


def shown_action(action: dict) -> str:
    """An action as the protocol and the scenarios write it (JSON), not as Python prints a dict."""
    return json.dumps(action, separators=(", ", ": "))


def seeded_game(engine: Engine, players: list[str], rng: random.Random, seed: int, options=None,
                board: str | None = None):
    """new_random_game for the game of `seed`, an error of the rules met in its setup telling
    which game (round 83's designer's `on turn` handler failed in the setup's first turn and was
    told without it)."""
    try:
        return new_random_game(engine, players, rng, options, board)
    except SpecRuntimeError as exc:
        raise SpecRuntimeError(exc.location, f"{exc.message} (an error of the rules, met while setting up the "
                                             f"random game of seed {seed})") from None


def random_game(engine: Engine, players: list[str], seed: int, options: dict | None = None,
                max_actions: int = 4000, record: bool = False, board: str | None = None) -> GameRecord:
    """Play one random game from a seeded shuffle to its end (or `max_actions`), on the declared
    `board` if one is named (else the one the options choose for the table). The seed's
    generator deals, chooses every action and orders every reshuffle: nothing of the game is
    kept in the (shared) engine."""
    rng = random.Random(seed)
    shuffles: list[list[str]] = []

    def shuffle(cards):
        order = rng.sample(cards, len(cards))
        shuffles.append(list(order))
        return order
    state, events = seeded_game(engine, players, rng, seed, options, board)
    rec = GameRecord(state, states=[state] if record else None, events=list(events), shuffles=shuffles)
    actions, events, rejections = rec.actions, rec.events, rec.rejections
    turns = 0
    while not state.over and len(actions) < max_actions:
        action = None
        try:
            action = choose_action(engine, state, rng, rejections)
            if action is None:
                rec.stuck = True
                break
            outcome = engine.apply(state, action, in_place=not record, shuffler=shuffle)
        except SpecRuntimeError as exc:
            # Which game and which move met it: `simulate` plays thousands (round 47's designer).
            # An error met while choosing comes from a move looked ahead at, on a copy.
            where = (f"action {len(actions) + 1}: {shown_action(action)}{engine.spec.drop_hint(action.get('type'))}"
                     if action is not None else f"while choosing action {len(actions) + 1}")
            met = SpecRuntimeError(exc.location, f"{exc.message} (an error of the rules, met in the random game of "
                                                 f"seed {seed}, {where})")
            # (where to replay it from: the game of this seed after the actions before it; the
            # caller writes that situation down, round 91's designer had no replay)
            met.met_in_game = (seed, len(actions), action)  # type: ignore[attr-defined]
            met.looked_ahead = getattr(exc, "looked_ahead", None)  # type: ignore[attr-defined]
            raise met from None
        state = outcome.state
        actions.append(action)
        for e in outcome.events:
            events.append(e)
            if e["event"] == "turn":
                turns += 1
        if rec.states is not None:
            rec.states.append(state)
    rec.turns = turns
    rec.state = state
    rec.ended = state.over
    return rec
