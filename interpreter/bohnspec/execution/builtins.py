"""The primitives Python supplies to the rules language: pure functions of the state.

Each entry is (least arity, most arity, function(env, *args)). Nothing here decides a rule;
the spec composes these. Card references are strings "<zone> <n>", counted from 1.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import SpecRuntimeError
from ..language.names import SPECIAL_NAMES as _SPECIAL_NAMES

if TYPE_CHECKING:  # interpret.py imports this module
    from .interpret import Env
    from .state import State


@dataclass(frozen=True)
class FieldRef:
    """A field of a player, counted from 1. Behaves as a zone; serialises as its number."""

    player: str
    number: int


REF = re.compile(r"^([a-z_][a-z0-9_]*) ([0-9]+)$")


def parse_ref(ref: object) -> tuple[str, int]:
    parsed = _parse_ref(ref) if isinstance(ref, str) else None
    if parsed is None:
        raise SpecRuntimeError(None, f"{ref!r} is not a card reference like 'hand 3'")
    return parsed


@functools.lru_cache(maxsize=4096)
def _parse_ref(ref: str) -> tuple[str, int] | None:
    # A game uses a few dozen distinct references, each read many times per action.
    m = REF.match(ref)
    return (m.group(1), int(m.group(2))) if m else None


@functools.lru_cache(maxsize=4096)
def canonical_ref(ref: str) -> str | None:
    """A card reference as the rules compare it: 'hand 01' and 'hand 1' name the same card, so
    an action is read with the number written plainly (None: not a reference at all)."""
    m = REF.match(ref)
    return f"{m.group(1)} {int(m.group(2))}" if m else None


class _Refs(dict):
    """A card reference (a string) -> `_parse_ref` of it, filled as references are read: a
    subscript is cheaper than a call of the cached function."""

    def __missing__(self, ref: str) -> tuple[str, int] | None:
        if len(self) > 4096:  # a bound, as _parse_ref's cache has
            self.clear()
        parsed = self[ref] = _parse_ref(ref)
        return parsed


REFS = _Refs()


def as_zone(env: Env, value: object) -> list:
    if isinstance(value, list):
        return value
    if isinstance(value, str) and value in env.state.space_cards:
        return env.state.space_cards[value]  # a space holds the card lying on it
    if isinstance(value, FieldRef):
        fields = env.state.player(value.player).zones[env.engine.fields_zone]
        if not 1 <= value.number <= len(fields):
            raise SpecRuntimeError(None, f"{value.player} has no field {value.number}")
        return fields[value.number - 1]
    raise SpecRuntimeError(None, f"expected a zone, got {value!r}")


def resolve_ref(env: Env, owner: str, ref: object) -> tuple[list, int] | None:
    """The zone list and index a card reference points at, or None if there is no card."""
    engine = env.engine
    return card_at(env.state, owner, ref, engine.spec.zones, engine.fields_zone)


def card_at(state: State, owner: str, ref: object, zones: dict, fields_zone: str) -> tuple[list, int] | None:
    """resolve_ref, given the spec's zones and the name of the fields zone (the generated
    rules hand them as constants)."""
    parsed = REFS[ref] if isinstance(ref, str) else None
    if parsed is None:
        raise SpecRuntimeError(None, f"{ref!r} is not a card reference like 'hand 3'")
    word, n = parsed
    if word == "field":
        fields = state.player(owner).zones.get(fields_zone, [])
        if not 1 <= n <= len(fields) or not fields[n - 1]:
            return None
        return fields[n - 1], len(fields[n - 1]) - 1
    zone = zones.get(word)
    if zone is None or word == fields_zone:
        return None  # the fields zone holds fields, not cards: a card in one is "field N"
    cards = state.player(owner).zones[word] if zone.per_player else state.zones[word]
    if not 1 <= n <= len(cards):
        return None
    return cards, n - 1


def card_variety(state: State, owner: str, ref: object, zones: dict, fields_zone: str) -> str | None:
    """The card a reference points at (None: no card there): `ref_variety`."""
    hit = card_at(state, owner, ref, zones, fields_zone)
    return hit[0][hit[1]] if hit is not None else None


def _size(env, x):
    if isinstance(x, (list, str, tuple)):
        return len(x)
    return len(as_zone(env, x))


def _first(env, z):
    z = as_zone(env, z)
    return z[0] if z else None


def _last(env, z):
    z = as_zone(env, z)
    return z[-1] if z else None


def _item(env, z, n):
    z = as_zone(env, z)
    return z[n - 1] if isinstance(n, int) and 1 <= n <= len(z) else None


def _variety(env, x):
    if x is None or isinstance(x, str):
        return x
    z = as_zone(env, x)
    return z[-1] if z else None


def _meter(env, variety, n):
    v = env.engine.spec.varieties.get(variety)
    if v is None:
        raise SpecRuntimeError(None, f"unknown variety {variety!r}")
    if v.meter is None:
        return 0
    coins = 0
    for level, threshold in enumerate(v.meter, start=1):
        if threshold is not None and n >= threshold:
            coins = level
    return coins


def _seat(names: list[str], p: object, what: str) -> int:
    try:
        return names.index(p)  # type: ignore[arg-type]
    except ValueError:
        raise SpecRuntimeError(None, f"{what} takes a player at the table, got {p!r}") from None


def _seat_offset(env, p, k):
    names = env.state.names()
    return names[(_seat(names, p, "left" if k == 1 else "right") + k) % len(names)]


def _clockwise(env, a, b):
    names = env.state.names()
    return (_seat(names, b, "clockwise") - _seat(names, a, "clockwise")) % len(names)


def _field_exists(env, f):
    if not isinstance(f, FieldRef):
        return False
    fields = env.state.player(f.player).zones.get(env.engine.fields_zone, [])
    return 1 <= f.number <= len(fields)


def _ref_zone(env, r):
    return parse_ref(r)[0]


def _ref_exists(env, owner, r):
    return resolve_ref(env, owner, r) is not None


def _ref_variety(env, owner, r):
    return card_variety(env.state, owner, r, env.engine.spec.zones, env.engine.fields_zone)


def _ref_varieties(env, owner, rs):
    return [_ref_variety(env, owner, r) for r in rs]


def _count_of(env, z, variety):
    return sum(1 for c in as_zone(env, z) if c == variety)


def _together(env, z):
    """Whether each kind of card in z lies in one run (`[red, red, soy]`, not `[red, soy, red]`)."""
    seen: set = set()
    before = object()
    for c in as_zone(env, z):
        if c != before:
            if c in seen:
                return False
            seen.add(c)
            before = c
    return True


def _number(env, f):
    return f.number if isinstance(f, FieldRef) else None


def _index_of(env, z, card):
    z = as_zone(env, z)
    return z.index(card) + 1 if card in z else 0


def _div(env, a, b):
    if not isinstance(a, int) or not isinstance(b, int) or b == 0:
        raise SpecRuntimeError(None, f"cannot divide {a!r} by {b!r}")
    return a // b


def _board(env):
    board = env.state.board
    if board is None:
        raise SpecRuntimeError(None, "this game has no board")
    return board


def _space(env, s):
    if s not in _board(env):
        from .interpret import not_a_space  # (interpret imports this module)
        raise SpecRuntimeError(None, not_a_space(s))
    return s


def _kind(env, s):
    """The card lying on a space (none on an empty space)."""
    cards = env.state.space_cards.get(_space(env, s))
    return cards[0] if cards else None


def _board_card(env, s):
    """The card the board itself lays on a space (none where one is dealt)."""
    return _board(env).fixed[_space(env, s)]


def _adjacent(env, a, b):
    return _board(env).adjacent(_space(env, a), _space(env, b))


def _neighbours(env, s):
    return list(_board(env).adjacency[_space(env, s)])


# name -> (least arity, most arity, function(env, *args))
TABLE: dict[str, tuple[int, int, Callable[..., Any]]] = {
    "size": (1, 1, _size),
    "first": (1, 1, _first),
    "last": (1, 1, _last),
    "item": (2, 2, _item),
    "variety": (1, 1, _variety),
    "meter": (2, 2, _meter),
    "left": (1, 1, lambda env, p: _seat_offset(env, p, 1)),
    "right": (1, 1, lambda env, p: _seat_offset(env, p, -1)),
    "clockwise": (2, 2, _clockwise),
    "field_exists": (1, 1, _field_exists),
    "ref_zone": (1, 1, _ref_zone),
    "ref_exists": (2, 2, _ref_exists),
    "ref_variety": (2, 2, _ref_variety),
    "ref_varieties": (2, 2, _ref_varieties),
    "count_of": (2, 2, _count_of),
    "number": (1, 1, _number),
    "index_of": (2, 2, _index_of),
    "together": (1, 1, _together),
    "div": (2, 2, _div),
    "kind": (1, 1, _kind),
    "board_card": (1, 1, _board_card),
    "adjacent": (2, 2, _adjacent),
    "neighbours": (1, 1, _neighbours),
    "task_holds": (2, 2, lambda env, card, p: env.engine.vine_condition(env, card, p, "met")),
    "task_claimable": (2, 2, lambda env, card, p: env.engine.vine_condition(env, card, p, "claim")),
}

# Names every rules file can read without declaring them (the resolver's, language/names.py).
SPECIAL_NAMES = _SPECIAL_NAMES
# The rules may set whose turn it is, and who starts (Bohnaparte: the last to choose a camp).
ASSIGNABLE_SPECIALS = ("active", "starting_player")
