"""A hand's lead list kept between its turns and filtered after its plays (compiler/lead_lists.py)
gives the moves a fresh listing gives, in the same order; and a file whose lead listing reads
anything but the hand is not given one. Plays counted by rank keep no list by default (it does
not pay there): their tests turn it on (`counted_kept`), to show it exact all the same."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

import gamedsl
from gamedsl.compiler import lead_lists
from gamedsl.compiler.combinations import CombinationKind, CombinationSet
from gamedsl.compiler.lead_lists import keeps_leads, refiltered

ROOT = Path(__file__).resolve().parents[1]
COMBINATION_FILES = sorted(str(p) for p in [*ROOT.joinpath("games").rglob("*.game"), *ROOT.joinpath("tests", "games").glob("*.game")]
                           if "as a combination" in p.read_text())
NOT_KEPT = str(ROOT / "tests" / "games" / "first_lead_card.game")  # `must include 3C while plays = 0`
BACKENDS = ["python", "native"]


def load(path: str, backend: str, monkeypatch: pytest.MonkeyPatch) -> gamedsl.Game:
    """The game on that back end, plays counted by rank keeping their lead lists too."""
    monkeypatch.setenv("GAMEDSL_NATIVE", "1" if backend == "native" else "0")
    monkeypatch.setattr(lead_lists, "KEEP_COUNTED_LEADS", True)
    game = gamedsl.load_game(path)
    monkeypatch.delenv("GAMEDSL_NATIVE")
    return game


def test_plays_counted_by_rank_list_afresh_by_default() -> None:
    state = gamedsl.load_game("dou_dizhu").new_game(1)
    rng = random.Random(1)
    while not state.is_over:
        state.play_random(rng)
        assert state.lead_lists == {}


def compare_with_fresh_listings(game: gamedsl.Game, seeds: range, rng: random.Random, limit: int = 400) -> int:
    """Seeded games played with the three ways of making moves (recorded, unrecorded, taken back):
    at every position the listing, which uses the kept lead lists, equals a copy's, which keeps
    none. Returns how many times a kept list was filtered (a list kept and the hand smaller)."""
    filtered = 0
    for seed in seeds:
        state = game.new_game(seed)
        for step in range(limit):
            if state.is_over:
                break
            before = {zone: (id(kept), list(kept[1])) for zone, kept in state.lead_lists.items()}
            moves = state._legal_internal()
            assert moves == state.copy()._legal_internal(), f"seed {seed}, move {step}"
            filtered += sum(1 for zone, kept in state.lead_lists.items()
                            if zone in before and before[zone][0] == id(kept) and before[zone][1] != kept[1])
            way = rng.random()
            if way < 0.15 and state.history:
                state.undo()
            elif way < 0.3:
                state.playout(rng, limit=rng.randrange(1, 4))
            else:
                state.play_random(rng)
    return filtered


@pytest.mark.parametrize("backend", BACKENDS)
def test_kept_dou_dizhu_leads_are_fresh_ones(backend: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = load("dou_dizhu", backend, monkeypatch)
    filtered = compare_with_fresh_listings(game, range(40), random.Random(23))
    assert filtered > 200  # the lists were kept and filtered, not listed afresh each time


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("path", COMBINATION_FILES, ids=lambda p: Path(p).stem)
def test_every_combination_file_lists_the_same_with_kept_leads(path: str, backend: str,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    game = load(path, backend, monkeypatch)
    compare_with_fresh_listings(game, range(6), random.Random(7))


def without_the_condition(tmp_path: Path) -> str:
    """The game whose listing reads a counter, with that rule left out: nothing read but the hand."""
    text = Path(NOT_KEPT).read_text()
    rule = "    must include 3C while plays = 0\n"
    assert rule in text
    path = tmp_path / "lead_any_card.game"
    path.write_text(text.replace(rule, ""))
    return str(path)


def test_plays_told_apart_by_their_cards_keep_their_leads_when_nothing_else_is_read(tmp_path: Path) -> None:
    game = gamedsl.load_game(without_the_condition(tmp_path))
    assert keeps_leads(next(a.combination for a in game.compiled.actions if a.combination is not None).kinds)
    assert compare_with_fresh_listings(game, range(8), random.Random(3)) > 20


def test_a_lead_listing_that_reads_a_counter_is_not_kept() -> None:
    """`must include 3C while plays = 0`: the first lead must hold the 3C, later ones need not —
    so a later hand, with fewer cards, has leads the first one did not: filtering is not exact."""
    game = gamedsl.load_game(NOT_KEPT)
    play = next(a.combination for a in game.compiled.actions if a.combination is not None)
    assert play.include is not None and not keeps_leads(play.kinds, play.include)
    assert keeps_leads(play.kinds)  # the kinds alone would be kept: the condition is what stops it
    state = game.new_game(4)
    rng = random.Random(4)
    first = state.legal_moves()
    assert first and all("3C" in str(move) for move in first)
    while not state.is_over:
        state.play_random(rng)
        assert state.lead_lists == {}
    compare_with_fresh_listings(game, range(3), random.Random(5))


def test_a_kind_with_a_rule_not_known_to_test_the_play_alone_is_not_kept() -> None:
    """An attribute the check does not know (a rule against breaking up a bomb for kickers, say,
    which reads the rest of the hand) stops the kept list: the check lists what it knows."""

    @dataclasses.dataclass(frozen=True)
    class KeepsBombsWhole(CombinationKind):
        bombs_kept_whole: bool = True

    plain = CombinationKind("trio", 0, width=3)
    assert keeps_leads(CombinationSet([plain], tuple(range(16))))
    assert not keeps_leads(CombinationSet([KeepsBombsWhole("trio", 0, width=3)], tuple(range(16))))


def test_the_filter_drops_exactly_the_leads_the_hand_no_longer_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    """On random hands and random cards taken from them: the kept leads, filtered, are the fresh
    leads of the smaller hand; a count that grew asks for a fresh list."""
    game = load("dou_dizhu", "native", monkeypatch)
    finder = next(a.combination for a in game.compiled.actions if a.combination is not None).finders[0]
    rng = random.Random(11)
    for _ in range(300):
        counts = [0] * 16
        for rank in rng.sample([r for r in range(13) for _ in range(4)] + [13, 14], 20):
            counts[rank] += 1
        kept = [counts, list(counts), finder.leads(counts)]
        for _ in range(rng.randrange(1, 5)):
            held = [r for r in range(16) if counts[r]]
            for rank in rng.sample(held, min(len(held), rng.randrange(1, 4))):
                counts[rank] -= 1
            assert refiltered(kept, counts) == finder.leads(counts)
            assert kept[1] == counts and kept[1] is not counts
        assert refiltered(kept, counts) is kept[2]  # nothing changed: the very list
        grown = list(counts)
        grown[rng.randrange(13)] += 1
        assert refiltered(kept, grown) is None
