"""Players leaving the game: the turn order skips them and the last one left wins."""

from __future__ import annotations

from pathlib import Path

import gamedsl

GAME = gamedsl.load_game(str(Path(__file__).parent / "games" / "elimination.game"))


def test_the_turn_order_skips_players_who_are_out():
    state = GAME.new_game(1)
    state.current = 0
    state._legal = None
    state.play("leave")                      # P1 is out
    assert state.current_player == "P2"
    state.play("stay")
    assert state.current_player == "P3"
    state.play("stay")
    assert state.current_player == "P2"      # P1 is skipped
    assert [state.in_play(seat) for seat in range(3)] == [False, True, True]


def test_the_last_player_left_wins_and_undo_brings_everyone_back():
    state = GAME.new_game(1)
    state.current = 0
    state._legal = None
    state.play("leave")
    state.play("stay")
    state.play("leave")                      # P3 leaves: P2 is the last one
    assert state.is_over and state.scores == {"P1": 0, "P2": 1, "P3": 0}
    state.undo()
    state.undo()
    state.undo()
    assert not state.is_over and state.current_player == "P1" and all(state.in_play(s) for s in range(3))
