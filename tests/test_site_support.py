"""Support for the site tests (no tests here): building the site once per test run, a strict
structural check of the generated HTML, and a small Chrome DevTools protocol client that
drives Debian's headless Chromium over --remote-debugging-pipe with the standard library only.
"""

from __future__ import annotations

import base64
import fcntl
import functools
import json
import os
import select
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from bohnspec.tools import cli

from bohnspec import paths

ROOT = Path(__file__).resolve().parent.parent
FAKES = ROOT / "tests" / "fakes"
REPORT_PATHS = [str(paths.SCENARIOS / "base" / "harvest"), str(paths.SCENARIOS / "dschingis" / "combat")]

# A small rulebook of our own, so the tests do not depend on the real rulebooks being at hand.
SYNTHETIC = {
    "bohnanza.md": "# Bohnanza test rulebook\n\n## Harvesting Beans  {#bohnanza/harvest}\n\n"
                   "[bohnanza/harvest/1] TEST-TEXT You may harvest your fields at **any** time.\n\n"
                   "[bohnanza/harvest/2] TEST-TEXT The Beanometer says what a field earns.\n\n"
                   "## Components and Setup  {#bohnanza/setup}\n\n"
                   "[bohnanza/setup/7] TEST-TEXT Note: see \"The Jumping Bean\".\n",
    "dschingis.md": "# Dschingis test rulebook\n\n## Combat  {#dschingis/combat}\n\n"
                    "[dschingis/combat/9] TEST-TEXT A tie: the attack fails.\n",
}


def rulebooks_for_tests(tmp: Path) -> Path:
    """The real rulebooks if they are at hand, else the synthetic ones above."""
    real = paths.rulebooks_dir()
    if real is not None and (real / "bohnanza.md").is_file():
        return real
    folder = tmp / "rulebooks"
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in SYNTHETIC.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def _conform(args: list[str]) -> None:
    code = cli.main(["conform", "-q", *args])
    assert code in (0, 1), f"bohnspec conform {' '.join(args)} exited {code}"


@functools.lru_cache(maxsize=1)
def built_site() -> dict:
    """The site, built once per test run with the rulebooks and three engine reports: the
    reference interpreter, an engine with a wrong Beanometer (failures with diffs) and an
    engine claiming only the base game (not-applicable verdicts)."""
    tmp = Path(tempfile.mkdtemp(prefix="bohnspec-site-"))
    reports = []
    for name, impl in (("reference", None), ("wrong-beanometer", FAKES / "wrong_beanometer.py"),
                       ("base-only", FAKES / "base_only.py")):
        out = tmp / f"{name}.json"
        extra = ["--impl", f"{sys.executable} {impl}"] if impl else []
        _conform([*REPORT_PATHS, *extra, "--json", str(out)])
        reports.append(out)
    rulebooks = rulebooks_for_tests(tmp)
    out = tmp / "site"
    from bohnspec.tools.site import generate

    result = generate(out, rulebooks, reports)
    return {"out": out, "result": result, "reports": reports, "rulebooks": rulebooks, "tmp": tmp}


# ------------------------------------------------------------ the HTML check

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
BLOCK = {"address", "article", "aside", "blockquote", "details", "div", "dl", "fieldset", "figcaption", "figure",
         "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "main", "nav", "ol", "p", "pre",
         "section", "table", "ul"}


class PageCheck(HTMLParser):
    """Parses one page and records what a browser or a screen reader would stumble on."""

    def __init__(self, name: str):
        super().__init__(convert_charrefs=True)
        self.name = name
        self.stack: list[tuple[str, int]] = []
        self.problems: list[str] = []
        self.ids: set[str] = set()
        self.links: list[tuple[str, str]] = []  # (attribute, value)
        self.headings: list[int] = []
        self.labels: set[str] = set()
        self.inputs: list[str] = []
        self.doctype = False
        self.attrs_html: dict = {}
        self.title = ""
        self.meta = set()
        self._in_title = False

    def error_at(self, message: str) -> None:
        self.problems.append(f"{self.name}:{self.getpos()[0]}: {message}")

    def handle_decl(self, decl):
        if decl.lower() == "doctype html":
            self.doctype = True

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.attrs_html = a
        if tag == "title":
            self._in_title = True
        if tag == "meta":
            if "charset" in a:
                self.meta.add("charset")
            if a.get("name") == "viewport":
                self.meta.add("viewport")
        if "id" in a:
            if not a["id"] or any(ch.isspace() for ch in a["id"]):
                self.error_at(f"an id that is empty or holds a space: {a['id']!r}")
            if a["id"] in self.ids:
                self.error_at(f"duplicate id {a['id']!r}")
            self.ids.add(a["id"])
        for key in ("href", "src"):
            if key in a:
                self.links.append((key, a[key]))
        if tag == "img" and not (a.get("alt") or "").strip():
            self.error_at("an image without alt text")
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            self.headings.append(int(tag[1]))
        if tag == "label" and "for" in a:
            self.labels.add(a["for"])
        open_tags = [t for t, _ in self.stack]
        if tag in ("input", "select", "textarea") and a.get("type") != "hidden" and "label" not in open_tags:
            self.inputs.append(a.get("id", ""))
        if tag in BLOCK and "p" in open_tags:
            self.error_at(f"<{tag}> inside <p>")
        if tag == "a" and "a" in open_tags:
            self.error_at("a link inside a link")
        if tag not in VOID:
            self.stack.append((tag, self.getpos()[0]))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        if tag == "title":
            self._in_title = False
        if tag in VOID:
            return
        if not self.stack or self.stack[-1][0] != tag:
            top = self.stack[-1] if self.stack else ("nothing", 0)
            self.error_at(f"</{tag}> closes <{top[0]}> opened at line {top[1]}")
            # recover: pop to the matching tag, if any
            for i in range(len(self.stack) - 1, -1, -1):
                if self.stack[i][0] == tag:
                    del self.stack[i:]
                    break
            return
        self.stack.pop()

    def handle_data(self, data):
        if self._in_title:
            self.title += data

    def finish(self) -> list[str]:
        if getattr(self, "_finished", False):
            return self.problems
        self._finished = True
        self.close()
        if self.stack:
            self.problems.append(f"{self.name}: unclosed {', '.join(t for t, _ in self.stack)}")
        if not self.doctype:
            self.problems.append(f"{self.name}: no <!DOCTYPE html>")
        if not self.attrs_html.get("lang"):
            self.problems.append(f"{self.name}: <html> without lang")
        if not self.title.strip():
            self.problems.append(f"{self.name}: no title")
        if self.meta != {"charset", "viewport"}:
            self.problems.append(f"{self.name}: missing meta charset or viewport")
        if self.headings.count(1) != 1:
            self.problems.append(f"{self.name}: {self.headings.count(1)} <h1> (one expected)")
        level = 0
        for h in self.headings:
            if h > level + 1:
                self.problems.append(f"{self.name}: heading h{h} follows h{level} (a level skipped)")
                break
            level = h
        for ident in self.inputs:
            if not ident or ident not in self.labels:
                self.problems.append(f"{self.name}: a form field without a label ({ident or 'no id'})")
        return self.problems


_CHECKED: dict[str, PageCheck] = {}


def checked(path) -> PageCheck:
    """A page parsed and checked once (by absolute path)."""
    key = os.path.abspath(path)
    found = _CHECKED.get(key)
    if found is None:
        found = PageCheck(key)
        found.feed(Path(key).read_text(encoding="utf-8"))
        found.finish()
        _CHECKED[key] = found
    return found


@functools.cache
def _is_file(path: str) -> bool:
    return os.path.isfile(path)


def link_problem(page, target: str, root) -> str | None:
    """Why a link from `page` is broken, or None. External resources count as broken."""
    page, root = os.path.abspath(page), os.path.abspath(root)
    shown = os.path.relpath(page, root)
    parts = urlsplit(target)
    if parts.scheme in ("http", "https") or target.startswith("//"):
        return f"{shown}: links outside the site: {target}"
    if parts.scheme and parts.scheme != "file":
        return None if parts.scheme == "mailto" else f"{shown}: unexpected link {target}"
    if parts.scheme == "file":
        dest = os.path.normpath(unquote(parts.path))
    elif parts.path:
        dest = os.path.normpath(os.path.join(os.path.dirname(page), unquote(parts.path)))
    else:
        dest = page
    if not dest.startswith(root + os.sep):
        return f"{shown}: link leaves the site: {target}"
    if not _is_file(dest):
        return f"{shown}: broken link {target} (no file {dest})"
    if parts.fragment and dest.endswith(".html") and unquote(parts.fragment) not in checked(dest).ids:
        return f"{shown}: broken anchor {target} (no id {parts.fragment!r} in {os.path.basename(dest)})"
    return None


# ------------------------------------------------------------ the browser

def find_chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def require_chromium() -> str:
    """The browser, or a skip with the reason; under CI (CI=true) a missing browser fails."""
    found = find_chromium()
    if found is None:
        reason = ("no headless Chromium found (install Debian's package: apt-get install -y chromium); "
                  "the browser tests of the site need it")
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("CI=true: " + reason)
        pytest.skip(reason)
    return found


class Browser:
    """Headless Chromium driven through the DevTools protocol over a pipe (fd 3: commands to
    the browser, fd 4: its replies, each message a JSON text ending with a NUL byte)."""

    def __init__(self, binary: str, width: int = 1280, height: int = 900):
        self.profile = tempfile.mkdtemp(prefix="bohnspec-chromium-")
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()

        def child_fds():
            # Move both ends out of the way first (either may be fd 3 or 4 already), then
            # onto 3 and 4; dup2 leaves them inheritable across exec.
            high_r = fcntl.fcntl(to_browser_r, fcntl.F_DUPFD, 10)
            high_w = fcntl.fcntl(from_browser_w, fcntl.F_DUPFD, 10)
            os.dup2(high_r, 3)
            os.dup2(high_w, 4)

        args = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--no-default-browser-check",
                "--disable-extensions", "--hide-scrollbars", "--mute-audio", "--remote-debugging-pipe",
                f"--user-data-dir={self.profile}", f"--window-size={width},{height}", "about:blank"]
        self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, preexec_fn=child_fds, close_fds=False)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._next = 0
        self._buffer = b""
        self.events: list[dict] = []
        self._replies: dict[int, dict] = {}
        self._lock = threading.Lock()
        self.session = None
        target = self.call("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True},
                                 session=False)["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.call(f"{domain}.enable")

    # -- the wire
    def _send(self, message: dict) -> None:
        data = json.dumps(message).encode() + b"\0"
        while data:
            n = os.write(self._to_browser, data)
            data = data[n:]

    def _read_one(self, deadline: float) -> dict:
        while b"\0" not in self._buffer:
            if time.monotonic() > deadline:
                raise TimeoutError("the browser did not answer in time")
            ready, _, _ = select.select([self._from_browser], [], [], 0.2)
            if ready:
                chunk = os.read(self._from_browser, 1 << 20)
                if not chunk:
                    raise RuntimeError("the browser closed the pipe")
                self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(raw)

    def call(self, method: str, params: dict | None = None, session: bool = True, timeout: float = 30.0) -> dict:
        self._next += 1
        ident = self._next
        msg = {"id": ident, "method": method, "params": params or {}}
        if session and self.session:
            msg["sessionId"] = self.session
        self._send(msg)
        deadline = time.monotonic() + timeout
        while True:
            m = self._read_one(deadline)
            if m.get("id") == ident:
                if "error" in m:
                    raise RuntimeError(f"{method}: {m['error']}")
                return m.get("result", {})
            if "method" in m:
                self.events.append(m)

    def wait_event(self, method: str, timeout: float = 20.0) -> dict:
        deadline = time.monotonic() + timeout
        for i, e in enumerate(self.events):
            if e["method"] == method:
                return self.events.pop(i)
        while True:
            m = self._read_one(deadline)
            if m.get("method") == method:
                return m
            if "method" in m:
                self.events.append(m)

    # -- pages
    def goto(self, url: str) -> None:
        self.events = [e for e in self.events if e["method"] != "Page.loadEventFired"]
        self.call("Page.navigate", {"url": url})
        self.wait_event("Page.loadEventFired")
        self.settle()

    def settle(self) -> None:
        """Let scripts run (deferred scripts, the search) before looking at the page."""
        self.eval("new Promise(r => requestAnimationFrame(() => setTimeout(r, 30)))", wait=True)

    def eval(self, expression: str, wait: bool = False):
        # A click that navigates may still be leaving the old page when the next expression is
        # sent; the browser then drops it ("navigated or closed"), so it is sent again to the new one.
        deadline = time.monotonic() + 10
        while True:
            try:
                r = self.call("Runtime.evaluate",
                              {"expression": expression, "returnByValue": True, "awaitPromise": wait})
                break
            except RuntimeError as exc:
                gone = "navigated or closed" in str(exc) or "Cannot find context" in str(exc)
                if not gone or time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        if "exceptionDetails" in r:
            raise RuntimeError(f"script error in the test's own expression: {r['exceptionDetails']}")
        return r.get("result", {}).get("value")

    def url(self) -> str:
        return self.eval("location.href")

    def click(self, selector: str) -> None:
        """A real mouse click at the middle of the element (scrolled into view first)."""
        box = self.eval(f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
            if (!e) return null; e.scrollIntoView({{block: 'center'}}); const r = e.getClientRects()[0];
            return r ? [r.left + Math.min(r.width / 2, 8), r.top + r.height / 2] : null; }})()""")
        assert box, f"nothing to click: {selector} on {self.url()}"
        x, y = box
        self.events = [e for e in self.events if e["method"] != "Page.loadEventFired"]
        before = self.url()
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})
        self._after_navigation(before)

    def key(self, key: str, code: str, keycode: int, text: str | None = None, navigates: bool = False) -> None:
        """Press a key; with `navigates`, wait for the page (or its anchor) to change."""
        before = self.url()
        down = {"type": "keyDown", "key": key, "code": code, "windowsVirtualKeyCode": keycode}
        if text:
            down["text"] = text
        self.call("Input.dispatchKeyEvent", down)
        self.call("Input.dispatchKeyEvent", {"type": "keyUp", "key": key, "code": code, "windowsVirtualKeyCode": keycode})
        if navigates:
            self._after_navigation(before)
        else:
            self.settle()

    def _after_navigation(self, before: str) -> None:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            now = self.url()
            if now != before:
                if now.split("#")[0] != before.split("#")[0]:
                    self.wait_event("Page.loadEventFired")
                break
            time.sleep(0.05)
        self.settle()

    def problems(self) -> list[str]:
        """Script errors, console errors and failed loads seen so far (and forget them)."""
        out = []
        keep = []
        for e in self.events:
            m, p = e["method"], e.get("params", {})
            if m == "Runtime.exceptionThrown":
                d = p.get("exceptionDetails", {})
                out.append(f"script error: {d.get('exception', {}).get('description') or d.get('text')} at {d.get('url')}")
            elif m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                out.append("console error: " + " ".join(str(a.get("value", a.get("description"))) for a in p.get("args", [])))
            elif m == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
                entry = p["entry"]
                out.append(f"log error: {entry.get('text')} {entry.get('url', '')}")
            elif m == "Network.loadingFailed":
                if p.get("canceled") or p.get("errorText") == "net::ERR_ABORTED":
                    continue  # a navigation away from a page cancels its pending loads
                out.append(f"failed load: {p.get('errorText')} (request {p.get('requestId')})")
            elif m == "Network.requestWillBeSent":
                u = p.get("request", {}).get("url", "")
                if not u.startswith(("file:", "data:", "about:")):
                    out.append(f"a request to the network: {u}")
            else:
                keep.append(e)
        self.events = keep
        return out

    def viewport(self, width: int, height: int, mobile: bool = False, scale: float = 1.0) -> None:
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": mobile})

    def screenshot(self, path: Path, full: bool = False) -> Path:
        params = {"format": "png"}
        if full:
            size = self.eval("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
            params.update(captureBeyondViewport=True,
                          clip={"x": 0, "y": 0, "width": size[0], "height": min(size[1], 6000), "scale": 1})
        data = base64.b64decode(self.call("Page.captureScreenshot", params)["data"])
        path.write_bytes(data)
        return path

    def close(self) -> None:
        try:
            self.call("Browser.close", session=False, timeout=5)
        except Exception:  # noqa: BLE001 - it is going away either way
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for fd in (self._to_browser, self._from_browser):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)


def png_size(path: Path) -> tuple[int, int]:
    """(width, height) of a PNG, from its header."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert kind == b"IHDR"
    return struct.unpack(">II", data[16:24])
