"""Find the grammar and the shipped game files, installed or from a source checkout.

Everything outside the package that ships with it goes through `data_dir`, never through
paths relative to the caller.
"""

from __future__ import annotations

import os
from pathlib import Path

from .errors import GameNotFoundError, did_you_mean

_PACKAGE = Path(__file__).resolve().parent
GAME_SUFFIX = ".game"
DEFAULT_FILE = "default"  # games/default names the game `gamedsl play` starts when none is named


def data_dir(name: str) -> Path:
    """The directory `name` ('grammar' or 'games'): bundled in the wheel, else the checkout's."""
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"gamedsl data directory '{name}' is missing from the installation")


def grammar_path() -> Path:
    return data_dir("grammar") / "gamedsl.lark"


def game_names() -> list[str]:
    """Names of the shipped games: `my_game`, `my_game/variant`, ..."""
    root = data_dir("games")
    return sorted(p.relative_to(root).with_suffix("").as_posix() for p in root.rglob(f"*{GAME_SUFFIX}"))


def default_game() -> str:
    """The game played when none is named (the first shipped game if games/default is missing)."""
    path = data_dir("games") / DEFAULT_FILE
    if path.is_file() and path.read_text(encoding="utf-8").strip():
        return path.read_text(encoding="utf-8").strip()
    names = game_names()
    return names[0] if names else ""


def display_path(path: Path) -> str:
    """How a game file is named in messages: a shipped game by its name and file, `NAME.game` or
    `NAME/VARIANT.game` (what `gamedsl show-rules NAME` opens: an installed user has no checkout);
    any other file by the path it was given, `./` before it should it read as a shipped game's."""
    try:
        return path.resolve().relative_to(data_dir("games").resolve()).as_posix()
    except ValueError:
        pass
    text = str(path)
    if not path.is_absolute() and not text.startswith(".") and (data_dir("games") / text).is_file():
        return "./" + text  # a file of the user's own, named like a shipped one: never taken for it
    return text


def shipped_file(shown: str) -> Path | None:
    """The shipped game file a message names (`NAME.game`, or `FAMILY/VARIANT.game` for a variant), or None
    for a file of the user's own (see `display_path`)."""
    if not shown.endswith(GAME_SUFFIX) or shown.startswith((".", "/")) or Path(shown).is_absolute():
        return None
    candidate = data_dir("games") / shown
    return candidate if candidate.is_file() else None


def find_game(name_or_path: str | Path) -> Path:
    """Resolve a game name (`my_game`, `my-game`) or a path to its file."""
    text = str(name_or_path)
    path = Path(text)
    if path.suffix == GAME_SUFFIX or path.is_file():
        if path.is_file():
            return path
        raise GameNotFoundError(f"no such game file: {text}")
    return find_shipped(text)


def find_shipped(name: str) -> Path:
    """A shipped game by name (`my_game`, `my-game`, a variant's own name)."""
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    candidate = data_dir("games") / f"{key}{GAME_SUFFIX}"
    if candidate.is_file():
        return candidate
    names = game_names()
    variants = [n for n in names if n.rsplit("/", 1)[-1] == key]
    if len(variants) == 1:  # a variant by its own name: `variant` for `base/variant`
        return data_dir("games") / f"{variants[0]}{GAME_SUFFIX}"
    hint = did_you_mean(key, names)
    known = ", ".join(names)
    raise GameNotFoundError(f"unknown game '{name}'" + (f" — {hint}" if hint else "") + f" (known games: {known})")


def find_base(base: str, is_path: bool, extending: Path) -> Path:
    """The file a variant extends: `extends "path/base.game"` relative to the variant's folder;
    `extends NAME`, the file NAME.game beside it (never the variant itself), else a shipped game."""
    folder = extending.parent
    if is_path:
        candidate = Path(os.path.normpath(folder / base))  # `../base.game` named as the file it is
        if candidate.is_file():
            return candidate
        raise GameNotFoundError(f"no game file '{base}' (looked for {candidate}): a path is relative to "
                                f"the folder of {display_path(extending)}")
    beside = folder / f"{base}{GAME_SUFFIX}"
    if beside.is_file() and beside.resolve() != extending.resolve():
        return beside
    try:
        return find_shipped(base)
    except GameNotFoundError as err:
        raise GameNotFoundError(f"{err}; no file {beside} beside it either — to extend a file elsewhere, "
                                f'write its path in quotes: extends "path/to/base.game"') from None
