"""Scenarios already found to fit the rules, kept on disk across runs.

Before a scenario is played its starting state is checked against the rules (a situation that
could come about in a game: scenario.check_consistency) and so are its expectations (naming
players, zones and variables that can exist: scenario.check_expectations). The answer depends
on the scenario's text, the rules text and bohnspec's code, and on nothing else: once a
scenario has passed, later runs with the same three skip both checks (about a third of the
time the corpus takes in-process). A scenario, rules file or line of code changed is a new key,
checked anew; a scenario that failed the checks is never kept, so its error is told every time.
`BOHNSPEC_CACHE` moves the cache (cache.py); deleting it only costs time.
"""

from __future__ import annotations

import atexit
import hashlib
import marshal
import re
import threading
from collections.abc import Iterable
from pathlib import Path

from .. import cache, paths
from ..language.spec import rules_digest


def _code_digest() -> str:
    """bohnspec's own code and schemas, which the checks are made of (and the Python running
    them)."""
    import sys
    package = Path(__file__).resolve().parent.parent
    h = hashlib.sha256(sys.version.encode())
    for f in sorted([*package.rglob("*.py"), *paths.SCHEMAS.glob("*.json")]):
        h.update(f.name.encode() + b"\0" + f.read_bytes())
    return h.hexdigest()


_CODE: list[str] = []  # _code_digest, worked out once a process
_SHARED: dict[Path, set[bytes]] = {}  # each file's set, read once a process
_LOCK = threading.Lock()


class CheckedScenarios:
    """The scenarios (by a digest of their file's text) that passed the checks under one set
    of rules files; read from disk when first asked, written back at exit when it grew.
    `what` names what is kept (a set of its own): "scenarios", or "states", the states a
    `bohnspec serve` was sent with `load` and found sound (by a digest of the request's text:
    SoundStates)."""

    def __init__(self, extra_rules: Iterable[str] = (), what: str = "scenarios") -> None:
        self._extra = list(extra_rules)
        self._what = what
        self._keys: set[bytes] | None = None
        self._path: Path | None = None
        self._grown = False

    def _load(self) -> set[bytes]:
        with _LOCK:
            if self._keys is None:
                if not _CODE:
                    _CODE.append(_code_digest())
                key = hashlib.sha256(f"{_CODE[0]}\0{rules_digest(self._extra)}".encode()).hexdigest()
                name = key[:40] if self._what == "scenarios" else f"{self._what}-{key[:40]}"
                self._path = cache.root() / "checked" / f"{name}.marshal"
                # (one set a file in a process: a second adapter of the same rules, the compiled
                # engine's after the reference's, knows what the first checked before it is saved)
                shared = _SHARED.get(self._path)
                if shared is None:
                    try:
                        found = marshal.loads(self._path.read_bytes())
                        shared = found if isinstance(found, set) else set()
                    except Exception:  # noqa: BLE001 - missing, partial or of another Python: none known
                        shared = set()
                    _SHARED[self._path] = shared
                self._keys = shared
                atexit.register(self.save)
            return self._keys

    def __contains__(self, sc: object) -> bool:
        key = _key(sc)
        return key is not None and key in self._load()

    def add(self, sc: object) -> None:
        key = _key(sc)
        if key is not None:
            self.keep(key)

    def has(self, key: bytes) -> bool:
        return key in self._load()

    def keep(self, key: bytes) -> None:
        keys = self._load()
        if key not in keys:
            keys.add(key)
            self._grown = True

    def save(self) -> None:
        """Write the set back (whole or not at all), when this run added to it."""
        if not self._grown or self._path is None or self._keys is None:
            return
        keys = set(self._keys)
        self._grown = False
        cache.kept(self._path, lambda: keys, lambda _: None, marshal.dumps, read=False)


def _key(sc: object) -> bytes | None:
    """What a scenario is kept by: the digest of its file's text (scenario.load); None for one
    built in memory, which is always checked."""
    return getattr(sc, "digest", None)


class SoundStates:
    """The states `bohnspec serve` was sent with `load` and found sound (by the schema and as a
    situation that could come about in a game), by a digest of the request's text without its
    id: the same text under the same rules and code is sound again, so a second run skips both
    checks, as the in-process runner skips them for a scenario it checked before."""

    def __init__(self, extra_rules: Iterable[str] = ()) -> None:
        self._kept = CheckedScenarios(extra_rules, what="states")

    @staticmethod
    def key(line: str) -> bytes | None:
        """The digest of a `load` request's line after its leading id; None when the line does
        not begin with one (then it is always checked)."""
        found = _LEADING_ID.match(line)
        if found is None:
            return None
        return hashlib.sha256(line[found.end():].strip().encode("utf-8", "surrogatepass")).digest()[:16]

    def __contains__(self, key: bytes | None) -> bool:
        return key is not None and self._kept.has(key)

    def add(self, key: bytes | None) -> None:
        if key is not None:
            self._kept.keep(key)


_LEADING_ID = re.compile(r'\{\s*"id"\s*:\s*-?\d+\s*,')
