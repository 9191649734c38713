"""The Python API: loading, dealing, moves and their text, errors, positions, scoring."""

from __future__ import annotations

import pytest
import yaml

import gamedsl
from gamedsl import IllegalMoveError, InvalidMoveError, PositionError

from .conftest import cached_game

HOUSES = {f"house{i}": [c] for i, c in enumerate(["KS", "KC", "KS", "KC", "KH", "KD", "KH", "KD"], 1)}


def position(turn="P1", **zones):
    doc = {"turn": turn, "zones": {**HOUSES, **{k.replace("_", "."): v for k, v in zones.items()}}}
    return yaml.safe_dump(doc)


@pytest.mark.parametrize("name", ["russian_bank", "russian-bank", "Russian Bank", "games/russian_bank.game"])
def test_a_game_is_found_by_name_or_path(name):
    assert gamedsl.load_game(name).title == "Russian Bank"


def test_an_unknown_game_gets_a_suggestion():
    with pytest.raises(LookupError, match="did you mean 'russian_bank'"):
        gamedsl.load_game("rusian_bank")


def test_the_deal_follows_the_rules(russian_bank):
    state = russian_bank.new_game(7)
    sizes = {name: len(state.zones[i]) for i, name in enumerate(russian_bank.zone_names)}
    for p in ("P1", "P2"):
        assert sizes[f"{p}.reserve"] == 13 and sizes[f"{p}.hand"] == 35 and sizes[f"{p}.waste"] == 0
    assert all(sizes[f"house{i}"] == 1 for i in range(1, 9))
    assert all(sizes[f"foundation{i}"] == 0 for i in range(1, 9))
    assert state.card_count() == russian_bank.compiled.universe
    assert sum(state.card_count().values()) == 104


def test_each_pack_is_dealt_to_its_owner(russian_bank):
    # One pack per player: a player's reserve, houses and hand hold each card of a pack once.
    state = russian_bank.new_game(11)
    z = russian_bank.compiled.zones.by_name
    for p, houses in (("P1", range(1, 5)), ("P2", range(5, 9))):
        dealt = state.zones[z[f"{p}.reserve"]] + state.zones[z[f"{p}.hand"]]
        dealt += [state.zones[z[f"house{i}"]][0] for i in houses]
        assert sorted(dealt) == sorted(gamedsl.cards.standard_deck())


def test_the_option_changes_the_reserve():
    game = gamedsl.load_game("russian_bank", options={"reserve_size": 11})
    state = game.new_game(1)
    z = game.compiled.zones.by_name
    assert len(state.zones[z["P1.reserve"]]) == 11 and len(state.zones[z["P1.hand"]]) == 37


def test_unknown_option_is_refused():
    with pytest.raises(ValueError, match="did you mean 'target'"):
        gamedsl.load_game("russian_bank", options={"targett": 3})


def test_legal_moves_support_in_len_and_iteration(russian_bank):
    state = russian_bank.load_position(position(P1_reserve=["4S", "9D"], P1_hand=["2C"], P2_hand=["3C"], house3=["10C"]))
    moves = state.legal_moves()
    assert len(moves) == len(list(moves)) == 2
    assert state.parse_move("turn") in moves and "turn" in moves
    assert str(moves[0]) in moves


@pytest.mark.parametrize("text", [
    "9D P1.reserve -> house3", "9d reserve -> house 3", "9♦ reserve to house3", "9D reserve → house3",
    "play 9D P1.reserve -> house3", "9D -> house3",
])
def test_move_text_forms(russian_bank, text):
    state = russian_bank.load_position(position(P1_reserve=["4S", "9D"], P1_hand=["2C"], P2_hand=["3C"], house3=["10C"]))
    move = state.parse_move(text)
    assert str(move) == "9D P1.reserve -> house3"
    assert move == state.parse_move(str(move)) and hash(move) == hash(state.parse_move(str(move)))


def test_ten_can_be_written_t(russian_bank):
    state = russian_bank.load_position(position(P1_reserve=["4S", "10D"], P1_hand=["2C"], P2_hand=["3C"],
                                                house3=["JS"]))
    assert str(state.parse_move("TD reserve -> house3")) == "10D P1.reserve -> house3"


def test_bad_text_is_an_invalid_move(russian_bank):
    state = russian_bank.new_game(1)
    for text in ("", "fly", "9Z P1.reserve -> house3", "9D P1.reserve -> castle", "9D P1.reserve"):
        with pytest.raises(InvalidMoveError):
            state.parse_move(text)
    assert issubclass(InvalidMoveError, ValueError) and issubclass(IllegalMoveError, ValueError)


def test_an_illegal_move_names_its_rule(russian_bank):
    # Example 2: 5C must go onto 4C (P2) before anything else.
    state = russian_bank.load_position(position(P1_reserve=["9H", "5C"], P1_hand=["2C"], P2_hand=["3C"],
                                                foundation1=["AC", "2C", "3C", "4C"]))
    with pytest.raises(IllegalMoveError) as caught:
        state.play("turn")
    assert caught.value.rule.name in ("P1", "P2")
    assert "— russian_bank.game:" in str(caught.value) and "games/" not in str(caught.value)
    verdict = state.explain("turn")
    assert not verdict.legal and verdict.rule.name == "P1"
    assert str(verdict).splitlines()[1].strip().startswith("rule P1: a reserve card that can go to a foundation")


def test_explain_cites_file_and_line_of_the_rule(russian_bank):
    state = russian_bank.load_position(position(P1_reserve=["4S", "9D"], P1_hand=["2C"], P2_hand=["3C"],
                                                foundation1=["AH"]))
    verdict = state.explain("9D P1.reserve -> foundation1")
    rule_line = next(i for i, line in enumerate(open(gamedsl.resources.find_game("russian_bank")), 1)
                     if line.startswith("build foundation"))
    assert verdict.rule.cite().endswith(f" — russian_bank.game:{rule_line}")


def test_discard_ends_the_turn_and_undo_restores_it(russian_bank):
    state = russian_bank.load_position(position(P1_reserve=["4S", "9D"], P1_turned=["2C"], P2_hand=["3C"]))
    before = state.to_yaml()
    state.play("discard")
    assert state.current_player == "P2"
    assert state.undo() == state.parse_move("discard")
    assert state.to_yaml() == before and state.current_player == "P1"


def test_turning_an_empty_hand_turns_the_waste_over(russian_bank):
    state = russian_bank.load_position(position(P1_reserve=["4S", "9D"], P1_waste=["5C", "9H", "QS"], P2_hand=["3C"]))
    state.play("turn")
    z = russian_bank.compiled.zones.by_name
    text = [gamedsl.cards.CARD_TEXT[c] for c in state.zones[z["P1.hand"]]]
    assert text == ["QS", "9H"] and state.zones[z["P1.turned"]] == [gamedsl.cards.parse_card("5C")]
    assert state.counters[russian_bank.compiled.counters.index("idle", 0)] == 1


def test_a_blocked_deal_scores_the_difference_of_the_weighted_counts():
    # Example 10, situation 2: A has 10 + 4 + 2x2 = 18 left, B 15 + 5 + 3x2 = 26: A scores 8.
    game = cached_game("russian_bank")
    waste = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "2D", "3D", "4D"]
    doc = yaml.safe_load(position(
        P1_reserve=["5S", "6S"], P1_waste=waste,
        P2_reserve=["7S", "8S", "9S"], P2_waste=["2C", "3C", "4C", "5C", "6C"],
        P2_hand=["7C", "8C", "9C", "10C", "JC", "QC", "AD", "2S", "3S", "4S", "5D", "6D", "7D", "8D", "9D"]))
    doc["counters"] = {"P1.idle": 1, "P2.idle": 2}
    state = game.load_position(yaml.safe_dump(doc))
    state.play("turn")  # P1 turns the waste over again: both have been through their piles idle
    assert state.results[-1].end == "blocked"
    assert state.results[-1].scores == (8, 0)
    assert state.scores == {"P1": 8, "P2": 0}


def test_the_match_ends_at_the_target():
    game = gamedsl.load_game("russian_bank", options={"target": 40})
    state = game.load_position(position(house1=["QD"], house3=["QH"], P1_turned=["KS"], foundation1=["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S",
                                                                       "9S", "10S", "JS", "QS"], P2_hand=["3C"] * 2))
    state.play("KS P1.turned -> foundation1")
    assert state.results[-1].scores == (32, 0) and not state.is_over  # 30 + 2 hand cards: below 40
    assert state.deal_number == 2 and sum(state.card_count().values()) == 104


def test_pass_only_when_nothing_else_is_possible(russian_bank):
    state = russian_bank.load_position(position(P1_reserve=["4H", "2S"], P2_hand=["3C"]))
    assert [str(m) for m in state.legal_moves()] == ["pass"]
    state.play("pass")
    assert state.current_player == "P2"


@pytest.mark.parametrize("doc, message", [
    ("zones: [1, 2]", "must map zone names"),
    ("zones: {P1.reserv: [AS]}", "did you mean 'P1.reserve'"),
    ("zones: {P1.reserve: [ZZ]}", "is not a card"),
    ("zones: {P1.turned: [AS, 2S]}", "at most one card"),
    ("zones: {P1.hand: [AS, AS, AS]}", "appears 3 times, but the game has 2"),
    ("turn: P3", "not a player"),
    ("tunr: P1", "did you mean 'turn'"),
    ("counters: {P1.idel: 1}", "did you mean 'P1.idle'"),
    ("zones: {P1.reserve: [AS", "not valid YAML"),
    ("- just a list", "YAML mapping"),
    ("phase: bidding", "unknown phase"),
])
def test_a_bad_position_gets_a_clear_error(russian_bank, doc, message):
    with pytest.raises(PositionError, match=message):
        russian_bank.load_position(doc)


def test_suit_symbols_and_t_are_accepted_in_positions(russian_bank):
    state = russian_bank.load_position("zones: {P1.reserve: [T♥, 'A♠'], P2.hand: [3C]}")
    assert "AS" in state.to_yaml() and "10H" in state.to_yaml()


def test_observation_of_each_player(russian_bank):
    state = russian_bank.new_game(3)
    obs = state.observation("P1")
    assert obs["player"] == "P1" and obs["zones"]["P2.hand"] == ["??"] * 35
    assert obs["zones"]["P1.reserve"][:-1] == ["??"] * 12 and obs["zones"]["P1.reserve"][-1] != "??"
    with pytest.raises(ValueError):
        state.observation("P9")


def test_a_copy_can_be_played_and_undone_without_touching_the_original(russian_bank):
    import random

    state = russian_bank.new_game(4)
    rng = random.Random(4)
    for _ in range(30):
        moves = state.legal_moves()
        state.play(moves[rng.randrange(len(moves))])
    before = state.to_yaml()
    other = state.copy()
    for _ in range(20):
        moves = other.legal_moves()
        other.play(moves[rng.randrange(len(moves))])
    while other.history:
        other.undo()
    assert state.to_yaml() == before
    while state.history:
        state.undo()
    assert state.to_yaml() == russian_bank.new_game(4).to_yaml()


def test_moves_this_turn_is_part_of_a_position():
    game = gamedsl.load_game("russian_bank", options={"p4": 1})
    doc = yaml.safe_load(position(P1_reserve=["4S", "9D"], P1_hand=["2C"], P2_hand=["3C"], house3=["10C"]))
    doc["moves_this_turn"] = 2
    state = game.load_position(yaml.safe_dump(doc))
    assert "moves_this_turn: 2" in state.to_yaml()
    assert game.load_position(state.to_yaml()).key() == state.key()


def test_a_position_whose_deal_is_already_over_is_refused(russian_bank):
    with pytest.raises(PositionError, match="already over"):
        russian_bank.load_position(position(P2_hand=["3C"]))  # P1 has nothing left: gone out


def test_highest_first_player_rule_puts_a_missing_card_last(tmp_path):
    text = (gamedsl.resources.find_game("russian_bank").read_text()
            .replace("first player: lowest", "first player: highest"))
    path = tmp_path / "highest.game"
    path.write_text(text)
    game = gamedsl.load_game(str(path))
    state = game.load_position(position(P1_reserve=["2S"], P1_hand=["3C"], P2_hand=["4C"]))
    assert game.first_player(state) == "P1"


def test_a_zone_family_named_without_its_number_means_any_of_them(russian_bank):
    state = russian_bank.load_position(position(P1_reserve=["4S", "AH"], P1_hand=["2C"], P2_hand=["3C"]))
    assert str(state.parse_move("AH reserve -> foundation")) == "AH P1.reserve -> foundation1"
    with pytest.raises(InvalidMoveError, match="name one zone"):
        state.parse_move("4S reserve -> foundation")


STRIPPED = '''game "Stripped"
players 2
cards:
    order tiebreak: 7 8 9 10 J Q K A
zones:
    deck: shared, pile, face down, holds 1 standard deck of 7 8 9 10 J Q K A{jokers}
    hand: each player, fan, face up to owner
deal:
    shuffle deck
    deal 3 from deck to each hand
move drop:
    from own hand to deck
'''


def test_a_stripped_deck_holds_only_its_ranks(tmp_path):
    path = tmp_path / "stripped.game"
    path.write_text(STRIPPED.format(jokers=""))
    game = gamedsl.load_game(str(path))
    universe = game.compiled.universe
    assert sum(universe.values()) == 32
    assert {gamedsl.cards.CARD_TEXT[c][:-1] for c in universe} == {"7", "8", "9", "10", "J", "Q", "K", "A"}
    state = game.new_game(3)
    assert state.card_count() == universe


def test_a_joker_need_not_be_ranked_but_a_missing_rank_is_an_error(tmp_path):
    path = tmp_path / "stripped.game"
    path.write_text(STRIPPED.format(jokers=" with 1 joker"))
    game = gamedsl.load_game(str(path))  # a joker an order leaves out simply follows no step
    assert 15 << 2 in game.compiled.universe
    path.write_text(STRIPPED.format(jokers="").replace("order", "order", 1).replace(" K", "", 1))
    with pytest.raises(gamedsl.RulesError, match="does not rank"):
        gamedsl.load_game(str(path))


@pytest.mark.parametrize("name", ["dou_dizhu", "russian_bank", "schwimmen", "spite_and_malice"])
def test_play_random_plays_the_game_legal_moves_and_play_would(name):
    import random

    game = cached_game(name)
    for seed in range(3):
        by_moves, fast = game.new_game(seed), game.new_game(seed)
        rng_moves, rng_fast = random.Random(seed), random.Random(seed)
        for _ in range(300):
            if by_moves.is_over:
                break
            moves = by_moves.legal_moves()
            played = by_moves.play(moves[rng_moves.randrange(len(moves))])
            assert game.codec.public(fast.play_random(rng_fast)) == played
            assert fast.key() == by_moves.key()
        assert fast.is_over == by_moves.is_over
        if fast.history:
            fast.undo()  # its moves are taken back like any other


def test_legal_moves_read_one_by_one_or_all_at_once_agree():
    game = cached_game("dou_dizhu")
    state = game.new_game(4)
    state.play("bid 3")  # the landlord leads from 20 cards
    one_by_one = [state.legal_moves()[i] for i in range(len(state.legal_moves()))]
    fresh = game.codec.__class__(game.compiled)  # nothing named yet: all in one batch
    game.codec, saved = fresh, game.codec
    try:
        all_at_once = list(state.legal_moves())
    finally:
        game.codec = saved
    assert [str(m) for m in one_by_one] == [str(m) for m in all_at_once]
    assert len(set(one_by_one)) == len(one_by_one) > 20
    assert all(m in state.legal_moves() for m in one_by_one)
