"""An information-set Monte Carlo player: for each simulation it deals the cards it cannot see at
random (a world consistent with what it has seen), plays one of its options there, and goes on
until the deal ends or `depth` moves are made, each player there playing the best (by points,
standing and evaluation, as the greedy player judges) of `guide` moves drawn at random — so the
simulated table plays sensibly, not at random, at a few times the cost; the option whose
simulations score best is played. The choice of which option to try next follows UCB1, so the
budget goes to the promising ones. The budget is a number of simulations (`iterations`,
reproducible) or a time (`seconds`).

An option is a *plan*: a move, followed — when the move neither ends the turn nor shows the
player a card it had not seen — by the moves that lead on to such a point, as a guided player
would make them. In games where a turn is one move, a plan is one move. In games whose turns run
to dozens of moves (moving cards between piles before turning the next one), a single move is
nearly worthless to simulate: most of them change nothing by themselves, and a player choosing
them one at a time wanders from one rearrangement of the table to the next. A plan always gets
somewhere: it ends the turn or learns something. Once chosen, a plan is followed without a new
search while the table stays as the plan expected.

A simulation is scored by where the player stands among the players: by the deal's scores and
then the file's `value standing` (chips or lives left, say) when the deal ended, else by the
points so far, the standing and then the evaluation the greedy player uses (the file's
`value evaluation`, or the cards left) — so games whose deals run to hundreds of moves are
judged a few dozen moves ahead instead of never.

In a game of teams the places are the teams' (the greedy judgement is the team's: see greedy).

With `read` the player reads the others (reading.py): its worlds are drawn towards the others'
moves of the deal, its simulated table makes the greedy choice (as the reading model has the
others do), and its options are raced in shared worlds with the greedy choice as the default
(racing.py) instead of chosen by UCB1.

It never reads a hidden card: its worlds come from its own observation (`worlds.sample_world`).
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from dataclasses import dataclass, field

from ..engine import Move, State
from .greedy import Judge, TurnMemory, judge_of, outcome_of, points_of, seen_position, standing_of
from .racing import greedy_firsts, greedy_values, race
from .reading import CHAINS, DEFAULT_WORLDS, MODEL_GUIDE, MODEL_NOISE, SWEEPS, Reader
from .sides import sides_in
from .trials import Trials
from .worlds import hidden_places, sample_world

EXPLORATION = 1.2
BIAS = 1.0  # weight of the greedy judgement of an option, which fades as its simulations add up


@dataclass
class Plan:
    """Moves to make in a row: the first is a legal move now; `seen` is the position (as the
    player sees it) expected before each of the others."""

    moves: list[Move]
    seen: list[tuple] = field(default_factory=list)
    value: tuple | None = None  # how the greedy player judges where the plan ends
    back: bool = False  # its first move brings back a position the player has been in this turn


class _Point:
    """What makes a point where a plan stops: the turn or the deal changes hands, or the player
    sees a card it had not seen (a card it covered and uncovers again is no news)."""

    def __init__(self, state: State, seat: int):
        self.seat = seat
        self.turn = (state.deal_number, state.turn_number, len(state.results))
        self.seen = _seen_cards(state, seat)

    def reached(self, state: State) -> bool:
        if (state.over or state.current != self.seat
                or (state.deal_number, state.turn_number, len(state.results)) != self.turn):
            return True
        seen = self.seen
        return any(count > seen.get(card, 0) for card, count in _seen_cards(state, self.seat).items())


def _seen_cards(state: State, seat: int) -> Counter:
    """How many of each card `seat` can see now."""
    counts = Counter(card for zone in state.zones for card in zone)
    for zone_id, place in hidden_places(state, seat):
        counts[state.zones[zone_id][place]] -= 1
    return counts


class MctsPlayer:
    name = "mcts"

    def __init__(self, seed: int | str = 0, iterations: int = 120, depth: int = 60,
                 seconds: float | None = None, guide: int = 3, branches: int = 2, plan_length: int = 30,
                 read: bool = False):
        self.rng = random.Random(seed)
        self.read = read  # weight the worlds by the others' moves of the deal (reading.py), race the options (racing.py)
        self.guide = guide  # moves drawn at each step of a simulation; the best for its mover is played
        if read:  # the simulated table plays as the reading model has the others play: greedily
            self.guide = max(guide, MODEL_GUIDE)
        self.memory = TurnMemory()  # positions it has been in this turn
        self.iterations = iterations
        self.depth = depth
        self.seconds = seconds
        self.branches = branches  # plans tried after a move that does not reach a stopping point
        self.plan_length = plan_length  # at most this many moves in a plan
        self.plan: list[tuple[tuple, Move]] = []  # the rest of the chosen plan, with the positions it expects
        self.plan_turn: tuple[int, int] | None = None

    def choose(self, state: State) -> Move:
        moves, seat = self.memory.enter(state)
        follow = self._follow(state, seat, moves)
        if follow is not None:
            return follow
        if len(moves) == 1:
            return moves[0]
        judge = judge_of(state)
        stand = standing_of(state)
        points = points_of(state)
        start = [(points(state, s), stand(state, s)) for s in range(len(state.points))]
        plans = self._plans(state, moves, seat, judge)
        if len(plans) == 1:
            return self._adopt(state, plans[0])
        if self.read:
            return self._adopt(state, plans[self._race(state, plans, seat, judge, stand, start)])
        prior = _ranks([p.value for p in plans])
        visits = [0] * len(plans)
        totals = [0.0] * len(plans)
        deadline = time.monotonic() + self.seconds if self.seconds is not None else None
        reader = Reader(state, seat, self.rng) if self.read else None
        n = 0
        while True:
            n += 1
            if deadline is not None:
                if n > len(plans) and time.monotonic() >= deadline:
                    break
            elif n > max(self.iterations, len(plans)):
                break
            if n <= len(plans):
                pick = n - 1
            else:
                log_n = math.log(n)
                pick = max(range(len(plans)), key=lambda i: totals[i] / visits[i]
                           + EXPLORATION * math.sqrt(log_n / visits[i]) + BIAS * prior[i] / (visits[i] + 1))
            world = reader.world(self.rng) if reader else sample_world(state, seat, self.rng)
            visits[pick] += 1
            totals[pick] += self._simulate(world, plans[pick], seat, judge, stand, start)
        best = max(range(len(plans)), key=lambda i: (totals[i] / visits[i] + BIAS * prior[i] / (visits[i] + 1), -i))
        return self._adopt(state, plans[best])

    def _race(self, state: State, plans: list[Plan], seat: int, judge: Judge, stand, start: list[tuple]) -> int:
        """The reading player's choice among the plans: raced in shared worlds drawn by weight,
        the greedy choice (judged in a few of those worlds) the default (racing.py)."""
        reader = Reader(state, seat, self.rng, worlds=CHAINS, noise=MODEL_NOISE, moves=SWEEPS)
        rng = self.rng

        def draw() -> State:
            if reader:
                return reader.world(rng)
            world = sample_world(state, seat, rng)
            world.history = []
            return world

        judged = [draw() for _ in range(DEFAULT_WORLDS)]
        defaults = greedy_firsts(greedy_values([p.moves for p in plans], judged, seat, judge))
        deadline = time.monotonic() + self.seconds if self.seconds is not None else None
        result = race(len(plans), defaults, draw, lambda world, i: self._simulate(world, plans[i], seat, judge, stand, start),
                      self.iterations, deadline, rng)
        return result.choice()

    def planned(self) -> list[Move]:
        """The moves the player means to make after the one it chose, while the table stays as it expects."""
        return [move for _, move in self.plan]

    # ---- plans ------------------------------------------------------------------------------------
    def _follow(self, state: State, seat: int, moves: list[Move]) -> Move | None:
        """The next move of the chosen plan, if the table is as the plan expected."""
        if self.plan and self.plan_turn == (state.deal_number, state.turn_number):
            expected, move = self.plan[0]
            if move in moves and seen_position(state, seat) == expected:
                self.plan.pop(0)
                return move
        self.plan = []
        return None

    def _adopt(self, state: State, plan: Plan) -> Move:
        self.plan = list(zip(plan.seen, plan.moves[1:]))
        self.plan_turn = (state.deal_number, state.turn_number)
        return plan.moves[0]

    def _plans(self, state: State, moves: list[Move], seat: int, judge: Judge) -> list[Plan]:
        """The options: each move, made into a plan when it stops short of a stopping point; the
        plans whose first move does not bring back a position it has been in this turn (all when
        every one does); one of the plans that end alike."""
        world = state.copy()
        world.history = []
        point = _Point(world, seat)
        here = seen_position(world, seat)
        plans: dict = {}
        trials = Trials(world)
        for move in moves:
            if not trials.make(move):
                plans[move] = Plan([move])  # (not a move in this world: its simulations score 0)
                continue
            back = self.memory.pointless(here, world, seat)
            if point.reached(world):
                plans[move] = Plan([move], value=judge(world, seat), back=back)
            else:
                for _ in range(self.branches):
                    plan, key = self._extend(world, move, seat, judge, point)
                    plan.back = back
                    plans.setdefault(key, plan)
            trials.take_back()
        ahead = [p for p in plans.values() if not p.back]
        return ahead or list(plans.values())

    def _extend(self, world: State, first: Move, seat: int, judge: Judge, point: _Point) -> tuple[Plan, tuple]:
        """A plan from `first` (already made in `world`) to a stopping point: at each step the move
        that does best by the greedy judgement if one does better than standing still, else — as
        often as not — a move that reaches a stopping point, else another move (so that a card can
        be moved out of the way first); never a move that loops in the turn (turn_memory). The world is left
        as it was given. Returns the plan and what identifies it: where it was before its last
        move, and that move (the card it shows is the world's, not one to tell plans apart)."""
        rng = self.rng
        plan = Plan([first])
        here = seen_position(world, seat)
        memory = self.memory.branch()  # the turn so far, and the plan's positions (no loop in a plan)
        memory.remember(world, seat)
        made = 0
        while made < self.plan_length:
            still = judge(world, seat)
            better, stopping, other = [], [], []
            trials = Trials(world)
            for move in world.legal_moves():
                if not trials.make(move):
                    continue  # (every listed move is one: never so)
                value = judge(world, seat)
                if value > still:
                    better.append((value, rng.random(), move))
                else:
                    (stopping if point.reached(world) else other).append(move)
                trials.take_back()
            rng.shuffle(stopping)
            rng.shuffle(other)
            better.sort(key=lambda t: (t[0], t[1]), reverse=True)
            plain = stopping + other if rng.random() < 0.5 else other + stopping
            best = after = None
            for move in [m for _, _, m in better] + plain:
                if not trials.make(move):
                    continue
                position = seen_position(world, seat)
                loops = memory.pointless(here, world, seat)
                trials.take_back()
                if not loops:
                    best, after = move, position
                    break
            if best is None:
                break  # every move goes back: the plan stops here
            plan.seen.append(here)
            plan.moves.append(best)
            world.play(best)
            made += 1
            here = after
            memory.remember(world, seat)
            if point.reached(world):
                break
        plan.value = judge(world, seat)
        for _ in range(made):
            world._undo()
        return plan, (plan.seen[-1], plan.moves[-1]) if made else (first,)

    # ---- simulations --------------------------------------------------------------------------
    def _simulate(self, world: State, plan: Plan, seat: int, judge: Judge, stand, start: list[tuple]) -> float:
        """Make the plan in the world, then guided moves, and score where the player ends up (1 the
        best place among the players, 0 the worst): half by where it stands, half by what it gained
        since `start` (points and standing there) — so that a player far ahead or far behind in a
        match of many deals still tells a good deal from a bad one."""
        deal = world.deal_number
        results = len(world.results)
        for number, move in enumerate(plan.moves):
            try:
                world.play(move)
            except ValueError:
                if number == 0:
                    return 0.0  # (a move that this world does not allow)
                break  # (a card this world dealt otherwise: the player would plan again here)
        rng = self.rng
        for _ in range(self.depth):
            if world.over or len(world.results) > results or world.deal_number != deal:
                break
            legal = world._legal_internal()
            if not legal:
                break
            if self.guide <= 1 or len(legal) == 1:
                world._apply_unrecorded(legal[rng.randrange(len(legal))])
                continue
            mover = world.current
            best, best_value = legal[0], None
            for index in rng.sample(range(len(legal)), min(self.guide, len(legal))):
                candidate = legal[index]
                world._apply(candidate)
                value = judge(world, mover)
                world._undo()
                if best_value is None or value > best_value:
                    best, best_value = candidate, value
            world._apply_unrecorded(best)  # (the tail is never taken back: no undo record)
        everyone = range(len(world.points))
        if len(everyone) == 1 and world.game.compiled.outcomes:  # one player: no place among others
            won = outcome_of(world, results)
            return 1.0 if won > 0 else 0.0 if won < 0 else 0.5
        if len(world.results) > results:
            sign = -1 if world.game.compiled.lowest_wins else 1  # `lowest score wins`: fewer is better
            scores = [sign * x for x in world.results[results].scores]
            stands = [(scores[s], stand(world, s)) for s in everyone]
            gains = [(scores[s], stand(world, s) - start[s][1]) for s in everyone]
        else:
            stands = [judge(world, s) for s in everyone]
            gains = [(p - start[s][0], st - start[s][1], e) for s, (p, st, e) in enumerate(stands)]
        teams = world.game.compiled.teams
        if teams:  # a place among the teams (partners judge alike): one value for each team
            firsts = [t.seats[0] for t in teams]
            mine = world.game.compiled.team_of[seat]
            return (place([stands[s] for s in firsts], mine) + place([gains[s] for s in firsts], mine)) / 2
        sides = sides_in(world) if len(world.results) <= results else sides_in_result(world, results)
        if sides is not None and len(sides) < len(everyone):  # `sides:`: a place among the sides
            mine = next(i for i, side in enumerate(sides) if seat in side)
            if len(world.results) > results:  # the side's score: its players' summed
                stands = [tuple(map(sum, zip(*(stands[s] for s in side)))) for side in sides]
                gains = [tuple(map(sum, zip(*(gains[s] for s in side)))) for side in sides]
            else:  # the judgement is the side's already (see greedy)
                stands, gains = [stands[side[0]] for side in sides], [gains[side[0]] for side in sides]
            return (place(stands, mine) + place(gains, mine)) / 2
        return (place(stands, seat) + place(gains, seat)) / 2


def sides_in_result(world: State, results: int) -> list[tuple[int, ...]] | None:
    """The sides a deal that has ended was played by: as its counters were when it ended (the
    next deal's bidding may not have named the seat alone yet)."""
    after = world.results[results].counters_after
    if not after or world.game.compiled.teams:
        return sides_in(world)
    counters, world.counters = world.counters, list(after)
    try:
        return sides_in(world)
    finally:
        world.counters = counters


def _ranks(values: list) -> list[float]:
    """Each value's rank among the distinct values, from 0 (the lowest) to 1; 0 for None."""
    distinct = sorted({v for v in values if v is not None})
    rank = {v: i / max(1, len(distinct) - 1) for i, v in enumerate(distinct)}
    return [rank[v] if v is not None else 0.0 for v in values]


def place(values, seat: int) -> float:
    """Where `seat` stands among the values: 1 above all others, 0 below all, ties halved."""
    mine = values[seat]
    lower = sum(1 for v in values if v < mine)
    equal = sum(1 for v in values if v == mine) - 1
    return (lower + equal / 2) / max(1, len(values) - 1)
