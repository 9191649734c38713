"""Selections compiled (issue 16, point 3): `cards of ZONES [that are TEST]` and what is made of
them: `count of`, `sum of … by POINTS`, `highest card of … by ORDER [then suit SUITORDER]`,
`lowest card of …`, `any …`, `no …`, `move … to ZONE`, and `holder of CARD`.

A selection's test is about each card and one other value (`the card`, `top of pile`, a counter,
a written value) read once per evaluation: a test on written values alone is a 64-entry table; the
others are the two-value relations of `cards_expr`. The cards are taken in the zones' order, each
zone from the bottom up, so moved cards keep their order."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import cards
from ..syntax import ast

if TYPE_CHECKING:
    from .cards_expr import CardExprs
    from .expressions import Fn


class Selections:
    def __init__(self, card_exprs: CardExprs):
        self.cards = card_exprs

    def picks(self, node: ast.Selection) -> Fn:
        """A function (state, player, move) -> [(zone, place, card)] of the selected cards."""
        exprs = self.cards.exprs
        cards_of = _zone_cards([exprs.zone_ids(z) for z in node.zones],
                               int(node.top) if node.top is not None else None,
                               int(node.below) if node.below is not None else 0)
        if node.test is not None and node.test.kind == "of_a_rank":
            return _of_a_rank(cards_of, int(node.test.amount))
        keep = self.test(node.test)

        def picks(st: Any, p: int, mv: Any) -> list[tuple[int, int, int]]:
            wanted = keep(st, p, mv)
            return [pick for pick in cards_of(st, p) if wanted[pick[2] & 63]]

        return picks

    def test(self, test: ast.CardTest | None) -> Fn:
        """A function (state, player, move) -> the 64-entry table of the cards that pass."""
        if test is None:
            every = bytes([1]) * cards.CARD_LIMIT
            return lambda st, p, mv: every
        negated = test.negated
        every_card = range(cards.CARD_LIMIT)
        if test.kind == "all":  # `that are (TEST and TEST …)`: the cards every test keeps
            parts = [self.test(part) for part in test.other]

            def every_test(st: Any, p: int, mv: Any) -> bytes:
                rows = [part(st, p, mv) for part in parts]
                return bytes(all(row[c] for row in rows) for c in every_card)

            return every_test
        if test.kind == "played_by":  # the cards a move of that seat put where they lie
            from ..engine.tricks import aligned  # (the engine imports the compiler)
            seat = self.cards.exprs.expr(test.other)
            recording = [z.id for z in self.cards.exprs.zones.instances if z.spec.records_players]

            def played_by(st: Any, p: int, mv: Any) -> bytes:
                wanted = seat(st, p, mv) - 1
                row = bytearray(cards.CARD_LIMIT)
                for zone_id in recording:
                    for card, who in aligned(st, zone_id):
                        if who == wanted:
                            row[card] = 1
                if negated:
                    return bytes(not row[c] and bool(cards.CARD_TEXT[c]) for c in every_card)
                return bytes(row)

            return played_by
        if test.kind == "value":
            pred = self.cards.value_pred("card", test.value)
            table = bytes((pred(c) != negated) if cards.CARD_TEXT[c] else 0 for c in every_card)
            return lambda st, p, mv: table
        if test.kind in ("rank_is", "suit_is"):
            kind = "rank" if test.kind == "rank_is" else "suit"
            other = self.cards.typed(test.other, kind)
            if kind == "rank":
                pred = lambda card, value: value is not None and card >> 2 == value
            else:
                pred = lambda card, value: value is not None and not cards.is_joker(card) and card & 3 == value
        else:
            other = self.cards.exprs.expr(test.other)
            pred = self.cards.pair_test(test, ("card", self.cards.kind(test.other)))
        valid = frozenset(c for c in every_card if cards.CARD_TEXT[c])
        made: dict[Any, bytes] = {}  # the test reads the card and the value alone: one table per value

        def table(st: Any, p: int, mv: Any) -> bytes:
            value = other(st, p, mv)
            row = made.get(value)
            if row is None:
                row = made[value] = bytes(c in valid and pred(c, value) != negated for c in every_card)
            return row

        return table

    def expr(self, node: Any) -> Fn:
        if isinstance(node, ast.HolderOf):
            return self.holder(node)
        if isinstance(node, ast.PlayedBy):
            return self.played_by(node)
        if isinstance(node, ast.TrickWinner):
            return self.trick_winner(node)
        picks = self.picks(node.selection)
        if node.kind == "count":
            return lambda st, p, mv: len(picks(st, p, mv))
        if node.kind == "any":
            return lambda st, p, mv: bool(picks(st, p, mv))
        if node.kind == "no":
            return lambda st, p, mv: not picks(st, p, mv)
        if node.kind == "sum":
            points = [0.0] * 16
            for rank, value in self.cards.points[node.table.text].items():
                points[rank] = value
            return lambda st, p, mv: sum(points[card >> 2] for _, _, card in picks(st, p, mv))
        place = [-1] * 16
        for i, rank in enumerate(self.cards.orders[node.table.text]):
            place[rank] = i
        suit_place = [0, 0, 0, 0]
        if node.suit_order is not None:
            for i, suit in enumerate(self.cards.exprs.model.suit_orders[node.suit_order.text]):
                suit_place[suit] = i
        sign = 1 if node.kind == "highest" else -1

        def extreme(st: Any, p: int, mv: Any) -> int | None:
            best, best_key = None, None
            for _, _, card in picks(st, p, mv):
                rank = place[card >> 2]
                if rank < 0:  # a rank the order leaves out is neither highest nor lowest
                    continue
                key = sign * (rank * 4 + (0 if cards.is_joker(card) else suit_place[card & 3]))
                if best_key is None or key > best_key:  # ties: the first in zone order
                    best, best_key = card, key
            return best

        return extreme

    def holder(self, node: ast.HolderOf) -> Fn:
        """The seat (1, 2, …) whose own zones hold the card; 0 when no player's do."""
        exprs = self.cards.exprs
        card = self.cards.typed(node.card, "card")
        own = [[z.id for z in exprs.zones.instances if z.owner == p] for p in range(exprs.players)]

        def holder(st: Any, p: int, mv: Any) -> int:
            wanted = card(st, p, mv)
            if wanted is None:
                return 0
            for seat, zone_ids in enumerate(own):
                if any(wanted in st.zones[z] for z in zone_ids):
                    return seat + 1
            return 0

        return holder

    def played_by(self, node: ast.PlayedBy) -> Fn:
        """The seat (1, 2, …) whose move put the card where it lies, on a zone that records it."""
        from ..engine.tricks import player_who_played  # (the engine imports the compiler)
        card = self.cards.typed(node.card, "card")
        zones = [z.id for z in self.cards.exprs.zones.instances if z.spec.records_players]
        return lambda st, p, mv: player_who_played(st, zones, card(st, p, mv))

    def trick_winner(self, node: ast.TrickWinner) -> Fn:
        """The seat who played the card that wins the zone's trick: the highest trump by the
        order if one was played, else the highest card of the suit led."""
        from ..engine.tricks import trick_winner
        place = [-1] * 16
        for i, rank in enumerate(self.cards.orders[node.order.text]):
            place[rank] = i
        zone_ids = self.cards.exprs.zone_ids(node.zone)
        trumps = self.cards.typed(node.trumps, "suit") if node.trumps is not None else (lambda st, p, mv: None)
        return lambda st, p, mv: trick_winner(st, zone_ids(st, p)[0], place, trumps(st, p, mv))

    def move_effect(self, node: ast.MoveSelected) -> Fn:
        from ..engine.selections import move_selected  # (the engine imports the compiler)
        picks = self.picks(node.selection)
        targets = self.cards.exprs.zone_ids(node.target)

        def move(st: Any, p: int, mv: Any) -> None:
            move_selected(st, [(z, i) for z, i, _ in picks(st, p, mv)], targets(st, p)[0])

        return move


def _zone_cards(ids: list[Fn], top: int | None, below: int = 0) -> Fn:
    """(state, player) -> [(zone, place, card)]: the cards of the zones, each zone once, in the
    order written, bottom to top; with `top N of`, only each zone's N top cards; with `all but
    top N of` (`below`), only the cards under them."""

    def cards_of(st: Any, p: int) -> list[tuple[int, int, int]]:
        found = []
        seen: set[int] = set()
        for zone_ids in ids:
            for z in zone_ids(st, p):
                if z in seen:
                    continue
                seen.add(z)
                pile = st.zones[z]
                start = 0 if top is None else max(0, len(pile) - top)
                found += [(z, i, pile[i]) for i in range(start, len(pile) - below)]
        return found

    return cards_of


def _of_a_rank(cards_of: Fn, need: int) -> Fn:
    """`… that are N of a rank`: the cards of every rank that the zones, together, hold N or more
    of (as `ZONE has N of a rank`), in zone order."""

    def picks(st: Any, p: int, mv: Any) -> list[tuple[int, int, int]]:
        found = cards_of(st, p)
        counts = [0] * 16
        for _, _, card in found:
            counts[card >> 2] += 1
        return [pick for pick in found if counts[pick[2] >> 2] >= need]

    return picks
