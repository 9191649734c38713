"""Players leaving the game: the turn order skips them and the last one left wins."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import gamedsl
from gamedsl.errors import PositionError

GAME = gamedsl.load_game(str(Path(__file__).parent / "games" / "elimination.game"))


def test_the_turn_order_skips_players_who_are_out():
    state = GAME.new_game(1)
    state.current = 0
    state._legal = None
    state.play("leave")                      # P1 is out
    assert state.current_player == "P2"
    state.play("stay")
    assert state.current_player == "P3"
    state.play("stay")
    assert state.current_player == "P2"      # P1 is skipped
    assert [state.in_play(seat) for seat in range(3)] == [False, True, True]


def test_the_last_player_left_wins_and_undo_brings_everyone_back():
    state = GAME.new_game(1)
    state.current = 0
    state._legal = None
    state.play("leave")
    state.play("stay")
    state.play("leave")                      # P3 leaves: P2 is the last one
    assert state.is_over and state.scores == {"P1": 0, "P2": 1, "P3": 0}
    state.undo()
    state.undo()
    state.undo()
    assert not state.is_over and state.current_player == "P1" and all(state.in_play(s) for s in range(3))


DEALT = '''game "Dealt out"
players 3
zones:
    deck: shared, pile, face down, holds 1 standard deck
    hand: each player, fan, face up to owner
deal:
    shuffle deck
    deal 3 from deck to each hand
counter out: each player, starts 0, kept from deal to deal
counter finished: shared, starts 0
eliminated: any player with own out = 1
move leave "leave the game":
    then:
        set own out to 1
        set finished to 1
end deal_over "the deal is over":
    when finished = 1
    each player scores 0
match: deals until players_left <= 1
'''


def test_a_player_who_is_out_is_dealt_nothing(tmp_path):
    """The next deal skips his zones: the cards stay with the deck (Schwimmen's talon grows)."""
    path = tmp_path / "dealt.game"
    path.write_text(DEALT)
    game = gamedsl.load_game(str(path))
    state = game.new_game(3)
    hands = [z.id for z in game.compiled.zones.instances if z.spec.name == "hand"]
    deck = next(z.id for z in game.compiled.zones.instances if z.spec.name == "deck")
    assert [len(state.zones[h]) for h in hands] == [3, 3, 3] and len(state.zones[deck]) == 43
    leaver = state.current
    state.play("leave")  # out, and the deal ends: the next one is dealt at once
    assert state.deal_number == 2 and not state.in_play(leaver)
    assert [len(state.zones[h]) for h in hands] == [0 if seat == leaver else 3 for seat in range(3)]
    assert len(state.zones[deck]) == 46
    state.undo()  # and undo deals him back in
    assert [len(state.zones[h]) for h in hands] == [3, 3, 3] and state.in_play(leaver)


def test_a_saved_position_is_read_as_the_engine_plays_it_with_players_out():
    """A player who is out holding three aces ends nothing (the engine ignores his hand), and it
    cannot be his turn: the loader says so rather than play on from a position that cannot be."""
    game = gamedsl.load_game("schwimmen", 3)
    doc = {"turn": "P1", "phase": "exchanging", "zones": {"P1.hand": ["KC", "QC", "9H"], "P2.hand": ["7S", "8H", "9D"],
                                   "P3.hand": ["AS", "AH", "AD"], "pool": ["7D", "8D", "10D"]},
           "counters": {"P3.out": 1}}
    state = game.load_position(yaml.safe_dump(doc))
    assert not state.is_over and "pass" in [str(m) for m in state.legal_moves()]
    doc["turn"] = "P3"
    with pytest.raises(PositionError, match="out of the game"):
        game.load_position(yaml.safe_dump(doc))
