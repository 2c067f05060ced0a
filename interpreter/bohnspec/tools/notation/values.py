"""The values of one action from its words: cards, lists of cards, counts, fields, spaces, and a
trade's two sides."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...errors import ActionError, suggest
from ...execution.interpret import Engine
from ...execution.state import State
from .places import (
    _PILE_WORDS,
    _REF,
    _REF_WORDS,
    _card_at_ref,
    _fields_growing,
    _number,
    _pile_hint,
    _space,
    _spaces_of_kind,
    _zone_cards,
)
from .plain import _family_names_cards
from .words import _TROOPS, _names_a_card
from .writing import card_title

# The most times one text is read as repeating a move (`pays tribute twice`).
_MOST_REPEATS = 12


def _counted_fields(engine: Engine, state: State, player: str, kind: str, types: dict[str, str], rest: list[str],
                    said: list[str]) -> list[str]:
    """`harvests his two jumping beans`: a number before a variety, for an action naming a field,
    is how many beans of it the field holds (round 48's players were answered about field 2),
    the field of the player that holds that many of it and nothing else; none or several such
    fields are told."""
    if not any(t in ("field", "target") for t in types.values()) or any(
            t in ("int", "card", "cards", "variety") for t in types.values()):
        return rest  # (`plants 2 red`: cards of a move that names cards, `drafts 2`: a place)
    if any(w.lower() in ("field", "fields") and rest[k + 1:k + 2] and rest[k + 1].isdigit()
           for k, w in enumerate(rest)) or _family_names_cards(engine, kind):
        # `plants her soys in field 2`, `plants both greens on his greens`: the beans said are
        # what moves, and the reading of the verb's other moves decides (_moving_the_card); a
        # count of more than one is said not to be read (round 51: one planting, silently).
        out = []
        for k, w in enumerate(rest):
            counted = _FIELD_COUNTS.get(w.lower(), int(w) if w.isdigit() else -1)
            if counted != -1 and rest[k + 1:k + 2] and rest[k + 1] in engine.spec.varieties:
                if counted != 1:
                    said.append(f"'{w} {rest[k + 1]}': one move is judged, with the cards it takes; a move made "
                                "for each card is given once for each (-a \"...\" -a \"...\")")
                continue
            out.append(w)
        return out
    out = list(rest)
    for k in range(len(rest) - 1):
        n, variety = rest[k], rest[k + 1]
        # `both jumping beans`: two of them; `all his reds`: however many there are.
        count = _FIELD_COUNTS.get(n.lower(), int(n) if n.isdigit() else -1)
        if count == -1 or variety not in engine.spec.varieties or variety in types:
            continue
        fields = state.player(player).zones.get(engine.fields_zone, [])
        holding = [i for i, f in enumerate(fields, 1)
                   if f and (count is None or len(f) == count) and all(c == variety for c in f)]
        if len(holding) != 1:
            where = ", ".join(f"field {i}: {len(f)}" for i, f in enumerate(fields, 1) if f and f[-1] == variety)
            raise ActionError(f"{player} has {'no' if not holding else 'more than one'} field of "
                              f"{count if count is not None else 'only'} {variety}"
                              + (f" ({variety} lies in {where})" if where else "")
                              + ": name the field by its number")
        said.append(f"{n} {variety}: {player}'s field {holding[0]}")
        out[k], out[k + 1] = str(holding[0]), ""
    return [w for w in out if w]


def _plural(engine: Engine, kind: str, types: dict[str, str], rest: list[str]) -> list[str]:
    """`all blue` (a plural said, `her blue beans`): after a count, the count says how many (`the
    two red beans`); for a move naming a list of cards, every card of it the list may take
    (`all:blue`, _value); for a move naming a field whose verb names no card in any of its moves
    (`harvests her reds`), the field holding only it (_counted_fields); else the variety (one
    card, or the kind a move takes whole: `plants the reds`, round 51)."""
    if "cards" not in types.values() and _family_names_cards(engine, kind):
        return [w for k, w in enumerate(rest) if not (
            w.lower() == "all" and k + 1 < len(rest) and rest[k + 1].split(",")[0] in engine.spec.varieties)]
    out: list[str] = []
    for k, w in enumerate(rest):
        nxt = rest[k + 1].split(",")[0] if k + 1 < len(rest) else ""  # (`all blue,red`: a list goes on)
        if w.lower() != "all" or nxt not in engine.spec.varieties:
            out.append(w)
        elif out and (out[-1].isdigit() or out[-1].lower() == "both"):
            continue
        elif "cards" in types.values():
            out.append("all:")  # joined to the variety below
        else:
            out.append(w)
    joined: list[str] = []
    for w in out:
        if joined and joined[-1] == "all:":
            joined[-1] += w
        else:
            joined.append(w)
    return joined


def _counted_cards(engine: Engine, types: dict[str, str], rest: list[str]) -> list[str]:
    """`gives Timon both her blue beans`, `two reds`: a count before a variety, for a move naming a
    list of cards, is that many cards of it (round 49's players were told 'both' is no card)."""
    if "cards" not in types.values():
        return rest
    out: list[str] = []
    k = 0
    while k < len(rest):
        n, after = rest[k], rest[k + 1] if k + 1 < len(rest) else ""
        count = 2 if n.lower() == "both" else int(n) if n.isdigit() and 0 < int(n) <= _MOST_COUNTED else 0
        if k and (rest[k - 1] in engine.spec.zones or rest[k - 1] in _REF_WORDS):
            count = 0  # `revealed 2 for fire`: a place's number, `for` already left out
        # (`two blues and a red` came as `2`, `blue,a`, `red`: a list's elements by commas)
        first, comma, others = after.partition(",")
        if count and first in engine.spec.varieties:
            out.append(",".join([first] * count) + comma + others)
            k += 2
            continue
        out.append(n)
        k += 1
    joined: list[str] = []
    for w in out:
        if "," in w:  # `a red` in a list: the article says nothing, the list goes on after it
            elements = w.split(",")
            goes_on = elements[-1].lower() in ("", "a", "an")
            w = ",".join(e for e in elements if e and e.lower() not in ("a", "an")) + ("," if goes_on else "")
        if joined and joined[-1].endswith(","):
            joined[-1] += w
        else:
            joined.append(w)
    return joined


# The most cards of one variety a count before it is read as (a hand holds no more).
_MOST_COUNTED = 20


def _fields_by_variety(engine: Engine, state: State, player: str, rest: list[str], said: list[str]) -> list[str]:
    """`in his blue field`, `into her soy field`: the player's one field growing that variety, as
    `field N`, before the variety could be read as a card of the move (round 49's players had
    phase 1's planting read as phase 3's, and a draft's pick go into the field just emptied).
    None or several such fields: the words are left for the reading to tell."""
    out = list(rest)
    fields = state.player(player).zones.get(engine.fields_zone, [])
    for k in range(len(rest) - 1):
        # (`his one-bean field`, `her single-bean field`: the one field holding one bean; round
        # 82's table, a dispute over bean protection)
        counted = re.fullmatch(r"(one|single|lone|1|two|2|three|3)-?beans?", rest[k], flags=re.IGNORECASE)
        if counted is not None and rest[k + 1].lower() == "field":
            many = {"one": 1, "single": 1, "lone": 1, "two": 2, "three": 3}.get(counted[1].lower()) or int(counted[1])
            holding = [i for i, f in enumerate(fields, 1) if len(f) == many]
            if len(holding) == 1:
                said.append(f"{player}'s {rest[k]} field: read as field {holding[0]}")
                out[k], out[k + 1] = "field", str(holding[0])
                continue
        variety, word = rest[k], rest[k + 1].lower()
        if variety not in engine.spec.varieties or word not in ("field", "fields") or (
                k + 2 < len(rest) and rest[k + 2].isdigit()):
            continue  # (`soy field 1`: the variety, then the field by its number)
        holding = _fields_growing(engine, state, player, variety)
        size = (_BIGGER.get(rest[k - 1].lower()) if k else None) if len(holding) > 1 else None
        if size is not None:
            # (`the bigger fire field`: of his fields growing it, the one with the most beans, or
            # the fewest; round 58's table had the lone fire judged)
            sizes = {f: len(fields[f - 1]) for f in holding}
            best = (max if size else min)(sizes.values())
            chosen = [f for f in holding if sizes[f] == best]
            if len(chosen) == 1:
                said.append(f"{player}'s {rest[k - 1]} {variety} field: read as field {chosen[0]}")
                out[k - 1:k + 2] = ["", "field", str(chosen[0])]
                continue
            raise ActionError(f"'{rest[k - 1]} {variety} field': {player}'s fields {' and '.join(map(str, chosen))} "
                              f"hold {best} {variety} each: name the field by its number")
        if len(holding) == 1:
            said.append(f"{player}'s {variety} field: read as field {holding[0]}")
            out[k], out[k + 1] = "field", str(holding[0])
        elif len(holding) > 1 and word == "field":
            counts = ", ".join(f"field {f} ({len(fields[f - 1])})" for f in holding)
            raise ActionError(f"'{variety} field': {player} grows {variety} in {counts}: name the field by its "
                              "number (or say the bigger or the smaller one)")
        elif not holding:
            # (round 51: `on her greens`, where she grows none, went into her empty field silently)
            grown = ", ".join(f"field {i}: {f[0]}" for i, f in enumerate(fields, 1) if f) or "none grows anything"
            raise ActionError(f"{player} grows no {variety} ({grown}): name the field by its number")
    return [w for w in out if w]


# Words before a variety that say which of a player's fields growing it: True the most beans.
_BIGGER = {"bigger": True, "larger": True, "longer": True, "fuller": True, "biggest": True, "largest": True,
           "longest": True, "big": True, "large": True, "long": True, "full": True, "smaller": False,
           "shorter": False, "smallest": False, "shortest": False, "small": False, "short": False, "little": False}


# Words before a variety that count a field's beans (`all`: however many; see _counted_fields).
_FIELD_COUNTS: dict[str, int | None] = {"both": 2, "all": None, "lone": 1, "lonely": 1, "single": 1, "only": 1}


def _roles(state: State, types: dict[str, str], rest: list[str]) -> list[str]:
    """`rides from 16 against 15`, `builds a fortress under the village`: a word before a space
    that says its part in the move, read as the parameter of that part (`against`, `at`: the
    one attacked, an action's `target`; `under`: where a fortress goes, its `at`; `from`: the
    one other space the action names, where its troops or its stone come from), when the
    action has that parameter and it is not named otherwise."""
    if state.board is None:
        return rest
    spaces = [n for n, t in types.items() if t == "space"]
    named = {w for w in rest if w in types}
    others = [n for n in spaces if n not in _ROLE_WORDS.values()]
    out: list[str | None] = list(rest)
    for k, w in enumerate(rest[:-1]):
        if w in types or (rest[k + 1] not in state.board and not _spaces_of_kind(state, rest[k + 1])):
            continue
        low = w.lower()
        part = _ROLE_WORDS.get(low) if low != "from" else (others[0] if len(others) == 1 else None)
        if part in spaces and part not in named:
            out[k] = part
            named.add(part)
        elif low == "from" and not others:
            # `attacks 05 from his camp`: where the attack comes from, which the action does
            # not name (any territory of his next to it will do), says nothing of its values.
            out[k] = out[k + 1] = None
    return [w for w in out if w is not None]


# The parameters a word before a space names (`against 15`: the target), see _roles.
_ROLE_WORDS = {"against": "target", "at": "target", "under": "at", "on": "at", "in": "at", "for": "at"}


def _typed_slot(engine: Engine, state: State, tok: str, names: list[str], types: dict, raw: dict,
                position: int) -> str | None:
    """The value a word plainly of one kind fills when the next value in order is of another
    kind: a player's name goes to the first player value not given yet, a card (a variety or a
    place such as `hand 2`) to the first card value; None: the order decides."""
    open_names = [n for n in names[position:] if n not in raw]
    if not open_names:
        return None
    if tok in state.names():
        wanted: tuple[str, ...] = ("player",)
    elif _names_a_card(engine, tok):
        wanted = ("card", "cards")
    elif tok.split()[0] == "field" and " " in tok and not any(t in ("field", "target")
                                                                        for t in types.values()):
        wanted = ("card", "cards")  # (`field 1` where the move takes no field: its top card, a card)
    elif "," in tok and all(_names_a_card(engine, t) for t in tok.split(",")):
        wanted = ("cards",)  # (`offers the soy and the blue`: a list, for a value of several cards)
    else:
        return None
    if types[open_names[0]] in wanted:
        return None
    return next((n for n in open_names if types[n] in wanted), None)


# How many places a card numbered by the rules is looked for at (a draft holds a card for each
# player and one more: seven at the most).
_NUMBERED_TRIED = 12


def absent_move(engine: Engine, kind: str, homes: list[str]) -> str:
    """Why no player may make a move of another module's (`homes`) in the game judged: a player
    asking "may I plant a second card?" of the base game gets the answer first (nobody may,
    here), then how to judge the game where the move exists; a ruling of this game that speaks
    of the move's paragraphs says why it is not here (the mixed game's carts: round 43's
    players; asked in JSON too, round 58)."""
    played = ", ".join(sorted(engine.spec.modules))
    ruled = _rulings_on_absent(engine, kind, homes)
    why = f"; {', '.join(ruled)} of this game says why (bohnspec explain {ruled[0]})" if ruled else ""
    return (f"no player may {kind} in this game (modules {played}): {kind!r} is a move of {' and '.join(homes)} "
            f"only{why}; to judge that game instead, give the situation `modules: [{homes[0]}]`")


def _rulings_on_absent(engine: Engine, kind: str, homes: list[str]) -> list[str]:
    """The rulings of the game played that cite a paragraph of the section an action it does not
    have belongs to (the section of the action's first paragraph: `dschingis/carts`), of a module
    the action's own game does not play too (`war`'s rulings speak of carts where they are)."""
    from ...language.model import Action
    from ...language.spec import module_closure, parse_files, spec_files
    files = parse_files(spec_files())
    shared = set(module_closure(files, homes))
    first = next((d.cites[0] for f in files for d in f.decls
                  if isinstance(d, Action) and d.name == kind and d.cites), None)
    if first is None:
        return []
    # (an action a ruling of its own game makes, `buy_field` of ruling/third-field-classic: the
    # rulings of this game citing that ruling; round 70's table asked for a third field in
    # Dschingis Bohn and was told of modules)
    section = first if first.startswith("ruling/") else first.rsplit("/", 1)[0] + "/"
    found = [(name, r) for name, r in engine.spec.rulings.items()
             if r.module in engine.spec.modules and r.module not in shared
             and any(c.startswith(section) for c in r.cites)]
    # Those whose question or decision speaks of the move (words of its title: `burn`, `town`)
    # first, and only those when some do: a ruling on a camp's points cites the section of the
    # burnt town too, and says nothing of why no town is burnt (round 47's players).
    title = next((d.title for f in files for d in f.decls if isinstance(d, Action) and d.name == kind), "")
    words = {w for w in re.findall(r"[a-z]+", title.lower()) if len(w) >= 4}

    def speaks(r) -> int:
        said = set(re.findall(r"[a-z]+", f"{r.question} {r.decision}".lower()))
        return sum(1 for w in words if w in said or w + "s" in said)
    if not found and len(words) >= 2:
        # (a game the move's own game builds on, whose ruling asks of the move itself: the base
        # game's ruling/fields-fixed-at-setup, of the third field Bohnröschen buys; round 88)
        found = [(name, r) for name, r in engine.spec.rulings.items() if r.module in engine.spec.modules
                 and sum(1 for w in words if w in set(re.findall(r"[a-z]+", r.question.lower()))) >= len(words)]
    scored = sorted(found, key=lambda nr: -speaks(nr[1]))
    if scored and speaks(scored[0][1]):
        scored = [nr for nr in scored if speaks(nr[1])]
    # (one that names the move itself, where one does: ruling/coin-from-top cites Bohnröschen's
    # tribute for how coins are paid, and says nothing of why a war game has no tribute; round
    # 88's table)
    own = {w for w in kind.split("_") if len(w) >= 4}
    if own:
        forms = own | {w + "s" for w in own}
        scored = [(name, r) for name, r in scored
                  if forms & set(re.findall(r"[a-z]+", f"{r.question} {r.decision}".lower()))]
    return [f"ruling/{name}" for name, _ in scored]


def _once(kind: str, names: list[str], raw: dict, key: str, value: str) -> None:
    """raw[key] = value, refused when the key is given already: `plant hand 2 field 1` would
    silently replace the first value, and a player asking about his second card would be
    answered about the foremost."""
    if key in raw and raw[key] != value:  # (the same said twice, `Nina's village at 09`, is one)
        raise ActionError(f"{kind} is given {key} twice ({raw[key]!r}, then {value!r}); it takes "
                          f"{', '.join(names) or 'no values'}")
    raw[key] = value


def _value(engine: Engine, state: State, player: str, ptype: str, raw: str, owner: str, said: list[str],
           usable: frozenset = frozenset()):
    if ptype in ("field", "int"):
        if raw.isdigit():
            return _number(raw)
        if ptype == "field" and raw.startswith("field ") and raw[6:].isdigit():
            return _number(raw[6:])  # (`into field 2` for a field the rules call otherwise, `f`)
        if raw.startswith("-") and raw[1:].isdigit():
            raise ActionError(f"expected a number, got {raw!r}: places and fields are counted from 1")
        if ptype == "field" and raw in engine.spec.varieties and owner in state.names():
            # `harvests her red field`: the one field growing that variety, as players name it;
            # else a field is named by its number: say which hold that variety.
            holding = [str(k) for k in _fields_growing(engine, state, owner, raw)]
            if len(holding) == 1:
                said.append(f"{owner}'s {raw} field: read as field {holding[0]}")
                return int(holding[0])
            where = (f"{owner}'s {raw} lies in field {', '.join(holding)}" if holding
                     else f"none of {owner}'s fields holds {raw}")
            raise ActionError(f"a field is given by its number (1 is the first), not by its beans: {where}")
        if raw in engine.spec.varieties or raw in engine.spec.cards:
            # `Nina draft red 2`: the draft's card is its place there, a number of the rules.
            raise ActionError(f"expected a number, got {raw!r}: this value is a number of the rules, not a card; "
                              "a card it stands for is named by its place, counted from 1 (`Nina draft 1 2`)")
        raise ActionError(f"expected a number, got {raw!r}")
    if ptype == "target":
        if raw.startswith("field ") and raw[6:].isdigit():  # `target field 2`, as fields are named elsewhere
            return _number(raw[6:])
        return _number(raw) if raw.isdigit() else raw
    if ptype == "space":
        return _space(state, raw)
    if ptype == "card":
        return _card(engine, state, owner, raw, [], said, usable)
    if ptype == "cards":
        if raw == "nothing":  # as judge lists an empty list: a gift, or a card asked for nothing
            return []
        picked: list[str] = []
        for part in [p for p in raw.split(",") if p]:
            if part.startswith("all:"):
                picked += _every_card(engine, state, owner, part[4:], picked, usable)
                continue
            part = part.replace("_", " ") if _REF.match(part.replace("_", " ")) else part
            picked.append(_card(engine, state, owner, part, picked, said, usable))
        return picked
    return raw


def _every_card(engine: Engine, state: State, owner: str, variety: str, taken: list[str],
                usable: frozenset = frozenset()) -> list[str]:
    """Every card of a variety the owner holds where a list's cards may come from (`her blue
    beans`), one after another as _card finds them; none found: the first reading, whose note
    says where no such card is."""
    found: list[str] = []
    for _ in range(_MOST_COUNTED):
        probe: list = []
        ref = _card(engine, state, owner, variety, [*taken, *found], probe, usable)
        if probe or ref in taken or ref in found or _card_at_ref(engine, state, owner, ref) != variety:
            break
        found.append(ref)
    return found or [_card(engine, state, owner, variety, taken, [], usable)]


def _card(engine: Engine, state: State, owner: str, raw: str, taken: list[str], said: list[str],
          usable: frozenset = frozenset()) -> str:
    """A card reference from `hand 3` or from a variety name: its owner's first usable card
    of that variety; else the field it lies in; else a place where no card is, with a note
    (the rules refuse the action then, with their own paragraph)."""
    if _REF.match(raw):
        return raw
    row_said = re.fullmatch(r"([a-z_]+) ([a-z_]+)", raw)
    if row_said is not None and row_said[1] in engine.spec.zones and row_said[2] in engine.spec.varieties:
        # `received fire`, the partner's, among the cards asked for: the first such card there
        row, variety = row_said[1], row_said[2]
        cards = _zone_cards(state, owner, row) or []
        k = next((k for k, c in enumerate(cards, 1) if c == variety and f"{row} {k}" not in taken), None)
        if k is None:
            raise ActionError(f"{owner}'s {row} holds no {variety} (it holds {', '.join(cards) or 'nothing'})")
        return f"{row} {k}"
    if (raw in _PILE_WORDS or raw == "draw_pile") and "draw_pile" in usable:
        # `attack 09 with stack`, `defend pile`: the books' own word for the top card of the
        # draw pile, where the action may take it (round 43's players).
        return "draw_pile 1"
    if raw in engine.spec.zones:
        raise ActionError(f"{raw!r} is a place, not a card: write '{raw} 1' for its first card (its top)")
    # (only the mounted troops' words: `the blue bean from his field` is no troop in the base
    # game, though plant_card has a `field`; round 61's table was told about fighting)
    troops = [a.name for a in engine.spec.actions.values() if any(p.name == raw for p in a.params)] \
        if raw in _TROOPS else []
    if troops and raw not in engine.spec.varieties:
        # `attack 04 with riders`: mounted troops are sent by an action of their own; a defender
        # asking to defend with them is told that action is not his now (round 49's players).
        refused = engine.timing(state, troops[0], owner) if owner in state.names() else None
        if refused is not None:
            raise ActionError(f"{raw!r} are not a card to fight with: they ride only with {' or '.join(troops)}, "
                              f"which {owner} may not make now: {refused.reason} [{refused.rule}]")
        raise ActionError(f"{raw!r} are not a card to fight with here: they ride with {' or '.join(troops)} "
                          f"(`{owner} {troops[0]} TARGET {raw} SPACE`, SPACE where they stand)")
    if raw in ("-", "[]", "none", "nothing"):
        # (`nothing` reaches here only for a parameter of one card: a list takes it earlier.)
        raise ActionError(f"{raw!r} is not a card: this value is one card ('hand 1', a variety); only a list of "
                          "cards may be empty, written 'nothing' (give nothing get hand 1)")
    if raw not in engine.spec.varieties:
        raise ActionError(f"{raw!r} is neither a card like 'hand 3' nor a variety"
                          + (_pile_hint(engine, raw) or suggest(raw, [*engine.spec.varieties, *engine.spec.zones])))
    zones = (["revealed"] if owner == state.active else []) + ["hand", "received"]
    zones = [z for z in zones if z in engine.spec.zones]
    # Then the owner's other rows of bean cards, in the spec's order: a munitions depot, a
    # cart, a sutler (a card named by its variety may lie there: `attack 02 fire`).
    more = [n for n, z in engine.spec.zones.items()
            if z.kind == "row" and z.per_player and z.cards == "beans" and n not in zones]
    # The zones the action may take the card from first (`plant_card soy`: the received Soy
    # Bean, not the one in the hand), the others after (for the rules to refuse, with reason).
    ordered = sorted([*zones, *more], key=lambda z: z not in usable)
    for zone in ordered:
        for k, c in enumerate(_zone_cards(state, owner, zone) or [], 1):
            ref = f"{zone} {k}"
            if c == raw and ref not in taken:
                return ref
    title = card_title(engine, raw)
    fields = state.player(owner).zones.get(engine.fields_zone, [])
    for k, f in enumerate(fields, 1):
        ref = f"field {k}"
        if f and f[-1] == raw and ref not in taken:
            said.append(f"{owner}'s {title} ({raw}) lies in a field: read as {ref}, the top card of field {k}")
            return ref
    # Where no card is, in a zone the action may use (`defend soy`: the hand, not the
    # revealed cards a defence never takes), so the rules' refusal speaks of that row.
    zone = next((z for z in ordered if z in usable), zones[0] if zones else "hand")
    k = len(_zone_cards(state, owner, zone) or []) + 1
    while f"{zone} {k}" in taken:
        k += 1
    said.append(f"{owner} holds no {title} ({raw}) to use: read as {zone} {k}, where there is no card")
    return f"{zone} {k}"


def _trade(engine: Engine, state: State, player: str, words: list[str], said: list[str],
           named: Sequence[str] = ()) -> list[dict]:
    """A trade, `give CARDS get CARDS with PLAYER`, or as the table says it: `trades soy for
    Keno's fire` (the partner named with `with`, or as the one whose cards are asked for:
    `named`, the players whose possessive the words held)."""
    if words and words[0] not in ("give", "get", "with") and "for" not in words and "with" in words \
            and len(set(named)) == 1 and words.index("with") + 1 < len(words) \
            and words[words.index("with") + 1] not in state.names():
        # `swaps his fire with Keno's soy`: `with` the partner's cards is `for` them
        words = [("for" if w == "with" else w) for w in words]
    if words and words[0] not in ("give", "get", "with") and "for" not in words and any(
            w in ("to", "with") and words[k + 1:k + 2] and words[k + 1] in state.names() for k, w in enumerate(words)):
        # `trades her red to Keno`: nothing asked back
        words = [*words, "for", "nothing"]
    if words and words[0] not in ("give", "get", "with") and "for" in words:
        cut = words.index("for")
        give, get = words[:cut], words[cut + 1:]
        partner = ""
        for side in (give, get):
            if len(side) >= 2 and side[-2] == "with":
                partner = side.pop()
                side.pop()
        # `trades her blue to Keno for his fire`, `with Keno`: the partner said among what is given
        for k in range(len(give) - 1):
            if not partner and give[k] in ("to", "with") and give[k + 1] in state.names():
                partner = give[k + 1]
                del give[k:k + 2]
                break
        if not partner and len(set(named)) == 1:
            partner = named[0]
        words = ["give", *give, "get", *get, *(["with", partner] if partner else [])]
    parts = {"give": "", "get": "", "with": ""}
    key = None
    for w in words:
        if w in parts:
            key = w
        elif key is None:
            raise ActionError("write a trade as: PLAYER trade give CARDS get CARDS with PLAYER")
        else:
            parts[key] = (parts[key] + " " + w).strip()
    other = parts["with"]
    if not other:
        # (no partner said: the one other player; at a table of one, `Can Ada trade?` in the solo
        # game, with herself, which the rules refuse as they refuse any trade there; round 70)
        others = [n for n in state.names() if n != player]
        other = others[0] if len(others) == 1 else player if not others else ""
    if other not in state.names():
        raise ActionError(f"a trade needs `with PLAYER`{suggest(other, state.names()) if other else ''}")

    def cards(text, owner):
        picked: list[str] = []
        if text == "nothing":  # as in an offer: that side is empty
            return picked
        for part in [p.strip() for p in text.replace(" and ", ",").split(",") if p.strip()]:
            plural = re.fullmatch(r"all\s+(\S+)", part)
            if plural is not None and plural[1] in engine.spec.varieties:
                picked += _every_card(engine, state, owner, plural[1], picked)
                continue
            # `for Nina's two blues` (round 53's table): that many of the variety, as a list takes them.
            counted = re.fullmatch(r"([0-9]+)\s+(?:all\s+)?(\S+)", part)
            if counted is not None and counted[2] in engine.spec.varieties:
                many, variety = int(counted[1]), counted[2]
                every = [r for r in _every_card(engine, state, owner, variety, picked)
                         if _card_at_ref(engine, state, owner, r) == variety]
                if len(every) < many:
                    raise ActionError(f"'{many} {variety}': {owner} has {len(every) or 'no'} {variety} to trade")
                picked += every[:many]
                continue
            if re.search(r"\bfields?\b", part, flags=re.IGNORECASE):
                # `trades his blue field`: the field's top card, for the rules to refuse (fields
                # are not traded), as in an offer (round 60's table had it unreadable here)
                part = " ".join(_fields_by_variety(engine, state, owner, part.split(), said))
            picked.append(_card(engine, state, owner, part, picked, said))
        return picked

    offer = {"type": "offer", "player": player, "to": other, "give": cards(parts["give"], player),
             "get": cards(parts["get"], other)}
    return [offer, {"type": "accept", "player": other}]
