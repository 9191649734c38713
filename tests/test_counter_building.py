"""Two general constructs Canfield needed (issue 16): a building rule that reads a counter holding
a rank or a suit (`empty: the card is base`), and dealing to a family bound to suits (`deal 1
from stock to foundation`: each card onto the pile of its suit)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import gamedsl
from gamedsl.errors import RulesError

GAME = """game "base"
players 1

cards:
    order building: A 2 3 4 5 6 7 8 9 10 J Q K
    colour red: H D
    colour black: S C

zones:
    stock: shared, pile, face down, holds 1 standard deck
    hand: each player, fan, face up
    foundation[4]: shared, pile, face up, one per suit
    spare: shared, pile, face up

counter base: shared, holds a rank
counter trumps: shared, holds a suit
counter plain: shared, starts 0

deal:
    shuffle stock
    deal {dealt} from stock to foundation
    set base to rank of bottom of foundation
    deal 5 from stock to hand

first player: P1

build foundation "from the base rank up, round the corner":
    empty: {empty}
    on top: same suit, one up in building, wrapping

build spare "a card of the trump suit first, then none of it":
    empty: {spare}
    on top: {spare_top}

move play:
    from own hand to foundation, spare

end over:
    when no move is legal
    the player loses
match: one deal
"""


def text(**kw: str) -> str:
    values = {"dealt": "1", "empty": "the card is base and the card is the pile's suit",
              "spare": "the card is trumps", "spare_top": "the card is not trumps"}
    values.update(kw)
    return GAME.format(**values)


def load(tmp_path: Path, **kw: str) -> gamedsl.Game:
    path = tmp_path / "base.game"
    path.write_text(text(**kw), encoding="utf-8")
    return gamedsl.load_game(str(path))


def refused(tmp_path: Path, **kw: str) -> str:
    with pytest.raises(RulesError) as caught:
        load(tmp_path, **kw)
    return str(caught.value)


def at(g, counters: dict, hand=("7H", "7S", "8H", "QD", "KC"), spare=()) -> gamedsl.State:
    doc = {"turn": "P1", "counters": counters,
           "zones": {"P1.hand": list(hand), "foundationH": [], "foundationS": [], "foundationD": [],
                     "foundationC": [], "spare": list(spare), "stock": ["2C"]}}
    return g.load_position(yaml.safe_dump(doc, allow_unicode=True))


def moves(state) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def test_an_empty_pile_takes_the_rank_the_counter_holds(tmp_path) -> None:
    g = load(tmp_path)
    seven = at(g, {"base": "7", "trumps": "none", "plain": 0})
    assert {m for m in moves(seven) if "foundation" in m} == {"7H P1.hand -> foundationH", "7S P1.hand -> foundationS"}
    queen = at(g, {"base": "Q", "trumps": "none", "plain": 0})
    assert {m for m in moves(queen) if "foundation" in m} == {"QD P1.hand -> foundationD"}
    nothing = at(g, {"base": "none", "trumps": "H", "plain": 0})
    assert moves(nothing) == {"7H P1.hand -> spare", "8H P1.hand -> spare"}  # none is no rank
    assert "cannot go on an empty foundationH" in str(queen.explain("7H P1.hand -> foundationH"))


def test_a_suit_counter_and_the_rows_on_top(tmp_path) -> None:
    g = load(tmp_path)
    hearts = at(g, {"base": "K", "trumps": "H", "plain": 0})
    assert {m for m in moves(hearts) if "spare" in m} == {"7H P1.hand -> spare", "8H P1.hand -> spare"}
    on_top = at(g, {"base": "K", "trumps": "D", "plain": 0}, spare=("2S",))  # on top: not a trump
    assert {m for m in moves(on_top) if "spare" in m} == {"7H P1.hand -> spare", "7S P1.hand -> spare",
                                                          "8H P1.hand -> spare", "KC P1.hand -> spare"}
    none = at(g, {"base": "K", "trumps": "none", "plain": 0}, spare=("2S",))  # `is not` none: every card
    assert len({m for m in moves(none) if "spare" in m}) == 5


def test_the_table_follows_the_counter_as_it_changes(tmp_path) -> None:
    g = load(tmp_path, spare="any", spare_top="the card is red or the card is black")
    for seed in range(6):
        state = g.new_game(seed)
        zones = {n: z for n, z in zip(state.game.compiled.zones.names, state.zones)}
        started = [n for n in zones if n.startswith("foundation") and zones[n]]
        assert len(started) == 1 and len(zones[started[0]]) == 1  # one card, on the pile of its suit
        card = zones[started[0]][0]
        assert "SHDC"[card & 3] == started[0][-1]
        base = yaml.safe_load(state.to_yaml())["counters"]["base"]
        for move in state.legal_moves():
            text = str(move)
            if "foundation" in text and not zones[text.split()[-1]]:
                assert text.split()[0][:-1] == str(base)


def test_dealing_to_a_suit_family_puts_each_card_on_its_suit(tmp_path) -> None:
    g = load(tmp_path, dealt="12", empty="any", spare="any", spare_top="the card is red or the card is black")
    state = g.new_game(3)
    names = state.game.compiled.zones.names
    total = 0
    for suit in "SHDC":
        pile = state.zones[names.index(f"foundation{suit}")]
        assert all("SHDC"[c & 3] == suit for c in pile)
        total += len(pile)
    assert total == 12


def test_refused_with_what_to_write(tmp_path) -> None:
    two = refused(tmp_path, spare="the card is trumps or the card is base")
    assert "reads two counters, 'trumps' and 'base'" in two and "base.game:" in two
    taking = text().replace("move play:", "move take:\n    taking 1 card from hand that are the card is base\n    to spare\n\nmove play:")
    path = tmp_path / "taking.game"
    path.write_text(taking, encoding="utf-8")
    with pytest.raises(RulesError, match="'base' is a counter: the test of the cards taken is made once"):
        gamedsl.load_game(str(path))
    assert "'plain' holds a number" in refused(tmp_path, empty="the card is plain")
    text_ = refused(tmp_path, empty="the card is bsae")
    assert "'bsae' is not a rank, a suit or a colour" in text_ and "base.game:" in text_
    each = text().replace("counter base: shared, holds a rank", "counter base: each player, holds a rank").replace(
        "set base to", "set plain to 0 if base is none else 0\n    set base to")
    path = tmp_path / "each.game"
    path.write_text(each, encoding="utf-8")
    with pytest.raises(RulesError, match="a counter of each player: a building rule has no player"):
        gamedsl.load_game(str(path))
