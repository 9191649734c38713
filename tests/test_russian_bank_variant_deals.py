"""Russian Bank variants: deal sizes, which a YAML position cannot show (§15 V2, V7, V10).

Written from the rules text (shared/seeds/en/russian_bank.md, Part 2 §3 and §15) alone.
"""

from __future__ import annotations

import pytest
import yaml

from .conftest import cached_game

SEEDS = range(1, 21)


def _deal(name: str, seed: int):
    state = cached_game(name).new_game(seed=seed)
    return state, yaml.safe_load(state.to_yaml())["zones"]


@pytest.mark.parametrize("name, reserve", [("russian_bank/reserve_12", 12), ("russian_bank/reserve_11", 11)])
def test_v2_smaller_reserve(name: str, reserve: int) -> None:
    # V2: reserve 11 or 12 instead of 13, the hand larger by as much; [Inferred] top face up.
    for seed in SEEDS:
        state, zones = _deal(name, seed)
        seen = state.observation("P1")["zones"]
        for p in ("P1", "P2"):
            assert len(zones[f"{p}.reserve"]) == reserve
            assert len(zones[f"{p}.hand"]) == 52 - reserve - 4
            assert seen[f"{p}.reserve"][-1] == zones[f"{p}.reserve"][-1]        # top card face up
            assert set(seen[f"{p}.reserve"][:-1]) == {"??"}                     # the rest face down
        for i in range(1, 9):
            assert len(zones[f"house{i}"]) == 1


def test_v7_whole_reserve_face_down() -> None:
    # V7: all 13 reserve cards dealt face down, the top one too (zone `closed` until `open`).
    for seed in SEEDS:
        state, zones = _deal("russian_bank/reserve_face_down", seed)
        for viewer in ("P1", "P2"):
            seen = state.observation(viewer)["zones"]
            for p in ("P1", "P2"):
                assert len(zones[f"{p}.closed"]) == 13
                assert set(seen[f"{p}.closed"]) == {"??"}
                assert zones[f"{p}.reserve"] == []
                assert len(zones[f"{p}.hand"]) == 35


def test_v10_three_player_deal() -> None:
    # V10: 105 cards (two packs and a joker), 35 to each player: reserve 8, 3 houses, hand 24;
    # the joker is set aside as soon as it shows (reserve top, house).
    for seed in SEEDS:
        state, zones = _deal("russian_bank/three_players", seed)
        assert sum(len(cards) for cards in zones.values()) == 105
        for p in ("P1", "P2", "P3"):
            assert len(zones[f"{p}.hand"]) == 24
            assert len(zones[f"{p}.reserve"]) in (7, 8)          # 7 only if the joker showed on top
            if zones[f"{p}.reserve"]:
                assert zones[f"{p}.reserve"][-1] != "JK"
        for i in range(1, 10):
            assert "JK" not in zones[f"house{i}"]
            assert len(zones[f"house{i}"]) <= 1
        shown = sum(len(zones[f"house{i}"]) for i in range(1, 10)) + sum(
            len(zones[f"{p}.reserve"]) for p in ("P1", "P2", "P3"))
        assert shown + len(zones["aside"]) == 9 + 24                     # 3 * (8 + 3), joker included
        assert zones["aside"] in ([], ["JK"])


# ---- V3(a) and V3(d): who starts, over whole deals (engine-side checks) -------------------------------

def test_v3a_the_lowest_cut_starts_and_the_cut_cards_go_back():
    game = cached_game("russian_bank/cut_for_first")
    order = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
    for seed in SEEDS:
        state = game.new_game(seed)
        zones = yaml.safe_load(state.to_yaml())["zones"]
        assert zones["P1.cut"] == [] and zones["P2.cut"] == []          # back in the packs
        assert len(zones["P1.hand"]) == 35 and len(zones["P2.hand"]) == 35
    # The first-player rule itself, on laid-out cut cards:
    state = game.new_game(1)
    by_name = game.compiled.zones.by_name
    from gamedsl import cards
    for low, high, first in (("3H", "9C", "P1"), ("KD", "2S", "P2")):
        state.zones[by_name["P1.cut"]] = [cards.parse_card(low)]
        state.zones[by_name["P2.cut"]] = [cards.parse_card(high)]
        assert game.first_player(state) == first
    state.zones[by_name["P1.cut"]] = [cards.parse_card("7H")]
    state.zones[by_name["P2.cut"]] = [cards.parse_card("7S")]
    assert game.first_player(state) is None                              # equal cuts: cut again


def test_v3d_the_players_take_turns_to_start():
    import random

    game = cached_game("russian_bank/alternate_first", None, (("target", 1000),))
    state = game.new_game(4)
    rng = random.Random(4)
    starters = [state.current_player]
    seen = len(state.results)
    while len(starters) < 4:
        moves = state.legal_moves()
        state.play(moves[rng.randrange(len(moves))])
        if len(state.results) != seen:
            seen = len(state.results)
            starters.append(state.current_player)
    assert starters[1:] == [("P1" if s == "P2" else "P2") for s in starters[:-1]]
