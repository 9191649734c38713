"""Covered zones: `covered by ZONE[i+N] and …` — a zone's card is not available while one of the
zones covering it holds a card: for card moves, for `taking`, for `explain` and for the players."""

from __future__ import annotations

import pytest
import yaml

import gamedsl
from gamedsl.errors import RulesError

PEAKS = '''game "Peaks"
players 2
zones:
    stock: shared, pile, face down, holds 1 standard deck
    top[2]: shared, slot, face up, covered by base[i] and base[i+1]
    base[3]: shared, slot, face up
    lone: shared, slot, face up, covered by base 3
    tucked: each player, pile, face up, covered by own_cover
    own_cover: each player, slot, face up
    whole: shared, slot, face up, covered by base
    out: shared, pile, face up
deal:
    shuffle stock
    deal 1 from stock to every top, base, lone, whole
move play "an available card out":
    from top, base, lone, whole, own tucked, own own_cover to out freely
move take "two available cards out":
    taking 2 cards from top, base, lone, whole
    to out
match: one deal
'''


def load(tmp_path, text: str = PEAKS) -> gamedsl.Game:
    path = tmp_path / "peaks.game"
    path.write_text(text, encoding="utf-8")
    return gamedsl.load_game(str(path))


def position(game, **zones):
    return game.load_position(yaml.dump({"turn": "P1", "zones": {k.replace("__", "."): v for k, v in zones.items()}}))


def played_cards(state, name="play"):
    return sorted(m.card for m in state.legal_moves() if m.action == name)


def test_families_with_index_arithmetic(tmp_path):
    game = load(tmp_path)
    c = game.compiled
    names, ids = c.zones.names, c.zones.by_name
    assert [names[z] for z in c.covered[ids["top1"]]] == ["base1", "base2"]
    assert [names[z] for z in c.covered[ids["top2"]]] == ["base2", "base3"]
    assert [names[z] for z in c.covered[ids["lone"]]] == ["base3"]
    assert [names[z] for z in c.covered[ids["whole"]]] == ["base1", "base2", "base3"]
    assert [names[z] for z in c.covered[ids["P2.tucked"]]] == ["P2.own_cover"]  # the same owner's


def test_a_card_is_free_once_every_covering_zone_is_empty(tmp_path):
    game = load(tmp_path)
    st = position(game, top1=["AS"], top2=["2S"], base1=["3S"], base2=[], base3=["4S"], lone=["5S"], whole=["6S"])
    assert played_cards(st) == ["3S", "4S"]  # top1 and top2 are each still covered by one card
    st = position(game, top1=["AS"], top2=["2S"], base1=[], base2=[], base3=["4S"], lone=["5S"], whole=["6S"])
    assert played_cards(st) == ["4S", "AS"]
    st.play("AS top1 -> out")
    st.play("4S base3 -> out")
    assert played_cards(st, "play") == ["2S", "5S", "6S"]


def test_taking_sees_only_available_cards(tmp_path):
    game = load(tmp_path)
    st = position(game, top1=["AS"], base1=[], base2=[], base3=["4S"], lone=["5S"])
    assert sorted(str(m) for m in st.legal_moves() if m.action == "take") == ["take AS 4S"]


def test_each_players_zone_is_covered_by_its_own(tmp_path):
    game = load(tmp_path)
    st = position(game, P1__tucked=["7H"], P1__own_cover=["8H"], P2__tucked=["9H"])
    assert played_cards(st) == ["8H"]
    st.play("8H P1.own_cover -> out")
    assert played_cards(st) == ["7H"]


def test_explain_names_the_covering_cards(tmp_path):
    game = load(tmp_path)
    st = position(game, top1=["AS"], base1=["3S"], base2=[], base3=["4S"])
    report = st.explain("AS top1 -> out")
    assert not report.legal
    assert "top1 is covered by 3S (base1)" in str(report)
    assert report.rule.name == "top"
    assert "covered by 3S (base1)" in str(st.explain("take AS 4S"))


def test_computer_players_see_covered_cards_as_unavailable(tmp_path):
    from gamedsl.players import greedy

    game = load(tmp_path)
    st = position(game, top1=["AS"], base1=["3S"], base2=[], base3=[])
    player = next(getattr(greedy, n) for n in dir(greedy) if n.endswith("Player"))()
    move = player.choose(st) if hasattr(player, "choose") else None
    if move is not None:
        assert str(move) == "3S base1 -> out"


REFUSALS = [
    ("covered by base[i] and base[i+1]", "covered by base[i] and base[i+2]", "'base[i+2]' does not exist for top 2"),
    ("covered by base[i] and base[i+1]", "covered by base[i] and base[j]", "is 'i'"),
    ("covered by base 3\n", "covered by base[i]\n", "single zone"),
    ("covered by base 3\n", "covered by base[4]\n", "base 4 does not exist"),
    ("covered by base 3\n", "covered by lone\n", "covered by itself"),
    ("covered by base 3\n", "covered by bass\n", "bass"),
    ("covered by base 3\n", "covered by own_cover\n", "same owner"),
    ("covered by base[i] and base[i+1]", "covered by top[i]", "covered by itself"),
]


@pytest.mark.parametrize("old, new, message", REFUSALS, ids=[r[2] for r in REFUSALS])
def test_refusals(tmp_path, old, new, message):
    assert PEAKS.count(old) == 1, old
    with pytest.raises(RulesError) as info:
        load(tmp_path, PEAKS.replace(old, new))
    rendered = str(info.value)
    assert message in rendered, rendered
    assert "peaks.game:" in rendered and "^" in rendered
