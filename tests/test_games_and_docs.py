"""Every shipped game file checks; the README's examples run; the wheel ships the data."""

from __future__ import annotations

import re
import textwrap
import subprocess
import sys
from pathlib import Path

import pytest

import gamedsl
from gamedsl import resources

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name", resources.game_names())
def test_every_game_file_checks_and_deals(name):
    game = gamedsl.load_game(name)
    state = game.new_game(0)
    assert state.card_count() == game.compiled.universe
    assert len(state.legal_moves()) > 0


def test_gamedsl_check_passes_on_every_game_file():
    files = sorted(str(p) for p in (ROOT / "games").rglob("*.game"))
    run = subprocess.run([sys.executable, "-m", "gamedsl", "check", *files], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr


def _readme_blocks(language: str) -> list[str]:
    """The README's fenced blocks of one language ('' for plain fences), in order."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```(\w*)\n(.*?)^```$", text, flags=re.DOTALL | re.MULTILINE)
    return [body for lang, body in blocks if lang == language]


def _runnable(block: str) -> str:
    """A README block as code: its end-of-line comments (the values it shows) left out."""
    return "\n".join(line.split("  #")[0].rstrip() if "#" in line and not line.lstrip().startswith("#") else line
                     for line in block.splitlines())


def test_readme_python_example_runs_as_shown():
    block = _readme_blocks("python")[0]  # the Python API's tour
    namespace: dict = {}
    exec(_runnable(block), namespace)  # noqa: S102 - the README is ours
    state = namespace["state"]
    assert state.current_player == "P2"
    assert [str(m) for m in state.legal_moves()] == ["AH P2.reserve -> foundation1"]
    assert str(namespace["verdict"]).startswith("turn: illegal — first play AH P2.reserve -> foundation1")
    assert namespace["same"].to_yaml() == namespace["text"]


def test_readme_reinforcement_learning_examples_run(capsys):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("### For reinforcement learning"):text.index("## Files from strangers")]
    blocks = [textwrap.dedent(b) for b in re.findall(r"^ *```python\n(.*?)^ *```$", section, flags=re.DOTALL | re.MULTILINE)]
    assert len(blocks) == 2  # the PettingZoo loop, the OpenSpiel game
    environment: dict = {}
    exec(_runnable(blocks[0]), environment)  # noqa: S102 - the README is ours
    assert environment["env"].agents == [] and environment["env"].state.is_over
    assert "Dou Dizhu: 34,218 action ids (dense)" in capsys.readouterr().out
    spiel: dict = {}
    exec(_runnable(blocks[1]), spiel)  # noqa: S102
    assert spiel["state"].current_player() >= 0 and spiel["state"].legal_actions()


def test_readme_position_example_loads():
    (block,) = _readme_blocks("yaml")
    state = gamedsl.load_game("russian_bank").load_position(block)
    # Seven houses are empty: 9D may fill one or go on 10C, 10C may move to an empty house,
    # and P3 forbids turning the hand card.
    assert state.legal_moves().texts() == ["10C house3 -> house1", "9D P1.reserve -> house1", "9D P1.reserve -> house3"]
    assert state.explain("turn").rule.name == "P3"


@pytest.mark.parametrize("game, first_line", [("russian_bank", 'game "Russian Bank"'), ("dou_dizhu", "phases:"),
                                              ("canfield", "build foundation"), ("go_fish", "move ask")])
def test_readme_language_samples_are_in_the_game_files(game, first_line):
    (sample,) = [b for b in _readme_blocks("gamedsl") if b.startswith(first_line)]
    game_text = (ROOT / "games" / f"{game}.game").read_text(encoding="utf-8")
    flat = re.sub(r"\s+", " ", re.sub(r"#[^\n]*", "", game_text))
    for line in sample.splitlines():
        if line.strip():
            assert re.sub(r"\s+", " ", line.strip()) in flat, line


def test_the_benchmark_tool_runs():
    run = subprocess.run([sys.executable, "tools/bench.py", "russian_bank", "--positions", "60", "--matches", "1"],
                         capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert run.returncode == 0, run.stderr
    assert "| russian_bank (2p) | 60 |" in run.stdout


def test_the_benchmark_times_deals_of_a_game_whose_random_matches_never_end():
    run = subprocess.run([sys.executable, "tools/bench.py", "spades", "--positions", "40", "--deals", "2"],
                         capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert run.returncode == 0, run.stderr
    row = next(line for line in run.stdout.splitlines() if line.startswith("| spades (4p) | 40 |"))
    assert row.split("|")[5].strip() == "—"  # no match timed


def _index_of_constructs() -> str:
    text = (Path(__file__).parent.parent / "grammar" / "LANGUAGE.md").read_text(encoding="utf-8")
    return text.split("## Index of constructs", 1)[1].split("\n## ", 1)[0]


def test_every_keyword_of_the_grammar_is_in_the_index_of_constructs():
    """A keyword the grammar gains without an example in LANGUAGE.md's index fails here."""
    grammar = (Path(__file__).parent.parent / "grammar" / "gamedsl.lark").read_text(encoding="utf-8")
    keywords = set(re.findall(r'"([a-z_\']+)"i?', grammar))
    examples = " ".join(re.findall(r"`([^`]*)`", _index_of_constructs()))
    words = set(re.findall(r"[a-z_']+", examples))
    assert sorted(keywords - words) == []


def test_every_section_the_index_names_exists():
    text = (Path(__file__).parent.parent / "grammar" / "LANGUAGE.md").read_text(encoding="utf-8")
    headings = {line.lstrip("#").strip() for line in text.splitlines() if line.startswith("### ")}
    for row in _index_of_constructs().splitlines()[6:]:
        if row.startswith("| ") and not row.startswith("| construct"):
            named = row.rstrip(" |").rsplit("|", 1)[1].strip()
            sections = [named] if any(h.startswith(named) for h in headings) else named.split(",")
            for section in sections:
                assert any(h.startswith(section.strip()) for h in headings), (section, row)
