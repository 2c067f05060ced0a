"""The compiled engine: the reference Engine with the rules written out as Python functions
(execution/codegen.py) in place of its closures.

Every expression and block the reference compiles into a closure runs as a generated function;
and the hot path of an action is generated whole: per action its check (forbids, `when`,
`require`, in the published order) and its run (the effect, the `after_action` handlers, the
end of the game), per event its vine tasks and handlers, per phase its entry. Decoding keeps a
short way for well-formed actions (a small function per action type, written from its
parameters' checked names and types) and hands every doubt to the reference's decoder; the
refusals, the set-up of a new game, random play's shortcuts and everything else are the
reference's own code. tests/test_compiled.py checks that both give the same answers.

The generated module is compiled once per source, cached by the source's hash: in memory, and
on disk as marshalled code (as Python caches .pyc files) under the cache directory; with
Cython and a C compiler, optionally as a C extension (execution/accelerate.py), from a source
written for Cython (Generator's `accelerated`).
"""

from __future__ import annotations

import hashlib
import marshal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .. import cache
from .builtins import canonical_ref
from .codegen import Generator, literal
from ..errors import Location
from ..language.model import Node
from ..language.spec import Spec
from .interpret import STEP_BUDGET, UNFIT, Engine, Env, Expr, Outcome, Rejection, Shuffler, Stmt, _part, refusal, \
    serialise, unfit_error
from .runtime import _FIELD_REFS, field_ref
from .state import State

_MISSING = object()


def _seated(state: State, name: object) -> str | None:
    """The name of the seat `name` names (None: nobody sits there), the seat index rebuilt."""
    try:
        return state.player(name).name  # type: ignore[arg-type]
    except (KeyError, TypeError):
        return None


def _at_table(state: State, name: str) -> bool:
    """Whether a player of this name sits at the table (`name in state.names()`)."""
    seat = state._seats.get(name)
    players = state.players
    if seat is not None and seat < len(players) and players[seat].name == name:
        return True
    return _seated(state, name) == name


class _Canonical(dict):
    """A string -> canonical_ref of it, filled as actions are decoded (a subscript is cheaper
    than a call of the cached function)."""

    def __missing__(self, raw: str) -> str | None:
        if len(self) > 4096:  # a bound, as canonical_ref's cache has
            self.clear()
        ref = self[raw] = canonical_ref(raw)
        return ref


_CANONICAL = _Canonical()


@dataclass(frozen=True)
class _Plan:
    """What the compiled engine keeps of one action: its type, its actor, its JSON size, its
    parameters, its generated check and run, and the refusal each index of the check names."""
    kind: str
    actor: str
    size: int
    params: tuple
    check: Callable[[Env], int]
    run: Callable[[Env], None]
    refusals: list[tuple]
    # (state, action, player) -> the decoded parameters, None for any doubt (_decoder)
    decode: Callable[[State, dict, str], dict | None]


# What a decoder (_decoder) does with each parameter type: `raw` is the action's value, `cls`
# its class, `{x}` the decoded value; anything but the common well-formed shapes returns None.
_DECODE_TESTS = {
    "field": ["if cls is not int:", "    return None",
              "{x} = _FIELD_REFS.get((player, raw)) or field_ref(player, raw)"],
    "target": ["if cls is int:", "    {x} = _FIELD_REFS.get((player, raw)) or field_ref(player, raw)",
               "elif cls is str and raw == 'discard':", "    {x} = raw", "else:", "    return None"],
    "int": ["if cls is not int:", "    return None", "{x} = raw"],
    "card": ["if cls is not str or ({x} := _CANONICAL[raw]) is None:", "    return None"],
    "player": ["if cls is not str or not _at_table(state, raw):", "    return None", "{x} = raw"],
    "variety": ["if cls is not str or raw not in varieties:", "    return None", "{x} = raw"],
    "space": ["if cls is not str or state.board is None or raw not in state.board:", "    return None", "{x} = raw"],
    "cards": ["if cls is not list:", "    return None", "{x} = []", "for c in raw:",
              "    if c.__class__ is not str or (r := _CANONICAL[c]) is None:", "        return None",
              "    {x}.append(r)"],
}
_DECODERS: dict[str, Any] = {}  # a decoder's source -> its code


def _decoder(params: Sequence[tuple[str, str]], varieties: object) -> Callable[[State, dict, str], dict | None]:
    """A function decoding an action's parameters (name, type) the short way: each one of the
    shapes Engine._decode_param accepts that is common and needs no message, else None (the
    reference decodes it). Written from the parameters' checked names (as literals) and types."""
    lines = ["def decode(state, act, player):"]
    names = []
    for i, (name, ptype) in enumerate(params):
        test = _DECODE_TESTS.get(ptype)
        if test is None:
            return lambda state, act, player: None
        lines.append(f"    raw = act.get({literal(name)}, _MISSING)")
        lines.append("    cls = raw.__class__")
        lines.extend("    " + x.format(x=f"x{i}") for x in test)
        names.append(f"{literal(name)}: x{i}")
    lines.append("    return {" + ", ".join(names) + "}")
    source = "\n".join(lines) + "\n"
    code = _DECODERS.get(source)
    if code is None:
        code = _DECODERS[source] = compile(source, "<bohnspec decoder>", "exec")
    space: dict[str, Any] = {"_FIELD_REFS": _FIELD_REFS, "field_ref": field_ref, "_CANONICAL": _CANONICAL,
                             "_at_table": _at_table, "_MISSING": _MISSING, "varieties": varieties}
    exec(code, space)
    return space["decode"]


_CODE: dict[tuple, object] = {}  # (sha256 of a generated source, accelerated) -> its `build`
_LOCK = threading.Lock()


def module_source(spec: Spec, accelerated: bool = False) -> tuple[str, Generator]:
    """The generated source for a Spec, with the generator (its constants and roots);
    `accelerated`: written for Cython (Generator._is)."""
    gen = _Collector(spec, accelerated).generator
    gen.pipeline()
    return gen.source(), gen


def _code(source: str, key: str):
    """The code object of a generated source: from the disk cache if it is there, else
    compiled (and cached). A cache that cannot be read or written is passed over."""
    from .accelerate import cache_dir
    path = cache_dir() / f"bohnspec_rules_{key[:32]}.{sys.implementation.cache_tag}.marshal"
    return cache.kept(path, lambda: compile(source, f"<bohnspec rules {key[:12]}>", "exec"), marshal.loads,
                      marshal.dumps)


def _builder(source: str, accelerate: bool):
    key = hashlib.sha256(source.encode()).hexdigest()
    with _LOCK:
        hit = _CODE.get((key, accelerate))
        if hit is None:
            if accelerate:
                from .accelerate import load_extension
                hit = load_extension(source, key)
            if hit is None:
                namespace: dict = {"__name__": f"bohnspec_rules_{key[:12]}"}
                exec(_code(source, key), namespace)  # noqa: S102 - generated from the checked model only
                hit = namespace["build"]
            _CODE[(key, accelerate)] = hit
        return hit


class _Collector(Engine):
    """Runs the reference Engine's set-up to learn, in order, every expression and block it
    compiles, and has the generator write a function for each."""

    def __init__(self, spec, accelerated: bool = False):
        self.generator = Generator(spec, accelerated=accelerated)
        super().__init__(spec)

    def expr(self, node, scope):
        self.generator.expr_root(node, scope)
        return None

    def block(self, stmts, scope):
        self.generator.block_root(stmts, scope)
        return []


class CompiledEngine(Engine):
    """An Engine whose expressions and blocks run as generated Python functions. Results are
    identical to the reference interpreter's (tests/test_compiled.py checks it)."""

    kind = "compiled"

    def __init__(self, spec: Spec, accelerate: bool = False):
        if accelerate:
            from .accelerate import available
            accelerate = available() is None  # else the source runs as Python: written for it
        source, gen = module_source(spec, accelerate)
        self.source = source
        self.accelerated = False
        build = _builder(source, accelerate)
        self.accelerated = accelerate and not hasattr(build, "__code__")
        self._reference_mode = True
        self.spec = spec  # the reference closures below need the engine's spec and names
        from ..language.names import Resolver
        self.names = Resolver(spec)
        self._later: list = []  # reference closures, built once the engine is set up
        self._invariants: Callable | None = None  # compile_invariants, made when first asked
        consts = [self._materialise(recipe) for recipe in gen.consts]
        self._reference_mode = False
        roots, extras = build(consts)
        functions = iter(roots)
        self._next: Iterator[Callable] = functions
        super().__init__(spec)
        left = next(functions, None)
        self._next = iter(())
        self._reference_mode = True  # after set-up (judge's questions): the reference closures
        for cell, (kind, node, scope) in self._later:
            cell[0] = getattr(Engine, "_s_" + node.kind)(self, node, scope) if kind == "ref_stmt" \
                else Engine.expr(self, node, scope)
        if left is not None:
            raise AssertionError("the generated module and the engine disagree on the roots")
        self._emitters = {k[5:]: f for k, f in extras.items() if k.startswith("emit:")}
        self._phase_entries = {k[6:]: f for k, f in extras.items() if k.startswith("phase:")}
        self._plans: dict[str, _Plan] = {}
        for name, a in spec.actions.items():
            refusals: list[tuple] = [(f.rule_id, f.reason, f.loc, frozenset()) for f, _ in self._action_forbids[name]]
            refusals += [(c.rule_id, c.reason, c.loc, reads) for c, _, reads in self._clauses[name]]
            params = tuple((p.name, p.type) for p in a.params)
            self._plans[name] = _Plan(name, a.actor, len(a.params) + 2, params, extras[f"check:{name}"],
                                      extras[f"apply:{name}"], refusals, _decoder(params, spec.varieties))

    # ------------------------------------------------------------ the action pipeline
    def decode(self, state: State, action: object) -> tuple[str, str, dict]:
        """The reference decoding, with a short way for the common well-formed action: any
        doubt, and every error, goes the reference way (Engine.decode, Engine._decode_param)."""
        if type(action) is dict:
            act: dict = action  # a dict for Cython too: its `get` is a C call
            kind = act.get("type")
            plans: dict = self._plans
            plan = plans.get(kind) if type(kind) is str else None
            if plan is not None and len(act) == plan.size:
                player = act.get("player")
                players = state.players
                seat = state._seats.get(player) if type(player) is str else None
                # The seat index is a hint: the player found there must bear the name.
                if seat is None or seat >= len(players) or players[seat].name != player:
                    player = _seated(state, player)
                if player is not None:
                    values = plan.decode(state, act, player)
                    if values is not None:
                        return plan.kind, player, values
        return super().decode(state, action)

    def _refusal(self, state: State, kind: str, player: str, values: dict) -> Rejection | None:
        """The generated check: it answers the index of the refusal (-1: none)."""
        plan = self._plans[kind]
        local = dict(values)
        local[plan.actor] = player
        env = Env(self, state, local)
        refused = plan.check(env)
        return None if refused < 0 else refusal(env, *plan.refusals[refused])

    def apply(self, state: State, action: object, in_place: bool = False,
              shuffler: Shuffler | None = None) -> Outcome:
        kind, player, values = self.decode(state, action)
        plan = self._plans[kind]
        values[plan.actor] = player
        env = Env(self, state, values, shuffler)
        try:
            refused = plan.check(env)
            if refused >= 0:
                return Outcome(state, [], refusal(env, *plan.refusals[refused]))
            # The same Env runs the effect, as fresh as a new one: conditions record nothing and
            # put the locals (the same dict, unchanged) and the call depth back as they found them.
            if not in_place:
                env.state = state.copy()
            env.fuel = STEP_BUDGET
            plan.run(env)
        except UNFIT as exc:
            raise unfit_error(exc, self.spec.actions[kind]) from None
        return Outcome(env.state, env.events, None, env.sources)

    def enter_phase(self, env: Env, phase: str, loc: Location | None) -> None:
        self._phase_entries[phase](env, loc)

    def emit(self, env: Env, name: str, payload: dict, record: bool = True, source: tuple | None = None) -> None:
        if record:
            env.events.append({"event": name, **{k: serialise(v) for k, v in payload.items()}})
            env.sources.append(tuple(env.frames) if source is None else source)
        run = self._emitters.get(name)
        if run is not None:
            run(env, payload)

    def compile_exprs(self, parts: Sequence[tuple]) -> list[Callable]:
        """Generated functions for expressions asked after set-up (move generation's parts of
        `require` clauses, execution/moves.py): one more module, compiled and cached like the
        rules' own. A part (node, scope) is an expression env -> value; a part ((node, ...),
        scope) a conjunction (Engine.all_of)."""
        gen = Generator(self.spec, self.names, self.accelerated)
        for part in parts:
            if part[0].__class__ is tuple:
                gen.all_root(*part)
            else:
                gen.expr_root(*part)
        return self._roots(gen)

    def compile_enabled(self, groups: Sequence[Node | None], kinds: Sequence[tuple], unasked: object) -> Callable:
        """moves.enabled as one generated function (Generator.enabled_root), compiled and
        cached like the rules' own module."""
        gen = Generator(self.spec, self.names, self.accelerated)
        gen.enabled_root(groups, kinds, unasked)
        return self._roots(gen)[0]

    def compile_invariants(self) -> Callable:
        """The spec's invariants as one generated function (Generator.invariants_root), for the
        consistency check of a loaded state; compiled and cached like the rules' own module."""
        if self._invariants is None:
            gen = Generator(self.spec, self.names, self.accelerated)
            gen.invariants_root([(_part(inv.condition, inv), inv.var) for inv in self.spec.invariants])
            self._invariants = self._roots(gen)[0]
        return self._invariants

    def _roots(self, gen: Generator) -> list[Callable]:
        """The functions of one more generated module (after set-up), built and cached like the
        rules' own, its constants made (reference closures included)."""
        build = _builder(gen.source(), self.accelerated)
        start = len(self._later)
        consts = [self._materialise(recipe) for recipe in gen.consts]
        for cell, (kind, node, scope) in self._later[start:]:
            cell[0] = getattr(Engine, "_s_" + node.kind)(self, node, scope) if kind == "ref_stmt" \
                else Engine.expr(self, node, scope)
        roots, _ = build(consts)
        return list(roots)

    def _materialise(self, recipe):
        kind = recipe[0]
        if kind == "engine":
            return self
        if kind == "value":
            return recipe[1]
        if kind in ("ref_stmt", "ref_expr"):
            cell = [None]
            self._later.append((cell, recipe))
            return cell
        raise ValueError(f"unknown constant recipe {kind!r}")

    def expr(self, node: Node, scope: frozenset) -> Expr:
        if self._reference_mode:
            return super().expr(node, scope)
        return next(self._next)

    def block(self, stmts: Sequence[Node], scope: frozenset) -> list[Stmt]:
        if self._reference_mode:
            return super().block(stmts, scope)
        fn = next(self._next)
        return [fn] if stmts else []
