"""Fake engine speaking protocol 2: the reference interpreter with rule deviations chosen by
FAKE_DEVIATION (comma-separated), each a known way to get a rule wrong:

  revealed_first  the other way round: a hand card of a variety also revealed gives the revealed one
  beanometer  the Blue Bean's Beanometer reads [5, 6, 8, 10] (4 blue beans earn nothing)
  hand_first  the active player always gives the hand card: a trade of his naming a revealed
              card of a variety he also holds in hand gives the (first such) hand card instead
  any_table   any number of players from 1 to 9 may play the base game and Bohnröschen
  castle_four a figure past the last vine card enters the castle with four coins, not five
  castle_six  ... only with six coins (five are not enough)

Every deviation is made in the rules text (or, for hand_first, in the requests), so the engine
is otherwise the reference and speaks the protocol correctly.

FAKE_LOG_REQUESTS=1: each request is logged on standard error ("v2-deviant: request 7 apply").
FAKE_NULL_ID_ERROR=1: every `apply` is answered with an `error` whose id is null, as an engine
that could not read the request answers.
"""

import os
import re
import sys
from pathlib import Path

import _fakelib
import bohnspec.language.spec as spec_mod
from bohnspec.language.compile import compile_text

DEVIATIONS = {d for d in os.environ.get("FAKE_DEVIATION", "").split(",") if d}

# (file's folder, file name, pattern, replacement) for each deviation made in the rules text.
EDITS = {
    "beanometer": [("base", "cards.bohn",
                    re.compile(r"(^variety\s+blue\b[^\n]*?\bmeter\s*\[\s*)4(\s*,)", re.M), r"\g<1>5\g<2>")],
    "any_table": [("base", "table.bohn", re.compile(r"^players 3 to 5\b", re.M), "players 1 to 9"),
                  ("bohnroeschen", "table.bohn", re.compile(r"^players 3 to 6\b", re.M), "players 1 to 9")],
    "castle_four": [("bohnroeschen", "end.bohn", re.compile(r"if size\(p\.coins\) >= castle_coins \{"),
                     "if size(p.coins) >= 4 {")],
    "castle_six": [("bohnroeschen", "end.bohn", re.compile(r"if size\(p\.coins\) >= castle_coins \{"),
                    "if size(p.coins) >= 6 {")],
}


def parse_files(files):
    out = []
    for f in files:
        f = Path(f)
        text = f.read_text(encoding="utf-8")
        for deviation in DEVIATIONS:
            for folder, name, pattern, replacement in EDITS.get(deviation, ()):
                if f.parent.name == folder and f.name == name:
                    text, n = pattern.subn(replacement, text)
                    if n != 1:
                        sys.stderr.write(f"v2_deviant.py: cannot make the {deviation} deviation in {f}\n")
                        sys.exit(70)
        out.append(compile_text(text, str(f)))
    return out


last_state = [None]


def remember(reply):
    if isinstance(reply.get("state"), dict):
        last_state[0] = reply["state"]
    if reply.get("type") == "hello":
        reply["engine"] = {"name": "v2-deviant", "version": ",".join(sorted(DEVIATIONS)), "language": "python"}
    return reply


def hand_refs(state, player, refs):
    """The references a trade of `player` gives, with every revealed card he also holds in hand
    replaced by that hand card (hand_first), or the other way round (revealed_first)."""
    me = next((p for p in state.get("players", []) if p.get("name") == player), None)
    zones = {"revealed": state.get("revealed") or [], "hand": (me or {}).get("hand", [])}
    source, other = ("revealed", "hand") if "hand_first" in DEVIATIONS else ("hand", "revealed")
    out = []
    for ref in refs or []:
        zone, _, n = str(ref).partition(" ")
        if zone == source and n.isdigit() and 0 < int(n) <= len(zones[source]) and me is not None:
            variety = zones[source][int(n) - 1]
            if variety in zones[other]:
                ref = f"{other} {zones[other].index(variety) + 1}"
        out.append(ref)
    return out


def hand_first(req):
    """The trade takes the hand card: in an offer the active player makes, and in an offer
    already open in a loaded state (as --isolate loads one before the `accept`)."""
    if req.get("type") == "apply":
        action, state = req.get("action"), last_state[0]
        if isinstance(action, dict) and action.get("type") == "offer" and state \
                and action.get("player") == state.get("active"):
            req["action"] = {**action, "give": hand_refs(state, action["player"], action.get("give"))}
    elif req.get("type") == "load" and isinstance(req.get("state"), dict):
        state = req["state"]
        offer = state.get("vars") or {}
        if offer.get("offer_from") and offer.get("offer_from") == state.get("active"):
            offer["offer_give"] = hand_refs(state, offer["offer_from"], offer.get("offer_give"))
    return req


def logged(rewrite):
    def rewritten(req):
        if os.environ.get("FAKE_LOG_REQUESTS"):
            sys.stderr.write(f"v2-deviant: request {req.get('id')} {req.get('type')}\n")
            sys.stderr.flush()
        if os.environ.get("FAKE_NULL_ID_ERROR") and req.get("type") == "apply":
            _fakelib.write({"id": None, "type": "error", "message": "cannot read this request"})
            return None
        return rewrite(req)
    return rewritten


if __name__ == "__main__":
    spec_mod.parse_files = parse_files  # spec.load() looks it up at call time
    rewrite = hand_first if DEVIATIONS & {"hand_first", "revealed_first"} else (lambda req: req)
    sys.exit(_fakelib.serve(_fakelib.RequestFilter(logged(rewrite)), transform=remember))
