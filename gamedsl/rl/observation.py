"""What one player sees, as numbers: a flat float32 vector laid out from the rules file alone.

The layout is derived from the zones, counters, phases and players the file declares, so every
rules file has one without code, and the same file and options always give the same layout:

- for each zone, in the file's order: the cards of it the player may see, counted by card (one
  entry per distinct card of the game, in card order: a plane), then for a pile, slot or row its
  top card when the player sees it (a one-hot plane), its size and how many of its cards the
  player cannot see;
- every counter (a counter of each player once per player; a suit, rank or card as its number);
- the phase (one-hot), the player to move and the player observing (one-hot each), the match
  points of every player, the deal's number and whether the game is over.

A card is seen exactly as the console and the computer players' worlds see it (`engine.views`):
face up, face up to its owner, revealed, or the top of a `top face up` pile. `describe` prints
the layout, segment by segment.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np

from ..cards import CARD_TEXT
from ..engine import Game, State


@dataclass(frozen=True)
class Segment:
    """One named run of entries of the vector."""

    name: str
    start: int
    length: int
    meaning: str


class ObservationLayout:
    """The vector's layout for one compiled game; `encode` fills it for a seat."""

    def __init__(self, game: Game):
        c = game.compiled
        self.game = game
        self.cards = sorted(c._universe())  # the distinct cards of the game: the planes' columns
        self.column = np.full(64, -1, dtype=np.int64)
        for i, card in enumerate(self.cards):
            self.column[card] = i
        self.columns = [int(x) for x in self.column]  # the same, as a list: quicker to index one by one
        self.players = c.players
        self.segments: list[Segment] = []
        self.zone_planes: list[tuple[int, int, int | None, int]] = []  # zone, plane start, top start, size start
        width = len(self.cards)
        for zone in c.zones.instances:
            plane = self._add(f"{zone.name}.cards", width, "the cards of it the player sees, counted by card")
            top = None
            if zone.spec.kind in ("pile", "slot", "row"):
                top = self._add(f"{zone.name}.top", width, "its top card, when the player sees it (one-hot)")
            size = self._add(f"{zone.name}.size", 2, "its size, and how many of its cards the player cannot see")
            self.zone_planes.append((zone.id, plane, top, size))
        self.counters = self._add("counters", len(c.counters.labels),
                                  "every counter: " + ", ".join(c.counters.labels) if c.counters.labels else "none")
        self.phase = self._add("phase", len(c.phases), "one-hot: " + ", ".join(c.phases))
        self.to_move = self._add("to_move", self.players, "one-hot: the player to move")
        self.observer = self._add("observer", self.players, "one-hot: the player observing")
        self.points = self._add("points", self.players, "the match points of each player")
        self.deal = self._add("deal", 2, "the deal's number, and 1 when the game is over")
        self.size = sum(s.length for s in self.segments)
        self._tail = [0.0] * (self.size - self.counters)  # the numbers after the zones' entries
        # per seat, how each zone shows itself: every card, only revealed ones, or the top besides;
        # and for each zone the entry each card adds 1 to (a list by card: mapped in C, not looped)
        everything, revealed, top_up = 0, 1, 2
        entries = {start: [start + i if i >= 0 else -1 for i in self.columns]
                   for _, plane, top, _ in self.zone_planes for start in (plane, top) if start is not None}
        self.plans = []
        for seat in range(self.players):
            plan = []
            for zone_id, plane, top, size in self.zone_planes:
                face = c.face[zone_id]
                if face == "up" or (face == "owner" and c.zones[zone_id].owner == seat):
                    how = everything
                elif face in ("owner", "down"):
                    how = revealed
                else:
                    how = top_up
                top_entry = None if top is None else entries[top].__getitem__
                plan.append((zone_id, entries[plane].__getitem__, top_entry, size, how))
            self.plans.append(plan)

    def _add(self, name: str, length: int, meaning: str) -> int:
        start = sum(s.length for s in self.segments)
        self.segments.append(Segment(name, start, length, meaning))
        return start

    def encode(self, state: State, seat: int) -> np.ndarray:
        """The vector `seat` observes in `state` (a new float32 array of `size` entries).

        Cards are counted into a bytearray by plain Python (its items are small ints: quick to
        read and write, where a float array makes an object per access), the sizes and the
        numbers after the zones are set in two NumPy calls: a NumPy call costs as much as dozens
        of entries written in Python."""
        public = state.public
        zones = state.zones
        counts = bytearray(self.size)
        sized: list[int] = []  # the entries that are not counts of cards, and their values
        values: list[float] = []
        for zone_id, entry, top_entry, size, how in self.plans[seat]:
            pile = zones[zone_id]
            if not pile:
                continue
            if how == 0:
                seen = pile
                top_seen = True
            elif how == 1:
                seen = [x for x in pile if x in public] if public else []
                top_seen = bool(seen) and pile[-1] in public
            else:
                seen = ([x for x in pile[:-1] if x in public] if public else []) + [pile[-1]]
                top_seen = True
            if len(seen) < 256:  # no card can be counted past a byte
                for place in map(entry, seen):
                    counts[place] += 1
            else:
                for place, number in Counter(map(entry, seen)).items():
                    sized.append(place)
                    values.append(number)
            if top_entry is not None and top_seen:
                counts[top_entry(pile[-1])] = 1
            if len(pile) < 256:
                counts[size] = len(pile)
                counts[size + 1] = len(pile) - len(seen)
            else:
                sized += (size, size + 1)
                values += (len(pile), len(pile) - len(seen))
        out = np.frombuffer(counts, dtype=np.uint8).astype(np.float32)
        if sized:  # a zone or a card count past a byte: rare, set apart
            out[sized] = values
        over = state.is_over
        tail = self._tail[:]  # counters, phase, player to move, observer, points, deal
        counters = state.counters
        tail[:len(counters)] = counters
        first = self.counters
        tail[self.phase - first + state.phase] = 1.0
        if not over:
            tail[self.to_move - first + state.current] = 1.0
        tail[self.observer - first + seat] = 1.0
        tail[self.points - first:self.points - first + self.players] = state.points
        tail[self.deal - first] = state.deal_number
        tail[self.deal - first + 1] = 1.0 if over else 0.0
        out[first:] = tail
        return out

    def describe(self) -> str:
        """The layout as text: one line a segment, `start–end  name  (length)  meaning`."""
        lines = [f"{self.game.title}: {self.size} numbers (float32); cards in planes of {len(self.cards)}: "
                 + " ".join(_card_text(c) for c in self.cards)]
        for s in self.segments:
            lines.append(f"  {s.start:>5}–{s.start + s.length - 1:<5} {s.name}  ({s.length})  {s.meaning}")
        return "\n".join(lines)


def _card_text(card: int) -> str:
    return CARD_TEXT[card] or f"#{card}"
