"""Schwimmen and its five variants (shared/seeds/en/schwimmen.md): the worked examples of
Part 3 played through the game files, and the files' hand values, tie-breaks and losers
compared with `schwimmen_oracle`, which was written from the rules text alone."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamedsl import cards

from . import schwimmen_oracle as oracle
from .conftest import cached_game

# oracle name -> (game file, options)
FILES = {
    "schwimmen": ("schwimmen", ()),
    "schwimmen_no_triples": ("schwimmen", (("three_of_a_kind", 0),)),
    "dutch31": ("dutch_31", ()),
    "hosa_aba": ("hosa_aba", ()),
    "41": ("41", ()),
    "tri_palki": ("tri_palki", ()),
    "loo": ("loo", ()),
}
LOSER_VALUE = {"schwimmen": "worst", "schwimmen_no_triples": "worst", "dutch31": "worst", "hosa_aba": "worst",
               "loo": "pays", "tri_palki": "gets_stick"}


def game_for(name: str, players: int):
    file, options = FILES[name]
    return cached_game(file, players, options)


def dealt(name: str, hands: list[list[str]]):
    """A position of the game with these hands (nothing else matters to a hand's value)."""
    state = game_for(name, len(hands)).new_game(0)
    zones = state.game.compiled.zones
    for zone_id in range(len(state.zones)):
        state.zones[zone_id] = []
    for seat, hand in enumerate(hands):
        state.zones[zones.by_name[f"P{seat + 1}.hand"]] = [cards.parse_card(c) for c in hand]
    return state


def values(state, name: str) -> list[float]:
    return [state.value(name, seat) for seat in range(len(state.players))]


def chosen(state, name: str) -> set[int]:
    return {seat for seat, v in enumerate(values(state, name)) if v == 1}


def position(game, **doc) -> str:
    import yaml

    return yaml.safe_dump({"game": game.title, **doc}, sort_keys=False)


# ---- Part 3, example by example ------------------------------------------------------------------

def test_example_1_suit_counting():
    state = dealt("schwimmen", [["7H", "9H", "KS"], ["8C", "9D", "JS"]])
    assert values(state, "hand_value") == [16, 10]


def test_example_2_top_hand_order_and_feuer_ends_the_deal_at_once():
    state = dealt("schwimmen", [["AD", "AC", "AH"], ["AS", "KS", "JS"], ["9S", "9H", "9C"], ["KC", "QC", "JC"]])
    assert values(state, "hand_value") == [32, 31, 30.5, 30]
    game = game_for("schwimmen", 3)
    # P1 completes three aces by an exchange: the deal ends, both others pay a chip.
    doc = {"turn": "P1", "phase": "exchanging", "counters": {"dealer": 3}, "zones": {
        "P1.hand": ["AD", "AC", "7C"], "P2.hand": ["KD", "QD", "8H"], "P3.hand": ["9D", "10H", "JD"],
        "pool": ["AH", "7S", "8S"]}}
    state = game.load_position(position(game, **doc))
    state.play("swap 7C AH")
    result = state.results[-1]
    assert result.end == "feuer"
    assert _chips_lost(state, result) == [0, 1, 1]


def _chips_lost(state, result, counter: str = "chips") -> list[float]:
    labels = state.game.compiled.counters.labels
    return [result.counters_before[labels.index(f"P{s + 1}.{counter}")]
            - result.counters_after[labels.index(f"P{s + 1}.{counter}")] for s in range(len(state.players))]


def _close_and_show(name: str, hands: list[list[str]], pool: list[str], counter: str = "chips"):
    """P2 has closed; P1, the last to play, passes; the hands are shown."""
    game = game_for(name, len(hands))
    zones = {f"P{s + 1}.hand": hand for s, hand in enumerate(hands)}
    zones["pool"] = pool
    state = game.load_position(position(game, turn="P1", phase="exchanging",
                                        counters={"dealer": 1, "closer": 2}, zones=zones))
    state.play("pass")
    return state, state.results[-1]


def test_example_3_three_of_a_kind_tie_the_lower_rank_loses():
    state, result = _close_and_show("schwimmen", [["QS", "QH", "QD"], ["7C", "7S", "7H"]], ["8C", "9C", "10D"])
    assert result.end == "closed"
    assert _chips_lost(state, result) == [0, 1]


def test_example_4_suit_tie_clubs_beat_diamonds():
    state, result = _close_and_show("schwimmen", [["KC", "QC", "8H"], ["KD", "QD", "8S"]], ["7C", "9C", "10H"])
    assert _chips_lost(state, result) == [0, 1]


def test_example_5_same_value_same_suit_both_lose():
    state, result = _close_and_show("schwimmen", [["KH", "10H", "9C"], ["QH", "JH", "8S"], ["AS", "KS", "7D"]],
                                    ["7C", "8C", "10D"])
    assert _chips_lost(state, result) == [1, 1, 0]


def test_example_6_the_backup_plan_swap_the_nine_of_diamonds():
    game = game_for("schwimmen", 2)
    state = game.load_position(position(game, turn="P1", phase="exchanging", counters={"dealer": 2}, zones={
        "P1.hand": ["9H", "9D", "7H"], "P2.hand": ["8C", "JS", "QD"], "pool": ["10H", "8D", "7S"]}))
    state.play("swap 9D 10H")
    assert state.value("hand_value", "P1") == 26


def _seed_with(game, test, limit: int = 20000) -> int:
    for seed in range(limit):
        if test(game.new_game(seed)):
            return seed
    raise AssertionError("no seed found")


def test_example_7_only_a_31_dealt_costs_everyone_else_a_chip():
    game = cached_game("schwimmen", 8, (("dealt_penalties", 1),))
    seed = _seed_with(game, lambda state: bool(state.results) and state.results[0].end == "dealt_31")
    state = game.new_game(seed)
    result = state.results[0]
    hands = [[cards.CARD_TEXT[c] for c in result.zones[game.compiled.zones.by_name[f"P{s + 1}.hand"]]]
             for s in range(8)]
    lost = _chips_lost(state, result)
    assert lost == oracle.dealt_penalties(hands)
    assert sorted(set(lost)) == [0, 1]


def test_example_7_three_aces_and_a_31_dealt_together():
    game = cached_game("schwimmen", 4, (("dealt_penalties", 1),))
    state = game.new_game(0)
    _set_hands(state, [["AD", "AC", "AH"], ["AS", "KS", "JS"], ["9S", "9H", "9C"], ["KC", "QC", "JC"]])
    state.phase = 0  # still choosing: these are the hands as dealt
    state._check_end(0)
    result = state.results[-1]
    assert result.end == "dealt_feuer"
    assert _chips_lost(state, result) == [0, 1, 2, 2]


def _set_hands(state, hands):
    by_name = state.game.compiled.zones.by_name
    wanted = {cards.parse_card(c) for hand in hands for c in hand}
    for zone_id in range(len(state.zones)):
        state.zones[zone_id] = [c for c in state.zones[zone_id] if c not in wanted]
    for seat, hand in enumerate(hands):
        zone_id = by_name[f"P{seat + 1}.hand"]
        state.zones[by_name["talon"]].extend(state.zones[zone_id])
        state.zones[zone_id] = [cards.parse_card(c) for c in hand]


def test_example_8_dutch_31_three_aces_are_30_5_and_tied_30_5_all_lose():
    assert values(dealt("dutch31", [["AS", "AH", "AD"], ["8C", "8D", "8H"]]), "hand_value") == [30.5, 30.5]


def _dutch_all_closed(hands):
    game = game_for("dutch31", len(hands))
    zones = {f"P{s + 1}.hand": hand for s, hand in enumerate(hands)}
    zones["pool"] = ["7S", "9S", "10D"]
    counters = {"dealer": 1, "turns_taken": 10}
    counters.update({f"P{s}.closed": 1 for s in range(2, len(hands) + 1)})
    state = game.load_position(position(game, turn="P1", phase="exchanging", counters=counters, zones=zones))
    state.play("close")
    return state, state.results[-1]


def test_example_8_dutch_31_both_thirty_and_a_half_holders_lose():
    state, result = _dutch_all_closed([["AS", "AH", "AD"], ["8C", "8D", "8H"]])
    assert result.end == "all_closed"
    assert _chips_lost(state, result, "die") == [1, 1]


def test_example_9_forty_one_values_and_scoring():
    assert values(dealt("41", [["AS", "KS", "QS", "JS"], ["2C", "2D", "2H", "2S"]]), "hand_value") == [41, 2]
    game = game_for("41", 3)
    hands = [["AH", "KH", "QH", "7H"], ["10S", "JS", "QS", "3D"], ["AC", "KC", "QC", "7C"]]
    state = game.load_position(position(game, turn="P1", zones={
        **{f"P{s + 1}.hand": h for s, h in enumerate(hands)}, "pool": ["2C", "3C", "4C", "5C"]}))
    state.play("end")
    assert list(state.results[-1].scores) == [38, -8, 38] == oracle.forty_one_scores(hands)


def test_example_10_and_11_tri_palki_tie_breaks():
    def beats(first, second):
        state = dealt("tri_palki", [first, second])
        return values(state, "deals_next") == [1, 0] and values(state, "gets_stick") == [0, 1]

    assert beats(["AS", "KS", "10S"], ["AH", "QH", "JH"])    # K > Q decides
    assert beats(["AS", "10S", "6S"], ["AH", "9H", "7H"])    # 10 > 9 decides
    assert beats(["AH", "KH", "10H"], ["AD", "KD", "10D"])   # hearts over diamonds
    assert values(dealt("tri_palki", [["KS", "KH", "KD"], ["9C", "7D", "6S"]]), "hand_value") == [10, 9]


def test_example_12_tri_palki_washing_gives_the_washer_another_turn():
    game = game_for("tri_palki", 3)
    doc = {"turn": "P1", "phase": "exchanging", "counters": {"dealer": 3}, "zones": {
        "talon": ["6S", "9D", "QS", "8C", "9C", "10C"],
        "P1.hand": ["AH", "8S", "7C"], "P2.hand": ["6C", "7D", "KS"], "P3.hand": ["8D", "10S", "QD"],
        "pool": ["7H", "JH", "9S"]}}
    state = game.load_position(position(game, **doc))
    state.play("swap AH 9S")          # the pool is 7H JH AH: washed; the new pool is 10C 9C 8C: washed again
    pool = state.zones[state.game.compiled.zones.by_name["pool"]]
    assert sorted(cards.CARD_TEXT[c] for c in pool) == ["6S", "9D", "QS"]   # mixed suits: it stays
    assert state.current_player == "P1" and state.moves_in_turn == 0        # the washer plays again


def test_example_12_tri_palki_no_cards_to_wash_ends_the_deal():
    game = game_for("tri_palki", 2)
    doc = {"turn": "P1", "phase": "exchanging", "counters": {"dealer": 2}, "zones": {
        "talon": ["6S", "9D"], "P1.hand": ["AH", "8S", "7C"], "P2.hand": ["6C", "7D", "KS"],
        "pool": ["7H", "JH", "9S"]}}
    state = game.load_position(position(game, **doc))
    state.play("swap AH 9S")
    assert state.results[-1].end == "no_wash"


@pytest.mark.parametrize("hands, sticks, next_dealer", [
    # Example 13: 6-7-8 of one suit, 6-6-6, and 31: the 31 holder takes the stick and deals.
    ([["6H", "7H", "8H"], ["6C", "6D", "6S"], ["AS", "KS", "QS"]], [0, 0, 1], 3),
    # Example 14: A immune, B three aces, C 29 and D 28 take sticks; C deals.
    ([["6C", "7C", "8C"], ["AD", "AH", "AC"], ["9S", "10S", "JS"], ["KH", "QH", "8H"]], [0, 0, 1, 1], 3),
])
def test_examples_13_and_14_tri_palki_sticks_and_next_dealer(hands, sticks, next_dealer):
    game = game_for("tri_palki", len(hands))
    zones = {f"P{s + 1}.hand": h for s, h in enumerate(hands)}
    zones["pool"] = ["7D", "9D", "10C"]
    counters = {"dealer": 1, "passes": len(hands) - 1}
    state = game.load_position(position(game, turn="P1", phase="exchanging", counters=counters, zones=zones))
    state.play("pass")
    result = state.results[-1]
    assert result.end == "all_passed"
    assert _chips_lost(state, result, "sticks") == [-s for s in sticks]
    labels = game.compiled.counters.labels
    assert result.counters_after[labels.index("dealer")] == next_dealer
    expected = oracle.tri_palki_result(hands)
    assert {s for s, n in enumerate(sticks) if n} == expected[0] and next_dealer - 1 == expected[1]


def test_example_15_loo_three_of_a_kind_is_31_but_does_not_end_the_deal():
    state = dealt("loo", [["QS", "QH", "QD"], ["AC", "KC", "10C"], ["8S", "9H", "JD"]])
    assert values(state, "hand_value") == [31, 31, 10]
    game = game_for("loo", 3)
    zones = {"P1.hand": ["QS", "QH", "QD"], "P2.hand": ["AC", "9C", "8D"], "P3.hand": ["8S", "9H", "JD"],
             "pool": ["KC", "10H", "8H"]}
    state = game.load_position(position(game, turn="P1", counters={"dealer": 3}, zones=zones))
    assert not state.is_over and "stick" in {m.action for m in state.legal_moves()}
    state.play("stick")                      # three queens: 31, yet the deal goes on
    assert state.current_player == "P2" and not state.results
    state.play("swap 8D KC")                 # P2 makes A K 9 of clubs: 30, still going
    state.play("stick")                      # P3 sticks: P2 is the only one left to play
    assert state.current_player == "P2" and "stick" not in {m.action for m in state.legal_moves()}
    state.play("swap 9C 10H")                # his final turn; then the deal ends
    result = state.results[-1]
    assert result.end == "all_stuck"
    assert _chips_lost(state, result, "coins") == [0, 0, 1]


def test_example_15_loo_a_one_suit_31_ends_the_deal_at_once():
    game = game_for("loo", 3)
    zones = {"P1.hand": ["AC", "KC", "8D"], "P2.hand": ["9C", "9S", "JD"], "P3.hand": ["8S", "9H", "JH"],
             "pool": ["10C", "10H", "8H"]}
    state = game.load_position(position(game, turn="P1", counters={"dealer": 3}, zones=zones))
    state.play("swap 8D 10C")
    assert state.results[-1].end == "thirty_one"


def test_example_15_loo_ties_for_lowest_nobody_pays():
    state = dealt("loo", [["QS", "QH", "QD"], ["AC", "KC", "10C"], ["9S", "9H", "9D"]])
    assert chosen(state, "pays") == set()
    state = dealt("loo", [["QS", "QH", "9D"], ["AC", "KC", "10S"], ["JS", "9H", "8D"]])
    assert chosen(state, "pays") == set() == oracle.losers("loo", [["QS", "QH", "9D"], ["AC", "KC", "10S"], ["JS", "9H", "8D"]])


# ---- the files against the oracle, on hands hypothesis draws ------------------------------------

@st.composite
def deals(draw, name: str, low: int = 2, high: int = 8):
    pack = oracle.deck(name)
    size = oracle.hand_size(name)
    players = draw(st.integers(low, min(high, len(pack) // size)))
    chosen_cards = draw(st.permutations(pack))[: players * size]
    return [chosen_cards[i * size:(i + 1) * size] for i in range(players)]


@pytest.mark.parametrize("name", list(FILES))
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_hand_values_match_the_oracle(name, data):
    hands = data.draw(deals(name, high=4))
    state = dealt(name, hands)
    assert values(state, "hand_value") == [oracle.hand_value(name, h) for h in hands]


@pytest.mark.parametrize("name", list(LOSER_VALUE))
@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_who_loses_matches_the_oracle(name, data):
    hands = data.draw(deals(name, high=6))
    state = dealt(name, hands)
    assert chosen(state, LOSER_VALUE[name]) == oracle.losers(name, hands)


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_tri_palki_next_dealer_matches_the_oracle(data):
    hands = data.draw(deals("tri_palki", high=6))
    state = dealt("tri_palki", hands)
    sticks, dealer = oracle.tri_palki_result(hands)
    assert chosen(state, "gets_stick") == sticks
    assert chosen(state, "deals_next") == (set() if dealer is None else {dealer})


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_forty_one_scores_match_the_oracle(data):
    hands = data.draw(deals("41", high=6))
    game = game_for("41", len(hands))
    zones = {f"P{s + 1}.hand": h for s, h in enumerate(hands)}
    state = game.load_position(position(game, turn="P1", zones=zones))
    state.play("end")
    assert list(state.results[-1].scores) == oracle.forty_one_scores(hands)


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_a_hand_is_its_best_suit_sum_or_30_5_or_32(data):
    hands = data.draw(deals("schwimmen", low=2, high=2))
    for hand, value in zip(hands, values(dealt("schwimmen", hands), "hand_value")):
        assert value in (oracle.best_suit_total(hand), 30.5, 32)


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_tie_breaks_order_two_hands_strictly_unless_same_value_in_the_same_suit(data):
    hands = data.draw(deals("schwimmen", low=2, high=2))
    state = dealt("schwimmen", hands)
    lost = chosen(state, "worst")
    both = len(lost) == 2
    same = (values(state, "hand_value")[0] == values(state, "hand_value")[1] < 30.5
            and oracle.counting_suit("schwimmen", hands[0]) == oracle.counting_suit("schwimmen", hands[1]))
    assert both == same


# ---- turn options of the variants -----------------------------------------------------------------

def _actions(state) -> set[str]:
    return {m.action for m in state.legal_moves()}


@pytest.mark.parametrize("turns_taken, closer, expected", [
    (1, 0, {"swap_all", "pass"}),        # first round, facing an Offerte (item 3, inferred)
    (5, 0, {"swap_all", "stop"}),        # later: swap all three or stop
    (5, 1, {"swap_all"}),                # stop already said: swap all three
])
def test_hosa_aba_offerte_forbids_the_single_swap(turns_taken, closer, expected):
    game = game_for("hosa_aba", 3)
    zones = {"P1.hand": ["AS", "KS", "9H"], "P2.hand": ["6D", "6C", "7S"], "P3.hand": ["6H", "7C", "8C"],
             "pool": ["10S", "10H", "10D"]}
    state = game.load_position(position(game, turn="P2", phase="exchanging", zones=zones,
                                        counters={"dealer": 1, "turns_taken": turns_taken, "closer": closer}))
    assert _actions(state) == expected


def test_hosa_aba_without_an_offerte_all_options_of_the_round():
    game = game_for("hosa_aba", 3)
    zones = {"P1.hand": ["AS", "KS", "9H"], "P2.hand": ["6D", "6C", "7S"], "P3.hand": ["6H", "7C", "8C"],
             "pool": ["10S", "10H", "9D"]}
    first = game.load_position(position(game, turn="P2", phase="exchanging", zones=zones,
                                        counters={"dealer": 1, "turns_taken": 1}))
    later = game.load_position(position(game, turn="P2", phase="exchanging", zones=zones,
                                        counters={"dealer": 1, "turns_taken": 3}))
    assert _actions(first) == {"swap", "swap_all", "pass"} and _actions(later) == {"swap", "swap_all", "stop"}


def test_dutch_31_an_announced_31_ends_the_deal_after_the_first_round_even_if_broken():
    game = game_for("dutch31", 3)
    zones = {"P1.hand": ["AS", "KS", "QS"], "P2.hand": ["9D", "8S", "7H"], "P3.hand": ["AC", "7C", "8D"],
             "pool": ["QC", "7S", "9S"]}
    state = game.load_position(position(game, turn="P3", phase="exchanging", zones=zones, counters={"dealer": 2}))
    state._run_triggers(2)  # (the position is loaded as dealt: the dealt 31 is announced)
    state.play("swap 8D 9S")
    state.play("swap AS QC")          # P1 breaks his own 31
    assert not state.results
    state.play("swap 7H AS")          # the round is complete: the deal ends
    assert state.results[-1].end == "schnauz"


def test_dutch_31_must_exchange_or_close_and_closed_players_are_skipped():
    game = game_for("dutch31", 3)
    zones = {"P1.hand": ["AS", "KS", "9H"], "P2.hand": ["9D", "8S", "7H"], "P3.hand": ["AC", "7C", "8D"],
             "pool": ["QC", "7S", "9S"]}
    state = game.load_position(position(game, turn="P1", phase="exchanging", zones=zones,
                                        counters={"dealer": 3, "turns_taken": 3}))
    assert _actions(state) == {"swap", "swap_all", "close"}           # no pass (item 1)
    state.play("close")
    state.play("swap 9D QC")
    assert state.current_player == "P3"
    state.play("close")                                               # two left open -> one
    assert state.current_player == "P2"                               # P1 and P3 are skipped
    state.play("swap 8S 9S")                                          # his last exchange
    assert state.results[-1].end == "all_closed"


def test_forty_one_renewing_the_pool_must_be_followed_by_one_exchange():
    game = game_for("41", 2)
    zones = {"P1.hand": ["AS", "KS", "2H", "3D"], "P2.hand": ["9D", "8S", "7H", "4C"],
             "pool": ["QC", "7S", "9S", "5D"], "talon": ["2C", "3C", "4D", "5H", "6S"]}
    state = game.load_position(position(game, turn="P1", zones=zones))
    assert _actions(state) == {"swap", "swap_all", "renew", "end"}
    state.play("renew")
    assert _actions(state) == {"swap"} and state.current_player == "P1"


def test_forty_one_an_empty_deck_takes_the_discards():
    game = game_for("41", 2)
    zones = {"P1.hand": ["AS", "KS", "2H", "3D"], "P2.hand": ["9D", "8S", "7H", "4C"],
             "pool": ["QC", "7S", "9S", "5D"], "talon": ["2C", "3C"], "discard": ["4D", "5H", "6S", "JD"]}
    state = game.load_position(position(game, turn="P1", zones=zones))
    state.play("renew")
    by_name = game.compiled.zones.by_name
    assert len(state.zones[by_name["pool"]]) == 4
    assert {cards.CARD_TEXT[c] for c in state.zones[by_name["pool"]]} >= {"2C", "3C"}  # the old deck first
    assert len(state.zones[by_name["talon"]]) == 6 and not state.zones[by_name["discard"]]


def test_tri_palki_holding_31_after_the_exchange_the_player_may_call_the_last_round():
    game = game_for("tri_palki", 3)
    zones = {"P1.hand": ["AS", "KS", "9H"], "P2.hand": ["6D", "6C", "7S"], "P3.hand": ["6H", "7C", "8C"],
             "pool": ["10S", "7H", "8D"]}
    state = game.load_position(position(game, turn="P1", phase="exchanging", zones=zones, counters={"dealer": 1}))
    state.play("swap 9H 10S")
    assert _actions(state) == {"close", "done"}
    state.play("close")
    state.play("pass")
    state.play("pass")
    assert state.results[-1].end == "closed"
