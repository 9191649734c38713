"""The Monte Carlo player: legal moves only, the same choice for positions that look the same to
it (it cannot use hidden cards), and reproducible from its seed."""

from __future__ import annotations

import random
from collections import Counter

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


def _position_after_random_moves(name: str, seed: int, moves: int, options: tuple = ()):
    state = cached_game(name, None, options).new_game(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state.play_random(rng)
    return state


def _visible(state, seat) -> Counter:
    """The cards `seat` sees, as its observation shows them (an oracle apart from the player's own)."""
    return Counter(card for cards in state.observation(seat)["zones"].values() for card in cards if card != "??")


def _news(state, seat, start) -> bool:
    """The turn has ended, or `seat` sees a card more than it saw at `start`."""
    if state.is_over or state.current != seat or state.results:
        return True
    seen = _visible(state, seat)
    return any(count > start[card] for card, count in seen.items())


@pytest.mark.parametrize("seed", range(40))
def test_plans_run_to_the_end_of_the_turn_or_a_new_card(seed):
    """In Russian Bank a turn is many moves: each option is a plan of legal moves that stops
    when the turn ends or the player sees a card it had not seen (or when it cannot go on
    without coming back), and the positions it expects are the ones its moves lead to. Loading a
    card onto the other reserve hides the card it covers: uncovering it later is no news."""
    from gamedsl.players.greedy import judge_of, seen_position

    state = _position_after_random_moves("russian_bank", seed, 30 + 7 * seed)
    player = MctsPlayer(seed=seed, iterations=10)
    moves, seat = player.memory.enter(state)
    plans = player._plans(state, moves, seat, judge_of(state))
    start = _visible(state, seat)
    turn = state.turn_number
    assert {p.moves[0] for p in plans} <= set(moves)
    assert any(len(p.moves) > 1 for p in plans) or all(_stops(state, p.moves[0]) for p in plans)
    for plan in plans:
        world = state.copy()
        for number, move in enumerate(plan.moves):
            assert not _news(world, seat, start) and world.turn_number == turn, "a plan goes on past a stopping point"
            if number:
                assert seen_position(world, seat) == plan.seen[number - 1]
            world.play(move)
        ended = _news(world, seat, start) or world.turn_number != turn
        assert ended or len(plan.moves) > player.plan_length or _stuck(world, seat, plan, state)


def _stops(state, move) -> bool:
    from gamedsl.players.mcts import _Point

    world = state.copy()
    point = _Point(world, world.current)
    world.play(move)
    return point.reached(world)


def _stuck(world, seat, plan, start) -> bool:
    """Every move from here comes back to a position the plan has been through."""
    from gamedsl.players.greedy import seen_position

    been = set(plan.seen) | {seen_position(start, seat)}
    for move in world.legal_moves():
        world.play(move)
        back = seen_position(world, seat) in been
        world._undo()
        if not back:
            return False
    return True


def test_a_turn_is_one_move_a_plan_is_one_move():
    state = cached_game("dou_dizhu").new_game(4)
    from gamedsl.players.greedy import judge_of

    player = MctsPlayer(seed=1, iterations=10)
    moves, seat = player.memory.enter(state)
    assert all(len(p.moves) == 1 for p in player._plans(state, moves, seat, judge_of(state)))


def test_the_chosen_plan_is_followed_without_searching_again():
    state = _position_after_random_moves("russian_bank", 2, 44)
    player = MctsPlayer(seed=5, iterations=12)
    searches = []
    simulate = player._simulate
    player._simulate = lambda *args: searches.append(1) or simulate(*args)
    seat = state.current
    followed = 0
    for _ in range(40):
        if state.current != seat or state.is_over or state.results:
            break
        before, expected = len(searches), bool(player.plan)
        move = player.choose(state)
        if expected and player.plan_turn == (state.deal_number, state.turn_number) and len(searches) == before:
            followed += 1
        state.play(move)
    assert followed > 0  # somewhere in the turn the plan was followed, not searched again


def test_a_russian_bank_deal_against_random_ends():
    """The searching player used to wander from house to house within its turn for thousands of
    moves; with plans a deal ends in a few hundred."""
    from gamedsl.players import ComputerSeat

    state = cached_game("russian_bank", None, (("target", 1),)).new_game(3)
    seats = [ComputerSeat("mcts:4", 0), ComputerSeat("random", 1)]
    for _ in range(2500):
        if state.is_over:
            break
        state.play(seats[state.current].choose(state))
    assert state.is_over and max(state.points) > 0
