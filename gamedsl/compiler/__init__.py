"""Checked model -> compiled rules (tables and closures)."""

from .game import CompiledGame

__all__ = ["CompiledGame"]
