"""Go to definition: the declaration of a name, in the document or, across `extends`, in its base."""

from __future__ import annotations

from .analysis import Analysis
from .names import Declaration


def definitions(analysis: Analysis, word: str, line: int | None = None) -> list[Declaration]:
    """Where `word` (on the document's 1-based `line`) is declared: a move's own choice, else the
    document's own declaration (which replaces a base's) first, then the base's."""
    return analysis.find(word, line)
