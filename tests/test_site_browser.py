"""`bohnspec site` in a real browser: Debian's headless Chromium loads the generated site from
the file system and is driven through the DevTools protocol (test_site_support.Browser).

Locally these tests skip, saying why, when no Chromium is installed; with CI=true (as .ci/run
runs) a missing browser fails them. Screenshots are written to $BOHNSPEC_SITE_SCREENSHOTS (or a
temporary folder) and their paths printed.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from test_site_support import Browser, built_site, link_problem, png_size, require_chromium

LINKS_JS = """Array.from(document.querySelectorAll('a[href], img[src], link[href], script[src]'))
    .map(e => e.getAttribute('href') !== null && e.tagName !== 'IMG' && e.tagName !== 'SCRIPT' ? e.href : e.src)"""
BROKEN_IMAGES_JS = "Array.from(document.images).filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.src)"


@pytest.fixture(scope="module")
def site():
    return built_site()


@pytest.fixture(scope="module")
def browser():
    binary = require_chromium()
    b = Browser(binary)
    yield b
    b.close()


@pytest.fixture(scope="module")
def shots(site):
    folder = Path(os.environ.get("BOHNSPEC_SITE_SCREENSHOTS") or site["tmp"] / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def url(site, rel: str) -> str:
    """The file:// URL of a page (its query and fragment kept)."""
    base, _, fragment = rel.partition("#")
    base, _, query = base.partition("?")
    return (site["out"] / base).as_uri() + (f"?{query}" if query else "") + (f"#{fragment}" if fragment else "")


def here(browser, site) -> str:
    """The current page, relative to the site's root (with its fragment)."""
    root = site["out"].as_uri() + "/"
    now = browser.url()
    assert now.startswith(root), now
    return now[len(root):]


def check_page(browser, site, rel: str) -> list[str]:
    """Load a page; return every problem: script errors, failed loads, broken links or images."""
    browser.goto(url(site, rel))
    problems = [f"{rel}: {p}" for p in browser.problems()]
    page = site["out"] / rel.split("#")[0].split("?")[0]
    for target in browser.eval(LINKS_JS):
        problem = link_problem(page, target, site["out"])
        if problem:
            problems.append(problem)
    problems.extend(f"{rel}: image not shown: {src}" for src in browser.eval(BROKEN_IMAGES_JS))
    if not browser.eval("document.title && document.querySelectorAll('h1').length === 1"):
        problems.append(f"{rel}: no title or not exactly one h1")
    return problems


@pytest.mark.slow
def test_pages_load_without_script_errors_and_no_link_is_broken(browser, site):
    """Every page but the scenarios' (all 56 rulebook sections, the 40 rules files, rulings,
    maps, cards, engines, docs, search), and a sample of scenario pages of every module, with a
    map and with a setup: no script error, no failed load, no request to the network, every
    link and picture (also those scripts add) leads to a file and anchor that exist."""
    out = site["out"]
    pages = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.html") if "scenarios/" not in
                   p.relative_to(out).as_posix() or p.name == "index.html")
    scenario_pages = sorted(p.relative_to(out).as_posix() for p in (out / "scenarios").rglob("*.html"))
    sample = scenario_pages[:: max(1, len(scenario_pages) // 25)]
    sample += ["scenarios/dschingis/combat/town-defender-above-floor-01.html",
               "scenarios/dschingis/setup/beginner-camp-choice-3-players-01.html"]
    problems = []
    for rel in pages + sample + ["search.html?q=forest"]:
        problems.extend(check_page(browser, site, rel))
    assert len(pages) > 100
    assert not problems, "\n".join(problems[:30])


def test_from_a_paragraph_to_its_clause_and_scenario_and_back(browser, site):
    browser.goto(url(site, "rulebook/bohnanza/harvest.html#p-1"))
    assert browser.eval("document.querySelector(':target').id") == "p-1"
    # the paragraph -> the clause citing it, at its line in the rules file
    browser.click("#p-1 li.clause a.where")
    now = here(browser, site)
    assert now.startswith("spec/base/harvest.bohn.html#L"), now
    line = browser.eval("document.querySelector(':target')")
    assert line is not None
    assert "action" in browser.eval("document.querySelector(':target').textContent")
    # ... and back, through the citation in the clause's source
    browser.click('pre.src a.ci[href="../../rulebook/bohnanza/harvest.html#p-1"]')
    assert here(browser, site) == "rulebook/bohnanza/harvest.html#p-1"
    assert browser.eval("document.querySelector(':target').id") == "p-1"
    # the paragraph -> a scenario testing it
    browser.click("#p-1 ul.scenario-list a")
    now = here(browser, site)
    assert now.startswith("scenarios/base/harvest/") or now.startswith("scenarios/base/"), now
    assert browser.eval("document.querySelector('table.steps tbody tr') !== null")
    # ... and back, through the paragraph it cites
    browser.click('dl.meta a.cite[href$="rulebook/bohnanza/harvest.html#p-1"]')
    assert here(browser, site) == "rulebook/bohnanza/harvest.html#p-1"
    # a step's action leads to the action's declaration
    browser.goto(url(site, "scenarios/base/harvest/beanometer-black-eyed-1-and-2-coins-01.html"))
    browser.click("#step-1 td.action a")
    assert here(browser, site).startswith("spec/base/harvest.bohn.html#L")
    assert not browser.problems()


def test_a_ruling_leads_to_what_cites_it(browser, site):
    browser.goto(url(site, "rulings.html#r-harvest-empty-field"))
    browser.click("#r-harvest-empty-field dd a[href*='scenarios/']")
    assert here(browser, site).startswith("scenarios/")
    browser.click('dl.meta a.cite[href$="rulings.html#r-harvest-empty-field"]')
    assert here(browser, site) == "rulings.html#r-harvest-empty-field"
    assert not browser.problems()


def test_search_by_paragraph_id_card_landscape_and_word(browser, site):
    def results():
        return browser.eval("""Array.from(document.querySelectorAll('#search-results li')).map(li =>
            [li.querySelector('.tag').textContent, li.querySelector('a').textContent])""")

    browser.goto(url(site, "search.html?q=bohnanza/harvest/1"))
    assert results()[0] == ["paragraph", "bohnanza/harvest/1"]
    browser.goto(url(site, "search.html?q=soy"))
    assert any(kind == "card" and title.startswith("Soy") for kind, title in results())
    browser.goto(url(site, "search.html?q=forest&kind=landscape"))
    found = results()
    assert found and all(kind == "landscape" for kind, _ in found)
    assert any(title.startswith("Forest") for _, title in found)
    # words, typed into the box: the results follow the typing
    browser.goto(url(site, "search.html"))
    browser.eval("document.getElementById('search-q').focus()")
    browser.call("Input.insertText", {"text": "bean protection"})
    browser.settle()
    found = results()
    assert found and found[0][1].startswith("bohnanza/bean-protection/")
    assert "result" in browser.eval("document.getElementById('search-status').textContent")
    # a result leads to its page
    browser.click("#search-results li a")
    assert here(browser, site).startswith("rulebook/bohnanza/bean-protection.html#p-")
    # the search box of every page: type and press Enter
    browser.goto(url(site, "index.html"))
    browser.eval("document.getElementById('top-q').focus()")
    browser.call("Input.insertText", {"text": "jumping"})
    browser.key("Enter", "Enter", 13, "\r", navigates=True)
    assert here(browser, site) == "search.html?q=jumping"
    assert len(results()) > 5
    assert not browser.problems()


def test_keyboard_navigation(browser, site):
    browser.goto(url(site, "rulebook/bohnanza/harvest.html"))
    browser.key("Tab", "Tab", 9)
    assert browser.eval("document.activeElement.textContent") == "Skip to content"
    assert browser.eval("document.activeElement.getBoundingClientRect().top") >= 0  # shown when focused
    browser.key("Enter", "Enter", 13, "\r", navigates=True)
    assert browser.eval("document.activeElement.id") == "main"
    browser.key("Tab", "Tab", 9)
    assert browser.eval("document.activeElement.closest('main') !== null")
    assert browser.eval("getComputedStyle(document.activeElement).outlineStyle") != "none"
    # a collapsed list opens from the keyboard
    browser.goto(url(site, "spec/base/harvest.bohn.html"))
    assert browser.eval("document.querySelector('details.decls').open") is False
    browser.eval("document.querySelector('details.decls summary').focus()")
    browser.key("Enter", "Enter", 13, "\r")
    assert browser.eval("document.querySelector('details.decls').open") is True
    browser.key("Tab", "Tab", 9)
    browser.key("Enter", "Enter", 13, "\r", navigates=True)  # the first declaration, at its line
    assert "#L" in here(browser, site)
    # the engine matrix's filter is a checkbox, toggled with the space bar
    browser.goto(url(site, "engines/index.html"))
    visible = "Array.from(document.querySelectorAll('#matrix-table tbody tr')).filter(r => !r.hidden).length"
    before = browser.eval(visible)
    browser.eval("document.getElementById('only-differences').focus()")
    browser.key(" ", "Space", 32, " ")
    after = browser.eval(visible)
    assert 0 < after < before
    assert not browser.problems()


PAGES_TO_FIT = ["index.html", "rulebook/bohnanza/harvest.html", "rulebook/dschingis/index.html",
                "scenarios/dschingis/combat/town-defender-above-floor-01.html", "maps/index.html",
                "spec/base/harvest.bohn.html", "rulings.html", "cards.html", "language.html", "engines/index.html",
                "search.html?q=harvest"]


@pytest.mark.slow
def test_readable_on_a_phone_and_a_desktop(browser, site, shots):
    """No page scrolls sideways on a 390 px phone or a desktop (wide tables scroll in their own
    box); the text stays at a readable size; screenshots of a paragraph and a map."""
    overflow = "[document.documentElement.scrollWidth, window.innerWidth]"
    taken = []
    try:
        for width, height, mobile, label in ((390, 844, True, "phone"), (1280, 900, False, "desktop")):
            browser.viewport(width, height, mobile=mobile, scale=2 if mobile else 1)
            for rel in PAGES_TO_FIT:
                browser.goto(url(site, rel))
                scroll, inner = browser.eval(overflow)
                assert scroll <= inner + 1, f"{rel} scrolls sideways on a {label} ({scroll} > {inner})"
                size = browser.eval("parseFloat(getComputedStyle(document.querySelector('main p')).fontSize)")
                assert size >= 14, f"{rel}: text of {size}px on a {label}"
            browser.goto(url(site, "rulebook/bohnanza/harvest.html#p-1"))
            taken.append(browser.screenshot(shots / f"paragraph-{label}.png"))
            browser.goto(url(site, "scenarios/dschingis/combat/town-defender-above-floor-01.html"))
            browser.eval("document.querySelector('figure.map').scrollIntoView()")
            taken.append(browser.screenshot(shots / f"map-scenario-{label}.png"))
        browser.goto(url(site, "maps/index.html#board-beginner_4"))
        taken.append(browser.screenshot(shots / "map-board-desktop.png"))
    finally:
        browser.call("Emulation.clearDeviceMetricsOverride")
    for path in taken:
        width, height = png_size(path)
        assert width >= 390 and height >= 800, path
        assert path.stat().st_size > 20_000, f"{path} looks blank"
    print("\nscreenshots:\n" + "\n".join(f"  {p}" for p in taken))
    assert not browser.problems()
    (shots / "screenshots.json").write_text(json.dumps([str(p) for p in taken], indent=2))
