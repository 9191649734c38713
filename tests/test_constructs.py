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
