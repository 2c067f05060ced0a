"""A hypothesis rule-based state machine over whole games: random legal and illegal actions,
for each module and player count, with the game's invariants checked after every step."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from bohnspec.conformance import scenario as S
from bohnspec.execution.interpret import engine_for
from bohnspec.language.paragraphs import index as paragraph_index
from bohnspec.execution.play import candidate_actions, choose_action, new_random_game

from helpers import examples


def hand_change_allowed(old: list, new: list, draw_pile: list, discard: list = (), own: list = ()) -> bool:
    """Cards leave a hand from any position and the rest keep their order; the only cards
    added go behind them, and they are the cards from the top of the draw pile, then (after
    a reshuffle) cards that lay on the discard pile; or cards the player had put aside in
    another row of his own (a Dschingis cart), in any order."""
    kept = 0
    for card in old:  # the longest front part of the new hand that is the old hand, thinned
        if kept < len(new) and new[kept] == card:
            kept += 1
    added = new[kept:]
    n = min(len(added), len(draw_pile))
    if added[:n] == draw_pile[:n] and not (Counter(added[n:]) - Counter(discard)):
        return True
    return bool(added) and not (Counter(added) - Counter(own))


def _layout_fits(engine, players: int, layout: str) -> bool:
    """Whether some board is laid for this table with this layout (Bohnaparte's pyramids are
    for three; its given map comes from the reference maps)."""
    return engine.choose_board(players, {"layout": layout}) is not None


def machine(modules: list[str], players: int, every_option: bool = False, examples_ci: int = 5, rules=()):
    """The state machine for a module and table size. With `every_option`, each game draws a
    value for every option of the game (not only the beans); `rules` are extra rules files
    (Bohnaparte's reference maps: its own map is lost, ruling/bohnaparte-map-is-input)."""
    engine = engine_for(modules, rules)
    kinds = {n: z.cards for n, z in engine.spec.zones.items()}
    rulings = {r.id for r in engine.spec.rulings.values()}
    paragraphs = set(paragraph_index())
    # Every option's values, but only layouts laid for this many players.
    options = st.fixed_dictionaries(
        {n: st.sampled_from([v for v in o.values if n != "layout" or _layout_fits(engine, players, v)])
         for n, o in sorted(engine.spec.options.items()) if every_option or n == "beans"})
    # The categories of cards other than beans and vines (landscapes): each is conserved
    # counting the cards on the board's spaces.
    others = sorted({c.category for c in engine.spec.cards.values()} - {"beans", "vines"})
    on_board = bool(engine.spec.boards)
    # Cards that can never be held (a river: a barrier in the war rules).
    unholdable = {n for n, c in engine.spec.cards.items() if n == "river" or dict(c.attrs).get("barrier", 0) > 0}
    tokens = "tokens_per_player" in engine.spec.defines
    # A player's own rows of bean cards that an expansion adds (a Dschingis cart): cards may
    # go from there into the hand.
    set_aside = [n for n, z in engine.spec.zones.items()
                 if z.per_player and z.kind == "row" and z.cards == "beans" and z.module != "base"]

    class Game(RuleBasedStateMachine):
        @initialize(seed=st.integers(0, 2**16), options=options)
        def start(self, seed, options):
            self.rng = random.Random(seed)
            self.options = dict(options)
            saved = engine.shuffler
            engine.shuffler = lambda cards: self.rng.sample(cards, len(cards))
            try:
                self.state, _ = new_random_game(engine, [f"P{i + 1}" for i in range(players)], self.rng,
                                                self.options)
            finally:
                engine.shuffler = saved
            self.box = Counter(engine.box(self.options))
            self.vines = Counter(engine.vine_box())
            self.previous = self.state

        def _apply(self, action):
            saved = engine.shuffler
            engine.shuffler = lambda cards: self.rng.sample(cards, len(cards))
            try:
                outcome = engine.apply(self.state, action)
            finally:
                engine.shuffler = saved
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

        if on_board:
            # A game on a board is long (hundreds of actions): this rule plays a stretch of it
            # at once, so that the combats of the middle game are reached within the steps.
            @precondition(lambda self: not self.state.over)
            @rule(choice=st.integers(0, 2**16), moves=st.integers(1, 40))
            def several_legal_moves(self, choice, moves):
                rng = random.Random(choice)
                for _ in range(moves):
                    if self.state.over:
                        break
                    action = choose_action(engine, self.state, rng)
                    if action is None:
                        break
                    assert self._apply(action).accepted
                    self.no_card_is_created_or_lost()
                    self.board_holdings_keep_to_the_rules()

        @precondition(lambda self: self.state.over)
        @rule(data=st.data())
        def nothing_after_the_end(self, data):
            candidates = candidate_actions(engine, self.state, random.Random(data.draw(st.integers(0, 99))))
            action = data.draw(st.sampled_from(candidates))
            rejection = engine.check(self.state, action)
            assert rejection is not None and rejection.rule == "ruling/game-over"

        @invariant()
        def no_card_is_created_or_lost(self):
            beans, vines = Counter(), Counter()
            for p in self.state.players:
                for name, cards in p.zones.items():
                    if kinds.get(name, "beans") == "beans":
                        for c in cards:
                            beans.update(c if isinstance(c, list) else [c])
            for name, cards in self.state.zones.items():
                if kinds.get(name, "beans") in ("beans", "vines"):
                    (vines if kinds.get(name) == "vines" else beans).update(cards)
            assert beans == self.box
            assert vines == (self.vines if engine.spec.vines else Counter())
            for category in others:
                cards = Counter(c for cs in self.state.space_cards.values() for c in cs
                                if engine.spec.cards[c].category == category)
                for p in self.state.players:
                    for name, zone in p.zones.items():
                        if kinds.get(name) == category:
                            cards.update(zone)
                for name, zone in self.state.zones.items():
                    if kinds.get(name) == category:
                        cards.update(zone)
                assert cards == Counter(engine.box(self.options, category)), category

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
            old = {p.name: p.zones.get("hand", []) for p in self.previous.players}
            pile = self.previous.zones.get("draw_pile", [])
            discard = self.previous.zones.get("discard", [])
            for p in self.state.players:
                mine = self.previous.player(p.name).zones
                own = [c for name in set_aside for c in mine.get(name, [])]
                assert hand_change_allowed(old[p.name], p.zones.get("hand", []), pile, discard, own), \
                    (old[p.name], p.zones["hand"])

        @invariant()
        def the_state_round_trips_and_validates(self):
            data = self.state.to_json()
            assert S.state_from_data(engine, data, modules).to_json() == data
            assert S.schema_errors(data, "state.schema.json") == []

    Game.TestCase.settings = settings(max_examples=examples(examples_ci), stateful_step_count=30, deadline=None,
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
if settings.default.max_examples > 10:
    MAPS = [str(Path(__file__).resolve().parent.parent / "examples" / "bohnaparte" / "reference-maps.bohn")]
    TestBohnaparte3 = machine(["bohnaparte_maps"], 3, every_option=True, examples_ci=2, rules=MAPS).TestCase
    TestBohnaparte6 = machine(["bohnaparte_maps"], 6, every_option=True, examples_ci=2, rules=MAPS).TestCase
    TestMixed4 = machine(["mixed_maps"], 4, every_option=True, examples_ci=2, rules=MAPS).TestCase
