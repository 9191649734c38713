"""Groups, faces and piles bound to suits (issue 16, points 5 and 6): `with the cards on top
[, if any] [, never a whole pile into an empty one] [while …]`, `with the whole pile`, `deal …
face up`, `face_down:` in positions, `one per suit` and `the card is the pile's suit`."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import gamedsl
from gamedsl.errors import PositionError, RulesError

GAME = """game "groups"
players 1

cards:
    order building: A 2 3 4 5 6 7 8 9 10 J Q K
    colour red: H D
    colour black: S C

zones:
    stock: shared, pile, face down, holds 1 standard deck
    waste: shared, pile, face up
    tableau[3]: shared, pile, face down, top face up, turned cards stay up, empty piles differ
    foundation[4]: shared, pile, face up, one per suit

deal:
    shuffle stock
    deal 2 from stock to tableau 1 face down
    deal 3 from stock to tableau 1 face up

build tableau:
    empty: {empty}
    on top: other colour, one down in building

build foundation:
    empty: the card is an A and the card is the pile's suit
    on top: same suit, one up in building

move shift:
    from tableau to tableau
    {group}

move home:
    from tableau, waste to foundation

move turn:
    from stock to waste
{extra}
end over:
    when stock is empty and waste is empty
    the player loses
    each player scores 0
match: one deal
"""

DEFAULTS = {"empty": "the card is a K", "group": "with the cards on top, if any", "extra": ""}


def load(tmp_path: Path, **lines: str) -> gamedsl.Game:
    path = tmp_path / "groups.game"
    path.write_text(GAME.format(**{**DEFAULTS, **lines}), encoding="utf-8")
    return gamedsl.load_game(str(path))


def refused(tmp_path: Path, **lines: str) -> str:
    with pytest.raises(RulesError) as caught:
        load(tmp_path, **lines)
    return str(caught.value)


def at(game: gamedsl.Game, zones: dict, **more) -> gamedsl.State:
    return game.load_position(yaml.safe_dump({"turn": "P1", "zones": {"stock": ["2C"], **zones}, **more}))


def shifts(state: gamedsl.State) -> set[str]:
    return {str(m) for m in state.legal_moves() if not str(m).startswith(("home", "turn"))}


# ---- groups ---------------------------------------------------------------------------------------

def test_any_face_up_group_moves_with_if_any(tmp_path: Path) -> None:
    g = load(tmp_path)
    state = at(g, {"tableau1": ["9H", "5C", "2D"], "tableau2": ["10S"], "tableau3": ["3C"]},
               face_down={"tableau1": 0, "tableau2": 0, "tableau3": 0})
    # 9H heads 9H 5C 2D (not in sequence), 2D alone goes on 3C
    assert shifts(state) == {"9H tableau1 -> tableau2", "2D tableau1 -> tableau3"}
    state.play("9H tableau1 -> tableau2")
    assert state.to_yaml().count("10S, 9H, 5C, 2D") == 1


def test_without_if_any_the_top_card_alone_is_not_a_group(tmp_path: Path) -> None:
    g = load(tmp_path, group="with the cards on top")  # Crossley's form: covered cards only
    state = at(g, {"tableau1": ["9H", "5C", "2D"], "tableau2": ["10S"], "tableau3": ["3C"]},
               face_down={"tableau1": 0})
    assert shifts(state) == {"9H tableau1 -> tableau2"}


def test_face_down_cards_never_head_a_group(tmp_path: Path) -> None:
    g = load(tmp_path)
    state = at(g, {"tableau1": ["9H", "JD", "2D"], "tableau2": ["10S"], "tableau3": ["QC"]},
               face_down={"tableau1": 1})  # 9H is face down
    assert shifts(state) == {"JD tableau1 -> tableau3"}
    assert state.observation("P1")["zones"]["tableau1"] == ["??", "JD", "2D"]


def test_while_the_group_must_be_a_sequence(tmp_path: Path) -> None:
    g = load(tmp_path, group="with the cards on top, if any while other colour, one down in building")
    state = at(g, {"tableau1": ["9H", "8S", "7D", "6C"], "tableau2": ["10S"], "tableau3": ["9D"]},
               face_down={"tableau1": 0})
    assert shifts(state) == {"9H tableau1 -> tableau2", "8S tableau1 -> tableau3", "9D tableau3 -> tableau2"}
    broken = at(g, {"tableau1": ["9H", "5S", "7D", "6C"], "tableau2": ["10S"], "tableau3": ["8C"]},
                face_down={"tableau1": 0})
    assert shifts(broken) == {"7D tableau1 -> tableau3"}  # 9H's group is not a sequence


def test_a_whole_pile_never_into_an_empty_one(tmp_path: Path) -> None:
    g = load(tmp_path, group="with the cards on top, if any, never a whole pile into an empty one")
    state = at(g, {"tableau1": ["KH", "QS"], "tableau2": ["5D", "KC", "QD"]},
               face_down={"tableau1": 0, "tableau2": 0})
    assert shifts(state) == {"KC tableau2 -> tableau3"}  # KH is the bottom of tableau1
    free = load(tmp_path, group="with the cards on top, if any")
    state = at(free, {"tableau1": ["KH", "QS"], "tableau2": ["5D", "KC", "QD"]},
               face_down={"tableau1": 0, "tableau2": 0})
    assert shifts(state) == {"KC tableau2 -> tableau3", "KH tableau1 -> tableau3"}


def test_the_whole_pile_is_judged_by_its_bottom_card(tmp_path: Path) -> None:
    g = load(tmp_path, empty="any", group="with the whole pile, never a whole pile into an empty one")
    state = at(g, {"tableau1": ["9C", "8D", "7S"], "tableau2": ["10H"], "tableau3": ["8H"]},
               face_down={"tableau1": 0})
    assert shifts(state) == {"9C tableau1 -> tableau2"}  # 7S fits 8H, but a part never moves
    state.play("9C tableau1 -> tableau2")
    assert state.zones[state._c.zones.by_name["tableau2"]] == [_c("10H"), _c("9C"), _c("8D"), _c("7S")]
    alone = at(g, {"tableau1": ["9C"], "tableau2": ["10H"]}, face_down={"tableau1": 0})
    assert shifts(alone) == {"9C tableau1 -> tableau2"}  # a pile of one moves, never into a space


def _c(text: str) -> int:
    return gamedsl.cards.parse_card(text)


# ---- faces ------------------------------------------------------------------------------------------

def test_deal_face_up_and_face_down(tmp_path: Path) -> None:
    state = load(tmp_path).new_game(3)
    seen = state.observation("P1")["zones"]["tableau1"]
    assert seen[:2] == ["??", "??"] and "??" not in seen[2:]
    assert "face_down: {tableau1: 2}" in state.to_yaml()


def test_a_face_down_top_is_turned_up_and_stays_up(tmp_path: Path) -> None:
    g = load(tmp_path)
    state = at(g, {"tableau1": ["9H", "JD", "AS"], "tableau2": ["QC"]}, face_down={"tableau1": 2})
    state.play("home AS tableau1 -> foundationS")
    assert state.observation("P1")["zones"]["tableau1"] == ["??", "JD"]
    state.play("JD tableau1 -> tableau2")
    assert state.observation("P1")["zones"]["tableau1"] == ["9H"]
    assert "face_down: {tableau1: 0, tableau2: 0}" in state.to_yaml()


def test_face_down_positions_round_trip_and_the_old_form_still_reads(tmp_path: Path) -> None:
    g = load(tmp_path)
    state = at(g, {"tableau1": ["9H", "JD", "2D"]}, face_down={"tableau1": 1})
    again = g.load_position(state.to_yaml())
    assert again.key() == state.key()
    old = at(g, {"tableau1": ["9H", "JD", "2D"]}, revealed=["JD", "2D"])
    assert old.key() == state.key()


@pytest.mark.parametrize("face_down,message", [
    ({"tableau1": 3}, "0 to 2 of them may be face down"),
    ({"tableau1": -1}, "0 to 2"),
    ({"waste": 0}, "does not keep its turned cards up"),
    ({"tablaeu1": 0}, "did you mean"),
    ([1], "'face_down' must map zones"),
])
def test_bad_face_down_entries_are_refused(tmp_path: Path, face_down, message) -> None:
    g = load(tmp_path)
    with pytest.raises(PositionError, match=message):
        at(g, {"tableau1": ["9H", "JD", "2D"], "waste": ["3S"]}, face_down=face_down)


def test_worlds_of_computer_players_do_not_know_face_down_cards(tmp_path: Path) -> None:
    import random

    from gamedsl.players.worlds import hidden_places

    g = load(tmp_path)
    state = at(g, {"tableau1": ["9H", "JD", "2D"]}, face_down={"tableau1": 1})
    tableau1 = state._c.zones.by_name["tableau1"]
    assert (tableau1, 0) in hidden_places(state, 0) and (tableau1, 1) not in hidden_places(state, 0)
    del random


# ---- piles bound to suits -----------------------------------------------------------------------------

def test_one_per_suit_names_and_an_ace_has_one_place(tmp_path: Path) -> None:
    g = load(tmp_path)
    assert [n for n in g.zone_names if n.startswith("foundation")] == [
        "foundationS", "foundationH", "foundationD", "foundationC"]
    state = at(g, {"tableau1": ["AD"], "waste": ["AC"]}, face_down={"tableau1": 0})
    homes = {str(m) for m in state.legal_moves() if str(m).startswith("home")}
    assert homes == {"home AD tableau1 -> foundationD", "home AC waste -> foundationC"}
    state.play(state.parse_move("home AD tableau1 -> foundationD"))
    assert state.zones[state._c.zones.by_name["foundationD"]] == [_c("AD")]


def test_a_foundation_of_one_suit_builds_only_its_suit(tmp_path: Path) -> None:
    g = load(tmp_path)
    state = at(g, {"foundationH": ["AH"], "tableau1": ["2H"], "waste": ["2D"]}, face_down={"tableau1": 0})
    homes = {str(m) for m in state.legal_moves() if str(m).startswith("home")}
    assert homes == {"home 2H tableau1 -> foundationH"}


# ---- refusals ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lines,message", [
    ({"empty": "the card is the pile's suit"}, "zone 'tableau' is not bound to suits"),
    ({"empty": "the card is the dealer's suit"}, "write 'the card is the pile's suit'"),
    ({"group": "with the whole pile, if any"}, "the whole pile is every card of it"),
    ({"group": "with the cards on top while the card is the pile's suit"}, "'the pile's suit' is for building rules"),
    ({"group": "with the cards on top while one down"}, "in which order"),
    ({"extra": "move up:\n    from waste to tableau\n    with the cards on top, never into an empty one\n"}, ""),
])
def test_refusals(tmp_path: Path, lines, message) -> None:
    text = refused(tmp_path, **lines)
    assert message in text
    assert "groups.game:" in text  # file:line:col


def test_one_per_suit_needs_four_shared_piles(tmp_path: Path) -> None:
    path = tmp_path / "groups.game"
    path.write_text(GAME.format(**DEFAULTS).replace("foundation[4]: shared", "foundation[3]: shared"), encoding="utf-8")
    with pytest.raises(RulesError, match="binds each of four shared piles to a suit"):
        gamedsl.load_game(str(path))


def test_face_down_into_a_face_up_zone_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "groups.game"
    path.write_text(GAME.format(**DEFAULTS).replace("    deal 3 from stock to tableau 1 face up",
                                                    "    deal 3 from stock to waste face down"), encoding="utf-8")
    with pytest.raises(RulesError, match="'face down': zone 'waste' is face up"):
        gamedsl.load_game(str(path))


# ---- the top N cards: `deal N from … to …` in effects --------------------------------------------------

def test_dealing_three_from_the_stock_turns_them_one_at_a_time(tmp_path: Path) -> None:
    g = load(tmp_path, extra="move three:\n    only when stock is not empty\n    then: deal 3 from stock to waste\n")
    state = at(g, {"stock": ["2C", "3C", "4C", "5C"], "tableau1": ["KH"]}, face_down={"tableau1": 0})
    state.play("three")
    waste = state.zones[state._c.zones.by_name["waste"]]
    assert waste == [_c("5C"), _c("4C"), _c("3C")]  # the third from the top is now the waste's top


# ---- explanations ----------------------------------------------------------------------------------------

def test_explanations_of_groups_tell_nothing_hidden(tmp_path: Path) -> None:
    g = load(tmp_path, group="with the cards on top, if any, never a whole pile into an empty one")
    state = at(g, {"tableau1": ["9H", "JD", "2D"], "tableau2": ["KS", "QD"]}, face_down={"tableau1": 1, "tableau2": 0})
    hidden = str(state.explain("9H tableau1 -> tableau3"))
    absent = str(state.explain("4C tableau1 -> tableau3"))
    assert "there is no face-up 9H in tableau1" in hidden and "there is no face-up 4C in tableau1" in absent
    assert "a whole pile never goes into an empty one" in str(state.explain("KS tableau2 -> tableau3"))
    whole = load(tmp_path, empty="any", group="with the whole pile")
    state = at(whole, {"tableau1": ["9C", "8D", "7S"], "tableau2": ["8H"]}, face_down={"tableau1": 0})
    assert "only whole piles move: the bottom card of tableau1 is 9C" in str(state.explain("7S tableau1 -> tableau2"))
    chain = load(tmp_path, group="with the cards on top while other colour, one down in building")
    state = at(chain, {"tableau1": ["9H", "5S", "7D"], "tableau2": ["10S"]}, face_down={"tableau1": 0})
    assert "do not follow one another" in str(state.explain("9H tableau1 -> tableau2"))
