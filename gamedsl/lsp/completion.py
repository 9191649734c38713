"""Completion: the keywords the grammar allows at the cursor, and the names the file declares.

What may come next is asked of the grammar's own LALR parser: the text before the cursor is fed
to it, and the terminals it would accept there are the keywords offered (and, where it accepts a
name, the file's zones, counters, values and options).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from lark.exceptions import UnexpectedCharacters, UnexpectedInput

from ..highlight import BUILTIN_NAMES, grammar_words, terminal_words
from ..syntax.parser import INDENTATION_ERRORS, grammar_parser
from .analysis import NAMED_KINDS, Analysis
from .names import Declaration, word_before

_END_OF_TEXT = "\x00"  # no terminal matches it: the parser stops there, its state that of the cursor


@dataclass(frozen=True)
class Candidate:
    label: str
    kind: str  # 'keyword' or a declaration's kind ('zone', …, 'built-in')
    detail: str = ""


@lru_cache(maxsize=1)
def _words_of_terminals() -> dict[str, frozenset[str]]:
    return terminal_words(grammar_parser())


def accepted_terminals(prefix: str) -> set[str] | None:
    """The terminals the grammar accepts right after `prefix`; None when the text before it
    does not parse (then anything may be meant)."""
    interactive = grammar_parser().parse_interactive(prefix + _END_OF_TEXT)
    try:
        for _ in interactive.iter_parse():
            pass
    except UnexpectedInput as err:
        at = err.pos_in_stream if isinstance(err, UnexpectedCharacters) else getattr(err.token, "start_pos", None)
        if at is None or at < len(prefix.rstrip(" \t")):
            return None  # a mistake before the cursor
        return set(interactive.accepts())
    except INDENTATION_ERRORS:  # a line before the cursor indented to no block, a word glued to a keyword
        return None
    return None


def _is_offered(declaration: Declaration, analysis: Analysis, line: int) -> bool:
    """A zone, counter, value or option; or a choice of the move around the 1-based `line`."""
    if declaration.within is None:
        return declaration.kind in NAMED_KINDS
    return declaration.file == analysis.shown and declaration.within[0] <= line <= declaration.within[1]


def candidates(analysis: Analysis, text: str, line: int, character: int) -> list[Candidate]:
    """What may be written at a 0-based (line, character), the word begun there excluded: the
    keywords the grammar accepts there and, where it accepts a name, the file's zones, counters,
    values and options (and the choices of the move the cursor is in)."""
    begun, start = word_before(text, line, character)
    lines = text.split("\n")
    prefix = "\n".join(lines[:line] + [lines[line][:start] if line < len(lines) else ""])
    accepted = accepted_terminals(prefix)
    if accepted is None:
        keywords, names = set(grammar_words().keywords), True
    else:
        words = _words_of_terminals()
        keywords = {w for t in accepted for w in words.get(t, ())}
        names = "NAME" in accepted
    found = [Candidate(k, "keyword") for k in sorted(keywords)]
    if names:
        seen = set(keywords)
        for declaration in analysis.declarations:
            if _is_offered(declaration, analysis, line + 1) and declaration.name not in seen:
                seen.add(declaration.name)
                found.append(Candidate(declaration.name, declaration.kind, declaration.description))
        found.extend(Candidate(n, "built-in") for n in BUILTIN_NAMES if n not in seen)
    return [c for c in found if c.label.startswith(begun)]
