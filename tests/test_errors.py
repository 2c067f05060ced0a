"""One exception shape for users: every error bohnspec raises on bad input is a ValueError that
says where (file, line, column; None when they do not apply) and what, and prints as
`file:line:column: message`."""

from __future__ import annotations

import pickle

import pytest

from bohnspec.errors import (
    ActionError, BohnspecError, EvaluationLimitError, Location, RulesSyntaxError, ScenarioError, SetupError,
    SpecRuntimeError, suggest,
)
from bohnspec.language.board import BoardError, from_graph
from bohnspec.language.compile import compile_text
from bohnspec.language.spec import module_closure
from bohnspec.userfile import UserFileError, parse_yaml, read_text


def test_a_syntax_error_carries_its_place_and_prints_it_first():
    with pytest.raises(RulesSyntaxError) as info:
        compile_text("module m\nvariety x", "mine.bohn")
    err = info.value
    assert isinstance(err, ValueError)
    assert (err.file, err.line) == ("mine.bohn", 2)
    assert err.column is not None
    assert str(err).startswith(f"mine.bohn:2:{err.column}: {err.message}\n")
    assert str(err).endswith("^")  # the line and a caret follow


def test_a_file_problem_without_a_place_names_the_file_only(tmp_path):
    missing = tmp_path / "gone.bohn"
    with pytest.raises(UserFileError) as info:
        read_text(missing, "--rules")
    err = info.value
    assert isinstance(err, BohnspecError) and isinstance(err, ValueError)
    assert (err.file, err.line, err.column) == (f"--rules {missing}", None, None)
    assert err.message == "no such file"
    assert str(err) == f"--rules {missing}: no such file"


def test_a_yaml_problem_is_placed_by_line_and_column():
    with pytest.raises(UserFileError) as info:
        parse_yaml("a: 1\nb: [1, 2\n", "s.yaml")
    err = info.value
    assert err.file == "s.yaml" and err.line is not None and err.column is not None
    assert str(err) == f"s.yaml:{err.line}:{err.column}: {err.message}"


def test_a_scenario_error_names_the_field_after_the_place():
    err = ScenarioError("s.yaml", "steps[0].do", "unknown action", 4, 7)
    assert (err.file, err.line, err.column, err.path) == ("s.yaml", 4, 7, "steps[0].do")
    assert str(err) == "s.yaml:4:7: at steps[0].do: unknown action"


def test_data_from_no_file_is_named_by_its_path_alone():
    err = ScenarioError("", "setup.players", "too many")
    assert err.file is None
    assert str(err) == "at setup.players: too many"


def test_runtime_errors_are_placed_in_the_rules():
    err = EvaluationLimitError(Location("spec/base/x.bohn", 3, 9), "evaluation took too many steps")
    assert isinstance(err, SpecRuntimeError)
    assert (err.file, err.line, err.column) == ("spec/base/x.bohn", 3, 9)
    assert str(err) == "spec/base/x.bohn:3:9: evaluation took too many steps"
    assert str(SpecRuntimeError(None, "no place")) == "no place"


@pytest.mark.parametrize("err", [
    ActionError("unknown action type 'x'"),
    SetupError("bohnanza/setup/1", "too many players"),
    BohnspecError("unknown module 'x'"),
])
def test_errors_without_a_place_print_their_message(err):
    assert isinstance(err, ValueError)
    assert (err.file, err.line, err.column) == (None, None, None)
    assert str(err) == err.message


def test_a_board_that_cannot_be_built_is_a_user_error():
    with pytest.raises(BoardError) as info:
        from_graph("b", [("a", "*")], [("a", "z")])
    assert isinstance(info.value, BohnspecError)
    assert str(info.value) == info.value.message


def test_an_unknown_module_suggests_the_closest():
    rules = compile_text("module base\nmodule bohnroeschen requires base\n", "m.bohn")
    with pytest.raises(BohnspecError) as info:
        module_closure([rules], ["bohnroschen"])
    assert "did you mean 'bohnroeschen'?" in str(info.value)


def test_suggest_names_the_closest_choice_or_nothing():
    assert suggest("harvset", ["harvest", "plant"]) == " (did you mean 'harvest'?)"
    assert suggest("zzz", ["harvest", "plant"]) == ""
    assert suggest(3, ["3a"]) == " (did you mean '3a'?)"  # any value, compared as text


@pytest.mark.parametrize("err", [
    RulesSyntaxError(Location("a.bohn", 1, 2), "unexpected '}'", "}\n^"),
    ScenarioError("s.yaml", "steps[1]", "bad", 3, 4),
    UserFileError("--rules a.bohn", "the file is empty"),
    SetupError("bohnanza/setup/1", "too many players"),
    EvaluationLimitError(Location("a.bohn", 5, 6), "too many steps"),
    BoardError("board b: no space"),
])
def test_errors_survive_a_trip_to_a_worker_process(err):
    back = pickle.loads(pickle.dumps(err))
    assert type(back) is type(err)
    assert str(back) == str(err)
    assert vars(back) == vars(err)
