"""Every exception bohnspec shows a user, in one place and one shape: where, what, what to do.

Like tomli's `TOMLDecodeError`, each is a `ValueError` that carries `file`, `line` and `column`
(None when they do not apply) and a `message`; `str()` is `file:line:column: message`, with
whatever is None left out.
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


def _place(file: str | None, line: int | None, column: int | None) -> str:
    """`file:line:column`, `file:line`, `file` or "" (a line without a file names nothing)."""
    if not file:
        return ""
    if line is None:
        return file
    return f"{file}:{line}" if column is None else f"{file}:{line}:{column}"


class BohnspecError(ValueError):
    """Base of every error bohnspec raises on bad input; the CLI exits 2 on these."""

    file: str | None
    line: int | None
    column: int | None
    message: str

    def __init__(self, message: str, file: str | None = None, line: int | None = None,
                 column: int | None = None):
        self.message = message
        self.file = file or None
        self.line = line
        self.column = column
        super().__init__(self._text())

    def _text(self) -> str:
        """What `str()` shows: where, then what."""
        place = _place(self.file, self.line, self.column)
        return f"{place}: {self.message}" if place else self.message

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt from its attributes, whatever its class's __init__ takes: a worker process of
        # `simulate --jobs` sends its errors back pickled.
        return (_rebuild, (type(self), self.args, self.__dict__))


def _rebuild(cls: type[BohnspecError], args: tuple[Any, ...], state: dict[str, Any]) -> BohnspecError:
    err = cls.__new__(cls)
    err.args = args
    err.__dict__.update(state)
    return err


@dataclass(frozen=True)
class Location:
    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


def closest(name: object, choices: Iterable[str]) -> str | None:
    """The choice closest to a misspelt name, or None when none is close."""
    close = difflib.get_close_matches(str(name), list(choices), n=1)
    return close[0] if close else None


def suggest(name: object, choices: Iterable[str]) -> str:
    """` (did you mean 'x'?)` naming the choice closest to a misspelt name, or ""."""
    close = closest(name, choices)
    return f" (did you mean {close!r}?)" if close is not None else ""


class RulesSyntaxError(BohnspecError):
    """A rules file that does not parse: `file:line:column: message`, the line and a caret."""

    def __init__(self, location: Location, message: str, context: str = ""):
        self.location = location
        self.context = context
        super().__init__(message, location.file, location.line, location.column)

    def _text(self) -> str:
        return super()._text() + ("\n" + self.context if self.context else "")


@dataclass(frozen=True)
class Diagnostic:
    """One finding of the checker."""

    location: Location
    severity: str  # "error" or "warning"
    message: str

    def __str__(self) -> str:
        return f"{self.location}: {self.severity}: {self.message}"


class RulesCheckError(BohnspecError):
    """Rules files that parse but do not check: unknown names, missing citations, ...

    Each diagnostic has its own place, so the error as a whole has none."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        errors = [d for d in diagnostics if d.severity == "error"]
        super().__init__(f"{len(errors)} error(s) in the rules:\n" + "\n".join(str(d) for d in errors))


class ScenarioError(BohnspecError):
    """A scenario file that is not valid: the file, the path of the bad field, and why.

    These are faults of the corpus, not of the engine under test. Data that came from no file
    (a protocol request, a situation built in memory) is named by its path alone.
    """

    def __init__(self, file: str | None, path: str, message: str, line: int | None = None,
                 column: int | None = None):
        self.path = path
        super().__init__(message, file, line, column)

    def _text(self) -> str:
        # A field's line and column are shown only with its file.
        place = _place(self.file, self.line if self.file else None, self.column)
        where = ": ".join(part for part in (place, f"at {self.path}" if self.path else "") if part)
        return f"{where}: {self.message}" if where else self.message


class ActionError(BohnspecError):
    """An action that is malformed (unknown type, missing or unknown parameter).

    Not a rejection: a rejection is a well-formed action the rules refuse.
    """


class SetupError(BohnspecError):
    """A game the rules cannot set up as asked (for example, too many players for the table)."""

    def __init__(self, rule: str, message: str, cites: tuple[str, ...] = ()):
        self.rule = rule
        # Every citation of the declaration that refuses (the rule first): a scenario written
        # from the rulebook may name any of them.
        self.cites = tuple(dict.fromkeys((rule, *cites)))
        super().__init__(message)


class SpecRuntimeError(BohnspecError):
    """The rules did something impossible while resolving an action (a bug in the spec)."""

    def __init__(self, location: Location | None, message: str):
        self.location = location
        if location is None:
            super().__init__(message)
        else:
            super().__init__(message, location.file, location.line, location.column)


class ShuffleMismatch(SpecRuntimeError):
    """The situation's next reshuffle result (its `shuffles`) does not hold the cards of the pile
    being reshuffled: a mistake in the situation given, not in the rules."""

    def __init__(self, given: list, pile: list):
        self.given, self.pile = list(given), list(pile)
        super().__init__(None, f"the next entry of `shuffles` is not an order of the pile being reshuffled: it holds "
                               f"{_cards(given)}, the pile holds {_cards(pile)}; each entry must hold exactly "
                               "the cards the discard pile has when it is reshuffled")


def _cards(cards: list) -> str:
    shown = ", ".join(f"{c}*{n}" if n > 1 else str(c) for c, n in Counter(cards).items())
    return f"[{shown}]" if cards else "no card"


class MissingAttributeError(SpecRuntimeError):
    """The rules read an attribute off a card whose category declares none of that name: the
    rules' fault whatever the state (a designer's landscape of a category of his own)."""


class EvaluationLimitError(SpecRuntimeError):
    """The rules took more steps than the evaluation budget allows for one action."""
