"""What a computer player remembers of the turn under way, so that none of them (greedy, mcts,
the console's `hint`) makes pointless moves within a turn:

- a move that brings back a position it has been in this turn (as it sees it), and
- a move that puts cards back on a place they left this turn, the place becoming again what it
  was then, while nothing was shown since (no card it had not seen): moving the 9 of diamonds
  from one house to another and back. Such a move is worth something only when what the first
  move freed was used in between (the place is not what it was: the card it uncovered went
  elsewhere) or a card was shown since — and even then not when it leaves both places as they
  were at once (it undoes a move of the turn).

Such moves are left out of the candidates unless every move is one of them.
"""

from __future__ import annotations

from collections import Counter

from ..engine import Move, State
from .worlds import hidden_places


def seen_position(state: State, seat: int) -> tuple:
    """The position as `seat` sees it: the cards it cannot see are blanks."""
    zones = [list(z) for z in state.zones]
    for zone_id, place in hidden_places(state, seat):
        zones[zone_id][place] = -1
    return (state.current, tuple(map(tuple, zones)), tuple(state.counters))


def _seen_cards(zones: tuple) -> Counter:
    return Counter(card for zone in zones for card in zone if card != -1)


class TurnMemory:
    """The positions (as the player sees them) it has been in during the current turn."""

    def __init__(self) -> None:
        self.turn: tuple[int, int] | None = None
        self.been: set[tuple] = set()
        self.order: list[tuple[tuple, Counter]] = []  # the zones of each position of the turn, and the cards seen

    def enter(self, state: State) -> tuple[list[Move], int]:
        """Remember the position a choice is asked in; its legal moves and the seat to move."""
        seat = state.current
        self.remember(state, seat)
        return list(state.legal_moves()), seat

    def remember(self, state: State, seat: int) -> None:
        if self.turn != (state.deal_number, state.turn_number):
            self.turn, self.been, self.order = (state.deal_number, state.turn_number), set(), []
        position = seen_position(state, seat)
        if position not in self.been:
            self.been.add(position)
            self.order.append((position[1], _seen_cards(position[1])))

    def branch(self) -> TurnMemory:
        """A copy to go on in (a plan looked at, not made)."""
        other = TurnMemory()
        other.turn, other.been, other.order = self.turn, set(self.been), list(self.order)
        return other

    def __contains__(self, position: tuple) -> bool:
        return position in self.been

    def pointless(self, before: tuple, after: State, seat: int) -> bool:
        """Whether the move that led from `before` (a seen position, the one of the choice) to
        `after` is pointless in this turn (see the module's text)."""
        if (after.deal_number, after.turn_number) != self.turn or after.over:
            return False  # it ends the turn: a turn is no loop
        position = seen_position(after, seat)
        if position in self.been:
            return True
        old, new = before[1], position[1]
        received = [z for z, (a, b) in enumerate(zip(old, new)) if Counter(b) - Counter(a)]
        if not received:
            return False
        changed = [z for z, (a, b) in enumerate(zip(old, new)) if a != b]
        seen_now = _seen_cards(new)
        for zones, seen in self.order:
            if all(zones[z] == new[z] for z in received):
                if not seen_now - seen:
                    return True  # the cards are back where they were, and nothing new was shown since
                if all(zones[z] == new[z] for z in changed):
                    return True  # both places as they were: the move undoes one of the turn
        return False
