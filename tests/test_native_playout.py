"""The native playout (gamedsl/compiler/native/playout.py): the loop in C must play, move for
move, the game the Python loop plays with the same generator, on every game file; its draws
are those of `random.Random._randbelow`."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import gamedsl
from gamedsl.compiler.native import playout
from gamedsl.errors import RulesRuntimeError

from .test_native import GAME_FILES, load, needs_compiler


def finished(game: gamedsl.Game, seed: int, rng: random.Random, limit: int | None = None) -> gamedsl.State:
    """A new game of that seed played out (a gap in the rules stops it: the error is kept)."""
    state = game.new_game(seed)
    try:
        state.playout(rng, limit)
    except RulesRuntimeError as gap:
        state.gap = str(gap)
    return state


@needs_compiler
def test_draws_in_place_are_randbelow(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMEDSL_NATIVE", "1")
    fixed = playout.loop()
    assert fixed is not None and playout.draws_match(fixed.module)
    module = fixed.module
    for in_place in (True, False):  # from the generator's state, and through its `_randbelow`
        ours, theirs = random.Random(7), random.Random(7)
        for n in [1, 2, 3, 5, 64, 65, 1000, 12345, 2 ** 30 + 7] * 50:
            assert module.draw(ours, n, in_place) == theirs._randbelow(n)
        assert ours.random() == theirs.random()


@needs_compiler
def test_a_deal_s_generator_seeded_in_c_is_random_random_s(monkeypatch: pytest.MonkeyPatch) -> None:
    """`seeded(text, loop)` gives the very generator `random.Random(text)` does, checked on
    loading (`seeds_match`) and here on texts of every kind a seed makes; without a loop, the
    Python one."""
    monkeypatch.setenv("GAMEDSL_NATIVE", "1")
    fixed = playout.loop()
    assert fixed is not None and playout.seeds_match(fixed.module)
    texts = [f"{seed}/{deal}" for seed in (0, 1, 17, -3, 10 ** 30, "seed", "ünïcode 🂡") for deal in (1, 2, 3)]
    for text in [*texts, "", "x" * 100_000, "3/1/7", "0/4/2/1/55/again 2"]:
        for loop in (fixed, None):
            ours, theirs = playout.seeded(text, loop), random.Random(text)
            assert type(ours) is random.Random and ours.getstate() == theirs.getstate(), text
            assert [ours.random() for _ in range(700)] == [theirs.random() for _ in range(700)]
            assert ours.gauss(0, 1) == theirs.gauss(0, 1)


@needs_compiler
@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: Path(p).relative_to(Path(p).parents[1]).as_posix())
def test_native_playouts_are_the_python_ones(path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    python, native = load(path, "python", monkeypatch), load(path, "native", monkeypatch)
    assert python.compiled.playout_loop is None and native.compiled.playout_loop is not None
    for seed in range(3):
        first, second = random.Random(seed), random.Random(seed)
        by_python, by_c = finished(python, seed, first, 3000), finished(native, seed, second, 3000)
        assert by_c.key() == by_python.key()
        assert by_c.results == by_python.results
        assert by_c.forgotten == by_python.forgotten
        assert getattr(by_c, "gap", None) == getattr(by_python, "gap", None)
        assert first.random() == second.random()  # the same draws, no more


@needs_compiler
def test_a_generator_of_another_kind_draws_through_its_own_method(monkeypatch: pytest.MonkeyPatch) -> None:
    class Counted(random.Random):
        draws = 0

        def _randbelow(self, n: int) -> int:
            Counted.draws += 1
            return super()._randbelow(n)

    native = load("dou_dizhu", "native", monkeypatch)
    plain, counted = finished(native, 4, random.Random(4)), finished(native, 4, Counted(4))
    assert counted.key() == plain.key()
    assert Counted.draws == plain.forgotten


@needs_compiler
def test_a_failing_move_names_the_move(monkeypatch: pytest.MonkeyPatch) -> None:
    native = load("dou_dizhu", "native", monkeypatch)
    state = native.new_game(2)

    def broken(st: gamedsl.State, mv: tuple) -> None:
        raise KeyError("nothing here")

    monkeypatch.setattr(native.compiled, "unrecorded_appliers", [broken] * len(native.compiled.actions))
    with pytest.raises(RulesRuntimeError, match="failed while playing .*KeyError"):
        state.playout(random.Random(1))


def test_native_0_plays_out_in_python(monkeypatch: pytest.MonkeyPatch) -> None:
    assert load("dou_dizhu", "python", monkeypatch).compiled.playout_loop is None


@needs_compiler
def test_a_shuffle_in_c_is_the_python_one(monkeypatch: pytest.MonkeyPatch) -> None:
    from gamedsl.compiler.game import shuffled

    monkeypatch.setenv("GAMEDSL_NATIVE", "1")
    fixed = playout.loop()
    assert fixed is not None
    for size in (0, 1, 2, 3, 54, 104, 300):
        for seed in range(10):
            by_python, by_c = list(range(size)), list(range(size))
            first, second = random.Random(seed), random.Random(seed)
            shuffled(by_python, first)
            assert fixed.shuffled(by_c, second)
            assert by_c == by_python
            assert first.random() == second.random()  # the same draws, no more
    assert not fixed.shuffled([1, 2, 3], random.SystemRandom())  # not drawn in place: left to Python
