"""Computer players. They see a position only through `State.legal_moves()` and observations."""

from .greedy import GreedyPlayer
from .random_player import RandomPlayer

PLAYERS = {"random": RandomPlayer, "greedy": GreedyPlayer, "computer": GreedyPlayer}

__all__ = ["PLAYERS", "GreedyPlayer", "RandomPlayer"]
