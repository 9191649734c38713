# A copy of shared/new-games/scopa_check.py (CI has no /work/shared); it reads tests/data/scopa.md.
"""Check the facts of scopa.md against an independent reading of its rules.

Usage:
    python3 scopa_check.py            check every claim in scopa.md
    python3 scopa_check.py --show X [moves...]   play moves from position X and print
"""
import re
import sys
from itertools import combinations
from pathlib import Path

RANKS = ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"]
SUITS = "♠♥♦♣"
PRIMIERA = {"7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12, "J": 10, "Q": 10, "K": 10}
PLAYERS = ["P1", "P2"]


def value(card):
    return RANKS.index(card[:-1]) + 1


def is_card(tok):
    return tok[:-1] in RANKS and tok[-1] in SUITS


def order(c):
    return (SUITS.index(c[-1]), value(c))


def parse_cards(text, down=None):
    text = text.strip()
    if text in ("", "(empty)"):
        return []
    out = []
    for tok in text.split():
        c = tok.strip("[]")
        assert is_card(c), tok
        if down is not None:
            assert tok.startswith("[") == down, tok
        out.append(c)
    return out


def other(p):
    return "P2" if p == "P1" else "P1"


# ---------------------------------------------------------------- positions
def parse_position(lines):
    st = {}
    for line in lines:
        key, _, val = line.partition(":")
        key, val = key.strip(), val.strip()
        if key == "Dealer":
            st["dealer"] = val
        elif key == "To play":
            st["to_play"] = None if val == "none (the deal is over)" else val
        elif key.startswith("Hand "):
            st["hand " + key[5:]] = parse_cards(val, down=False)
        elif key == "Table":
            st["table"] = parse_cards(val, down=False)
        elif key == "Stock":
            st["stock"] = parse_cards(val, down=True)
        elif key.startswith("Captured "):
            st["cap " + key[9:]] = parse_cards(val, down=False)
        elif key.startswith("Scopas "):
            st["scopas " + key[7:]] = int(val)
        elif key == "Last capture":
            st["last"] = None if val == "none" else val
        else:
            raise ValueError(line)
    allc = st["table"] + st["stock"] + [c for p in PLAYERS for c in st["hand " + p] + st["cap " + p]]
    assert len(allc) == 40 and len(set(allc)) == 40, ("not a full deck", len(allc))
    assert st["dealer"] in PLAYERS
    # the non-dealer plays when both hands are equal, the dealer when it has one card more
    h1, h2 = len(st["hand " + other(st["dealer"])]), len(st["hand " + st["dealer"]])
    if st["to_play"] is None:
        assert h1 == h2 == 0 and not st["stock"] and not st["table"]
    elif st["to_play"] == other(st["dealer"]):
        assert h1 == h2 > 0
    else:
        assert h2 == h1 + 1
    return st


def copy(st):
    return {k: (list(v) if isinstance(v, list) else v) for k, v in st.items()}


def norm(st):
    out = {}
    for k, v in st.items():
        out[k] = sorted(v, key=order) if isinstance(v, list) and k != "stock" else v
    return out


def render(st, name):
    def z(cs, down=False):
        cs = cs if down else sorted(cs, key=order)
        return " ".join("[" + c + "]" if down else c for c in cs) or "(empty)"

    out = ["Position " + name, "Dealer: " + st["dealer"],
           "To play: " + (st["to_play"] or "none (the deal is over)")]
    for p in PLAYERS:
        out.append(f"Hand {p}: " + z(st["hand " + p]))
    out.append("Table: " + z(st["table"]))
    out.append("Stock: " + z(st["stock"], down=True))
    for p in PLAYERS:
        out.append(f"Captured {p}: " + z(st["cap " + p]))
    for p in PLAYERS:
        out.append(f"Scopas {p}: {st['scopas ' + p]}")
    out.append("Last capture: " + (st["last"] or "none"))
    return "\n".join(out)


# ---------------------------------------------------------------- rules
def captures(card, table):
    """All legal captures for `card`: a list of frozensets; [] means it must go to the table."""
    same = [t for t in table if value(t) == value(card)]
    if same:
        return [frozenset([t]) for t in same]
    out = []
    for k in range(2, len(table) + 1):
        for combo in combinations(table, k):
            if sum(value(t) for t in combo) == value(card):
                out.append(frozenset(combo))
    return out


def legal_moves(st):
    p = st["to_play"]
    if p is None:
        return []
    moves = []
    for c in st["hand " + p]:
        caps = captures(c, st["table"])
        if caps:
            moves += [(c, s) for s in caps]
        else:
            moves.append((c, None))
    return moves


def parse_move(text):
    m = re.fullmatch(r"(\S+) takes (.+)", text)
    if m:
        return (m.group(1), frozenset(m.group(2).split()))
    m = re.fullmatch(r"(\S+) to table", text)
    assert m, text
    return (m.group(1), None)


def move_text(mv):
    c, s = mv
    return f"{c} to table" if s is None else f"{c} takes " + " ".join(sorted(s, key=order))


def play(st, mv):
    assert mv in legal_moves(st), ("illegal", move_text(mv))
    st = copy(st)
    p = st["to_play"]
    card, cap = mv
    st["hand " + p].remove(card)
    last_play = not st["stock"] and not st["hand P1"] and not st["hand P2"]
    if cap is None:
        st["table"].append(card)
    else:
        for t in cap:
            st["table"].remove(t)
        st["cap " + p] += [card] + list(cap)
        st["last"] = p
        if not st["table"] and not last_play:
            st["scopas " + p] += 1
    st["to_play"] = other(p)
    if not st["hand P1"] and not st["hand P2"]:
        if st["stock"]:
            nd = other(st["dealer"])
            for who in (nd, st["dealer"]):
                for _ in range(3):
                    st["hand " + who].append(st["stock"].pop())
            st["to_play"] = nd
        else:
            if st["last"]:
                st["cap " + st["last"]] += st["table"]
                st["table"] = []
            st["to_play"] = None
    return st


def deal(deck, dealer):
    assert len(deck) == 40 and len(set(deck)) == 40
    nd = other(dealer)
    table = deck[6:10]
    if sum(1 for c in table if c[:-1] == "K") >= 3:
        return None  # void deal
    return {"dealer": dealer, "to_play": nd, "hand " + nd: deck[0:3], "hand " + dealer: deck[3:6],
            "table": table, "stock": deck[10:][::-1], "cap P1": [], "cap P2": [],
            "scopas P1": 0, "scopas P2": 0, "last": None}


def primiera(cards):
    best = {}
    for c in cards:
        best[c[-1]] = max(best.get(c[-1], 0), PRIMIERA[c[:-1]])
    return sum(best.values()) if len(best) == 4 else None


def deal_points(st):
    assert st["to_play"] is None
    a, b = st["cap P1"], st["cap P2"]
    pts = {"P1": 0, "P2": 0}
    detail = {}
    for name, f in (("cards", len), ("coins", lambda cs: sum(1 for c in cs if c[-1] == "♦"))):
        x, y = f(a), f(b)
        detail[name] = (x, y)
        if x != y:
            pts["P1" if x > y else "P2"] += 1
    pts["P1" if "7♦" in a else "P2"] += 1
    x, y = primiera(a), primiera(b)
    detail["primiera"] = (x, y)
    if x is not None and (y is None or x > y):
        pts["P1"] += 1
    elif y is not None and (x is None or y > x):
        pts["P2"] += 1
    pts["P1"] += st["scopas P1"]
    pts["P2"] += st["scopas P2"]
    return pts, detail


def match_result(t1, t2):
    if max(t1, t2) < 11 or t1 == t2:
        return "another deal"
    return "P1 wins" if t1 > t2 else "P2 wins"


# ---------------------------------------------------------------- the md file
def read_blocks(md):
    pos, decks = {}, {}
    for m in re.finditer(r"```text\n(.*?)```", md, re.S):
        lines = [l for l in m.group(1).split("\n") if l.strip()]
        head = lines[0].split()
        if head[0] == "Position":
            pos[head[1]] = parse_position(lines[1:])
        elif head[0] == "Deck":
            dealer = re.search(r"dealer (P\d)", lines[0]).group(1)
            decks[head[1]] = (parse_cards(" ".join(lines[1:])), dealer)
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

    def opt(s):
        return None if s == "none" else int(s)

    for m in re.finditer(r"Dealing (\S+) gives position ([\w-]+)", md):
        d = deal(*decks[m.group(1)])
        ok(d is not None and norm(d) == norm(pos[m.group(2)]), m.group(0))
    for m in re.finditer(r"Dealing (\S+) is void", md):
        ok(deal(*decks[m.group(1)]) is None, m.group(0))
    for m in re.finditer(r"Legal moves in ([\w-]+) — exactly (\d+):(.*)", md):
        name, k = m.group(1), int(m.group(2))
        got = legal_moves(pos[name])
        claimed = [parse_move(t) for t in ticks(m.group(3))]
        ok(len(got) == k == len(claimed) and set(got) == set(claimed),
           f"{name}: claimed {k}, computed {len(got)} {[move_text(x) for x in got]}")
    for m in re.finditer(r"Not legal in ([\w-]+): `([^`]+)`", md):
        ok(parse_move(m.group(2)) not in legal_moves(pos[m.group(1)]), m.group(0))
    for m in re.finditer(r"From ([\w-]+) play (.+?); the result is position ([\w-]+)", md):
        st = pos[m.group(1)]
        for t in ticks(m.group(2)):
            mv = parse_move(t)
            if mv not in legal_moves(st):
                ok(False, f"{m.group(0)}: {t} not legal")
                break
            st = play(st, mv)
        else:
            ok(norm(st) == norm(pos[m.group(3)]), m.group(0) + "\n" + render(st, "computed"))
    for m in re.finditer(r"Captured cards in ([\w-]+): P1 (\d+), P2 (\d+)", md):
        st = pos[m.group(1)]
        ok((len(st["cap P1"]), len(st["cap P2"])) == (int(m.group(2)), int(m.group(3))), m.group(0))
    for m in re.finditer(r"Coins in ([\w-]+): P1 (\d+), P2 (\d+)", md):
        _, d = deal_points(pos[m.group(1)])
        ok(d["coins"] == (int(m.group(2)), int(m.group(3))), m.group(0))
    for m in re.finditer(r"Primiera in ([\w-]+): P1 (\w+), P2 (\w+)", md):
        st = pos[m.group(1)]
        ok((primiera(st["cap P1"]), primiera(st["cap P2"])) == (opt(m.group(2)), opt(m.group(3))),
           m.group(0) + f" computed {primiera(st['cap P1'])}, {primiera(st['cap P2'])}")
    for m in re.finditer(r"Deal points in ([\w-]+): P1 (\d+), P2 (\d+)", md):
        pts, d = deal_points(pos[m.group(1)])
        ok((pts["P1"], pts["P2"]) == (int(m.group(2)), int(m.group(3))), m.group(0) + f" computed {pts} {d}")
    for m in re.finditer(r"Match: P1 (\d+) \+ (\d+) = (\d+), P2 (\d+) \+ (\d+) = (\d+) → (P1 wins|P2 wins|another deal)", md):
        a, b, c, d, e, f = (int(m.group(i)) for i in range(1, 7))
        ok(a + b == c and d + e == f and match_result(c, f) == m.group(7), m.group(0))
    print(f"{Path(md_path).name}: {n} claims checked, {bad} mismatches; {len(pos)} positions, {len(decks)} decks")
    return bad == 0


if __name__ == "__main__":
    here = Path(__file__).resolve().parent
    md_file = here / "data" / "scopa.md"
    if len(sys.argv) > 2 and sys.argv[1] == "--show":
        pos, decks = read_blocks(md_file.read_text())
        st = pos[sys.argv[2]] if sys.argv[2] in pos else deal(*decks[sys.argv[2]])
        for t in sys.argv[3:]:
            st = play(st, parse_move(t))
        print(render(st, "X"))
        print("moves:", [move_text(x) for x in legal_moves(st)])
        if st["to_play"] is None:
            print(deal_points(st))
    else:
        sys.exit(0 if check(md_file) else 1)
