"""Rules over families (issue 16, point 7): `for each ZONE [with COND]: EFFECTS` with `this ZONE`
meaning the instance, `some/every ZONE with (COND)`, `count of ZONE with (COND)` and
`some/every player with (COND)`, or a diagnostic."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import gamedsl
from gamedsl import cards
from gamedsl.errors import RulesError

GAME = """game "families"
players 2

zones:
    stock: shared, pile, face down, holds 1 standard deck
    tableau[4]: shared, pile, face up
    waste: shared, pile, face up
    hand: each player, fan, face up

counter filled: shared, starts 0
counter some_king: shared, starts 0
counter all_full: shared, starts 0
counter rich: shared, starts 0
counter poor: shared, starts 0

deal:
    deal 1 from stock to every tableau

move sweep:
    then:
        for each tableau with this tableau shows K: move all of this tableau to waste
        end turn

move feed:
    then:
        for each tableau with size of this tableau < 2: deal 1 from stock to this tableau; add 1 to filled
        end turn

move look:
    then:
        set filled to count of tableau with (this tableau is not empty)
        if some tableau with (this tableau shows K): set some_king to 1
        if every tableau with (size of this tableau >= 2): set all_full to 1
        if some player with (size of own hand > 1): set rich to 1
        if every player with (size of own hand > 1): set poor to 1
        end turn

move shut:
    then:
        close every empty tableau
        end turn
{extra}
end over:
    when stock is empty
match: one deal
"""


def load(tmp_path: Path, extra: str = "") -> gamedsl.Game:
    path = tmp_path / "families.game"
    path.write_text(GAME.replace("{extra}", extra), encoding="utf-8")
    return gamedsl.load_game(str(path))


def at(tmp_path: Path, **placed: list[str]):
    zones = {name.replace("_", "."): pile for name, pile in placed.items()}
    zones.setdefault("stock", ["2C", "3C", "4C", "5C", "6C"])
    return load(tmp_path).load_position(yaml.safe_dump({"game": "families", "turn": "P1", "zones": zones}))


def shown(state) -> dict[str, list[str]]:
    named = state.game.compiled.zones.names
    return {named[z]: [cards.CARD_TEXT[c] for c in pile] for z, pile in enumerate(state.zones)
            if pile and named[z] != "stock"}


def counters(state) -> dict[str, float]:
    c = state.game.compiled.counters
    return {label: state.counters[i] for i, label in enumerate(c.labels)}


def test_for_each_tableau_with_a_condition_acts_on_the_instances_that_meet_it(tmp_path):
    state = at(tmp_path, tableau1=["KH"], tableau2=["4D", "KS"], tableau3=["QC"], tableau4=[])
    before = state.to_yaml()
    state.play("sweep")
    assert shown(state) == {"tableau3": ["QC"], "waste": ["KH", "4D", "KS"]}
    state.undo()
    assert state.to_yaml() == before


def test_the_instances_are_chosen_before_any_has_its_effects(tmp_path):
    # each short tableau gets one card from the stock's top (6C first), the full one none
    state = at(tmp_path, tableau1=["KH", "9H"], tableau2=["4D"], tableau3=[], tableau4=["QC"])
    state.play("feed")
    assert shown(state) == {"tableau1": ["KH", "9H"], "tableau2": ["4D", "6C"], "tableau3": ["5C"],
                            "tableau4": ["QC", "4C"]}
    assert counters(state)["filled"] == 3


def test_some_every_and_count_over_a_family_and_over_the_players(tmp_path):
    state = at(tmp_path, tableau1=["KH", "9H"], tableau2=["4D", "5D"], tableau3=[], tableau4=["QC", "JC"],
               P1_hand=["2H", "3H"], P2_hand=["4H"])
    state.play("look")
    assert counters(state) == {"filled": 3, "some_king": 0, "all_full": 0, "rich": 1, "poor": 0}
    state = at(tmp_path, tableau1=["9H", "KH"], tableau2=["4D", "5D"], tableau3=["2S", "3S"], tableau4=["QC", "JC"],
               P1_hand=["2H", "3H"], P2_hand=["4H", "5H"])
    state.play("look")
    assert counters(state) == {"filled": 4, "some_king": 1, "all_full": 1, "rich": 1, "poor": 1}


def test_closed_instances_are_out_of_the_family(tmp_path):
    state = at(tmp_path, tableau1=["KH", "9H"], tableau2=["4D", "5D"], tableau3=[], tableau4=["QC", "JC"])
    state.play("shut")
    state.play("look")  # tableau3 is out of play: every open tableau holds two cards
    assert counters(state)["all_full"] == 1 and counters(state)["filled"] == 3
    state.play("feed")
    assert shown(state) == {"tableau1": ["KH", "9H"], "tableau2": ["4D", "5D"], "tableau4": ["QC", "JC"]}
    assert counters(state)["filled"] == 3  # none was short: the closed tableau3 is given nothing


@pytest.mark.parametrize("line, column, said", [
    ("for each hand: reveal this hand", 18, "zone 'hand' belongs to each player"),
    ("for each tableau: reveal this tableau 2", 34, "'this tableau' is one zone already: drop the number 2"),
    ("set filled to size of this tableau", 31, "'this tableau' names the tableau that a 'for each tableau'"),
    ("for each tablau: end turn", 18, "unknown zone 'tablau' — did you mean 'tableau'?"),
    ("if count of hand with (this hand is empty) > 0: end turn", 21, "zone 'hand' belongs to each player"),
    ("set this filled to 1", 13, "'this' names the zone a 'for each ZONE' is at"),
])
def test_what_a_family_rule_cannot_say_is_refused_with_its_place(tmp_path, line, column, said):
    with pytest.raises(RulesError) as caught:
        load(tmp_path, f"\nmove bad:\n    then:\n        {line}\n")
    text = str(caught.value)
    assert f"families.game:45:{column}:" in text and said in text, text


def test_this_zone_in_a_named_effect_is_refused(tmp_path):
    with pytest.raises(RulesError) as caught:
        load(tmp_path, "\neffect clear:\n    move all of this tableau to waste\n\nmove bad:\n    then:\n"
                       "        for each tableau: clear\n")
    assert "'this tableau' names the tableau" in str(caught.value)
