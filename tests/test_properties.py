"""Invariants checked on seeded random games (after pgx's api_test): cards are conserved,
every legal move applies and undoes exactly, positions round-trip through YAML, moves
round-trip through text, games end, and a seed replays the same game."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamedsl
from gamedsl import resources

from .conftest import cached_game

GAMES = resources.game_names()
# Matches to a target (Russian Bank and its variants: 300) end with the first deal that scores.
SHORT_MATCH = {name: (("target", 1),) for name in GAMES if "target" in gamedsl.load_game(name).options}
# Spades has no lower limit ("Match"): random bids of up to 13 set both sides deal after deal, and
# their scores fall for ever. A target no score is below ends its match with the first deal whose
# sides score differently (an exact tie plays on).
SHORT_MATCH["spades"] = (("target", -10**6),)


def random_playout(game: gamedsl.Game, seed: int, steps: int, chooser_seed: int):
    state = game.new_game(seed)
    rng = random.Random(chooser_seed)
    for _ in range(steps):
        if state.is_over:
            break
        moves = state.legal_moves()
        assert len(moves) > 0, "a position that is not over must have a legal move"
        state.play(moves[rng.randrange(len(moves))])
        yield state


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), chooser=st.integers(0, 10**6))
def test_cards_are_never_lost_or_duplicated(name, seed, chooser):
    game = cached_game(name)
    universe = game.compiled.universe
    for state in random_playout(game, seed, 400, chooser):
        assert state.card_count() == universe


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), chooser=st.integers(0, 10**6))
def test_every_legal_move_applies_and_undoes_exactly(name, seed, chooser):
    game = cached_game(name)
    for i, state in enumerate(random_playout(game, seed, 150, chooser)):
        if i % 10:
            continue
        before_key, before_yaml = state.key(), state.to_yaml()
        for move in list(state.legal_moves()):
            state.play(move)
            state.undo()
            assert state.key() == before_key
        assert state.to_yaml() == before_yaml


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), chooser=st.integers(0, 10**6), steps=st.integers(1, 120))
def test_undo_restores_the_start(name, seed, chooser, steps):
    game = cached_game(name)
    start = game.new_game(seed)
    key, text = start.key(), start.to_yaml()
    state = None
    for state in random_playout(game, seed, steps, chooser):
        pass
    if state is None:
        return
    while state.history:
        state.undo()
    assert state.key() == key and state.to_yaml() == text


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), chooser=st.integers(0, 10**6), steps=st.integers(0, 200))
def test_positions_round_trip_through_yaml(name, seed, chooser, steps):
    game = cached_game(name)
    state = game.new_game(seed)
    for state in random_playout(game, seed, steps, chooser):
        pass
    text = state.to_yaml()
    again = game.load_position(text)
    assert again.to_yaml() == text
    assert again.key() == state.key()
    assert list(again.legal_moves()) == list(state.legal_moves())


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), chooser=st.integers(0, 10**6))
def test_moves_round_trip_through_text_and_are_explained_legal(name, seed, chooser):
    game = cached_game(name)
    for i, state in enumerate(random_playout(game, seed, 100, chooser)):
        if i % 7:
            continue
        for move in state.legal_moves():
            assert state.parse_move(str(move)) == move
            assert state.explain(move).legal


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), chooser=st.integers(0, 10**6))
def test_random_games_end(name, seed, chooser):
    game = cached_game(name, None, SHORT_MATCH.get(name, ()))
    state = None
    for state in random_playout(game, seed, 200_000, chooser):
        pass
    assert state is not None and state.is_over
    assert state.results and state.results[-1].end in game.rules


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), chooser=st.integers(0, 10**6))
def test_a_seed_replays_the_same_game(name, seed, chooser):
    game = cached_game(name)
    first = [(str(s.history[-1].move), s.key()) for s in random_playout(game, seed, 300, chooser)]
    second = [(str(s.history[-1].move), s.key()) for s in random_playout(game, seed, 300, chooser)]
    assert first == second


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), chooser=st.integers(0, 10**6), steps=st.integers(0, 100))
def test_observation_hides_what_a_player_may_not_see(name, seed, chooser, steps):
    game = cached_game(name)
    state = game.new_game(seed)
    for state in random_playout(game, seed, steps, chooser):
        pass
    compiled = game.compiled
    public = {gamedsl.cards.CARD_TEXT[c] for c in state.public}
    for seat, me in enumerate(state.players):
        zones = state.observation(me)["zones"]
        for zone_name, shown in zones.items():
            zone = compiled.zones[compiled.zones.by_name[zone_name]]
            actual = [gamedsl.cards.CARD_TEXT[c] for c in state.zones[zone.id]]
            assert len(shown) == len(actual)
            face = zone.spec.face
            if face == "down" or (face == "owner" and zone.owner != seat):
                assert set(shown) <= {"??"} | public  # only what was revealed to all
            if face == "down_top_up" and actual:
                assert shown[-1] == actual[-1] and set(shown[:-1]) <= {"??"} | public
            if face == "up" or (face == "owner" and zone.owner == seat):
                assert shown == actual
            for seen, real in zip(shown, actual):
                assert seen in ("??", real)
