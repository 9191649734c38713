"""Card moves listed in C (gamedsl/compiler/native/card_moves.py): the same moves in the same
order as the Python listing on every game file, played move for move the same on both back
ends; the Python listing wherever the native path is off or cannot be built; bad arguments
refused with an exception, never a crash."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

import gamedsl
from gamedsl.compiler.native import build
from gamedsl.compiler.native import card_moves as native_card_moves

ROOT = Path(__file__).resolve().parents[1]
GAME_FILES = sorted(str(p) for p in ROOT.joinpath("games").rglob("*.game"))
HAS_COMPILER = shutil.which(build.compiler()[0]) is not None
needs_compiler = pytest.mark.skipif(not HAS_COMPILER, reason="no C compiler on this machine")
MOVES = 400  # per seed


def load(path: str, backend: str, monkeypatch: pytest.MonkeyPatch) -> gamedsl.Game:
    monkeypatch.setenv("GAMEDSL_NATIVE", "1" if backend == "native" else "0")
    game = gamedsl.load_game(path)
    monkeypatch.delenv("GAMEDSL_NATIVE")
    return game


def listed_in_c(game: gamedsl.Game) -> bool:
    """Whether some phase lists a card move with a C `Lister`."""
    return any("# in C" in listing.source for listing in game.compiled.generators)


@needs_compiler
@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: Path(p).relative_to(ROOT / "games").as_posix())
def test_seeded_games_list_the_same_moves_on_both_back_ends(path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    python, compiled = load(path, "python", monkeypatch), load(path, "native", monkeypatch)
    assert not listed_in_c(python)
    if not listed_in_c(compiled):
        return  # nothing of this game's card moves is in C: one path only
    looks_ahead = compiled.compiled.looks_ahead
    for seed in range(2):
        first, second = python.new_game(seed), compiled.new_game(seed)
        rng_first, rng_second = random.Random(seed), random.Random(seed)
        for _ in range(MOVES // 8 if looks_ahead else MOVES):
            if first.is_over:
                break
            for priorities in (True, False):
                assert first._generate(priorities) == second._generate(priorities), (path, seed, first.turn_number)
            assert first.play_random(rng_first) == second.play_random(rng_second)
        assert first.key() == second.key()


@needs_compiler
@pytest.mark.parametrize("name", ["russian_bank", "canfield", "pyramid"])
def test_the_patience_and_bank_games_list_their_card_moves_in_c(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert listed_in_c(load(name, "native", monkeypatch))


def test_native_0_lists_card_moves_in_python(monkeypatch: pytest.MonkeyPatch) -> None:
    assert not listed_in_c(load("russian_bank", "python", monkeypatch))


def test_without_a_compiler_card_moves_are_listed_in_python(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("CC", str(tmp_path / "no-such-compiler"))
    monkeypatch.delenv("GAMEDSL_NATIVE", raising=False)  # the default: try to build, fall back
    monkeypatch.setattr(build, "_loaded", {})
    game = gamedsl.load_game("russian_bank")
    assert not listed_in_c(game)
    state = game.new_game(2)
    rng = random.Random(2)
    for _ in range(50):
        state.play_random(rng)


@needs_compiler
def test_a_lister_refuses_what_is_not_a_position(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMEDSL_NATIVE", "1")
    native = native_card_moves.module()
    assert native is not None
    full = (1 << 64) - 1
    masks = ((0, (full,) * 65),)
    lister = native.Lister(0, full, ((3, 1, 0, 0, ()),), ((5, 0, -1, 0),), ((-1, masks),), (0,))
    out: list = []
    zones: list[list[int]] = [[] for _ in range(6)]
    zones[3] = [7]
    assert lister(zones, out, [], None) == 0 and out == [(0, 7, 3, 5)]
    with pytest.raises(IndexError):
        lister([[1]], [], [], None)  # fewer zones than the lister reads
    with pytest.raises(TypeError):
        lister([[], [], [], (7,), [], []], [], [], None)  # a zone that is not a list
    with pytest.raises(ValueError):
        lister([[], [], [], [99], [], []], [], [], None)  # not a card
    with pytest.raises(TypeError):
        lister(zones, out, [])  # a missing argument
    with pytest.raises(ValueError):
        native.Lister(0, full, ((3, 1, 0, 0, ()),), ((5, 0, -1, 4),), ((-1, masks),), (0,))  # no table 4
