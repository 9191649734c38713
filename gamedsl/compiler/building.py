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
    if rel.wrapping and order:
        # the order goes round: the step from its last rank up is its first (K -> A)
        allowed = {d % len(order) for d in allowed}

        def wrapping_test(card: int, top: int) -> bool:
            a, b = position[card >> 2], position[top >> 2]
            return a >= 0 and b >= 0 and (a - b) % len(order) in allowed

        return wrapping_test

    def step_test(card: int, top: int) -> bool:
        a, b = position[card >> 2], position[top >> 2]
        return a >= 0 and b >= 0 and (a - b) in allowed

    return step_test


def _predicate_test(pred: tuple, orders: dict[str, tuple[int, ...]], colour_of: list[int],
                    pile_suit: int | None = None) -> Callable[[int, int], bool]:
    """A test of (card, top) for a predicate the checker resolved; `top` is -1 for an empty zone."""
    kind = pred[0]
    if kind == "rel":
        return _relation_test(pred[1], orders, colour_of)
    if kind == "const":
        return lambda card, top: pred[1]
    if kind == "not":
        inner = _predicate_test(pred[1], orders, colour_of, pile_suit)
        return lambda card, top: not inner(card, top)
    if kind in ("and", "or"):
        parts = [_predicate_test(p, orders, colour_of, pile_suit) for p in pred[1]]
        if kind == "and":
            return lambda card, top: all(t(card, top) for t in parts)
        return lambda card, top: any(t(card, top) for t in parts)
    _, subject, attr, value, negated = pred
    if value == "pile":  # `the pile's suit`: the suit the zone is bound to (`one per suit`)
        value = -1 if pile_suit is None else pile_suit

    def is_test(card: int, top: int) -> bool:
        c = card if subject == "card" else top
        if c < 0:
            return False
        if attr == "rank":
            found = c >> 2 == value
        elif attr == "suit":
            found = not cards.is_joker(c) and c & 3 == value
        else:
            found = not cards.is_joker(c) and colour_of[c & 3] == value
        return found != negated

    return is_test


def accept_table(build: BuildSpec, orders: dict[str, tuple[int, ...]], colours: dict[str, tuple[int, ...]],
                 pile_suit: int | None = None) -> AcceptTable:
    colour_of = [-1] * 4
    for i, suits in enumerate(colours.values()):
        for suit in suits:
            colour_of[suit] = i
    tests = [_predicate_test(p, orders, colour_of, pile_suit) for p in build.on_top]
    empty_tests = [_predicate_test(p, orders, colour_of, pile_suit) for p in build.empty_test]
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
        elif build.empty == "predicate":
            empty[card] = all(test(card, -1) for test in empty_tests)
    rows.append(bytes(empty))
    return tuple(rows)


def _relation_text(rel: ast.Relation) -> str:
    if rel.kind == "steps":
        order = rel.order.text if rel.order else "?"
        text = " or ".join(f"one {s}" if s != "same" else "same rank" for s in rel.steps) + f" in {order}"
        return text + (", wrapping" if rel.wrapping else "")
    return rel.kind.replace("_", " ")


def _predicate_text(pred: tuple, colours: tuple[str, ...] = (), inner: bool = False) -> str:
    kind = pred[0]
    if kind == "rel":
        return _relation_text(pred[1])
    if kind == "const":
        return "anything" if pred[1] else "nothing"
    if kind == "not":
        return "not " + _predicate_text(pred[1], colours, inner=True)
    if kind in ("and", "or"):
        text = f" {kind} ".join(_predicate_text(p, colours, inner=True) for p in pred[1])
        return f"({text})" if inner else text
    _, subject, attr, value, negated = pred
    if attr == "rank":
        word = cards.RANK_TEXT[value]
        word = ("an " if word in ("A", "8") else "a ") + word
    elif attr == "suit":
        word = "the pile's suit" if value == "pile" else ("spades", "hearts", "diamonds", "clubs")[value]
    else:
        word = colours[value] if value < len(colours) else "?"
    return f"the {subject} is {'not ' if negated else ''}{word}"


def describe(build: BuildSpec | None, colours: tuple[str, ...] = ()) -> str:
    """A short text of what the rule wants, for explanations."""
    if build is None:
        return ""
    parts = [_predicate_text(p, colours) for p in build.on_top]
    if build.empty == "predicate":
        empty = ", ".join(_predicate_text(p, colours) for p in build.empty_test)
    else:
        empty = {"any": "any card", "none": "nothing"}.get(build.empty) or " or ".join(cards.RANK_TEXT[r] for r in build.empty_ranks)
    return f"empty: {empty}; on top: {', '.join(parts) or 'anything'}"
