"""Building rules compiled into lookup tables.

A building rule answers "may this card go on that top card (or on an empty zone)?". Cards are
below 64, so the whole answer is a table: `accepts[top][card]`, with row `EMPTY` for an empty
zone. The hot path is then one indexing operation, however the rule was written.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import cards
from ..model.model import BuildSpec
from ..syntax import ast

EMPTY = cards.CARD_LIMIT  # the row used when the zone is empty

AcceptTable = tuple[bytes, ...]


def step_allowed(deltas: set[int], size: int, wrapping: bool) -> set[int]:
    """The differences of places in an order (card minus other) a step allows; in an order that
    goes round, taken modulo its length (the step from its last rank up is its first: K -> A)."""
    if wrapping and size:
        return {d % size for d in deltas}
    return set(deltas)


def colour_table(colours: dict[str, tuple[int, ...]]) -> list[int]:
    """The colour (index of its `colour` line) of each suit, -1 for none."""
    colour_of = [-1] * 4
    for i, suits in enumerate(colours.values()):
        for suit in suits:
            colour_of[suit] = i
    return colour_of


def relation_test(kind: str, colour_of: list[int], order: tuple[int, ...] = (), deltas: frozenset[int] = frozenset(),
                  wrapping: bool = False) -> Callable[[int, int], bool]:
    """The relation of two cards, (card, other) -> bool: building rules ask it of (card, top),
    moves' conditions and selections of any two cards (`cards_expr`). `kind`: same_suit,
    other_suit, same_colour, other_colour, same_rank; `steps` (the differences of places in
    ORDER in `deltas`, card minus other, `wrapping` for an order that goes round); higher, lower,
    at_least, at_most (in ORDER). A joker has no suit nor colour; a rank the order leaves out
    takes no step and is neither higher nor lower."""
    if kind == "same_suit":
        return lambda card, top: not cards.is_joker(card) and not cards.is_joker(top) and card & 3 == top & 3
    if kind == "other_suit":
        return lambda card, top: not cards.is_joker(card) and not cards.is_joker(top) and card & 3 != top & 3
    if kind in ("same_colour", "other_colour"):
        want_same = kind == "same_colour"

        def colour_test(card: int, top: int) -> bool:
            a, b = colour_of[card & 3], colour_of[top & 3]
            if cards.is_joker(card) or cards.is_joker(top) or a < 0 or b < 0:
                return False
            return (a == b) == want_same

        return colour_test
    if kind == "same_rank":
        return lambda card, top: card >> 2 == top >> 2
    position = [-1] * 16
    for i, rank in enumerate(order):
        position[rank] = i
    if kind in ("higher", "lower", "at_least", "at_most"):
        compare = {"higher": lambda d: d > 0, "lower": lambda d: d < 0, "at_least": lambda d: d >= 0,
                   "at_most": lambda d: d <= 0}[kind]

        def order_test(card: int, top: int) -> bool:
            a, b = position[card >> 2], position[top >> 2]
            return a >= 0 and b >= 0 and compare(a - b)

        return order_test
    # steps in an order
    allowed = step_allowed(set(deltas), len(order), wrapping)
    if wrapping and order:

        def wrapping_test(card: int, top: int) -> bool:
            a, b = position[card >> 2], position[top >> 2]
            return a >= 0 and b >= 0 and (a - b) % len(order) in allowed

        return wrapping_test

    def step_test(card: int, top: int) -> bool:
        a, b = position[card >> 2], position[top >> 2]
        return a >= 0 and b >= 0 and (a - b) in allowed

    return step_test


def _relation_test(rel: ast.Relation, orders: dict[str, tuple[int, ...]], colour_of: list[int]) -> Callable[[int, int], bool]:
    order = orders[rel.order.text] if rel.kind == "steps" and rel.order else ()
    deltas = {"up": 1, "down": -1, "same": 0}
    return relation_test(rel.kind, colour_of, order, frozenset(deltas[s] for s in rel.steps), rel.wrapping)


def _predicate_test(pred: tuple, orders: dict[str, tuple[int, ...]], colour_of: list[int],
                    pile_suit: int | None = None, counter_value: int | None = None) -> Callable[[int, int], bool]:
    """A test of (card, top) for a predicate the checker resolved; `top` is -1 for an empty zone."""
    kind = pred[0]
    if kind == "rel":
        return _relation_test(pred[1], orders, colour_of)
    if kind == "const":
        return lambda card, top: pred[1]
    if kind == "card_rel":  # `the card is one up from the top in building, wrapping`
        node = pred[1]
        order = orders[node.order.text] if node.order is not None else ()
        relation = node.kind
        deltas: frozenset[int] = frozenset()
        if relation in ("up", "down"):
            deltas = frozenset({int(node.amount) if relation == "up" else -int(node.amount)})
            relation = "steps"
        test = relation_test(relation, colour_of, order, deltas, node.wrapping)
        card_first = isinstance(node.subject, ast.TheCard)
        same = isinstance(node.other, type(node.subject))
        negated = node.negated

        def related(card: int, top: int) -> bool:
            if top < 0:
                return False
            a, b = (card, top) if card_first else (top, card)
            if same:
                b = a
            return test(a, b) != negated

        return related
    if kind == "not":
        inner = _predicate_test(pred[1], orders, colour_of, pile_suit, counter_value)
        return lambda card, top: not inner(card, top)
    if kind in ("and", "or"):
        parts = [_predicate_test(p, orders, colour_of, pile_suit, counter_value) for p in pred[1]]
        if kind == "and":
            return lambda card, top: all(t(card, top) for t in parts)
        return lambda card, top: any(t(card, top) for t in parts)
    _, subject, attr, value, negated = pred
    if value == "pile":  # `the pile's suit`: the suit the zone is bound to (`one per suit`)
        value = -1 if pile_suit is None else pile_suit
    if isinstance(value, tuple):  # `the card is base`: the value the counter holds (-1: none)
        value = -1 if counter_value is None else counter_value

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


def counter_read(preds: tuple) -> str | None:
    """The counter these predicates read (`the card is base`), if any."""
    for pred in preds:
        if pred[0] == "not":
            found = counter_read((pred[1],))
        elif pred[0] in ("and", "or"):
            found = counter_read(pred[1])
        elif pred[0] == "is" and isinstance(pred[3], tuple):
            found = pred[3][1]
        else:
            found = None
        if found is not None:
            return found
    return None


class ByCounter:
    """The tables of a building rule that reads a counter (`empty: the card is base`): one per
    value the counter can hold, the one in force read from the position when moves are listed."""

    __slots__ = ("index", "tables")

    def __init__(self, index: int, tables: dict[int, AcceptTable]):
        self.index = index
        self.tables = tables

    def at(self, st: Any) -> AcceptTable:
        return self.tables[int(st.counters[self.index])]


def counter_tables(build: BuildSpec, orders: dict[str, tuple[int, ...]], colours: dict[str, tuple[int, ...]],
                   index: int, values: range, pile_suit: int | None = None) -> ByCounter:
    """One table per value of the counter the rule reads (and -1, none). A counter read only in
    `empty:` changes the empty row alone: the other rows are made once."""
    tables: dict[int, AcceptTable] = {}
    first: AcceptTable | None = None
    on_top_reads = counter_read(build.on_top) is not None
    for value in (-1, *values):
        if first is not None and not on_top_reads:
            tables[value] = (*first[:-1], accept_table(build, orders, colours, pile_suit, value, empty_only=True)[0])
        else:
            tables[value] = accept_table(build, orders, colours, pile_suit, value)
            first = tables[value]
    return ByCounter(index, tables)


def accept_table(build: BuildSpec, orders: dict[str, tuple[int, ...]], colours: dict[str, tuple[int, ...]],
                 pile_suit: int | None = None, counter_value: int | None = None,
                 empty_only: bool = False) -> AcceptTable:
    colour_of = colour_table(colours)
    tests = [_predicate_test(p, orders, colour_of, pile_suit, counter_value) for p in build.on_top]
    empty_tests = [_predicate_test(p, orders, colour_of, pile_suit, counter_value) for p in build.empty_test]
    valid = [c for c in range(cards.CARD_LIMIT) if cards.CARD_TEXT[c]]
    rows: list[bytes] = []
    for top in range(0 if empty_only else cards.CARD_LIMIT):
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
    if kind == "card_rel":
        node = pred[1]
        words = {"up": f"{number_word(node.amount)} up from", "down": f"{number_word(node.amount)} down from",
                 "higher": "higher than", "lower": "lower than", "at_least": "at least", "at_most": "at most",
                 "same_suit": "same suit as", "same_rank": "same rank as", "same_colour": "same colour as",
                 "other_suit": "other suit than", "other_colour": "other colour than"}[node.kind]
        name = {ast.TheCard: "the card", ast.TheTop: "the top"}
        text = f"{name[type(node.subject)]} is {'not ' if node.negated else ''}{words} {name[type(node.other)]}"
        if node.order is not None:
            text += f" in {node.order.text}" + (", wrapping" if node.wrapping else "")
        return text
    if kind == "not":
        return "not " + _predicate_text(pred[1], colours, inner=True)
    if kind in ("and", "or"):
        text = f" {kind} ".join(_predicate_text(p, colours, inner=True) for p in pred[1])
        return f"({text})" if inner else text
    _, subject, attr, value, negated = pred
    if isinstance(value, tuple):  # a counter's value
        word = value[1]
    elif attr == "rank":
        word = cards.RANK_TEXT[value]
        word = ("an " if word in ("A", "8") else "a ") + word
    elif attr == "suit":
        word = "the pile's suit" if value == "pile" else ("spades", "hearts", "diamonds", "clubs")[value]
    else:
        word = colours[value] if value < len(colours) else "?"
    return f"the {subject} is {'not ' if negated else ''}{word}"


def number_word(amount: float) -> str:
    return "one" if amount == 1 else str(int(amount))


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
