"""`bohnspec explain ID`: a paragraph, ruling or clause, in the spec's own words, with its
source, what it cites, what cites it, and the scenarios that test it.

The rulebooks' own words are shown when their folder is at hand (`--rulebooks DIR`, else
$BOHNSPEC_RULEBOOKS, else a `shared/rulebooks` folder beside the checkout); they are not
shipped with bohnspec. `explain --rules FILE` explains a designer's own cards and rules (with
no id: everything the file declares), with the scenarios beside the file that use them.
"""

from __future__ import annotations

import functools

import re
from collections.abc import Iterable
from os import PathLike
from pathlib import Path
from typing import Any

import yaml

from .. import paths
from ..conformance import scenario as S
from ..errors import BohnspecError, suggest
from ..language.model import Action, Board, Card, Decl, Extend, Module, Ruling, Variety, Vine, keyword
from ..language.paragraphs import index as paragraph_index
from ..language.spec import build, emits_of, module_closure, nodes_of, parse_files, spec_files
from ..language.unparse import place, spec_path, unparse

# The file of each rulebook in the rulebooks folder, by the first part of a paragraph id.
BOOK_FILES = {"bohnanza": "bohnanza.md", "bohnroeschen": "bohnroeschen.md", "dschingis": "dschingis.md",
              "bohnaparte": "bohnaparte.en.md"}


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
    # (a `module` line is no part of the declaration before it, nor its comment: round 97's
    # designer saw the next module's header in the source of a module's last declaration)
    cut = next((k for k, line in enumerate(body) if k and re.match(r"module\s+\w", line)), None)
    body = body[:cut] if cut is not None else body
    while body and (not body[-1].strip() or body[-1].strip().startswith("//")):
        body.pop()
    doc: list[str] = []
    i = start - 1
    while i >= 0 and lines[i].strip().startswith("//"):
        doc.insert(0, lines[i].strip()[2:].strip())
        i -= 1
    return " ".join(doc), "\n".join(body)


def _scenario_index() -> dict[str, list[str]]:
    return S.corpus_cites()


@functools.lru_cache(maxsize=1)
def _corpus_texts() -> tuple[tuple[str, str], ...]:
    """(id, the file's text) of each scenario of the corpus, read (not validated) when a card's
    scenarios are first asked for."""
    out = []
    for f in S.scenario_files([paths.SCENARIOS]):
        sid = S.file_id(f)
        try:
            text = f.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if sid:
            out.append((sid, text))
    return tuple(out)


@functools.lru_cache(maxsize=1)
def _corpus_modules() -> dict[str, tuple[str, ...]]:
    """The modules each scenario of the corpus names (`[base]` where it names none), read off
    its text as _corpus_texts reads it."""
    out = {}
    for sid, text in _corpus_texts():
        modules = S.listed(text, "modules", sid)
        out[sid] = tuple(m for m in modules if isinstance(m, str)) if isinstance(modules, list) else ("base",)
    return out


def rulebooks_folder(given: str | None = None) -> Path | None:
    """The folder of the rulebooks: `--rulebooks DIR` (which must exist), else
    $BOHNSPEC_RULEBOOKS, else a shared/rulebooks folder beside the checkout; None if none is at
    hand."""
    if given:
        folder = Path(given)
        if not folder.is_dir():
            raise BohnspecError(f"--rulebooks {given}: no such folder; give the folder holding "
                                f"{', '.join(BOOK_FILES.values())}")
        return folder
    return paths.rulebooks_dir()


_BOOK_CACHE: dict[Path, str | None] = {}


def _book(path: Path) -> str | None:
    if path not in _BOOK_CACHE:
        try:
            _BOOK_CACHE[path] = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            _BOOK_CACHE[path] = None
    return _BOOK_CACHE[path]


def rulebook_text(pid: str, books: Path | None = None) -> str | None:
    """A paragraph's words in its rulebook (`[bohnanza/end/4] Whoever has ...`, up to the next
    blank line), or None when the rulebooks are not at hand."""
    books = books if books is not None else paths.rulebooks_dir()
    name = BOOK_FILES.get(pid.split("/")[0])
    if books is None or name is None:
        return None
    text = _book(Path(books) / name)
    if text is None:
        return None
    m = re.search(r"^\[" + re.escape(pid) + r"\] (.*(?:\n(?!\s*\n|\[).+)*)", text, re.M)
    return " ".join(line.strip() for line in m.group(1).splitlines()) if m else None


def rulebook_hint(pid: str, books: Path | None) -> str:
    """How to see a paragraph's words when they are not at hand."""
    name = BOOK_FILES.get(pid.split("/")[0], "?")
    if books is None:
        return (f"the rulebook's words are not shipped with bohnspec: give the folder holding {name} with "
                f"--rulebooks DIR (or set BOHNSPEC_RULEBOOKS=DIR)")
    return f"{pid} is not in {Path(books) / name}: is it the right folder, and the same edition?"


def _loaded(extra_rules):
    """The parsed files (spec and extra), the built spec, and every declaration with its file
    and the line of the next declaration (where its source ends)."""
    files = parse_files([*spec_files(), *extra_rules])
    spec = build(files, None)
    sources = _sources(files)
    decls = []
    for f in files:
        ds = [d for d in f.decls if not isinstance(d, Module)]
        for i, d in enumerate(ds):
            nxt = ds[i + 1].loc.line if i + 1 < len(ds) else None
            decls.append((d, f.path, nxt))
    return files, spec, sources, decls


def _own_scenarios(extra_rules) -> list[dict]:
    """The scenarios beside a designer's rules files (a `scenarios` folder next to the file),
    each with its id, what it cites and its text (to find the cards it uses)."""
    out = []
    seen = set()
    for rules in extra_rules:
        folder = Path(rules).resolve().parent / "scenarios"
        if not folder.is_dir():
            continue
        for f in S.scenario_files([folder]):
            if f in seen:
                continue
            seen.add(f)
            try:
                text = f.read_text(encoding="utf-8")
                data = yaml.safe_load(text)
            except (OSError, UnicodeDecodeError, yaml.YAMLError):
                continue
            if isinstance(data, dict):
                modules = data.get("modules")
                out.append({"id": str(data.get("id") or f.stem), "cites": list(data.get("cites") or []),
                            "text": text, "modules": [str(m) for m in modules] if isinstance(modules, list) else []})
    return out


def _is_own(path: str, extra_rules) -> bool:
    resolved = Path(path).resolve()
    return any(resolved == Path(r).resolve() for r in extra_rules)


def _kind_name(d) -> str:
    kind = type(d).__name__.lower()
    if keyword(d) != kind:  # (an extension, named as written: `extend category landscape`)
        return f"{keyword(d)} {d.name}"
    if kind == "handler":
        return d.heading
    if kind in ("endrule", "winners", "setup", "turn", "players"):
        return {"endrule": "end rule", "winners": "winners rule"}.get(kind, kind)
    return f"{kind} {d.name}"


# An attribute's line in the comment above a category: `//   floor     the least ...`; the lines
# after it indented further carry on its meaning.
_ATTRIBUTE_LINE = re.compile(r"^\s*//\s{1,4}([a-z_][a-z0-9_]*)\s{2,}(\S.*)$")
_GOES_ON = re.compile(r"^\s*//\s{5,}(\S.*)$")


def attribute_meanings(decl: Decl | None, sources: dict[str, list[str]]) -> dict[str, str]:
    """What each attribute of a category means, from the comment above its declaration, where
    it lists them one to a line (spec/war/table.bohn): `shelter 1` reads "wary mounted troops
    may not attack it" in `explain forest`, not a bare number."""
    if decl is None:
        return {}
    lines = sources.get(decl.loc.file, [])
    out: dict[str, str] = {}
    last = None
    i = decl.loc.line - 2
    block: list[str] = []
    while i >= 0 and lines[i].strip().startswith("//"):
        block.insert(0, lines[i])
        i -= 1
    for line in block:
        m = _ATTRIBUTE_LINE.match(line)
        if m:
            last = m.group(1)
            out[last] = m.group(2).strip()
            continue
        more = _GOES_ON.match(line)
        if more and last is not None:
            out[last] += " " + more.group(1).strip()
        else:
            last = None
    return out


def _what_it_is(spec, d, sources: dict[str, list[str]] | None = None) -> list[str]:
    """A card or vine card in plain words: how many, its attributes (with what each means, where
    the category's comment says, and the category's defaults it keeps), its Beanometer, the
    kind of task."""
    out = []
    if isinstance(d, Card):
        cat = spec.categories.get(d.category)
        defaults = dict(cat.attrs) if cat else {}
        meaning = attribute_meanings(cat, sources or {})
        # (and the attributes a module adds with `extend category`, from the comment above it:
        # round 96's designer's `toll 1` was told only as a default)
        for ext in spec.category_extensions:
            if ext.name == d.category:
                meaning = {**attribute_meanings(ext, sources or {}), **meaning}
        own = dict(d.attrs)
        attrs = [f"{k} {v}" + (": " + re.sub(r"^1:\s*", "", meaning[k]) if k in meaning else
                               f" (a {d.category}'s default is {defaults[k]})"
                               if k in defaults and defaults[k] != v else "")
                 for k, v in own.items()]
        kept = [f"{k} {v}" for k, v in defaults.items() if k not in own and v]
        out.append(f"a {d.category or 'card'} card, {d.count} in the box"
                   + (f"; {'; '.join(attrs)}" if attrs else "")
                   + (f"; like every {d.category}: {', '.join(kept)}" if kept else ""))
        if d.in_play is not None:
            out.append(f"in play only when {unparse(d.in_play)}")
    elif isinstance(d, Variety):
        meter = "a special Beanometer" if d.meter is None else \
            "Beanometer " + ", ".join(f"{n} cards: {i + 1} coin{'s' if i else ''}" for i, n in enumerate(d.meter)
                                     if n is not None)
        out.append(f"a bean variety, {d.count} in the box; {meter}")
        # (its own condition, and a module's `extend variety` beside it: the game's)
        played = spec.varieties.get(d.name, d) if spec is not None else d
        if played.in_play is not None:
            out.append(f"in play only when {unparse(played.in_play)}")
    elif isinstance(d, Vine):
        if d.met:
            out.append("its task is a state: met as soon as it holds while the figure stands on the card "
                       f"({' and '.join(unparse(c) for c in d.met)})")
        if d.claim:
            out.append("its task is judged when claimed: it must hold at the moment the player fulfils it "
                       f"({' and '.join(unparse(c) for c in d.claim)})")
        for ev in d.events:
            out.append(f"its task is an event: {ev.event} while the figure stands on the card, when "
                       f"{unparse(ev.condition)}")
        if not (d.met or d.claim or d.events):
            out.append("no task")
    return out


# Rules files a designer adds to the game's own.
RulesFiles = Iterable[str | PathLike[str]]


def _context(extra_rules: RulesFiles) -> tuple:
    return (*_loaded(extra_rules), _scenario_index(), _own_scenarios(extra_rules))


def explain(ident: str, extra_rules: RulesFiles = (), books: Path | None = None,
            context: tuple | None = None) -> dict:
    books = books if books is not None else paths.rulebooks_dir()
    files, spec, sources, decls, scenarios, own_scenarios = context or _context(extra_rules)

    def words_of(cites) -> dict:
        out = {}
        for c in cites:
            if c in paragraph_index():
                text = rulebook_text(c, books)
                if text:
                    out[c] = text
        return out

    def clause_entry(d, path, nxt, extra=None):
        doc, source = declaration_text(d, sources.get(path, []), nxt)
        # Each piece a sentence of its own: a title ("Harvest one of your fields") run into the
        # comment after it reads as one garbled sentence.
        words = [_sentence(w) for w in (getattr(d, "text", ""), getattr(d, "title", ""), doc) if w]
        entry = {"kind": type(d).__name__.lower(), "name": d.name, "module": d.module, "where": place(d.loc),
                 "in_words": " ".join(words), "source": source, "cites": list(d.cites)}
        what = _what_it_is(spec, d, sources)
        if what:
            entry["what_it_is"] = what
        if isinstance(d, (Card, Vine, Variety)):
            entry["used_by"] = used_by(d)
        rulebook = words_of(d.cites)
        if rulebook:
            entry["rulebook"] = rulebook
        if isinstance(d, Board):
            from . import boardview
            try:
                entry["board"] = boardview.to_json(boardview.of_decl(spec, d))
            except ValueError:  # a board that does not build: `bohnspec check` says why
                pass
        if isinstance(d, Extend) and d.drops:
            # What its `drop`s take out of the games that play its module.
            entry["drops"] = [{"kind": c.kind, "clause": place(c.loc), "rule": c.rule_id,
                               "reason": _worded(spec, c.reason), "cites": list(x.cites)}
                              for _, x, _, c in spec.dropped if any(x is y for y in d.drops)]
        if isinstance(d, (Action, Extend)):
            entry["refusals"] = refusals(d.clauses)
            # What allows it, case by case (the `grant` clauses judge names).
            grants = [{"when": unparse(c.condition), "cites": list(c.cites), "where": place(c.loc)}
                      for c in d.clauses if c.kind == "grant"]
            if grants:
                entry["grants"] = grants
        if isinstance(d, Action):
            # What other modules add to it (a phase, a game that forbids it): a paragraph it
            # cites is not the whole answer where they are played.
            more = [{"what": f"extend action {e.name}", "module": e.module, "where": place(e.loc), "refusals": r}
                    for e, _, _ in decls if isinstance(e, Extend) and e.name == d.name
                    for r in [refusals(e.clauses)] if r]
            more += [{"what": f"forbid {', '.join(f.actions or ())}", "module": f.module, "where": place(f.loc),
                      "refusals": [{"rule": f.cites[0] if f.cites else "", "reason": _worded(spec, f.reason),
                                    "where": place(f.loc), "also": list(f.cites[1:])}]}
                     for f in spec.forbids if f.actions and d.name in f.actions]
            if more:
                entry["limited_elsewhere"] = more
            # What a module played here takes out of it (a house rule's `drop`).
            dropped = [{"module": m, "where": place(x.loc), "kind": c.kind, "clause": place(c.loc),
                        "rule": c.rule_id, "reason": _worded(spec, c.reason), "cites": list(x.cites)}
                       for name, x, m, c in spec.dropped if name == d.name]
            if dropped:
                entry["dropped"] = dropped
        entry.update(extra or {})
        return entry

    def refusals(clauses) -> list[dict]:
        # `also`: the clause's other citations, which a scenario's `rejected:` may name instead.
        return [{"rule": c.rule_id, "reason": _worded(spec, c.reason), "where": place(c.loc),
                 "also": [x for x in c.cites if x != c.rule_id]} for c in clauses if c.kind != "grant"]

    def used_by(card) -> list[str]:
        """The rules that name a card (a handler that reads `kind(s) == market`, say): of the
        card's own game (its module, those it requires, those requiring it), not another that
        has a card of the same id (Bohnaparte's town is not Dschingis Bohn's)."""
        word = re.compile(r"(?<![\w/-])" + re.escape(card.name) + r"(?![\w/-])")
        # (and those reading an attribute it has otherwise than its category: the tavern's `toll`,
        # read as `kind(n).toll`; round 96's designer found his handler missing here)
        category = spec.categories.get(getattr(card, "category", ""))
        defaults = {**(dict(category.attrs) if category else {}),
                    **{k: v for ext in spec.category_extensions if category and ext.name == category.name
                       for k, v in ext.attrs}}
        own = [k for k, v in getattr(card, "attrs", ()) if defaults.get(k) != v]
        if own:
            word = re.compile(word.pattern + r"|\.(?:" + "|".join(map(re.escape, own)) + r")\b")
        out = []
        for d, path, nxt in decls:
            if d is card or isinstance(d, (Ruling, Card, Variety, Vine)) or not same_game(card.module, d.module):
                continue
            _, source = declaration_text(d, sources.get(path, []), nxt)
            body = re.sub(r'"[^"]*"', '""', "\n".join(l.split("//")[0] for l in source.splitlines()))
            if word.search(body):
                out.append(f"{_kind_name(d)} ({place(d.loc)})")
        return out

    closures: dict[str, set[str]] = {}

    def same_game(a: str, b: str) -> bool:
        for m in (a, b):
            if m not in closures:
                closures[m] = module_closure(files, [m])
        return b in closures[a] or a in closures[b]

    def tested(d, path) -> list[str]:
        """The scenarios testing a declaration: for a designer's own, those beside the file that
        use it by name (or cite it); for the spec's, those citing what it cites."""
        if _is_own(path, extra_rules):
            # Only a scenario that plays the declaration's module can test it; among those, a
            # card, vine card or action is tested where a scenario names it, a ruling where one
            # cites it, and a rule of another kind (a handler, a replaced definition) by each.
            if isinstance(d, Ruling):
                return sorted({s["id"] for s in own_scenarios if f"ruling/{d.name}" in s["cites"]})
            playing = [s for s in own_scenarios if d.module in s["modules"]]
            if isinstance(d, (Card, Vine, Action)):
                word = re.compile(r"\b" + re.escape(d.name) + r"\b")
                return sorted({s["id"] for s in playing if word.search(s["text"])})
            return sorted({s["id"] for s in playing})
        if isinstance(d, (Vine, Card)):
            # A card of the spec is tested where a scenario's steps name it as a card (a task
            # fulfilled, a figure moved onto it, the landscape of a space expected), not wherever
            # its paragraphs are cited, which cover every card of a kind, nor where it only fills
            # out a vine row or a map (`laid_in`).
            named = re.compile(r"\bcard:\s*[\"']?" + re.escape(d.name) + r"(?![\w/-])")
            return sorted(sid for sid, text in _corpus_texts() if named.search(text.partition("\nsteps:")[2]))
        # An `extend action` cites nothing itself: its clauses do, and so test it.
        cited = [*d.cites, *(c for clause in getattr(d, "clauses", ()) for c in clause.cites)]
        found = {s for c in cited for s in scenarios.get(c, [])}
        module = getattr(d, "module", None)
        if module is None:
            return sorted(found)
        # Only a game that plays the declaration's module can test it: the war games' `extend
        # plant` cites ruling/no-such-card, and round 90's outside engine was shown 148 base
        # scenarios citing that ruling as testing it.
        modules = _corpus_modules()
        return sorted(sid for sid in found if sid not in modules
                      or any(spec.builds_on(m, module) for m in modules[sid]))

    def citing(target):
        out = []
        for d, path, nxt in decls:
            if isinstance(d, Ruling):
                continue
            hits = target in d.cites
            inner = [c for c in getattr(d, "clauses", ()) if target in c.cites]
            # A house rule's `drop` cites its ruling, and names the paragraphs it takes out.
            dropping = [x for x in getattr(d, "drops", ()) if target in x.cites or target in x.paragraphs]
            if hits or inner or dropping:
                out.append(clause_entry(d, path, nxt))
        return out

    paragraphs = paragraph_index()
    if ident in paragraphs:
        para = paragraphs[ident]
        text = rulebook_text(ident, books)
        return {"id": ident, "type": "paragraph", "normative": para.normative, "note": para.note,
                "rulebook_text": text, **({} if text else {"rulebook_hint": rulebook_hint(ident, books)}),
                "clauses": citing(ident),
                # The rulings that read this paragraph first (cite it first) before those that
                # name it in passing: `explain bohnanza/end/1` opens with ruling/end-after-action.
                "rulings": [{"id": r.id, "question": r.question, "decision": r.decision}
                            for r in sorted((r for r in spec.rulings.values() if ident in r.cites),
                                            key=lambda r: r.cites.index(ident))],
                "scenarios": scenarios.get(ident, [])}
    if ident in ("rulings", "ruling/"):
        # Every ruling, module by module, with its question and decision: an engine writer's
        # index of them, what an engine must do where the books are silent.
        listed = sorted(spec.rulings.values(), key=lambda r: (r.module, r.name))
        return {"id": "rulings", "type": "rulings",
                "rulings": [{"id": r.id, "module": r.module, "question": r.question, "decision": r.decision,
                             "where": place(r.loc)} for r in listed]}
    if ident.startswith("ruling/"):
        r = spec.rulings.get(ident[len("ruling/"):])
        if r is None:
            # (the suggestion as it is written, `ruling/no-such-card`; round 96's tester)
            raise BohnspecError(f"unknown ruling {ident!r}{suggest(ident, [f'ruling/{r}' for r in spec.rulings])}")
        path = next((p for d, p, _ in decls if d is r), "")
        own = sorted({s["id"] for s in own_scenarios if ident in s["cites"]})
        return {"id": ident, "type": "ruling", "module": r.module, "where": place(r.loc), "question": r.question,
                "decision": r.decision, "reason": r.reason, "cites": list(r.cites),
                **({"rulebook": words_of(r.cites)} if words_of(r.cites) else {}),
                "clauses": citing(ident),
                "scenarios": own if _is_own(path, extra_rules) else scenarios.get(ident, [])}
    # An event: the declarations that raise it, with the keys it carries (`explain exhausted`,
    # `explain event:reshuffled`; round 95's outside engine was sent to Bohnaparte's quarry
    # variable of that name, or to nothing).
    event = ident[len("event:"):] if ident.startswith("event:") else ident
    raisers = [(d, path, nxt, emits) for d, path, nxt in decls if (emits := emits_of(d, event))]
    raised = {"event": event,
              "keys": sorted({str(k) for *_, emits in raisers for n in emits for k, _ in n.args[1] or ()}),
              "raised_by": [clause_entry(d, path, nxt) for d, path, nxt, _ in raisers]} if raisers else None
    if ident.startswith("event:"):
        if raised is None:
            known = {n.args[0] for d, _, _ in decls for n in nodes_of(d) if n.kind == "emit"}
            raise BohnspecError(f"no rule raises an event {event!r}{suggest(event, known)}")
        return {"id": ident, "type": "event", **raised}
    matches = [(d, path, nxt) for d, path, nxt in decls
               if d.name == ident or f"{type(d).__name__.lower()}:{d.name}" == ident
               or f"{path}:{d.loc.line}" == ident or f"{spec_path(path)}:{d.loc.line}" == ident]
    if not matches and raised is not None:
        return {"id": ident, "type": "event", **raised}
    if not matches:
        names = {d.name for d, _, _ in decls} | set(paragraphs) | {r.id for r in spec.rulings.values()} | {"rulings"}
        raise BohnspecError(f"nothing is called {ident!r}{suggest(ident, names)}: give a rulebook paragraph "
                            "id (bohnanza/harvest/1), a ruling id (ruling/<name>; `rulings` lists them), or a "
                            "clause name (harvest, action:harvest, vine:sell_for_two, spec/base/harvest.bohn:12)"
                            + ("" if extra_rules else "; a card or rule of a file of your own is explained with "
                               "that file: --rules FILE"))
    out = []
    for d, path, nxt in matches:
        found: dict[str, Any] = {"scenarios": tested(d, path)}
        if isinstance(d, (Vine, Card)) and not _is_own(path, extra_rules):
            word = re.compile(r"(?<![\w/-])" + re.escape(d.name) + r"(?![\w/-])")
            tested_in = set(found["scenarios"])
            found["laid_in"] = sum(1 for sid, text in _corpus_texts() if sid not in tested_in and word.search(text))
        out.append(clause_entry(d, path, nxt, found))
    return {"id": ident, "type": "clause", "clauses": out, **({"also_an_event": raised} if raised else {})}


def explain_files(extra_rules: RulesFiles, books: Path | None = None) -> dict:
    """Everything a designer's rules files declare (cards, vine cards, rules, rulings), each
    explained as `explain NAME --rules FILE` would."""
    context = _context(extra_rules)
    out = []
    for d, path, _ in context[3]:
        if not _is_own(path, extra_rules):
            continue
        ident = d.id if isinstance(d, Ruling) else f"{spec_path(path)}:{d.loc.line}"
        info = explain(ident, extra_rules, books, context)
        if info["type"] == "ruling":
            out.append({"kind": "ruling", "name": d.name, "module": d.module, "where": info["where"],
                        "in_words": f"{info['question']} {info['decision']}", "source": "",
                        "cites": info["cites"], "scenarios": info["scenarios"]})
        else:
            out.extend(c for c in info["clauses"] if c["name"] == d.name)
    return {"id": ", ".join(str(r) for r in extra_rules), "type": "file", "clauses": out}


def _dropped_said(x: dict) -> str:
    """What a clause a `drop` takes out did: its refusal, or (a grant) what it cited."""
    return f"refusing with [{x['rule']}]: {x['reason']}" if x["kind"] != "grant" else f"citing {x['rule']}"


def _reason_words(reason: str) -> str:
    """A refusal's reason as told before any state: a value it names, worked out when it is
    refused (`{attack_price(p, target)}`), said by its name (`<the attack price>`); round 97's
    outside engine was shown the rules' expression in `explain --words`."""
    return re.sub(r"\{\s*([A-Za-z_][A-Za-z0-9_]*)(?:\([^{}]*\))?(?:\.[A-Za-z_]+)*\s*\}",
                  lambda m: f"<the {m[1].replace('_', ' ')}>", reason)


def render(info: dict) -> str:
    lines = []
    if info["type"] == "paragraph":
        kind = "" if info["normative"] else ", informative: " + info["note"]
        lines.append(f"{info['id']}  (rulebook paragraph{kind})")
        if info.get("rulebook_text"):
            lines.append(f"  rulebook: {info['rulebook_text']}")
        elif info.get("rulebook_hint"):
            lines.append(f"  rulebook: ({info['rulebook_hint']})")
        if info["rulings"]:
            lines.append("  rulings citing it:")
            # The question first: a decision that opens "Yes." answers it.
            lines.extend(f"    {r['id']}: {r['question']} {r['decision']}" for r in info["rulings"])
    elif info["type"] == "ruling":
        lines.append(f"{info['id']}  (ruling, module {info['module']}, {info['where']})")
        lines.append(f"  question: {info['question']}")
        lines.append(f"  decision: {info['decision']}")
        lines.append(f"  reason:   {info['reason']}")
        lines.append(f"  cites:    {', '.join(info['cites'])}")
        for pid, text in info.get("rulebook", {}).items():
            lines.append(f"    {pid}: {text}")
    elif info["type"] == "rulings":
        lines.append(f"the rulings ({len(info['rulings'])}, each question with its decision; `bohnspec explain "
                     "ruling/NAME` gives one whole, with its reason):")
        module = None
        for r in info["rulings"]:
            if r["module"] != module:
                module = r["module"]
                lines.append(f"  module {module}:")
            lines.append(f"    {r['id']}: {r['question']}")
            lines.append(f"      decision: {r['decision']}")
        return "\n".join(lines)
    elif info["type"] == "file":
        lines.append(f"the cards and rules of {info['id']} ({len(info['clauses'])}):")
    elif info["type"] == "event":
        return "\n".join(_event_lines(info))
    if info["type"] in ("paragraph", "ruling") and "clauses" not in info:
        return "\n".join(lines)  # the words alone (explain --words)
    clauses = info.get("clauses", [])
    flat = info["type"] in ("clause", "file")
    if not flat:
        lines.append(f"  clauses citing it ({len(clauses)}):")
    for c in clauses:
        indent = "  " if flat else "    "
        lines.append(f"{indent}{c['kind']} {c['name']}  (module {c['module']}, {c['where']})")
        if c["in_words"]:
            lines.append(f"{indent}  in the spec's words: {c['in_words']}")
        for w in c.get("what_it_is", []):
            lines.append(f"{indent}  {w}")
        if c.get("used_by"):
            lines.append(f"{indent}  the rules that name it or read its own values: {', '.join(c['used_by'][:12])}"
                         + (" ..." if len(c["used_by"]) > 12 else ""))
        lines.append(f"{indent}  cites: " + (", ".join(c["cites"]) or
                                             ("- (each clause cites its own)" if c.get("refusals") else "-")))
        if flat:
            for pid, text in c.get("rulebook", {}).items():
                lines.append(f"{indent}    {pid}: {text}")
        for r in c.get("refusals", []):
            lines.append(f"{indent}  refuses with [{r['rule']}]: {_reason_words(r['reason'])}{_also(r)}")
        for g in c.get("grants", []):
            when = f" when {g['when']}" if g["when"] != "true" else ""
            lines.append(f"{indent}  allowed by {', '.join(g['cites'])}{when}")
        if c.get("limited_elsewhere"):
            lines.append(f"{indent}  where other modules are played, also:")
            for e in c["limited_elsewhere"]:
                for r in e["refusals"]:
                    lines.append(f"{indent}    refuses with [{r['rule']}]: {_reason_words(r['reason'])}{_also(r)}  "
                                 f"({e['what']}, module {e['module']}, {e['where']})")
        for x in c.get("drops", []):
            lines.append(f"{indent}  takes out: the `{x['kind']}` at {x['clause']} {_dropped_said(x)}  (cites "
                         f"{', '.join(x['cites']) or '-'})")
        for x in c.get("dropped", []):
            lines.append(f"{indent}  where module {x['module']} is played, not at all: its `{x['kind']}` at "
                         f"{x['clause']} {_dropped_said(x)}  (dropped at {x['where']}, "
                         f"cites {', '.join(x['cites']) or '-'})")
        if c["source"]:
            lines.append(f"{indent}  source:")
            lines.extend(f"{indent}    | {l}" for l in c["source"].splitlines())
        if c.get("board"):
            lines.append(f"{indent}  the spaces, numbered:")
            lines.extend(f"{indent}  {l}" for l in c["board"]["rows"])
        if "scenarios" in c:
            lines.append(f"{indent}  scenarios testing it ({len(c['scenarios'])}): "
                         + (", ".join(c["scenarios"][:12]) + (" ..." if len(c["scenarios"]) > 12 else "")))
        if c.get("laid_in"):
            lines.append(f"{indent}  and {c['laid_in']} more where it only lies in the situation (a vine row, a map)")
    if not flat:
        sc = info.get("scenarios", [])
        lines.append(f"  scenarios citing it ({len(sc)}):")
        lines.extend(f"    {s}" for s in sc)
    if info.get("also_an_event"):
        lines.extend(_event_lines({"id": f"event:{info['id']}", **info["also_an_event"]}))
    return "\n".join(lines)


def _event_lines(info: dict) -> list[str]:
    """An event as explain tells it: its keys, and each declaration that raises it, with the
    paragraphs it cites in the rulebook's words (its source only where not asked for words)."""
    lines = [f"event {info['event']}  ({{{', '.join(info['keys'])}}}; `event:{info['event']}` names it alone)",
             f"  raised by ({len(info['raised_by'])}):"]
    for c in info["raised_by"]:
        lines.append(f"    {c['kind']} {c['name']}  (module {c['module']}, {c['where']})")
        if c["in_words"]:
            lines.append(f"      in the spec's words: {c['in_words']}")
        lines.append(f"      cites: {', '.join(c['cites']) or '-'}")
        for pid, text in c.get("rulebook", {}).items():
            lines.append(f"        {pid}: {text}")
        if c["source"]:
            lines.append("      source:")
            lines.extend(f"        | {l}" for l in c["source"].splitlines())
    return lines


def _also(refusal: dict) -> str:
    """The refusing clause's other citations, as `explain` adds them to its rule."""
    return f" (also cites {', '.join(refusal['also'])})" if refusal.get("also") else ""


def _sentence(text: str) -> str:
    """The text ending as a sentence does (a full stop added to a title that has none)."""
    text = text.strip()
    return text if not text or text[-1] in ".!?:)\"'" else text + "."


def _worded(spec, reason: str) -> str:
    """A refusal's reason with the values it names (`{hand_plantings}`) written in: a constant's
    value, else the rules' name in backquotes (judge fills in a situation's own values)."""
    def value(m: re.Match) -> str:
        d = spec.defines.get(m.group(1))
        body = getattr(d, "body", None)
        if d is not None and d.params is None and body is not None and body.kind == "const" \
                and isinstance(body.args[0], (int, str)):
            return str(body.args[0])
        return f"`{m.group(1)}`"
    return re.sub(r"\{([a-z_][a-z0-9_]*)\}", value, reason) if "{" in reason else reason
