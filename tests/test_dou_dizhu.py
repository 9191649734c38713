"""Dou Dizhu: the worked examples of Part 3, bidding, scoring, and seeded games.

Positions give each hand, the table and the counters the file declares (landlord holds a
seat 1-3). Plays are written by their ranks, as a player types them.
"""

from __future__ import annotations

import random

import pytest
import yaml

from gamedsl.errors import MoveError

from .conftest import cached_game

SPARE = ["KC", "QC", "JC", "KD", "QD", "JD", "9C", "9D"]


def position(turn="P1", phase="play", table=(), counters=None, **hands):
    """A play-phase position; a hand not given holds one card nobody else has."""
    used = set(table) | {c for h in hands.values() for c in h}
    spare = iter(c for c in SPARE if c not in used)
    zones = {f"{p}.hand": list(hands[p]) if p in hands else [next(spare)] for p in ("P1", "P2", "P3")}
    zones["table"] = list(table)
    doc = {"phase": phase, "turn": turn, "zones": zones,
           "counters": {"landlord": 1, "bid": 1, **(counters or {})}}
    return cached_game("dou_dizhu").load_position(yaml.safe_dump(doc))


def legal(state, text):
    return state.explain(text).legal


def offered(state, typed: str) -> bool:
    """Is the play typed (cards in any order) among the legal moves?"""
    try:
        return state.parse_move(typed) in state.legal_moves()
    except MoveError:
        return False


# ---- Example 1: straights, bomb, rocket ----------------------------------------------------
def test_example_1_what_beats_a_five_card_straight():
    state = position(table=["3C", "4C", "5C", "6C", "7C"],
                     P1=["8S", "9S", "10S", "JS", "QS", "4S", "5S", "6S", "7S", "8H", "9H", "8D", "8C", "RJ", "BJ"])
    assert legal(state, "8 9 10 J Q")
    assert not legal(state, "4 5 6 7 8 9")
    assert legal(state, "8 8 8 8")
    assert legal(state, "BJ RJ")
    assert state.explain("4 5 6 7 8 9").rule.name == "play"


# ---- Example 2: what is not a run -----------------------------------------------------------
def test_example_2_what_is_not_a_run():
    state = position(table=(), P1=["10S", "JS", "QS", "KS", "AS", "2S", "5S", "5H", "6S", "6H", "7S", "7H",
                                   "KH", "KD", "KC", "AH", "AD", "AC"])
    assert offered(state, "10 J Q K A") and not offered(state, "10 J Q K A 2")
    assert not offered(state, "J Q K A")
    assert not offered(state, "5 5 6 6") and offered(state, "5 5 6 6 7 7")
    assert offered(state, "K K K A A A")
    state = position(table=(), P1=["AS", "AH", "AD", "2S", "2H", "2D"])
    assert "A A A 2 2 2" not in {str(m) for m in state.legal_moves()}


# ---- Example 3: trio with a single ------------------------------------------------------------
def test_example_3_the_trio_decides_not_the_kicker():
    state = position(table=["5S", "5H", "5D", "KC"],
                     P1=["6S", "6H", "6D", "3C", "4S", "4H", "4D", "2C", "7S", "7H"])
    assert legal(state, "3 6 6 6")
    assert not legal(state, "4 4 4 2")
    assert not legal(state, "6 6 6 7 7")


# ---- Example 4: airplane with single wings -----------------------------------------------------
def test_example_4_single_wings():
    hand = ["3S", "3H", "3D", "4S", "4H", "4D", "7S", "7H", "BJ", "RJ", "3C", "9S", "5S", "5H", "5D",
            "8S", "8H", "8D"]
    state = position(table=(), P1=hand)
    assert offered(state, "3 3 3 4 4 4 7 7")
    assert not offered(state, "3 3 3 4 4 4 BJ RJ")
    assert not offered(state, "3 3 3 4 4 4 3 9") and not offered(state, "3 3 3 3 4 4 4 9")
    assert not offered(state, "3 3 3 4 4 4 5 5 5 8 8 8")


# ---- Example 5: pair wings and comparing airplanes ------------------------------------------------
def test_example_5_pair_wings():
    state = position(table=(), P1=["7S", "7H", "7D", "8S", "8H", "8D", "9S", "9H", "JS", "JH", "4S", "4H", "4D", "4C"])
    assert offered(state, "7 7 7 8 8 8 9 9 J J")
    assert not offered(state, "7 7 7 8 8 8 4 4 4 4") and not offered(state, "4 4 4 4 7 7 7 8 8 8")
    state = position(table=["5S", "5H", "5D", "6S", "6H", "6D", "9C", "9D", "JC", "JD"],
                     P1=["7S", "7H", "7D", "8S", "8H", "8D", "3S", "3H", "4S", "4H"])
    assert legal(state, "3 3 4 4 7 7 7 8 8 8")
    assert not legal(state, "3 4 7 7 7 8 8 8")


# ---- Example 6: four with attachments -------------------------------------------------------------
def test_example_6_four_with_attachments():
    state = position(table=(), P1=["9S", "9H", "9D", "9C", "3S", "3H", "BJ", "RJ"])
    assert offered(state, "3 3 9 9 9 9")
    assert not offered(state, "9 9 9 9 BJ RJ")
    state = position(table=(), P1=["8S", "8H", "8D", "8C", "5S", "5H", "5D", "5C", "JS", "JH"])
    assert offered(state, "5 5 8 8 8 8 J J")
    assert not offered(state, "5 5 5 5 8 8 8 8")  # two pairs of fives are not distinct pairs
    state = position(table=["9S", "9H", "9D", "9C", "3S", "5S"],
                     P1=["6S", "6H", "6D", "6C", "10S", "10H", "10D", "10C", "4H", "7H", "8S", "8H", "8D", "8C", "KH", "AH"])
    assert legal(state, "6 6 6 6")
    assert legal(state, "4 7 10 10 10 10")
    assert not legal(state, "8 8 8 8 K A")


# ---- Example 7: bombs and the rocket ----------------------------------------------------------------
def test_example_7_bomb_against_bomb_and_the_rocket():
    state = position(table=["5S", "5H", "5D", "5C"], P1=["6S", "6H", "6D", "6C", "4S", "4H", "4D", "4C"])
    assert legal(state, "6 6 6 6") and not legal(state, "4 4 4 4")
    state = position(table=["2S", "2H", "2D", "2C"], P1=["AS", "AH", "AD", "AC", "BJ", "RJ"])
    assert [str(m) for m in state.legal_moves()] == ["pass", "BJ RJ"]
    state = position(table=["BJ", "RJ"], P1=["AS", "AH", "AD", "AC"])
    assert [str(m) for m in state.legal_moves()] == ["pass"]


# ---- Example 8: passing and the new lead -------------------------------------------------------------
def test_example_8_two_passes_give_the_lead_back():
    state = position(turn="P1", table=(), P1=["6S", "6H", "KS"], P2=["7S", "QS"], P3=["9S", "9H", "10S"])
    state.play("6 6")
    state.play("pass")                 # B
    state.play("9 9")                  # C
    state.play("pass")                 # A
    state.play("pass")                 # B: two passes in a row
    assert state.current_player == "P3"
    assert "pass" not in {str(m) for m in state.legal_moves()}  # the leader may not pass
    assert {str(m) for m in state.legal_moves()} == {"10"}
    assert state.observation("P1")["zones"]["table"] == []


# ---- Example 9: bidding ------------------------------------------------------------------------------
def bidding(first="P1"):
    game = cached_game("dou_dizhu")
    state = game.new_game(5)
    state.current = state.players.index(first)
    state._legal = None
    return state


def test_example_9_bidding_ends_after_two_passes_following_a_bid():
    state = bidding("P1")
    for move in ("pass", "bid 1", "bid 2", "pass", "pass"):
        state.play(move)
    z = state.game.compiled.zones.by_name
    assert state.observation("P1")["phase"] == "play"
    assert state.counters[state.game.compiled.counters.index("landlord", 0)] == 3
    assert len(state.zones[z["P3.hand"]]) == 20 and not state.zones[z["bottom"]]
    assert state.current_player == "P3"
    bottom_shown = [c for c in state.observation("P1")["zones"]["P3.hand"] if c != "??"]
    assert len(bottom_shown) == 3  # the bottom cards stay known to everyone


def test_example_9_a_bid_must_exceed_the_current_bid():
    state = bidding("P2")
    state.play("bid 2")
    assert {str(m) for m in state.legal_moves()} == {"bid 3", "pass"}
    assert state.explain("bid 2").rule.name == "bid"


def test_example_9_a_bid_of_3_ends_bidding_at_once():
    state = bidding("P1")
    state.play("bid 3")
    assert state.observation("P2")["phase"] == "play" and state.current_player == "P1"


def test_example_9_all_pass_deals_again():
    state = bidding("P1")
    for move in ("pass", "pass", "pass"):
        state.play(move)
    assert state.results[-1].end == "no_bid" and state.deal_number == 2 and not state.is_over
    assert state.observation("P1")["phase"] == "bidding"
    z = state.game.compiled.zones.by_name
    assert [len(state.zones[z[f"P{i}.hand"]]) for i in (1, 2, 3)] == [17, 17, 17]


# ---- Example 10: scoring ------------------------------------------------------------------------------
def test_example_10_bombs_and_rocket_no_spring():
    state = position(turn="P1", table=(), P1=["KS"], counters={"bid": 2, "multiplier": 4, "farmer_plays": 5,
                                                                "landlord_plays": 6})
    state.play("K")
    assert state.is_over and state.scores == {"P1": 16, "P2": -8, "P3": -8}


def test_example_10_spring():
    state = position(turn="P1", table=(), P1=["KS"], counters={"bid": 3, "multiplier": 2, "farmer_plays": 0,
                                                                "landlord_plays": 4})
    state.play("K")
    assert state.scores == {"P1": 24, "P2": -12, "P3": -12}


def test_example_10_reverse_spring():
    state = position(turn="P2", table=["4S"], P2=["QS"], counters={"bid": 1, "multiplier": 1, "farmer_plays": 0,
                                                                    "landlord_plays": 1})
    state.play("Q")
    assert state.scores == {"P1": -4, "P2": 2, "P3": 2}


def test_a_bomb_or_the_rocket_doubles_the_multiplier():
    state = position(turn="P1", table=(), P1=["5S", "5H", "5D", "5C", "BJ", "RJ", "3C"])
    index = state.game.compiled.counters.index("multiplier", 0)
    state.play("5 5 5 5")
    assert state.counters[index] == 2
    state.play("pass")
    state.play("pass")
    state.play("BJ RJ")
    assert state.counters[index] == 4
    state.undo()
    assert state.counters[index] == 2


# ---- moves as typed --------------------------------------------------------------------------------
@pytest.mark.parametrize("typed", ["33344", "3 3 3 4 4", "play 3 3 3 4 4", "trio_pair 33344", "4 4 3 3 3"])
def test_a_play_can_be_typed_by_its_cards(typed):
    state = position(table=(), P1=["3S", "3H", "3D", "4S", "4H", "10S", "JS", "QS", "KS", "AS"])
    assert str(state.parse_move(typed)) == "3 3 3 4 4"


def test_tens_and_jokers_are_typed_as_players_write_them():
    state = position(table=(), P1=["10S", "JS", "QS", "KS", "AS", "BJ", "RJ"])
    assert str(state.parse_move("10 J Q K A")) == "10 J Q K A"
    assert str(state.parse_move("tjqka")) == "10 J Q K A"
    assert str(state.parse_move("BJ RJ")) == "BJ RJ"


def test_each_play_has_one_reading_in_these_rules():
    # With the file's choices no set of cards reads as two combinations (the oracle agrees),
    # so plays are written by their cards alone; 5 5 5 5 6 6 is four with two singles.
    state = position(table=(), P1=["3S", "3H", "3D", "4S", "4H", "4D", "5S", "5H", "5D", "5C", "6S", "6H"])
    assert str(state.parse_move("556655")) == "5 5 5 5 6 6" and offered(state, "5 5 5 5 6 6")
    assert str(state.parse_move("55553344")) == "5 5 5 5 3 3 4 4"
    assert not any(str(m).split()[0] in ("four_singles", "four_pairs") for m in state.legal_moves())
    assert state.parse_move("four_singles 5 5 5 5 6 6") == state.parse_move("555566")


# ---- seeded games ---------------------------------------------------------------------------------------
def play_out(seed: int, chooser: int) -> list[str]:
    state = cached_game("dou_dizhu").new_game(seed)
    rng = random.Random(chooser)
    moves = []
    while not state.is_over:
        legal_moves = state.legal_moves()
        move = legal_moves[rng.randrange(len(legal_moves))]
        moves.append(str(move))
        state.play(move)
        assert state.card_count() == state.game.compiled.universe
    assert sum(state.scores.values()) == 0
    return moves


@pytest.mark.parametrize("seed", range(6))
def test_random_deals_end_zero_sum_and_replay(seed):
    assert play_out(seed, seed) == play_out(seed, seed)


def test_hands_are_hidden_from_the_others():
    state = cached_game("dou_dizhu").new_game(2)
    obs = state.observation("P1")
    assert "??" not in obs["zones"]["P1.hand"] and set(obs["zones"]["P2.hand"]) == {"??"}
    assert set(obs["zones"]["bottom"]) == {"??"}


def test_bidding_1_then_2_then_two_passes():
    state = bidding("P1")
    for move in ("bid 1", "bid 2", "pass", "pass"):
        state.play(move)
    assert state.observation("P1")["phase"] == "play"
    assert state.counters[state.game.compiled.counters.index("landlord", 0)] == 2
    assert state.counters[state.game.compiled.counters.index("bid", 0)] == 2
    assert state.current_player == "P2"
    obs = state.observation("P3")
    assert obs["zones"]["bottom"] == [] and len([c for c in obs["zones"]["P2.hand"] if c != "??"]) == 3


def test_bidding_undo_restores_the_phase_and_the_bottom():
    state = bidding("P1")
    before = state.to_yaml()
    state.play("bid 3")
    state.undo()
    assert state.to_yaml() == before and state.observation("P1")["phase"] == "bidding"


def test_positions_round_trip_with_phase_combinations_and_revealed_cards():
    state = bidding("P1")
    state.play("bid 3")
    state.play(state.legal_moves()[-1])
    text = state.to_yaml()
    assert "combinations:" in text and "revealed:" in text and "phase: play" in text
    again = state.game.load_position(text)
    assert again.to_yaml() == text and list(again.legal_moves()) == list(state.legal_moves())


def test_kind_names_and_glued_ranks_are_read_as_players_mean_them():
    state = position(table=(), P1=["BJ", "RJ", "3S", "3H", "3D", "4S", "4H", "4D", "JS", "KS"])
    assert str(state.parse_move("rocket")) == "BJ RJ"
    assert str(state.parse_move("333444JK")) == "3 3 3 4 4 4 J K"


def test_a_seat_counter_out_of_range_is_a_clear_error():
    from gamedsl.errors import PositionError

    with pytest.raises(PositionError, match="holds a seat"):
        position(phase="bidding", counters={"landlord": 7, "bid": 3})


def test_a_play_by_a_fresh_game_object_is_read_from_its_text():
    other = cached_game("dou_dizhu").__class__(cached_game("dou_dizhu").model)
    move = other.new_game(1).legal_moves()[0]  # 'bid 1' made by another Game
    state = cached_game("dou_dizhu").new_game(1)
    assert str(state.play(move)) == str(move)
