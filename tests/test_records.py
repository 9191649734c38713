"""Saved games: they replay exactly, are written atomically, and bad files are refused."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from gamedsl import SaveFileError, load_game, records

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
    ("garbage: [", "not valid YAML"),
    ("just words", "not a gamedsl saved game"),
    ("format: 1\ngame: no_such_game\nplayers: 2\nmoves: []\n", "neither a shipped game"),
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


ELIMINATION = ROOT / "tests" / "games" / "elimination.game"


def played_from(path: Path, moves: int = 6):
    """A few random moves of the game in the rules file `path` (not a shipped game)."""
    state = load_game(path).new_game(2)
    rng = random.Random(2)
    for _ in range(moves):
        if state.is_over:
            break
        legal = state.legal_moves()
        state.play(legal[rng.randrange(len(legal))])
    return state


def test_a_save_names_its_rules_file_from_its_folder_never_by_an_absolute_path(tmp_path):
    rules = tmp_path / "mine" / "variant.game"
    rules.parent.mkdir()
    rules.write_text(ELIMINATION.read_text())
    state = played_from(rules)
    beside = records.save(state, ["random"] * 3, tmp_path / "mine" / "s.yaml")
    elsewhere = records.save(state, ["random"] * 3, tmp_path / "s.yaml")
    assert yaml.safe_load(beside.read_text())["game"] == "variant.game"
    assert yaml.safe_load(elsewhere.read_text())["game"] == "mine/variant.game"
    far = tmp_path / "far"
    far.mkdir()
    moved = records.save(state, ["random"] * 3, far / "s.yaml")
    assert yaml.safe_load(moved.read_text())["game"] == "variant.game"  # its name alone
    for path in (beside, elsewhere):
        assert records.load(path)[0].key() == state.key()
    with pytest.raises(SaveFileError, match="not in the save's folder"):
        records.load(moved)
    assert records.load(moved, rules)[0].key() == state.key()  # the rules given by the user
    rules.write_text(rules.read_text() + "# changed\n")
    with pytest.raises(SaveFileError, match="another version of the rules"):
        records.load(beside)


@pytest.mark.parametrize("name", ["{outside}", "../outside.game", "/etc/passwd", "sub/../../outside.game",
                                  "link.game", "russian_bank.game/../../outside.game"])
def test_a_save_never_compiles_a_file_outside_its_folder(tmp_path, name):
    secret = tmp_path / "outside.game"
    secret.write_text("SECRET LINE of a file that is not a game\n")
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "link.game").symlink_to(secret)
    path = folder / "s.yaml"
    name = name.format(outside=secret)
    path.write_text(yaml.safe_dump({"format": 1, "game": name, "rules": "0", "players": 2, "seed": 0,
                                    "seats": ["human", "random"], "moves": []}))
    with pytest.raises(SaveFileError) as caught:
        records.load(path)
    assert "SECRET" not in str(caught.value) and "gamedsl play RULES --load" in str(caught.value)


def test_errors_of_a_rules_file_beside_a_save_show_none_of_its_lines(tmp_path):
    (tmp_path / "broken.game").write_text("SECRET LINE of a file that is not a game\n")
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump({"format": 1, "game": "broken.game", "rules": "0", "players": 2, "seed": 0,
                                    "seats": ["human", "random"], "moves": []}))
    with pytest.raises(SaveFileError, match="has errors: see 'gamedsl check") as caught:
        records.load(path)
    assert "SECRET" not in str(caught.value)


BOMB = "".join(f"l{i}: &l{i} [{', '.join([f'*l{i - 1}' if i else 'lol'] * 9)}]\n" for i in range(9))


@pytest.mark.parametrize("text, message", [
    (BOMB + "format: 1\nmoves: *l8\n", "uses a YAML alias"),
    ("format: 1\nmoves: []\nplayers: !!int P1\n", "'P1' is not a whole number at line 3"),
    ("format: 1\nmoves: []\nseed: " + "7" * 5000 + "\n", "a number of 5000 digits"),
    ("format: 1\nmoves: " + "[" * 5000 + "]" * 5000 + "\n", "more than 16 deep"),
    ("format: 1\nmoves: [" + ", ".join(["x"] * 300_000) + "]\n", "more than 250,000 values"),
    ("format: 1\nmoves: []\nseed: !!python/object/apply:os.system [echo hi]\n", "python/object"),
    ("format: 1\nmoves: [12]\n", "each a text"),
    ("format: 1\nmoves: []\nplayers: true\n", "'players' must be a whole number"),
    ("format: 1\nmoves: []\nplayers: 2\noptions: {target: [1]}\n", "'options' must map"),
    ("format: 1\nmoves: []\nplayers: 2\ngame: [1]\n", "'game' must name the game"),
])
def test_hostile_saves_are_refused_quickly_and_clearly(tmp_path, text, message):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(SaveFileError, match=message):
        records.load(path)


def test_a_save_larger_than_the_limit_is_not_read_past_it(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_text("format: 1\nmoves: []\n" + "#" * records.MAX_SAVE_SIZE)
    with pytest.raises(SaveFileError, match="larger than 4 MB"):
        records.load(path)


def test_a_saved_seed_must_be_a_number_or_a_word(tmp_path):
    state = played("russian_bank", 3)
    path = records.save(state, ["human", "random"], tmp_path / "game.yaml")
    doc = yaml.safe_load(path.read_text())
    doc["seed"] = [1, 2]
    path.write_text(yaml.safe_dump(doc))
    with pytest.raises(SaveFileError, match="'seed': a seed is a whole number or a word"):
        records.load(path)


def test_load_takes_the_save_s_players_and_options_and_the_user_s_rules(tmp_path):
    rules = tmp_path / "variant.game"
    rules.write_text(ELIMINATION.read_text())
    (tmp_path / "saves").mkdir()
    save = records.save(played_from(rules), ["random"] * 3, tmp_path / "saves" / "s.yaml")
    run = gamedsl("play", "--load", str(save), "--option", "x=1")
    assert run.returncode == 2 and "drop --players and --option" in run.stderr
    run = gamedsl("replay", str(save), "--all")
    assert run.returncode == 1 and "not in the save's folder" in run.stderr and "Traceback" not in run.stderr
    run = gamedsl("replay", str(save), str(rules), "--all")
    assert run.returncode == 0 and "End of the record" in run.stdout
