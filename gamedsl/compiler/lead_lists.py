"""A hand's lead list kept between its turns, and filtered after its plays (issue 23, item 2).

Listing every combination a hand can lead costs the most of a combination game's listings. When
the compiler can prove it exact, a position keeps each hand's lead list (`State.lead_lists`) and,
at the hand's next lead, drops the leads that need cards it no longer holds instead of listing
again: the same moves, in the same order, as a fresh listing.

The rule the compiler checks (`keeps_leads`): the listing must be a function of the hand alone,
and anti-monotone in it — removing cards can only remove leads, never add one — with an order
that is a property of the plays themselves, so that the leads of a smaller hand are the leads of
the larger one that it still holds, in the same order. That holds when every part of every kind
is a test of the play's own cards: its core (so many of a rank, a run of a given order), the
shape of its wings (how many, singles or pairs, distinct ranks, at most so many of a rank, no
core rank, not both of two ranks), suits and rows in a play told apart by its cards, and a card
it must always include. It does not hold for a condition that reads anything else — `must include
3C while plays = 0` reads a counter: once it turns false, plays without the 3♣ appear — and it
would not for a rule that compares a play with the rest of the hand (no bomb broken up for
kickers: removing the bomb's fourth card would add plays). Each kind's attributes are checked by
name against the list of those known to be tests of the play's own cards (`PLAY_OWN_KIND` and the
others below): an attribute added to the language later is not kept until it is added there.

A kept list is good while its hand changed only by losing cards: each use compares the hand (its
counts by rank, or its cards) with the one the list was made for, and lists afresh when any card
came back or arrived.

Measured, it pays where plays are told apart by their cards (found subset by subset: 40% fewer
instructions a playout), not where they are counted by rank (`KEEP_COUNTED_LEADS`).
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .card_combinations import CardCombinationSet
    from .combinations import CombinationSet

# The attributes of a kind, and of its wings, that only say what the play's own cards must be.
PLAY_OWN_KIND = frozenset({"name", "index", "width", "min_length", "max_length", "run_ranks", "exact", "wings",
                           "tier", "is_run"})
PLAY_OWN_WINGS = frozenset({"width", "per_core_rank", "total", "distinct", "max_of_a_rank", "core_ranks_allowed",
                            "forbidden_together"})
PLAY_OWN_CARD_KIND = PLAY_OWN_KIND | {"core", "distinct_suits", "not_one_suit", "not_in_row", "klass", "place", "info"}

RANKS_AT = 2  # a combination move is (action, kind, ranks or cards, target zone): see generators.move_form

# Plays counted by rank are listed afresh: keeping their lists is exact there too, but measured
# (valgrind, playouts of a three-player game counted by rank) it does not pay on either back end — a fresh listing picks table
# entries by the counts, about what filtering costs a lead (README, "Speed"). Tests turn it on.
KEEP_COUNTED_LEADS = False


def _only_play_own(value: Any, known: frozenset[str]) -> bool:
    return {f.name for f in fields(value)} <= known


def keeps_leads(kinds: CombinationSet | CardCombinationSet, include: tuple[int, Any] | None = None) -> bool:
    """Whether a hand's lead list of these kinds (with `must include CARD [while …]`) may be kept
    and filtered: every kind's attributes tests of the play's own cards, no condition read."""
    if include is not None and include[1] is not None:
        return False  # `while …` reads the position: the lead list changes with it
    known = PLAY_OWN_CARD_KIND if kinds.by_cards else PLAY_OWN_KIND
    return all(_only_play_own(kind, known) and _only_play_own(kind.wings, PLAY_OWN_WINGS) for kind in kinds.kinds)


def refiltered(kept: list, counts: list[int]) -> list | None:
    """The kept leads `[counts, the counts they were listed from, leads]` that the hand, now
    holding `counts`, still holds (the record updated); None when a count grew (list afresh).
    Only the ranks whose counts fell are tested, each by how many of it a lead needs."""
    before = kept[1]
    if counts == before:
        return kept[2]
    fell = []
    for rank, had in enumerate(before):
        left = counts[rank]
        if left != had:
            if left > had:
                return None
            fell.append((rank, left))
    at = RANKS_AT
    leads = kept[2]
    for rank, left in fell:  # a pass a rank: each shorter than the one before
        leads = [m for m in leads if m[at].count(rank) <= left]
    kept[1] = list(counts)
    kept[2] = leads
    return leads


def refiltered_cards(kept: list, hand: list[int]) -> list | None:
    """The same for plays told apart by their cards: `kept` is `[hand, its cards sorted when
    listed, leads]`; a lead is dropped when it needs a card the hand holds fewer of now."""
    now = sorted(hand)
    before = kept[1]
    if now == before:
        return kept[2]
    held: dict[int, int] = {}
    for card in now:
        held[card] = held.get(card, 0) + 1
    had: dict[int, int] = {}
    for card in before:
        had[card] = had.get(card, 0) + 1
    if any(had.get(card, 0) < n for card, n in held.items()):
        return None  # a card arrived
    fell = [(card, held.get(card, 0)) for card, n in had.items() if held.get(card, 0) < n]
    at = RANKS_AT
    leads = [m for m in kept[2] if all(m[at].count(card) <= left for card, left in fell)]
    kept[1] = now
    kept[2] = leads
    return leads
