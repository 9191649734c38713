"""Options, seeds and seats typed by users or read from saves: a clear error for every value
that is not one, never a traceback, a silently wrong game or one that never ends."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from gamedsl import RulesError, load_game
from gamedsl.model import check_file
from gamedsl.players import PlayerSpecError, check_spec

ROOT = Path(__file__).resolve().parents[1]
RANGED = """extends russian_bank
option reserve_size = 13 from 1 to 20 "cards dealt to each reserve"
"""


def gamedsl(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gamedsl", *args], capture_output=True, text=True, timeout=120,
                          cwd=ROOT)


@pytest.mark.parametrize("option, message", [
    ("target=nan", "takes a plain number (like 300), not 'nan'"),
    ("target=inf", "not 'inf'"),
    ("target=1e400", "not '1e400'"),
    ("target=٣", "not '٣'"),
    ("reserve_size=-5", "a whole number from 0 to 104"),
    ("reserve_size=2.5", "a whole number from 0 to 104"),
    ("reserve_size=1000000", "a whole number from 0 to 104"),
])
def test_option_values_that_are_not_numbers_of_the_game_are_refused(option, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        load_game("russian_bank", options=dict([option.split("=")]))


def test_an_option_range_is_declared_and_enforced(tmp_path):
    path = tmp_path / "ranged.game"
    path.write_text(RANGED)
    assert load_game(path, options={"reserve_size": "4"}).options["reserve_size"] == 4
    for value in ("0", "21", 30.0):
        with pytest.raises(ValueError, match="takes a number from 1 to 20"):
            load_game(path, options={"reserve_size": value})
    assert check_file(path).option_ranges == {"reserve_size": (1.0, 20.0)}


@pytest.mark.parametrize("line, message", [
    ('option reserve_size = 13 from 20 to 1 "x"', "'from 20 to 1' is not a range"),
    ('option reserve_size = 30 from 1 to 20 "x"', "its default 30 is not from 1 to 20"),
    ('option style = plain from 1 to 2 "x"', "only a number option has a range"),
    ('option reserve_size = 2.5 "x"', "is 2.5, but line 37 of russian_bank.game deals that many cards"),
])
def test_the_checker_refuses_ranges_and_counts_that_cannot_hold(tmp_path, line, message):
    path = tmp_path / "bad.game"
    path.write_text(f"extends russian_bank\n{line}\n")
    with pytest.raises(RulesError, match=re.escape(message)):
        check_file(path)


@pytest.mark.parametrize("spec", ["mcts:nans", "mcts:infs", "mcts:1e9", "mcts:99999999999", "mcts:0s", "mcts:١٠",
                                  "mcts:1_0s", "mcts:7200s"])
def test_seat_budgets_are_plain_and_bounded(spec):
    with pytest.raises(PlayerSpecError, match="a budget is a number of simulations from 1"):
        check_spec(spec)
    assert check_spec("mcts:2.5s") == "mcts:2.5s" and check_spec("mcts:400") == "mcts:400"


@pytest.mark.parametrize("args, message", [
    (("--seed", "²"), "argument --seed: a seed is a whole number"),
    (("--seed", "9" * 5000), "a seed has at most 40 digits, not 5000"),
    (("--option", "reserve_size=inf"), "option reserve_size takes a plain number"),
    (("--seats", "human,mcts:nans"), "'mcts:nans': a budget is"),
])
def test_the_command_line_says_what_is_wrong(args, message):
    run = gamedsl("play", "russian_bank", *args)
    assert run.returncode in (1, 2) and message in run.stderr and "Traceback" not in run.stderr
