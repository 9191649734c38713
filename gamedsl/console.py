"""Play a game in the terminal: human seats type moves, computer seats play by themselves.

Each human sees the table only through their own observation. A move is picked by its number
or typed as text; an illegal move gets the rule that forbids it and the prompt again.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

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
  moves           list the legal moves again
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
('/show hand') in a game that has a move of that name."""

COMMANDS = {"help", "?", "moves", "board", "show", "log", "explain", "undo", "save", "hint", "quit", "exit"}
TAKE_AN_ARGUMENT = {"show", "explain", "save"}
_NUMBER = re.compile(r"[0-9]+")  # a move's number: ASCII digits only ('²' is a digit to Python)
SHOWN_AT_MOST = 40  # characters of a line typed quoted back in a message


def _shown(text: str) -> str:
    """Typed text quoted back: control characters escaped, and cut when it is long."""
    safe = "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text)
    return safe if len(safe) <= SHOWN_AT_MOST else safe[:SHOWN_AT_MOST] + "…"


class Console:
    def __init__(self, state: State, seats: list[str], seed: int | str = 0,
                 read: Callable[[str], str] = input, out: TextIO = sys.stdout, colour: bool = False):
        self.colour = colour  # suit symbols and red hearts and diamonds (a terminal that wants them)
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
                move = self.computers[seat].choose(state)
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
        if self.last_human != seat and sum(k == "human" for k in self.seats) > 1:
            self.say(f"\n=== {state.players[seat]}'s turn: only {state.players[seat]} should look ===")
        self.last_human = seat
        if not self.asked or self.asked[-1][:2] != (len(state.history), seat):
            self.asked.append((len(state.history), seat, len(self.log)))
        self.show_log(seat)
        self.say(render(state, seat))
        self.show_moves()
        while True:
            line = self.ask(f"{state.players[seat]}> ")
            if line is None:
                return False
            text = line.strip()
            if not text:
                continue
            outcome = self.handle(text, seat)
            if outcome is not None:
                return outcome

    def ask(self, prompt: str) -> str | None:
        """A line typed, or None when the input has ended (or Ctrl-C): nothing more can be read."""
        while True:
            try:
                return self.read(prompt)
            except (EOFError, KeyboardInterrupt):
                return None
            except UnicodeDecodeError:
                self.say("That line is not text this console can read (UTF-8): type it again.")

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
            self.show_moves()
        elif word == "board":
            self.say(render(state, seat))
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
            adviser = ComputerSeat("mcts", f"{state.seed}/hint/{len(state.history)}")
            move = adviser.choose(state)
            then = "".join(f", then {later}" for later in adviser.player.planned())
            self.say(f"Hint: {move}{then} (the Monte Carlo player's choice)")
        elif word == "undo" and self.undo(seat):
            self.say(render(state, seat))
            self.show_moves()
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
            self.say(f"'{text}' is both move number {text} and a move of its own: "
                     f"type #{text} for the number, or '{also.action} {text}'.")
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

    def undo(self, seat: int) -> bool:
        state = self.state
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

    def show_moves(self) -> None:
        moves = self.state.legal_moves()
        width = len(str(len(moves)))
        for i, move in enumerate(moves, 1):
            self.say(f"  {i:>{width}}. {move}")

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


def render(state: State, seat: int) -> str:
    """The table as `seat` sees it, laid out by zones: the shared ones, then each player's. A row
    or a hand is fanned; a pile shows its top card and size; a family of numbered piles (eight
    foundations, say) shares one line; cards `seat` may not see are backs."""
    obs = state.observation(seat)
    c = state._c
    phase = f" · {obs['phase']}" if len(c.phases) > 1 else ""
    scores = obs["scores"]
    if c.teams:  # partners share a score: shown once, by team
        scores = {t.name: scores[f"P{t.seats[0] + 1}"] for t in c.teams}
    shown = shown_items(state)  # the counters and values the file shows players, by their labels
    header = "".join(f" · {item_text(state, item)}" for item in shown if item.header)
    lines = [f"--- {obs['game']} · deal {obs['deal']}{phase} · {obs['to_move']} to move · "
             + " · ".join(f"{p} {s:g}" for p, s in scores.items()) + header + " ---"]
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
    return "\n".join(lines)


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
        return f"{backs}  ({len(shown)} cards" + (f"; known: {' '.join(known)})" if known else ")")
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
