"""A loaded game: the checked model compiled for a number of players and option values."""

from __future__ import annotations

import math
import re
from collections import Counter
from pathlib import Path
from typing import Any

from .. import resources
from ..compiler.game import CompiledGame
from ..model import check_file
from ..model.model import GameModel, RuleInfo
from ..terminal import brief
from .moves import MoveCodec
from .state import State


class Game:
    def __init__(self, model: GameModel, players: int | None = None, options: dict[str, Any] | None = None):
        self.model = model
        count = players if players is not None else model.min_players
        if not model.min_players <= count <= model.max_players:
            span = (f"{model.min_players}" if model.min_players == model.max_players
                    else f"{model.min_players} to {model.max_players}")
            raise ValueError(f"{model.title} is played by {span} players, not {count}")
        values = dict(model.options)
        for name, value in (options or {}).items():
            if name not in values:
                from ..errors import did_you_mean

                hint = did_you_mean(name, values)
                raise ValueError(f"{model.title} has no option '{name}'" + (f" — {hint}" if hint else "")
                                 + f" (options: {', '.join(values) or 'none'})")
            values[name] = option_value(model, name, value)
        self.options = values
        self.compiled = CompiledGame(model, count, values)
        self._check_counts()
        self.codec = MoveCodec(self.compiled)

    def _check_counts(self) -> None:
        """Options that say how many cards to deal: whole numbers, and no more than the game has."""
        most = sum(self.compiled.universe.values())
        for name in sorted(self.model.counted_options):
            value = self.options[name]
            if value != int(value) or not 0 <= value <= most:
                raise ValueError(f"option {name} is a number of cards to deal: a whole number from 0 to {most} "
                                 f"(the cards of {self.title}), not {value:g}")

    @property
    def title(self) -> str:
        return self.model.title

    @property
    def players(self) -> int:
        return self.compiled.players

    @property
    def path(self) -> str:
        return self.model.path

    @property
    def rules(self) -> dict[str, RuleInfo]:
        return self.model.rules

    @property
    def zone_names(self) -> list[str]:
        return list(self.compiled.zones.names)

    def new_game(self, seed: int | str = 0, fired: Counter | None = None) -> State:
        """A new match: the first deal dealt and its first player chosen by the rules. With
        `fired` (a Counter), the state counts its rule firings there from the first deal on
        (see `State.fired`)."""
        state = State(self, seed)
        state.fired = fired
        state._start_deal(1)
        return state

    def first_player(self, state: State) -> str | None:
        """Who would start a deal laid out as `state`, by the file's first-player rule (None:
        nobody, the rule deals again)."""
        from ..compiler.native.playout import seeded

        seat = self.compiled.first_player(state, seeded(f"{state.seed}/{state.deal_number}", self.compiled.playout_loop))
        return state.players[seat] if seat is not None else None

    def load_position(self, yaml_text: str) -> State:
        from .position import load_position

        return load_position(self, yaml_text)

    def __repr__(self) -> str:
        return f"<Game {self.title!r} from {self.path}, {self.players} players>"


_NUMBER = re.compile(r"-?[0-9]{1,30}(\.[0-9]{1,30})?")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,99}")


def option_value(model: GameModel, name: str, value: Any) -> float | str:
    """The value `value` (typed by a user, read from a save) for the option, checked: a plain
    finite number within the option's range (a word for a word option); ValueError saying what
    the option takes otherwise."""
    default = model.options[name]
    if isinstance(default, str):
        if isinstance(value, str) and _WORD.fullmatch(value):
            return value
        raise ValueError(f"option {name} takes a word (letters, digits and _, like {default}), not {brief(value)}")
    number = _number(value)
    low, high = model.option_ranges.get(name, (-math.inf, math.inf))
    span = f"a number from {low:g} to {high:g}" if name in model.option_ranges else "a plain number"
    if number is None or not low <= number <= high:
        shown = brief(value) if number is None else f"{number:g}"
        raise ValueError(f"option {name} takes {span} (like {default:g}), not {shown}")
    return number


def _number(value: Any) -> float | None:
    """A finite number written plainly (`5`, `-2`, `2.5`; not `nan`, `1e400`, `٥`), or None."""
    if isinstance(value, str):
        text = value.strip()
        return float(text) if _NUMBER.fullmatch(text) else None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        try:
            number = float(value)
        except OverflowError:
            return None
        return number if math.isfinite(number) else None
    return None


def trial_deals(model: GameModel) -> list[str]:
    """What goes wrong when the checked game is compiled and dealt, with the fewest and the most
    players it allows (`gamedsl check` runs this: a file it accepts must also start)."""
    from ..errors import RulesRuntimeError

    problems = []
    for players in sorted({model.min_players, model.max_players}):
        try:
            Game(model, players).new_game(0)
        except (RulesRuntimeError, ValueError) as err:
            problems.append(f"with {players} players, the first deal fails: {err}")
    return problems


def load_game(name_or_path: str | Path, players: int | None = None,
              options: dict[str, Any] | None = None) -> Game:
    """Load a shipped game by name (`my_game`, `my-game`) or a game file by path."""
    path = resources.find_game(name_or_path)
    return Game(check_file(path), players, options)
