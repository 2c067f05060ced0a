"""The campaign: games planned in turn over the module sets the engine claims, each played in
lockstep until one diverges (then shrunk and written), `games` were played or `minutes`
passed; the tally as data for `bohnspec fuzz --json`."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path

from ...errors import BohnspecError
from ..protocol import ProtocolAdapter
from ..runner import not_compared
from .lockstep import Lockstep
from .plan import Maps, claims_of, game_rng, module_sets, plan_game, setup_engine, tables
from .shrink import SHRINK_RUNS, SHRINK_SECONDS, Shrinker
from .trial import JSON, Adapter, Campaign, Finding
from .writer import write_finding

# Called after each game and before a shrinking: (the campaign so far, --games or None, the
# monotonic deadline of --minutes or None, "playing" or "shrinking").
Progress = Callable[[Campaign, int | None, float | None, str], None]


def fuzz(command: str, modules: list[str] | None = None, players: int | None = None, games: int | None = None,
         minutes: float | None = None, seed: int = 1, out: Path = Path("fuzz-scenarios"), timeout: float = 5.0,
         max_actions: int = 2000, progress: Progress | None = None, shrink_runs: int = SHRINK_RUNS,
         shrink_seconds: float = SHRINK_SECONDS, adapter: Adapter | None = None,
         maps: Maps | None = None, rules: Sequence[str] = ()) -> Campaign:
    """Play random games through the reference and the engine until one diverges (shrunk and
    written), `games` were played or `minutes` passed; the games of the modules `maps` are
    for are set up on their boards too (plan.read_maps); `rules`: files of one's own modules
    (new vine cards, landscapes) loaded with spec/ by the reference. Raises BohnspecError for bad input
    and EngineFault when the engine fails its handshake."""
    engine: Adapter = adapter if adapter is not None else ProtocolAdapter(command, timeout, rules)
    campaign = Campaign(maps=maps.path if maps is not None else None, rules=list(rules))
    started = time.monotonic()
    playable: list[list[str]] = []
    try:
        ensure = getattr(engine, "ensure", None)
        if ensure is not None:
            ensure()  # the handshake: what the engine claims decides what is played and compared
        claims = claims_of(engine)
        campaign.not_compared = not_compared(dict(claims))
        sets, skipped = module_sets(claims["modules"], modules, rules)
        campaign.skipped = skipped
        if modules is not None and skipped and not sets:
            raise BohnspecError("--modules: nothing to play: " +
                                "; ".join(f"{m}: {why}" for m, why in skipped.items()))
        for ms in sets:
            if tables(ms, players, claims, maps, rules):
                playable.append(ms)
            else:
                # (a war game has maps in its books for some tables only: the others are laid on
                # maps of a file; round 97's outside engine was given no hint)
                hint = ""
                if maps is None and setup_engine(list(ms), None, rules).spec.boards:
                    hint = ("; the rulebooks give maps for some numbers of players only: lay the others with --maps "
                            "FILE (examples/bohnaparte/reference-maps.bohn holds Bohnaparte's and the mixed game's "
                            "for four to six)")
                campaign.skipped["+".join(ms)] = "no table can be set up" + (
                    f" with {players} player{'' if players == 1 else 's'}" if players is not None else "") + hint
        if not playable:
            raise BohnspecError("nothing to play: " + ("; ".join(f"{m}: {why}" for m, why in campaign.skipped.items())
                                                       or "the engine claims no module"))
        lockstep = Lockstep(engine, claims)
        deadline = started + minutes * 60 if minutes is not None else None
        game = 0
        while (games is None or game < games) and (deadline is None or time.monotonic() < deadline):
            ms = playable[game % len(playable)]
            trial, probes = plan_game(ms, players, claims, game_rng(seed, game), max_actions, maps, rules)
            run = lockstep.run(trial, deadline)
            if run.invalid:
                raise BohnspecError(f"internal error: the reference refuses its own game {game}: {run.invalid}")
            if run.unsupported:
                # Not a divergence: the engine says it lacks what the game needs, and the
                # summary says what was not tested.
                campaign.unsupported[run.unsupported] = campaign.unsupported.get(run.unsupported, 0) + 1
            campaign.games += 1
            _count_table(campaign, ms, trial.state)
            # (the board is sent inline: counted by the name it was laid by; round 97's outside
            # engine was warned that no game was set up on the file's boards, every one had been)
            if trial.on_map is not None:
                campaign.maps_played += 1
            d = run.divergence
            if run.unsupported or run.cut:
                played = run.compared
            else:
                played = len(trial.actions) if d is None else (d.step + 1 if d.step is not None else 0)
            campaign.actions += played
            campaign.probes += sum(1 for i in probes if i < played)
            if trial.ended and d is None and not run.unsupported and not run.cut:
                campaign.games_ended += 1
            if progress:
                progress(campaign, games, deadline, "playing")
            if d is not None:
                if progress:
                    progress(campaign, games, deadline, "shrinking")
                shrinker = Shrinker(lockstep, d.signature, shrink_runs, shrink_seconds)
                # (what diverged, up to the diverging action: never more than was played; round
                # 95's tester had the whole game written, 519 steps past the divergence)
                diverged = trial.again(trial.state, trial.actions[:d.step + 1]) if d.step is not None else trial
                try:
                    small = shrinker.shrink(trial, d)
                    final = lockstep.run(small).divergence
                except KeyboardInterrupt:
                    # Interrupted while shrinking: the divergence found stands and is written, as
                    # small as the shrinking had made it (it had been told `no divergence`).
                    campaign.interrupted = True
                    small, final = shrinker.best or diverged, shrinker.best_divergence or d
                if final is None or final.signature != d.signature:  # not reproducible: keep what diverged
                    small, final = diverged, d
                finding = Finding(game, seed, ms, played, small, final, shrink_runs=shrinker.runs)
                write_finding(finding, Path(out), engine, claims, command, timeout)
                campaign.finding = finding
                break
            game += 1
    except KeyboardInterrupt:
        campaign.interrupted = True
    finally:
        campaign.seconds = time.monotonic() - started
        _not_reached(campaign, playable, games)
        close = getattr(engine, "close", None)
        if close is not None:
            close()
    return campaign


def _count_table(campaign: Campaign, ms: list[str], start: JSON) -> None:
    """One more game of these modules, at the table (players, options) its start state shows."""
    if ms not in campaign.modules:
        campaign.modules.append(ms)
        campaign.table_games.append(0)
        campaign.table_players.append({})
        campaign.table_options.append({})
    i = campaign.modules.index(ms)
    campaign.table_games[i] += 1
    n = len(start.get("players") or [])
    campaign.table_players[i][n] = campaign.table_players[i].get(n, 0) + 1
    options = options_text(start.get("options") or {})
    campaign.table_options[i][options] = campaign.table_options[i].get(options, 0) + 1


def options_text(options: dict) -> str:
    """Options as one text ("beans=garden, x=y"; "" for none)."""
    return ", ".join(f"{k}={v}" for k, v in sorted(options.items()))


def _not_reached(campaign: Campaign, planned: list[list[str]], games: int | None) -> None:
    """The planned tables no game was played at, and why: the campaign stopped first."""
    if campaign.interrupted:
        why = "interrupted first"
    elif campaign.finding is not None:
        why = f"the campaign stopped at the first divergence (game {campaign.finding.game})"
    elif games is not None and campaign.games >= games:
        why = f"the campaign ended first (--games {games})"
    else:
        why = "the campaign ended first (--minutes)"
    for ms in planned:
        if ms not in campaign.modules:
            campaign.skipped["+".join(ms)] = why


def campaign_json(campaign: Campaign, seed: int) -> JSON:
    """The campaign as data (`bohnspec fuzz --json`)."""
    out: JSON = {"seed": seed, "games": campaign.games, "games_ended": campaign.games_ended,
                 "actions": campaign.actions, "probes": campaign.probes,
                 "seconds": round(campaign.seconds, 3),
                 "modules": [{"modules": ms, "games": n, "players": {str(k): v for k, v in sorted(players.items())},
                              "options": dict(sorted(options.items()))}
                             for ms, n, players, options in zip(campaign.modules, campaign.table_games,
                                                                campaign.table_players, campaign.table_options)],
                 "not_played": campaign.skipped, "unsupported": campaign.unsupported,
                 "not_compared": campaign.not_compared,
                 "diverged": campaign.finding is not None}
    if campaign.maps is not None:
        out["maps"] = campaign.maps
        out["maps_played"] = campaign.maps_played
    if campaign.rules:
        out["rules"] = campaign.rules
    if campaign.interrupted:
        out["interrupted"] = True
    f = campaign.finding
    if f is not None:
        d = f.divergence
        out["finding"] = {
            "scenario": str(f.path) if f.path else None, "replay": f.replay, "verified": f.verified,
            "note": f.note, "game": f.game, "modules": f.modules, "verdict": d.verdict,
            "kind": d.signature[2], "action": f.trial.actions[d.step] if d.step is not None else None,
            "problems": d.problems, "original_actions": f.original_actions, "actions": len(f.trial.actions),
            "players": len(f.trial.state.get("players", [])), "shrinking_runs": f.shrink_runs,
        }
    return out
