"""Computer players: they are handed a world seen from their seat and never the position itself,
so hidden cards are out of their reach; they choose the same in positions that look the same
to them; they only make legal moves; seeded, they are reproducible; budgets are understood."""

from __future__ import annotations

import random

import pytest

from gamedsl import resources
from gamedsl.players import ComputerSeat, GreedyPlayer, PlayerSpecError, check_spec, make_player
from gamedsl.players.worlds import hidden_places, sample_world, seat_view

from .conftest import cached_game

GAMES = resources.game_names()
PLAYERS_OF = {"schwimmen": 3}


class Spy:
    """A player that keeps what it was handed and plays the first legal move."""

    def __init__(self):
        self.seen = []

    def choose(self, state):
        self.seen.append(state)
        return state.legal_moves()[0]


def spied_seat(seed: int = 0) -> tuple[ComputerSeat, Spy]:
    seat = ComputerSeat("random", seed)
    spy = Spy()
    seat.player = spy
    return seat, spy


@pytest.mark.parametrize("name", ["dou_dizhu", "schwimmen", "spite_and_malice", "russian_bank"])
def test_a_player_is_handed_a_world_not_the_position(name):
    state = cached_game(name, PLAYERS_OF.get(name)).new_game(3)
    real_zones = [list(z) for z in state.zones]
    seat, spy = spied_seat()
    move = seat.choose(state)
    world = spy.seen[0]
    me = state.current
    assert world is not state and world.zones is not state.zones
    assert all(a is not b for a, b in zip(world.zones, state.zones))  # no pile shared with the real one
    assert world.observation(me) == state.observation(me)  # what it may see, it sees
    assert world.seed != state.seed  # the deals and shuffles to come are not the real ones
    assert world.history == [] and all(not r.zones for r in world.results)
    holes = hidden_places(state, me)
    assert holes, "the game hides cards from the mover"
    assert [world.zones[z][p] for z, p in holes] != [state.zones[z][p] for z, p in holes]
    assert move in state.legal_moves() and state.zones == real_zones  # the real position is untouched


def test_the_table_of_finished_deals_is_not_handed_over():
    state = cached_game("schwimmen", 3).new_game(4)
    rng = random.Random(0)
    for _ in range(2000):
        if state.results:
            break
        moves = state.legal_moves()
        state.play(moves[rng.randrange(len(moves))])
    assert state.results[0].zones
    world = sample_world(state, state.current, random.Random(1))
    assert world.results[0].zones == () and world.results[0].scores == state.results[0].scores


def scrambled(state, seat: int, seed: int):
    """The same position with the cards `seat` cannot see dealt differently among themselves."""
    other = sample_world(state, seat, random.Random(seed))
    other.seed = state.seed
    return other


@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:20"])
@pytest.mark.parametrize("name", ["schwimmen", "dou_dizhu", "spite_and_malice", "russian_bank"])
def test_every_player_chooses_alike_in_positions_that_look_alike(spec, name):
    state = cached_game(name, PLAYERS_OF.get(name)).new_game(5)
    seat = state.current
    twin = scrambled(state, seat, 99)
    assert twin.observation(seat) == state.observation(seat) and twin.zones != state.zones
    assert ComputerSeat(spec, 1).choose(state) == ComputerSeat(spec, 1).choose(twin)


@pytest.mark.parametrize("name", GAMES)
def test_computer_players_make_only_legal_moves(name):
    state = cached_game(name, PLAYERS_OF.get(name)).new_game(11)
    seats = [ComputerSeat(spec, i) for i, spec in enumerate(["greedy", "mcts:6", "random"] * 2)]
    for number in range(60):
        if state.is_over:
            break
        state.require_moves()
        move = seats[(state.current + number) % len(seats)].choose(state)
        assert move in state.legal_moves()
        state.play(move)


def test_seeded_players_are_reproducible():
    state = cached_game("schwimmen", 4).new_game(8)
    for spec in ("random", "greedy", "mcts:15"):
        assert {str(ComputerSeat(spec, "s").choose(state)) for _ in range(3)} == {str(ComputerSeat(spec, "s").choose(state))}


def test_greedy_judges_a_hidden_card_by_the_cards_it_has_not_seen():
    """As Schwimmen's dealer it may take the extra hand before seeing it: its choice must not
    depend on which cards that hand really holds."""
    game = cached_game("schwimmen", 3)
    for seed in range(6):
        state = game.new_game(seed)
        seat = state.current
        choices = {str(ComputerSeat("greedy", 0).choose(scrambled(state, seat, k))) for k in range(4)}
        assert len(choices) == 1, (seed, choices)


def test_player_descriptions():
    assert check_spec(" MCTS:400 ") == "mcts:400" and check_spec("mcts:2.5s") == "mcts:2.5s"
    assert make_player("mcts:400").iterations == 400 and make_player("mcts:2s").seconds == 2.0
    assert isinstance(make_player("computer"), GreedyPlayer)
    for bad, message in [("mtcs", "did you mean 'mcts'"), ("mcts:0", "a budget is"), ("mcts:x", "a budget is"),
                         ("greedy:3", "only mcts"), ("human:2", "unknown player"), ("mcts:1.5", "a budget is")]:
        with pytest.raises(PlayerSpecError, match=message):
            check_spec(bad)


def test_a_time_budget_is_kept():
    import time

    state = cached_game("dou_dizhu").new_game(2)
    started = time.monotonic()
    move = ComputerSeat("mcts:0.2s", 1).choose(state)
    assert move in state.legal_moves() and time.monotonic() - started < 5


def test_a_seat_view_keeps_the_real_legal_moves():
    state = cached_game("russian_bank/face_down_tableau").new_game(2)
    view = seat_view(state, state.current, random.Random(0))
    assert list(view.legal_moves()) == list(state.legal_moves())


def test_the_standing_a_file_declares_ranks_players_between_deals():
    from gamedsl.players.greedy import standing_of
    from gamedsl.players.mcts import place

    state = cached_game("schwimmen", 3).new_game(1)
    stand = standing_of(state)
    chips = state.game.compiled.counters.labels.index("P2.chips")
    state.counters[chips] -= 2
    assert [stand(state, s) for s in range(3)] == [13, 11, 13]  # in the match, then the chips left
    assert standing_of(cached_game("dou_dizhu").new_game(1))(state, 0) == 0  # none declared: all alike
    assert place([(1, 13), (1, 11), (1, 13)], 1) == 0 and place([(1, 13), (1, 11), (1, 13)], 0) == 0.75


def test_greedy_does_not_move_cards_to_and_fro():
    from gamedsl.players.greedy import seen_position

    state = cached_game("russian_bank").new_game(3)
    seats = [ComputerSeat("greedy", 0), ComputerSeat("greedy", 1)]
    visits = {}
    for _ in range(300):
        if state.is_over:
            break
        key = (state.deal_number, state.turn_number, seen_position(state, state.current))
        visits[key] = visits.get(key, 0) + 1
        state.play(seats[state.current].choose(state))
    assert max(visits.values()) == 1  # never back in a position within one turn


ENDLESS = """game: Russian Bank (short rules, to 300)
deal: 1
turn: P2
phase: play
zones:
  P1.reserve: [9C, 6S, 7S]
  P1.waste: [2D, KD, KC, 8H, 9H, 4H, 5H, 8S, KS, 8C, 10C, 10D, 9D, 8D, 7S, 4D, 8D, 7D, 6D, 5D, JC, 10C, 6H]
  P2.waste: [6S, 2C, 5S, 4S, 5S, KH, 8S, 8C, 8H, 7H, QC, 10H, 7H, QH, KH, 7C, 6C, 3C, 4C, 5C, 9H, 10H, JH, 6D,
    9S, 10S, JS, 7D, 9C]
  house1: [10S, 9D]
  house3: [3D]
  house4: [QC, JD]
  house5: [KS, QD, JC]
  house6: [KD, QS, JD]
  house7: [QS, JH]
  house8: [KC, QD, JS, 10D, 9S]
  house2: [QH]
  foundation1: [AH, 2H, 3H, 4H, 5H, 6H]
  foundation2: [AC, 2C, 3C, 4C, 5C, 6C, 7C]
  foundation3: [AH, 2H, 3H]
  foundation4: [AS, 2S, 3S, 4S]
  foundation5: [AC]
  foundation6: [AD, 2D, 3D, 4D, 5D]
  foundation7: [AD]
  foundation8: [AS, 2S, 3S]
counters: {passes: 1}
"""


@pytest.mark.parametrize("spec", ["greedy", "mcts:10"])
def test_a_player_ends_a_deal_rather_than_move_a_card_to_and_fro_for_ever(spec):
    """Its only moves: a jack from one house to the other, or pass — after which the other
    player can only pass too, which blocks the deal with nothing scored, and a new deal begins
    with every card back. The new deal's cards must not
    count against ending this one (they once made the greedy player shuffle the jack for ever)."""
    state = cached_game("russian_bank/short").load_position(ENDLESS)
    state.play("JC house5 -> house2")  # (house 2 was the jack's home a move ago)
    assert sorted(map(str, state.legal_moves())) == ["JC house2 -> house5", "pass"]
    seat = ComputerSeat(spec, 0)
    for _ in range(40):  # two passes in a row, or a turn begun thrice in one position, end it
        if state.results:
            break
        state.play(seat.choose(state))
    assert state.results and state.results[0].end in ("blocked", "deadlock")
