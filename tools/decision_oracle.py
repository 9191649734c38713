"""How good a player's single choices are, judged in the real position (issue 19, item 9: why
does `mcts` lose to `greedy` in the Schwimmen family?).

    python tools/decision_oracle.py schwimmen mcts,mcts:read,mcts:1+read --positions 18 --first 0
    python tools/decision_oracle.py schwimmen/tri_palki mcts:read --margin 3
    python tools/decision_oracle.py schwimmen mcts:read --cache /tmp/oracle.json   # values kept for the next run

The positions: seeded games of greedy players (game i dealt from seed i, from `--first` on),
stopped after a seeded 3 to 29 moves where the player to move has a choice. Each legal move
there is given an *oracle value*: the real position (the real hidden cards, which no player is
shown), the move made, the rest of the deal played `--continuations` times by greedy seats
(the opponents the players meet in the strength table are greedy), scored as the mover's change
of `value standing` less the others' mean change. Over many positions a player's mean oracle
value is its choice's worth in expectation; the best move's value is an upper bound no player
that does not see the cards reaches. Greedy's own choice is averaged over six seeds (it breaks
ties at random). `--margin M` gives the reading player's race another margin (racing.MARGIN).
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gamedsl.engine import State, load_game
from gamedsl.players import ComputerSeat, racing
from gamedsl.players.greedy import standing_of

GREEDY_SEEDS = 6


def positions(name: str, players: int, first: int, count: int) -> list[tuple[int, State]]:
    game = load_game(name, players)
    found: list[tuple[int, State]] = []
    for seed in range(first, first + 50 * count):
        stop = random.Random(seed).randrange(3, 30)
        state = game.new_game(seed)
        seats = [ComputerSeat("greedy", f"g{seed}/{s}") for s in range(players)]
        for _ in range(stop):
            if state.is_over:
                break
            state.play(seats[state.current].choose(state))
        if not state.is_over and len(state.legal_moves()) > 1:
            found.append((seed, state))
            if len(found) == count:
                break
    return found


def oracle_value(state: State, move, continuations: int) -> float:
    """The move's worth in the real position, the deal played on by greedy seats."""
    seat, stand = state.current, standing_of(state)
    players = len(state.points)
    before = [stand(state, s) for s in range(players)]
    total = 0.0
    for trial in range(continuations):
        world = state.copy()
        world.play(move)
        seats = [ComputerSeat("greedy", f"o{trial}/{s}") for s in range(players)]
        deals = len(state.results)
        while not world.is_over and len(world.results) == deals:
            world.play(seats[world.current].choose(world))
        change = [stand(world, s) - before[s] for s in range(players)]
        total += change[seat] - sum(change[s] for s in range(players) if s != seat) / (players - 1)
    return total / continuations


def choice_of(spec: str, state: State, seed: int, margin: float | None) -> str:
    chosen = racing.Race.choice
    if margin is not None:
        racing.Race.choice = functools.partialmethod(chosen, margin)  # type: ignore[assignment]
    try:
        return str(ComputerSeat(spec, f"c{seed}").choose(state))
    finally:
        racing.Race.choice = chosen  # type: ignore[method-assign]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("specs", help="comma-separated seats to judge: mcts,mcts:read,…")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--positions", type=int, default=18)
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    parser.add_argument("--continuations", type=int, default=12)
    parser.add_argument("--margin", type=float, default=None)
    parser.add_argument("--cache", type=Path, default=None,
                        help="a JSON file keeping the oracle values between runs (they depend only on the position)")
    args = parser.parse_args()
    cache = json.loads(args.cache.read_text()) if args.cache and args.cache.exists() else {}
    specs = args.specs.split(",")
    totals = {name: 0.0 for name in ["best", "greedy", *specs]}
    rows: list[dict[str, float]] = []
    found = positions(args.game, args.players, args.first, args.positions)
    for seed, state in found:
        key = f"{args.game}/{args.players}/{seed}/{args.continuations}"
        if key not in cache:
            cache[key] = {str(m): oracle_value(state, m, args.continuations) for m in state.legal_moves()}
            if args.cache:
                args.cache.write_text(json.dumps(cache))
        values = cache[key]
        greedy = [values[str(ComputerSeat("greedy", f"c{seed}/{i}").choose(state))] for i in range(GREEDY_SEEDS)]
        row = {"best": max(values.values()), "greedy": sum(greedy) / len(greedy)}
        line = f"{seed:5} best {row['best']:+.2f} greedy {row['greedy']:+.2f}"
        for spec in specs:
            move = choice_of(spec, state, seed, args.margin)
            row[spec] = values[move]
            line += f" | {spec} {values[move]:+.2f} {move}"
        for name in totals:
            totals[name] += row[name]
        rows.append(row)
        print(line, flush=True)
    print(f"{len(found)} positions; mean oracle value of the choice (and over greedy's: the paired difference, its standard error):")
    for name, total in totals.items():
        gain = f"  {paired_gain(rows, name):+.3f} ± {paired_error(rows, name):.3f}" if name != "greedy" else ""
        print(f"  {name:14} {total / len(found):+.3f}{gain}")


def paired_gain(rows: list[dict[str, float]], name: str) -> float:
    """The mean of `name`'s value less greedy's, position by position."""
    return sum(row[name] - row["greedy"] for row in rows) / len(rows)


def paired_error(rows: list[dict[str, float]], name: str) -> float:
    """The standard error of that mean: positions differ far more than the choices in one do,
    so two players are compared on the same positions."""
    if len(rows) < 2:
        return float("inf")
    mean = paired_gain(rows, name)
    variance = sum((row[name] - row["greedy"] - mean) ** 2 for row in rows) / (len(rows) - 1)
    return (variance / len(rows)) ** 0.5


if __name__ == "__main__":
    main()
