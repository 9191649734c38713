"""Play a game in the terminal: human seats type moves, computer seats play by themselves.

Each human sees the table only through their own observation. A move is picked by its number
or typed as text; an illegal move gets the rule that forbids it and the prompt again.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from . import cards
from .compiler.zones import instance_name
from .engine import State
from .engine.moves import Move
from .engine.shown import bare_text, shown_items
from .engine.shown import text as item_text
from .engine.state import DealResult
from .engine.views import visible_cards
from .errors import AmbiguousMoveError, IllegalMoveError, MoveError
from .model.card_types import value_shown
from .players import ComputerSeat
from .terminal import escape

HELP = """\
Commands:
  NUMBER          play the move with that number in the list (#NUMBER when a card has that name)
  MOVE            play a move by its text, as the list shows it (your own zones can be
                  named without 'P1.'; 'pile 3' = 'pile3'; plays of cards by their ranks)
  moves           list the legal moves again (all of them, a page at a time)
  moves KIND      the moves of one kind ('moves pair', 'moves bid'), as the list groups them
  board           show the table again
  show ZONE       every card of a zone that you may see, bottom to top ('show waste', 'show P2.side1')
  log             everything played so far this game
  explain MOVE    say whether MOVE is legal and which rule decides
  undo            take back your last move (and the computer's replies)
  save FILE       save the game (resume it with: gamedsl play --load FILE)
  hint            what the Monte Carlo player would play here (and the moves it would make next)
  help            this text
  quit            leave the game (asks first when it is not saved; end of input leaves at once)
Text that reads as a move is always a move; a command is its word alone, or with '/' before it
('/show hand') in a game that has a move of that name.
On a terminal: the arrow keys edit the line and recall earlier ones (Up, Down; Ctrl-R searches),
Tab completes a move, a command, a zone after 'show' or a kind after 'moves'; Ctrl-C clears the
line (while a computer thinks: 'quit') and Ctrl-D is 'quit'."""

COMMANDS = {"help", "?", "moves", "board", "show", "log", "explain", "undo", "save", "hint", "quit", "exit"}
TAKE_AN_ARGUMENT = {"show", "explain", "save", "moves"}
COMPLETED = ["help", "moves", "board", "show", "log", "explain", "undo", "save", "hint", "quit"]  # offered by Tab
CLEAR_SCREEN = "\033[H\033[2J\033[3J"  # home, clear the screen and its scrollback (nothing to scroll back to)
_NUMBER = re.compile(r"[0-9]+")  # a move's number: ASCII digits only ('²' is a digit to Python)
SHOWN_AT_MOST = 40  # characters of a line typed quoted back in a message


def _shown(text: str) -> str:
    """Typed text quoted back: control characters escaped, and cut when it is long."""
    safe = "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text)
    return safe if len(safe) <= SHOWN_AT_MOST else safe[:SHOWN_AT_MOST] + "…"


class Console:
    def __init__(self, state: State, seats: list[str], seed: int | str = 0,
                 read: Callable[[str], str] = input, out: TextIO = sys.stdout, colour: bool = False,
                 editor: Any = None, screen: Callable[[], tuple[int, int]] | None = None):
        self.colour = colour  # suit symbols and red hearts and diamonds (a terminal that wants them)
        # On a terminal: `editor` reads lines with editing, history and completion (a
        # `line_input.LineEditor`), and `screen` gives its size (columns, rows): the table and
        # the moves are laid out to fit, long lists are paged and a hot-seat game clears the
        # screen between players. Without them (pipes, --plain): plain lines, everything listed.
        self.editor = editor
        self.screen = screen
        self.state = state
        self.seats = seats
        self.read = read
        self.out = out
        self.computers = {i: ComputerSeat(kind, f"{seed}/{i}") for i, kind in enumerate(seats) if kind != "human"}
        self.last_human: int | None = None
        self.asked: list[tuple[int, int, int]] = []  # (moves played, seat, log length) each time a human was asked
        self.results_seen = len(state.results)
        self.said_seen = len(state.said) if state.history else 0  # the rules' announcements (`say`) logged so far
        # What happened, in order: (the seat that moved, or None for a deal's report; the text).
        self.log: list[tuple[int | None, str]] = []
        # Moves whose cards some seats could not see where they went (a pass of three cards face
        # down): the log's index -> (those seats, the text they are shown instead).
        self.unseen: dict[int, tuple[frozenset[int], str]] = {}
        self.read_up_to: dict[int, int] = {}  # each human seat: how much of the log it has been shown
        self.watching = all(kind != "human" for kind in seats)  # nobody to wait for: show moves as they come
        self.unsaved = False  # has a human moved (or undone) since the start or the last save?

    def say(self, text: str = "") -> None:
        text = escape(text)  # titles, names and values from files drive no terminal; colours are ours
        print(_coloured(text) if self.colour else plain(text), file=self.out)

    # ---- the game loop ----------------------------------------------------------------------------
    def run(self) -> int:
        state = self.state
        self.say(f"{state.game.title} — {', '.join(f'{p}: {k}' for p, k in zip(state.players, self.seats))}."
                 " Type 'help' for commands.")
        if state.teams:  # who partners whom
            self.say("Teams: " + "; ".join(f"{name}: {' and '.join(seats)}" for name, seats in state.teams.items()) + ".")
        while not state.is_over:
            state.require_moves()
            seat = state.current
            if seat in self.computers:
                try:
                    move = self.computers[seat].choose(state)
                except KeyboardInterrupt:  # Ctrl-C while a computer thinks, on a terminal: leave?
                    if self.editor is None:
                        raise
                    self.say(f"\n(Ctrl-C while {state.players[seat]} was thinking.)")
                    if self.may_leave():
                        self.say("Game left" + (" without saving" if self.unsaved else "") + ". Goodbye.")
                        return 0
                    continue  # it thinks again, from the same position
                played = state.play(move)
                self.keep_unseen(seat, played)
                self.record(seat, f"{state.players[seat]} plays {played}")
                self.announce()
            elif not self.human_turn(seat):
                self.say("Game left" + (" without saving" if self.unsaved else "") + ". Goodbye.")
                return 0
            else:
                self.read_up_to[seat] = len(self.log)  # a human saw their own move as they made it
            self.report_deals(shown_to=None if seat in self.computers else seat)
        for seat, kind in enumerate(self.seats):  # what the last computer moves did, before the end
            if kind == "human":
                self.show_log(seat)
                break
        self.say(self.final_text())
        return 0

    def record(self, seat: int | None, text: str) -> None:
        """Put a move or a deal's report in the log; shown at once when only computers play."""
        self.log.append((seat, text))
        if self.watching:
            self.say(text)

    def announce(self, shown_to: int | None = None) -> None:
        """What the rules said (`say`) since the last time: public, logged for every seat (the
        human whose move made it is told at once)."""
        said = self.state.said
        for _, text in said[self.said_seen:]:
            line = f"  » {text}"
            self.record(None, line)
            if shown_to is not None and not self.watching:
                self.say(line)
                self.read_up_to[shown_to] = len(self.log)
        self.said_seen = len(said)

    def keep_unseen(self, seat: int, played: Move) -> None:
        """Before `played` is logged: the seats that cannot see its cards where they lie now (but
        the mover) are later shown it without them."""
        moved = played.card.split() if played.card else []
        if not moved or any(cards.parse_card(t) is None for t in moved):  # ranks of a combination: no cards
            return
        state = self.state
        c = state._c
        landed = c.zones.by_name.get(played.target) if played.target else None

        def shown_as_played(viewer: int) -> bool:  # the zone it went to shows it to the viewer
            if landed is None:
                return False
            face = c.face[landed]
            return face in ("up", "down_top_up") or (face == "owner" and c.zones[landed].owner == viewer)

        def sees(viewer: int) -> bool:
            if shown_as_played(viewer):  # seen as it was played, wherever an automatic rule took it then
                return True
            return set(moved) <= {t for z in range(len(state.zones)) for t in visible_cards(state, z, viewer)}

        blind = frozenset(v for v in range(len(state.players)) if v != seat and not sees(v))
        if blind:
            count = f"{len(moved)} card{'s' if len(moved) != 1 else ''}"
            self.unseen[len(self.log)] = (blind, f"{state.players[seat]} plays {played.action} ({count} not shown)")

    def log_text(self, index: int, seat: int) -> str:
        """A line of the log as `seat` may see it."""
        hidden = self.unseen.get(index)
        return hidden[1] if hidden is not None and seat in hidden[0] else self.log[index][1]

    def show_log(self, seat: int) -> None:
        """What the others did since `seat` last moved: their moves, then deals that ended."""
        start = self.read_up_to.get(seat, 0)
        news = [(who, self.log_text(i, seat)) for i, (who, _) in enumerate(self.log) if i >= start and who != seat]
        self.read_up_to[seat] = len(self.log)
        if not news:
            return
        self.say("Since your last move:" if start else "So far:")
        for who, text in news:
            self.say(text if who is None else f"  {text}")

    def human_turn(self, seat: int) -> bool:
        """Ask the human at `seat` for one move; False when they leave."""
        state = self.state
        if self.last_human != seat and self.hot_seat():
            if not self.hand_over(seat):
                return False
        self.last_human = seat
        if not self.asked or self.asked[-1][:2] != (len(state.history), seat):
            self.asked.append((len(state.history), seat, len(self.log)))
        self.show_log(seat)
        self.show_table(seat)
        while True:
            line = self.ask(f"{state.players[seat]}> ", completing=True)
            if line is None:
                if self.editor is not None and not self.may_leave():  # Ctrl-D on a terminal: 'quit'
                    continue
                return False
            text = line.strip()
            if not text:
                continue
            outcome = self.handle(text, seat)
            if outcome is not None:
                return outcome

    def ask(self, prompt: str, completing: bool = False) -> str | None:
        """A line typed, or None when the input has ended (Ctrl-D; Ctrl-C too, in a pipe): nothing
        more can be read. On a terminal Ctrl-C only clears the line. `completing`: the player's
        own history, and Tab completes moves and commands."""
        while True:
            try:
                if self.editor is not None:
                    return self.editor.read(prompt, self.last_human, completing)
                return self.read(prompt)
            except EOFError:
                return None
            except KeyboardInterrupt:
                if self.editor is None:
                    return None
                self.say("(Ctrl-C clears the line: type 'quit' or press Ctrl-D to leave.)")
            except UnicodeDecodeError:
                self.say("That line is not text this console can read (UTF-8): type it again.")

    # ---- the screen: hot-seat, the table and the moves fitted to it -------------------------------
    def hot_seat(self) -> bool:
        return sum(k == "human" for k in self.seats) > 1

    def clear(self) -> None:
        self.out.write(CLEAR_SCREEN)
        self.out.flush()

    def hand_over(self, seat: int) -> bool:
        """Between two people at one keyboard: on a terminal the screen is cleared, and the next
        player's cards are shown only once they have pressed Enter. False when they leave."""
        name = self.state.players[seat]
        if self.screen is None:
            self.say(f"\n=== {name}'s turn: only {name} should look ===")
            return True
        self.clear()
        self.say(f"=== {name}'s turn: only {name} should look ===")
        while self.ask(f"{name}, take the keyboard and press Enter: ") is None:
            if self.may_leave():
                return False
        self.clear()
        return True

    def size(self) -> tuple[int, int]:
        """The screen's columns and rows (at least 40 × 10)."""
        columns, rows = self.screen() if self.screen is not None else (80, 24)
        return max(columns, 40), max(rows, 10)

    def show_table(self, seat: int) -> None:
        """The table, then the moves: on a screen, as many moves as leave the table's header in
        sight above them (grouped by kind when they are many)."""
        if self.screen is None:
            self.say(render(self.state, seat))
            self.show_moves()
            return
        columns, rows = self.size()
        table = render(self.state, seat, width=columns, height=rows - 3)  # a move or two and the prompt below
        self.say(table)
        self.show_moves(room=rows - _rows(table, columns) - 1)  # the prompt below them

    def page(self, lines: list[str]) -> None:
        """Lines said a screen at a time: Enter for the next page, q to stop."""
        if self.screen is None:
            for line in lines:
                self.say(line)
            return
        columns, rows = self.size()
        shown = 0
        for index, line in enumerate(lines):
            if shown + _rows(line, columns) > rows - 1:
                answer = self.ask(f"-- {len(lines) - index} more lines: Enter for the next page, q to stop -- ")
                if answer is None or answer.strip().lower().startswith("q"):
                    return
                shown = 0
            self.say(line)
            shown += _rows(line, columns)

    def completions(self, typed: str) -> list[str]:
        """The whole lines Tab may make of `typed`: legal moves and commands, zone names after
        'show', kinds after 'moves', moves after 'explain'; letters in either case, and cards
        with or without their spaces ('aaa' finds 'A A A 3')."""
        state = self.state
        lead = typed.lstrip()
        word, space, rest = lead.partition(" ")
        command = word.removeprefix("/").lower()
        moves_named = {name.lower() for name in state.game.codec.action_names}
        offered: list[str] | None = None
        if space and (word.startswith("/") or command not in moves_named):
            if command == "show":
                names = state.game.compiled.zones.names
                mine = f"{state.players[self.last_human]}." if self.last_human is not None else None
                offered = [n[len(mine):] for n in names if mine and n.startswith(mine)] + list(names)
            elif command == "moves":
                offered = [label for label, _ in move_groups(state)]
            elif command == "explain":
                offered = [str(m) for m in state.legal_moves()]
        if offered is not None:
            before = typed[:len(typed) - len(rest)]
            return list(dict.fromkeys(before + o for o in offered if _begins(o, rest)))
        slash = "/" if word.startswith("/") else ""
        candidates = [] if slash else [str(m) for m in state.legal_moves()]
        found = [c for c in candidates if _begins(c, lead)]
        if not found and command in moves_named and space:  # a move's cards in any order: 'pass qd jc a'
            found = [c for c in candidates if _has_words(c, lead)]
        found += [slash + c for c in COMPLETED if _begins(slash + c, lead)]
        return list(dict.fromkeys(found))

    def handle(self, text: str, seat: int) -> bool | None:
        """One line typed: True when it made a move that ends this human's turn, False when
        they leave, None to ask again. Text that reads as a move is a move; a command is a
        whole word of its own ('/' before it reaches a command the game's moves would take)."""
        forced = text.startswith("/")
        word, *rest = text.removeprefix("/").split(None, 1) or [""]
        word = word.lower()
        if forced or (word in COMMANDS and not self.reads_as_move(text)):
            return self.command(word, rest[0].strip() if rest else "", seat)
        return True if self.try_move(text) else None

    def reads_as_move(self, text: str) -> bool:
        """Does the move parser read `text` as a move (legal or not)? Then it is never a command."""
        state = self.state
        if text.split()[0].lower() in {name.lower() for name in state.game.codec.action_names}:
            return True
        try:
            state.parse_move(text)
        except AmbiguousMoveError:
            return True
        except MoveError:
            return False
        return True

    def command(self, word: str, rest: str, seat: int) -> bool | None:
        """Run a console command (see HELP); the same answers as `handle`."""
        state = self.state
        if word not in COMMANDS:
            self.say(f"No command '{_shown(word)}'. Type 'help' for the commands." if word else
                     "A command follows '/', e.g. '/help'.")
            return None
        if rest and word not in TAKE_AN_ARGUMENT:
            self.say(f"'{word}' takes nothing after it: type '{word}' alone.")
            return None
        if word in ("quit", "exit"):
            return False if self.may_leave() else None
        if word in ("help", "?"):
            self.say(HELP)
        elif word == "moves":
            self.show_moves(everything=True, kind=rest)
        elif word == "board":
            self.say(render(state, seat, width=self.size()[0] if self.screen else None))
        elif word == "show":
            self.say(self.show_zone(rest, seat))
        elif word == "log":
            self.say("\n".join(text if who is None else f"  {self.log_text(i, seat)}"
                                for i, (who, text) in enumerate(self.log)) or "Nothing played yet.")
        elif word == "explain":
            self.say(str(state.explain(rest)) if rest else "explain what? e.g. 'explain MOVE' with a move's text")
        elif word == "save":
            self.save(rest)
        elif word == "hint":
            adviser = self.adviser(state)
            move = adviser.choose(state)
            then = "".join(f", then {later}" for later in adviser.player.planned())
            self.say(f"Hint: {move}{then} (the Monte Carlo player's choice)")
        elif word == "undo" and self.undo(seat):
            self.show_table(seat)
            if state.current != seat:
                return True
        return None

    def may_leave(self) -> bool:
        """Quitting throws away what was played since the last save: ask first."""
        if not self.unsaved:
            return True
        answer = self.ask("The game is not saved: quit anyway and lose it? (yes/no) ")
        if answer is None or answer.strip().lower() in ("y", "yes"):
            return True
        self.say("The game goes on ('save FILE' keeps it).")
        return False

    def try_move(self, text: str) -> bool:
        state = self.state
        try:
            move = self.numbered_move(text)
            if move is None:
                return False
            played = state.play(move)
        except AmbiguousMoveError as err:
            self.say(f"Which one? {err}")
            return False
        except IllegalMoveError as err:
            self.say(f"Stop! {err.explanation}")
            return False
        except MoveError as err:
            self.say(f"Not a move: {err}")
            return False
        assert self.last_human is not None, "a move is typed by the human who was asked"
        self.unsaved = True
        self.say(f"{state.players[self.last_human]} plays {played}")
        self.keep_unseen(self.last_human, played)
        self.log.append((self.last_human, f"{state.players[self.last_human]} plays {played}"))
        self.announce(self.last_human)
        return True

    def numbered_move(self, text: str) -> Move | str | None:
        """The move a number picks from the list (`3`, `#3`), else the text itself, to be read as a
        move; None (and a message) for a number that picks nothing or means two things."""
        moves = self.state.legal_moves()
        digits = text.removeprefix("#")
        if not _NUMBER.fullmatch(digits):
            if text.startswith("#"):
                self.say(f"'{_shown(text)}' is not a move number: type # and a number from 1 to {len(moves)}.")
                return None
            return text
        also = self.also_a_move(text) if digits == text else None
        if also is not None:
            by_number = "#" + text
            self.say(f"'{text}' is both move number {text} and a move of its own: "
                     f"type {by_number} for the number, or '{also.action} {text}'.")
            return None
        if len(digits) > 9 or not 1 <= int(digits) <= len(moves):
            self.say(f"There is no move {_shown(digits)}: pick 1 to {len(moves)}.")
            return None
        return moves[int(digits) - 1]

    def show_zone(self, name: str, seat: int) -> str:
        """A zone's cards as `seat` sees them; the zone may be named without its owner when it is theirs."""
        state = self.state
        names = state.game.compiled.zones.names
        if not name:
            return "show which zone? e.g. 'show " + names[0] + "'"
        wanted = name.replace(" ", "")
        found = next((n for n in (wanted, f"{state.players[seat]}.{wanted}") if n.lower() in
                      {x.lower() for x in names}), None)
        if found is None:
            from difflib import get_close_matches

            near = get_close_matches(wanted, names, n=1)
            return f"No zone '{_shown(name)}'." + (f" Did you mean '{near[0]}'?" if near else "")
        zone_name = next(x for x in names if x.lower() == found.lower())
        cards_seen = state.observation(seat)["zones"][zone_name]
        shown = " ".join(BACK if c == HIDDEN else c for c in cards_seen) or "—"
        return f"{zone_name} (bottom to top, {len(cards_seen)} cards): {shown}"

    def also_a_move(self, number: str) -> Move | None:
        """The move a number typed could be meant as, of a kind that can be made now (a single 3,
        held or not): then picking move number 3 would do something else than it says."""
        legal = self.state.legal_moves()
        try:
            move = self.state.parse_move(number)
        except AmbiguousMoveError as err:
            return err.candidates[0] if err.candidates else legal[0]
        except MoveError:
            return None
        return move if any(m.action == move.action for m in legal) else None

    def save(self, name: str) -> None:
        from .records import resume_command, save

        if not name:
            self.say("save where? e.g. 'save my_game.yaml'")
            return
        problem = _unsafe_save_name(name)
        if problem is None:
            try:
                path = save(self.state, self.seats, name)
            except OSError as err:
                problem = str(err.strerror or err)
            except ValueError as err:  # a path the system refuses, or a game that cannot be recorded
                problem = str(err)
            else:
                self.unsaved = False
                self.say(f"Saved to {path}. Resume with: {resume_command(self.state, path)}")
                return
        self.say(f"Could not save to '{_shown(name)}': {problem}. The game goes on.")

    def adviser(self, state: State) -> ComputerSeat:
        """The Monte Carlo player that gives hints: one for the turn under way, so that it remembers
        the positions of the turn (hints followed move by move never loop a card between two
        places) and goes on with the plan it named."""
        key = (state.deal_number, state.turn_number, state.current)
        advice = getattr(self, "advice", None)
        if advice is None or advice[0] != key:
            self.advice = (key, ComputerSeat("mcts", f"{state.seed}/hint/{len(state.history)}"))
        return self.advice[1]

    def undo(self, seat: int) -> bool:
        state = self.state
        self.advice = None  # (positions taken back are not the turn's any more)
        if any(k == "human" for i, k in enumerate(self.seats) if i != seat):
            self.say("Undo is only for games against the computer.")
            return False
        # Back to the last time this player was asked before their latest move.
        earlier = [(moves, logged) for moves, who, logged in self.asked if who == seat and moves < len(state.history)]
        if not earlier:
            self.say("Nothing to undo.")
            return False
        target, logged = earlier[-1]
        taken_back = len(state.history) - target
        while len(state.history) > target:
            state.undo()
        self.asked = [entry for entry in self.asked if entry[0] <= target]
        self.results_seen = min(self.results_seen, len(state.results))
        self.said_seen = min(self.said_seen, len(state.said))
        del self.log[logged:]
        self.unseen = {i: entry for i, entry in self.unseen.items() if i < logged}
        self.read_up_to = {who: min(at, logged) for who, at in self.read_up_to.items()}
        self.read_up_to[seat] = logged
        self.unsaved = True
        self.say(f"Took back {taken_back} move{'s' if taken_back != 1 else ''}.")
        return True

    def show_moves(self, room: int | None = None, everything: bool = False, kind: str = "") -> None:
        """The legal moves, numbered. In plain mode one a line, all of them. On a screen they
        fill at most `room` lines: one a line when they fit, else a line for each kind of move
        (its count and its first moves); `everything` pages them all, `kind` the moves of one kind."""
        state = self.state
        moves = state.legal_moves()
        width = len(str(len(moves)))
        groups = move_groups(state)
        if kind:
            chosen = _kinds_named(groups, kind)
            if not chosen:
                self.say(f"No moves of a kind '{_shown(kind)}' now; the kinds: "
                         + ", ".join(label for label, _ in groups) + ".")
                return
            groups = chosen
        numbers = [n for _, picked in groups for n in picked]
        columns, rows = self.size()
        # (with a line left, below the list, for an answer: 'Stop! ...')
        if self.screen is None or len(numbers) <= (rows - 1 if everything else (room or 0) - 1):
            self.page([f"  {i:>{width}}. {moves[i - 1]}" for i in numbers])
            return
        if everything:  # each kind, then its moves in columns, paged
            lines = []
            for label, picked in groups:
                lines.append(f"  {label} ({len(picked)}):")
                lines += _columns([f"{i:>{width}}. {moves[i - 1]}" for i in picked], columns, 4)
            self.page(lines)
            return
        packed = _columns([f"{i:>{width}}. {moves[i - 1]}" for i in numbers], columns - 1, 2)
        if len(packed) <= max((room or 0) - 1, 1) and (len(groups) == 1 or len(numbers) <= 12):
            for line in packed:  # a few moves, or moves of one kind: in columns
                self.say(line)
            return
        self.say_grouped(groups, moves, (room or 0) - 1, columns)

    def say_grouped(self, groups: list[tuple[str, list[int]]], moves: Any, room: int, columns: int) -> None:
        """A line or more for each kind of move, within `room` lines, and how to see the rest."""
        width = len(str(len(moves)))
        heading = min(max(len(f"  {label} ({len(p)})") for label, p in groups) + 2, columns * 3 // 8)
        laid = []  # each kind: its lines, the first with its label
        for label, picked in groups:
            cells = _columns([f"{i:>{width}}. {moves[i - 1]}" for i in picked], columns - heading - 2, 0)
            title = f"  {label} ({len(picked)})"
            first = f"{title:<{heading}}{cells[0]}" if len(title) < heading else f"{title} {cells[0]}"
            laid.append([first] + [" " * heading + line for line in cells[1:]])
        kept = min(len(laid), room - 1)  # a line stays for how to see the rest
        if kept <= 0:  # a tall table: the kinds and their counts, on one line
            counts = ", ".join(f"{label} ({len(picked)})" for label, picked in groups)
            self.say(_cut(f"{len(moves)} moves ('moves' lists them): {counts}.", columns))
            return
        given = [1] * kept
        spare = room - 1 - kept
        for k in range(kept):  # the first kinds get more of their lines while there is room
            more = min(len(laid[k]) - 1, spare)
            given[k] += more
            spare -= more
        for k in range(kept):
            lines = laid[k][:given[k]]
            if given[k] < len(laid[k]):
                lines[-1] = lines[-1][:columns - 2].rstrip() + " …"
            for line in lines:
                self.say(_cut(line, columns))
        rest = [label for label, _ in groups[kept:]]
        more = f"; also {', '.join(rest)}" if rest else ""
        self.say(_cut(f"{len(moves)} moves ('moves': all of them, 'moves KIND': one kind, Tab completes){more}.",
                      columns))

    def report_deals(self, shown_to: int | None = None) -> None:
        """Log each deal that ended; the human whose move ended it sees the report at once."""
        state = self.state
        while self.results_seen < len(state.results):
            result = state.results[self.results_seen]
            self.results_seen += 1
            text = "\n" + "\n".join(deal_report(state, result)) + "\n"
            self.record(None, text)
            if shown_to is not None and not self.watching:
                self.say(text)
                self.read_up_to[shown_to] = len(self.log)
                if self.screen is not None and self.hot_seat() and not state.is_over:
                    self.ask("Press Enter to go on: ")  # before the screen is cleared for the next player

    def final_text(self) -> str:
        state = self.state
        winners = state.winners
        total = ", ".join(f"{p} {s:g}" for p, s in state.scores.items())
        lowest = " (the lowest score wins)" if state._c.lowest_wins else ""
        if state.teams:  # a team wins together: its name and its players
            total = ", ".join(f"{t} {s:g}" for t, s in state.team_scores.items())
            won = [t for t, seats in state.teams.items() if seats[0] in winners]
            named = " and ".join(f"{t} ({' and '.join(state.teams[t])})" for t in won)
            return f"Game over. {named} win{'s' if len(won) == 1 else ''}. Final scores: {total}{lowest}."
        if state.outcome:  # a one-player game: won or lost, whatever the points
            return f"Game over. {state.players[0]} {'wins' if state.outcome == 'won' else 'loses'}. Final score: {total}."
        return (f"Game over. {' and '.join(winners)} win{'s' if len(winners) == 1 else ''}. "
                f"Final scores: {total}{lowest}.")


def move_groups(state: State) -> list[tuple[str, list[int]]]:
    """The legal moves by kind, in the order of their first move: (the kind's label, the numbers
    of its moves in the list, from 1). A play of a combination is of its combination's kind (by
    its description in the file: 'trio with a single'), any other move of its move's name."""
    actions = state.game.compiled.actions
    rules = state.game.rules
    groups: dict[str, list[int]] = {}
    for number, internal in enumerate(state._legal_internal(), 1):
        action = actions[internal[0]]
        label = action.name
        if action.combination is not None:
            name = action.combination.kinds.kinds[internal[1]].name
            info = rules.get(name)
            label = (info.description if info is not None and info.description else name)
        groups.setdefault(label, []).append(number)
    return list(groups.items())


def _kinds_named(groups: list[tuple[str, list[int]]], wanted: str) -> list[tuple[str, list[int]]]:
    """The groups `moves KIND` asks for: the one of that label (case, spaces and '_' aside), else
    those whose label begins so ('moves air': every airplane)."""
    def key(text: str) -> str:
        return " ".join(text.lower().replace("_", " ").replace("-", " ").split())

    want = key(wanted)
    exact = [g for g in groups if key(g[0]) == want]
    return exact or [g for g in groups if key(g[0]).startswith(want)]


def _begins(candidate: str, typed: str) -> bool:
    """Does `candidate` continue `typed`, letters in either case (and cards typed without their
    spaces: 'aaa' begins 'A A A 3')?"""
    low, typed_low = candidate.lower(), typed.lower()
    return low.startswith(typed_low) or (" " not in typed and low.replace(" ", "").startswith(typed_low))


def _has_words(candidate: str, typed: str) -> bool:
    """Are the words typed those of `candidate` in another order, the first (the move's name)
    first and the last perhaps begun?"""
    have = candidate.lower().split()
    *whole, last = typed.lower().split()
    if not whole or not have or have[0] != whole[0]:
        return False
    rest = have[1:]
    for word in whole[1:]:
        if word not in rest:
            return False
        rest.remove(word)
    return last in rest if typed.endswith(" ") else any(w.startswith(last) for w in rest)


def _columns(cells: list[str], width: int, indent: int) -> list[str]:
    """Cells in columns of one width across `width` characters, each line indented."""
    if not cells:
        return [""]
    cell = max(len(c) for c in cells) + 2
    across = max(1, (width - indent) // cell)
    return [" " * indent + "".join(f"{c:<{cell}}" for c in cells[i:i + across]).rstrip()
            for i in range(0, len(cells), across)]


def _rows(text: str, columns: int) -> int:
    """The lines `text` takes on a screen `columns` wide (a long line wraps)."""
    return sum(max(1, -(-len(line) // columns)) for line in text.split("\n"))


def _cut(line: str, columns: int) -> str:
    return line if len(line) < columns else line[:columns - 2] + "…"


def _unsafe_save_name(name: str) -> str | None:
    """Why `name` cannot take a save, or None: never a NUL, never over a file that is not a save."""
    from .records import SAVE_MARK

    if "\0" in name:
        return "a file name cannot hold a NUL character"
    if not name.isprintable():
        return "the name of a save cannot hold control characters"
    path = Path(name)
    try:
        if path.is_dir():
            return "that is a folder"
        if not path.exists():
            return None
        with path.open("rb") as existing:
            first = existing.read(len(SAVE_MARK))
    except OSError as err:
        return str(err.strerror or err)
    if first != SAVE_MARK.encode():
        return "a file of that name exists and is not a saved game: it is kept, choose another name"
    return None


def deal_report(state: State, result: DealResult) -> list[str]:
    """How a deal ended: the rule and who brought it about, every hand shown with its value
    (when the file declares a `showdown`), what each player lost or won, and the points."""
    c = state._c
    info = state.game.rules.get(result.end)
    why = (info.description or info.name) if info else result.end
    who = f" ({state.players[result.winner]})" if result.winner is not None else ""
    lines = [f"*** Deal {result.number} ends: {why}{who} ***"]
    outcome = c.outcomes.get(result.end)
    if outcome:  # a one-player game
        lines.append(f"  {state.players[0]} {'wins' if outcome == 'won' else 'loses'} the deal.")
    view = state.copy()  # the table as the deal ended, before its losses were paid
    view.zones = [list(z) for z in result.zones] if result.zones else view.zones
    if result.counters_before:
        view.counters = list(result.counters_before)
    if c.model.showdown and result.zones:
        zone_name, value_name = c.model.showdown
        for seat, player in enumerate(state.players):
            if not view.in_play(seat):
                continue
            zone_id = c.zones.by_name.get(f"{player}.{zone_name}")
            if zone_id is None:
                continue
            shown = _in_order(c, zone_id, [cards.CARD_TEXT[x] for x in result.zones[zone_id]])
            value = view.value(value_name, seat)
            lines.append(f"  {player}: {' '.join(shown) or '—'}  = {value:g}")
    changes = []  # what the deal changed of the counters kept from deal to deal that players are shown
    labels = {item.name: item for item in shown_items(state) if item.kind == "counter"}
    for label, keep, before, after in zip(c.counters.labels, c.counters.whole_match,
                                          result.counters_before, result.counters_after):
        owner, _, name = label.rpartition(".")
        item = labels.get(name)
        if not keep or before == after or item is None:
            continue
        if item.holds in ("suit", "rank", "card"):
            was, now = value_shown(item.holds, before), value_shown(item.holds, after)
        elif item.holds == "seat":
            was, now = (state.players[int(v) - 1] if v == int(v) and 1 <= v <= len(state.players) else "—"
                        for v in (before, after))
        else:
            was, now = f"{before:g}", f"{after:g}"
        changes.append(f"{owner + ' ' if owner else ''}{item.label} {was} → {now}")
    if changes:
        lines.append("  " + "; ".join(changes))
    if any(result.scores) and c.teams:  # a team's points, once (each of its players has them)
        points = ", ".join(f"{t.name} {result.scores[t.seats[0]]:+g}" for t in c.teams)
        total = ", ".join(f"{t} {s:g}" for t, s in state.team_scores.items())
        lines.append(f"  Points: {points}. Match: {total}.")
    elif any(result.scores):
        points = ", ".join(f"{p} {s:+g}" for p, s in zip(state.players, result.scores))
        total = ", ".join(f"{p} {s:g}" for p, s in state.scores.items())
        lines.append(f"  Points: {points}. Match: {total}.")
    return lines


def _in_order(c, zone_id: int, shown: list[str]) -> list[str]:
    order = c.sorted_by[zone_id]
    if order is None:
        return shown
    return sorted(shown, key=lambda t: order[cards.parse_card(t) or 0] if t != "??" else 999)


def header_items(state: State, obs: dict) -> list[str]:
    """What the header says, in order: the game, the deal, the phase, whose turn, the scores.
    (Anything else the header should carry is added here.)"""
    c = state._c
    scores = obs["scores"]
    if c.teams:  # partners share a score: shown once, by team
        scores = {t.name: scores[f"P{t.seats[0] + 1}"] for t in c.teams}
    items = [obs["game"], f"deal {obs['deal']}"]
    if len(c.phases) > 1:
        items.append(obs["phase"])
    items.append(f"{obs['to_move']} to move")
    items += [f"{p} {s:g}" for p, s in scores.items()]
    items += [item_text(state, item) for item in shown_items(state) if item.header]  # `shown in header`
    return items


def header(state: State, obs: dict, width: int | None = None) -> list[str]:
    """The table's first line, `--- Eights · deal 1 · play · P1 to move · P1 0 · … ---`;
    on a screen `width` wide, as many lines as it takes, broken between items."""
    items = header_items(state, obs)
    text = "--- " + " · ".join(items) + " ---"
    if width is None or len(text) < width:
        return [text]
    lines, line = [], "---"
    for item in items:
        if len(line) + 3 + len(item) + 4 >= width and line.strip(" -"):
            lines.append(line + " ·")
            line = "   "
        line += (" · " if line.strip(" -") else " ") + item
    return lines + [line + " ---"]


def render(state: State, seat: int, width: int | None = None, height: int | None = None) -> str:
    """The table as `seat` sees it, laid out by zones: the shared ones, then each player's. A row
    or a hand is fanned; a pile shows its top card and size; a family of numbered piles (eight
    foundations, say) shares one line; cards `seat` may not see are backs. `width`: the screen's,
    which the header fits; `height`: the rows the table may take on it — a taller table puts its
    short zone lines side by side, two to a line, so that the header stays in sight."""
    lines = _table_lines(state, seat, width)
    if width is not None and height is not None and len(lines) > height:
        lines = _side_by_side(lines, width)
    return "\n".join(lines)


def _side_by_side(lines: list[str], width: int) -> list[str]:
    """Consecutive short zone lines (`  name  cards`) of one block, paired into two columns."""
    column = (width - 1) // 2
    out: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        after = lines[index + 1] if index + 1 < len(lines) else None
        if (after is not None and _zone_line(line) and _zone_line(after)
                and len(line) < column and len(after) <= column):
            out.append(f"{line:<{column}} {after.lstrip()}".rstrip())
            index += 2
            continue
        out.append(line)
        index += 1
    return out


def _zone_line(line: str) -> bool:
    return line.startswith("  ") and not line.startswith("   ")


def _table_lines(state: State, seat: int, width: int | None) -> list[str]:
    obs = state.observation(seat)
    c = state._c
    lines = header(state, obs, width)
    screen = width is not None
    shown = shown_items(state)  # the counters and values the file shows players, by their labels
    groups: dict[int | None, list[list[int]]] = {}  # owner -> families of zones, in file order
    for zone in c.zones.instances:
        if zone.spec.holds_decks and not state.zones[zone.id]:
            continue  # a pack that has been dealt out
        families = groups.setdefault(zone.owner, [])
        if families and c.zones[families[-1][0]].spec is zone.spec and zone.index and not zone.spec.per_team:
            families[-1].append(zone.id)
        else:
            families.append([zone.id])
    width = max((len(z.name if z.spec.per_team else instance_name(z.spec.name, z.index)) for z in c.zones.instances),
                default=8) + 2
    if any(item.owner == "player" for item in shown):
        for player in range(len(state.players)):
            groups.setdefault(player, [])
    for owner in sorted(groups, key=lambda o: -1 if o is None else o):
        title = "Table" if owner is None else f"{state.players[owner]}" + (" (you)" if owner == seat else "")
        if owner is not None and c.teams:  # `P1 (you), north_south with P3`
            team = c.teams[c.team_of[owner]]
            mates = [state.players[s] for s in team.seats if s != owner]
            title += f", {team.name}" + (f" with {' and '.join(mates)}" if mates else "")
        lines.append(f"{title}:")
        if screen and owner is not None and len(groups[owner]) == 1 and len(groups[owner][0]) == 1:
            # on a screen a player with one zone takes one line: `P3:  hand  ## ## ##  (3 cards)`
            zone = c.zones[groups[owner][0][0]]
            label = zone.name if zone.spec.per_team else instance_name(zone.spec.name, zone.index)
            lines[-1] += f"  {label}  {_zone_text(state, obs, zone.id, seat)}"
            continue
        for family in groups[owner]:
            first = c.zones[family[0]]
            # a family of piles shares a line, each shown by its top, unless its turned cards stay
            # up: then every pile has a line, its face-down cards as backs and its face-up part spread
            if len(family) > 1 and first.spec.kind in ("pile", "slot") and not first.spec.keeps_up:
                # each by its number, or by its suit (`one per suit`: foundationH is H)
                cells = [f"{c.zones[z].name[len(first.spec.name):]}:{_zone_text(state, obs, z, seat, compact=True)}"
                         for z in family]
                cell = max(len(x) for x in cells) + 2
                lines.append(f"  {first.spec.name:<{width}}" + "".join(f"{x:<{cell}}" for x in cells).rstrip())
                continue
            for zone_id in family:
                zone = c.zones[zone_id]
                label = zone.name if zone.spec.per_team else instance_name(zone.spec.name, zone.index)
                lines.append(f"  {label:<{width}}{_zone_text(state, obs, zone_id, seat)}")
        if owner is not None:  # what the file shows of each player, after their zones; a value of theirs to them alone
            mine = [item_text(state, item, owner) for item in shown if item.owner == "player"
                    and (item.kind == "counter" or owner == seat)]
            if mine:
                lines.append("  " + ", ".join(mine))
    table = [item_text(state, item) for item in shown if item.owner == "shared" and not item.header]
    table += [f"{item.label} " + ", ".join(f"{t.name} {bare_text(state, item, i)}" for i, t in enumerate(c.teams))
              for item in shown if item.owner == "team"]  # `bags north_south 3, east_west 1`
    if table:
        lines.append("Counters: " + ", ".join(table))
    return lines


def _zone_text(state: State, obs: dict, zone_id: int, seat: int, compact: bool = False) -> str:
    c = state._c
    zone = c.zones[zone_id]
    if zone.name in obs["closed"]:
        return "(closed)"
    shown = _in_order(c, zone_id, obs["zones"][zone.name])  # a hand shown in the game's order, weakest first
    for place, rank in obs["wilds"].get(zone.name, {}).items():  # a wild as what it stands for
        shown = [*shown[:place], f"{shown[place]}={rank}", *shown[place + 1:]]
    if compact:
        if not shown:
            return "—"
        return shown[-1].replace(HIDDEN, BACK) + (f"×{len(shown)}" if len(shown) > 1 else "")
    players = obs["trick_players"].get(zone.name)
    if players and any(players):  # a trick: every card with who played it, in the order of play
        text = "  ".join(f"{card} {who}" if who else card for card, who in zip(shown, players))
        led = next((card for card, who in zip(shown, players) if who and card != HIDDEN), None)
        if led is not None and cards.parse_card(led) is not None and not cards.is_joker(cards.parse_card(led)):
            text += f"   (led {cards.SUIT_SYMBOL[cards.parse_card(led) & 3]})"  # the suit of the first card played
    else:
        text = _pile_text(shown, "row" if zone.spec.keeps_up else zone.spec.kind)
    if c.model.showdown and zone.owner == seat and zone.spec.name == c.model.showdown[0]:
        text += f"   (worth {state.value(c.model.showdown[1], seat):g})"
    if zone.name in obs["combinations"]:
        by = obs["played_by"].get(zone.name)
        text += f"   ({obs['combinations'][zone.name]}" + (f", played by {by})" if by else ")")
    return text


HIDDEN = "??"  # a card the player may not see, in an observation
BACK = "##"  # ... and on the table: the back of a card
FAN_BACKS = 10  # backs drawn in a fan before the rest is counted


def _pile_text(shown: list[str], kind: str) -> str:
    if not shown:
        return "—"
    hidden = sum(1 for c in shown if c == HIDDEN)
    if kind in ("fan", "pool", "row"):
        known = [c for c in shown if c != HIDDEN]
        backs = " ".join([BACK] * min(hidden, FAN_BACKS)) + (f" +{hidden - FAN_BACKS}" if hidden > FAN_BACKS else "")
        if not hidden:
            return " ".join(shown)
        if kind == "row":  # a row keeps its order: the backs where they lie
            return " ".join(BACK if c == HIDDEN else c for c in shown)
        count = f"{len(shown)} card{'s' if len(shown) > 1 else ''}"
        return f"{backs}  ({count}" + (f"; known: {' '.join(known)})" if known else ")")
    top = shown[-1]
    if hidden == len(shown):
        return f"[{BACK}] {len(shown)} card{'s' if len(shown) > 1 else ''} face down"
    return f"{top}  ({len(shown)} cards)" if len(shown) > 1 else top


_SUITS = {"S": ("\u2660", False), "H": ("\u2665", True), "D": ("\u2666", True), "C": ("\u2663", False)}
_CARD = __import__("re").compile(r"(?<![A-Za-z0-9.])(10|[2-9AJQK])([SHDC])(?![A-Za-z0-9])")


_PLAIN = str.maketrans({symbol: suit for suit, (symbol, _) in _SUITS.items()})


def plain(text: str) -> str:
    """Without suit symbols (a counter that holds a suit or card is shown `named ♦` by `render`):
    `--no-color`, NO_COLOR or output that is not a terminal get plain letters, `named D`, `7S`."""
    return text.translate(_PLAIN)


def _coloured(text: str) -> str:
    """Cards with suit symbols, hearts and diamonds in red (ANSI), for a terminal."""
    def card(match) -> str:
        symbol, red = _SUITS[match.group(2)]
        shown = f"{match.group(1)}{symbol}"
        return f"\033[31m{shown}\033[0m" if red else shown

    return _CARD.sub(card, text).replace(BACK, "\033[34m\u2592\u2592\033[0m")
