"""Mutation testing of the spec, from a checkout: the same as `bohnspec mutants` (its --help
says what it does); kept here beside the benchmarks, where the long campaigns are run."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "interpreter") not in sys.path:
    sys.path.insert(0, str(ROOT / "interpreter"))

from bohnspec.tools.mutants import main  # noqa: E402

if __name__ == "__main__":
    raise SystemExit(main())
