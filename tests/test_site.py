"""`bohnspec site`: the static website, checked without a browser (test_site_browser.py drives
a real one): every page is well-formed, accessible HTML whose links all resolve inside the
site, nothing is fetched from the network, and each page holds what the issue asks for."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from markupsafe import escape

from bohnspec.tools import cli

from bohnspec import paths
from bohnspec.conformance import scenario as S
from bohnspec.language.paragraphs import index as paragraph_index
from bohnspec.tools.site import TEMPLATES, Markdown, generate, highlight_line, read_rulebooks
from bohnspec.language.spec import load
from test_site_support import built_site, checked, link_problem


@pytest.fixture(scope="module")
def site():
    return built_site()


def pages(out: Path) -> list[Path]:
    return sorted(out.rglob("*.html"))


def text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


# ------------------------------------------------------------ the whole site

def test_every_page_is_well_formed_and_accessible(site):
    out = site["out"]
    problems = []
    for page in pages(out):
        problems.extend(p.replace(str(out) + "/", "") for p in checked(page).problems)
    assert not problems, "\n".join(problems[:40])


def test_every_link_resolves_inside_the_site(site):
    out = site["out"]
    problems = []
    count = 0
    for page in pages(out):
        for _attr, target in checked(page).links:
            count += 1
            problem = link_problem(page, target, out)
            if problem:
                problems.append(problem)
    assert count > 10000
    assert not problems, "\n".join(problems[:40])


def test_nothing_is_fetched_from_the_network(site):
    out = site["out"]
    for path in out.rglob("*"):
        if path.suffix not in (".html", ".css", ".js", ".svg"):
            continue
        body = text(path)
        # No resource from elsewhere: no http(s) or protocol-relative src/href, no @import, no url(http...).
        assert not re.search(r"""(src|href)\s*=\s*["'](https?:)?//""", body), path
        assert "@import" not in body and not re.search(r"url\(\s*['\"]?(https?:)?//", body), path
        if path.suffix == ".js":
            assert not re.search(r"\b(fetch|XMLHttpRequest|importScripts)\b", body), path


def test_maps_are_valid_svg_with_text_alternatives(site):
    out = site["out"]
    svgs = sorted(out.rglob("*.svg"))
    assert len(svgs) > 400
    for path in svgs[:: max(1, len(svgs) // 60)]:
        root = ET.parse(path).getroot()
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert root.find("{http://www.w3.org/2000/svg}title") is not None
    # Every picture in a page has alt text saying who holds what.
    page = out / "scenarios" / "dschingis" / "combat" / "town-defender-above-floor-01.html"
    img = re.search(r'<img src="([^"]+)" alt="([^"]+)"', text(page))
    assert img and img.group(1).endswith("maps/scenarios/dschingis/combat/town-defender-above-floor-01.svg")
    assert "Nina holds 12, 15" in img.group(2) and "Timon holds 08, 19" in img.group(2)


def test_the_templates_and_static_files_ship_in_the_package():
    for name in ("base.html", "macros.html", "section.html", "scenario.html", "engines.html", "search.html",
                 "static/style.css", "static/site.js"):
        assert (TEMPLATES / name).is_file(), name
    assert TEMPLATES.parent.parent.name == "bohnspec"  # inside the package folder, so the wheel carries it


# ------------------------------------------------------------ the annotated rulebook

def test_every_paragraph_appears_in_order_with_its_status(site):
    out = site["out"]
    by_section: dict[str, list[str]] = {}
    for pid in paragraph_index():
        book, section, n = pid.split("/")
        by_section.setdefault(f"{book}/{section}", []).append(n)
    for sid, numbers in by_section.items():
        body = text(out / "rulebook" / f"{sid}.html")
        found = re.findall(r'<article class="para[^"]*" id="p-([0-9]+)"', body)
        assert found == numbers, sid
        assert body.count('class="status st-') == len(numbers)


def test_a_paragraph_has_its_text_clauses_rulings_and_scenarios(site):
    body = text(site["out"] / "rulebook" / "bohnanza" / "harvest.html")
    article = body[body.index('id="p-1"'):body.index('id="p-2"')]
    rule_text = read_rulebooks(site["rulebooks"])[0]["bohnanza/harvest/1"]
    assert rule_text.split("**")[0][:40] in article
    # the clause: its highlighted source, the citing line marked, its file and line
    assert '<code class="decl">action harvest</code>' in article
    assert re.search(r'href="\.\./\.\./spec/base/harvest\.bohn\.html#L[0-9]+">spec/base/harvest\.bohn:[0-9]+</a>', article)
    assert 'class="line hit"' in article and '<span class="k">action</span>' in article
    # the rulings touching it and the scenarios testing it
    assert "Scenarios testing it" in article and "../../scenarios/base/harvest/" in article
    assert "covered: a clause and a scenario" in article


def test_informative_paragraphs_are_marked(site):
    informative = [p for p in paragraph_index().values() if not p.normative]
    assert informative
    for para in informative:
        book, section, n = para.id.split("/")
        body = text(site["out"] / "rulebook" / book / f"{section}.html")
        article = body[body.index(f'id="p-{n}"'):]
        article = article[:article.find("</article>")]
        assert 'class="para informative"' in body[body.rindex("<article", 0, body.index(f'id="p-{n}"')):][:60]
        assert "status st-informative" in article and str(escape(para.note)) in article


@pytest.mark.slow
def test_without_rulebooks_paragraphs_show_their_id_and_a_note_and_a_rebuild_replaces_the_site(tmp_path, capsys):
    out = tmp_path / "site"
    assert cli.main(["site", str(out), "--no-rulebooks"]) == 0
    assert "no rulebooks given: paragraphs are shown by id" in capsys.readouterr().out
    body = text(out / "rulebook" / "bohnanza" / "harvest.html")
    assert "texts were not given to this build" in body
    assert "The rulebook's text of <code>bohnanza/harvest/1</code> is not part of this build." in body
    assert 'class="rule-text"' not in body
    assert "Build with\n<code>bohnspec site OUT --rulebooks DIR</code>" in text(out / "index.html")
    # A second build into the same folder replaces the whole site, leftovers included.
    (out / "stale.html").write_text("old", encoding="utf-8")
    result = generate(out, None, use_default_rulebooks=False)
    assert result.rulebooks is None and result.pages > 900
    assert not (out / "stale.html").exists() and (out / "index.html").is_file()


@pytest.mark.slow
def test_the_rulebooks_option_reads_the_given_folder(tmp_path):
    books = tmp_path / "books"
    books.mkdir()
    (books / "bohnanza.md").write_text("# Test\n\n## Harvesting Beans  {#bohnanza/harvest}\n\n"
                                       "[bohnanza/harvest/1] A *made-up* text with <angle> & **bold**.\n", encoding="utf-8")
    assert cli.main(["site", str(tmp_path / "site"), "--rulebooks", str(books)]) == 0
    body = text(tmp_path / "site" / "rulebook" / "bohnanza" / "harvest.html")
    assert "<h1>Harvesting Beans" in body
    assert "A *made-up* text with &lt;angle&gt; &amp; <strong>bold</strong>." in body
    # a paragraph the folder does not hold: the id and the note
    assert "The rulebook's text of <code>bohnanza/harvest/2</code> is not part of this build." in body


def test_coverage_at_a_glance(site):
    out = site["out"]
    home = text(out / "index.html")
    assert "Coverage at a glance" in home
    for book in ("bohnanza", "bohnroeschen", "dschingis", "bohnaparte"):
        assert f'href="rulebook/{book}/index.html"' in home
        page = text(out / "rulebook" / book / "index.html")
        squares = re.findall(r'<a class="sq st-([a-z-]+)" href="\.\./\.\./rulebook/' + book, page)
        assert len(squares) == sum(1 for p in paragraph_index() if p.startswith(book + "/"))


# ------------------------------------------------------------ rules files, rulings

def test_rules_files_are_highlighted_with_line_anchors_and_linked_citations(site):
    body = text(site["out"] / "spec" / "base" / "harvest.bohn.html")
    assert 'id="L1"' in body
    assert re.search(r'<a class="ci" href="\.\./\.\./rulebook/bohnanza/harvest\.html#p-1">bohnanza/harvest/1</a>', body)
    assert re.search(r'<a class="ci" href="\.\./\.\./rulings\.html#r-[a-z0-9-]+">ruling/', body)


def test_rulings_have_question_decision_reason_and_what_cites_them(site):
    body = text(site["out"] / "rulings.html")
    spec = load()
    for name in spec.rulings:
        assert f'id="r-{name}"' in body
    r = spec.rulings["harvest-empty-field"]
    article = body[body.index('id="r-harvest-empty-field"'):]
    article = article[:article.index("</article>")]
    for part in ("Question", "Decision", "Reason", "Cited by clauses", "Cited by scenarios"):
        assert f"<dt>{part}</dt>" in article
    assert r.decision in article.replace("&#39;", "'").replace("&#34;", '"')
    assert "action harvest" in article and "base/bean-protection/harvest-empty-field-01" in article


# ------------------------------------------------------------ scenarios and maps

def test_a_scenario_page_draws_the_table_and_lists_the_steps(site):
    body = text(site["out"] / "scenarios" / "base" / "harvest" / "beanometer-black-eyed-1-and-2-coins-01.html")
    assert "<h2 id=\"start\">The starting situation</h2>" in body
    assert body.count('<section class="player') == 3
    assert '<li class="field"><span class="field-name">field 1 (2)</span>' in body
    assert body.count('<tr id="step-') == 4
    assert 'href="../../../rulebook/bohnanza/harvest.html#p-2">bohnanza/harvest/2</a>' in body
    assert '<span class="card bean bean-black_eyed" title="Black-eyed Bean' in body


def test_a_refusal_names_its_rule(site):
    body = text(site["out"] / "scenarios" / "base" / "bean-protection" / "harvest-empty-field-01.html")
    assert '<span class="outcome refused">Refused</span>, citing <a class="cite" href="../../../rulings.html#r-harvest-empty-field">' in body


def test_every_scenario_has_a_page_linked_from_the_paragraphs_it_cites(site):
    out = site["out"]
    corpus = sorted(S.file_id(p) for p in S.scenario_files([paths.SCENARIOS]))
    for sid in corpus:
        assert (out / "scenarios" / f"{sid}.html").is_file(), sid
    assert "Unreadable scenarios" not in text(out / "scenarios" / "index.html")
    body = text(out / "rulebook" / "dschingis" / "combat.html")
    assert "../../scenarios/dschingis/combat/town-defender-above-floor-01.html" in body


def test_setup_scenarios_show_the_setup_and_the_table_after_it(site):
    body = text(site["out"] / "scenarios" / "dschingis" / "setup" / "beginner-camp-choice-3-players-01.html")
    assert "A new game, set up from:" in body and "After the setup the table looks like this:" in body
    assert '<figure class="map">' in body


def test_boards_are_drawn_as_pictures(site):
    body = text(site["out"] / "maps" / "index.html")
    spec = load()
    for name in spec.boards:
        assert f'id="board-{name}"' in body
        assert f'<img src="../maps/boards/{name}.svg" alt="Board {name}' in body


# ------------------------------------------------------------ engines

def test_the_engine_matrix_and_failure_diffs(site):
    out = site["out"]
    matrix = text(out / "engines" / "index.html")
    for name in ("bohnspec", "base-only 1"):
        assert f">{name}</a></th>" in matrix
    assert "✓ passed" in matrix and "✗ failed" in matrix and "– not applicable" in matrix
    reports = [json.loads(p.read_text()) for p in site["reports"]]
    wrong = next(r for r in reports if any(s["verdict"] == "failed" for s in r["scenarios"]))
    failed = [s for s in wrong["scenarios"] if s["verdict"] == "failed"]
    assert failed
    key = re.search(r'href="\.\./(engines/[a-z0-9-]+\.html)#s-' + failed[0]["id"].replace("/", "--"), matrix)
    assert key, "a failure in the matrix links to the engine's page"
    engine_page = text(out / key.group(1))
    section = engine_page[engine_page.index(f'id="s-{failed[0]["id"].replace("/", "--")}"'):]
    assert "<del>" in section and "<ins>" in section  # expected against actual
    assert 'data-all-passed="1"' in matrix and 'id="only-differences"' in matrix


def test_a_bad_report_is_an_input_error_and_leaves_a_previous_site_alone(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"scenarios": 3}', encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    (out / ".bohnspec-site").write_text("", encoding="utf-8")
    (out / "index.html").write_text("the previous site", encoding="utf-8")
    assert cli.main(["site", str(out), "--report", str(bad), "--no-rulebooks"]) == 2
    assert "not a report of `bohnspec conform --json`" in capsys.readouterr().err
    assert (out / "index.html").read_text() == "the previous site"
    assert cli.main(["site", str(tmp_path / "out2"), "--report", str(tmp_path / "missing.json")]) == 2
    assert "cannot read it" in capsys.readouterr().err
    assert not (tmp_path / "out2").exists()


def test_a_folder_that_holds_no_site_is_left_alone(tmp_path, capsys):
    other = tmp_path / "mine"
    other.mkdir()
    (other / "notes.txt").write_text("keep me", encoding="utf-8")
    assert cli.main(["site", str(other), "--no-rulebooks"]) == 2
    assert "holds no site of bohnspec" in capsys.readouterr().err
    assert (other / "notes.txt").read_text() == "keep me"
    assert cli.main(["site", str(tmp_path / "x"), "--rulebooks", str(tmp_path / "nowhere")]) == 2
    assert "--rulebooks" in capsys.readouterr().err


# ------------------------------------------------------------ search

def test_the_search_index_covers_ids_cards_landscapes_and_words(site):
    raw = text(site["out"] / "search-index.js")
    assert raw.startswith("window.BOHNSPEC_SEARCH = ")
    entries = json.loads(raw[len("window.BOHNSPEC_SEARCH = "):].rstrip().rstrip(";"))
    kinds = {e[0] for e in entries}
    assert {"paragraph", "ruling", "scenario", "card", "landscape", "clause", "map", "page"} <= kinds
    titles = {(e[0], e[1]) for e in entries}
    assert ("paragraph", "bohnanza/harvest/1") in titles
    assert any(k == "card" and t.startswith("Soy") for k, t in titles)
    assert any(k == "landscape" and t.startswith("Forest") for k, t in titles)
    paragraph_words = next(e[4] for e in entries if e[1] == "bohnanza/bean-protection/1")
    assert "protect" in paragraph_words or "harvest" in paragraph_words


# ------------------------------------------------------------ the language reference

def test_the_docs_are_rendered(site):
    body = text(site["out"] / "language.html")
    assert '<h1 id="the-bohnspec-rules-language">The bohnspec rules language</h1>' in body
    assert '<h2 id="evaluation-order">Evaluation order</h2>' in body
    assert "<table>" in body and "<ol>" in body and "<strong>" in body
    assert '<nav class="toc" aria-label="On this page">' in body
    notation = text(site["out"] / "notation.html")
    assert "<pre><code>PLAYER ACTION [VALUE ...] [KEY VALUE ...]</code></pre>" in notation


def test_markdown_renderer():
    md = Markdown(link=lambda t: "language.html" if t == "LANGUAGE.md" else None,
                  code_link=lambda t: "x.html" if t == "bohnanza/harvest/1" else None)
    out = md.render(
        "# Title\n\nSome *emphasis*, **bold**, `code <b>` and [a link](LANGUAGE.md), [gone](elsewhere.md).\n\n"
        "| a | b |\n|---|---|\n| `x \\| y` | 2 |\n\n"
        "- one\n  continued\n- two\n  - nested\n\n1. first\n2. second\n\n"
        "```sh\nbohnspec site out <dir>\n```\n\n    indented code\n\nSee `bohnanza/harvest/1`.\n")
    assert '<h1 id="title">Title</h1>' in out
    assert "<em>emphasis</em>" in out and "<strong>bold</strong>" in out and "<code>code &lt;b&gt;</code>" in out
    assert '<a href="language.html">a link</a>' in out and "gone" in out and "elsewhere.md" not in out
    assert "<td><code>x | y</code></td>" in out
    assert "<li>one continued</li>" in out and "<ul>\n<li>nested</li>\n</ul>" in out.replace("<li>two\n", "")
    assert "<ol>" in out and "<li>second</li>" in out
    assert '<pre><code class="language-sh">bohnspec site out &lt;dir&gt;</code></pre>' in out
    assert "<pre><code>indented code</code></pre>" in out
    assert '<a href="x.html"><code>bohnanza/harvest/1</code></a>' in out
    assert [t[1] for t in md.toc] == ["title"]


def test_highlighting_the_rules_language():
    html = highlight_line('require size(f) > 0 else "empty" cites ruling/x, bohnanza/harvest/1 // done',
                          lambda ident: "P.html" if ident == "bohnanza/harvest/1" else None)
    assert '<span class="k">require</span>' in html and '<span class="n">0</span>' in html
    assert '<span class="s">&#34;empty&#34;</span>' in html or '<span class="s">&quot;empty&quot;</span>' in html
    assert '<a class="ci" href="P.html">bohnanza/harvest/1</a>' in html
    assert "ruling/x" in html and 'href="ruling' not in html  # an unknown id stays text
    assert '<span class="c">// done</span>' in html


def test_a_missing_browser_skips_locally_and_fails_under_ci(monkeypatch):
    import test_site_support as support

    monkeypatch.setattr(support.shutil, "which", lambda name: None)
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="no headless Chromium found"):
        support.require_chromium()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI=true: no headless Chromium found"):
        support.require_chromium()


def test_a_designers_rules_file_is_shown_with_the_spec(tmp_path, capsys):
    # Review round 42's designer: `bohnspec site --rules FILE` did not exist, so one's own
    # vine cards and rulings could never appear on the site.
    rules = paths.ROOT / "examples" / "my-vines.bohn"
    out = tmp_path / "site"
    assert cli.main(["site", str(out), "--no-rulebooks", "--rules", str(rules)]) == 0
    page = out / "rules" / "my-vines.bohn.html"
    assert page.is_file()
    problems = [p for _, target in checked(page).links if (p := link_problem(page, target, out))]
    assert not problems, problems
    cards = (out / "cards.html").read_text(encoding="utf-8")
    assert 'id="card-example_six_coins"' in cards and "rules/my-vines.bohn.html" in cards
    assert "ruling-example-vines" in (out / "rulings.html").read_text(encoding="utf-8") or \
        "example-vines" in (out / "rulings.html").read_text(encoding="utf-8")
    assert cli.main(["site", str(tmp_path / "other"), "--rules", str(tmp_path / "nope.bohn")]) == 2
    # The scenarios beside the rules are named, not guessed (round 42: the cards read "in no scenario").
    assert "add --scenarios" in capsys.readouterr().err
    assert cards.count("in no scenario") >= 4


def test_a_designers_scenarios_are_shown_with_their_cards(tmp_path, capsys):
    rules = paths.ROOT / "examples" / "my-vines.bohn"
    mine = tmp_path / "mine"
    shutil.copytree(paths.ROOT / "examples" / "scenarios", mine)
    # One whose id is the corpus' own: listed as unreadable, the rest still shown.
    taken = (paths.SCENARIOS / "base" / "independent" / "accept-only-by-addressee-01.yaml").read_text(encoding="utf-8")
    (mine / "accept-only-by-addressee-01.yaml").write_text(taken, encoding="utf-8")
    # One an alias bomb: refused within the bounds conform reads in, listed (round 96: a minute and
    # the memory spent on it)
    levels = ["l0: &l0 [x, x, x, x, x, x, x, x, x, x]"] + [
        f"l{k}: &l{k} [{', '.join([f'*l{k - 1}'] * 10)}]" for k in range(1, 8)]
    (mine / "bomb-01.yaml").write_text("id: examples/bomb-01\n" + "\n".join(levels) + "\n", encoding="utf-8")
    out = tmp_path / "site"
    assert cli.main(["site", str(out), "--no-rulebooks", "--rules", str(rules), "--scenarios", str(mine)]) == 0
    assert "add --scenarios" not in capsys.readouterr().err
    page = out / "scenarios" / "examples" / "six-coins-met-on-arrival-01.html"
    assert page.is_file() and "six-coins-met-on-arrival-01.yaml" in page.read_text(encoding="utf-8")
    problems = [p for _, target in checked(page).links if (p := link_problem(page, target, out))]
    assert not problems, problems
    cards = (out / "cards.html").read_text(encoding="utf-8")
    six = cards[cards.index('id="card-example_six_coins"'):]
    six = six[:six.index("</details>")]
    assert "In 2 scenarios" in six and "examples/six-coins-not-met-01.html" in six
    index = (out / "scenarios" / "index.html").read_text(encoding="utf-8")
    assert "is taken by conformance/scenarios/base/independent/accept-only-by-addressee-01.yaml" in index
    assert "likely alias bomb" in index
    assert cli.main(["site", str(tmp_path / "other"), "--scenarios", str(tmp_path / "nope")]) == 2
    assert "--scenarios" in capsys.readouterr().err


def test_the_highlighter_knows_every_keyword_of_the_grammar():
    # The rules' source on the site colours the language's words: a word the grammar gains
    # (`drop`) is coloured as a keyword too, not as a name of the rules.
    from bohnspec.tools.site import _KEYWORDS
    grammar = re.sub(r"//[^\n]*", "", paths.GRAMMAR.read_text(encoding="utf-8"))
    assert set(re.findall(r'"([a-z_]+)"', grammar)) <= _KEYWORDS
