"""Perft golden counts: any change to move generation shows up as a changed count."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from .conftest import cached_game

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
from perft import perft

PERFT_DIR = Path(__file__).parent / "perft"


def _cases():
    for path in sorted(PERFT_DIR.glob("*.perft")):
        for line in path.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                _, seed, _, depth, _, nodes = line.split()
                yield pytest.param(path.stem, int(seed), int(depth), int(nodes), id=f"{path.stem}-s{seed}-d{depth}")


@pytest.mark.parametrize("game_name, seed, depth, nodes", list(_cases()))
def test_perft(game_name, seed, depth, nodes):
    state = cached_game(game_name).new_game(seed)
    assert perft(state, depth) == nodes
    assert state.history == []  # perft undoes everything it plays


def test_depth_one_is_the_number_of_legal_moves():
    state = cached_game("russian_bank").new_game(3)
    assert perft(state, 1) == len(state.legal_moves())
