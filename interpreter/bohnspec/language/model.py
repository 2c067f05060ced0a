"""The checked rules model: frozen declarations, each with the location it came from.

Expressions and statements are small uniform nodes (`Node`): a kind, its arguments and a
location. The checker walks them for diagnostics; the interpreter compiles them once into
closures.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..errors import Location


@dataclass(frozen=True, eq=False)
class Node:
    kind: str
    args: tuple
    loc: Location

    def children(self) -> Iterator[Node]:
        for a in self.args:
            if isinstance(a, Node):
                yield a
            elif isinstance(a, tuple):
                for b in a:
                    if isinstance(b, Node):
                        yield b
                    elif isinstance(b, tuple):
                        yield from (c for c in b if isinstance(c, Node))


# The keys of a state's JSON beside its zones (conformance/schemas/state.schema.json), and of a
# player's object beside that player's zones: no zone may bear one of these names.
STATE_KEYS = ("players", "starting_player", "active", "phase", "modules", "options", "vars", "shuffles", "over",
              "winners", "board", "spaces")
PLAYER_KEYS = ("name", "vars")


def first_citation(cites: tuple[str, ...]) -> str:
    """The rule id a refusal names: the first citation (a placeholder if there is none)."""
    return cites[0] if cites else "bohnspec/uncited"


@dataclass(frozen=True)
class Decl:
    name: str
    module: str
    cites: tuple[str, ...]
    loc: Location

    @property
    def rule_id(self) -> str:
        return first_citation(self.cites)


@dataclass(frozen=True)
class Variety(Decl):
    title: str = ""
    aka: tuple[str, ...] = ()  # other names on other editions' cards or in other languages
    count: int = 0
    meter: tuple[int | None, ...] | None = None  # None: a special Beanometer
    in_play: Node | None = None


@dataclass(frozen=True)
class Option(Decl):
    values: tuple[str, ...] = ()
    default: str = ""


@dataclass(frozen=True)
class Zone(Decl):
    kind: str = "row"  # pile, deck (a pile a new game is given shuffled), row or fields
    per_player: bool = False
    cards: str = "beans"  # which cards lie there: beans or vines
    rest: bool = False  # `default rest`: left out of a state, it holds the cards in play lying nowhere else


@dataclass(frozen=True)
class Var(Decl):
    type: str = "int"
    per_player: bool = False
    default: Node | None = None
    per_space: bool = False
    internal: bool = False  # the reference's bookkeeping, not what the table sees (PROTOCOL.md)
    words: str = ""  # what a table calls it, said before its value ("figure on vine card" 2)
    # The events that set it back to its first value, each with the key naming the one player's
    # or space's value that goes back ("" for everyone's): `reset on turn, moved(player)`.
    resets: tuple[tuple[str, str], ...] = ()
    reset_places: tuple[Location | None, ...] = ()  # where each of `resets` is written


@dataclass(frozen=True)
class Invariant(Decl):
    """A condition every state meets (for each player `var`, if given); `field` is the path of
    the state field a refusal points at (`vars.waiting`)."""
    var: str | None = None
    condition: Node | None = None
    reason: str = ""
    field: str = ""


@dataclass(frozen=True)
class Category(Decl):
    """A category of cards other than beans, with its attributes' default values."""
    attrs: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class CategoryExtension(Decl):
    """`extend category NAME with ATTR N, ...`: attributes another module's category gains,
    with their defaults (its name is the category's)."""
    attrs: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class VarietyExtension(Decl):
    """`extend variety NAME in play when COND`: another module's bean variety, in play only
    where this condition holds too (its name is the variety's)."""
    in_play: Node | None = None


@dataclass(frozen=True)
class Card(Decl):
    """A kind of card of a category: how many the box holds and its own attribute values."""
    title: str = ""
    aka: tuple[str, ...] = ()  # other names players give it (another book's, another language's)
    category: str = ""
    count: int = 0
    attrs: tuple[tuple[str, int], ...] = ()
    in_play: Node | None = None


@dataclass(frozen=True)
class Board(Decl):
    """A board: rows of cells (offset or grid geometry) or spaces and edges (graph). A cell is
    a card kind, "*" (dealt at setup) or "-" (no space)."""
    title: str = ""
    geometry: str = "offset"
    players: int | None = None  # the player count it is laid for (None: any)
    when: Node | None = None
    rows: tuple[tuple[int, tuple[str, ...]], ...] = ()
    spaces: tuple[tuple[str, str], ...] = ()
    edges: tuple[tuple[str, str], ...] = ()
    # where each row, space and edge is written, in their order (check's errors point there)
    part_locs: tuple[tuple[str, int, Location], ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class Define(Decl):
    params: tuple[str, ...] | None = None  # None: a constant, called without parentheses
    body: Node | None = None


@dataclass(frozen=True)
class Phase(Decl):
    title: str = ""
    aka: tuple[str, ...] = ()  # other names players give it (`pause` for the intermediate phase)
    on_enter: tuple[Node, ...] = ()


@dataclass(frozen=True)
class Turn(Decl):
    phases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Players(Decl):
    """How many may play the game: from `least` to `most` players (named by that span)."""
    least: int = 1
    most: int = 1

    @staticmethod
    def span(least: int, most: int) -> str:
        return str(least) if least == most else f"{least} to {most}"


# A value a refusal's reason names (`"a third bean field costs {third_field_price} coins"`): a
# definition without parameters or a variable of the game, read in the state refused, so that a
# module replacing the number is told its own (the checker refuses any other name).
# `{third_field_price}` in a reason, or a definition called with the clause's own names,
# `{attack_price(p, target)}`: the name, and the names given to it (None: none).
REASON_FIELD = re.compile(r"\{([a-z_][a-z0-9_]*)(?:\(([a-z_][a-z0-9_]*(?:, *[a-z_][a-z0-9_]*)*)\))?\}")


@dataclass(frozen=True)
class Clause:
    """A `when` (timing) or `require` (resolution) condition of an action, or a `grant`: the
    paragraphs that allow the action where its condition holds (it refuses nothing)."""

    kind: str  # "when", "require" or "grant"
    condition: Node
    reason: str
    cites: tuple[str, ...]
    loc: Location

    @property
    def rule_id(self) -> str:
        return first_citation(self.cites)


@dataclass(frozen=True)
class Param:
    type: str
    name: str


@dataclass(frozen=True)
class Action(Decl):
    actor: str = "p"
    title: str = ""
    aka: tuple[str, ...] = ()  # other verbs players use for it (`claim` for `fulfil`)
    params: tuple[Param, ...] = ()
    clauses: tuple[Clause, ...] = ()
    effect: tuple[Node, ...] = ()


@dataclass(frozen=True)
class Drop:
    """`drop [when|require|grant] PARAGRAPH, ... cites ...` in an `extend action`: the action's
    clauses of that kind (`kind` None: of every kind) citing every one of `paragraphs`, among
    those of the modules the extending module requires, are not part of the games that load it."""

    kind: str | None
    paragraphs: tuple[str, ...]
    cites: tuple[str, ...]
    loc: Location

    def takes(self, clause: Clause) -> bool:
        return (self.kind is None or clause.kind == self.kind) and all(p in clause.cites for p in self.paragraphs)


@dataclass(frozen=True)
class Extend(Decl):
    clauses: tuple[Clause, ...] = ()
    drops: tuple[Drop, ...] = ()


@dataclass(frozen=True)
class Forbid(Decl):
    """Actions refused while `condition` holds. `actions` None: all; `but`: all except these.
    `label`: its name, for `extend forbid LABEL but ...`; `exempt`: the actions those lift it
    from (filled in when the spec is built)."""

    actions: tuple[str, ...] | None = None
    but: tuple[str, ...] = ()
    condition: Node | None = None
    reason: str = ""
    label: str = ""
    exempt: tuple[str, ...] = ()

    def covers(self, action: str) -> bool:
        if action in self.exempt:
            return False
        if self.actions is None:
            return action not in self.but
        return action in self.actions


@dataclass(frozen=True)
class Exempt(Decl):
    """`extend forbid NAME but a, b`: the forbid labelled NAME does not refuse these actions."""

    actions: tuple[str, ...] = ()


@dataclass(frozen=True)
class Procedure(Decl):
    params: tuple[str, ...] = ()
    body: tuple[Node, ...] = ()


@dataclass(frozen=True)
class Handler(Decl):
    params: tuple[str, ...] = ()
    body: tuple[Node, ...] = ()
    resets: str = ""  # the variable whose `reset on` this handler is (spec.py writes it), if any

    @property
    def heading(self) -> str:
        """The handler as the rules write it: `on turn`, or `var n reset on turn` for a reset."""
        return f"var {self.resets} reset on {self.name}" if self.resets else f"on {self.name}"


@dataclass(frozen=True)
class EndRule(Decl):
    condition: Node | None = None


@dataclass(frozen=True)
class Winners(Decl):
    var: str = "p"
    keys: tuple[Node, ...] = ()


@dataclass(frozen=True)
class Setup(Decl):
    body: tuple[Node, ...] = ()


@dataclass(frozen=True)
class VineEvent:
    event: str
    keys: tuple[str, ...]
    condition: Node


@dataclass(frozen=True)
class Vine(Decl):
    """A vine card: its text and the conditions of its task (all optional)."""

    text: str = ""
    holder: str = "holder"
    met: tuple[Node, ...] = ()
    claim: tuple[Node, ...] = ()
    events: tuple[VineEvent, ...] = ()
    in_play: Node | None = None  # the options under which it is in the vine deck (None: always)


@dataclass(frozen=True)
class Ruling(Decl):
    question: str = ""
    decision: str = ""
    reason: str = ""

    @property
    def id(self) -> str:
        return f"ruling/{self.name}"


@dataclass(frozen=True)
class Module(Decl):
    requires: tuple[str, ...] = ()
    covers: tuple[str, ...] = ()  # rulebook sections (`bohnroeschen/two-player`) of this module alone


@dataclass
class RulesFile:
    """The declarations of one parsed file, in order."""

    path: str
    decls: list[Decl] = field(default_factory=list)
    # Where each cited id stands in the file, (line, column) in order: a citation is a plain
    # text in the model, and check tells an unknown one where it is written.
    cite_places: dict[str, list[tuple[int, int]]] = field(default_factory=dict)


# Declarations named as the language writes them (`extend category landscape`), not as the
# model's classes are called.
_KEYWORDS = {"categoryextension": "extend category", "varietyextension": "extend variety", "extend": "extend action",
             "exempt": "extend forbid"}


def keyword(decl: Decl) -> str:
    """The word (or words) a declaration opens with in a rules file: `extend variety` for a
    VarietyExtension, `define` for a Define."""
    kind = type(decl).__name__.lower()
    return _KEYWORDS.get(kind, kind)
