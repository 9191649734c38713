"""What an expression's value is: a number, a card, a suit, a rank or a colour (issue 16).

One typing, used by the checker (to refuse a suit added to a number) and by the compiler (to read
`hearts` as a suit beside a suit, `10` as a rank beside a rank). At run time a card is its number
(0..63), a suit 0..3 (S H D C), a rank its index in `cards.RANK_TEXT`, a colour the index of its
`colour` line; nothing (an empty zone's top, a counter not set yet, a joker's suit) is None.
"""

from __future__ import annotations

from typing import Any

from .. import cards
from ..syntax import ast

CARD_KINDS = ("card", "suit", "rank", "colour")
SUIT_WORDS = {"spades": 0, "hearts": 1, "diamonds": 2, "clubs": 3}
SUIT_LETTERS = {"S": 0, "H": 1, "D": 2, "C": 3, "♠": 0, "♥": 1, "♦": 2, "♣": 3}
ARTICLE = {"card": "a card", "suit": "a suit", "rank": "a rank", "colour": "a colour", "number": "a number"}


def literal_values(text: str, colours: tuple[str, ...]) -> dict[str, int | None]:
    """Every way `text` reads as a value: {'suit': 1} for `hearts`, {'rank': 12} for `K`, {'card':
    …} for `7H`, {'colour': 0} for a declared colour, {'none': None} for `none`."""
    found: dict[str, int | None] = {}
    if text == "none":
        found["none"] = None
    if text in colours:
        found["colour"] = colours.index(text)
    suit = SUIT_LETTERS.get(text, SUIT_WORDS.get(text.lower()))
    if suit is not None:
        found["suit"] = suit
    rank = cards.rank_from_text(text)
    if rank is not None:
        found["rank"] = rank
    if len(text) >= 2 and text[-1] in SUIT_LETTERS and text[:-1] in cards.RANK_TEXT[:13]:
        found["card"] = (cards.RANK_TEXT.index(text[:-1]) << 2) | SUIT_LETTERS[text[-1]]
    return found


def literal_text(node: Any) -> str | None:
    """The text of an operand that may be a literal (a bare word, a number, `7H`, `♥`), else None."""
    if isinstance(node, ast.CardLiteral):
        return node.text
    if isinstance(node, ast.NameRef) and node.owner is None:
        return node.name
    if isinstance(node, ast.Num) and node.value == int(node.value):
        return str(int(node.value))
    if isinstance(node, ast.Name):
        return node.text
    return None


class Typer:
    """The type of expressions of one file: `holds` maps each counter to what it holds."""

    def __init__(self, holds: dict[str, str], values: dict[str, Any], known: set[str], colours: tuple[str, ...],
                 parameter: Any = None):
        self.holds = holds
        self.values = values  # name -> expression
        self.known = known  # names that are not literals (options, counters, values, builtins)
        self.colours = colours
        self._value_types: dict[str, str] = {}

    def type_of(self, node: Any) -> str:
        """'number', one of CARD_KINDS, or 'word' (a literal whose kind its neighbour decides)."""
        if isinstance(node, (ast.TheCard, ast.TopOf, ast.BottomOf, ast.EachCard)):
            return "card"
        if isinstance(node, ast.Selected):
            return "card" if node.kind in ("highest", "lowest") else "number"
        if isinstance(node, ast.Selection):
            return "selection"
        if isinstance(node, ast.Attribute):
            return "number" if node.kind in ("place", "points") else node.kind
        if isinstance(node, ast.CardLiteral):
            return "word"
        if isinstance(node, ast.NameRef):
            if node.name in self.holds:
                return self.holds[node.name]
            if node.name in self.values:
                return self.value_type(node.name)
            if node.owner is None and node.name not in self.known and literal_values(node.name, self.colours):
                return "word"
            return "number"
        if isinstance(node, ast.IfExpr):
            then, otherwise = self.type_of(node.then), self.type_of(node.otherwise)
            return then if then not in ("number", "word") else otherwise
        return "number"

    def value_type(self, name: str) -> str:
        if name not in self._value_types:
            self._value_types[name] = "number"  # a value that uses itself is refused elsewhere
            self._value_types[name] = self.type_of(self.values[name])
        return self._value_types[name]

    def literal(self, node: Any, kind: str) -> tuple[bool, int | None]:
        """(True, value) when `node` is a literal of that kind (or `none`), else (False, None)."""
        text = literal_text(node)
        if text is None or (isinstance(node, ast.NameRef) and node.name in self.known):
            return False, None
        found = literal_values(text, self.colours)
        if kind in found:
            return True, found[kind]
        return False, None


def counter_test(cond: ast.IsRanks, holds: dict[str, str]) -> ast.CardTest | None:
    """`trumps is H`, `base is none`: read as `ZONE is RANKS`, a test of a counter holding a value."""
    if cond.zone.name in holds and holds[cond.zone.name] != "number" and cond.zone.index is None and len(cond.ranks) == 1:
        zone = cond.zone
        return ast.CardTest(cond.pos, ast.NameRef(zone.pos, zone.owner, zone.name), "value", value=cond.ranks[0])
    return None


def value_text(kind: str, value: float) -> str | None:
    """A suit, rank or card kept in a counter as its literal (`H`, `7`, `7H`); None for none."""
    if value < 0 or value != int(value):
        return None
    value = int(value)
    if kind == "suit" and value < 4:
        return cards.SUIT_TEXT[value]
    if kind == "rank" and value < len(cards.RANK_TEXT):
        return cards.RANK_TEXT[value]
    if kind == "card" and value < cards.CARD_LIMIT and cards.CARD_TEXT[value]:
        return cards.CARD_TEXT[value]
    return None


def value_shown(kind: str, value: float) -> str:
    """As the console shows it: `♥`, `7`, `7♥`, `—` for none."""
    text = value_text(kind, value)
    if text is None:
        return "—"
    if kind == "suit":
        return cards.SUIT_SYMBOL[int(value)]
    if kind == "card" and not cards.is_joker(int(value)):
        return text[:-1] + cards.SUIT_SYMBOL[int(value) & 3]
    return text


def value_from_text(kind: str, text: Any) -> float | None:
    """A literal of a position (`H`, `hearts`, `♥`, `7`, `K`, `7H`, `none`, null) as kept in a counter
    (-1 for none); None when it is no value of that kind."""
    if text is None or text == "none":
        return -1.0
    if isinstance(text, bool):
        return None
    if isinstance(text, int) and kind == "rank":
        text = str(text)
    if not isinstance(text, str):
        return None
    if kind == "card":
        card = cards.parse_card(text.replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C"))
        return None if card is None else float(card)
    value = literal_values(text, ()).get(kind)
    return None if value is None else float(value)
