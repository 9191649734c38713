"""games/cribbage.game against every checkable fact of its rules text, tests/data/cribbage.md (a
copy of shared/new-games/cribbage.md), and against its independent oracle, tests/cribbage_oracle.py
(a copy of cribbage_check.py, which knows nothing of the engine).

The text's cards `10♥` are the engine's `10H`. Positions of the text are written in the engine's
position format: the hands, the crib (a shared zone), the starter, the current series (with
`played_by`), each player's played cards, the shown hand, the counters `dealer` (a seat),
`P1.scored` (the points of this hand: the board is the match score plus them), `P1.gone` (Go said
in the current series) and `shows` (counts of the show done), the phase (`discard`, `play` or
`show`) and the match scores. A play is the engine's card move `4H P2.hand -> series`; Go is `go`;
a discard is `discard QS KH`; a count of the show is `show`.
"""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import pytest
import yaml

import gamedsl
from gamedsl import records

from . import cribbage_oracle as oracle

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
TEXT = (HERE / "data" / "cribbage.md").read_text(encoding="utf-8")
LETTERS = "SHDC"  # the engine's suits, in the oracle's order ♠ ♥ ♦ ♣
_GAME: dict[tuple, gamedsl.Game] = {}


def game(**options) -> gamedsl.Game:
    key = tuple(sorted(options.items()))
    if key not in _GAME:
        _GAME[key] = gamedsl.load_game(str(ROOT / "games" / "cribbage.game"), options=options or None)
    return _GAME[key]


def ec(card) -> str:
    """The oracle's card ('10', '♥') as the engine writes it: 10H."""
    return card[0] + LETTERS[oracle.SUITS.index(card[1])]


def oc(text: str):
    """The engine's card 10H as the oracle's ('10', '♥')."""
    return (text[:-1], oracle.SUITS[LETTERS.index(text[-1])])


def cards(text: str) -> list[str]:
    """The text's cards (`K♥ Q♠`) as the engine's."""
    return [ec(c) for c in oracle.cards(text)]


# ---- positions ----------------------------------------------------------------------------------

def position(hands, *, turn, phase="play", stock=(), starter=(), crib=(), series=(), played=None, shown=(),
             scored=None, gone=None, shows=0, scores=None, dealer=1, deal=1):
    """A position in the engine's format. `hands` by player (oracle cards), `series` [(player,
    card)] in the order of play, `stock` bottom to top (its top is the card the cut turns up)."""
    zones = {"stock": [ec(c) for c in stock], "starter": [ec(c) for c in starter]}
    for p in ("P1", "P2"):
        zones[f"{p}.hand"] = [ec(c) for c in sorted(hands.get(p, ()), key=oracle.key)]
        zones[f"{p}.played"] = [ec(c) for c in (played or {}).get(p, ())]
    zones["crib"] = [ec(c) for c in crib]
    zones["series"] = [ec(c) for _, c in series]
    zones["shown"] = [ec(c) for c in shown]
    zones["counted"] = []
    counters = {"dealer": dealer, "shows": shows}
    for p in ("P1", "P2"):
        counters[f"{p}.scored"] = (scored or {}).get(p, 0)
        counters[f"{p}.gone"] = (gone or {}).get(p, 0)
    doc = {"deal": deal, "turn": turn, "phase": phase, "zones": zones, "counters": counters,
           "played_by": {"series": [p for p, _ in series]}}
    if scores:
        doc["scores"] = scores
    return yaml.dump(doc, allow_unicode=True)


def load(hands, **kw):
    return game().load_position(position(hands, **kw))


def shape(st) -> dict:
    return yaml.safe_load(st.to_yaml())


def hand(st, p) -> set:
    return {oc(c) for c in shape(st)["zones"][f"{p}.hand"]}


def scored(st) -> dict[str, float]:
    counters = shape(st)["counters"]
    return {p: counters[f"{p}.scored"] for p in ("P1", "P2")}


def board(st) -> dict[str, float]:
    """The points of each player: the match score plus this hand's."""
    if st.is_over:
        return dict(st.scores)
    return {p: st.scores[p] + s for p, s in scored(st).items()}


def moves_of(st) -> list[str]:
    """The legal moves as the oracle writes them: the cards of the hand (`7♥`) or `Go`."""
    out = []
    for m in st.legal_moves():
        if m.action == "go":
            out.append("Go")
        else:
            assert m.action == "play" and m.target == "series", m
            out.append(oracle.ctext(oc(m.card)))
    return sorted(out)


def oracle_moves(g: oracle.Pegging) -> list[str]:
    return sorted("Go" if m == "Go" else oracle.ctext(m) for m in g.legal())


def move(st, text: str):
    """Play a move of the text (`4♥`, `Go`) for the player to move: it must be legal."""
    if text == "Go":
        (found,) = [m for m in st.legal_moves() if m.action == "go"]
    else:
        (found,) = [m for m in st.legal_moves() if m.action == "play" and m.card == ec(oracle.card(text))]
    st.play(found)


def count_of(st) -> float:
    return st.value("running_count", "P1")


# ---- the text, the oracle and the game file --------------------------------------------------

def test_the_oracle_agrees_with_the_text():
    oracle.MD = TEXT  # it checks that every hand it uses is written in the text
    oracle.main()


def test_the_game_checks_and_is_shipped():
    import subprocess
    import sys
    run = subprocess.run([sys.executable, "-m", "gamedsl", "check", "games/cribbage.game"], check=False,
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "games/cribbage.game: ok (Cribbage" in run.stdout
    assert gamedsl.load_game("cribbage").title == "Cribbage"


# ---- C1: the discard, the cut (facts 1, 2) ------------------------------------------------------

C1_STOCK = oracle.rest_of_deck(*oracle.C1_DEALT.values())


def c1():
    """Position C1: hand 1, dealer P1, pone P2, 0-0, just after the deal; the stock's top card is
    the 6♥ the cut turns up."""
    stock = sorted(C1_STOCK - {oracle.C1_STARTER}, key=oracle.key) + [oracle.C1_STARTER]
    return load(oracle.C1_DEALT, turn="P2", phase="discard", stock=stock)


def discards(st) -> set[frozenset]:
    moves = list(st.legal_moves())
    assert all(m.action == "discard" for m in moves)
    return {frozenset(oc(c) for c in m.card.split()) for m in moves}


def discard(st, text: str):
    st.play("discard " + " ".join(cards(text)))


def test_fact_1_the_discard_15_moves_each_and_the_crib():
    st = c1()
    for p, given in (("P2", "K♥ Q♠"), ("P1", "5♦ 5♠")):  # the pone first, then the dealer
        assert st.current_player == p
        got = discards(st)
        assert len(got) == len(list(st.legal_moves())) == 15
        assert got == {frozenset(t) for t in combinations(oracle.C1_DEALT[p], 2)}
        discard(st, given)
    doc = shape(st)
    assert sorted(doc["zones"]["crib"]) == sorted(cards("K♥ Q♠ 5♦ 5♠"))
    assert oracle.fmt_hand(hand(st, "P2")) == "♠ none; ♥ 7 4 2; ♦ none; ♣ 5"
    assert oracle.fmt_hand(hand(st, "P1")) == "♠ 6; ♥ 9; ♦ 3; ♣ K"
    # fact 2: the cut turns up 6♥: not a jack, nobody scores; the pone moves first, in the play
    assert doc["zones"]["starter"] == ["6H"] and len(doc["zones"]["stock"]) == 39
    assert {oc(c) for c in doc["zones"]["stock"]} == C1_STOCK - {oracle.C1_STARTER}
    assert oracle.fmt_hand({oc(c) for c in doc["zones"]["stock"]}) in TEXT
    assert scored(st) == {"P1": 0, "P2": 0}
    assert doc["phase"] == "play" and st.current_player == "P2"


def test_the_crib_is_seen_by_nobody_and_the_starter_by_all():
    st = c1()
    discard(st, "K♥ Q♠")
    discard(st, "5♦ 5♠")
    for p in ("P1", "P2"):
        seen = st.observation(p)["zones"]
        assert seen["crib"] == ["??"] * 4  # not even the dealer's
        assert seen["starter"] == ["6H"]
        other = "P2" if p == "P1" else "P1"
        assert set(seen[f"{other}.hand"]) == {"??"} and len(seen[f"{other}.hand"]) == 4


def heels(starter_text: str):
    """Another hand: the dealer P1 on 119, the pone P2 on 100; P2 has discarded, P1 is to discard;
    the cut will turn up `starter_text`."""
    dealt = {"P1": oracle.C1_DEALT["P1"], "P2": oracle.C1_DEALT["P2"] - set(oracle.C1_CRIB_P2)}
    starter = oracle.card(starter_text)
    stock = sorted(oracle.rest_of_deck(*dealt.values(), oracle.C1_CRIB_P2) - {starter}, key=oracle.key) + [starter]
    return load(dealt, turn="P1", phase="discard", stock=stock, crib=oracle.C1_CRIB_P2,
                scores={"P1": 119, "P2": 100})


def test_fact_2_his_heels_wins_before_any_card_is_played():
    st = heels("J♣")
    discard(st, "5♦ 5♠")
    assert st.is_over and st.winners == ["P1"]
    assert st.scores == {"P1": 121, "P2": 100}  # a starter jack never gives the pone anything
    assert st.results[-1].end == "won"
    assert shape(st)["zones"]["series"] == []  # before any card is played


def test_his_heels_is_2_for_the_dealer_only_and_not_when_no_jack():
    st = game().load_position(_with_scores(heels("J♦"), {"P1": 10, "P2": 10}))
    discard(st, "5♦ 5♠")
    assert not st.is_over and scored(st) == {"P1": 2, "P2": 0}
    st = heels("Q♣")
    discard(st, "5♦ 5♠")
    assert not st.is_over and scored(st) == {"P1": 0, "P2": 0}


# ---- the play (facts 3 to 6) ------------------------------------------------------------------

def c1_play():
    """C1 after fact 1: at the start of the play."""
    st = c1()
    discard(st, "K♥ Q♠")
    discard(st, "5♦ 5♠")
    return st


def run_text_play(st, g: oracle.Pegging, plays: list[str]):
    """Play the moves on both, checking at each the player to move, the legal moves, the points of
    the move (with the go or last card it brings) and the count. Returns the engine's rows
    (player, move, count, points)."""
    rows = []
    for text in plays:
        assert st.current_player == g.to_move
        assert moves_of(st) == oracle_moves(g)
        before, count = scored(st), count_of(st)
        player = st.current_player
        move(st, text)
        g.play(oracle.card(text) if text != "Go" else "Go")
        after = scored(st) if not st.is_over else before
        if text != "Go":
            count += oracle.value(oracle.card(text))
        rows.append((player, text, count, after[player] - before[player], {p: after[p] - before[p] for p in after}))
    return rows


def test_fact_3_legal_moves_in_the_play():
    st = c1_play()
    assert st.current_player == "P2"
    assert moves_of(st) == sorted(["7♥", "4♥", "2♥", "5♣"])  # exactly 4: any card fits under 31
    for text in ["4♥", "6♠", "5♣", "3♦", "7♥"]:
        move(st, text)
    assert count_of(st) == 25 and st.current_player == "P1"
    assert hand(st, "P1") == set(oracle.cards("K♣ 9♥"))
    assert moves_of(st) == ["Go"]  # either card would take the count past 31
    move(st, "Go")
    assert st.current_player == "P2" and moves_of(st) == ["2♥"]  # 27 <= 31; he plays again
    move(st, "2♥")
    assert count_of(st) == 27


def test_explain_says_which_rule_forbids_a_card_or_a_go():
    st = c1_play()
    for text in ["4♥", "6♠", "5♣", "3♦", "7♥"]:
        move(st, text)
    why = str(st.explain("KC P1.hand -> series"))
    assert "illegal" in why and "rule play" in why and "cribbage.game:" in why  # 25 + 10 is above 31
    assert "legal" in str(st.explain("go"))
    move(st, "Go")
    why = str(st.explain("go"))  # P2 holds 2♥, which fits: he must play it
    assert "illegal" in why and "only allowed when no other move is legal" in why


def test_fact_4_the_whole_play_of_c1():
    st = c1_play()
    g = oracle.c1_pegging()
    rows = run_text_play(st, g, oracle.C1_PLAY)
    table = [("P2", "4♥", 4, 0), ("P1", "6♠", 10, 0), ("P2", "5♣", 15, 5), ("P1", "3♦", 18, 4),
             ("P2", "7♥", 25, 5), ("P1", "Go", 25, 0), ("P2", "2♥", 27, 6),
             ("P2", "Go", 27, 1),  # both have said Go: P2 played the last card of the series: 1
             ("P1", "K♣", 10, 0),  # P1 starts the new series (he did not play the last card)
             ("P2", "Go", 10, 0), ("P1", "9♥", 19, 1)]  # 9♥ and 1 for the last card
    assert [r[:4] for r in rows] == table
    assert all(sum(r[4].values()) == r[3] for r in rows)  # only the mover scores
    assert g.over and g.scores == {"P2": 17, "P1": 5}
    assert scored(st) == {"P2": 17, "P1": 5}  # pegging totals
    assert shape(st)["phase"] == "show" and st.current_player == "P2"  # the pone counts first
    # after the play each player takes back his own 4 played cards as his hand
    assert hand(st, "P2") == set(oracle.cards("4♥ 5♣ 7♥ 2♥"))
    assert hand(st, "P1") == set(oracle.cards("6♠ 3♦ K♣ 9♥"))


def test_a_go_does_not_break_the_series():
    """The run of 6 of move 7 counts 4♥ 6♠ 5♣ 3♦ 7♥, played before P1's Go, with the 2♥ after it."""
    st = c1_play()
    for text in ["4♥", "6♠", "5♣", "3♦", "7♥", "Go"]:
        move(st, text)
    assert st.value("run_length", "P2") == 5
    move(st, "2♥")
    assert st.value("run_length", "P2") == 6 and st.value("running_count", "P2") == 27


def c2():
    stock = sorted(oracle.rest_of_deck(*oracle.C2_HANDS.values(), oracle.C2_CRIB) - {oracle.C2_STARTER}, key=oracle.key)
    return load(oracle.C2_HANDS, turn="P2", phase="play", stock=stock, starter=[oracle.C2_STARTER],
                crib=oracle.C2_CRIB)


def c3():
    stock = sorted(oracle.rest_of_deck(*oracle.C3_HANDS.values(), oracle.C3_CRIB) - {oracle.C3_STARTER}, key=oracle.key)
    return load(oracle.C3_HANDS, turn="P2", phase="play", stock=stock, starter=[oracle.C3_STARTER],
                crib=oracle.C3_CRIB)


def test_fact_5_pairs_pair_royal_double_pair_royal_and_31():
    st = c2()
    g = oracle.Pegging(oracle.C2_HANDS, pone="P2", dealer="P1")
    rows = run_text_play(st, g, oracle.C2_PLAY[:3])
    assert moves_of(st) == sorted(["K♠", "7♥", "A♣"])  # K♠ makes exactly 31
    rows += run_text_play(st, g, oracle.C2_PLAY[3:4])
    assert moves_of(st) == ["2♦"]  # 8♥ would make 36
    rows += run_text_play(st, g, oracle.C2_PLAY[4:5])
    assert moves_of(st) == ["A♣"]
    rows += run_text_play(st, g, oracle.C2_PLAY[5:6])
    assert count_of(st) == 0 and st.current_player == "P2"  # the opponent of the player who made 31
    rows += run_text_play(st, g, oracle.C2_PLAY[6:])
    assert [r[:4] for r in rows] == [("P2", "7♠", 7, 0), ("P1", "7♦", 14, 2), ("P2", "7♣", 21, 6),
                                     ("P1", "7♥", 28, 12), ("P2", "2♦", 30, 0), ("P1", "A♣", 31, 2),
                                     ("P2", "8♥", 8, 0), ("P1", "K♠", 18, 1)]  # 0, and 1 for the last card
    assert scored(st) == g.scores == {"P1": 17, "P2": 6}


def test_fact_6_a_run_completed_out_of_order_a_pair_that_spoils_a_run_and_31_with_a_pair():
    st = c3()
    g = oracle.Pegging(oracle.C3_HANDS, pone="P2", dealer="P1")
    rows = run_text_play(st, g, oracle.C3_PLAY)
    assert [r[:4] for r in rows] == [("P2", "A♦", 1, 0), ("P1", "2♠", 3, 0), ("P2", "5♣", 8, 0),
                                     ("P1", "3♣", 11, 0), ("P2", "4♥", 15, 7), ("P1", "4♠", 19, 2),
                                     ("P2", "6♦", 25, 0), ("P1", "6♣", 31, 4)]  # no extra point for the last card
    assert scored(st) == g.scores == {"P2": 7, "P1": 6}


def test_the_pegging_values_of_the_text():
    """The points of fact 6 broken down: the run of 5 with the fifteen; the pair with no run."""
    st = c3()
    for text in ["A♦", "2♠", "5♣", "3♣"]:
        move(st, text)
    assert st.value("run_length", "P1") < 3  # 2 5 3 and A 2 5 3 are no run
    move(st, "4♥")
    assert st.value("run_length", "P2") == 5 and st.value("running_count", "P2") == 15
    move(st, "4♠")
    assert st.value("same_rank", "P1") == 2 and st.value("run_length", "P1") < 3  # 3 4 4 repeats a rank


# ---- the show (facts 7 to 10) -----------------------------------------------------------------

def shown_position(four, starter, *, crib=False):
    """The hand `four` (oracle cards) lying face up to be counted with the starter; as the crib
    when `crib` (the third count of the show)."""
    rest = [c for c in oracle.DECK if c not in four and c != starter]
    return game().load_position(position({}, turn="P1", phase="show", stock=rest, starter=[starter], shown=four,
                                         shows=2 if crib else 0))


PARTS = ("fifteens", "pairs", "runs", "flush", "nobs")


def show_parts(four, starter, *, crib=False) -> dict:
    st = shown_position(four, starter, crib=crib)
    parts = {name: st.value(name, "P1") for name in PARTS}
    parts["total"] = st.value("show_points", "P1")
    return parts


def test_fact_7_the_show_of_c1_broken_down_and_in_order():
    assert show_parts(oracle.cards("4♥ 5♣ 7♥ 2♥"), oracle.C1_STARTER) == \
        {"fifteens": 4, "pairs": 0, "runs": 4, "flush": 0, "nobs": 0, "total": 8}
    assert show_parts(oracle.cards("6♠ 3♦ K♣ 9♥"), oracle.C1_STARTER) == \
        {"fifteens": 6, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0, "total": 8}
    assert show_parts(oracle.cards("K♥ Q♠ 5♦ 5♠"), oracle.C1_STARTER, crib=True) == \
        {"fifteens": 8, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0, "total": 10}
    # the whole hand: the play of fact 4, then the show in order pone, dealer, crib
    st = c1_play()
    for text in oracle.C1_PLAY:
        move(st, text)
    assert board(st) == {"P2": 17, "P1": 5}
    for who, points in (("P2", 8), ("P1", 8), ("P1", 10)):
        assert st.current_player == who and [str(m) for m in st.legal_moves()] == ["show"]
        before = board(st)
        st.play("show")
        if st.results:
            break
        assert board(st)[who] - before[who] == points
    result = st.results[-1]
    assert result.end == "hand_over" and dict(zip(("P1", "P2"), result.scores)) == {"P1": 23, "P2": 25}
    assert st.scores == {"P2": 25, "P1": 23}
    # the next hand is dealt by the other player, and all 52 cards are back in play
    doc = shape(st)
    assert doc["deal"] == 2 and doc["counters"]["dealer"] == 2 and doc["phase"] == "discard"
    assert st.current_player == "P1"  # the new pone discards first
    assert sum(len(z) for z in doc["zones"].values()) == 52


FACT_8 = [("5♥ 5♦ 5♣ J♠", "5♠", {"fifteens": 16, "pairs": 12, "nobs": 1, "total": 29}),
          ("7♥ 8♣ 8♦ 9♠", "6♦", {"fifteens": 6, "pairs": 2, "runs": 8, "total": 16}),
          ("3♠ 3♥ 4♦ 5♣", "4♠", {"fifteens": 4, "pairs": 4, "runs": 12, "total": 20}),
          ("A♣ 2♦ 3♥ 4♠", "5♣", {"fifteens": 2, "runs": 5, "total": 7}),
          ("Q♠ K♠ A♠ 2♠", "3♥", {"fifteens": 4, "runs": 3, "flush": 4, "total": 11}),  # Q K A is no run
          ("2♣ 4♦ 6♠ 8♥", "K♣", {"total": 0})]


@pytest.mark.parametrize("four,starter,expected", FACT_8)
def test_fact_8_counting_hands(four, starter, expected):
    assert f"`{four}` + {starter} = **{expected['total']}**" in TEXT
    got = show_parts(oracle.cards(four), oracle.card(starter))
    assert got == {**dict.fromkeys(PARTS, 0), **expected}
    assert got == oracle.show_score(oracle.cards(four), oracle.card(starter))


def test_fact_9_flushes_and_nobs_hand_against_crib():
    hearts = oracle.cards("2♥ 6♥ 9♥ Q♥")
    assert show_parts(hearts, oracle.card("K♠")) == {**dict.fromkeys(PARTS, 0), "fifteens": 2, "flush": 4, "total": 6}
    assert show_parts(hearts, oracle.card("K♠"), crib=True) == {**dict.fromkeys(PARTS, 0), "fifteens": 2, "total": 2}
    for crib in (False, True):  # with the starter of the suit: 5, hand or crib
        assert show_parts(hearts, oracle.card("5♥"), crib=crib) == \
            {**dict.fromkeys(PARTS, 0), "fifteens": 4, "flush": 5, "total": 9}
    jack = oracle.cards("J♦ 4♦ 4♣ 6♠")
    assert show_parts(jack, oracle.card("8♦")) == {**dict.fromkeys(PARTS, 0), "pairs": 2, "nobs": 1, "total": 3}
    assert show_parts(jack, oracle.card("8♣")) == {**dict.fromkeys(PARTS, 0), "pairs": 2, "total": 2}
    # a starter jack gives no nobs (his heels went to the dealer at the cut)
    assert show_parts(oracle.cards("10♦ 4♦ 4♣ 6♠"), oracle.card("J♦"))["nobs"] == 0


def test_fact_10_the_pone_reaches_121_before_the_dealer_counts():
    pone, dealer = oracle.cards("2♥ 6♥ 9♥ Q♥"), oracle.cards("5♣ 5♦ 10♣ J♠")
    starter = oracle.card("K♠")
    crib = oracle.cards("A♣ 2♣ 3♣ 4♣")
    rest = [c for c in oracle.DECK if c not in pone + dealer + crib + [starter]]
    st = game().load_position(position({"P2": pone, "P1": dealer}, turn="P2", phase="show", stock=rest,
                                       starter=[starter], crib=crib, scores={"P2": 118, "P1": 117}))
    assert show_parts(dealer, starter) == {**dict.fromkeys(PARTS, 0), "fifteens": 12, "pairs": 2, "nobs": 1,
                                           "total": 15}  # what the dealer would have scored
    st.play("show")
    assert st.is_over and st.winners == ["P2"]
    assert st.scores == {"P2": 124, "P1": 117}  # the dealer's hand and the crib are never counted
    assert st.results[-1].end == "won"


def test_the_dealer_reaching_121_with_his_hand_wins_before_the_crib_is_counted():
    pone, dealer = oracle.cards("2♣ 4♦ 6♠ 8♥"), oracle.cards("5♣ 5♦ 10♣ J♠")
    starter, crib = oracle.card("K♠"), oracle.cards("5♥ 5♠ Q♣ J♥")  # a crib of 20 never counted
    rest = [c for c in oracle.DECK if c not in pone + dealer + crib + [starter]]
    st = game().load_position(position({"P2": pone, "P1": dealer}, turn="P2", phase="show", stock=rest,
                                       starter=[starter], crib=crib, scores={"P2": 118, "P1": 110}))
    st.play("show")  # the pone's hand: 0
    assert not st.is_over and st.current_player == "P1"
    st.play("show")  # the dealer's hand: 15, to 125
    assert st.is_over and st.winners == ["P1"] and st.scores == {"P1": 125, "P2": 118}


def test_121_in_the_middle_of_the_play_ends_the_game_at_once():
    """Fact 4's third card scores 5 (fifteen and a run of 3): with the pone on 116 it wins."""
    st = game().load_position(_with_scores(c1_play(), {"P1": 100, "P2": 116}))
    for text in ["4♥", "6♠"]:
        move(st, text)
    assert not st.is_over
    move(st, "5♣")
    assert st.is_over and st.winners == ["P2"] and st.scores == {"P2": 121, "P1": 100}


def _with_scores(st, scores):
    doc = shape(st)
    doc["scores"] = scores
    return yaml.dump(doc, allow_unicode=True)


# ---- against the oracle: random hands and random plays --------------------------------------

def test_random_hands_are_counted_as_the_oracle_counts_them_as_hand_and_as_crib():
    rng = random.Random(18)
    st_hand = shown_position(oracle.cards("2♣ 4♦ 6♠ 8♥"), oracle.card("K♣"))
    for i in range(300):
        five = rng.sample(oracle.DECK, 5)
        four, starter = five[:4], five[4]
        crib = i % 2 == 1
        want = oracle.show_score(four, starter, is_crib=crib)
        got = show_parts(four, starter, crib=crib)
        assert got == want, (four, starter, crib)
    assert st_hand.value("show_points", "P1") == 0


def test_hands_chosen_to_have_runs_pairs_and_flushes_agree_with_the_oracle():
    """Random hands rarely hold long runs or flushes: these are drawn among close ranks and one suit."""
    rng = random.Random(5)
    for i in range(150):
        low = rng.randint(1, 9)
        pool = [c for c in oracle.DECK if low <= oracle.RNUM[c[0]] <= low + 4]
        if i % 3 == 0:
            suit = rng.choice(oracle.SUITS)
            pool = [c for c in oracle.DECK if c[1] == suit]
        five = rng.sample(pool, 5)
        for crib in (False, True):
            assert show_parts(five[:4], five[4], crib=crib) == oracle.show_score(five[:4], five[4], is_crib=crib)


def random_play(seed: int):
    """A random hand's play, from random 4-card hands, on the engine and the oracle together: the
    legal moves, who moves, the points of each move and the count agree move by move."""
    rng = random.Random(seed)
    deck = list(oracle.DECK)
    rng.shuffle(deck)
    hands = {"P2": set(deck[:4]), "P1": set(deck[4:8])}
    crib, starter, stock = deck[8:12], deck[12], deck[13:]
    st = load(hands, turn="P2", phase="play", stock=stock, starter=[starter], crib=crib)
    g = oracle.Pegging(hands, pone="P2", dealer="P1")
    steps = 0
    while not g.over:
        assert st.current_player == g.to_move
        assert moves_of(st) == oracle_moves(g)
        choice = rng.choice(oracle_moves(g))
        before = scored(st)
        move(st, choice)
        g.play(oracle.card(choice) if choice != "Go" else "Go")
        assert scored(st) == {p: g.scores[p] for p in ("P1", "P2")}, (seed, g.log)
        if not g.over:
            assert count_of(st) == g.count()
            assert [ec(c) for c in g.series] == shape(st)["zones"]["series"]
        steps += 1
        assert sum(scored(st).values()) >= sum(before.values())
    assert shape(st)["phase"] == "show" and st.current_player == "P2"
    return steps


def test_random_plays_peg_as_the_oracle_pegs():
    for seed in range(150):
        random_play(seed)


def test_pegging_of_random_series_agrees_with_the_oracle():
    """The points of the last card of random series (of close ranks, for pairs and runs)."""
    rng = random.Random(7)
    for _ in range(300):
        low = rng.randint(1, 8)
        pool = [c for c in oracle.DECK if low <= oracle.RNUM[c[0]] <= low + 5]
        n = rng.randint(1, 7)
        series = rng.sample(pool, n)
        while sum(oracle.value(c) for c in series) > 31:
            series.pop()
        if not series:
            continue
        rest = [c for c in oracle.DECK if c not in series]
        st = game().load_position(position({"P1": set(rest[:1]), "P2": set(rest[1:2])}, turn="P1", stock=rest[2:],
                                           series=[("P1" if i % 2 else "P2", c) for i, c in enumerate(series)]))
        assert st.value("pegging", "P1") == oracle.peg_points(series)[0], series


# ---- whole matches ------------------------------------------------------------------------------

def play_match(seed: int, **options) -> gamedsl.State:
    st = game(**options).new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(20000):
        if st.is_over:
            break
        doc = shape(st)
        assert sum(len(z) for z in doc["zones"].values()) == 52  # cards conserved
        assert len({c for z in doc["zones"].values() for c in z}) == 52
        moves = list(st.legal_moves())
        assert moves, doc
        for m in moves:
            assert str(st.parse_move(str(m))) == str(m)
        st.play(rng.choice(moves))
    assert st.is_over
    return st


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_matches_end_with_a_winner_at_121(seed):
    st = play_match(seed)
    (winner,) = st.winners
    assert st.scores[winner] >= 121 and min(st.scores.values()) < 121
    assert len(st.results) >= 3
    deals = [r.number for r in st.results]
    assert deals == list(range(1, len(deals) + 1))


def test_the_deal_alternates_and_each_hand_is_counted():
    st = game().new_game(seed=3)
    rng = random.Random(3)
    dealers = []
    while not st.is_over and len(dealers) < 4:
        doc = shape(st)
        if doc["phase"] == "discard" and len(doc["zones"]["crib"]) == 0:
            if not dealers or dealers[-1][0] != doc["deal"]:
                dealers.append((doc["deal"], doc["counters"]["dealer"]))
                assert all(len(doc["zones"][f"{p}.hand"]) == 6 for p in ("P1", "P2"))
                assert len(doc["zones"]["stock"]) == 40
        st.play(rng.choice(list(st.legal_moves())))
    assert [d for _, d in dealers] == [1, 2, 1, 2][:len(dealers)]


def test_a_seed_replays_the_same_match_and_a_save_replays(tmp_path):
    a, b = play_match(4), play_match(4)
    assert a.to_yaml() == b.to_yaml() and a.scores == b.scores
    path = records.save(a, ["random"] * 2, tmp_path / "cribbage.yaml")
    again, seats = records.load(path)
    assert again.key() == a.key() and again.scores == a.scores
    st = game().new_game(seed=6)
    rng = random.Random(6)
    for _ in range(25):
        st.play(rng.choice(list(st.legal_moves())))
    path = records.save(st, ["random"] * 2, tmp_path / "part.yaml")
    resumed, _ = records.load(path)
    assert resumed.to_yaml() == st.to_yaml()


def test_computer_players_finish_a_hand():
    from gamedsl.players.greedy import GreedyPlayer
    from gamedsl.players.mcts import MctsPlayer

    st = game().new_game(seed=2)
    seats = [GreedyPlayer(seed=0, worlds=1), MctsPlayer(seed=1, iterations=8, depth=12)]
    while not st.results:
        st.play(seats[int(st.current_player[1:]) - 1].choose(st))
    assert st.results[-1].end in ("hand_over", "won")


def test_mcts_beats_random():
    """mcts:50 against random, seats rotating, in matches to 61 (the option `target`): it won 10
    of 10 when measured (and 20 matches to 121: see the report); here at least 7 of 8."""
    from gamedsl.simulate import simulate

    report = simulate(str(ROOT / "games" / "cribbage.game"), 8, ["mcts:50", "random"], seed="2",
                      options={"target": 61}, rotate=True)
    assert not report.errors
    assert report.entries[0].wins >= 7, report.lines()
