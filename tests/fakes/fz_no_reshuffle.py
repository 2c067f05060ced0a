"""Fake engine: the reference, but an empty draw pile is never refilled from the discard pile
(the reshuffle of bohnanza/empty-draw-pile/1 is skipped, at the last card and when a card is
next needed; the exhaustion is still counted)."""

import sys

import fz_spec

if __name__ == "__main__":
    sys.exit(fz_spec.serve_broken("fz-no-reshuffle", "base/draw-pile.bohn",
                                  r"^\s*reshuffle discard into draw_pile\n", "", count=2))
