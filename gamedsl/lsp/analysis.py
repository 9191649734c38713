"""One look at a document: the checker's problems and the names it declares, from the editor's text.

The text is checked exactly as `gamedsl check` checks a file (the same parser, the same `extends`
resolution from the file's folder, the same checker), but from the editor's buffer, unsaved
changes and all; the bases are read from disk.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .. import resources
from ..errors import Diagnostic, RulesError, SourcePos
from ..model.checker import Checker, load_statements
from ..syntax import parse_text
from .names import Declaration, declarations

NAMED_KINDS = ("zone", "counter", "value", "option")  # what an expression or a zone reference names


@dataclass(frozen=True)
class Analysis:
    """`shown` is how messages name the document; `parsed` says the text parsed (else the
    declarations are none, and an editor keeps those of its last good text)."""

    path: Path
    shown: str
    diagnostics: tuple[Diagnostic, ...]
    declarations: tuple[Declaration, ...] = ()
    parsed: bool = False

    def own(self) -> list[Declaration]:
        """The declarations written in the document itself (not in its bases)."""
        return [d for d in self.declarations if d.file == self.shown]

    def find(self, name: str, line: int | None = None) -> list[Declaration]:
        """The declarations of `name` written on the document's 1-based `line`: a move's choice there,
        else the document's own first, a zone, counter, value or option before a rule of the same
        name (`build foundation` is the building rule of zone `foundation`)."""
        found = self._named(name, line)
        return sorted(found, key=lambda d: (d.within is None, d.file != self.shown, d.kind not in NAMED_KINDS))

    def _named(self, name: str, line: int | None) -> list[Declaration]:
        return [d for d in self.declarations if d.name == name and (
            d.within is None or (line is not None and d.file == self.shown and d.within[0] <= line <= d.within[1]))]


def file_of(shown: str, document: Path, document_shown: str) -> Path:
    """The file on disk a message's file name stands for."""
    if shown == document_shown:
        return document
    return resources.shipped_file(shown) or Path(shown)


def internal_error(path: Path, err: Exception) -> Analysis:
    """What the editor shows when checking failed by a bug of gamedsl's, not of the file."""
    shown = resources.display_path(path)
    problem = Diagnostic(SourcePos(shown, 1, 1), f"gamedsl: internal error: {type(err).__name__}: {err}",
                         hint="please report it with this file")
    return Analysis(path, shown, (problem,))


def analyse(text: str, path: Path) -> Analysis:
    """Parse and check the document's text; never raises for a problem of the rules file."""
    path = path.resolve()
    shown = resources.display_path(path)
    problems: list[Diagnostic] = []
    try:
        game_file, statements, lines, files = load_statements(path, text=text)
    except RulesError as err:
        problems = list(err.diagnostics)
        try:  # a problem with the base or a variant's `remove`: the document's own names still count
            game_file = parse_text(text, shown)
        except RulesError:
            return Analysis(path, shown, tuple(problems))
        statements, lines, files = list(game_file.statements), {shown: game_file.lines}, (shown,)
    else:
        try:
            Checker(lines).check(game_file, statements, files)
        except RulesError as err:
            problems = list(err.diagnostics)
    path_of = {f: file_of(f, path, shown) for f in files}
    found = declarations(statements, lines, path_of)
    return Analysis(path, shown, tuple(problems), tuple(found), True)
