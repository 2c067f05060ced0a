"""The interpreter's units: the evaluation budget, rejections that leave the state alone,
malformed actions, the canonical state JSON, the box, setup and reshuffles."""

from __future__ import annotations

import time
from collections import Counter

import pytest
from hypothesis import given, strategies as st

from bohnspec.errors import ActionError, BohnspecError, EvaluationLimitError, SetupError, ShuffleMismatch, SpecRuntimeError
from bohnspec.execution.interpret import STEP_BUDGET, engine_for
from bohnspec.language.paragraphs import index as paragraph_index
from bohnspec.conformance.scenario import schema_errors, state_from_data

import helpers

THREE = {"players": [{"name": "Nina"}, {"name": "Timon"}, {"name": "Keno"}]}


def state_of(engine, **data):
    return state_from_data(engine, {**THREE, **data})


# ------------------------------------------------------------ the evaluation budget

SPIN = '''module spin requires base

procedure spin_round() cites bohnanza/harvest/1 {
  repeat 1000 {
    repeat 1000 { planted = planted + 0 }
  }
}

action spin() by p "Spin for a long time" cites bohnanza/harvest/1 {
  effect { spin_round() }
}
'''


@pytest.fixture(scope="module")
def spin_engine():
    texts = dict(helpers.spec_texts())
    texts["tests/spin.bohn"] = SPIN
    return helpers.engine_from_texts(texts, modules=("base", "spin"))


# Review round 23: what one statement could make without a loop of its own. Each is an action
# `grow` of a module of its own; every engine must stop it, at the designer's line, quickly.
GROWING = {
    # quantifiers nested over a long list: each round a step
    "nested quantifiers": ("define l = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n"
                           "define heavy = sum a in l: sum b in l: sum c in l: sum d in l: sum e in l: a\n",
                           "planted = planted + heavy", f"evaluation took more than {STEP_BUDGET} steps"),
    # definitions each reading the one before twice: each evaluation a step
    "shared definitions": ("".join(f"define d{i} = d{i - 1} + d{i - 1}\n" for i in range(1, 41)) + "define d0 = 1\n",
                           "planted = planted + d40", f"evaluation took more than {STEP_BUDGET} steps"),
    "a number squared": ("", "let x = 2\n    repeat 40 { x = x * x }", "the rules compute with numbers below 2^63"),
    "a list doubled": ("", "let l = [1]\n    repeat 40 { l = l + l }", "the rules make lists of at most 100000"),
    "fields given": ("", "give 300000000 fields to p", f"evaluation took more than {STEP_BUDGET} steps"),
}


@pytest.mark.parametrize("kind", ["reference", "compiled"])
@pytest.mark.parametrize("case", sorted(GROWING))
def test_what_one_statement_makes_is_bounded(case, kind, tmp_path):
    defines, effect, words = GROWING[case]
    rules = tmp_path / "grow.bohn"
    rules.write_text("module grow requires base\n\n" + defines +
                     'action grow() by p "Grow" cites bohnanza/harvest/1 {\n  effect {\n    ' + effect + "\n  }\n}\n",
                     encoding="utf-8")
    engine = engine_for(["base", "grow"], [str(rules)], engine=kind)
    state = state_of(engine, phase="trade")
    started = time.perf_counter()
    with pytest.raises(SpecRuntimeError) as info:
        engine.apply(state, {"type": "grow", "player": "Nina"})
    assert time.perf_counter() - started < 10
    assert words in str(info.value) and "grow.bohn" in str(info.value), str(info.value)


def test_a_huge_loop_hits_the_evaluation_budget(spin_engine):
    state = state_of(spin_engine, phase="trade")
    before = state.to_json()
    started = time.perf_counter()
    with pytest.raises(EvaluationLimitError) as info:
        spin_engine.apply(state, {"type": "spin", "player": "Nina"})
    assert time.perf_counter() - started < 10
    err = info.value
    assert isinstance(err, SpecRuntimeError) and isinstance(err, BohnspecError)
    assert str(err).endswith(f"evaluation took more than {STEP_BUDGET} steps")
    assert err.location.file == "tests/spin.bohn"
    assert err.location.line in (4, 5)
    # The effect ran on a copy: the state given is untouched.
    assert state.to_json() == before


def test_the_budget_is_per_action(spin_engine):
    # A legal action after a runaway one still runs normally.
    state = state_of(spin_engine, phase="trade",
                     players=[{"name": "Nina", "fields": [["fire"] * 3, [], []]}, {"name": "Timon"}, {"name": "Keno"}])
    with pytest.raises(EvaluationLimitError):
        spin_engine.apply(state, {"type": "spin", "player": "Nina"})
    outcome = spin_engine.apply(state, {"type": "harvest", "player": "Nina", "field": 1})
    assert outcome.accepted
    assert outcome.state.player("Nina").zones["coins"] == ["fire"]


def test_the_spin_module_checks_except_for_its_cost(spin_engine):
    # The checker cannot see the cost of a loop: the rules are well-formed.
    from bohnspec.language.check import check_spec
    assert [d for d in check_spec(spin_engine.spec) if d.severity == "error"] == []


# ------------------------------------------------------------ rejections

REJECTED = [
    # (state data, action, rule)
    ({"players": [{"name": "Nina", "fields": [["red"], ["blue"] * 3, []]}, {"name": "Timon"}, {"name": "Keno"}],
      "phase": "trade"},
     {"type": "harvest", "player": "Nina", "field": 1}, "bohnanza/bean-protection/1"),
    ({**THREE, "phase": "trade"}, {"type": "harvest", "player": "Nina", "field": 1}, "ruling/harvest-empty-field"),
    ({**THREE, "phase": "trade"}, {"type": "harvest", "player": "Nina", "field": 7}, "ruling/no-such-card"),
    ({"players": [{"name": "Nina", "hand": ["red", "blue"]}, {"name": "Timon"}, {"name": "Keno"}],
      "phase": "plant_hand"},
     {"type": "plant", "player": "Timon", "field": 1}, "bohnanza/phase-1/1"),
    ({"players": [{"name": "Nina", "hand": ["red", "blue", "soy"]}, {"name": "Timon"}, {"name": "Keno"}],
      "phase": "plant_hand", "vars": {"planted": 2}},
     {"type": "plant", "player": "Nina", "field": 3}, "bohnanza/phase-1/3"),
    ({**THREE, "phase": "plant_hand"}, {"type": "offer", "player": "Nina", "to": "Timon", "give": [], "get": []},
     "bohnanza/course-of-play/5"),
    ({**THREE, "phase": "draw_cards", "draw_pile": ["red"] * 5}, {"type": "end_phase", "player": "Nina"},
     "bohnanza/phase-4/1"),
    ({**THREE, "over": True}, {"type": "draw", "player": "Nina"}, "ruling/game-over"),
]


@pytest.mark.parametrize("data, action, rule", REJECTED, ids=[r[2] for r in REJECTED])
def test_a_rejected_action_leaves_the_state_identical(engine, data, action, rule):
    state = state_from_data(engine, data)
    before = state.to_json()
    assert engine.check(state, action).rule == rule
    outcome = engine.apply(state, action)
    assert not outcome.accepted
    assert outcome.rejection.rule == rule
    assert outcome.rejection.reason
    assert outcome.events == []
    assert outcome.state is state
    assert state.to_json() == before


def test_a_rejection_names_the_clause_that_refused(engine):
    state = state_of(engine, phase="trade")
    rejection = engine.check(state, {"type": "harvest", "player": "Nina", "field": 1})
    assert rejection.reason == "the field is empty"
    assert rejection.clause.replace("\\", "/").startswith("spec/base/harvest.bohn:")
    assert str(rejection) == "rejected [ruling/harvest-empty-field]: the field is empty"
    assert rejection.to_json() == {"rule": "ruling/harvest-empty-field", "reason": "the field is empty"}


def test_every_rejection_rule_of_the_spec_exists(engine):
    known = helpers.known_rule_ids(engine.spec)
    rules = [c.rule_id for a in engine.spec.actions for c in engine.spec.clauses_of(a)]
    rules += [f.cites[0] for f in engine.spec.forbids]
    assert rules and set(rules) <= known


def test_an_accepted_action_does_not_touch_the_old_state(engine):
    state = state_from_data(engine, {"players": [{"name": "Nina", "fields": [["fire"] * 3, [], []]},
                                                 {"name": "Timon"}, {"name": "Keno"}], "phase": "trade"})
    before = state.to_json()
    outcome = engine.apply(state, {"type": "harvest", "player": "Nina", "field": 1})
    assert outcome.accepted and outcome.state is not state
    assert state.to_json() == before
    assert outcome.state.player("Nina").zones["coins"] == ["fire"]
    assert outcome.state.zones["discard"] == ["fire", "fire"]
    assert outcome.events == [{"event": "harvested", "player": "Nina", "field": 1, "variety": "fire",
                               "cards": 3, "coins": 1}]


# ------------------------------------------------------------ malformed actions

@pytest.mark.parametrize("action, message", [
    ({"type": "harvset", "player": "Nina", "field": 1},
     "unknown action type 'harvset' (did you mean 'harvest'?)"),
    ({"type": "harvest", "player": "Nina", "feild": 1},
     "harvest: unknown parameter 'feild' (did you mean 'field'?)"),
    ({"type": "harvest", "player": "Nina", "riders": 1},  # nothing close: the parameters listed
     "harvest: unknown parameter 'riders'; its parameters: field"),
    ({"type": "harvest", "player": "Nina"}, "harvest: missing parameter 'field' (field)"),
    ({"type": "harvest", "player": "Nian", "field": 1},
     "harvest: 'player' must name a player at the table, got 'Nian' (did you mean 'Nina'?)"),
    ({"type": "harvest", "player": "Nina", "field": "1"},
     "harvest: parameter 'field' must be a field number, got '1'"),
    ({"type": "harvest", "player": "Nina", "field": True},
     "harvest: parameter 'field' must be a field number, got True"),
    ({"type": "draft", "player": "Nina", "card": 1, "target": "discrad"},
     "draft: parameter 'target' must be a field number or 'discard', got 'discrad'"),
    ({"type": "draft", "player": "Nina", "card": "1", "target": 1},
     "draft: parameter 'card' must be a number, got '1'"),
    ({"type": "offer", "player": "Nina", "to": "Tim", "give": [], "get": []},
     "offer: parameter 'to' must name a player, got 'Tim' (did you mean 'Timon'?)"),
    ({"type": "offer", "player": "Nina", "to": "Timon", "give": ["hand"], "get": []},
     "offer: parameter 'give' must be a list of card references like ['hand 3'], got ['hand']"),
    ({"type": "plant_card", "player": "Nina", "card": "received1", "field": 1},
     "plant_card: parameter 'card' must be a card reference like 'hand 3', got 'received1'"),
    (["harvest", "Nina"], "an action is an object with 'type' and 'player', got ['harvest', 'Nina']"),
    ({"player": "Nina"}, "an action names its `type` (and its `player`); the actions of this game: harvest, draft, offer, accept, decline, plant_card, plant, end_phase, draw"),
])
def test_malformed_actions_raise_action_error(engine, action, message):
    state = state_of(engine, phase="trade")
    before = state.to_json()
    with pytest.raises(ActionError) as info:
        engine.apply(state, action)
    assert str(info.value) == message
    with pytest.raises(ActionError):
        engine.check(state, action)
    assert state.to_json() == before


@pytest.mark.parametrize("kind", [[], ["harvest"], {"a": 1}], ids=["empty-list", "list", "object"])
def test_an_action_type_that_is_not_a_string_is_an_action_error(engine, kind):
    state = state_of(engine, phase="trade")
    with pytest.raises(ActionError):
        engine.apply(state, {"type": kind, "player": "Nina"})


def test_an_action_type_that_is_a_number_is_an_action_error(engine):
    with pytest.raises(ActionError) as info:
        engine.apply(state_of(engine, phase="trade"), {"type": 7, "player": "Nina"})
    assert str(info.value) == "unknown action type 7; the actions of this game: harvest, draft, offer, accept, decline, plant_card, plant, end_phase, draw"


# ------------------------------------------------------------ the canonical state

def test_blank_state_json_validates(engine):
    state = engine.blank_state(["Nina", "Timon", "Keno"])
    data = state.to_json()
    assert schema_errors(data, "state.schema.json") == []
    assert list(data)[:5] == ["modules", "players", "starting_player", "active", "phase"]
    assert data["players"][0] == {"name": "Nina", "coins": [], "fields": [], "hand": [], "received": []}


def test_new_game_json_validates_and_round_trips(engine):
    deck = engine.box({"beans": "jumping"})
    state, events = engine.new_game(["Nina", "Timon", "Keno", "Eiko"], deck, {"beans": "jumping"})
    data = state.to_json()
    assert schema_errors(data, "state.schema.json") == []
    assert data["options"] == {"beans": "jumping"}
    assert state_from_data(engine, data).to_json() == data
    assert events[-1] == {"event": "phase", "phase": "plant_hand"}


def test_state_json_with_every_part_validates(engine):
    data = {
        "players": [
            {"name": "Nina", "hand": ["red", "blue"], "fields": [["soy"] * 2, [], ["red"]], "coins": ["fire"],
             "received": ["green"]},
            {"name": "Timon", "fields": [["jumping"] * 2, [], []]},
            {"name": "Keno"},
        ],
        "starting_player": "Timon", "active": "Keno", "phase": "plant_trades",
        "draw_pile": ["blue", "broad"], "discard": ["broad"], "revealed": ["soy"], "draft": [],
        "shuffles": [["broad"]], "vars": {"exhaustions": 1, "offer_give": ["hand 1"]},
        "options": {"beans": "jumping"},  # a Jumping Bean lies in a field (bohnanza/setup/6)
    }
    state = state_from_data(engine, data)
    out = state.to_json()
    assert schema_errors(out, "state.schema.json") == []
    assert state_from_data(engine, out).to_json() == out
    assert out["players"][0]["fields"] == [["soy", "soy"], [], ["red"]]
    assert out["players"][1]["fields"] == [["jumping", "jumping"], [], []]
    assert out["players"][2]["fields"] == [[], [], []]
    assert (out["starting_player"], out["active"], out["phase"]) == ("Timon", "Keno", "plant_trades")
    assert out["vars"]["exhaustions"] == 1 and out["vars"]["offer_give"] == ["hand 1"]


def test_schema_rejects_a_bad_state():
    errors = schema_errors({"players": [{"name": "Nina", "hand": ["Red"]}]}, "state.schema.json")
    assert errors and errors[0][0] == "players[0].hand[0]"
    assert schema_errors({"players": []}, "state.schema.json")
    assert schema_errors({}, "state.schema.json")[0] == ("(top level)", "'players' is a required property")


def test_state_copy_is_deep(engine):
    state = state_of(engine, draw_pile=["red"])
    copy = state.copy()
    copy.zones["draw_pile"].append("blue")
    copy.player("Nina").zones["hand"].append("soy")
    copy.vars["exhaustions"] = 2
    assert state.zones["draw_pile"] == ["red"]
    assert state.player("Nina").zones["hand"] == []
    assert state.vars["exhaustions"] == 0


# ------------------------------------------------------------ the box and setup

@pytest.mark.parametrize("beans, kept, dropped", [("garden", "garden", "jumping"), ("jumping", "jumping", "garden")])
def test_the_box_holds_104_cards(engine, beans, kept, dropped):
    box = Counter(engine.box({"beans": beans}))
    assert sum(box.values()) == 104
    assert box == Counter({"blue": 20, "fire": 18, "broad": 16, "green": 14, "soy": 12, "black_eyed": 10,
                           "red": 8, kept: 6})
    assert dropped not in box


def test_the_default_box_keeps_the_garden_bean(engine):
    assert Counter(engine.box()) == Counter(engine.box({"beans": "garden"}))


@pytest.mark.parametrize("n, fields", [(3, 3), (4, 2), (5, 2)])
def test_new_game_deals_one_card_at_a_time(engine, n, fields):
    names = helpers.PLAYERS[:n]
    deck = engine.box()
    deck = deck[::7] + [c for i, c in enumerate(deck) if i % 7]  # some mixing, deterministic
    state, _ = engine.new_game(names, deck)
    for seat, name in enumerate(names):
        p = state.player(name)
        assert p.zones["hand"] == [deck[seat + n * k] for k in range(5)]
        assert p.zones["fields"] == [[]] * fields
    assert state.zones["draw_pile"] == deck[5 * n:]
    assert (state.active, state.starting_player, state.phase) == (names[0], names[0], "plant_hand")
    assert helpers.all_cards(state) == Counter(deck)


# ------------------------------------------------------------ reshuffles

def test_reshuffle_takes_the_next_shuffle_result(engine):
    # Timon holds a card, so that his turn stops in phase 1 and reveals nothing yet.
    data = {"players": [{"name": "Nina", "hand": ["blue"]}, {"name": "Timon", "hand": ["red"]}, {"name": "Keno"}],
            "phase": "draw_cards", "draw_pile": ["soy"], "discard": ["red", "fire", "green"],
            "shuffles": [["fire", "green", "red"], ["blue"]]}
    outcome = engine.apply(state_from_data(engine, data), {"type": "draw", "player": "Nina"})
    assert outcome.state.player("Nina").zones["hand"] == ["blue", "soy", "fire", "green"]
    assert outcome.state.zones["draw_pile"] == ["red"]
    assert outcome.state.shuffles == [["blue"]]
    assert (outcome.state.active, outcome.state.phase) == ("Timon", "plant_hand")
    assert {"event": "exhausted", "count": 1} in outcome.events
    assert {"event": "reshuffled", "cards": 3} in outcome.events


def test_reshuffle_with_no_result_turns_the_discard_pile_over(engine):
    data = {"players": [{"name": "Nina"}, {"name": "Timon", "hand": ["red"]}, {"name": "Keno"}],
            "phase": "draw_cards", "draw_pile": ["soy"], "discard": ["red", "fire", "green", "blue"]}
    outcome = engine.apply(state_from_data(engine, data), {"type": "draw", "player": "Nina"})
    # Turned over: the bottom card (blue) becomes the top card.
    assert outcome.state.player("Nina").zones["hand"] == ["soy", "blue", "green"]
    assert outcome.state.zones["draw_pile"] == ["fire", "red"]


def _shown(cards):
    return {("red", "red"): "[red*2]", ("red",): "[red]", ("red", "fire", "fire"): "[red, fire*2]", (): "no card"}[tuple(cards)]


@pytest.mark.parametrize("shuffle", [["red", "red"], ["red"], ["red", "fire", "fire"], []],
                         ids=["other-cards", "too-few", "too-many", "empty"])
def test_reshuffle_with_a_result_that_is_not_a_permutation(engine, shuffle):
    data = {"players": [{"name": "Nina"}, {"name": "Timon"}, {"name": "Keno"}],
            "phase": "draw_cards", "draw_pile": ["soy"], "discard": ["red", "fire"], "shuffles": [shuffle]}
    state = state_from_data(engine, data)
    before = state.to_json()
    with pytest.raises(ShuffleMismatch) as info:
        engine.apply(state, {"type": "draw", "player": "Nina"})
    err = info.value
    # The situation's mistake, not the rules': no place in the spec, both piles shown.
    assert err.location is None and (err.given, err.pile) == (shuffle, ["red", "fire"])
    assert str(err).startswith("the next entry of `shuffles` is not an order of the pile being reshuffled: it holds ")
    assert str(err).split("it holds ")[1].startswith(f"{_shown(shuffle)}, the pile holds [red, fire]")
    assert state.to_json() == before


# ------------------------------------------------------------ end of the game

def test_the_third_exhaustion_ends_the_game_and_picks_winners(engine):
    data = {"players": [{"name": "Nina", "coins": ["red"] * 2, "fields": [["blue"] * 4, [], []]},
                        {"name": "Timon", "coins": ["soy"] * 3, "hand": ["red"] * 4},
                        {"name": "Keno", "coins": ["fire"] * 3}],
            "phase": "draw_cards", "draw_pile": ["green"], "vars": {"exhaustions": 2}}
    outcome = engine.apply(state_from_data(engine, data), {"type": "draw", "player": "Nina"})
    s = outcome.state
    assert s.over
    # Nina's four Blue Beans earn one coin in the final harvest: three each, and Keno sits
    # furthest clockwise from the starting player.
    assert [len(p.zones["coins"]) for p in s.players] == [3, 3, 3]
    assert s.winners == ["Keno"]
    assert outcome.events[-1] == {"event": "game_over", "winners": ["Keno"]}
    after = engine.apply(s, {"type": "harvest", "player": "Nina", "field": 1})
    assert after.rejection.rule == "ruling/game-over"


def test_paragraph_index_has_the_base_rulebook():
    idx = paragraph_index()
    assert "bohnanza/bean-protection/1" in idx and idx["bohnanza/bean-protection/1"].normative
    assert not idx["bohnanza/setup/7"].normative


# ------------------------------------------------------------ the table

@pytest.mark.parametrize("modules, fine, refused", [
    (["base"], [3, 4, 5], [1, 2, 6]),
    (["bohnroeschen"], [3, 6], [2, 7]),
    (["duo"], [2], [1, 3]),
    (["solo"], [1], [2]),
])
def test_each_game_is_set_up_only_for_its_table(modules, fine, refused):
    engine = engine_for(modules)
    for n in fine:
        assert engine.player_count_problem(n) is None
    for n in refused:
        names = [f"P{i}" for i in range(n)]
        with pytest.raises(SetupError) as info:
            engine.new_game(names, engine.box())
        assert info.value.rule == engine.spec.players.cites[0]
        assert f"not {n}" in str(info.value)


def test_refusals_lists_every_rule_an_action_breaks(engine):
    # Planting a hand card in phase 2 breaks two rules: the phase, and the card's zone. `check`
    # gives the first; an engine that checks the card first may fairly cite the second.
    state = state_of(engine, phase="trade")
    action = {"type": "plant_card", "player": "Nina", "card": "hand 1", "field": 1}
    rules = [r.rule for r in engine.refusals(state, action)]
    assert rules[0] == engine.check(state, action).rule == "ruling/plant-in-phase-3-only"
    assert "bohnanza/phase-3/1" in rules[1:]
    planted = {"players": [{"name": "Nina", "fields": [["red", "red"], [], []]}, {"name": "Timon"}, {"name": "Keno"}]}
    legal = {"type": "harvest", "player": "Nina", "field": 1}
    assert engine.refusals(state_from_data(engine, {**planted, "phase": "trade"}), legal) == []


@given(st.lists(st.sampled_from(["red", "soy", "blue"]), max_size=8))
def test_together_says_whether_each_kind_lies_in_one_run(cards):
    """`together(z)` (two-player/10: the middle lies a kind together): each kind's places are
    one run of consecutive places."""
    from bohnspec.execution import builtins
    runs = all(max(i for i, c in enumerate(cards) if c == kind) - min(i for i, c in enumerate(cards) if c == kind) + 1
               == cards.count(kind) for kind in set(cards))
    assert builtins._together(None, cards) is runs
