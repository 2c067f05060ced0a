"""`bohnspec simulate` takes the rule words it shows from the spec: the values of the `beans`
option, the options a module declares, and how games ended (its `end when` rules); and it
streams its statistics."""

from __future__ import annotations

import json

import pytest

from bohnspec.tools.cli import main
from bohnspec.tools.simulate import Tally

QUICK_END = '''
module quick_end requires base

ruling quick-end
  question "May a test game end early?"
  decision "Yes: once the discard pile holds ten cards."
  reason "A designer's own ending, to see that simulate names it without a change to Python."
  cites bohnanza/end/1

end when size(discard) >= 10 and choice == none cites ruling/quick-end
'''


def test_the_beans_are_the_values_the_spec_declares(tmp_path, capsys):
    path = tmp_path / "jumping.json"
    assert main(["simulate", "--games", "1", "--players", "3", "--beans", "jumping", "-q", "--json", str(path)]) == 0
    data = json.loads(path.read_text())
    assert data["beans"] == "jumping" and data["options"] == {"beans": "jumping"}
    capsys.readouterr()
    assert main(["simulate", "--games", "1", "--beans", "jumpin", "-q"]) == 2
    err = capsys.readouterr().err
    assert "did you mean 'jumping'?" in err and "garden" in err


def test_a_designers_ending_is_named_by_its_rule(tmp_path, capsys):
    rules = tmp_path / "quick-end.bohn"
    rules.write_text(QUICK_END, encoding="utf-8")
    path = tmp_path / "end.json"
    assert main(["simulate", "--games", "2", "--players", "3", "--modules", "quick_end", "--rules", str(rules),
                 "-q", "--json", str(path)]) == 0
    endings = json.loads(path.read_text())["endings"]
    assert endings == {"ruling/quick-end: end when size(discard) >= 10 and choice == none": 2}
    assert "ruling/quick-end: end when size(discard) >= 10" in capsys.readouterr().out


def test_the_engine_is_chosen_and_named(tmp_path, capsys):
    runs = {}
    for kind in ("reference", "compiled"):
        path = tmp_path / f"{kind}.json"
        assert main(["simulate", "--games", "1", "--players", "3", "--engine", kind, "--json", str(path)]) == 0
        assert f"{kind} engine" in capsys.readouterr().out
        data = json.loads(path.read_text())
        del data["seconds"], data["games_per_second"]
        runs[kind] = data
    assert runs["reference"] == runs["compiled"]


def test_a_tally_keeps_no_series():
    t = Tally()
    t.extend([5, 1, 9])
    assert t.summary() == {"mean": 5.0, "min": 1, "max": 9}
    assert Tally().summary() is None
    assert set(vars(t)) == {"count", "total", "least", "most"}


def test_the_title_names_who_played_the_games(capsys):
    assert main(["simulate", "--games", "1", "--players", "3", "--jobs", "1", "-q"]) == 0
    title = capsys.readouterr().out.splitlines()[0]
    assert title.endswith("engine, 1 process"), title


def test_an_executor_is_named_with_its_workers_or_its_scheduler():
    from bohnspec.tools.simulate import executor_name
    assert executor_name("processes", 2) == "2 processes"
    assert executor_name("dask", 2) == "dask (2 workers)"
    assert executor_name("dask", 1, "tcp://10.0.0.5:8786") == "dask at tcp://10.0.0.5:8786"


def test_a_game_on_a_map_needs_a_map_for_its_table(capsys):
    from bohnspec.tools.cli import main
    # Bohnaparte's map is given with the game: without one for the table, simulate says so at
    # once instead of failing at the first setup.
    assert main(["simulate", "--modules", "bohnaparte", "--players", "4", "--games", "1", "-q"]) == 2
    err = capsys.readouterr().err
    assert "--players 4: no map of these modules is laid for 4 players" in err and "--rules" in err
    # the maps for the table that another option lays are named with their condition (round 96)
    assert main(["simulate", "--modules", "bohnaparte", "--players", "3", "--games", "1", "-q"]) == 2
    assert "laid for 3 under other options: pyramid_5 (played when layout == pyramid5)" in capsys.readouterr().err


MY_REALM = """\
module my_realm requires dschingis

ruling my-realm
  question "Where do the camps of my four-player realm lie?"
  decision "In the four corners of the middle rows."
  reason "A designer's trial of another realm."
  cites dschingis/setup/8

board my_realm "My realm for four players" offset for 4 players when layout == random cites ruling/my-realm {
  row 2: *, *, *
  row 1: camp, *, *, camp
  row 0: *, *, *, *, *
  row 1: camp, *, *, camp
  row 2: *, *, *
}
"""


def test_a_designers_board_is_played_when_named(tmp_path, capsys):
    from bohnspec.execution.interpret import engine_for
    from bohnspec.execution.play import random_game

    rules = tmp_path / "my-realm.bohn"
    rules.write_text(MY_REALM, encoding="utf-8")
    engine = engine_for(["dschingis", "my_realm"], [str(rules)], engine="compiled")
    names = ["P1", "P2", "P3", "P4"]
    # The printed realm comes first for four players: a new board of the same table is chosen
    # only when named.
    assert random_game(engine, names, 1, max_actions=5).state.board.name == "realm_4"
    assert random_game(engine, names, 1, max_actions=5, board="my_realm").state.board.name == "my_realm"
    base = ["simulate", "--modules", "my_realm", "--rules", str(rules), "--games", "2", "-q"]
    assert main([*base, "--board", "my_realm", "--json"]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["board"] == "my_realm" and "board my_realm" in out.err


def test_a_board_that_cannot_be_played_is_refused_with_what_to_give(capsys):
    base = ["simulate", "--modules", "dschingis", "--games", "1", "-q"]
    for extra, said in [(["--board", "realm"], "unknown board (did you mean 'realm_5'?)"),
                        (["--board", "realm_3"], "it is laid for 3 players, not 4: give --players 3"),
                        (["--board", "beginner_4"], "it is played when layout == beginner")]:
        assert main([*base, *extra]) == 2
        assert f"--board {extra[1]}: {said}" in capsys.readouterr().err


def test_a_war_games_ending_names_the_paragraphs_of_the_book_played(capsys):
    # The landless ending is shared by both war games: a Dschingis game names Dschingis alone.
    from bohnspec.execution.interpret import engine_for
    from bohnspec.execution.play import random_game
    from bohnspec.tools.simulate import _ending

    engine = engine_for(["dschingis"], engine="compiled")
    ends = {_ending(random_game(engine, ["A", "B", "C"], seed), engine) for seed in range(12)}
    landless = [e for e in ends if "landless" in e]
    assert landless and all(e.startswith("dschingis/end/1: ") for e in landless), ends


def test_a_house_rule_replaces_a_printed_board_by_its_name(tmp_path):
    # Declared under the printed board's name by a module requiring Dschingis, the house board is
    # the table's board wherever its module is loaded; without it, the printed one.
    from bohnspec.execution.interpret import engine_for

    rules = tmp_path / "my-realm.bohn"
    rules.write_text(MY_REALM.replace("board my_realm", "board realm_4"), encoding="utf-8")
    assert main(["check", str(rules)]) == 0
    mine = engine_for(["dschingis", "my_realm"], [str(rules)]).choose_board(4, {"layout": "random"})
    printed = engine_for(["dschingis"]).choose_board(4, {"layout": "random"})
    assert mine.name == printed.name == "realm_4"
    assert [s for s, c in mine.fixed.items() if c == "camp"] == ["04", "07", "13", "16"]
    assert [s for s, c in printed.fixed.items() if c == "camp"] == ["02", "08", "12", "18"]


def test_a_game_nobody_can_go_on_with_is_told_stuck_not_too_long():
    # Review round 36: a designer's forbid left a player no legal action; the game was counted
    # "unfinished after 6000 actions" after 817, sending him to look for a game too long.
    from bohnspec.tools.simulate import GameSummary, Stats, add
    stats = Stats()
    add(stats, GameSummary(actions=817, turns=30, rejections={}, harvests=[], ended=False, stuck=True), 6000)
    add(stats, GameSummary(actions=6000, turns=300, rejections={}, harvests=[], ended=False), 6000)
    assert stats.endings == {"stuck: nobody had a legal action": 1, "unfinished after 6000 actions": 1}


NO_DRAW = '''module no_draw requires base

ruling house-no-draw
  question "What if phase 4 may not be played?"
  decision "A broken house rule: nobody may draw."
  reason "It leaves every game stuck in the first turn's phase 4."
  cites bohnanza/phase-4/1

forbid draw when true else "no drawing in this house" cites ruling/house-no-draw
'''


def test_a_stuck_game_is_shown_where_it_stuck_and_kept_as_a_situation_judge_explains(tmp_path, capsys):
    # Round 83's designer saw his deadlocks only as a count of "stuck" endings, with no way to
    # look at one: the first ones are told with their phase, and --keep-unended writes each
    # last state as a situation whose judge names the rule that blocks every action.
    from bohnspec.tools.cli import main
    rules = tmp_path / "no-draw.bohn"
    rules.write_text(NO_DRAW, encoding="utf-8")
    base = ["simulate", "--rules", str(rules), "--modules", "base,no_draw", "--games", "2", "-q"]
    assert main(base) == 0
    out = capsys.readouterr().out
    assert "2  stuck: nobody had a legal action" in out
    assert "the first 2 games that did not end" in out
    assert "stuck: nobody had a legal action, in phase draw_cards of P1's turn (turn 1)" in out
    assert "(--keep-unended DIR writes each one's last state as a situation for bohnspec judge)" in out
    kept = tmp_path / "kept"
    assert main([*base, "--keep-unended", str(kept), "--json", str(tmp_path / "s.json")]) == 0
    out = capsys.readouterr().out
    files = sorted(kept.glob("seed*.yaml"))
    assert len(files) == 2 and "2 situation(s) written to" in out
    unended = json.loads((tmp_path / "s.json").read_text())["unended"]
    assert [u["phase"] for u in unended] == ["draw_cards", "draw_cards"]
    assert {f"seed{u['seed']}.yaml" for u in unended} == {f.name for f in files}
    assert main(["judge", str(files[0]), "--rules", str(rules)]) == 0
    out = capsys.readouterr().out
    assert "nobody may do anything, and the game is not over: the rules leave it stuck here" in out
    assert "  draw: no drawing in this house [ruling/house-no-draw]" in out


def test_keep_unended_must_name_a_folder(tmp_path, capsys):
    from bohnspec.tools.cli import main
    afile = tmp_path / "afile"
    afile.write_text("x", encoding="utf-8")
    assert main(["simulate", "--games", "1", "-q", "--keep-unended", str(afile)]) == 2
    assert f"--keep-unended {afile}: not a folder" in capsys.readouterr().err
    # a folder that cannot be made is refused before any game is played, no missing parents made
    # (round 96: fifty games were played, then the statistics were lost)
    for bad, said in ((afile / "sub", f"{afile} is not a folder"),
                      (tmp_path / "no" / "such", f"the folder {tmp_path / 'no'} does not exist")):
        assert main(["simulate", "--games", "1", "-q", "--keep-unended", str(bad)]) == 2
        assert said in capsys.readouterr().err
    assert not (tmp_path / "no").exists()
    # the folders fuzz and site write into, too
    assert main(["fuzz", "--impl", "bohnspec serve", "--out", str(afile / "sub"), "--games", "1"]) == 2
    assert f"--out {afile / 'sub'}: {afile} is not a folder" in capsys.readouterr().err
    assert main(["site", str(afile / "sub")]) == 2
    assert f"the site's folder {afile / 'sub'}: {afile} is not a folder" in capsys.readouterr().err


def test_a_game_that_ends_is_not_kept(tmp_path, capsys):
    from bohnspec.tools.cli import main
    assert main(["simulate", "--games", "1", "-q", "--keep-unended", str(tmp_path / "k")]) == 0
    out = capsys.readouterr().out
    assert "did not end" not in out and not (tmp_path / "k").exists()


@pytest.mark.parametrize("args, words", [
    (["--modules", "war"], "--modules war: a part of bohnaparte and dschingis, played with them, not a game of its own"),
    (["--beans", "garden", "--option", "beans=jumping"], "the same option given twice"),
    (["--option", "vine_game=short"], "'vine_game' is an option of bohnroeschen (--modules bohnroeschen)"),
])
def test_a_game_simulate_cannot_play_as_asked_is_refused_with_why(capsys, args, words):
    # Round 43's bad-input tester: `--modules war` played a base game labelled war, and two
    # values of one option were settled silently.
    from bohnspec.tools.cli import main
    assert main(["simulate", "--games", "1", *args]) == 2
    assert words in capsys.readouterr().err


def test_a_module_requiring_a_war_games_part_alone_is_not_played_without_a_war_game(tmp_path, capsys):
    # Round 48's designer: a landscape for both war games (`requires war`) played games with no
    # map, no attack and no points.
    from bohnspec.tools.cli import main
    rules = tmp_path / "both.bohn"
    rules.write_text('module bothwars requires war\n\ncard lighthouse "Lighthouse" landscape count 1 with points 2 '
                     'cites dschingis/variants/1\n', encoding="utf-8")
    assert main(["simulate", "--rules", str(rules), "--modules", "bothwars", "--games", "1", "-q"]) == 2
    assert "--modules bothwars: it requires war, a part of bohnaparte and dschingis, and none of them is played: " \
           "name the game too (--modules bothwars,bohnaparte)" in capsys.readouterr().err
    assert main(["simulate", "--rules", str(rules), "--modules", "bothwars,dschingis", "--games", "1", "-q"]) == 0


def test_an_error_of_the_rules_in_the_setup_names_the_game(tmp_path, capsys):
    # Round 83's designer: a handler failing in the setup's first turn was told without the game.
    rules = tmp_path / "loop.bohn"
    rules.write_text('module s51_loop requires base\nruling s51-loop question "q" decision "d" reason "r" '
                     'cites bohnanza/end/1\non turn(active) cites ruling/s51-loop {\n'
                     '  if size(active.hand) < 99 { emit turn(active: active) }\n}\n', encoding="utf-8")
    assert main(["simulate", "--rules", str(rules), "--modules", "s51_loop", "--games", "2", "-q"]) == 2
    err = capsys.readouterr().err
    assert "event handlers nest too deeply" in err and "met while setting up the random game of seed " in err, err


def test_an_action_whose_requirement_fails_in_play_is_an_error_not_a_move_never_legal(tmp_path, capsys):
    # Round 83's designer: an action whose `require` failed at run time vanished from simulate
    # (no such move, exit 0) and from judge's moves; it is the rules' error at its line.
    from helpers import ROOT
    rules = str(ROOT / "tests" / "data" / "designer" / "require-fails-in-play.bohn")
    assert main(["simulate", "--rules", rules, "--modules", "des_r", "--games", "3", "-q"]) == 2
    err = capsys.readouterr().err
    assert "require-fails-in-play.bohn:14:11: a quantifier walks a list" in err and "random game of seed" in err, err
    situation = tmp_path / "s.yaml"
    situation.write_text("modules: [des_r]\nstate:\n  players:\n    - {name: Nina, hand: [red], fields: [[soy], []]}\n"
                         "    - {name: Timon}\n    - {name: Keno}\n  active: Nina\n  phase: draw_cards\n"
                         "  draw_pile: [soy, red, blue]\n", encoding="utf-8")
    assert main(["judge", str(situation), "--rules", rules]) == 2
    assert "require-fails-in-play.bohn:14:11: a quantifier walks a list" in capsys.readouterr().err


def test_rules_whose_setup_breaks_their_own_invariants_are_refused(tmp_path, capsys):
    # Round 83's third designer: `define last_exhaustion = 0` ended every game after one action,
    # and simulate counted them as ordinary ends under bohnanza/end/1.
    rules = tmp_path / "zero.bohn"
    rules.write_text('module zero requires base\nruling zero question "q" decision "d" reason "r" cites bohnanza/end/1\n'
                     'define last_exhaustion = 0 cites ruling/zero\n', encoding="utf-8")
    assert main(["simulate", "--rules", str(rules), "--modules", "zero", "--games", "3", "-q"]) == 2
    err = capsys.readouterr().err
    # (cited under the designer's own replacement, which makes it break: round 87's change, a
    # definition the game replaces speaks first)
    assert "the game these rules set up (seed " in err and "at state.over" in err and "[ruling/zero]" in err, err


@pytest.mark.parametrize("engine", ["reference", "compiled"])
def test_an_error_of_the_rules_in_a_random_game_is_written_down_to_be_met_again(tmp_path, capsys, engine):
    # Round 91's designer had "seed S, action N" and no way to replay it: the situation before
    # the move is written, and the judge command given meets the same error there.
    import shlex
    rules = tmp_path / "rich.bohn"
    rules.write_text("module rich requires bohnroeschen\n"
                     "define wealthy(x) = size(x.coins) > 3 cites bohnroeschen/components/1\n"
                     "vine rich \"Rich.\" by h cites bohnroeschen/components/1 {\n"
                     "  met when size(h.hand) > 0 and wealthy(first(h.hand))\n}\n", encoding="utf-8")
    keep = tmp_path / "kept"
    code = main(["simulate", "--engine", engine, "--rules", str(rules), "--modules", "rich", "--games", "2", "-q",
                 "--keep-unended", str(keep)])
    err = capsys.readouterr().err
    assert code == 2 and "is no player at the table" in err and "the situation before it: " in err, err
    replay = shlex.split(err.split("meet it again: ", 1)[1].strip())
    assert replay[:2] == ["bohnspec", "judge"] and (keep / replay[2].rsplit("/", 1)[1]).exists()
    assert main(replay[1:]) == 2
    assert "is no player at the table" in capsys.readouterr().err


def test_an_event_the_rules_file_emits_is_counted_though_it_never_happened(tmp_path, capsys):
    # Round 91's designer: a landscape's own event that never fired was missing from the table,
    # which read as nothing to say; it is there, at 0.
    rules = tmp_path / "never.bohn"
    rules.write_text("module never requires base\n"
                     "on harvested(player, cards) cites bohnanza/harvest/1 {\n"
                     "  if cards > 99 { emit huge_harvest(player: player) }\n}\n", encoding="utf-8")
    assert main(["simulate", "--rules", str(rules), "--modules", "never", "--games", "2", "-q", "--json", "-"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["event_counts"]["huge_harvest"] == 0


def test_a_war_games_points_and_the_wins_by_seat_are_shown(tmp_path, capsys):
    # Round 92's designer balancing a toll house had the winners' coins, which a war game spends,
    # and not its points (the winners rule's first key); nor whether the seat decides.
    path = tmp_path / "war.json"
    assert main(["simulate", "--games", "3", "--players", "3", "--modules", "dschingis", "-q",
                 "--json", str(path)]) == 0
    out = capsys.readouterr().out
    data = json.loads(path.read_text())
    assert data["score_key"] == "score(p)" and "score(p) of a winner" in out
    won = data["winners_per_game"]
    assert sum(data["wins_by_seat"].values()) == pytest.approx(sum(won.values()))  # a tie shared out
    assert data["winner_score"]["min"] >= data["loser_score"]["min"]
    # the base game's first key is the coins: not shown twice
    assert main(["simulate", "--games", "2", "--players", "3", "-q"]) == 0
    out = capsys.readouterr().out
    assert "of a winner" in out and "size(p.coins) of a winner" not in out and "wins by seat" in out


def test_a_designers_module_another_of_his_requires_is_still_a_game(tmp_path, capsys):
    # Round 97's designer: once `module beta requires alpha` was added, `--modules alpha` was
    # refused as "a part of beta, not a game of its own", as war is.
    rules = tmp_path / "two.bohn"
    rules.write_text('module alpha requires base\nruling alpha-r question "q" decision "d" reason "r" '
                     'cites bohnanza/setup/8\ndefine hand_size = 5 cites ruling/alpha-r\n'
                     'module beta requires alpha\ndefine draw_count = 3 cites ruling/alpha-r\n', encoding="utf-8")
    assert main(["simulate", "--rules", str(rules), "--modules", "alpha", "--games", "2", "-q"]) == 0
    capsys.readouterr()
    assert main(["simulate", "--modules", "war", "--games", "1", "-q"]) == 2
    assert "a part of bohnaparte and dschingis" in capsys.readouterr().err


MARKET = """module market requires base
ruling bean-market question "q" decision "d" reason "r" cites bohnanza/course-of-play/3
turn plant_hand, trade, market_step, plant_trades, draw_cards cites ruling/bean-market
phase market_step "Market" cites ruling/bean-market {}
extend action end_phase {
  grant when phase == market_step cites ruling/bean-market
}
"""


def test_rules_whose_play_breaks_their_own_invariants_are_told_with_where(tmp_path, capsys):
    # Round 97's designer: a phase of his own with the revealed cards waiting through it, which
    # `card_phases` did not name, played 30 games with no word; conform then blamed his scenario.
    rules = tmp_path / "market.bohn"
    rules.write_text(MARKET, encoding="utf-8")
    assert main(["simulate", "--rules", str(rules), "--modules", "market", "--games", "3", "-q"]) == 2
    err = capsys.readouterr().err
    assert "these rules play into a situation they themselves refuse" in err and "card_phases is" in err, err
    assert "meet it again: bohnspec judge " in err, err
    # named in card_phases (and finishing_phases, the phases played to the end after a last
    # reveal), the same rules play
    rules.write_text(MARKET + "define card_phases = [trade, market_step, plant_trades] cites ruling/bean-market\n"
                     "define finishing_phases = [trade, market_step, plant_trades] cites ruling/bean-market\n",
                     encoding="utf-8")
    assert main(["simulate", "--rules", str(rules), "--modules", "market", "--games", "3", "-q"]) == 0
