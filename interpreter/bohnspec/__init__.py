"""bohnspec: the machine-checkable rulebook of Bohnanza, its reference interpreter and runner."""

__version__ = "0.1.0"

__all__ = ["__version__"]
