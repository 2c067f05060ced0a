"""What the parts of a condition came to in a state: `judge` shows them beside each check, and
a setup the rules refuse says them in its message (a designer's map of 38 spaces for 30 cards
is told the two numbers, not only that one is too large).

Only the reference closures evaluate here (never the generated code), so the values are the
reference interpreter's whatever engine asks.
"""

from __future__ import annotations

from ..language.model import Node
from ..language.unparse import show, unparse
from .interpret import Engine, Env, serialise
from .state import State

# How many parts are shown at most: enough for a condition of a few comparisons.
MOST = 10


def values_seen(engine: Engine, state: State, cond: Node, locals_: dict, depth: int = 2,
                witness: bool = False, terse: bool = False, into_defines: bool = False) -> list[list]:
    """[text, value] of the condition's parts, `depth` levels deep. The parts of an `and` or
    `or` after the one that decides it are not evaluated, as in the engines, and are not shown.
    Quantifier bodies are looked into only with `witness` and only for a quantifier that failed
    because of one item (`all` with an item breaking it, `no` with one meeting it): that item is
    shown under its variable's name, then the body's parts for it. `terse`: a truth whose own
    parts are shown is left out (they say it: `4`, `3` rather than also `4 <= 3 = false`).
    `into_defines`: a definition the condition is (`others_ahead(h)`) is looked into, its
    parameters bound to the arguments' values, as if its body were written there."""
    seen: list[list] = []

    def evaluate(node: Node, bound: dict):
        return Engine.expr(engine, node, frozenset(bound))(Env(engine, state, dict(bound)))

    def value_of(node: Node, bound: dict):
        try:
            return serialise(evaluate(node, bound))
        except Exception:  # noqa: BLE001 - a part that cannot be evaluated alone (shown, not fatal)
            return "(cannot be worked out alone)"

    def visit(node: Node, level: int, bound: dict) -> None:
        if level > depth or len(seen) >= MOST:
            return
        if node.kind == "quant" and witness:
            _witness(node, level, bound)
            return
        if into_defines and node.kind == "call" and level == 1:
            _define_body(node, level, bound)
            return
        parts: list[Node] = []
        if node.kind in ("or", "and"):
            parts = list(node.args[0])
        elif node.kind == "not":
            parts = [node.args[0]]
        elif node.kind == "compare":
            parts = [node.args[0], node.args[2]]
        elif node.kind == "member":
            parts = [node.args[0], node.args[1]]
        for p in parts:
            if engine._constant(p, frozenset(bound))[0]:
                continue  # a literal, or a name that means itself (a phase, a variety)
            value = value_of(p, bound)
            at = len(seen)
            seen.append([unparse(p), value])
            visit(p, level + 1, bound)
            if terse and isinstance(value, bool) and len(seen) > at + 1:
                del seen[at]
            if (node.kind == "and" and value is False) or (node.kind == "or" and value is True):
                break  # short-circuit: the rest is never evaluated

    def _witness(node: Node, level: int, bound: dict) -> None:
        q, var, coll_node, body_node = node.args
        if q not in ("all", "no"):
            return
        scope = frozenset(bound) | {var}
        try:
            items = evaluate(coll_node, bound)
            if not isinstance(serialise(items), list):
                return
            body = Engine.expr(engine, body_node, scope)
            for x in list(items):
                inner = {**bound, var: x}
                if bool(body(Env(engine, state, dict(inner)))) == (q == "no"):
                    seen.append([var, serialise(x)])
                    visit(body_node, 1, inner)  # the item's own parts, as deep as the top's
                    return
        except Exception:  # noqa: BLE001 - nothing more to show than the quantifier's value
            return

    def _define_body(node: Node, level: int, bound: dict) -> None:
        d = engine.spec.defines.get(node.args[0])
        if d is None or d.body is None or d.params is None or len(d.params) != len(node.args[1]):
            return
        try:
            inner = {name: evaluate(arg, bound) for name, arg in zip(d.params, node.args[1])}
        except Exception:  # noqa: BLE001 - an argument that cannot be worked out: nothing to show
            return
        for name, value in inner.items():
            if name not in bound or bound[name] != value:
                seen.append([name, serialise(value)])
        visit(d.body, level, inner)

    visit(cond, 1, dict(locals_))
    return seen


def shown(values: list[list]) -> str:
    """`text = value` for each part, joined: how a message states them."""
    return ", ".join(f"{text} = {show(value)}" for text, value in values)
