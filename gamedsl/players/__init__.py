"""Computer players. They see a position only through a world dealt from their own observation
(`worlds.seat_view`), which `ComputerSeat` hands them in place of the real position."""

from .greedy import GreedyPlayer
from .mcts import MctsPlayer
from .random_player import RandomPlayer
from .seats import PLAYERS, SPEC_HELP, ComputerSeat, Player, PlayerSpecError, check_spec, make_player

__all__ = ["PLAYERS", "SPEC_HELP", "ComputerSeat", "GreedyPlayer", "MctsPlayer", "Player", "PlayerSpecError",
           "RandomPlayer", "check_spec", "make_player"]
