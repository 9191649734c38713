"""Expressions over the cards of a zone: sums by points, the best suit, groups of a rank.

Checked on the Schwimmen hand value (tests/games/hand_values.game) against the worked values
of the rules text and a hypothesis property over every 3-card hand."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

import gamedsl

GAME = gamedsl.load_game(str(Path(__file__).parent / "games" / "hand_values.game"))
DECK = [gamedsl.cards.CARD_TEXT[c] for c in sorted(GAME.compiled.universe)]
POINTS = {"A": 11, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 9, "8": 8, "7": 7}


def value_of(hand: list[str], name: str = "hand_value"):
    others = [c for c in DECK if c not in hand][:3]
    state = GAME.load_position(yaml.safe_dump({"zones": {"P1.hand": hand, "P2.hand": others}}))
    return state.value(name, "P1")


@pytest.mark.parametrize("hand, value", [
    (["AS", "AH", "AD"], 32),            # Feuer
    (["AC", "KC", "10C"], 31),           # Schnauz: 31 in one suit
    (["7S", "7H", "7D"], 30.5),          # three of a kind
    (["KH", "KS", "KD"], 30.5),
    (["AH", "KH", "9S"], 21),            # best suit: hearts 11 + 10
    (["7C", "8D", "9S"], 9),             # three suits: the best single card
    (["QD", "JD", "8D"], 28),
])
def test_worked_hand_values(hand, value):
    assert value_of(hand) == value


def test_sum_by_points_counts_every_card():
    assert value_of(["AH", "KH", "9S"], "hand_points") == 30


@settings(max_examples=200, deadline=None)
@given(hand=st.lists(st.sampled_from(DECK), min_size=3, max_size=3, unique=True))
def test_a_hand_value_is_the_best_suit_sum_or_thirty_and_a_half_or_thirty_two(hand):
    value = value_of(hand)
    ranks = [c[:-1] for c in hand]
    suits = {c[-1] for c in hand}
    best = max(sum(POINTS[c[:-1]] for c in hand if c[-1] == s) for s in suits)
    if ranks == ["A", "A", "A"]:
        assert value == 32
    elif len(set(ranks)) == 1:
        assert value == 30.5
    else:
        assert value == best and 7 <= value <= 31


def test_an_unknown_value_is_a_clear_error():
    state = GAME.new_game(1)
    with pytest.raises(KeyError, match="did you mean 'hand_value'"):
        state.value("hand_valu", "P1")


def values_for(p1: list[str], p2: list[str], name: str) -> tuple:
    state = GAME.load_position(yaml.safe_dump({"zones": {"P1.hand": p1, "P2.hand": p2}}))
    return state.value(name, "P1"), state.value(name, "P2")


@pytest.mark.parametrize("p1, p2, losers", [
    (["QS", "QH", "QD"], ["7C", "7S", "7H"], (0, 1)),   # Part 3 ex. 3: queens outrank sevens
    (["KC", "QC", "8H"], ["KD", "QD", "8S"], (0, 1)),   # ex. 4: clubs outrank diamonds
    (["KH", "10H", "9C"], ["QH", "JH", "8S"], (1, 1)),  # ex. 5: same value, same suit: both lose
    (["AD", "AC", "AH"], ["AS", "KS", "JS"], (0, 1)),   # ex. 2: 32 beats 31
])
def test_who_loses_after_the_tie_breaks(p1, p2, losers):
    assert values_for(p1, p2, "loses") == losers


@pytest.mark.parametrize("p1, p2, best", [
    (["AS", "KS", "10S"], ["AH", "QH", "JH"], (1, 0)),  # Part 3 ex. 10: A K 10 beats A Q J
    (["AH", "KH", "10H"], ["AD", "KD", "10D"], (1, 0)),  # ex. 11: the same ranks, hearts beat diamonds
])
def test_tri_palki_order_by_ranks_then_suit(p1, p2, best):
    assert values_for(p1, p2, "palki") == (31, 31)
    assert values_for(p1, p2, "palki_best") == best


def test_three_of_a_kind_is_ordinary_in_tri_palki():
    assert values_for(["KS", "KH", "KD"], ["7C", "8C", "9D"], "palki") == (10, 15)
