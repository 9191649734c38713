"""Reading the others: worlds weighted by how likely the others' moves of this deal were in them.

A world dealt at random from what a player sees takes no account of what the others did: a
player who stuck or passed in a drawing game is as likely to hold rubbish as a strong hand. Here a few
worlds are dealt (a random renaming of the unseen cards, `worlds.reading_view`'s record renamed
alike), and each is weighted by the chance of the others' recorded moves in it under a simple
model of them: a player makes the move the greedy judgement ranks first (ties shared) with
probability 1 - `noise`, else any legal move; a move that has no counterpart in the world (not
legal there: a suit not followed while the world gives the player one) counts as `noise`²/moves.
The worlds simulations are dealt in are drawn from these by weight (importance resampling);
when the record is empty, or the weights are all alike, they are as good as uniform. A Reader
can also rejuvenate its worlds (Metropolis swaps of unseen cards, see Reader); measured, it did
not make the player stronger for its cost, so the player does not (`REJUVENATE`).

Its cost: the legal moves of each recorded move are judged once in each world — for a record of
20 moves of 10 legal moves and 32 worlds, 6,400 moves made and taken back.
"""

from __future__ import annotations

import math
import random

from ..engine import State
from .greedy import judge_of
from .worlds import Step, after_key, hidden_places, relabelled, unseen_cards

WORLDS = 32  # worlds dealt and weighted for one choice
NOISE = 0.25  # the chance the model gives to a move other than the greedy choice
MODEL_GUIDE = 16  # a reading player's simulated players make the greedy choice among so many moves (all, mostly)
REJUVENATE = 0  # Metropolis steps each of a reading player's worlds is moved by (see Reader)
DEFAULT_WORLDS = 6  # worlds the reading player's greedy judgement of its options is averaged over
MODEL_GUIDE = 16  # a reading player's simulated players make the greedy choice among so many moves (all, mostly)


def likelihood(record: list[Step], mapping: dict[int, int], noise: float = NOISE) -> float:
    """The log of the chance of the recorded moves, with the unseen cards renamed by `mapping`."""
    total = 0.0
    for step in record:
        position = relabelled(step.before, mapping, step.before.seed)
        legal = position._legal_internal()
        if len(legal) <= 1:
            continue
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
        total += math.log(chance if chance > 0 else noise * noise / n)
    return total


def _renamed(after: tuple, mapping: dict[int, int]) -> tuple:
    zones = tuple(tuple(mapping.get(c, c) for c in z) for z in after[0])
    return (zones, *after[1:])


class Reader:
    """The worlds of one choice, weighted by the record of the view they are dealt from.

    With `moves` > 0 the weighted worlds are *rejuvenated*: as many are drawn from them by
    weight, and each is then moved by `moves` Metropolis steps — the cards of two unseen places
    (one of them in another player's zone, where the record says most) swap when a draw below
    the likelihood ratio accepts it. The worlds end equally weighted and, unlike the drawn
    copies, mostly distinct: the weights no longer fall on a few worlds of the first deal."""

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
        dealt, logs = [], []
        for _ in range(worlds):
            shuffled = list(named)
            rng.shuffle(shuffled)
            dealt.append(shuffled)
            logs.append(likelihood(record, dict(zip(named, shuffled)), noise))
        top = max(logs)
        weights = [math.exp(x - top) for x in logs]
        if moves > 0:
            dealt, weights = self._rejuvenated(view, seat, record, named, dealt, logs, weights, moves, noise, rng)
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
    def _rejuvenated(view: State, seat: int, record: list[Step], named: list[int], dealt: list[list[int]],
                     logs: list[float], weights: list[float], moves: int, noise: float,
                     rng: random.Random) -> tuple[list[list[int]], list[float]]:
        """Worlds drawn by weight, each moved by Metropolis swaps of two unseen cards; equal weights."""
        index = {code: i for i, code in enumerate(named)}
        places = [(zone_id, index[view.zones[zone_id][place]]) for zone_id, place in hidden_places(view, seat)]
        zones = view._c.zones
        owned = [i for zone_id, i in places if zones[zone_id].owner not in (None, seat)]
        everywhere = [i for _, i in places]
        if not owned or len(everywhere) < 2:
            return dealt, weights
        total = sum(weights)
        step, x = total / len(dealt), rng.random() * total / len(dealt)
        drawn, running, k = [], 0.0, 0
        for shuffled, log, w in zip(dealt, logs, weights):  # systematic resampling
            running += w
            while k < len(dealt) and x + k * step < running:
                drawn.append((list(shuffled), log))
                k += 1
        while len(drawn) < len(dealt):  # (rounding)
            drawn.append((list(dealt[-1]), logs[-1]))
        out = []
        for shuffled, log in drawn:
            for _ in range(moves):
                a = owned[rng.randrange(len(owned))]
                b = everywhere[rng.randrange(len(everywhere))]
                if a == b:
                    continue
                shuffled[a], shuffled[b] = shuffled[b], shuffled[a]
                proposed = likelihood(record, dict(zip(named, shuffled)), noise)
                if proposed >= log or rng.random() < math.exp(proposed - log):
                    log = proposed
                else:
                    shuffled[a], shuffled[b] = shuffled[b], shuffled[a]
            out.append(shuffled)
        return out, [1.0] * len(out)

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
