"""An information-set Monte Carlo player: for each simulation it deals the cards it cannot see at
random (a world consistent with what it has seen), plays one of its moves there, and goes on with
random moves until the deal ends or `depth` moves are made; the move whose simulations score best
is played. The choice of which move to try next follows UCB1, so the budget goes to the promising
moves. The budget is a number of simulations (`iterations`, reproducible) or a time (`seconds`).

A simulation is scored by where the player stands among the players: by the deal's scores and
then the file's `value standing` (chips or lives left, say) when the deal ended, else by the
points so far, the standing and then the evaluation the greedy player uses (the file's
`value evaluation`, or the cards left) — so games whose deals are long (Russian Bank's
run to hundreds of moves) are judged a few dozen moves ahead instead of never.

It never reads a hidden card: its worlds come from its own observation (`worlds.sample_world`).
"""

from __future__ import annotations

import math
import random
import time

from ..engine import Move, State
from .greedy import evaluation_of, standing_of
from .worlds import sample_world

EXPLORATION = 1.2


class MctsPlayer:
    name = "mcts"

    def __init__(self, seed: int | str = 0, iterations: int = 120, depth: int = 60,
                 seconds: float | None = None):
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.depth = depth
        self.seconds = seconds

    def choose(self, state: State) -> Move:
        moves = list(state.legal_moves())
        if len(moves) == 1:
            return moves[0]
        seat = state.current
        evaluate = evaluation_of(state)
        stand = standing_of(state)
        visits = [0] * len(moves)
        totals = [0.0] * len(moves)
        deadline = time.monotonic() + self.seconds if self.seconds is not None else None
        n = 0
        while True:
            n += 1
            if deadline is not None:
                if n > len(moves) and time.monotonic() >= deadline:
                    break
            elif n > max(self.iterations, len(moves)):
                break
            if n <= len(moves):
                pick = n - 1
            else:
                log_n = math.log(n)
                pick = max(range(len(moves)), key=lambda i: totals[i] / visits[i]
                           + EXPLORATION * math.sqrt(log_n / visits[i]))
            world = sample_world(state, seat, self.rng)
            visits[pick] += 1
            totals[pick] += self._simulate(world, moves[pick], seat, evaluate, stand)
        best = max(range(len(moves)), key=lambda i: (visits[i], totals[i] / visits[i], -i))
        return moves[best]

    def _simulate(self, world: State, move: Move, seat: int, evaluate, stand) -> float:
        """Play `move` in the world, then random moves: 1 for the best place among the players,
        0 for the worst, between for the places between."""
        deal = world.deal_number
        results = len(world.results)
        try:
            world.play(move)
        except ValueError:
            return 0.0  # (a move that this world does not allow)
        for _ in range(self.depth):
            if world.over or len(world.results) > results or world.deal_number != deal:
                break
            legal = world._legal_internal()
            if not legal:
                break
            world._apply(legal[self.rng.randrange(len(legal))])
        everyone = range(len(world.points))
        if len(world.results) > results:
            scores = world.results[results].scores
            return place([(scores[s], stand(world, s)) for s in everyone], seat)
        return place([(world.points[s], stand(world, s), evaluate(world, s)) for s in everyone], seat)


def place(values, seat: int) -> float:
    """Where `seat` stands among the values: 1 above all others, 0 below all, ties halved."""
    mine = values[seat]
    lower = sum(1 for v in values if v < mine)
    equal = sum(1 for v in values if v == mine) - 1
    return (lower + equal / 2) / max(1, len(values) - 1)
