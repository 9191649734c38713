"""Combinations of cards declared in a game file, worked on counts by rank.

A combination kind is a core — `width` cards of each of `length` ranks, consecutive in a run
order when `length` can exceed 1 — plus optional wings: extra singles or pairs, so many per
core rank or so many in all, under restrictions. Or it is an exact set of ranks (two jokers).
Suits never matter here, so a hand is a list of 16 counts and a play is a sorted tuple of
ranks: enumeration never walks subsets of cards. (A game that declares `plays are told apart by
their cards` uses `card_combinations.py` instead.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from . import native
from .source import Source, identifier

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

    by_cards = False  # counted by rank (`card_combinations.CardCombinationSet`: told apart by their cards)

    def __init__(self, kinds: list[CombinationKind], strength: tuple[int, ...]):
        self.kinds = kinds
        self.strength = [-1] * 16
        for i, rank in enumerate(strength):
            self.strength[rank] = i
        self.by_strength = [r for r in strength]  # plays are listed weakest first
        # stronger[s]: the ranks of a strength above s, weakest first (stronger[-1]: every rank)
        self.stronger = [tuple(self.by_strength[s + 1:]) for s in range(len(strength))] + [tuple(self.by_strength)]
        self._readings: dict[Play, list[Combination]] = {}
        self._reading: dict[tuple[int, Play], Combination] = {}  # (kind, ranks) -> its reading
        self._finders: dict[Any, PlayFinder] = {}
        # Fixed per kind, so worked out once: the kinds of each higher tier, and for a kind of
        # exact ranks (two jokers, say) its key, how many of each rank it needs, and its sorted ranks.
        self._one_extra_group = frozenset(k.index for k in kinds if not k.is_run and k.wings.width
                                          and k.wings.count(1) == 1 and not k.wings.core_ranks_allowed)
        self._higher = {k.tier: tuple(h for h in kinds if h.tier > k.tier) for k in kinds}
        self._exact = {k.index: (max(k.exact, key=self.strength.__getitem__),
                                 tuple((r, k.exact.count(r)) for r in sorted(set(k.exact))), tuple(sorted(k.exact)))
                       for k in kinds if k.exact}

    # ---- enumeration ------------------------------------------------------------------------
    def finder(self, form: Callable[[CombinationKind, int, int, Play], Any] = Combination,
               key: Any = None) -> PlayFinder:
        """The finder of plays built by `form` (kept under `key`, or under `form` itself)."""
        key = form if key is None else key
        found = self._finders.get(key)
        if found is None:
            found = self._finders[key] = PlayFinder(self, form)
        return found

    def plays(self, counts: RankCounts, kinds: tuple | None = None, only_length: int = 0,
              make: Callable[[CombinationKind, int, int, Play], Any] = Combination, above: int = -1) -> list[Any]:
        """Every combination the hand can make (see `PlayFinder.plays`)."""
        return self.finder(make).plays(counts, kinds, only_length, above)

    def held_ranks(self, counts: RankCounts, width: int, above: int = -1) -> list[int]:
        """The ranks of which the hand holds at least `width` cards, with a strength above
        `above`, weakest first."""
        return [r for r in self.stronger[above] if counts[r] >= width]

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


Held = list[list[int]] | None  # held[w]: the ranks held at least w times (None: not worked out)
Finder = Callable[[RankCounts, Held, dict, int, int, list], None]


class PlayFinder:
    """The plays of hands, each built by one `form` (a reading, or a game's move).

    Each kind gets a finder fitted to its shape when the finder is made: the plays of a single
    group (a solo, a pair, a bomb), of a group with one other group (a trio with a single), and of
    a run without wings are built once into tables, so listing them is picking entries by the
    hand's counts; only kinds with wings to arrange build their plays as they find them. The
    order is fixed: kinds as declared, then by strength (runs by start, then length).

    A finder is called as find(counts, held, reach, above, only_length, out): `held[w]` lists the
    ranks held at least w times with a strength above `above` (None: the finder works them out
    itself), `reach` keeps what runs the hand holds, for the kinds of one listing to share."""

    def __init__(self, kinds: CombinationSet, form: Callable[[CombinationKind, int, int, Play], Any]):
        self.set = kinds
        self.form = form
        self._run_keys: dict[tuple[tuple[int, ...], int], int] = {}
        self._shapes: dict[int, tuple] = {}  # kind -> its shape and tables, for `_leads_function`
        self._find = {kind.index: self._finder_of(kind) for kind in kinds.kinds}
        self._all = [self._find[kind.index] for kind in kinds.kinds]
        self._widest = max((width for width, _ in self._all), default=1)
        # _up_to[n]: the finders of the kinds whose core needs at most n of a rank
        self._up_to = [[find for width, find in self._all if width <= n] for n in range(self._widest + 1)]
        self.leads = self.python_leads = self._leads_function()
        # answer[kind](counts, table): the plays that beat `table`, a play of that kind
        self.answer = self.python_answer = [self._answers_function(kind) for kind in kinds.kinds]
        self.native: Any = None  # the C versions of both, when they could be built (`native.attach`)
        native.attach(self)

    def held(self, counts: RankCounts, above: int = -1) -> list[list[int]]:
        """`held[w]`: the ranks held at least w times with a strength above `above`, weakest
        first, for each w up to the most held of a rank (each list drawn from the one before)."""
        ranks = [r for r in self.set.stronger[above] if counts[r]]
        held = [ranks, ranks]
        for width in range(2, self._widest + 1):
            ranks = [r for r in ranks if counts[r] >= width]
            if not ranks:
                break
            held.append(ranks)
        return held

    def plays(self, counts: RankCounts, kinds: tuple | None = None, only_length: int = 0, above: int = -1) -> list[Any]:
        """Every combination the hand can make, each (kind, ranks) once (of `kinds` only, of one
        core length, and with a key stronger than `above`, when given)."""
        if kinds is None and above < 0 and not only_length:
            return self.leads(counts)
        out: list[Any] = []
        held = self.held(counts, above)
        most = len(held) - 1 if held[1] else 0  # no kind whose core needs more of a rank can be made
        reach: dict[int, tuple[list[int], int]] = {}
        if kinds is None:
            for find in self._up_to[most]:
                find(counts, held, reach, above, only_length, out)
            return out
        for width, find in [self._find[k.index] for k in kinds]:
            if width <= most:
                find(counts, held, reach, above, only_length, out)
        return out

    def _leads_function(self) -> Callable[[RankCounts], list[Any]]:
        """`plays(counts)` of every kind, as one generated function: the ranks held so often
        worked out once, the plays of table-built kinds picked in line, the others' finders
        called. The same plays in the same order as the finders give them one by one."""
        code = Source("_t")
        widest = max((w for kind in self.set.kinds for w in self._widths_used(kind)), default=1)
        lines = ["def leads(counts):", "    out = []", f"    h1 = [r for r in {code.bind(self.set.stronger[-1])} if counts[r]]"]
        lines += [f"    h{w} = [r for r in h{w - 1} if counts[r] >= {w}]" for w in range(2, widest + 1)]
        lines += [f"    held = [h1, {', '.join(f'h{w}' for w in range(1, widest + 1))}]", "    reach = {}"]
        for kind in self.set.kinds:
            lines.append("    # " + identifier(kind.name))  # a checked identifier, never text
            lines += self._every_play_source(kind, code, {w: f"h{w}" for w in range(1, widest + 1)}, "held")
        return code.function([*lines, "    return out"])

    def _every_play_source(self, kind: CombinationKind, code: Source, held: dict[int, str], whole: str) -> list[str]:
        """Statements adding every play of one kind to `out`; `held[w]` names the list of the
        ranks held at least w times (all strengths), `whole` the list of those lists or None."""
        shape = self._shapes.get(kind.index, ("other",))
        if shape[0] == "exact":
            play, need = shape[1], shape[2]
            test = " and ".join(f"counts[{rank}] >= {count}" for rank, count in need) or "True"
            return [f"    if {test}:", f"        out.append({code.bind(play)})"]
        if shape[0] == "group":
            _, table, width, allowed = shape
            ranks = held[width] if not allowed else f"[r for r in {held[width]} if r in {code.bind(allowed)}]"
            return [f"    out += [{code.bind(table)}[r] for r in {ranks}]"]
        if shape[0] == "group and group":
            _, table, width, allowed, wide = shape
            ranks = held[width] if not allowed else f"[r for r in {held[width]} if r in {code.bind(allowed)}]"
            return [f"    for r in {ranks}:", f"        row = {code.bind(table)}[r]",
                    f"        out += [row[x] for x in {held[wide]} if x != r]"]
        if shape[0] == "run":
            _, table, width, runs_of, low, high, _ = shape
            return [f"    if len({held[width]}) >= {low}:  # else not so many ranks held so often, in a row or not",
                    f"        for start, far in {code.bind(runs_of)}(counts, {whole}, reach, {low}):",
                    f"            out += {code.bind(table)}[start][{low}:min({high}, far) + 1]"]
        width, find = self._find[kind.index]
        enough = f"len({held[width]}) >= {kind.min_length}" if kind.is_run else held[width]
        return [f"    if {enough}:" if width else "    if True:", f"        {code.bind(find)}(counts, {whole}, reach, -1, 0, out)"]

    def _answers_function(self, kind: CombinationKind) -> Callable[[RankCounts, Combination], list[Any]]:
        """The plays that beat `table`, a play of `kind`, as one generated function (counts,
        table): that kind's plays of the same length with a stronger key, then every play of the
        kinds of a higher tier (the order the kinds' finders would give them in)."""
        code = Source("_t")
        strength, every = code.bind(self.set.strength), code.bind(self.set.stronger[-1])
        stronger = code.bind(self.set.stronger)
        lines = [f"def answers_to_{identifier(kind.name)}(counts, table):", "    out = []", f"    above = {strength}[table.key]"]
        shape = self._shapes.get(kind.index, ("other",))
        if shape[0] == "exact":
            play, need, key_strength = shape[1:]
            test = " and ".join(f"counts[{rank}] >= {count}" for rank, count in need) or "True"
            lines += [f"    if {key_strength} > above and {test}:", f"        out.append({code.bind(play)})"]
        elif shape[0] in ("group", "group and group"):
            table, width, allowed = shape[1:4]
            keep = f"counts[r] >= {width}" + (f" and r in {code.bind(allowed)}" if allowed else "")
            if shape[0] == "group":
                lines.append(f"    out += [{code.bind(table)}[r] for r in {stronger}[above] if {keep}]")
            else:
                wide = shape[4]
                lines += [f"    ranks = [r for r in {stronger}[above] if {keep}]", "    if ranks:",
                          f"        extras = [x for x in {every} if counts[x] >= {wide}]", "        for r in ranks:",
                          f"            row = {code.bind(table)}[r]", "            out += [row[x] for x in extras if x != r]"]
        elif shape[0] == "run":
            table, _, runs_of, _, _, key_strength = shape[1:]
            lines += ["    length = table.length", f"    for start, far in {code.bind(runs_of)}(counts, None, {{}}, length):",
                      f"        if {code.bind(key_strength)}[start][length] > above:",
                      f"            out.append({code.bind(table)}[start][length])"]
        else:
            lines.append(f"    {code.bind(self._find[kind.index][1])}(counts, None, {{}}, above, table.length, out)")
        higher = self.set._higher[kind.tier]
        if higher:  # every play of a higher tier beats it: the ranks held so often, worked out here
            widths = sorted({w for h in higher for w in self._widths_used(h)})
            lines += ["    most = max(counts)", "    reach = {}"]
            names = {w: f"h{w}" for w in widths}
            lines += [f"    {names[w]} = [r for r in {every} if counts[r] >= {w}] if most >= {w} else []" for w in widths]
            for kind_above in higher:
                lines.append("    # " + identifier(kind_above.name))
                lines += self._every_play_source(kind_above, code, names, "None")
        return code.function([*lines, "    return out"])

    def _widths_used(self, kind: CombinationKind) -> set[int]:
        """How many of a rank the lists of held ranks a kind's listing reads must hold."""
        shape = self._shapes.get(kind.index, ("other",))
        if shape[0] == "exact":
            return set()
        if shape[0] == "group and group":
            return {shape[2], shape[4]}
        return {self._find[kind.index][0]} - {0}

    # ---- one finder per kind: (the count of a rank its core needs, the finder) -------------------
    def _made(self, kind: CombinationKind, length: int, key: int, ranks: Play) -> Any:
        """A play built once into a finder's table; its reading is remembered by the set at
        the same time, so that playing it never searches for it."""
        self.set._reading.setdefault((kind.index, ranks), Combination(kind, length, key, ranks))
        return self.form(kind, length, key, ranks)

    def _finder_of(self, kind: CombinationKind) -> tuple[int, Finder]:
        if kind.exact:
            return 0, self._exact_finder(kind)
        if kind.is_run:
            return kind.width, self._run_finder(kind) if not kind.wings.width else self._winged_finder(kind)
        if not kind.wings.width:
            return kind.width, self._group_finder(kind)
        if kind.index in self.set._one_extra_group:
            return kind.width, self._group_and_group_finder(kind)
        return kind.width, self._winged_finder(kind)

    def _ranks(self, kind: CombinationKind) -> Callable[[RankCounts, Held, int], list[int]]:
        """The ranks a kind's single group may be of: held `width` times, of a strength above."""
        width, allowed, held_ranks = kind.width, kind.run_ranks, self.set.held_ranks  # an order of one rank only

        def ranks(counts: RankCounts, held: Held, above: int) -> list[int]:
            found = held[width] if held is not None else held_ranks(counts, width, above)
            return [r for r in found if r in allowed] if allowed else found

        return ranks

    def _exact_finder(self, kind: CombinationKind) -> Finder:
        """A fixed set of ranks (the two jokers): one play, made when the hand holds them."""
        key, need, exact = self.set._exact[kind.index]
        play = self._made(kind, 1, key, exact)
        key_strength = self.set.strength[key]
        self._shapes[kind.index] = ("exact", play, need, key_strength)

        def find(counts: RankCounts, held: Any, reach: dict, above: int, only_length: int, out: list) -> None:
            if key_strength > above:
                for rank, count in need:
                    if counts[rank] < count:
                        return
                out.append(play)

        return find

    def _group_finder(self, kind: CombinationKind) -> Finder:
        """So many of a rank (a solo, a pair, a bomb): a play per rank held that often."""
        width = kind.width
        table = [self._made(kind, 1, r, (r,) * width) for r in range(16)]
        self._shapes[kind.index] = ("group", table, width, frozenset(kind.run_ranks))
        if kind.run_ranks:  # an order of one rank only
            ranks_of = self._ranks(kind)

            def find_allowed(counts: RankCounts, held: Any, reach: dict, above: int, only_length: int, out: list) -> None:
                out += [table[r] for r in ranks_of(counts, held, above)]

            return find_allowed
        stronger = self.set.stronger

        def find(counts: RankCounts, held: Any, reach: dict, above: int, only_length: int, out: list) -> None:
            if held is not None:
                out += [table[r] for r in held[width]]
            else:
                out += [table[r] for r in stronger[above] if counts[r] >= width]

        return find

    def _group_and_group_finder(self, kind: CombinationKind) -> Finder:
        """So many of a rank with one group of another rank (a trio with a single or a pair)."""
        width, wide = kind.width, kind.wings.width
        table = [[self._made(kind, 1, r, tuple(sorted((r,) * width + (x,) * wide))) for x in range(16)]
                 for r in range(16)]
        self._shapes[kind.index] = ("group and group", table, width, frozenset(kind.run_ranks), wide)
        ranks_of, held_ranks = self._ranks(kind), self.set.held_ranks

        def find(counts: RankCounts, held: Any, reach: dict, above: int, only_length: int, out: list) -> None:
            ranks = ranks_of(counts, held, above)
            if ranks:  # the extra group may be of any strength
                extras = held[wide] if held is not None and above < 0 and wide < len(held) else held_ranks(counts, wide)
                for r in ranks:
                    row = table[r]
                    out += [row[x] for x in extras if x != r]

        return find

    def _run_finder(self, kind: CombinationKind) -> Finder:
        """So many of each of consecutive ranks (a straight, a pair chain): a play per start
        and length the hand holds."""
        order, width = kind.run_ranks, kind.width
        low_length, high_length = kind.min_length, kind.max_length
        strength = self.set.strength
        table = [[self._made(kind, length, order[start + length - 1],
                            tuple(sorted(r for r in order[start:start + length] for _ in range(width))))
                  if length else None for length in range(len(order) - start + 1)] for start in range(len(order))]
        key_strength = [[strength[order[start + length - 1]] if length else -1
                         for length in range(len(order) - start + 1)] for start in range(len(order))]
        runs_of = self._runs(kind)
        self._shapes[kind.index] = ("run", table, width, runs_of, low_length, high_length, key_strength)

        def find(counts: RankCounts, held: Any, reach: dict, above: int, only_length: int, out: list) -> None:
            low, high = (only_length, only_length) if only_length else (low_length, high_length)
            for start, far in runs_of(counts, held, reach, low):
                plays, keys = table[start], key_strength[start]
                out += [plays[n] for n in range(low, min(high, far) + 1) if keys[n] > above]

        return find

    def _winged_finder(self, kind: CombinationKind) -> Finder:
        """A core (a run of trios, a four) with wings to arrange: built as found."""
        order, width, wings = kind.run_ranks, kind.width, kind.wings
        strength = self.set.strength
        form, arrange = self.form, self.set._wings
        runs_of = self._runs(kind) if kind.is_run else None
        ranks_of = self._ranks(kind)

        def find(counts: RankCounts, held: Any, reach: dict, above: int, only_length: int, out: list) -> None:
            if runs_of is not None:
                low, high = (only_length, only_length) if only_length else (kind.min_length, kind.max_length)
                cores = [order[start:start + length] for start, far in runs_of(counts, held, reach, low)
                         for length in range(low, min(high, far) + 1)
                         if strength[order[start + length - 1]] > above]
            else:
                cores = [(r,) for r in ranks_of(counts, held, above)]
            for core in cores:
                key = core[-1]  # cores run from weak to strong
                core_ranks = [r for r in core for _ in range(width)]
                rest = list(counts)
                for rank in core:
                    rest[rank] -= width
                for extra in arrange(wings, len(core), core, rest):
                    extra.extend(core_ranks)
                    extra.sort()
                    out.append(form(kind, len(core), key, tuple(extra)))

        return find

    def _runs(self, kind: CombinationKind) -> Callable[[RankCounts, Any, dict, int], list[tuple[int, int]]]:
        """The starts in the run order from which the hand holds at least `low` ranks in a row
        `width` times each, with how many it holds from there (worked out once per listing)."""
        order, width = kind.run_ranks, kind.width
        shared = self._run_keys.setdefault((order, width), len(self._run_keys))  # a small int: cheap to look up
        positions = range(len(order) - 1, -1, -1)

        def runs(counts: RankCounts, held: Held, reach: dict, low: int) -> list[tuple[int, int]]:
            if held is not None and (width >= len(held) or len(held[width]) < low):
                return []  # not even so many ranks held that often, in a row or not
            found = reach.get(shared)
            if found is None:
                found = []
                row = 0
                for i in positions:  # from the strong end: how many in a row from each start
                    row = row + 1 if counts[order[i]] >= width else 0
                    if row:
                        found.append((i, row))
                found.reverse()
                reach[shared] = found
            return [(start, far) for start, far in found if far >= low]

        return runs
