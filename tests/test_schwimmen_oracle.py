"""Tests OF the independent Schwimmen oracle (tests/schwimmen_oracle.py).

They check the oracle against every worked example of Part 3 of
seeds/en/schwimmen.md (examples 1-15) and a few properties of the rules digest
(Part 2, 2.A-2.G).  They do not use the engine.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .schwimmen_oracle import (
    RANK_ORDER,
    SKAT_ORDER,
    compare_key,
    counting_suit,
    dealt_penalties,
    deck,
    feuer_losers,
    forty_one_scores,
    hand_value,
    is_schnauz,
    losers,
    needs_washing,
    tri_palki_result,
    tri_palki_special,
    wash,
)


def h(text: str) -> list[str]:
    """'7H 9H KS' -> ['7H', '9H', 'KS']"""
    return text.split()


def beats(game: str, a: str, b: str) -> bool:
    return compare_key(game, h(a)) > compare_key(game, h(b))


# ---------------------------------------------------------------- Part 3 examples

def test_example_1_suit_counting():
    assert hand_value("schwimmen", h("7H 9H KS")) == 16
    assert hand_value("schwimmen", h("8C 9D JS")) == 10
    assert counting_suit("schwimmen", h("7H 9H KS")) == "H"
    assert counting_suit("schwimmen", h("8C 9D JS")) == "S"


def test_example_2_top_hand_ordering_and_feuer():
    feuer, schnauz, nines, thirty = h("AD AC AH"), h("AS KS JS"), h("9S 9H 9C"), h("KC QC JC")
    assert [hand_value("schwimmen", x) for x in (feuer, schnauz, nines, thirty)] == [32, 31, 30.5, 30]
    keys = [compare_key("schwimmen", x) for x in (feuer, schnauz, nines, thirty)]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == 4
    # Feuer exposed: every other player loses 1 chip (2.A item 16).
    assert feuer_losers([h("7C 8C 9C"), feuer, h("KD QD JD"), h("10S 7S 8S")]) == {0, 2, 3}
    with pytest.raises(ValueError):
        feuer_losers([schnauz, thirty])


def test_example_3_three_of_a_kind_tie():
    queens, sevens = h("QS QH QD"), h("7C 7S 7H")
    assert hand_value("schwimmen", queens) == hand_value("schwimmen", sevens) == 30.5
    assert beats("schwimmen", "QS QH QD", "7C 7S 7H")
    assert losers("schwimmen", [queens, sevens]) == {1}
    assert losers("schwimmen", [sevens, h("AC KC 10C"), queens]) == {0}


def test_example_4_suit_tie():
    clubs, diamonds = h("KC QC 8H"), h("KD QD 8S")
    assert hand_value("schwimmen", clubs) == hand_value("schwimmen", diamonds) == 20
    assert losers("schwimmen", [clubs, diamonds]) == {1}
    assert losers("schwimmen", [diamonds, h("AS KS JS"), clubs]) == {0}


def test_example_5_unbreakable_same_suit_tie():
    a, b = h("KH 10H 9C"), h("QH JH 8S")
    assert hand_value("schwimmen", a) == hand_value("schwimmen", b) == 20
    assert compare_key("schwimmen", a) == compare_key("schwimmen", b)
    assert losers("schwimmen", [a, h("AC KC 7C"), b]) == {0, 2}


def test_example_6_backup_plan():
    hand, pool = h("9H 9D 7H"), h("10H 8D 7S")
    assert hand_value("schwimmen", hand) == 16
    assert hand_value("schwimmen", h("9H 9D 9S")) == 30.5       # the planned three 9s
    results = {}
    for give in hand:
        for take in pool:
            new = [c for c in hand if c != give] + [take]
            results[(give, take)] = hand_value("schwimmen", new)
    assert results[("9D", "10H")] == 26
    assert hand_value("schwimmen", h("10H 9H 7H")) == 26
    # Only giving up the 9D for the 10H reaches 26 (the text's "7D" is a slip).
    assert [k for k, v in results.items() if v == 26] == [("9D", "10H")]
    assert max(results.values()) == 26


def test_example_7_dealt_hand_penalties():
    aces, thirty_one = h("AC AD AH"), h("AS KS QS")
    others = [h("7C 8C 9C"), h("JD 10D 9D")]
    assert dealt_penalties([aces, thirty_one, *others]) == [0, 1, 2, 2]
    assert dealt_penalties([others[0], thirty_one, others[1]]) == [1, 0, 1]
    assert dealt_penalties([h("AC KC QC"), thirty_one, others[1]]) == [0, 0, 1]
    assert dealt_penalties([aces, *others]) == [0, 2, 2]
    assert dealt_penalties(others) == [0, 0]


def test_example_8_dutch31_thirty_point_five_ties():
    aces, eights = h("AS AH AD"), h("8C 8D 8H")
    assert hand_value("dutch31", aces) == hand_value("dutch31", eights) == 30.5
    assert hand_value("schwimmen", aces) == 32          # contrast with the base game
    assert losers("dutch31", [aces, eights, h("AC KC QC")]) == {0, 1}
    # Other ties as the base game (Skat suit order).
    assert losers("dutch31", [h("KC QC 8H"), h("KD QD 8S")]) == {1}


def test_example_9_forty_one():
    assert hand_value("41", h("AS KS QS JS")) == 41
    assert hand_value("41", h("2C 2D 2H 2S")) == 2
    winner, on30, also38 = h("AH KH QH 7H"), h("KS QS JS 2C"), h("AD KD QD 7D")
    assert hand_value("41", winner) == 38 and hand_value("41", on30) == 30
    assert forty_one_scores([winner, on30]) == [38, -8]
    assert forty_one_scores([winner, on30, also38]) == [38, -8, 38]


def test_example_10_tri_palki_rank_tie_break():
    ak10, aqj = h("AS KS 10S"), h("AH QH JH")
    assert hand_value("tri_palki", ak10) == hand_value("tri_palki", aqj) == 31
    # K > Q decides before the suit (spades is the lowest suit, hearts the highest).
    assert beats("tri_palki", "AS KS 10S", "AH QH JH")
    assert tri_palki_result([aqj, ak10]) == ({0}, 1)


def test_example_11_tri_palki_rank_and_suit():
    a106, a97 = h("AS 10S 6S"), h("AH 9H 7H")
    assert hand_value("tri_palki", a106) == hand_value("tri_palki", a97) == 27
    assert beats("tri_palki", "AS 10S 6S", "AH 9H 7H")
    assert tri_palki_result([a97, a106]) == ({0}, 1)
    # Identical ranks: the suit decides, H > D > C > S.
    assert beats("tri_palki", "AH KH 10H", "AD KD 10D")
    assert beats("tri_palki", "AD KD 10D", "AC KC 10C")
    assert beats("tri_palki", "AC KC 10C", "AS KS 10S")
    # K-K-K is an ordinary hand worth 10.
    kkk = h("KH KD KS")
    assert hand_value("tri_palki", kkk) == 10 and tri_palki_special(kkk) is None
    assert tri_palki_result([h("7C 8C 10S"), kkk, h("AH QH 9C")]) == ({1}, 2)
    # Equal 10s: the K outranks a lone 10 (item 12a on the counting-suit cards).
    assert tri_palki_result([h("7C 8D 10S"), kkk]) == ({0}, 1)


def test_example_12_tri_palki_washing():
    assert needs_washing(h("7H JH AH"))
    assert needs_washing(h("6S 9S QS"))
    assert not needs_washing(h("6S 9D QS"))
    # Washed twice: first into 6S 9S QS (one suit again), then into a mixed pool.
    assert wash(h("7H JH AH"), h("6S 9S QS 6D 9C QH 8C")) == (h("6D 9C QH"), h("8C"))
    assert wash(h("6S 9D QS"), h("7C")) == (h("6S 9D QS"), h("7C"))   # mixed pool stays
    # Washing needed but no cards left: the deal ends.
    assert wash(h("7H JH AH"), []) is None
    assert wash(h("7H JH AH"), h("6S 9S QS")) is None


def test_example_13_tri_palki_three_players():
    hands = [h("6D 7D 8D"), h("6C 6H 6S"), h("AS KS QS")]
    assert [tri_palki_special(x) for x in hands] == ["678", "666", None]
    assert tri_palki_result(hands) == ({2}, 2)


def test_example_14_tri_palki_four_players():
    a, b, c, d = h("6C 7C 8C"), h("AD AH AC"), h("9S 10S JS"), h("KH QH 8H")
    assert hand_value("tri_palki", c) == 29 and hand_value("tri_palki", d) == 28
    assert tri_palki_result([a, b, c, d]) == ({2, 3}, 2)
    assert tri_palki_result([a, h("AD AH AS"), c, d]) == ({2, 3}, 2)


def test_tri_palki_all_special_same_dealer():
    assert tri_palki_result([h("6C 7C 8C"), h("6D 6H 6S"), h("AD AH AS")]) == (set(), None)


def test_example_15_loo():
    qqq, ak10 = h("QS QH QD"), h("AC KC 10C")
    assert hand_value("loo", qqq) == 31 and hand_value("loo", ak10) == 31
    assert not is_schnauz(qqq) and is_schnauz(ak10)    # only the suit 31 ends the deal
    assert losers("loo", [qqq, ak10, h("8H 8C 8S")]) == set()   # all 31: nobody pays
    assert losers("loo", [h("KH 9H 8S"), h("KD 9D 8C"), ak10]) == set()  # tie for lowest
    assert losers("loo", [h("KH 9H 8S"), h("KD 10D 8C"), qqq]) == {0}


# ---------------------------------------------------------------- other digest items

def test_variant_values():
    aces = h("AC AD AH")
    assert hand_value("schwimmen_no_triples", aces) == 11           # 2.B item 3, reading R3
    assert hand_value("schwimmen_no_triples", h("9S 9H 9C")) == 9
    assert hand_value("hosa_aba", aces) == 30.5                     # 2.D item 6
    assert hand_value("hosa_aba", h("6S 7S 10S")) == 23             # 6 counts 6
    assert hand_value("tri_palki", h("6S 6H 6C")) == 6
    with pytest.raises(ValueError):
        hand_value("schwimmen", h("6S 7S 8S"))                      # no 6 in the 32-card pack
    with pytest.raises(ValueError):
        hand_value("loo", h("7S 8S 9S"))                            # no 7 in the 28-card pack


def test_hosa_aba_no_suit_tie_break():
    assert losers("hosa_aba", [h("KC QC 8H"), h("KD QD 8S"), h("AS KS 7D")]) == {0, 1}
    assert losers("hosa_aba", [h("AC AD AH"), h("6S 6H 6C"), h("AS KS JS")]) == {0, 1}


def test_off_suit_cards_do_not_matter():
    # Reading R1/R2: 8C 9D JS counts 10 in spades.
    assert losers("schwimmen", [h("8C 9D JS"), h("QS 7H 8D")]) == {0, 1}
    assert losers("schwimmen", [h("8C 9D JS"), h("10H 7D 9C")]) == {1}
    # 10C JS 9D counts 10 in clubs (best of the suits that reach 10).
    assert counting_suit("schwimmen", h("10C JS 9D")) == "C"
    assert losers("schwimmen", [h("10C JS 9D"), h("KS 7H 8D")]) == {1}
    assert losers("schwimmen", [h("10C JS 9D"), h("QC 7H 8D")]) == {0, 1}


# ---------------------------------------------------------------- properties

def hands_from(game: str, n: int, size: int = 3):
    return st.permutations(deck(game)).map(lambda p: [p[i * size:(i + 1) * size] for i in range(n)])


def brute_best_suit(hand: list[str]) -> int:
    """Independent: the largest total over any non-empty set of cards sharing a suit."""
    def val(c: str) -> int:
        r = c[:-1]
        return 11 if r == "A" else 10 if r in ("K", "Q", "J", "10") else int(r)
    best = 0
    for k in range(1, len(hand) + 1):
        for sub in combinations(hand, k):
            if len({c[-1] for c in sub}) == 1:
                best = max(best, sum(map(val, sub)))
    return best


@settings(max_examples=300, deadline=None)
@given(hands_from("schwimmen", 1))
def test_schwimmen_value_is_suit_sum_or_triple(hands):
    hand = list(hands[0])
    v = hand_value("schwimmen", hand)
    ranks = {c[:-1] for c in hand}
    if len(ranks) == 1:
        assert v == (32 if ranks == {"A"} else 30.5)
    else:
        assert v == brute_best_suit(hand)
    assert v in (brute_best_suit(hand), 30.5, 32)


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 8).flatmap(lambda n: hands_from("schwimmen", n)))
def test_schwimmen_losers_never_empty(hands):
    hands = [list(x) for x in hands]
    lost = losers("schwimmen", hands)
    assert lost
    worst = min(compare_key("schwimmen", x) for x in hands)
    assert all(compare_key("schwimmen", hands[i]) == worst for i in lost)
    # More than one loser only in the declared case 14c: same value, same counting suit.
    if len(lost) > 1:
        values = {hand_value("schwimmen", hands[i]) for i in lost}
        suits = {counting_suit("schwimmen", hands[i]) for i in lost}
        assert len(values) == 1 and len(suits) == 1 and None not in suits


@settings(max_examples=500, deadline=None)
@given(hands_from("schwimmen", 2))
def test_schwimmen_strict_order_except_same_suit_equal_value(hands):
    a, b = list(hands[0]), list(hands[1])
    va, vb = hand_value("schwimmen", a), hand_value("schwimmen", b)
    ka, kb = compare_key("schwimmen", a), compare_key("schwimmen", b)
    if va != vb:
        assert (ka > kb) == (va > vb)
    elif va == 30.5:                               # 14a: rank of the triple
        assert (ka > kb) == (RANK_ORDER[a[0][:-1]] > RANK_ORDER[b[0][:-1]])
    else:                                          # 14b / 14c
        sa, sb = counting_suit("schwimmen", a), counting_suit("schwimmen", b)
        if sa == sb:
            assert ka == kb
        else:
            assert (ka > kb) == (SKAT_ORDER[sa] > SKAT_ORDER[sb])
    declared_tie = va == vb and va not in (30.5, 32) and (
        counting_suit("schwimmen", a) == counting_suit("schwimmen", b))
    assert (ka == kb) == declared_tie


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 8).flatmap(lambda n: hands_from("loo", n)))
def test_loo_at_most_one_payer(hands):
    hands = [list(x) for x in hands]
    payers = losers("loo", hands)
    assert len(payers) <= 1
    values = [hand_value("loo", x) for x in hands]
    if payers:
        (i,) = payers
        assert values.count(min(values)) == 1 and values[i] == min(values)
    else:
        assert values.count(min(values)) > 1


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 8).flatmap(lambda n: hands_from("tri_palki", n)))
def test_tri_palki_result_shape(hands):
    hands = [list(x) for x in hands]
    sticks, dealer = tri_palki_result(hands)
    special = [tri_palki_special(x) for x in hands]
    ordinary = [i for i, s in enumerate(special) if s is None]
    assert all(special[i] is None for i in sticks)
    if not ordinary:
        assert (sticks, dealer) == (set(), None)
        return
    assert dealer in ordinary
    if "AAA" in special:
        assert sticks == set(ordinary)
    else:
        assert len(sticks) == 1                    # reading R6 gives a strict order
    keys = [compare_key("tri_palki", hands[i]) for i in ordinary]
    assert len(set(keys)) == len(keys)


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 10).flatmap(lambda n: hands_from("41", n, 4)))
def test_forty_one_scores_shape(hands):
    hands = [list(x) for x in hands]
    scores = forty_one_scores(hands)
    values = [hand_value("41", x) for x in hands]
    top = max(values)
    assert all(s == top if v == top else s == v - top < 0 for s, v in zip(scores, values))
    assert all(2 <= v <= 41 for v in values)
