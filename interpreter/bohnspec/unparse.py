"""Rules-model nodes back to rules-language text, for explanations and traces."""

from __future__ import annotations

import json

from .model import Node

_PREC = {"cond": 0, "quant": 0, "reach": 0, "or": 1, "and": 2, "not": 3, "compare": 4, "member": 4, "arith": 5,
         "product": 6}


def unparse(node: Node | None) -> str:
    if node is None:
        return ""
    return _u(node)


def _wrap(child: Node, parent_prec: int) -> str:
    text = _u(child)
    return f"({text})" if _PREC.get(child.kind, 9) <= parent_prec and child.kind in _PREC else text


def _u(n: Node) -> str:
    k, a = n.kind, n.args
    if k == "const":
        v = a[0]
        if v is None:
            return "none"
        if isinstance(v, bool):
            return "true" if v else "false"
        return json.dumps(v) if isinstance(v, str) else str(v)
    if k == "name":
        return a[0]
    if k == "list":
        return "[" + ", ".join(_u(x) for x in a[0]) + "]"
    if k == "attr":
        return f"{_wrap(a[0], 8)}.{a[1]}"
    if k == "call":
        return f"{a[0]}({', '.join(_u(x) for x in a[1])})"
    if k == "or":
        return " or ".join(_wrap(x, 1) for x in a[0])
    if k == "and":
        return " and ".join(_wrap(x, 2) for x in a[0])
    if k == "not":
        return "not " + _wrap(a[0], 3)
    if k == "compare":
        return f"{_wrap(a[0], 4)} {a[1]} {_wrap(a[2], 4)}"
    if k == "member":
        return f"{_wrap(a[0], 4)} in {_wrap(a[1], 4)}"
    if k == "arith":
        return _wrap(a[0], 5) + "".join(f" {op} {_wrap(x, 5)}" for op, x in a[1])
    if k == "product":
        return " * ".join(_wrap(x, 6) for x in a[0])
    if k == "quant":
        q, var, coll, body = a
        return f"{q} {var} in {_wrap(coll, 1)}: {_u(body)}"
    if k == "reach":
        var, start, body = a
        return f"reach {var} from {_wrap(start, 1)}: {_u(body)}"
    if k == "cond":
        return f"if {_u(a[0])} then {_u(a[1])} else {_u(a[2])}"
    return f"<{k}>"
