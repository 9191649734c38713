# A copy of shared/new-games/gin_rummy_check.py (CI has no /work/shared); it reads tests/data/gin_rummy.md.
"""Check the "Checkable facts" of gin_rummy.md against an independent model of its rules text.

Run from any directory:  python3 gin_rummy_check.py
Every assertion below restates one fact of gin_rummy.md; the script also checks that the
hands and piles it uses are written in gin_rummy.md exactly as printed here.
"""
from functools import lru_cache
from itertools import combinations
from pathlib import Path

SUITS = "♠♥♦♣"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
RNUM = {r: i + 1 for i, r in enumerate(RANKS)}          # A = 1 ... K = 13 (A low only)
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


def show(cs):
    return " ".join(ctext(c) for c in sorted(cs, key=key))


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


def pile(cs):
    return " ".join(ctext(c) for c in cs)


# ---------------------------------------------------------------- melds and deadwood
def is_set(m):
    return len(m) in (3, 4) and len({c[0] for c in m}) == 1


def is_run(m):
    if len(m) < 3 or len({c[1] for c in m}) != 1:
        return False
    ns = sorted(RNUM[c[0]] for c in m)
    return ns == list(range(ns[0], ns[0] + len(ns)))      # A counts 1 only: no Q-K-A, no K-A-2


def is_meld(m):
    return is_set(m) or is_run(m)


def all_melds(hand):
    hand = sorted(hand, key=key)
    out = []
    for k in range(3, len(hand) + 1):
        for m in combinations(hand, k):
            if is_meld(m):
                out.append(frozenset(m))
    return out


@lru_cache(maxsize=None)
def min_deadwood(hand):
    hand = frozenset(hand)
    if not hand:
        return 0
    first = min(hand, key=key)
    rest = hand - {first}
    best = value(first) + min_deadwood(rest)
    for m in all_melds(hand):
        if first in m:
            best = min(best, min_deadwood(hand - m))
    return best


def arrangements(hand):
    """All partitions of hand into melds and deadwood that reach the least deadwood."""
    hand = frozenset(hand)
    target = min_deadwood(hand)
    found = []

    def rec(left, melds, dw):
        if dw > target:
            return
        if not left:
            found.append(tuple(melds))
            return
        first = min(left, key=key)
        rec(left - {first}, melds, dw + value(first))
        for m in all_melds(left):
            if first in m:
                rec(left - m, melds + [m], dw)

    rec(hand, [], 0)
    return found


def sorted_key(m):
    return tuple(sorted(key(c) for c in m))


def accepts(meld, c):
    if is_set(meld):
        return len(meld) == 3 and c[0] == next(iter(meld))[0]
    suit = next(iter(meld))[1]
    ns = [RNUM[x[0]] for x in meld]
    return c[1] == suit and RNUM[c[0]] in (min(ns) - 1, max(ns) + 1) and 1 <= RNUM[c[0]] <= 13


def defender_deadwood(hand, knocker_melds):
    """Least deadwood the defender can reach by melding and laying off."""
    @lru_cache(maxsize=None)
    def rec(left, melds):
        best = min_deadwood(left)
        for c in left:
            for i, m in enumerate(melds):
                if accepts(m, c):
                    new = melds[:i] + (m | {c},) + melds[i + 1:]
                    best = min(best, rec(left - {c}, tuple(sorted(new, key=sorted_key))))
        return best

    return rec(frozenset(hand), tuple(sorted(knocker_melds, key=sorted_key)))


def hand_score(knocker10, defender10):
    """Returns (knocker deadwood, defender deadwood, who scores, points)."""
    arr = arrangements(knocker10)
    assert len(arr) == 1, "the facts only use knock hands with one least-deadwood arrangement"
    k = min_deadwood(frozenset(knocker10))
    assert k <= 10
    if k == 0:
        d = min_deadwood(frozenset(defender10))
        return k, d, "knocker", 25 + d
    d = defender_deadwood(defender10, list(arr[0]))
    if k < d:
        return k, d, "knocker", d - k
    return k, d, "defender", 25 + (k - d)


# ---------------------------------------------------------------- the turn machine
class Gin:
    """phase: 'offer_nd', 'offer_d', 'forced_draw', 'draw', 'discard', 'over'."""

    def __init__(self, hands, stock, discard, dealer, to_move, phase):
        self.hands = {p: set(h) for p, h in hands.items()}
        self.stock = list(stock)          # bottom -> top
        self.discard = list(discard)      # bottom -> top
        self.dealer = dealer
        self.to_move = to_move
        self.phase = phase
        self.taken = None                 # card taken from the discard pile this turn
        self.result = None
        seen = [c for h in self.hands.values() for c in h] + self.stock + self.discard
        assert len(seen) == 52 and set(seen) == set(DECK)

    def other(self, p):
        return "P2" if p == "P1" else "P1"

    def legal(self):
        ph = self.phase
        if ph in ("offer_nd", "offer_d"):
            return ["take upcard", "pass"]
        if ph == "forced_draw":
            return ["draw stock"]
        if ph == "draw":
            return ["draw stock", "take discard"]
        if ph == "discard":
            hand = self.hands[self.to_move]
            moves = []
            for c in sorted(hand, key=key):
                if c == self.taken:
                    continue
                moves.append("discard " + ctext(c))
            for c in sorted(hand, key=key):
                if c == self.taken:
                    continue
                if min_deadwood(frozenset(hand - {c})) <= 10:
                    moves.append("knock " + ctext(c))
            return moves
        return []

    def play(self, move):
        assert move in self.legal(), (move, self.legal())
        p = self.to_move
        if move == "pass":
            if self.phase == "offer_nd":
                self.phase, self.to_move = "offer_d", self.other(p)
            else:
                self.phase, self.to_move = "forced_draw", self.other(p)
            return
        if move in ("take upcard", "take discard"):
            c = self.discard.pop()
            self.hands[p].add(c)
            self.taken = c
            self.phase = "discard"
            return
        if move == "draw stock":
            self.hands[p].add(self.stock.pop())
            self.taken = None
            self.phase = "discard"
            return
        verb, c = move.split()
        c = card(c)
        self.hands[p].remove(c)
        self.discard.append(c)
        if verb == "knock":
            self.phase = "over"
            self.result = ("knock", p)
            return
        if len(self.stock) <= 2:
            self.phase = "over"
            self.result = ("void", None)
            return
        self.taken = None
        self.phase, self.to_move = "draw", self.other(p)


MD_PATH = Path(__file__).parent / "data" / "gin_rummy.md"
MD = MD_PATH.read_text(encoding="utf-8") if MD_PATH.exists() else None


def in_md(text):
    if MD is not None:
        assert text in MD, f"not written in gin_rummy.md: {text}"


# ---------------------------------------------------------------- positions
G1_HANDS = {"P1": parse_hand("♠ J A; ♥ 10 8; ♦ 6 A; ♣ J 10 7 3"),
            "P2": parse_hand("♠ 7 6 5; ♥ Q 3 2; ♦ K 9; ♣ 9 4")}
G1_STOCK = cards("8♦ 5♥ K♥ J♥ Q♦ 7♥ Q♣ A♥ J♦ 2♠ 6♥ 4♥ 3♠ 4♠ 10♠ 6♣ 9♠ 10♦ 3♦ A♣ Q♠ K♠ 7♦ 4♦ "
                 "5♣ K♣ 2♣ 5♦ 8♣ 2♦ 8♠")
G1_DISCARD = cards("9♥")

G2_HANDS = {"P1": parse_hand("♠ K 9 8 3; ♥ K; ♦ K 2; ♣ Q 7 6"),
            "P2": parse_hand("♠ 7 6 5 4; ♥ 9 3; ♦ 9 5 A; ♣ 9")}
G2_STOCK = cards("J♦ 8♦ J♥ 2♥ 2♠ 3♣ 10♦ J♠ 7♦ A♣ A♥ 8♣ 10♠ 6♥ 7♥ 5♣ 4♥ 3♦ J♣ 2♣")
G2_DISCARD = cards("K♣ 4♣ A♠ 10♥ Q♠ 8♥ 10♣ 6♦ Q♦ 5♥ 4♦ Q♥")

G5_HANDS = {"P1": parse_hand("♠ 9 2; ♥ K 7 5 4; ♦ 10; ♣ J 3 A"),
            "P2": parse_hand("♠ K Q J; ♥ 9 8; ♦ 4 3 2; ♣ 8 6")}
G5_STOCK = cards("9♦ 5♠ 8♦")
G5_DISCARD = cards("7♦ 3♥ K♣ 3♠ Q♥ J♥ 10♥ Q♣ 5♦ A♦ A♠ 6♦ 6♥ 8♠ 4♠ 2♣ 4♣ K♦ 6♠ 9♣ 10♠ J♦ 7♠ "
                   "7♣ 10♣ Q♦ 2♥ A♥ 5♣")


def knocker_melds(hand10):
    arr = arrangements(hand10)
    assert len(arr) == 1
    return list(arr[0])


# ---------------------------------------------------------------- facts
def fact1():
    assert is_run(cards("A♥ 2♥ 3♥")) and not is_run(cards("Q♠ K♠ A♠"))
    assert not is_run(cards("K♣ A♣ 2♣")) and not is_run(cards("5♥ 6♥ 7♦"))
    assert is_set(cards("7♦ 7♣ 7♠")) and is_set(cards("7♦ 7♣ 7♠ 7♥"))
    assert not is_meld(cards("7♦ 7♣")) and not is_run(cards("4♦ 5♦ 7♦"))
    h = cards("A♥ 2♥ 3♥ 7♠ 7♦ 7♣ Q♠ K♠ A♠ 5♦")
    assert min_deadwood(frozenset(h)) == 10 + 10 + 1 + 5 == 26
    in_md(fmt_hand(set(h)))
    h = cards("4♥ 5♥ 6♥ 7♥ 7♠ 7♦ K♣ Q♣ 2♠ 3♦")
    in_md(fmt_hand(set(h)))
    assert min_deadwood(frozenset(h)) == 25
    assert sum(value(c) for c in cards("7♠ 7♦ K♣ Q♣ 2♠ 3♦")) == 39
    assert len(arrangements(h)) == 1


def new_g1():
    return Gin(G1_HANDS, G1_STOCK, G1_DISCARD, dealer="P1", to_move="P2", phase="offer_nd")


def fact2():
    for p in ("P1", "P2"):
        in_md(fmt_hand(G1_HANDS[p]))
    in_md(pile(G1_STOCK))
    g = new_g1()
    assert g.legal() == ["take upcard", "pass"]
    g.play("pass")
    assert g.to_move == "P1" and g.legal() == ["take upcard", "pass"]
    g.play("pass")
    assert g.to_move == "P2" and g.legal() == ["draw stock"]
    g.play("draw stock")
    assert card("8♠") in g.hands["P2"] and len(g.stock) == 30
    lg = g.legal()
    assert len(lg) == 11 and all(m.startswith("discard") for m in lg)
    best = min(min_deadwood(frozenset(g.hands["P2"] - {c})) for c in g.hands["P2"])
    assert best == 9 + 9 + 2 + 3 + 10 + 4 == 37
    assert min_deadwood(frozenset(g.hands["P2"] - {card("Q♥")})) == 37
    g.play("discard K♦")
    assert g.to_move == "P1" and g.legal() == ["draw stock", "take discard"]
    assert g.discard[-1] == card("K♦")


def fact3():
    g = new_g1()
    g.play("take upcard")
    lg = g.legal()
    assert len(lg) == 10 and "discard 9♥" not in lg and all(m.startswith("discard") for m in lg)
    best = min(min_deadwood(frozenset(g.hands["P2"] - {c})) for c in g.hands["P2"] if c != card("9♥"))
    assert best == 19
    g.play("discard K♦")
    assert g.to_move == "P1" and g.legal() == ["draw stock", "take discard"]
    # other branch: P2 passes, P1 takes the upcard
    g = new_g1()
    g.play("pass")
    g.play("take upcard")
    lg = g.legal()
    assert len(lg) == 10 and "discard 9♥" not in lg
    g.play("discard J♠")
    assert g.to_move == "P2" and g.legal() == ["draw stock", "take discard"]


def new_g2():
    return Gin(G2_HANDS, G2_STOCK, G2_DISCARD, dealer="P1", to_move="P2", phase="draw")


def fact4():
    for p in ("P1", "P2"):
        in_md(fmt_hand(G2_HANDS[p]))
    in_md(pile(G2_STOCK))
    in_md(pile(G2_DISCARD))
    g = new_g2()
    assert g.legal() == ["draw stock", "take discard"]
    g.play("draw stock")
    lg = g.legal()
    knocks = [m for m in lg if m.startswith("knock")]
    assert len(lg) == 15 and len(knocks) == 4
    assert sorted(knocks) == sorted(["knock A♦", "knock 2♣", "knock 3♥", "knock 5♦"])
    dws = {m: min_deadwood(frozenset(g.hands["P2"] - {card(m.split()[1])})) for m in knocks}
    assert dws == {"knock 3♥": 8, "knock A♦": 10, "knock 2♣": 9, "knock 5♦": 6}
    assert min_deadwood(frozenset(g.hands["P2"] - {card("4♠")})) == 11
    # after taking Q♥ instead, no knock is possible and Q♥ cannot be discarded
    g = new_g2()
    g.play("take discard")
    lg = g.legal()
    assert len(lg) == 10 and not any(m.startswith("knock") for m in lg)


def fact5():
    g = new_g2()
    g.play("draw stock")
    g.play("knock 5♦")
    assert g.result == ("knock", "P2")
    k10, d10 = g.hands["P2"], g.hands["P1"]
    melds = knocker_melds(k10)
    assert sorted(show(m) for m in melds) == ["7♠ 6♠ 5♠ 4♠", "9♥ 9♦ 9♣"]
    assert min_deadwood(frozenset(d10)) == 3 + 8 + 9 + 6 + 7 + 2 + 10 == 45
    assert hand_score(k10, d10) == (6, 25, "knocker", 19)
    assert 84 + 19 == 103


def fact6():
    k = cards("A♠ 2♠ 3♠ 4♠ 10♦ 10♣ 10♥ 5♥ 2♦ A♣")
    d = cards("5♠ 6♠ 10♠ 7♥ 8♥ 9♥ Q♦ Q♣ Q♥ 3♣")
    in_md(fmt_hand(set(k)))
    in_md(fmt_hand(set(d)))
    assert len(set(k) | set(d)) == 20
    assert hand_score(k, d) == (8, 3, "defender", 30)
    assert min_deadwood(frozenset(d)) == 5 + 6 + 10 + 3 == 24
    # without the chain 5♠ -> 6♠ only 5♠ and 10♠ could go
    d2 = cards("5♠ 6♠ 10♠ 7♥ 8♥ 9♥ Q♦ Q♣ Q♥ 8♣")
    assert hand_score(k, d2) == (8, 8, "defender", 25)


def fact7():
    k = cards("7♦ 8♦ 9♦ 10♦ 3♣ 3♥ 3♠ Q♠ Q♥ Q♣")
    d = cards("4♥ 5♥ 6♥ K♣ K♦ K♥ J♦ 6♦ 3♦ A♠")
    in_md(fmt_hand(set(k)))
    in_md(fmt_hand(set(d)))
    assert hand_score(k, d) == (0, 20, "knocker", 45)
    # had lay-offs been allowed, J♦ 6♦ 3♦ would have gone: 1 left
    assert defender_deadwood(d, knocker_melds(k)) == 1


def new_g5():
    return Gin(G5_HANDS, G5_STOCK, G5_DISCARD, dealer="P2", to_move="P1", phase="draw")


def fact8():
    for p in ("P1", "P2"):
        in_md(fmt_hand(G5_HANDS[p]))
    in_md(pile(G5_STOCK))
    in_md(pile(G5_DISCARD))
    g = new_g5()
    g.play("take discard")
    assert not any(m.startswith("knock") for m in g.legal()) and len(g.legal()) == 10
    g.play("discard K♥")
    assert g.phase == "draw" and g.to_move == "P2" and len(g.stock) == 3
    g.play("draw stock")
    assert len(g.stock) == 2
    lg = g.legal()
    knocks = sorted(m for m in lg if m.startswith("knock"))
    assert len(lg) == 13 and knocks == ["knock 6♣", "knock 9♥"]
    g.play("discard 9♥")
    assert g.result == ("void", None)
    # the other branch: P2 knocks
    g = new_g5()
    g.play("take discard")
    g.play("discard K♥")
    g.play("draw stock")
    g.play("knock 9♥")
    in_md(fmt_hand(g.hands["P1"]))
    assert hand_score(g.hands["P2"], g.hands["P1"]) == (6, 56, "knocker", 50)
    # and if P1 had drawn from the stock, his discard would end the hand
    g = new_g5()
    g.play("draw stock")
    assert not any(m.startswith("knock") for m in g.legal())
    g.play("discard K♥")
    assert g.result == ("void", None)


def fact9():
    scores = {"P1": 70, "P2": 84}
    scores["P2"] += 19
    assert scores == {"P1": 70, "P2": 103} and max(scores, key=scores.get) == "P2"
    scores = {"P1": 80, "P2": 93}
    scores["P1"] += 30              # an undercut scores for the defender
    assert scores["P1"] == 110


def main():
    facts = [fact1, fact2, fact3, fact4, fact5, fact6, fact7, fact8, fact9]
    for f in facts:
        f()
    print(f"gin_rummy: {len(facts)} facts checked" + ("" if MD else " (gin_rummy.md not found: text not compared)"))


if __name__ == "__main__":
    main()
