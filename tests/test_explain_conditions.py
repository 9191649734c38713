"""`explain` names the `only when` line of a move that does not hold, with its file:line."""

from __future__ import annotations

import yaml

import gamedsl

GAME = '''game "T"
players 2
zones:
    deck: shared, pile, face down, holds 1 standard deck
    hand: each player, fan, face up to owner
    pile: shared, pile, face up
deal:
    shuffle deck
    deal 5 from deck to each hand
counter named: shared, holds a suit
move play "a card":
    from own hand to pile
    only when size of pile < 3
    only when named is none or the card is same suit as named
    only when the card is not a K
    then: end turn
match: one deal
'''


def at(tmp_path, pile: list[str]) -> gamedsl.State:
    path = tmp_path / "t.game"
    path.write_text(GAME, encoding="utf-8")
    doc = {"game": "T", "turn": "P1", "zones": {"P1.hand": ["KS", "7S", "2C"], "P2.hand": ["3C"], "pile": pile},
           "counters": {"named": "S"}}
    return gamedsl.load_game(path).load_position(yaml.safe_dump(doc))


def test_the_line_that_does_not_hold_is_quoted_with_its_place(tmp_path):
    state = at(tmp_path, ["4S"])
    assert [str(m) for m in state.legal_moves()] == ["7S P1.hand -> pile"]
    why = str(state.explain("2C P1.hand -> pile"))
    assert "'only when named is none or the card is same suit as named'" in why and "t.game:14" in why
    why = str(state.explain("KS P1.hand -> pile"))
    assert "'only when the card is not a K'" in why and "t.game:15" in why


def test_a_condition_on_the_position_is_named_too(tmp_path):
    state = at(tmp_path, ["4S", "5S", "6S"])
    why = str(state.explain("7S P1.hand -> pile"))
    assert "'only when size of pile < 3'" in why and "t.game:13" in why


def test_a_move_s_single_only_when_is_quoted_too(tmp_path):
    """One `only when` (no `and` of lines): quoted as well, not only the move's own line."""
    path = tmp_path / "one.game"
    path.write_text(GAME.replace("    only when size of pile < 3\n", "").replace(
        "    only when named is none or the card is same suit as named\n", ""), encoding="utf-8")
    doc = {"game": "T", "turn": "P1", "zones": {"P1.hand": ["KS", "7S"], "P2.hand": ["3C"], "pile": []}}
    state = gamedsl.load_game(path).load_position(yaml.safe_dump(doc))
    why = str(state.explain("KS P1.hand -> pile"))
    assert "'only when the card is not a K'" in why and "one.game:13" in why


PRIORITY = '''game "P"
players 2
zones:
    deck: shared, pile, face down, holds 1 standard deck
    hand: each player, fan, face up to owner
    pile: shared, pile, face up
    out: shared, pile, face up
deal:
    shuffle deck
    deal 3 from deck to each hand
move play "onto the pile":
    from own hand to pile
    only when the card is hearts
    then: end turn
move dump "out of the game":
    from own hand to out
    then: end turn
move done "stop":
    then: end turn
priority hearts_first "a heart goes onto the pile when it can, unless one stops":
    must play when possible, except done
match: one deal
'''


def test_a_priority_names_the_moves_it_asks_for_and_those_it_lets_through_apart(tmp_path):
    path = tmp_path / "p.game"
    path.write_text(PRIORITY, encoding="utf-8")
    doc = {"game": "P", "turn": "P1", "zones": {"P1.hand": ["KH", "7S"], "P2.hand": ["3C"]}}
    state = gamedsl.load_game(path).load_position(yaml.safe_dump(doc))
    assert {str(m) for m in state.legal_moves()} == {"KH P1.hand -> pile", "done"}
    why = str(state.explain("dump 7S P1.hand -> out"))
    assert "first play KH P1.hand -> pile (or done)" in why and "p.game:20" in why
