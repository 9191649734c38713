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
