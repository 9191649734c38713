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
