"""`bohnspec simulate`: many random games, and statistics of how they went.

The statistics are streamed: each game is summed into running totals as it ends, and nothing
of it is kept, so memory stays flat however many games are played. The games can be shared
among worker processes (`jobs`) or among the workers of a Dask cluster (`executor="dask"`):
the seeds are drawn in order and the results summed in seed order, so the statistics never
depend on who played which game.
"""

from __future__ import annotations

import itertools
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from os import PathLike

from ..errors import BohnspecError, SpecRuntimeError
from ..execution.interpret import Engine, Env
from ..execution.play import GameRecord, random_game, shown_action, standing_of
from ..execution.state import State
from ..language.model import EndRule
from ..language.unparse import unparse

# The engines `--engine` chooses from: the closure interpreter and the rules compiled to
# Python source (identical results).
ENGINES = ("reference", "compiled")


class EngineUnavailable(BohnspecError):
    """The engine asked for is not available in this installation."""


def load_engine(modules: Iterable[str] | None, rules: Iterable[str | PathLike[str]] = (),
                kind: str | None = None) -> Engine:
    """The engine of `kind` for these modules and rules files (None: the compiled engine when
    this installation has one, else the reference interpreter). With BOHNSPEC_ACCELERATE=1 the
    compiled engine's generated module is a C extension too (built once per spec, then cached):
    worth its minute for the many games a simulation plays."""
    import inspect

    from ..execution.accelerate import requested
    from ..execution.interpret import engine_for
    if kind is not None and kind not in ENGINES:
        raise EngineUnavailable(f"unknown engine {kind!r}: choose {' or '.join(ENGINES)}")
    if "engine" in inspect.signature(engine_for).parameters:
        return engine_for(modules, rules, engine=kind or "compiled", accelerate=requested())
    if kind == "compiled":
        raise EngineUnavailable("the compiled engine is not available in this installation: "
                                "use --engine reference")
    return engine_for(modules, rules)


def engine_kind(engine: Engine) -> str:
    """Which of ENGINES `engine` is."""
    return getattr(engine, "kind", "reference")


@dataclass
class Tally:
    """A running mean, least and greatest of a series of whole numbers (the series itself is
    not kept)."""
    count: int = 0
    total: int = 0
    least: int | None = None
    most: int | None = None

    def add(self, x: int) -> None:
        self.count += 1
        self.total += x
        self.least = x if self.least is None or x < self.least else self.least
        self.most = x if self.most is None or x > self.most else self.most

    def extend(self, xs: Iterable[int]) -> None:
        for x in xs:
            self.add(x)

    def summary(self) -> dict | None:
        if not self.count:
            return None
        return {"mean": round(self.total / self.count, 2), "min": self.least, "max": self.most}


@dataclass
class Stats:
    games: int = 0
    ended: int = 0
    seconds: float = 0.0
    turns: Tally = field(default_factory=Tally)
    actions: Tally = field(default_factory=Tally)
    winner_coins: Tally = field(default_factory=Tally)
    loser_coins: Tally = field(default_factory=Tally)
    harvest_sizes: Counter = field(default_factory=Counter)
    harvest_coins: Counter = field(default_factory=Counter)
    rejections: Counter = field(default_factory=Counter)
    endings: Counter = field(default_factory=Counter)
    winners_per_game: Counter = field(default_factory=Counter)
    # The winners rule's first key (a war game's points; the coins of the base game), of the
    # winners and of the others: shown when it is not the coins in some game.
    score_key: str = ""
    winner_score: Tally = field(default_factory=Tally)
    loser_score: Tally = field(default_factory=Tally)
    score_not_coins: bool = False
    # Wins by seat, counted clockwise from the starting player (a shared win shared out): what a
    # designer balancing a card asks first, whether the seat decides.
    seat_wins: dict[int, float] = field(default_factory=dict)
    action_counts: Counter = field(default_factory=Counter)  # actions taken, by type
    event_counts: Counter = field(default_factory=Counter)  # events, by name
    # For each vine card, the events that named it (turned up, moved onto, fulfilled, ...):
    # what a card's author wants to see of it in play.
    vine_cards: dict[str, Counter] = field(default_factory=dict)
    # For each kind of card lying on the board's spaces (a landscape): for each event the
    # number of events that named a space of that kind (attacked, conquered, ...), and under
    # SPACES how many such spaces were laid out, under HELD how many a player held at the end.
    board_cards: dict[str, Counter] = field(default_factory=dict)
    interrupted: bool = False  # stopped by Ctrl-C (or SIGTERM): the statistics of the games played
    # The first games that did not end (stuck, or cut off at --max-actions), UNENDED_KEPT at most.
    unended: list[Unended] = field(default_factory=list)

    def to_json(self) -> dict:
        return {
            "games": self.games, "ended": self.ended, "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
            "turns": self.turns.summary(), "actions": self.actions.summary(),
            "winner_coins": self.winner_coins.summary(), "loser_coins": self.loser_coins.summary(),
            "harvest_sizes": dict(sorted(self.harvest_sizes.items())),
            "harvest_coins": dict(sorted(self.harvest_coins.items())),
            "rejections": dict(self.rejections.most_common()),
            "endings": dict(self.endings.most_common()),
            "unended": [u.to_json() for u in self.unended],
            "winners_per_game": dict(sorted(self.winners_per_game.items())),
            "score_key": self.score_key or None,
            "winner_score": self.winner_score.summary(), "loser_score": self.loser_score.summary(),
            "wins_by_seat": {str(k + 1): round(v, 3) for k, v in sorted(self.seat_wins.items())},
            "action_counts": dict(self.action_counts.most_common()),
            "event_counts": dict(self.event_counts.most_common()),
            "vine_cards": {card: dict(sorted(c.items())) for card, c in sorted(self.vine_cards.items())},
            "board_cards": {card: _board_card_json(c, self.games) for card, c in sorted(self.board_cards.items())},
        }


# Keys of Stats.board_cards that are not events (an event name is an identifier).
SPACES, HELD = "#spaces", "#held"


def _board_card_json(c: Counter, games: int) -> dict:
    """One kind of card on the board: totals, and per game and held-at-the-end figures."""
    events = {k: n for k, n in sorted(c.items()) if k not in (SPACES, HELD)}
    return {"spaces": c[SPACES], "held": c[HELD],
            "held_share": round(c[HELD] / c[SPACES], 3) if c[SPACES] else None,
            "events": events,
            "per_game": {k: round(n / games, 3) for k, n in events.items()} if games else {}}


@dataclass
class GameSummary:
    """What the statistics need of one game: small, so worker processes send it back cheaply."""
    actions: int
    turns: int
    rejections: dict[str, int]
    harvests: list[tuple[int, int]]  # (cards, coins) of each harvest
    ended: bool
    ending: str = ""
    coins: dict[str, int] = field(default_factory=dict)
    winners: list[str] = field(default_factory=list)
    scores: dict[str, int] = field(default_factory=dict)  # the winners rule's first key, where a number
    seats: list[str] = field(default_factory=list)  # the players clockwise from the starting player
    action_counts: dict[str, int] = field(default_factory=dict)
    event_counts: dict[str, int] = field(default_factory=dict)
    vine_events: list[tuple[str, str]] = field(default_factory=list)  # (card, event)
    # On a game with a board: (card, event) for each event naming a space, by the card lying
    # there; (card, held) for each space of the final state, held: whether a player holds it.
    space_events: list[tuple[str, str]] = field(default_factory=list)
    spaces: list[tuple[str, bool]] = field(default_factory=list)
    stuck: bool = False  # nobody had a legal action left (GameRecord.stuck)
    seed: int | None = None
    # Of a game that did not end: where it stopped, and its last state (State.to_json), for a
    # designer to judge why nobody could go on (round 83's designer saw only a count).
    where: dict | None = None
    final: dict | None = None


def holders_of(engine: Engine) -> tuple[str, ...]:
    """The variables of a space that name a player (who holds the space)."""
    return tuple(n for n, v in engine.spec.vars.items() if v.per_space and v.type == "player")


def summarise(rec: GameRecord, vines: frozenset[str] = frozenset(), engine: Engine | None = None,
              holders: tuple[str, ...] = (), seed: int | None = None) -> GameSummary:
    """The statistics' share of one game; `vines` are the vine card names of the spec,
    `holders` the space variables naming who holds a space (holders_of), `engine` the
    interpreter, to name the end rule that held, `seed` the game's own (random_game's)."""
    summary = GameSummary(
        actions=len(rec.actions), turns=rec.turns, rejections=dict(rec.rejections), stuck=rec.stuck, seed=seed,
        # (A designer's rules may emit `harvested` without these keys: such a harvest is not tallied.)
        harvests=[(e["cards"], e["coins"]) for e in rec.events
                  if e["event"] == "harvested" and type(e.get("cards")) is int and type(e.get("coins")) is int],
        ended=rec.ended,
        action_counts=dict(Counter(a["type"] for a in rec.actions)),
        event_counts=dict(Counter(e["event"] for e in rec.events)),
        vine_events=[(e["card"], e["event"]) for e in rec.events if e.get("card") in vines])
    board = rec.state.board
    if board is not None:
        cards = {s: (c[0] if c else None) for s, c in rec.state.space_cards.items()}
        for e in rec.events:
            # The first space an event names is the one it is about (an attack's target, not
            # the steppe its riders come from).
            where = next((v for k, v in e.items() if k != "event" and isinstance(v, str) and v in board), None)
            card = cards.get(where) if where is not None else None
            if card:
                summary.space_events.append((card, e["event"]))
        for s in board.ids:
            card = cards.get(s)
            if card:
                held = any(rec.state.space_vars.get(s, {}).get(h) is not None for h in holders)
                summary.spaces.append((card, held))
    if rec.ended:
        summary.ending = _ending(rec, engine)
        summary.coins = {p.name: len(p.zones.get("coins", [])) for p in rec.state.players}
        summary.winners = list(rec.state.winners)
        names = rec.state.names()
        if rec.state.starting_player in names:
            first = names.index(rec.state.starting_player)
            summary.seats = names[first:] + names[:first]
        if engine is not None and engine.spec.winners is not None:
            standing = {p: standing_of(engine, rec.state, p) for p in names}
            summary.scores = {p: k[0] for p, k in standing.items() if k and k[0] != -1}
    else:
        # (the turns begun, the first one's event raised by the setup among them)
        summary.where = {"phase": rec.state.phase, "active": rec.state.active,
                         "turn": sum(1 for e in rec.events if e["event"] == "turn")}
        summary.final = rec.state.to_json()
    return summary


def add(stats: Stats, g: GameSummary, max_actions: int) -> None:
    stats.games += 1
    stats.actions.add(g.actions)
    stats.turns.add(g.turns)
    stats.rejections.update(g.rejections)
    stats.action_counts.update(g.action_counts)
    stats.event_counts.update(g.event_counts)
    for card, event in g.vine_events:
        stats.vine_cards.setdefault(card, Counter())[event] += 1
    for card, event in g.space_events:
        stats.board_cards.setdefault(card, Counter())[event] += 1
    for card, held in g.spaces:
        c = stats.board_cards.setdefault(card, Counter())
        c[SPACES] += 1
        c[HELD] += held
    for cards, coins in g.harvests:
        stats.harvest_sizes[cards] += 1
        stats.harvest_coins[coins] += 1
    if g.ended:
        stats.ended += 1
        stats.endings[g.ending] += 1
        stats.winners_per_game[len(g.winners)] += 1
        stats.winner_coins.extend(g.coins[w] for w in g.winners)
        stats.loser_coins.extend(c for p, c in g.coins.items() if p not in g.winners)
        stats.winner_score.extend(v for p, v in g.scores.items() if p in g.winners)
        stats.loser_score.extend(v for p, v in g.scores.items() if p not in g.winners)
        stats.score_not_coins = stats.score_not_coins or any(g.coins.get(p) != v for p, v in g.scores.items())
        for seat, p in enumerate(g.seats):
            if p in g.winners:
                stats.seat_wins[seat] = stats.seat_wins.get(seat, 0.0) + 1 / len(g.winners)
    else:
        # A game nobody had a legal action left in is stuck (a designer's forbid that takes away
        # a player's only way on), which is not a game too long.
        how = STUCK if g.stuck else f"unfinished after {max_actions} actions"
        stats.endings[how] += 1
        if len(stats.unended) < UNENDED_KEPT:
            stats.unended.append(Unended(g.seed, how, g.actions, g.where or {}, g.final))


# How a game that nobody could go on with is told, and how many of the games that did not end
# are kept (the first ones, in seed order) to be shown and written as situations.
STUCK = "stuck: nobody had a legal action"
UNENDED_KEPT = 10


@dataclass
class Unended:
    """A game that did not end: its own seed, how it stopped, after how many actions, where
    (phase, active player, turns begun) and its last state as JSON."""
    seed: int | None
    how: str
    actions: int
    where: dict
    state: dict | None = None

    def to_json(self) -> dict:
        return {"seed": self.seed, "how": self.how, "actions": self.actions, **self.where}

    def said(self) -> str:
        w = self.where
        at = f", in phase {w['phase']} of {w['active']}'s turn (turn {w['turn']})" if w else ""
        return f"game seed {self.seed}: {self.how}{at}, after {self.actions} actions"


def game_seeds(seed: int, games: int) -> Iterator[int]:
    """The seed of each game: drawn in order from `seed`, whatever the number of workers
    (one at a time: a million games need no list of a million seeds)."""
    seeds = random.Random(seed)
    for _ in range(games):
        yield seeds.randrange(2**32)


# The executors that share games among workers: processes of this machine, or a Dask cluster.
EXECUTORS = ("processes", "dask")


@dataclass(frozen=True)
class Table:
    """What a worker needs to play the games of one run: it loads the engine itself."""
    modules: tuple[str, ...]
    rules: tuple[str, ...]
    names: tuple[str, ...]
    options: tuple[tuple[str, str], ...]
    max_actions: int
    engine: str
    board: str | None = None  # a declared board named for every game (None: the options choose)

    def play(self, seed: int) -> GameSummary:
        engine = load_engine(list(self.modules), list(self.rules), self.engine)
        rec = random_game(engine, list(self.names), seed, dict(self.options) or None, max_actions=self.max_actions,
                          board=self.board)
        return summarise(rec, frozenset(engine.spec.vines), engine, holders_of(engine), seed)


def _setup_consistent(engine: Engine, names: list[str], seed: int, options: dict | None, board: str | None) -> None:
    """The first game's setup holds what every situation of the game holds (the spec's
    invariants, the cards of the box), or the rules' error: round 83's third designer's
    `define last_exhaustion = 0` ended every game after one action, counted as ordinary ends."""
    from ..conformance.scenario import check_consistency
    from ..errors import ScenarioError
    from ..execution.play import seeded_game
    from ..execution.play import random_game
    state, _ = seeded_game(engine, names, random.Random(seed), seed, options, board)
    try:
        check_consistency(engine, state)
    except ScenarioError as exc:
        said = exc.message.replace("; the situation could not come about in a game, so it is refused", "")
        raise SpecRuntimeError(None, f"the game these rules set up (seed {seed}) breaks what every situation of the "
                                     f"game holds, at {exc.path}: {said}") from None
    # Every situation of the first game too: rules whose play reaches a state their own
    # invariants refuse contradict themselves (round 97's designer: a phase of his own with
    # revealed cards on the table, which `card_phases` did not name, played 30 games with no
    # word, and conform then blamed his scenario starting there).
    rec = random_game(engine, names, seed, options, max_actions=_FIRST_GAME_CHECKED, record=True, board=board)
    for k, after in enumerate((rec.states or [])[1:], 1):
        try:
            check_consistency(engine, after)
        except ScenarioError as exc:
            said = exc.message.replace("; the situation could not come about in a game, so it is refused", "")
            met = SpecRuntimeError(None, f"these rules play into a situation they themselves refuse (the game of "
                                         f"seed {seed}, after action {k}: {shown_action(rec.actions[k - 1])}), at "
                                         f"{exc.path}: {said}; the rules contradict themselves: mend the invariant "
                                         "or the move")
            met.met_in_game = (seed, k - 1, rec.actions[k - 1])  # type: ignore[attr-defined]
            raise met from None


# The actions of the first game whose every situation simulate checks (the whole game, as a
# rule: a few hundred).
_FIRST_GAME_CHECKED = 6000


def simulate(engine: Engine, players: int, games: int, seed: int, options: dict | None = None,
             max_actions: int = 6000, progress: Callable[[int, int], object] | None = None, jobs: int = 1,
             modules: list[str] | None = None, rules: list[str] | tuple[str, ...] = (),
             executor: str = "processes", scheduler: str | None = None, board: str | None = None) -> Stats:
    """Play `games` seeded random games; the same seed always gives the same games and, with
    any number of `jobs` or either executor, the same statistics (only the time differs).

    With `jobs` > 1 the games are shared among worker processes; with `executor="dask"` among
    the workers of the Dask cluster at `scheduler` (a local cluster of `jobs` workers when
    None). Workers load the spec of `modules` (and extra `rules` files) themselves, with the
    engine `engine` is (reference or compiled). Ctrl-C ends the run early: the statistics are
    those of the games played, marked `interrupted`. `board`: a declared board every game is
    played on, instead of the one the options choose for the table."""
    table = Table(tuple(sorted(engine.spec.chosen or ["base"]) if modules is None else modules), tuple(rules),
                  tuple(f"P{i + 1}" for i in range(players)), tuple(sorted((options or {}).items())),
                  max_actions, engine_kind(engine), board)
    _setup_consistent(engine, list(table.names), next(game_seeds(seed, 1)), options, board)
    seeds = game_seeds(seed, games)
    stats = Stats()
    if engine.spec.winners is not None and engine.spec.winners.keys:
        stats.score_key = unparse(engine.spec.winners.keys[0])
    started = time.perf_counter()
    results: Iterator[GameSummary]
    if executor == "dask":
        results = _dask_results(table, seeds, jobs, scheduler)
    elif jobs <= 1 or games == 1:
        vines, holders = frozenset(engine.spec.vines), holders_of(engine)
        results = (summarise(random_game(engine, list(table.names), s, options, max_actions=max_actions, board=board),
                             vines, engine, holders, s) for s in seeds)
    else:
        results = _process_results(table, seeds, min(jobs, games), games)
    try:
        for n, g in enumerate(results):
            add(stats, g, max_actions)
            if progress:
                progress(n + 1, games)
    except KeyboardInterrupt:
        stats.interrupted = True
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()  # ends the workers (a generator's `finally`)
    stats.seconds = time.perf_counter() - started
    return stats


def executor_name(executor: str, jobs: int, scheduler: str | None = None) -> str:
    """Who played the games, for the statistics' title: "2 processes", "dask (2 workers)",
    "dask at tcp://10.0.0.5:8786"."""
    if executor == "dask":
        return f"dask at {scheduler}" if scheduler else f"dask ({jobs} worker{'' if jobs == 1 else 's'})"
    return f"{jobs} process{'' if jobs == 1 else 'es'}"


def _process_results(table: Table, seeds: Iterable[int], jobs: int, games: int) -> Iterator[GameSummary]:
    import multiprocessing

    pool = multiprocessing.get_context("spawn").Pool(jobs, initializer=_worker_init, initargs=(table,))
    try:
        # Small chunks keep the progress bar moving and the workers evenly loaded; imap
        # keeps the games in seed order, so the statistics do not depend on the workers.
        yield from pool.imap(_worker_game, seeds, chunksize=max(1, min(16, games // (8 * jobs))))
    finally:
        pool.terminate()
        pool.join()


_WORKER: dict[str, Table] = {}


def _worker_init(table: Table) -> None:
    import signal

    # Ctrl-C reaches the whole process group: the parent alone answers it (and stops the pool).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _WORKER["table"] = table


def _worker_game(seed: int) -> GameSummary:
    return _WORKER["table"].play(seed)


# ------------------------------------------------------------ Dask

# Games per Dask task (a task has a cost of its own: a few milliseconds), and tasks in flight
# per worker (enough to keep every worker busy, few enough to keep memory flat).
DASK_CHUNK = 16
DASK_AHEAD = 4
# How long to wait for a scheduler given by address before giving up, in seconds.
SCHEDULER_TIMEOUT = 10


def _play_chunk(table: Table, seeds: list[int]) -> list[GameSummary]:
    return [table.play(s) for s in seeds]


def _dask_results(table: Table, seeds: Iterable[int], jobs: int, scheduler: str | None) -> Iterator[GameSummary]:
    """The games played by the workers of a Dask cluster, in seed order: chunks of seeds go
    out as tasks, a bounded number at a time, and come back in the order they went."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise EngineUnavailable('--executor dask needs Dask: pip install "bohnspec[dask]"') from None
    import collections

    cluster = None
    if scheduler is None:
        cluster = LocalCluster(n_workers=max(1, jobs), threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
    else:
        try:
            client = Client(scheduler, timeout=SCHEDULER_TIMEOUT)
        except (OSError, TimeoutError) as exc:
            raise EngineUnavailable(f"--scheduler {scheduler}: cannot reach a Dask scheduler there ({exc})") from None
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        seeds = iter(seeds)
        chunks = iter(lambda: list(itertools.islice(seeds, DASK_CHUNK)), [])
        pending: collections.deque = collections.deque()
        for chunk in itertools.islice(chunks, workers * DASK_AHEAD):
            pending.append(client.submit(_play_chunk, table, chunk, pure=False))
        while pending:
            done = pending.popleft().result()
            nxt = next(chunks, None)
            if nxt is not None:
                pending.append(client.submit(_play_chunk, table, nxt, pure=False))
            yield from done
    finally:
        for f in pending:
            f.cancel()
        client.close()
        if cluster is not None:
            cluster.close()


def _ending(rec: GameRecord, engine: Engine | None = None) -> str:
    """How a game ended: the spec's `end when` rule that holds in the final state, named by
    the rulebook paragraphs it cites (a rule both war games share cites both books: the first
    alone would name Dschingis Bohn in a game of Bohnaparte; of those, the books played) and its
    condition, so a module's own endings show as it declares them."""
    from ..conformance.deciding import in_play

    held = _end_rule_held(engine, rec.state) if engine is not None else None
    if held is None or engine is None:
        return "over, though no end rule holds in the final state"
    paragraphs = ", ".join(in_play(engine.spec, [c for c in held.cites if not c.startswith("ruling/")])) \
        or held.rule_id
    return f"{paragraphs}: end when {unparse(held.condition)}"


def _end_rule_held(engine: Engine, state: State) -> EndRule | None:
    """The first `end when` rule whose condition holds in `state` (None if none does)."""
    env = Env(engine, state)
    for rule, cond in engine._ends:
        env.locals = {}
        try:
            if cond(env):
                return rule
        except SpecRuntimeError:
            continue
    return None


def render(stats: Stats, title: str, unended_hint: str = "") -> str:
    """The statistics as text under `title`: tallies, harvests, endings (with the first games
    that did not end, and `unended_hint` under them), actions and events per game, the vine
    cards and the board's cards when there are any, the refusals met."""
    data = stats.to_json()
    lines = [title, ""]

    def row(name: str, value: object) -> None:
        lines.append(f"  {name:30} {value}")

    def fmt(s: dict | None) -> str:
        return "-" if s is None else f"mean {s['mean']:>7}   min {s['min']:>5}   max {s['max']:>5}"

    row("games (ended)", f"{stats.games} ({stats.ended})")
    turns = f", {stats.turns.total / stats.seconds:.0f} turns/s" if stats.seconds else ""
    row("time", f"{stats.seconds:.2f}s  ({data['games_per_second']} games/s{turns})")
    row("turns per game", fmt(data["turns"]))
    row("actions per game", fmt(data["actions"]))
    row("coins of a winner", fmt(data["winner_coins"]))
    row("coins of a loser", fmt(data["loser_coins"]))
    if stats.score_not_coins:
        key = stats.score_key or "winners rule, first key"
        row(f"{key} of a winner"[:30], fmt(data["winner_score"]))
        row(f"{key} of a loser"[:30], fmt(data["loser_score"]))
    if stats.seat_wins and stats.ended:
        seats = max(stats.seat_wins) + 1
        row("wins by seat (1: starts)", "  ".join(f"{k + 1}: {100 * stats.seat_wins.get(k, 0.0) / stats.ended:.0f}%"
                                                  for k in range(seats)) + "  (a tie shared out)")
    total = sum(stats.harvest_sizes.values()) or 1
    lines.append("\n  harvests by size (cards: share)")
    lines.append("    " + "  ".join(f"{k}: {100 * v / total:.0f}%" for k, v in sorted(stats.harvest_sizes.items())))
    lines.append("  harvests by coins earned (coins: share)")
    lines.append("    " + "  ".join(f"{k}: {100 * v / total:.0f}%" for k, v in sorted(stats.harvest_coins.items())))
    lines.append("\n  how games ended")
    for how, n in stats.endings.most_common():
        lines.append(f"    {n:>6}  {how}")
    if stats.unended:
        lines.append(f"  the first {'game' if len(stats.unended) == 1 else f'{len(stats.unended)} games'} "
                     "that did not end")
        lines.extend(f"    {u.said()}" for u in stats.unended)
        if unended_hint:
            lines.append(f"    {unended_hint}")
    games = stats.games or 1
    lines.append("\n  actions per game, by type (mean)")
    lines.extend(_columns([(k, f"{n / games:.1f}") for k, n in stats.action_counts.most_common()]))
    lines.append("  events per game (mean)")
    lines.extend(_columns([(k, f"{n / games:.1f}") for k, n in stats.event_counts.most_common()]))
    if stats.vine_cards:
        kinds = sorted({k for c in stats.vine_cards.values() for k in c})
        width = max(len(card) for card in stats.vine_cards)
        lines.append("\n  vine cards: events naming the card, per game (mean)")
        lines.append("    " + f"{'card':{width}}" + "".join(f"  {k:>14}" for k in kinds))
        for card, c in sorted(stats.vine_cards.items()):
            lines.append("    " + f"{card:{width}}" + "".join(f"  {c[k] / games:>14.2f}" for k in kinds))
    if stats.board_cards:
        lines.extend(_board_table(stats))
    lines.append("\n  action types refused whatever their parameters, while choosing (rule: count)")
    for rule, n in stats.rejections.most_common(12):
        lines.append(f"    {n:>8}  {rule}")
    return "\n".join(lines)


# The events shown first in the table of the board's cards, when there are such events.
_BOARD_FIRST = ("attack", "conquered", "repelled")


def _board_table(stats: Stats) -> list[str]:
    """Per kind of card on the board: how many lay out, events naming such a space per game,
    and the share held by a player at the end."""
    games = stats.games or 1
    kinds = sorted({k for c in stats.board_cards.values() for k in c} - {SPACES, HELD})
    kinds = [k for k in _BOARD_FIRST if k in kinds] + [k for k in kinds if k not in _BOARD_FIRST]
    width = max(len(card) for card in stats.board_cards)
    widths = [max(9, len(k)) for k in kinds]
    out = ["\n  the board: events naming a space, per game (mean), by the card lying there",
           "    " + f"{'card':{width}}  {'spaces':>6}  {'held at end':>11}"
           + "".join(f"  {k:>{w}}" for k, w in zip(kinds, widths))]
    for card, c in sorted(stats.board_cards.items(), key=lambda kv: (-kv[1][SPACES], kv[0])):
        held = f"{100 * c[HELD] / c[SPACES]:.0f}%" if c[SPACES] else "-"
        out.append("    " + f"{card:{width}}  {c[SPACES] / games:>6.2f}  {held:>11}"
                   + "".join(f"  {c[k] / games:>{w}.2f}" for k, w in zip(kinds, widths)))
    return out


def _columns(items: list[tuple[str, str]], per_line: int = 4) -> list[str]:
    """`name value` pairs, a few to a line, aligned."""
    cells = [f"{name:>18} {value:>7}" for name, value in items]
    return ["  " + "".join(cells[i:i + per_line]) for i in range(0, len(cells), per_line)]
