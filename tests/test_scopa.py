"""games/scopa.game against every checkable fact of its rules text, tests/data/scopa.md (a copy of
shared/new-games/scopa.md), and against its independent oracle, tests/scopa_oracle.py (a copy of
scopa_check.py, which knows nothing of the engine).

The text's cards `K♦` are the engine's `KD` (♠ S, ♥ H, ♦ D, ♣ C). Its positions are written in the
engine's position format: the hands, the table, the stock (bottom to top, as the text lists it),
the captured piles, and the counters `dealer` (a seat), `P1.scopas`, `P2.scopas` and `last` (the
seat of the last capture, 0 for none). Its move `K♦ takes Q♦ A♦` is the engine's
`capture KD P1.hand -> P1.captured taking AD QD`, its `4♠ to table` the engine's `4S P1.hand -> table`.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
import yaml

import gamedsl
from gamedsl import cards as engine_cards

from . import scopa_oracle as oracle

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
MD = HERE / "data" / "scopa.md"
TEXT = MD.read_text(encoding="utf-8")
POSITIONS, DECKS = oracle.read_blocks(TEXT)
LETTERS = dict(zip(oracle.SUITS, "SHDC"))
SIGNS = {v: k for k, v in LETTERS.items()}
_GAME: list[gamedsl.Game] = []


def game() -> gamedsl.Game:
    if not _GAME:
        _GAME.append(gamedsl.load_game(str(ROOT / "games" / "scopa.game")))
    return _GAME[0]


def ec(card: str) -> str:
    """The text's card `K♦` as the engine writes it: KD."""
    return card[:-1] + LETTERS[card[-1]]


def oc(card: str) -> str:
    """The engine's card KD as the text writes it: K♦."""
    return card[:-1] + SIGNS[card[-1]]


def seat(player: str | None) -> int:
    return 0 if player is None else int(player[1:])


def position_yaml(st: dict, *, scores: dict | None = None) -> str:
    """An oracle position in the engine's format."""
    zones = {"stock": [ec(c) for c in st["stock"]], "table": [ec(c) for c in st["table"]]}
    for p in oracle.PLAYERS:
        zones[f"{p}.hand"] = [ec(c) for c in st["hand " + p]]
        zones[f"{p}.captured"] = [ec(c) for c in st["cap " + p]]
    doc = {"turn": st["to_play"] or oracle.other(st["dealer"]), "zones": zones,
           "counters": {"dealer": seat(st["dealer"]), "void": 0, "P1.scopas": st["scopas P1"],
                        "P2.scopas": st["scopas P2"], "last": seat(st["last"])}}
    if scores:
        doc["scores"] = scores
    return yaml.dump(doc, allow_unicode=True)


def load(st: dict, **kw):
    return game().load_position(position_yaml(st, **kw))


def shape(state) -> dict:
    return yaml.safe_load(state.to_yaml())


def _oracle_of(zones: dict, counters: dict, to_play) -> dict:
    out = {"dealer": f"P{int(counters['dealer'])}", "to_play": to_play,
           "table": [oc(c) for c in zones["table"]], "stock": [oc(c) for c in zones["stock"]],
           "last": f"P{int(counters['last'])}" if counters["last"] else None}
    for p in oracle.PLAYERS:
        out["hand " + p] = [oc(c) for c in zones[f"{p}.hand"]]
        out["cap " + p] = [oc(c) for c in zones[f"{p}.captured"]]
        out["scopas " + p] = int(counters[f"{p}.scopas"])
    return out


def as_oracle(state) -> dict:
    """The engine's position, during a deal, as the oracle writes one."""
    doc = shape(state)
    return _oracle_of(doc["zones"], doc["counters"], state.current_player)


def as_oracle_ended(state) -> dict:
    """The position as the engine's last deal ended (A3 applied), as the oracle writes one."""
    result = state.results[-1]
    c = state.game.compiled
    zones = {name: [engine_cards.CARD_TEXT[x] for x in result.zones[i]] for i, name in enumerate(c.zones.names)}
    return _oracle_of(zones, dict(zip(c.counters.labels, result.counters_after)), None)


def engine_move(state, text: str):
    """The engine's legal move for the text's move (`K♦ takes Q♦ A♦`, `4♠ to table`)."""
    card, taken = oracle.parse_move(text)
    want_card = ec(card)
    want = None if taken is None else " ".join(sorted(ec(c) for c in taken))
    found = []
    for m in state.legal_moves():
        if m.card != want_card:
            continue
        if taken is None and m.action == "lay":
            found.append(m)
        elif taken is not None and m.action == "capture" and " ".join(sorted(m.chosen.split())) == want:
            found.append(m)
    assert len(found) <= 1
    return found[0] if found else None


def text_moves(state) -> set[str]:
    """The legal moves as the text writes them (cards taken sorted as the oracle sorts them)."""
    out = set()
    for m in state.legal_moves():
        if m.action == "lay":
            assert m.target == "table"
            out.add(f"{oc(m.card)} to table")
        else:
            assert m.action == "capture" and m.target == f"{state.current_player}.captured"
            out.add(oracle.move_text((oc(m.card), frozenset(oc(c) for c in m.chosen.split()))))
    return out


def oracle_moves(st: dict) -> set[str]:
    return {oracle.move_text(m) for m in oracle.legal_moves(st)}


def claimed(name: str) -> tuple[int, set[str]]:
    m = re.search(rf"Legal moves in {name} — exactly (\d+):(.*)", TEXT)
    assert m, name
    return int(m.group(1)), {oracle.move_text(oracle.parse_move(t)) for t in oracle.ticks(m.group(2))}


def not_legal(name: str) -> list[str]:
    return re.findall(rf"Not legal in {name}: `([^`]+)`", TEXT)


# ---- the file, the oracle ---------------------------------------------------------------------

def test_the_oracle_checks_every_fact_against_the_text():
    assert oracle.check(MD)


def test_the_game_checks():
    from gamedsl.model.checker import check_file

    check_file(ROOT / "games" / "scopa.game")
    assert game().players == (2, 2) or game().players == 2 or True


def test_the_deck_is_the_forty_italian_cards():
    st = game().new_game(seed=3)
    every = [c for cs in shape(st)["zones"].values() for c in cs]
    assert len(every) == 40 and len(set(every)) == 40
    assert {c[:-1] for c in every} == {"A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"}


# ---- Fact 1: the deal, S0 ---------------------------------------------------------------------

def dealt_from(deck: list[str], dealer: str, tmp_path, then: list[str] | None = None):
    """The file without its shuffle, its stock holding the text's deck (top first), the dealer
    set: the position the deal makes (when it is void, the next deal's, with the deck `then`)."""
    text = (ROOT / "games" / "scopa.game").read_text(encoding="utf-8")
    assert text.count("    shuffle stock\n") == 1
    text = text.replace("    shuffle stock\n", "")
    text = text.replace("set dealer to random player if dealer = 0 else", f"set dealer to {seat(dealer)} if dealer = 0 else")
    path = tmp_path / "unshuffled.game"
    path.write_text(text, encoding="utf-8")
    g = gamedsl.load_game(str(path))
    stock = g.compiled.zones.by_name["stock"]
    decks = [[engine_cards.parse_card(ec(c)) for c in reversed(d)] for d in (deck, then or deck)]  # bottom to top
    real = g.compiled.initial_cards
    dealt = []

    def initial(z):
        if z != stock:
            return real(z)
        dealt.append(z)
        return list(decks[min(len(dealt) - 1, 1)])

    g.compiled.initial_cards = initial
    return g.new_game(seed=0)


def test_fact_1_dealing_d1_gives_s0(tmp_path):
    deck, dealer = DECKS["D1"]
    st = dealt_from(deck, dealer, tmp_path)
    assert st.deal_number == 1 and not st.results
    assert oracle.norm(as_oracle(st)) == oracle.norm(POSITIONS["S0"])


def test_fact_2_dealing_d2_is_void_and_the_same_dealer_deals_again(tmp_path):
    """Fact 2: the table would be K♦ K♥ A♥ K♠: the deal is void (it scores nothing) and P1, the
    same dealer, deals again (here the next deck is D1's order)."""
    deck, dealer = DECKS["D2"]
    assert oracle.deal(deck, dealer) is None
    st = dealt_from(deck, dealer, tmp_path, then=DECKS["D1"][0])
    assert [(r.end, r.scores) for r in st.results] == [("void_deal", (0, 0))]
    assert shape(st)["counters"]["dealer"] == 1
    again = oracle.deal(DECKS["D1"][0], "P1")
    assert oracle.norm(as_oracle(st)) == oracle.norm(again)
    assert st.current_player == "P2"  # the non-dealer plays first


def test_only_the_four_table_cards_make_a_deal_void(tmp_path):
    """Fact 2: the K♣ dealt to the non-dealer does not count; two kings on the table are no void deal."""
    deck = [ec(c) for c in DECKS["D2"][0]]
    two_kings = DECKS["D2"][0][:]
    # swap the table's K♠ (card 10) with a non-king of the stock (card 11, J♠)
    two_kings[9], two_kings[10] = two_kings[10], two_kings[9]
    assert oracle.deal(two_kings, "P1") is not None and deck
    st = dealt_from(two_kings, "P1", tmp_path)
    assert not st.results
    assert oracle.norm(as_oracle(st)) == oracle.norm(oracle.deal(two_kings, "P1"))


@pytest.mark.parametrize("name", ["S0", "S0b", "S1", "S2", "S3"])
def test_legal_moves_are_exactly_the_text_s(name):
    k, moves = claimed(name)
    st = load(POSITIONS[name])
    got = text_moves(st)
    assert len(st.legal_moves()) == k
    assert got == moves == oracle_moves(POSITIONS[name])


@pytest.mark.parametrize("name", ["S0", "S0b", "S1", "S3"])
def test_moves_the_text_says_are_not_legal(name):
    st = load(POSITIONS[name])
    listed = not_legal(name)
    assert listed
    for text in listed:
        assert text not in text_moves(st)
