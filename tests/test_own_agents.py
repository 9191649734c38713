"""A seat played by one's own agent: `module:function` or `path/agent.py:function`, a function of
the world the seat sees and its legal moves (tests/agents/first_move.py)."""

from __future__ import annotations

import pytest

from gamedsl.cli import main
from gamedsl.players import ComputerSeat, PlayerSpecError, check_spec, make_player
from gamedsl.players.agents import AgentError, AgentPlayer
from gamedsl.simulate import simulate

from .conftest import cached_game

AGENT = "tests.agents.first_move:choose"
AGENT_FILE = "tests/agents/first_move.py:by_index"


def test_agent_descriptions_are_kept_as_written():
    assert check_spec(f" {AGENT} ") == AGENT and check_spec(AGENT_FILE) == AGENT_FILE
    assert isinstance(make_player(AGENT), AgentPlayer)
    assert check_spec("mcts:400") == "mcts:400"  # (a budget is no function)


@pytest.mark.parametrize("spec, message", [
    ("no_such_module:choose", "no module named 'no_such_module'"),
    ("tests.agents.first_move:nope", "has no 'nope'"),
    ("tests.agents.first_move:not_callable", "is not a function"),
    ("tests/agents/missing.py:choose", "no file"),
    ("mtcs:400", "did you mean 'mcts'"),
])
def test_agents_that_cannot_be_loaded_are_refused_with_a_message(spec, message):
    with pytest.raises(PlayerSpecError, match=message):
        check_spec(spec)


def test_an_agent_is_handed_the_seat_s_world_and_its_moves():
    state = cached_game("go_fish").new_game(3)
    seat = ComputerSeat(AGENT, 0)
    move = seat.choose(state)
    assert move == state.legal_moves()[0]
    last = ComputerSeat(AGENT_FILE, 0).choose(state)  # an index into the moves
    assert last == list(state.legal_moves())[-1]


@pytest.mark.parametrize("name, message", [("wrong", "not one of the"), ("broken", "failed: KeyError")])
def test_an_agent_that_goes_wrong_is_named(name, message):
    state = cached_game("go_fish").new_game(3)
    with pytest.raises(AgentError, match=message):
        ComputerSeat(f"tests.agents.first_move:{name}", 0).choose(state)


def test_simulate_seats_an_agent_reproducibly():
    seats = [AGENT, "greedy", AGENT_FILE]
    one = simulate("go_fish", 3, seats, "7")
    two = simulate("go_fish", 3, seats, "7", workers=2)
    assert [e.wins for e in one.entries] == [e.wins for e in two.entries]
    assert [e.points for e in one.entries] == [e.points for e in two.entries]
    assert one.entries[0].kind == AGENT and one.entries[0].moves > 0


def test_the_command_line_takes_an_agent_and_reports_a_failing_one(capsys):
    assert main(["simulate", "go_fish", "--games", "1", "--seats", f"{AGENT},greedy,greedy"]) == 0
    assert AGENT in capsys.readouterr().out
    assert main(["simulate", "go_fish", "--games", "1", "--seats", "tests.agents.first_move:broken,greedy,greedy"]) != 0
    err = capsys.readouterr().err
    assert "failed: KeyError" in err and "Traceback" not in err
    assert main(["simulate", "go_fish", "--games", "1", "--seats", "nomod:f,greedy,greedy"]) != 0
    assert "no module named 'nomod'" in capsys.readouterr().err


def test_the_console_seats_an_agent():
    import io

    from gamedsl.console import Console

    state = cached_game("go_fish").new_game(2)
    out = io.StringIO()
    Console(state, ["tests.agents.first_move:choose", "greedy", "greedy"], seed=1,
            read=lambda prompt: "quit", out=out).run()
    assert state.is_over and "Traceback" not in out.getvalue()
