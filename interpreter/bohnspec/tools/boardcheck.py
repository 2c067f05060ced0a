"""Boards that no game can be set up on: each board a designer's rules file declares for a
player count is laid out once, by a new game of its module for that many players, and the
setup's refusal (the camps the map lacks, the cards of a kind it holds too many of) is told at
the board's line. `bohnspec check` runs it on the files it is given; the rules themselves say
what a map must hold (the setups' `require`), so nothing here names a rule."""

from __future__ import annotations

import random
from collections.abc import Sequence
from os import PathLike

from ..errors import BohnspecError, Diagnostic, SetupError
from ..language.model import Board
from ..language.spec import parse_files, spec_files


def unusable_boards(files: Sequence[str | PathLike[str]]) -> list[Diagnostic]:
    """An error for each board of `files` (declared `for N players`) that a new game of its
    module for N players refuses; boards of spec/ are the books' and are not asked."""
    from ..execution.interpret import engine_for
    from ..execution.play import new_random_game

    official = {f.path for f in parse_files(spec_files())}
    out: list[Diagnostic] = []
    for parsed in parse_files(list(files)):
        if parsed.path in official:
            continue
        for d in parsed.decls:
            if not isinstance(d, Board) or d.players is None:
                continue
            try:
                engine = engine_for([d.module], list(files))
            except BohnspecError:
                continue  # a game that cannot be built at all: the checker's errors say why
            names = [f"P{i + 1}" for i in range(d.players)]
            refused: SetupError | None = None
            # The board is usable when a game under some choice of the options takes it: one
            # laid `when layout == beginner` is tried under that layout (round 69's designer
            # had a good board refused, tried under the default layout only).
            for options in _choices(engine):
                try:
                    new_random_game(engine, names, random.Random(0), options or None, d.name)
                    refused = None
                    break
                except SetupError as exc:
                    refused = refused or exc
                except BohnspecError:
                    refused = None
                    break  # not a setup's refusal: the checker's errors say why
            if refused is not None:
                out.append(Diagnostic(d.loc, "error", f"board {d.name!r} is laid for {d.players} players, but a "
                                                      f"game of module {d.module} for {d.players} players refuses "
                                                      f"it: {refused.message}"))
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
