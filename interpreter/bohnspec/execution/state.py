"""The game state: everything a situation holds, and its canonical JSON form.

Piles are lists top card first; rows (hands, revealed cards) front card first; a field is the
list of its cards in planting order. Cards are variety ids. Nothing is hidden: the order of
every pile and the results of future reshuffles (`shuffles`) are part of the state.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

# A run of 1 to 9999 cards (state.schema.json): a longer one is no card, and is never expanded.
_CARD_RUN = re.compile(r"^([a-z_][a-z0-9_]*)\*([1-9][0-9]{0,3})$")


# More cards than one list of a game could hold (a box holds at most 9999 of a kind): a list
# asking for more is refused before it is written out, lest a small file fill the memory.
MOST_CARDS_IN_A_LIST = 1_000_000


def expand_runs(value: Any) -> Any:
    """A list with `red*3` among its texts written out (expand_cards); anything else as it is:
    a scenario's expected list, a reply's zone or an event's list of cards."""
    if isinstance(value, list):
        for c in value:  # (a loop, not any() over a generator: this runs for every list compared)
            if isinstance(c, str) and "*" in c:
                return expand_cards(value)
    return value


def expand_cards(cards: Iterable[Any]) -> list[str]:
    """Expand the `blue*3` shorthand of a card list into single cards (a BohnspecError for a
    list of more than MOST_CARDS_IN_A_LIST)."""
    out: list[str] = []
    if cards.__class__ is list and "*" not in "".join(c for c in cards if isinstance(c, str)):
        return list(cards)  # no shorthand: most lists
    runs = [(c, _CARD_RUN.match(c) if isinstance(c, str) else None) for c in cards]
    total = sum(int(m.group(2)) if m else 1 for _, m in runs)
    if total > MOST_CARDS_IN_A_LIST:
        from ..errors import BohnspecError
        raise BohnspecError(f"the list holds {total:,} cards, more than any game has (at most "
                            f"{MOST_CARDS_IN_A_LIST:,} in one list)")
    for c, m in runs:
        if m:
            out.extend([m.group(1)] * int(m.group(2)))
        else:
            out.append(c)
    return out


def _copy_zone(cards: list) -> list:
    # Most zones hold card names only: one copy, with the test for a nested list run in C.
    if list not in map(type, cards):
        return list(cards)
    return [list(c) if isinstance(c, list) else c for c in cards]


def _copy_zones(zones: dict[str, list]) -> dict[str, list]:
    """_copy_zone for every zone of a dict (one call for all: a state copy makes many)."""
    out = {}
    for k, cards in zones.items():
        out[k] = list(cards) if list not in map(type, cards) else \
            [list(c) if isinstance(c, list) else c for c in cards]
    return out


def _plain(value: Any) -> Any:
    """An independent copy of a JSON value; the common leaves return at once, which makes
    it several times faster than copy.deepcopy on the states the runner compares."""
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


# The values a variable holds that need no copy.
_LEAVES = frozenset({int, str, bool, float, type(None)})


def _plain_vars(values: dict[str, Any]) -> dict[str, Any]:
    """Variables as JSON, sorted by name: `_plain` of each, the common leaves as they are."""
    return {k: v if (v := values[k]).__class__ in _LEAVES else _plain(v) for k in _sorted_keys(values)}


# The names of a dict of zones or variables, sorted, by the names in their own order: the
# states of a game hold the same zones and variables, so each order is sorted once.
_ORDERS: dict[tuple, list] = {}


def _sorted_keys(d: dict) -> list:
    names = tuple(d)
    order = _ORDERS.get(names)
    if order is None:
        if len(_ORDERS) > 4096:  # a bound, for long runs over many different specs
            _ORDERS.clear()
        order = _ORDERS[names] = sorted(names)
    return order


@dataclass
class Player:
    name: str
    zones: dict[str, list] = field(default_factory=dict)
    vars: dict[str, Any] = field(default_factory=dict)


class NoSuchPlayer(KeyError):
    """A player asked for by a name no player at the table has: a KeyError, as callers expect,
    that says so in words (round 91's designer was shown `KeyError: 'red'` for `red.coins`)."""

    def __init__(self, name: object, players: list[str]) -> None:
        super().__init__(name)
        self.name, self.players = name, players

    def __str__(self) -> str:
        from ..language.unparse import show
        # (the value as the rules write it: `none`, not Python's None; round 93's designer)
        shown = f"{self.name!r}" if isinstance(self.name, str) else f"the value {show(self.name)}"
        return f"{shown} is no player at the table ({', '.join(self.players)}): only a player has zones and " \
               "player variables"


@dataclass
class State:
    players: list[Player]
    starting_player: str
    active: str
    phase: str
    zones: dict[str, list] = field(default_factory=dict)
    vars: dict[str, Any] = field(default_factory=dict)
    shuffles: list[list[str]] = field(default_factory=list)
    modules: list[str] = field(default_factory=lambda: ["base"])
    options: dict[str, str] = field(default_factory=dict)
    over: bool = False
    winners: list[str] = field(default_factory=list)
    # The map, for games played on one: its layout (shared, never changed), the card lying on
    # each space (a list of at most one card, so a space is a zone) and each space's variables.
    board: Any = None
    space_cards: dict[str, list] = field(default_factory=dict)
    space_vars: dict[str, dict] = field(default_factory=dict)
    # Each player's seat by name, for `player` (rebuilt whenever it does not match).
    _seats: dict[str, int] = field(default_factory=dict, init=False, repr=False, compare=False)

    # -- lookups
    def player(self, name: str) -> Player:
        # The rules ask for players by name many times an action: a seat index, checked
        # against the player found there (so a list rebuilt or reordered is still right).
        try:
            p = self.players[self._seats[name]]
            if p.name == name:
                return p
        except (KeyError, IndexError, TypeError, AttributeError):  # AttributeError: a state pickled before
            pass
        seats: dict[str, int] = {}
        for i, p in enumerate(self.players):
            seats.setdefault(p.name, i)
        self._seats = seats
        for p in self.players:
            if p.name == name:
                return p
        raise NoSuchPlayer(name, [p.name for p in self.players])

    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def seat(self, name: str) -> int:
        return self.names().index(name)

    def copy(self) -> State:
        """An independent copy. Zones hold strings, fields lists of strings, vars plain values
        (or lists of strings), so copying two levels of lists is enough and much faster than
        deepcopy."""
        return State(
            players=[Player(p.name, _copy_zones(p.zones),
                            {k: (list(v) if isinstance(v, list) else v) for k, v in p.vars.items()})
                     for p in self.players],
            starting_player=self.starting_player,
            active=self.active,
            phase=self.phase,
            zones=_copy_zones(self.zones),
            vars={k: (list(v) if isinstance(v, list) else v) for k, v in self.vars.items()},
            shuffles=[list(s) for s in self.shuffles],
            modules=list(self.modules),
            options=dict(self.options),
            over=self.over,
            winners=list(self.winners),
            board=self.board,
            space_cards={k: list(v) for k, v in self.space_cards.items()},
            space_vars={k: dict(v) for k, v in self.space_vars.items()},
        )

    # -- canonical JSON
    def to_json(self) -> dict:
        """The canonical JSON form described by conformance/schemas/state.schema.json."""
        out: dict[str, Any] = {}
        for k in ("modules", "options"):
            self._put(out, k)
        out["players"] = [_player_json(p) for p in self.players]
        for k in (*_AFTER_PLAYERS, *_sorted_keys(self.zones), *_AFTER_ZONES):
            self._put(out, k)
        return out

    def json_part(self, part: dict) -> dict:
        """The part of `to_json()` that an expected part of a state names (its keys; of the
        players, those it names, keyed by name as expectations write them, and of each the keys
        it names), each value as `to_json()` gives it; a key the JSON has not is left out. What
        a comparison with an expectation needs, without the JSON of all the rest."""
        out: dict[str, Any] = {}
        for k in part:
            if k == "players":
                wanted = part[k]
                if isinstance(wanted, dict):
                    out[k] = {p.name: _player_json(p, wanted[p.name])
                              for p in self.players if p.name in wanted}
                else:
                    out[k] = {p.name: _player_json(p) for p in self.players}
            else:
                self._put(out, k)
        return out

    def _put(self, out: dict, k: str) -> None:
        """The JSON of key `k` (any but the players) into `out`, when the state's JSON has it."""
        if k in _SCALARS:
            out[k] = getattr(self, k)
        elif k == "modules" or k == "winners":
            out[k] = list(getattr(self, k))
        elif k == "vars":
            out[k] = _plain_vars(self.vars)
        elif k == "shuffles":
            out[k] = [list(s) for s in self.shuffles]
        elif k == "options":
            if self.options:
                out[k] = dict(sorted(self.options.items()))
        elif k == "board" or k == "spaces":
            if self.board is not None:
                out[k] = self._board_json() if k == "board" else self._spaces_json()
        elif k in self.zones:
            out[k] = list(self.zones[k])

    def _board_json(self) -> Any:
        return self.board.name if self.board.source is None else _plain(self.board.source)

    def _spaces_json(self) -> dict:
        on_spaces, values = self.space_cards, self.space_vars
        spaces = {}
        orders: dict[tuple, list] = {}  # the spaces of a map mostly hold the same variables
        for s in self.board.ids:
            here = on_spaces[s]
            space = {"card": here[0] if here else None}
            more = values.get(s)
            if more:
                names = tuple(more)
                order = orders.get(names)
                if order is None:
                    order = orders[names] = sorted(names)
                for k in order:
                    space[k] = more[k]
            spaces[s] = space
        return spaces


# The keys of a state's JSON that are one plain value each, and the order of the keys after
# the players (the shared zones come between these two).
_SCALARS = frozenset({"starting_player", "active", "phase", "over"})
_AFTER_PLAYERS = ("starting_player", "active", "phase")
_AFTER_ZONES = ("vars", "shuffles", "over", "winners", "board", "spaces")


def _player_json(p: Player, part: Any = None) -> dict[str, Any]:
    """A player's JSON; with `part` (an expected part of it, a dict), only the keys it names."""
    d: dict[str, Any] = {"name": p.name}
    zones = p.zones
    for z in _sorted_keys(zones) if not isinstance(part, dict) else [z for z in part if z in zones]:
        cards = zones[z]
        d[z] = list(cards) if list not in map(type, cards) else [list(c) if isinstance(c, list) else c for c in cards]
    if p.vars and (not isinstance(part, dict) or "vars" in part):
        d["vars"] = _plain_vars(p.vars)
    return d
