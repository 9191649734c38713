"""How a move is applied, on a small file written for it: effects that write counters in place
(undo must still give every earlier value back, and copies must not share them), the end of a
turn written out, the `whenever` rules checked in one function that returns at once when none
holds, and a rule that would fire for ever stopped with its name and the position left as it was."""

from __future__ import annotations

import pytest

import gamedsl
from gamedsl.errors import RulesRuntimeError

TALLY = '''game "Tally"
players 3
zones:
    deck: shared, pile, face down, holds 1 standard deck
    hand: each player, fan, face up
deal:
    shuffle deck
    deal 2 from deck to each hand
counter taps: shared, starts 0
counter mine: each player, starts 0
counter rounds: shared, starts 0
turns: in seat order
move tap "tap: one more, and the turn goes on":
    then:
        add 1 to taps
        add 2 to own mine
        end turn
move spin "spin: starts a rule that never stops":
    then:
        set taps to 100
whenever third_tap "every third tap starts a round":
    when taps = 3
    then:
        set taps to 0
        add 1 to rounds
whenever runaway "a rule that never stops":
    when taps >= 100
    then:
        add 1 to taps
end enough "two rounds":
    when rounds = 2
    each player scores own mine
'''


@pytest.fixture
def tally(tmp_path) -> gamedsl.Game:
    path = tmp_path / "tally.game"
    path.write_text(TALLY)
    return gamedsl.load_game(str(path))


def counter(state, name: str) -> float:
    """A shared counter's value, by name."""
    return state.counters[state.game.compiled.counters.base[name]]


def test_counters_turns_and_rules_after_each_move(tally):
    state = tally.new_game(1)
    seen = [tuple(state.counters)]
    for expected_player in ("P1", "P2", "P3", "P1", "P2"):
        assert state.current_player == expected_player
        state.play("tap")
        seen.append(tuple(state.counters))
    # three taps made a round (the rule fired and set taps back to 0), two more taps since
    assert counter(state, "rounds") == 1 and counter(state, "taps") == 2
    mine = state.game.compiled.counters.base["mine"]  # each player's, in seat order
    assert [s[mine:mine + 3] for s in seen[:4]] == [(0, 0, 0), (2, 0, 0), (2, 2, 0), (2, 2, 2)]
    assert state.current_player == "P3" and state.turn_number == 5
    assert not state.results
    state.play("tap")  # the sixth tap: the second round ends the deal
    assert state.results and state.results[-1].end == "enough"
    assert state.results[-1].scores == (4, 4, 4)
    state.undo()
    for before in reversed(seen):  # undo gives every earlier value back, in order
        assert tuple(state.counters) == before
        if state.history:
            state.undo()


def test_a_copy_does_not_share_the_counters_it_changes(tally):
    state = tally.new_game(2)
    state.play("tap")
    other = state.copy()
    before = tuple(state.counters)
    other.play("tap")
    other.play("tap")
    assert tuple(state.counters) == before
    other.undo()
    other.undo()
    assert tuple(other.counters) == before


def test_a_rule_that_never_stops_is_named_and_the_move_is_taken_back(tally):
    state = tally.new_game(3)
    state.play("tap")
    key, counters_before, history = state.key(), tuple(state.counters), len(state.history)
    with pytest.raises(RulesRuntimeError) as error:
        state.play("spin")
    assert "runaway" in str(error.value) and "keeps firing" in str(error.value)
    assert state.key() == key and tuple(state.counters) == counters_before and len(state.history) == history
    state.play("tap")  # the game goes on from where it was
