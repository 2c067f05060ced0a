"""The parser: valid rules parse; syntax errors say where (file:line:column), what was expected,
show the line with a caret, and point at the block a missing '}' should close."""

from __future__ import annotations

import pytest
from lark import Tree

from bohnspec.language.compile import compile_text
from bohnspec.errors import BohnspecError, RulesSyntaxError
from bohnspec.language.model import Action, Define, Module, Procedure, Ruling, Variety
from bohnspec.language.parse import parse

import helpers


def syntax_error(text: str, filename: str = "mycards.bohn") -> RulesSyntaxError:
    with pytest.raises(RulesSyntaxError) as info:
        parse(text, filename)
    return info.value


def caret_column(context: str) -> int:
    """The 1-based column the caret line of an error's context points at."""
    caret_line = next(line for line in context.splitlines() if line.strip() == "^")
    return caret_line.index("^") + 1


# ------------------------------------------------------------ valid rules

VALID = {
    "module only": "module mycards\n",
    "module requiring another": "module mycards requires base\n",
    "comments and blank lines": "// a comment\nmodule mycards // trailing\n\n",
    "variety": 'module m\nvariety purple "Purple Bean" count 4 meter [2, 3, -, 5] cites bohnanza/setup/5\n',
    "special meter and in play": (
        'module m\nvariety odd "Odd Bean" count 2 meter special in play when beans == odd '
        "cites bohnanza/setup/5\n"),
    "option": "module m\noption colour one of red, blue default red cites bohnanza/setup/6\n",
    "zones": "module m\nzone pot: pile shared\nzone shelf: row per player cites bohnanza/setup/1\n",
    "vars": "module m\nvar n: int = 0\nvar mine: refs per player = [] cites ruling/one-offer\n",
    "defines": "module m\ndefine three = 1 + 2\ndefine twice(x) = x + x cites bohnanza/setup/1\n",
    "phase": 'module m\nphase rest "Rest" cites bohnanza/course-of-play/3 { on enter { goto next } }\n',
    "turn": "module m\nturn a, b cites bohnanza/course-of-play/3\n",
    "action": (
        'module m\naction sow(field f, card c) by p "Sow" cites bohnanza/phase-1/1 {\n'
        '  when phase == plant_hand else "not now" cites bohnanza/phase-1/1\n'
        '  require size(f) >= 0 and not (p == active) or true else "no" cites ruling/no-such-card\n'
        "  effect {\n"
        "    let n = size(f)\n"
        "    move first 2 of p.hand to back of f\n"
        "    move cards [c] of p to top of discard\n"
        "    if n > 1 { emit sown(player: p, cards: n) } elif n == 1 { n = 2 } else { }\n"
        "    for q in players { q.planted = 0 }\n"
        "    repeat 3 { reshuffle discard into draw_pile }\n"
        "  }\n"
        "}\n"),
    "extend and forbid": (
        "module m\nextend action plant { require true else \"x\" cites bohnanza/phase-1/1 }\n"
        'forbid all but harvest when over else "over" cites ruling/game-over\n'
        'forbid plant, draw when false else "never" cites ruling/game-over\n'
        'forbid quiet_time: all but harvest when false else "hush" cites ruling/game-over\n'
        'extend forbid quiet_time but plant cites ruling/game-over\n'),
    "procedure, handler, end, winners, setup": (
        "module m\nprocedure tidy(p, f) cites bohnanza/harvest/10 { move all of f to top of discard }\n"
        "on harvested(player) cites bohnanza/harvest/1 { give 1 fields to player }\n"
        "end when count q in players: size(q.coins) > 9 cites bohnanza/end/1\n"
        "winners by p: size(p.coins), clockwise(starting_player, p) cites bohnanza/end/4\n"
        "setup cites bohnanza/setup/8 { goto plant_hand }\n"),
    "ruling": (
        'module m\nruling my-ruling question "Q?" decision "D." reason "R." cites bohnanza/end/1\n'),
    "expressions": (
        "module m\ndefine e = if any x in [1, 2]: x > 1 then sum y in [1, 2]: y - 1 else none\n"
        'define s = "a \\"quoted\\" text"\ndefine b = not true or false and 1 in [1]\n'),
}


@pytest.mark.parametrize("text", VALID.values(), ids=list(VALID))
def test_valid_rules_parse(text):
    tree = parse(text, "mycards.bohn")
    assert isinstance(tree, Tree)
    rules = compile_text(text, "mycards.bohn")
    assert isinstance(rules.decls[0], Module)


def test_every_spec_file_parses():
    for name, text in helpers.spec_texts().items():
        rules = compile_text(text, name)
        assert rules.decls and isinstance(rules.decls[0], Module), name
        assert all(d.module == "base" for d in rules.decls), name


def test_declarations_belong_to_the_module_last_opened():
    rules = compile_text("module a\ndefine x = 1\nmodule b\ndefine y = 2\n", "two.bohn")
    assert [(type(d).__name__, d.name, d.module) for d in rules.decls] == [
        ("Module", "a", "a"), ("Define", "x", "a"), ("Module", "b", "b"), ("Define", "y", "b")]


def test_compiled_model_keeps_locations_and_values():
    text = (
        "module m\n"
        'variety purple "Purple Bean" count 4 meter [2, -, 4, 5] cites bohnanza/setup/5\n'
        "define twice(x) = x + x cites bohnanza/setup/1\n"
        'action sow(field f) by q "Sow it" cites bohnanza/phase-1/1 {\n'
        '  when true else "w" cites bohnanza/phase-1/1\n'
        '  require false else "r" cites ruling/no-such-card, bohnanza/phase-1/2\n'
        "}\n"
        "procedure p() cites bohnanza/harvest/1 { }\n"
        'ruling r-1 question "Q" decision "D" reason "R \\"x\\"" cites bohnanza/end/1\n'
    )
    decls = compile_text(text, "m.bohn").decls
    variety = next(d for d in decls if isinstance(d, Variety))
    assert (variety.title, variety.count, variety.meter) == ("Purple Bean", 4, (2, None, 4, 5))
    assert (variety.loc.file, variety.loc.line, variety.loc.column) == ("m.bohn", 2, 1)
    define = next(d for d in decls if isinstance(d, Define))
    assert define.params == ("x",)
    action = next(d for d in decls if isinstance(d, Action))
    assert (action.actor, action.title, [p.name for p in action.params]) == ("q", "Sow it", ["f"])
    when, require = action.clauses
    assert (when.kind, when.reason, when.loc.line, when.loc.column) == ("when", "w", 5, 3)
    assert (require.kind, require.rule_id, require.cites) == (
        "require", "ruling/no-such-card", ("ruling/no-such-card", "bohnanza/phase-1/2"))
    assert next(d for d in decls if isinstance(d, Procedure)).params == ()
    ruling = next(d for d in decls if isinstance(d, Ruling))
    assert (ruling.id, ruling.reason) == ("ruling/r-1", 'R "x"')


# ------------------------------------------------------------ syntax errors

def test_error_is_located_by_file_line_and_column():
    err = syntax_error("module mycards\n\nvar x: int = = 1\n", "rules/mycards.bohn")
    assert isinstance(err, BohnspecError)
    assert (err.location.file, err.location.line, err.location.column) == ("rules/mycards.bohn", 3, 14)
    assert str(err.location) == "rules/mycards.bohn:3:14"
    assert err.message == "unexpected '='; expected '(', '[', a name, a number, a quoted text (\"...\")"
    assert str(err).startswith("rules/mycards.bohn:3:14: unexpected '='; expected ")


def test_error_shows_the_line_and_a_caret_under_the_column():
    err = syntax_error("module mycards\nvar x: int = = 1\n")
    lines = err.context.splitlines()
    assert lines[0] == "var x: int = = 1"
    assert caret_column(err.context) == err.location.column == 14
    assert err.context in str(err)


def test_unexpected_character():
    err = syntax_error("module mycards\ndefine x = 1 @ 2\n")
    assert (err.location.line, err.location.column) == (2, 14)
    assert err.message.startswith("unexpected character '@'; expected ")
    assert caret_column(err.context) == 14


def test_unexpected_keyword_names_the_keyword_expected():
    err = syntax_error("module mycards\naction a() { }\n")
    assert (err.location.line, err.location.column) == (2, 12)
    assert err.message == ("unexpected '{'; expected 'by'\n"
                           "hint: an action names its player: `action plant(field f) by p { ... }`")


def test_terminals_are_named_for_a_reader():
    err = syntax_error("module mycards\naction a(f) by p { }\n")
    assert err.message.startswith("unexpected 'f'; expected ')', field, card, cards, player, int")
    err = syntax_error("module mycards\nturn a cites\n")
    assert "expected a citation id (like bohnanza/harvest/1 or ruling/<name>)" in err.message
    err = syntax_error("module mycards\nzone z: heap shared\n")
    assert "expected pile, deck, row or fields" in err.message


def test_long_expected_lists_are_cut_short():
    err = syntax_error("module mycards\nvar x: int = 1 @\n")
    assert err.message.startswith("unexpected character '@'; expected ')', ")
    assert err.message.endswith(", ...")
    # Eight descriptions at most, then "...".
    assert err.message.split("; expected ", 1)[1].count("', '") + 1 <= 9


def test_missing_else_in_a_require_clause():
    text = (
        "module mycards\n"
        'action sow(field f) by p "Sow" cites bohnanza/phase-1/1 {\n'
        "  require size(f) > 0 cites bohnanza/phase-1/1\n"
        "}\n"
    )
    err = syntax_error(text)
    assert (err.location.line, err.location.column) == (3, 23)
    assert err.message.startswith("unexpected 'cites'; expected 'else'")
    assert err.context.splitlines()[0] == "  require size(f) > 0 cites bohnanza/phase-1/1"
    assert caret_column(err.context) == 23


def test_missing_else_in_a_when_clause():
    err = syntax_error('module m\naction a() by p cites bohnanza/phase-1/1 {\n  when true cites bohnanza/phase-1/1\n}\n')
    assert (err.location.line, err.location.column) == (3, 13)
    assert err.message.startswith("unexpected 'cites'; expected 'else'")


def test_hint_for_a_missing_else_after_the_module_line():
    err = syntax_error("module mycards\naction a() by p { require true cites bohnanza/phase-1/1 }\n")
    assert err.message == (
        "unexpected 'cites'; expected 'else'\n"
        "hint: a `require` or `when` clause needs `else \"reason\"` before its citations")


def test_hint_for_a_clause_without_else_and_citation():
    err = syntax_error('module mycards\naction a() by p "A" cites bohnanza/phase-1/1 {\n  when phase == trade\n}\n')
    assert (err.location.line, err.location.column) == (4, 1)
    assert err.message.startswith("unexpected '}'; expected ")
    assert "'else'" in err.message


def test_hint_for_a_parameter_without_a_type():
    err = syntax_error("module mycards\n\naction sow(f) by p { }\n")
    assert err.message.endswith(
        "\nhint: an action's parameters are written `(field f, card c)`: a type, then a name")


def test_hint_for_a_dangling_citation_list():
    err = syntax_error("module mycards\nturn plant_hand cites bohnanza/phase-1/1,\n")
    assert err.message.endswith("\nhint: a citation list is written `cites a/b/1, c/d/2`")


def test_unclosed_brace_names_the_block_left_open():
    text = (
        "module mycards\n"
        "procedure tidy(f) cites bohnanza/harvest/10 {\n"
        "  if size(f) > 0 {\n"
        "    move all of f to top of discard\n"
        "  }\n"
    )
    err = syntax_error(text)
    assert err.message.startswith("unexpected end of file; expected ")
    assert err.message.endswith("(a '}' to close the block opened at 2:45)")
    # The end of the file is where the error is found.
    assert (err.location.line, err.location.column) == (6, 1)


def test_unclosed_brace_points_at_the_innermost_open_block():
    text = (
        "module mycards\n"
        'action sow(field f) by p "Sow" cites bohnanza/phase-1/1 {\n'
        "  effect {\n"
        "    if true { let x = 1 }\n"
        "    // a comment with a { brace does not count\n"
        '    emit sown(note: "a } in a text does not count")\n'
    )
    err = syntax_error(text)
    assert "(a '}' to close the block opened at 3:10)" in err.message


def test_a_declaration_inside_an_open_block_says_its_brace_is_missing():
    # Review round 27: a vine card left open before the next one drew the quantifier hint.
    text = ('module m requires bohnroeschen\nvine a "x" by h cites bohnroeschen/components/1 {\n'
            "  met when size(h.coins) >= 5\n\n"
            'vine b "y" by h cites bohnroeschen/components/1 {\n  met when true\n}\n')
    err = syntax_error(text)
    assert err.message.endswith("the block opened at 2:49 is not closed; a '}' is missing before this vine"), \
        err.message
    assert "hint" not in err.message and (err.location.line, err.location.column) == (5, 1)


def test_a_comparison_written_with_one_equals_sign_is_hinted():
    err = syntax_error("module m\ndefine d = size(players) => 3\n")
    assert err.message.endswith("\nhint: a comparison is written `==`, `!=`, `<`, `<=`, `>` or `>=` (not `=`, `=>` "
                                "or `=<`)"), err.message


def test_a_key_named_like_a_quantifier_is_hinted():
    # Round 89's designer read `count` of `exhausted` and met "expected a name" alone.
    err = syntax_error("module m requires base\non exhausted(count) cites bohnanza/end/1 {\n"
                       "  if count == 2 { }\n}\n")
    assert "hint: `count` opens an expression" in err.message and "exhaustions" in err.message, err.message


def test_unclosed_brace_hint_only_at_the_end_of_the_file():
    err = syntax_error("module mycards\nprocedure p() cites bohnanza/harvest/1 { let x = }\n")
    assert "to close the block" not in err.message


def test_caret_matches_the_location_at_the_end_of_the_file():
    err = syntax_error("module")
    assert (err.location.line, err.location.column) == (1, 7)
    assert err.context.splitlines()[0] == "module"
    assert caret_column(err.context) == err.location.column


def test_caret_under_the_end_of_an_unclosed_block():
    err = syntax_error("module mycards\nprocedure p() cites bohnanza/end/1 {\n  let x = 1")
    assert (err.location.line, err.location.column) == (3, 12)
    assert err.context.splitlines()[0] == "  let x = 1"
    assert caret_column(err.context) == 12


def test_error_at_the_end_of_a_file_without_a_final_newline():
    err = syntax_error("module")
    assert (err.location.line, err.location.column) == (1, 7)
    assert err.message == "unexpected end of file; expected a name"


def test_compile_text_raises_the_same_syntax_error():
    with pytest.raises(RulesSyntaxError) as info:
        compile_text("module m\nvar x: number = 1\n", "vars.bohn")
    err = info.value
    assert str(err.location) == "vars.bohn:2:8"
    assert "expected int, bool, player, text, refs or space" in err.message


QUOTED_TEXT = 'a quoted text that is not closed on its line, or that uses an escape other than \\" \\\\ \\n \\t'


@pytest.mark.parametrize("text, column", [
    ('module m\nruling r question "bad \\x escape" decision "d" reason "r" cites bohnanza/end/1\n', 19),
    ('module m\ndefine s = "\\N"\n', 12),
    ('module m\ndefine s = "\\u12"\n', 12),
    ('module m\ndefine s = "not closed\n"\n', 12),
], ids=["x-escape", "N-escape", "u-escape", "unclosed"])
def test_bad_quoted_text_is_a_located_syntax_error(text, column):
    with pytest.raises(RulesSyntaxError) as info:
        compile_text(text, "esc.bohn")
    err = info.value
    assert (err.location.line, err.location.column) == (2, column)
    assert err.message == QUOTED_TEXT
    assert caret_column(err.context) == column


def test_known_escapes_in_a_quoted_text():
    decls = compile_text('module m\nruling r question "a \\"q\\" \\\\ b\\n\\tc" decision "d" reason "r" '
                         "cites bohnanza/end/1\n", "esc.bohn").decls
    assert decls[1].question == 'a "q" \\ b\n\tc'


def test_a_nul_byte_in_a_text_is_no_crash():
    try:
        rules = compile_text('module m\ndefine s = "a\x00b"\n', "nul.bohn")
    except RulesSyntaxError as exc:
        assert exc.location.line == 2
    else:
        assert rules.decls[1].body.args[0] == "a\x00b"


def test_a_parsed_file_is_kept_on_disk_and_read_back_the_same(tmp_path, monkeypatch):
    # Every process that reads the rules (a CLI command, the engine `serve` starts) is spared
    # the parse; the model read back is the one parsing gives, and a broken file is never kept.
    from bohnspec.language import spec as spec_module
    monkeypatch.setenv("BOHNSPEC_CACHE", str(tmp_path / "cache"))
    files = spec_module.spec_files()[:3]
    spec_module.clear_parse_cache(disk=True)
    try:
        parsed = spec_module.parse_files(files)  # parsed, and written
        kept = sorted((tmp_path / "cache" / "parsed").glob("*.pickle"))
        assert len(kept) == len(files)
        spec_module.clear_parse_cache()  # forgotten in memory: read from the disk
        # (Nodes compare by identity, so the models are compared as they print: every field.)
        assert repr(spec_module.parse_files(files)) == repr(parsed)
        # A kept file that cannot be read is passed over: the text is parsed again.
        kept[0].write_bytes(b"not a pickle")
        spec_module.clear_parse_cache()
        assert repr(spec_module.parse_files(files)) == repr(parsed)
        bad = tmp_path / "bad.bohn"
        bad.write_text("module m\naction {\n")
        for _ in range(2):
            with pytest.raises(RulesSyntaxError):
                spec_module.parse_files([bad])
        assert len(list((tmp_path / "cache" / "parsed").glob("*.pickle"))) == len(files)
    finally:
        spec_module.clear_parse_cache()


@pytest.mark.parametrize("text", [
    'module mine\nvine v "V" by h cites bohnroeschen/tasks/1 {\n  met when size(h.coins) > 2 and any f in h.fields: size(f) == 0\n}\n',
    "module mine\ndefine d = size(players) > 2 or no p in players: size(p.hand) > 0\n",
])
def test_hint_for_a_quantifier_inside_and_or_without_parentheses(text):
    # a round-14 designer was told only that `f` was unexpected
    err = syntax_error(text)
    assert err.message.endswith("\nhint: a quantifier inside `and`, `or`, `not` or a comparison is written in "
                                "parentheses: `a and (any f in h.fields: size(f) == 0)`")


# Review round 67's designer: signs and words of other languages got no hint.
@pytest.mark.parametrize("body, hint", [
    ("define x(p) = !p.coins", "`not C` negates a condition"),
    ("define x(p) = p.coins > 1 && true", "`A and B`"),
    ("define x(p) = p.coins > 1 || true", "`A or B`"),
    ("define x(p) = p.coins > 1 ? 1 : 2", "`if C then A else B`"),
    ("define x(p) = 1 if p.coins > 1 else 2", "`if C then A else B`"),
    ("define x(p) = p.coins;", "need no `;`"),
    ("define x(p) = emit e()", "a `define` is a value"),
    ("procedure q(p) cites x/y/1 {\n  if true { } else if true { }\n}", "not `else if`"),
    ("procedure q(p) cites x/y/1 {\n  if true { } elseif true { }\n}", "elif C { }"),
    ("procedure q(p) cites x/y/1 {\n  p.coins += 1\n}", "`x = x + 1`"),
    ("procedure q(p) cites x/y/1 {\n  return 1\n}", "returns nothing"),
    ("define x = -1", "`0 - 1`"),
    # round 96's designer: numbers as an option's values
    ("option cap one of 2, 3, 4 default 2 cites x/y/1", "an option's values are names"),
])
def test_hint_for_another_languages_habit(body, hint):
    err = syntax_error(f"module m\n{body}\n")
    assert "\nhint: " in err.message and hint in err.message.split("\nhint: ", 1)[1]


def test_a_mistyped_emit_statement_gets_no_define_hint():
    err = syntax_error("module m\nprocedure q(p) cites x/y/1 {\n  emit 5\n}\n")
    assert "hint" not in err.message


def test_a_brace_that_closes_no_block_is_told_so():
    # round 96: lark's sample matched the quantifier's hint
    err = syntax_error("module m\ndefine d = 1 + 2 } cites x/y/1\n")
    assert err.message.endswith("hint: this '}' closes no block: remove it, or give the block it should close its '{'")
