"""The legal moves with some values given: what a value left out may be, the one the rules allow, or
the one refused last when the rules refuse whatever it is."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from ...errors import BohnspecError
from ...execution.interpret import Engine
from ...execution.state import State
from .places import _spaces_of_kind


def _only_completion(engine: Engine, state: State, kind: str, player: str, given: dict,
                     compared: Sequence[str] | None = None) -> dict | None:
    """The one legal action of `kind` for `player` that has the `given` values (None: none, or
    several), from the state's move generation (moves.py), as judge lists what a player may do;
    with `compared`, one of those legal actions when they all agree on those parameters."""
    found: dict | None = None
    for a in _legal_with(engine, state, kind, player, given):
        if found is not None and found != a and (
                compared is None or any(found.get(k) != a.get(k) for k in compared)):
            return None
        found = a
    return found


def _kinds_timely_for(engine: Engine, state: State, player: str, but: str = "") -> list[str]:
    """The kinds of move whose timing allows `player` to make them now (but `but`), in the order
    move generation lists them."""
    from ...execution import moves
    return list(dict.fromkeys(m.kind for m in moves.timely(engine, state) if m.player == player and m.kind != but))


def _timely_move(engine: Engine, state: State, kind: str, player: str):
    """The move of `kind` for `player` whose timing allows it now (moves.Move), or None."""
    from ...execution import moves
    return next((m for m in moves.timely(engine, state) if m.kind == kind and m.player == player), None)


def _legal_with(engine: Engine, state: State, kind: str, player: str, given: dict) -> Iterator[dict]:
    """The legal actions of `kind` for `player` that have the `given` values, in the order move
    generation lists them (the first _COMPLETIONS of them looked through)."""
    from ...execution import moves
    move = _timely_move(engine, state, kind, player)
    if move is None:
        return
    for a in itertools.islice(move.actions(max_list=moves.LISTED_CARDS, every_order=False), _COMPLETIONS):
        if all(a.get(k) == v for k, v in given.items()):
            yield a


def _values_allowed(engine: Engine, state: State, kind: str, player: str, key: str, among: Sequence[str]) -> list[str]:
    """The values of parameter `key`, of those `among`, with which the rules allow `player` a
    move of `kind` now (the others left out), each once, in the order move generation finds them."""
    return list(dict.fromkeys(str(a[key]) for a in _legal_with(engine, state, kind, player, {}) if a.get(key) in among))


# How many legal actions of one type are looked through for the one a value left out allows.
_COMPLETIONS = 2000


# How many of the values a value left out could be are shown.
_SHOWN_CHOICES = 6


def _refused_whatever(engine: Engine, state: State, kind: str, player: str, given: dict,
                      missing: Sequence[str]) -> dict | None:
    """The action with the first well-formed value of each parameter left out, when the rules
    refuse it by a clause that reads none of those parameters (so any value would be refused
    alike); None otherwise."""
    from ...conformance.deciding import reads
    from ...execution import moves
    move = _timely_move(engine, state, kind, player) or moves.move_of(engine, state, kind, player)
    if move is None:
        return None
    action = {"type": kind, "player": player, **{k: v for k, v in given.items() if k not in ("type", "player")}}
    fits: dict[int, list] = {}  # the values each parameter's own requirements allow, where some do
    for i, p in enumerate(move.params):
        if p.name in missing:
            if p.type == "cards":
                # (judged empty: only a refusal that reads no value left out stands below; `Can
                # Timon trade?` in phase 1, round 93's table)
                action[p.name] = []
                continue
            values = move.domain(i, {})
            if not values:
                return None
            # (a partner left out is another player: `Can Timon offer the soy?` in phase 1 was
            # shown as an offer to himself; round 62's regression hunter)
            others = [v for v in values if v != player] if p.type == "player" else values
            # (a value the parameter's own requirements allow first: `charge n1 with his riders`
            # during a combat is judged with his steppe, not his camp; round 70's table)
            fit = [v for v in move.alone(i) if v in others] if p.type != "player" else []
            if fit:
                fits[i] = fit
            action[p.name] = (fit or others or values)[0]
    ordered = {"type": kind, "player": player, **{p.name: action[p.name] for p in move.params if p.name in action}}
    try:
        outcome = engine.apply(state, ordered)
    except BohnspecError:
        return None
    refused = outcome.rejection
    if refused is None:
        return None
    deciding: list[Any] = [*engine.spec.clauses_of(kind), *engine.spec.forbids]
    condition = next((d.condition for d in deciding if d.loc == refused.where and d.condition is not None), None)
    if condition is not None and not any(reads(condition, "name", n) for n in missing):
        return ordered
    # (values left out, each of which the rules refuse: `plants the received fire` where no
    # field takes it; `Can Nina ride?` with her riders beaten, target and steppe left out)
    # Judged with the values refused last in the published order: the clauses are checked in
    # that order, so these pass the most of them, the nearest to allowed (`rides against 09`
    # with her riders beaten is refused for their defeat, not for a steppe nobody holds; round 56).
    at = [i for i, p in enumerate(move.params) if p.name in missing]
    if any(move.params[i].type == "cards" for i in at):
        return None
    order = [d.loc for d in deciding]
    best, latest = ordered, order.index(refused.where) if refused.where in order else -1
    # (the values their own requirements allow, where each has some: `Can Uwe's riders attack
    # the town?` in the mixed game is judged with his steppe's riders, refused for the town
    # (dschingis/riders/9), not with the town itself as riders; round 86's second table)
    chosen = len(fits) == len(at)
    domains = [fits[i] if chosen else move.domain(i, {}) for i in at]
    same = True  # every value tried refused by the clause that refused the first
    tried_all = _refusals(engine, state, ordered, move, at, itertools.islice(itertools.product(*domains), 1,
                                                                             _COMPLETIONS))
    if tried_all is None:
        return None
    for tried, where in tried_all:
        same = same and where == refused.where
        if where in order and order.index(where) > latest:
            best, latest = tried, order.index(where)
    if best is ordered and any(move.params[i].type == "space" for i in at) and not chosen:
        # (a space that stands out by nothing is no answer: the map's first space, nobody's.
        # But when every value was tried and one clause refused them all, the answer is that
        # clause whatever the space: `Can Uwe buy a fortress?` with his quarry used up, `Can Uwe
        # charge?` in the basic game; judged with the player's own space, of the kind the value
        # is named for first; rounds 64 and 65)
        if not same or math.prod(len(d) for d in domains) >= _COMPLETIONS:
            # (the player's own spaces stand out: `Timon rides against 05` with his only riders
            # beaten, where others hold ready steppes, is judged with his, refused the latest of
            # them; round 82's table was told a value is missing)
            owned = [values for values in itertools.islice(itertools.product(*domains), _COMPLETIONS)
                    if state.board is not None and all(move.params[i].type != "space"
                                                       or state.space_vars.get(v, {}).get("owner") == player
                                                       for i, v in zip(at, values))]
            judged = [(tried, order.index(where)) for tried, where in
                      _refusals(engine, state, ordered, move, at, owned) or [] if where in order]
            return max(judged, key=lambda tw: tw[1])[0] if judged else None
        own = dict(ordered)
        for i in at:
            p = move.params[i]
            if p.type == "space" and state.board is not None:
                mine = _spaces_of_kind(state, p.name, player) or [
                    s for s in state.board.ids if state.space_vars.get(s, {}).get("owner") == player]
                own[p.name] = mine[0] if mine else own[p.name]
        return own
    return best


def _refusals(engine: Engine, state: State, ordered: dict, move: Any, at: Sequence[int],
              candidates: Iterable[tuple]) -> list[tuple[dict, Any]] | None:
    """Each candidate's values put in `ordered` (at the parameters `at`), with where the rules
    refuse it; None when one of them is allowed, or cannot be judged."""
    out = []
    for values in candidates:
        tried = {**ordered, **{move.params[i].name: v for i, v in zip(at, values)}}
        try:
            outcome = engine.apply(state, tried)
        except BohnspecError:
            return None
        if outcome.accepted:
            return None
        out.append((tried, outcome.rejection.where if outcome.rejection is not None else None))
    return out


def _completions(engine: Engine, state: State, kind: str, player: str, given: dict,
                 missing: Sequence[str]) -> list[tuple]:
    """The values of the `missing` parameters of the legal actions of `kind` for `player` that
    have the `given` values, each once, in the order move generation finds them."""
    out: list[tuple] = []
    for a in _legal_with(engine, state, kind, player, given):
        values = tuple(a.get(n) for n in missing)
        if values not in out:
            out.append(values)
    return out
