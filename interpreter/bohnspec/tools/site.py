"""`bohnspec site OUT_DIR`: a static website of the spec, the rulings and the corpus.

The site opens from the file system (no server, nothing fetched from the network): plain HTML
pages from the Jinja2 templates in `site_templates/`, one CSS and one JS file, SVG maps drawn
by boardview.py and a search index written as a script (a page opened from a file may not
fetch a JSON file).

    index.html                         what the site holds, coverage at a glance per book
    rulebook/index.html                the books and their sections
    rulebook/BOOK/index.html           a book: its sections, a square per paragraph
    rulebook/BOOK/SECTION.html         the annotated rulebook: every paragraph in order with
                                       its text (given the rulebooks), the clauses citing it
                                       (highlighted source, file and line), rulings, scenarios
                                       and coverage status; anchors #p-N
    spec/FILE.bohn.html                a rules file, highlighted, lines anchored #L12, every
                                       citation a link to its paragraph or ruling
    rulings.html                       question, decision, reason, what cites each ruling
    scenarios/index.html, scenarios/ID.html
                                       each scenario: its starting situation drawn (fields,
                                       hands, piles; the map as a picture) and its steps
    maps/index.html                    every declared board drawn; scenarios played on a map
    cards.html                         bean varieties, landscapes and other cards, vine cards
    engines/index.html, engines/N.html with --report: scenarios against engines, failures' diffs
    language.html, notation.html       docs/LANGUAGE.md and docs/NOTATION.md, rendered
    search.html, search-index.js       a client-side index: paragraph ids, cards, landscapes, words

Generation builds the spec once, reads the corpus with the C YAML loader (the corpus is
validated by `bohnspec conform` and the test suite; a scenario whose starting state cannot be
built is listed as unreadable), and renders every page from templates.
"""

from __future__ import annotations

import html
import json
import re
import shlex
import shutil
import time
from collections.abc import Callable, Iterable, Set
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeGuard

import yaml
from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape

from .. import __version__

from . import boardview

from .. import paths, userfile
from ..conformance import scenario as S
from ..errors import BohnspecError
from ..execution.interpret import Engine
from ..language.model import Action, Board, Card, Category, Module, Ruling, Variety, Vine, keyword
from ..language.paragraphs import index as paragraph_index
from ..language.spec import Spec, build, parse_files, spec_files

TEMPLATES = Path(__file__).resolve().parent / "site_templates"
MARKER = ".bohnspec-site"  # names a folder as a generated site, which a new build may replace

BOOKS = {  # the rulebooks, in the order the index lists them: (title, file)
    "bohnanza": ("Bohnanza (the base game)", "bohnanza.md"),
    "bohnroeschen": ("Bohnröschen", "bohnroeschen.md"),
    "dschingis": ("Dschingis Bohn", "dschingis.md"),
    "bohnaparte": ("Bohnaparte", "bohnaparte.en.md"),
}
MODULE_TITLES = {
    "base": "Base game", "bohnroeschen": "Bohnröschen", "duo": "Bohnröschen for two", "solo": "Bohnröschen solo",
    "war": "War expansions (shared)", "dschingis": "Dschingis Bohn", "bohnaparte": "Bohnaparte",
    "mixed": "Dschingis Bohn's landscapes in Bohnaparte", "bohnaparte_maps": "Bohnaparte reference maps",
}
STATUS_LABELS = {
    "covered": "covered: a clause and a scenario",
    "no-scenario": "no scenario yet",
    "no-clause": "no clause yet",
    "uncovered": "neither a clause nor a scenario",
    "informative": "informative",
}
VERDICT_LABELS = {
    "passed": "✓ passed", "failed": "✗ failed", "errored": "✗ errored", "timeout": "✗ timed out",
    "protocol-error": "✗ protocol error", "skipped": "– skipped", "not-applicable": "– not applicable",
}
ALWAYS_SHOWN = {"hand", "fields", "coins", "draw_pile", "discard"}

_PID = re.compile(r"^[a-z]+/[a-z0-9-]+/[0-9]+$")
_CARD_RUN = re.compile(r"^([a-z_][a-z0-9_]*)\*([0-9]+)$")


# ------------------------------------------------------------ what the command returns

@dataclass
class SiteResult:
    out: Path
    pages: int
    files: int
    seconds: float
    rulebooks: Path | None
    engines: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


# ------------------------------------------------------------ highlighting the rules language

_KEYWORDS = frozenset("""
action aka all and any at back board bool bottom but by card cards category cites claim count decision deck
covers default define drop each edge effect elif else emit end enter extend false field fields first for forbid
from front give goto grant graph grid if in int internal into invariant item last least let met meter module
most move next no none not of offset on one option or per phase pile play player players procedure question
reach reason refs repeat require requires reset reshuffle rest row ruling setup shared space special sum target text
then to top true turn var variety vine when winners with zone
""".split())
_DECL_WORDS = frozenset("""action extend forbid procedure on end winners setup ruling vine category card
board define phase turn players module variety option zone var invariant""".split())
_TOKEN = re.compile(
    r'(?P<comment>//.*)'
    r'|(?P<string>"(?:[^"\\\n]|\\.)*")'
    r'|(?P<cite>\b(?:ruling/[a-z0-9][a-z0-9_-]*|[a-z]+/[a-z0-9-]+/[0-9]+)\b)'
    r'|(?P<word>[A-Za-z_][A-Za-z0-9_]*)'
    r'|(?P<num>\b[0-9]+\b)')


def highlight_line(line: str, link: Callable[[str], str | None]) -> Markup:
    """One line of rules-language source as HTML: comments, strings, keywords and numbers in
    spans, citations as links (`link(id)` gives a URL, or None for an unknown id)."""
    out, pos = [], 0
    for m in _TOKEN.finditer(line):
        out.append(str(escape(line[pos:m.start()])))
        text, kind = m.group(), m.lastgroup
        if kind == "comment":
            out.append(f'<span class="c">{escape(text)}</span>')
        elif kind == "string":
            out.append(f'<span class="s">{escape(text)}</span>')
        elif kind == "cite":
            url = link(text)
            out.append(f'<a class="ci" href="{escape(url)}">{escape(text)}</a>' if url else str(escape(text)))
        elif kind == "word" and text in _KEYWORDS:
            out.append(f'<span class="k">{text}</span>')
        elif kind == "num":
            out.append(f'<span class="n">{text}</span>')
        else:
            out.append(str(escape(text)))
        pos = m.end()
    out.append(str(escape(line[pos:])))
    return Markup("".join(out))


# ------------------------------------------------------------ a small markdown renderer

_MD_INLINE = re.compile(r"(`+)(.+?)\1")
_MD_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
_MD_BOLD = re.compile(r"\*\*(.+?)\*\*")
_MD_EM = re.compile(r"(?<![*\w])\*(?![\s*])(.+?)(?<![\s*])\*(?![*\w])")
_MD_ITEM = re.compile(r"^( *)([-*+]|[0-9]+\.) +(.*)$")
_MD_HEADING = re.compile(r"^(#{1,6}) +(.*?) *#*$")
_MD_RULE = re.compile(r"^ {0,3}(-{3,}|\*{3,}|_{3,}) *$")


def slug(text: str) -> str:
    text = re.sub(r"<[^>]+>", "", text)
    text = html.unescape(text).lower()
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-") or "section"


class Markdown:
    """Enough of CommonMark for the docs: ATX headings (with ids), paragraphs, fenced and
    indented code, pipe tables, nested lists, block quotes, rules, and inline code, bold,
    emphasis and links. `link(target)` maps a link target to a URL (None: plain text);
    `code_link(text)` may turn a code span (a paragraph or ruling id) into a link."""

    def __init__(self, link=lambda target: None, code_link=lambda text: None):
        self.link = link
        self.code_link = code_link
        self.toc: list[tuple[int, str, str]] = []  # (level, id, text)
        self._ids: set[str] = set()

    def render(self, text: str) -> Markup:
        return Markup("\n".join(self._blocks(text.replace("\t", "    ").splitlines())))

    # -- inline
    def inline(self, text: str) -> str:
        out, pos = [], 0
        for m in _MD_INLINE.finditer(text):
            out.append(self._plain(text[pos:m.start()]))
            code = m.group(2).strip() if m.group(2).strip() else m.group(2)
            code = code.replace("\\|", "|")
            url = self.code_link(code)
            span = f"<code>{escape(code)}</code>"
            out.append(f'<a href="{escape(url)}">{span}</a>' if url else span)
            pos = m.end()
        out.append(self._plain(text[pos:]))
        return "".join(out)

    def _plain(self, text: str) -> str:
        text = str(escape(text.replace("\\|", "|")))

        def link(m):
            url = self.link(html.unescape(m.group(2)))
            return f'<a href="{escape(url)}">{m.group(1)}</a>' if url else m.group(1)

        text = _MD_LINK.sub(link, text)
        text = _MD_BOLD.sub(r"<strong>\1</strong>", text)
        return _MD_EM.sub(r"<em>\1</em>", text)

    # -- blocks
    def _blocks(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        i, n = 0, len(lines)
        while i < n:
            line = lines[i]
            stripped = line.strip()
            if not stripped:
                i += 1
                continue
            if stripped.startswith("```"):
                j = i + 1
                while j < n and not lines[j].strip().startswith("```"):
                    j += 1
                lang = stripped[3:].strip()
                cls = f' class="language-{escape(lang)}"' if lang else ""
                out.append(f"<pre><code{cls}>{escape(chr(10).join(lines[i + 1:j]))}</code></pre>")
                i = j + 1
                continue
            m = _MD_HEADING.match(line)
            if m:
                level, inner = len(m.group(1)), self.inline(m.group(2))
                ident = base = slug(inner)
                k = 2
                while ident in self._ids:
                    ident, k = f"{base}-{k}", k + 1
                self._ids.add(ident)
                self.toc.append((level, ident, re.sub(r"<[^>]+>", "", inner)))
                out.append(f'<h{level} id="{ident}">{inner}</h{level}>')
                i += 1
                continue
            if _MD_RULE.match(line):
                out.append("<hr>")
                i += 1
                continue
            if line.startswith("    "):
                j = i
                while j < n and (lines[j].startswith("    ") or not lines[j].strip()):
                    j += 1
                while j > i and not lines[j - 1].strip():
                    j -= 1
                code = "\n".join(l[4:] for l in lines[i:j])
                out.append(f"<pre><code>{escape(code)}</code></pre>")
                i = j
                continue
            if stripped.startswith("|") and i + 1 < n and re.match(r"^\s*\|?[\s:|-]+\|[\s:|-]*$", lines[i + 1]) \
                    and "-" in lines[i + 1]:
                j = i + 2
                while j < n and lines[j].strip().startswith("|"):
                    j += 1
                out.append(self._table(lines[i], lines[i + 2:j]))
                i = j
                continue
            if stripped.startswith(">"):
                j = i
                while j < n and lines[j].strip().startswith(">"):
                    j += 1
                quoted = [re.sub(r"^\s*> ?", "", l) for l in lines[i:j]]
                out.append("<blockquote>" + "\n".join(self._blocks(quoted)) + "</blockquote>")
                i = j
                continue
            if (item := _MD_ITEM.match(line)) is not None:
                i = self._list(lines, i, out, item)
                continue
            j = i + 1
            while j < n and lines[j].strip() and not self._starts_block(lines[j]):
                j += 1
            out.append("<p>" + self.inline(" ".join(l.strip() for l in lines[i:j])) + "</p>")
            i = j
        return out

    @staticmethod
    def _starts_block(line: str) -> bool:
        s = line.strip()
        return bool(s.startswith(("```", "|", ">", "#")) or _MD_ITEM.match(line) or _MD_RULE.match(line))

    @staticmethod
    def _cells(row: str) -> list[str]:
        row = row.strip()
        if row.startswith("|"):
            row = row[1:]
        if row.endswith("|") and not row.endswith("\\|"):
            row = row[:-1]
        return [c.strip() for c in re.split(r"(?<!\\)\|", row)]

    def _table(self, head: str, rows: list[str]) -> str:
        out = ['<div class="scroll" role="region" tabindex="0" aria-label="table"><table><thead><tr>']
        out.extend(f'<th scope="col">{self.inline(c)}</th>' for c in self._cells(head))
        out.append("</tr></thead><tbody>")
        for r in rows:
            out.append("<tr>" + "".join(f"<td>{self.inline(c)}</td>" for c in self._cells(r)) + "</tr>")
        out.append("</tbody></table></div>")
        return "".join(out)

    def _list(self, lines: list[str], i: int, out: list[str], first: re.Match[str]) -> int:
        """The list whose first item (`first`, matched) is lines[i], into `out`; the line after it."""
        indent = len(first.group(1))
        ordered = first.group(2)[0].isdigit()
        items: list[list[str]] = []
        n = len(lines)
        while i < n:
            line = lines[i]
            m = _MD_ITEM.match(line)
            if m and len(m.group(1)) == indent and m.group(2)[0].isdigit() == ordered:
                content = len(m.group(1)) + len(m.group(2)) + 1
                items.append([m.group(3)])
                i += 1
                while i < n:
                    nxt = lines[i]
                    if not nxt.strip():
                        # a blank line: the list goes on only if an indented line or an item follows
                        k = i + 1
                        while k < n and not lines[k].strip():
                            k += 1
                        if k < n and (lines[k].startswith(" " * max(content, indent + 2))):
                            items[-1].extend([""] * (k - i))
                            i = k
                            continue
                        break
                    mm = _MD_ITEM.match(nxt)
                    if mm and len(mm.group(1)) <= indent:
                        break
                    if not nxt.startswith(" ") and self._starts_block(nxt):
                        break
                    items[-1].append(nxt[content:] if nxt.startswith(" " * content) else nxt.strip())
                    i += 1
                continue
            if not line.strip():
                k = i
                while k < n and not lines[k].strip():
                    k += 1
                mm = _MD_ITEM.match(lines[k]) if k < n else None
                if mm and len(mm.group(1)) == indent and mm.group(2)[0].isdigit() == ordered:
                    i = k
                    continue
            break
        tag = "ol" if ordered else "ul"
        start = ""
        if ordered and not first.group(2).startswith("1."):
            start = f' start="{int(first.group(2)[:-1])}"'
        out.append(f"<{tag}{start}>")
        for item in items:
            blocks = self._blocks(item)
            if len(blocks) >= 1 and blocks[0].startswith("<p>") and not any("" == l for l in item):
                blocks[0] = blocks[0][3:-4]
            out.append("<li>" + "\n".join(blocks) + "</li>")
        out.append(f"</{tag}>")
        return i


# ------------------------------------------------------------ the rulebooks

def read_rulebooks(folder: Path | None) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """(paragraph id -> text, section id -> title, book -> title) from the rulebooks folder."""
    texts: dict[str, str] = {}
    sections: dict[str, str] = {}
    books: dict[str, str] = {}
    if folder is None:
        return texts, sections, books
    for book, (_, name) in BOOKS.items():
        try:
            text = (folder / name).read_text(encoding="utf-8")
        except OSError:
            continue
        current = None  # the paragraph being read: it runs up to the next blank line
        for line in text.splitlines():
            if not line.strip():
                current = None
                continue
            if line.startswith("# ") and book not in books:
                books[book] = line[2:].strip()
            m = re.match(r"^## +(.*?) +\{#([a-z]+/[a-z0-9-]+)\}\s*$", line)
            if m:
                sections[m.group(2)] = m.group(1).strip()
                current = None
                continue
            m = re.match(r"^\[([a-z]+/[a-z0-9-]+/[0-9]+)\] (.*)$", line)
            if m:
                current = m.group(1)
                texts[current] = m.group(2).strip()
            elif current is not None and not line.startswith("#"):
                texts[current] += " " + line.strip()
    return texts, sections, books


def _inline_rulebook(text: str) -> Markup:
    """A rulebook paragraph's text: escaped, with its **bold** and `code` kept."""
    out = str(escape(text))
    out = _MD_BOLD.sub(r"<strong>\1</strong>", out)
    return Markup(re.sub(r"`([^`]+)`", r"<code>\1</code>", out))


# ------------------------------------------------------------ the generator

class Site:
    def __init__(self, out: Path, rulebooks: Path | None, reports: list[Path], rules: list[Path] | tuple = (),
                 scenarios: list[Path] | tuple = ()):
        self.out = out
        # A designer's own scenarios (`--scenarios`), played with the rules files, beside the corpus.
        self.own_scenarios = [Path(s) for s in scenarios]
        self.rulebooks = rulebooks
        self.report_paths = reports
        # A designer's own rules files (`--rules`), shown beside spec/ under rules/.
        self.rules = [Path(r) for r in rules]
        self._own = {str(Path(r).resolve()) for r in rules}
        self.warnings: list[str] = []
        self.pages = 0
        self.files = 0
        self.search: list[list[str]] = []
        self.env = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=select_autoescape(["html"]),
                               undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
        self.env.globals.update(version=__version__, status_labels=STATUS_LABELS,
                                verdict_labels=VERDICT_LABELS, module_titles=MODULE_TITLES)
        self.env.filters["slug"] = slug
        self.env.filters["plural"] = lambda n, word, many=None: f"{n} {word if n == 1 else (many or word + 's')}"

    # -- writing
    def write(self, rel: str, text: str) -> None:
        path = self.out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        self.files += 1

    def page(self, template: str, rel: str, title: str, nav: str = "", **ctx) -> None:
        root = "../" * rel.count("/")
        text = self.env.get_template(template).render(root=root, title=title, nav=nav,
                                                      has_engines=bool(self.engines), **ctx)
        self.write(rel, text)
        self.pages += 1

    # -- urls (relative to the site's root)
    def cite_url(self, ident: str) -> str | None:
        if ident.startswith("ruling/"):
            name = ident[len("ruling/"):]
            return f"rulings.html#r-{name}" if name in self.spec.rulings else None
        para = self.paragraphs.get(ident)
        if para is None:
            return None
        book, section, n = ident.split("/")
        return f"rulebook/{book}/{section}.html#p-{n}"

    @staticmethod
    def scenario_url(sid: str) -> str:
        return f"scenarios/{sid}.html"

    def spec_url(self, file: str, line: int | None = None) -> str:
        return f"{file}.html" + (f"#L{line}" if line else "")

    # -- the build: everything is read (and bad input refused) before anything is written
    def load(self) -> None:
        self.load_reports()
        self.load_spec()
        self.load_scenarios()
        self.load_rulebook()

    def write_all(self) -> None:
        shutil.copyfile(TEMPLATES / "static" / "style.css", self.out / "style.css")
        shutil.copyfile(TEMPLATES / "static" / "site.js", self.out / "site.js")
        self.files += 2
        self.write_spec_pages()
        self.write_rulebook()
        self.write_rulings()
        self.write_scenarios()
        self.write_maps()
        self.write_cards()
        self.write_engines()
        self.write_docs()
        self.write_index()
        self.write_search()

    # ---------------------------------------------------------------- the spec
    def load_spec(self) -> None:
        self.files_parsed = parse_files([*spec_files(), *self.rules])
        self.spec = build(self.files_parsed, None)
        self.paragraphs = paragraph_index()
        self.root = paths.ROOT.resolve()
        self.sources: dict[str, list[str]] = {}  # file (relative to the root) -> lines
        self.file_of: dict[str, str] = {}  # a parsed file's path -> its path relative to the root
        self.decls: list[tuple] = []  # (decl, file, first line, last line)
        for f in self.files_parsed:
            rel = self._relative(f.path)
            self.file_of[f.path] = rel
            try:
                self.sources[rel] = Path(f.path).read_text(encoding="utf-8").splitlines()
            except OSError:
                self.sources[rel] = []
            ds = [d for d in f.decls if not isinstance(d, Module)]
            for i, d in enumerate(ds):
                nxt = ds[i + 1].loc.line if i + 1 < len(ds) else None
                end = self._decl_end(self.sources[rel], d.loc.line, nxt)
                self.decls.append((d, rel, d.loc.line, end))
        self.highlighted = {rel: [highlight_line(l, self._cite_href_from_spec) for l in lines]
                            for rel, lines in self.sources.items()}
        # What cites what: id -> [(decl, file, first, last)], from the declarations and from their clauses.
        self.citing: dict[str, list[tuple]] = {}
        for entry in self.decls:
            d = entry[0]
            if isinstance(d, Ruling):
                continue
            ids = list(d.cites) + [c for cl in getattr(d, "clauses", ()) for c in cl.cites]
            for ident in dict.fromkeys(ids):
                self.citing.setdefault(ident, []).append(entry)
        self.card_info = self._cards(self.spec)  # every module's cards: for the search and the lists
        self.info = self.card_info  # the cards of the game being drawn (set per scenario)
        self._card_infos: dict[int, dict] = {}

    def _relative(self, path: str) -> str:
        p = Path(path)
        if str(p.resolve()) in self._own:
            return "rules/" + p.name  # wherever it lies: the site's pages of the user's files
        try:
            return p.resolve().relative_to(self.root).as_posix()
        except ValueError:
            return "spec/" + p.name

    @staticmethod
    def _decl_end(lines: list[str], start: int, next_line: int | None) -> int:
        end = (next_line - 1) if next_line else len(lines)
        while end > start and (not lines[end - 1].strip() or lines[end - 1].strip().startswith("//")):
            end -= 1
        return end

    def _cite_href_from_spec(self, ident: str) -> str | None:
        url = self.cite_url(ident)
        return None if url is None else "{ROOT}" + url  # the page's root is filled in per page

    def cards_of(self, spec: Spec) -> dict[str, dict]:
        """The cards of one game (a spec of some modules), as drawn: their titles are that game's."""
        found = self._card_infos.get(id(spec))
        if found is None:
            found = self._card_infos[id(spec)] = self._cards(spec)
        return found

    def _cards(self, spec) -> dict[str, dict]:
        info: dict[str, dict] = {}
        for name, v in spec.varieties.items():
            main = (v.title or name).split(" (")[0]
            short = re.sub(r"\s+Bean$", "", main)
            info[name] = {"id": name, "label": short, "title": v.title or name, "cls": f"bean bean-{name}",
                          "kind": "bean"}
        for name, c in spec.cards.items():
            info[name] = self._card_entry(c)
        for name, v in spec.vines.items():
            info[name] = {"id": name, "label": name.replace("_", " "), "title": v.text or name, "cls": "vine",
                          "kind": "vine"}
        for c in info.values():
            c["html"] = self.chip(c)
        return info

    def _card_entry(self, c: Card) -> dict:
        main = (c.title or c.name).split(" (")[0]
        return {"id": c.name, "label": main, "title": c.title or c.name, "cls": f"tile cat-{c.category}",
                "kind": c.category}

    def chip(self, card: dict) -> Markup:
        """A card as drawn on the table (site_templates/card.html), rendered once per kind."""
        return Markup(self.env.get_template("card.html").render(c=card).strip())

    def source_block(self, rel: str, first: int, last: int, marked: Set[int] = frozenset(), root: str = "") -> list:
        """[(line number, html, marked)] of lines first..last of a rules file."""
        lines = self.highlighted.get(rel, [])
        return [(n, Markup(str(lines[n - 1]).replace("{ROOT}", root)), n in marked)
                for n in range(first, min(last, len(lines)) + 1)]

    def clause_view(self, entry: tuple, ident: str, root: str) -> dict:
        d, rel, first, last = entry
        lines = self.sources.get(rel, [])
        cited = re.compile(r"(?<![\w/-])" + re.escape(ident) + r"(?![\w/-])")
        marked = {n for n in range(first, min(last, len(lines)) + 1)
                  if ident in lines[n - 1] and cited.search(lines[n - 1])}
        doc: list[str] = []
        k = first - 2
        while k >= 0 and lines[k].strip().startswith("//"):
            doc.insert(0, lines[k].strip()[2:].strip())
            k -= 1
        words = [w.rstrip(".") + "." for w in (getattr(d, "text", ""), getattr(d, "title", ""), " ".join(doc)) if w]
        kind = keyword(d)
        if kind == "endrule":
            kind = "end"
        return {"kind": kind, "name": d.name, "module": d.module, "file": rel, "line": first,
                "url": self.spec_url(rel, first), "in_words": " ".join(words),
                "lines": self.source_block(rel, first, last, marked, root), "size": last - first + 1}

    # ---------------------------------------------------------------- scenarios
    def load_scenarios(self) -> None:
        self.scenarios: dict[str, dict] = {}
        self.broken: list[dict] = []
        self.engines_by_modules: dict[tuple, Engine] = {}
        base = paths.SCENARIOS.resolve()
        for f in S.scenario_files([paths.SCENARIOS]):
            rel = f.resolve().relative_to(base).with_suffix("").as_posix()
            self._add_scenario(f, rel, f"conformance/scenarios/{rel}{f.suffix}")
        # A designer's own, wherever they lie: the id says where each stands among the corpus'.
        for where in self.own_scenarios:
            if not where.exists():
                raise BohnspecError(f"--scenarios {where}: no such file or folder")
            for f in S.scenario_files([where]):
                self._add_scenario(f, None, f.as_posix())
        if self.broken:
            self.warnings.append(f"{len(self.broken)} scenario(s) could not be read; see scenarios/index.html")
        self.cited_by_scenarios: dict[str, list[str]] = {}
        for sid, sc in self.scenarios.items():
            for c in sc["cites"]:
                self.cited_by_scenarios.setdefault(c, []).append(sid)

    def _add_scenario(self, f: Path, rel: str | None, shown: str) -> None:
        """Read one scenario file for its pages; one that cannot be read is listed, not fatal.
        `rel`: its id as its place in the corpus, None for a file outside it."""
        try:
            # (a designer's file within the bounds conform reads it in: round 96's tester had an
            # alias bomb in a `note:` spend a minute and the memory; the corpus, the project's own,
            # is read fast)
            data = yaml.load(f.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) \
                if rel is not None else userfile.read_yaml(f).data
            sc = self._scenario(data, rel, f, shown)
        except Exception as exc:  # noqa: BLE001 - anything wrong with one file is reported, not fatal
            message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            self.broken.append({"path": shown, "problem": message})
            return
        if sc["id"] in self.scenarios:
            self.broken.append({"path": shown, "problem": f"the id {sc['id']!r} is taken by "
                                                          f"{self.scenarios[sc['id']]['file']}"})
            return
        self.scenarios[sc["id"]] = sc

    def engine(self, modules: Iterable[str]) -> Engine:
        key = tuple(sorted(set(modules)))
        eng = self.engines_by_modules.get(key)
        if eng is None:
            eng = self.engines_by_modules[key] = Engine(build(self.files_parsed, list(key)))
        return eng

    def _scenario(self, data, rel: str | None, path: Path, shown: str) -> dict:
        if not isinstance(data, dict):
            raise BohnspecError("not a mapping")
        refused = data.get("refused")  # a setup the rules refuse: no steps, no table to draw
        for key, kind in (("id", str), ("title", str), ("cites", list), ("modules", list),
                          *([] if refused is not None else [("steps", list)])):
            if not isinstance(data.get(key), kind):
                raise BohnspecError(f"`{key}` is missing or not {kind.__name__}")
        if rel is not None and data["id"] != rel:
            raise BohnspecError(f"the id {data['id']!r} does not match the file's place ({rel!r})")
        problem = S.id_problem(data["id"], path, paths.SCENARIOS) if rel is None else ""
        if problem:
            raise BohnspecError(problem)
        steps = [S.Step(s.get("do"), s.get("expect") or {}, s.get("note", "")) for s in data.get("steps") or []]
        sc = S.Scenario(data["id"], data["title"], list(data["cites"]), list(data["modules"]), str(path), steps,
                        data.get("state"), data.get("setup"), data,
                        refused=S.rules_of(refused) if refused is not None else None)
        engine = self.engine(sc.modules)
        state = None
        try:
            state, _events = S.build_state(engine, sc)
        except S.Refused:
            if sc.refused is None:
                raise
        cards: set[str] = set()
        _collect_cards(data.get("state"), cards, self.card_info)
        _collect_cards(data.get("setup"), cards, self.card_info)
        for step in data.get("steps") or []:
            _collect_cards((step or {}).get("expect"), cards, self.card_info)
        board_cards = {cs[0] for cs in state.space_cards.values() if cs} if state is not None else set()
        # How to play it again: a designer's own scenario by its file, with the rules files it
        # is played with (round 95's designer was shown commands without them, both refused)
        rules = "".join(f" --rules {shlex.quote(r.as_posix())}" for r in self.rules) if rel is None else ""
        run = f"bohnspec conform {shlex.quote(shown)}{rules}"
        look = f"bohnspec judge {shlex.quote(shown) if rel is None else sc.id} --step 0{rules}"
        return {"id": sc.id, "title": sc.title, "description": data.get("description", ""), "cites": sc.cites,
                "modules": sc.modules, "file": shown, "sc": sc, "run": run, "look": look,
                "engine": engine, "state": state, "cards": sorted(cards | board_cards),
                "board": state.board.name if state is not None and state.board is not None else None,
                "setup": sc.setup is not None}

    # ---------------------------------------------------------------- reports
    def load_reports(self) -> None:
        self.engines: list[dict] = []
        used: set[str] = set()
        for n, path in enumerate(self.report_paths, 1):
            try:
                data = json.loads(Path(path).read_text(encoding="utf-8"))
            except OSError as exc:
                raise BohnspecError(f"--report {path}: cannot read it ({exc.strerror or exc})") from None
            except json.JSONDecodeError as exc:
                raise BohnspecError(f"--report {path}: not JSON ({exc.msg}, line {exc.lineno})") from None
            problems = S.schema_errors(data, "report.schema.json")
            if problems:
                where, message = problems[0]
                raise BohnspecError(f"--report {path}: not a report of `bohnspec conform --json` "
                                    f"(at {where}: {message})")
            engine = data.get("engine") or {}
            name = str(engine.get("name") or Path(path).stem)
            if engine.get("version"):
                name += f" {engine['version']}"
            key = base = slug(name)
            k = 2
            while key in used:
                key, k = f"{base}-{k}", k + 1
            used.add(key)
            verdicts = {s["id"]: s for s in data["scenarios"]}
            self.engines.append({"key": key, "name": name, "file": Path(path).name, "data": data,
                                 "engine": engine, "summary": data["summary"], "verdicts": verdicts,
                                 "url": f"engines/{key}.html", "n": n})

    # ---------------------------------------------------------------- rulebook pages
    def load_rulebook(self) -> None:
        texts, section_titles, book_titles = read_rulebooks(self.rulebooks)
        self.texts = texts
        books: dict[str, dict] = {}
        for pid, para in self.paragraphs.items():
            book, section, n = pid.split("/")
            b = books.setdefault(book, {"id": book, "title": book_titles.get(book) or BOOKS.get(book, (book,))[0],
                                        "short": BOOKS.get(book, (book,))[0], "sections": {},
                                        "url": f"rulebook/{book}/index.html"})
            sid = f"{book}/{section}"
            s = b["sections"].setdefault(section, {
                "id": sid, "slug": section, "book": book,
                "title": section_titles.get(sid) or section.replace("-", " ").capitalize(),
                "url": f"rulebook/{book}/{section}.html", "paragraphs": []})
            clauses = self.citing.get(pid, [])
            scenarios = self.cited_by_scenarios.get(pid, [])
            if not para.normative:
                status = "informative"
            elif clauses and scenarios:
                status = "covered"
            elif clauses:
                status = "no-scenario"
            elif scenarios:
                status = "no-clause"
            else:
                status = "uncovered"
            s["paragraphs"].append({"id": pid, "n": n, "anchor": f"p-{n}", "para": para, "status": status,
                                    "text": texts.get(pid), "url": f"{s['url']}#p-{n}"})
        order = list(BOOKS) + sorted(set(books) - set(BOOKS))
        self.books = [books[b] for b in order if b in books]
        for b in self.books:
            b["sections"] = list(b["sections"].values())
            b["counts"] = _counts(p for s in b["sections"] for p in s["paragraphs"])
            for s in b["sections"]:
                s["counts"] = _counts(s["paragraphs"])

    def write_rulebook(self) -> None:
        self.page("rulebook.html", "rulebook/index.html", "The rulebooks, annotated", "rulebook",
                  books=self.books, has_texts=bool(self.texts), rulebooks=self.rulebooks)
        for b in self.books:
            self.page("book.html", b["url"], b["title"], "rulebook", book=b, has_texts=bool(self.texts))
            for i, s in enumerate(b["sections"]):
                root = "../../"
                paras = []
                for p in s["paragraphs"]:
                    pid = p["id"]
                    clauses = [self.clause_view(e, pid, root) for e in self.citing.get(pid, [])]
                    rulings = [r for r in self.spec.rulings.values() if pid in r.cites]
                    scenarios = [{"id": x, "title": self.scenarios[x]["title"], "url": self.scenario_url(x)}
                                 for x in self.cited_by_scenarios.get(pid, [])]
                    paras.append({**p, "text_html": _inline_rulebook(p["text"]) if p["text"] else None,
                                  "clauses": clauses, "scenarios": scenarios,
                                  "rulings": [{"id": r.id, "decision": r.decision, "url": self.cite_url(r.id)}
                                              for r in rulings]})
                    words = " ".join(filter(None, [p["text"], s["title"], p["para"].note]))
                    self.search.append(["paragraph", pid, p["url"], f"{s['title']}: "
                                        + (p["text"] or p["para"].note or STATUS_LABELS[p["status"]]), words])
                prev = b["sections"][i - 1] if i else None
                nxt = b["sections"][i + 1] if i + 1 < len(b["sections"]) else None
                self.page("section.html", s["url"], f"{s['title']} ({b['short']})", "rulebook", book=b,
                          section=s, paragraphs=paras, prev=prev, next=nxt, has_texts=bool(self.texts))

    # ---------------------------------------------------------------- spec files
    def write_spec_pages(self) -> None:
        by_file: dict[str, list] = {}
        for entry in self.decls:
            by_file.setdefault(entry[1], []).append(entry)
        self.spec_files = []
        for rel in sorted(self.sources):
            entries = by_file.get(rel, [])
            modules = sorted({e[0].module for e in entries})
            root = "../" * rel.count("/")  # the page is spec/.../FILE.bohn.html
            decls = []
            for d, _, first, _last in entries:
                kind = keyword(d)
                kind = "end" if kind == "endrule" else kind
                decls.append({"kind": kind, "name": d.name, "line": first, "cites": list(d.cites)})
                if isinstance(d, (Action, Ruling, Vine, Board, Card, Variety, Category)) \
                        or kind in ("define", "procedure", "phase"):
                    self.search.append(["clause", f"{kind} {d.name}", self.spec_url(rel, first), f"{rel}:{first}",
                                        f"{d.name} {getattr(d, 'title', '')} {getattr(d, 'text', '')}"])
            lines = self.source_block(rel, 1, len(self.sources[rel]), root=root)
            self.spec_files.append({"file": rel, "url": self.spec_url(rel), "decls": len(decls), "modules": modules})
            self.page("specfile.html", self.spec_url(rel), rel, "spec", file=rel, modules=modules, decls=decls,
                      lines=lines)
        self.page("specindex.html", "spec/index.html", "The rules files", "spec", files=self.spec_files)

    # ---------------------------------------------------------------- rulings
    def write_rulings(self) -> None:
        groups: dict[str, list] = {}
        where = {e[0].name: e for e in self.decls if isinstance(e[0], Ruling)}
        for name, r in self.spec.rulings.items():
            entry = where.get(name)
            clauses = [{"kind": v["kind"], "name": v["name"], "file": v["file"], "line": v["line"], "url": v["url"]}
                       for v in (self.clause_view(e, r.id, "") for e in self.citing.get(r.id, []))]
            scen = [{"id": x, "title": self.scenarios[x]["title"], "url": self.scenario_url(x)}
                    for x in self.cited_by_scenarios.get(r.id, [])]
            groups.setdefault(r.module, []).append({
                "id": r.id, "name": name, "anchor": f"r-{name}", "question": r.question, "decision": r.decision,
                "reason": r.reason, "cites": [{"id": c, "url": self.cite_url(c)} for c in r.cites],
                "file": entry[1] if entry else None, "line": entry[2] if entry else None,
                "url": self.spec_url(entry[1], entry[2]) if entry else None,
                "clauses": clauses, "scenarios": scen})
            self.search.append(["ruling", r.id, f"rulings.html#r-{name}", r.decision,
                                f"{r.question} {r.decision} {r.reason}"])
        order = [m for m in MODULE_TITLES if m in groups] + sorted(set(groups) - set(MODULE_TITLES))
        self.page("rulings.html", "rulings.html", "Rulings", "rulings",
                  groups=[(m, groups[m]) for m in order], count=len(self.spec.rulings))

    # ---------------------------------------------------------------- scenarios
    def write_scenarios(self) -> None:
        folders: dict[str, dict[str, list]] = {}
        for sid in sorted(self.scenarios):
            sc = self.scenarios[sid]
            parts = sid.split("/")
            folders.setdefault(parts[0], {}).setdefault("/".join(parts[1:-1]) or "(top)", []).append(sc)
            self.search.append(["scenario", sid, self.scenario_url(sid), sc["title"],
                                " ".join([sc["title"], sc["description"] or "", " ".join(sc["cites"]),
                                          " ".join(sc["cards"]), " ".join(self.card_info[c]["label"]
                                                                           for c in sc["cards"] if c in self.card_info),
                                          sc["board"] or ""])])
        for sc in self.scenarios.values():
            self._scenario_page(sc)
        modules = [(m, folders[m]) for m in sorted(folders, key=lambda m: (list(MODULE_TITLES).index(m)
                                                                            if m in MODULE_TITLES else 99, m))]
        self.page("scenarios.html", "scenarios/index.html", "Scenarios", "scenarios", modules=modules,
                  broken=self.broken, count=len(self.scenarios))

    def _scenario_page(self, sc: dict) -> None:
        sid = sc["id"]
        rel = self.scenario_url(sid)
        engine, state = sc["engine"], sc["state"]
        self.info = self.cards_of(engine.spec)
        picture = None
        view = boardview.of_state(engine.spec, state) if state is not None else None
        if view is not None:
            svg_rel = f"maps/scenarios/{sid}.svg"
            subtitle = f"board {view.name}; phase {state.phase}, active player {state.active}"
            self.write(svg_rel, boardview.svg(view, title=f"Starting situation of {sid}", subtitle=subtitle))
            picture = {"src": svg_rel, "alt": map_alt(view, "The map at the start of the scenario"),
                       "rows": boardview.text_rows(view)}
        drawn = self.state_view(state.to_json(), engine) if state is not None else None
        steps = []
        for i, step in enumerate(sc["sc"].steps, 1):
            steps.append({"n": i, "action": self.action_view(step.action, engine),
                          "expect": self.expect_view(step.expect), "note": step.note})
        setup = None
        if sc["sc"].setup is not None:
            st = sc["sc"].setup
            setup = {"players": st.get("players", []), "options": {**(st.get("options") or {}),
                                                                   **({"beans": st["beans"]} if "beans" in st else {})},
                     "board": st.get("board") if isinstance(st.get("board"), str)
                     else ("given inline" if st.get("board") else None),
                     "decks": [(k, self.cards_view(v)) for k, v in [("deck", st.get("deck", []))]
                               + sorted(S.setup_zones(st).items()) if isinstance(v, list)]}
        results = []
        for e in self.engines:
            v = e["verdicts"].get(sid)
            if v is not None:
                results.append({"engine": e, "verdict": v["verdict"],
                                "url": f"{e['url']}#{_anchor(sid)}" if v["verdict"] != "passed" else e["url"]})
        self.page("scenario.html", rel, sid, "scenarios", sc=sc,
                  cites=[{"id": c, "url": self.cite_url(c)} for c in sc["cites"]],
                  drawn=drawn, picture=picture, steps=steps, setup=setup, results=results,
                  refused=[{"id": c, "url": self.cite_url(c)} for c in sc["sc"].refused or []])

    # -- drawing a state
    def cards_view(self, cards: Iterable[object]) -> list[dict]:
        out = []
        for c in cards:
            m = _CARD_RUN.match(c) if isinstance(c, str) else None
            name, times = (m.group(1), int(m.group(2))) if m else (c, 1)
            info = self.info.get(name) if isinstance(name, str) else None
            if info is None:
                info = {"id": str(name), "label": str(name), "title": str(name), "cls": "unknown", "kind": "?"}
                info["html"] = self.chip(info)
            out.extend([info] * times)
        return out

    def is_cards(self, value: object) -> TypeGuard[list]:
        if not isinstance(value, list) or not value:
            return False
        for c in value:
            if not isinstance(c, str):
                return False
            m = _CARD_RUN.match(c)
            if (m.group(1) if m else c) not in self.info:
                return False
        return True

    def state_view(self, js: dict, engine: Engine) -> dict:
        spec = engine.spec
        zones = spec.zones

        def zone_view(name, value):
            z = zones.get(name)
            kind = z.kind if z else "row"
            label = name.replace("_", " ")
            if kind == "fields":
                return {"name": name, "label": label, "kind": "fields",
                        "fields": [self.cards_view(f) for f in value]}
            cards = self.cards_view(value)
            return {"name": name, "label": label, "kind": kind, "cards": cards, "count": len(cards)}

        players = []
        for p in js["players"]:
            shown = []
            for name, z in zones.items():
                if not z.per_player or name not in p:
                    continue
                if name in ALWAYS_SHOWN or p[name]:
                    shown.append(zone_view(name, p[name]))
            vars_ = [(k, v) for k, v in (p.get("vars") or {}).items() if not _is_default(spec.vars.get(k), v)]
            players.append({"name": p["name"], "active": p["name"] == js["active"],
                            "starting": p["name"] == js["starting_player"], "zones": shown, "vars": vars_})
        shared = []
        for name, z in zones.items():
            if z.per_player or name not in js:
                continue
            if name in ALWAYS_SHOWN or js[name]:
                shared.append(zone_view(name, js[name]))
        vars_ = [(k, v) for k, v in (js.get("vars") or {}).items() if not _is_default(spec.vars.get(k), v)]
        return {"players": players, "shared": shared, "vars": vars_, "phase": js["phase"], "active": js["active"],
                "options": sorted((js.get("options") or {}).items()),
                "shuffles": [self.cards_view(s) for s in js.get("shuffles", [])],
                "over": js.get("over"), "winners": js.get("winners", [])}

    def action_view(self, action: dict | None, engine: Engine) -> dict | None:
        if not action:
            return None
        kind = str(action.get("type", "?"))
        decl = engine.spec.actions.get(kind)
        url = None
        if decl is not None:
            url = self.spec_url(self.file_of.get(decl.loc.file) or self._relative(decl.loc.file), decl.loc.line)
        params = []
        for k, v in action.items():
            if k in ("type", "player"):
                continue
            params.append((k, self.value_view(v)))
        return {"player": action.get("player"), "type": kind, "url": url, "params": params,
                "title": decl.title if decl is not None else ""}

    def value_view(self, v: object) -> dict:
        if self.is_cards(v):
            return {"t": "cards", "cards": self.cards_view(v)}
        if isinstance(v, list) and v and all(isinstance(x, list) for x in v) \
                and all(self.is_cards(x) or x == [] for x in v):
            return {"t": "fields", "fields": [self.cards_view(x) for x in v]}
        if isinstance(v, list) and not v:
            return {"t": "text", "text": "empty"}
        if isinstance(v, dict):
            return {"t": "map", "items": [(str(k), self.value_view(x)) for k, x in v.items()]}
        if isinstance(v, list):
            return {"t": "list", "items": [self.value_view(x) for x in v]}
        if isinstance(v, str):
            return {"t": "text", "text": v}
        return {"t": "code", "text": json.dumps(v)}

    def expect_view(self, expect: dict) -> dict:
        rejected = expect.get("rejected")
        out: dict[str, Any] = {"rejected": None, "state": None, "events": [], "accepted": "rejected" not in expect}
        if rejected:
            # One rule id, or a list of those an engine may fairly cite (any passes).
            ids = rejected if isinstance(rejected, list) else [rejected]
            out["rejected"] = [{"id": r, "url": self.cite_url(r)} for r in ids]
        if isinstance(expect.get("state"), dict):
            out["state"] = self.value_view(expect["state"])
        for e in expect.get("events") or []:
            if isinstance(e, dict):
                out["events"].append({"event": e.get("event"),
                                      "items": [(k, self.value_view(x)) for k, x in e.items() if k != "event"]})
        return out

    # ---------------------------------------------------------------- maps
    def write_maps(self) -> None:
        boards = []
        for d, rel, first, _last in self.decls:
            if not isinstance(d, Board):
                continue
            try:
                # drawn with its own module's cards (titles and colours as in that game's scenarios)
                view = boardview.of_decl(self.engine([d.module]).spec, d)
            except (ValueError, KeyError) as exc:
                self.warnings.append(f"board {d.name}: not drawn ({exc})")
                continue
            svg_rel = f"maps/boards/{d.name}.svg"
            self.write(svg_rel, boardview.svg(view, title=f"Board {d.name}" + (f": {d.title}" if d.title else "")))
            boards.append({"name": d.name, "title": d.title, "module": d.module, "geometry": d.geometry,
                           "players": d.players, "src": svg_rel, "alt": map_alt(view, f"Board {d.name}"),
                           "file": rel, "line": first, "url": self.spec_url(rel, first), "anchor": f"board-{d.name}",
                           "cites": [{"id": c, "url": self.cite_url(c)} for c in d.cites],
                           "scenarios": sorted(s for s, sc in self.scenarios.items() if sc["board"] == d.name)})
            self.search.append(["map", f"board {d.name}", f"maps/index.html#board-{d.name}", d.title or d.name,
                                f"{d.name} {d.title} {d.module} map board"])
        on_maps: dict[str, list] = {}
        for sid in sorted(self.scenarios):
            sc = self.scenarios[sid]
            if sc["board"] is not None:
                on_maps.setdefault(sc["board"], []).append(sc)
        self.page("maps.html", "maps/index.html", "Maps", "maps", boards=boards,
                  on_maps=sorted(on_maps.items()))

    # ---------------------------------------------------------------- cards
    def write_cards(self) -> None:
        """Every card as declared: two expansions may each declare a card of the same id (the
        war expansions' town, forest, ...), each listed with its own module and scenarios."""
        declared = [(d, rel, first) for d, rel, first, _ in self.decls if isinstance(d, (Variety, Card, Vine))]
        twice = {name for name in {d.name for d, _, _ in declared}
                 if sum(1 for d, _, _ in declared if d.name == name) > 1}

        def entry(d, rel, first, extra):
            anchor = f"card-{d.name}-{d.module}" if d.name in twice else f"card-{d.name}"
            info = self._card_entry(d) if isinstance(d, Card) else self.card_info[d.name]
            scenarios = sorted(sid for sid, sc in self.scenarios.items()
                               if d.name in sc["cards"] and d.module in (sc["engine"].spec.chosen or ()))
            return {"id": d.name, "anchor": anchor, "info": {**info, "html": self.chip(info)}, "module": d.module,
                    "file": rel, "line": first, "url": self.spec_url(rel, first),
                    "cites": [{"id": c, "url": self.cite_url(c)} for c in d.cites], "scenarios": scenarios, **extra}

        beans = [entry(d, rel, first, {"count": d.count, "meter": list(d.meter) if d.meter is not None else None})
                 for d, rel, first in declared if isinstance(d, Variety)]
        categories = []
        for cat_name, cat in self.spec.categories.items():
            defaults = dict(cat.attrs)
            cards = []
            for d, rel, first in declared:
                if not isinstance(d, Card) or d.category != cat_name:
                    continue
                own = dict(d.attrs)
                attrs = [(a, own.get(a, v), a in own) for a, v in defaults.items()]
                attrs += [(a, v, True) for a, v in own.items() if a not in defaults]
                cards.append(entry(d, rel, first, {"count": d.count, "attrs": attrs}))
            categories.append({"name": cat_name, "attrs": list(defaults), "cards": cards})
        vines = [entry(d, rel, first, {"text": d.text}) for d, rel, first in declared if isinstance(d, Vine)]
        for b in beans:
            self.search.append(["card", b["info"]["title"], f"cards.html#{b['anchor']}", f"bean card {b['id']}",
                                f"{b['id']} bean variety {b['info']['label']}"])
        for group in categories:
            for c in group["cards"]:
                kind = "landscape" if group["name"] == "landscape" else "card"
                self.search.append([kind, c["info"]["title"], f"cards.html#{c['anchor']}",
                                    f"{group['name']} {c['id']} ({MODULE_TITLES.get(c['module'], c['module'])})",
                                    f"{c['id']} {group['name']} {c['module']}"])
        for v in vines:
            self.search.append(["card", v["id"], f"cards.html#{v['anchor']}", v["text"], f"vine {v['text']}"])
        self.page("cards.html", "cards.html", "Cards", "cards", beans=beans, categories=categories, vines=vines)

    # ---------------------------------------------------------------- engines
    def write_engines(self) -> None:
        if not self.engines:
            return
        ids = list(self.scenarios)
        for e in self.engines:
            ids.extend(x for x in e["verdicts"] if x not in self.scenarios)
        ids = sorted(set(ids))
        rows = []
        for sid in ids:
            cells = []
            for e in self.engines:
                v = e["verdicts"].get(sid)
                verdict = v["verdict"] if v else None
                cells.append({"verdict": verdict,
                              "url": f"{e['url']}#{_anchor(sid)}" if verdict and verdict != "passed" else None})
            verdicts = {c["verdict"] for c in cells}
            rows.append({"id": sid, "url": self.scenario_url(sid) if sid in self.scenarios else None, "cells": cells,
                         "same": len(verdicts) == 1 and verdicts <= {"passed"}})
        for e in self.engines:
            failures: list[dict] = []
            others: list[dict] = []
            for sid in sorted(e["verdicts"]):
                v = e["verdicts"][sid]
                if v["verdict"] == "passed":
                    continue
                item = {"id": sid, "anchor": _anchor(sid), "verdict": v["verdict"], "message": v.get("message", ""),
                        "stderr": v.get("stderr", ""), "url": self.scenario_url(sid) if sid in self.scenarios else None,
                        "expected": v.get("expected_verdict"), "reason": v.get("expected_reason", ""),
                        "steps": [{"n": s["index"] + 1, "action": s.get("action"),
                                   "problems": [_diff(p) for p in s.get("problems", [])]}
                                  for s in v.get("steps", []) if not s.get("ok", True)]}
                (failures if v["verdict"] not in ("skipped", "not-applicable") else others).append(item)
            self.page("engine.html", e["url"], f"Engine: {e['name']}", "engines", e=e, failures=failures, others=others,
                      capabilities=sorted((e["data"].get("capabilities") or {}).items()))
        self.page("engines.html", "engines/index.html", "Engines", "engines", engines=self.engines, rows=rows)

    # ---------------------------------------------------------------- docs
    def write_docs(self) -> None:
        docs = paths.ROOT / "docs"
        pages = {"LANGUAGE.md": "language.html", "NOTATION.md": "notation.html"}

        def link(target):
            base = target.split("#")[0].split("/")[-1]
            return pages.get(base)

        def code_link(text):
            return self.cite_url(text) if (_PID.match(text) or text.startswith("ruling/")) else None

        for name, rel in pages.items():
            path = docs / name
            md = Markdown(link, code_link)
            try:
                body = md.render(path.read_text(encoding="utf-8"))
                title = next((t for level, _, t in md.toc if level == 1), name)
            except OSError:
                body, title = None, name
                self.warnings.append(f"docs/{name} not found: {rel} says so")
            toc = [(level, ident, t) for level, ident, t in md.toc if level in (2, 3)]
            head, rest = None, body
            if body is not None and "</h1>" in body:  # the table of contents goes under the heading
                cut = body.index("</h1>") + len("</h1>")
                head, rest = Markup(body[:cut]), Markup(body[cut:])
            self.page("doc.html", rel, title, rel[:-5], head=head, body=rest, toc=toc, source=f"docs/{name}")
            self.search.append(["page", title, rel, f"docs/{name}", " ".join(t for _, _, t in md.toc)])

    # ---------------------------------------------------------------- index, search
    def write_index(self) -> None:
        totals = _counts(p for b in self.books for s in b["sections"] for p in s["paragraphs"])
        self.page("index.html", "index.html", "bohnspec: the Bohnanza rulebook, machine-checkable", "home",
                  books=self.books, totals=totals, scenarios=len(self.scenarios), rulings=len(self.spec.rulings),
                  has_texts=bool(self.texts), rulebooks=self.rulebooks, engines=self.engines,
                  boards=sum(1 for d in self.decls if isinstance(d[0], Board)),
                  map_scenarios=sum(1 for s in self.scenarios.values() if s["board"]),
                  spec_files=len(self.sources))

    def write_search(self) -> None:
        data = [[kind, title, url, summary[:160], words.lower()[:600]]
                for kind, title, url, summary, words in self.search]
        packed = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        self.write("search-index.js", "window.BOHNSPEC_SEARCH = " + packed + ";\n")
        self.page("search.html", "search.html", "Search", "search",
                  kinds=sorted({e[0] for e in self.search}))


def _counts(paragraphs) -> dict:
    c = {"paragraphs": 0, "normative": 0, "with_clause": 0, "with_scenario": 0, "covered": 0, "informative": 0}
    for p in paragraphs:
        c["paragraphs"] += 1
        if p["status"] == "informative":
            c["informative"] += 1
            continue
        c["normative"] += 1
        c["covered"] += p["status"] == "covered"
        c["with_clause"] += p["status"] in ("covered", "no-scenario")
        c["with_scenario"] += p["status"] in ("covered", "no-clause")
    c["percent"] = round(100 * c["covered"] / c["normative"]) if c["normative"] else 100
    return c


def _is_default(var, value) -> bool:
    if var is None:
        return False
    node = getattr(var, "default", None)
    if node is not None and node.kind == "const":
        return node.args[0] == value
    return value in (None, False, 0, [], "")


def _collect_cards(value, out: set, known: dict) -> None:
    if isinstance(value, str):
        m = _CARD_RUN.match(value)
        name = m.group(1) if m else value
        if name in known:
            out.add(name)
    elif isinstance(value, list):
        for v in value:
            _collect_cards(v, out, known)
    elif isinstance(value, dict):
        for v in value.values():
            _collect_cards(v, out, known)


def _anchor(sid: str) -> str:
    return "s-" + sid.replace("/", "--")


def _diff(problem: str) -> list[tuple[str, str]]:
    """A runner's problem text as (kind, line) pairs: `expected` and `actual` lines marked."""
    out = []
    for line in problem.splitlines():
        s = line.strip()
        kind = "del" if s.startswith("expected") else "ins" if s.startswith("actual") else "ctx"
        out.append((kind, line))
    return out


def map_alt(view: boardview.BoardView, lead: str) -> str:
    """A short text alternative for a map picture: who holds which spaces, what is marked."""
    parts = [f"{lead}: board {view.name}, {len(view.spaces)} spaces"]
    owners: dict[str, list[str]] = {}
    for s in view.spaces:
        if s.owner:
            owners.setdefault(s.owner, []).append(s.id)
    if owners:
        parts.append("; ".join(f"{p} holds {', '.join(ids)}" for p, ids in owners.items()))
    fixed: dict[str, list[str]] = {}
    for s in view.spaces:
        if s.card is not None and not owners:
            fixed.setdefault(s.title.split(" (")[0], []).append(s.id)
    if fixed and not owners:
        parts.append("; ".join(f"{t} on {', '.join(ids)}" for t, ids in fixed.items()))
    dealt = [s.id for s in view.spaces if s.card is None]
    if dealt:
        parts.append(f"{len(dealt)} spaces dealt at setup")
    for s in view.spaces:
        for f in s.flags + s.marks:
            parts.append(f"{s.id} {f}")
    return ". ".join(parts) + "."


# ------------------------------------------------------------ entry point

def generate(out: Path, rulebooks: Path | None = None, reports: Iterable[str | Path] = (),
             use_default_rulebooks: bool = True, rules: Iterable[str | Path] = (),
             scenarios: Iterable[str | Path] = ()) -> SiteResult:
    """Write the site into `out` (created; a previous site there is replaced, any other
    non-empty folder refused). `rulebooks`: the folder of the rulebooks' markdown files, for
    the paragraphs' texts; without it the folder `bohnspec explain` uses, if any
    (BOHNSPEC_RULEBOOKS, or the rulebooks beside the checkout), unless `use_default_rulebooks`
    is false. `reports`: JSON reports of `bohnspec conform --json`. `rules`: rules files of
    one's own (checked by the caller), their cards, rulings and clauses shown with the spec's;
    `scenarios`: scenario files or folders of one's own, shown with the corpus (played with
    `rules`)."""
    started = time.perf_counter()
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise BohnspecError(f"{out}: exists and is not a folder")
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file():
        raise BohnspecError(f"{out}: the folder is not empty and holds no site of bohnspec; name a new or empty folder")
    if rulebooks is not None:
        rulebooks = Path(rulebooks)
        if not rulebooks.is_dir():
            raise BohnspecError(f"--rulebooks {rulebooks}: no such folder")
        if not any((rulebooks / name).is_file() for _, name in BOOKS.values()):
            raise BohnspecError(f"--rulebooks {rulebooks}: no rulebook there (expected "
                                f"{', '.join(n for _, n in BOOKS.values())})")
    elif use_default_rulebooks:
        rulebooks = paths.rulebooks_dir()
    site = Site(out, rulebooks, [Path(r) for r in reports], [Path(r) for r in rules], [Path(p) for p in scenarios])
    site.load()
    if out.is_dir():  # a previous site (checked above): replaced whole, leftovers included
        for child in out.iterdir():
            if child.is_dir() and not child.is_symlink():
                shutil.rmtree(child)
            else:
                child.unlink()
    out.mkdir(parents=True, exist_ok=True)
    (out / MARKER).write_text("a site written by `bohnspec site`; the next build replaces this folder\n",
                              encoding="utf-8")
    site.write_all()
    return SiteResult(out, site.pages, site.files, time.perf_counter() - started, rulebooks,
                      [e["name"] for e in site.engines], site.warnings)

