"""Perft for game files: count the move sequences of a given depth from a seeded deal.

    python tools/perft.py russian_bank --seed 1 --depth 4
    python tools/perft.py russian_bank --seeds 1 2 3 --depth 4 --golden   # lines for tests/perft/

Like chess perft, a mismatch with a golden count means the move generator changed.
"""

from __future__ import annotations

import argparse

import gamedsl


def perft(state: gamedsl.State, depth: int) -> int:
    if depth == 0 or state.is_over:
        return 1
    moves = list(state.legal_moves())
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        state.play(move)
        total += perft(state, depth - 1)
        state.undo()
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1])
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--golden", action="store_true", help="print lines for a tests/perft/*.perft file")
    args = parser.parse_args()
    game = gamedsl.load_game(args.game)
    for seed in args.seeds:
        state = game.new_game(seed)
        for depth in range(1, args.depth + 1):
            count = perft(state, depth)
            if args.golden:
                print(f"seed {seed} depth {depth} nodes {count}")
            else:
                print(f"{args.game} seed {seed} depth {depth}: {count}")


if __name__ == "__main__":
    main()
