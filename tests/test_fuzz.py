"""Differential play (`bohnspec fuzz`, conformance/fuzz/): random games through the reference
and an engine in lockstep, the first divergence shrunk to a scenario that fails the engine and
passes the reference.

The engines are the fz_* fakes of tests/fakes (the reference server with one known rule
broken) and, in this process, the reference built from a spec with a rule broken (fast: no
process). The default run plays one fake end to end and the in-process properties; the other
fakes and the long campaigns are marked slow.
"""

from __future__ import annotations

import json
import os
import random
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

import helpers
from bohnspec.conformance import fuzz as F
from bohnspec.conformance import runner as R
from bohnspec.conformance import scenario as S
from bohnspec.conformance.inprocess import InProcess
from bohnspec.errors import BohnspecError
from bohnspec.execution.interpret import engine_for

FAKES = Path(__file__).resolve().parent / "fakes"
PY = sys.executable
SERVE = f"{shlex.quote(PY)} -m bohnspec serve"
BASE = {"modules": ["base"], "rule_ids": True, "events": True, "internal_state": False, "options": None}


def fake(name: str) -> str:
    return f"{shlex.quote(PY)} {shlex.quote(str(FAKES / (name + '.py')))}"


def cli(*args, cwd, timeout=240, env=None) -> subprocess.CompletedProcess:
    env = dict(env or os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(helpers.INTERPRETER), env.get("PYTHONPATH")) if p)
    return subprocess.run([PY, "-m", "bohnspec", *args], capture_output=True, text=True, env=env, cwd=cwd,
                          timeout=timeout)


# ------------------------------------------------------------ an engine in this process

class Mutant(InProcess):
    """The reference interpreter over a base spec with one textual change: an engine that
    deviates in a known way, without a process."""

    capabilities = {"modules": ["base"], "rule_ids": True, "events": True}

    def __init__(self, old: str, new: str, file: str = "spec/base/cards.bohn"):
        super().__init__()
        texts = dict(helpers.spec_texts())
        assert texts[file].count(old) == 1, f"{old!r} is not in {file} once: reword the mutant"
        texts[file] = texts[file].replace(old, new)
        self._engine = helpers.engine_from_texts(texts)

    def engine(self, modules):
        return self._engine


def soy_meter():
    return Mutant("meter [2, 4, 6, 7]", "meter [3, 4, 6, 7]")


def base_trial(seed: int, players: int | None = None, max_actions: int = 1500) -> F.Trial:
    trial, _ = F.plan_game(["base"], players, BASE, F.game_rng(seed, 0), max_actions)
    return trial


# ------------------------------------------------------------ planning and lockstep

def test_a_game_is_the_same_for_the_same_seed_and_differs_for_another():
    a, b, c = base_trial(7, max_actions=200), base_trial(7, max_actions=200), base_trial(8, max_actions=200)
    assert a.state == b.state and a.actions == b.actions
    assert (a.state, a.actions) != (c.state, c.actions)
    assert len(a.actions) > 50


def test_the_reference_agrees_with_itself_on_its_own_games():
    lockstep = F.Lockstep(InProcess(), BASE)
    for seed in range(2):
        run = lockstep.run(base_trial(seed, max_actions=400))
        assert run.divergence is None and not run.invalid


def test_a_game_holds_probes_the_reference_refuses_and_ends():
    trial, probes = F.plan_game(["base"], 4, BASE, F.game_rng(3, 0), 3000)
    assert probes, "a game without a single probe tests no rejection"
    played = F.reference_play(trial)
    replies, states = played
    assert all(not replies[i]["accepted"] for i in probes)
    assert all(states[i] == states[i + 1] for i in probes), "a probe changed the state"
    assert states[-1]["over"] is True
    assert len(states[0]["players"]) == 4


def test_every_reshuffle_of_the_game_is_in_the_starting_state():
    """Randomness never crosses the wire: the engine reshuffles from the loaded queue."""
    trial = base_trial(1)
    played = F.reference_play(trial)
    _, states = played
    assert trial.state["shuffles"], "the game never reshuffled"
    assert states[-1]["shuffles"] == [], "a reshuffle of the game is missing from the queue"


def test_a_deviation_is_found_with_the_step_and_what_differs():
    for seed in range(6):
        d = F.Lockstep(soy_meter(), BASE).run(base_trial(seed)).divergence
        if d is not None:
            break
    assert d is not None, "six games without a soy harvest of two or three"
    assert d.signature == (R.FAILED, "harvest", "state")
    assert any("coins" in p for p in d.problems)


def test_normative_leaves_out_internal_variables_and_the_module_list():
    state = {"players": [{"name": "Nina", "hand": ["red"], "vars": {"secret": 1, "open": 2}}],
             "vars": {"secret": 3, "exhaustions": 1}, "shuffles": [["red"]], "modules": ["base"], "phase": "trade"}
    seen = F.normative(state, {"secret"})
    assert "modules" not in seen
    assert seen["shuffles"] == [["red"]]  # the queue is normative (PROTOCOL.md)
    assert seen["players"]["Nina"]["vars"] == {"open": 2}
    assert seen["vars"] == {"exhaustions": 1}


# ------------------------------------------------------------ shrinking

@settings(max_examples=helpers.examples(3), deadline=None)
@given(seed=st.integers(0, 10_000))
def test_a_shrunk_divergence_still_diverges_the_same_way_and_is_no_larger(seed):
    engine = soy_meter()
    lockstep = F.Lockstep(engine, BASE)
    trial = base_trial(seed)
    d = lockstep.run(trial).divergence
    if d is None:
        return  # no soy harvest of two or three in this game
    shrinker = F.Shrinker(lockstep, d.signature, max_runs=150, max_seconds=30)
    small = shrinker.shrink(trial, d)
    again = lockstep.run(small).divergence
    assert again is not None and again.signature == d.signature
    assert len(small.actions) <= d.step + 1
    assert F.trial_size(small) <= F.trial_size(trial)


def test_shrinking_a_wrong_beanometer_ends_at_one_harvest(tmp_path):
    engine = soy_meter()
    lockstep = F.Lockstep(engine, BASE)
    for seed in range(10):
        trial = base_trial(seed)
        d = lockstep.run(trial).divergence
        if d is not None:
            break
    shrinker = F.Shrinker(lockstep, d.signature)
    small = shrinker.shrink(trial, d)
    final = lockstep.run(small).divergence
    assert [a["type"] for a in small.actions] == ["harvest"]
    # Fewer cards: nothing but the harvested field is needed, and no reshuffle.
    cards = sum(len(F.at_path(small.state, p)) for p in F.card_lists(small.state))
    harvested = small.state["players"][[p["name"] for p in small.state["players"]].index(
        small.actions[0]["player"])]["fields"][small.actions[0]["field"] - 1]
    assert cards == len(harvested) and harvested[0] == "soy"
    assert not small.state.get("shuffles")
    finding = F.Finding(0, seed, ["base"], len(trial.actions), small, final)
    path = F.write_finding(finding, tmp_path, engine, BASE, "my-engine --flag")
    assert finding.verified, finding.note
    text = path.read_text(encoding="utf-8")
    assert "REFERENCE INTERPRETER" in text
    assert "# replay: bohnspec conform --impl 'my-engine --flag' " in text
    sc = S.load(path)  # valid against scenario.schema.json, id fitting the file
    assert R.run_scenario(InProcess(), sc).verdict == R.PASSED
    assert R.run_scenario(soy_meter(), sc).verdict == R.FAILED
    assert sc.steps[-1].expect["state"]["players"][small.actions[0]["player"]]["coins"] == ["soy"]


def test_games_are_played_only_with_the_option_values_the_engine_claims():
    every = F.tables(["base"], None, BASE)
    assert {o["beans"] for _, o in every} == {"garden", "jumping"}
    assert {n for n, _ in every} == {3, 4, 5}
    garden = F.tables(["base"], 4, {**BASE, "options": {"beans": ["garden"]}})
    assert garden == [(4, {"beans": "garden"})]
    assert F.tables(["base"], None, {**BASE, "options": {"beans": []}}) == []


def test_a_campaign_stops_at_the_first_divergence_and_writes_its_scenario(tmp_path):
    seen = []
    campaign = F.fuzz("my-engine", modules=["base"], games=8, seed=2, out=tmp_path, adapter=soy_meter(),
                      progress=lambda c, total, deadline, doing: seen.append((c.games, total, doing)))
    f = campaign.finding
    assert f is not None and f.verified, f and f.note
    assert f.path.parent == tmp_path and f.path.name == f"base-seed2-game{f.game}.yaml"
    assert campaign.games == f.game + 1  # none after the first divergence
    assert seen[-1] == (campaign.games, 8, "shrinking")
    data = F.campaign_json(campaign, 2)
    assert data["diverged"] and data["finding"]["actions"] == 1 and data["finding"]["kind"] == "state"
    assert data["finding"]["original_actions"] > 1


def test_the_shrinking_budget_bounds_its_runs(tmp_path):
    for runs in (0, 5):
        campaign = F.fuzz("my-engine", modules=["base"], games=8, seed=2, out=tmp_path / str(runs),
                          adapter=soy_meter(), shrink_runs=runs)
        f = campaign.finding
        assert f is not None and f.shrink_runs <= runs
        if runs == 0:  # no candidate played: the game is only cut after the diverging action
            assert f.shrink_runs == 0 and len(f.trial.actions) == f.divergence.step + 1 > 1


def test_an_unplayable_table_is_bad_input():
    with pytest.raises(BohnspecError, match="cannot set up a game of base with 9 players"):
        F.plan_game(["base"], 9, BASE, random.Random(1), 10)


def test_a_rejection_may_cite_any_paragraph_of_the_refusing_clause():
    state = {"players": [{"name": "Nina", "hand": ["red"], "fields": [["blue"], ["soy"], ["fire"]]},
                         {"name": "Timon"}, {"name": "Keno"}], "phase": "plant_hand"}
    engine = engine_for(["base"])
    full = S.state_from_data(engine, state, ["base"]).to_json()
    plant = {"type": "plant", "player": "Nina", "field": 1}
    assert F.deciding_rules(["base"], full, plant) == ["bohnanza/course-of-play/8", "bohnanza/phase-1/5"]
    ref = {"accepted": False, "rule": "bohnanza/course-of-play/8", "reason": "", "state": full}
    other = dict(ref, rule="bohnanza/phase-1/5")
    wrong = dict(ref, rule="bohnanza/phase-1/3")
    rules = lambda: F.deciding_rules(["base"], full, plant)  # noqa: E731
    assert F.compare(ref, other, full, BASE, set(), rules) == ([], "rule")
    assert F.compare(ref, wrong, full, BASE, set(), rules)[0]
    # Timon is not the active player, and has no card to plant either: both rules refuse it,
    # the first the reference checks first.
    # (each with all its citations of this game's books, the first clause's without the
    # other games' paragraphs, and the second's with those its ruling rests on)
    assert F.deciding_rules(["base"], full, {"type": "plant", "player": "Timon", "field": 1}) == [
        "bohnanza/phase-1/1", "bohnanza/course-of-play/3", "bohnanza/course-of-play/4", "bohnanza/course-of-play/1",
        "ruling/no-such-card", "bohnanza/course-of-play/8", "bohnanza/phase-2/9", "bohnanza/phase-1/6",
        "bohnanza/phase-1/2"]


def test_card_runs_are_written_short():
    assert F.short_runs({"a": ["red", "red", "red", "blue", "blue"]}) == {"a": ["red*3", "blue", "blue"]}


# ------------------------------------------------------------ the command, end to end

def _found(run: subprocess.CompletedProcess) -> Path:
    assert run.returncode == 1, run.stdout + run.stderr
    path = Path(run.stdout.strip().splitlines()[-1])
    assert path.is_file(), run.stdout
    return path


def _check_written(path: Path, impl: str, cwd: Path) -> S.Scenario:
    """The scenario loads, passes the reference and fails the engine, by `bohnspec conform`."""
    sc = S.load(path)
    assert S.schema_errors(yaml.safe_load(path.read_text(encoding="utf-8"))) == []
    ours = cli("conform", str(path), cwd=cwd)
    assert ours.returncode == 0, ours.stdout + ours.stderr
    theirs = cli("conform", "--impl", impl, str(path), cwd=cwd)
    assert theirs.returncode == 1, theirs.stdout + theirs.stderr
    replay = re.search(r"^# replay: (.*)$", path.read_text(encoding="utf-8"), re.M).group(1)
    assert replay == f"bohnspec conform --impl {shlex.quote(impl)} {shlex.quote(str(path))}"
    return sc


def test_fuzz_finds_an_engine_that_plants_onto_another_variety(tmp_path):
    impl = fake("fz_any_variety")
    run = cli("fuzz", "--impl", impl, "--modules", "base", "--games", "5", "--seed", "1",
              "--out", str(tmp_path / "found"), cwd=tmp_path)
    path = _found(run)
    assert "DIVERGED in game" in run.stdout and "shrunk from" in run.stdout
    sc = _check_written(path, impl, tmp_path)
    # The clause that refuses it, every paragraph it cites (any of them will do).
    assert sc.cites == ["bohnanza/course-of-play/8", "bohnanza/phase-1/5"]
    assert len(sc.steps) == 1 and sc.steps[0].action["type"] == "plant"
    assert sc.steps[0].expect == {"rejected": ["bohnanza/course-of-play/8", "bohnanza/phase-1/5"]}


def test_fuzz_takes_the_shrinking_budget_from_the_command_line(tmp_path):
    run = cli("fuzz", "--impl", fake("fz_any_variety"), "--modules", "base", "--games", "5", "--seed", "1",
              "--shrink-runs", "0", "--shrink-seconds", "30", "--out", str(tmp_path / "found"), cwd=tmp_path)
    _found(run)
    assert "; 0 shrinking runs)" in run.stdout


def test_a_game_the_engine_answers_unsupported_is_neither_ended_nor_counted_past_that_point(tmp_path):
    # v2_limited has no Jumping Bean: a game with it is cut short at its setup, not compared.
    run = cli("fuzz", "--impl", fake("v2_limited"), "--modules", "base", "--games", "4", "--max-actions", "60",
              "--out", str(tmp_path / "o"), "--json", "-", "-q", cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    data = json.loads(run.stdout)
    cut = sum(data["unsupported"].values())
    assert cut > 0 and data["games"] == 4
    assert data["games_ended"] <= data["games"] - cut
    assert data["actions"] <= 60 * (data["games"] - cut)


def test_fuzz_against_the_reference_finds_nothing(tmp_path):
    run = cli("fuzz", "--impl", SERVE, "--modules", "base", "--games", "2", "--max-actions", "150",
              "--out", str(tmp_path / "o"), cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith("no divergence: 2 game(s)")
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("args, message", [
    (["--impl", ""], "--impl is empty"),
    (["--impl", SERVE, "--modules", "bse"], "bse"),
    (["--impl", SERVE, "--games", "0"], "out of range"),
    (["--impl", SERVE, "--minutes", "-1"], "out of range"),
    (["--impl", SERVE, "--shrink-runs", "-1"], "out of range"),
    (["--impl", SERVE, "--shrink-seconds", "nan"], "not a finite number"),
    (["--impl", SERVE, "--shrink-seconds", "86401"], "out of range"),
    (["--impl", SERVE, "--modules", "base", "--players", "9"], "9 players"),
    (["--impl", "no-such-engine-command-xyz"], "cannot start the engine"),
])
def test_bad_input_is_exit_2(tmp_path, args, message):
    run = cli("fuzz", *args, "--out", str(tmp_path / "o"), cwd=tmp_path, timeout=60)
    assert run.returncode == 2, run.stdout + run.stderr
    assert message in run.stderr


@pytest.mark.slow
@pytest.mark.parametrize("name, cite, kind, verdict", [
    ("fz_wrong_meter", "bohnanza/harvest/", "harvest", "failed"),
    ("fz_no_reshuffle", "bohnanza/empty-draw-pile/1", None, "failed"),
    ("fz_crash_harvest", "bohnanza/harvest/", "harvest", "errored"),
])
def test_fuzz_finds_each_deviating_engine(tmp_path, name, cite, kind, verdict):
    impl = fake(name)
    run = cli("fuzz", "--impl", impl, "--modules", "base", "--games", "10", "--out", str(tmp_path / "found"),
              cwd=tmp_path)
    path = _found(run)
    assert f": {verdict}" in run.stdout
    sc = _check_written(path, impl, tmp_path)
    assert any(c.startswith(cite) for c in sc.cites), sc.cites
    assert len(sc.steps) <= 3
    if kind:
        assert sc.steps[-1].action["type"] == kind


@pytest.mark.slow
def test_the_same_seed_writes_the_same_scenario(tmp_path):
    impl = fake("fz_wrong_meter")
    paths = [_found(cli("fuzz", "--impl", impl, "--modules", "base", "--seed", "5", "--out", str(tmp_path / d),
                        cwd=tmp_path)) for d in ("a", "b")]
    body = [p.read_text(encoding="utf-8").split("\nid: ", 1)[1] for p in paths]
    assert body[0] == body[1]


@pytest.mark.slow
def test_a_campaign_over_every_module_of_the_reference_finds_nothing(tmp_path):
    run = cli("fuzz", "--impl", SERVE, "--games", "16", "--seed", "3", "--out", str(tmp_path / "o"), cwd=tmp_path,
              timeout=900)
    assert run.returncode == 0, run.stdout + run.stderr
    for module in ("bohnroeschen", "dschingis", "duo", "solo"):
        assert module in run.stdout


@pytest.mark.slow
def test_minutes_bound_the_campaign(tmp_path):
    run = cli("fuzz", "--impl", SERVE, "--modules", "base", "--minutes", "0.05", "--out", str(tmp_path / "o"),
              cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert re.match(r"no divergence: [1-9][0-9]* game\(s\)", run.stdout)


@pytest.mark.slow
def test_an_engine_failing_its_handshake_is_a_verdict(tmp_path):
    run = cli("fuzz", "--impl", fake("bad_hello"), "--out", str(tmp_path / "o"), cwd=tmp_path, timeout=60)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "handshake" in run.stderr


@pytest.mark.slow
@pytest.mark.parametrize("name, folder, shown", [
    ("fz_wrong_meter", "harvest", "FAILED base/harvest/beanometer-soy-1-and-2-coins-01"),
    ("fz_any_variety", "phase-1", "FAILED base/phase-1/no-fitting-field-harvest-first-01"),
    ("fz_no_reshuffle", "empty-draw-pile", "FAILED base/empty-draw-pile/second-exhaustion-reshuffles-01"),
    # The crash is one kind of fault in every harvest: told in full three times, the rest named.
    ("fz_crash_harvest", "harvest", "ERRORED the other"),
])
def test_the_corpus_with_isolated_steps_finds_each_deviating_engine_too(tmp_path, name, folder, shown):
    run = cli("conform", "--impl", fake(name), "--isolate", str(helpers.SCENARIOS / "base" / folder), cwd=tmp_path)
    assert run.returncode == 1, run.stdout + run.stderr
    assert shown in run.stdout
    if name == "fz_crash_harvest":
        assert "base/harvest/beanometer-blue-4-coins-01" in run.stdout


# ------------------------------------------------------------ what a campaign reports it played

class SeveralModules(InProcess):
    """The reference, claiming a few modules (war among them) by name."""

    capabilities = {"modules": ["base", "bohnroeschen", "war", "bohnaparte", "dschingis"], "rule_ids": True,
                    "events": True}


def test_a_shared_part_of_other_modules_is_not_planned_as_a_table_of_its_own():
    from bohnspec.language.spec import parse_files, spec_files
    parts = F.parts_of(parse_files(spec_files()))
    # war: the map and combat of Bohnaparte and Dschingis Bohn; duo, required by solo, sets a
    # table of two and stays a game.
    assert parts == {"war": ["bohnaparte", "dschingis"]}
    sets, skipped = F.module_sets(SeveralModules.capabilities["modules"], None)
    assert ["base", "war"] not in sets and ["base", "bohnaparte", "war"] in sets
    assert "a part of bohnaparte, dschingis" in skipped["war"]


def test_the_campaign_reports_the_tables_played_and_why_the_others_were_not(tmp_path):
    campaign = F.fuzz("my-engine", games=2, seed=1, out=tmp_path, max_actions=40, adapter=SeveralModules())
    assert campaign.finding is None and campaign.games == 2
    data = F.campaign_json(campaign, 1)
    assert [(m["modules"], m["games"]) for m in data["modules"]] == [(["base"], 1), (["base", "bohnaparte", "war"], 1)]
    # Each table says at how many players and with which options its games were played.
    for m in data["modules"]:
        assert sum(m["players"].values()) == m["games"] == sum(m["options"].values())
        assert all(k.isdigit() and 1 <= int(k) <= 7 for k in m["players"])
    assert all("=" in k for k in data["modules"][0]["options"])  # the base game's `beans` option, named
    assert data["not_played"]["base+bohnroeschen"] == "the campaign ended first (--games 2)"
    assert data["not_played"]["base+dschingis+war"] == "the campaign ended first (--games 2)"
    assert "war" in data["not_played"] and "base+war" not in data["not_played"]
    # Cut off at 40 actions, neither game reached its end: the campaign says so.
    assert data["games_ended"] == 0


def test_the_campaign_counts_the_games_played_to_their_end(tmp_path):
    same = Mutant("meter [2, 4, 6, 7]", "meter [2, 4, 6, 7]")  # the reference itself, as an engine
    campaign = F.fuzz("my-engine", modules=["base"], games=1, seed=3, out=tmp_path, adapter=same)
    assert campaign.finding is None and F.campaign_json(campaign, 3)["games_ended"] == 1


def test_a_finding_counts_the_actions_played_up_to_the_divergence(tmp_path):
    campaign = F.fuzz("my-engine", modules=["base"], games=8, seed=2, out=tmp_path, adapter=soy_meter())
    f = campaign.finding
    assert f is not None and f.game == 0
    # The game's actions up to and including the diverging one: what was played, not what was planned.
    assert 1 < f.original_actions == campaign.actions
    planned, _ = F.plan_game(["base"], None, F.claims_of(soy_meter()), F.game_rng(2, 0), 2000)
    assert f.original_actions < len(planned.actions)
    data = F.campaign_json(campaign, 2)
    assert data["finding"]["original_actions"] == f.original_actions
    assert [(m["modules"], m["games"]) for m in data["modules"]] == [(["base"], campaign.games)]


def test_a_campaign_stopped_by_a_divergence_says_so_for_the_tables_it_did_not_reach(tmp_path):
    meter = soy_meter()
    meter.capabilities = {**meter.capabilities, "modules": ["base", "bohnroeschen"]}
    campaign = F.fuzz("my-engine", games=8, seed=1, out=tmp_path, adapter=meter)
    assert campaign.finding is not None and campaign.finding.game == 0  # base is played first
    data = F.campaign_json(campaign, 1)
    assert [(m["modules"], m["games"]) for m in data["modules"]] == [(["base"], 1)]
    assert data["not_played"] == {"base+bohnroeschen": "the campaign stopped at the first divergence (game 0)"}


def test_fuzz_without_an_engine_command_does_not_point_to_the_reference(tmp_path):
    run = cli("fuzz", "--impl", " ", "--out", str(tmp_path / "o"), cwd=tmp_path, timeout=60)
    assert run.returncode == 2, run.stdout + run.stderr
    assert "--impl is empty" in run.stderr and "leave --impl out" not in run.stderr


def test_a_war_game_is_played_without_claiming_war():
    # conform needs no claim of the shared part either: `war` comes with the game requiring it.
    sets, skipped = F.module_sets(["base", "dschingis"], None)
    assert sets == [["base"], ["base", "dschingis", "war"]] and "dschingis" not in skipped


def test_a_written_finding_quotes_space_ids_of_digits():
    # A YAML 1.2 reader would take a bare 08 for the number 8.
    from bohnspec.conformance.fuzz.writer import render
    text = render({"spaces": {"08": {"owner": "Nina"}, "a": {}}}, ["header"])
    assert "'08': {owner: Nina}" in text and "\n  a: {}" in text


# ------------------------------------------------------------ --maps: games on boards the engine is sent inline

MAPS = str(helpers.ROOT / "examples" / "bohnaparte" / "reference-maps.bohn")
WAR = {"modules": ["base", "bohnaparte"], "rule_ids": True, "events": True, "internal_state": False, "options": None}


class BohnaparteEngine(InProcess):
    """The reference, claiming Bohnaparte: it knows the rulebook's boards, not the reference maps."""

    capabilities = {"modules": ["base", "bohnaparte"], "rule_ids": True, "events": True}


def test_without_maps_bohnaparte_has_no_table_for_four_players():
    # The rulebook's map is lost (ruling/bohnaparte-map-is-input): its own boards are for three.
    assert F.tables(["base", "bohnaparte", "war"], 4, WAR) == []


def test_a_game_on_the_maps_sends_its_map_inline_and_plays_on_the_rulebooks_modules():
    maps = F.read_maps(MAPS)
    trial, _ = F.plan_game(["base", "bohnaparte", "war"], 4, WAR, F.game_rng(1, 0), 60, maps)
    start = trial.state
    assert trial.modules == ["base", "bohnaparte", "war"] and start["modules"] == ["base", "bohnaparte", "war"]
    board = start["board"]
    # reference_4: five offset rows, camps at the four corners.
    assert board["geometry"] == "offset" and len(board["rows"]) == 5
    assert board["rows"][0] == [1, "camp", "*", "*", "*", "camp"]
    # Every dealt space has its card in the state, so the map needs the file no more: the
    # reference replays the game on the rulebooks' modules alone.
    loaded = S.state_from_data(engine_for(trial.modules), start, trial.modules)
    assert len(loaded.board.ids) == 27 and all(loaded.space_cards.get(s) for s in loaded.board.ids)
    assert F.Lockstep(BohnaparteEngine(), WAR).run(trial).divergence is None


def test_a_game_on_a_rulebook_board_is_sent_without_the_maps_module():
    # Three players on the pyramid (layout pyramid5): a board the engine knows by name, and the
    # modules it claims: nothing of the file of maps reaches it.
    maps = F.read_maps(MAPS)
    claims = {**WAR, "options": {"layout": ["pyramid5"]}}
    trial, _ = F.plan_game(["base", "bohnaparte", "war"], 3, claims, F.game_rng(1, 0), 10, maps)
    assert trial.state["board"] == "pyramid_5" and trial.state["modules"] == ["base", "bohnaparte", "war"]


def test_a_campaign_with_maps_plays_bohnaparte_at_every_table_the_maps_allow(tmp_path):
    maps = F.read_maps(MAPS)
    assert {n for n, _ in F.tables(["base", "bohnaparte", "war"], None, WAR, maps)} == {3, 4, 5, 6}
    campaign = F.fuzz("my-engine", modules=["bohnaparte"], players=6, games=1, seed=2, out=tmp_path, max_actions=80,
                      adapter=BohnaparteEngine(), maps=maps)
    assert campaign.finding is None and campaign.games == 1 and campaign.table_players == [{6: 1}]
    assert F.campaign_json(campaign, 2)["maps"] == MAPS


def test_a_file_of_maps_declares_boards_and_rulings_only(tmp_path):
    # An engine is sent a map inline; a card or an action of the file it could not be sent.
    f = tmp_path / "maps.bohn"
    f.write_text(MAPS_TEXT + '\nvariety ghost "Ghost Bean" count 4 meter [2, 3, 4, 5] cites ruling/my-maps\n',
                 encoding="utf-8")
    with pytest.raises(BohnspecError, match=r"declares the variety 'ghost' .*boards and rulings only"):
        F.read_maps(str(f))


MAPS_TEXT = '''module my_maps requires bohnaparte

ruling my-maps
  question "Where do we play?"
  decision "Here."
  reason "A test."
  cites bohnaparte/setup/2

board tiny_3 "A test map" graph for 3 players when layout == given cites ruling/my-maps {
  space "a" camp
  space "b" *
  space "c" camp
  space "d" camp
  edge "a" -- "b"
  edge "b" -- "c"
  edge "b" -- "d"
}
'''


def test_fuzz_with_maps_from_the_command_line(tmp_path):
    run = cli("fuzz", "--impl", SERVE, "--modules", "bohnaparte", "--maps", MAPS, "--players", "5", "--games", "1",
              "--max-actions", "120", "--out", str(tmp_path / "o"), cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith("no divergence: 1 game(s)") and "5p x1" in run.stdout
    assert f"maps of {MAPS}" in run.stdout
    # (the board is sent inline, counted by the name it was laid by: round 97's outside engine
    # was told no game was set up on the file's boards)
    assert "(1 game(s) on them)" in run.stdout and "no game was set up on its boards" not in run.stderr, run
    bad = tmp_path / "bad.bohn"
    bad.write_text("module broken requires bohnaparte\nboard x graph {\n", encoding="utf-8")
    run = cli("fuzz", "--impl", SERVE, "--maps", str(bad), "--out", str(tmp_path / "o"), cwd=tmp_path, timeout=60)
    assert run.returncode == 2 and "--maps:" in run.stderr and "bad.bohn:" in run.stderr, run.stderr


@pytest.mark.slow
def test_a_designers_own_cards_are_fuzzed_with_their_rules_file(tmp_path):
    # Review round 33: `fuzz` refused a designer's module ("a module of your own is loaded with
    # its file") and had no --rules. An engine serving the cards with one rule changed (four
    # cards drawn in phase 4) is found out, and the written scenario replays with the file.
    good = tmp_path / "my-vines.bohn"
    good.write_text((helpers.ROOT / "examples" / "my-vines.bohn").read_text(encoding="utf-8"), encoding="utf-8")
    bad = tmp_path / "bad-vines.bohn"
    bad.write_text(good.read_text(encoding="utf-8") + "\ndefine draw_count = 4 cites bohnanza/phase-4/1\n",
                   encoding="utf-8")
    impl = f"{SERVE} --rules {shlex.quote(str(bad))}"
    run = cli("fuzz", "--impl", impl, "--rules", str(good), "--modules", "my_vines", "--games", "3",
              "--out", str(tmp_path / "found"), cwd=tmp_path)
    path = _found(run)
    assert "rules of " in run.stdout and "my_vines" in run.stdout
    text = path.read_text(encoding="utf-8")
    assert f"--rules {good}" in re.search(r"^# replay: (.*)$", text, re.M).group(1)
    assert "WARNING: not verified" not in text
    sc = S.load(path)
    assert "my_vines" in sc.modules
    assert cli("conform", "--rules", str(good), str(path), cwd=tmp_path).returncode == 0
    assert cli("conform", "--rules", str(good), "--impl", impl, str(path), cwd=tmp_path).returncode == 1
    # Without the file, the module is unknown: bad input, said with the fix.
    run = cli("fuzz", "--impl", impl, "--modules", "my_vines", "--games", "1", "--out", str(tmp_path / "o"),
              cwd=tmp_path)
    assert run.returncode == 2 and "--rules FILE" in run.stderr, run.stderr


def test_a_campaign_that_compared_nothing_is_not_a_pass(tmp_path):
    # Review round 34: an engine answering `unsupported` to every game left fuzz at exit 0, "no
    # divergence", so a CI job passed an engine that implemented nothing (conform says exit 2).
    run = cli("fuzz", "--impl", fake("v2_nothing"), "--modules", "base", "--games", "3", "--out", str(tmp_path / "o"),
              "-q", cwd=tmp_path)
    assert run.returncode == 2, run.stdout + run.stderr
    assert "nothing was tested, not one action was compared" in run.stderr
    assert "no divergence" not in run.stdout


def test_fuzz_says_what_it_compared_in_no_game(tmp_path):
    # Round 84's engine author: `no divergence` for an engine claiming neither rule ids nor
    # events, which fuzz then never compared, where conform says NOT COMPARED.
    run = cli("fuzz", "--impl", fake("no_rule_ids"), "--modules", "base", "--games", "1", "--max-actions", "80",
              "--out", str(tmp_path / "o"), "--json", str(tmp_path / "f.json"), "-q", cwd=tmp_path,
              env={**os.environ, "FAKE_OMIT_CLAIMS": "1"})
    assert run.returncode == 0, run.stdout + run.stderr
    assert "NOT COMPARED in any game: the rule ids of rejections" in run.stderr and "events of actions" in run.stderr
    assert json.loads((tmp_path / "f.json").read_text())["not_compared"] == ["rule_ids", "events"]
    run = cli("fuzz", "--impl", SERVE, "--modules", "base", "--games", "1", "--max-actions", "80",
              "--out", str(tmp_path / "o"), "-q", cwd=tmp_path)
    assert "NOT COMPARED" not in run.stderr


def test_a_fault_after_so_many_requests_is_written_up_to_where_it_diverged(tmp_path):
    # Round 95's tester: no smaller game shows such a fault, and the whole game was written,
    # "shrunk from 198 actions to 717", 519 steps past the divergence; and the check on the
    # campaign's own process said the engine passes it, though the replay failed
    impl = fake("fz_crash_after")
    report = tmp_path / "fuzz.json"
    run = cli("fuzz", "--impl", impl, "--modules", "base", "--games", "3", "--shrink-runs", "3",
              "--out", str(tmp_path / "found"), "--json", str(report), cwd=tmp_path)
    path = _found(run)
    data = json.loads(report.read_text(encoding="utf-8"))
    finding = data["finding"]
    assert finding["actions"] <= finding["original_actions"], finding
    assert "could not be verified" not in run.stdout, run.stdout
    sc = S.load(path)
    assert len([s for s in sc.steps if s.action is not None]) <= finding["original_actions"]


def test_a_failed_handshake_still_writes_the_json_report(tmp_path):
    report = tmp_path / "fuzz.json"
    run = cli("fuzz", "--impl", fake("bad_hello"), "--timeout", "2", "--json", str(report), cwd=tmp_path)
    assert run.returncode == 1, run.stdout + run.stderr
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["diverged"] is False and data["handshake"]["verdict"] == "protocol-error", data


def test_an_interrupted_shrinking_keeps_the_divergence(tmp_path, monkeypatch):
    # Round 95's tester: Ctrl-C while shrinking reported `no divergence` and wrote nothing
    from bohnspec.conformance.fuzz import shrink

    def interrupted(self, trial, divergence):
        raise KeyboardInterrupt
    monkeypatch.setattr(shrink.Shrinker, "shrink", interrupted)
    campaign = F.fuzz("(in process)", ["base"], games=5, out=tmp_path / "found", adapter=soy_meter())
    assert campaign.interrupted and campaign.finding is not None and campaign.finding.path.exists()


def test_maps_no_game_was_laid_on_are_said_so(tmp_path):
    # Round 95's outside engine: Dschingis maps of new names were never played (the realms come
    # first), and the summary said `maps of FILE` all the same
    maps = tmp_path / "new-maps.bohn"
    maps.write_text("module new_maps requires dschingis\n\n"
                    "board wide_3 \"A wide realm\" offset for 3 players when layout == random cites dschingis/setup/5 {\n"
                    "  row 0: camp, *, *, *, camp\n  row 1: *, *, *, *\n  row 0: *, *, camp, *, *\n}\n", encoding="utf-8")
    run = cli("fuzz", "--impl", SERVE, "--modules", "dschingis", "--maps", str(maps), "--games", "1", "--players", "3",
              "--out", str(tmp_path / "found"), cwd=tmp_path)
    assert "no game was set up on its boards" in run.stderr, run.stdout + run.stderr
    assert "(0 game(s) on them)" in run.stdout + run.stderr


@pytest.mark.parametrize("env, kind, expected", [
    ({}, "as legal after this action; the rules refuse it [ruling/no-such-card]", "rejected"),
    ({"FAKE_MISS_END_PHASE": "1"}, "leaves out 1 action(s) the rules allow, such as", "state"),
])
def test_an_engines_legal_list_is_compared_with_the_rules(tmp_path, env, kind, expected):
    # Round 96's outside engine: nothing checked a `legal` answer, though the engine claimed it
    run = cli("fuzz", "--impl", fake("fz_lists_illegal"), "--modules", "base", "--games", "2", "--shrink-runs", "20",
              "--out", str(tmp_path / "found"), cwd=tmp_path, env={**os.environ, **env})
    assert run.returncode == 1, run.stdout + run.stderr
    assert kind in run.stdout and "its `legal` list is what differs" in run.stdout, run.stdout
    path = _found(run)
    sc = S.load(path)
    last = sc.steps[-1]
    assert expected in last.expect, last
    assert "# NOTE: the engine plays these actions as the rules do" in path.read_text(encoding="utf-8")


def test_an_engine_failing_to_answer_legal_is_told_so(tmp_path):
    run = cli("fuzz", "--impl", fake("fz_lists_illegal"), "--modules", "base", "--games", "2", "--shrink-runs", "10",
              "--out", str(tmp_path / "found"), cwd=tmp_path, env={**os.environ, "FAKE_LEGAL_ERROR": "1"})
    assert run.returncode == 1, run.stdout + run.stderr
    assert "the engine answered 'legal' with an error: no list today" in run.stdout, run.stdout
    assert "the engine fails when asked for its `legal` list" in run.stdout, run.stdout


def test_an_engines_lone_surrogate_and_escape_codes_are_escaped_in_output_and_scenario(tmp_path):
    # Round 97's hostile engine: a refusal's reason with `\ud800` stopped fuzz with an internal
    # error, its scenario unreadable; an escape sequence reached the terminal raw.
    out = tmp_path / "found"
    env = {**os.environ, "FAKE_MODE": "surrogate"}
    run = cli("fuzz", "--impl", fake("hostile_r97"), "--modules", "base", "--games", "3", "--seed", "1",
              "--timeout", "5", "--shrink-seconds", "10", "--out", str(out), "-q", cwd=tmp_path, env=env)
    assert run.returncode == 1, run
    assert "\x1b" not in run.stdout and "\\ud800" in run.stdout, run.stdout
    written = run.stdout.strip().splitlines()[-1]
    assert S.load(Path(written)).id.startswith("fuzz/"), written
    assert "not verified" not in Path(written).read_text(encoding="utf-8")


def test_every_game_cut_short_by_unsupported_is_warned_of(tmp_path):
    # Round 97's outside engine answered `unsupported` to fuzz's probes of a draft with none
    # under way: every game stopped at its first probe, "no divergence" and a clean exit.
    run = cli("fuzz", "--impl", fake("hostile_r97"), "--modules", "base", "--games", "3", "--seed", "2",
              "--out", str(tmp_path / "o"), "-q", cwd=tmp_path, env={**os.environ, "FAKE_MODE": "unsupported_probes"})
    assert "warning: every game was cut short by `unsupported`" in run.stderr, run.stdout + run.stderr


def test_a_rule_that_refuses_nothing_there_is_said_to_be_the_engines_own():
    # Round 97's outside engine: a shrunk finding showed two refusals of one probe, read as a
    # quarrel over which rule to cite, where the engine's rule (no fortress during a combat)
    # refuses nothing by the rules.
    from bohnspec.conformance.fuzz.lockstep import compare
    ref = {"accepted": False, "rule": "bohnaparte/fortress/1", "reason": "no full quarry of yours", "state": {}}
    eng = {"accepted": False, "rule": "ruling/combat-first", "reason": "a combat is under way", "state": {}}
    problems, category = compare(ref, eng, {}, {"rule_ids": True}, set(), lambda: ["bohnaparte/fortress/1"])
    assert category == "rule" and "'ruling/combat-first' refuses nothing here" in problems[0], problems
    assert "the clauses refusing it cite bohnaparte/fortress/1" in problems[0], problems


def test_a_war_game_with_no_map_of_the_books_for_the_table_points_to_maps(tmp_path):
    run = cli("fuzz", "--impl", SERVE, "--modules", "mixed", "--players", "4", "--games", "1", "-q", cwd=tmp_path)
    assert run.returncode == 2 and "lay the others with --maps FILE" in run.stderr, run.stderr
