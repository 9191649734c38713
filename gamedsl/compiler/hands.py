"""Counting a hand and the top of a pile, compiled (issue 18).

A hand's composition: `count of subsets [of N or more cards] of SEL whose points by POINTS sum to
EXPR` (a count by dynamic programming over the sums, never by listing the 2^n sets), `count of
pairs of SEL with PREDICATE` (a 64x64 table of the relation, made once), `longest run of SEL in
ORDER` and `count of longest runs of SEL in ORDER` (from the count of cards of each rank). The top
of a pile: `longest top of ZONE in sequence while PREDICATE` (each card on the one below, by the
same table as a group move's `while`) and `longest top of ZONE forming a run in ORDER` (the most
top cards of different ranks in a row of ORDER, in any order). Every one is a number."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model.model import BuildSpec, RuleInfo
from ..syntax import ast
from .building import accept_table

if TYPE_CHECKING:
    from .cards_expr import CardExprs
    from .expressions import Fn


class HandCounts:
    def __init__(self, card_exprs: CardExprs):
        self.cards = card_exprs
        self.model = card_exprs.exprs.model

    def expr(self, node: Any) -> Fn:
        if isinstance(node, ast.TopStretch):
            return self.top_stretch(node)
        picks = self.cards.selections.picks(node.selection)
        if node.kind == "subsets":
            return self.subsets(node, picks)
        if node.kind == "pairs":
            return self.pairs(node, picks)
        return self.runs(node, picks)

    def _relation(self, node: Any) -> Any:
        rule = BuildSpec(RuleInfo("relation", "build", "", "", node.pos), (), "none", (), self.model.sequences[node.pos])
        return accept_table(rule, self.model.orders, self.model.colours)

    def _place(self, order: ast.Name) -> list[int]:
        place = [-1] * 16
        for i, rank in enumerate(self.model.orders[order.text]):
            place[rank] = i
        return place

    def subsets(self, node: ast.HandCount, picks: Fn) -> Fn:
        """How many sets of the cards, of `least` cards or more, whose points add up to the total
        (sums compared to 9 decimals, as `taking … sum to`)."""
        points = [0.0] * 16
        for rank, value in self.model.points[node.table.text].items():
            points[rank] = value
        total = self.cards.exprs.expr(node.total)
        least = int(node.least)

        def subsets(st: Any, p: int, mv: Any) -> int:
            goal = round(total(st, p, mv), 9)
            ways: dict[tuple[float, int], int] = {(0.0, 0): 1}  # (sum, cards up to `least`) -> sets
            for _, _, card in picks(st, p, mv):
                worth = points[card >> 2]
                grown = dict(ways)
                for (made, size), count in ways.items():
                    key = (round(made + worth, 9), min(size + 1, least))
                    grown[key] = grown.get(key, 0) + count
                ways = grown
            return ways.get((goal, least), 0)

        return subsets

    def pairs(self, node: ast.HandCount, picks: Fn) -> Fn:
        """How many unordered pairs of the cards are in the relation (either way round)."""
        table = self._relation(node)

        def pairs(st: Any, p: int, mv: Any) -> int:
            found = [card for _, _, card in picks(st, p, mv)]
            count = 0
            for i, a in enumerate(found):
                for b in found[i + 1:]:
                    if table[a][b] or table[b][a]:
                        count += 1
            return count

        return pairs

    def runs(self, node: ast.HandCount, picks: Fn) -> Fn:
        """The length of the longest run of ranks of ORDER the cards hold, or the number of ways
        to pick one card of each rank of a longest run (over every longest run)."""
        place = self._place(node.table)
        size = len(self.model.orders[node.table.text])
        want_count = node.kind == "longest_runs"

        def runs(st: Any, p: int, mv: Any) -> int:
            held = [0] * size
            for _, _, card in picks(st, p, mv):
                at = place[card >> 2]
                if at >= 0:
                    held[at] += 1
            longest, length = 0, 0
            for count in held:
                length = length + 1 if count else 0
                longest = max(longest, length)
            if not want_count:
                return longest
            if longest == 0:
                return 0
            ways = 0
            for start in range(size - longest + 1):
                product = 1
                for count in held[start:start + longest]:
                    product *= count
                ways += product
            return ways

        return runs

    def top_stretch(self, node: ast.TopStretch) -> Fn:
        """The most top cards of the zone (the first it names that holds a card) in sequence, or
        forming a run; a face-down card nobody knows ends the stretch."""
        ids = self.cards.exprs.zone_ids(node.zone)
        face = [z.spec.face for z in self.cards.exprs.zones.instances]
        if node.kind == "sequence":
            table = self._relation(node)
        else:
            place = self._place(node.order)

        def seen(st: Any, zone_id: int, pile: list[int]) -> int:
            """How many top cards of the pile anyone can see."""
            shown = 0
            for depth, card in enumerate(reversed(pile)):
                hidden = face[zone_id] == "down" or (face[zone_id] == "down_top_up" and depth > 0)
                if hidden and card not in st.public:
                    break
                shown += 1
            return shown

        def stretch(st: Any, p: int, mv: Any) -> int:
            for zone_id in ids(st, p):
                pile = st.zones[zone_id]
                if pile:
                    break
            else:
                return 0
            visible = seen(st, zone_id, pile)
            if node.kind == "sequence":
                n = min(1, visible)
                while n < visible and table[pile[-n - 1]][pile[-n]]:
                    n += 1
                return n
            best, ranks, low, high = 0, set(), None, None
            for n in range(1, visible + 1):
                at = place[pile[-n] >> 2]
                if at < 0 or at in ranks:
                    break  # a rank outside the order, or twice: no longer stretch is a run
                ranks.add(at)
                low = at if low is None else min(low, at)
                high = at if high is None else max(high, at)
                if high - low == n - 1:
                    best = n
            return best

        return stretch
