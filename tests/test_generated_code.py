"""The generated functions of the compiler: what they promise beyond giving the same moves
(which every scenario, property and replay test checks through them)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import gamedsl
from gamedsl.compiler.game import shuffled

GAME_FILES = sorted(str(p) for p in Path(__file__).resolve().parents[1].joinpath("games").rglob("*.game"))


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 32, 52, 54, 104, 108])
def test_the_shuffle_is_the_permutation_random_shuffle_makes(size: int) -> None:
    """Seeded deals must not change: the written-out shuffle equals `random.shuffle` with the
    same generator, and leaves the generator in the same state."""
    for seed in range(60):
        ours, theirs = list(range(size)), list(range(size))
        mine, reference = random.Random(f"{seed}/1"), random.Random(f"{seed}/1")
        shuffled(ours, mine)
        reference.shuffle(theirs)
        assert ours == theirs
        assert mine.random() == reference.random()


@pytest.mark.parametrize("seed", range(20))
def test_dealing_in_rotation_takes_cards_off_the_top(seed: int) -> None:
    """`deal 17 from deck to each hand`, then `deal rest from deck to bottom`: one card at a time
    to each player in turn from the top of the shuffled deck (LANGUAGE.md, the deal)."""
    game = gamedsl.load_game("dou_dizhu")
    state = game.new_game(seed)
    c = state._c
    by_name = c.zones.by_name
    deck = c.initial_cards(by_name["deck"])
    random.Random(f"{seed}/1").shuffle(deck)
    hands: list[list[int]] = [[], [], []]
    for _ in range(17):
        for player in range(3):
            hands[player].append(deck.pop())
    bottom = []
    while deck:
        bottom.append(deck.pop())
    assert state.deal_number == 1 and state.phase == 0
    for player in range(3):
        assert state.zones[by_name[f"P{player + 1}.hand"]] == hands[player]
    assert state.zones[by_name["bottom"]] == bottom


@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: Path(p).relative_to(Path(p).parents[1]).as_posix())
def test_every_generated_function_names_its_rules(path: str) -> None:
    """Each action's applier and each phase's listing keep their source, whose comments name
    every move they carry out (by its identifier), and cite each rule's file and line from a
    table beside the source (`.rules`): no text of the file is written into the source."""
    game = gamedsl.load_game(path)
    c = game.compiled
    for action in c.actions:
        assert action.apply.rules == [action.info]
        assert f"{action.info.pos.file}:{action.info.pos.line}" in action.apply.rules[0].cite()
        compile(action.apply.source, "<applier>", "exec")
    for phase, listing in enumerate(c.generators):
        assert listing.rules == list(action.info for action in c.first_in_phase[phase])
        for action in c.first_in_phase[phase]:
            assert f"# move {action.name}\n" in listing.source
    for action in c.actions:
        if action.combination is not None:
            finder = next(iter(action.combination.finders.values()))
            for kind in action.combination.kinds.kinds:
                assert f"# {kind.name}" in finder.python_leads.source  # (the C path's source is checked in test_native)
                assert finder.python_answer[kind.index].source.startswith(f"def answers_to_{kind.name}(")


def _kept_counts_are_right(state: gamedsl.State) -> int:
    """Every kept count of a zone that still holds its list matches a fresh count."""
    checked = 0
    for zone_id, (pile, counts) in state.rank_counts.items():
        if state.zones[zone_id] is pile:
            fresh = [0] * 16
            for card in pile:
                fresh[card >> 2] += 1
            assert counts == fresh, zone_id
            checked += 1
    return checked


@pytest.mark.parametrize("seed", range(6))
def test_the_hands_counts_kept_between_moves_follow_every_change(seed: int) -> None:
    """The listing keeps each hand's counts by rank while the hand does not change; plays,
    whole-zone moves, new deals, undo and playouts must each update or drop them."""
    game = gamedsl.load_game("dou_dizhu")
    rng = random.Random(seed)
    state = game.new_game(seed)
    checked = 0
    while not state.is_over:
        state.legal_moves()
        checked += _kept_counts_are_right(state)
        state.play_random(rng)
        checked += _kept_counts_are_right(state)
        if rng.random() < 0.3 and state.history:
            state.undo()
            checked += _kept_counts_are_right(state)
            assert sorted(state.legal_moves(), key=str) == sorted(state.copy().legal_moves(), key=str)
    assert checked > 20
    state = game.new_game(seed)
    state.playout(rng, limit=25)
    _kept_counts_are_right(state)  # those kept, if any (a playout over C state drops them all)
    assert list(state.legal_moves()) == list(state.copy().legal_moves())  # a copy counts afresh
    assert _kept_counts_are_right(state) > 0  # counted again by the listing
