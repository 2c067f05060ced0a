"""bohnspec: the machine-checkable rulebook of Bohnanza, its reference interpreter and runner."""

import os as _os

__version__ = "0.1.0"

__all__ = ["__version__"]

# BOHNSPEC_ACCELERATE=1: the hot modules run as C extensions (execution/accelerate.py); the
# hook goes in before anything imports them.
if _os.environ.get("BOHNSPEC_ACCELERATE"):
    from .execution import accelerate as _accelerate

    _accelerate.install_if_requested()
