"""What differential play plays and finds: a trial (a starting state and the actions played
from it), a divergence of the engine from the reference, the outcome of one run, a shrunk
finding and the campaign's tally; the engine's claims and the adapter the lockstep drives."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NotRequired, Protocol, TypedDict

from .. import scenario as S

# A JSON object: an action, a reply, a state in its JSON form.
JSON = dict[str, Any]
# How a divergence shows: (verdict, the action's type or "load", what differed). A shrunk
# divergence must keep it.
Signature = tuple[str, str, str]


class Claims(TypedDict):
    """What the engine claims in its hello (conformance/PROTOCOL.md, "Capabilities"), as far as
    differential play uses it: the modules played and which parts of a reply are compared."""
    modules: list[str]
    rule_ids: bool
    events: bool
    internal_state: bool
    options: dict[str, list[str]] | None
    legal_actions: NotRequired[bool]  # the engine answers `legal`: its lists are compared too


class Adapter(Protocol):
    """An engine the lockstep plays: conformance.protocol.ProtocolAdapter (an outside engine)
    or conformance.inprocess.InProcess. `capabilities`, `ensure`, `restart` and `close` are
    used where the adapter has them."""

    def start(self, sc: S.Scenario) -> JSON: ...

    def apply(self, action: JSON) -> JSON: ...


@dataclass
class Trial:
    """A starting state (the reference's full JSON form) and the actions played from it."""
    modules: list[str]
    state: JSON
    actions: list[JSON]
    ended: bool = False  # the reference's game reached its end within the actions planned
    # Rules files loaded with spec/ (`fuzz --rules`): a designer's modules the game plays.
    rules: tuple[str, ...] = ()
    # The board of `fuzz --maps` the game was set up on, by name (the engine is sent it inline).
    on_map: str | None = None

    def again(self, state: JSON, actions: list[JSON]) -> Trial:
        """The same game (its modules and rules files) from `state` with `actions`, whether it
        ends not known: a candidate of the shrinking."""
        return Trial(self.modules, state, actions, rules=self.rules)


@dataclass
class Divergence:
    step: int | None  # index of the action, None: the loaded state itself
    verdict: str  # failed, or the fault's verdict (errored, timeout, protocol-error)
    problems: list[str]
    signature: Signature
    reference: JSON | None = None  # the reference's reply to the action
    engine: JSON | None = None  # the engine's reply (None after a fault)
    before: JSON | None = None  # the reference's state before the action
    stderr: str = ""
    # A legal list that differs (signature `legal`): the action the engine lists that the rules
    # refuse, or the one the rules allow that it does not list, played after the trial's actions
    # in the scenario written, with the reference's reply to it.
    extra: JSON | None = None
    extra_reply: JSON | None = None


@dataclass
class Run:
    divergence: Divergence | None = None
    invalid: str = ""  # the reference refused the trial itself (a shrink gone too far)
    unsupported: str = ""  # the engine answered `unsupported` (protocol 2): nothing to compare from there on
    compared: int = 0  # with `unsupported` or `cut`: the actions compared before it
    cut: bool = False  # the campaign's time ran out during the game: compared up to `compared`


@dataclass
class Finding:
    """A divergence, shrunk, and the scenario written for it."""
    game: int
    seed: int
    modules: list[str]
    original_actions: int  # the actions played up to and including the diverging one
    trial: Trial
    divergence: Divergence
    path: Path | None = None
    verified: bool = False
    note: str = ""  # why the scenario could not be verified, if it could not
    shrink_runs: int = 0  # how many candidates the shrinking played
    replay: str = ""  # the command that replays the written scenario


@dataclass
class Campaign:
    games: int = 0
    games_ended: int = 0  # games played to their end (not cut off at the most actions planned)
    actions: int = 0
    probes: int = 0
    seconds: float = 0.0
    modules: list[list[str]] = field(default_factory=list)  # the tables played, in the order first played
    table_games: list[int] = field(default_factory=list)  # the games played of each of them
    # Of each of them, the games played by each number of players, and with each choice of
    # options ("beans=garden"; "" for a game with none).
    table_players: list[dict[int, int]] = field(default_factory=list)
    table_options: list[dict[str, int]] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)  # a module or table ("base+duo") -> why it is not played
    finding: Finding | None = None
    interrupted: bool = False
    unsupported: dict[str, int] = field(default_factory=dict)  # what the engine said it lacks -> games
    maps: str | None = None  # the rules file of boards games were also set up on (--maps)
    maps_played: int = 0  # the games set up on a board of that file
    rules: list[str] = field(default_factory=list)  # rules files of one's own modules (--rules)
    # What was compared in no game, the engine not claiming it (runner.COMPARED_BY's keys).
    not_compared: list[str] = field(default_factory=list)
