"""Random play of Bohnaparte (on the reference maps of examples/bohnaparte, since the book's own
map is lost: ruling/bohnaparte-map-is-input) and of a game mixed with Dschingis Bohn.

Every random game never crashes and always ends, by the last exhaustion, twelve territories
or a player without one; no bean card or territory card is created or lost; no player holds
more spaces than his twelve tokens; no river is ever held; every state round-trips through
its JSON form and the state schema.
"""

from __future__ import annotations

import functools
from collections import Counter
from pathlib import Path

import pytest

from bohnspec.conformance import scenario as S
from bohnspec.execution.interpret import engine_for
from bohnspec.execution.play import legal_actions, random_game

import helpers
from test_dschingis_play import check_state

MAPS = [str(Path(__file__).resolve().parent.parent / "examples" / "bohnaparte" / "reference-maps.bohn")]
MAX_ACTIONS = 4000


@functools.lru_cache(maxsize=8)
def engine(module: str):
    return engine_for([module], MAPS)


def check_game(eng, rec, options, label):
    assert rec.ended and rec.state.over, f"{label}: no end within {MAX_ACTIONS} actions"
    for i, state in enumerate(rec.states):
        check_state(eng, state, options, f"{label}, after action {i}")
    state = rec.state
    held = Counter(v["owner"] for v in state.space_vars.values() if v.get("owner") is not None)
    last = eng.define_value(state, "last_exhaustion")
    assert (state.vars["exhaustions"] >= last or state.vars["landless"] is not None
            or any(n >= 12 for n in held.values())), f"{label}: ended for no reason of the rules"
    assert state.winners and set(state.winners) <= set(state.names())
    assert set(rec.rejections) <= helpers.known_rule_ids(eng.spec), label
    assert legal_actions(eng, state) == []
    for st in rec.states[:: max(1, len(rec.states) // 6)] + [state]:
        data = st.to_json()
        assert S.schema_errors(data, "state.schema.json") == []
        assert S.state_from_data(eng, data, [*st.modules]).to_json() == data


@pytest.mark.parametrize("module, players, options", [
    ("bohnaparte_maps", 3, {}),
    ("bohnaparte_maps", 4, {"cavalry": "on"}),
    ("bohnaparte_maps", 5, {"cavalry": "mixed", "length": "three"}),
    ("bohnaparte_maps", 6, {}),
    ("bohnaparte_maps", 3, {"layout": "pyramid5"}),
    ("mixed_maps", 4, {"cavalry": "mixed"}),
])
def test_random_war_games_keep_every_property(module, players, options):
    eng = engine(module)
    seed = 1000 + players
    names = [*helpers.PLAYERS, "Mara"][:players]
    assert len(names) == players
    rec = random_game(eng, names, seed, options=options or None,
                      max_actions=MAX_ACTIONS, record=True)
    check_game(eng, rec, options, f"{module}, {players} players, {options}, seed {seed}")
    kinds = Counter(a["type"] for a in rec.actions)
    assert kinds["attack"] + kinds["charge"] > 0, "the agent never fought"


@pytest.mark.parametrize("options, space, card", [
    ({}, "paddock", "paddock"),  # outside the cavalry variant the cards show their iron mine side
    ({}, "forest", "forest"),
    ({"cavalry": "on"}, "iron_mine", "iron_mine"),  # in it, paddocks replace iron mines
])
def test_a_map_card_the_options_leave_in_the_box_is_refused_with_the_options(options, space, card):
    """bohnaparte/components/16, cavalry-variant/1: a situation laying such a card could not
    come about, and the rules would act on it (a charge in the basic game)."""
    eng = engine_for(["bohnaparte"])
    data = {"board": {"geometry": "graph", "spaces": {"n": "camp", "x": space, "t": "camp", "k": "camp"},
                      "edges": [["n", "x"], ["n", "t"], ["t", "k"]]},
            "spaces": {"n": {"owner": "Nina"}, "t": {"owner": "Timon"}, "k": {"owner": "Keno"}},
            "players": [{"name": "Nina"}, {"name": "Timon"}, {"name": "Keno"}], "options": options}
    with pytest.raises(S.ScenarioError) as info:
        S.state_from_data(eng, data, ["base", "bohnaparte"])
    assert info.value.path == "state.options"
    assert f"{card} cards lie on the table, but a game with these options" in str(info.value)
    # The same map with the options that bring the card into play loads.
    data["options"] = {"cavalry": "mixed"}
    S.state_from_data(eng, data, ["base", "bohnaparte"])


@pytest.mark.parametrize("options, player, where, words", [
    ({}, {"depot": ["red", "blue", "soy", "green"], "vars": {"has_depot": True}}, "state.players[0].depot",
     "more cards lie on a munitions depot than there are players"),
    ({"cavalry": "on"}, {"vars": {"has_depot": True}}, "state.players[0].vars.has_depot",
     "a munitions depot in the cavalry variant"),
    ({}, {"vars": {"has_sutler": True}}, "state.players[0].vars.has_sutler", "a sutler outside the cavalry variant"),
])
def test_army_cards_that_could_not_lie_so_are_refused(options, player, where, words):
    """bohnaparte/munitions-depot/2 (a depot holds as many cards as there are players) and
    cavalry-variant/2 (the army cards show one side per variant)."""
    eng = engine_for(["bohnaparte"])
    data = {"board": {"geometry": "graph", "spaces": {"n": "camp", "t": "camp", "k": "camp"},
                      "edges": [["n", "t"], ["t", "k"]]},
            "spaces": {"n": {"owner": "Nina"}, "t": {"owner": "Timon"}, "k": {"owner": "Keno"}},
            "players": [{"name": "Nina", **player}, {"name": "Timon"}, {"name": "Keno"}], "options": options}
    with pytest.raises(S.ScenarioError) as info:
        S.state_from_data(eng, data, ["base", "bohnaparte"])
    assert info.value.path == where and words in str(info.value), str(info.value)
    data["options"] = {"cavalry": "mixed"}  # both sides are in play in the mixed variant
    if "depot" not in player:
        S.state_from_data(eng, data, ["base", "bohnaparte"])


def test_the_scenarios_on_the_reference_maps_pass_on_both_engines(capsys):
    # examples/bohnaparte/scenarios: Bohnaparte (and the two war games together) on the
    # reference maps, written from the rulebooks by hand (review round 21); the maps module is
    # not part of the corpus, so they run with --rules.
    from bohnspec.tools.cli import main
    maps = str(helpers.ROOT / "examples" / "bohnaparte" / "reference-maps.bohn")
    folder = str(helpers.ROOT / "examples" / "bohnaparte" / "scenarios")
    for engine in ("reference", "compiled"):
        assert main(["conform", "-q", folder, "--rules", maps, "--engine", engine]) == 0
        assert "18 passed, 0 failed" in capsys.readouterr().out
