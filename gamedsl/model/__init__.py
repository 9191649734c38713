"""Syntax tree -> checked model."""

from .checker import check_file, check_text
from .model import GameModel, RuleInfo

__all__ = ["GameModel", "RuleInfo", "check_file", "check_text"]
