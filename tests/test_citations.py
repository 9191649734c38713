"""Rules cited to users (issue 19, item 5): shipped games by their name and line
(`russian_bank.game:110`), which `gamedsl show-rules` opens; a user's file by the path given; and
every citation of the README and LANGUAGE.md true."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import gamedsl
from gamedsl import resources

ROOT = Path(__file__).parent.parent
CITATION = re.compile(r"(?<![A-Za-z0-9_/.])([A-Za-z0-9_]+(?:/[A-Za-z0-9_]+)?\.game):([0-9]+)")
# Files the documents cite that are examples of a user's own file, not shipped games.
EXAMPLES = {"broken.game", "naming.game", "typo.game", "suit.game", "eights.game"}
DECLARATION = re.compile(r"^\s*(?:priority|move|build|end|whenever|effect|combination|counter|value|option|meld|class)"
                         r"\s+([A-Za-z_][A-Za-z0-9_]*(?: [A-Z]{1,2})?)")


def gamedsl_run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gamedsl", *args], capture_output=True, text=True, cwd=ROOT,
                          check=False, encoding="utf-8")


def citations(document: str):
    text = (ROOT / document).read_text(encoding="utf-8")
    for number, line in enumerate(text.splitlines(), 1):
        for match in CITATION.finditer(line):
            yield number, line, match


@pytest.mark.parametrize("document", ["README.md", "grammar/LANGUAGE.md"])
def test_every_citation_of_a_shipped_game_names_a_line_that_holds_what_is_said(document):
    seen = 0
    for number, line, match in citations(document):
        name, cited = match.group(1), int(match.group(2))
        path = resources.shipped_file(name)
        if path is None:
            assert name in EXAMPLES, f"{document}:{number}: {name} is no shipped game (nor a known example)"
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        assert 1 <= cited <= len(lines), f"{document}:{number}: {name} has no line {cited}"
        held = lines[cited - 1]
        assert held.strip() and not held.lstrip().startswith("#"), f"{document}:{number}: {name}:{cited} is no rule"
        declared = DECLARATION.match(held)
        assert declared, f"{document}:{number}: {name}:{cited} declares nothing: {held!r}"
        named = re.search(r"rule ([A-Za-z_][A-Za-z0-9_]*(?: [A-Z]{1,2})?):", line[:match.start()])
        if named:  # "rule P1: … — russian_bank.game:110": that line declares P1
            assert declared.group(1) == named.group(1), f"{document}:{number}: {name}:{cited} is {held!r}"
        seen += 1
    assert seen, f"{document} cites no shipped game"


def test_the_readme_explain_output_is_what_the_engine_says():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    claimed = re.search(r"print\(verdict\)\n((?:# .*\n)+)", readme).group(1)
    claimed = "\n".join(line[2:] for line in claimed.splitlines())
    state = gamedsl.load_game("russian-bank").new_game(seed=1)
    assert str(state.explain("turn")) == claimed


def test_shipped_games_are_cited_by_name_and_a_users_file_by_its_path(tmp_path):
    game = gamedsl.load_game("russian_bank")
    assert game.path == "russian_bank.game" and game.rules["P1"].cite().endswith(" — russian_bank.game:110")
    assert gamedsl.load_game("short").model.files == ("russian_bank/short.game", "russian_bank.game")
    own = tmp_path / "mine.game"
    own.write_text("extends russian_bank\ngame \"Mine\"\n", encoding="utf-8")
    assert gamedsl.load_game(own).path == str(own)


def test_a_users_file_named_like_a_shipped_one_is_never_taken_for_it():
    assert resources.display_path(Path("hearts.game")) == "./hearts.game" or not Path("hearts.game").is_file()
    assert resources.shipped_file("./hearts.game") is None and resources.shipped_file("hearts.game") is not None
    assert resources.shipped_file("/tmp/hearts.game") is None and resources.shipped_file("nowhere.game") is None


def test_show_rules_prints_the_lines_around_a_citation():
    run = gamedsl_run("show-rules", "russian_bank.game:110")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "russian_bank.game, lines 104-116:"
    assert lines[7].startswith(">110  priority P1 \"a reserve card") and len(lines) == 14
    same = gamedsl_run("show-rules", "russian_bank", "--line", "110")
    assert same.stdout == run.stdout


def test_show_rules_prints_a_variant_whole_and_refuses_what_does_not_exist():
    run = gamedsl_run("show-rules", "russian_bank/short")
    assert run.returncode == 0 and run.stdout.startswith("russian_bank/short.game:\n  1  # Russian Bank")
    assert gamedsl_run("show-rules", "41").stdout.startswith("schwimmen/41.game:")
    beyond = gamedsl_run("show-rules", "russian_bank", "--line", "9999")
    assert beyond.returncode == 1 and "there is no line 9999" in beyond.stderr and "Traceback" not in beyond.stderr
    unknown = gamedsl_run("show-rules", "nowhere")
    assert unknown.returncode == 1 and "unknown game 'nowhere'" in unknown.stderr


def test_explain_quotes_a_shipped_rule_from_any_folder(tmp_path):
    # A user who installed gamedsl runs it from their own folder: the cited line is still read.
    import os

    code = ("import gamedsl\n"
            "g = gamedsl.load_game('russian_bank')\n"
            "s = g.new_game(seed=1)\n"
            "print(s.explain('turn'))\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, check=False,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, encoding="utf-8")
    assert run.returncode == 0, run.stderr
    assert run.stdout.rstrip().endswith("— russian_bank.game:110")
    state = gamedsl.load_game("spades").load_position(
        "turn: P2\nphase: play\nzones: {P2.hand: [KS, 2H], P1.hand: [3H], P3.hand: [4H], P4.hand: [5H]}\n"
        "counters: {P1.bid: 1, P2.bid: 1, P3.bid: 1, P4.bid: 1}\n")
    said = str(state.explain("KS P2.hand -> trick"))
    assert "(spades.game:" in said and "a condition (" not in said, said
