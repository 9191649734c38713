"""Combinations of cards declared in a game file, worked on counts by rank.

A combination kind is a core — `width` cards of each of `length` ranks, consecutive in a run
order when `length` can exceed 1 — plus optional wings: extra singles or pairs, so many per
core rank or so many in all, under restrictions. Or it is an exact set of ranks (two jokers).
Suits never matter here, so a hand is a list of 16 counts and a play is a sorted tuple of
ranks: enumeration never walks subsets of cards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

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
    is_run: bool = field(init=False)  # can its core be longer than one rank (a plain field: read often)

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_run", self.max_length > 1)


class Combination(NamedTuple):
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
        self._readings: dict[Play, list[Combination]] = {}
        self._reading: dict[tuple[int, Play], Combination] = {}  # (kind, ranks) -> its reading
        self._run_tables: dict[int, list[list[Play]]] = {}
        # Fixed per kind, so worked out once: the kinds of each higher tier, and for a kind of
        # exact ranks (two jokers, say) its key, how many of each rank it needs, and its sorted ranks.
        widest = max([k.width for k in kinds] + [k.wings.width for k in kinds], default=1)
        self._repeat = [[(r,) * width for r in range(16)] for width in range(widest + 1)]  # (r,) * width, made once
        orders = list(dict.fromkeys(k.run_ranks for k in kinds if k.is_run))
        self._run_key = {k.index: (k.width, orders.index(k.run_ranks)) for k in kinds if k.is_run}
        self._one_extra_group = frozenset(k.index for k in kinds if not k.is_run and k.wings.width
                                          and k.wings.count(1) == 1 and not k.wings.core_ranks_allowed)
        self._higher = {k.tier: tuple(h for h in kinds if h.tier > k.tier) for k in kinds}
        self._exact = {k.index: (max(k.exact, key=self.strength.__getitem__),
                                 tuple((r, k.exact.count(r)) for r in sorted(set(k.exact))), tuple(sorted(k.exact)))
                       for k in kinds if k.exact}

    # ---- enumeration ------------------------------------------------------------------------
    def answers(self, counts: RankCounts, table: Combination,
                make: Callable[[CombinationKind, int, int, Play], Any] = Combination) -> list[Any]:
        """The plays that beat `table`: only its kind at its length (keys above), and the
        kinds of a higher tier, are enumerated at all."""
        kind = table.kind
        higher = self._higher.get(kind.tier)
        if higher is None:  # a kind of another set
            higher = tuple(k for k in self.kinds if k.tier > kind.tier)
        same = self.plays(counts, (kind,), table.length, make, self.strength[table.key])
        if higher:
            same.extend(self.plays(counts, higher, 0, make))
        return same

    def plays(self, counts: RankCounts, kinds: tuple | None = None, only_length: int = 0,
              make: Callable[[CombinationKind, int, int, Play], Any] = Combination, above: int = -1) -> list[Any]:
        """Every combination the hand can make, each (kind, ranks) once, weakest first by kind
        (of `kinds` only, of one core length, and with a key stronger than `above`, when given).

        One flat loop per kind over the counts (no nested generators): this is the hot path of
        games that play combinations. `make` builds each play from (kind, length, key, ranks):
        a reading by default, or straight the move a generator wants."""
        out: list[Combination] = []
        append = out.append
        cores_from = self.by_strength[above + 1:] if above >= 0 else self.by_strength  # ranks whose key could win
        strength = self.strength
        repeat = self._repeat
        held: dict[Any, Any] = {}  # shared by the kinds of this call: what the counts allow, per width
        most = max(counts)  # no kind whose core needs more of a rank can be made
        for kind in kinds if kinds is not None else self.kinds:
            if kind.exact:
                key, need, exact = self._exact[kind.index]
                if strength[key] > above:
                    for r, n in need:
                        if counts[r] < n:
                            break
                    else:
                        append(make(kind, 1, key, exact))
                continue
            width = kind.width
            if width > most:
                continue
            wings = kind.wings
            if kind.is_run:
                order = kind.run_ranks
                run_key = self._run_key[kind.index]
                found = held.get(run_key)
                if found is None:  # from each start in the run order: how many ranks in a row are held
                    size = len(order)
                    reach = [0] * (size + 1)
                    for i in range(size - 1, -1, -1):
                        if counts[order[i]] >= width:
                            reach[i] = reach[i + 1] + 1
                    found = held[run_key] = (reach, max(reach))
                reach, longest = found
                low, high = kind.min_length, kind.max_length
                if only_length:
                    low = high = only_length
                cores = []
                if longest < low:
                    continue
                plain = not wings.width
                runs = self._runs(kind) if plain else None
                for start in range(len(order)):
                    far = reach[start]
                    if far < low:
                        continue
                    for length in range(low, min(high, far) + 1):
                        key = order[start + length - 1]
                        if strength[key] > above:
                            if runs is not None:  # straights, pair chains: the sorted cards are in a table
                                append(make(kind, length, key, runs[start][length]))
                            else:
                                cores.append(order[start:start + length])
            else:
                ranks = held.get(width)
                if ranks is None:
                    ranks = held[width] = [r for r in cores_from if counts[r] >= width]
                allowed = kind.run_ranks
                if allowed:
                    ranks = [r for r in ranks if r in allowed]
                if not wings.width:  # solo, pair, trio, bomb: nothing to arrange
                    same = repeat[width]
                    for r in ranks:
                        append(make(kind, 1, r, same[r]))
                    continue
                if kind.index in self._one_extra_group:
                    # trio with a single, trio with a pair: one extra group of another rank
                    wide = wings.width
                    extras = held.get(wide) if above < 0 else None
                    if extras is None:
                        extras = [r for r in self.by_strength if counts[r] >= wide]
                        if above < 0:
                            held[wide] = extras
                    group = repeat[wide]
                    for r in ranks:
                        core = repeat[width][r]
                        for x in extras:
                            if x != r:
                                append(make(kind, 1, r, group[x] + core if x < r else core + group[x]))
                    continue
                cores = [(r,) for r in ranks]
            for core in cores:
                key = core[-1]  # cores run from weak to strong
                core_ranks = [r for r in core for _ in range(width)] if width > 1 else list(core)
                length = len(core)
                if not wings.width:
                    core_ranks.sort()
                    append(make(kind, length, key, tuple(core_ranks)))
                    continue
                rest = list(counts)
                for rank in core:
                    rest[rank] -= width
                for extra in self._wings(wings, length, core, rest):
                    extra.extend(core_ranks)
                    extra.sort()
                    append(make(kind, length, key, tuple(extra)))
        return out

    def _runs(self, kind: CombinationKind) -> list[list[Play]]:
        """For a run without wings: the sorted ranks of the run from `start`, of each length."""
        found = self._run_tables.get(kind.index)
        if found is None:
            order = kind.run_ranks
            found = [[tuple(sorted(r for r in order[start:start + length] for _ in range(kind.width)))
                      for length in range(len(order) - start + 1)] for start in range(len(order))]
            self._run_tables[kind.index] = found
        return found

    def _wings(self, rules: WingRules, length: int, core: tuple[int, ...], rest: RankCounts) -> Iterator[list[int]]:
        """The extra cards, as multisets built rank by rank (never a forbidden one)."""
        count = rules.count(length)
        width = rules.width
        candidates = [r for r in self.by_strength if rest[r] >= width and (rules.core_ranks_allowed or r not in core)]
        # How many wings each candidate rank may give: pairs of distinct ranks give one each.
        limit = [1 if rules.distinct else min(rest[r], rules.max_of_a_rank) // width for r in candidates]
        together = rules.forbidden_together
        if count == 1:  # the common cases without recursion
            for rank in candidates:
                yield [rank] * width
            return
        if count == 2:
            for i, first in enumerate(candidates):
                for j in range(i if limit[i] >= 2 else i + 1, len(candidates)):
                    second = candidates[j]
                    if together and first in together and second in together and first != second:
                        continue
                    yield [first] * width + [second] * width
            return
        chosen: list[int] = []

        def extend(start: int, need: int) -> Iterator[list[int]]:
            if need == 0:
                if not (together and all(r in chosen for r in together)):
                    yield [r for r in chosen for _ in range(width)]
                return
            for i in range(start, len(candidates)):
                rank = candidates[i]
                for k in range(1, min(limit[i], need) + 1):
                    chosen.extend([rank] * k)
                    yield from extend(i + 1, need - k)
                    del chosen[-k:]

        yield from extend(0, count)

    # ---- reading and comparing ----------------------------------------------------------------
    def classify(self, ranks: Play) -> list[Combination]:
        """Every reading of exactly these ranks as a combination of this game (remembered)."""
        target = tuple(sorted(ranks))
        found = self._readings.get(target)
        if found is None:
            counts = [0] * 16
            for rank in target:
                counts[rank] += 1
            found = [c for c in self.plays(counts) if c.ranks == target and c.size == len(target)]
            if len(self._readings) > 200_000:
                self._readings.clear()
            self._readings[target] = found
        return found

    def reading(self, kind_index: int, ranks: Play) -> Combination:
        """The reading of these ranks as a combination of that kind (remembered)."""
        found = self._reading.get((kind_index, ranks))
        if found is None:  # the first play of that kind from these ranks: only that kind is read
            kind = self.kinds[kind_index]
            counts = [0] * 16
            for rank in ranks:
                counts[rank] += 1
            target = tuple(sorted(ranks))
            found = next(r for r in self.plays(counts, (kind,)) if r.ranks == target)
            if len(self._reading) > 200_000:
                self._reading.clear()
            self._reading[kind_index, ranks] = found
        return found

    def beats(self, play: Combination, table: Combination | None) -> bool:
        if table is None:
            return True
        if play.kind.tier != table.kind.tier:
            return play.kind.tier > table.kind.tier
        return (play.kind is table.kind and play.length == table.length
                and self.strength[play.key] > self.strength[table.key])
