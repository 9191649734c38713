"""Cards as small integers.

A card is ``rank << 2 | suit``. Ranks 0..12 are A 2 .. 10 J Q K; 13 and 14 are the black
(small) and red (big) jokers, 15 the joker of packs whose jokers are identical. Jokers have
suit 0 and no suit meaning. Which pack a card came from never matters in play, so it is not
part of the card.
"""

from __future__ import annotations

RANK_TEXT = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "BJ", "RJ", "JK")
SUIT_TEXT = ("S", "H", "D", "C")
SUIT_SYMBOL = ("♠", "♥", "♦", "♣")
STANDARD_RANKS = tuple(range(13))
BLACK_JOKER, RED_JOKER, JOKER = 13, 14, 15
JOKER_RANKS = (BLACK_JOKER, RED_JOKER, JOKER)
CARD_LIMIT = 64

_RANK_BY_TEXT = {text: i for i, text in enumerate(RANK_TEXT)}
_RANK_BY_TEXT["T"] = 9
_SUIT_BY_TEXT = {text: i for i, text in enumerate(SUIT_TEXT)}
_SUIT_BY_TEXT.update({sym: i for i, sym in enumerate(SUIT_SYMBOL)})
_SUIT_BY_TEXT.update({"♤": 0, "♡": 1, "♢": 2, "♧": 3})


def make_card(rank: int, suit: int = 0) -> int:
    return rank << 2 | (0 if rank in JOKER_RANKS else suit)


def rank_of(card: int) -> int:
    return card >> 2


def suit_of(card: int) -> int:
    return card & 3


def is_joker(card: int) -> bool:
    return card >> 2 >= BLACK_JOKER


def card_text(card: int) -> str:
    rank = card >> 2
    if rank >= BLACK_JOKER:
        return RANK_TEXT[rank]
    return RANK_TEXT[rank] + SUIT_TEXT[card & 3]


CARD_TEXT = tuple(card_text(c) if (c >> 2) < BLACK_JOKER or c & 3 == 0 else "" for c in range(CARD_LIMIT))


def rank_from_text(text: str) -> int | None:
    """The rank index of `A`, `10`, `T`, `q`, ... or None."""
    return _RANK_BY_TEXT.get(text.upper())


def parse_card(text: str) -> int | None:
    """`10D`, `TD`, `qs`, `A♥`, `RJ`, `BJ`, `JK` -> card; None if it is not a card."""
    t = text.strip()
    upper = t.upper()
    if upper in ("RJ", "BJ", "JK"):
        return make_card(_RANK_BY_TEXT[upper])
    if len(t) < 2:
        return None
    suit = _SUIT_BY_TEXT.get(t[-1]) if t[-1] in _SUIT_BY_TEXT else _SUIT_BY_TEXT.get(t[-1].upper())
    if suit is None:
        return None
    rank = _RANK_BY_TEXT.get(upper[:-1])
    if rank is None or rank >= BLACK_JOKER:
        return None
    return make_card(rank, suit)


def standard_deck(jokers: int = 0) -> list[int]:
    """One 52-card pack in a fixed order, plus jokers (2: black and red; 1 or 4: identical)."""
    cards = [make_card(r, s) for s in range(4) for r in STANDARD_RANKS]
    if jokers == 2:
        cards += [make_card(BLACK_JOKER), make_card(RED_JOKER)]
    else:
        cards += [make_card(JOKER)] * jokers
    return cards
