"""Compiled rules -> positions, legal moves, play, undo, explanations."""

from .game import Game, load_game
from .moves import LegalMoves, Move
from .state import DealResult, State

__all__ = ["DealResult", "Game", "LegalMoves", "Move", "State", "load_game"]
