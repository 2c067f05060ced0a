"""Authoring vine cards: mistakes get located errors; example cards work without Python."""

from __future__ import annotations

import json
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
    assert "9 passed, 0 failed" in capsys.readouterr().out


HARD_VINES = """\
module hard_vines requires bohnroeschen

ruling hard-vines
  question "Which vine cards does the hard deck add?"
  decision "One more card, in the vine deck only when the option hard_vines is on."
  reason "A designer's trial of an optional card."
  cites bohnroeschen/components/1

option hard_vines one of off, on default off cites ruling/hard-vines

vine seven_coins "Hold seven coins." by h in play when hard_vines == on cites ruling/hard-vines {
  met when size(h.coins) >= 7
}
"""


def test_a_vine_card_in_play_only_with_an_option_is_dealt_only_then(tmp_path, capsys):
    import random

    from bohnspec.execution.interpret import engine_for
    from bohnspec.execution.play import new_random_game

    rules = tmp_path / "hard-vines.bohn"
    rules.write_text(HARD_VINES, encoding="utf-8")
    assert main(["check", str(rules)]) == 0
    engine = engine_for(["bohnroeschen", "hard_vines"], [str(rules)])
    assert "seven_coins" not in engine.box(None, "vines")
    assert engine.box({"hard_vines": "on"}, "vines")[-1] == "seven_coins"

    def laid_out(options):
        state, _ = new_random_game(engine, ["Ada", "Ben", "Cleo"], random.Random(3), options)
        return state.zones["vine_row"] + state.zones["vine_deck"]
    assert "seven_coins" not in laid_out(None)
    assert "seven_coins" in laid_out({"hard_vines": "on"})
    capsys.readouterr()
    base = ["simulate", "--modules", "bohnroeschen,hard_vines", "--rules", str(rules), "--players", "3",
            "--games", "3", "-q", "--json"]
    assert main([*base, "--option", "hard_vines=on"]) == 0
    assert "seven_coins" in json.loads(capsys.readouterr().out)["vine_cards"]
    assert main(base) == 0
    assert "seven_coins" not in json.loads(capsys.readouterr().out)["vine_cards"]


@pytest.mark.parametrize("engine", ["reference", "compiled"])
@pytest.mark.parametrize("beans, last", [("garden", "garden"), ("jumping", "jumping")])
def test_varieties_are_the_game_s_own_as_its_options_choose(tmp_path, engine, beans, last):
    # Stop 57's designer had no collection of the varieties in play: a task over every variety
    # listed them by hand, and missed one a module adds or the option swaps.
    from bohnspec.execution.interpret import engine_for
    rules = tmp_path / "kinds.bohn"
    rules.write_text("module kinds requires base\n"
                     "define all_kinds = varieties cites bohnanza/setup/5\n"
                     "define kinds_held(p) = count v in varieties: count_of(p.coins, v) > 0 cites bohnanza/setup/5\n",
                     encoding="utf-8")
    eng = engine_for(["kinds"], [rules], engine)
    state, _ = eng.new_game(["Ada", "Ben", "Cleo"], eng.box({"beans": beans}), {"beans": beans},
                            modules=["base", "kinds"])
    kinds = eng.define_value(state, "all_kinds")
    assert kinds == ["blue", "fire", "broad", "green", "soy", "black_eyed", "red", last]
    kinds.clear()  # a list of one's own: the next reading is whole again
    assert len(eng.define_value(state, "all_kinds")) == 8
    assert main(["check", "--rules", str(rules)]) == 0


# ------------------------------------------------------------ a count kept for one turn

TURN_COUNT = """\
module turn_count requires bohnroeschen

ruling turn-count
  question "Is this card official?"
  decision "No."
  reason "A designer's trial."
  cites bohnroeschen/components/1

internal var gifts_this_turn: int per player = 0 reset on turn cites ruling/turn-count
internal var since_arrival: int per player = 0 reset on moved(player) cites ruling/turn-count
var turn_harvests: int = 0 reset on turn, phase cites ruling/turn-count

on harvested(player) cites ruling/turn-count {
  player.gifts_this_turn = player.gifts_this_turn + 1
  player.since_arrival = player.since_arrival + 1
  turn_harvests = turn_harvests + 1
}
"""


def test_a_variable_reset_on_an_event_is_set_back_before_the_events_handlers(tmp_path):
    from bohnspec.conformance.scenario import state_from_data
    from bohnspec.execution.compiled import CompiledEngine
    from bohnspec.execution.interpret import Engine
    from bohnspec.language.spec import load
    path = tmp_path / "turn-count.bohn"
    path.write_text(TURN_COUNT, encoding="utf-8")
    modules = ["base", "bohnroeschen", "turn_count"]
    spec = load(modules, [path])
    # (the resets run first of the event's handlers, whichever module declares them)
    assert spec.handlers["turn"][0].resets == "gifts_this_turn"
    assert [h.resets for h in spec.handlers["phase"]][:2] == ["planted", "turn_harvests"]
    for engine in (Engine(spec), CompiledEngine(spec)):
        state = state_from_data(engine, {
            "players": [{"name": "Ada", "fields": [["soy", "soy"], ["blue", "blue"]], "vars": {"gifts_this_turn": 3}},
                        {"name": "Ben", "hand": ["green"]}, {"name": "Cleo"}],
            "active": "Ada", "phase": "intermediate", "draw_pile": ["red"] * 6,
            "vars": {"turn_harvests": 2}}, modules)
        for who in ("Ada", "Ben", "Cleo"):
            state = engine.apply(state, {"type": "pass", "player": who}).state
        shown = state.to_json()
        assert shown["active"] == "Ben"
        assert shown["players"][0]["vars"]["gifts_this_turn"] == 0 and shown["vars"]["turn_harvests"] == 0
        state = engine.apply(state, {"type": "harvest", "player": "Ada", "field": 1}).state
        shown = state.to_json()
        assert shown["players"][0]["vars"]["gifts_this_turn"] == 1 and shown["vars"]["turn_harvests"] == 1
        # (`moved(player)`: the mover's value alone; Ben's harvest count stays)
        state = state_from_data(engine, {
            "players": [{"name": "Ada", "coins": ["soy"], "vars": {"since_arrival": 2}},
                        {"name": "Ben", "vars": {"since_arrival": 3}}, {"name": "Cleo"}],
            "active": "Ada", "phase": "intermediate", "draw_pile": ["red"] * 6}, modules)
        state = engine.apply(state, {"type": "tribute", "player": "Ada"}).state
        assert [p["vars"]["since_arrival"] for p in state.to_json()["players"][:2]] == [0, 3]


def test_a_reset_after_every_action_is_warned_of(tmp_path):
    path = tmp_path / "after.bohn"
    path.write_text("module after requires bohnroeschen\n"
                    "internal var n: int per player = 0 reset on after_action cites bohnroeschen/components/1\n",
                    encoding="utf-8")
    diagnostics, _ = check_files([path])
    assert [(d.severity, d.location.line) for d in diagnostics] == [("warning", 2)]
    assert "they only ever see its first value" in diagnostics[0].message


def test_a_reset_on_an_event_no_rule_emits_or_on_loading_is_refused(tmp_path):
    path = tmp_path / "bad.bohn"
    path.write_text("module bad requires bohnroeschen\n"
                    "internal var a: int = 0 reset on trun cites bohnroeschen/components/1\n"
                    "internal var b: int = 0 reset on state_loaded cites bohnroeschen/components/1\n"
                    "internal var c: int = 0 reset on moved(player) cites bohnroeschen/components/1\n"
                    "internal var d: int per player = 0 reset on moved(who) cites bohnroeschen/components/1\n",
                    encoding="utf-8")
    diagnostics, _ = check_files([path])
    assert [(d.severity, d.location.line, d.message) for d in diagnostics] == [
        ("error", 2, "unknown event 'trun': no rule emits it, so variable 'a' is never reset (did you mean 'turn'?)"),
        ("error", 3, "variable 'b' cannot be reset on state_loaded: loading a situation changes nothing the "
                     "table sees; reset it on an event of the play"),
        ("error", 4, "variable 'c' is one value of the game, not a player's or a space's, so `(player)` names no "
                     "one's value: write `reset on moved`, which sets it back whenever the event comes"),
        ("error", 5, "event 'moved' has no key 'who'; it gives card, player")]
