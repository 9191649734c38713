"""Whole Schwimmen-family matches played at random: each ends with one survivor or a shared win;
chips, dice, sticks and coins never go negative, never come from nowhere; seeds replay."""

from __future__ import annotations

import random

import pytest

from .conftest import cached_game

ELIMINATION_GAMES = ["schwimmen", "dutch_31", "hosa_aba", "tri_palki", "loo"]


def play_match(name: str, players: int, seed: int, chooser: int, limit: int = 60000):
    game = cached_game(name, players)
    state = game.new_game(seed)
    rng = random.Random(chooser)
    snapshots = [(state.deal_number, list(state.counters))]
    moves = []
    for _ in range(limit):
        if state.is_over:
            break
        legal = state.legal_moves()
        move = legal[rng.randrange(len(legal))]
        moves.append(move.text)
        state.play(move)
        snapshots.append((state.deal_number, list(state.counters)))
    assert state.is_over, f"{name}: no end after {limit} moves"
    return state, moves, snapshots


def counter(state, counters: list[float], name: str, seat: int | None = None) -> float:
    labels = state.game.compiled.counters.labels
    return counters[labels.index(name if seat is None else f"P{seat + 1}.{name}")]


@pytest.mark.parametrize("name", ELIMINATION_GAMES)
@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (6, 4)])
def test_a_random_match_ends_with_one_survivor_or_a_shared_win(name, players, seed):
    state, _, _ = play_match(name, players, seed, seed * 7)
    left = [s for s in range(players) if state.in_play(s)]
    assert len(left) <= 1
    if left:
        assert state.winners == [state.players[left[0]]]
    else:  # knocked out together in the last deal: they share the win
        last = state.results[-1]
        out_before = {s for s in range(players) if counter(state, last.counters_before, "out", s) == 1}
        assert set(state.winners) == {state.players[s] for s in range(players) if s not in out_before}
        assert len(state.winners) >= 2


LIVES = {  # counter, lowest, highest, direction a loss moves it
    "schwimmen": ("chips", 0, 3, -1),
    "hosa_aba": ("chips", 0, 3, -1),
    "dutch_31": ("die", 0, 6, -1),
    "tri_palki": ("sticks", 0, 3, +1),
    "loo": ("coins", 0, 5, -1),
}


@pytest.mark.parametrize("name", ELIMINATION_GAMES)
@pytest.mark.parametrize("seed", [11, 12, 13])
def test_lives_never_go_negative_and_never_come_from_nowhere(name, seed):
    players = 4
    state, _, snapshots = play_match(name, players, seed, seed)
    label, low, high, direction = LIVES[name]
    last = len(snapshots) - 2
    for step, ((_, before), (_, after)) in enumerate(zip(snapshots, snapshots[1:])):
        takes_the_pool = name == "loo" and step == last  # the last survivor takes the pool (item 11)
        for seat in range(players):
            a, b = counter(state, before, label, seat), counter(state, after, label, seat)
            assert low <= b <= (high * players if takes_the_pool else high)
            assert (b - a) * direction >= 0 or takes_the_pool, f"{label} of P{seat + 1} went the wrong way: {a} -> {b}"
            assert counter(state, after, "out", seat) >= counter(state, before, "out", seat)  # out stays out
        if name == "loo":  # every coin is in a purse or in the pool
            assert sum(counter(state, after, "coins", s) for s in range(players)) + counter(state, after, "kitty") \
                == 5 * players
        if name == "dutch_31":  # one chicken a match, kept once given
            chicken_before, chicken_after = counter(state, before, "chicken"), counter(state, after, "chicken")
            assert chicken_before == 0 or chicken_after == chicken_before


def test_forty_one_plays_its_deals_and_adds_up_the_scores():
    state, _, _ = play_match("41", 5, 3, 3)
    assert len(state.results) == 5
    assert list(state.points) == [sum(r.scores[s] for r in state.results) for s in range(5)]
    for result in state.results:
        assert max(result.scores) > 0 and all(s <= 41 for s in result.scores)


@pytest.mark.parametrize("name", ELIMINATION_GAMES + ["41"])
def test_a_seed_replays_the_same_match(name):
    first = play_match(name, 3, 5, 9)
    second = play_match(name, 3, 5, 9)
    assert first[1] == second[1]
    assert first[0].results == second[0].results
