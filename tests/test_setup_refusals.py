"""A setup the rules refuse says what its condition came to: a designer whose map cannot be
laid learns the numbers and the space, not only that something is too large (review round 28).
The values come from the reference closures, so both engines say the same."""

from __future__ import annotations

import random
import textwrap

import pytest

from bohnspec.errors import SetupError
from bohnspec.execution.interpret import engine_for
from bohnspec.execution.play import new_random_game

TOO_MANY_TOWNS = """
module mm_towns requires dschingis
board mm_towns "Towns" offset for 4 players cites dschingis/setup/11 {
  row 0: camp, town, camp, *
  row 1: town, *, town, *
  row 0: camp, *, camp, *
}
"""

TOO_MANY_SPACES = """
module mm_many requires dschingis
board mm_many "Many" offset for 4 players cites dschingis/setup/11 {
  row 0: camp, *, *, *, *, *, camp
  row 1: *, *, *, *, *, *, *
  row 0: *, *, *, *, *, *, *
  row 1: *, *, *, *, *, *, *
  row 0: *, *, *, *, *, *, *
  row 1: camp, *, *, *, *, *, camp
}
"""


def refusal(tmp_path, text: str, module: str, board: str, kind: str) -> SetupError:
    rules = tmp_path / f"{module}.bohn"
    rules.write_text(textwrap.dedent(text))
    engine = engine_for(["dschingis", module], [str(rules)], engine=kind)
    with pytest.raises(SetupError) as info:
        new_random_game(engine, ["A", "B", "C", "D"], random.Random(1), board=board)
    return info.value


@pytest.mark.parametrize("kind", ["reference", "compiled"])
def test_a_map_laying_too_many_of_a_card_names_the_space_the_card_and_both_counts(tmp_path, kind):
    err = refusal(tmp_path, TOO_MANY_TOWNS, "mm_towns", "mm_towns", kind)
    assert err.rule == "dschingis/setup/1"
    text = str(err)
    assert text.startswith("the map lays more cards of a kind than this table keeps in play: s = 02, "
                           "board_card(s) = town, ")
    # four towns laid (02, the row below's first and third, and none dealt), three in the box
    assert " = 4, count_of(landscapes, board_card(s)) = 3 (see dschingis/setup/1" in text
    # the comparison's own truth is implied by the numbers and not said again
    assert "= false" not in text


@pytest.mark.parametrize("kind", ["reference", "compiled"])
def test_a_map_of_more_spaces_than_cards_gives_both_numbers(tmp_path, kind):
    err = refusal(tmp_path, TOO_MANY_SPACES, "mm_many", "mm_many", kind)
    assert err.rule == "dschingis/setup/1"
    assert "size(landscapes) = 24" in str(err)
    assert "else 0) = 47" in str(err)
