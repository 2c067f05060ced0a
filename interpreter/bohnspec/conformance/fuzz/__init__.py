"""Differential play (`bohnspec fuzz`): random games through the reference interpreter and an
outside engine in lockstep; the first divergence shrunk to a minimal scenario file.

A game is planned by the reference alone (plan.py): a seeded random table (modules the engine
claims, players, options), the random agent's legal actions, and now and then a *probe*, a
well-formed action the reference refuses (it leaves the state as it was, so the game goes
on). Randomness never crosses the wire, so the reshuffles of the game are recorded into the
starting state's `shuffles` queue; the engine is then loaded with that state and both play
the actions (lockstep.py), every outcome compared: accepted or rejected, the rule id of a
rejection, the events, and the state (its normative part: what the players at the table can
see).

The first difference (or an engine fault: a crash, a hang, a reply that is not the protocol)
is shrunk while it still shows the same way (shrink.py): the actions after it dropped, a later
starting state (the reference's state just before an action), fewer actions, fewer cards,
fewer players. The result is written as a scenario whose expected outcome is the reference's
answer, labelled as such (expectation.py), checked to pass the reference and fail the engine
before it is written (writer.py). campaign.py drives the games and reports its progress;
trial.py holds the data they pass along.
"""

from .campaign import Progress, campaign_json, fuzz
from .expectation import compact_state, scenario_data, short_runs
from .lockstep import Lockstep, compare, deciding_rules, internal_of, normative, reference_play
from .plan import Maps, claims_of, game_rng, module_sets, parts_of, plan_game, read_maps, tables
from .shrink import SHRINK_RUNS, SHRINK_SECONDS, Shrinker, at_path, card_lists, trial_size
from .trial import Adapter, Campaign, Claims, Divergence, Finding, Run, Signature, Trial
from .writer import render, replay_command, verify, write_finding

__all__ = [
    "SHRINK_RUNS", "SHRINK_SECONDS", "Adapter", "Campaign", "Claims", "Divergence", "Finding", "Lockstep", "Maps",
    "Progress", "Run", "Shrinker", "Signature", "Trial", "at_path", "campaign_json", "card_lists",
    "claims_of", "compact_state", "compare", "deciding_rules", "fuzz", "game_rng", "internal_of", "module_sets",
    "normative", "parts_of", "plan_game", "read_maps", "reference_play", "render", "replay_command", "scenario_data",
    "short_runs", "tables", "trial_size", "verify", "write_finding",
]
