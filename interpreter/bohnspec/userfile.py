"""One way to read a file a user hands bohnspec: rules files, scenarios, situations, known-failure
lists. Whatever is wrong with it (missing, a folder, not UTF-8 text, binary, empty, too big, a
YAML document that would expand beyond reason) becomes one clear UserFileError line, which the
command line turns into exit 2.

YAML is read in two passes. First the event stream is scanned (libyaml's parser keeps no
recursion, and the scan stops at the first excess), bounding the nesting depth, the number of
aliases and the size the document would have with every alias expanded: an alias bomb, a
document nested ten thousand deep or a self-referencing anchor is refused in milliseconds.
Only then is the document composed (keeping every node's line and column, so that later
errors can point at the field) and turned into plain JSON-like data.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from os import PathLike
from pathlib import Path
from typing import Any, NoReturn

import yaml

from .errors import BohnspecError

# Bounds of what bohnspec reads. The corpus's largest scenario is 4 KB, nests 9 deep and
# expands to under 500 nodes; these leave room for a hundredfold without letting a hostile
# document reach the schema validator, the runner or the reports.
MAX_BYTES = 8 * 1024 * 1024
MAX_DEPTH = 64
MAX_NODES = 200_000  # scalars and collections, every alias counted with all it expands to
MAX_ALIASES = 10_000

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

# A field of a document: `steps[0].do.type`, or its keys and indexes.
FieldPath = str | Sequence[str | int]


class UserFileError(BohnspecError):
    """A user's file that cannot be used: `NAME: PROBLEM` (`NAME:LINE:COLUMN: PROBLEM` when the
    problem has a place), one line. NAME is the file as the user gave it, after the option
    that named it (`--rules my.bohn`)."""

    def __init__(self, name: str, problem: str, line: int | None = None, column: int | None = None):
        self.name = name
        self.problem = problem
        super().__init__(problem, name, line, column)


def _mib(n: int) -> str:
    return f"{n / (1024 * 1024):.1f} MiB"


def read_text(path: str | PathLike[str], label: str = "", max_bytes: int = MAX_BYTES) -> str:
    """The text of a user's file, or a UserFileError saying in one line why not.

    `label` names what the file is for, e.g. "--rules": "--rules my.bohn: the file is empty"."""
    name = f"{label} {Path(path)}".strip()
    try:
        # One stat says whether it exists and what it is (a corpus run reads thousands of files).
        try:
            info = os.stat(path)
        except (FileNotFoundError, NotADirectoryError):
            raise UserFileError(name, "no such file") from None
        if stat.S_ISDIR(info.st_mode):
            raise UserFileError(name, "is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            # (`judge /dev/stdin`, round 83: a pipe has no size to bound before reading it)
            raise UserFileError(name, "is not a regular file (a pipe, a device or a socket): bohnspec reads "
                                      "rules, scenarios and situations from files; save it to one and name that")
        size = info.st_size
        if size > max_bytes:
            raise UserFileError(name, f"is {_mib(size)}; bohnspec reads files of at most {_mib(max_bytes)}")
        with open(path, "rb") as f:
            data = f.read()
    except UserFileError:
        raise
    except OSError as exc:
        raise UserFileError(name, f"cannot read it ({exc.strerror or exc})") from None
    return decode(data, name)


_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1a\x1c-\x1f]")  # not tab, newlines, form feed, escape


def decode(data: bytes, name: str) -> str:
    """Bytes of a user's file as text: UTF-8 (a byte order mark is dropped), not binary, not empty."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        raise UserFileError(name, "is UTF-16 text: save it as UTF-8")
    if b"\x00" in data:
        raise UserFileError(name, "is a binary file, not text")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise UserFileError(name, f"is not UTF-8 text (byte 0x{data[exc.start]:02x} on line {line}): "
                                  "save it as UTF-8") from None
    if not text.strip():
        raise UserFileError(name, "the file is empty")
    if _CONTROL.search(text, 0, 4096):
        raise UserFileError(name, "is a binary file, not text")
    return text


# ------------------------------------------------------------ YAML

@dataclass
class Document:
    """A YAML document read within the bounds: the data, and the composed nodes (for locations)."""

    data: Any
    node: yaml.Node | None

    def locate(self, path: FieldPath) -> tuple[int, int] | None:
        """(line, column), 1-based, of the field a path names (`steps[0].do.type`, or a list
        of keys and indexes); the nearest enclosing field when the path goes further than the
        document (a missing key is reported at the object that lacks it)."""
        return locate(self.node, path)


def bounded_events(text: str, name: str, max_depth: int = MAX_DEPTH, max_nodes: int = MAX_NODES,
                   max_aliases: int = MAX_ALIASES) -> None:
    """Scan a YAML text's events, refusing it at the first excess of depth, aliases or expanded size."""
    total = 0  # values so far, every alias counted with all it expands to
    aliases = 0
    sizes: dict[str, int] = {}  # anchor -> expanded size of its value
    open_: list[tuple] = []  # (anchor, total at its start) of each open collection
    starts = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
    ends = (yaml.MappingEndEvent, yaml.SequenceEndEvent)

    def fail(event: yaml.Event, problem: str) -> NoReturn:
        mark = getattr(event, "start_mark", None)
        raise UserFileError(name, problem, mark.line + 1 if mark else None, mark.column + 1 if mark else None)

    try:
        for event in yaml.parse(text, Loader=_Loader):
            if isinstance(event, yaml.ScalarEvent):
                total += 1
                if event.anchor is not None:
                    sizes[event.anchor] = 1
            elif isinstance(event, starts):
                if len(open_) >= max_depth:
                    fail(event, f"nested more than {max_depth} deep: no bohnspec file needs that; flatten it")
                open_.append((event.anchor, total))
                total += 1
            elif isinstance(event, ends):
                anchor, start = open_.pop()
                if anchor is not None:
                    sizes[anchor] = total - start
            elif isinstance(event, yaml.AliasEvent):
                aliases += 1
                if aliases > max_aliases:
                    fail(event, f"more than {max_aliases:,} aliases (*name): refused as a likely alias bomb")
                anchor = event.anchor or ""
                if anchor not in sizes:
                    if any(entry[0] == anchor for entry in open_):
                        fail(event, f"the alias *{anchor} refers to a value that contains it "
                                    "(a structure without end)")
                    fail(event, f"the alias *{anchor} names no anchor (&{anchor}) given before it")
                total += sizes[anchor]
            elif isinstance(event, yaml.DocumentStartEvent) and total:
                fail(event, "more than one YAML document (---) in the file: give one")
            if total > max_nodes:
                fail(event, f"the document would expand to more than {max_nodes:,} values (aliases counted "
                            "with everything they stand for): refused as a likely alias bomb; write the data out")
    except yaml.YAMLError as exc:
        raise _yaml_error(exc, name, text) from None


def _yaml_error(exc: yaml.YAMLError, name: str, text: str = "") -> UserFileError:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    context = getattr(exc, "context", None)
    if "maximum nesting depth" in problem:
        # Newer PyYAML refuses deep nesting itself, before our own bound sees it: one message.
        return UserFileError(name, f"nested more than {MAX_DEPTH} deep: no bohnspec file needs that; flatten it",
                             mark.line + 1 if mark else None, mark.column + 1 if mark else None)
    source = text
    text = f"not valid YAML: {problem}" + (f" ({context})" if context and context != problem else "")
    if "mapping values are not allowed" in problem:
        if _a_key_alone_before(mark, source):
            # (`   phase: ...` one space deeper than the key above it; round 69's designer was
            # told to quote a text)
            text += "; this key is indented otherwise than the keys above it: keys of one mapping begin in the " \
                    "same column"
        else:
            # The commonest slip: a title or note with ": " in it, which YAML reads as a new key.
            text += "; a text holding \": \" (a title, a note) must be quoted: note: \"...\""
    return UserFileError(name, text, mark.line + 1 if mark else None, mark.column + 1 if mark else None)


def _a_key_alone_before(mark: yaml.Mark | None, text: str) -> bool:
    """Whether the line of `mark` holds only a key before it (an indentation slip), not a text
    with a colon in it."""
    if mark is None:
        return False
    lines = text.split("\n")
    if not 0 <= mark.line < len(lines):
        return False
    return re.fullmatch(r"\s*(?:-\s+)?[A-Za-z_][\w-]*\s*", lines[mark.line][:mark.column]) is not None


def parse_yaml(text: str, name: str, **bounds: int) -> Document:
    """A YAML text as a Document, within the bounds; only JSON-like values (no dates, sets or
    binary), every number finite."""
    bounded_events(text, name, **bounds)
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is not None:
            _no_key_twice(node, name)
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as exc:
        raise _yaml_error(exc, name, text) from None
    except UserFileError:
        raise
    except (TypeError, ValueError, OverflowError) as exc:  # e.g. an unhashable key
        raise UserFileError(name, f"not valid YAML: {exc}") from None
    finally:
        loader.dispose()
    doc = Document(data, node)
    _plain(doc, data, [], name)
    return doc


def _no_key_twice(root: yaml.Node, name: str) -> None:
    """Refuse a mapping that gives one key twice: YAML readers keep the last silently, so a
    second `steps:` would replace the first without a word."""
    seen: set[int] = set()
    todo = [root]
    while todo:
        node = todo.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            keys: dict = {}
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode):
                    if key.value in keys:
                        first = keys[key.value]
                        raise UserFileError(name, f"the key {key.value!r} is given twice in one mapping (first on "
                                                  f"line {first.line + 1}): the second would silently replace the "
                                                  "first; give it once", key.start_mark.line + 1,
                                            key.start_mark.column + 1)
                    keys[key.value] = key.start_mark
                todo.append(value)
        elif isinstance(node, yaml.SequenceNode):
            todo.extend(node.value)


def read_yaml(path: str | PathLike[str], label: str = "", **bounds: int) -> Document:
    """A user's YAML file, read as one Document within the bounds."""
    name = f"{label} {Path(path)}".strip()
    return parse_yaml(read_text(path, label), name, **bounds)


_KINDS = {"datetime": "a date and time", "date": "a date", "bytes": "binary data", "set": "a set"}


def _plain(doc: Document, value: Any, path: list[str | int], name: str) -> None:
    """Refuse what JSON cannot say: a date, a set, binary data, a number that is not finite."""
    if isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, (str, int)) or isinstance(k, bool):
                _refuse(doc, path, name, f"the key {k!r} is not text: write it in quotes")
            _plain(doc, v, path + [k], name)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _plain(doc, v, path + [i], name)
    elif isinstance(value, float) and not math.isfinite(value):
        _refuse(doc, path, name, f"{value} is not a finite number")
    elif not (value is None or isinstance(value, (str, int, float))):
        kind = _KINDS.get(type(value).__name__, type(value).__name__)
        _refuse(doc, path, name, f"YAML reads this as {kind}, which a scenario cannot hold: write it in quotes")


def _refuse(doc: Document, path: list[str | int], name: str, problem: str) -> NoReturn:
    where = doc.locate(path)
    shown = json_path(path)
    raise UserFileError(name, f"at {shown}: {problem}", *(where or (None, None)))


# ------------------------------------------------------------ paths and locations

def json_path(parts: Iterable[str | int]) -> str:
    """`steps[0].do.type`. A key that would not read as one part of such a path (empty, with a
    dot, a bracket, spaces around it or a line break) is shown quoted, `["a.b"]`, so that a
    message naming it stays one line and says which key it means."""
    out = ""
    for p in parts:
        if isinstance(p, int) and not isinstance(p, bool):
            out += f"[{p}]"
        elif isinstance(p, str) and (not p or not p.isprintable() or p.strip() != p or any(c in p for c in ".[]")):
            out += f"[{json.dumps(p, ensure_ascii=False)}]"
        else:
            out += f".{p}" if out else str(p)
    return out or "(top level)"


_PART = re.compile(r"\[(\d+)\]|\.?([^.\[\]]+)")


def split_path(path: FieldPath) -> list[str | int]:
    """`steps[0].do.type` -> ['steps', 0, 'do', 'type'] (a list is returned as it is)."""
    if isinstance(path, (list, tuple)):
        return list(path)
    if not path or path == "(top level)":
        return []
    out: list[str | int] = []
    for index, key in _PART.findall(str(path)):
        out.append(int(index) if index else key)
    return out


def locate(node: yaml.Node | None, path: FieldPath) -> tuple[int, int] | None:
    """(line, column), 1-based, of the deepest node of `path` found in a composed YAML tree."""
    if node is None:
        return None
    best = node
    for part in split_path(path):
        nxt = None
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode) and _same_key(key.value, part):
                    nxt = value
                    break
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
            nxt = node.value[part]
        if nxt is None:
            break
        node = best = nxt
    mark = best.start_mark
    return mark.line + 1, mark.column + 1


def key_location(node: yaml.Node | None, path: FieldPath, key: str | int) -> tuple[int, int] | None:
    """(line, column) of a key itself in the mapping at `path` (an unexpected key is shown there)."""
    parts = split_path(path)
    target = node
    for part in parts:
        nxt = None
        if isinstance(target, yaml.MappingNode):
            nxt = next((v for k, v in target.value if isinstance(k, yaml.ScalarNode) and _same_key(k.value, part)),
                       None)
        elif isinstance(target, yaml.SequenceNode) and isinstance(part, int) and 0 <= part < len(target.value):
            nxt = target.value[part]
        if nxt is None:
            return None
        target = nxt
    if isinstance(target, yaml.MappingNode):
        for k, _ in target.value:
            if isinstance(k, yaml.ScalarNode) and _same_key(k.value, key):
                return k.start_mark.line + 1, k.start_mark.column + 1
    return None


def _same_key(raw: str, part: str | int) -> bool:
    if raw == str(part):
        return True
    # An unquoted 06 is read as the number 6: its text still names the key.
    return isinstance(part, int) and raw.isdigit() and int(raw) == part
