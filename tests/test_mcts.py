"""The Monte Carlo player: legal moves only, the same choice for positions that look the same to
it (it cannot use hidden cards), and reproducible from its seed."""

from __future__ import annotations

import random

import pytest

from gamedsl.players import MctsPlayer
from gamedsl.players.worlds import sample_world

from .conftest import cached_game


def scrambled(state, seat: int, seed: int):
    """The same position with the cards `seat` cannot see dealt differently among themselves."""
    other = sample_world(state, seat, random.Random(seed))
    other.history = list(state.history)
    return other


@pytest.mark.parametrize("name, players", [("schwimmen", 3), ("dou_dizhu", None), ("spite_and_malice", None)])
def test_the_choice_depends_only_on_what_the_player_sees(name, players):
    state = cached_game(name, players).new_game(5)
    seat = state.current
    twin = scrambled(state, seat, 99)
    assert twin.observation(seat) == state.observation(seat)
    assert twin.zones != state.zones  # the hidden cards are not where they were
    first = MctsPlayer(seed=1, iterations=30).choose(state)
    second = MctsPlayer(seed=1, iterations=30).choose(twin)
    assert first == second


def test_worlds_keep_every_card_once():
    state = cached_game("schwimmen", 4).new_game(2)
    for seed in range(20):
        world = sample_world(state, state.current, random.Random(seed))
        assert sorted(c for z in world.zones for c in z) == sorted(c for z in state.zones for c in z)
        assert world.observation(state.current) == state.observation(state.current)


def test_mcts_plays_legal_moves_through_a_whole_deal():
    state = cached_game("schwimmen", 3).new_game(7)
    player = MctsPlayer(seed=3, iterations=20)
    for _ in range(40):
        if state.is_over or state.results:
            break
        move = player.choose(state)
        assert move in state.legal_moves()
        state.play(move)
