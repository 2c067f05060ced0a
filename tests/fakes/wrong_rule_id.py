"""Fake engine: the reference interpreter, but every refusal cites a neighbouring rule: the
paragraph after the right one (bohnanza/bean-protection/1 becomes bohnanza/bean-protection/2),
or a numbered variant of a ruling (ruling/game-over becomes ruling/game-over/2)."""

import re
import sys

import _fakelib


def neighbour(rule: str) -> str:
    m = re.fullmatch(r"(.*/)(\d+)", rule or "")
    return f"{m.group(1)}{int(m.group(2)) + 1}" if m else f"{rule}/2"


def transform(reply):
    if reply.get("type") == "rejected":
        reply["rule"] = neighbour(reply.get("rule"))
    return reply


if __name__ == "__main__":
    sys.exit(_fakelib.serve(transform=transform))
