"""The map of a game, for people: as rows of text and as an SVG picture.

A view is built from a board's layout, the card lying on each space and each space's
variables; nothing here knows a landscape or a rule. Card titles come from the spec's card
declarations, owners from the per-space variable of type `player`, and a yes/no space
variable that differs from its default becomes a marker (a defeated steppe's `ready: false`
reads "defeated", a plundered town's `burnt: true` reads "burnt").

    text_rows(view)   the board as rows; offset rows are indented by their half-card shift so
                      the hexagon shows; a graph board lists each space with its neighbours
    neighbour_rows(view)  each space's neighbours, for a board drawn in rows
    to_json(view)     the same as data
    svg(view)         hexagons (offset), squares (grid) or circles and edges (graph), with the
                      space id, the card's title, the owner in his colour, markers, a legend
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from collections.abc import Iterable

from ..execution.state import State
from ..language.board import Layout, from_decl
from ..language.model import Board
from ..language.spec import Spec

# Readable names for a yes/no space variable away from its default: (variable, value) -> label.
# Any other such variable reads as its name (true) or "not NAME" (false).
FLAG_LABELS = {("ready", False): "defeated", ("burnt", True): "burnt"}
# Readable names for a shared variable naming a space (the space is marked on the map).
MARK_LABELS = {"battle": "under attack", "horde": "mounted troops in combat"}

# Player colours in seating order (Okabe-Ito: told apart also with colour blindness).
PLAYER_COLOURS = ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#CC79A7", "#0072B2", "#D55E00", "#999999"]
# Card fills in the order the spec declares its cards.
CARD_FILLS = ["#EFE3C8", "#F2C9BE", "#FFF0A8", "#D5EAB8", "#E8C98E", "#A9D19E", "#DCCBF0", "#B3D4F2",
              "#F8D9E6", "#D6E4E8", "#E9E9E9", "#FFF1CC"]
DEALT = "*"


@dataclass
class Space:
    id: str
    card: str | None  # None: nothing lies there yet (dealt at setup)
    title: str
    owner: str | None = None
    flags: list[str] = field(default_factory=list)
    marks: list[str] = field(default_factory=list)
    cell: tuple[int, int] | None = None
    neighbours: tuple[str, ...] = ()

    def label(self, flags: bool = True) -> str:
        """`06 village (Nina)`, `10 steppe (Timon; defeated)`, `01 *` (dealt); a marked
        space in brackets. Without `flags`, the markers are left out (they go on a line below)."""
        text = f"{self.id} {self.card or DEALT}"
        extra = [x for x in [self.owner, ("; ".join(self.flags) if flags else "") or None] if x]
        if extra:
            text += f" ({'; '.join(extra)})"
        return f"[{text}]" if self.marks else text


@dataclass
class BoardView:
    name: str
    geometry: str
    spaces: list[Space]
    players: list[str] = field(default_factory=list)  # seating order: colours and legend
    marks: dict[str, list[str]] = field(default_factory=dict)  # space -> why it is marked
    card_order: list[str] = field(default_factory=list)
    titles: dict[str, str] = field(default_factory=dict)  # card id -> title

    def space(self, sid: str) -> Space:
        return next(s for s in self.spaces if s.id == sid)

    def colour(self, player: str | None) -> str | None:
        if player is None or player not in self.players:
            return None
        return PLAYER_COLOURS[self.players.index(player) % len(PLAYER_COLOURS)]


def _default(var):
    node = getattr(var, "default", None)
    return node.args[0] if node is not None and node.kind == "const" else None


def build(spec: Spec, layout: Layout, cards: dict, space_vars: dict | None = None, players: Iterable[str] = (),
          marks: dict | None = None) -> BoardView:
    """A view of `layout` with `cards` (space -> card id or None) and `space_vars` (space ->
    {variable: value}); `marks` (space -> [why]) are the spaces to single out."""
    space_vars = space_vars or {}
    marks = {k: list(v) for k, v in (marks or {}).items() if k in layout}
    per_space = {n: v for n, v in spec.vars.items() if getattr(v, "per_space", False)}
    owner_vars = [n for n, v in per_space.items() if v.type == "player"]
    titles = {c: (d.title or c) for c, d in spec.cards.items()}
    spaces = []
    for sid in layout.ids:
        card = cards.get(sid)
        values = space_vars.get(sid, {})
        owner = values.get(owner_vars[0]) if owner_vars else None
        flags = []
        for n, v in per_space.items():
            if n in owner_vars[:1] or n not in values:
                continue
            value, default = values[n], _default(v)
            if value == default:
                continue
            if v.type == "bool":
                flags.append(FLAG_LABELS.get((n, bool(value)), n if value else f"not {n}"))
            elif value is not None:
                flags.append(f"{n} {value}")
        title = titles.get(card, card) if card else "dealt at setup"
        spaces.append(Space(sid, card, title, owner, flags,
                            marks.get(sid, []), layout.cells.get(sid), layout.adjacency.get(sid, ())))
    return BoardView(layout.name, layout.geometry, spaces, list(players), marks, list(spec.cards), titles)


def of_state(spec: Spec, state: State, marks: dict | None = None) -> BoardView | None:
    """The view of a state's board (None: the game has no map). Shared variables that name a
    space (the space under attack) mark it, besides `marks`."""
    if state.board is None:
        return None
    all_marks: dict[str, list[str]] = {}
    for n, v in spec.vars.items():
        if v.type == "space" and not v.per_space and not getattr(v, "per_player", False):
            sid = state.vars.get(n)
            if isinstance(sid, str) and sid in state.board:
                all_marks.setdefault(sid, []).append(MARK_LABELS.get(n, n))
    for sid, why in (marks or {}).items():
        all_marks.setdefault(sid, []).extend(w for w in why if w not in all_marks.get(sid, []))
    cards = {sid: (cs[0] if cs else None) for sid, cs in state.space_cards.items()}
    return build(spec, state.board, cards, state.space_vars, state.names(), all_marks)


def of_decl(spec: Spec, decl: Board) -> BoardView:
    """The view of a declared board: its fixed cards, `*` where a card is dealt."""
    layout = from_decl(decl)
    return build(spec, layout, dict(layout.fixed))


# ------------------------------------------------------------ text

def text_rows(view: BoardView) -> list[str]:
    """The board as lines of text: a heading, the rows (or, for a graph, each space with its
    neighbours) and a line naming the marked spaces."""
    head = f"board {view.name} ({view.geometry}, {len(view.spaces)} spaces)"
    lines = [head]
    at = _cells(view)
    if view.geometry == "graph" or at is None:
        width = max(len(s.label()) for s in view.spaces) if view.spaces else 0
        for s in view.spaces:
            lines.append(f"  {s.label():<{width}}  neighbours: {', '.join(s.neighbours) or 'none'}")
    else:
        # One line per row with `06 village (Nina)`; a space's markers (defeated, burnt)
        # on a line below it, so that they do not widen every cell.
        labels = {s.id: s.label(flags=False) for s in view.spaces}
        width = max(len(t) for t in labels.values()) + 2
        # A cell of an offset board covers two half-card columns; of a grid, one column.
        step = (width + 1) // 2 if view.geometry == "offset" else width
        span = 2 * step if view.geometry == "offset" else width
        rows: dict[int, list[Space]] = {}
        for s in view.spaces:
            rows.setdefault(at[s.id][0], []).append(s)
        first = min(c for _, c in at.values())
        for r in range(min(rows), max(rows) + 1):
            cells = sorted(rows.get(r, []), key=lambda x: at[x.id][1])
            for texts in ([labels[s.id] for s in cells], ["; ".join(s.flags) for s in cells]):
                if not any(texts):
                    continue
                line = ""
                for s, text in zip(cells, texts):
                    start = 2 + (at[s.id][1] - first) * step
                    # A grid's columns start at one edge, so that they read as columns; an
                    # offset row's cells are centred over the two half-columns they cover.
                    cell = text.ljust(span) if view.geometry == "grid" else text.center(span)
                    line = line.ljust(start) + cell.rstrip()
                lines.append(line.rstrip())
    notes = []
    if any(s.card is None for s in view.spaces):
        notes.append(f"{DEALT} = a card dealt at setup")
    for s in view.spaces:
        if s.marks:
            notes.append(f"[{s.id}] {', '.join(s.marks)}")
    if notes:
        lines.append("  " + "; ".join(notes))
    return lines


def neighbour_rows(view: BoardView) -> list[str]:
    """Each space's neighbours, where the drawing shows them only by where the cells lie (an
    offset or grid board; a graph's rows list them already): what touches what across a river
    or a half-card shift is read here, not guessed (round 96's designer looked for them)."""
    if view.geometry == "graph" or _cells(view) is None:
        return []
    lines = ["neighbours:"]
    for s in view.spaces:
        said = f"{s.id}: {', '.join(s.neighbours) or 'none'};"
        if len(lines[-1]) + 1 + len(said) > 100:
            lines.append(" ")
        lines[-1] += " " + said
    lines[-1] = lines[-1].rstrip(";")
    return lines


def to_json(view: BoardView) -> dict:
    return {
        "board": view.name, "geometry": view.geometry,
        "spaces": [{"space": s.id, "card": s.card, "title": s.title, "owner": s.owner, "flags": s.flags,
                    "marks": s.marks, "neighbours": list(s.neighbours),
                    **({"row": s.cell[0], "column": s.cell[1]} if s.cell else {})} for s in view.spaces],
        "rows": text_rows(view),
    }


# ------------------------------------------------------------ SVG

R = 62.0  # a hexagon's corner radius
HEX_W = math.sqrt(3) * R
SQUARE = 112.0
CIRCLE = 46.0
MARGIN = 24.0
LEGEND_W = 250.0
TOP = 64.0
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


def _a(v) -> str:
    """An attribute value, quoted."""
    return '"' + escape(str(v), {'"': "&quot;"}) + '"'


def _num(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _ink(fill: str) -> str:
    """Black or white text, whichever contrasts more with `fill` (WCAG relative luminance)."""
    def linear(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(int(fill[i:i + 2], 16)) for i in (1, 3, 5))
    lum = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return "#000000" if (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) else "#FFFFFF"


# About as many characters as a space's two lines hold (the full title is the space's tooltip).
TITLE_WIDTH = 16


def _split_title(title: str, width: int = TITLE_WIDTH) -> tuple[str, str]:
    """The two lines of a space's title: `Forest (Wald)` -> (`Forest`, `(Wald)`); a designer's
    `MY WAR (not official): Beacon` -> (`Beacon`, `MY WAR (not of…`); a long name broken
    between words; each line cut short with an ellipsis where it would run over its
    neighbours."""
    if ": " in title:
        prefix, main = title.rsplit(": ", 1)
        return _fit(main, width), _fit(prefix, width)
    if " (" in title and title.endswith(")"):
        main, rest = title.split(" (", 1)
        return _fit(main, width), _fit("(" + rest, width)
    if len(title) > width and " " in title[:width + 1]:
        cut = title[:width + 1].rindex(" ")
        return title[:cut], _fit(title[cut + 1:], width)
    return _fit(title, width), ""


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width - 1].rstrip() + "\u2026"


def _cells(view: BoardView) -> dict[str, tuple[int, int]] | None:
    """Each space's (row, column), when every space has one (None: some are not on a grid)."""
    cells = {s.id: s.cell for s in view.spaces if s.cell is not None}
    return cells if len(cells) == len(view.spaces) else None


def _centres(view: BoardView) -> dict[str, tuple[float, float]]:
    at = _cells(view)
    if view.geometry == "offset" and at is not None:
        first = min(c for _, c in at.values())
        return {sid: (MARGIN + (c - first + 1) * HEX_W / 2, TOP + R + r * 1.5 * R) for sid, (r, c) in at.items()}
    if view.geometry == "grid" and at is not None:
        first = min(c for _, c in at.values())
        return {sid: (MARGIN + (c - first + 0.5) * SQUARE, TOP + (r + 0.5) * SQUARE) for sid, (r, c) in at.items()}
    n = max(len(view.spaces), 1)
    ring = max(CIRCLE * 1.6 * n / math.pi, 2 * CIRCLE) if n > 1 else 0.0
    cx = cy = ring + CIRCLE + 8
    return {s.id: (MARGIN + cx + ring * math.sin(2 * math.pi * i / n), TOP + cy - ring * math.cos(2 * math.pi * i / n))
            for i, s in enumerate(view.spaces)}


def _shape(view: BoardView, x: float, y: float, inset: float = 0.0) -> tuple[str, str]:
    """(element name, geometry attributes) of one space's outline."""
    if view.geometry == "offset" and view.spaces[0].cell:
        r = R - inset
        pts = " ".join(f"{_num(x + r * math.cos(math.radians(a)))},{_num(y + r * math.sin(math.radians(a)))}"
                       for a in (-90, -30, 30, 90, 150, 210))
        return "polygon", f"points={_a(pts)}"
    if view.geometry == "grid" and view.spaces[0].cell:
        h = SQUARE / 2 - 3 - inset
        return "rect", f"x={_a(_num(x - h))} y={_a(_num(y - h))} width={_a(_num(2 * h))} height={_a(_num(2 * h))}"
    return "circle", f"cx={_a(_num(x))} cy={_a(_num(y))} r={_a(_num(CIRCLE - inset))}"


def _describe(view: BoardView, s: Space) -> str:
    text = f"{s.id}: {s.title}"
    text += f", {s.owner}'s" if s.owner else (", nobody's" if s.card else "")
    for f in s.flags + s.marks:
        text += f", {f}"
    return text


def svg(view: BoardView, title: str | None = None, subtitle: str = "") -> str:
    """The map as a standalone SVG document (no external resources): `title` (default: the
    board's name) as its heading, `subtitle` (where the situation comes from) under it."""
    centres = _centres(view)
    if view.geometry == "offset":
        half_w, half_h = HEX_W / 2, R
    elif view.geometry == "grid":
        half_w = half_h = SQUARE / 2
    else:
        half_w = half_h = CIRCLE
    map_w = max((x + half_w for x, _ in centres.values()), default=MARGIN) + MARGIN
    map_h = max((y + half_h for _, y in centres.values()), default=TOP) + MARGIN
    used = [c for c in view.card_order if any(s.card == c for s in view.spaces)]
    legend_rows = 2 + len(view.players) + 1 + len(used) + 4
    width = map_w + LEGEND_W
    height = max(map_h, TOP + 20 * legend_rows + MARGIN)
    heading = title or f"The map: board {view.name}"
    summary = "; ".join(_describe(view, s) for s in view.spaces)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width={_a(_num(width))} height={_a(_num(height))} '
        f'viewBox="0 0 {_num(width)} {_num(height)}" role="img" aria-labelledby="map-title map-desc" '
        f'font-family={_a(FONT)}>',
        f'<title id="map-title">{escape(heading + (": " + subtitle if subtitle else ""))}</title>',
        f'<desc id="map-desc">{escape(f"{len(view.spaces)} spaces ({view.geometry} board). " + summary)}</desc>',
        '<defs><pattern id="burnt" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
        '<rect width="8" height="8" fill="#5b4a42" fill-opacity="0.35"/>'
        '<line x1="0" y1="0" x2="0" y2="8" stroke="#3a2a22" stroke-width="3" stroke-opacity="0.55"/></pattern></defs>',
        f'<rect x="0" y="0" width={_a(_num(width))} height={_a(_num(height))} fill="#FFFFFF"/>',
        f'<text x={_a(_num(MARGIN))} y="28" font-size="18" font-weight="bold" fill="#222222">{escape(heading)}</text>',
    ]
    if subtitle:
        out.append(f'<text x={_a(_num(MARGIN))} y="48" font-size="12.5" fill="#444444">{escape(subtitle)}</text>')
    if view.geometry == "graph" or not all(s.cell for s in view.spaces):
        out.append('<g id="edges" stroke="#777777" stroke-width="3">')
        done = set()
        for s in view.spaces:
            for n in s.neighbours:
                if (n, s.id) in done or n not in centres:
                    continue
                done.add((s.id, n))
                (x1, y1), (x2, y2) = centres[s.id], centres[n]
                out.append(f'<line x1={_a(_num(x1))} y1={_a(_num(y1))} x2={_a(_num(x2))} y2={_a(_num(y2))}>'
                           f'<title>{escape(s.id)} touches {escape(n)}</title></line>')
        out.append("</g>")
    small = view.geometry == "graph"
    for s in view.spaces:
        x, y = centres[s.id]
        fill = CARD_FILLS[view.card_order.index(s.card) % len(CARD_FILLS)] if s.card in view.card_order else "#F4F4F4"
        colour = view.colour(s.owner)
        tag, geo = _shape(view, x, y)
        out.append(f'<g id={_a("space-" + s.id)}><title>{escape(_describe(view, s))}</title>')
        out.append(f'<{tag} {geo} fill={_a(fill)} stroke="#555555" stroke-width="1.5"/>')
        if "burnt" in s.flags:
            out.append(f'<{tag} {geo} fill="url(#burnt)" stroke="none"/>')
        if colour:
            tag2, geo2 = _shape(view, x, y, inset=4.5)
            out.append(f'<{tag2} {geo2} fill="none" stroke={_a(colour)} stroke-width="7"/>')
        top = y - (28 if small else 38)
        # A light halo keeps the words readable on a hatched (burnt) space.
        halo = (' stroke="#FFFFFF" stroke-width="3" stroke-opacity="0.75" paint-order="stroke"'
                if "burnt" in s.flags else "")
        out.append(f'<text x={_a(_num(x))} y={_a(_num(top))} text-anchor="middle" font-size="15" '
                   f'font-weight="bold"{halo} fill="#111111">{escape(s.id)}</text>')
        main, rest = _split_title(s.title if s.card else "dealt")
        out.append(f'<text x={_a(_num(x))} y={_a(_num(top + 17))} text-anchor="middle" font-size="12.5" '
                   f'{halo} fill="#111111">{escape(main)}</text>')
        if rest and not small:
            out.append(f'<text x={_a(_num(x))} y={_a(_num(top + 31))} text-anchor="middle" font-size="11" '
                       f'{halo} fill="#333333">{escape(rest)}</text>')
        if s.owner:
            pw = max(46.0, 8.0 * len(s.owner) + 14)
            py = y + (4 if small else -1)
            out.append(f'<rect x={_a(_num(x - pw / 2))} y={_a(_num(py))} width={_a(_num(pw))} height="19" rx="9.5" '
                       f'fill={_a(colour or "#DDDDDD")} stroke="#333333" stroke-width="1"/>')
            out.append(f'<text x={_a(_num(x))} y={_a(_num(py + 14))} text-anchor="middle" font-size="12.5" '
                       f'font-weight="bold" fill={_a(_ink(colour or "#DDDDDD"))}>{escape(s.owner)}</text>')
        out.append("</g>")
    # On top of every space: the outline of a marked space, then the tags (a marker tag may
    # reach over a neighbour's edge).
    for s in view.spaces:
        x, y = centres[s.id]
        if s.marks:
            tag, geo = _shape(view, x, y, inset=-2)
            out.append(f'<{tag} {geo} fill="none" stroke="#C00000" stroke-width="4" stroke-dasharray="9 5">'
                       f'<title>{escape(s.id)}: {escape(", ".join(s.marks))}</title></{tag}>')
        for i, f in enumerate(s.flags + s.marks):
            tw = 7.0 * len(f) + 8
            ty = y + 30 + 18 * i
            bg = "#C00000" if f in s.marks else "#3A2A22"
            out.append(f'<g transform="rotate(-6 {_num(x)} {_num(ty)})"><title>{escape(s.id)}: {escape(f)}</title>'
                       f'<rect x={_a(_num(x - tw / 2))} y={_a(_num(ty - 8.5))} width={_a(_num(tw))} height="17" rx="3" '
                       f'fill={_a(bg)} stroke="#FFFFFF" stroke-width="1"/>'
                       f'<text x={_a(_num(x))} y={_a(_num(ty + 3.5))} text-anchor="middle" font-size="10" '
                       f'font-weight="bold" fill="#FFFFFF">{escape(f)}</text></g>')
    out.extend(_legend(view, map_w, used))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _legend(view: BoardView, x0: float, used: list[str]) -> list[str]:
    out = ['<g id="legend">']
    y = TOP + 8

    def line(text, bold=False, dx=0.0):
        nonlocal y
        weight = ' font-weight="bold"' if bold else ""
        out.append(f'<text x={_a(_num(x0 + dx))} y={_a(_num(y))} font-size="13"{weight} fill="#222222">'
                   f'{escape(text)}</text>')
        y += 20

    if view.players:
        line("Players (seating order)", bold=True)
        for p in view.players:
            c = view.colour(p)
            owned = sum(1 for s in view.spaces if s.owner == p)
            out.append(f'<rect x={_a(_num(x0))} y={_a(_num(y - 12))} width="26" height="15" rx="7.5" fill={_a(c)} '
                       f'stroke="#333333"/>')
            line(f"{p}: {owned} space{'s' if owned != 1 else ''}", dx=34)
        y += 6
    if used:
        line("Cards", bold=True)
        for c in used:
            fill = CARD_FILLS[view.card_order.index(c) % len(CARD_FILLS)]
            out.append(f'<rect x={_a(_num(x0))} y={_a(_num(y - 12))} width="26" height="15" fill={_a(fill)} '
                       f'stroke="#555555"/>')
            line(view.titles.get(c, c), dx=34)
        y += 6
    flags = sorted({f for s in view.spaces for f in s.flags})
    marks = sorted({m for s in view.spaces for m in s.marks})
    if flags or marks:
        line("Markers", bold=True)
        for f in flags:
            if f == "burnt":  # the hatching the space gets, besides its tag
                out.append(f'<rect x={_a(_num(x0))} y={_a(_num(y - 12))} width="26" height="15" fill="url(#burnt)" '
                           f'stroke="#555555"/>')
            else:
                out.append(f'<rect x={_a(_num(x0))} y={_a(_num(y - 12))} width="26" height="15" rx="3" '
                           f'fill="#3A2A22"/>')
            where = ", ".join(s.id for s in view.spaces if f in s.flags)
            line(f"{f}: {where}", dx=34)
        for m in marks:
            out.append(f'<rect x={_a(_num(x0 + 1))} y={_a(_num(y - 12))} width="24" height="14" fill="none" '
                       f'stroke="#C00000" stroke-width="3" stroke-dasharray="6 3"/>')
            where = ", ".join(s.id for s in view.spaces if m in s.marks)
            line(f"{m}: {where}", dx=34)
    out.append("</g>")
    return out
