# A copy of shared/new-games/hearts_check.py (CI has no /work/shared); it reads tests/data/hearts.md.
"""Check the "Checkable facts" of hearts.md against an independent model of its rules text.

Run from any directory:  python3 hearts_check.py
Every assertion below restates one fact of hearts.md; the script also checks that the
hands and tricks it uses are written in hearts.md exactly as printed here.
"""
from itertools import combinations
from pathlib import Path

SUITS = "♠♥♦♣"
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
RVAL = {r: i + 2 for i, r in enumerate(RANKS)}          # 2..14, A high
SEATS = ["N", "E", "S", "W"]                            # clockwise; left = next clockwise
DECK = [(r, s) for s in SUITS for r in RANKS]
QS = ("Q", "♠")


def card(text):
    return (text[:-1], text[-1])


def cards(text):
    return [card(t) for t in text.split()]


def ctext(c):
    return c[0] + c[1]


def parse_hand(text):
    """'♠ A Q 5; ♥ K 9 4; ♦ J 8; ♣ none' -> set of cards."""
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
        rs = sorted((c[0] for c in hand if c[1] == s), key=lambda r: -RVAL[r])
        parts.append(s + " " + (" ".join(rs) if rs else "none"))
    return "; ".join(parts)


def left(seat, k=1):
    return SEATS[(SEATS.index(seat) + k) % 4]


def pass_target(deal_no, seat):
    d = deal_no % 4
    return {1: left(seat, 1), 2: left(seat, 3), 3: left(seat, 2), 0: None}[d]


def points(c):
    return 1 if c[1] == "♥" else 13 if c == QS else 0


class Hearts:
    def __init__(self, hands, leader, trick=(), won=None, hearts_broken=False,
                 tricks_done=0, deal_no=1):
        self.hands = {p: set(h) for p, h in hands.items()}
        self.leader = leader
        self.trick = list(trick)                     # [(seat, card)] in play order
        self.won = {p: [] for p in SEATS} if won is None else {p: list(t) for p, t in won.items()}
        self.hearts_broken = hearts_broken
        self.tricks_done = tricks_done
        self.deal_no = deal_no
        self.check_conservation()

    def check_conservation(self):
        seen = []
        for p in SEATS:
            seen += list(self.hands[p])
            for t in self.won[p]:
                seen += [c for _, c in t]
        seen += [c for _, c in self.trick]
        assert len(seen) == 52 and set(seen) == set(DECK), "card conservation"

    def to_move(self):
        return left(self.leader, len(self.trick))

    def legal(self):
        p = self.to_move()
        hand = self.hands[p]
        first = self.tricks_done == 0
        if not self.trick:
            if first:
                return [c for c in hand if c == ("2", "♣")]
            if self.hearts_broken or all(c[1] == "♥" for c in hand):
                return sorted(hand)
            return sorted(c for c in hand if c[1] != "♥")
        led = self.trick[0][1][1]
        follow = [c for c in hand if c[1] == led]
        if follow:
            return sorted(follow)
        if first:
            safe = [c for c in hand if points(c) == 0]
            if safe:
                return sorted(safe)
        return sorted(hand)

    def play(self, c):
        p = self.to_move()
        assert c in self.legal(), f"{p} may not play {ctext(c)}"
        self.hands[p].remove(c)
        self.trick.append((p, c))
        if c[1] == "♥":
            self.hearts_broken = True
        if len(self.trick) == 4:
            led = self.trick[0][1][1]
            winner = max((t for t in self.trick if t[1][1] == led), key=lambda t: RVAL[t[1][0]])[0]
            self.won[winner].append(self.trick)
            self.trick = []
            self.leader = winner
            self.tricks_done += 1
            return winner
        return None

    def deal_points(self):
        pts = {p: sum(points(c) for t in self.won[p] for _, c in t) for p in SEATS}
        return pts


def deal_scores(pts):
    """Points taken -> points added (shooting the moon)."""
    assert sum(pts.values()) == 26
    for p, v in pts.items():
        if v == 26:
            return {q: (0 if q == p else 26) for q in SEATS}
    return dict(pts)


def match_end(totals):
    if max(totals.values()) < 100:
        return None
    low = min(totals.values())
    return sorted(p for p in SEATS if totals[p] == low)


def key(c):
    return (SUITS.index(c[1]), -RVAL[c[0]])


def show(cs):
    return " ".join(ctext(c) for c in sorted(cs, key=key))


MD_PATH = Path(__file__).parent / "data" / "hearts.md"
MD = MD_PATH.read_text(encoding="utf-8") if MD_PATH.exists() else None


def in_md(text):
    if MD is not None:
        assert text in MD, f"not written in hearts.md: {text}"


# ---------------------------------------------------------------- positions
H1 = {
    "N": parse_hand("♠ K J 10; ♥ 7 3; ♦ A Q 9 5; ♣ K 6 4 3"),
    "E": parse_hand("♠ A 8 2; ♥ K 10 6; ♦ K 4 2; ♣ Q 9 8 7"),
    "S": parse_hand("♠ Q 9 5; ♥ Q J 8 4; ♦ J 7 3; ♣ J 5 2"),
    "W": parse_hand("♠ 7 6 4 3; ♥ A 9 5 2; ♦ 10 8 6; ♣ A 10"),
}
PASSES = {"N": cards("J♠ A♦ K♣"), "E": cards("A♠ K♦ Q♣"),
          "S": cards("Q♠ Q♥ J♦"), "W": cards("A♥ A♣ 10♣")}
H2 = {
    "N": parse_hand("♠ K 10; ♥ A 7 3; ♦ Q 9 5; ♣ A 10 6 4 3"),
    "E": parse_hand("♠ J 8 2; ♥ K 10 6; ♦ A 4 2; ♣ K 9 8 7"),
    "S": parse_hand("♠ A 9 5; ♥ J 8 4; ♦ K 7 3; ♣ Q J 5 2"),
    "W": parse_hand("♠ Q 7 6 4 3; ♥ Q 9 5 2; ♦ J 10 8 6; ♣ none"),
}
# The sample deal of fact 8, trick by trick, each trick written from its leader.
DEAL = [
    "S 2♣, W J♦, N 3♣, E K♣",
    "E 2♠, S 5♠, W 4♠, N K♠",
    "N 4♣, E 7♣, S 5♣, W Q♠",
    "E 2♦, S 3♦, W 6♦, N 5♦",
    "W 3♠, N 10♠, E 8♠, S 9♠",
    "N 6♣, E 8♣, S J♣, W Q♥",
    "S 4♥, W 2♥, N 3♥, E K♥",
    "E 6♥, S 8♥, W 5♥, N 7♥",
    "S 7♦, W 8♦, N 9♦, E 4♦",
    "N 10♣, E 9♣, S Q♣, W 9♥",
    "S A♠, W 7♠, N A♥, E J♠",
    "S J♥, W 10♦, N A♣, E 10♥",
    "S K♦, W 6♠, N Q♦, E A♦",
]
WINNERS = ["E", "N", "E", "W", "N", "S", "E", "S", "N", "S", "S", "S", "E"]

H3 = {
    "N": parse_hand("♠ Q; ♥ A K Q J 10 9 8 7 6 5 4 3; ♦ none; ♣ none"),
    "E": parse_hand("♠ 9 8 7 6; ♥ 2; ♦ J 10 9 8; ♣ J 10 9 8"),
    "S": parse_hand("♠ 5 4 3 2; ♥ none; ♦ 7 6 5 4 3 2; ♣ A K Q"),
    "W": parse_hand("♠ A K J 10; ♥ none; ♦ A K Q; ♣ 7 6 5 4 3 2"),
}
H4 = {
    "N": parse_hand("♠ Q; ♥ A K Q J 10 9 8 7 6 5 4; ♦ none; ♣ A"),
    "E": parse_hand("♠ A K 2; ♥ 3; ♦ 10 9 8 7; ♣ K Q J 10 5"),
    "S": parse_hand("♠ J 10 3; ♥ 2; ♦ 6 5 4 3 2; ♣ 9 8 7 6"),
    "W": parse_hand("♠ 9 8 7 6 5 4; ♥ none; ♦ A K Q J; ♣ 4 3 2"),
}


def trick_cards(line):
    return [(t.split()[0], card(t.split()[1])) for t in line.split(", ")]


def play_tricks(g, lines):
    winners = []
    for line in lines:
        for seat, c in trick_cards(line):
            assert g.to_move() == seat, (line, seat, g.to_move())
            w = g.play(c)
        winners.append(w)
    return winners


# ---------------------------------------------------------------- facts
def fact1():
    """Passing: 286 choices, direction by deal number, H1 -> H2."""
    assert set().union(*H1.values()) == set(DECK) and all(len(h) == 13 for h in H1.values())
    for p in SEATS:
        in_md(fmt_hand(H1[p]))
        assert len(list(combinations(sorted(H1[p]), 3))) == 286
    assert [pass_target(d, "N") for d in range(1, 9)] == ["E", "W", "S", None, "E", "W", "S", None]
    assert [pass_target(2, p) for p in SEATS] == ["W", "N", "E", "S"]
    assert [pass_target(3, p) for p in SEATS] == ["S", "W", "N", "E"]
    after = {p: set(H1[p]) for p in SEATS}
    for p in SEATS:
        assert set(PASSES[p]) <= H1[p]
        after[p] -= set(PASSES[p])
    for p in SEATS:
        after[pass_target(1, p)] |= set(PASSES[p])
    assert after == H2
    for p in SEATS:
        in_md(fmt_hand(H2[p]))
        in_md(f"{p} passes {show(PASSES[p])} to {pass_target(1, p)}")


def fact2():
    g = Hearts(H2, leader="S")
    assert g.to_move() == "S" and g.legal() == [("2", "♣")]


def fact3():
    g = Hearts(H2, leader="S")
    g.play(card("2♣"))
    w = g.legal()
    assert len(w) == 8 and show(w) == "7♠ 6♠ 4♠ 3♠ J♦ 10♦ 8♦ 6♦"
    assert QS not in w and not any(c[1] == "♥" for c in w)
    in_md(show(w))
    g.play(card("J♦"))
    n = g.legal()
    assert show(n) == "A♣ 10♣ 6♣ 4♣ 3♣"
    in_md(show(n))
    g.play(card("3♣"))
    e = g.legal()
    assert show(e) == "K♣ 9♣ 8♣ 7♣"
    in_md(show(e))
    assert g.play(card("K♣")) == "E" and g.leader == "E" and not g.hearts_broken


def fact4():
    """Leading before hearts are broken (start of trick 2 of the sample deal)."""
    g = Hearts(H2, leader="S")
    play_tricks(g, DEAL[:1])
    assert g.to_move() == "E" and not g.hearts_broken
    in_md(fmt_hand(g.hands["E"]))
    lg = g.legal()
    assert len(lg) == 9 and show(lg) == "J♠ 8♠ 2♠ A♦ 4♦ 2♦ 9♣ 8♣ 7♣"
    in_md(show(lg))
    for p in SEATS:
        in_md(fmt_hand(g.hands[p]))


def fact5():
    """Q♠ does not break hearts; Q♥ does (start of tricks 4 and 7)."""
    g = Hearts(H2, leader="S")
    play_tricks(g, DEAL[:3])
    assert g.to_move() == "E" and not g.hearts_broken
    for p in SEATS:
        in_md(fmt_hand(g.hands[p]))
    lg = g.legal()
    assert len(lg) == 7 and show(lg) == "J♠ 8♠ A♦ 4♦ 2♦ 9♣ 8♣"
    in_md(show(lg))
    play_tricks(g, DEAL[3:6])
    assert g.to_move() == "S" and g.hearts_broken
    for p in SEATS:
        in_md(fmt_hand(g.hands[p]))
    lg = g.legal()
    assert len(lg) == 7 and show(lg) == "A♠ J♥ 8♥ 4♥ K♦ 7♦ Q♣"
    in_md(show(lg))


def fact6():
    """First trick, a player who holds only point cards may play any of them."""
    for p in SEATS:
        in_md(fmt_hand(H3[p]))
    g = Hearts(H3, leader="W")
    assert g.legal() == [("2", "♣")]
    g.play(card("2♣"))
    lg = g.legal()
    assert g.to_move() == "N" and len(lg) == 13
    g.play(QS)
    assert not g.hearts_broken
    assert show(g.legal()) == "J♣ 10♣ 9♣ 8♣"
    g.play(card("J♣"))
    g.play(card("A♣"))
    assert g.leader == "S" and g.deal_points()["S"] == 13


def fact7():
    """Q♠ is the only legal lead; then a leader with only hearts may lead any heart."""
    for p in SEATS:
        in_md(fmt_hand(H4[p]))
    g = Hearts(H4, leader="W")
    w = play_tricks(g, ["W 2♣, N A♣, E 5♣, S 6♣"])
    assert w == ["N"] and g.legal() == [QS]
    w = play_tricks(g, ["N Q♠, E 2♠, S 3♠, W 4♠"])
    assert w == ["N"] and not g.hearts_broken and g.deal_points()["N"] == 13
    lg = g.legal()
    assert len(lg) == 11 and all(c[1] == "♥" for c in lg)


def fact8():
    g = Hearts(H2, leader="S")
    assert play_tricks(g, DEAL) == WINNERS
    for line, w in zip(DEAL, WINNERS):
        in_md(f"{line} — {w}")
    pts = g.deal_points()
    assert pts == {"N": 0, "E": 17, "S": 9, "W": 0}
    assert deal_scores(pts) == pts
    assert [len(g.won[p]) for p in SEATS] == [3, 4, 5, 1]


def fact9():
    """Shooting the moon."""
    before = {"N": 54, "E": 78, "S": 38, "W": 62}
    add = deal_scores({"N": 0, "E": 0, "S": 26, "W": 0})
    after = {p: before[p] + add[p] for p in SEATS}
    assert after == {"N": 80, "E": 104, "S": 38, "W": 88}
    assert match_end(after) == ["S"]
    add = deal_scores({"N": 0, "E": 0, "S": 25, "W": 1})
    after = {p: before[p] + add[p] for p in SEATS}
    assert after == {"N": 54, "E": 78, "S": 63, "W": 63} and match_end(after) is None


def fact10():
    """Match end with a shared win; no end below 100."""
    before = {"N": 60, "E": 92, "S": 63, "W": 66}
    add = deal_scores({"N": 3, "E": 13, "S": 0, "W": 10})
    after = {p: before[p] + add[p] for p in SEATS}
    assert after == {"N": 63, "E": 105, "S": 63, "W": 76}
    assert match_end(after) == ["N", "S"]
    before = {"N": 60, "E": 85, "S": 63, "W": 66}
    add = deal_scores({"N": 3, "E": 14, "S": 0, "W": 9})
    after = {p: before[p] + add[p] for p in SEATS}
    assert after == {"N": 63, "E": 99, "S": 63, "W": 75} and match_end(after) is None


def main():
    facts = [fact1, fact2, fact3, fact4, fact5, fact6, fact7, fact8, fact9, fact10]
    for f in facts:
        f()
    print(f"hearts: {len(facts)} facts checked" + ("" if MD else " (hearts.md not found: text not compared)"))


if __name__ == "__main__":
    main()
