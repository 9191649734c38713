"""An information-set Monte Carlo player: for each simulation it deals the cards it cannot see at
random (a world consistent with what it has seen), plays one of its moves there, and finishes the
deal with random moves; the move whose simulations score best is played. The choice of which
move to try next follows UCB1, so the budget goes to the promising moves.

It never reads a hidden card: its worlds come from its own observation (`worlds.sample_world`).
"""

from __future__ import annotations

import math
import random

from ..engine import Move, State
from .worlds import sample_world


class MctsPlayer:
    name = "mcts"

    def __init__(self, seed: int | str = 0, iterations: int = 120, rollout_limit: int = 400):
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.rollout_limit = rollout_limit

    def choose(self, state: State) -> Move:
        moves = list(state.legal_moves())
        if len(moves) == 1:
            return moves[0]
        seat = state.current
        visits = [0] * len(moves)
        totals = [0.0] * len(moves)
        for n in range(1, self.iterations + 1):
            if n <= len(moves):
                pick = n - 1
            else:
                pick = max(range(len(moves)), key=lambda i: totals[i] / visits[i]
                           + 1.2 * math.sqrt(math.log(n) / visits[i]))
            world = sample_world(state, seat, self.rng)
            reward = self._simulate(world, moves[pick], seat)
            visits[pick] += 1
            totals[pick] += reward
        best = max(visits)
        return moves[min(i for i in range(len(moves)) if visits[i] == best and
                         totals[i] / visits[i] == max(totals[j] / visits[j] for j in range(len(moves)) if visits[j] == best))]

    def _simulate(self, world: State, move: Move, seat: int) -> float:
        """Play `move` in the world, then random moves to the end of the deal: 1 for the best
        score of the deal, 0 for the worst, between for the places between."""
        deal = world.deal_number
        results = len(world.results)
        try:
            world.play(move)
        except ValueError:
            return 0.0  # (a move that this world does not allow)
        for _ in range(self.rollout_limit):
            if world.is_over or len(world.results) > results or world.deal_number != deal:
                break
            legal = world._legal_internal()
            if not legal:
                break
            world._apply(legal[self.rng.randrange(len(legal))])
        if len(world.results) <= results:
            return 0.5  # unfinished: no news
        scores = world.results[results].scores
        mine = scores[seat]
        lower = sum(1 for s in scores if s < mine)
        equal = sum(1 for s in scores if s == mine) - 1
        return (lower + equal / 2) / max(1, len(scores) - 1)
