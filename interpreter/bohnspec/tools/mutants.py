"""Mutation testing of the spec: a scenario must be able to fail.

    bohnspec mutants                          # every mutant of base (about 10 s on 2 cores)
    bohnspec mutants --modules bohnroeschen --limit 200 --seed 1 --json out.json
    bohnspec mutants --quick                  # 25 mutants of base, a smoke run
    bohnspec mutants --modules dschingis my-scenarios/   # can my own scenarios fail?

(`python bench/mutants.py` runs the same from a checkout.)

Mutants are generated from the compiled rules model, never written by hand: each is a copy
of one declaration with one small change (file:line:column tells where):

    compare       `==` <-> `!=`, `<` <-> `<=`, `>` <-> `>=`
    constant      an integer constant +1 or -1; a Beanometer threshold +1 or -1 where the
                  meter still rises; a variety's card count +1 or -1
    and/or        `and` <-> `or`
    drop-clause   one `when` / `require` clause of an action (or of an `extend`) left out;
                  also one `forbid` left out, and one `drop` of an `extend` (the clauses it
                  takes out are back)
    negate-vine   a vine card's `met when` / `claim when` / `on EVENT when` condition negated
    drop-stmt     one statement of an effect, procedure, handler, `on enter` or setup block
                  left out (`let` statements are kept: dropping one leaves a name undefined);
                  also one event of a variable's `reset on`

A `grant` clause is never mutated: it only names the paragraphs that allow an action, and no
verdict depends on it. Only declarations of the chosen modules are mutated, and only where they are in force (a
`define` that a later module replaces is not). Each mutant builds an Engine for every set of
modules its scenarios need; one that does not compile is skipped. The scenarios of the
chosen modules (those whose modules lie within the chosen modules and their requirements; of
the whole corpus, or of the PATHs given) are played in corpus order against it, stopping at
the first that fails or errors: the mutant is *killed*. A mutant no scenario notices
*survives*: either an equivalent mutant or a behaviour no scenario pins down. Scenarios that
fail on the unmutated spec are left out. Scenarios that killed no mutant first (an earlier
scenario always got there before them) are then replayed alone against every compiled mutant
that applies to them: one that fails against none of them may be unable to fail at all. A
scenario the mutated rules refuse as written (it names an event they no longer emit) kills the
mutant, but is no sign that the scenario can fail: it is replayed like those that killed none.

Each scenario runs under a time guard (--timeout, wall clock); a mutant that loops, runs out
of its evaluation budget or crashes the interpreter counts as killed by that scenario.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import re
import signal
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from .. import paths
from ..conformance import runner as R
from ..language.compile import compile_text
from ..errors import BohnspecError, Location
from ..execution.interpret import Engine
from ..language.model import (
    Action, Board, Card, Clause, Decl, Extend, Forbid, Node, RulesFile, Var, Variety, Vine,
)
from ..language.spec import build, module_closure, spec_files
from ..language.unparse import unparse

QUICK_LIMIT = 25

STATEMENTS = {"let", "assign", "move", "give_fields", "reshuffle", "goto", "goto_next",
              "goto_first", "emit", "if", "for", "repeat", "call_stmt"}
EXPRESSIONS = {"const", "name", "list", "attr", "call", "or", "and", "not", "compare", "member", "arith",
               "product", "quant", "cond"}
SELECTIONS = {"first", "last", "all", "item", "refs", "each"}
FLIPS = {"==": "!=", "!=": "==", "<": "<=", "<=": "<", ">": ">=", ">=": ">"}

GENERATED, NOT_COMPILED, KILLED, SURVIVED = "generated", "not-compiled", "killed", "survived"


# ------------------------------------------------------------ the model, and its source

@dataclass
class Source:
    """The spec's files, compiled once, with their texts (for quoting and exact columns)."""

    files: list[RulesFile]
    texts: dict[str, str]

    def line(self, loc: Location) -> str:
        lines = self.texts.get(loc.file, "").splitlines()
        return lines[loc.line - 1].strip() if 0 < loc.line <= len(lines) else ""

    def offset(self, file: str, line: int) -> int:
        text = self.texts[file]
        pos = 0
        for _ in range(line - 1):
            pos = text.index("\n", pos) + 1
        return pos

    def location_at(self, file: str, offset: int) -> Location:
        text = self.texts[file]
        line = text.count("\n", 0, offset) + 1
        return Location(file, line, offset - (text.rfind("\n", 0, offset) + 1) + 1)


def load_source(extra: list[Path] | tuple = ()) -> Source:
    """spec/ and the `extra` rules files (a designer's own module, the reference maps)."""
    files, texts = [], {}
    for f in [*spec_files(), *extra]:
        try:
            name = f.resolve().relative_to(paths.ROOT.resolve()).as_posix()
        except ValueError:
            name = str(f)
        texts[name] = f.read_text(encoding="utf-8")
        files.append(compile_text(texts[name], name))
    return Source(files, texts)


def short(text: str, width: int = 70) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 3] + "..."


# ------------------------------------------------------------ mutants

@dataclass
class Mutant:
    id: int
    file: int  # index into Source.files
    decl: int  # index into that file's declarations
    new: object  # the mutated declaration; None: the declaration is left out
    module: str
    where: Location
    what: str  # "`!=` -> `==`"
    operator: str
    context: str = ""  # the expression or line mutated
    status: str = GENERATED
    killed_by: str | None = None
    verdict: str = ""  # failed, errored, timeout, crashed
    message: str = ""
    scenarios_run: int = 0
    seconds: float = 0.0
    relevant: list = field(default_factory=list)  # the sets of modules whose engines it changes

    @property
    def description(self) -> str:
        return f"{self.where} {self.what}"

    def to_json(self) -> dict:
        out = {"id": self.id, "description": self.description, "file": self.where.file,
               "line": self.where.line, "column": self.where.column, "operator": self.operator,
               "change": self.what, "context": self.context, "module": self.module,
               "status": self.status, "scenarios_run": self.scenarios_run,
               "seconds": round(self.seconds, 4)}
        if self.killed_by:
            out["killed_by"] = self.killed_by
            out["verdict"] = self.verdict
        if self.message:
            out["message"] = self.message
        return out


def _node_mutations(n: Node):
    """(loc, what, operator, context, new node) for the node itself."""
    if n.kind == "compare":
        left, op, right = n.args
        yield n.loc, f"`{op}` -> `{FLIPS[op]}`", "compare", unparse(n), Node(n.kind, (left, FLIPS[op], right), n.loc)
    elif n.kind == "const" and isinstance(n.args[0], int) and not isinstance(n.args[0], bool):
        v = n.args[0]
        for new in (v + 1, v - 1):
            yield n.loc, f"`{v}` -> `{new}`", "constant", "", Node("const", (new,), n.loc)
    elif n.kind in ("and", "or"):
        other = "or" if n.kind == "and" else "and"
        yield n.loc, f"`{n.kind}` -> `{other}`", "and/or", unparse(n), Node(other, n.args, n.loc)


def _selection_text(sel: Node) -> str:
    k, a = sel.kind, sel.args
    if k == "first":
        return f"first {unparse(a[0])} of {unparse(a[1])}" if a[0] is not None else f"first of {unparse(a[1])}"
    if k in ("last", "all"):
        return f"{k} of {unparse(a[0])}"
    if k == "item":
        return f"item {unparse(a[0])} of {unparse(a[1])}"
    if k == "refs":
        return f"cards {unparse(a[0])} of {unparse(a[1])}"
    if k == "each":
        return f"each {unparse(a[0])} of {unparse(a[1])}"
    return f"<{k}>"


def stmt_text(s: Node) -> str:
    """A statement back to (normalised) rules-language text; blocks shown as `{ ... }`."""
    k, a = s.kind, s.args
    if k == "let":
        return f"let {a[0]} = {unparse(a[1])}"
    if k == "assign":
        target = a[0][1] if a[0][0] == "var" else f"{a[0][1]}.{a[0][2]}"
        return f"{target} = {unparse(a[1])}"
    if k == "move":
        return f"move {_selection_text(a[0])} to {a[1]} of {unparse(a[2])}"
    if k == "give_fields":
        return f"give {unparse(a[0])} fields to {unparse(a[1])}"
    if k == "reshuffle":
        return f"reshuffle {unparse(a[0])} into {unparse(a[1])}"
    if k == "goto":
        return f"goto {a[0]}"
    if k in ("goto_next", "goto_first"):
        return k.replace("_", " ")
    if k == "emit":
        return f"emit {a[0]}(" + ", ".join(f"{key}: {unparse(v)}" for key, v in a[1]) + ")"
    if k == "if":
        text = " ".join(("if" if i == 0 else "elif") + f" {unparse(c)} {{ ... }}" for i, (c, _) in enumerate(a[0]))
        return text + (" else { ... }" if a[1] else "")
    if k == "for":
        return f"for {a[0]} in {unparse(a[1])} {{ ... }}"
    if k == "repeat":
        return f"repeat {unparse(a[0])} {{ ... }}"
    if k == "call_stmt":
        return f"{a[0]}(" + ", ".join(unparse(x) for x in a[1]) + ")"
    return f"<{k}>"


def _is_block(value) -> bool:
    return bool(value) and all(isinstance(s, Node) and s.kind in STATEMENTS for s in value)


def walk(value, src: Source):
    """Every single mutation within an expression, a statement or a block of statements:
    (loc, what, operator, context, the value with that one change)."""
    if isinstance(value, Node):
        yield from _node_mutations(value)
        for i, a in enumerate(value.args):
            for loc, what, op, ctx, new in walk(a, src):
                if not ctx:  # a constant: say where it stands
                    ctx = (unparse(value) if value.kind in EXPRESSIONS else _selection_text(value)
                           if value.kind in SELECTIONS else short(stmt_text(value)))
                yield loc, what, op, ctx, Node(value.kind, value.args[:i] + (new,) + value.args[i + 1:], value.loc)
    elif isinstance(value, tuple):
        if _is_block(value):
            for i, s in enumerate(value):
                if s.kind != "let":
                    text = short(stmt_text(s))
                    yield s.loc, f"drop `{text}`", "drop-stmt", text, value[:i] + value[i + 1:]
        for i, a in enumerate(value):
            for loc, what, op, ctx, new in walk(a, src):
                yield loc, what, op, ctx, value[:i] + (new,) + value[i + 1:]


def _rising(meter) -> bool:
    levels = [t for t in meter if t is not None]
    return levels == sorted(levels) and len(set(levels)) == len(levels) and min(levels) >= 1


def _variety_mutations(d: Variety, src: Source):
    """Beanometer thresholds and the card count, +1 and -1, located in the source text."""
    text = src.texts.get(d.loc.file, "")
    start = src.offset(d.loc.file, d.loc.line) if text else 0
    count_at = meter_at = None
    if text:
        m = re.compile(r"count\s+(\d+)").search(text, start)
        count_at = src.location_at(d.loc.file, m.start(1)) if m else None
        m = re.compile(r"meter\s*\[([^\]]*)\]").search(text, start)
        if m:
            meter_at = [src.location_at(d.loc.file, m.start(1) + t.start())
                        for t in re.finditer(r"-|\d+", m.group(1))]
    if d.meter is not None:
        for level, threshold in enumerate(d.meter, start=1):
            if threshold is None:
                continue
            for new in (threshold + 1, threshold - 1):
                meter = list(d.meter)
                meter[level - 1] = new
                if _rising(meter):
                    loc = meter_at[level - 1] if meter_at and len(meter_at) == len(d.meter) else d.loc
                    yield (loc, f"{d.name} Beanometer level {level} `{threshold}` -> `{new}`", "constant",
                           f"meter {list(d.meter)}", dataclasses.replace(d, meter=tuple(meter)))
    for new in (d.count + 1, d.count - 1):
        if new >= 0:
            yield (count_at or d.loc, f"{d.name} count `{d.count}` -> `{new}`", "constant",
                   f"count {d.count}", dataclasses.replace(d, count=new))


def _card_mutations(d: Card):
    """A card kind's count and each of its own attributes, +1 and -1."""
    for new in (d.count + 1, d.count - 1):
        if new >= 1:
            yield (d.loc, f"{d.name} count `{d.count}` -> `{new}`", "constant", f"card {d.name} count {d.count}",
                   dataclasses.replace(d, count=new))
    for i, (attr, value) in enumerate(d.attrs):
        for new in (value + 1, value - 1):
            attrs = d.attrs[:i] + ((attr, new),) + d.attrs[i + 1:]
            yield (d.loc, f"{d.name} {attr} `{value}` -> `{new}`", "constant", f"card {d.name} {attr} {value}",
                   dataclasses.replace(d, attrs=attrs))


def _board_mutations(d: Board, kinds: list[str]):
    """Each card a board lays changed to the next kind of its list (a wrong layout)."""
    for r, (shift, cells) in enumerate(d.rows):
        for c, cell in enumerate(cells):
            if cell in kinds:
                new = kinds[(kinds.index(cell) + 1) % len(kinds)]
                rows = d.rows[:r] + ((shift, cells[:c] + (new,) + cells[c + 1:]),) + d.rows[r + 1:]
                yield (d.loc, f"board {d.name} row {r + 1} cell {c + 1} `{cell}` -> `{new}`", "constant",
                       f"board {d.name}", dataclasses.replace(d, rows=rows))


def _clause_mutations(d, src: Source):
    """Each clause left out, and every mutation inside each clause's condition."""
    clauses = d.clauses
    # A `grant` only names the paragraphs that allow an action: no verdict, state or event
    # depends on it, so a change to one is an equivalent mutant no scenario could kill.
    for i, c in enumerate(clauses):
        if c.kind == "grant":
            continue
        cond = short(unparse(c.condition), 60)
        yield (c.loc, f"drop `{c.kind} {cond}`", "drop-clause", f"{c.kind} {cond}",
               dataclasses.replace(d, clauses=clauses[:i] + clauses[i + 1:]))
    # A house rule's `drop` left out: the book's clauses it takes out are back.
    for i, x in enumerate(getattr(d, "drops", ())):
        named = f"drop {x.kind + ' ' if x.kind else ''}{', '.join(x.paragraphs)}"
        yield (x.loc, f"leave out `{named}`", "drop-clause", named,
               dataclasses.replace(d, drops=d.drops[:i] + d.drops[i + 1:]))
    for i, c in enumerate(clauses):
        if c.kind == "grant":
            continue
        for loc, what, op, ctx, new in walk(c.condition, src):
            nc = Clause(c.kind, new, c.reason, c.cites, c.loc)
            yield loc, what, op, ctx, dataclasses.replace(d, clauses=clauses[:i] + (nc,) + clauses[i + 1:])


def _vine_mutations(d: Vine, src: Source):
    for part in ("met", "claim"):
        conds = getattr(d, part)
        for i, c in enumerate(conds):
            neg = Node("not", (c,), c.loc)
            yield (c.loc, f"negate `{part} when`", "negate-vine", f"{part} when {short(unparse(c), 60)}",
                   dataclasses.replace(d, **{part: conds[:i] + (neg,) + conds[i + 1:]}))
            for loc, what, op, ctx, new in walk(c, src):
                yield loc, what, op, ctx, dataclasses.replace(d, **{part: conds[:i] + (new,) + conds[i + 1:]})
    events = d.events
    for i, ev in enumerate(events):
        c = ev.condition
        variants = [(c.loc, f"negate `on {ev.event} when`", "negate-vine",
                     f"on {ev.event} when {short(unparse(c), 60)}", Node("not", (c,), c.loc))]
        variants += list(walk(c, src))
        for loc, what, op, ctx, new in variants:
            ne = dataclasses.replace(ev, condition=new)
            yield loc, what, op, ctx, dataclasses.replace(d, events=events[:i] + (ne,) + events[i + 1:])


# Fields of declarations holding expressions, statements or blocks.
_FIELDS = ("in_play", "default", "body", "on_enter", "effect", "condition", "keys")


def decl_mutations(d, src: Source):
    """(loc, what, operator, context, new declaration or None) for one declaration."""
    if isinstance(d, Variety):
        yield from _variety_mutations(d, src)
    if isinstance(d, Card):
        yield from _card_mutations(d)
    if isinstance(d, Board):
        kinds = [c.name for f in src.files for c in f.decls if isinstance(c, Card)]
        yield from _board_mutations(d, kinds)
    if isinstance(d, (Action, Extend)):
        yield from _clause_mutations(d, src)
    if isinstance(d, Forbid):
        text = short(f"{d.name} when {unparse(d.condition)}", 60)
        yield d.loc, f"drop `{text}`", "drop-clause", text, None
    if isinstance(d, Vine):
        yield from _vine_mutations(d, src)
        return
    if isinstance(d, Var):
        for event, key in dict.fromkeys(d.resets):
            said = f"{event}({key})" if key else event
            yield (d.loc, f"drop `reset on {said}`", "drop-stmt", f"var {d.name}",
                   dataclasses.replace(d, resets=tuple(e for e in d.resets if e != (event, key))))
    for name in _FIELDS:
        value = getattr(d, name, None)
        if not isinstance(value, (Node, tuple)):
            continue
        for loc, what, op, ctx, new in walk(value, src):
            yield loc, what, op, ctx or f"{type(d).__name__.lower()} {d.name}", dataclasses.replace(d, **{name: new})


def live_decls(spec) -> set[int]:
    """The ids of the declarations in force in a built spec (a replaced define is not)."""
    out: set[int] = set()
    for table in (spec.varieties, spec.options, spec.zones, spec.vars, spec.defines, spec.phases,
                  spec.actions, spec.procedures, spec.vines, spec.cards, spec.boards):
        out.update(id(d) for d in table.values())
    for lst in (spec.extends, spec.forbids, spec.end_rules, spec.setups, *spec.handlers.values()):
        out.update(id(d) for d in lst)
    out.update(id(d) for d in (spec.turn, spec.winners) if d is not None)
    return out


def generate(src: Source, modules: set[str], live: set[int]) -> list[Mutant]:
    out: list[Mutant] = []
    for fi, f in enumerate(src.files):
        for di, d in enumerate(f.decls):
            if d.module not in modules or id(d) not in live:
                continue
            for loc, what, op, ctx, new in decl_mutations(d, src):
                out.append(Mutant(len(out), fi, di, new, d.module, loc, what, op, short(ctx, 80)))
    return out


def mutated_files(src: Source, m: Mutant) -> list[RulesFile]:
    files = list(src.files)
    f = files[m.file]
    decls = list(f.decls)
    if m.new is None:
        del decls[m.decl]
    else:
        decls[m.decl] = cast(Decl, m.new)
    files[m.file] = RulesFile(f.path, decls)
    return files


# ------------------------------------------------------------ running scenarios

class _Timeout(BaseException):
    """Raised by the time guard; a BaseException so that no handler on the way swallows it."""


class Engines(R.InProcess):
    """The in-process adapter over given engines, one per set of modules."""

    def __init__(self, engines: dict):
        super().__init__()
        self.engines = engines

    def engine(self, modules):
        return self.engines[frozenset(modules)]


def guarded(adapter, sc, timeout: float) -> tuple[str, str]:
    """(verdict, message) of one scenario: passed, failed, errored, timeout or crashed."""
    use_timer = timeout > 0 and hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    old = None
    if use_timer:
        def alarm(signum, frame):
            raise _Timeout()
        old = signal.signal(signal.SIGALRM, alarm)
        signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        v = R.run_scenario(adapter, sc)
        message = v.message
        if v.verdict == R.FAILED:
            bad = next((s for s in v.steps if not s.ok), None)
            if bad is not None:
                message = f"step {bad.index}: " + short(" ".join(bad.problems), 200)
        return v.verdict, message
    except _Timeout:
        return "timeout", f"no verdict within {timeout:g} s"
    except RecursionError:
        return "crashed", "RecursionError"
    except Exception as exc:  # a mutant may break the interpreter anywhere
        return "crashed", short(f"{type(exc).__name__}: {exc}", 200)
    finally:
        if use_timer:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)


def build_engines(files, modsets) -> dict:
    return {ms: Engine(build(files, sorted(ms))) for ms in modsets}


# ------------------------------------------------------------ the campaign

@dataclass
class Campaign:
    modules: list[str]
    mutants: list[Mutant] = field(default_factory=list)
    generated: int = 0
    scenarios: list = field(default_factory=list)
    baseline_failures: dict = field(default_factory=dict)
    killed_first: Counter = field(default_factory=Counter)
    # Of those, the kills by the scenario's own failure (not by its being refused as written):
    # a scenario with none is replayed to see whether it can fail.
    failed_first: Counter = field(default_factory=Counter)
    run_against: Counter = field(default_factory=Counter)
    # Scenarios that killed no mutant first, replayed alone against every compiled mutant that
    # applies to them: the first mutant each fails against (None: it failed against none).
    can_fail: dict = field(default_factory=dict)
    seconds: float = 0.0

    def count(self, status) -> int:
        return sum(1 for m in self.mutants if m.status == status)


def progress(i, n, c: Campaign, started, final=False):
    tty = sys.stderr.isatty()
    if not (final or tty or i % 25 == 0):
        return
    line = (f"[{i}/{n}] killed {c.count(KILLED)}  survived {c.count(SURVIVED)}  "
            f"not compiled {c.count(NOT_COMPILED)}  {time.perf_counter() - started:.1f} s")
    end = "\n" if final or not tty else ""
    sys.stderr.write(("\r" + line + "\033[K" if tty else line) + end)
    sys.stderr.flush()


def own_modules(source: Source, rules: list[Path] | tuple) -> list[str]:
    """The modules the `rules` files declare (loaded after spec/ in `source`), in file order."""
    return list(dict.fromkeys(d.module for f in source.files[len(source.files) - len(rules):] for d in f.decls)) \
        if rules else []


def run(modules: list[str], limit: int | None, seed: int, timeout: float, quiet=False,
        scenarios: list[Path] | None = None, rules: list[Path] | tuple = ()) -> Campaign:
    """The campaign: the mutants of `modules` against the scenarios at `scenarios` (files or
    folders; None: the whole corpus) whose modules lie within them and their requirements;
    `rules`: rules files loaded beside spec/ (their modules may be mutated too)."""
    started = time.perf_counter()
    src = load_source(rules)
    closure = module_closure(src.files, modules)
    camp = Campaign(sorted(closure & set(modules)) if modules else sorted(closure))
    # The rules files' own modules are played too (their scenarios need them), mutated or not.
    own = sorted(own_modules(src, rules))
    closure |= module_closure(src.files, own) if own else set()
    # A module of the designer's own that plays in others' games (`requires war`: a card of both
    # war games): its scenarios play those games too, so any module may come with it; only
    # scenarios playing a mutated module are kept (round 92's designer had none played).
    mine = set(modules) & set(own)
    within = set(closure)
    if mine:
        closure |= {d.name for f in src.files for d in f.decls if type(d).__name__ == "Module"}

    selection = R.select(scenarios or [paths.SCENARIOS], sorted(closure), None)
    if mine:
        selection.scenarios[:] = [sc for sc in selection.scenarios if set(sc.modules) <= within
                                  or mine & module_closure(src.files, list(sc.modules))]
    if selection.broken:
        for v in selection.broken:
            camp.baseline_failures[v.id] = v.message
    modsets = sorted({frozenset(sc.modules) for sc in selection.scenarios}, key=sorted)
    specs = {ms: build(src.files, sorted(ms)) for ms in modsets}
    live = {ms: live_decls(s) for ms, s in specs.items()}

    # The baseline: only scenarios that pass on the real spec count.
    base = Engines({ms: Engine(s) for ms, s in specs.items()})
    for sc in selection.scenarios:
        verdict, message = guarded(base, sc, max(timeout, 30.0))
        if verdict == R.PASSED:
            camp.scenarios.append(sc)
        else:
            camp.baseline_failures[sc.id] = f"{verdict}: {message}"

    all_live = set().union(*live.values()) if live else set()
    mutants = generate(src, set(modules), all_live)
    camp.generated = len(mutants)
    if limit is not None and limit < len(mutants):
        mutants = sorted(random.Random(seed).sample(mutants, limit), key=lambda m: m.id)
    camp.mutants = mutants

    for i, m in enumerate(mutants, start=1):
        t0 = time.perf_counter()
        original = src.files[m.file].decls[m.decl]
        m.relevant = relevant = [ms for ms in modsets if id(original) in live[ms]]
        try:
            engines = Engines(build_engines(mutated_files(src, m), relevant))
        except Exception as exc:  # compile-time errors of the mutated rules
            m.status, m.message = NOT_COMPILED, short(f"{type(exc).__name__}: {exc}", 200)
        else:
            m.status = SURVIVED
            for sc in camp.scenarios:
                if frozenset(sc.modules) not in engines.engines:
                    continue
                m.scenarios_run += 1
                camp.run_against[sc.id] += 1
                verdict, message = guarded(engines, sc, timeout)
                if verdict != R.PASSED:
                    m.status, m.killed_by, m.verdict, m.message = KILLED, sc.id, verdict, message
                    camp.killed_first[sc.id] += 1
                    if not _refused_as_written(message):
                        camp.failed_first[sc.id] += 1
                    break
        m.seconds = time.perf_counter() - t0
        if not quiet:
            progress(i, len(mutants), camp, started, final=i == len(mutants))
    check_silent(camp, src, timeout, quiet)
    camp.seconds = time.perf_counter() - started
    return camp


def check_silent(c: Campaign, src: Source, timeout: float, quiet=False):
    """Play each scenario that killed no mutant first against every compiled mutant that
    applies to it, until one makes it fail: a scenario that fails against none of them may
    be unable to fail at all."""
    silent = {sc.id: sc for sc in c.scenarios if c.run_against[sc.id] and not c.failed_first[sc.id]}
    c.can_fail = dict.fromkeys(silent)
    # Narrow mutants first (those that got past many scenarios): the example shown for a
    # scenario is then a change it notices where most others do not.
    compiled = sorted((m for m in c.mutants if m.status in (KILLED, SURVIVED)),
                      key=lambda m: (-m.scenarios_run, m.id))
    for n, m in enumerate(compiled, start=1):
        pending = [sc for i, sc in silent.items()
                   if c.can_fail[i] is None and frozenset(sc.modules) in m.relevant]
        if not pending:
            continue
        engines = Engines(build_engines(mutated_files(src, m), m.relevant))
        for sc in pending:
            verdict, message = guarded(engines, sc, timeout)
            if verdict != R.PASSED and not _refused_as_written(message):
                c.can_fail[sc.id] = m.description
        if not quiet and sys.stderr.isatty():
            sys.stderr.write(f"\r[{n}/{len(compiled)}] replaying {len(silent)} scenarios that killed none first\033[K")
    if not quiet and sys.stderr.isatty() and silent:
        sys.stderr.write("\n")


def _refused_as_written(message: str) -> bool:
    """A scenario the mutant's rules refuse to load as written (an event they never emit, say)
    kills the mutant, but shows nothing of what the scenario itself can tell apart: a scenario
    expecting no toll `errored` against a mutant that drops the toll's only `emit`, and was
    counted as able to fail (round 93's designer)."""
    return message.startswith("BUG IN SCENARIO")


# ------------------------------------------------------------ reports

def summary(c: Campaign) -> dict:
    compiled = c.count(KILLED) + c.count(SURVIVED)
    return {"modules": c.modules, "generated": c.generated, "sampled": len(c.mutants),
            "compiled": compiled, "not_compiled": c.count(NOT_COMPILED), "killed": c.count(KILLED),
            "survived": c.count(SURVIVED),
            "score": round(c.count(KILLED) / compiled, 4) if compiled else None,
            "scenarios": len(c.scenarios), "seconds": round(c.seconds, 2)}


def by_operator(c: Campaign) -> dict:
    out: dict[str, Counter] = {}
    for m in c.mutants:
        out.setdefault(m.operator, Counter())[m.status] += 1
    return {op: dict(cnt) for op, cnt in sorted(out.items())}


def silent_scenarios(c: Campaign) -> list[tuple[str, int]]:
    """Scenarios run against some mutants that killed none of them by failing (a scenario the
    mutated rules refused as written is one of these)."""
    return [(sc.id, c.run_against[sc.id]) for sc in c.scenarios
            if c.run_against[sc.id] and not c.failed_first[sc.id]]


def report(c: Campaign) -> str:
    s = summary(c)
    lines = []
    rows = [("modules", ", ".join(s["modules"])), ("scenarios played (passing on the real spec)", s["scenarios"]),
            ("mutants generated", s["generated"]), ("mutants sampled", s["sampled"]),
            ("compiled", s["compiled"]), ("did not compile (skipped)", s["not_compiled"]),
            ("killed", s["killed"]), ("survived", s["survived"]),
            ("mutation score (killed / compiled)", f"{100 * s['score']:.1f} %" if s["score"] is not None else "-"),
            ("time", f"{s['seconds']:.1f} s")]
    width = max(len(r[0]) for r in rows)
    lines.append(f"{'mutation testing':{width}}  value")
    lines.append("-" * (width + 20))
    lines += [f"{k:{width}}  {v}" for k, v in rows]

    lines.append("")
    lines.append(f"{'operator':12}  {'sampled':>7}  {'compiled':>8}  {'killed':>6}  {'survived':>8}")
    for op, cnt in by_operator(c).items():
        comp = cnt.get(KILLED, 0) + cnt.get(SURVIVED, 0)
        lines.append(f"{op:12}  {sum(cnt.values()):>7}  {comp:>8}  {cnt.get(KILLED, 0):>6}  {cnt.get(SURVIVED, 0):>8}")

    if c.baseline_failures:
        lines.append("")
        lines.append(f"scenarios left out (they do not pass on the real spec): {len(c.baseline_failures)}")
        lines += [f"  {k}: {short(v, 100)}" for k, v in sorted(c.baseline_failures.items())]

    survivors = [m for m in c.mutants if m.status == SURVIVED]
    lines.append("")
    lines.append(f"surviving mutants ({len(survivors)}): an equivalent mutant, or a behaviour no scenario pins down")
    for m in survivors:
        ctx = f"   in `{m.context}`" if m.context and m.context not in m.what else ""
        lines.append(f"  {m.description}{ctx}")

    lines.append("")
    killers = sorted(((n, i) for i, n in c.killed_first.items()), key=lambda t: (-t[0], t[1]))
    lines.append(f"scenarios by mutants killed first ({len(killers)} scenarios killed some; `as written`: the "
                 "kills where the mutated rules refused the scenario as written, which show no more than that "
                 "it names what the mutant changed)")
    lines.append(f"  {'killed':>6}  {'as written':>10}  {'run':>5}  scenario")
    for n, i in killers:
        lines.append(f"  {n:>6}  {n - c.failed_first[i]:>10}  {c.run_against[i]:>5}  {i}")

    silent = silent_scenarios(c)
    never = [sc.id for sc in c.scenarios if not c.run_against[sc.id]]
    dead = [(i, n) for i, n in silent if c.can_fail.get(i) is None]
    lines.append("")
    # (a kill by refusing the scenario as written is no failure of its expectations: such a
    # scenario is listed here too, said so; round 96's designer read the two lists as contradicting)
    lines.append(f"scenarios that failed against none of the mutants they were run against, their kills if any "
                 f"being refusals of the scenario as written ({len(silent)}); each replayed alone against every "
                 "compiled mutant that applies to it:")
    lines.append(f"  they fail against some mutant when they get the chance ({len(silent) - len(dead)}):")
    lines += [f"    {i}  (fails against {c.can_fail[i]})" for i, _ in silent if c.can_fail.get(i) is not None]
    # (of a sample, said so: round 96's blind author took three scenarios for ones that cannot
    # fail, each of which killed 10 to 20 mutants of a full run)
    sampled = len(c.mutants) < c.generated
    lines.append("  they fail against none" + (f" of the {len(c.mutants)} sampled of {c.generated} (a full run, "
                                               "without --quick or --limit, may find one)" if sampled else
                                               " (check that they can fail at all)") + f" ({len(dead)}):")
    lines += [f"    {i}  (run against {n}" + (f"; the {c.killed_first[i]} it killed first refused it as written"
                                                if c.killed_first[i] else "") + ")" for i, n in dead]
    if never:
        lines.append(f"scenarios run against no mutant (none applies to their modules, or every mutant "
                     f"was killed before them): {len(never)}")
    return "\n".join(lines)


def to_json(c: Campaign, args: dict) -> dict:
    return {"arguments": args, "summary": summary(c), "operators": by_operator(c),
            "baseline_failures": c.baseline_failures,
            "mutants": [m.to_json() for m in c.mutants],
            "survivors": [m.description for m in c.mutants if m.status == SURVIVED],
            "scenarios": [{"id": sc.id, "run_against": c.run_against[sc.id],
                           "killed_first": c.killed_first[sc.id],
                           "killed_as_written": c.killed_first[sc.id] - c.failed_first[sc.id]} for sc in c.scenarios],
            "silent_scenarios": [{"id": i, "run_against": n, "fails_against": c.can_fail.get(i)}
                                 for i, n in silent_scenarios(c)],
            "never_failing_scenarios": [i for i, _ in silent_scenarios(c) if c.can_fail.get(i) is None]}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="bohnspec mutants", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--modules", default=None,
                    help="comma-separated modules whose declarations are mutated (default: the modules of the "
                         "--rules files, else base); only "
                         "these are mutated, so an expansion's scenario that tests a base rule needs "
                         "base in the list too (base,dschingis)")
    ap.add_argument("--limit", type=int, default=None, help="at most N mutants, sampled with --seed")
    ap.add_argument("--seed", type=int, default=0, help="seed of the sample (default 0)")
    ap.add_argument("--timeout", type=float, default=5.0,
                    help="seconds one scenario may take against a mutant (default 5)")
    ap.add_argument("--json", dest="json_file", metavar="FILE", help="also write everything as JSON")
    ap.add_argument("--quick", action="store_true", help=f"a smoke run: {QUICK_LIMIT} mutants of the modules mutated")
    ap.add_argument("-q", "--quiet", action="store_true", help="no progress line")
    ap.add_argument("--rules", action="append", default=[], metavar="FILE", type=Path,
                    help="a rules file loaded beside spec/ (once per file), as `bohnspec conform --rules` "
                         "loads it: scenarios of its modules are played (the reference maps' "
                         "bohnaparte_maps), and its modules may be named in --modules to mutate them")
    ap.add_argument("paths", nargs="*", metavar="PATH", type=Path,
                    help="scenario files or folders to play against the mutants (default: the whole corpus): "
                         "an author's own scenarios, to see that each can fail")
    args = ap.parse_args(argv)

    def refused(message: str) -> int:
        # (prefixed as every command's input error is: round 96's bad-input tester)
        print(f"bohnspec: {message}", file=sys.stderr)
        return 2
    missing = [str(p) for p in args.paths if not p.exists()]
    if missing:
        return refused(f"no such scenario file or folder: {', '.join(missing)}")
    missing = [str(p) for p in args.rules if not p.is_file()]
    if missing:
        return refused(f"no such rules file: {', '.join(missing)}")
    if not 0 < args.timeout <= 3600:
        return refused(f"--timeout {args.timeout:g}: give seconds above 0 and at most 3600")
    if args.json_file and not Path(args.json_file).resolve().parent.is_dir():
        # (before the run, not after it: its results are not lost to a path that cannot be written)
        return refused(f"--json {args.json_file}: the folder {Path(args.json_file).parent} does not exist")
    # The modules the spec declares (a new module needs no change here).
    try:
        source = load_source(args.rules)
    except BohnspecError as exc:  # a rules file that does not parse: its line and column
        return refused(f"--rules: {exc}")
    declared = sorted({d.name for f in source.files for d in f.decls if type(d).__name__ == "Module"})
    # Without --modules, a designer's own rules files are what is mutated (round 95's designer
    # had base mutated and was told his scenarios failed against none of them); else base.
    modules = [m.strip() for m in (args.modules or ",".join(own_modules(source, args.rules)) or "base").split(",")
               if m.strip()]
    unknown = [m for m in modules if m not in declared]
    if unknown or not modules:
        return refused(f"unknown module(s): {', '.join(unknown) or '(none given)'}; choose from "
                       f"{', '.join(declared)}")
    limit = args.limit
    if args.quick:
        limit = min(limit, QUICK_LIMIT) if limit is not None else QUICK_LIMIT
    if limit is not None and limit < 0:
        return refused("--limit must not be negative")
    camp = run(modules, limit, args.seed, args.timeout, quiet=args.quiet, scenarios=args.paths or None,
               rules=args.rules)
    where = ", ".join(map(str, args.paths or [paths.SCENARIOS]))
    if not camp.scenarios and camp.baseline_failures:
        # Broken files or scenarios failing on the real spec: the report below lists them.
        print(f"no scenario at {where} passes on the real spec, so none was played: "
              f"{len(camp.baseline_failures)} left out (see 'scenarios left out' below)", file=sys.stderr)
    elif not camp.scenarios:
        print(f"no scenario at {where} plays the modules {', '.join(modules)} (or those they build on): "
              f"pass --modules the game your scenarios play (and --rules FILE for a module of a rules "
              f"file of yours, such as examples/bohnaparte/reference-maps.bohn)", file=sys.stderr)
    print(report(camp))
    if args.json_file:
        data = to_json(camp, {"modules": modules, "limit": limit, "seed": args.seed,
                              "timeout": args.timeout, "quick": args.quick,
                              "scenarios": [str(p) for p in args.paths] or None,
                              "rules": [str(p) for p in args.rules]})
        Path(args.json_file).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    # An author's own files of which none could be played have shown nothing: not a success.
    return 1 if args.paths and not camp.scenarios else 0


if __name__ == "__main__":
    raise SystemExit(main())
