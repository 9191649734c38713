# A copy of shared/new-games/canfield_check.py (CI has no /work/shared); it reads tests/data/canfield.md.
"""Check the facts of canfield.md against an independent reading of its rules.

Usage:
    python3 canfield_check.py            check every claim in canfield.md
    python3 canfield_check.py --show X   print position X and its legal moves
    python3 canfield_check.py --play X m1 m2 ...   play moves from X, print the result
"""
import re
import sys
from pathlib import Path

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "♠♥♦♣"
RED = "♥♦"
ZONES_T = ["T1", "T2", "T3", "T4"]
ZONES_F = ["F♠", "F♥", "F♦", "F♣"]


def rank(card):
    return RANKS.index(card[:-1]) + 1


def suit(card):
    return card[-1]


def red(card):
    return suit(card) in RED


def parse_cards(text):
    text = text.strip()
    if text in ("", "(empty)"):
        return []
    out = []
    for tok in text.split():
        down = tok.startswith("[")
        c = tok.strip("[]")
        assert c[:-1] in RANKS and c[-1] in SUITS, tok
        out.append((c, down))
    return out


# ---------------------------------------------------------------- positions
def parse_position(lines):
    st = {"moved": None, "base": None}
    for line in lines:
        key, _, val = line.partition(":")
        key = key.strip()
        if key == "Base rank":
            st["base"] = RANKS.index(val.strip()) + 1
        elif key == "Moved since last redeal":
            st["moved"] = {"yes": True, "no": False}[val.strip()]
        elif key in ["Reserve", "Stock", "Waste"] + ZONES_T + ZONES_F:
            cards = parse_cards(val)
            if key == "Reserve":
                assert all(d for _, d in cards[:-1]) and (not cards or not cards[-1][1]), line
            elif key == "Stock":
                assert all(d for _, d in cards), line
            else:
                assert not any(d for _, d in cards), line
            st[key] = [c for c, _ in cards]
        else:
            raise ValueError("unknown line " + line)
    allc = [c for k in ["Reserve", "Stock", "Waste"] + ZONES_T + ZONES_F for c in st[k]]
    assert len(allc) == 52 and len(set(allc)) == 52, ("not a full deck", len(allc), len(set(allc)))
    assert st["base"] is not None and st["moved"] is not None
    for f in ZONES_F:
        p = st[f]
        for i, c in enumerate(p):
            assert suit(c) == f[1], (f, c)
            assert rank(c) == (st["base"] - 1 + i) % 13 + 1, (f, c)
    if st["Reserve"]:
        assert all(st[t] for t in ZONES_T), "empty tableau pile while the reserve has cards"
    return st


def copy(st):
    return {k: (list(v) if isinstance(v, list) else v) for k, v in st.items()}


def render(st, name):
    def z(cards, down=False, reserve=False):
        if not cards:
            return "(empty)"
        toks = []
        for i, c in enumerate(cards):
            d = down or (reserve and i < len(cards) - 1)
            toks.append("[" + c + "]" if d else c)
        return " ".join(toks)

    out = ["Position " + name, "Base rank: " + RANKS[st["base"] - 1]]
    out.append("Reserve: " + z(st["Reserve"], reserve=True))
    for t in ZONES_T:
        out.append(t + ": " + z(st[t]))
    for f in ZONES_F:
        out.append(f + ": " + z(st[f]))
    out.append("Stock: " + z(st["Stock"], down=True))
    out.append("Waste: " + z(st["Waste"]))
    out.append("Moved since last redeal: " + ("yes" if st["moved"] else "no"))
    return "\n".join(out)


def same(a, b):
    return all(a[k] == b[k] for k in a)


# ---------------------------------------------------------------- rules
def fits_foundation(st, card):
    f = st["F" + suit(card)]
    if not f:
        return rank(card) == st["base"]
    if len(f) == 13:
        return False
    return rank(card) == rank(f[-1]) % 13 + 1


def fits_tableau(card, pile):
    t = pile[-1]
    return red(card) != red(t) and rank(card) == (rank(t) - 2) % 13 + 1


def legal_moves(st):
    if sum(len(st[f]) for f in ZONES_F) == 52:
        return []
    moves = []
    for src in ("R", "W"):
        z = st["Reserve" if src == "R" else "Waste"]
        if not z:
            continue
        c = z[-1]
        if fits_foundation(st, c):
            moves.append(src + ">F")
        for t in ZONES_T:
            if st[t] and fits_tableau(c, st[t]):
                moves.append(src + ">" + t)
            elif not st[t] and src == "W":
                moves.append(src + ">" + t)  # an empty pile exists only when the reserve is empty
    for t in ZONES_T:
        if st[t] and fits_foundation(st, st[t][-1]):
            moves.append(t + ">F")
    for a in ZONES_T:
        for b in ZONES_T:
            if a != b and st[a] and st[b] and fits_tableau(st[a][0], st[b]):
                moves.append(a + ">" + b)
    if st["Stock"]:
        moves.append("turn")
    elif st["Waste"] and st["moved"]:
        moves.append("redeal")
    return moves


def play(st, move):
    assert move in legal_moves(st), ("illegal", move, legal_moves(st))
    st = copy(st)
    if move == "turn":
        for _ in range(min(3, len(st["Stock"]))):
            st["Waste"].append(st["Stock"].pop())
        return st
    if move == "redeal":
        st["Stock"] = st["Waste"][::-1]
        st["Waste"] = []
        st["moved"] = False
        return st
    src, dst = move.split(">")
    st["moved"] = True
    if src in ("R", "W") or dst == "F":
        zone = {"R": "Reserve", "W": "Waste"}.get(src, src)
        card = st[zone].pop()
        st["F" + suit(card) if dst == "F" else dst].append(card)
    else:
        st[dst].extend(st[src])
        st[src] = []
    for t in ZONES_T:  # automatic: a space is filled at once from the reserve
        if not st[t] and st["Reserve"]:
            st[t].append(st["Reserve"].pop())
    return st


def deal(deck):
    assert len(deck) == 52 and len(set(deck)) == 52
    st = {f: [] for f in ZONES_F}
    st["Reserve"] = deck[0:13]
    st["F" + suit(deck[13])] = [deck[13]]
    st["base"] = rank(deck[13])
    for i, t in enumerate(ZONES_T):
        st[t] = [deck[14 + i]]
    st["Stock"] = deck[18:][::-1]
    st["Waste"] = []
    st["moved"] = False
    return st


def score(st):
    return 5 * sum(len(st[f]) for f in ZONES_F)


def status(st):
    if sum(len(st[f]) for f in ZONES_F) == 52:
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
        ok(same(deal(decks[m.group(1)]), pos[m.group(2)]), m.group(0))
    for m in re.finditer(r"Legal moves in ([\w-]+) — exactly (\d+):(.*)", md):
        name, k, rest = m.group(1), int(m.group(2)), m.group(3)
        got = legal_moves(pos[name])
        claimed = ticks(rest)
        ok(len(got) == k == len(claimed) and set(got) == set(claimed),
           f"{name}: claimed {k} {claimed}, computed {len(got)} {got}")
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
            ok(same(st, pos[m.group(3)]), m.group(0) + "\n" + render(st, "computed"))
    for m in re.finditer(r"Score of ([\w-]+): 5 × (\d+) = (\d+)", md):
        st = pos[m.group(1)]
        f = sum(len(st[z]) for z in ZONES_F)
        ok(f == int(m.group(2)) and score(st) == int(m.group(3)), m.group(0))
    for m in re.finditer(r"Status of ([\w-]+): (won|lost|in play)", md):
        ok(status(pos[m.group(1)]) == m.group(2), m.group(0))
    print(f"{Path(md_path).name}: {n} claims checked, {bad} mismatches; {len(pos)} positions, {len(decks)} decks")
    return bad == 0


if __name__ == "__main__":
    here = Path(__file__).resolve().parent
    md_file = here / "data" / "canfield.md"
    if len(sys.argv) > 2 and sys.argv[1] in ("--show", "--play"):
        pos, decks = read_blocks(md_file.read_text())
        st = pos[sys.argv[2]] if sys.argv[2] in pos else deal(decks[sys.argv[2]])
        for mv in sys.argv[3:]:
            st = play(st, mv)
        print(render(st, "X"))
        print("moves:", len(legal_moves(st)), legal_moves(st), "score", score(st), status(st))
    else:
        sys.exit(0 if check(md_file) else 1)
