"""Which rule ids a refused step may be expected with (SCENARIOS.md, "Expectations"): a
scenario written from the rulebook names the paragraph, where the spec's refusing clause may
put a ruling first. Any citation of the clause that refuses the action matches it; a paragraph
of another clause does not."""

from __future__ import annotations

import textwrap

import pytest

from bohnspec.conformance import runner as R

# Keno harvests his Jumping Beans; Nina, whose pick it is not, tries to pick. The clause that
# refuses her cites ruling/draft-first first, then bohnanza/jumping-bean/5 (the picks pass to
# the right).
DRAFT = """
id: base/mine/not-your-pick-01
title: Only the chooser picks from a Jumping Bean draft
cites: [bohnanza/jumping-bean/5]
modules: [base]
state:
  options: {beans: jumping}
  players:
    - {name: Nina, fields: [[blue*2], [soy], [broad*3]]}
    - {name: Timon, fields: [[red], [], []]}
    - {name: Keno, fields: [[jumping*2], [soy*2], []], coins: [red]}
  active: Nina
  phase: trade
  draw_pile: [red, blue, green, fire, broad]
  discard: [black_eyed]
steps:
  - do: {type: harvest, player: Keno, field: 1}
  - do: {type: draft, player: Nina, card: 1, target: discard}
    expect:
      rejected: RULE
"""


def _run(tmp_path, monkeypatch, name: str, text: str, engine: str = "reference") -> R.Verdict:
    monkeypatch.setenv("BOHNSPEC_CACHE", str(tmp_path / "cache"))
    folder = tmp_path / "scenarios" / "base" / "mine"
    folder.mkdir(parents=True)
    (folder / name).write_text(textwrap.dedent(text))
    sel = R.select([str(tmp_path / "scenarios")], None, None)
    assert not sel.broken, [v.message for v in sel.broken]
    return R.run_scenario(R.InProcess(engine=engine), sel.scenarios[0])


def _verdict(tmp_path, monkeypatch, rule: str, engine: str) -> R.Verdict:
    return _run(tmp_path, monkeypatch, "not-your-pick-01.yaml", DRAFT.replace("RULE", rule), engine)


@pytest.mark.parametrize("engine", ["reference", "compiled"])
@pytest.mark.parametrize("rule", ["ruling/draft-first", "bohnanza/jumping-bean/5",
                                  "[bohnanza/jumping-bean/4, bohnanza/jumping-bean/5]"])
def test_a_refusal_matches_any_citation_of_the_clause_that_refuses(tmp_path, monkeypatch, rule, engine):
    v = _verdict(tmp_path, monkeypatch, rule, engine)
    assert v.verdict == R.PASSED, v.message or [s.problems for s in v.steps]


@pytest.mark.parametrize("rule", ["bohnanza/phase-2/4", "bohnanza/bean-protection/1"])
def test_a_paragraph_the_refusing_clause_does_not_cite_fails(tmp_path, monkeypatch, rule):
    v = _verdict(tmp_path, monkeypatch, rule, "reference")
    assert v.verdict == R.FAILED
    assert "rejected with rule 'bohnanza/jumping-bean/5'" in v.steps[-1].problems[0]


SIX = """
id: base/mine/six-players-refused-01
title: The base game is for three to five players
cites: [bohnanza/setup/1]
modules: [base]
setup:
  players: [A, B, C, D, E, F]
  deck: [blue*20, fire*18, broad*16, green*14, soy*12, black_eyed*10, red*8, garden*6]
refused: RULES
"""


def _setup_verdict(tmp_path, monkeypatch, rules: str) -> R.Verdict:
    return _run(tmp_path, monkeypatch, "six-players-refused-01.yaml", SIX.replace("RULES", rules))


@pytest.mark.parametrize("rules", ["[bohnanza/setup/1]", "[bohnanza/setup/3]", "[bohnanza/phase-2/4, bohnanza/setup/2]"])
def test_a_refused_setup_matches_any_citation_of_the_declaration_that_refuses(tmp_path, monkeypatch, rules):
    v = _setup_verdict(tmp_path, monkeypatch, rules)
    assert v.verdict == R.PASSED, v.message or [s.problems for s in v.steps]


def test_a_refused_setup_expected_under_another_paragraph_is_the_scenarios_bug(tmp_path, monkeypatch):
    v = _setup_verdict(tmp_path, monkeypatch, "[bohnanza/phase-2/4]")
    assert v.verdict == R.ERRORED and v.broken
    assert "the rules refuse this setup citing bohnanza/setup/1, not" in v.message


EMPTY_FIELD = """
id: base/mine/empty-field-01
title: An empty field is not harvested
cites: [bohnanza/harvest/5]
modules: [base]
state:
  players:
    - {name: Nina, fields: [[blue*2], []]}
    - {name: Timon}
    - {name: Keno}
  active: Nina
  phase: trade
steps:
  - do: {type: harvest, player: Nina, field: 2}
    expect:
      rejected: RULE
"""


@pytest.mark.parametrize("rule, verdict", [
    ("ruling/harvest-empty-field", R.PASSED),
    ("bohnanza/harvest/5", R.PASSED),  # the paragraph the clause's ruling rests on
    ("bohnanza/bean-protection/1", R.FAILED),  # neither the clause's nor its ruling's
])
def test_a_refusal_matches_the_paragraphs_its_ruling_rests_on(tmp_path, monkeypatch, rule, verdict):
    v = _run(tmp_path, monkeypatch, "empty-field-01.yaml", EMPTY_FIELD.replace("RULE", rule))
    assert v.verdict == verdict, v.message or [s.problems for s in v.steps]


DEAR = """
module dear_attacks requires dschingis

ruling dear-attacks
  question "May a house rule make every attack cost two coins?"
  decision "Yes: an attack costs two coins."
  reason "A house rule, not in the book."
  cites dschingis/combat/1

define attack_price(p, t) = 2 cites ruling/dear-attacks, dschingis/combat/1
"""

ONE_COIN = """
id: mine/dear/one-coin-01
title: With dear attacks one coin does not pay for an attack
cites: [ruling/dear-attacks]
modules: [base, dschingis, dear_attacks]
state:
  board: beginner_4
  spaces:
    "03": {owner: Timon}
    "08": {owner: Nina}
    "12": {owner: Keno}
    "17": {owner: Eiko}
  players:
    - {name: Nina, hand: [blue], coins: [soy]}
    - {name: Timon}
    - {name: Keno}
    - {name: Eiko}
  active: Nina
  phase: attack
  draw_pile: [fire, red]
steps:
  - do: {type: attack, player: Nina, target: "09", with: hand 1}
    expect: {rejected: RULE}
"""


@pytest.mark.parametrize("rule, verdict", [("ruling/dear-attacks", R.PASSED), ("dschingis/combat/1", R.PASSED),
                                           ("dschingis/combat/5", R.FAILED)])
def test_a_refusal_matches_the_citations_of_a_replaced_definition_the_clause_reads(tmp_path, rule, verdict):
    # Review round 33: a designer's dearer attack refused one coin, and a scenario naming the
    # designer's ruling failed: only the book's clause ("each attack costs a coin") was heard.
    rules = tmp_path / "dear.bohn"
    rules.write_text(textwrap.dedent(DEAR), encoding="utf-8")
    folder = tmp_path / "scenarios" / "mine" / "dear"
    folder.mkdir(parents=True)
    (folder / "one-coin-01.yaml").write_text(textwrap.dedent(ONE_COIN.replace("RULE", rule)), encoding="utf-8")
    sel = R.select([str(tmp_path / "scenarios")], None, None)
    assert not sel.broken, [v.message for v in sel.broken]
    v = R.run_scenario(R.InProcess([str(rules)]), sel.scenarios[0])
    assert v.verdict == verdict, v.message or [s.problems for s in v.steps]
