"""Actions of a designer's rules file whose legal moves cannot be listed: each is planned once,
as the protocol's `legal`, judge and random play plan it, so a parameter without a range to
choose from (an `int` with no upper bound) is told by `bohnspec check` at the action's line
instead of in the middle of a simulation."""

from __future__ import annotations

from collections.abc import Sequence
from os import PathLike

from ..errors import BohnspecError, Diagnostic, SpecRuntimeError
from ..language.model import Action
from ..language.spec import parse_files, spec_files


def unlistable_actions(files: Sequence[str | PathLike[str]]) -> list[Diagnostic]:
    """An error for each action `files` declare whose legal values cannot be enumerated;
    spec/'s own actions are not asked."""
    from ..execution.interpret import engine_for
    from ..execution.moves import plan_listing

    official = {f.path for f in parse_files(spec_files())}
    out: list[Diagnostic] = []
    for parsed in parse_files(list(files)):
        if parsed.path in official:
            continue
        for d in parsed.decls:
            if not isinstance(d, Action):
                continue
            try:
                engine = engine_for([d.module], list(files))
            except BohnspecError:
                continue  # rules that cannot be built alone: the checker's errors say why
            try:
                plan_listing(engine, d.name)
            except SpecRuntimeError as exc:
                out.append(Diagnostic(exc.location or d.loc, "error", exc.message))
    return out
