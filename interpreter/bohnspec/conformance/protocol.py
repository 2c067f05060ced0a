"""The JSON-lines conformance protocol: message shapes, the reference server, and the client
that drives an outside engine with timeouts, restarts and verdicts (conformance/PROTOCOL.md).
"""

from __future__ import annotations

import atexit
import functools
import json
import os
import re
import selectors
import signal
import shlex
import subprocess
import sys
import tempfile
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import IO, TYPE_CHECKING, Any, Protocol

from .. import __version__
from ..errors import ActionError, BohnspecError, ScenarioError, SpecRuntimeError, closest
from ..language.model import STATE_KEYS
from .checked import SoundStates
from .inprocess import InProcess, wire_events
from ..execution.state import expand_runs

if TYPE_CHECKING:
    from . import scenario as S
    from ..execution.interpret import Engine
    from ..execution.state import State

# The version this runner offers in its hello; it also plays engines that answer an older one
# (PROTOCOL.md, "Versions"), using only what that version has.
PROTOCOL_VERSION = 2
VERSIONS = (1, 2)
# The most actions `serve` lists in answer to `legal`, with "more": true when there are more: a
# situation's trades grow with the product of two hands' subsets, and a tool asking for them
# should not wait a minute for a reply of tens of megabytes.
LEGAL_LIMIT = 10_000


class EngineFault(Exception):
    """The engine under test misbehaved; `verdict` says how (errored, timeout, protocol-error)."""

    def __init__(self, verdict: str, message: str, stderr: str = "") -> None:
        self.verdict = verdict
        self.stderr = stderr
        super().__init__(message)


class EngineUnsupported(EngineFault):
    """A protocol-2 engine answered `unsupported`: it does not have what the request needs (a
    bean, an option, a module's corner). The scenario is not applicable and the engine is fine
    (the runner does not restart it); a caller that treats every EngineFault alike still gets
    the right verdict."""

    def __init__(self, request: str, reason: str) -> None:
        self.request = request
        super().__init__("not-applicable", reason or "no reason given")


# ------------------------------------------------------------ the reference server

Message = dict[str, Any]


class Output(Protocol):
    """Where the server writes its replies: standard output, or a test's stand-in."""

    def write(self, text: str, /) -> Any: ...

    def flush(self) -> Any: ...


class Server:
    """The reference interpreter behind `bohnspec serve`: one game at a time, one method per
    request type (`handlers`), each answering a well-formed request with its reply."""

    def __init__(self, extra_rules: Sequence[str] = (), engine: str = "compiled") -> None:
        from ..language.spec import parse_files, spec_files

        # A designer's rules files (`serve --rules`) add their modules, played in the games that
        # name them, as the in-process runner plays them.
        self.extra_rules = tuple(extra_rules)
        self.engine_kind = engine  # "compiled" or "reference": the same answers
        self.known_modules = sorted({d.module for f in parse_files([*spec_files(), *self.extra_rules])
                                     for d in f.decls if d.module})
        self.engine: Engine | None = None
        self.state: State | None = None
        self._dropped = False  # the state was dropped after an error in an apply
        self._line = ""  # the request line being answered
        self.sound = SoundStates(self.extra_rules)
        self.version = 1  # agreed in the hello; a version-1 runner gets nothing version 2 added
        self.finished = False  # `bye` was answered
        self.handlers: dict[str, Callable[[int, Message], Message]] = {
            "hello": self.hello, "load": self.load, "setup": self.setup, "apply": self.apply,
            "state": self.current_state, "legal": self.legal, "bye": self.bye,
        }

    def answer(self, line: str) -> Message:
        """The reply to one request line; never raises for anything the line holds."""
        self._line = line  # a `load` found sound before is known by its text (SoundStates)
        try:
            req = json.loads(line, parse_constant=_not_json)  # (NaN is no JSON: round 96)
        except json.JSONDecodeError as exc:
            return {"id": None, "type": "error", "message": f"not JSON: {exc.msg}"}
        except RecursionError:
            return {"id": None, "type": "error", "message": "a request nested too deep"}
        except ValueError:  # Python's bound on the digits of a number it reads
            return {"id": None, "type": "error", "message": "a number of thousands of digits, which no game holds"}
        if not isinstance(req, dict):
            return {"id": None, "type": "error", "message": "a request is a JSON object"}
        rid, kind = req.get("id"), req.get("type")
        if not isinstance(rid, int) or isinstance(rid, bool) or not isinstance(kind, str):
            return {"id": rid if isinstance(rid, int) and not isinstance(rid, bool) else None, "type": "error",
                    "message": "a request needs an integer `id` and a `type` (conformance/PROTOCOL.md)"}
        handler = self.handlers.get(kind)
        if handler is None:
            return {"id": rid, "type": "error", "message": f"unknown request type {kind!r}"}
        try:
            return handler(rid, req)
        except BohnspecError as exc:
            return {"id": rid, "type": "error", "message": str(exc)}
        except Exception as exc:  # a malformed request must get an answer, never end the server
            return {"id": rid, "type": "error", "message": f"malformed {kind!r} request ({type(exc).__name__}: {exc})"}

    # -- one method per request type
    def hello(self, rid: int, req: Message) -> Message:
        # The highest version both sides speak: the runner's offer, at most ours.
        offered = req.get("protocol")
        valid = isinstance(offered, int) and not isinstance(offered, bool) and offered >= 1
        version = min(offered, PROTOCOL_VERSION) if valid and isinstance(offered, int) else 1
        self.version = version
        caps: dict[str, Any] = {"modules": self.known_modules, "rule_ids": True, "events": True,
                                "legal_actions": True, "pipelining": True}
        if version >= 2:
            caps["internal_state"] = True  # every option of every module, so no `options` list
        return {"id": rid, "type": "hello", "protocol": version,
                "engine": {"name": "bohnspec", "version": __version__, "language": "python"},
                "capabilities": caps}

    def load(self, rid: int, req: Message) -> Message:
        from . import scenario as S

        data = req.get("state")
        if not isinstance(data, dict):
            raise ScenarioError("", "state", "load needs a state object")
        # The same request found sound in an earlier run (the same rules and code): its schema
        # check and whether it could come about in a game are not asked again.
        key = SoundStates.key(self._line) if req.get("type") == "load" else None
        known = key in self.sound
        # The quick check only ever passes states the schema accepts; the rest get its message.
        errors = [] if known or _plainly_valid(data) else S.schema_errors(data, "state.schema.json")
        if errors:
            raise ScenarioError("", "state" + ("." + errors[0][0] if errors[0][0] != "(top level)" else ""),
                                errors[0][1])
        eng = self.engine_for(data.get("modules"))
        # Valid by the schema now (checked once, above); the spec's own checks follow.
        self.engine, self.state = eng, S.state_from_data(eng, data, data.get("modules", ["base"]), validate=False,
                                                         check=not known)
        if not known:
            self.sound.add(key)
        self._dropped = False
        return {"id": rid, "type": "ok", "state": self.state.to_json()}

    def setup(self, rid: int, req: Message) -> Message:
        from . import scenario as S

        eng = self.engine_for(req.get("modules"))
        try:
            state, events = S.new_game(eng, req.get("players"), req.get("deck"), req.get("options") or {},
                                       req.get("zones") or {}, req.get("modules") or ["base"], req.get("board"))
        except S.Refused as exc:
            if self.version < 2:
                raise
            return {"id": rid, "type": "rejected", "rule": exc.rule, "reason": exc.reason}
        self.engine, self.state, self._dropped = eng, state, False
        return {"id": rid, "type": "ok", "events": wire_events(events), "state": state.to_json()}

    def apply(self, rid: int, req: Message) -> Message:
        eng, state = self.loaded()
        # In place: nothing needs the state before (a refusal changes nothing). An error part of
        # the way through an effect (a designer's rule that fails) leaves the state half changed:
        # it is dropped, and the next request is told to load a state again.
        try:
            outcome = eng.apply(state, req.get("action"), in_place=True)
        except SpecRuntimeError:
            self.state, self._dropped = None, True
            raise
        self.state = outcome.state
        if outcome.rejection is not None:
            return {"id": rid, "type": "rejected", "rule": outcome.rejection.rule,
                    "reason": outcome.rejection.reason, "state": outcome.state.to_json()}
        return {"id": rid, "type": "accepted", "events": wire_events(outcome.events),
                "state": outcome.state.to_json()}

    def current_state(self, rid: int, req: Message) -> Message:
        _, state = self.loaded()
        return {"id": rid, "type": "state", "state": state.to_json()}

    def legal(self, rid: int, req: Message) -> Message:
        # Enumerated from each parameter's domain, as `judge` lists them (moves.py).
        from ..execution.moves import legal_actions
        eng, state = self.loaded()
        found = legal_actions(eng, state, limit=LEGAL_LIMIT + 1)
        if len(found) > LEGAL_LIMIT:  # a situation no game reaches (hands of dozens of cards)
            return {"id": rid, "type": "legal", "actions": found[:LEGAL_LIMIT], "more": True}
        return {"id": rid, "type": "legal", "actions": found}

    def bye(self, rid: int, req: Message) -> Message:
        self.finished = True
        return {"id": rid, "type": "bye"}

    # -- helpers
    def engines_ahead(self) -> Iterator[None]:
        """Builds the engine of each game this server plays, one a step (the base game first):
        what `serve` does while no request waits."""
        from ..language.spec import games_of, parse_files, parts_of, spec_files

        parts = parts_of(parse_files(spec_files()))
        games = sorted((m for m in self.known_modules if m not in parts), key=lambda m: (m != "base", m))
        for game in games:
            try:
                self.engine_for(list(games_of((game,))))
            except BohnspecError:
                pass  # a game that cannot be built alone is built, and told, when it is asked for
            yield None

    def engine_for(self, modules: Any) -> Engine:
        from ..execution.interpret import engine_for as reference_engine

        key = frozenset(modules or ["base"])
        unknown = sorted(key - set(self.known_modules))
        if unknown:
            raise ActionError(f"unknown module(s) {', '.join(unknown)}; this engine implements "
                              f"{', '.join(self.known_modules)}")
        return reference_engine(key, self.extra_rules, engine=self.engine_kind)

    def loaded(self) -> tuple[Engine, State]:
        if self.engine is None or self.state is None:
            if self._dropped:
                raise ActionError("no state: the last `apply` ended in an error part of the way through, and the "
                                  "state it left was dropped; send `load` or `setup`")
            raise ActionError("no state loaded: send `load` or `setup` first")
        return self.engine, self.state


def serve(stdin: Iterable[str] | None = None, stdout: Output | None = None, extra_rules: Sequence[str] = (),
          engine: str = "compiled") -> int:
    """Answer protocol requests on stdin with one of bohnspec's engines (with the `extra_rules`
    files loaded beside spec/) until `bye` or EOF. On the process's own standard input, the
    engine of each game is built while no request is waiting (the runner reads its corpus
    meanwhile), not when a game's first state arrives and the runner waits for the answer."""
    out = stdout or sys.stdout
    server = Server(extra_rules, engine)
    if stdin is None:
        stdin = _lines_while_idle(sys.stdin, server.engines_ahead()) if _can_wait_on(sys.stdin) else sys.stdin
    for line in stdin:
        if not line.strip():
            continue
        out.write(json.dumps(server.answer(line), separators=(",", ":")) + "\n")
        out.flush()
        if server.finished:
            return 0
    return 0


def _can_wait_on(stream: Any) -> bool:
    """Whether a stream's readiness can be asked without reading it (a pipe or a file, not a
    terminal, on a POSIX system): only then is idle time told apart from a request waiting."""
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return False
    return os.name == "posix" and os.isatty(fd) is False and hasattr(selectors, "PollSelector")


def _lines_while_idle(stream: Any, work: Iterator[None]) -> Iterator[str]:
    """The lines of `stream`, read from its file descriptor; whenever no whole line has arrived
    and nothing is waiting to be read, one step of `work` is done first. A line that has arrived
    is always answered before any more work."""
    fd = stream.fileno()
    poller = selectors.PollSelector()
    poller.register(fd, selectors.EVENT_READ)
    pending = b""
    done = object()
    working = True
    while True:
        end = pending.find(b"\n")
        if end >= 0:
            line, pending = pending[:end + 1], pending[end + 1:]
            yield line.decode("utf-8", "replace")
            continue
        if working and not poller.select(0):
            working = next(work, done) is not done
            continue
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            if pending:
                yield pending.decode("utf-8", "replace")
            return
        pending += chunk


# ------------------------------------------------------------ the client

class ProtocolEngine:
    """Drives one outside engine process. Every fault becomes an EngineFault; never hangs."""

    def __init__(self, command: str, timeout: float = 5.0, cwd: str | None = None) -> None:
        self.command = command
        self.timeout = timeout
        self.cwd = cwd
        self.proc: subprocess.Popen[bytes] | None = None
        self.hello: Message | None = None
        self._next_id = 0
        self._first_id = 1  # the first request id the running process was sent (launch)
        self._buffer = b""
        self.lingered = False  # a process that did not exit within a second of `bye` (killed)
        self._stderr: IO[bytes] | None = None
        self._mark = 0  # where the standard error of the scenario under way begins
        self._selector: selectors.BaseSelector | None = None
        self.last_request: Message | None = None
        # Whether the last reply read may write cards compactly (`red*3`): read as three cards.
        self.compact = False
        self.version = 1  # the version agreed in the handshake
        self.version_said = True  # whether the engine's hello named it (none: version 1)
        # Requests written whose replies are not read yet, oldest first: one, or (an engine that
        # claims `pipelining`) a scenario's start and all its steps, sent at once.
        self._unanswered: deque[Message] = deque()
        # The scenario the requests sent now belong to (set by the adapter), and that of each
        # recent request: a stray reply is told by the scenario it answered, not the one it hit.
        self.owner: str | None = None
        self._owners: dict[int, str] = {}

    # -- process
    def launch(self) -> None:
        """Start the engine process and send the hello without waiting for its answer (`start`
        reads it): the engine starts up while the runner reads its scenarios."""
        self.close()
        self.hello = None
        # (the first request this process is sent: a reply with an earlier id is none of its own)
        self._first_id = self._next_id + 1
        argv = engine_argv(self.command)
        self._stderr = tempfile.TemporaryFile()
        self._mark = 0
        try:
            # Its own process group: bohnspec ends the engine and whatever it started, and a
            # Ctrl-C meant for bohnspec reaches bohnspec alone, which then stops the engine.
            self.proc = proc = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=self._stderr, cwd=self.cwd, bufsize=0, start_new_session=True,
            )
        except OSError as exc:
            raise BohnspecError(f"cannot start the engine {self.command!r}: {exc.strerror or exc}") from None
        _LIVE.add(proc)
        os.set_blocking(_pipe(proc.stdout).fileno(), False)
        self._buffer = b""
        self.version = 1  # until the engine says otherwise, only what every version has
        self.version_said = True  # whether its hello named the version (none: version 1)
        self.send({"type": "hello", "protocol": PROTOCOL_VERSION, "suite": f"bohnspec {__version__}"})

    def start(self) -> Message:
        """Start the engine (unless `launch` has) and shake hands: the hello reply, its
        capabilities checked."""
        waiting = self.next_unanswered()
        if not (self.alive() and self.hello is None and waiting is not None and waiting["type"] == "hello"):
            self.launch()
        reply = self.receive(("hello",))
        caps = reply.get("capabilities")
        if not isinstance(caps, dict) or not isinstance(caps.get("modules"), list):
            given = caps.get("modules") if isinstance(caps, dict) else None
            said = f" (it gives {json.dumps(given)}: write a list, [\"base\"])" if given is not None else ""
            raise EngineFault("protocol-error", "the hello reply has no capabilities.modules list" + said,
                              self.stderr())
        version = reply.get("protocol", 1)
        if isinstance(version, float) and version.is_integer():
            # (`2.0`, `2e0`: the number 2 as JSON may write it, as ids are read; round 90's
            # outside engine was refused with "this runner speaks 1 and 2")
            version = int(version)
        if not isinstance(version, int) or isinstance(version, bool) or version not in VERSIONS:
            raise EngineFault("protocol-error", f"the engine answered the hello with protocol {json.dumps(version)}; "
                                                f"this runner speaks {' and '.join(map(str, VERSIONS))}",
                              self.stderr())
        # Said as the engine said it: a hello without `protocol` is taken as version 1.
        self.version_said = "protocol" in reply
        problem = _claims_problem(caps, version)
        if problem:
            raise EngineFault("protocol-error", f"the hello reply's capabilities: {problem}", self.stderr())
        self.version = version
        self.hello = reply
        return reply

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stderr(self, limit: int = 4000, since_mark: bool = False) -> str:
        """The last `limit` characters the process wrote to its standard error (with
        `since_mark`, only what it wrote since `mark`)."""
        if self._stderr is None:
            return ""
        try:
            self._stderr.seek(self._mark if since_mark else 0)
            data = self._stderr.read()
        except (OSError, ValueError):
            return ""
        return data.decode("utf-8", "replace")[-limit:]

    def mark(self) -> None:
        """A scenario begins: `stderr(since_mark=True)` is what the process writes from now on."""
        if self._stderr is None:
            return
        try:
            self._mark = self._stderr.seek(0, os.SEEK_END)
        except (OSError, ValueError):
            self._mark = 0

    def close(self, polite: bool = False) -> None:
        if self._selector is not None:
            self._selector.close()
            self._selector = None
        self._unanswered.clear()
        proc, self.proc = self.proc, None
        if proc is None:
            return
        try:
            if polite and proc.poll() is None:
                try:
                    self._send(proc, {"id": 0, "type": "bye"})
                    proc.wait(timeout=1)
                except subprocess.TimeoutExpired:
                    # (killed all the same, and told at the run's end: round 95's tester saw a
                    # second lost a process, unsaid)
                    self.lingered = True
                except OSError:
                    pass
        finally:
            _kill(proc)

    @staticmethod
    def _send(proc: subprocess.Popen[bytes], *msgs: Message) -> None:
        stdin = _pipe(proc.stdin)
        # One write for all (a scenario's start and its steps): a write to a pipe is a system
        # call that wakes the engine, and one each was the largest single item of the runner's
        # profile (timed against it, the whole run was no faster: kept as the simpler).
        stdin.write("".join(json.dumps(m, separators=(",", ":")) + "\n" for m in msgs).encode())
        stdin.flush()

    # -- requests
    def request(self, msg: Message, expect: tuple[str, ...]) -> Message:
        """Send a request and read its reply, which must have the request's id and one of the
        `expect`ed types; anything else (an error, garbage, silence, an exit) is an EngineFault.
        Replies still owed to requests sent ahead are read (and dropped) first."""
        self.drain()
        self.send(msg)
        return self.receive(expect)

    def send(self, msg: Message, *more: Message) -> Message:
        """Write a request (and `more` behind it, in one write) without waiting for the replies
        (`receive` reads them in the order the requests went out); answers the first request as
        sent (with its id)."""
        proc = self.proc
        if proc is None or proc.poll() is not None:
            raise self._not_running()
        sent = []
        for m in (msg, *more):
            self._next_id += 1
            sent.append({"id": self._next_id, **m})
        self.last_request = sent[0]
        try:
            self._send(proc, *sent)
        except (BrokenPipeError, OSError):
            # A pipe closes a moment before its process is reaped: wait a little for the exit
            # code, which is what the implementer needs to see.
            code = self._exit_code(grace=min(2.0, self.timeout))
            raise EngineFault("errored", "the engine closed its standard input " + (
                "and is still running" if code is None else f"(exit code {code})"), self.stderr()) from None
        self._unanswered.extend(sent)
        if self.owner is not None:
            for m in sent:
                self._owners[m["id"]] = self.owner
                self._owners.pop(m["id"] - 5000, None)
        return sent[0]

    def next_unanswered(self) -> Message | None:
        """The request whose reply `receive` reads next (None if every one is answered)."""
        return self._unanswered[0] if self._unanswered else None

    def drain(self) -> EngineFault | None:
        """Read and drop the replies owed to requests sent ahead that no scenario needs any more
        (a scenario stopped at a failing step, or at its setup): what they say is no verdict of
        theirs. An engine that faults there is ended (the next request starts a new one), and the
        fault answered, for the scenario that sent them to mention."""
        while self._unanswered:
            try:
                self.receive(())
            except EngineFault as exc:
                self.close()
                return exc
        return None

    def receive(self, expect: tuple[str, ...]) -> Message:
        """The reply to the oldest request not answered yet, checked as `request` says (`expect`
        empty: any type, for replies nobody reads)."""
        proc = self.proc
        if proc is None or not self._unanswered:
            raise self._not_running()
        msg = self.last_request = self._unanswered.popleft()
        line = self._read_line(proc, msg["type"])
        if not line.strip():
            raise EngineFault("protocol-error", f"the engine printed an empty line where the reply to {msg['type']!r} "
                                                "was expected: write exactly one JSON line per request, no blank "
                                                "lines", self.stderr())
        # (`\u002a` is a star too, as JSON reads it: round 62's engine author wrote runs so)
        self.compact = b"*" in line or (b"\\u" in line and b"\\u002a" in line.lower())
        try:
            reply = json.loads(line, parse_constant=_not_json)
        except UnicodeDecodeError as exc:
            # A JSON line with bytes that are no UTF-8 (a Latin-1 card name, say): not a stray log.
            raise EngineFault("protocol-error", f"the reply to {msg['type']!r} is not UTF-8 text (byte "
                                                f"0x{line[exc.start]:02x} at position {exc.start}): {_text(line)} "
                                                "(the protocol's lines are JSON in UTF-8)", self.stderr()) from None
        except json.JSONDecodeError as exc:
            if line.lstrip().startswith(b"{") and not exc.msg.endswith("is not JSON"):
                # (a reply broken off, or written in pieces with a line break inside: no log line;
                # round 95's tester was told to write logs to standard error)
                raise EngineFault("protocol-error", f"the reply to {msg['type']!r} is not valid JSON: {exc.msg} at "
                                                    f"character {exc.pos} of {len(line)}: {_text(line)} (was it cut "
                                                    "off, or written in pieces with a line break inside? One "
                                                    "whole JSON object a line)", self.stderr()) from None
            why = f" ({exc.msg})" if exc.msg.endswith("is not JSON") else ""
            raise EngineFault("protocol-error", f"the engine printed something that is not a protocol "
                                                f"message{why}: {_text(line)} (standard output carries the "
                                                f"replies only: write logs to standard error)",
                              self.stderr()) from None
        except RecursionError:
            raise EngineFault("protocol-error", f"the reply to {msg['type']!r} is nested too deep to read",
                              self.stderr()) from None
        except ValueError:  # a JSONDecodeError is one too, answered above: this is Python's digit bound
            raise EngineFault("protocol-error", f"the reply to {msg['type']!r} holds a number of thousands of "
                                                f"digits, which no game holds: {_text(line)}", self.stderr()) from None
        if isinstance(reply, dict) and reply.get("type") == "error" and reply.get("id") is None:
            # An engine that could not read a request cannot echo its id (PROTOCOL.md): its
            # `error` is an answer all the same.
            raise EngineFault("errored", f"the engine answered {msg['type']!r} with an error without an id "
                                         f"(it could not read the request): "
                                         f"{printable(cut(str(reply.get('message', '')), 2000))}",
                              self.stderr())
        if not isinstance(reply, dict) or reply.get("id") != msg["id"]:
            rid = reply.get("id") if isinstance(reply, dict) else None
            if isinstance(rid, int) and not isinstance(rid, bool) and 0 < rid < self._first_id:
                # (round 97's hostile engine wrote a line before it was asked anything: told as a
                # second reply to a request this process was never sent)
                raise EngineFault("protocol-error", f"a reply with the id {rid} came where the reply to request "
                                                    f"{msg['id']} ({msg['type']}) was expected, though this process "
                                                    f"of the engine was never sent request {rid} (its first was "
                                                    f"{self._first_id}): a line written unasked, or ids counted "
                                                    f"from a process before: {_text(line)}", self.stderr())
            if isinstance(rid, int) and not isinstance(rid, bool) and 0 < rid < msg["id"]:
                of = self._owners.get(rid)
                whose = f" (of scenario {of})" if of is not None and of != self._owners.get(msg["id"]) else ""
                raise EngineFault("protocol-error", f"a second reply to the earlier request {rid}{whose} came where "
                                                    f"the reply to request {msg['id']} ({msg['type']}) was expected: "
                                                    f"write exactly one line per request: {_text(line)}",
                                  self.stderr())
            later = next((m for m in self._unanswered if m["id"] == rid), None) \
                if isinstance(rid, int) and not isinstance(rid, bool) else None
            if later is not None:
                # Answered out of order, or answered in order with a wrong id: either way this.
                raise EngineFault("protocol-error", f"a reply with the id of the later request {rid} ({later['type']}) "
                                                    f"came where the reply to request {msg['id']} ({msg['type']}) was "
                                                    "expected: answer the requests in the order they come, each with "
                                                    f"its own request's id: {_text(line)}", self.stderr())
            hint = ""
            if not isinstance(reply, dict):
                # (round 97's hostile engine answered `[1,2,3]` and `null`: told as a wrong id)
                kind = "a list" if isinstance(reply, list) else "null" if reply is None else \
                    "a text" if isinstance(reply, str) else \
                    "a number" if isinstance(reply, (int, float)) else "no object"
                raise EngineFault("protocol-error", f"the reply to {msg['type']!r} is {kind}, not a JSON object: "
                                                    f"{_text(line)} (a reply is an object with the request's `id` and "
                                                    "a `type`)", self.stderr())
            if isinstance(rid, str) and rid.strip() == str(msg["id"]):
                hint = f" (its `id` is the text {rid!r}: echo the request's id as the number {msg['id']})"
            elif isinstance(reply, dict) and "id" not in reply and isinstance(reply.get("type"), str):
                # (a reply whose `id` was forgotten: round 94's outside engine was sent looking for
                # a log line)
                hint = (f" (a {reply['type']!r} reply without an `id`: every reply echoes the `id` of its "
                        f"request, here {msg['id']})")
            elif isinstance(reply, dict) and "id" not in reply:
                hint = (" (a line without an `id`: a log or debug line on standard output? Write only replies "
                        "there, and anything else to standard error)")
            raise EngineFault("protocol-error", f"expected a reply with id {msg['id']}, got {_text(line)}{hint}",
                              self.stderr())
        if not expect:
            return reply
        if reply.get("type") == "error":
            said = reply.get("message")
            raise EngineFault("errored", f"the engine answered {msg['type']!r} with an error: "
                                         + (printable(cut(said, 2000)) if isinstance(said, str) and said else
                                            "(no message: an error reply says what went wrong in `message`)"),
                              self.stderr())
        if reply.get("type") == "rejected" and reply.get("rule") is not None and not isinstance(reply.get("rule"), str):
            raise EngineFault("protocol-error", f"the rejection of {msg['type']!r} gives `rule` as "
                                                f"{json.dumps(reply.get('rule'))}: a rule id is a text, such as "
                                                "\"bohnanza/phase-1/3\"", self.stderr())
        if reply.get("type") == "unsupported" and self.version >= 2 and msg["type"] in ("load", "setup", "apply"):
            reason = reply.get("reason")
            if not isinstance(reason, str):
                raise EngineFault("protocol-error", f"an `unsupported` reply to {msg['type']!r} needs a `reason` "
                                                    "text", self.stderr())
            raise EngineUnsupported(msg["type"], reason)
        if reply.get("type") not in expect:
            hint = ""
            if reply.get("type") == "unsupported" and self.version < 2:
                said = f"said protocol {self.version}" if self.version_said else \
                    "gave no `protocol`, which is version 1,"
                hint = f" (`unsupported` is a protocol-2 reply, and the engine {said} in its handshake)"
            got = f"got {reply.get('type')!r}" if "type" in reply else "the reply has no `type`"
            raise EngineFault("protocol-error", f"expected a reply of type {' or '.join(expect)} to "
                                                f"{msg['type']!r}, {got}{hint}", self.stderr())
        return reply

    def _exit_code(self, grace: float = 0.0) -> int | None:
        if self.proc is None:
            return None
        if grace:
            try:
                return self.proc.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                return None
        return self.proc.poll()

    def _not_running(self) -> EngineFault:
        code = self._exit_code()
        told = f" (exit code {code})" if code is not None else ""
        return EngineFault("errored", "the engine is not running" + told, self.stderr())

    def surplus_reply(self) -> EngineFault | None:
        """A reply line already written, unasked, to a request answered before (an engine that
        writes two lines for one request), read without waiting: the fault, for the scenario
        whose request it was (round 95's tester had it charged to the next scenario, and the
        one that sent it passed); None when nothing is waiting, or what waits is owed."""
        proc = self.proc
        if proc is None or proc.stdout is None or self._unanswered:
            return None
        if b"\n" not in self._buffer:
            try:
                chunk = proc.stdout.read(65536)
            except (BlockingIOError, OSError, ValueError):
                chunk = None
            if not chunk:
                return None
            self._buffer += chunk
            if b"\n" not in self._buffer:
                return None
        line, _, rest = self._buffer.partition(b"\n")
        try:
            reply = json.loads(line)
        except (ValueError, RecursionError):
            return None  # (garbage: the next request's reading tells it)
        rid = reply.get("id") if isinstance(reply, dict) else None
        if not isinstance(rid, int) or isinstance(rid, bool) or not self._first_id <= rid <= self._next_id:
            return None
        self._buffer = rest
        return EngineFault("protocol-error", f"a second reply to request {rid} came after its answer, unasked: write "
                                             f"exactly one line per request: {_text(line)}", self.stderr())

    def _read_line(self, proc: subprocess.Popen[bytes], what: str) -> bytes:
        deadline = time.monotonic() + self.timeout
        stdout = _pipe(proc.stdout)
        if self._selector is None:
            self._selector = selectors.DefaultSelector()
            self._selector.register(stdout, selectors.EVENT_READ)
        selector = self._selector
        if b"\n" in self._buffer:
            line, _, self._buffer = self._buffer.partition(b"\n")
            return line
        # The chunks of a long reply are kept apart and joined once: each is searched for the
        # end of the line alone, so a reply of many megabytes costs its length, not its square.
        parts = [self._buffer] if self._buffer else []
        size = len(self._buffer)
        while True:
            try:
                chunk = stdout.read(65536)
            except BlockingIOError:
                chunk = None
            if chunk == b"":
                try:
                    code = proc.wait(timeout=min(5.0, self.timeout))
                except subprocess.TimeoutExpired:
                    raise EngineFault("errored", f"the engine closed its standard output before answering {what!r}, "
                                                 "and is still running", self.stderr()) from None
                cut = f"; it had written {size} bytes of the reply without ending the line" if size else ""
                raise EngineFault("errored", f"the engine {_ended(code)} before answering {what!r}{cut}",
                                  self.stderr())
            if chunk:
                parts.append(chunk)
                size += len(chunk)
                if b"\n" in chunk:
                    line, _, self._buffer = b"".join(parts).partition(b"\n")
                    return line
                if size > MAX_REPLY:
                    self._buffer = b""
                    raise EngineFault("protocol-error", f"the reply to {what!r} is longer than "
                                                        f"{MAX_REPLY // 2**20} MiB (no end of line in its first "
                                                        f"{size} bytes; PROTOCOL.md)", self.stderr())
            # The deadline holds however the reply comes: a line that never ends, written
            # without pause, times out like silence.
            left = deadline - time.monotonic()
            if left <= 0:
                self._buffer = b"".join(parts)
                ended = proc.poll()
                if ended is not None and not size:
                    raise EngineFault("errored", f"the engine {_ended(ended)} before answering {what!r}; a "
                                                 "process it started still holds its output open", self.stderr())
                hint = (f"it wrote {size} bytes but never ended the line: end each reply with a newline" if size
                        else "raise --timeout if the engine is just slow, and flush its output after each reply")
                raise EngineFault("timeout", f"no reply to {what!r} within {self.timeout:g}s ({hint})",
                                  self.stderr())
            if chunk is None:
                selector.select(timeout=left)


# The longest reply line read (a state of a game is some kilobytes).
MAX_REPLY = 64 * 1024 * 1024


def _not_json(word: str) -> None:
    """NaN and Infinity, which Python's reader takes and JSON has not."""
    raise json.JSONDecodeError(f"{word} is not JSON", word, 0)


def cut(text: str, limit: int) -> str:
    """An engine's text kept to `limit` characters, saying how much more there was (a name or
    a reason of megabytes filled round 97's hostile tester's terminal and reports)."""
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text) - limit} more characters)"


def printable(text: str) -> str:
    """An engine's text shown on a terminal: a control character (ESC, NUL, a line break)
    escaped, so that an engine cannot colour, rewrite or add lines of bohnspec's own output."""
    return "".join(c if c.isprintable() or c == "\t" else repr(c)[1:-1] for c in text)


def _text(line: bytes, limit: int = 200) -> str:
    """A line the engine printed, shown as text (its first `limit` characters)."""
    text = line.decode("utf-8", "replace")
    return repr(text[:limit] + ("..." if len(text) > limit else ""))


def _pipe(pipe: IO[bytes] | None) -> IO[bytes]:
    """A pipe of an engine process (always there: every engine is started with all three)."""
    if pipe is None:
        raise BohnspecError("the engine process has no pipe to it")
    return pipe


def _ended(code: int | None) -> str:
    """How an engine process ended, as its user knows it: `exited (code 3)`, or `was killed by
    SIGSEGV (signal 11)` for what Python reports as code -11 (round 80's engine author)."""
    if code is not None and code < 0:
        try:
            return f"was killed by {signal.Signals(-code).name} (signal {-code})"
        except ValueError:
            return f"was killed by signal {-code}"
    return f"exited (code {code})"


def _claims_problem(caps: dict, version: int) -> str:
    """What is wrong with a hello's capabilities beyond the modules list ("" if nothing)."""
    if not all(isinstance(m, str) for m in caps["modules"]):
        return "modules must be a list of module names"
    for key in ("rule_ids", "events", "legal_actions", "internal_state", "pipelining"):
        if key in caps and not isinstance(caps[key], bool):
            return f"{key} must be true or false, not {json.dumps(caps[key])}"
    options = caps.get("options")
    if version >= 2 and options is not None:
        if not isinstance(options, dict) or not all(
                isinstance(v, list) and all(isinstance(x, str) for x in v) for v in options.values()):
            return 'options must map each option to the values the engine plays, e.g. {"beans": ["garden"]}'
    return ""


# ------------------------------------------------------------ engine processes

# Every engine process started and not yet ended: none outlives bohnspec (see end_all_engines).
_LIVE: set[subprocess.Popen] = set()


def engine_argv(command: str) -> list[str]:
    """The engine command as an argument list; an empty one (an unset $ENGINE) or one that
    does not split (an unclosed quote) is an input error, never the reference interpreter."""
    if command is None or not command.strip():
        raise BohnspecError("--impl is empty (an unset variable?): give the command that starts your engine, "
                            "or leave --impl out to run the reference interpreter")
    try:
        argv = shlex.split(command)
    except ValueError as exc:
        raise BohnspecError(f"--impl {command!r}: cannot split the command into words ({exc})") from None
    if not argv:
        raise BohnspecError("--impl is empty: give the command that starts your engine")
    # (split as a shell would, but run without one: a variable set before the command, or a
    # redirection, would reach the engine as a word, or not start it; round 80's engine author)
    shell = next((w for w in argv[1:] if re.fullmatch(r"\d?>>?.*|<.*|\||\|\||&&|;|&", w)), None)
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*=.*", argv[0]) or shell is not None:
        what = f"the variable setting {argv[0]!r}" if shell is None else f"the shell's {shell!r}"
        raise BohnspecError(f"--impl {command!r}: the command is split into words and run without a shell, so "
                            f"{what} would not work; run it through one: --impl \"sh -c '{command}'\" "
                            "(or `env NAME=VALUE COMMAND` for a variable)")
    return argv


def _kill(proc: subprocess.Popen) -> None:
    """End an engine process and its process group, close its pipes and forget it."""
    # The group (the engine and whatever it started) first, while its leader is not reaped.
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (OSError, AttributeError):
        pass
    try:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=5)
    except (OSError, subprocess.TimeoutExpired):
        pass
    for pipe in (proc.stdin, proc.stdout):
        try:
            if pipe is not None:
                pipe.close()
        except OSError:
            pass
    _LIVE.discard(proc)


def end_all_engines() -> None:
    """Kill every engine process still running (at exit, on Ctrl-C, on SIGTERM)."""
    for proc in list(_LIVE):
        _kill(proc)


atexit.register(end_all_engines)


# The keys every state may have (state.schema.json's own), beside the zones and variables a
# game declares.
_STATE_KEYS = frozenset({"modules", "options", "players", "starting_player", "active", "phase", "vars", "shuffles",
                         "over", "winners", "board", "spaces"})
_PLAYER_KEYS = frozenset({"name", "vars"})


_NAMES: dict[int, tuple[Any, tuple[frozenset, frozenset, frozenset, frozenset]]] = {}


def _game_names(engine: Any) -> tuple[frozenset, frozenset, frozenset, frozenset]:
    """The keys a game's state has at the top and in a player (its zones of each kind among
    them), the variables it declares, and the keys of a space (its card and its variables),
    whatever the module; made once a spec. The rest are an engine's own (without_own_keys)."""
    spec = engine.spec
    hit = _NAMES.get(id(spec))
    if hit is None or hit[0] is not spec:
        if len(_NAMES) > 64:
            _NAMES.clear()
        shared = frozenset(n for n, z in spec.zones.items() if not z.per_player)
        own = frozenset(n for n, z in spec.zones.items() if z.per_player)
        space = frozenset({"card", *(n for n, v in spec.vars.items() if v.per_space)})
        hit = _NAMES[id(spec)] = (spec, (_STATE_KEYS | shared, _PLAYER_KEYS | own, frozenset(spec.vars), space))
    return hit[1]


def _own_key_names(state: dict, kept: dict) -> frozenset[str]:
    """The names of the keys of an engine's own that without_own_keys set aside (at the top, in
    a player, among the variables)."""
    names = set(state) - set(kept)
    for whole, part in [(state.get("vars"), kept.get("vars")),
                        *zip(state.get("players") or [], kept.get("players") or [])]:
        if isinstance(whole, dict) and isinstance(part, dict):
            names |= set(whole) - set(part)
            if isinstance(whole.get("vars"), dict) and isinstance(part.get("vars"), dict):
                names |= set(whole["vars"]) - set(part["vars"])
    return frozenset(n for n in names if isinstance(n, str))


def without_own_keys(state: dict, state_keys: frozenset, player_keys: frozenset, variables: frozenset,
                     space_keys: frozenset = frozenset()) -> dict:
    """The state without the keys of an engine's own (PROTOCOL.md: a turn counter, a log, a
    variable the game does not have, at the top, in a player, among the variables or a space's),
    which are allowed and never compared: only what the game has is checked against the schema
    (_game_names: a player's key named like a zone of the table is the engine's own, and the
    other way round; round 62's engine author had `"hand": 5` at the top refused as malformed).
    The state itself is left as it is."""
    out = state
    # (the keys compared as sets, in C: a state that keeps to the game's names is the rule)
    if not state.keys() <= state_keys:
        out = {k: v for k, v in state.items() if k in state_keys}
    vars_ = out.get("vars")
    if isinstance(vars_, dict) and not vars_.keys() <= variables:
        out = {**out, "vars": {k: v for k, v in vars_.items() if k in variables}}
    players = out.get("players")
    if isinstance(players, list) and any(isinstance(p, dict) and (
            not p.keys() <= player_keys or isinstance(p.get("vars"), dict) and not p["vars"].keys() <= variables)
            for p in players):
        kept = []
        for p in players:
            if isinstance(p, dict):
                p = {k: v for k, v in p.items() if k in player_keys}
                if isinstance(p.get("vars"), dict):
                    p["vars"] = {k: v for k, v in p["vars"].items() if k in variables}
            kept.append(p)
        out = {**out, "players": kept}
    spaces = out.get("spaces")
    if space_keys and isinstance(spaces, dict) and any(isinstance(v, dict) and not v.keys() <= space_keys
                                                       for v in spaces.values()):
        out = {**out, "spaces": {sid: {k: x for k, x in v.items() if k in space_keys} if isinstance(v, dict) else v
                                 for sid, v in spaces.items()}}
    return out


_COUNTED: dict[int, tuple[Any, frozenset]] = {}


def _counted_zones(engine: Any) -> frozenset:
    """The zones whose cards a state lists in full: those of a category no `default rest` zone
    holds (the box of landscapes, which a state may leave out: it holds what lies nowhere
    else, and a plundered town's point comes out of it)."""
    spec = engine.spec
    hit = _COUNTED.get(id(spec))
    if hit is None or hit[0] is not spec:
        if len(_COUNTED) > 64:
            _COUNTED.clear()
        boxed = {z.cards for z in spec.zones.values() if z.rest}
        hit = _COUNTED[id(spec)] = (spec, frozenset(("player." + n) if z.per_player else n
                                                    for n, z in spec.zones.items() if z.cards not in boxed))
    return hit[1]


_TEXTS = frozenset({str})


def cards_held(state: dict, zones: frozenset) -> Counter:
    """Every card a state lists in the counted zones, the players' and the table's (a field's
    cards one by one; `red*3` as three). A zone counts where the game has it: a key of a
    player's named like a zone of the table is the engine's own (round 59), and the other way
    round; `zones` holds the table's by name and the players' as `player.NAME`."""
    found: Counter = Counter()

    def add(cards: Any) -> None:
        if isinstance(cards, list):
            if set(map(type, cards)) <= _TEXTS and "*" not in "".join(cards):
                found.update(cards)  # plain cards, the common list: counted in C
                return
            for c in cards:
                if isinstance(c, list):
                    add(c)
                elif isinstance(c, str):
                    if "*" in c:
                        from ..execution.state import expand_cards  # (a compact card: rare in a reply)
                        found.update(expand_cards([c]))
                    else:
                        found[c] += 1
    for key, value in state.items():
        if key in zones:
            add(value)
    for p in state.get("players") or ():
        if isinstance(p, dict):
            for key, value in p.items():
                if "player." + key in zones:
                    add(value)
    return found


def cards_held_after(known: Any, known_held: Counter | None, state: dict, zones: frozenset) -> Counter:
    """cards_held(state, zones), worked out from a state whose count is known (`known`, counted
    `known_held`): only the zones that differ from it are counted, since a list equal to the one
    it replaces holds the same cards (most of a reply is the state before it). A known state
    that cannot be matched player by player is passed over: the state is counted in full."""
    old_players = known.get("players") if isinstance(known, dict) else None
    players = state.get("players")
    if known_held is None or not isinstance(old_players, list) or not isinstance(players, list) \
            or len(old_players) != len(players) or not all(isinstance(p, dict) for p in old_players):
        return cards_held(state, zones)
    shared, own = _zone_kinds(zones)
    added: dict = {}
    removed: dict = {}
    for key in shared:
        new, old = state.get(key), known.get(key)
        if new != old:
            added[key], removed[key] = new, old
    for i, (p, old) in enumerate(zip(players, old_players)):
        if p == old:  # (compared in C: most players are untouched by a step)
            continue
        if not isinstance(p, dict):
            return cards_held(state, zones)
        for key in own:
            new, before = p.get(key), old.get(key)
            if new != before:
                added[f"{i}.{key}"], removed[f"{i}.{key}"] = new, before
    if not added:
        return known_held
    held = known_held.copy()
    held.subtract(cards_held(removed, frozenset(removed)))
    held.update(cards_held(added, frozenset(added)))
    return +held  # (nothing below none: a card removed was among those known)


@functools.lru_cache(maxsize=64)
def _zone_kinds(zones: frozenset) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The counted zones of the table, and those of each player (without `player.`)."""
    return (tuple(z for z in zones if not z.startswith("player.")),
            tuple(z[len("player."):] for z in zones if z.startswith("player.")))


def _expanded(state: dict, state_keys: frozenset, player_keys: frozenset) -> dict:
    """The state with its zones' `red*3` written out as three cards, as a scenario's are (the
    schema allows the shorthand in a state): compared card by card, as it is counted."""
    def cards(value: Any) -> Any:
        if isinstance(value, list) and any(isinstance(c, list) for c in value):
            return [cards(c) for c in value]  # fields, shuffles
        return expand_runs(value)
    # (the game's keys only, own keys set aside already: `modules` and `winners` hold no `*`)
    out = {k: cards(v) if k in state_keys and k != "players" else v for k, v in state.items()}
    out["players"] = [{k: cards(v) if k in player_keys else v for k, v in p.items()} for p in state["players"]]
    return out


def _zones_differing(before: dict, after: dict, zones: frozenset) -> list[str]:
    """The places (`state.discard`, `state.players[1].hand`) whose cards differ between two
    states that should hold the same cards in the same places (a state loaded, and the reply)."""
    def listed(holder: dict, key: str) -> Counter:
        return cards_held({key: holder.get(key) or []}, frozenset({key}))
    shared, own = (sorted(names) for names in _zone_kinds(zones))
    out = [f"state.{k}" for k in shared if listed(before, k) != listed(after, k)]
    players = [p for p in after.get("players") or () if isinstance(p, dict)]
    for i, (old, new) in enumerate(zip(before.get("players") or (), players)):
        if isinstance(old, dict):
            out += [f"state.players[{i}].{k}" for k in own if listed(old, k) != listed(new, k)]
    return out[:4]


def _own_near(key: str, own: frozenset[str]) -> str:
    """What follows a place left out (`discard`, `players[0].received`, as _zone_keys_left_out
    writes them) when a key of the engine's own is near it: " (the engine's own key
    'discardPile' is beside it: did it mean 'discard'?)"; "" if none."""
    name = key.strip("`").rsplit(".", 1)[-1]
    squashed = {re.sub(r"[_\-]", "", n).lower(): n for n in own}
    near = squashed.get(name.replace("_", "").lower()) or closest(name, sorted(own))
    return f" (the engine's own key {near!r} is beside it: did it mean {name!r}?)" if near and near != name else ""


def _zone_keys_left_out(before: dict, after: dict, zones: frozenset) -> list[str]:
    """The places of `before` (a state known complete) whose key `after` leaves out altogether
    (round 84's engine author was told of a card missing, not of the key it never returned)."""
    shared, own = _zone_kinds(zones)
    out = [f"`{k}`" for k in shared if k in before and k not in after]
    players = [p for p in after.get("players") or () if isinstance(p, dict)]
    for i, (old, new) in enumerate(zip(before.get("players") or (), players)):
        if isinstance(old, dict):
            out += [f"`players[{i}].{k}`" for k in own if k in old and k not in new]
    return out[:4]


def _set_up_cards(ref: Any, sc: Any, zones: frozenset, built: Any = None) -> Counter | None:
    """The cards of the game the rules set up for a scenario's `setup:` (`built`: that game as
    the runner set it up, a (state, events) pair); None when the rules refuse that setup (an
    engine accepting it fails for that, not for its cards: round 59)."""
    from . import scenario as S
    try:
        state = built[0] if built is not None else S.build_state(ref, sc, check=False)[0]
    except BohnspecError:
        return None
    return cards_held(state.to_json(), zones)


def _cards_changed(expected: Counter, got: Counter) -> str:
    """What a state holds more or less than the cards of the game, said briefly."""
    more, fewer = got - expected, expected - got

    def said(c: Counter) -> str:
        return ", ".join(f"{n} {card}" if n > 1 else card for card, n in sorted(c.items())[:8]) + \
            (", ..." if len(c) > 8 else "")
    return "; ".join(x for x in (f"{sum(more.values())} card(s) the game does not have ({said(more)})" if more else "",
                                 f"{sum(fewer.values())} card(s) missing ({said(fewer)})" if fewer else "") if x)


def state_problem(state: Any, known: dict | None = None) -> str:
    """Why a state an engine returned breaks state.schema.json ("" if it does not): the path
    of the first bad field (`state.players[0].coins`) and what is wrong there. `known`: a
    state found valid before, whose equal parts need no second look (_plainly_valid)."""
    from . import scenario as S
    if not isinstance(state, dict):
        return f"a state is a JSON object, not {json.dumps(state)[:60]}"
    if _plainly_valid(state, known):
        return ""
    errors = S.schema_problems(state, "state.schema.json")
    if not errors:
        return ""
    path, message = errors[0].path, errors[0].message
    where = "state" if path == "(top level)" else "state" + ("" if path.startswith("[") else ".") + path
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"at {where}: {message}{more}"


_NAME = re.compile(r"[a-z_][a-z0-9_]*")
_CARD = re.compile(r"[a-z_][a-z0-9_]*(\*[1-9][0-9]{0,3})?")


def _plainly_valid(state: dict, known: dict | None = None) -> bool:
    """A quick check that only ever says yes to a state the schema accepts (the schema itself
    takes milliseconds a state, on every reply): the types scenario._shape_ok checks, plus the
    patterns of names and cards. A map given inline, or anything doubtful, goes to the schema.

    `known`: a state found valid before (the one sent with a `load`, the one before an
    action). A part equal to the one it holds in the same place is not looked at again: a
    list of texts equals only a list of the same texts, and a variable's value equals only
    values the schema allows there too (true and 1 are both allowed; 1.0 is an integer to
    JSON Schema), so nothing of another type slips through. `over` alone is always looked at:
    it must be a truth, and 1 equals true."""
    from . import scenario as S
    players = state.get("players")
    if not isinstance(players, list) or not players:
        return False
    before = known.get("players") if known is not None else None
    if not isinstance(before, list):
        before = []
    for i, p in enumerate(players):
        if not isinstance(p, dict) or not isinstance(p.get("name"), str) or not p["name"]:
            return False
        old = before[i] if i < len(before) else None
        if p == old:
            continue  # a player equal to one known to be valid, name, cards and variables
        for key, value in p.items():
            if key == "vars":
                if old is not None and old.get("vars") == value:
                    continue
                if not isinstance(value, dict) or not S._values_ok(value):
                    return False
                continue
            if key == "name" or (old is not None and key in old and old[key] == value):
                continue
            if not _NAME.fullmatch(key) or not S._zone_ok(key, value):
                return False
            if key == "fields":
                if not all(_cards_ok(f) for f in value):
                    return False
            elif not _cards_ok(value):
                return False
    for key, value in state.items():
        if key == "players":
            continue
        if key not in _SCALAR_PARTS and known is not None and key in known and known[key] == value:
            continue  # the same cards (or the same map) as before
        if not _NAME.fullmatch(key) or not S._part_shape_ok(key, value):
            return False
        if key == "phase" and not _NAME.fullmatch(value):
            return False
        if key == "board" and not (_NAME.fullmatch(value) if isinstance(value, str)
                                   else _inline_board_ok(json.dumps(value, sort_keys=True))):
            return False
        if key == "shuffles" and not all(_cards_ok(s) for s in value):
            return False
        if key not in STATE_KEYS and (key == "fields" or not _cards_ok(value)):
            return False
    return True


# The parts of a state looked at every time, never passed over as equal to a state known to be
# valid: a truth, which 1 equals in Python (and 0 false) where the schema allows no number.
_SCALAR_PARTS = frozenset({"over"})


def _cards_ok(cards: Any) -> bool:
    # The same few cards fill every state: those seen well-formed are known at once.
    return _GOOD_CARDS.issuperset(cards) or all(_card_ok(c) for c in cards)


_GOOD_CARDS: set[str] = set()  # card texts seen to match _CARD (bounded)


def _card_ok(card: str) -> bool:
    if not _CARD.fullmatch(card):
        return False
    if len(_GOOD_CARDS) < 4096:
        _GOOD_CARDS.add(card)
    return True


@functools.lru_cache(maxsize=256)
def _inline_board_ok(text: str) -> bool:
    """A map given inline, checked against the schema once: a game's states all carry the same
    map, and the schema spends most of its time on it."""
    from . import scenario as S
    return not S.schema_problems({"players": [{"name": "p"}], "board": json.loads(text)}, "state.schema.json")


def _state_keys(state: dict, into: tuple[set[str], set[str]]) -> None:
    """The keys of a state added to `into`: (those at its top, those of its players), set
    updates only, as every reply passes here."""
    into[0].update(state)
    for p in state.get("players") or ():
        if isinstance(p, dict):
            into[1].update(p)


def never_returned(adapters: Sequence[Any]) -> list[str]:
    """The keys of the states the runner sent that the engine returned in no state of the run
    (`modules` aside, which a reply may leave out), over all its adapters (`--jobs`)."""
    sent: tuple[set[str], set[str]] = (set(), set())
    returned: tuple[set[str], set[str]] = (set(), set())
    for a in adapters:
        for mine, theirs in ((sent, getattr(a, "keys_sent", None)), (returned, getattr(a, "keys_returned", None))):
            if theirs is not None:
                mine[0].update(theirs[0])
                mine[1].update(theirs[1])
    if not returned[0]:
        return []  # (no state came back at all: every scenario says so already)
    return sorted([*(sent[0] - returned[0] - {"modules", "players"}),
                   *(f"players[].{k}" for k in sent[1] - returned[1] - {"name"})])


def _text_or_none(value):
    # (a reason of megabytes kept short: round 97's hostile engine made a report of 168 MB)
    return cut(value, 2000) if isinstance(value, str) and value else None


class ProtocolAdapter:
    """Runner adapter for an outside engine: one process, restarted after any fault."""

    def __init__(self, command: str, timeout: float = 5.0, extra_rules: Sequence[str] = (),
                 engine: str = "reference") -> None:
        self.client = ProtocolEngine(command, timeout)
        self.name = command
        self.own_keys: frozenset[str] = frozenset()  # the engine's own keys in its last state
        # The reference judges the engine's replies with the same rules files (`conform --rules`).
        self.extra_rules = tuple(extra_rules)
        # The runner's own engine, which makes each scenario's state, checks it and traces the
        # rules a failed step broke: the compiled one gives the same answers at less cost.
        self.engine_kind = engine
        self.capabilities: dict[str, Any] = {}
        self.engine_info: dict[str, Any] = {}
        self._reference: InProcess | None = None
        self._planned: list[dict] = []  # the actions the runner will apply after the next start
        self._ahead: deque[dict] = deque()  # those of them sent with the start, not applied yet
        self._setup_checked: S.Scenario | None = None  # the runner set this scenario's game up already
        self._setup_built: Any = None  # that game, as the rules set it up (its cards are counted)
        # The last state known to be valid (sent, or returned and checked): the next reply's
        # equal parts need no second look.
        self._known: dict | None = None
        self._known_held: Counter | None = None  # the cards it holds, when counted (cards_held)
        # The cards of the game under way: no rule makes or destroys a card, it only moves
        # them, so every state the engine returns holds these (round 58's lying engines passed
        # with a card lost or made up wherever no expectation looked).
        self._cards: Counter | Callable[[], Counter | None] | None = None
        self._counted: frozenset = frozenset()  # the zones whose cards are counted (_counted_zones)
        self._card_problem: str | None = None  # a returned state's cards that are not the game's
        self._just_loaded = False  # the next state returned is the reply to a load: the state sent
        # The names the game of the scenario under way gives its zones and variables: a key of
        # the engine's own (a turn counter, a log) is set aside before a state is checked.
        self._names: tuple[frozenset, frozenset, frozenset, frozenset] | None = None
        self._upcoming: S.Scenario | None = None  # the scenario the runner plays next, if it said
        self._prepared: tuple[S.Scenario, dict] | None = None  # a next scenario's full state, made ahead
        # A next scenario sent ahead in full (its load and steps, once this one's replies were all
        # in): the scenario, its load request as sent, its steps, and what the engine wrote to
        # its standard error for the scenario before it.
        self._sent_next: tuple[S.Scenario, Message, list[dict]] | None = None
        self._stderr_before_next: str | None = None
        # A next scenario whose requests the engine died taking: the scenario, the request and
        # the fault, raised when that scenario starts.
        self._lost_next: tuple[S.Scenario, Message | None, EngineFault] | None = None
        # A fault met reading the replies to a failed scenario's steps sent ahead after it.
        self.fault_after: EngineFault | None = None
        # The keys of the states sent in a `load` and of those the engine returned (those at the
        # top, those of a player): a key it never returns fails only the expectations naming it,
        # so a run of passes can hide it (round 84's engine author passed 363 scenarios with
        # no `phase` in any state).
        self.keys_sent: tuple[set[str], set[str]] = (set(), set())
        self.keys_returned: tuple[set[str], set[str]] = (set(), set())
        # The protocol version of the first handshake (None: none succeeded), its claims, and
        # what a restarted process claimed otherwise, if one did.
        self.agreed: int | None = None
        self._claims: tuple[str, str, int] | None = None
        self.claims_changed: str | None = None

    def ensure(self) -> None:
        """Start the engine (and shake hands) unless it is running, or the next scenario's
        requests went out to it already: that scenario meets whatever became of them."""
        if self._sent_next is not None or self._lost_next is not None:
            return
        if not self.client.alive() or getattr(self.client, "hello", True) is None:
            hello = self.client.start()
            capabilities = hello.get("capabilities", {})
            info = hello.get("engine", {}) if isinstance(hello.get("engine"), dict) else {}
            claims = (json.dumps(capabilities, sort_keys=True), json.dumps(info, sort_keys=True), self.version)
            if self.agreed is None:
                # The first handshake's claims hold for the run: the engine the report names,
                # and what is compared (round 97's hostile engine claimed rule ids and events
                # in its first process only; the report named the last, and the summary said
                # neither was compared, though the first process's scenarios compared both).
                self.agreed, self._claims = self.version, claims
                self.capabilities, self.engine_info = capabilities, info
                if self.engine_info.get("name"):
                    self.name = printable(cut(f"{self.engine_info.get('name')} "
                                              f"{self.engine_info.get('version', '')}".strip(), 200))
            elif claims != self._claims and self.claims_changed is None:
                said = f"protocol {self.version}, " if self.version != self.agreed else ""
                self.claims_changed = (f"a restarted process of the engine shook hands otherwise than the first "
                                       f"({said}{printable(cut(claims[1], 200))}, "
                                       f"capabilities {printable(cut(claims[0], 300))}): the first "
                                       "handshake's claims are the run's; a restarted engine must be the same engine")

    def surplus(self) -> None:
        """At a scenario's end: a reply written twice to one of its requests, already waiting, is
        its fault (raised), not the next scenario's. Not while the next scenario's requests went
        out ahead: their replies are owed."""
        if self._sent_next is not None or self._lost_next is not None or self._ahead:
            return
        fault = getattr(self.client, "surplus_reply", lambda: None)()
        if fault is not None:
            raise fault

    def restart(self) -> None:
        """End the engine process; the next request starts a new one."""
        self._ahead.clear()
        self._sent_next = self._stderr_before_next = self._lost_next = None
        self.client.close()

    def will_apply(self, actions: list[dict]) -> None:
        """The runner's word that after the next `start` it applies these actions in this order
        (unless a step fails first): an engine that claims `pipelining` gets them with the start
        request, all at once, instead of one round trip each."""
        self._planned = list(actions)

    def will_run(self, sc: S.Scenario | None) -> None:
        """The runner's word that `sc` is the scenario after the one it starts next: the state
        its `load` sends is made while the engine works on this one's requests."""
        self._upcoming = sc

    def reuse_setup(self, sc: S.Scenario, engine: Engine, built: tuple) -> None:
        """The runner has set up the scenario's game on the reference already (its deck and
        setup checked): `start` does not do it again."""
        self._setup_checked, self._setup_built = sc, built

    def reference(self) -> InProcess:
        if self._reference is None:
            self._reference = InProcess(self.extra_rules, engine=self.engine_kind)
        return self._reference

    def reference_engine(self, sc: S.Scenario) -> Engine:
        return self.reference().engine(sc.modules)

    @property
    def checked(self):
        """The scenarios found to fit the rules before (the reference's: conformance/checked.py)."""
        return self.reference().checked

    @property
    def last_request(self) -> Message | None:
        return self.client.last_request

    @property
    def version(self) -> int:
        """The protocol version agreed with the engine (1 until a handshake says more)."""
        return getattr(self.client, "version", 1)

    def start(self, sc: S.Scenario) -> Message:
        from ..errors import ScenarioError
        try:
            started = self._start(sc)
        except ScenarioError as exc:
            if exc.file or not hasattr(sc, "error"):
                raise
            raise sc.error(exc.path, exc.message) from None
        self._send_next()  # a scenario without steps: all its replies are in already
        self._no_card_problem()
        return started

    def _no_card_problem(self) -> None:
        """A state the engine started from (a setup's or a load's reply) that holds other cards
        than the game: the scenario fails before its first step."""
        if self._card_problem is not None:
            problem, self._card_problem = self._card_problem, None
            raise EngineFault("failed", problem, self.client.stderr())

    def _start(self, sc: S.Scenario) -> Message:
        from . import scenario as S
        if hasattr(self.client, "owner"):
            self.client.owner = sc.id
        planned, self._planned = self._planned, []
        upcoming, self._upcoming = self._upcoming, None
        checked, self._setup_checked = self._setup_checked is sc, None
        built, self._setup_built = (self._setup_built if checked else None), None
        self._ahead.clear()
        self._known = None
        self._known_held = None
        self._cards = None
        self._card_problem = None
        self._just_loaded = False
        self._counted = _counted_zones(self.reference_engine(sc))
        self._names = _game_names(self.reference_engine(sc))
        self.fault_after = None
        sent, self._sent_next, self._stderr_before_next = self._sent_next, None, None
        lost, self._lost_next = self._lost_next, None
        if lost is not None and lost[0] is sc:
            # The engine died taking this scenario's requests, sent while the one before was
            # judged: its fault, as if they had been sent now.
            self.client.last_request = lost[1]
            raise lost[2]
        if sent is not None and sent[0] is sc and sent[2] == planned \
                and self.client.next_unanswered() is sent[1]:
            # Sent while the scenario before was judged: its replies are the next to come (an
            # engine that died on them meanwhile is this scenario's fault, not a fresh start).
            self._known = sent[1]["state"]
            self._cards = self._known_held = cards_held(self._known, self._counted)
            self._just_loaded = True
            self._ahead.extend(planned)
            self._prepare(upcoming)
            reply = self.client.receive(("ok",))
            _state_keys(self._known, self.keys_sent)
            return {"state": self._state(reply), "events": []}
        drain = getattr(self.client, "drain", None)
        if drain is not None:
            drain()  # replies to the last scenario's steps sent ahead, after it stopped early
        self.client.last_request = None
        mark = getattr(self.client, "mark", None)
        if mark is not None:
            mark()  # a process already running: its earlier output is not this scenario's
        self.ensure()
        if sc.setup is not None:
            ref = self.reference().engine(sc.modules)
            setup = sc.setup
            options = dict(setup.get("options") or {})
            if "beans" in setup:
                options["beans"] = setup["beans"]
            try:
                if not checked:
                    S.build_state(ref, sc)  # validates the scenario's deck before anything is sent
            except S.Refused:
                if sc.refused is None:
                    raise  # a setup the rules refuse is the scenario's bug unless it says so
            from ..execution.state import expand_cards
            request = {"type": "setup", "players": setup["players"], "deck": expand_cards(setup["deck"]),
                       "options": options, "modules": sc.modules}
            zones = S.setup_zones(setup)
            if zones:
                request["zones"] = zones
            if "board" in setup:
                request["board"] = setup["board"]  # a declared board's name or a map given inline
            # The game seats the players as the setup names them (the seating check of _checked),
            # and holds the cards the rules' own setup gives it.
            self._known = {"players": [{"name": n} for n in setup["players"]]}
            self._known_held = Counter()
            # (the game the runner set up already, when it did: not dealt a second time)
            self._cards = functools.partial(_set_up_cards, ref, sc, self._counted, built)
            # Version 2 lets an engine refuse a setup its rules do not allow, with the rule.
            version2 = getattr(self.client, "version", 1) >= 2
            reply = self._first(request, ("ok", "rejected") if version2 else ("ok",), planned, upcoming)
            if reply["type"] == "rejected":
                return {"rejected": True, "rule": _text_or_none(reply.get("rule")),
                        "reason": _text_or_none(reply.get("reason")) or ""}
            events = self._events(reply)
            return {"state": self._state(reply), "events": events}
        else:
            # The reference fills in the documented defaults: the engine always gets a full state.
            prepared, self._prepared = self._prepared, None
            full = prepared[1] if prepared is not None and prepared[0] is sc else self._full_state(sc)
            self._known = full
            self._cards = self._known_held = cards_held(full, self._counted)
            self._just_loaded = True
            reply = self._first({"type": "load", "state": full}, ("ok",), planned, upcoming)
            # (counted once loaded: a state the engine answered `unsupported` is no state it
            # was bound to return whole; round 90's outside engine was told NEVER RETURNED of
            # the keys of every module corner it declined)
            _state_keys(full, self.keys_sent)
            return {"state": self._state(reply), "events": []}

    def _first(self, request: Message, expect: tuple[str, ...], planned: list[dict],
               upcoming: S.Scenario | None) -> Message:
        """The reply to a scenario's start; an engine that claims `pipelining` is sent the
        `planned` steps right behind it, their replies read as the runner applies them, and
        while it works on them the `upcoming` scenario's state is made ready."""
        if not planned or self.capabilities.get("pipelining") is not True or not hasattr(self.client, "send"):
            return self.client.request(request, expect=expect)
        self._send_with_steps(request, planned)
        self._ahead.extend(planned)
        self._prepare(upcoming)
        return self.client.receive(expect)

    def _send_with_steps(self, request: Message, actions: list[dict]) -> Message:
        """Write a scenario's start request and an `apply` for each of its actions, without
        waiting; answers the start request as sent."""
        return self.client.send(request, *({"type": "apply", "action": action} for action in actions))

    def _prepare(self, upcoming: S.Scenario | None) -> None:
        """While the engine works: the next scenario's state (a scenario's own error is raised
        again, as its own, when it starts)."""
        if upcoming is not None and upcoming.setup is None:
            try:
                self._prepared = (upcoming, self._full_state(upcoming))
            except BohnspecError:
                pass

    def _send_next(self) -> None:
        """Every reply of the scenario under way is read: the next scenario's load and steps (its
        state made ready already) go out now, so that the engine plays them while the runner
        judges this one. The runner may yet not start it (not applicable, a broken scenario):
        then their replies are read and dropped like those of steps after a failing one. Asked
        after every reply the runner reads; does nothing until the last one is read. (Sending
        once they have merely arrived was tried: a fault while sending then lost replies still
        unread, and standard error written after a reply went to the next scenario.)"""
        if self._prepared is None or self._ahead or self.capabilities.get("pipelining") is not True \
                or not hasattr(self.client, "next_unanswered") or self.client.next_unanswered() is not None:
            return
        (sc, full), self._prepared = self._prepared, None
        self._stderr_before_next = self.client.stderr(since_mark=True)
        self.client.mark()
        actions = [step.action for step in sc.steps if step.action is not None]
        load = {"type": "load", "state": full}
        if hasattr(self.client, "owner"):
            self.client.owner = sc.id
        try:
            self._sent_next = (sc, self._send_with_steps(load, actions), actions)
        except EngineFault as exc:
            # The engine died taking the next scenario's requests: that is the next scenario's
            # fault when it starts (not this one's, whose replies are all in), as it would be
            # had they gone out one at a time; the scenario after it starts a new engine.
            self._sent_next = None
            self._lost_next = (sc, load, exc)  # the request it owes a reply to first
            self.client.close()

    def _full_state(self, sc: S.Scenario) -> dict:
        """The complete state a `load` sends for a scenario with a `state:`: the reference fills
        in the documented defaults (the engine always gets a full state)."""
        from . import scenario as S
        assert sc.state is not None  # a scenario has a `setup` or a `state` (scenario.schema.json)
        reference = self.reference()
        known = reference.checked is not None and sc in reference.checked
        return S.state_from_data(reference.engine(sc.modules), sc.state, sc.modules, validate=False,
                                 check=not known).to_json()

    def scenario_stderr(self) -> str:
        """What the engine wrote to its standard error since the scenario under way began (its
        last 4000 characters): shown with a `failed` verdict, as the engine's own account. The
        replies still owed to its steps sent ahead are read first: the account is of every
        request of the scenario the engine was sent, whatever the timing."""
        if self._stderr_before_next is not None:
            return self._stderr_before_next[-4000:]  # the next scenario's requests went out since
        drain = getattr(self.client, "drain", None)
        if drain is not None:
            self._ahead.clear()
            self.fault_after = drain()
        return self.client.stderr(since_mark=True)

    def load(self, state: dict) -> dict:
        """Load a complete state (--isolate: the reference's state before a step)."""
        reply = self.client.request({"type": "load", "state": state}, expect=("ok",))
        _state_keys(state, self.keys_sent)  # (once loaded, as a scenario's first state is)
        self._known = state
        self._cards = self._known_held = cards_held(state, self._counted) if self._counted else None
        self._just_loaded = True
        loaded = {"state": self._state(reply), "events": []}
        self._no_card_problem()
        return loaded

    def _state(self, previous: dict | None = None) -> dict:
        """The state after a request: from its reply if the engine sent it, else asked for;
        either way checked against state.schema.json."""
        if previous is not None and "state" in previous:
            return self._checked(previous["state"], f"the {previous.get('type')!r} reply's state")
        if previous is not None and self.capabilities.get("pipelining") is True:
            # The state after a request cannot be asked for once the next requests are sent.
            raise EngineFault("protocol-error", f"the {previous.get('type')!r} reply has no state: an engine that "
                                                "claims `pipelining` sends the resulting state with every reply to "
                                                "load, setup and apply (PROTOCOL.md)", self.client.stderr())
        reply = self.client.request({"type": "state"}, expect=("state",))
        if "state" not in reply:
            raise EngineFault("protocol-error", "the state reply has no state object", self.client.stderr())
        return self._checked(reply["state"], "the state reply's state")

    def _checked(self, state: Any, what: str) -> Message:
        """A state the engine returned, if it is one: a malformed state is a protocol error
        naming the bad field, not a confusing difference further on."""
        if self._names is not None and isinstance(state, dict):
            kept = without_own_keys(state, *self._names)
            # (their names, for a key the rules miss: `drawPile` beside a missing `draw_pile`)
            self.own_keys = _own_key_names(state, kept) if kept is not state else frozenset()
            state = kept
        if isinstance(state, dict):
            _state_keys(state, self.keys_returned)
        problem = state_problem(state, self._known)
        if problem:
            raise EngineFault("protocol-error", f"{what} is malformed: {problem}", self.client.stderr())
        if getattr(self.client, "compact", False) and self._names is not None:
            try:
                state = _expanded(state, self._names[0], self._names[1])
            except BohnspecError as exc:
                raise EngineFault("protocol-error", f"{what} is malformed: {exc}", self.client.stderr()) from None
        # Nobody joins, leaves or changes seats during a game: a reply that seats others would be
        # compared only where a scenario names a player (round 43's lying engine passed).
        seated = [p.get("name") for p in state["players"]]
        before = [p.get("name") for p in self._known["players"]] if isinstance(self._known, dict) and \
            isinstance(self._known.get("players"), list) else seated
        if seated != before:
            raise EngineFault("protocol-error", f"{what} seats {', '.join(map(str, seated))}, where the game seats "
                                                f"{', '.join(map(str, before))}: the players and their order never "
                                                "change during a game", self.client.stderr())
        if callable(self._cards):
            self._cards = self._cards()
        held = None
        if self._cards is not None:
            held = cards_held_after(self._known, self._known_held, state, self._counted)
            if not dict.__eq__(held, self._cards):  # (neither counts a card none times: compared in C)
                # (told as the step's failure, beside what its expectations find; a load's reply
                # is the state loaded, so there the places that differ are named)
                where = _zones_differing(self._known, state, self._counted) \
                    if self._just_loaded and isinstance(self._known, dict) else []
                left_out = _zone_keys_left_out(self._known, state, self._counted) \
                    if isinstance(self._known, dict) else []
                # (a key of the engine's own near a place left out, `discardPile` for `discard`:
                # round 84's second engine author was told of the cards only)
                near = "".join(_own_near(k, self.own_keys) for k in left_out)
                self._card_problem = (f"{what} holds other cards than the game: {_cards_changed(self._cards, held)}"
                                      + (f" (at {', '.join(where)})" if where else "")
                                      + (f"; it has no {', no '.join(left_out)} at all{near}: return the state "
                                         "complete, the empty places too (PROTOCOL.md, The state)"
                                         if left_out else "; cards are never made or destroyed in a game, only moved"))
        self._known, self._known_held = state, held
        self._just_loaded = False
        return state

    def _events(self, reply: dict) -> list:
        events = reply.get("events", [])
        if not isinstance(events, list) or not all(isinstance(e, dict) and isinstance(e.get("event"), str)
                                                   for e in events):
            raise EngineFault("protocol-error", f"{reply.get('type')}.events must be a list of objects with an "
                                                "`event` name", self.client.stderr())
        if getattr(self.client, "compact", False):
            # `"cards": ["blue*5"]` in an event, as a scenario may write it (round 62)
            try:
                events = [{k: expand_runs(v) for k, v in e.items()} for e in events]
            except BohnspecError as exc:
                raise EngineFault("protocol-error", f"{reply.get('type')}.events: {exc}",
                                  self.client.stderr()) from None
        return events

    def apply(self, action: dict) -> dict:
        if self._ahead and self._ahead[0] is action:
            self._ahead.popleft()
            reply = self.client.receive(("accepted", "rejected"))
        else:
            self._ahead.clear()
            reply = self.client.request({"type": "apply", "action": action}, expect=("accepted", "rejected"))
        state = self._state(reply)
        if reply["type"] == "rejected":
            out = {"accepted": False, "rule": _text_or_none(reply.get("rule")),
                   "reason": _text_or_none(reply.get("reason")) or "", "state": state}
        else:
            out = {"accepted": True, "events": self._events(reply), "state": state}
            if "events" not in reply:
                out["events_left_out"] = True  # told as such by the runner, when it compares events
        if self._card_problem is not None:
            out["problems"], self._card_problem = [self._card_problem], None
        self._send_next()
        return out

    def legal(self) -> tuple[list, bool]:
        """The engine's `legal` list of the state it holds (the capability `legal_actions`), and
        whether it says more follow (`"more": true`)."""
        self._ahead.clear()
        reply = self.client.request({"type": "legal"}, expect=("legal",))
        actions = reply.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, dict) for a in actions):
            raise EngineFault("protocol-error", "legal.actions: a list of actions (objects) is expected",
                              self.client.stderr())
        return actions, reply.get("more") is True

    def close(self) -> None:
        self.client.close(polite=True)
