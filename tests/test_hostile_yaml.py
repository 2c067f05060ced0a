"""Issue 13, hostile YAML and scenario errors in the writer's terms.

An alias bomb, a document nested thousands deep or a self-referencing anchor is refused in
well under a second, by conform and judge alike; one bad scenario gets its own verdict and the
rest of the run goes on; errors name the file, line and column of the bad field and say what to
do; expectations naming what cannot exist are scenario errors, not failures of the engine.
"""

from __future__ import annotations

import textwrap
import time
from pathlib import Path

import pytest

from bohnspec.conformance import scenario as S
from bohnspec import userfile
from bohnspec.tools.cli import main
from bohnspec.errors import ScenarioError

from test_hostile_cli import PASSING, write

BOMB = """\
a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]
"""


def bomb_scenario() -> str:
    return PASSING.replace("title: Three Fire Beans earn one coin", "title: Three Fire Beans earn one coin\n"
                           "description: *i").replace("id: base/mine/fire-harvest-01", BOMB + "id: base/mine/bomb-01")


# ------------------------------------------------------------ bounds

def test_an_alias_bomb_is_refused_in_well_under_a_second():
    started = time.perf_counter()
    with pytest.raises(userfile.UserFileError, match="likely alias bomb"):
        userfile.parse_yaml(BOMB, "bomb.yaml")
    assert time.perf_counter() - started < 0.5


@pytest.mark.parametrize("opening, closing", [("[", "]"), ("{a: ", "}")])
def test_deep_nesting_is_refused_quickly(opening, closing):
    text = opening * 20000 + "1" + closing * 20000
    started = time.perf_counter()
    with pytest.raises(userfile.UserFileError, match="nested more than 64 deep") as info:
        userfile.parse_yaml(text, "deep.yaml")
    assert time.perf_counter() - started < 0.5
    assert info.value.line == 1


def test_deep_block_nesting_is_refused():
    text = "".join("  " * i + "k:\n" for i in range(200)) + "  " * 200 + "v\n"
    with pytest.raises(userfile.UserFileError, match="nested more than 64 deep"):
        userfile.parse_yaml(text, "deep.yaml")


def test_a_self_referencing_anchor_is_refused():
    with pytest.raises(userfile.UserFileError, match="refers to a value that contains it"):
        userfile.parse_yaml("a: &a [1, *a]\n", "loop.yaml")


def test_too_many_aliases_are_refused():
    text = "a: &a 1\nb: [" + ", ".join(["*a"] * 20000) + "]\n"
    with pytest.raises(userfile.UserFileError, match="more than 10,000 aliases"):
        userfile.parse_yaml(text, "many.yaml")


def test_a_file_too_big_is_refused(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_bytes(b"# " + b"x" * (userfile.MAX_BYTES + 10))
    with pytest.raises(userfile.UserFileError, match="bohnspec reads files of at most 8.0 MiB"):
        userfile.read_yaml(path)


@pytest.mark.parametrize("value, words", [
    ("2024-05-01", "YAML reads this as a date"),
    ("!!binary aGVsbG8=", "YAML reads this as binary data"),
    (".nan", "is not a finite number"),
    ("!!set {a, b}", "YAML reads this as a set"),
])
def test_values_json_cannot_hold_are_refused_where_they_stand(value, words):
    with pytest.raises(userfile.UserFileError, match=words) as info:
        userfile.parse_yaml(f"id: x\nnote: {value}\n", "odd.yaml")
    assert (info.value.line, info.value.column) == (2, 7)
    assert "at note:" in str(info.value)


def test_two_documents_are_refused():
    with pytest.raises(userfile.UserFileError, match="more than one YAML document"):
        userfile.parse_yaml("a: 1\n---\nb: 2\n", "two.yaml")


# ------------------------------------------------------------ conform and judge

def test_conform_refuses_a_bomb_quickly_and_goes_on(tmp_path, capsys):
    bomb = write(tmp_path, bomb_scenario(), "bomb-01.yaml")
    write(tmp_path, PASSING)
    started = time.perf_counter()
    assert main(["conform", "-q", str(tmp_path)]) == 2  # a broken scenario: exit 2
    assert time.perf_counter() - started < 5
    out = capsys.readouterr().out
    assert f"ERRORED {bomb}" in out and "likely alias bomb" in out
    assert out.count("1 passed, 0 failed, 1 errored") == 1  # the other scenario ran


def test_conform_gives_a_deeply_nested_scenario_its_own_verdict(tmp_path, capsys):
    deep = tmp_path / "deep-01.yaml"
    deep.write_text("id: base/mine/deep-01\ntitle: " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    write(tmp_path, PASSING)
    assert main(["conform", "-q", str(tmp_path)]) == 2
    out = capsys.readouterr().out
    assert f"ERRORED {deep}" in out and "nested more than 64 deep" in out
    assert "1 passed" in out


def test_judge_refuses_a_bomb_quickly(tmp_path, capsys):
    bomb = write(tmp_path, bomb_scenario(), "bomb-01.yaml")
    started = time.perf_counter()
    assert main(["judge", str(bomb)]) == 2
    assert time.perf_counter() - started < 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "likely alias bomb" in err


def test_judge_refuses_deep_nesting(tmp_path, capsys):
    deep = tmp_path / "deep.yaml"
    deep.write_text("players: " + "[" * 3000 + "]" * 3000 + "\n", encoding="utf-8")
    assert main(["judge", str(deep)]) == 2
    assert "nested more than 64 deep" in capsys.readouterr().err


def test_an_internal_crash_in_one_scenario_does_not_end_the_run(tmp_path, capsys, monkeypatch):
    from bohnspec.conformance import runner as R
    real = R.InProcess.start

    def start(self, sc):
        if sc.id.endswith("wrong-01"):
            raise RecursionError("maximum recursion depth exceeded")
        return real(self, sc)
    monkeypatch.setattr(R.InProcess, "start", start)
    write(tmp_path, PASSING)
    write(tmp_path, PASSING.replace("fire-harvest-01", "fire-harvest-wrong-01"))
    assert main(["conform", "-q", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "1 passed, 0 failed, 1 errored" in out
    assert "at the start: nested too deep to compare (RecursionError)" in out


# ------------------------------------------------------------ errors in the writer's terms

def load_error(tmp_path: Path, text: str, name: str = "fire-harvest-01.yaml") -> ScenarioError:
    path = write(tmp_path, text, name)
    with pytest.raises(ScenarioError) as info:
        S.load(path)
    return info.value


@pytest.mark.parametrize("old, new, where, message", [
    ("{type: harvest, player: Keno, field: 1}", "{player: Keno, field: 1}", (12, 9),
     "at steps[0].do: `type` is missing: an action names its type"),
    ("title: Three Fire Beans earn one coin", "title: Three\ntitel: x", (3, 1),
     "at (top level): unknown field `titel` (did you mean 'title'?)"),
    ("phase: trade", "phase: 3", (10, 10), "at state.phase: expected text, got the number 3: a phase is given by its "
                                           "name, not its number"),
    ("    expect:\n", "    expect:\n      rejected: bohnanza/harvest/1\n", (14, 7),
     "at steps[0].expect: a step expects either `rejected` or a `state`, not both"),
    ("cites: [bohnanza/harvest/11]", "cites: [Harvest 11]", (3, 9),
     "at cites[0]: 'Harvest 11' is not written right: write a rulebook paragraph id"),
    ("steps:\n", "setup: {players: [A, B, C], deck: []}\nsteps:\n", (1, 1),
     "give either `state` or `setup`, not both"),
    ("  - do: {type: harvest, player: Keno, field: 1}\n    expect:\n", "  - {}\n  - expect:\n", (12, 5),
     "at steps[0]: the step is empty"),
])
def test_schema_errors_say_where_and_what_to_do(tmp_path, old, new, where, message):
    assert old in PASSING
    err = load_error(tmp_path, PASSING.replace(old, new))
    assert (err.line, err.column) == where, str(err)
    assert message in str(err)
    assert str(err).startswith(f"{err.file}:{where[0]}:{where[1]}: ")
    for raw in ("is a required property", "was unexpected", "is not valid under", "should not be valid",
                "does not match", "is not of type", "{'"):
        assert raw not in str(err)


def test_a_per_player_variable_at_the_game_level_is_named_as_such(tmp_path, engine):
    path = write(tmp_path, PASSING.replace("  phase: trade", "  phase: trade\n  vars: {task_met: true}")
                 .replace("modules: [base]", "modules: [base, bohnroeschen]"))
    sc = S.load(path)
    from bohnspec.execution.interpret import engine_for
    with pytest.raises(ScenarioError) as info:
        S.build_state(engine_for(sc.modules), sc)
    assert info.value.message == ("'task_met' is a player variable, not a game variable: put it under a "
                                  "player's vars (state.players[N].vars.task_met)")
    assert info.value.line == 11


def test_a_game_variable_under_a_player_is_named_as_such(tmp_path, engine):
    path = write(tmp_path, PASSING.replace("{name: Nina}", "{name: Nina, vars: {planted: 1}}"))
    with pytest.raises(ScenarioError) as info:
        S.build_state(engine, S.load(path))
    assert info.value.message.startswith("'planted' is a game variable, not a player variable: put it under")
    assert (info.value.line, info.value.column) == (7, 36)


@pytest.mark.parametrize("old, new, message", [
    ("          Keno: {", "          Kenno: {",
     "no player 'Kenno' is at the table (Nina, Timon, Keno) (did you mean 'Keno'?)"),
    ("        players:\n", "        vars: {plantd: 1}\n        players:\n",
     "unknown game variable (did you mean 'planted'?)"),
    ("        players:\n", "        vars: {waiting: true}\n        players:\n",
     "unknown game variable"),
    ("coins: [fire]}", "coins: [fire], vars: {planted: 1}}",
     "'planted' is a game variable, not a player variable: put it under the expected state's own vars"),
    ("coins: [fire]}", "coins: [fire], planted: 1}",
     "unknown player key"),
    ("        players:\n", "        discards: [fire]\n        players:\n",
     "unknown state key (did you mean 'discard'?)"),
])
def test_expectations_naming_what_cannot_exist_are_scenario_errors(tmp_path, capsys, old, new, message):
    assert old in PASSING
    path = write(tmp_path, PASSING.replace(old, new))
    assert main(["conform", "-q", str(path)]) == 2  # a broken scenario, not a failed engine
    out = capsys.readouterr().out
    assert "ERRORED base/mine/fire-harvest-01" in out and "BUG IN SCENARIO: " in out
    assert message in out, out
    assert f"{path}:" in out  # with the line and column of the field


@pytest.mark.parametrize("rel, ok", [
    ("fire-harvest-01.yaml", True),                    # anywhere: named after its id
    ("other-01.yaml", False),                          # anywhere: not
    ("base/mine/fire-harvest-01.yaml", True),          # a copy of the corpus
    ("base/phase-2/fire-harvest-01.yaml", False),      # a copy of the corpus, the wrong folder
])
def test_an_id_that_does_not_match_its_path_is_flagged_wherever_the_file_lives(tmp_path, rel, ok):
    path = tmp_path / "somewhere" / rel
    path.parent.mkdir(parents=True)
    path.write_text(PASSING, encoding="utf-8")
    if ok:
        assert S.load(path).id == "base/mine/fire-harvest-01"
    else:
        with pytest.raises(ScenarioError, match="does not match the file's (name|place)") as info:
            S.load(path)
        assert info.value.path == "id" and info.value.line == 1


def test_a_space_id_read_as_a_number_is_located(tmp_path):
    text = textwrap.dedent("""\
        id: dschingis/mine/space-01
        title: t
        cites: [dschingis/landscapes/1]
        modules: [dschingis]
        state:
          players: [{name: A}, {name: B}, {name: C}]
          spaces:
            06: {owner: A}
        steps:
          - expect: {}
        """)
    err = load_error(tmp_path, text, "space-01.yaml")
    assert err.message.startswith('space ids are strings, and YAML reads an unquoted 06')
    assert err.line == 8


def test_a_key_given_twice_is_refused_where_the_second_stands():
    # Review round 23: YAML readers keep the last of two equal keys, silently (a second
    # `steps: []` emptied the first; `{name: Nina, name: Timon}` seated Timon).
    text = "a: 1\nb:\n  - {name: Nina, name: Timon}\n"
    with pytest.raises(userfile.UserFileError) as info:
        userfile.parse_yaml(text, "x.yaml")
    assert (info.value.line, info.value.column) == (3, 18)
    assert "the key 'name' is given twice in one mapping (first on line 3)" in info.value.problem
    with pytest.raises(userfile.UserFileError, match="'a' is given twice"):
        userfile.parse_yaml("a: 1\nb: 2\na: 3\n", "x.yaml")
    assert userfile.parse_yaml("a: &x {k: 1}\nb: *x\n", "x.yaml").data == {"a": {"k": 1}, "b": {"k": 1}}


@pytest.mark.parametrize("run", ["blue*100000000", "blue*99999999999999999999", "blue*0"])
def test_a_run_of_cards_is_checked_before_it_is_made(run):
    # Review round 23: `blue*100000000` was expanded (1.6 GB) before the count was checked, and
    # a longer one crashed; a run is now 1 to 9999 cards, checked by the schema.
    problems = S.schema_problems({"players": [{"name": "Nina", "hand": [run]}]}, "state.schema.json")
    assert problems and problems[0].path == "players[0].hand[0]", problems
    assert "1 to 9999 cards" in problems[0].message
