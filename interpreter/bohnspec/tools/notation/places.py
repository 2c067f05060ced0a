"""Places and cards as a player points at them: spaces by kind, owner or neighbour, zones and their
cards, the top of a pile, `field 2`, `hand 3`."""

from __future__ import annotations

import re
from collections import Counter
from contextvars import ContextVar

from ...errors import ActionError, SpecRuntimeError, suggest
from ...execution import builtins as B
from ...execution.interpret import Engine
from ...execution.state import State
from .words import _ORDINALS, _ordinal_digits

_REF = re.compile(r"^[a-z_]+ [0-9]+$")


# The cards each move judged so far in a story took from a player's rows, by (player, zone,
# variety): `plants the soy, then the second soy` counts the soy gone (judge_texts keeps it).
GONE: ContextVar[Counter | None] = ContextVar("GONE", default=None)
# The whole of what was said, where a move is read on its own (judge_texts): what it says of
# the players (`her fire`: Nina is a she) still tells whom a pronoun may mean.
TOLD: ContextVar[str | None] = ContextVar("TOLD", default=None)
# Where a caller collects the sentences of a story that name no move (NARRATED.set(list)):
# `It's Timon's phase 4 and the pile has two cards left.` tells the situation around the moves,
# which the situation file gives; passed over, and said so, instead of failing the whole story
# (round 90's story table: 27 of 30 stories unread, most for one such sentence).
NARRATED: ContextVar[list[str] | None] = ContextVar("NARRATED", default=None)


def narrate(*said: str) -> None:
    """Words passed over as narration, listed where a caller collects them (NARRATED)."""
    told = NARRATED.get()
    if told is not None:
        told.extend(s.strip() for s in said)


# The pronoun subjects the reading took for a player (the player, the pronoun, the rest of its
# sentence), where judge_texts keeps them: a move that is not that player's to make where it is
# played is read again with the pronoun (`He defends` after Timon's attack on Keno's land).
PRONOUNS_READ: ContextVar[list[tuple[str, str, str]] | None] = ContextVar("PRONOUNS_READ", default=None)


_REF_WORDS = ("hand", "received", "revealed", "field", "draft", "draw_pile", "cart")


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
        if m[1] and m[1].lower() in ("his", "her", "their") and not m[4] and _held(owner, m[3]) < k:
            # (`offers Nina his fire for her second red`: `her` the other player named, who holds
            # that many, where the one who moves does not; round 88's table)
            others = [n for n in state.names() if n != owner and re.search(r"\b" + re.escape(n) + r"\b", text)
                      and _held(n, m[3]) >= k]
            if len(others) == 1:
                return nth_of(others[0], m, k, f"{others[0]}'s ")
        return nth_of(owner, m, k, None)

    def _held(who: str, variety: str) -> int:
        return sum(cards.count(variety) for z, d in engine.spec.zones.items() if d.kind == "row" and d.per_player
                   for cards in [state.player(who).zones.get(z, [])])

    def nth_of(owner: str, m: re.Match, k: int, said_whose: str | None) -> str:
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
        gone = (GONE.get() or Counter())[(owner, zone, m[3])] if not m[4] else 0
        if m[1] and m[1].lower() == "the" and places and 0 < gone < k <= len(places) + gone:
            # (`plants the soy, then the second soy, then the third`: counted among those of the
            # story, the first gone already; round 93's table had the second read as the hand's
            # second soy, and a legal planting refused)
            k -= gone
        elif k == len(places) + 1 and not m[4] and m[1] and m[1].lower() == "the" and places:
            # (`plants a red, then the second red`: the one left of the two; round 69's table)
            k = len(places)
        if k > len(places):
            raise ActionError(f"{m[0]!r}: {owner} has {len(places) or 'no'} {what}, no {m[2]}")
        if m[4]:
            return f"field {places[k - 1]}"
        whose = said_whose if said_whose is not None and engine.spec.zones[zone].per_player else \
            f"{m[1]} " if m[1] and m[1].endswith("'s") and engine.spec.zones[zone].per_player else ""
        return f"{whose}{zone} {places[k - 1]}"
    # (`the other red`, `the next red`, `the remaining red`: the one left, as `the red` is)
    text = re.sub(r"\b(the|his|her|their|my)\s+(?:other|next|remaining)\s+(?=(?:" +
                  "|".join(map(re.escape, engine.spec.varieties)) + r")\b)", r"\1 ", text, flags=re.IGNORECASE)
    return re.sub(r"\b(" + _whose_words(state) + r")\s+(" + "|".join(_ORDINALS) + r"|[0-9]+(?:st|nd|rd|th))\s+("
                  + "|".join(map(re.escape, engine.spec.varieties)) + r")\b(\s+fields?\b)?", nth, text,
                  flags=re.IGNORECASE)


def _phase_numbered(engine: Engine, state: State, word: str, number: str) -> str | None:
    """The phase of this game's turn whose title numbers it so (`phase 2`: `Phase 2: ...`;
    `step 4`: Bohnaparte's `Step 4: ...`), if one. A turn told in steps has no phase 4: the
    step of that number when it is under way (`ends phase 4` in the attack: round 59's table),
    else which step a player means by it (the attack, or the base game's drawing, step 5) the
    words do not say, and the steps are listed (round 60's regression hunter)."""
    titles = {name: (engine.spec.phases[name].title or "") for name in engine.spec.playable_phases()}
    found = [name for name, title in titles.items() if title.lower().startswith(f"{word.lower()} {number}:")]
    if not found and word.lower() == "step":
        # (Bohnaparte's steps 1 and 2 are the base game's phases, titled so: the book says `step`)
        found = [name for name, title in titles.items() if title.lower().startswith(f"phase {number}:")]
    if not found and word.lower() == "phase" and any(t.lower().startswith("step ") for t in titles.values()):
        if titles.get(state.phase, "").lower().startswith(f"step {number}:"):
            return state.phase
        steps = "; ".join(t for t in titles.values() if t.lower().startswith("step "))
        raise ActionError(f"'{word} {number}': this game's turn is told in steps ({steps}): "
                          "say the step (`step 5`) or the phase by its name")
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
        # (not a card a coin is paid for: `pays a coin for her last card`, Bohnröschen's tribute
        # for the last vine card; round 71's table had the hand's last card read)
        text = re.sub(r"(?<!\bfor\s)\b(?:his|her|their|my)\s+last\s+(?:hand\s+)?card\b",
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


def _other_zones(words: list[str], engine: Engine) -> set[str]:
    """The words before a number that name a zone of another module (`depot 1` in a Dschingis
    Bohn game): read as the card reference they are meant as, for the rules to refuse it with
    their reason, not as a stray word."""
    from ...language.model import Zone
    from ...language.spec import modules_declaring
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
    from ...execution.moves import card_zones
    zones = card_zones(engine, kind, name)
    return frozenset(z.split(" ")[0] for z in zones) if zones else frozenset()


def _number(raw: str) -> int:
    """A number as typed; one of more digits than any count of a game is refused, not read (Python
    would refuse to read thousands)."""
    if len(raw) > 9:
        raise ActionError(f"{raw[:12]}{'...' if len(raw) > 12 else ''} is no number of this game: a field, a place "
                          "or a count is a small number")
    return int(raw)


class AmbiguousSpace(ActionError):
    """A kind of landscape said where the map has several of it (`the town`): which ones
    (parse_action judges the move with each, and tells the one verdict they share)."""

    def __init__(self, message: str, said: str, spaces: list[str]):
        super().__init__(message)
        self.said, self.spaces = said, spaces


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
        raise AmbiguousSpace(f"{len(lying)} spaces are a {raw} ({described}): name the one meant by its id"
                             + (f", or by whose it is (`{whose}'s {raw}`)" if whose else ""), raw, lying)
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
    # (`Timon's town 17`: the id said after it is the space, `Timon's` and `town` say whose and
    # what it is; round 58)
    board = state.board
    kinds = _space_kinds(state)
    text = re.sub(r"\b(?:" + "|".join(map(re.escape, state.names())) + r")'s\s+([a-z_]+)\s+(?:at\s+|on\s+)?(\S+)",
                  lambda m: m[2] if m[1] in kinds and m[2] in board else m[0], text)
    text = _marked_spaces(state, text)
    text = re.sub(r"\b(" + "|".join(map(re.escape, state.names())) + r")'s\s+([a-z_]+)\b", one, text)
    # (`his camp 01`: the id said after the kind is the space, as after a name; round 69's table
    # had `his camp` made 01 and the 01 after it taken for the quarry)
    text = re.sub(r"\b(?:his|her|their|my)\s+([a-z_]+)\s+(\S+?)(?=[\s,.;?!]|$)",
                  lambda m: m[2] if m[1] in kinds and m[2] in board else m[0], text, flags=re.IGNORECASE)
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


# What the tables call a mark of a space that the rules keep under another name.
_MARK_WORDS = {"fortified": "fortress"}


def _space_kinds(state: State) -> set[str]:
    """The words that say what a space is on this map: `space`, and each kind of card lying on one."""
    return {"space", *(cards[0] for cards in state.space_cards.values() if cards)}


def _marked_spaces(state: State, text: str) -> str:
    """`Timon's burnt town`, `his fortified village`, `the burnt town`: of the spaces of that
    kind (of that player's, when said), the one whose mark of that name holds, by its id, when
    one alone is (round 87's second table had `burnt` dropped and Timon's two towns left
    unnamed); else the words as they are."""
    names = {n.lower(): n for n in state.names()}
    subject = _mover(state, text)
    kinds = _space_kinds(state)

    def one(m: re.Match) -> str:
        whose, word, kind = m[1].lower(), m[2].lower(), m[3].lower()
        if kind not in kinds:
            return m[0]
        owner = names.get(whose[:-2]) if whose.endswith("'s") else None if whose == "the" else subject
        if whose != "the" and owner is None:
            return m[0]
        marks = _participles(_MARK_WORDS.get(word, word))
        found = [x for x in _spaces_of_kind(state, kind, owner)
                 if any(state.space_vars.get(x, {}).get(w) is True for w in marks)]
        return found[0] if len(found) == 1 else m[0]
    return re.sub(r"\b(the|his|her|their|my|\S+'s)\s+([a-z]+)\s+([a-z_]+)\b(?!\s+(?:at\s+|on\s+)?\d)", one, text,
                  flags=re.IGNORECASE)


def _none_held(state: State, said: str, who: str, kind: str) -> None:
    """`his swamp`, `Keno's village`, where he holds none of the kind the map has: told, with
    whose they are (round 50's players had another's swamp attacked, and were told of trades)."""
    others = _spaces_of_kind(state, kind)
    if others:
        whose = "; ".join(f"{s}: {state.space_vars.get(s, {}).get('owner') or 'nobody'}'s" for s in others)
        raise ActionError(f"{said!r}: {who} holds no {kind} ({whose}): name it by its id or by whose it is")


def _participles(word: str) -> tuple[str, ...]:
    """A word and its other spelling as a past participle (`burned`, `burnt`), either of which a
    table says for the same mark."""
    if word.endswith("ed"):
        return word, word[:-2] + "t"
    if word.endswith("t"):
        return word, word[:-1] + "ed"
    return (word,)


def _spaces_described(state: State, text: str) -> str:
    """`the neutral town` (the one nobody holds), `the village next to 13` (the one beside that
    space; the space beside may be named by its kind where the map has one, or already by whose
    it is): by its id, when the words leave one (round 50's players); else as they are."""
    board = state.board
    if board is None:
        return text

    # (`the neutral farm 13`, `the empty village 02`: the id said after the kind is the space,
    # the words before it say what it is; round 69's table had `neutral` read as a space)
    kinds = _space_kinds(state)
    text = re.sub(r"\b(?:the\s+)?(?:neutral|empty|unheld|unowned|free|open)\s+([a-z_]+)\s+(\S+?)(?=[\s,.;?!]|$)",
                  lambda m: m[2] if m[1] in kinds and m[2] in board else m[0], text, flags=re.IGNORECASE)
    # (`the burnt town 17`: a mark of the space that holds there, a variable of the rules said
    # as a word; round 85's second table had `burnt` read as a space)
    text = re.sub(r"\b(?:the\s+)?([a-z_]+)\s+([a-z_]+)\s+(?:at\s+|on\s+)?(\S+?)(?=[\s,.;?!]|$)",
                  lambda m: m[3] if m[2] in kinds and m[3] in board and any(
                      state.space_vars.get(m[3], {}).get(w) is True for w in _participles(m[1].lower()))
                  else m[0], text, flags=re.IGNORECASE)

    def nobodys(m: re.Match) -> str:
        found = [s for s in _spaces_of_kind(state, m[1]) if not state.space_vars.get(s, {}).get("owner")]
        if len(found) > 1:
            # (`the neutral town` where two are: each judged, as `the town` is; round 95's table
            # was told `with` was given twice)
            raise AmbiguousSpace(f"{m[0]!r}: {len(found)} of them are nobody's ({', '.join(found)}): name the one "
                                 "meant by its id", m[0], found)
        return found[0] if len(found) == 1 else m[0]
    text = re.sub(r"\b(?:the\s+)?(?:neutral|empty|unheld|unowned|unoccupied|free)\s+([a-z_]+)\b",
                  lambda m: nobodys(m) if m[1] in kinds else m[0], text, flags=re.IGNORECASE)

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
