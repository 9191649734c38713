"""Shared fixtures: games are compiled once per test session."""

from __future__ import annotations

from functools import cache

import os

import pytest
from hypothesis import settings

import gamedsl

# In CI the properties try the same examples on every run, so that a run fails only for a change
# (a random game that happens to loop for 200,000 moves is not one); elsewhere they explore anew.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@cache
def cached_game(name: str, players: int | None = None, options: tuple = ()) -> gamedsl.Game:
    return gamedsl.load_game(name, players, dict(options))


@pytest.fixture(scope="session")
def russian_bank() -> gamedsl.Game:
    return cached_game("russian_bank")
