"""games/spades.game against every checkable fact of its rules text, tests/data/spades.md (a copy
of shared/new-games/spades.md), and against its independent oracle, tests/spades_oracle.py (a
copy of spades_check.py, which knows nothing of the engine).

The text's seats N E S W are the engine's P1 P2 P3 P4 (clockwise is the seat order); its sides
N–S and E–W are the teams `north_south` (P1, P3) and `east_west` (P2, P4). Its cards `10♦` are
the engine's `10D`. A bid of Nil is the move `nil`, a bid of 4 the move `bid 4`; the counter
`P2.bid` holds -1 (no bid yet), 0 (Nil) or the number. A trick `E A♥, S 6♥` is the zone `trick`
with `played_by: {trick: [P2, P3]}`; a play is the card move `AH P2.hand -> trick`. Won tricks
are each player's `won` (four cards a trick, in the order played) and the counter `P2.tricks`;
spades broken is the counter `broken` (0 or 1); a side's bags are the team counters
`north_south.bags` and `east_west.bags`; a side's score is the match score of both its players
(`scores:`).
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import gamedsl
from gamedsl import records

from . import spades_oracle as oracle

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
MD = HERE / "data" / "spades.md"  # a copy of shared/new-games/spades.md
TEXT = MD.read_text(encoding="utf-8")
SEATS = oracle.SEATS  # N E S W
P = {s: f"P{i}" for i, s in enumerate(SEATS, 1)}
SEAT_OF = {v: k for k, v in P.items()}
TEAM = {"NS": "north_south", "EW": "east_west"}
LETTERS = "SHDC"  # the engine's suits, in the oracle's order ♠ ♥ ♦ ♣
ALL_BIDS = ["nil"] + [f"bid {n}" for n in range(1, 14)]
_GAME: list[gamedsl.Game] = []


def game() -> gamedsl.Game:
    if not _GAME:
        _GAME.append(gamedsl.load_game(str(ROOT / "games" / "spades.game")))
    return _GAME[0]


# ---- notation ------------------------------------------------------------------------------

def ec(card: tuple[str, str]) -> str:
    """The oracle's card ('10', '♦') as the engine writes it: 10D."""
    return card[0] + LETTERS[oracle.SUITS.index(card[1])]


def oc(text: str) -> tuple[str, str]:
    """The engine's card 10D as the oracle's ('10', '♦')."""
    return (text[:-1], oracle.SUITS[LETTERS.index(text[-1])])


def bid_counter(bid) -> int:
    """A bid of the text (Nil or a number; None: not yet) as the counter holds it."""
    return -1 if bid is None else 0 if bid == "Nil" else bid


def bid_move(bid) -> str:
    return "nil" if bid == "Nil" else f"bid {bid}"


def position_yaml(hands, turn, *, phase="play", deal=1, bids=None, trick=(), won=None, tricks=None,
                  broken=False, scores=None, bags=None, taker=None) -> str:
    """A position in the engine's format. `hands` by the text's seats (sets of oracle cards),
    `bids` by seat (Nil or a number), `trick` [(seat, card)] in the order of play, `won` by seat:
    a list of tricks, each a list of (seat, card) or of cards; `tricks` by seat (else the number
    of tricks in `won`); `scores` and `bags` by side (NS, EW); `taker` the seat that won the last
    trick (none: 0)."""
    zones: dict[str, list[str]] = {"stock": []}
    for s in SEATS:
        zones[f"{P[s]}.hand"] = [ec(c) for c in sorted(hands[s], key=oracle.key)]
    zones["trick"] = [ec(c) for _, c in trick]
    counters: dict[str, int] = {"broken": int(broken), "taker": int(P[taker][1:]) if taker else 0}
    for s in SEATS:
        piles = (won or {}).get(s, [])
        zones[f"{P[s]}.won"] = [ec(c[1] if isinstance(c[0], str) and c[0] in SEATS else c) for t in piles for c in t]
        counters[f"{P[s]}.bid"] = bid_counter((bids or {}).get(s))
        counters[f"{P[s]}.tricks"] = (tricks or {}).get(s, len(piles))
    for side, name in TEAM.items():
        counters[f"{name}.bags"] = (bags or {}).get(side, 0)
    doc = {"deal": deal, "turn": P[turn], "phase": phase, "zones": zones, "counters": counters,
           "played_by": {"trick": [P[s] for s, _ in trick]},
           "scores": {P[s]: (scores or {}).get(oracle.SIDE[s], 0) for s in SEATS}}
    return yaml.dump(doc, allow_unicode=True)


def load(hands, turn, **kw):
    return game().load_position(position_yaml(hands, turn, **kw))


def from_oracle(g: oracle.Spades, bids, **kw):
    """The engine's position of an oracle game in the play phase."""
    return load(g.hands, g.to_move(), bids=bids, trick=g.trick, won=g.won, broken=g.broken, **kw)


def shape(st) -> dict:
    return yaml.safe_load(st.to_yaml())


def counters(st) -> dict:
    return shape(st)["counters"]


def hands_of(st) -> dict[str, set]:
    zones = shape(st)["zones"]
    return {s: {oc(c) for c in zones[f"{P[s]}.hand"]} for s in SEATS}


def bids_of(st) -> list[str]:
    return [str(m) for m in st.legal_moves()]


def plays(st) -> str:
    """The cards the player to move may play, as the text lists them (`A♥ Q♥ 5♥ K♦ …`)."""
    moves = list(st.legal_moves())
    assert all(m.action == "play" and str(m).endswith(f"{st.current_player}.hand -> trick") for m in moves)
    return oracle.show([oc(m.card) for m in moves])


def play(st, card: str):
    """Play a card of the text (`J♦`): it must be a legal move of the player to move."""
    st.play(f"{ec(oracle.card(card))} {st.current_player}.hand -> trick")


def play_tricks(st, lines: list[str]) -> list[str]:
    """Play tricks written as the text writes them; the seat the turn goes to is checked before
    each card, and the seat to lead next (the trick's winner) returned for each trick."""
    winners = []
    for line in lines:
        for seat, card in oracle.trick_cards(line):
            assert st.current_player == P[seat], (line, seat)
            play(st, card[0] + card[1])
        winners.append(SEAT_OF[st.current_player])
    return winners


def text_hands(after: str) -> dict[str, set]:
    """The four hands the text lists after a marker (`- N: `…``, E, S, W)."""
    at = TEXT.index(after)
    found = re.findall(r"- ([NESW]): `([^`]+)`", TEXT[at:])[:4]
    assert [s for s, _ in found] == SEATS
    return {s: oracle.parse_hand(h) for s, h in found}


def listed(claim: str) -> str:
    """The cards the text lists in `exactly N legal moves: …**`, the first such list from `claim`."""
    flat = re.sub(r"\s+", " ", TEXT)
    at = flat.index(claim)
    m = re.compile(r"exactly (\d+) legal moves?: ([^*]+)\*\*").search(flat, at)
    assert m, claim
    cards = m.group(2).split()
    assert len(cards) == int(m.group(1))
    return " ".join(cards)


def label(st, name: str) -> int:
    return st.game.compiled.counters.labels.index(name)


# ---- the text and the game file ------------------------------------------------------------

def test_the_oracle_agrees_with_the_text():
    oracle.MD = TEXT  # it checks that every hand and trick it uses is written in the text
    oracle.main()


def test_the_game_checks():
    run = subprocess.run([sys.executable, "-m", "gamedsl", "check", "games/spades.game"], check=False,
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "games/spades.game: ok (Spades" in run.stdout
    assert gamedsl.load_game("spades").title == "Spades"


def test_the_positions_of_the_text_are_the_oracles():
    assert text_hands("**Position P1.**") == oracle.P1
    assert text_hands("**Position P2.**") == oracle.P2


def test_the_sides_are_fixed_partnerships():
    st = game().new_game(seed=0)
    assert st.teams == {"north_south": ["P1", "P3"], "east_west": ["P2", "P4"]}
    assert {p: st.team_of(p) for p in ("P1", "P2", "P3", "P4")} == \
        {"P1": "north_south", "P2": "east_west", "P3": "north_south", "P4": "east_west"}


# ---- the deal ------------------------------------------------------------------------------

@pytest.mark.parametrize("deal", [1, 2, 3, 4, 5, 6])
def test_the_deal_passes_to_the_left_and_the_dealers_left_bids_first(deal):
    st = game().new_game(seed=deal)
    if deal > 1:
        st._deal(deal)
    dealer = SEATS[(deal - 1) % 4]
    assert st.value("dealer", "P1") == int(P[dealer][1:])
    assert st.current_player == P[oracle.left(dealer)]
    doc = shape(st)
    assert doc["phase"] == "bidding" and doc["zones"]["stock"] == []
    assert all(len(doc["zones"][f"{P[s]}.hand"]) == 13 for s in SEATS)
    assert doc["counters"]["broken"] == 0 and all(doc["counters"][f"{P[s]}.bid"] == -1 for s in SEATS)


def test_the_deal_gives_13_cards_one_at_a_time_from_the_dealers_left(tmp_path):
    """Deal 2: the same file without its shuffle deals the deck as it lies, the top card to the
    dealer's left, the next to the player on his left, and so on."""
    text = (ROOT / "games" / "spades.game").read_text(encoding="utf-8")
    assert text.count("    shuffle stock\n") == 1
    path = tmp_path / "unshuffled.game"
    path.write_text(text.replace("    shuffle stock\n", ""), encoding="utf-8")
    unshuffled = gamedsl.load_game(str(path))
    stock = [c + s for s in "SHDC" for c in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    top_first = list(reversed(stock))
    for deal in (1, 2):
        st = unshuffled.new_game(seed=0)
        if deal > 1:
            st._deal(deal)
        zones = shape(st)["zones"]
        dealer = SEATS[(deal - 1) % 4]
        for i in range(4):
            seat = oracle.left(dealer, i + 1)
            assert sorted(zones[f"{P[seat]}.hand"]) == sorted(top_first[i::4])


# ---- fact 1: bidding ---------------------------------------------------------------------------

def p1(**kw):
    return load(oracle.P1, kw.pop("turn", "E"), **kw)


def test_fact_1_each_player_has_exactly_14_bids_whatever_was_bid_before():
    st = p1(phase="bidding")
    for seat in ("E", "S", "W", "N"):
        assert st.current_player == P[seat]
        assert bids_of(st) == ALL_BIDS and len(ALL_BIDS) == 14
        st.play(bid_move(oracle.P1_BIDS[seat]))
    doc = shape(st)
    assert doc["phase"] == "play" and st.current_player == "P2"  # E leads to trick 1
    assert {s: doc["counters"][f"{P[s]}.bid"] for s in SEATS} == {"N": 0, "E": 4, "S": 4, "W": 2}
    assert st.value("contract", "P1") == st.value("contract", "P3") == 4  # N's Nil adds nothing
    assert st.value("contract", "P2") == st.value("contract", "P4") == 6


def test_fact_1_even_after_bids_of_13():
    st = p1(phase="bidding", turn="N", bids={"E": 13, "S": 13, "W": 13})
    assert bids_of(st) == ALL_BIDS
    st = p1(phase="bidding", turn="N", bids={"E": 4, "S": 4, "W": 2})
    assert bids_of(st) == ALL_BIDS


def test_fact_1_there_is_no_bid_of_0_nor_of_14():
    st = p1(phase="bidding")
    for text in ("bid 0", "bid 14"):
        with pytest.raises(ValueError):
            st.play(text)
    assert str(st.parse_move("nil")) == "nil" and str(st.parse_move("bid 13")) == "bid 13"


def test_the_bids_played_give_the_text_s_position():
    st = p1(phase="bidding")
    for seat in ("E", "S", "W", "N"):
        st.play(bid_move(oracle.P1_BIDS[seat]))
    assert st.key() == p1(bids=oracle.P1_BIDS).key()


# ---- facts 2 to 6: leading, following, a void, spades broken -------------------------------------

def test_fact_2_the_opening_lead():
    st = p1(bids=oracle.P1_BIDS)
    assert plays(st) == listed("2. **The opening lead.**") == "A♥ Q♥ 5♥ K♦ 10♦ 8♦ 4♦ A♣ 9♣ 2♣"
    for spade in ("KS", "7S", "3S"):  # rule L1
        report = st.explain(f"{spade} P2.hand -> trick")
        assert not report.legal and "broken = 1" in str(report) and "spades.game:" in str(report)


def test_fact_3_following_suit():
    st = p1(bids=oracle.P1_BIDS)
    play(st, "A♥")
    assert plays(st) == "K♥ 8♥ 6♥"
    play(st, "6♥")
    assert plays(st) == "J♥ 10♥ 9♥ 7♥ 3♥ 2♥"
    play(st, "2♥")
    assert plays(st) == "4♥" and len(st.legal_moves()) == 1  # rule F1, forced
    play(st, "4♥")
    assert st.current_player == "P2" and counters(st)["taker"] == 2  # E won and leads again
    doc = shape(st)
    assert doc["zones"]["trick"] == [] and doc["zones"]["P2.won"] == ["AH", "6H", "2H", "4H"]
    assert doc["counters"]["P2.tricks"] == 1


def test_fact_4_a_void():
    st = p1(bids=oracle.P1_BIDS)
    play_tricks(st, oracle.DEAL[:1])
    for card in ("Q♥", "8♥", "3♥"):
        play(st, card)
    assert st.current_player == "P1"
    assert hands_of(st)["N"] == oracle.parse_hand("♠ 6 5; ♥ none; ♦ J 9 6 5 2; ♣ J 10 6 4 3")
    assert plays(st) == oracle.show(hands_of(st)["N"]) and len(st.legal_moves()) == 12  # rule F2
    assert "6♠ 5♠" in plays(st)
    play(st, "J♦")
    assert st.current_player == "P2" and counters(st)["broken"] == 0


def fact_5_position():
    return load(text_hands("5. **Trumping breaks spades.**"), "E", bids=oracle.P1_BIDS,
                won={"E": [oracle.trick_cards(oracle.DEAL[i]) for i in (0, 1, 4)],
                     "S": [oracle.trick_cards(oracle.DEAL[i]) for i in (2, 3)]}, taker="E")


def test_fact_5_the_first_five_tricks_give_the_text_s_position():
    st = p1(bids=oracle.P1_BIDS)
    assert play_tricks(st, oracle.DEAL[:5]) == oracle.WINNERS[:5] == ["E", "E", "S", "S", "E"]
    assert hands_of(st) == text_hands("5. **Trumping breaks spades.**")
    c = counters(st)
    assert c["broken"] == 0 and {s: c[f"{P[s]}.tricks"] for s in SEATS} == {"N": 0, "E": 3, "S": 2, "W": 0}
    assert st.key() == fact_5_position().key()


@pytest.mark.parametrize("start", ["played", "loaded"])
def test_fact_5_trumping_breaks_spades(start):
    if start == "played":
        st = p1(bids=oracle.P1_BIDS)
        play_tricks(st, oracle.DEAL[:5])
    else:
        st = fact_5_position()
    assert plays(st) == listed("5. **Trumping breaks spades.**") == "K♦ 10♦ 8♦ 4♦ 9♣"  # rule L1
    play(st, "9♣")
    play(st, "5♣")
    assert st.current_player == "P4" and len(st.legal_moves()) == 8
    assert plays(st) == oracle.show(hands_of(st)["W"])
    play(st, "2♠")
    assert counters(st)["broken"] == 1
    assert plays(st) == "J♣ 10♣ 6♣"
    play(st, "6♣")
    assert st.current_player == "P4" and counters(st)["taker"] == 4  # the 2♠ beats every club


def test_fact_6_leading_after_spades_are_broken():
    st = p1(bids=oracle.P1_BIDS)
    assert play_tricks(st, oracle.DEAL[:6]) == oracle.WINNERS[:6]
    assert hands_of(st) == text_hands("6. **Leading after spades are broken.**")
    assert st.current_player == "P4" and counters(st)["broken"] == 1
    assert plays(st) == listed("6. **Leading after spades are broken.**") == "Q♠ 8♠ J♥ 10♥ 9♥ A♦ Q♦"  # rule L2
    loaded = load(text_hands("6. **Leading after spades are broken.**"), "W", bids=oracle.P1_BIDS, broken=True,
                  won={"E": [oracle.trick_cards(oracle.DEAL[i]) for i in (0, 1, 4)],
                       "S": [oracle.trick_cards(oracle.DEAL[i]) for i in (2, 3)],
                       "W": [oracle.trick_cards(oracle.DEAL[5])]}, taker="W")
    assert loaded.key() == st.key() and plays(loaded) == plays(st)


# ---- fact 7: a leader with only spades -------------------------------------------------------------

P2_BIDS = {"E": 10, "S": 3, "W": "Nil", "N": 1}


def test_fact_7_a_leader_with_only_spades():
    st = load(oracle.P2, "E", bids=P2_BIDS)
    assert plays(st) == listed("7. **A leader with only spades.**") == "A♦"  # L1: one card not a spade
    play(st, "A♦")
    assert plays(st) == "K♦ Q♦ J♦"
    for card in ("K♦", "7♦", "2♦"):
        play(st, card)
    assert st.current_player == "P2" and counters(st)["broken"] == 0
    assert len(st.legal_moves()) == 12 and plays(st) == oracle.show(hands_of(st)["E"])  # the exception of L1
    assert all(c[1] == "♠" for c in hands_of(st)["E"])
    play(st, "3♠")
    assert counters(st)["broken"] == 1  # a lead of only spades breaks them
    assert plays(st) == "2♠"


# ---- fact 8: a whole deal with Nil made --------------------------------------------------------------

def test_fact_8_a_whole_deal_trick_by_trick():
    st = p1(bids=oracle.P1_BIDS)
    model = oracle.Spades(oracle.P1, "E", oracle.P1_BIDS)
    for number, (line, winner) in enumerate(zip(oracle.DEAL, oracle.WINNERS), 1):
        for seat, card in oracle.trick_cards(line):
            assert st.current_player == P[seat]
            assert plays(st) == oracle.show(model.legal())  # every card played is legal
            play(st, card[0] + card[1])
            model.play(card)
        if number < 13:
            assert st.current_player == P[winner] and counters(st)["taker"] == int(P[winner][1:])
            assert hands_of(st) == model.hands
    result = st.results[-1]
    assert result.number == 1 and result.end == "deal_done"
    assert {s: result.counters_after[label(st, f"{P[s]}.tricks")] for s in SEATS} == \
        {"N": 0, "E": 5, "S": 6, "W": 2} == {s: len(model.won[s]) for s in SEATS}
    assert list(result.scores) == [142, 61, 142, 61]  # by player: N, E, S, W
    assert st.team_scores == {"north_south": 142, "east_west": 61}
    assert st.scores == {"P1": 142, "P2": 61, "P3": 142, "P4": 61}
    c = counters(st)
    assert c["north_south.bags"] == 2 and c["east_west.bags"] == 1  # kept into deal 2
    assert st.deal_number == 2 and not st.is_over
    assert st.current_player == "P3"  # deal 2 is E's: S bids first
    assert c["broken"] == 0 and all(c[f"{P[s]}.bid"] == -1 and c[f"{P[s]}.tricks"] == 0 for s in SEATS)


# ---- the last trick of a deal, built from the tricks won (facts 9 and 10) ------------------------------

LAST = {"E": ("A", "♠"), "S": ("2", "♥"), "W": ("3", "♥"), "N": ("4", "♥")}


def last_trick(leader: str, bids, tricks, scores, bags, deal: int = 5):
    """The 13th trick of a deal: `leader` leads A♠ and wins it; the others follow with hearts. The
    other 48 cards lie in the won tricks, four for each trick in `tricks` (the leader's last
    trick not counted)."""
    last = {leader: ("A", "♠")}
    others = [s for s in SEATS if s != leader]
    for s, c in zip(others, (("2", "♥"), ("3", "♥"), ("4", "♥"))):
        last[s] = c
    rest = [c for c in sorted(oracle.DECK, key=oracle.key) if c not in last.values()]
    before = dict(tricks)
    before[leader] -= 1
    won, at = {}, 0
    for s in SEATS:
        won[s] = [rest[at + 4 * i:at + 4 * i + 4] for i in range(before[s])]
        at += 4 * before[s]
    assert at == 48
    return load({s: {last[s]} for s in SEATS}, leader, deal=deal, bids=bids, won=won, broken=True,
                scores=scores, bags=bags)


def finish(st):
    for _ in range(4):
        (move,) = st.legal_moves()  # the 13th trick: every move is forced
        st.play(move)


def test_fact_9_a_failed_nil_and_a_set():
    bids = {"E": 4, "S": 4, "W": 2, "N": "Nil"}
    tricks = {"N": 1, "S": 3, "E": 6, "W": 3}
    st = last_trick("E", bids, tricks, {"NS": 120, "EW": 95}, {"NS": 4, "EW": 5})
    assert st.team_scores == {"north_south": 120, "east_west": 95}
    finish(st)
    result = st.results[-1]
    assert {s: result.counters_after[label(st, f"{P[s]}.tricks")] for s in SEATS} == tricks
    assert list(result.scores) == [-139, 63, -139, 63]
    assert st.team_scores == {"north_south": -19, "east_west": 158}  # a score may go below zero
    c = counters(st)
    assert (c["north_south.bags"], c["east_west.bags"]) == (5, 8)
    assert oracle.score_side("NS", bids, tricks, 120, 4) == (-139, -19, 5)
    assert oracle.score_side("EW", bids, tricks, 95, 5) == (63, 158, 8)
    assert not st.is_over and st.deal_number == 6


FACT_10_BIDS = {"N": 3, "S": 2, "E": 4, "W": 1}
FACT_10_TRICKS = {"N": 5, "S": 3, "E": 3, "W": 2}


def fact_10(scores, bags):
    st = last_trick("N", FACT_10_BIDS, FACT_10_TRICKS, scores, bags)
    finish(st)
    return st


def test_fact_10_the_bag_penalty_decides_the_match():
    st = fact_10({"NS": 462, "EW": 455}, {"NS": 8, "EW": 3})
    assert list(st.results[-1].scores) == [53 - 100, 50, 53 - 100, 50]
    assert st.team_scores == {"north_south": 415, "east_west": 505}
    c = counters(st)
    assert (c["north_south.bags"], c["east_west.bags"]) == (1, 3)
    assert oracle.score_side("NS", FACT_10_BIDS, FACT_10_TRICKS, 462, 8) == (53, 415, 1)
    assert oracle.score_side("EW", FACT_10_BIDS, FACT_10_TRICKS, 455, 3) == (50, 505, 3)
    assert st.is_over and st.winners == ["P2", "P4"]  # E–W win the match
    assert oracle.winner({"NS": 415, "EW": 505}) == "EW"
    assert not list(st.legal_moves())


def test_fact_10_without_the_penalty_n_s_would_have_won():
    st = fact_10({"NS": 462, "EW": 455}, {"NS": 5, "EW": 3})
    assert st.team_scores == {"north_south": 515, "east_west": 505}
    assert counters(st)["north_south.bags"] == 8
    assert st.is_over and st.winners == ["P1", "P3"] and oracle.winner({"NS": 515, "EW": 505}) == "NS"


@pytest.mark.parametrize("before, after", [({"NS": 557, "EW": 460}, {"NS": 510, "EW": 510}),
                                           ({"NS": 546, "EW": 370}, {"NS": 499, "EW": 420})])
def test_fact_10_an_exact_tie_at_500_or_neither_side_at_500_plays_another_deal(before, after):
    st = fact_10(before, {"NS": 8, "EW": 3})
    assert st.team_scores == {"north_south": after["NS"], "east_west": after["EW"]}
    assert oracle.winner(after) is None
    assert not st.is_over and st.deal_number == 6 and shape(st)["phase"] == "bidding"


def test_the_penalty_is_repeated_while_the_bags_are_10_or_more():
    """Scoring 3: 9 bags and 13 new ones (both partners' failed Nils) cost 200 points and 20 bags."""
    bids = {"N": "Nil", "S": "Nil", "E": 1, "W": 1}
    tricks = {"N": 7, "S": 6, "E": 0, "W": 0}
    st = last_trick("N", bids, tricks, {"NS": 30, "EW": 10}, {"NS": 9, "EW": 0})
    finish(st)
    ns = oracle.score_side("NS", bids, tricks, 30, 9)
    ew = oracle.score_side("EW", bids, tricks, 10, 0)
    assert ns == (-100 + 7 - 100 + 6, 30 - 187 - 200, 2) and ew == (-20, -10, 0)
    assert st.team_scores == {"north_south": ns[1], "east_west": ew[1]}
    c = counters(st)
    assert (c["north_south.bags"], c["east_west.bags"]) == (2, 0)


def test_the_match_target_is_an_option():
    g = gamedsl.load_game(str(ROOT / "games" / "spades.game"), options={"target": 100})
    st = g.load_position(position_yaml({s: {LAST[s]} for s in SEATS}, "E", bids={"E": 1, "S": 1, "W": 1, "N": 1},
                                       won=_spread({"E": 0, "S": 4, "W": 4, "N": 4}), broken=True,
                                       scores={"NS": 50, "EW": 90}))
    finish(st)
    assert st.team_scores == {"north_south": 50 + 20 + 6, "east_west": 90 + 20 + 3} and st.is_over
    assert st.winners == ["P2", "P4"]


def _spread(counts):
    rest = [c for c in sorted(oracle.DECK, key=oracle.key) if c not in LAST.values()]
    won, at = {}, 0
    for s in SEATS:
        won[s] = [rest[at + 4 * i:at + 4 * i + 4] for i in range(counts[s])]
        at += 4 * counts[s]
    return won


# ---- random positions against the oracle -------------------------------------------------------------

def random_bid(rng: random.Random):
    return "Nil" if rng.random() < 0.08 else rng.randint(1, 13)


def random_oracle_game(rng: random.Random):
    deck = list(oracle.DECK)
    rng.shuffle(deck)
    hands = {s: set(deck[13 * i:13 * i + 13]) for i, s in enumerate(SEATS)}
    dealer = rng.choice(SEATS)
    bids = {s: random_bid(rng) for s in SEATS}
    g = oracle.Spades(hands, oracle.left(dealer), bids)
    for _ in range(rng.randrange(52)):
        g.play(rng.choice(g.legal()))
    return g, bids


def test_the_engine_and_the_oracle_agree_on_the_legal_moves_of_random_positions():
    rng = random.Random(17)
    for _ in range(300):
        g, bids = random_oracle_game(rng)
        st = from_oracle(g, bids)
        assert st.current_player == P[g.to_move()]
        assert plays(st) == oracle.show(g.legal())
        if rng.random() < 0.3:  # and one card on: the same position
            card = rng.choice(g.legal())
            done = g.play(card)
            play(st, card[0] + card[1])
            if sum(len(t) for t in g.won.values()) < 13:
                assert hands_of(st) == g.hands and st.current_player == P[g.to_move()]
                assert counters(st)["broken"] == int(g.broken)
                if done:
                    assert counters(st)["taker"] == int(P[done][1:])


def test_random_bidding_positions_offer_the_14_bids():
    rng = random.Random(5)
    for _ in range(30):
        deck = list(oracle.DECK)
        rng.shuffle(deck)
        hands = {s: set(deck[13 * i:13 * i + 13]) for i, s in enumerate(SEATS)}
        deal = rng.randint(1, 8)
        dealer = SEATS[(deal - 1) % 4]
        made = rng.randrange(4)
        order = [oracle.left(dealer, i + 1) for i in range(4)]
        bids = {s: random_bid(rng) for s in order[:made]}
        st = load(hands, order[made], phase="bidding", deal=deal, bids=bids)
        assert bids_of(st) == ALL_BIDS


# ---- whole random matches ------------------------------------------------------------------------------

def sensible_bid(rng: random.Random):
    """Random play wins about 3 tricks a player, and its overtricks soon cost 100 points: bids of 2
    or 3 (and a Nil now and then) let a match of random plays reach 500."""
    return "Nil" if rng.random() < 0.04 else rng.randint(2, 3)


def play_match(seed: int, chooser: int, check: bool = True, max_moves: int = 56 * 300):
    """A whole match, random plays and sensible random bids; with `check`, followed move by move by
    the oracle: who bids, the 14 bids, the legal plays, the trick winners, each side's points,
    score and bags after each deal, the end of the match and its winners; and every card kept."""
    st = game().new_game(seed=seed)
    rng = random.Random(chooser)
    moves: list[str] = []
    totals = {"NS": 0, "EW": 0}
    bags = {"NS": 0, "EW": 0}
    model = None
    number = 0
    bids: dict = {}
    seen = {"penalties": 0, "nil made": 0, "nil failed": 0}
    for _ in range(max_moves):
        if st.is_over:
            break
        doc = shape(st) if check else None
        if check:
            assert sum(len(z) for z in doc["zones"].values()) == 52
            assert len({c for z in doc["zones"].values() for c in z}) == 52
        if st.deal_number != number:  # a new deal
            number = st.deal_number
            dealer = SEATS[(number - 1) % 4]
            bids = {}
            model = None
        legal = list(st.legal_moves())
        texts = [str(m) for m in legal]
        for t in texts:  # every text the engine writes reads back to its move
            assert str(st.parse_move(t)) == t
        mover = SEAT_OF[st.current_player]
        if len(bids) < 4:
            if check:
                assert doc["phase"] == "bidding" and mover == oracle.left(dealer, len(bids) + 1)
                assert texts == ALL_BIDS
            bid = sensible_bid(rng)
            bids[mover] = bid
            move = bid_move(bid)
        else:
            if model is None:
                model = oracle.Spades(hands_of(st), oracle.left(dealer), bids)
            if check:
                assert doc["phase"] == "play" and mover == model.to_move()
                assert plays(st) == oracle.show(model.legal())
                if rng.random() < 0.03:  # the position written and read back is the same position
                    again = game().load_position(st.to_yaml())
                    assert again.key() == st.key() and [str(m) for m in again.legal_moves()] == texts
            move = texts[rng.randrange(len(texts))]
        moves.append(move)
        st.play(move)
        if model is None:
            continue
        winner = model.play(oc(move.split()[0]))
        done = sum(len(t) for t in model.won.values()) == 13
        if winner is not None and not done and check:
            assert st.current_player == P[winner]
        if done:  # the deal was scored
            tricks = {s: len(model.won[s]) for s in SEATS}
            result = st.results[-1]
            assert result.number == number
            for side in ("NS", "EW"):
                points, score, bags[side] = oracle.score_side(side, bids, tricks, totals[side], bags[side])
                seen["penalties"] += score != totals[side] + points
                totals[side] = score
            for s in SEATS:
                if bids[s] == "Nil":
                    seen["nil made" if tricks[s] == 0 else "nil failed"] += 1
            assert st.team_scores == {"north_south": totals["NS"], "east_west": totals["EW"]}
            after = {name: result.counters_after[label(st, f"{name}.bags")] for name in TEAM.values()}
            assert after == {"north_south": bags["NS"], "east_west": bags["EW"]}
            end = oracle.winner(totals)
            assert st.is_over == (end is not None)
            if end:
                assert st.winners == [P[s] for s in SEATS if oracle.SIDE[s] == end]
    assert st.is_over, f"no end after {max_moves} moves"
    return st, moves, seen


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_random_matches_agree_with_the_oracle_and_keep_the_cards(seed):
    st, moves, seen = play_match(seed, seed * 7)
    assert max(st.team_scores.values()) >= 500 and len(set(st.team_scores.values())) == 2
    assert len(st.results) >= 2 and len(moves) == 56 * len(st.results)
    assert seen["penalties"] >= 1 and seen["nil made"] + seen["nil failed"] >= 1


def test_a_seed_replays_the_same_match_and_a_save_replays(tmp_path):
    first, moves, _ = play_match(9, 9, check=False)
    second, again, _ = play_match(9, 9, check=False)
    assert moves == again and first.results == second.results and first.to_yaml() == second.to_yaml()
    path = records.save(first, ["random"] * 4, tmp_path / "spades.yaml")
    loaded, seats = records.load(path)
    assert seats == ["random"] * 4 and loaded.key() == first.key() and loaded.team_scores == first.team_scores
    # part of a deal, saved and resumed
    st = game().new_game(seed=6)
    rng = random.Random(6)
    for _ in range(30):
        legal = st.legal_moves()
        st.play(legal[rng.randrange(len(legal))])
    path = records.save(st, ["random"] * 4, tmp_path / "part.yaml")
    resumed, _ = records.load(path)
    assert resumed.to_yaml() == st.to_yaml() and resumed.key() == st.key()


def test_what_each_player_sees():
    """Zones: a hand is seen by its owner only (its size by all); the trick, with who played each
    card, the won tricks, the bids, spades broken and the bags are public."""
    st = p1(bids=oracle.P1_BIDS)
    play_tricks(st, oracle.DEAL[:1])
    play(st, "Q♥")
    for seat in ("P1", "P2", "P3", "P4"):
        seen = st.observation(seat)
        zones = seen["zones"]
        for p in ("P1", "P2", "P3", "P4"):
            hand = zones[f"{p}.hand"]
            assert (set(hand) == {"??"}) == (p != seat) and len(hand) == (11 if p == "P2" else 12)
        assert zones["P2.won"] == ["AH", "6H", "2H", "4H"]
        assert zones["trick"] == ["QH"] and seen["trick_players"] == {"trick": ["P2"]}
        assert seen["counters"]["P1.bid"] == 0 and seen["counters"]["P2.bid"] == 4
        assert seen["counters"]["north_south.bags"] == 0 and seen["team_scores"] == {"north_south": 0, "east_west": 0}


# ---- the real entry point ----------------------------------------------------------------------------

def _run(*args: str, timeout: int = 900) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""), "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "gamedsl", *args], check=False, capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=timeout, stdin=subprocess.DEVNULL)


def test_the_console_plays_a_whole_match_with_four_computers():
    run = _run("play", "spades", "--seats", "computer,computer,computer,computer", "--no-color", "--seed", "1")
    assert run.returncode == 0, run.stderr[-2000:]
    out = run.stdout
    assert "Teams: north_south: P1 and P3; east_west: P2 and P4." in out
    assert re.search(r"^P2 plays (nil|bid \d+)$", out, re.MULTILINE)  # deal 1: E, on N's left, bids first
    assert "Deal 1 ends: the 13th trick has been won" in out
    assert re.search(r"Game over\. (north_south \(P1 and P3\)|east_west \(P2 and P4\)) wins\.", out)
    assert "Final scores: north_south" in out


@pytest.mark.parametrize("seats", ["greedy,random,greedy,mcts:8", "mcts:8,greedy,random,greedy"])
def test_simulate_runs_and_reports_by_team(seats):
    run = _run("simulate", "spades", "--games", "1", "--seats", seats)
    assert run.returncode == 0, run.stderr[-2000:]
    out = run.stdout
    assert "Spades: 1 games" in out
    assert "north_south (P1, P3)" in out and "east_west (P2, P4)" in out
    for name in ("greedy", "random", "mcts"):
        assert name in out
