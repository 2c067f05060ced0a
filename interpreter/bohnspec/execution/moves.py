"""The legal actions of a state, enumerated from each parameter's domain.

Nothing is guessed and then asked: every parameter ranges over a finite domain that its type
and the action's own `require` clauses give, read off the state:

- a `field` over the actor's fields, a `target` also over "discard";
- a `player` over the table, a `space` over the board, a `variety` over the spec's varieties;
- an `int` between the bounds its requirements set (`card >= 1 and card <= size(draft)`);
- a `card` over the references to the cards lying in the zones its requirements allow
  (`ref_zone(card) == "received"`, or one named reference: `with == "draw_pile 1"`), every
  zone when they say nothing about it;
- a list of `cards` over the lists of distinct such references, its elements narrowed by the
  requirements that hold for each element alone (`all r in give: ...`, `not uses(give, "field")`).

The requirements are inferred from the rules model (definitions inlined), so a vine card or
landscape a designer adds needs no change here. The parameters are then bound one at a time
in declaration order; a value is kept when every part (top-level `and` operand) of a
`require` clause that reads only it and the parameters before it holds. So every action
enumerated is legal, and every legal action whose card references lie in those domains is
enumerated. A part that cannot be evaluated out of its published place leaves the value to
the engine's full check, in the published order.

A list of cards names each card at most once; `Move.actions` can leave the lists at a few
cards (they are exponentially many) and list each choice of cards once, in reference order.

Which (action type, player) pairs may act at all is Engine.enabled's answer, asked here
(`enabled`) with each condition several action types share once a state. Every part is
compiled once per engine, all at once: the compiled engine writes them as generated code
(`compile_exprs`), the reference builds its closures.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Iterator, Sequence
from typing import Any
from dataclasses import dataclass, field

from ..errors import ActionError, SpecRuntimeError
from ..language.model import Node
from . import builtins as B
from .interpret import Engine, Env, Rejection, conjuncts, _names_in, _part
from .runtime import field_ref
from .state import State

# How deep definitions are inlined when a requirement is read for its domain.
MAX_INLINE = 16


# ------------------------------------------------------------ reading the rules model

def _subst(node: Node, mapping: dict) -> Node | None:
    """`node` with names replaced (a definition's parameters by its arguments); None when an
    argument would be captured by a quantifier's variable."""
    if not mapping:
        return node
    if node.kind == "name":
        return mapping.get(node.args[0], node)
    if node.kind in ("quant", "reach"):
        var = node.args[1] if node.kind == "quant" else node.args[0]
        if any(var in _names_in(v) for v in mapping.values()):
            return None
        inner = {k: v for k, v in mapping.items() if k != var}
        if node.kind == "quant":
            q, _, coll, body = node.args
            coll, body = _subst(coll, mapping), _subst(body, inner)
            return None if coll is None or body is None else Node("quant", (q, var, coll, body), node.loc)
        _, start, body = node.args
        start, body = _subst(start, mapping), _subst(body, inner)
        return None if start is None or body is None else Node("reach", (var, start, body), node.loc)
    out = []
    for a in node.args:
        a = _rebuild(a, mapping)
        if a is _CAPTURED:
            return None
        out.append(a)
    return Node(node.kind, tuple(out), node.loc)


_CAPTURED = object()


def _rebuild(a, mapping):
    if isinstance(a, Node):
        n = _subst(a, mapping)
        return _CAPTURED if n is None else n
    if isinstance(a, tuple):
        items = tuple(_rebuild(x, mapping) for x in a)
        return _CAPTURED if any(x is _CAPTURED for x in items) else items
    return a


class _Reader:
    """Reads requirements for what they say of one parameter's values."""

    def __init__(self, engine: Engine):
        self.spec = engine.spec
        # The words a card reference may start with: the zones holding cards, and `field`.
        self.words = frozenset([z for z, d in engine.spec.zones.items() if d.kind != "fields"] + ["field"])

    def inline(self, node: Node, depth: int) -> Node | None:
        """A call of a definition with parameters, replaced by its body (None: not one)."""
        if node.kind != "call" or depth > MAX_INLINE:
            return None
        name, args = node.args
        d = self.spec.defines.get(name)
        if d is None or d.params is None or d.body is None or len(d.params) != len(args):
            return None
        return _subst(d.body, dict(zip(d.params, args)))

    # -- card references: where may they come from?
    def zones(self, node: Node, var: str, depth: int = 0) -> tuple[frozenset | None, bool]:
        """What `node` holding says of the card reference `var`: the ref words (or single
        references, "draw_pile 1") it must come from (None: any), and whether it holds
        exactly for those."""
        k = node.kind
        if k == "compare" and node.args[1] in ("==", "!="):
            left, op, right = node.args
            for a, b in ((left, right), (right, left)):
                text = b.args[0] if b.kind == "const" and isinstance(b.args[0], str) else None
                if text is None:
                    continue
                if self._is_zone_of(a, var):
                    return (frozenset([text]), True) if op == "==" else (self.words - {text}, True)
                if a.kind == "name" and a.args[0] == var and B.REF.match(text):
                    word, n = B.parse_ref(text)
                    return (frozenset([f"{word} {n}"]), True) if op == "==" else (None, False)
            return None, False
        if k == "member" and self._is_zone_of(node.args[0], var) and node.args[1].kind == "list":
            items = node.args[1].args[0]
            if all(i.kind == "const" and isinstance(i.args[0], str) for i in items):
                return frozenset(i.args[0] for i in items), True
            return None, False
        if k == "or":
            parts = [self.zones(a, var, depth) for a in node.args[0]]
            sets = [z for z, _ in parts if z is not None]
            if len(sets) < len(parts):
                return None, False
            return frozenset().union(*sets), all(e for _, e in parts)
        if k == "and":
            parts = [self.zones(a, var, depth) for a in node.args[0]]
            known = [s for s, _ in parts if s is not None]
            if not known:
                return None, False
            return functools.reduce(_meet, known), all(s is not None and e for s, e in parts)
        if k == "not":
            inner, exact = self.zones(node.args[0], var, depth)
            if inner is not None and exact and not any(" " in w for w in inner):
                return self.words - inner, True
            return None, False
        body = self.inline(node, depth)
        if body is not None:
            return self.zones(body, var, depth + 1)
        return None, False

    def _is_zone_of(self, node: Node, var: str) -> bool:
        return (node.kind == "call" and node.args[0] == "ref_zone" and len(node.args[1]) == 1
                and node.args[1][0].kind == "name" and node.args[1][0].args[0] == var)

    # -- lists of cards: what holds for each element alone?
    def closed(self, node: Node, lists: frozenset, depth: int = 0) -> bool:
        """Whether `node`, holding for lists, holds for any part of them: it reads the lists
        only as what a quantifier `all`/`no` (or `not any`) runs over."""
        if not (_names_in(node) & lists):
            return True
        k = node.kind
        if k == "quant" and node.args[0] in ("all", "no"):
            return self._runs_over(node.args[2], lists) and not (_names_in(node.args[3]) & lists)
        if k == "not" and node.args[0].kind == "quant" and node.args[0].args[0] == "any":
            q = node.args[0]
            return self._runs_over(q.args[2], lists) and not (_names_in(q.args[3]) & lists)
        if k in ("and", "or"):
            return all(self.closed(a, lists, depth) for a in node.args[0])
        body = self.inline(node, depth)
        return body is not None and self.closed(body, lists, depth + 1)

    def _runs_over(self, coll: Node, lists: frozenset) -> bool:
        """`give` or `give + get`: lists joined, nothing else."""
        if coll.kind == "name":
            return True
        if coll.kind == "arith":
            first, rest = coll.args
            return all(op == "+" for op, _ in rest) and all(
                n.kind == "name" for n in [first, *(a for _, a in rest)])
        return False

    def element_zones(self, node: Node, lst: str, depth: int = 0) -> frozenset | None:
        """Where the elements of list `lst` must come from for `node` (closed) to hold."""
        if lst not in _names_in(node):
            return None
        k = node.kind
        q = node.args[0] if k == "not" and node.args[0].kind == "quant" and node.args[0].args[0] == "any" else None
        if k == "quant" and node.args[0] in ("all", "no") or q is not None:
            quant = q or node
            _, var, coll, body = quant.args
            if lst not in _names_in(coll):
                return None
            zones, exact = self.zones(body, var)
            if quant.args[0] == "all":
                return zones
            return self.words - zones if zones is not None and exact and not any(" " in w for w in zones) else None
        if k == "and":
            known = [z for z in (self.element_zones(a, lst, depth) for a in node.args[0]) if z is not None]
            return functools.reduce(_meet, known) if known else None
        if k == "or":
            options = [self.element_zones(a, lst, depth) for a in node.args[0]]
            sets = [z for z in options if z is not None]
            return frozenset().union(*sets) if len(sets) == len(options) else None
        body = self.inline(node, depth)
        return self.element_zones(body, lst, depth + 1) if body is not None else None

    # -- numbers: between which bounds?
    def bounds(self, node: Node, var: str, depth: int = 0) -> tuple[list, list]:
        """Lower and upper bound expressions `node` holding sets on the number `var`."""
        lows, highs = [], []
        for part in conjuncts(node):
            if part.kind == "compare" and part.args[1] in ("<", "<=", ">", ">=", "=="):
                left, op, right = part.args
                if left.kind == "name" and left.args[0] == var and var not in _names_in(right):
                    other = right
                elif right.kind == "name" and right.args[0] == var and var not in _names_in(left):
                    other, op = left, {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "=="}[op]
                else:
                    continue
                if op in (">", ">=", "=="):
                    lows.append((other, 1 if op == ">" else 0))
                if op in ("<", "<=", "=="):
                    highs.append((other, -1 if op == "<" else 0))
                continue
            body = self.inline(part, depth)
            if body is not None:
                lo, hi = self.bounds(body, var, depth + 1)
                lows += lo
                highs += hi
        return lows, highs


def _meet(a: frozenset, b: frozenset) -> frozenset:
    """Both restrictions: a single reference survives when its word is allowed by the other."""
    def inside(x, other):
        return x in other or (" " in x and x.split(" ")[0] in other)
    return frozenset(x for x in a if inside(x, b)) | frozenset(x for x in b if inside(x, a))


# ------------------------------------------------------------ the plan of one action

@dataclass
class _Param:
    name: str
    type: str
    tests: list = field(default_factory=list)  # the parts whose last parameter read is this one
    # Those reading no other parameter (`own`), compiled as one: env -> True, False or None
    # (Engine.all_of): their answer depends on the value alone, so a value's is asked once a
    # state. When some part reads an earlier parameter too, `check` is all of them as one
    # (asked for every value with the values before; `own` then only for Move.viable).
    own: Any = None
    check: Any = None
    zones: frozenset | None = None  # card, cards: the ref words (or single refs) values come from
    zone_clauses: tuple = ()  # card: the `require` clauses `zones` was read from
    lows: list = field(default_factory=list)  # int: (compiled bound, offset)
    highs: list = field(default_factory=list)
    element_tests: list = field(default_factory=list)  # cards: (part, the lists read as [])


@dataclass
class _Plan:
    kind: str
    actor: str
    params: list[_Param]
    free: list  # (its refusal, part) of the `require` clauses that read no parameter (clause, part index while planned)
    # The same parts, the cheapest to ask first (for `Move.allowed`): (cost, index, part).
    cheap_first: list = field(default_factory=list)
    # The refusals (by id) of the parts that do not read the actor either: one refuses every
    # player alike.
    everyone: frozenset = frozenset()
    # The parameters after the first with parts reading them alone and a domain of their own
    # (for `Move.viable`).
    later_own: tuple = ()


def card_zones(engine: Engine, kind: str, name: str) -> frozenset | None:
    """The zones (or single references, `draw_pile 1`) a card parameter's values come from, as
    its requirements allow them; None when they do not say."""
    plan = _plans(engine).get(kind)
    param = next((p for p in plan.params if p.name == name), None) if plan is not None else None
    return param.zones if param is not None else None


def card_zone_clauses(engine: Engine, kind: str, name: str) -> tuple:
    """The `require` clauses that say which zones a card parameter's values come from (a
    defence's card: the hand or the top of the stack), in the order the spec gives them."""
    plan = _plans(engine).get(kind)
    param = next((p for p in plan.params if p.name == name), None) if plan is not None else None
    return param.zone_clauses if param is not None else ()


@functools.lru_cache(maxsize=64)
def _plans(engine: Engine) -> dict[str, _Plan]:
    batch: list = []
    plans = {kind: _plan(engine, kind, batch) for kind in engine.spec.actions}
    # Every part compiled at once: the compiled engine writes them as one generated module.
    many = getattr(engine, "compile_exprs", None)
    fns = many(batch) if many is not None else [
        engine.all_of(*part) if part[0].__class__ is tuple else engine.expr(*part) for part in batch]
    for plan in plans.values():
        plan.cheap_first = sorted(((_cost(engine, batch[i][0]), n, fns[i]) for n, (_, i) in enumerate(plan.free)),
                                  key=lambda c: c[:2])
        # Each clause's refusal made once (the same for every state it refuses).
        free = [(Rejection(clause.rule_id, clause.reason, clause.loc), fns[i]) for clause, i in plan.free]
        plan.everyone = frozenset(id(refusal) for (refusal, _), (_, i) in zip(free, plan.free)
                                  if plan.actor not in _names_in(batch[i][0]))
        plan.free = free
        plan.later_own = tuple(i for i, p in enumerate(plan.params)
                               if i > 0 and p.own is not None and p.type not in _BOUND_DOMAIN)
        for p in plan.params:
            p.check = None if p.check is None else fns[p.check]
            p.own = None if p.own is None else fns[p.own]
            p.element_tests = [(fns[i], empty) for i, empty in p.element_tests]
            p.lows = [(fns[i], k) for i, k in p.lows]
            p.highs = [(fns[i], k) for i, k in p.highs]
    return plans


def _cost(engine: Engine, node: Node, depth: int = 0) -> int:
    """A rough cost of evaluating a condition: its nodes, the definitions it calls counted
    in, a quantifier or a path over the board as ten times its body."""
    n = 1
    if node.kind == "call" and depth < MAX_INLINE:
        d = engine.spec.defines.get(node.args[0])
        if d is not None and d.body is not None:
            n += _cost(engine, d.body, depth + 1)
    for child in node.children():
        n += _cost(engine, child, depth + 1)
    return n * 10 if node.kind in ("quant", "reach") else n


def plan_listing(engine: Engine, kind: str) -> None:
    """Plan action `kind` as listing its legal actions plans it, for `bohnspec check`: a
    SpecRuntimeError when a parameter has nothing to range over."""
    _plan(engine, kind, [])


def _plan(engine: Engine, kind: str, batch: list) -> _Plan:
    """The plan of one action, its parts as indices into `batch` (the expressions to compile,
    with their scopes)."""
    decl = engine.spec.actions[kind]
    names = [p.name for p in decl.params]
    index = {n: i for i, n in enumerate(names)}
    scope = frozenset([decl.actor, *names])

    def later(node: Node) -> int:
        batch.append((node, scope))
        return len(batch) - 1
    reader = _Reader(engine)
    params = [_Param(p.name, p.type) for p in decl.params]
    free = []
    parts = [(c, part) for c in engine.spec.clauses_of(kind) if c.kind == "require"
             for part in conjuncts(c.condition)]
    lists = frozenset(p.name for p in decl.params if p.type == "cards")
    for clause, part in parts:
        reads = _names_in(part) & set(names)
        if not reads:
            free.append((clause, later(part)))
            continue
        last = max(index[n] for n in reads)
        params[last].tests.append(part)
    for p in params:
        own = tuple(t for t in p.tests if _names_in(t) & set(names) == {p.name})
        if own:  # one conjunction, asked once for every value
            batch.append((own, scope))
            p.own = len(batch) - 1
        if len(own) < len(p.tests):  # all of them as one, asked for every value with the values before
            batch.append((tuple(p.tests), scope))
            p.check = len(batch) - 1
    for i, p in enumerate(params):
        mine = [part for _, part in parts if p.name in _names_in(part)]
        if p.type == "card":
            read = [(clause, reader.zones(part, p.name)[0]) for clause, part in parts if p.name in _names_in(part)]
            known = [z for _, z in read if z is not None]
            p.zones = functools.reduce(_meet, known) if known else None
            p.zone_clauses = tuple({id(c): c for c, z in read if z is not None}.values())
        elif p.type == "cards":
            # Later lists read by a part are empty while this one's elements are tried alone.
            later_lists = frozenset(n for n in names[i + 1:] if n in lists)
            before = set(names[:i])
            for part in mine:
                reads = _names_in(part) & set(names)
                if reads - before - {p.name} - later_lists or \
                        not reader.closed(part, frozenset([p.name]) | later_lists):
                    continue
                p.element_tests.append((later(part), tuple(reads & later_lists)))
                zones = reader.element_zones(part, p.name)
                if zones is not None:
                    p.zones = zones if p.zones is None else _meet(p.zones, zones)
        elif p.type == "int":
            too_late: set[str] = set()  # the parameters after it that a bound of it reads
            for part in mine:
                lows, highs = reader.bounds(part, p.name)
                bound_reads: set[str] = set().union(*(_names_in(e) for e, _ in lows + highs))
                if bound_reads & set(names[i:]):
                    too_late |= bound_reads & set(names[i + 1:])
                    continue  # a bound reading this or a later parameter is no bound yet
                p.lows += [(later(e), k) for e, k in lows]
                p.highs += [(later(e), k) for e, k in highs]
            if not p.lows or not p.highs:
                # (round 83's second designer was told to give a range his clause gave, whose
                # upper bound read a parameter declared after the number)
                why = (f"; a bound of it reads {', '.join(sorted(too_late))}, declared after it, whose value is "
                       f"not chosen yet: declare {p.name!r} after {', '.join(sorted(too_late))}") if too_late else ""
                raise SpecRuntimeError(
                    decl.loc, f"action {kind}: the number {p.name!r} has no range to choose from: "
                    f"give it one in a require clause (`require {p.name} >= 1 and {p.name} <= ...`){why}")
    return _Plan(kind, decl.actor, params, free)


# ------------------------------------------------------------ domains in a state

def _reach(engine: Engine, state: State, word: str) -> int:
    """How far references of one ref word run: the longest such zone of any player (the
    references of a list may be the other side's, an offer's `get`)."""
    if word == "field":
        word = engine.fields_zone
    elif engine.spec.zones[word].per_player is False:
        return len(state.zones.get(word, ()))
    return max((len(p.zones.get(word, ())) for p in state.players), default=0)


_UNASKED = object()
# The parameter types whose domain depends on the parameters before (a number's bounds) or is
# not a list of single values (a list of cards).
_BOUND_DOMAIN = frozenset({"int", "cards"})
# The parameter types whose values are decoded as they are given.
_AS_GIVEN = frozenset({"card", "cards", "player", "space", "variety", "int"})


class _Table:
    """What the moves of one state share: the state, one evaluation environment, how far the
    references of each ref word run, the references of each set of zones and the cards they
    name (each worked out when a card parameter first needs it)."""

    __slots__ = ("engine", "state", "env", "_reach", "words", "_refs", "_cards")

    def __init__(self, engine: Engine, state: State):
        self.engine, self.state = engine, state
        self.env = Env(engine, state)
        self._reach: dict[str, int] = {}
        self.words = _words(engine)
        self._refs: dict = {}
        self._cards: dict = {}

    def cards(self, owner: str, zones: frozenset | None) -> list:
        """The cards `refs(zones)` name, seen from `owner`'s side (None where there is none),
        in the same order; worked out once a state."""
        key = (owner, zones)
        out = self._cards.get(key)
        if out is None:
            out = self._cards[key] = self._list_cards(owner, zones)
        return out

    def _list_cards(self, owner: str, zones: frozenset | None) -> list:
        engine, state = self.engine, self.state
        decls = engine.spec.zones
        out: list = []
        for w in self.words:
            if zones is None or w in zones:
                n = self.reach(w)
                got: Sequence
                if w == "field":  # a field's reference names its top card
                    got = [f[-1] if f else None for f in state.player(owner).zones.get(engine.fields_zone, ())]
                else:
                    got = (state.player(owner).zones if decls[w].per_player else state.zones).get(w, ())
                out += got[:n]
                if len(got) < n:
                    out += [None] * (n - len(got))
        for single in self.refs(zones)[len(out):]:
            hit = B.resolve_ref(self.env, owner, single)
            out.append(hit[0][hit[1]] if hit else None)
        return out

    def reach(self, word: str) -> int:
        n = self._reach.get(word)
        if n is None:
            n = self._reach[word] = _reach(self.engine, self.state, word)
        return n

    def refs(self, zones: frozenset | None) -> list[str]:
        """The references to the positions of these zones (None: of every zone) and the single
        references among `zones`, as far as they run in this state (the same list for each
        call: not to be changed)."""
        refs = self._refs.get(zones)
        if refs is None:
            refs = self._refs[zones] = self._list_refs(zones)
        return refs

    def _list_refs(self, zones: frozenset | None) -> list[str]:
        refs: list[str] = []
        for w in self.words:
            if zones is None or w in zones:
                refs += _ref_names(w, self.reach(w))
        for single in zones or ():
            if " " in single:
                word, n = single.split(" ")
                # A reference the rules name themselves ("draw_pile 1") is theirs to judge, whatever
                # the zone holds now: the stack may be chosen with the draw pile empty (it is
                # renewed when the card is needed, ruling/reshuffle-when-needed), and the action's
                # own requirements keep or drop it like any other value.
                if word not in (zones or ()) and word in self.words:
                    refs.append(single)
        return refs


@functools.lru_cache(maxsize=1024)
def _ref_names(word: str, n: int) -> tuple[str, ...]:
    """The references `word 1` .. `word n`, made once (the same strings, their hashes kept,
    for every state)."""
    return tuple(f"{word} {k}" for k in range(1, n + 1))


@functools.lru_cache(maxsize=64)
def _words(engine: Engine) -> tuple[str, ...]:
    """The words a card reference may start with: the zones holding cards, and `field`."""
    return (*(z for z, d in engine.spec.zones.items() if d.kind != "fields"), "field")


class Move:
    """The legal actions of one action type for one player, whose timing allows it now."""

    __slots__ = ("table", "engine", "state", "plan", "player", "kind", "params", "_pools", "sure", "_refused",
                 "_held", "memo")

    def __init__(self, table: _Table, plan: _Plan, player: str):
        self.table, self.engine, self.state = table, table.engine, table.state
        self.plan, self.player, self.kind, self.params = plan, player, plan.kind, plan.params
        self._pools: dict = {}
        self._held: dict = {}  # holds' answers of the parts reading one parameter, by (index, value)
        self.memo: dict = {}  # what is worked out once for this move (Move.viable's answers)
        # False when a requirement reading no parameter could not be evaluated out of its
        # published place: every action is then confirmed by the full check.
        self.sure = True
        self._refused: object = _UNASKED

    def refusal(self) -> Rejection | None:
        """The refusal of a requirement of this move that reads no parameter (then no choice
        of parameters is legal), or None; asked once."""
        if self._refused is _UNASKED:
            refused = None
            if self.plan.free:
                env = self.table.env
                env.locals = {self.plan.actor: self.player}
                refused, self.sure = _refusal(env, self.plan)
            self._refused = refused
        return self._refused  # type: ignore[return-value]

    def allowed(self) -> bool:
        """Whether no requirement of this move that reads no parameter refuses (refusal() is
        None), its cheapest parts asked first: for a yes or no, not which rule refuses."""
        if self._refused is not _UNASKED or len(self.plan.free) < 2:
            return self.refusal() is None
        env = self.table.env
        env.locals = {self.plan.actor: self.player}
        try:
            for _, _, test in self.plan.cheap_first:
                if not test(env):
                    return False
        except SpecRuntimeError:
            return self.refusal() is None  # out of its published place: the published order
        return True

    def __repr__(self) -> str:
        return f"Move({self.kind!r}, {self.player!r})"

    # -- one parameter at a time
    def domain(self, i: int, bound: dict) -> list:
        """The well-formed values of parameter `i` (for a list of cards: the references its
        elements may be), before the requirements reading it are asked."""
        p = self.params[i]
        t = p.type
        state = self.state
        if t in ("field", "target"):
            n = len(state.player(self.player).zones.get(self.engine.fields_zone, ()))
            return [*range(1, n + 1), "discard"] if t == "target" else list(range(1, n + 1))
        if t == "player":
            return state.names()
        if t == "space":
            return list(state.board.ids) if state.board is not None else []
        if t == "variety":
            return list(self.engine.spec.varieties)
        if t == "int":
            env = self._env(bound)
            try:
                lo = max(e(env) + k for e, k in p.lows)
                hi = min(e(env) + k for e, k in p.highs)
            except (SpecRuntimeError, TypeError):
                return []
            return list(range(lo, hi + 1))
        if t == "card":
            return list(self.table.refs(p.zones))
        if t == "cards":
            return self.pool(i, bound)
        return []

    def _env(self, bound: dict) -> Env:
        env = self.table.env
        env.locals = {self.plan.actor: self.player, **bound}
        return env

    def _decode(self, p: _Param, raw):
        t = p.type
        if t == "field" or t == "target":
            return "discard" if raw == "discard" else field_ref(self.player, raw)
        if t in _AS_GIVEN:
            return raw
        return self.engine._decode_param(self.state, self.kind, self.player, p, raw)

    def holds(self, i: int, bound: dict, raw) -> bool | None:
        """Whether the requirements whose last parameter is `i` hold for `raw` (with the
        earlier parameters `bound`, decoded): True, False, or None when a part could not be
        evaluated out of its published place (the full check decides)."""
        p = self.params[i]
        check = p.check
        if check is None:
            # Only parts reading this value alone: an agent drawing the parameter again (for
            # another earlier value, or a look-ahead trying several) asks the same values, so
            # their answers are kept (`_own`).
            return True if p.own is None else self._own(i, p, raw)
        env = self.table.env
        local = {self.plan.actor: self.player}
        if bound:
            local.update(bound)
        local[p.name] = self._decode(p, raw)
        env.locals = local
        return check(env)

    def _own(self, i: int, p: _Param, raw) -> bool | None:
        """Whether the parts reading parameter `i` alone hold for `raw` (kept, as in `holds`)."""
        if p.type == "cards":  # a list: not kept
            key = None
            got = _UNASKED
        else:
            key = (i, raw)
            got = self._held.get(key, _UNASKED)
        if got is _UNASKED:
            env = self.table.env
            env.locals = {self.plan.actor: self.player, p.name: raw if p.type in _AS_GIVEN else self._decode(p, raw)}
            got = p.own(env)
            if key is not None:
                self._held[key] = got
        return got  # type: ignore[return-value]

    def viable(self, start: int = 1) -> bool:
        """False when a parameter from `start` on has no value at all that the requirements
        reading it alone allow (then no choice of the ones before makes the move legal: an
        agent need not try more of them to find out); True when each may have one. Each is
        asked until a value passes, and the answers are kept."""
        for i in self.plan.later_own:
            if i < start:
                continue
            key = ("viable", i)
            ok = self.memo.get(key)
            if ok is None:
                p = self.params[i]
                ok = self.memo[key] = not all(self._own(i, p, v) is False for v in self.domain(i, {}))
            if not ok:
                return False
        return True

    def pool(self, i: int, bound: dict) -> list[str]:
        """The references the elements of list parameter `i` may be: those of its zones for
        which every requirement that holds for each element alone holds."""
        p = self.params[i]
        key = (i, tuple((k, repr(v)) for k, v in bound.items()))
        if key in self._pools:
            return self._pools[key]
        out = [ref for ref in self.table.refs(p.zones) if self.element_holds(i, bound, ref)]
        self._pools[key] = out
        return out

    def element_holds(self, i: int, bound: dict, ref: str) -> bool:
        """Whether `ref` may be an element of list parameter `i`: every requirement that holds
        for each element alone holds for it (one that cannot be evaluated here is left to the
        check of the whole list)."""
        p = self.params[i]
        env = self._env(bound)
        env.locals[p.name] = [ref]
        for test, empty in p.element_tests:
            for n in empty:
                env.locals[n] = []
            try:
                if not test(env):
                    return False
            except SpecRuntimeError:
                pass
        return True

    def alone(self, i: int) -> list:
        """The values of scalar parameter `i` that the requirements reading it alone allow,
        whatever the other parameters are (where a player's riders may ride from)."""
        p = self.params[i]
        return list(self.domain(i, {})) if p.own is None else \
            [v for v in self.domain(i, {}) if self._own(i, p, v) is not False]

    def values(self, i: int, bound: dict) -> list:
        """The values of scalar parameter `i` that the requirements reading it and the earlier
        parameters (`bound`, decoded) allow."""
        return [v for v in self.domain(i, bound) if self.holds(i, bound, v) is not False]

    # -- whole actions
    def action(self, raws: list) -> dict:
        a = {"type": self.kind, "player": self.player}
        a.update({p.name: v for p, v in zip(self.params, raws)})
        return a

    def confirm(self, raws: list) -> bool:
        """The engine's full check, in the published order (for a value left undecided). An
        error of the rules met there is the rules' error, as it would be for the action played:
        it is raised, never taken for a refusal (round 83's designer's action, whose `require`
        failed in play, vanished from simulate and from judge's moves without a word)."""
        try:
            _, _, values = self.engine.decode(self.state, self.action(raws))
        except ActionError:
            return False
        return self.engine.check_after_timing(self.state, self.kind, self.player, values) is None

    def actions(self, max_list: int | None = None, every_order: bool = True) -> Iterator[dict]:
        """Every legal action of this move. Lists of cards name at most `max_list` cards
        (None: any number), each choice of cards in every order or once, in reference order."""
        if self.refusal() is None:
            yield from self._walk(0, {}, [], self.sure, max_list, every_order)

    def _walk(self, i, bound, raws, sure, max_list, every_order):
        if i == len(self.params):
            if sure or self.confirm(raws):
                yield self.action(raws)
            return
        p = self.params[i]
        if p.type == "cards":
            pool = self.pool(i, bound)
            most = len(pool) if max_list is None else min(max_list, len(pool))
            pick = itertools.permutations if every_order else itertools.combinations
            candidates: Iterable[Any] = (list(c) for k in range(most + 1) for c in pick(pool, k))
        else:
            candidates = self.domain(i, bound)
        for raw in candidates:
            ok = self.holds(i, bound, raw)
            if ok is False:
                continue
            yield from self._walk(i + 1, {**bound, p.name: self._decode(p, raw)}, [*raws, raw],
                                  sure and ok is True, max_list, every_order)

    def first(self) -> dict | None:
        """One legal action (the first found), or None when there is none."""
        return next(self.actions(max_list=1, every_order=False), None)


def moves(engine: Engine, state: State, rejections: dict | None = None) -> list[Move]:
    """The (action type, player) pairs whose timing allows them now and whose requirements
    reading no parameter hold, as Moves; a pair whose requirements refuse is counted in
    `rejections` (by rule) when given."""
    out = []
    for move in timely(engine, state):
        refused = move.refusal()
        if refused is None:
            out.append(move)
        elif rejections is not None:
            rejections[refused.rule] = rejections.get(refused.rule, 0) + 1
    return out


def move_of(engine: Engine, state: State, kind: str, player: str) -> Move | None:
    """The Move of one action type for one player whatever its timing says (None: no such
    type): its parameters' domains, for a move the rules refuse now to be judged with (judge)."""
    plan = _plans(engine).get(kind)
    return Move(_Table(engine, state), plan, player) if plan is not None else None


def timely(engine: Engine, state: State) -> list[Move]:
    """The (action type, player) pairs whose timing allows them now, as Moves whose
    requirements reading no parameter are not asked yet (Move.refusal asks them): an agent
    that takes the first pair it draws asks them of that pair alone."""
    return list(Timely(engine, state))


class Timely:
    """`timely` for an agent that looks at a few of the pairs: `pairs`, the (action type,
    player) pairs whose timing allows them now; `found[i]`, the i-th as a Move, made when
    first asked."""

    __slots__ = ("table", "pairs", "_plans", "_made")

    def __init__(self, engine: Engine, state: State):
        self.table = _Table(engine, state)
        self.pairs = [] if state.over else enabled(engine, state, self.table.env)
        self._plans = _plans(engine)
        self._made: dict[int, Move] = {}

    def __len__(self) -> int:
        return len(self.pairs)

    def __getitem__(self, i: int) -> Move:
        m = self._made.get(i)
        if m is None:
            kind, player = self.pairs[i]
            m = self._made[i] = Move(self.table, self._plans[kind], player)
        return m

    def __iter__(self) -> Iterator[Move]:
        return (self[i] for i in range(len(self.pairs)))


# ------------------------------------------------------------ timing, each condition once

def _shape(node) -> object:
    """A node as a value: its kind and arguments without locations (two parts written alike
    in two actions are one condition)."""
    if isinstance(node, Node):
        return (node.kind, tuple(_shape(a) for a in node.args))
    if isinstance(node, tuple):
        return tuple(_shape(a) for a in node)
    return node


@dataclass
class _Timing:
    # per action type in the engine's order: (type, actor, its group, the filter of the players
    # its bound test lets act, pin)
    kinds: list
    free: list  # per group: the test the group's action types share (None: nothing to ask)
    # On the compiled engine, all of it as one generated function (env, names, ask) -> pairs.
    whole: Any = None
    # A group whose action types the engine's own `timing` asks, player by player.
    ASK_ENGINE = -1


@functools.lru_cache(maxsize=64)
def _timing(engine: Engine) -> _Timing:
    """Engine.enabled's conditions, compiled (on the compiled engine, as one generated function)
    as two per action type: what does not mention the actor (`not` each forbid covering it, and
    the `when` parts that do not), and the `when` parts that do, or None when there are none.
    Action types whose first condition is written alike form a group that asks it once."""
    spec = engine.spec
    batch: list = []
    groups: dict = {}
    kinds: list[tuple[str, str, int, int | None, int | None]] = []
    # The same as nodes, for the generated function: per group its condition, per action type
    # (type, actor, group, bound condition, pin, scope).
    group_nodes: list[Node | None] = []
    kind_nodes: list[tuple] = []
    for kind in engine._shortcuts:
        decl = spec.actions[kind]
        forbids = [_part(f.condition, f) for f in spec.forbids if f.covers(kind)]
        free = [Node("not", (cond,), cond.loc) for cond in forbids]
        bound: list[Node] = []
        for c in spec.clauses_of(kind):
            if c.kind == "when":
                for part in conjuncts(c.condition):
                    (bound if decl.actor in _names_in(part) else free).append(part)
        scope = frozenset([decl.actor, *(p.name for p in decl.params)])
        if any(_names_in(cond) & scope for cond in forbids):
            # A forbid naming what the action's scope would shadow (the engine asks forbids
            # with none): not merged with the `when` parts.
            kinds.append((kind, decl.actor, _Timing.ASK_ENGINE, None, None))
            kind_nodes.append((kind, decl.actor, _Timing.ASK_ENGINE, None, None, scope))
            continue
        free_node = Node("and", (tuple(free),), decl.loc) if free else None
        # A condition reading a parameter (none should) is asked for its action type alone.
        key = (_shape(free_node), kind if free_node is not None and _names_in(free_node) & scope else None)
        if key not in groups:
            groups[key] = (len(groups), None if free_node is None else len(batch))
            group_nodes.append(free_node)
            if free_node is not None:
                batch.append((free_node, scope))
        bound_at = pin_at = None
        bound_node = pin = None
        if bound:
            bound_at = len(batch)
            bound_node = Node("and", (tuple(bound),), decl.loc)
            batch.append((bound_node, scope, decl.actor))
            # `p == active` first: no other player passes it, so only the one it names is asked.
            pin = _pinned(bound[0], decl.actor, scope)
            if pin is not None:
                pin_at = len(batch)
                batch.append((pin, scope))
        kinds.append((kind, decl.actor, groups[key][0], bound_at, pin_at))
        kind_nodes.append((kind, decl.actor, groups[key][0], bound_node, pin, scope))
    whole = getattr(engine, "compile_enabled", None)
    if whole is not None:
        # The compiled engine writes all of it as one function: the pieces are not needed.
        return _Timing([], [], whole(group_nodes, kind_nodes, _UNASKED))
    fns = [engine.filter(*part) if len(part) == 3 else engine.expr(*part) for part in batch]
    return _Timing([(k, a, g, None if b is None else fns[b], None if w is None else fns[w])
                    for k, a, g, b, w in kinds],
                   [None if i is None else fns[i] for _, i in groups.values()])


def _pinned(part: Node, actor: str, scope: frozenset) -> Node | None:
    """The expression a `when` part `actor == X` (or `X == actor`) pins the actor to, when X
    reads neither the actor nor a parameter (None: the part pins nothing)."""
    if part.kind != "compare" or part.args[1] != "==":
        return None
    left, _, right = part.args
    for a, b in ((left, right), (right, left)):
        if a.kind == "name" and a.args[0] == actor and not (_names_in(b) & scope):
            return b
    return None


def enabled(engine: Engine, state: State, env: Env | None = None) -> list[tuple[str, str]]:
    """Engine.enabled: the (action type, player) pairs whose timing allows them now, the same
    list, with each condition that several action types share asked once."""
    names = state.names()
    env = env if env is not None else Env(engine, state)
    timing = _timing(engine)
    if timing.whole is not None:
        def ask(kind: str, names: list[str]) -> list[tuple[str, str]]:
            return [(kind, p) for p in names if engine.timing(state, kind, p) is None]
        return timing.whole(env, names, ask)
    free = timing.free
    asked: list = [None] * len(free)
    out: list[tuple[str, str]] = []
    for kind, _actor, group, bound, pin in timing.kinds:
        ok = asked[group] if group != _Timing.ASK_ENGINE else _UNASKED
        if ok is None:
            test = free[group]
            env.locals = {}
            try:
                ok = asked[group] = test is None or bool(test(env))
            except SpecRuntimeError:
                ok = asked[group] = _UNASKED
        if ok is _UNASKED:
            # Out of its published place: the engine's own timing, in the published order.
            out.extend((kind, p) for p in names if engine.timing(state, kind, p) is None)
            continue
        if not ok:
            continue
        if bound is None:
            out.extend((kind, p) for p in names)
            continue
        who = names
        if pin is not None:
            env.locals = {}
            try:
                one = pin(env)
                who = [one] if one in names else []
            except SpecRuntimeError:
                pass  # each player asks it in its published place
        for p in bound(env, who):
            out.append((kind, p))
    env.locals = {}
    return out


def _refusal(env: Env, plan: _Plan) -> tuple[Rejection | None, bool]:
    """The refusal of a requirement reading no parameter (None: none refuses), and whether
    every one could be evaluated."""
    sure = True
    for refusal, test in plan.free:
        try:
            if not test(env):
                return refusal, sure
        except SpecRuntimeError:
            sure = False  # out of its published place: the full check decides
    return None, sure


# The longest list of cards `legal_actions` names (lists are exponentially many).
LISTED_CARDS = 2


def legal_actions(engine: Engine, state: State, max_list: int | None = LISTED_CARDS,
                  limit: int | None = None) -> list[dict]:
    """Every legal action of the state, each list of cards naming at most `max_list` cards,
    each choice of cards once (in reference order); the first `limit` of them when given (the
    enumeration stops there: two hands of thirty cards offer some 700,000 trades)."""
    found = (a for m in moves(engine, state) for a in m.actions(max_list=max_list, every_order=False))
    return list(itertools.islice(found, limit)) if limit is not None else list(found)
