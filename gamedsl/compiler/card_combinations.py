"""Combinations told apart by their cards (`plays are told apart by their cards`).

A game that counts plays by rank (`combinations.py`) never looks at suits; a game that declares
exact cards plays sets of cards: 7S 7H and 7S 7C are two plays, a flush is five cards of one
suit, a run may have to be of one suit. Hands are small, so plays are found from the hand's
cards, kind by kind, each shape in its own way: groups of a rank from the cards of each rank,
cards of one suit from each suit's cards, runs window by window of their run order (one suit at
a time for runs in one suit). A play is a `CardPlay`: its kind, its length, its key and its
cards, sorted.

Keys: a play's key rank is its core's strongest rank in the move's order (for a run, its top:
the last of its ranks in the run order), then, when the move says `then suit ORDER`, the highest
suit among the core's cards of that rank (a single's suit, a pair's higher suit, a run's top
card's suit). One play beats another when its tier is higher; or, both kinds in one `class`,
when its kind comes later in the class; or when both are of the same kind and length and its key
is higher.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .. import limits
from ..cards import CARD_TEXT
from ..errors import RulesRuntimeError
from .combinations import WingRules


@dataclass(frozen=True)
class CardKind:
    name: str
    index: int
    core: str = "rank"  # rank | exact | suit | suited_row | row
    width: int = 1  # cards of each rank of the core (rank cores)
    min_length: int = 1  # ranks of a run, or cards of one suit
    max_length: int = 1
    run_ranks: tuple[int, ...] = ()  # the run order (ranks that may form runs), low to high
    exact: tuple[int, ...] = ()  # a fixed set of ranks
    wings: WingRules = field(default_factory=WingRules)
    tier: int = 0
    distinct_suits: bool = False  # `in different suits`
    not_one_suit: bool = False  # `not all of one suit`
    not_in_row: frozenset = frozenset()  # `not in a row in ORDER`: the sets of ranks in a row there
    klass: int = -1  # the class it is in (-1: none) ...
    place: int = 0  # ... and its place there, lowest first
    info: Any = None  # its rule, for errors

    @property
    def is_run(self) -> bool:
        return self.core in ("row", "suited_row") or self.max_length > 1


class CardPlay(NamedTuple):
    """One reading of a set of cards: its kind, its length (ranks of a run, cards of one suit,
    else 1), its key, and the cards, sorted."""

    kind: CardKind
    length: int
    key: int
    cards: tuple[int, ...]

    @property
    def ranks(self) -> tuple[int, ...]:
        return tuple(sorted(c >> 2 for c in self.cards))

    @property
    def size(self) -> int:
        return len(self.cards)


def windows(order: tuple[int, ...], low: int, high: int) -> list[tuple[int, ...]]:
    """The stretches of `order` of `low` to `high` ranks with no rank twice (an order that lists
    the ace at both ends has no stretch through both), weakest start first."""
    found = []
    for start in range(len(order)):
        for length in range(low, high + 1):
            stretch = order[start:start + length]
            if len(stretch) < length:
                break
            if len(set(stretch)) < length:
                break
            found.append(stretch)
    return found


def in_a_row(order: tuple[int, ...]) -> frozenset:
    """Every set of two or more ranks that is a stretch of `order`."""
    return frozenset(frozenset(w) for w in windows(order, 2, len(order)))


def _choose(cards: list[int], k: int) -> Iterator[tuple[int, ...]]:
    """The different sets of k of these cards, sorted tuples, found one at a time (a card held
    twice gives each set once: sets are built from how many of each card there are, never by
    trying every way to pick them)."""
    values = sorted(set(cards))
    if len(values) == len(cards):
        yield from itertools.combinations(values, k)
        return
    counts = [cards.count(v) for v in values]
    chosen: list[int] = []

    def extend(i: int, need: int) -> Iterator[tuple[int, ...]]:
        if need == 0:
            yield tuple(chosen)
            return
        if i == len(values):
            return
        for n in range(min(counts[i], need), -1, -1):
            chosen.extend([values[i]] * n)
            yield from extend(i + 1, need - n)
            del chosen[len(chosen) - n:]

    for found in extend(0, k):
        yield tuple(sorted(found))


class CardCombinationSet:
    """The combinations of a game whose plays are told apart by their cards."""

    by_cards = True

    def __init__(self, kinds: list[CardKind], strength: tuple[int, ...], suits: tuple[int, ...] | None):
        self.kinds = kinds
        self.strength = [-1] * 16
        for i, rank in enumerate(strength):
            self.strength[rank] = i
        self.suit_place = [0] * 4
        for i, suit in enumerate(suits or ()):
            self.suit_place[suit] = i
        self.has_suits = suits is not None
        # each card's place: by rank in the move's order, then by suit (texts list cards so)
        self.card_place = [self.strength[c >> 2] * 4 + self.suit_place[c & 3] for c in range(64)]
        self._readings: dict[tuple[int, ...], list[CardPlay]] = {}
        self._windows = {k.index: windows(k.run_ranks, k.min_length, k.max_length) for k in kinds if k.is_run}
        # the kinds a play of each kind may be beaten by: itself, later kinds of its class, higher tiers
        self.against = {k.index: tuple(o for o in kinds if o.tier > k.tier or o is k or (
            o.tier == k.tier and k.klass >= 0 and o.klass == k.klass and o.place > k.place)) for k in kinds}

    # ---- listing ----------------------------------------------------------------------------
    def plays(self, hand: list[int], kinds: tuple | None = None) -> list[CardPlay]:
        """Every play of the hand (of `kinds` only, when given), each (kind, cards) once: kinds as
        declared, then weakest first."""
        hand = sorted(hand)
        by_rank: dict[int, list[int]] = {}
        by_suit: dict[int, list[int]] = {}
        for card in hand:
            by_rank.setdefault(card >> 2, []).append(card)
            if card >> 2 < 13:  # a joker has no suit
                by_suit.setdefault(card & 3, []).append(card)
        out: list[CardPlay] = []
        for kind in (self.kinds if kinds is None else kinds):
            found: dict[tuple[int, ...], CardPlay] = {}
            for core, ranks, top in self._cores(kind, hand, by_rank, by_suit):
                if kind.not_one_suit and len({c & 3 for c in core}) == 1:
                    continue
                if kind.not_in_row and len(set(ranks)) == len(ranks) and frozenset(ranks) in kind.not_in_row:
                    continue
                suit = max(self.suit_place[c & 3] for c in core if c >> 2 == top)
                key = self.strength[top] * 4 + suit
                length = len(ranks) if kind.core in ("row", "suited_row", "suit") or kind.max_length > 1 else 1
                for cards in self._with_wings(kind, core, ranks, by_rank):
                    known = found.get(cards)
                    if known is None or key > known.key:  # read two ways (all 13 ranks in a row): the higher
                        found[cards] = CardPlay(kind, length, key, cards)
                        if len(found) > limits.MAX_COMBINATION_PLAYS:
                            raise RulesRuntimeError(
                                f"combination {kind.info.cite() if kind.info else kind.name}: more than "
                                f"{limits.MAX_COMBINATION_PLAYS} plays of it in one hand ({len(hand)} cards); "
                                "bound its size ('5 of one suit', not '5 or more')")
            out += sorted(found.values(), key=lambda p: (p.length, p.key, p.cards))
        return out

    def _cores(self, kind: CardKind, hand: list[int], by_rank: dict, by_suit: dict
               ) -> Iterator[tuple[tuple[int, ...], tuple[int, ...], int]]:
        """The cores of a kind the hand holds: (cards, ranks, key rank)."""
        strongest = self.strength.__getitem__
        if kind.core == "rank" and not kind.is_run:
            width = kind.width
            for rank, held in by_rank.items():
                if len(held) >= width:
                    for core in _choose(held, width):
                        if kind.distinct_suits and len({c & 3 for c in core}) < width:
                            continue
                        yield core, (rank,), rank
        elif kind.core == "rank":  # runs of groups of a rank
            width = kind.width
            for stretch in self._windows[kind.index]:
                if all(len(by_rank.get(r, ())) >= width for r in stretch):
                    for parts in itertools.product(*(_choose(by_rank[r], width) for r in stretch)):
                        core = tuple(sorted(c for part in parts for c in part))
                        if kind.distinct_suits and any(len({c & 3 for c in p}) < width for p in parts):
                            continue
                        yield core, stretch, stretch[-1]
        elif kind.core == "exact":
            need: dict[int, int] = {}
            for rank in kind.exact:
                need[rank] = need.get(rank, 0) + 1
            if all(len(by_rank.get(r, ())) >= n for r, n in need.items()):
                top = max(need, key=strongest)
                for parts in itertools.product(*(_choose(by_rank[r], n) for r, n in sorted(need.items()))):
                    yield tuple(sorted(c for part in parts for c in part)), tuple(sorted(kind.exact)), top
        elif kind.core == "suit":
            for suit in sorted(by_suit):
                held = by_suit[suit]
                for size in range(kind.min_length, min(kind.max_length, len(held)) + 1):
                    for core in _choose(held, size):
                        ranks = tuple(c >> 2 for c in core)
                        yield core, ranks, max(ranks, key=strongest)
        elif kind.core == "row":
            for stretch in self._windows[kind.index]:
                if all(r in by_rank for r in stretch):
                    for core in itertools.product(*(sorted(set(by_rank[r])) for r in stretch)):  # one card a rank
                        yield tuple(sorted(core)), stretch, stretch[-1]
        else:  # suited_row: a run in one suit
            for suit in sorted(by_suit):
                held = set(by_suit[suit])
                for stretch in self._windows[kind.index]:
                    core = tuple(r << 2 | suit for r in stretch)
                    if all(c in held for c in core):
                        yield tuple(sorted(core)), stretch, stretch[-1]

    def _with_wings(self, kind: CardKind, core: tuple[int, ...], ranks: tuple[int, ...],
                    by_rank: dict) -> Iterator[tuple[int, ...]]:
        """The core with each arrangement of its wings (the core alone when it has none)."""
        rules = kind.wings
        if not rules.width:
            yield core
            return
        rest: dict[int, list[int]] = {r: list(cs) for r, cs in by_rank.items()}
        for card in core:
            rest[card >> 2].remove(card)
        width, count = rules.width, rules.count(len(ranks))
        candidates = sorted((r for r, cs in rest.items() if len(cs) >= width and (rules.core_ranks_allowed or r not in ranks)),
                            key=lambda r: (self.strength[r], r))
        limit = [1 if rules.distinct else min(len(rest[r]), rules.max_of_a_rank) // width for r in candidates]
        together = rules.forbidden_together
        chosen: list[tuple[int, int]] = []  # (rank, groups of it)

        def extend(start: int, need: int) -> Iterator[list[tuple[int, int]]]:
            if need == 0:
                picked = {r for r, _ in chosen}
                if not (together and all(r in picked for r in together)):
                    yield list(chosen)
                return
            for i in range(start, len(candidates)):
                for k in range(1, min(limit[i], need) + 1):
                    chosen.append((candidates[i], k))
                    yield from extend(i + 1, need - k)
                    chosen.pop()

        for arrangement in extend(0, count):
            for parts in itertools.product(*(_choose(rest[r], k * width) for r, k in arrangement)):
                yield tuple(sorted(core + tuple(c for part in parts for c in part)))

    # ---- reading and comparing --------------------------------------------------------------
    def answers(self, hand: list[int], table: CardPlay) -> list[CardPlay]:
        """The plays of the hand that beat `table`."""
        beats = self.beats
        return [p for p in self.plays(hand, self.against[table.kind.index]) if beats(p, table)]

    def classify(self, cards: tuple[int, ...]) -> list[CardPlay]:
        """Every reading of exactly these cards as a combination of this game (remembered)."""
        target = tuple(sorted(cards))
        found = self._readings.get(target)
        if found is None:
            kinds = tuple(k for k in self.kinds if self._may_be(k, target))
            found = [p for p in self.plays(list(target), kinds) if p.cards == target] if kinds else []
            if len(self._readings) > 100_000:
                self._readings.clear()
            self._readings[target] = found
        return found

    @staticmethod
    def _may_be(kind: CardKind, cards: tuple[int, ...]) -> bool:
        """Whether these cards, all of them, could be a play of that kind (a quick test of their
        number, ranks and suits, so that reading a long text never lists a big hand's plays)."""
        if kind.wings.width:
            return True
        ranks = {c >> 2 for c in cards}
        if kind.core == "suit":
            return kind.min_length <= len(cards) <= kind.max_length and len({c & 3 for c in cards}) == 1
        if kind.core in ("row", "suited_row"):
            return len(ranks) == len(cards) and kind.min_length <= len(cards) <= kind.max_length
        if kind.core == "rank":
            return len(cards) == kind.width * len(ranks) and kind.min_length <= len(ranks) <= kind.max_length
        return len(cards) == len(kind.exact)

    def reading(self, kind_index: int, cards: tuple[int, ...]) -> CardPlay | None:
        """The reading of these cards as a play of that kind, or None."""
        return next((p for p in self.classify(cards) if p.kind.index == kind_index), None)

    def beats(self, play: CardPlay, table: CardPlay | None) -> bool:
        if table is None:
            return True
        mine, theirs = play.kind, table.kind
        if mine.tier != theirs.tier:
            return mine.tier > theirs.tier
        if mine is not theirs:
            return mine.klass >= 0 and mine.klass == theirs.klass and mine.place > theirs.place
        return play.length == table.length and play.key > table.key

    def cards_text(self, cards: tuple[int, ...], kind_index: int = -1) -> str:
        """The cards of a play, weakest first (by the move's order, then by suit): `7H 7S`; a
        run's in its run order (`AH 2H 3H`, `10S JS QS KS AS`)."""
        place = {}
        if kind_index >= 0 and kind_index in self._windows:
            ranks = {c >> 2 for c in cards}
            stretch = next((w for w in self._windows[kind_index] if len(w) == len(ranks) and set(w) == ranks), None)
            if stretch is not None:
                place = {r: i for i, r in enumerate(stretch)}
        return " ".join(CARD_TEXT[c] for c in sorted(cards, key=lambda c: (place.get(c >> 2, 0), self.card_place[c], c)))
