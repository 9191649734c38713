"""The checker's problems as editor diagnostics, with "did you mean" as a quick fix."""

from __future__ import annotations

import re

from lsprotocol import types

from ..errors import Diagnostic
from .analysis import Analysis

SOURCE = "gamedsl"
_SUGGESTION = re.compile(r"did you mean '([^']+)'\?")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_']*|\"[^\"\n]*\"?|\S")


def word_range(lines: list[str], line: int, column: int) -> types.Range:
    """The range of the word (or string, or character) at a 1-based line and column: a
    diagnostic covers what it is about, not a point before it."""
    row = max(line - 1, 0)
    text = lines[row] if row < len(lines) else ""
    start = min(max(column - 1, 0), len(text))
    match = _WORD.match(text, start)
    end = match.end() if match else start
    return types.Range(types.Position(row, start), types.Position(row, end))


def suggestion(hint: str) -> str | None:
    """The word a hint proposes ("did you mean 'foundation'?"), if it proposes one."""
    match = _SUGGESTION.search(hint)
    return match.group(1) if match else None


def to_lsp(analysis: Analysis, lines: list[str]) -> list[types.Diagnostic]:
    """The analysis's problems, each at its range in the document. A problem in a base file is
    shown on the document's `extends` line (it is the base that has to change)."""
    extends_line = next((i for i, text in enumerate(lines) if text.lstrip().startswith("extends")), 0)
    found = []
    for problem in analysis.diagnostics:
        found.append(_one(problem, analysis.shown, lines, extends_line))
    return found


def _one(problem: Diagnostic, shown: str, lines: list[str], extends_line: int) -> types.Diagnostic:
    message = problem.message + (f" — {problem.hint}" if problem.hint else "")
    if problem.pos.file == shown:
        where = word_range(lines, problem.pos.line, problem.pos.column)
    else:
        message = f"{problem.pos.file}:{problem.pos.line}:{problem.pos.column}: {message}"
        text = lines[extends_line] if extends_line < len(lines) else ""
        where = types.Range(types.Position(extends_line, 0), types.Position(extends_line, len(text)))
    data = {"replacement": suggestion(problem.hint)} if problem.pos.file == shown and suggestion(problem.hint) else None
    return types.Diagnostic(range=where, message=message, severity=types.DiagnosticSeverity.Error,
                            source=SOURCE, data=data)


def quick_fixes(uri: str, diagnostics: list[types.Diagnostic]) -> list[types.CodeAction]:
    """One code action per diagnostic whose hint names a replacement: replace the word."""
    actions = []
    for diagnostic in diagnostics:
        data = diagnostic.data if isinstance(diagnostic.data, dict) else {}
        replacement = data.get("replacement")
        if not replacement:
            continue
        edit = types.WorkspaceEdit(changes={uri: [types.TextEdit(range=diagnostic.range, new_text=replacement)]})
        actions.append(types.CodeAction(title=f"Replace with '{replacement}'", kind=types.CodeActionKind.QuickFix,
                                        diagnostics=[diagnostic], edit=edit, is_preferred=True))
    return actions
