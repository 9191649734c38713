"""Computer players. They see a position only through `State.legal_moves()` and observations."""

from .random_player import RandomPlayer

PLAYERS = {"random": RandomPlayer, "computer": RandomPlayer}

__all__ = ["RandomPlayer", "PLAYERS"]
