"""`top N of ZONE [that are TEST]`: a selection of each zone's N top cards (issue 16, point 5),
in conditions, aggregates and effects."""

from __future__ import annotations

import pytest
import yaml

import gamedsl
from gamedsl.engine.position import to_yaml
from gamedsl.errors import RulesError

GAME = '''game "Tops"
players 1
cards:
    order up: A 2 3 4 5 6 7 8 9 10 J Q K
zones:
    stock: shared, pile, face down, holds 1 standard deck
    waste: shared, pile, face up
    out: shared, pile, face up
counter hearts_on_top: shared, starts 0
move take "the top three cards of the waste go out, as they lie, when two of them are hearts":
    only when count of top 3 of waste that are hearts >= 2
    then: move top 3 of waste to out
move look "count the hearts among the two top cards":
    only when any top 2 of waste that are hearts
    then: set hearts_on_top to count of top 2 of waste that are hearts
move pairs "the top three cards of the waste hold a pair: they go out":
    only when count of top 3 of waste that are 2 of a rank >= 2
    then: move top 3 of waste to out
move turn "one card from the stock to the waste":
    from stock to waste
end done "the stock is spent":
    when stock is empty
    the player wins
match: one deal
'''


def at(tmp_path, waste: list[str], text: str = GAME) -> gamedsl.State:
    path = tmp_path / "tops.game"
    path.write_text(text, encoding="utf-8")
    game = gamedsl.load_game(path)
    deck = [c for c in "AS 2S 3S".split()]
    doc = {"game": "Tops", "turn": "P1", "zones": {"stock": deck, "waste": waste,
                                                  "out": []}}
    return game.load_position(yaml.safe_dump(doc))


def moves(state: gamedsl.State) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def test_a_condition_counts_only_the_top_cards(tmp_path):
    assert moves(at(tmp_path, ["KH", "QH", "2C", "JD"])) == {"turn"}  # the two hearts lie below the top three
    assert moves(at(tmp_path, ["2C", "KH", "QH", "JD"])) == {"take", "look", "turn"}
    assert moves(at(tmp_path, ["KH", "2C", "JD", "QH"])) == {"look", "turn"}  # one heart in the top three


def test_the_top_cards_move_as_they_lie_and_the_rest_stays(tmp_path):
    state = at(tmp_path, ["2C", "KH", "QH", "JD"])
    state.play("take")
    doc = yaml.safe_load(to_yaml(state))
    assert doc["zones"]["waste"] == ["2C"] and doc["zones"]["out"] == ["KH", "QH", "JD"]
    state.undo()
    assert yaml.safe_load(to_yaml(state))["zones"]["waste"] == ["2C", "KH", "QH", "JD"]


def test_fewer_cards_than_n_are_all_of_them(tmp_path):
    state = at(tmp_path, ["KH", "QH"])
    assert moves(state) == {"take", "look", "turn"}
    state.play("look")
    assert yaml.safe_load(to_yaml(state))["counters"]["hearts_on_top"] == 2


@pytest.mark.parametrize("bad, message", [
    ("count of top 3 of waste that are hearts", "count of top 0 of waste that are hearts"),
    ("move top 3 of waste to out", "move top 2.5 of waste to out"),
])
def test_the_number_of_top_cards_is_a_whole_number_from_1(tmp_path, bad, message):
    path = tmp_path / "bad.game"
    path.write_text(GAME.replace(bad, message), encoding="utf-8")
    with pytest.raises(RulesError) as caught:
        gamedsl.load_game(path)
    assert "the number of top cards is a whole number from 1" in str(caught.value)


def test_n_of_a_rank_counts_only_the_top_cards(tmp_path):
    assert "pairs" not in moves(at(tmp_path, ["KH", "KS", "2C", "JD"]))  # the kings lie below the top three
    assert "pairs" in moves(at(tmp_path, ["2C", "KH", "KS", "JD"]))



RESTOCK = GAME.replace('''end done "the stock is spent":
    when stock is empty''', '''move restock "the waste, all but its top card, becomes the stock":
    only when stock is empty and size of waste > 1
    then: move all but top 1 of waste to stock
move hearty "the hearts under the top two cards of the waste go out":
    only when any all but top 2 of waste that are hearts
    then: move all but top 2 of waste that are hearts to out
end done "ten cards are out":
    when size of out >= 10''')


def test_all_but_the_top_cards_are_the_others(tmp_path):
    state = at(tmp_path, ["2C", "KH", "QH", "JD"], RESTOCK)
    assert "restock" not in moves(state)  # the stock is not empty
    for _ in range(3):
        state.play("turn")  # the stock is spent: 3S 2S AS onto the waste, AS on top
    assert "restock" in moves(state)
    state.play("restock")
    doc = yaml.safe_load(to_yaml(state))["zones"]
    assert doc["waste"] == ["AS"] and doc["stock"] == ["2C", "KH", "QH", "JD", "3S", "2S"]  # as they lay
    state.undo()
    assert yaml.safe_load(to_yaml(state))["zones"]["waste"] == ["2C", "KH", "QH", "JD", "3S", "2S", "AS"]


def test_all_but_the_top_cards_with_a_test(tmp_path):
    state = at(tmp_path, ["KH", "2C", "QH", "JD", "AH"], RESTOCK)
    assert "hearty" in moves(state)
    state.play("hearty")
    doc = yaml.safe_load(to_yaml(state))["zones"]
    assert doc["out"] == ["KH", "QH"] and doc["waste"] == ["2C", "JD", "AH"]
    assert "hearty" not in moves(at(tmp_path, ["2C", "JD", "KH", "AH"], RESTOCK))  # the hearts are the top two


def test_all_but_a_number_of_top_cards_that_is_no_whole_number_is_refused(tmp_path):
    path = tmp_path / "bad.game"
    path.write_text(RESTOCK.replace("move all but top 1 of waste to stock", "move all but top 0 of waste to stock"),
                    encoding="utf-8")
    with pytest.raises(RulesError) as caught:
        gamedsl.load_game(path)
    assert "'all but top 0 of …'" in str(caught.value)
