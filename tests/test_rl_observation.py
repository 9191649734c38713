"""Observations as numbers (issue 21, item 2): the layout comes from the rules file alone, each
zone's plane counts exactly the cards the player sees (as `observation` shows them), and nothing
the player may not see leaks in: a world re-dealt from what the player has not seen gives the
same vector."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from gamedsl import cards, resources
from gamedsl.players.worlds import sample_world
from gamedsl.rl import ObservationLayout

from .conftest import cached_game

GAMES = resources.game_names()


def positions(name: str, count: int = 6, seed: int = 0):
    """A few positions of a game, a random number of random moves in."""
    game = cached_game(name)
    rng = random.Random(f"{name}/{seed}")
    for start in range(count):
        state = game.new_game(start)
        for _ in range(rng.randrange(0, 40)):
            if state.is_over:
                break
            state.play(rng.choice(list(state.legal_moves())))
        yield state


@pytest.mark.parametrize("name", GAMES)
def test_each_zone_plane_counts_the_cards_the_player_sees(name):
    layout = ObservationLayout(cached_game(name))
    for state in positions(name):
        for seat in range(len(state.players)):
            vector = layout.encode(state, seat)
            assert vector.shape == (layout.size,) and vector.dtype == np.float32
            seen = state.observation(seat)["zones"]
            for zone_id, plane, top, size in layout.zone_planes:
                shown = seen[state._c.zones.names[zone_id]]
                counted = Counter({layout.cards[i]: int(n) for i, n in
                                   enumerate(vector[plane:plane + len(layout.cards)]) if n})
                assert counted == Counter(cards.parse_card(c) for c in shown if c != "??")
                assert vector[size] == len(shown) and vector[size + 1] == shown.count("??")
                if top is not None:
                    tops = vector[top:top + len(layout.cards)]
                    if shown and shown[-1] != "??":
                        assert tops.sum() == 1 and layout.cards[int(tops.argmax())] == cards.parse_card(shown[-1])
                    else:
                        assert tops.sum() == 0


@pytest.mark.parametrize("name", GAMES)
def test_nothing_hidden_leaks_a_world_dealt_from_the_unseen_cards_looks_the_same(name):
    layout = ObservationLayout(cached_game(name))
    rng = random.Random(name)
    for state in positions(name, count=4, seed=1):
        for seat in range(len(state.players)):
            here = layout.encode(state, seat)
            for _ in range(3):
                world = sample_world(state, seat, rng)
                assert np.array_equal(layout.encode(world, seat), here)


def test_the_layout_is_described_and_stable():
    game = cached_game("dou_dizhu")
    first, second = ObservationLayout(game), ObservationLayout(cached_game("dou_dizhu"))
    assert first.segments == second.segments and first.size == second.size == 519
    text = first.describe()
    assert text.startswith("Dou Dizhu: 519 numbers (float32); cards in planes of 54: AS AH")
    assert "P1.hand.cards  (54)" in text and "phase  (2)  one-hot: bidding, play" in text
    ends = [s.start + s.length for s in first.segments]
    assert [s.start for s in first.segments[1:]] == ends[:-1] and ends[-1] == first.size  # no gaps


def test_the_seat_the_phase_and_the_turn_are_one_hot():
    game = cached_game("dou_dizhu")
    layout = ObservationLayout(game)
    state = game.new_game(3)
    vector = layout.encode(state, 1)
    segment = {s.name: s for s in layout.segments}
    def part(name):
        s = segment[name]
        return list(vector[s.start:s.start + s.length])

    assert part("observer") == [0, 1, 0] and part("phase") == [1, 0]
    assert part("to_move") == [1.0 if i == state.current else 0.0 for i in range(3)]
    assert sum(part("P2.hand.cards")) == 17 and part("P1.hand.size") == [17, 17]  # another's hand: all unseen


@pytest.mark.parametrize("name", ["dou_dizhu", "russian_bank", "spite_and_malice", "scopa"])
def test_the_runs_kept_between_calls_give_what_a_fresh_layout_gives(name):
    """Each zone's run is kept between calls and made again only when the zone (or what has been
    revealed) changed: move after move, every seat's vector is what a new layout computes, and a
    vector handed out is the caller's own (writing into it changes no later one)."""
    game = cached_game(name)
    kept = ObservationLayout(game)
    rng = random.Random(name)
    state = game.new_game(3)
    for _ in range(120):
        if state.is_over:
            break
        for seat in range(len(state.players)):
            vector = kept.encode(state, seat)
            assert np.array_equal(vector, ObservationLayout(game).encode(state, seat))
            vector[:] = -7.0  # the caller's own array
        state.play(rng.choice(list(state.legal_moves())))
    assert not (kept.encode(state, 0) == -7.0).all()


@pytest.mark.parametrize("name", GAMES)
def test_a_kept_vector_is_a_fresh_one_after_moves_undos_and_playouts(name):
    """The kept runs follow the undo records: whatever moves, undos (one or several, then other
    moves) and forgetting playouts come between two calls for a seat, the vector is the one a
    fresh count of the position gives, hidden cards included."""
    game = cached_game(name)
    kept, fresh = ObservationLayout(game), ObservationLayout(game)
    rng = random.Random(f"kept/{name}")
    for seed in range(2):
        state = game.new_game(seed)
        for _ in range(150):
            if state.is_over:
                break
            roll = rng.random()
            if roll < 0.15 and state.history:
                for _ in range(rng.randrange(1, 4)):
                    if state.history:
                        state._undo()
            elif roll < 0.18:
                state.playout(rng, limit=3)  # no records: the next call counts afresh
            else:
                state.play_random(rng)
            for seat in rng.sample(range(len(state.players)), rng.randrange(1, len(state.players) + 1)):
                assert np.array_equal(kept.encode(state, seat), fresh.encode(state.copy(), seat)), (seed, seat)
