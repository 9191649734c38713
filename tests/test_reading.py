"""Reading the others (issue 19, item 9): worlds weighted by how likely the others' moves of the
deal were in them; and sensible play in Spite and Malice (item 8)."""

from __future__ import annotations

import random

from gamedsl.players import GreedyPlayer
from gamedsl.players.mcts import MctsPlayer
from gamedsl.players.reading import Reader, likelihood
from gamedsl.players.seats import ComputerSeat, PlayerSpecError, check_spec, make_player
from gamedsl.players.worlds import reading_view, seat_view, unseen_cards

from .conftest import cached_game


def _played(name: str, players, seed: int, moves: int):
    state = cached_game(name, players).new_game(seed)
    seats = [ComputerSeat("greedy", s) for s in range(len(state.points))]
    for _ in range(moves):
        if state.is_over or state.results:
            break
        state.play(seats[state.current].choose(state))
    return state


def _real_mapping(view, state):
    """The renaming that takes the view's cards back to the real ones (a test may look)."""
    back = {}
    for mine, real in zip(view.zones, state.zones):
        back.update({a: b for a, b in zip(mine, real) if a != b})
    return back


def test_a_record_keeps_what_the_player_saw_and_renames_the_rest():
    state = next(s for s in (_played("schwimmen", 3, seed, 5) for seed in range(10))
                 if reading_view(s, s.current, random.Random(1)).record)
    seat = state.current
    view = reading_view(state, seat, random.Random(1))
    assert view.observation(seat) == state.observation(seat)
    assert view.history == [] and view.seed != state.seed
    assert view.record and all(step.mover != seat for step in view.record)
    assert all(step.before.history == [] and step.before.seed == view.seed for step in view.record)
    assert list(view.legal_moves()) == list(state.legal_moves())
    # the record is the view's own: the view's cards where the real ones were, throughout
    assert all(step.before.observation(seat) for step in view.record)


def test_the_real_cards_read_likelier_than_random_ones_against_greedy_players():
    """Against greedy players the model is right: the real deal explains their moves better than
    most deals of the unseen cards."""
    above = total = 0
    rng = random.Random(0)
    for seed in range(4):
        state = _played("schwimmen", 3, seed, 6)
        seat = state.current
        view = reading_view(state, seat, rng)
        if len(view.record) < 2:
            continue
        real = likelihood(view.record, _real_mapping(view, state))
        named = sorted(unseen_cards(view, seat))
        for _ in range(10):
            shuffled = list(named)
            rng.shuffle(shuffled)
            above += likelihood(view.record, dict(zip(named, shuffled))) <= real
            total += 1
    assert total and above / total > 0.8


def test_reading_falls_back_to_uniform_worlds_without_a_record():
    state = cached_game("schwimmen", 3).new_game(2)
    seat = state.current
    assert not Reader(seat_view(state, seat, random.Random(0)), seat, random.Random(0))
    reader = Reader(reading_view(state, seat, random.Random(0)), seat, random.Random(0))
    assert not reader  # nothing played yet this deal


def test_the_reading_player_is_reproducible_and_legal():
    state = _played("schwimmen", 3, 5, 7)
    first = ComputerSeat("mcts:20+read", 3).choose(state)
    again = ComputerSeat("mcts:20+read", 3).choose(state)
    assert first == again and first in state.legal_moves()


def test_read_in_a_seat_description():
    assert check_spec("MCTS:50+read") == "mcts:50+read"
    assert check_spec("mcts:read") == "mcts:read"
    assert check_spec("mcts:2s+read") == "mcts:2s+read"
    assert make_player("mcts:50+read").read and make_player("mcts:50+read").iterations == 50
    assert not make_player("mcts:50").read
    for wrong in ("greedy+read", "mcts:50+reed", "mcts:+", "random:read"):
        try:
            check_spec(wrong)
        except PlayerSpecError:
            continue
        raise AssertionError(wrong)


def test_twin_cards_unseen_give_no_record():
    """In a game of two decks a renaming would tell which hidden places hold twins: no record."""
    state = _played("spite_and_malice", None, 1, 8)
    seat = state.current
    if unseen_cards(state, seat) is None:
        assert reading_view(state, seat, random.Random(0)).record == []


# ---- Spite and Malice: no joker on a side pile, no "Done" with a card to put down --------------

def _positions(seed: int, moves: int):
    state = cached_game("spite_and_malice").new_game(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            return
        yield state
        state.play_random(rng)


def test_spite_and_malice_keeps_its_jokers_and_does_not_stand_still():
    """The evaluation once made a discard of a joker and "Done" as good as any discard: the greedy
    player threw jokers onto side piles and both players said "Done" turn after turn."""
    checked = 0
    for seed in (1, 2):
        for state in _positions(seed, 150):
            moves = state.legal_moves()
            discards = [m for m in moves if m.action == "discard" and "JK" not in (m.card or "")]
            if not discards or not any(m.action == "done" for m in moves):
                continue
            move = GreedyPlayer(seed).choose(state)
            assert move.action != "done"
            assert not (move.action == "discard" and "JK" in (move.card or ""))
            checked += 1
    assert checked > 10


# ---- plain mcts and greedy choose as before reading changed (recorded from the code before) ------

def _seeded_moves(name: str, spec: str, seed: int, moves: int) -> list[str]:
    state = cached_game(name, 3).new_game(seed)
    seats = [ComputerSeat(spec, f"{seed}/{s}") for s in range(3)]
    made = []
    for _ in range(moves):
        if state.is_over:
            break
        move = seats[state.current].choose(state)
        made.append(str(move))
        state.play(move)
    return made


RECORDED = {
    ("schwimmen", "mcts:50"): ['take', 'swap 7D 8D', 'swap JH JS', 'swap JC 7D', 'swap 8D JH', 'swap JS JC',
                               'take', 'swap 10S 8S', 'swap QD QC', 'swap 9H QD', 'swap 8S 10S', 'swap AH 10D',
                               'swap JD AH', 'swap JC 8S'],
    ("schwimmen", "greedy"): ['take', 'swap AH 8D', 'swap QC AH', 'swap JC JS', 'close', 'swap AC 7H', 'swap AD QC',
                              'take', 'swap JC 8S', 'swap_all', 'swap JD AH', 'pass', 'swap 10D 10C', 'close',
                              'swap_all', 'pass', 'take', 'pass', 'swap QD 9S', 'swap 8H QD'],
    ("schwimmen/tri_palki", "mcts:50"): ['swap_all', 'swap KS KD', 'swap_all', 'swap 6H 6D', 'swap 9C JD', 'close',
                                         'swap 6C 9S', 'swap 6D 9C', 'swap JC QH', 'pass', 'swap 9S 9D',
                                         'swap QH JC', 'swap 7H 7D', 'swap QC QH'],
    ("schwimmen/tri_palki", "greedy"): ['swap_all', 'swap KS KD', 'swap 6D KS', 'swap 6H 6C', 'swap 9C 6D',
                                        'swap JD 6H', 'swap 6C 9C', 'swap 6D JD', 'close', 'pass', 'swap 9C 6D',
                                        'swap JH 7D', 'swap_all', 'swap 9S 8C', 'swap 7D 7S', 'swap 9D 7H',
                                        'swap 8C 9D', 'swap 7S 8C', 'pass', 'swap QC 7D'],
}


def test_plain_mcts_and_greedy_choose_as_they_did_before_reading_changed():
    """The reading player's mechanisms are its own: `mcts` and `greedy` make, seed for seed, the
    moves recorded from the code before them."""
    for (name, spec), expected in RECORDED.items():
        assert _seeded_moves(name, spec, 4, len(expected)) == expected, (name, spec)
