# A copy of shared/new-games/yukon_check.py (the independent oracle written from the rules text).
"""Check the facts of yukon.md against an independent reading of its rules.

Usage:
    python3 yukon_check.py            check every claim in yukon.md
    python3 yukon_check.py --show X [moves...]   play moves from position (or deck) X and print
"""
import re
import sys
from pathlib import Path

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "♠♥♦♣"
RED = "♥♦"
ZONES_T = ["T1", "T2", "T3", "T4", "T5", "T6", "T7"]
ZONES_F = ["F♠", "F♥", "F♦", "F♣"]


def rank(card):
    return RANKS.index(card[:-1]) + 1


def suit(card):
    return card[-1]


def red(card):
    return suit(card) in RED


def is_card(tok):
    return tok[:-1] in RANKS and tok[-1] in SUITS


def parse_cards(text):
    text = text.strip()
    if text in ("", "(empty)"):
        return []
    out = []
    for tok in text.split():
        c = tok.strip("[]")
        assert is_card(c), tok
        out.append((c, tok.startswith("[")))
    return out


# ---------------------------------------------------------------- positions
# a tableau pile is a list of (card, face_down) bottom -> top
def parse_position(lines):
    st = {}
    for line in lines:
        key, _, val = line.partition(":")
        key = key.strip()
        if key in ZONES_T:
            pile = parse_cards(val)
            downs = [d for _, d in pile]
            assert downs == sorted(downs, reverse=True), ("face-down card above a face-up one", line)
            assert not pile or not pile[-1][1], ("top card face down", line)
            st[key] = pile
        elif key in ZONES_F:
            cards = [c for c, d in parse_cards(val)]
            for i, c in enumerate(cards):
                assert suit(c) == key[1] and rank(c) == i + 1, line
            st[key] = cards
        else:
            raise ValueError(line)
    allc = [c for t in ZONES_T for c, _ in st[t]] + [c for f in ZONES_F for c in st[f]]
    assert len(allc) == 52 and len(set(allc)) == 52, ("not a full deck", len(allc))
    return st


def copy(st):
    return {k: list(v) for k, v in st.items()}


def render(st, name):
    out = ["Position " + name]
    for t in ZONES_T:
        out.append(t + ": " + (" ".join("[" + c + "]" if d else c for c, d in st[t]) or "(empty)"))
    for f in ZONES_F:
        out.append(f + ": " + (" ".join(st[f]) or "(empty)"))
    return "\n".join(out)


# ---------------------------------------------------------------- rules
def fits_foundation(st, card):
    f = st["F" + suit(card)]
    return rank(card) == len(f) + 1  # foundations hold A, 2, ... in order


def legal_moves(st):
    if sum(len(st[f]) for f in ZONES_F) == 52:
        return []
    moves = []
    for a in ZONES_T:
        pile = st[a]
        for i, (card, down) in enumerate(pile):
            if down:
                continue
            for b in ZONES_T:
                if b == a:
                    continue
                tgt = st[b]
                if tgt:
                    top = tgt[-1][0]
                    if rank(top) == rank(card) + 1 and red(top) != red(card):
                        moves.append(card + ">" + b)
                elif rank(card) == 13 and i > 0:  # a king, not already the bottom card
                    moves.append(card + ">" + b)
        if pile and fits_foundation(st, pile[-1][0]):
            moves.append(pile[-1][0] + ">F")
    return moves


def find(st, card):
    for t in ZONES_T:
        for i, (c, _) in enumerate(st[t]):
            if c == card:
                return t, i
    raise KeyError(card)


def play(st, move):
    assert move in legal_moves(st), ("illegal", move)
    st = copy(st)
    card, dst = move.split(">")
    src, i = find(st, card)
    group = st[src][i:]
    st[src] = st[src][:i]
    if dst == "F":
        st["F" + suit(card)].append(card)
    else:
        st[dst] = st[dst] + group
    for t in ZONES_T:  # automatic: a face-down top card is turned face up
        if st[t] and st[t][-1][1]:
            st[t][-1] = (st[t][-1][0], False)
    return st


def deal(deck):
    assert len(deck) == 52 and len(set(deck)) == 52
    piles = [[] for _ in range(7)]
    k = 0
    for row in range(7):
        for i in range(row, 7):
            piles[i].append((deck[k], i != row))
            k += 1
    for _ in range(4):
        for i in range(1, 7):
            piles[i].append((deck[k], False))
            k += 1
    st = {t: piles[n] for n, t in enumerate(ZONES_T)}
    for f in ZONES_F:
        st[f] = []
    return st


def score(st):
    return sum(len(st[f]) for f in ZONES_F)


def status(st):
    if score(st) == 52:
        return "won"
    return "lost" if not legal_moves(st) else "in play"


# ---------------------------------------------------------------- the md file
def read_blocks(md):
    pos, decks = {}, {}
    for m in re.finditer(r"```text\n(.*?)```", md, re.S):
        lines = [l for l in m.group(1).split("\n") if l.strip()]
        head = lines[0].split()
        if head[0] == "Position":
            pos[head[1]] = parse_position(lines[1:])
        elif head[0] == "Deck":
            decks[head[1]] = [c for c, _ in parse_cards(" ".join(lines[1:]))]
    return pos, decks


def ticks(s):
    return re.findall(r"`([^`]+)`", s)


def check(md_path):
    md = Path(md_path).read_text()
    pos, decks = read_blocks(md)
    n, bad = 0, 0

    def ok(cond, what):
        nonlocal n, bad
        n += 1
        if not cond:
            bad += 1
            print("MISMATCH:", what)

    for m in re.finditer(r"Dealing (\S+) gives position ([\w-]+)", md):
        ok(deal(decks[m.group(1)]) == pos[m.group(2)], m.group(0))
    for m in re.finditer(r"Legal moves in ([\w-]+) — exactly (\d+):(.*)", md):
        name, k = m.group(1), int(m.group(2))
        got = legal_moves(pos[name])
        claimed = ticks(m.group(3))
        ok(len(got) == k == len(claimed) and set(got) == set(claimed),
           f"{name}: claimed {k}, computed {len(got)} {got}")
    for m in re.finditer(r"Not legal in ([\w-]+): `([^`]+)`", md):
        ok(m.group(2) not in legal_moves(pos[m.group(1)]), m.group(0))
    for m in re.finditer(r"From ([\w-]+) play (.+?); the result is position ([\w-]+)", md):
        st = pos[m.group(1)]
        for mv in ticks(m.group(2)):
            if mv not in legal_moves(st):
                ok(False, f"{m.group(0)}: {mv} not legal")
                break
            st = play(st, mv)
        else:
            ok(st == pos[m.group(3)], m.group(0) + "\n" + render(st, "computed"))
    for m in re.finditer(r"Score of ([\w-]+): (\d+)", md):
        ok(score(pos[m.group(1)]) == int(m.group(2)), m.group(0))
    for m in re.finditer(r"Status of ([\w-]+): (won|lost|in play)", md):
        ok(status(pos[m.group(1)]) == m.group(2), m.group(0))
    print(f"{Path(md_path).name}: {n} claims checked, {bad} mismatches; {len(pos)} positions, {len(decks)} decks")
    return bad == 0


if __name__ == "__main__":
    here = Path(__file__).resolve().parent
    md_file = here / "yukon.md"
    if len(sys.argv) > 2 and sys.argv[1] == "--show":
        pos, decks = read_blocks(md_file.read_text())
        st = pos[sys.argv[2]] if sys.argv[2] in pos else deal(decks[sys.argv[2]])
        for mv in sys.argv[3:]:
            st = play(st, mv)
        print(render(st, "X"))
        lm = legal_moves(st)
        print("moves:", len(lm), lm, "score", score(st), status(st))
    else:
        sys.exit(0 if check(md_file) else 1)
