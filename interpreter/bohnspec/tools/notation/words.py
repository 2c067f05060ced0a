"""The table's vocabulary: the words that name this game's actions (their names, other verbs, titles),
cards, bean varieties, phases, numbers and ordinals, and the small words that say nothing."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from ...execution.interpret import Engine
from ...execution.state import State


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


# What players call a trade besides trading it (round 53's table: `swaps`, `in exchange for`).
_SWAPS = frozenset({"swaps", "swap", "swapped", "exchanges", "exchange", "exchanged", "switches", "switch"})


_PRONOUNS = frozenset({"he", "she", "they"})


_TIMES = {"twice": 2, "thrice": 3}


def _names_a_move(engine: Engine, words: list[str]) -> bool:
    """Whether the words begin with a move of this game: its name or another (`claims`), or a
    verb its moves are named after (`discards`: discard_kind, discard_card)."""
    if not words:
        return False
    if words[0].lower() in _SAYING and len(words) > 1:
        words = words[1:]  # (`then says stop`: the word said names the move; round 62's table)
    # (its first word must be a verb of this game: `then Zed harvest 1`, Zed at no table, is no
    # move of the player before; round 57 judged it as his)
    verbs = _verbs(engine)
    # (`then stops planting`: the end of the phase named, when the game has a move ending one;
    # round 69's table)
    if words[0].lower().rstrip(",") in _ENDING and len(words) > 1 and "end_phase" in engine.spec.actions \
            and any(_phases_named(engine, w.rstrip(",.;")) for w in words[1:3]):
        return True
    # (and the first word of another name of several, `takes back the offer`: decline's `take
    # back`; round 88's hunter had `, then takes back the offer` read as part of the offer)
    if not any(f in engine.spec.actions or f in verbs or f == "trade" or any(a.startswith(f + "_")
               for a in engine.spec.actions) or any(v.startswith(f + " ") for v in verbs)
               for f in _verb_forms(words[0].rstrip(","))):
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
        if w in lower:
            # (a name said twice in the list is one player: round 79's hostile tester's list of
            # names, each again, was split into a move for each, in time growing twice over)
            if lower[w] not in found:
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
_SAYING = frozenset({"says", "say", "calls", "call", "shouts", "shout", "yells", "yell", "cries", "cry"})


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


@functools.lru_cache(maxsize=64)
def _discards_by_a_move(engine: Engine) -> bool:
    """Whether the game has a move of its own that discards (the two-player game's phase 0):
    else `discards the soy` is the Jumping Bean draft's pick, or what a harvest does."""
    return any(a == "discard" or a.startswith("discard_") for a in engine.spec.actions)


def _variety_said(engine: Engine, word: str) -> str | None:
    """The variety a word names as players say it (`greens`, `blue`, `chili`: its id, its name
    or the word before "Bean"), singular or plural; None for a word naming none."""
    word = word.lower()
    names = _bean_names(engine)
    return next((names.get(w, w if w in engine.spec.varieties else None)
                 for w in (word, word[:-1] if word.endswith("s") else word, f"{word} bean")
                 if w in engine.spec.varieties or w in names), None)


@functools.lru_cache(maxsize=1024)
def _phases_named(engine: Engine, word: str) -> tuple[str, ...]:
    """The phases a word names: the one whose whole name or other name it is (`trading`: trade), else those
    whose name begins with it, the verb of the phase (`planting`: plant_hand, plant_trades;
    not `cards`, which says nothing of draw_cards: round 47's `pays tribute for her card`)."""
    stem = _stem(word)
    # (its `aka` too: `the pause`, the intermediate phase; round 71's table)
    whole = tuple(name for name, p in engine.spec.phases.items()
                  if _stem(name) == stem or any(_stem(a) == stem for a in p.aka))
    return whole or tuple(name for name in engine.spec.phases if "_" in name and _stem(name.split("_")[0]) == stem)


@functools.lru_cache(maxsize=256)
def verb_moves(engine: Engine, kind: str) -> tuple[str, ...]:
    """The moves a verb said may mean, in any of its forms (`plants`: plant, plant_card, ...),
    for a question of which values or players they are open to."""
    return tuple(a for a in engine.spec.actions if a == kind or any(a.startswith(v + "_") for v in _verb_forms(kind)))


@functools.lru_cache(maxsize=256)
def verb_family(engine: Engine, kind: str) -> tuple[str, ...]:
    """The moves a verb names: the move of that name and those named after it (`plant`: plant,
    plant_card, plant_kind), in the spec's order."""
    return tuple(a for a in engine.spec.actions if a == kind or a.startswith(kind + "_"))


# Verbs of moves said in the past (`Timon harvested his blues`), back to the present (a story
# told after the fact is not narration to pass over: see mentions_a_move).
_PAST = {"paid": "pay", "bought": "buy", "gave": "give", "took": "take", "drew": "draw", "sold": "sell",
         "chose": "choose", "put": "put", "threw": "throw", "made": "make", "got": "get", "rode": "ride",
         "sent": "send", "built": "build", "fought": "fight", "said": "say", "laid": "lay", "kept": "keep",
         "drawn": "draw", "taken": "take", "given": "give", "chosen": "choose", "thrown": "throw",
         "ridden": "ride"}


# Verbs the reading turns into a move of the game (`puts the blue on his blues`: a planting;
# `swaps`, `pays`, `sends his riders`): a sentence saying one names a move, whatever the game
# calls it.
_MOVE_WORDS = frozenset({"put", "place", "lay", "swap", "exchange", "give", "hand", "pay", "take", "send", "ride",
                         "ask",
                         "gallop", "storm", "throw", "toss", "discard", "buy", "sell", "cash", "plant", "play",
                         "draw", "trade", "offer", "accept", "decline", "harvest", "attack", "defend", "charge",
                         "claim", "stop", "pass", "pick", "choose", "build", "stow", "burn", "spare", "fulfil",
                         "fulfill", "donate", "reject", "refuse", "withdraw", "move", "end", "finish"})


# Words of _MOVE_WORDS that are nouns as often as verbs, counted only as verbs said so
# (`hands`, `ended`): `his hand`, `the end`, `a good move` are no move.
_NOUNS_TOO = frozenset({"hand", "end", "move", "play", "pass", "trade", "offer", "claim", "stop", "charge", "attack",
                        "draw", "discard", "harvest", "pick", "choice", "plant"})


def _past_bases(word: str) -> list[str]:
    """What a verb said in the past (lower case) may be in the present: `paid` pay, `harvested`
    harvest (or harveste, harves: each tried), `drawn` draw; none for a word not so said."""
    if word in _PAST:
        return [_PAST[word]]
    return [word[:-2], word[:-1], word[:-3]] if word.endswith("ed") and len(word) > 4 else []


# Words after one of _MOVE_WORDS that make it a noun: `the discard pile`, `the end of`.
_NOUN_AFTER = frozenset({"pile", "piles", "stack", "deck", "of"})


# A time before the situation (`Timon drew four cards last turn`, `Nina took the forest earlier`):
# what such a sentence tells, the situation file already holds.
OTHER_TIME = re.compile(r"\b(?:last\s+turn|last\s+round|earlier|ago|before\s+that|previously|yesterday|"
                        r"in\s+(?:his|her|their)\s+last)\b", re.IGNORECASE)


def present_told(engine: Engine, names: Sequence[str], text: str) -> str:
    """A story told in the past, as the present the reading reads: `Nina harvested her reds`,
    `Eiko has harvested her four soys`, `Timon paid a coin`, `he drew` (`harvests`, `pays`,
    `draws`), where the verb, so turned, names a move of the game; any other word stays."""
    subjects = "|".join([*map(re.escape, names), "he", "she", "they", "i", "then", "and"])
    named = "|".join([*map(re.escape, names), "he", "she", "they"])

    def present(m: re.Match) -> str:
        for base in _past_bases(m[3].lower()):
            if base and _names_a_move(engine, [base, *m[4].split()[:2]]):
                said = base + ("es" if base.endswith(("s", "sh", "ch", "x")) else "s")
                return f"{m[1]} {m[2] or ''}{said}"
        return m[0]
    # (a move said to come after one made, `plants his green first and will plant the fire
    # afterwards`: the next move, in the present; round 93's table had `will` as a word too
    # many; not `says she will harvest`, an intention, nor at a table with a player called Will)
    text = text if "will" in {n.lower() for n in names} else re.sub(
        r"(?<=\band\s)(?:then\s+)?(?:will|'ll)\s+(\w+)\b(?=([^.;!?,]{0,40}))", lambda m: (
        m[1] + ("es" if m[1].lower().endswith(("s", "sh", "ch", "x")) else "s"))
        if _names_a_move(engine, [m[1].lower(), *m[2].split()[:2]]) else m[0], text, flags=re.IGNORECASE)
    # (the words after the verb looked at, not taken: `gave the soy to Nina and she accepted`)
    # (not a sentence of another time, `Timon drew four cards last turn`: the story before the
    # situation, which the situation gives)
    # (a verb after a comma goes on with the subject before it: `Timon ended the trading,
    # planted the blue and said Stop`; round 97's second table had `planted` read as a value)
    text = re.sub(r"(,)\s+()(\w+)\b(?=([^.;!?,]{0,40}))", present, text)
    return "".join(part if OTHER_TIME.search(part)
                   # (not `Then Nina`: the verb after the name is the one turned; round 96's table)
                   # (`each paid a coin`, `both harvested`: the word between kept; round 97's
                   # second table)
                   # (not `already`: `has already traded away both revealed cards` is how things
                   # stand, passed over)
                   else re.sub(r"\b(" + subjects + r")\s+(?:has\s+|had\s+|have\s+)?((?:each|both|all|also)\s+)?"
                               r"(?!(?:" + named + r")\b)(\w+)\b(?=([^.;!?,]{0,40}))",
                               present, part, flags=re.IGNORECASE)
                   for part in re.split(r"(?<=[.;!?])(?=\s)", text))


def names_alternation(state: State) -> str:
    """The players' names as one alternative of a pattern (`Timon|Nina|Keno`), each escaped;
    one that never matches at a table of nobody."""
    return "|".join(map(re.escape, state.names())) or "(?!)"


def mentions_a_move(engine: Engine, text: str) -> bool:
    """Whether a sentence names a move of the game anywhere (`_names_a_move` at any word, or a
    verb the reading makes one of, _MOVE_WORDS), in the present or the past (`harvested`,
    `paid`): a sentence naming none tells the story around the moves (`It's Timon's phase 4
    and the pile has two cards left`)."""
    words = [w.strip(".,;:!?\"'()") for w in text.split()]
    for k, w in enumerate(words):
        w = w.lower()
        # (after `to` or a modal it is the verb: `Does he have to harvest first?`, `Must Timon
        # harvest?`; round 97's table had the question's move taken for a noun)
        verb_here = k > 0 and words[k - 1].lower() in ("to", "must", "can", "may", "will", "would", "could",
                                                         "should", "might", "cannot", "can't", "mustn't")
        if not verb_here and (w in _NOUNS_TOO or (k + 1 < len(words) and words[k + 1].lower() in _NOUN_AFTER)):
            continue  # (`the discard pile is shuffled`, `his hand is empty`: nouns, no move)
        stems = {w, _PAST.get(w, w), w[:-1], w[:-2], w[:-3]} if len(w) > 3 else {w, _PAST.get(w, w)}
        if stems & _MOVE_WORDS or any(_names_a_move(engine, [f, *words[k + 1:k + 4]])
                                      for f in dict.fromkeys([w, *_past_bases(w)])):
            return True
    return False


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
    # (`black eyed`, the hyphen left out as players type it: round 65's table)
    for said, name in list(names.items()):
        if "-" in said:
            names.setdefault(said.replace("-", " "), name)
    return dict(sorted(names.items(), key=lambda kv: -len(kv[0])))


# Words between a verb and its object that say nothing (`end the phase`, `buy a field`).
_ARTICLES = _FILLERS | {"a", "an"}


@functools.lru_cache(maxsize=32)
def _verbs(engine: Engine) -> dict[str, str]:
    """The other verbs players use for each action (the spec's `aka`: `claim` for `fulfil`),
    lower case: this game's, then those of spec/'s other modules (told as such by the caller)."""
    from ...language.spec import spec_verbs
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
    from ...language.model import Action
    from ...language.spec import parse_files, spec_files
    return next((d.title or "" for f in parse_files(spec_files()) for d in f.decls
                 if isinstance(d, Action) and d.name == kind), "")


def _action_named(engine: Engine, words: list[str]) -> tuple[str, int]:
    """The action named at the head of `words` and how many words name it: its name, or said
    with the -s of speech, in two words with an article between (`ends the phase`, `buys a
    field`), as another edition spells it (`fulfills`), or as a verb and the action's name
    (`pays tribute`). Unchanged (one word) when none is found."""
    from ...language.spec import modules_declaring
    known = {*engine.spec.actions, "trade"}

    def is_action(name: str) -> bool:  # of this game, or of another (told as such by the caller)
        return name in known or bool(modules_declaring(name))

    head = words[0]
    if head in known:
        return head, 1
    # (`buys a 3rd field`: an ordinal of the title stands between too)
    # (nor `himself`: `buys himself a third bean field`; round 97's table)
    nxt = [k for k, w in enumerate(words[1:6], 1) if w.lower() not in _ARTICLES
           and w.lower() not in _ORDINALS and _ordinal_digits(w.lower()) is None
           and w.lower() not in ("himself", "herself", "themselves", "myself", "themself")]
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
    # (`picks a camp`, `selects his camp`: choose_camp, a choice said with another verb of
    # choosing; `pick` alone is a draft's; round 91's table had `nobody may draft now`)
    if second is not None and head.lower() in ("pick", "picks", "select", "selects", "chose", "picked", "selected") \
            and f"choose_{words[second].lower()}" in known:
        return f"choose_{words[second].lower()}", second + 1
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
    # A name said whole at the head (`takes back the offer`: decline's `take back`) is meant
    # before one scattered over the words (accept's `take the offer`; round 71's table).
    whole = next((verbs[f"{f} {lowered[1]}"] for f in forms if len(words) > 1 and f"{f} {lowered[1]}" in verbs
                  and verbs[f"{f} {lowered[1]}"] in engine.spec.actions), None)
    for said, name in sorted(verbs.items(), key=lambda kv: -len(kv[0])):
        head, *later = said.split()
        if whole is not None and name != whole:
            continue
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


def _names_a_card(engine: Engine, tok: str) -> bool:
    """Whether a word of the notation names a card: a variety, or a place of a zone that holds
    cards (`hand 2`; not `field 2`, a field)."""
    if not tok.split():
        return False  # (an empty piece of a list, `fire,` before a clause: round 67's table)
    word = tok.split()[0]
    if tok.startswith("all:"):
        return tok[4:] in engine.spec.varieties
    return tok in engine.spec.varieties or (" " in tok and word in engine.spec.zones and word != engine.fields_zone)


# A question of how many cards of a kind a player holds (`How many coins does Keno have now?`):
# answered with the count of that place of his where the moves leave the game.
# (`How many cards does Timon have in his cart?`, `How many cards are on Nina's depot?`: the place
# said after; round 88's tables were told the hand; `count_said` reads a match)
COUNT_ASKED = re.compile(r"\bhow\s+many\s+([a-z_]+(?:\s+[a-z_]+)?)\s+(?:(?:does|do|did|will|would)\s+(\S+)\s+"
                         r"(?:have|hold|own|keep)\b(?:\s+(?:left\s+)?(?:in|on)\s+(?:his|her|their|my|the)\s+([a-z_]+))?|"
                         r"(?:are|is)\s+(?:left\s+|still\s+|there\s+)?(?:in|on)\s+([^\s']+)'s\s+([a-z_]+))",
                         re.IGNORECASE)


# `How many cards does Keno take from his cart?`, `... does he get to keep?`, `How many more
# cards may he pick?`: how many times in a row a move taking cards is allowed where the moves
# leave the game (round 92's table got no number after a cart's or a sutler's draw); not
# `keep in his cart`, a count of the cart (COUNT_ASKED).
TAKES_ASKED = re.compile(r"\bhow\s+many\s+(?:more\s+)?(cards?|beans?)\s+(?:does|do|did|will|would|can|may|must|should)"
                         r"\s+(\S+)\s+(?:(?:get|have|need|want)\s+to\s+)?(take|keep|pick)\b(?!\s+(?:left\s+)?(?:in|on)\b)",
                         re.IGNORECASE)


def count_said(m: re.Match) -> tuple[str, str]:
    """(the place a COUNT_ASKED match counts, as said; whose it is, as said)."""
    return m[3] or m[5] or m[1], m[2] or m[4]


# What players call a place of theirs, where the spec's name is another (`cards`: the hand).
_COUNTED_PLACES = {"cards": "hand", "hand cards": "hand", "cards in hand": "hand", "bean fields": "fields",
                "gold coins": "coins", "bean coins": "coins", "coin": "coins"}


# What a player holds on a war game's map, counted by the spaces whose `owner` the player is
# (`How many territories does Hanno have?`, `tokens`, the markers lying on them; round 90's table).
HELD_SPACES = re.compile(r"(?:territor(?:y|ies)|landscapes?|lands?|tokens?|markers?|spaces?|realms?|provinces?)",
                         re.IGNORECASE)


def counts_spaces(engine: Engine, said: str) -> bool:
    """Whether a count asks for the spaces a player holds on the map (HELD_SPACES), in a game
    whose spaces have an owner."""
    owner = engine.spec.vars.get("owner")
    return HELD_SPACES.fullmatch(said.strip()) is not None and owner is not None and owner.per_space


def counted_place(engine: Engine, said: str) -> str | None:
    """The player's place of the rules a count asks about (`coins`, `cards`: the hand, `fields`),
    or None where the words name none."""
    zone = _COUNTED_PLACES.get(said.lower(), said.lower())
    # (`received cards`: the place named first; round 88's table)
    words = [zone, *(zone.split()[:1] if len(zone.split()) == 2 and zone.split()[1] in ("cards", "beans") else [])]
    return next((z for w in words for z in (w, w.rstrip("s"), w + "s")
                 if z in engine.spec.zones and engine.spec.zones[z].per_player), None)


def _said_to_be(text: str, name: str, names: Sequence[str]) -> str:
    """`he` or `she` where the words say which the player is: a `his` or `her` in a sentence or
    clause the player opens, the first of it that is the subject's (not after `for`, which asks
    for the partner's: `Nina offers Timon her red for his green` says Nina is a she and nothing of
    Timon); "" when they say neither, or both."""
    found = set()
    joins = r"[.!?;]|,?\s+(?:and|then|but)\s+(?=(?:" + "|".join(map(re.escape, names)) + r")\b)|,\s+"
    for clause in re.split(joins, text):
        m = re.match(r"\s*(?:(?:and|then|but)\s+)*" + re.escape(name) + r"\b(.*)$", clause)
        if m is None:
            continue
        # (up to another player said to do something: `Timon plants the red before Nina harvests
        # her green` says nothing of Timon, round 79's hunter had him a she; `Timon offers Nina his
        # green` says he is a he)
        own = re.split(r"\b(?:" + "|".join(re.escape(n) for n in names if n != name) + r")\b(?=\s+(?!(?:his|her|"
                       r"their|the|a|an|my|one|two|both|all|some|for|and|or|to)\b)[a-z]+)", m[1])[0] \
            if len(names) > 1 else m[1]
        # (`offers her his green`, `gives it to her`: her, another player, the object; round 80's hunter)
        # (not `accepts his offer`, `on her turn`: what another player made or has, not the
        # subject's own; round 90's hunter had Nina made a he by it, and `she` given to Timon)
        word = re.search(r"(?<!\bfor\s)(?<!\bof\s)(?<!\bto\s)\b(his|her)\b(?!\s+(?:the|a|an|his|her|their|my|one|two|"
                         r"both|all|some|it|them)\b)(?!\s*(?:[.,;!?]|$))(?!\s+(?:offer|gift|deal|trade|proposal|"
                         r"request|turn|phase|move|question|idea|suggestion|swap|bid)s?\b)", own, flags=re.IGNORECASE)
        if word is not None:
            found.add("he" if word[1].lower() == "his" else "she")
    return found.pop() if len(found) == 1 else ""
