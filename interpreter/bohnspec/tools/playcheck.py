"""A designer's rules files checked by playing them, for `bohnspec check`: each board declared
for a player count is laid out by a new game of its module for that many players (the setup's
refusal, the camps the map lacks, told at the board's line), and each action is planned as
listing its legal actions plans it (a parameter without a range to choose from, an `int` with
no upper bound, told at the action's line instead of in the middle of a simulation). The rules
themselves say what a map must hold (the setups' `require`), so nothing here names a rule."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from os import PathLike

from ..errors import BohnspecError, Diagnostic, SetupError, SpecRuntimeError
from ..language.model import Action, Board
from ..language.spec import parse_files, spec_files


def _own_declarations(files: Sequence[str | PathLike[str]], kind: type) -> Iterator[tuple]:
    """Each declaration of `kind` in `files` outside spec/ (the books' own are not asked), with
    the engine of its module; one whose rules cannot be built alone is left to the checker's
    errors, which say why."""
    from ..execution.interpret import engine_for

    official = {f.path for f in parse_files(spec_files())}
    for parsed in parse_files(list(files)):
        if parsed.path in official:
            continue
        for d in parsed.decls:
            if not isinstance(d, kind):
                continue
            try:
                engine = engine_for([d.module], list(files))
            except BohnspecError:
                continue
            yield d, engine


def checked_in_play(files: Sequence[str | PathLike[str]], diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """The checker's `diagnostics` of a designer's `files` and, where it found no error, what
    playing them tells (unusable_boards, unlistable_actions): what `check` says, and what the
    commands that check a `--rules` file first refuse it for."""
    if any(d.severity == "error" for d in diagnostics):
        return diagnostics
    return [*diagnostics, *unusable_boards(files), *unlistable_actions(files)]


def unusable_boards(files: Sequence[str | PathLike[str]]) -> list[Diagnostic]:
    """An error for each board of `files` (declared `for N players`) that a new game of its
    module for N players refuses under every choice of the options."""
    from ..execution.play import new_random_game

    out: list[Diagnostic] = []
    for d, engine in _own_declarations(files, Board):
        if d.players is None:
            continue
        names = [f"P{i + 1}" for i in range(d.players)]
        refused: SetupError | None = None
        by_default: SetupError | None = None  # the refusal under the default options
        # The board is usable when a game under some choice of the options takes it: one
        # laid `when layout == beginner` is tried under that layout (round 69's designer
        # had a good board refused, tried under the default layout only).
        for options in _choices(engine):
            if not engine.board_allowed(d.name, options or None):
                # (only the options the board's own `when` lays it under: round 96's designer was
                # told to play with layout=beginner a map laid `when layout == random`)
                continue
            try:
                new_random_game(engine, names, random.Random(0), options or None, d.name)
                refused = None
                break
            except SetupError as exc:
                refused = refused or exc
                if not options:
                    by_default = exc
            except BohnspecError:
                refused = None
                break  # not a setup's refusal: the checker's errors say why
        if refused is not None:
            out.append(Diagnostic(d.loc, "error", f"board {d.name!r} is laid for {d.players} players, but a "
                                                  f"game of module {d.module} for {d.players} players refuses "
                                                  f"it: {refused.message}"))
        elif by_default is not None and engine.board_allowed(d.name, None):
            # (a board for any options that only some take: round 83's second designer's map
            # held a space more than the default game's cards, and only cavalry=on played it)
            chosen = ", ".join(f"{k}={v}" for k, v in options.items())
            out.append(Diagnostic(d.loc, "warning", f"board {d.name!r} is laid under the default options, but "
                                                    f"a game of module {d.module} for {d.players} players under "
                                                    f"them refuses it: {by_default.message} (it is "
                                                    f"played with {chosen}; say so with `when ...`, or mend "
                                                    "it)"))
    return out


def unlistable_actions(files: Sequence[str | PathLike[str]]) -> list[Diagnostic]:
    """An error for each action `files` declare whose legal values cannot be enumerated."""
    from ..execution.moves import plan_listing

    out: list[Diagnostic] = []
    for d, engine in _own_declarations(files, Action):
        try:
            plan_listing(engine, d.name)
        except SpecRuntimeError as exc:
            out.append(Diagnostic(exc.location or d.loc, "error", exc.message))
    return out


# The most choices of the options a board is tried under (the defaults first).
_MOST_CHOICES = 64


def _choices(engine) -> list[dict[str, str]]:
    """The choices of the engine's options, the defaults first, at most _MOST_CHOICES."""
    out: list[dict[str, str]] = [{}]
    for name, option in engine.spec.options.items():
        others = [v for v in option.values if v != option.default]
        out = out + [{**c, name: v} for c in out for v in others][:max(0, _MOST_CHOICES - len(out))]
    return out
