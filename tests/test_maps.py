"""Maps in the rules language: board geometry (offset, grid, graph), `reach`, card categories
and attributes, per-space variables, the `space` parameter, what the checker says about them,
and the errors a scenario or a protocol request with a map gets (with the path of the bad field).

A small rules file of its own (MINI) tests the language; the Dschingis Bohn module tests the
realm and the river crossing of dschingis/landscapes/8.
"""

from __future__ import annotations

import io
import json
import textwrap
from pathlib import Path

import pytest

from bohnspec.conformance import scenario as S
from bohnspec.language.board import BoardError, from_graph, from_json, from_rows, reach
from bohnspec.language.check import check_spec
from bohnspec.language.compile import compile_text
from bohnspec.errors import ActionError, ScenarioError, SpecRuntimeError
from bohnspec.execution.interpret import Engine, Env, engine_for
from bohnspec.language.model import Define
from bohnspec.language.spec import build

DSCHINGIS = ["base", "dschingis"]
C = "cites dschingis/components/1"

# A rules file of its own: a category with attributes, three kinds of card, a graph board and a
# grid board, per-space variables, a game variable holding a space, and an action on a space.
MINI = f"""module mini

category tile with points 1, floor 0 {C}
card town   "Town"   tile count 2 with points 3, floor 18 {C}
card lake   "Lake"   tile count 4 with points 0 {C}
card meadow "Meadow" tile count 6 {C}

// A path a - b - c - d, and e off b.
board path "A path" graph {C} {{
  space "a" meadow
  space "b" lake
  space "c" lake
  space "d" town
  space "e" meadow
  edge "a" -- "b"
  edge "b" -- "c"
  edge "c" -- "d"
  edge "b" -- "e"
}}

board square "Two by two" grid {C} {{
  row 0: town, meadow
  row 0: lake, *
}}

zone tiles: deck shared of tile {C}
var owner: player per space = none {C}
var guarded: int per space = 0 {C}
var last: space = none {C}

action claim(space at) by p "Claim a space" {C} {{
  require at.owner == none else "that space is taken" {C}
  effect {{
    at.owner = p
    last = at
    last.guarded = last.guarded + 1
  }}
}}
"""


def mini_engine(extra: str = "") -> Engine:
    return Engine(build([compile_text(MINI + extra, "mini.bohn")], None))


def mini_state(board: str = "path", engine: Engine | None = None):
    engine = engine or mini_engine()
    return engine, engine.blank_state(["Ada", "Bo"], board=engine.layout(board))


def value(engine: Engine, state, text: str):
    """The value of an expression of the rules language in a state."""
    decls = compile_text(f"module probe\ndefine probe = {text} {C}\n", "probe.bohn").decls
    (define,) = [d for d in decls if isinstance(d, Define)]
    return engine.expr(define.body, frozenset())(Env(engine, state))


def dschingis():
    return engine_for(DSCHINGIS)


def dschingis_state(data: dict):
    return S.state_from_data(dschingis(), data, DSCHINGIS, validate=False)


PLAYERS3 = [{"name": "Nina"}, {"name": "Timon"}, {"name": "Keno"}]


# ------------------------------------------------------------ geometry

# The realm, rows of 3, 4, 5, 4 and 3 cards shifted by half a card (conformance/SCENARIOS.md).
REALM = {
    "01": "02 04 05", "02": "01 03 05 06", "03": "02 06 07",
    "04": "01 05 08 09", "05": "01 02 04 06 09 10", "06": "02 03 05 07 10 11", "07": "03 06 11 12",
    "08": "04 09 13", "09": "04 05 08 10 13 14", "10": "05 06 09 11 14 15", "11": "06 07 10 12 15 16",
    "12": "07 11 16",
    "13": "08 09 14 17", "14": "09 10 13 15 17 18", "15": "10 11 14 16 18 19", "16": "11 12 15 19",
    "17": "13 14 18", "18": "14 15 17 19", "19": "15 16 18",
}


@pytest.mark.parametrize("board", ["realm_3", "realm_4", "realm_5", "beginner_3", "beginner_4", "beginner_5"])
def test_the_realm_is_nineteen_spaces_with_42_edges(board):
    layout = dschingis().layout(board)
    assert layout.geometry == "offset"
    assert layout.ids == tuple(f"{n:02d}" for n in range(1, 20))
    assert {s: " ".join(n) for s, n in layout.adjacency.items()} == REALM
    assert sum(len(n) for n in layout.adjacency.values()) == 2 * 42
    assert all(a in layout.adjacency[b] for a in layout.ids for b in layout.adjacency[a])  # symmetric
    assert layout.connected()
    # Row by row: 3, 4, 5, 4, 3 cards.
    rows = [sum(1 for r, _ in layout.cells.values() if r == row) for row in range(5)]
    assert rows == [3, 4, 5, 4, 3]


def test_the_realm_documented_in_scenarios_md_is_the_realm():
    import re
    from bohnspec import paths
    text = (paths.ROOT / "conformance" / "SCENARIOS.md").read_text(encoding="utf-8")
    table = text.split("Each space's neighbours")[1].split("```")[1]
    parts = re.split(r"(\d\d):", table)
    documented = {parts[i]: " ".join(parts[i + 1].split()) for i in range(1, len(parts), 2)}
    assert documented == REALM
    drawing = text.split("row by row from the top left")[1].split("```")[1].strip("\n").splitlines()
    layout = dschingis().layout("realm_3")
    # Each number is drawn at its half-card column: two characters per half card, after four.
    drawn = {m.group(): (row, (m.start() - 4) // 2) for row, line in enumerate(drawing)
             for m in re.finditer(r"\d\d", line)}
    assert drawn == {s: (r, c) for s, (r, c) in layout.cells.items()}


def test_spaces_09_and_10_of_the_realm():
    layout = dschingis().layout("realm_3")
    assert layout.adjacency["09"] == ("04", "05", "08", "10", "13", "14")
    assert layout.adjacency["10"] == ("05", "06", "09", "11", "14", "15")
    assert layout.adjacent("09", "10") and layout.adjacent("10", "09")
    assert not layout.adjacent("09", "06") and not layout.adjacent("09", "11")


def test_the_realm_given_inline_is_the_declared_realm():
    rows = [[2, "*", "camp", "*"], [1, "*", "*", "*", "*"], [0, "*", "*", "*", "*", "*"],
            [1, "camp", "*", "*", "camp"], [2, "*", "*", "*"]]
    inline = from_json({"geometry": "offset", "rows": rows})
    assert inline.adjacency == dschingis().layout("realm_3").adjacency
    assert inline.fixed == dschingis().layout("realm_3").fixed


def test_which_cards_the_board_lays():
    layout = dschingis().layout("realm_3")
    assert {s for s, card in layout.fixed.items() if card} == {"02", "13", "16"}
    assert {layout.fixed[s] for s in ("02", "13", "16")} == {"camp"}
    assert layout.fixed["01"] is None  # dealt at setup
    beginner = dschingis().layout("beginner_4")
    assert all(beginner.fixed.values())
    assert (beginner.fixed["07"], beginner.fixed["13"], beginner.fixed["10"]) == ("river", "river", "steppe")


def test_holes_are_not_spaces_and_are_skipped_by_the_numbering():
    # Row 1: a card, a hole, a card (half columns 0-1 and 4-5); row 2, shifted half a card:
    # two cards (half columns 1-2 and 3-4).
    layout = from_rows("holes", "offset", [(0, ("*", "-", "*")), (1, ("*", "*"))])
    assert layout.ids == ("01", "02", "03", "04")
    assert layout.adjacency == {"01": ("03",), "02": ("04",), "03": ("01", "04"), "04": ("02", "03")}
    assert not layout.adjacent("01", "02")  # the hole between them


def test_a_grid_touches_only_orthogonally():
    layout = from_rows("g", "grid", [(0, ("*", "*", "*")), (0, ("*", "-", "*"))])
    assert layout.ids == ("01", "02", "03", "04", "05")
    assert layout.adjacency == {"01": ("02", "04"), "02": ("01", "03"), "03": ("02", "05"),
                                "04": ("01",), "05": ("03",)}
    assert not layout.adjacent("01", "05") and not layout.adjacent("02", "04")  # no diagonals


def test_a_shifted_grid_row_is_refused():
    with pytest.raises(BoardError) as info:
        from_rows("g", "grid", [(0, ("*", "*")), (1, ("*", "*"))])
    assert str(info.value) == "board g: row 2 of a grid cannot be shifted"
    with pytest.raises(BoardError) as info:
        from_json({"geometry": "grid", "rows": [[1, "camp", "*"]]}, "inline")
    assert str(info.value) == "board inline: row 1 of a grid cannot be shifted"


def test_a_graph_names_its_spaces_and_edges():
    layout = from_graph("g", [("a", "*"), ("b", "lake"), ("c", "*")], [("c", "a"), ("a", "b"), ("b", "a")])
    assert layout.ids == ("a", "b", "c")
    assert layout.adjacency == {"a": ("b", "c"), "b": ("a",), "c": ("a",)}  # in space order, once each
    assert layout.fixed == {"a": None, "b": "lake", "c": None}


@pytest.mark.parametrize("spaces, edges, message", [
    ([("a", "*"), ("b", "*")], [("a", "d")], "board g: the edge a -- d names no space 'd'"),
    ([("a", "*")], [("a", "a")], "board g: the edge a -- a joins a space to itself"),
    ([("a", "*"), ("a", "*")], [], "board g: space 'a' is named twice"),
], ids=["unknown-space", "loop", "twice"])
def test_a_bad_graph_is_refused(spaces, edges, message):
    with pytest.raises(BoardError) as info:
        from_graph("g", spaces, edges)
    assert str(info.value) == message


@pytest.mark.parametrize("data, message", [
    ([], "an inline board is an object with `geometry` and `rows` or `spaces`/`edges`"),
    ({"geometry": "hex"}, "geometry must be one of offset, grid, graph, got 'hex'"),
    ({"geometry": "offset", "rows": [["camp"]]},
     "`rows` is a list of rows, each its shift then its cells: [[2, camp, '*'], ...]"),
    ({"geometry": "graph", "spaces": [1, 2]},
     "a graph board lists its `spaces` (names, or names with their cards)"),
    ({"geometry": "graph", "spaces": ["a"], "edges": [["a"]]},
     "`edges` is a list of pairs of space names, like [[a, b], [b, c]]"),
], ids=["not-an-object", "geometry", "rows", "spaces", "edges"])
def test_a_bad_inline_board_is_refused(data, message):
    with pytest.raises(BoardError) as info:
        from_json(data)
    assert str(info.value) == message


# ------------------------------------------------------------ reach

def test_reach_steps_onto_neighbours_where_the_condition_holds():
    layout = from_graph("p", [(s, "*") for s in "abcde"], [("a", "b"), ("b", "c"), ("c", "d"), ("b", "e")])
    assert reach(layout, "a", lambda s: s in "bc") == ["b", "c"]
    assert reach(layout, "a", lambda s: s in "cd") == []  # b is not allowed: nothing beyond it
    # The start only when it is reached again, and always in board order.
    assert reach(layout, "c", lambda s: True) == ["a", "b", "c", "d", "e"]
    assert reach(layout, "c", lambda s: s != "c") == ["a", "b", "d", "e"]


def test_reach_visits_each_space_at_most_once():
    layout = dschingis().layout("realm_3")
    asked: list[str] = []

    def everywhere(s):
        asked.append(s)
        return True
    assert reach(layout, "01", everywhere) == list(layout.ids)
    assert sorted(asked) == list(layout.ids)  # every space asked about once, then never again
    # A condition that fails is asked again only from another visited space: at most once per
    # edge looked along.
    asked.clear()
    odd = reach(layout, "10", lambda s: asked.append(s) or int(s) % 2 == 1)
    assert len(asked) <= sum(len(layout.adjacency[s]) for s in {"10", *odd})


def test_reach_in_the_rules_language():
    engine, state = mini_state()
    assert value(engine, state, 'reach x from "a": kind(x) == lake') == ["b", "c"]
    assert value(engine, state, 'reach x from "d": kind(x) != meadow') == ["b", "c", "d"]
    assert value(engine, state, 'reach x from "e": kind(x) == town') == []
    assert value(engine, state, 'any r in (reach x from "a": kind(x) == lake): adjacent(r, "d")') is True


def test_reach_and_board_primitives_need_a_board():
    engine = mini_engine()
    state = engine.blank_state(["Ada"])
    state.board, state.space_cards, state.space_vars = None, {}, {}
    assert value(engine, state, "spaces") == []
    with pytest.raises(SpecRuntimeError, match="this game has no board"):
        value(engine, state, 'kind("a")')
    with pytest.raises(SpecRuntimeError, match="`reach` needs a board, and this game has none"):
        value(engine, state, 'reach x from "a": true')


# The example of dschingis/landscapes/8: a river on 10; Nina, with a forest, controls 09.
def _across(state, player="Nina"):
    """The spaces a player attacks across rivers that do not border his own."""
    engine = dschingis()
    return [t for t in state.board.ids
            if value(engine, state, f'crosses_to("{player}", "{t}") and not borders("{player}", "{t}")'
                                    f' and kind("{t}") != river and "{t}".owner != "{player}"')]


def test_river_crossing_of_dschingis_landscapes_8():
    # beginner_3 has forests on 04, 07 and 10; 04 (Nina's) touches no river.
    state = dschingis_state({"board": "beginner_3", "players": PLAYERS3,
                             "spaces": {"10": {"card": "river"}, "09": {"owner": "Nina"},
                                        "04": {"owner": "Nina"}}})
    engine = dschingis()
    assert value(engine, state, 'reach r from "09": kind(r) == river') == ["10"]
    assert _across(state) == ["06", "11", "15"]
    # A second river on 06, touching the first: its banks too.
    state.space_cards["06"] = ["river"]
    assert value(engine, state, 'reach r from "09": kind(r) == river') == ["06", "10"]
    assert _across(state) == ["02", "03", "07", "11", "15"]
    # Without a forest no crossing at all.
    state.space_vars["04"]["owner"] = None
    assert _across(state) == []


# ------------------------------------------------------------ attributes

@pytest.mark.parametrize("expr, expected", [
    ("town.floor", 18), ("town.points", 3),
    ("camp.floor", 0), ("camp.points", 1),  # the category's defaults
    ("river.points", 0), ("forest.floor", 17), ("village.floor", 16),
    ("camp.count", 5), ("gemstone.count", 2),
    ("blue.count", 20), ("garden.count", 6), ("fire.count", 18),  # a bean's count is its number
    ("blue.floor", None),  # beans have no landscape attributes
    ('kind("17").floor', 18), ('kind("10").points', 1),  # beginner_3: a town on 17, a forest on 10
])
def test_card_attributes(expr, expected):
    state = dschingis_state({"board": "beginner_3", "players": PLAYERS3})
    assert value(dschingis(), state, expr) == expected


def test_attributes_of_a_category_of_ones_own():
    engine, state = mini_state()
    assert [value(engine, state, f"{k}.points") for k in ("town", "lake", "meadow")] == [3, 0, 1]
    assert value(engine, state, "sum s in spaces: kind(s).points") == 1 + 0 + 0 + 3 + 1
    assert engine.box(None, "tile") == ["town"] * 2 + ["lake"] * 4 + ["meadow"] * 6


# ------------------------------------------------------------ spaces and their variables

def test_space_variables_are_set_and_read():
    engine, state = mini_state()
    assert state.space_vars["c"] == {"owner": None, "guarded": 0}
    outcome = engine.apply(state, {"type": "claim", "player": "Bo", "at": "c"})
    assert outcome.rejection is None
    after = outcome.state
    assert after.to_json()["spaces"]["c"] == {"card": "lake", "guarded": 1, "owner": "Bo"}
    assert after.to_json()["vars"] == {"last": "c"}
    assert value(engine, after, '"c".owner') == "Bo"
    assert value(engine, after, "last.owner") == "Bo"
    assert value(engine, after, 'count s in spaces: s.owner == "Bo"') == 1
    assert state.space_vars["c"]["owner"] is None  # the state applied to is left as it was
    again = engine.apply(after, {"type": "claim", "player": "Ada", "at": "c"})
    assert again.rejection is not None and again.rejection.reason == "that space is taken"


def test_board_primitives():
    engine, state = mini_state("square")
    assert value(engine, state, "spaces") == ["01", "02", "03", "04"]
    assert value(engine, state, 'neighbours("01")') == ["02", "03"]
    assert value(engine, state, 'adjacent("01", "04")') is False
    assert value(engine, state, 'board_card("01")') == "town"
    assert value(engine, state, 'board_card("04")') is None  # dealt
    assert value(engine, state, 'kind("04")') is None  # nothing dealt yet
    with pytest.raises(SpecRuntimeError, match="'05' is not a space of the board"):
        value(engine, state, 'kind("05")')
    with pytest.raises(SpecRuntimeError, match="'zz' is not a space of the board"):
        value(engine, state, '"zz".owner')


# ------------------------------------------------------------ decoding a space parameter

@pytest.mark.parametrize("given, message", [
    ("6", "claim: parameter 'at' must name a space of the board, got '6' (did you mean '06'?)"),
    (6, "claim: parameter 'at' must name a space of the board, got 6 (space ids are strings: write \"06\")"),
    (25, "claim: parameter 'at' must name a space of the board, got 25 (space ids are strings, like '01')"),
    ("20", "claim: parameter 'at' must name a space of the board, got '20' (its spaces are 01 to 19)"),
    (None, "claim: parameter 'at' must name a space of the board, got None (its spaces are 01 to 19)"),
])
def test_a_space_parameter_names_a_space(given, message):
    engine = mini_engine()
    state = engine.blank_state(["Ada", "Bo"], board=dschingis().layout("beginner_3"))
    with pytest.raises(ActionError) as info:
        engine.apply(state, {"type": "claim", "player": "Ada", "at": given})
    assert str(info.value) == message


def test_a_space_parameter_with_a_did_you_mean():
    engine, state = mini_state()
    with pytest.raises(ActionError) as info:
        engine.apply(state, {"type": "claim", "player": "Ada", "at": "aa"})
    assert str(info.value) == "claim: parameter 'at' must name a space of the board, got 'aa' (did you mean 'a'?)"
    state = engine.blank_state(["Ada", "Bo"], board=dschingis().layout("beginner_3"))
    with pytest.raises(ActionError) as info:
        engine.apply(state, {"type": "claim", "player": "Ada", "at": "09 "})
    assert str(info.value) == "claim: parameter 'at' must name a space of the board, got '09 ' (did you mean '09'?)"
    # On a game without a board.
    state.board = None
    with pytest.raises(ActionError) as info:
        engine.apply(state, {"type": "claim", "player": "Ada", "at": "09"})
    assert str(info.value) == "claim: parameter 'at': this game has no board"


def test_a_space_of_the_realm_as_an_attack_target():
    state = dschingis_state({"board": "beginner_3", "players": PLAYERS3, "phase": "attack"})
    with pytest.raises(ActionError) as info:
        dschingis().apply(state, {"type": "attack", "player": "Nina", "target": 10, "with": "hand 1"})
    assert str(info.value) == ("attack: parameter 'target' must name a space of the board, got 10 "
                               "(space ids are strings: write \"10\")")


# ------------------------------------------------------------ the checker

def diagnostics(extra: str) -> list[str]:
    spec = build([compile_text(MINI + extra, "mini.bohn")], None)
    return [f"{d.severity}: {d.message}" for d in check_spec(spec)]


def test_the_rules_file_of_these_tests_checks_clean():
    assert diagnostics("") == []


@pytest.mark.parametrize("extra, message", [
    (f'board b "B" grid {C} {{ row 0: twon, * }}',
     "board 'b', space 01: unknown card 'twon' (did you mean 'town'?)"),
    (f'board b "B" grid {C} {{ row 0: *, -, * }}',
     "board 'b' is not connected: 02 cannot be reached from 01 (02 in row 1; spaces are numbered in the order "
     "written, holes left out)"),
    (f'board b "B" graph {C} {{ space "x" space "y" space "z" edge "x" -- "y" }}',
     "board 'b' is not connected: z cannot be reached from x"),
    (f'board b "B" offset {C} {{ row 0: town, town, town }}',
     "board 'b' lays 3 'town' cards, but the box holds 2"),
    (f'board b "B" grid {C} {{ row 1: meadow }}', "board b: row 1 of a grid cannot be shifted"),
    (f'board b "B" graph {C} {{ space "x" edge "x" -- "y" }}', "board 'b': the edge x -- y names no space 'y'"),
    (f'board b "B" graph {C} {{ row 0: meadow }}',
     "board 'b' is a graph: name its spaces with `space` and `edge`, not rows"),
    (f'board b "B" grid {C} {{ row 0: meadow space "x" }}',
     "board 'b' lays rows (grid): `space` and `edge` belong to graph boards"),
    (f'board b "B" graph {C} {{ }}', "board 'b' has no space"),
    (f'card hut "Hut" tlie count 2 {C}',
     "unknown category 'tlie' (did you mean 'tile'?): declare it with `category NAME with ATTR N, ...`"),
    (f'card hut "Hut" tile count 2 with flor 3 {C}', "category 'tile' has no attribute 'flor' (did you mean 'floor'?)"),
    (f'card hut "Hut" tile count 0 {C}', "card 'hut' has count 0: the box holds at least one card of each kind"),
    (f'zone stack: deck shared of tiel {C}', "unknown category 'tiel' (did you mean 'tile'?)"),
    (f'define f(k) = k.flor {C}', "a player, space or card has no 'flor' (did you mean 'floor'?)"),
    (f'define f = owner {C}', "'owner' belongs to each space: write s.owner"),
    (f'define f = twon {C}', "unknown name 'twon' (did you mean 'town'?)"),
    (f'var floor: int per space = 0 {C}', "'floor' is also an attribute of cards: give the variable another name"),
    (f'var card: int per space = 0 {C}', "a space's `card` is the card lying on it: give the variable another name"),
    (f'define f(s) = reach x from s: kind(y) == lake {C}', "unknown name 'y'"),
    (f'define f(s) = neighbours(s, s) {C}', "neighbours takes 1 argument(s), given 2"),
], ids=["board-unknown-card", "board-hole-cuts", "graph-not-connected", "board-more-than-the-box",
        "grid-shifted", "graph-edge", "graph-with-rows", "grid-with-spaces", "board-empty",
        "card-unknown-category", "card-unknown-attribute", "card-count-0", "zone-unknown-category",
        "unknown-attribute", "space-variable-bare", "unknown-card-name", "variable-named-as-attribute",
        "variable-named-card", "reach-body-unknown-name", "neighbours-arity"])
def test_checker_diagnostics_for_maps(extra, message):
    assert f"error: {message}" in diagnostics("\n" + extra + "\n")


def test_checker_on_an_assignment_to_an_unknown_space_variable():
    extra = f'procedure p(s) {C} {{ s.ownr = none }}\naction go(space s) by p "Go" {C} {{ effect {{ p(s) }} }}\n'
    assert diagnostics(extra) == [
        "error: players and spaces have no variable 'ownr' (did you mean 'owner'?)"]


# ------------------------------------------------------------ scenarios with a map

HEAD = """\
id: dschingis/mine/map-01
title: A map
cites: [dschingis/setup/6]
modules: [base, dschingis]
"""
THREE = """\
  players:
    - {name: Nina, fields: [[], []]}
    - {name: Timon, fields: [[], []]}
    - {name: Keno, fields: [[], []]}
"""
NO_STEPS = "steps:\n  - expect: {}\n"
DECK = "  deck: [garden*6, red*8, black_eyed*10, soy*12, green*14, broad*16, fire*18, blue*20]\n"
LANDSCAPES = "[camp*5, town*3, village*3, plantation*3, steppe*3, forest*3, gemstone*2, river*2]"
SETUP = "setup:\n  players: [Timon, Nina, Keno]\n  beans: garden\n" + DECK


def scenario_error(tmp_path: Path, body: str) -> tuple[str, str]:
    """(path, message) of the error loading or starting a scenario."""
    path = tmp_path / "dschingis/mine/map-01.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(HEAD + textwrap.dedent(body), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        sc = S.load(path, root=tmp_path)
        S.build_state(dschingis(), sc)
    assert info.value.file == str(path)
    return info.value.path, info.value.message


def start(tmp_path: Path, body: str):
    path = tmp_path / "dschingis/mine/map-01.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(HEAD + textwrap.dedent(body), encoding="utf-8")
    return S.build_state(dschingis(), S.load(path, root=tmp_path))


@pytest.mark.parametrize("body, where, message", [
    ("state:\n  board: beginner_3\n  spaces:\n    06: {owner: Nina}\n" + THREE + NO_STEPS,
     "state.spaces.6", 'space ids are strings, and YAML reads an unquoted 06 as a number: write "06" in quotes'),
    ("state:\n  board: beginner_3\n" + THREE + "steps:\n  - expect:\n      state:\n        spaces:\n"
     "          10: {owner: null}\n",
     "steps[0].expect.state.spaces.10",
     'space ids are strings, and YAML reads an unquoted 10 as a number: write "10" in quotes'),
    ("state:\n  board: beginer_3\n" + THREE + NO_STEPS,
     "state.board", "unknown board 'beginer_3' (did you mean 'beginner_3'?)"),
    ("state:\n  board: realm_3\n" + THREE + NO_STEPS,
     "state.spaces", "no card lies on space(s) 01, 03, 04, 05, 06, 07, 08, 09, 10, 11, 12, 14, 15, 17, 18, 19: "
                     "board 'realm_3' deals them at setup, so the state must say which card lies there "
                     "({card: ...} under spaces)"),
    ("state:\n" + THREE + NO_STEPS,  # no board named: the one the rules lay (realm_3 by default)
     "state.spaces", "no card lies on space(s) 01, 03, 04, 05, 06, 07, 08, 09, 10, 11, 12, 14, 15, 17, 18, 19: "
                     "board 'realm_3' deals them at setup, so the state must say which card lies there "
                     "({card: ...} under spaces)"),
    ("state:\n  board: {geometry: graph, spaces: [a, b], edges: [[a, b]]}\n" + THREE + NO_STEPS,
     "state.spaces", "no card lies on space(s) a, b: the board deals them at setup, so the state must say "
                     "which card lies there ({card: ...} under spaces)"),
    ('state:\n  board: beginner_3\n  spaces:\n    "06": {ower: Nina}\n' + THREE + NO_STEPS,
     "state.spaces.06.ower", "unknown space variable 'ower' (did you mean 'owner'?)"),
    ('state:\n  board: beginner_3\n  spaces:\n    "06": {colour: red}\n' + THREE + NO_STEPS,
     "state.spaces.06.colour", "unknown space variable 'colour' (a space has card, owner, ready, burnt)"),
    ('state:\n  board: beginner_3\n  spaces:\n    "06": {owner: Nena}\n' + THREE + NO_STEPS,
     "state.spaces.06.owner", "'Nena' is not at the table (did you mean 'Nina'?)"),
    ('state:\n  board: beginner_3\n  spaces:\n    "06": {card: rivr}\n' + THREE + NO_STEPS,
     "state.spaces.06.card", "unknown card 'rivr' (did you mean 'river'?)"),
    ('state:\n  board: beginner_3\n  spaces:\n    "6": {owner: Nina}\n' + THREE + NO_STEPS,
     "state.spaces.6", "the board has no space '6' (did you mean '06'?)"),
    ('state:\n  board: beginner_3\n  spaces:\n    "20": {owner: Nina}\n' + THREE + NO_STEPS,
     "state.spaces.20", "the board has no space '20' (its spaces are 01 to 19)"),
    ("state:\n  board: beginner_3\n  box: [rivr, blue]\n" + THREE + NO_STEPS,
     "state.box", "unknown landscape card 'rivr' (did you mean 'river'?)"),
    ("state:\n  board: beginner_3\n  draw_pile: [camp]\n" + THREE + NO_STEPS,
     "state.draw_pile", "unknown bean card 'camp' (camp is a landscape card, not a bean card)"),
    ("state:\n  board: {geometry: graph, spaces: [a, b], edges: [[a, c]]}\n" + THREE + NO_STEPS,
     "state.board", "board (inline board): the edge a -- c names no space 'c'"),
    ("state:\n  board: {geometry: offset, rows: [[0, camp, cmap]]}\n" + THREE + NO_STEPS,
     "state.board", "space '02': unknown card 'cmap' (did you mean 'camp'?)"),
    (SETUP + "  landscapes: [camp*5, town*3, village*3, plantation*3, steppe*3, forest*3, gemstone*2, river]\n"
     + NO_STEPS, "setup.landscapes",
     "landscapes must hold exactly the 24 landscape cards in play (missing: river*1; extra: none)"),
    (SETUP + NO_STEPS, "setup.landscapes", "give the shuffled landscapes (top first)"),
    (SETUP + f"  landscapes: {LANDSCAPES}\n  board: beginer_3\n" + NO_STEPS,
     "setup.board", "unknown board 'beginer_3' (did you mean 'beginner_3'?)"),
    (SETUP + f"  landscapes: {LANDSCAPES}\n  board: beginner_4\n" + NO_STEPS,
     "setup.board", "board 'beginner_4' is laid for 4 players, not 3"),
    (SETUP + f"  landscapes: {LANDSCAPES}\n  board: beginner_3\n" + NO_STEPS,
     "setup.board", "board 'beginner_3' is laid only when layout == beginner, which these options do not say "
                    "(they lay 'realm_3')"),
], ids=["unquoted-space-id", "unquoted-space-id-expected", "unknown-board", "realm-without-cards",
        "default-board-without-cards", "inline-without-cards", "space-variable-hint", "space-variable-list",
        "owner-not-at-the-table", "unknown-card-on-a-space", "space-without-leading-zero", "no-such-space",
        "landscape-pile-with-a-bean", "bean-pile-with-a-landscape",
        "inline-bad-edge", "inline-unknown-card", "setup-landscapes-miss-a-card", "setup-without-landscapes",
        "setup-unknown-board", "setup-board-for-another-table", "setup-board-for-other-options"])
def test_scenario_errors_with_a_map(tmp_path, body, where, message):
    assert scenario_error(tmp_path, body) == (where, message)


def test_a_state_on_a_declared_board_takes_its_defaults(tmp_path):
    state, _ = start(tmp_path, 'state:\n  board: beginner_4\n  spaces:\n    "05": {card: town, owner: Keno}\n'
                               "  players:\n    - {name: Nina}\n    - {name: Timon}\n    - {name: Keno}\n"
                               "    - {name: Eiko}\n" + NO_STEPS)
    spaces = state.to_json()["spaces"]
    assert state.to_json()["board"] == "beginner_4"
    assert spaces["05"] == {"card": "town", "burnt": False, "owner": "Keno", "ready": True}
    assert spaces["01"] == {"card": "steppe", "burnt": False, "owner": None, "ready": True}


def test_a_state_on_an_inline_board_keeps_the_map(tmp_path):
    board = {"geometry": "graph", "spaces": {"a": "camp", "b": "*"}, "edges": [["a", "b"]]}
    state, _ = start(tmp_path, f"state:\n  board: {json.dumps(board)}\n  spaces:\n    b: {{card: river}}\n"
                               + THREE + NO_STEPS)
    assert state.to_json()["board"] == board  # the map itself, as given
    assert {s: v["card"] for s, v in state.to_json()["spaces"].items()} == {"a": "camp", "b": "river"}


def test_a_setup_deals_the_landscapes_onto_an_inline_board(tmp_path):
    board = {"geometry": "graph", "spaces": {"a": "camp", "b": "*", "c": "camp", "d": "camp"},
             "edges": [["a", "b"], ["b", "c"], ["c", "d"]]}
    state, _ = start(tmp_path, SETUP + f"  landscapes: {LANDSCAPES}\n  board: {json.dumps(board)}\n" + NO_STEPS)
    # Put back for three players: 2 camps, 2 rivers, the first town; the board's camps; then b is
    # dealt the first card left (the second town: the landscapes were given in kind order).
    assert {s: v["card"] for s, v in state.to_json()["spaces"].items()} == {
        "a": "camp", "b": "town", "c": "camp", "d": "camp"}
    assert state.zones["landscapes"] == []
    assert len(state.zones["box"]) == 24 - 4


# ------------------------------------------------------------ the protocol

def _setup_request(board) -> dict:
    engine = dschingis()
    request = {"id": 2, "type": "setup", "players": ["Timon", "Nina", "Keno"],
               "deck": engine.box({"beans": "garden"}), "options": {"beans": "garden"},
               "modules": DSCHINGIS, "zones": {"landscapes": engine.box({}, "landscape")}}
    if board is not None:
        request["board"] = board
    return request


def _serve(*requests) -> list[dict]:
    from bohnspec.conformance.protocol import serve
    out = io.StringIO()
    serve(io.StringIO("".join(json.dumps(r) + "\n" for r in requests)), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_serve_sets_up_on_the_board_the_request_names():
    board = {"geometry": "graph", "spaces": {"a": "camp", "b": "*", "c": "camp", "d": "camp"},
             "edges": [["a", "b"], ["b", "c"], ["c", "d"]]}
    inline, = _serve(_setup_request(board))
    assert inline["type"] == "ok", inline
    assert inline["state"]["board"] == board
    assert sorted(inline["state"]["spaces"]) == ["a", "b", "c", "d"]
    default, = _serve(_setup_request(None))
    assert default["state"]["board"] == "realm_3"  # the board the rules lay for three
    wrong, = _serve(_setup_request("beginner_4"))
    assert wrong == {"id": 2, "type": "error", "message": "at setup.board: board 'beginner_4' is laid for 4 players, not 3"}
    assert S.schema_errors(_setup_request(board), "protocol.schema.json") == []


def test_the_runner_sends_the_setup_board(tmp_path, monkeypatch):
    from bohnspec.conformance.protocol import ProtocolAdapter
    board = {"geometry": "graph", "spaces": {"a": "camp", "b": "*", "c": "camp", "d": "camp"},
             "edges": [["a", "b"], ["b", "c"], ["c", "d"]]}
    path = tmp_path / "dschingis/mine/map-01.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(HEAD + SETUP + f"  landscapes: {LANDSCAPES}\n  board: {json.dumps(board)}\n" + NO_STEPS)
    sent = []

    class Client:
        def request(self, message, expect):
            sent.append(message)
            return {"type": "ok", "events": [], "state": {"players": [{"name": "Nina"}]}}
    adapter = ProtocolAdapter("unused")
    adapter.client = Client()
    monkeypatch.setattr(adapter, "ensure", lambda: None)
    # (the reply's state is not what is tested here: taken as it comes, unchecked)
    monkeypatch.setattr(adapter, "_state", lambda previous=None: previous["state"])
    adapter.start(S.load(path, root=tmp_path))
    (request,) = sent
    assert request["board"] == board
    assert request["zones"] == {"landscapes": S.expand_cards(
        ["camp*5", "town*3", "village*3", "plantation*3", "steppe*3", "forest*3", "gemstone*2", "river*2"])}


@pytest.mark.parametrize("spaces, vars_, where, words", [
    ('    "05": {card: river, owner: Keno}\n', "", "state.spaces", "a barrier (barrier > 0: a river) is held by a player"),
    ("", "  vars: {choice: defend, chooser: Keno}\n", "state.vars.battle", "no combat is under way"),
    ('    "05": {card: village, burnt: true}\n', "", "state.spaces", "only a town"),
    ('    "05": {card: town, burnt: true, owner: Nina}\n', "", "state.options", "plundering variant is not played"),
    ('    "05": {card: village, owner: Nina}\n', '  vars: {choice: plunder, chooser: Nina, battle: "05"}\n',
     "state.vars.battle", "not from the attacker who has just taken a town still standing"),
])
def test_a_war_situation_that_could_not_come_about_is_refused(tmp_path, spaces, vars_, where, words):
    # Loaded as they stand, the rules would answer them with an error in the rules (a defence
    # of no space) or let a river border its holder's attacks.
    path, message = scenario_error(tmp_path, "state:\n  board: beginner_4\n" + (f"  spaces:\n{spaces}" if spaces else "")
                                   + "  players:\n    - {name: Nina}\n    - {name: Timon}\n    - {name: Keno}\n"
                                   "    - {name: Eiko}\n" + vars_ + NO_STEPS)
    assert path == where and words in message and "could not come about" in message, (path, message)


def test_every_declared_board_given_inline_is_the_same_map():
    # `fuzz --maps` sends a declared board inline: the same spaces, numbered alike, the same
    # cards and neighbours, for every geometry.
    from bohnspec import paths
    from bohnspec.language import board as B
    maps = str(paths.ROOT / "examples" / "bohnaparte" / "reference-maps.bohn")
    seen = set()
    for engine in (engine_for(["bohnaparte", "bohnaparte_maps"], [maps]), engine_for(["dschingis"])):
        for name, decl in engine.spec.boards.items():
            a, b = B.from_decl(decl), B.from_json(B.to_json(decl))
            assert (a.ids, a.fixed, a.adjacency, a.cells) == (b.ids, b.fixed, b.adjacency, b.cells), name
            seen.add(decl.geometry)
    assert seen == {"offset", "graph"}


def test_a_board_of_more_spaces_than_any_realm_is_refused_at_once():
    # Round 43's bad-input tester: a 150 x 150 board (a 47 KB file) took 41 s to build, as every
    # pair of spaces was compared; a board has at most 1,000 spaces, and neighbours are looked up.
    with pytest.raises(BoardError, match="more than 1000 spaces"):
        from_rows("big", "offset", [(r % 2, ["*"] * 150) for r in range(150)])
    with pytest.raises(BoardError, match="more than 1000 spaces"):
        from_graph("big", [(f"s{i}", "*") for i in range(1001)], [])
    layout = from_rows("wide", "offset", [(r % 2, ["*"] * 40) for r in range(25)])  # 1,000 spaces
    assert len(layout.ids) == 1000 and layout.adjacency["01"] == ("02", "41")


def test_a_board_of_a_module_the_state_does_not_play_names_the_module(tmp_path, capsys):
    # Round 48's designer: "unknown board 'two_shores_4'" for a board of a module the state's
    # `modules:` leaves out.
    from bohnspec.tools.cli import main
    path = tmp_path / "state.yaml"
    path.write_text("modules: [base, bohnaparte]\nstate:\n  board: realm_4\n  players: [{name: A}, {name: B}, "
                    "{name: C}, {name: D}]\n", encoding="utf-8")
    assert main(["judge", str(path)]) == 2
    assert "unknown board 'realm_4'; 'realm_4' is a board of dschingis, which this game does not play" \
           in capsys.readouterr().err


def test_two_inline_maps_alike_but_for_the_order_of_their_spaces_are_two_maps():
    # Round 92's blind author: a graph's spaces come in the order written (its income is walked
    # so), and the second map was played as the first, their JSON compared with sorted keys.
    from bohnspec.execution.interpret import engine_for
    engine = engine_for(["base", "mixed"])
    first = {"geometry": "graph", "spaces": {"nc": "camp", "gm": "gemstone", "mo": "monastery"},
             "edges": [["nc", "gm"], ["nc", "mo"]]}
    second = {"geometry": "graph", "spaces": {"nc": "camp", "mo": "monastery", "gm": "gemstone"},
              "edges": [["nc", "gm"], ["nc", "mo"]]}
    assert list(engine.inline_layout(first).ids) == ["nc", "gm", "mo"]
    assert list(engine.inline_layout(second).ids) == ["nc", "mo", "gm"]
    assert engine.inline_layout(first) is engine.inline_layout(dict(first))  # (the same map, laid once)
