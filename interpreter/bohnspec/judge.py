"""`bohnspec judge`: is this action legal here, and why; what may each player do now.

A situation is a state in the scenario format (a YAML file with `players`, optionally
`modules`), or a scenario (file or corpus id) at a given step.
"""

from __future__ import annotations

import random
from pathlib import Path

import yaml

from . import paths
from . import scenario as S
from .errors import ActionError, ScenarioError
from .interpret import Engine, Env, engine_for, serialise
from .model import first_citation
from .play import _expand, _values
from .state import State
from .unparse import unparse


def load_situation(where: str, step: int | None = None, extra_rules=()) -> tuple[Engine, State, str]:
    """(engine, state, description) for a situation file, a scenario file, or a corpus id."""
    path = Path(where)
    if not path.exists():
        candidate = paths.SCENARIOS / (where + ".yaml")
        if candidate.exists():
            path = candidate
        else:
            raise ScenarioError(where, "", "no such file, and no scenario in the corpus has this id")
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise ScenarioError(str(path), "", f"not valid YAML: {getattr(exc, 'problem', exc)}") from None
    if not isinstance(data, dict):
        raise ScenarioError(str(path), "", "expected a state (with `players`) or a scenario")
    if "steps" in data:
        sc = S.load(path)
        engine = engine_for(sc.modules, extra_rules)
        state, _ = S.build_state(engine, sc)
        upto = len(sc.steps) if step is None else step
        if not 0 <= upto <= len(sc.steps):
            raise ScenarioError(str(path), "steps", f"the scenario has {len(sc.steps)} steps; --step must be 0 to {len(sc.steps)}")
        for s in sc.steps[:upto]:
            if s.action is not None:
                state = engine.apply(state, s.action).state
        return engine, state, f"scenario {sc.id}, after {upto} step(s)"
    modules = data.get("modules") or ["base"]
    engine = engine_for(modules, extra_rules)
    try:
        state = S.state_from_data(engine, data, modules)
    except ScenarioError as exc:
        raise ScenarioError(str(path), exc.path, exc.message) from None
    return engine, state, str(path)


# ------------------------------------------------------------ the situation

def overview(engine: Engine, state: State) -> dict:
    v = state.vars
    pending = []
    if v.get("offer_from"):
        pending.append({"choice": "trade offer", "player": v.get("offer_to"),
                        "detail": f"{v['offer_from']} offers {v.get('offer_give')} for {v.get('offer_get')}"})
    if v.get("chooser"):
        pending.append({"choice": v.get("choice") or "choice", "player": v["chooser"],
                        "detail": f"cards: {', '.join(state.zones.get('draft', []))}"})
    players = []
    rng = random.Random(0)
    for name in state.names():
        may = []
        for kind, decl in engine.spec.actions.items():
            if engine.timing(state, kind, name) is not None:
                continue
            template = _template(engine, state, kind, name, rng)
            if template:
                may.append(template)
        players.append({"player": name, "may": may})
    return {"phase": state.phase, "active": state.active, "starting_player": state.starting_player,
            "over": state.over, "winners": state.winners, "pending": pending, "players": players}


def _template(engine: Engine, state: State, kind: str, player: str, rng) -> str | None:
    decl = engine.spec.actions[kind]
    params = decl.params
    if params and params[0].type == "player":
        # A trade is shown as a template, not enumerated.
        others = [o for o in _values(engine, state, player, "player", rng)]
        legal_with = [o for o in others if any(engine.check(state, a) is None
                                               for a in _expand(engine, state, kind, player, rng)
                                               if a.get(params[0].name) == o)] or others
        rest = " ".join(f"{p.name} <{p.type}>" for p in params[1:])
        return f"{kind} {params[0].name} <{'|'.join(legal_with)}> {rest}".strip()
    legal = [a for a in _expand(engine, state, kind, player, rng) if engine.check(state, a) is None]
    if not legal:
        return None
    if not params:
        return kind
    parts = []
    for p in params:
        values = sorted({str(a[p.name]) for a in legal}, key=lambda x: (len(x), x))
        parts.append(f"{p.name} {'|'.join(values)}")
    return f"{kind} " + " ".join(parts)


# ------------------------------------------------------------ one action

def trace(engine: Engine, state: State, action: dict) -> dict:
    """The checks an action meets, in evaluation order, with the values seen; the first that
    refuses decides. For a legal action, the changes it would make (never written back)."""
    kind, player, values = engine.decode(state, action)
    decl = engine.spec.actions[kind]
    locals_ = {decl.actor: player, **values}
    checks = []
    verdict = {"action": action, "legal": True, "checks": checks}
    scope_all = frozenset(locals_)
    # The interpreter's order: forbids, then clauses_of (every `when` before any `require`).
    items = [("forbid", f.condition, f.cites, f.reason, str(f.loc)) for f in engine.spec.forbids if f.covers(kind)]
    items += [(c.kind, c.condition, c.cites, c.reason, str(c.loc)) for c in engine.spec.clauses_of(kind)]
    for what, cond, cites, reason, loc in items:
        env = Env(engine, state, dict(locals_))
        holds = bool(engine.expr(cond, scope_all)(env))
        refuses = holds if what == "forbid" else not holds
        checks.append({"kind": what, "where": loc, "source": unparse(cond), "holds": holds,
                       "refuses": refuses, "cites": list(cites), "reason": reason,
                       "values": _values_seen(engine, state, cond, locals_)})
        if refuses:
            verdict.update(legal=False, rule=first_citation(cites), reason=reason,
                           clause=loc, cites=list(cites))
            return verdict
    outcome = engine.apply(state, action)
    verdict["events"] = outcome.events
    verdict["changes"] = diff(state.to_json(), outcome.state.to_json())
    verdict["decided_by"] = {"action": kind, "where": str(decl.loc), "cites": list(decl.cites)}
    verdict["_state"] = outcome.state
    return verdict


def _values_seen(engine, state, cond, locals_) -> list[list]:
    """The values of the condition's parts, two levels deep (not inside quantifier bodies)."""
    seen: list[list] = []
    scope = frozenset(locals_)

    def visit(node, depth):
        if depth > 2 or len(seen) >= 10:
            return
        parts = []
        if node.kind in ("or", "and"):
            parts = list(node.args[0])
        elif node.kind == "not":
            parts = [node.args[0]]
        elif node.kind == "compare":
            parts = [node.args[0], node.args[2]]
        elif node.kind == "member":
            parts = [node.args[0], node.args[1]]
        for p in parts:
            if p.kind == "const":
                continue
            try:
                value = engine.expr(p, scope)(Env(engine, state, dict(locals_)))
            except Exception as exc:  # a part that cannot be evaluated alone (shown, not fatal)
                value = f"<{type(exc).__name__}>"
            seen.append([unparse(p), serialise(value)])
            visit(p, depth + 1)

    visit(cond, 1)
    return seen


def diff(before, after, path="") -> list[str]:
    """Readable changes between two canonical states."""
    out = []
    if isinstance(before, dict) and isinstance(after, dict):
        if "players" in before and isinstance(before.get("players"), list):
            before = {**before, "players": {p["name"]: p for p in before["players"]}}
            after = {**after, "players": {p["name"]: p for p in after["players"]}}
        for k in sorted(set(before) | set(after)):
            sub = f"{path}.{k}" if path else k
            if k not in before:
                out.append(f"{sub}: added {after[k]!r}")
            elif k not in after:
                out.append(f"{sub}: removed")
            else:
                out.extend(diff(before[k], after[k], sub))
        return out
    if before != after:
        out.append(f"{path}: {_short(before)} -> {_short(after)}")
    return out


def _short(v) -> str:
    text = repr(v)
    return text if len(text) <= 120 else text[:117] + "..."


def judge_actions(engine: Engine, state: State, actions: list[dict]) -> list[dict]:
    """Trace each action in turn (a trade is an offer, then its acceptance)."""
    results = []
    for action in actions:
        try:
            result = trace(engine, state, action)
        except ActionError as exc:
            results.append({"action": action, "legal": False, "malformed": str(exc)})
            break
        results.append(result)
        if not result["legal"]:
            break
        state = result.pop("_state")
    for r in results:
        r.pop("_state", None)
    return results


# ------------------------------------------------------------ printing

def render_overview(ov: dict, where: str) -> str:
    lines = [f"situation: {where}"]
    if ov["over"]:
        lines.append(f"the game is over; winners: {', '.join(ov['winners']) or 'none'}")
    lines.append(f"phase: {ov['phase']}    active player: {ov['active']}    starting player: {ov['starting_player']}")
    for p in ov["pending"]:
        lines.append(f"pending: {p['choice']} for {p['player']} ({p['detail']})")
    for p in ov["players"]:
        lines.append(f"\n{p['player']} may now:")
        if not p["may"]:
            lines.append("  nothing")
        for m in p["may"]:
            lines.append(f"  {m}")
    return "\n".join(lines)


def render_verdicts(results: list[dict]) -> str:
    lines = []
    for r in results:
        act = r["action"]
        lines.append(f"action: {act}")
        if "malformed" in r:
            lines.append(f"  not an action: {r['malformed']}")
            continue
        if r["legal"]:
            lines.append("  LEGAL")
        else:
            lines.append(f"  ILLEGAL [{r['rule']}]: {r['reason']}")
            lines.append(f"  decided by the clause at {r['clause']}, citing {', '.join(r['cites'])}")
        lines.append("  checks, in evaluation order:")
        for c in r["checks"]:
            mark = "REFUSES" if c["refuses"] else "ok"
            lines.append(f"    [{mark:7}] {c['kind']} {c['source']}   ({c['where']}; {', '.join(c['cites'])})")
            for text, value in c["values"]:
                lines.append(f"               {text} = {value!r}")
        if r["legal"]:
            lines.append(f"  what would happen (not written back): cites {', '.join(r['decided_by']['cites'])}")
            for e in r["events"]:
                lines.append("    event " + ", ".join(f"{k}={v!r}" for k, v in e.items() if k != "event") + f"  ({e['event']})")
            for ch in r["changes"]:
                lines.append(f"    {ch}")
    return "\n".join(lines)
