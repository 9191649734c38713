"""Ends and goals (issue 16, point 8): `no move is legal` as the condition of an `end` or a
`whenever` rule, `lowest score wins` for the match (winners, simulate and the computer players
follow it), and a one-player game won or lost (`the player wins` / `the player loses`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import gamedsl
from gamedsl.errors import RulesError, RulesRuntimeError
from gamedsl.simulate import play_one

ROOT = Path(__file__).resolve().parents[1]

# P1 holds 2 cards, P2 3 (the dealer, seat 2, gets one more); a card a turn.
SHED = '''game "Shed"
players 2
zones:
    deck: shared, pile, face down, holds 1 standard deck
    pile: shared, pile, face up
    hand: each player, fan, face up
counter dealer: shared, starts 2
counter passes: shared, starts 0
deal:
    deal 2 from deck to each hand
    deal 1 from deck to dealer's hand
turns: in seat order
move play "play a card; the turn passes":
    from own hand to pile
    then: end turn
{rules}
'''

STUCK_END = '''end stuck "the player to move cannot play":
    when no move is legal
    each player scores 1 if own seat = player_to_move else 0
match: one deal{lowest}'''

PASSING = '''whenever pass_on "a player who cannot play passes the turn, once a deal":
    when no move is legal and passes = 0
    then: add 1 to passes; end turn
end out "every hand is empty":
    when every player: own hand is empty
    each player scores passes'''

SOLO = '''game "Solo"
players 1
option limit = 3 "cards the pile takes"
zones:
    deck: shared, pile, face down, holds 1 standard deck
    pile: shared, pile, face up
    hand: each player, fan, face up
deal:
    deal 3 from deck to each hand
turns: in seat order
move play "play a card":
    from own hand to pile
    only when size of pile < limit
end cleared "the hand is empty":
    when hand is empty
    the player wins
end stuck "no card can be played":
    when no move is legal
    the player loses
'''


def load(tmp_path, text: str, name: str = "g", **options) -> gamedsl.Game:
    path = tmp_path / f"{name}.game"
    path.write_text(text)
    return gamedsl.load_game(str(path), options=options or None)


def simulated(tmp_path, text: str, seats: tuple[str, ...], **options):
    path = tmp_path / "simulated.game"
    path.write_text(text)
    return play_one((str(path), None, options, seats, "0", 0))


def play_out(state) -> list[str]:
    played = []
    while not state.is_over:
        move = state.legal_moves()[0]
        played.append(state.current_player)
        state.play(move)
    return played


def test_no_move_is_legal_ends_the_deal_where_the_engine_would_stop(tmp_path):
    state = load(tmp_path, SHED.format(rules=STUCK_END.format(lowest=""))).new_game(1)
    assert play_out(state) == ["P1", "P2", "P1", "P2"]  # P1 has no card left, and the turn
    assert state.results[-1].end == "stuck" and state.scores == {"P1": 1, "P2": 0}
    assert state.winners == ["P1"]  # the most points win, by default
    state.undo()  # the end is taken back with the move
    assert not state.is_over and state.scores == {"P1": 0, "P2": 0}


def test_without_the_end_the_same_position_is_a_gap_in_the_rules(tmp_path):
    rules = "end never:\n    when passes > 5\nmatch: one deal"
    state = load(tmp_path, SHED.format(rules=rules)).new_game(1)
    for _ in range(4):
        state.play(state.legal_moves()[0])
    with pytest.raises(RulesRuntimeError, match="no legal move"):
        state.require_moves()


def test_lowest_score_wins_the_match(tmp_path):
    state = load(tmp_path, SHED.format(rules=STUCK_END.format(lowest=", lowest score wins"))).new_game(1)
    play_out(state)
    assert state.scores == {"P1": 1, "P2": 0} and state.winners == ["P2"]
    result = simulated(tmp_path, SHED.format(rules=STUCK_END.format(lowest=", lowest score wins")), ("random", "random"))
    # simulate counts the win for the fewest points
    assert result.points == [1, 0] and result.wins == [0.0, 1.0]


def test_lowest_score_wins_in_a_match_of_several_deals(tmp_path):
    rules = STUCK_END.format(lowest="").replace("match: one deal", "match: deals until deal_number >= 3, lowest score wins")
    state = load(tmp_path, SHED.format(rules=rules)).new_game(1)
    play_out(state)
    assert len(state.results) == 3 and state.scores == {"P1": 3, "P2": 0} and state.winners == ["P2"]


def test_whenever_no_move_is_legal_passes_the_turn(tmp_path):
    state = load(tmp_path, SHED.format(rules=PASSING)).new_game(1)
    # P1 2 cards, P2 3: P1, P2, P1 (out), P2; P1 cannot play and passes; P2 plays its last card
    assert play_out(state) == ["P1", "P2", "P1", "P2", "P2"]
    assert state.results[-1].end == "out" and state.scores == {"P1": 1, "P2": 1}
    # a tie of all at the end is everyone's win, for simulate as for `winners` and the console
    assert state.winners == ["P1", "P2"]
    assert simulated(tmp_path, SHED.format(rules=PASSING), ("random", "random")).wins == [1.0, 1.0]


def test_a_one_player_game_is_won_or_lost(tmp_path):
    won = load(tmp_path, SOLO).new_game(1)
    assert play_out(won) == ["P1"] * 3
    assert won.results[-1].end == "cleared" and won.outcome == "won" and won.winners == ["P1"]
    lost = load(tmp_path, SOLO, limit=2).new_game(1)
    assert play_out(lost) == ["P1"] * 2  # two cards on the pile, one in the hand: stuck
    assert lost.results[-1].end == "stuck" and lost.outcome == "lost" and lost.winners == []
    assert simulated(tmp_path, SOLO, ("greedy",)).wins == [1.0]
    assert simulated(tmp_path, SOLO, ("mcts:20",), limit=2).wins == [0.0]


def test_the_console_says_won_or_lost_and_the_lowest_score_rule(tmp_path):
    path = tmp_path / "solo.game"
    path.write_text(SOLO)
    run = subprocess.run([sys.executable, "-m", "gamedsl", "play", str(path), "--option", "limit=2", "--seats", "computer"],
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert "P1 loses the deal." in run.stdout and "Game over. P1 loses." in run.stdout
    path = tmp_path / "shed.game"
    path.write_text(SHED.format(rules=STUCK_END.format(lowest=", lowest score wins")))
    run = subprocess.run([sys.executable, "-m", "gamedsl", "play", str(path), "--seats", "random,random"],
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert "Game over. P2 wins. Final scores: P1 1, P2 0 (the lowest score wins)." in run.stdout


@pytest.mark.parametrize("text, where, said", [
    (SHED.format(rules="move skip:\n    only when no move is legal\n    then: end turn\n" + STUCK_END.format(lowest="")),
     "no move is legal", "in a move's 'only when', write 'no other move is legal'"),
    (SHED.format(rules="value v: 1 if no move is legal else 0\n" + STUCK_END.format(lowest="")),
     "no move is legal", "works in the condition of an 'end' or a 'whenever' rule"),
    (SHED.format(rules=STUCK_END.format(lowest="").replace("    each player", "    the player wins\n    each player")),
     "end stuck", "that is for a one-player game"),
    (SOLO.replace("the player loses", "the player loses\n    deal again"), "end stuck", "neither won nor lost"),
])
def test_misplaced_constructs_are_refused_with_a_diagnostic(tmp_path, text, where, said):
    with pytest.raises(RulesError) as caught:
        load(tmp_path, text)
    message = str(caught.value)
    assert said in message and "g.game:" in message and "^" in message
