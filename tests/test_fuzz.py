"""Fuzzing in the suite: whatever a stranger writes, only the documented errors come out.

The cases are those of tools/fuzz.py (mutated game files through `load_game` and a few plays,
mutated YAML positions and saved games, random move texts), each decided by its kind and seed, so a failure
names the seed to replay: `python tools/fuzz.py --replay KIND:SEED`. Bounded by counts, not
time: a few seconds in all. Longer runs: `python tools/fuzz.py --minutes 5`.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import fuzz  # noqa: E402

import gamedsl  # noqa: E402

from gamedsl.errors import RulesRuntimeError, did_you_mean  # noqa: E402
from gamedsl.syntax.parser import parse_text  # noqa: E402

CASES_PER_KIND = {"rules": 60, "position": 45, "moves": 250, "save": 40}
BUDGET_SECONDS = 20.0  # a hang, not a slow machine

# (kind, seed) of cases that find a crash on today's code; each moves into the sweep above once
# fixed (tools/fuzz_findings.md says what each one is).
# Crashes the fuzzer found (tools/fuzz_findings.md), each fixed: kept as tests of their own.
FORMER_FINDINGS: dict[tuple[str, int], str] = {
    ("moves", 1694): "TypeError at engine/moves.py:choices_text (a card move's text in a game of choices only)",
    ("save", 41): "TypeError at records.py:load (seats: an int)",
    ("save", 3034): "OverflowError at records.py:load (players: .inf)",
    ("save", 3069): "TypeError at records.py:load (seats: -1)",
    ("save", 51872): "ValueError at records.py:_beside (a NUL in the rules file's name)",
    ("position", 1706): "OverflowError at engine/position.py:load_position (a huge integer counter)",
    ("position", 10718): "OverflowError at engine/position.py:load_position (a huge integer counter)",
    ("rules", 10390): "ValueError at compiler/game.py:deal (option reserve_size = dealt)",
    ("rules", 10837): "hang during load_game (players 2147483648)",
}

ELIMINATED_KEEPS_THE_TURN = """game "Elimination"
players 3
cards:
    order plain: A 2 3 4 5 6 7 8 9 10 J Q K
zones:
    deck: shared, pile, face down, holds 1 standard deck
counter out: each player, starts 0, kept from deal to deal
eliminated: any player with own out = 1
move stay "stay in":
    then:
        set own out to 1
"""


def _sweep() -> list[tuple[str, int]]:
    return [(kind, seed) for kind, count in CASES_PER_KIND.items() for seed in range(count)
            if (kind, seed) not in FORMER_FINDINGS]


@pytest.mark.parametrize("kind", list(CASES_PER_KIND))
def test_fuzzed_input_raises_only_documented_errors(kind, tmp_path):
    findings = []
    for case_kind, seed in _sweep():
        if case_kind == kind:
            _, finding = fuzz.run_case(kind, seed, tmp_path, BUDGET_SECONDS)
            if finding:
                findings.append(finding)
    assert not findings, "\n".join(f.headline() + f"\n  replay: python tools/fuzz.py --replay {f.kind}:{f.seed}"
                                   for f in findings)


@pytest.mark.parametrize("kind, seed", sorted(FORMER_FINDINGS))
def test_former_finding(kind, seed, tmp_path):
    _, finding = fuzz.run_case(kind, seed, tmp_path, budget=3.0)  # one of them hung
    assert finding is None, finding.headline()


def test_a_player_who_is_out_does_not_keep_the_turn(tmp_path):
    path = tmp_path / "elimination.game"
    path.write_text(ELIMINATED_KEEPS_THE_TURN, encoding="utf-8")
    state = gamedsl.load_game(path).new_game(0)
    state.play("stay")
    assert state.current_player == "P2"  # P1 put themself out: the turn passes (it stayed with P1)
    state.game.load_position(state.to_yaml())  # was a PositionError: 'turn: P1': that player is out
    state.undo()
    assert state.current_player == "P1"
    state.play("stay")
    state.play("stay")
    assert state.current_player == "P3"
    with pytest.raises(RulesRuntimeError, match="every player is out of the game and no end rule holds"):
        state.play("stay")
    assert state.current_player == "P3" and len(state.history) == 2  # the failed move was put back


def test_the_same_seed_gives_the_same_case(tmp_path):
    first, _ = fuzz.run_case("rules", 7, tmp_path)
    again, _ = fuzz.run_case("rules", 7, tmp_path)
    assert (first.game, first.text, first.outcome) == (again.game, again.text, again.outcome)


def test_a_signature_names_the_innermost_gamedsl_frame():
    with pytest.raises(TypeError) as err:
        did_you_mean(5, ["five"])  # type: ignore[arg-type]  # fails inside difflib, called from gamedsl
    assert fuzz.signature(err.value, "load_game") == "TypeError at errors.py:did_you_mean"
    assert fuzz.signature(fuzz.CaseTimeout(), "play") == "hang during play"


def test_a_tab_in_a_description_is_fine():
    parse_text('game "a\tb"\nplayers 2\n', "x.game")
