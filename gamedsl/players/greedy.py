"""A one-move look-ahead player: it plays the move after which its position is best.

"Best" is first the points it has scored, then the game file's `value evaluation` for it when
the file declares one, else the fewest cards left in its own zones: a sensible default for
the shedding games the seeds are. Ties are broken by its seeded generator.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..engine import Move, State

EVALUATION = "evaluation"


def evaluation_of(state: State) -> Callable[[State, int], float]:
    compiled = state.game.compiled
    declared = compiled.exprs.values.get(EVALUATION)
    if declared is not None:
        return lambda st, seat: declared(st, seat, None)
    owned = [[z.id for z in compiled.zones.instances if z.owner == seat] for seat in range(compiled.players)]
    return lambda st, seat: -sum(len(st.zones[z]) for z in owned[seat])


class GreedyPlayer:
    name = "greedy"

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Move:
        moves = list(state.legal_moves())
        if len(moves) == 1:
            return moves[0]
        seat = state.current
        evaluate = evaluation_of(state)
        best: list[Move] = []
        best_score = None
        for move in moves:
            state.play(move)
            score = (state.points[seat], evaluate(state, seat))
            state.undo()
            if best_score is None or score > best_score:
                best, best_score = [move], score
            elif score == best_score:
                best.append(move)
        return best[self.rng.randrange(len(best))]
