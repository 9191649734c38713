"""Benchmarks of the hot path, per game file.

    python tools/bench.py                  # every shipped game
    python tools/bench.py russian_bank --positions 2000 --games 5

For each game: legal-move generations per second over positions taken from seeded random
games (the compiled generator alone, and `State.legal_moves()` with its `Move` values), and
random games (whole matches) per second with the moves per second they make.
"""

from __future__ import annotations

import argparse
import random
import time

import gamedsl
from gamedsl import resources


def sample_positions(game: gamedsl.Game, count: int, seed: int = 1) -> list[gamedsl.State]:
    """Positions met in random games, spread over whole games."""
    rng = random.Random(seed)
    positions: list[gamedsl.State] = []
    game_seed = 0
    while len(positions) < count:
        state = game.new_game(game_seed)
        game_seed += 1
        steps = 0
        while not state.is_over and len(positions) < count and steps < 5000:
            moves = state.legal_moves()
            if rng.random() < 0.2:
                positions.append(state.copy())
            state.play(moves[rng.randrange(len(moves))])
            steps += 1
    return positions


def time_generation(positions: list[gamedsl.State], public: bool, rounds: int = 3) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for state in positions:
            state._legal = None
            if public:
                state.legal_moves()
            else:
                state._generate()
        best = min(best, time.perf_counter() - start)
    return len(positions) / best


def time_games(game: gamedsl.Game, games: int) -> tuple[float, float, float]:
    rng = random.Random(7)
    moves_made = deals = 0
    start = time.perf_counter()
    for seed in range(games):
        state = game.new_game(seed)
        while not state.is_over:
            moves = state.legal_moves()
            state.play(moves[rng.randrange(len(moves))])
            moves_made += 1
        deals += len(state.results)
    elapsed = time.perf_counter() - start
    return games / elapsed, deals / elapsed, moves_made / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game names (default: every shipped game)")
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--matches", type=int, default=3, help="random whole matches to time")
    args = parser.parse_args()
    names = args.games or resources.game_names()
    print("| game | positions | generations/s (compiled) | legal_moves()/s | matches/s | deals/s | moves/s |")
    print("|---|---|---|---|---|---|---|")
    for name in names:
        game = gamedsl.load_game(name)
        positions = sample_positions(game, args.positions)
        raw = time_generation(positions, public=False)
        public = time_generation(positions, public=True)
        matches, deals, moves = time_games(game, args.matches)
        print(f"| {name} | {len(positions)} | {raw:,.0f} | {public:,.0f} | {matches:.2f} | {deals:.1f} | {moves:,.0f} |")


if __name__ == "__main__":
    main()
