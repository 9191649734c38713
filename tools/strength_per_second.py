"""Strength per second: how often `mcts` at fixed time budgets beats greedy players, and how
many simulations a second it runs doing so (issue 23, item 2: measure strength, not only speed).

    nice python tools/strength_per_second.py dou_dizhu --budgets 0.1s,0.3s,1s --games 40

Game i is dealt from seed "SEED/i"; one `mcts:BUDGET` player sits at seat i mod n (the seats
rotate, so it bids first, second and third equally often), greedy players at the others. The
same deals are played by greedy players alone, whose seat i mod n gives the baseline: what a
greedy player wins from the same seats of the same deals. Each row gives the mcts seat's win rate
with its 95% Wilson interval, and its simulations a second: counted, divided by the seconds it
spent choosing (wall time, which its budget is), and by the CPU seconds the row took (the
greedy opponents' included, a few ms a move). A time budget depends on the machine: on a busy
one the process gets a share of a core, which the two rates show; read them as the machine's,
not the code's alone. "Simulations a move" counts every move, the forced ones (no search) too.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Self

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # measure this checkout

from gamedsl.engine import load_game
from gamedsl.players.mcts import MctsPlayer
from gamedsl.simulate import play_game, wilson


class SimulationCounter:
    """Counts `MctsPlayer._simulate` calls while installed (greedy seats never simulate)."""

    def __init__(self) -> None:
        self.count = 0
        self._original = MctsPlayer._simulate

    def __enter__(self) -> Self:
        original = self._original

        def counted(player, *args):  # type: ignore[no-untyped-def]
            self.count += 1
            return original(player, *args)

        MctsPlayer._simulate = counted  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        MctsPlayer._simulate = self._original  # type: ignore[method-assign]


def play_row(name: str, spec: str, games: int, seed: str, opponent: str) -> dict:
    """One budget's games: the player's wins, moves, seconds choosing and simulations."""
    game = load_game(name)
    seats = len(game.new_game(0).points)
    wins, moves, seconds = 0.0, 0, 0.0
    cpu = time.process_time()
    with SimulationCounter() as counter:
        for i in range(games):
            seat = i % seats
            chosen = [opponent] * seats
            chosen[seat] = spec
            played = play_game(game, chosen, f"{seed}/{i}")
            wins += played.wins[seat]
            moves += played.moves[seat]
            seconds += played.seconds[seat]
    return {"spec": spec, "games": games, "wins": wins, "moves": moves, "seconds": seconds,
            "simulations": counter.count, "cpu": time.process_time() - cpu}


def share(wins: float, games: int) -> str:
    rate, low, high = wilson(wins, games)
    return f"{100 * rate:.0f}% [{100 * low:.0f}–{100 * high:.0f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", nargs="?", default="dou_dizhu")
    parser.add_argument("--budgets", default="0.1s,0.3s,1s", help="mcts time budgets per move, comma-separated")
    parser.add_argument("--games", type=int, default=30, help="games per budget (and for the baseline)")
    parser.add_argument("--seed", default="strength")
    parser.add_argument("--opponent", default="greedy")
    args = parser.parse_args()
    started = time.process_time()
    baseline = play_row(args.game, args.opponent, args.games, args.seed, args.opponent)
    rows = [play_row(args.game, f"mcts:{budget.strip()}", args.games, args.seed, args.opponent)
            for budget in args.budgets.split(",")]
    print(f"{args.game}, {args.games} games a row, seed {args.seed!r}, one player against {args.opponent} "
          "players, seats rotating")
    print()
    print("| player | wins (95% Wilson) | simulations a second | simulations a CPU second | simulations a move "
          "| seconds a move |")
    print("|---|---|---|---|---|---|")
    print(f"| {args.opponent} (baseline: the same seats of the same deals) | {share(baseline['wins'], args.games)} "
          f"| – | – | – | {baseline['seconds'] / max(baseline['moves'], 1):.4f} |")
    for row in rows:
        per_second = row["simulations"] / row["seconds"] if row["seconds"] else 0.0
        per_cpu_second = row["simulations"] / row["cpu"] if row["cpu"] else 0.0
        print(f"| `{row['spec']}` | {share(row['wins'], row['games'])} | {per_second:,.0f} | {per_cpu_second:,.0f} "
              f"| {row['simulations'] / max(row['moves'], 1):,.1f} | {row['seconds'] / max(row['moves'], 1):.3f} |")
    print()
    print(f"(CPU {time.process_time() - started:.0f} s in all)")


if __name__ == "__main__":
    main()
