"""Any rules file as a PettingZoo AEC environment (`pip install 'gamedsl[rl]'`).

    env = pettingzoo_env("my_game.game")        # a shipped game by its name, or a rules file
    env.reset(seed=1)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        mask = observation["action_mask"]
        env.step(None if termination or truncation else int(np.flatnonzero(mask)[0]))

Agents are the seats (`P1`, `P2`, …). An observation is `{"observation": float32 vector,
"action_mask": int8 vector}`: the vector is `ObservationLayout`'s (nothing hidden leaks), the mask
is 1 at the legal actions of the agent to move (all 0 for the others). Actions are `ActionSpace`
ids; in a game whose ids are too many for a mask (`ActionSpace.dense` False) an action is instead
the place of the move among the legal moves, ordered by id, out of `LEGAL_CAP` places. Rewards:
with `reward="points"` (the default) each step gives every agent the change of its match points
(negated when the file says the lowest score wins), so a whole game's rewards add up to its
scores; with `reward="win"`, +1 to each winner and -1 to the others when the game ends.
`reset(seed=S)` deals what `gamedsl play GAME --seed S` deals; a reset without a seed deals from
seeds drawn after it. After
`max_moves` moves without an end, every agent is truncated. An action that is not legal raises
a ValueError, or with `illegal="lose"` ends the game at once, -1 to the agent that made it (what
a learner sampling actions without the mask needs). `render()` is the console's table as
the agent to move sees it (`render_mode="ansi"` returns it, `"human"` prints it). The agent to
move's `info["legal_actions"]` lists its legal actions (the mask's ones, without a scan). With
`recall=True` the environment records the match, and `information_state(agent)` is everything
the agent has seen of it, as text (OpenSpiel's information-state string).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .. import load_game
from ..console import plain, render
from ..engine import Game, State
from .actions import action_space
from .observation import ObservationLayout
from .recall import observation_text, recall_text, snapshot

LEGAL_CAP = 4096  # the places of legal moves an action may name, in a game whose ids are too many for a mask


class GamedslEnv(AECEnv):
    """One rules file (and its options) as an AEC environment."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["human", "ansi"], "name": "gamedsl",
                                         "is_parallelizable": False}

    def __init__(self, game: Game, render_mode: str | None = None, max_moves: int = 2000, reward: str = "points",
                 illegal: str = "raise", recall: bool = False):
        super().__init__()
        self.recall = recall
        if illegal not in ("raise", "lose"):
            raise ValueError(f"illegal must be 'raise' or 'lose', not {illegal!r}")
        self.illegal = illegal
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        if reward not in ("points", "win"):
            raise ValueError(f"reward must be 'points' or 'win', not {reward!r}")
        if max_moves < 1:
            raise ValueError("max_moves must be at least 1")
        self.game = game
        self.render_mode = render_mode
        self.max_moves = max_moves
        self.reward_kind = reward
        self.space = action_space(game)
        self.layout = ObservationLayout(game)
        self.metadata = dict(self.metadata, name=f"gamedsl_{_identifier(game.title)}")
        self.possible_agents = [f"P{i + 1}" for i in range(game.compiled.players)]
        self._seats = {a: seat for seat, a in enumerate(self.possible_agents)}
        self._no_rewards = dict.fromkeys(self.possible_agents, 0.0)
        actions = self._actions = self.space.size if self.space.dense else LEGAL_CAP
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.layout.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8)}) for a in self.possible_agents}
        self._sign = -1.0 if game.compiled.lowest_wins else 1.0
        self._seeds = random.Random()
        self.state: State | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ---- the loop ----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:  # the deal of `gamedsl play GAME --seed SEED`; later resets draw theirs from it
            self._seeds.seed(seed)
        self.state = self.game.new_game(seed if seed is not None else self._seeds.getrandbits(32))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._informed = self.agent_selection = self.possible_agents[self.state.current]
        self.moves = 0
        self._legal: list[int] | None = None
        self._moves: list[Any] = []
        self.steps = [snapshot(self.state)] if self.recall else []
        if self.state.is_over:  # a deal that ends as it is dealt (a hand shown at once) ended the match
            self.rewards = self._final_rewards([0.0] * len(self.possible_agents))
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        self._describe_turn()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        try:
            move = self._move(action)
        except ValueError:
            if self.illegal == "raise":
                raise
            self._lose(agent)
            return
        before = state.points  # never changed in place: a new list when the points change
        self._cumulative_rewards[agent] = 0.0
        mover, said = state.current, len(state.said)
        state._play_internal(move)  # one of the legal moves as the state lists them: nothing to check
        if self.recall:
            self.steps.append(snapshot(state, mover, self.game.codec.public(move), said))
        self._legal = None
        self.moves += 1
        if state.is_over:
            self.rewards = self._final_rewards(before)
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        else:
            if state.points is before or self.reward_kind != "points":
                self.rewards = self._no_rewards.copy()  # no points changed: nothing to add up
            else:
                self.rewards = self._point_rewards(before)
                self._accumulate_rewards()
            if self.moves >= self.max_moves:
                self.truncations = dict.fromkeys(self.agents, True)
            else:
                self.agent_selection = self.possible_agents[state.current]
                self._describe_turn()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seats[agent]
        mask = bytearray(self._actions)  # written by Python, handed to NumPy once as a view
        state = self.state
        if agent == self.agent_selection and not (state.is_over or self.truncations.get(agent)):
            legal = self._legal_ids()
            if not self.space.dense:
                mask[:len(legal)] = b"\x01" * len(legal)
            elif len(legal) < 64:
                for number in legal:
                    mask[number] = 1
            else:  # many: one NumPy call is cheaper than the loop
                array = np.frombuffer(mask, dtype=np.int8)
                array[legal] = 1
                return {"observation": self.layout.encode(state, seat), "action_mask": array}
        return {"observation": self.layout.encode(state, seat), "action_mask": np.frombuffer(mask, dtype=np.int8)}

    def information_state(self, agent: str) -> str:
        """Everything `agent` has seen of the match (with `recall=True`): every move as it saw it
        (a card it could not see is not named), every change in its sight, what the rules
        announced, then what it sees now — the string OpenSpiel's game gives as well."""
        if not self.recall:
            raise ValueError("the environment keeps no record: make it with recall=True")
        seat = self.possible_agents.index(agent)
        return recall_text(self.state, self.steps, seat) + "\n" + observation_text(self.state, seat)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = plain(render(self.state, self.state.current))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # ---- moves ---------------------------------------------------------------------------------
    def _legal_ids(self) -> list[int]:
        """The legal moves' ids: in the order of `legal_moves()` (dense), or sorted (places).
        Listed once a turn, with the moves themselves in the same order (`_moves`)."""
        if self._legal is None:
            moves = self.state._legal_internal()
            ids = self.space.legal_ids(self.state)
            if not self.space.dense:
                order = sorted(range(len(ids)), key=ids.__getitem__)
                ids, moves = [ids[i] for i in order], [moves[i] for i in order]
            self._legal, self._moves = ids, moves
        return self._legal

    def _move(self, action: Any) -> Any:
        """The legal move (as the state lists it) that an action names; ValueError if none."""
        try:
            number = int(action)
        except (TypeError, ValueError):
            raise ValueError(f"an action is a whole number, not {action!r}") from None
        legal = self._legal_ids()
        if self.space.dense:
            try:
                return self._moves[legal.index(number)]
            except ValueError:
                raise ValueError(f"action {number} is not legal now: the mask says which are") from None
        if not 0 <= number < len(legal):
            raise ValueError(f"action {number} is not legal now: {len(legal)} moves, places 0 to {len(legal) - 1}")
        return self._moves[number]

    def _point_rewards(self, before: list[float]) -> dict[str, float]:
        """Each agent's change of match points since `before` (0 with `reward="win"` until the end)."""
        if self.reward_kind != "points":
            return dict.fromkeys(self.agents, 0.0)
        return {self.possible_agents[seat]: self._sign * (new - old)
                for seat, (old, new) in enumerate(zip(before, self.state.points))}

    def _final_rewards(self, before: list[float]) -> dict[str, float]:
        """The last rewards: the points' change, or +1 to each winner and -1 to the others."""
        if self.reward_kind == "points":
            return self._point_rewards(before)
        winners = set(self.state.winners)
        return {a: 1.0 if a in winners else -1.0 for a in self.agents}

    def _lose(self, agent: str) -> None:
        """`illegal="lose"`: an illegal action ends the game, -1 to the agent that made it."""
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = -1.0
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos[agent] = {"illegal": True}
        self._accumulate_rewards()

    def _describe_turn(self) -> None:
        """`infos[agent]["legal_actions"]`: the actions the agent to move may take (what its mask
        says, as a list: the quickest way to choose among them); every other agent's info is {}."""
        state = self.state
        if state.is_over or self.truncations[self.agent_selection]:
            return
        legal = self._legal_ids()
        if len(legal) > LEGAL_CAP and not self.space.dense:
            raise ValueError(f"{len(legal)} legal moves: more than the {LEGAL_CAP} places an action can name")
        infos = self.infos
        informed = self._informed
        if informed in infos:  # the last agent told its actions (the others' infos are {} already)
            infos[informed] = {}
        agent = self._informed = self.agent_selection
        infos[agent] = {"legal_actions": legal if self.space.dense else list(range(len(legal)))}


def pettingzoo_env(game: str | Game, players: int | None = None, options: dict[str, Any] | None = None,
                   render_mode: str | None = None, max_moves: int = 2000, reward: str = "points",
                   illegal: str = "raise", recall: bool = False) -> GamedslEnv:
    """The AEC environment of a shipped game (by name) or a rules file (by path), with its options."""
    loaded = game if isinstance(game, Game) else load_game(game, players, options)
    return GamedslEnv(loaded, render_mode=render_mode, max_moves=max_moves, reward=reward, illegal=illegal,
                      recall=recall)


def _identifier(title: str) -> str:
    return "".join(ch.lower() if ch.isalnum() else "_" for ch in title).strip("_")
