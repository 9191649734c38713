"""The terminal is not theirs: text from rules files, positions and saves is shown escaped.

Titles, descriptions, names and values come from files that strangers write. Printed as they
are, a control character in them could clear the screen, set the window's title, write to the
clipboard (OSC 52) or hide text (bidirectional overrides). Everything the command line prints
goes through `EscapingStream`, which shows each such character as its escape (`\\x1b`,
`\\u202e`); the console escapes what it says before adding its own colours.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import Any, TextIO


def escape(text: str, keep: str = "\n") -> str:
    """`text` with every unprintable character but those in `keep` written as its escape."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c in keep else c.encode("unicode_escape").decode("ascii") for c in text)


def brief(value: Any, most: int = 40) -> str:
    """A value read from a file or typed, for a message: quoted (`repr`, which escapes) and cut
    to `most` characters."""
    text = repr(value)
    return text if len(text) <= most else text[:most - 3] + "..."


class EscapingStream:
    """A text stream that escapes what is written to it (line feeds and tabs pass)."""

    def __init__(self, stream: TextIO):
        self.unescaped = stream

    def write(self, text: str) -> int:
        self.unescaped.write(escape(text, keep="\n\t"))
        return len(text)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.unescaped, name)


def unescaped(stream: Any) -> TextIO:
    """The stream under an `EscapingStream`, for text of our own (colours, progress bars)."""
    return getattr(stream, "unescaped", stream)


@contextlib.contextmanager
def escaped_output() -> Iterator[None]:
    """Standard output and error escaped while the block runs."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = EscapingStream(unescaped(out)), EscapingStream(unescaped(err))
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err
