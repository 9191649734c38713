"""Selections (issue 16, point 3): `cards of ZONES [that are TEST]`, `count of`, `any`, `no`,
`sum of … by POINTS`, `highest card of … by ORDER [then suit SUITORDER]`, `lowest card of …`,
`move … to ZONE` (zone order kept) and `holder of CARD`."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import gamedsl
from gamedsl.engine.position import to_yaml
from gamedsl.errors import RulesError
from .fences import code_blocks

GAME = """game "fish"
players 2

cards:
    order building: A 2 3 4 5 6 7 8 9 10 J Q K
    suit order bridge: C D H S
    colour red: H D
    colour black: S C
    points value: A = 1, 2 = 2, 3 = 3, 4 = 4, 5 = 5, 6 = 6, 7 = 7, 8 = 8, 9 = 9, 10 = 10, J = 10, Q = 10, K = 10

zones:
    stock: shared, pile, face down, holds 1 standard deck
    hand: each player, fan, face up
    books: each player, pool, face up
    pile: shared, pile, face up

counter led: shared, holds a suit
counter asked: shared, holds a rank
counter seen: shared, starts 0

first player: {first}

deal:
    shuffle stock
    deal 5 from stock to hand

move play:
    from own hand to pile freely
    {only}
    then:
        {then}
        add 1 to seen

end over:
    when stock is empty
match: one deal
"""


def load(tmp_path: Path, only: str = "", then: str = "add 0 to seen", first: str = "P1") -> gamedsl.Game:
    path = tmp_path / "fish.game"
    path.write_text(GAME.format(only=only, then=then, first=first), encoding="utf-8")
    return gamedsl.load_game(str(path))


def refused(tmp_path: Path, **kw: str) -> str:
    with pytest.raises(RulesError) as caught:
        load(tmp_path, **kw)
    return str(caught.value)


MINE = ["KH", "7H", "7S", "2C", "AD", "7D"]
THEIRS = ["7C", "QH", "3S"]


def at(g: gamedsl.Game, counters=None, mine=MINE, theirs=THEIRS, pile=("9H",)) -> gamedsl.State:
    doc = {"game": "fish", "turn": "P1", "zones": {"P1.hand": list(mine), "P2.hand": list(theirs),
                                                    "pile": list(pile), "stock": ["5C"]}}
    if counters:
        doc["counters"] = counters
    return g.load_position(yaml.safe_dump(doc, allow_unicode=True))


def played(state: gamedsl.State) -> set[str]:
    return {str(m).split()[0] for m in state.legal_moves()}


@pytest.mark.parametrize("only, counters, want", [
    # follow suit if you can
    ("only when the card is same suit as top of pile or no cards of own hand that are same suit as top of pile",
     None, {"KH", "7H"}),
    ("only when suit of the card = led or no cards of own hand that are suit led", {"led": "S"}, {"7S"}),
    ("only when suit of the card = led or no cards of own hand that are suit led", {"led": "C"}, {"2C"}),
    ("only when any cards of own hand that are spades", None, set(MINE)),
    ("only when any cards of opponent's hand that are hearts and the card is a K", None, {"KH"}),
    ("only when no cards of opponent's hand that are a K", None, set(MINE)),
    ("only when count of cards of own hand that are same rank as the card = 3", None, {"7H", "7S", "7D"}),
    ("only when count of cards of own hand, opponent's hand that are same rank as the card = 4", None,
     {"7H", "7S", "7D"}),
    ("only when count of cards of own hand that are rank asked >= 2 and rank of the card = asked", {"asked": "7"},
     {"7H", "7S", "7D"}),
    ("only when count of cards of own hand that are rank 7 = 3 and the card is red", None, {"KH", "7H", "AD", "7D"}),
    ("only when count of cards of own hand that are not red = 2 and the card is black", None, {"7S", "2C"}),
    ("only when count of cards of own hand = 6 and the card is an A", None, {"AD"}),
    ("only when sum of cards of own hand that are red by value = 25 and the card is a K", None, {"KH"}),
    ("only when the card = highest card of own hand by building", None, {"KH"}),
    ("only when the card = lowest card of own hand by building", None, {"AD"}),
    ("only when the card = highest card of cards of own hand that are a 7 by building then suit bridge", None, {"7S"}),
    ("only when the card = lowest card of cards of own hand that are a 7 by building then suit bridge", None, {"7D"}),
    ("only when the card = highest card of cards of own hand that are a 7 by building", None, {"7H"}),  # ties: first
    (("only when the card is higher than top of pile in building or no cards of own hand that are higher than "
      "top of pile in building"), None, {"KH"}),
])
def test_conditions_on_selections(tmp_path, only, counters, want):
    assert played(at(load(tmp_path, only=only), counters)) == want


def test_move_a_selection_keeps_zone_order_and_undoes(tmp_path):
    g = load(tmp_path, only="only when the card is a K",
             then="move cards of own hand, opponent's hand that are a 7 to own books")
    state = at(g)
    state.play("KH P1.hand -> pile")
    doc = yaml.safe_load(to_yaml(state))["zones"]
    assert doc["P1.books"] == ["7H", "7S", "7D", "7C"]  # own hand first, each from the bottom up
    assert doc["P1.hand"] == ["2C", "AD"] and doc["P2.hand"] == ["QH", "3S"]
    state.undo()
    doc = yaml.safe_load(to_yaml(state))["zones"]
    assert doc["P1.hand"] == MINE and doc["P2.hand"] == THEIRS and doc["P1.books"] == []


def test_move_a_selection_by_a_counter_rank(tmp_path):
    g = load(tmp_path, only="only when the card is an A",
             then="set asked to rank of top of pile; move cards of opponent's hand that are same rank as top of pile to own hand")
    state = at(g, theirs=["AC", "QH", "AS"])
    state.play("AD P1.hand -> pile")
    doc = yaml.safe_load(to_yaml(state))
    assert doc["zones"]["P1.hand"] == ["KH", "7H", "7S", "2C", "7D", "AC", "AS"] and doc["counters"]["asked"] == "A"


def test_holder_of_a_card_leads(tmp_path):
    g = load(tmp_path, first="holder of 2C if holder of 2C > 0 else 2")
    seen = set()
    for seed in range(60):
        state = g.new_game(seed)
        doc = yaml.safe_load(to_yaml(state))
        holders = [p for p in ("P1", "P2") if "2C" in doc["zones"][f"{p}.hand"]]
        assert doc["turn"] == (holders[0] if holders else "P2")
        seen.add(holders[0] if holders else None)
    assert seen == {"P1", "P2", None}


def test_holder_of_in_a_condition(tmp_path):
    g = load(tmp_path, only="only when holder of QH = 2 and holder of 2C = own seat and holder of 5C = 0 and the card is a K")
    assert played(at(g)) == {"KH"}


@pytest.mark.parametrize("kw, said, hint", [
    ({"only": "only when count of cards of own hand that are hearst > 1"}, "'hearst' is not a rank, a suit, a colour or a card", "hearts"),
    ({"only": "only when count of cards of own hand that are rank hearts > 1"}, "'hearts' is not a rank", ""),
    ({"only": "only when count of cards of own hand that are suit seen > 1"}, "'that are suit …' takes a suit, and this is a number", "suit of the card"),
    ({"only": "only when count of cards of own hnd > 1"}, "unknown zone 'hnd'", "hand"),
    ({"only": "only when sum of cards of own hand by valu > 1"}, "unknown points 'valu'", "value"),
    ({"only": "only when highest card of own hand by bilding = the card"}, "unknown order 'bilding'", "building"),
    ({"only": "only when highest card of own hand by building then suit brige = the card"}, "unknown suit order 'brige'", "bridge"),
    ({"only": "only when highest card of own hand by building = 3"}, "'3' is not a card", ""),
    ({"only": "only when holder of hearts = 1"}, "'hearts' is not a card (2C, 7♥)", ""),
    ({"only": "only when holder of seen = 1"}, "'holder of' takes a card, and this is a number", ""),
    ({"then": "move cards of own hand that are a K to nowhere"}, "unknown zone 'nowhere'", ""),
])
def test_selection_mistakes_are_refused(tmp_path, kw, said, hint):
    text = refused(tmp_path, **kw)
    assert said in text and hint in text and "fish.game:" in text, text


def test_the_example_of_language_md_loads_and_plays_as_it_says(tmp_path):
    root = Path(__file__).resolve().parent.parent
    text = (root / "grammar" / "LANGUAGE.md").read_text(encoding="utf-8")
    section = text[text.index("### Cards, suits and ranks as values"):text.index("### Moves")]
    example = code_blocks(section)[0]
    game = ('game "example"\nplayers 2\ncards:\n    order building: A 2 3 4 5 6 7 8 9 10 J Q K\n'
            "zones:\n    stock: shared, pile, face down, holds 1 standard deck\n    foundation1: shared, pile, face up\n"
            "    trick: shared, pile, face up\n    hand: each player, fan, face up\n    books: each player, pool, face up\n"
            "counter led: shared, holds a suit, starts S\n" + example +
            "\nend over:\n    when stock is empty\nmatch: one deal\n").replace("deal:\n", "deal:\n    deal 3 from stock to hand\n", 1)
    path = tmp_path / "example.game"
    path.write_text(game, encoding="utf-8")
    g = gamedsl.load_game(str(path))
    doc = {"game": "example", "turn": "P1", "zones": {"P1.hand": ["KS", "5S", "9H"], "P2.hand": ["5C", "QD"],
                                                      "trick": ["5D"], "stock": ["2C"]}, "counters": {"led": "S"}}
    state = g.load_position(yaml.safe_dump(doc))
    assert {str(m).split()[0] for m in state.legal_moves()} == {"5S"}  # spades led; the king wants a queen
    state.play("5S P1.hand -> trick")
    assert yaml.safe_load(to_yaml(state))["zones"]["P1.books"] == ["5C"]


def test_the_rules_graph_draws_a_selection_moved_as_a_way(tmp_path):
    from gamedsl.graphs.rules import rules_graph
    g = load(tmp_path, then="move cards of opponent's hand that are a 7 to own books")
    graph = rules_graph(g)
    assert graph.has_edge("P2.hand", "P1.books") and "effect of play" in graph.edges["P2.hand", "P1.books"]["title"]


def test_a_selection_in_parentheses_inside_a_list(tmp_path):
    g = load(tmp_path, only="only when max((count of cards of own hand that are red), 1) = 4 and the card is an A")
    assert played(at(g)) == {"AD"}


# ---- `that are N of a rank`: the cards of every rank the zones hold N or more of (books) -----------

@pytest.mark.parametrize("only, want", [
    ("only when count of cards of own hand that are 3 of a rank = 3 and the card is a 7", {"7H", "7S", "7D"}),
    ("only when count of cards of own hand that are 4 of a rank = 0 and the card is a K", {"KH"}),
    ("only when count of cards of own hand, opponent's hand that are 4 of a rank = 4 and the card is a K", {"KH"}),
    ("only when count of cards of own hand that are 1 of a rank = 6 and the card is an A", {"AD"}),
    ("only when any cards of own hand that are 3 of a rank and the card is red", {"KH", "7H", "AD", "7D"}),
    ("only when no cards of opponent's hand that are 2 of a rank and the card is black", {"7S", "2C"}),
])
def test_cards_of_a_rank_held_n_times(tmp_path, only, want):
    assert played(at(load(tmp_path, only=only))) == want


def test_books_laid_down_for_each_player(tmp_path):
    g = load(tmp_path, only="only when the card is a K",
             then="for each player: move cards of own hand that are 3 of a rank to own books")
    state = at(g, theirs=["QC", "QH", "3S", "QS", "3C"])
    state.play("KH P1.hand -> pile")
    doc = yaml.safe_load(to_yaml(state))["zones"]
    assert doc["P1.books"] == ["7H", "7S", "7D"] and doc["P1.hand"] == ["2C", "AD"]
    assert doc["P2.books"] == ["QC", "QH", "QS"] and doc["P2.hand"] == ["3S", "3C"]  # two 3s are not three
    state.undo()
    assert yaml.safe_load(to_yaml(state))["zones"]["P1.hand"] == MINE


def test_several_ranks_held_n_times_are_all_selected(tmp_path):
    g = load(tmp_path, only="only when the card is a K", then="move cards of own hand that are 2 of a rank to own books")
    state = at(g, mine=["KH", "7H", "2C", "7S", "2D", "AD"])
    state.play("KH P1.hand -> pile")
    doc = yaml.safe_load(to_yaml(state))["zones"]
    assert doc["P1.books"] == ["7H", "2C", "7S", "2D"] and doc["P1.hand"] == ["AD"]  # zone order kept


@pytest.mark.parametrize("amount", ["0", "2.5", "55"])
def test_n_of_a_rank_takes_a_small_whole_number(tmp_path, amount):
    text = refused(tmp_path, then=f"move cards of own hand that are {amount} of a rank to own books")
    assert f"'that are {amount} of a rank' takes a small whole number" in text and "fish.game:" in text, text
    assert "4 of a rank" in text  # what to write


def test_the_first_player_compares_any_card_of_each_hand(tmp_path: Path) -> None:
    """`first player: lowest (lowest card of cards of own hand that are hearts by building) by
    building`: the holder of the lowest heart starts; a player with none comes last."""
    g = load(tmp_path, first="lowest (lowest card of cards of own hand that are hearts by building) by building, "
                             "ties to P2")
    for seed in range(40):
        state = g.new_game(seed)
        zones = yaml.safe_load(to_yaml(state))["zones"]
        hearts = [[c for c in zones[f"P{p + 1}.hand"] if c.endswith("H")] for p in range(2)]
        order = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
        low = [min((order.index(c[:-1]) for c in h), default=99) for h in hearts]
        expected = "P2" if low[0] == low[1] else ("P1" if low[0] < low[1] else "P2")
        assert state.current_player == expected, (seed, hearts)
    assert "the first-player comparison takes cards" in refused(tmp_path, first="lowest (seen) by building")
