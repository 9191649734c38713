"""The console on a terminal, as a person meets it: `python -m gamedsl play` in a pseudo-terminal
of 80 × 24 (pexpect), keys sent as a keyboard sends them. Line editing and history, Tab
completion, the layout that keeps the header in sight, paging, hot-seat screens, `Q Q`.

Screens are read back exactly where a terminal emulator is at hand (tmux) and compared with the
golden files of tests/golden/; the rest of the tests need only pexpect."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden"
UP, ENTER, TAB, CTRL_C, CTRL_D = "\x1b[A", "\r", "\t", "\x03", "\x04"
CLEAR = "\x1b[H\x1b[2J\x1b[3J"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][0-9A-B]|\x1b[=>]|\r")

# Dou Dizhu, seed 36, random opponents: P1 bids first; after 'bid 3' P1 leads with 276 moves
# and two queens in hand. (The random players choose only after P1's first lead.)
LEAD_276 = ("play", "dou-dizhu", "--seed", "36", "--seats", "human,random,random")


def env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1",
            "COLUMNS": "80", "LINES": "24", "NO_COLOR": "1"}


def spawn(*args: str):
    child = pexpect.spawn(sys.executable, ["-m", "gamedsl", *args], cwd=str(ROOT), env=env(),
                          dimensions=(24, 80), encoding="utf-8", timeout=60)
    return child


def plain(text: str) -> str:
    return ANSI.sub("", text)


def prompt(child, after: str, name: str = "P1") -> str:
    """Wait for `after` to be said, then for the player's prompt; what was said from `after` on,
    without escapes. (The line typed is drawn again with its prompt when Enter is pressed: the
    prompt that follows what the console says is the next one.)"""
    child.expect_exact(after)
    child.expect_exact(f"{name}>")
    return plain(after + child.before)


def finish(child) -> None:
    child.sendline("quit")
    index = child.expect_exact(["quit anyway", pexpect.EOF])
    if index == 0:
        child.sendline("yes")
        child.expect(pexpect.EOF)
    child.close()


def lead(child) -> str:
    """Bid 3 at the start of LEAD_276: the screen of P1's lead, from its header to the prompt."""
    prompt(child, "4. pass")
    child.send("bid 3" + ENTER)
    return prompt(child, "--- Dou Dizhu · deal 1 · play")


def test_up_recalls_the_last_line_and_enter_runs_it_again():
    child = spawn(*LEAD_276)
    lead(child)
    child.send("moves pair" + ENTER)
    first = prompt(child, "12. 3 3")
    assert "15. Q Q" in first and "16. 2 2" in first
    child.send(UP + ENTER)  # the same command again
    again = prompt(child, "12. 3 3")
    assert "15. Q Q" in again and "16. 2 2" in again
    child.send(UP + UP + ENTER)  # two lines back: 'bid 3', no longer legal
    prompt(child, "Stop! bid 3: illegal")
    finish(child)


def test_tab_completes_a_move():
    child = spawn(*LEAD_276)
    lead(child)
    child.send("10 J Q" + TAB + ENTER)  # one move begins so: the straight
    prompt(child, "P1 plays 10 J Q K A")
    finish(child)


def test_tab_offers_the_moves_and_commands_that_begin_so():
    import gamedsl
    from gamedsl.console import Console

    state = gamedsl.load_game("dou_dizhu").new_game(36)
    state.play("bid 3")
    console = Console(state, ["human", "random", "random"], read=lambda p: "", out=io.StringIO())
    console.last_human = 0
    assert console.completions("10 J Q") == ["10 J Q K A"]
    assert console.completions("qq") == ["Q Q"]  # cards without their spaces
    assert console.completions("Q") == ["Q", "Q Q", "quit"]
    assert "help" in console.completions("he") and "hint" not in console.completions("he")
    assert console.completions("moves tri") == ["moves trio", "moves trio with a single", "moves trio with a pair"]
    assert console.completions("show ha") == ["show hand"]
    assert console.completions("/mo") == ["/moves"]
    assert console.completions("explain 10 J") == ["explain 10 J Q K A"]


def test_on_80_by_24_the_header_stays_in_sight_above_a_long_move_list():
    child = spawn(*LEAD_276)
    screen = lead(child)
    rows = sum(max(1, -(-len(line) // 80)) for line in screen.split("\n"))
    assert rows <= 23, screen  # the header, the table, the moves and then the prompt: one screen
    assert "single (11)" in screen and "pair (5)" in screen and "276 moves ('moves': all of them" in screen
    assert "P1 (you):" in screen and "landlord P1" in screen
    child.send("moves" + ENTER)  # every move, a page at a time
    child.expect_exact("Enter for the next page, q to stop")
    assert "trio with a single (30):" in plain(child.before)
    child.send(ENTER)
    child.expect_exact("Enter for the next page, q to stop")
    child.send("q" + ENTER)
    child.expect_exact("P1>")
    child.send("moves straight" + ENTER)
    prompt(child, "62. 10 J Q K A")
    child.send("moves nothing" + ENTER)
    prompt(child, "No moves of a kind 'nothing' now; the kinds: single, pair,")
    finish(child)


def test_q_q_is_played_as_two_queens():
    child = spawn(*LEAD_276)
    lead(child)
    child.send("Q Q" + ENTER)
    prompt(child, "P1 plays Q Q")
    child.send("q" + ENTER)  # no queen left: a play of one, refused, and the game goes on
    prompt(child, "Stop! Q: illegal")
    finish(child)


def test_hot_seat_clears_the_screen_before_the_next_players_hand():
    child = spawn("play", "russian_bank", "--seed", "3", "--seats", "human,human")
    child.expect_exact("P2, take the keyboard and press Enter")  # P2 begins
    assert "P2 (you)" not in plain(child.before)
    child.send(ENTER)
    view = prompt(child, "--- Russian Bank", "P2")
    assert "P2 (you):" in view and "P1 (you)" not in view
    child.send("turn" + ENTER)
    prompt(child, "P2 plays turn", "P2")
    child.send("discard" + ENTER)  # P2's turn ends: the screen is P1's, once P1 has the keyboard
    child.expect_exact("P1, take the keyboard and press Enter")
    between = child.before
    assert CLEAR in between
    assert "P2 (you)" not in between[between.rindex(CLEAR):]  # nothing of P2's is left
    assert "P1 (you)" not in between  # and P1's cards wait for Enter
    child.send(ENTER)
    view = prompt(child, "--- Russian Bank", "P1")
    assert "P1 (you):" in view and "P2 (you)" not in view
    finish(child)


def test_ctrl_c_clears_the_line_and_ctrl_d_asks_before_leaving_an_unsaved_game():
    child = spawn("play", "russian_bank", "--seed", "3", "--seats", "human,random")
    child.expect_exact("P1>")
    child.send("1" + ENTER)
    prompt(child, "P1 plays")
    child.send("some text" + CTRL_C)
    prompt(child, "Ctrl-C clears the line")
    child.send(CTRL_D)
    child.expect_exact("The game is not saved: quit anyway and lose it? (yes/no)")
    child.send("no" + ENTER)
    prompt(child, "The game goes on")
    child.send(CTRL_D)
    child.expect_exact("quit anyway")
    child.send("yes" + ENTER)
    child.expect_exact("Game left without saving. Goodbye.")
    child.expect(pexpect.EOF)


def test_plain_mode_on_a_terminal_lists_every_move_one_a_line():
    child = spawn("play", "dou-dizhu", "--seed", "36", "--seats", "human,random,random", "--plain")
    child.expect_exact("P1> ")
    child.send("bid 3\n")
    shown = prompt(child, "P1 plays bid 3")
    assert "276. 2 2 RJ RJ" not in shown and "276. " in shown and "single (11)" not in shown
    finish(child)


# ---- screens read back from a terminal emulator (tmux), against golden files -------------------

tmux = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


class Tmux:
    def __init__(self, *args: str):
        self.name = f"gamedsl-test-{os.getpid()}-{time.monotonic_ns()}"
        command = " ".join([f"PYTHONPATH={ROOT}", "NO_COLOR=1", sys.executable, "-m", "gamedsl", *args])
        subprocess.run(["tmux", "new-session", "-d", "-s", self.name, "-x", "80", "-y", "24",
                        f"cd {ROOT} && {command}; sleep 60"], check=True, env={**os.environ, "TMUX": ""})

    def screen(self) -> str:
        return subprocess.run(["tmux", "capture-pane", "-p", "-t", self.name], capture_output=True, text=True,
                              check=True).stdout

    def wait_for(self, text: str, timeout: float = 60, unlike: str | None = None) -> str:
        """The screen once it shows `text` (and is no longer `unlike`)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            screen = self.screen()
            if text in screen and screen != unlike:
                time.sleep(0.3)  # the rest of the screen drawn
                return self.screen()
            time.sleep(0.2)
        raise AssertionError(f"{text!r} never appeared:\n{self.screen()}")

    def keys(self, *keys: str) -> None:
        subprocess.run(["tmux", "send-keys", "-t", self.name, *keys], check=True)

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)


def golden(name: str, screen: str) -> None:
    """The screen is the golden file's (GAMEDSL_GOLDEN=write writes it anew)."""
    path = GOLDEN / name
    text = "\n".join(line.rstrip() for line in screen.rstrip("\n").split("\n")) + "\n"
    if os.environ.get("GAMEDSL_GOLDEN") == "write":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


@tmux
def test_the_80_by_24_screen_of_a_lead_of_276_moves():
    term = Tmux(*LEAD_276)
    try:
        term.wait_for("4. pass")
        term.keys("bid 3", "Enter")
        screen = term.wait_for("276 moves")
        assert screen.split("\n")[1].startswith("--- Dou Dizhu · deal 1 · play · P1 to move")
        golden("dou_dizhu_lead_80x24.txt", screen)
    finally:
        term.close()


@tmux
def test_the_hot_seat_screen_shows_nobody_s_cards():
    term = Tmux("play", "russian_bank", "--seed", "3", "--seats", "human,human")
    try:
        term.wait_for("P2, take the keyboard")
        term.keys("Enter")
        before = term.wait_for("P2>")
        term.keys("turn", "Enter")
        term.wait_for("P2>", unlike=before)
        term.keys("discard", "Enter")
        screen = term.wait_for("P1, take the keyboard")
        golden("russian_bank_hot_seat_80x24.txt", screen)
    finally:
        term.close()


def test_ctrl_c_while_a_computer_thinks_asks_before_leaving():
    child = spawn("play", "russian_bank", "--seed", "3", "--seats", "human,mcts:30s")  # P2 begins: it thinks
    child.expect_exact("Type 'help' for commands.")
    time.sleep(1.5)
    child.send(CTRL_C)
    child.expect_exact("(Ctrl-C while P2 was thinking.)")
    child.expect_exact("Game left. Goodbye.")  # nothing was played by a human: nothing to lose
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
