"""Shared helper of the fz_* fake engines (tests/test_fuzz.py): the reference server built from
a spec with one known rule broken, by a textual edit of one rules file.

Each fake names the file (relative to spec/), the pattern and its replacement; a pattern that
no longer matches (the spec was reworded) stops the fake with exit 70 and a message, so a test
never passes against an engine that is, without anyone noticing, right after all.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import _fakelib
import bohnspec.language.spec as spec_mod
from bohnspec.language.compile import compile_text


def serve_broken(name: str, rel_path: str, pattern: str, replacement: str, transform=None, count: int = 1) -> int:
    compiled = re.compile(pattern, re.M)

    def parse_files(files):
        out = []
        for f in files:
            f = Path(f)
            text = f.read_text(encoding="utf-8")
            if f.as_posix().endswith("spec/" + rel_path):
                text, n = compiled.subn(replacement, text)
                if n != count:
                    sys.stderr.write(f"{name}: cannot find the rule to break in {rel_path}\n")
                    sys.exit(70)
            out.append(compile_text(text, str(f)))
        return out

    spec_mod.parse_files = parse_files  # spec.load() looks it up at call time

    def rename(reply):
        if reply.get("type") == "hello":
            reply["engine"] = {"name": name, "version": "0", "language": "python"}
        return transform(reply) if transform else reply
    return _fakelib.serve(transform=rename)
