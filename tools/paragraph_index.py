"""Regenerate spec/paragraphs.index from the rulebooks, keeping the informative marks.

    python tools/paragraph_index.py [RULEBOOKS_DIR]     (default: ../shared/rulebooks)

Only ids are written (never the rulebooks' text); a paragraph marked `informative` keeps its
mark and reason. Exit 1 if the index changed, so CI can tell it is stale.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
INDEX = ROOT / "spec" / "paragraphs.index"
BOOKS = ["bohnanza.md", "bohnroeschen.md", "bohnaparte.en.md", "dschingis.md"]


def main(argv: list[str]) -> int:
    books = Path(argv[0]) if argv else ROOT.parent / "shared" / "rulebooks"
    old = INDEX.read_text(encoding="utf-8").splitlines() if INDEX.exists() else []
    header = [line for line in old if line.startswith("#") or not line.strip()][:4]
    marks = {}
    for line in old:
        parts = line.split(None, 2)
        if len(parts) >= 2 and not line.startswith("#") and parts[1] == "informative":
            marks[parts[0]] = parts[2] if len(parts) > 2 else ""
    out = list(header)
    for name in BOOKS:
        text = (books / name).read_text(encoding="utf-8")
        for m in re.finditer(r"^\[([a-z]+/[a-z0-9-]+/\d+)\]", text, re.M):
            pid = m.group(1)
            out.append(f"{pid} informative {marks[pid]}" if pid in marks else f"{pid} normative")
    new = "\n".join(out) + "\n"
    changed = new != "\n".join(old) + "\n"
    INDEX.write_text(new, encoding="utf-8")
    print(f"{INDEX}: {sum(1 for l in out if l and not l.startswith('#'))} paragraphs"
          + (" (changed)" if changed else ""))
    return 1 if changed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
