"""The paragraphs that decide the reference's answer to one action: what a failing step's
"decided by" names, so that a reader goes to the rule the engine got wrong rather than to
the action's general clause."""

from __future__ import annotations

from typing import Any

from ..execution.interpret import Outcome, Rejection
from ..language.model import Clause, Forbid
from ..language.spec import Spec

LIMIT = 6  # more than this reads as "everything", which helps no one


def refusing_cites(spec: Spec, action: Any, rejection: Rejection) -> list[str]:
    """Every citation of the clause (or forbid) that refuses `action`, the rule id first."""
    kind = str(action.get("type")) if isinstance(action, dict) else ""
    refusing: list[Clause | Forbid] = [*spec.clauses_of(kind), *spec.forbids]
    for decl in refusing:
        if decl.loc == rejection.where and decl.cites:
            return list(dict.fromkeys([rejection.rule, *decl.cites]))
    return [rejection.rule]


def deciding_paragraphs(spec: Spec, action: Any, outcome: Outcome, named: set | frozenset = frozenset(),
                        theirs: list | None = None) -> list[str]:
    """The paragraphs behind the reference's `outcome` of `action`: the refusing clause's
    citations; else those of the declarations that emitted the events the step `named`,
    then of those (other than the action itself) that emitted events the engine did not
    report alike (`theirs`: its events; None: unknown, so every such event counts): the
    procedure that computes a harvest's coins, say, not the harvest. The action's own
    citations come last."""
    if outcome.rejection is not None:
        return refusing_cites(spec, action, outcome.rejection)
    kind = action.get("type") if isinstance(action, dict) else None
    out: list[str] = []
    for event, frames in zip(outcome.events, outcome.sources):
        if event.get("event") in named and frames:
            out.extend(getattr(frames[-1], "cites", ()) or ())
    for event, frames in zip(outcome.events, outcome.sources):
        if frames and frames[-1].name != kind and (theirs is None or event not in theirs):
            out.extend(getattr(frames[-1], "cites", ()) or ())
    decl = spec.actions.get(kind) if isinstance(kind, str) else None
    out.extend(getattr(decl, "cites", ()) or ())
    return list(dict.fromkeys(out))[:LIMIT]
