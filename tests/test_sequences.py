"""`top N of ZONE are in sequence while …`: a pile whose top cards complete a sequence (issue 16,
point 5), face-down cards never in one; an automatic rule that takes the run away."""

from __future__ import annotations

import random

import pytest
import yaml

import gamedsl
from gamedsl.errors import RulesError

RUNS = '''game "Runs"
players 1
cards:
    order up: A 2 3 4 5 6 7 8 9 10 J Q K
zones:
    stock: shared, pile, face down, holds 1 standard deck
    tableau[2]: shared, pile, face down, top face up, turned cards stay up
    out: shared, pile, face down
counter runs: shared, starts 0
deal:
    shuffle stock
    deal 5 from stock to tableau 1
move deal "a card from the stock to a pile":
    from stock to tableau freely
whenever complete "three cards of a suit, each one down from the one below, leave":
    when some tableau with (top 3 of this tableau are in sequence while same suit, one down in up)
    then:
        for each tableau with (top 3 of this tableau are in sequence while same suit, one down in up): move top 3 of this tableau to out
        add 1 to runs
end done "the stock is empty":
    when stock is empty
    the player wins
'''


def load(tmp_path, text: str = RUNS) -> gamedsl.Game:
    path = tmp_path / "runs.game"
    path.write_text(text, encoding="utf-8")
    return gamedsl.load_game(str(path))


def after_one_card(game, tableau1: list[str], face_down: int, top_of_stock: str = "3H") -> dict:
    doc = {"turn": "P1", "zones": {"stock": ["9C", top_of_stock], "tableau1": tableau1, "tableau2": ["KD"]},
           "face_down": {"tableau1": face_down}}
    st = game.load_position(yaml.dump(doc))
    st.play(st.legal_moves()[0])  # the stock's top card onto tableau 1
    return yaml.safe_load(st.to_yaml())


def test_a_completed_sequence_leaves(tmp_path):
    shown = after_one_card(load(tmp_path), ["2C", "5H", "4H"], 0)
    assert shown["zones"]["tableau1"] == ["2C"] and shown["zones"]["out"] == ["5H", "4H", "3H"]
    assert shown["counters"]["runs"] == 1


@pytest.mark.parametrize("tableau1, face_down, top, why", [
    (["2C", "5H", "4H"], 2, "3H", "5H lies face down"),
    (["2C", "5S", "4H"], 0, "3H", "not of one suit"),
    (["2C", "5H", "4H"], 0, "2H", "2H is not one down from 4H"),
    (["4H"], 0, "3H", "two cards are not three"),
])
def test_no_sequence(tmp_path, tableau1, face_down, top, why):
    shown = after_one_card(load(tmp_path), tableau1, face_down, top)
    assert shown["counters"]["runs"] == 0, why
    assert not shown["zones"]["out"]


def test_random_games_keep_every_card(tmp_path):
    game = load(tmp_path)
    for seed in range(5):
        st = game.new_game(seed)
        rng = random.Random(seed)
        while not st.is_over:
            st.play(rng.choice(list(st.legal_moves())))
            assert sum(len(z) for z in st.zones) == 52


@pytest.mark.parametrize("old, new, message", [
    ("top 3 of this tableau are in sequence while same suit, one down in up)\n    then",
     "top 1 of this tableau are in sequence while same suit, one down in up)\n    then", "2 to 104 cards"),
    ("top 3 of this tableau are in sequence while same suit, one down in up)\n    then",
     "top 3 of this tableau are in sequence while same suit, one down in upp)\n    then", "upp"),
    ("top 3 of this tableau are in sequence while same suit, one down in up)\n    then",
     "top 3 of this tablo are in sequence while same suit, one down in up)\n    then", "tablo"),
])
def test_refusals(tmp_path, old, new, message):
    assert RUNS.count(old) == 1
    with pytest.raises(RulesError) as info:
        load(tmp_path, RUNS.replace(old, new))
    rendered = str(info.value)
    assert message in rendered and "runs.game:" in rendered and "^" in rendered, rendered
