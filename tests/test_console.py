"""The console and CLI driven through their real entry point, with scripted input."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]


def gamedsl(*args: str, stdin: str = "", timeout: int = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gamedsl", *args], input=stdin, capture_output=True,
                          text=True, timeout=timeout, cwd=ROOT)


def test_play_by_number_and_text_then_quit():
    run = gamedsl("play", "russian_bank", "--seed", "3", "--seats", "human,random", stdin="moves\n1\nexplain turn\nquit\n")
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "Russian Bank" in out and "P1 (you):" in out
    assert "P1 plays 10H P1.reserve -> house1" in out  # move 1 of the list
    assert "turn: legal" in out
    assert "Goodbye" in out and "Traceback" not in out + run.stderr


def test_illegal_and_unparsable_moves_get_a_reason_and_the_prompt_again():
    run = gamedsl("play", "--seed", "3", "--seats", "human,random", stdin="10H P1.reserve -> foundation1\nfly away\n99\n1\n")
    out = run.stdout
    assert run.returncode == 0
    assert "Stop! 10H P1.reserve -> foundation1: illegal" in out
    assert "rule foundation: foundations go up in suit" in out
    assert "Not a move:" in out and "There is no move 99" in out
    assert "P1 plays 10H P1.reserve -> house1" in out  # asked again, then played
    assert out.count("P1> ") >= 4


def test_end_of_input_ends_cleanly():
    run = gamedsl("play", "russian_bank", "--seed", "1", stdin="")
    assert run.returncode == 0 and "Goodbye" in run.stdout and "Traceback" not in run.stderr


def test_undo_against_the_computer():
    run = gamedsl("play", "--seed", "3", "--seats", "human,random", stdin="1\nundo\nquit\n")
    assert run.stdout.count("10H  (13 cards)") >= 2  # the reserve card is back after undo


def test_two_humans_each_see_their_own_view():
    run = gamedsl("play", "--seed", "3", "--seats", "human,human", stdin="turn\ndiscard\nquit\n")
    out = run.stdout
    assert "=== P2's turn: only P2 should look ===" in out
    assert "P2 (you):" in out


def test_a_whole_match_between_computers_ends_with_a_winner():
    run = gamedsl("play", "--seed", "5", "--seats", "computer,computer", "--option", "target=1")
    assert run.returncode == 0, run.stderr
    assert "Game over." in run.stdout and "Deal 1 ends" in run.stdout


def test_bad_seats_and_bad_game_are_refused_without_traceback():
    for args in (("play", "--seats", "human"), ("play", "nosuchgame"), ("play", "--option", "nope=1")):
        run = gamedsl(*args)
        assert run.returncode in (1, 2) and "Traceback" not in run.stderr and run.stderr.strip()


def test_moves_lists_sorted_moves_of_a_position(tmp_path):
    doc = {"turn": "P1", "zones": {"P1.reserve": ["4S", "9D"], "P1.hand": ["2C"], "P2.hand": ["3C"],
                                   **{f"house{i}": [c] for i, c in enumerate(["KS", "KC", "10C", "KC", "KH", "KD", "KH", "KD"], 1)}}}
    path = tmp_path / "pos.yaml"
    path.write_text(yaml.safe_dump(doc))
    run = gamedsl("moves", "russian-bank", "--position", str(path))
    assert run.returncode == 0
    assert run.stdout.splitlines() == ["9D P1.reserve -> house3", "turn"]
    run = gamedsl("moves", "russian-bank", "--position", str(path), "--explain", "9D P1.reserve -> house4")
    assert run.returncode == 1 and "illegal" in run.stdout and "rule house:" in run.stdout
    run = gamedsl("moves", "russian-bank", "--position", str(path), "--explain", "turn")
    assert run.returncode == 0 and run.stdout.strip() == "turn: legal"


def test_a_bad_position_file_is_reported(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("zones: {P1.reserv: [AS]}\n")
    run = gamedsl("moves", "russian_bank", "--position", str(path))
    assert run.returncode == 1 and "did you mean 'P1.reserve'" in run.stderr and "Traceback" not in run.stderr
    run = gamedsl("moves", "russian_bank", "--position", str(tmp_path / "missing.yaml"))
    assert run.returncode == 1 and "cannot read" in run.stderr


def test_dou_dizhu_in_the_console_bid_and_play_by_cards():
    run = gamedsl("play", "dou-dizhu", "--seed", "4", stdin="bid 3\n3\nplay 3\nquit\n")
    out = run.stdout
    assert run.returncode == 0 and "Traceback" not in run.stderr
    assert "P1: human, P2: computer, P3: computer" in out
    assert "hand    3C 4D 4C 6C 8S 8D 9H JS JC QD KH KC AS AD 2S 2H BJ" in out  # sorted by strength
    assert "hand    ## ## ## ## ## ## ## ## ## ## +7  (17 cards)" in out  # the others' hands: backs
    assert "bidding" in out and "P1 plays bid 3" in out
    assert "'3' is both move number 3 and a move of its own" in out
    assert "P1 plays 3\n" in out


def test_dou_dizhu_illegal_play_and_leader_pass_are_refused():
    run = gamedsl("play", "dou-dizhu", "--seed", "4", stdin="bid 3\npass\n3 3 3\nquit\n")
    out = run.stdout
    assert "Stop! pass: illegal" in out
    assert "Stop! 3 3 3: illegal — P1 does not hold 3 3 3" in out


def test_a_whole_dou_dizhu_deal_between_computers():
    run = gamedsl("play", "dou-dizhu", "--seed", "7", "--seats", "greedy,random,random")
    assert run.returncode == 0 and "Game over." in run.stdout and "Deal 1 ends: a player has played their last card" in run.stdout


def test_simulate_is_reproducible_with_a_seed():
    args = ("simulate", "dou-dizhu", "--games", "12", "--seats", "greedy,random,random", "--seed", "9")
    first, second = gamedsl(*args), gamedsl(*args, "--workers", "2")
    assert first.returncode == 0 and second.returncode == 0
    assert _without_times(first.stdout) == _without_times(second.stdout)
    assert "P1 greedy" in first.stdout and "win rate" in first.stdout and "time per move: greedy" in first.stdout


def _without_times(out: str) -> list[str]:
    return [line for line in out.splitlines() if not line.startswith("time per move")]


def test_simulate_rotates_the_seats_and_checks_them():
    run = gamedsl("simulate", "dou-dizhu", "--games", "6", "--seats", "mcts:8,random,random", "--rotate", "--seed", "2")
    assert run.returncode == 0, run.stderr
    assert "6 games, seats rotating" in run.stdout and "#1 mcts:8" in run.stdout
    bad = gamedsl("simulate", "dou-dizhu", "--seats", "mtcs,random,random")
    assert bad.returncode == 2 and "unknown player 'mtcs' — did you mean 'mcts'?" in bad.stderr
    assert "Traceback" not in bad.stderr
    budget = gamedsl("simulate", "dou-dizhu", "--seats", "greedy:5,random,random")
    assert budget.returncode == 2 and "only mcts takes a budget" in budget.stderr
    human = gamedsl("simulate", "dou-dizhu", "--seats", "human,random,random")
    assert human.returncode == 2 and "computer players only" in human.stderr
    few = gamedsl("play", "dou-dizhu", "--seats", "human,random")
    assert few.returncode == 2 and "needs 3 seats, got 2" in few.stderr


def test_console_undo_never_goes_past_the_players_first_decision():
    run = gamedsl("play", "dou-dizhu", "--seed", "1", stdin="undo\nbid 3\nundo\nquit\n")
    out = run.stdout
    assert "Nothing to undo." in out
    assert out.count("bidding · P1 to move") >= 2  # back at the bidding after the undo
    assert "Traceback" not in run.stderr


def test_console_explains_what_is_not_a_play():
    run = gamedsl("play", "dou-dizhu", "--seed", "1", stdin="bid 3\nplay\n3 3 3 3 3\nZZ\nquit\n")
    out = run.stdout
    assert "'play': say which cards" in out
    assert "'3 3 3 3 3' is not a combination of this game" in out
    assert "'ZZ' is not a move: type a play by its cards" in out


def test_a_schwimmen_match_with_a_human_seat_and_the_showdowns():
    # The human keeps the dealt cards, closes when he can and passes otherwise, and tries two
    # impossible things on the way; the computers play on after he is out.
    script = "swap two cards\nkeep\nclose\npass\n" * 80
    run = gamedsl("play", "schwimmen", "--players", "4", "--seed", "2", stdin=script, timeout=300)
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "Schwimmen — P1: human, P2: computer, P3: computer, P4: computer." in out
    assert "Not a move:" in out or "Stop!" in out
    assert out.count("*** Deal ") >= 3 and "Game over." in out
    # The showdown shows every hand still in with its value, and what was paid.
    showdown = out[out.index("*** Deal 1 ends"):].split("\n\n")[0]
    assert sum(line.startswith("  P") and "=" in line for line in showdown.splitlines()) == 4
    assert "chips 3 → 2" in showdown
    # Until then, P1 never sees another player's cards.
    first_view = out[: out.index("*** Deal 1 ends")]
    assert "P2:\n  hand     ## ## ##  (3 cards)" in first_view
    assert "extra    ## ## ##  (3 cards)" in first_view or "extra    —" in first_view
    assert "Traceback" not in out + run.stderr


def test_every_schwimmen_variant_plays_in_the_console_between_computers():
    for name in ("dutch_31", "hosa_aba", "41", "tri_palki", "loo"):
        run = gamedsl("play", name, "--players", "3", "--seed", "1", "--seats", "computer,computer,random",
                      timeout=300)
        assert run.returncode == 0 and "Game over." in run.stdout, (name, run.stderr)


def test_every_patience_game_plays_in_the_console_between_computers():
    names = ["spite_and_malice"] + [f"russian_bank/{v}" for v in (
        "waste_top", "reserve_12", "reserve_11", "cut_for_first", "first_highest_reserve", "first_by_tableau",
        "alternate_first", "strict", "face_down_tableau", "less_strict", "reserve_face_down", "crossley",
        "one_pack", "short")]
    for name in names:
        options = [] if name == "spite_and_malice" else ["--option", "target=1"]
        run = gamedsl("play", name, "--seed", "2", "--seats", "computer,random", *options, timeout=300)
        assert run.returncode == 0 and "Game over." in run.stdout, (name, run.stderr[-500:])
    run = gamedsl("play", "three_players", "--seed", "2", "--seats", "computer,random,random", "--option", "target=1",
                  timeout=300)
    assert run.returncode == 0 and "Game over." in run.stdout, run.stderr[-500:]


def test_the_table_shows_a_joker_as_what_it_stands_for():
    import gamedsl
    from gamedsl.console import render

    game = gamedsl.load_game("spite_and_malice")
    state = game.load_position(yaml.safe_dump({
        "turn": "P1", "zones": {"P1.stock": ["8C"], "P2.stock": ["9D"], "P1.hand": ["JK", "7D"], "P1.side1": ["9S"]}}))
    state.play("discard JK P1.hand -> P1.side1 as 8")
    assert "JK=8" in render(state, 1)


def test_colour_mode_shows_suit_symbols_and_plain_mode_does_not():
    import io

    from gamedsl import load_game
    from gamedsl.console import Console

    game = load_game("russian_bank")
    lines = iter(["quit"])
    out = io.StringIO()
    Console(game.new_game(3), ["human", "random"], read=lambda prompt: next(lines), out=out, colour=True).run()
    assert "\u2665" in out.getvalue() or "\u2666" in out.getvalue()
    assert "\033[31m" in out.getvalue()
    run = gamedsl("play", "--seed", "3", "--no-color", stdin="quit\n")
    assert "\u2665" not in run.stdout and "\033[" not in run.stdout


def test_hint_names_a_legal_move():
    run = gamedsl("play", "schwimmen", "--players", "3", "--seed", "4", stdin="hint\nquit\n")
    assert run.returncode == 0 and "Hint: " in run.stdout


def test_a_hint_in_a_long_turn_names_the_moves_that_follow():
    """In Russian Bank the adviser's choice is a plan: the move, then the moves it leads to, each
    of which the player can then type in turn."""
    hint = gamedsl("play", "russian-bank", "--seats", "human,mcts", "--seed", "2", "--no-color", stdin="hint\nquit\n")
    line = next(text for text in hint.stdout.splitlines() if "Hint: " in text)
    moves = line.split("Hint: ", 1)[1].removesuffix(" (the Monte Carlo player's choice)").split(", then ")
    assert len(moves) >= 2
    typed = "".join(f"{move}\n" for move in moves) + "quit\n"
    run = gamedsl("play", "russian-bank", "--seats", "human,mcts", "--seed", "2", "--no-color", stdin=typed)
    assert run.returncode == 0 and "illegal" not in run.stdout.lower()
    assert all(f"P1 plays {move}" in run.stdout for move in moves)



def test_the_console_tells_what_the_others_did_since_your_last_move():
    run = gamedsl("play", "dou-dizhu", "--seed", "4", stdin="pass\nlog\nquit\n")
    out = run.stdout
    assert run.returncode == 0 and "Traceback" not in run.stderr
    first, _, rest = out.partition("P1 plays pass")
    assert "Since your last move:" not in first  # P1 bids first here: nothing happened before
    # After P1's pass the computers bid; P1 is told when asked again (if the bidding comes back).
    log = rest[: rest.index("---")] if "---" in rest else rest
    assert "Since your last move:\n  P2 plays pass\n  P3 plays 3 4 5 6 7 8 9 10\n" in log


def test_the_table_is_laid_out_by_zones_and_zones_can_be_shown():
    run = gamedsl("play", "russian_bank", "--seed", "3",
                  stdin="show house2\nshow hand\nshow fundation1\nshow\nquit\n")
    out = run.stdout
    assert run.returncode == 0 and "Traceback" not in run.stderr
    assert "So far:\n  P2 plays turn" in out  # P2 began: its moves are listed before P1's first view
    assert "  foundation   1:—  2:—  3:—  4:—  5:—  6:—  7:—  8:—" in out  # a family of piles on one line
    assert "  hand         [##] 35 cards face down" in out  # a pile face down: a back and its size
    board = out[out.index("--- Russian Bank"):]
    house2 = board.split("  house2", 1)[1].split("\n", 1)[0].split()  # the row on the table ...
    assert f"house2 (bottom to top, {len(house2)} cards): {' '.join(house2)}" in out  # ... card by card
    assert "P1.hand (bottom to top, 35 cards): ## ##" in out  # even your own pack is backs to you
    assert "No zone 'fundation1'. Did you mean 'foundation1'?" in out and "show which zone?" in out


def test_undo_takes_back_the_computers_replies_and_their_log():
    run = gamedsl("play", "spite_and_malice", "--seed", "3", stdin="6\nundo\nlog\nquit\n")
    out = run.stdout
    assert run.returncode == 0 and "Traceback" not in run.stderr
    assert "P1 plays done" in out and "Took back" in out
    after_undo = out[out.index("Took back"):]
    assert after_undo.count("P1 plays done") == 0  # the log holds what is still played


SEED_GAMES = ["russian_bank", "russian_bank/short", "dou_dizhu", "schwimmen", "schwimmen/dutch_31",
              "schwimmen/hosa_aba", "schwimmen/41", "schwimmen/tri_palki", "schwimmen/loo", "spite_and_malice"]


@pytest.mark.parametrize("name", SEED_GAMES)
def test_every_seed_game_takes_a_human_through_bad_input_a_move_a_save_and_a_load(name, tmp_path):
    save = tmp_path / "game.yaml"
    script = f"nonsense words\n999\nhelp\nmoves\n1\nsave {save}\n"  # then the input ends
    run = gamedsl("play", name, "--seed", "2", "--seats", ",".join(["human"] + ["random"] * (_players(name) - 1)),
                  stdin=script)
    out = run.stdout
    assert run.returncode == 0 and "Traceback" not in out + run.stderr, run.stderr[-400:]
    assert "Not a move:" in out and "There is no move 999" in out and "Commands:" in out
    assert "P1 plays " in out and f"Saved to {save}" in out and "Goodbye" in out
    again = gamedsl("play", "--load", str(save), stdin="board\nquit\n")
    assert again.returncode == 0 and "Resuming" in again.stdout and "Traceback" not in again.stderr
    before = out[out.rindex("--- "):].split("\n", 1)[0]  # the last table P1 saw ...
    assert before.split(" · ")[0] in again.stdout  # ... is the game resumed


def _players(name: str) -> int:
    from gamedsl import load_game

    return load_game(name).players


# ---- typing at the console: moves before commands, bad input, quitting, seeds ------------------

def test_text_that_reads_as_a_move_is_a_move_never_a_command():
    """Dou Dizhu: 'Q', 'Q Q' and 'Q Q Q 3' are plays of queens (P1 holds one), not 'quit'."""
    run = gamedsl("play", "dou-dizhu", "--seed", "4", stdin="bid 3\nQ Q\nQ Q Q 3\nq\nQ\nquit\nyes\n")
    out = run.stdout
    assert run.returncode == 0 and "Traceback" not in run.stderr
    assert "Stop! Q Q: illegal — P1 does not hold Q Q" in out
    assert "Stop! Q Q Q 3: illegal — P1 does not hold" in out
    assert "P1 plays Q\n" in out  # 'q', the first word of the old 'quit'
    assert "Stop! Q: illegal — P1 does not hold Q" in out  # the one queen is on the table now
    assert "The game is not saved: quit anyway" in out and "Game left without saving. Goodbye." in out


def test_a_move_named_like_a_command_is_played_and_the_command_needs_a_slash(tmp_path):
    path = tmp_path / "named.game"
    path.write_text('game "Named like commands"\nplayers 2\n\ncards:\n    order plain: A 2 3 4 5 6 7 8 9 10 J Q K\n\n'
                    "zones:\n    deck: shared, pile, face down, holds 1 standard deck\n\ndeal:\n    shuffle deck\n\n"
                    "counter logged: each player, starts 0\n\n"
                    'move log "a move with the name of a console command":\n    then:\n'
                    "        add 1 to own logged\n        end turn\n\n"
                    'end logged "someone logged twice":\n    when some player: own logged = 2\n    winner scores 1\n\n'
                    "match: one deal\n")
    run = gamedsl("play", str(path), "--seed", "1", "--seats", "human,random", stdin="log\n/log\n/board now\n/moves now\nlog\n")
    out = run.stdout
    assert run.returncode == 0 and "Game over. P1 wins." in out, run.stderr
    assert "P1> P1 plays log\n" in out  # 'log' is the move ...
    assert "P1>   P1 plays log\n  P2 plays log\n" in out  # ... and '/log' the command
    assert "'board' takes nothing after it" in out
    assert "No moves of a kind 'now' now; the kinds: log." in out  # 'moves KIND': the moves of one kind


def test_bad_input_gets_a_message_and_the_game_goes_on(tmp_path):
    big = "9" * 5000
    odd = ["²", "#²", big, f"#{big}", "#", f"save {tmp_path}/x\0y", f"save {tmp_path}/x\x1by", f"save {tmp_path}",
           "save README.md", "bid ²", f"bid {big}", f"explain bid {big}", "show \x01", "hint me", "/", "/nosuch"]
    run = gamedsl("play", "dou-dizhu", "--seed", "4", stdin="\n".join(odd) + "\n1\n")
    out = run.stdout
    assert run.returncode == 0 and "Traceback" not in out + run.stderr, run.stderr[-300:]
    assert "Not a move: '²' is not a move" in out and "'#²' is not a move number" in out
    assert out.count("There is no move 9999999999") == 2 and big not in out.replace(f"bid {big}", "")
    assert "a file name cannot hold a NUL character" in out and "cannot hold control characters" in out
    assert "that is a folder" in out and "exists and is not a saved game" in out
    assert out.count("write 'bid N' with N from 1 to 3") == 3
    assert "No zone '\\x01'." in out and "'hint' takes nothing after it" in out
    assert "A command follows '/'" in out and "No command 'nosuch'" in out
    assert "P1 plays bid 3" in out  # and then the move
    assert list(tmp_path.iterdir()) == []
    assert (ROOT / "README.md").read_text(encoding="utf-8").startswith("#")


def test_quit_asks_only_when_something_would_be_lost(tmp_path):
    save = tmp_path / "game.yaml"
    run = gamedsl("play", "--seed", "3", "--seats", "human,random", stdin=f"quit\n")  # nothing played: no question
    assert "quit anyway" not in run.stdout and "Game left. Goodbye." in run.stdout
    script = f"1\nquit\nno\nsave {save}\nquit\n"
    run = gamedsl("play", "--seed", "3", "--seats", "human,random", stdin=script)
    out = run.stdout
    assert run.returncode == 0 and out.count("The game is not saved: quit anyway and lose it?") == 1
    assert "The game goes on" in out and f"Saved to {save}" in out and "Game left. Goodbye." in out
    run = gamedsl("play", "--seed", "3", "--seats", "human,random", stdin="1\nquit\n")  # the input ends at the question
    assert run.returncode == 0 and "Game left without saving. Goodbye." in run.stdout and not run.stderr


def test_play_without_a_seed_deals_from_a_fresh_one_it_prints_and_saves(tmp_path):
    seeds = []
    for name in ("a.yaml", "b.yaml"):
        run = gamedsl("play", "dou-dizhu", "--seats", "human,random,random", stdin=f"save {tmp_path / name}\n")
        first = run.stdout.splitlines()[0]
        seed = first.removeprefix("seed ").split(" ")[0]
        assert first == f"seed {seed} — replay with --seed {seed}", first
        assert yaml.safe_load((tmp_path / name).read_text())["seed"] == int(seed)
        seeds.append((seed, run.stdout))
    assert seeds[0][0] != seeds[1][0]  # (two equal seeds in a row: once in 100 000 runs)
    seed, out = seeds[1]
    again = gamedsl("play", "dou-dizhu", "--seed", seed, "--seats", "human,random,random", stdin="")
    assert "replay with" not in again.stdout
    hand = next(line for line in out.splitlines() if line.startswith("  hand    ") and "##" not in line)
    assert hand in again.stdout
