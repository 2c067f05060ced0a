"""Random play of Dschingis Bohn: whole games for 3, 4 and 5 players under every option.

Properties of every random game: it never crashes and always ends; no card is created or lost
(the bean cards in every zone, players' `front` and `cart` and the shared `neutral_front`
included; the landscape cards on the spaces, in `box`, in players' `plunder` and in the
`landscapes` deck always make the landscape box); no player ever has more spaces than tokens
(12); no river is ever held or attacked; a rejected action changes nothing. Plus `bohnspec
simulate --modules dschingis` and its statistics per landscape.

Games come from bohnspec.execution.play, seeded (a failure names its seed and options). Example counts
follow the hypothesis profile (conftest.py): BOHNSPEC_HYPOTHESIS_PROFILE=long plays many more.
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter

import pytest
from hypothesis import assume, given, settings, strategies as st

from bohnspec.conformance import scenario as S
from bohnspec.tools.cli import main
from bohnspec.execution.interpret import engine_for
from bohnspec.execution.play import candidate_actions, choose_action, legal_actions, random_game
from bohnspec.tools.simulate import simulate

import helpers
from test_fast_paths import agree, choices_agree

MODULES = ["dschingis"]
SIZES = [3, 4, 5]
MAX_ACTIONS = 4000
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
FIXED_SEED = 1871
# The landscape that can be neither entered nor held (dschingis/landscapes/7).
RIVER = "river"


def engine():
    return engine_for(MODULES)


def option_draws():
    """Every option of the game, each value equally likely."""
    return st.fixed_dictionaries({name: st.sampled_from(list(o.values))
                                  for name, o in sorted(engine().spec.options.items())})


@functools.lru_cache(maxsize=32)
def game(n: int, seed: int, options: tuple = ()):
    """One recorded random game (cached: several properties look at the same games)."""
    return random_game(engine(), helpers.PLAYERS[:n], seed, options=dict(options) or None,
                       max_actions=MAX_ACTIONS, record=True)


def key(options: dict) -> tuple:
    return tuple(sorted(options.items()))


# ------------------------------------------------------------ the properties

def bean_cards(eng, state) -> Counter:
    """Every bean card of the state, wherever it lies (fields flattened)."""
    kinds = {name: z.cards for name, z in eng.spec.zones.items()}
    out: Counter = Counter()
    for p in state.players:
        for name, cards in p.zones.items():
            if kinds.get(name) == "beans":
                for c in cards:
                    out.update(c if isinstance(c, list) else [c])
    for name, cards in state.zones.items():
        if kinds.get(name) == "beans":
            out.update(cards)
    return out


def category_cards(eng, state, category: str) -> Counter:
    """Every card of a category other than beans: on the board's spaces and in its zones."""
    kinds = {name: z.cards for name, z in eng.spec.zones.items()}
    out: Counter = Counter()
    for cards in state.space_cards.values():
        out.update(c for c in cards if eng.spec.cards[c].category == category)
    for p in state.players:
        for name, cards in p.zones.items():
            if kinds.get(name) == category:
                out.update(cards)
    for name, cards in state.zones.items():
        if kinds.get(name) == category:
            out.update(cards)
    return out


def check_state(eng, state, options, where: str):
    beans = bean_cards(eng, state)
    box = Counter(eng.box(options))
    assert beans == box, f"{where}: beans missing {dict(box - beans)}, extra {dict(beans - box)}"
    for category in sorted({c.category for c in eng.spec.cards.values()} - {"beans"}):
        cards, everything = category_cards(eng, state, category), Counter(eng.box(options, category))
        assert cards == everything, \
            f"{where}: {category} cards missing {dict(everything - cards)}, extra {dict(cards - everything)}"
    tokens = eng.define_value(state, "tokens_per_player")
    held = Counter(v["owner"] for v in state.space_vars.values() if v.get("owner") is not None)
    assert set(held) <= set(state.names()), where
    assert all(n <= tokens for n in held.values()), f"{where}: more spaces than tokens: {dict(held)}"
    for s, cards in state.space_cards.items():
        assert len(cards) <= 1, f"{where}: space {s} holds {cards}"
        if cards == [RIVER]:
            assert state.space_vars[s]["owner"] is None, f"{where}: the river on {s} is held"


def check_game(eng, rec, options, label: str):
    assert rec.ended and rec.state.over, f"{label}: no end within {MAX_ACTIONS} actions"
    assert len(rec.actions) < MAX_ACTIONS
    assert rec.state.winners and set(rec.state.winners) <= set(rec.state.names()), label
    for i, state in enumerate(rec.states):
        check_state(eng, state, options, f"{label}, after action {i}: {rec.actions[i - 1] if i else 'setup'}")
    rivers = {s for s, c in rec.state.space_cards.items() if c == [RIVER]}
    for e in rec.events:
        assert e.get("target") not in rivers or e["event"] not in ("attack", "conquered", "combat"), (label, e)
    # The game ends by the last exhaustion of the draw pile or a player's loss of his last landscape.
    last = eng.define_value(rec.state, "last_exhaustion")
    assert rec.state.vars["exhaustions"] >= last or rec.state.vars["landless"] is not None, label
    assert set(rec.rejections) <= helpers.known_rule_ids(eng.spec), label
    assert legal_actions(eng, rec.state) == []


def check_rejections(eng, state, actions):
    """Every rejected action leaves the state as it was and names a known rule."""
    known = helpers.known_rule_ids(eng.spec)
    before = state.to_json()
    for action in actions:
        rejection = eng.check(state, action)
        outcome = eng.apply(state, action)
        if rejection is None:
            assert outcome.accepted, action
            continue
        assert not outcome.accepted and outcome.rejection.rule == rejection.rule, action
        assert outcome.state is state and outcome.events == []
        assert rejection.rule in known, f"{action} rejected with unknown rule {rejection.rule!r}"
        assert state.to_json() == before, f"the rejected action {action} changed the state"


@pytest.mark.parametrize("n", SIZES)
def test_dschingis_random_games_keep_every_property(n):
    """Every table size with a fixed seed and the default options: every property, every state."""
    eng = engine()
    rec = game(n, FIXED_SEED + n)
    check_game(eng, rec, {}, f"{n} players, seed {FIXED_SEED + n}")
    kinds = Counter(a["type"] for a in rec.actions)
    # The agent is sensible enough to fight: camps are chosen and landscapes attacked.
    assert kinds["choose_camp"] == n - 1
    assert kinds["attack"] + kinds["charge"] > 0
    for state in rec.states[:: max(1, len(rec.states) // 8)] + [rec.state]:
        data = state.to_json()
        assert S.schema_errors(data, "state.schema.json") == []
        assert S.state_from_data(eng, data, MODULES).to_json() == data


@settings(max_examples=helpers.examples(2), deadline=None)
@given(n=st.sampled_from(SIZES), seed=SEEDS, options=option_draws())
def test_dschingis_random_play_ends_and_conserves_everything(n, seed, options):
    check_game(engine(), game(n, seed, key(options)), options, f"{n} players, seed {seed}, options {options}")


@settings(max_examples=helpers.examples(2), deadline=None)
@given(n=st.sampled_from(SIZES), seed=SEEDS, options=option_draws(), data=st.data())
def test_dschingis_rejected_candidates_leave_the_state_unchanged(n, seed, options, data):
    eng = engine()
    rec = game(n, seed, key(options))
    picks = data.draw(st.lists(st.integers(0, len(rec.states) - 1), min_size=1, max_size=5), label="states")
    for i in picks:
        state = rec.states[i]
        candidates = candidate_actions(eng, state, random.Random(i))
        assume(candidates)
        check_rejections(eng, state, candidates)
        assert all(eng.check(state, a) is None for a in legal_actions(eng, state, random.Random(i)))


def test_candidates_name_spaces_and_the_combat_card_sources():
    """Random play offers the board's spaces and the card references the war actions take."""
    eng = engine()
    rec = game(4, FIXED_SEED + 4)
    state = next(s for s in rec.states if s.phase == "attack" and not s.over)
    offered = candidate_actions(eng, state, random.Random(1))
    targets = {a["target"] for a in offered if a["type"] == "attack"}
    assert targets and targets <= set(state.board.ids)
    cards = {a["with"] for a in offered if a["type"] == "attack"}
    assert "draw_pile 1" in cards and any(c.startswith("hand ") for c in cards)


def test_the_agent_defends_with_its_best_card():
    """A defender picks the card with the highest number most often (the stack counts its mean)."""
    eng = engine()
    for n, seed in [(4, FIXED_SEED + 4), (3, FIXED_SEED + 3), (5, FIXED_SEED + 5)]:
        rec = game(n, seed)
        waiting = [s for s in rec.states if s.vars.get("choice") == "defend" and not s.over]
        if waiting:
            break
    assert waiting, "no random game reached a defence"
    state = waiting[0]
    chooser = state.vars["chooser"]
    hand = state.player(chooser).zones["hand"]
    picks = Counter()
    for i in range(60):
        action = choose_action(eng, state, random.Random(i))
        if action["type"] == "defend":
            picks[action["with"]] += 1
    numbers = {f"hand {k + 1}": eng.spec.varieties[c].count for k, c in enumerate(hand)}
    pile = state.zones["draw_pile"] or eng.box({})
    numbers["draw_pile 1"] = sum(eng.spec.varieties[c].count for c in pile) / len(pile)
    best = max(numbers.values())
    favourite = picks.most_common(1)[0][0]
    assert numbers[favourite] >= best - 2, (numbers, picks)


@settings(max_examples=helpers.examples(2), deadline=None)
@given(n=st.sampled_from(SIZES), seed=SEEDS, data=st.data())
def test_dschingis_shortcuts_agree_with_the_published_order(n, seed, data):
    """The shortcuts random play takes (enabled pairs, narrowed spaces and card references)
    give the answers of the full check in Dschingis states too (see test_fast_paths)."""
    eng = engine()
    rec = game(n, seed)
    picks = data.draw(st.lists(st.integers(0, len(rec.states) - 1), min_size=1, max_size=4), label="states")
    for i in picks:
        agree(eng, rec.states[i], random.Random(i))
        choices_agree(eng, rec.states[i], random.Random(i))


# ------------------------------------------------------------ simulate

def test_simulate_reports_every_landscape_on_the_board():
    eng = engine()
    stats = simulate(eng, 4, 2, seed=11, max_actions=MAX_ACTIONS)
    assert stats.games == 2 and stats.ended == 2
    data = stats.to_json()["board_cards"]
    # Every kind of landscape laid out, 19 spaces a game.
    assert sum(d["spaces"] for d in data.values()) == 19 * 2
    assert set(data) <= {c for c, v in eng.spec.cards.items() if v.category != "beans"}
    for _card, d in data.items():
        assert 0 <= d["held"] <= d["spaces"]
        assert d["per_game"] == {k: round(v / 2, 3) for k, v in d["events"].items()}
    if RIVER in data:
        assert data[RIVER]["held"] == 0 and data[RIVER]["events"].get("attack", 0) == 0
    # Every camp is chosen and stays held by someone; every attack and conquest is counted once.
    assert data["camp"]["held"] == data["camp"]["spaces"]
    total = Counter()
    for d in data.values():
        total.update(d["events"])
    assert total["attack"] == stats.event_counts["attack"]
    assert total["conquered"] == stats.event_counts["conquered"]


def test_simulate_dschingis_from_the_command_line(tmp_path, capsys):
    """Same seed, same games; two workers give the same statistics; the table names the landscapes."""
    runs = {}
    for jobs in ("1", "2"):
        path = tmp_path / f"jobs{jobs}.json"
        assert main(["simulate", "--modules", "dschingis", "--players", "3", "--games", "2", "--seed", "4",
                     "--jobs", jobs, "--option", "plunder=on", "--json", str(path), "-q"]) == 0
        runs[jobs] = json.loads(path.read_text())
    for data in runs.values():
        del data["seconds"], data["games_per_second"]
    assert runs["1"] == runs["2"]
    assert runs["1"]["options"] == {"beans": "garden", "plunder": "on"}
    assert runs["1"]["board_cards"]["camp"]["spaces"] == 2 * 3
    out = capsys.readouterr().out
    assert "the board: events naming a space" in out and "held at end" in out
    assert "how games ended" in out


def test_simulate_refuses_an_unknown_option(capsys):
    assert main(["simulate", "--modules", "dschingis", "--games", "1", "--option", "layout=begginer"]) == 2
    assert "did you mean 'beginner'?" in capsys.readouterr().err
    assert main(["simulate", "--modules", "dschingis", "--games", "1", "--option", "plunder"]) == 2
