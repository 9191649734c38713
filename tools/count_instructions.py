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
combinations, say) is as warm as in a long run, and is not counted; then both collect garbage
and freeze what is alive, so that no full pass of the collector falls among the measured games. Needs valgrind
(`apt install valgrind`); about a minute for 50 games of Dou Dizhu.

A game whose matches are long (Russian Bank: about 18 deals to 300 points) is better counted by
the deal: `--deals` plays only the first deal of each seed. `--listing N` counts the listing of
legal moves alone: both runs play the same games and keep a copy of every position met, and
the measured run lists each of them N times (priorities applied, as a player is offered them):

    python tools/count_instructions.py russian_bank --games 20 --deals
    python tools/count_instructions.py russian_bank --games 5 --deals --listing 3

`--env` counts steps of a reinforcement-learning environment instead, a random legal action
each (`tools/bench.py --envs` times the same loops): the game's PettingZoo environment
(`gamedsl.rl.pettingzoo_env`: a move, the next observation and mask, rewards), or with the
name `rlcard`, RLCard's own Dou Dizhu environment (a move and its observation):

    python tools/count_instructions.py dou_dizhu --env --games 20
    python tools/count_instructions.py rlcard --env --games 20
    python tools/count_instructions.py russian_bank --env --games 1 --warm-up 1   # a match: ~15,000 steps
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import re
import shutil
import subprocess
import sys


def env_steps(name: str, games: int, warm_up: int) -> int:
    """`--env`: random games through an environment, after `warm_up` others; steps counted."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import bench

    if name == "rlcard":
        bench.rlcard_env_steps(warm_up)
        return bench.rlcard_env_steps(games) if games else 0
    bench.env_steps(name, warm_up, first_seed=10_000)
    return bench.env_steps(name, games) if games else 0


def settle() -> None:
    """Before the measured games, in both runs: the garbage collector's full pass made now and
    the objects alive frozen out of later ones. Else a full pass over every object of the loaded
    package (~28 M instructions) falls inside the measured games or not as allocations happen to
    add up, and moves a count of 50 games by a third."""
    gc.collect()
    gc.freeze()


def leave() -> None:
    """The measured run ends here, without tearing the interpreter down: freeing every object at
    exit costs millions of instructions, more or fewer as the measured games left caches behind,
    which moved a count of 50 games by a fifth between trees whose games were the same."""
    sys.stdout.flush()
    os._exit(0)


def play(name: str, games: int, warm_up: int, playout: bool = False, deals: bool = False,
         listings: int | None = None) -> int:
    """The measured work: `games` random games, seeds 0.. (one generator for the choices),
    after `warm_up` games of other seeds; with `playout`, each game is one `State.playout`;
    with `deals`, only each game's first deal. With `listings`, every position of those games
    (not of the warm-up) is kept and then listed that many times. Returns the positions kept.
    `openspiel` / `openspiel-python`: OpenSpiel's Dou Dizhu, by its C++ loop or driven from Python;
    `rlcard`: RLCard's random games (tools/external_engines.py), as many after the same warm-up."""
    if name in ("openspiel", "openspiel-python", "rlcard"):
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import external_engines as ext

        run = {"openspiel": ext.openspiel_random_games, "openspiel-python": ext.openspiel_random_games_from_python,
               "rlcard": ext.rlcard_random_games}[name]
        run(warm_up, 99)
        settle()
        if games:
            run(games, 1)
        return 0
    import gamedsl

    game = gamedsl.load_game(name)
    rng = random.Random(3)
    kept = []
    for seed in [f"warm-up {n}" for n in range(warm_up)] + ["settle"] + list(range(games)):
        if seed == "settle":
            settle()
            continue
        state = game.new_game(seed)
        first_deal = state.deal_number
        if playout:
            state.playout(rng)
        while not state.is_over and not (deals and state.deal_number != first_deal):
            if listings is not None and isinstance(seed, int):
                kept.append(state.copy())
            state.play_random(rng)
    for _ in range(listings or 0):
        for position in kept:
            position._legal = None
            position._legal_internal()
    return len(kept)


def instructions(name: str, games: int, warm_up: int, options: list[str]) -> tuple[int, int]:
    """Instructions valgrind counts for a whole run of this script playing `games` games (with
    these options), and the number of positions it kept (with `--listing`)."""
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
               sys.executable, __file__, name, "--games", str(games), "--warm-up", str(warm_up), "--measured",
               *options]
    # Python salts string hashes per process, which moves the count by a percent or two from one
    # run to the next: fixed here, so that two runs compare.
    run = subprocess.run(command, capture_output=True, text=True, check=False,
                         env={**os.environ, "PYTHONHASHSEED": "0"})
    found = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    if run.returncode != 0 or found is None:
        raise SystemExit(f"valgrind failed:\n{run.stderr[-2000:]}")
    kept = re.search(r"kept (\d+) (?:positions|steps)", run.stdout)
    return int(found.group(1).replace(",", "")), int(kept.group(1)) if kept else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="dou_dizhu")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--warm-up", type=int, default=30, help="games played first in both runs, not counted")
    parser.add_argument("--playout", action="store_true", help="play each game with State.playout (no undo record)")
    parser.add_argument("--deals", action="store_true", help="play only the first deal of each game")
    parser.add_argument("--listing", type=int, default=None, metavar="N",
                        help="count only listings of legal moves: each position met, listed N times")
    parser.add_argument("--env", action="store_true",
                        help="count steps of the game's PettingZoo environment (rlcard: RLCard's environment)")
    parser.add_argument("--measured", action="store_true", help=argparse.SUPPRESS)  # the run under valgrind
    args = parser.parse_args()
    if args.measured and args.env:
        print(f"kept {env_steps(args.game, args.games, args.warm_up)} steps")
        leave()
    if args.measured:
        kept = play(args.game, args.games, args.warm_up, args.playout, args.deals, args.listing)
        print(f"kept {kept} positions")
        leave()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed: this tool counts instructions with it (apt install valgrind)")
    options = [*(["--playout"] if args.playout else []), *(["--deals"] if args.deals else [])]
    if args.env:
        start, before = instructions(args.game, 0, args.warm_up, ["--env"])
        total, steps = instructions(args.game, args.games, args.warm_up, ["--env"])
        what = "RLCard's Dou Dizhu environment" if args.game == "rlcard" else f"{args.game}'s PettingZoo environment"
        print(f"{what}: {(total - start) / (steps - before):,.0f} instructions per step ({steps - before} steps of "
              f"{args.games} random games after {args.warm_up} to warm up; loading excluded)")
        return
    if args.listing is not None:  # both runs play the same games; only the second lists their positions
        start, _ = instructions(args.game, args.games, args.warm_up, [*options, "--listing", "0"])
        total, kept = instructions(args.game, args.games, args.warm_up, [*options, "--listing", str(args.listing)])
        print(f"{args.game}: {(total - start) / (kept * args.listing):,.0f} instructions per listing "
              f"({kept} positions of {args.games} {'deals' if args.deals else 'games'}, each listed "
              f"{args.listing} times; playing them excluded)")
        return
    start, _ = instructions(args.game, 0, args.warm_up, options)  # loading Python, the package, the game; the warm-up
    total, _ = instructions(args.game, args.games, args.warm_up, options)
    way = "playout" if args.playout else "random game"
    if args.deals:
        way = "first deal (playout)" if args.playout else "random first deal"
    print(f"{args.game}: {(total - start) / args.games:,.0f} instructions per {way} "
          f"({args.games} games after {args.warm_up} to warm up; loading excluded)")


if __name__ == "__main__":
    main()
