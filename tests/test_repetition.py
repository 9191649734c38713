"""`a turn begins N times in the same position`: an end (or any condition) for players going
round in a circle, as two Russian Bank players can pass a card between their waste piles for
ever. Only positions that begin a turn count, so trying a card on one pile and then another
within a turn never ends anything."""

from __future__ import annotations

import gamedsl
from gamedsl.errors import RulesError

CIRCLE = '''game "Circle"
players 2
zones:
    deck: shared, pile, face down, holds 1 standard deck
    row[2]: shared, pile, face up
    hand: each player, fan, face up
deal:
    shuffle deck
    deal 1 from deck to each hand
    deal 1 from deck to every row
turns: in seat order
move shift "move a card between the rows; the turn goes on":
    from row to row freely
move pass "end the turn":
    then: end turn
end circle "round in a circle":
    when a turn begins {times} times in the same position
    each player scores 1
'''


def circle(tmp_path, times: int = 3) -> gamedsl.Game:
    path = tmp_path / "circle.game"
    path.write_text(CIRCLE.format(times=times))
    return gamedsl.load_game(str(path))


def test_the_third_turn_in_the_same_position_ends_the_deal(tmp_path):
    state = circle(tmp_path).new_game(1)
    assert state.turn_repeats == 1  # the deal's first turn begins: once
    for number in range(3):  # P1, P2, P1 pass: P1's turn begins where it began, a second time
        assert not state.results, number
        state.play("pass")
    assert state.turn_repeats == 2 and not state.results
    state.play("pass")  # ... and a third
    assert state.results and state.results[0].end == "circle" and state.scores == {"P1": 1, "P2": 1}


def test_moves_within_a_turn_do_not_count(tmp_path):
    state = circle(tmp_path).new_game(1)
    for _ in range(6):  # a card to and fro: the same position again and again, in one turn
        move = next(m for m in state.legal_moves() if str(m) != "pass")
        state.play(move)
    assert not state.results and state.turn_repeats == 1


def test_a_new_position_starts_the_count_again_and_undo_takes_it_back(tmp_path):
    state = circle(tmp_path).new_game(1)
    state.play("pass")
    state.play("pass")
    assert state.turn_repeats == 2
    move = next(m for m in state.legal_moves() if str(m) != "pass")
    state.play(move)  # P1 changes the rows: the turns that follow begin elsewhere
    state.play("pass")
    assert state.turn_repeats == 1
    state.undo()
    state.undo()
    assert state.turn_repeats == 2
    copy = state.copy()
    copy.play("pass")
    copy.play("pass")  # P1's turn begins in its first position a third time
    assert copy.results and not state.results  # a copy counts on its own


def test_once_is_every_turn(tmp_path):
    path = tmp_path / "circle.game"
    path.write_text(CIRCLE.format(times=1))
    try:
        gamedsl.load_game(str(path))
    except RulesError as error:
        assert "every turn does; say 2 or more" in str(error) and ":17:10:" in str(error)
    else:
        raise AssertionError("a repetition of 1 was accepted")
