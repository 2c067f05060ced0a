"""A hypothesis rule-based state machine over whole games: random legal and illegal actions,
for each module and player count, with the game's invariants checked after every step.

Each module has a machine that starts from a new game and one that starts from a position
seeded random play reaches near its end (tests/late_game.py), so that reshuffles, the last
exhaustion, final scoring and the refusal of everything after the end are reached too."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from bohnspec.conformance import scenario as S
from bohnspec.execution.interpret import engine_for
from bohnspec.language.paragraphs import index as paragraph_index
from bohnspec.execution.play import candidate_actions, choose_action, new_random_game

import late_game as L
from helpers import examples
from late_game import hand_change_allowed


def _layout_fits(engine, players: int, layout: str) -> bool:
    """Whether some board is laid for this table with this layout (Bohnaparte's pyramids are
    for three; its given map comes from the reference maps)."""
    return engine.choose_board(players, {"layout": layout}) is not None


def machine(modules: list[str], players: int, every_option: bool = False, examples_ci: int = 5, rules=(),
            late: int = 0, options_given: dict | None = None):
    """The state machine for a module and table size. With `every_option`, each game draws a
    value for every option of the game (not only the beans); `rules` are extra rules files
    (Bohnaparte's reference maps: its own map is lost, ruling/bohnaparte-map-is-input). With
    `late`, each game starts at most that many actions before the end of a seeded random game
    (one of a few, played with `options_given`, so that the recorded games are shared)."""
    engine = engine_for(modules, rules)
    rulings = {r.id for r in engine.spec.rulings.values()}
    paragraphs = set(paragraph_index())
    # Every option's values, but only layouts laid for this many players.
    options = st.fixed_dictionaries(
        {n: st.sampled_from([v for v in o.values if n != "layout" or _layout_fits(engine, players, v)])
         for n, o in sorted(engine.spec.options.items()) if every_option or n == "beans"})
    if options_given is not None:
        options = st.just(options_given)
    seeds = st.sampled_from(L.seeds(examples(1))) if late else st.integers(0, 2**16)
    on_board = bool(engine.spec.boards)
    # Cards that can never be held (a river: a barrier in the war rules).
    unholdable = {n for n, c in engine.spec.cards.items() if n == "river" or dict(c.attrs).get("barrier", 0) > 0}
    tokens = "tokens_per_player" in engine.spec.defines
    names = [f"P{i + 1}" for i in range(players)]

    class Game(RuleBasedStateMachine):
        @initialize(seed=seeds, options=options, before_end=st.integers(1, max(late, 1)))
        def start(self, seed, options, before_end):
            self.rng = random.Random(seed)
            self.options = dict(options)
            if late:
                self.state = L.near_the_end(modules, rules, names, self.options, seed, before_end)
            else:
                self.state, _ = new_random_game(engine, names, self.rng, self.options)
            self.box = L.the_box(engine, self.options)
            self.previous = self.state

        def _apply(self, action):
            # The game's own randomness orders a reshuffle: the shared engine holds none.
            outcome = engine.apply(self.state, action, shuffler=lambda cards: self.rng.sample(cards, len(cards)))
            self.previous, self.state = self.state, outcome.state
            return outcome

        @precondition(lambda self: not self.state.over)
        @rule(choice=st.integers(0, 2**16))
        def legal_move(self, choice):
            action = choose_action(engine, self.state, random.Random(choice))
            if action is not None:
                assert self._apply(action).accepted

        @precondition(lambda self: not self.state.over)
        @rule(data=st.data())
        def any_candidate(self, data):
            candidates = candidate_actions(engine, self.state, random.Random(data.draw(st.integers(0, 99))))
            action = data.draw(st.sampled_from(candidates))
            before = self.state.to_json()
            rejection = engine.check(self.state, action)
            if rejection is None:
                self._apply(action)
                return
            outcome = self._apply(action)
            assert not outcome.accepted and outcome.rejection.rule == rejection.rule
            assert self.state.to_json() == before, "a rejected action changed the state"
            assert rejection.rule in paragraphs or rejection.rule in rulings, rejection.rule

        def _play(self, rng, moves):
            """Up to `moves` random legal actions, the cheap invariants checked after each."""
            for _ in range(moves):
                if self.state.over:
                    break
                action = choose_action(engine, self.state, rng)
                assert action is not None or late == 0, "nobody can act, yet the game is not over"
                if action is None:
                    break
                assert self._apply(action).accepted
                self.no_card_is_created_or_lost()
                self.board_holdings_keep_to_the_rules()
                self.hands_keep_their_order()

        if on_board or late:
            # A game on a board is long (hundreds of actions): this rule plays a stretch of it
            # at once, so that the combats of the middle game are reached within the steps.
            @precondition(lambda self: not self.state.over)
            @rule(choice=st.integers(0, 2**16), moves=st.integers(1, 40))
            def several_legal_moves(self, choice, moves):
                self._play(random.Random(choice), moves)

        if late:
            # From a late position random play reaches the end within a few hundred actions
            # (a Bohnroeschen race to the castle takes longest): it must get there.
            @precondition(lambda self: not self.state.over)
            @rule(choice=st.integers(0, 2**16))
            def play_to_the_end(self, choice):
                self._play(random.Random(choice), L.MAX_ACTIONS)
                assert self.state.over, f"no end within {L.MAX_ACTIONS} actions"

        @precondition(lambda self: self.state.over)
        @rule(data=st.data())
        def nothing_after_the_end(self, data):
            candidates = candidate_actions(engine, self.state, random.Random(data.draw(st.integers(0, 99))))
            action = data.draw(st.sampled_from(candidates))
            rejection = engine.check(self.state, action)
            assert rejection is not None and rejection.rule == "ruling/game-over"
            before = self.state.to_json()
            assert not self._apply(action).accepted, f"accepted after the end: {action}"
            assert self.state.to_json() == before

        @invariant()
        def no_card_is_created_or_lost(self):
            assert L.conservation_problems(engine, self.state, self.box) == []

        @invariant()
        def board_holdings_keep_to_the_rules(self):
            if not on_board:
                return
            held = Counter(v.get("owner") for v in self.state.space_vars.values())
            held.pop(None, None)
            assert set(held) <= set(self.state.names())
            if tokens:
                assert max(held.values(), default=0) <= engine.define_value(self.state, "tokens_per_player")
            for s, cards in self.state.space_cards.items():
                if cards and cards[0] in unholdable:
                    assert self.state.space_vars[s].get("owner") is None, f"the river on {s} is held"

        @invariant()
        def hands_keep_their_order(self):
            assert L.hand_problems(engine, self.previous, self.state) == []

        @invariant()
        def the_state_round_trips_and_validates(self):
            if late and not self.state.over:
                return  # positions like those the machines from a new game check; the end is new
            data = self.state.to_json()
            assert S.state_from_data(engine, data, modules).to_json() == data
            assert S.schema_errors(data, "state.schema.json") == []

    Game.TestCase.settings = settings(max_examples=examples(examples_ci), stateful_step_count=15 if late else 30,
                                      deadline=None,
                                      suppress_health_check=[HealthCheck.too_slow])
    return Game


def test_hand_change_allowed_is_strict():
    assert hand_change_allowed(["a", "b", "c"], ["a", "c"], [])            # one card traded away
    assert hand_change_allowed(["a", "b"], ["a", "b", "x", "y"], ["x", "y", "z"])  # two drawn
    assert not hand_change_allowed(["a", "b"], ["b", "a"], [])             # reordered
    assert not hand_change_allowed(["a", "b"], ["a", "b", "q"], ["x"])     # a card from nowhere
    assert hand_change_allowed(["a"], ["a", "c"], ["x"], [], own=["b", "c"])  # taken from a cart
    assert not hand_change_allowed(["a"], ["a", "d"], ["x"], [], own=["b", "c"])


TestBase3 = machine(["base"], 3).TestCase
TestBase4 = machine(["base"], 4).TestCase
TestBase5 = machine(["base"], 5).TestCase
TestBohnroeschen4 = machine(["bohnroeschen"], 4).TestCase
TestBohnroeschen6 = machine(["bohnroeschen"], 6).TestCase
TestDuo = machine(["duo"], 2).TestCase
TestSolo = machine(["solo"], 1).TestCase
TestDschingis3 = machine(["dschingis"], 3, every_option=True, examples_ci=2).TestCase
TestDschingis4 = machine(["dschingis"], 4, every_option=True, examples_ci=2).TestCase
TestDschingis5 = machine(["dschingis"], 5, every_option=True, examples_ci=2).TestCase
# Bohnaparte's games are long (some 850 actions on a reference map): its state machines run in
# the deep profile only; tests/test_bohnaparte_play.py plays whole games in every run.
MAPS = list(L.MAPS)
if settings.default.max_examples > 10:
    TestBohnaparte3 = machine(["bohnaparte_maps"], 3, every_option=True, examples_ci=2, rules=MAPS).TestCase
    TestBohnaparte6 = machine(["bohnaparte_maps"], 6, every_option=True, examples_ci=2, rules=MAPS).TestCase
    TestMixed4 = machine(["mixed_maps"], 4, every_option=True, examples_ci=2, rules=MAPS).TestCase

# From late positions, in every module: the last exhaustion, final scoring and the refusal of
# everything after the end. Short games, so every run plays them (Bohnaparte's too).
def late_machine(label: str, before_end: int = 25):
    g = L.GAMES[label]
    return machine(list(g.modules), g.players, examples_ci=2, rules=g.rules, late=before_end,
                   options_given=dict(g.options))


TestBaseLate = late_machine("base").TestCase
TestBaseJumpingLate = late_machine("base-jumping").TestCase
TestBohnroeschenLate = late_machine("bohnroeschen").TestCase
TestDuoLate = late_machine("duo").TestCase
TestSoloLate = late_machine("solo", before_end=10).TestCase
TestDschingisLate = late_machine("dschingis").TestCase
TestBohnaparteLate = late_machine("bohnaparte").TestCase
TestMixedLate = late_machine("mixed").TestCase
