"""Worlds a player may be in: the position as the player sees it, with every card hidden from
them dealt again at random from the cards they have not seen.

A computer player is only ever handed such a world (`seat_view`), never the position itself, so
it cannot use what it cannot see: the hidden cards it finds there are a random deal of the
unseen ones, the deals still to come are shuffled from a seed it was not told, and the table of
past deals is gone. Two positions that look the same to it give it the same worlds, card for card.
"""

from __future__ import annotations

import dataclasses
import random
from typing import NamedTuple

from ..engine import State


def hidden_places(state: State, seat: int) -> list[tuple[int, int]]:
    """(zone, place) of every card `seat` cannot see, in zone order, bottom to top."""
    c = state._c
    public = state.public
    holes: list[tuple[int, int]] = []
    for zone_id, pile in enumerate(state.zones):
        if not pile:
            continue
        face = c.face[zone_id]
        if face == "up" or (face == "owner" and c.zones[zone_id].owner == seat):
            continue
        last = len(pile) if face in ("down", "owner") else len(pile) - 1  # else: only the top is up
        holes += [(zone_id, place) for place in range(last) if pile[place] not in public]
    return holes


def sample_world(state: State, seat: int, rng: random.Random) -> State:
    """A copy of `state` whose hidden cards (as `seat` sees it) are a random deal of the unseen ones."""
    holes = hidden_places(state, seat)
    world = state.copy()
    world.history = []  # a world has no past to take back ...
    world.results = [dataclasses.replace(r, zones=()) for r in state.results]  # ... nor old tables
    world.seed = f"world/{rng.getrandbits(64)}"  # the deals and shuffles to come are not the real ones
    world._legal = None
    if not holes:
        return world
    unseen = [world.zones[zone_id][place] for zone_id, place in holes]
    unseen.sort()  # forget where they were: only which cards they are is known
    rng.shuffle(unseen)
    for (zone_id, place), code in zip(holes, unseen):
        world.zones[zone_id][place] = code
    return world


def seat_view(state: State, seat: int, rng: random.Random) -> State:
    """What a computer seat is handed to choose its move in: a world seen from its seat, whose
    legal moves are the real ones — the rules announce them to the mover, as the console lists
    them to a person (in a few files, such as a face-down tableau with look-ahead priorities,
    they depend on cards nobody sees)."""
    world = sample_world(state, seat, rng)
    world._legal = list(state._legal_internal())
    return world


# ---- worlds with a past: what the others did this deal, for a player that reads them -----------

RECORD_LIMIT = 40  # at most so many of the others' moves, the latest, are kept in a record


class Step(NamedTuple):
    """One move of another player, as a world tells it: who made it, the position it was made in
    (a world's: the unseen cards relabelled) and what it led to (zones, counters, points, mover)."""

    mover: int
    before: State
    after: tuple


def unseen_cards(state: State, seat: int) -> list[int] | None:
    """The cards at the places `seat` cannot see; None when one of them is there twice (in a game
    of several decks a relabelling of cards would tell which hidden places hold twins)."""
    cards = [state.zones[zone_id][place] for zone_id, place in hidden_places(state, seat)]
    return cards if len(set(cards)) == len(cards) else None


def relabelled(state: State, mapping: dict[int, int], seed: str) -> State:
    """A copy of `state` whose cards are renamed by `mapping` (the others unchanged), with no past,
    no old tables and the seed `seed`."""
    world = state.copy()
    world.zones = [[mapping.get(c, c) for c in z] for z in state.zones]
    world.history = []
    world.results = [dataclasses.replace(r, zones=()) for r in state.results]
    world.seed = seed
    world._legal = None
    return world


def after_key(state: State, mapping: dict[int, int] | None = None) -> tuple:
    """What a move led to, to tell it among the others: the zones (renamed), counters, points, mover."""
    zones = state.zones if not mapping else [[mapping.get(c, c) for c in z] for z in state.zones]
    return tuple(map(tuple, zones)), tuple(state.counters), tuple(state.points), state.current, state.over


def reading_view(state: State, seat: int, rng: random.Random, limit: int = RECORD_LIMIT) -> State:
    """`seat_view` with a past: the world's `record` lists the others' latest moves of the deal
    (at most `limit`), each with the position it was made in, in this very world — its unseen
    cards are a random renaming of the real ones, the same in every position of the record, so
    the record shows what the player saw (which piles cards went from and to, the cards it saw)
    and no more. Without such a renaming (twin cards unseen) the record is empty."""
    unseen = unseen_cards(state, seat)
    if unseen is None:
        view = seat_view(state, seat, rng)
        view.record = []
        return view
    named = sorted(unseen)
    shuffled = list(named)
    rng.shuffle(shuffled)
    mapping = dict(zip(named, shuffled))
    seed = f"world/{rng.getrandbits(64)}"
    view = relabelled(state, mapping, seed)
    view._legal = list(state._legal_internal())
    record: list[Step] = []
    past = state.copy()
    deal = (state.deal_number, len(state.results))
    while past.history and len(record) < limit:
        scalars = past.history[-1].scalars
        if (scalars[1], scalars[6]) != deal:
            break  # the move that dealt this deal: the past before it is another deal's
        after = after_key(past, mapping)
        past._undo()
        if past.current != seat:
            before = relabelled(past, mapping, seed)
            before.history = []
            record.append(Step(past.current, before, after))
    record.reverse()
    view.record = record
    return view
