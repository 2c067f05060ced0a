"""The corpus against deliberately wrong engines: each must fail, and fail where it is wrong.

Every fake in tests/fakes/wrong_*.py is the reference interpreter with one kind of wrong
answer bent into its replies (events reordered or dropped, a coin too many, no refusals,
neighbouring rule ids, a state key missing, hands reversed, refusals that change the state).
A runner whose matchers have gone loose lets such an engine pass, which no run against the
reference interpreter can notice.

The default run plays six scenarios chosen so that every fake fails some and passes others
(which shows it is otherwise the reference, so the failures are its bend's). Under `-m slow`
every other scenario of the corpus (in the order of their files) runs through each fake, with
the failures predicted from the scenarios' own expectations; BOHNSPEC_WRONG_ENGINES_WHOLE=1 runs
the whole corpus (eight fakes over five thousand scenarios through the protocol took three
minutes of CI's fifteen by round 93).
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from bohnspec.conformance import scenario as S
from bohnspec.execution.state import expand_cards

import helpers

ROOT = Path(__file__).resolve().parent.parent
FAKES = Path(__file__).resolve().parent / "fakes"
CORPUS = ROOT / "conformance" / "scenarios"
SAFETY = 120  # seconds: a run that takes anywhere near this long has hung

LONE_BEAN = "base/bean-protection/lone-bean-protected-01"        # a refusal, then harvests (discard)
THIRD_PLANT = "base/phase-1/third-plant-rejected-01"             # refusals of a third planting
DRAW_THREE = "base/phase-4/draw-three-in-order-01"               # four events in order; a hand in order
RESHUFFLE = "base/empty-draw-pile/exhausted-and-reshuffled-events-01"  # six events; discard: []
BLUE_COINS = "base/harvest/beanometer-blue-1-and-2-coins-01"     # harvests paying 0, 1 and 2 coins
NOTHING = "base/harvest/harvest-earning-nothing-01"              # a harvest paying nothing
SUBSET = [LONE_BEAN, THIRD_PLANT, DRAW_THREE, RESHUFFLE, BLUE_COINS, NOTHING]

# fake -> (the scenarios of SUBSET it must fail, a text one of each failure's problems holds).
# The others must pass.
WRONG = {
    "wrong_event_order": ({DRAW_THREE, RESHUFFLE}, "in this order"),
    "wrong_dropped_event": ({DRAW_THREE, RESHUFFLE}, "events[0]"),
    "wrong_spurious_coin": ({BLUE_COINS, NOTHING, LONE_BEAN}, "coins"),
    "wrong_accepts_all": ({LONE_BEAN, THIRD_PLANT}, "expected a rejection"),
    "wrong_rule_id": ({LONE_BEAN, THIRD_PLANT}, "rejected with rule"),
    "wrong_missing_key": ({LONE_BEAN, RESHUFFLE, BLUE_COINS, NOTHING}, "state.discard"),
    "wrong_hand_order": ({DRAW_THREE, RESHUFFLE}, "hand"),
    "wrong_rejection_changes_state": ({LONE_BEAN, THIRD_PLANT}, "changed the state"),
}


REFERENCE = "reference"  # `bohnspec serve`, the engine every fake bends


child_env = helpers.child_env


def impl(name: str) -> str:
    return f"{shlex.quote(sys.executable)} {shlex.quote(str(FAKES / (name + '.py')))}"


def command(engine: str, report: Path, *args) -> list[str]:
    """`bohnspec conform --impl ENGINE --json REPORT ARGS`."""
    return [sys.executable, "-m", "bohnspec", "conform", "-q", "--impl", engine, "--json", str(report),
            *map(str, args)]


def finish(proc: subprocess.Popen, report: Path) -> tuple[int, dict, str]:
    """Exit code, JSON report and output of a conform run."""
    try:
        out, err = proc.communicate(timeout=SAFETY)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert report.exists(), out + err
    return proc.returncode, json.loads(report.read_text(encoding="utf-8")), out + err


def scenario_path(sid: str) -> Path:
    return CORPUS / f"{sid}.yaml"


def verdicts(report: dict) -> dict[str, str]:
    return {s["id"]: s["verdict"] for s in report["scenarios"]}


def failed(report: dict) -> set[str]:
    return {s["id"] for s in report["scenarios"] if s["verdict"] != "passed"}


def conform_all(tmp: Path, names: list[str], paths: list[Path]) -> dict[str, tuple[int, dict, str]]:
    """Each engine (a fake, or the reference) over the same scenarios, as many at once as there
    are processors: name -> exit code, JSON report and output."""
    waiting, running, done = list(names), {}, {}
    try:
        while waiting or running:
            while waiting and len(running) < max(1, os.cpu_count() or 1):
                name = waiting.pop(0)
                engine = f"{shlex.quote(sys.executable)} -m bohnspec serve" if name == REFERENCE else impl(name)
                report = tmp / f"{name}.json"
                running[name] = (subprocess.Popen(command(engine, report, *paths), cwd=ROOT, env=child_env(),
                                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True), report)
            name = next(iter(running))
            done[name] = finish(*running.pop(name))
        return done
    finally:
        for proc, _ in running.values():
            if proc.poll() is None:
                proc.kill()
                proc.communicate()


@pytest.fixture(scope="module")
def subset_runs(tmp_path_factory):
    return conform_all(tmp_path_factory.mktemp("wrong-engines"), [REFERENCE, *sorted(WRONG)],
                       [scenario_path(sid) for sid in SUBSET])


def test_the_subset_passes_against_the_reference_through_the_protocol(subset_runs):
    """The baseline: what the fakes fail, the reference they wrap passes."""
    rc, report, out = subset_runs[REFERENCE]
    assert rc == 0, out
    assert verdicts(report) == {sid: "passed" for sid in SUBSET}


@pytest.mark.parametrize("fake", sorted(WRONG))
def test_a_wrong_engine_fails_where_it_is_wrong(subset_runs, fake):
    must_fail, text = WRONG[fake]
    rc, report, out = subset_runs[fake]
    assert rc == 1, out
    assert report["summary"]["failed"] > 0
    assert verdicts(report) == {sid: "failed" if sid in must_fail else "passed" for sid in SUBSET}, out
    for s in report["scenarios"]:
        if s["id"] in must_fail:
            # (a state that is wrong from the start, a load's reply, fails before any step)
            said = [*s.get("failed_step", {}).get("problems", []), s.get("message") or ""]
            assert any(text in p for p in said), (s["id"], s.get("failed_step"), s.get("message"))


# ------------------------------------------------------------ the whole corpus

def _expected_states(sc: S.Scenario):
    return [step.expect["state"] for step in sc.steps if isinstance(step.expect.get("state"), dict)]


def refuses_an_action(sc: S.Scenario) -> bool:
    return any("rejected" in step.expect for step in sc.steps)


def refuses(sc: S.Scenario) -> bool:
    """An action or the setup itself."""
    return refuses_an_action(sc) or getattr(sc, "refused", None) is not None


def expects_discard(sc: S.Scenario) -> bool:
    return any("discard" in state for state in _expected_states(sc))


def expects_an_ordered_hand(sc: S.Scenario) -> bool:
    """Some expected hand that reads differently back first."""
    for state in _expected_states(sc):
        for player in (state.get("players") or {}).values():
            hand = expand_cards(player.get("hand") or []) if isinstance(player, dict) else []
            if hand != hand[::-1]:
                return True
    return False


def expects_events(sc: S.Scenario, at_least: int = 1) -> bool:
    return any(len(step.expect.get(key) or []) >= at_least for step in sc.steps for key in ("events", "exact_events"))


def _refusals(sc: S.Scenario) -> list[list[str]]:
    """The rule lists of the scenario's refusals (of actions and of its setup)."""
    out = [S.rules_of(step.expect["rejected"]) for step in sc.steps if "rejected" in step.expect]
    if getattr(sc, "refused", None) is not None:
        out.append(list(sc.refused))
    return out


def _neighbour(rule: str) -> str:
    """The rule tests/fakes/wrong_rule_id.py cites instead of `rule`."""
    head, _, last = rule.rpartition("/")
    return f"{head}/{int(last) + 1}" if last.isdigit() else f"{rule}/2"


def refuses_beyond_neighbours(sc: S.Scenario) -> bool:
    """A refusal whose listed rules hold none's neighbour, nor does any clause that refuses the
    action in the reference (whose citations the runner takes as fair too): citing the
    neighbour of whichever the reference cites fails it."""
    from bohnspec.conformance import runner as R
    from bohnspec.execution.interpret import engine_for
    engine = engine_for(sc.modules)
    if getattr(sc, "refused", None) is not None:
        # A refused setup: the runner takes every citation of the refusing declaration as fair.
        fair = set(sc.refused) | R._check_refusal(engine, sc)[1]
        try:
            S.build_state(engine, sc)
        except S.Refused as exc:
            return _neighbour(exc.rule) not in fair
        return True
    trace = None
    for index, step in enumerate(sc.steps):
        if "rejected" not in step.expect:
            continue
        rules = S.rules_of(step.expect["rejected"])
        if trace is None:
            trace = R.reference_trace(engine, sc)
        fair = set(rules) | trace.fair_rules(engine, sc, index, rules)
        outcome = trace.outcomes[index]
        # The fake shifts the reference's own answer, whichever listed id the scenario gives.
        theirs = outcome.rejection.rule if outcome is not None and outcome.rejection is not None else None
        if theirs is not None and _neighbour(theirs) not in fair:
            return True
    return False


def expects_exact_events(sc: S.Scenario) -> bool:
    return any(step.expect.get("exact_events") for step in sc.steps)


def nothing(sc: S.Scenario) -> bool:
    return False


def _played() -> list[Path]:
    """The corpus files the slow run plays: every other one, in the order of their paths, or all
    of them with BOHNSPEC_WRONG_ENGINES_WHOLE=1; the subset's always."""
    files = sorted(CORPUS.rglob("*.yaml"))
    if os.environ.get("BOHNSPEC_WRONG_ENGINES_WHOLE") == "1":
        return files
    chosen = {scenario_path(sid) for sid in SUBSET}
    return [f for k, f in enumerate(files) if k % 2 == 0 or f in chosen]


@pytest.fixture(scope="module")
def played():
    return _played()


@pytest.fixture(scope="module")
def corpus_by_id(played):
    ids = {str(f.relative_to(CORPUS).with_suffix("")) for f in played}
    return {sc.id: sc for sc in helpers.corpus() if sc.id in ids}


@pytest.fixture(scope="module")
def corpus_runs(tmp_path_factory, played):
    return conform_all(tmp_path_factory.mktemp("wrong-engines-corpus"), sorted(WRONG), played)


@pytest.mark.slow
@pytest.mark.parametrize("fake, must_fail, could_fail", [
    ("wrong_accepts_all", refuses_an_action, refuses_an_action),
    ("wrong_rule_id", refuses_beyond_neighbours, refuses),
    # (a discard pile left out loses its cards: wherever it holds any, since round 58 the
    # runner counts the cards of every state an engine returns)
    ("wrong_missing_key", expects_discard, lambda sc: True),
    ("wrong_hand_order", expects_an_ordered_hand, expects_an_ordered_hand),
    ("wrong_rejection_changes_state", refuses_an_action, refuses_an_action),
    ("wrong_event_order", nothing, lambda sc: expects_events(sc, at_least=2)),
    ("wrong_dropped_event", expects_exact_events, expects_events),
    # (a harvest the expectations do not show, the final one of a game an attack ends, makes up
    # its coin all the same: the runner's count of the cards finds it)
    ("wrong_spurious_coin", nothing, lambda sc: True),
])
def test_the_whole_corpus_fails_where_the_scenarios_say(corpus_runs, corpus_by_id, fake, must_fail, could_fail):
    """The scenarios a bend must fail, and those it can fail at all, are read off their
    expectations (where a bend shows only in some of the scenarios it touches, an event list
    reversed still matching an expectation of one event, say, the subset's own failures stand
    in): every one of the first fails, and none beyond the second."""
    rc, report, out = corpus_runs[fake]
    assert rc == 1, out
    assert set(verdicts(report).values()) <= {"passed", "failed"}, out
    got = failed(report)
    assert WRONG[fake][0] | {sid for sid, sc in corpus_by_id.items() if must_fail(sc)} <= got
    assert got <= {sid for sid, sc in corpus_by_id.items() if could_fail(sc)}


def test_an_engine_reporting_events_of_its_own_passes_exact_events(tmp_path):
    # An event no rule reports is outside the contract: exact_events leaves it out (a round-18
    # implementer's reading of SCENARIOS.md), while a dropped contract event still fails.
    ids = ["base/independent/r15-exact-events-of-a-trading-turn-five-players-01",
           "base/independent/r13-empty-reshuffle-at-reveal-then-refill-and-last-run-out-in-draw-01"]
    report = tmp_path / "report.json"
    proc = subprocess.Popen(command(impl("right_extra_events"), report, *map(scenario_path, ids)),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=child_env())
    code, data, out = finish(proc, report)
    assert code == 0 and set(verdicts(data).values()) == {"passed"}, out


def test_a_crash_shows_where_its_error_report_begins():
    # Round 43's JavaScript implementer: the last ten lines of a Node trace are the runtime's own
    # frames; the exception's message above them was cut off.
    from bohnspec.conformance.runner import stderr_excerpt
    node = "\n".join([*(f"log {i}" for i in range(20)), "/x/engine.js:3", "  null.boom;", "  ^", "",
                      "TypeError: Cannot read properties of null (reading 'boom')",
                      *(f"    at frame{i} (node:internal/x:{i})" for i in range(10)), "", "Node.js v20"])
    shown = stderr_excerpt(node).splitlines()
    assert shown[0].startswith("TypeError: Cannot read") and shown[-1] == "Node.js v20"
    assert stderr_excerpt("\n".join(f"log {i}" for i in range(50))).splitlines() == [f"log {i}" for i in range(40, 50)]
    # Round 94's outside engine logged its own error, its name first: the tail began below it
    logged = "\n".join([*(f"log {i}" for i in range(20)), "nodeeng: Error: deliberate crash",
                         *(f"    at frame{i} (node:internal/x:{i})" for i in range(10))])
    assert stderr_excerpt(logged).splitlines()[0] == "nodeeng: Error: deliberate crash"
    python = "\n".join(["Traceback (most recent call last):", *(f'  File "e.py", line {i}' for i in range(60)),
                        "KeyError: 'x'"])
    shown = stderr_excerpt(python).splitlines()
    assert len(shown) == 30 and shown[-1] == "KeyError: 'x'" and "lines left out" in shown[15]


def test_a_wrongly_refused_move_is_decided_by_what_allows_it_there(tmp_path):
    # Round 46's engine author: an end of phase 1 refused was "decided by bohnanza/end/1,
    # course-of-play/5, setup/5": what the phase 2 it opens does. What allows it there (its
    # grant: phase 1 may end with no card planted from an empty hand) comes before.
    report = tmp_path / "report.json"
    proc = subprocess.Popen(command(impl("wrong_refuses_end_phase"), report, "--isolate",
                                    scenario_path("base/phase-1/empty-hand-may-end-phase-1-01")),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=child_env())
    code, data, out = finish(proc, report)
    assert code == 1, out
    step = data["scenarios"][0]["steps"][0]
    assert step["paragraphs"][:3] == ["bohnanza/phase-4/1", "bohnanza/phase-1/6", "ruling/explicit-phase-end"], step


@pytest.mark.parametrize("fake, scenario, told", [
    # Round 80's engine author: a key or an event named otherwise is the engine's own to the
    # runner, set aside; the failure said only that the game's one was missing.
    ("wrong_missing_key", LONE_BEAN, "the engine's state has a key 'discardPile' of its own, set aside and never "
                                     "compared: did it mean 'discard'?"),
    ("wrong_dropped_event", DRAW_THREE, "the engine's reply has an event 'Drew' of its own, set aside and never "
                                        "compared: did it mean 'drew'?"),
])
def test_a_name_of_the_engines_own_near_a_missing_one_is_told(tmp_path, fake, scenario, told):
    report = tmp_path / "r.json"
    proc = subprocess.Popen(command(impl(fake), report, scenario_path(scenario)), cwd=ROOT,
                            env=child_env(FAKE_RENAME="1"), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    rc, data, out = finish(proc, report)
    assert rc == 1 and verdicts(data) == {scenario: "failed"}, out
    problems = [p for s in data["scenarios"] for step in s.get("steps", []) for p in step.get("problems", [])]
    assert told in problems, problems


def conform_one(tmp_path: Path, fake: str, name: str, text: str) -> subprocess.CompletedProcess:
    """`conform --impl FAKE` on one scenario of one's own, `mine/NAME` (its text without its id line)."""
    (tmp_path / "mine").mkdir(exist_ok=True)
    scenario = tmp_path / "mine" / f"{name}.yaml"
    scenario.write_text(f"id: mine/{name}\n{text}", encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "bohnspec", "conform", "--impl", impl(fake), str(scenario)],
                          capture_output=True, text=True, env=child_env(), timeout=120)


def test_a_first_step_failure_names_the_bookkeeping_the_scenarios_state_set(tmp_path):
    # Round 94's outside engine ignored a loaded `planted`; only --isolate's later steps said so.
    done = conform_one(tmp_path, "forgets_planted", "third-plant-01",
        "title: a third planting\ncites: [bohnanza/phase-1/3]\nmodules: [base]\n"
        "state:\n  players:\n    - {name: Timon, hand: [blue, blue], fields: [[blue, blue], []]}\n"
        "    - {name: Nina}\n    - {name: Keno}\n  phase: plant_hand\n  vars: {planted: 2}\n"
        "steps:\n  - do: {type: plant, player: Timon, field: 1}\n    expect:\n      rejected: bohnanza/phase-1/3\n")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "the scenario's state, loaded before this step, holds the rules' bookkeeping, to be taken as given: " \
           "vars.planted = 2" in done.stdout, done.stdout


def test_an_event_the_engine_adds_is_told_with_where_the_rules_raise_it(tmp_path):
    # round 95's outside engine: `reshuffled` where the rules reshuffle nothing; "decided by"
    # named only the combat, never the rules of the reshuffle
    done = conform_one(tmp_path, "reshuffles_too", "extra-event-01",
        "title: A harvest raises no reshuffle\ncites: [bohnanza/harvest/2]\nmodules: [base]\n"
        "state:\n  players:\n    - {name: Timon, hand: [blue], fields: [[soy, soy, soy], [green]]}\n"
        "    - {name: Nina}\n    - {name: Keno}\n  phase: plant_hand\n  draw_pile: [red, red]\n"
        "steps:\n  - do: {type: harvest, player: Timon, field: 1}\n    expect:\n"
        "      exact_events: [{event: harvested, player: Timon, field: 1}]\n")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "the rules emit 'reshuffled' at spec/base/" in done.stdout, done.stdout
    assert ", whose conditions do not hold here; they cite bohnanza/empty-draw-pile/1" in done.stdout, done.stdout
    assert "`bohnspec explain bohnanza/empty-draw-pile/1 --words`" in done.stdout, done.stdout
    decided = next(line for line in done.stdout.splitlines() if "decided by:" in line)
    assert decided.split("decided by: ")[1].startswith("bohnanza/empty-draw-pile/1"), done.stdout
