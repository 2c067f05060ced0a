"""`bohnspec judge`: is this action legal here, and why; what may each player do now.

A situation is a state in the scenario format (a YAML file with `players`, optionally
`modules`), or a scenario (file or corpus id) at a given step.
"""

from __future__ import annotations

import itertools
import random
from contextlib import contextmanager
from pathlib import Path

import yaml

from . import boardview
from . import paths
from . import scenario as S
from .errors import ActionError, ScenarioError
from .interpret import Engine, Env, engine_for, serialise
from .model import first_citation
from .play import _action, _expand, _values
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
        draft = state.zones.get("draft", [])
        detail = f"cards: {', '.join(draft)}" if draft else ""
        if v.get("battle"):
            detail = f"the combat at {v['battle']}" + (f", riders of {v['horde']}" if v.get("horde") else "")
        pending.append({"choice": v.get("choice") or "choice", "player": v["chooser"], "detail": detail})
    players = []
    rng = random.Random(0)
    for name in state.names():
        may = []
        for kind, decl in engine.spec.actions.items():
            if engine.timing(state, kind, name) is not None:
                continue
            may.extend(_template(engine, state, kind, name, rng))
        players.append({"player": name, "may": may})
    out = {"phase": state.phase, "active": state.active, "starting_player": state.starting_player,
           "over": state.over, "winners": state.winners, "pending": pending, "players": players}
    board = board_of(engine, state)
    if board is not None:
        out["board"] = board
    return out


def board_of(engine: Engine, state: State, actions=()) -> dict | None:
    """The map of the situation (None: the game has none) as `boardview.to_json` gives it:
    its spaces and the text rows. The spaces the actions name are marked ("target of attack")."""
    marks: dict[str, list[str]] = {}
    for action in actions:
        decl = engine.spec.actions.get(action.get("type")) if isinstance(action, dict) else None
        for p in (decl.params if decl else ()):
            value = action.get(p.name)
            if p.type == "space" and isinstance(value, str):
                marks.setdefault(value, []).append(f"{p.name} of {decl.name}")
    view = boardview.of_state(engine.spec, state, marks)
    return None if view is None else boardview.to_json(view)


# How many parameter combinations of one action are checked at most for "what may each
# player do" (every one of them, unlike random play, which samples).
MAX_LISTED = 4000


def _offered(engine: Engine, state: State, player: str, ptype: str, rng) -> list:
    """The well-formed values of a parameter worth checking: random play's, and for a map's
    spaces every space, for a card also the top card of each shared pile (the stack)."""
    values = list(_values(engine, state, player, ptype, rng))
    if ptype == "space" and not values and state.board is not None:
        values = list(state.board.ids)
    if ptype == "card":
        values += [f"{name} 1" for name, zone in engine.spec.zones.items()
                   if zone.kind == "pile" and zone.cards == "beans" and not zone.per_player
                   and state.zones.get(name) and f"{name} 1" not in values]
    return values


def _legal(engine: Engine, state: State, kind: str, player: str, rng) -> list[dict]:
    """Every legal action of this type for this player (up to MAX_LISTED combinations)."""
    params = engine.spec.actions[kind].params
    offered = {p.name: _offered(engine, state, player, p.type, rng) for p in params}
    found = engine.choices(state, kind, player, offered)
    if found.refused is not None:
        return []
    combos = itertools.islice(itertools.product(*[found.values[p.name] for p in params]), MAX_LISTED)
    actions = [_action(kind, player, params, combo) for combo in combos]
    return actions if found.exact else [a for a in actions if engine.check(state, a) is None]


def _summary(kind: str, params, legal: list[dict]) -> list[str]:
    """`attack target 05|06 with hand 1|draw_pile 1`: one line when every combination of the
    values listed is legal; else one line per value of the parameter with the fewest values
    (`charge riders 01 target 02|05`), that parameter first."""
    def values(actions, name):
        return sorted({str(a[name]) for a in actions}, key=lambda x: (len(x), x))

    def line(actions, names):
        return f"{kind} " + " ".join(f"{n} {'|'.join(values(actions, n))}" for n in names)

    names = [p.name for p in params]
    total = 1
    for n in names:
        total *= len(values(legal, n))
    if total == len(legal) or len(names) < 2:
        return [line(legal, names)]
    key = min(names, key=lambda n: len(values(legal, n)))
    rest = [n for n in names if n != key]
    return [line([a for a in legal if str(a[key]) == v], [key, *rest]) for v in values(legal, key)]


def _template(engine: Engine, state: State, kind: str, player: str, rng) -> list[str]:
    decl = engine.spec.actions[kind]
    params = decl.params
    if params and params[0].type == "player":
        # A trade is shown as a template, not enumerated.
        others = [o for o in _values(engine, state, player, "player", rng)]
        legal_with = [o for o in others if any(engine.check(state, a) is None
                                               for a in _expand(engine, state, kind, player, rng)
                                               if a.get(params[0].name) == o)] or others
        rest = " ".join(f"{p.name} <{p.type}>" for p in params[1:])
        return [f"{kind} {params[0].name} <{'|'.join(legal_with)}> {rest}".strip()]
    legal = _legal(engine, state, kind, player, rng)
    if not legal:
        return []
    if not params:
        return [kind]
    return _summary(kind, params, legal)


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
    with _watching(engine, "combat") as moments:
        outcome = engine.apply(state, action)
    verdict["events"] = outcome.events
    combats = [combat_text(engine, outcome.events[i], moment) for i, moment in moments
               if i < len(outcome.events)]
    if combats:
        verdict["combats"] = combats
    verdict["changes"] = diff(state.to_json(), outcome.state.to_json())
    verdict["decided_by"] = {"action": kind, "where": str(decl.loc), "cites": list(decl.cites)}
    verdict["_state"] = outcome.state
    return verdict


@contextmanager
def _watching(engine: Engine, name: str):
    """Keep a copy of the state at each moment an event `name` is emitted, as (index of the
    event, state): the cards lying face down in a combat are gone once the action is over."""
    moments: list[tuple[int, State]] = []
    emit = engine.emit

    def watch(env, event, payload, record=True):
        if record and event == name:
            moments.append((len(env.events), env.state.copy()))
        return emit(env, event, payload, record)

    engine.emit = watch
    try:
        yield moments
    finally:
        engine.__dict__.pop("emit", None)


def combat_text(engine: Engine, event: dict, moment: State | None = None) -> str:
    """A combat event, readably: "combat at 06 (Forest (Wald)): attack 18 (Keno: Fire Bean)
    against defence 17 (nobody's, from the stack: Soy Bean 12, raised to the forest's floor
    17): the attack wins". `moment` is the state when it was fought (the cards laid)."""
    spec = engine.spec
    target, a, d = event.get("target"), event.get("attack"), event.get("defence")
    floor = event.get("floor") or 0
    attacker, defender = event.get("attacker"), event.get("defender")

    def laid(player, shared):
        if moment is None:
            return None
        if player is not None:
            cards = moment.player(player).zones.get("front", []) if player in moment.names() else []
        else:
            cards = moment.zones.get(shared, [])
        return cards[0] if cards else None

    def card(c):
        v = spec.varieties.get(c)
        return (v.title or c) if v else str(c)

    land = None
    if moment is not None and moment.space_cards.get(target):
        land = moment.space_cards[target][0]
    where = f"{target} ({spec.cards[land].title or land})" if land in spec.cards else str(target)
    horde = moment.vars.get("horde") if moment is not None else None
    if horde:
        attack = f"{attacker}: the riders of {horde}"
    else:
        c = laid(attacker, None)
        attack = f"{attacker}: {card(c)}" if c else str(attacker)
    c = laid(defender, "neutral_front")
    side = defender if defender is not None else "nobody's, from the stack"
    defence = f"{side}: {card(c)}" if c else side
    number = spec.varieties[c].count if c in spec.varieties else None
    if floor and d == floor and (number is None or number < floor):
        defence += (f" {number}" if number is not None else "") + \
            f", raised to the {land + chr(39) + 's ' if land else ''}floor {floor}"
    result = "the attack wins" if a is not None and d is not None and a > d else \
        "a tie: the attack fails" if a == d else "the attack fails"
    return f"combat at {where}: attack {a} ({attack}) against defence {d} ({defence}): {result}"


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
        lines.append(f"pending: {p['choice']} for {p['player']}" + (f" ({p['detail']})" if p["detail"] else ""))
    if ov.get("board"):
        lines.append("")
        lines.extend(ov["board"]["rows"])
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
            combats = iter(r.get("combats", []))
            for e in r["events"]:
                text = next(combats, None) if e["event"] == "combat" else None
                if text:
                    lines.append(f"    {text}")
                    continue
                lines.append("    event " + ", ".join(f"{k}={v!r}" for k, v in e.items() if k != "event") + f"  ({e['event']})")
            for ch in r["changes"]:
                lines.append(f"    {ch}")
    return "\n".join(lines)
