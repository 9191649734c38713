"""Train a small policy on any rules file through the PettingZoo environment, and show it
beating random players: a linear softmax policy (NumPy only) learned by REINFORCE.

    python tools/train_linear.py go_fish --players 2 --episodes 3000
    python tools/train_linear.py schwimmen --episodes 2000 --evaluate 300

The learner takes the first seat of every game (the others play uniformly at random among their
legal actions); its action's logit is a row of weights times the observation vector (plus a
bias), over the legal actions only (the mask). After each game, every choice it made is pushed
towards (or away from) what it chose, by the game's result (+1 won, -1 lost: `reward="win"`)
less a running baseline. It is then played against random players with learning off, and its
win rate is printed beside a random player's in the same seat, with Wilson 95% intervals.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # train with this checkout

from gamedsl.rl import pettingzoo_env  # noqa: E402


class LinearPolicy:
    """logits = W[actions] @ observation + b[actions], a softmax over the legal actions."""

    def __init__(self, actions: int, features: int, rate: float, seed: int):
        self.weights = np.zeros((actions, features), dtype=np.float32)
        self.bias = np.zeros(actions, dtype=np.float32)
        self.rate = rate
        self.rng = np.random.default_rng(seed)

    def choose(self, observation: np.ndarray, legal: list[int], greedy: bool = False) -> tuple[int, np.ndarray]:
        scaled = observation / (1.0 + np.abs(observation))  # counters and points squashed into (-1, 1)
        logits = self.weights[legal] @ scaled + self.bias[legal]
        logits -= logits.max()
        p = np.exp(logits)
        p /= p.sum()
        index = int(p.argmax()) if greedy else int(self.rng.choice(len(legal), p=p))
        return index, p

    def learn(self, steps: list[tuple[np.ndarray, list[int], int, np.ndarray]], advantage: float) -> None:
        """REINFORCE: the gradient of log p(chosen) is (one-hot - p) for the legal rows, averaged
        over the game's choices (a long game does not take bigger steps than a short one)."""
        if not steps:
            return
        step = self.rate * advantage / len(steps)
        for observation, legal, index, p in steps:
            scaled = observation / (1.0 + np.abs(observation))
            push = -p
            push[index] += 1.0
            push *= step
            self.weights[legal] += np.outer(push, scaled).astype(np.float32)
            self.bias[legal] += push.astype(np.float32)


def play(env, policy: LinearPolicy | None, seed: int, learn: bool, rng: random.Random, greedy: bool = False):
    """One game; the learner (or, with no policy, a random player) in seat P1. Its result and choices."""
    env.reset(seed=seed)
    steps = []
    result = 0.0
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if agent == "P1":
            result += reward
        if termination or truncation:
            env.step(None)
            continue
        legal = info["legal_actions"]
        if agent == "P1" and policy is not None:
            index, p = policy.choose(observation["observation"], legal, greedy)
            if learn:
                steps.append((observation["observation"], legal, index, p))
            env.step(legal[index])
        else:
            env.step(legal[rng.randrange(len(legal))])
    return result, steps


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
    parser.add_argument("--episodes", type=int, default=2000, help="games to learn from")
    parser.add_argument("--evaluate", type=int, default=300, help="games to measure the result with")
    parser.add_argument("--rate", type=float, default=0.5, help="learning rate (per game: shared among its choices)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    options = dict(o.split("=", 1) for o in args.option)
    env = pettingzoo_env(args.game, args.players, {k: _value(v) for k, v in options.items()} or None,
                         max_moves=5000, reward="win")
    if not env.space.dense:
        raise SystemExit(f"{env.game.title}: its moves are too many to number densely; this example needs a dense space")
    policy = LinearPolicy(env.space.size, env.layout.size, args.rate, args.seed)
    rng = random.Random(args.seed)
    baseline = 0.0
    for episode in range(args.episodes):
        result, steps = play(env, policy, 10_000 + episode, True, rng)
        policy.learn(steps, result - baseline)
        baseline += 0.02 * (result - baseline)
        if (episode + 1) % max(1, args.episodes // 10) == 0:
            print(f"  {episode + 1} games learnt from; running mean result {baseline:+.2f}", flush=True)
    won = sum(play(env, policy, seed, False, rng)[0] > 0 for seed in range(args.evaluate))
    chance = sum(play(env, None, seed, False, rng)[0] > 0 for seed in range(args.evaluate))
    players = len(env.possible_agents)
    print(f"{env.game.title} ({players} players), seat P1, {args.evaluate} games each against random players:")
    print(f"  the trained linear policy wins {wilson(won, args.evaluate)}")
    print(f"  a random player wins          {wilson(chance, args.evaluate)}")


if __name__ == "__main__":
    main()
