"""Fake engine: the reference interpreter, but built from a spec whose Blue Bean Beanometer
reads [5, 6, 8, 10] instead of [4, 6, 8, 10]: it disagrees only where 4 or 5 blue beans are
harvested."""

import re
import sys
from pathlib import Path

import _fakelib
import bohnspec.language.spec as spec_mod
from bohnspec.language.compile import compile_text

# The Blue Bean's declaration, up to the first number of its Beanometer (the 4 of [4, 6, 8, 10]).
BLUE_METER = re.compile(r"(^variety\s+blue\b[^\n]*?\bmeter\s*\[\s*)4(\s*,\s*6\s*,\s*8\s*,\s*10\s*\])", re.M)


def parse_files(files):
    out = []
    for f in files:
        f = Path(f)
        text = f.read_text(encoding="utf-8")
        if f.name == "cards.bohn" and f.parent.name == "base":
            text, n = BLUE_METER.subn(r"\g<1>5\g<2>", text)
            if n != 1:
                sys.stderr.write("wrong_beanometer.py: cannot find the blue Beanometer to break\n")
                sys.exit(70)
        out.append(compile_text(text, str(f)))
    return out


if __name__ == "__main__":
    spec_mod.parse_files = parse_files  # spec.load() looks it up at call time
    sys.exit(_fakelib.serve())
