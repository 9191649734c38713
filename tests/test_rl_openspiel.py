"""Rules files as OpenSpiel games (issue 21, item 4): `python_gamedsl` passes OpenSpiel's own
random-simulation checks on every shipped game; its chance node deals what `new_game(seed)`
deals; its legal actions are the engine's legal moves; an information state never depends on
cards the player has not seen; returns are a win or a loss; OpenSpiel's MCTS bot plays through it."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from gamedsl import cards, resources
from gamedsl.engine import Move
from gamedsl.players.worlds import sample_world
from gamedsl.rl import (
    ActionSpace,
    openspiel_game,
)
from gamedsl.rl.recall import Step, recall_text

from .conftest import cached_game

GAMES = resources.game_names()


def load(name: str, **params) -> pyspiel.Game:
    text = ",".join(f"{k}={v}" for k, v in {"game": name, **params}.items())
    return pyspiel.load_game(f"python_gamedsl({text})")


def dealt(game: pyspiel.Game, seed: int = 0) -> pyspiel.State:
    state = game.new_initial_state()
    state.apply_action(seed)
    return state


HERE = Path(__file__).resolve().parent


@pytest.mark.parametrize("name", GAMES + [str(HERE / "games" / "climbing.game")])
def test_openspiel_random_simulations_pass_on_every_game(name):
    """OpenSpiel's consistency checks: clones, sorted legal actions and masks, tensors' sizes,
    chance outcomes, serialising and reloading, the length within max_game_length, returns within
    the bounds."""
    pyspiel.random_sim_test(load(name, max_moves=200, seeds=50), num_sims=3, serialize=True, verbose=False)


def test_loads_by_name_with_its_parameters():
    game = pyspiel.load_game("python_gamedsl(game=dou_dizhu)")
    assert game.num_players() == 3
    assert game.num_distinct_actions() == ActionSpace(cached_game("dou_dizhu")).size
    assert game.max_chance_outcomes() == 1000 and game.max_game_length() == 1000
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    four = load("schwimmen", players=4, options="starting_chips:1;three_card_swap:0")
    assert four.num_players() == 4
    assert dealt(four).match.state.game.options["starting_chips"] == 1
    by_dict = pyspiel.load_game("python_gamedsl", {"game": "schwimmen", "options": "starting_chips=2"})
    assert by_dict.shared.game.options["starting_chips"] == 2
    assert load("spades").get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert load("cribbage").get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


@pytest.mark.parametrize("params, words", [
    ({"game": "no_such_game"}, "no_such_game"),
    ({"game": "schwimmen", "players": 99}, "players"),
    ({"game": "schwimmen", "options": "target"}, "name:value"),
    ({"game": "schwimmen", "options": "no_such_option:1"}, "has no option 'no_such_option'"),
    ({"game": "schwimmen", "seeds": 0}, "seeds"),
])
def test_bad_parameters_say_what_is_wrong(params, words):
    name = params.pop("game")
    with pytest.raises(Exception) as caught:
        load(name, **params)
    assert words in str(caught.value)


def test_the_chance_node_chooses_the_seed_of_the_deal():
    game = load("go_fish", seeds=20)
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(20))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    for seed in (0, 7, 19):
        after = state.clone()
        after.apply_action(seed)
        assert after.match.state.zones == cached_game("go_fish").new_game(seed).zones
        assert after.match.state.zones != cached_game("go_fish").new_game(seed + 1).zones
    assert "seed" not in dealt(game, 7).information_state_string(0)  # nobody observes the seed


@pytest.mark.parametrize("name", ["go_fish", "dou_dizhu", "scopa", "cribbage", "russian_bank"])
def test_legal_actions_are_the_engine_legal_moves(name):
    game = load(name, seeds=10)
    space = ActionSpace(cached_game(name))
    rng = random.Random(name)
    for seed in range(2):
        state = dealt(game, seed)
        engine = cached_game(name).new_game(seed)
        for _ in range(40):
            if state.is_terminal():
                break
            actions = state.legal_actions()
            assert state.current_player() == engine.current
            assert sorted(state.action_to_string(a) for a in actions) == sorted(str(m) for m in engine.legal_moves())
            if space.dense:
                assert actions == sorted(space.legal_ids(engine))
            else:
                assert actions == list(range(len(actions)))
            action = rng.choice(actions)
            engine.play(state.action_to_string(action))
            state.apply_action(action)
            assert state.match.state.key() == engine.key()


def test_a_space_too_large_for_ids_numbers_moves_by_their_place():
    game = load("scopa", seeds=5)
    assert not ActionSpace(cached_game("scopa")).dense
    assert game.num_distinct_actions() == openspiel_game.PLACES
    state = dealt(game, 1)
    space = ActionSpace(cached_game("scopa"))
    by_id = sorted(space.legal_ids(state.match.state))
    assert [state.action_to_string(a) for a in state.legal_actions()] == \
        [str(space.move_of(i, state.match.state)) for i in by_id]


def never_seen(steps: list[Step], state, seat: int) -> set[int]:
    """The cards `seat` saw nowhere at any step, by its observations (not by `recall`)."""
    seen = set()
    for step in steps:
        table = state.copy()
        table.zones = [list(z) for z in step.zones]
        table.public = step.public
        for shown in table.observation(seat)["zones"].values():
            seen |= {cards.parse_card(t) for t in shown if t != "??"}
    return {cards.parse_card(cards.CARD_TEXT[c]) for c in state._c._universe()} - seen


def relabelled(steps: list[Step], swap: dict[int, int]) -> list[Step]:
    """The same steps with the cards of `swap` exchanged: another world, alike to whoever saw none of them."""
    texts = {cards.CARD_TEXT[a]: cards.CARD_TEXT[b] for a, b in swap.items()}

    def move(m: Move | None) -> Move | None:
        if m is None:
            return None
        def words(t):
            return None if t is None else " ".join(texts.get(w, w) for w in t.split(" "))
        return m._replace(card=words(m.card), text=words(m.text), chosen=words(m.chosen))

    return [Step(s.mover, move(s.move), tuple(tuple(swap.get(c, c) for c in z) for z in s.zones),
                 frozenset(swap.get(c, c) for c in s.public), s.said) for s in steps]


@pytest.mark.parametrize("name", ["go_fish", "hearts", "cribbage", "gin_rummy", "spades", "schwimmen"])
def test_the_information_state_never_depends_on_cards_the_player_has_not_seen(name):
    game = load(name, seeds=10)
    rng = random.Random(name)
    checked = 0
    for seed in range(3):
        state = dealt(game, seed)
        for _ in range(rng.randrange(5, 60)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        engine, steps = state.match.state, state.match.steps
        for seat in range(game.num_players()):
            hidden = sorted(never_seen(steps, engine, seat))
            if len(hidden) < 2:
                continue
            shuffled = hidden[:]
            rng.shuffle(shuffled)
            swap = dict(zip(hidden, shuffled))
            assert recall_text(engine, relabelled(steps, swap), seat) == recall_text(engine, steps, seat)
            world = sample_world(engine, seat, rng)  # the position now, re-dealt from what it cannot see
            assert openspiel_game.observation_text(world, seat) == openspiel_game.observation_text(engine, seat)
            checked += 1
    assert checked


def test_a_card_moved_out_of_sight_is_not_named_to_the_others():
    game = load("cribbage", seeds=3)
    state = dealt(game, 0)
    mover = state.current_player()
    action = state.legal_actions()[0]
    text = state.action_to_string(action)  # `discard QS KH`: two cards to the hidden crib
    state.apply_action(action)
    named = [t for t in text.split() if cards.parse_card(t) is not None]
    assert len(named) == 2
    mine, theirs = state.information_state_string(mover), state.information_state_string(1 - mover)
    assert text in mine and text not in theirs
    assert "(2 cards not shown)" in theirs.splitlines()[1]
    assert not any(t in theirs.split("\n")[1] for t in named)


def test_what_the_rules_announce_is_in_every_information_state():
    game = load("schwimmen", seeds=5)
    rng = random.Random(1)
    state = dealt(game, 0)
    while not state.match.state.said and not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    said = state.match.state.said
    assert said, "no announcement in this game: choose another seed"
    for seat in range(2):
        assert said[0][1] in state.information_state_string(seat)


def test_returns_are_a_win_or_a_loss_at_the_end():
    game = load("dou_dizhu", seeds=10)
    rng = random.Random(3)
    for seed in range(4):
        state = dealt(game, seed)
        while not state.is_terminal():
            assert state.returns() == [0.0, 0.0, 0.0]
            state.apply_action(rng.choice(state.legal_actions()))
        engine = state.match.state
        assert engine.is_over
        winners = {int(p[1:]) - 1 for p in engine.winners}
        assert state.returns() == [1.0 if i in winners else -1.0 for i in range(3)]


def test_the_cap_on_moves_ends_the_game_with_returns_as_they_stand():
    game = load("russian_bank", seeds=5, max_moves=3)
    state = dealt(game, 0)
    for _ in range(3):
        assert not state.is_terminal()
        state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() and not state.match.state.is_over
    assert state.legal_actions() == []
    assert state.returns() == [0.0, 0.0]  # nobody has match points yet: a tie


def test_one_player_returns_read_the_end():
    game = load("pyramid", seeds=5)
    rng = random.Random(0)
    state = dealt(game, 2)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    expected = {"won": 1.0, "lost": -1.0}.get(state.match.state.outcome, 0.0)
    assert state.returns() == [expected]


def test_observation_tensor_is_the_layout_vector():
    game = load("hearts", seeds=5)
    state = dealt(game, 1)
    engine = state.match.state
    layout = openspiel_game.ObservationLayout(cached_game("hearts"))
    assert game.observation_tensor_shape() == [layout.size]
    for seat in range(4):
        assert np.array_equal(np.array(state.observation_tensor(seat), np.float32), layout.encode(engine, seat))
    assert not game.get_type().provides_information_state_tensor


def test_observers_are_one_player_s_view_only():
    game = load("go_fish", seeds=5)
    state = dealt(game, 0)
    seen = pyspiel.IIGObservationType(perfect_recall=False)
    assert game.make_py_observer(seen).string_from(state, 1) == state.observation_string(1)
    assert game.make_py_observer({}).string_from(state, 1) == state.observation_string(1)
    public = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                        private_info=pyspiel.PrivateInfoType.NONE)
    with pytest.raises(ValueError, match="one player sees"):
        game.make_py_observer(public)


def test_rl_environment_steps_through_a_game():
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(load("go_fish", seeds=5, max_moves=300))
    step = env.reset()
    rng = random.Random(0)
    while not step.last():
        player = step.observations["current_player"]
        assert len(step.observations["info_state"][player]) == env.observation_spec()["info_state"][0]
        step = env.step([rng.choice(step.observations["legal_actions"][player])])
    assert sorted(set(step.rewards)) in ([-1.0, 1.0], [0.0])


def test_clones_are_independent():
    state = dealt(load("go_fish", seeds=5), 0)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(state.match.steps) == 1 and len(clone.match.steps) == 2
    assert state.match.state.key() != clone.match.state.key()
    assert str(state) == str(dealt(load("go_fish", seeds=5), 0))


def test_mcts_plays_a_whole_game_against_random():
    from open_spiel.python.algorithms import mcts
    from open_spiel.python.bots.uniform_random import UniformRandomBot

    game = load("dou_dizhu", seeds=10, max_moves=200)
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=6,
                       evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng), random_state=rng)
    bots = [bot, UniformRandomBot(1, rng), UniformRandomBot(2, rng)]
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.choice([a for a, _ in state.chance_outcomes()])))
            continue
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert state.match.state.is_over and moves < 200
    returns = state.returns()
    assert sorted(set(returns)) in ([-1.0, 1.0], [0.0])
    assert returns == openspiel_game.outcome_returns(state.match.state)


def test_importing_gamedsl_does_not_import_pyspiel():
    code = "import sys, gamedsl, gamedsl.rl; assert 'pyspiel' not in sys.modules, 'pyspiel imported'"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=HERE.parent)
