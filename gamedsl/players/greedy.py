"""A one-move look-ahead player: it plays the move after which its position is best.

"Best" is first the points it has scored (the fewer the better in a match the lowest score
wins; in a one-player game, a deal won before all, a deal lost after all), then its `value standing` (how it stands in the match
between deals, when the file declares one: a move that ends the deal is judged by what the end
costs), then the game file's `value evaluation` for it when the file declares one, else the
fewest cards left in its own zones: a sensible default for the shedding games the seeds are. It judges a move in a few worlds dealt from what it sees
(a card it would turn or take is one of the cards it has not seen, not the real one) and takes
the average. In a game of teams every judgement is the team's: the points are the team's, and
the standing and evaluation are summed over the team's players (a card given to a partner is
not lost). With `sides:` (sides the play decides) the points and standing are the side's, and
the others are as well placed as the best placed of them; a player whose side is better placed
by its partner keeps its own cards (among moves equally good for the side, the one that changes
its own evaluation least: it does not bomb its partner's winning play). Moves that loop within
the turn (turn_memory) are left out unless all do; ties go to its seeded generator.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..engine import Move, State
from .sides import changing, for_side, side_of
from .trials import Trials
from .turn_memory import TurnMemory, seen_position
from .worlds import hidden_places, sample_world

EVALUATION = "evaluation"
STANDING = "standing"


def evaluation_of(state: State) -> Callable[[State, int], float]:
    """The file's `value evaluation` for a seat, or minus the cards in the seat's own zones (in
    a game of teams, summed over the seat's team)."""
    return for_side(state, own_evaluation_of(state), best=True)


def own_evaluation_of(state: State) -> Callable[[State, int], float]:
    """The file's `value evaluation` for the seat alone, or minus the cards in its own zones."""
    compiled = state.game.compiled
    declared = compiled.exprs.values.get(EVALUATION)
    if declared is not None:
        return lambda st, seat: declared(st, seat, None)
    owned = [[z.id for z in compiled.zones.instances if z.owner == seat] for seat in range(compiled.players)]
    return lambda st, seat: -sum(len(st.zones[z]) for z in owned[seat])


def standing_of(state: State) -> Callable[[State, int], float]:
    """The file's `value standing` for a seat (how it stands in the match between deals), or 0
    (in a game of teams, summed over the seat's team)."""
    declared = state.game.compiled.exprs.values.get(STANDING)
    if declared is not None:
        return for_side(state, lambda st, seat: declared(st, seat, None))
    return lambda st, seat: 0.0


Judge = Callable[[State, int], tuple[float, float, float]]


def judge_of(state: State) -> Judge:
    """How both computer players rank a position for a seat: points, then standing, then evaluation.

    Once the deal under way in `state` has ended, its evaluation there stands in for the one of
    the position: the next deal's fresh cards say nothing of how well this one was played (a
    player that counted them would rather shuffle a card to and fro for ever than end a deal)."""
    evaluate, stand = evaluation_of(state), standing_of(state)
    deal = (state.deal_number, len(state.results))
    before = [evaluate(state, seat) for seat in range(len(state.points))]
    points = points_of(state)

    def judge(st: State, seat: int) -> tuple[float, float, float]:
        if (st.deal_number, len(st.results)) != deal:
            return points(st, seat) + outcome_of(st, deal[1]), stand(st, seat), before[seat]
        return points(st, seat), stand(st, seat), evaluate(st, seat)

    return judge


OUTCOME = 1e9  # a won deal of a one-player game outweighs any points; a lost one, the other way


def points_of(state: State) -> Callable[[State, int], float]:
    """A seat's match points as a player wants them: the more the better, or the fewer when the
    match says `lowest score wins` (then they count negative). With `sides:`, the side's points
    (a fixed team's are its players' already)."""
    if state.game.compiled.lowest_wins:
        own = lambda st, seat: -st.points[seat]
    else:
        own = lambda st, seat: st.points[seat]
    return for_side(state, own) if changing(state) else own


def outcome_of(st: State, results: int) -> float:
    """+OUTCOME when the first deal to end after `results` deals ended won (`the player wins`),
    -OUTCOME when lost, else 0 (and always 0 in games without `wins`/`loses` ends)."""
    outcomes = st.game.compiled.outcomes
    if not outcomes or len(st.results) <= results:
        return 0.0
    outcome = outcomes.get(st.results[results].end)
    return OUTCOME if outcome == "won" else -OUTCOME if outcome == "lost" else 0.0


def best_reply(world: State, seat: int, judge: Judge) -> tuple[float, float, float]:
    """How `seat`'s side stands after the best move of the partner to move in `world` (its own
    judgement: partners judge alike)."""
    best = None
    for move in world._legal_internal():
        world._apply(move)
        value = judge(world, seat)
        world._undo()
        if best is None or value > best:
            best = value
    return best if best is not None else judge(world, seat)


class GreedyPlayer:
    name = "greedy"

    def __init__(self, seed: int | str = 0, worlds: int = 4):
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.memory = TurnMemory()

    def choose(self, state: State) -> Move:
        moves, seat = self.memory.enter(state)
        if len(moves) == 1:
            return moves[0]
        judge = judge_of(state)
        # With nothing hidden one world is the position itself; else a few dealt from what it sees.
        worlds = [sample_world(state, seat, self.rng) for _ in range(self.worlds)] if hidden_places(state, seat) \
            else [state.copy()]
        # With `sides:`, a move after which a partner is to move is judged by the partner's best
        # reply (a pass that gives the lead back to a partner's winning play lets it go out); among
        # moves as good for the side, the side's total (a partner that can shed without harm does).
        side = side_of(state) if changing(state) else None
        partners = side(state, seat) if side is not None else (seat,)
        own = own_evaluation_of(state) if len(partners) > 1 else None
        here = seen_position(state, seat)
        totals = [[0.0, 0.0, 0.0, 0.0, 0.0] for _ in moves]
        pointless = [False] * len(moves)
        for number, world in enumerate(worlds):
            world.history = []
            trials = Trials(world)
            for index, (total, move) in enumerate(zip(totals, moves)):
                if not trials.make(move):  # not a move in this world: count it as no gain
                    total[2] -= 1e9
                    continue
                mate = own is not None and world.current in partners and world.current != seat and not world.over
                for part, value in enumerate(best_reply(world, seat, judge) if mate else judge(world, seat)):
                    total[part] += value
                if own is not None:
                    total[4] += sum(own(world, m) for m in partners)
                if number == 0:
                    pointless[index] = self.memory.pointless(here, world, seat)
                trials.take_back()
        # A move that loops within the turn is left out, unless every move does.
        kept = [i for i in range(len(moves)) if not pointless[i]] or list(range(len(moves)))
        best: list[Move] = []
        best_score = None
        for i in kept:
            move, score = moves[i], tuple(round(x, 9) for x in totals[i])
            if best_score is None or score > best_score:
                best, best_score = [move], score
            elif score == best_score:
                best.append(move)
        return best[self.rng.randrange(len(best))]
