"""gamedsl: a declarative rules language for card games, and the interpreter that runs it."""

from .engine import Game, LegalMoves, Move, State, load_game
from .errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    MoveError,
    PositionError,
    RulesError,
    RulesSemanticError,
    RulesSyntaxError,
    SaveFileError,
)

__version__ = "0.1.0"

__all__ = [
    "AmbiguousMoveError",
    "Game",
    "IllegalMoveError",
    "InvalidMoveError",
    "LegalMoves",
    "Move",
    "MoveError",
    "PositionError",
    "RulesError",
    "RulesSemanticError",
    "RulesSyntaxError",
    "SaveFileError",
    "State",
    "load_game",
]
