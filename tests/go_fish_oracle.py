# A copy of shared/new-games/go_fish_check.py (the rules text's own checker), kept in the repo for CI.
"""Check the facts of go_fish.md against an independent reading of its rules.

A copy of the rules text's own checker (new-games/go_fish_check.py), kept apart from the engine:
it knows nothing of gamedsl. Here it reads tests/data/go_fish.md.

Usage:
    python3 go_fish_check.py            check every claim in go_fish.md
    python3 go_fish_check.py --show X [moves...]   play moves from position X and print
"""
import re
import sys
from pathlib import Path

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "♠♥♦♣"


def rank(card):
    return card[:-1]


def is_card(tok):
    return tok[:-1] in RANKS and tok[-1] in SUITS


def order(c):
    return (RANKS.index(rank(c)), SUITS.index(c[-1]))


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


def players(st):
    return [f"P{i}" for i in range(1, st["n"] + 1)]


# ---------------------------------------------------------------- positions
def parse_position(lines):
    st = {"hand": {}, "books": {}}
    for line in lines:
        key, _, val = line.partition(":")
        key, val = key.strip(), val.strip()
        if key == "Players":
            st["n"] = int(val)
        elif key == "To ask":
            st["to_ask"] = None if val.startswith("none") else val
        elif key.startswith("Hand "):
            st["hand"][key[5:]] = parse_cards(val, down=False)
        elif key.startswith("Books "):
            st["books"][key[6:]] = [] if val == "(none)" else val.split()
        elif key == "Stock":
            st["stock"] = parse_cards(val, down=True)
        else:
            raise ValueError(line)
    ps = players(st)
    assert sorted(st["hand"]) == sorted(ps) == sorted(st["books"]), "a player is missing"
    allc = st["stock"] + [c for p in ps for c in st["hand"][p]]
    allc += [r + s for p in ps for r in st["books"][p] for s in SUITS]
    assert len(allc) == 52 and len(set(allc)) == 52, ("not a full deck", len(allc))
    for p in ps:  # a complete rank in a hand is always laid down at once
        assert all(sum(1 for c in st["hand"][p] if rank(c) == r) < 4 for r in RANKS), p
    if st["to_ask"] is None:
        assert sum(len(b) for b in st["books"].values()) == 13
    else:
        assert st["hand"][st["to_ask"]], "the player to ask always holds a card"
    return st


def copy(st):
    return {"n": st["n"], "to_ask": st["to_ask"], "stock": list(st["stock"]),
            "hand": {p: list(h) for p, h in st["hand"].items()},
            "books": {p: list(b) for p, b in st["books"].items()}}


def norm(st):
    return (st["n"], st["to_ask"], tuple(st["stock"]),
            tuple((p, tuple(sorted(st["hand"][p], key=order))) for p in players(st)),
            tuple((p, tuple(sorted(st["books"][p], key=RANKS.index))) for p in players(st)))


def render(st, name):
    out = ["Position " + name, f"Players: {st['n']}",
           "To ask: " + (st["to_ask"] or "none (the game is over)")]
    for p in players(st):
        out.append(f"Hand {p}: " + (" ".join(sorted(st["hand"][p], key=order)) or "(empty)"))
    for p in players(st):
        out.append(f"Books {p}: " + (" ".join(sorted(st["books"][p], key=RANKS.index)) or "(none)"))
    out.append("Stock: " + (" ".join("[" + c + "]" for c in st["stock"]) or "(empty)"))
    return "\n".join(out)


# ---------------------------------------------------------------- rules
def lay_books(st, p):
    for r in RANKS:
        cards = [c for c in st["hand"][p] if rank(c) == r]
        if len(cards) == 4:
            st["hand"][p] = [c for c in st["hand"][p] if rank(c) != r]
            st["books"][p].append(r)


def is_out(st, p):
    return not st["hand"][p] and not st["stock"]


def next_player(st, p):
    ps = players(st)
    return ps[(ps.index(p) + 1) % len(ps)]


def settle(st, p):
    """Give the turn to p, or to the next player who is not out; draw for an empty hand."""
    while True:
        if sum(len(b) for b in st["books"].values()) == 13:
            st["to_ask"] = None
            return st
        if not st["hand"][p]:
            if st["stock"]:
                st["hand"][p].append(st["stock"].pop())
                lay_books(st, p)
                break
            p = next_player(st, p)
            continue
        break
    st["to_ask"] = p
    return st


def legal_moves(st):
    a = st["to_ask"]
    if a is None:
        return []
    ranks = sorted({rank(c) for c in st["hand"][a]}, key=RANKS.index)
    return [f"ask {q} {r}" for q in players(st) if q != a and not is_out(st, q) for r in ranks]


def play(st, move):
    assert move in legal_moves(st), ("illegal", move)
    st = copy(st)
    _, q, r = move.split()
    a = st["to_ask"]
    got = [c for c in st["hand"][q] if rank(c) == r]
    if got:
        st["hand"][q] = [c for c in st["hand"][q] if rank(c) != r]
        st["hand"][a] += got
        lay_books(st, a)
        again = True
    elif st["stock"]:
        c = st["stock"].pop()
        st["hand"][a].append(c)
        lay_books(st, a)
        again = rank(c) == r
    else:
        again = False
    return settle(st, a if again else next_player(st, a))


def deal(deck, n):
    assert len(deck) == 52 and len(set(deck)) == 52 and 3 <= n <= 6
    k = 7 if n == 3 else 5
    st = {"n": n, "hand": {f"P{i}": [] for i in range(1, n + 1)},
          "books": {f"P{i}": [] for i in range(1, n + 1)}}
    for i in range(k * n):
        st["hand"][f"P{i % n + 1}"].append(deck[i])
    st["stock"] = deck[k * n:][::-1]
    for p in players(st):
        lay_books(st, p)
    return settle(st, "P1")


def winners(st):
    best = max(len(b) for b in st["books"].values())
    return [p for p in players(st) if len(st["books"][p]) == best]


# ---------------------------------------------------------------- the md file
def read_blocks(md):
    pos, decks = {}, {}
    for m in re.finditer(r"```text\n(.*?)```", md, re.S):
        lines = [l for l in m.group(1).split("\n") if l.strip()]
        head = lines[0].split()
        if head[0] == "Position":
            pos[head[1]] = parse_position(lines[1:])
        elif head[0] == "Deck":
            decks[head[1]] = parse_cards(" ".join(lines[1:]))
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

    for m in re.finditer(r"Dealing (\S+) to (\d) players gives position ([\w-]+)", md):
        st = deal(decks[m.group(1)], int(m.group(2)))
        ok(norm(st) == norm(pos[m.group(3)]), m.group(0) + "\n" + render(st, "computed"))
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
            ok(norm(st) == norm(pos[m.group(3)]), m.group(0) + "\n" + render(st, "computed"))
    for m in re.finditer(r"Books in ([\w-]+): ((?:P\d \d+(?:, )?)+)", md):
        st = pos[m.group(1)]
        claimed = {p: int(k) for p, k in re.findall(r"(P\d) (\d+)", m.group(2))}
        ok(claimed == {p: len(st["books"][p]) for p in players(st)}, m.group(0))
    for m in re.finditer(r"Winners? of ([\w-]+): (P\d(?: and P\d)*)", md):
        st = pos[m.group(1)]
        ok(st["to_ask"] is None and winners(st) == m.group(2).split(" and "), m.group(0))
    print(f"{Path(md_path).name}: {n} claims checked, {bad} mismatches; {len(pos)} positions, {len(decks)} decks")
    return bad == 0


if __name__ == "__main__":
    here = Path(__file__).resolve().parent
    md_file = here / "data" / "go_fish.md"
    if len(sys.argv) > 2 and sys.argv[1] == "--show":
        pos, decks = read_blocks(md_file.read_text())
        st = pos[sys.argv[2]]
        for mv in sys.argv[3:]:
            st = play(st, mv)
        print(render(st, "X"))
        print("moves:", len(legal_moves(st)), legal_moves(st))
    else:
        sys.exit(0 if check(md_file) else 1)
