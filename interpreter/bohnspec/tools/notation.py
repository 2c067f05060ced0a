"""The short action notation of the command line: "Nina harvest 1", "Timon trade give soy
get red with Nina". Documented in docs/NOTATION.md.

    PLAYER ACTION [VALUE ...] [KEY VALUE ...]

Values fill the action's parameters in declaration order; `KEY VALUE` names one. A card is
`hand 3`, `received 1`, `revealed 2`, `field 1` (the top card of a field), or a variety
(`soy`: the first such card its owner may use, revealed cards first for the active player).
A card parameter belongs to the player the spec checks it against: in `offer to Nina give
soy get red`, `give` names the proposer's cards and `get` Nina's. A variety its owner holds
only in a field is read as that field (`field 2`), and one the owner does not hold at all as
a place where no card is: the rules then refuse the action with their own paragraph, and a
note says how the name was read. A list of cards is comma-separated (`soy,fire`).
`trade give ... get ... with P` is an offer that P accepts at once. A space of the map is its
id (`06`; `6` is read as `06`): "Nina attack 06 hand 2", "Nina attack 06 with draw_pile 1"
(the top card of the stack), "Nina charge 06 riders 10", "Nina take_from_cart cart 1".
"""

from __future__ import annotations

import functools
import itertools
import json
import re
from collections.abc import Iterator, Sequence
from typing import Any

from ..execution import builtins as B
from ..errors import ActionError, BohnspecError, SpecRuntimeError, closest, suggest
from ..execution.interpret import Engine, Env
from ..execution.state import State
from ..language.unparse import show

_REF = re.compile(r"^[a-z_]+ [0-9]+$")
_REF_WORDS = ("hand", "received", "revealed", "field", "draft", "draw_pile", "cart")


# A list of places, `hand 1, hand 3`, is one word of the notation: the spaces inside its
# places are kept apart from those between words while the text is split.
_KEPT = "\x00"
_LIST_PLACE = re.compile(r"\b([a-z_]+) ([0-9]+)(?=\s*,)|(?<=,)\s*([a-z_]+) ([0-9]+)\b")


def _lists_kept(text: str) -> str:
    """The text with each list of cards written as one word (`hand 1, hand 3` as `hand 1,hand 3`,
    the space inside each place kept from the split)."""
    text = re.sub(r"\s*,\s*", ",", text)
    return _LIST_PLACE.sub(lambda m: f"{m[1] or m[3]}{_KEPT}{m[2] or m[4]}", text)


def parse_action(engine: Engine, state: State, text: str, notes: list | None = None, whole: bool = True) -> list[dict]:
    """Turn notation (or a JSON object) into one or more protocol actions.

    `trade` gives two actions: the offer and its acceptance. `notes`, if given, receives
    (index of the action, text) for each card name read as a place where no usable card is."""
    text = text.strip()
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ActionError(f"the action is not valid JSON: {exc.msg} (at column {exc.colno})") from None
        except (ValueError, RecursionError):  # Python's bounds on a number's digits and on nesting
            raise ActionError("the action holds a number of thousands of digits or is nested too deep: "
                              "no game has such a thing") from None
        return [data]
    # As people type it: a phone's apostrophe, a question mark at the end, an action's name in
    # two words (`Nina end phase?`).
    mood = _mood_of(state, text)  # (`Can Nina ...?`, `Must Nina ...?`: split_moves asks each move so)
    text = _as_typed(engine, state, text)
    if whole:  # (a pronoun is read in the whole text, never in a part of it)
        text = _pronouns(state, text)
    typed = [w.lower() for w in text.split()[1:2]]  # the verb as written (a move's own name: meant as such)
    several = _several_moves(engine, state, text)
    if several is not None:
        return [a for part in several for a in parse_action(engine, state, _asked(mood, part), notes, whole=False)]
    text = _places_named(engine, state, _cards_named(engine, state, text))
    said_first: list[str] = []
    if mood == _MUST and text.split():
        said_first.append(_must_note(engine, state, text.split()[0]))
    text = _troops_sent(engine, state, text, said_first)
    plural_text = text  # (a plural said is `all VARIETY` here)
    paid = _paid_as_part(engine, text)
    if paid is not None:
        text = paid
    text = " ".join(_as_said(engine, state, text.split()))
    # `Timon's hand 2`, as judge lists another player's cards: whose they are the action says
    # (the cards one gets are the partner's); the name is checked against it below.
    owners_named: list[str] = []

    def possessive(m: re.Match) -> str:
        owners_named.append(m[1])
        return ""
    # (`Nina's two blues`, said as `Nina's 2 all blue`: a count of a variety after the name too)
    counted = r"|[0-9]+\s+(?:all\s+)?(?:" + "|".join(map(re.escape, engine.spec.varieties)) + r")\b" \
        if engine.spec.varieties else ""
    text = re.sub(r"\b(" + "|".join(map(re.escape, state.names())) + r")'s\s+(?=[a-z_]+" + counted + ")",
                  possessive, text) if state.names() else text
    words = [w.replace(_KEPT, " ") for w in _lists_kept(text).split()]
    if len(words) < 2:
        raise ActionError("write an action as PLAYER ACTION [VALUES], e.g. \"Nina harvest 1\"")
    player, kind, rest = words[0], words[1], words[2:]
    if player not in state.names():
        if player.lower() in _PRONOUNS or player.lower() in ("i", "you", "we"):
            raise ActionError(f"{player!r}: whom it means, the words do not say; "
                              f"name the player: {', '.join(state.names())}")
        raise ActionError(f"{player!r} is not at the table{suggest(player, state.names())}; "
                          f"players: {', '.join(state.names())}")
    said: list[str] = said_first
    if paid is not None:
        said.append(f"'pays a coin and': no move of this game is a payment alone; read as the {kind} that "
                    "follows, whose price, if it has one, is paid in what it does")
    decl = engine.spec.actions.get(kind)
    if decl is not None and len(set(owners_named)) == 1 and decl.params and decl.params[0].type == "player" \
            and not any(w in state.names() for w in rest):
        # `offers the soy for Nina's red`: the player whose cards are asked for is the partner
        # (the red was looked for in the offerer's hand before the partner was known)
        rest = [owners_named[0], *rest]
    if kind == "trade" and "offer" in engine.spec.actions and rest and not owners_named and not any(
            w in ("give", "get", "with", "for", "to", "nothing") or w in state.names() for w in rest):
        # `Must Timon trade the soy?`: neither partner nor price said; the offer of those cards,
        # as the partner left out of a move is completed (round 56)
        said.append("a trade with neither partner nor price said: judged as the offer of those cards, "
                    "asking nothing back; the partner accepting it makes the trade")
        actions = [_single(engine, state, player, "offer", rest, said, spoken=True)]
    elif kind == "trade":
        actions = _trade(engine, state, player, rest, said, owners_named)
    else:
        actions = [_single(engine, state, player, kind, rest, said, spoken=mood is not None or typed != [kind])]
        if typed != [kind]:
            actions = [_instead_of_untimely(engine, state, player, actions[0], rest, said)]
    for a in actions:
        # `plants a soy` read as a move naming a variety: it takes every soy it moves, not one
        # (the two-player game's phase 3, round 49's players); said.
        decl = engine.spec.actions.get(a.get("type", ""))
        for p in decl.params if decl is not None else ():
            v = a.get(p.name)
            if p.type == "variety" and isinstance(v, str) and re.search(
                    r"\b(?:a|an|one|1)\s+" + re.escape(v) + r"\b", plural_text, flags=re.IGNORECASE):
                said.append(f"'a {v}': {a['type']} names a variety, not a card, and takes every {v} it moves "
                            "(what would happen shows them)")
            # `plants his soys on his soy` read as a move of one card: said (round 51's players).
            card = _card_at_ref(engine, state, player, v) if p.type == "card" and isinstance(v, str) else None
            if card is not None and re.search(r"\ball\s+" + re.escape(card) + r"\b", plural_text):
                said.append(f"'{card}' in the plural: {a['type']} takes one card; a move made for each card is "
                            "given once for each (-a \"...\" -a \"...\")")
    for name in owners_named:
        partners = {v for a in actions for v in a.values() if isinstance(v, str) and v in state.names()} - {player}
        if name not in partners:
            raise ActionError(f"{name}'s cards are not part of this action: name another player's cards only "
                              f"for what you get from him (`offer to {name} ... get {name}'s hand 2`)")
    if notes is not None:
        notes.extend((0, s) for s in said)
    return actions


_PAID = re.compile(r"^(\S+)\s+pa(?:ys|y|id)\s+(?:(?:a|an|one|two|three|four|five|[0-9]+|the|his|her|their|my)\s+)?"
                   r"(?:gold\s+|bean\s+)?coins?\s+and\s+(?:then\s+)?(\S.*)$", re.IGNORECASE)


def _paid_as_part(engine: Engine, text: str) -> str | None:
    """`Nina pays a coin and attacks 09`: in a game where paying is no move of its own (the war
    games: an attack's price is part of it, round 47's players were pointed at Bohnröschen's
    tribute), the move that follows; None where `pay` names a move of this game or no move of
    this game follows."""
    m = _PAID.match(text)
    if m is None or _verbs(engine).get("pay") in engine.spec.actions or "pay" in engine.spec.actions:
        return None
    if _action_named(engine, m[2].split())[0] not in engine.spec.actions:
        return None
    return f"{m[1]} {m[2]}"


def _instead_of_untimely(engine: Engine, state: State, player: str, action: dict, rest: list[str],
                         said: list[str]) -> dict:
    """The move read, or, when its timing refuses it, the one other move the player may make now
    that the same words, without the space they name, make legal, where that space is the one
    the game is busy with (a variable of the game holds it: the battle): `Nina attacks 15 with
    her blue` while her second round against 15 awaits is that round (round 50). (A defender
    asking to attack elsewhere is not read as his defence.)"""
    kind = action.get("type")
    refused = engine.timing(state, kind, player) if kind in engine.spec.actions else None
    if refused is None or state.board is None or player != state.active:
        return action  # (`Can Nina attack t`, the defender: a question about an attack, answered so)
    # (the space the game's variables hold: the one fought over)
    named = {v for v in action.values() if isinstance(v, str) and v in state.board} & {
        v for v in state.vars.values() if isinstance(v, str)}
    if not named:
        return action
    from ..execution import moves
    kinds = list(dict.fromkeys(m.kind for m in moves.timely(engine, state) if m.player == player and m.kind != kind))
    words = [w for w in rest if w not in state.board and not _spaces_of_kind(state, w)]
    legal = _legal_readings(engine, state, player, [
        (other, words, f"read as {other}: {player} may not {kind} now ({refused.reason}), and {other}, in the fight "
                       f"over {', '.join(sorted(named))}, is the move these words make") for other in kinds])
    if len({json.dumps(a, sort_keys=True) for a, _ in legal}) != 1:
        return action
    said.extend(legal[0][1])
    return legal[0][0]


def _nth_of_variety(engine: Engine, state: State, text: str) -> str:
    """`her second blue`: the hand's second card of that variety (of the player who moves, or of
    the one named: `Nina's second blue`), by its place; not a count (round 50's players had both
    blues given); `his first soy field`: the first of his fields growing it. One beyond those
    there is told."""
    if "hand" not in engine.spec.zones or not engine.spec.varieties or not state.names():
        return text
    names = {n.lower(): n for n in state.names()}
    subject = _mover(state, text)

    def nth(m: re.Match) -> str:
        owner = names.get(m[1][:-2].lower()) if m[1] and m[1].endswith("'s") else subject
        k = int(_ORDINALS.get(m[2].lower()) or _ordinal_digits(m[2].lower()) or 0)
        if owner is None or not k:
            return m[0]
        if m[4]:
            # `his first soy field`: the fields growing it, in order (round 51: read as a count).
            places = _fields_growing(engine, state, owner, m[3])
            what = f"{m[3]} field"
        else:
            # The rows of cards that hold the variety, the owner's and the table's (hand,
            # received, revealed): one of them, or the words cannot tell (round 52: a second soy
            # among received cards was looked for in the hand alone).
            rows = {z: [i for i, c in enumerate(state.player(owner).zones.get(z, []) if d.per_player
                                                 else state.zones.get(z, []), 1) if c == m[3]]
                    for z, d in engine.spec.zones.items() if d.kind == "row"}
            rows = {z: found for z, found in rows.items() if found}
            if len(rows) > 1:
                where = ", ".join(f"{z} ({len(found)})" for z, found in rows.items())
                raise ActionError(f"{m[0]!r}: {m[3]} lies in {where}: name the card by its place "
                                  f"(`{next(iter(rows))} {next(iter(rows.values()))[0]}`)")
            zone, places = next(iter(rows.items()), ("hand", []))
            what = f"{m[3]} in {zone}"
        if k > len(places):
            raise ActionError(f"{m[0]!r}: {owner} has {len(places) or 'no'} {what}, no {m[2]}")
        if m[4]:
            return f"field {places[k - 1]}"
        whose = f"{m[1]} " if m[1] and m[1].endswith("'s") and engine.spec.zones[zone].per_player else ""
        return f"{whose}{zone} {places[k - 1]}"
    return re.sub(r"\b(" + _whose_words(state) + r")\s+(" + "|".join(_ORDINALS) + r"|[0-9]+(?:st|nd|rd|th))\s+("
                  + "|".join(map(re.escape, engine.spec.varieties)) + r")\b(\s+fields?\b)?", nth, text,
                  flags=re.IGNORECASE)


def _phase_numbered(engine: Engine, number: str) -> str | None:
    """The phase of this game's turn whose title numbers it so (`Phase 2: ...`), if one."""
    found = [name for name in engine.spec.playable_phases()
             if (engine.spec.phases[name].title or "").lower().startswith(f"phase {number}:")]
    return found[0] if len(found) == 1 else None


def _fields_growing(engine: Engine, state: State, owner: str, variety: str) -> list[int]:
    """The numbers of the owner's fields that hold the variety (`his soy field`)."""
    return [k for k, f in enumerate(state.player(owner).zones.get(engine.fields_zone, []), 1) if variety in f]


def _mover(state: State, text: str) -> str | None:
    """The player who moves: the words' first, in any case (`nina plants ...`); None if no player."""
    first = text.split()[:1]
    return next((n for n in state.names() if first and first[0].lower() == n.lower()), None)


def _whose_words(state: State) -> str:
    """The words before a place that say whose it is (`Timon's`, `his`), as a pattern's alternatives."""
    return "|".join([*(re.escape(n) + "'s" for n in state.names()), "his", "her", "their", "my", "the"])


def _last_cards(engine: Engine, state: State, text: str) -> str:
    """`the last card of her depot`, `his last card` (of the hand): that place's last card, of
    the player who moves unless another is named (`Timon's`), by its number (round 49)."""
    names = {n.lower(): n for n in state.names()}
    subject = _mover(state, text)
    zones = [z for z in engine.spec.zones if z != "draw_pile" and engine.spec.zones[z].kind != "fields"]
    if not zones:
        return text

    def place(zone: str, whose: str | None) -> str | None:
        if not engine.spec.zones[zone].per_player:
            cards = state.zones.get(zone, [])
        else:
            owner = names.get(whose.lower()[:-2]) if whose and whose.lower().endswith("'s") else subject
            if owner is None:
                return None
            cards = state.player(owner).zones.get(zone, [])
        return f"{zone} {len(cards)}" if cards else None

    def of_zone(m: re.Match) -> str:
        return place(m[2].lower(), m[1]) or m[0]
    text = re.sub(r"\b(?:the\s+)?last\s+card\s+(?:of|from|in|on)\s+(?:(" + _whose_words(state) + r")\s+)?("
                  + "|".join(map(re.escape, zones)) + r")\b", of_zone, text, flags=re.IGNORECASE)
    if "hand" in zones:
        text = re.sub(r"\b(?:his|her|their|my)\s+last\s+(?:hand\s+)?card\b",
                      lambda m: place("hand", None) or m[0], text, flags=re.IGNORECASE)
    return text


def _zone_cards_said(engine: Engine, state: State, text: str) -> str:
    """`with his depot card`: the one card of a row of the player's (more: told); `with the blue
    on his depot`, a card said with the row it lies on: that row's (`from his depot`), where the
    move takes a card, not where it puts one (`puts the fire on his depot` stays)."""
    who = _mover(state, text)
    if who is None:
        return text
    rows = [z for z, d in engine.spec.zones.items() if d.per_player and d.kind == "row" and z != "hand"]
    if not rows:
        return text
    alt = "|".join(map(re.escape, rows))

    def one_card(m: re.Match) -> str:
        row = m[1].lower()
        cards = state.player(who).zones.get(row, [])
        if len(cards) != 1:
            many = f"{len(cards) or 'no'} card{'s' if len(cards) != 1 else ''}"
            raise ActionError(f"'{m[0]}': {who}'s {row} holds {many}: name the one meant ({row} 1 is the first)")
        return f"{row} 1"
    text = re.sub(r"\b(?:(?:his|her|their|my|the)\s+)?(" + alt + r")\s+card\b", one_card, text, flags=re.IGNORECASE)
    return re.sub(r"\b(with\s+(?:(?:the|his|her|their|my)\s+)?\S+)\s+(?:on|in)\s+((?:his|her|their|my|the)\s+)?(" + alt
                  + r")\b", r"\1 from \3", text, flags=re.IGNORECASE)


# A question whether a move must be made (the answer says whether it may, and parse_action
# notes how to ask whether it may be left out).
_OBLIGED = re.compile(r"^\s*(?:must\s+(\S+)|(?:does|do)\s+(\S+)\s+(?:have|need)\s+to|(?:is|are)\s+(\S+)\s+"
                      r"(?:required|obliged|forced)\s+to)\s+", flags=re.IGNORECASE)


def _must_note(engine: Engine, state: State, who: str) -> str:
    """What a question whether a move must be made is answered with besides the move's verdict:
    whether the player may end the phase now without it (the game's `end_phase`, if it has one)."""
    note = "'must': the answer says whether the move is allowed"
    if "end_phase" not in engine.spec.actions or who not in state.names():
        return note
    # (the phase is ended by whoever may end it: the active player, when the one asked about may not)
    ender = next((p for p in dict.fromkeys([who, state.active]) if p in state.names()
                  and engine.timing(state, "end_phase", p) is None), who)
    try:
        outcome = engine.apply(state, {"type": "end_phase", "player": ender})
    except BohnspecError:
        return note
    by = "" if ender == who else f" (by {ender})"
    if outcome.accepted:
        return note + f"; the phase may also end now{by} without it"
    refused = outcome.rejection
    return note + (f"; the phase may not end now{by}: {refused.reason} [{refused.rule}]" if refused else "")


# A question's mood: whether a move may be made (`Can Nina ...?`: a value left out is
# completed as she means it) or must be (`Must Nina ...?`: the answer notes whether it may be
# left out). split_moves asks each move of a question in the question's words again.
_MAY, _MUST = "Can", "Must"


def _mood_of(state: State, text: str) -> str | None:
    """The mood of a text as typed: _MUST for `Must Nina ...`, `Does Nina have to ...`; _MAY for
    another question of a player's move (`Can Nina ...`, `Is it allowed for Nina ...`, `What
    happens if Nina ...`, `How many coins does Nina get ...`); else None. A player may be called
    May or Will (`Will gives May the soy` asks nothing)."""
    who = "|".join([*map(re.escape, state.names()), "she", "he", "they", "i"])
    obliged = _OBLIGED.match(text)
    if obliged is not None and re.fullmatch(who, next(g for g in obliged.groups() if g), flags=re.IGNORECASE):
        return _MUST
    asking = (r"^\s*(?:(?:can|may|could|might)\s+(?:" + who + r")(?:'s)?\s|(?:is|would)\s+it\s|(?:is|are)\s+(?:" + who
              + r")\s+(?:allowed|able|permitted)\s|what\s+(?:happens|if|would|does|do|will)\s|how\s+(?:many|much)\s"
              r"|who\s+wins\s|suppose\s)")
    return _MAY if re.match(asking, text, flags=re.IGNORECASE) else None


def _asked(mood: str | None, move: str) -> str:
    """One move of a question asked in the question's mood (`Can Nina harvest field 1`)."""
    return move if mood is None else f"{mood} {move}"


# The most clauses of one kind taken out of one text (`since ...`, `before ...`).
_MOST_CLAUSES = 20


def _words_around(engine: Engine, state: State, text: str) -> str:
    """The text without what is said around a move and is no part of it: the player's reason
    (`even though it is not his turn`, `since ...`, `because ...`), what it is for (`to get into
    the castle`), when (`before drawing`, `before Timon has planted`; not `before the green`, an
    order), `now`, `still`, and a harvest's `and sells them` (round 54's table). Each runs up to
    the next move said: `and` or `then` or a comma before a move of this game or a player
    (`... since he is stuck and pays tribute again`: round 56's table lost the second tribute)."""
    names = {n.lower() for n in state.names()}
    pronouns = "|".join(["he", "she", "they", "it", *map(re.escape, state.names())])
    clauses = (r",?\s+(?:even\s+though|even\s+if|although|because|since)\s",
               r"\s+(?:in\s+order\s+)?to\s+(?:get|reach|make|win|earn|enter|have|be)\b",
               r",?\s+(?:before|after|while|until)\s+(?:[a-z]+ing\b|(?:" + pronouns + r")\s+\S+)",
               r"\s+and\s+sells?\s+(?:them|it|the\s+beans?)\b")

    def next_move(tokens: list[str]) -> int:
        """Where the words of a clause end: at the first join before another move or a player."""
        for k in range(1, len(tokens)):
            low = tokens[k].lower()
            joined = low in ("and", "then") or tokens[k - 1].endswith(",")
            after = tokens[k + 1:] if low in ("and", "then") else tokens[k:]
            if after and after[0].lower() == "then":
                after = after[1:]
            if joined and after and (re.sub(r"'s$", "", after[0].lower().rstrip(",")) in names
                                     or after[0].lower() in _PRONOUNS or _names_a_move(engine, after)):
                return k
        return len(tokens)
    for clause in clauses:
        for _ in range(_MOST_CLAUSES):  # (each round takes words out; bounded all the same)
            m = re.search(clause, text, flags=re.IGNORECASE)
            if m is None:
                break
            tokens = text[m.start():].split()
            end = next_move(tokens)
            kept = tokens[end:]
            before = text[:m.start()].rstrip()
            # (the comma before the next move stays, unless a join is there already: `... blue.
            # Since it pays, she ...`, `... blue and since it pays, she ...`; a join left with
            # no move after it goes)
            joined = re.search(r"(?:\band|\bthen|[.;,])$", before, flags=re.IGNORECASE)
            if not kept and joined:
                before = before[:joined.start()].rstrip()
            comma = "," if kept and tokens[end - 1].endswith(",") and not joined else ""
            text = (before + comma + " " + " ".join(kept)).strip()
    # (`Before drawing, Nina attacks ...`, `Since it pays, Nina harvests ...`, `Then Timon draws`)
    text = re.sub(r"^(?:before|after)\s+[a-z]+ing\s*,\s*", "", text, flags=re.IGNORECASE)
    text = re.sub(r"^(?:since|because|although|even\s+though|even\s+if)\s+[^,]+,\s*", "", text, flags=re.IGNORECASE)
    text = re.sub(r"^(?:and\s+)?then\s+(?=\S+\s)", "", text, flags=re.IGNORECASE)
    return re.sub(r"\s+(?:right\s+now|now|still|at\s+this\s+point|at\s+this\s+moment)\b", "", text,
                  flags=re.IGNORECASE)


def _question_asked(engine: Engine, state: State, text: str) -> str:
    """The move a question or a sentence of the table asks about, with its player first: `Can
    Nina harvest field 2`, `Is Nina allowed to ...`, `What happens if Nina attacks ...`, `Is it
    allowed for Nina to ...` (round 49); `Nina's riders attack 17` (the troops as the subject: their
    owner's move with them); `... and keeps the blue` (what a player keeps is no part of it)."""
    text = re.sub(r"^\s*(?:what\s+happens\s+(?:if|when)|what\s+if|suppose|who\s+wins\s+(?:if|when))\s+", "", text,
                  flags=re.IGNORECASE)
    # `Nina keeps the soy and plants the broad bean`: what she keeps is no move
    text = re.sub(r"^(\S+)\s+keeps?\s+.+?\s+and\s+(?:then\s+)?(?=\S)", r"\1 ", text, flags=re.IGNORECASE)
    # `Timon asks Nina for her red (as a gift)`: his offer, giving nothing, for her card
    text = re.sub(r"^(\S+)\s+asks\s+(\S+)\s+for\s+(?:(?:his|her|their)\s+)?(.+?)(?:\s+as\s+an?\s+(?:gift|present)"
                  r"|\s+for\s+free)?$", r"\1 offers \2 nothing for \2's \3", text, flags=re.IGNORECASE)
    text = re.sub(r"^\s*(?:is|would)\s+it\s+(?:be\s+)?(?:allowed|legal|ok|okay|possible)\s+for\s+(\S+)\s+to\s+",
                  r"\1 ", text, flags=re.IGNORECASE)
    # `How many coins does Keno get if he harvests field 1`, `What does Keno get for harvesting
    # field 1`: the move, whose answer shows what it pays.
    text = re.sub(r"^\s*(?:how\s+many\s+coins|how\s+much|what)\s+(?:does|would|will|do)\s+(\S+)\s+"
                  r"(?:get|earn|receive|make|gain)\s+(?:if|when)\s+(?:he|she|they|\1)\s+", r"\1 ", text,
                  flags=re.IGNORECASE)
    gerund = re.match(r"^\s*(?:how\s+many\s+coins|how\s+much|what)\s+(?:does|would|will|do)\s+(\S+)\s+"
                      r"(?:get|earn|receive|make|gain)\s+(?:for|by|from)\s+([a-z]+)ing\b(.*)$", text,
                      flags=re.IGNORECASE)
    if gerund is not None:
        # (`harvesting`: harvest; `trading`: trade, the verb a move is named by)
        stem = gerund[2].lower()
        verb = next((v for v in (stem, stem + "e", stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else "")
                     if v and (v == "trade" or _names_a_move(engine, [v]))), stem)
        text = f"{gerund[1]} {verb}{gerund[3]}"
    # (only before a player named: a player may be called May or Will)
    players = "|".join(map(re.escape, state.names())) or "(?!)"
    # (before a pronoun too, `Can he harvest?`: whom it means is asked when the words do not say)
    text = re.sub(r"^\s*(?:can|may|could|might)\s+((?:" + players + r"|he|she|they|i)(?:'s)?)\s+", r"\1 ", text,
                  flags=re.IGNORECASE)
    if text.split() and text.split()[0] not in state.names():
        # (`Can Hanno ride?` where nobody is called Hanno: the name is what is not at the table)
        text = re.sub(r"^\s*(?:[Cc]an|[Mm]ay|[Cc]ould|[Mm]ight)\s+(?=[A-Z][\w'-]*\s)", "", text)
    # (`Must Timon plant ...`, `Does Timon have to ...`: the move; parse_action notes what is answered)
    text = _OBLIGED.sub(lambda m: next(g for g in m.groups() if g) + " ", text)
    text = _words_around(engine, state, text)
    text = re.sub(r"^\s*(?:is|are)\s+(\S+)\s+(?:allowed|able|permitted)\s+to\s+", r"\1 ", text, flags=re.IGNORECASE)
    riding = [a.name for a in engine.spec.actions.values() if any(p.name in _TROOPS for p in a.params)]
    if len(riding) == 1 and state.names():
        text = re.sub(r"^\s*(" + "|".join(map(re.escape, state.names())) + r")'s\s+(?:" + "|".join(_TROOPS)
                      + r")\s+(?:attack|ride|charge|gallop)s?\b", r"\1 " + riding[0], text, flags=re.IGNORECASE)
    return re.sub(r"\s+and\s+(?:he\s+|she\s+|they\s+)?keeps?\b.*$", "", text, flags=re.IGNORECASE)


def _cards_named(engine: Engine, state: State, text: str) -> str:
    """Cards as the table names them, in the notation's words: a bean by its name on the card
    (`give Soy Bean`, `Red Beans`) or another name (`Chili`, `Sojabohne`: the variety's `aka`);
    a plural (`her blue beans`, `reds`) as `all blue`, read as the move's values need (_plural;
    round 50's players had one of two traded); the top of the draw pile (`the top card of the
    stack`, `a card from the pile`: round 47); `the last card of her depot`; `the second revealed
    card`; `her front card`, `his second card`; `her second blue` (_nth_of_variety); `the fire
    from his hand`; a variety after a word of place as the field growing it (`plants the fire on
    his fires`: round 50's players had phase 1's planting read as phase 3's)."""
    def bean(m: re.Match, name: str) -> str:
        return f"all {name}" if m[1] else name
    for called, name in _bean_names(engine).items():
        if called in text.lower():
            text = re.sub(r"(?<![\w-])" + re.escape(called) + r"(s|n)?(?![\w-])", functools.partial(bean, name=name),
                          text, flags=re.IGNORECASE)
    if "draw_pile" in engine.spec.zones:
        text = re.sub(r"\b(?:(?:the|a)\s+)?(?:top\s+)?card\s+(?:of|from)\s+(?:the\s+)?(?:draw pile|stack|pile|deck)\b",
                      "draw_pile", text, flags=re.IGNORECASE)
        text = re.sub(r"\b(?:the\s+)?top\s+(?:card\s+)?of\s+(?:the\s+)?(?:draw pile|stack|pile|deck)\b", "draw_pile",
                      text, flags=re.IGNORECASE)
        text = re.sub(r"\btop card\b", "top", text, flags=re.IGNORECASE)
        text = re.sub(r"\bdraw pile\b", "draw_pile", text, flags=re.IGNORECASE)
    text = _last_cards(engine, state, text)
    places = [z for z in engine.spec.zones if engine.spec.zones[z].kind != "fields"]
    if places:
        text = re.sub(r"\b(" + "|".join(_ORDINALS) + r")\s+(" + "|".join(map(re.escape, places)) + r")\s+cards?\b",
                      lambda m: f"{m[2].lower()} {_ORDINALS[m[1].lower()]}", text, flags=re.IGNORECASE)
    if "hand" in engine.spec.zones:
        text = re.sub(r"\b(?:front|foremost|first)\s+(?:hand\s+)?card\b", "hand 1", text, flags=re.IGNORECASE)
        # (`plants a second card`: phase 1's second planting, of the card then foremost, unless a
        # move of the game plays the second card itself: the two-player game's, round 56)
        if not any("second" in (a.title or "").lower() for a in engine.spec.actions.values()):
            text = re.sub(r"\ba\s+second\s+card\b", "hand 1", text, flags=re.IGNORECASE)
        text = re.sub(r"\bsecond\s+(?:hand\s+)?card\b", "hand 2", text, flags=re.IGNORECASE)
    text = _zone_cards_said(engine, state, text)
    if "discard" in engine.spec.zones:  # `onto the discard pile`: a draft's target
        text = re.sub(r"\bdiscard pile\b", "discard", text, flags=re.IGNORECASE)
    for name in engine.spec.varieties:
        text = re.sub(r"(?<![\w-])" + re.escape(name) + r"s(?![\w-])", f"all {name}", text, flags=re.IGNORECASE)
    text = re.sub(r"\ball\s+(?:(?:his|her|their|my|the|of)\s+)*all\b", "all", text, flags=re.IGNORECASE)
    text = _nth_of_variety(engine, state, text)
    if engine.spec.varieties:
        text = re.sub(r"\b(on|onto|in|into|to)\s+(?:(?:his|her|their|my|the)\s+)?(?:all\s+)?("
                      + "|".join(map(re.escape, engine.spec.varieties)) + r")(?:\s+beans?)?\b(?!\s+(?:field|[0-9]))",
                      r"\1 \2 field", text, flags=re.IGNORECASE)
    own = [z for z, d in engine.spec.zones.items() if d.per_player and d.kind != "fields"]
    if own and engine.spec.varieties:
        # (`the fire from his received cards`: the row's cards are the row)
        text = re.sub(r"\b(" + "|".join(map(re.escape, engine.spec.varieties)) + r")(?:\s+beans?)?\s+from\s+(?:his\s+|"
                      r"her\s+|their\s+|my\s+|the\s+)?(" + "|".join(map(re.escape, own)) + r")(?:\s+cards?)?\b",
                      r"\2 \1", text, flags=re.IGNORECASE)
    shared = [z for z, d in engine.spec.zones.items() if not d.per_player and d.kind == "row"]
    if shared:
        # `the red bean from the middle`: a card of a row on the table is looked for where the
        # move takes it from; the row said says nothing more
        text = re.sub(r"\s+from\s+the\s+(?:" + "|".join(map(re.escape, shared)) + r")\b(?!\s+[0-9])", "", text,
                      flags=re.IGNORECASE)
    return text


def _troops_sent(engine: Engine, state: State, text: str, said: list[str]) -> str:
    """`Nina attacks 17 with her riders` (round 53's table): mounted troops are sent by a move of
    their own (`charge`, naming where they stand), read as that move from the one place the
    player's troops may ride from now, with a note; else as said (_card tells what to write)."""
    # (`Nina sends her riders against 09`: the attack with them)
    text = re.sub(r"^(\S+)\s+(?:sends?|dispatch(?:es)?|orders?)\s+((?:(?:his|her|their|my|the)\s+)?(?:"
                  + "|".join(_TROOPS) + r")(?:\s+(?:from\s+|of\s+)?\w+)??)\s+(?:against|at|to\s+attack|to)\s+(.+)$",
                  r"\1 attacks \3 with \2", text, flags=re.IGNORECASE)
    words = text.split()
    # (`with his cavalry from p2`, `the cavalry of p1` as _places_named leaves it: where they stand)
    troop = re.fullmatch(r"(?:(?:his|her|their|my|the)\s+)?(\S+)(?:\s+(?:(?:from|of|at|in|on)\s+)?(\S+))?",
                         " ".join(words[words.index("with") + 1:]), flags=re.IGNORECASE) \
        if "with" in words[2:] else None
    who = _mover(state, text)
    if troop is None or who is None:
        return text
    name = troop[1].lower()
    sends = [(a, k) for said_as in (name, _TROOPS.get(name)) for a in engine.spec.actions.values()
             for k, p in enumerate(a.params) if p.name == said_as and p.type == "space"][:2]
    kind = _action_named(engine, words[1:])[0]
    if len(sends) != 1 or kind == sends[0][0].name or kind not in engine.spec.actions \
            or any(p.name in (name, _TROOPS.get(name)) for p in engine.spec.actions[kind].params):
        return text
    action, k = sends[0]
    move = _timely_move(engine, state, action.name, who)
    places = move.alone(k) if move is not None else []
    if troop[2] is not None:
        # (the place said: the charge from it, which the rules judge, beaten troops or another's)
        if state.board is None or troop[2] not in state.board:
            return text
        places = [troop[2]]
    target = words[2:words.index("with")]
    if len(places) > 1:
        raise ActionError(f"'with {troop[0]}': mounted troops ride by {action.name}, naming where they stand: "
                          f"{who}'s may ride from {' or '.join(map(str, places))} "
                          f"(`{who} {action.name} {' '.join(target) or 'TARGET'} {action.params[k].name} {places[0]}`)")
    others = [p.name for p in action.params if p.type == "space" and p.name != action.params[k].name]
    if not places and len(target) == 1 and state.board is not None and target[0] in state.board and len(others) == 1:
        # (none may ride now, beaten say: the troops whose refusal comes last, the player's own;
        # round 56's `attacks 09 with her riders` after they lost was an input error)
        nearest = _refused_whatever(engine, state, action.name, who, {others[0]: target[0]}, [action.params[k].name])
        places = [nearest[action.params[k].name]] if nearest is not None else []
    if not places:
        return text
    said.append(f"'with {troop[0]}': mounted troops ride by {action.name}, from where they stand: "
                f"read as {action.name} with the {action.params[k].name} of {places[0]}")
    return " ".join([words[0], action.name, *words[2:words.index("with")], action.params[k].name, str(places[0])])


def _places_named(engine: Engine, state: State, text: str) -> str:
    """Places as the table names them: `phase 2` (the phase of this game's turn its title numbers
    so); `the cavalry of p1`; `Nina's village`, `his village` (_owned_spaces); `the neutral town`,
    `the village next to 13` (_spaces_described); `her empty field` (her one field holding nothing)."""
    text = re.sub(r"\bphase\s+([0-9])\b", lambda m: _phase_numbered(engine, m[1]) or m[0], text, flags=re.IGNORECASE)
    text = re.sub(r"\b(" + "|".join(_TROOPS) + r")\s+of\s+", r"\1 ", text, flags=re.IGNORECASE)
    if state.board is not None:
        text = _kinds_named(engine, text)
    text = _spaces_described(state, _owned_spaces(state, text))
    if text.split() and text.split()[0] in state.names():
        fields = state.player(text.split()[0]).zones.get(engine.fields_zone, [])
        empty = [k for k, f in enumerate(fields, 1) if not f]
        said = re.search(r"\b(?:his|her|their|my|the|an)\s+empty\s+field\b", text, flags=re.IGNORECASE)
        if len(empty) == 1:
            text = text[:said.start()] + f"field {empty[0]}" + text[said.end():] if said else text
        elif said and not empty:
            raise ActionError(f"'{said[0]}': {text.split()[0]} has no empty field (each of the "
                              f"{len(fields)} holds beans): name the field by its number")
    return text


def _kinds_named(engine: Engine, text: str) -> str:
    """A kind of space by the name on its card, in several words or the book's German one
    (`the iron mine`, `the gemstone field`, `Edelsteinfeld`, `the Dschingis town`): its id;
    `across the river`, where the reach rules decide, and `fortified` say nothing more."""
    for said, kind in _card_names(engine).items():
        text = re.sub(r"(?<![\w-])" + re.escape(said) + r"(?![\w-])", kind, text, flags=re.IGNORECASE)
    # (`the Dschingis town` where only one book's towns are played: the town)
    books = "|".join(map(re.escape, sorted(engine.spec.modules)))
    text = re.sub(r"\b(?:" + books + r")\s+(?=(?:" + "|".join(map(re.escape, engine.spec.cards)) + r")\b)", "", text,
                  flags=re.IGNORECASE)
    text = re.sub(r"\s+(?:across|over)\s+the\s+river\b", "", text, flags=re.IGNORECASE)
    return re.sub(r"\bfortified\s+", "", text, flags=re.IGNORECASE)


@functools.lru_cache(maxsize=64)
def _card_names(engine: Engine) -> dict[str, str]:
    """The names of several words or in German of the spec's cards (not bean varieties), lower
    case, longest first, each naming one card: `iron mine`, `eisenmine`, `gemstone field`,
    `dschingis town` (the id's words)."""
    names: dict[str, set[str]] = {}
    for kind, card in engine.spec.cards.items():
        title = (card.title or "").lower()
        english, _, rest = title.partition("(")
        german = rest.rstrip(")").strip()
        for said in (english.strip(), german if german != "dschingis bohn" else "", kind.replace("_", " ")):
            if said and (" " in said or said == german) and said != kind:
                names.setdefault(said, set()).add(kind)
        for said in card.aka:  # (the spec's other names, `aka "Edelsteinfeld"`)
            names.setdefault(said.lower(), set()).add(kind)
    one = {said: next(iter(kinds)) for said, kinds in names.items() if len(kinds) == 1}
    return dict(sorted(one.items(), key=lambda kv: -len(kv[0])))


def split_moves(engine: Engine, state: State, text: str, whole: bool = True) -> list[str]:
    """The moves one text says, each as a text of its own (_several_moves), to be read one after
    another, each in the situation the ones before leave (round 51's table had a card named by
    the second read in the hand before the first was played); a JSON action is one move."""
    if text.strip().startswith("{"):
        return [text]
    mood = _mood_of(state, text)
    text = _as_typed(engine, state, text)
    if whole:  # (a pronoun is read in the whole text, never in a part of it)
        text = _pronouns(state, text)
    parts = _several_moves(engine, state, text)
    moves = [text] if parts is None else [m for part in parts for m in split_moves(engine, state, part, whole=False)]
    # (`trades the soy for Nina's red, Nina declines`: a trade answered in words is its offer, the
    # answer said being the one judged; round 56's table had it made and the decline refused)
    for k in range(len(moves) - 1):
        words, answer = moves[k].split(), moves[k + 1].split()
        if len(words) > 2 and words[1].lower() in ("trades", "trade") and len(answer) > 1 \
                and _action_named(engine, answer[1:])[0] in ("accept", "decline"):
            moves[k] = " ".join([words[0], "offers", *words[2:]])
    return [_asked(mood, m) for m in moves]  # (each move is asked about as the text asked)


def _an_order_allowed(engine: Engine, state: State, texts: list[str]) -> list[str]:
    """The moves in the first order the rules allow them one after another (`harvests all her
    fields`: the long field before the lone bean it protects, round 51), else as given."""
    if len(texts) > 4:
        return texts
    for order in itertools.permutations(texts):
        now = state
        for text in order:
            try:
                outcome = engine.apply(now, parse_action(engine, now, text)[0])
            except BohnspecError:
                break
            if not outcome.accepted:
                break
            now = outcome.state
        else:
            return list(order)
    return texts


def _as_typed(engine: Engine, state: State, text: str) -> str:
    """The text as people type it, made plain: a phone's apostrophe, a question mark at the end,
    `She plants` at a table of one, the question asked (`Can Nina ...?`, `Must Nina ...?`) and
    the words around the move, a swap or an exchange (a trade), a price said for a purchase,
    a card put on the discard pile."""
    text = _solo_subject(state, text.replace("\u2019", "'").strip().rstrip("?.! "))
    return _onto_the_discard(engine, _paid_for(_exchange(_question_asked(engine, state, text))))


def _paid_for(text: str) -> str:
    """`Hanno pays two coins for a fortress under his camp`, `pays three coins for a third
    field`: the purchase (`buys a fortress ...`), whose price is part of it; and how a card is
    taken that says nothing of which (`blindly`, `without looking at it`, `face down`)."""
    text = re.sub(r"^(\S+)\s+pa(?:ys|y|id)\s+(?:\S+\s+)?(?:gold\s+|bean\s+)?coins?\s+for\s+"
                  r"(?=(?:a|an|the|his|her|their)\s)", r"\1 buys ", text, flags=re.IGNORECASE)
    # (`attacks f blindly`, `Timon defends blindly`, no card said in that move: the top of the
    # pile; `blindly from the pile`: said already)
    blind = r"\s+(?:blindly|unseen|face\s+down|without\s+looking(?:\s+at\s+it)?)\b"
    pieces = re.split(r"(,\s*|\s+and\s+|\s+then\s+)", text, flags=re.IGNORECASE)
    pieces = [re.sub(blind, " with the pile" if not re.search(r"\b(?:with|from)\b", p, flags=re.IGNORECASE) else "", p,
                     count=1, flags=re.IGNORECASE) for p in pieces]
    return re.sub(blind, "", "".join(pieces), flags=re.IGNORECASE)


def _onto_the_discard(engine: Engine, text: str) -> str:
    """`Nina puts her blue bean on the discard pile`, in a game with a move that discards
    (the two-player game's phase 0): that move; `one of the green beans`: `a green` (the
    answer says so when the move takes the whole variety)."""
    onto = r"\s+(?:on|onto|to|in|into)\s+the\s+discard(?:\s+pile)?$"
    if any(a == "discard" or a.startswith("discard_") for a in engine.spec.actions):
        text = re.sub(r"^(\S+)\s+(?:puts|put|places|place|lays|lay|throws|throw)\s+(.+?)" + onto, r"\1 discards \2",
                      text, flags=re.IGNORECASE)
    elif any(p.type == "target" for a in engine.spec.actions.values() for p in a.params):
        # (no move that discards, but one whose place may be the discard pile: the Jumping Bean
        # draft's pick, `puts the green on the discard pile`, `discards the green`; round 55)
        mover = next(a.name for a in engine.spec.actions.values() if any(p.type == "target" for p in a.params))
        text = re.sub(r"^(\S+)\s+(?:puts|put|places|place|lays|lay|throws|throw)\s+(.+?)" + onto,
                      rf"\1 {mover} \2 onto the discard pile", text, flags=re.IGNORECASE)
        text = re.sub(r"^(\S+)\s+discards?\s+(.+)$", rf"\1 {mover} \2 onto the discard pile", text, flags=re.IGNORECASE)
    return re.sub(r"\bone\s+of\s+(?:the|his|her|their|my)\s+(\S+?)(?:s|\s+beans)\b", r"a \1", text, flags=re.IGNORECASE)


# What players call a trade besides trading it (round 53's table: `swaps`, `in exchange for`).
_SWAPS = frozenset({"swaps", "swap", "swapped", "exchanges", "exchange", "exchanged", "switches", "switch"})


def _exchange(text: str) -> str:
    """`Timon swaps his red for Nina's blue`: a trade; `Timon gives Nina his red in exchange for
    her blue`: the offer of his red for her blue, as `gives ... for` is; `for free`: a gift."""
    words = text.split()
    if len(words) > 2 and words[1].lower() in _SWAPS:
        words[1] = "trades"
        text = " ".join(words)
    if len(words) > 2 and words[1].lower() in ("gives", "give", "gifts", "gift"):
        text = re.sub(r"^(\S+\s+\S+)\s+away\s+", r"\1 ", text, flags=re.IGNORECASE)  # (`gives away the soy`)
        # `gives Nina the soy for free`, `as a gift`: a gift, nothing asked back; `gives the soy
        # away`: to whom, the words do not say (the one player it can go to, or asked)
        text = re.sub(r"\s+(?:for\s+free|for\s+nothing|as\s+an?\s+(?:gift|present)|away|"
                      r"without\s+(?:getting|asking\s+for|taking)\s+anything(?:\s+back|\s+in\s+return)?)$", "", text,
                      flags=re.IGNORECASE)
    # (`gives Nina his red in exchange for her blue`: an offer asking her blue back, as `for`)
    return re.sub(r"\s+in\s+exchange\s+for\s+", " for ", text, flags=re.IGNORECASE)


def _solo_subject(state: State, text: str) -> str:
    """`She plants ...` at a table of one (the solo game): the one player there (round 49)."""
    if len(state.names()) == 1:
        # (`Can she plant ...?`, `Must I ...?`: after a question's first word too)
        return re.sub(r"^\s*((?:can|may|must|could|might|does|do|is|would)\s+)?(?:she|he|they|i)\s+",
                      lambda m: (m[1] or "") + state.names()[0] + " ", text, flags=re.IGNORECASE)
    return text


_PRONOUNS = frozenset({"he", "she", "they"})


def _pronouns(state: State, text: str) -> str:
    """`... and then she attacks 13`: the one player a whole text names, said again by a pronoun
    after a join; with several named, whom it means the words do not say (round 56: `he` went to
    the first named), and it stays, to be told."""
    names = state.names()
    first = _subjects(state, text)[0]
    mentioned = {n for n in names if re.search(r"\b" + re.escape(n) + r"\b", text, flags=re.IGNORECASE)}
    if len(first) == 1 and len(mentioned) == 1:
        text = re.sub(r"(\band|\bthen|[,.;])\s+(then\s+)?(?:he|she|they)\s+",
                      lambda m: f"{m[1]} {m[2] or ''}{first[0]} ", text, flags=re.IGNORECASE)
    return text


def _several_moves(engine: Engine, state: State, text: str) -> list[str] | None:
    """The moves one text says, each as a text of its own, one after another (round 49's
    players); None for one move. `Nina attacks 17 with her blue and Timon defends with his red`:
    moves joined by `and`, each with its player named; `harvests both her fields` (`all`,
    `each`): the move once for each field holding beans; `Nina and Keno harvest their soy
    fields`: each player named first makes the move, in the order named."""
    names = state.names()
    if not names:
        return None
    # (`..., Nina picks the green`: a comma before a player named joins as `and` does; a list of
    # players first, `Nina, Keno and Eiko harvest`, stays one, _subjects reading `and` in it)
    alt = "|".join(map(re.escape, names))
    # (as written: a player called Then is not the word `then`)
    text = re.sub(r"(?:,|\.|;)\s+(?=(?:" + alt + r")\b)", " and ", text)
    first = _subjects(state, text)[0]
    if len(first) == 1:
        # (`plants the soy, ends the phase`: a comma before a verb of this game's moves, the same player)
        tokens = text.split()
        for k in range(1, len(tokens) - 1):
            later = tokens[k + 1:]
            if tokens[k].endswith(",") and later[0].lower() not in ("then", "and") \
                    and later[0].lower().rstrip(",") not in {n.lower() for n in names} \
                    and _names_a_move(engine, later) and not _an_object(engine, state, " ".join(later)):
                tokens[k] = tokens[k][:-1] + " and"
        text = " ".join(tokens)
    if " and " in text.lower() or " then " in text.lower():
        # (at `and` or `, then` before a player named, not inside a list of players: `Timon draws
        # and Nina and Keno pay tribute`)
        lower = {n.lower() for n in names}
        tokens = text.split()
        parts, start = [], 0
        for k in range(1, len(tokens) - 1):
            w = tokens[k].lower()
            joins = w in ("and", "then") or (tokens[k - 1].endswith(",") and w == "then")
            named = re.sub(r"'s$", "", tokens[k + 1].rstrip(",").lower())  # (`then Nina's riders attack`)
            # (`then he builds`, the pronoun left for want of one player named: a move of its own, told)
            # (not inside a list of players, `Nina and Keno harvest`; but `gives the soy to Nina and
            # Nina accepts`: a move said before the name)
            before = [t.rstrip(",").lower() for t in tokens[start:k - 1]]
            listed = tokens[k - 1].rstrip(",").lower() in lower and all(t in lower or t == "and" for t in before)
            if joins and (named in lower or named in _PRONOUNS) and not listed \
                    and not (w == "and" and tokens[k - 1].lower() == "then"):
                back = k - 1 if w == "then" and tokens[k - 1].lower() == "and" else k
                parts.append(" ".join(tokens[start:back]).rstrip(","))
                start = k + 1
        parts.append(" ".join(tokens[start:]))
        parts = [p for p in (re.sub(r"^then\s+", "", p, flags=re.IGNORECASE) for p in parts) if p.strip(" ,")]
        if len(parts) > 1 and all(part.split()[0].lower() in _PRONOUNS or all(_subjects(state, re.sub(
                r"^(\S+)'s\s", r"\1 ", part))) for part in parts if part.split()):
            return parts
        # `Nina discards the red and plants the green in field 2`: a verb of a move of this
        # game after `and` (not a card, a place or a player) is a move of the same player.
        who, words = _subjects(state, text)
        if len(who) == 1 and _paid_as_part(engine, text) is None:  # (`pays a coin and attacks`: one move)
            spec = engine.spec
            nouns = {*spec.varieties, *spec.zones, *spec.cards, *(n.lower() for n in names)}
            cut = [k for k, w in enumerate(words.split()) if k and w.lower() in ("and", "then")
                   and k + 1 < len(words.split()) and words.split()[k + 1].lower() not in nouns
                   and _names_a_move(engine, words.split()[k + 1:])]
            if cut:
                pieces, start = [], 0
                for k in cut:
                    pieces.append(words.split()[start:k])
                    start = k + 1
                pieces.append(words.split()[start:])
                # (only a `then` that begins a piece: a map may call a space `then`)
                moves = [re.sub(r"(?:\s+and)?,?$", "", " ".join(piece[1:] if piece[:1] and piece[0].lower() == "then"
                                                                  else piece)).rstrip(",")
                         for piece in pieces]
                if all(moves):
                    return [f"{who[0]} {m}" for m in moves]
    each = _each_card(engine, state, text) or _repeated(engine, state, text)
    if each is not None:
        return each
    every = re.match(r"^(\S+\s+\S+)\s+(both|all|each)\s+(?:of\s+)?(?:(?:his|her|their|my|the)\s+)?(?:(\S+)\s+)?"
                     r"fields?$", text, flags=re.IGNORECASE)
    if every is not None and every[3] is not None and every[3].lower() not in engine.spec.varieties:
        every = None
    if every is not None and (who := _subjects(state, every[1])[0]):
        fields = state.player(who[0]).zones.get(engine.fields_zone, [])
        # (`both his fire fields`: those growing fire)
        planted = [k for k, f in enumerate(fields, 1) if f and (every[3] is None or f[-1] == every[3].lower())]
        if every[2].lower() == "both" and len(planted) != 2:
            what = f"{every[3].lower()} field" if every[3] else "field"
            raise ActionError(f"'both': {who[0]} has {len(planted) or 'no'} {what}{'s' if len(planted) != 1 else ''}"
                              + ("" if every[3] else " holding beans") + ": name the fields by their numbers")
        if planted:
            return _an_order_allowed(engine, state, [f"{every[1]} field {k}" for k in planted])
    subjects, after = _subjects(state, text)
    if len(subjects) > 1:
        return [f"{who} {after}" for who in subjects]
    return None


# The most times one text is read as repeating a move (`pays tribute twice`).
_MOST_REPEATS = 12
_TIMES = {"twice": 2, "thrice": 3}


def _repeated(engine: Engine, state: State, text: str) -> list[str] | None:
    """A move said several times over, the move once for each time, in the situation each
    leaves: `pays tribute twice`, `harvests field 1 three times`; and for a move of no values
    that pays a single coin of a pile of the player's named by the word said (`coins`), that
    many coins said: `pays two coins`, `pays all his coins` (bohnroeschen/tribute/1: several
    coins paid, several vine cards on). None otherwise."""
    def count(word: str) -> int:
        word = _NUMBER_WORDS.get(word.lower(), word)
        return int(word) if word.isdigit() and len(word) < 4 else 0
    times = re.match(r"^(\S+\s+.+?)\s+(?:(twice|thrice)|(\S+)\s+times)$", text, flags=re.IGNORECASE)
    if times is not None:
        n = _TIMES.get((times[2] or "").lower()) or count(times[3] or "")
        return [times[1]] * n if 1 < n <= _MOST_REPEATS else None
    paid = re.match(r"^(\S+)\s+(\S+)\s+(?:(all)\s+(?:of\s+)?(?:his|her|their|my)|(\S+))\s+"
                    r"(?:gold\s+|bean\s+)?(\S+?)s\b(.*)$", text, flags=re.IGNORECASE)
    who = _mover(state, text)
    if paid is None or who is None or paid[5].lower() + "s" not in engine.spec.zones:
        return None
    zone = paid[5].lower() + "s"
    held = state.player(who).zones.get(zone, [])
    n = len(held) if paid[3] else count(paid[4])
    kind = _action_named(engine, [paid[2], "a", paid[5]])[0]
    decl = engine.spec.actions.get(kind)
    if decl is None or decl.params or not 1 < n <= _MOST_REPEATS:
        return None
    once = f"{paid[1]} {paid[2]} a {paid[5]}{paid[6]}"
    try:
        outcome = engine.apply(state, parse_action(engine, state, once)[0])
    except BohnspecError:
        return None
    paid_once = len(held) - len(outcome.state.player(who).zones.get(zone, [])) if outcome.accepted else 1
    return [once] * n if paid_once == 1 else None


_CARD_SAID = r"((?:(?:the|his|her|their|my|a|an|one)\s+)?(\S+?)(?:\s+beans?)?)"


def _each_card(engine: Engine, state: State, text: str) -> list[str] | None:
    """`Timon plants the green and the blue` (round 53's table): cards listed for a move that
    takes one card or one variety each time (no move its verb names takes a list) is that move
    once for each, in the order said, with the words after them for each; None otherwise."""
    who, words = _subjects(state, text)
    tokens = words.split()
    if len(who) != 1 or len(tokens) < 4:
        return None
    kind, n = _action_named(engine, tokens)
    family = [a for a in engine.spec.actions.values() if a.name == kind or a.name.startswith(kind + "_")]
    if not family or any(p.type == "cards" for a in family for p in a.params):
        return None
    verb = " ".join(tokens[:n])
    said = re.match(r"^" + _CARD_SAID + r",?\s+and\s+" + _CARD_SAID + r"(\s.*)?$", " ".join(tokens[n:]),
                    flags=re.IGNORECASE)
    if said is not None and _family_names_cards(engine, kind) and all(
            _names_a_card(engine, w) or w.lower() in _bean_names(engine) for w in (said[2], said[4])):
        after = said[5] or ""
        return [f"{who[0]} {verb} {said[1]}{after}", f"{who[0]} {verb} {said[3]}{after}"]
    # `plants the blue, then the soy, then the red`, `harvests field 2 and then field 1`: the
    # verb said once for several cards or fields, each with its own words (round 55's table)
    items = [i for i in re.split(r"\s*,\s*(?:and\s+)?(?:then\s+)?|\s+and\s+(?:then\s+)?|\s+then\s+",
                                 " ".join(tokens[n:]), flags=re.IGNORECASE) if i]
    if len(items) < 2 or not all(_an_object(engine, state, item) for item in items):
        return None
    return [f"{who[0]} {verb} {item}" for item in items]


def _an_object(engine: Engine, state: State, words: str) -> bool:
    """Whether words begin with what a move is done to, not another move or player: a card, a
    variety (as people name it) or a field (`the soy`, `her red`, `field 2`, `the other red`)."""
    first = re.sub(r"^(?:(?:the|his|her|their|my|a|an|other|last|first|second|third)\s+)*", "", words,
                   flags=re.IGNORECASE).split()
    if not first:
        return False
    w = first[0].lower().rstrip(",")
    return w not in {n.lower() for n in state.names()} and (
        w == "field" or _names_a_card(engine, w) or w in _bean_names(engine) or w.rstrip("s") in engine.spec.varieties
        or w in ("front", "foremost", "card", "cards"))


def _names_a_move(engine: Engine, words: list[str]) -> bool:
    """Whether the words begin with a move of this game: its name or another (`claims`), or a
    verb its moves are named after (`discards`: discard_kind, discard_card)."""
    if not words:
        return False
    # (its first word must be a verb of this game: `then Zed harvest 1`, Zed at no table, is no
    # move of the player before; round 57 judged it as his)
    verbs = _verbs(engine)
    if not any(f in engine.spec.actions or f in verbs or f == "trade" or any(a.startswith(f + "_")
               for a in engine.spec.actions) for f in _verb_forms(words[0].rstrip(","))):
        return False
    kind = _action_named(engine, words)[0]
    return kind in engine.spec.actions or kind == "trade" or any(
        a.startswith(v + "_") for a in engine.spec.actions for v in _verb_forms(kind))


def _subjects(state: State, text: str) -> tuple[list[str], str]:
    """The players named first (`Nina, Keno and Eiko ...`, in any case) and the words after them."""
    words = text.split()
    lower = {n.lower(): n for n in state.names()}
    found: list[str] = []
    k = 0
    while k < len(words):
        w = words[k].rstrip(",").lower()
        if w in lower and lower[w] not in found:
            found.append(lower[w])
        elif not (w == "and" and found):
            break
        k += 1
    return found, " ".join(words[k:])


# Numbers as people say them: `harvest one`, `hand 2nd`, `the first field`.
_NUMBER_WORDS = {w: str(n) for n, w in enumerate(
    "one two three four five six seven eight nine ten eleven twelve".split(), 1)}
_ORDINALS = {w: str(n) for n, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth".split(), 1)}
_ORDINAL_DIGITS = re.compile(r"^([0-9]+)(?:st|nd|rd|th)$")
# Words of how, where or whence that an action has no parameter for (`plants red into field 2`,
# `charge 04 with riders 13`, `draft 1 to the discard pile`, `chooses card 1 for field 2`).
_PLACE_WORDS = frozenset({"with", "from", "into", "in", "onto", "on", "to", "for", "under", "against", "at", "as"})

# Words asking for an action more than once (`pays tribute twice`).
_REPEATS = frozenset({"twice", "thrice", "times"})
# Words that ask for the move once more, which is the move itself (`attacks 17 again`, a further
# attack; `defends again` in a second round: round 49's players were told to give it twice).
_AGAIN = frozenset({"again", "anew"})

# The two books' words for mounted troops, each read as the other where a game has only one.
_TROOPS = {"riders": "cavalry", "cavalry": "riders"}

# Words that say nothing about the action (`harvest the field 1`, `plant my soy`).
_FILLERS = frozenset({"the", "my", "his", "her", "their", "himself", "herself", "themselves", "myself"})

# Verbs of speech before the word said (`Keno says stop`), which names the move.
_SAYING = frozenset({"says", "say", "calls", "call"})

# What a count said with a move of no values counts (`draws three cards`, `buys a field for
# three coins`).
_COUNTED = frozenset({"card", "cards", "coin", "coins"})

# What a player says when he ends what he is doing (`Timon is done trading`), and the verbs
# that end the phase they name (`Timon stops trading`).
_DONE = frozenset({"done", "finished", "through"})
_ENDING = frozenset({"ends", "end", "stops", "stop", "finishes", "finish", "quits", "quit", "closes", "skips", "skip"})


def _stem(word: str) -> str:
    """A word without the endings of speech (`trading`, `trades`, `traded` -> `trad`)."""
    w = word.lower()
    for ending in ("ing", "ed", "es", "s", "e"):
        if w.endswith(ending) and len(w) - len(ending) >= 3:
            return w[:-len(ending)]
    return w


@functools.lru_cache(maxsize=1024)
def _phases_named(engine: Engine, word: str) -> tuple[str, ...]:
    """The phases a word names: the one whose whole name it is (`trading`: trade), else those
    whose name begins with it, the verb of the phase (`planting`: plant_hand, plant_trades;
    not `cards`, which says nothing of draw_cards: round 47's `pays tribute for her card`)."""
    stem = _stem(word)
    whole = tuple(name for name in engine.spec.phases if _stem(name) == stem)
    return whole or tuple(name for name in engine.spec.phases if "_" in name and _stem(name.split("_")[0]) == stem)


def _move_named_among(engine: Engine, state: State, player: str, kind: str, rest: list[str],
                      said: list[str]) -> dict | None:
    """For a verb naming a move of another game only: a word among the others that names moves
    of this game (`discard`: discard_kind, discard_card), read as the one of them the rules
    allow here with the rest of the words; None when no single one is."""
    readings = [(name, rest[:k] + rest[k + 1:],
                 f"read as {name}: the verb names {kind}, a move of another game, and {w!r} this one")
                for k, w in enumerate(rest)
                for name in engine.spec.actions if name == w.lower() or name.startswith(w.lower() + "_")]
    legal = _legal_readings(engine, state, player, readings)
    if len({json.dumps(a, sort_keys=True) for a, _ in legal}) != 1:
        return None
    said.extend(legal[0][1])
    return legal[0][0]


def _legal_readings(engine: Engine, state: State, player: str,
                    readings: Sequence[tuple[str, list[str], str | None]]) -> list[tuple[dict, list[str]]]:
    """Of the readings (action type, the words after the verb, a note saying the reading or
    None), the actions the rules accept here, each with the notes the notation made of it."""
    legal: list[tuple[dict, list[str]]] = []
    for name, words, note in readings:
        notes: list[str] = [note] if note else []
        try:
            reading = _single(engine, state, player, name, words, notes)
            if engine.apply(state, reading).accepted:
                legal.append((reading, notes))
        except Exception:  # noqa: BLE001 - a reading the words or the rules cannot take is no reading
            continue
    return legal


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


@functools.lru_cache(maxsize=256)
def _family_names_cards(engine: Engine, kind: str) -> bool:
    """Whether the verb's moves (`plant`, `plant_card`, `plant_kind`) name a card or a variety."""
    return any(p.type in ("card", "cards", "variety") for a in engine.spec.actions.values()
               if a.name == kind or a.name.startswith(kind + "_") for p in a.params)


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
        variety, word = rest[k], rest[k + 1].lower()
        if variety not in engine.spec.varieties or word not in ("field", "fields") or (
                k + 2 < len(rest) and rest[k + 2].isdigit()):
            continue  # (`soy field 1`: the variety, then the field by its number)
        holding = _fields_growing(engine, state, player, variety)
        if len(holding) == 1:
            said.append(f"{player}'s {variety} field: read as field {holding[0]}")
            out[k], out[k + 1] = "field", str(holding[0])
        elif not holding:
            # (round 51: `on her greens`, where she grows none, went into her empty field silently)
            grown = ", ".join(f"field {i}: {f[0]}" for i, f in enumerate(fields, 1) if f) or "none grows anything"
            raise ActionError(f"{player} grows no {variety} ({grown}): name the field by its number")
    return out


# Words before a variety that count a field's beans (`all`: however many; see _counted_fields).
_FIELD_COUNTS: dict[str, int | None] = {"both": 2, "all": None, "lone": 1, "single": 1, "only": 1}


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
_ROLE_WORDS = {"against": "target", "at": "target", "under": "at", "on": "at", "for": "at"}


def _verb_forms(word: str) -> list[str]:
    """A verb as said and without the -s or -es of speech (`plants`, `passes`), lower case."""
    w = word.lower()
    return [w, *([w[:-1]] if w.endswith("s") else []), *([w[:-2]] if w.endswith("es") else [])]


def _bean_names(engine: Engine) -> dict[str, str]:
    """What players call each bean variety, lower case, longest first, mapped to its id: its
    title and other names (`aka`), and the word before "Bean" of an English one (`chili`,
    `black-eyed`) where no other variety, zone or action is called so."""
    names: dict[str, str] = {}
    spec = engine.spec
    short: dict[str, set[str]] = {}
    for name, v in spec.varieties.items():
        for said in (v.title, *v.aka):
            low = said.lower()
            if low and low != name:
                names[low] = name
            head, _, last = low.rpartition(" ")
            if last == "bean" and " " not in head and head:
                short.setdefault(head, set()).add(name)
    for head, which in short.items():
        # (`black-eyed` may be its own id hyphenated, round 49's players; not another variety's)
        under = head.replace("-", "_")
        if len(which) == 1 and head not in names and head not in spec.varieties and head not in spec.zones \
                and head not in spec.actions and (under not in spec.varieties or under in which):
            names[head] = next(iter(which))
    return dict(sorted(names.items(), key=lambda kv: -len(kv[0])))


# Words between a verb and its object that say nothing (`end the phase`, `buy a field`).
_ARTICLES = _FILLERS | {"a", "an"}


@functools.lru_cache(maxsize=32)
def _verbs(engine: Engine) -> dict[str, str]:
    """The other verbs players use for each action (the spec's `aka`: `claim` for `fulfil`),
    lower case: this game's, then those of spec/'s other modules (told as such by the caller)."""
    from ..language.spec import spec_verbs
    return {**spec_verbs(), **{said.lower(): a.name for a in engine.spec.actions.values() for said in a.aka}}


@functools.lru_cache(maxsize=256)
def _title_words(engine: Engine, kind: str) -> tuple[frozenset, frozenset]:
    """The words of an action's own title ("Fulfil the task of your vine card"), which say
    what it is and no value of it (`Nina fulfils her task`), and the numbers its ordinals
    say ("Buy a third bean field": `buys a 3rd field`)."""
    decl = engine.spec.actions.get(kind)
    title = decl.title if decl is not None else _foreign_title(kind)
    words = frozenset(re.findall(r"[a-z]+", title.lower())) if title else frozenset()
    return words, frozenset(_ORDINALS[w] for w in words if w in _ORDINALS)


@functools.lru_cache(maxsize=64)
def _foreign_title(kind: str) -> str:
    """The title of an action of spec/ that the game judged does not have (`buys a 3rd bean
    field` in the base game: a move of Bohnröschen's, which the answer names as such)."""
    from ..language.model import Action
    from ..language.spec import parse_files, spec_files
    return next((d.title or "" for f in parse_files(spec_files()) for d in f.decls
                 if isinstance(d, Action) and d.name == kind), "")


def _action_named(engine: Engine, words: list[str]) -> tuple[str, int]:
    """The action named at the head of `words` and how many words name it: its name, or said
    with the -s of speech, in two words with an article between (`ends the phase`, `buys a
    field`), as another edition spells it (`fulfills`), or as a verb and the action's name
    (`pays tribute`). Unchanged (one word) when none is found."""
    from ..language.spec import modules_declaring
    known = {*engine.spec.actions, "trade"}

    def is_action(name: str) -> bool:  # of this game, or of another (told as such by the caller)
        return name in known or bool(modules_declaring(name))

    head = words[0]
    if head in known:
        return head, 1
    # (`buys a 3rd field`: an ordinal of the title stands between too)
    nxt = [k for k, w in enumerate(words[1:5], 1) if w.lower() not in _ARTICLES
           and w.lower() not in _ORDINALS and _ordinal_digits(w.lower()) is None]
    second = nxt[0] if nxt else None
    verbs = _verbs(engine)
    if second is not None:
        # `buys a fortress`: another name of two words (`aka "buy fortress"`), of this game's
        # actions or another module's (told as such), before the verb alone (`buy`: a cart's)
        for f in _verb_forms(head):
            named = verbs.get(f"{f} {words[second].lower()}")
            own = f"{f}_{words[second].lower()}"  # (`buys a cart`: this game's buy_cart, not the mixed game's name)
            if named is not None and is_action(named) and (named in known or own not in known):
                return named, second + 1
    # (`chooses the camp 02`: choose_camp, though `choose` alone is said of a draft's pick.)
    for s in dict.fromkeys(x for f in _verb_forms(head) for x in (f, verbs.get(f, f))):
        for k in nxt:
            # `buys a third bean field`: the words before the one that names it are its title's.
            compound = f"{s}_{words[k].lower()}"
            if is_action(compound) and (k == second or all(
                    w.lower() in _title_words(engine, compound)[0] for w in words[second:k])):
                return compound, k + 1
        if is_action(s):
            if second is not None and words[second].lower() == s:
                return s, second + 1  # `pays tribute`, where `pay` is said of tribute itself
            return s, 1
    # `pays tribute`: a verb, then the action's own name (not `ends the attack`: a phase's).
    if second is not None and is_action(words[second].lower()) and words[second].lower() != "trade" \
            and not _phases_named(engine, words[second]):
        return words[second].lower(), second + 1
    return head, 1


def _scattered_name(engine: Engine, words: list[str], several_only: bool = False) -> tuple[str, set[int]] | None:
    """An action named by a verb and two later words with values between (`takes the soy from
    her cart`: take_from_cart; `from` and `cart` are its name's, `soy` its value): the action and
    the places of those two words; None when no action of this game is so named.
    `several_only`: only another name of several words (`aka "buy free"`)."""
    verbs = _verbs(engine)
    forms = _verb_forms(words[0])
    lowered = [w.lower() for w in words]
    # `buys himself free`: another name of several words (`aka "buy free"`), its verb first and
    # its other words later, in order, with others between (the longest such name first).
    for said, name in sorted(verbs.items(), key=lambda kv: -len(kv[0])):
        head, *later = said.split()
        if later and head in forms and name in engine.spec.actions:
            at: set[int] = set()
            k = 1
            for w in later:
                k = next((j for j in range(k, len(words)) if lowered[j] == w), -1)
                if k < 0:
                    break
                at.add(k)
                k += 1
            else:
                return name, at
    if several_only:
        return None
    for s in (verbs.get(f, f) for f in forms):
        for a in range(1, len(words)):
            for b in range(a + 1, len(words)):
                name = f"{s}_{lowered[a]}_{lowered[b]}"
                if name in engine.spec.actions:
                    return name, {a, b}
    return None


def _ordinal_digits(word: str) -> str | None:
    m = _ORDINAL_DIGITS.match(word)
    return m[1] if m else None


def _as_said(engine: Engine, state: State, words: list[str]) -> list[str]:
    """The words of an action as the notation reads them, from the way people say it: a
    player's name in any case (`nina`), an action's name with the -s of speech (`Nina
    harvests 1`, `Timon offers ...`), numbers in words or as ordinals (`one`, `1st`, `second`),
    an ordinal before the place it counts (`the first field`: `field 1`), and no filler words
    (`the`, `my`). A word the game itself uses (a variety, a zone, a space, a parameter's name)
    is never changed."""
    if not words:
        return words
    names = state.names()

    spaces = set(state.board.ids) if state.board is not None else set()

    def player_named(w: str) -> str:
        # (a map may name a space after a player, `keno`: the space, written so; round 57)
        same = [n for n in names if n.lower() == w.lower()] if w not in names and w not in spaces else []
        return same[0] if len(same) == 1 else w
    words = [player_named(w) if w.rstrip(",") == w else player_named(w[:-1]) + "," for w in words]
    if len(words) > 2 and words[1].lower() in _SAYING:
        # `Keno says "Stop"`: what a player says at the table is the move (the claim of a task).
        words = [words[0], words[2].strip('"\''), *words[3:]]
    if len(words) > 2 and words[1].lower() in ("is", "has") and words[2].lower() in _DONE:
        # `Timon is done trading`: he ends the phase he names (the words after say which).
        words = [words[0], "ends", *(w for w in words[3:] if w.lower() != "with")]
    if len(words) > 2 and words[1].lower() in _ENDING and any(_phases_named(engine, w) for w in words[2:]):
        # (`ends the attack step`: the phase's name says it; `step`, `phase` nothing more)
        words = [w for k, w in enumerate(words) if not (k > 2 and w.lower() in ("step", "phase")
                                                        and _phases_named(engine, words[k - 1]))]
    if len(words) > 2 and words[1].lower() in _ENDING and any(
            _phases_named(engine, w) for w in words[2:] if w.lower() not in _FILLERS):
        # `Timon stops trading`, `ends the attack`: the end of the phase named, not a claim's
        # "Stop" nor a new attack (round 47's players).
        words = [words[0], "ends", *words[2:]]
    if len(words) > 1:
        kind, taken = _action_named(engine, words[1:])
        # A name of several words said in full (`attacks the second round with her fire`:
        # follow_up's `aka "attack second round"`) is the more telling, before its verb alone.
        scattered = _scattered_name(engine, words[1:], several_only=kind in engine.spec.actions)
        if scattered is not None:
            # `takes the soy from her cart`: take_from_cart, its name's words among the values.
            kind, named = scattered
            # (the article of a word of the name goes with it: `buys a fortress`, where a map may
            # call a space `a`)
            named = named | {k - 1 for k in named if k > 1 and words[k].lower() in ("a", "an", "the")}
            words = [words[0], kind, *(w for k, w in enumerate(words[2:], 1) if k not in named)]
        else:
            words = [words[0], kind, *words[1 + taken:]]
    spec = engine.spec
    used = {*spec.varieties, *spec.zones, *spec.cards, *names, *_REF_WORDS,
            *(p.name for a in spec.actions.values() for p in a.params)}
    if state.board is not None:
        used.update(state.board.ids)
    out = list(words[:2])
    rest = words[2:]
    ordinals = _title_words(engine, out[1])[1] if len(out) > 1 else frozenset()
    i = 0
    while i < len(rest):
        w = rest[i]
        i += 1
        if w.endswith(",") and len(w) > 1:  # `hand one, hand two`: the comma stays after the word read
            out.extend(_as_said(engine, state, [*out[:2], w[:-1]])[2:] or [""])
            out[-1] += ","
            continue
        low = w.lower()
        if low in spec.zones and spec.zones[low].kind != "fields" and i < len(rest) and rest[i] in spec.varieties and (
                not spec.zones[low].per_player or out[0] in names):
            # `the revealed soy`: the first such card of a shared row; `the received soy`, of
            # the player's own.
            row = state.zones.get(low, []) if not spec.zones[low].per_player else \
                state.player(out[0]).zones.get(low, [])
            k = next((k for k, c in enumerate(row, 1) if c == rest[i]), None)
            if k is None:
                whose = f"{out[0]}'s {low}" if spec.zones[low].per_player else f"the {low} row"
                raise ActionError(f"{whose} holds no {rest[i]} (it holds {', '.join(row) or 'nothing'})")
            out += [low, str(k)]
            i += 1
        elif low in ("a", "an") and i < len(rest) and (
                rest[i].lower() in spec.varieties or rest[i].lower() in _bean_names(engine)
                or (rest[i] not in used and rest[i].lower() not in used and rest[i].lower() not in _PLACE_WORDS
                    and not rest[i].rstrip(",").isdigit())):
            # `buys a fortress`, `with a red`: an article, though a map may call a space `a`
            # (round 55: a fortress at space a); `attacks a with ...` is the space
            continue
        elif w in used:
            out.append(w)
        elif low in _FILLERS:
            continue
        elif low == "and" and len(out) > 2:  # `give soy and fire`: a list
            out[-1] += ","
        elif low in _NUMBER_WORDS:
            out.append(_NUMBER_WORDS[low])
        elif (number := _ORDINALS.get(low) or _ordinal_digits(low)) is not None:
            if number in ordinals:  # `buys a 3rd field`: the title's own "third"
                continue
            if i < len(rest) and rest[i] in _REF_WORDS:
                # `first field`: the place, then its number, as the notation writes it.
                out += [rest[i], number]
                i += 1
            else:
                out.append(number)
        else:
            out.append(w)
    return out


def _single(engine: Engine, state: State, player: str, kind: str, rest: list[str], said: list[str],
            spoken: bool = False) -> dict:
    """One action from its words. `spoken`: said in the table's words (not the action's own
    name), where a move given no value at all is completed as a player means it."""
    if kind not in engine.spec.actions:
        from ..language.spec import modules_declaring
        elsewhere = [m for m in modules_declaring(kind) if m not in engine.spec.modules]
        if elsewhere:
            # `puts the red beans on the discard pile` in the two-player game (`put` is said of
            # Bohnaparte's stow): a word naming moves of this game, the one the rules allow.
            found = _move_named_among(engine, state, player, kind, rest, said)
            if found is not None:
                return found
            played = ", ".join(sorted(engine.spec.modules))
            # A player asking "may I plant a second card?" of the base game gets the answer
            # first (nobody may, here), then how to judge the game where the move exists. A
            # ruling of this game that speaks of the move's paragraphs says why it is not here
            # (the mixed game's carts: round 43's players).
            ruled = _rulings_on_absent(engine, kind, elsewhere)
            why = f"; {', '.join(ruled)} of this game says why (bohnspec explain {ruled[0]})" if ruled else ""
            raise ActionError(f"no player may {kind} in this game (modules {played}): {kind!r} is a move of "
                              f"{' and '.join(elsewhere)} only{why}; to judge that game instead, give the situation "
                              f"`modules: [{elsewhere[0]}]`")
        known = [*engine.spec.actions, "trade"]
        # `discards hand 4`: the actions whose names begin with the verb (discard_card, discard_kind).
        family = [a for a in known if any(a.startswith(v + "_") for v in _verb_forms(kind))]
        if len(family) == 1 and family[0] in engine.spec.actions:
            # `takes cart 2`: the one action of this game named after the verb.
            return _single(engine, state, player, family[0], rest, said)
        if family:
            # `discards the red beans` in the two-player phase 0: of the moves of that verb, the
            # one the rules allow here with these words (round 48's players), else asked which.
            legal = _legal_readings(engine, state, player, [(name, rest, None) for name in family])
            if len(legal) == 1:
                said.extend(legal[0][1])
                return legal[0][0]
            # None allowed: the one the words can be read as at all, judged (`discards her blue bean
            # from her hand` in phase 0: the discard of a hand card, refused for its phase).
            readable = []
            for name in family:
                notes: list[str] = []
                try:
                    reading = _single(engine, state, player, name, list(rest), notes)
                    engine.apply(state, reading)  # (a well-formed action: refused, not malformed)
                except BohnspecError:
                    continue
                readable.append((reading, notes))
            if not legal and len(readable) == 1:
                said.extend(readable[0][1])
                return readable[0][0]
            raise ActionError(f"unknown action {kind!r}: did you mean {' or '.join(family)}? "
                              f"(`{player} {family[0]} ...`; bohnspec explain {family[0]} lists its values)")
        # A misspelt verb of the table (`claimz`) is matched against the spec's `aka` verbs too.
        said = [v for v, a in _verbs(engine).items() if a in engine.spec.actions]
        raise ActionError(f"unknown action {kind!r}" + (suggest(kind, [*known, *said]) or
                                                       f" (this game's actions: {', '.join(known)})"))
    decl = engine.spec.actions[kind]
    names = [p.name for p in decl.params]
    types = {p.name: p.type for p in decl.params}
    if not decl.params:
        # `draws three cards`: a move of no values moves as many cards as the rules say; the
        # number said is not read, and the answer says so (round 47's players).
        counted = [k for k in range(len(rest) - 1) if rest[k].isdigit() and rest[k + 1].lower() in _COUNTED]
        rest = list(rest)
        for k in reversed(counted):
            unit = rest[k + 1].lower().rstrip("s") + "s"
            said.append(f"{kind} takes no count ({rest[k]} {unit} is not read): one {kind} is judged, with as many "
                        f"{unit} as the rules give it; a move made several times is given once for each time")
            del rest[k:k + 2]
        # `claims his blue bean card`, `fulfils her task`, `declines the gift`: what the move is
        # about is the one the rules mean
        card = re.search(r"\b(?:(?:his|her|their|my|the)\s+)?(?:\S+\s+){0,3}?(?:vine\s+)?(?:card|task)$"
                         r"|^(?:(?:his|her|their|my|the)\s+)?(?:gift|offer|trade|deal|proposal)$",
                         " ".join(rest), flags=re.IGNORECASE)
        if card is not None and not all(w.lower() in _title_words(engine, kind)[0] or w.lower() in _ARTICLES
                                        for w in rest):
            said.append(f"'{card[0]}': {kind} names nothing; it is about the one the rules mean")
            rest = " ".join(rest)[:card.start()].split()
    rest = [w for k, w in enumerate(rest) if w.lower() not in _AGAIN
            and not (w.lower() == "once" and rest[k + 1:k + 2] == ["more"])
            and not (w.lower() == "more" and k and rest[k - 1].lower() == "once")]
    if any(t in ("field", "target") for t in types.values()):
        rest = _fields_by_variety(engine, state, player, rest, said)
    given = list(rest)
    if any(w.lower() in _REPEATS for w in rest):
        raise ActionError(f"one action is judged at a time: to {kind} twice, give it twice "
                          f"(-a \"{player} {kind} ...\" -a \"{player} {kind} ...\")")
    # Words of speech the action has no parameter for: `charge 04 with riders 13`, `defend from
    # the depot 1`; and the mounted troops by either book's name (`riders` in a game whose
    # parameter is `cavalry`, as the mixed game's steppe card calls them).
    rest = _roles(state, types, rest)
    # (a map may call a space `for`, `at`, `on`: such a word not before a space is that space)
    board = set(state.board.ids) if state.board is not None else set()
    rest = [w for k, w in enumerate(rest) if not (w in _PLACE_WORDS and w not in types and not (
        w in board and not (k + 1 < len(rest) and rest[k + 1] in board)))]
    # `pays a gold coin as tribute`, `gives her broad as a gift`: the move's own name, another
    # name of it, an article (a space of a map may be called `a`: kept).
    own_names = {kind, *(x.lower() for x in decl.aka)}
    spaces = set(state.board.ids) if state.board is not None else set()
    rest = [w for w in rest if w in types or w in spaces or w in state.names()
            or not (w.lower() in own_names or w.lower() in ("a", "an"))]
    # `her red field`: the word `field` with no number after it only says what the value is.
    rest = [w for k, w in enumerate(rest) if not (
        w.lower() in ("field", "fields") and any(t in ("field", "target") for t in types.values())
        and (w not in types or k == len(rest) - 1) and not (k + 1 < len(rest) and rest[k + 1].isdigit()))]
    # Words of the action's own title that name no value (`fulfils her task`, `buys a field`).
    title, _ = _title_words(engine, kind)
    values = {*engine.spec.varieties, *engine.spec.zones, *_REF_WORDS, *state.names(),
              *(state.board.ids if state.board is not None else ())}
    rest = [w for k, w in enumerate(rest) if not (w.lower() in title and w not in types and (
        w not in values
        # `on his depot`: a place of the title with no number after it says where, not which card.
        or (w in engine.spec.zones and not (k + 1 < len(rest) and rest[k + 1].isdigit()))))]
    # `ends trading`: a phase by its name of one word says which phase is meant: the phase
    # under way needs no more saying; another is not the one a move is judged in.
    # (A card's name is not a phase's: `attacks the camp` names a space.)
    values.update(engine.spec.cards)
    for w in rest:
        phases = _phases_named(engine, w) if w not in types and w not in values else ()
        if phases and state.phase not in phases:
            now = engine.spec.phases.get(state.phase)
            raise ActionError(f"{w!r} names the phase {' or '.join(phases)}, but it is {state.phase}"
                              + (f" ({now.title})" if now is not None and now.title else "")
                              + f" now: a move is judged where the game stands (`{player} {kind}` judges it there)")
    rest = [w for w in rest if w in types or w in values or not _phases_named(engine, w)]
    if state.board is not None:
        # `attacks space 15`, `the village 15`: the word before a space's id says what it is.
        # Only when that space is of the kind said: `under the farm with q` names the farm, not
        # the quarry q (round 49's players were told a fortress under the quarry was legal).
        kinds = {"space", *(c for c in engine.spec.cards)}
        rest = [w for k, w in enumerate(rest) if not (
            w.lower() in kinds and w not in types and k + 1 < len(rest)
            and (rest[k + 1] in _spaces_of_kind(state, w) or w.lower() == "space" and rest[k + 1] in state.board
                 or rest[k + 1] not in state.board and rest[k + 1].isdigit()))]
    rest = [_TROOPS.get(w, w) if w not in types and _TROOPS.get(w) in types else w for w in rest]
    if state.board is not None and "space" not in types.values():
        # `defends her swamp with her fire`, `burns his town`: the space fought over, which the
        # move need not name (a variable of the game holds it), says nothing more.
        # (`defends the town`: its kind said, when the space fought over is of that kind)
        held = {v for v in state.vars.values() if isinstance(v, str) and v in state.board}
        rest = [w for w in rest if w not in held and not (
            w.lower() in engine.spec.cards and w not in types and held & set(_spaces_of_kind(state, w.lower())))]
        if not held:
            # `Nina burns Timon's town` with no town taken: the move names no space, and none is at
            # stake; the space said is left out, said, and the rules answer (round 55)
            places = [w for w in rest if w not in types and (w in state.board or _spaces_of_kind(state, w.lower()))]
            if places:
                said.append(f"'{places[0]}': {kind} names no space; it is about the one at stake, and none is now")
                rest = [w for w in rest if w not in places]
        stray = next((w for w in rest if w not in types and _spaces_of_kind(state, w.lower())), None)
        if stray is not None and held:
            fought = ", ".join(f"{h} ({(state.space_cards.get(h) or ['?'])[0]})" for h in sorted(held))
            raise ActionError(f"'{stray}': the space at stake now is {fought}; {kind} names no space "
                              "(it is about that one)")
    rest = _plural(engine, kind, types, rest)
    rest = _counted_cards(engine, types, rest)
    rest = _counted_fields(engine, state, player, kind, types, rest, said)
    rest = [w for k, w in enumerate(rest) if not (w.lower() == "all" and rest[k + 1:k + 2]
                                                  and rest[k + 1].split(",")[0] in engine.spec.varieties)]
    tokens = _group_refs(rest, {*engine.spec.zones, *_REF_WORDS, *_other_zones(rest, engine)})
    raw: dict[str, str] = {}
    position = 0
    i = 0
    listed: str | None = None  # a list of cards just given by its name (`give soy`)
    while i < len(tokens):
        tok = tokens[i]
        word = tok.split()[0]
        if listed is not None and tok not in types:
            # `give soy red`: the second card would silently become the next value (`get red`),
            # answering about another trade than the one meant.
            raise ActionError(f"{tok!r} follows {listed} {raw[listed]}: the cards of a list are written with "
                              f"commas ({listed} {raw[listed]},{tok}); name the next value by its key "
                              f"({', '.join(n for n in names if n not in raw)})")
        listed = None
        named_card = _names_a_card(engine, tok) and word not in types
        if named_card and not any(t in ("card", "cards", "variety") for t in types.values()):
            # `plants black_eyed into field 2` in a phase where the hand card of that variety is
            # played (`plant_second`, which names no card, takes it): the reading under which the
            # very card named is moved, when one of the verb's actions does it here.
            found = _moving_the_card(engine, state, player, kind, tokens, i, said)
            if found is not None:
                return found
        if named_card and not any(t in ("card", "cards") for t in types.values()):
            # `plants red into field 2`, `plants received 1`: the action of that verb that names
            # a card is another.
            family = [a.name for a in engine.spec.actions.values() if a.name.startswith(kind + "_")
                      and any(p.type in ("card", "cards") for p in a.params)]
            if len(family) == 1:  # `plants fire into field 1`: read as the one that names a card
                return _single(engine, state, player, family[0], given, said)
            if family:
                naming = [a.name for a in engine.spec.actions.values()
                          if any(p.type in ("card", "cards") for p in a.params)]
                raise ActionError(f"{kind} names no card ({kind} {' '.join(n.upper() for n in names)}), so {tok!r} "
                                  f"has no place here; to name one, {' or '.join(family)}: `{player} {family[0]} "
                                  f"{tok} ...`; the actions that name a card: {', '.join(naming)}")
        near = closest(tok, [n for n in names if n not in raw]) if tok.isalpha() and len(tok) > 2 else None
        is_value = tok in types or tok in engine.spec.varieties or tok in state.names() or tok in engine.spec.zones \
            or tok == "nothing" or (state.board is not None and tok in state.board)
        if near is not None and not is_value:
            # `gives soy`: a key misspelt would be taken as the value of the next one.
            raise ActionError(f"{kind} has no value called {tok!r} (did you mean {near!r}?); it takes "
                              f"{', '.join(names)}")
        if " " in tok and word in types and types[word] not in ("card", "cards"):
            # `harvest field 2`: the parameter `field` named, not the card reference `field 2`.
            _once(kind, names, raw, word, tok.split()[1])
            i += 1
            continue
        if tok in types and i + 1 == len(tokens) and types[tok] not in ("cards", "player"):
            # `charges Nina's town with his cavalry`: the value named by its parameter and left
            # out (his only one, filled in below when one alone will do).
            i += 1
            continue
        if tok in types and i + 1 < len(tokens):
            key, value = tok, tokens[i + 1]
            i += 2
            if types[key] == "cards":
                listed = key
        elif (slot := _typed_slot(engine, state, tok, names, types, raw, position)) is not None:
            # `offers soy to Keno`: a card where the next value in order is a player goes to
            # the first card value not given yet (and a player to the first player value).
            key, value = slot, tok
            i += 1
        else:
            while position < len(names) and names[position] in raw:
                position += 1
            if position >= len(names):
                before = tokens[i - 1] if i else ""
                if tok.isdigit() and before in engine.spec.varieties and not any(
                        t in ("card", "cards") for t in types.values()):
                    # `plant blue 2`: a card named for an action that takes none.
                    naming = [a.name for a in engine.spec.actions.values()
                              if any(p.type in ("card", "cards") for p in a.params)]
                    raise ActionError(f"{kind} names no card ({kind} {' '.join(n.upper() for n in names)}), so "
                                      f"{before!r} has no place here; the actions that name a card: "
                                      f"{', '.join(naming)}")
                # `attack 05 riders 01`: a parameter of another action (the charge's riders).
                other = [a.name for a in engine.spec.actions.values() if a.name != kind
                         and any(p.name == before for p in a.params)]
                if before and before not in types and other:
                    raise ActionError(f"{kind} takes no {before!r} ({kind} {' '.join(n.upper() for n in names)}); "
                                      f"{' and '.join(other)} does: write `{player} {other[0]} ...`")
                if tok.isdigit() and before and " " not in before and before not in types:
                    # `pile 1`: meant as a card reference, with a place the game does not have.
                    raise ActionError(f"{before + ' ' + tok!r} is no card reference: {before!r} is not a place of "
                                      f"this game{suggest(before, engine.spec.zones)}{_pile_hint(engine, before)} "
                                      f"(places: {', '.join(engine.spec.zones)})")
                raise ActionError(f"{kind} takes {len(names)} value(s) ({', '.join(names) or 'none'}); "
                                  f"{tok!r} is one too many")
            key, value = names[position], tok
            i += 1
        _once(kind, names, raw, key, value)
    action: dict = {"type": kind, "player": player}
    # Players first: a card parameter may belong to one of them (`get` to the partner).
    for key in sorted(raw, key=lambda k: types[k] in ("card", "cards")):
        owner = player
        if types[key] in ("card", "cards"):
            owner_param = card_owners(engine, kind).get(key)
            if owner_param and owner_param != decl.actor and action.get(owner_param) in state.names():
                owner = action[owner_param]
        try:
            action[key] = _value(engine, state, player, types[key], raw[key], owner, said, _usable(engine, kind, key))
        except ActionError as exc:
            # `picks the soy into field 2` with no draft under way: the words cannot be read,
            # and the move could not be made anyway; both are said (round 48's players).
            refused = engine.timing(state, kind, player)
            if refused is None:
                raise
            raise ActionError(f"{player} may not {kind} now: {refused.reason} [{refused.rule}]; and the words "
                              f"cannot be read as a {kind}: {exc}") from None
    # A list of cards not named is empty (`offer to Nina give soy`: a gift).
    for p in decl.params:
        if p.type == "cards" and p.name not in action:
            action[p.name] = []
    missing = [n for n in names if n not in action]
    if missing and len(missing) < len(names):
        # `rides against 15`: a value left out beside those given, that one value alone would
        # make legal here (his only riders that may charge), is that value, and the answer says
        # so (an action given no value at all is told how to write it: `Nina harvest FIELD`).
        found = _only_completion(engine, state, kind, player, {n: action[n] for n in names if n in action})
        if found is not None:
            said.append(f"{', '.join(f'{n} {found[n]}' for n in missing)}: the only "
                        f"{'value' if len(missing) == 1 else 'values'} with which {player} may {kind} here")
            return found
        # `rides against 17`, a town no riders may attack: the value every legal move of the
        # type has (his only riders) is the one meant, and the move is judged with it (round
        # 47's players were told the grammar instead of the rule).
        alone = _only_completion(engine, state, kind, player, {}, missing)
        if alone is not None:
            said.append(f"{', '.join(f'{n} {alone[n]}' for n in missing)}: the only "
                        f"{'value' if len(missing) == 1 else 'values'} with which {player} may {kind} at all now")
            return {"type": kind, "player": player, **{n: action[n] if n in action else alone[n] for n in names}}
        # `Timon rides against 13`, Timon not the player whose turn it is: the value left out
        # is not what stops him, and the answer says first what does (round 47's players).
        refused = engine.timing(state, kind, player)
        if refused is not None:
            raise ActionError(f"{player} may not {kind} now: {refused.reason} [{refused.rule}]; and the words leave "
                              f"out {', '.join(missing)}: written in full, {player} {kind} "
                              f"{' '.join(n.upper() for n in names)}" + "".join(f" (note: {n})" for n in said))
        # `gives the soy away`: several values would do; which ones is the answer's to give.
        choices = _completions(engine, state, kind, player, {n: action[n] for n in names if n in action}, missing)
        if not choices:
            # `Can Hanno attack the farm?`, out of his reach: refused whatever the card, by a rule
            # that reads none of the values left out; judged with any of them, and said.
            whatever = _refused_whatever(engine, state, kind, player, action, missing)
            if whatever is not None:
                said.append(f"{', '.join(repr(n) for n in missing)} not said: the rules refuse this whatever "
                            f"{'it is' if len(missing) == 1 else 'they are'} (judged as: "
                            f"{', '.join(f'{n} {whatever[n]}' for n in missing)})")
                return whatever
        if len(choices) > 1:
            # (`Can Hanno attack the town?`: yes, with any of these; judged with the first, said)
            shown = [" ".join(map(str, c)) for c in choices[:_SHOWN_CHOICES]]
            more = " (and more)" if len(choices) > len(shown) else ""
            first = " ".join(map(str, choices[0]))
            said.append(f"{', '.join(repr(n) for n in missing)} not said: judged as {first}; any of "
                        f"{', '.join(shown[:-1])} or {shown[-1]}{more} is allowed here")
            return {"type": kind, "player": player,
                    **{n: action[n] if n in action else choices[0][missing.index(n)] for n in names}}
    elif missing and spoken:
        # `Can Uwe buy a fortress?`, no value said: the move with the first values allowed, the
        # others listed (none allowed: told how to write it, as before); not his move now: told why
        refused = engine.timing(state, kind, player)
        if refused is not None:
            raise ActionError(f"{player} may not {kind} now: {refused.reason} [{refused.rule}] (written in full: "
                              f"{player} {kind} {' '.join(n.upper() for n in names)})")
        choices = _completions(engine, state, kind, player, {}, missing)
        whatever = None if choices else _refused_whatever(engine, state, kind, player, {}, missing)
        if whatever is not None:
            # (`Can Nina harvest?`, every field empty: refused whatever it is)
            said.append(f"no value said: the rules refuse this whatever {'it is' if len(missing) == 1 else 'they are'}"
                        f" (judged as: {' '.join(f'{n} {whatever[n]}' for n in missing)})")
            return whatever
        if choices:
            shown = [" ".join(f"{n} {v}" for n, v in zip(missing, c)) for c in choices[:_SHOWN_CHOICES]]
            more = " (and more)" if len(choices) > len(shown) else ""
            said.append(f"no value said: judged as {shown[0]}" + (
                f"; any of {', '.join(shown[:-1])} or {shown[-1]}{more} is allowed here" if len(shown) > 1
                else ", the only move of it allowed here"))
            return {"type": kind, "player": player, **dict(zip(missing, choices[0]))}
    # Keep the declaration's order of parameters, as the protocol writes them.
    return {"type": kind, "player": player, **{n: action[n] for n in names if n in action}}


def _only_completion(engine: Engine, state: State, kind: str, player: str, given: dict,
                     compared: Sequence[str] | None = None) -> dict | None:
    """The one legal action of `kind` for `player` that has the `given` values (None: none, or
    several), from the state's move generation (moves.py), as judge lists what a player may do;
    with `compared`, one of those legal actions when they all agree on those parameters."""
    found: dict | None = None
    for a in _legal_with(engine, state, kind, player, given):
        if found is not None and found != a and (
                compared is None or any(found.get(k) != a.get(k) for k in compared)):
            return None
        found = a
    return found


def _timely_move(engine: Engine, state: State, kind: str, player: str):
    """The move of `kind` for `player` whose timing allows it now (moves.Move), or None."""
    from ..execution import moves
    return next((m for m in moves.timely(engine, state) if m.kind == kind and m.player == player), None)


def _legal_with(engine: Engine, state: State, kind: str, player: str, given: dict) -> Iterator[dict]:
    """The legal actions of `kind` for `player` that have the `given` values, in the order move
    generation lists them (the first _COMPLETIONS of them looked through)."""
    from ..execution import moves
    move = _timely_move(engine, state, kind, player)
    if move is None:
        return
    for a in itertools.islice(move.actions(max_list=moves.LISTED_CARDS, every_order=False), _COMPLETIONS):
        if all(a.get(k) == v for k, v in given.items()):
            yield a


# How many legal actions of one type are looked through for the one a value left out allows.
_COMPLETIONS = 2000
# How many of the values a value left out could be are shown.
_SHOWN_CHOICES = 6


def _refused_whatever(engine: Engine, state: State, kind: str, player: str, given: dict,
                      missing: Sequence[str]) -> dict | None:
    """The action with the first well-formed value of each parameter left out, when the rules
    refuse it by a clause that reads none of those parameters (so any value would be refused
    alike); None otherwise."""
    from ..conformance.deciding import reads
    move = _timely_move(engine, state, kind, player)
    if move is None:
        return None
    action = {"type": kind, "player": player, **{k: v for k, v in given.items() if k not in ("type", "player")}}
    for i, p in enumerate(move.params):
        if p.name in missing:
            values = move.domain(i, {})
            if not values or p.type == "cards":
                return None
            action[p.name] = values[0]
    ordered = {"type": kind, "player": player, **{p.name: action[p.name] for p in move.params if p.name in action}}
    try:
        outcome = engine.apply(state, ordered)
    except BohnspecError:
        return None
    refused = outcome.rejection
    if refused is None:
        return None
    deciding: list[Any] = [*engine.spec.clauses_of(kind), *engine.spec.forbids]
    condition = next((d.condition for d in deciding if d.loc == refused.where and d.condition is not None), None)
    if condition is not None and not any(reads(condition, "name", n) for n in missing):
        return ordered
    # (values left out, each of which the rules refuse: `plants the received fire` where no
    # field takes it; `Can Nina ride?` with her riders beaten, target and steppe left out)
    # Judged with the values refused last in the published order: the clauses are checked in
    # that order, so these pass the most of them, the nearest to allowed (`rides against 09`
    # with her riders beaten is refused for their defeat, not for a steppe nobody holds; round 56).
    at = [i for i, p in enumerate(move.params) if p.name in missing]
    if any(move.params[i].type == "cards" for i in at):
        return None
    order = [d.loc for d in deciding]
    best, latest = ordered, order.index(refused.where) if refused.where in order else -1
    for values in itertools.islice(itertools.product(*(move.domain(i, {}) for i in at)), 1, _COMPLETIONS):
        tried = {**ordered, **{move.params[i].name: v for i, v in zip(at, values)}}
        try:
            outcome = engine.apply(state, tried)
        except BohnspecError:
            return None
        if outcome.accepted:
            return None
        where = outcome.rejection.where if outcome.rejection is not None else None
        if where in order and order.index(where) > latest:
            best, latest = tried, order.index(where)
    # (a space that stands out by nothing is no answer: the map's first space, nobody's)
    if best is ordered and any(move.params[i].type == "space" for i in at):
        return None
    return best


def _completions(engine: Engine, state: State, kind: str, player: str, given: dict,
                 missing: Sequence[str]) -> list[tuple]:
    """The values of the `missing` parameters of the legal actions of `kind` for `player` that
    have the `given` values, each once, in the order move generation finds them."""
    out: list[tuple] = []
    for a in _legal_with(engine, state, kind, player, given):
        values = tuple(a.get(n) for n in missing)
        if values not in out:
            out.append(values)
    return out


def _names_a_card(engine: Engine, tok: str) -> bool:
    """Whether a word of the notation names a card: a variety, or a place of a zone that holds
    cards (`hand 2`; not `field 2`, a field)."""
    word = tok.split()[0]
    if tok.startswith("all:"):
        return tok[4:] in engine.spec.varieties
    return tok in engine.spec.varieties or (" " in tok and word in engine.spec.zones and word != engine.fields_zone)


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
    elif "," in tok and all(_names_a_card(engine, t) for t in tok.split(",")):
        wanted = ("cards",)  # (`offers the soy and the blue`: a list, for a value of several cards)
    else:
        return None
    if types[open_names[0]] in wanted:
        return None
    return next((n for n in open_names if types[n] in wanted), None)


def _moving_the_card(engine: Engine, state: State, player: str, kind: str, tokens: list[str], at: int,
                     said: list[str]) -> dict | None:
    """The action of verb `kind` (itself or one named `kind_...`) that the words mean when they
    name a card (`tokens[at]`) the action itself does not name: the first of them that the rules
    allow here and that moves a card of that variety (an event of it names the variety), the
    card named as the one of them that names a card or a variety, and left out of the others.
    When none is legal, the one reading among them that the timing allows now and only its
    requirements refuse (`plants the red in field 1` in phase 1, where field 1 grows soy: the
    planting of phase 1, refused because the field holds another variety, not the planting of
    phase 3, refused because it is phase 1: round 47's players). None when there is no such
    one: the caller's reading then says what is wrong."""
    tok = tokens[at]
    variety = tok if tok in engine.spec.varieties else _card_at_ref(engine, state, player, tok)
    if variety is None:
        return None
    without = [w for j, t in enumerate(tokens) if j != at for w in t.split()]
    candidates = [a for a in engine.spec.actions.values() if a.name == kind or a.name.startswith(kind + "_")]
    # `plants the fire`, no field said: the field growing that variety, as a player means it
    # (round 52: phase 1's planting was refused for want of a field); none growing it, an empty
    # one, said (round 53).
    fields = state.player(player).zones.get(engine.fields_zone, [])
    growing = _fields_growing(engine, state, player, variety)
    empty = [k for k, f in enumerate(fields, 1) if not f]
    # (a `target` is a field or `discard`, the language's own type: either said is a place said)
    named_field = any(t.split()[0] in ("field", "target", "discard") or t.isdigit()
                      for j, t in enumerate(tokens) if j != at)
    chosen = growing[0] if len(growing) == 1 else empty[0] if not growing and empty else None
    field_note = None if chosen is None or growing else (
        f"no field said: field {chosen}, {'the' if len(empty) == 1 else 'one'} empty field"
        + (f" (any of {', '.join(map(str, empty))} will do)" if len(empty) > 1 else ""))

    def with_field(decl, words: list[str]) -> list[str]:
        if named_field or chosen is None or not any(p.type in ("field", "target") for p in decl.params):
            return words
        return [*words, "field", str(chosen)]
    readings: list[tuple[Any, list[str]]] = []
    for decl in candidates:
        ptypes = {p.type for p in decl.params}
        if "card" in ptypes or "cards" in ptypes:
            readings.append((decl, with_field(decl, [w for j, t in enumerate(tokens)
                                                     for w in (t.split() if j != at else tok.split())])))
        elif "variety" in ptypes:
            readings.append((decl, with_field(decl, [w for j, t in enumerate(tokens)
                                                     for w in (t.split() if j != at else [variety])])))
        elif decl.params and decl.params[0].type == "int":
            # `picks the soy into field 2`: a card of the rules' own numbering (the draft's place),
            # each number tried in turn for the one that moves that card.
            readings += [(decl, with_field(decl, [str(n), *without])) for n in range(1, _NUMBERED_TRIED + 1)]
        else:
            readings.append((decl, with_field(decl, without)))
    refused: dict[str, tuple[dict, list[str]]] = {}  # action type -> its first refused reading
    others: list = []  # the moves of this verb that take another card now (phase 1's foremost)
    for decl, words in readings:
        notes: list[str] = []  # what reading it says, kept only if it is the reading taken
        try:
            action = _single(engine, state, player, decl.name, words, notes)
            outcome = engine.apply(state, action)
        except Exception:  # noqa: BLE001 - a reading the words or the rules cannot take is no reading
            continue
        if outcome.accepted and any(_names_variety(e, variety) for e in outcome.events):
            said.extend(notes)
            if field_note is not None and not named_field and ("field" in action or "target" in action):
                said.append(field_note)
            return action
        if outcome.accepted and decl not in others:
            others.append(decl)
        if not outcome.accepted and engine.timing(state, decl.name, player) is None:
            refused.setdefault(decl.name, (action, notes))

    # A move naming no card moves the one the rules say (phase 1's foremost): it is meant when
    # that card is of the variety named, as its effect shows, run with the requirements set
    # aside (`plants the garden bean first` is not about the red in front; `plays her second
    # card` is the two-player game's second card, not the foremost), or when the effect cannot
    # run there to tell (a field 3 a table of six does not have).
    meant = []
    for action, notes in refused.values():
        events = engine.effect_events(state, action)
        if events is None or any(_names_variety(e, variety) for e in events):
            meant.append((action, notes))
        elif engine.spec.actions[action["type"]] not in others:
            others.append(engine.spec.actions[action["type"]])
    if len(meant) == 1:
        action, notes = meant[0]
        said.extend(notes)
        return action
    if not meant and not others and not named_field:
        # (no field said nor any that fits: each move the timing allows is tried at field 1, its
        # effect run with the requirements set aside, to see which card it takes; the one taking
        # this card is meant, refused as no field takes it: round 55's `plants the red` in phase
        # 1 with every field full was answered with phase 3's rule)
        for decl in candidates:
            if [p.type for p in decl.params] == ["field"] and engine.timing(state, decl.name, player) is None:
                try:
                    action = _single(engine, state, player, decl.name, ["field", "1"], [])
                    events = engine.effect_events(state, action)
                except BohnspecError:
                    continue
                if events and any(_names_variety(e, variety) for e in events):
                    said.append(f"'field' not said: no field of {player}'s takes the {variety} now "
                                "(judged as: field 1)")
                    return action
                if events:
                    others.append(decl)
    others = [d for d in others if not any(p.type in ("card", "cards", "variety") for p in d.params)]
    if not meant and others:
        # `plants the blue` in phase 1, the blue behind the green: the moves of this verb the
        # timing allows now take the cards the rules say, other ones (round 53's table was
        # answered with phase 3's rule); a note beside the reading that names the card, whose
        # refusal stays the verdict
        moves = " and ".join(f"{d.name} ({_lower_first(d.title or d.name)})" for d in others)
        cites = ", ".join(dict.fromkeys(d.cites[0] for d in others if d.cites))
        said.append(f"'{tok}': the move{'s' if len(others) > 1 else ''} of this moment, {moves}, "
                    f"take{'' if len(others) > 1 else 's'} another card, not the {variety} [{cites}]")
    return None


# How many places a card numbered by the rules is looked for at (a draft holds a card for each
# player and one more: seven at the most).
_NUMBERED_TRIED = 12


def _card_at_ref(engine: Engine, state: State, owner: str, ref: str) -> str | None:
    """The variety of the card a reference (`hand 2`) names for `owner`, None if none."""
    try:
        return B.card_variety(state, owner, ref, engine.spec.zones, engine.fields_zone)
    except SpecRuntimeError:  # not a reference this game reads
        return None


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _names_variety(event: dict, variety: str) -> bool:
    return any(v == variety or (isinstance(v, list) and variety in v) for k, v in event.items() if k != "event")


def _rulings_on_absent(engine: Engine, kind: str, homes: list[str]) -> list[str]:
    """The rulings of the game played that cite a paragraph of the section an action it does not
    have belongs to (the section of the action's first paragraph: `dschingis/carts`), of a module
    the action's own game does not play too (`war`'s rulings speak of carts where they are)."""
    from ..language.model import Action
    from ..language.spec import module_closure, parse_files, spec_files
    files = parse_files(spec_files())
    shared = set(module_closure(files, homes))
    first = next((d.cites[0] for f in files for d in f.decls
                  if isinstance(d, Action) and d.name == kind and d.cites), None)
    if first is None or first.startswith("ruling/"):
        return []
    section = first.rsplit("/", 1)[0] + "/"
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
    scored = sorted(found, key=lambda nr: -speaks(nr[1]))
    if scored and speaks(scored[0][1]):
        scored = [nr for nr in scored if speaks(nr[1])]
    return [f"ruling/{name}" for name, _ in scored]


def _once(kind: str, names: list[str], raw: dict, key: str, value: str) -> None:
    """raw[key] = value, refused when the key is given already: `plant hand 2 field 1` would
    silently replace the first value, and a player asking about his second card would be
    answered about the foremost."""
    if key in raw:
        raise ActionError(f"{kind} is given {key} twice ({raw[key]!r}, then {value!r}); it takes "
                          f"{', '.join(names) or 'no values'}")
    raw[key] = value


def _other_zones(words: list[str], engine: Engine) -> set[str]:
    """The words before a number that name a zone of another module (`depot 1` in a Dschingis
    Bohn game): read as the card reference they are meant as, for the rules to refuse it with
    their reason, not as a stray word."""
    from ..language.model import Zone
    from ..language.spec import modules_declaring
    return {w for w, n in zip(words, words[1:]) if n.isdigit() and w not in engine.spec.zones
            and modules_declaring(w, Zone)}


def _group_refs(words: list[str], zones=_REF_WORDS) -> list[str]:
    """Join `hand 3` (any zone of the rules, and `field`) into one token."""
    out: list[str] = []
    i = 0
    while i < len(words):
        if i + 1 < len(words) and words[i] in zones and words[i + 1].isdigit():
            out.append(f"{words[i]} {words[i + 1]}")
            i += 2
        else:
            out.append(words[i])
            i += 1
    return out


def _usable(engine: Engine, kind: str, name: str) -> frozenset:
    """The zones a card parameter's values may come from, as move generation reads them off its
    requirements (`plant_card`: the received and revealed cards); empty when they say nothing."""
    from ..execution.moves import card_zones
    zones = card_zones(engine, kind, name)
    return frozenset(z.split(" ")[0] for z in zones) if zones else frozenset()


def _value(engine: Engine, state: State, player: str, ptype: str, raw: str, owner: str, said: list[str],
           usable: frozenset = frozenset()):
    if ptype in ("field", "int"):
        if raw.isdigit():
            return _number(raw)
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


def _number(raw: str) -> int:
    """A number as typed; one of more digits than any count of a game is refused, not read (Python
    would refuse to read thousands)."""
    if len(raw) > 9:
        raise ActionError(f"{raw[:12]}{'...' if len(raw) > 12 else ''} is no number of this game: a field, a place "
                          "or a count is a small number")
    return int(raw)


def _space(state: State, raw: str) -> str:
    """A space of the map by its id; a number is padded like the ids of rows (`6` -> `06`); a
    kind of landscape the map has once (`the swamp`) is that space."""
    board = state.board
    if board is None:
        raise ActionError("this game has no map: there are no spaces to name")
    if raw not in board and raw.isdigit() and len(raw) <= 4 and f"{int(raw):02d}" in board:
        return f"{int(raw):02d}"
    lying = _spaces_of_kind(state, raw)
    if raw not in board and lying:
        if len(lying) == 1:
            return lying[0]
        # Whose it is tells them apart only where their holders differ (a river is nobody's).
        owners = [state.space_vars.get(s, {}).get("owner") for s in lying]
        whose = next((o for o in owners if o is not None and owners.count(o) == 1), None)
        described = "; ".join(f"{s}: {state.space_cards[s][0]}, " + (f"{o}'s" if o else "nobody's")
                              for s, o in zip(lying, owners))
        raise ActionError(f"{len(lying)} spaces are a {raw} ({described}): name the one meant by its id"
                          + (f", or by whose it is (`{whose}'s {raw}`)" if whose else ""))
    if raw not in board:
        raise ActionError(f"{raw!r} is not a space of the board{suggest(raw, board.ids)}; "
                          f"spaces: {', '.join(board.ids)}")
    return raw


def _spaces_of_kind(state: State, kind: str, owner: str | None = None) -> list[str]:
    """The spaces the card `kind` lies on (of `owner`'s, when given), in the map's order; also
    a card whose name ends in it (`town`: the mixed game's dschingis_town, round 47)."""
    if state.board is None:
        return []
    low = kind.lower()

    def lies(s: str, exact: bool) -> bool:
        cards = state.space_cards.get(s)
        if not cards or not (owner is None or state.space_vars.get(s, {}).get("owner") == owner):
            return False
        return cards[0] == low if exact else cards[0].endswith("_" + low)
    # (both, where both lie: Nina's `town` in the mixed game may be either book's; round 49)
    return [s for s in state.board.ids if lies(s, True)] + [s for s in state.board.ids if lies(s, False)]


def _owned_spaces(state: State, text: str) -> str:
    """`Nina's village` in the words, or `his village` said of the player who moves: the space of
    that kind she holds, by its id, when she holds one (several: the words are left as they
    are, and the reading says so)."""
    if state.board is None or not state.names():
        return text

    def one(m: re.Match) -> str:
        found = _spaces_of_kind(state, m[2], m[1])
        if not found:
            _none_held(state, m[0], m[1], m[2])
        return found[0] if len(found) == 1 else m[0]
    text = re.sub(r"\b(" + "|".join(map(re.escape, state.names())) + r")'s\s+([a-z_]+)\b", one, text)
    # `under his village`: the space of that kind the one who makes the move holds (round 49).
    subject = _mover(state, text)
    if subject is None:
        return text

    def own(m: re.Match) -> str:
        found = _spaces_of_kind(state, m[2], subject)
        if not found:
            _none_held(state, m[0], subject, m[2])  # (`his swamp`, Nina's: never another's, silently)
        return found[0] if len(found) == 1 else m[0]
    return re.sub(r"\b(his|her|their|my)\s+([a-z_]+)\b", own, text, flags=re.IGNORECASE)


def _none_held(state: State, said: str, who: str, kind: str) -> None:
    """`his swamp`, `Keno's village`, where he holds none of the kind the map has: told, with
    whose they are (round 50's players had another's swamp attacked, and were told of trades)."""
    others = _spaces_of_kind(state, kind)
    if others:
        whose = "; ".join(f"{s}: {state.space_vars.get(s, {}).get('owner') or 'nobody'}'s" for s in others)
        raise ActionError(f"{said!r}: {who} holds no {kind} ({whose}): name it by its id or by whose it is")


def _spaces_described(state: State, text: str) -> str:
    """`the neutral town` (the one nobody holds), `the village next to 13` (the one beside that
    space; the space beside may be named by its kind where the map has one, or already by whose
    it is): by its id, when the words leave one (round 50's players); else as they are."""
    board = state.board
    if board is None:
        return text

    def nobodys(m: re.Match) -> str:
        found = [s for s in _spaces_of_kind(state, m[1]) if not state.space_vars.get(s, {}).get("owner")]
        return found[0] if len(found) == 1 else m[0]
    text = re.sub(r"\b(?:the\s+)?neutral\s+([a-z_]+)\b", nobodys, text, flags=re.IGNORECASE)

    def beside(m: re.Match) -> str:
        anchors = [m[2]] if m[2] in board else _spaces_of_kind(state, m[2])
        kinds = _spaces_of_kind(state, m[1])
        if not anchors or not kinds:
            return m[0]  # (`next to` said of something else than spaces)
        found = sorted({s for a in anchors for s in kinds if board.adjacent(a, s)}, key=board.ids.index)
        if len(found) == 1:
            return found[0]
        # Several or none: told, with the spaces there are (round 51: 'next' was one too many).
        raise ActionError(f"{m[0]!r}: " + (f"{len(found)} spaces are a {m[1]} beside {' or '.join(anchors)} "
                                           f"({', '.join(found)})" if found else
                                           f"no {m[1]} lies beside {' or '.join(anchors)}")
                          + ": name the one meant by its id")
    return re.sub(r"\b(?:the\s+)?([a-z_]+)\s+(?:next\s+to|beside|by|adjacent\s+to)\s+(?:the\s+)?([a-z_0-9]+)\b",
                  beside, text, flags=re.IGNORECASE)


def _zone_cards(state: State, owner: str, zone: str) -> list:
    return state.zones[zone] if zone in state.zones else state.player(owner).zones.get(zone, [])


# What players call the draw pile at the table.
_PILE_WORDS = frozenset({"stack", "pile", "deck", "top"})


def _pile_hint(engine: Engine, word: str) -> str:
    """For the table's word for the draw pile, where its top card is named: else nothing."""
    if word in _PILE_WORDS and "draw_pile" in engine.spec.zones:
        return " (the top card of the draw pile is 'draw_pile 1')"
    return ""


def _card(engine: Engine, state: State, owner: str, raw: str, taken: list[str], said: list[str],
          usable: frozenset = frozenset()) -> str:
    """A card reference from `hand 3` or from a variety name: its owner's first usable card
    of that variety; else the field it lies in; else a place where no card is, with a note
    (the rules refuse the action then, with their own paragraph)."""
    if _REF.match(raw):
        return raw
    if (raw in _PILE_WORDS or raw == "draw_pile") and "draw_pile" in usable:
        # `attack 09 with stack`, `defend pile`: the books' own word for the top card of the
        # draw pile, where the action may take it (round 43's players).
        return "draw_pile 1"
    if raw in engine.spec.zones:
        raise ActionError(f"{raw!r} is a place, not a card: write '{raw} 1' for its first card (its top)")
    troops = [a.name for a in engine.spec.actions.values() if any(p.name == raw for p in a.params)]
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
            picked.append(_card(engine, state, owner, part, picked, said))
        return picked

    offer = {"type": "offer", "player": player, "to": other, "give": cards(parts["give"], player),
             "get": cards(parts["get"], other)}
    return [offer, {"type": "accept", "player": other}]


# ------------------------------------------------------------ whose cards, and back to words

@functools.lru_cache(maxsize=256)
def _owners(engine: Engine, kind: str) -> tuple:
    decl = engine.spec.actions[kind]
    players = {decl.actor} | {p.name for p in decl.params if p.type == "player"}
    cards = {p.name for p in decl.params if p.type in ("card", "cards")}
    found: dict[str, str] = {}
    stack = [c.condition for c in engine.spec.clauses_of(kind)]
    while stack:
        node = stack.pop()
        if node.kind == "call" and len(node.args[1]) >= 2:
            who, what = node.args[1][0], node.args[1][1]
            if who.kind == "name" and what.kind == "name" and who.args[0] in players \
                    and what.args[0] in cards:
                found.setdefault(what.args[0], who.args[0])
        stack.extend(node.children())
    return tuple(sorted(found.items()))


def card_owners(engine: Engine, kind: str) -> dict[str, str]:
    """For each card parameter of an action, the parameter naming the player whose cards it
    names, as the spec's own checks pair them (`all_exist(to, get)`: `get` is `to`'s); the
    actor when no check says otherwise."""
    return dict(_owners(engine, kind))


def card_title(engine: Engine, card: str) -> str:
    v = engine.spec.varieties.get(card) or engine.spec.cards.get(card)
    return (v.title or card) if v is not None else card


def ref_text(engine: Engine, state: State, owner: str, ref: object, whose: bool = False) -> str:
    """`hand 1 (Red Bean)`, `Nina's hand 1 (Red Bean)` with `whose`; the card is named only
    when it lies face up in a row or a field (not the unseen top of a pile)."""
    text = f"{owner}'s {ref}" if whose else str(ref)
    if not isinstance(ref, str) or not B.REF.match(ref) or owner not in state.names():
        return text
    word = ref.split()[0]
    zone = engine.spec.zones.get(word)
    if word != "field" and (zone is None or zone.kind == "pile"):
        return text
    try:
        hit = B.resolve_ref(Env(engine, state), owner, ref)
    except Exception:  # a reference the rules cannot read: shown as written
        return text
    if hit is None:
        return f"{text} (no card there)"
    card = hit[0][hit[1]]
    return f"{text} ({card_title(engine, card)})" if isinstance(card, str) else text


def format_action(engine: Engine, state: State, action: object) -> str:
    """An action in notation with its cards named: `Timon offer to Nina give [revealed 2 (Blue
    Bean)] get [Nina's hand 1 (Red Bean)]`. Anything else is shown as the rules write values."""
    if not isinstance(action, dict):
        return show(action)
    kind, player = action.get("type"), action.get("player")
    decl = engine.spec.actions.get(kind) if isinstance(kind, str) else None
    if not isinstance(kind, str) or decl is None or player not in state.names():
        return " ".join(show(v) for v in action.values())
    owners = card_owners(engine, kind)
    words = [str(player), str(kind)]
    for p in decl.params:
        if p.name not in action:
            continue
        value = action[p.name]
        owner = action.get(owners.get(p.name, decl.actor), player)
        owner = owner if owner in state.names() else player
        whose = owner != player
        if p.type == "card":
            text = ref_text(engine, state, owner, value, whose)
        elif p.type == "cards" and isinstance(value, list):
            text = "[" + ", ".join(ref_text(engine, state, owner, r, whose) for r in value) + "]"
        else:
            text = show(value)
        words.append(f"{p.name} {text}")
    return " ".join(words)
