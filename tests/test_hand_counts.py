"""Counting a hand and the top of a pile (issue 18): `count of subsets of … whose points by … sum
to N`, `count of pairs of … with PREDICATE`, `longest run of … in ORDER`, `count of longest runs of
… in ORDER`, `longest top of ZONE in sequence while …`, `longest top of ZONE forming a run in
ORDER`, and the selection tests `that are (T and T)` and `that are played by SEAT`; against brute
force on random cards, and the checker's refusals."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as hs

import gamedsl
from gamedsl import cards as card_table
from gamedsl.errors import RulesError

TEXT = '''game "Counts"
players 2
cards:
    order low: A 2 3 4 5 6 7 8 9 10 J Q K
    order high: 2 3 4 5 6 7 8 9 10 J Q K A
    colour red: H D
    colour black: S C
    points value: A=1, 2=2, 3=3, 4=4, 5=5, 6=6, 7=7, 8=8, 9=9, 10=10, J=10, Q=10, K=10
zones:
    stock: shared, pile, face down, holds 1 standard deck
    hand: each player, fan, face up to owner
    extra: shared, pile, face up
    pile: shared, pile, face up, records who played
    hidden: shared, pile, face down, top face up
value fifteens: count of subsets of 2 or more cards of own hand, extra whose points by value sum to 15
value any_sets: count of subsets of own hand whose points by value sum to goal
value goal: 10
value red_sets: count of subsets of cards of own hand that are not spades whose points by value sum to (goal + 5)
value pairs: count of pairs of own hand, extra with same rank
value suited: count of pairs of own hand with same suit and not same rank
value steps: count of pairs of own hand with one up in low
value run: longest run of own hand, extra in low
value runs: count of longest runs of own hand, extra in low
value high_run: longest run of own hand in high
value same: longest top of pile in sequence while same rank
value down: longest top of pile in sequence while same suit and one down in low
value any_order: longest top of pile forming a run in low
value covered: longest top of hidden forming a run in low
value nobs: count of cards of own hand that are (a J and same suit as top of extra)
value both: count of cards of own hand that are (red and not a K and higher than top of extra in low)
value mine: count of cards of pile that are played by own seat
value theirs: count of cards of pile that are played by opponent's seat
move play "a card to the pile":
    from own hand to pile
    then: end turn
deal:
    shuffle stock
    deal 5 from stock to each hand
match: one deal
counter over: shared, starts 0
end done "never, in these tests":
    when over = 1
    each player scores 0
'''

VALUE = {r: min(i + 1, 10) for i, r in enumerate("A 2 3 4 5 6 7 8 9 10 J Q K".split())}
LOW = {r: i for i, r in enumerate("A 2 3 4 5 6 7 8 9 10 J Q K".split())}
DECK = [r + s for s in "SHDC" for r in LOW]
_GAME: list[gamedsl.Game] = []


def game(tmp_path_factory=None) -> gamedsl.Game:
    if not _GAME:
        import tempfile
        from pathlib import Path
        path = Path(tempfile.mkdtemp()) / "counts.game"
        path.write_text(TEXT, encoding="utf-8")
        _GAME.append(gamedsl.load_game(str(path)))
    return _GAME[0]


def rank(card: str) -> str:
    return card[:-1]


def state(hand=(), extra=(), pile=(), played_by=None, hidden=(), other=()):
    used = set(hand) | set(extra) | set(pile) | set(hidden) | set(other)
    zones = {"stock": [c for c in DECK if c not in used], "P1.hand": list(hand), "P2.hand": list(other),
             "extra": list(extra), "pile": list(pile), "hidden": list(hidden)}
    doc = {"turn": "P1", "zones": zones}
    if played_by is not None:
        doc["played_by"] = {"pile": played_by}
    return game().load_position(yaml.dump(doc))


def value(st, name: str, player: str = "P1") -> float:
    return st.value(name, player)


# ---- brute force ------------------------------------------------------------------------------

def subsets(cards, total, least=1):
    return sum(1 for k in range(least, len(cards) + 1) for s in combinations(cards, k)
               if sum(VALUE[rank(c)] for c in s) == total)


def longest_run(cards, order=LOW):
    held = {order[rank(c)] for c in cards if rank(c) in order}
    best = 0
    for start in held:
        n = 0
        while start + n in held:
            n += 1
        best = max(best, n)
    return best


def longest_runs(cards):
    length = longest_run(cards)
    if not length:
        return 0
    # one card of each rank of a longest run: every choice of `length` cards of consecutive ranks
    return sum(1 for s in combinations(cards, length)
               if len({rank(c) for c in s}) == length and max(LOW[rank(c)] for c in s) - min(LOW[rank(c)] for c in s) == length - 1)


def top_run(pile):
    best = 0
    for n in range(1, len(pile) + 1):
        ranks = [LOW[rank(c)] for c in pile[-n:]]
        if len(set(ranks)) == n and max(ranks) - min(ranks) == n - 1:
            best = n
    return best


def top_same(pile):
    n = 0
    while n < len(pile) and rank(pile[-1 - n]) == rank(pile[-1]):
        n += 1
    return n


# ---- the numbers, by examples and against brute force -----------------------------------------

def test_examples():
    st = state(hand=["5H", "5D", "5C", "JS"], extra=["5S"])
    assert value(st, "fifteens") == 8 and value(st, "pairs") == 6 and value(st, "nobs") == 1
    st = state(hand=["3S", "3H", "4D", "5C"], extra=["4S"])
    assert (value(st, "run"), value(st, "runs"), value(st, "pairs")) == (3, 4, 2)  # 3 3 4 4 5: four runs of 3
    st = state(hand=["QS", "KS", "AS", "2S"], extra=["3H"])
    assert value(st, "run") == 3 and value(st, "runs") == 1  # Q K A is no run: A is low in `low`
    assert value(st, "high_run") == 3  # Q K A is a run in `high`, where A is above K
    st = state(hand=["AS", "2H", "9C"])
    assert value(st, "fifteens") == 0 and value(st, "run") == 2 and value(st, "runs") == 1
    st = state()
    assert (value(st, "fifteens"), value(st, "pairs"), value(st, "run"), value(st, "runs")) == (0, 0, 0, 0)
    assert (value(st, "same"), value(st, "any_order")) == (0, 0)


def test_subsets_count_sets_of_any_size_and_bounded_ones():
    st = state(hand=["10S", "5H", "5D", "AS", "4C", "KD"])
    assert value(st, "any_sets") == subsets(["10S", "5H", "5D", "AS", "4C", "KD"], 10)  # 10S, KD, 5H+5D, ...
    assert value(st, "red_sets") == subsets(["5H", "5D", "4C", "KD"], 15)  # `that are not spades`, total (goal + 5)
    # a single card of 15 points cannot be: the bound `of 2 or more cards` counts pairs and more
    st = state(hand=["10S", "5H"])
    assert value(st, "fifteens") == 1


def test_pairs_take_any_relation_either_way_round():
    st = state(hand=["2S", "3S", "4H", "3D", "KS"])
    assert value(st, "steps") == 4  # 2S-3S, 2S-3D, 3S-4H, 3D-4H, whichever is played first
    assert value(st, "suited") == 3  # 2S 3S KS: three pairs of one suit
    assert value(st, "pairs") == 1


@settings(max_examples=150, deadline=None)
@given(hs.lists(hs.sampled_from(DECK), min_size=0, max_size=8, unique=True))
def test_hand_counts_agree_with_brute_force(chosen):
    hand, extra = chosen[:-1] if chosen else [], chosen[-1:] if chosen else []
    st = state(hand=hand, extra=extra)
    both = hand + extra
    assert value(st, "fifteens") == subsets(both, 15, least=2)
    assert value(st, "pairs") == sum(1 for a, b in combinations(both, 2) if rank(a) == rank(b))
    assert value(st, "run") == longest_run(both)
    assert value(st, "runs") == longest_runs(both)


@settings(max_examples=150, deadline=None)
@given(hs.lists(hs.sampled_from([r + s for s in "SHDC" for r in "A 2 3 4 5 6".split()]), min_size=0, max_size=8,
                unique=True))
def test_the_top_of_a_pile_agrees_with_brute_force(pile):
    st = state(pile=pile)
    assert value(st, "same") == top_same(pile)
    assert value(st, "any_order") == top_run(pile)


def test_the_top_of_a_pile_examples():
    st = state(pile=["7S", "7H", "8C", "7D"])
    assert value(st, "same") == 1  # in 7 7 8 7 the last 7 makes no pair
    st = state(pile=["8C", "7S", "7H", "7D"])
    assert value(st, "same") == 3
    st = state(pile=["4H", "6S", "5C"])
    assert value(st, "any_order") == 3  # 4 6 5: a run of 3 in any order, though 6 5 alone is one too
    st = state(pile=["5H", "4S", "6C"])
    assert value(st, "any_order") == 3  # the last two (4 6) are no run, the last three are
    st = state(pile=["3S", "4S", "4H"])
    assert value(st, "any_order") == 1  # a rank twice spoils the run
    st = state(pile=["9D", "8D", "7D", "5H"])
    assert value(st, "down") == 1
    st = state(pile=["9D", "8D", "7D"])
    assert value(st, "down") == 3  # each one down in suit from the one below


def test_a_face_down_card_ends_the_stretch():
    st = state(hidden=["3S", "4H", "5D"])
    assert value(st, "covered") == 1  # only the top card shows


def test_selection_tests_joined_and_played_by():
    st = state(hand=["JS", "JH", "QS"], extra=["2S"])
    assert value(st, "nobs") == 1
    st = state(hand=["6H", "KH", "7D", "9S", "4D"], extra=["5C"])
    assert value(st, "both") == 2  # 6H 7D: red, no king, above the 5
    st = state(hand=["2C"], other=["3C", "4C"])
    st.play("2C P1.hand -> pile")
    st.play("3C P2.hand -> pile")
    assert value(st, "mine", "P1") == 1 and value(st, "mine", "P2") == 1 and value(st, "theirs", "P1") == 1
    st = state(pile=["8S", "9S", "10S"], played_by=["P1", "P2", "P1"])
    assert value(st, "mine", "P1") == 2 and value(st, "mine", "P2") == 1


def test_records_follow_the_cards_when_a_selection_takes_some_from_the_middle(tmp_path):
    text = TEXT.replace("move play", '''move give "the mover's cards of the pile back to him":
    then: move cards of pile that are played by own seat to own hand; end turn
move play''')
    path = tmp_path / "give.game"
    path.write_text(text, encoding="utf-8")
    g = gamedsl.load_game(str(path))
    doc = {"turn": "P1", "zones": {"stock": [], "P1.hand": [], "P2.hand": [], "extra": [], "hidden": [],
                                   "pile": ["8S", "9S", "10S", "JS"]}, "played_by": {"pile": ["P1", "P2", "P1", "P2"]}}
    st = g.load_position(yaml.dump(doc))
    st.play("give")
    shown = yaml.safe_load(st.to_yaml())
    assert shown["zones"]["P1.hand"] == ["8S", "10S"] and shown["zones"]["pile"] == ["9S", "JS"]
    assert shown["played_by"]["pile"] == ["P2", "P2"]  # the cards left keep who played them


def test_random_positions_are_counted_alike_by_a_copy():
    rng = random.Random(3)
    for _ in range(20):
        hand = rng.sample(DECK, 5)
        st = state(hand=hand[:4], extra=hand[4:])
        assert st.copy().value("runs", "P1") == value(st, "runs")


# ---- refusals -------------------------------------------------------------------------------

def refused(tmp_path, old: str, new: str) -> str:
    assert old in TEXT
    path = tmp_path / "bad.game"
    path.write_text(TEXT.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(RulesError) as caught:
        gamedsl.load_game(str(path))
    return str(caught.value)


@pytest.mark.parametrize("old, new, words", [
    ("whose points by value sum to 15", "whose points by valeu sum to 15", "unknown points 'valeu'"),
    ("longest run of own hand, extra in low", "longest run of own hand, extra in lwo", "unknown order 'lwo'"),
    ("count of longest runs of own hand, extra in low", "count of longest runs of own hand, extra in hi",
     "unknown order 'hi'"),
    ("longest top of pile forming a run in low", "longest top of pile forming a run in lo", "unknown order 'lo'"),
    ("count of pairs of own hand, extra with same rank", "count of pairs of own hand, extra with one up",
     "in which order?"),
    ("count of pairs of own hand, extra with same rank", "count of pairs of own hands, extra with same rank",
     "unknown zone 'hands'"),
    ("longest top of pile in sequence while same rank", "longest top of piles in sequence while same rank",
     "unknown zone 'piles'"),
    ("subsets of 2 or more cards", "subsets of 0 or more cards", "the fewest cards of a set"),
    ("sum to (goal + 5)", "sum to (top of extra)", "takes numbers"),
    ("that are played by own seat", "that are played by top of extra", "takes a seat, and this is a card"),
    ("that are played by own seat", "that are played by hearts", "takes a seat"),
])
def test_mistakes_are_refused_with_the_line_and_what_to_write(tmp_path, old, new, words):
    message = refused(tmp_path, old, new)
    assert words in message, message
    assert "bad.game:" in message and "^" in message


def test_played_by_needs_a_zone_that_records(tmp_path):
    message = refused(tmp_path, "pile: shared, pile, face up, records who played", "pile: shared, pile, face up")
    assert "no zone remembers who played its cards" in message and "records who played" in message


def test_a_relation_reads_no_counter(tmp_path):
    text = TEXT.replace("counter over: shared, starts 0", "counter over: shared, starts 0\ncounter base: shared, holds a rank")
    text = text.replace("count of pairs of own hand, extra with same rank", "count of pairs of own hand, extra with the card is base")
    path = tmp_path / "bad.game"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesError) as caught:
        gamedsl.load_game(str(path))
    message = str(caught.value)
    assert "'base' is a counter: the relation of a pair is made once" in message and "^" in message
