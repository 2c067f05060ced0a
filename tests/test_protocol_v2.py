"""Protocol version 2 and the runner's fairness (issue 14): --isolate, options and
`unsupported`, normative and internal state, rejections with any deciding paragraph, the new
expectation forms, refused setups, state validation, version-1 engines, -k before loading.

End to end against the fake engines tests/fakes/v2_*.py, each deviating in a known way.
"""

from __future__ import annotations

import json
import shlex
import subprocess

import pytest

from bohnspec.conformance import runner as R
from bohnspec.conformance import scenario as S
from bohnspec.conformance.inprocess import InProcess
from test_protocol import CORPUS, PY, ROOT, SAFETY, check_reports, child_env, conform, fake

DEVIANT = fake("v2_deviant")


def write(path, text: str):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# Two independent harvests of four Blue Beans: an engine with a wrong Blue Beanometer gets both
# wrong, but without --isolate only the first shows (after it the states differ anyway).
TWO_BLUE_HARVESTS = """\
id: twice/two-blue-harvests-01
title: Two harvests of four Blue Beans each earn one coin
cites: [bohnanza/harvest/6]
modules: [base]
state:
  players:
    - {name: Nina, fields: [[blue*4], [red], []]}
    - {name: Timon, fields: [[blue*4], [soy], []]}
    - {name: Keno}
  active: Keno
  phase: trade
steps:
  - do: {type: harvest, player: Nina, field: 1}
    expect:
      state:
        players:
          Nina: {coins: [blue]}
  - do: {type: harvest, player: Timon, field: 1}
    expect:
      state:
        players:
          Timon: {coins: [blue]}
"""


# ------------------------------------------------------------ --isolate

def test_isolate_reports_every_failing_step_with_its_paragraph(tmp_path):
    sc = write(tmp_path / "twice" / "two-blue-harvests-01.yaml", TWO_BLUE_HARVESTS)
    env = child_env(FAKE_DEVIATION="beanometer")
    plain = conform(tmp_path / "plain", "--impl", DEVIANT, sc, env=env)
    assert plain.rc == 1, plain
    assert [s["index"] for s in plain.scenario("twice/two-blue-harvests-01")["failed_steps"]] == [0]

    run = conform(tmp_path / "isolated", "--impl", DEVIANT, "--isolate", sc, env=env)
    assert run.rc == 1, run
    check_reports(run)
    assert run.report["isolate"] is True and run.report["protocol"] == 2
    failed = run.scenario("twice/two-blue-harvests-01")["failed_steps"]
    assert [s["index"] for s in failed] == [0, 1]
    for step in failed:
        assert step["paragraphs"], step  # the clause of the reference that decided it
        assert any("coins" in p for p in step["problems"])
    assert "step 1:" in run.out and "step 2:" in run.out
    text = run.junit.find("testcase").find("failure").text
    assert "step 1:" in text and "step 2:" in text
    assert "--isolate" in run.out.split("replay:")[1]


def test_a_failed_scenario_shows_what_the_engine_logged_while_it_was_played(tmp_path):
    sc = write(tmp_path / "twice" / "two-blue-harvests-01.yaml", TWO_BLUE_HARVESTS)
    other = write(tmp_path / "earlier" / "a-passing-one-01.yaml",
                  TWO_BLUE_HARVESTS.replace("twice/two-blue-harvests-01", "earlier/a-passing-one-01")
                  .replace("coins: [blue]", "fields: [[], [red], []]", 1).split("  - do: {type: harvest, player: Timon")[0])
    run = conform(tmp_path / "out", "--impl", DEVIANT, other, sc,
                  env=child_env(FAKE_DEVIATION="beanometer", FAKE_LOG_REQUESTS="1"))
    assert run.rc == 1, run
    failed = run.scenario("twice/two-blue-harvests-01")
    assert failed["verdict"] == "failed"
    # Only this scenario's requests, none of the scenario before: its load and both its applies
    # (the engine claims `pipelining`, so it is sent every step at once; the second is its too).
    logged = [line for line in failed["stderr"].splitlines() if line.startswith("v2-deviant: request")]
    assert [line.split()[-1] for line in logged] == ["load", "apply", "apply"], failed["stderr"]
    assert "engine stderr (last lines):" in run.out and "v2-deviant: request" in run.out
    assert "stderr" not in run.scenario("earlier/a-passing-one-01")


def test_an_error_without_an_id_is_errored_not_a_protocol_error(tmp_path):
    sc = write(tmp_path / "twice" / "two-blue-harvests-01.yaml", TWO_BLUE_HARVESTS)
    run = conform(tmp_path / "out", "--impl", DEVIANT, sc, env=child_env(FAKE_NULL_ID_ERROR="1"))
    assert run.rc == 1, run
    verdict = run.scenario("twice/two-blue-harvests-01")
    assert verdict["verdict"] == "errored", verdict
    assert "error without an id" in verdict["message"] and "cannot read this request" in verdict["message"]


@pytest.mark.parametrize("deviation, paths, failing", [
    pytest.param("beanometer", ["base/harvest"], {"base/harvest/beanometer-blue-1-and-2-coins-01"},
                 marks=pytest.mark.slow),
    ("hand_first", ["base/phase-2"], {"base/phase-2/active-chooses-revealed-card-over-hand-card-01"}),
    pytest.param("revealed_first", ["base/phase-2"], {"base/phase-2/active-chooses-hand-card-over-revealed-card-01",
                                                      "base/phase-2/offer-missing-hand-card-rejected-01"},
                 marks=pytest.mark.slow),
    pytest.param("any_table", ["base/setup", "bohnroeschen/setup"],
                 {"base/setup/six-players-refused-01", "base/setup/two-players-refused-01",
                  "bohnroeschen/setup/seven-players-refused-01"}, marks=pytest.mark.slow),
    pytest.param("castle_four", ["bohnroeschen/end"],
                 {"bohnroeschen/end/tribute-for-last-card-leaves-four-01", "bohnroeschen/end/waiting-at-the-castle-01",
                  "bohnroeschen/end/tribute-with-exactly-five-coins-does-not-end-01"}, marks=pytest.mark.slow),
    pytest.param("castle_six", ["bohnroeschen/end"], {"bohnroeschen/end/fulfil-last-card-with-exactly-five-coins-01"},
                 marks=pytest.mark.slow),
])
def test_each_deviation_is_found_by_isolate(tmp_path, deviation, paths, failing):
    run = conform(tmp_path, "--impl", DEVIANT, "--isolate", *[CORPUS / p for p in paths],
                  env=child_env(FAKE_DEVIATION=deviation))
    assert run.rc == 1, run
    assert {sid for sid, v in run.verdicts.items() if v != "passed"} == failing, run
    assert all(run.verdicts[sid] == "failed" for sid in failing)


@pytest.mark.slow
def test_isolate_in_process_passes_the_corpus_part(tmp_path):
    run = conform(tmp_path, "--isolate", CORPUS / "base" / "phase-2", CORPUS / "bohnroeschen" / "end")
    assert run.rc == 0, run
    assert run.report["summary"]["failed"] == 0


# ------------------------------------------------------------ options and `unsupported`

def test_unsupported_is_not_applicable_with_its_reason_and_no_restart(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    run = conform(tmp_path, "--impl", fake("v2_limited"), CORPUS / "base" / "setup",
                  env=child_env(FAKE_LOG_DIR=logs))
    assert run.rc == 0, run
    check_reports(run)
    jumping = "base/setup/jumping-game-has-104-cards-01"
    assert run.verdicts[jumping] == "not-applicable"
    assert "no Jumping Bean" in run.scenario(jumping)["message"]
    assert len((logs / "starts").read_text().split()) == 1  # never restarted
    assert "NOT TESTED" in run.out and "no Jumping Bean" in run.out
    groups = run.report["not_tested"]
    assert any(jumping in g["scenarios"] and "no Jumping Bean" in g["reason"] for g in groups)


@pytest.mark.slow
def test_claimed_options_leave_scenarios_out_without_asking(tmp_path):
    run = conform(tmp_path, "--impl", fake("v2_limited"), CORPUS / "base" / "setup", CORPUS / "base" / "jumping-bean",
                  env=child_env(FAKE_CLAIM_OPTIONS="1"))
    assert run.rc == 0, run
    message = run.scenario("base/setup/jumping-game-has-104-cards-01")["message"]
    assert "beans=jumping" in message and "garden" in message
    # Every game with a Jumping Bean says so (options: {beans: jumping}): none reaches the engine.
    jumping = {sid for sid, v in run.verdicts.items() if v == "not-applicable"}
    assert {sid for sid in run.verdicts if sid.startswith("base/jumping-bean/")} <= jumping
    assert all("needs option beans=jumping" in g["reason"] for g in run.report["not_tested"])


@pytest.mark.slow
def test_claims_naming_nothing_the_rules_know_are_warned_about(tmp_path):
    run = conform(tmp_path, "--impl", fake("v2_limited"), "-k", "five-players-get-two-fields",
                  env=child_env(FAKE_CLAIM_OPTIONS="misspelt"))
    assert "warning: the engine claims option 'bean', which the rules do not have (did you mean 'beans'?)" \
        in run.err, run.err
    assert "warning: the engine claims beans='gardn', which is not a value of beans (did you mean 'garden'?)" \
        in run.err, run.err


def test_misspelt_capabilities_are_warned_about_and_what_is_not_compared_is_said(tmp_path):
    # Round 80's engine author: `ruleIds` and `event` were read as claims of the engine's own,
    # and a run comparing neither rule ids nor events ended green without a word.
    run = conform(tmp_path, "--impl", fake("no_rule_ids"), "-k", "five-players-get-two-fields",
                  env=child_env(FAKE_OMIT_CLAIMS="camel"))
    assert "warning: the engine claims 'ruleIds', which is no capability (did you mean 'rule_ids'?)" in run.err, run.err
    assert "warning: the engine claims 'event', which is no capability (did you mean 'events'?)" in run.err, run.err
    assert "NOT COMPARED in any scenario: the rule ids of rejections" in run.out and "events of actions" in run.out
    assert run.report["not_compared"] == ["rule_ids", "events"]
    # ... and an engine claiming both is told nothing of it
    assert R.not_compared({"rule_ids": True, "events": True}) == []
    assert R.claim_warnings({"modules": ["base"], "x-my-own": True}, 2) == []


def test_an_option_two_modules_declare_takes_the_values_of_both():
    """`layout` is Dschingis Bohn's (random, beginner) and Bohnaparte's (given, pyramid5,
    pyramid6): a Bohnaparte engine's claim of its own values is not warned about."""
    claims = {"modules": ["base", "bohnaparte"], "options": {"layout": ["given", "pyramid5", "pyramid6"]}}
    assert R.claim_warnings(claims, 2) == []
    (warning,) = R.claim_warnings({"options": {"layout": ["pyramid7"]}}, 2)
    assert warning.startswith("the engine claims layout='pyramid7', which is not a value of layout")
    assert all(v in warning.split("its values: ")[1].split(", ")
               for v in ("random", "beginner", "given", "pyramid5", "pyramid6"))


def test_a_scenario_naming_the_war_part_is_played_by_an_engine_claiming_its_game(tmp_path):
    """`war` comes with either war game, claimed or not (PROTOCOL.md): a scenario that names it,
    as `bohnspec fuzz` writes them, is not left out as not applicable."""
    source = CORPUS / "dschingis" / "combat" / "forest-floor-17-01.yaml"
    text = source.read_text(encoding="utf-8").replace("modules: [base, dschingis]", "modules: [base, dschingis, war]")
    assert "war]" in text
    path = tmp_path / "dschingis" / "combat" / "forest-floor-17-01.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    selection = R.select([tmp_path], None, None, ["base", "dschingis"])
    assert [sc.id for sc in selection.scenarios] == ["dschingis/combat/forest-floor-17-01"]
    assert R.select([tmp_path], None, None, ["base"]).skipped[0][1] == R.NOT_APPLICABLE


def test_an_unsupported_reply_without_a_reason_is_a_protocol_error(tmp_path):
    run = conform(tmp_path, "--impl", fake("v2_limited"), "-k", "jumping-game-has-104",
                  env=child_env(FAKE_WRONG_UNSUPPORTED="1"))
    assert run.rc == 1
    assert run.verdicts == {"base/setup/jumping-game-has-104-cards-01": "protocol-error"}


# ------------------------------------------------------------ version 1

def test_a_version_1_engine_is_played_with_version_1_only(tmp_path):
    run = conform(tmp_path, "--impl", fake("v2_version_one"), CORPUS / "base" / "setup")
    assert run.rc == 0, run
    check_reports(run)
    assert run.report["protocol"] == 1
    assert run.verdicts["base/setup/six-players-refused-01"] == "not-applicable"
    assert "protocol 2" in run.scenario("base/setup/six-players-refused-01")["message"]
    assert run.verdicts["base/setup/five-players-get-two-fields-01"] == "passed"


@pytest.mark.slow
def test_unsupported_from_a_version_1_engine_is_a_protocol_error(tmp_path):
    run = conform(tmp_path, "--impl", fake("v2_version_one"), "-k", "five-players-get-two-fields",
                  env=child_env(FAKE_UNSUPPORTED="1"))
    assert run.rc == 1
    assert list(run.verdicts.values()) == ["protocol-error"]


@pytest.mark.slow
def test_an_unknown_version_fails_the_handshake(tmp_path):
    run = conform(tmp_path, "--impl", fake("v2_version_one"), "-k", "five-players-get-two-fields",
                  env=child_env(FAKE_VERSION="3"))
    assert run.rc == 1
    assert "protocol 3" in run.err and list(run.verdicts.values()) == ["protocol-error"]


def test_serve_answers_the_version_offered():
    lines = "\n".join(json.dumps(m) for m in (
        {"id": 1, "type": "hello", "protocol": 2},
        {"id": 2, "type": "setup", "players": ["A", "B", "C", "D", "E", "F"], "deck": [], "modules": ["base"]},
    )) + "\n"
    replies = _serve(lines)
    assert replies[0]["protocol"] == 2 and replies[0]["capabilities"]["internal_state"] is True
    assert replies[1]["type"] == "rejected" and replies[1]["rule"] == "bohnanza/setup/1" and replies[1]["reason"]
    old = _serve(lines.replace('"protocol": 2', '"protocol": 1'))
    assert old[0]["protocol"] == 1 and "internal_state" not in old[0]["capabilities"]
    assert old[1]["type"] == "error"
    for reply in replies + old:
        assert S.schema_errors(reply, "protocol.schema.json") == [], reply


def _serve(text: str) -> list[dict]:
    proc = subprocess.run([PY, "-m", "bohnspec", "serve"], cwd=ROOT, env=child_env(), capture_output=True,
                          text=True, timeout=SAFETY, input=text)
    return [json.loads(line) for line in proc.stdout.splitlines()]


# ------------------------------------------------------------ malformed states

@pytest.mark.parametrize("field, path", [("coins", "state.players[0].coins"),
                                         pytest.param("phase", "state.phase", marks=pytest.mark.slow)])
def test_a_malformed_state_is_a_protocol_error_naming_the_field(tmp_path, field, path):
    run = conform(tmp_path, "--impl", fake("v2_malformed_state"), "-k", "lone-bean-protected-01",
                  env=child_env(FAKE_BAD_FIELD=field))
    assert run.rc == 1
    sc = run.scenario("base/bean-protection/lone-bean-protected-01")
    assert sc["verdict"] == "protocol-error"
    assert f"at {path}:" in sc["message"], sc["message"]


# ------------------------------------------------------------ the runner, in process

class Claiming(InProcess):
    """The reference, claiming what it is told to."""

    def __init__(self, **claims):
        super().__init__()
        self.capabilities = {**InProcess.capabilities, **claims}


def scenario(tmp_path, text: str) -> S.Scenario:
    data = __import__("yaml").safe_load(text)
    return S.load(write(tmp_path / (data["id"].split("/")[-1] + ".yaml"), text))


PROTECTED = """\
id: t/lone-bean-01
title: t
cites: [bohnanza/bean-protection/1]
modules: [base]
state:
  players:
    - {name: Nina, fields: [[red], [blue*3], []]}
    - {name: Timon}
    - {name: Keno}
  active: Timon
  phase: trade
steps:
  - do: {type: harvest, player: Nina, field: 1}
    expect:
      rejected: REJECTED
"""


def test_a_rejection_may_cite_any_listed_paragraph(tmp_path):
    ok = scenario(tmp_path, PROTECTED.replace("REJECTED", "[bohnanza/harvest/1, bohnanza/bean-protection/1]"))
    assert R.run_scenario(InProcess(), ok).verdict == R.PASSED
    bad = scenario(tmp_path, PROTECTED.replace("REJECTED", "[bohnanza/harvest/1, bohnanza/harvest/2]"))
    v = R.run_scenario(InProcess(), bad)
    assert v.verdict == R.FAILED
    problem = v.steps[0].problems[0]
    assert "expected 'bohnanza/harvest/1' or 'bohnanza/harvest/2'" in problem
    assert v.steps[0].reason  # the engine's reason text goes with the verdict
    assert v.to_json()["failed_steps"][0]["rejected"]["rule"] == "bohnanza/bean-protection/1"


class NoRule(InProcess):
    def apply(self, action):
        reply = super().apply(action)
        if not reply["accepted"]:
            reply["rule"] = None
        return reply


def test_a_rejection_without_a_rule_prints_plainly(tmp_path):
    sc = scenario(tmp_path, PROTECTED.replace("REJECTED", "bohnanza/bean-protection/1")
                  .replace("expect:\n      rejected: bohnanza/bean-protection/1", "expect: {}"))
    v = R.run_scenario(NoRule(), sc)
    assert v.verdict == R.FAILED
    assert "the action was rejected: " in v.steps[0].problems[0] and "None" not in v.steps[0].problems[0]


EVENTS = """\
id: t/events-01
title: t
cites: [bohnanza/harvest/1]
modules: [base]
state:
  players:
    - {name: Nina, fields: [[blue*4], [], []]}
    - {name: Timon}
    - {name: Keno}
  active: Timon
  phase: trade
steps:
  - do: {type: harvest, player: Nina, field: 1}
    expect:
      EXPECT
"""


@pytest.mark.parametrize("expect, verdict", [
    ("no_events: [{event: game_over}]", R.PASSED),
    ("no_events: [{event: harvested, player: Nina}]", R.FAILED),
    ("exact_events: [{event: harvested, player: Nina, coins: 1}]", R.PASSED),
    ("exact_events: [{event: harvested, player: Nina}, {event: game_over}]", R.FAILED),
    ("exact_events: []", R.FAILED),
])
def test_no_events_and_exact_events(tmp_path, expect, verdict):
    v = R.run_scenario(InProcess(), scenario(tmp_path, EVENTS.replace("EXPECT", expect)))
    assert v.verdict == verdict, v.steps


def test_internal_variables_are_compared_only_when_claimed(tmp_path):
    text = EVENTS.replace("EXPECT", "state: {vars: {planted: 7, exhaustions: 0}}")
    sc = scenario(tmp_path, text)
    assert R.run_scenario(Claiming(internal_state=False), sc).verdict == R.PASSED
    v = R.run_scenario(Claiming(internal_state=True), sc)
    assert v.verdict == R.FAILED and "state.vars.planted" in v.steps[0].problems[0]
    wrong = scenario(tmp_path, EVENTS.replace("EXPECT", "state: {vars: {exhaustions: 2}}"))
    assert R.run_scenario(Claiming(internal_state=False), wrong).verdict == R.FAILED  # normative stays


def test_internal_variables_come_from_the_spec():
    spec = InProcess().engine(["base", "bohnroeschen"]).spec
    internal = R.internal_vars(spec)
    assert {"planted", "offer_from", "offer_to", "offer_give", "offer_get"} <= internal
    assert not internal & {"exhaustions", "choice", "chooser", "vine_pos", "in_castle"}


def test_internal_marker_in_the_language():
    from bohnspec.language.compile import compile_text
    rules = compile_text("module m\ninternal var tally: int = 0 cites ruling/x\nvar shown: int = 0 cites ruling/x\n", "t")
    decls = {d.name: d for d in rules.decls}
    assert decls["tally"].internal is True and decls["shown"].internal is False


REFUSED = """\
id: t/refused-01
title: t
cites: [bohnanza/setup/1]
modules: [base]
setup:
  players: PLAYERS
  beans: garden
  deck: [blue*20, fire*18, broad*16, green*14, soy*12, black_eyed*10, red*8, garden*6]
refused: RULES
"""


@pytest.mark.parametrize("players, rules, verdict, broken", [
    ("[A, B, C, D, E, F]", "[bohnanza/setup/3, bohnanza/setup/1]", R.PASSED, False),
    # the reference answers setup/1, under a declaration that cites setup/3 too
    ("[A, B, C, D, E, F]", "bohnanza/setup/3", R.PASSED, False),
    ("[A, B, C, D, E, F]", "bohnanza/phase-2/4", R.ERRORED, True),  # a paragraph the declaration does not cite
    ("[A, B, C]", "bohnanza/setup/1", R.ERRORED, True),  # the rules set this game up
])
def test_refused_setups(tmp_path, players, rules, verdict, broken):
    sc = scenario(tmp_path, REFUSED.replace("PLAYERS", players).replace("RULES", rules))
    v = R.run_scenario(InProcess(), sc)
    assert (v.verdict, v.broken) == (verdict, broken), v.message


def test_a_refused_scenario_has_no_steps(tmp_path):
    text = REFUSED.replace("PLAYERS", "[A, B, C, D, E, F]").replace("RULES", "bohnanza/setup/1") + \
        "steps:\n  - expect: {state: {over: false}}\n"
    with pytest.raises(S.ScenarioError, match="refused"):
        scenario(tmp_path, text)


# ------------------------------------------------------------ -k, the corpus walk, replay

def test_k_leaves_out_files_before_reading_them(tmp_path):
    folder = tmp_path / "corpus"
    write(folder / "t" / "good-01.yaml", EVENTS.replace("t/events-01", "t/good-01")
          .replace("EXPECT", "state: {over: false}"))
    write(folder / "t" / "broken-01.yaml", "id: t/broken-01\ntitle: [unclosed\n")
    selection = R.select([folder], None, "good")
    assert [sc.id for sc in selection.scenarios] == ["t/good-01"] and selection.broken == []
    assert "t/broken-01" in selection.all_ids  # still known to exist (for known-failure lists)
    assert len(R.select([folder], None, None).broken) == 1


def test_the_corpus_walk_finds_every_scenario():
    walked = S.corpus()
    assert len(walked) == len(S.scenario_files([CORPUS]))
    assert all(isinstance(sc, S.Scenario) for _, sc in walked)


@pytest.mark.slow
def test_replay_names_the_file_from_the_checkout(tmp_path):
    run = conform(tmp_path, "--impl", DEVIANT, "-k", "beanometer-blue-1-and-2", env=child_env(FAKE_DEVIATION="beanometer"))
    replay = next(line for line in run.out.splitlines() if "replay:" in line)
    assert " conformance/scenarios/base/harvest/beanometer-blue-1-and-2-coins-01.yaml " in replay


def test_the_winners_rule_may_not_read_an_internal_variable(tmp_path):
    from bohnspec.language.check import check_files
    rules = write(tmp_path / "secret.bohn", "module secret requires base\n"
                  "internal var tally: int per player = 0 cites ruling/one-offer\n"
                  "winners by p: p.tally cites bohnanza/end/3\n")
    diagnostics, _ = check_files([rules])
    assert any("reads 'tally', an internal variable" in str(d) for d in diagnostics), diagnostics


def test_replay_of_the_installed_corpus_from_elsewhere_needs_no_path(tmp_path, monkeypatch):
    from bohnspec.tools.cli import _replay_path
    corpus_file = CORPUS / "base" / "harvest" / "beanometer-blue-3-coins-01.yaml"
    monkeypatch.chdir(tmp_path)  # not inside the checkout: the corpus is reached as the default
    assert _replay_path(str(corpus_file)) == ""
    mine = write(tmp_path / "mine" / "x-01.yaml", "id: mine/x-01\n")
    assert _replay_path(str(mine)) == "mine/x-01.yaml "
    monkeypatch.chdir(ROOT)
    assert _replay_path(str(corpus_file)) == "conformance/scenarios/base/harvest/beanometer-blue-3-coins-01.yaml "


def test_a_state_with_a_card_its_options_leave_in_the_box_is_refused(tmp_path):
    sc = scenario(tmp_path, EVENTS.replace("[blue*4], [], []]", "[jumping*2], [], []]")
                  .replace("EXPECT", "state: {over: false}"))
    with pytest.raises(S.ScenarioError, match="options") as info:
        S.build_state(InProcess().engine(["base"]), sc)
    assert info.value.path == "state.options"
    fixed = scenario(tmp_path, EVENTS.replace("[blue*4], [], []]", "[jumping*2], [], []]")
                     .replace("  phase: trade", "  phase: trade\n  options: {beans: jumping}")
                     .replace("EXPECT", "state: {over: false}"))
    S.build_state(InProcess().engine(["base"]), fixed)


# ------------------------------------------------------------ a user's findings (review)

def test_a_broken_scenario_is_replayed_by_its_path_alone(tmp_path):
    # Its id does not match its file's name, so the id is unknown: `-k PATH` would match nothing.
    sc = write(tmp_path / "x.yaml", TWO_BLUE_HARVESTS)
    run = conform(tmp_path / "report", sc, reports=False)
    assert run.rc == 2, run
    replay = run.out.split("replay: ")[1].splitlines()[0]
    assert "-k" not in replay, replay
    again = subprocess.run([PY, "-m", "bohnspec", *shlex.split(replay)[1:]], cwd=ROOT, env=child_env(),
                           capture_output=True, text=True, timeout=SAFETY)
    assert again.returncode == 2 and "BUG IN SCENARIO" in again.stdout
    assert "no scenario matched" not in again.stderr


def test_isolate_names_the_paragraphs_that_decide_the_differing_value(tmp_path):
    sc = write(tmp_path / "twice" / "two-blue-harvests-01.yaml", TWO_BLUE_HARVESTS)
    run = conform(tmp_path, "--impl", DEVIANT, "--isolate", sc, env=child_env(FAKE_DEVIATION="beanometer"))
    assert run.rc == 1, run
    check_reports(run)
    for step in run.scenario("twice/two-blue-harvests-01")["failed_steps"]:
        # The Beanometer (harvest/2), not only the harvest action's own clause.
        assert "bohnanza/harvest/2" in step["paragraphs"], step
    decided = [line for line in run.out.splitlines() if "decided by:" in line]
    assert len(decided) == 2 and all("bohnanza/harvest/2" in line for line in decided), run.out


def test_all_matched_scenarios_not_applicable_is_said_so(tmp_path):
    run = conform(tmp_path, "--impl", fake("v2_limited"), "-k", "jumping", env=child_env(FAKE_CLAIM_OPTIONS="1"))
    assert run.rc == 2, run
    assert "none of the" not in run.err and "no scenario matched" not in run.err
    n = len(run.report["scenarios"])
    assert n > 0 and f"all {n} matched scenario(s) were not applicable" in run.err
    assert "--allow-empty" in run.err


def test_not_tested_merges_one_reason_given_to_several_requests(tmp_path):
    run = conform(tmp_path, "--impl", fake("v2_limited"), "-k", "jumping")
    lines = [line for line in run.out.splitlines() if line.startswith("NOT TESTED")]
    reasons = {g["reason"] for g in run.report["not_tested"]}
    assert len(reasons) >= 2, reasons  # the JSON keeps them apart, by request
    assert len(lines) == 1, lines
    assert "(load, setup)" in lines[0] or "(setup, load)" in lines[0], lines
    assert f"{len(run.report['scenarios'])} scenario(s)" in lines[0]


def test_the_summary_says_1_scenario(tmp_path):
    sc = write(tmp_path / "twice" / "two-blue-harvests-01.yaml", TWO_BLUE_HARVESTS)
    run = conform(tmp_path, sc, reports=False)
    assert "(1 scenario in " in run.out, run


def test_a_failed_scenario_has_a_message_and_0_based_steps_in_json(tmp_path):
    sc = write(tmp_path / "twice" / "two-blue-harvests-01.yaml", TWO_BLUE_HARVESTS)
    run = conform(tmp_path, "--impl", DEVIANT, sc, env=child_env(FAKE_DEVIATION="beanometer"))
    assert run.rc == 1, run
    check_reports(run)
    s = run.scenario("twice/two-blue-harvests-01")
    assert s["message"].startswith("step 1: ") and "coins" in s["message"] and len(s["message"]) <= 300
    assert s["failed_steps"][0]["index"] == 0 and "step 1:" in run.out


def test_unsupported_from_a_version_1_engine_says_it_is_a_protocol_2_reply(tmp_path):
    run = conform(tmp_path, "--impl", fake("v2_version_one"), "-k", "five-players-get-two-fields",
                  env=child_env(FAKE_UNSUPPORTED="1"))
    assert run.rc == 1, run
    message = run.report["scenarios"][0]["message"]
    assert "`unsupported` is a protocol-2 reply" in message and "protocol 1" in message, message


def test_with_isolate_a_failed_step_stands_when_a_later_one_is_unsupported(tmp_path):
    # The engine earns no coin for four Blue Beans (a wrong rule), then has no answer for the
    # second step's load: the scenario stays failed, with the first step's difference.
    from bohnspec.conformance.protocol import EngineUnsupported

    class Wrong(InProcess):
        def apply(self, action):
            reply = super().apply(action)
            for p in reply["state"]["players"]:
                p["coins"] = []
            return reply

        def load(self, state):
            raise EngineUnsupported("load", "this engine cannot be loaded mid-game")

    sc = S.load(write(tmp_path / "twice" / "two-blue-harvests-01.yaml", TWO_BLUE_HARVESTS), root=tmp_path)
    verdict = R.run_scenario(Wrong(), sc, isolate=True)
    assert verdict.verdict == R.FAILED
    assert not verdict.steps[0].ok and "coins" in " ".join(verdict.steps[0].problems)
    assert "did not support a later step" in verdict.message
    # Unsupported before anything failed: not applicable, as before.
    class Limited(InProcess):
        def load(self, state):
            raise EngineUnsupported("load", "no mid-game loads")
    assert R.run_scenario(Limited(), sc, isolate=True).verdict == R.NOT_APPLICABLE


PLANT_ONE = """\
id: internal/plant-counts-01
title: Planting the foremost card counts one plant
cites: [bohnanza/phase-1/1]
modules: [base]
state:
  players:
    - {name: Nina, hand: [blue, red], fields: [[], [], []]}
    - {name: Timon}
    - {name: Keno}
steps:
  - do: {type: plant, player: Nina, field: 1}
    expect:
      state:
        vars: {planted: 1}
"""


@pytest.mark.parametrize("version, verdict", [(1, R.PASSED), (2, R.FAILED)])
def test_internal_state_is_a_version_2_claim(tmp_path, version, verdict):
    # An engine that keeps `planted` wrongly and claims internal_state: compared on it only if
    # it speaks version 2 (version 1 has no such claim).
    class Counting(InProcess):
        def apply(self, action):
            reply = super().apply(action)
            reply["state"]["vars"]["planted"] = 7
            return reply

    adapter = Counting()
    adapter.version = version
    sc = S.load(write(tmp_path / "internal" / "plant-counts-01.yaml", PLANT_ONE), root=tmp_path)
    assert R.run_scenario(adapter, sc).verdict == verdict


def test_the_same_fault_in_many_scenarios_is_told_in_full_three_times(tmp_path):
    run = conform(tmp_path, "--impl", fake("v2_malformed_state"), CORPUS / "base" / "harvest",
                  env=child_env(FAKE_BAD_FIELD="coins"))
    assert run.rc == 1, run
    faulted = [sid for sid, v in run.verdicts.items() if v == "protocol-error"]
    assert len(faulted) > 5  # the JSON report keeps every verdict
    # Three told in full, then one line for the rest that names the fault (review round 34:
    # several groups' lines come together at the end, and each says which fault it counts).
    assert run.out.count("PROTOCOL ERROR base/harvest/") == 3
    line = next(x for x in run.out.splitlines() if x.startswith("PROTOCOL ERROR the other "))
    assert line.startswith(f"PROTOCOL ERROR the other {len(faulted) - 3} scenario(s), for the same kind of fault (")
    assert "is malformed" in line


def test_decided_by_names_only_the_books_the_game_plays():
    # The war module's turn-start income cites both expansions' paragraphs; a Dschingis game's
    # reader is sent to Dschingis Bohn (and to rulings), never to Bohnaparte, and the other way round.
    from types import SimpleNamespace

    from bohnspec.conformance.deciding import deciding_paragraphs
    from bohnspec.execution.interpret import Outcome, engine_for
    income = SimpleNamespace(name="turn_up_income", cites=("dschingis/landscapes/9", "bohnaparte/monastery/1",
                                                             "ruling/reshuffle-when-needed"))
    outcome = Outcome(None, [{"event": "income", "player": "P1"}], None, [(income,)])
    action = {"type": "draw", "player": "P1"}
    for modules, kept, dropped in ((["dschingis"], "dschingis/landscapes/9", "bohnaparte/monastery/1"),
                                   (["bohnaparte"], "bohnaparte/monastery/1", "dschingis/landscapes/9")):
        spec = engine_for(modules).spec
        found = deciding_paragraphs(spec, action, outcome, {"income"})
        assert kept in found and "ruling/reshuffle-when-needed" in found and dropped not in found, found


def test_decided_by_puts_first_the_paragraphs_of_the_event_the_engine_got_wrong():
    # A Jumping Bean harvest: the harvest's own paragraphs (eight of them) would fill the list
    # before the draft's, when it is the draft the engine reported otherwise.
    from types import SimpleNamespace

    from bohnspec.conformance.deciding import LIMIT, deciding_paragraphs
    from bohnspec.execution.interpret import Outcome, engine_for
    harvest = SimpleNamespace(name="harvest_coins", cites=tuple(f"bohnanza/harvest/{n}" for n in range(2, 10)))
    draft = SimpleNamespace(name="harvest_jumping", cites=("bohnanza/jumping-bean/3",))
    harvested = {"event": "harvested", "player": "P1"}
    started = {"event": "draft_started", "owner": "P1", "cards": ["red"]}
    outcome = Outcome(None, [harvested, started], None, [(harvest,), (draft,)])
    spec = engine_for(["base"]).spec
    action = {"type": "harvest", "player": "P1", "field": 1}
    found = deciding_paragraphs(spec, action, outcome, {"harvested", "draft_started"}, theirs=[harvested])
    assert found[0] == "bohnanza/jumping-bean/3" and len(found) == LIMIT, found
    # Reported alike by the engine, it is not the one to look at first.
    found = deciding_paragraphs(spec, action, outcome, {"harvested", "draft_started"}, theirs=[harvested, started])
    assert found[0] == "bohnanza/harvest/2", found


def test_decided_by_sends_a_misreported_draw_to_the_draw_not_to_the_beans_beanometer():
    # Round 84's engine authors: a `drew` misspelt sent them to the Fire Bean's Beanometer
    # (bohnanza/harvest/3, ruling/beanometers); a bean's table decides only what an event counts.
    from types import SimpleNamespace

    from bohnspec.conformance.deciding import deciding_paragraphs
    from bohnspec.execution.interpret import Outcome, engine_for
    draw = SimpleNamespace(name="draw", cites=("bohnanza/phase-4/1",))
    drew = {"event": "drew", "player": "P1", "card": "fire"}
    spec = engine_for(["base"]).spec
    action = {"type": "draw", "player": "P1"}
    found = deciding_paragraphs(spec, action, Outcome(None, [drew], None, [(draw,)]), {"drew"}, theirs=[])
    assert found == ["bohnanza/phase-4/1"], found
    meter = spec.varieties["fire"].cites
    harvested = {"event": "harvested", "player": "P1", "field": 1, "variety": "fire", "cards": 3, "coins": 1}
    harvest = SimpleNamespace(name="harvest_coins", cites=("bohnanza/harvest/2",))
    found = deciding_paragraphs(spec, {"type": "harvest", "player": "P1", "field": 1},
                                Outcome(None, [harvested], None, [(harvest,)]), {"harvested"}, theirs=[])
    assert any(c in found for c in meter), (found, meter)


def test_keys_of_the_engines_own_are_neither_refused_nor_compared(tmp_path):
    # PROTOCOL.md allows keys a game does not have (a turn counter, a log); round 41's
    # implementer found them refused as malformed card zones, failing every scenario.
    run = conform(tmp_path, "--impl", fake("own_keys"), "-k", "base/bean-protection/*")
    assert run.rc == 0, run
    assert run.verdicts and set(run.verdicts.values()) == {"passed"}, run.verdicts


def test_keys_an_engine_never_returns_are_said_though_scenarios_pass(tmp_path):
    # Round 84's engine author: an engine returning no `phase` in any state passed 363 base
    # scenarios with no word that its states were incomplete.
    run = conform(tmp_path, "--impl", fake("leaves_keys_out"), "-k", "base/harvest/*")
    assert "NEVER RETURNED in any state of the engine's: `phase`, `players[].received`" in run.out, run.out
    assert run.report["never_returned"] == ["phase", "players[].received"]
    assert run.report["summary"]["passed"] > 0
    # ... and a state that loses cards by leaving their place out is told so, not only that a
    # card is missing
    run = conform(tmp_path, "--impl", fake("leaves_keys_out"), "-k", "base/phase-3/*")
    assert "it has no `players[" in run.out and "return the state complete" in run.out, run.out
    # ... and named beside a key of the engine's own near it
    run = conform(tmp_path, "--impl", fake("leaves_keys_out"), "-k", "base/phase-3/*",
                  env=child_env(FAKE_RENAME_DISCARD="1"))
    assert "it has no `discard`" in run.out and \
        "(the engine's own key 'discardPile' is beside it: did it mean 'discard'?)" in run.out, run.out
    complete = conform(tmp_path, "--impl", fake("own_keys"), "-k", "base/harvest/*")
    assert "NEVER RETURNED" not in complete.out and "never_returned" not in complete.report


def test_keys_of_states_the_engine_declined_are_not_said_never_returned(tmp_path):
    # Round 90's outside engine answered `unsupported` to every game but the base game's: the
    # keys of those states (`board`, `players[].cart`) were said never returned, with the
    # advice to return every state complete.
    run = conform(tmp_path, "--impl", fake("declines_expansions"), CORPUS / "base" / "harvest", CORPUS / "dschingis" / "combat")
    assert run.report["summary"]["passed"] > 0 and run.report["summary"]["not_applicable"] > 0, run.report["summary"]
    assert "NEVER RETURNED" not in run.out and "never_returned" not in run.report, run.out
