"""The short action notation of the command line: "Nina harvest 1", "Timon trade give soy
get red with Nina". Documented in docs/NOTATION.md.

    PLAYER ACTION [VALUE ...] [KEY VALUE ...]

Values fill the action's parameters in declaration order; `KEY VALUE` names one. A card is
`hand 3`, `received 1`, `revealed 2`, `field 1` (the top card of a field), or a variety
(`soy`: the first such card its owner may use, revealed cards first for the active player).
A card parameter belongs to the player the spec checks it against: in `offer to Nina give
soy get red`, `give` names the proposer's cards and `get` Nina's. A variety its owner holds
only in a field is read as that field (`field 2`), and one the owner does not hold at all as
a place where no card is: the rules then refuse the action with their own paragraph, and a
note says how the name was read. A list of cards is comma-separated (`soy,fire`).
`trade give ... get ... with P` is an offer that P accepts at once. A space of the map is its
id (`06`; `6` is read as `06`): "Nina attack 06 hand 2", "Nina attack 06 with draw_pile 1"
(the top card of the stack), "Nina charge 06 riders 10", "Nina take_from_cart cart 1".

The package, one job a module: `words` (the vocabulary), `places` (places and cards pointed at),
`completion` (values left out), `plain` (a sentence made plain), `values` (one action's values),
`reading` (texts to actions) and `writing` (actions back to words).
"""

from .reading import (asks_an_outcome, moves_in_asides, parse_action, players_asked, split_in_turn, split_moves,
                      values_asked)
from .values import absent_move
from .words import COUNT_ASKED, counted_place, counts_spaces
from .writing import card_owners, card_title, format_action, ref_text

__all__ = ["COUNT_ASKED", "absent_move", "asks_an_outcome", "card_owners", "card_title", "format_action",
           "counted_place", "counts_spaces", "moves_in_asides", "parse_action", "players_asked", "ref_text",
           "split_in_turn", "split_moves", "values_asked"]
