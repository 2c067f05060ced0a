"""The checked rules model -> Python source: one function per expression or block the
reference interpreter would compile into closures (an action's timing and requirements, its
effect, each definition, procedure, handler, phase, end rule, vine or landscape condition),
and the hot path of an action written out whole (`pipeline`: per action its check and its run,
per event its vine tasks and handlers, per phase its entry, `goto next`).

The source is generated only from the model's structure: every Python name in it is the
generator's own (`r12`, `t3`, `v7`, `d4_fits`: a prefix, a number and, for reading, a checked
identifier that matches `[A-Za-z_][A-Za-z0-9_]*`), every literal is written with `repr`, and
every other value (a location, a declaration, a builtin, the engine) is a constant handed in
at run time (`K`), never spliced as text. No text of a rules file is ever evaluated.

Each function does what the reference closure does, in the same order (docs/LANGUAGE.md,
"Evaluation order"): operands left to right, `and`/`or`/quantifiers stopping at the first
item that decides, one step of the budget per statement and loop round, a builtin's error
located at its call (its arguments included). The rules' variables (`let`, loops,
quantifiers, parameters of definitions and procedures) are Python locals; those the engine
hands a function (an action's parameters, an event's keys) are read from `env.locals`. A
`require` in a setup and a call with the wrong number of arguments (which the checker refuses)
run the reference closure itself, handed the locals it reads.

What costs a call is spared where the result is the same: a small definition is written out
where it is read or called (with the depth check its call would make, left out where the
depth is known to be 0), and so is a small procedure (its depth and declaration kept as its
call keeps them); the builtins' common cases (a zone, a field of a player, a card
reference) are written out or call what the builtin calls. An action's check and run read its
parameters from env.locals once, knowing the class their decoding gives them, and look up the
players they name once; a zone is always a list and a size an int, so a test of their class is
answered when the source is written (the branch it rules out compiles to nothing). A source
made for the accelerator (`accelerated`) tests a value's class with isinstance and declares the
dicts it reads (C calls for Cython); the plain one tests the class itself (fastest for CPython).

The module defines `build(K)`, which returns the root functions in the order they were asked
for and the pipeline's functions by name; execution/compiled.py compiles it once per source
(cached by its hash) and binds it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import NoReturn

from . import builtins as B
from .interpret import MAX_CALL_DEPTH
from ..errors import SpecRuntimeError
from ..language.model import Node
from ..language.names import Resolver
from ..language.unparse import unparse

# The most nodes a definition with parameters, or a procedure, may have to be written out where
# it is called.
_INLINE_NODES = 60
# The most nodes a definition written out may bring with the definitions written out in it.
_INLINE_EXPANDED = 400
_EXPANDED_CAP = 10 ** 6
_INLINE_PROCEDURE_NODES = 40
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_LITERALS = (int, str, bool, type(None))
# The fields of the state a name may read (or, for the first two, set): Python's own names,
# never the rules' spelling of them.
_STATE_FIELDS = {"active": "active", "starting_player": "starting_player", "phase": "phase", "over": "over"}
_USES_L = re.compile(r"\bL\b")
_USES_S = re.compile(r"\bS\b")
# A function's own names for the state's variables (`v0`, S.vars bound once) and for the budget
# left after a step (`t0`); the generator's other names start at 1.
_USES_VARS = re.compile(r"\bv0\b")


def safe_name(prefix: str, number: int, ident: str = "") -> str:
    """A Python name for a generated function: the prefix and number make it unique; a
    checked identifier is appended (for tracebacks) only if it is a plain ASCII identifier."""
    tail = f"_{ident}" if ident.isascii() and _IDENT.match(ident or "-") else ""
    name = f"{prefix}{number}{tail}"
    assert _IDENT.match(name)
    return name


def literal(value: object) -> str:
    if type(value) not in _LITERALS:
        raise TypeError(f"not a literal: {value!r}")
    return repr(value)


class _Body:
    """The lines of one generated function, with its indentation and temporaries."""

    def __init__(self, gen: Generator, indent: int = 1):
        self.gen = gen
        self.lines: list[str] = []
        self.level = indent

    def line(self, text: str) -> None:
        self.lines.append("    " * self.level + text)

    @contextmanager
    def indent(self) -> Iterator[None]:
        self.level += 1
        try:
            yield
        finally:
            self.level -= 1

    def fork(self) -> _Body:
        return _Body(self.gen, self.level)

    def join(self, other: _Body) -> None:
        self.lines.extend(other.lines)

    def tmp(self) -> str:
        return self.gen.tmp()


class Generator:
    """Generates the Python source of one Spec's rules. `engine` is the engine the functions
    will serve (its reference closures back the rare statements)."""

    def __init__(self, spec, names: Resolver | None = None, accelerated: bool = False):
        self.spec = spec
        self.accelerated = accelerated  # the source is for Cython (see _is)
        self.names = names or Resolver(spec)
        self.consts: list[tuple] = []  # recipes of the constants K: ("value", v), ("ref_stmt", node, scope)
        self._const_ids: dict[int, str] = {}
        self._tmp = 0
        self.functions: list[str] = []  # source of each function, nested in build()
        self.roots: list[str] = []  # the names build() returns, in order
        self._defines: dict[str, str] = {}
        self._procedures: dict[str, str] = {}
        self._attr_tables: dict[object, str] = {}
        self._emitters: dict[str, str] = {}
        self._phase_entries: dict[str, str] = {}
        self._inlined = 0  # definitions being written out where they are read, around this point
        self._procs_here: list[str] = []  # procedures being written out where they are called
        self._depth_zero = False  # whether the code being written runs at call depth 0
        # In an action's check and run, its parameters bound to Python locals once: the class
        # each one has by its decoding (its name -> "str", "list", "FieldRef"), and the players
        # looked up once (`S.player(x)` for an expression x -> the name of the local holding it).
        self._known: dict[str, str] = {}
        self._players: dict[str, str] = {}
        self.extras: dict[str, str] = {}  # "check:ACTION", "apply:ACTION", "emit:EVENT" -> function
        self._fields_zone = next((z.name for z in spec.zones.values() if z.kind == "fields"), "fields")
        self._engine = self.const(("engine",))
        for i, name in enumerate(spec.defines):
            self._defines[name] = safe_name("d", i, name)
        for i, name in enumerate(spec.procedures):
            self._procedures[name] = safe_name("p", i, name)
        for name, d in spec.defines.items():
            self._define_function(name, d)
        for name, p in spec.procedures.items():
            self._procedure_function(name, p)

    # ------------------------------------------------------------ constants and names
    def const(self, recipe: tuple) -> str:
        self.consts.append(recipe)
        return f"k{len(self.consts) - 1}"

    def value(self, obj: object) -> str:
        """A constant for an object (a location, a declaration, a function), shared by identity."""
        key = id(obj)
        if key not in self._const_ids:
            self._const_ids[key] = self.const(("value", obj))
        return self._const_ids[key]

    def loc(self, node: Node) -> str:
        return self.value(node.loc)

    def tmp(self) -> str:
        self._tmp += 1
        return f"t{self._tmp}"

    def var(self) -> str:
        """A Python local for a variable of the rules (`let`, a loop or quantifier variable)."""
        self._tmp += 1
        return f"v{self._tmp}"

    # ------------------------------------------------------------ roots
    def expr_root(self, node: Node, scope: frozenset) -> str:
        """A function env -> value for an expression; returns its name."""
        name = safe_name("r", len(self.roots))
        body = _Body(self, 1)
        result = self.expr(node, _from_env(scope), body)
        body.line(f"return {result}")
        self._function(name, "env", body)
        self.roots.append(name)
        return name

    def all_root(self, parts: Sequence[Node], scope: frozenset) -> str:
        """A function env -> whether every part holds: True, False at the first that does not,
        or None when none fails but some could not be evaluated out of their published place
        (a SpecRuntimeError: the full check decides); returns its name."""
        name = safe_name("a", len(self.roots))
        body = _Body(self, 1)
        names = _from_env(scope)
        body.line("sure = True")
        for part in parts:
            body.line("try:")
            with body.indent():
                result = self.test(part, names, body)
                body.line(f"if not ({result}):")
                body.line("    return False")
            body.line("except SpecRuntimeError:")
            body.line("    sure = False")
        body.line("return True if sure else None")
        self._function(name, "env", body)
        self.roots.append(name)
        return name

    def enabled_root(self, groups: Sequence[Node | None], kinds: Sequence[tuple], unasked: object) -> str:
        """A function (env, names, ask) -> the (action type, player) pairs whose timing allows
        them, as moves.enabled answers; returns its name. `groups`: the condition each group
        of action types shares (None: none); `kinds`: per action type (type, actor, its group
        or -1 to `ask` the engine, the condition naming the actor or None, the expression a
        `when actor == X` pins the actor to or None, the scope). A group's condition is asked
        once, when its first action type comes; one that cannot be evaluated out of its
        published place (`unasked`) leaves its action types to `ask(type, names)`."""
        name = safe_name("e", len(self.roots))
        out = _Body(self, 1)
        no = self.value(unasked)
        out.line("env.locals = L = {}")
        out.line("found = []")
        for g in range(len(groups)):
            out.line(f"g{g} = None")
        for kind, actor, group, bound, pin, scope in kinds:
            local = _from_env(scope)
            kind_lit = literal(kind)
            if group < 0:
                out.line(f"found.extend(ask({kind_lit}, names))")
                continue
            flag = f"g{group}"
            if groups[group] is None:
                out.line(f"{flag} = True")
            else:
                out.line(f"if {flag} is None:")
                with out.indent():
                    out.line("try:")
                    with out.indent():
                        result = self.test(groups[group], local, out)
                        out.line(f"{flag} = True if {result} else False")
                    out.line("except SpecRuntimeError:")
                    out.line(f"    {flag} = {no}")
                out.line(f"if {flag} is {no}:")
                out.line(f"    found.extend(ask({kind_lit}, names))")
            out.line(f"elif {flag}:")
            with out.indent():
                if bound is None:
                    out.line(f"found.extend([({kind_lit}, x) for x in names])")
                    continue
                who = "names"
                if pin is not None:
                    who = self.tmp()
                    out.line(f"{who} = names")
                    out.line("try:")
                    with out.indent():
                        one = self.settle(self.expr(pin, local, out), out)
                        out.line(f"{who} = [{one}] if {one} in names else []")
                    out.line("except SpecRuntimeError:")
                    out.line("    pass")
                out.line(f"for x in {who}:")
                with out.indent():
                    out.line(f"L[{literal(actor)}] = x")
                    result = self.test(bound, local, out)
                    out.line(f"if {result}:")
                    out.line(f"    found.append(({kind_lit}, x))")
                out.line("L.clear()")
        out.line("env.locals = {}")
        out.line("return found")
        self._function(name, "env, names, ask", out)
        self.roots.append(name)
        return name

    def invariants_root(self, invariants: Sequence[tuple[Node, str | None]]) -> str:
        """A function (env, names, budget) -> None when every invariant holds, else the first
        that does not as (its index, the seat of the player it fails for or -1), in the order
        the consistency check asks them (scenario.check_consistency, which says why): each
        (condition, the variable bound to every player in turn or None) with the whole budget,
        one that fails to evaluate counting as broken. Returns its name."""
        name = safe_name("i", len(self.roots))
        out = _Body(self, 1)
        out.line("env.locals = L = {}")

        def ask(cond: Node, var: str | None, failed: str) -> None:
            out.line("env.fuel = budget")
            out.line("try:")
            with out.indent():
                result = self.test(cond, _from_env([var] if var else []), out)
                out.line(f"if not ({result}):")
                out.line(f"    return {failed}")
            out.line("except SpecRuntimeError:")
            out.line(f"    return {failed}")
        for i, (cond, var) in enumerate(invariants):
            if var is None:
                ask(cond, None, f"({i}, -1)")
                continue
            out.line("for seat, x in enumerate(names):")
            with out.indent():
                out.line(f"L[{literal(var)}] = x")
                ask(cond, var, f"({i}, seat)")
            out.line("L.clear()")
        out.line("env.locals = {}")
        out.line("return None")
        self._function(name, "env, names, budget", out)
        self.roots.append(name)
        return name

    def block_root(self, stmts: Sequence[Node], scope: frozenset) -> str:
        """A function env -> None running a block of statements; returns its name."""
        name = safe_name("b", len(self.roots))
        body = _Body(self, 1)
        self.block(stmts, _from_env(scope), body)
        self._function(name, "env", body)
        self.roots.append(name)
        return name

    def _function(self, name: str, params: str, body: _Body, prologue=(), binds: Sequence[tuple[str, str]] = ()):
        text = "\n".join(body.lines)
        # `binds`: (a local, the line binding it), in order, kept if the body (or a later kept
        # line) reads the local.
        kept: list[str] = []
        for local, line in reversed(binds):
            if re.search(rf"\b{local}\b", text + "\n" + "\n".join(kept)):
                kept.insert(0, line)
        text = "\n".join([*kept, text])
        head = [f"def {name}({params}):", *("    " + p for p in prologue)]
        if _USES_L.search(text):
            head.append(f"    L{': dict' if self.accelerated else ''} = env.locals")
        head.extend("    " + x for x in self._state_lines(text))
        head.extend("    " + x for x in kept)
        lines = [*head, *body.lines]
        if len(lines) == len(head):
            lines.append("    pass")
        self.functions.append("\n".join(lines))

    def _expanded(self, name: str) -> int:
        """How many nodes a definition's body has with every definition it reads written out in
        it, and theirs in turn (capped): written out where they are read, definitions that each
        read the one before twice would double the source at every link."""
        memo: dict[str, int] = self.__dict__.setdefault("_expanded_memo", {})
        if name in memo:
            return memo[name]
        memo[name] = _EXPANDED_CAP  # a definition reading itself (the checker refuses it) is never small
        total, stack = 0, [self.spec.defines[name].body]
        while stack and total < _EXPANDED_CAP:
            n = stack.pop()
            if n is None:
                continue
            total += 1
            if n.kind in ("name", "call") and n.args[0] in self.spec.defines:
                total += self._expanded(n.args[0])
            stack.extend(n.children())
        memo[name] = min(total, _EXPANDED_CAP)
        return memo[name]

    def _leaf(self, name: str, visiting: frozenset = frozenset()) -> bool:
        """Whether a definition without parameters may be written out where it is read: its
        body reads no locals (no quantifier, no `reach`), calls no builtin that evaluates rules
        of its own and reads no definition but such leaves; and, written out with them, stays
        small."""
        d = self.spec.defines[name]
        if d.params is not None or name in visiting or self._expanded(name) > _INLINE_EXPANDED:
            return False
        stack = [d.body]
        while stack:
            n = stack.pop()
            if n.kind in ("quant", "reach"):
                return False
            if n.kind == "call" and (n.args[0] in self.spec.defines or n.args[0] in ("task_holds", "task_claimable")):
                return False
            if n.kind == "name" and n.args[0] in self.spec.defines and not self._leaf(n.args[0], visiting | {name}):
                return False
            stack.extend(n.children())
        return True

    def _inline_call(self, name: str, visiting: frozenset = frozenset()) -> bool:
        """Whether a definition with parameters may be written out where it is called: a small
        body that reads no definition but those written out too (so that no call inside it
        counts the depth from the wrong level), calls no builtin that evaluates rules of its
        own, and has no `reach`."""
        d = self.spec.defines[name]
        if d.params is None or name in visiting or self._expanded(name) > _INLINE_EXPANDED:
            return False
        visiting = visiting | {name}
        stack, size = [d.body], 0
        while stack:
            n = stack.pop()
            size += 1
            if size > _INLINE_NODES or n.kind == "reach":
                return False
            if n.kind == "call" and n.args[0] in ("task_holds", "task_claimable"):
                return False
            if n.kind == "call" and n.args[0] in self.spec.defines and (
                    len(n.args[1]) != len(self.spec.defines[n.args[0]].params or ())
                    or not self._inline_call(n.args[0], visiting)):
                return False
            if n.kind == "name" and n.args[0] in self.spec.defines and not self._leaf(n.args[0], visiting):
                return False
            stack.extend(n.children())
        return True

    def _inline(self, name: str, scope: dict, node: Node, out: _Body) -> str:
        """A definition's body written out where it is read (`scope`: its parameters), with the
        depth check its call would make: one level deeper for each written out around it.
        Where the depth is known to be 0 (an action's check and run, the end of the game) the
        check cannot fail and is left out."""
        if not (self._depth_zero and self._inlined < MAX_CALL_DEPTH):
            out.line(f"if env.depth >= {MAX_CALL_DEPTH - self._inlined}:")
            out.line(f"    nest_fail({self.loc(node)}, 'definitions')")
        _burn(out, self.loc(node))  # a step for each evaluation, as its call would spend
        self._inlined += 1
        try:
            return self.settle(self.expr(self.spec.defines[name].body, scope, out), out)
        finally:
            self._inlined -= 1

    def _define_function(self, name: str, d):
        """A definition called with arguments: one level deeper, then its body (what
        Engine._call_define does; its parameters are the function's)."""
        params = d.params or ()
        args = [f"a{i}" for i in range(len(params))]
        body = _Body(self, 2)
        # A step of the budget for each evaluation (Engine._call_define).
        _burn(body, "loc")  # t0, the depth it held, is not read again
        result = self.expr(d.body, dict(zip(params, args)), body)
        body.line(f"return {result}")
        self._callable(self._defines[name], args, body, "definitions", None)

    def _procedure_function(self, name: str, p):
        """A procedure call: one level deeper, the declaration on the frames, then its body."""
        args = [f"a{i}" for i in range(len(p.params))]
        body = _Body(self, 2)
        self.block(p.body, dict(zip(p.params, args)), body)
        self._callable(self._procedures[name], args, body, "procedures", self.value(p))

    @staticmethod
    def _deeper(var: str, loc: str, what: str) -> list[str]:
        """One call level deeper, as the reference's _Locals goes: too deep, the depth is put
        back before the error (`var`: the local holding the new depth)."""
        return [f"env.depth = {var} = env.depth + 1", f"if {var} > {MAX_CALL_DEPTH}:", "    env.depth -= 1",
                f"    nest_fail({loc}, {literal(what)}, env.frames)"]

    def _callable(self, fn: str, args, body: _Body, what: str, decl):
        prologue = self._deeper("t0", "loc", what)
        if decl is not None:
            prologue.append(f"env.frames.append({decl})")
        prologue.append("try:")
        text = "\n".join(body.lines)
        body.lines[0:0] = ["        " + x for x in self._state_lines(text)]
        if not body.lines:
            body.line("pass")
        if decl is not None:
            # An error of Python the rules caused is told at the innermost declaration it left
            # (interpret.unfit_error), as the reference's _Locals notes it.
            body.lines.extend(["    except Exception as e:", f"        mark_unfit(e, {decl})", "        raise"])
        body.lines.extend(["    finally:", "        env.depth -= 1"])
        if decl is not None:
            body.lines.append("        env.frames.pop()")
        self.functions.append("\n".join([f"def {fn}({', '.join(['env', 'loc', *args])}):",
                                         *("    " + q for q in prologue), *body.lines]))

    # ------------------------------------------------------------ the action pipeline
    def pipeline(self) -> None:
        """Per action, its check (forbids, then `when`, then `require` clauses: the index of
        the first that refuses, or -1) and its run (the effect, the `after_action` handlers and
        the end of the game); per event that anything listens to, its emitter."""
        spec = self.spec
        # An action's check and run, and the end of the game, start at call depth 0 (a new Env,
        # and every call puts the depth back as it found it).
        self._depth_zero = True
        try:
            self._end_function()
        finally:
            self._depth_zero = False
        self._phase_functions()
        for i, (name, a) in enumerate(spec.actions.items()):
            self._depth_zero = True
            try:
                self._action_functions(i, name, a)
            finally:
                self._depth_zero = False
        events = [*spec.handlers, *(ev.event for v in spec.vines.values() for ev in v.events),
                  "phase", "turn_over", "after_action", "game_end", "game_over", "game_start", "state_loaded"]
        for event in dict.fromkeys(events):
            if self.listens(event):
                self._emitter_function(event)
                self.extras[f"emit:{event}"] = self.emitter(event)
        for phase in spec.phases:
            self.extras[f"phase:{phase}"] = self.phase_entry(phase)

    def _action_functions(self, i: int, name: str, a) -> None:
        """One action's check and run."""
        scope, binds = self._parameters(a)
        try:
            self._action_bodies(i, name, a, scope, binds)
        finally:
            self._known, self._players = {}, {}

    def _parameters(self, a) -> tuple[dict, list[tuple[str, str]]]:
        """An action's scope, its actor and parameters each a Python local read once from
        env.locals (one that the effect sets stays read there), with the class its decoding
        gives it (Engine.decode: the actor and a player, a variety, a card or a space are
        strings, a field is the actor's FieldRef, cards a list) and the players it names looked
        up once: an action's locals name players at the table, who stay there."""
        assigned = _assigned(a.effect)
        scope = _from_env([a.actor, *(p.name for p in a.params)])
        binds: list[tuple[str, str]] = []
        kinds = {a.actor: "actor", **{p.name: p.type for p in a.params}}
        fields = []
        for n, kind in kinds.items():
            if n in assigned:
                continue
            v = self.var()
            scope[n] = v
            binds.append((v, f"{v} = L[{literal(n)}]"))
            known = _DECODED.get(kind)
            if known is not None:
                self._known[v] = known
            if kind in ("actor", "player"):
                pl = self.tmp()
                self._players[v] = pl
                binds.append((pl, f"{pl} = S.player({v})"))
            if kind == "field":
                fields.append(v)
        if a.actor not in assigned:
            for v in fields:  # the actor's own fields (Engine._decode_param)
                self._players[f"{v}.player"] = self._players[scope[a.actor]]
        return scope, binds

    def _action_bodies(self, i: int, name: str, a, scope: dict, binds: list) -> None:
        spec = self.spec
        body = _Body(self, 1)
        n = 0
        for f in spec.forbids:
            if f.covers(name):
                body.line(f"if {self.test(f.condition, {}, body)}:")
                body.line(f"    return {n}")
                n += 1
        for c in spec.clauses_of(name):
            body.line(f"if not {self.test(c.condition, scope, body)}:")
            body.line(f"    return {n}")
            n += 1
        body.line("return -1")
        fn = safe_name("chk", i, name)
        self._function(fn, "env", body, binds=binds)
        self.extras[f"check:{name}"] = fn
        body = _Body(self, 1)
        body.line(f"env.frames.append({self.value(a)})")
        self.block(a.effect, scope, body)
        body.line("env.locals = {}")
        if self.listens("after_action"):
            body.line(f"{self.emitter('after_action')}(env, {{}})")
        body.line("end_check(env)")
        body.line("env.frames.pop()")
        fn = safe_name("run", i, name)
        self._function(fn, "env", body, binds=binds)
        self.extras[f"apply:{name}"] = fn

    def _emitter_function(self, event: str):
        """The vine tasks, then the handlers, of one event (each handler with the payload as its
        locals and its declaration on the frames)."""
        body = _Body(self, 1)
        if any(ev.event == event for v in self.spec.vines.values() for ev in v.events):
            body.line(f"for v, h, c in {self._engine}._vine_events.get({literal(event)}, ()):")
            body.line(f"    {self._engine}._vine_event(env, v, h, c, payload)")
        for h in self.spec.handlers.get(event, ()):
            inner = _Body(self, 2)
            self.block(h.body, _from_env(h.params), inner)
            # The handler's locals: its own copy of the payload (env.locals is read only by a
            # reference closure, which is handed the locals it reads).
            if _USES_L.search("\n".join(inner.lines)):
                body.line("L = dict(payload)")
            # A handler is one level deeper, as a procedure is: an event whose handler emits it
            # again stops at the depth limit, at the handler, as in the reference.
            for line in self._deeper("t0", self.value(h.loc), "event handlers"):
                body.line(line)
            body.line(f"env.frames.append({self.value(h)})")
            body.line("try:")
            body.lines.extend("        " + x for x in self._state_lines("\n".join(inner.lines)))
            body.lines.extend(inner.lines or ["        pass"])
            body.line("except Exception as e:")
            body.line(f"    mark_unfit(e, {self.value(h)})")
            body.line("    raise")
            body.line("finally:")
            body.line("    env.depth -= 1")
            body.line("    env.frames.pop()")
        body.lines = [ln for ln in body.lines]
        self.functions.append("\n".join([f"def {self.emitter(event)}(env, payload):", *body.lines]))

    def _end_function(self):
        """`end when` conditions in file order; the first that holds ends the game."""
        body = _Body(self, 1)
        body.line("if S.over:")
        body.line("    return")
        for rule in self.spec.end_rules:
            # Each condition starts with no locals, as the reference's does; only a reference
            # closure would read them (env.locals), and it is handed its own (_with_locals).
            cond = body.fork()
            result = self.test(rule.condition, {}, cond)
            if _USES_L.search("\n".join(cond.lines) + result):
                body.line("env.locals = L = {}")
            body.join(cond)
            body.line(f"if {result}:")
            body.line(f"    env.frames.append({self.value(rule)})")
            body.line("    try:")
            body.line(f"        {self._engine}.end_game(env)")
            body.line("    finally:")
            body.line("        env.frames.pop()")
            body.line("    return")
        text = "\n".join(body.lines)
        head = ["def end_check(env):"]
        head.extend("    " + x for x in self._state_lines(text))
        self.functions.append("\n".join([*head, *body.lines]))

    def source(self) -> str:
        """The whole module."""
        out = ["# Generated by bohnspec (execution/codegen.py) from a checked rules model. Do not edit.",
               "from bohnspec.execution.runtime import *  # noqa: F401,F403",
               "", "", "def build(K):"]
        for i in range(len(self.consts)):
            out.append(f"    k{i} = K[{i}]")
        for fn in self.functions:
            out.extend("    " + line for line in fn.split("\n"))
        out.append("    return (" + "".join(f"{r}, " for r in self.roots) + "), {"
                   + "".join(f"{literal(k)}: {v}, " for k, v in self.extras.items()) + "}")
        return "\n".join(out) + "\n"

    # ------------------------------------------------------------ expressions
    def fail(self, node: Node, message: str) -> NoReturn:
        raise SpecRuntimeError(node.loc, message)

    def expr(self, node: Node, scope: dict, out: _Body) -> str:
        """Statements into `out` and a Python expression giving the node's value, to be
        evaluated right after them (once)."""
        return getattr(self, "_e_" + node.kind)(node, scope, out)

    def test(self, node: Node, scope: dict, out: _Body) -> str:
        """Like expr, for a place where only truth counts (`and`/`or` need no bool())."""
        if node.kind in ("and", "or"):
            return self._junction(node, scope, out, either=node.kind == "or", as_bool=False)
        return self.expr(node, scope, out)

    def operands(self, nodes: Iterable[Node], scope: dict, out: _Body) -> list[str]:
        """The values of several operands, evaluated left to right: an operand that needs
        statements first fixes the values before it in temporaries."""
        values: list[str] = []
        for n in nodes:
            sub = out.fork()
            v = self.expr(n, scope, sub)
            if sub.lines:
                for i, prev in enumerate(values):
                    if not _settled(prev):
                        t = out.tmp()
                        out.line(f"{t} = {prev}")
                        values[i] = t
                out.join(sub)
            values.append(v)
        return values

    def settle(self, value: str, out: _Body) -> str:
        if _settled(value):
            return value
        t = out.tmp()
        out.line(f"{t} = {value}")
        known = self._known.get(value)
        if known is not None:
            self._known[t] = known
        return t

    def _typed(self, value: str, cls: str) -> str:
        """An expression whose value is always of a class (a zone: a list; a size: an int),
        noted so that tests of its class are answered when the source is written."""
        self._known[value] = cls
        return value

    def _e_const(self, node, scope, out):
        value = node.args[0]
        return literal(value) if type(value) in _LITERALS else self.value(value)

    def _e_list(self, node, scope, out):
        return "[" + ", ".join(self.operands(node.args[0], scope, out)) + "]"

    def _e_name(self, node, scope, out):
        meaning = self.names.name(node.args[0], scope)
        kind, name = meaning.kind, meaning.name
        if kind == "local":
            return scope[name]
        if kind == "players":
            return self._typed("S.names()", "list")  # a new list of names each time
        if kind == "spaces":
            return "(list(S.board.ids) if S.board is not None else [])"
        if kind == "varieties":
            return self._typed("env.engine.varieties_in_play(S.options)", "list")
        if kind == "state":
            return "S." + _STATE_FIELDS[name]
        if kind == "var":
            return f"v0.get({literal(name)})"
        if kind == "define":
            if self._leaf(name):
                # A definition that reads no locals and calls nothing back: its body here.
                return self._inline(name, {}, node, out)
            t = out.tmp()
            out.line(f"{t} = {self._defines[name]}(env, {self.loc(node)})")
            return t
        if kind == "option":
            return f"S.options.get({literal(name)}, {literal(meaning.default)})"
        if kind == "zone":
            return self._typed(f"S.zones[{literal(name)}]", "list")  # a state's zones are lists
        if kind == "constant":
            return literal(name)
        self.fail(node, meaning.message)

    def _e_attr(self, node, scope, out):
        obj = self.expr(node.args[0], scope, out)
        meaning = self.names.attribute(node.args[1])
        kind, attr = meaning.kind, meaning.name
        if kind == "fields":
            return f"field_refs(S, {obj}, {literal(attr)})"
        if kind == "zone":
            return self._typed(f"{self._player(obj)}.zones[{literal(attr)}]", "list")
        if kind == "player_var":
            return f"{self._player(obj)}.vars.get({literal(attr)})"
        if kind == "space_var":
            # space_var's own lookups, inline; it is called only to raise its error.
            obj = self.settle(obj, out)
            t = out.tmp()
            out.line(f"{t} = {t}.get({literal(attr)}) if ({t} := S.space_vars.get({obj})) is not None "
                     f"else space_var(S, {obj}, {literal(attr)}, {self.loc(node)})")
            return t
        if kind == "card":
            if attr not in self._attr_tables:
                spec = self.spec
                self._attr_tables[attr] = self.const(
                    ("value", {k: spec.card_attribute(k, attr) for k in (*spec.varieties, *spec.cards)}))
            if ("lacking", attr) not in self._attr_tables:
                self._attr_tables[("lacking", attr)] = self.const(("value", self.spec.cards_lacking(attr)))
            obj = self.settle(obj, out)
            t = out.tmp()
            out.line(f"{t} = {self._attr_tables[attr]}.get({obj})")
            out.line(f"if {t} is None:")
            said = literal(unparse(node.args[0]))  # (the model's own expression, written as a literal)
            out.line(f"    {t} = card_attr_miss(S, {obj}, {literal(attr)}, {self.loc(node)}, {said}, "
                     f"{self._attr_tables[('lacking', attr)]})")
            return t
        if kind == "self":
            return obj
        self.fail(node, meaning.message)

    def _e_call(self, node, scope, out):
        name, args = node.args
        if name in self._defines and len(args) != len(self.spec.defines[name].params or ()):
            # A call the checker refuses (wrong number of arguments): as the reference runs it.
            t = out.tmp()
            self._with_locals(f"{t} = {self.const(('ref_expr', node, frozenset(scope)))}[0](env)", scope, out)
            return t
        if name in self._defines:
            values = self.operands(args, scope, out)
            params = self.spec.defines[name].params or ()
            if self._inline_call(name):
                # Its parameters are the arguments' values, each worked out once.
                return self._inline(name, dict(zip(params, (self.settle(v, out) for v in values))), node, out)
            t = out.tmp()
            out.line(f"{t} = {self._defines[name]}(env, {self.loc(node)}{''.join(', ' + v for v in values)})")
            return t
        entry = B.TABLE.get(name)
        if entry is None:
            self.fail(node, f"unknown function {name!r}")
        if name == "size" and len(args) == 1 and args[0].kind == "attr" and entry[2] is getattr(B, "_size", None):
            meaning = self.names.attribute(args[0].args[1])
            if meaning.kind == "fields":
                # How many fields a player has: counted, not made into a list of references first.
                obj = self.expr(args[0].args[0], scope, out)
                return self._typed(f"len({self._player(obj)}.zones[{literal(meaning.name)}])", "int")
        fn = self.value(entry[2])
        t = out.tmp()
        sub = out.fork()
        values = self.operands(args, scope, sub)
        if sub.lines:
            call = self._card_call(name, entry[2], values) or f"{fn}(env{''.join(', ' + v for v in values)})"
            # The call's location covers its arguments too, as the reference closure's `try`
            # does (a builtin's error inside an argument without one takes this call's).
            out.line("try:")
            with out.indent():
                for ln in sub.lines:
                    out.lines.append("    " + ln)
                out.line(f"{t} = {call}")
            out.line("except SpecRuntimeError as e:")
            out.line(f"    raise located(e, {self.loc(node)}) from None")
            return t
        # Arguments written inline raise no error of the rules; they need no `try`.
        values = [self.settle(v, out) for v in values]
        call = self._card_call(name, entry[2], values) or f"{fn}(env{''.join(', ' + v for v in values)})"
        fast = _FAST.get(name) if entry[2] is getattr(B, "_" + name, None) else None
        if fast is not None and len(values) == _FAST_ARITY.get(name, 1):
            # A number written as an argument is put in parentheses (`(1).__class__`).
            a, b = (f"({v})" if _int_literal(v) else v for v in (values[0], values[-1]))
            f, g = out.tmp(), out.tmp()
            names = {"t": t, "a": a, "b": b, "f": f, "g": g, "z": literal(self._fields_zone),
                     "pa": self._player(a + ".player"),
                     "a_list": self._is(a, "list"), "a_str": self._is(a, "str"), "a_field": self._is(a, "FieldRef"),
                     "b_int": self._is(b, "int"), "f_list": self._is(f"{f} := {g}[{a}.number - 1]", "list")}
            for i, (cond, value) in enumerate(fast):
                out.line(f"{'if' if i == 0 else 'elif'} {cond.format(**names)}:")
                out.line(f"    {t} = {value.format(**names)}")
            out.line("else:")
            out.level += 1
        out.line("try:")
        out.line(f"    {t} = {call}")
        out.line("except SpecRuntimeError as e:")
        out.line(f"    raise located(e, {self.loc(node)}) from None")
        if fast is not None and len(values) == _FAST_ARITY.get(name, 1):
            out.level -= 1
        if fast is not None and name in ("size", "count_of"):
            self._typed(t, "int")  # len() or list.count(), on every way (builtins._size, _count_of)
        return t

    def _card_call(self, name: str, fn: object, values: list[str]) -> str | None:
        """The builtins that look up a card reference, as a call of what they call (with the
        spec's zones a constant), sparing their own calls."""
        if len(values) != 2 or fn is not getattr(B, "_" + name, None):
            return None
        zones = f"{self.value(self.spec.zones)}, {literal(self._fields_zone)}"
        if name == "ref_exists":
            return f"(card_at(S, {values[0]}, {values[1]}, {zones}) is not None)"
        if name == "ref_variety":
            return f"card_variety(S, {values[0]}, {values[1]}, {zones})"
        if name == "ref_varieties":
            owner = values[0] if _settled(values[0]) else None
            if owner is not None:
                r = self.var()
                return f"[card_variety(S, {owner}, {r}, {zones}) for {r} in {values[1]}]"
        return None

    def _junction(self, node, scope, out, either: bool, as_bool: bool) -> str:
        parts = node.args[0]
        subs = []
        for p in parts:
            sub = out.fork()
            subs.append((sub, self.test(p, scope, sub)))
        if all(not sub.lines for sub, _ in subs):
            joined = (" or " if either else " and ").join(f"({v})" for _, v in subs)
            return f"bool({joined})" if as_bool else f"({joined})"
        # Flat, not nested: once `t` decides, every later test skips its part.
        t = out.tmp()
        first_sub, first = subs[0]
        out.join(first_sub)
        out.line(f"{t} = {first}")
        for sub, v in subs[1:]:
            out.line(f"if {'not ' if either else ''}{t}:")
            with out.indent():
                for ln in sub.lines:
                    out.lines.append("    " + ln)
                out.line(f"{t} = {v}")
        return f"bool({t})" if as_bool else t

    def _e_or(self, node, scope, out):
        return self._junction(node, scope, out, either=True, as_bool=True)

    def _e_and(self, node, scope, out):
        return self._junction(node, scope, out, either=False, as_bool=True)

    def _e_not(self, node, scope, out):
        return f"(not {self.test(node.args[0], scope, out)})"

    def _e_compare(self, node, scope, out):
        left, right = self.operands((node.args[0], node.args[2]), scope, out)
        op = node.args[1]
        if op in ("==", "!="):
            return f"({left} {op} {right})"
        left, right = self.settle(left, out), self.settle(right, out)
        checks = [f"isinstance({v}, int)" for v in (left, right) if not _int_literal(v) and self._known.get(v) != "int"]
        if checks:
            out.line(f"if not ({' and '.join(checks)}):")
            out.line(f"    cannot_compare({left}, {literal(op)}, {right}, {self.loc(node)})")
        return f"({left} {op} {right})"

    def _e_member(self, node, scope, out):
        item, coll = self.operands((node.args[0], node.args[1]), scope, out)
        return f"({item} in {coll})"

    def _e_arith(self, node, scope, out):
        t = out.tmp()
        first = self.expr(node.args[0], scope, out)
        out.line(f"{t} = {first}")
        loc = self.loc(node)
        sure = self._known.get(first) == "int"  # t holds an int so far
        for op, a in node.args[1]:
            v = self.settle(self.expr(a, scope, out), out)
            checks = [f"isinstance({x}, int)" for x in (t, v)
                      if not _int_literal(x) and not (x == t and sure) and self._known.get(x) != "int"]
            if not checks and op in ("+", "-", "*"):
                out.line(f"{t} = {t} {op} {v}")  # two ints: an int
                continue
            sure = False
            out.line(f"if {' and '.join(checks) or 'True'}:")
            out.line(f"    {t} = {t} {op} {v}")
            if op == "+" and len(checks) == 2:
                # Two lists (`give + get`): what arith_slow does for them.
                out.line(f"elif {self._is(t, 'list')} and {self._is(v, 'list')}:")
                out.line(f"    {t} = {t} + {v} if len({t}) + len({v}) <= MAX_LIST else "
                         f"list_too_long(len({t}) + len({v}), {loc})")
            out.line("else:")
            out.line(f"    {t} = arith_slow({t}, {literal(op)}, {v}, {loc})")
        # (bounded as a product is, as the reference bounds it)
        out.line(f"if {'' if sure else f'{t}.__class__ is int and '}not -MAX_NUMBER < {t} < MAX_NUMBER:")
        out.line(f"    number_too_big({t}, {loc})")
        if sure:
            self._known[t] = "int"
        return t

    def _e_product(self, node, scope, out):
        t = out.tmp()
        loc = self.loc(node)
        out.line(f"{t} = 1")
        for a in node.args[0]:
            v = self.settle(self.expr(a, scope, out), out)
            out.line(f"if not isinstance({v}, int) or isinstance({v}, bool):")
            out.line(f"    product_fail({v}, {loc})")
            out.line(f"{t} *= {v}")
            out.line(f"if not -MAX_NUMBER < {t} < MAX_NUMBER:")
            out.line(f"    number_too_big({t}, {loc})")
        return t

    def _e_quant(self, node, scope, out):
        q, var, coll_node, body_node = node.args
        if q not in ("any", "all", "no", "count", "most", "least", "sum"):
            self.fail(node, f"unknown quantifier {q!r}")
        if coll_node.kind == "name" and self.names.name(coll_node.args[0], scope).kind == "spaces":
            # The board's ids are a tuple nobody changes: walked without a copy.
            items = self.settle("(S.board.ids if S.board is not None else ())", out)
        else:
            items = self.settle(self.expr(coll_node, scope, out), out)
        x, result = self.var(), out.tmp()
        inner = {**scope, var: x}
        # One step for each item, spent as the quantifier starts (Env.burn_items).
        loc = self.loc(node)
        out.line(f"env.fuel = t0 = env.fuel - (len({items}) if ({items}).__class__ in SIZED "
                 f"else unwalked({items}, {loc}))")
        out.line("if t0 < 0:")
        out.line(f"    limit({loc})")
        out.line(f"{result} = {'False' if q in ('any', 'all', 'no') else 0 if q == 'count' else '[]'}")
        out.line(f"for {x} in {items}:")
        with out.indent():
            if q in ("any", "all", "no"):
                # These stop at the first item that decides, as `and` and `or` do.
                v = self.test(body_node, inner, out)
                out.line(f"if {'not ' if q == 'all' else ''}{v}:")
                out.line(f"    {result} = True")
                out.line("    break")
            elif q == "count":
                v = self.expr(body_node, inner, out)
                out.line(f"if {v}:")
                out.line(f"    {result} += 1")
            else:
                v = self.expr(body_node, inner, out)
                out.line(f"{result}.append({v})")
        if q == "any":
            return result
        if q in ("all", "no"):
            return f"(not {result})"
        if q == "count":
            return result
        if q == "most":
            return f"max({result}, default=None)"
        if q == "least":
            return f"min({result}, default=None)"
        return f"sum({result})"

    def _e_reach(self, node, scope, out):
        var, start_node, body_node = node.args
        loc = self.loc(node)
        fn, t, x = out.tmp(), out.tmp(), self.var()
        out.line(f"def {fn}({x}):")
        with out.indent():
            _burn(out, loc)
            v = self.test(body_node, {**scope, var: x}, out)
            out.line(f"return bool({v})")
        out.line("if S.board is None:")
        out.line(f"    raise SpecRuntimeError({loc}, '`reach` needs a board, and this game has none')")
        start = self.expr(start_node, scope, out)
        out.line(f"{t} = reach(S.board, {start}, {fn})")
        return t

    def _e_cond(self, node, scope, out):
        c = self.test(node.args[0], scope, out)
        t = out.tmp()
        out.line(f"if {c}:")
        with out.indent():
            a = self.expr(node.args[1], scope, out)
            out.line(f"{t} = {a}")
        out.line("else:")
        with out.indent():
            b = self.expr(node.args[2], scope, out)
            out.line(f"{t} = {b}")
        return t

    # ------------------------------------------------------------ statements
    def block(self, stmts: Sequence[Node], scope: dict, out: _Body) -> None:
        for s in stmts:
            if s.kind == "let":
                scope = self._s_let(s, scope, out)
            else:
                getattr(self, "_s_" + s.kind)(s, scope, out)

    def burn(self, node: Node, out: _Body) -> None:
        _burn(out, self.loc(node))

    def _stored(self, value: str, out: _Body) -> str:
        """`serialise(value)`, skipped for the plain values it returns unchanged and for a
        field, which it gives as its number."""
        v = self.settle(value, out)
        if not re.fullmatch(r"[tvk][0-9]+|a[0-9]+", v) or self._known.get(v) in ("str", "int"):
            return v  # a literal or a string: serialise keeps it as it is
        if self._known.get(v) == "FieldRef":
            return f"{v}.number"
        if self._known.get(v) == "list":
            return f"stored({v})"
        return f"({v} if {self._plain(v)} else {v}.number if {self._is(v, 'FieldRef')} else stored({v}))"

    def _s_let(self, node, scope, out) -> dict:
        self.burn(node, out)
        v = self.expr(node.args[1], scope, out)
        x = self.var()
        out.line(f"{x} = {v}")
        return {**scope, node.args[0]: x}

    def _s_assign(self, node, scope, out):
        target, value_node = node.args
        if target[0] == "var":
            name = target[1]
            if name in scope:
                self.burn(node, out)
                v = self.expr(value_node, scope, out)
                out.line(f"{scope[name]} = {v}")
                return
            if name in B.ASSIGNABLE_SPECIALS:
                self.burn(node, out)
                v = self.expr(value_node, scope, out)
                out.line(f"S.{_STATE_FIELDS[name]} = seated(S, {v}, {literal(name)}, {self.loc(node)})")
                return
            if name not in self.spec.vars or self.spec.vars[name].per_player:
                self.fail(node, f"{name!r} is not a game variable")
            self.burn(node, out)
            v = self._stored(self.expr(value_node, scope, out), out)
            out.line(f"v0[{literal(name)}] = {v}")
            return
        oname, attr = target[1], target[2]
        probe = _Body(self, 0)
        self.expr(Node("name", (oname,), node.loc), scope, probe)  # the reference resolves it first
        var = self.spec.vars.get(attr)
        if var is not None and var.per_space:
            self.burn(node, out)
            obj = self.expr(Node("name", (oname,), node.loc), scope, out)
            values = out.tmp()
            out.line(f"{values} = space_vars_of(S, {obj}, {self.loc(node)})")
            v = self._stored(self.expr(value_node, scope, out), out)
            out.line(f"{values}[{literal(attr)}] = {v}")
            return
        if var is None or not var.per_player:
            self.fail(node, f"{attr!r} is not a variable of a player or a space")
        self.burn(node, out)
        v = self._stored(self.expr(value_node, scope, out), out)
        obj = self.expr(Node("name", (oname,), node.loc), scope, out)
        out.line(f"{self._player(obj)}.vars[{literal(attr)}] = {v}")

    def _selection(self, sel: Node, scope, out) -> str:
        """The cards a selection takes, removed from their zones (what take() does with the
        picks of the reference's selection)."""
        kind = sel.kind
        loc = self.loc(sel)
        if kind == "refs" and sel.args[0].kind == "list" and len(sel.args[0].args[0]) == 1:
            # One card named by its reference (`move [card] of p to ...`).
            ref = self.settle(self.expr(sel.args[0].args[0][0], scope, out), out)
            owner = self.expr(sel.args[1], scope, out)
            return f"take_ref(env, {ref}, {owner}, {loc})"
        if kind == "refs":
            refs = self.settle(self.expr(sel.args[0], scope, out), out)
            cards = out.tmp()
            out.line(f"if {self._is(refs, 'list')} and not {refs}:")
            out.line(f"    {cards} = []")
            out.line("else:")
            with out.indent():
                owner = self.expr(sel.args[1], scope, out)
                out.line(f"{cards} = take(pick_refs(env, {refs}, {owner}, {loc}))")
            return cards
        zone = self._as_zone(self.expr(sel.args[-1], scope, out), out)
        has_count = kind in ("first", "item", "each") and sel.args[0] is not None
        if kind == "all":
            # Every card of one zone: take() removes them all, in order.
            cards = out.tmp()
            out.line(f"{cards} = {zone}[:]")
            out.line(f"{zone}.clear()")
            return cards
        what = repr(f"`{unparse(sel.args[-1])}`")  # (a literal, as every text the generated source holds)
        if kind == "last":
            return f"take(pick_last({zone}, {loc}, {what}))"
        count = self.expr(sel.args[0], scope, out) if has_count else "1"
        if kind == "each":
            return f"take(pick_each({zone}, {count}))"
        if kind == "item":
            return f"take(pick_item({zone}, {count}, {loc}, {what}))"
        n, cards = self.settle(count, out), out.tmp()
        # The first n cards of one zone, n within its size: a slice; anything else as take() does.
        out.line(f"if {self._is(self._paren(n), 'int')} and 0 <= {n} <= len({zone}):")
        out.line(f"    {cards} = {zone}[:{n}]")
        out.line(f"    del {zone}[:{n}]")
        out.line("else:")
        out.line(f"    {cards} = take(pick_first({zone}, {n}, {loc}, {what}))")
        return cards

    def _s_move(self, node, scope, out):
        sel_node, where, dest_node = node.args
        self.burn(node, out)
        if sel_node.kind == "first" and sel_node.args[0] is None:
            # One card from the front of a zone (the common move), as take() and put() do it.
            z = self._as_zone(self.expr(sel_node.args[-1], scope, out), out)
            card, dest = out.tmp(), out.tmp()
            out.line(f"if not {z}:")
            said = repr(f"not enough cards: `{unparse(sel_node.args[-1])}` holds 0")
            out.line(f"    raise SpecRuntimeError({self.loc(sel_node)}, {said})")
            out.line(f"{card} = {z}.pop(0)")
            value = self.expr(dest_node, scope, out)
            out.line(f"{dest} = {value}")
            if self._known.get(value) is not None:
                self._known[dest] = self._known[value]
            out.line(f"if {self._is(dest, 'list')}:")
            out.line(f"    {dest}.insert(0, {card})" if where == "top" else f"    {dest}.append({card})")
            g = out.tmp()
            out.line(f"elif {self._field_test(dest, g)}:")
            out.line(f"    {g}[{dest}.number - 1].insert(0, {card})" if where == "top"
                     else f"    {g}[{dest}.number - 1].append({card})")
            out.line("else:")
            out.line(f"    put(env, [{card}], {dest}, {where == 'top'}, {self.loc(node)})")
            return
        cards = self.settle(self._selection(sel_node, scope, out), out)
        dest = self._paren(self.settle(self.expr(dest_node, scope, out), out))
        out.line(f"if {self._is(dest, 'list')}:")
        out.line(f"    {dest}[0:0] = {cards}" if where == "top" else f"    {dest}.extend({cards})")
        # A field of a player, which put() would find as as_zone() does (a space is put apart).
        g = out.tmp()
        out.line(f"elif {self._field_test(dest, g)}:")
        out.line(f"    {g}[{dest}.number - 1][0:0] = {cards}" if where == "top"
                 else f"    {g}[{dest}.number - 1].extend({cards})")
        out.line("else:")
        out.line(f"    put(env, {cards}, {dest}, {where == 'top'}, {self.loc(node)})")

    def _as_zone(self, value: str, out: _Body) -> str:
        """as_zone(env, value), its two common cases written out: a zone (a list) and a field
        of a player in range (anything else takes the call, and its errors)."""
        v = self._paren(self.settle(value, out))
        zone, g = out.tmp(), out.tmp()
        out.line(f"if {self._is(v, 'list')}:")
        out.line(f"    {zone} = {v}")
        out.line(f"elif {self._field_test(v, g)}:")
        out.line(f"    {zone} = {g}[{v}.number - 1]")
        out.line("else:")
        out.line(f"    {zone} = as_zone(env, {v})")
        return zone

    def _field_test(self, v: str, fields: str) -> str:
        """Whether a value is a FieldRef that names a field its player has (binding that player's
        fields to `fields`): what as_zone() finds without an error."""
        return (f"{self._is(v, 'FieldRef')} and 1 <= {v}.number <= "
                f"len({fields} := {self._player(v + '.player')}.zones[{literal(self._fields_zone)}])")

    def _state_lines(self, text: str) -> list[str]:
        """The first lines of a function whose body is `text`: the state (S) and its variables
        (v0), for the names it reads. For Cython, v0 is declared a dict (the state's variables
        are one), so that reading and setting them are C calls, not method lookups."""
        variables = bool(_USES_VARS.search(text))
        return [*(["S = env.state"] if variables or _USES_S.search(text) else []),
                *([f"v0{': dict' if self.accelerated else ''} = S.vars"] if variables else [])]

    def _is(self, v: str, cls: str) -> str:
        """Whether a value is of a class (list, str, int, FieldRef), where the builtins' own
        isinstance() gives the same answer for its subclasses: written as Cython compiles it
        best for the accelerator (isinstance, a C macro for the builtin classes), as CPython
        runs it best otherwise (its class, exactly)."""
        known = self._known.get(v)
        if known is not None:
            return "True" if known == cls else "False"
        if self.accelerated:
            return f"isinstance({v}, {cls})"
        obj = v if _IDENT.match(v) or re.fullmatch(r"\(-?[0-9]+\)", v) else f"({v})"
        return f"{obj}.__class__ is {cls}"

    def _plain(self, v: str) -> str:
        """Whether `serialise` returns a value as it is (a string, a number, a truth value, none)."""
        return f"{v} is None or isinstance({v}, (str, int))" if self.accelerated else f"{v}.__class__ in PLAIN"

    def _player(self, obj: str) -> str:
        """`S.player(obj)`, or the local holding it (an action's players, looked up once)."""
        return self._players.get(obj) or f"S.player({obj})"

    @staticmethod
    def _paren(v: str) -> str:
        """A number written as an operand, in parentheses (`(1).__class__`)."""
        return f"({v})" if _int_literal(v) else v

    def _s_give_fields(self, node, scope, out):
        self.burn(node, out)
        who = self.expr(node.args[1], scope, out)
        fields = out.tmp()
        out.line(f"{fields} = {self._player(who)}.zones.setdefault({literal(self._fields_zone)}, [])")
        count = self.settle(self.expr(node.args[0], scope, out), out)
        # A step for each field given (Env.burn_items).
        out.line(f"env.fuel = t0 = env.fuel - ({count} if ({count}).__class__ is int and {count} > 0 else 0)")
        out.line("if t0 < 0:")
        out.line(f"    limit({self.loc(node)})")
        out.line(f"{fields}.extend([] for _ in range({count}))")

    def _s_reshuffle(self, node, scope, out):
        self.burn(node, out)
        src = self.expr(node.args[0], scope, out)
        s = out.tmp()
        out.line(f"{s} = as_zone(env, {src})")
        dst = self.expr(node.args[1], scope, out)
        out.line(f"reshuffle(env, {s}, as_zone(env, {dst}), {self.loc(node)})")

    def _reference(self, node, scope, out):
        """A statement run by the reference closure itself (a constant: a one-item list the
        engine fills once it is set up, as the closure may look at its tables)."""
        self._with_locals(f"{self.const(('ref_stmt', node, frozenset(scope)))}[0](env)", scope, out)

    def _with_locals(self, line: str, scope: dict, out: _Body):
        """Run a reference closure with the locals in scope where it reads them (env.locals)."""
        saved = out.tmp()
        out.line(f"{saved} = env.locals")
        out.line("env.locals = {" + ", ".join(f"{literal(n)}: {v}" for n, v in scope.items()) + "}")
        out.line("try:")
        out.line(f"    {line}")
        out.line("finally:")
        out.line(f"    env.locals = {saved}")

    def _s_goto(self, node, scope, out):
        phase = node.args[0]
        if phase not in self.spec.phases:
            self.fail(node, f"unknown phase {phase!r}")
        out.line(f"{self.phase_entry(phase)}(env, {self.loc(node)})")

    def _s_goto_next(self, node, scope, out):
        out.line(f"goto_next(env, {self.loc(node)})")

    def _s_goto_first(self, node, scope, out):
        if not self.spec.turn:
            out.line(f"raise SpecRuntimeError({self.loc(node)}, '`goto first` needs a `turn` declaration')")
        else:
            out.line(f"{self.phase_entry(self.spec.turn.phases[0])}(env, {self.loc(node)})")

    def phase_entry(self, phase: str) -> str:
        if phase not in self._phase_entries:
            self._phase_entries[phase] = safe_name("ph", len(self._phase_entries), phase)
        return self._phase_entries[phase]

    def _phase_functions(self):
        """Entering each phase (Engine.enter_phase): one step, the phase set, its `phase`
        event, then its `on enter` block with the phase on the frames; and `goto next`."""
        for phase, decl in self.spec.phases.items():
            body = _Body(self, 1)
            _burn(body, "loc")
            body.line(f"env.state.phase = {literal(phase)}")
            body.line(f"env.events.append({{'event': 'phase', 'phase': {literal(phase)}}})")
            body.line(f"env.sources.append((*env.frames, {self.value(decl)}))")
            if self.listens("phase"):
                body.line(f"{self.emitter('phase')}(env, {{'phase': {literal(phase)}}})")
            inner = _Body(self, 2)
            self.block(decl.on_enter, {}, inner)
            if inner.lines:
                # (one level deeper, as a call: `on enter { goto ... }` round in circles stops at
                # the depth limit, at the goto, not in the host's recursion; round 77's designer)
                body.lines.extend("    " + x for x in self._deeper("t9", "loc", "phase entries (`goto`)"))
                body.line(f"env.frames.append({self.value(decl)})")
                body.line("try:")
                body.lines.extend("        " + x for x in self._state_lines("\n".join(inner.lines)))
                body.lines.extend(inner.lines)
                body.line("finally:")
                body.line("    env.frames.pop()")
                body.line("    env.depth -= 1")
            self.functions.append("\n".join([f"def {self.phase_entry(phase)}(env, loc):", *body.lines]))
        order = list(dict.fromkeys(self.spec.turn.phases)) if self.spec.turn else []
        body = _Body(self, 1)
        body.line("phase = env.state.phase")
        for i, phase in enumerate(order):
            body.line(f"{'if' if i == 0 else 'elif'} phase == {literal(phase)}:")
            at = self.spec.turn.phases.index(phase) + 1
            if at < len(self.spec.turn.phases):
                following = self.spec.turn.phases[at]
                if following not in self.spec.phases:
                    body.line(f"    raise KeyError({literal(following)})")
                else:
                    body.line(f"    {self.phase_entry(following)}(env, loc)")
            else:
                # After the last phase of the turn, the `turn_over` handlers run.
                with body.indent():
                    _burn(body, "loc")
                if self.listens("turn_over"):
                    body.line(f"    {self.emitter('turn_over')}(env, {{}})")
        if order:
            body.line("else:")
            body.line("    not_in_turn(phase, loc)")
        else:
            body.line("not_in_turn(phase, loc)")
        self.functions.append("\n".join(["def goto_next(env, loc):", *body.lines]))

    def _s_check(self, node, scope, out):
        """`require C else "reason" cites ...` in a setup: Engine._s_check, written out."""
        cond, reason, cites = node.args
        self.burn(node, out)
        c = self.test(cond, scope, out)
        out.line(f"if not ({c}):")
        out.line(f"    raise {self._engine}.setup_refused({self.value(cond)}, {literal(reason)}, "
                 f"{self.value(cites)}, env)")

    def _s_emit(self, node, scope, out):
        """Record the event (in JSON form), then run its vine tasks and handlers (what
        Engine.emit does, written out for this event)."""
        name, kwargs = node.args
        self.burn(node, out)
        values = [self.settle(v, out) for v in self.operands([v for _, v in kwargs], scope, out)]
        record = ", ".join([f"'event': {literal(name)}",
                            *(f"{literal(k)}: {self._stored(v, out)}" for (k, _), v in zip(kwargs, values))])
        out.line("env.events.append({" + record + "})")
        out.line("env.sources.append(tuple(env.frames))")
        if self.listens(name):
            payload = "{" + ", ".join(f"{literal(k)}: {v}" for (k, _), v in zip(kwargs, values)) + "}"
            out.line(f"{self.emitter(name)}(env, {payload})")

    def listens(self, event: str) -> bool:
        """Whether anything runs when this event is emitted (a handler or a vine task)."""
        return bool(self.spec.handlers.get(event)) or any(
            ev.event == event for v in self.spec.vines.values() for ev in v.events)

    def emitter(self, event: str) -> str:
        if event not in self._emitters:
            self._emitters[event] = safe_name("ev", len(self._emitters), event)
        return self._emitters[event]

    def _s_if(self, node, scope, out):
        self.burn(node, out)
        branches, orelse = node.args
        depth = 0
        for cond, body in branches:
            c = self.test(cond, scope, out)
            out.line(f"if {c}:")
            with out.indent():
                self.block(body, scope, out)
                out.line("pass")
            out.line("else:")
            out.level += 1
            depth += 1
        self.block(orelse, scope, out)
        out.line("pass")
        out.level -= depth

    def _s_for(self, node, scope, out):
        var, coll_node, body = node.args
        coll = self.expr(coll_node, scope, out)
        x = self.var()
        out.line(f"for {x} in list({coll}):")
        with out.indent():
            self.burn(node, out)
            self.block(body, {**scope, var: x}, out)

    def _s_repeat(self, node, scope, out):
        n = self.settle(self.expr(node.args[0], scope, out), out)
        loc = self.loc(node)
        out.line(f"if not isinstance({n}, int) or {n} < 0:")
        out.line(f"    repeat_fail({n}, {loc})")
        out.line(f"for _ in range({n}):")
        with out.indent():
            self.burn(node, out)
            self.block(node.args[1], scope, out)

    def _s_call_stmt(self, node, scope, out):
        name, args = node.args
        if name not in self._procedures:
            self.fail(node, f"unknown procedure {name!r}")
        if len(args) != len(self.spec.procedures[name].params):
            return self._reference(node, scope, out)  # refused by the checker: as the reference runs it
        self.burn(node, out)
        values = self.operands(args, scope, out)
        if self._inline_procedure(name):
            self._procedure_here(name, [self.settle(v, out) for v in values], node, out)
            return
        out.line(f"{self._procedures[name]}(env, {self.loc(node)}{''.join(', ' + v for v in values)})")

    def _inline_procedure(self, name: str) -> bool:
        """Whether a procedure call is written out where it is made: a small body, and not
        inside another procedure written out (which bounds the source's growth)."""
        if name in self._procs_here or len(self._procs_here) >= 1:
            return False
        return _size(self.spec.procedures[name].body) <= _INLINE_PROCEDURE_NODES

    def _procedure_here(self, name: str, values: list[str], node: Node, out: _Body) -> None:
        """A procedure's body written out where it is called, as its function runs it: one level
        deeper, its declaration on the frames, both put back however it ends. Its parameters
        are the arguments' values; one the body sets gets a local of its own. The classes and
        players known of the arguments stay known."""
        p = self.spec.procedures[name]
        depth = self.tmp()
        for line in self._deeper(depth, self.loc(node), "procedures"):
            out.line(line)
        out.line(f"env.frames.append({self.value(p)})")
        out.line("try:")
        assigned = _assigned(p.body)
        scope = {}
        saved = self._depth_zero
        self._depth_zero = False
        self._procs_here.append(name)
        try:
            with out.indent():
                for param, v in zip(p.params, values):
                    if param in assigned:
                        x = self.var()
                        out.line(f"{x} = {v}")
                        v = x
                    scope[param] = v
                self.block(p.body, scope, out)
                out.line("pass")
        finally:
            self._depth_zero = saved
            self._procs_here.pop()
        out.line("finally:")
        out.line("    env.depth -= 1")
        out.line("    env.frames.pop()")


# Builtins with a short way for their common arguments (a list: a zone; a field), doing exactly
# what builtins.py does for them; anything else takes the call (and its errors).
_FIELD = ("{a_field} and 1 <= {a}.number <= len({g} := {pa}.zones[{z}]) "
          "and {f_list}")
_FAST = {
    "size": [("{a_list}", "len({a})"), (_FIELD, "len({f})")],
    "first": [("{a_list}", "{a}[0] if {a} else None"), (_FIELD, "{f}[0] if {f} else None")],
    "last": [("{a_list}", "{a}[-1] if {a} else None"), (_FIELD, "{f}[-1] if {f} else None")],
    "variety": [("{a} is None or {a_str}", "{a}"), (_FIELD, "{f}[-1] if {f} else None")],
    "field_exists": [("{a_field}", "1 <= {a}.number <= len({pa}.zones.get({z}, []))")],
    "ref_zone": [("{a_str} and ({f} := REFS[{a}]) is not None", "{f}[0]")],
    "kind": [("S.board is not None and {a} in S.board.fixed",
              "{f}[0] if ({f} := S.space_cards.get({a})) else None")],
    # Two arguments ({a}, {b}): a zone or field, and a position or a variety.
    "item": [("{a_list} and {b_int}", "{a}[{b} - 1] if 1 <= {b} <= len({a}) else None")],
    "count_of": [("{a_list}", "{a}.count({b})"), (_FIELD, "{f}.count({b})")],
}
_FAST_ARITY = {"item": 2, "count_of": 2}


# The class of an action's parameter once decoded (Engine.decode), by its type ("actor": the
# player who acts); a field is a FieldRef of the actor's, a target a FieldRef or 'discard'.
_DECODED = {"actor": "str", "player": "str", "variety": "str", "card": "str", "space": "str", "field": "FieldRef",
            "cards": "list"}


def _assigned(stmts) -> set[str]:
    """The names the statements (and every block inside them) set with `set`."""
    found: set[str] = set()
    stack = list(stmts)
    while stack:
        x = stack.pop()
        if isinstance(x, Node):
            if x.kind == "assign" and x.args[0][0] == "var":
                found.add(x.args[0][1])
            stack.extend(x.args)
        elif isinstance(x, (tuple, list)):
            stack.extend(x)
    return found


def _size(stmts) -> int:
    """The number of nodes in statements (and every block inside them)."""
    n = 0
    stack = list(stmts)
    while stack:
        x = stack.pop()
        if isinstance(x, Node):
            n += 1
            stack.extend(x.args)
        elif isinstance(x, (tuple, list)):
            stack.extend(x)
    return n


def _from_env(names) -> dict:
    """The scope of a function whose locals the engine hands it in env.locals."""
    return {n: f"L[{literal(n)}]" for n in sorted(names)}


def _settled(value: str) -> bool:
    """Whether an expression is a temporary, a variable (nothing sets one while an expression is
    evaluated) or a literal: evaluating it later is the same."""
    return bool(re.fullmatch(r"[tva][0-9]+|k[0-9]+|-?[0-9]+|True|False|None|'[^'\\]*'|\"[^\"\\]*\"", value))


def _int_literal(value: str) -> bool:
    return bool(re.fullmatch(r"-?[0-9]+", value))


def _burn(out: _Body, loc: str) -> None:
    """One step of the budget (Env.burn): spent, then the limit checked."""
    out.line("env.fuel = t0 = env.fuel - 1")
    out.line("if t0 < 0:")
    out.line(f"    limit({loc})")
