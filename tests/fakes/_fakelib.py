"""Shared helpers of the fake engines used by tests/test_protocol.py and tests/test_wrong_engines.py.

Each fake is run as `python tests/fakes/NAME.py` (so this folder is on sys.path) with
PYTHONPATH pointing at interpreter/. Most fakes wrap the reference server
(bohnspec.conformance.protocol.serve) and only bend its input or output.

Environment knobs shared by all fakes:
  FAKE_LOG_DIR  if set, each process appends its pid to FAKE_LOG_DIR/starts on start-up, and
                the type of each request it reads (with a state's modules) to FAKE_LOG_DIR/requests
"""

from __future__ import annotations

import json
import os
import sys


def log_start() -> None:
    log_dir = os.environ.get("FAKE_LOG_DIR")
    if log_dir:
        with open(os.path.join(log_dir, "starts"), "a", encoding="utf-8") as f:
            f.write(f"{os.getpid()}\n")


def hello(req: dict, name: str) -> None:
    """Answer a hello as an engine claiming the base game, with rule ids and events."""
    write({"id": req["id"], "type": "hello", "protocol": 1,
           "engine": {"name": name, "version": "0", "language": "python"},
           "capabilities": {"modules": ["base"], "rule_ids": True, "events": True, "legal_actions": False}})


def write(msg: dict) -> None:
    sys.stdout.write(json.dumps(msg, separators=(",", ":")) + "\n")
    sys.stdout.flush()


class ReplyFilter:
    """A stdout stand-in for serve(): every JSON line it writes goes through `transform`
    (a function reply -> reply, or -> the raw text to write instead) before reaching the real
    stdout."""

    def __init__(self, transform, out=None):
        self.transform = transform
        self.out = out or sys.stdout
        self._pending = ""

    def write(self, text: str) -> int:
        self._pending += text
        while "\n" in self._pending:
            line, self._pending = self._pending.split("\n", 1)
            if line.strip():
                reply = self.transform(json.loads(line))
                # A text is written as it is (lines bent out of JSON, or held back: "").
                self.out.write(reply if isinstance(reply, str) else json.dumps(reply, separators=(",", ":")) + "\n")
        return len(text)

    def flush(self) -> None:
        self.out.flush()


class RequestFilter:
    """A stdin stand-in for serve(): every JSON object request goes through `rewrite` (a
    function request -> request, or None when the fake has answered it itself with `write`);
    a line that is not a JSON object reaches the server untouched, which answers it."""

    def __init__(self, rewrite, lines=None):
        self.rewrite = rewrite
        self.lines = lines if lines is not None else sys.stdin

    def __iter__(self):
        for line in self.lines:
            try:
                req = json.loads(line)
            except ValueError:
                yield line
                continue
            if not isinstance(req, dict):
                yield line
                continue
            req = self.rewrite(req)
            if req is not None:
                yield json.dumps(req) + "\n"


def serve(stdin=None, transform=None) -> int:
    """Run the reference server, optionally with a reply transform."""
    from bohnspec.conformance.protocol import serve as reference_serve

    log_start()
    stdout = ReplyFilter(transform) if transform else sys.stdout
    return reference_serve(logged(stdin if stdin is not None else sys.stdin), stdout)


def logged(lines):
    log_dir = os.environ.get("FAKE_LOG_DIR")
    for line in lines:
        if log_dir:
            try:
                req = json.loads(line)
                state = req.get("state") if isinstance(req.get("state"), dict) else {}
                said = f"{req.get('type')} {','.join(state.get('modules', []))}".strip()
            except (ValueError, AttributeError):
                said = "?"
            with open(os.path.join(log_dir, "requests"), "a", encoding="utf-8") as f:
                f.write(said + "\n")
        yield line
