"""Combinations of cards declared in a game file, worked on counts by rank.

A combination kind is a core — `width` cards of each of `length` ranks, consecutive in a run
order when `length` can exceed 1 — plus optional wings: extra singles or pairs, so many per
core rank or so many in all, under restrictions. Or it is an exact set of ranks (two jokers).
Suits never matter here, so a hand is a list of 16 counts and a play is a sorted tuple of
ranks: enumeration never walks subsets of cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations_with_replacement
from typing import Iterator, Optional

RankCounts = list[int]  # index: rank (0..15), value: how many cards of it
Play = tuple[int, ...]  # the ranks of a play, sorted


@dataclass(frozen=True)
class WingRules:
    """What the extra cards of a combination may be."""

    width: int = 0  # 0: no wings; 1: single cards; 2: pairs
    per_core_rank: int = 0  # wings per core rank (airplanes) ...
    total: int = 0  # ... or in all (four with two singles)
    distinct: bool = False  # pairs of different ranks
    max_of_a_rank: int = 4  # "no three of a rank among single wings" -> 2
    core_ranks_allowed: bool = False
    forbidden_together: tuple[int, ...] = ()  # e.g. both jokers

    def count(self, length: int) -> int:
        return self.per_core_rank * length if self.per_core_rank else self.total


@dataclass(frozen=True)
class CombinationKind:
    name: str
    index: int
    width: int = 1
    min_length: int = 1
    max_length: int = 1
    run_ranks: tuple[int, ...] = ()  # the run order (ranks that may form runs), low to high
    exact: tuple[int, ...] = ()  # a fixed set of ranks, e.g. the two jokers
    wings: WingRules = field(default_factory=WingRules)
    tier: int = 0  # a higher tier beats any lower tier

    @property
    def is_run(self) -> bool:
        return self.max_length > 1


@dataclass(frozen=True)
class Combination:
    """One reading of a play: its kind, its core length, its key rank (highest core rank)."""

    kind: CombinationKind
    length: int
    key: int
    ranks: Play

    @property
    def size(self) -> int:
        return len(self.ranks)


class CombinationSet:
    """The combinations of one game, with the order that decides which beats which."""

    def __init__(self, kinds: list[CombinationKind], strength: tuple[int, ...]):
        self.kinds = kinds
        self.strength = [-1] * 16
        for i, rank in enumerate(strength):
            self.strength[rank] = i
        self.by_strength = [r for r in strength]  # plays are listed weakest first

    # ---- enumeration ------------------------------------------------------------------------
    def plays(self, counts: RankCounts) -> Iterator[Combination]:
        """Every combination the hand can make, each (kind, ranks) once."""
        for kind in self.kinds:
            yield from self._plays_of(kind, counts)

    def _plays_of(self, kind: CombinationKind, counts: RankCounts) -> Iterator[Combination]:
        if kind.exact:
            need: dict[int, int] = {}
            for rank in kind.exact:
                need[rank] = need.get(rank, 0) + 1
            if all(counts[r] >= n for r, n in need.items()):
                ranks = tuple(sorted(kind.exact))
                yield Combination(kind, 1, max(kind.exact, key=lambda r: self.strength[r]), ranks)
            return
        for core in self._cores(kind, counts):
            rest = list(counts)
            for rank in core:
                rest[rank] -= kind.width
            key = max(core, key=lambda r: self.strength[r])
            core_ranks = tuple(r for r in core for _ in range(kind.width))
            for wings in self._wings(kind.wings, len(core), core, rest):
                yield Combination(kind, len(core), key, tuple(sorted(core_ranks + wings)))

    def _cores(self, kind: CombinationKind, counts: RankCounts) -> Iterator[tuple[int, ...]]:
        width = kind.width
        if not kind.is_run:
            for rank in self.by_strength:
                if counts[rank] >= width and (not kind.run_ranks or rank in kind.run_ranks):
                    yield (rank,)
            return
        order = kind.run_ranks
        for start in range(len(order)):
            length = 0
            while start + length < len(order) and counts[order[start + length]] >= width:
                length += 1
                if length >= kind.min_length and length <= kind.max_length:
                    yield tuple(order[start:start + length])

    def _wings(self, rules: WingRules, length: int, core: tuple[int, ...], rest: RankCounts) -> Iterator[Play]:
        if rules.width == 0:
            yield ()
            return
        count = rules.count(length)
        candidates = [r for r in self.by_strength if rest[r] >= rules.width and (rules.core_ranks_allowed or r not in core)]
        if rules.distinct:
            pools = _choose_distinct(candidates, count)
        else:
            pools = combinations_with_replacement(candidates, count)
        for chosen in pools:
            used: dict[int, int] = {}
            for rank in chosen:
                used[rank] = used.get(rank, 0) + rules.width
            if any(rest[r] < n for r, n in used.items()):
                continue
            if any(n > rules.max_of_a_rank for n in used.values()):
                continue
            if rules.forbidden_together and all(r in used for r in rules.forbidden_together):
                continue
            yield tuple(r for r in chosen for _ in range(rules.width))

    # ---- reading and comparing ----------------------------------------------------------------
    def classify(self, ranks: Play) -> list[Combination]:
        """Every reading of exactly these ranks as a combination of this game."""
        counts = [0] * 16
        for rank in ranks:
            counts[rank] += 1
        target = tuple(sorted(ranks))
        return [c for c in self.plays(counts) if c.ranks == target]

    def beats(self, play: Combination, table: Optional[Combination]) -> bool:
        if table is None:
            return True
        if play.kind.tier != table.kind.tier:
            return play.kind.tier > table.kind.tier
        return (play.kind is table.kind and play.length == table.length
                and self.strength[play.key] > self.strength[table.key])


def _choose_distinct(candidates: list[int], count: int) -> Iterator[tuple[int, ...]]:
    from itertools import combinations

    return combinations(candidates, count)
