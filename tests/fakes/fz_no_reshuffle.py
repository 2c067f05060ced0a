"""Fake engine: the reference, but an empty draw pile is never refilled from the discard pile
(the reshuffle of bohnanza/empty-draw-pile/1 is skipped: reshuffle_discard, which both the last
card taken and a card next needed call, does nothing; the exhaustion is still counted)."""

import sys

import fz_spec

if __name__ == "__main__":
    sys.exit(fz_spec.serve_broken("fz-no-reshuffle", "base/draw-pile.bohn",
                                  r"^\s*reshuffle discard into draw_pile\n", "", count=1))
