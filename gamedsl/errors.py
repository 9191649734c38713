"""The two error families: mistakes in a rules file, and moves that can't be played.

Rules-file errors carry every problem found (the checker never stops at the first), each as a
`Diagnostic` that prints as ``file:line:col: message``, the source line and a caret. Move errors
are `ValueError`s so callers can treat bad input uniformly.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .terminal import escape


@dataclass(frozen=True)
class SourcePos:
    """Where something was written: every compiled rule keeps one."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass(frozen=True)
class Diagnostic:
    pos: SourcePos
    message: str
    source_line: str = ""
    hint: str = ""

    def format(self) -> str:
        text = f"{self.pos.file}:{self.pos.line}:{self.pos.column}: {self.message}"
        if self.hint:
            text += f" — {self.hint}"
        text = escape(text)  # a file's name or a quoted token may hold control characters
        if self.source_line:
            # One printable character per column, so the caret stays under the column.
            line = "".join(c if c.isprintable() else "?" for c in self.source_line.rstrip("\r\n").replace("\t", " "))
            text += f"\n    {line}\n    {' ' * (self.pos.column - 1)}^"
        return text

    def __str__(self) -> str:
        return self.format()


class RulesError(Exception):
    """A rules file could not be used. `diagnostics` holds every problem found."""

    kind = "error"

    def __init__(self, diagnostics: Sequence[Diagnostic]):
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(d.format() for d in self.diagnostics))


class RulesSyntaxError(RulesError):
    kind = "syntax error"


class RulesSemanticError(RulesError):
    kind = "error"


class RulesRuntimeError(RuntimeError):
    """The rules file, while playing, asked for something impossible (a seat that does not
    exist, a division by zero, an automatic rule that never stops, no legal move left)."""


class GameNotFoundError(LookupError):
    """No game file by that name or path."""


class MoveError(ValueError):
    """Base of every error about a move."""


class InvalidMoveError(MoveError):
    """The text does not describe a move of this game."""


class AmbiguousMoveError(MoveError):
    """The text matches several legal moves."""

    def __init__(self, message: str, candidates: Sequence[object] = ()):
        super().__init__(message)
        self.candidates = list(candidates)


class IllegalMoveError(MoveError):
    """The move is well formed but not legal here; `explanation.rule` names the rule."""

    def __init__(self, explanation: object):
        self.explanation = explanation
        super().__init__(str(explanation))

    @property
    def rule(self) -> object:
        return getattr(self.explanation, "rule", None)


class PositionError(ValueError):
    """A position (YAML) document that does not describe a position of this game."""


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """A 'did you mean' hint, or '' when nothing is close (never the word itself)."""
    close = difflib.get_close_matches(word, [c for c in choices if c != word], n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else ""


class SaveFileError(ValueError):
    """A saved game that cannot be read back: missing, corrupt, or for other rules."""
