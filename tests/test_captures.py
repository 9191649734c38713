"""Card moves that take cards with them (`from own hand to own won` / `taking … whose points by
POINTS sum to points of the card by POINTS`), priorities card by card (`, for the same card`) and
by the number of cards taken (`taking 1 card`), the one player with the most (`highest alone
(…)`, `lowest alone (…)`), and the aggregates over suits (`sum of best per suit of ZONE by
POINTS`, `count of suits in ZONE`) — on small games that are not Scopa (games/scopa.game and
tests/test_scopa.py are the whole game)."""

from __future__ import annotations

import random
import re

import pytest
import yaml

import gamedsl
from gamedsl.errors import RulesError

FISHING = '''game "Fishing"
players 3
cards:
    points value: A=1, 2=2, 3=3, 4=4, 5=5, 6=6, 7=7, 8=8, 9=9, 10=10, J=11, Q=12, K=13
    points best: A=14, K=13, Q=12, J=11, 10=10, 9=9, 8=8, 7=7, 6=6, 5=5, 4=4, 3=3, 2=2
zones:
    stock: shared, pile, face down, holds 1 standard deck
    hand: each player, fan, face up to owner
    table: shared, pool, face up
    won: each player, pile, face up
counter swept: each player, starts 0
deal:
    shuffle stock
    deal 4 from stock to each hand
    deal 4 from stock to table
first player: P1
turns: in seat order
move trail "lay a card on the table":
    from own hand to table
    then: end turn
move fish "play a card and take table cards whose values add up to it":
    from own hand to own won
    taking 1 to 3 cards from table whose points by value sum to points of the card by value
    then:
        if table is empty: add 1 to own swept
        end turn
move pair "take a table card with another of its rank from the table itself":
    from table to own won
    taking 1 card from table whose points by value sum to points of the card by value
    then: end turn
priority must_fish "a card that can fish must":
    must fish when possible, for the same card
priority singles "a single card before a sum":
    must fish taking 1 card when possible, for the same card
value most_won: 1 if highest alone (size of own won) else 0
value fewest_won: 1 if lowest alone (size of own won) else 0
value suit_best: sum of best per suit of own won by best
value suits: count of suits in own won
end done "every hand is empty":
    when every hand is empty
    each player scores own most_won
end stuck "the player to move cannot play (pairs taken from the table empty hands unevenly)":
    when no move is legal
    each player scores own most_won
match: one deal
'''


def load(tmp_path, text: str = FISHING) -> gamedsl.Game:
    path = tmp_path / "fishing.game"
    path.write_text(text, encoding="utf-8")
    return gamedsl.load_game(str(path))


def position(game, hands, table, won=((), (), ()), stock=("8C",), turn="P1"):
    zones = {"stock": list(stock), "table": list(table)}
    for i in range(3):
        zones[f"P{i + 1}.hand"] = list(hands[i])
        zones[f"P{i + 1}.won"] = list(won[i])
    return game.load_position(yaml.dump({"turn": turn, "zones": zones}))


def texts(st, action=None):
    return [str(m) for m in st.legal_moves() if action is None or m.action == action]


# ---- a card that takes cards with it ----------------------------------------------------------

def test_each_card_with_each_set_its_value_makes(tmp_path):
    st = position(load(tmp_path), (["9D", "5S", "KC"], ["3C"], ["4C"]), ["4H", "5D", "2S", "3H", "7C"])
    assert texts(st, "fish")[:4] == [  # the cards of a fan in card order, each with its sets
        "fish 5S taking 5D",  # 5: the single five (priority `singles`)
        "fish 9D taking 2S 7C",  # 9: two cards (no single 9), smaller sets first
        "fish 9D taking 4H 5D",
        "fish 9D taking 2S 3H 4H",
    ]
    fish = {m.card: [] for m in st.legal_moves() if m.action == "fish"}
    for m in st.legal_moves():
        if m.action == "fish":
            fish[m.card].append(frozenset(m.chosen.split()))
    values = {"A": 1, "J": 11, "Q": 12, "K": 13}
    table = ["4H", "5D", "2S", "3H", "7C"]

    def worth(card):
        return values.get(card[:-1]) or int(card[:-1])

    from itertools import combinations
    for card, sets in fish.items():
        every = [frozenset(s) for k in (1, 2, 3) for s in combinations(table, k) if sum(map(worth, s)) == worth(card)]
        singles = [s for s in every if len(s) == 1]
        assert sorted(map(sorted, sets)) == sorted(map(sorted, singles or every)), card
    # every card that can fish must (`must_fish`, card by card): none of them is laid down here
    assert texts(st, "trail") == []


def test_the_moves_read_back_play_and_undo(tmp_path):
    st = position(load(tmp_path), (["9D", "AS"], ["3C"], ["4C"]), ["4H", "5D", "2S"])
    before = st.to_yaml()
    for move in st.legal_moves():
        assert st.parse_move(str(move)) == move
    move = st.parse_move("fish 9D taking 5D 4H")
    assert str(move) == "fish 9D taking 4H 5D" and move.chosen == "4H 5D"
    assert st.parse_move("9D takes 4♥ 5♦") == move
    st.play(move)
    zones = yaml.safe_load(st.to_yaml())["zones"]
    assert zones["P1.won"] == ["9D", "4H", "5D"] and zones["table"] == ["2S"] and zones["P1.hand"] == ["AS"]
    assert st.current_player == "P2"
    st.undo()
    assert st.to_yaml() == before


def test_a_card_that_fishes_nothing_is_laid_down_and_the_others_still_fish(tmp_path):
    """`must …, for the same card`: AS takes nothing, so it may be laid down; 9D must fish."""
    st = position(load(tmp_path), (["9D", "AS"], ["3C"], ["4C"]), ["4H", "5D"])
    assert "AS P1.hand -> table" in texts(st)  # `trail`, the file's first card move, is written without its name
    assert "9D P1.hand -> table" not in texts(st)
    assert texts(st, "fish") == ["fish 9D taking 4H 5D"]
    verdict = st.explain("9D P1.hand -> table")
    assert not verdict.legal and verdict.rule.name == "must_fish"
    assert "first play fish 9D taking 4H 5D" in verdict.reason


def test_without_for_the_same_card_a_must_keeps_only_the_matching_moves(tmp_path):
    text = FISHING.replace("must fish when possible, for the same card", "must fish when possible")
    st = position(load(tmp_path, text), (["9D", "AS"], ["3C"], ["4C"]), ["4H", "5D"])
    assert texts(st) == ["fish 9D taking 4H 5D"]


def test_taking_1_card_matches_only_moves_that_take_one(tmp_path):
    """`singles`: a five on the table, and 2 + 3: the five alone; with no five, the sum."""
    game = load(tmp_path)
    st = position(game, (["5S"], ["3C"], ["4C"]), ["5D", "2S", "3H"])
    assert texts(st, "fish") == ["fish 5S taking 5D"]
    verdict = st.explain("fish 5S taking 2S 3H")
    assert not verdict.legal and verdict.rule.name == "singles"
    st = position(game, (["5S"], ["3C"], ["4C"]), ["2S", "3H"])
    assert texts(st, "fish") == ["fish 5S taking 2S 3H"]


def test_the_card_played_is_never_among_the_cards_taken(tmp_path):
    """`pair` plays a table card and takes from the table: never the card itself."""
    st = position(load(tmp_path), (["2C"], ["3C"], ["4C"]), ["7D", "7S", "9H"])
    assert texts(st, "pair") == ["pair 7S taking 7D", "pair 7D taking 7S"]
    assert "does not take itself" in st.explain("pair 7D taking 7D").reason


def test_explain_says_why_a_set_does_not_go_with_the_card(tmp_path):
    st = position(load(tmp_path), (["9D", "AS"], ["3C"], ["4C"]), ["4H", "5D", "2S"])
    verdict = st.explain("fish 9D taking 4H 2S")
    assert not verdict.legal and verdict.reason == "2S + 4H make 6, not 9" and verdict.rule.name == "fish"
    assert re.search(r"fishing\.game:\d+", str(verdict))
    assert "3C is not in a zone 'fish' takes from" in st.explain("fish 9D taking 3C 4H 2S").reason


def test_random_games_keep_the_cards_and_replay(tmp_path):
    game = load(tmp_path)
    for seed in range(4):
        def run():
            st = game.new_game(seed=seed)
            rng = random.Random(seed)
            seen = []
            while not st.is_over:
                moves = st.legal_moves()
                move = moves[rng.randrange(len(moves))]
                assert st.parse_move(str(move)) == move
                seen.append(str(move))
                st.play(move)
                assert sum(len(z) for z in yaml.safe_load(st.to_yaml())["zones"].values()) == 52
            return seen, st.scores
        assert run() == run()


# ---- the one player with the most; the aggregates over suits ----------------------------------

def test_highest_alone_and_lowest_alone_score_nobody_on_a_tie(tmp_path):
    game = load(tmp_path)
    st = position(game, (["2C"], ["3C"], ["4C"]), ["5D"], won=(["AS", "KS"], ["AH", "KH"], ["7D"]))
    assert [st.value("most_won", p) for p in ("P1", "P2", "P3")] == [0, 0, 0]  # P1 and P2 tie with 2
    assert [st.value("fewest_won", p) for p in ("P1", "P2", "P3")] == [0, 0, 1]
    st = position(game, (["2C"], ["3C"], ["4C"]), ["5D"], won=(["AS", "KS", "QS"], ["AH", "KH"], ["7D"]))
    assert [st.value("most_won", p) for p in ("P1", "P2", "P3")] == [1, 0, 0]


def test_sum_of_best_per_suit_and_count_of_suits(tmp_path):
    game = load(tmp_path)
    st = position(game, (["2C"], ["3C"], ["4C"]), ["5D"], won=(["AS", "KS", "2H", "9H", "QD"], [], []))
    assert st.value("suit_best", "P1") == 14 + 9 + 12  # A♠ 14, 9♥, Q♦; no club: 0
    assert st.value("suits", "P1") == 3
    assert st.value("suit_best", "P2") == 0 and st.value("suits", "P2") == 0


# ---- refusals ---------------------------------------------------------------------------------

REFUSALS = [
    ("    from own hand to own won\n    taking 1 to 3 cards", "    to own won\n    taking 1 to 3 cards",
     "'the card'", "add 'from ZONE' for the card that takes", "points of the card"),
    ("must fish taking 1 card when possible", "must trail taking 1 card when possible",
     "counts the cards a move takes", "must capture taking 1 card when possible", "must trail taking"),
    ("must fish taking 1 card when possible", "must fish taking 3 to 2 cards when possible",
     "a range of whole numbers", "taking 2 to 3 cards", "must fish taking 3"),
    ("    from table to own won\n    taking 1 card", "    from stock to own won\n    taking 1 card",
     "'stock' is face down", "play it from a zone its player sees", "from stock to own won"),
    ("value suits: count of suits in own won", "value suits: count of suits in own wno",
     "unknown zone 'wno'", "did you mean 'won'", "wno"),
    ("value suit_best: sum of best per suit of own won by best", "value suit_best: sum of best per suit of own won by bets",
     "unknown points 'bets'", "did you mean 'best'", "bets"),
]


@pytest.mark.parametrize("old, new, message, hint, at", REFUSALS, ids=[r[2] for r in REFUSALS])
def test_refusals_cite_the_line_with_a_caret_and_what_to_write(tmp_path, old, new, message, hint, at):
    assert FISHING.count(old) == 1, old
    text = FISHING.replace(old, new)
    with pytest.raises(RulesError) as info:
        load(tmp_path, text)
    rendered = str(info.value)
    assert message in rendered and hint in rendered, rendered
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if at in ln)
    assert re.search(rf"fishing\.game:{line}:\d+:", rendered), rendered
    assert text.splitlines()[line - 1].strip() in rendered and "^" in rendered


def test_for_the_same_card_is_for_must_priorities_only(tmp_path):
    text = FISHING.replace("must fish when possible, for the same card", "forbid fish, for the same card")
    with pytest.raises(RulesError) as info:
        load(tmp_path, text)
    assert re.search(r"fishing\.game:\d+:\d+:", str(info.value)) and "^" in str(info.value)


TEAMS = '''game "Sides"
players 4
team north_south: P1 and P3
team east_west: P2 and P4
zones:
    stock: shared, pile, face down, holds 1 standard deck
    hand: each player, fan, face up to owner
    won: each team, pile, face up
deal:
    shuffle stock
    deal 13 from stock to each hand
first player: P1
turns: in seat order
move play "a card to the side's pile":
    from own hand to own won
    then: end turn
value most: 1 if highest alone (size of own won) else 0
end done "every hand is empty":
    when every hand is empty
    each team scores own most
match: one deal
'''


def test_highest_alone_in_a_game_of_teams_is_against_the_other_teams(tmp_path):
    path = tmp_path / "sides.game"
    path.write_text(TEAMS, encoding="utf-8")
    game = gamedsl.load_game(str(path))

    def at(ns, ew):
        zones = {"north_south.won": ns, "east_west.won": ew, "stock": [],
                 **{f"P{i}.hand": [f"{i + 1}C"] for i in range(1, 5)}}
        st = game.load_position(yaml.dump({"turn": "P1", "zones": zones}))
        return [st.value("most", f"P{i}") for i in range(1, 5)]

    assert at(["AS", "KS", "QS"], ["AH", "KH"]) == [1, 0, 1, 0]  # partners share the side's pile
    assert at(["AS", "KS"], ["AH", "KH"]) == [0, 0, 0, 0]  # a tie between the sides: nobody
