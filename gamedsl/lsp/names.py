"""What a rules file declares, where, and the word under the cursor."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..syntax import ast

# The declarations an author names and refers to, by the syntax tree's statement.
KIND_OF_STATEMENT: dict[type, str] = {
    ast.ZoneDecl: "zone",
    ast.CounterDecl: "counter",
    ast.ValueDecl: "value",
    ast.OptionDecl: "option",
    ast.MoveDecl: "move",
    ast.PriorityDecl: "priority",
    ast.CombinationDecl: "combination",
    ast.OrderDecl: "order",
    ast.BuildDecl: "building rule",
    ast.EndDecl: "end",
    ast.WheneverDecl: "automatic rule",
    ast.EffectDecl: "effect",
    ast.ClassDecl: "class",
    ast.MeldDecl: "meld",
    ast.TeamDecl: "team",
    ast.ColourDecl: "colour",
    ast.SuitOrderDecl: "suit order",
    ast.PointsDecl: "points",
}
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_ARTICLE_AND_KIND = re.compile(r"(?:a|each)\s+[A-Za-z_]+\s+")  # `a rank ` before a choice's name


@dataclass(frozen=True)
class Declaration:
    """One declared name: `file` as messages show it, `path` the file on disk; 1-based line and
    column of the name itself; `comment` the comment lines written just above the statement."""

    name: str
    kind: str
    file: str
    path: Path
    line: int
    column: int
    source_line: str
    description: str = ""
    comment: str = ""
    within: tuple[int, int] | None = None  # a move's own name (`choosing a rank r`): the move's lines

    @property
    def end_column(self) -> int:
        return self.column + len(self.name)


def _name_column(source_line: str, name: str, start: int) -> int:
    """The 1-based column of `name` written on the line at or after `start` (the statement's column)."""
    match = re.search(rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])", source_line[max(start - 1, 0):])
    return start + match.start() if match else start


def _comment_above(lines: Sequence[str], line: int) -> str:
    """The run of comment lines right above line `line` (1-based), without their `#`."""
    found: list[str] = []
    number = line - 1
    while number >= 1 and lines[number - 1].lstrip().startswith("#"):
        found.append(lines[number - 1].lstrip()[1:].strip())
        number -= 1
    return "\n".join(reversed(found))


def block_end(lines: Sequence[str], line: int) -> int:
    """The last line (1-based) of the statement starting on line `line`: the lines indented under it."""
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    indent = len(text) - len(text.lstrip())
    last = line
    for number in range(line + 1, len(lines) + 1):
        text = lines[number - 1]
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        if len(text) - len(text.lstrip()) <= indent:
            break
        last = number
    return last


def _declared(stmt: Any) -> Iterable[tuple[str, str, Any, str]]:
    """(name, kind, position, description) of what a statement declares."""
    kind = KIND_OF_STATEMENT.get(type(stmt))
    if kind is not None:
        pos = getattr(stmt, "name_pos", None) or stmt.pos
        yield stmt.name, kind, pos, getattr(stmt, "description", "") or ""
    elif isinstance(stmt, ast.PhasesDecl):
        for phase in stmt.phases:
            yield phase.text, "phase", phase.pos, ""


def _move_names(stmt: Any) -> Iterable[tuple[str, str, Any]]:
    """The names a move gives itself: its choices (`a rank r`) and its number (`for each n from 1 to 3`)."""
    if not isinstance(stmt, ast.MoveDecl):
        return
    for field in stmt.__dataclass_fields__:
        value = getattr(stmt, field)
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, ast.Choice):
                yield item.name, f"choice of a {item.kind}", item.pos
            elif isinstance(item, ast.Parameter):
                yield item.name, "number of the move", item.pos


def declarations(statements: Iterable[Any], lines_by_file: dict[str, Sequence[str]],
                 path_of: dict[str, Path]) -> list[Declaration]:
    """Every declaration of the (merged) statements, in file order."""
    found = []
    for stmt in statements:
        for name, kind, pos, description in _declared(stmt):
            lines = lines_by_file.get(pos.file, ())
            source_line = lines[pos.line - 1] if 0 < pos.line <= len(lines) else ""
            found.append(Declaration(
                name, kind, pos.file, path_of.get(pos.file, Path(pos.file)), pos.line,
                _name_column(source_line, name, pos.column), source_line, description,
                _comment_above(lines, stmt.pos.line)))
        for name, kind, pos in _move_names(stmt):
            lines = lines_by_file.get(pos.file, ())
            source_line = lines[pos.line - 1] if 0 < pos.line <= len(lines) else ""
            column = _name_column(source_line, name, _after_article(source_line, pos.column))
            found.append(Declaration(name, kind, pos.file, path_of.get(pos.file, Path(pos.file)), pos.line, column,
                                     source_line, within=(stmt.pos.line, block_end(lines, stmt.pos.line))))
    return found


def _after_article(source_line: str, column: int) -> int:
    """Where to look for a choice's name: past `a suit` / `a rank` / … (`a rank r`: not the `a`)."""
    match = _ARTICLE_AND_KIND.match(source_line, column - 1)
    return match.end() + 1 if match else column


def word_at(text: str, line: int, character: int) -> tuple[str, int, int] | None:
    """The name or keyword at a 0-based (line, character): (word, start, end) on that line."""
    lines = text.split("\n")
    if not 0 <= line < len(lines):
        return None
    for match in _WORD.finditer(lines[line]):
        if match.start() <= character <= match.end():
            return match.group(0), match.start(), match.end()
    return None


def word_before(text: str, line: int, character: int) -> tuple[str, int]:
    """The part of a word written before the cursor, and where it starts (0-based)."""
    lines = text.split("\n")
    current = lines[line][:character] if 0 <= line < len(lines) else ""
    match = re.search(r"[A-Za-z_][A-Za-z0-9_]*$", current)
    return (match.group(0), match.start()) if match else ("", character)
