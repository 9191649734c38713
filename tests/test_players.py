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
