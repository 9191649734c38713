"""Melds and deadwood: `meld NAME: …` shapes and `deadwood of SEL by POINTS [laying off on ZONE]`.

A meld is a set of cards laid out together: `N to M of a rank` (a set), `N or more of one suit in
a row in ORDER` (a run in one suit), `N or more in a row in ORDER` (a run of any suits), a run
going round the order's end when the shape says `wrapping`. Jokers are in no meld.

The deadwood of some cards is the least total of the points of the cards left out, over every way
of arranging the cards into melds (each card in at most one; any card may stay out). It is found
by a search on the lowest card left: either it stays out, or it goes into one of the melds that
contain it and no lower card. The search is remembered by the set of positions it has left (so a
hand of 10 or 11 cards costs a few hundred steps) and, across calls, by the cards themselves.

`laying off on ZONE`: the other cards may also be laid off onto the melds of ZONE's arrangement —
one card at a time, each onto a meld that it keeps a meld of the same kind (the fourth card of a
set of 3 when sets hold up to 4, a card one below or above a run's ends), so lay-offs chain. The
arrangement is one that reaches ZONE's least deadwood; when several do, the one that leaves the
most deadwood to the cards laid off (the arranger chooses in his own interest).

Searches are bounded (`limits.MAX_MELD_CARDS` cards, `limits.MAX_MELDS` melds, `limits.MAX_MELD_STEPS` steps): beyond, the
caller stops the game with a `RulesRuntimeError` that cites the expression.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Any

from .. import limits

_CACHE_SIZE = 100_000  # results remembered across calls, per points table; cleared when full


class TooLarge(Exception):
    """The search would pass its bounds (the message says which)."""


class MeldKind:
    """One `meld` declaration, ready to search: its shape, sizes and order."""

    __slots__ = ("name", "shape", "low", "high", "order", "place", "places", "both", "wrapping")

    def __init__(self, spec: Any):
        self.name = spec.info.name
        self.shape = spec.shape  # rank | suit_run | run
        self.low = spec.low
        self.order = spec.order
        # An order whose first rank comes again at its end (`A 2 … K A`): that rank is low and high.
        self.both = len(spec.order) > 1 and spec.order[0] == spec.order[-1]
        length = (len(spec.order) - self.both) if spec.order else limits.MAX_MELD_CARDS
        self.high = min(spec.high if spec.high is not None else limits.MAX_MELD_CARDS, length)
        self.places: list[list[int]] = [[] for _ in range(16)]  # each rank's places in the order
        for i, rank in enumerate(spec.order):
            self.places[rank].append(i)
        self.place = [p[0] if p else -1 for p in self.places]
        self.wrapping = spec.wrapping

    def holds(self, group: tuple[int, ...]) -> bool:
        """Are these cards (a sorted tuple) one meld of this kind?"""
        n = len(group)
        if not self.low <= n <= self.high or any(c >> 2 >= 13 for c in group):
            return False
        if self.shape == "rank":
            return all(c >> 2 == group[0] >> 2 for c in group)
        if self.shape == "suit_run" and any(c & 3 != group[0] & 3 for c in group):
            return False
        if self.both:  # the rank at both ends may stand at either: some reading must be a stretch
            options = [self.places[c >> 2] for c in group]
            if not all(options):
                return False
            for chosen in product(*options):
                places = sorted(chosen)
                if len(set(places)) == n and places[-1] - places[0] == n - 1:
                    return True
            return False
        places = sorted(self.place[c >> 2] for c in group)
        if places[0] < 0 or len(set(places)) != n:
            return False
        if places[-1] - places[0] == n - 1:
            return True
        if not self.wrapping:
            return False
        length = len(self.order)  # round the corner: the places leave out one stretch, cyclically
        breaks = sum(1 for a, b in zip(places, places[1:] + [places[0] + length]) if b - a != 1)
        return breaks == 1

    def melds_of(self, hand: tuple[int, ...]) -> set[int]:
        """Every meld of this kind the hand's cards make, as masks of their positions."""
        found: set[int] = set()
        if self.shape == "rank":
            by_rank: dict[int, list[int]] = {}
            for i, c in enumerate(hand):
                if c >> 2 < 13:
                    by_rank.setdefault(c >> 2, []).append(i)
            for places in by_rank.values():
                for k in range(self.low, min(self.high, len(places)) + 1):
                    for chosen in combinations(places, k):
                        found.add(sum(1 << i for i in chosen))
                    if len(found) > limits.MAX_MELDS:
                        raise TooLarge(f"more than {limits.MAX_MELDS} melds of {len(hand)} cards to look at")
            return found
        length = len(self.order)
        suits = range(4) if self.shape == "suit_run" else (None,)
        for suit in suits:
            at: list[list[int]] = [[] for _ in range(length)]
            for i, c in enumerate(hand):
                if c >> 2 < 13 and (suit is None or c & 3 == suit):
                    for place in self.places[c >> 2]:
                        at[place].append(i)
            for start in range(length):
                if not at[start]:
                    continue
                run = []
                for step in range(min(self.high, length)):  # (high: never the end rank twice)
                    place = start + step
                    if place >= length:
                        if not self.wrapping:
                            break
                        place -= length
                    if not at[place]:
                        break
                    run.append(at[place])
                    if len(run) >= self.low:
                        for chosen in product(*run):
                            found.add(sum(1 << i for i in chosen))
                        if len(found) > limits.MAX_MELDS:
                            raise TooLarge(f"more than {limits.MAX_MELDS} melds of {len(hand)} cards to look at")
        return found


class MeldSearch:
    """Deadwood of card sets under the file's melds and one points table, remembered."""

    def __init__(self, kinds: list[MeldKind], worth: list[float]):
        self.kinds = kinds
        self.worth = worth
        self._least: dict[tuple[int, ...], float] = {}
        self._laid: dict[tuple[tuple[int, ...], tuple[int, ...]], float] = {}

    # ---- least deadwood ---------------------------------------------------------------------
    def _plan(self, hand: tuple[int, ...]) -> tuple[list[list[tuple[int, int]]], Any]:
        """The melds by their lowest position ([(mask, kind)]), and a remembered least(mask)."""
        if len(hand) > limits.MAX_MELD_CARDS:
            raise TooLarge(f"{len(hand)} cards to arrange into melds, more than {limits.MAX_MELD_CARDS}")
        lowest: list[list[tuple[int, int]]] = [[] for _ in hand]
        for k, kind in enumerate(self.kinds):
            for mask in kind.melds_of(hand):
                lowest[(mask & -mask).bit_length() - 1].append((mask, k))
        worth = [self.worth[c >> 2] for c in hand]
        memo: dict[int, float] = {0: 0.0}
        steps = [0]

        def least(mask: int) -> float:
            found = memo.get(mask)
            if found is not None:
                return found
            bit = mask & -mask
            i = bit.bit_length() - 1
            steps[0] += 1 + len(lowest[i])
            if steps[0] > limits.MAX_MELD_STEPS:
                raise TooLarge(f"more than {limits.MAX_MELD_STEPS} steps to arrange {len(hand)} cards into melds")
            best = worth[i] + least(mask ^ bit)
            for meld, _ in lowest[i]:
                if meld & mask == meld:
                    value = least(mask ^ meld)
                    if value < best:
                        best = value
            memo[mask] = best
            return best

        return lowest, least

    def least(self, hand: tuple[int, ...]) -> float:
        """The least deadwood of these cards (a sorted tuple)."""
        found = self._least.get(hand)
        if found is None:
            if len(self._least) >= _CACHE_SIZE:
                self._least.clear()
            _, least = self._plan(hand)
            found = self._least[hand] = least((1 << len(hand)) - 1)
        return found

    def arrangements(self, hand: tuple[int, ...]) -> list[list[tuple[int, tuple[int, ...]]]]:
        """Every arrangement reaching the least deadwood: its melds as (kind, cards)."""
        lowest, least = self._plan(hand)
        full = (1 << len(hand)) - 1
        target = least(full)
        worth = [self.worth[c >> 2] for c in hand]
        found: list[list[tuple[int, int]]] = []
        steps = [0]

        def walk(mask: int, melds: list[tuple[int, int]], left_out: float) -> None:
            steps[0] += 1
            if steps[0] > limits.MAX_MELD_STEPS:
                raise TooLarge(f"more than {limits.MAX_MELD_STEPS} steps to find the arrangements of {len(hand)} cards")
            if left_out + least(mask) > target + 1e-9:
                return
            if not mask:
                found.append(list(melds))
                return
            bit = mask & -mask
            i = bit.bit_length() - 1
            walk(mask ^ bit, melds, left_out + worth[i])
            for meld, kind in lowest[i]:
                if meld & mask == meld:
                    melds.append((meld, kind))
                    walk(mask ^ meld, melds, left_out)
                    melds.pop()

        walk(full, [], 0.0)
        return [[(kind, tuple(c for i, c in enumerate(hand) if meld >> i & 1)) for meld, kind in melds]
                for melds in found]

    # ---- laying off -------------------------------------------------------------------------
    def laid_off(self, hand: tuple[int, ...], onto: tuple[int, ...]) -> float:
        """The least deadwood of `hand` when its cards may also be laid off on the melds of
        `onto`'s least arrangement (the one, of several, that leaves `hand` the most)."""
        key = (hand, onto)
        found = self._laid.get(key)
        if found is not None:
            return found
        if len(self._laid) >= _CACHE_SIZE:
            self._laid.clear()
        choices = self.arrangements(onto)
        found = max((self._lay_off(hand, melds) for melds in choices), default=self.least(hand))
        self._laid[key] = found
        return found

    def _lay_off(self, hand: tuple[int, ...], melds: list[tuple[int, tuple[int, ...]]]) -> float:
        kinds = self.kinds
        memo: dict[Any, float] = {}
        steps = [0]

        def walk(left: tuple[int, ...], table: tuple[tuple[int, tuple[int, ...]], ...]) -> float:
            key = (left, table)
            found = memo.get(key)
            if found is not None:
                return found
            steps[0] += 1 + len(left) * len(table)
            if steps[0] > limits.MAX_MELD_STEPS:
                raise TooLarge(f"more than {limits.MAX_MELD_STEPS} steps to lay off {len(hand)} cards")
            best = self.least(left)
            tried = set()
            for i, card in enumerate(left):
                if card in tried:
                    continue
                tried.add(card)
                for j, (kind, group) in enumerate(table):
                    longer = tuple(sorted(group + (card,)))
                    if kinds[kind].holds(longer):
                        rest = left[:i] + left[i + 1:]
                        after = tuple(sorted(table[:j] + ((kind, longer),) + table[j + 1:]))
                        value = walk(rest, after)
                        if value < best:
                            best = value
            memo[key] = best
            return best

        return walk(hand, tuple(sorted(melds)))
