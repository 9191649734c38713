"""Shared fixtures: games are compiled once per test session."""

from __future__ import annotations

from functools import cache

import pytest

import gamedsl


@cache
def cached_game(name: str, players: int | None = None, options: tuple = ()) -> gamedsl.Game:
    return gamedsl.load_game(name, players, dict(options))


@pytest.fixture(scope="session")
def russian_bank() -> gamedsl.Game:
    return cached_game("russian_bank")
