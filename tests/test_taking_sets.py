"""Moves that take a chosen set of cards of any size: `taking any cards from ZONES [that are PRED]
whose points by POINTS sum to EXPR` (Scopa's capture) and `taking A to B cards from ZONES …`
(a range of sizes, with or without a sum). Each set is one move, listed smaller sets first and
those of one size in card order, written by its cards and read back in any order."""

from __future__ import annotations

import random
import re
from itertools import combinations

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st_

import gamedsl
from gamedsl import cards, limits
from gamedsl.engine.state import taken_sets
from gamedsl.errors import MoveError, RulesError, RulesRuntimeError

SUMS = '''game "Sums"
players 2
cards:
    points value: A=1, 2=2, 3=3, 4=4, 5=5, 6=6, 7=7, 8=8, 9=9, 10=10
zones:
    stock: shared, pile, face down, holds 1 standard deck of A 2 3 4 5 6 7 8 9 10
    table: shared, pool, face up
    pile: shared, pile, face up
    won: each player, pile, face up
counter goal: shared, starts 10
deal:
    shuffle stock
    deal 4 from stock to table
first player: P1
turns: in seat order
move capture "take any cards of the table whose values sum to the goal" (T1):
    taking any cards from table, pile whose points by value sum to goal
    to own won
    then: end turn
move trio "two or three cards, no ten, that sum to 12" (T2):
    taking 2 to 3 cards from table that are not the card is a 10 whose points by value sum to 12
    to own won
    then: end turn
move gift "give one or two hearts away" (T3):
    taking 1 to 2 cards from table that are the card is hearts
    to pile
    only when size of table > 6
    then: end turn
move draw "turn a card of the stock onto the table" (T4):
    from stock to table
    then: end turn
value evaluation: size of own won
end done "no move is left":
    when no move is legal
    each player scores size of own won
match: one deal
'''

LINE = {name: next(i for i, line in enumerate(SUMS.splitlines(), 1) if line.startswith(f"move {name} "))
        for name in ("capture", "trio", "gift")}


def load(tmp_path, text: str = SUMS) -> gamedsl.Game:
    path = tmp_path / "sums.game"
    path.write_text(text, encoding="utf-8")
    return gamedsl.load_game(str(path))


def position(game, table, pile=(), stock=("9D",), goal=10, won1=(), won2=()):
    doc = {"turn": "P1", "counters": {"goal": goal},
           "zones": {"table": list(table), "pile": list(pile), "stock": list(stock),
                     "P1.won": list(won1), "P2.won": list(won2)}}
    return game.load_position(yaml.dump(doc))


def moves(state, name):
    return [str(m) for m in state.legal_moves() if m.action == name]


# ---- the sets listed -------------------------------------------------------------------------

def test_any_cards_whose_points_sum_to_the_total(tmp_path):
    st = position(load(tmp_path), ["AH", "2S", "3D", "4C", "6H", "9S", "10D"], pile=["5S", "7C"])
    # pile: its top (7C) only. Smaller sets first, those of one size in card order (rank, then S H D C).
    assert moves(st, "capture") == [
        "capture 10D",
        "capture AH 9S", "capture 3D 7C", "capture 4C 6H",
        "capture AH 2S 7C", "capture AH 3D 6H",
        "capture AH 2S 3D 4C",
    ]


def test_the_listing_is_every_set_of_a_brute_force(tmp_path):
    st = position(load(tmp_path), ["AH", "2S", "3D", "4C", "5H", "6H", "9S", "10D"], pile=["5S", "7C"], goal=12)
    values = {"AH": 1, "2S": 2, "3D": 3, "4C": 4, "5H": 5, "6H": 6, "9S": 9, "10D": 10, "7C": 7}
    order = sorted(values, key=cards.parse_card)
    expected = ["capture " + " ".join(chosen) for size in range(1, 10) for chosen in combinations(order, size)
                if sum(values[c] for c in chosen) == 12]
    assert moves(st, "capture") == expected and len(expected) > 10


def test_ranges_with_and_without_a_sum(tmp_path):
    game = load(tmp_path)
    st = position(game, ["2S", "3H", "4D", "5C", "7S", "8H", "10D"])
    # 2 to 3 cards, no ten, summing to 12: pairs first, then triples, each in card order
    assert moves(st, "trio") == ["trio 4D 8H", "trio 5C 7S", "trio 2S 3H 7S", "trio 3H 4D 5C"]
    # 1 to 2 hearts, no sum: 3H, 8H, then the pair
    assert moves(st, "gift") == ["gift 3H", "gift 8H", "gift 3H 8H"]
    assert moves(position(game, ["3H", "8H", "2S"]), "gift") == []  # only when size of table > 6


def test_the_total_is_read_from_the_position(tmp_path):
    st = position(load(tmp_path), ["AH", "2S", "3D", "4C"], goal=3)
    assert moves(st, "capture") == ["capture 3D", "capture AH 2S"]
    assert moves(position(load(tmp_path), ["AH", "2S"], goal=0), "capture") == []  # no empty set
    assert moves(position(load(tmp_path), ["AH", "2S"], goal=-1), "capture") == []


def test_cards_of_no_points_join_any_set(tmp_path):
    text = SUMS.replace("9=9, 10=10", "9=9").replace("not the card is a 10", "not the card is a 9")
    st = position(load(tmp_path, text), ["AH", "9S", "10D", "10H"])
    # tens are worth 0 here: every set of AH and 9S can take either or both tens with it
    assert moves(st, "capture") == ["capture AH 9S", "capture AH 9S 10H", "capture AH 9S 10D",
                                    "capture AH 9S 10H 10D"]


def test_too_many_sets_stop_with_the_moves_rule(tmp_path):
    text = SUMS.replace("points value: A=1, 2=2, 3=3, 4=4, 5=5, 6=6, 7=7, 8=8, 9=9, 10=10", "points value: A=1")
    text = text.replace("when no move is legal", "when stock is empty and table is empty")  # no listing to load it
    table = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "2H", "3H", "4H", "5H", "6H"]
    st = position(load(tmp_path, text), table, goal=1)  # 14 cards of no points: 2^14 sets with AS
    with pytest.raises(RulesRuntimeError) as info:
        list(st.legal_moves())
    message = str(info.value)
    assert f"more than {limits.MAX_TAKEN_SETS} sets" in message and f"sums.game:{LINE['capture']}" in message
    st = position(load(tmp_path, text), table[:12], goal=1)  # 2^11 sets: listed
    assert len(moves(st, "capture")) == 2 ** 11


# ---- text ------------------------------------------------------------------------------------

def test_texts_read_back_in_any_order_and_size(tmp_path):
    st = position(load(tmp_path), ["AH", "2S", "3D", "4C", "6H", "9S", "10D"], pile=["5S", "7C"])
    for move in st.legal_moves():
        assert st.parse_move(str(move)) == move
    assert st.parse_move("capture 4C 2s 3♦ ah") == st.parse_move("capture AH 2S 3D 4C")
    assert str(st.parse_move("capture 4C 2s 3♦ ah")) == "capture AH 2S 3D 4C"
    assert str(st.parse_move("capture 10d")) == "capture 10D"


@pytest.mark.parametrize("text, sizes", [
    ("capture", "one or more different cards"),
    ("capture AH AH", "one or more different cards"),
    ("capture AH XX", "one or more different cards"),
    ("trio 4D", "2 to 3 different cards"),
    ("trio 2S 3H 7S 4D", "2 to 3 different cards"),
    ("gift 3H 8H 2S", "1 to 2 different cards"),
])
def test_a_wrong_count_names_the_sizes(tmp_path, text, sizes):
    st = position(load(tmp_path), ["2S", "3H", "4D", "5C", "7S", "8H", "10D"])
    with pytest.raises(MoveError) as info:
        st.parse_move(text)
    assert sizes in str(info.value), str(info.value)
    assert re.search(r"e\.g\. '\w+ 7D", str(info.value))
    report = st.explain(text)  # explain says the same, citing the move's rule
    assert not report.legal and sizes in str(report)
    assert f"sums.game:{LINE[text.split()[0]]}" in str(report)


# ---- explain ---------------------------------------------------------------------------------

def test_illegal_sets_are_explained(tmp_path):
    st = position(load(tmp_path), ["AH", "2S", "3D", "4C", "6H"], pile=["5S", "7C"], stock=["9D"])
    cite = f"sums.game:{LINE['capture']}"
    wrong = st.explain("capture AH 2S 4C")
    assert not wrong.legal and "AH + 2S + 4C make 7, not 10" in str(wrong) and cite in str(wrong)
    covered = st.explain("capture 5S AH 4C")
    assert "5S is not available: only the top card of pile can be taken" in str(covered) and cite in str(covered)
    hidden = str(st.explain("capture 9D AH"))
    assert "9D is not in a zone 'capture' takes from" in hidden and cite in hidden
    assert "does not take 10D" in str(position(load(tmp_path), ["2D", "10D"]).explain("trio 2D 10D"))
    assert st.explain("capture 3D 7C").legal
    assert st.explain("capture AH 2S 3D 4C").legal


def test_explain_names_a_size_the_move_does_not_take(tmp_path):
    from gamedsl.engine.explain import _why_not  # a set built by hand, past the text's check

    game = load(tmp_path)
    st = position(game, ["2S", "3H", "4D", "5C", "7S", "8H", "10D"])
    trio = next(a for a in game.compiled.actions if a.name == "trio")
    rule, reason = _why_not(st, (trio.index, (cards.parse_card("4D"),), -1, trio.targets[0][0][0]))
    assert reason == "'trio' takes 2 to 3 cards, not 1" and rule is trio.info


# ---- the checker -----------------------------------------------------------------------------

REFUSALS = [
    ("taking any cards from table, pile whose points by value sum to goal",
     "taking any cards from table, pile", "'taking any cards' needs a sum", "whose points by POINTS sum to EXPR"),
    ("taking 1 to 2 cards", "taking 1 to 6 cards", "without a sum: a move takes at most 4 cards", "taking 1 to 4 cards"),
    ("taking 2 to 3 cards", "taking 3 to 2 cards", "a range of whole numbers", "taking 1 to 3 cards"),
    ("taking 2 to 3 cards", "taking 0 to 3 cards", "the fewer at least 1", "taking 1 to 3 cards"),
    ("taking 2 to 3 cards", "taking 1.5 to 3 cards", "a range of whole numbers", "taking 1 to 3 cards"),
    ("taking 2 to 3 cards", "taking 5 cards", "1 to 4 cards at once, not 5", "taking 1 to 3 cards"),
    ("sum to goal", "sum to gaol", "unknown name 'gaol'", "did you mean 'goal'"),
    ("holds 1 standard deck of", "holds 2 standard decks of", "two cards alike", "one deck"),
]


@pytest.mark.parametrize("old, new, message, hint", REFUSALS, ids=[r[2] for r in REFUSALS])
def test_refusals(tmp_path, old, new, message, hint):
    assert SUMS.count(old) == 1, old
    text = SUMS.replace(old, new)
    with pytest.raises(RulesError) as info:
        load(tmp_path, text)
    rendered = str(info.value)
    assert message in rendered and hint in rendered, rendered
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if (new if "holds" not in new else "taking any") in ln)
    assert re.search(rf"sums\.game:{line}:\d+:", rendered), rendered
    assert text.splitlines()[line - 1].strip() in rendered and "^" in rendered


def test_a_range_with_a_sum_may_be_large(tmp_path):
    st = position(load(tmp_path, SUMS.replace("taking 2 to 3 cards", "taking 2 to 9 cards")),
                  ["2S", "3H", "4D", "5C", "7S", "8H", "10D"])
    assert moves(st, "trio") == ["trio 4D 8H", "trio 5C 7S", "trio 2S 3H 7S", "trio 3H 4D 5C"]


# ---- whole games -----------------------------------------------------------------------------

def test_seeded_random_games_end_with_the_cards_kept(tmp_path):
    game = load(tmp_path)
    for seed in range(5):
        st = game.new_game(seed=seed)
        rng = random.Random(seed)
        for _ in range(200):
            if st.is_over:
                break
            legal = list(st.legal_moves())
            for move in legal:
                assert st.parse_move(str(move)) == move
            st.play(rng.choice(legal))
            assert sum(len(z) for z in st.zones) == 40
            assert len({c for z in st.zones for c in z}) == 40
        assert st.is_over
        won = yaml.safe_load(st.to_yaml())["zones"]
        assert st.scores == {"P1": len(won["P1.won"]), "P2": len(won["P2.won"])}


def test_a_replay_of_the_same_seed_is_the_same_game(tmp_path):
    game = load(tmp_path)

    def play(seed):
        st, rng, texts = game.new_game(seed=seed), random.Random(seed), []
        while not st.is_over and len(texts) < 200:
            move = rng.choice(list(st.legal_moves()))
            texts.append(str(move))
            st.play(move)
        return texts, st.to_yaml()

    assert play(3) == play(3)


def test_computer_players_play_these_moves(tmp_path):
    from gamedsl.players.greedy import GreedyPlayer
    from gamedsl.players.mcts import MctsPlayer

    game = load(tmp_path)
    for player in (GreedyPlayer(seed=1), MctsPlayer(seed=1, iterations=20, depth=20)):
        st = game.new_game(seed=2)
        for _ in range(120):
            if st.is_over:
                break
            move = player.choose(st)
            assert move in list(st.legal_moves())
            st.play(move)
        assert st.is_over
        assert sum(len(z) for z in st.zones) == 40


# ---- the enumeration itself ------------------------------------------------------------------

def brute_force(found, points, total, low, high):
    upper = len(found) if high is None else high
    return sorted((chosen for size in range(low, upper + 1) for chosen in combinations(found, size)
                   if points is None or round(sum(points[c] for c in chosen) - total, 9) == 0),
                  key=lambda s: (len(s), s))


@settings(max_examples=300, deadline=None)
@given(st_.lists(st_.integers(0, 63), max_size=11, unique=True),
       st_.lists(st_.integers(-3, 6), min_size=64, max_size=64),
       st_.integers(-6, 20), st_.integers(1, 4), st_.one_of(st_.none(), st_.integers(1, 11)))
def test_every_set_listed_sums_to_the_total_once(found, worth, total, low, high):
    found = sorted(found)
    points = [float(w) for w in worth]
    if high is not None and high < low:
        low, high = high, low
    got = taken_sets(found, points, float(total), low, high, 10 ** 6)
    assert got == brute_force(found, points, total, low, high)
    assert len(set(got)) == len(got)
    for chosen in got:
        assert list(chosen) == sorted(chosen) and low <= len(chosen)
        assert sum(points[c] for c in chosen) == total


def test_fractional_points_and_the_cap():
    points = [0.1] * 64
    assert taken_sets([0, 1, 2, 3], points, 0.3, 1, None, 100) == [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]
    assert taken_sets(list(range(12)), [0.0] * 64, 0.0, 1, None, 100) is None  # 4095 sets
    assert taken_sets(list(range(6)), None, None, 1, 2, 100) == brute_force(list(range(6)), None, None, 1, 2)


def test_many_different_sums_are_bounded_instead():
    """Points that make more sums than are remembered (fractions): the walk is bounded by each
    suffix's least and greatest sums there, and still lists exactly the right sets."""
    found = list(range(14))
    points = [1 + 2 ** min(c, 20) / 1024 for c in range(64)]  # every subset its own sum: 2^14 of them
    total = sum(points[c] for c in (1, 4, 5, 9, 13))
    assert taken_sets(found, points, total, 1, None, 10 ** 6) == [(1, 4, 5, 9, 13)]
    assert taken_sets(found, points, total, 1, 4, 10 ** 6) == []


def test_a_set_plays_and_undoes(tmp_path):
    st = position(load(tmp_path), ["AH", "2S", "3D", "4C", "9S"], pile=["5S", "7C"])
    before = st.to_yaml()
    st.play("capture 4C 3D 2S AH")
    zones = yaml.safe_load(st.to_yaml())["zones"]
    assert zones["P1.won"] == ["AH", "2S", "3D", "4C"] and zones["table"] == ["9S"]
    st.undo()
    assert st.to_yaml() == before


def test_the_console_reports_too_many_sets_without_a_traceback(tmp_path, capsys):
    from gamedsl.cli import main

    text = SUMS.replace("points value: A=1, 2=2, 3=3, 4=4, 5=5, 6=6, 7=7, 8=8, 9=9, 10=10", "points value: A=1")
    text = text.replace("when no move is legal", "when stock is empty and table is empty")
    game = load(tmp_path, text)
    table = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "2H", "3H", "4H", "5H", "6H"]
    (tmp_path / "many.yaml").write_text(position(game, table, goal=1).to_yaml(), encoding="utf-8")
    code = main(["moves", str(tmp_path / "sums.game"), "--position", str(tmp_path / "many.yaml")])
    out = capsys.readouterr()
    assert code != 0 and "Traceback" not in out.err + out.out
    assert "more than 10000 sets" in out.err + out.out
