"""games/oh_hell.game against every checkable fact of its rules text, tests/data/oh_hell.md (a copy
of shared/new-games/oh_hell.md), and against its independent oracle, tests/oh_hell_oracle.py (a
copy of oh_hell_check.py, which knows nothing of the engine).

The text's notation maps to the engine's: a card `10♠` is `10S`; a hand `♠ J 5; ♥ Q; ♦ 9; ♣ K` is
the zone `P1.hand`; the trump card is the top of `stock` (positions list it last: bottom to top)
and its suit the counter `trumps` (`none`: no trump); a bid is the move `bid 2` and the counter
`P2.bid` (-1: not yet); a trick `P2 A♠, P3 3♠` is the zone `trick` with `played_by: {trick: [P2,
P3]}`; a play is the move `A♠ P2.hand -> trick`; tricks won are the counter `P2.tricks` and the
cards in `P2.won`; the cumulative score is the match score (`scores:`).
"""

from __future__ import annotations

import importlib.util
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import gamedsl
from gamedsl import cards, records

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
MD = HERE / "data" / "oh_hell.md"  # a copy of shared/new-games/oh_hell.md
TEXT = MD.read_text(encoding="utf-8")
SUITS = "♠♥♦♣"
LETTERS = "SHDC"


def _oracle():
    spec = importlib.util.spec_from_file_location("oh_hell_check", HERE / "oh_hell_oracle.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["oh_hell_check"] = module
    spec.loader.exec_module(module)
    module.MD = TEXT  # the oracle compares its hands and tricks with the text it was written from
    return module


oracle = _oracle()
_GAMES: dict[int, gamedsl.Game] = {}


def game(players: int) -> gamedsl.Game:
    if players not in _GAMES:
        _GAMES[players] = gamedsl.load_game(str(ROOT / "games" / "oh_hell.game"), players=players)
    return _GAMES[players]


# ---- notation ------------------------------------------------------------------------------

def engine_card(card) -> str:
    """`('10', '♠')` or `10♠` -> `10S`."""
    rank, suit = card if isinstance(card, tuple) else oracle.card(card)
    return rank + LETTERS[SUITS.index(suit)]


def text_card(code: str) -> tuple[str, str]:
    return code[:-1], SUITS[LETTERS.index(code[-1])]


def engine_suit(suit: str | None) -> str:
    return "none" if suit is None else LETTERS[SUITS.index(suit)]


def position(n: int, k: int, hands: dict[int, set], stock_top=None, *, turn: int, phase: str = "bidding",
             bids: dict[int, int] | None = None, tricks: dict[int, int] | None = None,
             scores: dict[int, int] | None = None, trick: list[tuple[int, str]] = (),
             won: dict[int, list] | None = None, stock: list | None = None):
    """A position of the text in the engine's format: deal k of n players, the hands, the stock
    (every card not held nor played, the trump card on top), the counters and the scores."""
    zones = {f"P{p}.hand": [engine_card(c) for c in sorted(hands[p], key=oracle.key)] for p in hands}
    played = [oracle.card(c) for _, c in trick]
    gone = {c for cs in (won or {}).values() for c in cs}
    if stock is None:
        held = set().union(*hands.values()) | set(played) | gone
        rest = sorted((c for c in oracle.DECK if c not in held and c != stock_top), key=oracle.key)
        stock = rest + ([stock_top] if stock_top else [])
    zones["stock"] = [engine_card(c) for c in stock]
    zones["trick"] = [engine_card(c) for c in played]
    for p, cs in (won or {}).items():
        zones[f"P{p}.won"] = [engine_card(c) for c in cs]
    counters = {"trumps": engine_suit(stock_top[1] if stock_top else None)}
    for p in range(1, n + 1):
        counters[f"P{p}.bid"] = (bids or {}).get(p, -1)
        counters[f"P{p}.tricks"] = (tricks or {}).get(p, 0)
    doc = {"deal": k, "turn": f"P{turn}", "phase": phase, "zones": zones, "counters": counters,
           "scores": {f"P{p}": (scores or {}).get(p, 0) for p in range(1, n + 1)}}
    if trick:
        doc["played_by"] = {"trick": [f"P{p}" for p, _ in trick]}
    return game(n).load_position(yaml.dump(doc, allow_unicode=True))


def bids_of(st) -> list[int]:
    texts = [str(m) for m in st.legal_moves()]
    assert all(t.startswith("bid ") for t in texts), texts
    return [int(t.split()[1]) for t in texts]


def plays_of(st) -> str:
    """The legal plays, written as the oracle shows them (`A♠ 10♠ K♥ 4♦ 9♣`)."""
    moves = list(st.legal_moves())
    assert all(str(m).endswith(f"{st.current_player}.hand -> trick") for m in moves), [str(m) for m in moves]
    return oracle.show([text_card(m.card) for m in moves])


def play(st, text: str) -> None:
    """`P2 A♠`: the player to move plays that card."""
    seat, card = text.split()
    assert st.current_player == seat, (st.current_player, text)
    st.play(f"{engine_card(card)} {seat}.hand -> trick")


def counters(st) -> dict:
    return yaml.safe_load(st.to_yaml())["counters"]


def tricks_won(st, n: int) -> dict[int, int]:
    c = counters(st)
    return {p: c[f"P{p}.tricks"] for p in range(1, n + 1)}


# ---- the oracle -----------------------------------------------------------------------------------

def test_the_oracle_checks_every_fact_against_the_text():
    oracle.main()


def test_the_game_checks():
    run = subprocess.run([sys.executable, "-m", "gamedsl", "check", "games/oh_hell.game"], check=False, capture_output=True,
                         text=True, cwd=ROOT, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "ok" in run.stdout


# ---- fact 1: the schedule ---------------------------------------------------------------------

def dealt(n: int, k: int, seed: int = 0):
    """Deal k of a match of n players, as the engine deals it."""
    st = game(n).new_game(seed=seed)
    if k > 1:
        st._deal(k)
    return st


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_fact_1_the_schedule(n):
    m = oracle.max_hand(n)
    schedule = oracle.schedule(n)
    assert len(schedule) == 2 * m - 1
    for k, h in enumerate(schedule, 1):
        st = dealt(n, k, seed=k)
        shown = yaml.safe_load(st.to_yaml())
        zones = shown["zones"]
        assert st.value("max_hand", "P1") == m
        assert st.value("hand_size", "P1") == h
        assert [len(zones[f"P{p}.hand"]) for p in range(1, n + 1)] == [h] * n
        assert len(zones["stock"]) == 52 - n * h
        dealer = oracle.dealer(n, k)
        assert st.value("dealer", "P1") == dealer
        assert st.current_player == f"P{oracle.seat_left(n, dealer)}"  # the dealer's left bids first
        assert shown["phase"] == "bidding"
        if zones["stock"]:  # the trump card: the stock's top, public, its suit trumps
            top = zones["stock"][-1]
            assert shown["counters"]["trumps"] == top[-1]
            for p in range(1, n + 1):
                seen = st.observation(f"P{p}")["zones"]["stock"]
                assert seen[-1] == top and set(seen[:-1]) <= {"??"}
        else:
            assert shown["counters"]["trumps"] == "none"
        assert sum(len(z) for z in st.zones) == 52


def test_fact_1_the_numbers_of_the_text():
    assert [dealt(5, 1).value("hand_size", "P1")] + [dealt(5, k).value("hand_size", "P1") for k in range(2, 20)] == \
        [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    assert len(yaml.safe_load(dealt(5, 1).to_yaml())["zones"]["stock"]) == 2
    for k in (1, 25):
        assert counters(dealt(4, k))["trumps"] == "none"
    st = dealt(4, 2)
    assert len(yaml.safe_load(st.to_yaml())["zones"]["stock"]) == 4 and counters(st)["trumps"] != "none"
    assert len(yaml.safe_load(dealt(3, 1).to_yaml())["zones"]["stock"]) == 1
    assert {k: dealt(4, k).value("dealer", "P1") for k in (1, 2, 5, 9, 25)} == {1: 1, 2: 2, 5: 1, 9: 1, 25: 1}
    assert dealt(3, 17).value("dealer", "P1") == 2 and dealt(3, 33).value("dealer", "P1") == 3


@pytest.mark.parametrize("n, k", [(3, 1), (4, 2), (5, 7), (7, 13), (6, 8)])
def test_dealing_one_card_at_a_time_clockwise_from_the_dealer_s_left(tmp_path, n, k):
    """Dealing a deal 2: the same file without its shuffle deals the deck as it lies: the top card
    to the dealer's left, the next to the player on his left, and so on, h times round."""
    text = (ROOT / "games" / "oh_hell.game").read_text(encoding="utf-8")
    assert text.count("    shuffle stock\n") == 1
    path = tmp_path / "unshuffled.game"
    path.write_text(text.replace("    shuffle stock\n", ""), encoding="utf-8")
    unshuffled = gamedsl.load_game(str(path), players=n)
    st = unshuffled.new_game(seed=0)
    before = list(reversed(_unshuffled_deck(unshuffled)))  # top first
    st._deal(k)
    hands = yaml.safe_load(st.to_yaml())["zones"]
    h, dealer = oracle.schedule(n)[k - 1], oracle.dealer(n, k)
    for i in range(n):
        seat = oracle.seat_left(n, dealer, i + 1)
        assert hands[f"P{seat}.hand"] == before[i:n * h:n]
    assert hands["stock"] == list(reversed(before[n * h:]))


def _unshuffled_deck(g) -> list[str]:
    """The stock as the file holds it before the deal, bottom to top."""
    st = g.new_game(seed=0)
    return [cards.CARD_TEXT[c] for c in st.game.compiled.initial_cards(st.game.compiled.zones.by_name["stock"])]


# ---- O1: bidding and the hook (facts 2, 3) -------------------------------------------------------

def o1(**kw):
    return position(4, 9, oracle.O1, oracle.O1_TURNED, scores={1: 41, 2: 37, 3: 52, 4: 30}, **kw)


def test_o1_is_the_text_s_position():
    st = o1(turn=2)
    zones = yaml.safe_load(st.to_yaml())["zones"]
    assert len(zones["stock"]) == 32 and zones["stock"][-1] == "6H"
    assert st.value("hand_size", "P1") == 5 and st.value("dealer", "P1") == 1
    assert counters(st)["trumps"] == "H"


def test_fact_2_bidding_and_the_hook():
    st = o1(turn=2)
    assert bids_of(st) == [0, 1, 2, 3, 4, 5]
    st.play("bid 1")
    assert st.current_player == "P3" and bids_of(st) == [0, 1, 2, 3, 4, 5]
    st.play("bid 1")
    assert st.current_player == "P4" and bids_of(st) == [0, 1, 2, 3, 4, 5]
    st.play("bid 2")
    assert st.current_player == "P1" and bids_of(st) == [0, 2, 3, 4, 5] == oracle.legal_bids(5, 4, [1, 1, 2], True)
    report = st.explain("bid 1")
    assert not report.legal and "oh_hell.game" in str(report)
    st.play("bid 0")
    c = counters(st)
    assert sum(c[f"P{p}.bid"] for p in range(1, 5)) == 4
    assert yaml.safe_load(st.to_yaml())["phase"] == "play" and st.current_player == "P2"  # P2 leads


@pytest.mark.parametrize("first", range(6))
def test_fact_2_the_others_have_six_bids_whatever_was_bid_before(first):
    st = o1(turn=2)
    st.play(f"bid {first}")
    assert bids_of(st) == [0, 1, 2, 3, 4, 5]
    st.play(f"bid {5 - first}")
    assert bids_of(st) == [0, 1, 2, 3, 4, 5]


@pytest.mark.parametrize("others, legal", [((3, 2, 1), [0, 1, 2, 3, 4, 5]), ((2, 2, 1), [1, 2, 3, 4, 5]),
                                           ((0, 0, 0), [0, 1, 2, 3, 4])])
def test_fact_3_the_hook_in_other_cases(others, legal):
    st = o1(turn=1, bids=dict(zip((2, 3, 4), others)))
    assert bids_of(st) == legal == oracle.legal_bids(5, 4, list(others), True)


# ---- facts 4, 5: leading, following, trumping, a whole deal ------------------------------------

BIDS_O1 = {2: 1, 3: 1, 4: 2, 1: 0}


def o1_after_bids():
    return o1(turn=2, phase="play", bids=BIDS_O1)


def test_the_bids_played_give_the_same_position():
    st = o1(turn=2)
    for p in (2, 3, 4, 1):
        st.play(f"bid {BIDS_O1[p]}")
    assert st.key() == o1_after_bids().key()


def test_fact_4_leading_following_and_trumping():
    st = o1_after_bids()
    assert plays_of(st) == "A♠ 10♠ K♥ 4♦ 9♣"  # every card, the trump K♥ too
    play(st, "P2 A♠")
    assert plays_of(st) == "Q♠ 3♠"
    play(st, "P3 3♠")
    assert plays_of(st) == "7♥ 2♥ A♦ 6♦ 5♣"  # no spade: trump or discard
    play(st, "P4 2♥")
    assert plays_of(st) == "J♠ 5♠"
    play(st, "P1 5♠")
    assert st.current_player == "P4" and counters(st)["taker"] == 4  # the lowest trump beats A♠
    assert sorted(yaml.safe_load(st.to_yaml())["zones"]["P4.won"]) == sorted(["AS", "3S", "2H", "5S"])


def test_fact_5_a_whole_deal():
    st = o1_after_bids()
    model = oracle.new_o1()
    for line, winner in zip(oracle.O1_DEAL, oracle.O1_WINNERS):
        for t in line.split(", "):
            assert plays_of(st) == oracle.show(model.legal())  # every card played is legal
            if line.startswith("P3 K♦") and t.startswith("P1"):
                assert plays_of(st) == "J♠ Q♥"  # trick 4: P1 has no diamond
            play(st, t)
            model.play(oracle.card(t.split()[1]))
        if st.is_over or st.deal_number > 9:
            break
        assert st.current_player == f"P{winner}" and counters(st)["taker"] == winner
    result = st.results[-1]
    assert result.number == 9 and result.end == "deal_done"
    assert list(result.scores) == [10, 11, 11, 0]
    assert st.scores == {"P1": 51, "P2": 48, "P3": 63, "P4": 30}
    names = st.game.compiled.counters.labels
    assert {p: result.counters_after[names.index(f"P{p}.tricks")] for p in range(1, 5)} == \
        {1: 0, 2: 1, 3: 1, 4: 3} == model.won
    # the next deal: deal 10, h = 4, dealt by P2; P3 bids first
    assert st.deal_number == 10 and st.value("hand_size", "P1") == 4 and st.value("dealer", "P1") == 2
    assert st.current_player == "P3" and not st.is_over


def test_fact_5_the_tricks_one_by_one():
    st = o1_after_bids()
    for i, (line, winner) in enumerate(zip(oracle.O1_DEAL[:4], oracle.O1_WINNERS)):
        for t in line.split(", "):
            play(st, t)
        assert tricks_won(st, 4)[winner] == oracle.O1_WINNERS[:i + 1].count(winner)
        assert yaml.safe_load(st.to_yaml())["zones"]["trick"] == []


def test_a_trick_in_progress_records_who_played():
    st = o1_after_bids()
    play(st, "P2 A♠")
    play(st, "P3 3♠")
    shown = yaml.safe_load(st.to_yaml())
    assert shown["played_by"] == {"trick": ["P2", "P3"]}
    again = position(4, 9, {p: oracle.O1[p] - {oracle.card("A♠"), oracle.card("3♠")} for p in oracle.O1},
                     oracle.O1_TURNED, turn=4, phase="play", bids=BIDS_O1, scores={1: 41, 2: 37, 3: 52, 4: 30},
                     trick=[(2, "A♠"), (3, "3♠")])
    assert again.key() == st.key()
    assert plays_of(again) == "7♥ 2♥ A♦ 6♦ 5♣"


def test_a_card_that_does_not_follow_suit_is_refused_naming_the_rule():
    st = o1_after_bids()
    play(st, "P2 A♠")
    report = st.explain("8H P3.hand -> trick")  # P3 holds Q♠ 3♠
    assert not report.legal and "oh_hell.game:" in str(report)


def test_what_each_player_sees():
    """Zones: a hand is seen by its owner only (its size by all); the trump card is public, the
    rest of the stock is not; the current trick and the won tricks are public, with who played."""
    st = o1_after_bids()
    for t in ("P2 A♠", "P3 3♠", "P4 2♥", "P1 5♠", "P4 A♦"):
        play(st, t)
    for seat in ("P1", "P2", "P3", "P4"):
        seen = st.observation(seat)
        zones = seen["zones"]
        for p in ("P1", "P2", "P3", "P4"):
            hand = zones[f"{p}.hand"]
            assert (set(hand) == {"??"}) == (p != seat) and len(hand) == (4 if p != "P4" else 3)
        assert zones["stock"][-1] == "6H" and set(zones["stock"][:-1]) == {"??"}
        assert sorted(zones["P4.won"]) == sorted(["AS", "3S", "2H", "5S"])
        assert zones["trick"] == ["AD"] and seen["trick_players"] == {"trick": ["P4"]}
        assert seen["counters"]["P2.bid"] == 1 and seen["counters"]["trumps"] == "H"


# ---- O2: a no-trump deal (fact 6) -----------------------------------------------------------------

def test_fact_6_a_no_trump_deal():
    st = position(4, 1, oracle.O2, None, turn=2)
    assert counters(st)["trumps"] == "none" and st.value("hand_size", "P1") == 13 and st.value("dealer", "P1") == 1
    for bid in (4, 3, 3):
        assert len(bids_of(st)) == 14
        st.play(f"bid {bid}")
    assert bids_of(st) == [0, 1, 2] + list(range(4, 14))
    st.play("bid 0")
    assert st.current_player == "P2"
    assert len(st.legal_moves()) == 13
    play(st, "P2 9♣")
    assert len(st.legal_moves()) == 13  # P3 has no club
    play(st, "P3 A♥")
    assert plays_of(st) == "Q♣ J♣ 7♣ 5♣ 2♣"
    play(st, "P4 5♣")
    assert plays_of(st) == "A♣ 10♣ 8♣ 3♣"
    play(st, "P1 10♣")
    assert st.current_player == "P1" and counters(st)["taker"] == 1  # A♥ cannot win: not led, no trumps


# ---- O3: a forced bid in the one-card deal (fact 7) -----------------------------------------------

def o3(**kw):
    return position(3, 17, oracle.O3, oracle.O3_TURNED, **kw)


@pytest.mark.parametrize("p3, p1, legal", [(0, 1, [1]), (0, 0, [0]), (1, 1, [0, 1])])
def test_fact_7_the_dealer_s_forced_bid(p3, p1, legal):
    st = o3(turn=3)
    assert st.value("hand_size", "P1") == 1 and st.value("dealer", "P1") == 2
    assert len(yaml.safe_load(st.to_yaml())["zones"]["stock"]) == 49 and counters(st)["trumps"] == "D"
    assert bids_of(st) == [0, 1]
    st.play(f"bid {p3}")
    assert st.current_player == "P1" and bids_of(st) == [0, 1]
    st.play(f"bid {p1}")
    assert st.current_player == "P2" and bids_of(st) == legal == oracle.legal_bids(1, 3, [p3, p1], True)


def test_fact_7_the_one_trick():
    st = o3(turn=3)
    for bid in (0, 1, 1):
        st.play(f"bid {bid}")
    assert st.current_player == "P3"
    for t in ["P3 K♠", "P1 7♦", "P2 A♣"]:
        assert len(st.legal_moves()) == 1  # each play is forced
        play(st, t)
    result = st.results[-1]
    names = st.game.compiled.counters.labels
    assert result.counters_after[names.index("P1.tricks")] == 1  # P1's 7♦ is a trump
    assert list(result.scores) == [11, 0, 10]  # P1, P2, P3
    assert st.deal_number == 18 and st.value("hand_size", "P1") == 2


# ---- fact 8: the end of the match ---------------------------------------------------------------

def test_fact_8_the_last_deal_s_bids():
    rng = random.Random(8)
    deck = list(oracle.DECK)
    rng.shuffle(deck)
    hands = {p: set(deck[17 * (p - 1):17 * p]) for p in (1, 2, 3)}
    st = position(3, 33, hands, deck[51], turn=1, scores={1: 205, 2: 219, 3: 214})
    assert st.value("dealer", "P1") == 3 and st.value("hand_size", "P1") == 17
    st.play("bid 6")
    st.play("bid 5")
    assert bids_of(st) == [b for b in range(18) if b != 6]
    st.play("bid 4")
    assert st.current_player == "P1" and not st.is_over


def last_trick(final_before: dict[int, int]):
    """Deal 33, h = 17, bids P1 6, P2 5, P3 4: 16 tricks played (P1 6, P2 6, P3 4, in the won
    piles), P2 leads the last with A♠ (spades trumps) and takes his seventh."""
    deck = sorted(oracle.DECK, key=oracle.key)
    last = {2: {oracle.card("A♠")}, 3: {oracle.card("2♥")}, 1: {oracle.card("3♥")}}
    rest = [c for c in deck if c not in set().union(*last.values()) and c != oracle.card("4♠")]
    won = {1: rest[:18], 2: rest[18:36], 3: rest[36:48]}
    return position(3, 33, last, oracle.card("4♠"), turn=2, phase="play", bids={1: 6, 2: 5, 3: 4},
                    tricks={1: 6, 2: 6, 3: 4}, won=won, scores=final_before)


def test_fact_8_the_end_of_the_match():
    st = last_trick({1: 205, 2: 219, 3: 214})
    for t in ("P2 A♠", "P3 2♥", "P1 3♥"):
        play(st, t)
    assert st.is_over
    result = st.results[-1]
    assert result.number == 33 and list(result.scores) == [16, 0, 14]
    assert st.scores == {"P1": 221, "P2": 219, "P3": 228}
    assert st.winners == ["P3"]
    assert not list(st.legal_moves())


def test_fact_8_a_shared_win():
    st = last_trick({1: 205, 2: 228, 3: 214})
    for t in ("P2 A♠", "P3 2♥", "P1 3♥"):
        play(st, t)
    assert st.scores == {"P1": 221, "P2": 228, "P3": 228}
    assert sorted(st.winners) == ["P2", "P3"]


# ---- random matches against the oracle --------------------------------------------------------------

def hand_cards(st, p: int) -> set:
    names = st.game.compiled.zones.names
    return {text_card(cards.CARD_TEXT[c]) for c in st.zones[names.index(f"P{p}.hand")]}


def stock_cards(st) -> list:
    names = st.game.compiled.zones.names
    return [text_card(cards.CARD_TEXT[c]) for c in st.zones[names.index("stock")]]


def play_match(n: int, seed: int, chooser: int, check: bool = True, limit: int = 20000):
    """A whole match at random; with `check`, every deal is followed by the oracle: the schedule,
    the legal bids, the legal plays, each trick's winner, the deal's scores."""
    st = game(n).new_game(seed=seed)
    rng = random.Random(chooser)
    moves: list[str] = []
    deals = 0
    model = None
    number = 0
    bids: dict[int, int] = {}
    points = {p: 0 for p in range(1, n + 1)}
    for _ in range(limit):
        if st.is_over:
            break
        if st.deal_number != number:  # a new deal: the oracle starts from its hands
            number = st.deal_number
            deals += 1
            h = oracle.schedule(n)[number - 1]
            dealer = oracle.dealer(n, number)
            stock = stock_cards(st)
            trump = stock[-1][1] if stock else None
            assert counters(st)["trumps"] == engine_suit(trump)
            model = oracle.OhHell(n, h, dealer, {p: hand_cards(st, p) for p in range(1, n + 1)}, trump, stock)
            bids = {}
        legal = list(st.legal_moves())
        texts = [str(m) for m in legal]
        for t in texts:  # every text the engine writes reads back to its move
            assert str(st.parse_move(t)) == t
        mover = int(st.current_player[1:])
        if check and len(bids) < n:
            assert mover == oracle.seat_left(n, dealer, len(bids) + 1)
            assert bids_of(st) == oracle.legal_bids(model.h, n, list(bids.values()), mover == dealer)
        elif check:
            assert mover == model.to_move()
            assert plays_of(st) == oracle.show(model.legal())
        if check and rng.random() < 0.05:  # the position written and read back is the same position
            again = game(n).load_position(st.to_yaml())
            assert again.key() == st.key() and [str(m) for m in again.legal_moves()] == texts
        move = legal[rng.randrange(len(legal))]
        moves.append(str(move))
        before_deal = st.deal_number
        st.play(move)
        assert sum(len(z) for z in st.zones) == 52 and len({c for z in st.zones for c in z}) == 52
        if len(bids) < n:
            bids[mover] = int(str(move).split()[1])
        else:
            winner = model.play(text_card(move.card))
            if winner is not None and check and st.deal_number == before_deal:
                assert st.current_player == f"P{winner}"
        if st.deal_number != before_deal or st.is_over:  # the deal was scored
            assert all(not model.hands[p] for p in model.hands) and sum(model.won.values()) == model.h
            expected = [oracle.deal_score(bids[p], model.won[p]) for p in range(1, n + 1)]
            assert list(st.results[-1].scores) == expected
            for p in range(1, n + 1):
                points[p] += expected[p - 1]
    assert st.is_over, f"no end after {limit} moves"
    assert deals == len(oracle.schedule(n)) == len(st.results)
    assert st.scores == {f"P{p}": points[p] for p in points}
    top = max(points.values())
    assert sorted(st.winners) == [f"P{p}" for p in points if points[p] == top]
    return st, moves


@pytest.mark.parametrize("n, seed", [(n, seed) for n in (3, 4, 5, 6, 7) for seed in (1, 2, 3)])
def test_a_random_match_follows_the_oracle_and_keeps_the_cards(n, seed):
    play_match(n, seed, seed * 7)


def test_a_seed_replays_the_same_match():
    first, moves = play_match(4, 9, 9, check=False)
    second, again = play_match(4, 9, 9, check=False)
    assert moves == again and first.results == second.results


def test_a_save_replays(tmp_path):
    st = game(5).new_game(seed=11)
    rng = random.Random(3)
    for _ in range(150):
        legal = st.legal_moves()
        st.play(legal[rng.randrange(len(legal))])
    path = tmp_path / "oh_hell.save"
    records.save(st, ["random"] * 5, path)
    loaded, seats = records.load(path)
    assert seats == ["random"] * 5
    assert loaded.key() == st.key() and loaded.to_yaml() == st.to_yaml()


# ---- the real entry point -------------------------------------------------------------------------

def _env():
    return {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""), "NO_COLOR": "1"}


def test_the_console_plays_a_whole_match_of_computers():
    run = subprocess.run([sys.executable, "-m", "gamedsl", "play", "oh_hell", "--players", "4", "--seats",
                          "computer,computer,computer,computer", "--no-color", "--seed", "2"],
                         check=False, capture_output=True, text=True, timeout=900, cwd=ROOT, env=_env(),
                         stdin=subprocess.DEVNULL)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "Game over" in run.stdout and "Final scores" in run.stdout


@pytest.mark.parametrize("seats", ["random,random,random", "greedy,random,mcts:8"])
def test_simulate_runs_with_computer_players(seats):
    run = subprocess.run([sys.executable, "-m", "gamedsl", "simulate", "oh_hell", "--players", "3", "--games", "1",
                          "--seats", seats], check=False, capture_output=True, text=True, timeout=900, cwd=ROOT,
                         env=_env())
    assert run.returncode == 0, run.stderr[-2000:]
    assert "Oh Hell!" in run.stdout
