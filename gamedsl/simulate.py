"""Play many games between computer players and report how each of them fared.

Game i is dealt from seed "SEED/i" and each player is seeded from it too, so a run with the
same arguments gives the same figures, whatever the number of workers (a player with a time
budget, `mcts:2s`, is the exception: how far it searches depends on the machine). With
`rotate`, the players change seats from game to game, so that none keeps the seat that moves
first or bids first: player k sits at seat (k - i) mod n in game i.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing import Pool
from typing import Any

from .engine import Game, State, load_game
from .players import ComputerSeat
from .terminal import unescaped


@dataclass
class Entry:
    """One of the players listed in `--seats`, with its results wherever it sat."""

    kind: str
    wins: float = 0.0
    points: float = 0.0
    moves: int = 0
    seconds: float = 0.0


@dataclass
class Report:
    title: str
    games: int
    entries: list[Entry]
    rotate: bool = False
    moves: int = 0
    deals: int = 0
    errors: list[str] = field(default_factory=list)
    # Partnerships, when the game declares them: (name, seats from 0), and each one's wins and
    # points (a team wins once, however many players it has)
    teams: list[tuple[str, tuple[int, ...]]] = field(default_factory=list)
    team_wins: list[float] = field(default_factory=list)
    team_points: list[float] = field(default_factory=list)
    # `sides: EXPR against the others`: the games that ended with a seat alone, and who won them
    sides: bool = False
    sided: int = 0
    alone_wins: float = 0.0
    others_wins: float = 0.0

    def lines(self) -> list[str]:
        how = "seats rotating" if self.rotate else "fixed seats"
        out = [f"{self.title}: {self.games} games, {how}"]
        if self.teams:
            return out + self._team_lines()
        labels = [f"{'P' + str(i + 1) if not self.rotate else '#' + str(i + 1)} {e.kind}" for i, e in enumerate(self.entries)]
        width = max(14, *(len(label) for label in labels))  # (an agent's name may be long)
        out.append(f"{'player':<{width}} {'wins':>7} {'win rate (95% CI)':>24} {'avg points':>11}")
        for label, entry in zip(labels, self.entries):
            rate, low, high = wilson(entry.wins, self.games)
            out.append(f"{label:<{width}} {entry.wins:>7g} {rate:>9.1%} ({low:.1%}–{high:.1%})"
                       f" {entry.points / max(1, self.games):>+11.2f}")
        out += self._sides_lines()
        out.append(f"average length: {self.moves / max(1, self.games):.1f} moves, "
                   f"{self.deals / max(1, self.games):.1f} deals")
        out.append(self._time_line())
        return out

    def _sides_lines(self) -> list[str]:
        """With `sides:`: how often the player alone won, and the others (of the games that ended
        with a seat alone)."""
        if not self.sides:
            return []
        rate, low, high = wilson(self.alone_wins, self.sided)
        other, olow, ohigh = wilson(self.others_wins, self.sided)
        return [f"sides ({self.sided} games with a player alone): alone won {self.alone_wins:g} "
                f"{rate:.1%} ({low:.1%}–{high:.1%}), the others {self.others_wins:g} {other:.1%} ({olow:.1%}–{ohigh:.1%})"]

    def _team_lines(self) -> list[str]:
        """A row per team, with its seats and who sat there (the first game's seats when rotating)."""
        labels = [f"{name} ({', '.join(f'P{s + 1}' for s in seats)})" for name, seats in self.teams]
        width = max(14, *(len(label) for label in labels))
        out = [f"{'team':<{width}} {'wins':>7} {'win rate (95% CI)':>24} {'avg points':>11}  players"]
        for (name, seats), label, wins, points in zip(self.teams, labels, self.team_wins, self.team_points):
            rate, low, high = wilson(wins, self.games)
            kinds = ", ".join(self.entries[s].kind for s in seats) + (" (rotating)" if self.rotate else "")
            out.append(f"{label:<{width}} {wins:>7g} {rate:>9.1%} ({low:.1%}–{high:.1%})"
                       f" {points / max(1, self.games):>+11.2f}  {kinds}")
        out.append(f"average length: {self.moves / max(1, self.games):.1f} moves, "
                   f"{self.deals / max(1, self.games):.1f} deals")
        out.append(self._time_line())
        return out

    def _time_line(self) -> str:
        # (the one line that differs from run to run)
        return "time per move: " + ", ".join(
            f"{e.kind} {1000 * e.seconds / e.moves:.1f} ms" for e in self.entries if e.moves)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float, float]:
    """The win rate and its 95% Wilson interval."""
    if n == 0:
        return 0.0, 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class GameResult:
    """One game, by seat: who won, the points, the moves made and the seconds spent choosing."""

    wins: list[float]
    points: list[float]
    moves: list[int]
    seconds: list[float]
    deals: int
    alone: int | None = None  # with `sides:`, the seat alone as the game ended


class Watcher:
    """What `play_game` tells as it plays (`gamedsl analyze` listens; `simulate` does not)."""

    def decision(self, state: State, legal: int) -> None:
        """The player to move in `state` has `legal` legal moves to choose among."""


@dataclass
class PlayedGame:
    """A game played to its end (or to the move limit), with the moves and seconds by seat."""

    state: State
    moves: list[int]
    seconds: list[float]
    limited: bool  # stopped at the move limit, not over

    @property
    def wins(self) -> list[float]:
        """By seat: 1 for a winner, as `State.winners` has them: every player with the best score
        wins (partners win together; all, when all tie at the end: the console's "P1 and P2 win");
        a one-player game by its outcome. A game stopped at the move limit is judged by the points
        so far, and there a tie of all is nobody's win."""
        state = self.state
        if state.is_over and state.outcome:  # a one-player game won or lost (`the player wins` / `loses`)
            return [1.0 if state.outcome == "won" else 0.0]
        points = list(state.points)
        best = min(points) if state.game.compiled.lowest_wins else max(points)
        shared_by_all = state.is_over and len(points) > 1
        return [1.0 if p == best and (max(points) > min(points) or shared_by_all) else 0.0 for p in points]


def play_game(game: Game, seats: Sequence[str], game_seed: str, limit: int | None = None,
              watcher: Watcher | None = None, fired: Any = None) -> PlayedGame:
    """One game between computer players, dealt from `game_seed`, the player at seat i seeded
    from "GAME_SEED/i"; stopped after `limit` moves (a file whose games need not end).
    `fired`: a Counter to count the rules that fire in (see `State.fired`)."""
    limit = MOVE_LIMIT if limit is None else limit
    state = game.new_game(game_seed, fired=fired) if fired is not None else game.new_game(game_seed)
    agents = [ComputerSeat(kind, f"{game_seed}/{i}") for i, kind in enumerate(seats)]
    moves = [0] * len(seats)
    seconds = [0.0] * len(seats)
    made = 0
    while not state.is_over:
        if made >= limit:
            break
        state.require_moves()
        if watcher is not None:
            watcher.decision(state, len(state._legal_internal()))
        seat = state.current
        started = time.perf_counter()
        move = agents[seat].choose(state)
        seconds[seat] += time.perf_counter() - started
        moves[seat] += 1
        made += 1
        state.play(move)
    return PlayedGame(state, moves, seconds, not state.is_over)


def play_one(args: tuple[str, int | None, dict, tuple[str, ...], str, int]) -> GameResult:
    name, players, options, seats, seed, index = args
    game = _game(name, players, tuple(sorted(options.items())))
    played = play_game(game, seats, f"{seed}/{index}")
    state = played.state
    alone = state.game.compiled.alone(state) if state.game.compiled.alone is not None else None
    return GameResult(played.wins, list(state.points), played.moves, played.seconds, len(state.results), alone)


MOVE_LIMIT = 200_000
_GAMES: dict[Any, Game] = {}


def _game(name: str, players: int | None, options: tuple) -> Game:
    """The game loaded once per process (workers load it again: a Game is not sent to them)."""
    key = (name, players, options)
    if key not in _GAMES:
        _GAMES[key] = load_game(name, players, dict(options))
    return _GAMES[key]


def seating(entries: Sequence[str], index: int, rotate: bool) -> tuple[str, ...]:
    """Who sits where in game `index`: entry k at seat (k - index) mod n when rotating."""
    n = len(entries)
    shift = index % n if rotate else 0
    return tuple(entries[(seat + shift) % n] for seat in range(n))


def simulate(name: str, games: int, seats: Sequence[str], seed: str = "0", players: int | None = None,
             options: dict | None = None, workers: int = 1, progress: bool = False,
             rotate: bool = False) -> Report:
    game = _game(name, players, tuple(sorted((options or {}).items())))
    report = Report(game.title, games, [Entry(kind) for kind in seats], rotate)
    report.teams = [(t.name, t.seats) for t in game.compiled.teams]
    report.sides = game.compiled.alone is not None
    report.team_wins = [0.0] * len(report.teams)
    report.team_points = [0.0] * len(report.teams)
    jobs = [(name, players, options or {}, seating(seats, i, rotate), str(seed), i) for i in range(games)]
    n = len(seats)
    if workers > 1:
        with Pool(workers) as pool:
            _collect(report, pool.imap(play_one, jobs, chunksize=1), n, rotate, progress)
    else:
        _collect(report, map(play_one, jobs), n, rotate, progress)
    return report


def _collect(report: Report, results, n: int, rotate: bool, progress: bool) -> None:
    games = report.games
    started = time.monotonic()
    for index, result in enumerate(results):
        shift = index % n if rotate else 0
        for seat in range(n):
            entry = report.entries[(seat + shift) % n]
            entry.wins += result.wins[seat]
            entry.points += result.points[seat]
            entry.moves += result.moves[seat]
            entry.seconds += result.seconds[seat]
        for t, (_, team_seats) in enumerate(report.teams):  # partners have the team's result
            report.team_wins[t] += result.wins[team_seats[0]]
            report.team_points[t] += result.points[team_seats[0]]
        if result.alone is not None:
            report.sided += 1
            report.alone_wins += result.wins[result.alone]
            report.others_wins += max(w for s, w in enumerate(result.wins) if s != result.alone)
        report.moves += sum(result.moves)
        report.deals += result.deals
        done = index + 1
        if progress and (done % max(1, games // 50) == 0 or done == games):
            bar = "#" * (30 * done // games)
            elapsed = time.monotonic() - started
            left = elapsed / done * (games - done)
            print(f"\r[{bar:<30}] {done}/{games}  {elapsed:.0f}s, about {left:.0f}s left ",
                  end="", file=unescaped(sys.stderr), flush=True)  # our own bar, not escaped
    if progress:
        print(file=sys.stderr)
