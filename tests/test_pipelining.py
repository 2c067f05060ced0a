"""Sending ahead (PROTOCOL.md, `pipelining`): an engine that claims it is sent a scenario's
start and all its steps at once, and an engine that does not is sent one request at a time;
a scenario that stops early leaves the next one its own replies; the next scenario's state,
made while the engine works, keeps its own errors; the states the runner checks skip no part
whose value could be wrong; `serve` answers on either engine."""

from __future__ import annotations

import subprocess

import pytest

from bohnspec.conformance.protocol import ProtocolAdapter, state_problem
from test_protocol import BLUE_IDS, CORPUS, PY, ROOT, SAFETY, SERVE, child_env, conform, fake
from test_protocol_v2 import DEVIANT, TWO_BLUE_HARVESTS, write

BLUE = [CORPUS / "base" / "harvest" / f"{sid.split('/')[-1]}.yaml" for sid in BLUE_IDS]


def test_an_engine_that_claims_pipelining_is_sent_the_steps_with_the_start(tmp_path):
    # The fake answers a load only once the request after it has come: one request at a time
    # would wait for nothing (a timeout).
    run = conform(tmp_path, "--impl", fake("pipelined"), "--timeout", "3", *BLUE)
    assert run.rc == 0, run.out
    assert set(run.verdicts.values()) == {"passed"}, run.out


def test_an_engine_that_does_not_claim_it_is_sent_one_request_at_a_time(tmp_path):
    # The fake answers `error` to a request that comes before the reply to the one before.
    run = conform(tmp_path, "--impl", fake("lockstep_only"), *BLUE)
    assert run.rc == 0, run.out
    assert set(run.verdicts.values()) == {"passed"}, run.out


def test_a_scenario_that_stops_at_a_failing_step_leaves_the_next_its_own_replies(tmp_path):
    # The first fails at its first step (a wrong Blue Beanometer) with its second step sent
    # already; the replies still owed are read and dropped, not taken for the next scenario's.
    failing = write(tmp_path / "twice" / "two-blue-harvests-01.yaml", TWO_BLUE_HARVESTS)
    passing = write(tmp_path / "twice" / "two-red-harvests-01.yaml",  # played after it (by id)
                    TWO_BLUE_HARVESTS.replace("twice/two-blue-harvests-01", "twice/two-red-harvests-01")
                    .replace("blue*4", "red*2").replace("coins: [blue]", "coins: [red]"))
    run = conform(tmp_path / "out", "--impl", DEVIANT, failing, passing,
                  env=child_env(FAKE_DEVIATION="beanometer"))
    assert run.verdicts == {"twice/two-blue-harvests-01": "failed", "twice/two-red-harvests-01": "passed"}, run.out
    assert "1 failed, 0 errored" in run.out


def test_the_next_scenarios_state_made_ahead_keeps_its_own_error(tmp_path):
    # The second scenario's state holds more Blue Beans than the box (20): it is made while the
    # engine plays the first, and its error is its own verdict, after the first has passed.
    first = write(tmp_path / "a" / "first-01.yaml",
                  TWO_BLUE_HARVESTS.replace("twice/two-blue-harvests-01", "a/first-01")
                  .replace("blue*4", "red*2").replace("coins: [blue]", "coins: [red]"))
    broken = write(tmp_path / "b" / "too-many-blue-01.yaml",
                   TWO_BLUE_HARVESTS.replace("twice/two-blue-harvests-01", "b/too-many-blue-01")
                   .replace("[blue*4], [red]", "[blue*12], [blue*12]", 1))
    run = conform(tmp_path / "out", "--impl", SERVE, first, broken)
    assert run.verdicts == {"a/first-01": "passed", "b/too-many-blue-01": "errored"}, run.out
    assert "BUG IN SCENARIO" in run.out and "too-many-blue-01" in run.out.split("BUG IN SCENARIO")[1][:600]


def _state(**changes):
    state = {"players": [{"name": "Nina", "hand": ["blue"], "fields": [["red"], []], "vars": {}},
                         {"name": "Timon", "hand": [], "fields": [[], []], "vars": {}}],
             "active": "Nina", "phase": "plant", "over": False, "discard": ["soy"], "vars": {"round": 1}}
    state.update(changes)
    return state


def test_a_checked_state_passes_over_only_cards_equal_to_a_valid_states():
    known = _state()
    assert state_problem(_state(), known) == ""
    assert state_problem(_state(discard=["soy", "red"]), known) == ""
    # A truth written as a number equals it in Python: looked at all the same.
    assert "over" in state_problem(_state(over=0), known)
    assert "round" in state_problem(_state(vars={"round": [1, 2]}), known) or \
        state_problem(_state(vars={"round": [1, 2]}), known)
    # A card that breaks the pattern, in a zone that changed, is found.
    bad = _state(discard=["Soy Bean"])
    assert "discard" in state_problem(bad, known)
    player = _state()
    player["players"][1]["hand"] = ["BLUE"]
    assert "players[1].hand" in state_problem(player, known)


def test_serve_answers_on_either_engine(tmp_path):
    for engine in ("reference", "compiled"):
        run = conform(tmp_path / engine, "--impl", f"{SERVE} --engine {engine}", *BLUE)
        assert run.rc == 0 and set(run.verdicts.values()) == {"passed"}, (engine, run.out)
    # The runner's own engine (states made and checked, failures traced) is either one too.
    run = conform(tmp_path / "runner-compiled", "--engine", "compiled", "--impl", SERVE, *BLUE)
    assert run.rc == 0 and set(run.verdicts.values()) == {"passed"}, run.out
    adapter = ProtocolAdapter(SERVE, engine="compiled")
    assert adapter.reference().engine(["base"]).kind == "compiled"
    wrong = subprocess.run([PY, "-m", "bohnspec", "serve", "--engine", "fast"], cwd=ROOT, env=child_env(),
                           capture_output=True, text=True, timeout=SAFETY, input="")
    assert wrong.returncode == 2 and "reference" in wrong.stderr and "compiled" in wrong.stderr


def _red(sid: str, modules: str = "[base]") -> str:
    return (TWO_BLUE_HARVESTS.replace("twice/two-blue-harvests-01", sid).replace("blue*4", "red*2")
            .replace("coins: [blue]", "coins: [red]").replace("modules: [base]", f"modules: {modules}"))


def test_the_next_scenario_goes_out_while_one_is_judged_and_the_failed_one_keeps_its_own_log(tmp_path):
    # The first fails at its last step (its only one): all its replies are in, so the next
    # scenario's load and steps are sent before it is judged. The log shown with the failure is
    # its own requests'.
    failing = write(tmp_path / "twice" / "two-blue-harvests-01.yaml",
                    TWO_BLUE_HARVESTS.split("  - do: {type: harvest, player: Timon")[0])
    passing = write(tmp_path / "twice" / "two-red-harvests-01.yaml", _red("twice/two-red-harvests-01"))
    run = conform(tmp_path / "out", "--impl", DEVIANT, failing, passing,
                  env=child_env(FAKE_DEVIATION="beanometer", FAKE_LOG_REQUESTS="1"))
    assert run.verdicts == {"twice/two-blue-harvests-01": "failed", "twice/two-red-harvests-01": "passed"}, run.out
    logged = [line.split()[-1] for line in run.scenario("twice/two-blue-harvests-01")["stderr"].splitlines()
              if line.startswith("v2-deviant: request")]
    assert logged == ["load", "apply"], logged


def test_a_scenario_sent_ahead_but_not_played_leaves_the_next_its_own_replies(tmp_path):
    # The engine claims only the base game: the Bohnröschen scenario between two base ones is
    # not applicable, though its requests went out while the first was judged.
    files = [write(tmp_path / "a" / "first-01.yaml", _red("a/first-01")),
             write(tmp_path / "b" / "second-01.yaml", _red("b/second-01", "[base, bohnroeschen]")),
             write(tmp_path / "c" / "third-01.yaml", _red("c/third-01"))]
    run = conform(tmp_path / "out", "--impl", fake("base_only"), *files)
    assert run.verdicts == {"a/first-01": "passed", "b/second-01": "not-applicable", "c/third-01": "passed"}, run.out


def test_a_scenario_the_engines_claims_rule_out_is_not_sent_ahead(tmp_path):
    # Review round 25: the engine claims only Garden Beans, and the Jumping Bean scenario
    # between two others was sent to it all the same, while the first was judged.
    files, logs = _jumping_between(tmp_path)
    run = conform(tmp_path / "out", "--impl", fake("base_only"), *files,
                  env=child_env(FAKE_LOG_DIR=str(logs), FAKE_BEANS="garden"))
    assert run.verdicts == {"a/first-01": "passed", "b/second-01": "not-applicable", "c/third-01": "passed"}, run.out
    assert "needs option beans=jumping" in run.scenario("b/second-01")["message"]
    loads = [line for line in (logs / "requests").read_text().splitlines() if line.startswith("load")]
    assert len(loads) == 2, loads


def _jumping_between(tmp_path):
    """Three scenarios, the second with Jumping Beans, and a folder for the fake's logs."""
    jumping = _red("b/second-01").replace("state:\n", "state:\n  options: {beans: jumping}\n", 1)
    files = [write(tmp_path / "a" / "first-01.yaml", _red("a/first-01")),
             write(tmp_path / "b" / "second-01.yaml", jumping),
             write(tmp_path / "c" / "third-01.yaml", _red("c/third-01"))]
    logs = tmp_path / "logs"
    logs.mkdir()
    return files, logs


def test_an_unsupported_load_sent_ahead_is_not_applicable_and_the_engine_kept(tmp_path):
    # The engine answers `unsupported` to a state with a Jumping Bean (its load sent ahead);
    # the replies to that scenario's steps are dropped and the next one passes on the same
    # process.
    files, logs = _jumping_between(tmp_path)
    run = conform(tmp_path / "out", "--impl", fake("v2_limited"), *files, env=child_env(FAKE_LOG_DIR=str(logs)))
    assert run.verdicts == {"a/first-01": "passed", "b/second-01": "not-applicable", "c/third-01": "passed"}, run.out
    assert len((logs / "starts").read_text().split()) == 1  # one process for all three


def test_an_engine_that_claims_pipelining_must_send_the_state_with_each_reply(tmp_path):
    run = conform(tmp_path, "--impl", fake("stateless_pipelined"), BLUE[0])
    assert set(run.verdicts.values()) == {"protocol-error"}, run.out
    assert "claims `pipelining` sends the resulting state with every reply" in run.out


def test_a_key_a_reply_left_out_is_named_when_the_next_rejection_seems_to_change_it(tmp_path):
    again = TWO_BLUE_HARVESTS.replace("twice/two-blue-harvests-01", "twice/harvest-twice-01").split(
        "  - do: {type: harvest, player: Timon")[0] + (
        "  - do: {type: harvest, player: Nina, field: 1}\n"
        "    expect: {rejected: [ruling/harvest-empty-field, ruling/no-such-card]}\n")
    sc = write(tmp_path / "twice" / "harvest-twice-01.yaml", again)
    run = conform(tmp_path / "out", "--impl", fake("accepted_incomplete"), sc)
    assert run.verdicts == {"twice/harvest-twice-01": "failed"}, run.out
    # Since round 58 the accepted reply itself fails: its state lost the discard pile's cards
    # (the rejection after it was blamed before).
    assert "the 'accepted' reply's state holds other cards than the game" in run.out, run.out
    assert "card(s) missing" in run.out, run.out


def test_an_engine_that_dies_taking_the_next_scenarios_requests_leaves_that_to_the_next_scenario():
    # Review round 23 (a race): the engine read the next scenario's load and died while it was
    # still being written; the fault was raised in the scenario under way, whose replies were
    # all in and right, and charged to it. Now the next scenario meets it, on a new engine.
    from bohnspec.conformance.protocol import EngineFault

    class Dying:
        closed = False

        def next_unanswered(self):
            return None

        def stderr(self, since_mark=False):
            return ""

        def mark(self):
            pass

        def send(self, request):
            raise EngineFault("errored", "the engine is not running (exit code 5)", "")

        def close(self, polite=False):
            self.closed = True

    adapter = ProtocolAdapter(SERVE)
    adapter.client = Dying()
    adapter.capabilities = {"pipelining": True}
    from types import SimpleNamespace
    nxt = SimpleNamespace(steps=[], modules=["base"])
    adapter._prepared = (nxt, {"players": []})
    adapter._send_next()  # no fault here
    assert adapter._sent_next is None and adapter.client.closed
    # Review round 25: ... but there, as if its load had gone out then, not on a new engine.
    adapter.ensure()  # no new process
    with pytest.raises(EngineFault, match="exit code 5"):
        adapter.start(nxt)
    assert adapter.last_request["type"] == "load"


def test_an_engine_dead_on_requests_sent_ahead_is_not_restarted_for_them():
    # Review round 25: the next scenario's requests went out, the engine died on them, and that
    # scenario started a new engine (its handshake asked for the claims) and passed.
    from types import SimpleNamespace

    from bohnspec.conformance.protocol import EngineFault
    load = {"id": 9, "type": "load", "state": {}}

    class Dead:
        hello = {"type": "hello"}
        last_request = None

        def alive(self):
            return False

        def next_unanswered(self):
            return load

        def receive(self, expect):
            raise EngineFault("errored", "the engine exited (code 7) before answering 'load'", "")

        def start(self):
            raise AssertionError("a new engine was started")

        def drain(self):
            raise AssertionError("the replies owed to the scenario were dropped")

    adapter = ProtocolAdapter(SERVE)
    adapter.client = Dead()
    adapter.capabilities = {"pipelining": True}
    nxt = SimpleNamespace(steps=[], setup=None, modules=["base"])
    adapter._sent_next = (nxt, load, [])
    adapter.ensure()
    with pytest.raises(EngineFault, match="code 7"):
        adapter.start(nxt)


def test_an_engine_that_dies_on_requests_sent_ahead_fails_the_scenario_they_were_for(tmp_path):
    # Review round 25: the engine died on the next scenario's load, sent while the one before
    # was judged, and that scenario started a new engine and passed: the crash was forgiven.
    # Each process dies on its second load, so every second scenario meets it, as it would
    # with one request at a time.
    files = [write(tmp_path / f"{name}" / "red-01.yaml", _red(f"{name}/red-01")) for name in "abcd"]
    run = conform(tmp_path / "out", "--impl", fake("crash_second_load"), *files)
    assert run.verdicts == {"a/red-01": "passed", "b/red-01": "errored", "c/red-01": "passed",
                            "d/red-01": "errored"}, run.out
    crashed = run.scenario("b/red-01")
    # Met reading the load's reply, or sending the steps after it: either way at the load.
    assert "(request load)" in crashed["message"] and "code 7" in crashed["message"], crashed
    assert "out of memory in load" in crashed["stderr"], crashed


def test_a_second_reply_to_a_failing_step_is_told_with_the_failure(tmp_path):
    # Review round 25: the engine wrote its reply to the first step twice; that step fails, and
    # the surplus line was read for the second step (sent ahead) and dropped without a word.
    wrong = write(tmp_path / "twice" / "two-blue-harvests-01.yaml",
                  TWO_BLUE_HARVESTS.replace("Nina: {coins: [blue]}", "Nina: {coins: [blue, blue]}"))
    run = conform(tmp_path / "out", "--impl", fake("bent_replies"), wrong, env=child_env(FAKE_BEND="surplus"))
    assert run.verdicts == {"twice/two-blue-harvests-01": "failed"}, run.out
    message = run.scenario("twice/two-blue-harvests-01")["message"]
    assert message.startswith("after the failing step, the replies to the steps sent with it: protocol-error: "
                              "a second reply to the earlier request"), message


def test_a_surplus_reply_is_told_by_the_scenario_it_answered(tmp_path):
    # Round 43's JavaScript implementer: a reply printed twice on a scenario's last step was met
    # by the next scenario's load, and the message named only a request number.
    run = conform(tmp_path, "--impl", fake("reply_twice"), *BLUE)
    assert "protocol-error" in run.verdicts.values(), run.out
    assert "a second reply to the earlier request" in run.out and f"(of scenario {BLUE_IDS[0]})" in run.out, run.out
