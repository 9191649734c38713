"""Rules files as environments for reinforcement learning (a leaf package: the engine never
imports it). `ActionSpace`: every move a file can produce, numbered from the file alone;
`ObservationLayout`: what a player sees, as a float32 vector laid out from the file;
`pettingzoo_env` / `gymnasium_env` (with the `rl` extra: `pip install 'gamedsl[rl]'`) and the
OpenSpiel game `python_gamedsl` (`gamedsl.rl.openspiel_game`)."""

from __future__ import annotations

from typing import Any

from .actions import LIMIT, ActionSpace, action_space
from .observation import ObservationLayout, Segment

__all__ = ["LIMIT", "ActionSpace", "ObservationLayout", "Segment", "action_space", "describe", "gymnasium_env", "pettingzoo_env"]


def describe(game: Any, players: int | None = None, options: dict[str, Any] | None = None) -> str:
    """The observation layout and the action space of a game (a `Game`, a shipped game's name or a
    rules file's path), as text; also printed."""
    from .. import load_game
    from ..engine import Game

    loaded = game if isinstance(game, Game) else load_game(game, players, options)
    text = ObservationLayout(loaded).describe() + "\n\n" + ActionSpace(loaded).describe()
    print(text)
    return text


def __getattr__(name: str) -> Any:
    """The environments are imported when first asked for: pettingzoo and gymnasium are an extra."""
    if name == "pettingzoo_env":
        from .pettingzoo_aec import pettingzoo_env

        return pettingzoo_env
    if name == "gymnasium_env":
        from .gymnasium_single import gymnasium_env

        return gymnasium_env
    raise AttributeError(f"module 'gamedsl.rl' has no attribute {name!r}")
