"""Worlds a player may be in: the position as the player sees it, with every card hidden from
them dealt again at random from the cards they have not seen. A player that searches these
worlds never uses what it cannot see: two positions that look the same to it give it the same
worlds, card for card."""

from __future__ import annotations

import random

from .. import cards
from ..engine import State
from ..engine.views import HIDDEN


def sample_world(state: State, seat: int, rng: random.Random) -> State:
    """A copy of `state` whose hidden cards (as `seat` sees it) are a random deal of the unseen ones."""
    view = state.observation(seat)["zones"]
    names = state.game.compiled.zones.names
    seen: dict[int, int] = {}
    holes: list[tuple[int, int]] = []  # (zone, place) of each card the player cannot see
    for zone_id, name in enumerate(names):
        for place, text in enumerate(view[name]):
            if text == HIDDEN:
                holes.append((zone_id, place))
            else:
                code = cards.parse_card(text)
                if code is not None:
                    seen[code] = seen.get(code, 0) + 1
    unseen = []
    for code, count in sorted(state.game.compiled.universe.items()):
        unseen += [code] * max(0, count - seen.get(code, 0))
    rng.shuffle(unseen)
    world = state.copy()
    world.history = []  # a world has no past to take back
    world.zones = [list(zone) for zone in world.zones]
    for (zone_id, place), code in zip(holes, unseen):
        world.zones[zone_id][place] = code
    world._legal = None
    return world
