"""No pointless moves within a turn (issue 19, item 6): no computer player — greedy, mcts, the
console's hint — moves a card back where it came from in the same turn (the place as it was,
nothing shown since), or back to a position of the turn, unless every move does."""

from __future__ import annotations

import random

import pytest

from gamedsl.players import ComputerSeat
from gamedsl.players.turn_memory import TurnMemory, seen_position

from .conftest import cached_game


def _after_random_moves(seed: int, count: int):
    state = cached_game("russian_bank").new_game(seed)
    rng = random.Random(seed)
    for _ in range(count):
        if state.is_over:
            break
        moves = state.legal_moves()
        state.play(moves[rng.randrange(len(moves))])
    return state


def _loops(memory: TurnMemory, state, move) -> bool:
    world = state.copy()
    here = seen_position(world, world.current)
    world.play(move)
    return memory.pointless(here, world, state.current)


def _play_turns(spec: str, seed: int, moves: int):
    """Play `moves` moves with `spec` at both seats; yield (memory, position, move) for each."""
    state = _after_random_moves(seed, 20 + seed)
    seats = [ComputerSeat(spec, f"{seed}/{i}") for i in range(2)]
    memories = [TurnMemory(), TurnMemory()]
    for _ in range(moves):
        if state.is_over:
            return
        seat = state.current
        memories[seat].remember(state, seat)
        move = seats[seat].choose(state)
        yield memories[seat], state.copy(), move
        state.play(move)


@pytest.mark.parametrize("spec", ["greedy", "mcts:8"])
@pytest.mark.parametrize("seed", range(4))
def test_no_player_moves_a_card_to_and_fro_in_a_turn(spec, seed):
    looped = 0
    for memory, state, move in _play_turns(spec, seed, 60 if spec == "greedy" else 25):
        if _loops(memory, state, move):
            others = [m for m in state.legal_moves() if not _loops(memory, state, m)]
            assert not others, f"{move} loops while {others[:3]} do not"
            looped += 1
    assert looped <= 2


def test_a_card_moved_back_on_its_place_as_it_was_is_pointless():
    memory = TurnMemory()
    state = _after_random_moves(5, 0)
    seat = state.current
    memory.remember(state, seat)
    # Find a card that moves from one place to another and back in this position.
    for move in state.legal_moves():
        world = state.copy()
        here = seen_position(world, seat)
        world.play(move)
        if world.turn_number != state.turn_number:
            continue
        assert not memory.pointless(here, world, seat) or seen_position(world, seat) in memory
        step = TurnMemory()
        step.remember(state, seat)
        step.remember(world, seat)
        there = seen_position(world, seat)
        for back in world.legal_moves():
            again = world.copy()
            again.play(back)
            if seen_position(again, seat) == here:
                assert step.pointless(there, again, seat)  # straight back: a position of the turn
                return
    pytest.skip("no move and its way back in this deal")


def _zones(state, seat):
    return seen_position(state, seat)[1]


@pytest.mark.parametrize("seed", [5, 11])
def test_a_card_moved_back_after_another_move_is_pointless_unless_its_place_changed(seed):
    """A card moved from X to Y, another card moved, the first card back on X: pointless when X
    is as it was (what leaving it freed was not used) and nothing was shown; not when X changed."""
    state = _after_random_moves(seed, 30)
    seat, turn = state.current, state.turn_number
    found = 0
    for first in state.legal_moves():
        one = state.copy()
        one.play(first)
        if one.turn_number != turn or one.current != seat:
            continue
        for second in one.legal_moves():
            two = one.copy()
            two.play(second)
            if two.turn_number != turn:
                continue
            for third in two.legal_moves():
                three = two.copy()
                three.play(third)
                if three.turn_number != turn:
                    continue
                memory = TurnMemory()
                for position in (state, one, two):
                    memory.remember(position, seat)
                start, now = _zones(state, seat), _zones(three, seat)
                received = [z for z in range(len(now)) if sorted(now[z]) != sorted(_zones(two, seat)[z])
                            and len(now[z]) >= len(_zones(two, seat)[z])]
                back = bool(received) and all(now[z] == start[z] for z in received) \
                    and sorted(c for z in now for c in z if c != -1) == sorted(c for z in start for c in z if c != -1)
                if back and seen_position(three, seat) not in memory:
                    assert memory.pointless(seen_position(two, seat), three, seat), (first, second, third)
                    found += 1
    assert found or seed == 11


def test_hints_followed_move_by_move_do_not_loop():
    """The console's `hint` remembers the turn: following it move by move does not take a card to
    and fro (issue 19: it looped a card between two houses)."""
    import io

    from gamedsl.console import Console

    state = next(s for s in (_after_random_moves(2, k) for k in range(24, 80)) if s.current == 0 and not s.is_over)
    out = io.StringIO()
    memory = TurnMemory()
    followed = []
    asked = [0]

    def read(prompt: str) -> str:
        if "quit anyway" in prompt:
            return "yes"
        asked[0] += 1
        if asked[0] % 2:
            return "hint" if len(followed) < 6 and state.current == 0 else "quit"
        line = [t for t in out.getvalue().splitlines() if t.startswith("Hint: ")][-1]
        text = line[len("Hint: "):].split(", then ")[0].split(" (the Monte Carlo")[0]
        move = state.parse_move(text)
        memory.remember(state, 0)
        if _loops(memory, state, move):
            assert all(_loops(memory, state, m) for m in state.legal_moves()), f"the hint {text} loops"
        followed.append(text)
        return text

    Console(state, ["human", "greedy"], seed=1, read=read, out=out).run()
    assert len(followed) >= 3
