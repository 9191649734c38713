"""Mistakes in a rules file get clear diagnostics.

Every broken file here is games/russian_bank.game with one thing changed. A diagnostic must say
``file:line:col: message``, show the source line with a caret under the column, suggest the right
name where one fits, and point at the token that is wrong; the checker reports every problem, the
`gamedsl check` command exits 0 or 1, and no input whatever makes a Python traceback.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamedsl.errors import Diagnostic, RulesError, RulesSemanticError, RulesSyntaxError
from gamedsl.model import check_file

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "games" / "russian_bank.game"
BASE_TEXT = GAME.read_text(encoding="utf-8")


# ---- helpers ------------------------------------------------------------------------------
def changed(old: str, new: str, text: str = BASE_TEXT) -> str:
    """`text` with its one occurrence of `old` replaced by `new` (and it must really change)."""
    assert text.count(old) == 1, f"{old!r} should occur exactly once in the game file"
    result = text.replace(old, new)
    assert result != text, "the mistake did not change the text"
    return result


def line_col(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of a character offset."""
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def position_in(text: str, new: str, at: str, skip: int = 0) -> tuple[int, int]:
    """Where `at` (the `skip`-th occurrence within the replacement `new`) lands in `text`."""
    assert text.count(new) == 1, f"{new!r} should occur once in the changed text"
    start = text.index(new)
    inner = -1
    for _ in range(skip + 1):
        inner = new.index(at, inner + 1)
    return line_col(text, start + inner)


def write(tmp_path: Path, text: str | bytes, name: str = "broken.game") -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def check_error(path: Path) -> RulesError:
    with pytest.raises(RulesError) as info:
        check_file(path)
    assert info.value.diagnostics, "a RulesError must carry at least one diagnostic"
    return info.value


def file_lines(text: str) -> list[str]:
    return text.split("\n")


def assert_rendered(diag: Diagnostic, path: Path, text: str) -> None:
    """`str(diag)`: `file:line:col: message`, then the source line, then a caret under the column."""
    rendered = str(diag)
    head, *rest = rendered.split("\n")
    assert head.startswith(f"{path}:{diag.pos.line}:{diag.pos.column}: "), rendered
    assert diag.message in head
    if diag.hint:
        assert diag.hint in head
    assert len(rest) == 2, f"expected the source line and a caret line:\n{rendered}"
    source = file_lines(text)[diag.pos.line - 1].rstrip("\r")
    shown = "".join(c if c.isprintable() else "?" for c in source.replace("\t", " "))
    assert rest[0] == "    " + shown
    assert rest[1] == "    " + " " * (diag.pos.column - 1) + "^"
    assert len(rest[1]) - 4 <= len(shown) + 1, "the caret must sit on the line or just after it"


# ---- one mistake at a time ------------------------------------------------------------------
@dataclass(frozen=True)
class Mistake:
    id: str
    old: str
    new: str
    at: str | None  # the text the caret must be under, within `new` (None: the whole file, 1:1)
    message: str  # a fragment of the message
    hint: str | None  # a fragment of the hint, or None when no suggestion is expected
    kind: type = RulesSemanticError
    skip: int = 0  # which occurrence of `at` within `new`


SYNTAX = RulesSyntaxError
MISTAKES = [
    # ---- syntax ---------------------------------------------------------------------------
    Mistake("misspelt_keyword_zoness", "\nzones:\n", "\nzoness:\n", "zoness", "unexpected 'zoness'",
            "did you mean 'zones'?", SYNTAX),
    Mistake("misspelt_keyword_buld", 'build house "', 'buld house "', "buld", "unexpected 'buld'",
            "did you mean 'build'?", SYNTAX),
    Mistake("misspelt_keyword_suite", "same suit, one up in building ", "same suite, one up in building ", "suite",
            "unexpected 'suite'", "did you mean 'suit'?", SYNTAX),
    Mistake("misspelt_colour", "other colour, one down", "other colur, one down", "colur", "unexpected 'colur'",
            "did you mean 'colour'?", SYNTAX),
    Mistake("misspelt_owner_word", "from own hand to own turned", "from own hand too own turned", "too",
            "unexpected 'too'", "did you mean 'to'?", SYNTAX),
    Mistake("missing_colon_after_block", "\ndeal:\n    shuffle", "\ndeal\n    shuffle", "\n", "expected ':'", None,
            SYNTAX, skip=1),
    Mistake("missing_colon_in_zone", "    waste: each player", "    waste each player", "each", "unexpected 'each'",
            None, SYNTAX),
    Mistake("missing_to_in_move", "from own turned to own waste freely", "from own turned own waste freely",
            "own waste", "'to'", None, SYNTAX),
    Mistake("bad_dedent", "    on top: other colour, one down in building\n",
            "  on top: other colour, one down in building\n", "on top", "indentation does not match",
            "0 or 4 spaces", SYNTAX),
    Mistake("unexpected_indent", "    on top: other colour, one down in building\n",
            "        on top: other colour, one down in building\n", "on top", "unexpected indentation", None, SYNTAX),
    Mistake("unterminated_string", 'game "Russian Bank"', 'game "Russian Bank', '"', "string is never closed",
            'end it with "', SYNTAX),
    Mistake("stray_character", "from own hand to own turned", "from own hand @ to own turned", "@",
            "unexpected '@'", None, SYNTAX),
    Mistake("stray_control_character", "players 2\n", "players 2\x00\n", "\x00", "U+0000", None, SYNTAX),
    Mistake("unclosed_parenthesis", "top of own house 4) by starting", "top of own house 4 by starting", "by",
            "unexpected 'by'", "'(' on line", SYNTAX),
    Mistake("number_too_large", "house[8]", "house[" + "9" * 400 + "]", "9", "too large", None, SYNTAX),
    # ---- semantics ------------------------------------------------------------------------
    Mistake("unknown_zone_in_move_target", "to foundation, house, opponent's reserve",
            "to foundaton, house, opponent's reserve", "foundaton", "unknown zone 'foundaton'",
            "did you mean 'foundation'?"),
    Mistake("unknown_zone_in_from", "from own reserve, house, own turned", "from own reserv, house, own turned",
            "reserv", "unknown zone 'reserv'", "did you mean 'reserve'?"),
    Mistake("unknown_zone_in_priority", "must play to foundation when", "must play to foundations when",
            "foundations", "unknown zone 'foundations'", "did you mean 'foundation'?"),
    Mistake("unknown_zone_in_condition", "only when own turned is empty", "only when own turnd is empty",
            "turnd", "unknown zone 'turnd'", "did you mean 'turned'?"),
    Mistake("unknown_zone_in_build_for", "build load for reserve, waste", "build load for reserve, wastes",
            "wastes", "unknown zone 'wastes'", "did you mean 'waste'?"),
    Mistake("unknown_order_in_building_rule", "one down in building", "one down in bulding", "bulding",
            "unknown order 'bulding'", "did you mean 'building'?"),
    Mistake("unknown_order_in_first_player", "by starting, ties", "by startin, ties", "startin",
            "unknown order 'startin'", "did you mean 'starting'?"),
    Mistake("not_a_rank_in_order", "order starting: A 2 3 4 5 6 7 8 9 10 J Q K",
            "order starting: A 2 3 4 5 6 7 8 9 10 J Q Kn", "Kn", "'Kn' is not a rank", "did you mean 'K'?"),
    Mistake("rank_repeated_in_order", "order building: A 2 3 4 5 6 7 8 9 10 J Q K",
            "order building: A 2 3 4 5 6 7 8 9 10 J Q Q K", "Q K", "rank Q appears twice", None),
    Mistake("rank_missing_from_order", "order starting: A 2 3 4 5 6 7 8 9 10 J Q K",
            "order starting: A 2 3 4 5 6 7 8 9 J Q K", "starting", "does not rank 10", None),
    Mistake("card_instead_of_rank_in_empty", "    empty: A\n", "    empty: AS\n", "AS", "'AS' is not a rank",
            "did you mean 'A'?"),
    Mistake("wrong_rank_in_empty", "    empty: A\n", "    empty: Z\n", "Z", "'Z' is not a rank", "ranks are A 2 3"),
    Mistake("unknown_suit_in_colour", "colour black: S C", "colour black: S X", "X", "'X' is not a suit",
            "suits are S H D C"),
    Mistake("suit_in_two_colours", "colour black: S C", "colour black: S H", "H", "suit H is already red", None),
    Mistake("duplicate_rule_name", 'move pass "no hand', 'move discard "no hand', "discard",
            "duplicate rule name 'discard'", None),
    Mistake("duplicate_zone", "    hand: each player, pile, face down\n",
            "    hand: each player, pile, face down\n    hand: each player, pile, face up\n", "hand",
            "zone 'hand' is declared twice", None, skip=1),
    Mistake("duplicate_option", "option reserve_size = 13", "option target = 500\noption reserve_size = 13",
            "target", "option 'target' is declared twice", None),
    Mistake("unknown_counter_in_effect", "add 1 to own idle\n        end turn", "add 1 to own idel\n        end turn",
            "own idel", "unknown counter 'idel'", "did you mean 'idle'?"),
    Mistake("unknown_name_in_expression", "own score >= target", "own score >= targt", "targt",
            "unknown name 'targt'", "did you mean 'target'?"),
    Mistake("counter_without_owner", "when every player: own idle >= 2", "when every player: idle >= 2", "idle",
            "'idle' belongs to each player", None),
    Mistake("unknown_move_in_priority", "forbid turn while", "forbid trun while", "trun", "unknown move 'trun'",
            "did you mean 'turn'?"),
    Mistake("own_on_shared_zone", "to foundation, house, opponent's reserve",
            "to own foundation, house, opponent's reserve", "own foundation", "zone 'foundation' is shared", None),
    Mistake("index_out_of_range", "top of own house 4)", "top of own house 9)", "own house 9",
            "house 9 does not exist: there are 4", None),
    Mistake("index_not_whole", "top of own house 4)", "top of own house 2.5)", "own house 2.5", "whole number",
            None),
    Mistake("unknown_option_in_deal_amount", "deal reserve_size from", "deal reserve_sise from", "reserve_sise",
            "'reserve_sise' is not an option, a counter or a value", "did you mean 'reserve_size'?"),
    Mistake("unknown_player_in_ties", "ties to P1", "ties to P3", "P3", "unknown player 'P3'", "P1, P2"),
    Mistake("value_defined_in_terms_of_itself", "value remainder: size of own hand",
            "value remainder: own remainder + size of own hand", "own remainder +", "defined in terms of itself",
            None),
    Mistake("unknown_deck", "holds 1 standard deck", "holds 1 standart deck", "standart", "unknown deck 'standart'",
            "did you mean 'standard'?"),
    Mistake("missing_players_line", "players 2\n", "", None, "how many players", None),
]


def test_the_table_is_big_enough():
    assert len({m.id for m in MISTAKES}) == len(MISTAKES) >= 20
    assert sum(m.kind is SYNTAX for m in MISTAKES) >= 5
    assert sum(m.kind is RulesSemanticError for m in MISTAKES) >= 15


def test_the_unchanged_game_is_clean(tmp_path):
    model = check_file(write(tmp_path, BASE_TEXT, "clean.game"))
    assert model.title == "Russian Bank"


@pytest.mark.parametrize("mistake", MISTAKES, ids=[m.id for m in MISTAKES])
def test_one_mistake_gets_a_clear_diagnostic(tmp_path, mistake: Mistake):
    text = changed(mistake.old, mistake.new)
    path = write(tmp_path, text)
    err = check_error(path)
    assert isinstance(err, mistake.kind), f"{type(err).__name__}: {err}"

    matching = [d for d in err.diagnostics if mistake.message in d.message]
    assert matching, f"no diagnostic says {mistake.message!r}:\n{err}"
    diag = matching[0]
    if mistake.at is None:
        expected = (1, 1)
    else:
        expected = position_in(text, mistake.new, mistake.at, mistake.skip)
    assert (diag.pos.line, diag.pos.column) == expected, str(diag)
    assert diag.pos.file == str(path)
    if mistake.hint is None:
        # No suggestion expected; if there is one it must not be an empty 'did you mean'.
        assert "did you mean ''" not in diag.hint
    else:
        assert mistake.hint in diag.hint, str(diag)
    assert_rendered(diag, path, text)

    # The whole error renders every diagnostic, and none of them points outside the file.
    lines = file_lines(text)
    for d in err.diagnostics:
        assert 1 <= d.pos.line <= len(lines)
        assert 1 <= d.pos.column <= len(lines[d.pos.line - 1]) + 1
        assert str(d) in str(err)
    # A single mistake gives no unrelated errors elsewhere in the file.
    if mistake.at is not None:
        first = text.index(mistake.new)
        changed_lines = range(line_col(text, first)[0], line_col(text, first + len(mistake.new))[0] + 1)
        assert all(d.pos.line in changed_lines for d in err.diagnostics), str(err)


def test_unclosed_parenthesis_names_the_line_of_the_parenthesis(tmp_path):
    text = changed("top of own house 4) by starting", "top of own house 4 by starting")
    err = check_error(write(tmp_path, text))
    opened = line_col(text, text.index("first player: lowest ("))[0]
    assert f"the '(' on line {opened} is never closed" in err.diagnostics[0].hint


def test_duplicate_rule_name_says_where_the_first_one_is(tmp_path):
    text = changed('move pass "no hand', 'move discard "no hand')
    err = check_error(write(tmp_path, text))
    first = line_col(text, text.index("move discard "))[0]
    assert f"first defined at line {first}" in err.diagnostics[0].message


# ---- several mistakes: all are reported, in line order -------------------------------------------
def test_every_semantic_mistake_is_reported_in_line_order(tmp_path):
    # The checker looks at values before the deal, and at priorities last: the report is still
    # in the order of the lines.
    edits = [
        ("holds 1 standard deck", "holds 1 standart deck", "standart"),
        ("deal reserve_size from", "deal reserve_sise from", "reserve_sise"),
        ("forbid turn while", "forbid trun while", "trun"),
        ("value remainder: size of own hand", "value remainder: own remainder + size of own hand", "own remainder +"),
    ]
    text = BASE_TEXT
    for old, new, _ in edits:
        text = changed(old, new, text)
    path = write(tmp_path, text)
    err = check_error(path)
    assert isinstance(err, RulesSemanticError)
    expected = [position_in(text, new, at) for _, new, at in edits]
    assert [(d.pos.line, d.pos.column) for d in err.diagnostics] == expected, str(err)
    assert len({d.pos.line for d in err.diagnostics}) == len(edits)
    rendered = str(err)
    for d in err.diagnostics:
        assert_rendered(d, path, text)
    assert rendered.index("standart") < rendered.index("reserve_sise") < rendered.index("trun")


def test_three_independent_mistakes_give_three_diagnostics(tmp_path):
    text = BASE_TEXT
    for old, new in [
        ("to foundation, house, opponent's reserve", "to foundaton, house, opponent's reserve"),
        ("add 1 to own idle\n        end turn", "add 1 to own idel\n        end turn"),
        ("own score >= target", "own score >= targt"),
    ]:
        text = changed(old, new, text)
    err = check_error(write(tmp_path, text))
    messages = [d.message for d in err.diagnostics]
    assert messages == ["unknown zone 'foundaton'", "unknown counter 'idel'", "unknown name 'targt'"]
    assert [d.pos.line for d in err.diagnostics] == sorted(d.pos.line for d in err.diagnostics)


# ---- files that are not rules at all -------------------------------------------------------
def test_empty_file(tmp_path):
    err = check_error(write(tmp_path, ""))
    assert len(err.diagnostics) == 1
    assert "empty" in err.diagnostics[0].message
    assert str(err).startswith(f"{tmp_path / 'broken.game'}:1:1: ")


def test_only_comments_is_like_an_empty_file(tmp_path):
    err = check_error(write(tmp_path, "# nothing here\n\n   # still nothing\n"))
    assert "empty or only comments" in err.diagnostics[0].message


def test_not_utf8_says_where_the_bad_byte_is(tmp_path):
    path = write(tmp_path, b'game "Russian Bank"\nplayers \xff2\n')
    err = check_error(path)
    assert isinstance(err, RulesSyntaxError)
    diag = err.diagnostics[0]
    assert "not UTF-8" in diag.message
    assert (diag.pos.line, diag.pos.column) == (2, 9)
    assert str(diag).startswith(f"{path}:2:9: ")


def test_binary_garbage(tmp_path):
    err = check_error(write(tmp_path, bytes(range(256)) * 3))
    assert "not UTF-8" in err.diagnostics[0].message


def test_control_characters_are_shown_so_the_caret_stays_aligned(tmp_path):
    text = "\x01\x02\x03 garbage\n"
    path = write(tmp_path, text)
    err = check_error(path)
    diag = err.diagnostics[0]
    assert "U+0001" in diag.message
    assert_rendered(diag, path, text)


def test_byte_order_mark_is_not_part_of_the_text(tmp_path):
    model = check_file(write(tmp_path, "\ufeff".encode() + BASE_TEXT.encode("utf-8")))
    assert model.title == "Russian Bank"


def test_windows_line_ends_are_fine(tmp_path):
    model = check_file(write(tmp_path, BASE_TEXT.replace("\n", "\r\n").encode("utf-8")))
    assert model.title == "Russian Bank"


def test_a_form_feed_does_not_shift_the_source_line(tmp_path):
    # str.splitlines() would split at the form feed; Lark does not. The shown line must be the
    # line the position is on.
    text = changed("players 2\n", "players 2\n# a page break \x0c in a comment\n")
    text = changed("own score >= target", "own score >= targt", text)
    path = write(tmp_path, text)
    err = check_error(path)
    diag = next(d for d in err.diagnostics if "targt" in d.message)
    assert (diag.pos.line, diag.pos.column) == position_in(text, "own score >= targt", "targt")
    assert_rendered(diag, path, text)


# ---- regressions: inputs that crashed or were misreported ----------------------------------------
@pytest.mark.parametrize("old, new", [
    ("house[8]", "house[" + "9" * 400 + "]"),  # zone count: OverflowError in the checker
    ("top of own house 4)", "top of own house " + "9" * 400 + ")"),  # zone index: VisitError in the parser
    ("players 2\n", "players " + "9" * 400 + "\n"),  # OverflowError in the checker
    ("holds 1 standard deck", "holds " + "9" * 400 + " standard deck"),
    ("holds 1 standard deck", "holds 1 standard deck with " + "9" * 400 + " jokers"),
    ("option target = 300", "option target = " + "9" * 400),
    ("idle: each player, starts 0", "idle: each player, starts " + "9" * 400),
], ids=["zone_count", "zone_index", "players", "decks", "jokers", "option", "counter_start"])
def test_regression_huge_number_is_a_syntax_error(tmp_path, old, new):
    text = changed(old, new)
    err = check_error(write(tmp_path, text))
    assert isinstance(err, RulesSyntaxError)
    diag = err.diagnostics[0]
    assert "too large" in diag.message
    assert (diag.pos.line, diag.pos.column) == position_in(text, new, "9" * 400)


def test_regression_huge_player_range_does_not_hang(tmp_path):
    # check_first used to build the list of every seat name P1 .. Pn.
    text = changed("players 2\n", "players 2..1000000000000\n")
    text = changed("ties to P1", "ties to P0", text)
    err = check_error(write(tmp_path, text))  # used to run for ever: finishing at all is the test
    diag = next(d for d in err.diagnostics if "unknown player 'P0'" in d.message)
    assert "P1 to P1000000000000" in diag.hint


def test_regression_fractional_zone_number_is_not_truncated(tmp_path):
    # `house 4.5` used to be read silently as house 4.
    text = changed("top of own house 4)", "top of own house 4.5)")
    err = check_error(write(tmp_path, text))
    assert "house 4.5: a zone number must be a whole number" in err.diagnostics[0].message


def test_regression_tab_indentation_is_reported_on_its_own_line(tmp_path):
    # Tabs count 8 columns, as for the parser; the report used to blame the last line of the file.
    text = changed("    empty: any\n", "\tempty: any\n")
    err = check_error(write(tmp_path, text))
    diag = err.diagnostics[0]
    assert "indentation does not match" in diag.message
    assert (diag.pos.line, diag.pos.column) == position_in(text, "\tempty: any\n    on top", "on top")
    assert "0 or 8 spaces" in diag.hint


def test_regression_keyword_prefix_reports_the_whole_word(tmp_path):
    # The lexer took 'zones' out of 'zoness' and blamed the 's'.
    text = changed("\nzones:\n", "\nzoness:\n")
    diag = check_error(write(tmp_path, text)).diagnostics[0]
    assert diag.message == "unexpected 'zoness'"
    assert diag.pos.column == 1


def test_regression_a_keyword_out_of_place_is_not_suggested_as_itself(tmp_path):
    # 'top' where only 'to' may stand said "did you mean 'top'?": the very word refused.
    text = changed("from own hand to own turned", "from own hand top own turned")
    diag = check_error(write(tmp_path, text)).diagnostics[0]
    assert diag.message == "unexpected 'top'"
    assert "did you mean 'top'" not in diag.hint
    assert diag.hint == "'top' is a word of the language, but not one that can stand here"


def test_a_comma_inside_brackets_is_told_to_be_and(tmp_path):
    text = changed("only when own turned is empty", "only when (own turned is empty, own turned is empty)")
    diag = check_error(write(tmp_path, text)).diagnostics[0]
    assert diag.message == "unexpected ','; expected ')'"
    assert "join conditions with 'and'" in diag.hint


def test_did_you_mean_never_offers_the_word_itself():
    from gamedsl.errors import did_you_mean

    assert did_you_mean("top", ["top", "to"]) == "did you mean 'to'?"
    assert did_you_mean("top", ["top"]) == ""


def test_regression_stray_character_is_not_the_rest_of_the_line(tmp_path):
    # Lark's fallback lexer matched the stray '@' with the section pattern up to the line end.
    text = changed("from own hand to own turned", "from own hand @ to own turned")
    diag = check_error(write(tmp_path, text)).diagnostics[0]
    assert "'@ to own turned'" not in diag.message
    assert "unexpected '@'" in diag.message


def test_regression_unexpected_indent_points_at_the_indented_line(tmp_path):
    # The indent token borrows the newline's position: it used to point at the previous line's end.
    text = changed("    on top: other colour, one down in building\n",
                   "        on top: other colour, one down in building\n")
    diag = check_error(write(tmp_path, text)).diagnostics[0]
    assert (diag.pos.line, diag.pos.column) == position_in(text, "        on top", "on top")


def test_regression_end_of_line_before_a_trailing_comment(tmp_path):
    # The end-of-line token starts at a trailing comment: the caret goes just after the last
    # word, not after the comment.
    text = changed("    shuffle each pack ", "    shuffle each pack, ")
    diag = check_error(write(tmp_path, text)).diagnostics[0]
    assert "unexpected the end of the line" in diag.message
    assert (diag.pos.line, diag.pos.column) == position_in(text, "shuffle each pack, ", " ", skip=2)


# ---- the command line ------------------------------------------------------------------------
def run_check(*files: str | Path, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "GAMEDSL_DEBUG"}
    return subprocess.run([sys.executable, "-m", "gamedsl", "check", *map(str, files)],
                          capture_output=True, text=True, cwd=cwd, env=env, timeout=120)


def test_cli_clean_file_exits_0_and_says_ok():
    result = run_check(GAME)
    assert result.returncode == 0, result.stderr
    assert "ok" in result.stdout
    assert "Russian Bank" in result.stdout
    assert result.stderr == ""


def test_cli_game_name_is_accepted():
    result = run_check("russian_bank")
    assert result.returncode == 0, result.stderr
    assert "russian_bank: ok" in result.stdout


def test_cli_broken_file_exits_1_with_a_located_diagnostic(tmp_path):
    text = changed("to foundation, house, opponent's reserve", "to foundaton, house, opponent's reserve")
    path = write(tmp_path, text)
    result = run_check(path)
    assert result.returncode == 1
    line, col = position_in(text, "to foundaton", "foundaton")
    assert f"{path}:{line}:{col}: unknown zone 'foundaton'" in result.stderr
    assert "did you mean 'foundation'?" in result.stderr
    assert "\n    " + " " * (col - 1) + "^\n" in result.stderr
    assert "1 problem" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_cli_reports_every_problem(tmp_path):
    text = BASE_TEXT
    for old, new in [("one down in building", "one down in bulding"), ("forbid turn while", "forbid trun while")]:
        text = changed(old, new, text)
    result = run_check(write(tmp_path, text))
    assert result.returncode == 1
    assert "unknown order 'bulding'" in result.stderr
    assert "unknown move 'trun'" in result.stderr
    assert "2 problems" in result.stderr
    assert result.stderr.count("^") == 2


def test_cli_syntax_error_exits_1(tmp_path):
    path = write(tmp_path, changed('build house "', 'buld house "'))
    result = run_check(path)
    assert result.returncode == 1
    assert f"{path}:" in result.stderr and "did you mean 'build'?" in result.stderr
    assert "^" in result.stderr
    assert "Traceback" not in result.stderr


def test_cli_clean_and_broken_files_exit_1(tmp_path):
    broken = write(tmp_path, changed("zones:\n", "zoness:\n"))
    result = run_check(GAME, broken)
    assert result.returncode == 1
    assert "ok" in result.stdout  # the clean file is still checked and reported
    assert f"{broken}:" in result.stderr
    assert "Traceback" not in result.stderr
    # The order of the files does not matter.
    assert run_check(broken, GAME).returncode == 1


def test_cli_several_clean_files_exit_0(tmp_path):
    copy = write(tmp_path, BASE_TEXT, "copy.game")
    result = run_check(GAME, copy)
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("ok") == 2


def test_cli_missing_file(tmp_path):
    missing = tmp_path / "nowhere.game"
    result = run_check(missing)
    assert result.returncode == 1
    assert "nowhere.game" in result.stderr
    assert "no such game file" in result.stderr
    assert "Traceback" not in result.stderr


def test_cli_unknown_game_name_suggests_one():
    result = run_check("russian_bnak")
    assert result.returncode == 1
    assert "did you mean 'russian_bank'?" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("content, expected", [
    (b'game "Russian Bank"\nplayers \xff\xfe\n', "not UTF-8"),
    (bytes(range(256)) * 4, "not UTF-8"),
    (b"\x00\x01\x02\x03 \x7f garbage", "unexpected"),
    (b"", "empty"),
    (b"   \n\n  # a comment\n", "empty"),
    (b"\xef\xbb\xbf", "empty"),  # a lone byte-order mark
], ids=["latin1", "binary", "control_characters", "empty", "blank_and_comments", "bom_only"])
def test_cli_unreadable_or_empty_file_gives_a_clear_error(tmp_path, content, expected):
    path = write(tmp_path, content, "odd.game")
    result = run_check(path)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr + result.stdout
    assert "internal error" not in result.stderr
    assert f"{path}:" in result.stderr
    assert expected in result.stderr.replace(str(path), "")  # (the path has 'empty' in it)


def test_cli_directory_named_like_a_game(tmp_path):
    folder = tmp_path / "folder.game"
    folder.mkdir()
    result = run_check(folder)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "folder.game" in result.stderr


# ---- random damage never crashes ----------------------------------------------------------------
KEYWORDS = [
    "game", "players", "option", "cards:", "zones:", "deal:", "first player:", "turns:", "counter", "value",
    "build", "move", "priority", "end", "match:", "from", "to", "own", "opponent's", "each", "some", "every",
    "empty:", "on top:", "then:", "first:", "if", "when", "only when", "must", "forbid", "while", "per player",
    "size of", "top of", "max(", "(", ")", "[", "]", ":", ",", ";", "..", "=", '"', "#", "\\\n", "\n", "\n    ",
    "\t", "house 9", "house[0]", "extends russian_bank", "remove play", "9" * 400, "0.5", "-", "P3", "rest",
]


@st.composite
def mutations(draw):
    text = BASE_TEXT
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["delete", "insert", "duplicate", "swap", "renumber"]))
        numbers = list(re.finditer(r"(?<![\w§.])[0-9]+(?![\w.])", text))
        if kind == "renumber" and numbers:
            found = numbers[draw(st.integers(0, len(numbers) - 1))]
            number = draw(st.sampled_from(["0", "1", "2.5", "13", "99999999", "9" * 400]))
            text = text[:found.start()] + number + text[found.end():]
        elif kind == "delete":
            start = draw(st.integers(0, len(text) - 1))
            length = draw(st.integers(1, 40))
            text = text[:start] + text[start + length:]
        elif kind == "insert":
            at = draw(st.integers(0, len(text)))
            piece = draw(st.one_of(st.sampled_from(KEYWORDS),
                                   st.text(st.characters(min_codepoint=32, max_codepoint=126), min_size=1, max_size=6)))
            text = text[:at] + piece + text[at:]
        else:
            lines = text.split("\n")
            i = draw(st.integers(0, len(lines) - 1))
            if kind == "duplicate":
                lines.insert(i, lines[i])
            else:
                j = draw(st.integers(0, len(lines) - 1))
                lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        if not text:
            break
    return text


def assert_checks_or_reports(path: Path, text: str) -> None:
    try:
        check_file(path)
    except RulesError as err:
        assert err.diagnostics
        lines = file_lines(text)
        if lines and lines[-1] == "":
            lines.pop()
        for diag in err.diagnostics:
            if diag.pos.file != str(path):
                continue  # a base game's diagnostic (`extends`)
            assert 1 <= diag.pos.line <= max(len(lines), 1), str(diag)
            if lines:
                assert 1 <= diag.pos.column <= len(lines[diag.pos.line - 1]) + 1, str(diag)
                assert diag.source_line.rstrip("\r") == lines[diag.pos.line - 1].rstrip("\r"), str(diag)
            assert str(diag).startswith(f"{path}:{diag.pos.line}:{diag.pos.column}: ")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=mutations())
def test_random_damage_is_reported_or_harmless(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("fuzz") / "mutated.game"
    path.write_text(text, encoding="utf-8")
    assert_checks_or_reports(path, text)


# The numbers the rules use (not those in comments, strings or § sections).
RULE_NUMBERS = [m for m in re.finditer(r"(?<![\w§.])[0-9]+(?![\w.])", BASE_TEXT)
                if "#" not in BASE_TEXT[BASE_TEXT.rfind("\n", 0, m.start()) + 1:m.start()]
                and BASE_TEXT.count('"', BASE_TEXT.rfind("\n", 0, m.start()) + 1, m.start()) % 2 == 0]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(where=st.sampled_from(RULE_NUMBERS),
       number=st.one_of(st.integers(0, 10 ** 500).map(str), st.sampled_from(["0.5", "2.5", "1000000000000"]),
                        st.integers(300, 600).map(lambda n: "9" * n)))
def test_any_number_in_the_rules_is_reported_or_harmless(tmp_path_factory, where, number):
    # Found: numbers too large for a float crashed the parser and the checker (OverflowError),
    # and a huge player count made the checker build every seat name.
    text = BASE_TEXT[:where.start()] + number + BASE_TEXT[where.end():]
    path = tmp_path_factory.mktemp("fuzz") / "numbers.game"
    path.write_text(text, encoding="utf-8")
    assert_checks_or_reports(path, text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.text(st.sampled_from(list("game players zones: deal move build own from to house 12[]():,\"#\n\t ·é")),
                    max_size=200))
def test_random_text_is_reported_or_harmless(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("fuzz") / "random.game"
    path.write_text(text, encoding="utf-8")
    assert_checks_or_reports(path, text)
