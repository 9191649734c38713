# A copy of shared/new-games/spades_check.py (CI has no /work/shared); it reads tests/data/spades.md.
"""Check the "Checkable facts" of spades.md against an independent model of its rules text.

Run from any directory:  python3 spades_check.py
Every assertion below restates one fact of spades.md; the script also checks that the
hands, tricks and legal-move lists it uses are written in spades.md exactly as printed here.
"""
from pathlib import Path

SUITS = "♠♥♦♣"
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
RVAL = {r: i + 2 for i, r in enumerate(RANKS)}
SEATS = ["N", "E", "S", "W"]
SIDE = {"N": "NS", "E": "EW", "S": "NS", "W": "EW"}
DECK = [(r, s) for s in SUITS for r in RANKS]
BIDS = ["Nil"] + list(range(1, 14))


def card(text):
    return (text[:-1], text[-1])


def ctext(c):
    return c[0] + c[1]


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
        rs = sorted((c[0] for c in hand if c[1] == s), key=lambda r: -RVAL[r])
        parts.append(s + " " + (" ".join(rs) if rs else "none"))
    return "; ".join(parts)


def key(c):
    return (SUITS.index(c[1]), -RVAL[c[0]])


def show(cs):
    return " ".join(ctext(c) for c in sorted(cs, key=key))


def left(seat, k=1):
    return SEATS[(SEATS.index(seat) + k) % 4]


class Spades:
    def __init__(self, hands, leader, bids=None, trick=(), won=None, broken=False):
        self.hands = {p: set(h) for p, h in hands.items()}
        self.leader = leader
        self.bids = dict(bids or {})
        self.trick = list(trick)
        self.won = {p: [] for p in SEATS} if won is None else {p: list(t) for p, t in won.items()}
        self.broken = broken
        seen = [c for p in SEATS for c in self.hands[p]]
        seen += [c for p in SEATS for t in self.won[p] for _, c in t] + [c for _, c in self.trick]
        assert len(seen) == 52 and set(seen) == set(DECK)

    def to_move(self):
        return left(self.leader, len(self.trick))

    def legal(self):
        hand = self.hands[self.to_move()]
        if not self.trick:
            if self.broken or all(c[1] == "♠" for c in hand):
                return sorted(hand, key=key)
            return sorted((c for c in hand if c[1] != "♠"), key=key)
        led = self.trick[0][1][1]
        follow = [c for c in hand if c[1] == led]
        return sorted(follow or hand, key=key)

    def play(self, c):
        p = self.to_move()
        assert c in self.legal(), f"{p} may not play {ctext(c)}"
        self.hands[p].remove(c)
        self.trick.append((p, c))
        if c[1] == "♠":
            self.broken = True
        if len(self.trick) == 4:
            w = trick_winner(self.trick)
            self.won[w].append(self.trick)
            self.trick, self.leader = [], w
            return w
        return None


def trick_winner(trick):
    spades = [t for t in trick if t[1][1] == "♠"]
    led = trick[0][1][1]
    pool = spades or [t for t in trick if t[1][1] == led]
    return max(pool, key=lambda t: RVAL[t[1][0]])[0]


def score_side(side, bids, tricks, score, bags):
    """One side's deal: returns (points added before the bag penalty, new score, new bags)."""
    members = [p for p in SEATS if SIDE[p] == side]
    contract = sum(bids[p] for p in members if bids[p] != "Nil")
    made = sum(tricks[p] for p in members if bids[p] != "Nil")
    delta, new_bags = 0, 0
    for p in members:
        if bids[p] == "Nil":
            delta += 100 if tricks[p] == 0 else -100
            delta += tricks[p]
            new_bags += tricks[p]
    if contract > 0:
        if made >= contract:
            delta += 10 * contract + (made - contract)
            new_bags += made - contract
        else:
            delta -= 10 * contract
    else:
        delta += made          # cannot happen with bids Nil or 1..13, kept for completeness
        new_bags += made
    score, bags = score + delta, bags + new_bags
    while bags >= 10:
        score, bags = score - 100, bags - 10
    return delta, score, bags


def winner(scores):
    ns, ew = scores["NS"], scores["EW"]
    if max(ns, ew) < 500 or ns == ew:
        return None
    return "NS" if ns > ew else "EW"


MD_PATH = Path(__file__).parent / "data" / "spades.md"
MD = MD_PATH.read_text(encoding="utf-8") if MD_PATH.exists() else None


def in_md(text):
    if MD is not None:
        assert text in MD, f"not written in spades.md: {text}"


def trick_cards(line):
    return [(t.split()[0], card(t.split()[1])) for t in line.split(", ")]


def play_tricks(g, lines):
    out = []
    for line in lines:
        for seat, c in trick_cards(line):
            assert g.to_move() == seat, (line, seat)
            w = g.play(c)
        out.append(w)
    return out


# ---------------------------------------------------------------- positions
P1 = {
    "N": parse_hand("♠ 6 5; ♥ 4; ♦ J 9 6 5 2; ♣ J 10 6 4 3"),
    "E": parse_hand("♠ K 7 3; ♥ A Q 5; ♦ K 10 8 4; ♣ A 9 2"),
    "S": parse_hand("♠ A J 10 9 4; ♥ K 8 6; ♦ 7 3; ♣ K Q 5"),
    "W": parse_hand("♠ Q 8 2; ♥ J 10 9 7 3 2; ♦ A Q; ♣ 8 7"),
}
P1_BIDS = {"E": 4, "S": 4, "W": 2, "N": "Nil"}
DEAL = [
    "E A♥, S 6♥, W 2♥, N 4♥",
    "E Q♥, S 8♥, W 3♥, N J♦",
    "E 5♥, S K♥, W 7♥, N 9♦",
    "S K♣, W 7♣, N 3♣, E 2♣",
    "S Q♣, W 8♣, N 4♣, E A♣",
    "E 9♣, S 5♣, W 2♠, N 6♣",
    "W A♦, N 6♦, E 4♦, S 3♦",
    "W Q♦, N 5♦, E K♦, S 7♦",
    "E 10♦, S 4♠, W J♥, N 2♦",
    "S A♠, W 8♠, N 5♠, E 3♠",
    "S J♠, W Q♠, N 6♠, E K♠",
    "E 8♦, S 9♠, W 10♥, N 10♣",
    "S 10♠, W 9♥, N J♣, E 7♠",
]
WINNERS = ["E", "E", "S", "S", "E", "W", "W", "E", "S", "S", "E", "S", "S"]

P2 = {
    "N": parse_hand("♠ none; ♥ 5 4 3 2; ♦ 6 5 4 3 2; ♣ 5 4 3 2"),
    "E": parse_hand("♠ A K Q J 10 9 8 7 6 5 4 3; ♥ none; ♦ A; ♣ none"),
    "S": parse_hand("♠ 2; ♥ A K Q J; ♦ K Q J; ♣ A K Q J 10"),
    "W": parse_hand("♠ none; ♥ 10 9 8 7 6; ♦ 10 9 8 7; ♣ 9 8 7 6"),
}


# ---------------------------------------------------------------- facts
def fact1():
    assert len(BIDS) == 14
    for p in SEATS:
        in_md(fmt_hand(P1[p]))
    # any bid is legal whatever was bid before: the legal set never changes
    ns = [b for b in (P1_BIDS["S"], P1_BIDS["N"]) if b != "Nil"]
    ew = [b for b in (P1_BIDS["E"], P1_BIDS["W"]) if b != "Nil"]
    assert sum(ns) == 4 and sum(ew) == 6


def fact2():
    g = Spades(P1, "E", P1_BIDS)
    lg = g.legal()
    assert len(lg) == 10 and show(lg) == "A♥ Q♥ 5♥ K♦ 10♦ 8♦ 4♦ A♣ 9♣ 2♣"
    in_md(show(lg))


def fact3():
    g = Spades(P1, "E", P1_BIDS)
    g.play(card("A♥"))
    assert show(g.legal()) == "K♥ 8♥ 6♥"
    g.play(card("6♥"))
    assert show(g.legal()) == "J♥ 10♥ 9♥ 7♥ 3♥ 2♥"
    g.play(card("2♥"))
    assert show(g.legal()) == "4♥"
    assert g.play(card("4♥")) == "E"


def fact4():
    g = Spades(P1, "E", P1_BIDS)
    play_tricks(g, DEAL[:1])
    for c in ("Q♥", "8♥", "3♥"):
        g.play(card(c))
    assert g.to_move() == "N"
    lg = g.legal()
    assert len(lg) == 12 and lg == sorted(g.hands["N"], key=key)
    in_md(fmt_hand(g.hands["N"]))
    g.play(card("J♦"))
    assert not g.broken and g.leader == "E"


def fact5():
    g = Spades(P1, "E", P1_BIDS)
    w = play_tricks(g, DEAL[:5])
    assert w == WINNERS[:5] and not g.broken and g.leader == "E"
    for p in SEATS:
        in_md(fmt_hand(g.hands[p]))
    g.play(card("9♣"))
    g.play(card("5♣"))
    lg = g.legal()
    assert g.to_move() == "W" and len(lg) == 8
    in_md(fmt_hand(g.hands["W"]))
    g.play(card("2♠"))
    assert g.broken
    assert show(g.legal()) == "J♣ 10♣ 6♣"
    assert g.play(card("6♣")) == "W"


def fact6():
    g = Spades(P1, "E", P1_BIDS)
    play_tricks(g, DEAL[:6])
    assert g.broken and g.leader == "W"
    lg = g.legal()
    assert len(lg) == 7 and show(lg) == "Q♠ 8♠ J♥ 10♥ 9♥ A♦ Q♦"
    in_md(show(lg))
    for p in SEATS:
        in_md(fmt_hand(g.hands[p]))


def fact7():
    for p in SEATS:
        in_md(fmt_hand(P2[p]))
    g = Spades(P2, "E", {"E": 10, "S": 3, "W": "Nil", "N": 1})
    assert g.legal() == [card("A♦")]
    g.play(card("A♦"))
    assert show(g.legal()) == "K♦ Q♦ J♦"
    g.play(card("K♦"))
    g.play(card("7♦"))
    assert g.play(card("2♦")) == "E" and not g.broken
    lg = g.legal()
    assert len(lg) == 12 and all(c[1] == "♠" for c in lg)
    g.play(card("3♠"))
    assert g.legal() == [card("2♠")]


def fact8():
    g = Spades(P1, "E", P1_BIDS)
    assert play_tricks(g, DEAL) == WINNERS
    for line, w in zip(DEAL, WINNERS):
        in_md(f"{line} — {w}")
    tricks = {p: len(g.won[p]) for p in SEATS}
    assert tricks == {"N": 0, "E": 5, "S": 6, "W": 2}
    d, s, b = score_side("NS", P1_BIDS, tricks, 0, 0)
    assert (d, s, b) == (100 + 40 + 2, 142, 2)
    d, s, b = score_side("EW", P1_BIDS, tricks, 0, 0)
    assert (d, s, b) == (60 + 1, 61, 1)


def fact9():
    bids = {"E": 4, "S": 4, "W": 2, "N": "Nil"}
    tricks = {"N": 1, "S": 3, "E": 6, "W": 3}
    assert sum(tricks.values()) == 13
    assert score_side("NS", bids, tricks, 120, 4) == (-100 + 1 - 40, -19, 5)
    assert score_side("EW", bids, tricks, 95, 5) == (60 + 3, 158, 8)


def fact10():
    bids = {"N": 3, "S": 2, "E": 4, "W": 1}
    tricks = {"N": 5, "S": 3, "E": 3, "W": 2}
    assert sum(tricks.values()) == 13
    d, s, b = score_side("NS", bids, tricks, 462, 8)
    assert (d, s, b) == (53, 415, 1)
    d, s, b = score_side("EW", bids, tricks, 455, 3)
    assert (d, s, b) == (50, 505, 3)
    assert winner({"NS": 415, "EW": 505}) == "EW"
    assert winner({"NS": 515, "EW": 505}) == "NS"
    assert winner({"NS": 510, "EW": 510}) is None
    assert winner({"NS": 499, "EW": 420}) is None


def main():
    facts = [fact1, fact2, fact3, fact4, fact5, fact6, fact7, fact8, fact9, fact10]
    for f in facts:
        f()
    print(f"spades: {len(facts)} facts checked" + ("" if MD else " (spades.md not found: text not compared)"))


if __name__ == "__main__":
    main()
