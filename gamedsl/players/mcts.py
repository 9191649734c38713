"""An information-set Monte Carlo player: for each simulation it deals the cards it cannot see at
random (a world consistent with what it has seen), plays one of its moves there, and goes on
until the deal ends or `depth` moves are made, each player there playing the best (by points,
standing and evaluation, as the greedy player judges) of `guide` moves drawn at random — so the
simulated table plays sensibly, not at random, at a few times the cost; the move whose simulations score best
is played. The choice of which move to try next follows UCB1, so the budget goes to the promising
moves. The budget is a number of simulations (`iterations`, reproducible) or a time (`seconds`).

A simulation is scored by where the player stands among the players: by the deal's scores and
then the file's `value standing` (chips or lives left, say) when the deal ended, else by the
points so far, the standing and then the evaluation the greedy player uses (the file's
`value evaluation`, or the cards left) — so games whose deals run to hundreds of moves are
judged a few dozen moves ahead instead of never.

It never reads a hidden card: its worlds come from its own observation (`worlds.sample_world`).
"""

from __future__ import annotations

import math
import random
import time

from ..engine import Move, State
from .greedy import Judge, TurnMemory, judge_of, seen_position, standing_of
from .worlds import sample_world

EXPLORATION = 1.2
BIAS = 1.0  # weight of the greedy judgement of a move, which fades as the move's simulations add up


class MctsPlayer:
    name = "mcts"

    def __init__(self, seed: int | str = 0, iterations: int = 120, depth: int = 60,
                 seconds: float | None = None, guide: int = 3):
        self.rng = random.Random(seed)
        self.guide = guide  # moves drawn at each step of a simulation; the best for its mover is played
        self.memory = TurnMemory()  # positions it has been in this turn
        self.iterations = iterations
        self.depth = depth
        self.seconds = seconds

    def choose(self, state: State) -> Move:
        moves, seat = self.memory.enter(state)
        if len(moves) == 1:
            return moves[0]
        judge = judge_of(state)
        stand = standing_of(state)
        moves, prior = self._judge(state, moves, seat, judge)  # no card moved to and fro
        if len(moves) == 1:
            return moves[0]
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
                           + EXPLORATION * math.sqrt(log_n / visits[i]) + BIAS * prior[i] / (visits[i] + 1))
            world = sample_world(state, seat, self.rng)
            visits[pick] += 1
            totals[pick] += self._simulate(world, moves[pick], seat, judge, stand)
        best = max(range(len(moves)), key=lambda i: (totals[i] / visits[i] + BIAS * prior[i] / (visits[i] + 1), -i))
        return moves[best]

    def _judge(self, state: State, moves: list[Move], seat: int, judge: Judge) -> tuple[list[Move], list[float]]:
        """The moves that do not bring back a position it has been in this turn (all when none), and
        how the greedy player ranks each, from 0 (its worst) to 1 (its best), judged in the position
        as this player sees it: a guide while the simulations are few."""
        world = state.copy()
        world.history = []
        judged: list[tuple[Move, tuple | None]] = []
        back: list[tuple[Move, tuple | None]] = []
        for move in moves:
            try:
                world.play(move)
            except ValueError:
                judged.append((move, None))
                continue
            value = judge(world, seat)
            (back if seen_position(world, seat) in self.memory else judged).append((move, value))
            world._undo()
        judged = judged or back
        values = sorted({v for _, v in judged if v is not None})
        rank = {v: i / max(1, len(values) - 1) for i, v in enumerate(values)}
        return [m for m, _ in judged], [rank[v] if v is not None else 0.0 for _, v in judged]

    def _simulate(self, world: State, move: Move, seat: int, judge: Judge, stand) -> float:
        """Play `move` in the world, then random moves: 1 for the best place among the players,
        0 for the worst, between for the places between."""
        deal = world.deal_number
        results = len(world.results)
        try:
            world.play(move)
        except ValueError:
            return 0.0  # (a move that this world does not allow)
        rng = self.rng
        for _ in range(self.depth):
            if world.over or len(world.results) > results or world.deal_number != deal:
                break
            legal = world._legal_internal()
            if not legal:
                break
            if self.guide <= 1 or len(legal) == 1:
                world._apply(legal[rng.randrange(len(legal))])
                continue
            mover = world.current
            best, best_value = legal[0], None
            for _ in range(self.guide):
                candidate = legal[rng.randrange(len(legal))]
                world._apply(candidate)
                value = judge(world, mover)
                world._undo()
                if best_value is None or value > best_value:
                    best, best_value = candidate, value
            world._apply(best)
        everyone = range(len(world.points))
        if len(world.results) > results:
            scores = world.results[results].scores
            return place([(scores[s], stand(world, s)) for s in everyone], seat)
        return place([judge(world, s) for s in everyone], seat)


def place(values, seat: int) -> float:
    """Where `seat` stands among the values: 1 above all others, 0 below all, ties halved."""
    mine = values[seat]
    lower = sum(1 for v in values if v < mine)
    equal = sum(1 for v in values if v == mine) - 1
    return (lower + equal / 2) / max(1, len(values) - 1)
