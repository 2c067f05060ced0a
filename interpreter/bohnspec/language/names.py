"""What a name of the rules language means: the one resolver the checker, the reference
interpreter and the code generator share, so that what the checker accepts the engines can
run, and all of them read a name the same way.

A bare name is tried in this order (the first that fits wins):
1. a local of the enclosing declaration (a parameter, `let`, loop or quantifier variable);
2. a name every rules file can read (`players`, `spaces`, `active`, `starting_player`,
   `phase`, `over`);
3. a game variable (a per-player or per-space variable read bare is an error);
4. a definition without parameters (one with parameters read bare is an error);
5. an option (before the zones: `plunder`, a variant, may share its name with `p.plunder`);
6. a shared zone (a zone of each player read bare is an error);
7. a phase, bean variety, vine card or card kind: the name itself;
8. a value of an option: the name itself.

`x.NAME` is a zone or variable of each player, a variable of each space, an attribute of
cards (`count` and the categories' attributes) or `name` (the thing itself).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import suggest

if TYPE_CHECKING:
    from .spec import Spec

# Names every rules file can read without declaring them.
SPECIAL_NAMES = ("players", "active", "starting_player", "phase", "over", "spaces", "varieties")
# The specials that are plain fields of the state.
STATE_FIELDS = ("active", "starting_player", "phase", "over")


@dataclass(frozen=True)
class Name:
    """What a bare name means. `kind` is one of: local, players, spaces, varieties, state (a field of the
    state), var, define, option (with `default`), zone, constant (the name itself) or error
    (with `message`)."""

    kind: str
    name: str
    default: object = None
    message: str = ""

    @property
    def fixed(self) -> bool:
        """Whether the name always means itself (a literal in disguise)."""
        return self.kind == "constant"


@dataclass(frozen=True)
class Attribute:
    """What `x.NAME` means. `kind` is one of: fields (the fields of a player), zone, player_var,
    space_var, card (a card attribute), self (`name`) or error (with `message`)."""

    kind: str
    name: str
    message: str = ""


def _whose(scope: Collection[str]) -> str:
    """The name a player is most likely bound to here (a vine card's holder `h`, an action's
    `p`), for a message: round 69's designer was told `p.coins` inside a vine card's task."""
    return next((n for n in ("p", "h", "holder", "q") if n in scope), "p")


class Resolver:
    """Resolves the names of one Spec. `option_values` widens the option values a name may be
    (the checker reads every module's, also alternatives not loaded together)."""

    def __init__(self, spec: Spec, option_values: Iterable[str] | None = None) -> None:
        self.spec = spec
        values = {v for o in spec.options.values() for v in o.values}
        self.option_values = values | set(option_values or ())

    def name(self, name: str, scope: Collection[str]) -> Name:
        spec = self.spec
        if name in scope:
            return Name("local", name)
        if name == "players":
            return Name("players", name)
        if name == "spaces":
            return Name("spaces", name)
        if name == "varieties":
            return Name("varieties", name)
        if name in STATE_FIELDS:
            return Name("state", name)
        var = spec.vars.get(name)
        if var is not None:
            if var.per_player:
                return Name("error", name, message=f"{name!r} belongs to each player: write {_whose(scope)}.{name}")
            if var.per_space:
                return Name("error", name, message=f"{name!r} belongs to each space: write s.{name}")
            return Name("var", name)
        define = spec.defines.get(name)
        if define is not None and define.params is None:
            return Name("define", name)
        option = spec.options.get(name)
        if option is not None:
            return Name("option", name, default=option.default)
        zone = spec.zones.get(name)
        if zone is not None:
            if zone.per_player:
                return Name("error", name, message=f"{name!r} belongs to each player: write {_whose(scope)}.{name}")
            return Name("zone", name)
        if name in spec.phases or name in spec.varieties or name in spec.vines or name in spec.cards \
                or name in self.option_values:
            return Name("constant", name)
        if define is not None:
            return Name("error", name, message=f"{name!r} takes arguments: write {name}(...)")
        known = [*scope, *SPECIAL_NAMES, *spec.vars, *spec.phases, *spec.varieties, *spec.defines,
                 *spec.options, *spec.zones, *spec.cards]
        if len(name) > 2:  # an option's value (`dera` for `dear`); short ones (`on`) would be noise
            known += sorted(self.option_values)
        return Name("error", name, message=f"unknown name {name!r}{suggest(name, known)}")

    def attribute(self, attr: str) -> Attribute:
        spec = self.spec
        zone = spec.zones.get(attr)
        if zone is not None and zone.per_player:
            return Attribute("fields" if zone.kind == "fields" else "zone", attr)
        var = spec.vars.get(attr)
        if var is not None and var.per_player:
            return Attribute("player_var", attr)
        if var is not None and var.per_space:
            return Attribute("space_var", attr)
        if attr in spec.attribute_names():
            return Attribute("card", attr)
        if attr == "name":
            return Attribute("self", attr)
        choices = [z for z, d in spec.zones.items() if d.per_player] + \
                  [v for v, d in spec.vars.items() if d.per_player or d.per_space] + list(spec.attribute_names())
        return Attribute("error", attr, message=f"a player, space or card has no {attr!r}{suggest(attr, choices)}")
