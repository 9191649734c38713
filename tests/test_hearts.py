"""games/hearts.game against every checkable fact of its rules text, tests/data/hearts.md (a copy
of shared/new-games/hearts.md), and against its independent oracle, tests/hearts_oracle.py (a copy
of hearts_check.py, which knows nothing of the engine).

The text's seats N E S W are the engine's P1 P2 P3 P4 (clockwise is the seat order). Its cards
`10♥` are the engine's `10H`. Positions of the text are written in the engine's position format:
the hands, the current trick with `played_by`, each player's won tricks as one pile (four cards a
trick, in the order played), the counters `dealer` (a seat) and `broken` (hearts broken, 0 or 1),
the phase (`passing` or `play`), the deal number and the match scores. A play is the engine's card
move `2C P3.hand -> trick`; a pass move is `pass AS KD QC`.
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from itertools import combinations
from pathlib import Path

import pytest
import yaml

import gamedsl
from gamedsl import records

from . import hearts_oracle as oracle

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
MD = HERE / "data" / "hearts.md"  # a copy of shared/new-games/hearts.md
TEXT = MD.read_text(encoding="utf-8")
SEATS = oracle.SEATS  # N E S W
P = {s: f"P{i}" for i, s in enumerate(SEATS, 1)}
SEAT_OF = {v: k for k, v in P.items()}
LETTERS = "SHDC"  # the engine's suits, in the oracle's order ♠ ♥ ♦ ♣
_GAME: list[gamedsl.Game] = []


def game() -> gamedsl.Game:
    if not _GAME:
        _GAME.append(gamedsl.load_game(str(ROOT / "games" / "hearts.game")))
    return _GAME[0]


def ec(card: tuple[str, str]) -> str:
    """The oracle's card ('10', '♥') as the engine writes it: 10H."""
    return card[0] + LETTERS[oracle.SUITS.index(card[1])]


def oc(text: str) -> tuple[str, str]:
    """The engine's card 10H as the oracle's ('10', '♥')."""
    return (text[:-1], oracle.SUITS[LETTERS.index(text[-1])])


def shown(cards) -> str:
    """Cards as the text lists them: by suit ♠ ♥ ♦ ♣, high to low."""
    return oracle.show(cards)


# ---- positions ----------------------------------------------------------------------------------

def position_yaml(hands, turn, *, phase="play", deal=1, dealer=None, trick=(), won=None, broken=False,
                  scores=None) -> str:
    """A position in the engine's format. `hands` by the text's seats (sets of oracle cards),
    `trick` [(seat, card)] in the order of play, `won` by seat: a list of tricks, each a list of
    cards (or of (seat, card)) in the order of play."""
    zones: dict[str, list[str]] = {"stock": []}
    for s in SEATS:
        zones[f"{P[s]}.hand"] = [ec(c) for c in sorted(hands[s], key=oracle.key)]
        zones[f"{P[s]}.pass"] = []
    zones["trick"] = [ec(c) for _, c in trick]
    for s in SEATS:
        tricks = (won or {}).get(s, [])
        zones[f"{P[s]}.won"] = [ec(c[1] if isinstance(c[0], str) and c[0] in SEATS else c)
                                for t in tricks for c in t]
    doc = {"deal": deal, "turn": P[turn], "phase": phase, "zones": zones,
           "counters": {"dealer": dealer or (deal - 1) % 4 + 1, "broken": int(broken)},
           "played_by": {"trick": [P[s] for s, _ in trick]}}
    if scores:
        doc["scores"] = {P[s]: v for s, v in scores.items()}
    return yaml.dump(doc, allow_unicode=True)


def load(hands, turn, **kw):
    return game().load_position(position_yaml(hands, turn, **kw))


def from_oracle(g: oracle.Hearts, **kw):
    """The engine's position of an oracle game in the play phase."""
    return load(g.hands, g.to_move(), trick=g.trick, won=g.won, broken=g.hearts_broken, **kw)


def shape(st) -> dict:
    return yaml.safe_load(st.to_yaml())


def hands_of(st) -> dict[str, set]:
    zones = shape(st)["zones"]
    return {s: {oc(c) for c in zones[f"{P[s]}.hand"]} for s in SEATS}


def plays(st) -> str:
    """The cards the player to move may play, as the text lists them (`K♣ 9♣ 8♣ 7♣`)."""
    moves = list(st.legal_moves())
    assert all(m.action == "play" and m.target == "trick" for m in moves)
    assert len({m.card for m in moves}) == len(moves)
    return shown([oc(m.card) for m in moves])


def play(st, card: str):
    """Play a card of the text (`J♦`): it must be a legal move of the player to move."""
    want = ec(oracle.card(card))
    (move,) = [m for m in st.legal_moves() if m.card == want]
    st.play(move)


def play_tricks(st, lines: list[str]) -> list[str]:
    """Play tricks written as the text writes them; the seats the turn goes to are checked, and
    the winners (who is to lead next) returned."""
    winners = []
    for line in lines:
        for seat, card in oracle.trick_cards(line):
            assert st.current_player == P[seat], (line, seat)
            play(st, f"{card[0]}{card[1]}")
        winners.append(SEAT_OF[st.current_player] if not st.is_over and shape(st)["phase"] == "play" else None)
    return winners


def text_hands(after: str) -> dict[str, set]:
    """The four hands the text lists after a marker (`- N: `…``, E, S, W)."""
    at = TEXT.index(after)
    found = re.findall(r"- ([NESW]): `([^`]+)`", TEXT[at:])[:4]
    assert [s for s, _ in found] == SEATS
    return {s: oracle.parse_hand(h) for s, h in found}


def listed(claim: str) -> str:
    """The cards the text lists in `exactly N legal moves: …**`, the first such list from where
    `claim` is written."""
    flat = re.sub(r"\s+", " ", TEXT)
    at = flat.index(claim)
    m = re.compile(r"exactly (\d+) legal moves?: ([^*]+)\*\*").search(flat, at)
    assert m, claim
    cards = m.group(2).split()
    assert len(cards) == int(m.group(1))
    return " ".join(cards)


# ---- the text and the game file ------------------------------------------------------------

def test_the_oracle_agrees_with_the_text():
    oracle.MD = TEXT  # it checks that every hand and trick it uses is written in the text
    oracle.main()


def test_the_game_checks():
    run = subprocess.run([sys.executable, "-m", "gamedsl", "check", "games/hearts.game"], check=False,
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "games/hearts.game: ok (Hearts" in run.stdout
    assert gamedsl.load_game("hearts").title == "Hearts"


def test_the_positions_of_the_text_are_the_oracles():
    assert text_hands("**Position H1.**") == oracle.H1
    assert text_hands("**Position H2.**") == oracle.H2
    assert text_hands("**Position H3.**") == oracle.H3
    assert text_hands("**Position H4.**") == oracle.H4


# ---- fact 1: the pass ------------------------------------------------------------------------

def h1(deal: int = 1):
    dealer = (deal - 1) % 4 + 1
    return load(oracle.H1, SEATS[dealer % 4], phase="passing", deal=deal, dealer=dealer)


def passes(st) -> set[frozenset]:
    moves = list(st.legal_moves())
    assert all(m.action == "pass" for m in moves)
    return {frozenset(oc(c) for c in m.card.split()) for m in moves}


def test_fact_1_every_set_of_3_cards_is_one_pass_move_and_the_cards_go_left():
    st = h1()
    for seat in ["E", "S", "W", "N"]:  # the player on the dealer's left first, clockwise
        assert st.current_player == P[seat]
        hand = hands_of(st)[seat]
        assert hand == oracle.H1[seat]  # nothing received yet: nobody sees his cards before he passes
        got = passes(st)
        assert len(got) == len(list(st.legal_moves())) == 286
        assert got == {frozenset(t) for t in combinations(hand, 3)}
        chosen = oracle.PASSES[seat]
        (move,) = [m for m in st.legal_moves() if frozenset(oc(c) for c in m.card.split()) == set(chosen)]
        assert f"{seat} passes {shown(chosen)} to {oracle.pass_target(1, seat)}" in TEXT
        st.play(move)
    assert hands_of(st) == oracle.H2
    doc = shape(st)
    assert doc["phase"] == "play" and all(not doc["zones"][f"{P[s]}.pass"] for s in SEATS)
    assert st.current_player == "P3"  # S holds the 2♣: he leads
    assert plays(st) == "2♣"


def test_a_pass_move_reads_back_in_any_order():
    st = h1()
    assert str(st.parse_move("pass QC AS KD")) == "pass AS QC KD"  # by rank A ... K, then suit
    assert st.parse_move("pass q♣ a♠ k♦") == st.parse_move("pass AS KD QC")
    assert not st.explain("pass AS KD AH").legal  # A♥ is not E's
    assert not st.explain("pass AS KD").legal  # exactly 3 cards


@pytest.mark.parametrize("deal", [1, 2, 3, 5, 6, 7, 9])
def test_fact_1_the_direction_of_the_pass_depends_on_the_deal_number(deal):
    st = h1(deal)
    for s in SEATS:
        assert st.value("receiver", P[s]) == int(P[oracle.pass_target(deal, s)][1])
    given = {}
    for _ in range(4):
        seat = SEAT_OF[st.current_player]
        move = min(st.legal_moves(), key=str)
        given[seat] = {oc(c) for c in move.card.split()}
        st.play(move)
    after = hands_of(st)
    for s in SEATS:
        assert given[s] <= after[oracle.pass_target(deal, s)]
        assert not given[s] & after[s]
    assert shape(st)["phase"] == "play"


def test_fact_1_pass_directions_for_north():
    st = h1()
    got = []
    for deal in range(1, 9):
        doc = shape(st)
        doc["deal"] = deal
        other = game().load_position(yaml.dump(doc))
        got.append(None if deal % 4 == 0 else SEAT_OF[f"P{int(other.value('receiver', 'P1'))}"])
    assert got == [oracle.pass_target(d, "N") for d in range(1, 9)] == ["E", "W", "S", None, "E", "W", "S", None]


# ---- the end of a deal: the next deal (no pass on deals 4, 8 ...; the dealer moves left) ----------

def last_trick(deal: int, leader: str = "N", scores=None, won_points=None, trick_cards=None, tricks=None,
               broken=True):
    """A position before the 13th trick of a deal: one card in each hand, `won_points` the point
    cards of each player's won tricks (12 tricks in all, `tricks` of them each)."""
    if won_points is None:
        won_points = {"N": HEARTS[:6], "E": HEARTS[6:] + ["Q♠"]}
    won_points = {s: [oracle.card(c) for c in cs] for s, cs in won_points.items()}
    tricks = tricks or {s: 3 for s in SEATS}
    last = [oracle.card(c) for c in (trick_cards or ["2♦", "3♦", "4♦", "5♦"])]
    order = [oracle.left(leader, k) for k in range(4)]
    hands = {s: {c} for s, c in zip(order, last)}
    point_cards = [c for c in oracle.DECK if oracle.points(c)]
    placed = {c for cs in won_points.values() for c in cs} | set(last)
    assert set(point_cards) <= placed, "every point card is somewhere"
    filler = [c for c in oracle.DECK if c not in placed]
    won = {}
    for s in SEATS:
        cards = list(won_points.get(s, []))
        while len(cards) < 4 * tricks[s]:
            cards.append(filler.pop())
        won[s] = [cards[i:i + 4] for i in range(0, len(cards), 4)]
    assert not filler and sum(tricks.values()) == 12
    return load(hands, leader, deal=deal, won=won, broken=broken, scores=scores)


def finish(st, leader="N"):
    for k in range(4):
        assert st.current_player == P[oracle.left(leader, k)]
        (move,) = list(st.legal_moves())  # forced: one card in each hand
        st.play(move)


@pytest.mark.parametrize("deal", [3, 7, 11])
def test_deals_divisible_by_4_have_no_pass_and_the_2_of_clubs_leads(deal):
    st = last_trick(deal)
    finish(st)
    doc = shape(st)
    assert not st.is_over and doc["deal"] == deal + 1 and doc["counters"]["dealer"] == (deal % 4) + 1
    assert doc["phase"] == "play"  # Phase 1 is skipped
    holder = [p for p in ["P1", "P2", "P3", "P4"] if "2C" in doc["zones"][f"{p}.hand"]]
    assert st.current_player == holder[0]
    assert [str(m) for m in st.legal_moves()] == [f"2C {holder[0]}.hand -> trick"]
    assert all(len(doc["zones"][f"{p}.hand"]) == 13 for p in ["P1", "P2", "P3", "P4"])


@pytest.mark.parametrize("deal", [1, 2, 4, 5, 8])
def test_the_deal_passes_to_the_left_and_the_pass_begins_on_the_dealers_left(deal):
    st = last_trick(deal)
    finish(st)
    doc = shape(st)
    dealer = deal % 4 + 1  # the dealer of the next deal
    assert doc["counters"]["dealer"] == dealer and doc["deal"] == deal + 1
    assert doc["phase"] == "passing"
    assert st.current_player == f"P{dealer % 4 + 1}"
    assert len(list(st.legal_moves())) == 286


def test_the_deal_gives_13_cards_one_at_a_time_from_the_dealers_left(tmp_path):
    """Deal 2: the first card of the stock's top goes to the dealer's left, the 52nd to the dealer."""
    g = game()
    st = g.new_game(seed=5)
    doc = shape(st)
    assert doc["counters"]["dealer"] == 1 and doc["phase"] == "passing" and st.current_player == "P2"
    assert all(len(doc["zones"][f"P{i}.hand"]) == 13 for i in range(1, 5)) and not doc["zones"]["stock"]
    # the same shuffle dealt from P1 (to each hand, in seat order) gives P2's cards to P1, and so on
    text = (ROOT / "games" / "hearts.game").read_text(encoding="utf-8")
    line = "deal 13 from stock to each hand beginning with eldest"
    assert text.count(line) == 1
    path = tmp_path / "hearts_from_p1.game"
    path.write_text(text.replace(line, "deal 13 from stock to each hand"), encoding="utf-8")
    plain = shape(gamedsl.load_game(str(path)).new_game(seed=5))["zones"]
    assert [doc["zones"][f"P{i}.hand"] for i in (2, 3, 4, 1)] == [plain[f"P{i}.hand"] for i in (1, 2, 3, 4)]


def line_of(text: str) -> int:
    lines = (ROOT / "games" / "hearts.game").read_text(encoding="utf-8").splitlines()
    (number,) = [n for n, line in enumerate(lines, 1) if text in line]
    return number


# ---- facts 2 to 7: leading and following --------------------------------------------------

def test_fact_2_the_first_lead_is_the_2_of_clubs():
    st = load(oracle.H2, "S")
    assert plays(st) == listed("2. **The first lead.**") == "2♣"
    report = st.explain("AS P3.hand -> trick")
    assert not report.legal and "hearts.game:" in str(report)
    assert f"(hearts.game:{line_of('or the card is 2C')})" in str(report)  # rule L1 forbids it


def test_fact_3_no_points_on_the_first_trick():
    st = load(oracle.H2, "S")
    play(st, "2♣")
    assert st.current_player == "P4"
    assert plays(st) == "7♠ 6♠ 4♠ 3♠ J♦ 10♦ 8♦ 6♦" == listed("W has no club, so rule F3 applies")
    for card in ["QS", "QH", "9H", "5H", "2H"]:
        assert not st.explain(f"{card} P4.hand -> trick").legal
    play(st, "J♦")
    assert plays(st) == "A♣ 10♣ 6♣ 4♣ 3♣" == listed("N must follow suit (F1)")
    play(st, "3♣")
    assert plays(st) == "K♣ 9♣ 8♣ 7♣" == listed("E has **exactly 4 legal moves")
    play(st, "K♣")
    assert st.current_player == "P2"  # E won the trick and leads
    doc = shape(st)
    assert doc["counters"]["broken"] == 0 and doc["counters"]["taker"] == 2
    assert doc["zones"]["P2.won"] == ["2C", "JD", "3C", "KC"]


def after_trick_1():
    won = {"E": [oracle.trick_cards(oracle.DEAL[0])]}
    return load(text_hands("4. **Leading before hearts are broken.**"), "E", won=won)


def test_fact_4_leading_before_hearts_are_broken():
    played = load(oracle.H2, "S")
    play_tricks(played, oracle.DEAL[:1])
    assert hands_of(played) == text_hands("4. **Leading before hearts are broken.**")
    for st in (played, after_trick_1()):
        assert st.current_player == "P2"
        assert plays(st) == "J♠ 8♠ 2♠ A♦ 4♦ 2♦ 9♣ 8♣ 7♣" == listed("E has **exactly 9 legal moves")
        for card in ["KH", "10H", "6H"]:
            assert not st.explain(f"{card} P2.hand -> trick").legal


def test_fact_5_the_queen_of_spades_does_not_break_hearts_a_heart_does():
    st = load(oracle.H2, "S")
    assert play_tricks(st, oracle.DEAL[:3]) == ["E", "N", "E"]
    assert shape(st)["counters"]["broken"] == 0  # W discarded the Q♠
    assert hands_of(st) == text_hands("The position before trick 4:")
    assert plays(st) == "J♠ 8♠ A♦ 4♦ 2♦ 9♣ 8♣" == listed("E has **exactly 7 legal moves")
    loaded = load(text_hands("The position before trick 4:"), "E",
                  won={"E": [oracle.trick_cards(oracle.DEAL[0]), oracle.trick_cards(oracle.DEAL[2])],
                       "N": [oracle.trick_cards(oracle.DEAL[1])]})
    assert plays(loaded) == plays(st)
    assert play_tricks(st, oracle.DEAL[3:6]) == ["W", "N", "S"]
    assert shape(st)["counters"]["broken"] == 1  # W's discard of Q♥
    assert hands_of(st) == text_hands("The position before trick 7:")
    assert plays(st) == "A♠ J♥ 8♥ 4♥ K♦ 7♦ Q♣" == listed("S has **exactly 7 legal moves")
    tricks = [oracle.trick_cards(t) for t in oracle.DEAL]
    loaded = load(text_hands("The position before trick 7:"), "S", broken=True,
                  won={"N": [tricks[1], tricks[4]], "E": [tricks[0], tricks[2]], "S": [tricks[5]], "W": [tricks[3]]})
    assert plays(loaded) == plays(st)


def test_the_q_of_spades_alone_does_not_break_hearts_but_a_heart_led_from_a_hand_of_hearts_does():
    st = load(oracle.H2, "S")
    play_tricks(st, oracle.DEAL[:2])
    play(st, "4♣")
    play(st, "7♣")
    play(st, "5♣")
    play(st, "Q♠")
    assert shape(st)["counters"]["broken"] == 0
    st = load(oracle.H4, "W")
    play_tricks(st, ["W 2♣, N A♣, E 5♣, S 6♣", "N Q♠, E 2♠, S 3♠, W 4♠"])
    play(st, "A♥")  # the exception of L2: a hand of only hearts
    assert shape(st)["counters"]["broken"] == 1


def test_fact_6_a_hand_of_only_point_cards_may_play_any_of_them_to_the_first_trick():
    st = load(oracle.H3, "W")
    assert plays(st) == "2♣"
    play(st, "2♣")
    assert st.current_player == "P1" and plays(st) == shown(oracle.H3["N"])  # every card he holds
    assert len(oracle.H3["N"]) == 13
    play(st, "Q♠")
    assert shape(st)["counters"]["broken"] == 0
    assert plays(st) == "J♣ 10♣ 9♣ 8♣"
    play(st, "J♣")
    play(st, "A♣")
    assert st.current_player == "P3"
    assert st.value("deal_points", "P3") == 13


def test_fact_7_a_forced_q_of_spades_lead_then_a_hand_of_only_hearts():
    st = load(oracle.H4, "W")
    assert play_tricks(st, ["W 2♣, N A♣, E 5♣, S 6♣"]) == ["N"]
    assert plays(st) == listed("Hearts are not broken, so N has") == "Q♠"
    assert play_tricks(st, ["N Q♠, E 2♠, S 3♠, W 4♠"]) == ["N"]
    assert st.value("deal_points", "P1") == 13 and shape(st)["counters"]["broken"] == 0
    assert plays(st) == "A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥"


# ---- fact 8: a whole deal -----------------------------------------------------------------

def test_fact_8_a_whole_deal_trick_by_trick():
    st = load(oracle.H2, "S")
    ours = oracle.Hearts(oracle.H2, leader="S")
    winners = []
    for n, line in enumerate(oracle.DEAL):
        assert f"{line} — {oracle.WINNERS[n]}" in TEXT
        for seat, card in oracle.trick_cards(line):
            assert st.current_player == P[seat]
            assert plays(st) == shown(ours.legal())  # every card played is legal, and the sets agree
            if n == 12 and seat == "E":  # before the last card: the deal's points, trick by trick
                assert {s: st.value("deal_points", P[s]) for s in SEATS} == {"N": 0, "E": 17, "S": 9, "W": 0}
                assert {s: st.value("tricks_won", P[s]) for s in SEATS} == {"N": 3, "E": 3, "S": 5, "W": 1}
            play(st, f"{card[0]}{card[1]}")
            ours.play(card)
        if n < 12:
            assert hands_of(st) == ours.hands
            winners.append(SEAT_OF[st.current_player])
    assert winners == oracle.WINNERS[:12]
    result = st.results[-1]
    assert result.end == "deal_over" and result.number == 1
    assert dict(zip(SEATS, result.scores)) == {"N": 0, "E": 17, "S": 9, "W": 0}
    names = game().compiled.zones.names
    won = {s: len(result.zones[names.index(f"{P[s]}.won")]) // 4 for s in SEATS}
    assert won == {"N": 3, "E": 4, "S": 5, "W": 1}
    assert st.scores == {"P1": 0, "P2": 17, "P3": 9, "P4": 0}
    # nobody has 100: the next deal is dealt by E, and S (on E's left) passes first, to the right
    doc = shape(st)
    assert not st.is_over and doc["deal"] == 2 and doc["counters"]["dealer"] == 2
    assert doc["phase"] == "passing" and st.current_player == "P3" and doc["counters"]["broken"] == 0
    assert st.value("receiver", "P1") == 4


# ---- facts 9 and 10: shooting the moon, the end of the match ----------------------------------

HEARTS = [f"{r}♥" for r in oracle.RANKS]


def test_fact_9_shooting_the_moon_ends_the_match_and_the_lowest_score_wins():
    before = {"N": 54, "E": 78, "S": 38, "W": 62}
    # S leads the A♥ to the last trick, having won the other twelve hearts and the Q♠
    st = last_trick(1, leader="S", scores=before, won_points={"S": HEARTS[:-1] + ["Q♠"]},
                    trick_cards=["A♥", "2♦", "3♦", "4♦"], tricks={"N": 1, "E": 1, "S": 9, "W": 1})
    finish(st, leader="S")
    assert dict(zip(SEATS, st.results[-1].scores)) == {"N": 26, "E": 26, "S": 0, "W": 26}
    assert st.scores == {"P1": 80, "P2": 104, "P3": 38, "P4": 88}
    assert st.is_over and st.winners == ["P3"] == [P[s] for s in oracle.match_end({"N": 80, "E": 104, "S": 38,
                                                                                     "W": 88})]
    # W won one heart, S everything else: S 25, W 1, and nobody has 100
    st = last_trick(1, leader="S", scores=before, won_points={"S": HEARTS[1:-1] + ["Q♠"], "W": ["2♥"]},
                    trick_cards=["A♥", "2♦", "3♦", "4♦"], tricks={"N": 1, "E": 1, "S": 9, "W": 1})
    finish(st, leader="S")
    assert dict(zip(SEATS, st.results[-1].scores)) == {"N": 0, "E": 0, "S": 25, "W": 1}
    assert st.scores == {"P1": 54, "P2": 78, "P3": 63, "P4": 63}
    assert not st.is_over and st.winners == [] and shape(st)["deal"] == 2


def test_fact_10_a_shared_win():
    st = last_trick(1, scores={"N": 60, "E": 92, "S": 63, "W": 66},
                    won_points={"N": HEARTS[:3], "E": ["Q♠"], "W": HEARTS[3:]})
    finish(st)
    assert dict(zip(SEATS, st.results[-1].scores)) == {"N": 3, "E": 13, "S": 0, "W": 10}
    assert st.scores == {"P1": 63, "P2": 105, "P3": 63, "P4": 76}
    assert st.is_over and st.winners == ["P1", "P3"]
    st = last_trick(1, scores={"N": 60, "E": 85, "S": 63, "W": 66},
                    won_points={"N": HEARTS[:3], "E": ["Q♠", HEARTS[3]], "W": HEARTS[4:]})
    finish(st)
    assert dict(zip(SEATS, st.results[-1].scores)) == {"N": 3, "E": 14, "S": 0, "W": 9}
    assert st.scores == {"P1": 63, "P2": 99, "P3": 63, "P4": 75}
    assert not st.is_over


def test_the_match_target_is_an_option():
    g = gamedsl.load_game("hearts", options={"target": 50})
    assert g.options["target"] == 50 and game().options["target"] == 100
    doc = yaml.safe_load(last_trick(1, scores={"N": 40, "E": 0, "S": 0, "W": 0},
                                    won_points={"N": HEARTS[:10], "E": HEARTS[10:] + ["Q♠"]}).to_yaml())
    st = g.load_position(yaml.dump(doc))
    finish(st)
    assert st.scores == {"P1": 50, "P2": 16, "P3": 0, "P4": 0}
    assert st.is_over and st.winners == ["P3", "P4"]


# ---- the oracle in random positions ------------------------------------------------------------

def random_oracle_game(rng: random.Random) -> oracle.Hearts:
    """A random deal (after the pass), played on by the oracle a random number of cards."""
    deck = list(oracle.DECK)
    rng.shuffle(deck)
    hands = {s: set(deck[13 * i:13 * i + 13]) for i, s in enumerate(SEATS)}
    leader = next(s for s in SEATS if ("2", "♣") in hands[s])
    g = oracle.Hearts(hands, leader=leader)
    for _ in range(rng.randrange(52)):
        g.play(rng.choice(g.legal()))
    return g


def test_the_engine_and_the_oracle_agree_on_the_legal_moves_of_random_positions():
    rng = random.Random(17)
    for _ in range(300):
        g = random_oracle_game(rng)
        st = from_oracle(g)
        assert st.current_player == P[g.to_move()]
        assert plays(st) == shown(g.legal())
        if rng.random() < 0.2:  # and one card on: the same position
            card = rng.choice(g.legal())
            g.play(card)
            play(st, f"{card[0]}{card[1]}")
            if g.tricks_done < 13:
                assert hands_of(st) == g.hands and st.current_player == P[g.to_move()]
                assert shape(st)["counters"]["broken"] == int(g.hearts_broken)


def test_random_pass_positions_offer_every_set_of_3():
    rng = random.Random(3)
    for _ in range(5):
        deck = list(oracle.DECK)
        rng.shuffle(deck)
        hands = {s: set(deck[13 * i:13 * i + 13]) for i, s in enumerate(SEATS)}
        deal = rng.choice([1, 2, 3])
        dealer = rng.randrange(1, 5)
        st = load(hands, SEATS[dealer % 4], phase="passing", deal=deal, dealer=dealer)
        assert passes(st) == {frozenset(t) for t in combinations(hands[SEAT_OF[st.current_player]], 3)}


# ---- whole random matches -------------------------------------------------------------------

def check_match(seed: int, max_moves: int = 6000):
    """A random match, checked move by move against the oracle: the pass goes where the text says,
    every play's legal moves and result agree, each deal adds what the oracle scores, the match
    ends as the oracle says, with every card kept."""
    st = game().new_game(seed=seed)
    rng = random.Random(seed)
    totals = {s: 0 for s in SEATS}
    ours = None
    before_pass = None
    for _ in range(max_moves):
        if st.is_over:
            break
        doc = shape(st)
        assert sum(len(z) for z in doc["zones"].values()) == 52
        assert len({c for z in doc["zones"].values() for c in z}) == 52
        deal = doc["deal"]
        moves = list(st.legal_moves())
        for move in moves:
            assert str(st.parse_move(str(move))) == str(move)
        if doc["phase"] == "passing":
            assert deal % 4 != 0 and doc["counters"]["dealer"] == (deal - 1) % 4 + 1
            if before_pass is None:
                before_pass = (hands_of(st), {})
                assert st.current_player == f"P{doc['counters']['dealer'] % 4 + 1}"
            hand = hands_of(st)[SEAT_OF[st.current_player]]
            assert passes(st) == {frozenset(t) for t in combinations(hand, 3)}
            move = rng.choice(moves)
            before_pass[1][SEAT_OF[st.current_player]] = {oc(c) for c in move.card.split()}
            st.play(move)
            continue
        if ours is None:  # the play begins: after the pass (or none)
            hands = hands_of(st)
            if before_pass is not None:
                held, given = before_pass
                expected = {s: held[s] - given[s] for s in SEATS}
                for s in SEATS:
                    expected[oracle.pass_target(deal, s)] |= given[s]
                assert hands == expected
            else:
                assert deal % 4 == 0
            ours = oracle.Hearts(hands, leader=SEAT_OF[st.current_player], deal_no=deal)
            assert ("2", "♣") in hands[SEAT_OF[st.current_player]]
        assert st.current_player == P[ours.to_move()]
        assert plays(st) == shown(ours.legal())
        move = rng.choice(moves)
        st.play(move)
        ours.play(oc(move.card))
        if ours.tricks_done == 13:  # the deal was scored
            added = oracle.deal_scores(ours.deal_points())
            result = st.results[-1]
            assert result.number == deal and dict(zip(SEATS, result.scores)) == added
            totals = {s: totals[s] + added[s] for s in SEATS}
            assert st.scores == {P[s]: totals[s] for s in SEATS}
            end = oracle.match_end(totals)
            assert st.is_over == (end is not None)
            if end:
                assert st.winners == [P[s] for s in end]
            ours = before_pass = None
        else:
            assert hands_of(st) == ours.hands
            assert shape(st)["counters"]["broken"] == int(ours.hearts_broken)
    assert st.is_over
    return st


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_matches_agree_with_the_oracle_and_keep_the_cards(seed):
    st = check_match(seed)
    assert max(st.scores.values()) >= 100
    assert len(st.results) >= 4
    assert sum(sum(r.scores) for r in st.results) % 26 == 0


def test_a_seeded_match_replays_and_a_save_replays(tmp_path):
    def run(seed):
        st = game().new_game(seed=seed)
        rng = random.Random(seed)
        while not st.is_over:
            st.play(rng.choice(list(st.legal_moves())))
        return st

    a, b = run(4), run(4)
    assert a.to_yaml() == b.to_yaml() and a.scores == b.scores
    path = records.save(a, ["random"] * 4, tmp_path / "hearts.yaml")
    again, seats = records.load(path)
    assert again.key() == a.key() and again.scores == a.scores and seats == ["random"] * 4
    # part of a deal, saved and resumed
    st = game().new_game(seed=6)
    rng = random.Random(6)
    for _ in range(30):
        st.play(rng.choice(list(st.legal_moves())))
    path = records.save(st, ["random"] * 4, tmp_path / "part.yaml")
    resumed, _ = records.load(path)
    assert resumed.to_yaml() == st.to_yaml()


def test_computer_players_finish_a_deal():
    from gamedsl.players.greedy import GreedyPlayer
    from gamedsl.players.mcts import MctsPlayer
    from gamedsl.players.random_player import RandomPlayer

    st = game().new_game(seed=2)
    seats = [GreedyPlayer(seed=0, worlds=1), MctsPlayer(seed=1, iterations=8, depth=12), RandomPlayer(seed=2),
             RandomPlayer(seed=3)]
    while not st.results:
        st.play(seats[int(st.current_player[1:]) - 1].choose(st))
    assert sum(st.results[-1].scores) in (26, 78)


# ---- the real entry point ------------------------------------------------------------------

def _run(*args: str, timeout: int = 900) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""), "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "gamedsl", *args], check=False, capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=timeout)


def test_the_console_plays_a_whole_match_with_four_computers():
    run = _run("play", "hearts", "--seats", "computer,computer,computer,computer", "--no-color", "--seed", "1")
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "P2 plays pass " in out  # deal 1: the player on N's left passes first
    assert "Deal 1 ends: the 13th trick has been won" in out
    assert "Game over." in out and "(the lowest score wins)" in out


@pytest.mark.parametrize("seats", ["mcts:50,random,random,random", "greedy,random,random,random"])
def test_simulate_runs(seats):
    run = _run("simulate", "hearts", "--games", "2", "--seats", seats)
    assert run.returncode == 0, run.stderr
    assert "Hearts: 2 games" in run.stdout and seats.split(",")[0] in run.stdout


def test_the_console_does_not_show_a_human_the_cards_others_pass():
    """Zones: a pass pile is seen by its owner only; the console's log shows others' passes without
    their cards (a computer's move whose cards the human cannot see), and the human's own in full."""
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""), "NO_COLOR": "1"}
    command = [sys.executable, "-m", "gamedsl", "play", "hearts", "--seats", "human,computer,computer,computer",
               "--no-color", "--seed", "3"]
    run = subprocess.run(command, input="1\nlog\nquit\nyes\n", check=False, capture_output=True, text=True,
                         cwd=ROOT, env=env, timeout=300)
    assert run.returncode == 0, run.stderr
    out = run.stdout
    for seat in ("P2", "P3", "P4"):
        assert f"{seat} plays pass (3 cards not shown)" in out
        assert not re.search(seat + r" plays pass \w", out)
    assert re.search(r"P1 plays pass \w+ \w+ \w+", out)  # his own, in full, also in the log
    assert "P2 plays 2C P2.hand -> trick" in out  # a card played to the trick is seen by all


def test_what_each_player_sees():
    """Zones: a hand and a pass pile are seen by their owner only; the trick and the won tricks by
    everyone (every card of them was shown when played)."""
    st = h1()
    st.play("pass AS QC KD")  # E
    seen = st.observation("P1")["zones"]
    assert set(seen["P2.pass"]) == {"??"} and len(seen["P2.pass"]) == 3
    assert set(seen["P2.hand"]) == {"??"} and len(seen["P2.hand"]) == 10
    assert sorted(st.observation("P2")["zones"]["P2.pass"]) == ["AS", "KD", "QC"]
    st = load(oracle.H2, "S")
    play_tricks(st, oracle.DEAL[:1])
    play(st, "2♠")
    for seat in ("P1", "P3", "P4"):
        seen = st.observation(seat)["zones"]
        assert seen["P2.won"] == ["2C", "JD", "3C", "KC"] and seen["trick"] == ["2S"]
        assert st.observation(seat)["trick_players"] == {"trick": ["P2"]}
        assert set(seen["P2.hand"]) == {"??"}
