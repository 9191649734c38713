"""`sides: EXPR against the others`: sides the play decides (Dou Dizhu's landlord against the two
farmers). The computer players judge for their side: a farmer does not overtake his partner's
winning play, and a partner's win is a win."""

from __future__ import annotations

import pytest
import yaml

from gamedsl.engine import load_game
from gamedsl.errors import RulesError
from gamedsl.players import ComputerSeat
from gamedsl.players.sides import side_of, sides_in

from .conftest import cached_game

SMALL = """game "Sides"
players 3
zones:
    deck: shared, pile, face down, holds 1 standard deck
    hand: each player, fan, face up to owner
deal:
    shuffle deck
    deal 3 from deck to each hand
counter chosen: shared, starts 0
SIDES
move choose "choose a seat":
    for each n from 1 to 3
    only when chosen = 0
    then:
        set chosen to n
move play "play":
    from own hand to deck
    then:
        end turn
end out "out":
    when some player: own hand is empty
    winner scores 1
match: one deal
"""


def small(tmp_path, sides="sides: chosen against the others"):
    path = tmp_path / "sides.game"
    path.write_text(SMALL.replace("SIDES", sides))
    return load_game(str(path))


def test_the_sides_follow_the_position(tmp_path):
    game = small(tmp_path)
    state = game.new_game(1)
    assert game.compiled.alone(state) is None and sides_in(state) == [(0,), (1,), (2,)]  # nobody chosen yet
    state.play("choose 2")
    assert game.compiled.alone(state) == 1
    side = side_of(state)
    assert side(state, 1) == (1,) and side(state, 0) == side(state, 2) == (0, 2)
    assert sides_in(state) == [(0, 2), (1,)]


@pytest.mark.parametrize("sides, message", [
    ("sides: own seat against the others", "needs a player"),
    ("sides: chosn against the others", "did you mean 'chosen'"),
    ("sides: chosen against others", "expected 'the'"),
    ("sides: chosen against the others\nsides: chosen against the others", "given twice"),
    ("team a: P1 and P2\nteam b: P3\nsides: chosen against the others", "fixed already"),
])
def test_sides_that_cannot_be_refused_with_a_message(tmp_path, sides, message):
    with pytest.raises(RulesError) as err:
        small(tmp_path, sides)
    text = str(err.value)
    assert message in text and "sides.game:" in text and "^" in text


# ---- Dou Dizhu: the farmers play together --------------------------------------------------
def position(turn, table, passes, **hands):
    zones = {f"{p}.hand": list(hands[p]) for p in ("P1", "P2", "P3")}
    zones["table"] = list(table)
    doc = {"phase": "play", "turn": turn, "zones": zones,
           "counters": {"landlord": 1, "bid": 1, "passes": passes}}
    return cached_game("dou_dizhu").load_position(yaml.safe_dump(doc))


LANDLORD = ["3S", "3H", "4S", "4H", "6S", "6H", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS", "2S", "BJ"]
FARMER_B = ["5S", "5H", "5D", "5C", "6D", "8H", "9H", "10H", "JH", "QH"]  # a bomb of 5s


@pytest.mark.parametrize("spec", ["greedy", "mcts:200"])
def test_a_farmer_does_not_bomb_his_partner_s_winning_pair(spec):
    # P3 (a farmer, two cards left) played a pair of kings, the landlord P1 passed: P2 to move.
    state = position("P2", ["KH", "KD"], 1, P1=LANDLORD, P2=FARMER_B, P3=["7D", "7C"])
    assert "5 5 5 5" in {str(m) for m in state.legal_moves()}
    for seed in range(3):
        assert str(ComputerSeat(spec, seed).choose(state)) == "pass", (spec, seed)


def test_against_the_landlord_the_farmer_does_play():
    # The landlord P1 played the pair of kings: P2 beats it (a bomb is all it has that does).
    state = position("P2", ["KH", "KD"], 0, P1=LANDLORD, P2=FARMER_B, P3=["7D", "7C"])
    for seed in range(3):
        assert str(ComputerSeat("greedy", seed).choose(state)) == "5 5 5 5"


def test_without_sides_the_greedy_farmer_bombs_his_partner(tmp_path):
    # (what the line changes: the same position in the file without `sides:`)
    text = open("games/dou_dizhu.game").read().replace("sides: landlord against the others", "")
    path = tmp_path / "dou_dizhu.game"
    path.write_text(text)
    game = load_game(str(path))
    zones = {"P1.hand": LANDLORD, "P2.hand": FARMER_B, "P3.hand": ["7D", "7C"], "table": ["KH", "KD"]}
    doc = {"phase": "play", "turn": "P2", "zones": zones, "counters": {"landlord": 1, "bid": 1, "passes": 1}}
    state = game.load_position(yaml.safe_dump(doc))
    assert any(str(ComputerSeat("greedy", seed).choose(state)) == "5 5 5 5" for seed in range(3))


def test_simulate_counts_the_sides():
    from gamedsl.simulate import simulate

    report = simulate("dou_dizhu", 4, ["greedy"] * 3, "1")
    assert report.sides and report.sided == 4
    assert report.alone_wins + report.others_wins == 4
    assert any(line.startswith("sides (4 games with a player alone)") for line in report.lines())
    assert not simulate("go_fish", 1, ["greedy"] * 3, "1").sides
