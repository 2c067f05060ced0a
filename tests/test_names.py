"""The one name resolver (language/names.py) that the checker, the reference interpreter and
the code generator share: the published order of docs/LANGUAGE.md, and the same errors."""

from __future__ import annotations

import pytest

from bohnspec.execution.interpret import engine_for
from bohnspec.language.names import Resolver


@pytest.fixture(scope="module")
def names():
    return Resolver(engine_for(["dschingis"]).spec)


@pytest.mark.parametrize("name, kind", [
    ("p", "local"),           # a local comes first, whatever else the name is
    ("planted", "var"),
    ("players", "players"), ("spaces", "spaces"), ("phase", "state"), ("over", "state"),
    ("reveal_count", "define"),
    ("plunder", "option"),    # the option, not the players' zone of the same name
    ("draw_pile", "zone"),
    ("trade", "constant"), ("red", "constant"), ("jumping", "constant"),
])
def test_a_name_is_read_in_the_published_order(names, name, kind):
    assert names.name(name, {"p"}).kind == kind


@pytest.mark.parametrize("name, message", [
    ("hand", "'hand' belongs to each player: write p.hand"),
    ("fits", "'fits' takes arguments: write fits(...)"),
    ("draw_pil", "unknown name 'draw_pil' (did you mean 'draw_pile'?)"),
])
def test_a_name_that_means_nothing_here_is_an_error(names, name, message):
    meaning = names.name(name, set())
    assert (meaning.kind, meaning.message) == ("error", message)


def test_a_local_shadows_a_declaration(names):
    assert names.name("planted", {"planted"}).kind == "local"


@pytest.mark.parametrize("attr, kind", [("hand", "zone"), ("fields", "fields"), ("coins", "zone"),
                                        ("name", "self"), ("count", "card")])
def test_an_attribute_is_read_the_same_way(names, attr, kind):
    assert names.attribute(attr).kind == kind


def test_the_checker_and_the_engines_share_the_resolver():
    from bohnspec.execution.codegen import Generator
    from bohnspec.execution.interpret import Engine
    from bohnspec.language.check import Checker
    spec = engine_for(["base"]).spec
    assert isinstance(Checker(spec).names, Resolver)
    assert isinstance(Engine(spec).names, Resolver)
    assert isinstance(Generator(spec).names, Resolver)
