"""The progress line of long commands (conform, simulate, fuzz): redrawn in place on a
terminal's standard error, and nothing at all when that is a file or a pipe or -q is given,
so that logs and reports never hold it."""

from __future__ import annotations

import sys
from types import TracebackType
from typing import TextIO

WIDTH = 30


def bar(done: int, total: int, width: int = WIDTH) -> str:
    """`[#########.....] 12/40`: the part of `total` that is done."""
    filled = width * min(done, total) // max(total, 1)
    return f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total}"


class ProgressLine:
    """One line of standard error, rewritten by each `draw` and wiped by `clear` (or at the end
    of a `with` block), so that the text after it starts on a clean line."""

    def __init__(self, quiet: bool = False, stream: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.shown = not quiet and self.stream.isatty()
        self._drawn = 0  # the length of the line on screen

    def draw(self, text: str) -> None:
        if not self.shown:
            return
        line = "  " + text
        # A shorter line leaves the end of the longer one before it: blanked out.
        print("\r" + line.ljust(self._drawn), end="", file=self.stream, flush=True)
        self._drawn = max(self._drawn, len(line))

    def clear(self) -> None:
        if self.shown and self._drawn:
            print("\r" + " " * self._drawn + "\r", end="", file=self.stream, flush=True)
            self._drawn = 0

    def __enter__(self) -> ProgressLine:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.clear()
