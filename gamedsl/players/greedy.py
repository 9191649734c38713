"""A one-move look-ahead player: it plays the move after which its position is best.

"Best" is first the points it has scored (the fewer the better in a match the lowest score
wins; in a one-player game, a deal won before all, a deal lost after all), then its `value standing` (how it stands in the match
between deals, when the file declares one: a move that ends the deal is judged by what the end
costs), then the game file's `value evaluation` for it when the file declares one, else the
fewest cards left in its own zones: a sensible default for the shedding games the seeds are. It judges a move in a few worlds dealt from what it sees
(a card it would turn or take is one of the cards it has not seen, not the real one) and takes
the average. In a game of teams every judgement is the team's: the points are the team's, and
the standing and evaluation are summed over the team's players (a card given to a partner is
not lost). Ties go to a move that does not bring back a position it has been in this turn (so
it does not move a card to and fro), then to its seeded generator.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..engine import Move, State
from .worlds import hidden_places, sample_world

EVALUATION = "evaluation"
STANDING = "standing"


def evaluation_of(state: State) -> Callable[[State, int], float]:
    """The file's `value evaluation` for a seat, or minus the cards in the seat's own zones (in
    a game of teams, summed over the seat's team)."""
    compiled = state.game.compiled
    declared = compiled.exprs.values.get(EVALUATION)
    if declared is not None:
        return for_team(state, lambda st, seat: declared(st, seat, None))
    owned = [[z.id for z in compiled.zones.instances if z.owner == seat] for seat in range(compiled.players)]
    return for_team(state, lambda st, seat: -sum(len(st.zones[z]) for z in owned[seat]))


def standing_of(state: State) -> Callable[[State, int], float]:
    """The file's `value standing` for a seat (how it stands in the match between deals), or 0
    (in a game of teams, summed over the seat's team)."""
    declared = state.game.compiled.exprs.values.get(STANDING)
    if declared is not None:
        return for_team(state, lambda st, seat: declared(st, seat, None))
    return lambda st, seat: 0.0


def for_team(state: State, judge: Callable[[State, int], float]) -> Callable[[State, int], float]:
    """`judge` as the seat's team sees it: summed over the team's players (unchanged without teams)."""
    compiled = state.game.compiled
    if not compiled.teams:
        return judge
    members = [compiled.teams[compiled.team_of[seat]].seats for seat in range(compiled.players)]
    return lambda st, seat: sum(judge(st, m) for m in members[seat])


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
    match says `lowest score wins` (then they count negative)."""
    if state.game.compiled.lowest_wins:
        return lambda st, seat: -st.points[seat]
    return lambda st, seat: st.points[seat]


def outcome_of(st: State, results: int) -> float:
    """+OUTCOME when the first deal to end after `results` deals ended won (`the player wins`),
    -OUTCOME when lost, else 0 (and always 0 in games without `wins`/`loses` ends)."""
    outcomes = st.game.compiled.outcomes
    if not outcomes or len(st.results) <= results:
        return 0.0
    outcome = outcomes.get(st.results[results].end)
    return OUTCOME if outcome == "won" else -OUTCOME if outcome == "lost" else 0.0


def seen_position(state: State, seat: int) -> tuple:
    """The position as `seat` sees it: the cards it cannot see are blanks."""
    zones = [list(z) for z in state.zones]
    for zone_id, place in hidden_places(state, seat):
        zones[zone_id][place] = -1
    return (state.current, tuple(map(tuple, zones)), tuple(state.counters))


class TurnMemory:
    """The positions (as the player sees them) it has been in during the current turn."""

    def __init__(self) -> None:
        self.turn: tuple[int, int] | None = None
        self.been: set[tuple] = set()

    def enter(self, state: State) -> tuple[list[Move], int]:
        """Remember the position a choice is asked in; its legal moves and the seat to move."""
        seat = state.current
        if self.turn != (state.deal_number, state.turn_number):
            self.turn, self.been = (state.deal_number, state.turn_number), set()
        self.been.add(seen_position(state, seat))
        return list(state.legal_moves()), seat

    def __contains__(self, position: tuple) -> bool:
        return position in self.been


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
        totals = [[0.0, 0.0, 0.0, 0.0] for _ in moves]
        for number, world in enumerate(worlds):
            world.history = []
            for total, move in zip(totals, moves):
                try:
                    world.play(move)
                except ValueError:  # not a move in this world: count it as no gain
                    total[2] -= 1e9
                    continue
                for part, value in enumerate(judge(world, seat)):
                    total[part] += value
                if number == 0 and seen_position(world, seat) in self.memory:
                    total[3] = -1  # back where it was this turn: only when nothing else is as good
                world._undo()
        best: list[Move] = []
        best_score = None
        for move, total in zip(moves, totals):
            score = tuple(round(x, 9) for x in total)
            if best_score is None or score > best_score:
                best, best_score = [move], score
            elif score == best_score:
                best.append(move)
        return best[self.rng.randrange(len(best))]
