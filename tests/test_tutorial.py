"""grammar/TUTORIAL.md is real: its files check, and its commands print what it shows.

Every block preceded by a line `File: NAME` is written to a temporary folder under NAME; every
block preceded by `<!-- output: KEY -->` is compared with what the real entry point
(`python -m gamedsl`, run in that folder) prints.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TUTORIAL = ROOT / "grammar" / "TUTORIAL.md"
TEXT = TUTORIAL.read_text(encoding="utf-8")

BLOCK = r"\n+```[a-z]*\n(.*?)\n```"
FILES = dict(re.findall(r"^File: (\S+)" + BLOCK, TEXT, re.S | re.M))
OUTPUTS = dict(re.findall(r"^<!-- output: (\S+) -->" + BLOCK, TEXT, re.S | re.M))

TYPO = ("from own hand to pile", "from own hnd to pile")  # the deliberate mistake, in step1.game
NUMBER = ("counter named: shared, holds a suit", "counter named: shared, starts 0")  # the counter's kind forgotten


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    path = tmp_path_factory.mktemp("tutorial")
    for name, text in FILES.items():
        (path / name).write_text(text + "\n", encoding="utf-8")
    step1, step3 = FILES["step1.game"], FILES["step3.game"]
    assert step1.count(TYPO[0]) == 1 and step3.count(NUMBER[0]) == 1
    (path / "typo.game").write_text(step1.replace(*TYPO) + "\n", encoding="utf-8")
    (path / "suit.game").write_text(step3.replace(*NUMBER) + "\n", encoding="utf-8")
    return path


def gamedsl(folder: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""), "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "gamedsl", *args], input=stdin, capture_output=True, text=True,
                          timeout=600, cwd=folder, env=env)


def sessions(key: str) -> list[tuple[list[str], list[str]]]:
    """The commands of an output block (lines starting with '$ gamedsl'), each with the lines it shows."""
    result: list[tuple[list[str], list[str]]] = []
    for line in OUTPUTS[key].splitlines():
        if line.startswith("$ gamedsl "):
            result.append((shlex.split(line[len("$ gamedsl "):]), []))
        else:
            result[-1][1].append(line)
    return result


def shown_in_order(expected: list[str], out: str) -> None:
    """Every line shown (but the typed input and '…') appears in `out`, in that order."""
    lines = out.splitlines()
    at = 0
    for line in expected:
        if line.startswith("P1>") or line.strip() == "…":
            continue
        while at < len(lines) and line not in lines[at]:
            at += 1
        assert at < len(lines), f"not shown (in order): {line!r}\n--- output ---\n{out}"
        at += 1


def test_the_tutorial_has_its_files_and_outputs():
    assert {"step1.game", "step2.game", "step3.game", "eights.game", "jacks.game", "smarter.game", "whist.game",
            "after8.yaml"} <= FILES.keys()
    assert {"check-step1", "check-typo", "check-suit", "check-eights", "play", "moves", "explain",
            "simulate", "play-jacks", "check-jacks", "check-whist", "play-whist", "simulate-whist"} <= OUTPUTS.keys()


@pytest.mark.parametrize("name", ["step1.game", "step2.game", "step3.game", "eights.game", "jacks.game",
                                  "smarter.game", "whist.game"])
def test_each_step_checks(folder, name):
    run = gamedsl(folder, "check", name)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith(f"{name}: ok")


@pytest.mark.parametrize("key", ["check-step1", "check-step2", "check-step3", "check-eights", "check-jacks", "check-whist",
                                 "check-typo", "check-suit", "moves", "explain", "simulate-step1"])
def test_the_commands_print_what_the_tutorial_shows(folder, key):
    for args, shown in sessions(key):
        run = gamedsl(folder, *args)
        assert (run.stdout + run.stderr).splitlines() == shown, (args, run.stdout, run.stderr)
        failing = key in ("check-typo", "check-suit", "simulate-step1", "explain")  # an illegal move exits 1 too
        assert run.returncode == (1 if failing else 0), (args, run.returncode)


def test_the_mistakes_go_to_standard_error(folder):
    run = gamedsl(folder, "check", "typo.game")
    assert run.returncode == 1 and run.stdout == "" and "unknown zone 'hnd'" in run.stderr


def test_the_console_plays_as_shown(folder):
    run = gamedsl(folder, "play", "eights.game", "--seed", "6", "--seats", "human,computer", "--no-color",
                  stdin="8C hand -> pile\n8C hand -> pile choosing H\nKC hand -> pile\n")
    assert run.returncode == 0, run.stderr
    shown_in_order(OUTPUTS["play"].splitlines(), run.stdout)
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize("key", ["simulate", "simulate-smarter", "simulate-whist"])
def test_simulate_runs_and_gives_the_figures_shown(folder, key):
    [(args, shown)] = sessions(key)
    run = gamedsl(folder, *args)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    # the same seed gives the same figures; only the time per move differs from run to run
    assert lines[:-1] == shown[:-1]
    assert lines[-1].startswith("time per move:")


def test_the_variant_loads_and_differs_as_described(folder):
    [(args, shown)] = sessions("play-jacks")
    run = gamedsl(folder, *args, "--no-color", stdin="JH hand -> pile\n")
    assert run.returncode == 0, run.stderr
    shown_in_order(shown, run.stdout)
    # in the base game the same deal and the same jack give the turn to P2
    base = gamedsl(folder, "play", "eights.game", "--seed", "2", "--seats", "human,computer", "--no-color",
                   stdin="JH hand -> pile\n")
    after = base.stdout.split("P1 plays JH P1.hand -> pile", 1)[1]
    assert "P2 plays" in after.split("P1 to move", 1)[0]

    import gamedsl as api
    base_game, variant = api.load_game(str(folder / "eights.game")), api.load_game(str(folder / "jacks.game"))
    assert variant.title == "Eights, jacks skip"
    assert base_game.options["target"] == 100 and variant.options["target"] == 50


def test_two_computers_play_a_whole_match(folder):
    run = gamedsl(folder, "play", "eights.game", "--seed", "6", "--seats", "computer,computer", "--no-color")
    assert run.returncode == 0, run.stderr
    assert "Deal 4 ends: a player has no card left" in run.stdout
    assert run.stdout.rstrip().endswith("Game over. P2 wins. Final scores: P1 0, P2 101.")


@pytest.mark.parametrize("suffix", ["png", "svg", "html"])
def test_the_rules_graph_is_written(folder, suffix):
    run = gamedsl(folder, "graph", "rules", "eights.game", "-o", f"eights.{suffix}")
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == f"eights.{suffix}: 4 nodes, 4 edges"
    assert (folder / f"eights.{suffix}").stat().st_size > 1000
    if suffix == "svg":
        svg = (folder / "eights.svg").read_text(encoding="utf-8")
        assert "play — eights.game:30; build pile: an 8 goes on anything" in svg
        assert "eight — eights.game:39; build pile: an 8 goes on anything" in svg


def test_a_suit_counter_is_plain_without_colour(folder):
    # seed 1: the computer opens with 8S and names diamonds; without colour the counter reads `named D`
    # (it used to print `named ♦` even with --no-color, which promises plain letters)
    run = gamedsl(folder, "play", "eights.game", "--seed", "1", "--seats", "human,computer", "--no-color", stdin="")
    assert "P2 plays eight 8S P2.hand -> pile choosing D" in run.stdout and "Counters: named D" in run.stdout
    assert not set("\u2660\u2665\u2666\u2663") & set(run.stdout)


def test_the_trick_game_plays_as_shown(folder):
    [(args, shown)] = sessions("play-whist")
    run = gamedsl(folder, *args, "--no-color", stdin="8C hand -> trick\n")
    assert run.returncode == 0, run.stderr
    shown_in_order(shown, run.stdout)
