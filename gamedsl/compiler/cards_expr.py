"""Cards judged in expressions and conditions (issue 16), compiled into closures and tables.

`the card` is the card of the move being judged (`mv[1]`, a wild as the card itself); `top of`,
`bottom of`, counters that hold a card, a suit or a rank, `suit of`, `rank of`, `colour of`,
`place of … in ORDER`, `points of … by POINTS`; the tests `X is [not] VALUE` and the relations of
two cards in an order. A condition that reads only `the card` (and written values, options) is
made into a 64-entry table, looked up per candidate move (`card_filter`). The step relations are
the building rules' own (`building.step_allowed`), so both speak of an order the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .. import cards
from ..model.card_types import CARD_KINDS, Typer, counter_test, literal_text, literal_values
from ..syntax import ast
from .building import colour_table, relation_test
from .hands import HandCounts
from .selections import Selections

if TYPE_CHECKING:
    from .expressions import ExprCompiler, Fn

NONE = -1.0  # a counter that holds a suit, rank or card, holding none


def card_of(mv: Any) -> int | None:
    """The card a move moves; a wild as itself; None for a move that shows none."""
    if mv is None or len(mv) < 2 or not isinstance(mv[1], int) or mv[1] < 0:
        return None
    return mv[1] & 63


def encode(value: Any) -> float:
    return NONE if value is None else float(value)


def decode(value: float) -> int | None:
    return None if value < 0 else int(value)


class _WithChoices(Mapping):
    """What each name holds: the counters, and the suits and ranks the move being compiled chooses."""

    def __init__(self, holds: dict[str, str], exprs: ExprCompiler):
        self.holds, self.exprs = holds, exprs

    def _chosen(self) -> dict[str, str]:
        return {n: (k if k in ("suit", "rank") else "number") for n, k in self.exprs.choice_kinds.items()}

    def __getitem__(self, name: str) -> str:
        chosen = self._chosen()
        return chosen[name] if name in chosen else self.holds[name]

    def __iter__(self) -> Any:
        return iter({**self.holds, **self._chosen()})

    def __len__(self) -> int:
        return len({**self.holds, **self._chosen()})


class CardExprs:
    def __init__(self, exprs: ExprCompiler):
        self.exprs = exprs
        model = exprs.model
        self.holds = {name: spec.holds for name, spec in model.counters.items()}
        self.colour_of = colour_table(model.colours)
        self.orders = model.orders
        self.points = model.points
        known = set(exprs.options) | set(model.counters) | set(model.values) | {
            "seat", "score", "player_to_move", "deal_number", "moves_this_turn", "players_left"}
        self.selections = Selections(self)
        self.hands = HandCounts(self)
        self.typer = Typer(_WithChoices(self.holds, exprs), {n: v.expr for n, v in model.values.items()}, known,
                           tuple(model.colours))

    def kind(self, node: Any) -> str:
        return self.typer.type_of(node)

    # ---- expressions ----------------------------------------------------------------------
    def expr(self, node: Any) -> Fn | None:
        """A closure for a card expression, or None when `node` is none of them."""
        if isinstance(node, ast.TheCard):
            return lambda st, p, mv: card_of(mv)
        if isinstance(node, ast.BottomOf):
            ids = self.exprs.zone_ids(node.zone)

            def bottom(st: Any, p: int, mv: Any) -> int | None:
                for z in ids(st, p):
                    if st.zones[z]:
                        return st.zones[z][0]
                return None

            return bottom
        if isinstance(node, ast.NameRef) and self.holds.get(node.name, "number") != "number":
            base = self.exprs.counters.base[node.name]
            if not self.exprs.counters.per_player[node.name]:
                return lambda st, p, mv: decode(st.counters[base])
            whose = self.exprs.whose(node.owner, node.pos)
            return lambda st, p, mv: decode(st.counters[base + whose(st, p)])
        if isinstance(node, ast.Attribute):
            return self.attribute(node)
        if isinstance(node, (ast.Selected, ast.HolderOf, ast.PlayedBy, ast.TrickWinner)):
            return self.selections.expr(node)
        if isinstance(node, (ast.HandCount, ast.TopStretch)):
            return self.hands.expr(node)
        return None

    def typed(self, node: Any, kind: str) -> Fn:
        """`node` read as a value of `kind`: a written value (`hearts`, `K`, `none`) or an expression."""
        if kind in CARD_KINDS and literal_text(node) is not None and self.kind(node) in ("word", "number"):
            ok, value = self.typer.literal(node, kind)
            if ok or literal_text(node) == "none":
                return lambda st, p, mv: value
        return self.exprs.expr(node)

    def attribute(self, node: ast.Attribute) -> Fn:
        operand = self.exprs.expr(node.operand)
        colour_of = self.colour_of
        if node.kind == "suit":
            return lambda st, p, mv: _suit(operand(st, p, mv))
        if node.kind == "rank":
            return lambda st, p, mv: _rank(operand(st, p, mv))
        if node.kind == "colour":
            if self.kind(node.operand) == "suit":
                return lambda st, p, mv: _suit_colour(operand(st, p, mv), colour_of)
            return lambda st, p, mv: _suit_colour(_suit(operand(st, p, mv)), colour_of)
        if node.kind == "place":
            place = [0] * 16
            for i, rank in enumerate(self.orders[node.table.text]):
                place[rank] = i + 1
            return lambda st, p, mv: _lookup(place, _rank(operand(st, p, mv)))
        points = [0.0] * 16
        for rank, value in self.points[node.table.text].items():
            points[rank] = value
        return lambda st, p, mv: _lookup(points, _rank(operand(st, p, mv)))

    # ---- conditions -----------------------------------------------------------------------
    def condition(self, node: Any) -> Fn | None:
        if isinstance(node, ast.IsRanks):
            node = counter_test(node, self.holds)
            if node is None:
                return None
        if isinstance(node, ast.Compare):
            return self.compare(node)
        if isinstance(node, ast.Selected):
            return self.selections.expr(node)
        if not isinstance(node, ast.CardTest):
            return None
        test = self.value_test(node) if node.kind == "value" else self.relation(node)
        if node.negated:
            return lambda st, p, mv: not test(st, p, mv)
        return test

    def compare(self, node: ast.Compare) -> Fn | None:
        left_kind, right_kind = self.kind(node.left), self.kind(node.right)
        kind = left_kind if left_kind in CARD_KINDS else right_kind if right_kind in CARD_KINDS else None
        if kind is None:
            return None
        left, right = self.typed(node.left, kind), self.typed(node.right, kind)
        if node.op == "=":
            return lambda st, p, mv: _equal(left(st, p, mv), right(st, p, mv))
        return lambda st, p, mv: _differ(left(st, p, mv), right(st, p, mv))

    def value_test(self, node: ast.CardTest) -> Fn:
        subject = self.exprs.expr(node.subject)
        holds = self.holds.get(node.value.text, "number")
        if holds != "number":  # `the card is taken`: the value a counter holds (never when it holds none)
            counter = self.exprs.expr(ast.NameRef(node.value.pos, None, node.value.text))
            kind = self.kind(node.subject)
            if kind == "card" and holds == "suit":
                return lambda st, p, mv: _equal(_suit(subject(st, p, mv)), counter(st, p, mv))
            if kind == "card" and holds == "rank":
                return lambda st, p, mv: _equal(_rank(subject(st, p, mv)), counter(st, p, mv))
            return lambda st, p, mv: _equal(subject(st, p, mv), counter(st, p, mv))
        pred = self.value_pred(self.kind(node.subject), node.value)
        return lambda st, p, mv: pred(subject(st, p, mv))

    def value_pred(self, kind: str, name: ast.Name) -> Any:
        """`X is VALUE` as a function of X: for a card, its rank, suit, colour or itself; for a
        suit (a suit or a colour) or a rank, itself; `none`: nothing."""
        found = literal_values(name.text, self.typer.colours)
        if "none" in found:
            return lambda v: v is None
        colour_of = self.colour_of
        if kind == "card":
            reading = next(r for r in ("card", "rank", "suit", "colour") if r in found)
            value = found[reading]
            if reading == "card":
                return lambda v: v is not None and v == value
            if reading == "rank":
                return lambda v: v is not None and v >> 2 == value
            if reading == "suit":
                return lambda v: _suit(v) == value
            return lambda v: _suit_colour(_suit(v), colour_of) == value
        if kind == "suit" and "suit" not in found:  # `trumps is red`
            value = found["colour"]
            return lambda v: _suit_colour(v, colour_of) == value
        value = found[kind]
        return lambda v: v is not None and v == value

    def relation(self, node: ast.CardTest) -> Fn:
        subject, other = self.exprs.expr(node.subject), self.exprs.expr(node.other)
        pair = self.pair_test(node, (self.kind(node.subject), self.kind(node.other)))
        return lambda st, p, mv: pair(subject(st, p, mv), other(st, p, mv))

    def pair_test(self, node: ast.CardTest, kinds: tuple[str, str]) -> Any:
        """The relation of two values as a function (a, b) -> bool: the building rules' own
        (`building.relation_test`) on cards, a suit standing for its ace and a rank for its
        spade where the relation takes them; nothing (None) is in no relation."""
        order: tuple[int, ...] = ()
        deltas: frozenset[int] = frozenset()
        kind = node.kind
        if kind in ("up", "down", "higher", "lower", "at_least", "at_most"):
            order = self.orders[node.order.text]
            if kind in ("up", "down"):
                deltas = frozenset({int(node.amount) if kind == "up" else -int(node.amount)})
                kind = "steps"
        test = relation_test(kind, self.colour_of, order, deltas, node.wrapping)
        as_a = _as_card(kinds[0])
        as_b = _as_card(kinds[1])

        def pair(x: Any, y: Any) -> bool:
            return x is not None and y is not None and test(as_a(x), as_b(y))

        return pair

    # ---- the card a move moves --------------------------------------------------------------
    def card_filter(self, condition: Any) -> tuple[Any, Any]:
        """A move's `only when` split: (the part asked once per listing, the part about the card).
        The card's part is a 64-entry bytes table when it reads nothing but the card, else a
        closure (state, player, move); either may be None."""
        items = condition.items if isinstance(condition, ast.AllOf) else (condition,)
        about = [c for c in items if mentions_card(c)]
        if not about:
            return condition, None
        rest = [c for c in items if not mentions_card(c)]
        once = None if not rest else rest[0] if len(rest) == 1 else ast.AllOf(condition.pos, tuple(rest))
        judged = about[0] if len(about) == 1 else ast.AllOf(condition.pos, tuple(about))
        test = self.exprs.condition(judged)
        if _card_only(judged, self.exprs.options, self.typer.known):
            return once, bytes(1 if cards.CARD_TEXT[c] and test(None, 0, (0, c, -1, -1)) else 0
                               for c in range(cards.CARD_LIMIT))
        return once, test


def _same(value: Any) -> Any:
    return value


def _as_card(kind: str) -> Any:
    """A value as a card for the relations of cards: a suit as its ace, a rank as its spade."""
    if kind == "suit":
        return lambda suit: suit
    if kind == "rank":
        return lambda rank: rank << 2
    return _same


def _suit(card: int | None) -> int | None:
    return None if card is None or cards.is_joker(card) else card & 3


def _rank(card: int | None) -> int | None:
    return None if card is None else card >> 2


def _suit_colour(suit: int | None, colour_of: list[int]) -> int | None:
    if suit is None or colour_of[suit] < 0:
        return None
    return colour_of[suit]


def _lookup(table: list, index: int | None) -> float:
    return 0 if index is None else table[index]


def _equal(a: Any, b: Any) -> bool:
    return a is not None and b is not None and a == b


def _differ(a: Any, b: Any) -> bool:
    return a is not None and b is not None and a != b


def _children(node: Any):
    for name in getattr(node, "__dataclass_fields__", {}):
        value = getattr(node, name)
        if isinstance(value, tuple):
            yield from value
        else:
            yield value


def mentions_card(node: Any) -> bool:
    if isinstance(node, ast.TheCard):
        return True
    if not hasattr(node, "__dataclass_fields__"):
        return False
    return any(mentions_card(c) for c in _children(node))


def mentions_names(node: Any, names: Any) -> bool:
    """Does this condition read one of these names (a move's choices): `s`, `p's hand`, `own
    hand has r`? Any string field that is one of them, or its possessive, counts: a zone that
    happens to share the name is asked about too, which costs time, never a wrong answer."""
    if isinstance(node, str):
        return node in names or (node.endswith("'s") and node[:-2] in names)
    if not hasattr(node, "__dataclass_fields__"):
        return False
    return any(mentions_names(c, names) for c in _children(node))


def _card_only(node: Any, options: dict[str, Any], known: set[str]) -> bool:
    """Does this condition read the card alone (and written values and options), never the state?"""
    if isinstance(node, ast.NameRef):
        return node.owner is None and (node.name in options or node.name not in known)
    if isinstance(node, (ast.TheCard, ast.Num, ast.CardLiteral, ast.Name)) or node is None:
        return True
    if isinstance(node, (str, int, float, bool)):
        return True
    if not isinstance(node, (ast.Attribute, ast.CardTest, ast.Compare, ast.AllOf, ast.AnyOf, ast.NotCond, ast.IfExpr,
                             ast.BinOp, ast.Neg)):
        return False
    if isinstance(node, ast.CardTest) and node.kind == "value" and node.value.text in known \
            and node.value.text not in options:  # `the card is taken`: a counter's value
        return False
    return all(_card_only(c, options, known) for c in _children(node) if not _is_pos(c))


def _is_pos(value: Any) -> bool:
    return type(value).__name__ == "SourcePos"
