"""Moves that carry choices: `choosing a suit s`, `a rank r [of ORDER]`, `a player p [other than
own]`, `a number n from A to B` (and the old `for each n`, the same thing), several on one move;
conditions filter the choices offered, effects use them, texts read back; the checker refuses
what does not work."""

from __future__ import annotations

import random

import pytest
import yaml

import gamedsl
from gamedsl.errors import MoveError, RulesError
from .fences import code_blocks

ASKING = '''game "Asking"
players 3..4
cards:
    order high: 2 3 4 5 6 7 8 9 10 J Q K A
zones:
    deck: shared, pile, face down, holds 1 standard deck
    hand: each player, fan, face up to owner
    books: each player, pile, face up
deal:
    shuffle deck
    deal 5 from deck to each hand
counter asked: each player, starts 0
counter out: each player, starts 0
counter bid: shared, starts 0
counter last: shared, starts 0
eliminated: any player with own out = 1
move ask "ask another player for a rank you hold":
    choosing a player p other than own, a rank r
    only when own hand has r
    then:
        add 1 to p's asked
        set last to p
        move all of p's hand to own books
        turn to p
move bid "bid more than the bid":
    for each n from 1 to 3
    only when n > bid
    then: set bid to n
move raise "the same as bid, in the new spelling":
    choosing a number n from 1 to 3
    only when n > bid and n < 3
    then: set bid to n
move name "name a suit you do not hold":
    choosing a suit s
    only when own hand has no s
move high "name a rank, aces high, and anyone, yourself too":
    choosing a rank r of high, a player q
    only when q = own seat
match: one deal
'''


def load(tmp_path, text: str = ASKING, players: int = 3) -> gamedsl.Game:
    path = tmp_path / "asking.game"
    path.write_text(text, encoding="utf-8")
    return gamedsl.load_game(str(path), players=players) if players else gamedsl.load_game(str(path))


def position(game, hands: dict[str, list[str]], turn: str = "P1", counters: dict | None = None):
    zones = {f"{p}.hand": cards for p, cards in hands.items()}
    doc = {"turn": turn, "zones": zones}
    if counters:
        doc["counters"] = counters
    return game.load_position(yaml.dump(doc))


def texts(state, name: str) -> list[str]:
    return [str(m) for m in state.legal_moves() if m.action == name]


def test_a_player_and_a_rank_held(tmp_path):
    game = load(tmp_path)
    st = position(game, {"P1": ["7H", "7S", "QD"], "P2": ["7C"], "P3": ["2D"]})
    assert texts(st, "ask") == ["ask P2 7", "ask P2 Q", "ask P3 7", "ask P3 Q"]  # the first choice varies slowest


def test_the_choice_is_used_by_the_effects(tmp_path):
    game = load(tmp_path)
    st = position(game, {"P1": ["7H", "7S", "QD"], "P2": ["7C"], "P3": ["2D", "3D"]})
    st.play("ask P3 7")
    assert st.current_player == "P3"  # `turn to p`
    names = st.game.compiled.zones.by_name
    assert len(st.zones[names["P1.books"]]) == 2 and not st.zones[names["P3.hand"]]  # `p's hand`
    counters = yaml.safe_load(st.to_yaml())["counters"]
    assert counters["P3.asked"] == 1 and counters["P2.asked"] == 0 and counters["last"] == 3


def test_players_out_are_not_chosen(tmp_path):
    game = load(tmp_path, players=4)
    st = position(game, {"P1": ["7H"], "P2": ["7C"], "P3": ["2D"], "P4": ["3D"]}, counters={"P3.out": 1})
    assert texts(st, "ask") == ["ask P2 7", "ask P4 7"]
    assert not st.explain("ask P3 7").legal
    assert "out of the game" in str(st.explain("ask P3 7"))


def test_other_than_own_depends_on_the_mover(tmp_path):
    game = load(tmp_path)
    st = position(game, {"P1": ["2C"], "P2": ["7C"], "P3": ["2D"]}, turn="P2")
    assert texts(st, "ask") == ["ask P1 7", "ask P3 7"]


def test_numbers_old_and_new_spelling(tmp_path):
    game = load(tmp_path)
    st = position(game, {"P1": ["7H"]}, counters={"bid": 1})
    assert texts(st, "bid") == ["bid 2", "bid 3"]
    assert texts(st, "raise") == ["raise 2"]
    st.play("raise 2")


def test_a_suit_filtered_by_has_no(tmp_path):
    game = load(tmp_path)
    st = position(game, {"P1": ["7H", "8H", "9S"]})
    assert texts(st, "name") == ["name D", "name C"]
    assert st.parse_move("name d") == st.parse_move("name ♦") == st.parse_move("name diamonds")


def test_a_rank_of_an_order_and_any_player(tmp_path):
    game = load(tmp_path)
    st = position(game, {"P1": ["7H"]})
    assert texts(st, "high") == [f"high {r} P1" for r in "2 3 4 5 6 7 8 9 10 J Q K A".split()]  # in the order


def test_texts_read_back_and_bad_texts_are_refused(tmp_path):
    game = load(tmp_path)
    st = position(game, {"P1": ["7H", "10S"], "P2": ["7C"], "P3": ["2D"]})
    for move in st.legal_moves():
        assert st.parse_move(str(move)) == move
    assert str(st.parse_move("ask p2 t")) == "ask P2 10"
    for bad in ("ask P2", "ask 7 P2", "ask P2 7 8", "ask P2 X"):
        with pytest.raises(MoveError) as info:
            st.parse_move(bad)
        assert "ask P2 7" in str(info.value)  # what to write
    assert not st.explain("ask P2 Q").legal
    assert "do not hold" in str(st.explain("ask P2 Q"))


@pytest.mark.parametrize("players", [3, 4])
def test_random_play_round_trips_every_text(tmp_path, players):
    game = load(tmp_path, players=players)
    for seed in range(4):
        st = game.new_game(seed=seed)
        rng = random.Random(seed)
        for _ in range(30):
            if st.is_over or not st.legal_moves():
                break
            moves = list(st.legal_moves())
            for move in moves:
                assert st.parse_move(str(move)) == move
            st.play(rng.choice(moves))


# ---- the checker's refusals -------------------------------------------------------------------
REFUSALS = [
    ("    only when own hand has r\n", "    only when own hand has r and r > 2\n", "'>' needs an order"),
    ("        add 1 to p's asked\n", "        add 1 to r's asked\n", "is a rank chosen, not a player"),
    ("    only when own hand has no s\n", "    only when own hand has no t\n", "not a rank or a suit the move chooses"),
    ("    choosing a rank r of high, a player q\n", "    choosing a rank r of highs, a player q\n", "highs"),
    ("    choosing a rank r of high, a player q\n", "    choosing a rank r of high, a player r\n", "two choices named 'r'"),
    ("    choosing a suit s\n", "    choosing a suit bid\n", "already names something"),
    ("    choosing a player p other than own, a rank r\n", "    choosing a player p other than each, a rank r\n",
     "'other than own' only"),
    ("    choosing a number n from 1 to 3\n", "    choosing a number n from 3 to 1\n", "whole numbers"),
    ("    for each n from 1 to 3\n", "    for each n from 1 to 3\n    choosing a suit s\n", "'for each n' and 'choosing'"),
    ("move name \"name a suit you do not hold\":\n",
     "move name \"name a suit you do not hold\":\n    taking 1 card from own hand\n    to own books\n",
     "plays cards taken: it cannot also take choices"),
]


@pytest.mark.parametrize("old, new, message", REFUSALS, ids=[r[2] for r in REFUSALS])
def test_refusals(tmp_path, old, new, message):
    assert ASKING.count(old) == 1
    text = ASKING.replace(old, new)
    with pytest.raises(RulesError) as info:
        load(tmp_path, text)
    rendered = str(info.value)
    assert message in rendered, rendered
    assert "asking.game:" in rendered and "^" in rendered


def test_the_examples_of_language_md_load_and_work(tmp_path):
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "grammar" / "LANGUAGE.md").read_text(encoding="utf-8")
    section = text[text.index("**Moves that carry a choice.**"):text.index("**Several chosen cards.**")]
    block = code_blocks(section)[0]
    game_text = ASKING[:ASKING.index("move ask")] + block.strip("\n") + "\nmatch: one deal\n"
    game = load(tmp_path, game_text)
    st = position(game, {"P1": ["7H", "QD"], "P2": ["7C", "2S"], "P3": ["2D"]})
    assert texts(st, "ask") == ["ask P2 7", "ask P2 Q", "ask P3 7", "ask P3 Q"]
    assert texts(st, "bid") == ["bid 1", "bid 2", "bid 3"]
    st.play("ask P2 7")
    assert st.current_player == "P2"
    books = st.zones[st.game.compiled.zones.by_name["P1.books"]]
    assert len(books) == 2


NAMING = '''game "Naming"
players 2
zones:
    deck: shared, pile, face down, holds 1 standard deck
    hand: each player, fan, face up to owner
    pile: shared, pile, face up
deal:
    shuffle deck
    deal 5 from deck to each hand
counter named: shared, holds a suit
counter wanted: shared, holds a rank
move name "name a suit and a rank":
    choosing a suit s, a rank r
    only when named is none
    then: set named to s; set wanted to r
move play "a card of the named suit, or of the rank wanted":
    from own hand to pile
    only when the card is same suit as named or rank of the card = wanted
    then: end turn
match: one deal
'''


def test_a_suit_and_a_rank_chosen_are_values_a_counter_holds_and_a_card_is_judged_by(tmp_path):
    game = load(tmp_path, NAMING, players=2)
    doc = {"game": "Naming", "turn": "P1", "zones": {"P1.hand": ["KH", "7S", "2C", "9D"], "P2.hand": ["3C"],
                                                    "pile": ["4S"]}}
    state = game.load_position(yaml.safe_dump(doc))
    assert len([m for m in state.legal_moves() if str(m).startswith("name")]) == 4 * 13
    state.play("name H 7")
    out = yaml.safe_load(gamedsl.engine.position.to_yaml(state))
    assert out["counters"]["named"] == "H" and str(out["counters"]["wanted"]) == "7"
    assert {str(m) for m in state.legal_moves()} == {"KH P1.hand -> pile", "7S P1.hand -> pile"}


@pytest.mark.parametrize("line, message", [
    ("    then: set named to s; set wanted to r\n", "    then: set named to r; set wanted to s\n"),
    ("    then: set named to s; set wanted to r\n", "    then: set named to s; set wanted to r + 1\n"),
])
def test_a_suit_or_rank_chosen_is_no_number_and_not_the_other_kind(tmp_path, line, message):
    with pytest.raises(RulesError):
        load(tmp_path, NAMING.replace(line, message), players=2)
