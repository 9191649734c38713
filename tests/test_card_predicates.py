"""Card predicates in building rules (issue 16, point 1, first step): `and`, `or`, `not`,
parentheses, `the card is ...` / `the top is ...` and `wrapping`, compiled at load time into the
same accept table as the old relations; the shipped games' tables stay byte for byte."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

import gamedsl
from gamedsl import cards
from gamedsl.compiler.building import EMPTY, accept_table, describe
from gamedsl.errors import RulesError
from .fences import code_blocks

ROOT = Path(__file__).resolve().parent.parent
SNAPSHOT = Path(__file__).parent / "data" / "accept_tables.json"

GAME = """game "predicates"
players 1

cards:
    order building: A 2 3 4 5 6 7 8 9 10 J Q K
    colour red: H D
    colour black: S C

zones:
    talon: shared, pile, face down, holds 1 standard deck with 2 jokers
    hand: each player, fan, face up
    pile: shared, pile, face up
    spot: shared, pile, face up

deal:
    deal 1 from talon to pile
    deal 6 from talon to hand

build pile "crazy eights":
    empty: {pile_empty}
    on top: {pile_top}

build spot "round the corner":
    empty: {spot_empty}
    on top: {spot_top}

move play:
    from own hand to pile, spot

end over:
    when talon is empty
match: one deal
"""

DEFAULTS = {
    "pile_empty": "the card is not a K",
    "pile_top": "the card is an 8 or same suit or same rank",
    "spot_empty": "none",
    "spot_top": "one up in building, wrapping, not (the top is hearts or the card is red)",
}


def game(tmp_path: Path, **lines: str) -> gamedsl.Game:
    path = tmp_path / "predicates.game"
    path.write_text(GAME.format(**{**DEFAULTS, **lines}), encoding="utf-8")
    return gamedsl.load_game(str(path))


def refused(tmp_path: Path, **lines: str) -> str:
    with pytest.raises(RulesError) as caught:
        game(tmp_path, **lines)
    return str(caught.value)


def accepts(g: gamedsl.Game, build: str, top: str | None, card: str) -> bool:
    m = g.model
    table = accept_table(m.builds[build], m.orders, m.colours)
    row = EMPTY if top is None else cards.parse_card(top)
    return bool(table[row][cards.parse_card(card)])


def on_top(tmp_path: Path, text: str) -> gamedsl.Game:
    return game(tmp_path, pile_top=text)


# ---- the shipped games keep their tables --------------------------------------------------------

def shipped_games() -> list[Path]:
    return sorted((ROOT / "games").rglob("*.game")) + sorted((ROOT / "tests" / "games").rglob("*.game"))


def test_every_shipped_building_table_is_byte_identical_to_the_one_built_before_predicates():
    want = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    got = {}
    for path in shipped_games():
        g = gamedsl.load_game(str(path))
        m = g.model
        for name, build in m.builds.items():
            table = accept_table(build, m.orders, m.colours)
            assert len(table) == 65 and all(len(row) == 64 for row in table)
            got[f"{path.relative_to(ROOT).as_posix()}:{name}"] = hashlib.sha256(b"".join(table)).hexdigest()
    assert got == want


# ---- exact accept decisions ---------------------------------------------------------------------

def test_a_wild_rank_goes_on_anything_else_same_suit_or_same_rank(tmp_path):
    g = game(tmp_path)
    assert accepts(g, "pile", "5S", "8D")       # an 8
    assert accepts(g, "pile", "5S", "5H")       # same rank
    assert accepts(g, "pile", "5S", "2S")       # same suit
    assert not accepts(g, "pile", "5S", "KH")
    assert not accepts(g, "pile", "5S", "BJ")   # a joker is no 8, has no suit, another rank
    assert accepts(g, "pile", "BJ", "8C")
    assert not accepts(g, "pile", "BJ", "RJ")


def test_any_card_but_a_king_on_an_empty_zone(tmp_path):
    g = game(tmp_path)
    assert not accepts(g, "pile", None, "KH")
    assert accepts(g, "pile", None, "QH")
    assert accepts(g, "pile", None, "BJ")       # a joker is not a K


def test_wrapping_goes_from_K_to_A_and_the_top_and_card_tests(tmp_path):
    g = game(tmp_path)
    assert accepts(g, "spot", "KS", "AC")
    assert accepts(g, "spot", "KS", "AS")
    assert not accepts(g, "spot", "KS", "AH")   # the card is red
    assert not accepts(g, "spot", "KH", "AS")   # the top is hearts
    assert accepts(g, "spot", "4C", "5S")
    assert not accepts(g, "spot", "4C", "3S")
    assert not accepts(g, "spot", None, "AS")   # empty: none


def test_wrapping_without_a_comma_and_without_wrapping(tmp_path):
    assert accepts(on_top(tmp_path, "one up in building wrapping"), "pile", "KS", "AH")
    assert not accepts(on_top(tmp_path, "one up in building"), "pile", "KS", "AH")
    g = on_top(tmp_path, "one down in building, wrapping")
    assert accepts(g, "pile", "AS", "KH") and accepts(g, "pile", "5S", "4H") and not accepts(g, "pile", "KS", "AH")
    g = on_top(tmp_path, "one up or down in building, wrapping")
    assert accepts(g, "pile", "KS", "AH") and accepts(g, "pile", "AS", "KH") and accepts(g, "pile", "KS", "QH")
    assert not accepts(g, "pile", "KS", "BJ") and not accepts(g, "pile", "BJ", "AH")  # jokers are in no order


def test_suits_ranks_and_colours_by_every_spelling(tmp_path):
    for text in ("the card is hearts", "the card is H"):
        g = on_top(tmp_path, text)
        assert accepts(g, "pile", "2S", "7H") and not accepts(g, "pile", "2S", "7D") and not accepts(g, "pile", "2S", "RJ")
    g = on_top(tmp_path, "the card is red")
    assert accepts(g, "pile", "2S", "7D") and not accepts(g, "pile", "2S", "7C") and not accepts(g, "pile", "2S", "RJ")
    g = on_top(tmp_path, "the card is not red")
    assert accepts(g, "pile", "2S", "RJ") and accepts(g, "pile", "2S", "7C")
    for text in ("the card is a Q", "the card is Q"):
        g = on_top(tmp_path, text)
        assert accepts(g, "pile", "2S", "QH") and not accepts(g, "pile", "2S", "KH")
    g = on_top(tmp_path, "the card is not an 8, the top is a 10")
    assert accepts(g, "pile", "10S", "7C") and not accepts(g, "pile", "10S", "8C") and not accepts(g, "pile", "9S", "7C")
    g = on_top(tmp_path, "the top is black and the card is red")
    assert accepts(g, "pile", "10S", "7H") and not accepts(g, "pile", "10H", "7H")


def test_not_and_or_precedence_and_parentheses(tmp_path):
    # `and` binds tighter than `or`: an 8 goes anywhere; otherwise same suit and one up
    g = on_top(tmp_path, "the card is an 8 or same suit and one up in building")
    assert accepts(g, "pile", "KH", "8C") and accepts(g, "pile", "4H", "5H") and not accepts(g, "pile", "4S", "5H")
    g = on_top(tmp_path, "(the card is an 8 or same suit) and one up in building")
    assert not accepts(g, "pile", "KH", "8C") and accepts(g, "pile", "7D", "8C") and accepts(g, "pile", "4H", "5H")
    # `not same suit` differs from `other suit` on jokers, which have no suit
    g = on_top(tmp_path, "not same suit")
    assert accepts(g, "pile", "4H", "5S") and not accepts(g, "pile", "4H", "5H") and accepts(g, "pile", "4H", "BJ")
    assert not accepts(on_top(tmp_path, "other suit"), "pile", "4H", "BJ")
    # the comma list is `and`, at the loosest level
    g = on_top(tmp_path, "same suit or same rank, not the card is a K")
    assert accepts(g, "pile", "4H", "4S") and not accepts(g, "pile", "4H", "KH")


def test_steps_joined_by_or_keep_their_old_meaning(tmp_path):
    # `same rank` inside a step list is a step in the order: jokers, which the order leaves out,
    # are no step; `same rank` alone is the relation, which two jokers of one rank satisfy
    g = game(tmp_path, pile_top="one down or same rank in building", spot_top="same rank")
    assert accepts(g, "pile", "5S", "5H") and accepts(g, "pile", "5S", "4H") and not accepts(g, "pile", "5S", "6H")
    two_jokers = game(tmp_path, pile_top="same rank or one up in building", spot_top="same rank")
    assert accepts(two_jokers, "pile", "5S", "6H") and accepts(two_jokers, "pile", "5S", "5H")
    m = two_jokers.model
    steps = m.builds["pile"].on_top[0][1]
    assert steps.kind == "steps" and steps.steps == ("same", "up")
    assert m.builds["spot"].on_top[0][1].kind == "same_rank"
    # a general `or` of a relation and steps
    g = on_top(tmp_path, "same suit or one up or down in building")
    assert accepts(g, "pile", "5S", "KS") and accepts(g, "pile", "5S", "6H") and accepts(g, "pile", "5S", "4H")
    assert not accepts(g, "pile", "5S", "7H")


def test_describe_says_what_the_predicates_want(tmp_path):
    g = game(tmp_path)
    colours = tuple(g.model.colours)
    assert describe(g.model.builds["pile"], colours) == \
        "empty: the card is not a K; on top: the card is an 8 or same suit or same rank"
    assert describe(g.model.builds["spot"], colours) == \
        "empty: nothing; on top: one up in building, wrapping, not (the top is hearts or the card is red)"


# ---- a small game: exact legal moves ------------------------------------------------------------

def legal(g: gamedsl.Game, hand: str, pile: str, spot: str) -> set[str]:
    s = g.load_position(f"zones:\n  talon: [2C]\n  P1.hand: [{hand}]\n  pile: [{pile}]\n  spot: [{spot}]\n")
    return {str(m) for m in s.legal_moves()}


def test_the_legal_moves_of_a_small_game_follow_the_predicates(tmp_path):
    g = game(tmp_path)
    assert legal(g, "8D, KH, 5H, 7H, 2S, BJ, AH", "3S, 5S", "KS") == {
        "2S P1.hand -> pile", "5H P1.hand -> pile", "8D P1.hand -> pile"}
    assert legal(g, "8D, KH, 5H, QH, AS, AC, BJ", "", "KS") == {
        "5H P1.hand -> pile", "8D P1.hand -> pile", "AC P1.hand -> pile", "AS P1.hand -> pile",
        "BJ P1.hand -> pile", "QH P1.hand -> pile", "AC P1.hand -> spot", "AS P1.hand -> spot"}


# ---- refusals ------------------------------------------------------------------------------------

def test_a_step_without_its_order_is_refused_with_what_to_write(tmp_path):
    text = refused(tmp_path, pile_top="one up or the card is an 8")
    assert "in which order" in text and "one up in ORDER" in text and ":21:" in text


def test_the_top_and_relations_are_refused_in_empty(tmp_path):
    assert "no top card" in refused(tmp_path, pile_empty="the top is a K")
    text = refused(tmp_path, pile_empty="same suit")
    assert "no top card" in text and "the card is not a K" in text


def test_an_unknown_value_is_refused_with_a_suggestion(tmp_path):
    text = refused(tmp_path, pile_top="the card is hearst")
    assert "'hearst' is not a rank, a suit or a colour" in text and "hearts" in text
    assert "'blue'" in refused(tmp_path, pile_top="the card is blue")


def test_an_unknown_order_and_undeclared_colours_are_still_refused_inside_predicates(tmp_path):
    assert "order" in refused(tmp_path, pile_top="the card is an 8 or one up in bilding")
    path = tmp_path / "nocolour.game"
    path.write_text(GAME.format(**DEFAULTS).replace("    colour red: H D\n    colour black: S C\n", "")
                    .replace("not (the top is hearts or the card is red)", "not other colour"), encoding="utf-8")
    with pytest.raises(RulesError) as caught:
        gamedsl.load_game(str(path))
    assert "declares none" in str(caught.value)


def test_the_examples_of_language_md_building_rules_load_and_mean_what_they_say(tmp_path):
    text = (ROOT / "grammar" / "LANGUAGE.md").read_text(encoding="utf-8")
    section = text[text.index("### Building rules"):text.index("### Moves")]
    block = code_blocks(section)[1]  # the second code block: the predicate examples
    rules: dict[str, dict[str, str]] = {}
    name = ""
    for line in block.splitlines():
        if line.startswith("build "):
            name = line.split()[1]
            rules[name] = {}
        elif line.strip().startswith(("empty:", "on top:")):
            key, _, value = line.strip().partition(":")
            rules[name][key] = value.strip()
    assert set(rules) == {"discard", "eights", "foundation", "tableau"}
    loaded = {n: game(tmp_path, pile_empty=r["empty"], pile_top=r["on top"]) for n, r in rules.items()}
    assert accepts(loaded["discard"], "pile", "5S", "5H") and not accepts(loaded["discard"], "pile", "5S", "6H")
    assert accepts(loaded["eights"], "pile", "5S", "8H") and not accepts(loaded["eights"], "pile", "5S", "9H")
    assert accepts(loaded["foundation"], "pile", "KS", "AS") and not accepts(loaded["foundation"], "pile", "KS", "AH")
    assert not accepts(loaded["foundation"], "pile", None, "AS")
    assert not accepts(loaded["tableau"], "pile", None, "KS") and accepts(loaded["tableau"], "pile", None, "QS")
    assert accepts(loaded["tableau"], "pile", "QS", "JH") and not accepts(loaded["tableau"], "pile", "QS", "JC")


def test_the_design_notes_example_with_parentheses_loads(tmp_path):
    g = on_top(tmp_path, "the card is a 8 or (same suit or same rank)")
    assert accepts(g, "pile", "5S", "8H") and accepts(g, "pile", "5S", "5H") and not accepts(g, "pile", "5S", "9H")


# ---- relations of the card and the top, written out (issue 16, point 1) --------------------------

@pytest.mark.parametrize("written, shorthand", [
    ("the card is same suit as the top and the card is one up from the top in building, wrapping",
     "same suit, one up in building, wrapping"),
    ("the card is other colour than the top and the card is one down from the top in building",
     "other colour, one down in building"),
    ("the top is one up from the card in building", "one down in building"),
    ("the card is same rank as the top or the card is same colour as the top", "same rank or same colour"),
    ("the card is not same suit as the top", "not same suit"),
    ("the card is other suit than the top", "other suit"),
])
def test_written_out_relations_give_the_shorthands_tables(tmp_path, written, shorthand):
    a = on_top(tmp_path, written)
    b = on_top(tmp_path, shorthand)
    assert accept_table(a.model.builds["pile"], a.model.orders, a.model.colours) == \
        accept_table(b.model.builds["pile"], b.model.orders, b.model.colours)


def test_relations_only_building_rules_have(tmp_path):
    g = on_top(tmp_path, "the card is 2 up from the top in building")
    assert accepts(g, "pile", "5S", "7H") and not accepts(g, "pile", "5S", "6H")
    g = on_top(tmp_path, "the card is higher than the top in building")
    assert accepts(g, "pile", "5S", "7H") and not accepts(g, "pile", "5S", "5H") and not accepts(g, "pile", "5S", "BJ")
    g = on_top(tmp_path, "the card is at most the top in building")
    assert accepts(g, "pile", "5S", "5H") and accepts(g, "pile", "5S", "AH") and not accepts(g, "pile", "5S", "6H")
    assert "the card is 2 up from the top in building" in describe(
        on_top(tmp_path, "the card is 2 up from the top in building").model.builds["pile"])


@pytest.mark.parametrize("lines, said", [
    ({"pile_empty": "the card is same suit as the top"}, "an empty zone has no top card"),
    ({"pile_top": "the card is same suit as top of talon"}, "a building rule compares the card with the top"),
    ({"pile_top": "the card is one up from the top in bilding"}, "unknown order 'bilding'"),
])
def test_written_out_relations_refused(tmp_path, lines, said):
    assert said in refused(tmp_path, **lines)


def test_the_top_outside_a_building_rule_is_refused(tmp_path):
    path = tmp_path / "predicates.game"
    path.write_text(GAME.format(**DEFAULTS).replace("    from own hand to pile, spot\n",
                                                    "    from own hand to pile, spot\n    only when the card is same suit as the top\n"))
    with pytest.raises(RulesError) as caught:
        gamedsl.load_game(str(path))
    assert "'the top' is the top card a building rule is asked about" in str(caught.value)
