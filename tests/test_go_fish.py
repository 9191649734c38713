"""games/go_fish.game against every checkable fact of the rules text (tests/data/go_fish.md) and
against its independent oracle (tests/go_fish_oracle.py, which knows nothing of the engine).

Positions of the text are written in the engine's position format (`P1.hand`, `P1.books` with the
four cards of each book, the stock bottom to top); moves are written as in the text (`ask P3 7`).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
import yaml

import gamedsl
from gamedsl import cards
from gamedsl.players.worlds import hidden_places, sample_world

from . import go_fish_oracle as oracle

ROOT = Path(__file__).resolve().parent.parent
MD = Path(__file__).resolve().parent / "data" / "go_fish.md"
TEXT = MD.read_text(encoding="utf-8")
POSITIONS, DECKS = oracle.read_blocks(TEXT)
SYMBOL = {s: cards.SUIT_TEXT[i] for i, s in enumerate(cards.SUIT_SYMBOL)}

_GAMES: dict[int, gamedsl.Game] = {}


def game(players: int) -> gamedsl.Game:
    if players not in _GAMES:
        _GAMES[players] = gamedsl.load_game(str(ROOT / "games" / "go_fish.game"), players=players)
    return _GAMES[players]


def engine_card(card: str) -> str:
    return card[:-1] + SYMBOL[card[-1]]


def text_card(card: str) -> str:
    return card[:-1] + cards.SUIT_SYMBOL[cards.SUIT_TEXT.index(card[-1])]


def position_yaml(st: dict) -> str:
    zones: dict[str, list[str]] = {}
    for p in oracle.players(st):
        zones[f"{p}.hand"] = [engine_card(c) for c in st["hand"][p]]
        zones[f"{p}.books"] = [engine_card(r + s) for r in st["books"][p] for s in oracle.SUITS]
    zones["stock"] = [engine_card(c) for c in st["stock"]]
    doc = {"turn": st["to_ask"] or "P1", "zones": zones}
    if st["to_ask"] is None:
        doc["over"] = True  # all 13 books are down
    return yaml.dump(doc, allow_unicode=True)


def load(name: str):
    st = POSITIONS[name]
    return game(st["n"]).load_position(position_yaml(st))


def state_of(st) -> dict:
    """An engine position in the oracle's form."""
    names = st.game.compiled.zones.names
    zones = {names[i]: [text_card(cards.CARD_TEXT[c]) for c in pile] for i, pile in enumerate(st.zones)}
    n = st.game.compiled.players
    seats = [f"P{i}" for i in range(1, n + 1)]
    books = {}
    for p in seats:
        ranks = [oracle.rank(c) for c in zones[f"{p}.books"]]
        assert all(ranks.count(r) == 4 for r in ranks), ranks  # books are whole ranks
        books[p] = sorted(set(ranks), key=oracle.RANKS.index)
    assert not zones["shown"] and not zones["drawn"]  # cards on their way are gone between moves
    return {"n": n, "to_ask": None if st.is_over else st.current_player, "stock": zones["stock"],
            "hand": {p: zones[f"{p}.hand"] for p in seats}, "books": books}


def ticks(text: str) -> list[str]:
    return re.findall(r"`([^`]+)`", text)


def played(start: str, moves: list[str]):
    st = load(start)
    for move in moves:
        st.play(move)
    return st


SEQUENCES = [(m.group(1), ticks(m.group(2)), m.group(3))
             for m in re.finditer(r"From ([\w-]+) play (.+?); the result is position ([\w-]+)", TEXT)]
REACHED = {result: (start, moves) for start, moves, result in SEQUENCES}
DEALS = [(m.group(1), int(m.group(2)), m.group(3))
         for m in re.finditer(r"Dealing (\S+) to (\d) players gives position ([\w-]+)", TEXT)]


def dealt(deck: list[str], players: int):
    """The deal's steps after the shuffle, on the deck in the text's order (card 1 on top), then
    what follows a deal: the automatic rules (books at the deal) and the end rules."""
    st = game(players).new_game(seed=0)
    c = st.game.compiled
    for pile in st.zones:
        pile.clear()
    st.zones[c.zones.by_name["stock"]].extend(cards.parse_card(engine_card(x)) for x in reversed(deck))
    for step in c.deal_steps[1:]:  # the shuffle (the first step) left out: the deck is the order
        step(st, random.Random(0), None)
    st._legal = None
    st._run_triggers(st.current)
    st._check_end(st.current)
    return st


def position(name: str):
    """A position of the text: played to from the one before it when the text says so, dealt
    when the text deals it, else loaded."""
    if name in REACHED:
        return played(*REACHED[name])
    for deck, players, result in DEALS:
        if result == name:
            return dealt(DECKS[deck], players)
    return load(name)


def test_the_oracle_agrees_with_the_text():
    assert oracle.check(MD)


def test_the_game_checks():
    assert gamedsl.load_game(str(ROOT / "games" / "go_fish.game")).title == "Go Fish"


@pytest.mark.parametrize("deck, players, result", DEALS, ids=[d[2] for d in DEALS])
def test_the_deals(deck, players, result):
    """Fact 1 and 2: D1 to 4 players is G0, D2 to 3 players is G0b (P3's book of 2s laid at once)."""
    st = dealt(DECKS[deck], players)
    assert oracle.norm(state_of(st)) == oracle.norm(POSITIONS[result])
    assert oracle.norm(oracle.deal(DECKS[deck], players)) == oracle.norm(POSITIONS[result])


@pytest.mark.parametrize("players, size", [(3, 7), (4, 5), (5, 5), (6, 5)])
def test_a_new_deal_gives_7_cards_with_3_players_else_5(players, size):
    for seed in range(3):
        st = game(players).new_game(seed=seed)
        shape = state_of(st)
        held = {p: len(shape["hand"][p]) + 4 * len(shape["books"][p]) for p in shape["hand"]}
        assert set(held.values()) == {size}
        assert len(shape["stock"]) == 52 - size * players
        assert shape["to_ask"] == "P1"


CLAIMS_LEGAL = [(m.group(1), int(m.group(2)), ticks(m.group(3)))
                for m in re.finditer(r"Legal moves in ([\w-]+) — exactly (\d+):(.*)", TEXT)]
CLAIMS_NOT = [(m.group(1), m.group(2)) for m in re.finditer(r"Not legal in ([\w-]+): `([^`]+)`", TEXT)]


@pytest.mark.parametrize("name, count, claimed", CLAIMS_LEGAL, ids=[c[0] for c in CLAIMS_LEGAL])
def test_legal_moves(name, count, claimed):
    for st in {id(s): s for s in (position(name), load(name))}.values():
        got = [str(m) for m in st.legal_moves()]
        assert len(got) == count == len(set(got))
        assert set(got) == set(claimed) == set(oracle.legal_moves(POSITIONS[name]))


@pytest.mark.parametrize("name, move", CLAIMS_NOT, ids=[f"{n}:{m}" for n, m in CLAIMS_NOT])
def test_not_legal(name, move):
    st = position(name)
    report = st.explain(move)
    assert not report.legal
    assert str(report)  # says why


def test_a_player_never_asks_themselves_and_out_players_are_not_asked():
    assert "cannot choose that" in str(load("G0").explain("ask P1 4"))  # `other than own`
    assert "conditions of 'ask P3 6' do not hold" in str(load("G4").explain("ask P3 6"))  # P3 is out
    assert "conditions of 'ask P2 Q' do not hold" in str(load("G0").explain("ask P2 Q"))  # no queen held


@pytest.mark.parametrize("start, moves, result", SEQUENCES, ids=[s[2] for s in SEQUENCES])
def test_sequences(start, moves, result):
    st = played(start, moves)
    assert oracle.norm(state_of(st)) == oracle.norm(POSITIONS[result])


def test_fact_3_step_by_step():
    """G1: a successful ask asks again; a book at once; a fish of the rank asked asks again."""
    st = load("G1")
    st.play("ask P3 7")
    assert st.current_player == "P1"
    st.play("ask P2 7")
    assert state_of(st)["books"]["P1"] == ["7"] and st.current_player == "P1"
    st.play("ask P4 Q")
    assert "Q♥" in state_of(st)["hand"]["P1"] and st.current_player == "P1"
    st.play("ask P4 9")
    assert st.current_player == "P2"


BOOKS = [(m.group(1), {p: int(k) for p, k in re.findall(r"(P\d) (\d+)", m.group(2))})
         for m in re.finditer(r"Books in ([\w-]+): ((?:P\d \d+(?:, )?)+)", TEXT)]
WINNERS = [(m.group(1), m.group(2).split(" and "))
           for m in re.finditer(r"Winners? of ([\w-]+): (P\d(?: and P\d)*)", TEXT)]


@pytest.mark.parametrize("name, books", BOOKS, ids=[b[0] for b in BOOKS])
def test_books(name, books):
    st = position(name)
    assert {p: st.value("book_count", p) for p in books} == books
    assert {p: len(b) for p, b in POSITIONS[name]["books"].items()} == books


@pytest.mark.parametrize("name, winners", WINNERS, ids=[w[0] for w in WINNERS])
def test_scores_and_winners(name, winners):
    st = position(name)
    assert st.is_over
    assert sorted(st.winners) == sorted(winners) == oracle.winners(POSITIONS[name])
    assert st.scores == {p: len(b) for p, b in POSITIONS[name]["books"].items()}


def test_a_game_over_has_no_moves():
    st = position("G5b")
    assert st.is_over and not list(st.legal_moves())


# ---- hidden information -----------------------------------------------------------------------

def public(st) -> set[str]:
    return {text_card(cards.CARD_TEXT[c]) for c in st.public}


def test_cards_handed_over_and_a_matching_fish_are_shown_and_nothing_else():
    st = load("G1")
    st.play("ask P3 7")
    assert public(st) == {"7♣"}  # handed over: shown; the asker's own 7s stay hidden
    st.play("ask P2 7")
    assert public(st) == {"7♣", "7♦"}
    st.play("ask P4 Q")
    assert public(st) == {"7♣", "7♦", "Q♥"}  # fished, of the rank asked: shown
    st.play("ask P4 9")
    assert "8♦" not in public(st)  # fished, another rank: not shown


def test_a_hand_is_seen_by_its_owner_only():
    st = load("G1")
    for seat in range(4):
        holes = {(z, i) for z, i in hidden_places(st, seat)}
        names = st.game.compiled.zones.names
        for zone_id, pile in enumerate(st.zones):
            name = names[zone_id]
            for i in range(len(pile)):
                seen = (zone_id, i) not in holes
                if name.endswith(".hand"):
                    assert seen == (name == f"P{seat + 1}.hand")
                elif name == "stock":
                    assert not seen
                else:
                    assert seen


def _swap_unknown(st, seat, rng):
    """A copy of `st` that looks the same to `seat`: two cards it cannot see trade places."""
    holes = hidden_places(st, seat)
    other = st.copy()
    (z1, i1), (z2, i2) = rng.sample(holes, 2)
    other.zones[z1][i1], other.zones[z2][i2] = other.zones[z2][i2], other.zones[z1][i1]
    return other


@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_computer_players_world_never_holds_a_card_it_could_not_know(players):
    """Worlds of a seat are the same, card for card, for two positions that differ only in cards
    that seat cannot see; the cards it knows (its own hand, books, cards shown) are where they are."""
    rng = random.Random(players)
    for seed in range(4):
        st = game(players).new_game(seed=seed)
        for _ in range(40):
            if st.is_over:
                break
            seat = rng.randrange(players)
            holes = hidden_places(st, seat)
            if len(holes) >= 2:
                other = _swap_unknown(st, seat, rng)
                w1 = sample_world(st, seat, random.Random(7))
                w2 = sample_world(other, seat, random.Random(7))
                assert w1.zones == w2.zones
                hole_set = set(holes)
                for z, pile in enumerate(st.zones):
                    for i, card in enumerate(pile):
                        if (z, i) not in hole_set:
                            assert w1.zones[z][i] == card
            st.play(rng.choice(list(st.legal_moves())))


# ---- random games against the oracle -----------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_end_with_the_cards_kept(players):
    for seed in range(3):
        st = game(players).new_game(seed=seed)
        rng = random.Random(seed * 10 + players)
        ours = state_of(st)
        for _ in range(2000):
            if st.is_over:
                break
            moves = [str(m) for m in st.legal_moves()]
            for move in moves:  # every text the engine writes reads back to its move
                assert str(st.parse_move(move)) == move
            assert sorted(moves) == sorted(oracle.legal_moves(ours))
            move = rng.choice(moves)
            st.play(move)
            expected = oracle.play(ours, move)
            ours = state_of(st)
            assert oracle.norm(ours) == oracle.norm(expected)
            assert sum(len(z) for z in st.zones) == 52
            assert len({c for z in st.zones for c in z}) == 52
        assert st.is_over
        assert sum(len(b) for b in ours["books"].values()) == 13
        assert sorted(st.winners) == oracle.winners(ours)
        assert st.scores == {p: len(b) for p, b in ours["books"].items()}


def test_computer_players_finish_a_deal():
    """A greedy and a Monte Carlo player (a small budget) play a deal to its end with a random one."""
    from gamedsl.players.greedy import GreedyPlayer
    from gamedsl.players.mcts import MctsPlayer
    from gamedsl.players.random_player import RandomPlayer

    st = game(3).new_game(seed=1)
    seats = [GreedyPlayer(seed=0, worlds=1), MctsPlayer(seed=1, iterations=8, depth=12), RandomPlayer(seed=2)]
    for _ in range(600):
        if st.is_over:
            break
        st.play(seats[int(st.current_player[1:]) - 1].choose(st))
    assert st.is_over
    assert sum(st.scores.values()) == 13
