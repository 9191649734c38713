"""Positions (and saves, through the same reader) from others: plain YAML data within limits,
and every problem a PositionError saying what is wrong — never a library's exception, never a
document that costs gigabytes or minutes."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from gamedsl.errors import PositionError

ROOT = Path(__file__).resolve().parents[1]
# 9 levels of 9 references each: a kilobyte that stands for 9**9 strings once expanded.
BOMB = "".join(f"l{i}: &l{i} [{', '.join([f'*l{i - 1}' if i else 'lol'] * 9)}]\n" for i in range(9))


@pytest.mark.parametrize("doc, message", [
    (BOMB + "closed: *l8\n", "uses a YAML alias"),
    ("turn: !!int P1", "'P1' is not a whole number at line 1"),
    ("over: !!bool maybe", "'maybe' is not true or false"),
    ("deal: !!float many", "'many' is not a number"),
    ("seed: !!python/object/apply:os.system [echo hi]", "could not determine a constructor"),
    ("deal: " + "9" * 5000, "a number of 5000 digits"),
    ("scores: {P1: .nan}", "'.nan' is not a finite number"),
    ("scores: {P1: 1.0e+999}", "not a finite number"),
    ("zones: " + "[" * 100_000, "more than 16 deep"),
    ("zones: {P1.hand: [" + ", ".join(["AH"] * 30_000) + "]}", "more than 20,000 values"),
    ("zones: {P1.hand: '" + " ".join(["AH"] * 1_000_000) + "'}", "larger than 256 KB"),
    ("zones: {P1.hand: '" + " ".join(["AH"] * 20_000) + "'}", "P1.hand lists 20000 cards, but the game has 104"),
    ("zones: {" + ", ".join(f"z{i}: []" for i in range(5000)) + "}", "lists 5000 zones, but the game has"),
    ("counters: {" + ", ".join(f"c{i}: 1" for i in range(5000)) + "}", "lists 5000 counters"),
    ("seed: [1, 2]", "'seed': a seed is a whole number or a word"),
    ("seed: 2024-01-01", "'seed': a seed is a whole number or a word"),
    ("{a: 1}\n---\n{b: 2}", "expected a single document"),
])
def test_hostile_positions_get_a_clear_error_at_once(russian_bank, doc, message):
    began = time.perf_counter()
    with pytest.raises(PositionError, match=message):
        russian_bank.load_position(doc)
    assert time.perf_counter() - began < 5


def test_a_position_lists_at_most_twenty_problems(russian_bank):
    doc = "{" + ", ".join(f"key{i}: 1" for i in range(500)) + "}"
    with pytest.raises(PositionError) as caught:
        russian_bank.load_position(doc)
    lines = str(caught.value).splitlines()
    assert len(lines) == 22 and lines[-1].strip() == "… and 480 more problems"


def test_a_position_file_is_not_read_past_the_limit():
    run = subprocess.run([sys.executable, "-m", "gamedsl", "moves", "russian_bank", "--position", "/dev/zero"],
                         capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert run.returncode == 1 and "larger than 256 KB" in run.stderr and "Traceback" not in run.stderr
