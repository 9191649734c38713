"""Saved games: the game, its rules' fingerprint, the options, the seed, the seats and the moves.

A game is deterministic by seed, so its moves are all a save needs: loading replays them. A save
is written atomically (a temporary file beside it, then renamed), so a crash mid-write leaves the
old file whole; a save that is corrupt, for another game or for other rules is refused with a
clear message and nothing is changed.

A save may come from someone else, so it is data: it names a shipped game, or a rules file by
its path from the save's folder (never an absolute path, never outside that folder), and the
rules it is replayed with must have its fingerprint. Any other rules file is given by the user.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path, PurePosixPath
from typing import Any

import yaml

from . import resources
from .documents import DocumentError, parse_document, read_document
from .engine import Game, State, load_game
from .errors import GameNotFoundError, MoveError, RulesError, SaveFileError, did_you_mean
from .limits import seed_problem
from .terminal import brief

FORMAT = 1
SAVE_MARK = "# a gamedsl saved game"  # how every save begins: the console never writes over other files
MAX_SAVE_SIZE = 4_000_000  # bytes: a long match's save takes some tens of kilobytes
MAX_SAVE_VALUES = 250_000  # moves, seats, options


def fingerprint(game: Game) -> str:
    """The rules' version: a hash of the text of the game file and of every file it extends."""
    digest = hashlib.sha256()
    for path in game.model.files:
        try:
            digest.update(Path(_real_path(path)).read_bytes())
        except OSError:
            digest.update(path.encode())
    return digest.hexdigest()[:16]


def _real_path(shown: str) -> str:
    shipped = resources.shipped_file(shown)
    return str(shipped) if shipped is not None else shown


def record(state: State, seats: list[str], folder: str | Path | None = None) -> dict[str, Any]:
    """Everything needed to play the same game again up to this point (`folder`: where the save
    goes, from which a rules file that is not shipped is named)."""
    if state.forgotten:
        raise ValueError(f"{state.forgotten} moves of this game were made by a playout, which keeps no record "
                         "of them: it cannot be saved or replayed")
    game = state.game
    return {
        "format": FORMAT,
        "game": _game_name(game, Path(folder) if folder is not None else None),
        "title": game.title,
        "rules": fingerprint(game),
        "players": game.players,
        "options": {k: v for k, v in game.options.items() if v != game.model.options.get(k)},
        "seed": state.seed,
        "seats": list(seats),
        "moves": [str(state.game.codec.public(frame.move)) for frame in state.history],
        "over": state.is_over,
    }


def _game_name(game: Game, folder: Path | None) -> str:
    """A shipped game's name; another rules file's path from the save's folder when it lies
    there, else its file name alone (then it is given again when the save is loaded)."""
    path = _file_of(game)
    shipped = _shipped_name(path)
    if shipped is not None:
        return shipped
    if folder is not None:
        try:
            return path.relative_to(folder.resolve()).as_posix()
        except ValueError:
            pass
    return path.name


def _file_of(game: Game) -> Path:
    return Path(_real_path(game.path)).resolve()


def _shipped_name(path: Path) -> str | None:
    try:
        relative = path.relative_to(resources.data_dir("games").resolve())
    except ValueError:
        return None
    return relative.with_suffix("").as_posix()


def resume_command(state: State, path: str | Path) -> str:
    """The command that resumes a save: with the rules file, unless the save can find it."""
    game_file = _file_of(state.game)
    if _shipped_name(game_file) is not None or game_file.parent == Path(path).resolve().parent:
        return f"gamedsl play --load {path}"
    return f"gamedsl play {state.game.path} --load {path}"


def save(state: State, seats: list[str], path: str | Path) -> Path:
    """Write the save atomically: never a half-written file, even if the program dies."""
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    text = SAVE_MARK + ": gamedsl play --load FILE, or gamedsl replay FILE\n" + yaml.safe_dump(
        record(state, seats, directory), sort_keys=False, allow_unicode=True)
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise
    return path


def load(path: str | Path, rules: str | Path | None = None) -> tuple[State, list[str]]:
    """Read a save and replay it: the position and the seats, exactly as they were. `rules`: the
    game or rules file to replay it with (the user's word), instead of the one the save names."""
    path = Path(path)
    doc = _read(path)
    game = _saved_game(path, doc, rules)
    if doc.get("rules") != fingerprint(game):
        where = f" ({game.path})" if rules is not None or _shipped_name(_file_of(game)) is None else ""
        raise SaveFileError(f"{path} was saved with another version of the rules of {game.title}{where} "
                            f"({brief(doc.get('rules'), 60)}, now {fingerprint(game)}): its moves may no longer mean the same")
    seats = doc.get("seats") or []
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise SaveFileError(f"{path}: 'seats' must be a list of players such as human or mcts:400")
    if len(seats) != game.players:
        raise SaveFileError(f"{path}: {len(seats)} seats for {game.players} players")
    from .players import PlayerSpecError, check_spec

    try:
        seats = [check_spec(s) for s in seats]
    except PlayerSpecError as err:
        raise SaveFileError(f"{path}: its seats: {err}") from None
    state = game.new_game(_seed(path, doc.get("seed", 0)))
    for number, text in enumerate(doc["moves"], 1):
        try:
            state.play(text)
        except MoveError as err:
            raise SaveFileError(f"{path}: move {number} ({brief(text, 60)}) does not replay: {err}") from None
    return state, seats


def _read(path: Path) -> dict[str, Any]:
    """The save's document, checked to be one: YAML within limits, this format, moves as texts."""
    try:
        doc = parse_document(read_document(path, MAX_SAVE_SIZE), MAX_SAVE_SIZE, MAX_SAVE_VALUES)
    except OSError as err:
        raise SaveFileError(f"cannot read {path}: {err.strerror or err}") from None
    except DocumentError as err:
        raise SaveFileError(f"{path} is not a saved game: it is {err}") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or not isinstance(doc.get("moves"), list):
        raise SaveFileError(f"{path} is not a gamedsl saved game (format {FORMAT})")
    if not all(isinstance(move, str) for move in doc["moves"]):
        raise SaveFileError(f"{path}: 'moves' must be a list of moves, each a text")
    players, options = doc.get("players"), doc.get("options") or {}
    if not isinstance(players, int) or isinstance(players, bool):
        raise SaveFileError(f"{path}: 'players' must be a whole number, not {brief(players, 60)}")
    if not isinstance(options, dict) or not all(isinstance(k, str) and isinstance(v, (int, float, str))
                                                and not isinstance(v, bool) for k, v in options.items()):
        raise SaveFileError(f"{path}: 'options' must map option names to numbers or words")
    return doc


def _saved_game(path: Path, doc: dict[str, Any], rules: str | Path | None) -> Game:
    """The game the save is replayed with: the rules the user gives, a shipped game the save
    names, or the rules file it names by its path from its folder."""
    players, options = doc["players"], dict(doc.get("options") or {})
    name = doc.get("game")
    if rules is not None:
        return _game(path, lambda: load_game(rules, players, options))
    if not isinstance(name, str):
        raise SaveFileError(f"{path}: 'game' must name the game, not {brief(name, 60)}")
    if name in resources.game_names():
        shipped = resources.data_dir("games") / f"{name}{resources.GAME_SUFFIX}"
        return _game(path, lambda: load_game(shipped, players, options))
    beside = _beside(path, name)
    try:
        return _game(path, lambda: load_game(beside, players, options))
    except RulesError:  # its lines are not shown: the file was not named by the user
        shown = beside.relative_to(path.parent.resolve()).as_posix()
        raise SaveFileError(f"{path}: its rules file {shown!r} (next to it) has errors: "
                            f"see 'gamedsl check {path.parent / shown}'") from None


def _game(path: Path, make: Any) -> Game:
    try:
        return make()
    except (GameNotFoundError, ValueError) as err:
        raise SaveFileError(f"{path}: its game cannot be loaded: {err}") from None


def _beside(path: Path, name: str) -> Path:
    """The rules file a save names by its path from the save's folder: it must lie in that folder."""
    folder = path.parent.resolve()
    relative = PurePosixPath(name)
    if not name.isprintable():  # a NUL, a line break: no file of ours is named so
        raise SaveFileError(f"{path}: its game {brief(name, 60)} is no file name")
    candidate = (folder / relative).resolve()
    if (not name.endswith(resources.GAME_SUFFIX) or relative.is_absolute() or ".." in relative.parts
            or not candidate.is_relative_to(folder)):
        hint = did_you_mean(name, resources.game_names())
        raise SaveFileError(f"{path}: its game {brief(name, 60)} is neither a shipped game"
                            + (f" ({hint})" if hint else "") + " nor a .game file in the save's folder: "
                            f"give its rules: gamedsl play RULES --load {path}")
    if not candidate.is_file():
        raise SaveFileError(f"{path}: its rules file {brief(name, 60)} is not in the save's folder: "
                            f"put it there, or give it: gamedsl play RULES --load {path}")
    return candidate


def _seed(path: Path, seed: Any) -> int | str:
    problem = seed_problem(seed)
    if problem is None:
        return seed
    raise SaveFileError(f"{path}: 'seed': {problem} ({brief(seed, 60)})")


def replay_states(path: str | Path, rules: str | Path | None = None) -> tuple[State, list[str], list[str]]:
    """The start of a saved game and its moves, to step through."""
    state, seats = load(path, rules)
    moves = [str(state.game.codec.public(frame.move)) for frame in state.history]
    start = state.game.new_game(state.seed)
    return start, seats, moves
