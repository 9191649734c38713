"""A loaded game: the checked model compiled for a number of players and option values."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from .. import limits, resources
from ..compiler.game import CompiledGame
from ..model import check_file
from ..model.model import GameModel, RuleInfo
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
            values[name] = _coerce(value, values[name])
            if name in model.count_options:
                _check_count(name, values[name])
        self.options = values
        self.compiled = CompiledGame(model, count, values)
        self.codec = MoveCodec(self.compiled)

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

    def new_game(self, seed: int | str = 0) -> State:
        """A new match: the first deal dealt and its first player chosen by the rules."""
        state = State(self, seed)
        state._start_deal(1)
        return state

    def first_player(self, state: State) -> str | None:
        """Who would start a deal laid out as `state`, by the file's first-player rule (None:
        nobody, the rule deals again)."""
        import random

        seat = self.compiled.first_player(state, random.Random(f"{state.seed}/{state.deal_number}"))
        return state.players[seat] if seat is not None else None

    def load_position(self, yaml_text: str) -> State:
        from .position import load_position

        return load_position(self, yaml_text)

    def __repr__(self) -> str:
        return f"<Game {self.title!r} from {self.path}, {self.players} players>"


def _coerce(value: Any, default: Any) -> Any:
    if isinstance(default, float) and isinstance(value, str):
        try:
            number = float(value)
        except ValueError:
            raise ValueError(f"option value '{value}' should be a number") from None
        if not math.isfinite(number):  # a rules file cannot write one either
            raise ValueError(f"option value '{value}' should be a finite number")
        return number
    return float(value) if isinstance(value, int) else value


def _check_count(name: str, value: Any) -> None:
    """An option the deal uses as a number of cards, as the checker checks its default."""
    if not isinstance(value, float) or value != int(value) or not 0 <= value <= limits.MAX_DEAL:
        raise ValueError(f"option '{name}' is a number of cards to deal: a whole number from 0 to "
                         f"{limits.MAX_DEAL}, not {value!r}")


def load_game(name_or_path: str | Path, players: int | None = None,
              options: dict[str, Any] | None = None) -> Game:
    """Load a shipped game by name (`my_game`, `my-game`) or a game file by path."""
    path = resources.find_game(name_or_path)
    return Game(check_file(path), players, options)
