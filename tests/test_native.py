"""The native path (gamedsl/compiler/native): combination listings compiled to C must give the
same plays in the same order as the generated Python, and a machine without a C compiler must
play the same games on the Python path."""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import gamedsl
from gamedsl.compiler import native
from gamedsl.compiler.native import build

ROOT = Path(__file__).resolve().parents[1]
GAME_FILES = sorted(str(p) for p in [*ROOT.joinpath("games").rglob("*.game"), *ROOT.joinpath("tests", "games").glob("*.game")])
HAS_COMPILER = shutil.which(build.compiler()[0]) is not None
needs_compiler = pytest.mark.skipif(not HAS_COMPILER, reason="no C compiler on this machine")


def finders(game: gamedsl.Game) -> list:
    """The rank-counted combination finders of a game (the ones the native path compiles)."""
    found = []
    for action in game.compiled.actions:
        if action.combination is not None and not action.combination.kinds.by_cards:
            for finder in action.combination.finders.values():  # one finder may serve every player
                if all(finder is not f for f in found):
                    found.append(finder)
    return found


def load(path: str, backend: str, monkeypatch: pytest.MonkeyPatch) -> gamedsl.Game:
    monkeypatch.setenv("GAMEDSL_NATIVE", "1" if backend == "native" else "0")
    game = gamedsl.load_game(path)
    monkeypatch.delenv("GAMEDSL_NATIVE")
    return game


def random_counts(rng: random.Random, least: int = 0) -> list[int]:
    counts = [0] * 16
    for _ in range(rng.randrange(least, 21)):
        rank = rng.randrange(16)
        counts[rank] = min(4, counts[rank] + 1)
    return counts


@needs_compiler
def test_native_leads_and_answers_are_the_python_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """On random hands: every lead, and the answers to plays of every kind, in the same order."""
    game = load("dou_dizhu", "native", monkeypatch)
    rng = random.Random(5)
    finder = finders(game)[0]
    assert finder.native is not None
    answered = set()
    for _ in range(600):
        counts = random_counts(rng)
        assert finder.leads(counts) == finder.python_leads(counts), counts
        other = random_counts(rng, 12)
        for kind in finder.set.kinds:  # a play of each kind the other hand can make, to answer
            readings = finder.set.plays(other, (kind,))
            if not readings:
                continue
            table = rng.choice(readings)
            index = table.kind.index
            assert finder.answer[index](counts, table) == finder.python_answer[index](counts, table), (counts, table)
            answered.add(index)
    assert answered == {kind.index for kind in finder.set.kinds}  # every kind's answers were compared


@needs_compiler
@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: Path(p).relative_to(Path(p).parents[1]).as_posix())
def test_seeded_games_are_the_same_on_both_back_ends(path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    python, compiled = load(path, "python", monkeypatch), load(path, "native", monkeypatch)
    if not finders(compiled):  # nothing of this game is compiled to C: one path only
        assert finders(python) == []
        return
    assert all(f.native is not None for f in finders(compiled)) and all(f.native is None for f in finders(python))
    for seed in range(3):
        first, second = python.new_game(seed), compiled.new_game(seed)
        rng_first, rng_second = random.Random(seed), random.Random(seed)
        moves = 0
        while not first.is_over and moves < 3000:
            assert first.play_random(rng_first) == second.play_random(rng_second)
            moves += 1
        assert first.key() == second.key() and first.scores == second.scores
        other = compiled.new_game(seed)
        assert other.playout(random.Random(seed), limit=3000) == moves  # the unrecorded path too
        assert other.key() == first.key()


@needs_compiler
def test_the_c_source_holds_no_text_of_the_rules_file(monkeypatch: pytest.MonkeyPatch) -> None:
    game = load("dou_dizhu", "native", monkeypatch)
    finder = finders(game)[0]
    source = finder.native_source
    for kind in finder.set.kinds:
        assert not re.search(rf"\b{kind.name}\b", source)
    assert "dou_dizhu" not in source
    module = next(iter(re.findall(r"gamedsl_native_[0-9a-f]{20}", source)))
    literals = set(re.findall(r'"([^"]*)"', source)) - {"Python.h", module, f"{module}.Finder", "Finder"}
    assert literals <= {"key", "length", "leads", "OiiO", "O!", "counts must be a list of 16 ints",
                        "a key rank out of range", "a number too large", "tables of another layout",
                        "every play of the hand (counts by rank)",
                        "the plays that beat a play of this kind"} | {f"answer_{k.index}" for k in finder.set.kinds} \
        | {f"answer_{k.index}(counts, table)" for k in finder.set.kinds}


def test_without_a_compiler_the_python_path_is_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("CC", str(tmp_path / "no-such-compiler"))
    monkeypatch.delenv("GAMEDSL_NATIVE", raising=False)  # the default: try to build, fall back
    monkeypatch.setattr(build, "_loaded", {})
    game = gamedsl.load_game("dou_dizhu")
    assert [f.native for f in finders(game)] == [None]
    assert game.compiled.playout_loop is None  # the playout's loop in Python too
    state = game.new_game(4)
    state.playout(random.Random(4))
    assert state.is_over
    monkeypatch.setenv("GAMEDSL_NATIVE", "1")  # required: the failed build is then an error
    with pytest.raises(native.BuildError, match="cannot run the C compiler"):
        gamedsl.load_game("dou_dizhu")


def test_a_compiler_that_refuses_the_source_falls_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("CC", "false")  # runs, and fails
    monkeypatch.delenv("GAMEDSL_NATIVE", raising=False)  # the default: try to build, fall back
    monkeypatch.setattr(build, "_loaded", {})
    assert [f.native for f in finders(gamedsl.load_game("dou_dizhu"))] == [None]
    assert not list((tmp_path / "gamedsl" / "native").iterdir())  # no half-built file left behind


def test_native_0_turns_it_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMEDSL_NATIVE", "0")
    finder = finders(gamedsl.load_game("dou_dizhu"))[0]
    assert finder.native is None and finder.leads is finder.python_leads


@needs_compiler
def test_a_module_is_built_once_and_then_loaded_from_the_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(build, "_loaded", {})
    load("dou_dizhu", "native", monkeypatch)
    built = sorted((tmp_path / "gamedsl" / "native").iterdir())
    assert len(built) == 3  # the game's listings, the fixed helpers (runtime.py) and playout loop (playout.py)
    assert all(path.name.startswith("gamedsl_native_") and path.suffix == ".so" for path in built)

    def no_build(*args: object) -> None:
        raise AssertionError("built again")

    monkeypatch.setattr(build, "_loaded", {})
    monkeypatch.setattr(build, "_build", no_build)
    assert finders(load("dou_dizhu", "native", monkeypatch))[0].native is not None


def test_the_console_plays_without_a_compiler(tmp_path: Path) -> None:
    """The README's first command (a game in the console) on a machine whose compiler is missing."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path), "CC": str(tmp_path / "no-such-compiler")}
    env.pop("GAMEDSL_NATIVE", None)
    run = subprocess.run([sys.executable, "-m", "gamedsl", "play", "dou_dizhu", "--seed", "3", "--seats",
                          "random,random,random", "--plain"], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=300, stdin=subprocess.DEVNULL, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "Traceback" not in run.stderr
    assert not (tmp_path / "gamedsl" / "native").exists() or not list((tmp_path / "gamedsl" / "native").glob("*.so"))


@needs_compiler
def test_a_damaged_file_in_the_cache_is_built_again(tmp_path: Path) -> None:
    """In a fresh process (one that has loaded a module keeps it, whatever the file becomes)."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path), "GAMEDSL_NATIVE": "1"}
    probe = ("import gamedsl; g = gamedsl.load_game('dou_dizhu'); "
             "print(all(f.native is not None for a in g.compiled.actions if a.combination for f in a.combination.finders.values()))")
    first = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True,
                           timeout=300, check=False)
    assert first.stdout.strip() == "True", first.stderr[-2000:]
    for path in (tmp_path / "gamedsl" / "native").iterdir():
        damaged = path.with_suffix(".damaged")
        damaged.write_bytes(b"not a shared object")
        damaged.replace(path)  # a new file, as a half-finished copy would be
    again = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True,
                           timeout=300, check=False)
    assert again.stdout.strip() == "True", again.stderr[-2000:]
    assert all(path.stat().st_size > 1000 for path in (tmp_path / "gamedsl" / "native").iterdir())
