"""The map of a game for people: `boardview` text rows and SVG, and `bohnspec board`."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest
import yaml

import helpers
from bohnspec.tools import boardview
from bohnspec.tools.cli import main
from bohnspec.execution.interpret import engine_for
from bohnspec.tools.judge import load_situation

SVG = "{http://www.w3.org/2000/svg}"

STATE = {
    "modules": ["base", "dschingis"],
    "board": "beginner_4",
    "options": {"plunder": "on"},  # a town burns only when plundering is played
    "spaces": {
        "03": {"owner": "Nina"},
        "06": {"owner": "Timon"},
        "05": {"owner": "Timon"},
        "10": {"owner": "Timon", "ready": False},
        "02": {"owner": "Keno"},
        "18": {"owner": "Eiko", "burnt": True},
    },
    "players": [
        {"name": "Nina", "hand": ["fire", "soy"], "coins": ["red"], "fields": [[], []]},
        {"name": "Timon", "hand": ["green"], "fields": [[], []]},
        {"name": "Keno", "fields": [[], []]},
        {"name": "Eiko", "fields": [[], []]},
    ],
    "active": "Nina",
    "phase": "attack",
    "draw_pile": ["garden", "blue", "soy"],
    # Nina attacks Timon's village, and Timon is to lay his defence.
    "vars": {"battle": "06", "choice": "defend", "chooser": "Timon"},
}


def write(tmp_path, data, name="situation.yaml"):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return str(path)


@pytest.fixture
def view(tmp_path):
    engine, state, _ = load_situation(write(tmp_path, STATE))
    return boardview.of_state(engine.spec, state)


def test_beginner_4_rows_show_the_hexagon(view):
    lines = boardview.text_rows(view)
    assert lines[0] == "board beginner_4 (offset, 19 spaces)"
    rows = [l for l in lines[1:] if re.match(r"^\s+\[?\d\d [a-z*]", l)]
    assert len(rows) == 5
    assert [len([w for w in r.split() if w.strip("[").isdigit() and len(w.strip("[")) == 2]) for r in rows] == \
        [3, 4, 5, 4, 3]
    labels = {s.id: s.label(flags=False) for s in view.spaces}

    def centre(sid):
        row = next(r for r in rows if labels[sid] in r)
        return row.index(labels[sid]) + len(labels[sid]) / 2

    # Each card lies half a card to the side of the two it touches in the next row: the rows
    # of 3 and 4 are shifted against the middle row of 5, and the hexagon is symmetric.
    for top, left, right in (("01", "04", "05"), ("05", "09", "10"), ("14", "09", "10"), ("18", "14", "15"),
                             ("04", "08", "09"), ("16", "11", "12")):
        assert abs(centre(top) - (centre(left) + centre(right)) / 2) <= 1.5, top
    assert abs(centre("01") - centre("17")) <= 1.5 and abs(centre("04") - centre("13")) <= 1.5
    assert centre("08") < centre("04") < centre("01")
    # A row's cards sit half a card to the side of the neighbouring row's.
    text = "\n".join(lines)
    assert "01 steppe" in rows[0] and "19 steppe" in rows[4]
    assert rows[1].index("05 forest") < rows[0].index("02 town") < rows[1].index("06 village")
    assert "02 town (Keno)" in text and "05 forest (Timon)" in text and "[06 village (Timon)]" in text
    assert "defeated" in text and "burnt" in text
    assert "[06] under attack" in text


def test_flags_sit_under_their_space(view):
    lines = boardview.text_rows(view)
    row = next(i for i, l in enumerate(lines) if "10 steppe (Timon)" in l)
    assert "defeated" in lines[row + 1]
    centre = lines[row].index("10 steppe") + len("10 steppe (Timon)") // 2
    assert abs(lines[row + 1].index("defeated") + len("defeated") // 2 - centre) <= 2


def test_json_has_every_space_with_its_owner_and_title(view):
    data = boardview.to_json(view)
    assert data["board"] == "beginner_4" and data["geometry"] == "offset"
    spaces = {s["space"]: s for s in data["spaces"]}
    assert len(spaces) == 19
    assert spaces["10"]["owner"] == "Timon" and spaces["10"]["flags"] == ["defeated"]
    assert spaces["18"]["flags"] == ["burnt"]
    assert spaces["06"]["marks"] == ["under attack"]
    assert spaces["04"]["title"] == engine_for(["base", "dschingis"]).spec.cards["gemstone"].title
    assert spaces["01"]["neighbours"] == ["02", "04", "05"]


def test_svg_is_well_formed_with_19_hexagons_and_titles(view):
    root = ET.fromstring(boardview.svg(view, subtitle="a test"))
    assert root.tag == SVG + "svg"
    assert root.find(SVG + "title") is not None and root.find(SVG + "desc") is not None
    assert "aria-labelledby" in root.attrib
    spaces = [g for g in root.iter(SVG + "g") if g.get("id", "").startswith("space-")]
    assert len(spaces) == 19
    outlines = [g.find(SVG + "polygon") for g in spaces]
    assert all(p is not None and len(p.get("points").split()) == 6 for p in outlines)
    texts = " ".join(t.text or "" for t in root.iter(SVG + "text"))
    spec = engine_for(["base", "dschingis"]).spec
    for card in ("gemstone", "forest", "river"):
        assert spec.cards[card].title.split(" (")[0] in texts
    for name in ("Nina", "Timon", "Keno", "Eiko", "defeated", "burnt", "under attack"):
        assert name in texts
    assert all(g.find(SVG + "title") is not None for g in spaces)
    # No external resources.
    raw = boardview.svg(view)
    assert "href" not in raw and "url(http" not in raw and "@import" not in raw


def test_each_player_has_his_own_colour_in_seating_order(view):
    assert [view.colour(p) for p in view.players] == boardview.PLAYER_COLOURS[:4]
    root = ET.fromstring(boardview.svg(view))
    legend = next(g for g in root.iter(SVG + "g") if g.get("id") == "legend")
    names = [t.text for t in legend.iter(SVG + "text")]
    assert names.index("Nina: 1 space") < names.index("Timon: 3 spaces") < names.index("Keno: 1 space")


def test_graph_and_grid_boards(tmp_path):
    graph = {**STATE, "board": {"geometry": "graph", "spaces": {"a": "camp", "b": "forest", "c": "town"},
                                "edges": [["a", "b"], ["b", "c"]]},
             "spaces": {"a": {"owner": "Nina"}}, "vars": {}}
    engine, state, _ = load_situation(write(tmp_path, graph))
    view = boardview.of_state(engine.spec, state)
    lines = boardview.text_rows(view)
    assert any("a camp (Nina)" in l and "neighbours: b" in l for l in lines)
    assert any(l.strip().startswith("b forest") and "neighbours: a, c" in l for l in lines)
    root = ET.fromstring(boardview.svg(view))
    spaces = [g for g in root.iter(SVG + "g") if g.get("id", "").startswith("space-")]
    assert len(spaces) == 3 and all(g.find(SVG + "circle") is not None for g in spaces)
    edges = next(g for g in root.iter(SVG + "g") if g.get("id") == "edges")
    assert len(list(edges.iter(SVG + "line"))) == 2
    grid = {**STATE, "board": {"geometry": "grid", "rows": [[0, "camp", "forest"], [0, "town", "-"]]},
            "spaces": {"01": {"owner": "Nina"}}, "vars": {}}
    engine, state, _ = load_situation(write(tmp_path, grid))
    view = boardview.of_state(engine.spec, state)
    rows = boardview.text_rows(view)[1:3]
    assert rows[0].index("01 camp") < rows[0].index("02 forest")
    assert rows[1].lstrip().startswith("03 town")
    spaces = [g for g in ET.fromstring(boardview.svg(view)).iter(SVG + "g") if g.get("id", "").startswith("space-")]
    assert len(spaces) == 3 and all(g.find(SVG + "rect") is not None for g in spaces)


def test_a_declared_board_shows_its_dealt_spaces():
    spec = engine_for(["base", "dschingis"]).spec
    lines = boardview.text_rows(boardview.of_decl(spec, spec.boards["realm_4"]))
    assert "02 camp" in lines[1] and "01 *" in lines[1]
    assert "08 camp" in lines[3] and "12 camp" in lines[3]
    assert "* = a card dealt at setup" in lines[-1]


# ------------------------------------------------------------ the command

def test_board_command_prints_rows_and_writes_svg(tmp_path, capsys):
    out_file = tmp_path / "map.svg"
    code = main(["board", write(tmp_path, STATE), "--svg", str(out_file)])
    out = capsys.readouterr().out
    assert code == 0
    assert "05 forest (Timon)" in out and f"wrote the map to {out_file}" in out
    ET.parse(out_file)


def test_board_command_lists_the_neighbours_of_a_board_drawn_in_rows(capsys):
    # round 96's designer: SCENARIOS.md said so; only --json had them
    assert main(["board", "beginner_4"]) == 0
    out = capsys.readouterr().out
    assert "neighbours: 01: 02, 04, 05; 02: 01, 03, 05, 06;" in out and "19: 15, 16, 18" in out


def test_board_command_on_a_corpus_scenario(capsys):
    code = main(["board", "dschingis/examples/example-river-on-10-attack-06-01", "--step", "1", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    spaces = {s["space"]: s for s in data["spaces"]}
    assert spaces["06"]["owner"] == "Keno" and spaces["10"]["card"] == "river"


@pytest.mark.parametrize("case, message", [
    ("missing", "no such file"),
    ("not yaml", "not valid YAML"),
    ("a list", "expected a state"),
    ("no map", "this game has no map"),
    ("unwritable", "cannot write the picture"),
    ("bad step", "--step must be"),
])
def test_board_command_bad_input(tmp_path, capsys, case, message):
    args = {
        "missing": [str(tmp_path / "nowhere.yaml")],
        "not yaml": [str(tmp_path / "bad.yaml")],
        "a list": [str(tmp_path / "list.yaml")],
        "no map": [str(tmp_path / "base.yaml")],
        "unwritable": [str(tmp_path / "situation.yaml"), "--svg", str(tmp_path / "no" / "such" / "dir.svg")],
        "bad step": ["dschingis/examples/example-river-on-10-attack-06-01", "--step", "9"],
    }[case]
    (tmp_path / "bad.yaml").write_text("players: [\n", encoding="utf-8")
    (tmp_path / "list.yaml").write_text("- 1\n- 2\n", encoding="utf-8")
    write(tmp_path, {"players": [{"name": "Timon"}, {"name": "Nina"}, {"name": "Keno"}]}, "base.yaml")
    write(tmp_path, STATE)
    code = main(["board", *args])
    captured = capsys.readouterr()
    assert code == 2
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("bohnspec: ") and message in lines[0]


def test_a_chessboard_reads_in_columns(tmp_path):
    """A grid's cells start at their column's edge whatever their label's length: the columns
    line up, as on a chessboard (no diagonal neighbours, bohnaparte/variants/3)."""
    situation = {"modules": ["base", "bohnaparte"],
                 "board": {"geometry": "grid", "rows": [[0, "camp", "farm", "camp"], [0, "swamp", "village", "farm"],
                                                         [0, "monastery", "town", "camp"]]},
                 "spaces": {"01": {"owner": "Timon"}, "03": {"owner": "Nina"}, "09": {"owner": "Keno"}},
                 "players": [{"name": "Timon"}, {"name": "Nina"}, {"name": "Keno"}]}
    engine, state, _ = load_situation(write(tmp_path, situation))
    rows = boardview.text_rows(boardview.of_state(engine.spec, state))[1:4]
    for column in (("01", "04", "07"), ("02", "05", "08"), ("03", "06", "09")):
        assert len({row.index(space) for row, space in zip(rows, column)}) == 1, rows


def test_a_long_title_is_split_and_cut_to_fit_its_space():
    # A designer's "MY WAR (not official): Beacon" ran across its neighbours' labels (round 20).
    from bohnspec.tools.boardview import _split_title
    assert _split_title("Forest (Wald)") == ("Forest", "(Wald)")
    assert _split_title("MY WAR (not official): Beacon") == ("Beacon", "MY WAR (not off\u2026")
    assert _split_title("A very long landscape name here") == ("A very long", "landscape name\u2026")
    assert all(len(line) <= 16 for t in ("Gemstone Field (Edelsteinfeld)", "x" * 40) for line in _split_title(t))


def test_a_declared_board_is_drawn_by_its_name(tmp_path, capsys):
    assert main(["board", "pyramid_5"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "board pyramid_5: declared in module bohnaparte, for 3 players, before the deal"
    assert re.search(r"01 camp\n.*02 \*\s+03 \*", out) and "11 camp" in out and "15 camp" in out
    # The picture's title names the board once (round 83's second designer read it twice).
    picture = tmp_path / "p.svg"
    assert main(["board", "pyramid_5", "--svg", str(picture)]) == 0
    capsys.readouterr()
    assert "The map: board pyramid_5: declared in module bohnaparte, for 3 players" in picture.read_text()
    maps = str(helpers.ROOT / "examples" / "bohnaparte" / "reference-maps.bohn")
    assert main(["board", "reference_4", "--rules", maps, "--json", "-"]) == 0
    spaces = json.loads(capsys.readouterr().out)["spaces"]
    assert [s["space"] for s in spaces if s.get("card") == "camp"] == ["01", "05", "23", "27"]


def test_a_misspelt_board_name_is_offered_the_name(capsys):
    assert main(["board", "pyramid5"]) == 2
    err = capsys.readouterr().err
    assert "no board has this name (did you mean 'pyramid_5'?)" in err and "--rules FILE" in err


def test_the_board_command_shows_a_modules_replacement_of_a_books_board(tmp_path, capsys):
    # Round 48's designer: `bohnspec board realm_4 --rules FILE` showed the printed realm_4,
    # though the module of FILE replaces it (a situation and simulate used the replacement).
    from bohnspec.tools.cli import main
    rules = tmp_path / "realm.bohn"
    rules.write_text("module my_realm requires dschingis\n\nruling my-realm\n  question \"q?\"\n  decision \"d.\"\n"
                     "  reason \"r.\"\n  cites dschingis/setup/6\n\n"
                     "board realm_4 \"My realm\" offset for 4 players cites ruling/my-realm {\n"
                     "  row 0: camp, *, *, *, *, *, camp\n  row 1: *, *, *, *, *, *\n"
                     "  row 0: camp, *, *, *, *, *, camp\n}\n", encoding="utf-8")
    assert main(["board", "realm_4", "--rules", str(rules)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("board realm_4: declared in module my_realm, for 4 players, before the deal"), out
