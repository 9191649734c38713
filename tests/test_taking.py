"""Moves that take several chosen cards at once: `taking N cards from ZONES [that are PRED]
[whose points by POINTS sum to EXPR]`, each set of available cards one move, written by its
cards in order and read back in any order."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
import yaml

import gamedsl
from gamedsl import cards
from gamedsl.errors import MoveError, RulesError

TAKING = '''game "Tens"
players 1
cards:
    points value: A=1, 2=2, 3=3, 4=4, 5=5, 6=6, 7=7, 8=8, 9=9, 10=10, J=10, Q=10, K=10
zones:
    stock: shared, pile, face down, holds 1 standard deck
    pool: shared, pool, face up
    pile: shared, pile, face up
    won: shared, pile, face up
counter target: shared, starts 10
deal:
    shuffle stock
    deal 6 from stock to pool
    deal 3 from stock to pile
move ten "two cards that make ten, no king":
    taking 2 cards from pool, pile, stock that are not the card is a K whose points by value sum to target
    to won
move king "a king alone":
    taking 1 card from pool, pile that are the card is a K
    to won
move any "any three cards":
    taking 3 cards from pool
    to won
    only when size of pool > 5
move draw "a card from the stock to the pool":
    from stock to pool
match: one deal
'''


def load(tmp_path, text: str = TAKING) -> gamedsl.Game:
    path = tmp_path / "tens.game"
    path.write_text(text, encoding="utf-8")
    return gamedsl.load_game(str(path))


def position(game, pool, pile=(), stock=(), won=(), target=10):
    doc = {"turn": "P1", "zones": {"pool": list(pool), "pile": list(pile), "stock": list(stock), "won": list(won)},
           "counters": {"target": target}}
    return game.load_position(yaml.dump(doc))


def moves(state, name):
    return sorted(str(m) for m in state.legal_moves() if m.action == name)


def test_pairs_that_sum_to_the_total(tmp_path):
    st = position(load(tmp_path), ["3H", "7S", "KD", "5C", "5D"], pile=["2S", "8H"], stock=["4C"])
    # pool: any card; pile: the top (8H) only; the stock is face down: none of its cards
    got = moves(st, "ten")
    values = {"3H": 3, "7S": 7, "5C": 5, "5D": 5, "8H": 8}
    expected = sorted("ten " + " ".join(sorted(pair, key=cards.parse_card))
                      for pair in combinations(values, 2) if values[pair[0]] + values[pair[1]] == 10)
    assert got == expected == ["ten 3H 7S", "ten 5D 5C"]  # by rank, then suit in S H D C
    assert moves(st, "king") == ["king KD"]


def test_the_total_is_an_expression_of_the_position(tmp_path):
    st = position(load(tmp_path), ["3H", "7S", "5C", "5D"], pile=["8H"], target=13)
    assert moves(st, "ten") == ["ten 5C 8H", "ten 5D 8H"]


def test_sets_without_a_sum_and_a_condition(tmp_path):
    pool = ["3H", "7S", "KD", "5C", "5D", "9S"]
    st = position(load(tmp_path), pool)
    assert len(moves(st, "any")) == len(list(combinations(pool, 3)))
    st = position(load(tmp_path), pool[:5])
    assert moves(st, "any") == []  # only when size of pool > 5


def test_texts_read_back_in_any_order(tmp_path):
    st = position(load(tmp_path), ["3H", "7S", "5C", "5D"])
    assert st.parse_move("ten 7S 3H") == st.parse_move("ten 3h 7♠") == st.parse_move("ten 3H 7S")
    assert str(st.parse_move("ten 7S 3H")) == "ten 3H 7S"
    for bad in ("ten 3H", "ten 3H 3H", "ten 3H XX", "ten 3H 7S 5C"):
        with pytest.raises(MoveError) as info:
            st.parse_move(bad)
        assert "ten 7D 6H" in str(info.value)


def test_illegal_sets_are_explained(tmp_path):
    st = position(load(tmp_path), ["3H", "7S", "KD", "5C"], pile=["2S", "8H"], stock=["4C", "6D"])
    assert "make 8, not 10" in str(st.explain("ten 3H 5C"))
    assert "only the top card of pile" in str(st.explain("ten 2S 8H"))
    assert "face down" in str(st.explain("ten 4C 6D"))
    assert "does not take KD" in str(st.explain("ten KD 3H"))
    assert "in none of" not in str(st.explain("ten 9C AC"))
    assert not st.explain("ten 9C AC").legal


def test_playing_and_undoing(tmp_path):
    st = position(load(tmp_path), ["3H", "7S", "5C"], pile=["2S", "8H"])
    before = st.to_yaml()
    st.play("ten 7S 3H")
    zones = yaml.safe_load(st.to_yaml())["zones"]
    assert zones["won"] == ["3H", "7S"] and zones["pool"] == ["5C"]
    st.undo()
    assert st.to_yaml() == before


def test_random_games_keep_the_cards_and_round_trip(tmp_path):
    game = load(tmp_path)
    for seed in range(6):
        st = game.new_game(seed=seed)
        rng = random.Random(seed)
        for _ in range(60):
            legal = list(st.legal_moves())
            if st.is_over or not legal:
                break
            for move in legal:
                assert st.parse_move(str(move)) == move
            st.play(rng.choice(legal))
            assert sum(len(z) for z in st.zones) == 52


REFUSALS = [
    ("taking 3 cards from pool\n", "taking 5 cards from pool\n", "1 to 4 cards"),
    ("that are the card is a K\n", "that are same suit\n", "no top card to compare with"),
    ("that are the card is a K\n", "that are the top is a K\n", "there is no top card here"),
    ("whose points by value sum", "whose points by values sum", "values"),
    ("that are the card is a K\n    to won\n", "that are the card is a K\n    to won, pile\n", "to one zone"),
    # `from` beside `taking` is a card played that takes cards with it (tests/test_captures.py);
    # a group of cards that takes is refused
    ("    taking 3 cards from pool\n", "    taking 3 cards from pool\n    from pile\n    with the cards on top\n",
     "no combination or 'with the cards on top'"),
    ("holds 1 standard deck\n", "holds 2 standard decks\n", "two cards alike"),
    ("holds 1 standard deck\n", "holds 1 standard deck with 3 jokers\n", "two cards alike"),
    ("that are the card is a K\n", "that are the card is a X\n", "not a rank, a suit or a colour"),
]


@pytest.mark.parametrize("old, new, message", REFUSALS, ids=[r[2] for r in REFUSALS])
def test_refusals(tmp_path, old, new, message):
    assert TAKING.count(old) == 1, old
    with pytest.raises(RulesError) as info:
        load(tmp_path, TAKING.replace(old, new))
    rendered = str(info.value)
    assert message in rendered, rendered
    assert "tens.game:" in rendered and "^" in rendered
