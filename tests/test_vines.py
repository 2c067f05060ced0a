"""Authoring vine cards: mistakes get located errors; example cards work without Python."""

from __future__ import annotations

from pathlib import Path

import pytest

from bohnspec.language.check import check_files
from bohnspec.tools.cli import main
from bohnspec.language.compile import compile_text
from bohnspec.errors import RulesSyntaxError

ROOT = Path(__file__).resolve().parent.parent


def test_a_mistyped_vine_keyword_names_line_column_and_what_was_expected():
    text = 'module mine requires bohnroeschen\n\nvine six_coins "Hold six coins." by h cites ruling/example-vines {\n  met whn size(h.coins) >= 6\n}\n'
    with pytest.raises(RulesSyntaxError) as err:
        compile_text(text, "mine.bohn")
    assert (err.value.location.line, err.value.location.column) == (4, 7)
    assert str(err.value).startswith("mine.bohn:4:7: unexpected 'whn'; expected 'when'")
    assert "  met whn size(h.coins) >= 6\n      ^" in str(err.value)


def test_a_vine_without_by_is_located(tmp_path):
    path = tmp_path / "mine.bohn"
    path.write_text('module mine requires bohnroeschen\nvine x "X." cites ruling/example-vines {}\n')
    diagnostics, _ = check_files([path])
    assert len(diagnostics) == 1
    d = diagnostics[0]
    assert (d.location.line, d.location.column) == (2, 13)
    assert "expected 'by'" in d.message


def test_an_unknown_name_in_a_vine_condition_suggests_the_right_one(tmp_path):
    path = tmp_path / "mine.bohn"
    path.write_text('module mine requires bohnroeschen\n'
                    'vine x "X." by h cites bohnroeschen/tasks/2 {\n  met when size(h.coinz) > 1\n}\n')
    diagnostics, _ = check_files([path])
    messages = [f"{d.location.line}:{d.location.column}: {d.message}" for d in diagnostics]
    assert messages == ["3:17: a player, space or card has no 'coinz' (did you mean 'coins'?)"]


def test_a_vine_event_nobody_emits_is_an_error(tmp_path):
    # An error with a did-you-mean, not a warning (issue 13): a misspelt event is never met.
    path = tmp_path / "mine.bohn"
    path.write_text('module mine requires bohnroeschen\n'
                    'vine x "X." by h cites bohnroeschen/tasks/2 {\n  on harvestd(player) when player == h\n}\n')
    diagnostics, _ = check_files([path])
    assert [(d.severity, d.message) for d in diagnostics] == [
        ("error", "unknown event 'harvestd': no rule emits it, so this task can never be met "
                  "(did you mean 'harvested'?)")]


def test_the_example_cards_check_and_their_scenarios_pass(capsys):
    examples = ROOT / "examples"
    assert main(["check", str(examples / "my-vines.bohn")]) == 0
    assert main(["conform", str(examples / "scenarios"), "--rules", str(examples / "my-vines.bohn")]) == 0
    assert "5 passed, 0 failed" in capsys.readouterr().out
