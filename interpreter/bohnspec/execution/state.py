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

_CARD_RUN = re.compile(r"^([a-z_][a-z0-9_]*)\*([0-9]+)$")


def expand_cards(cards: Iterable[Any]) -> list[str]:
    """Expand the `blue*3` shorthand of a card list into single cards."""
    out: list[str] = []
    for c in cards:
        m = _CARD_RUN.match(c) if isinstance(c, str) else None
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
    return {k: v if v.__class__ in _LEAVES else _plain(v) for k, v in sorted(values.items())}


@dataclass
class Player:
    name: str
    zones: dict[str, list] = field(default_factory=dict)
    vars: dict[str, Any] = field(default_factory=dict)


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
        raise KeyError(name)

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
        out: dict[str, Any] = {"modules": list(self.modules)}
        if self.options:
            out["options"] = dict(sorted(self.options.items()))
        players = []
        for p in self.players:
            d: dict[str, Any] = {"name": p.name}
            for z in sorted(p.zones):
                d[z] = _copy_zone(p.zones[z])
            if p.vars:
                d["vars"] = _plain_vars(p.vars)
            players.append(d)
        out["players"] = players
        out["starting_player"] = self.starting_player
        out["active"] = self.active
        out["phase"] = self.phase
        zones = self.zones
        for z in sorted(zones):
            out[z] = list(zones[z])
        out["vars"] = _plain_vars(self.vars)
        out["shuffles"] = [list(s) for s in self.shuffles]
        out["over"] = self.over
        out["winners"] = list(self.winners)
        if self.board is not None:
            out["board"] = self.board.name if self.board.source is None else _plain(self.board.source)
            on_spaces, values = self.space_cards, self.space_vars
            spaces = out["spaces"] = {}
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
        return out
