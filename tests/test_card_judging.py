"""Cards judged in a move's `only when` and in priorities (issue 16, point 1): `the card`, `top
of`, `bottom of`, `suit of`, `rank of`, `colour of`, `place of … in ORDER`, `points of … by
POINTS`, `X is [not] VALUE`, relations of two cards in an order, comparisons; a condition on the
card alone is a 64-entry table, one that reads the position is asked card by card."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import gamedsl
from gamedsl import cards
from gamedsl.errors import RulesError

GAME = """game "judging"
players 2

cards:
    order building: A 2 3 4 5 6 7 8 9 10 J Q K
    colour red: H D
    colour black: S C
    points value: A = 1, 2 = 2, 3 = 3, 4 = 4, 5 = 5, 6 = 6, 7 = 7, 8 = 8, 9 = 9, 10 = 10, J = 10, Q = 10, K = 10

zones:
    talon: shared, pile, face down, holds 1 standard deck with 2 jokers
    hand: each player, fan, face up
    pile: shared, pile, face up
    side: shared, pile, face up

deal:
    deal 5 from talon to hand

move play:
    from own hand to pile freely
    {only}
{extra}
end over:
    when talon is empty
match: one deal
"""


def load(tmp_path: Path, only: str, extra: str = "") -> gamedsl.Game:
    path = tmp_path / "judging.game"
    path.write_text(GAME.format(only=only, extra=extra), encoding="utf-8")
    return gamedsl.load_game(str(path))


def refused(tmp_path: Path, only: str, extra: str = "") -> str:
    with pytest.raises(RulesError) as caught:
        load(tmp_path, only, extra)
    return str(caught.value)


HAND = ["KH", "KS", "7H", "8D", "AC", "BJ"]


def played(tmp_path: Path, only: str, pile=("5H",), side=("QC",), hand=HAND, extra: str = "", counters=None) -> set[str]:
    g = load(tmp_path, only, extra)
    doc = {"game": "judging", "turn": "P1", "zones": {"P1.hand": list(hand), "pile": list(pile), "side": list(side),
                                                       "talon": ["2C"]}}
    if counters:
        doc["counters"] = counters
    state = g.load_position(yaml.safe_dump(doc, allow_unicode=True))
    return {str(m).split()[0] for m in state.legal_moves()}


@pytest.mark.parametrize("only, want", [
    ("only when the card is a K", {"KH", "KS"}),
    ("only when the card is not a K", {"7H", "8D", "AC", "BJ"}),
    ("only when the card is hearts", {"KH", "7H"}),
    ("only when the card is H", {"KH", "7H"}),
    ("only when the card is ♥", {"KH", "7H"}),
    ("only when the card is not hearts", {"KS", "8D", "AC", "BJ"}),  # a joker is no suit
    ("only when the card is red", {"KH", "7H", "8D"}),
    ("only when the card is 7H", {"7H"}),
    ("only when the card is 7♥ or the card is an A", {"7H", "AC"}),
    ("only when the card is a K and not the card is red", {"KS"}),
    ("only when (the card is a K or the card is an 8) and the card is red", {"KH", "8D"}),
    ("only when suit of the card = hearts", {"KH", "7H"}),
    ("only when suit of the card != hearts", {"KS", "8D", "AC"}),  # a joker has no suit to differ
    ("only when rank of the card = K", {"KH", "KS"}),
    ("only when rank of the card = 7", {"7H"}),
    ("only when colour of the card = black", {"KS", "AC"}),
    ("only when place of the card in building >= 8", {"KH", "KS", "8D"}),
    ("only when points of the card by value = 10", {"KH", "KS"}),
    ("only when points of the card by value + 1 = 8", {"7H"}),
])
def test_a_predicate_on_the_card_alone(tmp_path, only, want):
    assert played(tmp_path, only) == want


def test_a_predicate_on_the_card_alone_is_a_table(tmp_path):
    g = load(tmp_path, "only when the card is a K and own hand is not empty")
    action = g.compiled.actions[0]
    assert isinstance(action.card_table, bytes) and len(action.card_table) == 64
    assert action.card_test is None and action.condition is not None  # the rest is asked once
    assert [cards.CARD_TEXT[c] for c in range(64) if action.card_table[c]] == ["KS", "KH", "KD", "KC"]


@pytest.mark.parametrize("only, pile, want", [
    ("only when the card is one up from top of pile in building", ["7D"], {"8D"}),
    ("only when the card is one down from top of pile in building", ["8S"], {"7H"}),
    ("only when the card is one up from top of pile in building", ["QS"], {"KH", "KS"}),
    ("only when the card is one up from top of pile in building", ["KD"], set()),
    ("only when the card is one up from top of pile in building, wrapping", ["KD"], {"AC"}),
    ("only when top of pile is one up from the card in building, wrapping", ["AS"], {"KH", "KS"}),
    ("only when the card is 2 up from top of pile in building", ["6S"], {"8D"}),
    ("only when the card is 6 down from top of pile in building", ["KC"], {"7H"}),
    ("only when the card is higher than top of pile in building", ["8S"], {"KH", "KS"}),
    ("only when the card is lower than top of pile in building", ["8S"], {"7H", "AC"}),
    ("only when the card is at least top of pile in building", ["8S"], {"KH", "KS", "8D"}),
    ("only when the card is at most top of pile in building", ["7S"], {"7H", "AC"}),
    ("only when the card is same suit as top of pile", ["2H"], {"KH", "7H"}),
    ("only when the card is same rank as top of pile", ["KC"], {"KH", "KS"}),
    ("only when the card is same colour as top of pile", ["2D"], {"KH", "7H", "8D"}),
    ("only when the card is other colour than top of pile", ["2D"], {"KS", "AC"}),
    ("only when the card is other suit than top of pile", ["2D"], {"KH", "KS", "7H", "AC"}),
    ("only when the card is same suit as bottom of pile", ["2S", "3H"], {"KS"}),
    ("only when suit of the card = suit of top of pile", ["9H"], {"KH", "7H"}),
    ("only when rank of the card = rank of top of pile or top of pile is a 2", ["2D"], set(HAND)),
    ("only when pile is empty or the card is same suit as top of pile", [], set(HAND)),
    ("only when the card is same suit as top of pile", [], set()),  # an empty pile has no top card
])
def test_a_predicate_on_the_card_and_the_position(tmp_path, only, pile, want):
    assert played(tmp_path, only, pile=pile) == want


def test_a_predicate_that_reads_the_position_is_asked_card_by_card(tmp_path):
    g = load(tmp_path, "only when the card is same suit as top of pile")
    action = g.compiled.actions[0]
    assert action.card_table is None and action.card_test is not None and action.condition is None


def test_several_only_when_lines_mix_the_card_and_the_position(tmp_path):
    only = "only when the card is red\n    only when size of own hand > 5\n    only when the card is a K or the card is an 8"
    assert played(tmp_path, only) == {"KH", "8D"}
    assert played(tmp_path, only, hand=["KH", "8D", "KS"]) == set()


def test_explain_says_the_card_fails_the_condition(tmp_path):
    g = load(tmp_path, "only when the card is a K")
    state = g.load_position(yaml.safe_dump({"game": "judging", "turn": "P1", "zones": {"P1.hand": HAND, "pile": ["5H"], "talon": ["2C"]}}))
    why = state.explain("7H P1.hand -> pile")
    assert not why.legal and "do not hold for 7H" in why.reason


def test_a_forbid_priority_judges_each_move_by_its_card(tmp_path):
    extra = 'priority no_kings "no king while the pile shows a heart":\n    forbid play while the card is a K and top of pile is hearts\n'
    assert played(tmp_path, "", extra=extra) == {"7H", "8D", "AC", "BJ"}
    assert played(tmp_path, "", pile=["5S"], extra=extra) == set(HAND)
    g = load(tmp_path, "", extra)
    state = g.load_position(yaml.safe_dump({"game": "judging", "turn": "P1", "zones": {"P1.hand": HAND, "pile": ["5H"], "talon": ["2C"]}}))
    why = state.explain("KH P1.hand -> pile")
    assert not why.legal and "forbidden" in why.reason


@pytest.mark.parametrize("only, said, hint", [
    ("only when the card is hearst", "'hearst' is not a rank, a suit, a colour or a card", "hearts"),
    ("only when the card is green", "'green' is not a rank, a suit, a colour or a card", ""),
    ("only when the card = 3", "'3' is not a card, and the other side is", "compare a card with a card"),
    ("only when the card = size of own hand", "a card is compared with a number", "compare a card with a card"),
    ("only when suit of the card = 3", "'3' is not a suit", ""),
    ("only when suit of the card > hearts", "'>' needs an order", "is higher than Y in ORDER"),
    ("only when suit of the card + 1 = 2", "'+' takes numbers, and this is a suit", ""),
    ("only when rank of the card * 2 = 4", "'*' takes numbers, and this is a rank", "place of X in ORDER"),
    ("only when the card is one up from top of pile in bilding", "unknown order 'bilding'", "building"),
    ("only when place of the card in bilding = 1", "unknown order 'bilding'", "building"),
    ("only when points of the card by valeu = 1", "unknown points 'valeu'", "value"),
    ("only when suit of own hand = hearts", "unknown name", ""),
    ("only when own hand is one up from the card in building", "relates two cards, and this is a number", "the card"),
    ("only when suit of the card = none", "nothing is tested with 'is none'", "X is none"),
])
def test_mistakes_are_refused_with_their_place_and_what_to_write(tmp_path, only, said, hint):
    text = refused(tmp_path, only)
    assert said in text, text
    assert hint in text, text
    assert "judging.game:" in text


def test_the_card_outside_a_card_move_is_refused(tmp_path):
    extra = "move pass:\n    only when the card is a K\n"
    text = refused(tmp_path, "", extra)
    assert "'the card': move 'pass' moves no single card" in text and "judging.game:" in text
    extra = "end early:\n    when the card is a K\n"
    text = refused(tmp_path, "", extra)
    assert "'the card' is the card a move moves" in text and "top of ZONE" in text
    extra = 'priority p:\n    must play when possible, except play while the card is a K\n'
    assert "judged card by card by 'forbid FILTER while" in refused(tmp_path, "", extra)


def test_shipped_syntax_still_reads_top_of_as_a_card_key(tmp_path):
    # `top of own hand can go to pile` and building rules are untouched by the new tests of cards
    assert played(tmp_path, "only when top of own hand can go to pile") == set(HAND)
