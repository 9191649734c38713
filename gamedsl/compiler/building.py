"""Building rules compiled into lookup tables.

A building rule answers "may this card go on that top card (or on an empty zone)?". Cards are
below 64, so the whole answer is a table: `accepts[top][card]`, with row `EMPTY` for an empty
zone. The hot path is then one indexing operation, however the rule was written.
"""

from __future__ import annotations

from collections.abc import Callable

from .. import cards
from ..model.model import BuildSpec
from ..syntax import ast

EMPTY = cards.CARD_LIMIT  # the row used when the zone is empty

AcceptTable = tuple[bytes, ...]


def _relation_test(rel: ast.Relation, orders: dict[str, tuple[int, ...]], colour_of: list[int]) -> Callable[[int, int], bool]:
    if rel.kind == "same_suit":
        return lambda card, top: not cards.is_joker(card) and not cards.is_joker(top) and card & 3 == top & 3
    if rel.kind == "other_suit":
        return lambda card, top: not cards.is_joker(card) and not cards.is_joker(top) and card & 3 != top & 3
    if rel.kind in ("same_colour", "other_colour"):
        want_same = rel.kind == "same_colour"

        def colour_test(card: int, top: int) -> bool:
            a, b = colour_of[card & 3], colour_of[top & 3]
            if cards.is_joker(card) or cards.is_joker(top) or a < 0 or b < 0:
                return False
            return (a == b) == want_same

        return colour_test
    if rel.kind == "same_rank":
        return lambda card, top: card >> 2 == top >> 2
    # steps in an order
    order = orders[rel.order.text] if rel.order else ()
    position = [-1] * 16
    for i, rank in enumerate(order):
        position[rank] = i
    deltas = {"up": 1, "down": -1, "same": 0}
    allowed = {deltas[s] for s in rel.steps}

    def step_test(card: int, top: int) -> bool:
        a, b = position[card >> 2], position[top >> 2]
        return a >= 0 and b >= 0 and (a - b) in allowed

    return step_test


def accept_table(build: BuildSpec, orders: dict[str, tuple[int, ...]], colours: dict[str, tuple[int, ...]]) -> AcceptTable:
    colour_of = [-1] * 4
    for i, suits in enumerate(colours.values()):
        for suit in suits:
            colour_of[suit] = i
    tests = [_relation_test(rel, orders, colour_of) for rel in build.relations]
    valid = [c for c in range(cards.CARD_LIMIT) if cards.CARD_TEXT[c]]
    rows: list[bytes] = []
    for top in range(cards.CARD_LIMIT):
        row = bytearray(cards.CARD_LIMIT)
        if cards.CARD_TEXT[top]:
            for card in valid:
                row[card] = all(test(card, top) for test in tests)
        rows.append(bytes(row))
    empty = bytearray(cards.CARD_LIMIT)
    for card in valid:
        if build.empty == "any":
            empty[card] = 1
        elif build.empty == "ranks":
            empty[card] = (card >> 2) in build.empty_ranks
    rows.append(bytes(empty))
    return tuple(rows)


def describe(build: BuildSpec | None) -> str:
    """A short text of what the rule wants, for explanations."""
    if build is None:
        return ""
    parts = []
    for rel in build.relations:
        if rel.kind == "steps":
            order = rel.order.text if rel.order else "?"
            parts.append(" or ".join(f"one {s}" if s != "same" else "same rank" for s in rel.steps) + f" in {order}")
        else:
            parts.append(rel.kind.replace("_", " "))
    empty = {"any": "any card", "none": "nothing"}.get(build.empty) or " or ".join(cards.RANK_TEXT[r] for r in build.empty_ranks)
    return f"empty: {empty}; on top: {', '.join(parts) or 'anything'}"
