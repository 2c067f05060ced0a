"""Where the grammar, the spec and the conformance corpus live.

From a source checkout (interpreter/bohnspec/ beside grammar/, spec/, conformance/) the
checkout's own folders are used; an installed wheel carries copies under bohnspec/data/.
"""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _root() -> Path:
    override = os.environ.get("BOHNSPEC_ROOT")
    if override:
        return Path(override)
    checkout = _PACKAGE.parent.parent
    if (checkout / "grammar" / "bohnspec.lark").is_file() and (checkout / "spec").is_dir():
        return checkout
    return _PACKAGE / "data"


ROOT = _root()
GRAMMAR = ROOT / "grammar" / "bohnspec.lark"
SPEC = ROOT / "spec"
CONFORMANCE = ROOT / "conformance"
SCENARIOS = CONFORMANCE / "scenarios"
SCHEMAS = CONFORMANCE / "schemas"
PARAGRAPHS = SPEC / "paragraphs.index"


def rulebooks_dir() -> Path | None:
    """The rulebooks folder, if one is at hand (they are not shipped with bohnspec)."""
    override = os.environ.get("BOHNSPEC_RULEBOOKS")
    candidates = [Path(override)] if override else []
    candidates.append(ROOT.parent / "shared" / "rulebooks")
    for c in candidates:
        if c.is_dir():
            return c
    return None
