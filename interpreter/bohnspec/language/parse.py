"""Rules text -> lark parse tree; syntax errors located by file, line and column."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .. import paths
from ..errors import Location, RulesSyntaxError

# How terminals are named to a person reading an error.
_TERMINAL_NAMES = {
    "NAME": "a name",
    "RULING_NAME": "a ruling name",
    "CITE": "a citation id (like bohnanza/harvest/1 or ruling/<name>)",
    "STRING": 'a quoted text ("...")',
    "INT": "a number",
    "LBRACE": "'{'",
    "RBRACE": "'}'",
    "LPAR": "'('",
    "RPAR": "')'",
    "LSQB": "'['",
    "RSQB": "']'",
    "COMMA": "','",
    "COLON": "':'",
    "DOT": "'.'",
    "EQUAL": "'='",
    "MINUS": "'-'",
    "COMPARE": "a comparison (==, !=, <, <=, >, >=)",
    "ADD_OP": "'+' or '-'",
    "POSITION": "top, front, bottom or back",
    "ZONE_KIND": "pile, deck, row or fields",
    "VAR_TYPE": "int, bool, player, text, refs or space",
    "PARAM_TYPE": "field, card, cards, player, int, target, variety or space",
    "GEOMETRY": "offset, grid or graph",
    "$END": "the end of the file",
}

# Broken samples and the mistake they stand for, as lark's GRAMMAR_ERRORS does.
_LIKELY_MISTAKES = {
    "a `require` or `when` clause needs `else \"reason\"` before its citations": [
        'module m\naction a() by p { require true cites x/y/1 }',
        'module m\naction a() by p { when true cites x/y/1 }',
        'module m\naction a() by p { require true }',
    ],
    "a citation list is written `cites a/b/1, c/d/2`": [
        "module m\nturn a cites",
        "module m\nturn a cites x/y/1,",
    ],
    "an action's parameters are written `(field f, card c)`: a type, then a name": [
        "module m\naction a(f) by p {}",
    ],
    "an action names its player: `action plant(field f) by p { ... }`": [
        "module m\naction a() {}",
    ],
    "a quantifier inside `and`, `or`, `not` or a comparison is written in parentheses: "
    "`a and (any f in h.fields: size(f) == 0)`": [
        "module m\ndefine x = true and any f in players: true",
        "module m\ndefine x = true or no f in players: true",
        "module m\ndefine x = true and all f in players: true",
        "module m\ndefine x = 1 + count f in players: true",
        "module m\ndefine x = 1 < sum f in players: 1",
        # (in a define with parameters too: round 83's designer was told only what may open a
        # declaration)
        "module m\ndefine x(a) = true and any f in players: true",
        "module m\ndefine x(a) = true or no f in players: true",
        "module m\ndefine x(a, b) = a.ready and all f in players: true",
        "module m\ndefine x(a) = 1 + count f in players: true",
        "module m\nend when true and any f in players: true cites x/y/1",
        "module m\nend when true or no f in players: true cites x/y/1",
        'module m\nvine x "t" by h cites x/y/1 {\n  on harvested(player) when true and any f in players: true\n}',
        'module m\nvine x "t" by h cites x/y/1 {\n  met when true and any f in players: true\n}',
        'module m\nvine x "t" by h cites x/y/1 {\n  claim when true and any f in players: true\n}',
        'module m\naction a() by p cites x/y/1 {\n  require true and any f in players: true else "r" cites x/y/1\n}',
        'module m\naction a() by p cites x/y/1 {\n  when true and any f in players: true else "r" cites x/y/1\n}',
        'module m\ninvariant true and any f in players: true else "r" cites x/y/1',
        'module m\nprocedure q() cites x/y/1 {\n  if true and any f in players: true { }\n}',
    ],
    "`no` opens a quantifier (`no x in L: C`); a value named `no` (an option's) that ends an expression "
    "is written as text there: `else \"no\"`": [
        "module m\ndefine x = (if true then yes else no)",
        "module m\ndefine x = [yes, no]",
        "module m\ndefine x = f(no)",
        'module m\non turn(active) cites x/y/1 {\n  let v = (if true then yes else no)\n}',
        'module m\non turn(active) cites x/y/1 {\n  v = f(no)\n}',
    ],
    "a `grant` names the paragraphs that allow the action there: `grant when COND cites a/b/1`": [
        'module m\naction a() by p { grant when true }',
        'module m\nextend action a { grant when true }',
    ],
    "a vine card names the player whose figure stands on it: `vine x \"text\" by h { ... }`": [
        'module m\nvine x "t" {}',
        'module m\nvine x "t" cites x/y/1 {}',
    ],
}


@functools.lru_cache(maxsize=1)
def parser() -> Lark:
    """The LALR parser of the rules language, built once and cached on disk by lark."""
    return Lark(
        paths.GRAMMAR.read_text(encoding="utf-8"),
        parser="lalr",
        propagate_positions=True,
        maybe_placeholders=False,
        cache=True,
    )


def parse(text: str, filename: str = "<rules>") -> Tree:
    """Parse rules text; raise RulesSyntaxError saying where and what was expected."""
    try:
        return parser().parse(text)
    except UnexpectedInput as exc:
        raise _syntax_error(exc, text, filename) from None


def _describe(terminals: Iterable[str]) -> str:
    names = sorted({_TERMINAL_NAMES.get(t, _keyword(t)) for t in terminals})
    if len(names) > 8:
        names = names[:8] + ["..."]
    return ", ".join(names)


def _keyword(terminal: str) -> str:
    # Anonymous keyword terminals are named after their text, e.g. REQUIRE for "require".
    pattern = parser().get_terminal(terminal).pattern if terminal in _terminal_names() else None
    if pattern is not None and pattern.type == "str":
        return f"'{pattern.value}'"
    return terminal.lower()


@functools.lru_cache(maxsize=1)
def _terminal_names() -> frozenset[str]:
    return frozenset(t.name for t in parser().terminals)


def _syntax_error(exc: UnexpectedInput, text: str, filename: str) -> RulesSyntaxError:
    line = getattr(exc, "line", None) or 1
    column = getattr(exc, "column", None) or 1
    if isinstance(exc, UnexpectedEOF) or (
        isinstance(exc, UnexpectedToken) and exc.token.type == "$END"
    ):
        line, column = _end_position(text)
    location = Location(filename, line, column)
    if isinstance(exc, UnexpectedCharacters):
        pos = exc.pos_in_stream or 0
        char = text[pos] if pos < len(text) else "?"
        message = f"unexpected character {char!r}"
        allowed = exc.allowed or set()
        if char == '"':
            message = ("a quoted text that is not closed on its line, or that uses an escape other "
                       'than \\" \\\\ \\n \\t')
        elif allowed:
            message += f"; expected {_describe(allowed)}"
        hint = _CHARACTER_HINTS.get(char)
        if hint:
            message += f"\nhint: {hint}"
        return RulesSyntaxError(location, message, _context(text, location.line, location.column))
    else:
        expected = getattr(exc, "expected", None) or getattr(exc, "accepts", None) or set()
        token = getattr(exc, "token", None)
        found = "end of file" if token is None or token.type == "$END" else repr(str(token))
        message = f"unexpected {found}; expected {_describe(expected)}"
        if "RBRACE" in expected and (token is None or token.type == "$END"):
            opened = _unclosed_brace(text)
            if opened:
                message += f" (a '}}' to close the block opened at {opened[0]}:{opened[1]})"
        elif "RBRACE" in expected and token is not None and str(token) in _DECLARATION_WORDS:
            # A declaration where the block before it should have ended: its '}' is missing.
            opened = _unclosed_brace(text[:token.start_pos or 0])
            if opened:
                message += (f": the block opened at {opened[0]}:{opened[1]} is not closed; a '}}' is missing "
                            f"before this {str(token)}")
                return RulesSyntaxError(location, message, _context(text, location.line, location.column))
        if token is not None and token.type == "RBRACE" and _unclosed_brace(text[:token.start_pos or 0]) is None:
            # (a '}' that closes nothing: not the quantifier's hint lark's samples matched; round 96)
            return RulesSyntaxError(location, f"{message}\nhint: this '}}' closes no block: remove it, or give the "
                                              "block it should close its '{'",
                                    _context(text, location.line, location.column))
        word_hint = _word_hint(text, token, expected) if token is not None and token.type != "$END" else None
        if word_hint:
            return RulesSyntaxError(location, f"{message}\nhint: {word_hint}",
                                    _context(text, location.line, location.column))
        if found == "'='" and "COMPARE" in expected:
            return RulesSyntaxError(location, message + "\nhint: a comparison is written `==`, `!=`, `<`, `<=`, "
                                                        "`>` or `>=` (not `=`, `=>` or `=<`)",
                                    _context(text, location.line, location.column))
    hint = _likely_mistake(exc)
    if hint:
        message += f"\nhint: {hint}"
    return RulesSyntaxError(location, message, _context(text, location.line, location.column))


# Signs of other languages that the rules language writes otherwise.
_CHARACTER_HINTS = {
    "!": "`not C` negates a condition; `!=` is the only comparison with `!`",
    "&": "both conditions are written `A and B`",
    "|": "either condition is written `A or B`",
    "?": "a value chosen by a condition is written `if C then A else B`",
    "+=": "a variable is changed by `x = x + 1` (there is no `+=`, `-=` or `*=`)",
    ";": "statements need no `;`: one after another, on lines of their own",
}

# Words of other languages, met before the token that failed, and what to write instead.
_WORD_HINTS = {
    "else": "a statement chain is written `if C { } elif C { } else { }` (not `else if`)",
    "elseif": "a statement chain is written `if C { } elif C { } else { }`",
    "emit": "a `define` is a value: it cannot emit events or change anything; write a `procedure` "
            "and call it from a statement",
    "return": "a `procedure` returns nothing; a value is written `define NAME(x) = EXPR`",
}


def _word_hint(text: str, token: Token, expected: Iterable[str]) -> str | None:
    """A hint from the word just before the failing token (`else if`, `emit` in a define), or
    from the token itself (`+=`, a Python-style `A if C else B`)."""
    start = token.start_pos or 0
    before = re.search(r"([A-Za-z_]\w*)\s*$", text[max(0, start - 40):start])
    word = before.group(1) if before else None
    if str(token) == "if":
        return _WORD_HINTS["else"] if word == "else" else "a value chosen by a condition is written " \
            "`if C then A else B`"
    if word == "emit" and "DEFINE" not in expected:  # a statement's emit, only mistyped
        return None
    if word == "count" and not re.match(r"\w", str(token)):
        # (`on exhausted(count) when count == 2`: a key named like a word that opens an
        # expression cannot be read; round 89's designer met the bare syntax error)
        return ("`count` opens an expression (`count x in ZONE: ...`), so a name `count` (the key of `exhausted`) "
                "cannot be read: read the state instead (the variable `exhaustions`)")
    if word in _WORD_HINTS and word != "else":
        return _WORD_HINTS[word]
    if str(token) in ("+", "-", "*") and text[start + 1:start + 2] == "=":
        return _CHARACTER_HINTS["+="]
    if str(token) == "-" and "INT" in expected:
        return "a number has no sign of its own: a negative one is written `0 - 1`"
    if token.type == "INT" and re.search(r"\boption\s+\w+\s+one\s+of\b[^\n]*$", text[:start]):
        # (round 96's designer: `option cap one of 2, 3, 4`, told only that a name was expected)
        return ("an option's values are names (`one of two, three, four`); the number a rule needs is a `define` "
                "of them: `define cap = if size == small then 2 else 3`")
    return None


# The words that begin a declaration: one met inside a block means its '}' is missing.
_DECLARATION_WORDS = frozenset({"module", "action", "vine", "define", "procedure", "phase", "on", "var", "zone",
                                "option", "ruling", "invariant", "setup", "turn", "end", "winners", "variety",
                                "card", "category", "board", "extend", "forbid", "internal"})


def _context(text: str, line: int, column: int) -> str:
    """The source line and a caret under the reported column (so the two always agree)."""
    lines = text.split("\n")
    if not 1 <= line <= len(lines):
        return ""
    source = lines[line - 1].rstrip("\r").expandtabs(1)
    # A long line is shown around the column only (a line of 20,000 signs filled the screen).
    start = max(0, column - 60) if len(source) > 120 else 0
    shown = source[start:start + 120]
    shown = ("..." if start else "") + shown + ("..." if start + 120 < len(source) else "")
    return f"{shown}\n{' ' * (column - 1 - start + (3 if start else 0))}^"


def _likely_mistake(exc: UnexpectedInput) -> str | None:
    try:
        return exc.match_examples(parser().parse, _LIKELY_MISTAKES, use_accepts=True)
    except Exception:  # a sample that no longer fails must not hide the real error
        return None


def _end_position(text: str) -> tuple[int, int]:
    lines = text.split("\n")
    return len(lines), len(lines[-1]) + 1


_SCAN = re.compile(r'//[^\n]*|"(?:[^"\\\n]|\\.)*"|[{}]|\n')


def _unclosed_brace(text: str) -> tuple[int, int] | None:
    """The line and column of the innermost '{' that is never closed."""
    stack: list[tuple[int, int]] = []
    line, line_start = 1, 0
    for m in _SCAN.finditer(text):
        tok = m.group()
        if tok == "\n":
            line, line_start = line + 1, m.end()
        elif tok == "{":
            stack.append((line, m.start() - line_start + 1))
        elif tok == "}" and stack:
            stack.pop()
    return stack[-1] if stack else None


def token_location(token: Token | Tree, filename: str) -> Location:
    meta = getattr(token, "meta", None)
    if meta is not None and not getattr(meta, "empty", True):
        return Location(filename, meta.line, meta.column)
    return Location(filename, getattr(token, "line", 0) or 0, getattr(token, "column", 0) or 0)
