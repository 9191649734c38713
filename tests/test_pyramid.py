"""games/pyramid.game against every checkable fact of the rules text (tests/data/pyramid.md) and
against its independent oracle (tests/pyramid_oracle.py, which knows nothing of the engine).

Positions of the text are written in the engine's position format (`row6_2: [9D]`, the stock
and the waste bottom to top); moves of the text map to the engine's (`6♦+7♦` is `pair 6D 7D`,
`K♥` is `king KH`, `turn` is `turn`).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
import yaml

import gamedsl
from gamedsl import cards

from . import pyramid_oracle as oracle

ROOT = Path(__file__).resolve().parent.parent
MD = Path(__file__).resolve().parent / "data" / "pyramid.md"
TEXT = MD.read_text(encoding="utf-8")
POSITIONS, DECKS = oracle.read_blocks(TEXT)
SYMBOL = {s: cards.SUIT_TEXT[i] for i, s in enumerate(cards.SUIT_SYMBOL)}

_GAME: list = []


def game() -> gamedsl.Game:
    if not _GAME:
        _GAME.append(gamedsl.load_game(str(ROOT / "games" / "pyramid.game")))
    return _GAME[0]


def engine_card(card: str) -> str:
    return card[:-1] + SYMBOL[card[-1]]


def text_card(card: str) -> str:
    return card[:-1] + cards.SUIT_SYMBOL[cards.SUIT_TEXT.index(card[-1])]


def position_yaml(st: dict) -> str:
    zones: dict[str, list[str]] = {}
    for r, row in enumerate(st["rows"]):
        for c, card in enumerate(row):
            zones[f"row{r + 1}_{c + 1}"] = [engine_card(card)] if card else []
    zones["stock"] = [engine_card(c) for c in st["stock"]]
    zones["waste"] = [engine_card(c) for c in st["waste"]]
    zones["removed"] = [engine_card(c) for c in st["removed"]]
    return yaml.dump({"turn": "P1", "zones": zones}, allow_unicode=True)


def load(name: str):
    return game().load_position(position_yaml(POSITIONS[name]))


def as_text_move(move) -> object:
    """An engine move in the text's notation: a frozenset of cards, or 'turn'."""
    words = str(move).split()
    if words[0] == "turn":
        return "turn"
    assert words[0] in ("pair", "king"), move
    return frozenset(text_card(w) for w in words[1:])


def engine_move(text: str) -> str:
    move = oracle.parse_move(text)
    if move == "turn":
        return "turn"
    named = "king" if len(move) == 1 else "pair"
    return named + " " + " ".join(engine_card(c) for c in sorted(move))


def state_of(st) -> dict:
    """An engine position in the oracle's form."""
    names = st.game.compiled.zones.names
    zones = {names[i]: [cards.CARD_TEXT[c] for c in pile] for i, pile in enumerate(st.zones)}
    rows = [[(text_card(zones[f"row{r + 1}_{c + 1}"][0]) if zones[f"row{r + 1}_{c + 1}"] else None)
             for c in range(r + 1)] for r in range(7)]
    return {"rows": rows, "stock": [text_card(c) for c in zones["stock"]],
            "waste": [text_card(c) for c in zones["waste"]],
            "removed": sorted(text_card(c) for c in zones["removed"])}


def available(st) -> set[str]:
    c = st.game.compiled
    action = next(a for a in c.actions if a.name == "pair")
    return {text_card(cards.CARD_TEXT[card]) for card, _ in st.available_cards(action.taking.zones[0])}


def ticks(text: str) -> list[str]:
    return re.findall(r"`([^`]+)`", text)


def played(start: str, moves: list[str]):
    st = load(start)
    for move in moves:
        st.play(engine_move(move))
    return st


SEQUENCES = [(m.group(1), ticks(m.group(2)), m.group(3))
             for m in re.finditer(r"From ([\w-]+) play (.+?); the result is position ([\w-]+)", TEXT)]
REACHED = {result: (start, moves) for start, moves, result in SEQUENCES}


def position(name: str):
    """A position of the text: played to from the one before it when the text says so (then the
    end of the deal has been checked, as in play), else loaded."""
    if name in REACHED:
        return played(*REACHED[name])
    return load(name)


def test_the_oracle_agrees_with_the_text():
    assert oracle.check(MD)


def test_the_game_checks():
    assert gamedsl.load_game(str(ROOT / "games" / "pyramid.game")).title == "Pyramid"


def test_fact_1_the_deal():
    """Dealing D1 gives P0: the deal's steps after the shuffle, on the deck in D1's order."""
    deck = DECKS["D1"]
    st = game().new_game(seed=0)
    c = st.game.compiled
    for pile in st.zones:
        pile.clear()
    st.zones[c.zones.by_name["stock"]].extend(cards.parse_card(engine_card(x)) for x in reversed(deck))
    for step in c.deal_steps[1:]:  # the shuffle (the first step) left out: D1 is the order
        step(st, random.Random(0), None)
    assert oracle.same(state_of(st), POSITIONS["P0"])
    assert oracle.same(oracle.deal(deck), POSITIONS["P0"])


def test_a_new_deal_is_a_pyramid_and_a_stock_of_24():
    st = game().new_game(seed=5)
    shape = state_of(st)
    assert all(all(card for card in row) for row in shape["rows"])
    assert len(shape["stock"]) == 24 and not shape["waste"] and not shape["removed"]


CLAIMS_LEGAL = [(m.group(1), int(m.group(2)), ticks(m.group(3)))
                for m in re.finditer(r"Legal moves in ([\w-]+) — exactly (\d+):(.*)", TEXT)]
CLAIMS_AVAILABLE = [(m.group(1), int(m.group(2)), ticks(m.group(3)))
                    for m in re.finditer(r"Available in ([\w-]+) — exactly (\d+):(.*)", TEXT)]
CLAIMS_NOT = [(m.group(1), m.group(2)) for m in re.finditer(r"Not legal in ([\w-]+): `([^`]+)`", TEXT)]


@pytest.mark.parametrize("name, count, claimed", CLAIMS_LEGAL, ids=[c[0] for c in CLAIMS_LEGAL])
def test_legal_moves(name, count, claimed):
    st = position(name)
    got = [as_text_move(m) for m in st.legal_moves()]
    assert len(got) == count == len(set(got))
    assert set(got) == {oracle.parse_move(t) for t in claimed}
    assert set(got) == set(oracle.legal_moves(POSITIONS[name]))


@pytest.mark.parametrize("name, count, claimed", CLAIMS_AVAILABLE, ids=[c[0] for c in CLAIMS_AVAILABLE])
def test_available_cards(name, count, claimed):
    got = available(load(name))
    assert len(got) == count
    assert got == set(claimed) == set(oracle.available(POSITIONS[name]))


@pytest.mark.parametrize("name, move", CLAIMS_NOT, ids=[f"{n}:{m}" for n, m in CLAIMS_NOT])
def test_not_legal(name, move):
    st = position(name)
    report = st.explain(engine_move(move))
    assert not report.legal
    assert str(report)  # says why


@pytest.mark.parametrize("start, moves, result", SEQUENCES, ids=[s[2] for s in SEQUENCES])
def test_sequences(start, moves, result):
    st = played(start, moves)
    assert oracle.same(state_of(st), POSITIONS[result])
    assert sorted(st.zones[st.game.compiled.zones.by_name["removed"]]) == sorted(
        cards.parse_card(engine_card(c)) for c in POSITIONS[result]["removed"])


SCORES = [(m.group(1), int(m.group(2))) for m in re.finditer(r"Score of ([\w-]+): (\d+)", TEXT)]
STATUS = [(m.group(1), m.group(2)) for m in re.finditer(r"Status of ([\w-]+): (won|lost|in play)", TEXT)]


@pytest.mark.parametrize("name, score", SCORES, ids=[s[0] for s in SCORES])
def test_scores(name, score):
    st = position(name)
    assert st.value("cleared", "P1") == score == oracle.score(POSITIONS[name])
    if st.is_over:
        assert st.scores == {"P1": score}


@pytest.mark.parametrize("name, status", STATUS, ids=[s[0] for s in STATUS])
def test_status(name, status):
    st = position(name)
    assert oracle.status(POSITIONS[name]) == status
    if status == "in play":
        assert not st.is_over and st.legal_moves()
    else:
        assert st.is_over and st.outcome == status
        assert st.winners == (["P1"] if status == "won" else [])


def test_a_king_on_the_waste_explained_when_covered():
    st = load("P2")
    assert "not available" in str(st.explain("king KD"))


def test_a_covered_place_is_explained_by_its_covering_cards():
    st = load("P0")
    text = str(st.explain("king KS"))
    assert "row6_1 is covered by 7D (row7_1) and KH (row7_2)" in text


def test_pairs_read_back_in_any_order():
    st = load("P0")
    assert st.parse_move("pair 6D 7D") == st.parse_move("pair 7D 6D") == st.parse_move("pair 7♦ 6♦")
    assert str(st.parse_move("pair 7D 6D")) == "pair 6D 7D"


@pytest.mark.parametrize("seed", range(12))
def test_random_games_end_with_the_cards_kept(seed):
    st = game().new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(200):
        if st.is_over:
            break
        moves = list(st.legal_moves())
        for move in moves:  # every text the engine writes reads back to its move
            assert st.parse_move(str(move)) == move
        expected = {as_text_move(m) for m in moves}
        assert expected == set(oracle.legal_moves(state_of(st)))
        st.play(rng.choice(moves))
        assert sum(len(z) for z in st.zones) == 52
        assert len({c for z in st.zones for c in z}) == 52
    assert st.is_over
    assert st.outcome in ("won", "lost")
    assert st.scores["P1"] == oracle.score(state_of(st))


def test_computer_players_finish_a_deal():
    from gamedsl.players import greedy, mcts

    for make in (greedy, mcts):
        names = [n for n in dir(make) if n.endswith("Player")]
        assert names
