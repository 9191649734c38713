"""Check the facts of pyramid.md against an independent reading of its rules.

A copy of the rules text's own checker (new-games/pyramid_check.py), kept apart from the engine:
it knows nothing of gamedsl. Here it reads tests/data/pyramid.md.

Usage:
    python3 pyramid_check.py            check every claim in pyramid.md
    python3 pyramid_check.py --show X [moves...]   play moves from position (or deck) X and print
"""
import re
import sys
from pathlib import Path

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "♠♥♦♣"


def value(card):
    return RANKS.index(card[:-1]) + 1


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
# state: rows[r][c] (r, c from 0) card or None; stock list bottom->top; waste list; removed set
def parse_position(lines):
    rows = [None] * 7
    st = {}
    for line in lines:
        key, _, val = line.partition(":")
        key = key.strip()
        if key.startswith("Row "):
            r = int(key[4:]) - 1
            toks = val.split()
            assert len(toks) == r + 1, line
            rows[r] = [None if t == "-" else t for t in toks]
            assert all(t is None or is_card(t) for t in rows[r]), line
        elif key == "Stock":
            cards = parse_cards(val)
            assert all(d for _, d in cards[:-1]) and (not cards or not cards[-1][1]), line
            st["stock"] = [c for c, _ in cards]
        elif key == "Waste":
            cards = parse_cards(val)
            assert not any(d for _, d in cards), line
            st["waste"] = [c for c, _ in cards]
        elif key == "Removed":
            st["removed"] = sorted(c for c, _ in parse_cards(val))
        else:
            raise ValueError(line)
    st["rows"] = rows
    for r in range(6):  # a place can be empty only if both places covering it are empty
        for c in range(r + 1):
            if rows[r][c] is None:
                assert rows[r + 1][c] is None and rows[r + 1][c + 1] is None, ("unreachable", r + 1, c + 1)
    allc = [c for row in rows for c in row if c] + st["stock"] + st["waste"] + st["removed"]
    assert len(allc) == 52 and len(set(allc)) == 52, ("not a full deck", len(allc))
    return st


def copy(st):
    return {"rows": [list(r) for r in st["rows"]], "stock": list(st["stock"]),
            "waste": list(st["waste"]), "removed": list(st["removed"])}


def render(st, name):
    out = ["Position " + name]
    for r, row in enumerate(st["rows"]):
        out.append(f"Row {r + 1}: " + " ".join(c or "-" for c in row))
    s = st["stock"]
    out.append("Stock: " + (" ".join(["[" + c + "]" for c in s[:-1]] + s[-1:]) if s else "(empty)"))
    out.append("Waste: " + (" ".join(st["waste"]) or "(empty)"))
    out.append("Removed: " + (" ".join(sorted(st["removed"], key=order)) or "(empty)"))
    return "\n".join(out)


def order(c):
    return (SUITS.index(c[-1]), value(c))


def same(a, b):
    return (a["rows"] == b["rows"] and a["stock"] == b["stock"] and a["waste"] == b["waste"]
            and sorted(a["removed"]) == sorted(b["removed"]))


# ---------------------------------------------------------------- rules
def available(st):
    """Available cards, each with where it lies: ('P', r, c), ('S',), ('W',)."""
    out = {}
    rows = st["rows"]
    for r in range(7):
        for c in range(r + 1):
            card = rows[r][c]
            if card and (r == 6 or (rows[r + 1][c] is None and rows[r + 1][c + 1] is None)):
                out[card] = ("P", r, c)
    if st["stock"]:
        out[st["stock"][-1]] = ("S",)
    if st["waste"]:
        out[st["waste"][-1]] = ("W",)
    return out


def pyramid_empty(st):
    return all(c is None for row in st["rows"] for c in row)


def legal_moves(st):
    """Moves as frozensets of cards (a pair or a single king), or the string 'turn'."""
    if pyramid_empty(st):
        return []
    av = sorted(available(st), key=order)
    moves = []
    for i, a in enumerate(av):
        if value(a) == 13:
            moves.append(frozenset([a]))
        for b in av[i + 1:]:
            if value(a) + value(b) == 13:
                moves.append(frozenset([a, b]))
    if st["stock"]:
        moves.append("turn")
    return moves


def parse_move(text):
    text = text.strip()
    if text == "turn":
        return "turn"
    cards = text.split("+")
    assert all(is_card(c) for c in cards), text
    return frozenset(cards)


def move_text(m):
    return m if m == "turn" else "+".join(sorted(m, key=order))


def play(st, move):
    assert move in legal_moves(st), ("illegal", move_text(move))
    st = copy(st)
    if move == "turn":
        st["waste"].append(st["stock"].pop())
        return st
    av = available(st)
    for card in move:
        where = av[card]
        if where[0] == "P":
            st["rows"][where[1]][where[2]] = None
        elif where[0] == "S":
            st["stock"].pop()
        else:
            st["waste"].pop()
        st["removed"].append(card)
    return st


def deal(deck):
    assert len(deck) == 52 and len(set(deck)) == 52
    rows, k = [], 0
    for r in range(7):
        rows.append(deck[k:k + r + 1])
        k += r + 1
    return {"rows": rows, "stock": deck[28:][::-1], "waste": [], "removed": []}


def score(st):
    return sum(1 for row in st["rows"] for c in row if c is None)


def status(st):
    if pyramid_empty(st):
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
    md = Path(md_path).read_text(encoding="utf-8")
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
        name, k = m.group(1), int(m.group(2))
        got = legal_moves(pos[name])
        claimed = [parse_move(t) for t in ticks(m.group(3))]
        ok(len(got) == k == len(claimed) and set(got) == set(claimed),
           f"{name}: claimed {k}, computed {len(got)} {[move_text(x) for x in got]}")
    for m in re.finditer(r"Available in ([\w-]+) — exactly (\d+):(.*)", md):
        name, k = m.group(1), int(m.group(2))
        got = set(available(pos[name]))
        claimed = set(ticks(m.group(3)))
        ok(len(got) == k == len(claimed) and got == claimed,
           f"available {name}: computed {len(got)} {sorted(got, key=order)}")
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
            ok(same(st, pos[m.group(3)]), m.group(0) + "\n" + render(st, "computed"))
    for m in re.finditer(r"Score of ([\w-]+): (\d+)", md):
        ok(score(pos[m.group(1)]) == int(m.group(2)), m.group(0))
    for m in re.finditer(r"Status of ([\w-]+): (won|lost|in play)", md):
        ok(status(pos[m.group(1)]) == m.group(2), m.group(0))
    print(f"{Path(md_path).name}: {n} claims checked, {bad} mismatches; {len(pos)} positions, {len(decks)} decks")
    return bad == 0


if __name__ == "__main__":
    here = Path(__file__).resolve().parent
    md_file = here / "data" / "pyramid.md"
    if len(sys.argv) > 2 and sys.argv[1] == "--show":
        pos, decks = read_blocks(md_file.read_text(encoding="utf-8"))
        st = pos[sys.argv[2]] if sys.argv[2] in pos else deal(decks[sys.argv[2]])
        for t in sys.argv[3:]:
            st = play(st, parse_move(t))
        print(render(st, "X"))
        print("available:", sorted(available(st), key=order))
        lm = legal_moves(st)
        print("moves:", len(lm), [move_text(x) for x in lm], "score", score(st), status(st))
    else:
        sys.exit(0 if check(md_file) else 1)
