"""Simulations without waste (issue 23, item 2): a simulation's tail played without undo records
is the same game as one played with them, and moves tried from one position use its one listing
of the legal moves."""

from __future__ import annotations

import random

import pytest

from gamedsl.players.trials import Trials

from .conftest import cached_game


@pytest.mark.parametrize("name", ["schwimmen", "dou_dizhu", "russian_bank", "russian_bank/strict", "spite_and_malice"])
def test_an_unrecorded_tail_is_the_game_a_recorded_one_plays(name: str) -> None:
    game = cached_game(name, 3 if name in ("schwimmen", "dou_dizhu") else None)
    for seed in range(2):
        recorded, unrecorded = game.new_game(seed), game.new_game(seed)
        rng = random.Random(seed)
        for _ in range(5):  # a past with undo records, as a simulation's plan leaves it
            move = recorded._legal_internal()[rng.randrange(len(recorded._legal_internal()))]
            recorded._apply(move)
            unrecorded._apply(move)
        for _ in range(3000):  # past a deal's end and its new shuffle, where the game allows
            if recorded.over:
                break
            legal = recorded._legal_internal()
            assert legal == unrecorded._legal_internal()
            move = legal[rng.randrange(len(legal))]
            recorded._apply(move)
            unrecorded._apply_unrecorded(move)
            probe = legal[0]  # a move tried and taken back in between, as a simulated player judges
            if not unrecorded.over and probe in unrecorded._legal_internal():
                before = unrecorded.key()
                unrecorded._apply(probe)
                unrecorded._undo()
                assert unrecorded.key() == before
        assert unrecorded.key() == recorded.key()
        assert unrecorded.results == recorded.results and unrecorded.points == recorded.points
        if not game.compiled.looks_ahead:
            assert len(unrecorded.history) <= 1  # the tail's moves kept no records


def test_trials_leave_the_position_and_its_legal_moves_as_they_were() -> None:
    state = cached_game("russian_bank").new_game(3)
    rng = random.Random(3)
    for _ in range(40):
        state.play_random(rng)
    world = state.copy()
    before, listed = world.key(), list(world._legal_internal())
    trials = Trials(world)
    for move in list(world.legal_moves()):
        assert trials.make(move)
        assert world.key() != before or move.action == "pass"
        trials.take_back()
        assert world.key() == before
        assert world._legal_internal() == listed == world._generate()


def test_a_trial_refuses_a_move_the_world_does_not_allow() -> None:
    game = cached_game("schwimmen", 3)
    state, other = game.new_game(1), game.new_game(2)  # another deal: swaps of cards this hand does not hold
    rng = random.Random(1)
    while not any(m.action == "swap" for m in state.legal_moves()):
        state.play_random(rng)
        other.play_random(rng)
    state.history = []
    foreign = [m for m in other.legal_moves() if m not in state.legal_moves()]
    assert foreign
    trials = Trials(state)
    before = state.key()
    assert not any(trials.make(move) for move in foreign)
    assert state.key() == before and state.history == []
