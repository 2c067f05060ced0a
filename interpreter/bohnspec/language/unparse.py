"""Rules-model nodes back to rules-language text, for explanations and traces; values and
places in the rules as a reader sees them (`show`, `place`)."""

from __future__ import annotations

import functools
import json
from pathlib import Path

from .. import paths
from ..errors import Location
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
        # An `and` among alternatives keeps its parentheses: not needed, but read at a glance.
        return " or ".join(f"({_u(x)})" if x.kind == "and" else _wrap(x, 1) for x in a[0])
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


def show(value: object) -> str:
    """A value as the rules language writes it: `none`, `true`, `false`, numbers, names and card
    references bare, lists in brackets (`[[green, green], []]`); never a Python repr."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {show(v)}" for k, v in value.items()) + "}"
    number = getattr(value, "number", None)  # a field of a player (FieldRef)
    if number is not None and not isinstance(value, (int, str)):
        return str(number)
    return str(value)


def place(loc: Location | None) -> str:
    """Where a declaration or clause is, relative to the spec's folder (`spec/base/trading.bohn:29`)
    wherever bohnspec runs from and however it is installed; a designer's own file outside it
    as it was named on the command line."""
    if loc is None:
        return ""
    return f"{spec_path(loc.file)}:{loc.line}"


@functools.lru_cache(maxsize=256)
def spec_path(file: str) -> str:
    """A rules file's name relative to the folder holding spec/ (the checkout, or the installed
    package's data), which does not change with the working directory."""
    root = paths.ROOT.resolve()
    path = Path(file)
    try:
        return path.resolve().relative_to(root).as_posix()
    except (ValueError, OSError):
        pass
    # Named relative to another working directory: find the part under the root.
    parts = path.parts
    for i, part in enumerate(parts):
        if part in ("spec", "examples") and (root.joinpath(*parts[i:])).is_file():
            return Path(*parts[i:]).as_posix()
    return path.as_posix()
