"""Computer players. They see a position only through `State.legal_moves()` and observations."""

from typing import Protocol

from ..engine import Move, State
from .greedy import GreedyPlayer
from .mcts import MctsPlayer
from .random_player import RandomPlayer


class Player(Protocol):
    """What a seat needs: a seeded constructor and a choice of move."""

    def __init__(self, seed: int | str = 0) -> None: ...

    def choose(self, state: State) -> Move: ...


PLAYERS: dict[str, type[Player]] = {"random": RandomPlayer, "greedy": GreedyPlayer, "computer": GreedyPlayer,
                                     "mcts": MctsPlayer}

__all__ = ["PLAYERS", "GreedyPlayer", "MctsPlayer", "RandomPlayer"]
