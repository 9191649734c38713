"""Exchanges between two zones: one card for one card, or everything for everything."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

import gamedsl
from gamedsl import IllegalMoveError, InvalidMoveError

GAME = gamedsl.load_game(str(Path(__file__).parent / "games" / "exchange.game"))


def position(hand, pool, other=("7C", "8C", "9C")):
    return GAME.load_position(yaml.safe_dump({"zones": {"P1.hand": list(hand), "pool": list(pool),
                                                        "P2.hand": list(other)}}))


def test_every_one_for_one_exchange_is_offered_and_never_two():
    state = position(["AS", "KS", "QS"], ["7H", "8H", "9H"])
    texts = {str(m) for m in state.legal_moves()}
    assert texts == {f"swap {a} {b}" for a in ("AS", "KS", "QS") for b in ("7H", "8H", "9H")} | {"swap_all", "pass"}


def test_one_for_one_trades_the_two_cards_in_place_and_undoes():
    state = position(["AS", "KS", "QS"], ["7H", "8H", "9H"])
    before = state.to_yaml()
    state.play("swap KS 8H")
    obs = state.observation("P1")["zones"]
    assert obs["P1.hand"] == ["AS", "8H", "QS"] and obs["pool"] == ["7H", "KS", "9H"]
    assert state.current_player == "P2"
    state.undo()
    assert state.to_yaml() == before


def test_all_for_all_swaps_the_zones():
    state = position(["AS", "KS", "QS"], ["7H", "8H", "9H"])
    state.play("swap_all")
    obs = state.observation("P2")["zones"]
    assert obs["pool"] == ["AS", "KS", "QS"] and obs["P1.hand"] == ["??", "??", "??"]


def test_an_exchange_of_cards_not_there_is_explained_and_bad_text_refused():
    state = position(["AS", "KS", "QS"], ["7H", "8H", "9H"])
    verdict = state.explain("swap 10S 7H")
    assert not verdict.legal and verdict.rule.name == "swap" and "10S is not in P1.hand" in str(verdict)
    with pytest.raises(IllegalMoveError):
        state.play("swap 10S 7H")
    for text in ("swap AS", "swap AS 7H 8H", "swap_all AS"):
        with pytest.raises(InvalidMoveError):
            state.parse_move(text)


@pytest.mark.parametrize("seed", range(5))
def test_random_exchanges_conserve_cards_and_round_trip(seed):
    state = GAME.new_game(seed)
    rng = random.Random(seed)
    for _ in range(40):
        moves = state.legal_moves()
        for move in moves:
            assert state.parse_move(str(move)) == move
        state.play(moves[rng.randrange(len(moves))])
        assert state.card_count() == GAME.compiled.universe
        assert GAME.load_position(state.to_yaml()).to_yaml() == state.to_yaml()


def test_deal_and_shuffle_as_effects_of_a_move():
    state = GAME.new_game(4)
    deck = GAME.compiled.zones.by_name["deck"]
    before_deck = len(state.zones[deck])
    before = state.to_yaml()
    state.play("refresh")
    obs = state.observation("P1")["zones"]
    assert len(obs["pool"]) == 3 and len(obs["discard"]) == 3 and len(state.zones[deck]) == before_deck - 3
    assert state.card_count() == GAME.compiled.universe
    state.undo()
    assert state.to_yaml() == before
    first, again = GAME.new_game(4), GAME.new_game(4)
    first.play("refresh")
    again.play("refresh")
    assert first.to_yaml() == again.to_yaml()  # the same seed shuffles the same way
