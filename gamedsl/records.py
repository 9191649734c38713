"""Saved games: the game, its rules' fingerprint, the options, the seed, the seats and the moves.

A game is deterministic by seed, so its moves are all a save needs: loading replays them. A save
is written atomically (a temporary file beside it, then renamed), so a crash mid-write leaves the
old file whole; a save that is corrupt, for another game or for other rules is refused with a
clear message and nothing is changed.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from typing import Any

import yaml

from .engine import Game, State, load_game
from .errors import GameNotFoundError, MoveError, RulesError, SaveFileError

FORMAT = 1
SAVE_MARK = "# a gamedsl saved game"  # how every save begins: the console never writes over other files


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
    from . import resources

    if shown.startswith("games/"):
        return str(resources.data_dir("games") / shown[len("games/"):])
    return shown


def record(state: State, seats: list[str]) -> dict[str, Any]:
    """Everything needed to play the same game again up to this point."""
    if state.forgotten:
        raise ValueError(f"{state.forgotten} moves of this game were made by a playout, which keeps no record "
                         "of them: it cannot be saved or replayed")
    game = state.game
    return {
        "format": FORMAT,
        "game": _game_name(game),
        "title": game.title,
        "rules": fingerprint(game),
        "players": game.players,
        "options": {k: v for k, v in game.options.items() if v != game.model.options.get(k)},
        "seed": state.seed,
        "seats": list(seats),
        "moves": [str(state.game.codec.public(frame.move)) for frame in state.history],
        "over": state.is_over,
    }


def _game_name(game: Game) -> str:
    shown = game.path
    if shown.startswith("games/") and shown.endswith(".game"):
        return shown[len("games/"):-len(".game")]
    return str(Path(shown).resolve())


def save(state: State, seats: list[str], path: str | Path) -> Path:
    """Write the save atomically: never a half-written file, even if the program dies."""
    path = Path(path)
    text = SAVE_MARK + ": gamedsl play --load FILE, or gamedsl replay FILE\n" + yaml.safe_dump(
        record(state, seats), sort_keys=False, allow_unicode=True)
    directory = path.parent if str(path.parent) else Path(".")
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


def load(path: str | Path) -> tuple[State, list[str]]:
    """Read a save and replay it: the position and the seats, exactly as they were."""
    path = Path(path)
    try:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise SaveFileError(f"cannot read {path}: {err.strerror or err}") from None
    except (yaml.YAMLError, UnicodeDecodeError) as err:
        raise SaveFileError(f"{path} is not a saved game (it is not readable YAML: {str(err).splitlines()[0]})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or not isinstance(doc.get("moves"), list):
        raise SaveFileError(f"{path} is not a gamedsl saved game (format {FORMAT})")
    try:
        game = load_game(str(doc["game"]), int(doc["players"]), dict(doc.get("options") or {}))
    except (GameNotFoundError, RulesError, KeyError, TypeError, ValueError) as err:
        raise SaveFileError(f"{path}: its game cannot be loaded: {err}") from None
    if doc.get("rules") != fingerprint(game):
        raise SaveFileError(f"{path} was saved with another version of the rules of {game.title} "
                            f"({doc.get('rules')}, now {fingerprint(game)}): its moves may no longer mean the same")
    seats = [str(s) for s in doc.get("seats") or []]
    if len(seats) != game.players:
        raise SaveFileError(f"{path}: {len(seats)} seats for {game.players} players")
    from .players import PlayerSpecError, check_spec

    try:
        seats = [check_spec(s) for s in seats]
    except PlayerSpecError as err:
        raise SaveFileError(f"{path}: its seats: {err}") from None
    state = game.new_game(doc.get("seed", 0))
    for number, text in enumerate(doc["moves"], 1):
        try:
            state.play(str(text))
        except MoveError as err:
            raise SaveFileError(f"{path}: move {number} ({text}) does not replay: {err}") from None
    return state, seats


def replay_states(path: str | Path) -> tuple[State, list[str], list[str]]:
    """The start of a saved game and its moves, to step through."""
    state, seats = load(path)
    moves = [str(state.game.codec.public(frame.move)) for frame in state.history]
    start = state.game.new_game(state.seed)
    return start, seats, moves
