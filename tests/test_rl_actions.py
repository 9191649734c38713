"""Action ids (issue 21, item 1): every move of every game file has a stable id, numbered from
the file alone; the legal moves' ids are distinct and inside the space, read back to the same
moves, and the mask is exactly the legal moves."""

from __future__ import annotations

import random
from math import comb

import numpy as np
import pytest

import gamedsl
from gamedsl import resources
from gamedsl.rl.actions import LIMIT, ActionSpace, CardSets

from .conftest import cached_game

GAMES = resources.game_names() + ["tests/games/climbing.game"]


def game_of(name):
    return cached_game(name) if not name.endswith(".game") else gamedsl.load_game(name)


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_move_has_a_distinct_id_that_reads_back(name):
    game = game_of(name)
    space = ActionSpace(game)
    rng = random.Random(name)
    for seed in range(3):
        state = game.new_game(seed)
        for _ in range(rng.randrange(20, 120)):
            if state.is_over:
                break
            moves = list(state.legal_moves())
            ids = space.legal_ids(state)
            assert len(set(ids)) == len(ids) == len(moves) and all(0 <= i < space.size for i in ids)
            for move, number in zip(moves, ids):
                assert space.id_of(move, state) == number == space.id_of(str(move), state)
                assert space.move_of(number, state) == move
            if space.dense:
                mask = space.mask(state)
                assert mask.dtype == np.bool_ and mask.shape == (space.size,)
                assert sorted(np.flatnonzero(mask)) == sorted(ids)
            state.play(rng.choice(moves))


@pytest.mark.parametrize("name", ["dou_dizhu", "russian_bank", "hearts", "go_fish", "scopa"])
def test_the_same_file_gives_the_same_ids(name):
    first, again = ActionSpace(cached_game(name)), ActionSpace(gamedsl.load_game(name))
    assert first.size == again.size and first.describe() == again.describe()
    state = cached_game(name).new_game(4)
    assert first.legal_ids(state) == again.legal_ids(state)


def test_the_blocks_are_numbered_from_the_rules():
    space = ActionSpace(cached_game("dou_dizhu"))
    text = space.describe()
    assert text.startswith("Dou Dizhu: 34,218 action ids (dense)")
    assert [(b.name, b.shape, b.size) for b in space.blocks] == [("bid", "value", 3), ("pass", "plain", 1),
                                                                 ("play", "play", 34214)]
    assert space.size <= LIMIT
    hearts = ActionSpace(cached_game("hearts"))
    assert hearts.blocks[0].shape == "taking" and hearts.blocks[0].fields[0].size == comb(52, 3)


def test_a_space_too_large_for_a_mask_says_so_and_still_numbers_every_move():
    space = ActionSpace(cached_game("scopa"))
    assert not space.dense and space.size > LIMIT
    with pytest.raises(ValueError, match="too many for a mask"):
        space.mask(cached_game("scopa").new_game(1))


def test_an_id_that_is_not_legal_now_is_refused_with_a_message():
    game = cached_game("dou_dizhu")
    space, state = ActionSpace(game), game.new_game(1)
    legal = set(space.legal_ids(state))
    other = next(i for i in range(space.size) if i not in legal)
    with pytest.raises(ValueError, match=f"action {other} is not a legal move now"):
        space.move_of(other, state)
    with pytest.raises(ValueError, match="is not a legal move now"):
        space.id_of("play 3 3 3 3", state)


@pytest.mark.parametrize("low, high, bits", [(1, 3, False), (2, 2, False), (0, 4, True)])
def test_card_sets_are_numbered_one_to_one(low, high, bits):
    sets = CardSets([5, 9, 12, 20, 33, 41], low, high, bits=bits)
    seen = {}
    for number in range(sets.size):
        value = sets.value(number)
        if bits and not 1 <= len(value) <= high:  # bits number every set; only these are moves
            assert sets.index(value) is None
            continue
        assert sets.index(value) == number
        seen[value] = number
    assert len(seen) == sum(comb(6, k) for k in range(max(low, 1), high + 1))
    assert sets.index((5, 5)) is None and sets.index((7,)) is None  # twice the same card, a card not in it
