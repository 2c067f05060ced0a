"""The docs' commands name only options the commands have: a renamed or dropped option left in
the README, the language reference or the corpus docs would send a user to an error."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bohnspec.tools.cli import main

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "conformance").glob("*.md"))]
# `bohnspec SUB` and its words up to the end of the command (a pipe, `;`, `&&`, a code span's end).
COMMAND = re.compile(r"bohnspec ([a-z]+)((?: +(?:\"[^\"]*\"|'[^']*'|[^\s`|;&)]+))*)")
QUOTED = re.compile(r"\"[^\"]*\"|'[^']*'")  # an --impl's own command line: not bohnspec's options
OPTION = re.compile(r"(?<![\w-])(--[a-z][a-z-]*)")


def _documented() -> dict[str, set[tuple[str, str]]]:
    """For each subcommand the docs run, the (option, file) pairs they give it."""
    out: dict[str, set[tuple[str, str]]] = {}
    for path in DOCS:
        for m in COMMAND.finditer(path.read_text(encoding="utf-8")):
            for option in OPTION.findall(QUOTED.sub("", m[2])):
                out.setdefault(m[1], set()).add((option, path.name))
    return out


def _help(capsys, sub: str) -> str:
    with pytest.raises(SystemExit) as done:
        main([sub, "--help"])
    assert done.value.code == 0, f"`bohnspec {sub}` is run in the docs but is no command"
    return capsys.readouterr().out


def test_every_option_the_docs_give_a_command_is_one_it_has(capsys):
    documented = _documented()
    assert {"conform", "judge", "simulate", "check"} <= documented.keys()  # the reader found the commands
    missing = []
    for sub, uses in sorted(documented.items()):
        text = _help(capsys, sub)
        missing += [f"{name}: bohnspec {sub} {option}" for option, name in sorted(uses)
                    if not re.search(re.escape(option) + r"(?![\w-])", text)]
    assert not missing, "options the docs give that the command does not have:\n" + "\n".join(missing)


def test_the_tables_described_in_the_notation_guide_are_situations_judge_reads(tmp_path, capsys):
    # Round 85's player found how to write a situation only in SCENARIOS.md; NOTATION.md's
    # "Describing the table" shows one for each game, each of which must load as written.
    text = (ROOT / "docs" / "NOTATION.md").read_text(encoding="utf-8")
    section = text.split("## Describing the table", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```yaml\n(.*?)```", section, flags=re.DOTALL)
    assert len(blocks) >= 3
    for i, block in enumerate(blocks):
        path = tmp_path / f"table{i}.yaml"
        path.write_text(block, encoding="utf-8")
        assert main(["judge", str(path)]) == 0, (block, capsys.readouterr())
        assert "may" in capsys.readouterr().out
