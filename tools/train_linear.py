"""Train a small player on any rules file through the PettingZoo environment, and show it
beating random players: a linear evaluation of the position after each move, learnt from the
games' results (NumPy only).

    python tools/train_linear.py schwimmen --episodes 1500 --evaluate 400
    python tools/train_linear.py go_fish --players 3

The learner takes the first seat of every game; the others play uniformly at random among their
legal actions. For each legal action it looks at the position the move leads to as it would see
it — made in a world dealt from what it has seen (`players.worlds.sample_world`: the cards hidden
from it dealt again at random, so that a move's hidden outcome, such as the cards another player
hands over, is not peeked at) — as the environment's observation vector of that position,
squashed into (-1, 1), and values it as weights · vector; it plays the best (while learning, a random legal action one time in ten).
After each game the weights are moved towards the game's result (+1 won, -1 lost:
`reward="win"`) at every position it chose (Monte Carlo regression). It is then played against
random players with learning off, and its win rate is printed beside a random player's in the
same seat, on the same deals and the same opponents' choices, with Wilson 95% intervals.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # train with this checkout

from gamedsl.players.worlds import sample_world  # noqa: E402
from gamedsl.rl import pettingzoo_env  # noqa: E402


class AfterstateLearner:
    """value(position after a move) = weights · squash(observation of it)."""

    def __init__(self, env, rate: float, explore: float, seed: int):
        self.env = env
        self.weights = np.zeros(env.layout.size, dtype=np.float64)
        self.rate, self.explore = rate, explore
        self.rng = random.Random(seed)

    def features(self, world, action: int, seat: int) -> np.ndarray:
        """The squashed observation, for `seat`, of the position `action` leads to in `world`."""
        env = self.env
        number = action if env.space.dense else sorted(env.space.legal_ids(env.state))[action]
        after = world.copy()
        after.play(env.space.move_of(number, env.state))
        vector = env.layout.encode(after, seat).astype(np.float64)
        return vector / (1.0 + np.abs(vector))

    def choose(self, legal: list[int], seat: int, learning: bool) -> tuple[int, np.ndarray]:
        world = sample_world(self.env.state, seat, self.rng)  # what it sees; the rest dealt anew
        if learning and self.rng.random() < self.explore:
            action = legal[self.rng.randrange(len(legal))]
            return action, self.features(world, action, seat)
        options = [(float(self.weights @ f), a, f) for a in legal for f in (self.features(world, a, seat),)]
        best = max(v for v, _, _ in options)
        ties = [(a, f) for v, a, f in options if v >= best - 1e-12]
        return ties[self.rng.randrange(len(ties))]

    def learn(self, chosen: list[np.ndarray], result: float) -> None:
        for f in chosen:
            self.weights += self.rate * (result - self.weights @ f) * f


def play(env, learner: AfterstateLearner | None, seed: int, learning: bool, opponents: random.Random):
    """One game; the learner (or, with None, a random player) in seat P1. Its result and choices."""
    env.reset(seed=seed)
    chosen, result = [], 0.0
    for agent in env.agent_iter():
        _observation, reward, termination, truncation, info = env.last()
        if agent == "P1":
            result += reward
        if termination or truncation:
            env.step(None)
            continue
        legal = info["legal_actions"]
        if agent == "P1" and learner is not None:
            action, features = learner.choose(legal, 0, learning)
            chosen.append(features)
            env.step(action)
        else:
            env.step(legal[opponents.randrange(len(legal))])
    return result, chosen


def wilson(wins: int, n: int) -> str:
    if not n:
        return "–"
    z, p = 1.96, wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{wins}/{n}, {100 * p:.1f}% ({100 * (centre - half):.1f}–{100 * (centre + half):.1f}%)"


def _value(text: str) -> float | str:
    try:
        return float(text)
    except ValueError:
        return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--episodes", type=int, default=1500, help="games to learn from")
    parser.add_argument("--evaluate", type=int, default=400, help="games to measure the result with")
    parser.add_argument("--rate", type=float, default=0.01, help="learning rate")
    parser.add_argument("--explore", type=float, default=0.1, help="share of random moves while learning")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    options = {k: _value(v) for k, v in (o.split("=", 1) for o in args.option)}
    env = pettingzoo_env(args.game, args.players, options or None, max_moves=5000, reward="win")
    learner = AfterstateLearner(env, args.rate, args.explore, args.seed)
    opponents = random.Random(args.seed)
    mean = 0.0
    for episode in range(args.episodes):
        result, chosen = play(env, learner, 10_000 + episode, True, opponents)
        learner.learn(chosen, result)
        mean += 0.02 * (result - mean)
        if (episode + 1) % max(1, args.episodes // 10) == 0:
            print(f"  {episode + 1} games learnt from; running mean result {mean:+.2f}", flush=True)
    trained = sum(play(env, learner, s, False, random.Random(s))[0] > 0 for s in range(args.evaluate))
    chance = sum(play(env, None, s, False, random.Random(s))[0] > 0 for s in range(args.evaluate))
    print(f"{env.game.title} ({len(env.possible_agents)} players), seat P1, {args.evaluate} games each against "
          "random players (the same deals, the same opponents' choices):")
    print(f"  the trained linear player wins {wilson(trained, args.evaluate)}")
    print(f"  a random player wins           {wilson(chance, args.evaluate)}")


if __name__ == "__main__":
    main()
