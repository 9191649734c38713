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
@pytest.mark.parametrize("name", ["russian_bank", "canfield", "pyramid", "spite_and_malice", "yukon",
                                  "russian_bank/crossley"])
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


@needs_compiler
@pytest.mark.parametrize("name", ["spite_and_malice", "yukon", "russian_bank/crossley"])
def test_wilds_and_groups_in_c_list_what_the_general_loop_lists(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seeded games that meet wilds played as ranks and declared on the tops of targets, or
    groups (headed by face-down cards everyone has seen): the C listing against the engine's
    general loop, with the priorities and without."""
    from gamedsl.compiler.generators import generator

    game = load(name, "native", monkeypatch)
    c = game.compiled
    references = [generator(c, phase, reference=True) for phase in range(len(c.phases))]
    wild_moves = declared = groups = 0
    for seed in range(3):
        state, rng = game.new_game(seed), random.Random(seed)
        for _ in range(300):
            if state.is_over:
                break
            for priorities in (True, False):
                listed = c.generators[state.phase](state, priorities)
                assert listed == references[state.phase](state, priorities), (name, seed, state.turn_number)
            wild_moves += sum(1 for m in listed if isinstance(m[1], int) and m[1] >= 64)
            declared += bool(state.declared)
            groups += sum(1 for m in listed if c.actions[m[0]].group)
            state.play_random(rng)
    if c.has_wilds:
        assert wild_moves and declared
    else:
        assert groups


FULL = (1 << 64) - 1


def masks_of(rows: dict[int, int], empty: int) -> tuple:
    """A table's one set of 65 masks: rows[top] (else nothing), `empty` for an empty zone."""
    return ((-1, ((0, tuple(rows.get(top, 0) for top in range(64)) + (empty,)),)),)


@needs_compiler
def test_a_lister_plays_a_wild_as_each_rank_the_target_takes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMEDSL_NATIVE", "1")
    native = native_card_moves.module()
    assert native is not None
    wilds = tuple((1, 2) if card == 60 else None for card in range(64))  # card 60 stands for rank 1 or 2
    tables = masks_of({4: 0xF << 8, 0: 0xF << 4, 12: (0xF << 4) | (0xF << 8)}, 1)  # rank 1 on rank 0, 2 on 1
    targets = ((1, 0, -1, 0), (2, 0, -1, 0))
    lister = native.Lister(0, FULL, ((0, 1, 0, 0, ()),), targets, tables, (0, 0), wilds)
    zones: list[list[int]] = [[60], [4], [12]]
    out: list = []
    lister(zones, out, [], None, {})
    assert out == [(0, 60 + 64 * 3, 0, 1), (0, 60 + 64 * 2, 0, 2), (0, 60 + 64 * 3, 0, 2)]  # by target, then rank
    out = []
    lister(zones, out, [], None, {1: {0: 0}, 2: {}})  # zone 1's top card is a wild that stands for card 0
    assert out == [(0, 60 + 64 * 2, 0, 1), (0, 60 + 64 * 2, 0, 2), (0, 60 + 64 * 3, 0, 2)]
    blind = native.Lister(0, FULL, ((0, 1, 1, 0, ()),), targets, masks_of({4: 1 << 60}, 0), (0, 0), wilds)
    out = []
    blind(zones, out, [], None, {})  # a card not shown goes as itself
    assert out == [(0, -1, 0, 1)]
    with pytest.raises(ValueError):
        native.Lister(0, FULL, ((0, 1, 0, 0, ()),), targets, tables, (0, 0), (None,) * 63)
    with pytest.raises(ValueError):
        native.Lister(0, FULL, ((0, 1, 0, 0, ()),), targets, tables, (0, 0), ((16,),) * 64)  # no rank 16
    with pytest.raises(TypeError):
        lister(zones, [], [], None, [])  # declared is a dict


@needs_compiler
def test_a_lister_moves_groups_by_the_place_of_their_card(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMEDSL_NATIVE", "1")
    native = native_card_moves.module()
    assert native is not None
    every = masks_of({top: FULL for top in range(64)}, FULL)
    targets = ((1, 0, -1, 0), (2, 0, -1, 0))
    face_up = ((0, 0, 0, 0, (), 0),)
    zones: list[list[int]] = [[9, 5, 30], [7], []]
    out: list = []
    # covered cards head groups, the bottom one never into an empty zone
    native.Lister(0, FULL, face_up, targets, every, (0, 0), None, (0, 0, 1, None))(zones, out, [], None)
    assert out == [(0, 9, 0, 1), (0, 5, 0, 1), (0, 5, 0, 2)]
    out = []
    native.Lister(0, FULL, face_up, targets, every, (0, 0), None, (1, 0, 0, None))(zones, out, [], None)
    assert out == [(0, 9, 0, 1), (0, 9, 0, 2)]  # the whole pile only
    out = []
    chain = tuple((1 << 30) if below == 5 else 0 for below in range(64))  # 30 lies on 5, nothing else chains
    native.Lister(0, FULL, face_up, targets, every, (0, 0), None, (0, 1, 0, chain))(zones, out, [], None)
    assert out == [(0, 5, 0, 1), (0, 5, 0, 2), (0, 30, 0, 1), (0, 30, 0, 2)]  # the run from the top, if any
    out = []
    face_down = ((0, 0, 0, 0, (), 2),)  # face down, top face up: 9 is known to all, 5 is not
    lister = native.Lister(0, FULL, face_down, targets, every, (0, 0), None, (0, 1, 0, None))
    lister(zones, out, [], None, None, frozenset({9}))
    assert out == [(0, 9, 0, 1), (0, 9, 0, 2), (0, 30, 0, 1), (0, 30, 0, 2)]
    with pytest.raises(TypeError):
        lister(zones, [], [], None, None, [9])  # public is a set
    with pytest.raises(ValueError):
        native.Lister(0, FULL, face_up, targets, every, (0, 0), None, (0, 0, 0))
