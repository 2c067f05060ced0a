"""Every exception bohnspec shows a user, in one place and one shape: where, what, what to do."""

from __future__ import annotations

from dataclasses import dataclass


class BohnspecError(Exception):
    """Base of every error bohnspec raises on bad input; the CLI exits 2 on these."""


@dataclass(frozen=True)
class Location:
    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


class RulesSyntaxError(BohnspecError):
    """A rules file that does not parse: `file:line:column: message`, the line and a caret."""

    def __init__(self, location: Location, message: str, context: str = ""):
        self.location = location
        self.message = message
        self.context = context
        text = f"{location}: {message}"
        if context:
            text += "\n" + context
        super().__init__(text)


@dataclass(frozen=True)
class Diagnostic:
    """One finding of the checker."""

    location: Location
    severity: str  # "error" or "warning"
    message: str

    def __str__(self) -> str:
        return f"{self.location}: {self.severity}: {self.message}"


class RulesCheckError(BohnspecError):
    """Rules files that parse but do not check: unknown names, missing citations, ..."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        errors = [d for d in diagnostics if d.severity == "error"]
        super().__init__(
            f"{len(errors)} error(s) in the rules:\n" + "\n".join(str(d) for d in errors)
        )


class ScenarioError(BohnspecError):
    """A scenario file that is not valid: the file, the path of the bad field, and why.

    These are faults of the corpus, not of the engine under test.
    """

    def __init__(self, file: str, path: str, message: str, line: int | None = None, column: int | None = None):
        self.file = file
        self.path = path
        self.message = message
        self.line = line
        self.column = column
        # Data that came from no file (a protocol request, a situation built in memory) is
        # named by its path alone; a field found in its file also by line and column.
        place = f"{file}:{line}:{column}" if file and line is not None else file
        where = ": ".join(part for part in (place, f"at {path}" if path else "") if part)
        super().__init__(f"{where}: {message}" if where else message)


class ActionError(BohnspecError):
    """An action that is malformed (unknown type, missing or unknown parameter).

    Not a rejection: a rejection is a well-formed action the rules refuse.
    """


class SetupError(BohnspecError):
    """A game the rules cannot set up as asked (for example, too many players for the table)."""

    def __init__(self, rule: str, message: str):
        self.rule = rule
        super().__init__(message)


class SpecRuntimeError(BohnspecError):
    """The rules did something impossible while resolving an action (a bug in the spec)."""

    def __init__(self, location: Location | None, message: str):
        self.location = location
        super().__init__(f"{location}: {message}" if location else message)


class EvaluationLimitError(SpecRuntimeError):
    """The rules took more steps than the evaluation budget allows for one action."""
