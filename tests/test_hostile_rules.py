"""What a designer's rules file that passes `check` can still do wrong, and a scenario that
names what cannot be, told as such (review round 28, a tester feeding bohnspec bad input):
no traceback, no memory spent, the rules blamed for the rules' faults, the scenario for its."""

from __future__ import annotations

import json
import subprocess

import pytest

from bohnspec.tools.cli import main
from test_protocol import PY, ROOT, SAFETY, child_env

EVIL = "module evil requires base\n"
BLUE_SCENARIO = """id: evil/plant-01
title: "A plant \\x1b[2J with a title that would clear the screen"
cites: [bohnanza/phase-1/1]
modules: [base, evil]
state:
  players:
    - {name: Nina, hand: [blue]}
    - {name: Timon}
    - {name: Keno}
  active: Nina
  phase: plant_hand
steps:
  - do: {type: plant, player: Nina, field: 1}
    expect:
      state:
        players:
          Nina: {fields: [[red], [], []]}
"""


def _write(tmp_path, rules: str, scenario: str = BLUE_SCENARIO):
    rules_file = tmp_path / "evil.bohn"
    rules_file.write_text(EVIL + rules, encoding="utf-8")
    sc = tmp_path / "evil" / "plant-01.yaml"
    sc.parent.mkdir(exist_ok=True)
    sc.write_text(scenario, encoding="utf-8")
    return rules_file, sc


# Rules that pass `check` (the kind of `pile` is the game's to decide) but fail when they run.
# Before: "internal error: TypeError: ...", exit 70, whatever the rules did.
UNFIT_AT_RUN_TIME = [
    # A quantifier over a number: told at the quantifier.
    ("on after_action cites bohnanza/setup/1 {\n    let z = count x in (if over then players else 5): true\n}\n",
     ":3:13: a quantifier walks a list (players, spaces, a zone's cards), not 5"),
    # Any other operation on a value it does not fit: told at the declaration that was running.
    ("define pile = if over then players else 5 cites bohnanza/setup/1\n"
     "on after_action cites bohnanza/setup/1 { let z = active in pile }\n",
     ":3:1: the rules apply an operation to a value it does not fit (TypeError: "),
    # A player's zone read off a card (round 91's designer was shown `KeyError: 'red'`).
    ("define rich(x) = size(x.coins) > 3 cites bohnanza/setup/1\n"
     "on after_action cites bohnanza/setup/1 { let z = over or rich(if over then active else \"red\") }\n",
     ":3:1: the rules read a player's zone or variable off a value that is no player: 'red' is no player at the "
     "table (P1, P2, P3, P4)"),
    # Whose turn it is set to no player: told where it is set, not where the table lacks him.
    ("on after_action cites bohnanza/setup/1 { active = if over then active else 5 }\n",
     ":2:42: active names a player at the table (P1, P2, P3, P4), not 5"),
]


@pytest.mark.parametrize("engine", ["reference", "compiled"])
@pytest.mark.parametrize("rules_text, message", UNFIT_AT_RUN_TIME)
def test_a_value_the_checker_cannot_see_is_unfit_is_the_rules_error_where_it_stands(tmp_path, capsys, engine,
                                                                                     rules_text, message):
    rules, _ = _write(tmp_path, rules_text)
    code = main(["simulate", "--engine", engine, "--rules", str(rules), "--modules", "base,evil", "--games", "1", "-q"])
    err = capsys.readouterr().err
    assert code == 2 and f"{rules}{message}" in err, err
    assert "internal error" not in err and "Traceback" not in err


@pytest.mark.parametrize("rule, message", [
    ("end when 5 cites bohnanza/setup/1", "`end when` asks whether something holds, but `5` is a number"),
    ("var v: int = 0\non after_action cites bohnanza/setup/1 { v = size(5) }",
     "size measures a list, zone or field, but `5` is a number"),
    ("on after_action cites bohnanza/setup/1 { for x in 5 { } }", "`for` walks a list"),
    ("on after_action cites bohnanza/setup/1 { let z = count x in 5: true }", "`count` walks a list"),
    ("on after_action cites bohnanza/setup/1 { let z = active in 5 }", "`in` walks a list"),
    ("on after_action cites bohnanza/setup/1 { active = 5 }", "active names a player, but `5` is a number"),
    ("var v: int = 0\non after_action cites bohnanza/setup/1 { v = \"five\" }",
     "v holds a number (var v: int), but `\"five\"` is text"),
    ("on after_action cites bohnanza/setup/1 { repeat \"a\" { } }", "`repeat` runs a number of times"),
    ("winners by p: \"text\" cites bohnanza/setup/1", "a `winners` key is a number"),
    ("on after_action cites bohnanza/setup/1 { if 3 { } }", "an `if` condition asks whether something holds"),
    ("on after_action cites bohnanza/setup/1 { let z = not 5 }", "`not` asks whether something holds"),
    ("invariant 1 else \"x\" cites bohnanza/setup/1", "an `invariant` asks whether something holds"),
])
def test_check_refuses_a_value_of_the_wrong_kind_where_its_kind_is_sure(tmp_path, capsys, rule, message):
    # Each passed `check` before and failed only when the game ran (review round 28).
    rules, _ = _write(tmp_path, rule + "\n")
    assert main(["check", "--rules", str(rules)]) == 1
    assert message in capsys.readouterr().out


def test_a_box_too_large_for_the_machine_is_refused_by_check(tmp_path, capsys):
    rules, _ = _write(tmp_path, 'variety unicorn "U" count 999999999 meter [1, 2, 3, 4] cites bohnanza/setup/1\n')
    assert main(["check", str(rules)]) == 1
    assert "has count 999999999: a box holds at most 9999 cards of a kind" in capsys.readouterr().out


def test_a_rule_that_never_ends_in_an_invariant_is_the_rules_error_not_the_scenarios(tmp_path, capsys):
    rules, sc = _write(tmp_path, "invariant size(players) > 0 and (all q in players: all r in players: all s in "
                                 "players: all t in players: all u in players: all v in players: all w in players: "
                                 "all x in players: all y in players: all z in players: all a in players: all b in "
                                 "players: true) else \"never\" cites bohnanza/setup/1\n")
    code = main(["conform", "--rules", str(rules), str(sc), "-q"])
    out = capsys.readouterr().out
    assert code == 1 and "error in the rules" in out and "evaluation took more than" in out, out
    assert "BUG IN SCENARIO" not in out


def test_a_scenario_naming_an_unknown_module_is_the_scenarios_bug(tmp_path, capsys):
    _, sc = _write(tmp_path, "", BLUE_SCENARIO.replace("modules: [base, evil]", "modules: [base, nope]"))
    assert main(["conform", str(sc), "-q"]) == 2
    out = capsys.readouterr().out
    assert "BUG IN SCENARIO" in out and "at modules: unknown module 'nope'" in out, out


def test_a_title_cannot_write_control_characters_to_the_terminal(tmp_path, capsys):
    rules, sc = _write(tmp_path, "")
    assert main(["conform", "--rules", str(rules), str(sc), "-q"]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\\x1b[2J" in out, out


def test_serve_drops_a_state_an_error_left_half_changed(tmp_path):
    rules, _ = _write(tmp_path, "var counter: int = 0\n"
                                "on after_action cites bohnanza/setup/1 { repeat 999999999 { counter = counter + 1 } }\n")
    state = {"modules": ["base", "evil"], "players": [{"name": "Nina", "hand": ["red"]}, {"name": "Timon"},
                                                      {"name": "Keno"}], "active": "Nina", "phase": "plant_hand"}
    requests = [{"id": 1, "type": "hello", "protocol": 2}, {"id": 2, "type": "load", "state": state},
                {"id": 3, "type": "apply", "action": {"type": "plant", "player": "Nina", "field": 1}},
                {"id": 4, "type": "state"}, {"id": 5, "type": "bye"}]
    proc = subprocess.run([PY, "-m", "bohnspec", "serve", "--rules", str(rules)], cwd=ROOT, env=child_env(),
                          input="".join(json.dumps(r) + "\n" for r in requests), capture_output=True, text=True,
                          timeout=SAFETY)
    replies = [json.loads(line) for line in proc.stdout.splitlines()]
    assert replies[2]["type"] == "error" and "200000 steps" in replies[2]["message"], replies[2]
    assert replies[3]["type"] == "error" and "was dropped" in replies[3]["message"], replies[3]


@pytest.mark.parametrize("expected, words", [
    ("phase: teatime", "at steps[0].expect.state.phase: unknown phase 'teatime'"),
    ("active: Zed", "at steps[0].expect.state.active: 'Zed' is not at the table"),
    ("winners: [Zed]", "the winners are players at the table (Nina, Timon, Keno), not 'Zed'"),
    ("over: 'no'", "at steps[0].expect.state.over: over is true or false, not 'no'"),
    ("players: {Nina: {coins: 0}}", "players.Nina.coins: coins is a list of cards, not 0 (write [] for none)"),
    ("players: {Nina: {hand: fire}}", "players.Nina.hand: hand is a list of cards, not 'fire'"),
    ("players: {Nina: {fields: [[unicorn], [], []]}}", "players.Nina.fields[0]: unknown card 'unicorn', in fields"),
    ("vars: {exhaustions: zero}", "vars.exhaustions: exhaustions is a whole number, not 'zero'"),
    ("draw_pile: [blue*99999]", "draw_pile: unknown card 'blue*99999', in draw_pile"),
])
def test_an_expected_value_that_cannot_be_is_the_scenarios_bug(tmp_path, capsys, expected, words):
    # Review round 28: only the names of an expected state were checked; a value no state can
    # hold failed the engine instead.
    scenario = BLUE_SCENARIO.replace("modules: [base, evil]", "modules: [base]").split("    expect:")[0] + \
        f"    expect:\n      state:\n        {expected}\n"
    _, sc = _write(tmp_path, "", scenario)
    assert main(["conform", str(sc), "-q"]) == 2
    out = capsys.readouterr().out
    assert "BUG IN SCENARIO" in out and words in out, out


@pytest.mark.parametrize("argv, words", [
    (["conform", "-k", "harvest", "-k", "trade"], "-k is given once: a glob picks several"),
    (["simulate", "--modules", "base", "--modules", "dschingis"], "--modules is given once"),
])
def test_an_option_given_twice_is_refused_not_silently_replaced(capsys, argv, words):
    # Review round 28: `-k a -k b` ran the scenarios of b alone, without a word.
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2 and words in capsys.readouterr().err


def test_blocks_nested_hundreds_deep_are_placed_and_told(tmp_path, capsys):
    # Round 43's bad-input tester: 300 nested `if` blocks gave "file:0:0: Error trying to process
    # rule ...: maximum recursion depth exceeded", and `conform --rules` the bare Python message.
    body = "".join("if true {\n" for _ in range(300)) + "let x = 1\n" + "}\n" * 300
    path = tmp_path / "deep.bohn"
    path.write_text(f"module deep\n\nprocedure p() cites bohnanza/phase-1/1 {{\n{body}}}\n", encoding="utf-8")
    assert main(["check", "--rules", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:303:9: error: nested too deep to read (301 levels of blocks and brackets)" in out, out
    # A long line is shown around its column, not whole.
    path.write_text("module deep\n\ndefine a = " + "-" * 20_000 + "1 cites bohnanza/phase-1/1\n", encoding="utf-8")
    assert main(["check", "--rules", str(path)]) == 1
    assert max(len(line) for line in capsys.readouterr().out.splitlines()) < 300


def test_a_byte_order_mark_is_read_past(tmp_path, capsys):
    # Round 43: a BOM (as some editors save) was "unexpected character '\ufeff'"; scenarios took it.
    path = tmp_path / "bom.bohn"
    path.write_text("\ufeffmodule bom\n\ndefine a = 1 cites bohnanza/phase-1/1\n", encoding="utf-8")
    assert main(["check", "--rules", str(path)]) == 0, capsys.readouterr().out


@pytest.mark.parametrize("engine", ["reference", "compiled"])
def test_a_vine_task_that_does_not_fit_is_told_at_the_vine_not_in_spec(tmp_path, capsys, engine):
    # Round 89's designer gave his define a row where it reads a player's coins: the error was
    # told at spec/bohnroeschen/tasks.bohn, a different line for each engine; now at his vine.
    # (The checker now sees that call, below; an argument whose kind it cannot tell still fails in play.)
    rules = tmp_path / "rich.bohn"
    rules.write_text("module rich requires bohnroeschen\n"
                     "define kinds(p) = count v in [blue, soy]: count_of(p.coins, v) > 0 cites bohnroeschen/tasks/2\n"
                     "vine rich \"Rich.\" by h cites bohnroeschen/tasks/2 {\n"
                     "  met when kinds(if size(h.coins) > 90 then h else h.coins) >= 2\n}\n",
                     encoding="utf-8")
    code = main(["simulate", "--engine", engine, "--rules", str(rules), "--modules", "rich", "--games", "1", "-q"])
    err = capsys.readouterr().err
    assert code == 2 and f"{rules}:3:1: the rules read a player's zone or variable off a value that is no player: " \
        "the value [] is no player at the table" in err, err


@pytest.mark.parametrize("call, told", [
    # Round 89's designer's row where the define reads a player's coins
    ("kinds(h.coins)", "with p = `h.coins` (a row of cards), where its body fails at {rules}:2:52: `p.coins`: "
                       "'coins' belongs to each player, and `p` is a row of cards"),
    # one of the player's fields, taken out of the list of them
    ("kinds(item(h.fields, 1))", "with p = `item(h.fields, 1)` (a field)"),
])
def test_a_define_given_an_argument_its_body_cannot_read_is_told_at_the_call(tmp_path, capsys, call, told):
    # Round 90: alone, a define's parameters are of no kind known, so these passed `check` and
    # failed in play (or, where the body read a player's name as a row, were silently never met).
    rules = tmp_path / "rich.bohn"
    rules.write_text("module rich requires bohnroeschen\n"
                     "define kinds(p) = count v in [blue, soy]: count_of(p.coins, v) > 0 cites bohnroeschen/tasks/2\n"
                     f"vine rich \"Rich.\" by h cites bohnroeschen/tasks/2 {{\n  met when {call} >= 2\n}}\n",
                     encoding="utf-8")
    assert main(["check", "--rules", str(rules)]) == 1
    out = capsys.readouterr().out
    assert f"{rules}:4:12: error: `{call}` calls define 'kinds' ({rules}:2:1) " in out, out
    assert told.format(rules=rules) in out, out
    assert "1 error(s)" in out, out


def test_a_base_define_given_a_player_for_a_field_is_told(tmp_path, capsys):
    # `fits(f, v)` (spec/base/turn.bohn) reads a field: given the vine's holder, its size was the
    # letters of their name and the vine card was never met in 30 games, with no word of why.
    rules = tmp_path / "fit.bohn"
    rules.write_text("module fit requires bohnroeschen\n"
                     "vine fit \"Fit.\" by h cites bohnroeschen/tasks/2 {\n  met when fits(h, red)\n}\n",
                     encoding="utf-8")
    assert main(["check", "--rules", str(rules)]) == 1
    out = capsys.readouterr().out
    assert "`fits(h, red)` calls define 'fits'" in out and "with f = `h` (a player)" in out, out
    assert "size measures a list, zone or field, but `f` is a player" in out, out
    # the same define given a field, or given what the checker cannot tell, passes
    rules.write_text("module fit requires bohnroeschen\n"
                     "vine fit \"Fit.\" by h cites bohnroeschen/tasks/2 {\n"
                     "  met when fits(item(h.fields, 1), red) and fits(first(h.fields), soy)\n}\n", encoding="utf-8")
    assert main(["check", "--rules", str(rules)]) == 0, capsys.readouterr().out


def test_a_card_attribute_read_off_a_space_in_a_define_is_told_at_the_call(tmp_path, capsys):
    # Stop 57's designer: `define boggy(s) = s.mire > 0` passed `check`, its parameter of no kind
    # known, and failed in play; called with a space, the call is told, with the fix.
    rules = tmp_path / "marsh.bohn"
    rules.write_text(
        "module marsh requires dschingis\n"
        "extend category landscape with mire 0 cites dschingis/object/1\n"
        "card bog \"Bog\" landscape count 1 with mire 2 cites dschingis/object/1\n"
        "define boggy(s) = s.mire > 0 cites dschingis/object/1\n"
        "on turn(active) cites dschingis/object/1 {\n"
        "  for s in spaces {\n"
        "    if s.owner == active and boggy(s) and size(discard) > 0 {\n"
        "      move first of discard to top of active.coins\n"
        "    }\n  }\n}\n", encoding="utf-8")
    assert main(["check", "--rules", str(rules)]) == 1
    out = capsys.readouterr().out
    assert f"{rules}:7:30: error: `boggy(s)` calls define 'boggy'" in out, out
    assert "with s = `s` (a space)" in out and "read it off the card lying there, `kind(s).mire`" in out, out
    rules.write_text(rules.read_text(encoding="utf-8").replace("= s.mire", "= kind(s).mire"), encoding="utf-8")
    assert main(["check", "--rules", str(rules)]) == 0, capsys.readouterr().out


@pytest.mark.parametrize("define, call", [
    # round 90's designer: a parameter told apart under an `if`, by its kind or by a flag
    ("define amount(x) = if x in players then size(x.coins) else size(x)", "amount(h) > amount(h.hand)"),
    ("define measure(x, is_player) = if is_player then size(x.coins) else size(x)",
     "measure(h, true) > measure(h.hand, false)"),
    # ... or after `and` / `or`
    ("define amount(x) = (x in players and size(x.coins) > 2) or size(x) > 2", "amount(h) and amount(h.hand)"),
])
def test_a_define_whose_test_of_its_parameter_rules_a_branch_out_is_not_told(tmp_path, capsys, define, call):
    rules = tmp_path / "guard.bohn"
    rules.write_text(f"module guard requires bohnroeschen\n{define} cites bohnroeschen/tasks/2\n"
                     f"vine guard \"Guard.\" by h cites bohnroeschen/tasks/2 {{\n  met when {call}\n}}\n",
                     encoding="utf-8")
    assert main(["check", "--rules", str(rules)]) == 0, capsys.readouterr().out


def test_a_player_where_a_space_of_the_map_is_read_is_told(tmp_path, capsys):
    # Round 90's designer: `neighbours(active)` failed only in play ("'P1' is not a space")
    rules = tmp_path / "scout.bohn"
    rules.write_text("module scout requires dschingis\n"
                     "define beside(s) = size(neighbours(s)) > 2 cites dschingis/object/1\n"
                     "action scout() by p \"Scout\" cites dschingis/object/1 {\n"
                     "  require beside(p) else \"not beside\" cites dschingis/object/1\n  effect { }\n}\n",
                     encoding="utf-8")
    assert main(["check", "--rules", str(rules)]) == 1
    out = capsys.readouterr().out
    assert "neighbours takes a space of the map (its id), but `s` is a player" in out, out
    assert "give beside here what its body reads there" in out, out
