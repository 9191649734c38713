"""Card moves that carry a choice: `from own hand to pile` with `choosing a suit s` is one move
per card the building rules allow and per value offered, `(action, card, source, target,
value)`, written `eight 8H P1.hand -> pile choosing S` and read back; its effects read the
choice; the part of its `only when` that reads the choice is asked of each value."""

from __future__ import annotations

import random

import pytest
import yaml

import gamedsl
from gamedsl.errors import MoveError, RulesError
from .fences import code_blocks

NAMING = '''game "Naming"
players 3
zones:
    stock: shared, pile, face down, holds 1 standard deck
    pile: shared, pile, face up
    hand: each player, fan, face up to owner
    gift: each player, pile, face up
    stack[2]: shared, slot, face up
counter named: shared, holds a suit
counter given: each player, starts 0
counter level: shared, starts 0
counter passes: shared, starts 0
deal:
    shuffle stock
    deal 5 from stock to each hand
    deal 1 from stock to pile
build pile "an 8 on anything, anything on an 8, else the suit or the rank":
    empty: any
    on top: the top is an 8 or the card is an 8 or same suit or same rank
build stack "a king on an empty stack":
    empty: the card is a K
move play "any card but an 8, of the suit named if one is":
    from own hand to pile
    only when the card is not an 8 and (named is none or the card is same suit as named)
    then:
        set named to none
        end turn
move eight "an 8, naming the suit to follow; hearts only with the 8 of hearts":
    from own hand to pile
    choosing a suit s
    only when the card is an 8
    only when s is not hearts or the card is 8H
    then:
        set named to s
        end turn
move give "a card to another player, through your gift pile":
    from own hand to own gift
    choosing a player p other than own
    only when size of own hand = 6
    then:
        move top 1 of own gift to p's hand
        add 1 to p's given
        end turn
move king "a king to a stack, with a level":
    from own hand to stack
    choosing a number n from 1 to 2
    then:
        set level to n
        end turn
move draw "a card from the stock":
    from stock to own hand freely
    only when no other move is legal
move pass "nothing to play, nothing to draw":
    only when no other move is legal and stock is empty
    then:
        add 1 to passes
        end turn
end blocked "every player passed in a row":
    when passes >= 3
end out "a player has no card left":
    when some player: own hand is empty
'''


def load(tmp_path, text: str = NAMING) -> gamedsl.Game:
    path = tmp_path / "naming.game"
    path.write_text(text, encoding="utf-8")
    return gamedsl.load_game(str(path), players=3)


def position(game, hands: dict[str, list[str]], pile: list[str], counters: dict | None = None, turn: str = "P1"):
    hands = {"P2": ["2D"], "P3": ["3D"], **hands}
    zones: dict = {f"{p}.hand": cards for p, cards in hands.items()}
    zones["pile"] = pile
    doc: dict = {"turn": turn, "zones": zones}
    if counters:
        doc["counters"] = counters
    return game.load_position(yaml.dump(doc))


def texts(state) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def counters(state) -> dict:
    return yaml.safe_load(state.to_yaml())["counters"]


def test_each_card_move_once_with_each_value_the_condition_allows(tmp_path):
    game = load(tmp_path)
    st = position(game, {"P1": ["8C", "8H", "9D", "3S"]}, ["9S"])
    assert texts(st) == [
        "3S P1.hand -> pile", "9D P1.hand -> pile",
        "eight 8H P1.hand -> pile choosing S", "eight 8H P1.hand -> pile choosing H",
        "eight 8H P1.hand -> pile choosing D", "eight 8H P1.hand -> pile choosing C",
        "eight 8C P1.hand -> pile choosing S", "eight 8C P1.hand -> pile choosing D",
        "eight 8C P1.hand -> pile choosing C",
    ]


def test_the_move_carries_its_value_and_its_effects_read_it(tmp_path):
    game = load(tmp_path)
    st = position(game, {"P1": ["8C", "9D"], "P2": ["9H", "4D", "2S"]}, ["9S"])
    move = st.parse_move("eight 8C hand -> pile choosing D")
    assert move.chosen == "D" and move.card == "8C" and move.target == "pile"
    st.play(move)
    assert counters(st)["named"] == "D"
    assert st.current_player == "P2"
    assert texts(st) == ["4D P2.hand -> pile"]  # the suit named: diamonds only
    st.undo()
    assert counters(st)["named"] == "none" and st.current_player == "P1"


def test_texts_round_trip_and_choices_are_read_as_for_moves_of_choices(tmp_path):
    game = load(tmp_path)
    st = position(game, {"P1": ["8C", "8H", "9D"]}, ["9S"])
    for move in st.legal_moves():
        assert st.parse_move(str(move)) == move
    wanted = st.parse_move("eight 8C P1.hand -> pile choosing S")
    for text in ("8C hand -> pile choosing spades", "eight 8c hand to pile choosing ♠", "8C hand -> pile CHOOSING s"):
        assert st.parse_move(text) == wanted


@pytest.mark.parametrize("text, message", [
    ("eight 8C hand -> pile", "say what 'eight' chooses, e.g. 'eight 8C P1.hand -> pile choosing S'"),
    ("eight 8C hand -> pile choosing X", "'X' is not a suit (write 'eight … choosing H')"),
    ("eight 8C hand -> pile choosing", "write 'eight … choosing H'"),
    ("eight 8C hand -> pile choosing S D", "write 'eight … choosing H'"),
    ("9D hand -> pile choosing S", None),  # complete: explained below
    ("draw choosing S", "'draw' chooses nothing: leave out 'choosing …'"),
    ("8C pile choosing X", "'8C pile choosing X': write a card move as CARD FROM -> TO"),
])
def test_texts_that_say_too_little_or_too_much(tmp_path, text, message):
    game = load(tmp_path)
    st = position(game, {"P1": ["8C", "8H", "9D"]}, ["9S"])
    if message is None:
        assert not st.explain(text).legal
        return
    with pytest.raises(MoveError) as info:
        st.parse_move(text)
    assert message in str(info.value)


def test_explain_names_the_line_about_the_choice(tmp_path):
    game = load(tmp_path)
    st = position(game, {"P1": ["8C", "8H", "9D"]}, ["9S"])
    said = str(st.explain("eight 8C hand -> pile choosing H"))
    assert "illegal" in said and "when it chooses H" in said
    assert "'only when s is not hearts or the card is 8H' (" in said and "naming.game:32)" in said
    said = str(st.explain("eight 9D hand -> pile choosing S"))
    assert "do not hold for 9D" in said  # the card's own line, before any choice
    assert st.explain("eight 8H hand -> pile choosing H").legal


def test_a_player_chosen_receives_the_card(tmp_path):
    game = load(tmp_path)
    hand = ["2C", "3C", "4C", "5C", "6C", "7C"]
    st = position(game, {"P1": hand, "P2": ["9H"], "P3": ["2S"]}, ["KS"], turn="P1")
    gives = [str(m) for m in st.legal_moves() if m.action == "give"]
    assert gives[:2] == ["give 2C P1.hand -> P1.gift choosing P2", "give 2C P1.hand -> P1.gift choosing P3"]
    assert len(gives) == 12  # six cards, two players
    st.play("give 3C hand -> gift choosing P3")
    shown = yaml.safe_load(st.to_yaml())
    assert "3C" in shown["zones"]["P3.hand"] and "3C" not in shown["zones"]["P1.hand"]
    assert not shown["zones"].get("P1.gift")
    assert shown["counters"]["P3.given"] == 1 and shown["counters"]["P2.given"] == 0


def test_a_number_with_a_card_and_empty_piles_alike(tmp_path):
    game = load(tmp_path)
    st = position(game, {"P1": ["KD", "4C"]}, ["9S"])
    kings = [str(m) for m in st.legal_moves() if m.action == "king"]
    assert kings == ["king KD P1.hand -> stack1 choosing 1", "king KD P1.hand -> stack1 choosing 2"]
    # the second empty stack is the same place: the same move, its value kept
    assert st.parse_move("king KD hand -> stack2 choosing 2") == st.parse_move("king KD hand -> stack1 choosing 2")
    assert st.explain("king KD hand -> stack2 choosing 2").legal
    st.play("king KD hand -> stack2 choosing 2")
    assert counters(st)["level"] == 2
    assert not st.explain("king KD hand -> stack1 choosing 3").legal


def test_random_games_end_with_every_card_kept_and_every_text_read_back(tmp_path):
    game = load(tmp_path)
    for seed in range(6):
        st = game.new_game(seed)
        rng = random.Random(seed)
        steps = 0
        while not st.is_over and steps < 400:
            moves = list(st.legal_moves())
            for move in moves:
                assert st.parse_move(str(move)) == move
            st.play(rng.choice(moves))
            assert sum(len(z) for z in st.zones) == 52
            steps += 1
        assert st.is_over


def test_a_saved_game_replays(tmp_path):
    from gamedsl import records

    game = load(tmp_path)
    st = game.new_game(11)
    rng = random.Random(2)
    chose = 0
    while not st.is_over:
        move = st.play(rng.choice(list(st.legal_moves())))
        chose += move.chosen is not None
    assert chose  # the game played moves with choices
    saved = records.save(st, ["random"] * 3, tmp_path / "game.save")
    again, _ = records.load(saved)
    assert again.key() == st.key()


REFUSALS = [
    ("    from own hand to own gift\n    choosing a player p other than own\n",
     "    from own hand to p's gift\n    choosing a player p other than own\n",
     "the zones a move lists do not depend on its choice"),
    ("move draw \"a card from the stock\":\n    from stock to own hand freely\n",
     "move draw \"a card from the stock\":\n    taking 1 card from stock\n    to own hand\n    choosing a suit t\n",
     "plays cards taken: it cannot also take choices"),
]


@pytest.mark.parametrize("old, new, message", REFUSALS, ids=[r[2] for r in REFUSALS])
def test_refusals(tmp_path, old, new, message):
    assert NAMING.count(old) == 1
    with pytest.raises(RulesError) as info:
        load(tmp_path, NAMING.replace(old, new))
    rendered = str(info.value)
    assert message in rendered, rendered
    assert "naming.game:" in rendered and "^" in rendered


def test_the_example_of_language_md_loads_and_works(tmp_path):
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "grammar" / "LANGUAGE.md").read_text(encoding="utf-8")
    section = text[text.index("**A card move that carries a choice**"):text.index("**Several chosen cards.**")]
    block = code_blocks(section)[0].strip("\n")
    start, end = NAMING.index("move eight"), NAMING.index("move give")
    game = load(tmp_path, NAMING[:start] + block + "\n" + NAMING[end:])
    st = position(game, {"P1": ["8C", "8H", "9D"]}, ["9S"])
    assert [str(m) for m in st.legal_moves() if m.action == "eight"] == [
        "eight 8H P1.hand -> pile choosing S", "eight 8H P1.hand -> pile choosing H",
        "eight 8H P1.hand -> pile choosing D", "eight 8H P1.hand -> pile choosing C",
        "eight 8C P1.hand -> pile choosing S", "eight 8C P1.hand -> pile choosing D",
        "eight 8C P1.hand -> pile choosing C"]
    st.play("8C hand -> pile choosing D")
    assert counters(st)["named"] == "D"
