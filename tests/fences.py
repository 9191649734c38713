"""The fenced code blocks of a Markdown text, whatever their language (```, ```gamedsl, …)."""

from __future__ import annotations

import re

_FENCE = re.compile(r"^ *```([a-z]*)\n(.*?)^ *```$", re.DOTALL | re.MULTILINE)


def code_blocks(text: str, language: str | None = None) -> list[str]:
    """The bodies of the fenced blocks, in order (only those of `language`, if given)."""
    return [body for lang, body in _FENCE.findall(text) if language is None or lang == language]
