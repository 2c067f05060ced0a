"""Fake engine: the reference, but the Soy Bean's Beanometer reads [3, 4, 6, 7] instead of
[2, 4, 6, 7]: a harvest of two or three soy beans earns one coin too few."""

import sys

import fz_spec

if __name__ == "__main__":
    sys.exit(fz_spec.serve_broken("fz-wrong-meter", "base/cards.bohn",
                                  r"(^variety\s+soy\b[^\n]*?\bmeter\s*\[\s*)2(\s*,\s*4\s*,\s*6\s*,\s*7\s*\])",
                                  r"\g<1>3\g<2>"))
