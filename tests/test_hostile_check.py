"""Issue 13, `bohnspec check` catches what would later crash or misbehave: unknown events and
event keys (errors, with a did-you-mean), a misspelt `requires`, type errors such as
`cards >= "five"`, an empty file; and a file that does not check stops every command that
would use it."""

from __future__ import annotations

from pathlib import Path

import pytest

from bohnspec.language.check import check_files
from bohnspec.tools.cli import main


def errors_of(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "mine.bohn"
    path.write_text(text, encoding="utf-8")
    diagnostics, _ = check_files([path])
    return [f"{d.location.line}:{d.location.column}: {d.message}" for d in diagnostics if d.severity == "error"]


@pytest.mark.parametrize("text, expected", [
    # An event no rule emits, with a did-you-mean.
    ("module mine requires base\non harvestd(player) cites bohnanza/harvest/1 { }\n",
     "2:1: unknown event 'harvestd': no rule emits it, so this handler never runs (did you mean 'harvested'?)"),
    # A key the event does not have (this passed check and crashed every run with KeyError).
    ("module mine requires base\non harvested(player, beans) cites bohnanza/harvest/1 {\n"
     "  if beans == 2 { planted = 0 }\n}\n",
     "2:1: event 'harvested' has no key 'beans'; it gives cards, coins, field, player, variety"),
    # The built-in events have their keys too.
    ("module mine requires base\non game_over(winner) cites bohnanza/end/2 { }\n",
     "2:1: event 'game_over' has no key 'winner' (did you mean 'winners'?); it gives winners"),
    # A vine task listening to an unknown event.
    ("module mine requires bohnroeschen\nvine v \"x\" by h cites bohnroeschen/components/1 {\n"
     "  on harvestd(player) when player == h\n}\n",
     "3:28: unknown event 'harvestd': no rule emits it, so this task can never be met"),
    # A misspelt `requires`.
    ("module mine requires bsae\n", "1:1: module 'mine' requires an unknown module 'bsae' (did you mean 'base'?)"),
    # Type errors.
    ("module mine requires base\non harvested(player, cards) cites bohnanza/harvest/1 {\n"
     "  if cards >= \"five\" { planted = 0 }\n}\n",
     '3:6: `cards >= "five"`: >= compares numbers, but `"five"` is text (write the number without quotes)'),
    ("module mine requires base\ndefine d = planted == \"two\"\n",
     '2:12: `planted == "two"` compares a number with text: they are never equal'),
    ("module mine requires base\ndefine d = planted + true\n",
     "2:12: `planted + true`: + and - take numbers (or lists), but `true` is a truth value"),
    ("module mine requires base\ndefine d = 2 * \"x\"\n",
     '2:12: `2 * "x"`: * takes numbers, but `"x"` is text'),
    # Review round 27: a player's variable of a declared type, and the phase, are read as such.
    ("module mine requires bohnroeschen\nvine v \"x\" by h cites bohnroeschen/components/1 {\n"
     "  met when h.in_castle > 2\n}\n",
     "3:12: `h.in_castle > 2`: > compares numbers, but `h.in_castle` is a truth value"),
    ("module mine requires bohnroeschen\nvine v \"x\" by h cites bohnroeschen/components/1 {\n"
     "  met when h.vine_pos == \"two\"\n}\n",
     '3:12: `h.vine_pos == "two"` compares a number with text: they are never equal'),
    ("module mine requires base\ndefine d = phase == 1\n",
     "2:12: `phase == 1` compares text with a number: they are never equal"),
    # Review round 28: another game's option, option value or card, read by a module that does
    # not require that game, is told at `check`, not when the file is loaded to play.
    ("module mine requires dschingis\ndefine d = cavalry == on cites dschingis/combat/1\n",
     "2:12: 'cavalry' is declared by module 'bohnaparte', which module 'mine' does not require: a game of 'mine' "
     "would have no such name (add `requires bohnaparte` to its module line)"),
    ("module mine requires bohnaparte\ndefine d = layout == random cites bohnaparte/attack/1\n",
     "2:22: 'random' (a value of option 'layout') is declared by module 'dschingis', which module 'mine' does not "
     "require: a game of 'mine' would have no such name (add `requires dschingis` to its module line)"),
    ("module mine requires dschingis\nboard b \"B\" offset for 4 players when layout == random cites "
     "dschingis/setup/11 {\n  row 0: camp, quarry, camp\n  row 1: camp, camp\n}\n",
     "3:3: board 'b', space 02: 'quarry' is a card of module 'bohnaparte', which module 'mine' does not require"),
    # ... and a vine card is not named like a bean variety.
    ("module mine requires bohnroeschen\nvine blue \"x\" by h cites bohnroeschen/components/1 {\n"
     "  met when size(h.coins) >= 1\n}\n",
     "2:1: vine card id 'blue' is already a bean variety: give the vine card another id"),
    # Through a define: its body says what it gives, wherever it is read (with arguments too).
    ("module mine requires base\ndefine n = \"three\" cites bohnanza/phase-1/1\n"
     "define d = planted < n cites bohnanza/phase-1/1\n",
     '3:12: `planted < n`: < compares numbers, but `n` is text (write the number without quotes)'),
    ("module mine requires base\ndefine label(x) = \"big\" cites bohnanza/phase-1/1\n"
     "define d = label(2) == 2 cites bohnanza/phase-1/1\n",
     '3:12: `label(2) == 2` compares text with a number: they are never equal'),
    # `extend category`: a category that exists, of a module required, with new attribute names.
    ("module mine requires dschingis\nextend category landscpe with tithe 0 cites dschingis/object/1\n",
     "2:1: unknown category 'landscpe' (did you mean 'landscape'?)"),
    ("module mine requires dschingis\nextend category landscape with floor 0 cites dschingis/object/1\n",
     "2:1: category 'landscape' has an attribute 'floor' already"),
    ("module mine requires base\nextend category landscape with tithe 0 cites dschingis/object/1\n",
     "2:1: module mine extends the category 'landscape' of module war, which it does not require"),
    ("module mine requires dschingis\nextend category landscape with tithe 0\n",
     "2:1: extend category 'landscape' cites no rulebook paragraph or ruling"),
    # A file that declares nothing (only comments).
    ("// nothing here yet\n",
     "1:1: the file declares nothing: a rules file starts with `module NAME` and declares the rules of that module"),
])
def test_check_catches_it(tmp_path, text, expected):
    errors = errors_of(tmp_path, text)
    assert any(e.startswith(expected) for e in errors), errors


def test_a_key_some_emits_leave_out_is_an_error(tmp_path):
    text = ("module mine requires base\n"
            "procedure _a() { emit sneezed(who: active, loud: true) }\n"
            "procedure _b() { emit sneezed(who: active) }\n"
            "on sneezed(who, loud) cites bohnanza/harvest/1 { }\n"
            "on phase cites bohnanza/harvest/1 { _a() _b() }\n")
    assert any("event 'sneezed' does not always give 'loud'" in e for e in errors_of(tmp_path, text))


def test_the_spec_and_the_examples_still_check_clean(capsys):
    from bohnspec import paths
    examples = sorted(str(p) for p in (paths.ROOT / "examples").rglob("*.bohn"))
    assert main(["check", *examples]) == 0
    assert " 0 error(s)" in capsys.readouterr().out


def test_check_of_an_empty_file_is_one_line_and_exit_2(tmp_path, capsys):
    empty = tmp_path / "empty.bohn"
    empty.write_text("", encoding="utf-8")
    assert main(["check", str(empty)]) == 2
    assert capsys.readouterr().err == f"bohnspec: {empty}: the file is empty\n"
