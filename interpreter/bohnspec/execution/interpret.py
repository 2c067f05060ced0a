"""Compile the rules model into closures once, then run actions over an explicit state.

Evaluation order, published in docs/LANGUAGE.md and fixed for every action:
1. the action is decoded against its declaration (a malformed action is an ActionError);
2. `forbid` declarations, in file order; then the action's `when` clauses, then its
   `require` clauses (those added by `extend` before the action's own); the first that fails
   rejects the action with its first citation as the rule id, and the state is untouched;
3. the effect runs on a copy of the state; `emit` runs the handlers of the event at once;
   then the `after_action` handlers run;
4. `end when` conditions, in file order; the first that holds ends the game: `over` is set,
   the `game_end` handlers run, the `winners` rule decides, and `game_over` is emitted.

Each event is recorded with the declaration that emitted it (the action, a procedure, a
handler, a phase, a vine card, an end rule or the winners rule): `Outcome.sources`, a list
parallel to `Outcome.events`, kept out of the events themselves (which engines and scenarios
compare). While a declaration runs it is on `Env.frames`; `Engine._enter` and `Engine._leave`
put it there and take it off.
"""

from __future__ import annotations

import functools
import json
import os
import re
from dataclasses import dataclass, field
from collections.abc import Callable, Iterable, Mapping, Sequence
from os import PathLike
from typing import Any, NoReturn

from . import builtins as B
from ..language.board import BoardError, Layout, from_decl, from_json, reach
from .builtins import FieldRef
from ..errors import (ActionError, BohnspecError, EvaluationLimitError, Location, MissingAttributeError,
                      SetupError, SpecRuntimeError, suggest)
from ..language.model import REASON_FIELD, Card, Decl, Handler, Node, Variety, Vine, first_citation
from ..language.names import Resolver
from ..language.spec import Spec
from .state import NoSuchPlayer, Player, State

# Statements and loop rounds one action may run: generous for any game, finite for any spec.
STEP_BUDGET = 200_000
# The collections a quantifier counts the items of, one step each (Env.burn_items).
SIZED = frozenset({list, tuple, dict, str, set, frozenset})
# What one statement may make, whatever the budget of steps: a product beyond 2^63 in size, or
# a list of more items (lists added up doubling), is an error of the rules, not a machine's
# memory spent (a game's numbers and lists are small).
MAX_NUMBER = 2 ** 63
MAX_LIST = 100_000


def number_too_big(value: int, loc: Location | None) -> NoReturn:
    raise SpecRuntimeError(loc, f"a number of {value.bit_length()} bits: the rules compute with numbers below "
                                f"2^63 in size")


def list_too_long(size: int, loc: Location | None) -> NoReturn:
    raise SpecRuntimeError(loc, f"a list of {size} items: the rules make lists of at most {MAX_LIST}")


def unwalked(items: Any, loc: Location | None) -> int:
    """The steps a quantifier over a collection of no known size costs up front (none: each
    item is a step of the body's), or its error when `items` is no collection at all (`count x
    in 5`): the rules' mistake, told at the quantifier."""
    if items.__class__ is range:
        return len(items)
    try:
        iter(items)
    except TypeError:
        raise SpecRuntimeError(loc, f"a quantifier walks a list (players, spaces, a zone's cards), not "
                                    f"{_shown(items)}") from None
    return 0


# The errors of Python a rules file that passed `bohnspec check` can still cause, by applying an
# operation to a value it does not fit (`x in 5`, a player's zone of a number): the rules' mistake,
# told at the declaration that was running (unfit_error), never the host's crash.
UNFIT = (TypeError, KeyError, AttributeError, ValueError, IndexError, ZeroDivisionError)
# (one tuple: Cython, the optional accelerator, compiles no starred `except (A, *B)`)
_REFUSED_OR_UNFIT = (BohnspecError,) + UNFIT


def mark_unfit(exc: BaseException, decl: object) -> None:
    """Note on an error of Python the innermost declaration it left (the first to note it)."""
    if isinstance(exc, UNFIT) and not isinstance(exc, BohnspecError) and not hasattr(exc, "bohnspec_decl"):
        try:
            setattr(exc, "bohnspec_decl", decl)  # noqa: B010 - a note on an exception of Python's
        except AttributeError:
            pass


def _reached_from(exc: SpecRuntimeError, decl: object) -> None:
    """An error met in the books' rules while a designer's action ran (calling a procedure of
    spec/ with a value it does not fit) says which action: round 83's designers were shown the
    spec's line alone. Both engines note it as the action leaves, so they tell it alike."""
    at = getattr(decl, "loc", None)
    if exc.location is None or at is None or getattr(exc, "bohnspec_reached", False):
        return
    from ..language.spec import book_files
    books = book_files()
    if exc.location.file in books and at.file not in books:
        exc.bohnspec_reached = True  # type: ignore[attr-defined]
        exc.message += (f" (reached from {type(decl).__name__.lower()} {getattr(decl, 'name', '?')} at "
                        f"{at.file}:{at.line}:{at.column})")
        exc.args = (exc._text(),)


def unfit_error(exc: BaseException, outer: object = None) -> BohnspecError:
    """A SpecRuntimeError for an error of Python the rules caused, located at the innermost
    declaration it left (else `outer`, the action or setup that ran). bohnspec's own errors
    (a ValueError too) are left as they are."""
    if isinstance(exc, BohnspecError):
        if isinstance(exc, SpecRuntimeError):
            _reached_from(exc, outer)
        return exc
    decl = getattr(exc, "bohnspec_decl", None) or outer
    loc = getattr(decl, "loc", None)
    if isinstance(exc, NoSuchPlayer):
        return SpecRuntimeError(loc, f"the rules read a player's zone or variable off a value that is no player: "
                                     f"{exc}; `bohnspec check` cannot see every such mistake (a value's kind may "
                                     "depend on the game)")
    return SpecRuntimeError(loc, f"the rules apply an operation to a value it does not fit "
                                 f"({type(exc).__name__}: {exc}); `bohnspec check` cannot see every such "
                                 "mistake (a value's kind may depend on the game)")


def not_a_space(value: Any) -> str:
    """Why a value read as a space is none, in the rules' words, never a Python repr (round
    83's designer was shown `FieldRef(player='Nina', number=1)`)."""
    if value.__class__ is str:
        return f"{value!r} is not a space of the board"
    number, player = getattr(value, "number", None), getattr(value, "player", None)
    if isinstance(number, int) and isinstance(player, str):
        return f"field {number} of {player} is a field, not a space of the board"
    return f"{_shown(value)} is not a space of the board"


def _unparsed(node: Any) -> str:
    from ..language.unparse import unparse
    return unparse(node)


def _shown(value: Any) -> str:
    from ..language.unparse import show
    return show(value)


def seated(state: State, value: Any, name: str, loc: Location | None) -> str:
    """`value`, set as `active` or `starting_player`, when it is a player at the table; else
    the rules' error there (a later action would meet a table without that player)."""
    if value.__class__ is str and value in state.names():
        return value
    raise SpecRuntimeError(loc, f"{name} names a player at the table ({', '.join(state.names())}), "
                                f"not {_shown(value)}")


def card_attr_miss(state: State, obj: object, attr: str, loc: Location | None, said: str = "s",
                   lacking: Mapping[str, str] | None = None) -> None:
    """A card attribute read off what has none: nothing, but a space of the board is told (a
    designer's `t.floor` for `kind(t).floor` compared nothing with a number; round 69), with
    the expression read as written (`said`; round 83's was told of an `s` it had not); and so
    is a card whose category declares no such attribute (`lacking`: card -> its category), a
    designer's own landscape of a category of his own (round 93's was refused as a river held)."""
    if isinstance(obj, str) and state.board is not None and obj in state.board.ids:
        raise SpecRuntimeError(loc, f"{obj!r} is a space of the board, not a card: the {attr} of the card lying "
                                    f"there is read `kind({said}).{attr}`")
    if lacking and isinstance(obj, str) and obj in lacking:
        raise MissingAttributeError(loc, f"the rules read `{said}.{attr}`, but card {obj!r} has no {attr}: neither the "
                                    f"card nor its category {lacking[obj]!r} declares one (give it: `category "
                                    f"{lacking[obj]} with ..., {attr} 0`, or make the card one of a category that "
                                    "has it)")
    return None


def repeat_fail(n: object, loc: Location | None) -> NoReturn:
    # (a count below none is a rule gone wrong, never a loop run no times: a price of `0 - 1`
    # made attacks free without a word; round 69's designer)
    if isinstance(n, int) and not isinstance(n, bool):
        raise SpecRuntimeError(loc, f"repeat needs a count of none or more, got {n}")
    raise SpecRuntimeError(loc, f"repeat needs a number, got {n!r}")


def too_deep(what: str, frames: list) -> str:
    """The message of calls nested too deeply, with what runs round in circles: the
    declarations on the frames more than once, each with its place (a designer's `on phase {
    goto ... }` was told at whichever handler of `phase` went too deep, the base game's, say;
    his own is named). Handlers circling are said to be handlers, whatever call went too deep
    (round 91's designer's two handlers emitting each other's event were "definitions")."""
    seen: dict[int, list] = {}
    for decl in frames:
        entry = seen.setdefault(id(decl), [decl, 0])
        entry[1] += 1
    circling = [decl for decl, n in seen.values() if n > 1 and getattr(decl, "loc", None) is not None]
    parts = [f"{type(decl).__name__.lower()} {getattr(decl, 'name', '?')} at {decl.loc}" for decl in circling]
    if circling and all(isinstance(d, Handler) for d in circling):
        return f"event handlers nest too deeply, each emitting an event one of them answers; running round: " \
               f"{', '.join(parts)}"
    return f"{what} nest too deeply" + (f"; running round: {', '.join(parts)}" if parts else "")


MAX_CALL_DEPTH = 64


@dataclass
class Rejection:
    rule: str
    reason: str
    where: Location | None = None  # where the refusing clause is (formatted only when shown)
    reads: frozenset = frozenset()  # the action parameters the refusing condition looked at

    @property
    def clause(self) -> str:
        return str(self.where) if self.where is not None else ""

    def to_json(self) -> dict:
        return {"rule": self.rule, "reason": self.reason}

    def __str__(self) -> str:
        return f"rejected [{self.rule}]: {self.reason}"


def refusal(env: Env, rule: str, reason: str, where: Location | None, reads: frozenset = frozenset()) -> Rejection:
    """A Rejection with the values its reason names filled in from the state refused."""
    if "{" in reason:
        reason = env.engine.reason_in(reason, env.state, env.locals)
    return Rejection(rule, reason, where, reads)


@dataclass
class _Shortcuts:
    """What random play's shortcuts (Engine.enabled, Engine.choices) need of one action: its
    conditions split at top-level `and`s into parts, sorted by what each part reads."""
    forbids: list = field(default_factory=list)  # the forbids that cover the action
    free_timing: list = field(default_factory=list)  # `when` parts that do not mention the actor
    bound_timing: list = field(default_factory=list)  # `when` parts that do
    param_free: list = field(default_factory=list)  # (clause, part) of `require`s reading no parameter
    unary: dict = field(default_factory=dict)  # parameter -> `require` parts reading it alone
    separable: bool = True  # no `require` part reads two parameters or more


@dataclass
class Choices:
    """What Engine.choices found: narrowed values per parameter, and whether all are legal."""
    values: dict[str, list]
    exact: bool
    refused: Rejection | None = None


@dataclass(slots=True)  # one made per action: slots make that cheaper
class Outcome:
    state: State
    events: list[dict] = field(default_factory=list)
    rejection: Rejection | None = None
    # For each event, the declarations running when it was emitted, outermost first (the
    # action, then the procedures, handlers, phases or end rules it set off); the last one
    # emitted it. Not part of the events' JSON form.
    sources: list[tuple] = field(default_factory=list)

    @property
    def accepted(self) -> bool:
        return self.rejection is None


def setup_refusal(reason: str, cites: Sequence[str], parts: str = "") -> tuple[str, str]:
    """The rule and the message of a setup's `require` that fails: its first citation, and its
    reason with what the condition's `parts` came to and every citation (both engines raise
    SetupError with these, made by Engine.setup_refused)."""
    said = f"{reason}: {parts}" if parts else reason
    return first_citation(tuple(cites)), f"{said} (see {', '.join(cites) or 'the setup'})"


class Env:
    __slots__ = ("engine", "state", "locals", "events", "fuel", "depth", "frames", "sources", "shuffler")

    def __init__(self, engine: Engine, state: State, local: dict | None = None,
                 shuffler: Shuffler | None = None):
        self.engine = engine
        # How a reshuffle orders the cards when the state gives no result: random play's own
        # randomness, passed with each action (the engine is shared, and holds none).
        self.shuffler = shuffler
        self.state = state
        self.locals = local if local is not None else {}
        self.events: list[dict] = []
        self.fuel = STEP_BUDGET
        self.depth = 0
        # The declarations running now, outermost first; and for each recorded event, the
        # frames when it was emitted (see Outcome.sources).
        self.frames: list = []
        self.sources: list[tuple] = []

    def burn(self, loc: Location | None) -> None:
        self.fuel -= 1
        if self.fuel < 0:
            raise EvaluationLimitError(loc, f"evaluation took more than {STEP_BUDGET} steps")

    def burn_items(self, items: Any, loc: Location | None) -> None:
        """A quantifier's rounds: one step for each item of its collection, spent as it starts
        (one subtraction, whether or not an `any` stops early), so nested quantifiers over long
        lists are bounded as loops are."""
        self.fuel -= len(items) if items.__class__ in SIZED else unwalked(items, loc)
        if self.fuel < 0:
            raise EvaluationLimitError(loc, f"evaluation took more than {STEP_BUDGET} steps")


Expr = Callable[[Env], Any]
Stmt = Callable[[Env], None]
# Random play's reshuffle: the cards of a pile -> the same cards in a new order.
Shuffler = Callable[[list[str]], list[str]]


class _Locals:
    """`with _Locals(env, values, decl, call):` the locals the code inside sees (a definition's
    or procedure's arguments, a handler's payload, a quantifier's own copy of the enclosing
    ones), with `decl` on the frames and, for a call (`call`: its location and what is
    called), one level deeper; however the block is left, the caller's locals, frames and
    depth are back. The reference saves and restores locals only here."""

    __slots__ = ("env", "values", "decl", "call", "saved")

    def __init__(self, env: Env, values: dict, decl: Decl | None = None,
                 call: tuple[Location | None, str] | None = None):
        self.env = env
        self.values = values
        self.decl = decl
        self.call = call

    def __enter__(self) -> dict:
        env = self.env
        self.saved = env.locals
        env.locals = self.values
        if self.call is not None:
            env.depth += 1
            if env.depth > MAX_CALL_DEPTH:
                env.depth -= 1
                env.locals = self.saved
                loc, what = self.call
                raise EvaluationLimitError(loc, too_deep(what, env.frames))
        if self.decl is not None:
            env.engine._enter(env, self.decl)  # judge watches these moments (tools/judge.py)
        return self.values

    def __exit__(self, kind: object, exc: BaseException | None, tb: object) -> None:
        env = self.env
        env.locals = self.saved
        if self.call is not None:
            env.depth -= 1
        if self.decl is not None:
            if exc is not None:
                mark_unfit(exc, self.decl)
            env.engine._leave(env)


def _names_in(node: Node) -> set[str]:
    """Every plain name a condition mentions (to know which parameters it reads)."""
    out: set[str] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if n.kind == "name":
            out.add(n.args[0])
        stack.extend(n.children())
    return out


def conjuncts(node: Node) -> list[Node]:
    """The parts of a condition that must all hold: the operands of a top-level `and`."""
    if node.kind == "and":
        return [part for a in node.args[0] for part in conjuncts(a)]
    return [node]


def _junction(parts: list, either: bool) -> Expr:
    """`or` (either) or `and` of compiled parts. Two parts are the common case: unrolled,
    they spare a generator per evaluation, which counts in random play's many checks."""
    if len(parts) == 2:
        a, b = parts
        if either:
            return lambda env: bool(a(env) or b(env))
        return lambda env: bool(a(env) and b(env))
    if either:
        return lambda env: any(p(env) for p in parts)
    return lambda env: all(p(env) for p in parts)


def _part(node: Node | None, decl: Decl) -> Node:
    """A declaration's expression (a definition's body, a condition, a default): the compiler
    always gives one; the model's None is only its dataclass default."""
    if node is None:
        raise SpecRuntimeError(decl.loc, f"{decl.name} has no expression to evaluate")
    return node


# A variable's default to work out for each new table (it is not a constant kept once).
_ASK = object()
_CONSTANT = frozenset({int, str, bool, float, type(None)})


def serialise(value: Any) -> Any:
    """A value as the state and the events hold it: a field as its number, lists as lists."""
    if isinstance(value, FieldRef):
        return value.number
    if isinstance(value, (list, tuple)):
        return [serialise(v) for v in value]
    return value


class Engine:
    """The reference interpreter for one loaded Spec."""

    def __init__(self, spec: Spec):
        self.spec = spec
        self.names = Resolver(spec)
        self.fields_zone = next((z.name for z in spec.zones.values() if z.kind == "fields"), "fields")
        # A call is compiled before the body it calls may be (recursion, file order): it looks
        # the body up here when it runs.
        self._defines: dict[str, tuple[tuple[str, ...], Expr]] = {}
        self._procedures: dict[str, tuple[tuple[str, ...], list[Stmt]]] = {}
        self._compiled_actions: dict[str, Any] = {}
        self._reads: dict[str, list[frozenset]] = {}
        for name, d in spec.defines.items():
            self._defines[name] = (d.params or (), self.expr(_part(d.body, d), frozenset(d.params or ())))
        for name, p in spec.procedures.items():
            self._procedures[name] = (p.params, [])
        for name, p in spec.procedures.items():
            self._procedures[name][1].extend(self.block(p.body, frozenset(p.params)))
        self._phase_enter = {n: self.block(p.on_enter, frozenset()) for n, p in spec.phases.items()}
        self._handlers = {
            n: [(h, self.block(h.body, frozenset(h.params))) for h in hs] for n, hs in spec.handlers.items()
        }
        self._setups = [self.block(s.body, frozenset()) for s in spec.setups]
        self._ends = [(e, self.expr(_part(e.condition, e), frozenset())) for e in spec.end_rules]
        self._forbids = [(f, self.expr(_part(f.condition, f), frozenset())) for f in spec.forbids]
        w = spec.winners
        self._winner_keys = [self.expr(k, frozenset([w.var])) for k in w.keys] if w else []
        self._var_defaults = {n: self.expr(_part(v.default, v), frozenset()) for n, v in spec.vars.items()}
        # What a blank table holds: the zone names, and each variable's default, worked out
        # here when it is a constant that cannot be shared by mistake (no list), else _ASK.
        self._blank = (tuple(z.name for z in spec.zones.values() if z.per_player),
                       tuple(z.name for z in spec.zones.values() if not z.per_player),
                       tuple((n, v, v.default.args[0] if v.default is not None and v.default.kind == "const"
                              and v.default.args[0].__class__ in _CONSTANT else _ASK)
                             for n, v in spec.vars.items()))
        self._vine_met = {n: [self.expr(c, frozenset([v.holder])) for c in v.met] for n, v in spec.vines.items()}
        self._vine_claim = {n: [self.expr(c, frozenset([v.holder])) for c in v.claim] for n, v in spec.vines.items()}
        self._vine_events: dict[str, list] = {}
        for n, v in spec.vines.items():
            for ev in v.events:
                cond = self.expr(ev.condition, frozenset([v.holder, *ev.keys]))
                self._vine_events.setdefault(ev.event, []).append((n, v.holder, cond))
        kinds: list[tuple[str, Variety | Card | Vine]] = [*spec.varieties.items(), *spec.cards.items(),
                                                          *spec.vines.items()]
        self._in_play = {n: self.expr(v.in_play, frozenset()) for n, v in kinds if v.in_play is not None}
        self._varieties_by_options: dict[tuple, tuple[str, ...]] = {}
        self._layouts: dict[str, Layout] = {}
        self._inline_layouts: dict[str, Layout] = {}  # maps given inline, by their JSON
        for name, b in spec.boards.items():
            try:
                self._layouts[name] = from_decl(b)
            except BoardError as exc:
                raise SpecRuntimeError(b.loc, str(exc)) from None
        self._board_when = {n: self.expr(b.when, frozenset()) for n, b in spec.boards.items() if b.when is not None}
        self.invariants = [(inv, self.expr(_part(inv.condition, inv), frozenset([inv.var]) if inv.var else frozenset()))
                           for inv in spec.invariants]
        # Per action: its forbids; for each clause the parameters it reads (a refusal by a
        # clause that read none refuses every choice of parameters; random play stops there);
        # its clauses as (clause, condition, reads): all of them (for check), its `when`
        # clauses alone (for timing), its `require` clauses alone (for check_after_timing);
        # and the shortcuts of random play.
        self._action_forbids: dict[str, list] = {}
        self._clauses: dict[str, list] = {}
        self._whens: dict[str, list] = {}
        self._requires: dict[str, list] = {}
        self._shortcuts: dict[str, _Shortcuts] = {}
        self._keys = {n: {"type", "player", *(p.name for p in a.params)} for n, a in spec.actions.items()}
        for name, a in spec.actions.items():
            scope = frozenset([a.actor, *(p.name for p in a.params)])
            clauses = [(c, self.expr(c.condition, scope)) for c in spec.clauses_of(name)]
            params = {p.name for p in a.params}
            self._reads[name] = [frozenset(_names_in(c.condition) & params) for c, _ in clauses]
            self._compiled_actions[name] = (a, clauses, self.block(a.effect, scope))
            self._action_forbids[name] = [(f, cond) for f, cond in self._forbids if f.covers(name)]
            tests = [(c, cond, reads) for (c, cond), reads in zip(clauses, self._reads[name])]
            self._clauses[name] = tests
            self._whens[name] = [t for t in tests if t[0].kind == "when"]
            self._requires[name] = [t for t in tests if t[0].kind == "require"]
            self._shortcuts[name] = self._shortcuts_of(a, scope, [c for c, _ in clauses])

    def _shortcuts_of(self, a, scope: frozenset, clauses) -> _Shortcuts:
        """Split the action's conditions at top-level `and`s into parts, sorted by what they
        read: the actor or not (timing), no parameter, one, or several (requirements)."""
        params = {p.name for p in a.params}
        cut = _Shortcuts(forbids=[cond for _, cond in self._action_forbids[a.name]],
                         unary={p.name: [] for p in a.params})
        for c in clauses:
            for part in conjuncts(c.condition):
                if c.kind == "when":
                    # `phase == plant_hand and p == active`: the phase once, the actor per player.
                    (cut.bound_timing if a.actor in _names_in(part) else cut.free_timing).append(
                        self.expr(part, scope))
                    continue
                read = _names_in(part) & params
                if len(read) == 1:
                    cut.unary[next(iter(read))].append(self.expr(part, scope))
                elif not read:
                    cut.param_free.append((c, self.expr(part, scope)))
                else:
                    cut.separable = False
        return cut

    # ------------------------------------------------------------ expressions
    def expr(self, node: Node, scope: frozenset) -> Expr:
        return getattr(self, "_e_" + node.kind)(node, scope)

    def all_of(self, parts: Sequence[Node], scope: frozenset) -> Callable[[Env], bool | None]:
        """Conditions as one: env -> True when all hold, False at the first that does not, None
        when none fails but some could not be evaluated out of their published place."""
        tests = [self.expr(part, scope) for part in parts]

        def run(env: Env) -> bool | None:
            sure = True
            for test in tests:
                try:
                    if not test(env):
                        return False
                except SpecRuntimeError:
                    sure = False
            return True if sure else None
        return run

    def filter(self, node: Node, scope: frozenset, var: str) -> Callable[[Env, Iterable], list]:
        """A condition as a filter: (env, values) -> the values for which it holds with `var`
        bound to each (env.locals holds nothing else), in their order."""
        test = self.expr(node, scope)

        def run(env: Env, values: Iterable) -> list:
            found = []
            for x in values:
                env.locals = {var: x}
                if test(env):
                    found.append(x)
            env.locals = {}
            return found
        return run

    def _fail(self, node: Node, message: str) -> NoReturn:
        raise SpecRuntimeError(node.loc, message)

    def _e_const(self, node, scope):
        value = node.args[0]
        return lambda env: value

    def _e_list(self, node, scope):
        items = [self.expr(a, scope) for a in node.args[0]]
        return lambda env: [f(env) for f in items]

    def _e_name(self, node, scope):
        meaning = self.names.name(node.args[0], scope)
        kind, name = meaning.kind, meaning.name
        if kind == "local":
            return lambda env: env.locals[name]
        if kind == "players":
            return lambda env: env.state.names()
        if kind == "spaces":
            return lambda env: list(env.state.board.ids) if env.state.board is not None else []
        if kind == "varieties":
            return lambda env: env.engine.varieties_in_play(env.state.options)
        if kind == "state":
            return lambda env: getattr(env.state, name)
        if kind == "var":
            return lambda env: env.state.vars.get(name)
        if kind == "define":
            return lambda env: self._call_define(env, name, (), node)
        if kind == "option":
            default = meaning.default
            return lambda env: env.state.options.get(name, default)
        if kind == "zone":
            return lambda env: env.state.zones[name]
        if kind == "constant":
            return lambda env: name
        self._fail(node, meaning.message)

    def _e_attr(self, node, scope):
        obj = self.expr(node.args[0], scope)
        meaning = self.names.attribute(node.args[1])
        kind, attr = meaning.kind, meaning.name
        if kind == "fields":
            return lambda env: [
                FieldRef(p, i + 1) for p in (obj(env),)
                for i in range(len(env.state.player(p).zones[attr]))
            ]
        if kind == "zone":
            return lambda env: env.state.player(obj(env)).zones[attr]
        if kind == "player_var":
            return lambda env: env.state.player(obj(env)).vars.get(attr)
        if kind == "space_var":
            loc = node.loc

            def space_var(env):
                values = env.state.space_vars.get(obj(env))
                if values is None:
                    raise SpecRuntimeError(loc, not_a_space(obj(env)))
                return values.get(attr)
            return space_var
        if kind == "card":
            table = self._attributes(attr)
            lacking = self.spec.cards_lacking(attr)
            loc = node.loc
            said = _unparsed(node.args[0])

            def card_attr(env):
                o = obj(env)
                v = table.get(o)
                return v if v is not None else card_attr_miss(env.state, o, attr, loc, said, lacking)
            return card_attr
        if kind == "self":
            return obj
        self._fail(node, meaning.message)

    def _attributes(self, attr: str) -> dict:
        """Every card kind's value of an attribute (read once: attributes are data)."""
        spec = self.spec
        return {k: spec.card_attribute(k, attr) for k in (*spec.varieties, *spec.cards)}

    def _e_call(self, node, scope):
        name, args = node.args
        fargs = [self.expr(a, scope) for a in args]
        if name in self.spec.defines:
            return lambda env: self._call_define(env, name, [f(env) for f in fargs], node)
        entry = B.TABLE.get(name)
        if entry is None:
            self._fail(node, f"unknown function {name!r}")
        fn = entry[2]
        loc = node.loc

        def located(exc):
            if exc.location is None:
                return SpecRuntimeError(loc, str(exc))
            return exc

        # One closure per arity: no argument list is built for the common calls.
        if len(fargs) == 1:
            (f1,) = fargs

            def call1(env):
                try:
                    return fn(env, f1(env))
                except SpecRuntimeError as exc:
                    raise located(exc) from None
            return call1
        if len(fargs) == 2:
            f1, f2 = fargs

            def call2(env):
                try:
                    return fn(env, f1(env), f2(env))
                except SpecRuntimeError as exc:
                    raise located(exc) from None
            return call2

        def call(env):
            try:
                return fn(env, *[f(env) for f in fargs])
            except SpecRuntimeError as exc:
                raise located(exc) from None
        return call

    def _call_define(self, env: Env, name: str, values: Iterable, node: Node | None) -> Any:
        params, body = self._defines[name]
        env.burn(node.loc if node is not None else None)  # shared definitions read twice each: bounded
        with _Locals(env, dict(zip(params, values)), call=(node.loc if node is not None else None, "definitions")):
            return body(env)

    def _e_or(self, node, scope):
        return _junction([self.expr(a, scope) for a in node.args[0]], either=True)

    def _e_and(self, node, scope):
        return _junction([self.expr(a, scope) for a in node.args[0]], either=False)

    def _e_not(self, node, scope):
        inner = self.expr(node.args[0], scope)
        return lambda env: not inner(env)

    def _constant(self, node, scope):
        """(True, value) for a literal or a name that always means itself (a phase, variety,
        vine card or option value); (False, None) for anything read from the state."""
        if node.kind == "const":
            return True, node.args[0]
        if node.kind == "name" and self.names.name(node.args[0], scope).fixed:
            return True, node.args[0]
        return False, None

    def _e_compare(self, node, scope):
        left, op, right = self.expr(node.args[0], scope), node.args[1], self.expr(node.args[2], scope)
        fixed, value = self._constant(node.args[2], scope)
        if fixed and op == "==":
            return lambda env: left(env) == value
        if fixed and op == "!=":
            return lambda env: left(env) != value
        if op == "==":
            return lambda env: left(env) == right(env)
        if op == "!=":
            return lambda env: left(env) != right(env)
        ops = {"<": lambda a, b: a < b, "<=": lambda a, b: a <= b,
               ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}[op]
        loc = node.loc

        def ordered(env):
            a, b = left(env), right(env)
            if not (isinstance(a, int) and isinstance(b, int)):
                raise SpecRuntimeError(loc, f"cannot compare {a!r} {op} {b!r}")
            return ops(a, b)
        return ordered

    def _e_member(self, node, scope):
        item, coll = self.expr(node.args[0], scope), self.expr(node.args[1], scope)
        return lambda env: item(env) in coll(env)

    def _e_arith(self, node, scope):
        first = self.expr(node.args[0], scope)
        rest = [(op, self.expr(a, scope)) for op, a in node.args[1]]
        loc = node.loc

        def arith(env):
            total = first(env)
            for op, f in rest:
                v = f(env)
                if isinstance(total, list) and isinstance(v, list) and op == "+":
                    if len(total) + len(v) > MAX_LIST:
                        list_too_long(len(total) + len(v), loc)
                    total = total + v
                    continue
                if not (isinstance(total, int) and isinstance(v, int)):
                    raise SpecRuntimeError(loc, f"cannot compute {total!r} {op} {v!r}")
                total = total + v if op == "+" else total - v
            # (a sum as a product is bounded: round 96's tester summed past 2^63, which an outside
            # engine's numbers, JavaScript's say, cannot hold)
            if total.__class__ is int and not -MAX_NUMBER < total < MAX_NUMBER:
                number_too_big(total, loc)
            return total
        return arith

    def _e_product(self, node, scope):
        factors = [self.expr(a, scope) for a in node.args[0]]
        loc = node.loc

        def product(env):
            total = 1
            for f in factors:
                v = f(env)
                if not isinstance(v, int) or isinstance(v, bool):
                    raise SpecRuntimeError(loc, f"cannot multiply by {v!r}")
                total *= v
                if not -MAX_NUMBER < total < MAX_NUMBER:
                    number_too_big(total, loc)
            return total
        return product

    def _e_quant(self, node, scope):
        q, var, coll_node, body_node = node.args
        if q not in ("any", "all", "no") and q not in _REDUCERS:
            self._fail(node, f"unknown quantifier {q!r}")
        coll = self.expr(coll_node, scope)
        body = self.expr(body_node, scope | {var})

        if q in ("any", "all", "no"):
            # These stop at the first item that decides, as `and` and `or` do.
            want = q != "all"

            def decide(env):
                items = coll(env)
                env.burn_items(items, node.loc)
                found = False
                with _Locals(env, dict(env.locals)) as local:
                    for x in items:
                        local[var] = x
                        if bool(body(env)) == want:
                            found = True
                            break
                return found if q == "any" else not found
            return decide
        reduce = _REDUCERS[q]

        def run(env):
            items = coll(env)
            env.burn_items(items, node.loc)
            with _Locals(env, dict(env.locals)) as local:
                results = []
                for x in items:
                    local[var] = x
                    results.append(body(env))
            return reduce(results)
        return run

    def _e_reach(self, node, scope):
        """`reach x from S: C`: the spaces reachable from S by steps onto neighbours where C
        holds, in board order; bounded by the number of spaces."""
        var, start_node, body_node = node.args
        start = self.expr(start_node, scope)
        body = self.expr(body_node, scope | {var})

        def run(env):
            board = env.state.board
            if board is None:
                raise SpecRuntimeError(node.loc, "`reach` needs a board, and this game has none")
            origin = start(env)
            with _Locals(env, dict(env.locals)) as local:
                def allowed(space):
                    env.burn(node.loc)
                    local[var] = space
                    return bool(body(env))
                return reach(board, origin, allowed)
        return run

    def _e_cond(self, node, scope):
        c, a, b = (self.expr(x, scope) for x in node.args)
        return lambda env: a(env) if c(env) else b(env)

    # ------------------------------------------------------------ statements
    def block(self, stmts: Sequence[Node], scope: frozenset) -> list[Stmt]:
        out = []
        for s in stmts:
            if s.kind == "let":
                out.append(self._s_let(s, scope))
                scope = scope | {s.args[0]}
            else:
                out.append(getattr(self, "_s_" + s.kind)(s, scope))
        return out

    @staticmethod
    def run_block(env: Env, block: Iterable[Stmt]) -> None:
        for stmt in block:
            stmt(env)

    def _s_let(self, node, scope):
        name, value = node.args[0], self.expr(node.args[1], scope)

        def let(env):
            env.burn(node.loc)
            env.locals[name] = value(env)
        return let

    def _s_assign(self, node, scope):
        target, value_node = node.args
        value = self.expr(value_node, scope)
        if target[0] == "var":
            name = target[1]
            if name in scope:
                def set_local(env):
                    env.burn(node.loc)
                    env.locals[name] = value(env)
                return set_local
            if name in B.ASSIGNABLE_SPECIALS:
                def set_special(env):
                    env.burn(node.loc)
                    setattr(env.state, name, seated(env.state, value(env), name, node.loc))
                return set_special
            if name not in self.spec.vars or self.spec.vars[name].per_player:
                self._fail(node, f"{name!r} is not a game variable")

            def set_var(env):
                env.burn(node.loc)
                env.state.vars[name] = serialise(value(env))
            return set_var
        oname, attr = target[1], target[2]
        obj = self.expr(Node("name", (oname,), node.loc), scope)
        var = self.spec.vars.get(attr)
        if var is not None and var.per_space:
            def set_svar(env):
                env.burn(node.loc)
                values = env.state.space_vars.get(obj(env))
                if values is None:
                    raise SpecRuntimeError(node.loc, not_a_space(obj(env)))
                values[attr] = serialise(value(env))
            return set_svar
        if var is None or not var.per_player:
            self._fail(node, f"{attr!r} is not a variable of a player or a space")

        def set_pvar(env):
            env.burn(node.loc)
            env.state.player(obj(env)).vars[attr] = serialise(value(env))
        return set_pvar

    def _selection(self, sel: Node, scope):
        """A function env -> the cards the selection takes, removed from their zones. How cards
        are picked, taken and put is written once, in runtime.py (the compiled engine calls the
        same functions); imported here, at compile time, as runtime.py imports this module."""
        from . import runtime as R
        kind = sel.kind
        loc = sel.loc
        if kind == "refs":
            refs, owner = self.expr(sel.args[0], scope), self.expr(sel.args[1], scope)

            def take_refs(env):
                rs = refs(env)
                if rs.__class__ is list and not rs:
                    return []
                # One card is moved once: a reference naming a card already taken is an error.
                return R.take(R.pick_refs(env, rs, owner(env), loc))
            return take_refs
        zone = self.expr(sel.args[-1], scope)
        # `first of Z` takes one card; `item N`, `each V` and `first N` have their expression.
        count: Expr = self.expr(sel.args[0], scope) \
            if kind in ("first", "item", "each") and sel.args[0] is not None else lambda env: 1

        what = f"`{_unparsed(sel.args[-1])}`"

        def take(env):
            z = B.as_zone(env, zone(env))
            if kind == "all":
                return R.take(R.pick_all(z))
            if kind == "each":
                return R.take(R.pick_each(z, count(env)))
            if kind == "last":
                return R.take(R.pick_last(z, loc, what))
            if kind == "item":
                return R.take(R.pick_item(z, count(env), loc, what))
            return R.take(R.pick_first(z, count(env), loc, what))
        return take

    def _s_move(self, node, scope):
        from . import runtime as R
        sel_node, where, dest_node = node.args
        take = self._selection(sel_node, scope)
        dest = self.expr(dest_node, scope)

        def move(env):
            env.burn(node.loc)
            cards = take(env)
            R.put(env, cards, dest(env), where == "top", node.loc)
        return move

    def _s_give_fields(self, node, scope):
        count, who = self.expr(node.args[0], scope), self.expr(node.args[1], scope)

        def give(env):
            env.burn(node.loc)
            fields = env.state.player(who(env)).zones.setdefault(self.fields_zone, [])
            n = count(env)
            env.burn_items(range(n) if n.__class__ is int and n > 0 else (), node.loc)  # a step a field
            fields.extend([] for _ in range(n))
        return give

    def _s_reshuffle(self, node, scope):
        from . import runtime as R
        src, dst = self.expr(node.args[0], scope), self.expr(node.args[1], scope)

        def reshuffle(env):
            env.burn(node.loc)
            source = B.as_zone(env, src(env))
            R.reshuffle(env, source, B.as_zone(env, dst(env)), node.loc)
        return reshuffle

    def _s_goto(self, node, scope):
        phase = node.args[0]
        if phase not in self.spec.phases:
            self._fail(node, f"unknown phase {phase!r}")
        return lambda env: self.enter_phase(env, phase, node.loc)

    def _s_goto_next(self, node, scope):
        """The next phase of the turn; after the last one, the `turn_over` handlers run."""
        def goto_next(env):
            order = self.spec.turn.phases if self.spec.turn else ()
            if env.state.phase not in order:
                raise SpecRuntimeError(node.loc, f"phase {env.state.phase!r} is not in the turn")
            i = order.index(env.state.phase) + 1
            if i < len(order):
                self.enter_phase(env, order[i], node.loc)
            else:
                env.burn(node.loc)
                self.emit(env, "turn_over", {}, record=False)
        return goto_next

    def _s_goto_first(self, node, scope):
        def goto_first(env):
            if not self.spec.turn:
                raise SpecRuntimeError(node.loc, "`goto first` needs a `turn` declaration")
            self.enter_phase(env, self.spec.turn.phases[0], node.loc)
        return goto_first

    def enter_phase(self, env: Env, phase: str, loc: Location | None) -> None:
        env.burn(loc)
        env.state.phase = phase
        decl = self.spec.phases[phase]
        # The phase event is told under the phase's own paragraphs (the intermediate phase's,
        # say), inside what led to it; its handlers run where the event was raised.
        self.emit(env, "phase", {"phase": phase}, source=(*env.frames, decl))
        # (one level deeper, as a call: `on enter { goto ... }` round in circles stops at the
        # depth limit, at the goto; round 77's designer met the host's recursion)
        with _Locals(env, {}, decl, (loc, "phase entries (`goto`)")):
            self.run_block(env, self._phase_enter[phase])

    def _s_emit(self, node, scope):
        name, kwargs = node.args
        values = [(k, self.expr(v, scope)) for k, v in kwargs]

        def emit(env):
            env.burn(node.loc)
            self.emit(env, name, {k: f(env) for k, f in values})
        return emit

    def emit(self, env: Env, name: str, payload: dict, record: bool = True, source: tuple | None = None) -> None:
        """Record an event (in JSON form) and run its handlers, which see the raw values;
        `source`: the declarations it is told under, when not the frames running."""
        if record:
            env.events.append({"event": name, **{k: serialise(v) for k, v in payload.items()}})
            env.sources.append(tuple(env.frames) if source is None else source)
        for vine, holder, cond in self._vine_events.get(name, ()):
            self._vine_event(env, vine, holder, cond, payload)
        for decl, handler in self._handlers.get(name, ()):
            # One level deeper, as a procedure call: a handler emitting its own event stops
            # at the depth limit, at the handler, not in the host's recursion.
            with _Locals(env, dict(payload), decl, (decl.loc, "event handlers")):
                self.run_block(env, handler)

    # The declaration running now, for Outcome.sources; `judge` also watches these moments.
    @staticmethod
    def _enter(env: Env, decl: object) -> None:
        env.frames.append(decl)

    @staticmethod
    def _leave(env: Env) -> None:
        env.frames.pop()

    def _vine_event(self, env, vine, holder, cond, payload):
        """A vine's `on EVENT when ...`: mark the task met for each holder standing on the card."""
        if "card_of" not in self._defines or "task_met" not in self.spec.vars:
            raise SpecRuntimeError(self.spec.vines[vine].loc,
                                   "vine events need a define card_of(p) and a per-player var task_met")
        with _Locals(env, {}, self.spec.vines[vine]):
            for h in env.state.names():
                if self._call_define(env, "card_of", [h], None) != vine:
                    continue
                env.locals = {**payload, holder: h}
                if cond(env):
                    env.state.player(h).vars["task_met"] = True

    def vine_condition(self, env: Env, card: str, player: str, kind: str) -> bool:
        """Whether a vine card's `met` (or `claim`) conditions all hold for this holder."""
        table = self._vine_met if kind == "met" else self._vine_claim
        conds = table.get(card)
        if not conds:
            return False
        # What `with _Locals(env, {holder: player})` does, without the context manager: this
        # runs for every vine card of every player after each action.
        saved = env.locals
        env.locals = {self.spec.vines[card].holder: player}
        try:
            for c in conds:
                if not c(env):
                    return False
            return True
        except UNFIT as exc:
            # (told at the vine card, a designer's own line, not at the spec's procedure that
            # asked: both engines ask here; round 89's designer was shown spec/ and a KeyError)
            mark_unfit(exc, self.spec.vines[card])
            raise
        finally:
            env.locals = saved

    def _s_if(self, node, scope):
        branches = [(self.expr(c, scope), self.block(b, scope)) for c, b in node.args[0]]
        orelse = self.block(node.args[1], scope)

        def run_if(env):
            env.burn(node.loc)
            for cond, body in branches:
                if cond(env):
                    self.run_block(env, body)
                    return
            self.run_block(env, orelse)
        return run_if

    def _s_for(self, node, scope):
        var, coll_node, body_nodes = node.args
        coll = self.expr(coll_node, scope)
        body = self.block(body_nodes, scope | {var})

        def run_for(env):
            for x in list(coll(env)):
                env.burn(node.loc)
                env.locals[var] = x
                self.run_block(env, body)
        return run_for

    def _s_repeat(self, node, scope):
        count = self.expr(node.args[0], scope)
        body = self.block(node.args[1], scope)

        def run_repeat(env):
            n = count(env)
            if not isinstance(n, int) or n < 0:
                repeat_fail(n, node.loc)
            for _ in range(n):
                env.burn(node.loc)
                self.run_block(env, body)
        return run_repeat

    def _s_check(self, node, scope):
        """`require C else "reason" cites ...` in a setup: a game that breaks it is refused."""
        cond, reason, cites = node.args[0], node.args[1], node.args[2]
        test = self.expr(cond, scope)

        def check(env):
            env.burn(node.loc)
            if not test(env):
                raise self.setup_refused(cond, reason, cites, env)
        return check

    def setup_refused(self, cond: Node, reason: str, cites: Sequence[str], env: Env) -> SetupError:
        """The refusal of a setup whose `require` fails: its reason, what the condition's parts
        came to in the game being set up (a map's spaces against the cards in play; the first
        space that breaks an `all`), and its citations."""
        from .parts import shown, values_seen
        reason = self.reason_in(reason, env.state)  # the values it names, in the game being set up
        rule, message = setup_refusal(reason, cites, shown(values_seen(self, env.state, cond, env.locals,
                                                                       witness=True, terse=True)))
        return SetupError(rule, message, tuple(cites))

    def _s_call_stmt(self, node, scope):
        name, args = node.args
        if name not in self._procedures:
            self._fail(node, f"unknown procedure {name!r}")
        fargs = [self.expr(a, scope) for a in args]
        decl = self.spec.procedures[name]

        def call(env):
            env.burn(node.loc)
            params, body = self._procedures[name]
            with _Locals(env, dict(zip(params, [f(env) for f in fargs])), decl, (node.loc, "procedures")):
                self.run_block(env, body)
        return call

    # ------------------------------------------------------------ actions
    def decode(self, state: State, action: object) -> tuple[str, str, dict]:
        """Check an action's shape against its declaration; return (type, player, params)."""
        if not isinstance(action, dict):
            raise ActionError(f"an action is an object with 'type' and 'player', got {action!r}")
        kind = action.get("type")
        if kind is None:
            # (`{}`: no type at all, not a type called None; round 96's bad-input tester)
            raise ActionError("an action names its `type` (and its `player`); the actions of this game: "
                              + ", ".join(self._compiled_actions))
        if not isinstance(kind, str) or kind not in self._compiled_actions:
            raise ActionError(f"unknown action type {kind!r}" + (
                suggest(str(kind), self._compiled_actions)
                or f"; the actions of this game: {', '.join(self._compiled_actions)}"))
        decl = self.spec.actions[kind]
        player = action.get("player")
        if player not in state.names():
            raise ActionError(f"{kind}: 'player' must name a player at the table, got {player!r}"
                              f"{suggest(str(player), state.names())}")
        if len(action) != len(decl.params) + 2 or not all(key in action for key in self._keys[kind]):
            known = self._keys[kind]
            for key in action:
                if key not in known:
                    raise ActionError(f"{kind}: unknown parameter {key!r}" + (
                        suggest(key, known) or "; its parameters: "
                        + (", ".join(p.name for p in decl.params) or "none (only type and player)")))
        values: dict[str, Any] = {}
        for p in decl.params:
            if p.name not in action:
                raise ActionError(f"{kind}: missing parameter {p.name!r} ({p.type})")
            values[p.name] = self._decode_param(state, kind, player, p, action[p.name])
        return kind, player, values

    def _decode_param(self, state, kind, player, p, value):
        where = f"{kind}: parameter {p.name!r}"
        if p.type in ("field", "target"):
            if p.type == "target" and value == "discard":
                return "discard"
            if isinstance(value, int) and not isinstance(value, bool):
                return FieldRef(player, value)
            expected = "a field number" + (" or 'discard'" if p.type == "target" else "")
            raise ActionError(f"{where} must be {expected}, got {value!r}")
        if p.type == "int":
            if isinstance(value, int) and not isinstance(value, bool):
                return value
            raise ActionError(f"{where} must be a number, got {value!r}")
        if p.type == "variety":
            if value in self.spec.varieties:
                return value
            raise ActionError(f"{where} must be a variety id, got {value!r}{self.spec.card_hint(value)}")
        if p.type == "player":
            if value in state.names():
                return value
            raise ActionError(f"{where} must name a player, got {value!r}{suggest(str(value), state.names())}")
        if p.type == "space":
            board = state.board
            if board is not None and isinstance(value, str) and value in board:
                return value
            if board is None:
                raise ActionError(f"{where}: this game has no board")
            # Space ids are strings; a number, or a number without its leading zero, is most
            # likely the numbered space meant ("06" for 6 or "6").
            number = value if isinstance(value, int) and not isinstance(value, bool) else \
                int(value) if isinstance(value, str) and value.isdigit() else None
            meant = f"{number:02d}" if number is not None and f"{number:02d}" in board else None
            if isinstance(value, int) and not isinstance(value, bool):
                hint = f" (space ids are strings: write \"{meant}\")" if meant else \
                    f" (space ids are strings, like {board.ids[0]!r})" if board.ids else ""
            elif meant is not None:
                hint = f" (did you mean {meant!r}?)"
            else:
                hint = suggest(str(value), board.ids)
                if not hint and board.ids and all(s.isdigit() for s in board.ids):
                    hint = f" (its spaces are {board.ids[0]} to {board.ids[-1]})"
            raise ActionError(f"{where} must name a space of the board, got {value!r}{hint}")
        if p.type == "card":
            if isinstance(value, str) and B.REF.match(value):
                return B.canonical_ref(value)
            raise ActionError(f"{where} must be a card reference like 'hand 3', got {value!r}")
        if p.type == "cards":
            if isinstance(value, list) and all(isinstance(v, str) and B.REF.match(v) for v in value):
                return [B.canonical_ref(v) for v in value]
            raise ActionError(f"{where} must be a list of card references like ['hand 3'], got {value!r}")
        raise ActionError(f"{where}: unknown parameter type {p.type!r}")

    def check(self, state: State, action: object) -> Rejection | None:
        """The rejection the action meets in this state, or None if it is legal now."""
        kind, player, values = self.decode(state, action)
        return self._refusal(state, kind, player, values)

    def _refusal(self, state: State, kind: str, player: str, values: dict) -> Rejection | None:
        """`check` of a decoded action: the first forbid, `when` or `require` clause that
        refuses it, in the published order (None: it is legal now)."""
        env = self._action_env(state, kind, player, values)
        refused = self._forbidden(env, kind)
        return refused if refused is not None else self._unmet(env, self._clauses[kind])

    def refusals(self, state: State, action: object) -> list[Rejection]:
        """Every forbid and clause that refuses the action, in the published order (`check`
        gives the first). A rule broken after the first is still broken: an engine that checks
        in another order may fairly cite it. A condition that cannot be evaluated once an
        earlier one has refused (a card that is not there) is passed over."""
        kind, player, values = self.decode(state, action)
        env = self._action_env(state, kind, player, values)
        out: list[Rejection] = []
        for f, cond in self._action_forbids[kind]:
            if self._holds(env, cond, out) is True:
                out.append(refusal(env, f.rule_id, f.reason, f.loc))
        for clause, cond, reads in self._clauses[kind]:
            if self._holds(env, cond, out) is False:
                out.append(refusal(env, clause.rule_id, clause.reason, clause.loc, reads))
        return out

    @staticmethod
    def _holds(env: Env, cond: Callable, found: list) -> bool | None:
        try:
            return bool(cond(env))
        except SpecRuntimeError:
            if not found:
                raise  # the first refusal is the engine's own answer: an error there is real
            return None

    def timing(self, state: State, kind: str, player: str) -> Rejection | None:
        """Whether `player` may take an action of this type now at all: its forbids and its
        `when` clauses, in the published order (they never read parameters)."""
        env = self._action_env(state, kind, player, {})
        refused = self._forbidden(env, kind)
        return refused if refused is not None else self._unmet(env, self._whens[kind])

    def _action_env(self, state: State, kind: str, player: str, values: dict) -> Env:
        """An Env to evaluate an action's conditions in: its parameters and its actor."""
        local = dict(values)
        local[self.spec.actions[kind].actor] = player
        return Env(self, state, local)

    def _forbidden(self, env: Env, kind: str) -> Rejection | None:
        """The first `forbid` covering the action that holds."""
        for f, cond in self._action_forbids[kind]:
            if cond(env):
                return refusal(env, f.rule_id, f.reason, f.loc)
        return None

    @staticmethod
    def _unmet(env: Env, tests: list) -> Rejection | None:
        """The first of these (clause, condition, reads) whose condition fails."""
        for clause, cond, reads in tests:
            if not cond(env):
                return refusal(env, clause.rule_id, clause.reason, clause.loc, reads)
        return None

    def enabled(self, state: State) -> list[tuple[str, str]]:
        """The (action type, player) pairs whose timing allows them now: the pairs for which
        `timing` gives None. Forbids and the parts of `when` clauses that do not mention the
        actor are asked once per action type, the rest once per player, each in the published
        order."""
        names = state.names()
        env = Env(self, state)
        out: list[tuple[str, str]] = []
        for kind, cut in self._shortcuts.items():
            actor = self.spec.actions[kind].actor
            forbids, free, bound = cut.forbids, cut.free_timing, cut.bound_timing
            env.locals = {}
            try:
                if any(cond(env) for cond in forbids) or not all(cond(env) for cond in free):
                    continue
            except SpecRuntimeError:
                # A clause that fails to evaluate out of its published place: ask the
                # published order, player by player.
                out.extend((kind, p) for p in names if self.timing(state, kind, p) is None)
                continue
            if not bound:
                out.extend((kind, p) for p in names)
                continue
            for p in names:
                env.locals = {actor: p}
                if all(cond(env) for cond in bound):
                    out.append((kind, p))
        return out

    def _narrow(self, env, kind, player, param, values) -> tuple[list, bool]:
        """Those of `values` (as an action would give them) that could make a legal action:
        a value is dropped only when a part of a `require` clause that reads this parameter
        alone refuses it (or it is not a value of the parameter's type at all); and whether
        every test of every kept value was answered."""
        decl = self.spec.actions[kind]
        ptype = next(p for p in decl.params if p.name == param)
        tests = self._shortcuts[kind].unary[param]
        out, sure = [], True
        for raw in values:
            try:
                value = self._decode_param(env.state, kind, player, ptype, raw)
            except ActionError:
                continue
            env.locals = {decl.actor: player, param: value}
            try:
                if all(t(env) for t in tests):
                    out.append(raw)
            except SpecRuntimeError:
                out.append(raw)  # asked out of its published place: let the full check decide
                sure = False
        return out, sure

    def choices(self, state: State, kind: str, player: str, offered: dict[str, list]) -> Choices:
        """The parameter values, narrowed from `offered`, that could make a legal action of
        this type for `player`, whose timing `enabled` has just allowed. `refused` is set when
        a part of a `require` clause that reads no parameter refuses: then no choice is legal.
        `exact` says that every combination of the narrowed values is legal, with no need to
        check: no part of a `require` clause reads two parameters and every part was answered."""
        decl = self.spec.actions[kind]
        env = Env(self, state, {decl.actor: player})
        exact = self._shortcuts[kind].separable
        try:
            for clause, test in self._shortcuts[kind].param_free:
                if not test(env):
                    return Choices({}, False, refusal(env, clause.rule_id, clause.reason, clause.loc))
        except SpecRuntimeError:
            exact = False  # asked out of its published place: let the full check decide
        values = {}
        for p in decl.params:
            values[p.name], sure = self._narrow(env, kind, player, p.name, offered.get(p.name, []))
            exact = exact and sure
        return Choices(values, exact)

    def check_after_timing(self, state: State, kind: str, player: str, values: dict) -> Rejection | None:
        """`check` for an action whose type and player `enabled` has just allowed, with its
        parameters already decoded (random play asks this for many parameter choices): its
        `require` clauses alone."""
        return self._unmet(self._action_env(state, kind, player, values), self._requires[kind])

    def apply(self, state: State, action: object, in_place: bool = False,
              shuffler: Shuffler | None = None) -> Outcome:
        """Apply an action: a rejection leaves `state` as it was; otherwise a new state.

        `in_place=True` (for simulations, which keep no history) changes `state` itself
        instead of a copy; a rejection still changes nothing. `shuffler` (random play) orders
        a reshuffle the state gives no result for: cards -> the same cards in a new order."""
        kind, player, values = self.decode(state, action)
        try:
            rejection = self._refusal(state, kind, player, values)
        except UNFIT as exc:
            raise unfit_error(exc, self.spec.actions[kind]) from None
        if rejection is not None:
            return Outcome(state, [], rejection)
        decl, _, effect = self._compiled_actions[kind]
        work = state if in_place else state.copy()
        env = Env(self, work, {decl.actor: player, **values}, shuffler)
        self._enter(env, decl)
        try:
            self.run_block(env, effect)
            env.locals = {}
            self.emit(env, "after_action", {}, record=False)
            self.check_end(env)
        except UNFIT as exc:
            raise unfit_error(exc, decl) from None
        self._leave(env)
        return Outcome(work, env.events, sources=env.sources)

    def effect_events(self, state: State, action: object) -> list[dict] | None:
        """The events the action's effect alone would report, run on a copy of the state with
        its requirements set aside: which card a move that names none would move (judge's
        notation reads `plants the red` as phase 1's planting only when it is the red that it
        would plant). None when the action cannot be read or its effect cannot run there."""
        try:
            kind, player, values = self.decode(state, action)
            decl, _, effect = self._compiled_actions[kind]
            env = Env(self, state.copy(), {decl.actor: player, **values})
            self._enter(env, decl)
            self.run_block(env, effect)
        except _REFUSED_OR_UNFIT:
            return None
        return env.events

    def check_end(self, env: Env) -> None:
        if env.state.over:
            return
        for rule, cond in self._ends:
            env.locals = {}
            if cond(env):
                self._enter(env, rule)
                try:
                    self.end_game(env)
                finally:
                    self._leave(env)
                return

    def end_game(self, env: Env) -> None:
        env.state.over = True
        self.emit(env, "game_end", {})
        w = self.spec.winners
        if w is not None:
            self._enter(env, w)
        try:
            env.state.winners = self.winners(env)
            self.emit(env, "game_over", {"winners": list(env.state.winners)})
        finally:
            if w is not None:
                self._leave(env)

    def winners(self, env: Env) -> list[str]:
        w = self.spec.winners
        if w is None:
            return []
        scored = []
        for p in env.state.names():
            env.locals = {w.var: p}
            keys = tuple(k(env) for k in self._winner_keys)
            if None not in keys:  # a key of `none`: this player cannot win
                scored.append((keys, p))
        if not scored:
            return []
        best = max(s for s, _ in scored)
        return [p for s, p in scored if s == best]

    # ------------------------------------------------------------ states
    def blank_state(self, names: list[str], starting_player: str | None = None,
                    options: dict | None = None, modules: Iterable[str] = ("base",),
                    board: Layout | None = None) -> State:
        """A table with empty zones and every variable at its default. On a game with boards,
        `board` is the map (None: the declared board this table and these options play on);
        its spaces start with their fixed cards."""
        own_zones, shared_zones, defaults = self._blank
        players = [Player(n, {z: [] for z in own_zones}, {}) for n in names]
        state = State(
            players=players,
            starting_player=starting_player or names[0],
            active=starting_player or names[0],
            phase=self.spec.turn.phases[0] if self.spec.turn else "",
            zones={z: [] for z in shared_zones},
            modules=list(modules),
            options=dict(options or {}),
        )
        if board is None and self.spec.boards:
            board = self.choose_board(len(names), state.options)
        env = Env(self, state)
        space_defaults = {}
        for n, v, fixed in defaults:
            value = fixed if fixed is not _ASK else serialise(self._var_defaults[n](env))
            if v.per_player:
                for p in players:
                    p.vars[n] = value
            elif v.per_space:
                space_defaults[n] = value
            else:
                state.vars[n] = value
        if board is not None:
            state.board = board
            state.space_cards = {sid: ([board.fixed[sid]] if board.fixed[sid] else []) for sid in board.ids}
            state.space_vars = {sid: dict(space_defaults) for sid in board.ids}
        return state

    def blank_defaults(self) -> tuple:
        """(name, declaration, default) of each variable, the default when it is a constant
        (worked out once), else a marker that no value is."""
        return self._blank[2]

    def layout(self, name: str) -> Layout:
        """The layout of a declared board."""
        return self._layouts[name]

    def inline_layout(self, data: Any) -> Layout:
        """A map given inline (in a state or setup), checked like a declared board. A layout is
        never changed, so each map is laid and checked once (the states of one game, or the
        scenarios of one example, carry the same map)."""
        # (keyed in the order written: a graph's spaces come in the order its map gives them, so
        # `{mo: ..., gm: ...}` is another map than `{gm: ..., mo: ...}`; round 92's blind author
        # had the second played on the first one's board, its income walked in the wrong order)
        try:
            key = json.dumps(data)
        except (TypeError, ValueError):
            key = None
        if key is not None:
            layout = self._inline_layouts.get(key)
            if layout is None:
                layout = self._check_inline_layout(data)
                if len(self._inline_layouts) >= 256:
                    self._inline_layouts.clear()
                self._inline_layouts[key] = layout
            return layout
        return self._check_inline_layout(data)

    def _check_inline_layout(self, data: Any) -> Layout:
        layout = from_json(data)
        used: dict[str, int] = {}
        for sid, card in layout.fixed.items():
            if card is not None and card not in self.spec.cards:
                raise BoardError(f"space {sid!r}: unknown card {card!r}{suggest(card, self.spec.cards)}")
            if card is not None:
                used[card] = used.get(card, 0) + 1
        for card, n in used.items():
            if n > self.spec.cards[card].count:
                raise BoardError(f"the map lays {n} {card!r} cards, but the box holds {self.spec.cards[card].count}")
        if not layout.connected():
            raise BoardError("the map is not connected: some spaces cannot be reached from the others")
        return layout

    def choose_board(self, count: int, options: dict | None) -> Layout | None:
        """The first declared board laid for this many players whose `when` holds."""
        for name in self.boards_for_options(options):
            # Only a board laid for a number of players is chosen by itself; any other is
            # played only when a setup or state names it (a fragment for an example, say).
            if self.spec.boards[name].players == count:
                return self._layouts[name]
        return None

    def _options_env(self, options: dict | None) -> Env:
        """An environment over an empty table with these options: what a board's `when` and a
        card's `in play when` read."""
        return Env(self, State(players=[], starting_player="", active="", phase="", options=dict(options or {})))

    def boards_for_options(self, options: dict | None) -> list[str]:
        """The declared boards laid for some number of players whose `when` holds with these
        options, in declaration order."""
        env = self._options_env(options)
        return [name for name, b in self.spec.boards.items() if b.players is not None and self._laid(name, env)]

    def board_allowed(self, name: str, options: dict | None) -> bool:
        """Whether the declared board's `when` (if any) holds with these options."""
        return self._laid(name, self._options_env(options))

    def _laid(self, name: str, env: Env) -> bool:
        when = self._board_when.get(name)
        return when is None or bool(when(env))

    def tables_for_options(self, options: dict | None) -> list[int]:
        """The numbers of players the boards these options choose are laid for."""
        return sorted({p for n in self.boards_for_options(options) if (p := self.spec.boards[n].players) is not None})

    def define_value(self, state: State, name: str) -> Any:
        return self._call_define(Env(self, state), name, (), None)

    def reason_in(self, reason: str, state: State, local: dict | None = None) -> str:
        """A reason with the values it names (`{third_field_price}`) filled in from `state`, a
        definition called with the refused action's own names (`{attack_price(p, target)}`)
        with their values in `local`; a value that cannot be worked out there is left as
        written."""
        from ..language.unparse import show

        def value(m: re.Match) -> str:
            name, given = m.group(1), m.group(2)
            try:
                if given is not None:
                    names = [a.strip() for a in given.split(",")]
                    if name not in self.spec.defines or local is None or any(a not in local for a in names):
                        return m.group(0)
                    found = self._call_define(Env(self, state, dict(local)), name, tuple(local[a] for a in names),
                                              None)
                elif name in self.spec.defines:
                    found = self.define_value(state, name)
                elif name in self.spec.vars and name in state.vars:
                    found = state.vars[name]
                else:
                    return m.group(0)
            except SpecRuntimeError:
                return m.group(0)
            return found if isinstance(found, str) else show(found)
        return REASON_FIELD.sub(value, reason)

    def vine_box(self, options: dict | None = None) -> list[str]:
        """Every vine card in play for these options, in declaration order."""
        return self.box(options, "vines")

    def varieties_in_play(self, options: dict) -> list[str]:
        """The bean varieties of the game these options choose (`varieties` in the rules), in
        declaration order: a new list each time, worked out once for each choice of options."""
        key = tuple(sorted((k, v) for k, v in options.items() if isinstance(v, (str, int, bool)) or v is None))
        found = self._varieties_by_options.get(key)
        if found is None:
            env = self._options_env(options)
            found = self._varieties_by_options[key] = tuple(n for n in self.spec.varieties if self._played(n, env))
        return list(found)

    def box(self, options: dict | None = None, category: str = "beans") -> list[str]:
        """Every card of a category in play for these options, in declaration order (the
        bean cards by default; "vines": the vine cards, one of each)."""
        env = self._options_env(options)
        decls: dict[str, Variety | Card | Vine] = dict(self.spec.varieties) if category == "beans" else \
            dict(self.spec.vines) if category == "vines" else \
            {n: c for n, c in self.spec.cards.items() if c.category == category}
        cards = []
        for name, v in decls.items():
            if self._played(name, env):
                cards.extend([name] * getattr(v, "count", 1))
        return cards

    def _played(self, name: str, env: Env) -> bool:
        """Whether a kind of card (a variety, a card, a vine card) is in play under the options
        `env` reads (its `in play when`, if it has one)."""
        return name not in self._in_play or bool(self._in_play[name](env))

    def player_count_problem(self, count: int) -> SetupError | None:
        """Why `count` players cannot play the loaded game (None if they can)."""
        rule = self.spec.players
        if rule is None or rule.least <= count <= rule.most:
            return None
        return SetupError(rule.rule_id, f"this game is played by {rule.name} player{'s' if rule.most > 1 else ''}, "
                                        f"not {count} (see {', '.join(rule.cites) or 'the players declaration'})",
                          tuple(rule.cites))

    def new_game(self, names: list[str], deck: list[str], options: dict | None = None,
                 modules: Iterable[str] = ("base",), zones: dict | None = None,
                 board: Layout | None = None) -> tuple[State, list[dict]]:
        """Set up a game: `deck` is the shuffled deck, top first; the first name starts.

        `zones` gives other shared zones their shuffled contents (e.g. the vine deck, the
        landscape cards); `board` the map (None: the declared board for this table)."""
        problem = self.player_count_problem(len(names))
        if problem is not None:
            raise problem
        state = self.blank_state(names, options=options, modules=modules, board=board)
        # A new game's map starts empty: the setup lays every card, the board's own included.
        for cards in state.space_cards.values():
            cards.clear()
        for name, cards in (zones or {}).items():
            state.zones[name] = list(cards)
        draw = next((z.name for z in self.spec.zones.values() if z.name == "draw_pile"), None)
        if draw is None:
            raise SpecRuntimeError(None, "the spec declares no draw_pile zone")
        state.zones[draw] = list(deck)
        env = Env(self, state)
        try:
            for block in self._setups:
                env.locals = {}
                self.run_block(env, block)
            env.locals = {}
            self.emit(env, "game_start", {}, record=False)
        except UNFIT as exc:
            raise unfit_error(exc, self.spec.setups[0] if self.spec.setups else None) from None
        return state, env.events

    def loaded(self, state: State) -> None:
        """A situation given as it stands (a scenario's state, a protocol `load`): the
        `state_loaded` handlers work out the internal bookkeeping it implies (a vine task whose
        condition holds counts as met), which a game would have kept as it went."""
        try:
            self.emit(Env(self, state), "state_loaded", {}, record=False)
        except UNFIT as exc:
            raise unfit_error(exc) from None


# What a quantifier that looks at every item makes of their values (`any`, `all` and `no`
# stop at the first item that decides instead).
_REDUCERS: dict[str, Callable[[list], Any]] = {
    "count": lambda results: sum(1 for r in results if r),
    "most": lambda results: max(results, default=None),
    "least": lambda results: min(results, default=None),
    "sum": sum,
}


ENGINES = ("reference", "compiled")


@functools.lru_cache(maxsize=32)
def _cached_engine(modules: tuple[str, ...], extra_rules: tuple[str, ...], engine: str = "reference",
                   accelerate: bool = False, stamps: tuple = ()) -> Engine:
    # `stamps`: the rules files' sizes and times, so a file edited in a running process (a
    # designer's session, a test) is read again rather than served stale.
    from ..language.spec import load
    spec = load(list(modules), list(extra_rules))
    if engine == "compiled":
        from .compiled import CompiledEngine
        return CompiledEngine(spec, accelerate=accelerate)
    return Engine(spec)


def engine_for(modules: Iterable[str] | None, extra_rules: Iterable[str | PathLike[str]] = (),
               engine: str = "reference", accelerate: bool = False) -> Engine:
    """The engine for these modules (and extra rules files), built once: `engine` is
    "reference" (the closure interpreter) or "compiled" (generated Python, identical results;
    `accelerate` also compiles that to a C extension when Cython and a C compiler are there)."""
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}: choose {' or '.join(ENGINES)}")
    files = tuple(str(f) for f in extra_rules)
    return _cached_engine(tuple(sorted(set(modules or ["base"]))), files,
                          engine, bool(accelerate) and engine == "compiled", tuple(map(_stamp, files)))


def _stamp(path: str) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None  # loading it says what is wrong
    return st.st_size, st.st_mtime_ns
