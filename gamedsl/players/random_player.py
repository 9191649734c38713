"""A player that picks uniformly among the legal moves, reproducibly from its seed."""

from __future__ import annotations

import random

from ..engine import Move, State


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Move:
        moves = state.legal_moves()  # a lazy view: only the chosen move is named
        return moves[self.rng.randrange(len(moves))]
