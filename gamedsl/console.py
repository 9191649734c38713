"""Play a game in the terminal: human seats type moves, computer seats play by themselves.

Each human sees the table only through their own observation. A move is picked by its number
or typed as text; an illegal move gets the rule that forbids it and the prompt again.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TextIO

from . import cards
from .engine import State
from .engine.state import DealResult
from .errors import AmbiguousMoveError, IllegalMoveError, MoveError
from .players import ComputerSeat

HELP = """\
Commands:
  NUMBER          play the move with that number in the list (#NUMBER when a card has that name)
  MOVE            play a move by its text, as the list shows it (your own zones can be
                  named without 'P1.'; 'pile 3' = 'pile3'; plays of cards by their ranks)
  moves           list the legal moves again
  board           show the table again
  explain MOVE    say whether MOVE is legal and which rule decides
  undo            take back your last move (and the computer's replies)
  save FILE       save the game (resume it with: gamedsl play --load FILE)
  hint            what the Monte Carlo player would play here
  help            this text
  quit            leave the game (end of input does the same)"""


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
        self.asked: list[tuple[int, int]] = []  # (moves played, seat) each time a human was asked
        self.results_seen = len(state.results)

    def say(self, text: str = "") -> None:
        print(_coloured(text) if self.colour else text, file=self.out)

    # ---- the game loop ----------------------------------------------------------------------------
    def run(self) -> int:
        state = self.state
        self.say(f"{state.game.title} — {', '.join(f'{p}: {k}' for p, k in zip(state.players, self.seats))}."
                 " Type 'help' for commands.")
        while not state.is_over:
            state.require_moves()
            seat = state.current
            if seat in self.computers:
                move = self.computers[seat].choose(state)
                state.play(move)
                self.say(f"{state.players[seat]} plays {move}")
            elif not self.human_turn(seat):
                self.say("Game left. Goodbye.")
                return 0
            self.report_deals()
        self.say(self.final_text())
        return 0

    def human_turn(self, seat: int) -> bool:
        """Ask the human at `seat` for one move; False when they leave."""
        state = self.state
        if self.last_human != seat and sum(k == "human" for k in self.seats) > 1:
            self.say(f"\n=== {state.players[seat]}'s turn: only {state.players[seat]} should look ===")
        self.last_human = seat
        if not self.asked or self.asked[-1] != (len(state.history), seat):
            self.asked.append((len(state.history), seat))
        self.say(render(state, seat))
        self.show_moves()
        while True:
            try:
                line = self.read(f"{state.players[seat]}> ")
            except EOFError:
                return False
            except KeyboardInterrupt:
                return False
            command = line.strip()
            if not command:
                continue
            word, _, rest = command.partition(" ")
            word = word.lower()
            if word in ("quit", "exit", "q"):
                return False
            if word in ("help", "?"):
                self.say(HELP)
            elif word == "moves":
                self.show_moves()
            elif word == "board":
                self.say(render(state, seat))
            elif word == "explain":
                self.say(str(state.explain(rest)) if rest.strip() else "explain what? e.g. 'explain MOVE' with a move's text")
            elif word == "save":
                self.save(rest.strip())
            elif word == "hint":
                adviser = ComputerSeat("mcts", f"{state.seed}/hint/{len(state.history)}")
                self.say(f"Hint: {adviser.choose(state)} (the Monte Carlo player's choice)")
            elif word == "undo":
                if self.undo(seat):
                    self.say(render(state, seat))
                    self.show_moves()
                    if state.current != seat:
                        return True
            else:
                if self.try_move(command):
                    return True

    def try_move(self, command: str) -> bool:
        state = self.state
        moves = state.legal_moves()
        try:
            numbered = command.startswith("#") and command[1:].isdigit()
            if command.isdigit() and self.also_a_move(command):
                self.say(f"'{command}' is both move number {command} and a move of its own: "
                         f"type #{command} for the number, or 'play {command}'.")
                return False
            if command.isdigit() or numbered:
                command = command.lstrip("#")
                number = int(command)
                if not 1 <= number <= len(moves):
                    self.say(f"There is no move {number}: pick 1 to {len(moves)}.")
                    return False
                move = moves[number - 1]
            else:
                move = state.parse_move(command)
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
        self.say(f"{state.players[self.last_human]} plays {played}")
        return True

    def also_a_move(self, command: str) -> bool:
        """Is a number typed also the text of a legal move (a single card 3, say)?"""
        try:
            return self.state.parse_move(command) in self.state.legal_moves()
        except MoveError:
            return False

    def save(self, name: str) -> None:
        from .records import save

        if not name:
            self.say("save where? e.g. 'save my_game.yaml'")
            return
        try:
            path = save(self.state, self.seats, name)
        except OSError as err:
            self.say(f"Could not save to {name}: {err.strerror or err}. The game goes on.")
            return
        self.say(f"Saved to {path}. Resume with: gamedsl play --load {path}")

    def undo(self, seat: int) -> bool:
        state = self.state
        if any(k == "human" for i, k in enumerate(self.seats) if i != seat):
            self.say("Undo is only for games against the computer.")
            return False
        # Back to the last time this player was asked before their latest move.
        earlier = [moves for moves, who in self.asked if who == seat and moves < len(state.history)]
        if not earlier:
            self.say("Nothing to undo.")
            return False
        target = earlier[-1]
        while len(state.history) > target:
            state.undo()
        self.asked = [(moves, who) for moves, who in self.asked if moves <= target]
        self.results_seen = min(self.results_seen, len(state.results))
        return True

    def show_moves(self) -> None:
        moves = self.state.legal_moves()
        width = len(str(len(moves)))
        for i, move in enumerate(moves, 1):
            self.say(f"  {i:>{width}}. {move}")

    def report_deals(self) -> None:
        state = self.state
        while self.results_seen < len(state.results):
            result = state.results[self.results_seen]
            self.results_seen += 1
            self.say("\n" + "\n".join(deal_report(state, result)) + "\n")

    def final_text(self) -> str:
        state = self.state
        winners = state.winners
        total = ", ".join(f"{p} {s:g}" for p, s in state.scores.items())
        return f"Game over. {' and '.join(winners)} win{'s' if len(winners) == 1 else ''}. Final scores: {total}."


def deal_report(state: State, result: DealResult) -> list[str]:
    """How a deal ended: the rule and who brought it about, every hand shown with its value
    (when the file declares a `showdown`), what each player lost or won, and the points."""
    c = state._c
    info = state.game.rules.get(result.end)
    why = (info.description or info.name) if info else result.end
    who = f" ({state.players[result.winner]})" if result.winner is not None else ""
    lines = [f"*** Deal {result.number} ends: {why}{who} ***"]
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
    changes = []
    for label, keep, before, after in zip(c.counters.labels, c.counters.whole_match,
                                          result.counters_before, result.counters_after):
        if keep and before != after:
            owner, _, name = label.rpartition(".")
            if name in c.exprs.seat_counters:
                continue
            changes.append(f"{owner + ' ' if owner else ''}{name} {before:g} → {after:g}")
    if changes:
        lines.append("  " + "; ".join(changes))
    if any(result.scores):
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
    """The table as `seat` sees it: shared zones, then each player's."""
    obs = state.observation(seat)
    c = state._c
    phase = f" · {obs['phase']}" if len(c.phases) > 1 else ""
    lines = [f"--- {obs['game']} · deal {obs['deal']}{phase} · {obs['to_move']} to move · "
             + " · ".join(f"{p} {s:g}" for p, s in obs["scores"].items()) + " ---"]
    groups: dict[int | None, list[int]] = {}
    for zone in c.zones.instances:
        if zone.spec.holds_decks and not state.zones[zone.id]:
            continue  # a pack that has been dealt out
        groups.setdefault(zone.owner, []).append(zone.id)
    width = max((len(z.spec.name) + (len(str(z.index)) if z.index else 0) for z in c.zones.instances), default=8) + 2
    for owner in sorted(groups, key=lambda o: -1 if o is None else o):
        title = "Table" if owner is None else f"{state.players[owner]}" + (" (you)" if owner == seat else "")
        lines.append(f"{title}:")
        for zone_id in groups[owner]:
            zone = c.zones[zone_id]
            shown = obs["zones"][zone.name]
            shown = _in_order(c, zone_id, shown)  # a hand shown in the game's order, weakest first
            for place, rank in obs["wilds"].get(zone.name, {}).items():  # a wild as what it stands for
                shown = [*shown[:place], f"{shown[place]}={rank}", *shown[place + 1:]]
            label = zone.spec.name + (str(zone.index) if zone.index else "")
            text = _pile_text(shown, zone.spec.kind) if zone.name not in obs["closed"] else "(closed)"
            if c.model.showdown and zone.owner == seat and zone.spec.name == c.model.showdown[0]:
                text += f"   (worth {state.value(c.model.showdown[1], seat):g})"
            if zone.name in obs["combinations"]:
                by = obs["played_by"].get(zone.name)
                text += f"   ({obs['combinations'][zone.name]}" + (f", played by {by})" if by else ")")
            lines.append(f"  {label:<{width}}{text}")
    counters = obs["counters"]
    if counters:
        seats = c.exprs.seat_counters  # counters that hold a seat are shown as the player

        def shown(name: str, value: float) -> str:
            if name in seats:
                return f"{name} {state.players[int(value) - 1]}" if 1 <= value <= len(state.players) else f"{name} —"
            return f"{name} {value:g}"

        lines.append("Counters: " + ", ".join(shown(k, v) for k, v in counters.items()))
    return "\n".join(lines)


def _pile_text(shown: list[str], kind: str) -> str:
    if not shown:
        return "—"
    hidden = sum(1 for c in shown if c == "??")
    if kind in ("fan", "pool") and hidden:
        known = [c for c in shown if c != "??"]
        return f"[{len(shown)} cards]" + (f"  known: {' '.join(known)}" if known else "")
    if kind in ("row", "fan", "pool"):
        return " ".join(shown)
    if hidden == len(shown):
        return f"[{len(shown)} face down]"
    top = shown[-1]
    return f"{top}  ({len(shown)} cards)" if len(shown) > 1 else top


_SUITS = {"S": ("\u2660", False), "H": ("\u2665", True), "D": ("\u2666", True), "C": ("\u2663", False)}
_CARD = __import__("re").compile(r"(?<![A-Za-z0-9.])(10|[2-9AJQK])([SHDC])(?![A-Za-z0-9])")


def _coloured(text: str) -> str:
    """Cards with suit symbols, hearts and diamonds in red (ANSI), for a terminal."""
    def card(match) -> str:
        symbol, red = _SUITS[match.group(2)]
        shown = f"{match.group(1)}{symbol}"
        return f"\033[31m{shown}\033[0m" if red else shown

    return _CARD.sub(card, text)
