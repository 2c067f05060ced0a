"""`bohnspec explain` with the rulebooks' own words (`--rulebooks DIR`, $BOHNSPEC_RULEBOOKS) and
on a designer's own rules files (`--rules FILE`)."""

from __future__ import annotations

import json

import pytest

from bohnspec import paths
from bohnspec.tools.cli import main

import helpers

BOOK = """# A rulebook

[bohnanza/end/4] Whoever holds the most coins wins
(words from a test folder, over two lines).

[bohnanza/bean-protection/1] A lone bean is protected (test words).

[bohnanza/phase-2/15] End trading when you wish (test words).
"""


@pytest.fixture
def books(tmp_path):
    folder = tmp_path / "books"
    folder.mkdir()
    (folder / "bohnanza.md").write_text(BOOK, encoding="utf-8")
    return folder


@pytest.fixture
def no_books(monkeypatch):
    """No rulebooks anywhere: neither the variable nor a folder beside the checkout."""
    monkeypatch.delenv("BOHNSPEC_RULEBOOKS", raising=False)
    monkeypatch.setattr(paths, "rulebooks_dir", lambda: None)


def explain(capsys, *args):
    code = main(["explain", *args, "--json"])
    out = capsys.readouterr().out
    return code, (json.loads(out) if code == 0 else out)


def test_the_paragraph_text_comes_from_the_folder_given(capsys, books, no_books):
    code, info = explain(capsys, "bohnanza/end/4", "--rulebooks", str(books))
    assert code == 0
    # A paragraph that runs over two lines is read whole.
    assert info["rulebook_text"] == "Whoever holds the most coins wins (words from a test folder, over two lines)."
    assert "rulebook_hint" not in info
    assert main(["explain", "bohnanza/end/4", "--rulebooks", str(books)]) == 0
    assert "rulebook: Whoever holds the most coins wins" in capsys.readouterr().out


def test_the_environment_variable_stays_a_fallback(capsys, books, monkeypatch):
    monkeypatch.setenv("BOHNSPEC_RULEBOOKS", str(books))
    code, info = explain(capsys, "bohnanza/bean-protection/1")
    assert code == 0 and info["rulebook_text"] == "A lone bean is protected (test words)."


def test_without_the_rulebooks_explain_says_how_to_get_them(capsys, no_books):
    code, info = explain(capsys, "bohnanza/end/4")
    assert code == 0
    assert info["rulebook_text"] is None
    assert "--rulebooks DIR" in info["rulebook_hint"] and "BOHNSPEC_RULEBOOKS" in info["rulebook_hint"]
    assert main(["explain", "bohnanza/end/4"]) == 0
    assert "not shipped with bohnspec: give the folder holding bohnanza.md with --rulebooks DIR" \
        in capsys.readouterr().out


def test_a_paragraph_missing_from_the_folder_is_said(capsys, books, no_books):
    code, info = explain(capsys, "bohnanza/end/1", "--rulebooks", str(books))
    assert code == 0 and info["rulebook_text"] is None
    assert "is not in" in info["rulebook_hint"]


def test_a_rulebooks_folder_that_is_not_there_is_an_input_error(capsys, tmp_path):
    assert main(["explain", "bohnanza/end/4", "--rulebooks", str(tmp_path / "nowhere")]) == 2
    assert "--rulebooks" in capsys.readouterr().err


def test_a_clause_quotes_the_paragraphs_it_cites(capsys, books, no_books):
    code, info = explain(capsys, "harvest", "--rulebooks", str(books))
    assert code == 0
    assert "rulebook" not in info["clauses"][0]  # harvest/1 is not in the test book
    code, info = explain(capsys, "winners", "--rulebooks", str(books))
    assert any(c.get("rulebook", {}).get("bohnanza/end/4", "").startswith("Whoever holds")
               for c in info["clauses"])


def test_judge_quotes_the_deciding_paragraph(capsys, books, tmp_path):
    situation = tmp_path / "s.yaml"
    situation.write_text(json.dumps({"players": [{"name": "Ada", "fields": [["soy"], ["red", "red"], []]},
                                                 {"name": "Ben"}, {"name": "Cleo"}], "phase": "trade"}))
    assert main(["judge", str(situation), "-a", "Ada harvest 1", "--rulebooks", str(books)]) == 1
    assert "the rulebook, bohnanza/bean-protection/1: A lone bean is protected (test words)." \
        in capsys.readouterr().out


def test_judge_quotes_the_paragraph_that_allows_a_legal_move(capsys, books, tmp_path):
    situation = tmp_path / "s.yaml"
    situation.write_text(json.dumps({"players": [{"name": "Ada", "fields": [["soy"], ["red", "red"], []]},
                                                 {"name": "Ben"}, {"name": "Cleo"}], "phase": "trade"}))
    assert main(["judge", str(situation), "-a", "Ada end_phase", "--rulebooks", str(books)]) == 0
    out = capsys.readouterr().out
    assert "LEGAL, allowed by bohnanza/phase-2/15" in out
    assert "the rulebook, bohnanza/phase-2/15: End trading when you wish (test words)." in out


def test_places_are_relative_to_the_spec_wherever_explain_runs(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, info = explain(capsys, "harvest")
    assert code == 0
    where = info["clauses"][0]["where"]
    assert where.startswith("spec/base/harvest.bohn:")
    # The place is itself an id explain understands.
    code, again = explain(capsys, where)
    assert code == 0 and again["clauses"][0]["name"] == "harvest"


# ------------------------------------------------------------ a designer's own cards

VINES = str(helpers.ROOT / "examples" / "my-vines.bohn")
LANDSCAPES = str(helpers.ROOT / "examples" / "landscapes" / "my-landscapes.bohn")


def test_explain_rules_alone_explains_every_card_of_the_file(capsys):
    code, info = explain(capsys, "--rules", VINES)
    assert code == 0 and info["type"] == "file"
    cards = {c["name"]: c for c in info["clauses"]}
    assert {"example_six_coins", "example_reveal_red", "example_empty_hand_in_phase_3",
            "example_three_varieties", "example-vines"} <= set(cards)
    six = cards["example_six_coins"]
    assert six["where"] == "examples/my-vines.bohn:14"
    assert any("its task is a state" in w for w in six["what_it_is"])
    # The scenarios beside the file that use the card, not the corpus's.
    assert six["scenarios"] == ["examples/six-coins-met-on-arrival-01", "examples/six-coins-not-met-01"]
    assert main(["explain", "--rules", VINES]) == 0
    out = capsys.readouterr().out
    assert "the cards and rules of" in out and "vine example_reveal_red" in out


def test_explain_a_designers_landscape(capsys):
    code, info = explain(capsys, "watchtower", "--rules", LANDSCAPES)
    assert code == 0
    card = info["clauses"][0]
    assert card["where"] == "examples/landscapes/my-landscapes.bohn:22"
    # What an attribute means is read off the category's comment (round 40's players saw bare
    # numbers: `shelter 1`).
    assert ("points 2 (a landscape's default is 1); floor 19: the least combat value its defender fights with"
            in card["what_it_is"][0])
    assert card["scenarios"] and all(s.startswith("watchtower/") for s in card["scenarios"])
    code, info = explain(capsys, "market", "--rules", LANDSCAPES)
    assert any(u.startswith("on turn (examples/landscapes/my-landscapes.bohn:") for u in info["clauses"][0]["used_by"])


def test_explain_needs_an_id_or_a_rules_file(capsys):
    assert main(["explain"]) == 2
    assert "--rules FILE" in capsys.readouterr().err


def test_explain_lists_what_allows_an_action_case_by_case(capsys):
    from bohnspec.tools.cli import main

    assert main(["explain", "offer"]) == 0
    out = capsys.readouterr().out
    assert "allowed by bohnanza/phase-2/14 when size(give) == 0 or size(get) == 0" in out


def test_explain_rulings_lists_every_ruling_with_its_question(capsys):
    # An engine writer's index (round 20: three rulings the corpus cites were found only by grep).
    from bohnspec.tools.cli import main
    assert main(["explain", "rulings"]) == 0
    out = capsys.readouterr().out
    assert "  module base:" in out
    assert "    ruling/protection-needs-a-longer-field: May a player harvest a single-card field" in out
    assert "ruling/single-jumping-bean" in out and "ruling/jumping-final-harvest" in out
    # Review round 34: an engine writer needs the decision, not only the question.
    assert "      decision: Nothing: they go to the discard pile and no draft takes place" in out


def test_a_misspelt_rulings_is_told_the_word(capsys):
    from bohnspec.tools.cli import main
    assert main(["explain", "rulingz"]) == 2
    err = capsys.readouterr().err
    assert "(did you mean 'rulings'?)" in err and err.count("\n") == 1


def test_a_paragraph_of_an_action_names_what_other_modules_add_to_it(capsys):
    # Review of 2026-12-03: `explain bohnanza/harvest/1` ("harvest at any time") hid that the
    # intermediate phase forbids it, that the two-player game allows it only on one's own turn
    # and that a figure in the castle harvests no more; the two-player extension showed
    # "cites: -" and none of its refusals.
    assert main(["explain", "bohnanza/harvest/1", "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    action = next(c for c in info["clauses"] if c["kind"] == "action" and c["name"] == "harvest")
    elsewhere = {r["rule"]: e["module"] for e in action["limited_elsewhere"] for r in e["refusals"]}
    assert elsewhere["bohnroeschen/intermediate-phase/1"] == "bohnroeschen"
    assert elsewhere["bohnroeschen/two-player/2"] == "duo"
    assert elsewhere["ruling/ender-does-not-harvest"] == "bohnroeschen"
    extend = next(c for c in info["clauses"] if c["kind"] == "extend" and c["module"] == "duo")
    assert [r["rule"] for r in extend["refusals"]] == ["bohnroeschen/two-player/2"]
    assert main(["explain", "bohnanza/harvest/1"]) == 0
    text = capsys.readouterr().out
    assert "where other modules are played, also:" in text and "cites: - (each clause cites its own)" in text


def test_a_card_is_named_by_the_rules_of_its_own_game_only(capsys):
    # Dschingis Bohn's town and Bohnaparte's share the id `town`: Bohnaparte's boards are not
    # among the rules naming Dschingis Bohn's.
    assert main(["explain", "card:town", "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    by_module = {c["module"]: c["used_by"] for c in info["clauses"]}
    assert by_module["dschingis"] and not any("spec/bohnaparte/" in u for u in by_module["dschingis"])
    assert by_module["bohnaparte"] and not any("spec/dschingis/" in u for u in by_module["bohnaparte"])


def test_a_vine_card_is_tested_where_the_steps_name_it_not_where_it_fills_a_row(capsys):
    # Review round 27: `explain last_figure` counted every scenario whose vine row holds the card.
    assert main(["explain", "last_figure", "--json"]) == 0
    [card] = json.loads(capsys.readouterr().out)["clauses"]
    assert "bohnroeschen/examples/example-3-four-figures-on-the-last-figure-card" in card["scenarios"]
    assert "bohnroeschen/components/third-field-bought-for-three-coins-01" not in card["scenarios"]
    assert card["laid_in"] > len(card["scenarios"]) > 0


def test_explain_a_card_says_what_its_attributes_mean(capsys):
    code, info = explain(capsys, "forest")
    assert code == 0
    dschingis = next(c for c in info["clauses"] if c["module"] == "dschingis")
    what = dschingis["what_it_is"][0]
    assert "shelter 1: wary mounted troops may not attack it (a forest, a town)" in what, what
    assert "halts 1: no mounted troops at all may attack it" in what, what


def test_a_clause_is_tested_only_by_scenarios_of_games_playing_its_module(capsys):
    # Round 90's outside engine: the war games' `extend plant` (citing ruling/no-such-card) was
    # listed as tested by 148 base scenarios, which cite that ruling but play no war game.
    assert main(["explain", "plant", "--json"]) == 0
    clauses = json.loads(capsys.readouterr().out)["clauses"]
    war = next(c for c in clauses if c["module"] == "war")
    assert war["scenarios"] and all(s.split("/")[0] in ("dschingis", "bohnaparte", "mixed") for s in war["scenarios"]), \
        war["scenarios"][:20]
    base = next(c for c in clauses if c["module"] == "base")
    assert any(s.startswith("base/") for s in base["scenarios"]) and any(s.startswith("duo/") for s in base["scenarios"])


def test_an_event_is_explained_by_the_rules_that_raise_it(capsys):
    # Round 95's outside engine: `explain exhausted` gave Bohnaparte's quarry variable alone, and
    # `explain reshuffled` nothing at all
    from bohnspec.tools.cli import main
    assert main(["explain", "reshuffled", "--words"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("event reshuffled  ({cards};") and "procedure reshuffle_discard" in out, out
    assert "bohnanza/empty-draw-pile/1: " in out and "source:" not in out, out
    assert main(["explain", "exhausted"]) == 0
    out = capsys.readouterr().out
    assert "var exhausted" in out and "event exhausted  ({count};" in out, out
    assert main(["explain", "event:exhausted", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["type"] == "event" and data["keys"] == ["count"] and data["raised_by"][0]["name"] == "run_out"
    assert main(["explain", "event:reshufled"]) == 2
    assert "no rule raises an event 'reshufled' (did you mean 'reshuffled'?)" in capsys.readouterr().err


def test_an_attribute_a_module_adds_is_explained_with_its_meaning_and_its_readers(tmp_path, capsys):
    # round 96's designer: `toll 1` was told only as a default, and the handler reading it was
    # not among the rules of the card
    rules = tmp_path / "tavern.bohn"
    rules.write_text(
        "module tavern requires dschingis\n\n"
        "ruling tavern\n  question \"A tavern?\"\n  decision \"Yes.\"\n  reason \"Play.\"\n  cites dschingis/setup/1\n\n"
        "//   toll      cards its holder takes when a neighbour is conquered\n"
        "extend category landscape with toll 0 cites ruling/tavern\n\n"
        "card tavern \"Tavern\" landscape count 2 with toll 1 cites ruling/tavern\n\n"
        "on conquered(player, target) cites ruling/tavern {\n"
        "  for n in neighbours(target) { if kind(n).toll > 0 and n.owner != none { emit tolled(space: n) } }\n"
        "}\n", encoding="utf-8")
    assert main(["check", "--rules", str(rules)]) == 0, capsys.readouterr()
    capsys.readouterr()
    assert main(["explain", "tavern", "--rules", str(rules)]) == 0
    out = capsys.readouterr().out
    assert "toll 1: cards its holder takes when a neighbour is conquered" in out, out
    assert "on conquered (" in out, out
