"""`bohnspec explain ID`: a paragraph, ruling or clause, in the spec's own words, with its
source, what it cites, what cites it, and the scenarios that test it."""

from __future__ import annotations

import re
from pathlib import Path

from . import paths
from . import scenario as S
from .errors import BohnspecError, ScenarioError
from .interpret import suggest
from .model import Action, Board, Decl, Module, Ruling
from .paragraphs import index as paragraph_index
from .spec import build, parse_files, spec_files


def _sources(files) -> dict[str, list[str]]:
    out = {}
    for f in files:
        try:
            out[f.path] = Path(f.path).read_text(encoding="utf-8").splitlines()
        except OSError:
            out[f.path] = []
    return out


def declaration_text(decl: Decl, lines: list[str], next_line: int | None) -> tuple[str, str]:
    """(the comment above the declaration, its source text), cut from the file's lines."""
    start = decl.loc.line - 1
    end = (next_line - 1) if next_line else len(lines)
    body = lines[start:end]
    while body and (not body[-1].strip() or body[-1].strip().startswith("//")):
        body.pop()
    doc = []
    i = start - 1
    while i >= 0 and lines[i].strip().startswith("//"):
        doc.insert(0, lines[i].strip()[2:].strip())
        i -= 1
    return " ".join(doc), "\n".join(body)


def _scenario_index() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for f in S.scenario_files([paths.SCENARIOS]):
        try:
            sc = S.load(f)
        except ScenarioError:
            continue
        for c in sc.cites:
            out.setdefault(c, []).append(sc.id)
    return out


def _rulebook_text(pid: str) -> str | None:
    books = paths.rulebooks_dir()
    if books is None:
        return None
    book = pid.split("/")[0]
    name = "bohnaparte.en.md" if book == "bohnaparte" else f"{book}.md"
    try:
        text = (books / name).read_text(encoding="utf-8")
    except OSError:
        return None
    m = re.search(r"^\[" + re.escape(pid) + r"\] (.*)$", text, re.M)
    return m.group(1) if m else None


def explain(ident: str, extra_rules=()) -> dict:
    files = parse_files([*spec_files(), *extra_rules])
    spec = build(files, None)
    sources = _sources(files)
    decls = []
    for f in files:
        ds = [d for d in f.decls if not isinstance(d, Module)]
        for i, d in enumerate(ds):
            nxt = ds[i + 1].loc.line if i + 1 < len(ds) else None
            decls.append((d, f.path, nxt))
    scenarios = _scenario_index()

    def clause_entry(d, path, nxt, extra=None):
        doc, source = declaration_text(d, sources.get(path, []), nxt)
        words = [w for w in (getattr(d, "text", ""), getattr(d, "title", ""), doc) if w]
        entry = {"kind": type(d).__name__.lower(), "name": d.name, "module": d.module, "where": str(d.loc),
                 "in_words": " ".join(words), "source": source, "cites": list(d.cites)}
        if isinstance(d, Board):
            from . import boardview
            try:
                entry["board"] = boardview.to_json(boardview.of_decl(spec, d))
            except ValueError:  # a board that does not build: `bohnspec check` says why
                pass
        if isinstance(d, Action):
            entry["refusals"] = [{"rule": c.rule_id, "reason": c.reason, "where": str(c.loc)} for c in d.clauses]
        entry.update(extra or {})
        return entry

    def citing(target):
        out = []
        for d, path, nxt in decls:
            if isinstance(d, Ruling):
                continue
            hits = target in d.cites
            inner = [c for c in getattr(d, "clauses", ()) if target in c.cites]
            if hits or inner:
                out.append(clause_entry(d, path, nxt))
        return out

    paragraphs = paragraph_index()
    if ident in paragraphs:
        para = paragraphs[ident]
        return {"id": ident, "type": "paragraph", "normative": para.normative, "note": para.note,
                "rulebook_text": _rulebook_text(ident), "clauses": citing(ident),
                "rulings": [{"id": r.id, "decision": r.decision} for r in spec.rulings.values() if ident in r.cites],
                "scenarios": scenarios.get(ident, [])}
    if ident.startswith("ruling/"):
        r = spec.rulings.get(ident[len("ruling/"):])
        if r is None:
            raise BohnspecError(f"unknown ruling {ident!r}{suggest(ident[7:], spec.rulings)}")
        return {"id": ident, "type": "ruling", "module": r.module, "where": str(r.loc), "question": r.question,
                "decision": r.decision, "reason": r.reason, "cites": list(r.cites),
                "clauses": citing(ident), "scenarios": scenarios.get(ident, [])}
    matches = [(d, path, nxt) for d, path, nxt in decls
               if d.name == ident or f"{type(d).__name__.lower()}:{d.name}" == ident
               or f"{path}:{d.loc.line}" == ident]
    if not matches:
        names = {d.name for d, _, _ in decls} | set(paragraphs) | {r.id for r in spec.rulings.values()}
        raise BohnspecError(f"nothing is called {ident!r}{suggest(ident, names)}: give a rulebook paragraph "
                            "id (bohnanza/harvest/1), a ruling id (ruling/<name>), or a clause name "
                            "(harvest, action:harvest, vine:sell_for_two, spec/base/harvest.bohn:12)")
    out = []
    for d, path, nxt in matches:
        tested = sorted({s for c in d.cites for s in scenarios.get(c, [])})
        out.append(clause_entry(d, path, nxt, {"scenarios": tested}))
    return {"id": ident, "type": "clause", "clauses": out}


def render(info: dict) -> str:
    lines = []
    if info["type"] == "paragraph":
        lines.append(f"{info['id']}  (rulebook paragraph{'' if info['normative'] else ', informative: ' + info['note']})")
        if info.get("rulebook_text"):
            lines.append(f"  rulebook: {info['rulebook_text']}")
        if info["rulings"]:
            lines.append("  rulings on it:")
            lines.extend(f"    {r['id']}: {r['decision']}" for r in info["rulings"])
    elif info["type"] == "ruling":
        lines.append(f"{info['id']}  (ruling, module {info['module']}, {info['where']})")
        lines.append(f"  question: {info['question']}")
        lines.append(f"  decision: {info['decision']}")
        lines.append(f"  reason:   {info['reason']}")
        lines.append(f"  cites:    {', '.join(info['cites'])}")
    clauses = info.get("clauses", [])
    if info["type"] != "clause":
        lines.append(f"  clauses citing it ({len(clauses)}):")
    for c in clauses:
        indent = "  " if info["type"] == "clause" else "    "
        lines.append(f"{indent}{c['kind']} {c['name']}  (module {c['module']}, {c['where']})")
        if c["in_words"]:
            lines.append(f"{indent}  in the spec's words: {c['in_words']}")
        lines.append(f"{indent}  cites: {', '.join(c['cites']) or '-'}")
        for r in c.get("refusals", []):
            lines.append(f"{indent}  refuses with [{r['rule']}]: {r['reason']}")
        lines.append(f"{indent}  source:")
        lines.extend(f"{indent}    | {l}" for l in c["source"].splitlines())
        if c.get("board"):
            lines.append(f"{indent}  the spaces, numbered:")
            lines.extend(f"{indent}  {l}" for l in c["board"]["rows"])
        if "scenarios" in c:
            lines.append(f"{indent}  scenarios testing what it cites ({len(c['scenarios'])}): "
                         + (", ".join(c["scenarios"][:12]) + (" ..." if len(c["scenarios"]) > 12 else "")))
    if info["type"] != "clause":
        sc = info.get("scenarios", [])
        lines.append(f"  scenarios citing it ({len(sc)}):")
        lines.extend(f"    {s}" for s in sc)
    return "\n".join(lines)
