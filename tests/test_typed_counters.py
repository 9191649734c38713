"""Counters that hold a suit, a rank or a card (issue 16, point 2): `holds a suit`, `none`,
`set trumps to suit of top of stock`, `X is none`, literals, typing refused with its place,
positions that write and read them as literals, the console showing them as suits and ranks."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import gamedsl
from gamedsl.errors import PositionError, RulesError
from gamedsl.model.card_types import value_from_text, value_shown, value_text

GAME = """game "trumps"
players 2

cards:
    order building: A 2 3 4 5 6 7 8 9 10 J Q K
    colour red: H D
    colour black: S C

zones:
    stock: shared, pile, face down, holds 1 standard deck
    hand: each player, fan, face up
    pile: shared, pile, face up

counter trumps: shared, holds a suit, shown "trumps"
counter base: shared, holds a rank, starts none, shown "base"
counter last: each player, holds a card, shown "last"
counter plays: shared, starts 0

deal:
    deal 5 from stock to hand
    deal 1 from stock to pile
    set trumps to suit of top of pile
    set base to rank of bottom of pile

move play:
    from own hand to pile freely
    {only}
    then:
        set own last to top of pile
        {then}
        add 1 to plays

end over:
    when stock is empty
match: one deal
"""


def load(tmp_path: Path, only: str = "", then: str = "", extra: str = "") -> gamedsl.Game:
    path = tmp_path / "trumps.game"
    path.write_text(GAME.format(only=only, then=then or "add 0 to plays") + extra, encoding="utf-8")
    return gamedsl.load_game(str(path))


def refused(tmp_path: Path, **kw: str) -> str:
    with pytest.raises(RulesError) as caught:
        load(tmp_path, **kw)
    return str(caught.value)


def at(g: gamedsl.Game, counters: dict | None = None, hand=("KH", "KS", "7H", "8D"), pile=("5H",)) -> gamedsl.State:
    doc = {"game": "trumps", "turn": "P1", "zones": {"P1.hand": list(hand), "pile": list(pile), "stock": ["2C"]}}
    if counters is not None:
        doc["counters"] = counters
    return g.load_position(yaml.safe_dump(doc, allow_unicode=True))


def cards_played(state: gamedsl.State) -> set[str]:
    return {str(m).split()[0] for m in state.legal_moves()}


def test_the_deal_sets_a_suit_and_a_rank_and_the_position_writes_them_as_literals(tmp_path):
    g = load(tmp_path)
    state = g.new_game(seed=3)
    doc = yaml.safe_load(state.to_yaml() if hasattr(state, "to_yaml") else gamedsl.engine.position.to_yaml(state))
    top = doc["zones"]["pile"][-1]
    assert doc["counters"]["trumps"] == top[-1]  # the suit letter of the pile's card
    assert doc["counters"]["base"] == top[:-1]  # its rank, as written: "7", "K"
    assert doc["counters"]["P1.last"] == "none" and doc["counters"]["plays"] == 0


def test_a_position_round_trip_keeps_suits_ranks_cards_and_none(tmp_path):
    from gamedsl.engine.position import to_yaml
    g = load(tmp_path)
    state = at(g, {"trumps": "♥", "base": 7, "P1.last": "QS", "P2.last": None})
    doc = yaml.safe_load(to_yaml(state))
    assert doc["counters"] == {"trumps": "H", "base": "7", "P1.last": "QS", "P2.last": "none", "plays": 0}
    again = g.load_position(to_yaml(state))
    assert to_yaml(again) == to_yaml(state)
    assert at(g, {"trumps": "hearts", "base": "K"}).counters[:2] == [1.0, 12.0]


@pytest.mark.parametrize("counters, said", [
    ({"trumps": 1}, "counter 'trumps' holds a suit: write H, hearts or ♥ or none, not 1"),
    ({"trumps": "hearst"}, "counter 'trumps' holds a suit"),
    ({"base": "11"}, "counter 'base' holds a rank"),
    ({"P1.last": "7X"}, "counter 'P1.last' holds a card"),
])
def test_a_position_with_a_wrong_literal_is_refused(tmp_path, counters, said):
    with pytest.raises(PositionError) as caught:
        at(load(tmp_path), counters)
    assert said in str(caught.value)


@pytest.mark.parametrize("only, counters, want", [
    ("only when the card is same suit as trumps", {"trumps": "H"}, {"KH", "7H"}),
    ("only when suit of the card = trumps", {"trumps": "D"}, {"8D"}),
    ("only when suit of the card = trumps or trumps is none", {}, {"KH", "KS", "7H", "8D"}),
    ("only when trumps is hearts and the card is a K", {"trumps": "H"}, {"KH", "KS"}),
    ("only when trumps is not hearts and the card is a K", {"trumps": "H"}, set()),
    ("only when trumps is red and the card is a 7", {"trumps": "D"}, {"7H"}),
    ("only when rank of the card = base", {"base": "K"}, {"KH", "KS"}),
    ("only when the card is one up from base in building", {"base": "7"}, {"8D"}),
    ("only when base is none", {}, {"KH", "KS", "7H", "8D"}),
    ("only when base is not none", {}, set()),
    ("only when base is K and the card is red", {"base": "K"}, {"KH", "7H", "8D"}),
    ("only when own last is none or the card is same rank as own last", {"P1.last": "7S"}, {"7H"}),
    ("only when own last is 7S and the card is hearts", {"P1.last": "7S"}, {"KH", "7H"}),
    ("only when own last is a 7 and the card is an 8", {"P1.last": "7S"}, {"8D"}),
])
def test_conditions_on_counters_that_hold_cards(tmp_path, only, counters, want):
    g = load(tmp_path, only=only)
    assert cards_played(at(g, counters)) == want


def test_effects_set_them_and_undo_restores_them(tmp_path):
    g = load(tmp_path, then="set trumps to hearts")
    state = at(g, {"trumps": "S"})
    state.play("8D P1.hand -> pile")
    from gamedsl.engine.position import to_yaml
    doc = yaml.safe_load(to_yaml(state))
    assert doc["counters"]["trumps"] == "H" and doc["counters"]["P1.last"] == "8D"
    state.undo()
    assert yaml.safe_load(to_yaml(state))["counters"]["trumps"] == "S"


def test_set_to_none_and_from_another_counter(tmp_path):
    g = load(tmp_path, then="set base to none; set trumps to suit of own last")
    state = at(g, {"base": "K", "trumps": "S"})
    state.play("7H P1.hand -> pile")
    assert state.counters[:2] == [1.0, -1.0]


def test_the_console_and_the_views_show_suits_ranks_and_cards(tmp_path):
    from gamedsl.console import render
    from gamedsl.engine.views import observation
    state = at(load(tmp_path), {"trumps": "H", "base": "10", "P1.last": "7S"})
    text = render(state, 0)
    mine, theirs = text.split("P2:")
    assert "Counters: trumps ♥, base 10" in text and "  last 7♠" in mine and "  last —" in theirs
    assert observation(state, 0)["counters"]["trumps"] == "H"


def test_values_as_shown():
    assert value_shown("suit", 1.0) == "♥" and value_shown("rank", 9.0) == "10" and value_shown("card", 5.0) == "2♥"
    assert value_shown("suit", -1.0) == "—" and value_text("card", -1.0) is None
    assert value_from_text("rank", 10) == 9.0 and value_from_text("card", "7♥") == value_from_text("card", "7H")


@pytest.mark.parametrize("kw, said, hint", [
    ({"only": "only when trumps = 3"}, "'3' is not a suit, and the other side is", ""),
    ({"only": "only when trumps = plays"}, "a suit is compared with a number", "suit of the card"),
    ({"only": "only when trumps + 1 = 2"}, "'+' takes numbers, and this is a suit", ""),
    ({"only": "only when base > 3"}, "'>' needs an order", "place of X in ORDER"),
    ({"only": "only when trumps is K"}, "'K' is not a suit (H S D C, hearts …) or a colour", ""),
    ({"only": "only when plays is one up from the card in building"}, "relates two cards, and this is a number", ""),
    ({"then": "add 1 to trumps"}, "counter 'trumps' holds a suit: nothing is added to it", "set trumps to"),
    ({"then": "set trumps to 3"}, "counter 'trumps' holds a suit, and '3' is not one", ""),
    ({"then": "set trumps to rank of the card"}, "'the card' is the card a move moves", ""),
    ({"then": "set trumps to rank of top of pile"}, "counter 'trumps' holds a suit, and this is a rank", "suit of"),
    ({"then": "set plays to suit of top of pile"}, "counter 'plays' holds a number, and this is a suit", "holds a suit"),
    ({"then": "set base to hearts"}, "counter 'base' holds a rank, and 'hearts' is not one", ""),
])
def test_typing_mistakes_are_refused_with_their_place(tmp_path, kw, said, hint):
    text = refused(tmp_path, **kw)
    assert said in text and hint in text and "trumps.game:" in text, text


def test_a_start_that_is_no_value_of_its_kind_is_refused(tmp_path):
    path = tmp_path / "trumps.game"
    path.write_text(GAME.format(only="", then="add 0 to plays").replace("holds a suit", "holds a suit, starts K"))
    with pytest.raises(RulesError) as caught:
        gamedsl.load_game(str(path))
    assert "counter 'trumps' holds a suit, and 'K' is not one" in str(caught.value)
    path.write_text(GAME.format(only="", then="add 0 to plays").replace("holds a suit", "holds a suit, starts H"))
    assert gamedsl.load_game(str(path)).compiled.counters.start[0] == 1.0


@pytest.mark.parametrize("then, said", [
    ("turn to trumps", "'turn to' takes numbers, and this is a suit"),
    ("deal base from stock to own hand", "a deal's number of cards takes numbers, and this is a rank"),
    ("deal 1 from stock to trumps's hand", "'trumps's': counter 'trumps' holds a suit, not a seat"),
])
def test_a_value_where_a_number_or_a_seat_is_wanted_is_refused(tmp_path, then, said):
    text = refused(tmp_path, then=then)
    assert said in text and "trumps.game:" in text, text


def test_a_suit_counter_is_no_first_player(tmp_path):
    path = tmp_path / "trumps.game"
    path.write_text(GAME.format(only="", then="add 0 to plays").replace("deal:\n", "first player: trumps\n\ndeal:\n", 1))
    with pytest.raises(RulesError) as caught:
        gamedsl.load_game(str(path))
    assert "'first player:' (a seat) takes numbers, and this is a suit" in str(caught.value)
