"""The JSON-lines conformance protocol: message shapes, the reference server, and the client
that drives an outside engine with timeouts, restarts and verdicts (conformance/PROTOCOL.md).
"""

from __future__ import annotations

import atexit
import json
import os
import selectors
import signal
import shlex
import subprocess
import sys
import tempfile
import time

from .. import __version__
from ..errors import ActionError, BohnspecError, ScenarioError
from .inprocess import InProcess

PROTOCOL_VERSION = 1


class EngineFault(Exception):
    """The engine under test misbehaved; `verdict` says how (errored, timeout, protocol-error)."""

    def __init__(self, verdict: str, message: str, stderr: str = ""):
        self.verdict = verdict
        self.stderr = stderr
        super().__init__(message)


# ------------------------------------------------------------ the reference server

def serve(stdin=None, stdout=None) -> int:
    """Answer protocol requests on stdin with the reference interpreter until `bye` or EOF."""
    from . import scenario as S
    from ..execution.interpret import Engine
    from ..execution.interpret import engine_for as reference_engine

    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    current = {"engine": None, "state": None}
    from ..language.spec import parse_files, spec_files
    known_modules = sorted({d.module for f in parse_files(spec_files()) for d in f.decls if d.module})

    def engine_for(modules) -> Engine:
        key = frozenset(modules or ["base"])
        unknown = sorted(key - set(known_modules))
        if unknown:
            raise ActionError(f"unknown module(s) {', '.join(unknown)}; this engine implements "
                              f"{', '.join(known_modules)}")
        return reference_engine(key)

    def reply(msg):
        stdout.write(json.dumps(msg, separators=(",", ":")) + "\n")
        stdout.flush()

    for line in stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
        except json.JSONDecodeError as exc:
            reply({"id": None, "type": "error", "message": f"not JSON: {exc.msg}"})
            continue
        except RecursionError:
            reply({"id": None, "type": "error", "message": "a request nested too deep"})
            continue
        if not isinstance(req, dict):
            reply({"id": None, "type": "error", "message": "a request is a JSON object"})
            continue
        rid, kind = req.get("id"), req.get("type")
        if not isinstance(rid, int) or isinstance(rid, bool) or not isinstance(kind, str):
            reply({"id": rid if isinstance(rid, int) and not isinstance(rid, bool) else None, "type": "error",
                   "message": "a request needs an integer `id` and a `type` (conformance/PROTOCOL.md)"})
            continue
        try:
            if kind == "hello":
                reply({"id": rid, "type": "hello", "protocol": PROTOCOL_VERSION,
                       "engine": {"name": "bohnspec", "version": __version__, "language": "python"},
                       "capabilities": {"modules": known_modules, "rule_ids": True, "events": True,
                                        "legal_actions": True}})
            elif kind == "load":
                data = req.get("state")
                if not isinstance(data, dict):
                    raise ScenarioError("", "state", "load needs a state object")
                errors = S.schema_errors(data, "state.schema.json")
                if errors:
                    raise ScenarioError("", "state" + ("." + errors[0][0] if errors[0][0] != "(top level)" else ""),
                                        errors[0][1])
                eng = engine_for(data.get("modules"))
                current["engine"], current["state"] = eng, S.state_from_data(eng, data, data.get("modules", ["base"]))
                reply({"id": rid, "type": "ok", "state": current["state"].to_json()})
            elif kind == "setup":
                eng = engine_for(req.get("modules"))
                state, events = S.new_game(eng, req.get("players"), req.get("deck"), req.get("options") or {},
                                           req.get("zones") or {}, req.get("modules") or ["base"], req.get("board"))
                current["engine"], current["state"] = eng, state
                reply({"id": rid, "type": "ok", "events": events, "state": state.to_json()})
            elif kind == "apply":
                eng, state = _loaded(current)
                outcome = eng.apply(state, req.get("action"))
                current["state"] = outcome.state
                if outcome.rejection is not None:
                    reply({"id": rid, "type": "rejected", "rule": outcome.rejection.rule,
                           "reason": outcome.rejection.reason, "state": outcome.state.to_json()})
                else:
                    reply({"id": rid, "type": "accepted", "events": outcome.events,
                           "state": outcome.state.to_json()})
            elif kind == "state":
                _, state = _loaded(current)
                reply({"id": rid, "type": "state", "state": state.to_json()})
            elif kind == "legal":
                from ..execution.play import legal_actions
                eng, state = _loaded(current)
                reply({"id": rid, "type": "legal", "actions": legal_actions(eng, state)})
            elif kind == "bye":
                reply({"id": rid, "type": "bye"})
                return 0
            else:
                reply({"id": rid, "type": "error", "message": f"unknown request type {kind!r}"})
        except BohnspecError as exc:
            reply({"id": rid, "type": "error", "message": str(exc)})
        except Exception as exc:  # a malformed request must get an answer, never end the server
            reply({"id": rid, "type": "error", "message": f"malformed {kind!r} request ({type(exc).__name__}: {exc})"})
    return 0


def _loaded(current):
    if current["state"] is None:
        raise ActionError("no state loaded: send `load` or `setup` first")
    return current["engine"], current["state"]


# ------------------------------------------------------------ the client

class ProtocolEngine:
    """Drives one outside engine process. Every fault becomes an EngineFault; never hangs."""

    def __init__(self, command: str, timeout: float = 5.0, cwd: str | None = None):
        self.command = command
        self.timeout = timeout
        self.cwd = cwd
        self.proc: subprocess.Popen | None = None
        self.hello: dict | None = None
        self._next_id = 0
        self._buffer = b""
        self._stderr = None
        self._selector = None
        self.last_request: dict | None = None

    # -- process
    def start(self) -> dict:
        self.close()
        argv = engine_argv(self.command)
        self._stderr = tempfile.TemporaryFile()
        try:
            # Its own process group: bohnspec ends the engine and whatever it started, and a
            # Ctrl-C meant for bohnspec reaches bohnspec alone, which then stops the engine.
            self.proc = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=self._stderr, cwd=self.cwd, bufsize=0, start_new_session=True,
            )
        except OSError as exc:
            raise BohnspecError(f"cannot start the engine {self.command!r}: {exc.strerror or exc}") from None
        _LIVE.add(self.proc)
        os.set_blocking(self.proc.stdout.fileno(), False)
        self._buffer = b""
        reply = self.request({"type": "hello", "protocol": PROTOCOL_VERSION, "suite": f"bohnspec {__version__}"},
                             expect=("hello",))
        caps = reply.get("capabilities")
        if not isinstance(caps, dict) or not isinstance(caps.get("modules"), list):
            raise EngineFault("protocol-error", "the hello reply has no capabilities.modules list", self.stderr())
        self.hello = reply
        return reply

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stderr(self, limit: int = 4000) -> str:
        if self._stderr is None:
            return ""
        try:
            self._stderr.seek(0)
            data = self._stderr.read()
        except (OSError, ValueError):
            return ""
        return data.decode("utf-8", "replace")[-limit:]

    def close(self, polite: bool = False) -> None:
        if self._selector is not None:
            self._selector.close()
            self._selector = None
        proc, self.proc = self.proc, None
        if proc is None:
            return
        try:
            if polite and proc.poll() is None:
                try:
                    self._send(proc, {"id": 0, "type": "bye"})
                    proc.wait(timeout=1)
                except (OSError, subprocess.TimeoutExpired):
                    pass
        finally:
            _kill(proc)

    @staticmethod
    def _send(proc, msg) -> None:
        proc.stdin.write((json.dumps(msg, separators=(",", ":")) + "\n").encode())
        proc.stdin.flush()

    # -- requests
    def request(self, msg: dict, expect: tuple[str, ...]) -> dict:
        if not self.alive():
            raise EngineFault("errored", f"the engine is not running (exit code {self._exit_code()})", self.stderr())
        self._next_id += 1
        msg = {"id": self._next_id, **msg}
        self.last_request = msg
        try:
            self._send(self.proc, msg)
        except (BrokenPipeError, OSError):
            raise EngineFault("errored", f"the engine closed its input (exit code {self._exit_code()})",
                              self.stderr()) from None
        line = self._read_line(msg["type"])
        try:
            reply = json.loads(line)
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise EngineFault("protocol-error", f"the engine printed something that is not a protocol "
                                                f"message: {line[:200]!r}", self.stderr()) from None
        except RecursionError:
            raise EngineFault("protocol-error", f"the reply to {msg['type']!r} is nested too deep to read",
                              self.stderr()) from None
        if not isinstance(reply, dict) or reply.get("id") != msg["id"]:
            raise EngineFault("protocol-error", f"expected a reply with id {msg['id']}, got {line[:200]!r}",
                              self.stderr())
        if reply.get("type") == "error":
            raise EngineFault("errored", f"the engine answered {msg['type']!r} with an error: "
                                         f"{reply.get('message', '')}", self.stderr())
        if reply.get("type") not in expect:
            raise EngineFault("protocol-error", f"expected a reply of type {' or '.join(expect)} to "
                                                f"{msg['type']!r}, got {reply.get('type')!r}", self.stderr())
        return reply

    def _exit_code(self):
        return self.proc.poll() if self.proc is not None else None

    def _read_line(self, what: str) -> bytes:
        deadline = time.monotonic() + self.timeout
        if self._selector is None:
            self._selector = selectors.DefaultSelector()
            self._selector.register(self.proc.stdout, selectors.EVENT_READ)
        while b"\n" not in self._buffer:
            try:
                chunk = self.proc.stdout.read(65536)
            except BlockingIOError:
                chunk = None
            if chunk is None:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise EngineFault("timeout", f"no reply to {what!r} within {self.timeout:g}s "
                                                 "(raise --timeout if the engine is just slow)", self.stderr())
                self._selector.select(timeout=left)
                continue
            if not chunk:
                try:
                    code = self.proc.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    code = None
                raise EngineFault("errored", f"the engine exited (code {code}) before answering {what!r}",
                                  self.stderr())
            self._buffer += chunk
            if len(self._buffer) > 64 * 1024 * 1024:
                raise EngineFault("protocol-error", "a reply longer than 64 MiB", self.stderr())
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line


# ------------------------------------------------------------ engine processes

# Every engine process started and not yet ended: none outlives bohnspec (see end_all_engines).
_LIVE: "set[subprocess.Popen]" = set()


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


class ProtocolAdapter:
    """Runner adapter for an outside engine: one process, restarted after any fault."""

    def __init__(self, command: str, timeout: float = 5.0):
        self.client = ProtocolEngine(command, timeout)
        self.name = command
        self.capabilities: dict = {}
        self.engine_info: dict = {}
        self._reference = None

    def ensure(self):
        if not self.client.alive():
            hello = self.client.start()
            self.capabilities = hello.get("capabilities", {})
            self.engine_info = hello.get("engine", {}) if isinstance(hello.get("engine"), dict) else {}
            if self.engine_info.get("name"):
                self.name = f"{self.engine_info.get('name')} {self.engine_info.get('version', '')}".strip()

    def restart(self):
        self.client.close()

    def reference(self):
        if self._reference is None:
            self._reference = InProcess()
        return self._reference

    def reference_engine(self, sc):
        return self.reference().engine(sc.modules)

    @property
    def last_request(self):
        return self.client.last_request

    def start(self, sc) -> dict:
        from ..errors import ScenarioError
        try:
            return self._start(sc)
        except ScenarioError as exc:
            if exc.file or not hasattr(sc, "error"):
                raise
            raise sc.error(exc.path, exc.message) from None

    def _start(self, sc) -> dict:
        from . import scenario as S
        self.client.last_request = None
        self.ensure()
        if sc.setup is not None:
            ref = self.reference().engine(sc.modules)
            setup = sc.setup
            options = dict(setup.get("options") or {})
            if "beans" in setup:
                options["beans"] = setup["beans"]
            S.build_state(ref, sc)  # validates the scenario's deck before anything is sent
            from ..execution.state import expand_cards
            request = {"type": "setup", "players": setup["players"], "deck": expand_cards(setup["deck"]),
                       "options": options, "modules": sc.modules}
            zones = S.setup_zones(setup)
            if zones:
                request["zones"] = zones
            if "board" in setup:
                request["board"] = setup["board"]  # a declared board's name or a map given inline
            reply = self.client.request(request, expect=("ok",))
            events = reply.get("events", [])
            return {"state": self._state(reply), "events": events}
        else:
            # The reference fills in the documented defaults: the engine always gets a full state.
            ref = self.reference().engine(sc.modules)
            full = S.state_from_data(ref, sc.state, sc.modules, validate=False).to_json()
            reply = self.client.request({"type": "load", "state": full}, expect=("ok",))
            return {"state": self._state(reply), "events": []}

    def _state(self, previous: dict | None = None) -> dict:
        """The state after a request: from its reply if the engine sent it, else asked for."""
        if previous is not None and "state" in previous:
            if not isinstance(previous["state"], dict):
                raise EngineFault("protocol-error", "a reply's state must be an object", self.client.stderr())
            return previous["state"]
        reply = self.client.request({"type": "state"}, expect=("state",))
        if not isinstance(reply.get("state"), dict):
            raise EngineFault("protocol-error", "the state reply has no state object", self.client.stderr())
        return reply["state"]

    def apply(self, action: dict) -> dict:
        reply = self.client.request({"type": "apply", "action": action}, expect=("accepted", "rejected"))
        state = self._state(reply)
        if reply["type"] == "rejected":
            return {"accepted": False, "rule": reply.get("rule"), "reason": reply.get("reason", ""), "state": state}
        events = reply.get("events", [])
        if not isinstance(events, list):
            raise EngineFault("protocol-error", "accepted.events must be a list", self.client.stderr())
        return {"accepted": True, "events": events, "state": state}

    def close(self):
        self.client.close(polite=True)
