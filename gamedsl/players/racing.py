"""The reading player's search: its options raced in shared worlds, the greedy choice the default.

Where a one-move look-ahead on the hand's value is most of a game, a search whose simulations
are few and noisy does worse than the look-ahead itself: it plays the option that happened to
simulate best. Two things make the reading player's search sharper at the same cost:

- *shared worlds*: each round draws one world (by weight, from the reader) and simulates every
  option still in the race in it, so options are compared on the same hidden cards and the luck
  of the deal cancels out of their differences; an option whose mean falls clearly behind the
  leader's (by `DROP` standard errors of the paired difference) leaves the race;
- *the greedy default*: the options the greedy judgement ranks first (averaged over a few of
  the believed worlds) stay in the race, and the leader is played only when it is one of them
  or beats the best of them by more than `MARGIN` standard errors of the paired difference —
  so the player departs from the greedy choice only where its simulations show a clear gain;
- *equal means broken by a seeded draw*: scores that are places tie often over a few rounds, and
  broken by the options' order they made the first listed option win every tie (a pass listed
  before a knock won them all: judged in the real position, `tools/decision_oracle.py`, its
  choices were worth less than greedy's until ties were drawn).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from ..engine import State
from .greedy import Judge
from .trials import Trials

MARGIN = 1.0  # standard errors of the paired difference a departure from the greedy choice must clear
DROP = 2.0  # standard errors behind the leader at which an option leaves the race
FIRST_ROUNDS = 3  # rounds every option is simulated in before any leaves the race


def greedy_values(moves_of: list[list], worlds: list[State], seat: int, judge: Judge) -> list[tuple | None]:
    """Each option's greedy judgement averaged over `worlds`: where its moves lead (as far as a
    world allows them), None when a world refuses its first move."""
    values: list[tuple | None] = []
    tried = [Trials(world) for world in worlds]
    for moves in moves_of:
        sums: list[float] | None = None
        for trials in tried:
            world = trials.world
            if not trials.make(moves[0]):
                sums = None
                break
            made = 1
            for move in moves[1:]:
                try:
                    world.play(move)
                except ValueError:
                    break
                made += 1
            value = judge(world, seat)
            sums = list(value) if sums is None else [a + b for a, b in zip(sums, value)]
            trials.take_back(made)
        values.append(None if sums is None else tuple(round(x / len(worlds), 9) for x in sums))
    return values


def greedy_firsts(values: list[tuple | None]) -> list[int]:
    """The options the greedy judgement ranks first (all, when it judges none)."""
    known = [v for v in values if v is not None]
    if not known:
        return list(range(len(values)))
    top = max(known)
    return [i for i, v in enumerate(values) if v == top]


class Race:
    """The scores of the options in the rounds they were simulated in (a round: one world)."""

    def __init__(self, options: int, defaults: list[int], rng: random.Random | None = None):
        self.scores: list[dict[int, float]] = [{} for _ in range(options)]
        self.alive = list(range(options))
        self.defaults = list(defaults)
        self.rounds = 0
        # Equal means are broken by a seeded draw, not by the options' order: a few rounds of
        # simulations whose scores are places tie often, and the first option would win them all.
        self.order = list(range(options, 0, -1))
        if rng is not None:
            rng.shuffle(self.order)

    def mean(self, i: int) -> float:
        s = self.scores[i]
        return sum(s.values()) / len(s) if s else 0.0

    def paired(self, a: int, b: int) -> tuple[float, float, int]:
        """The mean of a's score less b's over the rounds both were simulated in, its standard
        error, and how many rounds."""
        common = [r for r in self.scores[a] if r in self.scores[b]]
        n = len(common)
        if not n:
            return 0.0, math.inf, 0
        diffs = [self.scores[a][r] - self.scores[b][r] for r in common]
        mean = sum(diffs) / n
        if n < 2:
            return mean, math.inf, n
        variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean, math.sqrt(variance / n), n

    def leader(self) -> int:
        return max(self.alive, key=lambda i: (self.mean(i), self.order[i]))

    def default(self) -> int:
        """The best of the greedy choices still in the race."""
        return max((i for i in self.defaults if i in self.alive), key=lambda i: (self.mean(i), self.order[i]))

    def prune(self) -> None:
        """Options clearly behind the leader leave the race (the best greedy choice never does)."""
        if self.rounds < FIRST_ROUNDS:
            return
        lead, keep = self.leader(), self.default()
        self.alive = [i for i in self.alive if i in (lead, keep) or self._within(i, lead)]

    def _within(self, i: int, lead: int) -> bool:
        gain, error, _ = self.paired(lead, i)
        return gain <= DROP * error

    def choice(self, margin: float = MARGIN) -> int:
        """The leader when the greedy judgement ranks it first too or it beats the best greedy
        choice clearly, else that greedy choice."""
        lead = self.leader()
        if lead in self.defaults:
            return lead
        keep = self.default()
        gain, error, _ = self.paired(lead, keep)
        return lead if gain > margin * error else keep


def race(options: int, defaults: list[int], world: Callable[[], State], simulate: Callable[[State, int], float],
         budget: int, deadline: float | None = None, rng: random.Random | None = None) -> Race:
    """Rounds of simulations until `budget` simulations are made (or `deadline`, a monotonic
    time, passes after the first round): each round one world, every option in the race in it."""
    state = Race(options, defaults, rng)
    made = 0
    while True:
        if deadline is not None:
            if state.rounds and time.monotonic() >= deadline:
                break
        elif state.rounds and made + len(state.alive) > budget:
            break
        drawn = world()
        for i in state.alive:
            state.scores[i][state.rounds] = simulate(drawn.copy(), i)
        made += len(state.alive)
        state.rounds += 1
        state.prune()
        if len(state.alive) == 1:
            break
    return state
