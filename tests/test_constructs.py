"""Constructs a reader of LANGUAGE.md would write, each working as the text says or refused by
the checker (issue 15, points 10-14): a seat counter's zones in deals, `deal rest` to several
zones, `only when no other move is legal` on card moves, and `first:` effects on an empty source."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import gamedsl
from gamedsl import cards
from gamedsl.errors import RulesError, RulesRuntimeError

HEADER = """game "bench"
players {players}

zones:
    talon: shared, pile, face down, holds 1 standard deck
    hand: each player, fan, face up
    extra: each player, fan, face up
    pool: shared, pool, face up

counter dealer: shared, starts {dealer}
"""

FOOTER = """
end over:
    when talon is empty and pool is empty
match: one deal
"""


def bench(tmp_path: Path, body: str, players: int = 3, dealer: int = 2) -> gamedsl.Game:
    """A game of the header's zones with `body` (a deal block and moves) and no shuffle: the
    talon is dealt from its top, KC first."""
    path = tmp_path / "bench.game"
    path.write_text(HEADER.format(players=players, dealer=dealer) + body + FOOTER, encoding="utf-8")
    return gamedsl.load_game(str(path))


def zones(state) -> dict[str, list[str]]:
    named = state.game.compiled.zones.names
    return {named[z]: [cards.CARD_TEXT[c] for c in pile] for z, pile in enumerate(state.zones) if pile and named[z] != "talon"}


def legal(state) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def refused(tmp_path: Path, body: str) -> str:
    with pytest.raises(RulesError) as caught:
        bench(tmp_path, body)
    return str(caught.value)


# ---- point 10: `deal N from ZONE to COUNTER's ZONE` deals to that seat only -----------------------

def test_a_deal_to_the_dealers_hand_deals_to_that_seat_alone_in_the_deal_and_in_effects(tmp_path):
    game = bench(tmp_path, """
deal:
    deal 2 from talon to dealer's hand

move give:
    then:
        deal 1 from talon to dealer's extra
        end turn
""")
    state = game.new_game(1)
    assert zones(state) == {"P2.hand": ["KC", "QC"]}
    before = state.to_yaml()
    state.play("give")
    assert zones(state) == {"P2.hand": ["KC", "QC"], "P2.extra": ["JC"]}
    state.undo()
    assert state.to_yaml() == before


def test_move_all_and_deal_to_a_seat_counters_zone_agree(tmp_path):
    game = bench(tmp_path, """
deal:
    deal 1 from talon to pool

move give:
    then:
        move all of pool to dealer's extra
        deal 1 from talon to dealer's extra
        end turn
""")
    state = game.new_game(1)
    state.play("give")  # played by P1; the dealer is P2 (P3 is an opponent too)
    assert zones(state) == {"P2.extra": ["KC", "QC"]}


# ---- point 11: `deal … from dealer's hand` takes the dealer's cards ------------------------------

def test_a_deal_from_the_dealers_hand_takes_the_dealers_cards_in_the_deal_and_in_effects(tmp_path):
    game = bench(tmp_path, """
deal:
    set dealer to 3
    deal 3 from talon to dealer's hand
    deal 1 from dealer's hand to pool

move give:
    then:
        deal 1 from dealer's hand to pool
        end turn
""")
    state = game.new_game(1)
    assert zones(state) == {"P3.hand": ["KC", "QC"], "pool": ["JC"]}
    state.play("give")  # played by P1: still the dealer's hand, never the next player's
    assert zones(state) == {"P3.hand": ["KC"], "pool": ["JC", "QC"]}


def test_a_seat_counter_holding_no_seat_names_the_deal_step(tmp_path):
    game = bench(tmp_path, """
deal:
    deal 3 from talon to dealer's hand

move give:
    then: end turn
""", dealer=0)
    with pytest.raises(RulesRuntimeError, match=r"counter 'dealer' holds 0, which is not a seat.*bench.game:13"):
        game.new_game(1)


# ---- point 14: `deal rest` to several zones deals every card ---------------------------------------

def test_the_rest_dealt_in_rotation_leaves_no_card_behind(tmp_path):
    game = bench(tmp_path, """
deal:
    deal rest from talon to each hand, pool

move give:
    then: end turn
""", players=2)
    dealt = zones(game.new_game(1))
    assert [len(dealt[z]) for z in ("P1.hand", "P2.hand", "pool")] == [18, 17, 17]  # 52 cards, the first one more
    assert dealt["P1.hand"][:2] == ["KC", "10C"] and dealt["P2.hand"][0] == "QC" and dealt["pool"][0] == "JC"


def test_the_rest_to_every_zone_is_refused(tmp_path):
    message = refused(tmp_path, """
deal:
    deal rest from talon to every hand

move give:
    then: end turn
""")
    assert "bench.game:13:29" in message and "drop 'every'" in message


# ---- point 12: `only when no other move is legal` on card moves, on two moves, with `and` --------

STUCK_DRAW = """
deal:
    deal 1 from talon to each hand

move play:
    from own hand to pool
    only when size of own hand > 1

move draw:
    from talon to own hand
    {draw_condition}
    then: end turn
"""


def test_a_card_move_offered_only_when_no_other_move_is_legal_moves_its_card(tmp_path):
    game = bench(tmp_path, STUCK_DRAW.format(draw_condition="only when no other move is legal"), players=2)
    state = game.new_game(1)
    assert legal(state) == {"draw"}
    state.play("draw")
    assert zones(state)["P1.hand"] == ["KC", "JC"] and len(state.zones[0]) == 49
    state.play("draw")  # P2's
    assert legal(state) == {"KC P1.hand -> pool", "JC P1.hand -> pool"}  # the draw waits


@pytest.mark.parametrize("written", [
    "only when no other move is legal and size of own hand < 2",
    "only when size of own hand < 2 and no other move is legal",
    "only when size of own hand < 2\n    only when no other move is legal",
])
def test_only_when_no_other_move_is_legal_joins_the_other_conditions_however_written(tmp_path, written):
    game = bench(tmp_path, STUCK_DRAW.format(draw_condition=written).replace("> 1", "> 2"), players=2)
    state = game.new_game(1)
    assert legal(state) == {"draw"}
    state.play("draw")
    state.play("draw")
    assert legal(state) == set()  # two cards: too many to draw, too few to play
    with pytest.raises(RulesRuntimeError, match="no legal move"):
        state.require_moves()


def test_every_only_when_line_must_hold(tmp_path):
    game = bench(tmp_path, STUCK_DRAW.format(draw_condition="only when size of own hand < 2\n    only when pool is empty"),
                 players=2)
    state = game.new_game(1)
    assert legal(state) == {"draw"}
    state.play("draw")
    state.play("draw")
    state.play("KC P1.hand -> pool")  # one card left: the draw's first line holds, its second not
    assert legal(state) == set()


def test_two_moves_only_when_no_other_move_is_legal_are_offered_together(tmp_path):
    game = bench(tmp_path, """
deal:
    deal 1 from talon to each hand

move draw:
    from talon to own hand
    only when no other move is legal
    then: end turn

move pass:
    only when no other move is legal
    then: end turn

move play:
    from own hand to pool
    only when size of own hand > 1
""", players=2)
    state = game.new_game(1)
    assert legal(state) == {"draw", "pass"}


@pytest.mark.parametrize("written, column, said", [
    ("only when no other move is legal or size of own hand < 2", 15, "no other move is legal"),
    ("only when not another move is legal", 19, "another move is legal"),
])
def test_other_moves_under_or_or_not_are_refused(tmp_path, written, column, said):
    message = refused(tmp_path, STUCK_DRAW.format(draw_condition=written))
    assert f"bench.game:21:{column}: '{said}' says when a move is offered" in message


def test_other_moves_outside_a_move_and_both_at_once_are_refused(tmp_path):
    message = refused(tmp_path, STUCK_DRAW.format(draw_condition="only when another move is legal and no other move is legal")
                      + "\nwhenever w:\n    when no other move is legal\n    then: end turn\n")
    assert "bench.game:21:41: a move cannot need both" in message
    assert "bench.game:25:10: 'no other move is legal' says when a move is offered" in message


# ---- point 13: a move with `first:` effects and an empty source ------------------------------------

TURN_UP = """
zones:
    box: shared, pile, face down, holds 1 standard deck
    stock: each player, pile, face down
    waste: each player, pile, face up
    turned: each player, slot, face up

move turn:
    from own stock to own turned
    first:
        if own stock is empty: turn own waste over onto own stock

move discard:
    from own turned to own waste

move pass:
    only when no other move is legal
    then: end turn
"""


def turn_up(tmp_path: Path, **placed: list[str]):
    path = tmp_path / "turn_up.game"
    path.write_text('game "turn up"\nplayers 2\n' + TURN_UP + "\nend over:\n    when box is empty\nmatch: one deal\n",
                    encoding="utf-8")
    game = gamedsl.load_game(str(path))
    return game.load_position(yaml.safe_dump({"game": "turn up", "turn": "P1",
                                              "zones": {"box": ["2C"], **{f"P1.{z}": cards for z, cards in placed.items()}}}))


def test_a_move_whose_first_effects_fill_its_empty_source_is_offered_and_moves_the_card(tmp_path):
    state = turn_up(tmp_path, waste=["5H", "9S"])
    assert legal(state) == {"turn"}
    state.play("turn")
    assert zones(state) == {"box": ["2C"], "P1.stock": ["9S"], "P1.turned": ["5H"]}  # turned over: the first card on top


def test_a_move_whose_first_effects_leave_its_source_empty_is_not_offered(tmp_path):
    assert legal(turn_up(tmp_path)) == {"pass"}
    assert legal(turn_up(tmp_path, waste=["5H"], turned=["9S"])) == {"discard"}  # never a turn onto the full slot
