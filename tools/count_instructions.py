"""Machine instructions per random game, counted by valgrind: a measure that does not move.

Timings on a shared machine swing by a third from one run to the next, which hides the 5% a
change to the hot path is worth. Valgrind counts the instructions the interpreter executes, the
same on every run: run this before and after a change (e.g. on a `git worktree` of the commit
before, with PYTHONPATH pointing at it) and compare.

    python tools/count_instructions.py dou_dizhu --games 50
    python tools/count_instructions.py openspiel --games 50         # OpenSpiel's own C++ loop
    python tools/count_instructions.py openspiel-python --games 50  # OpenSpiel driven from Python
    python tools/count_instructions.py rlcard --games 20            # RLCard's random games

It plays `--games` random games with `State.play_random` (deals included) under valgrind's
cachegrind, and once more with no game, and reports the difference per game. Both runs first
play `--warm-up` other games, so that what the engine remembers between games (readings of
combinations, say) is as warm as in a long run, and is not counted. Needs valgrind
(`apt install valgrind`); about a minute for 50 games of Dou Dizhu.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys


def play(name: str, games: int, warm_up: int, playout: bool = False) -> None:
    """The measured work: `games` random games, seeds 0.. (one generator for the choices),
    after `warm_up` games of other seeds; with `playout`, each game is one `State.playout`.
    `openspiel` / `openspiel-python`: OpenSpiel's Dou Dizhu, by its C++ loop or driven from Python;
    `rlcard`: RLCard's random games (tools/external_engines.py), as many after the same warm-up."""
    if name in ("openspiel", "openspiel-python", "rlcard"):
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import external_engines as ext

        run = {"openspiel": ext.openspiel_random_games, "openspiel-python": ext.openspiel_random_games_from_python,
               "rlcard": ext.rlcard_random_games}[name]
        run(warm_up, 99)
        if games:
            run(games, 1)
        return
    import gamedsl

    game = gamedsl.load_game(name)
    rng = random.Random(3)
    for seed in [f"warm-up {n}" for n in range(warm_up)] + list(range(games)):
        state = game.new_game(seed)
        if playout:
            state.playout(rng)
        while not state.is_over:
            state.play_random(rng)


def instructions(name: str, games: int, warm_up: int, playout: bool) -> int:
    """Instructions valgrind counts for a whole run of this script playing `games` games."""
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
               sys.executable, __file__, name, "--games", str(games), "--warm-up", str(warm_up), "--measured",
               *(["--playout"] if playout else [])]
    # Python salts string hashes per process, which moves the count by a percent or two from one
    # run to the next: fixed here, so that two runs compare.
    run = subprocess.run(command, capture_output=True, text=True, check=False,
                         env={**os.environ, "PYTHONHASHSEED": "0"})
    found = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    if run.returncode != 0 or found is None:
        raise SystemExit(f"valgrind failed:\n{run.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="dou_dizhu")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--warm-up", type=int, default=30, help="games played first in both runs, not counted")
    parser.add_argument("--playout", action="store_true", help="play each game with State.playout (no undo record)")
    parser.add_argument("--measured", action="store_true", help=argparse.SUPPRESS)  # the run under valgrind
    args = parser.parse_args()
    if args.measured:
        play(args.game, args.games, args.warm_up, args.playout)
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed: this tool counts instructions with it (apt install valgrind)")
    start = instructions(args.game, 0, args.warm_up, args.playout)  # loading Python, the package, the game; the warm-up
    total = instructions(args.game, args.games, args.warm_up, args.playout)
    way = "playout" if args.playout else "random game"
    print(f"{args.game}: {(total - start) / args.games:,.0f} instructions per {way} "
          f"({args.games} games after {args.warm_up} to warm up; loading excluded)")


if __name__ == "__main__":
    main()
