"""Yukon (games/yukon.game) against the checkable facts of its rules text,
tests/data/yukon.md (a copy of shared/new-games/yukon.md), as its independent oracle yukon_check.py reads them: every
position is built in the engine's position format, and the exact sets of legal moves, the
positions moves lead to, the scores and the status are compared in the text's notation."""

from __future__ import annotations

import importlib.util
import random
import re
import sys
from pathlib import Path

import pytest

from gamedsl import load_game

HERE = Path(__file__).resolve().parent
TEXT = HERE / "data" / "yukon.md"  # a copy of shared/new-games/yukon.md

SUITS = "♠♥♦♣"
LETTERS = "SHDC"
TABLEAU = [f"T{i}" for i in range(1, 8)]
FOUNDATION = [f"F{s}" for s in SUITS]


def _oracle():
    spec = importlib.util.spec_from_file_location("yukon_check", HERE / "yukon_oracle.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["yukon_check"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def oracle():
    return _oracle()


@pytest.fixture(scope="module")
def game():
    return load_game("yukon")


@pytest.fixture(scope="module")
def blocks(oracle):
    return oracle.read_blocks(TEXT.read_text(encoding="utf-8"))


def engine_card(card: str) -> str:
    return card[:-1] + LETTERS[SUITS.index(card[-1])]


def text_card(card: str) -> str:
    return card[:-1] + SUITS[LETTERS.index(card[-1])]


def to_yaml(st: dict) -> str:
    """An oracle position (T1..T7: [(card, face down)], F♠..: [card]) in the engine's format."""
    zones, down = [], []
    for n, t in enumerate(TABLEAU, 1):
        zones.append(f"  tableau{n}: [{', '.join(engine_card(c) for c, _ in st[t])}]")
        if st[t]:
            down.append(f"tableau{n}: {sum(1 for _, d in st[t] if d)}")
    for s, f in zip(LETTERS, FOUNDATION):
        zones.append(f"  foundation{s}: [{', '.join(engine_card(c) for c in st[f])}]")
    return "zones:\n" + "\n".join(zones) + "\nface_down: {" + ", ".join(down) + "}\n"


def from_state(state) -> dict:
    """The engine's position read back as an oracle position."""
    names = state._c.zones.names
    public = state.public
    st = {}
    for n, t in enumerate(TABLEAU, 1):
        pile = state.zones[names.index(f"tableau{n}")]
        st[t] = [(text_card(_card(x)), x not in public and i < len(pile) - 1) for i, x in enumerate(pile)]
    for s, f in zip(LETTERS, FOUNDATION):
        st[f] = [text_card(_card(x)) for x in state.zones[names.index(f"foundation{s}")]]
    return st


def _card(code: int) -> str:
    from gamedsl import cards

    return cards.CARD_TEXT[code]


MOVE = re.compile(r"^(?:(build|home) )?(\S+) tableau(\d) -> (tableau(\d)|foundation[SHDC])$")


def notation(move: str) -> str:
    """`9D tableau2 -> tableau6` is `9♦>T6`; `home AD tableau5 -> foundationD` is `A♦>F`."""
    match = MOVE.match(move)
    assert match, move
    target = f"T{match.group(5)}" if match.group(5) else "F"
    return f"{text_card(match.group(2))}>{target}"


def engine_move(state, text: str):
    found = [m for m in state.legal_moves() if notation(str(m)) == text]
    assert len(found) == 1, (text, [str(m) for m in state.legal_moves()])
    return found[0]


def moves_of(state) -> set[str]:
    texts = [notation(str(m)) for m in state.legal_moves()]
    assert len(texts) == len(set(texts))
    return set(texts)


def score(state) -> int:
    return sum(len(state.zones[i]) for i, n in enumerate(state._c.zones.names) if n.startswith("foundation"))


def facts(kind: str) -> list[tuple]:
    md = TEXT.read_text(encoding="utf-8")
    ticks = lambda s: re.findall(r"`([^`]+)`", s)  # noqa: E731
    if kind == "legal":
        return [(m.group(1), int(m.group(2)), ticks(m.group(3)))
                for m in re.finditer(r"Legal moves in ([\w-]+) — exactly (\d+):(.*)", md)]
    if kind == "not":
        return [(m.group(1), m.group(2)) for m in re.finditer(r"Not legal in ([\w-]+): `([^`]+)`", md)]
    if kind == "play":
        return [(m.group(1), ticks(m.group(2)), m.group(3))
                for m in re.finditer(r"From ([\w-]+) play (.+?); the result is position ([\w-]+)", md)]
    if kind == "score":
        return [(m.group(1), int(m.group(2))) for m in re.finditer(r"Score of ([\w-]+): (\d+)", md)]
    return [(m.group(1), m.group(2)) for m in re.finditer(r"Status of ([\w-]+): (won|lost|in play)", md)]


def test_the_oracle_agrees_with_its_text(oracle) -> None:
    assert oracle.check(TEXT)


def test_fact_1_the_deal(game, blocks, oracle) -> None:
    positions, decks = blocks
    deck = decks["D1"]
    state = game.new_game(0)
    c = state._c
    state.zones = [[] for _ in state.zones]
    state.zones[c.zones.names.index("deck")] = [_code(engine_card(x)) for x in reversed(deck)]  # bottom to top
    state.public = frozenset()
    rng = random.Random(0)
    for step in c.deal_steps[1:]:  # the deal without its shuffle: D1 as the text gives it
        step(state, rng, None)
    state._keep_tops_up()
    state._legal = None
    assert from_state(state) == positions["Y0"] == oracle.deal(deck)
    again = game.load_position(state.to_yaml())
    assert from_state(again) == positions["Y0"]


def _code(text: str) -> int:
    from gamedsl import cards

    return cards.parse_card(text)


@pytest.mark.parametrize("name,count,claimed", facts("legal"), ids=lambda x: str(x)[:12])
def test_legal_moves(game, blocks, oracle, name, count, claimed) -> None:
    st = blocks[0][name]
    if count == 0:  # no legal move: the deal is lost there, so the position is a finished one
        with pytest.raises(Exception, match="'stuck'"):
            game.load_position(to_yaml(st))
        state = game.load_position(to_yaml(st) + "over: true\n")
    else:
        state = game.load_position(to_yaml(st))
    assert from_state(state) == st
    got = moves_of(state)
    assert got == set(claimed) == set(oracle.legal_moves(st))
    assert len(got) == count


@pytest.mark.parametrize("name,move", facts("not"), ids=lambda x: str(x)[:12])
def test_not_legal(game, blocks, name, move) -> None:
    text = to_yaml(blocks[0][name])
    state = game.load_position(text + ("over: true\n" if name == "Y3" else ""))
    assert move not in moves_of(state)


@pytest.mark.parametrize("start,moves,result", facts("play"), ids=lambda x: str(x)[:12])
def test_sequences(game, blocks, oracle, start, moves, result) -> None:
    state = game.load_position(to_yaml(blocks[0][start]))
    st = blocks[0][start]
    for text in moves:
        state.play(engine_move(state, text))
        st = oracle.play(st, text)
        assert from_state(state) == st
    assert from_state(state) == blocks[0][result]
    for _ in moves:
        state.undo()
    assert from_state(state) == blocks[0][start]


@pytest.mark.parametrize("name,points", facts("score"))
def test_scores(game, blocks, name, points) -> None:
    st = blocks[0][name]
    if points == 52:  # a won deal is over: it is reached by playing, below
        return
    over = "over: true\n" if name == "Y3" else ""  # lost: no move is legal there
    assert score(game.load_position(to_yaml(st) + over)) == points


def test_status_and_the_end(game, blocks) -> None:
    positions = blocks[0]
    with pytest.raises(Exception, match="already over"):  # Y3: lost, no legal move
        game.load_position(to_yaml(positions["Y3"]))
    y4 = game.load_position(to_yaml(positions["Y4"]))
    assert not y4.is_over and moves_of(y4) == {"Q♥>F"}
    for text in ("Q♥>F", "K♥>F", "K♣>F"):
        y4.play(engine_move(y4, text))
    assert y4.is_over and y4.outcome == "won" and y4.winners == ["P1"] and y4.scores == {"P1": 52}
    # Y3 reached by a move (10♠ from T6 to F♠): the deal ends lost there, scored 39
    before = {k: list(v) for k, v in positions["Y3"].items()}
    before["F♠"] = before["F♠"][:-1]
    before["T6"] = [("10♠", False)]
    state = game.load_position(to_yaml(before))
    state.play(engine_move(state, "10♠>F"))
    assert state.is_over and state.outcome == "lost" and state.winners == [] and state.scores == {"P1": 39}


@pytest.mark.parametrize("seed", range(6))
def test_random_games_conserve_cards(game, oracle, seed) -> None:
    state = game.new_game(seed)
    rng = random.Random(seed)
    for _ in range(400):
        if state.is_over:
            break
        moves = list(state.legal_moves())
        assert moves_of(state) == set(oracle.legal_moves(from_state(state)))
        state.play(rng.choice(moves))
        assert sum(len(z) for z in state.zones) == 52
        assert sorted(x for z in state.zones for x in z) == sorted(range(52))
    assert sum(len(z) for z in state.zones) == 52


def test_views_hide_face_down_cards(game, blocks) -> None:
    state = game.load_position(to_yaml(blocks[0]["Y0"]))
    seen = state.observation("P1")["zones"]
    assert seen["tableau2"] == ["??", "JD", "QC", "7S", "QD", "7D"]
    assert seen["tableau7"][:6] == ["??"] * 6
    assert "9H" not in str(seen)  # T7's face-down 9♥
