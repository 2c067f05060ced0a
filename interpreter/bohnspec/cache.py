"""What bohnspec works out once and keeps on disk across runs (parsed rules files, compiled
rules, validated scenarios): where it lies, and how an entry is read back or made and written."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


def root() -> Path:
    """$BOHNSPEC_CACHE, else ~/.cache/bohnspec (or under $XDG_CACHE_HOME)."""
    found = os.environ.get("BOHNSPEC_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "bohnspec")
    return Path(found)


def kept(path: Path, make: Callable[[], T], load: Callable[[bytes], T | None], dump: Callable[[T], bytes],
         read: bool = True) -> T:
    """The entry at `path` read back (`load`; None or an error: not usable), else made and
    written there, whole or not at all (another process may read it meanwhile). A cache that
    cannot be read or written is passed over; an error of `make` is raised and nothing kept.
    `read=False` makes the entry anew whatever is there."""
    if read:
        try:
            found = load(path.read_bytes())
            if found is not None:
                return found
        except Exception:  # noqa: BLE001 - missing, partial or of another version: made anew
            pass
    value = make()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.tmp")
        partial.write_bytes(dump(value))
        os.replace(partial, path)
    except OSError:
        pass
    return value
