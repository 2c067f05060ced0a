"""The rulebook paragraph ids (spec/paragraphs.index) and which of them state rules."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from .. import paths


@dataclass(frozen=True)
class Paragraph:
    id: str
    normative: bool
    note: str = ""

    @property
    def book(self) -> str:
        return self.id.split("/", 1)[0]


@functools.lru_cache(maxsize=1)
def index() -> dict[str, Paragraph]:
    out: dict[str, Paragraph] = {}
    for raw in paths.PARAGRAPHS.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split(None, 2)
        pid, status = parts[0], parts[1] if len(parts) > 1 else "normative"
        out[pid] = Paragraph(pid, status == "normative", parts[2] if len(parts) > 2 else "")
    return out
