"""Go to definition: the declaration of a name, in the document or, across `extends`, in its base."""

from __future__ import annotations

from .analysis import Analysis
from .names import Declaration


def definitions(analysis: Analysis, word: str) -> list[Declaration]:
    """Where `word` is declared: the document's own declaration (which replaces a base's) first."""
    return analysis.find(word)
