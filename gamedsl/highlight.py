"""Colours for rules files: a Pygments lexer whose words come from the grammar itself.

The keywords are read from `grammar/gamedsl.lark` (its string terminals, and the words of its
regular-expression terminals), never kept by hand, so a keyword the grammar gains is coloured at
once. `GrammarWords` is also what the TextMate grammar of the editor extension is generated
from (`gamedsl.lsp.textmate`) and what the language server completes. This module needs
Pygments, not the language server's packages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from lark import Lark
from pygments.lexer import RegexLexer, bygroups
from pygments.token import Comment, Error, Keyword, Literal, Name, Number, Operator, Punctuation, String, Text

from .syntax.parser import grammar_parser

# Terminals that stand for what the author names or writes, not for keywords.
_NOT_KEYWORDS = {"NAME", "STRING", "NUMBER", "COMMENT", "CARD_WORD", "SUIT_SIGN"}
_LETTERS = re.compile(r"([A-Za-z]+)(\?)?")
_CLASS = re.compile(r"\[(?:\\.|[^\]])*\]")
_ESCAPE = re.compile(r"\\.")
# The NAME of the statements that declare something: `move NAME …:`, `option NAME = …`.
_DECLARED_BY = re.compile(r"^[a-z_]+_(stmt|block)$")

# Names every game has without declaring them (the checker's built-in counters and values).
BUILTIN_NAMES = ("score", "seat", "moves_this_turn", "players_left", "player_to_move", "deal_number", "winner")

# The patterns of the other tokens, shared with the TextMate grammar (`gamedsl.lsp.textmate`).
COMMENT = r"#[^\n]*"
STRING = r'"[^"\n]*"'
CARD = "(?:10|[2-9AJQKT])[SHDC\u2660\u2665\u2666\u2663](?![A-Za-z0-9_])|[\u2660\u2665\u2666\u2663]"  # 7H, 10♠
SEAT = r"P[1-9][0-9]*(?![A-Za-z0-9_])"
NUMBER = r"[0-9]+(?:\.[0-9]+)?"
POSSESSIVE = r"[A-Za-z_][A-Za-z0-9_]*'s(?![A-Za-z0-9_'])"  # `opponent's`, `dealer's`
WORD = r"[A-Za-z_][A-Za-z0-9_]*"
OPERATOR = r"\.\.|!=|<=|>=|[=<>+\-*/]"
# `(B1, M3)` before a block's colon: the section of the rules text a rule follows
SECTION = r"\([^)\n]*\)(?=[ \t]*:[ \t]*(?:#[^\n]*)?$)"
# `    tableau[4]: …` in `zones:` declares a zone (unless the word is a keyword: `    then:`)
ZONE_DECLARATION = r"^([ \t]+)([A-Za-z_][A-Za-z0-9_]*)(?=(?:\[[0-9]+\])?[ \t]*:)"


def declaration_pattern(declaring: frozenset[str]) -> str:
    """`move NAME …:`, `option NAME = …`: a declaration (`move all of …` is an effect: no colon)."""
    return rf"^([ \t]*)({alternation(declaring)})([ \t]+)({WORD})(?=[^\n#]*[:=])"


@dataclass(frozen=True)
class GrammarWords:
    """The grammar's words: every keyword, and those that begin a declaration (`move NAME`)."""

    keywords: frozenset[str]
    declaring: frozenset[str]


def _regex_words(pattern: str) -> set[str]:
    """The words a regular-expression terminal spells out: `singles?|pairs?` -> single(s), pair(s);
    character classes and escapes (`[ \\t]`, `\\b`) are not words."""
    bare = _ESCAPE.sub(" ", _CLASS.sub(" ", pattern))
    words = set()
    for match in _LETTERS.finditer(bare):
        word = match.group(1)
        words.add(word)
        if match.group(2):  # a last letter that may be left out
            words.add(word[:-1])
    return {w for w in words if len(w) > 1}


def terminal_words(parser: Lark) -> dict[str, frozenset[str]]:
    """The keywords each terminal of a compiled grammar stands for: 'TOP' -> {top}, 'FACE' -> {up, down}."""
    words_of: dict[str, frozenset[str]] = {}
    for terminal in parser.terminals:
        if terminal.name in _NOT_KEYWORDS or (terminal.name.startswith("_") and not terminal.name.startswith("__ANON")):
            continue  # `_NL`, the ignored spaces; an anonymous literal ("face" beside FACE) is a keyword
        text = str(terminal.pattern.value)
        if terminal.pattern.type == "str":
            words_of[terminal.name] = frozenset(w for w in text.split() if w[:1].isalpha())
        else:
            words_of[terminal.name] = frozenset(_regex_words(text))
    return words_of


def words_of_grammar(parser: Lark) -> GrammarWords:
    """The keywords and declaring keywords of a compiled grammar (a test feeds it a changed one)."""
    words_of = terminal_words(parser)
    keywords = set().union(*words_of.values())
    declaring = set()
    for rule in parser.rules:
        symbols = [s.name for s in rule.expansion]
        if (len(symbols) > 2 and _DECLARED_BY.match(str(rule.origin.name)) and symbols[1] == "NAME"
                and symbols[0] in words_of and ("COLON" in symbols or "EQUAL" in symbols)):
            declaring.update(words_of[symbols[0]])
    return GrammarWords(frozenset(keywords), frozenset(declaring))


@lru_cache(maxsize=1)
def grammar_words() -> GrammarWords:
    """The words of the shipped grammar."""
    return words_of_grammar(grammar_parser())


def alternation(words: frozenset[str]) -> str:
    """A regular expression of any of the words, the longest first."""
    return "|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w)))


def _word_tokens(lexer: RegexLexer, match: re.Match):
    word = match.group(0)
    if word in grammar_words().keywords:
        yield match.start(), Keyword, word
    elif word in BUILTIN_NAMES:
        yield match.start(), Name.Builtin, word
    else:
        yield match.start(), Name, word


def _declared_zone(lexer: RegexLexer, match: re.Match):
    """`    tableau[4]: …` inside `zones:` declares a zone; `    then:` is a keyword."""
    yield match.start(1), Text.Whitespace, match.group(1)
    word = match.group(2)
    kind = Keyword if word in grammar_words().keywords else Name.Variable
    yield match.start(2), kind, word


def _tokens() -> dict[str, list]:
    return {
        "root": [
            (COMMENT, Comment.Single),
            (r"\\[ \t]*\r?\n", Text.Whitespace),  # a line continued
            (declaration_pattern(grammar_words().declaring),
             bygroups(Text.Whitespace, Keyword.Declaration, Text.Whitespace, Name.Function)),
            (SECTION, Comment.Special),
            (ZONE_DECLARATION, _declared_zone),
            (STRING, String.Double),
            (CARD, Literal),
            (SEAT, Name.Constant),
            (NUMBER, Number),
            (POSSESSIVE, Name.Variable),
            (WORD, _word_tokens),
            (OPERATOR, Operator),
            (r"[:,;()\[\]]", Punctuation),
            (r"[ \t]+|\r?\n", Text.Whitespace),
            (r".", Error),
        ],
    }


class GamedslLexer(RegexLexer):
    """Pygments lexer for gamedsl rules files (`pygmentize -l gamedsl FILE`)."""

    name = "gamedsl"
    aliases: ClassVar[list[str]] = ["gamedsl", "game"]
    filenames: ClassVar[list[str]] = ["*.game"]
    mimetypes: ClassVar[list[str]] = ["text/x-gamedsl"]
    tokens = _tokens()
