"""Constructs the checker used to accept that then did something else (issue 15): each now
works as written or is refused with a message saying what to write."""

from __future__ import annotations

from pathlib import Path

import pytest

import gamedsl
from gamedsl.errors import RulesRuntimeError, RulesSemanticError
from gamedsl.model import check_file

BASE = '''game "Seats"
players 3
counter dealer: shared, starts DEALER
cards:
    order plain: A 2 3 4 5 6 7 8 9 10 J Q K
zones:
    deck: shared, pile, face down, holds 1 standard deck
    hand: each player, fan
    pile: shared, pile, face up
deal:
    shuffle deck
    deal 3 from deck to each hand
'''


def write(tmp_path: Path, text: str, dealer: str = "1") -> Path:
    path = tmp_path / "seats.game"
    path.write_text(BASE.replace("DEALER", dealer) + text, encoding="utf-8")
    return path


def refused(path: Path) -> str:
    with pytest.raises(RulesSemanticError) as err:
        check_file(path)
    return str(err.value)


@pytest.mark.parametrize("block, word, line", [
    ("deal:\n    deal 1 from deck to pile\n", "deal:", 13),
    ("at turn start:\n    set dealer to 2\nat turn start:\n    set dealer to 3\n", "at turn start:", 15),
    ('game "Again"\n', "game", 13),
])
def test_a_statement_given_once_may_not_be_given_twice(tmp_path, block, word, line) -> None:
    message = refused(write(tmp_path, block + 'move pass "pass":\n    then:\n        end turn\n'))
    assert f"seats.game:{line}:1: '{word}' is given twice in this file" in message
    assert "write it once" in message


@pytest.mark.parametrize("clause, where", [
    ("from dealer's hand to pile", "a move's 'from'"),
    ("from own hand to dealer's hand", "a move's 'to'"),
])
def test_a_moves_zones_never_go_through_a_seat_counter(tmp_path, clause, where) -> None:
    # It passed the checker, and the move took the cards of the mover's opponents.
    message = refused(write(tmp_path, f'move give "give":\n    {clause}\n    then:\n        end turn\n'))
    assert f"'dealer's hand' in {where}" in message
    assert "write 'own hand' and add 'only when seat = dealer'" in message


def test_a_priority_s_moves_never_go_through_a_seat_counter(tmp_path) -> None:
    text = ('move give "give":\n    from own hand to pile\n    then:\n        end turn\n'
            'priority first "the dealer first":\n    must give from dealer\'s hand when possible\n')
    assert "'dealer's hand' in a priority's moves" in refused(write(tmp_path, text))


def test_a_seat_counter_that_holds_no_seat_names_where_it_is_used(tmp_path) -> None:
    text = 'move deal_one "the dealer gets a card":\n    then:\n        deal 1 from deck to dealer\'s hand; end turn\n'
    state = gamedsl.load_game(write(tmp_path, text, dealer="0")).new_game(1)
    with pytest.raises(RulesRuntimeError, match=r"counter 'dealer' holds 0, which is not a seat .*seats.game:15"):
        state.play("deal_one")
    assert state.history == [] and len(state.legal_moves()) == 1  # the move was put back


def test_an_observation_of_an_odd_player_name_is_a_clear_error(tmp_path) -> None:
    state = gamedsl.load_game("spite_and_malice").new_game(1)
    for name in ("P²", "P" + "9" * 5000, "nobody"):
        with pytest.raises(ValueError, match="no player"):
            state.observation(name)


def test_check_also_deals_the_game_with_the_fewest_and_the_most_players(tmp_path, capsys) -> None:
    """A file `check` accepts must start: a first player that is no seat failed only at play."""
    from gamedsl import cli

    path = write(tmp_path, 'first player: dealer\nmove pass "pass":\n    then:\n        end turn\n', dealer="0")
    assert cli.main(["check", str(path)]) == 1
    err = capsys.readouterr().err
    assert "with 3 players, the first deal fails: the first player's seat is 0, not a seat from 1 to 3" in err
    fixed = write(tmp_path, 'first player: dealer\nmove pass "pass":\n    then:\n        end turn\n', dealer="2")
    assert cli.main(["check", str(fixed)]) == 0


@pytest.mark.parametrize("amount, shown", [("dealer * dealer * dealer - dealer * dealer * dealer", "nan"),
                                           ("dealer * dealer * dealer", "inf")])
def test_a_deal_amount_that_is_no_number_names_its_step(tmp_path, amount, shown) -> None:
    # 10^200 cubed is inf (an OverflowError in int()); inf - inf is nan (a ValueError): tracebacks both.
    text = BASE.replace("deal 3 from deck to each hand", f"deal {amount} from deck to each hand")
    path = tmp_path / "amounts.game"
    path.write_text(text.replace("DEALER", "1" + "0" * 200) + 'move pass "pass":\n    then:\n        end turn\n',
                    encoding="utf-8")
    with pytest.raises(RulesRuntimeError, match=f"number of cards is {shown}, which is no number of cards, "
                                                 "in the step at .*amounts.game:12"):
        gamedsl.load_game(path).new_game(0)
