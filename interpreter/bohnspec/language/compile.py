"""Parse tree -> rules model (a lark Transformer): declarations and expression nodes.

Each grammar rule has one method that receives its children by name (lark's
`v_args(inline=True)`); optional parts of a rule arrive in `*rest`. Optional pieces are told
apart by type (a citation list is a `_Cites`, an expression a `Node`, a name or text a `Token`)
or, for the parts of a block such as a board's rows and spaces, by a tag: `("row", shift, cells)`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token, Transformer, v_args
from lark.exceptions import VisitError
from lark.tree import Meta

from ..errors import Location, RulesSyntaxError
from .model import (
    Action, Board, Card, Category, CategoryExtension, Clause, Define, Drop, EndRule, Exempt, Extend, Forbid, Handler,
    Invariant, Module, Node,
    Option, Param, Phase, Players, Procedure, Ruling, RulesFile, Setup, Turn, Var, Variety, VarietyExtension, Vine,
    VineEvent, Winners, Zone,
)
from .parse import parse


def compile_text(text: str, filename: str) -> RulesFile:
    """Parse and transform one rules file. Declarations belong to the module last opened."""
    try:
        tree = parse(text, filename)
        model = _ToModel(filename)
        decls = model.transform(tree)
    except RecursionError:
        raise _too_deep(text, filename) from None
    except VisitError as exc:
        if isinstance(exc.orig_exc, RecursionError):
            raise _too_deep(text, filename) from None
        raise
    out = RulesFile(filename, cite_places=model.cite_places)
    module = ""
    for d in decls:
        if isinstance(d, Module):
            module = d.name
        out.decls.append(d if d.module == module else replace(d, module=module))
    return out


def _too_deep(text: str, filename: str) -> RulesSyntaxError:
    """A text nested deeper than Python's stack reads (hundreds of blocks in blocks, thousands
    of brackets or `not`s), placed where its nesting is deepest."""
    depth = deepest = 0
    where = (1, 1)
    for n, line in enumerate(text.splitlines(), 1):
        code = line.split("//", 1)[0]
        for c, ch in enumerate(code, 1):
            if ch in "({[":
                depth += 1
                if depth > deepest:
                    deepest, where = depth, (n, c)
            elif ch in ")}]":
                depth -= 1
    said = f"{deepest} levels of blocks and brackets" if deepest >= 50 else "thousands of levels of `not` or signs"
    return RulesSyntaxError(Location(filename, *where), f"nested too deep to read ({said}): write it flatter, or "
                                                        "split it into procedures or definitions")


_ESCAPES = {'"': '"', "\\": "\\", "n": "\n", "t": "\t"}


def _text(tok: Token) -> str:
    """The value of a quoted text; the grammar admits only the escapes listed here."""
    raw = str(tok)
    if not raw.startswith('"'):
        return raw
    out, i, body = [], 0, raw[1:-1]
    while i < len(body):
        if body[i] == "\\" and i + 1 < len(body):
            out.append(_ESCAPES.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(body[i])
            i += 1
    return "".join(out)


class _Cites(tuple):
    """A `cites` list while the tree is transformed (the model holds a plain tuple)."""


class _Covers(tuple):
    """A module's `covers` list of rulebook sections while the tree is transformed."""


class _Aka(tuple):
    """A variety's or card's other names, or an action's other verbs, while the tree is transformed."""


def _other_names(rest: tuple) -> tuple[tuple[str, ...], tuple]:
    """A declaration's `aka` names, if its parts after the title begin with them, and the rest."""
    if rest and isinstance(rest[0], _Aka):
        return tuple(rest[0]), rest[1:]
    return (), rest


# A zone's `default rest` among the parts of its declaration.
_REST = object()


class _Label(str):
    """The name a forbid is declared with (`forbid NAME: ...`)."""


class _DropKind(str):
    """The kind of clause a `drop` takes out (`when`, `require` or `grant`)."""


class _Resets(tuple):
    """The events of a variable's `reset on ...`, told apart from its other parts."""


def _split(parts: tuple[Any, ...]) -> tuple[list[Any], tuple[str, ...]]:
    """The parts other than the citation list, and the citations (() when there are none)."""
    rest = [p for p in parts if not isinstance(p, _Cites)]
    cites = next((tuple(p) for p in parts if isinstance(p, _Cites)), ())
    return rest, cites


def _is_token(part: Any, kind: str) -> bool:
    return isinstance(part, Token) and part.type == kind


@v_args(meta=True, inline=True)
class _ToModel(Transformer):
    def __init__(self, filename: str):
        super().__init__()
        self.filename = filename
        self.cite_places: dict[str, list[tuple[int, int]]] = {}

    def _loc(self, meta: Meta) -> Location:
        if getattr(meta, "empty", True):
            return Location(self.filename, 0, 0)
        return Location(self.filename, meta.line, meta.column)

    def _node(self, kind: str, meta: Meta, *args: Any) -> Node:
        return Node(kind, tuple(args), self._loc(meta))

    # ------------------------------------------------------------ top level
    def start(self, meta, *decls):
        return list(decls)

    def cites(self, meta, *ids):
        for c in ids:  # (where each stands: an unknown one is told there, round 83's designer)
            self.cite_places.setdefault(str(c), []).append((c.line or 0, c.column or 0))
        return _Cites(str(c) for c in ids)

    def name_list(self, meta, *names):
        return tuple(str(n) for n in names)

    def module_covers(self, meta, *sections):
        return _Covers(str(s) for s in sections)

    def module(self, meta, name, *rest):
        parts, cites = _split(rest)
        requires = next((p for p in parts if not isinstance(p, _Covers)), ())
        covers = next((tuple(p) for p in parts if isinstance(p, _Covers)), ())
        return Module(str(name), str(name), cites, self._loc(meta), requires=requires, covers=covers)

    def variety(self, meta, name, title, *rest):
        aka, rest = _other_names(rest)
        count, meter, *more = rest
        parts, cites = _split(tuple(more))
        in_play = parts[0] if parts else None
        return Variety(str(name), "", cites, self._loc(meta), title=_text(title), aka=aka,
                       count=int(count), meter=meter, in_play=in_play)

    def aka(self, meta, *names):
        return _Aka(_text(n) for n in names)

    def meter(self, meta, *cells):
        return tuple(cells)

    def meter_special(self, meta):
        return None

    def threshold(self, meta, cards):
        return int(cards)

    def no_threshold(self, meta):
        return None

    def in_play(self, meta, condition):
        return condition

    def option(self, meta, name, values, default, *rest):
        _, cites = _split(rest)
        return Option(str(name), "", cites, self._loc(meta), values=values, default=str(default))

    def shared(self, meta):
        return False

    def per_player(self, meta):
        return True

    def zone(self, meta, name, kind, per_player, *rest):
        parts, cites = _split(rest)
        cards = next((p for p in parts if p is not _REST), "beans")
        return Zone(str(name), "", cites, self._loc(meta), kind=str(kind), per_player=per_player, cards=cards,
                    rest=_REST in parts)

    def zone_cards(self, meta, category):
        return str(category)

    def zone_rest(self, meta):
        return _REST

    def vine_met(self, meta, condition):
        return ("met", condition)

    def vine_claim(self, meta, condition):
        return ("claim", condition)

    def vine_on(self, meta, event, *rest):
        *keys, condition = rest
        return ("on", VineEvent(str(event), keys[0] if keys else (), condition))

    def vine(self, meta, name, text, holder, *rest):
        parts, cites = _split(rest)
        in_play = next((p for p in parts if isinstance(p, Node)), None)
        tasks = [p for p in parts if not isinstance(p, Node)]
        return Vine(str(name), "", cites, self._loc(meta), text=_text(text), holder=str(holder),
                    met=tuple(c for kind, c in tasks if kind == "met"),
                    claim=tuple(c for kind, c in tasks if kind == "claim"),
                    events=tuple(e for kind, e in tasks if kind == "on"), in_play=in_play)

    def var(self, meta, name, vtype, *rest):
        parts, cites = _split(rest)
        resets = next((p for p in parts if isinstance(p, _Resets)), _Resets())
        *scopes, default = [p for p in parts if not isinstance(p, _Resets)]
        words = next((_text(p) for p in scopes if _is_token(p, "STRING")), "")
        return Var(str(name), "", cites, self._loc(meta), type=str(vtype),
                   per_player="each_player" in scopes, per_space="each_space" in scopes, default=default,
                   words=words, resets=tuple((e, k) for e, k, _ in resets),
                   reset_places=tuple(loc for _, _, loc in resets))

    def var_reset(self, meta, *events):
        return _Resets(events)

    def reset_event(self, meta, event, key=None):
        # `moved(player)`: the event and the key naming whose value goes back ("" for everyone's),
        # and where it is written (an unknown event is told there, not at the `var`)
        return (str(event), str(key) if key is not None else "", self._loc(meta))

    def internal_var(self, meta, var):
        return replace(var, internal=True)

    def each_player(self, meta):
        return "each_player"

    def each_space(self, meta):
        return "each_space"

    def attr_values(self, meta, *values):
        return tuple(values)

    def attr_value(self, meta, name, value):
        return (str(name), int(value))

    def category(self, meta, name, *rest):
        parts, cites = _split(rest)
        attrs = parts[0] if parts else ()
        return Category(str(name), "", cites, self._loc(meta), attrs=attrs)

    def variety_extension(self, meta, name, in_play, *rest):
        _, cites = _split(rest)
        return VarietyExtension(str(name), "", cites, self._loc(meta), in_play=in_play)

    def category_extension(self, meta, name, attrs, *rest):
        _, cites = _split(rest)
        return CategoryExtension(str(name), "", cites, self._loc(meta), attrs=attrs)

    def card(self, meta, name, title, *rest):
        aka, rest = _other_names(rest)
        category, count, *more = rest
        parts, cites = _split(tuple(more))
        attrs = next((p for p in parts if not isinstance(p, Node)), ())
        in_play = next((p for p in parts if isinstance(p, Node)), None)
        return Card(str(name), "", cites, self._loc(meta), title=_text(title), aka=aka, category=str(category),
                    count=int(count), attrs=attrs, in_play=in_play)

    def invariant(self, meta, *parts):
        rest, cites = _split(parts)
        var = str(rest.pop(0)) if _is_token(rest[0], "NAME") else None
        condition, reason, *at = rest
        return Invariant("invariant", "", cites, self._loc(meta), var=var, condition=condition,
                         reason=_text(reason), field=_text(at[0]) if at else "")

    def board_players(self, meta, count):
        return ("players", int(count))

    def board_when(self, meta, condition):
        return ("when", condition)

    def board_row(self, meta, shift, *cells):
        return ("row", int(shift), tuple(cells), self._loc(meta))

    def board_space(self, meta, sid, cell="*"):
        return ("space", _text(sid), cell, self._loc(meta))

    def board_edge(self, meta, a, b):
        return ("edge", _text(a), _text(b), self._loc(meta))

    def cell_card(self, meta, card):
        return str(card)

    def cell_dealt(self, meta):
        return "*"

    def cell_hole(self, meta):
        return "-"

    def board(self, meta, name, *rest):
        parts, cites = _split(rest)
        title, geometry, players, when = "", "offset", None, None
        rows: list[tuple[int, tuple[str, ...]]] = []
        spaces: list[tuple[str, str]] = []
        edges: list[tuple[str, str]] = []
        locs: list[tuple[str, int, Location]] = []
        for p in parts:
            match p:
                case Token(type="STRING"):
                    title = _text(p)
                case Token(type="GEOMETRY"):
                    geometry = str(p)
                case ("players", count):
                    players = count
                case ("when", condition):
                    when = condition
                case ("row", shift, cells, loc):
                    locs.append(("row", len(rows), loc))
                    rows.append((shift, cells))
                case ("space", sid, cell, loc):
                    locs.append(("space", len(spaces), loc))
                    spaces.append((sid, cell))
                case ("edge", a, b, loc):
                    locs.append(("edge", len(edges), loc))
                    edges.append((a, b))
        return Board(str(name), "", cites, self._loc(meta), title=title, geometry=geometry, players=players,
                     when=when, rows=tuple(rows), spaces=tuple(spaces), edges=tuple(edges), part_locs=tuple(locs))

    def define(self, meta, name, *rest):
        parts, cites = _split(rest)
        *params, body = parts
        # `define f() = ...` (no names between the parentheses) is a constant, like `define f = ...`.
        return Define(str(name), "", cites, self._loc(meta), params=params[0] if params else None, body=body)

    def phase(self, meta, name, *rest):
        parts, cites = _split(rest)
        title = ""
        aka: tuple[str, ...] = ()
        on_enter: tuple = ()
        for p in parts:
            if _is_token(p, "STRING"):
                title = _text(p)
            elif isinstance(p, _Aka):
                aka = tuple(p)
            else:
                on_enter = on_enter + p
        return Phase(str(name), "", cites, self._loc(meta), title=title, aka=aka, on_enter=on_enter)

    def phase_part(self, meta, block):
        return block

    def turn(self, meta, phases, *rest):
        _, cites = _split(rest)
        return Turn("turn", "", cites, self._loc(meta), phases=phases)

    def players(self, meta, least, *rest):
        parts, cites = _split(rest)
        most = int(parts[0]) if parts else int(least)
        return Players(Players.span(int(least), most), "", cites, self._loc(meta), least=int(least), most=most)

    # ------------------------------------------------------------ actions
    def param(self, meta, ptype, name):
        return Param(str(ptype), str(name))

    def params(self, meta, *params):
        return ("params", tuple(params))

    def when_clause(self, meta, condition, reason, *rest):
        _, cites = _split(rest)
        return Clause("when", condition, _text(reason), cites, self._loc(meta))

    def require_clause(self, meta, condition, reason, *rest):
        _, cites = _split(rest)
        return Clause("require", condition, _text(reason), cites, self._loc(meta))

    def grant_clause(self, meta, *rest):
        parts, cites = _split(rest)
        condition = parts[0] if parts else Node("const", (True,), self._loc(meta))
        return Clause("grant", condition, "", cites, self._loc(meta))

    def effect(self, meta, block):
        return ("effect", block)

    def action(self, meta, name, *rest):
        parts, cites = _split(rest)
        params: tuple = ()
        title = ""
        aka: tuple[str, ...] = ()
        actor = None
        clauses = []
        effect: tuple = ()
        for p in parts:
            match p:
                case _Aka():  # first: a tuple, which the patterns below could take for theirs
                    aka = tuple(p)
                case ("params", given):
                    params = given
                case Token(type="NAME") if actor is None:
                    actor = str(p)
                case Token(type="STRING"):
                    title = _text(p)
                case Clause():
                    clauses.append(p)
                case ("effect", block):
                    effect = effect + block
        return Action(str(name), "", cites, self._loc(meta), actor=actor or "p", title=title, aka=aka,
                      params=params, clauses=tuple(clauses), effect=effect)

    def extend(self, meta, name, *parts):
        return Extend(str(name), "", (), self._loc(meta), clauses=tuple(p for p in parts if isinstance(p, Clause)),
                      drops=tuple(p for p in parts if isinstance(p, Drop)))

    def drop_kind(self, meta, word):
        return _DropKind(str(word))

    def drop_clause(self, meta, *parts):
        rest, cites = _split(parts)
        kind = next((str(p) for p in rest if isinstance(p, _DropKind)), None)
        paragraphs = tuple(str(p) for p in rest if _is_token(p, "CITE"))
        return Drop(kind, paragraphs, cites, self._loc(meta))

    def forbid_all(self, meta):
        return (None, ())

    def forbid_all_but(self, meta, but):
        return (None, but)

    def forbid_these(self, meta, actions):
        return (actions, ())

    def forbid_label(self, meta, name):
        return _Label(name)

    def forbid(self, meta, *parts):
        label = ""
        if isinstance(parts[0], _Label):
            label, parts = str(parts[0]), parts[1:]
        target, condition, reason, *rest = parts
        _, cites = _split(tuple(rest))
        actions, but = target
        name = label or ("all" if actions is None else ",".join(actions))
        return Forbid(f"forbid {name}", "", cites, self._loc(meta), actions=actions, but=but,
                      condition=condition, reason=_text(reason), label=label)

    def exempt(self, meta, name, actions, *rest):
        _, cites = _split(rest)
        return Exempt(str(name), "", cites, self._loc(meta), actions=tuple(actions))

    def procedure(self, meta, name, *rest):
        parts, cites = _split(rest)
        *params, body = parts
        return Procedure(str(name), "", cites, self._loc(meta), params=params[0] if params else (), body=body)

    def handler(self, meta, event, *rest):
        parts, cites = _split(rest)
        *params, body = parts
        return Handler(str(event), "", cites, self._loc(meta), params=params[0] if params else (), body=body)

    def end_rule(self, meta, condition, *rest):
        _, cites = _split(rest)
        return EndRule("end", "", cites, self._loc(meta), condition=condition)

    def winners(self, meta, var, *rest):
        keys, cites = _split(rest)
        return Winners("winners", "", cites, self._loc(meta), var=str(var), keys=tuple(keys))

    def setup(self, meta, *rest):
        (body,), cites = _split(rest)
        return Setup("setup", "", cites, self._loc(meta), body=body)

    def ruling(self, meta, name, question, decision, reason, *rest):
        _, cites = _split(rest)
        return Ruling(str(name), "", cites, self._loc(meta), question=_text(question), decision=_text(decision),
                      reason=_text(reason))

    # ------------------------------------------------------------ statements
    def block(self, meta, *stmts):
        return tuple(stmts)

    def let_stmt(self, meta, name, value):
        return self._node("let", meta, str(name), value)

    def assign(self, meta, target, value):
        return self._node("assign", meta, target, value)

    def target_var(self, meta, name):
        return ("var", str(name))

    def target_attr(self, meta, obj, attr):
        return ("attr", str(obj), str(attr))

    def move(self, meta, selection, position, dest):
        where = "top" if str(position) in ("top", "front") else "bottom"
        return self._node("move", meta, selection, where, dest)

    def sel_first(self, meta, *rest):
        *count, source = rest
        return self._node("first", meta, count[0] if count else None, source)

    def sel_last(self, meta, source):
        return self._node("last", meta, source)

    def sel_all(self, meta, source):
        return self._node("all", meta, source)

    def sel_item(self, meta, index, source):
        return self._node("item", meta, index, source)

    def sel_refs(self, meta, refs, source):
        return self._node("refs", meta, refs, source)

    def sel_each(self, meta, cards, source):
        return self._node("each", meta, cards, source)

    def give_fields(self, meta, count, player):
        return self._node("give_fields", meta, count, player)

    def reshuffle(self, meta, source, dest):
        return self._node("reshuffle", meta, source, dest)

    def goto(self, meta, phase):
        return self._node("goto", meta, str(phase))

    def goto_next(self, meta):
        return self._node("goto_next", meta)

    def goto_first(self, meta):
        return self._node("goto_first", meta)

    def emit(self, meta, event, kwargs=()):
        return self._node("emit", meta, str(event), kwargs)

    def kwargs(self, meta, *pairs):
        return tuple(pairs)

    def kwarg(self, meta, key, value):
        return (str(key), value)

    def if_stmt(self, meta, condition, body, *rest):
        branches = [(condition, body)]
        orelse: tuple = ()
        for part in rest:
            match part:
                case ("elif", cond, block):
                    branches.append((cond, block))
                case ("else", block):
                    orelse = block
        return self._node("if", meta, tuple(branches), orelse)

    def elif_part(self, meta, condition, body):
        return ("elif", condition, body)

    def else_part(self, meta, body):
        return ("else", body)

    def for_stmt(self, meta, var, collection, body):
        return self._node("for", meta, str(var), collection, body)

    def repeat(self, meta, count, body):
        return self._node("repeat", meta, count, body)

    def check_stmt(self, meta, condition, reason, *rest):
        _, cites = _split(rest)
        return self._node("check", meta, condition, _text(reason), cites)

    def call_stmt(self, meta, name, args=()):
        return self._node("call_stmt", meta, str(name), args)

    # ------------------------------------------------------------ expressions
    def args(self, meta, *exprs):
        return tuple(exprs)

    def int_lit(self, meta, value):
        return self._node("const", meta, int(value))

    def str_lit(self, meta, value):
        return self._node("const", meta, _text(value))

    def true_lit(self, meta):
        return self._node("const", meta, True)

    def false_lit(self, meta):
        return self._node("const", meta, False)

    def none_lit(self, meta):
        return self._node("const", meta, None)

    def name(self, meta, name):
        return self._node("name", meta, str(name))

    def call(self, meta, name, args=()):
        return self._node("call", meta, str(name), args)

    def list_lit(self, meta, items=()):
        return self._node("list", meta, items)

    def attribute(self, meta, obj, name):
        return self._node("attr", meta, obj, str(name))

    def or_(self, meta, *operands):
        return self._node("or", meta, operands)

    def and_(self, meta, *operands):
        return self._node("and", meta, operands)

    def not_(self, meta, operand):
        return self._node("not", meta, operand)

    def compare(self, meta, left, op, right):
        return self._node("compare", meta, left, str(op), right)

    def member(self, meta, item, collection):
        return self._node("member", meta, item, collection)

    def arith(self, meta, first, *rest):
        ops = tuple((str(op), term) for op, term in zip(rest[::2], rest[1::2], strict=True))
        return self._node("arith", meta, first, ops)

    def product(self, meta, *factors):
        return self._node("product", meta, factors)

    def quantifier(self, meta, word):
        return str(word)

    def quantified(self, meta, quantifier, var, collection, body):
        return self._node("quant", meta, quantifier, str(var), collection, body)

    def conditional(self, meta, condition, then, orelse):
        return self._node("cond", meta, condition, then, orelse)

    def reach(self, meta, var, start, body):
        return self._node("reach", meta, str(var), start, body)
