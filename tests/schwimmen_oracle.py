"""Independent test oracle for Schwimmen (31) and its variants.

Written from the rules text alone (seeds/en/schwimmen.md: Part 2 "Rules digest"
sections 2.A-2.G, checked against the Part 3 worked examples), without looking
at any engine code or rules file.  Standard library only; clarity over speed.

Cards
-----
A card is a string: rank then suit letter.  Ranks ``2..10 J Q K A``, suits
``C D H S``.  Examples: ``"AS"``, ``"10H"``, ``"7D"``, ``"QC"``.

Games (the ``game`` argument)
-----------------------------
``"schwimmen"``            base game, 32 cards 7..A (2.A)
``"schwimmen_no_triples"`` base game without three of a kind (2.B item 3)
``"dutch31"``              Dutch 31, 32 cards (2.C)
``"hosa_aba"``             Hosa Aba, 36 cards 6..A (2.D)
``"41"``                   41, 52 cards, 4-card hands (2.E)
``"tri_palki"``            Tri Palki, 36 cards 6..A (2.F)
``"loo"``                  Tuppenny Ha'penny Loo, 28 cards 8..A (2.G)

Readings chosen where the text is unclear (each is also stated at its function)
---------------------------------------------------------------------------------
R1  Counting suit (2.A items 13-14, 2.F item 12).  A hand's value is carried by
    one suit, its *counting suit*: the suit whose card total equals the value.
    If several suits reach that total (e.g. 10C JS 9D: 10 in clubs or in
    spades) the hand counts in the one that is best for its holder (the highest
    suit in that game's suit order; in Tri Palki the best rank sequence, then
    the highest suit).  Off-suit cards never matter: the digest's own example
    for 2.A item 14c has an off-suit third card in each hand, and it is still
    an unbreakable tie.  So 8C 9D JS = 10 in spades ties with QS 7H 8D (10 in
    spades) and beats 10H 7D 9C (10 in hearts).
R2  2.A item 14b ("equal combinations are separated by suit") therefore applies
    to every equal, non-three-of-a-kind value, whether the hands are one-suit
    hands or not, by comparing the counting suits.  Item 14c: same value and
    same counting suit cannot be separated.
R3  "schwimmen_no_triples" (2.B item 3): no 30.5 and no Feuer either; three aces
    are an ordinary hand worth 11 (one ace).  Ties as in the base game.
R4  Dutch 31 (2.C item 7): all three of a kind (aces included) are 30.5 and are
    never separated; other ties are broken by Skat suit as in the base game.
R5  Hosa Aba (2.D items 6-7): every three of a kind (aces included) is 30.5;
    no tie-break at all, so everyone tied for lowest loses.
R6  Tri Palki (2.F item 12): only the counting suit's cards are compared, ranks
    from the highest down, then the counting suit (H > D > C > S).  Part 3
    examples 10 and 11 use one-suit hands only, so both readings ("all three
    cards" or "counting-suit cards") give the same answers there; this reading
    is chosen because it keeps item 12b well defined (a mixed hand has no
    single suit to compare otherwise) and agrees with the base game's R1.  In
    the 36-card pack it always gives a strict order between hands.
R7  Dealt-hand penalties (2.B item 2): when three aces are dealt, the aces rule
    replaces the 31 rule (Part 3 example 7: the 31 holder loses 1, everyone
    else 2); the three-aces holder loses nothing.
R8  Washing (2.F item 7, Part 3 example 12): a replacement pool needs 3 cards;
    if fewer than 3 are left the deal ends (the text only covers "no cards").
"""

from __future__ import annotations

from itertools import chain

SUITS: tuple[str, ...] = ("C", "D", "H", "S")
ALL_RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

# Rank order low -> high; A highest (2.A item 14a, 2.F item 12a).
RANK_ORDER: dict[str, int] = {r: i for i, r in enumerate(ALL_RANKS)}

# Suit orders, low -> high (index = strength).
SKAT_ORDER: dict[str, int] = {"D": 0, "H": 1, "S": 2, "C": 3}        # 2.A item 14b: C > S > H > D
PREFERANS_ORDER: dict[str, int] = {"S": 0, "C": 1, "D": 2, "H": 3}   # 2.F item 12b: H > D > C > S

GAMES: tuple[str, ...] = (
    "schwimmen", "schwimmen_no_triples", "dutch31", "hosa_aba", "41", "tri_palki", "loo",
)

# Lowest rank of each game's pack (2.A item 3, 2.D item 1, 2.E item 2, 2.F item 2, 2.G item 2).
_LOWEST_RANK: dict[str, str] = {
    "schwimmen": "7", "schwimmen_no_triples": "7", "dutch31": "7",
    "hosa_aba": "6", "tri_palki": "6", "loo": "8", "41": "2",
}


def deck(game: str) -> list[str]:
    """The pack of ``game``: 32 cards 7..A (2.A item 3; 2.B, 2.C unchanged),
    36 cards 6..A (2.D item 1, 2.F item 2), 28 cards 8..A (2.G item 2),
    52 cards (2.E item 2)."""
    low = RANK_ORDER[_LOWEST_RANK[_check_game(game)]]
    return [r + s for s in SUITS for r in ALL_RANKS[low:]]


def hand_size(game: str) -> int:
    """4 cards in 41 (2.E item 3), 3 cards everywhere else (2.A item 6)."""
    return 4 if _check_game(game) == "41" else 3


# ---------------------------------------------------------------- card basics

def rank(card: str) -> str:
    return card[:-1]


def suit(card: str) -> str:
    return card[-1]


def card_value(card: str) -> int:
    """A = 11; K, Q, J, 10 = 10; other ranks their face value (2.A item 4,
    2.D item 1: 6 = 6, 2.E item 2: 2..9 face value, 2.F item 2, 2.G item 2)."""
    r = rank(card)
    if r == "A":
        return 11
    if r in ("K", "Q", "J", "10"):
        return 10
    return int(r)


def _check_game(game: str) -> str:
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}")
    return game


def _check_hand(game: str, hand: list[str]) -> None:
    cards = set(deck(game))
    if len(hand) != hand_size(game):
        raise ValueError(f"{game}: a hand has {hand_size(game)} cards, got {hand!r}")
    if len(set(hand)) != len(hand):
        raise ValueError(f"duplicate card in {hand!r}")
    for c in hand:
        if c not in cards:
            raise ValueError(f"{c!r} is not in the {game} pack")


def _check_hands(game: str, hands: list[list[str]]) -> None:
    for h in hands:
        _check_hand(game, h)
    every = list(chain.from_iterable(hands))
    if len(set(every)) != len(every):
        raise ValueError("the same card is in two hands")


def suit_totals(hand: list[str]) -> dict[str, int]:
    """Card-value total of each suit present in the hand (2.A item 13)."""
    totals: dict[str, int] = {}
    for c in hand:
        totals[suit(c)] = totals.get(suit(c), 0) + card_value(c)
    return totals


def best_suit_total(hand: list[str]) -> int:
    """The best single-suit total (2.A item 13, first bullet)."""
    return max(suit_totals(hand).values())


def is_three_of_a_kind(hand: list[str]) -> bool:
    """Three cards of one rank (2.A item 13)."""
    return len(hand) == 3 and len({rank(c) for c in hand}) == 1


def is_three_aces(hand: list[str]) -> bool:
    """Feuer / A-A-A (2.A item 10, 2.F item 13)."""
    return is_three_of_a_kind(hand) and rank(hand[0]) == "A"


def is_schnauz(hand: list[str]) -> bool:
    """A one-suit 31: an ace plus two ten-point cards of one suit (2.A item 10,
    2.G item 6).  Only this 31 ends a Loo deal; three of a kind does not."""
    return len(hand) == 3 and len({suit(c) for c in hand}) == 1 and sum(map(card_value, hand)) == 31


# ---------------------------------------------------------------- hand values

def hand_value(game: str, hand: list[str]) -> float:
    """Value of a hand.

    * ``schwimmen`` -- 2.A item 13: the higher of the best single-suit total
      and the three-of-a-kind value (30.5; three aces 32).
    * ``schwimmen_no_triples`` -- 2.B item 3: best single-suit total only; no
      30.5 and (reading R3) no Feuer: A-A-A is worth 11.
    * ``dutch31`` -- 2.C item 6: as the base game, but three aces are 30.5 like
      any three of a kind.
    * ``hosa_aba`` -- 2.D items 1 and 6: 36 cards, 6 counts 6; three of a kind
      30.5, three aces also 30.5 (no Feuer).
    * ``41`` -- 2.E item 4: best single-suit total of 4 cards; three or four
      of a kind have no special value.
    * ``tri_palki`` -- 2.F item 11: best single-suit total, 6 counts 6; three
      of a kind has no value of its own (K-K-K = 10).  The special hands of
      item 13 are handled by :func:`tri_palki_special`, not here.
    * ``loo`` -- 2.G item 3: best single-suit total; any three of a kind = 31;
      no 32 and no 30.5.
    """
    _check_hand(game, hand)
    best = best_suit_total(hand)
    if game in ("schwimmen_no_triples", "41", "tri_palki"):
        return best
    if not is_three_of_a_kind(hand):
        return best
    if game == "schwimmen":
        return 32 if is_three_aces(hand) else 30.5
    if game in ("dutch31", "hosa_aba"):
        return 30.5
    assert game == "loo"
    return 31


def counting_suit(game: str, hand: list[str]) -> str | None:
    """The suit that carries the hand's value (reading R1): among the suits
    whose total equals the value, the best one for the holder (Skat order for
    the base game and Dutch 31, 2.A item 14b; Preferans order after the rank
    sequence for Tri Palki, 2.F item 12).  ``None`` when the value does not
    come from a suit total (30.5, 32, or a Loo three of a kind counted as 31
    that is not also a suit 31 -- impossible anyway)."""
    value = hand_value(game, hand)
    totals = suit_totals(hand)
    candidates = [s for s, t in totals.items() if t == value]
    if not candidates:
        return None
    if game == "tri_palki":
        return max(candidates, key=lambda s: (_rank_sequence(hand, s), PREFERANS_ORDER[s]))
    return max(candidates, key=lambda s: SKAT_ORDER[s])


def _rank_sequence(hand: list[str], s: str) -> tuple[int, ...]:
    """Ranks of the hand's cards of suit ``s``, highest first (2.F item 12a)."""
    return tuple(sorted((RANK_ORDER[rank(c)] for c in hand if suit(c) == s), reverse=True))


def compare_key(game: str, hand: list[str]) -> tuple:
    """Sort key of a hand at a showdown: a higher key is a better hand, and
    two hands with equal keys cannot be separated.

    * ``schwimmen`` -- 2.A items 13-14: (value, tie-break) where the tie-break
      is the rank of the triple for 30.5 (14a), the Skat strength of the
      counting suit for ordinary values (14b, reading R1/R2), 0 for Feuer.
      Equal value in the same counting suit gives equal keys (14c).
    * ``schwimmen_no_triples`` -- 2.B item 3 with the base tie-break 14b/14c.
    * ``dutch31`` -- 2.C item 7: every 30.5 has the same key (no rank
      tie-break); other values as the base game (R4).
    * ``hosa_aba`` -- 2.D item 7: (value,) only; suits do not matter.
    * ``loo`` -- 2.G item 8: (value,) only; no suit tie-break.
    * ``41`` -- 2.E item 7: (value,) only; ties with the winner also win.
    * ``tri_palki`` -- 2.F items 11-12: (value, ranks of the counting suit's
      cards from the highest down, Preferans strength of the counting suit),
      reading R6.  Special hands (item 13) are not ranked here.
    """
    value = hand_value(game, hand)
    if game in ("hosa_aba", "loo", "41"):
        return (value,)
    if game == "tri_palki":
        s = counting_suit(game, hand)
        return (value, _rank_sequence(hand, s), PREFERANS_ORDER[s])
    if value == 32:                              # Feuer, base game only
        return (value, 0)
    if value == 30.5:
        if game == "dutch31":
            return (value, 0)                    # 2.C item 7: no 30.5 outranks another
        return (value, RANK_ORDER[rank(hand[0])])  # 2.A item 14a
    return (value, SKAT_ORDER[counting_suit(game, hand)])  # 2.A items 14b/14c


def _all_lowest(game: str, hands: list[list[str]]) -> set[int]:
    keys = [compare_key(game, h) for h in hands]
    low = min(keys)
    return {i for i, k in enumerate(keys) if k == low}


# ---------------------------------------------------------------- showdowns

def losers(game: str, hands: list[list[str]]) -> set[int]:
    """Indexes of the players who lose a chip / life / stick / coin at a normal
    showdown (a deal ended by closing, stopping, sticking or a 31; not Feuer).

    * ``schwimmen`` -- 2.A items 14-15: the worst hand after tie-breaks 14a
      (rank of the triple) and 14b (Skat suit of the counting suit); hands
      that still tie (14c: equal value in the same suit) all lose.
    * ``schwimmen_no_triples`` -- 2.B item 3, otherwise as the base game.
    * ``dutch31`` -- 2.C item 7: tied 30.5 hands all lose; other ties as base.
    * ``hosa_aba`` -- 2.D item 7: lowest value loses; all tied lowest lose.
    * ``loo`` -- 2.G item 8: the single lowest pays; a tie for lowest (which
      includes "everyone holds three of a kind or 31") means nobody pays.
    * ``tri_palki`` -- 2.F items 12-14: the stick receivers of
      :func:`tri_palki_result`.
    """
    _check_hands(game, hands)
    if not hands:
        return set()
    if game == "tri_palki":
        return tri_palki_result(hands)[0]
    if game == "41":
        raise ValueError("41 has no losers of a chip; use forty_one_scores")
    low = _all_lowest(game, hands)
    if game == "loo" and len(low) > 1:
        return set()
    return low


def feuer_losers(hands: list[list[str]]) -> set[int]:
    """2.A item 16: a deal ended by Feuer costs every player except the holder
    of three aces one chip.  Raises ``ValueError`` if nobody holds three aces."""
    _check_hands("schwimmen", hands)
    holders = {i for i, h in enumerate(hands) if is_three_aces(h)}
    if not holders:
        raise ValueError("nobody holds Feuer")
    return set(range(len(hands))) - holders


def dealt_penalties(hands: list[list[str]]) -> list[int]:
    """2.B item 2 (optional dealt-hand penalties), ``hands`` being the dealt
    hands of the players (the extra hand / pool is not a player):

    * someone dealt three aces: each other player loses 2 chips, except
      players dealt a one-suit 31, who lose 1; the aces holder loses 0
      (reading R7: this replaces the 31 rule, Part 3 example 7);
    * otherwise, someone dealt 31: every player without 31 loses 1;
    * otherwise all 0.
    """
    _check_hands("schwimmen", hands)
    has31 = [is_schnauz(h) for h in hands]
    aces = [is_three_aces(h) for h in hands]
    if any(aces):
        return [0 if a else (1 if t else 2) for a, t in zip(aces, has31)]
    if any(has31):
        return [0 if t else 1 for t in has31]
    return [0] * len(hands)


def forty_one_scores(hands: list[list[str]]) -> list[int]:
    """2.E item 7 (suggested scoring of 41): every hand equal to the highest
    value wins and gains that value; each other player loses (winning value
    minus own value), returned as a negative change."""
    _check_hands("41", hands)
    values = [int(hand_value("41", h)) for h in hands]
    top = max(values)
    return [top if v == top else v - top for v in values]


# ---------------------------------------------------------------- Tri Palki

def tri_palki_special(hand: list[str]) -> str | None:
    """2.F item 13: ``"666"`` (three sixes), ``"678"`` (6-7-8 of one suit),
    ``"AAA"`` (three aces), or ``None`` for an ordinary hand."""
    _check_hand("tri_palki", hand)
    ranks = sorted(rank(c) for c in hand)
    if ranks == ["6", "6", "6"]:
        return "666"
    if ranks == ["6", "7", "8"] and len({suit(c) for c in hand}) == 1:
        return "678"
    if ranks == ["A", "A", "A"]:
        return "AAA"
    return None


def tri_palki_result(hands: list[list[str]]) -> tuple[set[int], int | None]:
    """2.F items 12-15: (players receiving a stick, next dealer).

    * Holders of special hands (item 13) never receive a stick.
    * If someone holds A-A-A, every player without a special hand gets a
      stick (item 13); otherwise the lowest ordinary hand gets one (item 14),
      ranked by :func:`compare_key` (item 12, reading R6).
    * The next dealer (item 15) is the player with the highest ordinary hand,
      even if he also received the stick; ``None`` when every player has a
      special hand (nobody gets a stick, the same dealer deals again).
      Skipping an eliminated dealer (item 15, last bullet) needs the stick
      counts and is left to the caller.
    """
    _check_hands("tri_palki", hands)
    special = [tri_palki_special(h) for h in hands]
    ordinary = [i for i, s in enumerate(special) if s is None]
    if not ordinary:
        return set(), None
    keys = {i: compare_key("tri_palki", hands[i]) for i in ordinary}
    dealer = max(ordinary, key=lambda i: keys[i])
    if "AAA" in special:
        return set(ordinary), dealer
    low = min(keys.values())
    return {i for i in ordinary if keys[i] == low}, dealer


def needs_washing(pool: list[str]) -> bool:
    """2.F item 7: the 3 pool cards are washed when they are all of one suit."""
    return len(pool) == 3 and len({suit(c) for c in pool}) == 1


def wash(pool: list[str], talon: list[str]) -> tuple[list[str], list[str]] | None:
    """2.F items 7 and 10c: wash until the pool holds at least two suits.
    Replacement cards are taken from the front of ``talon``.  Returns the new
    (pool, remaining talon), or ``None`` when a washing is needed but the talon
    cannot supply 3 cards (the deal ends; reading R8)."""
    pool, talon = list(pool), list(talon)
    while needs_washing(pool):
        if len(talon) < 3:
            return None
        pool, talon = talon[:3], talon[3:]
    return pool, talon
