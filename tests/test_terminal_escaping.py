"""The terminal is not theirs (issue 15, item 3): titles, descriptions, names and values from
files or saves are printed with their control characters escaped, by `check`, `play`, `moves`
and in error messages."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gamedsl import cli
from gamedsl.terminal import EscapingStream, escape

GAMES = Path(__file__).resolve().parents[1] / "games"
# Clear the screen, set the window's title, write the clipboard, reverse the text's direction.
ATTACKS = ["\x1b[2J\x1b[H", "\x1b]0;owned\x07", "\x1b]52;c;b3duZWQ=\x07", "\u202e", "\x9b2J", "\r\x1b[K"]


def test_escape_writes_every_unprintable_character_as_its_escape() -> None:
    assert escape("plain text, cards 7♥ A♠") == "plain text, cards 7♥ A♠"
    assert escape("a\x1b[2Jb") == "a\\x1b[2Jb"
    assert escape("a\u202eb\u2028c") == "a\\u202eb\\u2028c"
    assert escape("one\ntwo") == "one\ntwo"
    for attack in ATTACKS:
        assert escape(attack).isprintable()


def test_the_escaping_stream_passes_line_feeds_and_tabs(capsys) -> None:
    stream = EscapingStream(sys.stdout)
    print("a\tb\x1b]0;x\x07\nc", file=stream)
    assert capsys.readouterr().out == "a\tb\\x1b]0;x\\x07\nc\n"


def _hostile_game(tmp_path: Path, attack: str) -> Path:
    text = (GAMES / "spite_and_malice.game").read_text(encoding="utf-8")
    start = text.index('game "') + len('game "')
    text = text[:start] + f"Evil{attack}Title" + text[start:]
    path = tmp_path / "evil.game"
    path.write_text(text, encoding="utf-8")
    return path


def _run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gamedsl", *args], input=stdin, capture_output=True, text=True,
                          timeout=120, cwd=Path(__file__).resolve().parents[1])


@pytest.mark.parametrize("attack", ATTACKS, ids=range(len(ATTACKS)))
def test_check_prints_a_hostile_title_escaped(attack: str, tmp_path: Path, capsys) -> None:
    path = _hostile_game(tmp_path, attack)
    assert cli.main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "EvilTitle" not in out and escape(attack, keep="") in out
    assert out.replace("\n", "").isprintable()


def test_play_shows_a_hostile_title_escaped(tmp_path: Path) -> None:
    path = _hostile_game(tmp_path, "\x1b]0;owned\x07\x1b[2J")
    done = _run("play", str(path), "--seed", "3", "--seats", "random,random")
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout and "\x07" not in done.stdout
    assert "Evil\\x1b]0;owned\\x07\\x1b[2JTitle" in done.stdout


def test_error_messages_escape_what_they_quote(tmp_path: Path, capsys) -> None:
    path = tmp_path / "bad\x1b[2J.game"
    path.write_text('game "x"\nplayers 2\nzones\x1b]0;t\x07:\n', encoding="utf-8")
    assert cli.main(["check", str(path)]) == 1
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\x07" not in err
    assert "bad\\x1b[2J.game:3:" in err
