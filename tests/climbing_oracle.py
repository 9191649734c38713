"""Independent brute-force test oracle for "Climb", the suit-aware climbing test game.

Written from tests/data/climbing.md alone, without looking at any engine code, game file,
grammar or other test.  Standard library only.  Obviously correct rather than fast: every
subset of the hand is enumerated (8,191 for 13 cards) and every kind is checked directly from
its row of the rules table.

API (the last section of the text, plus two helpers):

* ``legal_moves(hand, table, first_lead) -> set`` -- each move is ``"pass"`` or
  ``(kind, frozenset(cards))``;
* ``kinds_of(cards) -> list[(kind, key)]`` -- every kind the set of cards forms, with its key
  (a tuple; keys are only ever compared between plays of the same kind);
* ``beats(play, table) -> bool`` -- ``play`` and ``table`` are ``(kind, cards)``.

Readings chosen where the text leaves room (the most literal one each time):

* A set of ranks is consecutive when it is exactly one stretch of the run order
  A 2 3 ... K A with no rank repeated.  Only a set of all 13 ranks (a 13-card run, the whole
  of one suit) is a stretch in two ways (A..K with K on top, 2..A with A on top); its top card
  is taken as the A, the higher of the two readings.
* ``flush`` key: only the single highest of the five cards, in card order (climb order of
  rank, then suit), as the table says -- not a card-by-card comparison.
* Equal keys never beat ("a higher key beats a lower one").
* ``first_lead=True`` restricts every play to those containing 3C, whatever ``table`` is;
  a hand without 3C then has no play.  "pass" depends on ``table`` alone (legal exactly when
  following).  (first_lead with a table play is not a position of the game.)
* ``beats`` returns False when ``play``'s cards do not form the kind it names, and raises
  ``ValueError`` when the table play's cards do not form its kind.
"""

from __future__ import annotations

from itertools import combinations

# --- Cards and orders -------------------------------------------------------------------

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("C", "D", "H", "S")  # also the suit order, low to high

# Climb order of ranks, low to high.
CLIMB_ORDER = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
# Suit order, low to high.
SUIT_ORDER = ("C", "D", "H", "S")
# Run order of ranks (only to say which ranks are consecutive); the ace is at both ends.
RUN_ORDER = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

SINGLE = "single"
PAIR = "pair"
TRIPLE = "triple"
RUN = "run"
STRAIGHT = "straight"
FLUSH = "flush"
FULL_HOUSE = "full_house"
FOUR = "four"
STRAIGHT_FLUSH = "straight_flush"

KINDS = (SINGLE, PAIR, TRIPLE, RUN, STRAIGHT, FLUSH, FULL_HOUSE, FOUR, STRAIGHT_FLUSH)
# The five-card kinds, lowest to highest class.
FIVE_CARD_KINDS = (STRAIGHT, FLUSH, FULL_HOUSE, FOUR, STRAIGHT_FLUSH)

DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)


def parse(card: str) -> tuple[str, str]:
    """``"10H"`` -> ``("10", "H")``; ValueError for anything that is not one of the 52 cards."""
    if not isinstance(card, str) or len(card) < 2:
        raise ValueError(f"not a card: {card!r}")
    rank, suit = card[:-1], card[-1]
    if rank not in RANKS or suit not in SUITS:
        raise ValueError(f"not a card: {card!r}")
    return rank, suit


def rank_of(card: str) -> str:
    return parse(card)[0]


def suit_of(card: str) -> str:
    return parse(card)[1]


def card_key(card: str) -> tuple[int, int]:
    """Card order: rank in climb order, then suit in suit order.  3C lowest, 2S highest."""
    rank, suit = parse(card)
    return (CLIMB_ORDER.index(rank), SUIT_ORDER.index(suit))


def _checked(cards) -> list[str]:
    cards = list(cards)
    for card in cards:
        parse(card)
    if len(set(cards)) != len(cards):
        raise ValueError(f"a card is repeated: {cards!r}")
    return cards


# --- Consecutive ranks ------------------------------------------------------------------


def top_positions(cards: list[str]) -> list[int]:
    """Every position (index in RUN_ORDER) of the last rank of a stretch of the run order whose
    ranks are exactly the cards' ranks, each once.  Empty when the ranks are not consecutive."""
    ranks = [rank_of(c) for c in cards]
    n = len(ranks)
    if n == 0 or len(set(ranks)) != n:
        return []  # a rank repeated: not consecutive
    tops = []
    for start in range(len(RUN_ORDER) - n + 1):
        stretch = RUN_ORDER[start:start + n]
        if len(set(stretch)) == n and set(stretch) == set(ranks):
            tops.append(start + n - 1)
    return tops


def is_consecutive(cards: list[str]) -> bool:
    return bool(top_positions(cards))


def top_card(cards: list[str]) -> str:
    """The card whose rank is last in the stretch (the higher reading if there are two)."""
    top_rank = RUN_ORDER[max(top_positions(cards))]
    (card,) = [c for c in cards if rank_of(c) == top_rank]
    return card


def _one_suit(cards: list[str]) -> bool:
    return len({suit_of(c) for c in cards}) == 1


def _rank_counts(cards: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for c in cards:
        counts[rank_of(c)] = counts.get(rank_of(c), 0) + 1
    return counts


# --- Kinds and keys ---------------------------------------------------------------------


def key_of(kind: str, cards) -> tuple | None:
    """The key of ``cards`` played as ``kind``, or None when they do not form that kind."""
    cards = _checked(cards)
    n = len(cards)
    counts = _rank_counts(cards)

    if kind == SINGLE:
        if n == 1:
            return card_key(cards[0])
        return None

    if kind == PAIR:
        if n == 2 and len(counts) == 1:
            higher_suit = max(SUIT_ORDER.index(suit_of(c)) for c in cards)
            return (CLIMB_ORDER.index(rank_of(cards[0])), higher_suit)
        return None

    if kind == TRIPLE:
        if n == 3 and len(counts) == 1:
            return (CLIMB_ORDER.index(rank_of(cards[0])),)
        return None

    if kind == RUN:
        if n >= 3 and _one_suit(cards) and is_consecutive(cards):
            return (max(top_positions(cards)), SUIT_ORDER.index(suit_of(cards[0])))
        return None

    if kind == STRAIGHT:
        if n == 5 and not _one_suit(cards) and is_consecutive(cards):
            top = top_card(cards)
            return (max(top_positions(cards)), SUIT_ORDER.index(suit_of(top)))
        return None

    if kind == FLUSH:
        if n == 5 and _one_suit(cards) and not is_consecutive(cards):
            return max(card_key(c) for c in cards)
        return None

    if kind == FULL_HOUSE:
        if n == 5 and sorted(counts.values()) == [2, 3]:
            (three,) = [r for r, k in counts.items() if k == 3]
            return (CLIMB_ORDER.index(three),)
        return None

    if kind == FOUR:
        # all 4 cards of one rank and any fifth card (necessarily of another rank)
        if n == 5 and sorted(counts.values()) == [1, 4]:
            (four,) = [r for r, k in counts.items() if k == 4]
            return (CLIMB_ORDER.index(four),)
        return None

    if kind == STRAIGHT_FLUSH:
        if n == 5 and _one_suit(cards) and is_consecutive(cards):
            return (max(top_positions(cards)), SUIT_ORDER.index(suit_of(cards[0])))
        return None

    raise ValueError(f"unknown kind: {kind!r}")


def kinds_of(cards) -> list[tuple[str, tuple]]:
    """Every kind the set of cards forms, with its key, in the order of KINDS."""
    cards = _checked(cards)
    result = []
    for kind in KINDS:
        key = key_of(kind, cards)
        if key is not None:
            result.append((kind, key))
    return result


# --- Beating ----------------------------------------------------------------------------


def beats(play, table) -> bool:
    """Whether ``play`` = (kind, cards) beats the table play ``table`` = (kind, cards)."""
    play_kind, play_cards = play
    table_kind, table_cards = table
    play_cards, table_cards = list(play_cards), list(table_cards)
    table_key = key_of(table_kind, table_cards)
    if table_key is None:
        raise ValueError(f"the table's cards {table_cards!r} are not a {table_kind}")
    play_key = key_of(play_kind, play_cards)
    if play_key is None:
        return False

    play_five = play_kind in FIVE_CARD_KINDS
    table_five = table_kind in FIVE_CARD_KINDS
    if not play_five and not table_five:
        # same kind, same number of cards (a run beats only a run of its length), higher key
        return (play_kind == table_kind and len(play_cards) == len(table_cards)
                and play_key > table_key)
    if play_five and table_five:
        play_class = FIVE_CARD_KINDS.index(play_kind)
        table_class = FIVE_CARD_KINDS.index(table_kind)
        if play_class != table_class:
            return play_class > table_class
        return play_key > table_key
    # a five-card kind against a non-five-card kind (e.g. a run of 5): never
    return False


# --- Legal moves ------------------------------------------------------------------------


def legal_moves(hand, table, first_lead: bool) -> set:
    """The complete set of legal moves: "pass" and (kind, frozenset(cards))."""
    hand = _checked(hand)
    if table is not None:
        table_kind, table_cards = table
        table_cards = list(table_cards)
        if key_of(table_kind, table_cards) is None:
            raise ValueError(f"the table's cards {table_cards!r} are not a {table_kind}")

    moves: set = set()
    for size in range(1, len(hand) + 1):
        for subset in combinations(hand, size):
            cards = list(subset)
            if first_lead and "3C" not in cards:
                continue
            for kind, _key in kinds_of(cards):
                if table is None or beats((kind, cards), (table_kind, table_cards)):
                    moves.add((kind, frozenset(cards)))
    if table is not None:
        moves.add("pass")  # passing: only when following
    return moves
