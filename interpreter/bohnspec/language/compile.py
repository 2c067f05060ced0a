"""Parse tree -> rules model (a lark Transformer): declarations and expression nodes."""

from __future__ import annotations

from lark import Token, Transformer, v_args

from ..errors import Location
from .model import (
    Action, Board, Card, Category, Clause, Invariant, Define, Extend, Forbid, Handler, EndRule, Module, Node, Option, Param, Phase,
    Players, Procedure, Ruling, RulesFile, Setup, Turn, Var, Variety, Vine, VineEvent, Winners, Zone,
)
from .parse import parse


def compile_text(text: str, filename: str) -> RulesFile:
    """Parse and transform one rules file. Declarations belong to the module last opened."""
    tree = parse(text, filename)
    decls = _ToModel(filename).transform(tree)
    out = RulesFile(filename)
    module = ""
    for d in decls:
        if isinstance(d, Module):
            module = d.name
        out.decls.append(_with_module(d, module))
    return out


def _with_module(d, module: str):
    from dataclasses import replace

    return d if d.module == module else replace(d, module=module)


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


@v_args(meta=True)
class _ToModel(Transformer):
    def __init__(self, filename: str):
        super().__init__()
        self.filename = filename

    def _loc(self, meta) -> Location:
        if getattr(meta, "empty", True):
            return Location(self.filename, 0, 0)
        return Location(self.filename, meta.line, meta.column)

    def _node(self, kind, meta, *args) -> Node:
        return Node(kind, tuple(args), self._loc(meta))

    @staticmethod
    def _split(children):
        """Separate a trailing `cites` list from the other children."""
        cites = ()
        rest = []
        for c in children:
            if isinstance(c, tuple) and len(c) == 2 and c[0] == "cites":
                cites = c[1]
            else:
                rest.append(c)
        return rest, cites

    # ------------------------------------------------------------ top level
    def start(self, meta, children):
        return list(children)

    def cites(self, meta, children):
        return ("cites", tuple(str(c) for c in children))

    def name_list(self, meta, children):
        return ("names", tuple(str(c) for c in children))

    def module(self, meta, children):
        rest, cites = self._split(children)
        requires = rest[1][1] if len(rest) > 1 else ()
        return Module(str(rest[0]), str(rest[0]), cites, self._loc(meta), requires=requires)

    def variety(self, meta, children):
        rest, cites = self._split(children)
        name, title, count, meter = rest[:4]
        in_play = rest[4] if len(rest) > 4 else None
        return Variety(str(name), "", cites, self._loc(meta), title=_text(title),
                       count=int(count), meter=meter, in_play=in_play)

    def meter(self, meta, children):
        return tuple(children)

    def meter_special(self, meta, children):
        return None

    def threshold(self, meta, children):
        return int(children[0])

    def no_threshold(self, meta, children):
        return None

    def in_play(self, meta, children):
        return children[0]

    def option(self, meta, children):
        rest, cites = self._split(children)
        return Option(str(rest[0]), "", cites, self._loc(meta), values=rest[1][1], default=str(rest[2]))

    def shared(self, meta, children):
        return False

    def per_player(self, meta, children):
        return True

    def zone(self, meta, children):
        rest, cites = self._split(children)
        cards = rest[3][1] if len(rest) > 3 else "beans"
        return Zone(str(rest[0]), "", cites, self._loc(meta), kind=str(rest[1]), per_player=rest[2],
                    cards=cards)

    def zone_cards(self, meta, children):
        return ("cards", str(children[0]))

    def vine_met(self, meta, children):
        return ("met", children[0])

    def vine_claim(self, meta, children):
        return ("claim", children[0])

    def vine_on(self, meta, children):
        keys = children[1][1] if len(children) == 3 else ()
        return ("on", VineEvent(str(children[0]), keys, children[-1]))

    def vine(self, meta, children):
        rest, cites = self._split(children)
        name, text, holder = str(rest[0]), _text(rest[1]), str(rest[2])
        parts = rest[3:]
        return Vine(name, "", cites, self._loc(meta), text=text, holder=holder,
                    met=tuple(p[1] for p in parts if p[0] == "met"),
                    claim=tuple(p[1] for p in parts if p[0] == "claim"),
                    events=tuple(p[1] for p in parts if p[0] == "on"))

    def var(self, meta, children):
        rest, cites = self._split(children)
        name, vtype = rest[0], rest[1]
        default = rest[-1]
        return Var(str(name), "", cites, self._loc(meta), type=str(vtype),
                   per_player="each_player" in rest[2:-1], per_space="each_space" in rest[2:-1],
                   default=default)

    def each_space(self, meta, children):
        return "each_space"

    def attr_values(self, meta, children):
        return ("attrs", tuple(children))

    def attr_value(self, meta, children):
        return (str(children[0]), int(children[1]))

    def category(self, meta, children):
        rest, cites = self._split(children)
        attrs = rest[1][1] if len(rest) > 1 else ()
        return Category(str(rest[0]), "", cites, self._loc(meta), attrs=attrs)

    def card(self, meta, children):
        rest, cites = self._split(children)
        name, title, category, count = rest[:4]
        attrs, in_play = (), None
        for c in rest[4:]:
            if isinstance(c, tuple) and c and c[0] == "attrs":
                attrs = c[1]
            else:
                in_play = c
        return Card(str(name), "", cites, self._loc(meta), title=_text(title), category=str(category),
                    count=int(count), attrs=attrs, in_play=in_play)

    def invariant(self, meta, children):
        rest, cites = self._split(children)
        var = None
        if isinstance(rest[0], Token) and rest[0].type == "NAME":
            var, rest = str(rest[0]), rest[1:]
        condition, reason = rest[0], _text(rest[1])
        field = _text(rest[2]) if len(rest) > 2 else ""
        return Invariant("invariant", "", cites, self._loc(meta), var=var, condition=condition,
                         reason=reason, field=field)

    def board_players(self, meta, children):
        return ("players", int(children[0]))

    def board_when(self, meta, children):
        return ("when", children[0])

    def board_row(self, meta, children):
        return ("row", int(children[0]), tuple(children[1:]))

    def board_space(self, meta, children):
        return ("space", _text(children[0]), children[1] if len(children) > 1 else "*")

    def board_edge(self, meta, children):
        return ("edge", _text(children[0]), _text(children[1]))

    def cell_card(self, meta, children):
        return str(children[0])

    def cell_dealt(self, meta, children):
        return "*"

    def cell_hole(self, meta, children):
        return "-"

    def board(self, meta, children):
        rest, cites = self._split(children)
        name = str(rest[0])
        title, geometry, players, when = "", "offset", None, None
        rows, spaces, edges = [], [], []
        for c in rest[1:]:
            if isinstance(c, Token) and c.type == "STRING":
                title = _text(c)
            elif isinstance(c, Token) and c.type == "GEOMETRY":
                geometry = str(c)
            elif c[0] == "players":
                players = c[1]
            elif c[0] == "when":
                when = c[1]
            elif c[0] == "row":
                rows.append((c[1], c[2]))
            elif c[0] == "space":
                spaces.append((c[1], c[2]))
            elif c[0] == "edge":
                edges.append((c[1], c[2]))
        return Board(name, "", cites, self._loc(meta), title=title, geometry=geometry, players=players,
                     when=when, rows=tuple(rows), spaces=tuple(spaces), edges=tuple(edges))

    def define(self, meta, children):
        rest, cites = self._split(children)
        name = str(rest[0])
        params = None
        body = rest[-1]
        if len(rest) == 3:
            params = rest[1][1]
        return Define(name, "", cites, self._loc(meta), params=params, body=body)

    def each_player(self, meta, children):
        return "each_player"

    def phase(self, meta, children):
        rest, cites = self._split(children)
        name = str(rest[0])
        title = ""
        on_enter: tuple = ()
        for c in rest[1:]:
            if isinstance(c, Token) and c.type == "STRING":
                title = _text(c)
            elif isinstance(c, tuple) and c and c[0] == "enter":
                on_enter = on_enter + c[1]
        return Phase(name, "", cites, self._loc(meta), title=title, on_enter=on_enter)

    def phase_part(self, meta, children):
        return ("enter", children[0])

    def turn(self, meta, children):
        rest, cites = self._split(children)
        return Turn("turn", "", cites, self._loc(meta), phases=rest[0][1])

    def players(self, meta, children):
        rest, cites = self._split(children)
        least = int(rest[0])
        most = int(rest[1]) if len(rest) > 1 else least
        return Players(Players.span(least, most), "", cites, self._loc(meta), least=least, most=most)

    # ------------------------------------------------------------ actions
    def param(self, meta, children):
        return Param(str(children[0]), str(children[1]))

    def params(self, meta, children):
        return ("params", tuple(children))

    def when_clause(self, meta, children):
        rest, cites = self._split(children)
        return Clause("when", rest[0], _text(rest[1]), cites, self._loc(meta))

    def require_clause(self, meta, children):
        rest, cites = self._split(children)
        return Clause("require", rest[0], _text(rest[1]), cites, self._loc(meta))

    def effect(self, meta, children):
        return ("effect", children[0])

    def action(self, meta, children):
        rest, cites = self._split(children)
        name = str(rest[0])
        params: tuple = ()
        title = ""
        actor = None
        clauses = []
        effect: tuple = ()
        for c in rest[1:]:
            if isinstance(c, tuple) and c and c[0] == "params":
                params = c[1]
            elif isinstance(c, Token) and c.type == "NAME" and actor is None:
                actor = str(c)
            elif isinstance(c, Token) and c.type == "STRING":
                title = _text(c)
            elif isinstance(c, Clause):
                clauses.append(c)
            elif isinstance(c, tuple) and c and c[0] == "effect":
                effect = effect + c[1]
        return Action(name, "", cites, self._loc(meta), actor=actor or "p", title=title,
                      params=params, clauses=tuple(clauses), effect=effect)

    def extend(self, meta, children):
        name = str(children[0])
        return Extend(name, "", (), self._loc(meta), clauses=tuple(children[1:]))

    def forbid_all(self, meta, children):
        return (None, ())

    def forbid_all_but(self, meta, children):
        return (None, children[0][1])

    def forbid_these(self, meta, children):
        return (children[0][1], ())

    def forbid(self, meta, children):
        rest, cites = self._split(children)
        (actions, but), condition, reason = rest
        name = "all" if actions is None else ",".join(actions)
        return Forbid(f"forbid {name}", "", cites, self._loc(meta), actions=actions, but=but,
                      condition=condition, reason=_text(reason))

    def procedure(self, meta, children):
        rest, cites = self._split(children)
        params = rest[1][1] if len(rest) == 3 else ()
        return Procedure(str(rest[0]), "", cites, self._loc(meta), params=params, body=rest[-1])

    def handler(self, meta, children):
        rest, cites = self._split(children)
        params = rest[1][1] if len(rest) == 3 else ()
        return Handler(str(rest[0]), "", cites, self._loc(meta), params=params, body=rest[-1])

    def end_rule(self, meta, children):
        rest, cites = self._split(children)
        return EndRule("end", "", cites, self._loc(meta), condition=rest[0])

    def winners(self, meta, children):
        rest, cites = self._split(children)
        return Winners("winners", "", cites, self._loc(meta), var=str(rest[0]), keys=tuple(rest[1:]))

    def setup(self, meta, children):
        rest, cites = self._split(children)
        return Setup("setup", "", cites, self._loc(meta), body=rest[0])

    def ruling(self, meta, children):
        rest, cites = self._split(children)
        name, q, d, r = rest
        return Ruling(str(name), "", cites, self._loc(meta), question=_text(q), decision=_text(d),
                      reason=_text(r))

    # ------------------------------------------------------------ statements
    def block(self, meta, children):
        return tuple(children)

    def let_stmt(self, meta, children):
        return self._node("let", meta, str(children[0]), children[1])

    def assign(self, meta, children):
        target, value = children
        return self._node("assign", meta, target, value)

    def target_var(self, meta, children):
        return ("var", str(children[0]))

    def target_attr(self, meta, children):
        return ("attr", str(children[0]), str(children[1]))

    def move(self, meta, children):
        sel, pos, dest = children
        where = "top" if str(pos) in ("top", "front") else "bottom"
        return self._node("move", meta, sel, where, dest)

    def sel_first(self, meta, children):
        count = children[0] if len(children) == 2 else None
        return self._node("first", meta, count, children[-1])

    def sel_last(self, meta, children):
        return self._node("last", meta, children[0])

    def sel_all(self, meta, children):
        return self._node("all", meta, children[0])

    def sel_item(self, meta, children):
        return self._node("item", meta, children[0], children[1])

    def sel_refs(self, meta, children):
        return self._node("refs", meta, children[0], children[1])

    def sel_each(self, meta, children):
        return self._node("each", meta, children[0], children[1])

    def give_fields(self, meta, children):
        return self._node("give_fields", meta, children[0], children[1])

    def reshuffle(self, meta, children):
        return self._node("reshuffle", meta, children[0], children[1])

    def goto(self, meta, children):
        return self._node("goto", meta, str(children[0]))

    def goto_next(self, meta, children):
        return self._node("goto_next", meta)

    def goto_first(self, meta, children):
        return self._node("goto_first", meta)

    def emit(self, meta, children):
        kwargs = children[1] if len(children) > 1 else ()
        return self._node("emit", meta, str(children[0]), kwargs)

    def kwargs(self, meta, children):
        return tuple(children)

    def kwarg(self, meta, children):
        return (str(children[0]), children[1])

    def if_stmt(self, meta, children):
        branches = [(children[0], children[1])]
        orelse: tuple = ()
        for c in children[2:]:
            if c[0] == "elif":
                branches.append((c[1], c[2]))
            else:
                orelse = c[1]
        return self._node("if", meta, tuple(branches), orelse)

    def elif_part(self, meta, children):
        return ("elif", children[0], children[1])

    def else_part(self, meta, children):
        return ("else", children[0])

    def for_stmt(self, meta, children):
        return self._node("for", meta, str(children[0]), children[1], children[2])

    def repeat(self, meta, children):
        return self._node("repeat", meta, children[0], children[1])

    def check_stmt(self, meta, children):
        rest, cites = self._split(children)
        return self._node("check", meta, rest[0], _text(rest[1]), cites)

    def call_stmt(self, meta, children):
        args = children[1] if len(children) > 1 else ()
        return self._node("call_stmt", meta, str(children[0]), args)

    # ------------------------------------------------------------ expressions
    def args(self, meta, children):
        return tuple(children)

    def int_lit(self, meta, children):
        return self._node("const", meta, int(children[0]))

    def str_lit(self, meta, children):
        return self._node("const", meta, _text(children[0]))

    def true_lit(self, meta, children):
        return self._node("const", meta, True)

    def false_lit(self, meta, children):
        return self._node("const", meta, False)

    def none_lit(self, meta, children):
        return self._node("const", meta, None)

    def name(self, meta, children):
        return self._node("name", meta, str(children[0]))

    def call(self, meta, children):
        args = children[1] if len(children) > 1 else ()
        return self._node("call", meta, str(children[0]), args)

    def list_lit(self, meta, children):
        return self._node("list", meta, children[0] if children else ())

    def attribute(self, meta, children):
        return self._node("attr", meta, children[0], str(children[1]))

    def or_(self, meta, children):
        return self._node("or", meta, tuple(children))

    def and_(self, meta, children):
        return self._node("and", meta, tuple(children))

    def not_(self, meta, children):
        return self._node("not", meta, children[0])

    def compare(self, meta, children):
        return self._node("compare", meta, children[0], str(children[1]), children[2])

    def member(self, meta, children):
        return self._node("member", meta, children[0], children[1])

    def arith(self, meta, children):
        ops = tuple((str(children[i]), children[i + 1]) for i in range(1, len(children), 2))
        return self._node("arith", meta, children[0], ops)

    def product(self, meta, children):
        return self._node("product", meta, tuple(children))

    def quantifier(self, meta, children):
        return str(children[0])

    def quantified(self, meta, children):
        q, var, coll, body = children
        return self._node("quant", meta, q, str(var), coll, body)

    def conditional(self, meta, children):
        return self._node("cond", meta, children[0], children[1], children[2])

    def reach(self, meta, children):
        var, start, body = children
        return self._node("reach", meta, str(var), start, body)
