"""Reading the others: worlds weighted by how likely the others' moves of this deal were in them.

A world dealt at random from what a player sees takes no account of what the others did: a
player who stuck or passed in a drawing game is as likely to hold rubbish as a strong hand. The
model of the others: a player makes the move the greedy judgement ranks first (ties shared) with
probability 1 - `noise`, else any legal move; a move that has no counterpart in the world (not
legal there: a suit not followed while the world gives the player one) counts as `noise`²/moves.
A world is a renaming of the unseen cards (`worlds.reading_view`'s record renamed alike), and
the chance of the record in it is the product of the chances of the others' moves.

Random renamings seldom give the others hands as good as those their moves announce (a player
who builds a hand by exchanges with a public pool keeps the dealt cards that fit it), and weights
only pick the best of poor candidates. So a Reader deals a few, draws as many from them by weight,
and moves each towards the record by Gibbs steps: each unseen card that a recorded mover could
see trades places with the unseen card, among a few drawn, that the chance of the record after
the trade draws (staying is one of them). A recorded move's chance depends only on the cards its
mover could see (`seen_by_mover`: the player it models judges by what it sees), so a trade is
judged by the moves that saw one of its two cards, and those chances are kept by the cards they
saw, not judged again.

Its cost, for the player (`CHAINS` worlds, `SWEEPS` sweeps): in a three-player swap game about
ten recorded moves and eight cards to move, some 600 judgements of a recorded move's legal moves.
"""

from __future__ import annotations

import math
import random

from ..engine import State
from .greedy import judge_of
from .worlds import Step, after_key, hidden_places, relabelled, unseen_cards

WORLDS = 32  # worlds dealt and weighted for one choice (a Reader's default)
NOISE = 0.25  # the chance the model gives to a move other than the greedy choice (a Reader's default)
TRADES = 8  # the other unseen cards a card may trade places with in one Gibbs step
CHAINS = 4  # worlds a reading player deals and moves towards the record, for one choice
SWEEPS = 2  # Gibbs steps each card a recorded mover saw makes, in each of those worlds
MODEL_NOISE = 0.05  # the reading player's model of the others: greedy players err seldom
DEFAULT_WORLDS = 6  # worlds the reading player's greedy judgement of its options is averaged over
MODEL_GUIDE = 16  # a reading player's simulated players make the greedy choice among so many moves (all, mostly)


def likelihood(record: list[Step], mapping: dict[int, int], noise: float = NOISE) -> float:
    """The log of the chance of the recorded moves, with the unseen cards renamed by `mapping`."""
    return sum(step_likelihood(step, mapping, noise) for step in record)


def step_likelihood(step: Step, mapping: dict[int, int], noise: float = NOISE) -> float:
    """The log of the chance of one recorded move, with the unseen cards renamed by `mapping`."""
    position = relabelled(step.before, mapping, step.before.seed)
    legal = position._legal_internal()
    if len(legal) <= 1:
        return 0.0
    judge = judge_of(position)
    target = step.after if not mapping else _renamed(step.after, mapping)
    values, made = [], []
    for move in legal:
        try:
            position._play_internal(move)
        except (ValueError, RuntimeError):  # (a rule that fails in this world: not a move the model makes)
            values.append(None)
            made.append(False)
            continue
        values.append(judge(position, step.mover))
        made.append(after_key(position) == target)
        position._undo()
    known = [v for v in values if v is not None]
    top = max(known) if known else None
    best = [v is not None and v == top for v in values]
    n, n_best = len(legal), max(1, sum(best))
    chance = sum((1 - noise) / n_best * b + noise / n for b, m in zip(best, made) if m)
    return math.log(chance if chance > 0 else noise * noise / n)


def seen_by_mover(step: Step, unseen: set[int]) -> set[int]:
    """The unseen cards (of the reading player) that the mover of `step` could see, before its
    move or after one of its moves: the model's chance of the move depends on no others, since
    the player it models judges by what it sees. A renaming of the other unseen cards leaves
    the chance of the move as it is."""
    position = step.before.copy()
    position._legal = None
    mover = step.mover

    def visible() -> set[int]:
        cards = {c for zone in position.zones for c in zone}
        return cards - {position.zones[z][p] for z, p in hidden_places(position, mover)}

    seen = visible()
    for move in position._legal_internal():
        try:
            position._play_internal(move)
        except (ValueError, RuntimeError):
            continue
        seen |= visible()
        position._undo()
    return seen & unseen


def _renamed(after: tuple, mapping: dict[int, int]) -> tuple:
    zones = tuple(tuple(mapping.get(c, c) for c in z) for z in after[0])
    return (zones, *after[1:])


class Reader:
    """The worlds of one choice, weighted by the record of the view they are dealt from.

    `worlds` renamings of the unseen cards are dealt at random and weighted by the chance of the
    record in each. With `moves` > 0 they are then *moved towards the record*: as many are drawn
    from them by weight, and each makes `moves` sweeps of Gibbs steps (see the module's
    docstring; exact Gibbs steps if every trade were tried, here a few drawn afresh each time).
    The worlds end equally weighted and mostly distinct: worlds the record makes likely, where
    weights alone fall on the best few of the first deal."""

    def __init__(self, view: State, seat: int, rng: random.Random, worlds: int = WORLDS, noise: float = NOISE,
                 moves: int = 0):
        self.worlds: list[State] = []
        self.cumulative: list[float] = []
        self.mappings: list[dict[int, int]] = []
        record = getattr(view, "record", None)
        unseen = unseen_cards(view, seat)
        if not record or not unseen:
            return
        named = sorted(unseen)
        kept = set(named)
        seen = [seen_by_mover(step, kept) for step in record]
        telling = [i for i, cards in enumerate(seen) if cards]  # (the others: the same chance in every world)
        index = {code: i for i, code in enumerate(named)}
        steps_of: list[list[int]] = [[] for _ in named]
        for i in telling:
            for code in seen[i]:
                steps_of[index[code]].append(i)
        dealt, logs = [], []
        for _ in range(worlds):
            shuffled = list(named)
            rng.shuffle(shuffled)
            mapping = dict(zip(named, shuffled))
            dealt.append(shuffled)
            logs.append({i: step_likelihood(record[i], mapping, noise) for i in telling})
        totals = [sum(log.values()) for log in logs]
        top = max(totals)
        weights = [math.exp(x - top) for x in totals]
        if moves > 0 and telling:
            dealt = self._moved(record, named, steps_of, dealt, logs, weights, moves, noise, rng)
            weights = [1.0] * len(dealt)
        running = 0.0
        for shuffled, w in zip(dealt, weights):
            mapping = dict(zip(named, shuffled))
            world = relabelled(view, mapping, "")
            world.record = []
            self.worlds.append(world)
            self.mappings.append(mapping)
            running += w
            self.cumulative.append(running)

    @staticmethod
    def _moved(record: list[Step], named: list[int], steps_of: list[list[int]], dealt: list[list[int]],
               logs: list[dict[int, float]], weights: list[float], moves: int, noise: float,
               rng: random.Random) -> list[list[int]]:
        """Worlds drawn by weight, each moved by `moves` sweeps of Gibbs steps: each card a
        recorded mover could see, in turn, trades places with another unseen card (or stays),
        drawn by the chance of the record after the trade."""
        movable = [i for i, steps in enumerate(steps_of) if steps]
        if len(named) < 2:
            return dealt
        seen: dict[int, list[int]] = {}  # a recorded move: the places of the cards its mover saw
        for a in movable:
            for i in steps_of[a]:
                seen.setdefault(i, []).append(a)
        known: dict[tuple, float] = {}

        def chance(i: int, shuffled: list[int]) -> float:
            key = (i, *(shuffled[a] for a in seen[i]))
            found = known.get(key)
            if found is None:
                found = known[key] = step_likelihood(record[i], dict(zip(named, shuffled)), noise)
            return found

        total = sum(weights)
        step, x = total / len(dealt), rng.random() * total / len(dealt)
        drawn, running, k = [], 0.0, 0
        for shuffled, w in zip(dealt, weights):  # systematic resampling
            running += w
            while k < len(dealt) and x + k * step < running:
                drawn.append(list(shuffled))
                k += 1
        while len(drawn) < len(dealt):  # (rounding)
            drawn.append(list(dealt[-1]))
        others = len(named) - 1
        for shuffled in drawn:
            for _ in range(moves):
                order = list(movable)
                rng.shuffle(order)
                for a in order:
                    # the trades tried: a few of the other cards, drawn afresh (staying is one)
                    tried = [a, *(b + (b >= a) for b in rng.sample(range(others), min(TRADES, others)))]
                    gains = []
                    for b in tried:
                        touched = set(steps_of[a]) | set(steps_of[b])
                        before = sum(chance(i, shuffled) for i in touched)
                        shuffled[a], shuffled[b] = shuffled[b], shuffled[a]
                        gains.append(sum(chance(i, shuffled) for i in touched) - before)
                        shuffled[a], shuffled[b] = shuffled[b], shuffled[a]
                    top = max(gains)
                    odds = [math.exp(g - top) for g in gains]
                    y = rng.random() * sum(odds)
                    pick = 0
                    while pick < len(odds) - 1 and y >= odds[pick]:
                        y -= odds[pick]
                        pick += 1
                    b = tried[pick]
                    shuffled[a], shuffled[b] = shuffled[b], shuffled[a]
        return drawn

    def __bool__(self) -> bool:
        return bool(self.worlds)

    def world(self, rng: random.Random) -> State:
        """A copy of one of the worlds, drawn by weight, with a seed of its own for what is to come."""
        x = rng.random() * self.cumulative[-1]
        lo, hi = 0, len(self.cumulative) - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if self.cumulative[mid] < x:
                lo = mid + 1
            else:
                hi = mid
        world = self.worlds[lo].copy()
        world.seed = f"world/{rng.getrandbits(64)}"
        world._legal = None
        return world

    def effective(self) -> float:
        """How many equally weighted worlds the weights are worth (1 to the number of worlds)."""
        weights = [b - a for a, b in zip([0.0, *self.cumulative], self.cumulative)]
        total = sum(weights)
        return total * total / sum(w * w for w in weights) if total else 0.0
