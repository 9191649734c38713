"""How fast a computer player chooses: CPU time a choice and simulations a second, on fixed
positions (issue 23, item 2: simulations without waste).

    python tools/choice_speed.py schwimmen mcts --players 3
    python tools/choice_speed.py russian_bank mcts:read

The positions: seeded games of greedy players (seeds 0, 1, 2), every third move from the 3rd
(the 30th in games whose turns are long: Russian Bank) where there is a choice, six in all.
Each choice is made by a fresh seat seeded by its number, so two versions of the code choose
the same when their players do; the CPU time (not the wall time: the machine may be busy) is the
best of `--repeat` runs, and the work a choice (legal-move listings, moves made with an undo
record) is counted, which no load changes. The choices are printed, to compare them between versions.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gamedsl.engine import State, load_game
from gamedsl.players import ComputerSeat
from gamedsl.players.mcts import MctsPlayer

LONG_TURNS = ("russian_bank",)


def positions(name: str, players: int | None, count: int = 6) -> list[State]:
    game = load_game(name, players)
    start = 30 if name.startswith(LONG_TURNS) else 12
    found: list[State] = []
    for seed in range(3):
        state = game.new_game(seed)
        seats = [ComputerSeat("greedy", s) for s in range(len(state.points))]
        for k in range(start):
            if state.is_over:
                break
            if k >= 3 and k % 3 == 0 and len(state.legal_moves()) > 1:
                found.append(state.copy())
            state.play(seats[state.current].choose(state))
    return found[:count]


def measure(spec: str, states: list[State], repeat: int) -> tuple[float, float, list[str]]:
    """The best CPU seconds a choice, simulations a second then, and the choices."""
    simulations = [0]
    simulate = MctsPlayer._simulate

    def counted(self, *args):
        simulations[0] += 1
        return simulate(self, *args)

    MctsPlayer._simulate = counted  # type: ignore[method-assign]
    best, rate, chosen = float("inf"), 0.0, []
    try:
        for _ in range(repeat):
            simulations[0] = 0
            began = time.process_time()
            chosen = [str(ComputerSeat(spec, i).choose(state)) for i, state in enumerate(states)]
            spent = time.process_time() - began
            if spent < best:
                best, rate = spent, simulations[0] / spent if spent else 0.0
    finally:
        MctsPlayer._simulate = simulate  # type: ignore[method-assign]
    return best / len(states), rate, chosen


def work(spec: str, states: list[State]) -> tuple[int, int]:
    """Legal-move listings and moves made with an undo record, a choice (what the machine's load
    does not change)."""
    counts = [0, 0]
    generate, apply = State._generate, State._apply

    def listed(self, *args):
        counts[0] += 1
        return generate(self, *args)

    def recorded(self, move):
        counts[1] += 1
        return apply(self, move)

    State._generate, State._apply = listed, recorded  # type: ignore[method-assign]
    try:
        for i, state in enumerate(states):
            ComputerSeat(spec, i).choose(state)
    finally:
        State._generate, State._apply = generate, apply  # type: ignore[method-assign]
    return counts[0] // len(states), counts[1] // len(states)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("spec", help="a computer seat: greedy, mcts, mcts:50, mcts:read, …")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    states = positions(args.game, args.players)
    seconds, rate, chosen = measure(args.spec, states, args.repeat)
    listings, records = work(args.spec, states)
    print(f"{args.game} {args.spec}: {seconds * 1000:.1f} ms a choice (CPU), {rate:.0f} simulations a second, "
          f"{listings} legal-move listings and {records} moves made with an undo record a choice; "
          f"{len(states)} choices: {', '.join(chosen)}")


if __name__ == "__main__":
    main()
