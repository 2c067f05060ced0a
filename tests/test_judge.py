"""`bohnspec judge` and `bohnspec explain` on the disputes the rulebooks settle."""

from __future__ import annotations

import json

import pytest
import yaml

from bohnspec.cli import main
from bohnspec.interpret import engine_for

import helpers

TABLE = {
    "players": [
        {"name": "Timon", "hand": ["soy", "fire"], "fields": [["blue"], ["red"]]},
        {"name": "Nina", "hand": ["red"], "fields": [["red"], ["blue", "blue", "blue"]], "received": ["soy"]},
        {"name": "Keno", "fields": [["green", "green"], []]},
        {"name": "Eiko"},
    ],
    "active": "Timon",
    "phase": "trade",
    "revealed": ["soy", "blue"],
    "draw_pile": ["green", "fire", "soy"],
}


def situation(tmp_path, data=None, **changes):
    data = json.loads(json.dumps(data or TABLE))
    data.update(changes)
    path = tmp_path / "situation.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return str(path)


def judge(capsys, *args):
    code = main(["judge", *args, "--json"])
    return code, json.loads(capsys.readouterr().out)


def test_a_received_card_cannot_be_traded_again(tmp_path, capsys):
    code, out = judge(capsys, situation(tmp_path), "-a", "Nina trade give received 1 with Timon")
    assert code == 1
    verdict = out["results"][0]
    assert verdict["legal"] is False
    assert verdict["rule"] == "bohnanza/phase-2/7"
    assert verdict["checks"][-1]["refuses"] is True


def test_a_single_bean_is_protected_by_a_longer_field(tmp_path, capsys):
    code, out = judge(capsys, situation(tmp_path), "-a", "Nina harvest 1")
    assert code == 1
    verdict = out["results"][0]
    assert verdict["rule"] == "bohnanza/bean-protection/1"
    assert "ruling/protection-needs-a-longer-field" in verdict["cites"]
    seen = dict(verdict["checks"][-1]["values"])
    assert seen["size(field)"] == 1
    assert seen["no g in p.fields: size(g) > 1"] is False


def test_a_fellow_player_may_harvest_on_another_players_turn(tmp_path, capsys):
    code, out = judge(capsys, situation(tmp_path), "-a", "Keno harvest 1")
    assert code == 0
    verdict = out["results"][0]
    assert verdict["legal"] is True
    assert "bohnanza/harvest/1" in verdict["decided_by"]["cites"]
    assert "players.Keno.fields: [['green', 'green'], []] -> [[], []]" in verdict["changes"]


def test_harvesting_out_of_turn_is_refused_in_the_two_player_game(tmp_path, capsys):
    duo = {"modules": ["base", "bohnroeschen", "duo"],
           "players": [{"name": "Ada", "fields": [["soy", "soy"], []]},
                       {"name": "Ben", "fields": [["red", "red"], []]}],
           "active": "Ada", "phase": "plant_hand"}
    code, out = judge(capsys, situation(tmp_path, duo), "-a", "Ben harvest 1")
    assert code == 1
    assert out["results"][0]["rule"] == "bohnroeschen/two-player/2"


def test_the_third_exhaustion_while_revealing_lets_phases_2_and_3_finish(tmp_path, capsys):
    data = json.loads(json.dumps(TABLE))
    data["players"][0]["fields"] = [["green"], ["red"]]
    data["players"][1]["received"] = []
    path = situation(tmp_path, data, phase="plant_hand", vars={"exhaustions": 2, "planted": 1},
                     draw_pile=["green"], revealed=[])
    code, out = judge(capsys, path, "-a", "Timon end_phase", "-a", "Timon end_phase",
                      "-a", "Timon plant_card revealed 1 1", "-a", "Timon end_phase")
    assert code == 0
    reveal, end_2, plant, end_3 = out["results"]
    # Only one card could be revealed: the pile ran out for the third time.
    assert "vars.exhaustions: 2 -> 3" in reveal["changes"]
    assert "revealed: [] -> ['green']" in reveal["changes"]
    assert not any(c.startswith("over") for c in reveal["changes"])
    assert "phase: 'trade' -> 'plant_trades'" in end_2["changes"]
    assert not any(c.startswith("over") for c in end_2["changes"])
    # Phase 3 is still played; when it ends, so does the game.
    assert "players.Timon.fields: [['green'], ['red']] -> [['green', 'green'], ['red']]" in plant["changes"]
    assert "over: False -> True" in end_3["changes"]


def test_tribute_is_paid_on_ones_own_turn_or_in_the_intermediate_phase(tmp_path, capsys):
    vines = {"modules": ["base", "bohnroeschen"],
             "players": [{"name": "Ada", "coins": ["soy"]}, {"name": "Ben", "coins": ["red"]},
                         {"name": "Cleo"}],
             "active": "Ada", "phase": "trade",
             "vine_row": ["sell_for_two", "blue_in_a_field", "last_figure", "anyone_two_red"],
             "vine_deck": ["castle"]}
    code, out = judge(capsys, situation(tmp_path, vines), "-a", "Ben tribute")
    assert code == 1 and out["results"][0]["rule"] == "bohnroeschen/tribute/4"
    code, out = judge(capsys, situation(tmp_path, vines, phase="intermediate"), "-a", "Ben tribute")
    assert code == 0
    assert "players.Ben.coins: ['red'] -> []" in out["results"][0]["changes"]


def test_example_2b_red_beans_harvested_before_arrival_do_not_count(tmp_path, capsys):
    example = {"modules": ["base", "bohnroeschen"],
               "players": [{"name": "Ada", "fields": [["blue"], []], "vars": {"vine_pos": 2}},
                           {"name": "Ben", "coins": ["red"]},
                           {"name": "Cleo"}],
               "active": "Ada", "phase": "plant_trades",
               "vine_row": ["blue_in_a_field", "anyone_two_red", "last_figure", "sell_for_two"],
               "vine_deck": ["castle"]}
    code, out = judge(capsys, situation(tmp_path, example), "-a", "Ada fulfil")
    assert code == 1
    assert out["results"][0]["rule"] == "bohnroeschen/tasks/1"


def test_the_overview_shows_each_players_options_and_pending_choices(tmp_path, capsys):
    path = situation(tmp_path, vars={"offer_from": "Timon", "offer_to": "Nina",
                                     "offer_give": ["revealed 1"], "offer_get": ["hand 1"]})
    code, out = judge(capsys, path)
    assert code == 0
    assert out["phase"] == "trade" and out["active"] == "Timon"
    assert out["pending"][0]["player"] == "Nina"
    may = {p["player"]: p["may"] for p in out["players"]}
    assert "accept" in may["Nina"] and "decline" in may["Nina"]
    assert "harvest field 2" in may["Nina"]
    assert "decline" in may["Timon"]


def test_judge_reads_a_corpus_scenario_at_a_step(capsys):
    code = main(["judge", "base/examples/example-3-nina-accepts", "--step", "0"])
    assert code == 0
    assert "Nina may now:" in capsys.readouterr().out


def test_judge_explains_a_bad_action(tmp_path, capsys):
    assert main(["judge", situation(tmp_path), "-a", "Nina harvset 1"]) == 2
    assert "unknown action 'harvset' (did you mean 'harvest'?)" in capsys.readouterr().err


def test_explain_a_paragraph(capsys):
    assert main(["explain", "bohnanza/bean-protection/1", "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["type"] == "paragraph"
    assert [c["name"] for c in info["clauses"]] == ["harvest"]
    assert "base/bean-protection/lone-bean-protected-01" in info["scenarios"]
    assert any(r["id"] == "ruling/protection-needs-a-longer-field" for r in info["rulings"])


def test_explain_a_ruling_and_a_clause(capsys):
    assert main(["explain", "ruling/one-offer"]) == 0
    out = capsys.readouterr().out
    assert "question:" in out and "decision:" in out and "reason:" in out
    assert main(["explain", "harvest", "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    clause = info["clauses"][0]
    assert clause["source"].startswith("action harvest(field field) by p")
    assert {"rule": "bohnanza/bean-protection/1"}.items() <= clause["refusals"][2].items()


def test_explain_an_unknown_id_suggests(capsys):
    assert main(["explain", "harvst"]) == 2
    assert "did you mean 'harvest'?" in capsys.readouterr().err


def test_simulate_gives_the_same_statistics_with_any_number_of_workers(tmp_path):
    runs = {}
    for jobs in ("1", "2"):
        path = tmp_path / f"jobs{jobs}.json"
        assert main(["simulate", "--games", "6", "--players", "4", "--seed", "3", "--jobs", jobs,
                     "--json", str(path), "-q"]) == 0
        runs[jobs] = json.loads(path.read_text())
    for data in runs.values():
        del data["seconds"], data["games_per_second"]
    assert runs["1"] == runs["2"]
    assert runs["1"]["games"] == 6 and runs["1"]["ended"] == 6


def test_simulate_plays_a_designers_own_vine_cards(tmp_path, capsys):
    """Extra rules files take part in random play, in every worker."""
    path = tmp_path / "mine.json"
    rules = str(helpers.ROOT / "examples" / "my-vines.bohn")
    assert main(["simulate", "--games", "2", "--players", "3", "--modules", "my_vines", "--rules", rules,
                 "--jobs", "2", "--max-actions", "3000", "--json", str(path), "-q"]) == 0
    data = json.loads(path.read_text())
    assert data["games"] == 2 and data["modules"] == "my_vines"
    # Every vine card in the statistics is a card of the spec, the designer's among them.
    vines = set(engine_for(["my_vines"], [rules]).spec.vines)
    assert data["vine_cards"] and set(data["vine_cards"]) <= vines
    assert any(card.startswith("example_") for card in vines)
    assert "vine cards: events naming the card" in capsys.readouterr().out


def test_simulate_counts_actions_and_events(tmp_path, capsys):
    path = tmp_path / "base.json"
    assert main(["simulate", "--games", "3", "--players", "4", "--seed", "9", "--json", str(path)]) == 0
    data = json.loads(path.read_text())
    total_actions = round(data["actions"]["mean"] * data["games"])
    assert sum(data["action_counts"].values()) == total_actions
    assert data["event_counts"]["harvested"] == sum(data["harvest_sizes"].values())
    assert data["vine_cards"] == {}  # the base game has no vine cards
    out = capsys.readouterr().out
    assert "actions per game, by type (mean)" in out and "vine cards" not in out


def test_simulate_names_an_unknown_module(capsys):
    assert main(["simulate", "--games", "1", "--modules", "bohnroschen"]) == 2
    err = capsys.readouterr().err
    assert "unknown module 'bohnroschen' (did you mean 'bohnroeschen'?)" in err


@pytest.mark.parametrize("modules, players, span", [("base", "9", "3 to 5 players"), ("duo", "4", "2 players"),
                                                    ("bohnroeschen", "2", "3 to 6 players")])
def test_simulate_refuses_a_table_the_rules_do_not_set(capsys, modules, players, span):
    assert main(["simulate", "--games", "1", "--modules", modules, "--players", players]) == 2
    assert f"--players {players}: this game is played by {span}, not {players}" in capsys.readouterr().err


def test_simulate_refuses_zero_workers(capsys):
    assert main(["simulate", "--jobs", "0"]) == 2
    assert "--jobs" in capsys.readouterr().err


@pytest.mark.parametrize("modules", ["base", "bohnroeschen"])
def test_simulate_is_reproducible(tmp_path, capsys, modules):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    for path in (a, b):
        assert main(["simulate", "--games", "2", "--players", "3", "--modules", modules, "--seed", "5",
                     "--max-actions", "1500", "--json", str(path), "-q"]) == 0
    first, second = json.loads(a.read_text()), json.loads(b.read_text())
    for key in ("turns", "actions", "harvest_sizes", "rejections", "endings"):
        assert first[key] == second[key]
    assert "how games ended" in capsys.readouterr().out
