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
     "a whole number from 0 to 10000, not 1000000000000", 16),  # hung, dealing one card at a time
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
    assert located(refused(path), "option 'n' is a word: a deal needs a number of cards") == (20, 10)  # was a ValueError at load


@pytest.mark.parametrize("value, fragment", [
    ("inf", "takes a plain number .like 3., not 'inf'"), ("nan", "takes a plain number .like 3., not 'nan'"),
    ("2.5", "a number of cards to deal: a whole number from 0 to 32 .*not 2.5"), ("1e12", "not '1e12'"),
    ("1000000000000", "not 1e.12"), ("-1", "not -1"),
])
def test_an_option_used_as_a_number_of_cards_is_checked_at_load(tmp_path, value, fragment):
    text = BASE.replace("players 2\n", 'players 2\noption n = 3 "how many"\n')
    path = variant(tmp_path, "deal 3 from deck to pool\n\nmove", "deal n from deck to pool\n\nmove", text)
    assert len(cards_in(load_game(path, options={"n": "5"}).new_game(0), "pool")) == 5
    with pytest.raises(ValueError, match=fragment):
        load_game(path, options={"n": value})



# ---- point 5: what the checker accepts never ends in a raw Python error ------------------------
@pytest.mark.parametrize("scoring", ["deal again", "each player scores 1"])
def test_deals_that_always_end_as_soon_as_they_are_dealt_stop_with_a_clear_error(tmp_path, scoring):
    # Each deal started the next from inside its own end check: the stack ran out.
    end = f"end at_once:\n    when size of deck >= 0\n    {scoring}\n\nmatch: deals until some player: own score >= 1000000\n\n"
    path = variant(tmp_path, 'move pass "pass":', end + 'move pass "pass":')
    with pytest.raises(RulesRuntimeError, match=rf"{limits.MAX_DEALS_AT_ONCE} deals in a row ended as soon as they "
                                                 rf"were dealt, the last by the rule at_once — {path}:31"):
        load_game(path).new_game(0)


def test_a_deal_may_end_at_once_a_few_times(tmp_path):
    end = "end at_once:\n    when size of deck >= 0\n    each player scores 1\n\nmatch: deals until some player: own score >= 50\n\n"
    state = load_game(variant(tmp_path, 'move pass "pass":', end + 'move pass "pass":')).new_game(0)
    assert state.is_over and len(state.results) == 50


def test_division_by_zero_while_moves_are_listed_names_the_rule(tmp_path):
    path = variant(tmp_path, CONDITION, "only when 1 / (size of deck - 23) > 0")
    state = load_game(path).new_game(0)
    with pytest.raises(RulesRuntimeError, match=rf"division by zero \(1 / 0\) at {path}:36:15, in move refresh: .* — "
                                                rf"{path}:35"):
        state.legal_moves()


def test_division_by_zero_in_a_value_names_the_value(tmp_path):
    text = BASE.replace("\ndeal:\n", "\nvalue ratio: 6 / (size of deck - 23)\n\ndeal:\n")
    state = load_game(variant(tmp_path, CONDITION, "only when ratio > 0", text)).new_game(0)
    with pytest.raises(RulesRuntimeError, match=r"division by zero \(6 / 0\) at .*:16:14, in value ratio — .*:16"):
        state.legal_moves()


def test_division_by_a_number_is_still_a_division(tmp_path):
    state = load_game(variant(tmp_path, CONDITION, "only when 52 / size of deck = 2")).new_game(0)
    assert "refresh" not in state.legal_moves().texts()  # 52 / 26 = 2, but the deck holds 32 - 9
    state = load_game(variant(tmp_path, CONDITION, "only when 52 / size of deck = 2 or 46 / size of deck = 2")).new_game(0)
    assert "refresh" in state.legal_moves().texts()


def test_a_word_option_in_an_expression_is_refused(tmp_path):
    text = BASE.replace("players 2\n", 'players 2\noption mode = fast "x"\n')
    err = refused(variant(tmp_path, CONDITION, "only when size of deck >= mode", text))
    assert located(err, "option 'mode' is the word 'fast': an expression needs a number") == (37, 31)  # a TypeError


@pytest.mark.parametrize("seat_code", ["first player: dealer", "first player: next player after dealer"])
def test_a_seat_that_is_not_a_number_is_a_clear_error(tmp_path, seat_code):
    huge = "9" * 300  # huge * huge overflows to inf, and inf - inf is nan: int() of it failed
    text = BASE.replace("\ndeal:\n", f"\ncounter dealer: shared, starts 0\n\ndeal:\n    set dealer to {huge} * {huge}"
                                     f" - {huge} * {huge}\n", 1)
    with pytest.raises(RulesRuntimeError, match="nan"):  # both messages say it
        load_game(variant(tmp_path, "\nmove swap ", f"\n{seat_code}\n\nmove swap ", text)).new_game(0)



def test_a_first_player_some_games_do_not_have_is_refused(tmp_path):
    # With 2 of 2..4 players, `first player: P3` failed with an IndexError as the game began.
    text = BASE.replace("players 2\n", "players 2..4\n")
    path = variant(tmp_path, '\nmove swap "', '\nfirst player: P3\n\nmove swap "', text)
    assert located(refused(path), "P3 does not play when 2 play (the game is for 2 to 4)") == (21, 15)
    assert load_game(variant(tmp_path, '\nmove swap "', '\nfirst player: P2\n\nmove swap "', text)).new_game(0).current == 1


# ---- point 6: look-aheads ----------------------------------------------------------------------
LOOK = "priority careful:\n    forbid pass while "


@pytest.mark.parametrize("condition, total", [
    ("can reach (can reach (deck is empty) within 4 moves) within 4 moves", 8),
    ("can reach (can reach (can reach (deck is empty) within 2 moves) within 1 moves) within 2 moves", 5),
    ("can reach (soon = 1) within 2 moves", 5),  # through a value
])
def test_nested_look_aheads_searching_too_far_are_refused(tmp_path, condition, total):
    text = BASE.replace("\ndeal:\n", "\nvalue soon: 1 if can reach (deck is empty) within 3 moves else 0\n\ndeal:\n")
    path = variant(tmp_path, 'move pass "pass":', LOOK + condition + '\n\nmove pass "pass":', text)
    line = path.read_text(encoding="utf-8").split("\n").index("    forbid pass while " + condition) + 1
    assert located(refused(path), f"search {total} moves ahead in all: at most 4") == (line, 23)


def test_nested_look_aheads_within_the_limit_are_accepted(tmp_path):
    condition = "can reach (can reach (deck is empty) within 2 moves) within 2 moves"
    game = load_game(variant(tmp_path, 'move pass "pass":', LOOK + condition + '\n\nmove pass "pass":'))
    assert "pass" in game.new_game(0).legal_moves().texts()


@pytest.mark.parametrize("old, new", [
    (CONDITION, "only when can reach (pool is empty) within 2 moves"),  # recursion without end
    ("    then:\n        end turn\n\nmove swap_all", "    then:\n        if can reach (pool is empty) within 1 moves: end turn\n\nmove swap_all"),
    ('move pass "pass":', 'end never:\n    when can reach (deck is empty) within 2 moves\n\nmove pass "pass":'),
])
def test_a_look_ahead_outside_a_priority_is_refused(tmp_path, old, new):
    path = variant(tmp_path, old, new)
    text = path.read_text(encoding="utf-8")
    at = text.index("can reach")
    line, column = text[:at].count("\n") + 1, at - text.rfind("\n", 0, at)
    assert located(refused(path), "works only in the condition of a priority") == (line, column)


@pytest.mark.parametrize("seed, accepted", [
    (7, True), (-7, True), (10 ** 39, True), (10 ** 40, False), ("word", True), ("w" * 100, True),
    ("w" * 101, False), (True, False), (1.5, False), ([1], False)])
def test_one_rule_for_seeds_from_the_command_line_a_position_and_a_save(seed, accepted):
    """A seed `--seed` takes is one a position and a save take, and the other way round."""
    import argparse

    from gamedsl import cli
    from gamedsl.engine.position import _seed
    assert (limits.seed_problem(seed) is None) == accepted
    problems: list[str] = []
    _seed(seed, problems)
    assert (not problems) == accepted
    if isinstance(seed, (int, str)) and not isinstance(seed, bool):
        try:
            assert cli._seed(str(seed)) == seed
            assert accepted
        except argparse.ArgumentTypeError:
            assert not accepted
