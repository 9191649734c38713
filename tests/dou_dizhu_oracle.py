"""Independent brute-force test oracle for Dou Dizhu combinations.

Written from the rules digest alone (seeds/en/dou_dizhu.md, Part 2 items 16-35,
Part 3 worked examples), without looking at any engine code.  Standard library
only.  Simplicity over speed: every combination type is checked directly from
its rule item on the per-rank card counts of the candidate.

Representation
--------------
* A rank is one of the strings in ``RANKS`` (low to high, item 16).  ``BJ`` is
  the black (small) joker, ``RJ`` the red (big) joker.  Suits never matter, so
  a hand or a play is a multiset of ranks.
* A *reading* is ``(type, core_length, key_rank)``.
* A *play* (a lead or a response) is ``(type, core_length, key_rank,
  sorted_ranks)`` where ``sorted_ranks`` is the tuple of the play's ranks
  sorted by strength (low to high).

Interpretations beyond the digest (see the module tests for the cases):
* item 21: the single of a trio_single may not have the trio's rank.
* item 25(b)/(c): wings never have a core rank; single wings may hold a pair
  but not three or four of one rank and not both jokers; pair wings have
  pairwise distinct ranks (so jokers can never be pair wings).
* item 26: the two singles may be a pair, may not be both jokers.
* item 27: the two pairs have distinct ranks.
* item 33: beating needs the same type, the same core length AND the same
  total size, with a higher key.
* Runs (items 17, 23-25) use consecutive ranks within 3..A only.
* Inputs must be possible in a 54-card deck: at most 4 cards of a plain rank
  and at most 1 of each joker (otherwise ``ValueError``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import product

RANKS: tuple[str, ...] = (
    "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "BJ", "RJ",
)
STRENGTH: dict[str, int] = {r: i for i, r in enumerate(RANKS)}
N_RANKS = len(RANKS)
I_A = STRENGTH["A"]      # highest rank allowed in a run (item 17)
I_BJ = STRENGTH["BJ"]
I_RJ = STRENGTH["RJ"]
MAX_COUNT: tuple[int, ...] = tuple(1 if r in ("BJ", "RJ") else 4 for r in RANKS)

ORDINARY_TYPES = frozenset({
    "solo", "pair", "trio", "trio_single", "trio_pair", "straight", "pair_chain",
    "airplane", "airplane_singles", "airplane_pairs", "four_singles", "four_pairs",
})
ALL_TYPES = ORDINARY_TYPES | {"bomb", "rocket"}

Reading = tuple[str, int, str]
Play = tuple[str, int, str, tuple[str, ...]]


# ---------------------------------------------------------------- conversions

def to_counts(ranks: Iterable[str]) -> tuple[int, ...]:
    """Per-rank count vector (index = strength).  Validates ranks and deck limits."""
    cnt = Counter(ranks)
    for r in cnt:
        if r not in STRENGTH:
            raise ValueError(f"unknown rank {r!r}")
    counts = tuple(cnt.get(r, 0) for r in RANKS)
    for r, c, m in zip(RANKS, counts, MAX_COUNT):
        if c > m:
            raise ValueError(f"{c} cards of rank {r} cannot exist in a 54-card deck")
    return counts


def sorted_ranks(ranks: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(ranks, key=STRENGTH.__getitem__))


def counts_to_ranks(counts: tuple[int, ...]) -> tuple[str, ...]:
    out: list[str] = []
    for r, c in zip(RANKS, counts):
        out.extend([r] * c)
    return tuple(out)


# ------------------------------------------------------- one check per item

def _is_consecutive_run(idx: list[int]) -> bool:
    """Ranks (indices, ascending) are consecutive and inside 3..A (item 17)."""
    return idx[-1] <= I_A and idx[-1] - idx[0] == len(idx) - 1


def _readings_from_counts(c: tuple[int, ...]) -> set[Reading]:
    out: set[Reading] = set()
    n = sum(c)
    if n == 0:
        return out
    present = [i for i in range(N_RANKS) if c[i]]
    pcounts = [c[i] for i in present]
    top = RANKS[present[-1]]

    # item 18: solo — any one card
    if n == 1:
        out.add(("solo", 1, top))

    # item 19: pair — two cards of one rank (jokers are two different ranks)
    if n == 2 and len(present) == 1:
        out.add(("pair", 1, top))

    # item 30: rocket — red joker + black joker
    if n == 2 and c[I_BJ] == 1 and c[I_RJ] == 1:
        out.add(("rocket", 1, "RJ"))

    # item 20: trio — three cards of one rank
    if n == 3 and len(present) == 1:
        out.add(("trio", 1, top))

    # item 29: bomb — exactly four cards of one rank, nothing attached
    if n == 4 and len(present) == 1:
        out.add(("bomb", 1, top))

    # item 21: trio + one single (the single is of another rank)
    if n == 4 and len(present) == 2:
        for i in present:
            if c[i] == 3:
                out.add(("trio_single", 1, RANKS[i]))

    # item 22: trio + one pair
    if n == 5 and sorted(pcounts) == [2, 3]:
        for i in present:
            if c[i] == 3:
                out.add(("trio_pair", 1, RANKS[i]))

    # item 23: straight — >= 5 single cards of consecutive ranks in 3..A
    if n >= 5 and _is_consecutive_run(present) and all(k == 1 for k in pcounts):
        out.add(("straight", len(present), top))

    # item 24: pair chain — >= 3 pairs of consecutive ranks in 3..A
    if len(present) >= 3 and _is_consecutive_run(present) and all(k == 2 for k in pcounts):
        out.add(("pair_chain", len(present), top))

    # item 25(a): airplane without wings — >= 2 trios of consecutive ranks in 3..A
    if len(present) >= 2 and _is_consecutive_run(present) and all(k == 3 for k in pcounts):
        out.add(("airplane", len(present), top))

    # item 25(b)/(c): airplanes with wings.  Try every possible core.
    wing_ks = {n // 4} if n % 4 == 0 else set()   # k trios + k single wings
    if n % 5 == 0:
        wing_ks.add(n // 5)                        # k trios + k pair wings
    if sum(1 for k in pcounts if k >= 3) < 2:
        wing_ks = set()                            # no room for a core of >= 2 trios
    for k in sorted(wing_ks):           # k = number of core trios
        if k < 2:
            continue
        for start in range(I_A - k + 2):
            core = range(start, start + k)
            if not all(c[i] >= 3 for i in core):
                continue
            wings = list(c)
            for i in core:
                wings[i] -= 3
            if any(wings[i] for i in core):
                continue                  # a wing card of a core rank
            key = RANKS[start + k - 1]
            if n == 4 * k:
                # (b) k single wings: may hold a pair, not 3+ of a rank, not both jokers
                if all(w <= 2 for w in wings) and not (wings[I_BJ] and wings[I_RJ]):
                    out.add(("airplane_singles", k, key))
            elif n == 5 * k:
                # (c) k pair wings of pairwise distinct ranks
                if all(w in (0, 2) for w in wings) and sum(1 for w in wings if w) == k:
                    out.add(("airplane_pairs", k, key))

    # items 26-28: four of a kind with attachments (not a bomb)
    for i in present if n in (6, 8) else ():
        if c[i] != 4:
            continue
        rest = list(c)
        rest[i] = 0
        rest_present = [j for j in range(N_RANKS) if rest[j]]
        if n == 6:
            # item 26: two singles; may be a pair, not both jokers
            if not (rest[I_BJ] and rest[I_RJ]):
                out.add(("four_singles", 1, RANKS[i]))
        if n == 8:
            # item 27: two pairs of distinct ranks
            if len(rest_present) == 2 and all(rest[j] == 2 for j in rest_present):
                out.add(("four_pairs", 1, RANKS[i]))

    return out


# ----------------------------------------------------------------- public API

def classify(ranks: Iterable[str]) -> set[Reading]:
    """Every reading of exactly these cards as one combination."""
    return _readings_from_counts(to_counts(ranks))


def legal_leads(hand: Iterable[str]) -> set[Play]:
    """Every (type, core_length, key_rank, sorted_ranks) playable from ``hand``.

    Brute force over all sub-multisets (for each rank choose 0..count cards).

    Speed-up (a necessary condition only; ``legal_leads_unfiltered`` and the
    tests checks that it loses nothing): with n cards over m distinct ranks,
    every combination has either m == n (solo, rocket, straight) or 2*m <= n
    (pair, trio, bomb: m=1; trio_single/trio_pair: m=2, n>=4; four_singles:
    m<=3, n=6; four_pairs: m=3, n=8; pair_chain: n=2m; airplane: n=3m;
    airplane_singles: m<=2k, n=4k; airplane_pairs: m=2k, n=5k).  Other
    sub-multisets are skipped without being classified.
    """
    hc = to_counts(hand)
    out: set[Play] = set()
    for sub in product(*(range(k + 1) for k in hc)):
        n = sum(sub)
        m = N_RANKS - sub.count(0)
        if n == 0 or (m != n and 2 * m > n):
            continue
        readings = _readings_from_counts(sub)
        if readings:
            cards = counts_to_ranks(sub)
            for t, L, key in readings:
                out.add((t, L, key, cards))
    return out


def legal_leads_unfiltered(hand: Iterable[str]) -> set[Play]:
    """Same as ``legal_leads`` but classifies every sub-multiset (slow; for tests)."""
    hc = to_counts(hand)
    out: set[Play] = set()
    for sub in product(*(range(k + 1) for k in hc)):
        for t, L, key in _readings_from_counts(sub):
            out.add((t, L, key, counts_to_ranks(sub)))
    return out


def beats(play: Play, table: Play) -> bool:
    """Does ``play`` beat ``table``?  Items 31-35 with the item-33 interpretation."""
    pt, pl, pk, pc = play
    tt, tl, tk, tc = table
    if tt == "rocket":
        return False                      # item 35: nothing beats the rocket
    if pt == "rocket":
        return True                       # item 35
    if pt == "bomb":
        if tt == "bomb":
            return STRENGTH[pk] > STRENGTH[tk]   # item 34
        return True                       # item 34: any bomb beats any ordinary combination
    if tt == "bomb":
        return False                      # only a higher bomb or the rocket beats a bomb
    # items 31(i), 32, 33: same type, same core length, same size, higher key
    return (pt == tt and pl == tl and len(pc) == len(tc)
            and STRENGTH[pk] > STRENGTH[tk])


def legal_responses(hand: Iterable[str], table: Play) -> set[Play]:
    """The leads from ``hand`` that beat ``table`` (passing is not included)."""
    return {p for p in legal_leads(hand) if beats(p, table)}


def play(ranks: Iterable[str]) -> Play:
    """Convenience: the unique reading of ``ranks`` as a play tuple.

    Raises ValueError if the cards are not exactly one reading.
    """
    rs = list(ranks)
    readings = classify(rs)
    if len(readings) != 1:
        raise ValueError(f"{rs} has {len(readings)} readings: {sorted(readings)}")
    (t, L, key), = readings
    return (t, L, key, sorted_ranks(rs))
