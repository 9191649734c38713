"""`State.playout`: random moves without undo records — the same game as `play_random`."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import gamedsl
from gamedsl import records

GAME_FILES = sorted(str(p) for p in Path(__file__).resolve().parents[1].joinpath("games").rglob("*.game"))


@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: Path(p).relative_to(Path(p).parents[1]).as_posix())
def test_a_playout_is_the_game_play_random_plays(path: str) -> None:
    game = gamedsl.load_game(path)
    for seed in range(2):
        recorded, unrecorded = game.new_game(seed), game.new_game(seed)
        first, second = random.Random(seed), random.Random(seed)
        made = 0
        while not recorded.is_over and made < 3000:
            recorded.play_random(first)
            made += 1
        assert unrecorded.playout(second, limit=3000) == made
        assert unrecorded.key() == recorded.key()
        assert unrecorded.results == recorded.results
        assert unrecorded.scores == recorded.scores
        assert unrecorded.card_count() == recorded.card_count() == unrecorded._c.universe
        assert first.random() == second.random()  # the same draws, no more


def test_a_playout_stops_at_its_limit_and_play_goes_on_after_it() -> None:
    game = gamedsl.load_game("dou_dizhu")
    state = game.new_game(5)
    twin = game.new_game(5)
    state.play(state.legal_moves()[0])
    assert state.playout(random.Random(1), limit=10) == 10
    assert state.history == [] and state.forgotten == 11
    with pytest.raises(IndexError):
        state.undo()  # nothing before the playout can be taken back
    twin.play(twin.legal_moves()[0])
    rng = random.Random(1)
    for _ in range(10):
        twin.play_random(rng)
    assert state.key() == twin.key()
    before = state.key()
    state.play(state.legal_moves()[-1])  # recorded again: this move can be taken back
    state.undo()
    assert state.key() == before


def test_a_game_with_moves_made_by_a_playout_cannot_be_saved() -> None:
    game = gamedsl.load_game("dou_dizhu")
    state = game.new_game(1)
    state.playout(random.Random(2), limit=3)
    with pytest.raises(ValueError, match="playout"):
        records.record(state, ["human", "random", "random"])


def test_a_playout_of_a_game_that_looks_ahead_keeps_its_records_while_it_plays() -> None:
    """Look-ahead priorities play moves and take them back: such games play recorded moves in
    a playout (and forget them at its end), so that they decide exactly as in play_random."""
    game = gamedsl.load_game("russian_bank/strict")
    assert game.compiled.looks_ahead
    state, twin = game.new_game(3), game.new_game(3)
    assert state.playout(random.Random(4), limit=40) == 40
    rng = random.Random(4)
    for _ in range(40):
        twin.play_random(rng)
    assert state.key() == twin.key() and state.history == []
