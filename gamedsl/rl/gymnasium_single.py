"""A one-player rules file (a patience) as a Gymnasium environment (`pip install 'gamedsl[rl]'`).

    env = gymnasium_env("my_patience.game")     # a one-player rules file, or a shipped one by name
    observation, info = env.reset(seed=1)
    while True:
        action = int(np.flatnonzero(observation["action_mask"])[0])
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

Observations, actions and rewards are those of the PettingZoo environment (`pettingzoo_env`)
for its one agent: `{"observation", "action_mask"}`, `ActionSpace` ids (or places among the legal
moves where the ids are too many for a mask), the change of the match points (or with
`reward="win"`, +1 for a game won and -1 for one lost); truncated after `max_moves` moves; an
illegal action raises, or with `illegal="lose"` ends the game with -1.
"""

from __future__ import annotations

from typing import Any, ClassVar

import gymnasium

from ..engine import Game
from .pettingzoo_aec import GamedslEnv, pettingzoo_env


class GamedslSingleEnv(gymnasium.Env):
    """The environment of a game for one player, over the AEC environment of its one agent."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["human", "ansi"]}

    def __init__(self, inner: GamedslEnv):
        if len(inner.possible_agents) != 1:
            raise ValueError(f"{inner.game.title} is for {len(inner.possible_agents)} players: a Gymnasium environment "
                             "is for one (use pettingzoo_env for several)")
        self.inner = inner
        self.agent = inner.possible_agents[0]
        self.observation_space = inner.observation_space(self.agent)
        self.action_space = inner.action_space(self.agent)
        self.render_mode = inner.render_mode

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        self.inner.reset(seed=seed)
        return self.inner.observe(self.agent), dict(self.inner.infos[self.agent])

    def step(self, action: Any) -> tuple[dict, float, bool, bool, dict]:
        inner = self.inner
        inner.step(action)
        reward = float(inner.rewards[self.agent])
        return (inner.observe(self.agent), reward, bool(inner.terminations[self.agent]),
                bool(inner.truncations[self.agent]), dict(inner.infos[self.agent]))

    def render(self) -> str | None:
        return self.inner.render()


def gymnasium_env(game: str | Game, options: dict[str, Any] | None = None, render_mode: str | None = None,
                  max_moves: int = 2000, reward: str = "points", illegal: str = "raise") -> GamedslSingleEnv:
    """The Gymnasium environment of a one-player shipped game (by name) or rules file (by path)."""
    return GamedslSingleEnv(pettingzoo_env(game, None, options, render_mode, max_moves, reward, illegal))


__all__ = ["GamedslSingleEnv", "gymnasium_env"]
