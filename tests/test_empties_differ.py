"""Empty places that differ (issue 16, point 6, first part): `empty piles differ` on a zone family
makes each empty instance a target of its own, so a card that an empty one takes is offered to
every empty one; without it, empty zones of a family are alike and only the first is offered."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import gamedsl
from gamedsl.engine.explain import explain
from gamedsl.errors import RulesError

GAME = """game "empties"
players 2

cards:
    order up: A 2 3 4 5 6 7 8 9 10 J Q K

zones:
    stock: shared, pile, face down, holds 1 standard deck
    waste: shared, pile, face up
    tableau[4]: shared, pile, face up{differ}
    foundation[3]: shared, pile, face up

build tableau:
    empty: K
    on top: one down in up

build foundation:
    empty: K

move play:
    from waste, tableau
    to tableau, foundation
{extra}
end over:
    when stock is empty
match: one deal
"""

WHERE = {"stock": ["2C"], "waste": ["KS"], "tableau1": ["QH"], "tableau2": ["KD"]}


def load(tmp_path: Path, differ: str = ", empty piles differ", extra: str = "") -> gamedsl.Game:
    path = tmp_path / "empties.game"
    path.write_text(GAME.replace("{differ}", differ).replace("{extra}", extra), encoding="utf-8")
    return gamedsl.load_game(str(path))


def at(game: gamedsl.Game, zones: dict) -> gamedsl.State:
    return game.load_position(yaml.safe_dump({"game": "empties", "turn": "P1", "zones": zones}))


def legal(state: gamedsl.State) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def test_each_empty_instance_of_a_family_whose_empty_piles_differ_is_a_move_of_its_own(tmp_path):
    state = at(load(tmp_path), WHERE)
    assert legal(state) == {"KS waste -> tableau3", "KS waste -> tableau4", "KS waste -> foundation1",
                            "QH tableau1 -> tableau2", "KD tableau2 -> tableau3", "KD tableau2 -> tableau4",
                            "KD tableau2 -> foundation1"}
    for text in ("KS waste -> tableau3", "KS waste -> tableau4"):
        assert str(state.parse_move(text)) == text  # each names its own move
    # the family without the attribute is unchanged: any empty foundation is the first
    assert str(state.parse_move("KS waste -> foundation3")) == "KS waste -> foundation1"
    after = state.copy()
    after.play("KS waste -> tableau4")
    assert after.to_yaml() != state.copy().to_yaml()
    assert "KS" in yaml.safe_load(after.to_yaml())["zones"]["tableau4"]
    assert legal(after) == {"QH tableau1 -> tableau2", "QH tableau1 -> tableau4", "KD tableau2 -> tableau3",
                            "KD tableau2 -> foundation1",
                            "KS tableau4 -> tableau3", "KS tableau4 -> foundation1"}


def test_without_the_attribute_only_the_first_empty_instance_is_offered(tmp_path):
    state = at(load(tmp_path, differ=""), WHERE)
    assert legal(state) == {"KS waste -> tableau3", "KS waste -> foundation1", "QH tableau1 -> tableau2",
                            "KD tableau2 -> tableau3", "KD tableau2 -> foundation1"}
    assert str(state.parse_move("KS waste -> tableau4")) == "KS waste -> tableau3"


def test_explain_names_each_empty_instance(tmp_path):
    state = at(load(tmp_path), WHERE)
    assert explain(state, "KS waste -> tableau4").legal
    assert explain(state, "KS waste -> tableau4").move == "KS waste -> tableau4"
    refused = explain(state, "QH tableau1 -> tableau4")
    assert not refused.legal and refused.move == "QH tableau1 -> tableau4"
    assert "QH cannot go on an empty tableau4" in refused.reason


def test_a_priority_to_an_empty_instance_keeps_every_empty_one(tmp_path):
    game = load(tmp_path, extra="\npriority fill \"fill an empty tableau first\":\n"
                                 "    must play to empty tableau when possible\n")
    state = at(game, WHERE)
    assert legal(state) == {"KS waste -> tableau3", "KS waste -> tableau4", "KD tableau2 -> tableau3",
                            "KD tableau2 -> tableau4"}
    assert explain(state, "KS waste -> tableau4").legal
    assert not explain(state, "KS waste -> foundation1").legal


@pytest.mark.parametrize("differ, column, said, hint", [
    (", empty slots differ", 40, "zone 'tableau' is a pile: its empty ones are 'empty piles', not 'empty slots'",
     "write 'empty piles differ'"),
])
def test_a_wrong_word_is_refused_with_its_place(tmp_path, differ, column, said, hint):
    with pytest.raises(RulesError) as caught:
        load(tmp_path, differ=differ)
    text = str(caught.value)
    assert f"empties.game:10:{column}:" in text and said in text and hint in text, text


def test_a_single_zone_cannot_say_its_empty_piles_differ(tmp_path):
    path = tmp_path / "empties.game"
    path.write_text(GAME.replace("{differ}", "").replace("{extra}", "").replace(
        "waste: shared, pile, face up", "waste: shared, pile, face up, empty piles differ"), encoding="utf-8")
    with pytest.raises(RulesError) as caught:
        gamedsl.load_game(str(path))
    text = str(caught.value)
    assert "empties.game:9:35:" in text and "'empty piles differ' is for a family" in text, text
    assert "write 'waste[N]: ...'" in text


def test_a_misspelt_attribute_is_a_syntax_error_that_says_what_to_write(tmp_path):
    with pytest.raises(RulesError) as caught:
        load(tmp_path, differ=", empty pile differ")
    text = str(caught.value)
    assert "empties.game:10:46:" in text and "expected piles / rows / slots / fans / pools" in text, text
