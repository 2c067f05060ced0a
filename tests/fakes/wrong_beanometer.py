"""Fake engine: the reference interpreter, but built from a spec whose Blue Bean Beanometer
reads [5, 6, 8, 10] instead of [4, 6, 8, 10]: it disagrees only where 4 or 5 blue beans are
harvested."""

import sys
from pathlib import Path

import _fakelib
import bohnspec.spec as spec_mod
from bohnspec.compile import compile_text

RIGHT = "variety blue       \"Blue Bean\"       count 20 meter [4, 6, 8, 10]"
WRONG = "variety blue       \"Blue Bean\"       count 20 meter [5, 6, 8, 10]"


def parse_files(files):
    out = []
    for f in files:
        f = Path(f)
        text = f.read_text(encoding="utf-8")
        if f.name == "cards.bohn" and f.parent.name == "base":
            if RIGHT not in text:
                sys.stderr.write("wrong_beanometer.py: cannot find the blue Beanometer to break\n")
                sys.exit(70)
            text = text.replace(RIGHT, WRONG)
        out.append(compile_text(text, str(f)))
    return out


if __name__ == "__main__":
    spec_mod.parse_files = parse_files  # spec.load() looks it up at call time
    sys.exit(_fakelib.serve())
