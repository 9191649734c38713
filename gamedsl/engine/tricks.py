"""Who played each card of a zone that `records who played` (a trick), and who wins it.

A recording zone keeps, beside its cards, the seat of the player whose move put each one there:
`State.played_into[zone] = ((card, seat), …)`, bottom first. The tuple is replaced, never changed,
so copies of a state share it and a move's undo record keeps the old one. It is made to agree
with the zone again each time a card is recorded: cards that left the zone since (a trick taken)
drop out (from the top or from anywhere in it), and cards an effect put there (not a move)
have the seat -1, "nobody".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import State


def aligned(state: State, zone_id: int, count: int | None = None) -> list[tuple[int, int]]:
    """The (card, seat) of each card of the zone (of its `count` bottom cards), bottom first;
    seat -1 for a card no move put there (dealt, or moved by an effect)."""
    zone = state.zones[zone_id]
    if count is None:
        count = len(zone)
    kept: list[tuple[int, int]] = []
    records = state.played_into.get(zone_id, ())
    at = 0
    for card in zone[:count]:  # the records of the cards still there, in order (some may have left
        found = at             # from anywhere in the zone: a selection moved away)
        while found < len(records) and records[found][0] != card:
            found += 1
        if found < len(records):
            kept.append(records[found])
            at = found + 1
        else:
            kept.append((card, -1))
    return kept


def record(state: State, zone_id: int, moved: Sequence[int]) -> None:
    """The cards a move has just put on top of the zone were played by the player to move."""
    state._save_scalar_state()
    below = aligned(state, zone_id, len(state.zones[zone_id]) - len(moved))
    seat = state.current
    state.played_into = {**state.played_into, zone_id: (*below, *((card, seat) for card in moved))}


def player_who_played(state: State, zone_ids: Sequence[int], card: int | None) -> int:
    """The seat (1, 2, …) who played `card` onto one of these zones, where it lies now; 0 for a
    card on none of them, or put there by no move."""
    if card is None:
        return 0
    for zone_id in zone_ids:
        if card in state.zones[zone_id]:
            for found, seat in aligned(state, zone_id):
                if found == card:
                    return seat + 1
    return 0


def trick_winner(state: State, zone_id: int, place: Sequence[int], trumps: int | None) -> int:
    """The seat (1, 2, …) who played the winning card of a trick: the highest trump (a card of
    suit `trumps`) if any lies there, else the highest card of the suit of the first card, by
    `place` (each rank's place in the order; a rank it leaves out never wins). The card played
    first wins a tie (two decks). 0 when no card of a move lies there."""
    played = [(card, seat) for card, seat in aligned(state, zone_id) if seat >= 0]
    if not played:
        return 0
    suit = played[0][0] & 3
    if trumps is not None and any(card & 3 == trumps and card >> 2 < 13 for card, _ in played):
        suit = trumps
    best_seat, best_place = 0, -1
    for card, seat in played:
        if card >> 2 < 13 and card & 3 == suit and place[card >> 2] > best_place:
            best_seat, best_place = seat + 1, place[card >> 2]
    return best_seat
