"""Issue 13, fuzzing each class of hostile input: whatever comes in, bohnspec answers with a
result or one of its own errors (exit 2 at the command line), never a traceback.

- users' files (any bytes): read as text or refused with one UserFileError line;
- YAML (generated structures with anchors, aliases and nesting): a Document within the
  bounds, or refused, quickly;
- scenarios (a valid scenario with parts replaced by random data): a Scenario or a
  ScenarioError, and a loaded one always gets a verdict;
- engine replies (random JSON where a reply is due): a verdict, never a crash of the runner;
- numbers on the command line: a value within the range or exit 2;
- known-failure lists: entries or one BohnspecError;
- rules files (a user's file with a few tokens changed): check never crashes, and a file that
  checks builds an engine and plays without crashing (slow).

The quick ones run by default with the `ci` hypothesis profile; those marked slow run with
`python -m pytest -m slow`, deeper with BOHNSPEC_HYPOTHESIS_PROFILE=long.
"""

from __future__ import annotations

import argparse
import copy
import json
import re
import time

import pytest
import yaml
from hypothesis import HealthCheck, assume, given, note, settings
from hypothesis import strategies as st

from bohnspec.tools import cli
from bohnspec.conformance import reports
from bohnspec.conformance import runner as R
from bohnspec.conformance import scenario as S
from bohnspec import userfile
from bohnspec.errors import BohnspecError, ScenarioError

import helpers
from helpers import examples
from test_hostile_cli import PASSING

SCALARS = st.none() | st.booleans() | st.integers(-10, 300) | st.floats(allow_nan=True, allow_infinity=True) | \
    st.text(max_size=10)
JSON = st.recursive(SCALARS, lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=8), c, max_size=4),
                    max_leaves=15)


# ------------------------------------------------------------ users' files

@settings(max_examples=examples(60), deadline=None)
@given(st.binary(max_size=300) | st.text(max_size=200).map(lambda t: t.encode("utf-8")))
def test_any_bytes_are_text_or_one_line(data):
    try:
        text = userfile.decode(data, "f.txt")
    except userfile.UserFileError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("f.txt")
    else:
        assert isinstance(text, str) and text.strip()


@settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=200), command=st.sampled_from(["check", "judge", "conform", "board"]))
def test_any_file_in_any_command_is_an_answer_not_a_traceback(tmp_path, capsys, data, command):
    path = tmp_path / "input.yaml"
    path.write_bytes(data)
    argv = [command, str(path)] if command != "conform" else ["conform", "-q", str(path)]
    code = cli.main(argv)
    err = capsys.readouterr().err
    assert code in (0, 1, 2), err
    assert "Traceback" not in err


# ------------------------------------------------------------ YAML

@st.composite
def yaml_texts(draw):
    """YAML with anchors and aliases, flow and block nesting, and some garbage."""
    depth = draw(st.integers(1, 120))
    fan = draw(st.integers(1, 12))
    levels = draw(st.integers(1, 8))
    parts = ['a0: &a0 ["x", 1, true]']
    for i in range(1, levels):
        parts.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * fan) + "]")
    parts.append("deep: " + "[" * depth + "0" + "]" * depth)
    parts.append("block:\n" + "".join("  " * (k + 1) + "k:\n" for k in range(min(depth, 90))) + "  " * 91 + "v")
    noise = draw(st.text(alphabet="[]{}:,&*!-|>'\"# \nabc01", max_size=40))
    chosen = draw(st.lists(st.sampled_from(parts), min_size=1, max_size=len(parts), unique=True))
    return "\n".join(chosen) + "\n" + noise


@settings(max_examples=examples(60), deadline=None)
@given(yaml_texts())
def test_any_yaml_is_bounded_data_or_refused_quickly(text):
    started = time.perf_counter()
    try:
        doc = userfile.parse_yaml(text, "t.yaml")
    except userfile.UserFileError as exc:
        assert str(exc).startswith("t.yaml")
    else:
        json.dumps(doc.data)  # plain data, any size and depth bounded
    assert time.perf_counter() - started < 1.0


# ------------------------------------------------------------ scenarios

BASE = yaml.safe_load(PASSING)


def paths_of(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths_of(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths_of(v, prefix + (i,))


PATHS = [p for p in paths_of(BASE) if p]


@st.composite
def mangled_scenarios(draw):
    data = copy.deepcopy(BASE)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(PATHS))
        parent = data
        try:
            for key in path[:-1]:
                parent = parent[key]
            action = draw(st.sampled_from(["replace", "delete", "add"]))
            if action == "replace":
                parent[path[-1]] = draw(JSON)
            elif action == "delete" and isinstance(parent, dict):
                del parent[path[-1]]
            elif isinstance(parent, dict):
                parent[draw(st.sampled_from(["vars", "hand", "state", "titel", "expect", "players"]))] = draw(JSON)
        except (KeyError, IndexError, TypeError):
            pass
    return data


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mangled_scenarios())
def test_any_scenario_is_loaded_or_told_in_the_writers_terms(tmp_path, data):
    try:
        text = yaml.safe_dump(data, allow_unicode=True)
    except yaml.YAMLError:
        assume(False)
    note(text)
    path = tmp_path / "fire-harvest-01.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        sc = S.load(path)
    except ScenarioError as exc:
        message = str(exc)
        assert message.startswith(str(path))
        for raw in ("is a required property", "was unexpected", "is not valid under", "should not be valid"):
            assert raw not in message, message
        return
    verdict = R.run_scenario(R.InProcess(), sc)
    assert verdict.verdict in R.VERDICTS
    if verdict.broken:
        assert verdict.message.startswith("BUG IN SCENARIO: ")


# ------------------------------------------------------------ engine replies

class Replies:
    """An adapter answering with the given replies: what an outside engine might send."""

    name = "fuzzed engine"
    capabilities = {"modules": ["base"], "rule_ids": True, "events": True}

    def __init__(self, start, applies):
        self._start, self._applies = start, list(applies)
        self.last_request = None

    def start(self, sc):
        self.last_request = {"type": "load"}
        return self._start

    def apply(self, action):
        self.last_request = {"type": "apply", "action": action}
        return self._applies.pop(0) if self._applies else {"accepted": True, "events": [], "state": {}}


REPLY = st.fixed_dictionaries({}, optional={"accepted": st.booleans() | JSON, "state": JSON, "events": JSON,
                                            "rule": JSON, "reason": JSON}) | JSON


@settings(max_examples=examples(60), deadline=None)
@given(start=st.fixed_dictionaries({"state": JSON}, optional={"events": JSON}), applies=st.lists(REPLY, max_size=3))
def test_any_engine_reply_gets_a_verdict(start, applies):
    sc = S.from_document(userfile.parse_yaml(PASSING, "fire-harvest-01.yaml"), "fire-harvest-01.yaml")
    verdict = R.run_scenario(Replies(start, applies), sc)
    assert verdict.verdict in R.VERDICTS
    json.dumps(verdict.to_json())  # the report can always be written


# ------------------------------------------------------------ numbers

@settings(max_examples=examples(80), deadline=None)
@given(text=st.text(max_size=12) | st.floats(allow_nan=True, allow_infinity=True).map(repr) |
       st.integers(-10**9, 10**9).map(str),
       kind=st.sampled_from([cli.TIMEOUT, cli.JOBS, cli.GAMES, cli.PLAYERS, cli.MAX_ACTIONS, cli.STEP]))
def test_any_number_is_in_range_or_refused_with_the_range(text, kind):
    try:
        value = kind(text)
    except argparse.ArgumentTypeError as exc:
        assert re.search(r"(from|above) \S+ (to|and at most) ", str(exc)), str(exc)
    else:
        assert value == value and abs(value) != float("inf")  # finite
        if kind is cli.TIMEOUT:
            assert 0 < value <= 3600
        elif kind is cli.STEP:
            assert 0 <= value
        else:
            assert value >= 1


# ------------------------------------------------------------ known-failure lists

@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.dictionaries(st.text(max_size=10) | st.integers(), JSON, max_size=4) | JSON)
def test_any_known_failures_list_is_read_or_refused(tmp_path, data):
    path = tmp_path / "known.yaml"
    try:
        path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    except yaml.YAMLError:
        assume(False)
    try:
        out = reports.load_expectations(path, strict=True)
    except BohnspecError as exc:
        assert "\n" not in str(exc)
    else:
        assert all(e["verdict"] in R.VERDICTS for e in out.values())


# ------------------------------------------------------------ rules files

MY_VINES = (helpers.ROOT / "examples" / "my-vines.bohn").read_text(encoding="utf-8")
TOKENS = re.compile(r"[a-z_]+|[0-9]+|\"[^\"\n]*\"|[(){}\[\],.:=<>+*-]")
REPLACEMENTS = ["size", "h", "coins", "hand", "player", "card", "beans", "harvested", "revealed", "1", "2",
                '"five"', "true", "(", ")", ",", "and", ">=", "+", "requires", "bsae", "card_of", "met", "on"]


@st.composite
def mutated_rules(draw):
    spans = [m.span() for m in TOKENS.finditer(MY_VINES)]
    text = MY_VINES
    for _ in range(draw(st.integers(1, 3))):
        start, end = draw(st.sampled_from(spans))
        new = draw(st.sampled_from(REPLACEMENTS + [""]))
        text = text[:start] + new + text[end:]
        spans = [m.span() for m in TOKENS.finditer(text)]
    return text


@pytest.mark.slow
@settings(max_examples=examples(30), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(mutated_rules())
def test_a_rules_file_that_checks_does_not_crash_later(tmp_path, text):
    from bohnspec.language.check import check_files
    from bohnspec.execution.interpret import engine_for
    from bohnspec.execution.play import random_game

    path = tmp_path / "my-vines.bohn"
    path.write_text(text, encoding="utf-8")
    note(text)
    diagnostics, _ = check_files([path])
    if any(d.severity == "error" for d in diagnostics):
        return
    module = re.search(r"^module (\w+)", text, re.M)
    assume(module is not None)
    try:
        engine = engine_for([module.group(1)], [str(path)])
    except BohnspecError:
        return  # refused cleanly
    for seed in range(2):
        try:
            random_game(engine, ["A", "B", "C"], seed, {"beans": "garden"}, max_actions=300)
        except BohnspecError:
            pass  # a rule refusing at run time is the spec's error, told as such
