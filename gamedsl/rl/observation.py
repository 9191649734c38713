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

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..cards import CARD_TEXT
from ..engine import Game, State
from . import native_counts


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
        # per seat, how each zone shows itself: every card, only revealed ones, or the top besides;
        # and for each zone the entry each card adds 1 to (a list by card: mapped in C, not looped)
        everything, revealed, top_up = 0, 1, 2
        entries = {start: [start + i if i >= 0 else -1 for i in self.columns]
                   for _, plane, top, _ in self.zone_planes for start in (plane, top) if start is not None}
        self.plans: list[dict[int, tuple]] = []  # per seat: zone -> how it shows itself (see `_count`)
        self.hidden: list[tuple[int, ...]] = []  # per seat: the zones whose sight reads the revealed cards
        for seat in range(self.players):
            plan = {}
            for zone_id, plane, top, size in self.zone_planes:
                face = c.face[zone_id]
                if face == "up" or (face == "owner" and c.zones[zone_id].owner == seat):
                    how = everything
                elif face in ("owner", "down"):
                    how = revealed
                else:
                    how = top_up
                top_entry = None if top is None else entries[top].__getitem__
                zeros = memoryview(bytes(4 * (size + 2 - plane))).cast("f")  # the zone's entries, cleared
                plan[zone_id] = (entries[plane].__getitem__, top_entry, size, how, plane, zeros)
            self.plans.append(plan)
            self.hidden.append(tuple(z for z, step in plan.items() if step[3] != everything))
        self._kept: list[_Kept | None] = [None] * self.players
        self._filler = self._native_filler()

    def _native_filler(self) -> Any:
        """The layout's plan as a C `Filler` (`native_counts`), or None: the vector is counted in Python."""
        native = native_counts.module()
        if native is None:
            return None
        zones = tuple((zone_id, plane, -1 if top is None else top, size) for zone_id, plane, top, size in self.zone_planes)
        how = tuple(tuple(plan[zone_id][3] for zone_id, *_ in self.zone_planes) for plan in self.plans)
        numbers = (self.counters, len(self.game.compiled.counters.labels), self.phase, len(self.game.compiled.phases),
                   self.to_move, self.observer, self.points, self.deal)
        self._filled = np.zeros(self.size, dtype=np.float32)  # written by the Filler alone, handed out as copies
        return native.Filler(self._filled, tuple(self.columns), zones, how, numbers)

    def _add(self, name: str, length: int, meaning: str) -> int:
        start = sum(s.length for s in self.segments)
        self.segments.append(Segment(name, start, length, meaning))
        return start

    def encode(self, state: State, seat: int) -> np.ndarray:
        """The vector `seat` observes in `state` (a new float32 array of `size` entries).

        Natively (`native_counts`) the whole vector is counted afresh in one C call: a few
        thousand instructions, less than finding out what changed. In Python the vector is kept
        per seat between calls: asked again of the same state, only the zones its moves changed
        since are counted again (the undo records say which: what
        `undo` restores is what changed), the hidden ones too when cards were revealed, and only
        the numbers after the zones that differ are written. Any other state (another one, one
        whose records were forgotten or undone past the last call) is counted afresh."""
        filler = self._filler
        if filler is not None:
            filler.fill(seat, state.zones, state.public, state.counters, state.phase,
                        -1 if state.over else state.current, state.points, state.deal_number, state.over)
            return self._filled.copy()
        kept = self._kept[seat]
        changed = None if kept is None else kept.changed(state)
        if changed is None:
            kept = self._kept[seat] = _Kept(self.size)
            kept.view[self.observer + seat] = 1.0
            self._count(kept, state, seat, self.plans[seat], None)  # every zone
        else:
            if state.public is not kept.public:
                changed = {**dict.fromkeys(self.hidden[seat]), **changed}
            if changed:
                self._count(kept, state, seat, changed, changed)
        self._write_numbers(kept, state)
        kept.seen(state)
        return kept.vector.copy()

    def _count(self, kept: _Kept, state: State, seat: int, zone_ids: Any, before: dict[int, Any] | None) -> None:
        """Count again the entries of these zones, as `seat` sees them, into `kept`; `before`,
        when known, maps a zone to its cards as they were counted (None: unknown).

        A zone the player sees whole that only gained or lost cards on top (a pile played onto)
        is counted by those cards alone. Each entry is written through a memoryview of the
        float32 vector (a NumPy item access makes an object; a memoryview's is plain C)."""
        public = state.public
        zones = state.zones
        view = kept.view
        plan = self.plans[seat]
        for zone_id in zone_ids:
            entry, top_entry, size, how, plane, zeros = plan[zone_id]
            pile = zones[zone_id]
            if how == 0 and before is not None:
                old = before[zone_id]
                if old is not None:
                    kept_cards = len(old)
                    if len(pile) >= kept_cards and pile[:kept_cards] == old:  # cards put on top
                        for place in map(entry, pile[kept_cards:]):
                            view[place] += 1
                    elif old[:len(pile)] == pile:  # cards taken from the top
                        for place in map(entry, old[len(pile):]):
                            view[place] -= 1
                    else:
                        old = None
                if old is not None:
                    if top_entry is not None:
                        if old:
                            view[top_entry(old[-1])] = 0.0
                        if pile:
                            view[top_entry(pile[-1])] = 1.0
                    view[size] = len(pile)
                    continue
            view[plane:size + 2] = zeros
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
            for place in map(entry, seen):
                view[place] += 1
            if top_entry is not None and top_seen:
                view[top_entry(pile[-1])] = 1.0
            view[size] = len(pile)
            view[size + 1] = len(pile) - len(seen)

    def _write_numbers(self, kept: _Kept, state: State) -> None:
        """The numbers after the zones (counters, phase, player to move, points, deal, over):
        those that differ from what `kept` last wrote."""
        view = kept.view
        counters = state.counters
        if counters != kept.counters:
            start = self.counters
            for i, value in enumerate(counters):
                view[start + i] = value
            kept.counters = list(counters)
        if state.phase != kept.phase:
            if kept.phase >= 0:
                view[self.phase + kept.phase] = 0.0
            kept.phase = state.phase
            view[self.phase + state.phase] = 1.0
        mover = -1 if state.over else state.current
        if mover != kept.mover:
            if kept.mover >= 0:
                view[self.to_move + kept.mover] = 0.0
            if mover >= 0:
                view[self.to_move + mover] = 1.0
            kept.mover = mover
        points = state.points
        if points != kept.points:
            start = self.points
            for i, value in enumerate(points):
                view[start + i] = value
            kept.points = list(points)
        if state.deal_number != kept.deal or state.over != kept.over:
            view[self.deal] = kept.deal = state.deal_number
            kept.over = state.over
            view[self.deal + 1] = 1.0 if state.over else 0.0

    def describe(self) -> str:
        """The layout as text: one line a segment, `start–end  name  (length)  meaning`."""
        lines = [f"{self.game.title}: {self.size} numbers (float32); cards in planes of {len(self.cards)}: "
                 + " ".join(_card_text(c) for c in self.cards)]
        for s in self.segments:
            lines.append(f"  {s.start:>5}–{s.start + s.length - 1:<5} {s.name}  ({s.length})  {s.meaning}")
        return "\n".join(lines)


def _card_text(card: int) -> str:
    return CARD_TEXT[card] or f"#{card}"


class _Kept:
    """One seat's vector as `encode` last wrote it, and the state it was written from: the state
    itself, its undo records then (how many, and the last), its revealed cards, and the numbers
    written after the zones."""

    __slots__ = ("counters", "deal", "forgotten", "last", "length", "mover", "over", "phase", "points", "public", "state", "vector", "view")

    def __init__(self, size: int):
        self.vector = np.zeros(size, dtype=np.float32)
        self.view = memoryview(self.vector).cast("B").cast("f")  # the same memory, item by item
        self.state: State | None = None
        self.forgotten = self.length = 0
        self.last: Any = None
        self.public: frozenset[int] = frozenset()
        self.counters: list[float] | None = None  # none written yet
        self.phase = self.mover = self.deal = -1
        self.points: list[float] | None = None
        self.over: bool | None = None

    def seen(self, state: State) -> None:
        """The entries now count `state` as it is."""
        history = state.history
        self.state, self.forgotten, self.length = state, state.forgotten, len(history)
        self.last = history[-1] if history else None
        self.public = state.public

    def changed(self, state: State) -> dict[int, list[int]] | None:
        """The zones that may have changed since the count, each with its cards as they were
        then, or None when that cannot be told: another state, or its records forgotten or
        undone past the count's. Undo restores exactly what a move changed, so the records made
        since name every zone that differs, and the first of them to name a zone holds it as it
        was counted (a move taken back and another made: the second's record covers it)."""
        if state is not self.state or state.forgotten != self.forgotten:
            return None
        history = state.history
        length = self.length
        if len(history) < length or (length and history[length - 1] is not self.last):
            return None
        if len(history) == length + 1:
            return history[length].zones
        changed: dict[int, list[int]] = {}
        for frame in reversed(history[length:]):  # the first record of a zone written last
            changed.update(frame.zones)
        return changed
