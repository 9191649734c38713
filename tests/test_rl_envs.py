"""The environments (issue 21, items 3 and 5): every shipped game passes PettingZoo's own API and
seed tests; masks are the legal moves; a game's rewards add up to its scores; truncation, render,
illegal actions; the one-player games pass Gymnasium's environment checker."""

from __future__ import annotations

import subprocess
import sys
import warnings

import numpy as np
import pytest

from gamedsl import resources

pettingzoo_test = pytest.importorskip("pettingzoo.test")  # the `rl` extra; the test extra brings it
from gymnasium.utils.env_checker import check_env  # noqa: E402

import gamedsl.rl as rl  # noqa: E402

from .conftest import cached_game  # noqa: E402

GAMES = resources.game_names()
SOLITAIRES = [name for name in GAMES if cached_game(name).compiled.players == 1]


@pytest.mark.parametrize("name", GAMES)
def test_every_game_passes_the_pettingzoo_api_test(name):
    env = rl.pettingzoo_env(cached_game(name), max_moves=300)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on names and Dict spaces: classic envs do the same
        pettingzoo_test.api_test(env, num_cycles=60)


@pytest.mark.parametrize("name", GAMES)
def test_the_same_seed_gives_the_same_game(name):
    game = cached_game(name)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pettingzoo_test.seed_test(lambda: rl.pettingzoo_env(game, max_moves=300), num_cycles=40)


def play_out(env, seed, choose=lambda mask, rng: int(rng.choice(np.flatnonzero(mask)))):
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        totals[agent] += reward
        env.step(None if termination or truncation else choose(observation["action_mask"], rng))
    return totals


@pytest.mark.parametrize("name, players", [("schwimmen", None), ("oh_hell", 4), ("go_fish", 3), ("cribbage", None)])
def test_a_games_rewards_add_up_to_its_scores(name, players):
    game = gamedsl_game(name, players)
    env = rl.pettingzoo_env(game, max_moves=100_000)
    totals = play_out(env, seed=2)
    assert env.state.is_over
    sign = -1 if game.compiled.lowest_wins else 1
    assert totals == {f"P{i + 1}": sign * p for i, p in enumerate(env.state.points)}


def gamedsl_game(name, players):
    import gamedsl

    return cached_game(name) if players is None else gamedsl.load_game(name, players)


def test_win_rewards_and_masks_are_the_legal_moves():
    env = rl.pettingzoo_env(cached_game("dou_dizhu"), reward="win")
    env.reset(seed=5)
    for _ in range(30):
        agent = env.agent_selection
        observation, *_ = env.last()
        mask = observation["action_mask"]
        assert sorted(np.flatnonzero(mask)) == sorted(env.space.legal_ids(env.state))
        others = [env.observe(a)["action_mask"] for a in env.agents if a != agent]
        assert all(not m.any() for m in others)  # only the agent to move has moves
        env.step(int(np.flatnonzero(mask)[-1]))
    totals = play_out(env, seed=5)
    assert sorted(totals.values()) in ([-1.0, 1.0, 1.0], [-1.0, -1.0, 1.0])  # the landlord, or the farmers, won


def test_a_game_too_large_for_a_mask_chooses_by_place():
    env = rl.pettingzoo_env(cached_game("scopa"))
    env.reset(seed=1)
    observation, *_ = env.last()
    legal = env.state.legal_moves()
    assert not env.space.dense and observation["action_mask"].sum() == len(legal)
    assert observation["action_mask"][:len(legal)].all()
    env.step(0)
    assert len(env.state.history) == 1


def test_truncation_after_max_moves_and_render_as_the_console():
    env = rl.pettingzoo_env(cached_game("russian_bank"), max_moves=5, render_mode="ansi")
    env.reset(seed=1)
    assert env.render().startswith("--- Russian Bank · deal 1")
    steps = 0
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if truncation:
            assert steps == 5 and not termination
            env.step(None)
            continue
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
        steps += 1
    assert env.agents == []


def test_an_illegal_action_raises_or_loses():
    env = rl.pettingzoo_env(cached_game("dou_dizhu"))
    env.reset(seed=1)
    observation, *_ = env.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match=f"action {illegal} is not legal now"):
        env.step(illegal)
    env = rl.pettingzoo_env(cached_game("dou_dizhu"), illegal="lose")
    env.reset(seed=1)
    agent = env.agent_selection
    env.step(illegal)
    assert all(env.terminations.values()) and env._cumulative_rewards[agent] == -1
    with pytest.raises(ValueError, match="reward must be 'points' or 'win'"):
        rl.pettingzoo_env(cached_game("dou_dizhu"), reward="chips")


@pytest.mark.parametrize("name", SOLITAIRES)
def test_one_player_games_pass_gymnasium_s_checker(name):
    env = rl.gymnasium_env(cached_game(name), max_moves=200, illegal="lose")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on unbounded boxes: counters have no bounds
        check_env(env, skip_render_check=True)
    observation, info = env.reset(seed=3)
    first = observation["observation"].copy()
    assert np.array_equal(env.reset(seed=3)[0]["observation"], first)  # the same seed, the same deal


def test_several_players_are_refused_by_the_gymnasium_wrapper():
    with pytest.raises(ValueError, match="is for 3 players: a Gymnasium environment is for one"):
        rl.gymnasium_env(cached_game("dou_dizhu"))


def test_the_core_package_does_not_import_the_rl_extra():
    code = "import gamedsl, gamedsl.rl, sys; print('pettingzoo' in sys.modules, 'gymnasium' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_describe_prints_both_layouts(capsys):
    text = rl.describe("dou-dizhu")
    assert "Dou Dizhu: 519 numbers (float32)" in text and "Dou Dizhu: 34,218 action ids (dense)" in text
    assert capsys.readouterr().out.strip() == text.strip()


def test_a_match_that_ends_as_it_is_dealt_is_over_at_reset():
    import gamedsl

    game = gamedsl.load_game("schwimmen", options={"starting_chips": 1})
    seed = 3187701496  # a 31 dealt ("Schnauz"): shown at once, it ends the deal, and with one chip the match
    assert game.new_game(seed).is_over
    env = rl.pettingzoo_env(game, reward="win")
    env.reset(seed=seed)
    assert env.state.key() == game.new_game(seed).key()  # the deal of `play --seed`
    assert all(env.terminations.values())
    assert sorted(env._cumulative_rewards.values()) in ([-1.0, 1.0], [1.0, 1.0])
    for _agent in env.agent_iter():
        env.step(None)
    assert env.agents == []


def test_the_training_example_learns_to_beat_random_players():
    import re
    from pathlib import Path

    tool = Path(__file__).resolve().parents[1] / "tools" / "train_linear.py"
    out = subprocess.run([sys.executable, str(tool), "schwimmen", "--option", "starting_chips=1", "--episodes", "300",
                          "--evaluate", "200"], capture_output=True, text=True, check=True, timeout=900).stdout
    trained = int(re.search(r"trained linear player wins (\d+)/200", out).group(1))
    chance = int(re.search(r"a random player wins +(\d+)/200", out).group(1))
    assert trained >= chance + 30, out  # on the same deals against the same random opponents


def test_the_information_state_names_no_card_the_agent_could_not_see():
    env = rl.pettingzoo_env(cached_game("cribbage"), recall=True)
    env.reset(seed=3)
    observation, *_ = env.last()
    first = env.agent_selection
    env.step(env.infos[first]["legal_actions"][0])  # two cards discarded face down to the crib
    other = next(a for a in env.possible_agents if a != first)
    mine, theirs = env.information_state(first), env.information_state(other)
    assert "(2 cards not shown)" in theirs and "(2 cards not shown)" not in mine
    with pytest.raises(ValueError, match="recall=True"):
        rl.pettingzoo_env(cached_game("cribbage")).information_state("P1")


@pytest.mark.parametrize("name", GAMES)
def test_each_steps_observation_is_a_fresh_count_and_its_mask_the_legal_moves(name):
    """The environment keeps its vectors between steps: every agent's observation, step after
    step, is what a fresh layout counts in a copy of the position, the mover's mask marks its
    legal moves, and only the mover's info lists actions."""
    from gamedsl.rl import ObservationLayout

    game = cached_game(name)
    env = rl.pettingzoo_env(game, max_moves=80)
    fresh = ObservationLayout(game)
    rng = np.random.default_rng(7)
    env.reset(seed=4)
    for agent in env.agent_iter():
        observation, _reward, termination, truncation, info = env.last()
        for other in env.agents:
            seen = env.observe(other)
            assert np.array_equal(seen["observation"], fresh.encode(env.state.copy(), env.possible_agents.index(other)))
            if other != agent:
                assert not seen["action_mask"].any() and env.infos[other] == {}
        if termination or truncation:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"]) if env.space.dense else info["legal_actions"]
        if env.space.dense:
            assert sorted(legal) == sorted(env.space.legal_ids(env.state)) == sorted(info["legal_actions"])
        env.step(int(rng.choice(legal)))
