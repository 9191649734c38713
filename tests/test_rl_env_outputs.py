"""The environments' outputs, step by step, against digests recorded before any speed work
(issue 21, item 6): a faster step must give the same observations, masks, rewards,
terminations, truncations and infos, bit for bit, on every shipped game.

Each case plays seeded random legal actions through `pettingzoo_env` (a reset with a seed, then
one without: the seed drawn after it) and hashes what a learner reads. Two ways of reading:
`last`, the usual loop (`env.last()`: only the agent to move is observed), and `all`, every
agent observed after every step (other paths through the kept vectors). A case that differs
names the first step whose outputs differ from the recorded per-step digests' chain ends.

    python -m tests.test_rl_env_outputs --write     # record again (only for a change meant to alter outputs)
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import numpy as np
import pytest

from gamedsl import resources

pytest.importorskip("pettingzoo")

import gamedsl.rl as rl  # noqa: E402

from .conftest import cached_game  # noqa: E402

GOLDEN = Path(__file__).parent / "golden" / "rl_env_steps.json"
STEPS = 250  # per episode, two episodes a case; max_moves below truncates the longer games
CHECKPOINT = 25  # a digest kept every so many steps, to name where a difference starts

CASES = [(name, "points", "raise") for name in resources.game_names()] + [
    ("dou_dizhu", "win", "raise"), ("russian_bank", "win", "raise"), ("schwimmen", "win", "raise"),
    ("dou_dizhu", "points", "lose"), ("cribbage", "points", "lose")]


def case_id(case: tuple[str, str, str]) -> str:
    name, reward, illegal = case
    return f"{name}/reward={reward}/illegal={illegal}"


def _observation(hasher, seen: dict[str, np.ndarray]) -> None:
    vector, mask = seen["observation"], seen["action_mask"]
    hasher.update(f"{vector.dtype}{vector.shape}{mask.dtype}{mask.shape}".encode())
    hasher.update(vector.tobytes())
    hasher.update(np.flatnonzero(mask).astype(np.int64).tobytes())
    hasher.update(mask[mask != 0].tobytes())


def _env_state(hasher, env) -> None:
    hasher.update(repr((env.agent_selection, list(env.agents), sorted(env.rewards.items()),
                        sorted(env._cumulative_rewards.items()), sorted(env.terminations.items()),
                        sorted(env.truncations.items()), sorted(env.infos.items()))).encode())


def run_case(case: tuple[str, str, str], reading: str) -> list[str]:
    """The chain of digests (one every CHECKPOINT steps, and the last) of a case read one way."""
    name, reward, illegal = case
    env = rl.pettingzoo_env(cached_game(name), max_moves=300, reward=reward, illegal=illegal)
    rng = random.Random(f"{name} {reward} {illegal}")
    hasher = hashlib.sha256()
    chain: list[str] = []
    steps = 0
    for episode, seed in enumerate((11, None)):
        env.reset(seed=seed)
        _env_state(hasher, env)
        for count, agent in enumerate(env.agent_iter(max_iter=STEPS)):
            observation, reward_now, termination, truncation, info = env.last()
            hasher.update(repr((agent, reward_now, termination, truncation, sorted(info.items()))).encode())
            _observation(hasher, observation)
            if reading == "all":
                for other in env.agents:
                    _observation(hasher, env.observe(other))
            if termination or truncation:
                action = None
            elif illegal == "lose" and episode == 0 and count == 17:
                action = int(np.flatnonzero(observation["action_mask"] == 0)[0])  # ends the game, -1 to the agent
            else:
                legal = np.flatnonzero(observation["action_mask"])
                action = int(legal[rng.randrange(len(legal))])
            env.step(action)
            _env_state(hasher, env)
            steps += 1
            if steps % CHECKPOINT == 0:
                chain.append(hasher.hexdigest()[:16])
    chain.append(f"{steps}:{hasher.hexdigest()}")
    return chain


def recorded() -> dict[str, dict[str, list[str]]]:
    return json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("reading", ["last", "all"])
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_env_outputs_are_the_recorded_ones(case, reading):
    expected = recorded()[case_id(case)][reading]
    got = run_case(case, reading)
    if got != expected:
        first = next((i for i, (a, b) in enumerate(zip(got, expected)) if a != b), min(len(got), len(expected)))
        pytest.fail(f"{case_id(case)} read '{reading}': outputs differ from step {first * CHECKPOINT} to "
                    f"{(first + 1) * CHECKPOINT} (recorded {expected[-1]}, now {got[-1]})")


def test_every_shipped_game_is_recorded():
    assert {case_id(c) for c in CASES} == set(recorded())


def write() -> None:
    table = {case_id(case): {reading: run_case(case, reading) for reading in ("last", "all")} for case in CASES}
    GOLDEN.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        raise SystemExit("usage: python -m tests.test_rl_env_outputs --write")
    write()
