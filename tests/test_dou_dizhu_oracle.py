"""Tests OF the independent Dou Dizhu combination oracle (tests/dou_dizhu_oracle.py).

They check the oracle against the rules digest (seeds/en/dou_dizhu.md, Part 2
items 16-35) and the worked examples of Part 3.  They do not use the engine.
"""

from __future__ import annotations

import random
from itertools import combinations, combinations_with_replacement

import pytest

from .dou_dizhu_oracle import (
    RANKS,
    STRENGTH,
    beats,
    classify,
    legal_leads,
    legal_leads_unfiltered,
    legal_responses,
    play,
    sorted_ranks,
    to_counts,
)


def cards(text: str) -> list[str]:
    """'3 3 3 4 BJ' -> ['3', '3', '3', '4', 'BJ']"""
    return text.split()


def P(text: str):
    """The unique play reading of the given cards."""
    return play(cards(text))


def C(text: str):
    return classify(cards(text))


def lead(t: str, length: int, key: str, text: str):
    return (t, length, key, sorted_ranks(cards(text)))


FULL_DECK = [r for r in RANKS if r not in ("BJ", "RJ") for _ in range(4)] + ["BJ", "RJ"]
RUN_RANKS = RANKS[:12]  # 3..A


# =========================================================== Part 3 examples

# ---- Example 1: straights of different length, bomb, rocket
def test_example1_longer_straight_same_length_higher_beats():
    table = P("3 4 5 6 7")
    assert table == ("straight", 5, "7", ("3", "4", "5", "6", "7"))
    assert beats(P("8 9 10 J Q"), table)


def test_example1_straight_of_six_does_not_beat_straight_of_five():
    assert not beats(P("4 5 6 7 8 9"), P("3 4 5 6 7"))


def test_example1_any_bomb_beats_straight():
    assert beats(P("8 8 8 8"), P("3 4 5 6 7"))
    assert beats(P("4 4 4 4"), P("3 4 5 6 7"))  # "would qualify equally"


def test_example1_rocket_beats_straight():
    assert beats(P("BJ RJ"), P("3 4 5 6 7"))


# ---- Example 2: what is not a run
def test_example2_straight_with_a_two_is_not_a_straight():
    assert C("10 J Q K A 2") == set()


def test_example2_four_card_straight_is_not_a_straight():
    assert C("J Q K A") == set()


def test_example2_two_pairs_is_not_a_pair_chain_three_is():
    assert C("5 5 6 6") == set()
    assert C("5 5 6 6 7 7") == {("pair_chain", 3, "7")}


def test_example2_airplane_cores():
    assert C("K K K A A A") == {("airplane", 2, "A")}
    assert C("A A A 2 2 2") == set()


# ---- Example 3: trio with a single; attachments don't decide strength
def test_example3_trio_single_comparisons():
    table = P("5 5 5 K")
    assert table[:3] == ("trio_single", 1, "5")
    assert beats(P("6 6 6 3"), table)
    assert not beats(P("4 4 4 2"), table)
    assert P("6 6 6 7 7")[0] == "trio_pair"
    assert not beats(P("6 6 6 7 7"), table)


# ---- Example 4: airplane with single wings
def test_example4_single_wings_may_form_a_pair():
    assert C("3 3 3 4 4 4 7 7") == {("airplane_singles", 2, "4")}


def test_example4_single_wings_may_not_be_both_jokers():
    assert C("3 3 3 4 4 4 BJ RJ") == set()


def test_example4_single_wing_may_not_have_a_core_rank():
    assert C("3 3 3 4 4 4 3 9") == set()


def test_example4_single_wings_may_not_form_a_trio_and_8_does_not_extend_core():
    assert C("3 3 3 4 4 4 5 5 5 8 8 8") == set()


# ---- Example 5: airplane with pair wings, comparing airplanes
def test_example5_pair_wings_valid():
    assert C("7 7 7 8 8 8 9 9 J J") == {("airplane_pairs", 2, "8")}


def test_example5_pair_wings_must_be_distinct():
    assert C("7 7 7 8 8 8 4 4 4 4") == set()


def test_example5_airplane_comparisons():
    table = P("5 5 5 6 6 6 9 9 J J")
    assert beats(P("7 7 7 8 8 8 3 3 4 4"), table)
    assert not beats(P("7 7 7 8 8 8 3 4"), table)


# ---- Example 6: four with attachments
def test_example6_four_singles_may_be_a_pair():
    assert C("9 9 9 9 3 3") == {("four_singles", 1, "9")}


def test_example6_four_singles_not_both_jokers():
    assert C("9 9 9 9 BJ RJ") == set()


def test_example6_four_pairs():
    assert C("8 8 8 8 5 5 J J") == {("four_pairs", 1, "8")}
    assert C("8 8 8 8 5 5 5 5") == set()


def test_example6_comparisons():
    table = P("9 9 9 9 3 5")
    assert table[:3] == ("four_singles", 1, "9")
    assert beats(P("6 6 6 6"), table)
    assert beats(P("10 10 10 10 4 7"), table)
    assert not beats(P("8 8 8 8 K A"), table)


# ---- Example 7: bomb against bomb, and the rocket
def test_example7_bomb_vs_bomb():
    assert beats(P("6 6 6 6"), P("5 5 5 5"))
    assert not beats(P("4 4 4 4"), P("5 5 5 5"))


def test_example7_only_rocket_beats_2222_and_nothing_beats_rocket():
    bombs = [P(" ".join([r] * 4)) for r in RANKS if r not in ("BJ", "RJ")]
    top = P("2 2 2 2")
    assert [b for b in bombs if beats(b, top)] == []
    assert beats(P("BJ RJ"), top)
    rocket = P("BJ RJ")
    others = bombs + [P("2"), P("RJ"), P("2 2"), P("3 4 5 6 7 8 9 10 J Q K A"),
                      P("A A A 2"), P("2 2 2 2 BJ 3")]
    assert not any(beats(o, rocket) for o in others)
    assert not beats(rocket, rocket)


# ---- Example 8: passing and the new lead (combination parts only)
def test_example8_pair_9_beats_pair_6_and_a_lead_is_never_a_pass():
    assert beats(P("9 9"), P("6 6"))
    hand = cards("9 9 K")
    leads = legal_leads(hand)
    assert leads  # the leader always has a combination (at least a solo)
    assert all(t in {"solo", "pair"} for t, _, _, _ in leads)
    # a player who cannot beat simply has no response (passing is not listed)
    assert legal_responses(cards("3 4"), P("9 9")) == set()


# ============================================= hand-checked tiny hands

def test_leads_of_3_3_3_4():
    assert legal_leads(cards("3 3 3 4")) == {
        lead("solo", 1, "3", "3"),
        lead("solo", 1, "4", "4"),
        lead("pair", 1, "3", "3 3"),
        lead("trio", 1, "3", "3 3 3"),
        lead("trio_single", 1, "3", "3 3 3 4"),
    }


def test_leads_of_3_3_3_3_four_of_a_kind_alone_is_only_a_bomb():
    assert legal_leads(cards("3 3 3 3")) == {
        lead("solo", 1, "3", "3"),
        lead("pair", 1, "3", "3 3"),
        lead("trio", 1, "3", "3 3 3"),
        lead("bomb", 1, "3", "3 3 3 3"),
    }
    assert C("3 3 3 3") == {("bomb", 1, "3")}  # not trio_single (item 21 decision)


def test_leads_of_jokers():
    assert legal_leads(cards("BJ RJ")) == {
        lead("solo", 1, "BJ", "BJ"),
        lead("solo", 1, "RJ", "RJ"),
        lead("rocket", 1, "RJ", "BJ RJ"),
    }


def test_leads_of_334455():
    assert legal_leads(cards("3 3 4 4 5 5")) == {
        lead("solo", 1, "3", "3"), lead("solo", 1, "4", "4"), lead("solo", 1, "5", "5"),
        lead("pair", 1, "3", "3 3"), lead("pair", 1, "4", "4 4"), lead("pair", 1, "5", "5 5"),
        lead("pair_chain", 3, "5", "3 3 4 4 5 5"),
    }


def test_leads_of_345678():
    leads = legal_leads(cards("3 4 5 6 7 8"))
    assert len(leads) == 9
    assert {x for x in leads if x[0] == "straight"} == {
        lead("straight", 5, "7", "3 4 5 6 7"),
        lead("straight", 5, "8", "4 5 6 7 8"),
        lead("straight", 6, "8", "3 4 5 6 7 8"),
    }


def test_leads_of_333444():
    assert legal_leads(cards("3 3 3 4 4 4")) == {
        lead("solo", 1, "3", "3"), lead("solo", 1, "4", "4"),
        lead("pair", 1, "3", "3 3"), lead("pair", 1, "4", "4 4"),
        lead("trio", 1, "3", "3 3 3"), lead("trio", 1, "4", "4 4 4"),
        lead("trio_single", 1, "3", "3 3 3 4"), lead("trio_single", 1, "4", "3 4 4 4"),
        lead("trio_pair", 1, "3", "3 3 3 4 4"), lead("trio_pair", 1, "4", "3 3 4 4 4"),
        lead("airplane", 2, "4", "3 3 3 4 4 4"),
    }


def test_leads_of_333344():
    assert legal_leads(cards("3 3 3 3 4 4")) == {
        lead("solo", 1, "3", "3"), lead("solo", 1, "4", "4"),
        lead("pair", 1, "3", "3 3"), lead("pair", 1, "4", "4 4"),
        lead("trio", 1, "3", "3 3 3"), lead("bomb", 1, "3", "3 3 3 3"),
        lead("trio_single", 1, "3", "3 3 3 4"), lead("trio_pair", 1, "3", "3 3 3 4 4"),
        lead("four_singles", 1, "3", "3 3 3 3 4 4"),
    }


def test_no_card_set_has_two_readings():
    # With the decisions taken (3-3-3-3 only a bomb, wings never of a core
    # rank, single wings never three of a rank, pair wings distinct), no set of
    # cards has two readings: check this on a few crafted and random hands.
    # (If it ever had, legal_leads would list both as separate entries.)
    hands = [cards("3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 8 9 9"),
             cards("3 3 3 4 4 4 5 5 5 6 6 6 6 7 7 7 7 8 8 8"),
             cards("3 3 3 3 4 4 4 4 5 5 5 5 6 6 6 6 7 7 7 7")] + _random_hands(10, 20, 11)
    for hand in hands:
        seen = {}
        for t, L, k, cs in legal_leads(hand):
            assert cs not in seen, (cs, seen.get(cs), (t, L, k))
            seen[cs] = (t, L, k)
    assert C("10 10 10 J J J Q Q Q K K K") == {("airplane", 4, "K")}
    assert C("3 3 3 3 4 4 4 4") == set()    # not four_pairs (pairs not distinct)


# ============================================= wing restrictions

@pytest.mark.parametrize("text, expected", [
    # single wings, allowed
    ("3 3 3 4 4 4 2 2", {("airplane_singles", 2, "4")}),       # a pair of 2s
    ("3 3 3 4 4 4 2 BJ", {("airplane_singles", 2, "4")}),      # a 2 and one joker
    ("3 3 3 4 4 4 RJ 9", {("airplane_singles", 2, "4")}),      # one joker
    ("3 3 3 4 4 4 5 5 5 6 6 7", {("airplane_singles", 3, "5")}),
    ("3 3 3 4 4 4 5 5 5 6 6 6 7 7 8 8", {("airplane_singles", 4, "6")}),  # two pairs
    ("3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 9 10 J",
     {("airplane_singles", 5, "7")}),                          # 20-card airplane
    # single wings, forbidden
    ("3 3 3 4 4 4 BJ RJ", set()),                                  # both jokers
    ("3 3 3 4 4 4 5 5 5 BJ RJ 9", set()),                          # both jokers
    ("3 3 3 4 4 4 4 9", set()),                                    # core rank 4
    ("3 3 3 4 4 4 5 5 5 8 8 8", set()),                            # trio in wings
    ("3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 7", set()),                    # four in wings
    ("3 3 3 4 4 4 5", set()),                                      # too few wings
    ("3 3 3 4 4 4 5 6 7", set()),                                  # too many wings
    ("3 3 3 5 5 5 7 8", set()),                                    # core not consecutive
    # pair wings, allowed
    ("7 7 7 8 8 8 2 2 3 3", {("airplane_pairs", 2, "8")}),         # a pair of 2s
    ("3 3 3 4 4 4 5 5 5 6 6 8 8 K K", {("airplane_pairs", 3, "5")}),
    ("3 3 3 4 4 4 5 5 5 6 6 6 7 7 8 8 9 9 10 10",
     {("airplane_pairs", 4, "6")}),                                # 20 cards
    # pair wings, forbidden
    ("7 7 7 8 8 8 4 4 4 4", set()),                                # pairs not distinct
    ("7 7 7 8 8 8 BJ RJ 4 4", set()),                              # jokers are not a pair
    ("7 7 7 8 8 8 9 9 9 4", set()),                                # a trio + single
    ("3 3 3 4 4 4 5 5 5 6 6 6 6 7 7", set()),                      # 3+2 wings mixed up
])
def test_airplane_wings(text, expected):
    assert C(text) == expected


def test_pair_wings_of_four_cards_read_as_single_wings_when_count_fits():
    # 3-3-3-4-4-4 + 5-5 is 8 cards: single wings forming a pair, not a pair wing.
    assert C("3 3 3 4 4 4 5 5") == {("airplane_singles", 2, "4")}


@pytest.mark.parametrize("text, expected", [
    ("3 3 3 BJ", {("trio_single", 1, "3")}),
    ("3 3 3 2", {("trio_single", 1, "3")}),
    ("2 2 2 RJ", {("trio_single", 1, "2")}),
    ("3 3 3 2 2", {("trio_pair", 1, "3")}),
    ("3 3 3 BJ RJ", set()),                   # jokers are not a pair
    ("9 9 9 9 BJ 2", {("four_singles", 1, "9")}),
    ("9 9 9 9 2 2", {("four_singles", 1, "9")}),
    ("9 9 9 9 RJ 3", {("four_singles", 1, "9")}),
    ("9 9 9 9 BJ RJ", set()),
    ("9 9 9 9 3", set()),
    ("9 9 9 9 3 4 5", set()),
    ("8 8 8 8 2 2 A A", {("four_pairs", 1, "8")}),
    ("8 8 8 8 5 5 5 6", set()),
    ("8 8 8 8 5 5 BJ RJ", set()),
    ("8 8 8 8 5 5 6 7", set()),
    ("8 8 8 8 9 9 9 9", set()),
    ("2 2 2 2 BJ RJ", set()),
])
def test_trio_and_four_attachments(text, expected):
    assert C(text) == expected


# ============================================= runs touching 2 or jokers

@pytest.mark.parametrize("text", [
    "J Q K A 2",
    "10 J Q K A 2",
    "A 2 3 4 5",
    "Q K A 2 BJ",
    "K A 2 BJ RJ",
    "K K A A 2 2",
    "A A 2 2 BJ",
    "A A A 2 2 2",
    "K K K A A A 2 2 2",
    "3 4 5 6 7 8 9 10 J Q K A 2",
    "3 3 4 4",
    "3 4 5 6",
    "3 4 5 7 8",
])
def test_not_runs(text):
    assert C(text) == set()


def test_runs_up_to_ace_are_fine():
    assert C("10 J Q K A") == {("straight", 5, "A")}
    assert C("Q Q K K A A") == {("pair_chain", 3, "A")}
    assert C("K K K A A A 2 2") == {("airplane_singles", 2, "A")}  # wings may be 2s


def test_longest_straight_3_to_A():
    assert C("3 4 5 6 7 8 9 10 J Q K A") == {("straight", 12, "A")}
    hand = cards("3 4 5 6 7 8 9 10 J Q K A 2 BJ")
    straights = {x for x in legal_leads(hand) if x[0] == "straight"}
    assert len(straights) == sum(12 - L + 1 for L in range(5, 13))  # 36
    assert max(x[1] for x in straights) == 12
    assert all("2" not in x[3] and "BJ" not in x[3] for x in straights)


def test_longest_pair_chain_in_a_20_card_hand():
    hand = cards("3 3 4 4 5 5 6 6 7 7 8 8 9 9 10 10 J J Q Q")
    chains = {x for x in legal_leads(hand) if x[0] == "pair_chain"}
    assert max(x[1] for x in chains) == 10
    assert len(chains) == sum(10 - L + 1 for L in range(3, 11))


def test_single_cards_and_pairs_of_every_rank():
    for r in RANKS:
        assert C(r) == {("solo", 1, r)}
    for r in RANKS[:13]:
        assert C(f"{r} {r}") == {("pair", 1, r)}
        assert C(f"{r} {r} {r}") == {("trio", 1, r)}
        assert C(f"{r} {r} {r} {r}") == {("bomb", 1, r)}
    assert C("BJ RJ") == {("rocket", 1, "RJ")}
    assert C("") == set()


def test_impossible_inputs_rejected():
    with pytest.raises(ValueError):
        classify(["3"] * 5)
    with pytest.raises(ValueError):
        classify(["BJ", "BJ"])
    with pytest.raises(ValueError):
        classify(["1"])


# ============================================= beating rules

def test_rocket_vs_bomb():
    assert beats(P("BJ RJ"), P("2 2 2 2"))
    assert beats(P("BJ RJ"), P("3 3 3 3"))
    assert not beats(P("2 2 2 2"), P("BJ RJ"))
    assert not beats(P("3 3 3 3"), P("BJ RJ"))


def test_bomb_vs_bomb():
    assert beats(P("2 2 2 2"), P("A A A A"))
    assert beats(P("4 4 4 4"), P("3 3 3 3"))
    assert not beats(P("3 3 3 3"), P("4 4 4 4"))
    assert not beats(P("7 7 7 7"), P("7 7 7 7"))


def test_bomb_beats_every_ordinary_type_and_ordinary_never_beats_bomb():
    ordinary = [P("2"), P("RJ"), P("2 2"), P("2 2 2"), P("2 2 2 A"), P("2 2 2 A A"),
                P("10 J Q K A"), P("Q Q K K A A"), P("K K K A A A"),
                P("K K K A A A 3 4"), P("K K K A A A 3 3 4 4"),
                P("2 2 2 2 3 4"), P("2 2 2 2 3 3 4 4")]
    assert {p[0] for p in ordinary} == {
        "solo", "pair", "trio", "trio_single", "trio_pair", "straight", "pair_chain",
        "airplane", "airplane_singles", "airplane_pairs", "four_singles", "four_pairs"}
    for o in ordinary:
        assert beats(P("3 3 3 3"), o)
        assert beats(P("BJ RJ"), o)
        assert not beats(o, P("3 3 3 3"))
        assert not beats(o, P("BJ RJ"))


def test_same_type_different_length_does_not_beat():
    assert not beats(P("4 5 6 7 8 9"), P("3 4 5 6 7"))
    assert not beats(P("8 9 10 J Q"), P("3 4 5 6 7 8"))
    assert not beats(P("9 9 10 10 J J Q Q"), P("3 3 4 4 5 5"))
    assert not beats(P("9 9 9 10 10 10 J J J"), P("3 3 3 4 4 4"))
    assert not beats(P("9 9 9 10 10 10 J J J 3 4 5"), P("5 5 5 6 6 6 7 8"))
    assert not beats(P("8 8 8 9 9 9 10 10 10 3 3 4 4 5 5"), P("5 5 5 6 6 6 3 3 4 4"))
    # same length, higher key: beats
    assert beats(P("4 4 5 5 6 6"), P("3 3 4 4 5 5"))
    assert beats(P("4 4 4 5 5 5"), P("3 3 3 4 4 4"))


def test_different_types_same_size_do_not_beat():
    # 12 cards each: airplane_singles with 3 trios vs airplane with 4 trios (item 33)
    three_with_singles = P("10 10 10 J J J Q Q Q 3 4 5")
    four_trios = P("3 3 3 4 4 4 5 5 5 6 6 6")
    assert three_with_singles[:3] == ("airplane_singles", 3, "Q")
    assert four_trios[:3] == ("airplane", 4, "6")
    assert not beats(three_with_singles, four_trios)
    assert not beats(four_trios, three_with_singles)
    high_four = P("J J J Q Q Q K K K A A A")
    low_three = P("3 3 3 4 4 4 5 5 5 7 8 9")
    assert not beats(high_four, low_three)
    assert not beats(low_three, high_four)
    # 6 cards: straight vs pair_chain vs airplane vs four_singles
    six = [P("9 10 J Q K A"), P("Q Q K K A A"), P("A A A K K K"), P("2 2 2 2 3 4")]
    for a in six:
        for b in six:
            if a is not b:
                assert not beats(a, b)
    # 10 cards: airplane_pairs(2) vs straight(10) vs pair_chain(5)
    ten = [P("K K K A A A 3 3 4 4"), P("3 4 5 6 7 8 9 10 J Q"), P("5 5 6 6 7 7 8 8 9 9")]
    for a in ten:
        for b in ten:
            if a is not b:
                assert not beats(a, b)


def test_equal_key_does_not_beat():
    assert not beats(P("5 5 5 3"), P("5 5 5 K"))
    assert not beats(P("3 4 5 6 7"), P("3 4 5 6 7"))
    assert not beats(P("9 9 9 9 3 4"), P("9 9 9 9 5 6"))


def test_solo_and_joker_order():
    order = [P(r) for r in RANKS]
    for i, a in enumerate(order):
        for j, b in enumerate(order):
            assert beats(a, b) == (i > j)
    assert beats(P("RJ"), P("BJ")) and beats(P("BJ"), P("2")) and beats(P("2"), P("A"))


def test_legal_responses_example1_hand():
    hand = cards("8 9 10 J Q 8 8 8 BJ RJ")
    table = P("3 4 5 6 7")
    assert legal_responses(hand, table) == {
        lead("straight", 5, "Q", "8 9 10 J Q"),
        lead("bomb", 1, "8", "8 8 8 8"),
        lead("rocket", 1, "RJ", "BJ RJ"),
    }
    assert legal_responses(hand, P("BJ RJ")) == set()
    assert legal_responses(hand, P("9 9 9 9")) == {lead("rocket", 1, "RJ", "BJ RJ")}


def test_legal_responses_trio_single():
    hand = cards("6 6 6 3 4 4 4 2")
    resp = legal_responses(hand, P("5 5 5 K"))
    assert resp == {
        lead("trio_single", 1, "6", "6 6 6 3"),
        lead("trio_single", 1, "6", "6 6 6 4"),
        lead("trio_single", 1, "6", "6 6 6 2"),
    }


# ============================================= self-consistency of the oracle

def _constructive_leads(hand):
    """A second, constructive enumeration built type by type from items 18-30."""
    cnt = dict(zip(RANKS, to_counts(hand)))
    have = lambda r, k: cnt[r] >= k
    out = set()

    def add(t, L, key, cs):
        out.add((t, L, key, sorted_ranks(cs)))

    plain = [r for r in RANKS if r not in ("BJ", "RJ")]
    for r in RANKS:
        if have(r, 1):
            add("solo", 1, r, [r])
    for r in plain:
        if have(r, 2):
            add("pair", 1, r, [r] * 2)
        if have(r, 3):
            add("trio", 1, r, [r] * 3)
            for s in RANKS:
                if s != r and have(s, 1):
                    add("trio_single", 1, r, [r] * 3 + [s])
            for s in plain:
                if s != r and have(s, 2):
                    add("trio_pair", 1, r, [r] * 3 + [s] * 2)
        if have(r, 4):
            add("bomb", 1, r, [r] * 4)
            others = [s for s in RANKS if s != r]
            for a, b in combinations_with_replacement(others, 2):
                if {a, b} == {"BJ", "RJ"}:
                    continue
                if (a == b and have(a, 2)) or (a != b and have(a, 1) and have(b, 1)):
                    add("four_singles", 1, r, [r] * 4 + [a, b])
            for a, b in combinations([s for s in plain if s != r], 2):
                if have(a, 2) and have(b, 2):
                    add("four_pairs", 1, r, [r] * 4 + [a] * 2 + [b] * 2)
    if have("BJ", 1) and have("RJ", 1):
        add("rocket", 1, "RJ", ["BJ", "RJ"])
    for start in range(12):
        for end in range(start + 1, 12):
            core = RUN_RANKS[start:end + 1]
            L = len(core)
            if L >= 5 and all(have(r, 1) for r in core):
                add("straight", L, core[-1], list(core))
            if L >= 3 and all(have(r, 2) for r in core):
                add("pair_chain", L, core[-1], [r for r in core for _ in range(2)])
            if all(have(r, 3) for r in core):
                trios = [r for r in core for _ in range(3)]
                add("airplane", L, core[-1], trios)
                others = [s for s in RANKS if s not in core]
                for wings in combinations_with_replacement(others, L):
                    if "BJ" in wings and "RJ" in wings:
                        continue
                    if any(wings.count(w) > 2 or not have(w, wings.count(w)) for w in wings):
                        continue
                    add("airplane_singles", L, core[-1], trios + list(wings))
                for wings in combinations([s for s in plain if s not in core], L):
                    if all(have(w, 2) for w in wings):
                        add("airplane_pairs", L, core[-1],
                            trios + [w for w in wings for _ in range(2)])
    return out


def _random_hands(n_hands, size, seed):
    rng = random.Random(seed)
    return [rng.sample(FULL_DECK, size) for _ in range(n_hands)]


CRAFTED_HANDS = [
    cards("3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 8 BJ RJ"),
    cards("3 3 3 3 4 4 4 4 5 5 5 5 6 6 6 6 2 2 BJ RJ"),
    cards("9 9 9 9 10 10 10 J J J Q Q Q 2 2 2 2 BJ RJ A"),
    cards("3 4 5 6 7 8 9 10 J Q K A 2 BJ RJ 3 4 5 6 7"),
    cards("K K K A A A 2 2 2 2 BJ RJ Q Q Q J J J 10 10"),
]


@pytest.mark.parametrize("hand", CRAFTED_HANDS + _random_hands(6, 20, 20240501)
                         + _random_hands(6, 17, 7))
def test_brute_force_matches_constructive_enumeration(hand):
    assert legal_leads(hand) == _constructive_leads(hand)


@pytest.mark.parametrize("hand", _random_hands(8, 11, 99) + [
    cards("3 3 3 4 4 4 5 5 5 BJ RJ"),
    cards("8 8 8 8 5 5 J J BJ RJ 2"),
    cards("3 3 3 3 4 4 4 4 5 5 5"),
])
def test_prefilter_loses_nothing(hand):
    assert legal_leads(hand) == legal_leads_unfiltered(hand)


def test_every_lead_is_a_submultiset_and_reclassifies():
    for hand in CRAFTED_HANDS[:2] + _random_hands(2, 20, 5):
        hc = to_counts(hand)
        for t, L, key, cs in legal_leads(hand):
            assert all(a <= b for a, b in zip(to_counts(cs), hc))
            assert (t, L, key) in classify(cs)
            assert list(cs) == sorted(cs, key=STRENGTH.__getitem__)
