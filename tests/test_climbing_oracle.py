"""Tests of the Climb oracle itself, each worked by hand from tests/data/climbing.md."""

from __future__ import annotations

import pytest

from tests.climbing_oracle import DECK, beats, kinds_of, legal_moves


def kinds(cards: str) -> list[str]:
    return [kind for kind, _key in kinds_of(cards.split())]


def key(kind: str, cards: str) -> tuple:
    (found,) = [k for name, k in kinds_of(cards.split()) if name == kind]
    return found


def play(kind: str, cards: str) -> tuple[str, list[str]]:
    return (kind, cards.split())


def move(kind: str, cards: str) -> tuple[str, frozenset]:
    return (kind, frozenset(cards.split()))


# --- Recognising each kind, at its edges -------------------------------------------------


def test_deck():
    assert len(DECK) == 52 and len(set(DECK)) == 52
    assert "10H" in DECK and "3C" in DECK and "2S" in DECK


@pytest.mark.parametrize("cards", ["3C", "2S", "10H", "AD"])
def test_single(cards):
    assert kinds(cards) == ["single"]


def test_pair_and_not_pair():
    assert kinds("7S 7H") == ["pair"]
    assert kinds("7S 8S") == []
    assert kinds("10C 10D") == ["pair"]


def test_triple_and_not_triple():
    assert kinds("9C 9D 9S") == ["triple"]
    assert kinds("9C 9D 10S") == []


def test_four_of_a_rank_alone_is_nothing():
    assert kinds("7C 7D 7H 7S") == []


@pytest.mark.parametrize("cards", ["AC 2D 3H 4S 5C", "10C JD QH KS AC", "2C 3D 4H 5S 6C",
                                   "9H 10H JH QH KS"])
def test_straights(cards):
    assert kinds(cards) == ["straight"]


@pytest.mark.parametrize("cards", ["KC AD 2H 3S 4C", "JC QD KH AS 2C", "QC KD AH 2S 3C",
                                   "3C 4D 5H 6S 8C", "3C 4D 5H 6S 6C"])
def test_not_straights(cards):
    assert kinds(cards) == []


def test_five_consecutive_of_one_suit_is_run_and_straight_flush():
    assert sorted(kinds("4D 5D 6D 7D 8D")) == ["run", "straight_flush"]
    assert sorted(kinds("AS 2S 3S 4S 5S")) == ["run", "straight_flush"]
    assert sorted(kinds("10H JH QH KH AH")) == ["run", "straight_flush"]


@pytest.mark.parametrize("cards", ["3H 4H 5H", "AC 2C 3C", "QS KS AS", "AD 2D 3D 4D",
                                   "JC QC KC AC"])
def test_three_or_four_consecutive_of_one_suit_are_runs_only(cards):
    assert kinds(cards) == ["run"]


@pytest.mark.parametrize("cards", ["KS AS 2S", "AS 2S 3S 5S", "3H 4H", "3H 4H 5D", "3H 5H 6H",
                                   "3H 4H 4D 5H"])
def test_not_runs(cards):
    assert kinds(cards) == []


def test_long_runs():
    assert kinds("3C 4C 5C 6C 7C 8C") == ["run"]
    assert kinds("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC") == ["run"]
    assert kinds("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC") == ["run"]


def test_flush_only_when_not_consecutive():
    assert kinds("3H 5H 7H 9H JH") == ["flush"]
    # no wrapping: K A 2 3 4 and J Q K A 2 of one suit are flushes, not straight flushes
    assert kinds("KS AS 2S 3S 4S") == ["flush"]
    assert kinds("JD QD KD AD 2D") == ["flush"]
    assert "flush" not in kinds("3H 4H 5H 6H 7H")


@pytest.mark.parametrize("fifth", ["3C", "8H", "2S", "AD"])
def test_four_with_any_fifth_card(fifth):
    assert kinds("7C 7D 7H 7S " + fifth) == ["four"]


def test_full_house():
    assert kinds("KC KD KS 4H 4S") == ["full_house"]
    assert kinds("3C 3D 3H 2S 2D") == ["full_house"]
    assert kinds("KC KD KS 4H 5S") == []
    assert kinds("KC KD 4S 4H 5S") == []


def test_nothing():
    assert kinds("3C 4D 6H") == []
    assert kinds("3C 5C") == []
    assert kinds("3C 4C 5C 6C 7C 8C 9C".replace("9C", "9D")) == []


# --- Key orders --------------------------------------------------------------------------


def test_single_order_3c_lowest_2s_highest():
    for card in DECK:
        if card != "2S":
            assert beats(play("single", "2S"), play("single", card))
            assert not beats(play("single", card), play("single", "2S"))
        if card != "3C":
            assert beats(play("single", card), play("single", "3C"))
            assert not beats(play("single", "3C"), play("single", card))
    assert not beats(play("single", "5H"), play("single", "5H"))


def test_single_order_rank_then_suit():
    assert beats(play("single", "5S"), play("single", "5H"))
    assert beats(play("single", "6C"), play("single", "5S"))
    assert beats(play("single", "2C"), play("single", "AS"))
    assert beats(play("single", "AC"), play("single", "KS"))
    assert beats(play("single", "10C"), play("single", "9S"))


def test_pair_order():
    assert beats(play("pair", "7S 7H"), play("pair", "7D 7C"))
    assert not beats(play("pair", "7D 7C"), play("pair", "7S 7H"))
    assert beats(play("pair", "7S 7D"), play("pair", "7H 7C"))  # higher suit: S over H
    assert beats(play("pair", "8C 8D"), play("pair", "7S 7H"))
    assert beats(play("pair", "2C 2D"), play("pair", "AS AH"))


def test_triple_order():
    assert beats(play("triple", "2C 2D 2H"), play("triple", "AS AH AD"))
    assert beats(play("triple", "4C 4D 4H"), play("triple", "3S 3H 3D"))
    assert not beats(play("triple", "3S 3H 3D"), play("triple", "4C 4D 4H"))


def test_kinds_must_match_outside_five_card_kinds():
    assert not beats(play("pair", "5D 5H"), play("single", "4S"))
    assert not beats(play("single", "2S"), play("pair", "3C 3D"))
    assert not beats(play("triple", "2S 2H 2D"), play("pair", "3C 3D"))
    assert not beats(play("run", "4H 5H 6H"), play("triple", "3C 3D 3S"))


def test_run_order():
    assert beats(play("run", "QS KS AS"), play("run", "JS QS KS"))
    assert beats(play("run", "2C 3C 4C"), play("run", "AS 2S 3S"))  # A 2 3 is the lowest
    assert beats(play("run", "4C 5C 6C"), play("run", "AS 2S 3S"))
    assert beats(play("run", "3S 4S 5S"), play("run", "3H 4H 5H"))  # then the suit
    assert not beats(play("run", "3H 4H 5H"), play("run", "3S 4S 5S"))
    assert beats(play("run", "QC KC AC"), play("run", "JS QS KS"))
    assert key("run", "AC 2C 3C 4C 5C") < key("run", "2C 3C 4C 5C 6C")


def test_run_beats_only_a_run_of_the_same_length():
    assert not beats(play("run", "6H 7H 8H 9H"), play("run", "3C 4C 5C"))
    assert not beats(play("run", "6H 7H 8H"), play("run", "3C 4C 5C 6C"))
    assert beats(play("run", "6H 7H 8H 9H"), play("run", "3C 4C 5C 6C"))


def test_run_of_five_and_the_five_card_kinds_never_meet():
    run5 = play("run", "4D 5D 6D 7D 8D")
    assert not beats(run5, play("straight", "3C 4H 5S 6C 7H"))
    assert not beats(play("straight", "9C 10H JS QC KH"), run5)
    assert not beats(play("straight_flush", "9C 10C JC QC KC"), run5)
    assert not beats(run5, play("straight_flush", "3C 4C 5C 6C 7C"))
    assert not beats(play("four", "2C 2D 2H 2S 3C"), run5)
    assert beats(play("run", "5S 6S 7S 8S 9S"), run5)
    assert not beats(play("run", "5S 6S 7S 8S 9S"), play("run", "4D 5D 6D 7D"))


def test_straight_order():
    a_low = play("straight", "AC 2D 3H 4S 5C")
    assert beats(play("straight", "2C 3D 4H 5S 6C"), a_low)
    assert not beats(a_low, play("straight", "2C 3D 4H 5S 6C"))
    assert beats(play("straight", "3C 4D 5H 6S 7C"), a_low)
    assert beats(play("straight", "10C JD QH KS AC"), play("straight", "9S 10D JH QS KS"))
    # then the top card's suit
    assert beats(play("straight", "AS 2S 3S 4S 5D"), play("straight", "AD 2D 3D 4D 5C"))
    assert beats(play("straight", "3C 4C 5C 6C 7S"), play("straight", "3S 4S 5S 6S 7H"))
    # a 5 on top (A 2 3 4 5) is the lowest straight of all
    lowest = key("straight", "AC 2D 3H 4S 5C")
    for cards in ["2C 3D 4H 5S 6C", "3C 4D 5H 6S 7C", "10C JD QH KS AC", "9C 10D JH QS KC"]:
        assert key("straight", cards) > lowest


def test_flush_order_by_highest_card():
    assert beats(play("flush", "3H 5H 7H 9H 2H"), play("flush", "4S 6S 8S 10S AS"))
    assert beats(play("flush", "KS AS 2S 3S 4S"), play("flush", "3H 5H 7H 9H 2H"))
    assert beats(play("flush", "3S 5S 7S 9S JS"), play("flush", "3H 5H 7H 9H JH"))
    assert key("flush", "KS AS 2S 3S 4S") > key("flush", "3D 5D 7D 9D AD")


def test_full_house_and_four_order():
    assert beats(play("full_house", "2C 2D 2H 3C 3D"), play("full_house", "AC AD AH KC KD"))
    assert beats(play("full_house", "4C 4D 4H 3C 3D"), play("full_house", "3S 3H 3D 2C 2D"))
    assert beats(play("four", "2C 2D 2H 2S 3C"), play("four", "AC AD AH AS 2S"))
    assert not beats(play("four", "3C 3D 3H 3S 2S"), play("four", "4C 4D 4H 4S 5C"))


def test_five_card_classes():
    straight = play("straight", "10C JD QH KS AS")
    flush = play("flush", "3C 5C 7C 9C JC")
    best_flush = play("flush", "KS AS 3S 4S 2S")
    full_house = play("full_house", "3C 3D 3H 4C 4D")
    four = play("four", "3C 3D 3H 3S 4C")
    straight_flush = play("straight_flush", "AC 2C 3C 4C 5C")
    assert beats(flush, straight)
    assert beats(full_house, best_flush)  # a full house beats any flush
    assert beats(full_house, flush)
    assert beats(four, play("full_house", "2C 2D 2H AC AD"))
    assert beats(straight_flush, play("four", "2C 2D 2H 2S AC"))
    assert beats(straight_flush, straight) and beats(straight_flush, flush)
    assert not beats(straight, flush)
    assert not beats(best_flush, full_house)
    assert not beats(play("four", "2C 2D 2H 2S AC"), straight_flush)
    assert beats(play("straight_flush", "2H 3H 4H 5H 6H"), straight_flush)
    assert beats(play("straight_flush", "10D JD QD KD AD"), play("straight_flush", "9S 10S JS QS KS"))
    assert beats(play("straight_flush", "AS 2S 3S 4S 5S"), straight_flush)  # then the suit


def test_a_play_must_form_its_kind():
    assert not beats(play("pair", "5D 6D"), play("pair", "3C 3D"))
    assert not beats(play("flush", "3H 4H 5H 6H 7H"), play("straight", "3C 4H 5S 6C 7H"))
    with pytest.raises(ValueError):
        beats(play("single", "5D"), play("pair", "3C 4C"))


# --- Legal moves -------------------------------------------------------------------------


def test_four_card_hand_facing_a_single():
    hand = "5D 5S 4S 2C".split()
    assert legal_moves(hand, play("single", "5H"), False) == {
        "pass", move("single", "5S"), move("single", "2C")}
    hand = "3C 5D 5H KS".split()
    assert legal_moves(hand, play("single", "4S"), False) == {
        "pass", move("single", "5D"), move("single", "5H"), move("single", "KS")}
    assert legal_moves(hand, play("single", "2S"), False) == {"pass"}


def test_six_card_hand_leading():
    hand = "3C 4C 5C 5D 9H 9S".split()
    assert legal_moves(hand, None, False) == {
        move("single", "3C"), move("single", "4C"), move("single", "5C"),
        move("single", "5D"), move("single", "9H"), move("single", "9S"),
        move("pair", "5C 5D"), move("pair", "9H 9S"),
        move("run", "3C 4C 5C"),
    }


def test_six_card_hand_first_lead_must_include_3c():
    hand = "3C 4C 5C 5D 9H 9S".split()
    assert legal_moves(hand, None, True) == {move("single", "3C"), move("run", "3C 4C 5C")}
    assert legal_moves("4C 5C 6C".split(), None, True) == set()


def test_six_card_hand_leading_with_every_stretch():
    hand = "AH 2H 3H 4H 5H 5S".split()
    assert legal_moves(hand, None, False) == {
        move("single", "AH"), move("single", "2H"), move("single", "3H"),
        move("single", "4H"), move("single", "5H"), move("single", "5S"),
        move("pair", "5H 5S"),
        move("run", "AH 2H 3H"), move("run", "2H 3H 4H"), move("run", "3H 4H 5H"),
        move("run", "AH 2H 3H 4H"), move("run", "2H 3H 4H 5H"),
        move("run", "AH 2H 3H 4H 5H"),
        move("straight", "AH 2H 3H 4H 5S"),
        move("straight_flush", "AH 2H 3H 4H 5H"),
    }


def test_first_lead_with_five_card_kinds():
    hand = "3C 3D 3H 4C 4D 9S".split()
    assert legal_moves(hand, None, True) == {
        move("single", "3C"),
        move("pair", "3C 3D"), move("pair", "3C 3H"),
        move("triple", "3C 3D 3H"),
        move("full_house", "3C 3D 3H 4C 4D"),
    }


def test_six_card_hand_facing_a_straight():
    hand = "4D 5D 6D 7D 8D 8S".split()
    assert legal_moves(hand, play("straight", "3C 4H 5S 6C 7H"), False) == {
        "pass", move("straight_flush", "4D 5D 6D 7D 8D"), move("straight", "4D 5D 6D 7D 8S")}


def test_hand_facing_a_run_of_three():
    hand = "4H 5H 6H 7H 3S".split()
    expected = {"pass", move("run", "4H 5H 6H"), move("run", "5H 6H 7H")}
    assert legal_moves(hand, play("run", "3D 4D 5D"), False) == expected
    assert legal_moves(hand, play("run", "4C 5C 6C"), False) == expected  # 6H tops 6C
    assert legal_moves(hand, play("run", "4S 5S 6S"), False) == {"pass", move("run", "5H 6H 7H")}
    assert legal_moves(hand, play("run", "4C 5C 6C 7C"), False) == {
        "pass", move("run", "4H 5H 6H 7H")}


def test_hand_facing_a_pair():
    hand = "7C 7S 7D 8C".split()
    assert legal_moves(hand, play("pair", "7H 7C"), False) == {
        "pass", move("pair", "7C 7S"), move("pair", "7S 7D")}


def test_pass_only_when_following():
    hand = "3C 4D 9S".split()
    assert "pass" not in legal_moves(hand, None, False)
    assert "pass" not in legal_moves(hand, None, True)
    assert legal_moves(hand, None, False) == {
        move("single", "3C"), move("single", "4D"), move("single", "9S")}
    assert "pass" in legal_moves(hand, play("single", "3D"), False)
    assert legal_moves(hand, play("pair", "2S 2H"), False) == {"pass"}


def test_full_thirteen_card_hand_counts():
    # all 13 clubs: singles 13, runs: every stretch of length >= 3 of the run order's 14
    # positions, where the 13-rank set A..K / 2..A is one move; flushes: 5-sets not consecutive.
    clubs = [r + "C" for r in "2 3 4 5 6 7 8 9 10 J Q K A".split()]
    moves = legal_moves(clubs, None, False)
    runs = [m for m in moves if m != "pass" and m[0] == "run"]
    # stretches of length n in 14 positions: 15 - n, for n = 3..12; n = 13: 2 stretches, 1 set
    assert len(runs) == sum(15 - n for n in range(3, 13)) + 1
    straight_flushes = [m for m in moves if m[0] == "straight_flush"]
    assert len(straight_flushes) == 10  # tops 5, 6, ..., K, A
    flushes = [m for m in moves if m[0] == "flush"]
    assert len(flushes) == 1287 - 10  # C(13, 5) less the ten straight flushes
    assert len([m for m in moves if m[0] == "single"]) == 13
    assert len(moves) == 13 + len(runs) + 10 + 1277


def test_invalid_inputs():
    with pytest.raises(ValueError):
        legal_moves(["3C", "3C"], None, False)
    with pytest.raises(ValueError):
        legal_moves(["1C"], None, False)
    with pytest.raises(ValueError):
        kinds_of(["3X"])
