"""Board geometry: the spaces of a map, the card each one is laid with, and which spaces touch.

A board is data (a `board` declaration, or a map given inline in a state or setup): this
module turns it into numbered spaces and a precomputed adjacency, so that `adjacent`,
`neighbours` and `reach` are lookups. Nothing here knows a landscape or a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import BohnspecError

if TYPE_CHECKING:
    from .model import Board

# The most spaces a board may have: the books' realms have a few dozen; a board of tens of
# thousands (a small file can ask for it) would stall every command that builds it.
MOST_SPACES = 1000

DEALT = "*"  # a cell whose card is dealt at setup
HOLE = "-"  # a cell with no space
GEOMETRIES = ("offset", "grid", "graph")


class BoardError(BohnspecError):
    """A board that cannot be built: the message says what is wrong and where (the board's
    name; the declaration's place is added by whoever reports it)."""


@dataclass(frozen=True, eq=False)
class Layout:
    """Spaces in board order, the card fixed on each (None: dealt), and their neighbours.

    `cells` gives each space's (row, half-card column) for rows, so the board can be drawn."""

    name: str
    geometry: str
    ids: tuple[str, ...]
    fixed: dict[str, str | None]
    adjacency: dict[str, tuple[str, ...]]
    cells: dict[str, tuple[int, int]] = field(default_factory=dict)
    source: object = None  # the inline JSON it came from (None: a declared board)

    def __contains__(self, space: object) -> bool:
        return space in self.fixed

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.adjacency.get(a, ())

    def connected(self) -> bool:
        """Whether every space can be reached from the first by steps to a neighbour."""
        if not self.ids:
            return True
        seen = {self.ids[0]}
        todo = [self.ids[0]]
        while todo:
            for n in self.adjacency[todo.pop()]:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        return len(seen) == len(self.ids)


def space_id(n: int) -> str:
    """Spaces of rows are numbered "01", "02", ... (two digits at least)."""
    return f"{n:02d}"


def from_rows(name: str, geometry: str, rows: Iterable[tuple[int, Sequence[str]]]) -> Layout:
    """Rows of cells, top first. In `offset` geometry a row's shift counts half cards, and a
    cell covers two half-card columns: cells of neighbouring rows touch where they overlap.
    In `grid` geometry rows are not shifted and only orthogonal neighbours touch."""
    if geometry not in ("offset", "grid"):
        raise BoardError(f"board {name}: rows need the offset or grid geometry, not {geometry!r}")
    placed: list[tuple[str, int, int, str | None]] = []  # id, row, first half-column, card
    number = 0
    for r, (shift, cells) in enumerate(rows):
        if geometry == "grid" and shift:
            raise BoardError(f"board {name}: row {r + 1} of a grid cannot be shifted")
        for c, cell in enumerate(cells):
            if cell == HOLE:
                continue
            number += 1
            if number > MOST_SPACES:
                raise BoardError(f"board {name}: more than {MOST_SPACES} spaces (row {r + 1}); a board has at most "
                                 f"{MOST_SPACES}")
            width = 2 if geometry == "offset" else 1
            placed.append((space_id(number), r, shift + width * c, None if cell == DEALT else cell))
    # Cells that touch, looked up by place: in `offset` geometry the next cell of the row (two
    # half-columns on) and the cells of the rows above and below that overlap (less than two
    # apart); in `grid` geometry the four orthogonal neighbours. Listed in board order.
    at = {(p[1], p[2]): k for k, p in enumerate(placed)}
    near = ((0, -2), (0, 2), (-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)) if geometry == "offset" else \
        ((0, -1), (0, 1), (-1, 0), (1, 0))
    adjacency: dict[str, list[str]] = {}
    for a in placed:
        found = sorted(k for dr, dc in near if (k := at.get((a[1] + dr, a[2] + dc))) is not None)
        adjacency[a[0]] = [placed[k][0] for k in found]
    return Layout(name, geometry, tuple(p[0] for p in placed), {p[0]: p[3] for p in placed},
                  {k: tuple(v) for k, v in adjacency.items()}, {p[0]: (p[1], p[2]) for p in placed})


def from_graph(name: str, spaces: Iterable[tuple[str, str]], edges: Iterable[tuple[str, str]]) -> Layout:
    """Spaces named one by one (with their fixed card or "*") and the edges between them."""
    fixed: dict[str, str | None] = {}
    for sid, cell in spaces:
        if len(fixed) == MOST_SPACES:
            raise BoardError(f"board {name}: more than {MOST_SPACES} spaces; a board has at most {MOST_SPACES}")
        if sid in fixed:
            raise BoardError(f"board {name}: space {sid!r} is named twice")
        if not sid:
            raise BoardError(f"board {name}: a space needs a name")
        fixed[sid] = None if cell == DEALT else cell
    adjacency: dict[str, list[str]] = {s: [] for s in fixed}
    for a, b in edges:
        for s in (a, b):
            if s not in fixed:
                raise BoardError(f"board {name}: the edge {a} -- {b} names no space {s!r}")
        if a == b:
            raise BoardError(f"board {name}: the edge {a} -- {b} joins a space to itself")
        if b not in adjacency[a]:
            adjacency[a].append(b)
            adjacency[b].append(a)
    order = {s: i for i, s in enumerate(fixed)}
    return Layout(name, "graph", tuple(fixed), fixed,
                  {k: tuple(sorted(v, key=order.__getitem__)) for k, v in adjacency.items()})


def from_decl(decl: Board) -> Layout:
    """The layout of a `board` declaration."""
    if decl.geometry == "graph":
        return from_graph(decl.name, decl.spaces, decl.edges)
    return from_rows(decl.name, decl.geometry, decl.rows)


def to_json(decl: Board) -> dict[str, Any]:
    """A `board` declaration as a map given inline (what from_json reads back into the same
    spaces, numbered alike, and the same neighbours): for an engine that knows the map only
    from the state it is sent."""
    if decl.geometry == "graph":
        return {"geometry": "graph", "spaces": dict(decl.spaces), "edges": [list(e) for e in decl.edges]}
    return {"geometry": decl.geometry, "rows": [[shift, *cells] for shift, cells in decl.rows]}


def from_json(data: Any, name: str = "(inline board)") -> Layout:
    """A map given inline in a state or setup:
    `{geometry: offset|grid, rows: [[SHIFT, CELL, ...], ...]}` or
    `{geometry: graph, spaces: [ID, ...] or {ID: CELL}, edges: [[ID, ID], ...]}`."""
    if not isinstance(data, dict):
        raise BoardError("an inline board is an object with `geometry` and `rows` or `spaces`/`edges`")
    geometry = data.get("geometry")
    if geometry not in GEOMETRIES:
        raise BoardError(f"geometry must be one of {', '.join(GEOMETRIES)}, got {geometry!r}")
    if geometry == "graph":
        spaces = data.get("spaces")
        if isinstance(spaces, dict):
            pairs = [(str(k), v if isinstance(v, str) else DEALT) for k, v in spaces.items()]
        elif isinstance(spaces, list) and all(isinstance(s, str) for s in spaces):
            pairs = [(s, DEALT) for s in spaces]
        else:
            raise BoardError("a graph board lists its `spaces` (names, or names with their cards)")
        edges = data.get("edges", [])
        if not isinstance(edges, list) or not all(
                isinstance(e, list) and len(e) == 2 and all(isinstance(x, str) for x in e) for e in edges):
            raise BoardError("`edges` is a list of pairs of space names, like [[a, b], [b, c]]")
        layout = from_graph(name, pairs, [tuple(e) for e in edges])
    else:
        rows = data.get("rows")
        if not isinstance(rows, list) or not all(
                isinstance(r, list) and r and isinstance(r[0], int) and not isinstance(r[0], bool)
                and all(isinstance(c, str) for c in r[1:]) for r in rows):
            raise BoardError("`rows` is a list of rows, each its shift then its cells: [[2, camp, '*'], ...]")
        layout = from_rows(name, geometry, [(r[0], tuple(r[1:])) for r in rows])
    return Layout(layout.name, layout.geometry, layout.ids, layout.fixed, layout.adjacency, layout.cells, data)


def reach(layout: Layout, start: str, allowed: Callable[[str], bool]) -> list[str]:
    """The spaces reachable from `start` in one or more steps onto neighbours for which
    `allowed(space)` holds, in board order (start itself only if it is reached again).
    Bounded: each space is visited at most once."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for n in layout.adjacency.get(todo.pop(), ()):
            if n not in seen and allowed(n):
                seen.add(n)
                todo.append(n)
    return [s for s in layout.ids if s in seen]
