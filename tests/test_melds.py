"""Melds and deadwood (grammar/LANGUAGE.md, "Melds and deadwood"): `meld NAME: …` shapes — sets,
runs in one suit, runs of any suits, with `wrapping` — and `deadwood of SEL [without CARD] by
POINTS [laying off on ZONE]`; also `the card is [not] COUNTER`. Each on a small game written
here, its refusals with `file:line:col`, and the search against a brute force of its own."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

import gamedsl
from gamedsl import cards
from gamedsl.errors import RulesRuntimeError, RulesSemanticError
from gamedsl.model import check_file

BASE = '''game "Melds"
players 2
option limit = 10 "the most deadwood a play may leave"

cards:
    order runs: A 2 3 4 5 6 7 8 9 10 J Q K
    order high: 2 3 4 5 6 7 8 9 10 J Q K A
    points value: A=1, 2=2, 3=3, 4=4, 5=5, 6=6, 7=7, 8=8, 9=9, 10=10, J=10, Q=10, K=10

zones:
    stock: shared, pile, face down, holds 1 standard deck
    hand: each player, fan, face up to owner
    table: shared, pile, face up

meld set "three or four of a rank": 3 to 4 of a rank
meld run "three or more of a suit in a row": 3 or more of one suit in a row in runs

counter taken: shared, holds a card
counter trumps: shared, holds a suit
counter last: each player, holds a card

value dw: deadwood of own hand by value
value laid: deadwood of opponent's hand by value laying off on own hand
value no_hearts: deadwood of cards of own hand that are not hearts by value
value without_top: deadwood of own hand without top of table by value
value gin: 1 if deadwood of own hand by value = 0 else 0

deal:
    shuffle stock
    deal 10 from stock to each hand

move play "play a card that is not the one taken, keeping little deadwood":
    from own hand to table
    only when the card is not taken
    only when deadwood of own hand without the card by value <= limit
    then: end turn

move trump "play a trump":
    from own hand to table
    only when the card is trumps
    then: end turn

move again "play the card you played last":
    from own hand to table
    only when the card is last
    then: end turn

end out "the stock is empty":
    when size of stock = 0
    each player scores 0

match: one deal
'''

ALL = [cards.CARD_TEXT[c] for c in cards.standard_deck()]
ROOT = Path(__file__).resolve().parent.parent


def write(tmp_path: Path, text: str, name: str = "melds.game") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def changed(old: str, new: str, text: str = BASE) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


_LOADED: dict[str, gamedsl.Game] = {}


def load(text: str, tmp_path_factory=None) -> gamedsl.Game:
    if text not in _LOADED:
        import tempfile
        folder = Path(tempfile.mkdtemp())
        _LOADED[text] = gamedsl.load_game(str(write(folder, text)))
    return _LOADED[text]


def at(game: gamedsl.Game, p1: list[str], p2: list[str] = (), table: list[str] = (), counters=None):
    used = set(p1) | set(p2) | set(table)
    rest = [c for c in ALL if c not in used]
    doc = {"zones": {"P1.hand": list(p1), "P2.hand": list(p2), "table": list(table), "stock": rest},
           "turn": "P1"}
    if counters:
        doc["counters"] = counters
    return game.load_position(yaml.safe_dump(doc))


def dw(game: gamedsl.Game, hand: str, name: str = "dw", **kw) -> float:
    return at(game, hand.split(), **kw).value(name, "P1")


def problems(tmp_path: Path, text: str) -> list[str]:
    with pytest.raises(RulesSemanticError) as err:
        check_file(write(tmp_path, text))
    return [str(d) for d in err.value.diagnostics]


def refused(tmp_path: Path, text: str, where: str, message: str, on: str | None = None) -> str:
    """The one diagnostic of `text`, at the column of `where` on the line that says `on` (or
    `where`), saying `message`."""
    (found,) = problems(tmp_path, text)
    line_no = next(i for i, line in enumerate(text.splitlines(), 1) if (on or where) in line)
    line = text.splitlines()[line_no - 1]
    col = line.index(where, line.index(on) if on else 0) + 1
    assert found.startswith(f"{tmp_path / 'melds.game'}:{line_no}:{col}: "), found
    assert message in found, found
    shown = found.splitlines()
    assert shown[1].strip() == line.strip() and shown[2].strip() == "^"
    return found


# ---- the shapes --------------------------------------------------------------------------------

@pytest.mark.parametrize("hand, deadwood", [
    ("AH 2H 3H", 0), ("QS KS AS", 21), ("KC AC 2C", 13), ("5H 6H 7D", 18), ("4D 5D 7D", 16),
    ("7D 7C 7S", 0), ("7D 7C 7S 7H", 0), ("7D 7C", 14), ("9C 10C JC QC KC", 0),
    ("AH 2H 3H 4H 7D 7C 7S 7H", 0), ("AH 2H 3H 3S 3D", 3),  # the 3♥ in one meld only: the run, or the set
])
def test_sets_and_runs_ace_low(hand, deadwood):
    assert dw(load(BASE), hand) == deadwood


def test_a_run_round_the_corner_with_wrapping():
    game = load(changed("in a row in runs\n", "in a row in runs, wrapping\n"))
    assert dw(game, "KC AC 2C") == 0 and dw(game, "QS KS AS") == 0 and dw(game, "JS QS KS AS 2S 3S") == 0
    assert dw(game, "KC AC 3C") == 14


def test_an_ace_high_order_and_an_ace_both_ways():
    high = load(changed("in a row in runs\n", "in a row in high\n"))
    assert dw(high, "QS KS AS") == 0 and dw(high, "AH 2H 3H") == 6
    both = load(changed('meld run "three or more of a suit in a row": 3 or more of one suit in a row in runs\n',
                        'meld low "ace low": 3 or more of one suit in a row in runs\n'
                        'meld high "ace high": 3 or more of one suit in a row in high\n'))
    assert dw(both, "QS KS AS") == 0 and dw(both, "AH 2H 3H") == 0 and dw(both, "KC AC 2C") == 13


def test_runs_of_any_suits_and_exact_sizes():
    game = load(changed('meld run "three or more of a suit in a row": 3 or more of one suit in a row in runs\n',
                        'meld run "exactly three in a row, any suits": 3 in a row in runs\n'))
    assert dw(game, "5H 6S 7D") == 0
    assert dw(game, "5H 6S 7D 8C") == 5  # a run of exactly three: the lowest card stays out
    pairs = load(changed('meld set "three or four of a rank": 3 to 4 of a rank\n',
                         'meld set "a pair or more": 2 or more of a rank\n'))
    assert dw(pairs, "7D 7C") == 0 and dw(pairs, "7D 7C 7S 7H") == 0


def test_two_decks_a_set_may_hold_a_card_twice_a_run_each_rank_once():
    game = load(changed("holds 1 standard deck", "holds 2 standard decks"))
    doc = {"zones": {"P1.hand": ["7H", "7H", "7S", "4C", "5C", "5C", "6C"], "P2.hand": [], "table": [],
                     "stock": ["2D"]}, "turn": "P1"}
    st_ = game.load_position(yaml.safe_dump(doc))
    assert st_.value("dw", "P1") == 5  # 7♥ 7♥ 7♠, 4♣ 5♣ 6♣, and one 5♣ left


def test_jokers_are_in_no_meld():
    game = load(changed("holds 1 standard deck", "holds 1 standard deck with 2 jokers")
                .replace("J=10, Q=10, K=10", "J=10, Q=10, K=10, BJ=25, RJ=25"))
    assert dw(game, "7H 7S BJ") == 39 and dw(game, "7H 7S 7D BJ") == 25


# ---- deadwood of a selection, without a card, laying off --------------------------------------

def test_deadwood_of_a_selection_and_without_a_card():
    game = load(BASE)
    assert dw(game, "AH 2H 3H KS", "no_hearts") == 10  # the hearts are not among the cards
    assert dw(game, "7D 7C 7S 2H", "without_top", ) == 2  # the table is empty: nothing left out
    st_ = at(game, "7D 7C 7S 2H".split(), table=["5C"])
    assert st_.value("without_top", "P1") == 2  # the 5♣ is not in the hand: nothing left out
    assert dw(game, "7D 7C 7S 2H", "gin") == 0 and dw(game, "7D 7C 7S", "gin") == 1


def test_the_other_cards_of_a_move():
    game = load(BASE)
    st_ = at(game, "7D 7C 7S 2H KS QS".split())  # without K♠: 12; without Q♠: 12; without 2♥: 20
    assert sorted(str(m) for m in st_.legal_moves() if m.action == "play") == []
    st_ = at(game, "7D 7C 7S 2H KS".split())
    # without 2♥: K♠ = 10 is left (10 or less); without K♠: 2; without a seven: 7 + 7 + 2 + 10
    assert sorted(str(m) for m in st_.legal_moves()) == ["2H P1.hand -> table", "KS P1.hand -> table"]


def test_laying_off_chains_and_takes_the_knockers_worst_arrangement():
    game = load(BASE)
    laid = lambda mine, knocker: at(game, knocker.split(), mine.split()).value("laid", "P1")  # noqa: E731
    assert laid("8S 9S KD", "4S 5S 6S 7S") == 10  # 8♠ then 9♠
    assert laid("9S KD", "4S 5S 6S 7S") == 19  # the 9♠ does not reach the run
    assert laid("7H 2D", "7S 7C 7D") == 2  # the fourth card of a set
    assert laid("7H 2D", "7S 7C 7D 3C 4C 5C") == 2
    assert laid("AH", "JH QH KH") == 1  # nothing above the K
    # 3♦ 4♦ 5♦ 3♠ 3♣: the run leaves 3♠ 3♣ (6), the set 3♠ 3♣ 3♦ leaves 4♦ 5♦ (9): the run it is
    assert laid("6D 2C", "3D 4D 5D 3S 3C") == 2


def test_the_knockers_choice_between_arrangements_of_the_same_deadwood():
    """4♦ 5♦ 6♦ 5♠ 5♥ has two least arrangements, each leaving 10: the run 4♦ 5♦ 6♦ (5♠ 5♥ out)
    and the set 5♠ 5♥ 5♦ (4♦ 6♦ out). The one that leaves the cards laid off the most counts."""
    game = load(BASE)
    laid = lambda mine, knocker: at(game, knocker.split(), mine.split()).value("laid", "P1")  # noqa: E731
    assert dw(game, "4D 5D 6D 5S 5H") == 10
    assert laid("3D", "4D 5D 6D 5S 5H") == 3  # the run would take the 3♦: the set is chosen
    assert laid("5C", "4D 5D 6D 5S 5H") == 5  # the set would take the 5♣: the run is chosen


# ---- `the card is COUNTER` -----------------------------------------------------------------------------

def test_the_card_is_a_counters_card_suit_or_own_card():
    game = load(BASE)
    st_ = at(game, "7D 7C 7S 2H".split(), counters={"taken": "2H", "trumps": "C", "P1.last": "7S"})
    got = sorted(str(m) for m in st_.legal_moves())
    assert "2H P1.hand -> table" not in got  # the card taken
    assert "trump 7C P1.hand -> table" in got and "trump 7D P1.hand -> table" not in got
    assert "again 7S P1.hand -> table" in got and "again 7D P1.hand -> table" not in got
    st_ = at(game, "7D 7C 7S 2H".split())  # nothing taken, no trumps: `is not taken` holds, `is trumps` does not
    got = sorted(str(m) for m in st_.legal_moves())
    assert "2H P1.hand -> table" in got and not any(m.startswith(("trump", "again")) for m in got)


# ---- refusals --------------------------------------------------------------------------------------

def test_deadwood_without_melds_is_refused(tmp_path):
    text = changed('meld set "three or four of a rank": 3 to 4 of a rank\n', "")
    text = changed('meld run "three or more of a suit in a row": 3 or more of one suit in a row in runs\n', "", text)
    found = problems(tmp_path, text)
    assert len(found) == 6 and all("declares none" in f and "meld set: 3 to 4 of a rank" in f for f in found)


def test_refusals_of_meld_declarations(tmp_path):
    refused(tmp_path, changed("in a row in runs\n", "in a row in rns\n"), "rns", "unknown order 'rns'")
    refused(tmp_path, changed(": 3 to 4 of a rank", ": 4 to 3 of a rank"), "4 to 3", "from the fewer cards to the more")
    refused(tmp_path, changed(": 3 to 4 of a rank", ": 0 of a rank"), "0 of a rank", "from 1 to 24")
    refused(tmp_path, changed(": 3 to 4 of a rank", ": 2.5 or more of a rank"), "2.5", "whole number")
    refused(tmp_path, changed("3 or more of one suit in a row in runs", "14 or more of one suit in a row in runs"),
            "14 or more", "needs 14 ranks")
    refused(tmp_path, changed('meld run "three or more of a suit in a row"', 'meld set "again"'), "set \"again\"",
            "duplicate rule name 'set' (first defined at line 15)")


BOTH = changed("    order high: 2 3 4 5 6 7 8 9 10 J Q K A\n",
               "    order high: 2 3 4 5 6 7 8 9 10 J Q K A\n    order both: A 2 3 4 5 6 7 8 9 10 J Q K A\n")


def test_an_order_with_the_ace_at_both_ends_makes_runs_ace_low_and_high_never_round():
    game = load(changed("in a row in runs\n", "in a row in both\n", BOTH))
    assert dw(game, "AH 2H 3H") == 0 and dw(game, "QS KS AS") == 0 and dw(game, "10S JS QS KS AS") == 0
    assert dw(game, "KC AC 2C") == 13  # no wrapping: K A 2 is no run
    assert dw(game, "AS 2S 3S QS KS") == 5 and dw(game, "AS QS KS 2S") == 2  # one ace: in one run only
    assert dw(game, " ".join(f"{r}H" for r in cards.RANK_TEXT[:13])) == 0  # the whole suit: A..K
    # laying off: a J below Q K A, nothing above the A
    st_ = at(game, ["QS", "KS", "AS", "2D", "9D", "4C"], ["JS", "2S", "8H"])
    assert st_.value("laid", "P1") == 2 + 8  # P2 lays the J off onto P1's Q K A; the 2 goes nowhere


def test_an_order_that_names_a_rank_twice_elsewhere_is_refused(tmp_path):
    text = changed("    order high: 2 3 4 5 6 7 8 9 10 J Q K A\n",
                   "    order high: 2 3 4 5 6 7 8 9 10 J Q K A\n    order twice: A 2 3 4 5 5 6 7 8 9 10 J Q K\n")
    found = problems(tmp_path, changed("in a row in runs\n", "in a row in twice\n", text))
    assert found and any("twice" in f for f in found)


def test_wrapping_with_an_ace_at_both_ends_is_refused(tmp_path):
    refused(tmp_path, changed("in a row in runs\n", "in a row in both, wrapping\n", BOTH), "both, wrapping",
            "has a rank at both ends, and 'wrapping' goes round", on="meld run")


def test_refusals_of_deadwood_expressions(tmp_path):
    refused(tmp_path, changed("value dw: deadwood of own hand by value", "value dw: deadwood of own hand by valu"),
            "valu", "unknown points 'valu' — did you mean 'value'?", on="by valu")
    refused(tmp_path, changed("without top of table by value", "without 3 by value"), "3 by", "takes a card")
    refused(tmp_path, changed("laying off on own hand", "laying off on own hnd"), "hnd", "unknown zone 'hnd'")
    refused(tmp_path, changed("only when the card is trumps", "only when trumps is taken"), "taken",
            "'taken' holds a card, and this is a suit — compare the suit of the card it holds: 'suit of taken = …'",
            on="trumps is taken")


def test_the_card_of_a_move_only_in_a_move(tmp_path):
    refused(tmp_path, changed("value gin: 1 if deadwood of own hand by value = 0 else 0",
                              "value gin: 1 if deadwood of own hand without the card by value = 0 else 0"),
            "the card by", "'the card' is the card a move moves")


# ---- bounds -----------------------------------------------------------------------------------------

def test_too_many_cards_stop_the_game_citing_the_expression():
    game = load(BASE)
    st_ = at(game, ALL[:25])
    with pytest.raises(RulesRuntimeError) as err:
        st_.value("dw", "P1")
    line = BASE.splitlines().index("value dw: deadwood of own hand by value") + 1
    assert "25 cards to arrange into melds, more than 24" in str(err.value) and f"melds.game:{line}:" in str(err.value)
    st_ = at(game, ALL[:24])  # 24 cards, a whole suit and more, are fine
    assert st_.value("dw", "P1") == 0 + 0  # A-K of spades and A-J of hearts


def test_a_search_too_large_stops_the_game_citing_the_expression():
    game = load(changed("3 or more of one suit in a row in runs", "3 or more in a row in runs, wrapping")
                .replace("to 4 of a rank", "or more of a rank"))
    st_ = at(game, ALL[:13] + ALL[26:37])  # 24 cards, runs of any suits round the corner: too many melds
    with pytest.raises(RulesRuntimeError, match=r"deadwood: more than [0-9]+ (melds|steps).*melds.game:\d+:\d+"):
        st_.value("dw", "P1")


# ---- the search against a brute force -------------------------------------------------------------------

def brute(hand: list[str], melds) -> float:
    """Every partition of the hand into melds and cards left out: the least points left out."""
    worth = {r: min(i + 1, 10) for i, r in enumerate(cards.RANK_TEXT[:13])}
    hand = sorted(hand)

    def is_meld(group):
        return any(m(group) for m in melds)

    def best(left):
        if not left:
            return 0
        first, rest = left[0], left[1:]
        found = worth[first[:-1]] + best(rest)
        for k in range(2, len(rest) + 1):
            for others in combinations(rest, k):
                if is_meld((first, *others)):
                    found = min(found, best([c for c in rest if c not in others]))
        return found

    return best(hand)


def _places(group, order):
    return sorted(order.index(c[:-1]) for c in group)


def _set(low, high):
    return lambda g: low <= len(g) <= high and len({c[:-1] for c in g}) == 1


def _run(low, suited, wrapping):
    order = list(cards.RANK_TEXT[:13])

    def run(g):
        if len(g) < low or (suited and len({c[-1] for c in g}) != 1):
            return False
        places = _places(g, order)
        if len(set(places)) != len(places):
            return False
        if places[-1] - places[0] == len(places) - 1:
            return True
        return wrapping and any(
            sorted((p - s) % 13 for p in places) == list(range(len(places))) for s in range(13))

    return run


def _run_high(low):
    """A run of one suit with the ace high (2 … K A)."""
    order = list(cards.RANK_TEXT[1:13]) + ["A"]

    def run(g):
        if len(g) < low or len({c[-1] for c in g}) != 1:
            return False
        places = _places(g, order)
        return len(set(places)) == len(places) and places[-1] - places[0] == len(places) - 1

    return run


SHAPES = {
    "set, run": ([_set(3, 4), _run(3, True, False)], BASE),
    "wrapping": ([_set(3, 4), _run(3, True, True)], changed("in a row in runs\n", "in a row in runs, wrapping\n")),
    "ace both ways": ([_set(3, 4), _run(3, True, False), _run_high(3)], changed("in a row in runs\n", "in a row in both\n", BOTH)),
    "any suits": ([_set(3, 4), _run(3, False, False)],
                  changed("3 or more of one suit in a row in runs", "3 or more in a row in runs")),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_least_deadwood_is_the_brute_forces(shape, data):
    melds, text = SHAPES[shape]
    hand = data.draw(st.lists(st.sampled_from(ALL), min_size=0, max_size=8, unique=True))
    if hand:
        assert dw(load(text), " ".join(hand)) == brute(hand, melds)


def test_a_variant_replaces_a_meld_by_name(tmp_path):
    """A variant's `meld run` replaces the base's (round-the-corner runs); `remove set` drops sets."""
    base = ROOT / "games" / "gin_rummy.game"
    variant = write(tmp_path, f'game "Gin, round the corner"\nextends "{base}"\n'
                    'meld run "round the corner" (variant): 3 or more of one suit in a row in runs, wrapping\n'
                    "remove set\n", "round.game")
    game = gamedsl.load_game(str(variant))
    assert list(game.model.melds) == ["run"] and game.model.melds["run"].wrapping
    doc = {"zones": {"P1.hand": ["KC", "AC", "2C", "7H", "7S", "7D", "3S", "4S", "5S", "9D"],
                     "P2.hand": [c for c in ALL if c[-1] == "H" and c not in ("7H",)][:10],
                     "discard": ["QD"], "stock": [], "knocked": []}, "turn": "P1"}
    used = {c for z in doc["zones"].values() for c in z}
    doc["zones"]["stock"] = [c for c in ALL if c not in used]
    assert game.load_position(yaml.safe_dump(doc)).value("laid_out", "P1") == 7 + 7 + 7 + 9  # no sets


# ---- melds laid down: `taking … that form a meld` ---------------------------------------------------

LAY = changed('''move trump "play a trump":''', '''zones_extra_marker''').replace('''zones_extra_marker''', '''move lay "lay a meld of your hand face up on the table":
    taking any cards from own hand that form a meld
    to table
    then: end turn

move trump "play a trump":''')


def test_laying_down_melds_offers_every_meld_of_the_hand():
    game = load(LAY)
    st_ = at(game, "7D 7C 7S 7H 8H 9H 2C".split())
    lays = [str(m) for m in st_.legal_moves() if m.action == "lay"]
    # the sets of three and four sevens, the run 7♥ 8♥ 9♥: smaller sets first, then by their cards
    assert lays == ["lay 7S 7H 7D", "lay 7S 7H 7C", "lay 7S 7D 7C", "lay 7H 7D 7C", "lay 7H 8H 9H",
                    "lay 7S 7H 7D 7C"]
    st_.play("lay 9h 8h 7h")
    assert sorted(yaml.safe_load(st_.to_yaml())["zones"]["table"]) == ["7H", "8H", "9H"]
    st_ = at(game, "7D 7C 2C 5S".split())
    assert not [m for m in st_.legal_moves() if m.action == "lay"]
    report = at(game, "7D 7C 2C 5S".split()).explain("lay 7D 7C 2C")
    assert not report.legal and "2C 7D 7C is no meld (the melds: 'set', 'run')" in str(report)


def test_a_meld_of_a_size_and_with_points():
    game = load(LAY.replace("taking any cards from own hand that form a meld",
                            "taking 4 to 5 cards from own hand that form a meld whose points by value sum to 26"))
    st_ = at(game, "7D 7C 7S 5H 6H 7H 8H 2C".split())
    assert [str(m) for m in st_.legal_moves() if m.action == "lay"] == ["lay 5H 6H 7H 8H"]


def test_laying_melds_without_melds_is_refused(tmp_path):
    text = changed('meld set "three or four of a rank": 3 to 4 of a rank\n', "", LAY)
    text = changed('meld run "three or more of a suit in a row": 3 or more of one suit in a row in runs\n', "", text)
    found = problems(tmp_path, text)
    assert any("'that form a meld': the file declares no melds" in f for f in found)


def test_deadwood_by_points_of_one_counts_the_cards_left_out():
    game = load(changed("    points value:", "    points one: A=1, 2=1, 3=1, 4=1, 5=1, 6=1, 7=1, 8=1, 9=1, 10=1, J=1, Q=1, K=1\n"
                        "    points value:").replace("value dw: deadwood of own hand by value",
                                                    "value dw: deadwood of own hand by one"))
    assert dw(game, "7D 7C 7S 7H 8H 9H 2C") == 1  # 7♠ 7♦ 7♣ and 7♥ 8♥ 9♥: the 2♣ alone is left
    assert dw(game, "KS QS 2H 5D") == 4
