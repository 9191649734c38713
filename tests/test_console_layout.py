"""The console's screen layout, in process: every shipped game's table and moves fit 80 × 24 with
the header in sight, long lists are grouped by kind, the header breaks to fit, hot-seat turns
clear the screen and wait."""

from __future__ import annotations

import io
import random
import subprocess
import sys
from pathlib import Path

import pytest

import gamedsl
from gamedsl.console import CLEAR_SCREEN, Console, header, move_groups, plain

ROOT = Path(__file__).resolve().parents[1]
GAMES = subprocess.run([sys.executable, "-m", "gamedsl", "list"], capture_output=True, text=True, cwd=ROOT,
                       check=True).stdout.split()


def screen_console(state, seats, lines=(), size=(80, 24)):
    script = iter(lines)
    out = io.StringIO()
    console = Console(state, seats, read=lambda prompt: next(script), out=out, screen=lambda: size)
    return console, out


def rows(text: str, columns: int = 80) -> int:
    return sum(max(1, -(-len(line) // columns)) for line in text.split("\n"))


@pytest.mark.parametrize("name", GAMES)
def test_every_games_table_and_moves_fit_80_by_24_below_the_header(name):
    game = gamedsl.load_game(name)
    rng = random.Random(name)
    for start in range(3):
        state = game.new_game(start)
        for _ in range(rng.randrange(0, 12)):  # a position a few moves in
            if state.is_over:
                break
            state.play(rng.choice(list(state.legal_moves())))
        if state.is_over:
            continue
        state.require_moves()
        console, out = screen_console(state, ["human"] * game.players)
        console.show_table(state.current)
        shown = plain(out.getvalue()).rstrip("\n")
        assert shown.startswith("--- ")
        table = plain(gamedsl.console.render(state, state.current, width=80, height=21))
        assert rows(table) <= 21, table  # a tall table puts short zone lines side by side
        assert rows(shown) + 1 <= 24, shown  # the table, its moves and the prompt fit
        assert all(len(line) <= 80 for line in shown.split("\n")), shown


def test_a_long_list_is_grouped_by_kind_with_counts_and_one_kind_is_listed_alone():
    state = gamedsl.load_game("dou_dizhu").new_game(36)
    state.play("bid 3")
    groups = move_groups(state)
    assert [(label, len(numbers)) for label, numbers in groups][:3] == [("single", 11), ("pair", 5), ("trio", 3)]
    assert sum(len(numbers) for _, numbers in groups) == len(state.legal_moves()) == 276
    console, out = screen_console(state, ["human", "random", "random"], lines=["", "q"])
    console.last_human = 0
    console.show_table(0)
    assert "  pair (5)" in out.getvalue() and "15. Q Q" in out.getvalue()
    assert "276 moves ('moves': all of them, 'moves KIND': one kind, Tab completes); also" in out.getvalue()
    out.truncate(0)
    out.seek(0)
    console.show_moves(everything=True, kind="Trio_With a single")  # case, '_' and spaces aside
    listed = out.getvalue()
    assert listed.startswith("  trio with a single (30):\n") and "49. 5 5 5 RJ" in listed and "50." not in listed
    out.truncate(0)
    out.seek(0)
    console.show_moves(everything=True)  # paged: Enter, then q
    assert out.getvalue().count("Enter for the next page") == 0  # (the question is the prompt, not said)
    assert "single (11):" in out.getvalue() and "276." not in out.getvalue()


def test_a_table_taller_than_the_screen_puts_short_zone_lines_side_by_side():
    state = gamedsl.load_game("russian_bank").new_game(1)
    tall = gamedsl.console.render(state, state.current, width=80).split("\n")
    assert len(tall) == 22  # eight houses, a line each: the header would scroll away on 80 x 24
    short = gamedsl.console.render(state, state.current, width=80, height=21).split("\n")
    assert short[0] == tall[0] and len(short) == 14
    assert short[2].split() == ["house1", "9S", "house2", "4H"]
    assert all(len(line) <= 80 for line in short)
    def cells(lines):
        return sorted(word for line in lines for word in line.split())

    assert cells(short) == cells(tall)  # the same zones and cards, only laid out in two columns
    assert gamedsl.console.render(state, state.current, width=80, height=22) == "\n".join(tall)  # room enough


def test_the_header_breaks_between_its_items_to_fit_the_screen():
    game = gamedsl.load_game("spades")
    state = game.new_game(1)
    obs = state.observation(0)
    one = header(state, obs)
    assert len(one) == 1 and one[0].startswith("--- Spades · deal 1")
    narrow = header(state, obs, width=40)
    assert len(narrow) > 1 and all(len(line) < 40 for line in narrow)
    assert narrow[0].startswith("--- Spades") and narrow[-1].endswith(" ---")
    def words(lines):
        return [w for line in lines for w in line.split() if w not in ("·", "---")]

    assert words(narrow) == words(one)  # the same items, broken between them


def test_hot_seat_clears_the_screen_and_shows_the_hand_after_enter():
    state = gamedsl.load_game("russian_bank").new_game(3)
    console, out = screen_console(state, ["human", "human"], lines=["", "turn", "discard", "", "quit", "yes"])
    console.run()
    said = out.getvalue()
    first_clear = said.index(CLEAR_SCREEN)
    assert said.index("=== P2's turn: only P2 should look ===") > first_clear
    assert said.index("P2 (you):") > said.index("=== P2's turn")
    p1_turn = said.index("=== P1's turn: only P1 should look ===")
    assert CLEAR_SCREEN in said[said.index("P2 (you):"):p1_turn]  # P2's cards cleared away first
    assert "P1 (you):" in said[p1_turn:] and "P2 (you):" not in said[p1_turn:]


@pytest.mark.parametrize("name", GAMES)
def test_no_command_is_a_letter_and_text_read_as_a_move_stays_a_move(name):
    """A rank or suit letter ('Q', 'K', 'S') is never a command: commands are whole words, and
    any command word that the game's moves read as a move is played as the move."""
    from gamedsl.console import COMMANDS

    assert all(len(word) > 1 or not word.isalnum() for word in COMMANDS)
    state = gamedsl.load_game(name).new_game(1)
    console, out = screen_console(state, ["human"] * state.game.players)
    console.last_human = state.current
    for word in sorted(COMMANDS):
        if console.reads_as_move(word):  # then `handle` tries it as a move, never runs the command
            assert console.handle(word, state.current) in (True, None)
            assert "Commands:" not in out.getvalue()


TWO_DEALS = """\
game "Two deals"
players 2
zones:
    stock: shared, pile, face down, holds 1 standard deck
    hand: each player, fan, face up to owner
    table: shared, pool, face up
deal:
    shuffle stock
    deal 1 from stock to each hand
move play "play your card":
    from own hand to table
    then: end turn
end out "both cards are played":
    when every player: own hand is empty
    winner scores 1
match: deals until some player: own score >= 2
"""


def test_hot_seat_waits_for_enter_after_a_deal_before_clearing_for_the_next_player(tmp_path):
    path = tmp_path / "two_deals.game"
    path.write_text(TWO_DEALS, encoding="utf-8")
    state = gamedsl.load_game(path).new_game(5)
    feed = iter(["", "1", "", "1", "", "", "quit", "yes"])  # Enter, play, Enter, play: the deal ends
    out = io.StringIO()

    def read(prompt):
        out.write(f"<{prompt.strip()}>")
        return next(feed)

    Console(state, ["human", "human"], read=read, out=out, screen=lambda: (80, 24)).run()
    said = out.getvalue()
    ended = said.index("*** Deal 1 ends: both cards are played ***")
    second = said[ended:]
    steps = ["<Press Enter to go on:>", CLEAR_SCREEN, "=== P1's turn: only P1 should look ===",
             "<P1, take the keyboard and press Enter:>", CLEAR_SCREEN, "deal 2", "P1 (you):  hand  QD"]
    at = [second.index(step, second.index(steps[k - 1]) + 1 if k else 0) for k, step in enumerate(steps)]
    assert at == sorted(at), second  # the report read, Enter, cleared, handed over, Enter, cleared, the hand
    assert "KC" not in second[at[1]:at[4]]  # nothing of P2's is left on the screen P1 comes to
    assert "P2:  hand  ##  (1 card)" in said  # one card, not '1 cards'
