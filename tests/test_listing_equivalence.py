"""The written-out listing of every phase against the reference: the same moves in the same order.

Each phase's listing writes its card moves out for their zones and its priorities in line
(`compiler/generators.py`, `compiler/priorities.py`); the reference listing sends every card
move through the engine's general loop (`State._generate_card_moves`) and the priorities through
`State._apply_priorities`. Random players and game records depend on the order, so the two must
agree exactly, with the priorities and without them, on seeded positions of every game file.
"""

from __future__ import annotations

import collections
import random
from pathlib import Path

import pytest

import gamedsl
from gamedsl.compiler.generators import generator

GAMES = Path(__file__).resolve().parents[1] / "games"
GAME_FILES = sorted(str(p) for p in GAMES.rglob("*.game"))
SEEDS = range(3)
MOVES_PER_SEED = 160  # positions compared per seed (fewer where the priorities look ahead)


def _references(game: gamedsl.Game) -> list:
    c = game.compiled
    return [generator(c, phase, reference=True) for phase in range(len(c.phases))]


def _compare(state: gamedsl.State, references: list) -> int:
    """Both listings of the position, with and without priorities; the number of moves seen."""
    c = state._c
    phase = state.phase
    for priorities in (True, False):
        written = c.generators[phase](state, priorities)
        expected = references[phase](state, priorities)
        assert written == expected, (f"{state.game.path} deal {state.deal_number} turn {state.turn_number} "
                                     f"(priorities {'applied' if priorities else 'not applied'}): the written-out "
                                     f"listing differs from the general loop's")
    return len(written)


@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: Path(p).relative_to(GAMES).as_posix())
def test_the_written_out_listing_is_the_general_loops(path: str) -> None:
    game = gamedsl.load_game(path)
    references = _references(game)
    moves = MOVES_PER_SEED // 8 if game.compiled.looks_ahead else MOVES_PER_SEED
    seen = 0
    for seed in SEEDS:
        state = game.new_game(seed)
        rng = random.Random(seed)
        for _ in range(moves):
            if state.is_over:
                break
            seen += _compare(state, references)
            state.play_random(rng)
    assert seen > 0


@pytest.mark.parametrize("name", ["russian_bank", "russian_bank/short", "scopa"])
def test_the_priorities_are_counted_through_the_reference_while_firings_are_counted(name: str) -> None:
    """While `State.fired` is set the listing gives the priorities to `_apply_priorities` (which
    counts the ones that remove moves): the moves listed are the same either way."""
    game = gamedsl.load_game(name)
    state = game.new_game(1)
    rng = random.Random(1)
    for _ in range(120):
        if state.is_over:
            break
        generate = state._c.generators[state.phase]
        plain = generate(state)
        state.fired = collections.Counter()
        try:
            assert generate(state) == plain
        finally:
            state.fired = None
        state.play_random(rng)
