# A copy of shared/new-games/cribbage_check.py (CI has no /work/shared); it reads tests/data/cribbage.md.
"""Check the "Checkable facts" of cribbage.md against an independent model of its rules text.

Run from any directory:  python3 cribbage_check.py
Every assertion below restates one fact of cribbage.md; the script also checks that the
hands and card lists it uses are written in cribbage.md exactly as printed here.
"""
from itertools import combinations
from math import prod
from pathlib import Path

SUITS = "♠♥♦♣"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
RNUM = {r: i + 1 for i, r in enumerate(RANKS)}
DECK = [(r, s) for s in SUITS for r in RANKS]


def value(c):
    return min(RNUM[c[0]], 10)


def card(text):
    return (text[:-1], text[-1])


def cards(text):
    return [card(t) for t in text.split()]


def ctext(c):
    return c[0] + c[1]


def key(c):
    return (SUITS.index(c[1]), -RNUM[c[0]])


def parse_hand(text):
    out = set()
    for part in text.split(";"):
        part = part.strip()
        suit, rest = part[0], part[1:].split()
        if rest != ["none"]:
            out |= {(r, suit) for r in rest}
    return out


def fmt_hand(hand):
    parts = []
    for s in SUITS:
        rs = sorted((c[0] for c in hand if c[1] == s), key=lambda r: -RNUM[r])
        parts.append(s + " " + (" ".join(rs) if rs else "none"))
    return "; ".join(parts)


# ---------------------------------------------------------------- the show
def show_score(hand4, starter, is_crib=False):
    five = list(hand4) + [starter]
    fifteens = sum(1 for k in range(2, 6) for s in combinations(five, k)
                   if sum(value(c) for c in s) == 15)
    pairs = sum(1 for a, b in combinations(five, 2) if a[0] == b[0])
    counts = {}
    for c in five:
        counts[RNUM[c[0]]] = counts.get(RNUM[c[0]], 0) + 1
    run_pts = 0
    for length in (5, 4, 3):
        for lo in range(1, 14 - length + 1):
            seq = range(lo, lo + length)
            if all(r in counts for r in seq):
                run_pts += length * prod(counts[r] for r in seq)
        if run_pts:
            break
    suits4 = {c[1] for c in hand4}
    flush = 0
    if len(suits4) == 1:
        if starter[1] in suits4:
            flush = 5
        elif not is_crib:
            flush = 4
    nobs = 1 if ("J", starter[1]) in hand4 else 0
    return {"fifteens": 2 * fifteens, "pairs": 2 * pairs, "runs": run_pts,
            "flush": flush, "nobs": nobs,
            "total": 2 * fifteens + 2 * pairs + run_pts + flush + nobs}


# ---------------------------------------------------------------- pegging
def peg_points(series):
    """Points for the last card of series (the cards of the current count, in order)."""
    c = series[-1]
    count = sum(value(x) for x in series)
    pts, why = 0, []
    if count == 15:
        pts += 2
        why.append("fifteen 2")
    if count == 31:
        pts += 2
        why.append("thirty-one 2")
    k = 1
    while k < len(series) and series[-1 - k][0] == c[0]:
        k += 1
    if k >= 2:
        p = {2: 2, 3: 6, 4: 12}[k]
        pts += p
        why.append({2: "pair 2", 3: "pair royal 6", 4: "double pair royal 12"}[k])
    best = 0
    for n in range(3, len(series) + 1):
        ranks = sorted(RNUM[x[0]] for x in series[-n:])
        if len(set(ranks)) == n and ranks[-1] - ranks[0] == n - 1:
            best = n
    if best:
        pts += best
        why.append(f"run of {best}")
    return pts, why


class Pegging:
    def __init__(self, hands, pone, dealer, scores=None):
        self.hands = {p: list(h) for p, h in hands.items()}
        self.pone, self.dealer = pone, dealer
        self.to_move = pone
        self.series = []
        self.gone = set()
        self.last = None
        self.scores = dict(scores or {pone: 0, dealer: 0})
        self.over = False
        self.log = []

    def other(self, p):
        return self.dealer if p == self.pone else self.pone

    def count(self):
        return sum(value(x) for x in self.series)

    def legal(self):
        hand = self.hands[self.to_move]
        ok = [c for c in hand if self.count() + value(c) <= 31]
        return sorted(ok, key=key) if ok else ["Go"]

    def reset(self, next_player):
        self.series, self.gone = [], set()
        self.to_move = next_player

    def play(self, move):
        p = self.to_move
        assert move in self.legal(), (p, move, self.legal())
        if move == "Go":
            self.gone.add(p)
            self.log.append((p, "Go", 0, []))
            if len(self.gone) == 2:
                self.scores[self.last] += 1
                self.log.append((self.last, "go point", 1, ["go 1"]))
                self.reset(self.other(self.last))
            else:
                self.to_move = self.other(p)
            return
        self.hands[p].remove(move)
        self.series.append(move)
        self.last = p
        pts, why = peg_points(self.series)
        self.scores[p] += pts
        self.log.append((p, ctext(move) + f" ({self.count()})", pts, why))
        if self.count() == 31:
            if not any(self.hands.values()):
                self.over = True
                return
            self.reset(self.other(p))
            return
        if not any(self.hands.values()):
            self.scores[p] += 1
            self.log.append((p, "last card", 1, ["last card 1"]))
            self.over = True
            return
        opp = self.other(p)
        self.to_move = p if opp in self.gone else opp


MD_PATH = Path(__file__).parent / "data" / "cribbage.md"
MD = MD_PATH.read_text(encoding="utf-8") if MD_PATH.exists() else None


def in_md(text):
    if MD is not None:
        assert text in MD, f"not written in cribbage.md: {text}"


def rest_of_deck(*groups):
    used = set()
    for g in groups:
        used |= set(g)
    return {c for c in DECK if c not in used}


def run_moves(g, moves):
    for m in moves:
        g.play(card(m) if m != "Go" else "Go")


# ---------------------------------------------------------------- positions
C1_DEALT = {"P2": parse_hand("♠ Q; ♥ K 7 4 2; ♦ none; ♣ 5"),
            "P1": parse_hand("♠ 6 5; ♥ 9; ♦ 5 3; ♣ K")}
C1_CRIB_P2, C1_CRIB_P1 = cards("K♥ Q♠"), cards("5♦ 5♠")
C1_STARTER = card("6♥")
C1_PLAY = "4♥ 6♠ 5♣ 3♦ 7♥ Go 2♥ Go K♣ Go 9♥".split()

C2_HANDS = {"P2": parse_hand("♠ 7; ♥ 8; ♦ 2; ♣ 7"), "P1": parse_hand("♠ K; ♥ 7; ♦ 7; ♣ A")}
C2_CRIB, C2_STARTER = cards("Q♦ 9♣ 3♠ 10♦"), card("5♥")
C2_PLAY = "7♠ 7♦ 7♣ 7♥ 2♦ A♣ 8♥ K♠".split()

C3_HANDS = {"P2": parse_hand("♠ none; ♥ 4; ♦ 6 A; ♣ 5"), "P1": parse_hand("♠ 4 2; ♥ none; ♦ none; ♣ 6 3")}
C3_CRIB, C3_STARTER = cards("K♦ Q♣ 9♠ 8♦"), card("10♥")
C3_PLAY = "A♦ 2♠ 5♣ 3♣ 4♥ 4♠ 6♦ 6♣".split()


def fact1():
    for p in ("P1", "P2"):
        in_md(fmt_hand(C1_DEALT[p]))
        assert len(C1_DEALT[p]) == 6 and len(list(combinations(sorted(C1_DEALT[p]), 2))) == 15
    stock = rest_of_deck(*C1_DEALT.values())
    assert len(stock) == 40 and C1_STARTER in stock
    in_md(fmt_hand(stock - {C1_STARTER}))
    assert set(C1_CRIB_P2) <= C1_DEALT["P2"] and set(C1_CRIB_P1) <= C1_DEALT["P1"]
    in_md(fmt_hand(C1_DEALT["P2"] - set(C1_CRIB_P2)))
    in_md(fmt_hand(C1_DEALT["P1"] - set(C1_CRIB_P1)))


def c1_pegging():
    hands = {p: sorted(C1_DEALT[p] - set(C1_CRIB_P2 + C1_CRIB_P1), key=key) for p in ("P1", "P2")}
    return Pegging(hands, pone="P2", dealer="P1")


def fact2():
    assert C1_STARTER[0] != "J"
    # his heels: dealer at 119 cuts a jack
    scores = {"P1": 119, "P2": 100}
    starter = card("J♣")
    if starter[0] == "J":
        scores["P1"] += 2
    assert scores["P1"] == 121


def fact3():
    g = c1_pegging()
    assert sorted(g.legal(), key=key) == sorted(cards("7♥ 4♥ 2♥ 5♣"), key=key)
    run_moves(g, C1_PLAY[:5])
    assert g.count() == 25 and g.to_move == "P1" and g.legal() == ["Go"]
    assert g.hands["P1"] == [card("9♥"), card("K♣")] or set(g.hands["P1"]) == set(cards("9♥ K♣"))
    g.play("Go")
    assert g.to_move == "P2" and g.legal() == [card("2♥")]


def fact4():
    g = c1_pegging()
    run_moves(g, C1_PLAY)
    assert g.over
    expect = [("P2", "4♥ (4)", 0), ("P1", "6♠ (10)", 0), ("P2", "5♣ (15)", 5), ("P1", "3♦ (18)", 4),
              ("P2", "7♥ (25)", 5), ("P1", "Go", 0), ("P2", "2♥ (27)", 6), ("P2", "Go", 0),
              ("P2", "go point", 1), ("P1", "K♣ (10)", 0), ("P2", "Go", 0), ("P1", "9♥ (19)", 0),
              ("P1", "last card", 1)]
    assert [(p, m, s) for p, m, s, _ in g.log] == expect
    assert g.scores == {"P2": 17, "P1": 5}


def fact5():
    for p in ("P1", "P2"):
        in_md(fmt_hand(C2_HANDS[p]))
    stock = rest_of_deck(*C2_HANDS.values(), C2_CRIB)
    assert len(stock) == 40 and C2_STARTER in stock
    in_md(fmt_hand(stock - {C2_STARTER}))
    g = Pegging(C2_HANDS, pone="P2", dealer="P1")
    run_moves(g, C2_PLAY[:3])
    assert g.count() == 21 and sorted(g.legal(), key=key) == sorted(cards("K♠ 7♥ A♣"), key=key)
    run_moves(g, C2_PLAY[3:4])
    assert g.legal() == [card("2♦")]
    run_moves(g, C2_PLAY[4:5])
    assert g.legal() == [card("A♣")]
    run_moves(g, C2_PLAY[5:6])
    assert g.count() == 0 and g.to_move == "P2"
    run_moves(g, C2_PLAY[6:])
    assert g.over
    expect = [("P2", "7♠ (7)", 0), ("P1", "7♦ (14)", 2), ("P2", "7♣ (21)", 6), ("P1", "7♥ (28)", 12),
              ("P2", "2♦ (30)", 0), ("P1", "A♣ (31)", 2), ("P2", "8♥ (8)", 0), ("P1", "K♠ (18)", 0),
              ("P1", "last card", 1)]
    assert [(p, m, s) for p, m, s, _ in g.log] == expect
    assert g.scores == {"P2": 6, "P1": 17}


def fact6():
    for p in ("P1", "P2"):
        in_md(fmt_hand(C3_HANDS[p]))
    stock = rest_of_deck(*C3_HANDS.values(), C3_CRIB)
    assert len(stock) == 40 and C3_STARTER in stock
    in_md(fmt_hand(stock - {C3_STARTER}))
    g = Pegging(C3_HANDS, pone="P2", dealer="P1")
    run_moves(g, C3_PLAY)
    expect = [("P2", "A♦ (1)", 0), ("P1", "2♠ (3)", 0), ("P2", "5♣ (8)", 0), ("P1", "3♣ (11)", 0),
              ("P2", "4♥ (15)", 7), ("P1", "4♠ (19)", 2), ("P2", "6♦ (25)", 0), ("P1", "6♣ (31)", 4)]
    assert [(p, m, s) for p, m, s, _ in g.log] == expect
    assert g.over and g.scores == {"P2": 7, "P1": 6}
    # the last card made 31: no extra point for the last card
    assert all(m != "last card" for _, m, _, _ in g.log)


def fact7():
    pone = show_score(cards("4♥ 5♣ 7♥ 2♥"), C1_STARTER)
    dealer = show_score(cards("6♠ 3♦ K♣ 9♥"), C1_STARTER)
    crib = show_score(C1_CRIB_P2 + C1_CRIB_P1, C1_STARTER, is_crib=True)
    assert (pone["fifteens"], pone["runs"], pone["total"]) == (4, 4, 8)
    assert (dealer["fifteens"], dealer["pairs"], dealer["total"]) == (6, 2, 8)
    assert (crib["fifteens"], crib["pairs"], crib["total"]) == (8, 2, 10)
    assert 17 + 8 == 25 and 5 + 8 + 10 == 23


def fact8():
    s = show_score(cards("5♥ 5♦ 5♣ J♠"), card("5♠"))
    assert (s["fifteens"], s["pairs"], s["nobs"], s["total"]) == (16, 12, 1, 29)
    s = show_score(cards("7♥ 8♣ 8♦ 9♠"), card("6♦"))
    assert (s["fifteens"], s["pairs"], s["runs"], s["total"]) == (6, 2, 8, 16)
    s = show_score(cards("3♠ 3♥ 4♦ 5♣"), card("4♠"))
    assert (s["fifteens"], s["pairs"], s["runs"], s["total"]) == (4, 4, 12, 20)
    s = show_score(cards("A♣ 2♦ 3♥ 4♠"), card("5♣"))
    assert (s["fifteens"], s["runs"], s["total"]) == (2, 5, 7)
    s = show_score(cards("2♣ 4♦ 6♠ 8♥"), card("K♣"))
    assert s["total"] == 0
    s = show_score(cards("Q♠ K♠ A♠ 2♠"), card("3♥"))   # no wrap: A low only
    assert (s["fifteens"], s["runs"], s["flush"], s["total"]) == (4, 3, 4, 11)


def fact9():
    h = cards("2♥ 6♥ 9♥ Q♥")
    s = show_score(h, card("K♠"))
    assert (s["fifteens"], s["flush"], s["total"]) == (2, 4, 6)
    s = show_score(h, card("K♠"), is_crib=True)
    assert (s["flush"], s["total"]) == (0, 2)
    s = show_score(h, card("5♥"), is_crib=True)
    assert (s["fifteens"], s["flush"], s["total"]) == (4, 5, 9)
    s = show_score(h, card("5♥"))
    assert (s["fifteens"], s["flush"], s["total"]) == (4, 5, 9)
    s = show_score(cards("J♦ 4♦ 4♣ 6♠"), card("8♦"))
    assert (s["pairs"], s["nobs"], s["total"]) == (2, 1, 3)
    s = show_score(cards("J♦ 4♦ 4♣ 6♠"), card("8♣"))
    assert (s["nobs"], s["total"]) == (0, 2)
    # a starter jack is not nobs for anybody
    s = show_score(cards("10♦ 4♦ 4♣ 6♠"), card("J♦"))
    assert s["nobs"] == 0


def fact10():
    pone = show_score(cards("2♥ 6♥ 9♥ Q♥"), card("K♠"))
    dealer = show_score(cards("5♣ 5♦ 10♣ J♠"), card("K♠"))
    assert pone["total"] == 6 and dealer["total"] == 15
    assert dealer["fifteens"] == 12 and dealer["pairs"] == 2 and dealer["nobs"] == 1
    assert 118 + 6 >= 121 and 117 + 15 >= 121
    assert len(set(cards("2♥ 6♥ 9♥ Q♥ 5♣ 5♦ 10♣ J♠ K♠"))) == 9


def main():
    facts = [fact1, fact2, fact3, fact4, fact5, fact6, fact7, fact8, fact9, fact10]
    for f in facts:
        f()
    print(f"cribbage: {len(facts)} facts checked" + ("" if MD else " (cribbage.md not found: text not compared)"))


if __name__ == "__main__":
    main()
