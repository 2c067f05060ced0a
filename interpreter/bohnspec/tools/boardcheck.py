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
                names = [f"P{i + 1}" for i in range(d.players)]
                new_random_game(engine, names, random.Random(0), None, d.name)
            except SetupError as exc:
                out.append(Diagnostic(d.loc, "error", f"board {d.name!r} is laid for {d.players} players, but a "
                                                      f"game of module {d.module} for {d.players} players refuses "
                                                      f"it: {exc.message}"))
            except BohnspecError:
                continue  # a game that cannot be built at all: the checker's errors say why
    return out
