"""The `gamedsl` command: check rules files, list legal moves, play in the console.

Every error a user can cause ends as a short message and a non-zero exit code, never as a
traceback (set GAMEDSL_DEBUG=1 to see one anyway).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import resources
from .errors import GameNotFoundError, MoveError, PositionError, RulesError, RulesRuntimeError, SaveFileError
from .limits import MAX_SEED_DIGITS, seed_problem
from .terminal import escaped_output, unescaped

EXIT_OK, EXIT_PROBLEM, EXIT_USAGE = 0, 1, 2


_WHOLE = re.compile(r"-?[0-9]+")
_SEED_WORD = re.compile(r"[A-Za-z0-9_.-]+")


def _seed(text: str) -> int | str:
    """`--seed`: a whole number (or, as before, a word of letters and digits) of a sane length."""
    if _WHOLE.fullmatch(text):
        digits = len(text.lstrip("-"))
        seed: int | str = int(text) if digits <= MAX_SEED_DIGITS else text
        problem = seed_problem(seed) if digits <= MAX_SEED_DIGITS else (
            f"a seed has at most {MAX_SEED_DIGITS} digits, not {digits}")
    elif _SEED_WORD.fullmatch(text):
        seed, problem = text, seed_problem(text)
    else:
        raise argparse.ArgumentTypeError(f"a seed is a whole number such as 3 (or a word of letters, digits, "
                                         f"'_', '-', '.'), not {text[:40]!r}")
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return seed


def _options(pairs: Sequence[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise ValueError(f"--option wants NAME=VALUE, not '{pair}'")
        options[name.strip()] = value.strip()
    return options


def _load(args: argparse.Namespace):
    from .engine import load_game

    if args.game is None:
        args.game = resources.default_game()
    return load_game(args.game, getattr(args, "players", None), _options(getattr(args, "option", None) or []))


def cmd_check(args: argparse.Namespace) -> int:
    from .engine.game import trial_deals
    from .model import check_file

    failed = 0
    for name in args.files:
        try:
            path = resources.find_game(name)
            model = check_file(path)
        except RulesError as err:
            failed += 1
            print(str(err), file=sys.stderr)
            count = len(err.diagnostics)
            print(f"{name}: {count} problem{'s' if count != 1 else ''}", file=sys.stderr)
            continue
        except (GameNotFoundError, OSError) as err:
            failed += 1
            print(f"{name}: {err}", file=sys.stderr)
            continue
        problems = trial_deals(model)
        if problems:
            failed += 1
            for problem in problems:
                print(f"{name}: {problem}", file=sys.stderr)
            continue
        rules = len(model.rules)
        print(f"{name}: ok ({model.title}, {len(model.zones)} zones, {rules} rules)")
    return EXIT_PROBLEM if failed else EXIT_OK


def _start(game, args: argparse.Namespace):
    """The position `--position FILE` gives, or a new deal from `--seed`; None if unreadable."""
    if not args.position:
        return game.new_game(args.seed)
    from .documents import DocumentError, read_document
    from .engine.position import MAX_POSITION_SIZE

    try:
        text = read_document(args.position, MAX_POSITION_SIZE)
    except OSError as err:
        print(f"cannot read the position: {err}", file=sys.stderr)
        return None
    except DocumentError as err:
        print(f"{args.position}: the position is {err}", file=sys.stderr)
        return None
    return game.load_position(text)


def cmd_moves(args: argparse.Namespace) -> int:
    game = _load(args)
    state = _start(game, args)
    if state is None:
        return EXIT_PROBLEM
    if args.explain:
        verdict = state.explain(args.explain)
        print(verdict)
        return EXIT_OK if verdict.legal else EXIT_PROBLEM
    for text in state.legal_moves().texts():
        print(text)
    return EXIT_OK


def cmd_play(args: argparse.Namespace) -> int:
    if args.load:
        from .records import load

        if args.option or args.players is not None:
            print("--load resumes the game with the players and options it was saved with: "
                  "drop --players and --option", file=sys.stderr)
            return EXIT_USAGE
        state, saved_seats = load(args.load, args.game)
        seats = _seat_specs(args.seats, state.game.players, saved_seats)
        if seats is None:
            return EXIT_USAGE
        print(f"Resuming {state.game.title} after {len(state.history)} moves.")
        return _console(args, state, seats, state.seed).run()
    game = _load(args)
    seats = _seat_specs(args.seats, game.players, ["human"] + ["computer"] * (game.players - 1))
    if seats is None:
        return EXIT_USAGE
    seed = args.seed if args.seed is not None else _fresh_seed()
    state = game.new_game(seed)
    return _console(args, state, seats, seed).run()


def _console(args: argparse.Namespace, state: Any, seats: list[str], seed: Any) -> Any:
    """The console: on a terminal (and without --plain) with line editing, history and Tab
    completion, laid out to the screen's size; else plain lines, as in a pipe."""
    import shutil

    from .console import Console
    from .line_input import LineEditor, terminal_available

    console = Console(state, seats, seed=seed, colour=_colour(args), out=unescaped(sys.stdout))
    if not args.plain and terminal_available():
        console.screen = lambda: tuple(shutil.get_terminal_size())
        try:
            console.editor = LineEditor(console.completions)
        except ImportError:  # prompt_toolkit missing (a bare copy of the sources): plain lines
            pass
    return console


def _fresh_seed() -> int:
    """A new deal each time `play` is run without --seed; printed, so that it can be replayed."""
    import secrets

    seed = secrets.randbelow(100_000)
    print(f"seed {seed} — replay with --seed {seed}")
    return seed


def _colour(args: argparse.Namespace) -> bool:
    """Suit symbols and colours only on a terminal, and not with --no-color (or NO_COLOR set)."""
    return not args.no_color and sys.stdout.isatty() and not os.environ.get("NO_COLOR")


def cmd_replay(args: argparse.Namespace) -> int:
    """Step through a saved game: the table after each move, Enter for the next, q to stop."""
    from .console import deal_report, plain, render
    from .records import replay_states

    state, seats, moves = replay_states(args.file, args.game)
    seat = state.players.index(args.as_player.upper()) if args.as_player else None
    print(f"{state.game.title}: {len(moves)} moves ({', '.join(f'{p}: {k}' for p, k in zip(state.players, seats))}).")
    seen, said = 0, 0
    for number, move in enumerate(moves, 1):
        who = state.current_player
        if not args.all:
            print(plain(render(state, seat if seat is not None else state.current)))
            try:
                answer = input(f"[{number}/{len(moves)}] Enter for {who}'s move, q to stop: ")
            except EOFError:
                answer = ""
                args.all = True
            if answer.strip().lower() in ("q", "quit"):
                return EXIT_OK
        state.play(move)
        print(f"{number}. {who} plays {move}")
        for _, text in state.said[said:]:  # what the rules announced: said again as the moves replay
            print(plain(f"  » {text}"))
        said = len(state.said)
        while seen < len(state.results):
            print("\n".join(deal_report(state, state.results[seen])))
            seen += 1
    scores = ", ".join(f"{p} {s:g}" for p, s in state.scores.items())
    print(f"End of the record: {'game over' if state.is_over else 'the game goes on'}; scores {scores}.")
    return EXIT_OK


def cmd_simulate(args: argparse.Namespace) -> int:
    from .simulate import simulate

    game = _load(args)
    seats = _seat_specs(args.seats, game.players, ["greedy"] + ["random"] * (game.players - 1), humans=False)
    if seats is None:
        return EXIT_USAGE
    if args.games < 1 or args.workers < 1:
        print("--games and --workers must be at least 1", file=sys.stderr)
        return EXIT_USAGE
    report = simulate(args.game, args.games, seats, str(args.seed), args.players, _options(args.option or []),
                      args.workers, progress=sys.stderr.isatty(), rotate=args.rotate)
    print("\n".join(report.lines()))
    return EXIT_OK


def cmd_analyze(args: argparse.Namespace) -> int:
    """Play seeded games of each game named and write the report: page, pictures and JSON."""
    from .analysis import analyze
    from .analysis.backends import RayUnavailable, progress_bar
    from .analysis.report import write_report
    from .players import PlayerSpecError, check_spec

    for name, value in (("--games", args.games), ("--workers", args.workers), ("--move-limit", args.move_limit)):
        if value < 1:
            print(f"{name} must be at least 1", file=sys.stderr)
            return EXIT_USAGE
    if args.skill_games < 0:
        print("--skill-games must be 0 (no skill matches) or more", file=sys.stderr)
        return EXIT_USAGE
    skill = [part.strip() for part in args.skill_seats.split(",")] if args.skill_seats else None
    try:
        for spec in [*(args.seats or "greedy").split(","), *(skill or [])]:
            if check_spec(spec) == "human":
                raise PlayerSpecError("analyze plays computer players only")
    except PlayerSpecError as err:
        print(f"--seats / --skill-seats: {err}", file=sys.stderr)
        return EXIT_USAGE
    if skill is not None and len(skill) < 2 and args.skill_games:
        print("--skill-seats: name two players or more, the strongest first (mcts:50,greedy,random)", file=sys.stderr)
        return EXIT_USAGE
    extra = {} if skill is None else {"skill_seats": skill}
    bar = progress_bar(0, args.quiet)
    try:
        data = analyze(args.games_named, args.games, args.seats, _options(args.option or []), args.players,
                       str(args.seed), args.skill_games, limit=args.move_limit, backend=args.backend,
                       workers=args.workers, address=args.address, progress=bar.update, planned=_total_of(bar),
                       **extra)
    except RayUnavailable as err:
        print(f"gamedsl: {err}", file=sys.stderr)
        return EXIT_PROBLEM
    finally:
        bar.close()
    page = write_report(data, Path(args.output))
    for study in data["studies"]:
        figures = study["figures"]
        seats = ", ".join(f"P{i + 1} {s['rate']:.0%}" for i, s in enumerate(figures["fairness"]["seats"]))
        never = figures["rules"]["never_fired"]
        print(f"{study['game']}: {figures['games']} games, wins {seats}; "
              f"{figures['length']['moves'].get('median', 0):g} moves (median); "
              + (f"never fired: {', '.join(r['kind'] + ' ' + r['name'] + ' (' + r['at'] + ')' for r in never)}"
                 if never else "every rule fired"))
    timing = data["timing"]
    print(f"{timing['games_played']} games in {timing['seconds']:.1f} s ({timing['games_per_second']} games/s); "
          f"report: {page}")
    return EXIT_OK


def _total_of(bar: Any) -> Any:
    """A callback that sets the bar's total once the run knows how many games it plays."""
    def planned(total: int) -> None:
        bar.total = total
        bar.refresh()
    return planned


def _seat_specs(text: str | None, players: int, default: list[str], humans: bool = True) -> list[str] | None:
    """The seats of `--seats`, checked; None (and a message) when they are not right."""
    from .players import SPEC_HELP, PlayerSpecError, check_spec

    if not text:
        return default
    seats = []
    for part in text.split(","):
        try:
            spec = check_spec(part)
        except PlayerSpecError as err:
            print(f"--seats: {err}", file=sys.stderr)
            return None
        if spec == "human" and not humans:
            print("--seats: simulate plays computer players only: " + SPEC_HELP, file=sys.stderr)
            return None
        seats.append(spec)
    if len(seats) != players:
        print(f"--seats: the game needs {players} seats, got {len(seats)}: {text}", file=sys.stderr)
        return None
    return seats


GRAPH_LIMITS = {"depth": 50, "max_nodes": 20_000, "explore": 200_000}  # what `graph moves` accepts (memory: ~2 KB a position)


def _graph_numbers_problem(args: argparse.Namespace) -> str | None:
    """What is wrong with `--depth`, `--max-nodes` or `--explore`, if anything."""
    for name, most in GRAPH_LIMITS.items():
        value = getattr(args, name)
        if value is not None and not 1 <= value <= most:
            return f"--{name.replace('_', '-')} {value}: give a whole number from 1 to {most:,}"
    if args.all and not args.turn:
        return "--all goes with --turn (every sequence of the turn); --depth N alone draws every sequence already"
    return None


def cmd_graph(args: argparse.Namespace) -> int:
    from .graphs import move_graph, rules_graph, write_graph
    from .graphs.moves import EXPLORED
    from .graphs.render import FORMATS

    if Path(args.output).suffix.lower() not in FORMATS:
        print(f"cannot write '{args.output}': the extension says the format ({', '.join(FORMATS)})", file=sys.stderr)
        return EXIT_USAGE
    game = _load(args)
    if args.kind == "rules":
        graph = rules_graph(game)
    else:
        problem = _graph_numbers_problem(args)
        if problem:
            print(problem, file=sys.stderr)
            return EXIT_USAGE
        state = _start(game, args)
        if state is None:
            return EXIT_PROBLEM
        if args.as_player is not None and args.as_player.upper() not in state.players:
            print(f"--as {args.as_player}: the players are {', '.join(state.players)}", file=sys.stderr)
            return EXIT_USAGE
        show = sys.stderr.isatty()
        explore = args.explore or EXPLORED
        whole = explore if args.turn and not args.all else (args.max_nodes or 2000)

        def progress(count: int) -> None:
            if show and count % 500 == 0:
                done = min(1.0, count / whole)
                bar = "#" * int(done * 30)
                print(f"\rexploring [{bar:<30}] {count:,} positions", end="", file=unescaped(sys.stderr), flush=True)

        graph = move_graph(state, depth=args.depth, turn=args.turn, every=args.all, max_nodes=args.max_nodes,
                           explore=explore, show_forbidden=args.show_forbidden,
                           as_player=args.as_player.upper() if args.as_player else None, progress=progress)
        if show:
            print(file=sys.stderr)
    path = write_graph(graph, args.output)
    print(f"{path}: {graph.number_of_nodes()} nodes, {graph.number_of_edges()} edges")
    for line in graph.graph.get("summary", ()):
        print(f"  {line}")
    return EXIT_OK


SHOW_AROUND = 6  # lines printed on either side of `show-rules NAME --line N`
_CITATION = re.compile(r"(.+?):([0-9]+)")


def cmd_show_rules(args: argparse.Namespace) -> int:
    """A shipped game's rules file with line numbers: the whole file, or the lines around one
    (`--line 113`, or the citation itself: `gamedsl show-rules NAME.game:113`)."""
    name, line = args.game, args.line
    cited = _CITATION.fullmatch(name)
    if cited and line is None:
        name, line = cited.group(1), int(cited.group(2))
    key = name.removesuffix(resources.GAME_SUFFIX)
    path = resources.shipped_file(key + resources.GAME_SUFFIX) or resources.find_shipped(key)
    lines = path.read_text(encoding="utf-8").splitlines()
    shown = resources.display_path(path)
    if line is not None and not 1 <= line <= len(lines):
        raise ValueError(f"{shown} has {len(lines)} lines: there is no line {line}")
    first, last = (1, len(lines)) if line is None else (max(1, line - SHOW_AROUND), min(len(lines), line + SHOW_AROUND))
    width = len(str(last))
    print(f"{shown}" + (f", lines {first}-{last}" if line is not None else "") + ":")
    for number in range(first, last + 1):
        mark = ">" if number == line else " "
        print(f"{mark}{number:>{width}}  {lines[number - 1]}".rstrip())
    return EXIT_OK


def cmd_list(args: argparse.Namespace) -> int:
    for name in resources.game_names():
        print(name)
    return EXIT_OK


def cmd_lsp(args: argparse.Namespace) -> int:
    """The language server an editor starts; its packages are the optional `lsp` extra."""
    try:
        from .lsp.server import serve
    except ImportError as err:
        missing = (err.name or "").split(".")[0]
        if missing not in ("pygls", "lsprotocol"):
            raise
        print(f"gamedsl lsp: the language server needs {missing}: pip install 'gamedsl[lsp]'", file=sys.stderr)
        return EXIT_USAGE
    # The protocol's bytes, never escaped as the other commands' text is.
    serve(unescaped(sys.stdin).buffer, unescaped(sys.stdout).buffer)
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="gamedsl", description="Card games from declarative rules files.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    check = sub.add_parser("check", help="check rules files and report every problem")
    check.add_argument("files", nargs="+", metavar="FILE", help="game files or game names")
    check.set_defaults(run=cmd_check)

    def game_options(p: argparse.ArgumentParser, optional_game: bool = False, fresh_seed: bool = False) -> None:
        if optional_game:
            p.add_argument("game", nargs="?", default=None, help="game name or file (default: the one games/default names)")
        else:
            p.add_argument("game", help="a shipped game's name (see 'gamedsl list') or a .game file")
        p.add_argument("--players", type=int, default=None, help="number of players, where the game allows several")
        p.add_argument("--option", action="append", metavar="NAME=VALUE", help="set an option of the game file")
        p.add_argument("--seed", default=None if fresh_seed else 0, type=_seed,
                       help="seed of the shuffles: a whole number or a word (default: "
                       + ("a new one, printed)" if fresh_seed else "0)"))

    moves = sub.add_parser("moves", help="print the legal moves of a position, one per line, sorted")
    game_options(moves)
    moves.add_argument("--position", metavar="FILE", help="a YAML position (default: a new deal from --seed)")
    moves.add_argument("--explain", metavar="MOVE", help="say whether MOVE is legal and which rule decides")
    moves.set_defaults(run=cmd_moves)

    play = sub.add_parser("play", help="play a game in the console")
    game_options(play, optional_game=True, fresh_seed=True)
    play.add_argument("--seats", help="comma-separated seats: human, computer, random, greedy, mcts, mcts:400 "
                      "(simulations), mcts:2s (seconds) (default: human,computer,...)")
    play.add_argument("--load", metavar="FILE", help="resume a game saved with the console's 'save FILE' (GAME: "
                      "its rules, when they are neither shipped nor beside the save)")
    play.add_argument("--no-color", action="store_true", help="plain cards (AH, 10D), no colours")
    play.add_argument("--plain", action="store_true", help="plain lines on a terminal too: no line editing or "
                      "completion, every move listed one a line, no paging, no clearing the screen")
    play.set_defaults(run=cmd_play)

    replay = sub.add_parser("replay", help="step through a saved game")
    replay.add_argument("file", help="a file written by the console's 'save FILE'")
    replay.add_argument("game", nargs="?", default=None,
                        help="the rules to replay it with, when they are neither shipped nor beside the save")
    replay.add_argument("--all", action="store_true", help="print every move at once, without stopping")
    replay.add_argument("--as", dest="as_player", metavar="PLAYER", help="show the table as PLAYER sees it")
    replay.set_defaults(run=cmd_replay)

    sim = sub.add_parser("simulate", help="play many games between computer players and report the results")
    game_options(sim)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seats", help="comma-separated players: random, greedy, mcts, mcts:400 (simulations per "
                     "move), mcts:2s (seconds per move), mcts:400+read (weighs its worlds by the others' moves) "
                     "(default: greedy,random,...)")
    sim.add_argument("--rotate", action="store_true", help="players change seats from game to game (fairer)")
    sim.add_argument("--workers", type=int, default=1, help="processes to play the games in (default 1)")
    sim.set_defaults(run=cmd_simulate)

    analysis = sub.add_parser("analyze", help="playtest games and variants: a report of fairness, length, choice, "
                              "rules in use, skill and drama")
    analysis.add_argument("games_named", nargs="+", metavar="GAME", help="shipped games, variants (GAME/VARIANT, "
                          "as 'gamedsl list' names them) or .game files, side by side")
    analysis.add_argument("--games", type=int, default=200, help="games per game file (default 200)")
    analysis.add_argument("--seats", help="the players: one for every seat (default greedy) or one per seat")
    analysis.add_argument("--players", type=int, default=None, help="number of players, where the games allow several")
    analysis.add_argument("--option", action="append", metavar="NAME=VALUE", help="set an option of the game files")
    analysis.add_argument("--seed", default=0, type=_seed, help="seed of the run (default 0): game i is dealt "
                          "from SEED/i")
    analysis.add_argument("-o", "--output", required=True, metavar="DIR", help="the folder to write the report to")
    analysis.add_argument("--skill-games", type=int, default=20, help="games per skill match (default 20; 0: none)")
    analysis.add_argument("--skill-seats", metavar="STRONG,WEAKER,...", help="the players of the skill matches, "
                          "strongest first, each against the next (default mcts:50,greedy,random)")
    analysis.add_argument("--move-limit", type=int, default=10_000, help="moves a game at most (default 10,000)")
    analysis.add_argument("--backend", choices=("local", "ray"), default="local",
                          help="local (this machine, --workers processes) or ray (Ray tasks; pip install 'gamedsl[ray]')")
    analysis.add_argument("--workers", type=int, default=1, help="processes (local), or CPUs of a local Ray (default 1; "
                          "Ray: all)")
    analysis.add_argument("--address", default=None, help="ray: the cluster's address (default: start a local Ray)")
    analysis.add_argument("--quiet", action="store_true", help="no progress bar")
    analysis.set_defaults(run=cmd_analyze)

    graph = sub.add_parser("graph", help="draw the rules graph or the move graph of a game")
    graph.add_argument("kind", choices=("rules", "moves"), help="rules: where cards may travel; moves: positions reached")
    game_options(graph)
    graph.add_argument("-o", "--output", required=True, help="the file to write: .dot .graphml .json .svg .png .html")
    graph.add_argument("--position", metavar="FILE", help="moves: a YAML position to start from (default: a new deal)")
    graph.add_argument("--depth", type=int, default=None,
                       help="moves: every sequence this many moves deep (default 1); with --turn: at most this deep")
    graph.add_argument("--turn", action="store_true",
                       help="moves: what this turn can reach: its distinct end positions, by the shortest way to each")
    graph.add_argument("--all", action="store_true", help="moves: with --turn, every sequence of the turn instead")
    graph.add_argument("--max-nodes", type=int, default=None,
                       help="moves: positions drawn at most (default 80 with --turn, 2,000 for every sequence)")
    graph.add_argument("--explore", type=int, default=None,
                       help="moves: with --turn, positions looked at at most (default 20,000; at most 200,000)")
    graph.add_argument("--show-forbidden", action="store_true", help="moves: add, greyed, the moves priorities remove")
    graph.add_argument("--as", dest="as_player", metavar="PLAYER", help="moves: describe positions as PLAYER sees them")
    graph.set_defaults(run=cmd_graph)

    rules = sub.add_parser("show-rules", help="print a shipped game's rules file with line numbers")
    rules.add_argument("game", metavar="NAME", help="a shipped game as `gamedsl list` names it (a variant as "
                       "FAMILY/VARIANT), or a citation of a message: NAME.game:113")
    rules.add_argument("--line", type=int, default=None, help=f"only the lines around this one ({SHOW_AROUND} on "
                       "either side), marked with '>'")
    rules.set_defaults(run=cmd_show_rules)

    listing = sub.add_parser("list", help="list the shipped games")
    listing.set_defaults(run=cmd_list)

    lsp = sub.add_parser("lsp", help="the language server an editor starts (over stdio): problems as you type, "
                         "hover, completion, go to definition")
    lsp.set_defaults(run=cmd_lsp)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return EXIT_USAGE
    try:
        with escaped_output():  # text from files and saves never drives the terminal
            return _run(args)
    except BrokenPipeError:
        return EXIT_OK


def _run(args: argparse.Namespace) -> int:
    try:
        return args.run(args)
    except RulesError as err:
        print(str(err), file=sys.stderr)
        return EXIT_PROBLEM
    except (GameNotFoundError, PositionError, MoveError, SaveFileError, ValueError, RulesRuntimeError) as err:
        print(f"gamedsl: {err}", file=sys.stderr)
        return EXIT_PROBLEM
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception as err:  # a bug of ours: say so briefly, no traceback for users
        if os.environ.get("GAMEDSL_DEBUG"):
            raise
        print(f"gamedsl: internal error: {type(err).__name__}: {err} (set GAMEDSL_DEBUG=1 for details)", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
