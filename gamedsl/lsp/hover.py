"""Hover: a name shows its declaration and description; a keyword, its LANGUAGE.md entry."""

from __future__ import annotations

from ..highlight import grammar_words
from .analysis import Analysis
from .language_doc import keyword_help
from .names import Declaration


def describe(declaration: Declaration) -> str:
    """Markdown for a declared name: where, the line that declares it, what it is for."""
    parts = [f"**{declaration.kind}** `{declaration.name}` — {declaration.file}:{declaration.line}",
             f"```gamedsl\n{declaration.source_line.strip()}\n```"]
    if declaration.description:
        parts.append(declaration.description)
    if declaration.comment:
        parts.append(declaration.comment)
    return "\n\n".join(parts)


def hover_text(analysis: Analysis, word: str, line: int | None = None) -> str | None:
    """What to show over `word` (on the document's 1-based `line`): its declaration(s), else its
    keyword help, else nothing."""
    found = analysis.find(word, line)
    if found:
        return "\n\n---\n\n".join(describe(d) for d in found[:2])
    if word in grammar_words().keywords:
        return keyword_help(word) or f"**{word}**: a keyword of gamedsl (grammar/gamedsl.lark)"
    return None
