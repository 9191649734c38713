"""Unit tests of the general mechanisms the patience games brought: wild cards played as a
declared rank, turn-start effects, `ties deal again`, moves only when another is legal, piles
that show a rank, group moves, closed zones, `must … to empty`, a pack split by suits."""

from __future__ import annotations

import yaml

import gamedsl
from gamedsl import cards

from .conftest import cached_game


def position(game, **doc):
    return game.load_position(yaml.safe_dump({"game": game.title, **doc}, sort_keys=False))


def texts(state) -> list[str]:
    return sorted(str(m) for m in state.legal_moves())


def zone(state, name):
    return [cards.CARD_TEXT[c] for c in state.zones[state.game.compiled.zones.by_name[name]]]


# ---- wild cards ------------------------------------------------------------------------------------

def test_a_wild_card_is_offered_as_each_rank_the_target_takes():
    game = cached_game("spite_and_malice")
    state = position(game, turn="P1", zones={"P1.stock": ["9C"], "P2.stock": ["9D"], "P1.hand": ["JK"],
                                             "P1.side1": ["9S"], "centre1": ["AH", "2H", "3C"]})
    legal = set(texts(state))
    on_empty_side = {f"discard JK P1.hand -> P1.side2 as {r}" for r in "2 3 4 5 6 7 8 9 10 J Q K".split()}
    assert legal == {"JK P1.hand -> centre1 as 4", "discard JK P1.hand -> P1.side1 as 8",
                     "discard JK P1.hand -> P1.side1 as 9", "done", *on_empty_side}
    assert "JK P1.hand -> centre1 as 4" in legal and "JK P1.hand -> centre2 as A" not in legal  # never an ace
    assert {"discard JK P1.hand -> P1.side1 as 8", "discard JK P1.hand -> P1.side1 as 9"} <= legal
    assert "discard JK P1.hand -> P1.side1 as 10" not in legal


def test_a_wild_card_stands_for_its_declared_rank_until_it_moves():
    game = cached_game("spite_and_malice")
    state = position(game, turn="P1", zones={"P1.stock": ["8C"], "P2.stock": ["9D"], "P1.hand": ["JK", "7D"],
                                             "P1.side1": ["9S"]})
    state.play("discard JK P1.hand -> P1.side1 as 8")
    assert state.declared and state.observation("P2")["wilds"] == {"P1.side1": {1: "8"}}
    again = game.load_position(state.to_yaml())  # the declaration round-trips through YAML
    assert again.key() == state.key()
    state.undo()
    assert not state.declared


def test_a_wild_without_its_rank_is_explained():
    game = cached_game("spite_and_malice")
    state = position(game, turn="P1", zones={"P1.stock": ["8C"], "P2.stock": ["9D"], "P1.hand": ["JK"],
                                             "P1.side1": ["9S"]})
    verdict = state.explain("discard JK P1.hand -> P1.side1 as 5")
    assert not verdict.legal and verdict.rule.name == "side"


# ---- turn-start effects, first player ties -----------------------------------------------------------

def test_turn_start_effects_draw_up_to_five():
    game = cached_game("spite_and_malice")
    state = position(game, turn="P1", zones={"P1.stock": ["8C"], "P2.stock": ["9D"], "P1.hand": ["KD"],
                                             "P2.hand": ["2C"], "draw": ["3C", "4C", "5C", "6C", "7C", "8D"]})
    state.play("done")
    assert len(zone(state, "P2.hand")) == 5 and zone(state, "draw") == ["3C", "4C"]


def test_ties_deal_again_until_the_first_player_is_decided():
    game = cached_game("spite_and_malice")
    for seed in range(30):
        state = game.new_game(seed)
        tops = [state.zones[game.compiled.zones.by_name[f"P{s}.stock"]][-1] >> 2 for s in (1, 2)]
        assert tops[0] != tops[1]
        assert state.current == (0 if tops[0] > tops[1] else 1)


# ---- moves only when another is legal; piles that show a rank -------------------------------------------

def test_done_needs_another_move_and_stuck_needs_none():
    game = cached_game("spite_and_malice")
    stuck = position(game, turn="P1", zones={"P1.stock": ["8C"], "P2.stock": ["9D"]})
    assert texts(stuck) == ["stuck"]
    free = position(game, turn="P1", zones={"P1.stock": ["AC"], "P2.stock": ["9D"]})
    assert texts(free) == ["AC P1.stock -> centre1", "done"]


def test_a_pile_that_shows_a_king_goes_to_the_draw_pile():
    game = cached_game("spite_and_malice")
    state = position(game, turn="P1", zones={"P1.stock": ["5C", "KC"], "P2.stock": ["9D"],
                                             "centre1": ["AH", "2H", "3C", "4C", "5D", "6D", "7D", "8D", "9D",
                                                         "10D", "JD", "QD"]})
    state.play("KC P1.stock -> centre1")
    assert zone(state, "centre1") == [] and len(zone(state, "draw")) == 13


# ---- group moves ------------------------------------------------------------------------------------

def test_a_group_moves_with_the_cards_on_top_and_only_onto_a_house_that_takes_its_bottom_card():
    game = cached_game("russian_bank/crossley")
    filler = {"house3": ["KS"], "house4": ["KH"], "house5": ["KD"], "house6": ["KC"], "house7": ["QS"], "house8": ["QH"]}
    state = position(game, turn="P1", zones={"P1.reserve": ["KS"], "P1.hand": ["KH"], "P2.reserve": ["KD"],
                                             "P2.hand": ["KC"], "house1": ["3H", "2S"], "house2": ["4C"], **filler})
    assert "shift 3H house1 -> house2" in texts(state)
    state.play("shift 3H house1 -> house2")
    assert zone(state, "house2") == ["4C", "3H", "2S"] and zone(state, "house1") == []
    state.undo()
    state = position(game, turn="P1", zones={"P1.reserve": ["KS"], "P1.hand": ["KH"], "P2.reserve": ["KD"],
                                             "P2.hand": ["KC"], "house1": ["3H", "2S"], "house2": ["4H"], **filler})
    assert not any(t.startswith("shift") for t in texts(state))  # 3H does not go on 4H


# ---- closed zones -----------------------------------------------------------------------------------

def test_a_closed_house_takes_and_gives_nothing_and_is_not_an_empty_house():
    game = cached_game("russian_bank/three_players")
    kings = iter(["KS", "KH", "KD", "KC", "KS", "KH", "KD", "KC"])
    houses = {f"house{i}": [next(kings)] for i in range(1, 10) if i != 2}
    state = position(game, turn="P1", closed=["house2"],
                     zones={"P1.reserve": ["QD", "5C"], "P1.hand": ["2C"], "P2.reserve": ["9D"], "P3.reserve": ["9H"],
                            "P2.hand": ["3C"], "P3.hand": ["4C"], **houses})
    legal = texts(state)
    assert not any("house2" in t for t in legal)
    assert "turn" in legal  # P3 does not count a closed house as empty


def test_the_first_house_emptied_closes_in_the_three_player_game():
    game = cached_game("russian_bank/three_players")
    kings = iter(["KS", "KH", "KD", "KC", "KS", "KH", "KD", "KC"])
    houses = {f"house{i}": [next(kings)] for i in range(2, 10)}
    houses["house1"] = ["AH"]
    state = position(game, turn="P1", zones={"P1.reserve": ["QD"], "P1.hand": ["2C"], "P2.reserve": ["9D"],
                                             "P3.reserve": ["9H"], "P2.hand": ["3C"], "P3.hand": ["4C"], **houses})
    state.play("AH house1 -> foundation1")
    assert state.observation("P1")["closed"] == ["house1"]
    assert "QD P1.reserve -> house1" not in texts(state)


# ---- must … to empty; packs split by suits ---------------------------------------------------------

def test_an_emptied_house_is_filled_at_once_from_the_reserve_in_the_short_game():
    game = cached_game("russian_bank/short")
    filler = {"house2": ["KS"], "house3": ["KH"], "house4": ["KD"], "house5": ["KC"], "house6": ["KS"],
              "house7": ["KH"], "house8": ["KD"]}
    state = position(game, turn="P1", zones={"P1.reserve": ["9C", "8S"], "P1.hand": ["2C"], "P2.reserve": ["9D"],
                                             "P2.hand": ["3C"], "house1": ["5H"], "foundation1": ["AH", "2H", "3H", "4H"],
                                             **filler})
    assert texts(state) == ["5H house1 -> foundation1"]
    state.play("5H house1 -> foundation1")
    assert texts(state) == ["8S P1.reserve -> house1"]


def test_each_player_holds_his_own_suits_in_the_one_pack_game():
    game = cached_game("russian_bank/one_pack")
    state = game.new_game(3)
    names = game.compiled.zones.names
    mine = {names[z]: {cards.CARD_TEXT[c][-1] for c in pile} for z, pile in enumerate(state.zones) if pile}
    p1 = set().union(*(suits for name, suits in mine.items() if name.startswith("P1.")))
    p2 = set().union(*(suits for name, suits in mine.items() if name.startswith("P2.")))
    assert p1 <= {"H", "C"} and p2 <= {"S", "D"}
    assert sum(len(p) for p in state.zones) == 52


def test_bad_suits_in_a_pack_are_reported(tmp_path):
    path = tmp_path / "bad.game"
    path.write_text('game "X"\nplayers 2\nzones:\n    pack: each player, pile, holds 1 standard deck in suits H X / S\n'
                    'move m:\n    then: end turn\n')
    try:
        gamedsl.load_game(str(path))
    except gamedsl.RulesError as err:
        assert "'X' is not a suit" in str(err)
    else:
        raise AssertionError("a bad suit must be reported")


# ---- look-ahead priorities (Russian Bank V4) ---------------------------------------------------------

STRICT_FILLER = {"house4": ["KS"], "house5": ["KH"], "house6": ["KD"], "house7": ["KC"], "house8": ["QC"]}


def test_a_covered_card_that_can_reach_a_foundation_must_be_freed_first():
    game = cached_game("russian_bank/strict")
    state = position(game, turn="P1", zones={
        "P1.reserve": ["QS"], "P1.hand": ["3C"], "P2.reserve": ["JD"], "P2.hand": ["4C"],
        "house1": ["2H", "9S"], "house2": ["10H"], "house3": ["6C"], **STRICT_FILLER,
        "foundation1": ["AH"]})
    assert texts(state) == ["9S house1 -> house2"]          # S1: then 2H goes to the foundation
    verdict = state.explain("turn")
    assert not verdict.legal and verdict.rule.name == "S1"


def test_with_no_foundation_play_loading_is_compulsory():
    game = cached_game("russian_bank/strict")
    state = position(game, turn="P1", zones={
        "P1.reserve": ["QS"], "P1.hand": ["3C"], "P2.reserve": ["JD"], "P2.waste": ["7D"], "P2.hand": ["4C"],
        "house1": ["6D"], "house2": ["10H"], "house3": ["KH"], **STRICT_FILLER})
    assert texts(state) == ["6D house1 -> P2.waste"]        # S2 (and not 6D onto 7C, nor turn)


def test_the_hand_card_waits_while_a_house_can_be_emptied():
    game = cached_game("russian_bank/strict")
    state = position(game, turn="P1", zones={
        "P1.reserve": ["QS"], "P1.hand": ["3C"], "P2.reserve": ["JD"], "P2.hand": ["4C"],
        "house1": ["9S"], "house2": ["10H"], "house3": ["KH"], **STRICT_FILLER})
    legal = texts(state)
    assert "turn" not in legal and "9S house1 -> house2" in legal      # S3: empty house1 first
    state.play("9S house1 -> house2")
    legal = texts(state)
    assert "turn" not in legal and "QS P1.reserve -> house1" in legal    # P3: fill it before turning


def test_rule_4_play_on_to_turn_up_the_face_down_cards():
    game = cached_game("russian_bank/face_down_tableau")
    state = position(game, turn="P1", zones={
        "P1.reserve": ["QS"], "P1.hand": ["3C"], "P2.reserve": ["JD"], "P2.hand": ["4C"],
        "house1": ["2D", "9S"], "house2": ["10H"], "house3": ["KH"], **STRICT_FILLER},
        revealed=["9S", "10H", "KH", "KS", "KD", "KC", "QC"])
    assert state.observation("P2")["zones"]["house1"] == ["??", "9S"]
    assert texts(state) == ["9S house1 -> house2"]          # uncovers the face-down 2D
    state.play("9S house1 -> house2")
    assert state.observation("P2")["zones"]["house1"] == ["2D"]
    assert state.observation("P2")["zones"]["house2"] == ["10H", "9S"]  # (face up: they stay up)
