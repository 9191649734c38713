"""Rules files from strangers: sizes past the limits are refused by the checker, with
`file:line:col`, and what the checker accepts never ends in a raw Python error while playing
(issue 15, points 4 to 6). Every file here is tests/games/exchange.game with a line or two changed.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gamedsl import limits
from gamedsl.engine import load_game
from gamedsl.errors import RulesError, RulesRuntimeError, RulesSyntaxError
from gamedsl.model import check_file

ROOT = Path(__file__).resolve().parent.parent
BASE = (ROOT / "tests" / "games" / "exchange.game").read_text(encoding="utf-8")
CONDITION = "only when size of deck >= 3"


def variant(tmp_path: Path, old: str, new: str, text: str = BASE) -> Path:
    """The exchange bench with its one `old` replaced by `new`, written to a file."""
    assert text.count(old) == 1, old
    path = tmp_path / "limits.game"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def refused(path: Path) -> RulesError:
    with pytest.raises(RulesError) as info:
        check_file(path)
    return info.value


def cards_in(state, zone: str) -> list[int]:
    return state.zones[state.game.zone_names.index(zone)]


def located(err: RulesError, fragment: str) -> tuple[int, int]:
    """(line, column) of the diagnostic whose message has `fragment`."""
    diag = next((d for d in err.diagnostics if fragment in d.message), None)
    assert diag is not None, str(err)
    assert str(diag).startswith(f"{diag.pos.file}:{diag.pos.line}:{diag.pos.column}: ")
    return diag.pos.line, diag.pos.column


# ---- point 4: nesting depth ------------------------------------------------------------------
DEEP = limits.MAX_NESTING


@pytest.mark.parametrize("condition", [
    "size of deck >= " + "-" * 5000 + "3",  # unary minus: crashed the parser's number scan
    "size of deck >= " + "+".join(["1"] * 1000),  # a long chain: crashed the checker
    "not " * 1000 + "size of deck >= 3",
    "size of deck >= " + "(1 if size of deck > 1 else " * 400 + "3" + ")" * 400,  # crashed Python's parser
    "size of deck >= " + "max(1, " * 400 + "3" + ")" * 400,
], ids=["minus", "chain", "not", "if_else", "max"])
def test_too_deep_an_expression_is_refused_where_it_starts(tmp_path, condition):
    err = refused(variant(tmp_path, CONDITION, "only when " + condition))
    assert isinstance(err, RulesSyntaxError)
    assert located(err, f"at most {DEEP}") == (BASE[:BASE.index(CONDITION)].count("\n") + 1, 15)


@pytest.mark.parametrize("condition", [
    "size of deck >= " + "-" * (DEEP - 1) + "3",
    "size of deck >= " + "+".join(["1"] * DEEP),
    "not " * (DEEP - 1) + "size of deck >= 3",
    "size of deck >= " + "(1 if size of deck > 1 else " * (DEEP - 2) + "3" + ")" * (DEEP - 2),
    "(size of deck > 0 and " * (DEEP - 1) + "size of deck >= 3" + ")" * (DEEP - 1),
], ids=["minus", "chain", "not", "if_else", "and"])
def test_the_deepest_expression_allowed_loads_and_plays(tmp_path, condition):
    path = variant(tmp_path, CONDITION, "only when " + condition)
    state = load_game(path).new_game(0)
    assert state.legal_moves().texts()
    state.playout(random.Random(1), 20)
    deeper = variant(tmp_path, CONDITION, "only when not " + condition)
    assert f"nests {DEEP + 1} levels" in str(refused(deeper))


def test_deeply_nested_blocks_are_refused(tmp_path):
    steps = "".join("    " * (i + 1) + "for each player:\n" for i in range(300))
    path = variant(tmp_path, "    shuffle deck\n", "    shuffle deck\n" + steps + "    " * 301 + "shuffle deck\n")
    assert "'for each player' block nests" in str(refused(path))


# ---- point 4: sizes --------------------------------------------------------------------------
@pytest.mark.parametrize("old, new, fragment, column", [
    ("players 2\n", "players 2..100000\n", "a game has at most 100", 1),
    ("pool: shared, pool, face up", "pool[3000000]: shared, pool, face up", "a family has at most 1000", 5),
    ("holds 1 standard deck of", "holds 8 standard decks of", None, None),
    ("deal 3 from deck to pool\n\nmove", "deal up to 1000000000000 from deck to pool\n\nmove",
     "a whole number from 0 to 10000, not 1000000000000", 5),  # hung, dealing one card at a time
    ("deal 3 from deck to pool\n\nmove", "deal 2.5 from deck to pool\n\nmove", "not 2.5", 10),  # was 2
], ids=["players", "zone_family", "eight_decks_are_fine", "deal_up_to", "deal_fraction"])
def test_sizes_past_the_limits_are_refused(tmp_path, old, new, fragment, column):
    path = variant(tmp_path, old, new)
    if fragment is None:
        check_file(path)
        return
    text = path.read_text(encoding="utf-8")
    line = text[:text.index(new)].count("\n") + 1
    assert located(refused(path), fragment) == (line, column)


def test_zone_instances_past_the_limit_are_refused(tmp_path):
    text = BASE.replace("players 2\n", "players 2..20\n")
    path = variant(tmp_path, "hand: each player, fan", "hand[1000]: each player, fan", text)
    assert "with 20 players the zones come to 20001 instances or more: a game has at most 10000" in str(refused(path))


def test_cards_past_the_limit_are_refused(tmp_path):
    text = BASE.replace("players 2\n", "players 2..100\n").replace("hand: each player, fan",
                                                                  "hand: each player, fan, holds 4 standard decks of 7 8 9 10 J Q K A")
    path = variant(tmp_path, "pool: shared, pool, face up", "pool: shared, pool, face up", text)
    assert "hold 12832 cards or more before the deal: a game has at most 10000" in str(refused(path))


def test_a_word_option_used_as_a_number_of_cards_is_refused(tmp_path):
    text = BASE.replace("players 2\n", 'players 2\noption n = many "how many"\n')
    path = variant(tmp_path, "deal 3 from deck to pool\n\nmove", "deal n from deck to pool\n\nmove", text)
    assert located(refused(path), "option 'n' is the word 'many'") == (20, 10)  # was a ValueError at load


@pytest.mark.parametrize("value, fragment", [
    ("inf", "should be a finite number"), ("nan", "should be a finite number"),
    ("2.5", "a whole number from 0 to 10000, not 2.5"), ("1e12", "not 1000000000000.0"), ("-1", "not -1.0"),
])
def test_an_option_used_as_a_number_of_cards_is_checked_at_load(tmp_path, value, fragment):
    text = BASE.replace("players 2\n", 'players 2\noption n = 3 "how many"\n')
    path = variant(tmp_path, "deal 3 from deck to pool\n\nmove", "deal n from deck to pool\n\nmove", text)
    assert len(cards_in(load_game(path, options={"n": "5"}).new_game(0), "pool")) == 5
    with pytest.raises(ValueError, match=fragment):
        load_game(path, options={"n": value})

