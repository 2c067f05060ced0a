"""A sentence of the table made plain before it is read: the question asked and its mood, the words
around a move that say nothing of it, pronouns, swaps and gifts, prices, cards and places by name."""

from __future__ import annotations

import functools
import itertools
import json
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

from ...errors import ActionError, BohnspecError
from ...execution.interpret import Engine
from ...execution.state import State
from .completion import _kinds_timely_for, _legal_with, _refused_whatever, _timely_move
from .writing import format_action
from .places import (
    narrate,
    PRONOUNS_READ,
    _REF_WORDS,
    _card_at_ref,
    _last_cards,
    _marked_spaces,
    _mover,
    _nth_of_variety,
    _owned_spaces,
    _phase_numbered,
    _spaces_described,
    _spaces_of_kind,
    _whose_words,
    _zone_cards_said,
)
from .words import (
    _said_to_be,
    names_alternation,
    _DONE,
    _ENDING,
    _FILLERS,
    _NUMBER_WORDS,
    _ORDINALS,
    _PLACE_WORDS,
    _PRONOUNS,
    _SAYING,
    _SWAPS,
    _TROOPS,
    _action_named,
    _bean_names,
    _discards_by_a_move,
    _kinds_named,
    _names_a_card,
    _names_a_move,
    _ordinal_digits,
    _phases_named,
    _scattered_name,
    _subjects,
    _title_words,
    _variety_said,
    _verb_forms,
    _verbs,
    verb_family,
)

# A list of places, `hand 1, hand 3`, is one word of the notation: the spaces inside its
# places are kept apart from those between words while the text is split.
_KEPT = "\x00"


_LIST_PLACE = re.compile(r"\b([a-z_]+) ([0-9]+)(?=\s*,)|(?<=,)\s*([a-z_]+) ([0-9]+)\b")


def _lists_kept(text: str) -> str:
    """The text with each list of cards written as one word (`hand 1, hand 3` as `hand 1,hand 3`,
    the space inside each place kept from the split)."""
    text = re.sub(r"\s*,\s*", ",", text)
    return _LIST_PLACE.sub(lambda m: f"{m[1] or m[3]}{_KEPT}{m[2] or m[4]}", text)


# (`pays another coin to attack the second round`: the price said with what it buys; round
# 85's second table)
_PAID = re.compile(r"^(\S+)\s+pa(?:ys|y|id)\s+(?:(?:a|an|one|two|three|four|five|[0-9]+|the|his|her|their|my|another|"
                   r"a\s+second|one\s+more)\s+)?(?:gold\s+|bean\s+)?coins?\s+(?:and\s+(?:then\s+)?|to\s+)(\S.*)$",
                   re.IGNORECASE)


_PAID_FOR = re.compile(r"\b(\S+)\s+pa(?:ys|y|id)\s+(?:(?:a|an|one|the|his|her|their|my|another|a\s+second|"
                       r"one\s+more)\s+)?(?:gold\s+|bean\s+)?coins?\s+(?:again\s+)?for\s+(?:the|a|his|her|their|my)\s+([^\s?.!]+(?:\s+[^\s?.!]+)?)"
                       r"\s*[?.!]*$", re.IGNORECASE)


# The beans a move of a whole variety takes, said without the variety: `plants the leftover
# beans`, `the leftovers`, `the cards from the middle`.
_LEFTOVERS = re.compile(r"\s+(?:all\s+)?the\s+(?:(?:leftover|left-over|remaining)\s+(?:beans?|cards?)|leftovers|"
                        r"(?:beans?|cards?)\s+(?:(?:left\s+)?(?:from|in)\s+the\s+middle|(?:he|she|they)\s+(?:was|were)\s+left))\b",
                        re.IGNORECASE)


def _it_fought_over(engine: Engine, text: str) -> str:
    """`Keno defends it with his black-eyed`: `it`, what the move is about (the space fought
    over), is no value of a move that takes its card `with` one (round 86's table)."""
    m = re.match(r"^(\S+\s+(\S+))\s+(?:it|that|this)\s+(?=with\s)", text, flags=re.IGNORECASE)
    if m is None:
        return text
    kind = _action_named(engine, [m[2]])[0]
    decl = engine.spec.actions.get(kind)
    if decl is None or not any(p.name == "with" for p in decl.params) or any(p.type == "space" for p in decl.params):
        return text
    return f"{m[1]} {text[m.end():]}"


def _leftovers_said(engine: Engine, text: str) -> str:
    """`Must Nina plant the leftover beans?`, where a move takes a whole variety: no variety
    said, which the reading completes (each the rules allow, told), not a word read as a value
    (round 86's table had `beans` read as phase 1's field)."""
    if not any(p.type == "variety" for a in engine.spec.actions.values() for p in a.params) \
            or re.search(r"\bdiscard", text, flags=re.IGNORECASE):
        return text  # (`puts the leftover beans on the discard pile`: the words of the discard)
    return _LEFTOVERS.sub("", text)


# Words of an optional further part of a phase (`skips his second planting`).
_FURTHER = frozenset({"second", "2nd", "another", "further", "extra", "more", "optional"})


def _paying_is_a_move(engine: Engine) -> bool:
    """Whether `pay` names a move of this game (Bohnröschen's tribute), not a price paid as
    part of another (the war games' attacks)."""
    return _verbs(engine).get("pay") in engine.spec.actions or "pay" in engine.spec.actions


def _price_of_a_move(engine: Engine, text: str) -> str:
    """`Timon pays another coin for the second round`, in a game where paying is no move of
    its own: the move whose title says what is paid for, as `Timon pays a coin and
    follow_up`, which _paid_as_part reads (round 86's table had the question dropped)."""
    if _paying_is_a_move(engine):
        return text
    m = _PAID_FOR.search(text)
    titled = [a.name for a in engine.spec.actions.values() if m is not None and a.title and re.search(
        r"\b" + re.escape(m[2].lower()) + r"\b", a.title.lower())]
    return f"{text[:m.start()]}{m[1]} pay a coin and {titled[0]}" if m is not None and len(titled) == 1 else text


def _paid_as_part(engine: Engine, text: str) -> str | None:
    """`Nina pays a coin and attacks 09`: in a game where paying is no move of its own (the war
    games: an attack's price is part of it, round 47's players were pointed at Bohnröschen's
    tribute), the move that follows; None where `pay` names a move of this game or no move of
    this game follows."""
    if _paying_is_a_move(engine):
        return None
    m = _PAID.match(text)
    if m is None:
        return None
    # (`pays a coin and sends his riders against 11`: the troops' move, said with a verb of
    # their own; round 89's war table had it read as Bohnröschen's tribute)
    if _action_named(engine, m[2].split())[0] not in engine.spec.actions and not re.search(
            r"\b(?:sends?|rides?|gallops?|charges?|storms?)\b|\b(?:" + "|".join(_TROOPS) + r")\b", m[2],
            flags=re.IGNORECASE):
        return None
    return f"{m[1]} {m[2]}"


# A question whether a move must be made (the answer says whether it may, and parse_action
# notes how to ask whether it may be left out).
_OBLIGED = re.compile(r"^\s*(?:must\s+(\S+)|(?:does|do)\s+(\S+)\s+(?:have|need)\s+to|(?:is|are)\s+(\S+)\s+"
                      r"(?:required|obliged|forced)\s+to)\s+", flags=re.IGNORECASE)


def _must_note(engine: Engine, state: State, who: str, kind: str = "", action: dict | None = None,
               first: bool = False, unsaid: set[str] | frozenset[str] = frozenset(),
               any_field: set[str] | frozenset[str] = frozenset()) -> str:
    """What a question whether a move must be made is answered with besides the move's verdict:
    the other moves of other kinds the player may make now instead (`Does Nina have to
    accept?`: she may decline; round 58's table), and whether the player may end the phase now
    without it (the game's `end_phase`, if it has one). `action`: the move as read, whose own
    making is what is asked about."""
    # The answer to `must` first (round 85's player read the move's ILLEGAL headline as "you
    # may not", when the question was whether it may be left out): no, when the phase may end
    # without it; yes, only when making this very move is what lets it end and no other move
    # would; else the rule that holds the phase, with no yes or no (a harvest owed before a
    # planting, a draft's pick, a defence: round 85's hunter found a "no" that was false).
    note = "'must': the answer says whether the move is allowed"
    if who not in state.names():
        return note
    if action is not None:
        kind = str(action.get("type", kind))
    # (the verb said may name a family of moves, `discard`: discard_card, discard_kind)
    kinds = [kind] if kind in engine.spec.actions else list(verb_family(engine, kind))
    legal: dict[str, list[dict]] = {}  # the first legal moves of each kind, looked for once

    def legal_of(k: str) -> list[dict]:
        if k not in legal:
            legal[k] = list(itertools.islice(_legal_with(engine, state, k, who, {}), 12))
        return legal[k]
    instead = [k for k in _kinds_timely_for(engine, state, who, but=kind)
               if k != "end_phase" and k not in kinds and legal_of(k)]
    others = f"; {who} may also {' or '.join(instead[:4])} instead" if instead else ""
    if kind == "end_phase":
        return note + others  # (`Must Timon end the phase?`: the verdict on ending it answers)
    # (the phase is ended by whoever may end it: the active player, when the one asked about may
    # not, and when neither may now: a draft under way)
    ender = next((p for p in dict.fromkeys([who, state.active]) if p in state.names()
                  and "end_phase" in engine.spec.actions and engine.timing(state, "end_phase", p) is None),
                 state.active if state.active in state.names() else who)
    outcome = _phase_ended_by(engine, state, ender)
    if outcome is None:
        return note + others
    by = "" if ender == who else f" (by {ender})"
    if outcome.accepted:
        return f"'must': no, not now: the phase may also end now{by} without it{others}; below, whether " \
               "the move itself is allowed"
    refused = outcome.rejection
    if refused is None:
        return note + others
    held = f"the phase may not end now{by}: {refused.reason} [{refused.rule}]"
    if action is None:
        return f"{note}{others}; {held}"
    # Whether the phase can end without the move asked about is found by looking ahead over
    # the moves the rules allow from here (every player's): a planting owed with other cards
    # still owed, a harvest owed before a planting, a defence (round 85's hunter found a false
    # "no" and no answer where only the moves after it settle the question).
    asked = _asked_as(engine, state, action)
    mine = action["type"], action.get("player")
    decl = engine.spec.actions.get(action["type"])
    params = [p.name for p in decl.params] if decl is not None else []
    # (every value the reading's own: the question is of the kind of move, `Must Keno defend?`)
    chosen = bool(params) and set(params) <= set(unsaid)
    if (unsaid or any_field) and not chosen:
        # (some said, some not: the move asked about is any of its kind with the values said,
        # `Does Keno have to discard a card from the draft?`, whichever card; round 86's hunter
        # had it answered of the card the reading chose, and so of a pick)
        asked = _asked_by_values(engine, state, action, set(params) - set(unsaid), asked, set(any_field))
    if first and not chosen:
        # (`... the red first?`: whether another move of its kind may come before it, the soy
        # owed too; the order of such moves is the player's where the rules allow both now.
        # Not of a move none of whose values is said, `Does Nina have to harvest a field first?`:
        # any of its kind, before the others, which the look-ahead settles; round 97's table was
        # told "no, not first: field 2 may be made before it")
        before = next((a for a in legal_of(action["type"]) if not asked(a)), None)
        if before is not None:
            return f"'must': no, not first: {format_action(engine, state, before)} may be made before it, as the " \
                   f"rules allow both now; below, whether the move itself is allowed"
    kind_of = _way_to_end(engine, state, ender, lambda a, at=None: (a["type"], a["player"]) == mine or asked(a, at))
    if kind_of.path is not None:
        if _frees_the_phase(engine, state, [action], ender):
            # (this move lets it end, and so would others: the two-player game's second card)
            return f"'must': no, not this move in particular: the phase may not end now{by} until a move such as " \
                   f"{kind_of.path[0]['type']} is made: {refused.reason} [{refused.rule}]; below, whether the move " \
                   "itself is allowed"
        return f"'must': no: {held}, and {_moves_said(engine, state, kind_of.path)} without this one" \
               f"{_owed_instead(engine, state, ender, kind_of, mine)}; below, whether the move itself is allowed"
    # (where the look-ahead cannot settle it, the rule holding the phase, said as the answer:
    # round 89's hunter found no `must?` line, or a false "no, not this one", at tables where
    # three or four players still had cards to plant)
    cannot_tell = f"'must': cannot tell: {held}; whether the phase can end without this move, looking ahead did " \
        f"not settle{others}; below, whether the move itself is allowed"
    with_it = _way_to_end(engine, state, ender, lambda a, _=None: False)
    if with_it.path is None or not kind_of.settles(len(with_it.path)):
        return cannot_tell
    without = _way_to_end(engine, state, ender, asked)
    # (owed, but not yet allowed: a yes followed by ILLEGAL was read as a no by round 86's
    # table, `Does Keno have to plant the received fire?` before his harvest)
    try:
        now = engine.apply(state, action).accepted
    except BohnspecError:
        now = False
    below = "below, whether the move itself is allowed" if now else \
        "not yet, though: below, why the move is refused now"
    if without.path is None and without.settles(len(with_it.path)):
        return f"'must': yes, before the phase ends: it may not end now{by}: {refused.reason} [{refused.rule}]" \
               f"{others.replace(' instead', ' first') if others else ''}; {below}"
    if without.path is None:
        return cannot_tell  # (no way round it found, but not every way looked through)
    if chosen:
        # (the values were the reading's, none said: `Must Keno defend?`, with whichever card)
        # (owed, and none of its kind allowed yet: `Must Timon plant?` before the harvest that
        # frees a field; round 90's table read the yes, then ILLEGAL, as "you must and may not")
        first_do = "" if legal_of(action["type"]) else \
            f"not yet, though: no {action['type']} of {action['player']}'s is allowed now" + (
                f" ({action['player']} may first {' or '.join(instead[:4])})" if instead else "") + \
            "; below, why the move read is refused now"
        return f"'must': yes, a {action['type']} of {action['player']}'s is owed before the phase ends, with " \
               f"whichever values the rules allow: it may not end now{by}: {refused.reason} [{refused.rule}]; " \
               + (first_do or "below, whether the move read is allowed")
    # (a move of this kind is owed, not this one: another field harvested, another card)
    # (the move of that kind in the way found: the pick of another card, not a harvest before it)
    same_kind = next((a for a in without.path or () if (a["type"], a["player"]) == mine), None)
    alternative = f"; {_move_in_its_place(engine, state, without.path or [], same_kind)}, for one, would do as " \
        "well" if same_kind is not None else ""
    # (no, of this one: a harvest the bean protection forbids, a defence no depot card may make;
    # round 86's hunter read "yes, ... not yet" as owed)
    return f"'must': no, not this one in particular, but a {action['type']} of {action['player']}'s is owed before " \
           f"the phase ends: it may not end now{by}: {refused.reason} [{refused.rule}]{alternative}; " \
           "below, whether the move itself is allowed"


def _owed_instead(engine: Engine, state: State, ender: str, way: _Lookahead, mine: tuple) -> str:
    """Where a move asked about is not owed: the first move of another kind the same player
    makes on the way found, when the phase cannot end without a move of that kind of his
    (`Must Timon attack again?` after his riders were beaten: no new attack, but the second
    round is owed; round 86's hunter wanted both said), as the answer adds it; else nothing."""
    kind, player = mine
    other = next((a for a in way.path or () if a["player"] == player and a["type"] != kind), None)
    if other is None:
        return ""
    around = _way_to_end(engine, state, ender, lambda a, _=None: (a["type"], a["player"]) == (other["type"], player))
    if around.path is not None or not around.settles(len(way.path or ())):
        return ""
    return f"; a {other['type']} of {player}'s is owed, though: " \
           f"{_move_in_its_place(engine, state, way.path or [], other)}, for one"


def _asked_by_values(engine: Engine, state: State, action: dict, said: set[str], same_cards,
                     any_field: set[str] | None = None):
    """_asked_as for a move some of whose values were said: a move of the same kind by the same
    player with those values, whatever the others are; where cards are among them, one taking
    those cards as _asked_as follows them (`same_cards`: of the verb's family too)."""
    decl = engine.spec.actions[action["type"]]
    cards = {p.name for p in decl.params if p.type in ("card", "cards")} & said
    fields = set(any_field or ())

    def asked(a: dict, position: State | None = None) -> bool:
        if a["player"] != action.get("player"):
            return False
        same = a["type"] == action["type"]
        if same and any(a.get(k) != action.get(k) for k in said - cards - fields):
            return False
        # (a field said by the verb, `plant`, not which: any field, not the discard pile)
        if same and any(a.get(k) == "discard" for k in fields):
            return False
        # (cards said: a move of the verb's family taking them, as _asked_as has it)
        return same_cards(a, position) if cards else same
    return asked


def _asked_as(engine: Engine, state: State, action: dict):
    """Whether a legal action (at any position) is the move a `must` question asks about: the
    same kind of move by the same player taking the same cards from the same places, wherever
    it puts them (`Must Timon plant the received red?`, into whichever field; `Must Keno
    defend?` with his red, not with the pile's top card; a harvest of that field)."""
    mine = _places_left(engine, state, action)
    # (a move the rules refuse now takes nothing: it is the one naming the same cards, or where
    # it names none, the same everything)
    decl = engine.spec.actions.get(str(action.get("type")))
    params = [p.name for p in decl.params] if decl is not None else []
    moved = [p.name for p in decl.params if p.type in ("card", "cards", "variety")] if decl is not None else []

    player = action.get("player")
    # (the cards it names, where it names some: a move of the verb's family taking one of them
    # is the move asked about, `Must Timon plant the soy?` read as plant_card during a draft and
    # made by phase 1's plant once it is over; round 86's hunter had "no")
    named = {_rank_in_row(engine, state, str(player), str(action[k]))
             for k in moved if isinstance(action.get(k), str) and " " in str(action[k])} if mine is None else set()
    root = str(action.get("type")).split("_")[0]

    def asked(a: dict, position: State | None = None) -> bool:
        if a["player"] != player:
            return False
        if named and a["type"].split("_")[0] == root:
            at = position if position is not None else state
            taken = _places_left(engine, at, a) or ()
            return any(_takes_ranked(engine, at, rank, o, z, c, n) for o, z, _, c, n in taken for rank in named)
        if a["type"] != action["type"]:
            return False
        if mine is None:
            return all(a.get(k) == action.get(k) for k in moved or params)
        return _places_left(engine, position if position is not None else state, a) == mine
    return asked


def _rank_in_row(engine: Engine, state: State, owner: str, ref: str) -> tuple:
    """A card named by its place (`hand 2`) as a look-ahead follows it: (owner, zone, variety,
    how many of that variety lie in the zone up to it, how many in all). Cards of one variety are
    alike, so the second soy of a hand is the one taken once one soy has left it (phase 1's
    first planting takes the first: `Must Timon plant the second soy?` is about the second
    planting; round 86's hunter had it read as the first)."""
    zone = ref.split()[0]
    variety = _card_at_ref(engine, state, owner, ref)
    decl = engine.spec.zones.get(zone)
    if decl is None or decl.kind != "row" or not ref.split()[-1].isdigit():
        return owner, zone, variety, None, None
    row = state.player(owner).zones.get(zone, []) if decl.per_player else state.zones.get(zone, [])
    k = int(ref.split()[-1])
    return owner, zone, variety, row[:k].count(variety), row.count(variety)


def _takes_ranked(engine: Engine, position: State, rank: tuple, owner: str, zone: str, card, n: int) -> bool:
    """Whether a move that takes `n` cards `card` from `zone` of `owner` at `position` takes the
    card `rank` follows (_rank_in_row): the same variety from the same place, and as many of it
    gone before as lay ahead of it (a place that is no row of cards: any of that variety)."""
    who, where, variety, ahead, total = rank
    if (who or "", where, variety) != (owner or who or "", zone, card):
        return False
    if ahead is None:
        return True
    decl = engine.spec.zones[where]
    row = position.player(who).zones.get(where, []) if decl.per_player else position.zones.get(where, [])
    gone = max(total - row.count(variety), 0)
    return gone <= ahead - 1 < gone + n


def _places_left(engine: Engine, state: State, action: dict) -> frozenset | None:
    """The cards an action takes from where they lay: (owner, zone, field, card, how many)
    for each, field None outside a field; None where the rules refuse it."""
    try:
        outcome = engine.apply(state, action)
    except BohnspecError:
        return None
    if not outcome.accepted:
        return None
    out: set[tuple] = set()

    def lost(owner: str, zones: dict, later: dict) -> None:
        for name, cards in zones.items():
            after = later.get(name, [])
            if cards and isinstance(cards[0], list):
                for i, f in enumerate(cards):
                    gone = Counter(f) - Counter(after[i] if i < len(after) else [])
                    out.update((owner, name, i + 1, c, n) for c, n in gone.items())
            else:
                gone = Counter(x for x in cards if isinstance(x, str)) - Counter(x for x in after if isinstance(x, str))
                out.update((owner, name, None, c, n) for c, n in gone.items())
    for p in state.players:
        lost(p.name, p.zones, outcome.state.player(p.name).zones)
    lost("", state.zones, outcome.state.zones)
    lost("", state.space_cards, outcome.state.space_cards)
    return frozenset(out)


class _Lookahead:
    """What a search for an end of the phase found: the moves that lead to it (`path`, None when
    none was found), and how many moves deep every way was looked through."""

    def __init__(self, path: list[dict] | None, depth: int, exhausted: bool):
        self.path, self.depth, self.exhausted = path, depth, exhausted

    def settles(self, needed: int) -> bool:
        """Whether finding no way counts as there being none: every way was looked through, or
        every way as long as the shortest way there is (the one that makes the move asked
        about): a way around a move is not looked for further than that."""
        return self.exhausted or self.depth >= needed


# How many positions a `must` question's look-ahead visits breadth first (the shortest ways),
# then depth first (any way: a draft's picks are too many to take in every order), and how
# many moves deep it goes.
_SHORTEST_POSITIONS = 400
_LOOKAHEAD_POSITIONS = 1200
_LOOKAHEAD_DEPTH = 12


def _way_to_end(engine: Engine, state: State, ender: str, avoided) -> _Lookahead:
    """A series of legal moves (any player's, but none `avoided`) after which the phase ends or
    `ender` may end it: the shortest, looked for breadth first among the nearest positions;
    else any, depth first. A move is followed only where it lets some move be made that could
    not be before (of another kind or player: a harvest that empties a field a card owed may
    go to), or changes why the phase may not end, or a variable of the rules (a pass): a harvest
    of a player who owes nothing leads nowhere the others don't."""
    search = _Search(engine, state, ender, avoided)
    near = search.breadth_first(_SHORTEST_POSITIONS)
    if near.path is not None or near.exhausted:
        return near
    far = _Search(engine, state, ender, avoided).depth_first(_LOOKAHEAD_POSITIONS)
    return _Lookahead(far.path, near.depth, far.exhausted)


class _Search:
    """The positions a look-ahead for the phase's end reaches from `state`."""

    def __init__(self, engine: Engine, state: State, ender: str, avoided):
        self.engine, self.state, self.ender, self.avoided = engine, state, ender, avoided
        self.seen = {self.key(state)}

    @staticmethod
    def key(position: State) -> str:
        return json.dumps(position.to_json(), sort_keys=True)

    def allowed(self, position: State) -> dict[str, dict]:
        from ...execution import moves
        return {json.dumps(a, sort_keys=True): a for a in moves.legal_actions(self.engine, position, max_list=1)
                if a["type"] != "end_phase" and not self.avoided(a, position)}

    @staticmethod
    def marks(position: State) -> tuple:
        """The rules' variables of a position: the table's, the players' and the spaces'."""
        return position.vars, [p.vars for p in position.players], position.space_vars

    def held(self, position: State) -> tuple[bool, tuple | None]:
        """Whether the phase has ended or may end at `position`, and else why not."""
        if position.phase != self.state.phase or position.active != self.state.active:
            return True, None
        outcome = _phase_ended_by(self.engine, position, self.ender)
        if outcome is not None and outcome.accepted:
            return True, None
        refused = outcome.rejection if outcome is not None else None
        return False, None if refused is None else (refused.rule, refused.reason)

    def steps(self, position: State, there: dict[str, dict], why: tuple | None):
        """(move, position after it, its moves, why the phase is held there, ended) for each
        move worth following from `position`; a position seen before is not followed again."""
        for said, a in there.items():
            try:
                after = self.engine.apply(position, a)
            except BohnspecError:
                continue
            if not after.accepted:
                continue
            ended, held = self.held(after.state)
            if ended:
                yield a, after.state, {}, None, True
                return
            k = self.key(after.state)
            if k in self.seen:
                continue
            self.seen.add(k)
            then = self.allowed(after.state)
            # (a move that opens or closes no move but itself, a harvest of a field no card owed
            # may go to, is not followed, unless it is marked in the rules' variables, a pass;
            # a card laid on a depot closes the laying of the next: followed, round 86's table)
            changed = (then.keys() ^ there.keys()) - {said}
            if held != why or self.marks(position) != self.marks(after.state) or changed:
                yield a, after.state, then, held, False

    def breadth_first(self, positions: int) -> _Lookahead:
        layer: list[tuple[State, list[dict], dict[str, dict], tuple | None]] = [
            (self.state, [], self.allowed(self.state), self.held(self.state)[1])]
        depth = 0
        while layer and depth < _LOOKAHEAD_DEPTH:
            depth += 1
            following: list[tuple[State, list[dict], dict[str, dict], tuple | None]] = []
            for position, path, there, why in layer:
                for a, after, then, held, ended in self.steps(position, there, why):
                    if ended:
                        return _Lookahead([*path, a], depth, False)
                    if len(self.seen) > positions:
                        return _Lookahead(None, depth - 1, False)
                    following.append((after, [*path, a], then, held))
            layer = following
        return _Lookahead(None, depth, not layer)

    def depth_first(self, positions: int) -> _Lookahead:
        stack: list[tuple[Iterator, list[dict]]] = [
            (self.steps(self.state, self.allowed(self.state), self.held(self.state)[1]), [])]
        while stack:
            steps, path = stack[-1]
            step = next(steps, None)
            if step is None:
                stack.pop()
                continue
            a, after, then, held, ended = step
            if ended:
                return _Lookahead([*path, a], len(path) + 1, False)
            if len(self.seen) > positions:
                return _Lookahead(None, 0, False)
            if len(path) + 1 < _LOOKAHEAD_DEPTH:
                stack.append((self.steps(after, then, held), [*path, a]))
        return _Lookahead(None, 0, True)


def _along(engine: Engine, state: State, path: list[dict]) -> Iterator[tuple[dict, State]]:
    """Each move of a look-ahead's way with the position it is made in (up to one the rules
    cannot play, which a way found never holds)."""
    position = state
    for a in path:
        yield a, position
        try:
            position = engine.apply(position, a).state
        except BohnspecError:
            return


def _move_in_its_place(engine: Engine, state: State, path: list[dict], move: dict) -> str:
    """A move of a look-ahead's way in words, its cards named as they lie when it is made."""
    position = state
    for a, at in _along(engine, state, path):
        position = at
        if a is move:
            break
    return format_action(engine, position, move)


def _moves_said(engine: Engine, state: State, path: list[dict]) -> str:
    """The moves of a look-ahead, as an answer says them: `a move such as plant lets it end`
    for one, `the moves Nina plant_card ..., then Timon plant_card ... let it end` for several."""
    if len(path) == 1:
        return f"a move such as {path[0]['type']} lets it end"
    shown = [format_action(engine, at, a) for a, at in _along(engine, state, path[:3])]
    more = f" and {len(path) - 3} more" if len(path) > 3 else ""
    return "the moves " + ", then ".join(shown) + more + " let it end"


def _frees_the_phase(engine: Engine, state: State, actions: list[dict], ender: str) -> bool:
    """Whether one of the `actions`, made now, lets the phase end (as `ender` ends it), or ends
    it itself (a draw ends phase 4), when it may not end now."""
    for action in actions:
        try:
            after = engine.apply(state, action)
        except BohnspecError:
            continue
        if after.accepted and after.state.phase == state.phase and after.state.active == state.active:
            ended = _phase_ended_by(engine, after.state, ender)
            if ended is not None and ended.accepted:
                return True
        elif after.accepted:
            return True
    return False


# A question's mood: whether a move may be made (`Can Nina ...?`: a value left out is
# completed as she means it) or must be (`Must Nina ...?`: the answer notes whether it may be
# left out). split_moves asks each move of a question in the question's words again.
_MAY, _MUST = "Can", "Must"


def _who(state: State) -> str:
    """The words a question names a player by, as a pattern's alternatives: the players' names
    and the pronouns."""
    return "|".join([*map(re.escape, state.names()), "she", "he", "they", "i"])


def _mood_of(state: State, text: str) -> str | None:
    """The mood of a text as typed: _MUST for `Must Nina ...`, `Does Nina have to ...`; _MAY for
    another question of a player's move (`Can Nina ...`, `Is it allowed for Nina ...`, `What
    happens if Nina ...`, `How many coins does Nina get ...`); else None. A player may be called
    May or Will (`Will gives May the soy` asks nothing)."""
    who = _who(state)
    obliged = _OBLIGED.match(text)
    if obliged is not None and re.fullmatch(who, next(g for g in obliged.groups() if g), flags=re.IGNORECASE):
        return _MUST
    asking = (r"^\s*(?:(?:can|may|could|might)\s+(?:" + who + r")(?:'s)?\s|(?:is|would)\s+it\s|(?:is|are)\s+(?:" + who
              + r")\s+(?:allowed|able|permitted)\s|what\s+(?:happens|if|would|does|do|will)\s|how\s+(?:many|much)\s"
              r"|who\s+wins\s|suppose\s)")
    if re.match(asking, text, flags=re.IGNORECASE) or _auxiliary_question(state, text) is not None:
        return _MAY
    return None


def _auxiliary_question(state: State, text: str) -> re.Match | None:
    """`Will May accept?`, `Does Nina accept?`: a question, marked so, opened by an auxiliary
    before a player (a player may be called Will, one may be called May: round 60's table had
    `Will May accept?` judged as Will's acceptance)."""
    if not text.rstrip().endswith("?") and not re.match(r"\s*(?:can|may|could|might)\s", text, flags=re.IGNORECASE):
        return None  # (a question split from others is asked as `Can ...`, its mark left behind)
    who = _who(state)
    return re.match(r"^\s*(?:(?:can|may|could|might)\s+)?(?:will|would|shall|should|does|do|did)\s+(" + who + r")\s+"
                    r"(?!(?:have|has|had|need|needs)\s+to\b)",
                    text, flags=re.IGNORECASE)


def _asked(mood: str | None, move: str) -> str:
    """One move of a question asked in the question's mood (`Can Nina harvest field 1`)."""
    return move if mood is None else f"{mood} {move}"


# The most clauses of one kind taken out of one text (`since ...`, `before ...`).
_MOST_CLAUSES = 20

# The words after which `to plant` is the move itself (`has to plant`, `is allowed to plant`),
# not what another move is for (`harvests a field to plant her soy`).
_TO_OF_THE_MOVE = ("have", "has", "had", "need", "needs", "allowed", "able", "going", "want", "wants", "ought",
                   "required", "supposed", "permitted", "get", "gets", "forced", "obliged", "chance", "right", "turn",
                   "wish", "wishes", "try", "tries", "decide", "decides", "choose", "chooses")


def _words_around(engine: Engine, state: State, text: str) -> str:
    """The text without what is said around a move and is no part of it: the player's reason
    (`even though it is not his turn`, `since ...`, `because ...`), what it is for (`to get into
    the castle`), when (`before drawing`, `before Timon has planted`; not `before the green`, an
    order), `now`, `still`, and a harvest's `and sells them` (round 54's table). Each runs up to
    the next move said: `and` or `then` or a comma before a move of this game or a player
    (`... since he is stuck and pays tribute again`: round 56's table lost the second tribute)."""
    names = {n.lower() for n in state.names()}
    # (`crosses the river and attacks 11`: the way the attack goes, which the map's rules judge;
    # `with the same riders`: his, which the rules say may ride or not; round 87's table)
    # (`crosses both rivers`, `the two rivers`: round 89's war table)
    text = re.sub(r"^(\S+)\s+(?:cross(?:es|ed)?|fords?|forded)\s+(?:over\s+)?(?:the\s+|both\s+|the\s+two\s+|two\s+)?"
                  r"(?:rivers?|streams?|water)\s+(?:and\s+)?(?:then\s+)?(?=\S)", r"\1 ", text, flags=re.IGNORECASE)
    text = re.sub(r"\bthe\s+same\s+(" + "|".join(_TROOPS) + r")\b", r"the \1", text, flags=re.IGNORECASE)
    # (`with the cavalry he just captured`: his; `the other village, 04, with ...`: the space of
    # that id; `Nina says she is last and claims her card`: the claim; round 87's second table)
    text = re.sub(r"\b(" + "|".join(_TROOPS) + r")\s+(?:that\s+|which\s+)?(?:he|she|they)\s+(?:has\s+|had\s+)?"
                  r"(?:just\s+)?(?:captured|conquered|took|taken|won|got|gained|seized)\b", r"\1", text,
                  flags=re.IGNORECASE)
    if state.board is not None:
        # (`the village 07`, 07 being a forest: the space said is not what the word says; told,
        # where the word had been read as another space and the id as the next value; round
        # 89's war table)
        # (not for a move of two spaces, `builds a fortress under the village q`, q being the
        # quarry: the word names one, the id the other; round 89's second hunter)
        verb = _action_named(engine, text.split()[1:])[0] if len(text.split()) > 1 else ""
        spaces_taken = max((sum(1 for p in engine.spec.actions[k].params if p.type == "space" and p.name not in _TROOPS)
                            for k in verb_family(engine, verb)), default=0) if verb else 0
        for said in re.finditer(r"\b(?:the|a|an|his|her|their|my|\w+'s)\s+(?:(?:empty|neutral|free|other|enemy)\s+)?"
                                r"([a-z_]+)\s+([\w-]+)",
                                text if spaces_taken < 2 else "", flags=re.IGNORECASE):
            kind, space = said[1].lower(), said[2]
            card = engine.spec.cards.get(kind)
            if card is not None and card.category == "landscape" and space in state.board \
                    and state.space_cards.get(space) and space not in _spaces_of_kind(state, kind):
                lying = state.space_cards[space][0]
                title = engine.spec.cards[lying].title if lying in engine.spec.cards else lying
                raise ActionError(f"'{said[1]} {space}': {space} is no {kind} but a {title or lying}; name the space "
                                  f"by its id alone, or the {kind} meant")
        # (`takes the second camp`, `the last village`: that one of the kind, in the map's order;
        # round 89's hunter had `second` read as the space 02)
        def nth_space(m: re.Match) -> str:
            card = engine.spec.cards.get(m[2].lower())
            if card is None or card.category != "landscape":
                return m[0]
            lying = _spaces_of_kind(state, m[2].lower())
            k = -1 if m[1].lower() == "last" else _ORDINALS_OF_SPACES.index(m[1].lower())
            return lying[k] if lying and (k == -1 or k < len(lying)) else m[0]
        text = re.sub(r"\bthe\s+(" + "|".join(_ORDINALS_OF_SPACES) + r"|last)\s+([a-z_]+)\b", nth_space, text,
                      flags=re.IGNORECASE)
        text = re.sub(r"\b(?:the\s+)?(?:other\s+)?([a-z_]+),\s+(\S+?),\s+",
                      lambda m: f"{m[2]} " if m[2] in state.board and _spaces_of_kind(state, m[1]) else m[0], text,
                      flags=re.IGNORECASE)
    # (`builds a fortress under her village using her quarry q`: what it is made with)
    # (after a comma too, `under his village, using his quarry`: no list; round 97's table)
    text = re.sub(r"(?<=\S),?\s+(?:using|by\s+means\s+of)\s+(?=(?:his|her|their|my|the|a|an)\s)", " with ", text,
                  flags=re.IGNORECASE)
    # (`offers Timon her red to get his soy`: what the offer asks for, not what it is for;
    # round 88's hunter had it read as a gift)
    text = re.sub(r"^(\S+\s+(?:offers?|gives?|trades?)\b[^,.;]*?)\s+(?:in\s+order\s+)?to\s+(?:get|receive)\s+(?=\S)",
                  r"\1 for ", text, flags=re.IGNORECASE)
    # (`defends with the top card of the stack, which turns out to be a red`, `; it is a red`:
    # what the card turned up is, which the answer shows; round 89's war table)
    text = re.sub(r"(?:,|;)\s+(?:which|that|it)\s+(?:turns|turned)\s+out\s+to\s+be\s+(?:a|an|the)\s+[\w-]+"
                  r"(?:\s+bean)?(?=\s*(?:[,.;!?]|$))|;\s+it\s+(?:is|was)\s+(?:a|an)\s+[\w-]+(?:\s+bean)?(?=\s*(?:[.;!?]|$))",
                  "", text, flags=re.IGNORECASE)
    pronouns = "|".join(["he", "she", "they", "it", *map(re.escape, state.names())])
    clauses = (r",?\s+(?:even\s+though|even\s+if|although|because|since)\s",
               # (`May Nina buy a cart when it is not her turn?`: whose turn it is, said of the
               # situation as it stands; round 94's table had `'when' is one too many`)
               r",?\s+(?:when|while)\s+it(?:'s|\s+is)(?:n't|\s+not)?\s+(?:his|her|their|(?:" + pronouns + r")'s)\s+"
               r"(?:own\s+)?turn\b",
               # (`so she gets into the castle`: what it is for; round 71's table)
               # (not `so Eiko can say Stop`: another player's move, judged; round 76's hunter)
               r",?\s+so\s+(?:that\s+)?(?:he|she|they|it)\s+(?:gets?|can|could|reaches|will|would|is|has|wins)\b",
               r",?\s+(?:in\s+order\s+)?to\s+(?:get|reach|make|win|earn|enter|have|be|show|afford|prove|raise|skip|avoid|"
               # (`harvests her soy to fulfil her card`: what it is for, the claim said after it
               # or not; round 89's table)
               r"escape|catch|free|fulfil|fulfill|complete|meet|satisfy)\b",
               # (`Must Nina harvest a field to plant her soy?`: what the harvest is for, not the
               # move asked; not `has to plant`, `is allowed to plant`: round 88's table)
               "".join(rf"(?<!\b{w})" for w in _TO_OF_THE_MOVE) +
               # (`harvests his soy field to pay tribute`: round 94's table had `'pay' is one too many`)
               r",?\s+(?:in\s+order\s+)?to\s+(?:plant|make\s+room|free\s+a\s+field|pay|buy|afford)\b",
               # (at the start too: `Before he draws, Timon harvests ...`; round 67's table)
               # (and `While Keno's draft is still going round, ...`: round 88's table)
               r"(?:^|,?\s+)(?:before|after|while|until)\s+(?:[a-z]+ing\b|(?:" + pronouns + r")(?:'s)?\s+\S+)",
               # (`while his other field has 3`, `if nobody wants it`: a condition said, no move)
               # (at the start too: `While the draft is still going round, ...`; round 88's hunter)
               r"(?:^|,?\s+)(?:while|whilst|as\s+long\s+as)\s+(?:his|her|their|my|the|a|an|there|nobody|no|"
               r"another|one|every|all)\b",
               r"\s+and\s+sells?\s+(?:them|it|the\s+beans?)\b",
               # (`ends phase 1 without planting`: what he has not done is the situation given;
               # the rules answer whether the move may be made so; round 65's table)
               r",?\s+without\s+(?:[a-z]+ing|doing|having)\b",
               # (`can he plant the fire after it?`: after the move said before; round 63)
               r",?\s+(?:after\s+(?:it|that|this|them)|afterwards|next)\s*$")

    def next_move(tokens: list[str]) -> int:
        """Where the words of a clause end: at the first join before another move or a player."""
        timed = tokens[0].lower().strip(",") in ("before", "after", "while", "until")
        for k in range(1, len(tokens)):
            low = tokens[k].lower()
            # (`before she answers he offers Keno ...`: a player or pronoun after the clause's own
            # subject and verb, then a move, begins the next move, comma or not; round 67's table)
            if timed and k >= 3 and (low in names or low in _PRONOUNS) and _names_a_move(engine, tokens[k + 1:]):
                return k
            # (a sentence ends a clause: `, although his riders could go too. Nina defends ...`;
            # round 89's war table had Nina's defence dropped with it)
            if tokens[k - 1].endswith((".", ";", "!", "?")):
                return k
            joined = low in ("and", "then") or tokens[k - 1].endswith(",")
            after = tokens[k + 1:] if low in ("and", "then") else tokens[k:]
            if after and after[0].lower() == "then":
                after = after[1:]
            # (`and says Stop, but ...`: the words as the move's, without the comma said after them)
            if joined and after and (re.sub(r"'s$", "", after[0].lower().rstrip(",")) in names
                                     or after[0].lower() in _PRONOUNS
                                     or _names_a_move(engine, [t.rstrip(",;") for t in after])):
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
            timed = [t.lower().strip(",") for t in tokens[:end]]
            # (`before planting his first bean`, `while the draft is going on`: the move asked is
            # made now, in the situation given, so the clause goes; the books say it so,
            # tribute/4, round 64's table. `after harvesting field 2` needs that move first.)
            if timed and timed[0] in ("after", "until") and len(timed) >= 3 and (
                    _names_a_move(engine, [re.sub(r"ing$", "", timed[1])]) or _names_a_move(engine, timed[2:3])
                    or _names_a_move(engine, [re.sub(r"ing$", "e", timed[1])])):
                # (`after harvesting field 2`: a move said as the time of another; dropped, it
                # changed the answer; round 60)
                raise ActionError(f"'{' '.join(tokens[:end]).strip(',')}': a move said as the time of another is not "
                                  "judged so; say the moves in their order (`..., then ...`)")
            before = text[:m.start()].rstrip()
            # (the comma before the next move stays, unless a join is there already: `... blue.
            # Since it pays, she ...`, `... blue and since it pays, she ...`; a join left with
            # no move after it goes)
            joined = re.search(r"(?:\band|\bthen|[.;,])$", before, flags=re.IGNORECASE)
            if not kept and joined:
                before = before[:joined.start()].rstrip()
            comma = "," if kept and tokens[end - 1].endswith(",") and not joined and before else ""
            # (the stop that ended the clause ends the sentence before it still)
            stop = tokens[end - 1][-1] if end and tokens[end - 1][-1:] in (".", ";", "!", "?") and before \
                and not joined else ""
            text = (before + (stop or comma) + " " + " ".join(kept)).strip()
    # (`plants the soy before the blue`, `first, ahead of the blue`: the order said of a card,
    # the card before it being the one played; round 64's table had the soy replaced by it)
    order = re.search(r",?\s+(?:before|ahead\s+of|in\s+front\s+of)\s+(?:(?:the|his|her|their|my)\s+)?(\S+?)"
                      r"(?:\s+beans?)?(?=\s*[?.!]?\s*$)", text, flags=re.IGNORECASE)
    if order is not None:
        word = order[1].lower()
        if any(w in engine.spec.varieties or w in _bean_names(engine) for w in (word, word.rstrip("s"))):
            text = text[:order.start()] + text[order.end():]
    # (`Before drawing, Nina attacks ...`, `Since it pays, Nina harvests ...`, `Then Timon draws`)
    text = re.sub(r"^(?:before|after)\s+[a-z]+ing\s*,\s*", "", text, flags=re.IGNORECASE)
    text = re.sub(r"^(?:since|because|although|even\s+though|even\s+if)\s+[^,]+,\s*", "", text, flags=re.IGNORECASE)
    text = re.sub(r"^(?:and\s+)?then\s+(?=\S+\s)", "", text, flags=re.IGNORECASE)
    # (`plays the blue, which is now his second card, on his blues`: what the card is, said
    # between commas; round 69's table)
    text = re.sub(r",\s+(?:which|that|who)\s+(?:is|was|are|were|has|had)\b[^,]*(?:,|$)", "", text, flags=re.IGNORECASE)
    text = _cards_described(engine, state, text)
    text = _times_said(engine, state, text)
    return _fillers_dropped(state, text)


def _cards_described(engine: Engine, state: State, text: str) -> str:
    """Words telling a card or a field by how it came or what it is, said in the notation's own
    words: `the traded red` (received), `his planted greens` (his green field); what is not done,
    `instead of the fire`, and where the end of a phase leads, `and goes on to the trading`, go."""
    # (`discards the red, his third card, then ...`: what the card is, said again; round 72's
    # hunter had it read as a second card)
    text = re.sub(r"(\b(?:the|his|her|their|my)\s+[\w-]+),\s+(?:his|her|their|my)\s+(?:first|second|third|fourth|fifth|"
                  r"last|front|foremost|next)\s+card\b,?", r"\1", text, flags=re.IGNORECASE)
    # (`plants his next card, the red, into field 2`: the card said again after what it is; round
    # 85's hunter had `next` read as a field)
    text = re.sub(r"\b(?:his|her|their|my|the)\s+(?:next|front|foremost|first)\s+card,\s+((?:the|his|her|their|my)\s+"
                  r"[\w-]+(?:\s+(?:bean|one))?)(?:,|(?=[.!?]?\s*$))", r"\1", text, flags=re.IGNORECASE)
    # (`plants the revealed blues`, `both revealed blues`: the revealed cards of a variety, where
    # a move of the game plants or moves a variety whole; round 88's table had the first of them
    # planted alone)
    if any(p.type == "variety" for a in engine.spec.actions.values() for p in a.params):
        text = re.sub(r"\b(the|both|all(?:\s+the)?|his|her|their|my)\s+(?:(two|three|four|both)\s+)?"
                      r"(?:revealed|turned[\s-]up|received|traded)\s+([a-z_]+s)\b(?!\s+field)",
                      lambda m: f"{m[1]} {m[2] + ' ' if m[2] else ''}{m[3]}" if _variety_said(engine, m[3][:-1])
                      else m[0], text, flags=re.IGNORECASE)
    # (`Does Timon have to harvest a field for the fire?`: the bean the harvest makes room for,
    # no field of fires; round 88's table)
    # (`harvests her soy field for the fire`, `field 1 for the fire`: the same; round 89's hunter)
    text = re.sub(r"(\bharvest(?:s|ed|ing)?\s+(?:(?:a|one|an|some|any|the|his|her|their|my)\s+)?"
                  r"(?:of\s+(?:his|her|their|my)\s+)?(?:[\w-]+\s+)?fields?(?:\s+\d+)?)\s+"
                  r"for\s+(?:the|his|her|their|my|a|an)\s+([\w-]+)(?:\s+beans?)?(?=\s*[?.!,;]|\s*$|\s+(?:and|then)\b)",
                  lambda m: m[1] if _variety_said(engine, m[2]) else m[0], text, flags=re.IGNORECASE)
    # (`offers Timon the blue he got earlier`: a card received in a trade; round 87's third table;
    # `the red he traded for`, told in the present by then: round 93's table)
    if "received" in engine.spec.zones:
        text = re.sub(r"\b(?:the|his|her|their)\s+([\w-]+)\s+(?:that\s+|which\s+)?(?:he|she|they)\s+(?:got|gets|"
                      r"received|receives|was\s+given|were\s+given|traded\s+for|trades\s+for)\b(?:\s+(?:earlier|before|just\s+now|just|from\s+\S+|"
                      r"in\s+the\s+trade))*", r"the received \1", text, flags=re.IGNORECASE)
    # (`plants his next card into field 1`: the foremost of his hand; round 87's third table had
    # `next` read as a field)
    # (not `for the next card`, a vine card a tribute is paid for)
    text = re.sub(r"\b(?:his|her|their|my)\s+(?:next|front|foremost)\s+card\b(?!,)", "hand 1", text,
                  flags=re.IGNORECASE)
    # (`stops planting and goes on to the trading`: where the end leads says nothing more;
    # round 69's table)
    text = re.sub(r"(\b(?:ends|end|stops|stop|finishes|finish|skips|skip)\s+[^,.;]*?)\s+and\s+(?:then\s+)?(?:goes|go|"
                  r"moves|move|proceeds|proceed|passes|pass)\s+on\s+to\s+(?:the\s+)?[a-z]+(?:\s+(?:phase|step))?\b",
                  r"\1", text, flags=re.IGNORECASE)
    # (`the traded red`: a card told by how it came, said by where the game keeps such cards,
    # when it has that zone; round 69's table had the word read as a phase, and dropping it, round
    # 70's hunter had `the traded red` in phase 1 planted from the hand)
    zones = engine.spec.zones

    def kept_in(m: re.Match) -> str:
        how = m[2].lower()
        zone = "received" if how in ("traded", "gifted") else "revealed" if how.startswith("turned") else None
        # (`offers Nina the traded soy`: the soy being traded, in the offer said; round 72's hunter.
        # Elsewhere a received card: `plants the traded red` in phase 1 is no hand card)
        # (but `give the traded soy back`: the card she got in the trade; round 95's table had her
        # hand soy offered, LEGAL, where the received one may not be traded on)
        if zone == "received" and re.search(r"\b(?:offers?|trades?|gives?|swaps?|exchanges?|proposes?)\b",
                                             text[:m.start()], flags=re.IGNORECASE) \
                and not re.match(r"\s*\S+(?:\s+beans?)?\s+back\b", text[m.end():], flags=re.IGNORECASE):
            zone = None
        return m[1] + (f"{zone} " if zone in zones else "")
    # (`the new field` is a field: the one bought, round 87's table)
    text = re.sub(r"\b((?:the|his|her|their|my|its)\s+)(traded|gifted|turned[- ]up|new)\s+(?!fields?\b)(?=\S)",
                  kept_in, text, flags=re.IGNORECASE)

    # (`offers that soy back`: the card pointed at is the card; round 92's table had `that` read
    # as the partner)
    text = re.sub(r"\b(?:that|this|those|these)\s+([\w-]+)(?=\s|[,.;!?]|$)",
                  lambda m: f"the {m[1]}" if _variety_said(engine, m[1]) or _variety_said(engine, m[1].rstrip("s"))
                  else m[0], text, flags=re.IGNORECASE)
    # (`soybeans`, `redbean`: the bean said with its variety in one word; round 82's table)
    text = re.sub(r"\b([a-z]+?)(beans?)\b", lambda m: f"{m[1]} {m[2]}" if _variety_said(engine, m[1]) else m[0], text,
                  flags=re.IGNORECASE)
    # (`both revealed cards`, `the two revealed beans`: each card of that row; round 82's table)
    # (`the revealed cards`, `the cards he just turned up`: every card of the row, however many;
    # round 85's player had `'up' is one too many`)
    if "revealed" in engine.spec.zones and not engine.spec.zones["revealed"].per_player:
        every = " and ".join(f"revealed {k}" for k in range(1, len(state.zones.get("revealed", [])) + 1))
        text = re.sub(r"\b(?:both|the\s+two)\s+(?:of\s+the\s+)?(?:revealed|turned[- ]up)\s+(?:bean\s+)?"
                      r"(?:cards|beans)\b", "revealed 1 and revealed 2", text, flags=re.IGNORECASE)
        # (`the revealed card`, one lying there: that one; round 85's hunter had a received card
        # judged instead)
        if len(state.zones.get("revealed", [])) == 1:
            text = re.sub(r"\bthe\s+(?:revealed|turned[- ]up)\s+(?:bean\s+)?(?:card|bean)\b", "revealed 1", text,
                          flags=re.IGNORECASE)
        if every:
            who = "|".join(["he", "she", "they", "i", "you", *map(re.escape, state.names())])
            text = re.sub(r"(?<!\bof\s)\b(?:all\s+)?the\s+(?:(?:revealed|turned[- ]up)\s+(?:bean\s+)?(?:cards|beans)|"
                          r"(?:bean\s+)?(?:cards|beans)\s+(?:that\s+|which\s+)?(?:" + who + r")\s+"
                          r"(?:has\s+|have\s+)?(?:just\s+)?(?:revealed|turned\s+up|turned\s+over))\b", every, text,
                          flags=re.IGNORECASE)
    # (`the third field card`: a card's name, not field 3; `one gold coin`: a coin; round 75's table)
    text = re.sub(r"\b(?:third|3rd)\s+(?:bean\s+)?field\s+(cards?)\b", r"third-field \1", text, flags=re.IGNORECASE)
    text = re.sub(r"\b(a|an|one|two|three|four|five|another|[0-9]+)\s+(?:gold|bean)\s+(coins?)\b", r"\1 \2", text,
                  flags=re.IGNORECASE)
    # (`plants the soy instead of the fire and the red`: what is not done is no move; round 70's
    # hunter had the red planted as a second move)
    # (`plays his second card instead of the first, into field 2`: the comma before where it goes
    # with it; round 85's player had `hand 2,into` read as a list)
    text = re.sub(r"\s+instead\s+of\s+(?:(?:the|his|her|their|my|a|an)\s+)?[\w'-]+(?:\s+beans?)?"
                  r"(?:\s*(?:,|and|or)\s+(?!(?:in|into|on|onto|to)\b)(?:(?:the|his|her|their|my|a|an)\s+)?[\w'-]+"
                  r"(?:\s+beans?)?)*(?:\s*,(?=\s+(?:in|into|on|onto|to)\b))?", "", text, flags=re.IGNORECASE)
    # (`plants his second card, the green, into field 2`: the card said again by its bean, between
    # commas, is the same card; round 85's player)
    # (`his last hand card, the fire for Keno's soy`, `Timon's third card, the fire,`: two words
    # before it, or the player named, and the closing comma gone before what it is offered for;
    # round 92's table had the fire read as a second card and the offer refused)
    if engine.spec.varieties:
        text = re.sub(r"(\b(?:his|her|their|my|the|[A-Za-z]+'s)\s+(?:\w+\s+){0,2}card),\s+(?:the|a)\s+(?:"
                      + "|".join(map(re.escape, engine.spec.varieties)) + r")(?:\s+beans?)?(?:\s*,|(?=\s+(?:for|to|"
                      r"into|onto|in|on)\b)|(?=\s*[?.!]?\s*$))", r"\1", text, flags=re.IGNORECASE)
    # (`plays his second card, into field 2`: a comma before where a card goes is no list's)
    text = re.sub(r",\s+(?=(?:into|onto|in|on)\s+(?:(?:his|her|their|my|the)\s+)?(?:\w+\s+)?fields?\b)", " ", text,
                  flags=re.IGNORECASE)
    # (`his planted greens`: the field they grow in, whose cards no move but a harvest takes)
    def planted(m: re.Match) -> str:
        variety = _variety_said(engine, m[2])
        return f"{m[1]} {variety} field" if variety is not None else m[0]
    text = re.sub(r"\b(his|her|their|my)\s+planted\s+(\S+?)(?:\s+beans?)?(?=[\s,.;?!]|$)", planted, text,
                  flags=re.IGNORECASE)
    return text


def _times_said(engine: Engine, state: State, text: str) -> str:
    """A time said of a move: whose turn (the active player's goes; another's is another
    situation, told), the phase under way by its number or name (goes, but after a verb that
    ends a phase, `stops in phase 1`, whose phase it names; another stays, to be told)."""
    # (`During Timon's trading, Nina harvests ...`: the time said first is read where it is said
    # after the move, at the end of its first clause; round 85's second table had `During` taken
    # for a player)
    names = "|".join(map(re.escape, state.names()))
    opening = re.match(r"^((?:on|in|during)\s+(?:\S+'s|his|her|their|my|the)\s+[^,]+?),?\s+(?=(?:" + names
                       + r"|he|she|they)\b)", text, flags=re.IGNORECASE) if names else None
    if opening is not None:
        rest = text[opening.end():]
        # (`In Keno's phase 1, he plants ...`: he is the one whose time it is; round 85's hunter)
        owner = re.match(r"\S+\s+(" + names + r")'s\s", opening[1], flags=re.IGNORECASE)
        pronoun = re.match(r"(?:he|she|they)\b", rest, flags=re.IGNORECASE)
        if pronoun is not None:
            if owner is None:
                return text  # (whom it means, the words do not say: told as it stands)
            rest = next(n for n in state.names() if n.lower() == owner[1].lower()) + rest[pronoun.end():]
        cut = re.search(r"[.!?;]|,\s|\s+(?:and|then)\s+", rest)
        at = cut.start() if cut else len(rest)
        text = f"{rest[:at]} {opening[1]}{rest[at:]}"

    def ending(m: re.Match) -> bool:
        # (the verb just before the time: `and stops in phase 1`)
        return re.search(r"\b(?:" + "|".join(_ENDING) + r")\s*$", text[:m.start()], flags=re.IGNORECASE) is not None
    # (`on Timon's turn`, `during her turn`: whose turn it is, the situation says; another's
    # than the active player's is another situation, told: round 59's regression hunt)
    def whose_turn(m: re.Match) -> str:
        named = re.sub(r"'s$", "", m[1])
        # (`in Timon's phase 1`, `during Timon's draw`: that time of his turn, kept to be read as
        # any time said is; round 69's table had the name read as his cards)
        # (`the` before a phase by its name, `during Timon's trading`, as the phase under way is
        # read below; round 89's table had `during trading` read as words of the card)
        when = "" if not m[2] or re.fullmatch(r"turn", m[2], flags=re.IGNORECASE) else \
            f" during {m[2]}" if re.match(r"(?:phase|step)\s", m[2], flags=re.IGNORECASE) else f" during the {m[2]}"
        if named.lower() in ("his", "her", "their", "my"):
            if when or not text.split() or text.split()[0] not in state.names():
                # (`during his trading`: a phase of a turn is the one under way, whoever `his` is;
                # round 72's hunter had it read as the mover's turn)
                return when
            named = text.split()[0]  # (the one who moves: `Can Timon ... on his turn?`)
        if named.lower() == "the active player" or named == state.active:
            return when
        if named not in state.names():
            raise ActionError(f"'{m[0].strip()}': {named!r} is not at the table; players: {', '.join(state.names())}")
        raise ActionError(f"'{m[0].strip()}': it is {state.active}'s turn in this situation; judge answers where "
                          f"the game stands (give a situation of {named}'s turn)")
    text = re.sub(r",?\s+(?:on|in|during)\s+(\S+'s|his|her|their|my|the\s+active\s+player's)\s+(?:own\s+)?"
                  r"(turn|(?:phase|step)\s+(?:\d|one|two|three|four|zero)|draw|drawing|trading|trade|planting|"
                  r"attack(?:\s+step)?|intermediate\s+phase)\b",
                  whose_turn, text, flags=re.IGNORECASE)
    # (`says Stop for her blue card in phase 1`, `during Timon's phase 1`: the phase under way
    # said of it says nothing more; another phase stays, to be told; round 70's table)
    def this_phase(m: re.Match) -> str:
        try:
            return "" if not ending(m) and _phase_numbered(engine, state, m[1], m[2]) == state.phase else m[0]
        except ActionError:
            return m[0]
    text = re.sub(r",?\s+(?:in|during)\s+(?:the\s+)?(phase|step)\s+(\d)\b", this_phase, text, flags=re.IGNORECASE)
    # (`during the attack step`, `in the trading`: the phase under way by its name)
    text = re.sub(r",?\s+(?:in|during)\s+the\s+([a-z]+)(?:\s+(?:step|phase))?\b",
                  lambda m: "" if not ending(m) and state.phase in _phases_named(engine, m[1]) else m[0], text,
                  flags=re.IGNORECASE)
    return text


# The places of a kind of space said by their order on the map (`the second camp`).
_ORDINALS_OF_SPACES = ("first", "second", "third", "fourth", "fifth", "sixth")


def _fillers_dropped(state: State, text: str) -> str:
    """Words that say nothing of the move (`now`, `too`, `already`, `instead`, `please`), and
    the amount a harvest brings or a move costs said with it (`harvests her soys for two coins`,
    `attacks 03 paying one coin`: what it pays, the answer shows; round 71's table)."""
    # (`attacks 03 paying one coin`: the price said, as the answer shows it; round 84's hunter)
    text = re.sub(r",?\s+(?:for|paying)\s+(?:a|an|one|two|three|four|five|six|seven|eight|[0-9]+)\s+"
                  r"(?:gold\s+|bean\s+)?coins?\b"
                  r"(?=\s*(?:[,.;?!]|$|\s+(?:and|then|but)\b))", "", text, flags=re.IGNORECASE)
    # (`plants the fire too`, `also`, `as well`, `please`, `face down`: every combat card is laid
    # face down, Bohnaparte's attack/11; round 59's table; `already`, `yet`, `instead`, `just`,
    # `anyway`: the move is judged where the game stands, whatever else was in mind; round 67's)
    # (not a word that names a player or a space here: a table may have a player called Instead;
    # round 70's hunter)
    named = {n.lower() for n in state.names()} | ({b.lower() for b in state.board.ids} if state.board else set())

    def filler(m: re.Match) -> str:
        return m[0] if m[0].strip(" ,").lower() in named else ""
    # (`takes the top card for the second round`: the round the move is; round 76's hunter had
    # `second` read as the pile's second card)
    text = re.sub(r"\s+(?:for|in)\s+the\s+second\s+round\b", "", text, flags=re.IGNORECASE)
    # (`build another fortress`, `buy another third field`, `one more bean field`: a purchase
    # made again, refused or not by its rules; round 88's tables had `another` read as a place)
    text = re.sub(r"\b(builds?|buys?|build|buy)\s+(?:another|one\s+more)\s+(?=\w)", r"\1 a ", text,
                  flags=re.IGNORECASE)
    # (`plants the blue into field 2 as his second bean`: which planting it is, the game says;
    # round 88's table)
    # (`as his first bean` is `first`, the order said, as the reading of `first` has it: `plants
    # his soy as his first bean and his blue as his second bean into field 2`; round 89's hunter)
    text = re.sub(r",?\s+as\s+(?:his|her|their|my|the|a)\s+(first|second|third|next|last|other)\s+"
                  r"(?:bean|card|planting)\b", lambda m: " first" if m[1].lower() == "first" else "", text,
                  flags=re.IGNORECASE)
    # (`Can Timon plant a third card?`, `a third bean`, `another card`: one more planting, the
    # card the rules say; round 89's table had field 3 judged. Not `his second card`, a card
    # of his hand by its place, nor `a second card`, read with the first before it where none is)
    # (`a third`: the plantings before it too, where they are not made yet: _several_moves)
    text = re.sub(r"\b(plants?|planting|plays?)\s+(?:a\s+|an\s+)?(?:fourth|further|another|"
                  r"one\s+more)\s+(?:card|bean)(?:\s+card)?\b(?!,)", r"\1", text, flags=re.IGNORECASE)
    # (`Can she buy one anyway?`: one of what the words before named, not the number 1; round 89's
    # table)
    text = re.sub(r"\b(buys?|builds?)\s+one\b(?=\s*(?:[.,;!?]|$)|\s+(?:anyway|too|now|as\s+well|also|instead|"
                  r"after\s+all)\b)", r"\1", text, flags=re.IGNORECASE)
    # (`Keno pays one.`, `pays two too`: coins, said by their number alone; round 89's table)
    text = re.sub(r"\b(pa(?:ys|y|id))\s+(one|two|three|four|five)(?=\s*(?:[.,;!?]|$)|\s+(?:too|as\s+well|also|"
                  r"each|more)\b)", lambda m: f"{m[1]} {m[2]} coin{'' if m[2].lower() == 'one' else 's'}", text,
                  flags=re.IGNORECASE)
    # (`plants only a red`, `just a red`: one of them, as `a single red` says; round 88's hunter)
    text = re.sub(r"\b(?:only|just)\s+(?:a|an)\s+(?=\w)", "a single ", text, flags=re.IGNORECASE)
    return re.sub(r",?\s+(?:right\s+now|now|still|already|yet|instead|anyway|anyhow|after\s+all|just|again|"
                  # (`plants only one of the reds`, `changes his mind and pays tribute`: round 88's table;
                  # `only a` is `a single` above)
                  r"only(?=\s+one\s)|(?:changes|changed|has\s+changed)\s+(?:his|her|their|my)\s+mind"
                  r"(?:\s+and)?|"
                  # (`meanwhile`, `too early`: round 71's table; `no thanks` is read with the joins)
                  r"meanwhile|in\s+the\s+meantime|(?:a\s+bit\s+|too\s+)?early|"
                  r"at\s+this\s+point|at\s+this\s+moment|right\s+away|straight\s+away|"
                  r"immediately|at\s+once|too|also|as\s+well|please|face\s+down|in\s+front\s+of\s+(?:him|her|them|"
                  r"himself|herself|themselves)|in\s+(?:one|a|the\s+same|a\s+single)\s+"
                  r"turn|this\s+turn)\b", filler, text,
                  flags=re.IGNORECASE)


def _question_asked(engine: Engine, state: State, text: str) -> str:
    """The move a question or a sentence of the table asks about, with its player first: `Can
    Nina harvest field 2`, `Is Nina allowed to ...`, `What happens if Nina attacks ...`, `Is it
    allowed for Nina to ...` (round 49); `Nina's riders attack 17` (the troops as the subject: their
    owner's move with them); `... and keeps the blue` (what a player keeps is no part of it)."""
    text = re.sub(r"^\s*(?:what\s+happens\s+(?:if|when)|what\s+if|suppose|who\s+wins\s+(?:if|when))\s+", "", text,
                  flags=re.IGNORECASE)
    # (`How much does a munitions depot cost?`, no player said: its purchase by the player whose
    # turn it is, whose verdict quotes the price and shows the coins it takes, or refuses it
    # for want of them; round 87's table had it refused as no question of a move)
    if state.active in state.names():
        def priced(m: re.Match) -> str:
            # (`How much does an attack cost?`: the move itself, whose price it pays; round 87's
            # hunter had it read as the purchase of a cart)
            thing = m[1].split()[1:]
            if len(thing) == 1 and _names_a_move(engine, thing) and _action_named(engine, thing)[0] != "buy":
                return f"{state.active} {_present(engine, thing[0])}"
            return f"{state.active} buys {m[1]}"
        text = re.sub(r"^\s*(?:how\s+much|what)\s+(?:does|do|would|will)\s+((?:a|an|the|one)\s+.+?)\s+cost\s*$",
                      priced, text, flags=re.IGNORECASE)
        text = re.sub(r"^\s*how\s+much\s+(?:does|do|would|will)\s+it\s+cost\s+to\s+(?=\S+\s+\S)",
                      lambda m: f"{state.active} ", text, flags=re.IGNORECASE)
    # (`What does it cost Nina to build a fortress?`: her move, whose verdict quotes the price)
    names = names_alternation(state)
    text = re.sub(r"^\s*(?:what|how\s+much)\s+(?:does|do|would|will)\s+it\s+cost\s+(" + names + r")\s+to\s+(?=\S)",
                  r"\1 ", text, flags=re.IGNORECASE)
    # `Nina wants to trade ...`, `tries to`, `would like to`, `decides to`: the move she means
    # to make, judged (round 61's table)
    # (`Nina and Keno want to swap ...`, each said as `Nina want to swap`: round 96's table)
    text = re.sub(r"^(\S+)\s+(?:wants?|wish(?:es)?|tr(?:ies|y)|tried|decides?|decided|chooses?|means?|intends?|"
                  r"would\s+like|'d\s+like)"
                  r"\s+to\s+(?=\S)", r"\1 ", text, flags=re.IGNORECASE)
    # `Nina keeps the soy and plants the broad bean`: what she keeps is no move
    text = re.sub(r"^(\S+)\s+keeps?\s+.+?\s+and\s+(?:then\s+)?(?=\S)", r"\1 ", text, flags=re.IGNORECASE)
    # (`Nina has no coins, so she harvests ...`, `Nina already has three fields so she pays
    # tribute`: the situation said, then the move; round 87's second table)
    # (`..., so in the pause he harvests`: the time said before the pronoun is the situation's;
    # round 92's table had `unknown action 'he'`)
    text = re.sub(r"^(" + names + r")\s+(?:already\s+|still\s+)?(?:has|had|holds|owns|is|was|lacks|needs)\b[^.;?!]*?,?"
                  r"\s+so\s+(?:(?:in|during)\s+(?:the|his|her|their)\s+[\w-]+(?:\s+phase)?\s*,?\s+(?=he\b|she\b|they\b|\1\b))?"
                  r"(?:(?:he|she|they)\s+|\1\s+)?(?=\S)", r"\1 ", text, flags=re.IGNORECASE)
    # (`Timon and Nina both pay tribute`: the move of each, one after the other)
    # (up to the end of its sentence: `Nina and Keno both pay tribute. Then Eiko says Stop` had
    # Eiko's claim read into each move; round 89's table)
    # (and up to another player's move joined on: `... both pay tribute and Keno says Stop`, `,
    # Keno says Stop`; round 89's hunter)
    # (`Timon, Nina and Keno each pay a coin as tribute`, `... all pay tribute`: three or more,
    # with `each` or `all`; round 92's table had `unknown action 'each'`)
    def each_of(m: re.Match) -> str:
        who = [w for w in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", m[2]) if w]
        if len(set(w.lower() for w in who)) != len(who) or (len(who) > 2 and m[3].lower() == "both"):
            return m[0]
        return f"{m[1] or ''}" + ", then ".join(
            " and ".join(f"{w} {v}" for w in who)
            for v in re.split(r"\s+and\s+(?:then\s+)?(?:both|each|all)\s+", m[4], flags=re.IGNORECASE)) + m[5]
    text = re.sub(r"^((?:can|may|could|must|should|will|would)\s+)?((?:" + names + r")(?:\s*,\s*(?:" + names
                  + r"))*\s*,?\s+and\s+(?:" + names + r"))\s+(both|each|all)\s+"
                  r"(.+?)(?=\s*(?:[,;.!?]|$)|\s+(?:(?:and|then)\s+)+(?:" + names + r"|he|she|they)\b)(.*)$",
                  # (`both pay tribute and then both pass`: each move of both, in turn; round 89's hunter)
                  each_of, text, flags=re.IGNORECASE | re.DOTALL)
    # (`How many cards does Nina draw?`: the move, whose answer shows them; `How many beans does
    # Nina have to plant?`: whether she must; round 87's second table)
    text = re.sub(r"^\s*how\s+many\s+\S+(?:\s+\S+)?\s+(?:does|do|will|would|may|can)\s+(" + names +
                  r"|he|she|they)\s+(?:have\s+to\s+|need\s+to\s+|get\s+to\s+)?(?=(\S+))",
                  lambda m: f"{m[1]} " if _names_a_move(engine, [m[2]]) and m[2].lower() not in ("have", "get", "hold")
                  else m[0], text, flags=re.IGNORECASE)
    # (`Nina claims her card, one bean on every field`: a move that names nothing, its card
    # described after a comma; round 87's tables had the words read as values)
    said = re.match(r"^(\S+\s+(\S+)(?:\s+(?:his|her|their|my|the)\s+(?:vine\s+)?(?:card|task))?)\s*,\s+(.+)$", text)
    if said is not None:
        kind = _action_named(engine, [said[2]])[0]
        rest = said[3].split()
        if kind in engine.spec.actions and not engine.spec.actions[kind].params and not _names_a_move(engine, rest) \
                and rest[0].lower().strip(",") not in {*(n.lower() for n in state.names()), "and", "then", *_PRONOUNS}:
            text = said[1]
    # `Nina and Keno swap their greens`: the first's green offered to the second for his
    # (judged as a trade between them; it was Nina's gift to the active player: round 65)
    text = re.sub(r"^((?:can|may|could|must|should|will|would)\s+)?(" + names + r")\s+and\s+(" + names +
                  r")\s+(?:swap|trade|exchange)s?\s+(?:their|the)\s+(\S+?)(?:s|\s+beans?)?\s+(?:and|for)\s+(?:the\s+)?"
                  r"(\S+?)(?:s|\s+beans?)?\s*([?.!]*)$",
                  lambda m: f"{m[1] or ''}{m[2]} trades the {m[4]} to {m[3]} for {m[3]}'s {m[5]}{m[6]}"
                  if m[2] != m[3] else m[0], text, flags=re.IGNORECASE)
    text = re.sub(r"^((?:can|may|could|must|should|will|would)\s+)?(" + names + r")\s+and\s+(" + names +
                  r")\s+(?:swap|trade|exchange)s?\s+(?:their|the)\s+(\S+?)(?:s|\s+beans?)?"
                  r"(\s+(?:cards?|with\s+each\s+other))?\s*([?.!]*)$",
                  lambda m: f"{m[1] or ''}{m[2]} trades the {m[4]} to {m[3]} for {m[3]}'s {m[4]}{m[6]}"
                  if m[2] != m[3] else m[0], text, flags=re.IGNORECASE)
    # (`Keno chooses 09 as his camp`: the camp chosen, said after; round 88's hunter)
    text = re.sub(r"^(\S+)\s+(chooses?|picks?|takes?|selects?)\s+(?:the\s+)?(?:\w+\s+)??(\w+)\s+as\s+"
                  r"(?:his|her|their|my)\s+(?:starting\s+)?(camp)\b", r"\1 \2 \4 \3", text, flags=re.IGNORECASE)
    # `Timon asks Nina for her red (as a gift)`: his offer, giving nothing, for her card
    # (`asks Nina to give him her red as a gift`: the same; round 88's table)
    # (`Can Keno ask Timon for the soy as a gift?`, said as `Keno ask ...`: round 96's table)
    text = re.sub(r"^(?:(?:can|may|could|might)\s+)?(\S+)\s+asks?\s+(\S+)\s+to\s+(?:give|hand|pass)\s+(\S+)\s+",
                  # (him: the one asking, whom a guess may have named another already)
                  lambda m: f"{m[1]} asks {m[2]} for " if m[3].lower() in ("him", "her", "them", "me")
                  or m[3] in state.names() else m[0], text, flags=re.IGNORECASE)
    text = re.sub(r"^(?:(?:can|may|could|might)\s+)?(\S+)\s+asks?\s+(\S+)\s+for\s+(?:(?:his|her|their)\s+)?(.+?)"
                  r"(?:\s+as\s+an?\s+(?:gift|present)"
                  r"|\s+for\s+free)?$", r"\1 offers \2 nothing for \2's \3", text, flags=re.IGNORECASE)
    text = re.sub(r"^\s*(?:is|would)\s+it\s+(?:be\s+)?(?:allowed|legal|ok|okay|possible)\s+for\s+(\S+)\s+to\s+",
                  r"\1 ", text, flags=re.IGNORECASE)
    # `How many coins does Keno get if he harvests field 1`, `What does Keno get for harvesting
    # field 1`: the move, whose answer shows what it pays.
    text = re.sub(r"^\s*(?:how\s+many\s+coins|how\s+much|what)\s+(?:does|would|will|do)\s+(\S+)\s+"
                  r"(?:get|earn|receive|make|gain)\s+(?:if|when)\s+(?:he|she|they|\1)\s+(\S+)",
                  lambda m: f"{m[1]} {_present(engine, m[2])}", text, flags=re.IGNORECASE)
    # `How many coins does Timon get for his soy field`: its harvest (round 58); `for his five
    # broad beans` too, the field of them (round 64)
    # (not `from his gemstone field`, a landscape of the map: round 64's table)
    def harvested(m: re.Match) -> str:
        said = m[2].split()
        word = said[-2].lower() if len(said) > 1 else ""
        bean = word.rstrip("s") in engine.spec.varieties or word in _bean_names(engine) or word.isdigit() or \
            word in ("first", "second", "third", "other", "last", "only", "empty", "biggest", "largest")
        # (`for his seven greens`, `for her soybeans`: the beans said by their variety alone;
        # round 88's table)
        last = said[-1].lower()
        if len(said) >= 2 and said[-2].lower() in ("field", "fields") and last.isdigit():
            return f"{m[1]} harvests field {last}"
        beans = last.startswith("bean") or _variety_said(engine, last) is not None or \
            any(last.endswith(b) and _variety_said(engine, last[:-len(b)]) is not None for b in ("beans", "bean"))
        return f"{m[1]} harvests {m[2]}" if bean or beans else m[0]
    text = re.sub(r"^\s*(?:how\s+many\s+coins|how\s+much|what)\s+(?:does|would|will|do)\s+(\S+)\s+"
                  r"(?:get|earn|receive|make|gain)\s+(?:for|from)\s+((?:(?:his|her|their|the)\s+)?\S+\s+fields?|"
                  r"(?:his|her|their|the)\s+(?:\S+\s+)?\S+?\s+beans?|(?:his|her|their|the)\s+(?:\S+\s+)?[a-z]+s|"
                  # (`for 5 reds`, `for five red beans`: a count of them, no field said; round 89's table)
                  r"(?:[0-9]+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+[a-z]+(?:\s+beans?)?|"
                  # (`for field 1`, `for his blue`: the field by its number, or by the one variety
                  # said; round 89's second hunter)
                  r"(?:his|her|their|the)?\s*fields?\s+\d+|(?:his|her|their)\s+[a-z_-]+)\s*\??$",
                  harvested, text, flags=re.IGNORECASE)
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
    players = names_alternation(state)
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
    if riding and state.board is not None:
        # (`Timon's steppe riders`: the riders from his steppe; round 88's war table had the steppe
        # read as the space and the riders left over)
        kinds = sorted({cards[0] for cards in state.space_cards.values() if cards})
        if kinds:
            text = re.sub(r"\b([A-Za-z][\w-]*'s|his|her|their|my)\s+(" + "|".join(map(re.escape, kinds)) + r")\s+("
                          + "|".join(_TROOPS) + r")\b", r"\1 \3 from the \2", text, flags=re.IGNORECASE)
    if len(riding) == 1 and state.names():
        # (`Timon's riders from 01 charge 05`, `Timon's riders (from 01) charge 05`: where they
        # stand, said with them; round 69's table)
        troop = next(p.name for p in engine.spec.actions[riding[0]].params if p.name in _TROOPS)
        def stand(m: re.Match) -> str:
            place = _troops_stand(state, m[1], m[2])
            return m[0] if place is None else f"{m[1]} {riding[0]} {troop} {place}{m[3]}"
        text = re.sub(r"^\s*(" + "|".join(map(re.escape, state.names())) + r")'s\s+(?:" + "|".join(_TROOPS)
                      + r")\s+\(?(?:from|of|at|on|in)\s+((?:(?:the|his|her|their|my)\s+)?\w+)\)?\s+"
                      r"(?:attack|ride|charge|gallop)s?\b(.*)$",
                      # (the troops said right after the move: the rest may hold another move,
                      # `... and Eiko defends from the stack`; round 75's table had them in it)
                      stand, text, flags=re.IGNORECASE)
        text = re.sub(r"^\s*(" + "|".join(map(re.escape, state.names())) + r")'s\s+(?:" + "|".join(_TROOPS)
                      + r")\s+(?:attack|ride|charge|gallop)s?\b", lambda m: f"{m[1]} {riding[0]}", text,
                      flags=re.IGNORECASE)
    # (`ends phase 3 and leaves the green`: what is left where it lies is no move, up to the next
    # move said, `, then ends the phase`, `. Nina harvests`; round 88's table and its hunter)
    text = re.sub(r"\s+and\s+(?:he\s+|she\s+|they\s+)?leaves?\s+(?:the|his|her|their|my)\s+[^,.;!?]*?"
                  r"(?=\s*(?:[,.;!?]|$)|\s+(?:and|then)\b)", "", text, flags=re.IGNORECASE)
    # (`... and keeps her red, but then she offers ...`: what is kept, up to the next move said, as
    # what is left; round 89's table had every move after it dropped, exit 0)
    # (said as passed over, not dropped without a word: `and keeps one red for later` beside a
    # planting of every red; round 97's second table was told LEGAL with no word of it)
    def kept(m: re.Match) -> str:
        narrate(m[0].strip())
        return ""
    text = re.sub(r"\s+and\s+(?:he\s+|she\s+|they\s+)?keeps?\s+[^,.;!?]*?"
                  r"(?=\s*(?:[,.;!?]|$)|\s+(?:and|then|but)\b)", kept, text, flags=re.IGNORECASE)
    return re.sub(r"\s+and\s+(?:he\s+|she\s+|they\s+)?keeps?\s*$", "", text, flags=re.IGNORECASE)


def _troops_stand(state: State, who: str, said: str) -> str | None:
    """Where a player's mounted troops stand, as said after them: a space's id, or the kind of
    card they stand on (`from the steppe`, `from his steppe`: the one of that kind he holds;
    round 86's hunter had `Uwe's riders from the steppe` refused); None when the words do not
    say one space."""
    if state.board is None:
        return None
    place = said.split()[-1]
    if place in state.board:
        return place
    held = _spaces_of_kind(state, place, who)
    return held[0] if len(held) == 1 else None


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
        # `the second card from his sutler`, `of the draft`: that row's, not the hand's (round 60)
        # (not the hand's: `then the second card in his hand` is phase 1's second planting, read below)
        rows = [z for z in places if z != "hand"]
        # (`card 3 from his cart`: the place by its number; round 84's hunter)
        text = re.sub(r"\bcard\s+([0-9]+)\s+(?:of|from|in|on)\s+(?:(" + _whose_words(state) + r")\s+)?("
                      + "|".join(map(re.escape, rows)) + r")\b",
                      lambda m: (f"{m[2]} " if m[2] and m[2].endswith("'s") else "") + f"{m[3].lower()} {m[1]}",
                      text, flags=re.IGNORECASE)
        text = re.sub(r"\b(" + "|".join(_ORDINALS) + r")\s+cards?\s+(?:of|from|in|on)\s+(?:(" + _whose_words(state)
                      + r")\s+)?(" + "|".join(map(re.escape, rows)) + r")(?:\s+(?:cards|row))?\b",
                      lambda m: (f"{m[2]} " if m[2] and m[2].endswith("'s") else "")
                      + f"{m[3].lower()} {_ORDINALS[m[1].lower()]}", text, flags=re.IGNORECASE)
        # `Keno picks the second card into field 2` by the chooser of a choice made among the
        # cards of a row named like it (the draft): that row's second, not his hand's (round
        # 84's hunter; NOTATION.md's own example)
        choice, chooser = state.vars.get("choice"), state.vars.get("chooser")
        if isinstance(choice, str) and choice in places and chooser == _mover(state, text) and (
                state.zones.get(choice) or chooser in state.names()
                and state.player(chooser).zones.get(choice)):
            text = re.sub(r"\b(" + "|".join(_ORDINALS) + r"|[0-9]+(?:st|nd|rd|th))\s+card\b"
                          r"(?!\s+(?:in|of|from)\s+\S+\s+hand)",
                          lambda m: f"{choice} {_ORDINALS.get(m[1].lower()) or m[1][:-2]}", text, flags=re.IGNORECASE)
    if "hand" in engine.spec.zones:
        text = re.sub(r"\b(?:front|foremost|first)\s+(?:hand\s+)?card\b", "hand 1", text, flags=re.IGNORECASE)
        # (`plants a second card`: phase 1's second planting, of the card then foremost, unless a
        # move of the game plays the second card itself: the two-player game's, round 56)
        if not any("second hand card" in (a.title or "").lower() for a in engine.spec.actions.values()):
            text = re.sub(r"\ba\s+second\s+card\b", "hand 1", text, flags=re.IGNORECASE)
            # (`plant the second card`, after a verb of planting, once the phase may end, the first
            # planting made: that second planting too; before it, the hand's second card; round 58
            # and 59)
            if _first_planting_made(engine, state, text):
                text = re.sub(r"\b((?:plant|play)\w*\s+)(?:the|his|her|their|my)\s+second\s+card"
                              r"(?:\s+(?:in|of|from)\s+(?:the|his|her|their|my)\s+hand)?\b", r"\1hand 1", text,
                              flags=re.IGNORECASE)
        text = re.sub(r"\bsecond\s+(?:hand\s+)?card\b", "hand 2", text, flags=re.IGNORECASE)
        # (`his third card`, `the 4th card in his hand`: that place of the hand, as `second` is;
        # it was read as field 3, and the front card's planting there judged LEGAL: round 65)
        # (not `a third card`, a count of plantings: phase-1/3; round 66's hunter)
        # (after the first planting, `his third card` asks for a third planting: phase-1/3, as
        # before; round 68's hunter)
        # (only where the words plant: `offers Keno his third card` in phase 2, which the active
        # player may end, is that hand card; round 89's table)
        planting = re.search(r"\b(?:plant|play)", text, flags=re.IGNORECASE) is not None
        nth = r"(third|fourth|fifth|sixth|seventh|[3-9](?:rd|th))" \
            if not (planting and _first_planting_made(engine, state, text)) else r"(?!)(x)"
        in_hand = r"\s+(?:in|of|from)\s+(?:the|his|her|their|my)\s+hand"
        text = re.sub(r"\b(?:(?:his|her|their|my)\s+" + nth + r"\s+(?:hand\s+)?card(?:" + in_hand + r")?|(?:the\s+)?"
                      + nth + r"\s+(?:hand\s+)?card" + in_hand + r")\b",
                      lambda m: f"hand {_ORDINALS.get((m[1] or m[2]).lower(), (m[1] or m[2])[:-2])}", text,
                      flags=re.IGNORECASE)
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
    rows = [z for z in ("received", "revealed") if z in engine.spec.zones]
    if rows and engine.spec.varieties:
        # (`the green he received`, `the blue she revealed`: the card of that row; round 58)
        said = {"received": "received|got|was\\s+given|has\\s+received", "revealed": "revealed|turned\\s+up|drew"}
        who = "|".join(["he", "she", "they", "i", *map(re.escape, state.names())])
        for row in rows:
            text = re.sub(r"\b(?:the\s+)?(" + "|".join(map(re.escape, engine.spec.varieties)) + r")(?:\s+beans?)?\s+"
                          r"(?:that\s+|which\s+)?(?:" + who + r")\s+(?:" + said[row] + r")\b", rf"{row} \1", text,
                          flags=re.IGNORECASE)
    shared = [z for z, d in engine.spec.zones.items() if not d.per_player and d.kind == "row"]
    if shared:
        # `the red bean from the middle`: a card of a row on the table is looked for where the
        # move takes it from; the row said says nothing more
        text = re.sub(r"\s+from\s+the\s+(?:" + "|".join(map(re.escape, shared)) + r")\b(?!\s+[0-9])", "", text,
                      flags=re.IGNORECASE)
    return text


# Troops said after `with`: `his riders`, `the cavalry of p1`, `his riders from 13`, `her riders
# from the steppe` (the troops' word, then where they stand).
_TROOP_SAID = re.compile(r"(?:(?:his|her|their|my|the)\s+)?(\S+)(?:\s+(?:(?:from|of|at|in|on)\s+)?"
                         r"((?:(?:the|his|her|their|my)\s+)?\S+))?", flags=re.IGNORECASE)


def _troops_sent(engine: Engine, state: State, text: str, said: list[str]) -> str:
    """`Nina attacks 17 with her riders` (round 53's table): mounted troops are sent by a move of
    their own (`charge`, naming where they stand), read as that move from the one place the
    player's troops may ride from now, with a note; else as said (_card tells what to write)."""
    # (`Nina sends her riders against 09`: the attack with them)
    # (and `Can Timon use his riders against the town 17?`: round 86's table)
    text = re.sub(r"^(\S+)\s+(?:sends?|dispatch(?:es)?|orders?|uses?|employs?)\s+((?:(?:his|her|their|my|the)\s+)?(?:"
                  + "|".join(_TROOPS) + r")(?:\s+(?:from\s+|of\s+)?(?:(?:the|his|her|their|my)\s+)?\w+)??)\s+"
                  # (`sends his riders again against 14`: round 89's war table)
                  r"(?:again\s+)?(?:against|at|to\s+attack|to)\s+(.+)$",
                  r"\1 attacks \3 with \2", text, flags=re.IGNORECASE)
    # (`Can Uwe use the cavalry again this turn?`: a charge, its target left out; round 96's table
    # was told `use` is no action)
    text = re.sub(r"^(\S+)\s+(?:uses?|deploys?|employs?)\s+((?:(?:his|her|their|my|the)\s+)?(?:"
                  + "|".join(_TROOPS) + r"))(?:\s+again)?(?:\s+(?:this|that)\s+turn)?(?:\s+now)?\s*([?.!]*)$",
                  r"\1 attacks with \2\3", text, flags=re.IGNORECASE)
    words = text.split()
    # (`with his cavalry from p2`, `the cavalry of p1` as _places_named leaves it: where they stand)
    troop = _TROOP_SAID.fullmatch(" ".join(words[words.index("with") + 1:])) if "with" in words[2:] else None
    who = _mover(state, text)
    if troop is None or who is None:
        return text
    if troop[2] is not None and " " in troop[2]:
        # (`with his riders from the steppe`: where his stand; round 86's hunter)
        place = _troops_stand(state, who, troop[2]) if troop[1].lower() in _TROOPS else None
        if place is None:
            return text
        words = [*words[:words.index("with") + 1], *troop[0].split()[:-len(troop[2].split())], place]
        text = " ".join(words)
        troop = _TROOP_SAID.fullmatch(" ".join(words[words.index("with") + 1:]))
        if troop is None:
            return text
    name = troop[1].lower()
    sends = [(a, k) for said_as in (name, _TROOPS.get(name)) for a in engine.spec.actions.values()
             for k, p in enumerate(a.params) if p.name == said_as and p.type == "space"][:2]
    kind = _action_named(engine, words[1:])[0]
    if len(sends) != 1 or kind == sends[0][0].name or kind not in engine.spec.actions \
            or any(p.name in (name, _TROOPS.get(name)) for p in engine.spec.actions[kind].params):
        return text
    action, k = sends[0]
    own = engine.spec.actions[kind]
    if troop[2] is not None and state.board is not None and troop[2] in state.board \
            and not any(p.type == "space" for p in own.params) and any(p.type == "card" for p in own.params):
        # `Eiko defends with the riders of 13`: a move that fights with a card and names no place
        # to ride against; the troops as its card, for its own rules to judge (round 58: read as a
        # charge, and refused as the attacker's move)
        at = words.index("with")
        return " ".join([*words[:at + 1], f"{action.params[k].name}{_KEPT}{troop[2]}"])
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
    if len(target) == 2 and target[0].lower() == "the" and state.board is not None:
        # (`attack the farm with his cavalry`: the one space of that kind; round 88's war table)
        lying = _spaces_of_kind(state, target[1].rstrip(".,?!"))
        target = lying if len(lying) == 1 else target
    if state.board is not None and len(target) > 1 and target[-1].rstrip(".,?!") in state.board:
        # (`against the plantation 14`: the space by its id, its kind said before it; round 89's
        # war table)
        target = [target[-1].rstrip(".,?!")]
    if not places and len(target) == 1 and state.board is not None and target[0] in state.board and len(others) == 1:
        # (none may ride now, beaten say: the troops whose refusal comes last, the player's own;
        # round 56's `attacks 09 with her riders` after they lost was an input error)
        nearest = _refused_whatever(engine, state, action.name, who, {others[0]: target[0]}, [action.params[k].name])
        places = [nearest[action.params[k].name]] if nearest is not None else []
    elif not places and not target and state.board is not None and len(others) == 1 \
            and any(p.type == "space" for p in own.params):
        # (no target said either, `Can he use the cavalry again?` after they lost: the troops
        # whose refusal comes last against any target, where every target gives the same; only
        # for a move that attacks a space: a defence with riders is told where its card comes from)
        nearest_all = {(n or {}).get(action.params[k].name) for t in state.board.ids
                       for n in [_refused_whatever(engine, state, action.name, who, {others[0]: t},
                                                   [action.params[k].name])]}
        places = [p for p in nearest_all if p is not None] if len(nearest_all) == 1 else []
    if not places:
        return text
    if len(places) == 1 and state.board is not None and troop[2] is None:
        # (no place said: of the player's own spaces, the one whose charge the fewest clauses
        # refuse: his paddock, not his camp, while his own combat is under way; round 97's
        # hunter had the camp named and a refusal made up for it)
        mine = [sid for sid in state.board.ids if state.space_vars.get(sid, {}).get("owner") == who]
        # (no target said: any other's space stands for it, the troops' own clauses judged alike)
        theirs = next((sid for sid in state.board.ids if sid not in mine), None)
        target_said = {others[0]: target[0]} if len(target) == 1 and len(others) == 1 else \
            {others[0]: theirs} if theirs is not None and len(others) == 1 else {}
        base = {"type": action.name, "player": who, **target_said}

        def refused_by(at: str) -> tuple:
            # (the fewest refusals; of as many, the one whose clauses come latest, nearest to
            # allowed: the beaten cavalry's readiness is asked after whose landscape it is)
            try:
                refused = engine.refusals(state, {**base, action.params[k].name: at})
            except BohnspecError:
                return (1 << 20,)
            lines = sorted((getattr(r.where, "line", 0) or 0 for r in refused), reverse=True)
            return (len(refused), *(-line for line in lines))
        if places[0] not in mine or len(mine) > 1:
            fewest = min([places[0], *mine], key=refused_by)
            places = [fewest]
    said.append(f"'with {troop[0]}': mounted troops ride by {action.name}, from where they stand: "
                f"read as {action.name} with the {action.params[k].name} of {places[0]}")
    return " ".join([words[0], action.name, *words[2:words.index("with")], action.params[k].name, str(places[0])])


# A phase's number in words (the two-player game has a phase 0).
_PHASE_WORDS = {"zero": "0", **_NUMBER_WORDS}


def _present(engine: Engine, verb: str) -> str:
    """A verb of a move said in the past, as a hypothesis says it (`if she harvested ...`), as
    the present of speech (`harvests`); any other word as it is."""
    if verb.lower().endswith("ed"):
        for stem in (verb[:-2], verb[:-1]):
            if _names_a_move(engine, [stem]):
                return stem + "s"
    return verb


def _places_named(engine: Engine, state: State, text: str) -> str:
    """Places as the table names them: `phase 2` (the phase of this game's turn its title numbers
    so); `the cavalry of p1`; `Nina's village`, `his village` (_owned_spaces); `the neutral town`,
    `the village next to 13` (_spaces_described); `her empty field` (her one field holding nothing)."""
    # (`phase one`, `phase four`: the number in words too; round 64's table)
    text = re.sub(r"\b(?:the\s+)?(first|second|third|fourth|fifth)\s+(phase|step)\b",
                  lambda m: f"{m[2]} {_ORDINALS[m[1].lower()]}", text, flags=re.IGNORECASE)
    text = re.sub(r"\b(phase|step)\s+(" + "|".join(_PHASE_WORDS) + r")\b",
                  lambda m: f"{m[1]} {_PHASE_WORDS[m[2].lower()]}", text, flags=re.IGNORECASE)
    text = re.sub(r"\b(phase|step)\s+([0-9])\b", lambda m: _phase_numbered(engine, state, m[1], m[2]) or m[0], text,
                  flags=re.IGNORECASE)
    text = re.sub(r"\b(" + "|".join(_TROOPS) + r")\s+of\s+", r"\1 ", text, flags=re.IGNORECASE)
    if state.board is not None:
        # (`his own village`, `Timon's burnt town`: whose it is says it; round 64's table)
        text = _marked_spaces(state, text)
        text = re.sub(r"\b(his|her|their|my|\S+'s)\s+(?:own|burnt|burned|fortified)\s+", r"\1 ", text,
                      flags=re.IGNORECASE)
        text = _kinds_named(engine, text)
    text = _spaces_described(state, _owned_spaces(state, text))
    if text.split() and text.split()[0] in state.names():
        fields = state.player(text.split()[0]).zones.get(engine.fields_zone, [])
        empty = [k for k, f in enumerate(fields, 1) if not f]
        said = re.search(r"\b(?:his|her|their|my|the|an)\s+empty\s+field\b", text, flags=re.IGNORECASE)
        if empty:
            # (several empty: the first, as like the others as a field can be; a table of three
            # has three fields: round 67's `plants the soy there`)
            text = text[:said.start()] + f"field {empty[0]}" + text[said.end():] if said else text
        elif said and not empty:
            raise ActionError(f"'{said[0]}': {text.split()[0]} has no empty field (each of the "
                              f"{len(fields)} holds beans): name the field by its number")
        if engine.spec.varieties:
            # `the field with two fires`: the one of hers holding that many of them (round 58)
            def holding(m: re.Match) -> str:
                many = _NUMBER_WORDS.get(m[1].lower(), m[1])
                found = [k for k, f in enumerate(fields, 1) if many.isdigit() and f.count(m[2]) == int(many) == len(f)]
                return f"field {found[0]}" if len(found) == 1 else m[0]
            kinds = "|".join(map(re.escape, engine.spec.varieties))
            text = re.sub(r"\b(?:(?:the|his|her|their|my)\s+)?field\s+(?:with|of|holding)\s+(\S+)\s+(?:all\s+)?("
                          + kinds + r")\b", holding, text, flags=re.IGNORECASE)
    return text


def _as_typed(engine: Engine, state: State, text: str) -> str:
    """The text as people type it, made plain: a phone's apostrophe, a question mark at the end,
    `She plants` at a table of one, the question asked (`Can Nina ...?`, `Must Nina ...?`) and
    the words around the move, a swap or an exchange (a trade), a price said for a purchase,
    a card put on the discard pile."""
    auxiliary = _auxiliary_question(state, text)
    if auxiliary is not None:  # (`Will May accept?`: May's acceptance, asked; `Would Nina be allowed to`)
        text = re.sub(r"^(\S+)\s+be\s+(?:allowed|able|permitted)\s+to\s+", r"\1 ", text[auxiliary.start(1):],
                      flags=re.IGNORECASE)
    text = _solo_subject(state, text.replace("\u2019", "'").strip().rstrip("?.! "))
    text = during_said(text)
    # (`to Nina, for her soy`: the comma no list's; round 63)
    text = re.sub(r",\s+for\s+", " for ", _without_tag(text), flags=re.IGNORECASE)
    text = _field_card_said(engine, _hand_end_said(engine, state, text))
    text = _order_words(engine, state, _said_as_give(engine, state, text))
    text = _exchange(_card_taken(engine, _space_taken(engine, state, _question_asked(
        engine, state, _price_of_a_move(engine, _leftovers_said(engine, _it_fought_over(engine, text)))))))
    return _onto_the_discard(engine, _planted_on_a_row(engine, _laid_in_a_field(engine, _paid_for(text))))


_ORDINAL_WORDS = sorted(_ORDINALS, key=lambda w: int(_ORDINALS[w]))


def _hand_end_said(engine: Engine, state: State, text: str) -> str:
    """`the soy from the back of her hand`, `at the front of his hand`: the hand's last (first)
    card, where it is of the variety said, else the variety alone (whose card the words give
    wrongly); round 93's table had `of` as a word too many."""
    kinds = "|".join(map(re.escape, engine.spec.varieties))
    if not kinds or "hand" not in engine.spec.zones:
        return text
    mover = _mover(state, text)
    # (whose hand: the mover's, else another player the words name; `Timon asks Nina for the soy
    # from the back of her hand` is Nina's, round 93's hunt)
    named = [n for n in state.names() if n != mover and re.search(r"\b" + re.escape(n) + r"\b", text)]

    def end(m: re.Match) -> str:
        at = -1 if m[3].lower() in ("back", "end") else 0
        for who in [*([mover] if mover is not None else []), *named]:
            hand = state.player(who).zones.get("hand", [])
            if hand and hand[at] == m[2] and len(hand) <= len(_ORDINAL_WORDS):
                # (its place in the hand, as the notation counts it: `her fourth card`)
                return f"{m[4]} {_ORDINAL_WORDS[len(hand) - 1 if at else 0]} card"
        return f"{m[1]} {m[2]}"
    return re.sub(r"\b(the|a|one)\s+(" + kinds + r")\s+(?:from|at|on)\s+the\s+(back|end|front)\s+of\s+"
                  r"(his|her|their|my)\s+hand\b", end, text, flags=re.IGNORECASE)


def _field_card_said(engine: Engine, text: str) -> str:
    """`a broad bean from his field`, `one of the blues from his field`: a card of his field of
    that variety, as `his broad field` says it (round 93's tables had `field` a word too many)."""
    kinds = "|".join(map(re.escape, engine.spec.varieties))
    if not kinds:
        return text
    return re.sub(r"\b(?:(?:the|a|one)\s+|one\s+of\s+the\s+)(" + kinds + r")(?:s|\s+beans?)?\s+(?:from|in|out\s+of)\s+"
                  r"(his|her|their|my)\s+(?:bean\s+)?field\b", r"\2 \1 field", text, flags=re.IGNORECASE)


def during_said(text: str) -> str:
    """`in the middle of Timon's trading`, `In the course of phase 3, ...`: a time said as
    `during` says it (round 90's table had `middle` read as one more value of the harvest)."""
    return re.sub(r"\b(?:in\s+the\s+(?:middle|midst|course)\s+of|halfway\s+through|partway\s+through)\b",
                  lambda m: "During" if m[0][0].isupper() else "during", text, flags=re.IGNORECASE)


def _said_as_give(engine: Engine, state: State, text: str) -> str:
    """`Timon donates his fire to Nina, and she turns it down`: a verb the spec gives the same
    move as `give` (its `aka`) is read as `give`, so that whom a pronoun means is found as for
    `gives` (round 85's player had `she` unread after `donates`)."""
    verbs = _verbs(engine)
    give = verbs.get("give")
    same = [v for v, a in verbs.items() if give is not None and a == give and v != "give" and v.isalpha()]
    if not same or not state.names():
        return text
    names = "|".join(map(re.escape, state.names()))
    return re.sub(r"\b(" + names + r")\s+(" + "|".join(map(re.escape, same)) + r")(s?)\b", r"\1 give\3", text,
                  flags=re.IGNORECASE)


def _card_taken(engine: Engine, text: str) -> str:
    """`He takes the soy into field 1` (`gets`, `grabs`) in a game where no move is named
    `take`: the move players call `pick` (the Jumping Bean draft's), where the card goes (round
    71's table had `takes` unknown)."""
    verbs = _verbs(engine)
    pick = verbs.get("pick")
    if pick is None or pick not in engine.spec.actions or any(a == "take" or a.startswith("take_")
                                                              for a in engine.spec.actions):
        return text
    # (`takes the green and plants it on her green field`: one pick, planted; round 87's table
    # had it split in two moves)
    text = re.sub(r"^(\S+\s+(?:takes|take|gets|get|grabs|grab|picks|pick|chooses|choose)\s+.+?)\s+and\s+"
                  r"(?:then\s+)?(?:plants?|puts?|places?)\s+(?:it|that\s+one)\s+(?=(?:into|onto|in|on)\s+\S)",
                  r"\1 ", text, flags=re.IGNORECASE)
    return re.sub(r"^(\S+)\s+(?:takes|take|gets|get|grabs|grab)\s+(?=.+?\s+(?:into|onto|in|on|to)\s+\S)",
                  r"\1 picks ", text, flags=re.IGNORECASE)


def _space_taken(engine: Engine, state: State, text: str) -> str:
    """`Timon takes Keno's town 19 with his blue`, `Nina takes Timon's camp with her blue`: a
    space taken with a card is attacked (the game's move that names a space and a card);
    `takes` is otherwise a cart's (round 69's table)."""
    m = re.match(r"^(\S+)\s+(?:takes|take|took|grabs|grab|seizes|seize)\s+(.+?)\s+with\s+", text, flags=re.IGNORECASE)
    if m is None or state.board is None:
        return text
    attack = next((a.name for a in engine.spec.actions.values()
                   if [p.type for p in a.params] == ["space", "card"]), None)
    # (a space by its id, or by the kind of card lying there: `takes Timon's camp with her blue`,
    # read as a sutler's take by round 93's war table)
    kinds = {str(c).lower() for cards in state.space_cards.values() for c in cards}
    if attack is None or not any(w.strip(",.") in state.board or w.strip(",.").lower() in kinds
                                 for w in m[2].split()):
        return text
    return f"{m[1]} {attack} {text[m.end(1):].split(None, 1)[1]}"


# The words before a thing that say whose it is.
_POSSESSIVES = ("his", "her", "their", "my")


# Words that count a card or a place (`the first card`, `his last field`), where an order word
# is an ordinal, not an adverb.
_COUNTED_BY_ORDER = frozenset({"card", "cards", "field", "fields", "one", "ones", "bean", "beans", "round", "of",
                               "more", "time", "hand"})


def _order_words(engine: Engine, state: State, text: str) -> str:
    """The text without words that only say when or in what order a move is made, which the
    order of the moves given already says (round 61's table had `plants the soy first` read as
    field 1, `attacks the village first` as space 01): `first`, `last`, `once` as adverbs (not
    `the first card`, `her last field`, `once more`); a repeat said (`a second time`, `one more
    time`, like `again`); and what the move is made instead of (`instead of the first`,
    `rather than her first`, `Instead of the green, ...`)."""
    text = re.sub(r"\b(?:(?:a|one)\s+(?:second|third|fourth|more)\s+time|for\s+the\s+(?:first|second|third|fourth|"
                  r"last)\s+time|another\s+time)\b", "", text, flags=re.IGNORECASE)
    text = re.sub(r"^\s*(?:instead\s+of|rather\s+than)\s+[^,]+,\s*", "", text, flags=re.IGNORECASE)
    if _OBLIGED.match(text):
        # (`Must Nina plant the soy before the fire?`: a question of order, as `... first?` is;
        # round 86's hunter)
        order = re.search(r"\s+(?:before|ahead\s+of)\s+(?:(?:the|his|her|their|my)\s+)?(\S+?)(?:\s+beans?)?"
                          r"(?=\s*[?.!]?\s*$)", text, flags=re.IGNORECASE)
        if order is not None and _variety_said(engine, order[1]) is not None:
            text = text[:order.start()] + " first" + text[order.end():]
    # (only at the end of a move, a few words: `offers his blue instead of his red for Nina's soy`
    # is no move the words say for sure; round 62's regression hunter)
    # (a move not made, said by its verb: `pays a coin instead of buying the third field`; round
    # 93's table had the field read into the tribute)
    text = re.sub(r",?\s+(?:instead\s+of|rather\s+than)\s+[a-z]+ing\b(?:\s+[^\s,]+){0,4}(?=,|\s+then\s|$)", "",
                  text, flags=re.IGNORECASE)
    text = re.sub(r",?\s+(?:instead\s+of|rather\s+than)\s+(?:[^\s,]+\s+){0,2}[^\s,]+(?=,|\s+then\s|$)", "", text,
                  flags=re.IGNORECASE)
    words = text.split()
    names = {n.lower() for n in state.names()} | {s.lower() for s in (state.board.ids if state.board else ())}
    counted = _COUNTED_BY_ORDER | set(engine.spec.zones) | set(engine.spec.cards)
    adverbs: tuple[str, ...] = ("first", "firstly", "last", "once")
    if re.search(r"\bfirst(?:ly)?\b", text, flags=re.IGNORECASE):
        adverbs += ("second", "secondly", "third", "thirdly")  # (`the soy first and the fire second`)
    kept: list[str] = []
    for k, w in enumerate(words):
        low = w.lower().rstrip(",")
        if low == "first" and k == len(words) - 1 and _OBLIGED.match(text):
            kept.append(w)  # (`Must Timon plant the red first`: a question of order, read by parse_action)
            continue
        if low in adverbs and low not in names:
            before = words[k - 1].lower() if k else ""
            after = words[k + 1].lower().rstrip(",?.!") if k + 1 < len(words) else ""
            if before not in ("the", "his", "her", "their", "my", "a", "an", "its", "at", "being") \
                    and not before.endswith("'s") and after not in counted:
                if (w.endswith(",") or after in ("and", "then")) and kept and not kept[-1].endswith(","):
                    kept[-1] += ","
                if after == "and" and not (k + 2 < len(words) and words[k + 2].lower() == "then"):
                    # (`the soy first and the fire into field 3`: one move, then the other, each
                    # with its own words; `and` would share the field said last with both)
                    words[k + 1] = "then"
                continue
        kept.append(w)
    return " ".join(kept)


def _phase_ended_by(engine: Engine, state: State, who: str) -> Any:
    """The outcome of `who` ending the phase now (the game's `end_phase`); None in a game
    without that move, or where the rules cannot judge it."""
    if "end_phase" not in engine.spec.actions:
        return None
    try:
        return engine.apply(state, {"type": "end_phase", "player": who})
    except BohnspecError:
        return None


def _first_planting_made(engine: Engine, state: State, text: str) -> bool:
    """Whether the player who moves may end the phase now (the obligatory planting made)."""
    who = _mover(state, text)
    outcome = _phase_ended_by(engine, state, who) if who is not None else None
    return outcome is not None and outcome.accepted


def _without_tag(text: str) -> str:
    """The text without a tag that asks of the move said (`Timon harvests field 1 \u2014 legal?`,
    `..., is that allowed?`; `- is he allowed to?`, `- may he do that?`, `- right?`: round 63's
    regression hunter): no question of its own."""
    # (`... fire beans. Allowed?`: the tag as a sentence of one word; round 91's table)
    # (`... Eiko picks the green. Is that right?`: round 95's table had `that` read as a value)
    if re.search(r"(?:[,;:.\u2014\u2013-]|\bis\s+(?:that|this|it))\s*(?:is\s+this\s+move\s+)?(?:legal|allowed|ok|"
                 r"okay|fine|correct|possible)\s*[?.!]*$", text, flags=re.IGNORECASE) \
            or re.search(r"[,;:.\u2014\u2013-]\s*is\s+(?:that|this|it)\s+(?:right|true)\s*[?.!]*$", text,
                         flags=re.IGNORECASE):
        text = re.sub(r"\s*(?:[,;:.\u2014\u2013-]+\s*|\s+)(?:is\s+(?:that|this|it)\s+|is\s+this\s+move\s+)?"
                      r"(?:legal|allowed|ok|okay|fine|correct|possible)\s*[?.!]*$", "", text, flags=re.IGNORECASE)
        text = re.sub(r"\s*[,;:.\u2014\u2013-]+\s*is\s+(?:that|this|it)\s+(?:right|true)\s*[?.!]*$", "", text,
                      flags=re.IGNORECASE)
    return re.sub(r"\s*[,;:\u2014\u2013-]+\s*(?:is\s+(?:he|she|they|that|this|it)\s+(?:allowed|able|permitted)\s+to"
                  r"(?:\s+do\s+(?:that|this|it))?|(?:may|can|could)\s+(?:he|she|they)\s+do\s+(?:that|this|it)|right)"
                  r"\s*[?.!]*$", "", text, flags=re.IGNORECASE)


def _planted_on_a_row(engine: Engine, text: str) -> str:
    """`Nina plants the red onto her depot`: the move that lays a card on that row of hers
    instead of planting it (Bohnaparte's stow, whose title names the depot), the one move of
    one card whose title names the row; `plants` said of a row is no planting (round 63)."""
    # (one move's words: not across `, then` or `and`, where another move begins)
    m = re.match(r"^(\S+)\s+(?:plants?|puts?|places?|lays?)\s+((?:(?!,|\bthen\b|\band\b).)+?)\s+(?:in|into|on|onto)\s+"
                 r"(?:(?:his|her|their|my|the)\s+)?"
                 r"(?:munitions\s+)?(\w+)$", text, flags=re.IGNORECASE)
    if m is None or m[3].lower() not in engine.spec.zones or engine.spec.zones[m[3].lower()].kind == "fields":
        return text
    # (the row the title lays the card on: `on your munitions depot`; not `from your hand`)
    movers = [a.name for a in engine.spec.actions.values() if len(a.params) == 1 and a.params[0].type == "card"
              and re.search(r"\b(?:on|onto|into|to)\s+your\s+(?:\w+\s+)?" + re.escape(m[3].lower()) + r"\b",
                            (a.title or "").lower())]
    return f"{m[1]} {movers[0]} {m[2]}" if len(movers) == 1 else text


def _laid_in_a_field(engine: Engine, text: str) -> str:
    """`Timon puts the blue into field 1` (`places`, `lays`): a planting, where a field is the
    place said (`puts ... onto his depot` stays: Bohnaparte's stow; round 58's table)."""
    # (`on top of his soy beans`, `on top of the blue`, `on his soys`: on the field they grow in;
    # rounds 69 and 71)
    def grown(m: re.Match) -> str:
        variety = _variety_said(engine, m[3])
        return f" on {m[2] or ''}{variety} field" if variety is not None else m[0]
    # (`the empty third field`: the field counted; that it is empty, the situation says)
    text = re.sub(r"\bempty\s+(?=(?:first|second|third|fourth|fifth|[0-9]+(?:st|nd|rd|th))\s+field)", "", text,
                  flags=re.IGNORECASE)
    text = re.sub(r"\s+(on\s+top\s+of|on|onto)\s+((?:his|her|their|my|the)\s+)?([\w-]+?)(?:\s+beans?)?(?=[\s,.;?!]|$)"
                  r"(?!\s+field)", grown, text, flags=re.IGNORECASE)
    return re.sub(r"^(\S+)\s+(?:puts|put|places|place|lays|lay)\s+(?=.+?\s+(?:in|into|on|onto)\s+(?:(?:his|her|their|"
                  r"my|the|an|a)\s+)?(?:\S+\s+){0,2}fields?\b)", r"\1 plants ", text, flags=re.IGNORECASE)


def _paid_for(text: str) -> str:
    """`Hanno pays two coins for a fortress under his camp`, `pays three coins for a third
    field`: the purchase (`buys a fortress ...`), whose price is part of it; and how a card is
    taken that says nothing of which (`blindly`, `without looking at it`; not `face down`, as every
    combat card is laid)."""
    # (not a coin paid for a card or a task: `pays a coin for the last card` is Bohnröschen's
    # tribute, a payment, not a purchase; round 69's table had a third field bought, LEGAL)
    # (nor for a card said with more words: `the two identical beans card`; round 75's table had
    # three coins paid and a field bought; but the 3rd bean field card, bought with more coins
    # than one, is the purchase)
    text = re.sub(r"^(\S+)\s+pa(?:ys|y|id)\s+(\S+\s+)?(?:gold\s+|bean\s+)?coins?\s+for\s+"
                  r"(?=(?:a|an|the|his|her|their)\s)(?:(?![^,.;]*?\b(?:cards?|tasks?)\b)|(?=(?:a|an|the|his|her|their)\s+"
                  r"(?:third|3rd)[\s-]+(?:bean\s+)?field\s+card\b))",
                  lambda m: m[0] if m[2] and m[2].strip().lower() in ("a", "an", "one", "1") and re.match(
                      r"\S+\s+(?:third|3rd)[\s-]+(?:bean\s+)?field\s+card\b", text[m.end():], flags=re.IGNORECASE)
                  else f"{m[1]} buys ", text, flags=re.IGNORECASE)
    # (`attacks f blindly`, `Timon defends blindly`, no card said in that move: the top of the
    # pile; `blindly from the pile`: said already)
    blind = r"\s+(?:blindly|blind|unseen|without\s+looking(?:\s+at\s+it)?)\b"
    pieces = re.split(r"(,\s*|[.;]\s+|\s+and\s+|\s+then\s+)", text, flags=re.IGNORECASE)
    pieces = [re.sub(blind, " with the pile" if not re.search(r"\b(?:with|from)\b", p, flags=re.IGNORECASE) else "", p,
                     count=1, flags=re.IGNORECASE) for p in pieces]
    return re.sub(blind, "", "".join(pieces), flags=re.IGNORECASE)


def _onto_the_discard(engine: Engine, text: str) -> str:
    """`Nina puts her blue bean on the discard pile`, in a game with a move that discards
    (the two-player game's phase 0): that move; `one of the green beans`: `a green` (the
    answer says so when the move takes the whole variety)."""
    onto = r"\s+(?:on|onto|to|in|into)\s+the\s+discard(?:\s+pile)?$"
    # (`throws the blue away`, `throws away`, `gets rid of`: the verb `discards`, the move of it
    # the rules allow now; round 75's table had solo phase 3's leftovers read as phase 1's discard)
    # (only in a game with a move that discards: in the base game it is told to be the two-player
    # game's, as before; round 77's hunter)
    if _discards_by_a_move(engine):
        text = re.sub(r"^(\S+)\s+(?:throws|throw|tosses|toss)\s+(.+?)\s+away\b", r"\1 discards \2", text,
                      flags=re.IGNORECASE)
        text = re.sub(r"^(\S+)\s+(?:throws|throw|tosses|toss)\s+away\b|^(\S+)\s+(?:gets|get)\s+rid\s+of\b",
                      lambda m: f"{m[1] or m[2]} discards", text, flags=re.IGNORECASE)
    if _discards_by_a_move(engine):
        text = re.sub(r"^(\S+)\s+(?:puts|put|places|place|lays|lay|throws|throw)\s+(.+?)" + onto, r"\1 discards \2",
                      text, flags=re.IGNORECASE)
    elif any(p.type == "target" for a in engine.spec.actions.values() for p in a.params):
        # (no move that discards, but one whose place may be the discard pile: the Jumping Bean
        # draft's pick, `puts the green on the discard pile`, `discards the green`; round 55)
        mover = next(a.name for a in engine.spec.actions.values() if any(p.type == "target" for p in a.params))
        text = re.sub(r"^(\S+)\s+(?:puts|put|places|place|lays|lay|throws|throw)\s+(.+?)" + onto,
                      lambda m: f"{m[1]} {mover} {m[2]} onto the discard pile", text, flags=re.IGNORECASE)
        # (`throws the revealed garden bean away instead of planting it`: the same; round 87's second
        # table had `throw` unknown)
        text = re.sub(r"^(\S+)\s+(?:throws|throw|tosses|toss)\s+(.+?)\s+away\b(?:\s+instead\s+of\s+\S+ing(?:\s+it)?)?$",
                      r"\1 discards \2", text, flags=re.IGNORECASE)
        text = re.sub(r"^(\S+)\s+discards?\s+(.+)$", lambda m: f"{m[1]} {mover} {m[2]} onto the discard pile", text,
                      flags=re.IGNORECASE)
    traded = re.search(r"\b(?:offers?|gives?|trades?|swaps?|exchanges?|hands?|donates?)\b", text,
                       flags=re.IGNORECASE) is not None
    # (`one of the two reds`: round 88's table; `one of his fields` is any field, `a field`, where
    # `a single field` was no field: round 89)
    return re.sub(r"\bone\s+of\s+(?:the|his|her|their|my)\s+(?:(?:two|three|four|five|both|[2-9])\s+)?"
                  r"(\S+?)(?:s|\s+beans)\b",
                  # (in a trade, one card of them, as `a red` is: `offers Nina one of the reds`;
                  # round 89's hunter had `single` read as a card)
                  lambda m: f"a single {m[1]}" if _variety_said(engine, m[1]) and not traded else f"a {m[1]}", text,
                  flags=re.IGNORECASE)


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
    # (`gives a red back`, `offers it back to Paul`: the partner said or not, `back` says nothing
    # more; round 76's hunter had it read as the partner)
    text = re.sub(r"\b((?:gives?|offers?|hands?)\s+(?:\S+\s+){0,3}?\S+)\s+back\b", r"\1", text, flags=re.IGNORECASE)
    # (`gives Nina his red in exchange for her blue`: an offer asking her blue back, as `for`)
    return re.sub(r"\s+in\s+exchange\s+for\s+", " for ", text, flags=re.IGNORECASE)


def _solo_subject(state: State, text: str) -> str:
    """`She plants ...` at a table of one (the solo game): the one player there (round 49)."""
    if len(state.names()) == 1:
        # (`Can she plant ...?`, `Must I ...?`: after a question's first word too)
        return re.sub(r"^\s*((?:can|may|must|could|might|does|do|is|would)\s+)?(?:she|he|they|i)\s+",
                      lambda m: (m[1] or "") + state.names()[0] + " ", text, flags=re.IGNORECASE)
    return text


# A time said by whose turn or phase it is (`during Timon's trading`, `on Keno's turn`): the
# player named there owns the time and is no one a pronoun after it stands for (round 85's
# second table); a player named as the owner of cards (`for Nina's red. She accepts.`) is.
_TIME_OWNED = re.compile(r"\b(?:during|in|on|at)\s+\S+'s\s+(?:own\s+)?(?:turn|trading|trade|planting|drawing|draw|"
                         r"(?:phase|step)(?:\s+(?:\d|one|two|three|four|zero))?|attack(?:\s+step)?|intermediate\s+phase)\b",
                         re.IGNORECASE)


def _without_times(text: str) -> str:
    """The text without the times it names by whose they are (_TIME_OWNED)."""
    return _TIME_OWNED.sub("", text)


_PRONOUN_JOINED = r"(\band|\bthen|[,.;])\s+(then\s+)?(he|she|they)\s+"


def another_said(text: str) -> frozenset[int]:
    """Which pronouns after a join (counted from 0) the words say are another player, by the
    move said before made again `too` (`also`, `as well`, `either`): `Nina pays tribute. He pays
    tribute too.` (round 94's hunter had Nina pay twice), not `Nina harvests her soy, and she
    pays tribute too`, another move of hers. Read before the words are typed, which drops the
    `too`."""
    out = set()
    for k, m in enumerate(re.finditer(_PRONOUN_JOINED + r"([^.,;!?]*)", text, flags=re.IGNORECASE)):
        if same_move_again(m[4], text[:m.start()]):
            out.add(k)
    return frozenset(out)


_AGAIN_TOO = re.compile(r"\b(?:too|also|as\s+well|either)\b", re.IGNORECASE)


def same_move_again(said: str, before: str) -> bool:
    """Whether `said` (the words after a pronoun) is a move said before, word for word, made again
    `too`: `pays tribute too` after `Nina pays tribute`; not `plants his next card into field 1
    too` after `plants his green into field 1`, another card (round 87's table)."""
    if not _AGAIN_TOO.search(said):
        return False
    move = " ".join(_AGAIN_TOO.sub(" ", said).split())
    return bool(move) and re.search(r"\b" + re.escape(move) + r"\b", before, flags=re.IGNORECASE) is not None


def _pronouns(state: State, text: str, another: frozenset[int] = frozenset()) -> str:
    """`... and then she attacks 13`: the one player a whole text names, said again by a pronoun
    after a join; with several named, whom it means the words do not say (round 56: `he` went to
    the first named), and it stays, to be told; nor is a pronoun `another` (another_said) read so."""
    names = state.names()
    first = _subjects(state, text)[0]
    # (a player named only as a time's owner, `during Timon's trading`, is no one a pronoun
    # stands for: round 85's second table had `she` unread)
    untimed = _without_times(text)
    mentioned = {n for n in names if re.search(r"\b" + re.escape(n) + r"\b", untimed, flags=re.IGNORECASE)}
    # (not where another player is said by a pronoun: `Timon offers her the soy and she accepts`,
    # `she` is not Timon; round 76's hunter)
    other = re.search(r"\b(?:offers?|gives?|hands?|shows?|asks?|tells?|passes|trades?\s+with|swaps?\s+with)\s+"
                      r"(?:him|them|her(?=\s+(?:the|a|an|his|her|their|my|one|two|both|all|some|\d)\b))\b", text,
                      flags=re.IGNORECASE)
    if len(first) == 1 and len(mentioned) == 1 and other is None:
        # (not a pronoun the words say the player is not: `Nina attacks 13 with her fire. He
        # defends with his blue` is the defender's, told, where it was Nina's defence)
        unlike = {"he": "she", "she": "he"}.get(_said_to_be(untimed, first[0], names))
        seen = itertools.count()

        def said_again(m: re.Match) -> str:
            k = next(seen)
            if k in another or m[3].lower() == unlike:
                return m[0]
            kept = PRONOUNS_READ.get()
            if kept is not None:
                # (`..., and he defends`: the player whose move it is may be another, which the
                # reading tells where the move is played; round 95's hunter)
                kept.append((first[0], m[3], " " + re.split(r"[.!;?,]", text[m.end():], maxsplit=1)[0]))
            return f"{m[1]} {m[2] or ''}{first[0]} "
        text = re.sub(_PRONOUN_JOINED, said_again, text, flags=re.IGNORECASE)
    elif len(first) == 1 and len(mentioned) > 1 and other is None:
        # `Timon offers his soy to Nina for her red, then he plants`: the one player named whom
        # the words do not make of the other gender (round 90's table had `he` unread, Timon
        # being `his` and Nina `her`); not where another may be either (`Timon offers his fire to
        # Keno and he accepts` is asked, as round 77's hunter had it), nor of an answer to an
        # offer, which is its partner's (`_answer_to_the_offer`)
        said = {n: _said_to_be(untimed, n, names) or _partner_said_to_be(untimed, n, names) for n in mentioned}
        for pronoun, other_gender in (("he", "she"), ("she", "he")):
            left = [n for n in names if n in mentioned and said[n] != other_gender]
            if len(left) == 1:
                text = re.sub(r"(\band|\bthen|[,.;])\s+(then\s+)?" + pronoun + r"\s+(?!" + _ANSWERS + r")",
                              r"\g<1> \g<2>" + left[0].replace("\\", "") + " ", text, flags=re.IGNORECASE)
    return text


# The words of an answer to an offer (whose the answer is, _answer_to_the_offer says).
_ANSWERS = r"(?:accepts?|agrees?|declines?|refuses?|rejects?|says\b|takes\s+(?:it|the\s+offer|the\s+deal)|turns?\b)"


def _partner_said_to_be(text: str, name: str, names: list[str]) -> str:
    """`he` or `she` where an offer made to the player asks `for his` or `for her` card: the
    card asked for is the partner's (`Timon offers his soy to Nina for her red`); "" otherwise."""
    others = "|".join(re.escape(n) for n in names if n != name) or "(?!)"
    found = {m[1].lower() for m in re.finditer(
        r"\b(?:" + others + r")\s+(?:offers?|gives?|hands?|proposes?|trades?)\b[^.;!?]*?\b" + re.escape(name) +
        # (not `offers Nina's red for his green`: her card named, the one asked for is his own;
        # round 90's hunter)
        r"\b(?!'s)[^.;!?,']*?\bfor\s+(his|her)\b", text, flags=re.IGNORECASE)}
    return ("he" if found.pop() == "his" else "she") if len(found) == 1 else ""


_CARD_SAID = r"((?:(?:the|his|her|their|my|a|an|one)\s+)?(\S+?)(?:\s+beans?)?)"
# The most cards counted for a move made once for each (`plants the three reds`): a hand.
_MOST_COUNTED = 7


def _each_card(engine: Engine, state: State, text: str) -> list[str] | None:
    """`Timon plants the green and the blue` (round 53's table): cards listed for a move that
    takes one card or one variety each time (no move its verb names takes a list) is that move
    once for each, in the order said, with the words after them for each; None otherwise."""
    who, words = _subjects(state, text)
    tokens = words.split()
    if len(who) != 1 or len(tokens) < 3:
        return None
    kind, n = _action_named(engine, tokens)
    if kind not in engine.spec.actions:
        # (`discards the reds and the green`: a verb only its moves are named after, the
        # two-player game's discard_kind and discard_card; round 69's table)
        kind = next((f for f in _verb_forms(kind) if any(a.startswith(f + "_") for a in engine.spec.actions)), kind)
    family = [engine.spec.actions[a] for a in verb_family(engine, kind)]
    if not family or any(p.type == "cards" for a in family for p in a.params):
        return None
    verb = " ".join(tokens[:n])
    # `plants both green beans in field 1`, `the two greens`: a move that takes one card each
    # time, once for each card counted (round 64's table: one planting, then the claim it
    # allows judged in the wrong state)
    counted = re.match(r"^(?:(?:the|his|her|their|my)\s+)?(both|\d+|" + "|".join(_NUMBER_WORDS) +
                       r")\s+(?:(?:of\s+)?(?:the|his|her|their|my)\s+)?(\S+?)(?:s|\s+beans?)?(\s.*)?$",
                       " ".join(tokens[n:]), flags=re.IGNORECASE)  # (`both his red beans`: round 82's table)
    # (not for a verb one of whose moves takes a whole variety at once, the two-player game's
    # plant_kind: `plants both soys` is one such move; round 66's hunter)
    if counted is not None and _family_names_cards(engine, kind) \
            and not any(p.type == "variety" for a in family for p in a.params):
        times = 2 if counted[1].lower() == "both" else int(_NUMBER_WORDS.get(counted[1].lower(), counted[1]))
        variety = _bean_names(engine).get(counted[2].lower(), counted[2].lower())
        # (only as many as he holds off his fields: `both blues` with one blue in hand took the
        # blue of his field for the second; round 65's hunter)
        held = sum(cards.count(variety) for z, cards in state.player(who[0]).zones.items()
                   if z != engine.fields_zone and engine.spec.zones.get(z) is not None
                   and engine.spec.zones[z].kind != "pile") + sum(
            cards.count(variety) for z, cards in state.zones.items()
            if engine.spec.zones.get(z) is not None and engine.spec.zones[z].kind == "row")
        if variety in engine.spec.varieties and 1 < times <= min(_MOST_COUNTED, held):
            return [f"{who[0]} {verb} the {variety}{counted[3] or ''}"] * times
    # `Can Timon plant a second card?` before his first planting: the first, then the second
    # (round 64's table had the first judged alone, as if it were the second)
    second = re.match(r"^an?\s+second\s+card\b(.*)$", " ".join(tokens[n:]), flags=re.IGNORECASE)
    if second is not None and kind in ("plant", "play") and "hand" in engine.spec.zones \
            and not any("second hand card" in (a.title or "").lower() for a in engine.spec.actions.values()) \
            and len(state.player(who[0]).zones.get("hand", [])) > 1 and not _first_planting_made(engine, state, text):
        # (the second is the foremost card once the first is planted)
        return [f"{who[0]} {verb} the first card{second[1]}"] * 2
    # (`Can Keno plant a third bean?`: the plantings not made yet before it, then the third, the
    # foremost card each time; round 89's hunter had a first planting judged as the third)
    # (the verb said, whichever move its words name: `plants a third card` names plant_card)
    third = re.match(r"^an?\s+third\s+(?:card|bean)(?:\s+card)?\b(?!,)(.*)$", " ".join(tokens[1:]),
                     flags=re.IGNORECASE)
    if third is not None and re.match(r"(?:plant|play)", tokens[0], flags=re.IGNORECASE) \
            and "plant" in engine.spec.actions and "hand" in engine.spec.zones:
        made = 0 if not _first_planting_made(engine, state, text) else \
            1 if next(_legal_with(engine, state, "plant", who[0], {}), None) is not None else 2
        # (the verb alone: the planting takes the card the rules say, `the first card` once two
        # are made being no card of this phase's planting)
        return [f"{who[0]} {tokens[0]}{third[1]}"] * (3 - made)
    if len(tokens) < 4:
        return None
    said = re.match(r"^" + _CARD_SAID + r",?\s+and\s+" + _CARD_SAID + r"(\s.*)?$", " ".join(tokens[n:]),
                    flags=re.IGNORECASE)
    if said is not None and _family_names_cards(engine, kind) and all(
            _names_a_card(engine, w) or w.lower() in _bean_names(engine)
            or (w.lower().endswith("s") and w.lower()[:-1] in engine.spec.varieties) for w in (said[2], said[4])):
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
        or w in ("front", "foremost", "card", "cards")
        # (`the revealed blue`, `the received soy`: a card told by the zone it lies in; round 70)
        or (w in engine.spec.zones and len(first) > 1 and (first[1].lower().rstrip(",") in engine.spec.varieties
                                                            or first[1].lower() in _bean_names(engine))))


@functools.lru_cache(maxsize=256)
def _family_names_cards(engine: Engine, kind: str) -> bool:
    """Whether the verb's moves (`plant`, `plant_card`, `plant_kind`) name a card or a variety."""
    return any(p.type in ("card", "cards", "variety") for a in verb_family(engine, kind)
               for p in engine.spec.actions[a].params)


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
    aloud = False  # (a word said aloud, `says "Stop"`: a move's own word, never the end of a phase)
    if len(words) > 2 and words[1].lower() in _SAYING and not any(
            f"{f} {words[2].lower()}" in _verbs(engine) for f in _verb_forms(words[1].lower())):
        # (`says yes`, `says no`: another name of a move, `aka "say yes"`, stays)
        # `Keno says "Stop"`: what a player says at the table is the move (the claim of a task).
        words = [words[0], words[2].strip('"\''), *words[3:]]
        aloud = True
        kind = _action_named(engine, words[1:])[0]
        if kind in engine.spec.actions and not engine.spec.actions[kind].params and len(words) > 2:
            # (`says Stop because ...`, `as everyone else is ahead`: her reason; `for selling`,
            # `for one bean on every field`: the card she claims, told if it names another than
            # the one under her figure, as `for the blue card` is; round 71's table)
            if words[2].lower() in ("because", "since", "as"):
                words = words[:2]
            elif words[2].lower() == "for" and words[-1].lower().rstrip(".!?") not in ("card", "task"):
                words = [*words, "card"]
    if len(words) > 2 and words[1].lower() in ("is", "has") and words[2].lower() in _DONE:
        # `Timon is done trading`: he ends the phase he names (the words after say which).
        words = [words[0], "ends", *(w for w in words[3:] if w.lower() != "with")]
    if len(words) > 3 and words[1].lower() in ("goes", "go", "moves", "move", "proceeds", "proceed", "passes", "pass") \
            and "to" in (w.lower() for w in words[2:4]) and "end_phase" in engine.spec.actions:
        # (`goes on to the trading`: the end of this phase, when the one named comes next;
        # round 69's table)
        turn = list(engine.spec.turn.phases) if engine.spec.turn is not None else []
        after = turn[turn.index(state.phase) + 1] if state.phase in turn[:-1] else None
        if after is not None and any(after in _phases_named(engine, w) for w in words[3:]):
            words = [words[0], "end_phase"]
    if len(words) > 2 and not aloud and words[1].lower() in _ENDING and any(_phases_named(engine, w)
                                                                            for w in words[2:]):
        # (`skips his second planting`: the phase's end, its optional part left out; round 86's
        # table had `second` read as a value)
        words = [w for k, w in enumerate(words) if k < 2 or w.lower() not in _FURTHER]
    ended = [w.lower().strip(",.") for w in words[2:] if w.lower() not in ("the", "this", "current", *_POSSESSIVES)]
    if len(words) > 2 and not aloud and words[1].lower() in _ENDING and "end_phase" in engine.spec.actions \
            and ended in (["step"], ["phase"]):
        # (`ends the step`, Bohnaparte's own word for its phases: the one under way; round 70's table)
        words = [words[0], "end_phase"]
    if len(words) > 2 and not aloud and words[1].lower() in _ENDING and any(_phases_named(engine, w)
                                                                            for w in words[2:]):
        # (`ends the attack step`: the phase's name says it; `step`, `phase` nothing more)
        words = [w for k, w in enumerate(words) if not (k > 2 and w.lower() in ("step", "phase")
                                                        and _phases_named(engine, words[k - 1]))]
    if len(words) > 2 and not aloud and words[1].lower() in _ENDING and any(
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
            # (and an ordinal before one, with its article: `puts a second fortress under ...` is
            # the build, `second` no value of it; round 96's table had `'2' is not a space`)
            # (`named` counts from the verb, `words` from the player: words[k] is the one before k)
            counted = {k - 1 for k in named if k > 1 and (_ORDINALS.get(words[k].lower())
                                                          or _ordinal_digits(words[k].lower())) is not None}
            named = named | counted | {k - 1 for k in counted if k > 1 and words[k].lower() in ("a", "an", "the")}
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
            # the player's own, or of the one named before it (`Nina's received fire`); among
            # the cards asked for (`for her received fire`), of the partner, found later
            # (round 58's table had them looked for among the proposer's).
            owner = out[0]
            if spec.zones[low].per_player:
                possessive = re.fullmatch(r"(.+)'s", out[-1]) if len(out) > 2 else None
                if possessive is not None and possessive[1] in names:
                    owner = possessive[1]
                elif any(x.lower() in ("for", "get") for x in out[2:]):
                    out.append(f"{low}{_KEPT}{rest[i]}")  # (one value: `received fire`)
                    i += 1
                    continue
            row = state.zones.get(low, []) if not spec.zones[low].per_player else \
                state.player(owner).zones.get(low, [])
            k = next((k for k, c in enumerate(row, 1) if c == rest[i]), None)
            if k is None:
                whose = f"{owner}'s {low}" if spec.zones[low].per_player else f"the {low} row"
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
        elif low in _FILLERS or (low == "same" and i < len(rest) and rest[i].lower() not in ("as", "time")):
            # (`under the same village`: the place said again, by its name; round 96's table)
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
