"""Play many games between computer players and report how each seat fared.

Game i is dealt from seed "SEED/i" and each player is seeded from it too, so a run with the
same arguments gives the same figures, whatever the number of workers.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing import Pool
from typing import Any

from .engine import Game, load_game
from .players import PLAYERS


@dataclass
class SeatResult:
    kind: str
    wins: float = 0.0
    points: float = 0.0


@dataclass
class Report:
    title: str
    games: int
    seats: list[SeatResult]
    moves: int = 0
    errors: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        out = [f"{self.title}: {self.games} games"]
        out.append(f"{'seat':<5} {'player':<8} {'wins':>7} {'win rate (95% CI)':>24} {'avg points':>11}")
        for i, seat in enumerate(self.seats):
            rate, low, high = wilson(seat.wins, self.games)
            out.append(f"P{i + 1:<4} {seat.kind:<8} {seat.wins:>7g} {rate:>9.1%} ({low:.1%}–{high:.1%})"
                       f" {seat.points / max(1, self.games):>+11.2f}")
        out.append(f"average length: {self.moves / max(1, self.games):.1f} moves")
        return out


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float, float]:
    """The win rate and its 95% Wilson interval."""
    if n == 0:
        return 0.0, 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def play_one(args: tuple[str, int | None, dict, tuple[str, ...], str, int]) -> tuple[list[float], list[float], int]:
    """One game: (wins by seat, points by seat, moves)."""
    name, players, options, seats, seed, index = args
    game = _game(name, players, tuple(sorted(options.items())))
    game_seed = f"{seed}/{index}"
    state = game.new_game(game_seed)
    agents = [PLAYERS[kind](f"{game_seed}/{i}") for i, kind in enumerate(seats)]
    moves = 0
    while not state.is_over:
        if moves >= MOVE_LIMIT:  # a rules file whose games need not end: count it as a draw
            break
        state.require_moves()
        state.play(agents[state.current].choose(state))
        moves += 1
    points = list(state.points)
    best = max(points)
    # Every player with the best score wins (partners win together); nobody when all tie.
    wins = [1.0 if p == best and best > min(points) else 0.0 for p in points]
    return wins, points, moves


MOVE_LIMIT = 200_000
_GAMES: dict[Any, Game] = {}


def _game(name: str, players: int | None, options: tuple) -> Game:
    key = (name, players, options)
    if key not in _GAMES:
        _GAMES[key] = load_game(name, players, dict(options))
    return _GAMES[key]


def simulate(name: str, games: int, seats: Sequence[str], seed: str = "0", players: int | None = None,
             options: dict | None = None, workers: int = 1, progress: bool = False) -> Report:
    game = _game(name, players, tuple(sorted((options or {}).items())))
    report = Report(game.title, games, [SeatResult(kind) for kind in seats])
    jobs = [(name, players, options or {}, tuple(seats), str(seed), i) for i in range(games)]
    results = Pool(workers).imap(play_one, jobs, chunksize=4) if workers > 1 else map(play_one, jobs)
    for done, (wins, points, moves) in enumerate(results, 1):
        for seat, (w, p) in enumerate(zip(wins, points)):
            report.seats[seat].wins += w
            report.seats[seat].points += p
        report.moves += moves
        if progress and (done % max(1, games // 50) == 0 or done == games):
            bar = "#" * (30 * done // games)
            print(f"\r[{bar:<30}] {done}/{games}", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    return report
