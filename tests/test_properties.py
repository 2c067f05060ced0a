"""Properties of random play, and fuzzing of the rules parser/checker and the scenario loader.

Random games come from bohnspec.execution.play (seeded, so every failure names its seed). Example
counts follow the hypothesis profile (conftest.py): BOHNSPEC_HYPOTHESIS_PROFILE=long runs
many more games and fuzz inputs.
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, assume, given, note, settings, strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark

from bohnspec import paths
from bohnspec.conformance import runner as R
from bohnspec.conformance import scenario as S
from bohnspec.language.check import check_spec
from bohnspec.language.compile import compile_text
from bohnspec.errors import BohnspecError, Diagnostic, RulesSyntaxError, ScenarioError
from bohnspec.execution.interpret import Engine
from bohnspec.execution.play import candidate_actions, legal_actions, random_game
from bohnspec.language.spec import build

import helpers
import late_game as L

SIZES = [3, 4, 5]
BEANS = ["garden", "jumping"]
MAX_ACTIONS = 4000
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
FIXED_SEED = 2024


@functools.lru_cache(maxsize=64)
def game(n: int, beans: str, seed: int):
    """One recorded random game (cached: several properties look at the same games)."""
    engine = helpers.base_engine()
    return random_game(engine, helpers.PLAYERS[:n], seed, options={"beans": beans},
                       max_actions=MAX_ACTIONS, record=True)


def transitions(rec):
    """(state before, action, state after) for every accepted action of a recorded game."""
    states = rec.states
    assert states is not None, "random_game(record=True) must record the states"
    assert len(states) in (len(rec.actions), len(rec.actions) + 1)
    if len(states) == len(rec.actions):  # no initial state recorded
        return list(zip(states, rec.actions[1:], states[1:]))
    return list(zip(states, rec.actions, states[1:]))


# ------------------------------------------------------------ the properties, one game at a time

def check_conservation(engine, rec, options):
    box = Counter(engine.box(options))
    assert sum(box.values()) == 104
    for i, state in enumerate(rec.states):
        cards = helpers.all_cards(state, engine.fields_zone)
        assert cards == box, (
            f"after action {i}: {rec.actions[i - 1] if i else 'setup'}: "
            f"missing {dict(box - cards)}, extra {dict(cards - box)}")


def is_subsequence(small, big) -> bool:
    it = iter(big)
    return all(any(c == d for d in it) for c in small)


def check_hand_order(engine, rec):
    draw = engine.define_value(rec.states[0], "draw_count") if "draw_count" in engine.spec.defines else 3
    for before, action, after in transitions(rec):
        for p in before.players:
            old = p.zones["hand"]
            new = after.player(p.name).zones["hand"]
            where = f"{p.name}'s hand, action {action}: {old} -> {new}"
            if action["type"] == "draw" and action["player"] == p.name:
                # Nothing leaves the hand; up to three cards join it at the back, in drawn order.
                assert new[:len(old)] == old, where
                drawn = new[len(old):]
                assert len(drawn) <= draw, where
                pile = before.zones["draw_pile"]
                assert drawn[:len(pile)] == pile[:len(drawn)], where
            else:
                # Cards may leave from anywhere (trades, planting the foremost card); the order of
                # the others is kept and nothing joins the hand.
                assert len(new) <= len(old) and is_subsequence(new, old), where
                if action["type"] == "plant" and action["player"] == p.name:
                    assert new == old[1:], where


def check_round_trip(engine, states):
    for state in states:
        data = state.to_json()
        assert S.schema_errors(data, "state.schema.json") == []
        again = S.state_from_data(engine, data).to_json()
        assert again == data
        assert json.loads(json.dumps(data)) == data


def check_rejections(engine, state, actions):
    """Every rejected action leaves the state as it was and names a known rule."""
    known = helpers.known_rule_ids(engine.spec)
    before = state.to_json()
    accepted = 0
    for action in actions:
        rejection = engine.check(state, action)
        outcome = engine.apply(state, action)
        if rejection is None:
            assert outcome.accepted, action
            accepted += 1
            continue
        assert not outcome.accepted and outcome.rejection.rule == rejection.rule, action
        assert outcome.state is state and outcome.events == []
        assert rejection.rule in known, f"{action} rejected with unknown rule {rejection.rule!r}"
        assert state.to_json() == before, f"the rejected action {action} changed the state"
    assert state.to_json() == before
    return accepted


@pytest.mark.parametrize("beans", BEANS)
@pytest.mark.parametrize("n", SIZES)
def test_random_games_keep_every_property(n, beans):
    """Every table size and bean choice, with a fixed seed: all properties on one game each."""
    engine = helpers.base_engine()
    rec = game(n, beans, FIXED_SEED + n)
    assert rec.ended and rec.state.over, f"the game did not end within {MAX_ACTIONS} actions"
    assert len(rec.actions) < MAX_ACTIONS
    assert rec.state.winners and set(rec.state.winners) <= set(rec.state.names())
    check_conservation(engine, rec, {"beans": beans})
    check_hand_order(engine, rec)
    check_round_trip(engine, rec.states[:: max(1, len(rec.states) // 15)] + [rec.state])
    known = helpers.known_rule_ids(engine.spec)
    assert set(rec.rejections) <= known


@settings(max_examples=helpers.examples(2), deadline=None)
@given(n=st.sampled_from(SIZES), beans=st.sampled_from(BEANS), seed=SEEDS)
def test_cards_are_conserved(n, beans, seed):
    rec = game(n, beans, seed)
    check_conservation(helpers.base_engine(), rec, {"beans": beans})


def _twice(action, side: str, rng: random.Random) -> dict:
    """The offer with one of the cards of its `side` named a second time, somewhere in it."""
    refs = list(action[side])
    refs.insert(rng.randint(0, len(refs)), rng.choice(refs))
    return {**action, side: refs}


@settings(max_examples=helpers.examples(10), deadline=None)
@given(n=st.sampled_from(SIZES), beans=st.sampled_from(BEANS), data=st.data())
def test_cards_are_conserved_when_an_offer_names_a_card_twice(n, beans, data):
    """Random agents never name one card twice in an offer, so conservation over random games
    never saw it: take the legal offers of phase-2 states of the fixed-seed games, name one of
    their cards a second time, and make and accept the offer. It must be refused
    (ruling/no-such-card); were it ever accepted, accepting it must still neither create nor
    lose a card."""
    engine = helpers.base_engine()
    box = Counter(engine.box({"beans": beans}))
    rec = game(n, beans, FIXED_SEED + n)
    trading = [s for s in rec.states if s.phase == "trade" and not s.over
               and s.vars["offer_from"] is None and s.vars["choice"] is None]
    assume(trading)
    state = data.draw(st.sampled_from(trading), label="state")
    rng = random.Random(data.draw(st.integers(0, 2**16), label="rng"))
    offers = [a for a in legal_actions(engine, state, rng) if a["type"] == "offer"]
    sides = [(a, side) for a in offers for side in ("give", "get") if a[side]]
    assume(sides)
    action, side = data.draw(st.sampled_from(sides), label="offer")
    doubled = _twice(action, side, rng)
    note(f"offer: {doubled}")
    outcome = engine.apply(state, doubled)
    if outcome.accepted:
        done = engine.apply(outcome.state, {"type": "accept", "player": doubled["to"]})
        assert helpers.all_cards(done.state, engine.fields_zone) == box
    assert not outcome.accepted, f"an offer naming one card twice was accepted: {doubled}"
    assert outcome.rejection.rule == "ruling/no-such-card"
    assert helpers.all_cards(state, engine.fields_zone) == box


@settings(max_examples=helpers.examples(2), deadline=None)
@given(n=st.sampled_from(SIZES), beans=st.sampled_from(BEANS), seed=SEEDS)
def test_hand_order_changes_only_as_the_rules_allow(n, beans, seed):
    check_hand_order(helpers.base_engine(), game(n, beans, seed))


@settings(max_examples=helpers.examples(2), deadline=None)
@given(n=st.sampled_from(SIZES), beans=st.sampled_from(BEANS), seed=SEEDS)
def test_random_legal_play_ends(n, beans, seed):
    rec = game(n, beans, seed)
    assert rec.ended, f"seed {seed}: no end within {MAX_ACTIONS} actions"
    assert rec.state.over and rec.state.winners
    # The game ends only by the draw pile running out for the last time.
    assert rec.state.vars["exhaustions"] >= 3
    # Nothing is legal once the game is over.
    assert legal_actions(helpers.base_engine(), rec.state) == []


@settings(max_examples=helpers.examples(2), deadline=None)
@given(n=st.sampled_from(SIZES), beans=st.sampled_from(BEANS), seed=SEEDS, data=st.data())
def test_rejected_candidates_leave_the_state_unchanged(n, beans, seed, data):
    engine = helpers.base_engine()
    rec = game(n, beans, seed)
    picks = data.draw(st.lists(st.integers(0, len(rec.states) - 1), min_size=1, max_size=6), label="states")
    for i in picks:
        state = rec.states[i]
        candidates = candidate_actions(engine, state, random.Random(i))
        assume(candidates)
        check_rejections(engine, state, candidates)
        legal = legal_actions(engine, state, random.Random(i))
        assert all(engine.check(state, a) is None for a in legal)


@settings(max_examples=helpers.examples(2), deadline=None)
@given(n=st.sampled_from(SIZES), beans=st.sampled_from(BEANS), seed=SEEDS, data=st.data())
def test_state_json_round_trips(n, beans, seed, data):
    engine = helpers.base_engine()
    rec = game(n, beans, seed)
    picks = data.draw(st.lists(st.integers(0, len(rec.states) - 1), min_size=1, max_size=8), label="states")
    check_round_trip(engine, [rec.states[i] for i in picks] + [rec.state])


# A random, possibly malformed, action: a candidate with one key changed or dropped.
def _bend(action, key, value):
    out = dict(action)
    if value is _DROP:
        out.pop(key, None)
    else:
        out[key] = value
    return out


_DROP = object()
ODD_VALUES = st.one_of(st.just(_DROP), st.integers(-3, 12), st.sampled_from(
    ["discard", "hand 1", "received 2", "revealed 1", "field 1", "hand 0", "Nina", "Timon", "", None]),
    st.lists(st.sampled_from(["hand 1", "hand 2", "revealed 1", "received 1", "field 1", "hand 99"]), max_size=3))


@settings(max_examples=helpers.examples(8), deadline=None)
@given(seed=SEEDS, data=st.data())
def test_odd_actions_are_refused_cleanly(seed, data):
    """A bent candidate is either malformed (ActionError), refused (state untouched, known
    rule), or accepted; nothing else happens."""
    from bohnspec.errors import ActionError
    engine = helpers.base_engine()
    n, beans = data.draw(st.sampled_from(SIZES), label="n"), data.draw(st.sampled_from(BEANS), label="beans")
    rec = game(n, beans, FIXED_SEED + n)  # the games of test_random_games_keep_every_property
    state = rec.states[data.draw(st.integers(0, len(rec.states) - 1), label="state")]
    candidates = candidate_actions(engine, state, random.Random(seed))
    assume(candidates)
    action = data.draw(st.sampled_from(candidates), label="candidate")
    key = data.draw(st.sampled_from(sorted(action)), label="key")
    value = data.draw(ODD_VALUES, label="value")
    action = _bend(action, key, value)
    before = state.to_json()
    try:
        outcome = engine.apply(state, action)
    except ActionError:
        assert state.to_json() == before
        return
    if not outcome.accepted:
        assert outcome.rejection.rule in helpers.known_rule_ids(engine.spec)
        assert outcome.state is state
    assert state.to_json() == before


# ------------------------------------------------------------ from late positions, in every module

@pytest.mark.parametrize("label", sorted(L.GAMES))
@settings(max_examples=helpers.examples(1), deadline=None)
@given(data=st.data())
def test_play_from_late_positions_keeps_every_card_and_hand_and_ends_by_the_rules(label, data):
    """From a position seeded random play reaches after the first exhaustion of the draw pile
    (in the solo game, which is lost before that, in its last tenth), random legal play with
    randomness of its own: no card created or lost, hands changed only as the rules allow,
    never stuck, always an end, for a reason of the rules, with the winners the rulebook
    names, and nothing accepted afterwards. The games come from a few seeds (late_game.seeds),
    shared with the other late-game tests; where to start and how to go on vary."""
    g = L.GAMES[label]
    engine = g.engine()
    seed = data.draw(st.sampled_from(L.seeds(helpers.examples(1))), label="game seed")
    rec = L.recorded(label, seed)
    start = data.draw(st.integers(L.late_start(label, seed), len(rec.states) - 2), label="start")
    rng = random.Random(data.draw(SEEDS, label="play seed"))
    box = L.the_box(engine, rec.state.options)
    events: list[dict] = []

    def check(before, action, outcome):
        assert L.conservation_problems(engine, outcome.state, box) == [], action
        assert L.hand_problems(engine, before, outcome.state) == [], action
        events.extend(outcome.events)

    end = L.play_on(engine, rec.states[start], rng, check=check)[-1]
    assert L.end_reason_problems(label, engine, end) == []
    assert L.winner_problems(label, end, events) == []
    assert L.after_the_end_problems(engine, end, rng) == []


# ------------------------------------------------------------ fuzzing the rules language

@functools.lru_cache(maxsize=1)
def grammar() -> Lark:
    return Lark(paths.GRAMMAR.read_text(encoding="utf-8"), parser="lalr")


def _ignored_terminal_names() -> list[str]:
    return [t for t in grammar().ignore_tokens if t != "COMMENT"]


def rules_texts():
    """Rules text generated from the grammar. Whitespace and comments are made explicit so
    that more texts parse."""
    explicit = {
        "COMMENT": st.just("// note\n"),
        "INT": st.integers(0, 30).map(str),
    }
    for name in _ignored_terminal_names():
        explicit[name] = st.sampled_from([" ", "\n", "  "])
    return from_lark(grammar(), explicit=explicit)


def check_text(text: str, name: str = "fuzz.bohn", others=()):
    """Parse, build and check `text` (with other files); never anything but a located syntax
    error or diagnostics. When the checker finds no error, the interpreter must compile it."""
    try:
        rules = compile_text(text, name)
    except RulesSyntaxError as exc:
        lines = text.split("\n")
        assert exc.location.file == name
        assert 1 <= exc.location.line <= len(lines)
        assert 1 <= exc.location.column <= len(lines[exc.location.line - 1]) + 1
        assert exc.message.startswith(("unexpected ", "a quoted text"))
        return "syntax"
    spec = build([*others, rules], None)
    diagnostics = check_spec(spec)
    assert all(isinstance(d, Diagnostic) and d.severity in ("error", "warning") for d in diagnostics)
    if any(d.severity == "error" for d in diagnostics):
        return "diagnostics"
    Engine(spec)  # the checker's promise: what it accepts, the interpreter can compile
    return "ok"


@pytest.mark.slow
@settings(max_examples=helpers.examples(30), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large])
@given(rules_texts())
def test_generated_rules_text_parses_or_fails_cleanly(text):
    note(repr(text))
    check_text(text)


@functools.lru_cache(maxsize=1)
def base_rules():
    return [compile_text(t, n) for n, t in helpers.spec_texts().items()]


def mutations():
    """A real spec file with a few characters deleted, duplicated, swapped or replaced."""
    names = sorted(helpers.spec_texts())

    @st.composite
    def mutated(draw):
        name = draw(st.sampled_from(names))
        text = helpers.spec_texts()[name]
        edits = draw(st.integers(1, 4))
        for _ in range(edits):
            if not text:
                break
            i = draw(st.integers(0, len(text) - 1))
            kind = draw(st.sampled_from(["delete", "duplicate", "swap", "replace"]))
            if kind == "delete":
                text = text[:i] + text[i + 1:]
            elif kind == "duplicate":
                text = text[:i] + text[i] + text[i:]
            elif kind == "swap" and i + 1 < len(text):
                text = text[:i] + text[i + 1] + text[i] + text[i + 2:]
            elif kind == "replace":
                text = text[:i] + draw(st.sampled_from(list("{}()[],:.=<>+-*\"/ \nab_019"))) + text[i + 1:]
        return name, text

    return mutated()


@settings(max_examples=helpers.examples(40), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutations())
def test_mutated_spec_files_fail_cleanly(named):
    name, text = named
    others = [r for r in base_rules() if r.path != name]
    check_text(text, name, others)


def test_the_real_spec_files_pass_the_fuzz_check():
    for name, text in helpers.spec_texts().items():
        others = [r for r in base_rules() if r.path != name]
        assert check_text(text, name, others) == "ok"


# ------------------------------------------------------------ fuzzing the scenario loader

@functools.lru_cache(maxsize=1)
def scenario_texts() -> list[tuple[str, str]]:
    files = [p for p in helpers.scenario_paths() if p.relative_to(helpers.SCENARIOS).parts[0] == "base"]
    return [(p.relative_to(helpers.SCENARIOS).as_posix(), p.read_text(encoding="utf-8")) for p in files]


def load_cleanly(path: Path, root: Path):
    """Load, build and run a scenario file: errors must be ScenarioError (load) or another
    BohnspecError (building), and running must always end in a verdict."""
    try:
        sc = S.load(path, root=root)
    except ScenarioError as exc:
        assert exc.file == str(path)
        return "load error"
    adapter = R.InProcess()
    try:
        S.build_state(adapter.engine(sc.modules), sc)
    except BohnspecError:
        pass
    verdict = R.run_scenario(adapter, sc)
    assert verdict.verdict in R.VERDICTS
    return verdict.verdict


def text_mutations():
    @st.composite
    def mutated(draw):
        rel, text = draw(st.sampled_from(scenario_texts()))
        for _ in range(draw(st.integers(1, 4))):
            if not text:
                break
            i = draw(st.integers(0, len(text) - 1))
            kind = draw(st.sampled_from(["delete", "duplicate", "swap", "replace", "line"]))
            if kind == "delete":
                text = text[:i] + text[i + 1:]
            elif kind == "duplicate":
                text = text[:i] + text[i] + text[i:]
            elif kind == "swap" and i + 1 < len(text):
                text = text[:i] + text[i + 1] + text[i] + text[i + 2:]
            elif kind == "replace":
                text = text[:i] + draw(st.sampled_from(list("{}[],:-*#&!|>'\" \n\tab09"))) + text[i + 1:]
            elif kind == "line":
                lines = text.split("\n")
                j = draw(st.integers(0, len(lines) - 1))
                lines.insert(j, lines[draw(st.integers(0, len(lines) - 1))])
                text = "\n".join(lines)
        return rel, text

    return mutated()


@settings(max_examples=helpers.examples(25), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                 HealthCheck.data_too_large])
@given(text_mutations())
def test_mutated_scenario_yaml_loads_or_raises_scenario_error(tmp_path, named):
    rel, text = named
    path = tmp_path / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    load_cleanly(path, tmp_path)


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=12)
    | st.sampled_from(["base", "Nina", "blue*3", "hand 1", "trade", "harvest", "bohnanza/end/1"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["id", "title", "cites", "modules", "state", "setup", "steps", "players", "name",
                         "hand", "fields", "do", "expect", "type", "player", "field", "vars", "phase",
                         "deck", "draw_pile", "rejected", "x"]) | st.text(max_size=6),
        inner, max_size=5),
    max_leaves=25)


@settings(max_examples=helpers.examples(25), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                 HealthCheck.data_too_large])
@given(JSONISH)
def test_random_data_loads_or_raises_scenario_error(tmp_path, data):
    path = tmp_path / "fuzz-01.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    load_cleanly(path, tmp_path)


def _paths(value, prefix=()):
    """Every path into a JSON-like value."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, prefix + (i,))


def _replace(value, path, new):
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _replace(value[head], rest, new)}
    out = list(value)
    out[head] = _replace(out[head], rest, new)
    return out


@settings(max_examples=helpers.examples(25), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                 HealthCheck.data_too_large])
@given(data=st.data())
def test_real_scenarios_with_a_part_replaced_load_cleanly(tmp_path, data):
    """A corpus scenario with one subtree replaced by random data: the deeper checks (state
    building, actions) see inputs the schema lets through."""
    rel, text = data.draw(st.sampled_from(scenario_texts()), label="scenario")
    scenario = yaml.safe_load(text)
    where = data.draw(st.sampled_from(list(_paths(scenario))[1:]), label="path")
    scenario = _replace(scenario, where, data.draw(JSONISH, label="new value"))
    path = tmp_path / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(scenario), encoding="utf-8")
    load_cleanly(path, tmp_path)
