"""Fuzzing in the suite: whatever a stranger writes, only the documented errors come out.

The cases are those of tools/fuzz.py (mutated game files through `load_game` and a few plays,
mutated YAML positions, random move texts), each decided by its kind and seed, so a failure
names the seed to replay: `python tools/fuzz.py --replay KIND:SEED`. Bounded by counts, not
time: a few seconds in all. Longer runs: `python tools/fuzz.py --minutes 5`.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import fuzz  # noqa: E402

from gamedsl.errors import RulesSyntaxError, did_you_mean  # noqa: E402
from gamedsl.syntax.parser import parse_text  # noqa: E402

CASES_PER_KIND = {"rules": 80, "position": 60, "moves": 250}
BUDGET_SECONDS = 20.0  # a hang, not a slow machine

# (kind, seed) of cases that find a crash on today's code; each moves into the sweep above once
# fixed (tools/fuzz_findings.md says what each one is).
KNOWN_FINDINGS: dict[tuple[str, int], str] = {}


def _sweep() -> list[tuple[str, int]]:
    return [(kind, seed) for kind, count in CASES_PER_KIND.items() for seed in range(count)
            if (kind, seed) not in KNOWN_FINDINGS]


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


@pytest.mark.parametrize("kind, seed", sorted(KNOWN_FINDINGS))
@pytest.mark.xfail(reason="a crash the fuzzer found; see tools/fuzz_findings.md", strict=False)
def test_known_finding(kind, seed, tmp_path):
    _, finding = fuzz.run_case(kind, seed, tmp_path, BUDGET_SECONDS)
    assert finding is None, finding.headline()


def test_the_same_seed_gives_the_same_case(tmp_path):
    first, _ = fuzz.run_case("rules", 7, tmp_path)
    again, _ = fuzz.run_case("rules", 7, tmp_path)
    assert (first.game, first.text, first.outcome) == (again.game, again.text, again.outcome)


def test_a_signature_names_the_innermost_gamedsl_frame():
    with pytest.raises(TypeError) as err:
        did_you_mean(5, ["five"])  # type: ignore[arg-type]  # fails inside difflib, called from gamedsl
    assert fuzz.signature(err.value, "load_game") == "TypeError at errors.py:did_you_mean"
    assert fuzz.signature(fuzz.CaseTimeout(), "play") == "hang during play"


@pytest.mark.parametrize("character", ["\r", "\x00", "\x0b", "\x1b", "\u2028", "\u202e", "\ufeff"])
def test_a_description_with_an_unprintable_character_is_refused(character):
    # A carriage return in a move's description once ended the comment that cites the move in
    # the generated Python, and what followed it ran as code.
    text = f'game "x"\nplayers 2\nmove pass "a{character}    import os" :\n    then:\n        end turn\n'
    with pytest.raises(RulesSyntaxError, match=f"U\\+{ord(character):04X}") as err:
        parse_text(text, "x.game")
    assert err.value.diagnostics[0].pos.line == 3


def test_a_tab_in_a_description_is_fine():
    parse_text('game "a\tb"\nplayers 2\n', "x.game")
