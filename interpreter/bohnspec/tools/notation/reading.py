"""Reading a text into protocol actions: the moves it says, one after another, each read in the
situation the ones before leave (parse_action, split_moves)."""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from ...conformance.deciding import replaced_cites
from ...errors import ActionError, BohnspecError, SpecRuntimeError, closest, suggest
from ...execution import builtins as B
from ...execution.interpret import Engine, Outcome
from ...execution.moves import card_zone_clauses
from ...execution.state import State
from .completion import (
    _SHOWN_CHOICES,
    _completions,
    _kinds_timely_for,
    _legal_with,
    _only_completion,
    _refused_whatever,
    _values_allowed,
)
from .places import (
    NARRATED,
    narrate as _narrate,
    _phase_numbered,
    AmbiguousSpace,
    _REF_WORDS,
    _card_at_ref,
    _fields_growing,
    _group_refs,
    _lower_first,
    _mover,
    _names_variety,
    _other_zones,
    _pile_hint,
    _spaces_of_kind,
    _usable,
    PRONOUNS_READ,
    TOLD,
)
from .plain import (
    another_said,
    during_said,
    same_move_again,
    _partner_said_to_be,
    _KEPT,
    _MAY,
    _MUST,
    _an_object,
    _as_said,
    _as_typed,
    _said_as_give,
    _without_times,
    _asked,
    _cards_named,
    _each_card,
    _lists_kept,
    _mood_of,
    _must_note,
    _paid_as_part,
    _price_of_a_move,
    _places_named,
    _pronouns,
    _troops_sent,
    _without_tag,
)
from .values import (
    _MOST_REPEATS,
    _NUMBERED_TRIED,
    _counted_cards,
    _counted_fields,
    _fields_by_variety,
    _once,
    _plural,
    _roles,
    _trade,
    _typed_slot,
    _value,
    absent_move,
)
from .words import (
    OTHER_TIME,
    TAKES_ASKED,
    _AGAIN,
    _ARTICLES,
    _COUNTED,
    _ENDING,
    _NUMBER_WORDS,
    _ORDINALS,
    _PLACE_WORDS,
    _PRONOUNS,
    _REPEATS,
    _TIMES,
    _TROOPS,
    _action_named,
    _bean_names,
    _discards_by_a_move,
    _names_a_card,
    _names_a_move,
    _phases_named,
    present_told,
    mentions_a_move,
    names_alternation,
    _said_to_be,
    _stem,
    _subjects,
    _title_words,
    _variety_said,
    _verb_forms,
    _verbs,
    COUNT_ASKED,
    count_said,
    counted_place,
    counts_spaces,
    verb_family,
    verb_moves,
)
from .writing import card_owners


class PartOfAMove(ActionError):
    """Words that make only a part of a move of the rules (`plants one red`, where a planting of
    a variety takes every red at once): refused as such, not unreadable; `action` is the
    whole move the words are a part of, `reason` why no move makes the part alone."""

    def __init__(self, message: str, action: dict, reason: str) -> None:
        super().__init__(message)
        self.action = action
        self.reason = reason


class Completed(str):
    """A note of a reading that filled in values the words left out (`'card' not said: judged
    as 1`): the text told to the user, and the parameters filled in (`params`), which
    `_values_not_said` reads instead of the text."""

    params: frozenset[str] = frozenset()


def completed(params: Iterable[str], text: str) -> Completed:
    note = Completed(text)
    note.params = frozenset(params)
    return note


def parse_action(engine: Engine, state: State, text: str, notes: list | None = None, whole: bool = True) -> list[dict]:
    """Turn notation (or a JSON object) into one or more protocol actions.

    `trade` gives two actions: the offer and its acceptance. `notes`, if given, receives
    (index of the action, text) for each card name read as a place where no usable card is."""
    try:
        return _parse_action(engine, state, text, notes, whole)
    except AmbiguousSpace as exc:
        if not whole:
            raise
        return _on_each_space(engine, state, text, notes, exc)


def _any_card_of(engine: Engine, state: State, text: str, said: list[str]) -> str:
    """`a card from the draft`, `one of the draft cards`, `a draft card`: a card of that row,
    none in particular: its first, as a card not said is judged (round 86's hunter had `Must
    Keno plant a card from the draft?` read as phase 1's planting from the hand)."""
    rows = [z for z, d in engine.spec.zones.items() if d.kind == "row"]
    if not rows:
        return text
    words = "|".join(map(re.escape, rows))
    m = re.search(r"\b(?:(?:a|one|any)\s+(?:card|bean)\s+(?:from|of|in)\s+(?:the|his|her|their|my)\s+(" + words
                  + r")\b|(?:one|any)\s+of\s+(?:the|his|her|their|my)\s+(" + words + r")\s+(?:cards|beans)\b|"
                  r"(?:a|an|one|any)\s+(" + words + r")\s+(?:card|bean)\b)", text, flags=re.IGNORECASE)
    if m is None:
        return text
    zone = next(g for g in m.groups() if g).lower()
    who = _mover(state, text)
    decl = engine.spec.zones[zone]
    cards = (state.player(who).zones.get(zone, []) if who is not None else []) if decl.per_player \
        else state.zones.get(zone, [])
    if not cards:
        return text
    said.append(completed(["card"], f"'card' not said: {m[0]!r}, any of the {len(cards)} there, judged as "
                                    f"{zone} 1 ({cards[0]})"))
    return text[:m.start()] + f"{zone} 1" + text[m.end():]


def _on_each_space(engine: Engine, state: State, text: str, notes: list | None, exc: AmbiguousSpace) -> list[dict]:
    """A move naming a kind of landscape the map has several of (`Can Uwe's riders attack the
    town?`): judged with each; where the rules refuse it for every one by the same rule, that is
    the answer, read with the first and said so (round 86's hunter had it asked which town,
    when neither may be attacked so); else which ones the rules allow is added to the question
    of which is meant."""
    said = re.compile(r"\b(?:(?:the|a|an|any|either)\s+)?" + re.escape(exc.said) + r"s?\b", flags=re.IGNORECASE)
    if said.search(text) is None:
        raise exc
    found: list[tuple[str, dict, list, Outcome]] = []
    for space in exc.spaces:
        mine: list = []
        try:
            actions = _parse_action(engine, state, said.sub(space, text, count=1), mine, True)
            if len(actions) != 1:
                raise exc
            found.append((space, actions[0], mine, engine.apply(state, actions[0])))
        except BohnspecError:
            raise exc from None
    rules = [o.rejection.rule if o.rejection is not None else None for *_, o in found]
    if not any(o.accepted for *_, o in found) and None not in rules:
        space, action, mine, _ = found[0]
        why = f"[{rules[0]}]" if len(set(rules)) == 1 else \
            "(" + "; ".join(f"{s}: {r}" for (s, *_), r in zip(found, rules)) + ")"
        if notes is not None:
            notes.extend(mine)
            notes.append((0, f"'{exc.said}': {' or '.join(s for s, *_ in found)}; the rules refuse it whichever {why} "
                             f"(judged with {space})"))
        return [action]
    allowed = [(s, action, mine) for s, action, mine, o in found if o.accepted]
    if len(allowed) == 1:
        space, action, mine = allowed[0]
        if notes is not None:
            notes.extend(mine)
            notes.append((0, f"'{exc.said}': of {', '.join(s for s, *_ in found)}, only {space} is allowed here: "
                             f"read as {space}"))
        return [action]
    each = "; ".join(f"{s}: allowed" if o.accepted else f"{s}: refused [{o.rejection.rule if o.rejection else '?'}]"
                     for s, *_, o in found)
    raise ActionError(f"{exc} (now {each})")


def _no_json_constant(word: str) -> None:
    """NaN and Infinity, which Python's reader takes and JSON has not."""
    raise json.JSONDecodeError(f"{word} is not JSON", word, 0)


def _parse_action(engine: Engine, state: State, text: str, notes: list | None = None, whole: bool = True) -> list[dict]:
    text = text.strip()
    as_said = text  # (the words before any reading: `one broad bean from his field` is read as the field)
    if text.startswith("{"):
        try:
            data = json.loads(text, parse_constant=_no_json_constant)  # (NaN is no JSON: round 96)
        except json.JSONDecodeError as exc:
            raise ActionError(f"the action is not valid JSON: {exc.msg} (at column {exc.colno})") from None
        except (ValueError, RecursionError):  # Python's bounds on a number's digits and on nesting
            raise ActionError("the action holds a number of thousands of digits or is nested too deep: "
                              "no game has such a thing") from None
        return [data]
    # As people type it: a phone's apostrophe, a question mark at the end, an action's name in
    # two words (`Nina end phase?`).
    text = _asides_unwrapped(_opening_dropped(state, text))
    mood = _mood_of(state, text)  # (`Can Nina ...?`, `Must Nina ...?`: split_moves asks each move so)
    # (`Does Timon have to plant the red first?`: a question of order; round 86's hunter)
    asked_first = mood == _MUST and re.search(r"\bfirst\s*[?.!]*$", text, flags=re.IGNORECASE) is not None
    if asked_first:
        text = re.sub(r"\s+first\s*([?.!]*)$", r"\1", text, flags=re.IGNORECASE)
    another = another_said(text)
    text = _as_typed(engine, state, text)
    if whole:  # (a pronoun is read in the whole text, never in a part of it)
        text = _pronouns(state, text, another)
    typed = [w.lower() for w in text.split()[1:2]]  # the verb as written (a move's own name: meant as such)
    several = _several_moves(engine, state, text)
    if several is not None:
        return [a for part in several for a in parse_action(engine, state, _asked(mood, part), notes, whole=False)]
    any_card: list[str] = []
    text = _places_named(engine, state, _cards_named(engine, state, _any_card_of(engine, state, text, any_card)))
    said_first: list[str] = any_card
    # (`Must Timon ...?`: answered once the move is read, of that very move, below)
    must = (text.split()[0], _action_named(engine, text.split()[1:])[0] if len(text.split()) > 1 else "") \
        if mood == _MUST and text.split() else None
    # (the price said first, then the troops: `pays a coin and sends his riders against 11`;
    # round 89's war table)
    paid = _paid_as_part(engine, text)
    if paid is not None:
        text = paid
        typed = [w.lower() for w in text.split()[1:2]]
    text = _troops_sent(engine, state, text, said_first)
    plural_text = text  # (a plural said is `all VARIETY` here)
    try:
        text = " ".join(_as_said(engine, state, text.split()))
    except ActionError:
        # (`Uwe attacks 04 with his fire. He defends with his depot fire.`: a pronoun read as the
        # attacker whose move the defence is not; the depot is the defender's, whom _pronoun_again
        # reads it as below; round 95's hunter had `Uwe's depot holds no fire`)
        words = text.split()
        other = _the_one_whose_moment(engine, state, _action_named(engine, words[1:2])[0]) \
            if len(words) > 1 and _pronoun_again(engine, state, words[0], words[1]) != words[0] else None
        if other is None:
            raise
        text = " ".join([words[0], *_as_said(engine, state, [other, *words[1:]])[1:]])
    # `Timon's hand 2`, as judge lists another player's cards: whose they are the action says
    # (the cards one gets are the partner's); the name is checked against it below.
    owners_named: list[str] = []

    def possessive(m: re.Match) -> str:
        # (`offer Timon's revealed soy to Keno`: a card of a place of the table's, said as the
        # active player's, whose it is while his turn lasts; round 88's table)
        after = re.match(r"[a-z_]+", text[m.end():])
        zone = engine.spec.zones.get(after[0]) if after else None
        if zone is None or zone.per_player or m[1] != state.active:
            owners_named.append(m[1])
        return ""
    if state.board is not None and state.names():
        # (`charges Timon's town` where Timon holds two: each judged, as `the town` is; round 87's
        # second table was told Timon's cards are no part of the move)
        for m in re.finditer(r"\b(" + "|".join(map(re.escape, state.names())) + r")'s\s+([a-z_]+)\b", text):
            held = _spaces_of_kind(state, m[2], m[1])
            if len(held) > 1:
                raise AmbiguousSpace(f"{m[0]!r}: {m[1]} holds {len(held)} of them ({', '.join(held)}): name the one "
                                     "meant by its id", m[0], held)
    # (`Nina's two blues`, said as `Nina's 2 all blue`: a count of a variety after the name too)
    counted = r"|[0-9]+\s+(?:all\s+)?(?:" + "|".join(map(re.escape, engine.spec.varieties)) + r")\b" \
        if engine.spec.varieties else ""
    text = re.sub(r"\b(" + "|".join(map(re.escape, state.names())) + r")'s\s+(?=[a-z_]+" + counted + ")",
                  possessive, text) if state.names() else text
    words = [w.replace(_KEPT, " ") for w in _lists_kept(text).split()]
    if len(words) < 2:
        raise ActionError("write an action as PLAYER ACTION [VALUES], e.g. \"Nina harvest 1\"")
    player, kind, rest = words[0], words[1], words[2:]
    named_first = player
    player = _pronoun_again(engine, state, player, kind)
    timely = _the_one_whose_moment(engine, state, kind) if player.lower() in ("he", "she") else None
    if timely is not None:
        # (only a pronoun none of the players named can be: `Timon offers Nina his green for her
        # red, and he accepts` is asked, as is a he among two named men)
        story = TOLD.get() or text

        def said_to_be(n: str) -> str:
            return _said_to_be(story, n, state.names()) or _partner_said_to_be(story, n, state.names())
        named = [n for n in state.names() if re.search(r"\b" + re.escape(n) + r"\b", story, flags=re.IGNORECASE)]
        # (nor the answer to a question of a player named: `Can Nina plant her soy? No, he plants
        # his red`, round 79's hunter)
        asked_of = re.search(r"(?:^|[.!?]\s*)(?:can|must|may|does|is)\s+(?:" + names_alternation(state) + r")\b", story,
                             flags=re.IGNORECASE)
        # (where the reading took the pronoun for a player named whose move it is not now, that
        # one is no one it may mean: `Timon attacks Keno's 09. He defends`; round 94's war table)
        family = verb_family(engine, _action_named(engine, [kind])[0]) if named_first != player else ()
        if any(said_to_be(n) in ("", player.lower()) and (not family or n != named_first
                                                          or any(engine.timing(state, k, n) is None for k in family))
               for n in named) or said_to_be(timely) not in ("", player.lower()) or asked_of is not None:
            timely = None
    if timely is not None:
        # (`Nina attacks 13 with her fire. He defends with his blue`: nobody named can be the he,
        # and the defence is Timon's alone now; told as `name the player` before)
        said_first.append(f"{player!r}: read as {timely}, the one player whose move {kind} is now")
        player = timely
    if player not in state.names():
        if player.lower() in _PRONOUNS or player.lower() in ("i", "you", "we"):
            raise ActionError(f"{player!r}: whom it means, the words do not say; "
                              f"name the player: {', '.join(state.names())}")
        if player.lower() in _QUESTION_WORDS:
            # (`Who wins on a tie?`, `What happens when the deck runs out?`: no move said)
            raise ActionError("judge answers a question about a move: name the player and the move (`Can Timon "
                              "harvest field 1?`, `What happens if Timon draws?`); without --action it shows what "
                              "each player may do now, and every answer that reaches the end says who wins")
        raise ActionError(f"{player!r} is not at the table{suggest(player, state.names())}; "
                          f"players: {', '.join(state.names())}")
    said: list[str] = said_first
    if paid is not None:
        # (not quoted: `pay another coin for the second round` is read so too; round 88's table
        # was shown words nobody said)
        said.append(f"the coin paid: no move of this game is a payment alone; read as the {kind} it goes with, "
                    "whose price, if it has one, is paid in what it does")
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
        actions = [_single(engine, state, player, "offer", [w for w in rest if w.lower() != "away"], said,
                           spoken=True)]
    elif kind == "trade" and "offer" in engine.spec.actions and len(rest) == 2 and rest[0] in ("with", "to") \
            and rest[1] in state.names() and mood is not None:
        # `Can Timon trade with Keno?`: whether the two may trade at all; the offer with the
        # cards left out, completed as any value is (round 58: an empty offer, refused)
        allowed = next(_legal_with(engine, state, "offer", player, {"to": rest[1]}), None)
        if allowed is None:
            actions = [_single(engine, state, player, "offer", [rest[1]], said, spoken=True)]
        else:
            said.append("a trade with no cards said: judged as the first offer the rules allow between the two (other "
                        "cards may be offered or asked for); the partner accepting it makes the trade")
            actions = [allowed]
    elif kind == "trade" and "offer" in engine.spec.actions and not rest and mood is not None:
        # `Can Timon still trade?`: whether he may trade at all, now; the offer with nothing said,
        # completed as any value is (round 93's table was told a trade needs a partner)
        said.append("a trade with nothing said: judged as an offer, its partner and cards the first the rules "
                    "allow; the partner accepting it makes the trade")
        actions = [_single(engine, state, player, "offer", [], said, spoken=True)]
    elif kind == "trade":
        actions = _trade(engine, state, player, rest, said, owners_named)
    else:
        instead = _timely_reading(engine, state, player, kind, typed, rest, said) \
            if typed != [kind] or kind not in engine.spec.actions else None
        if instead is not None:
            actions = [instead]
        else:
            first = len(said)
            actions = [_single(engine, state, player, kind, rest, said, spoken=mood is not None or typed != [kind])]
            # (in a question the verb is said in its plain form, which may be a move's name: `Must
            # Nina plant the leftover beans?` asks of the planting of phase 0; round 86's table)
            if typed != [kind] or mood is not None:
                actions = [_instead_of_untimely(engine, state, player, actions[0], rest, said, first)]
    for a in actions:
        # `plants a soy` read as a move naming a variety: it takes every soy it moves, not one
        # (the two-player game's phase 3, round 49's players); said.
        decl = engine.spec.actions.get(a.get("type", ""))
        for p in decl.params if decl is not None else ():
            v = a.get(p.name)
            if p.type == "variety" and isinstance(v, str) and re.search(
                    r"\b(?:a|an|one|1|(?:a\s+)?single)\s+" + re.escape(v) + r"\b", plural_text, flags=re.IGNORECASE):
                # (more than one moved, where one was said: no move of the rules moves one alone,
                # and the answer says so with the move's paragraphs; round 58's table was told
                # LEGAL for the one blue the rules forbid leaving behind)
                try:
                    moved = engine.effect_events(state, a) or []
                except BohnspecError:
                    moved = []
                # (`a red`, as NOTATION.md has it, is the variety, with the note below; `one red`,
                # `a single red` is one of them: round 88's hunter)
                alone = re.search(r"\b(?:one|1|(?:a\s+)?single)\s+" + re.escape(v) + r"\b", plural_text,
                                  flags=re.IGNORECASE)
                if decl is not None and alone and sum(1 for e in moved if _names_variety(e, v)) > 1:
                    # (a refusal, with the paragraphs that move them all: round 88's table had it
                    # as unreadable words, exit 2, which a script takes for a typing mistake)
                    message = (f"'one {v}': {a['type']} moves every {v} it takes at once, so no move of the "
                               f"rules moves one of them alone [{', '.join(decl.cites[:2])}]; to judge moving them "
                               f"all: `{player} {a['type']} {v} ...`")
                    if any(q.type == "field" for q in decl.params):
                        # (onto a field: a variety planted goes there whole, so one alone is refused;
                        # discarding one is no wrong move, only not a move of its own: told so)
                        raise PartOfAMove(message, a, f"one {v} alone: {a['type']} moves every {v} it takes at "
                                                      "once, and no move of the rules moves one of them alone")
                    raise ActionError(message)
                said.append(f"'a {v}': {a['type']} names a variety, not a card, and takes every {v} it moves "
                            "(what would happen shows them)")
            if p.type == "field" and isinstance(v, int) and decl is not None and len(decl.params) == 1:
                # (`harvests one broad bean from his field`: a move of a whole field, the words of
                # one card of it; round 97's second table was told LEGAL, all five harvested,
                # without a word)
                grown = state.player(player).zones.get(engine.fields_zone, [])
                held = grown[v - 1] if 0 < v <= len(grown) else []
                kind_there = held[-1] if held else None
                names_of = "|".join([*(re.escape(n) for n, k in _bean_names(engine).items() if k == kind_there),
                                     re.escape(kind_there or "")])
                one = re.search(r"\b(?:just\s+|only\s+)?(?:one|1|(?:a\s+)?single)\s+(?:of\s+(?:the|his|her|their)\s+)?"
                                r"(?:" + names_of + r")\b", f"{as_said} {TOLD.get() or ''}", flags=re.IGNORECASE) \
                    if kind_there is not None and len(held) > 1 else None
                if one is not None and _taken_from_field(engine, state, player, a, v) > 1:
                    message = (f"'one {kind_there}': {a['type']} takes the whole field, its {len(held)} cards at "
                               f"once, so no move of the rules takes one of them alone "
                               f"[{', '.join(decl.cites[:3])}]; to judge the whole field: `{player} {a['type']} "
                               f"field {v}`")
                    raise PartOfAMove(message, a, f"one {kind_there} alone: {a['type']} takes every card of the "
                                                  "field at once, and no move of the rules takes one of them alone")
            # `plants his soys on his soy` read as a move of one card: said (round 51's players).
            card = _card_at_ref(engine, state, player, v) if p.type == "card" and isinstance(v, str) else None
            if card is not None and re.search(r"\ball\s+" + re.escape(card) + r"\b", plural_text):
                said.append(f"'{card}' in the plural: {a['type']} takes one card; a move made for each card is "
                            "given once for each (-a \"...\" -a \"...\")")
    for name in owners_named:
        partners = {v for a in actions for v in a.values() if isinstance(v, str) and v in state.names()} - {player}
        if name not in partners and name != player:  # (`Nina harvests Nina's field`: her own; round 88's hunter)
            raise ActionError(f"{name}'s cards are not part of this action: name another player's cards only "
                              f"for what you get from him (`offer to {name} ... get {name}'s hand 2`)")
    if must is not None and paid is not None and len(actions) == 1 and "coins" in engine.spec.zones:
        # (`Does Uwe have to pay another coin for the second round?`: asked of the price, which
        # the move's own rules take or not; round 86's table read "yes, a follow_up" as "pay")
        coins = _coins_taken(engine, state, actions[0], player)
        if coins is not None:
            said.insert(0, f"'must': {'no coin' if not coins else 'yes'}: {kind} takes "
                           f"{'none' if not coins else coins} of {player}'s coins here; below, whether the move "
                           "itself is allowed")
            must = None
    if must is not None:
        # (values the reading chose, none said: the question is of the kind of move, `Must Keno
        # defend?`, not of the card chosen for it)
        unsaid = _values_not_said(engine, actions[0], said) if len(actions) == 1 else set()
        decl_read = engine.spec.actions.get(str(actions[0].get("type"))) if len(actions) == 1 else None
        any_field: set[str] = set()
        if typed and re.match(r"plant", typed[0]) and decl_read is not None:
            # (`Must Keno plant a card from the draft?`: planting says where it goes, a field of
            # his, not the discard pile; round 87's hunter had "yes" for a pick he may discard)
            any_field = {p.name for p in decl_read.params if p.type == "target"} & unsaid
            unsaid -= any_field
        said.insert(0, _must_note(engine, state, must[0], must[1], actions[0] if len(actions) == 1 else None,
                                  first=asked_first, unsaid=unsaid, any_field=any_field))
    if notes is not None:
        notes.extend((0, s) for s in said)
    return actions


def _timely_reading(engine: Engine, state: State, player: str, kind: str, typed: list[str], rest: list[str],
                    said: list[str]) -> dict | None:
    """A verb players use loosely (`takes`, `picks`, `chooses`, `draws`) read as a move that is
    not the player's now, when a move that is says the same: the one named after a word of the
    sentence (`Timon takes camp 11`: choose_camp, in the camp choice), or else the one move of
    the player's now that the words make legal (`Hanno takes the top card of the pile`, while
    he defends: his defence from the pile). None: the move read stands (round 59's table had
    both answered as a sutler's)."""
    laying = bool(typed) and any(f in _LAYING_VERBS for f in _verb_forms(typed[0]))
    if not typed or not (laying or any(f in _LOOSE_VERBS for f in _verb_forms(typed[0]))):
        return None
    if kind in engine.spec.actions and _legal_readings(engine, state, player, [(kind, list(rest), None)]):
        return None  # (the move read is allowed: it stands)
    kinds = _kinds_timely_for(engine, state, player, but=kind)
    refused = engine.timing(state, kind, player) if kind in engine.spec.actions else None
    why = f"{player} may not {kind} now ({refused.reason})" if refused is not None else \
        f"'{typed[0]}' names no move of {player}'s allowed here"
    if laying:
        # (`Hanno plays his red`, `places his red face down` while he defends: the one move of his
        # now that lays one card the words name; round 75's table had a planting refused. Only
        # where the move named is not his now at all: `plays her fire` in a phase of planting
        # is a planting, whatever the card)
        if kind in engine.spec.actions and refused is None:
            return None
        fitting = [other for other in kinds if [p.type for p in engine.spec.actions[other].params] == ["card"]]
        return _the_one_reading(engine, state, player, fitting, rest, f"'{typed[0]}'", why, said)
    named = [other for other in kinds if any(other.endswith("_" + w.lower()) for w in rest)]
    if not named:
        # (none of his: the one move of this moment, anyone's, named so, judged for him and
        # refused; `Can Timon take camp 13?` while Keno chooses; round 76's table)
        from ...execution import moves
        moment = [k for k in dict.fromkeys(m.kind for m in moves.timely(engine, state))
                  if k != kind and any(k.endswith("_" + w.lower()) for w in rest)]
        if len(moment) == 1:
            words = [w for w in rest if not moment[0].endswith("_" + w.lower())]
            return _the_one_reading(engine, state, player, moment, words, f"'{typed[0]}'", why, said)
    if len(named) == 1:
        # (one move alone named after a word said; two, `burn_town` and `spare_town` for `takes
        # the town`, and the words do not say which: round 60)
        words = [w for w in rest if not named[0].endswith("_" + w.lower())]
        legal = _legal_readings(engine, state, player, [(named[0], words, f"'{typed[0]}': read as {named[0]}: {why}")])
        if legal:
            said.extend(legal[0][1])
            return legal[0][0]
        # (`Keno takes camp 09`, 09 being no camp: the move named, refused for it, not a cart's
        # take; round 88's hunter. Only with the space said by its id: `picks the first camp`
        # says none)
        if len(words) == 1 and state.board is not None and words[0] in state.board:
            return _the_one_reading(engine, state, player, named, words, f"'{typed[0]}'", why, said)
    if named:
        return None
    # (else only words that leave no doubt: the pile's top card, for a move that may take it
    # there, or one space and nothing else; `Timon takes the soy` in phase 2 is no offer, and
    # `Timon draws` no end of the phase: round 59's regression hunt)
    from ...execution.moves import card_zones
    # (`Timon draws` alone in the attack step is his drawing, refused until he ends the step,
    # not an attack with the pile's card: round 87's hunter)
    if "draw" in _verb_forms(typed[0]) and rest and all(w.lower() in ("a", "the", "top", "card", "one", "1")
                                                         for w in rest):
        rest = ["draw_pile 1"]  # (`Hanno draws a card` while he defends: the pile's top card, attack/21)
    pile = any(w.startswith("draw_pile") for w in rest)
    # (`Keno chooses the village 09`: the space's kind said before its id, as NOTATION.md has it;
    # round 88's hunter had the Jumping Bean's draft refused, exit 2)
    if len(rest) == 2 and state.board is not None and rest[1] in state.board \
            and rest[1] in _spaces_of_kind(state, rest[0].rstrip("s")):
        rest = rest[1:]
    lone_space = len(rest) == 1 and state.board is not None and rest[0] in state.board
    if not (pile or lone_space):
        return None
    def fits(other: str) -> bool:
        params = engine.spec.actions[other].params
        # (one space and nothing else is a move of one space: `Nina took his forest` is no
        # fortress built, from a quarry and at a space both read as the forest; round 92's table)
        return any((pile and p.type in ("card", "cards") and "draw_pile 1" in (card_zones(engine, other, p.name) or ()))
                   or (lone_space and p.type == "space" and len(params) == 1) for p in params)
    fitting = [other for other in kinds if fits(other)]
    if not fitting:
        # (none of his: the one move of this moment, anyone's, that these words make, judged for
        # him and refused; `Can Timon take camp 13?` while Keno chooses; round 76's table)
        from ...execution import moves
        fitting = [k for k in dict.fromkeys(m.kind for m in moves.timely(engine, state)) if k != kind and fits(k)]
        if len(fitting) != 1:
            return None
        # (a pronoun read as the attacker, where that move is the defender's alone: `Uwe attacks the
        # farm. He takes the top card of the pile.` is Hanno's defence, as `He defends` is;
        # round 96's hunter)
        other = _the_one_whose_moment(engine, state, fitting[0])
        if other is not None and other not in (player, state.active) and any(
                name == player and pronoun.lower() in ("he", "she") for name, pronoun, _ in PRONOUNS_READ.get() or ()):
            said.append(f"'{next(p for n, p, _ in PRONOUNS_READ.get() or () if n == player)}': read as {other}, the "
                        f"one player whose move {fitting[0]} is now")
            player = other
    return _the_one_reading(engine, state, player, fitting, rest, f"'{typed[0]}'", why, said)


def _the_one_reading(engine: Engine, state: State, player: str, kinds: list[str], rest: list[str], verb: str,
                     why: str, said: list[str]) -> dict | None:
    """The one action of these kinds that the words make legal now (with its notes); where none
    does and the kind is one, that action as the words make it, to be refused (`Can Timon take
    camp 13?` in the camp choice, before his turn to choose; round 76's table got a cart's move);
    else None."""
    legal = _legal_readings(engine, state, player, [
        (other, list(rest), f"{verb}: read as {other}, the move {player} may make now that these words make: {why}")
        for other in kinds])
    if not legal and len(kinds) == 1:
        notes = [f"{verb}: read as {kinds[0]}, the move of this moment these words name: {why}"]
        try:
            action = _single(engine, state, player, kinds[0], list(rest), notes)
        except BohnspecError:
            return None
        if any(action.get(p.name) is None for p in engine.spec.actions[kinds[0]].params):
            return None  # (`Nina picks a camp`: which one, the words do not say)
        said.extend(notes)
        return action
    if len({json.dumps(a, sort_keys=True) for a, _ in legal}) != 1:
        return None
    said.extend(legal[0][1])
    return legal[0][0]


# Verbs players use of many moves (`takes a card`, `picks a camp`): read as the move the player
# may make now when the one they name is not (_timely_reading).
_LOOSE_VERBS = frozenset({"take", "draw", "pick", "choose", "get", "use", "grab"})
# Verbs of laying a card down: read as the one move of the player's now that lays the card
# named, when the move they name is not allowed now (a defender `plays his red`).
_LAYING_VERBS = frozenset({"play", "lay", "place", "put"})


def _instead_of_untimely(engine: Engine, state: State, player: str, action: dict, rest: list[str],
                         said: list[str], first: int = 0) -> dict:
    """The move read, or, when its timing refuses it, the one other move the player may make now
    that the same words, without the space they name, make legal, where that space is the one
    the game is busy with (a variable of the game holds it: the battle): `Nina attacks 15 with
    her blue` while her second round against 15 awaits is that round (round 50). (A defender
    asking to attack elsewhere is not read as his defence.)"""
    kind = action.get("type")
    refused = engine.timing(state, kind, player) if kind in engine.spec.actions else None
    if refused is not None and any(p.type in ("field", "target") for p in engine.spec.actions[str(kind)].params):
        # (`plants the soy from the draft` while a Jumping Bean draft waits for his pick: the
        # one move that lays a card onto a field now, the pick; round 67's table)
        placing = [k for k in _kinds_timely_for(engine, state, player, but=str(kind))
                   if any(p.type == "target" for p in engine.spec.actions[k].params)]
        words = [w for w in rest if w.lower() not in ("from", "of") and w != "draft"]
        legal = _legal_readings(engine, state, player, [
            (other, words, f"read as {other}: {player} may not {kind} now ({refused.reason}), and {other} lays the "
                           "card said") for other in placing]) if len(placing) == 1 else []
        # (onto a field, as a planting is: not the discard pile; round 68's hunter)
        legal = [r for r in legal if all(r[0].get(p.name) != "discard" for p in engine.spec.actions[r[0]["type"]].params
                                         if p.type == "target")]
        if len(legal) == 1:
            del said[first:]  # (the notes of the move first read are not this one's)
            said.extend(legal[0][1])
            return legal[0][0]
    timely = _kinds_timely_for(engine, state, player, but=str(kind)) if refused is not None else []
    if refused is not None and str(kind).split("_")[0] in engine.spec.actions:
        # (`Timon plants the revealed reds into field 2` in the two-player game: the one move of
        # the verb's family the words make legal now, the planting of a whole variety; round
        # 85's hunter had the card's planting refused)
        root = str(kind).split("_")[0]
        siblings = [k for k in timely if k == root or k.startswith(f"{root}_")]
        words = [w for w in rest if w.lower() not in ("revealed", "received", "traded", "turned-up")]
        legal = _legal_readings(engine, state, player, [
            (other, words, f"read as {other}: {player} may not {kind} now ({refused.reason}), and {other}, the "
                           f"{root} of this moment, is the move these words make") for other in siblings]) \
            if words and siblings else []
        if len({json.dumps(a, sort_keys=True) for a, _ in legal}) == 1:
            del said[first:]
            said.extend(legal[0][1])
            return legal[0][0]
    if refused is not None and not [w for w in rest if w.lower() not in _ARTICLES]:
        # (`Must Nina plant?` in phase 0: the one move of the verb's family that is hers now, the
        # planting of a whole variety, with its values completed; round 86's table)
        family = [k for k in timely if k.startswith(f"{kind}_")]
        if len(family) == 1:
            notes: list[str] = []
            try:
                other = _single(engine, state, player, family[0], [], notes, spoken=True)
            except ActionError:
                other = None
            if other is not None:
                del said[first:]
                said.append(f"read as {family[0]}: {player} may not {kind} now ({refused.reason}), and {family[0]} "
                            f"is the {kind} of this moment")
                said.extend(notes)
                return other
    if refused is None or state.board is None or player != state.active:
        return action  # (`Can Nina attack t`, the defender: a question about an attack, answered so)
    # (the space the game's variables hold: the one fought over)
    named = {v for v in action.values() if isinstance(v, str) and v in state.board} & {
        v for v in state.vars.values() if isinstance(v, str)}
    if not named:
        return action
    kinds = _kinds_timely_for(engine, state, player, but=str(kind))
    # (those taking what the move said takes besides the space, its card: `attacks 09 with his
    # blue` is the second round, not a harvest of his blue field; round 89's hunter)
    taking = {p.name for p in engine.spec.actions[str(kind)].params if p.type != "space"}
    kinds = [k for k in kinds if taking & {p.name for p in engine.spec.actions[k].params}] or kinds
    words = [w for w in rest if w not in state.board and not _spaces_of_kind(state, w)]
    legal = _legal_readings(engine, state, player, [
        (other, words, f"read as {other}: {player} may not {kind} now ({refused.reason}), and {other}, in the fight "
                       f"over {', '.join(sorted(named))}, is the move these words make") for other in kinds])
    if len({json.dumps(a, sort_keys=True) for a, _ in legal}) != 1:
        return action
    said.extend(legal[0][1])
    return legal[0][0]


# A question after the moves of what they lead to (the events of the answer say it).
_OUTCOME_ASKED = re.compile(r"^(?:whose\s+turn\s+is\s+it(?:\s+now|\s+then|\s+next)?|"
                            r"who\s+(?:wins|won|has\s+won|is\s+(?:the\s+)?winner|is\s+winning|wins\s+the\s+game|"
                            # (`who gets the town?`: who takes it; round 87's third table)
                            r"gets|takes|holds|keeps|owns)"
                            # (`Who wins that?`, `who wins the fight?`: round 69's table)
                            r"(?:\s+(?:that|it|this|the\s+(?:fight|combat|battle|attack|duel|round|town|village|space|"
                            r"territory|landscape|land|farm|forest|steppe|paddock|swamp|quarry|mine|plantation)))?"
                            r"(?:\s+then|\s+now)?|(?:is|does)\s+the\s+game\s+(?:over|end)(?:\s+then|\s+now|\s+right\s+away|"
                            r"\s+at\s+once|\s+immediately|\s+here|\s+yet)?|"
                            # (`Does he also get the red and the green off the discard pile?` after
                            # the reveal: what the phase takes, which its events show; round 92's table)
                            r"(?:does|do|did|will|would)\s+\S+\s+(?:also\s+)?(?:get|take|receive|keep)\s+[^?]*?"
                            r"\s+(?:off|from|out\s+of)\s+(?:the\s+)?discard(?:\s+pile)?(?:\s+too|\s+as\s+well)?|"
                            # (`Does that end the game?` after a move: round 92's table)
                            r"(?:does|did|will|would)\s+(?:that|this|it)\s+end\s+the\s+game(?:\s+then|\s+now|\s+at\s+once|"
                            r"\s+right\s+away|\s+immediately)?|"
                            r"what\s+happens(?:\s+then|\s+now|\s+next)?|what\s+now|how\s+many\s+coins|"
                            # (`Does a draft start?`, `Is there a draft?` after a harvest: what it
                            # leads to, which its events show; round 94's table had it refused)
                            r"(?:does|did|will|would)\s+(?:a|the)\s+(?:jumping[\s-]bean\s+)?draft\s+(?:start|begin|"
                            r"happen|follow)(?:\s+then|\s+now)?|(?:is|was)\s+there\s+(?:a|any)\s+draft(?:\s+then|\s+now)?|"
                            # (`What's the score?`, `What's Timon's score?` after the moves: round 88's table)
                            r"what(?:'s|\s+is)\s+(?:the|\w+'s|his|her|their)\s+(?:score|standings?)(?:\s+now)?|"
                            # (`... How many coins does he get?`: what the move before pays; round 67;
                            # `What cards does he turn over?`, `How many cards does he draw?`: round 69)
                            r"(?:how\s+many(?:\s+(?:coins|cards|beans|points))?|how\s+much|what|which)"
                            r"(?:\s+(?:coins?|cards?|beans?|points?))?\s+(?:does|did|will|would|do)\s+\S+\s+"
                            r"(?:get|earn|receive|make|gain|draw|turn\s+(?:over|up)|reveal|take|lose|keep|have|"
                            # (`which coins does Nina give up?`: round 89's table)
                            r"give(?:\s+up)?|pay|spend)"
                            r"(?:\s+(?:then|now|for\s+(?:it|that|them)))?"
                            # (`Which beans does he get from the discard pile?`: round 85's second table)
                            r"(?:\s+(?:from|off|out\s+of)\s+(?:the\s+|his\s+|her\s+|their\s+)?[\w-]+(?:\s+pile)?)?|"
                            # (`Does he take it?` after an attack: whether it is won, which the
                            # answer's events show; round 85's player had the cart's take read)
                            r"(?:does|did|will|would)\s+\S+\s+(?:(?:take|conquer|capture|win|get|hold)\s+(?:it|that|"
                            r"the\s+(?:space|territory|landscape|town|village|fight|combat|battle|attack))|win)"
                            r"(?:\s+then|\s+now)?|"
                            # (`Does the attack succeed?`, `Is the attack successful?`: round 88's war table)
                            r"(?:(?:does|did|will|would)\s+(?:the|his|her|their|that|this)\s+(?:attack|charge|defen[cs]e|"
                            r"raid)\s+(?:succeed|work|fail|hold)|(?:is|was)\s+(?:the|his|her|their|that|this)\s+"
                            r"(?:attack|charge|defen[cs]e|raid)\s+(?:successful|a\s+success|won|lost))(?:\s+then|\s+now)?|"
                            # (`Does the coin go on the discard pile ...?`: where the move puts a card,
                            # which the answer's events show; round 91's table)
                            r"(?:does|do|did|will|would)\s+(?:the|his|her|their|that|this|those|these)\s+(?:coins?|"
                            r"cards?|beans?)\s+(?:go|land|end\s+up|lie|stay)\b[^?]*|"
                            # (`Can he?`, `Can she do that?`, `Is that allowed?` after the moves:
                            # the verdict on the move before; round 89's table had exit 2)
                            # (the player said by name once the pronoun is read: `Can Timon?`)
                            r"(?:can|may|could|might)\s+[\w'-]+(?:\s+do\s+(?:that|this|it|so))?|"
                            r"(?:is|was)\s+(?:that|this|it)\s+(?:allowed|legal|ok|okay|possible|fine|right|correct))"
                            r"\s*[?.!]*$",
                            re.IGNORECASE)


def _asks_an_outcome(engine: Engine, sentence: str, near: str = "", players: Sequence[str] = ()) -> bool:
    """Whether a question after the moves asks what they lead to, which the answer's events
    show: `Who wins?`, and any question opening with a question word or an auxiliary that
    names no move of the game (`Is Uwe out of the game?`, `Does the cannon help him?`, `How
    many points is that for Timon?`: round 69's table); and `Which coin does he pay?`, `How many
    cards does Timon draw?`, a question word's question of the move `near` it says (the sentence
    before it, or after a question asked first), not of another (`What does Keno get if he
    harvests his fire?`: that harvest, judged; round 76's hunter)."""
    text = sentence.strip()
    if _OUTCOME_ASKED.match(text):
        return True
    # (`Yvonne has six coins, so they both win, right?` after the moves: what they lead to,
    # asked for agreement; round 92's table)
    tag = _AGREEMENT_TAG.search(text)
    if tag is not None and text[:tag.start()].strip() and not mentions_a_move(engine, text[:tag.start()]):
        return True
    # (`Is that allowed, and which coins does Nina give up?`: two questions of the moves, each
    # answered by them; round 89's table had the whole read as a move)
    parts = re.split(r",?\s+and\s+(?=(?:which|what|who|whose|how|where|is|does|do|did|can|may|could)\b)", text,
                     flags=re.IGNORECASE)
    if len(parts) > 1:
        return all(_asks_an_outcome(engine, part.strip().rstrip("?") + "?", near, players) for part in parts)
    # (`Does Timon have to pay another coin for the second round?`: a question of that move)
    of = re.match(r"(?:must|(?:does|do|did|will|would)(?=\s+\S+\s+(?:have|need)\s+to\s)|can|may|could)\s+(\S+)\s+"
                  r"(?:(?:have|need)\s+to\s+)?(.*)$", text, flags=re.IGNORECASE)
    if of is not None and _paid_as_part(engine, _price_of_a_move(engine, f"{of[1]} {of[2]}")) is not None:
        return False
    words = [w.strip(",;:") for w in text.rstrip("?.! ").split()]
    said = _kinds_said(engine, words[1:])
    # (`Who defends it?` after an attack: who makes the move next, which the answer shows with
    # the moves it opens; round 86's table had the whole question refused)
    if len(words) > 1 and words[0].lower() == "who" and text.endswith("?"):
        # (and `Who has to draw the defending card?`: who makes it, as the answer shows)
        after = words[3:] if [w.lower() for w in words[1:3]] in (["has", "to"], ["needs", "to"], ["gets", "to"]) \
            else words[2:] if words[1].lower() in ("must", "may", "can", "will", "should") else words[1:]
        if after and _names_a_move(engine, after):
            return True

    def named(t: str) -> set[str]:
        """The players and the bean varieties the words name."""
        return {n for n in players if re.search(r"\b" + re.escape(n) + r"\b", t)} | {
            v for w in re.findall(r"[\w-]+", t) if (v := _variety_said(engine, w)) is not None}
    # (of the same move, by the same player, of the same cards: `Timon plants a red. Where does
    # Nina plant her green?` asks of Nina's planting, `Where does he plant the blue?` of the
    # blue's, each judged; so is a question of what he may do, `Which field is he allowed to`)
    if said and said & _kinds_said(engine, [w.strip(",;:") for w in near.rstrip("?.! ").split()]) \
            and not named(text) - named(near) \
            and text.endswith("?") and re.match(r"(?:which|where|what|how)\b[^?]*\b(?:does|do|did|will|would|is|are)\b",
                                                text, flags=re.IGNORECASE) \
            and not re.search(r"\b(?:can|may|must|could|might|should|if|when|allowed|able|permitted|supposed)\b", text,
                              flags=re.IGNORECASE):
        return True  # (`Which coin does he pay?`, `Where does the coin go?`: what the move did)
    # (`Has she won?`: round 86's table)
    return bool(re.match(r"(?:what|how|who|which|whose|where|does|do|did|is|are|was|were|will|would|has|have)\s", text,
                         flags=re.IGNORECASE)) and text.endswith("?") and not said


def values_asked(engine: Engine, state: State, question: str) -> tuple[str, list[str]] | None:
    """`Which spaces can Timon attack?`, `What can Nina plant?`: a question of the values a
    player's moves may take now, answered by what he may do (the player and the moves of the
    verb's family); None for another question (round 86's second table had it refused)."""
    names = "|".join(map(re.escape, state.names()))
    # (and `What must Timon plant?`, `Which cards does Timon have to plant?`: what he may, the
    # moves owed among them; round 88's table)
    troops = "|".join(_TROOPS)
    # (`Where can Nina plant the soy she received?`: which fields; round 95's table)
    m = re.match(r"^\s*(?:which|what|where)\b(?:\s+[\w-]+){0,3}?\s+(?:(?:can|may|could|must|should)\s+(" + names +
                 r")(?:'s\s+(" + troops + r"))?|(?:does|do|will)\s+(" + names + r")\s+(?:have|need)\s+to)"
                 r"\s+(.+?)\s*\?\s*$",
                 question, flags=re.IGNORECASE) if names else None
    if m is None:
        return None
    words = m[4].split()
    riding = [a.name for a in engine.spec.actions.values() if any(p.name in _TROOPS for p in a.params)]
    if riding and (m[2] or any(w.lower().strip(",.") in _TROOPS for w in words[1:])):
        # (`Which spaces can Timon attack with his riders?`, `... can Timon's riders attack?`: the
        # troops' move, not an attack with a card, whose targets the riders may not all reach;
        # round 95's table was given those and the riders dropped without a word)
        player = next(n for n in state.names() if n.lower() == m[1].lower()) if m[1] else None
        if player is not None:
            return player, riding
    player = next(n for n in state.names() if n.lower() == (m[1] or m[3]).lower())
    # (`What may Timon do now?`: every move of his, as `--player Timon` shows; round 89's war table)
    if re.fullmatch(r"do(?:\s+(?:now|next|here|at\s+this\s+point|instead))?", m[4], flags=re.IGNORECASE):
        return player, list(engine.spec.actions)
    kind = _action_named(engine, words)[0] if words else ""
    # (the verb's family too: `What can Timon plant?` in phase 3 is of plant_card)
    kinds = list(verb_moves(engine, kind))
    return (player, kinds) if kinds else None


# `Whose turn is it?`, `Who goes first?`, `Who is next?`: a question of who is to play, no move said.
_TURN_ASKED = re.compile(r"^\s*(?:whose\s+(?:turn|move|go)\s+is\s+it(?:\s+now)?|who(?:'s|\s+is)\s+(?:next|first|"
                         r"on\s+turn|the\s+active\s+player|the\s+starting\s+player|to\s+(?:play|move))(?:\s+now)?|"
                         r"who\s+(?:goes|plays|moves|starts|begins)(?:\s+(?:first|next|now))?)\s*\??\s*$",
                         re.IGNORECASE)
# `Who chooses a camp first?`, `Who may harvest now?`: the auxiliary before the verb.
_WHO_MAY = re.compile(r"^\s*who\s+(?:(?:can|may|could|might|must|should|has\s+to|gets\s+to|is\s+allowed\s+to|"
                      r"is\s+to|is\s+going\s+to|will)\s+)?(.+?)\s*\?\s*$", re.IGNORECASE)


def players_asked(engine: Engine, state: State,
                  question: str) -> tuple[list[str], tuple[list[str], str, list[str]] | None] | None:
    """`Who chooses a camp first?`, `Who may harvest now?`: a question of whom a move is open to
    now, answered by what each player may do of the verb's moves: (their kinds, None). Where it
    says more than its verb (`Who may harvest field 2?`, `Who can take camp 02?`), the second is
    (the players for whom the move it asks, read with each as its subject, is allowed now, those
    words, the kinds of move they were read as); words read as a move of nobody's (`Who may
    harvest if Timon ends the phase?`) leave the verb alone to answer. `Whose turn is it?`,
    `Who goes first?`: of who is to play, the situation itself ([], None). None for another
    question (`Who wins?` is the winners rule's)."""
    if _TURN_ASKED.match(question):
        return [], None
    m = _WHO_MAY.match(re.sub(r"\s+and\s+(?:why|how)\b[^?]*", "", question, flags=re.IGNORECASE))
    if m is None:
        return None
    words = m[1].split()
    if not words or not _names_a_move(engine, words):
        return None
    kind, used = _action_named(engine, words)
    # (the verb's family too: `Who may plant?` is of every planting)
    kinds = list(verb_moves(engine, kind))
    if not kinds:
        return None
    rest = [w for w in words[used:] if w.lower().strip(",") not in ("now", "first", "next", "here", "then", "today")]
    return kinds, (_players_able(engine, state, m[1]) if rest else None)


def _players_able(engine: Engine, state: State, said: str) -> tuple[list[str], str, list[str]] | None:
    """Of `Who may SAID?`: the players for whom the move said, read with each as its subject, is
    allowed now, the words and the kinds of move they were read as; None where nobody's reads."""
    able: list[str] = []
    kinds: list[str] = []
    read = False
    for name in state.names():
        try:
            actions = parse_action(engine, state, f"Can {name} {said}?")
        except BohnspecError:
            continue
        read = True
        kinds += [str(a.get("type")) for a in actions[:1] if a.get("type") not in kinds]
        now = state
        for action in actions:
            outcome = engine.apply(now, action)
            if not outcome.accepted:
                break
            now = outcome.state
        else:
            if actions:
                able.append(name)
    return (able, said, kinds) if read else None


def asks_an_outcome(engine: Engine, state: State, question: str) -> bool:
    """Whether a question said with moves asks what they lead to (`Does she take it?`), which
    the answer's events show, rather than of a move of its own."""
    if _claim_asked(state, question) is not None and _verbs(engine).get("claim") in engine.spec.actions:
        return False  # (a claim asked about, judged as one)
    return _asks_an_outcome(engine, question, "", state.names())


def _kinds_said(engine: Engine, words: list[str]) -> set[str]:
    """The moves of the game the words name, wherever they are said."""
    return {_action_named(engine, words[i:])[0] for i in range(len(words)) if _names_a_move(engine, words[i:])}


def _corrected(state: State, text: str) -> str:
    """A correction said at the table is what is meant: `plants the soy in field 1 — no wait, in
    field 3` (the place said again replaces the one before), `plants the soy, no wait, she plants
    the blue` (a move said again replaces the one before); round 71's table."""
    m = re.search(r"\s*(?:[\u2014\u2013]|--?|,)\s*(?:no\s*,?\s*wait|no\s*,?\s*sorry|sorry|I\s+mean|rather|"
                  r"no\s*,(?=\s+(?:in|into|on|onto|to|for|with|against|under)\s))\s*(?:,|[\u2014\u2013]|--?)?\s+", text,
                  flags=re.IGNORECASE)
    if m is None:
        return text
    before, after = text[:m.start()], text[m.end():]
    if re.match(r"(?:no\s*,?\s*wait|no\s*,?\s*sorry|sorry|I\s+mean|rather)\b", after, flags=re.IGNORECASE):
        return _corrected(state, before + ", " + after)  # (`no wait, no wait, ...`: said once)
    card = re.match(r"((?:his|her|their|my|the|a|an)\s+([\w-]+))\s*([.!?]?)$", after.strip(), flags=re.IGNORECASE)
    ordinal = r"\b(?:" + "|".join(_ORDINALS) + r"|\d+(?:st|nd|rd|th))\b"
    if card is not None and _mover(state, after) is None and re.fullmatch(ordinal, card[2], flags=re.IGNORECASE):
        # (`his first field, no wait, his second`: the ordinal said again; round 82's hunter)
        said_ordinals = list(re.finditer(ordinal, before, flags=re.IGNORECASE))
        if said_ordinals:
            replaced = said_ordinals[-1]
            return before[:replaced.start()] + card[2] + before[replaced.end():] + card[3]
    # (not `his first`, `the third`: a field said again, round 81's hunter)
    if card is not None and _mover(state, after) is None and card[2].lower() not in _ORDINALS \
            and not re.fullmatch(r"\d+(?:st|nd|rd|th)?|field|fields|one", card[2], flags=re.IGNORECASE):
        # (`plants his red, no wait, his blue`: the card said again replaces the last one said;
        # round 79's hostile tester had `his` taken for a player)
        said_cards = list(re.finditer(r"\b(?:his|her|their|my|the|a|an)\s+[\w-]+", before, flags=re.IGNORECASE))
        if said_cards:
            replaced = said_cards[-1]
            return before[:replaced.start()] + card[1] + before[replaced.end():] + card[3]
    place = re.match(r"(in|into|on|onto|to|for|with|against|under)\s+\S", after, flags=re.IGNORECASE)
    said = re.search(r"\s(in|into|on|onto|to|for|with|against|under)\s+(?:(?!\s(?:in|into|on|onto|to|for|with|"
                     r"against|under)\s).)*$", before, flags=re.IGNORECASE)
    if said is not None and place is not None:
        return before[:said.start()] + " " + after
    if said is not None and len(after.split()) <= 4 and _mover(state, after) is None \
            and after.split()[0].lower() not in ("he", "she", "they", "i"):
        # (`in field 2, I mean field 1`: the place said again without its word)
        return f"{before[:said.start()]} {said[1]} {after}"
    # (a move said again, its player by a pronoun: the one of the move before; the sentences
    # before that one stay, round 74's hunter)
    last = max((m_.end() for m_ in re.finditer(r"[.!;?]\s+", before)), default=0)
    mover = _mover(state, before[last:].strip())
    if mover is not None:
        after = re.sub(r"^(?:he|she|they)\b", lambda _m: mover, after, flags=re.IGNORECASE)
    return _corrected(state, before[:last] + after) if after.split() else text


def _subjects_said(state: State, text: str) -> str:
    """Who makes the moves, said otherwise than by a name first: `everybody` (each player),
    `Nina: Stop!` (what she says), `then his riders charge` (the first player named's)."""
    names = names_alternation(state)
    # (`Lisa draws and everybody passes`: each player, from the one whose turn it is round the
    # table, as `Anna, Paul and Lisa pass` is read; round 71's table)
    seated = state.names()
    if state.active in seated:
        k = seated.index(state.active)
        seated = seated[k:] + seated[:k]
    everyone = ", ".join(seated[:-1]) + f" and {seated[-1]}" if len(seated) > 1 else "".join(seated)
    # (only as the subject of a move: `because everyone else is ahead of him` is a reason;
    # round 72's hunter)
    text = re.sub(r"(^|[.!;?]\s+|,\s+|\b(?:and|then)\s+)(?:everybody|everyone|all\s+(?:the\s+)?players|all\s+of\s+"
                  r"them|each\s+player)\s+(?!else\b)(?=[a-z])", lambda m: m[1] + everyone + " ", text,
                  flags=re.IGNORECASE)
    # (`Nina: Stop!`, a player's words written as a play's: what she says; round 69's table)
    text = re.sub(r"(^|[.!;?]\s+)(" + names + r"):\s+", r"\1\2 says ", text)
    # (`Timon's riders charge n1, then his riders charge np`: the troops said again by his
    # or her after a join are the first player's named, a move of their own; round 70's table)
    mover = _mover(state, re.sub(r"^(\S+)'s\b", r"\1", text.strip()))
    # (and `Timon sends his riders against 15, then they attack 11`: round 89's second hunter)
    troops = re.match(r"^\s*(\S+)'s\s+(" + "|".join(_TROOPS) + r")\b", text, flags=re.IGNORECASE) or \
        re.match(r"^\s*(\S+)\s+[^,.;]*?\b(?:his|her|their)\s+(" + "|".join(_TROOPS) + r")\b", text, flags=re.IGNORECASE)
    if mover is not None and troops is not None:
        # (`Timon's riders attack 15, then they attack 10`: `they`, the troops said first, not
        # his hand card's attack; round 89's hunter)
        text = re.sub(r"(,|\band\b|\bthen\b)\s+(?:then\s+)?they\s+(?=(?:attack|charge|ride|gallop|storm)\w*\b)",
                      lambda m: f"{m[1]}{'' if m[1].lower() == 'then' else ' then'} {mover}'s {troops[2]} ", text,
                      flags=re.IGNORECASE)
    if mover is not None:
        text = re.sub(r"(,|\band\b|\bthen\b)\s+(?:then\s+)?(?:his|her|their)\s+(" + "|".join(_TROOPS) +
                      # (`. Then his riders attack 14` after another's move: one `then`; round
                      # 88's hunter had `Then then` read as a value of the move before)
                      r")\s+(?=\w)", lambda m: f"{m[1]}{'' if m[1].lower() == 'then' else ' then'} {mover}'s {m[2]} ",
                      text, flags=re.IGNORECASE)
    return text


def _joins_said(engine: Engine, state: State, text: str) -> str:
    """Ways of the table to join and open sentences, in the words the rest reads (round 71's
    table and the hunters after it): `, and after that she ...` (`then`), `; afterwards`, `while`,
    `so Eiko can say Stop`, `To Nina, Timon offers ...`, `, meanwhile`, `Timon then offers`, a
    reason after what is said (`says Stop: ...`), `no thanks`; then a question the asker answers,
    the openings, the amounts and whose turn it is (each its own function below)."""
    names = names_alternation(state)
    subject = r"(?:" + names + r"|he|she|they)"
    # (`; after that, Nina ...` as `, then`: round 76's hunter had `red;` read as a card)
    text = re.sub(r"(,?\s+and|,|;)\s+(?:after\s+(?:that|this)|afterwards|next|later|finally|lastly|subsequently|"
                  r"(?:only\s+)?then)\s*,?\s+", lambda m: (m[1] if "and" in m[1] else ",") + " then ", text,
                  flags=re.IGNORECASE)
    # (`Nina wants to plant the fire, but she harvests field 1 instead`: the move meant is not
    # made, the one done instead is; round 89's second hunter had both judged)
    text = re.sub(r"(^|[.!;?]\s+)(" + names + r")\s+(?:wants|wanted|would\s+like|'d\s+like|intends|intended|means|"
                  r"meant|tries|tried|planned|plans)\s+to\s+[^.;!?]*?[,.;]?\s+but\s+(?:then\s+)?(?:he|she|they|\2)\s+"
                  r"(?=[^.;!?]*\binstead\b)", r"\1\2 ", text, flags=re.IGNORECASE)
    # (`Nina says no, but then she offers ...`: a move of its own after the first; round 89's table)
    text = re.sub(r",?\s+but\s+(?:then\s+|instead\s+|afterwards\s+)?(?=" + subject + r"\s+\S)", ", then ", text,
                  flags=re.IGNORECASE)
    # (`Timon takes Nina's town with his blue while Nina defends with her soy`: her move, made
    # as his goes on; it was dropped as a time, round 76's table)
    # (`While Keno harvests his fire, Timon plants a red`: two moves, said at once; it was
    # dropped as a time, round 77's hunter)
    text = re.sub(r"(^|[.!;?]\s+)while\s+(" + names + r")\s+((\S+)\s+[^,.;!?]+),\s*(?=" + subject + r"\s)",
                  lambda m: f"{m[1]}{m[2]} {m[3]}, and " if _names_a_move(engine, [m[4]]) else m[0], text,
                  flags=re.IGNORECASE)
    # (with more words after the verb: `while Paul plays` alone is a time, his turn)
    text = re.sub(r",?\s+while\s+(" + names + r")\s+(?=(\S+)\s+(?!(?:and|then|but)\b)\w)",
                  lambda m: f" and {m[1]} " if _names_a_move(engine, [m[2]]) else m[0], text, flags=re.IGNORECASE)
    # (`Timon plants his green, so Eiko can say Stop`: Eiko's move after his, judged)
    # (not a player called Then or And: the join word would be read)
    # (not `so Nina can not defend`, a move denied, nor one said again after it, `so Keno can
    # accept, and he accepts`; round 78's hunter)
    def so_can(m: re.Match) -> str:
        again = re.search(r"\b(?:" + re.escape(m[1]) + r"|he|she|they)\s+" + re.escape(_said_of_one(m[2].lower()))
                          + r"\b", text[m.end():], flags=re.IGNORECASE)
        if m[1].lower() in ("then", "and", "but", "so") or m[2].lower() in ("not", "never", "no", "hardly") or again \
                or not _names_a_move(engine, [m[2], *text[m.end():].split()[:3]]):
            return m[0]  # (`so she can get into the castle`: what it is for, no move)
        return f" and {m[1]} {_said_of_one(m[2])}"
    # (a name only: `so she can defend` after Timon's attack took Timon for her; round 78's hunter)
    text = re.sub(r",?\s+so\s+(?:that\s+)?(" + names + r")\s+(?:can|could|may)\s+([a-z]+)\b", so_can, text,
                  flags=re.IGNORECASE)
    # (`Keno declines, so Timon offers it to Nina`: what follows, a move of its own; round 89's
    # second hunter had it dropped)
    text = re.sub(r",\s+so\s+(?=(?:" + names + r")\s+(\S+))",
                  lambda m: ", then " if _names_a_move(engine, [m[1]]) else m[0], text, flags=re.IGNORECASE)
    # (`Keno declines, but then accepts`: the same player's move after his; round 89's second hunter)
    text = re.sub(r",?\s+but\s+then\s+(?=(\S+))",
                  lambda m: ", then " if _names_a_move(engine, [m[1]]) else m[0], text, flags=re.IGNORECASE)
    # (`To Nina, Timon offers the fire`: the partner said first; round 76's hunter)
    text = re.sub(r"(^|[.!;?]\s+)to\s+(" + names + r")\s*,\s*(" + names + r")\s+(offers?|gives?|hands?|passes)\s+",
                  r"\1\3 \4 \2 ", text, flags=re.IGNORECASE)
    # (`, meanwhile Keno harvests`: a move of its own, after the comma; round 76's hunter)
    text = re.sub(r",\s+meanwhile\s*,?\s+(?=" + subject + r"\s)", ", ", text, flags=re.IGNORECASE)
    # (`After that, can Timon defend ...?`: the question, asked after the moves before)
    text = re.sub(r"(^|[.!?]\s+)(?:after\s+(?:that|this)|afterwards|then)\s*,?\s+(?=(?:can|may|must|could|does|do|is|"
                  r"are|will|would)\s)", r"\1", text, flags=re.IGNORECASE)
    text = re.sub(r"(^|[.!?]\s+)(?:after\s+(?:that|this)|afterwards|next|later|finally|lastly|subsequently)\s*,?\s+",
                  r"\1Then ", text, flags=re.IGNORECASE)
    # (`Timon then offers it to Keno`, `Keno quickly harvests`: when and how, said after the subject)
    # (but an answer's `Yes, he first plants the red` keeps its `first`: the move asked comes
    # after it, round 79's hunter had it dropped)
    # (and in a question: `Can he then plant the red?`, an unknown move `then` before)
    text = re.sub(r"((?:^|[.!;?,]\s+|\b(?:and|but)\s+)(?:(?:can|may|could|must|does|do|would|will)\s+)?" + subject
                  + r")\s+(then|quickly|simply|immediately|promptly|"
                  r"first)\s+(?=[a-z])", lambda m: m[0] if m[2].lower() == "first" and re.search(
                      r"\?\s+(?:yes|no|ok|okay|well|sure)\s*,\s*$", text[:m.start(1) + 2], flags=re.IGNORECASE)
                  else m[1] + " ", text, flags=re.IGNORECASE)
    # (`Nina says Stop: she has one bean on each field`: her reason, after what she says, up to
    # the next move said; round 76's hunter had `, and Keno pays tribute` taken with it)
    next_move = r"(?:,?\s+(?:and|then|but)\s+|,\s+)(?:then\s+)?" + subject + r"\b"
    said = r"\b((?:says|say|calls|call|shouts|shout)\s+[\"']?\w+[\"'!]?)"
    text = re.sub(said + r"\s*:\s+(?:(?!" + next_move + r")[^.!?;])*", r"\1", text, flags=re.IGNORECASE)
    # (`No, thanks`, `yes, thank you`: the answer; not `Timon thanks Nina`, round 76's hunter)
    text = re.sub(r"\b(no|yes)\s*,?\s+(?:thanks|thank\s+you)\b", r"\1", text, flags=re.IGNORECASE)
    text = re.sub(r",\s*(?:thanks|thank\s+you)\s*(?=[.!?,]|$)", "", text, flags=re.IGNORECASE)
    text = _asker_answered(engine, state, text)
    text = _openings_said(engine, state, text)
    text = _amounts_said(engine, state, text)
    return _whose_turn_said(state, text)


def _asker_answered(engine: Engine, state: State, text: str) -> str:
    """A question its asker answers: `Does Nina decline? No, she accepts.` (the answer alone),
    `Can Timon offer Eiko the fire? Sure, he offers it.` (the answer, once, with what the question
    named); another player's move in the answer: both (rounds 76 to 78's hunters)."""
    names = names_alternation(state)
    subject = r"(?:" + names + r"|he|she|they)"
    # (`Can Timon plant the blue? No, he plants the red.`, `Does Nina accept? Yes, Nina accepts.`:
    # the one asking answers; the answer is what happens, and the question is not judged too,
    # round 76's hunter had the move made twice; `he` is the one the question named)
    def answered(m: re.Match) -> str:
        lead, question, word, who, rest = m[1], m[2], m[3].lower(), m[4], m[5]
        asked_of = re.sub(r"^\s*(?:can|may|could|might|does|do|did|will|would|is|are|must)\s+", "", question,
                          flags=re.IGNORECASE)
        asker = _mover(state, asked_of)
        named = [n for n in state.names() if re.search(r"\b" + re.escape(n) + r"\b", text)]
        pronoun = who.lower() if who.lower() in _PRONOUNS else None
        other_sex = {"he": "she", "she": "he"}.get(pronoun or "")
        # (`Yes, he first plants the red`: `first` said before the verb, as after its words)
        first = re.match(r"first\s+", rest, flags=re.IGNORECASE) is not None or \
            re.search(r"\bfirst\b", rest, flags=re.IGNORECASE) is not None
        rest = re.sub(r"^first\s+", "", rest, flags=re.IGNORECASE)
        if word == "no":
            # (`No, he plants the red`: the answer alone, its `he` the one player the text names;
            # what its `it` is, the question does not say: `No, Keno offers it`, round 78's hunter;
            # not one the words say is a she: `Can Nina plant her soy? No, he plants his red`,
            # round 79's hunter had Nina plant Timon's red)
            if pronoun and len(named) == 1 and not (other_sex and _said_to_be(asked_of, named[0], state.names())
                                                    == other_sex):
                who = named[0]
            return lead + who + " " + rest
        others = [n for n in state.names() if n != asker and re.search(r"\b" + re.escape(n) + r"\b", question)]
        answer_kinds = _kinds_said(engine, rest.split()[:1])
        if pronoun and asker is not None:
            # (the asker's move, not another's the question names: `Can Timon plant the red after
            # Nina harvests her green? Yes, she harvests it first.` is hers; round 80's hunter)
            own = re.split(r"\b(?:" + "|".join(re.escape(n) for n in others) + r")\b", asked_of)[0] if others \
                else asked_of
            same_move = bool(_kinds_said(engine, own.split()[1:]) & answer_kinds)
            theirs = [n for n in others if answer_kinds and answer_kinds <= _kinds_said(
                engine, [w.strip("?!.") for w in re.split(r"[,;]", question.split(n, 1)[1])[0].split()])]
            if other_sex and _said_to_be(asked_of, asker, state.names()) == other_sex:
                # (`Can Timon attack nt with his blue? Yes, she defends`: not the asker; the other
                # player the question names, when the words leave one, else asked; round 79's hunter)
                # (and, for a move said to come `first`, only one whose move there is of the
                # answer's kind: `Can Timon offer Keno his green? Yes, she harvests her soy first`
                # is not Keno's, round 81's hunter; the partner answering, `Yes, she accepts it`, is
                # the partner, round 82's)
                fits = [n for n in (theirs if first else others) if _said_to_be(text, n, state.names()) != other_sex]
                who = fits[0] if len(fits) == 1 else who
            elif same_move or not others:
                who = asker
            elif len(theirs) == 1 and not (other_sex and _said_to_be(text, theirs[0], state.names()) == other_sex):
                who = theirs[0]
            # (`Can Timon offer Nina the soy? Yes, she accepts it.`: another move, and the question
            # names another player: whom the pronoun means is not guessed here)
        if asker is not None and (who != asker or who.lower() in _PRONOUNS):
            # (`Can Nina accept? Yes, Timon offers her the soy first.`: another's move, made first
            # when the answer says so, then the question; else after it; round 79's hunter had the
            # offer judged after the acceptance)
            if first:
                return lead + who + " " + re.sub(r",?\s*\bfirst\b", "", rest, count=1, flags=re.IGNORECASE) + ". " + \
                    question
            return lead + question + " " + who + " " + rest
        def beans_of(words: str) -> set[str]:
            return {v for w in re.findall(r"[\w-]+", words) if (v := _variety_said(engine, w)) is not None}
        # (the answer's own clause naming a partner the question did not: another move, `Yes, he
        # offers it to Keno first` an offer to Keno, then the one asked; round 80's hunter)
        clause = re.split(r",|\s+(?:and|then|but)\s+", rest)[0]
        asked_to = [n for n in state.names() if n != who and re.search(r"\b" + re.escape(n) + r"\b", question)]
        new_partner = any(re.search(r"\b" + re.escape(n) + r"\b", clause) for n in state.names()
                          if n != who and n not in asked_to)
        # (what the question named after its verb, its partners left out, `him` or `her` before
        # the card too: `Can Timon give her his green?`, round 80's hunter)
        asked = [w for w in question.rstrip(" ?").split()[3:] if w.strip(",").lower() not in
                 {n.lower() for n in asked_to}]
        if len(asked) > 1 and asked[0].lower() in ("him", "her", "them") and asked[1].lower() in (
                "his", "her", "their", "my", "the", "a", "an", "both", "all", "one", "two"):
            asked = asked[1:]
        # (`it` of one card, `them` of several: `Can Keno harvest his fire? Yes, he harvests them
        # first.` is not the fire; round 80's hunter)
        def several(words: str) -> bool:
            said = re.findall(r"[\w-]+", words.lower())
            return len(beans_of(words)) > 1 or any(
                w in ("both", "all", "several", "two", "three", "four", "five", "six", "beans", "cards")
                or w.endswith("s") and _variety_said(engine, w[:-1]) is not None
                or w.isdigit() and int(w) > 1 and k + 1 < len(said) and _variety_said(engine, said[k + 1]) is not None
                for k, w in enumerate(said))
        pronoun_of = re.search(r"\b(it|them)\b", clause, flags=re.IGNORECASE)
        # (of the cards the move asked gives: not what it asks for in return, nor another's move
        # said with it: `... the soy for her red`, `... the red before Nina harvests her green`)
        lower_names = {n.lower() for n in state.names()}
        given_words = list(itertools.takewhile(
            lambda w: w.lower() not in ("for", "before", "after", "while", "when", "if", "so", "then")
            and w.strip(",").lower() not in lower_names, asked))
        agrees = pronoun_of is None or (pronoun_of[1].lower() == "them") == several(" ".join(given_words))
        if first and new_partner:
            # (its `it` the card the question named, asked of no one: `offers it to Keno first`)
            given = asked[:next((k for k, w in enumerate(asked) if w.lower() == "for"), len(asked))]
            if beans_of(" ".join(given)) and agrees:
                rest = re.sub(r"\b(?:it|them)\b", lambda _m: " ".join(given), rest, count=1, flags=re.IGNORECASE)
            return (lead + who + " " + re.sub(r",?\s*\bfirst\b", "", rest, count=1, flags=re.IGNORECASE) + ". "
                    + question)
        # (unless the answer says that move too: `..., and then his fire`)
        if re.search(r"\b(?:it|them)\b", rest, flags=re.IGNORECASE) and agrees \
                and _kinds_said(engine, question.rstrip("?").split()[1:]) & _kinds_said(engine, rest.split()):
            # (`Yes, he offers it first`: the move asked, said again; `first` of nothing before it)
            rest = re.sub(r",?\s*\bfirst\b", "", rest, count=1, flags=re.IGNORECASE)
        elif first and not (beans_of(question) and beans_of(question) <= beans_of(rest)):
            # (`Can Keno harvest his fire? Yes, he harvests his blues first.`: that move, then the
            # one asked; round 78's hunter had the question's lost)
            return (lead + who + " " + re.sub(r",?\s*\bfirst\b", "", rest, count=1, flags=re.IGNORECASE) + ". "
                    + question)
        if not _kinds_said(engine, question.rstrip("?").split()[1:]) & _kinds_said(engine, rest.split()):
            # (the same player's move in other words, `Yes, Ada throws the green away`: the answer)
            return lead + who + " " + rest
        # (the move asked, said again: the answer, once, with what the question named of it, its
        # bean for `it` and its partner for `her` or where none is said: `Can Timon offer Eiko the
        # fire? Sure, he offers it.`; every move of the answer stays, round 78's hunter)
        partners = [n for n in state.names() if n != who and re.search(r"\b" + re.escape(n) + r"\b", question)]
        # (`it`, `them`: what the question named after its verb, its partner left out: `Can Timon
        # plant both reds? Yes, he plants them.`, `Can Uwe attack the village with the green? Yes,
        # he attacks it`; round 78's hunter had one red, and the green taken for the place)
        if new_partner:
            # (`Can Timon offer Nina the soy for her red? Yes, he offers it to Keno.`: what he
            # asked of Nina is not asked of Keno; round 79's hunter had Keno's third card asked)
            asked = asked[:next((k for k, w in enumerate(asked) if w.lower() == "for"), len(asked))]
        # (`them` of one card is that card when the answer is the move asked, said again; only
        # with `first` does the number tell another move: round 81's hunter had an empty offer)
        # (the answer's own clause naming its cards keeps them: `he offers them the soy`, or in
        # words after it that name no move, `..., the soy and the fire`; round 82's hunter)
        apposition = re.split(r"[,:;]", rest, maxsplit=1)[1].strip() if re.search(r"[,:;]", rest) else ""
        # (not a bean said where or with what: `plants them in his soy field`, `attacks it with
        # his blue`, whose `it` is still the question's)
        places = r"(?:with|in|into|on|onto|to|for|from|under|against)\b"
        placed = re.sub(r"\b" + places + r"\s+(?:(?:his|her|their|my|the|a|an)\s+)?(?!" + places + r")[\w-]+"
                        r"(?:\s+(?:beans?|fields?))?", " ", clause, flags=re.IGNORECASE)
        own_cards = pronoun_of is not None and (beans_of(placed) or (
            re.match(r"(?:the|his|her|their|a|an|both)\s", apposition, flags=re.IGNORECASE) is not None
            and not _kinds_said(engine, apposition.split()) and beans_of(apposition)))
        if asked and (agrees or not first) and not own_cards and beans_of(" ".join(asked)) | {
                w for w in asked if state.board is not None and w in state.board}:
            rest = re.sub(r"\b(?:it|them)\b", lambda _m: " ".join(asked), rest, count=1, flags=re.IGNORECASE)
        if len(partners) == 1:
            partner = partners[0]
            rest = re.sub(r"\bto\s+(?:him|her|them)\b", lambda _m: f"to {partner}", rest, count=1, flags=re.IGNORECASE)
            rest = re.sub(r"^((?:offers?|gives?|hands?)\s+)(?:him|her|them)\b", lambda m: m[1] + partner, rest,
                          flags=re.IGNORECASE)
            if re.match(r"(?:offers?|gives?|hands?)\s", rest, flags=re.IGNORECASE) \
                    and not re.search(r"\b(?:" + "|".join(map(re.escape, state.names())) + r")\b",
                                      rest.split(",")[0]):
                rest = re.sub(r"^(\S+\s+)", lambda m: m[1] + partner + " ", rest)
        return lead + who + " " + rest
    text = re.sub(r"(^|[.!;?]\s+)([^.!?;]*\?)\s+(yes|no|ok|okay|well|sure)\s*,\s+(" + subject + r")\s+([^.!?;]*)",
                  answered, text, flags=re.IGNORECASE)
    return text


def _openings_said(engine: Engine, state: State, text: str) -> str:
    """`What's` (`What is`), `the first phase` (phase 1), a time opening a sentence (`In the pause
    Lisa says ...`: said after her verb) and a purpose opening one (`To make room for the red,
    Paul ...`: no move)."""
    names = names_alternation(state)
    subject = r"(?:" + names + r"|he|she|they)"
    text = re.sub(r"\b(what|who|where|how)'s\b", r"\1 is", text, flags=re.IGNORECASE)
    # (`Is Timon even allowed to send his cavalry ...?`, `Can he really attack ...?`: said for
    # weight; round 94's table was told to name a player and a move)
    text = re.sub(r"(^|[.!?;]\s+)((?:can|may|could|is|are|does|do|must)\s+" + subject
                  + r")\s+(?:even|really|actually)\s+", r"\1\2 ", text, flags=re.IGNORECASE)
    # (`Keno says he can harvest his one-bean field; is he right?`: a dispute, asked as the
    # question of the move; round 82's table was told 'he' is no action)
    # (`Timon says Nina can't cash in her red. Is he right?`: another player's claim, in the
    # negative too, is the question of her move, which the verdict answers; round 95's table)
    def claimed(m: re.Match) -> str:
        who = m[2] if m[3].lower() in ("he", "she", "they") else next(
            (n for n in state.names() if n.lower() == m[3].lower()), m[3])
        return f"{m[1]}Can {who} {m[4]}?"
    text = re.sub(r"(^|[.!?]\s+)(" + names + r")\s+(?:says|claims|thinks|insists|argues)\s+(?:that\s+)?(he|she|they|"
                  + names + r")\s+(?:can(?:'t|not|\s+not)?|may(?:\s+not)?|(?:is|are)(?:\s+not|n't)?\s+allowed\s+to)\s+"
                  r"([^.;?!]+?)\s*(?:[;,.]\s*|\s+[\u2014\u2013-]+\s*)?"
                  r"(?:(?:is|are)\s+(?:he|she|they|that)\s+(?:right|correct)|(?:is|are)\s+(?:that|this|it)\s+(?:true|"
                  r"correct|right|allowed|legal)|right)?\s*\?", claimed, text, flags=re.IGNORECASE)
    # (`the first phase`: phase 1, as the rest reads it)
    text = re.sub(r"\bthe\s+(first|second|third|fourth|fifth)\s+(phase|step)\b",
                  lambda m: f"{m[2]} {_ORDINALS[m[1].lower()]}", text, flags=re.IGNORECASE)
    # (`In the pause Lisa says Stop`: the time, said after her verb, where a time of a move is
    # read; after the name, `he in the trading phase offers` was no move: round 76's hunter)
    # (a verb that ends a phase takes the time after its words: `In the bazaar Timon ends the
    # phase`, else the phase it ends would be the one named; round 77's designer)
    def timed(m: re.Match) -> str:
        if m[4].lower() in _ENDING:
            return f"{m[1]}{m[3]} {m[4]}{m[5]} {m[2]}"
        return f"{m[1]}{m[3]} {m[4]} {m[2]}{m[5]}"
    text = re.sub(r"(^|[.!;?]\s+|,?\s+and\s+(?:then\s+)?|,\s+)((?:in|during)\s+(?:the\s+[a-z]+(?:\s+(?:phase|step))?|"
                  r"(?:phase|step)\s+\d))(?:\s+(?:afterwards|after\s+that|then))?\s*,?\s+(" + subject + r")\s+(\S+)"
                  r"((?:(?!,?\s+(?:and|then)\s)[^.!;?])*)", timed, text, flags=re.IGNORECASE)
    # (`To make room for the red, Paul ...`: what it is for; not `To Nina, Timon offers ...`, a
    # partner said first: round 76's hunter)
    text = re.sub(r"(^|[.!;?]\s+)(?:in\s+order\s+)?to\s+(?!(?:" + names + r"|the|his|her|their|a|an|my|him|them)\b)"
                  r"[a-z]+\b[^,.;!?]*,\s*(?=" + subject + r"\b)", r"\1", text, flags=re.IGNORECASE)
    return text


def _amounts_said(engine: Engine, state: State, text: str) -> str:
    """`draws the last three cards from the pile` (the draw), `pays another coin` (a coin), and
    `Does she get to draw?` (whether she may)."""
    names = names_alternation(state)
    text = re.sub(r"\b(draws?|drew)\s+the\s+last\s+(?=(?:one|two|three|four|five|[0-9]+)\s+cards?\b)", r"\1 ", text,
                  flags=re.IGNORECASE)
    text = re.sub(r"\b(draws?|drew)(\s+(?:the\s+)?(?:one|two|three|four|five|[0-9]+)\s+cards?)?\s+(?:from|off)\s+"
                  r"(?:the\s+)?(?:draw\s+)?(?:pile|deck|stack)\b", r"\1\2", text, flags=re.IGNORECASE)
    text = re.sub(r"\b(pays?|paid)\s+another\s+(?=(?:gold\s+)?coin\b)", r"\1 a ", text, flags=re.IGNORECASE)
    # (`Does she get to draw?`, a move of the game after it: whether she may; round 71's table)
    text = re.sub(r"\b(?:(?:does|do|did)|(can|may|could))\s+(" + names + r"|he|she|they)\s+get\s+to\s+(?=(\S+))",
                  lambda m: f"{m[1] or 'can'} {m[2]} " if _names_a_move(engine, [m[3]]) else m[0], text,
                  flags=re.IGNORECASE)
    return text


def _whose_turn_said(state: State, text: str) -> str:
    """`It's Anna's turn.`: the situation's (another player's is told), or after moves said,
    whose turn they lead to."""
    def whose(m: re.Match) -> str:
        named = m[2]
        # (after moves said, not asked, whose turn they lead to is the answer's to show: `Timon
        # draws. It's Nina's turn now.`; round 76's hunter was told the situation's)
        before = text[:m.start()].strip()
        if named == state.active or before and not before.endswith("?"):
            return m[1]
        if named not in state.names():
            raise ActionError(f"'{m[0].strip()}': {named!r} is not at the table; players: {', '.join(state.names())}")
        raise ActionError(f"'{m[0].strip()}': it is {state.active}'s turn in this situation; judge answers where "
                          f"the game stands (give a situation of {named}'s turn)")
    # (only as a sentence of its own, or before `, but` or `, and`: `It is Nina's turn to
    # harvest` says something else)
    return re.sub(r"(^|(?<=[.!;?]))\s*it(?:'s|\s+is)\s+(?:now\s+)?(\w+)'s\s+turn(?:\s+now)?\s*"
                  r"(?:[.!;]|,\s*(?:but|and|so)\b|,|$)", whose, text, flags=re.IGNORECASE).strip()

def _said_of_one(verb: str) -> str:
    """A verb as said of one player (`harvest`: `harvests`, `pay`: `pays`, `pass`: `passes`),
    as the notation reads a move said of its player."""
    if re.search(r"(?:s|sh|ch|x|z)$", verb):
        return verb + "es"
    if re.search(r"[^aeiou]y$", verb):
        return verb[:-1] + "ies"
    return verb + "s"


def _pronouns_meant(engine: Engine, state: State, text: str,
                    record: list[tuple[str, str, str]] | None = None) -> str:
    """A pronoun said for a player, when the words leave one: the subject of a question or a
    sentence (never a player its own sentence names), and the partner of `offers him ...`. A
    player named only as a time's owner (`during Timon's trading`) is no one a pronoun stands
    for. Each subject so read is put in `record`, if given: (the player, the pronoun as said,
    the rest of its sentence)."""
    untimed = _without_times(text)
    named = [n for n in state.names() if re.search(r"\b" + re.escape(n) + r"\b", untimed, flags=re.IGNORECASE)]

    def meant(m: re.Match) -> str:
        # (a pronoun subject is never a player its own sentence names: `Can he offer Nina his
        # red for her green?` after `Timon plants`, he is Timon; round 67's table)
        rest = re.split(r"[.!;?]", text[m.end():], maxsplit=1)[0]
        if same_move_again(rest, text[:m.start()]):
            # (`Nina pays tribute. He pays tribute too.`: the move said before made again `too`
            # is another player's, whom the words do not say; round 94's hunter had Nina pay
            # twice. `She harvests ... and pays tribute too` is another move of hers.)
            return m[0]
        left = [n for n in named if not re.search(r"\b" + re.escape(n) + r"\b", rest, flags=re.IGNORECASE)]
        pronoun = m[0][len(m[1]):].lower()
        said_to = {"she": "her", "he": "him", "they": "them"}.get(pronoun)
        if said_to and re.search(r"\b(?:offers?|gives?|hands?|shows?|asks?|tells?|passes)\s+" + said_to +
                                 r"\b(?=\s+(?:the|a|an|his|her|their|my|one|two|both|all|some|\d))", text[:m.start()],
                                 flags=re.IGNORECASE):
            return m[0]  # (`Timon offers her the soy. She accepts.`: she is her, not Timon; round 77's hunter)
        if len(left) > 1:
            # (of several, the one the words have not said to be the other: `Timon attacks with
            # his blue. Nina defends with her red. He burns it.`; one merely said to be a he, where
            # another's words say nothing, is no surer: round 76's hunter)
            other = {"he": "she", "she": "he"}.get(pronoun)
            # (an offer's `for her red` says its partner is a she: `Timon offers his fire to Nina
            # for her red.` then `He ends the trading.`; round 90's hunter. Said after the pronoun
            # too: `He ends phase one. Can he trade the blue to Nina for her red?`; round 92's table)
            left = [n for n in left if other is None or (_said_to_be(text[:m.start()], n, state.names())
                                                         or _partner_said_to_be(text, n, state.names())) != other]
            if len(left) > 1 and re.search(r"\b(?:him|her)\b", rest, flags=re.IGNORECASE):
                # (`Can Timon offer Nina his fire? Can he offer her his green instead?`: the same
                # move again, of the subject of the sentence before, the other said as its object;
                # NOTATION.md's own example was asked whom `he` means; round 95's hunter)
                before = re.split(r"(?<=[.!;?])\s+", text[:m.start()].strip())[-1]
                mover = _mover(state, _unasked(before).strip())
                verb = _action_named(engine, rest.split()[:3])[0] if rest.split() else ""
                said_then = re.match(r"\s*(\S+)", _unasked(before).strip()[len(mover or ""):])
                if mover in left and said_then is not None and verb in engine.spec.actions \
                        and _action_named(engine, [said_then[1]])[0] == verb:
                    left = [mover]
        elif left and pronoun in ("he", "she") and _said_to_be(_unasked(text[:m.start()]), left[0], state.names()) \
                == {"he": "she", "she": "he"}[pronoun]:
            return m[0]  # (`Can Timon attack with his blue? She defends`: not Timon; round 79's hunter)
        if len(left) != 1:
            return m[0]
        for kept in (record, PRONOUNS_READ.get()):
            if kept is not None:
                # (`Does he have to defend?`: the move after what the question asks of it)
                kept.append((left[0], m[0][len(m[1]):], re.sub(r"^\s*(?:have|has|need|needs|get|gets)\s+to\s+", " ",
                                                                  rest, flags=re.IGNORECASE)))
        return m[1] + left[0]
    if named:
        # (after a question too: `Can Timon plant? Can he plant again?`, told `name the player`)
        text = re.sub(r"((?:[.!;?]|\s[\u2014\u2013-]+)\s*(?:can|may|must|does|do|is|are|would|could|will|should)\s+)"
                      r"(?:he|she|they)\b", meant, text, flags=re.IGNORECASE)
        # (`... ends phase 1. She gives the revealed green to Lisa`: a sentence's pronoun
        # subject too; round 71's table)
        # (after a question too: `Can Timon plant the blue? No, he plants the red.`)
        text = re.sub(r"((?<=[.!;?])\s+)(?:he|she|they)\b(?=\s+\w)", meant, text, flags=re.IGNORECASE)

        def partner(m: re.Match) -> str:
            # (`Paul ends the trading, then Felix offers him his red`: the one player named
            # who is not the one offering; round 71's table had `him` taken for a name)
            start = max(text.rfind(".", 0, m.start()), text.rfind(";", 0, m.start()), text.rfind(",", 0, m.start()),
                        text.rfind("?", 0, m.start()))
            # (`Can Nina offer him ...?`: the subject after a question's word; round 76's hunter)
            # (the clause's own subject: `Nina harvests her soy and Timon offers her ...` is Timon's
            # offer, not Nina's; round 78's hunter had the offer made to Timon)
            clause = re.split(r"\b(?:and|then|but)\s+(?=\S)", text[start + 1:m.start()], flags=re.IGNORECASE)[-1]
            subject = _mover(state, re.sub(r"^(?:\s*(?:and|then|can|may|must|could|would|will|should|does|do)\s+)+", "",
                                           clause.strip(), flags=re.IGNORECASE))
            if subject is None:
                return m[0]
            # (the one player the rules let the subject make the move with: `Paul offers Anna the
            # soy. Lisa offers him her blue`, Paul the player whose turn it is; a guess from the
            # sentence before took Anna, round 73's hunter; where the rules let several, the one
            # other player named, if nobody else could be meant, nor a him be a her: round 74's)
            kind = _action_named(engine, [m[1]])[0]
            partner_param = next((p.name for p in engine.spec.actions[kind].params if p.type == "player"), None) \
                if kind in engine.spec.actions else None
            everyone = [n for n in state.names() if n != subject]
            allowed = _values_allowed(engine, state, kind, subject, partner_param, everyone) \
                if partner_param is not None else everyone
            others = [n for n in named if n != subject]
            if len(allowed) == 1:
                return f"{m[1]} {allowed[0]}"
            if not allowed and len(others) == 1:  # (nobody now: the verdict refuses whoever it is)
                return f"{m[1]} {others[0]}"
            # (the one other player named, whom the words said to be what the pronoun is: `Keno
            # harvests his fire, so Timon can give him the fire`; round 78's hunter)
            sex = {"him": "he", "her": "she"}.get(m[0].split()[-1].lower())
            if len(others) == 1 and sex and _said_to_be(text, others[0], state.names()) == sex:
                return f"{m[1]} {others[0]}"
            return m[0]
        # (`gives his green to her`: as `gives her his green`; it was an offer to a player called
        # `to`, round 80's hunter)
        text = re.sub(r"\b(offers?|gives?|hands?|passes)\s+((?:his|her|their|the|a|an|my|one|two|both|all)\s+[\w-]+"
                      r"(?:\s+(?:and|or)\s+(?:his|her|their|the|a|an|my)\s+[\w-]+)?)\s+to\s+(him|her|them)\b"
                      r"(?=\s*(?:[.,;!?]|$|\s+(?:and|then|but)\b))", lambda m: f"{m[1]} {m[3]} {m[2]}", text,
                      flags=re.IGNORECASE)
        text = re.sub(r"\b(offers?|gives?|hands?|shows?|passes)\s+(?:him|her|them)\b(?=\s+(?:his|her|their|the|a|"
                      r"an|my|one|two|both|all)\b)", partner, text, flags=re.IGNORECASE)
        text = _answer_to_the_offer(state, text)
    return text


def _unasked(text: str) -> str:
    """The words with each question's opening (`Can`, `Does`) left out: `Can Timon attack with
    his blue?` says of Timon what `Timon attacks with his blue` says."""
    return re.sub(r"(^|[.!?;]\s*)(?:can|may|could|might|does|do|did|will|would|is|are|must)\s+", r"\1", text,
                  flags=re.IGNORECASE)


def _answer_to_the_offer(state: State, text: str) -> str:
    """`Timon offers the soy to Nina for her red, and she says yes`: the one who answers an offer
    is the one it was made to (only that player may take or turn it down, phase-2/14), and the
    one who takes it back is the one who made it; said of the offer just before (round 75's
    table was asked whom `she` means)."""
    names = names_alternation(state)
    offer = (r"\b(" + names + r")\s+(?:offers?|gives?|hands?|proposes?|trades?)\b(?:(?![.!?;]).)*?"
             r"\b(?:to\s+)?(" + names + r")\b(?:(?![.!?;]).)*?(?:[,.;]\s*|\s+)(?:(?:and|but|then)\s+)*")

    def meant(m: re.Match) -> str:
        maker, to, pronoun, verb = m[1], m[2], m[3].lower(), m[4]
        if maker == to:
            return m[0]
        # (not against what the words said of them: `Timon offers Nina his green ..., and he
        # accepts` is Timon's own acceptance, asked; round 77's hunter)
        # (the partner's `for her red` in the offer says what the partner is; where the words say
        # the maker is what the pronoun is and say nothing of the partner, `Nina offers Timon her
        # fire, and she accepts`, whom it means is asked; rounds 77 and 78's hunters)
        other = {"he": "she", "she": "he"}.get(pronoun)
        asked_for = re.search(r"\bfor\s+(his|her)\b", m[0][:m.start(3) - m.start(0)], flags=re.IGNORECASE)
        partner_is = {"his": "he", "her": "she"}[asked_for[1].lower()] if asked_for else \
            _said_to_be(text[:m.start(3)], to, state.names())
        maker_is = _said_to_be(text[:m.start(3)], maker, state.names())
        back = re.match(r"(?:takes?\s+(?:it|the\s+offer)\s+back|takes?\s+back|withdraws?)", verb, flags=re.IGNORECASE)
        if other is not None and not back and (partner_is == other or maker_is == pronoun and partner_is != pronoun):
            return m[0]
        # (`and she takes it`: the offer taken, her acceptance)
        said = "accepts" if re.fullmatch(r"takes?\s+it", verb, flags=re.IGNORECASE) else verb
        return m[0][:m.start(3) - m.start(0)] + (maker if back else to) \
            + m[0][m.end(3) - m.start(0):m.start(4) - m.start(0)] + said + m[0][m.end(4) - m.start(0):]
    # (asked too: `Must she accept?`, `Does she have to accept?`; round 96's table was asked whom
    # `she` means)
    return re.sub(offer + r"(?:(?:must|does|do|did|can|may|will|would|should|could)\s+)?(he|she|they)\s+"
                  r"(?:(?:have|has|need|needs)\s+to\s+|(?:still|also|really)\s+)?"
                  r"(says?\s+(?:yes|no)|accepts?|agrees?|declines?|refuses?|rejects?|"
                  r"turns?\s+it\s+down|takes?\s+it(?:\s+back)?|takes?\s+the\s+offer\s+back|takes?\s+back\s+(?:the\s+"
                  r"offer|it)|withdraws?)\b",
                  meant, text, flags=re.IGNORECASE)


# A parenthesised aside outside a list's brackets (a card's name in brackets, `[Nina's hand 1
# (Red Bean)]`, is the list's own).
ASIDE = re.compile(r"\s*\(([^()\[\]]*)\)(?![^\[]*\])")


# A spaced dash and what follows it to the end of its sentence (not a question, which is split
# off as one of its own), or to a dash closing it (`- Keno says that's unfair - and she accepts`).
_DASH = r"\s+(?:[\u2014\u2013]|--?)\s+"
_DASHED = re.compile(_DASH + r"((?:(?!" + _DASH + r")[^.!?;\u2014\u2013])*?[^\s.!?;\u2014\u2013-])"
                     r"(" + _DASH + r"((?:and\s+then|and|then)\s+)?|(?=\s*[.!;]|\s*$))")


def _dash_asides(engine: Engine, state: State, text: str) -> str:
    """`Nina harvests her reds - she says you can harvest any time`, `with the top card of the
    stack - the last card of the pile`: what a player says, or a noun said again, set off by a
    dash, is no move (round 91's table had each refused as `'-' is one too many`); passed over
    and listed where the caller collects narration (NARRATED)."""
    names = names_alternation(state)

    def aside(m: re.Match) -> str:
        said = m[1]
        # (what a card says: its text; what a player says of the rules, `you can harvest any
        # time`, `he can't`: a claim the verdict answers; what a player says of no move at all.
        # Not an answer or a move said, `she says yes`, `Eiko says Stop`, `he says he defends
        # with his soy`, which are moves: round 91's hunter)
        card = re.match(r"(?:his|her|their|the|(?:" + names + r")'s)\s+(?:vine\s+)?card\s+(?:says|reads)\b", said,
                        flags=re.IGNORECASE)
        speech = re.match(r"(?:he|she|they|" + names + r")\s+(?:says|said|claims|claimed|thinks|thought|insists|"
                          r"insisted|argues|argued|shouts|shouted|objects|objected|believes|believed)\s+(?:that\s+)?"
                          r"(.*)$", said, flags=re.IGNORECASE)
        claim = speech is not None and re.match(r"(?:you|one|players?|anyone|everyone|anybody|everybody|nobody|"
                                                r"no\s+one|he|she|they|" + names + r")\s+(?:can't|cannot|can|may|must|"
                                                r"mustn't|should|shouldn't|is\s+(?:not\s+)?allowed|isn't\s+allowed|has\s+to|"
                                                r"have\s+to)\b", speech[1], flags=re.IGNORECASE)
        answered = speech is not None and re.search(r"\b(?:yes|no|fine|ok|okay|deal|thanks|stop|pass|passes|accepts?|"
                                                    r"agrees?|declines?|refuses?|takes?|take\s+it|'ll)\b", speech[1],
                                                    flags=re.IGNORECASE)
        idle = speech is not None and not answered and not mentions_a_move(engine, speech[1])
        noun = re.match(r"(?:the|a|an|its|which|that\s+is)\s", said, flags=re.IGNORECASE) \
            and not re.search(r"\b(?:is|are|was|were|has|have|had|will|can|may|must)\b", said, flags=re.IGNORECASE) \
            and not mentions_a_move(engine, said)
        if not (card or claim or idle or noun):
            # (`Nina attacks 13 with her fire — Timon defends with his blue`: a move of its
            # own subject after a dash is a sentence of its own; `'—' is one too many` before)
            words = re.sub(r"^(?:and\s+)?(?:then\s+)?", "", said, flags=re.IGNORECASE).split()
            if not m[3] and not m[2].strip() and len(words) > 1 \
                    and re.fullmatch(r"(?:he|she|they|" + names + r")", words[0], flags=re.IGNORECASE) \
                    and _names_a_move(engine, words[1:]):
                return ". " + " ".join(words) + m[2]
            return m[0]
        _narrate(said)
        if not m[2].strip():
            return ""
        # (closed by a dash, the sentence goes on after it: `- she thinks about it - and
        # accepts` is her acceptance, the aside's subject that of the words after it)
        subject = re.match(r"(he|she|they|" + names + r")\s", said, flags=re.IGNORECASE)
        joined = f" {m[3].strip()} " if m[3] else " "
        # (not where the words after it name their own: `- Keno says that's unfair - and she accepts`)
        own = re.match(r"(?:he|she|they|" + names + r")\b", m.string[m.end():], flags=re.IGNORECASE)
        return joined + (f"{subject[1]} " if subject is not None and m[3] and own is None else "")
    return _DASHED.sub(aside, text)


def _backstory_dropped(engine: Engine, state: State, text: str) -> str:
    """`Timon has drawn his cards. Now Nina wants to pay a coin ...` in the intermediate phase:
    what has been done, told before a sentence opening with `now`, where the situation refuses
    it as a move now (it is done: the draw lies behind), is how the situation came about; no
    move of the question (round 91's table had Timon's draw judged again, and refused). A move
    the situation still allows (`Timon has planted the blue. Now he plants the green.` before
    either) is a move, told in another tense (round 91's hunter)."""
    names = names_alternation(state)
    parts = re.split(r"(?<=[.;!])\s+", text.strip())
    now = next((k for k, s in enumerate(parts) if k and re.match(r"now\b", s, flags=re.IGNORECASE)), None)
    if now is None or not all(re.match(r"(?:" + names + r")\s+(?:has|have|had)\s+(?:already\s+|just\s+)?"
                                       r"\w+(?:ed|wn|en|ne|t|id|ught)\b", s, flags=re.IGNORECASE)
                              for s in parts[:now]):
        return text
    for s in parts[:now]:
        try:
            actions = parse_action(engine, state, present_told(engine, state.names(), s.rstrip(".;! ")))
        except BohnspecError:
            return text  # (unread: left to the reading, which says what it cannot read)
        # (only a move whose moment is past, or not here: `has drawn` in the intermediate
        # phase; a move refused for another reason is judged, `has harvested her reds` where
        # her other field is longer; round 91's hunter)
        if not actions or any(engine.timing(state, a["type"], a.get("player", "")) is None for a in actions):
            return text
    _narrate(*parts[:now])
    rest = " ".join(parts[now:])
    named = {n for s in parts[:now] for n in state.names() if re.match(re.escape(n) + r"\b", s)}
    if len(named) == 1:
        # (`Now he plants ...`: the player the passed-over words named)
        rest = re.sub(r"^(now\s*,?\s+)(?:he|she)\b", lambda m: m[1] + next(iter(named)), rest, flags=re.IGNORECASE)
    return rest


def _sentences(text: str) -> list[str]:
    """The sentences of a text, each with the stop that ends it (`.`, `!`, `;` or `?`)."""
    return re.split(r"(?<=[.!;?])\s+", text.strip())


# Where a sentence divides into clauses: before a conjunction after a comma, before a question
# after a comma (`..., who wins?`), at a dash; the separator kept, to put the rest together as said.
_CLAUSE = re.compile(r"(,\s+(?=(?:but|so|and\s+so|because|since|although|though|even\s+though|as)\s)|"
                     r",\s+(?=(?:who|what|is|are|does|do|can|may|must|how)\b[^,]*\?\s*$)|\s+[\u2014\u2013]\s+)",
                     flags=re.IGNORECASE)
_CONJUNCTION = re.compile(r"^(?:but|so|and\s+so|because|since|although|though|even\s+though|as)\s+", re.IGNORECASE)
# A clause that tells how things stand: a verb of being, having, standing or fitting (`there are
# only two left`, `she only has four coins`, `his red doesn't fit anywhere`, `Nina can harvest any
# time`, `Keno and Nina stand on the same card`)...
_STANDING = re.compile(r"\b(?:is|are|was|were|isn't|aren't|has|have|had|hasn't|haven't|holds?|doesn't\s+fit|"
                       r"does\s+not\s+fit|fits?|can|can't|cannot|stands?|stood|lies|lie)\b", re.IGNORECASE)
# ... and gives no value of a move: no card, field or space said with a preposition, no `too`,
# `also`, `so does` (round 93's regression hunt: `, but for her red`, `, but with her fire`,
# `, but into field 2`, `- so does Keno` were dropped, and a move judged without them).
_VALUE_SAID = re.compile(r"\b(?:for|with|into|onto|in\s+field|from|to|too|also|as\s+well|so\s+does|as\s+does|"
                         r"field\s+\d|instead)\b", re.IGNORECASE)


def idle_clauses_dropped(engine: Engine, state: State, said: list[str]) -> tuple[list[str], list[str]]:
    """The texts without the clauses (_CLAUSE) of their sentences that name no move, ask
    nothing, tell how things stand (_STANDING) and give no value of a move (_VALUE_SAID),
    where a sentence has another clause, and without the sentences made only of such clauses,
    where the text has another sentence; the rest as said, but for a conjunction opening it
    and a `he` or `she` there, the one player the dropped clauses named: (the texts, the
    clauses dropped)."""
    names = state.names()
    kept_texts: list[str] = []
    dropped: list[str] = []
    for text in said:
        if text.lstrip().startswith("{"):
            kept_texts.append(text)
            continue
        sentences = []
        said_sentences = _sentences(text)

        def idle_of(clauses: list[str]) -> list[int]:
            return [k for k, c in enumerate(clauses) if c.strip() and not c.rstrip().endswith("?")
                    and not mentions_a_move(engine, c) and _STANDING.search(c) and not _VALUE_SAID.search(c)]
        # (a sentence that only tells how things stand, beside one that does not: `Keno and Nina
        # stand on the same card; can Keno claim ...?`, round 94's table)
        moving = [s for s in said_sentences if len(idle_of(_CLAUSE.split(s)[0::2])) < len(_CLAUSE.split(s)[0::2])]
        for sentence in said_sentences:
            parts = _CLAUSE.split(sentence)  # clause, separator, clause, ...
            clauses = parts[0::2]
            idle = idle_of(clauses)
            if idle and len(idle) == len(clauses) and moving:
                dropped.extend(c.strip().rstrip(".;") for c in clauses if c.strip())
                continue
            if not idle or len(idle) == len(clauses):
                sentences.append(sentence)
                continue
            kept = [k for k in range(len(clauses)) if k not in idle]
            first = _CONJUNCTION.sub("", clauses[kept[0]].strip())
            named = {n for k in idle for n in names if re.search(r"\b" + re.escape(n) + r"\b", clauses[k])}
            if kept[0] > 0 and len(named) == 1 and not any(re.search(r"\b" + re.escape(n) + r"\b", first)
                                                           for n in names):
                first = re.sub(r"^(?:he|she)\b", next(iter(named)), first, flags=re.IGNORECASE)
            rebuilt = first[:1].upper() + first[1:] if kept[0] > 0 else clauses[kept[0]]
            for k in kept[1:]:
                rebuilt += parts[2 * k - 1] + clauses[k]  # (the separator before it, as said)
            end = re.search(r"[.;!?]$", sentence.rstrip())
            if end and not re.search(r"[.;!?]$", rebuilt.rstrip()):
                rebuilt = rebuilt.rstrip() + end[0]  # (the sentence's mark, where its last clause went)
            sentences.append(rebuilt)
            dropped.extend(clauses[k].strip().rstrip(".") for k in idle)
        kept_texts.append(" ".join(sentences))
    return kept_texts, dropped


# A question tag asking for agreement (`..., right?`, `..., doesn't he?`, `..., isn't it?`): it asks
# nothing of its own; what it follows says what is asked.
_AGREEMENT_TAG = re.compile(
    r"\s*[,\u2014\u2013-]+\s*(?:right|no|yes|correct|surely|isn't\s+(?:it|that\s+so)|"
    r"(?:doesn't|does|didn't|did|can't|cannot|can|won't|will|hasn't|has|isn't|is|wasn't|was|aren't|are|don't|do|"
    r"shouldn't|should|mustn't|must|couldn't|could)\s+(?:he|she|it|they|that|there|i|we|you))\s*\?+\s*$",
    flags=re.IGNORECASE)


def _challenges_dropped(engine: Engine, state: State, text: str) -> str:
    """`..., so he wins, doesn't he?`, `She sits to his left after all, right?`, `Nina offers
    Keno her red for his soy — that's allowed, right?`: what a player holds against the
    moves, asked for agreement. A sentence after the moves, or a last clause after a move,
    that names no move is passed over (round 92's table had exit 2 after the verdict); a
    question so dropped leaves one asking what the moves lead to (who wins, where it says
    so). A tag after a move alone asks whether it is allowed, as `..., is that allowed?`."""
    parts = _sentences(text)
    asked = ""
    for k, s in enumerate(parts):
        tag = _AGREEMENT_TAG.search(s)
        if tag is None or not s[:tag.start()].strip():
            continue
        body = s[:tag.start()].rstrip(" ,")
        # (`that's allowed, right?`: the tag of legality it follows, too)
        body = re.sub(r"\s*[,;:\u2014\u2013-]+\s*(?:that's|that\s+is|it's|it\s+is|this\s+is)\s+(?:legal|allowed|ok|"
                      r"okay|fine|correct|possible|right)$", "", body, flags=re.IGNORECASE)
        # (`He doesn't pay another coin for that, does he?`: what a move does not do, a claim of
        # its outcome, whatever move it names; round 92's table)
        negated = re.match(r"\S+\s+(?:still\s+)?(?:doesn't|does\s+not|didn't|did\s+not|won't|will\s+not|isn't|is\s+not|"
                           r"hasn't|has\s+not|needn't|need\s+not)\s", body, flags=re.IGNORECASE) is not None
        if negated or not mentions_a_move(engine, body):
            # (one sentence alone, said after the moves, is a question of them: _asks_an_outcome)
            if k:
                _narrate(s)
                parts[k] = ""
                asked = asked or ("Who wins?" if re.search(r"\b(?:wins?|winners?|won)\b", body, flags=re.IGNORECASE)
                                  else "What happens?")
            continue
        # (`Eiko picks the red next, she sits to his left after all, right?`: the clause after
        # the move, naming none)
        clause = re.search(r",\s+(?:(?:so|but|and|because|since|as)\s+)?([^,]+)$", body)
        if clause is not None and not mentions_a_move(engine, clause[1]) \
                and mentions_a_move(engine, body[:clause.start()]):
            _narrate(clause[0].lstrip(", "))
            body = body[:clause.start()]
        parts[k] = body + "?"
    kept = [s for s in parts if s]
    if asked and not any(s.rstrip().endswith("?") for s in kept):
        kept.append(asked)
    return " ".join(kept)


def _concessions_dropped(text: str) -> str:
    """`Does that end the game, even though Timon was there first?`, `Can he still trade the
    blue, now that the pile is gone?`: what the asker grants, said inside the question, which
    the answer weighs anyway (round 92's table had the question unread)."""
    def granted(m: re.Match) -> str:
        _narrate(m[0].strip(" ,"))
        return ""
    return re.sub(r",?\s+(?:even\s+though|even\s+if|although|though|now\s+that)\s+[^?.!;,]*(?=\?)", granted, text,
                  flags=re.IGNORECASE)


def _claims_dropped(engine: Engine, state: State, text: str) -> str:
    """`Uwe has a cannon, so he wins the tie?`, `The village has a fortress, so Hanno says he
    wins the tie - but Uwe has an iron mine.`: what the players hold and claim after the moves,
    which the answer's events settle, passed over (round 91's table had `unknown action 'has'`);
    a question so dropped leaves one asking what the moves lead to."""
    parts = _sentences(text)
    # (a claim with its reason, of clauses joined: one sentence of what a player holds is the
    # reading's own to pass over, with whom its `she` after it means: `holding` in split_moves)
    claimed = [k for k, s in enumerate(parts) if k and re.search(r",?\s+(?:so|but)\s+|\s+[-\u2014\u2013]+\s+", s)
               and _claims_only(engine, state, s)]
    if not claimed:
        return text
    _narrate(*(parts[k] for k in claimed))
    for k in claimed:
        # (`... Nina has no good card, so she loses. She defends blindly.`: the player it named)
        named = [n for n in state.names() if re.search(r"\b" + re.escape(n) + r"\b", parts[k])]
        if len(named) == 1 and k + 1 < len(parts) and k + 1 not in claimed:
            parts[k + 1] = re.sub(r"^(?:he|she)\b", named[0], parts[k + 1], count=1, flags=re.IGNORECASE)
    kept = [s for k, s in enumerate(parts) if k not in claimed]
    if any(parts[k].rstrip().endswith("?") for k in claimed) and not any(s.rstrip().endswith("?") for s in kept):
        kept.append("Who wins?")  # (its question, in the words the reading answers with the events)
    return " ".join(kept)


def _claims_only(engine: Engine, state: State, sentence: str) -> bool:
    """Whether a sentence only says what players or places hold, what a player claims, or who
    wins a fight (`Uwe has a cannon, so he wins the tie?`): clauses joined by `so`, `but`,
    `and` or a dash, none of them a move."""
    names = names_alternation(state)
    who = r"(?:" + names + r"|he|she|they|the\s+[\w-]+|his\s+[\w-]+|her\s+[\w-]+)"
    clauses = [c.strip(" ,.;!?") for c in re.split(r",?\s+(?:so|but|and)\s+|\s+[-\u2014\u2013]+\s+(?:but\s+)?|,\s+",
                                                    sentence.strip()) if c.strip(" ,.;!?")]
    if not clauses:
        return False
    for c in clauses:
        holds = re.match(who + r"\s+(?:also\s+|still\s+|already\s+)?(?:has|have|holds|hold|owns)\s+"
                         r"(?!to\b|\w+(?:ed|wn|en)\b)", c, flags=re.IGNORECASE)
        # (what a player says of the outcome; not an answer or a move said, `says yes`, `says
        # Stop`, `says he defends`, nor `claims the card`, the claim of a vine card)
        claims = re.match(r"(?:" + names + r"|he|she|they)\s+(?:says|thinks|insists|believes)\s+(?:that\s+)?(?!(?:yes|"
                          r"no|stop|pass|fine|ok|okay|deal|sure|agreed)\b)(.*)$", c, flags=re.IGNORECASE)
        if claims is not None and mentions_a_move(engine, claims[1]):
            return False
        # (not `takes it back`, a withdrawn offer)
        wins = re.match(r"(?:" + names + r"|he|she|they)\s+(?:should\s+|would\s+|will\s+)?(?:(?:wins?|loses?)\s+"
                        r"(?:the\s+)?(?:tie|fight|combat|battle|duel)|(?:wins?|loses?|takes?|keeps?|holds?)\s+the\s+"
                        r"(?:town|village|territory|landscape|space))\b", c, flags=re.IGNORECASE)
        if not (holds or claims or wins) or (holds and mentions_a_move(engine, c[holds.end():])):
            return False
    return True


def _reveal_with_phase_end(text: str) -> str:
    """`ends phase 1 and turns up the last card, a soy`: the reveal is what ending phase 1 does,
    whose events the answer shows (round 91's table had `'plant_hand,turns' is one too many`)."""
    def revealed(m: re.Match) -> str:
        _narrate(m[2].strip(" ,"))
        return m[1]
    return re.sub(r"\b(ends?\s+(?:phase\s+(?:1|one)|the\s+planting(?:\s+phase)?|(?:his|her|their)\s+planting))"
                  r"(\s*,?\s+(?:and\s+|then\s+)+(?:turns|flips|reveals)\s+(?:up\s+|over\s+)?[^.;!?]*)",
                  revealed, text, flags=re.IGNORECASE)


def _reveal_told(engine: Engine, state: State, text: str) -> str:
    """`He turns up the last card, a blue, and the pile is gone for the third time.`, `He turns
    up red, green, red.`: the cards turned up, told as a sentence of its own after phase 1 was
    ended, are what ending it did, whose events the answer shows; no move of a game in which
    no move turns cards up (round 92's table had `'He': whom it means` or a draw judged)."""
    if any(re.search(r"\b(?:reveals?|turns?\s+(?:up|over)|flips?)\b",
                     " ".join([a.name.replace("_", " "), a.title, *a.aka]), flags=re.IGNORECASE)
           for a in engine.spec.actions.values()):
        return text
    who = r"(?:" + names_alternation(state) + r"|he|she|they)"
    parts = _sentences(text)
    told = [k for k, s in enumerate(parts)
            # (not `He turns it down`, a refusal; nor the top card of a pile or depot turned up to
            # fight, a defence: round 92's regression hunt)
            if re.match(r"(?:(?:and\s+)?then\s+)?" + who + r"\s+(?:then\s+)?(?:(?:turns|turned)\s+(?:up|over)|"
                        r"(?:flips|flipped)(?:\s+over)?|reveals|revealed)\b[^?]*[.!;]?$", s, flags=re.IGNORECASE)
            and not re.search(r"\b(?:top\s+card|(?:of|from|on)\s+(?:the|his|her|their)\s+(?:draw\s+)?"
                              r"(?:pile|stack|depot|cart|sutler)|defen[cds]\w*|attack\w*|fight\w*|draft)\b", s,
                              flags=re.IGNORECASE)]
    if not told or len(told) == len(parts):
        return text
    # (`Timon plants the blue. He turned up a green and a fire.`: where no end of phase 1 was said
    # and nothing lies turned up yet, turning cards up is how the player ends it; round 92's
    # regression hunt had the gift after it judged in phase 1)
    ended = re.compile(r"\bend(?:s|ed)?\s+(?:phase\s+(?:1|one)|the\s+planting|(?:his|her|their)\s+planting|"
                       r"the\s+(?:first\s+)?phase)\b", flags=re.IGNORECASE)
    if not state.zones.get("revealed") and not any(ended.search(parts[j]) for j in range(told[0])):
        first = told[0]
        subject = re.match(r"(?:(?:and\s+)?then\s+)?(\S+)", parts[first])
        # (a pronoun there means the active player, who alone turns cards up)
        who = subject[1] if subject and subject[1].lower() not in ("he", "she", "they") else state.active
        move = _move_turning_up(engine, _after(engine, state, parts[:first]), who)
        if move is None:
            return text  # (no move of his turns cards up now: `turns up two cards` in phase 4 is his draw)
        parts[first] = f"{who} {move}."
        told = told[1:]
        if not told:
            return " ".join(parts)
    _narrate(*(parts[k] for k in told))
    kept = [s for k, s in enumerate(parts) if k not in told]
    # (`He turns up ... Can he still trade ...?`: the pronoun after it means whom it meant; a
    # pronoun there means the active player, who alone turns cards up in phase 2)
    subject = re.match(r"(?:(?:and\s+)?then\s+)?(" + names_alternation(state) + r")\b", parts[told[-1]],
                       flags=re.IGNORECASE)
    who_said = subject[1] if subject is not None else state.active
    if who_said and told[-1] + 1 < len(parts) and told[-1] + 1 not in told:
        at = kept.index(parts[told[-1] + 1])
        kept[at] = re.sub(r"^((?:(?:now|then|and|so)\s*,?\s+)?"
                          r"(?:(?:can|may|must|does|do|is|will|would|could|should)\s+)?)(?:he|she)\b",
                          lambda m: m[1] + who_said, kept[at], count=1, flags=re.IGNORECASE)
    return " ".join(kept)


def _after(engine: Engine, state: State, sentences: Sequence[str]) -> State:
    """The situation the moves of these sentences leave, each read and made in turn; as far as
    they can be read and are allowed (the rest is the reading's own to tell)."""
    for s in sentences:
        try:
            actions = parse_action(engine, state, present_told(engine, state.names(), s.rstrip(".;! ")))
        except BohnspecError:
            return state
        for action in actions:
            outcome = engine.apply(state, action)
            if not outcome.accepted:
                return state
            state = outcome.state
    return state


def _move_turning_up(engine: Engine, state: State, player: str) -> str | None:
    """The move of no values `player` may make now that turns cards up (onto the revealed row):
    ending the planting, whose name the game gives; None where none does."""
    from ...execution import moves
    before = len(state.zones.get("revealed", []))
    for action in moves.legal_actions(engine, state, max_list=0):
        if action.get("player") != player or len(action) != 2:
            continue
        outcome = engine.apply(state, action)
        if outcome.accepted and len(outcome.state.zones.get("revealed", [])) > before:
            return str(action["type"])
    return None


def _coins_offered(state: State, text: str) -> str:
    """`Nina offers Timon one of her coins for his red`, `pays Timon a coin for his red`: a coin
    of hers given in a trade, her coin pile's top card (`coins 1`), which the trade's rule then
    refuses, and not a tribute or a word unread (round 91's table)."""
    names = names_alternation(state)
    coin = r"(?:one\s+of\s+(?:his|her|their)\s+coins|(?:his|her|their)\s+coin|a\s+coin|a\s+bean\s+coin)"
    text = re.sub(r"\b(offers?|gives?|trades?)\s+((?:" + names + r")\s+)?" + coin + r"(?=\s+(?:for|to)\b)",
                  lambda m: f"{m[1]} {m[2] or ''}coins 1", text, flags=re.IGNORECASE)
    return re.sub(r"\bpays?\s+(" + names + r")\s+" + coin + r"\s+for\b", r"offers \1 coins 1 for", text,
                  flags=re.IGNORECASE)


def _reasons_dropped(engine: Engine, state: State, text: str) -> str:
    """`Timon has five coins and pays one as tribute`, `Keno can't get a blue anyway, so he pays
    his coin`: what a player holds or cannot do, said as the reason for the move after it, is the
    situation, no move (round 91's table: `unknown action 'has'`, `unknown action "can't"`)."""
    names = names_alternation(state)

    def passed_over(m: re.Match) -> str:
        _narrate(m[1].strip(" ,;"))
        return ""
    # (`Keno draws and the pile is empty for the third time`, `..., but there's only one left in
    # the pile`, `that's the third time it runs out`: what the move leads to, which the answer
    # shows with its events; round 91's table had `'pile' is one too many`)
    text = re.sub(r"((?:,?\s+(?:and|but|so)|\s*;)\s+(?:then\s+|now\s+)?(?:the\s+(?:draw\s+)?pile\s+"
                  r"(?:is\s+(?:now\s+)?(?:empty|exhausted|used\s+up)|runs\s+out|has\s+(?:now\s+)?run\s+out|ran\s+out)|there(?:'s|\s+is|\s+are)\s+only\s+"
                  r"\w+\s+(?:cards?\s+)?left\s+in\s+the\s+(?:draw\s+)?pile)(?:\s+(?:for\s+the\s+\w+\s+time|again))?"
                  r"|,\s+that's\s+the\s+\w+\s+time\s+(?:it|the\s+(?:draw\s+)?pile)\s+(?:runs|ran|has\s+run)\s+out)"
                  r"(?=\s*[.!;?]|\s*$)", passed_over, text, flags=re.IGNORECASE)
    # (`Nina and Eiko both end up with five coins`: what the player says the moves lead to)
    text = re.sub(r"(?:(?<=^)|(?<=[.!;]\s))((?:" + names + r")(?:\s*(?:,|and)\s*(?:" + names + r"))*\s+"
                  r"(?:both\s+|all\s+)?(?:ends?\s+up|finish(?:es)?)\s+with\s+[^.;!?\u2014\u2013]*?)(?:\s+[-\u2014\u2013]+\s+|\s*[.;!]\s*)(?=\S)",
                  passed_over, text, flags=re.IGNORECASE)
    # (`draws the last two cards of the pile`: from it)
    text = re.sub(r"\b(draws?\s+(?:the\s+)?(?:last\s+|top\s+)?(?:\w+\s+)?cards?)\s+of\s+the\s+(?:draw\s+)?pile\b",
                  r"\1 from the pile", text, flags=re.IGNORECASE)

    def holds(m: re.Match) -> str:
        rest = text[m.end():].split()
        # (what he holds names no move: `has built a cart and attacks` is two moves, the first
        # said done; round 91's hunt)
        held = m[0][len(m[1]):]
        return f"{m[1]} " if rest and _names_a_move(engine, rest) and not mentions_a_move(engine, held) \
            and not re.search(r"\b(?:built|bought|paid|made|sold|dealt|put|laid|sent|spent|won|given|taken|drawn|"
                              r"traded|planted|harvested)\b", held, flags=re.IGNORECASE) else m[0]
    # (not `has played his blue and ...`: a move said done)
    text = re.sub(r"(?:(?<=^)|(?<=[.!;]\s))(" + names + r")\s+(?:already\s+|still\s+|now\s+)?(?:has|holds|owns)\s+"
                  r"(?!to\b|got\b|\w+(?:ed|wn|en)\b)[^,.;?!]*?\s+and\s+(?:then\s+|so\s+)?",
                  holds, text, count=1, flags=re.IGNORECASE)
    m = re.search(r"(?:(?<=^)|(?<=[.!;]\s))(" + names + r"|he|she)\s+(?:can't|cannot|can\s+not|doesn't|won't|"
                  r"does\s+not|will\s+not)\s+[^,.;?!]*,\s*(?:and\s+)?so\s+", text, flags=re.IGNORECASE)
    if m is None:
        return text
    rest = text[m.end():]
    if m[1].lower() not in ("he", "she"):
        # (the player the reason names is the `he` of the move after it)
        rest = re.sub(r"\b(?:he|she)\b", m[1], rest, count=1, flags=re.IGNORECASE)
    return text[:m.start()] + rest


# An aside, and the words joining what follows it to the sentence before (`(Nina defends with a
# red) and then attacks f2`).
_ASIDE_GOING_ON = re.compile(ASIDE.pattern + r"(\s*,?\s*(?:and\s+then|then|and)\s+(?=[a-z]))?")


def _taken_from_field(engine: Engine, state: State, player: str, action: dict, field: int) -> int:
    """How many cards a move takes out of the player's field `field` (0 where the rules refuse it,
    or it takes none): a harvest takes them all."""
    try:
        after = engine.apply(state, action)
    except BohnspecError:
        return 0
    if not after.accepted:
        return 0
    before = state.player(player).zones.get(engine.fields_zone, [])
    now = after.state.player(player).zones.get(engine.fields_zone, [])
    return len(before[field - 1]) - len(now[field - 1]) if 0 < field <= min(len(before), len(now)) else 0


def moves_in_asides(engine: Engine, state: State, text: str) -> str:
    """`Timon conquers Nina's camp with his fire (Nina defends with a red) and then attacks f2`:
    a move said in brackets, a player's and his verb's, is a sentence of the story of its own,
    the subject before it going on after it; round 97's table had the defence dropped as words
    that cannot be read, and the next attack refused for the combat it left under way."""
    if not state.names():
        return text
    names = names_alternation(state)

    def opened(m: re.Match) -> str:
        inner = m[1].strip()
        words = inner.split()
        if len(words) < 2 or not re.fullmatch(names, words[0], flags=re.IGNORECASE) \
                or not _names_a_move(engine, [w.lower() for w in words[1:3]]):
            return m[0]
        subject = _mover(state, re.split(r"[.!?;]\s+", text[:m.start()])[-1].strip())
        # (`and then attacks f2`, said once, with no subject of its own: the one before the bracket)
        if subject is not None and m[2] is not None and not re.match(
                r"\s*(?:" + names + r"|he|she|they)\b", text[m.end():], flags=re.IGNORECASE):
            return f". {inner}. Then {subject} "
        return f". {inner}.{m[2] or ''}"
    out = _ASIDE_GOING_ON.sub(opened, text)
    return text if out == text else re.sub(r"\s+\.", ".", re.sub(r"\.\s*\.", ".", out))


def _asides_unwrapped(text: str) -> str:
    """`Timon asks Nina for her red (as a gift)`, `buys himself free (of the task)`: the words of
    an aside read as the sentence's own, as NOTATION.md writes them (round 83's table had each
    refused as a value too many)."""
    return ASIDE.sub(lambda m: " " + m[1], text)


# The auxiliary a question opens with, if any (`Can he ...`, `Does she ...`).
_AUX = r"^\s*(?:(?:can|may|must|does|do|is|will|would|could|should)\s+)?"
# A count asked with no move of its own (`How many fields does Lars have now?`).
_COUNT_ALONE = re.compile(r"\s*(?:" + COUNT_ASKED.pattern + r")(?:\s+(?:now|then|here))?\s*[?.!]*", re.IGNORECASE)


def _the_one_whose_moment(engine: Engine, state: State, verb: str) -> str | None:
    """The one player at the table whose moment the move the verb names is now (`defends` after
    an attack: the defender's); None where it is several players', nobody's, or no move's."""
    family = verb_family(engine, _action_named(engine, [verb])[0]) if verb else ()
    if not family or len(state.names()) < 2:
        return None
    timely = [n for n in state.names() if any(engine.timing(state, k, n) is None for k in family)]
    return timely[0] if len(timely) == 1 else None


def _pronoun_again(engine: Engine, state: State, player: str, verb: str) -> str:
    """The pronoun a player's name was read from (PRONOUNS_READ: `He defends` read as Timon, the
    one player the story names), said again where the move is not his to make now and is one
    other player's alone, not the active player's (`Timon attacks Keno's 09. He defends with ...`:
    the defence is Keno's, whom the story never names; round 94's war table had Timon's defence
    refused); the name otherwise. The pronoun is then read as that player, with a note."""
    read = PRONOUNS_READ.get()
    if not read or player not in state.names():
        return player
    kind = _action_named(engine, [verb])[0]
    for name, pronoun, rest in read:
        # (the move the words said, or one the reading made of a verb of no move: `He takes the
        # top card of the pile` is a defence; round 96's hunter had Uwe's own, refused)
        said = _action_named(engine, rest.split()[:3])[0] if rest.split() else ""
        if name != player or pronoun.lower() not in ("he", "she") or not rest.split() \
                or (said != kind and said in engine.spec.actions and _family_timely(engine, state, said, player)):
            continue
        if kind in engine.spec.actions and not _family_timely(engine, state, kind, player):
            other = _the_one_whose_moment(engine, state, kind)
            # (only an answer of another's to what the active player did, a defence: not the
            # active player's own move refused to the one named, `Nina wants to harvest. She
            # harvests them.` out of her turn in the two-player game, which is asked of her)
            if other is not None and other != player and other != state.active:
                return pronoun
    return player


def _family_timely(engine: Engine, state: State, kind: str, player: str) -> bool:
    """Whether a move of the verb's family (`plant`: plant, plant_card) is one whose moment is
    the player's now; True where the verb names no move of the game."""
    family = verb_family(engine, kind) if kind else ()
    return not family or any(engine.timing(state, k, player) is None for k in family)


def _pronoun_sure(engine: Engine, state: State, before: str, text: str, resolved: str) -> bool:
    """Whether a pronoun opening an -a of its own may be read as the player the moves before
    name (`before`: their texts as said): nothing says it is another (`too`, `also`; the words
    before saying the player is a he where a she is meant), and his move is one whose moment is
    his now (`He defends` after Uwe's attack is the defender's; round 87's hunter)."""
    said = re.match(_AUX + r"(he|she|they)\b", text, flags=re.IGNORECASE)
    who = _mover(state, _mood_said(re.sub(_AUX, "", resolved, count=1, flags=re.IGNORECASE))[1])
    if said is None or who is None:
        return False
    pronoun = said[1].lower()
    known = _said_to_be(before, who, state.names()) if pronoun != "they" else ""
    if known and known != pronoun:
        return False
    # (`She pays tribute too` after Keno's: another player, where nothing says Keno is a she;
    # `he plants ... into field 1 too` after `Timon plants his green`: Timon again)
    if not known and re.search(r"\b(?:too|also|as\s+well|in\s+turn|either)\b", text, flags=re.IGNORECASE):
        return False
    words = re.sub(_AUX + r"\S+\s+", "", resolved, count=1, flags=re.IGNORECASE).split()
    kind = _action_named(engine, words)[0] if words else ""
    # (not his move now: `He defends` after Uwe's attack. A move asked of him that nobody may make
    # now is still his to be refused: `Can he attack the farm?` while his own combat is under
    # way; round 96's table was asked whom `he` means)
    asked = re.match(r"\s*(?:he|she|they)\b", text, flags=re.IGNORECASE) is None  # (an auxiliary opens it)
    if words and not _family_timely(engine, state, kind, who) and (
            not asked or any(_family_timely(engine, state, kind, n) for n in state.names() if n != who)):
        return False
    # (the move refused to him and allowed to another: `Timon plants the red`, then `She plants
    # the fire`, Nina's received fire; whom it means is asked, not guessed)

    def allowed(name: str) -> bool:
        # (in some field of his, where the words say none: `She plants the fire`)
        try:
            moves = parse_action(engine, state, f"{name} {' '.join(words)}")
            if len(moves) != 1:
                return False
            fields = len(state.player(name).zones.get(engine.fields_zone, []))
            tries = [moves[0], *({**moves[0], "field": f} for f in range(1, fields + 1) if "field" in moves[0])]
            return any(engine.apply(state, a).accepted for a in tries)
        except BohnspecError:
            return False
    return allowed(who) or not any(allowed(n) for n in state.names() if n != who)


def _claim_asked(state: State, text: str) -> re.Match | None:
    """`Does that count for her vine card?`: the words asking whether a task is met, with whose."""
    names = names_alternation(state)
    return re.match(r"^\s*(?:does|did|would|will|is|was)\s+(?:that|this|it)\s+(?:count|enough|do|fulfil\w*|meet\w*|"
                    r"satisf\w*|complete\w*)\b.*?\b(?:(his|her|their|my)|(" + names + r")'s)\s+(?:vine\s+)?"
                    r"(?:card|task)\b", text, flags=re.IGNORECASE)


def _counts_for_the_card(engine: Engine, state: State, out: list[str], text: str) -> str:
    """`Does that count for her vine card?` after moves said: whether she may claim her task now
    (the game's move players call `claim`), which the verdict answers (round 87's second table
    was told only that the moves above show it)."""
    claim = _verbs(engine).get("claim")
    m = _claim_asked(state, text)
    if claim not in engine.spec.actions or m is None:
        return text
    # (the mover of the moves before, past a time said first: `During Timon's trading, Nina
    # harvests ...`; round 89's hunter had the question dropped)
    before = re.sub(r"^\s*(?:during|in|on|at|while|after|before)\b[^,]*,\s*", "", _mood_said(out[-1])[1],
                    flags=re.IGNORECASE) if out else ""
    who = m[2] if m[2] else _mover(state, before) if out else None
    return f"Can {who} {claim}?" if who is not None else text


_HAND_PLACES = {"first": 1, "front": 1, "foremost": 1, "second": 2, "third": 3}


def _card_described(engine: Engine, state: State, text: str) -> str:
    """`plants her second card, the blue`: one card, the bean said after a comma, which the
    reading finds where it lies (round 87's second table had a second planting of the blue
    judged and refused)."""
    if "hand" not in engine.spec.zones or not engine.spec.varieties:
        return text
    kinds = "|".join(map(re.escape, engine.spec.varieties))
    # (`a third bean, the blue`, `his second bean, the red`: the same with `bean`; round 88's table)
    # (and another's: `for Nina's second card, the broad`; round 89's second hunter)
    owners = "|".join(re.escape(f"{n}'s") for n in state.names()) or "(?!)"
    # (`the second revealed card, the blue, to Nina`: a word of where it lies between, kept, and
    # the comma closing the aside before what follows; round 90's table had `a trade needs with
    # PLAYER`, and `his front card, the green, on his depot` read as `hand 1,on`)
    pattern = re.compile(r"\b(((?:his|her|their|my|the|a|an|" + owners + r")\s+)(" + "|".join(_HAND_PLACES) +
                         r")\s+((?:revealed|turned[- ]up|drawn)\s+)?(?:card|bean)),\s+"
                         r"(?:the|a|an|his|her|their|my)\s+(" + kinds + r")(?:\s+beans?)?\b"
                         r"(?:,(?=\s+(?:on|onto|in|into|to|for|from|as|at|with|instead|and)\b))?", flags=re.IGNORECASE)

    def sentence(m: re.Match) -> str:
        return text[:m.start()].split(".")[-1].strip() or text

    def mover(m: re.Match) -> str | None:
        # (`Can Timon plant a third bean, the blue?`: the player after the question's verb too)
        return _mover(state, re.sub(r"^(?:can|may|could|must|should|will|would)\s+", "", sentence(m),
                                    flags=re.IGNORECASE))

    def one(m: re.Match) -> str:
        who = mover(m)
        if who is None:
            return m[0]
        # (the hand's card at that place where it is that bean: `offers Nina his second card, the
        # blue` gives hand 2, not the revealed blue; round 89's hunter)
        said = sentence(m)
        k = _HAND_PLACES[m[3].lower()]
        whose = m[2].strip()
        named = next((n for n in state.names() if whose == f"{n}'s"), None)
        holder = named or (who if whose.lower() in ("his", "her", "their", "my") else None)
        if holder is not None and m[0].split(",")[0].split()[-1].lower() == "card" and not m[4]:
            hand = state.player(holder).zones.get("hand", [])
            # (not in a planting, where the card now in front may be meant: round 87's hunter)
            if len(hand) >= k and hand[k - 1] == m[5].lower() \
                    and not re.search(r"\b(?:plant|play)", said, flags=re.IGNORECASE):
                return f"{named}'s hand {k}" if named else f"hand {k}"
        # (the bean said decides: the card there where it is that bean, `her second card, the red`
        # after her first was planted being the one now in front; round 87's hunter)
        article = m[2] if m[2].strip().lower() not in ("a", "an") else "the "
        return f"{article}{m[4] or ''}{m[5]}"
    text = pattern.sub(one, text)
    # (`plants her front soy`: the front card said with its bean, which decides as above; round
    # 88's table had `front` read as a field)
    front = re.compile(r"\b((?:his|her|their|my|the)\s+)(?:front|foremost)\s+(" + kinds + r")\b", flags=re.IGNORECASE)
    return front.sub(lambda m: f"{m[1]}{m[2]}" if mover(m) is not None else m[0], text)


_OPENING = re.compile(r"^\s*(?:(?:with|in|at)\s+(?:a\s+|the\s+)?(?:two|three|four|five|six|seven|[2-7])\s+"
                      r"players?\s*,\s*)?"
                      r"(?:(?:and|so|ok|okay|well|also)\s*,?\s+)?"
                      r"(?:(?:then|now|next|afterwards|after\s+that|finally|later)\s*,?\s+)?(?=\S)",
                      flags=re.IGNORECASE)


def _opening_dropped(state: State, text: str) -> str:
    """A text as a player goes on telling the story, `and pays that coin as tribute`, `Now Nina
    pays`, `then she attacks ...`: without the words that join it to the one before (round 87's
    second table had `now` and `and` read as players); a player of that name keeps it."""
    text = during_said(text)
    first = text.split()[:1]
    if first and any(first[0].strip(",").lower() == n.lower() for n in state.names()):
        return text
    return _OPENING.sub("", text, count=1)


# A move said not to be made (`doesn't`, `did not`, `won't`).
_DOES_NOT = r"(?:doesn't|does\s+not|didn't|did\s+not|won't|will\s+not)"
# The verbs of an offer, told in the present or the past (`offers`, `gave`, `handed`).
_OFFERED = r"\b(?:offer(?:s|ed)?|gives?|gave|propos(?:es|ed|e)|hands?|handed)\b"
# (not `who may plant?`, a question of whom a move is open to, answered only on its own: it was
# dropped without a word after the move; round 95's hunter)
_ASKED_AFTER_IF = (r"(?=(?:does|do|did|is|are|was|can|may|must|could|would|will|who\s+wins|whose\s+turn|"
                   r"what\s+happens|how\s+many|how\s+much)\b)")


# `Does Nina have to take it?` after an offer to her: whether she must accept.
MUST_ACCEPT_ASKED = re.compile(r"\b(?:does|do)\s+(\S+)\s+(?:have|need)\s+to\s+(?:take|accept)\s+(?:it|that|them|"
                               r"the\s+(?:gift|offer|trade|deal|present))\s*\?", re.IGNORECASE)


def hypothesis_split(text: str) -> str:
    """`If Keno draws, does Nina win?`, `Suppose Keno draws: does Nina win?`: the moves, then the
    question of what they lead to (`Keno draws. Does Nina win?`); round 95's table had `'If' is
    not at the table`. The words as said are read so wherever they are read (what a pronoun
    may mean, TOLD, too)."""
    text = re.sub(r"^\s*(?:if|once|suppose|say)\s+([^,:;?]+?)\s*[,:]\s*(?:then\s+)?" + _ASKED_AFTER_IF + r"(\w)",
                  lambda m: f"{m[1]}. {m[2].upper()}", text, flags=re.IGNORECASE)

    # (`Does Nina win if Keno draws?`: the condition said last, read first; round 95's table had
    # `unknown action 'win'`. A pronoun in it stays for the reading to resolve or ask: `Does Nina
    # win if he draws?` does not mean Nina. `Who wins if` and `How many coins ... if` have
    # readings of their own.)
    def condition_first(m: re.Match) -> str:
        asked, condition = m[1], m[2]
        return f"{condition[:1].upper()}{condition[1:]}. {asked[:1].upper()}{asked[1:]}?"
    return re.sub(r"(?:(?<=^)|(?<=[.!?;]\s))\s*((?:does|do|did|is|are|will|would|can|may|must|could)\s+[^.!?;]*?)"
                  r"\s*,?\s+(?:if|once|when)\s+([^.!?;]+?)\s*\?", condition_first, text, flags=re.IGNORECASE)


def split_moves(engine: Engine, state: State, text: str, whole: bool = True) -> list[str]:
    """The moves one text says, each as a text of its own (_several_moves), to be read one after
    another, each in the situation the ones before leave (round 51's table had a card named by
    the second read in the hand before the first was played); a JSON action is one move."""
    if text.strip().startswith("{"):
        return [text]
    if whole:
        # (`Timon offers the soy to Nina. Does Nina have to accept?`: a question after a sentence
        # is asked in its own mood; round 58's table)
        # (after a dash too, `... for Keno's red \u2014 must Keno take both?`, but not at a tag that
        # asks of the move said, `\u2014 is that allowed?`; `Will May accept?`, a question marked so,
        # though a player may be called Will; and `he` in the question, when the text names one
        # player, is that player: rounds 61 and 62)
        names = names_alternation(state)
        # (`Can't Timon plant the soy?`, `Isn't Timon allowed to ...`, `Is Timon not allowed to
        # ...`: a question asked the other way round asks whether the move is allowed all the
        # same, and the verdict answers it; round 67's table)
        text = _unnegated(_asides_unwrapped(text.replace("\u2019", "'")))
        # (`Nina buys a depot and then another one`: the same move again, said in full; round 95's
        # table had `'and' is one too many`)
        # (of three words too, `buys a third bean field and then another one`: round 97's table)
        text = re.sub(r"\b((\w+?)(?:s|es)?\s+(?:(?:himself|herself|themselves)\s+)?(?:a|an|one)\s+"
                      r"([a-z0-9_]+(?:\s+[a-z_]+){0,2}))(?:\s*,?\s+and\s+(?:then\s+)?|\s*,\s*then\s+)"
                      r"another(?:\s+one)?\b(?!\s+[a-z_]+\s+(?:card|bean)s?\b)",
                      lambda m: f"{m[1]} and then {m[1]}" if _names_a_move(engine, m[1].split()[:1]) else m[0], text,
                      flags=re.IGNORECASE)
        if state.board is not None and state.board.ids:
            # (`Timon attacks 09 with his blue and then 11 with his fire`: the verb said once for
            # two attacks; round 95's hunter had `attack is given with twice`)
            ids = "|".join(map(re.escape, sorted(state.board.ids, key=len, reverse=True)))
            text = re.sub(r"\b((\S+)\s+(\S+)\s+(?:" + ids + r")\s+with\s+[^.;!?]+?)\s*,?\s+and\s+(then\s+)?"
                          r"(?=(?:" + ids + r")\s+with\b)",
                          lambda m: f"{m[1]} and {m[4] or ''}{m[2]} {m[3]} " if _names_a_move(engine, [m[3]]) else m[0],
                          text)
        # (`Can he end the phase then?`: a `then` closing a question says when, which the moves
        # before say; round 95's table had `'then' is one too many`)
        # (and `later`: `Can he buy a second cart later?`, round 96's table)
        text = re.sub(r",?\s+(?:then|later(?:\s+on)?(?:\s+this\s+turn)?|afterwards)\s*\?", "?", text,
                      flags=re.IGNORECASE)
        # (`Can he buy another one?`: the move said before, again; round 96's table had `'1' is one
        # too many`)
        text = re.sub(r"\b(?:another|one\s+more)\s+one\s*\?", "again?", text, flags=re.IGNORECASE)
        text = hypothesis_split(text)  # (`If Keno draws, does Nina win?`: the move, then the question)
        # (`Timon gives Nina the soy. Does Nina have to take it?`: whether she must accept, not
        # what the gift leads to; round 96's table was shown the offer alone)
        # (only after an offer said, or one open in the situation: `Does Nina have to take it?`
        # of nothing offered is no question of accepting; round 96's hunter)
        text = MUST_ACCEPT_ASKED.sub(lambda m: f"Must {m[1]} accept?" if re.search(
            _OFFERED, text[:m.start()], flags=re.IGNORECASE)
            or (m[1] in state.names() and _family_timely(engine, state, "accept", m[1])) else m[0], text)
        # (`a blue out of her blue field`: from it; `attacks 14 across the river 13`: the attack,
        # the crossing the rules judge; round 96's table had `'of' is one too many`)
        text = re.sub(r"\bout\s+of\s+(?=(?:his|her|their|my|the)\s+(?:[\w-]+\s+)?(?:fields?|hand|cart|depot|sutler|"
                      r"coins|treasury|pile|stack)\b)", "from ", text, flags=re.IGNORECASE)
        # (`... across river 07 without a forest`: what he lacks is the situation's to say; round
        # 96's table was told `without` is no value)
        text = re.sub(r"\s+(?:across|over)\s+(?:the\s+|a\s+)?(?:river|rivers)(?:\s+\d+)?"
                      r"(?:,?\s+(?:without|with\s+no)\s+(?:a\s+|an\s+|any\s+|his\s+|her\s+|their\s+)?[\w-]+)?"
                      r"(?=[\s.,;!?]|$)", "", text, flags=re.IGNORECASE)
        # (`In phase 1, can she play her second card?`: the time said first, read where a time
        # said after the move is; round 96's table had `'In' is not at the table`)
        text = re.sub(r"(^|[.!?;]\s+)((?:in|during|on)\s+[^,.;!?]{1,40}?),\s+((?:can|may|must|could|does|do|did|is|are|"
                      r"will|would)\s[^?]*?)\s*\?",
                      lambda m: f"{m[1]}{m[3][:1].upper()}{m[3][1:]} {m[2][:1].lower()}{m[2][1:]}?", text,
                      flags=re.IGNORECASE)
        # (and without the comma where the time is a phase or a turn: `In phase 1 can she ...?`;
        # round 96's hunter)
        text = re.sub(r"(^|[.!?;]\s+)((?:in|during)\s+(?:(?:his|her|their|\w+'s)\s+)?(?:phase|step)\s+\w+|"
                      r"(?:on|during|in)\s+(?:his|her|their|\w+'s)\s+(?:own\s+)?turn)\s+((?:can|may|must|could|does|do|"
                      r"did|is|are|will|would)\s[^?]*?)\s*\?",
                      lambda m: f"{m[1]}{m[3][:1].upper()}{m[3][1:]} {m[2][:1].lower()}{m[2][1:]}?", text,
                      flags=re.IGNORECASE)
        # (`Keno says he accepts`, `... says she doesn't want it`: the speaker's own answer to the
        # offer; round 96's hunter had `unknown action 'he'`)
        text = re.sub(r"\b(\S+)\s+says\s+(?:that\s+)?(?:he|she|they)\s+(?:(accepts?|agrees?|takes\s+it)|"
                      r"(declines?|refuses?|(?:doesn't|does\s+not|won't|will\s+not)\s+(?:want|take|accept)\s+it))\b",
                      lambda m: f"{m[1]} {'accepts' if m[2] else 'declines'}" if m[1] in state.names() else m[0],
                      text, flags=re.IGNORECASE)
        if state.names():
            # (`Nina and Keno want to swap their greens`: the move they mean, said by both, as one
            # move of two players is read; round 96's table had it split, `unknown action 'want'`)
            both = names_alternation(state)
            text = re.sub(r"\b((?:" + both + r")(?:\s*,\s*(?:" + both + r"))*\s+and\s+(?:" + both + r"))\s+"
                          r"(?:want|wish|try|decide|mean|intend|would\s+like|'d\s+like)\s+to\s+", r"\1 ", text)
        # (`Nina says that's fine`: her answer to the offer, yes; not what she says a move
        # leads to, which is narration; round 91's hunt)
        # (only as the whole of what is said: not `says that's fine and pays tribute`, a move of
        # her own, nor `that's fine too`; round 91's hunter)
        text = re.sub(r"\b(says|said)\s+(?:that's|that\s+is|it's|it\s+is)\s+(?:fine|ok|okay|good|alright|all\s+right|"
                      r"a\s+deal|deal|agreed)(?:\s+(?:with|by|for)\s+(?:her|him|them|me|us))?(?=\s*[.!;]|\s*$)",
                      r"\1 yes", text, flags=re.IGNORECASE)
        # (`Timon offers Nina the soy. Nina didn't want it.`: her answer to the offer made to her,
        # no; told of something no offer holds, it is how things stand)
        def unwanted(m: re.Match) -> str:
            # (told in the past too: `Timon gave Nina the soy, but she didn't want it`; the
            # pronoun the partner the offer names, the one player named after its verb; round
            # 97's table was asked whom `she` means)
            who = m[2]
            if who.lower() in ("he", "she", "they"):
                offer = list(re.finditer(_OFFERED + r"\s+(?:(?:it|the\s+\S+|\S+)\s+to\s+)?(" + names_alternation(state)
                                         + r")\b", text[:m.start()], flags=re.IGNORECASE))
                if not offer:
                    return m[0]
                who = next(n for n in state.names() if n.lower() == offer[-1][1].lower())
            offered = re.search(_OFFERED + r"[^.;!?]*\b" + re.escape(who) + r"\b", text[:m.start()],
                                flags=re.IGNORECASE)
            return f"{m[1]}{who} declines" if offered is not None else m[0]
        text = re.sub(r"(^|[.;!?]\s+|,?\s+(?:and|but|so)\s+)(" + names_alternation(state) + r"|he|she|they)\s+"
                      + _DOES_NOT + r"\s+(?:want|take|accept)\s+(?:it|that|them|this|the\s+[\w-]+)"
                      r"(?=\s*(?:[.;!?]|$))", unwanted, text, flags=re.IGNORECASE) if state.names() else text
        # (`Eiko doesn't accept.`: her answer, no; `Timon doesn't harvest.`: no move at all, how
        # things stand; both were read as the move itself, round 95's hunter)
        def not_made(m: re.Match) -> str:
            verb = " ".join(m[3].lower().split())
            if verb in ("accept", "agree", "take it", "say yes"):
                return f"{m[1]}{m[2]} declines. " + (f"{m[2]} " if m[4] else "")
            if not _names_a_move(engine, verb.split()[:1]):
                return m[0]  # (`Timon doesn't know ...`: no move, read as said)
            _narrate(m[0][len(m[1]):len(m[0]) - len(m[4] or "")].strip(" .;"))
            # (`Timon doesn't harvest. He plants ...`: the he is the one the sentence named)
            return m[1] + (f"{m[2]} " if m[4] else "")
        text = re.sub(r"(^|[.;!?]\s+)(" + names_alternation(state) + r")\s+" + _DOES_NOT
                      + r"\s+(accept|agree|take\s+it|say\s+yes|[a-z]+)\b[^.;!?]*[.;!]?\s*"
                      r"((?:he|she)\s+)?", not_made, text, flags=re.IGNORECASE) if state.names() else text
        # (`Keno draws — game over?`: the question of the end, asked in two words; round 97's
        # second table was told the dash is one too many)
        text = re.sub(r"\s*(?:[,;:\u2014\u2013]|\s-+)\s*(?:is\s+(?:the\s+|it\s+)?)?(?:game\s+)?over"
                      r"(?:\s+now|\s+then)?\s*\?", ". Is the game over?", text, flags=re.IGNORECASE)
        text = _dash_asides(engine, state, text)
        if state.board is not None:
            # (`Does Hanno have to defend it?`: a defence names the card it fights with, the place
            # being the attack's; round 96's table was told `it` is no card)
            # (a space named is checked against the one at stake, below)
            text = re.sub(r"\b(defend|defends|defending)\s+(?:it|that|this)"
                          r"(?=\s*(?:[.;!?,]|$|\s+(?:with|from|against|again|now|then)\b))",
                          r"\1", text, flags=re.IGNORECASE)
        # (`Keno draws and says that ends the game`: his claim of what the move does, said after
        # it, is the answer's to settle, as the claim said alone is (_EFFECT_CLAIMED); round
        # 96's hunter was told `says` is one too many)

        def claim_after(m: re.Match) -> str:
            _narrate(m[0].strip(" ,"))
            return ""
        text = re.sub(r",?\s+and\s+(?:then\s+)?(?=" + _EFFECT_CLAIMED[6:] + r")\S+\s+[^.;!?]*", claim_after, text,
                      flags=re.IGNORECASE)
        # (`Can Timon skip the green and plant the blue first?`: the move said after the skip is
        # the one asked; the card passed over is no move; round 96's table was told `skip` is no
        # action. A phase skipped is its end, read so below.)
        text = re.sub(r"\b(?:skips?|skipping|passes\s+over|pass\s+over|leaves?\s+out)\s+(?:the|his|her|their|my)\s+"
                      r"(?!(?:\w+\s+)?(?:phase|step|planting|trading|turn)\b)[\w-]+(?:\s+(?:bean|card))?\s*,?\s+and\s+"
                      r"(?:instead\s+)?(?=[a-z])", "", text, flags=re.IGNORECASE)
        text = _reasons_dropped(engine, state, text)
        text = _claims_dropped(engine, state, _challenges_dropped(engine, state, _concessions_dropped(text)))
        # (`Can he still trade ..., or is the game already over?`: whether it is over, the answer
        # says of the moves; round 91's table)
        text = re.sub(r",?\s+or\s+(?:is|has)\s+the\s+game\s+(?:already\s+|just\s+)?(?:over|ended)(?=\s*\?)", "", text,
                      flags=re.IGNORECASE)
        text = _reveal_told(engine, state, _reveal_with_phase_end(text))
        text = _coins_offered(state, text)
        text = _backstory_dropped(engine, state, text)
        # (`Nina harvested her reds. She said Stop.`: a story told in the past; round 90's hunters)
        text = present_told(engine, state.names(), text)
        # (`harvests the blues, gets his coin, and plants the red`: what a harvest pays, told
        # between the moves, is the harvest's outcome, no move; round 90's story table)
        text = re.sub(r",\s*(?:and\s+)?(?:gets|earns|collects|receives|pockets)\s+(?:his|her|their|a|an|one|two|"
                      r"three|four|\d+)\s+(?:\w+\s+)?coins?\b(?=\s*,)", "", text, flags=re.IGNORECASE)
        text = _said_as_give(engine, state, _corrected(state, text))
        text = _subjects_said(state, text)
        # (`Can Nina and Keno trade with each other?`: one player's move with the other; round
        # 86's table had it read as two moves, each of a trade with no partner)
        text = re.sub(r"\b(" + names + r")\s+and\s+(" + names + r")\s+(\S+)\s+(?:with\s+)?(?:each\s+other|"
                      r"one\s+another|together)\b", r"\1 \3 with \2", text, flags=re.IGNORECASE)
        # (`Nina says she is last and claims her card`: what she says of herself is no move;
        # round 87's second table)
        text = re.sub(r"^(\S+)\s+(?:says|claims|thinks|believes)\s+(?:that\s+)?(?:he|she|they|\1)"
                      r"(?:\s+(?:is|are|has|have|was)\b|'s\b|'re\b)[^,.;?!]*?\s+and\s+(?:then\s+)?(?=\S)",
                      r"\1 ", text,
                      flags=re.IGNORECASE)
        if "claim" in _verbs(engine):
            # (`Keno claims he's last. Can he?`: the claim of his card, the reason he says for it
            # passed over; round 96's table was told `he's` is one too many)
            text = re.sub(r"(^|[.;!?]\s+)(" + names_alternation(state) + r")\s+claims\s+(?:that\s+)?(?:he|she|they)"
                          r"(?:'s|\s+is|\s+are|'re)\s+[^,.;?!]*", r"\1\2 claims", text, flags=re.IGNORECASE) \
                if state.names() else text
        # (`each pay a coin and move on`: the tribute, the moving on its outcome; round 96's table)
        text = re.sub(r"(\bpay(?:s|ing)?\s+(?:a|one|his|her|their|the)\s+(?:bean\s+)?coin(?:\s+as\s+tribute)?)\s*,?\s+"
                      r"and\s+(?:then\s+)?(?:move|moves|go|goes|pass|passes|walk|walks)\s+on\b", r"\1", text,
                      flags=re.IGNORECASE)
        if _discards_by_a_move(engine):
            # (`... and throws away her front card`: a move of its own, the discard, to be split
            # from the one before; round 87's third table had it dropped)
            text = re.sub(r"(,?\s+(?:and|then)\s+(?:then\s+)?)(?:throws|tosses)\s+away\s+", r"\1discards ", text,
                          flags=re.IGNORECASE)
            text = re.sub(r"(,?\s+(?:and|then)\s+(?:then\s+)?)(?:throws|tosses)\s+((?:\S+\s+){1,5}?)away\b",
                          r"\1discards \2", text, flags=re.IGNORECASE)
        text = _joins_said(engine, state, _card_described(engine, state, text))
        # (`Keno draws,who wins`: a word after a stop with no space, as typed in haste)
        text = re.sub(r"(?<=[a-z])([,.;!?])(?=[A-Za-z])", r"\1 ", text)
        # (`Keno draws, who wins?`: the question of what the move leads to, after a comma)
        outcome = re.search(r",\s*([^,]+)$", text)
        if outcome is not None and _OUTCOME_ASKED.match(outcome[1].strip()):
            text = text[:outcome.start()]
        text = _without_tag(text)
        text = _pronouns_meant(engine, state, text)
        # (not before a tag `Is that allowed?`, which asks of the move before it; but a question
        # going on after it, `Is that allowed, and which coins ...?`, is one of its own: round
        # 89's table)
        sentences = re.split(r"(?:(?<=[.!;?])\s+|\s+[\u2014\u2013]\s*|\s+--?\s+)"
                             r"(?!is\s+(?:that|this|it)\b(?![^.!?;]*,\s+and\s+(?:which|what|who|how|where)\b))"
                             # (`... pays tribute. Now can Eiko say Stop?`: a question opened by a
                             # word of time; round 91's table)
                             r"(?=(?:(?:now|then|so|and|but)\s*,?\s+)?"
                             r"(?:can|may|must|does|do|did|is|are|would|could|what|how|who|whose|which|why|where)\s|"
                             r"(?:has|have)\s+(?:" + names + r"|he|she|they)\s[^.!;?]*\?|"
                             r"(?:will|shall|"
                             r"should)\s+(?:" + names + r"|he|she|they)\s[^.!;?]*\?)"
                             # (`Hanno draws. The pile runs out for the fourth time. Who wins?`: a
                             # sentence of the story, told apart to be left out below; round 69's table)
                             r"|(?<=[.!;])\s+(?=the\s)"
                             # (`... Is the game over? Then Lisa says Stop.`: moves after a
                             # question; round 71's table)
                             r"|(?<=\?)\s+(?=\S)", text.strip(), flags=re.IGNORECASE)
        # (`Is she right?`, `Can he, or does he have to wait for his own turn?`: a question of the
        # move before, which its verdict answers; round 91's table had it refused as no move)
        who = r"(?:he|she|they|" + names + r")"
        tag = re.compile(r"(?:(?:is|was|are)\s+" + who + r"\s+right|(?:can|may|could)\s+" + who
                         + r"(?:\s+do\s+(?:that|this|it))?|(?:is|was)\s+(?:that|this|it)\s+(?:allowed|legal|ok|okay|"
                         r"right|correct|possible))(?:\s*,?\s*or\s+[^?]*)?\s*\?+", flags=re.IGNORECASE)
        # (`Can he do that in the middle of trading?` said in the trading: the move before, at
        # this moment, which its verdict answers; round 97's table had `unknown action 'do'`)
        timed = re.compile(r"(?:can|may|could)\s+" + who + r"\s+do\s+(?:that|this|it)\s+(?:now|right\s+now|"
                           r"(?:in\s+the\s+middle\s+of|during|in)\s+(?:the\s+|his\s+|her\s+)?([\w-]+)(?:\s+phase)?)"
                           r"\s*\?+", flags=re.IGNORECASE)

        def timed_tag(t: str) -> bool:
            m = timed.fullmatch(t.strip())
            return m is not None and (m[1] is None or state.phase in _phases_named(engine, m[1]))
        sentences = [s for k, s in enumerate(sentences)
                     if not (k and (tag.fullmatch(s.strip()) or timed_tag(s))
                             and mentions_a_move(engine, sentences[k - 1]))]
        # (a sentence of fact naming no player, no pronoun for one and no move, `The pile is
        # empty for the third time.`: what the moves before lead to, which the answer shows; it
        # is no move; one that names any of them stays, to be read: round 70's hunter)
        # (the first sentence too, before a move: `The pile runs out for the third time. Timon
        # draws.`; round 95's table)
        story = [k for k, t in enumerate(sentences) if (k or len(sentences) > 1) and re.match(r"the\s", t,
                                                                                          flags=re.IGNORECASE)
                 and not any(re.search(r"\b" + re.escape(n) + r"\b", t, flags=re.IGNORECASE) for n in state.names())
                 and not re.search(r"\b(?:he|she|they|him|his|her|them|their)\b", t, flags=re.IGNORECASE)
                 and not any(_names_a_move(engine, t.split()[i:]) for i in range(len(t.split())))
                 and not _OUTCOME_ASKED.match(t.strip())
                 and not t.rstrip().endswith("?")]
        # (`Can Nina claim her card? Keno has four green beans, two in each field.`: what a player
        # holds, said after to explain, is the situation, no move; round 88's table)
        def holding(t: str) -> bool:
            m = re.match(r"(?:" + names + r"|he|she|they)\s+(?:already\s+|still\s+|now\s+)?(?:has|have|holds|hold|"
                         r"owns|own)\s+(?!to\b|got\s+to\b)([^.;!?]*)[.!;]?$", t.strip(), flags=re.IGNORECASE)
            # (not `Nina has played her blue`: a move said done, which was dropped without a word;
            # round 90's second hunter)
            # (`Keno has four greens planted`: what he holds, as it stands)
            if m is None or re.match(r"\w+(?:ed|wn|en)\b", m[1]) \
                    or any(_names_a_move(engine, m[1].split()[i:]) for i in range(len(m[1].split()))):
                return False
            _narrate(t)  # (said, as any sentence passed over is)
            return True
        # (a sentence that names no move, beside ones that do, tells the situation around the
        # moves: passed over where the caller collects it, NARRATED; round 90's story table)
        narrated = NARRATED.get()
        # (or a count asked: `We're three. How many bean fields does Timon have?`; round 97's
        # table was told `We're` is not at the table)
        moving = narrated is not None and (mentions_a_move(engine, text) or any(
            _asks_a_move(engine, state, q) or _COUNT_ALONE.fullmatch(q.strip()) or _OUTCOME_ASKED.match(q.strip())
            or re.match(r"\s*(?:does|do|can|may|must|is|will)\s+(?:he|she|they)\b", q, flags=re.IGNORECASE)
            for q in re.findall(r"[^.!?;]*\?", text)))

        def narration(c: str) -> bool:
            # (only a sentence shaped as telling how things stand or what a player thinks: a
            # verb the reading turns into a move later, `puts the blue on his blues`, is no
            # narration, and was passed over at first; nor one naming an offer or a time other
            # than the game's now, which is told: round 90's second hunter)
            if not moving or not (_told_as_narration(engine, state, c) or _told_before(engine, state, c)):
                return False
            assert narrated is not None
            narrated.append(c.strip())
            return True
        def kept(t: str) -> str:
            out: list[str] = []
            carry = None  # the one player a sentence passed over names (`It's Timon's phase 4.`)
            for c in re.split(r"(?<=[.!;])\s+", t):
                if holding(c):
                    continue
                if narration(c):
                    named = [n for n in state.names() if re.search(r"\b" + re.escape(n) + r"\b", c, re.IGNORECASE)]
                    carry = named[0] if len(named) == 1 else None
                    continue
                if carry is not None and not out:
                    # (`He draws ...` after it: that player, whom the words passed over named)
                    c = re.sub(r"^(?:he|she)\b", carry, c, count=1, flags=re.IGNORECASE)
                carry = None
                if moving and not c.rstrip().endswith("?") and OTHER_TIME.search(c):
                    # (a move said done `a moment ago` that the situation does not hold yet, as
                    # _told_before found: read in the present)
                    c = _OTHER_TIME_SAID.sub("", c)
                out.append(c)
            return " ".join(out)
        told = [t if t.rstrip().endswith("?") else kept(t) for t in sentences]
        if any(t.strip() for t in told):
            sentences = told
            story += [k for k, t in enumerate(sentences) if not t.strip()]
        sentences = [t for k, t in enumerate(sentences) if k not in story]
        # (`Nina harvests her reds. Does that count for her vine card?`: her claim, asked)
        sentences = [_counts_for_the_card(engine, state, sentences[:k], t) if k else t for k, t in enumerate(sentences)]
        # (`Timon draws. Who wins?`: a question of what the moves before lead to, which the
        # answer shows with their events; round 64's table had it read as a move)
        asked = [s for k, s in enumerate(sentences)
                 if k and _asks_an_outcome(engine, s, sentences[k - 1], state.names())]
        # (`How many cards does Timon draw? Timon ends phase 3 and draws.`: asked first, of the
        # moves after it)
        if len(sentences) > 1 and sentences[0].rstrip().endswith("?") and not sentences[1].rstrip().endswith("?") \
                and re.match(r"(?:how|what|which|where|who|whose)\s", sentences[0], flags=re.IGNORECASE) \
                and _asks_an_outcome(engine, sentences[0], sentences[1], state.names()):
            asked.insert(0, sentences[0])
        sentences = [s.rstrip(" ;,") if asked else s for s in sentences if s not in asked] or sentences
        if len(sentences) > 1:
            # (each sentence split in the situation the ones before it leave: `Timon plants the
            # blue. Can he plant a second card?` is one more planting; round 65's hunter)
            return split_in_turn(engine, state, sentences)
        text = sentences[0]
    mood = _mood_of(state, text)
    another = another_said(text)
    text = _as_typed(engine, state, text)
    if whole:  # (a pronoun is read in the whole text, never in a part of it)
        text = _pronouns(state, text, another)
    parts = _several_moves(engine, state, text)
    if parts is not None:
        for k in range(len(parts)):  # (each read after the one before it: `harvests it and plants ... there`)
            parts[k] = _there(engine, state, parts, k)
            if k:
                parts[k] = _it_meant(engine, state, parts[:k], parts[k])
    moves = [text] if parts is None else [m for part in parts for m in split_moves(engine, state, part, whole=False)]
    if parts is not None and len(moves) > len(parts):
        # (`it` in a part split further, read with every move before it: `Timon gives Keno his
        # blue, Keno accepts it and plants it`; round 89's table)
        for k in range(1, len(moves)):
            if re.search(r"\bit\b", moves[k], flags=re.IGNORECASE):
                moves[k] = _it_meant(engine, state, moves[:k], moves[k])
    # (`trades the soy for Nina's red, Nina declines`: a trade answered in words is its offer, the
    # answer said being the one judged; round 56's table had it made and the decline refused)
    for k in range(len(moves) - 1):
        words, answer = moves[k].split(), moves[k + 1].split()
        if len(words) > 2 and words[1].lower() in ("trades", "trade") and len(answer) > 1 \
                and _action_named(engine, answer[1:])[0] in ("accept", "decline"):
            moves[k] = " ".join([words[0], "offers", *words[2:]])
    return [_asked(mood, m) for m in moves]  # (each move is asked about as the text asked)


_NEGATED = {"can't": "can", "cant": "can", "cannot": "can", "can not": "can", "isn't": "is", "isnt": "is",
            "doesn't": "does", "doesnt": "does", "don't": "do", "dont": "do", "mustn't": "must",
            "shouldn't": "should", "wouldn't": "would", "couldn't": "could", "won't": "will", "aren't": "are"}


def _unnegated(text: str) -> str:
    """A question put in the negative, as the same question (the verdict answers both)."""
    said = "|".join(sorted(map(re.escape, _NEGATED), key=len, reverse=True))
    text = re.sub(r"(^|[.!?;]\s+|\s[\u2014\u2013-]+\s*)(" + said + r")\b",
                  lambda m: m[1] + _NEGATED[m[2].lower()].capitalize(), text, flags=re.IGNORECASE)
    return re.sub(r"\b(is|are)\s+(\S+)\s+not\s+(allowed|permitted|able)\b", r"\1 \2 \3", text, flags=re.IGNORECASE)


def _there(engine: Engine, state: State, parts: list[str], k: int) -> str:
    """Move `k` of those said, `there` being the field the move before it named, when that move
    is the same player's and names one of his fields (`harvests his fire beans and plants the
    soy there`: the field harvested; round 67's table). Another player's field is no place of
    his (round 68's hunter): the word stays, to be told."""
    text = parts[k]
    # (`plants the green in that field`, `harvests it`, `harvests them`: the field of the move
    # before, as `there` is; round 69's table)
    words = text.split()
    kind = _action_named(engine, words[1:])[0] if len(words) > 2 else None
    decl = engine.spec.actions.get(kind) if kind is not None else None
    # (`puts the second red in the emptied field`: the field the move before harvested, as
    # `that field` is; round 82's table)
    text = re.sub(r"\b(?:the|his|her|their)\s+(?:just\s+)?(?:emptied|harvested|now[\s-]empty|new|newly\s+bought|"
                  r"bought)\s+field\b|"
                  r"\bthe\s+field\s+(?:he|she|they)\s+(?:just\s+)?(?:emptied|harvested)\b", "that field", text,
                  flags=re.IGNORECASE)
    pronoun = decl is not None and bool(decl.params) and decl.params[0].type == "field" \
        and re.fullmatch(r"(?:it|them)[,.]?", words[2], flags=re.IGNORECASE) is not None
    if not k or not (pronoun or re.search(r"\b(?:there|(?:that|the\s+same)\s+field|(?:in|into|on|onto)\s+it)\b",
                                          text, flags=re.IGNORECASE)):
        return text
    who, before = _mover(state, text), parts[k - 1]
    if who is None or _mover(state, before) != who:
        return text
    # (a part of several moves, `buys a third field and plants the green in it`: `it` is said of
    # the move before it in the part, read when the part is split; round 73's hunter)
    said_at = re.search(r"\b(?:there|that\s+field|the\s+same\s+field|it|them)\b", text, flags=re.IGNORECASE)
    head = text[:said_at.start()] if said_at else text
    # (`and puts the soy into that field`: a verb of laying a card, read as a planting later, is a
    # move of the part too; round 89's table had the field of the sentence before)
    if any(_names_a_move(engine, head.split()[i + 1:]) or head.split()[i + 1:i + 2] and
           head.split()[i + 1].lower() in ("puts", "put", "places", "place", "lays", "lay", "sets", "set", "drops")
           for i, w in enumerate(head.split()) if w.lower() in ("and", "then")):
        return text
    field = None
    # (the last of his moves before it that names or makes a field: `buys a third field`, `fulfils
    # her task`, `plants her blue in the new field`; round 87's table had field 1 judged)
    for j in range(k - 1, -1, -1):
        before = parts[j]
        if _mover(state, before) != who:
            break
        try:
            earlier = _played(engine, state, parts[:j])
            action = parse_action(engine, earlier, before)[0]
        except BohnspecError:
            return text
        field = next((action[p.name] for p in engine.spec.actions[action["type"]].params if p.type == "field"),
                     None)
        if field is None:
            # (`buys a third field and plants the blue in it`: the field the move before made;
            # round 70's table had the blue judged for field 1)
            outcome = engine.apply(earlier, action)
            had = len(earlier.player(who).zones.get(engine.fields_zone, []))
            if outcome.accepted and len(outcome.state.player(who).zones.get(engine.fields_zone, [])) == had + 1:
                field = had + 1
        if field is not None:
            break
    if field is None:
        return text
    text = re.sub(r"\b(?:in|into|on|onto)\s+it\b", f"into field {field}", text, flags=re.IGNORECASE)
    if pronoun:
        return " ".join([*words[:2], f"field {field}", *words[3:]])
    text = re.sub(r"\b(?:in|into|on|onto)\s+(?:that|the\s+same)\s+field\b", f"into field {field}", text,
                  flags=re.IGNORECASE)
    return re.sub(r"\bthere\b", f"into field {field}", text, flags=re.IGNORECASE)


# A sentence shaped as telling how things stand, or what a player thinks of it: `It's Timon's
# phase 4 ...`, `There are two cards left`, `The pile ...`, `Nina has five coins`, `Timon's
# hand is empty`, `Keno objects`; passed over where it names no move (see NARRATED).
# Words that answer an offer (`Nina says that's fine`): what she says is then no narration.
_ANSWER_WORDS = r"fine|ok|okay|deal|agreed|yes|no|good|alright"
# A rule as a player states it, `Timon says the starting player wins ties` (not `claims the
# card`: the claim of a vine card is a move).
_RULE_STATED = r"\S+\s+(?:says|said|insists|insisted|argues|argued|believes|believed)\s+(?:that\s+)?(?:the|every|" \
               r"each|nobody|no\s+one)\s"
# A rule said of anyone (`In Dschingis you can't ride against towns.`): what the speaker holds the
# rules to be, no move; round 95's table.
_RULE_SAID_OF_ANYONE = (r"(?:(?:in|with|under)\s+[\w-]+(?:\s+[\w-]+)?\s*,?\s+)?(?:you|one|players?)\s+(?:can't|cannot|"
                        r"can\s+not|may\s+not|mustn't|must\s+not|are\s+not\s+allowed\s+to|aren't\s+allowed\s+to|"
                        r"never)\b")
# What a player says the move before does (`Keno says that ends the game like in Bohnanza`): a
# claim the answer settles, no move; round 95's table had `unknown action 'that'`.
_EFFECT_CLAIMED = (r"\S+\s+(?:says|said|claims|claimed|thinks|thought|insists|insisted|argues|argued|believes|"
                   r"believed)\s+(?:that|this|it)\s+(?:ends|ended|wins|won|means|meant|counts|counted|makes|made|"
                   r"gives|gave|finishes|finished|triggers|triggered|breaks|broke)\b")
_NARRATION = re.compile(r"(?:it's|it\s+is|it\s+was|there(?:'s|\s+is|\s+are|\s+was|\s+were)|only\s|"
                        # (`The red fits none of Timon's fields.`, `Neither bean fits`: round 97's
                        # table)
                        r"(?:the\s+|neither\s+|no\s+)?[\w-]+\s+(?:fits|fit|matches|doesn't\s+fit|does\s+not\s+fit)\b|"
                        # (`Keno lost his forest to Nina.`: what the situation holds already;
                        # round 97's second table had it read as now, `Keno holds no forest`)
                        r"\S+\s+(?:has\s+|had\s+)?lost\b|"
                        # (`We're all on the ... card.`, `The pile runs out for the third time.`:
                        # round 95's table)
                        r"(?:we|they)(?:'re|\s+are|\s+were)\b|"
                        r"the\s+(?:draw\s+|discard\s+)?(?:pile|stack|deck)\s+(?:runs?|ran|is|was|has|had)\b|"
                        r"nobody|no\s+one|everyone|everybody|"
                        r"\S+?(?:'s\s+\S+(?:\s+\S+)?)?\s+(?:is|are|was|were|has|have|had|'s|holds|held|still\s+has)\b"
                        # (`Timon is done trading` ends the phase: _DONE)
                        r"(?!\s+(?:to|allowed|able|going|got\s+to|permitted|done|finished|through|ready|now\s+done)\b)"
                        r"|\S+\s+(?:objects|protests|complains|argues|thinks|insists|wonders|disagrees|frowns|laughs|"
                        r"is\s+(?:sure|certain|convinced)|points\s+out)\b"
                        # (what a player wants, sees or keeps: `Timon kept both revealed cards`,
                        # `Nina would rather keep ...`; not `turned up`, `got`, `asks for`, which
                        # may be moves: a reveal, a harvest, an offer)
                        # (`Eiko doesn't want the blue.`: what a player does not want, as what
                        # she wants; round 95's table had `unknown action "doesn't"`)
                        r"|\S+\s+(?:doesn't|does\s+not|didn't|did\s+not)\s+(?:want|like|need|care)\b"
                        r"|\S+\s+(?:kept|keeps|wants|wanted|would|wonders|wondered|needs|needed|"
                        r"hopes|hoped|realizes|realised|realized|notices|noticed|looks|looked|sees|saw|knows|knew|"
                        r"remembers|likes|liked)\b(?!\s+to\b)"
                        # (a claim of what a player may or must, `Keno says he can't`: the verdict answers it)
                        r"|\S+\s+(?:says|said|claims|claimed|thinks|thought)\s+(?:that\s+)?\S+\s+(?:can't|cannot|can|may|"
                        r"must|mustn't|isn't|is|has|should|shouldn't|won't|will|is\s+not|may\s+not)\b"
                        # (what a player says the outcome is, `He says that's three coins`: the
                        # answer shows it; round 91's table)
                        r"|\S+\s+(?:says|said|claims|claimed|insists|insisted|argues|argued|believes|believed)\s+"
                        r"(?:that's|that\s+is|it's|it\s+is|this\s+is)\b"
                        # (not an answer, `says that's fine, but she wants the blue instead`)
                        r"(?![^.?!]*\b(?:" + _ANSWER_WORDS + r")\b)"
                        # (a rule as a player says it, `Timon says the starting player wins ties`;
                        # not an answer to an offer, `Nina says the soy is fine`)
                        r"|" + _RULE_STATED + r"(?![^.?!]*\b(?:" + _ANSWER_WORDS + r")\b))", re.IGNORECASE)


# What a sentence passed over as narration never says: an offer, a trade or a gift (`There is an
# offer: ...`), a card going somewhere (`The black-eyed goes on the discard pile`), a reveal
# (`He turned up two cards`), what a harvest brought (`Nina got two coins`), a has-done
# (`Nina has played her blue`).
_NOT_NARRATION = re.compile(r"\b(?:offers?|offered|trades?|traded|deals?|gifts?|goes|go|went|lands|landed|"
                            r"turns?\s+(?:up|over)|turned\s+(?:up|over)|got|gets|asks?|asked|has\s+\w+ed|had\s+\w+ed|"
                            r"coins?\s+for|rid\s+of)\b", re.IGNORECASE)


def _time_as_now(engine: Engine, state: State, text: str) -> bool:
    """Whether the times a sentence names are the game's now (`It's Timon's phase 4` in Timon's
    phase 4): another player's turn, another phase, or a time of the turn said by its words
    (`trading time`) is another situation, which the reading tells (round 90's second hunter)."""
    # (`Keno's trading phase` too, in Timon's turn: another situation; round 95's hunter)
    for m in re.finditer(r"\b(\S+)'s\s+(?:[a-z]+\s+)?(?:turn|phase|go|move)\b", text, flags=re.IGNORECASE):
        if m[1] in state.names() and m[1] != state.active:
            return False
    numbers = {"zero": "0", **_NUMBER_WORDS}
    for m in re.finditer(r"\b(phase)\s+(\w+)", text, flags=re.IGNORECASE):
        try:
            if _phase_numbered(engine, state, m[1], numbers.get(m[2].lower(), m[2])) != state.phase:
                return False
        except ActionError:  # (a turn told in steps: which one, the reading asks)
            return False
    # (`It's Timon's trading phase` in his phase 2: now; round 95's table. A time said so of
    # another phase is another situation.)
    for m in re.finditer(r"\b(trading|planting|drawing|harvesting)\s+(?:phase|step)\b", text, flags=re.IGNORECASE):
        if not state.phase.startswith(m[1].lower()[:4]):
            return False
    text = re.sub(r"\b(?:trading|planting|drawing|harvesting)\s+(?:phase|step)\b", "", text, flags=re.IGNORECASE)
    # (`The pile runs out for the third time.`: how often, not a time of the turn)
    text = re.sub(r"\bfor\s+the\s+\w+\s+time\b", "", text, flags=re.IGNORECASE)
    return not re.search(r"\b(?:trading|planting|drawing|harvesting|attack\s+step|step|round|time)\b", text,
                         flags=re.IGNORECASE)


def _asks_a_move(engine: Engine, state: State, text: str) -> bool:
    """Whether a question asks of a player's move (`Can Keno harvest his soy?`): a move named
    after its auxiliary and subject, where mentions_a_move reads `harvest` as the noun it may be
    (round 95's table had the sentence beside it, `It's Timon's trading phase.`, read as a move,
    the story naming none)."""
    m = re.match(r"\s*(?:now\s*,?\s+|then\s*,?\s+|and\s+|but\s+)?(?:can|may|must|could|might|would|should|will|"
                 r"does|do|did|is|are)\s+(?:" + names_alternation(state) + r"|he|she|they|i)(?:'s\s+\w+)?\s+"
                 r"(?:still\s+|also\s+|then\s+|even\s+|really\s+|now\s+)?(?:allowed\s+to\s+|able\s+to\s+)?(.*)$",
                 text.strip(),
                 flags=re.IGNORECASE) if text.rstrip().endswith("?") and state.names() else None
    return m is not None and bool(m[1].split()) and _names_a_move(engine, m[1].split()[:3])


def _told_as_narration(engine: Engine, state: State, text: str) -> bool:
    """Whether a sentence of a story is narration to pass over (NARRATED): shaped as telling how
    things stand (_NARRATION), naming nothing that is a move or may become one (_NOT_NARRATION,
    mentions_a_move), no question, and no time other than the game's now."""
    said = text.strip()
    # (a rule as a player states it, `Timon says the starting player wins ties`: what he says
    # names moves, but none is made; round 91's table; nor a Stop)
    anyone = re.match(_RULE_SAID_OF_ANYONE, said, flags=re.IGNORECASE) is not None
    stated = anyone or re.match(_RULE_STATED + r"(?![^.?!]*\b(?:stop|" + _ANSWER_WORDS + r")\b)", said,
                                flags=re.IGNORECASE) is not None \
        or re.match(_EFFECT_CLAIMED, said, flags=re.IGNORECASE) is not None
    return not said.endswith("?") and _OUTCOME_ASKED.match(said) is None and _COUNT_ALONE.fullmatch(text) is None \
        and (stated or _NARRATION.match(said) is not None) and _NOT_NARRATION.search(text) is None \
        and (stated or (_time_as_now(engine, state, text) and not mentions_a_move(engine, text)))


# The words that say a sentence's time is before the situation, taken out to read its move.
_OTHER_TIME_SAID = re.compile(r"\s*\b(?:just\s+)?(?:a\s+(?:moment|minute|while|second|bit)\s+ago|\w+\s+turns?\s+ago|"
                              r"earlier(?:\s+(?:this|in\s+the)\s+(?:turn|game|phase))?|last\s+turn|last\s+round|"
                              r"before\s+that|previously|yesterday|in\s+(?:his|her|their)\s+last\s+turn|ago)\b",
                              re.IGNORECASE)


def _told_before(engine: Engine, state: State, text: str) -> bool:
    """Whether a sentence tells what happened before the situation (`Nina took Timon's forest
    earlier.`, `Timon's riders from 10 lost earlier this turn.`): the situation file holds what it
    left, so it is passed over as narration; read as a move, it was judged again where the game
    stands (round 95's table: `Timon holds no forest`, exit 2). Not a question; nor a move the
    situation does not hold yet, which the rules allow now (`Timon offered Keno the soy a moment
    ago. Does Keno have to take it?`: the offer is read, round 96's hunter)."""
    if text.rstrip().endswith("?") or OTHER_TIME.search(text) is None:
        return False
    said = present_told(engine, state.names(), _OTHER_TIME_SAID.sub("", text).strip().rstrip(".;!"))
    # (probed quietly: what the probe reads is no narration or pronoun of the story's)
    narrated, pronouns = NARRATED.set(None), PRONOUNS_READ.set(None)
    try:
        after = state
        for action in parse_action(engine, state, said):
            outcome = engine.apply(after, action)
            if not outcome.accepted:
                return True
            after = outcome.state
        return False
    except BohnspecError:
        return True
    finally:
        NARRATED.reset(narrated)
        PRONOUNS_READ.reset(pronouns)




def split_in_turn(engine: Engine, state: State, texts: Sequence[str]) -> list[str]:
    """The moves of several texts (split_moves), each text split in the situation the moves of
    the ones before it leave: the sentences of one text, or the `--action`s of a question
    (`Timon plants`, then `Can Timon plant a second card?`: one more planting, not two)."""
    out: list[str] = []
    said_before: list[str] = []  # (the texts as said, for what they say of the players)
    names = {n.lower(): n for n in state.names()}
    narrated = NARRATED.get()
    # (only beside a sentence that does name a move: a story of no move at all is told as before)
    moving = narrated is not None and len(texts) > 1 and any(
        mentions_a_move(engine, t) or _asks_a_move(engine, state, t) for t in texts)
    for text in texts:
        # (a time before the situation is a sentence's: a text of several is read sentence by
        # sentence below, where only the one saying it is passed over)
        one_sentence = len(re.split(r"(?<=[.!;?])\s+", text.strip())) == 1
        if moving and narrated is not None and (_told_as_narration(engine, state, text)
                                                or (one_sentence and _told_before(engine, state, text))):
            narrated.append(text.strip())
            continue
        if moving and one_sentence and not text.rstrip().endswith("?") and OTHER_TIME.search(text):
            text = _OTHER_TIME_SAID.sub("", text)  # (a move the situation does not hold yet: _told_before)
        said_before = said_before[-3:]
        if sum(c.isalpha() for c in text) > 3 and not any(c.islower() for c in text):
            # (`TIMON PLANTS HIS RED`: said loudly, read as said; the players by their names;
            # round 79's hostile tester was told 'RED' is no number)
            text = re.sub(r"[^\W\d_]+", lambda m: names.get(m[0].lower(), m[0].lower()), text)
        # (`-a "Nina attacks 17 ..." -a "Does she take it?"`: a question of what the moves before
        # lead to, asked on its own, is answered by their events, as in one text; round 85's
        # hunter had it refused as no question of a move)
        text = _counts_for_the_card(engine, state, out, _opening_dropped(state, text))
        if (count := _COUNT_ALONE.fullmatch(text)) is not None:
            # (`How many fields does Lars have?`: a count where the moves leave the game, which the
            # answer gives; no move of its own; round 87's second table)
            place = count_said(count)[0]
            if re.fullmatch(r"(?:victory\s+)?points?|vps?", place, flags=re.IGNORECASE):
                continue  # (`How many points does Timon have?`: the score, which the answer counts)
            if counted_place(engine, place) is None and not counts_spaces(engine, place):
                places = ", ".join(z for z, d in engine.spec.zones.items() if d.per_player)
                raise ActionError(f"{text.strip()!r}: {place!r} is no place of a player's that judge counts "
                                  f"(cards, {places})")
            continue
        if re.fullmatch(r"\s*(?:" + TAKES_ASKED.pattern + r")[^?.!]*[?.!]*\s*", text, flags=re.IGNORECASE):
            # (`How many cards does Keno take from his cart?`: a count the answer gives, where the
            # moves leave the game; no take of its own, which made it one fewer: round 93's hunt)
            continue
        if out and _asks_an_outcome(engine, text, out[-1], state.names()):
            continue
        played = _played(engine, state, out)  # (where the moves before leave the game)
        if out and _names_a_move(engine, text.split()[:3]) and text.split()[0].lower() not in _QUESTION_WORDS:
            # (`-a "Nina harvests her reds" -a "and pays that coin as tribute"`: the player of the
            # move before goes on; round 87's second table)
            before = _mover(state, _mood_said(out[-1])[1])
            # (only a move whose moment is his now: `-a "accepts"` after his offer is the other's)
            if before is not None and _family_timely(engine, played, _action_named(engine, text.split())[0], before):
                text = f"{before} {text}"
        again = re.match(r"^\s*((?:can|may|must|could|does|do)\s+)(\S+)\s+(?:go|goes|play|plays|do|does)\s+(?:that\s+)?"
                         r"again\b", text, flags=re.IGNORECASE) if out else None
        if again is not None:
            # (`Can Uwe go again?` after his attack: that move again, of his; round 96's table
            # was told `go` is no action)
            # (a pronoun: the last player before whose move is his to make again now, where the
            # moves leave the game: Uwe's attack, not Hanno's defence after it)
            made = [(w[0], _action_named(engine, w[1:])[0]) for m in out for w in [_mood_said(m)[1].split()]
                    if len(w) > 1]
            now = _played(engine, state, out)
            said = again[2] if again[2] in state.names() else None
            found = next(((who, verb) for who, verb in reversed(made) if verb in engine.spec.actions
                          and (who == said or (said is None and again[2].lower() in ("he", "she", "they")
                                               and _family_timely(engine, now, verb, who)))), None)
            if found is not None:
                text = f"{again[1]}{found[0]} {found[1]} again{text[again.end():]}"
        # (the moves before, as one text: whom a pronoun means is read with them)
        prefix = " ".join(m.rstrip(".!?;, ") + ("?" if _mood_said(m)[0] else ".") for m in out[-3:]) + " "
        troops = re.match(r"\s*(his|her|their)\s+(?=(?:" + "|".join(_TROOPS) + r")\b)", text, flags=re.IGNORECASE) \
            if out else None
        if troops is not None:
            # (`-a "Timon's riders attack 05" -a "Then his riders attack 05 again"`: the troops of
            # the player the pronoun means, read as `he` is; round 88's war table)
            probe = {"his": "he", "her": "she", "their": "they"}[troops[1].lower()] + " " + text[troops.end():]
            resolved = _pronouns_meant(engine, state, prefix + probe)
            who = resolved[len(prefix):].split()[0] if resolved.startswith(prefix) and resolved[len(prefix):] else ""
            if who in state.names() and _pronoun_sure(engine, played, " ".join(said_before), probe,
                                                      resolved[len(prefix):]):
                text = f"{who}'s " + text[troops.end():]
        if out and re.search(r"\b(?:he|she|they)\b", text, flags=re.IGNORECASE):
            # (`-a "Nina harvests her soys" -a "then she attacks the farm"`: whom a pronoun
            # means is read with the moves before it, as in one text; round 87's second table)
            resolved = _pronouns_meant(engine, state, prefix + _asides_unwrapped(text).lstrip())
            if resolved.startswith(prefix) and _pronoun_sure(engine, played, " ".join(said_before), text,
                                                               resolved[len(prefix):]):
                text = resolved[len(prefix):]
        moves = split_moves(engine, played, text)
        # (a count asked after a sentence passed over, `We're three. How many bean fields does
        # Timon have?`: answered as asked alone, no move; round 97's table)
        moves = [m for m in moves if (alone := _COUNT_ALONE.fullmatch(_mood_said(m)[1])) is None
                 or counted_place(engine, count_said(alone)[0]) is None]
        if out and moves:
            moves[0] = _it_meant(engine, state, out, moves[0])
            # (`-a "Timon harvests his soys" -a "Can Timon plant the red there?"`: the field of
            # the move before, as in one text; round 87's table had field 1 judged, refused)
            mood, bare = _mood_said(moves[0])
            moves[0] = _asked(mood, _there(engine, state, [*(_mood_said(m)[1] for m in out), bare], len(out)))
        out += moves
        said_before.append(text)
    return out


def _mood_said(move: str) -> tuple[str | None, str]:
    """A move as split_moves gives it, `Can Nina harvest field 1`: its mood (_asked's) and the move."""
    for mood in (_MAY, _MUST):
        if move.startswith(mood + " "):
            return mood, move[len(mood) + 1:]
    return None, move


def _it_meant(engine: Engine, state: State, before: list[str], text: str) -> str:
    """`Lisa offers it to Paul` after a move of one card (`Paul gives Lisa the garden`): that
    card, said by its bean (round 71's table had `it` read as the partner). Only as the object
    right after the verb of a move that takes a card, and only where the move before names one."""
    words = text.split()
    if len(words) < 3 or words[2].lower().strip(",.") != "it":
        return text
    kind = _action_named(engine, words[1:])[0]
    # (of the verb's family: `plants it` after a gift is plant_card's, though `plant` names phase
    # 1's planting, which takes a field; round 89's table)
    decls = [engine.spec.actions[k] for k in (verb_family(engine, kind) or [kind]) if k in engine.spec.actions]
    if not any(any(p.type in ("card", "cards") for p in d.params) and not any(p.type == "field" for p in d.params[:1])
               for d in decls):
        return text
    # (the last move before that names cards: `Nina declines` names none)
    for k in range(len(before) - 1, -1, -1):
        earlier = _played(engine, state, before[:k])
        try:
            action = parse_action(engine, earlier, before[k])[0]
        except BohnspecError:
            return text
        kind_before = engine.spec.actions.get(action.get("type", ""))
        refs = [r for p in (kind_before.params if kind_before is not None else ()) if p.type in ("card", "cards")
                for r in ([action.get(p.name)] if p.type == "card" else action.get(p.name) or [])]
        if refs:
            break
    else:
        return text
    if len(refs) > 1 and kind_before is not None:
        # (`Timon offers Keno the red for his blue, Keno declines, so Timon offers it to Nina`: of
        # an offer's cards, those of the one who made it; round 89's second hunter)
        owners = card_owners(engine, kind_before.name)
        refs = [r for p in kind_before.params if p.type in ("card", "cards")
                and owners.get(p.name) in (None, kind_before.actor)
                for r in ([action.get(p.name)] if p.type == "card" else action.get(p.name) or [])]
    if len(refs) != 1 or not isinstance(refs[0], str):
        return text
    owner = str(action.get("player"))
    variety = _card_at_ref(engine, earlier, owner, refs[0])
    if variety is None:
        return text
    # (where that card lies now: still where it was, or come to the player who moves, in the
    # place the moves since put it, `received`: that very card, not another of its bean)
    now, mover = _played(engine, state, before), _mover(state, text)
    # (only a card the mover holds: `Nina offers Timon her fire. Timon declines. Timon offers it`
    # is no card of his; read as his own fire it was a false LEGAL, round 77's hunter)
    said = None
    if mover == owner and _card_at_ref(engine, now, owner, refs[0]) == variety:
        said = refs[0]
    elif mover is not None:
        for zone, kept in engine.spec.zones.items():
            if kept.per_player and zone != engine.fields_zone:
                was, cards = earlier.player(mover).zones.get(zone, []), now.player(mover).zones.get(zone, [])
                if cards.count(variety) > was.count(variety):
                    said = f"{zone} {len(cards) - cards[::-1].index(variety)}"
                    break
    return text if said is None else " ".join([*words[:2], said, *words[3:]])


def _no_other_phase(engine: Engine, state: State, player: str, kind: str, words: list[str]) -> None:
    """A word naming a phase other than the one under way is told: a move is judged where the
    game stands."""
    for w in words:
        phases = _phases_named(engine, w)
        if phases and state.phase not in phases:
            now = engine.spec.phases.get(state.phase)
            raise ActionError(f"{w!r} names the phase {' or '.join(phases)}, but it is {state.phase}"
                              + (f" ({now.title})" if now is not None and now.title else "")
                              + f" now: a move is judged where the game stands (`{player} {kind}` judges it there)")


def _played(engine: Engine, state: State, texts: list[str]) -> State:
    """The situation the moves said leave, as far as they can be read and the rules allow them
    (the first that cannot stops it: the situation before it)."""
    for text in texts:
        try:
            for action in parse_action(engine, state, text):
                outcome = engine.apply(state, action)
                if not outcome.accepted:
                    return state
                state = outcome.state
        except BohnspecError:
            return state
    return state


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


def _unknown_verb(engine: Engine, words: list[str]) -> bool:
    """Whether the words begin with what reads as a verb said of a player that names no move of
    the game (`puts the second red ...` after a comma): a move of its own, to be told as unknown,
    not words of the move before (round 82's table had `harvests the soy, puts the second red in
    the emptied field` read as a harvest of the red's field)."""
    if len(words) < 2:
        return False
    verb, after = words[0], words[1].lower()
    return verb.isalpha() and verb.islower() and len(verb) > 3 and verb.endswith("s") \
        and verb not in _NOT_VERBS and _variety_said(engine, verb) is None and verb[:-1] not in engine.spec.zones \
        and after in ("the", "his", "her", "their", "my", "a", "an", "both", "all", "one", "two", "it", "them")


# Words ending in -s before a card that are no verbs.
_NOT_VERBS = frozenset({"this", "those", "these", "plus", "towards", "besides", "unless", "yes", "thus", "always",
                        "perhaps", "cards", "beans", "fields", "coins"})


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
    # (`..., but Lisa says no`: the answer, a move of its own; round 71's table)
    # (only before a player, or a list of players, said to do something: `to Nina, Keno, Eiko`
    # lists partners, round 79's hostile tester had each read as a move, in time growing with
    # the list's length twice over)
    # (`... his lonely green. So Timon harvests the blues`: `so` opening the next; round 90)
    text = re.sub(r"(?:,|\.|;)\s+(?:(?:but|so|So|and\s+so)\s+)?(?=(?:" + alt + r")(?:'s)?"
                  r"(?:(?:\s*,\s*|\s+(?:and|or)\s+)(?:" + alt
                  + r"))*\s+(?!(?:and|or|And|Or)\b)[A-Za-z])", " and ", text)
    # (`Nina defends with her red. He burns it.`: a sentence of its own, whose `he` the whole
    # text did not tell; it was taken for Nina, round 76's table)
    text = re.sub(r"[.;!]\s+(?=(?:he|she|they)\s)", " and ", text, flags=re.IGNORECASE)
    first = _subjects(state, text)[0]
    if len(first) == 1:
        # (`plants the soy, ends the phase`: a comma before a verb of this game's moves, the same player)
        tokens = text.split()
        for k in range(1, len(tokens) - 1):
            later = tokens[k + 1:]
            if tokens[k].endswith(",") and later[0].lower() not in ("then", "and") \
                    and later[0].lower().rstrip(",") not in {n.lower() for n in names} \
                    and (_names_a_move(engine, later) and not _an_object(engine, state, " ".join(later))
                         or _picks_onto_the_discard(engine, state, first[0], tokens[1:k + 1], later)
                         or _unknown_verb(engine, later)):
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
            split = words.split()
            said = _discarded_by(engine, state, who[0], split)
            if said is not None:  # (`harvests her soy field and discards the beans`: what the harvest does)
                shorter = f"{who[0]} {' '.join(split[:said])}"
                return _several_moves(engine, state, shorter) or [shorter]
            cut = [k for k, w in enumerate(split) if k and w.lower() in ("and", "then")
                   and k + 1 < len(split) and split[k + 1].lower() not in nouns
                   and (_names_a_move(engine, split[k + 1:])
                        or _picks_onto_the_discard(engine, state, who[0], split[:k], split[k + 1:])
                        or _unknown_verb(engine, split[k + 1:]))]
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
    each = _each_card(engine, state, text) or _each_task(engine, text) or _repeated(engine, state, text)
    if each is not None:
        return each
    # (`cashes in both his fields`, `harvests his two fields`, `all three fields`: a count said of
    # the fields; round 95's table had `his two fields` read as field 2 alone, a confident half)
    # (`all three of his fields`: his three fields; round 96's hunter was told)
    text = re.sub(r"\b(?:all\s+)?(two|three|four)\s+of\s+(his|her|their|my|the)\s+(?=(?:\S+\s+)?fields\b)", r"\2 \1 ",
                  text, flags=re.IGNORECASE)
    every = re.match(r"^(\S+\s+\S+(?:\s+(?:in|out))?)\s+(?:(both|all|each)\s+(?:of\s+)?)?"
                     r"(?:(?:his|her|their|my|the)\s+)?(?:(two|three|four|both)\s+)?(?:(\S+)\s+)?fields$|"
                     r"^(\S+\s+\S+(?:\s+(?:in|out))?)\s+(both|all|each)\s+(?:of\s+)?(?:(?:his|her|their|my|the)\s+)?"
                     r"(?:(\S+)\s+)?fields?$", text, flags=re.IGNORECASE)
    if every is not None:
        verb, count_word, variety = (every[1], every[3] or every[2], every[4]) if every[1] else \
            (every[5], every[6], every[7])
        if count_word is None:
            every = None
        elif variety is not None and variety.lower() not in engine.spec.varieties:
            every = None
    if every is not None and (who := _subjects(state, verb)[0]):
        fields = state.player(who[0]).zones.get(engine.fields_zone, [])
        # (`both his fire fields`: those growing fire)
        planted = [k for k, f in enumerate(fields, 1) if f and (variety is None or f[-1] == variety.lower())]
        how_many = {"both": 2, "two": 2, "three": 3, "four": 4}.get(count_word.lower())
        if how_many is not None and len(planted) != how_many:
            what = f"{variety.lower()} field" if variety else "field"
            raise ActionError(f"{count_word!r}: {who[0]} has {len(planted) or 'no'} {what}"
                              + ("s" if len(planted) != 1 else "") + ("" if variety else " holding beans")
                              + ": name the fields by their numbers")
        if planted:
            return _an_order_allowed(engine, state, [f"{verb} field {k}" for k in planted])
    subjects, after = _subjects(state, text)
    if len(subjects) > 1:
        return [f"{who} {after}" for who in subjects]
    return None


# A vine card said after a move that takes no values: `the blue card`, `for this card`, `the next task`.
_TASK_SAID = r"(?:for\s+)?(?:the|this|that|his|her|my|their|next|a|an)\b[^,]*?\b(?:card|task)"


def _each_task(engine: Engine, text: str) -> list[str] | None:
    """`Nina fulfils the blue card and then the red card`, `pays tribute for this card and then
    for the next card`: a move of no values said of several vine cards, once for each, in the
    order said (round 75's table had the second claim read as a note of the first)."""
    join = r"\s*,?\s*(?:and\s+then|and|then)\s+"
    m = re.match(r"^(\S+\s+.+?)\s+(" + _TASK_SAID + r")((?:" + join + _TASK_SAID + r")+)\s*$", text,
                 flags=re.IGNORECASE)
    if m is None:
        return None
    kind = _action_named(engine, m[1].split()[1:])[0]
    if kind not in engine.spec.actions or engine.spec.actions[kind].params:
        return None
    rest = re.split(join + "(?=" + _TASK_SAID + ")", m[3].strip(" ,"), flags=re.IGNORECASE)
    return [f"{m[1]} {m[2]}", *(f"{m[1]} {t}" for t in rest if t)]


# `pays two coins`, `pays all his coins ...`: the player, the verb, how many (or all), the pile
# named in the plural (`coins`), and the words after.
_PAID_MANY = re.compile(r"^(\S+)\s+(\S+)\s+(?:(all)\s+(?:of\s+)?(?:his|her|their|my)|(\S+))\s+"
                        r"(?:gold\s+|bean\s+)?(\S+?)s\b(.*)$", re.IGNORECASE)


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
    each = re.match(r"^(\S+\s+.+?)\s+for\s+(\S+)\s+(?:vine\s+|bean\s+)?(?:cards?|tasks?)$", text, flags=re.IGNORECASE)
    # (not `pays a coin in tribute for two cards`: the coins said are what is paid; round 65)
    coins = r"\b(a|an|one|\d+|" + "|".join(_NUMBER_WORDS) + r")\s+(?:gold\s+)?coins?\b"
    coins_said = re.search(coins, each[1], flags=re.IGNORECASE) if each is not None else None
    if coins_said is not None and each is not None:
        # (`two coins ... for two cards`: as many coins as cards, each paid for one: the coin
        # count said once, `pays a coin`, each time)
        coins_paid = 1 if coins_said[1].lower() in ("a", "an") else count(coins_said[1])
        once = each[1][:coins_said.start()] + "a coin" + each[1][coins_said.end():]
        if coins_paid == count(each[2]) and 1 < coins_paid <= _MOST_REPEATS and _pays_one(engine, state, once):
            return [once] * coins_paid
    elif each is not None and 1 < count(each[2]) <= _MOST_REPEATS and _pays_one(engine, state, each[1]):
        # `pays tribute for two cards`: a payment of one coin for each card (bohnroeschen/
        # tribute/1), the move once for each card said
        return [each[1]] * count(each[2])
    paid = _PAID_MANY.match(text)
    if paid is not None:
        # (`pays two coins to move two cards`: what the coins buy, as many as paid, said once for
        # all; each payment is one of them, round 84's table had it noted as a count not read)
        purpose = re.fullmatch(r"\s+(?:to\s+(?:move|go|get|step)\s+(?:on\s+|forward\s+|ahead\s+)?|for\s+)"
                               r"(\S+)\s+(?:vine\s+)?cards?\s*", paid[6], flags=re.IGNORECASE)
        if purpose is not None and count(purpose[1]) == count(paid[4] or ""):
            text = text[:paid.start(6)]
            paid = _PAID_MANY.match(text)
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


def _discarded_by(engine: Engine, state: State, player: str, words: list[str]) -> int | None:
    """Where `and discards ...` begins, when the move said before it lays cards on the discard
    pile itself (a harvest's beans, harvest/9) and opens no pick onto it: the words say what
    that move does (round 66's hunter); None otherwise."""
    k = next((k for k, w in enumerate(words) if k and w.lower() in ("and", "then") and k + 1 < len(words)
              and "discard" in _verb_forms(words[k + 1].rstrip(","))), None)
    if k is None or "discard" not in engine.spec.zones or _discards_by_a_move(engine) or _picks_onto_the_discard(
            engine, state, player, words[:k], words[k + 1:]):
        return None  # (the two-player game discards by moves of its own: `discards the red and then the blue`)
    try:
        action = parse_action(engine, state, " ".join([player, *words[:k]]).rstrip(","))[0]
        outcome = engine.apply(state, action)
    except BohnspecError:
        return None
    grew = len(outcome.state.zones.get("discard", [])) > len(state.zones.get("discard", []))
    # (`harvests his broad beans and discards the fire`: a card the harvest does not lay there,
    # told, not dropped; round 68's hunter)
    field = next((action[p.name] for p in engine.spec.actions[action["type"]].params if p.type == "field"), None)
    fields = state.player(player).zones.get(engine.fields_zone, [])
    laid = fields[field - 1][-1:] if isinstance(field, int) and 0 < field <= len(fields) else []
    return k if outcome.accepted and grew and _varieties_said(engine, words[k + 2:]) <= set(laid) else None


def _varieties_said(engine: Engine, words: list[str]) -> set[str]:
    """The bean varieties the words name, as players call them (`fires`, `chili`)."""
    names = _bean_names(engine)
    return {names.get(w.lower().rstrip(",."), w.lower().rstrip(",.s")) for w in words} & set(engine.spec.varieties)


def _picks_onto_the_discard(engine: Engine, state: State, player: str, before: list[str], after: list[str]) -> bool:
    """`Keno harvests his jumping beans and discards the soy`: `discards` after a move that
    opens a move placing a card onto a `target` (the Jumping Bean draft's pick) for the player,
    where the game has no move that discards; not `discards the beans` after a harvest, whose
    cards go to the discard pile with it (harvest/9; round 66's hunter)."""
    if not after or "discard" not in _verb_forms(after[0].rstrip(",")) or _discards_by_a_move(engine):
        return False
    placing = [a.name for a in engine.spec.actions.values() if any(p.type == "target" for p in a.params)]
    if not placing or any(engine.timing(state, kind, player) is None for kind in placing):
        return False
    # (`harvests his jumping beans and discards the jumping beans`: the harvested cards)
    if _varieties_said(engine, before) & _varieties_said(engine, after[1:]):
        return False
    try:
        outcome = engine.apply(state, parse_action(engine, state, " ".join([player, *before]).rstrip(","))[0])
    except BohnspecError:
        return False
    return outcome.accepted and any(engine.timing(outcome.state, kind, player) is None for kind in placing)


def _pays_one(engine: Engine, state: State, text: str) -> bool:
    """Whether the move `text` says, made once here, is a payment of a single card: it takes
    exactly one card from the mover's piles and none from anywhere else of theirs."""
    who = _mover(state, text)
    try:
        action = parse_action(engine, state, text)[0]
        outcome = engine.apply(state, action)
    except BohnspecError:
        return False
    if who is None or not outcome.accepted or engine.spec.actions[action["type"]].params:
        return False
    before, after = state.player(who).zones, outcome.state.player(who).zones
    lost = [len(before.get(z, [])) - len(after.get(z, [])) for z, d in engine.spec.zones.items()
            if d.per_player and d.kind == "pile"]
    return sorted(n for n in lost if n) == [1]


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


def _accepted(engine: Engine, state: State, action: dict) -> Outcome | None:
    """What an action would do, or None when the rules refuse it or it cannot be played."""
    try:
        outcome = engine.apply(state, action)
    except BohnspecError:
        return None
    return outcome if outcome.accepted else None


def _coins_taken(engine: Engine, state: State, action: dict, player: str) -> str | None:
    """How many of the player's coins an action takes (`1 coin`, "" for none), None when the
    rules refuse it now."""
    outcome = _accepted(engine, state, action)
    if outcome is None:
        return None
    gone = len(state.player(player).zones.get("coins", [])) - len(outcome.state.player(player).zones.get("coins", []))
    return "" if gone <= 0 else f"{gone} coin{'s' if gone > 1 else ''}"


def _taking_rules(engine: Engine, state: State, action: dict, player: str) -> list[str]:
    """The paragraphs of the rules that took cards from the player in an action (the top coin
    of a tribute: bohnroeschen/tribute/2), innermost first; none where it cannot be traced."""
    from ...execution import tracing as T
    try:
        _, rec = T.traced_apply(engine, state, action)
    except BohnspecError:
        return []
    out: list[str] = []
    for entry in rec.entries:
        if entry[0] != "change" or not str(entry[1]).startswith(f"players.{player}."):
            continue
        _, _, before, after, frames = entry
        if isinstance(before, list) and isinstance(after, list) and len(after) < len(before) and frames:
            out += [c for c in frames[-1].cites if c not in out]
    return out


def _beans_moved(engine: Engine, state: State, action: dict) -> set[str] | None:
    """The bean varieties the events of an action name (what it moves), or None when the
    rules refuse it or it cannot be played."""
    outcome = _accepted(engine, state, action)
    if outcome is None:
        return None
    out: set[str] = set()
    for e in outcome.events:
        for v in e.values():
            for x in (v if isinstance(v, list) else [v]):
                if isinstance(x, str) and x in engine.spec.varieties:
                    out.add(x)
    return out


# Words of a `with` phrase saying where the cards are, not which (`with a blue left`, `with
# 2 cards still in hand`, `with the red unplanted`), and those saying what is paid.
_LEFT_WORDS = frozenset({"left", "revealed", "unplanted", "remaining", "still", "in", "hand", "untraded", "unsold",
                         "over", "face", "up", "showing"})
_PHRASE_WORDS = _LEFT_WORDS | {"and", "all", "bean", "beans", "card", "cards", "coin", "coins"}


def _situation_phrase(engine: Engine, state: State, rest: list[str]) -> tuple[int, list[str]] | None:
    """Where a move of no values is given a `with` phrase of beans, counts and words of where
    they lie or what they are only: the index of `with` and the beans named in it (each once
    for each time said: `2 blues` twice), else None."""
    lowered = [w.lower() for w in rest]
    if "with" not in lowered or len(rest) == lowered.index("with") + 1:
        return None
    at = lowered.index("with")
    beans: list[str] = []
    count = 1
    for word in rest[at + 1:]:
        parts = word.split(",")
        if all(_variety_said(engine, p) is not None and p not in state.names() for p in parts):
            beans.extend(parts * count)
            count = 1
        elif word.isdigit():
            count = max(1, min(int(word), 99))
        elif not (word.lower() in _PHRASE_WORDS or word.lower() in _ARTICLES):
            return None
    return at, beans


def _phrase_text(words: list[str]) -> str:
    """A phrase's words as said (`2 all blue` is `2 blue`, `soy,red` is `soy, red`)."""
    shown = [w.replace(",", ", ") for k, w in enumerate(words) if not (w == "all" and k and words[k - 1].isdigit())]
    return " ".join(shown)


def _beans_taken(engine: Engine, state: State, action: dict, player: str) -> Counter | None:
    """The bean cards an action takes from the player, wherever they lay (the coins it pays),
    or None when the rules refuse it or it cannot be played."""
    outcome = _accepted(engine, state, action)
    if outcome is None:
        return None

    def held(s: State) -> Counter:
        out: Counter = Counter()
        for cards in s.player(player).zones.values():
            for c in cards:
                out.update(x for x in (c if isinstance(c, list) else [c]) if x in engine.spec.varieties)
        return out
    return held(state) - held(outcome.state)


def _one_card_said(engine: Engine, state: State, player: str, kind: str, names: list[str],
                   rest: list[str]) -> list[str]:
    """The words of a move that takes no count with the cards it moves counted: `picks the soy
    card` is the soy, `picks one card into field 1` or `plants a card` leaves which card to the
    move (one move moves one: the value not said is completed, and told), and `picks 2 cards`
    is no move of this kind, which moves one card at a time (round 84's hunter had the number
    read as the second card, and the word `cards` as the next value)."""
    out: list[str] = []
    k = 0
    while k < len(rest):
        word, after = rest[k], rest[k + 1].lower() if k + 1 < len(rest) else ""
        later = rest[k + 2] if k + 2 < len(rest) else ""
        if after in ("card", "cards") and word.lower() not in names and not later.isdigit():
            if _variety_said(engine, word) is not None and word not in state.names():
                out.append(word)  # `the soy card`
                k += 2
                continue
            if word.lower() in ("a", "an", "1") and after == "card":
                k += 2  # `one card`: which one, the move's value left unsaid
                if "card" in names and names.index("card") + 1 < len(names) and k < len(rest):
                    out.append(names[names.index("card") + 1])  # what follows is the next value
                continue
            if word.isdigit() and int(word) > 1 and after == "cards":
                raise ActionError(f"'{word} cards': {kind} moves one card at a time ({kind} "
                                  f"{' '.join(n.upper() for n in names)}): say which card, and make a move for each "
                                  f"(`{player} {kind} ...`, then again)")
        out.append(word)
        k += 1
    return out


def _single(engine: Engine, state: State, player: str, kind: str, rest: list[str], said: list[str],
            spoken: bool = False) -> dict:
    """One action from its words. `spoken`: said in the table's words (not the action's own
    name), where a move given no value at all is completed as a player means it."""
    from ...language.spec import modules_declaring
    words_said = list(rest)
    if kind not in engine.spec.actions:
        elsewhere = [m for m in modules_declaring(kind) if m not in engine.spec.modules]
        if elsewhere:
            # `puts the red beans on the discard pile` in the two-player game (`put` is said of
            # Bohnaparte's stow): a word naming moves of this game, the one the rules allow.
            found = _move_named_among(engine, state, player, kind, rest, said)
            if found is not None:
                return found
            raise ActionError(absent_move(engine, kind, elsewhere))
        known = [*engine.spec.actions, "trade"]
        # `discards hand 4`: the actions whose names begin with the verb (discard_card, discard_kind).
        family = [a for a in known if any(a.startswith(v + "_") for v in _verb_forms(kind))]
        if len(family) == 1 and family[0] in engine.spec.actions:
            # `takes cart 2`: the one action of this game named after the verb.
            return _single(engine, state, player, family[0], rest, said)
        if family:
            # (`discards one red`, `a single red`: the variety, the count told below where the move
            # takes them all; round 88's hunter had the verb unknown)
            rest = [w for i, w in enumerate(rest) if not (w.lower() in ("one", "1", "single") and i + 1 < len(rest)
                                                           and _variety_said(engine, rest[i + 1]) is not None)]
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
            # (several: the one whose moment this is, refused by its requirements alone; round
            # 58's table had a second discard of phase 1 told to choose between two moves)
            timely = [r for r in readable if engine.timing(state, r[0]["type"], player) is None]
            if not legal and len(timely) == 1:
                said.extend(timely[0][1])
                return timely[0][0]
            # (several readable, none at its moment: each is refused by its timing, so the
            # answer is the same whichever; the first judged, the others said: `Can Nina discard
            # her green?` out of her turn in the two-player game, round 65's table)
            untimely = [r for r in readable if engine.timing(state, r[0]["type"], player) is not None]
            if not legal and not timely and untimely and len(untimely) == len(readable):
                said.extend(untimely[0][1])
                said.append(f"'{kind}' names {' and '.join(r[0]['type'] for r in untimely)}: none may be made now; "
                            f"judged as {untimely[0][0]['type']}")
                return untimely[0][0]
            # (`Nina discards the leftovers`, no value said: the one move of the verb's family
            # that is hers now, its values completed and told; round 86's table)
            now = [name for name in family if name in engine.spec.actions and engine.timing(state, name, player) is None
                   and next(_legal_with(engine, state, name, player, {}), None) is not None]
            bare = {"all", "leftover", "leftovers", "remaining", "beans", "cards"}
            if len(now) == 1 and not [w for w in rest if w.lower() not in _ARTICLES and w.lower() not in bare]:
                return _single(engine, state, player, now[0], [], said, spoken=True)
            raise ActionError(f"unknown action {kind!r}: did you mean {' or '.join(family)}? "
                              f"(`{player} {family[0]} ...`; bohnspec explain {family[0]} lists its values)")
        # (`burns it` in the mixed game: the verb of a move of another module only, named after
        # it, `burn_town`; told why it is not here as for its own name; round 70's table)
        from ...language.spec import all_action_names
        foreign = sorted({a for a in all_action_names() if a not in engine.spec.actions
                          and any(a.startswith(v + "_") for v in _verb_forms(kind))})
        if len(foreign) == 1:
            homes = [m for m in modules_declaring(foreign[0]) if m not in engine.spec.modules]
            if homes:
                raise ActionError(absent_move(engine, foreign[0], homes))
        # A misspelt verb of the table (`claimz`) is matched against the spec's `aka` verbs too.
        said = [v for v, a in _verbs(engine).items() if a in engine.spec.actions]
        # (`moves her figure forward`: a verb no move is named by, but the title of one says it,
        # `... and move your figure on`; round 85's second table)
        titled = [f"{a.name} ({a.title})" for a in engine.spec.actions.values() if a.title and any(
            re.search(r"\b" + re.escape(v) + r"\b", a.title, flags=re.IGNORECASE) for v in _verb_forms(kind))]
        raise ActionError(f"unknown action {kind!r}" + (suggest(kind, [*known, *said]) or
                                                       f" (this game's actions: {', '.join(known)})")
                          + (f"; the moves whose title says {_verb_forms(kind)[0]!r}: {'; '.join(titled)}"
                             if titled else ""))
    decl = engine.spec.actions[kind]
    names = [p.name for p in decl.params]
    types = {p.name: p.type for p in decl.params}
    if not decl.params:
        # (`ends step two` in step 4: the phase said is not the one under way, before `trade`
        # is read as an offer meant; round 65's hunter)
        _no_other_phase(engine, state, player, kind, [w for w in rest if w not in engine.spec.cards])
        # (`turns it down`: what `it` is, the move knows)
        rest = [w for w in rest if w.lower() not in ("it", "them", "this", "that")]
        # `ends the phase with a blue left`, `fulfils with his 2 blues`, `buys a field with her
        # red, soy and blue coins`: a `with` phrase of a move of no values says what the player
        # holds, leaves or pays, which the situation (and the rules) decide; its beans are
        # checked below against what the move moves, the rest told, not read (round 84's hunter).
        phrase = _situation_phrase(engine, state, rest)
        # (a count alone, `with 2 coins`, is told as a count below)
        if phrase is not None and (phrase[1] or {w.lower() for w in rest[phrase[0]:]} & _LEFT_WORDS):
            at, beans_in_it = phrase
            words = _phrase_text(rest[at:])
            lowered = {w.lower() for w in rest[at:]}
            # (`with her red, soy and blue coins`, `pays tribute with the red`: the beans a move
            # that takes some pays, which the rules choose)
            taken = _beans_taken(engine, state, {"type": kind, "player": player}, player) \
                if beans_in_it and not lowered & _LEFT_WORDS else None
            if beans_in_it and not lowered & _LEFT_WORDS and (lowered & {"coin", "coins"} or taken):
                words = _phrase_text(rest[at + 1:])
                # (coins said for a move that takes none, `passes with her fire coin`: what she
                # keeps, told; for one that takes others, no reading of the words)
                if taken and not Counter(_variety_said(engine, b) for b in beans_in_it) <= taken:
                    paid = ", ".join(f"{n} {v}" for v, n in sorted(taken.items()))
                    why = _taking_rules(engine, state, {"type": kind, "player": player}, player)
                    again = len(beans_in_it) > sum(taken.values())
                    raise ActionError(f"'{words}': {kind} names no card, and here it takes {paid} from {player}"
                                      + (f", as the rules say which [{', '.join(why)}]" if why else "")
                                      + (f"; a {kind} made several times is said once for each time (-a \"{player} "
                                         f"{kind}\" -a \"{player} {kind}\")" if again else ""))
                said.append(f"'{words}': {kind} names no card; the rules say which it moves"
                            + ("" if taken is None else ", and here it takes none" if not taken
                               else ", and here it is that one" if len(beans_in_it) == 1 else ", and here it is those"))
            else:
                said.append(f"'{words}' says what {player} holds or leaves: {kind} takes no values; it is judged "
                            "in the situation as given")
            rest = rest[:at]
        # `draws three cards`: a move of no values moves as many cards as the rules say; the
        # number said is not read, and the answer says so (round 47's players).
        counted = [k for k in range(len(rest) - 1) if rest[k].isdigit() and rest[k + 1].lower() in _COUNTED]
        rest = list(rest)
        for k in reversed(counted):
            unit = rest[k + 1].lower().rstrip("s") + "s"
            if rest[k] != "1" or not unit.startswith("coin"):  # (`pays one coin`: one move; round 84)
                amount = f"{rest[k]} {unit[:-1] if rest[k] == '1' else unit}"
                said.append(f"{kind} takes no count ({amount} is not read): one {kind} is judged, with as "
                            f"many {unit} as the rules give it; a move made several times is given once for "
                            "each time")
            del rest[k:k + 2]
        # `claims his blue bean card`, `fulfils her task`, `declines the gift`: what the move is
        # about is the one the rules mean
        card = re.search(r"\b(?:(?:his|her|their|my|the)\s+)?(?:\S+\s+){0,6}?(?:vine\s+)?(?:card|task)$"
                         r"|^(?:(?:his|her|their|my|the)\s+)?(?:gift|offer|trade|deal|proposal)$",
                         " ".join(rest), flags=re.IGNORECASE)
        if card is not None and not all(w.lower() in _title_words(engine, kind)[0] or w.lower() in _ARTICLES
                                        for w in rest):
            _the_card_meant(engine, state, player, kind, card[0])
            said.append(f"'{card[0]}': {kind} names nothing; it is about the one the rules mean")
            rest = " ".join(rest)[:card.start()].split()
        # `pays tribute with his fire coin`, `accepts the soy`: a move of no values takes the
        # card the rules say (the top coin, bohnroeschen/tribute/2; the offer's cards), which
        # what would happen shows; a bean said with it is told, not read (round 84's table could
        # not ask which coin is paid). A bean it does not move, where it moves others, is no
        # reading of the words: the beans it moves are told (`accepts the blue for the green`
        # with another trade on offer: round 84's hunter).
        beans = [(k, v) for k, w in enumerate(rest) if (v := _variety_said(engine, w)) is not None
                 and w not in state.names() and rest[k + 1:k + 2] not in (["field"], ["fields"])]
        if beans:
            moved = _beans_moved(engine, state, {"type": kind, "player": player})
            if moved and not {v for _, v in beans} <= moved:
                raise ActionError(f"{', '.join(repr(rest[k]) for k, _ in beans)}: {kind} names no card, and here "
                                  f"it moves {', '.join(sorted(moved))}")
            for k, _ in reversed(beans):
                after = rest[k + 1:k + 2]
                end = k + 2 if after and after[0].lower().rstrip("s") in ("coin", "card", "bean") else k + 1
                said.append(f"'{' '.join(rest[k:end])}': {kind} names no card"
                            + ("; the rules say which it moves, and here it is that one" if moved else ""))
                del rest[k:end]
    # (an int named like a card or a place, the draft's `card`, is a place, not a count: `picks
    # 2 cards` is no pick of the second; round 84's hunter)
    counts = [n for n, t in types.items() if t == "int" and n not in _COUNTED and n not in engine.spec.zones
              and n + "s" not in engine.spec.zones]
    # (only for a move whose moment it is: `plants 1 card into field 2` in phase 3 is no
    # planting of phase 1, whose words another move of the verb may read; round 85's hunter)
    if not counts and not any(t in ("cards", "refs") for t in types.values()) \
            and engine.timing(state, kind, player) is None:
        rest = _one_card_said(engine, state, player, kind, names, rest)
    if len(counts) == 1 and counts[0] not in rest and list(types.values()).count("int") == 1:
        # `requisitions two cards`: a number counting cards or coins is the move's one count, not
        # the space or field next in order (round 83's designer had the space 02 read, and the
        # count left at 1 under a note that it was not said).
        counted = [k for k in range(len(rest) - 1) if rest[k].isdigit() and rest[k + 1].lower() in _COUNTED]
        if len(counted) == 1:
            k = counted[0]
            rest = [*rest[:k], counts[0], rest[k], *rest[k + 2:]]
    rest = [w for k, w in enumerate(rest) if w.lower() not in _AGAIN
            and not (w.lower() == "once" and rest[k + 1:k + 2] == ["more"])
            and not (w.lower() == "more" and k and rest[k - 1].lower() == "once")]
    space_params = [n for n, t in types.items() if t == "space"]
    if state.board is not None and space_params and "player" not in types.values():
        # `Can Timon attack Nina?`: a player where a space is meant, one of hers; the first the
        # rules allow, the others said (none: her first, for the rules to refuse; round 58)
        named = [w for w in rest if w in state.names() and w != player]
        if len(named) == 1:
            hers = [sp for sp in state.board.ids if state.space_vars.get(sp, {}).get("owner") == named[0]]
            if not hers:
                raise ActionError(f"'{named[0]}': {kind} names a space, and {named[0]} holds none")
            allowed = _values_allowed(engine, state, kind, player, space_params[0], hers)
            choice = allowed[0] if allowed else hers[0]
            said.append(f"'{named[0]}': {kind} names a space; read as {named[0]}'s {choice}"
                        + (f" (any of {', '.join(allowed)} is allowed here)" if len(allowed) > 1 else
                           "" if allowed else f" (of {', '.join(hers)}, none is allowed here)"))
            rest = [choice if w == named[0] else w for w in rest]
    if any(t in ("field", "target", "card", "cards") for t in types.values()):
        # (a card value too: `trades his blue field`, the field's top card, for the rules to
        # refuse: fields are not traded; round 58's table had the field read as the partner)
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
    # (`during the intermediate phase`, `during trading`: the words around a phase's name;
    # round 64's table)
    rest = [w for k, w in enumerate(rest) if w in types or w in values or not (
        w.lower() == "during" or w.lower() == "phase" and k and _phases_named(engine, rest[k - 1]))]
    _no_other_phase(engine, state, player, kind, [w for w in rest if w not in types and w not in values])
    rest = [w for w in rest if w in types or w in values or not _phases_named(engine, w)]
    if state.board is not None:
        # `attacks space 15`, `the village 15`: the word before a space's id says what it is.
        # Only when that space is of the kind said: `under the farm with q` names the farm, not
        # the quarry q (round 49's players were told a fortress under the quarry was legal).
        kinds = {"space", *(c for c in engine.spec.cards)}
        # (`the plantation at 05`, `the village on 09`: the word between goes too, `at` read as
        # the name of the parameter by then; round 64's table)
        rest = [w for k, w in enumerate(rest) if not (
            w.lower() in ("at", "on", "in", *types) and 0 < k < len(rest) - 1 and rest[k - 1].lower() in kinds
            and rest[k + 1] in _spaces_of_kind(state, rest[k - 1].lower()))]
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
    if state.board is not None:
        # `attacks the gemstone field` where two lie on the map: the one the rules allow here,
        # when one alone is (round 59's Bohnaparte table was asked which)
        for key in [k for k in raw if types[k] == "space" and raw[k] not in state.board]:
            lying = _spaces_of_kind(state, raw[key])
            if len(lying) > 1:
                reachable = _values_allowed(engine, state, kind, player, key, lying)
                if len(reachable) == 1:
                    said.append(f"'{raw[key]}': of {', '.join(lying)}, only {reachable[0]} is allowed here: read as "
                                f"{reachable[0]}")
                    raw[key] = reachable[0]
    _owner_by_cards(engine, state, kind, player, raw, types, said)
    action: dict = {"type": kind, "player": player}
    # Players first: a card parameter may belong to one of them (`get` to the partner).
    for key in sorted(raw, key=lambda k: types[k] in ("card", "cards")):
        owner = player
        if types[key] in ("card", "cards"):
            owner_param = card_owners(engine, kind).get(key)
            if owner_param and owner_param != decl.actor and action.get(owner_param) in state.names():
                owner = action[owner_param]
        if types[key] == "card" and raw[key] in _TROOPS and raw[key] not in types:
            # `defends with his riders`: troops are no card of this move, nor may he send them
            # now; the clause saying where its card comes from answers (dschingis/combat/15),
            # not the troops' move's timing.
            clauses = card_zone_clauses(engine, kind, key)
            troops = [a.name for a in engine.spec.actions.values() if any(p.name == raw[key] for p in a.params)]
            if clauses and troops and engine.timing(state, troops[0], owner) is not None:
                raise ActionError(f"{raw[key]!r} are not a card to {kind} with: {clauses[0].reason} "
                                  f"[{', '.join(clauses[0].cites)}]")
        try:
            action[key] = _value(engine, state, player, types[key], raw[key], owner, said, _usable(engine, kind, key))
        except ActionError as exc:
            # `picks the soy into field 2` with no draft under way: the words cannot be read,
            # and the move could not be made anyway; both are said (round 48's players).
            refused = engine.timing(state, kind, player)
            if refused is None:
                raise
            # (`Can Timon pick the red?` while Nina picks: a card of the rules' numbering, read
            # as the one whose move it is now would name it, and refused as not his moment;
            # round 97's table was told the words cannot be read)
            moving = [q for q in state.names() if q != player and engine.timing(state, kind, q) is None]
            theirs = None
            if types[key] == "int" and len(moving) == 1:
                try:
                    theirs = _single(engine, state, moving[0], kind, words_said, [], spoken)
                except BohnspecError:
                    theirs = None
            if theirs is not None and isinstance(theirs.get(key), int):
                said.append(f"{raw[key]!r}: read as {key} {theirs[key]}, as {moving[0]}, whose {kind} it is now, "
                            "would name it")
                return {**theirs, "player": player}
            # (what takes the card now before why the words are no such move: round 90's table,
            # asking whether Keno may throw his received green away, read of drafts first)
            raise ActionError(f"{player} may not {kind} now: {refused.reason} [{refused.rule}]"
                              f"{_what_takes(engine, state, player, raw[key])}; and the words cannot be read as a "
                              f"{kind}: {exc}") from None
    # A list of cards not named is empty (`offer to Nina give soy`: a gift); where no list is
    # named at all (`Can Timon offer?`, `Can Timon trade with Nina?`), the cards are left for
    # the answer to choose, as any value not said is (round 93's table had a trade refused as
    # empty, whatever the partner [ruling/empty-trade], where Timon could trade).
    if any(p.type == "cards" and p.name in action for p in decl.params):
        for p in decl.params:
            if p.type == "cards" and p.name not in action:
                action[p.name] = []
    _another_card_of_the_variety(engine, state, action, raw, types, said)
    missing = [n for n in names if n not in action]
    if missing and len(missing) < len(names):
        # `rides against 15`: a value left out beside those given, that one value alone would
        # make legal here (his only riders that may charge), is that value, and the answer says
        # so (an action given no value at all is told how to write it: `Nina harvest FIELD`).
        found = _only_completion(engine, state, kind, player, {n: action[n] for n in names if n in action})
        if found is not None:
            said.append(completed(missing, f"{', '.join(f'{n} {found[n]}' for n in missing)}: the only "
                                            f"{'value' if len(missing) == 1 else 'values'} with which {player} may "
                                            f"{kind} here"))
            return found
        # `rides against 17`, a town no riders may attack: the value every legal move of the
        # type has (his only riders) is the one meant, and the move is judged with it (round
        # 47's players were told the grammar instead of the rule).
        alone = _only_completion(engine, state, kind, player, {}, missing)
        if alone is not None:
            # (not "may": with the values said, no such move is allowed, and round 90's table
            # read the note as allowing the move refused on the next line)
            given = [f"{n} {action[n]}" for n in names if n in action]
            said.append(completed(missing, f"{', '.join(f'{n} {alone[n]}' for n in missing)}: not said; the only "
                                            f"{'value' if len(missing) == 1 else 'values'} any {kind} of {player}'s "
                                            f"takes now, though with other values than {', '.join(given)}"))
            return {"type": kind, "player": player, **{n: action[n] if n in action else alone[n] for n in names}}
        # `Timon rides against 13`, Timon not the player whose turn it is: the value left out
        # is not what stops him, and the answer says first what does (round 47's players).
        refused = engine.timing(state, kind, player)
        # (a move of a loose verb, `picks`: the player may mean another move, whose moment it is;
        # `Keno picks the first camp` was judged a draft, refused: round 62's regression hunter)
        loose = any(w.split()[0].lower() in _LOOSE_VERBS for w in (kind, *decl.aka))
        whatever = _refused_whatever(engine, state, kind, player, action, missing) \
            if refused is not None and not loose else None
        if whatever is not None:
            # (judged, not told as unreadable: the move is refused whatever the value left out,
            # which the answer says; round 61's table had such questions answered with exit 2)
            said.append(completed(missing, f"{', '.join(repr(n) for n in missing)} not said: the rules refuse "
                                            f"this whatever {'it is' if len(missing) == 1 else 'they are'} (judged "
                                            f"as: {', '.join(f'{n} {whatever[n]}' for n in missing)})"))
            return whatever
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
                said.append(completed(missing, f"{', '.join(repr(n) for n in missing)} not said: the rules "
                                                f"refuse this whatever {'it is' if len(missing) == 1 else 'they are'}"
                                                f" (judged as: {', '.join(f'{n} {whatever[n]}' for n in missing)})"))
                return whatever
        if len(choices) > 1:
            # (`Can Hanno attack the town?`: yes, with any of these; judged with the first, said)
            shown = [" ".join(map(str, c)) for c in choices[:_SHOWN_CHOICES]]
            more = " (and more)" if len(choices) > len(shown) else ""
            first = " ".join(map(str, choices[0]))
            said.append(completed(missing, f"{', '.join(repr(n) for n in missing)} not said: judged as {first}; "
                                            f"any of {', '.join(shown[:-1])} or {shown[-1]}{more} is allowed here"))
            return {"type": kind, "player": player,
                    **{n: action[n] if n in action else choices[0][missing.index(n)] for n in names}}
    elif missing and spoken:
        # `Can Uwe buy a fortress?`, no value said: the move with the first values allowed, the
        # others listed (none allowed: told how to write it, as before); not his move now: told why
        refused = engine.timing(state, kind, player)
        if refused is not None:
            # (`Can Nina build a fortress during Hanno's turn?`: not her move now, whatever the
            # values; judged so, as a move refused whatever its values is; round 69's table had
            # the rule told and exit 2)
            loose = any(w.split()[0].lower() in _LOOSE_VERBS for w in (kind, *decl.aka))
            whatever = None if loose else _refused_whatever(engine, state, kind, player, {}, missing)
            if whatever is not None:
                said.append(completed(missing, f"no value said: the rules refuse this whatever "
                                                f"{'it is' if len(missing) == 1 else 'they are'}"
                                                f" (judged as: {' '.join(f'{n} {whatever[n]}' for n in missing)})"))
                return whatever
            raise ActionError(f"{player} may not {kind} now: {refused.reason} [{refused.rule}] (written in full: "
                              f"{player} {kind} {' '.join(n.upper() for n in names)})")
        choices = _completions(engine, state, kind, player, {}, missing)
        whatever = None if choices else _refused_whatever(engine, state, kind, player, {}, missing)
        if whatever is not None:
            # (`Can Nina harvest?`, every field empty: refused whatever it is)
            said.append(completed(missing, "no value said: the rules refuse this whatever "
                                            f"{'it is' if len(missing) == 1 else 'they are'}"
                                            f" (judged as: {' '.join(f'{n} {whatever[n]}' for n in missing)})"))
            return whatever
        if choices:
            shown = [" ".join(f"{n} {v}" for n, v in zip(missing, c)) for c in choices[:_SHOWN_CHOICES]]
            more = " (and more)" if len(choices) > len(shown) else ""
            said.append(completed(missing, f"no value said: judged as {shown[0]}" + (
                f"; any of {', '.join(shown[:-1])} or {shown[-1]}{more} is allowed here" if len(shown) > 1
                else ", the only move of it allowed here")))
            return {"type": kind, "player": player, **dict(zip(missing, choices[0]))}
    # (`offers him the soy` where the words do not say whom: asked, not `to: him`; round 76's hunter)
    for p in engine.spec.actions[kind].params if kind in engine.spec.actions else ():
        if p.type == "player" and str(action.get(p.name, "")).lower() in ("him", "her", "them"):
            raise ActionError(f"{action[p.name]!r}: whom it means, the words do not say; name the player: "
                              f"{', '.join(state.names())}")
        # (`offers the soy to Nina, Keno and Eiko`, `to everyone`: a move with one partner, said
        # to several; round 81's hunter saw 'Nina,Keno' refused as no player)
        said_to = [w for w in re.split(r"[,\s]+", str(action.get(p.name, ""))) if w]
        if p.type == "player" and (len(said_to) > 1 and all(w in state.names() or w.lower() in ("and", "or")
                                                            for w in said_to)
                                   or str(action.get(p.name, "")).lower() in _EVERYONE
                                   and action.get(p.name) not in state.names()):
            someone = next((n for n in state.names() if n != player), player)
            raise ActionError(f"{kind} is made with one player at a time, not with {action[p.name]!r}: name one "
                              f"(`{player} {_said_of_one(kind)} ... to {someone}`), and another after that one")
    # Keep the declaration's order of parameters, as the protocol writes them.
    return {"type": kind, "player": player, **{n: action[n] for n in names if n in action}}


# Words for every player at once.
_EVERYONE = frozenset({"everyone", "everybody", "all", "anyone", "anybody", "table", "each"})


# The first words of a question that names no player's move.
_QUESTION_WORDS = frozenset({"can", "may", "must", "how", "what", "who", "when", "why", "where", "which", "is", "are",
                             "does", "do", "will", "would", "should", "could"})


def _another_card_of_the_variety(engine: Engine, state: State, action: dict, raw: dict, types: dict,
                                 said: list[str]) -> None:
    """A card named by its variety whose first place the rules refuse here (`Nina stows the red`
    in step 3: her hand's red, where only received cards are laid on a depot) is the card of
    that variety in another of the owner's rows that the rules allow, when there is one (round
    59's table); the action is changed in place, and the note says so."""
    keys = [k for k in raw if types.get(k) == "card" and raw[k] in engine.spec.varieties
            and isinstance(action.get(k), str)]
    if len(keys) != 1 or any(k not in action for k in types):
        return
    key = keys[0]
    try:
        if engine.apply(state, action).accepted:
            return
    except BohnspecError:
        return
    first = action[key]
    for other in _legal_with(engine, state, action["type"], action["player"],
                             {k: v for k, v in action.items() if k not in (key, "type", "player")}):
        ref = other.get(key)
        zone = engine.spec.zones.get(ref.split()[0]) if isinstance(ref, str) else None
        if zone is None or zone.kind in ("pile", "deck"):
            continue  # (the top of a pile is a blind draw, never the card a player names: round 60)
        if isinstance(ref, str) and ref != first and _card_at_ref(engine, state, action["player"], ref) == raw[key]:
            action[key] = ref
            said.append(f"'{raw[key]}': {first} may not be used here, {ref} (a {raw[key]} too) may: read as {ref}")
            return


# Words a player says for those of a card's title (`every field`: `each of your fields`).
_SAME_WORD = {"every": "each", "each": "every", "sell": "sold", "sold": "sell", "fulfil": "fulfill"}


def _the_card_meant(engine: Engine, state: State, player: str, kind: str, said: str) -> None:
    """`fulfils the blue card`, of a move that names no card but is about one (the vine card
    where the player's figure stands): told when the words name another card than the one the
    move is about, which its event names (round 58: the card ahead was judged as the card under
    the figure)."""
    # (`fulfils the last vine card`: where the card lies, which the move's event shows, not a word
    # of another card's title; round 96's table was told it named another card. `for being last`
    # is a word of one: the last figure's card)
    said = re.sub(r"^\s*((?:the|his|her|their|my)\s+)?(?:last|final)\s+(?=(?:vine\s+)?card\b)", r"\1", said,
                  flags=re.IGNORECASE)
    words = {w.lower() for w in re.findall(r"[A-Za-z]+", said)} - {
        *_ARTICLES, "card", "task", "vine", "his", "her", "their", "my", "the", "this", "that", "next", "current",
        "for", "of", "free", "himself", "herself", "themselves", "on", "at", "all", "own"}
    if not words or state.over:
        return  # (a game over: the move is refused for that, whatever card is named; round 88's table)
    if re.search(r"\b(?:before|after|ahead\s+of|behind|next\s+to)\s+(?:the\s+)?\w", said, flags=re.IGNORECASE):
        return  # (`for the last card before the castle`: a card said by another, not that one; round 89's table)
    action = {"type": kind, "player": player}
    try:
        outcome = engine.apply(state, action)
        events = outcome.events if outcome.accepted else engine.effect_events(state, action)
    except BohnspecError:
        return
    titles = {**{n: c.title for n, c in engine.spec.cards.items()}, **{n: v.text for n, v in engine.spec.vines.items()}}
    # The card the move's own first event names (a claim's); a move whose first event names
    # none (a tribute: the figure then moves on to the next card, which a later event names)
    # does not say which card it is about, and the words are not held to one (round 62's table
    # was told a tribute was for the card ahead).
    about = next((v for v in (events or [{}])[0].values() if isinstance(v, str) and v in titles), None)
    if about is None:
        return
    title = titles[about] or about

    def matched(name: str) -> int:
        """How many of the words said are words of the card's title or name."""
        known = {w.lower() for w in re.findall(r"[A-Za-z]+", f"{titles[name] or name} {name.replace('_', ' ')}")}
        known |= {_SAME_WORD[w] for w in known if w in _SAME_WORD}
        stems = {_stem(w) for w in known}
        return sum(1 for w in words if w in known or w.rstrip("s") in known or w + "s" in known or _stem(w) in stems)

    def fits(name: str) -> bool:
        return matched(name) == len(words)
    # (told only when the words name another card: `the two-identical-beans card` fits no title
    # word for word, and is the card under the figure all the same; round 71's table; or say
    # more of another card than of this one, `says Stop for being last`: round 76's hunter)
    if fits(about):
        return
    own = matched(about)
    if not any(fits(other) or matched(other) > own for other in titles if other != about):
        return
    # (and the definitions the game replaces that say which card: the solo game's figure stands
    # on the card fulfilled, ruling/solo-figure-on-fulfilled-card; round 88's table was shown
    # tasks/1 alone, whose words point at the card under the figure)
    cites = list(dict.fromkeys([*engine.spec.actions[kind].cites[:1],
                                *(c for clause in engine.spec.clauses_of(kind) if clause.condition is not None
                                  for c in replaced_cites(engine.spec, clause.condition))]))
    raise ActionError(f"'{said}': {kind} names no card: it is about {title!r} ({about}) now, not the card named"
                      + (f" [{', '.join(cites)}]" if cites else ""))


def _what_takes(engine: Engine, state: State, player: str, said: object) -> str:
    """`discards the garden bean` where no move discards it now: the moves of the player's that
    take that bean now, with their paragraphs (round 87's second table was told only of the
    Jumping Bean draft the verb names elsewhere); "" when the words name no bean."""
    from ...execution import moves as M
    variety = said.lower() if isinstance(said, str) else None
    if variety not in engine.spec.varieties and isinstance(said, str):
        variety = _card_at_ref(engine, state, player, said)  # (`revealed 1`: its bean)
    if variety not in engine.spec.varieties:
        return ""
    takers: dict[str, str] = {}
    for move in M.moves(engine, state):
        if move.player != player or move.kind in takers or any(p.type == "cards" for p in move.params):
            continue
        for action in itertools.islice(move.actions(max_list=1, every_order=False), 40):
            try:
                events = engine.effect_events(state, action)
            except BohnspecError:
                continue
            if events and _moves_it(events, variety, player):
                decl = engine.spec.actions[move.kind]
                takers[move.kind] = f"{move.kind} ({_lower_first(decl.title or decl.name)})" + (
                    f" [{decl.cites[0]}]" if decl.cites else "")
                break
    if not takers:
        # (what holds the phase says what is owed: the revealed cards planted first)
        held = None
        if "end_phase" in engine.spec.actions and state.active in state.names():
            try:
                ended = engine.apply(state, {"type": "end_phase", "player": state.active})
                held = ended.rejection if not ended.accepted else None
            except BohnspecError:
                held = None
        return f"; no move of {player}'s takes the {variety} now" + (
            f", and the phase may not end: {held.reason} [{held.rule}]" if held is not None else "")
    return f"; what takes the {variety} now: {', '.join(takers.values())}"


def _values_not_said(engine: Engine, action: dict, said: list[str]) -> set[str]:
    """The parameters of a reading whose values the words left out: those its notes completed
    (`completed`), of this action."""
    decl = engine.spec.actions.get(str(action.get("type")))
    params = {p.name for p in decl.params} if decl is not None else set()
    out: set[str] = set()
    for note in said:
        out |= getattr(note, "params", frozenset())
    return out & params


def _owner_by_cards(engine: Engine, state: State, kind: str, player: str, raw: dict, types: dict,
                    said: list[str]) -> None:
    """`Felix offers his green for the red`, no partner said: the one other player holding the
    cards asked for (the red Greta revealed) is the partner, whose cards they are (round 71's
    table had the red looked for in Felix's hand, and Greta's green traded)."""
    for key, owner_param in card_owners(engine, kind).items():
        if key not in raw or owner_param in raw or types.get(owner_param) != "player":
            continue
        wanted = [w for w in str(raw[key]).split(",") if w]
        if not wanted or not all(w in engine.spec.varieties for w in wanted):
            continue

        def held(name: str) -> list:
            cards = [c for z in ("hand", "received") for c in state.player(name).zones.get(z, [])]
            return cards + (state.zones.get("revealed", []) if name == state.active else [])
        holders = [n for n in state.names() if n != player and all(w in held(n) for w in wanted)]
        if len(holders) > 1:  # (those with whom the rules allow the move now: the active player)
            holders = _values_allowed(engine, state, kind, player, owner_param, holders)
        if len(holders) == 1:
            raw[owner_param] = holders[0]
            said.append(completed([owner_param], f"{owner_param} not said: {holders[0]}, who holds the "
                                                 f"{' and the '.join(wanted)} asked for"))


def _moves_it(events: list[dict], variety: str, player: str) -> bool:
    """Whether a move's events name the variety as what the player moved: those naming him, when
    some do (the last pick of a draft ends it, and the card left over, another, goes to the
    owner's coins in an event of his; round 71's table had `draft red` take the blue)."""
    own = [e for e in events if e.get("player") == player]
    return any(_names_variety(e, variety) for e in (own or events))


def _takes_place(engine: Engine, state: State, player: str, action: dict, place: str | None) -> bool:
    """Whether a move that names no card, whose events name the variety of the card at `place`
    (`hand 2`), takes that very card: its effect run again with another variety laid there must
    name that one (phase 1's planting of `his second soy` behind a first soy takes the first,
    though both are soy; round 86's regression hunter got it read as the second's). True when no
    place was said, or the effect cannot run to tell."""
    if place is None:
        return True
    probe = state.copy()
    try:
        hit = B.card_at(probe, player, place, engine.spec.zones, engine.fields_zone)
    except SpecRuntimeError:
        return True
    if hit is None:
        return True
    row, k = hit
    marker = next((v for v in engine.spec.varieties if v not in row), None)
    if marker is None:
        return True
    row[k] = marker
    events = engine.effect_events(probe, action)
    return events is None or _moves_it(events, marker, player)


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
    place = None if tok in engine.spec.varieties else tok

    def moves_it(action: dict, events: list[dict]) -> bool:
        # (the place said is asked of a move that names no card nor bean, which takes the one
        # the rules say; a move of a whole bean, the two-player game's `plants the revealed
        # blue`, takes that card with the others of its kind: round 87's hunter)
        decl = engine.spec.actions.get(str(action.get("type")))
        named = decl is not None and any(p.type in ("card", "cards", "variety") for p in decl.params)
        return _moves_it(events, variety, player) and (named or _takes_place(engine, state, player, action, place))
    without = [w for j, t in enumerate(tokens) if j != at for w in t.split()]
    candidates = [engine.spec.actions[a] for a in verb_family(engine, kind)]
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
    field_note = None if chosen is None else completed(["field"], "") if growing else completed(["field"], (
        f"no field said: field {chosen}, {'the' if len(empty) == 1 else 'one'} empty field"
        + (f" (any of {', '.join(map(str, empty))} will do)" if len(empty) > 1 else "")))
    # (the field growing the bean, as a player means it, says nothing worth a note; it is marked
    # as not said all the same: `Must Nina plant the fire?` asks of the fire in any field, not
    # in this one; round 89's table had "no, not this one in particular")

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
    # (action type, words) -> a refused reading: one for each move of this verb, and one for
    # each place tried of a card the rules number (`Nina picks the blue into field 1` with field
    # 1 full: the blue's place, refused, not the first place's; round 83's table)
    refused: dict[tuple[str, tuple[str, ...]], tuple[dict, list[str]]] = {}
    others: list = []  # the moves of this verb that take another card now (phase 1's foremost)
    for decl, words in readings:
        notes: list[str] = []  # what reading it says, kept only if it is the reading taken
        try:
            action = _single(engine, state, player, decl.name, words, notes)
            outcome = engine.apply(state, action)
        except Exception:  # noqa: BLE001 - a reading the words or the rules cannot take is no reading
            continue
        if outcome.accepted and moves_it(action, outcome.events):
            said.extend(notes)
            if field_note is not None and not named_field and ("field" in action or "target" in action):
                said.append(field_note)
            return action
        if outcome.accepted and decl not in others:
            others.append(decl)
        if not outcome.accepted and engine.timing(state, decl.name, player) is None:
            refused.setdefault((decl.name, tuple(words)), (action, notes))

    # A move naming no card moves the one the rules say (phase 1's foremost): it is meant when
    # that card is of the variety named, as its effect shows, run with the requirements set
    # aside (`plants the garden bean first` is not about the red in front; `plays her second
    # card` is the two-player game's second card, not the foremost), or when the effect cannot
    # run there to tell (a field 3 a table of six does not have).
    meant = []
    shown = []  # those whose effect shows the card moved: meant before one that cannot tell
    for action, notes in refused.values():
        events = engine.effect_events(state, action)
        if events is not None and moves_it(action, events):
            shown.append((action, notes))
        if events is None or moves_it(action, events):
            meant.append((action, notes))
        elif engine.spec.actions[action["type"]] not in others:
            others.append(engine.spec.actions[action["type"]])
    if len(shown) == 1 and len(meant) > 1:
        # (`plants the blue` after the two-player game's second card was played: the foremost's
        # planting, refused by two-player/9, not the second's, whose effect cannot run with one
        # card left; round 69's table was answered with phase 3's rule)
        meant = shown
    elif not shown:
        # (no place of a card the rules number shows the card: one reading a move, the first, as
        # before each place was tried; `picks the green` with no green in the draft is read as a
        # place with no card and refused for it, round 83's regression hunter)
        meant = list({a["type"]: (a, n) for a, n in reversed(meant)}.values())[::-1]
    if not refused and not others:
        # (no move of this verb is the player's now: the one of this moment, another player's
        # now, when it takes that card; round 58: Nina's red planted in Timon's phase 1 was
        # answered with phase 3's rule; round 83: `Nina picks the blue` while Timon picks in
        # the draft of Nina's turn could not be read at all)
        for decl, words in readings:
            if engine.timing(state, decl.name, player) is None or \
                    not any(engine.timing(state, decl.name, q) is None for q in state.names() if q != player):
                continue
            notes = []
            try:
                action = _single(engine, state, player, decl.name, words, notes)
                events = engine.effect_events(state, action)
            except BohnspecError:
                continue
            unsaid = [p for p in decl.params if p.name not in action]
            if unsaid and all(p.type in ("field", "target") for p in unsaid):
                # (`Can Timon pick the red?` while Nina picks: his pick is refused whatever
                # field it goes to, its moment not his; round 97's table was told the words
                # cannot be read)
                action = {**action, **{p.name: 1 for p in unsaid}}
                notes = [*notes, completed([p.name for p in unsaid],
                                           f"{', '.join(repr(p.name) for p in unsaid)} not said: the rules refuse "
                                           f"this whatever it is, the move not {player}'s now (judged as: "
                                           f"{' '.join(f'{p.name} 1' for p in unsaid)})")]
                try:
                    events = engine.effect_events(state, action)
                except BohnspecError:
                    continue
            if any(p.name not in action for p in decl.params):
                continue  # (no field said nor any that takes it: the reading before stands)
            if events is None or moves_it(action, events):
                meant.append((action, notes))
                if events is not None:
                    shown.append((action, notes))
        if len(shown) == 1:
            # (a card of the rules' own numbering, each place tried: the one place whose effect
            # moves that card, not the places past the row's end, where it cannot run to tell)
            meant = shown
    if len(meant) == 1 and not shown and not named_field and tok.split()[0] != "field" \
            and chosen is not None and not growing \
            and [p.type for p in engine.spec.actions[meant[0][0]["type"]].params] == ["field"]:
        # (`Nina harvests hand 1`, `harvests the red` with no red field: a move of a field, its
        # effect unable to tell, on an empty field the words never named; round 83's third
        # designer got the empty field judged without a word)
        kind_meant = meant[0][0]["type"]
        what = f"{tok!r} is {player}'s {variety}" if " " in tok else f"no field of {player}'s grows {variety}"
        raise ActionError(f"{kind_meant} names a field: {what}; name the field (`{player} {kind_meant} field N`)")
    if len(meant) == 1:
        action, notes = meant[0]
        said.extend(notes)
        return action
    # (only where nothing else was said: `plays her blue onto her blue field and throws away her
    # soy` lost its second half to field 1, without a word; round 87's third table)
    # (words joined on after the move, `and throws ...`: another move, which field 1 would drop)
    joined_on = re.search(r"(?:^|\s)(?:and|then)\s+(?:then\s+)?[a-z]+", " ".join(without), flags=re.IGNORECASE)
    if not meant and not others and not named_field and not joined_on and variety in engine.spec.varieties:
        # (`Nina harvests her blue` with blue in two fields and none elsewhere of hers: the beans
        # of one of them, which the words do not say, as `her blue beans` is told; round 97's
        # designer got field 1 judged, noted as no field taking the blue)
        growing_in = _fields_growing(engine, state, player, variety)
        # (in a row of hers to play from, a hand; not her coins, face down)
        elsewhere = any(variety in cards for zone, cards in state.player(player).zones.items()
                        if zone in engine.spec.zones and engine.spec.zones[zone].kind == "row")
        fields = state.player(player).zones.get(engine.fields_zone, [])
        # (or a move of a field that takes its beans away, a harvest: never a card of the hand,
        # whatever the hand holds; round 97's hunter had field 1 judged with a blue in hand)
        if len(growing_in) > 1 and (not elsewhere or any(
                _taken_from_field(engine, state, player, {"type": d.name, "player": player, "field": f}, f)
                for d in candidates if [p.type for p in d.params] == ["field"]
                and engine.timing(state, d.name, player) is None for f in growing_in)):
            counts = ", ".join(f"field {f} ({len(fields[f - 1])})" for f in growing_in)
            raise ActionError(f"{tok!r}: {player} grows {variety} in {counts}: name the field by its number")
    if not meant and not others and not named_field and not joined_on:
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
                if events and moves_it(action, events):
                    said.append(completed(["field"], f"'field' not said: no field of {player}'s takes the "
                                                     f"{variety} now (judged as: field 1)"))
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
        named = f"the {variety}" if place is None else f"{place} ({variety})"
        said.append(f"'{tok}': the move{'s' if len(others) > 1 else ''} of this moment, {moves}, "
                    f"take{'' if len(others) > 1 else 's'} another card, not {named} [{cites}]")
    return None
