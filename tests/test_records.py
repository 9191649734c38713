"""Saved games: they replay exactly, are written atomically, and bad files are refused."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from gamedsl import SaveFileError, records

from .conftest import cached_game

ROOT = Path(__file__).resolve().parents[1]


def played(name: str, moves: int, seed: int = 3, players: int | None = None):
    state = cached_game(name, players).new_game(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        legal = state.legal_moves()
        state.play(legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize("name, players", [("russian_bank", None), ("dou_dizhu", None), ("schwimmen", 4),
                                           ("spite_and_malice", None)])
def test_a_save_resumes_the_same_position(tmp_path, name, players):
    state = played(name, 60, players=players)
    path = records.save(state, ["human"] + ["computer"] * (state.game.players - 1), tmp_path / "game.yaml")
    again, seats = records.load(path)
    assert again.key() == state.key() and again.results == state.results
    assert seats[0] == "human" and len(seats) == state.game.players


def test_a_crash_while_saving_leaves_the_old_save_whole(tmp_path, monkeypatch):
    state = played("schwimmen", 10, players=3)
    path = records.save(state, ["human", "computer", "computer"], tmp_path / "game.yaml")
    before = path.read_text()
    state.play(state.legal_moves()[0])

    def crash(*args, **kwargs):
        raise OSError("disk unplugged")

    monkeypatch.setattr(records.os, "replace", crash)
    with pytest.raises(OSError):
        records.save(state, ["human", "computer", "computer"], path)
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.yaml"]  # no temporary left behind


@pytest.mark.parametrize("text, message", [
    ("garbage: [", "not readable YAML"),
    ("just words", "not a gamedsl saved game"),
    ("format: 1\ngame: no_such_game\nplayers: 2\nmoves: []\n", "cannot be loaded"),
])
def test_corrupt_saves_are_refused(tmp_path, text, message):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(SaveFileError, match=message):
        records.load(path)


def test_a_save_for_other_rules_or_with_a_bad_move_is_refused(tmp_path):
    state = played("russian_bank", 5)
    path = records.save(state, ["human", "computer"], tmp_path / "game.yaml")
    doc = yaml.safe_load(path.read_text())
    doc["rules"] = "0000000000000000"
    path.write_text(yaml.safe_dump(doc))
    with pytest.raises(SaveFileError, match="another version of the rules"):
        records.load(path)
    doc["rules"] = records.fingerprint(state.game)
    doc["moves"].append("fly to the moon")
    path.write_text(yaml.safe_dump(doc))
    with pytest.raises(SaveFileError, match="does not replay"):
        records.load(path)


def gamedsl(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gamedsl", *args], input=stdin, capture_output=True, text=True,
                          timeout=300, cwd=ROOT)


def test_save_in_the_console_then_load_and_replay(tmp_path):
    save = tmp_path / "s.yaml"
    run = gamedsl("play", "schwimmen", "--players", "3", "--seed", "4", stdin=f"1\n1\nsave {save}\nquit\n")
    assert run.returncode == 0 and f"Saved to {save}" in run.stdout
    run = gamedsl("play", "--load", str(save), stdin="quit\n")
    assert run.returncode == 0 and "Resuming Schwimmen after" in run.stdout
    run = gamedsl("replay", str(save), "--all")
    assert run.returncode == 0 and "End of the record" in run.stdout
    run = gamedsl("replay", str(save), stdin="\n\nq\n")
    assert run.returncode == 0 and "[2/" in run.stdout
    bad = tmp_path / "bad.yaml"
    bad.write_text("garbage: [")
    run = gamedsl("play", "--load", str(bad))
    assert run.returncode == 1 and "not a saved game" in run.stderr and "Traceback" not in run.stderr
    assert bad.read_text() == "garbage: ["  # nothing lost
