"""games/canfield.game against every checkable fact of its rules text, tests/data/canfield.md (a
copy of shared/new-games/canfield.md), and against its independent oracle, tests/canfield_oracle.py
(a copy of canfield_check.py, which knows nothing of the engine).

Positions of the text are written in the engine's position format (every pile bottom to top; the
reserve's face-down cards follow from its face, `face down, top face up`; the base rank and the
flag are the counters `base: "7"` and `moved: 1`); moves of the text map to the engine's:
`R>F` is `QD reserve -> foundationD`, `W>T1` is `build 7C waste -> tableau1`, `T3>T1` is
`pile KH tableau3 -> tableau1`, `turn` and `redeal` are themselves.
"""

from __future__ import annotations

import importlib.util
import random
import re
import sys
from pathlib import Path

import pytest
import yaml

import gamedsl
from gamedsl import cards

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
MD = HERE / "data" / "canfield.md"  # a copy of shared/new-games/canfield.md
TEXT = MD.read_text(encoding="utf-8")
SUITS = "♠♥♦♣"
LETTERS = "SHDC"
TABLEAU = ["T1", "T2", "T3", "T4"]
FOUNDATION = [f"F{s}" for s in SUITS]
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def _oracle():
    spec = importlib.util.spec_from_file_location("canfield_check", HERE / "canfield_oracle.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["canfield_check"] = module
    spec.loader.exec_module(module)
    return module


oracle = _oracle()
POSITIONS, DECKS = oracle.read_blocks(TEXT)
_GAME: list = []


def game() -> gamedsl.Game:
    if not _GAME:
        _GAME.append(gamedsl.load_game(str(ROOT / "games" / "canfield.game")))
    return _GAME[0]


def engine_card(card: str) -> str:
    return card[:-1] + LETTERS[SUITS.index(card[-1])]


def text_card(card: str) -> str:
    return card[:-1] + SUITS[LETTERS.index(card[-1])]


def to_yaml(st: dict, over: bool = False) -> str:
    """An oracle position in the engine's format."""
    zones = {"stock": st["Stock"], "waste": st["Waste"], "reserve": st["Reserve"]}
    zones.update({f"tableau{n}": st[t] for n, t in enumerate(TABLEAU, 1)})
    zones.update({f"foundation{s}": st[f] for s, f in zip(LETTERS, FOUNDATION)})
    text = yaml.dump({"turn": "P1",
                      "zones": {k: [engine_card(c) for c in v] for k, v in zones.items()},
                      "counters": {"base": RANKS[st["base"] - 1], "moved": int(st["moved"])}},
                     allow_unicode=True)
    return text + ("over: true\n" if over else "")


def load(name: str):
    """A position of the text; one where no move is legal is over (lost), so it says so."""
    st = POSITIONS[name]
    return game().load_position(to_yaml(st, over=not oracle.legal_moves(st)))


def from_state(state) -> dict:
    """The engine's position read back as an oracle position."""
    names = state.game.compiled.zones.names
    pile = {names[i]: [text_card(cards.CARD_TEXT[c]) for c in z] for i, z in enumerate(state.zones)}
    counters = yaml.safe_load(state.to_yaml())["counters"]
    st = {"Stock": pile["stock"], "Waste": pile["waste"], "Reserve": pile["reserve"],
          "base": RANKS.index(str(counters["base"])) + 1, "moved": bool(counters["moved"])}
    st.update({t: pile[f"tableau{n}"] for n, t in enumerate(TABLEAU, 1)})
    st.update({f: pile[f"foundation{s}"] for s, f in zip(LETTERS, FOUNDATION)})
    return st


MOVE = re.compile(r"^(?:(build|pile) )?(\S+) (reserve|waste|tableau(\d)) -> (tableau(\d)|foundation[SHDC])$")


def notation(move) -> str:
    text = str(move)
    if text in ("turn", "redeal"):
        return text
    match = MOVE.match(text)
    assert match, text
    source = {"reserve": "R", "waste": "W"}.get(match.group(3)) or f"T{match.group(4)}"
    target = f"T{match.group(6)}" if match.group(6) else "F"
    return f"{source}>{target}"


def moves_of(state) -> set[str]:
    texts = [notation(m) for m in state.legal_moves()]
    assert len(texts) == len(set(texts)), texts
    return set(texts)


def engine_move(state, text: str):
    found = [m for m in state.legal_moves() if notation(m) == text]
    assert len(found) == 1, (text, [str(m) for m in state.legal_moves()])
    return found[0]


def ticks(text: str) -> list[str]:
    return re.findall(r"`([^`]+)`", text)


LEGAL = [(m.group(1), int(m.group(2)), ticks(m.group(3)))
         for m in re.finditer(r"Legal moves in ([\w-]+) — exactly (\d+):(.*)", TEXT)]
NOT_LEGAL = [(m.group(1), m.group(2)) for m in re.finditer(r"Not legal in ([\w-]+): `([^`]+)`", TEXT)]
SEQUENCES = [(m.group(1), ticks(m.group(2)), m.group(3))
             for m in re.finditer(r"From ([\w-]+) play (.+?); the result is position ([\w-]+)", TEXT)]
SCORES = [(m.group(1), int(m.group(2)), int(m.group(3)))
          for m in re.finditer(r"Score of ([\w-]+): 5 × (\d+) = (\d+)", TEXT)]
STATUS = [(m.group(1), m.group(2)) for m in re.finditer(r"Status of ([\w-]+): (won|lost|in play)", TEXT)]
REACHED = {result: (start, moves) for start, moves, result in SEQUENCES}


def played(start: str, moves: list[str]):
    state = load(start)
    for text in moves:
        state.play(engine_move(state, text))
    return state


def _before_c6() -> dict:
    """C6 one `turn` earlier: its last three waste cards still in the stock (9♠ at the bottom)."""
    st = oracle.copy(POSITIONS["C6"])
    st["Stock"], st["Waste"] = ["9♠", "7♠", "8♠"], st["Waste"][:-3]
    return st


BEFORE = {"C6": _before_c6}


def position(name: str):
    """Played to from the position before it when the text says so (or, for a position where no
    move is legal, from one built a `turn` earlier, so that the end of the deal is reached by
    play, with its outcome and score), else loaded."""
    if name in REACHED:
        return played(*REACHED[name])
    if name in BEFORE:
        st = BEFORE[name]()
        assert oracle.legal_moves(st) == ["turn"] and oracle.same(oracle.play(st, "turn"), POSITIONS[name])
        state = game().load_position(to_yaml(st))
        state.play(engine_move(state, "turn"))
        return state
    return load(name)


def test_the_oracle_agrees_with_its_text() -> None:
    assert oracle.check(MD)


def test_the_facts_are_all_read() -> None:
    assert len(LEGAL) == 11 and len(NOT_LEGAL) == 18 and len(SEQUENCES) == 5
    assert len(SCORES) == 6 and len(STATUS) == 4


def test_the_game_checks() -> None:
    assert game().title == "Canfield"


def test_fact_1_the_deal() -> None:
    """Dealing D1 gives C0 (base rank 7): the deal's steps after the shuffle, on D1's order."""
    deck = DECKS["D1"]
    state = game().new_game(seed=0)
    c = state.game.compiled
    for pile in state.zones:
        pile.clear()
    state.zones[c.zones.by_name["stock"]].extend(cards.parse_card(engine_card(x)) for x in reversed(deck))
    for step in c.deal_steps[1:]:  # the shuffle (the first step) left out: D1 is the order
        step(state, random.Random(0), None)
    assert from_state(state) == POSITIONS["C0"] == oracle.deal(deck)
    assert from_state(state)["base"] == 7
    assert from_state(game().load_position(state.to_yaml())) == POSITIONS["C0"]


def test_a_new_deal() -> None:
    for seed in range(8):
        state = game().new_game(seed=seed)
        st = from_state(state)
        assert len(st["Reserve"]) == 13 and len(st["Stock"]) == 34 and not st["Waste"]
        assert all(len(st[t]) == 1 for t in TABLEAU) and not st["moved"]
        started = [f for f in FOUNDATION if st[f]]
        assert len(started) == 1 and len(st[started[0]]) == 1
        base = st[started[0]][0]
        assert base[-1] == started[0][1] and RANKS.index(base[:-1]) + 1 == st["base"]
        assert state.observation("P1")["zones"]["reserve"][:12] == ["??"] * 12


@pytest.mark.parametrize("name,count,claimed", LEGAL, ids=[x[0] for x in LEGAL])
def test_legal_moves(name, count, claimed) -> None:
    state = position(name)
    assert from_state(state) == POSITIONS[name]
    got = moves_of(state)
    assert got == set(claimed) == set(oracle.legal_moves(POSITIONS[name]))
    assert len(got) == count
    if name not in REACHED:  # loaded: the text's position reads back as itself
        assert from_state(game().load_position(state.to_yaml())) == POSITIONS[name]


@pytest.mark.parametrize("name,move", NOT_LEGAL, ids=[f"{n}:{m}" for n, m in NOT_LEGAL])
def test_not_legal(name, move) -> None:
    assert move not in moves_of(position(name))
    assert move not in oracle.legal_moves(POSITIONS[name])


@pytest.mark.parametrize("start,moves,result", SEQUENCES, ids=[s[2] for s in SEQUENCES])
def test_sequences(start, moves, result) -> None:
    state = load(start)
    st = POSITIONS[start]
    for text in moves:
        assert moves_of(state) == set(oracle.legal_moves(st))
        state.play(engine_move(state, text))
        st = oracle.play(st, text)
        assert from_state(state) == st
    assert from_state(state) == POSITIONS[result]
    for _ in moves:
        state.undo()
    assert from_state(state) == POSITIONS[start]


@pytest.mark.parametrize("name,cards_home,points", SCORES, ids=[s[0] for s in SCORES])
def test_scores(name, cards_home, points) -> None:
    state = position(name)
    assert state.value("home", "P1") == cards_home
    assert 5 * cards_home == points == oracle.score(POSITIONS[name])
    if state.is_over:
        assert state.scores == {"P1": points}


@pytest.mark.parametrize("name,status", STATUS, ids=[s[0] for s in STATUS])
def test_status(name, status) -> None:
    state = position(name)
    assert oracle.status(POSITIONS[name]) == status
    if status == "in play":
        assert not state.is_over and state.legal_moves()
    else:
        assert state.is_over and state.outcome == status
        assert state.winners == (["P1"] if status == "won" else [])


def test_a_lost_position_is_refused_unless_over() -> None:
    with pytest.raises(Exception, match="already over"):
        game().load_position(to_yaml(POSITIONS["C6"]))


def test_c5c_reached_by_play_is_lost() -> None:
    """C5b then `turn`, `turn`: the deal ends, lost, scored 5 x 31."""
    state = played("C5b", ["turn", "turn"])
    assert from_state(state) == POSITIONS["C5c"]
    assert state.is_over and state.outcome == "lost" and state.scores == {"P1": 155}


def test_the_base_card_and_the_flag_in_the_text_of_moves() -> None:
    state = load("C2")
    assert sorted(str(m) for m in state.legal_moves()) == sorted([
        "QD reserve -> foundationD", "build QD reserve -> tableau2", "AS waste -> foundationS",
        "3H tableau1 -> foundationH", "KC tableau2 -> foundationC", "pile 10C tableau3 -> tableau4", "turn"])
    for move in state.legal_moves():
        assert state.parse_move(str(move)) == move


def test_a_turn_does_not_set_the_flag_and_a_move_does() -> None:
    state = load("C0")
    state.play(engine_move(state, "turn"))
    assert from_state(state)["moved"] is False
    state.play(engine_move(state, "R>T3"))
    assert from_state(state)["moved"] is True


def test_views_hide_the_reserve_and_the_stock() -> None:
    seen = load("C0").observation("P1")["zones"]
    assert seen["reserve"] == ["??"] * 12 + ["QS"]
    assert seen["stock"] == ["??"] * 34
    assert "9C" not in str(seen)  # the reserve's bottom card


@pytest.mark.parametrize("seed", range(8))
def test_random_games_conserve_cards(seed) -> None:
    state = game().new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(3000):
        if state.is_over:
            break
        moves = list(state.legal_moves())
        st = from_state(state)
        assert moves_of(state) == set(oracle.legal_moves(st))
        for move in moves:
            assert state.parse_move(str(move)) == move
        move = rng.choice(moves)
        state.play(move)
        assert from_state(state) == oracle.play(st, notation(move))
        assert sorted(x for z in state.zones for x in z) == sorted(range(52))
    assert state.is_over and state.outcome in ("won", "lost")
    assert state.scores["P1"] == oracle.score(from_state(state))
