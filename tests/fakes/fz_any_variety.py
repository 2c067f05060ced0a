"""Fake engine: the reference, but planting from the hand never checks the field's variety:
a bean is planted onto a field that holds another variety (the rule of
bohnanza/course-of-play/8 and bohnanza/phase-1/5 is missing)."""

import sys

import fz_spec

if __name__ == "__main__":
    sys.exit(fz_spec.serve_broken("fz-any-variety", "base/turn.bohn",
                                  r"^\s*require fits\(field, first\(p\.hand\)\) else [^\n]*\n[^\n]*cites "
                                  r"bohnanza/course-of-play/8, bohnanza/phase-1/5\n", ""))
