"""Partnerships: `team NAME: P1 and P3`, counters of each team, `partner's`, `other team's`,
team scoring, and the console, `simulate` and the computer players reading them."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

import gamedsl
from gamedsl.errors import RulesSemanticError
from gamedsl.players import ComputerSeat
from .fences import code_blocks

# A card to the left gives the partner 2; a card to the right gives the player 1 and the other
# team 3. A player that judged by itself alone would play right; a partner plays left.
GIFTS = """\
game "Gifts"
players 4
team north_south: P1 and P3
team east_west: P2 and P4

zones:
    stock: shared, pile, face down, holds 1 standard deck
    hand: each player, fan, face up to owner
    left: shared, pile, face up
    right: shared, pile, face up

counter gift: each player, starts 0
counter pot: each team, starts 0

value evaluation: own gift
value partners_gift: partner's gift
value their_pot: other team's pot
value our_pot: own pot
value their_score: other team's score

deal:
    shuffle stock
    deal 2 from stock to each hand

move to_partner "a card to the left: the partner gets 2":
    from own hand to left freely
    then: add 2 to partner's gift; end turn

move to_opponent "a card to the right: 1 for the player, 3 for the other team":
    from own hand to right freely
    then: add 1 to own gift; add 3 to other team's pot; end turn

end out "every hand is empty":
    when every player: own hand is empty
    each team scores own gift + partner's gift + own pot

match: one deal
"""


def write(tmp_path: Path, text: str, name: str = "teams.game") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def gifts(tmp_path: Path) -> gamedsl.Game:
    return gamedsl.load_game(str(write(tmp_path, GIFTS)))


def play_to(state: gamedsl.State, target: str) -> None:
    move = next(m for m in state.legal_moves() if str(m).endswith(f"-> {target}"))
    state.play(move)


def counter(state: gamedsl.State, label: str) -> float:
    c = state.game.compiled.counters
    return state.counters[c.labels.index(label)]


# ---- the checker ----------------------------------------------------------------------------------
def refusal(tmp_path: Path, text: str) -> str:
    path = write(tmp_path, text)
    with pytest.raises(RulesSemanticError) as caught:
        gamedsl.load_game(str(path))
    return str(caught.value)


def test_a_seat_beyond_the_players_is_refused_with_where_and_what_to_write(tmp_path):
    message = refusal(tmp_path, GIFTS.replace("P2 and P4", "P2 and P5"))
    assert f"{tmp_path / 'teams.game'}:4:24: team 'east_west': seat P5 does not exist" in message
    assert "write 'players 5'" in message
    assert "team east_west: P2 and P5\n" in message and "\n" + " " * 27 + "^" in message


def test_a_seat_twice_and_a_seat_in_no_team_are_refused(tmp_path):
    message = refusal(tmp_path, GIFTS.replace("P2 and P4", "P2 and P1"))
    assert ":4:24: P1 is in team 'north_south' already: a seat is in exactly one team" in message
    assert ":4:1: P4 is in no team: with teams, every seat is in exactly one" in message
    assert "add P4 to a team" in message


def test_teams_in_a_game_of_a_range_of_players_are_refused(tmp_path):
    message = refusal(tmp_path, GIFTS.replace("players 4", "players 2..4"))
    assert ":3:1: teams need every seat, and 'players 2..4' lets fewer play" in message
    assert "fix the player count ('players 4')" in message


def test_one_team_is_not_a_game_of_teams(tmp_path):
    text = GIFTS.replace("team north_south: P1 and P3\nteam east_west: P2 and P4",
                         "team everyone: P1, P2, P3 and P4")
    message = refusal(tmp_path, text)
    assert ":3:1: a game of teams has two teams or more" in message
    assert "'partner's' names a player's one partner, and team 'everyone' has 4 players" in message


def test_possessives_of_teams_are_refused_where_they_mean_nothing(tmp_path):
    text = GIFTS.replace("value our_pot: own pot", "value our_pot: size of other team's hand + other team's gift")
    text = text.replace("    each team scores own gift", "    each player scores own gift")
    message = refusal(tmp_path, text)
    line = text.splitlines()[17]
    hand, gift = line.index("other team's hand") + 1, line.index("other team's gift") + 1
    assert f":18:{hand}: 'other team's hand': the other team has several players" in message
    assert f":18:{gift}: 'other team's gift': the other team has several players" in message
    assert "end 'out' says 'each player scores': with teams, a deal scores for each team" in message
    assert "write 'each team scores …'" in message


def test_a_team_named_like_a_seat_is_refused(tmp_path):
    message = refusal(tmp_path, GIFTS.replace("team east_west", "team P2"))
    assert ":4:6: team 'P2': a team is named, not numbered like a seat" in message


def test_team_words_without_teams_are_refused(tmp_path):
    text = GIFTS.replace("team north_south: P1 and P3\nteam east_west: P2 and P4\n", "")
    message = refusal(tmp_path, text)
    assert "counter 'pot' is 'each team', and the file declares no teams" in message
    assert "'partner's' is for games of teams" in message
    assert "'other team's' needs teams, and the file declares none" in message
    assert "end 'out' says 'each team scores', and the file declares no teams" in message


def test_three_teams_have_no_other_team(tmp_path):
    text = GIFTS.replace("players 4", "players 6").replace(
        "team east_west: P2 and P4", "team east_west: P2 and P4\nteam centre: P5 and P6")
    assert "'other team's' needs exactly two teams, and the file declares 3" in refusal(tmp_path, text)


# ---- counters, possessives, scoring -----------------------------------------------------------------
def test_team_counters_are_read_and_written_through_own_partners_and_other_teams(gifts):
    state = gifts.new_game(1)
    assert state.teams == {"north_south": ["P1", "P3"], "east_west": ["P2", "P4"]}
    assert state.team_of("P3") == "north_south" and state.team_of(1) == "east_west"
    with pytest.raises(ValueError, match="no player 'P9'"):
        state.team_of("P9")
    assert state.current_player == "P1"
    play_to(state, "left")                       # P1: 2 to P3
    assert counter(state, "P3.gift") == 2 and state.value("partners_gift", "P1") == 2
    play_to(state, "right")                      # P2: 1 to P2, 3 to north_south's pot
    assert counter(state, "P2.gift") == 1 and counter(state, "north_south.pot") == 3
    assert counter(state, "east_west.pot") == 0
    assert state.value("our_pot", "P1") == state.value("our_pot", "P3") == 3
    assert state.value("their_pot", "P2") == 3 and state.value("their_pot", "P4") == 3
    assert state.value("their_pot", "P1") == 0
    state.undo()
    assert counter(state, "north_south.pot") == 0 and counter(state, "P2.gift") == 0


def test_a_team_scores_once_and_both_partners_have_its_score_and_win(gifts):
    state = gifts.new_game(1)
    for target in ["left", "right", "left", "right"] * 2:
        play_to(state, target)
    assert state.is_over
    # north_south: P3 got 2 twice, P1 2 twice, pot 3 * 4 = 8 + 12; east_west: 1 each per move = 4
    assert state.team_scores == {"north_south": 20, "east_west": 4}
    assert state.scores == {"P1": 20, "P2": 4, "P3": 20, "P4": 4}
    assert state.winners == ["P1", "P3"]
    assert state.results[-1].scores == (20, 4, 20, 4)
    assert state.value("their_score", "P2") == 20


def test_positions_keep_team_counters_and_refuse_partners_with_different_scores(gifts):
    state = gifts.new_game(1)
    play_to(state, "right")
    text = state.to_yaml()
    assert "north_south.pot: 0, east_west.pot: 3" in text
    again = gifts.load_position(text)
    assert again.key() == state.key() and again.observation("P2")["teams"] == state.teams
    with pytest.raises(gamedsl.PositionError, match="the players of team 'north_south' have one score, not P1 4, P3 0"):
        gifts.load_position(text.replace("scores: {P1: 0,", "scores: {P1: 4,"))


def test_the_lowest_score_wins_for_teams_too(tmp_path):
    game = gamedsl.load_game(str(write(tmp_path, GIFTS.replace("match: one deal", "match: one deal, lowest score wins"))))
    state = game.new_game(1)
    for target in ["left", "right", "left", "right"] * 2:
        play_to(state, target)
    assert state.winners == ["P2", "P4"]


def test_winner_scores_for_the_winners_team(tmp_path):
    text = GIFTS.replace("""    when every player: own hand is empty
    each team scores own gift + partner's gift + own pot""", """    when some player: own hand is empty
    winner scores 10 + own gift""")
    state = gamedsl.load_game(str(write(tmp_path, text))).new_game(1)
    for target in ["left", "right", "left", "right", "left"]:
        play_to(state, target)
    assert state.is_over and state.results[-1].winner == 0  # P1 is the first with an empty hand
    assert state.scores == {"P1": 12, "P2": 0, "P3": 12, "P4": 0}  # P1 had 2 from P3
    assert state.winners == ["P1", "P3"]


def test_a_seeded_random_match_of_several_deals_ends_with_partners_level(tmp_path):
    text = GIFTS.replace("match: one deal", "match: deals until some player: own score >= 60")
    game = gamedsl.load_game(str(write(tmp_path, text)))
    for seed in range(3):
        state = game.new_game(seed)
        rng = random.Random(seed)
        for _ in range(2000):
            if state.is_over:
                break
            state.play_random(rng)
        assert state.is_over and len(state.results) > 1
        scores = state.scores
        assert scores["P1"] == scores["P3"] and scores["P2"] == scores["P4"]
        assert max(state.team_scores.values()) >= 60
        best = max(state.team_scores, key=state.team_scores.get)
        assert set(state.teams[best]) <= set(state.winners)


WON = """\
game "Won piles"
players 4
team north_south: P1 and P3
team east_west: P2 and P4

zones:
    stock: shared, pile, face down, holds 1 standard deck
    hand: each player, fan, face up to owner
    won: each team, pile, face down
    given[2]: each team, pile, face up

deal:
    shuffle stock
    deal 2 from stock to each hand
    deal 1 from stock to each won

move keep "a card to the team's won pile":
    from own hand to own won freely
    then: end turn

move give "a card to the other team's first pile":
    from own hand to opponent's given 1 freely
    then: end turn

end out "every hand is empty":
    when every player: own hand is empty
    each team scores size of own won + size of partner's hand - size of other team's won - size of own given 1

match: one deal
"""


def test_zones_of_each_team_are_shared_by_partners(tmp_path):
    game = gamedsl.load_game(str(write(tmp_path, WON)))
    names = game.compiled.zones.names
    assert "north_south.won" in names and "east_west.given2" in names and "P1.won" not in names
    state = game.new_game(1)
    size = lambda name: len(state.zones[game.compiled.zones.by_name[name]])
    assert size("north_south.won") == size("east_west.won") == 1      # `each won`: one card a team
    assert {str(m).split(" -> ")[1] for m in state.legal_moves()} == {"north_south.won", "east_west.given1"}
    for _ in range(4):                                                # everyone keeps: P1, P2, P3, P4
        play_to(state, f"{state.team_of(state.current_player)}.won")
    assert size("north_south.won") == size("east_west.won") == 3
    play_to(state, "east_west.given1")                                # P1 gives, the others keep
    for _ in range(3):
        play_to(state, f"{state.team_of(state.current_player)}.won")
    assert state.is_over
    # north_south: 4 won + 0 - 5 - 0; east_west: 5 won + 0 - 4 - 1 given to it
    assert state.team_scores == {"north_south": -1, "east_west": 0}


def test_a_zone_of_each_team_needs_teams_and_is_no_hand(tmp_path):
    text = WON.replace("won: each team, pile, face down", "won: each team, fan, face up to owner")
    assert "zone 'won' is each team's: 'face up to owner' needs a zone of each player" in refusal(tmp_path, text)
    text = WON.replace("team north_south: P1 and P3\nteam east_west: P2 and P4\n", "")
    assert "zone 'won' is 'each team', and the file declares no teams" in refusal(tmp_path, text)


# ---- computer players -------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["greedy", "mcts:40"])
def test_a_computer_player_helps_its_partner_rather_than_itself_and_the_other_team(gifts, kind):
    for seed in range(4):
        state = gifts.new_game(seed)
        move = ComputerSeat(kind, str(seed)).choose(state)
        assert str(move).endswith("-> left"), (seed, move)


def test_without_teams_the_same_player_plays_for_itself(tmp_path):
    # (the test above tells something: the same choice, judged by the player alone, goes right)
    text = GIFTS.replace("team north_south: P1 and P3\nteam east_west: P2 and P4\n", "")
    text = text.replace("counter pot: each team, starts 0\n", "").replace("; add 3 to other team's pot", "")
    values = text[text.index("value partners_gift"):text.index("deal:")]
    text = text.replace(values, "counter mate: shared, starts 3\n\n").replace("partner's gift", "mate's gift")
    text = text.replace("each team scores own gift + mate's gift + own pot", "each player scores own gift")
    state = gamedsl.load_game(str(write(tmp_path, text))).new_game(0)
    assert str(ComputerSeat("greedy", "0").choose(state)).endswith("-> right")


# ---- the command line ------------------------------------------------------------------------------
def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gamedsl", *args], input=stdin, capture_output=True, text=True,
                          timeout=300, check=False, cwd=Path(__file__).parent.parent)


def test_simulate_reports_a_row_per_team(tmp_path):
    path = write(tmp_path, GIFTS)
    done = run("simulate", str(path), "--games", "6", "--seats", "greedy,random,greedy,random")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Gifts: 6 games, fixed seats"
    assert lines[1].split()[:2] == ["team", "wins"]
    north, east = lines[2], lines[3]
    assert north.startswith("north_south (P1, P3)") and north.endswith("greedy, greedy")
    assert east.startswith("east_west (P2, P4)") and east.endswith("random, random")
    wins = [float(line.split()[3]) for line in (north, east)]
    assert sum(wins) <= 6 and wins[0] == 6  # a team's win is counted once; the greedy partners help each other


def test_the_console_shows_team_scores_and_who_partners_whom(tmp_path):
    path = write(tmp_path, GIFTS)
    done = run("play", str(path), "--seats", "human,computer,computer,computer", "--no-color", "--seed", "3",
               stdin="1\n1\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Teams: north_south: P1 and P3; east_west: P2 and P4." in out
    assert "--- Gifts · deal 1 · P1 to move · north_south 0 · east_west 0 ---" in out
    assert "P1 (you), north_south with P3:" in out and "P2, east_west with P4:" in out
    assert "Points: north_south +" in out
    last = out.strip().splitlines()[-1]
    assert last.startswith("Game over. ") and "Final scores: north_south " in last and ", east_west " in last


def test_the_console_watching_computers_ends_with_the_winning_team(tmp_path):
    path = write(tmp_path, GIFTS)
    done = run("play", str(path), "--seats", "computer,computer,computer,computer", "--no-color", "--seed", "2")
    assert done.returncode == 0, done.stderr
    last = done.stdout.strip().splitlines()[-1]
    # every computer helps its partner: both teams 8, a tie, and both win
    assert last == "Game over. north_south (P1 and P3) and east_west (P2 and P4) win. Final scores: north_south 8, east_west 8."


def test_the_example_of_the_language_reference_plays_a_match(tmp_path):
    reference = (Path(__file__).parent.parent / "grammar" / "LANGUAGE.md").read_text(encoding="utf-8")
    section = reference[reference.index("### Teams"):]
    example = code_blocks(section)[0].rstrip("\n")
    text = example + """

zones:
    stock: shared, pile, face down, holds 1 standard deck
    hand: each player, fan, face up to owner
    trick: shared, pile, face up

deal:
    shuffle stock
    deal 13 from stock to each hand

move play "a card to the trick: one more for the player":
    from own hand to trick freely
    then: add 1 to own tricks; add 1 to own bags; end turn
"""
    state = gamedsl.load_game(str(write(tmp_path, text))).new_game(5)
    rng = random.Random(5)
    while not state.is_over:
        state.play_random(rng)
    assert max(state.team_scores.values()) >= 500 and len(state.results) == 3  # 260 - 26 a deal
    assert state.winners == ["P1", "P2", "P3", "P4"]  # every team plays as many cards: a tie
