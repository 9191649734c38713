"""Rules files written by strangers from a rules text (issue 15, points 15-20): each construct
behaves as a reader of the file expects, or the checker refuses it saying what to write."""

from __future__ import annotations

import textwrap

import gamedsl

HEADER = """\
game "Test bench"
players 2

cards:
    order up: A 2 3 4 5 6 7 8 9 10 J Q K
"""


def write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


# ---- point 15: a shuffle repeated at the same moment ---------------------------------------------

RESHUFFLE = HEADER + """
zones:
    deck: shared, pile, face down, holds 1 standard deck of 5 J
    pool: shared, pile, face up

move draw "turn the top card of the deck":
    from deck to pool freely
    then: end turn

whenever reshuffle "a jack turned up: gather, shuffle and turn again":
    when pool shows J
    then:
        move all of pool to deck
        shuffle deck
        deal 1 from deck to pool

end done "three cards are out":
    when size of pool >= 3
"""


def test_a_shuffle_repeated_by_an_automatic_rule_at_the_same_moment_gets_a_new_order(tmp_path):
    game = gamedsl.load_game(write(tmp_path, "reshuffle.game", RESHUFFLE))
    for seed in range(20):  # with one order per moment, half of these turned the same jack for ever
        state = game.new_game(seed)
        while not state.is_over:
            state.play("draw")
        assert len(state.results) == 1


def test_a_repeated_shuffle_is_undone_and_replayed_exactly(tmp_path):
    game = gamedsl.load_game(write(tmp_path, "reshuffle.game", RESHUFFLE))
    for seed in range(20):
        state = game.new_game(seed)
        state.play("draw")
        if state.shuffled_at and max(state.shuffled_at[1].values()) > 1:
            break
    else:
        raise AssertionError("no seed shuffles twice in one move")
    after = state.key()
    state.undo()
    state.play("draw")
    assert state.key() == after
