"""Games played to their end, and positions near the end, for every module; with the game's
invariants that hold in any module (cards conserved, hands kept in order) and at its end
(nothing accepted, winners as the rulebooks say).

A base game takes some 600 actions: properties that start from a new game with a few steps
never see a reshuffle, the last exhaustion or the final scoring. These helpers hand them
positions that seeded random play reaches late in a game, and the means to play on from
there with randomness of their own (passed with each action: the engines are shared).
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from bohnspec.execution.interpret import Engine, engine_for
from bohnspec.execution.play import candidate_actions, choose_action, legal_actions, random_game

MAPS = (str(Path(__file__).resolve().parent.parent / "examples" / "bohnaparte" / "reference-maps.bohn"),)
MAX_ACTIONS = 4000
GAME_OVER = "ruling/game-over"


@dataclass(frozen=True)
class Game:
    """A module as random play plays it: which modules, rules files, table and options."""
    label: str
    modules: tuple[str, ...]
    players: int
    options: tuple = ()
    rules: tuple[str, ...] = ()
    # The seed of its game in tests/test_end_of_game.py: one that reaches the late game (the
    # draw pile reshuffled), not one a conquest ends early.
    seed: int = 2024

    def engine(self) -> Engine:
        return engine_for(list(self.modules), self.rules)

    def names(self) -> list[str]:
        return [f"P{i + 1}" for i in range(self.players)]


# One game of each module (Bohnaparte's own map is lost, so it plays on the reference maps:
# ruling/bohnaparte-map-is-input).
GAMES = {g.label: g for g in [
    Game("base", ("base",), 4),
    Game("base-jumping", ("base",), 3, (("beans", "jumping"),)),
    Game("bohnroeschen", ("bohnroeschen",), 4),
    Game("duo", ("duo",), 2),
    Game("solo", ("solo",), 1),
    Game("dschingis", ("dschingis",), 4, (("plunder", "on"),)),
    Game("bohnaparte", ("bohnaparte_maps",), 3, (), MAPS, seed=2025),
    Game("mixed", ("mixed_maps",), 4, (("cavalry", "mixed"),), MAPS),
]}


def shuffler(rng: random.Random):
    return lambda cards: rng.sample(cards, len(cards))


@functools.lru_cache(maxsize=48)
def recorded_game(modules: tuple, rules: tuple, names: tuple, options: tuple, seed: int):
    """A seeded random game, every state recorded (cached: never mutate it)."""
    rec = random_game(engine_for(list(modules), rules), list(names), seed, options=dict(options) or None,
                      max_actions=MAX_ACTIONS, record=True)
    assert rec.ended, f"{modules}, {dict(options)}, seed {seed}: no end within {MAX_ACTIONS} actions"
    return rec


def recorded(label: str, seed: int):
    """The seeded random game of a module of GAMES."""
    g = GAMES[label]
    return recorded_game(g.modules, g.rules, tuple(g.names()), tuple(sorted(g.options)), seed)


def seeds(n: int) -> list[int]:
    """`n` seeds of recorded games to start late positions from: few, so that the recorded
    games are shared by the tests (the first, the only one under the ci profile, is
    tests/test_end_of_game.py's); positions and play from them vary all the same."""
    return [2024, *range(max(n, 1) - 1)]


def near_the_end(modules, rules, names, options: dict, seed: int, before_end: int):
    """The position of a seeded random game `before_end` actions before its end (or its start,
    in a shorter game): still open, the end within reach."""
    rec = recorded_game(tuple(modules), tuple(rules), tuple(names), tuple(sorted(options.items())), seed)
    return rec.states[max(0, len(rec.states) - 1 - before_end)]


def late_start(label: str, seed: int) -> int:
    """The index of the first recorded state after the first exhaustion of the draw pile (a
    reshuffle follows), or of the last tenth of the game in a module that never gets there."""
    states = recorded(label, seed).states
    first = next((i for i, state in enumerate(states) if (state.vars.get("exhaustions") or 0) >= 1),
                 len(states) * 9 // 10)
    return min(first, len(states) - 2)  # a position before the last action: the game still open


def play_on(engine: Engine, state, rng: random.Random, max_actions: int = MAX_ACTIONS, check=None):
    """Random legal play from `state` to the end: the states after each action. `check(before,
    action, outcome)` is called on each; the game must end, and never leave a player stuck."""
    states = [state]
    for _ in range(max_actions):
        if state.over:
            return states
        action = choose_action(engine, state, rng)
        assert action is not None, f"nobody can act, yet the game is not over: {state.to_json()}"
        outcome = engine.apply(state, action, shuffler=shuffler(rng))
        assert outcome.accepted, (action, outcome.rejection)
        if check is not None:
            check(state, action, outcome)
        state = outcome.state
        states.append(state)
    raise AssertionError(f"no end within {max_actions} actions of random play")


# ------------------------------------------------------------ invariants of any module

def card_counts(engine: Engine, state) -> dict[str, Counter]:
    """category -> the cards of that category wherever they lie (fields flattened, cards on
    the board's spaces included)."""
    kinds = {n: z.cards for n, z in engine.spec.zones.items()}
    out: dict[str, Counter] = {}

    def add(zone_name, cards):
        bucket = out.setdefault(kinds.get(zone_name, "beans"), Counter())
        for c in cards:
            bucket.update(c if isinstance(c, list) else [c])

    for p in state.players:
        for name, cards in p.zones.items():
            add(name, cards)
    for name, cards in state.zones.items():
        add(name, cards)
    for cards in state.space_cards.values():
        for c in cards:
            out.setdefault(engine.spec.cards[c].category, Counter()).update([c])
    return {k: v for k, v in out.items() if v}


def the_box(engine: Engine, options: dict) -> dict[str, Counter]:
    """category -> every card of that category in the game."""
    out = {"beans": Counter(engine.box(options))}
    if engine.spec.vines:
        out["vines"] = Counter(engine.vine_box())
    for category in {c.category for c in engine.spec.cards.values()} - {"beans", "vines"}:
        out[category] = Counter(engine.box(options, category))
    return {k: v for k, v in out.items() if v}


def conservation_problems(engine: Engine, state, box: dict[str, Counter]) -> list[str]:
    have = card_counts(engine, state)
    return [f"{category}: missing {dict(box.get(category, Counter()) - have.get(category, Counter()))}, "
            f"extra {dict(have.get(category, Counter()) - box.get(category, Counter()))}"
            for category in sorted(set(box) | set(have)) if box.get(category) != have.get(category)]


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


def set_aside_rows(engine: Engine) -> list[str]:
    """A player's own rows of bean cards that an expansion adds (a Dschingis cart, a
    Bohnaparte sutler): cards may go from there into the hand."""
    return [n for n, z in engine.spec.zones.items()
            if z.per_player and z.kind == "row" and z.cards == "beans" and z.module != "base"]


def hand_problems(engine: Engine, before, after) -> list[str]:
    pile = before.zones.get("draw_pile", [])
    discard = before.zones.get("discard", [])
    rows = set_aside_rows(engine)
    out = []
    for p in after.players:
        old = before.player(p.name).zones.get("hand", [])
        new = p.zones.get("hand", [])
        own = [c for name in rows for c in before.player(p.name).zones.get(name, [])]
        if not hand_change_allowed(old, new, pile, discard, own):
            out.append(f"{p.name}'s hand {old} -> {new}")
    return out


# ------------------------------------------------------------ the end of a game

def after_the_end_problems(engine: Engine, state, rng: random.Random) -> list[str]:
    """Once the game is over nothing is legal, and every action anyone could try is refused
    (ruling/game-over) without changing the state."""
    assert state.over
    out = []
    if legal_actions(engine, state, rng):
        out.append("actions are legal after the end")
    before = state.to_json()
    candidates = candidate_actions(engine, state, rng)
    if not candidates:
        out.append("no action to try after the end")
    for action in candidates:
        outcome = engine.apply(state, action, shuffler=shuffler(rng))
        if outcome.accepted:
            out.append(f"accepted after the end: {action}")
        elif outcome.rejection.rule != GAME_OVER:
            out.append(f"refused after the end with {outcome.rejection.rule}, not {GAME_OVER}: {action}")
    if state.to_json() != before:
        out.append("an action after the end changed the state")
    return out


def winner_problems(label: str, state, events: list[dict]) -> list[str]:
    """The winners as the rulebooks decide them, for the games whose scoring is plain to count;
    in every game, the game_over event names the winners of the final state."""
    names = state.names()
    coins = {p.name: len(p.zones.get("coins", [])) for p in state.players}
    out = []
    game_over = [e for e in events if e.get("event") == "game_over"]
    if len(game_over) != 1 or game_over[0].get("winners") != state.winners:
        out.append(f"game_over events {game_over} do not name the winners {state.winners}")
    if not set(state.winners) <= set(names):
        out.append(f"winners {state.winners} are not players")
    if label.startswith("base"):
        # bohnanza/end/3-4: most coins; a tie goes to the player furthest clockwise from the
        # starting player.
        out.extend(_clockwise_winner(state, coins, "coins"))
    elif label in ("bohnroeschen", "duo"):
        # bohnroeschen/end/6: the most coins among the players in the castle; all tied win.
        castle = [p.name for p in state.players if p.vars.get("in_castle")]
        best = max((coins[n] for n in castle), default=None)
        expected = [n for n in castle if coins[n] == best]
        if sorted(state.winners) != sorted(expected):
            out.append(f"in the castle {castle}, coins {coins}: {expected} win, not {state.winners}")
    elif label == "solo":
        # bohnroeschen/solo/5: won only in the castle, and not lost.
        p = state.players[0]
        won = bool(p.vars.get("in_castle")) and not state.vars.get("lost")
        if state.winners != ([p.name] if won else []):
            out.append(f"solo: in castle {p.vars.get('in_castle')}, lost {state.vars.get('lost')}: "
                       f"winners {state.winners}")
    else:
        out.extend(_clockwise_winner(state, war_points(state), "points"))
    return out


# Victory points of the war games' cards that are worth other than one (dschingis/end,
# bohnaparte/town/1, bohnaparte/river/1, mixed: each card keeps its own).
TOWNS = {"town", "dschingis_town"}
RIVERS = {"river", "dschingis_river"}


def war_points(state) -> dict[str, int]:
    """Each player's victory points as the rulebooks count them: one per territory held, three
    per town (one once burnt, dschingis/variants/2), none for a river; one per fortress under a
    territory held (ruling/fortress-points-to-holder); one per plundered card."""
    points = {p.name: len(p.zones.get("plunder", [])) for p in state.players}
    for space, space_vars in state.space_vars.items():
        owner = space_vars.get("owner")
        if owner is None:
            continue
        card = state.space_cards[space][0]
        worth = 0 if card in RIVERS else 1 if space_vars.get("burnt") else 3 if card in TOWNS else 1
        points[owner] += worth + (1 if space_vars.get("fortress") else 0)
    return points


def _clockwise_winner(state, score: dict[str, int], what: str) -> list[str]:
    """The highest score wins; a tie goes to the tied player seated furthest clockwise from the
    starting player (bohnanza/end/4, ruling/war-ties)."""
    names = state.names()
    start = names.index(state.starting_player)
    best = max(score.values())
    tied = [n for n in names if score[n] == best]
    furthest = max(tied, key=lambda n: (names.index(n) - start) % len(names))
    if state.winners != [furthest]:
        return [f"{what} {score}, starting player {state.starting_player}: {furthest} wins, not {state.winners}"]
    return []


def end_reason_problems(label: str, engine: Engine, state) -> list[str]:
    """The game ended for a reason its rules give."""
    exhausted = (state.vars.get("exhaustions") or 0) >= engine.define_value(state, "last_exhaustion")
    if label.startswith("base"):
        reason = exhausted  # bohnanza/end/1
    elif label in ("bohnroeschen", "duo"):
        reason = any(p.vars.get("in_castle") for p in state.players)  # bohnroeschen/end/2
    elif label == "solo":
        reason = bool(state.vars.get("lost")) or bool(state.players[0].vars.get("in_castle"))
    else:
        held = Counter(v.get("owner") for v in state.space_vars.values() if v.get("owner") is not None)
        reason = (exhausted or state.vars.get("landless") is not None  # ruling/end-after-last-landscape
                  or (label != "dschingis" and max(held.values(), default=0) >= 12))  # ruling/twelve-territories
    return [] if reason else [f"{label}: the game ended for no reason of its rules: {state.vars}"]
