"""Which rulebook paragraphs (and rulings) are cited by spec clauses and by scenarios."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import scenario as S
from ..errors import ScenarioError
from ..language.model import Action, Ruling
from ..language.paragraphs import index as paragraph_index
from ..language.spec import build, parse_files, spec_files

if TYPE_CHECKING:
    from ..language.spec import Spec


def _clause_citations(spec: Spec) -> dict[str, list[str]]:
    """paragraph or ruling id -> locations of the clauses citing it (rulings themselves excluded)."""
    out: dict[str, list[str]] = {}

    def add(cites, loc):
        for c in cites:
            out.setdefault(c, []).append(str(loc))

    for d in spec.all_decls():
        if isinstance(d, Ruling):
            continue
        add(d.cites, d.loc)
        if isinstance(d, Action):
            for c in d.clauses:
                add(c.cites, c.loc)
    for e in spec.extends:
        for c in e.clauses:
            add(c.cites, c.loc)
    return out


def _scenario_citations() -> tuple[dict[str, list[str]], list[str]]:
    out: dict[str, list[str]] = {}
    broken = []
    for _, sc in S.corpus():
        if isinstance(sc, ScenarioError):
            broken.append(str(sc))
            continue
        for c in sc.cites:
            out.setdefault(c, []).append(sc.id)
    return out, broken


def coverage(book: str | None = None) -> dict:
    spec = build(parse_files(spec_files()), None)
    clauses = _clause_citations(spec)
    scenarios, broken = _scenario_citations()
    rows: list[dict[str, Any]] = []
    for pid, para in paragraph_index().items():
        if book and para.book != book:
            continue
        rows.append({"id": pid, "normative": para.normative, "note": para.note,
                     "clauses": clauses.get(pid, []), "scenarios": scenarios.get(pid, [])})
    rulings = [{"id": r.id, "clauses": clauses.get(r.id, []), "scenarios": scenarios.get(r.id, [])}
               for r in spec.rulings.values()]
    books: dict[str, dict] = {}
    for r in rows:
        b = books.setdefault(r["id"].split("/")[0], {"paragraphs": 0, "normative": 0, "with_clause": 0,
                                                     "with_scenario": 0, "covered": 0})
        b["paragraphs"] += 1
        if r["normative"]:
            b["normative"] += 1
            b["with_clause"] += bool(r["clauses"])
            b["with_scenario"] += bool(r["scenarios"])
            b["covered"] += bool(r["clauses"] and r["scenarios"])
    return {"books": books, "paragraphs": rows, "rulings": rulings, "broken_scenarios": broken}


def render(report: dict, missing_only: bool = False) -> str:
    lines = []
    current = None
    for r in report["paragraphs"]:
        complete = bool(r["clauses"] and r["scenarios"]) or not r["normative"]
        if missing_only and complete:
            continue
        book = r["id"].split("/")[0]
        if book != current:
            current = book
            lines.append(f"\n{book}")
            lines.append(f"  {'paragraph':38} {'clauses':>7} {'scenarios':>9}")
        if not r["normative"]:
            mark = f"  (informative: {r['note']})"
        elif not complete:
            lacking = (x for x, ok in (("no clause", r["clauses"]), ("no scenario", r["scenarios"])) if not ok)
            mark = "  <- " + " and ".join(lacking)
        else:
            mark = ""
        lines.append(f"  {r['id']:38} {len(r['clauses']):>7} {len(r['scenarios']):>9}{mark}")
    if report["rulings"] and not missing_only:
        lines.append("\nrulings")
        for r in report["rulings"]:
            lines.append(f"  {r['id']:38} {len(r['clauses']):>7} {len(r['scenarios']):>9}")
    lines.append("\ntotals (normative paragraphs)")
    lines.append(f"  {'book':16} {'normative':>9} {'clause':>7} {'scenario':>9} {'both':>6}")
    for book, b in report["books"].items():
        lines.append(f"  {book:16} {b['normative']:>9} {b['with_clause']:>7} {b['with_scenario']:>9} {b['covered']:>6}")
    for msg in report["broken_scenarios"]:
        lines.append(f"warning: unreadable scenario skipped: {msg}")
    return "\n".join(lines).lstrip("\n")
