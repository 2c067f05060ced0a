"""What the generated rules module (execution/codegen.py) calls: the operations too long to
write inline, with the same errors at the same `.bohn` locations as the reference interpreter
(execution/interpret.py). Picking, taking and putting cards and reshuffling are written only
here: the reference interpreter's closures call these same functions."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NoReturn

from ..errors import EvaluationLimitError, Location, SetupError, ShuffleMismatch, SpecRuntimeError
from .builtins import REFS, FieldRef, as_zone, card_at, card_variety
from .builtins import _parse_ref as parse_ref
from ..language.board import reach
from .interpret import card_attr_miss, not_a_space, repeat_fail
from .interpret import MAX_CALL_DEPTH, MAX_LIST, MAX_NUMBER, SIZED, STEP_BUDGET, Env, list_too_long, \
    mark_unfit, number_too_big, seated, serialise, too_deep, unwalked
from .state import State

__all__ = [
    "EvaluationLimitError", "SetupError", "SpecRuntimeError", "FieldRef", "as_zone", "reach", "serialise",
    "MAX_CALL_DEPTH", "MISSING", "PLAIN", "SIZED", "MAX_NUMBER", "MAX_LIST", "number_too_big",
    "list_too_long", "unwalked", "mark_unfit", "seated", "limit", "located", "cannot_compare", "arith_slow",
    "product_fail",
    "field_ref", "field_refs", "space_var", "space_vars_of", "pick_refs", "pick_all", "pick_each",
    "pick_last", "pick_item", "pick_first", "take", "put", "no_space", "repeat_fail", "card_attr_miss", "nest_fail",
    "reshuffle",
    "not_in_turn", "parse_ref", "card_at", "card_variety", "take_ref", "stored", "REFS",
]

MISSING = object()
# The values `serialise` returns unchanged: the generated code skips the call for them.
PLAIN = frozenset({int, str, bool, type(None)})
# A picked card: the zone it lies in and its index there.
Pick = tuple[list, int]


def stored(value: Any) -> Any:
    """serialise(value), a list of plain values copied without a call for each."""
    if type(value) is list:
        return [v if type(v) in PLAIN else serialise(v) for v in value]
    return serialise(value)


def not_in_turn(phase: str, loc: Location | None) -> NoReturn:
    raise SpecRuntimeError(loc, f"phase {phase!r} is not in the turn")


def limit(loc: Location | None) -> NoReturn:
    raise EvaluationLimitError(loc, f"evaluation took more than {STEP_BUDGET} steps")


def nest_fail(loc: Location | None, what: str, frames: list | tuple = ()) -> NoReturn:
    raise EvaluationLimitError(loc, too_deep(what, list(frames)))


def located(exc: SpecRuntimeError, loc: Location | None) -> SpecRuntimeError:
    """A builtin's error without a location takes the location of its call."""
    if exc.location is None:
        return SpecRuntimeError(loc, str(exc))
    return exc


def cannot_compare(a: object, op: str, b: object, loc: Location | None) -> NoReturn:
    raise SpecRuntimeError(loc, f"cannot compare {a!r} {op} {b!r}")


def arith_slow(total: Any, op: str, v: Any, loc: Location | None) -> list:
    if isinstance(total, list) and isinstance(v, list) and op == "+":
        if len(total) + len(v) > MAX_LIST:
            list_too_long(len(total) + len(v), loc)
        return total + v
    raise SpecRuntimeError(loc, f"cannot compute {total!r} {op} {v!r}")


def product_fail(v: object, loc: Location | None) -> NoReturn:
    raise SpecRuntimeError(loc, f"cannot multiply by {v!r}")


def no_space(value: object, loc: Location | None) -> NoReturn:
    raise SpecRuntimeError(loc, not_a_space(value))


_FIELD_REFS: dict[tuple[str, int], FieldRef] = {}


def field_ref(player: str, number: int) -> FieldRef:
    """FieldRef(player, number), made once: they are immutable and compared by value."""
    ref = _FIELD_REFS.get((player, number))
    if ref is None:
        if len(_FIELD_REFS) > 4096:
            _FIELD_REFS.clear()
        ref = _FIELD_REFS[(player, number)] = FieldRef(player, number)
    return ref


def field_refs(state: State, p: str, zone: str) -> list[FieldRef]:
    return [field_ref(p, i + 1) for i in range(len(state.player(p).zones[zone]))]


def space_var(state: State, s: str, attr: str, loc: Location | None) -> Any:
    values = state.space_vars.get(s)
    if values is None:
        raise SpecRuntimeError(loc, not_a_space(s))
    return values.get(attr)


def space_vars_of(state: State, s: str, loc: Location | None) -> dict:
    values = state.space_vars.get(s)
    if values is None:
        raise SpecRuntimeError(loc, not_a_space(s))
    return values


def pick_refs(env: Env, refs: Iterable[str], owner: str, loc: Location | None) -> list[Pick]:
    picks: list[Pick] = []
    taken: set[tuple[int, int]] = set()
    state, zones, fields = env.state, env.engine.spec.zones, env.engine.fields_zone
    for r in refs:
        hit = card_at(state, owner, r, zones, fields)
        if hit is None:
            raise SpecRuntimeError(loc, f"{owner} has no card at {r!r}")
        key = (id(hit[0]), hit[1])
        if key in taken:
            raise SpecRuntimeError(
                loc, f"{r!r} names a card of {owner} that is already being moved: "
                "one card cannot be moved twice")
        taken.add(key)
        picks.append(hit)
    return picks


def take_ref(env: Env, ref: object, owner: str, loc: Location | None) -> list:
    """take(pick_refs(env, [ref], owner, loc)): the one card a reference names, removed."""
    engine = env.engine
    hit = card_at(env.state, owner, ref, engine.spec.zones, engine.fields_zone)
    if hit is None:
        raise SpecRuntimeError(loc, f"{owner} has no card at {ref!r}")
    z, i = hit
    card = z[i]
    del z[i]
    return [card]


def pick_all(z: list) -> list[Pick]:
    return [(z, i) for i in range(len(z))]


def pick_each(z: list, wanted: object) -> list[Pick]:
    return [(z, i) for i in range(len(z)) if z[i] == wanted]


def _indexed(z: list, idx: list[int], loc: Location | None, what: str) -> list[Pick]:
    if any(not 0 <= i < len(z) for i in idx):
        # (the zone as the rules write it: round 93's and 94's designers met `the zone holds 0`
        # and could not tell which zone)
        raise SpecRuntimeError(loc, f"not enough cards: {what or 'the zone'} holds {len(z)}"
                                    + (f", and card {max(idx) + 1} is asked for" if len(idx) == 1 and z else
                                       f", and {len(idx)} are taken" if len(idx) > 1 else ""))
    return [(z, i) for i in idx]


def pick_last(z: list, loc: Location | None, what: str = "") -> list[Pick]:
    return _indexed(z, [len(z) - 1], loc, what)


def pick_item(z: list, n: int, loc: Location | None, what: str = "") -> list[Pick]:
    return _indexed(z, [n - 1], loc, what)


def pick_first(z: list, n: int, loc: Location | None, what: str = "") -> list[Pick]:
    if n.__class__ is not int or n < 0:
        # (a rule gone wrong, as a negative `repeat` is: round 96's `meter` of -5 moved no card
        # without a word and paid `coins -5`)
        raise SpecRuntimeError(loc, f"`first N of {what.strip('`') or 'a zone'}` needs a count of none or more, "
                                    f"got {n!r}")
    return _indexed(z, list(range(n)), loc, what)


def take(picks: list[Pick]) -> list:
    """The picked cards, removed from their zones (from the back first, so that earlier
    positions stay valid)."""
    if len(picks) == 1:
        z, i = picks[0]
        card = z[i]
        del z[i]
        return [card]
    cards = [z[i] for z, i in picks]
    for z, i in sorted(picks, key=lambda zi: (id(zi[0]), zi[1]), reverse=True):
        del z[i]
    return cards


def put(env: Env, cards: list, where_to: object, top: bool, loc: Location | None) -> None:
    target = as_zone(env, where_to)
    if isinstance(where_to, str) and len(target) + len(cards) > 1:
        raise SpecRuntimeError(loc, f"space {where_to!r} already holds {target[0]!r}: a space holds one card")
    if top:
        target[0:0] = cards
    else:
        target.extend(cards)


def reshuffle(env: Env, source: list, target: list, loc: Location | None) -> None:
    if env.state.shuffles:
        order = env.state.shuffles.pop(0)
        if sorted(order) != sorted(source):
            raise ShuffleMismatch(order, source)
    elif env.shuffler is not None:
        order = env.shuffler(list(source))
    else:
        order = list(reversed(source))  # turned over as it lies (ruling/reshuffle-order)
    source.clear()
    target[0:0] = order

