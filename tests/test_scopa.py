"""games/scopa.game against every checkable fact of its rules text, tests/data/scopa.md (a copy of
shared/new-games/scopa.md), and against its independent oracle, tests/scopa_oracle.py (a copy of
scopa_check.py, which knows nothing of the engine).

The text's cards `K♦` are the engine's `KD` (♠ S, ♥ H, ♦ D, ♣ C). Its positions are written in the
engine's position format: the hands, the table, the stock (bottom to top, as the text lists it),
the captured piles, and the counters `dealer` (a seat), `P1.scopas`, `P2.scopas` and `last` (the
seat of the last capture, 0 for none). Its move `K♦ takes Q♦ A♦` is the engine's
`capture KD taking AD QD`, its `4♠ to table` the engine's `4S P1.hand -> table`.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as hs

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


def position_yaml(st: dict, *, scores: dict | None = None, over: bool = False) -> str:
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
    if over:
        doc["over"] = True
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
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "gamedsl", "check", str(ROOT / "games" / "scopa.game")],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0 and "ok (Scopa" in done.stdout, done.stdout + done.stderr


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


# ---- Facts 3, 5, 6: sequences and the positions they reach ------------------------------------

def sequence(claim_from: str) -> tuple[list[str], str]:
    m = re.search(rf"From {claim_from} play (.+?); the result is position ([\w-]+)", TEXT)
    assert m, claim_from
    return oracle.ticks(m.group(1)), m.group(2)


def play_text(state, text: str) -> None:
    move = engine_move(state, text)
    assert move is not None, (text, sorted(text_moves(state)))
    state.play(move)


def test_fact_3_the_first_hand_played_out_and_the_second_dealt():
    moves, result = sequence("S0")
    assert result == "S0b"
    st = load(POSITIONS["S0"])
    for text in moves:
        play_text(st, text)
    assert oracle.norm(as_oracle(st)) == oracle.norm(POSITIONS["S0b"])
    assert st.current_player == "P1"  # A2: the non-dealer plays next


def test_fact_3_six_takes_six_not_two_and_four():
    st = load(POSITIONS["S0"])
    moves, _ = sequence("S0")
    for text in moves[:-1]:
        play_text(st, text)
    assert sorted(oc(c) for c in shape(st)["zones"]["table"]) == sorted(["2♦", "6♣", "4♠"])
    sixes = {t for t in text_moves(st) if t.startswith("6♥")}
    assert sixes == {"6♥ takes 6♣"}


@pytest.mark.parametrize("start, result", [("S2", "S2b"), ("S3", "S3b")])
def test_facts_5_and_6_the_last_hand_and_the_deal_s_end(start, result):
    moves, named = sequence(start)
    assert named == result
    st = load(POSITIONS[start], scores={"P1": 0, "P2": 0})
    for text in moves:
        play_text(st, text)
    assert st.results and st.results[-1].end == "deal_over"
    assert oracle.norm(as_oracle_ended(st)) == oracle.norm(POSITIONS[result])
    # the end rule scores the deal points the text gives (S2b 3 and 3, S3b 1 and 5)
    points = text_numbers("Deal points", result)
    assert tuple(str(int(x)) for x in st.results[-1].scores) == points


def test_fact_5_the_scopas_one_by_one():
    """A1: 6♣ takes 2♥ 4♦ and 5♦ takes 3♠ 2♣ empty the table: a scopa each; the last card (K♣)
    is laid down, and A3 gives J♥ K♣ to P2 without a scopa."""
    moves, _ = sequence("S2")
    st = load(POSITIONS["S2"])
    counts = []
    for text in moves:
        play_text(st, text)
        if not st.results:
            counters = shape(st)["counters"]
            counts.append((counters["P1.scopas"], counters["P2.scopas"]))
    assert counts == [(1, 1), (1, 1), (1, 1), (1, 2), (1, 2)]


def test_fact_6_a_sweep_with_the_last_card_is_not_a_scopa():
    st = load(POSITIONS["S3"])
    play_text(st, "Q♠ takes 3♦ 4♥ 2♣")
    ended = as_oracle_ended(st)
    assert ended["scopas P2"] == 2 and ended["last"] == "P2"


# ---- Facts 5-7: the deal points ---------------------------------------------------------------

def load_ended(name: str):
    """An ended position of the text (S2b, S3b, S4) in the engine, as the deal left it (a
    position whose deal is over is loaded as `over`; the file's values read it)."""
    return load(POSITIONS[name], over=True)


def value(st, name: str, player: str):
    """A value of the file for a player, in the position as the deal ended."""
    return st.value(name, player)


def text_numbers(what: str, name: str) -> tuple[str, str]:
    m = re.search(rf"{what} in {name}: P1 (\w+), P2 (\w+)", TEXT)
    assert m, (what, name)
    return m.group(1), m.group(2)


@pytest.mark.parametrize("name", ["S2b", "S3b", "S4"])
def test_the_deal_points_broken_down_as_the_text_gives_them(name):
    pos = POSITIONS[name]
    st = load_ended(name)
    counts = text_numbers("Captured cards", name)
    assert tuple(str(value(st, "cards_count", p)) for p in oracle.PLAYERS) == counts
    coins = text_numbers("Coins", name)
    assert tuple(str(value(st, "coins", p)) for p in oracle.PLAYERS) == coins
    primiera = text_numbers("Primiera", name)
    assert tuple("none" if value(st, "primiera", p) < 0 else str(value(st, "primiera", p))
                 for p in oracle.PLAYERS) == primiera
    # who scores each point: the oracle's reading of the text
    _, detail = oracle.deal_points(pos)
    for point, (x, y) in (("cards_point", detail["cards"]), ("coins_point", detail["coins"])):
        assert (value(st, point, "P1"), value(st, point, "P2")) == ((1, 0) if x > y else (0, 1) if y > x else (0, 0))
    holder = "P1" if "7♦" in pos["cap P1"] else "P2"
    assert [value(st, "settebello_point", p) for p in oracle.PLAYERS] == [int(p == holder) for p in oracle.PLAYERS]
    a, b = detail["primiera"]
    won = ("P1" if a is not None and (b is None or a > b) else "P2" if b is not None and (a is None or b > a) else None)
    assert [value(st, "primiera_point", p) for p in oracle.PLAYERS] == [int(p == won) for p in oracle.PLAYERS]
    points = text_numbers("Deal points", name)
    assert tuple(str(int(value(st, "deal_points", p))) for p in oracle.PLAYERS) == points
    pts, _ = oracle.deal_points(pos)
    assert tuple(value(st, "deal_points", p) for p in oracle.PLAYERS) == (pts["P1"], pts["P2"])


# ---- Fact 8: the game to 11 -------------------------------------------------------------------

def s4_before_its_last_move() -> tuple[dict, list[str]]:
    """S4 one move earlier: P1 (the dealer) holds K♣, the table 3♣ 7♣; `K♣ takes 3♣ 7♣` (the
    last card of the deal: no scopa) makes S4."""
    pos = oracle.copy(POSITIONS["S4"])
    for c in ("K♣", "3♣", "7♣"):
        pos["cap P1"].remove(c)
    pos["hand P1"], pos["table"], pos["to_play"] = ["K♣"], ["3♣", "7♣"], "P1"
    return pos, ["K♣ takes 3♣ 7♣"]


def ending_like(name: str) -> tuple[dict, list[str]]:
    if name == "S4":
        return s4_before_its_last_move()
    start = {"S2b": "S2", "S3b": "S3"}[name]
    moves, _ = sequence(start)
    return POSITIONS[start], moves


MATCH_LINES = re.findall(r"After a deal like (S\w+)[^\n]*?Match: P1 (\d+) \+ (\d+) = (\d+), P2 (\d+) \+ (\d+) = (\d+) → "
                         r"(P1 wins|P2 wins|another deal)", TEXT)


def test_fact_8_is_read_whole():
    assert len(MATCH_LINES) == 6


@pytest.mark.parametrize("line", MATCH_LINES, ids=[f"{m[0]}-{m[1]}-{m[4]}" for m in MATCH_LINES])
def test_fact_8_the_game_to_11(line):
    name, a, b, c, d, e, f, outcome = line
    pos, moves = ending_like(name)
    st = load(pos, scores={"P1": int(a), "P2": int(d)})
    for text in moves:
        play_text(st, text)
    assert st.results[-1].scores == (int(b), int(e))
    assert st.scores == {"P1": int(c), "P2": int(f)}
    assert oracle.match_result(int(c), int(f)) == outcome
    if outcome == "another deal":
        assert not st.is_over and len(st.results) == 1 and st.current_player is not None
        # the other player deals the next deal (Players), and the non-dealer plays first
        dealer = shape(st)["counters"]["dealer"]
        assert dealer == 3 - seat(pos["dealer"]) and st.current_player == f"P{3 - dealer}"
    else:
        assert st.is_over and st.winners == [outcome.split()[0]]


# ---- the engine against the oracle on random play ---------------------------------------------

def oracle_move_of(st: dict, move) -> tuple:
    if move.action == "lay":
        return (oc(move.card), None)
    return (oc(move.card), frozenset(oc(c) for c in move.chosen.split()))


@pytest.mark.parametrize("seed", range(12))
def test_random_deals_agree_with_the_oracle_move_by_move(seed):
    """From a shuffled deal, random moves: after each the legal sets are the oracle's and the
    positions agree; at the end of the deal, the last cards, the scopas and the deal points."""
    rng = random.Random(seed)
    st = game().new_game(seed=seed)
    first_results = len(st.results)  # a void first deal: its result is kept, the next deal is played
    ost = as_oracle(st)
    for _ in range(36):
        assert text_moves(st) == oracle_moves(ost)
        move = st.legal_moves()[rng.randrange(len(st.legal_moves()))]
        ost = oracle.play(ost, oracle_move_of(ost, move))
        st.play(move)
        if len(st.results) > first_results:
            break
        assert oracle.norm(as_oracle(st)) == oracle.norm(ost)
    assert len(st.results) == first_results + 1 and ost["to_play"] is None
    assert oracle.norm(as_oracle_ended(st)) == oracle.norm(ost)
    pts, _ = oracle.deal_points(ost)
    assert st.results[-1].scores == (pts["P1"], pts["P2"])


@pytest.mark.parametrize("seed", range(3))
def test_random_matches_end_conserve_the_cards_and_replay_by_seed(seed):
    def run():
        rng = random.Random(seed)
        st = game().new_game(seed=seed)
        texts = []
        for _ in range(5000):
            if st.is_over:
                break
            every = [c for cs in shape(st)["zones"].values() for c in cs]
            assert len(every) == 40 and len(set(every)) == 40
            moves = st.legal_moves()
            move = moves[rng.randrange(len(moves))]
            texts.append(str(move))
            assert st.parse_move(str(move)) == move  # move texts read back
            st.play(move)
        assert st.is_over
        return texts, st.scores, st.winners

    first = run()
    assert run() == first
    texts, scores, winners = first
    top = max(scores.values())
    assert top >= 11 and len(winners) == 1 and scores[winners[0]] == top
    assert sorted(scores.values())[0] < top  # equal totals play on


# ---- what `explain` says of the moves the text calls illegal ----------------------------------

def written(text: str, player: str) -> str:
    """The text's move as a player may type it: `KD takes QD AD`, `KD to table` (the move's one
    source and target filled in)."""
    card, taken = oracle.parse_move(text)
    if taken is None:
        return f"{ec(card)} to table"
    return f"{ec(card)} takes " + " ".join(ec(c) for c in taken)


@pytest.mark.parametrize("name", ["S0", "S0b", "S1", "S3"])
def test_explain_names_the_rule_the_text_gives(name):
    st = load(POSITIONS[name])
    lines = re.findall(rf"Not legal in {name}: `([^`]+)` — (F1|F2|M1|M2)", TEXT)
    assert lines
    for text, rule in lines:
        verdict = st.explain(written(text, st.current_player))
        assert not verdict.legal, text
        if rule in ("F1", "F2"):
            assert verdict.rule.name == rule, (text, str(verdict))
            assert "first play capture" in verdict.reason
        else:  # M1, M2: the cards taken do not add up to the card's value
            assert verdict.rule.name == "capture", (text, str(verdict))
            assert re.search(r"makes? \d+, not \d+", verdict.reason), str(verdict)


def test_a_capture_reads_back_in_every_spelling():
    st = load(POSITIONS["S0"])
    want = "capture KD taking AD QD"
    for text in (want, "capture KD taking QD AD", "KD takes Q♦ A♦", "capture K♦ hand -> captured taking ad qd"):
        assert str(st.parse_move(text)) == want
    assert str(st.parse_move("4♠ to table")) == "4S P1.hand -> table"
    for move in st.legal_moves():
        assert st.parse_move(str(move)) == move


# ---- the computer players ---------------------------------------------------------------------

def test_mcts_gains_more_deal_points_than_random():
    """Single deals (the match to 1), seats alternating: the Monte Carlo player with 20
    simulations a move against random. Measured over whole matches (`gamedsl simulate scopa
    --games 8 --seats mcts:50,random --rotate --seed 1`): mcts won 7 of 8."""
    from gamedsl.players import ComputerSeat

    g = gamedsl.load_game(str(ROOT / "games" / "scopa.game"), options={"target": 1})
    mine = theirs = 0.0
    for seed in range(4):
        st = g.new_game(seed)
        at = seed % 2  # the seat mcts plays
        seats = [ComputerSeat("mcts:20", seed), ComputerSeat("random", seed)]
        seats = seats if at == 0 else seats[::-1]
        first = len(st.results)
        while len(st.results) == first or st.results[-1].end != "deal_over":
            st.play(seats[st.current].choose(st))
        deal = st.results[-1].scores
        mine, theirs = mine + deal[at], theirs + deal[1 - at]
    assert mine > theirs


# ---- random positions, not only those random play reaches --------------------------------------

DECK = [r + s for s in oracle.SUITS for r in oracle.RANKS]


@settings(max_examples=40, deadline=None)
@given(hs.permutations(DECK), hs.integers(1, 3), hs.integers(0, 9), hs.integers(0, 6))
def test_random_tables_and_hands_give_the_oracle_s_moves_and_positions(deck, hand, table, stock):
    """Any hand of 1-3 cards against any table of up to 9: the legal moves are the oracle's
    (F1, F2 card by card), and after each the positions agree (scopas, last capture, new hands)."""
    stock_cards = deck[:stock * 6]
    rest = deck[stock * 6:]
    st = {"dealer": "P2", "to_play": "P1", "hand P1": rest[:hand], "hand P2": rest[hand:2 * hand],
          "table": rest[2 * hand:2 * hand + table], "stock": stock_cards,
          "cap P1": rest[2 * hand + table::2], "cap P2": rest[2 * hand + table + 1::2],
          "scopas P1": 0, "scopas P2": 1, "last": "P2"}
    engine = load(st)
    assert text_moves(engine) == oracle_moves(st)
    move = engine.legal_moves()[0]
    after = oracle.play(st, oracle_move_of(st, move))
    engine.play(move)
    if after["to_play"] is None:
        assert oracle.norm(as_oracle_ended(engine)) == oracle.norm(after)
    else:
        assert oracle.norm(as_oracle(engine)) == oracle.norm(after)
