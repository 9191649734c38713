"""Climb (tests/games/climbing.game, rules tests/data/climbing.md): combinations told apart by
their cards. The facts of the rules text played through the game file, and the engine's exact
legal sets compared with an independent brute-force oracle (tests/climbing_oracle.py, written
from the rules text alone) on random positions of every table kind and on every position of
random games."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

import gamedsl
from gamedsl import cards
from gamedsl.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError

from . import climbing_oracle as oracle

GAME_FILE = Path(__file__).parent / "games" / "climbing.game"
DECK = list(oracle.DECK)
_GAME: list = []


def game() -> gamedsl.Game:
    if not _GAME:
        _GAME.append(gamedsl.load_game(str(GAME_FILE)))
    return _GAME[0]


def position(hand: list[str], table: tuple[str, list[str]] | None = None, first_lead: bool = False,
             passes: int = 0):
    """P1 to move with `hand`; the table play (kind, cards), if any; the others hold the rest."""
    used = set(hand) | set(table[1] if table else ())
    rest = [c for c in DECK if c not in used]
    doc = {"turn": "P1", "zones": {"P1.hand": list(hand), "P2.hand": rest[0::3], "P3.hand": rest[1::3],
                                   "P4.hand": rest[2::3], "table": list(table[1]) if table else []},
           "counters": {"plays": 0 if first_lead else 1, "passes": passes}}
    if table:
        doc["combinations"] = {"table": table[0]}
    return game().load_position(yaml.safe_dump(doc))


def as_oracle(move) -> object:
    """An engine move as the oracle writes it: "pass" or (kind, frozenset(cards))."""
    if move.action == "pass":
        return "pass"
    kind, *played = str(move).split()
    return (kind, frozenset(played))


def engine_moves(state) -> set:
    moves = [as_oracle(m) for m in state.legal_moves()]
    assert len(moves) == len(set(moves)), "a move listed twice"
    return set(moves)


def texts(state) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def oracle_view(state) -> tuple[list[str], tuple | None, bool]:
    """The position as the oracle takes it: the mover's hand, the table play, the first lead."""
    doc = yaml.safe_load(state.to_yaml())
    hand = doc["zones"][f"P{state.current + 1}.hand"]
    table = doc["zones"]["table"]
    kind = (doc.get("combinations") or {}).get("table")
    return hand, (kind, table) if table else None, doc["counters"]["plays"] == 0


def table_cards(state) -> list[str]:
    return yaml.safe_load(state.to_yaml())["zones"]["table"]


# ---- the game file ------------------------------------------------------------------------

def test_the_game_file_passes_check():
    run = subprocess.run([sys.executable, "-m", "gamedsl", "check", str(GAME_FILE)], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "ok" in run.stdout


# ---- Exact cards -----------------------------------------------------------------------------

def test_two_pairs_of_sevens_are_two_moves_with_their_own_text():
    state = position(["7C", "7H", "7S", "9D"])
    found = texts(state)
    assert {"pair 7C 7H", "pair 7C 7S", "pair 7H 7S", "triple 7C 7H 7S"} <= found
    assert "single 7H" in found and "single 7S" in found


def test_a_play_text_reads_back_in_any_order():
    state = position(["7C", "7H", "7S", "9D"])
    for move in state.legal_moves():
        assert state.game.codec.internal(move) == state.game.codec.internal(gamedsl.Move(move.action, text=str(move)))
    played = state.play("pair 7S 7H")
    assert str(played) == "pair 7H 7S"
    assert sorted(table_cards(state)) == ["7H", "7S"]


def test_cards_that_read_two_ways_need_their_kind():
    state = position(["9H", "10H", "JH", "QH", "KH", "3D"])
    assert {"run 9H 10H JH QH KH", "straight_flush 9H 10H JH QH KH"} <= texts(state)
    with pytest.raises(AmbiguousMoveError):
        state.play("9H 10H JH QH KH")
    with pytest.raises(IllegalMoveError, match="9H 10H is not a pair"):
        state.play("pair 9H 10H")
    with pytest.raises(InvalidMoveError):
        state.play("pair 9H 1OH")


# ---- Combinations: each kind ---------------------------------------------------------------

def test_every_kind_is_found():
    state = position(["3C", "4C", "5C", "6C", "7C", "9C", "3D", "3H", "3S", "5D", "5H", "KD", "2S"])
    kinds = {kind for kind, _ in (m for m in engine_moves(state) if m != "pass")}
    assert kinds == {"single", "pair", "triple", "run", "straight", "flush", "full_house", "four", "straight_flush"}


def test_runs_are_of_one_suit_and_the_ace_is_low_and_high_without_wrapping():
    found = texts(position(["AH", "2H", "3H", "QH", "KH", "4D"]))
    assert "run AH 2H 3H" in found and "run QH KH AH" in found
    assert "run KH AH 2H" not in found  # no wrapping
    assert not any(t.startswith("run") and "4D" in t for t in found)  # one suit


def test_a_run_may_be_longer_than_three():
    found = texts(position(["3S", "4S", "5S", "6S"]))
    assert {"run 3S 4S 5S", "run 4S 5S 6S", "run 3S 4S 5S 6S"} <= found


def test_a_straight_is_not_all_of_one_suit_and_a_flush_not_in_a_row():
    found = texts(position(["AH", "2H", "3H", "4H", "5H", "5C"]))
    assert "straight AH 2H 3H 4H 5C" in found and "straight_flush AH 2H 3H 4H 5H" in found
    assert "straight AH 2H 3H 4H 5H" not in found and "flush AH 2H 3H 4H 5H" not in found


def test_three_or_four_in_a_row_are_never_a_straight():
    found = texts(position(["3H", "4D", "5S", "6C"]))
    assert not any(t.startswith(("straight", "run")) for t in found)


# ---- Beating a play ------------------------------------------------------------------------

def test_singles_by_rank_then_suit():
    found = texts(position(["7C", "7S", "8C", "3D"], ("single", ["7H"])))
    assert found == {"single 7S", "single 8C", "pass"}


def test_a_pair_by_rank_then_its_higher_suit():
    found = texts(position(["9C", "9S", "9D", "3D"], ("pair", ["8H", "8S"])))
    assert found == {"pair 9C 9D", "pair 9D 9S", "pair 9C 9S", "pass"}


def test_a_pair_of_the_same_rank_beats_only_with_a_higher_suit():
    state = position(["9C", "9S", "3D"], ("pair", ["9D", "9H"]))
    assert texts(state) == {"pair 9C 9S", "pass"}
    state = position(["9C", "9D", "3D"], ("pair", ["9H", "9S"]))
    assert texts(state) == {"pass"}


def test_a_run_beats_only_a_run_of_its_length():
    state = position(["5S", "6S", "7S", "8S", "3D"], ("run", ["4H", "5H", "6H"]))
    assert texts(state) == {"run 5S 6S 7S", "run 6S 7S 8S", "pass"}


def test_the_ace_low_straight_is_below_two_to_six_and_ten_to_ace_is_highest():
    state = position(["2C", "3D", "4H", "5S", "6C", "10D", "JD", "QH", "KS", "AC"], ("straight", ["AH", "2S", "3C", "4D", "5H"]))
    found = texts(state)
    assert "straight 2C 3D 4H 5S 6C" in found and "straight 10D JD QH KS AC" in found
    state = position(["2C", "3D", "4H", "5S", "6C"], ("straight", ["10H", "JS", "QC", "KD", "AD"]))
    assert texts(state) == {"pass"}


def test_five_card_classes():
    hand = ["3C", "3D", "3H", "3S", "4D", "5H", "6S", "7C", "9H", "10H", "QH", "KH", "5C"]
    state = position(hand, ("flush", ["4S", "7S", "8S", "9S", "JS"]))
    kinds = {m[0] for m in engine_moves(state) if m != "pass"}
    assert kinds == {"flush", "full_house", "four"}  # no straight (a lower class), no pair
    state = position(["3C", "4C", "5C", "6C", "7C"], ("four", ["2C", "2D", "2H", "2S", "3D"]))
    assert texts(state) == {"straight_flush 3C 4C 5C 6C 7C", "pass"}  # a run of 5 is no five-card kind


def test_a_straight_flush_never_beats_a_run_of_five():
    state = position(["8D", "9D", "10D", "JD", "QD"], ("run", ["3C", "4C", "5C", "6C", "7C"]))
    assert texts(state) == {"run 8D 9D 10D JD QD", "pass"}


def test_a_flush_by_its_highest_card():
    state = position(["3D", "5D", "7D", "9D", "KD"], ("flush", ["4H", "6H", "8H", "10H", "KH"]))
    assert texts(state) == {"pass"}  # KD is below KH
    state = position(["3S", "5S", "7S", "9S", "KS"], ("flush", ["4H", "6H", "8H", "10H", "KH"]))
    assert texts(state) == {"flush 3S 5S 7S 9S KS", "pass"}


# ---- Players, deal and turns -----------------------------------------------------------------

def test_the_holder_of_3c_leads_and_the_first_lead_includes_it():
    for seed in range(5):
        state = game().new_game(seed)
        holder = next(p for p in range(4) if cards.parse_card("3C") in state.zones[state._c.zones.by_name[f"P{p + 1}.hand"]])
        assert state.current == holder
        moves = engine_moves(state)
        assert moves and all(m != "pass" and "3C" in m[1] for m in moves)


def test_a_leader_may_not_pass_and_a_follower_may():
    assert "pass" not in texts(position(["5C", "6D"]))
    assert "pass" in texts(position(["5C", "6D"], ("single", ["2S"])))


def test_three_passes_clear_the_table_and_the_player_leads_again():
    state = game().new_game(1)
    first = state.current
    state.play(next(m for m in state.legal_moves() if str(m).startswith("single")))
    for _ in range(3):
        assert "pass" in texts(state)
        state.play("pass")
    assert state.current == first
    assert table_cards(state) == []
    assert "pass" not in texts(state)


def test_explain_names_the_rule():
    state = position(["9C", "9D", "3D", "4S"], ("pair", ["9H", "9S"]))
    why = state.explain("pair 9C 9D")
    assert not why.legal and "does not beat pair 9H 9S" in why.reason and why.rule.name == "play"
    state = position(["3C", "4S", "5S"], first_lead=True)
    why = state.explain("single 4S")
    assert not why.legal and "must include 3C" in why.reason
    why = state.explain("pair 4S 5S")
    assert not why.legal and "not a pair" in why.reason and why.rule.name == "pair"


# ---- against the oracle ------------------------------------------------------------------------

# The oracle tries every subset of the hand (about 1.7 s for 13 cards): hypothesis draws hands
# of up to 10 cards; full hands of 13 come from seeded shuffles.
hands = st.integers(1, 10).flatmap(lambda n: st.lists(st.sampled_from(DECK), min_size=n, max_size=n, unique=True))


def check_against_oracle(hand, table, first_lead):
    state = position(hand, table, first_lead)
    expected = oracle.legal_moves(hand, table, first_lead)
    assert engine_moves(state) == expected


@settings(max_examples=25, deadline=None)
@given(hand=hands)
def test_leads_match_the_oracle(hand):
    check_against_oracle(hand, None, False)


@settings(max_examples=15, deadline=None)
@given(hand=hands.map(lambda h: h if "3C" in h else ["3C", *h[1:]]))
def test_first_leads_match_the_oracle(hand):
    check_against_oracle(hand, None, True)


RUN = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def random_play(kind: str, rng: random.Random) -> list[str]:
    """A random play of that kind (checked by the oracle: it forms that kind)."""
    while True:
        suit = rng.choice("CDHS")
        rank = rng.choice(oracle.RANKS)
        suits = rng.sample("CDHS", 4)
        if kind == "single":
            found = [rank + suit]
        elif kind in ("pair", "triple"):
            found = [rank + s for s in suits[:2 if kind == "pair" else 3]]
        elif kind in ("run", "straight", "straight_flush"):
            length = rng.randint(3, 6) if kind == "run" else 5
            start = rng.randrange(len(RUN) - length + 1)
            found = [r + (suit if kind != "straight" else rng.choice("CDHS")) for r in RUN[start:start + length]]
        elif kind == "flush":
            found = [r + suit for r in rng.sample(oracle.RANKS, 5)]
        else:
            other = rng.choice([r for r in oracle.RANKS if r != rank])
            if kind == "full_house":
                found = [rank + s for s in suits[:3]] + [other + s for s in rng.sample("CDHS", 2)]
            else:
                found = [rank + s for s in "CDHS"] + [other + rng.choice("CDHS")]
        if len(set(found)) == len(found) and kind in [k for k, _ in oracle.kinds_of(found)]:
            return found


def table_and_hand(kind: str, size: int, rng: random.Random) -> tuple[tuple[str, list[str]], list[str]]:
    table = random_play(kind, rng)
    rest = [c for c in DECK if c not in table]
    rng.shuffle(rest)
    return (kind, sorted(table)), rest[:size]


@settings(max_examples=40, deadline=None)
@given(size=st.integers(1, 10), kind=st.sampled_from(oracle.KINDS), seed=st.integers(0, 10_000))
def test_answers_to_every_kind_match_the_oracle(size, kind, seed):
    table, hand = table_and_hand(kind, size, random.Random(seed))
    check_against_oracle(hand, table, False)


@pytest.mark.parametrize("kind", oracle.KINDS)
def test_answers_with_full_hands_match_the_oracle(kind):
    table, hand = table_and_hand(kind, 13, random.Random(kind))
    check_against_oracle(hand, table, False)


def test_full_hands_rich_in_kinds_match_the_oracle():
    # every kind in one hand, led and answered
    hand = ["3C", "4C", "5C", "6C", "7C", "9C", "3D", "3H", "3S", "5D", "5H", "KD", "2S"]
    check_against_oracle(hand, None, False)
    check_against_oracle(hand, None, True)
    check_against_oracle(hand, ("straight", ["9D", "10S", "JH", "QH", "KS"]), False)


def play_out(seed: int, check=None) -> gamedsl.State:
    state = game().new_game(seed)
    rng = random.Random(seed)
    steps = 0
    while not state.over:
        if check is not None:
            check(state)
        state.play_random(rng)
        steps += 1
        assert steps < 1000, "the game does not end"
    return state


def test_every_position_of_random_games_matches_the_oracle():
    def check(state):
        hand, table, first_lead = oracle_view(state)
        assert engine_moves(state) == oracle.legal_moves(hand, table, first_lead)

    for seed in range(1):
        play_out(seed, check)


def test_random_games_end_conserve_cards_and_replay():
    for seed in range(10, 20):
        state = play_out(seed)
        assert sorted(c for z in state.zones for c in z) == sorted(cards.standard_deck())
        assert sum(1 for p in range(4) if not state.zones[state._c.zones.by_name[f"P{p + 1}.hand"]]) == 1
        again = play_out(seed)
        assert [f.move for f in again.history] == [f.move for f in state.history]


def test_a_playout_is_the_game_play_random_plays():
    for seed in range(3):
        recorded, unrecorded = game().new_game(seed), game().new_game(seed)
        first, second = random.Random(seed), random.Random(seed)
        made = 0
        while not recorded.is_over:
            recorded.play_random(first)
            made += 1
        assert unrecorded.playout(second, limit=3000) == made
        assert unrecorded.key() == recorded.key() and unrecorded.scores == recorded.scores


def test_every_move_undoes_exactly_and_positions_round_trip():
    state = game().new_game(4)
    rng = random.Random(4)
    while not state.is_over:
        before_key, before_yaml = state.key(), state.to_yaml()
        again = game().load_position(before_yaml)
        assert again.legal_moves().texts() == state.legal_moves().texts()
        move = rng.choice(list(state.legal_moves()))
        assert state.parse_move(str(move)) == move
        state.play(move)
        state.undo()
        assert state.key() == before_key and state.to_yaml() == before_yaml
        state.play(move)


def test_hands_are_seen_by_their_owner_only():
    state = game().new_game(2)
    zones = state.observation("P1")["zones"]
    assert all(card != "??" for card in zones["P1.hand"]) and len(zones["P1.hand"]) == 13
    assert all(set(zones[f"P{p}.hand"]) == {"??"} for p in (2, 3, 4))


def test_the_rules_graph_draws_the_class_of_five_card_kinds():
    from gamedsl.graphs import rules_graph
    graph = rules_graph(game())
    assert graph.has_edge("combination:straight_flush", "combination:straight")
    assert "class five_card" in str(graph.edges["combination:four", "combination:flush"])
    assert not graph.has_edge("combination:straight_flush", "combination:run")
