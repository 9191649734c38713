"""Grammar -> syntax tree."""

from .parser import parse_file, parse_text

__all__ = ["parse_file", "parse_text"]
