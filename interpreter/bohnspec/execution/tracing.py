"""Change tracing: an action resolved by an interpreter of its own that records, for every
change of the state and every event, the declarations running when it happened. `judge` tells
a player what an action did and why from it; the conformance runner names the paragraphs
behind the part of a state an engine got wrong (deciding.py)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..language.model import Decl, Define, Node
from ..language.spec import Spec
from ..language.unparse import place
from ..errors import SpecRuntimeError
from .interpret import Engine, Env, Outcome, Shuffler, conjuncts
from .state import State

# A place a state lacks (a key added or removed), told apart from a value of none.
MISSING = object()


def changes(before: object, after: object, path: str = "") -> list[tuple[str, object, object]]:
    """(path, before, after) of every change between two canonical states; a player's part is
    named by the player (`players.Nina.fields`)."""
    out: list[tuple[str, object, object]] = []
    if isinstance(before, dict) and isinstance(after, dict):
        old, new = before, after
        if "players" in before and isinstance(before.get("players"), list):
            old = {**before, "players": {p["name"]: p for p in before["players"]}}
            new = {**after, "players": {p["name"]: p for p in after["players"]}}
        for k in sorted(set(old) | set(new), key=str):
            sub = f"{path}.{k}" if path else str(k)
            if k not in old:
                out.append((sub, MISSING, new[k]))
            elif k not in new:
                out.append((sub, old[k], MISSING))
            else:
                out.extend(changes(old[k], new[k], sub))
        return out
    if before != after:
        out.append((path, before, after))
    return out


def assigned_vars(x: Any, within_ifs: bool = True) -> set[str]:
    """The game variables the statements in `x` (a node, a block, a declaration's body) may set,
    those of `if` branches too unless `within_ifs` is off; not those of what they call."""
    out: set[str] = set()
    todo: list[Any] = [x]
    while todo:
        x = todo.pop()
        if isinstance(x, Node):
            if x.kind == "assign" and isinstance(x.args[0], tuple) and x.args[0][:1] == ("var",):
                out.add(x.args[0][1])
            if x.kind != "if" or within_ifs:
                todo.extend(x.args)
        elif isinstance(x, (list, tuple)):
            todo.extend(x)
    return out


def gave_something(value: Any) -> bool:
    """Whether a definition's value made a difference: not none, false or 0."""
    return value is not None and value is not False and value != 0


class Recorder:
    """Watches an action resolve: the state at every moment a declaration starts or ends or
    an event is emitted, so each change is put down to the declarations running when it was
    made; and the state at each combat (the cards lying face down are gone afterwards)."""

    def __init__(self) -> None:
        self.entries: list[tuple] = []  # ("change", path, before, after, frames) or ("event", index)
        self.snapshot: dict | None = None
        self.moments: list[tuple[int, State]] = []
        # The definitions evaluated since the last event or declaration entered, and those before
        # each combat event (by its index): the rules that made its values (a fortress's two, a
        # cannon's tie).
        self.defines: list[tuple[str, tuple, Any]] = []  # (name, text arguments, value)
        self.valued: dict[int, list[tuple[str, tuple, Any]]] = {}
        # Per declaration running (by its place): the definitions it evaluated that gave
        # something, so that a count an expansion sets (two farms: four cards turned up) is
        # named under the base game's procedure that used it.
        self.used: dict[str, list[str]] = {}
        self.running: dict[str, Decl] = {}
        # Per game variable an `if` may set in its own branches: for each time such an `if` ran,
        # how far its test got (_how_far: "none", "partly", "whole"). A conquest of a neutral
        # space fails the test of a player's last landscape at its first part (nobody lost
        # anything): no step towards that end, unlike a player losing one of several.
        self.guards: dict[str, list[str]] = {}
        # Every definition evaluated, whatever it gave: an end this game never reaches was asked
        # about (Bohnröschen's `pile_is_gone`, false), which judge tells.
        self.asked: set[str] = set()

    def checkpoint(self, env: Env) -> None:
        now = env.state.to_json()
        if self.snapshot is not None:
            for path, before, after in changes(self.snapshot, now):
                self.entries.append(("change", path, before, after, tuple(env.frames)))
        self.snapshot = now


class TracingEngine(Engine):
    """An interpreter of its own for one trace, built from the spec judged: it tells its
    recorder of every event and of every moment a declaration starts or ends, then runs the
    rules as the plain interpreter does. The engines `engine_for` hands out are cached and
    shared, so judge never patches one of them (a shared engine watched by one trace would
    report to it from every other user)."""

    def __init__(self, spec: Spec, recorder: Recorder) -> None:
        super().__init__(spec)
        self.recorder = recorder
        # The body of the definition without parameters that another replaced, by the name they
        # share: what it would have given tells whether the replacement made a difference.
        self._replaced_bodies: dict[str, Node] = {new.name: old.body for old, new in spec.replaced
                                                  if isinstance(new, Define) and isinstance(old, Define)
                                                  and old.params is None and old.body is not None}
        self._replaced_values: dict[str, Any] = {}  # each one's body, compiled when first asked

    def emit(self, env: Env, name: str, payload: dict, record: bool = True, source: tuple | None = None) -> None:
        self.recorder.checkpoint(env)
        if record:
            if name == "combat":
                self.recorder.moments.append((len(env.events), env.state.copy()))
                self.recorder.valued[len(env.events)] = list(self.recorder.defines)
            self.recorder.entries.append(("event", len(env.events)))
        self.recorder.defines.clear()
        super().emit(env, name, payload, record, source)

    def _call_define(self, env: Env, name: str, values: Iterable, node: Node | None) -> Any:
        values = list(values)
        value = super()._call_define(env, name, values, node)
        self.recorder.defines.append((name, tuple(v for v in values if isinstance(v, str)), value))
        self.recorder.asked.add(name)
        if env.frames and gave_something(value) and self._made_a_difference(env, name, value):
            frame = env.frames[-1]
            used = self.recorder.used.setdefault(place(frame.loc), [])
            if name not in used:
                used.append(name)
            self.recorder.running[place(frame.loc)] = frame
        return value

    def _made_a_difference(self, env: Env, name: str, value: Any) -> bool:
        """Whether a definition gave other than the one it replaced would have: a war game's
        draw_count for a player without a village is the base game's three, and Bohnaparte's
        village paragraph says nothing of that draw (round 85's player saw it cited for all)."""
        body = self._replaced_bodies.get(name)
        if body is None:
            return True
        evaluate = self._replaced_values.get(name)
        if evaluate is None:
            evaluate = self._replaced_values[name] = Engine.expr(self, body, frozenset())
        try:
            return evaluate(env) != value
        except SpecRuntimeError:
            return True

    def _s_if(self, node, scope):
        run = super()._s_if(node, scope)
        # Each `if` answers for what its own branches set; one nested in them, for its own.
        watched = [(assigned_vars(body, within_ifs=False), [self.expr(part, scope) for part in conjuncts(cond)])
                   for cond, body in node.args[0]]
        watched = [(names, parts) for names, parts in watched if names]
        if not watched:
            return run

        def traced_if(env):
            guards = TracingEngine._recorder(env).guards
            for names, parts in watched:
                got = _how_far(env, parts)
                for name in names:
                    guards.setdefault(name, []).append(got)
            run(env)
        return traced_if

    # Static as the interpreter's are: the recorder is that of the engine the environment runs
    # on, this one (an action's environment is made by the engine that applies it).
    @staticmethod
    def _enter(env: Env, decl: object) -> None:
        recorder = TracingEngine._recorder(env)
        recorder.checkpoint(env)
        recorder.defines.clear()  # what the action's checks or an earlier step evaluated gave no value
        Engine._enter(env, decl)

    @staticmethod
    def _leave(env: Env) -> None:
        TracingEngine._recorder(env).checkpoint(env)
        Engine._leave(env)

    @staticmethod
    def _recorder(env: Env) -> Recorder:
        engine = env.engine
        assert isinstance(engine, TracingEngine), "a traced action runs on its tracing engine"
        return engine.recorder


def _how_far(env: Env, parts: list) -> str:
    """How far a test got: "none" when its first part fails, "partly" when a later one does,
    "whole" when it holds (the rules' expressions change nothing, so asking them before the
    `if` runs leaves the action as it was); one that cannot be evaluated counts as "partly"."""
    for k, part in enumerate(parts):
        try:
            if not part(env):
                return "partly" if k else "none"
        except SpecRuntimeError:
            return "partly"
    return "whole"


def traced_apply(engine: Engine, state: State, action: dict,
                 shuffler: Shuffler | None = None) -> tuple[Outcome, Recorder]:
    """The outcome of a legal action, resolved by an interpreter of its own that records it.
    The tracing interpreter of a spec is built once (building one costs as much as some
    hundred actions, and the runner traces every failing step) and given a new recorder."""
    rec = Recorder()
    tracer = _TRACERS.get(id(engine.spec))
    if tracer is None or tracer.spec is not engine.spec:
        if len(_TRACERS) >= 16:
            _TRACERS.clear()
        tracer = _TRACERS[id(engine.spec)] = TracingEngine(engine.spec, rec)
    tracer.recorder = rec
    return tracer.apply(state, action, shuffler=shuffler), rec


# id(spec) -> its tracing interpreter (the spec is checked too: an id may be reused).
_TRACERS: dict[int, TracingEngine] = {}
