"""Parse a game file into the syntax tree, turning Lark's errors into friendly diagnostics."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.indenter import Indenter

from .. import resources
from ..errors import Diagnostic, RulesSyntaxError, SourcePos, did_you_mean
from . import ast
from .nesting import nesting_problems


class _BadIndent(Exception):
    """A line indented to no enclosing block's level (Lark's DedentError, with the line)."""

    def __init__(self, line: int, column: int, levels: list[int]):
        super().__init__(line, column, levels)
        self.line, self.column, self.levels = line, column, levels


class _GluedWord(Exception):
    """A keyword glued to the next word: 'too' lexed as 'to' + 'o', 'eachplayer' as 'each' + 'player'."""

    def __init__(self, token: Token):
        super().__init__(token)
        self.token = token


_KEYWORD_TEXT = re.compile(r"[A-Za-z][A-Za-z']*")
_WORD_CHAR = re.compile(r"[A-Za-z0-9_']")


def _refuse_glued_words(stream: Iterator[Token]) -> Iterator[Token]:
    # Where no name may follow, the contextual lexer takes a keyword out of the start of a longer
    # word and goes on with the rest of it. A word is never two tokens: refuse that here.
    previous = None
    for token in stream:
        if (previous is not None and token.start_pos == previous.end_pos and _WORD_CHAR.match(token)
                and not previous.type.startswith("__") and previous.type not in ("NAME", "NUMBER", "STRING")
                and _KEYWORD_TEXT.fullmatch(previous)):
            raise _GluedWord(previous)
        previous = token
        yield token


class _GameIndenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB"]
    CLOSE_PAREN_types = ["RPAR", "RSQB"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8

    def handle_NL(self, token: Token) -> Iterator[Token]:
        # Lark's own, except that a bad dedent says which line it is on (the last line of the
        # newline token, which may span blank and comment lines).
        if self.paren_level > 0:
            return
        yield token
        indent_str = token.rsplit("\n", 1)[1]
        indent = indent_str.count(" ") + indent_str.count("\t") * self.tab_len
        if indent > self.indent_level[-1]:
            self.indent_level.append(indent)
            yield Token.new_borrow_pos(self.INDENT_type, indent_str, token)
            return
        levels = list(self.indent_level)
        while indent < self.indent_level[-1]:
            self.indent_level.pop()
            yield Token.new_borrow_pos(self.DEDENT_type, indent_str, token)
        if indent != self.indent_level[-1]:
            raise _BadIndent(token.end_line or 1, len(indent_str) + 1, levels)

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        return super().process(_refuse_glued_words(stream))


@lru_cache(maxsize=1)
def _parser() -> Lark:
    grammar = resources.grammar_path().read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", postlex=_GameIndenter(), propagate_positions=True, maybe_placeholders=False)


# What the indenter raises for a line it cannot place, or a keyword glued to a word (`parse_text`
# turns them into diagnostics; a caller driving `grammar_parser()` itself catches them).
INDENTATION_ERRORS = (_BadIndent, _GluedWord)


def grammar_parser() -> Lark:
    """The compiled grammar (its terminals and rules are what the editor tools are built from)."""
    return _parser()


# Readable names for the terminals an error message may list.
_TERMINAL_WORDS = {
    "_NL": "the end of the line",
    "_INDENT": "an indented block",
    "_DEDENT": "the end of the block",
    "NAME": "a name",
    "STRING": 'a "description"',
    "NUMBER": "a number",
    "OWNER": "own / opponent's / each",
    "QUANT": "some / every",
    "KIND": "pile / row / slot / fan / pool",
    "EMPTIES": "piles / rows / slots / fans / pools",
    "FACE": "up / down",
    "COLOUR": "colour",
    "COMPARE": "a comparison (= != < <= > >=)",
    "ADD_OP": "+ or -",
    "MUL_OP": "*, / or mod",
    "FREELY": "freely",
    "DISPLAY": "', shown \"LABEL\"' / ', shown in header \"LABEL\"' / ', hidden'",
    "$END": "the end of the file",
}


# Regex terminals that are a choice of words, like COLOUR '(?:colour|color)' or
# QUANT '(some|every)(?![A-Za-z0-9_'])': their words count as keywords for suggestions.
_WORD_CHOICE = re.compile(r"^\((?:\?:)?([A-Za-z'|]+)\)(?:\(\?![^)]*\))?$")


def _keywords_of(name: str) -> list[str]:
    """The words a keyword terminal stands for, e.g. 'TOP' -> ['top'], 'FACE' -> ['down', 'up']."""
    for terminal in _parser().terminals:
        if terminal.name != name:
            continue
        if terminal.pattern.type == "str":
            return [str(terminal.pattern.value)]
        match = _WORD_CHOICE.match(str(terminal.pattern.value))
        return match.group(1).split("|") if match else []
    return []


def _keyword_of(name: str) -> str | None:
    """The literal text of a keyword terminal, e.g. 'TOP' -> 'top'."""
    for terminal in _parser().terminals:
        if terminal.name == name and terminal.pattern.type == "str":
            return str(terminal.pattern.value)
    return None


@lru_cache(maxsize=1)
def _all_keywords() -> tuple[str, ...]:
    words = {w for t in _parser().terminals for w in _keywords_of(t.name)}
    return tuple(sorted(w for w in words if w[:1].isalpha()))


def _describe_expected(expected: set[str]) -> tuple[list[str], list[str]]:
    words, keywords = [], []
    for name in sorted(expected):
        keyword = _keyword_of(name)
        if keyword is not None:
            keywords.append(keyword)
            words.append(f"'{keyword}'")
            continue
        keywords.extend(w for w in _keywords_of(name) if w[:1].isalpha())
        if name in _TERMINAL_WORDS:
            words.append(_TERMINAL_WORDS[name])
        elif not name.startswith("__"):
            words.append(name.lower())
    return sorted(set(words)), keywords


def _unclosed_bracket(lines: list[str], line: int, column: int) -> tuple[str, int] | None:
    """The last '(' or '[' before (line, column) that is never closed, skipping strings and comments."""
    stack: list[tuple[str, int]] = []
    for number, text in enumerate(lines[:line], 1):
        if number == line:
            text = text[: column - 1]
        in_string = False
        for ch in text:
            if in_string:
                in_string = ch != '"'
            elif ch == '"':
                in_string = True
            elif ch == "#":
                break
            elif ch in "([":
                stack.append((ch, number))
            elif ch in ")]" and stack:
                stack.pop()
    return stack[-1] if stack else None


def _syntax_diagnostic(err: UnexpectedInput, path: str, lines: list[str]) -> Diagnostic:
    line = max(getattr(err, "line", 1) or 1, 1)
    column = max(getattr(err, "column", 1) or 1, 1)
    expected: set[str] = set()
    found: str | None = None  # None: describe what the text has at (line, column)
    if isinstance(err, UnexpectedToken):
        expected = set(err.accepts or err.expected or ())
        token = err.token
        if token.type == "$END":
            found = "the end of the file"
            line = len(lines) + 1
        elif token.type == "_NL":
            found = "the end of the line"
            # The newline token starts at a trailing comment or the line break: point just after
            # the last word of the line.
            line = max(1, token.line or line)
            if line <= len(lines):
                column = len(lines[line - 1][: max((token.column or 1) - 1, 0)].rstrip()) + 1
        elif token.type in ("_INDENT", "_DEDENT"):
            # Indentation tokens borrow the newline's position; their line is where it ends.
            found = "indentation" if token.type == "_INDENT" else "the end of the indented block"
            line = max(1, token.end_line or line)
            column = max(1, token.end_column or 1)
        elif not token.type.startswith("__"):
            found = f"'{token.value}'"
        # else: an anonymous pattern matched by Lark's fallback lexer (it may run to the end of
        # the line): describe the text itself instead.
    elif isinstance(err, UnexpectedCharacters):
        expected = set(err.allowed or ())
    elif isinstance(err, UnexpectedEOF):
        expected = set(err.expected or ())
        found = "the end of the file"
        line = len(lines) + 1
    else:
        found = "something unexpected"
    if line > len(lines):  # the end of the file: point just after the last line's text
        line = max(len(lines), 1)
        column = len(lines[-1].rstrip()) + 1 if lines else 1
    source_line = lines[line - 1] if 0 < line <= len(lines) else ""
    words, keywords = _describe_expected(expected)
    hint = ""
    if found is None or found.startswith("'"):
        start = column - 1
        char = source_line[start] if start < len(source_line) else ""
        if char == '"' and '"' not in source_line[start + 1:]:
            return Diagnostic(SourcePos(path, line, column), "this string is never closed", source_line,
                              'end it with " on the same line')
        if _WORD_CHAR.match(char) and start > 0 and _WORD_CHAR.match(source_line[start - 1]):
            # The lexer took the start of a longer word for a keyword ('zoness' -> 'zones' + 's'):
            # report the whole word, which is what the author wrote.
            return _word_diagnostic(path, lines, line, column)
        if found is None:
            if not char:
                found = "the end of the line"
            elif char.isprintable():
                found = f"'{char}'"
            else:
                found = f"the character U+{ord(char):04X}"
    message = f"unexpected {found}"
    if words:
        shown = words if len(words) <= 8 else words[:8] + ["…"]
        message += f"; expected {', '.join(shown)}"
    if isinstance(err, UnexpectedToken) and err.token.type == "NAME" and keywords:
        word = str(err.token.value)
        hint = (f"'{word}' is a word of the language, but not one that can stand here" if word in keywords
                else did_you_mean(word, keywords))
    if not hint and found == "','" and "RPAR" in expected and "COMMA" not in expected:
        hint = "inside brackets, join conditions with 'and' (a comma joins them only outside brackets)"
    if not hint and expected & {"RPAR", "RSQB"}:
        bracket = _unclosed_bracket(lines, line, column)
        if bracket and bracket[1] < line:
            hint = f"the '{bracket[0]}' on line {bracket[1]} is never closed"
    return Diagnostic(SourcePos(path, line, column), message, source_line, hint)


def _word_diagnostic(path: str, lines: list[str], line: int, column: int) -> Diagnostic:
    """'unexpected WORD' for the whole word around (line, column), with the keyword it may be."""
    source_line = lines[line - 1] if 0 < line <= len(lines) else ""
    start = end = column - 1
    while start > 0 and _WORD_CHAR.match(source_line[start - 1]):
        start -= 1
    while end < len(source_line) and _WORD_CHAR.match(source_line[end]):
        end += 1
    word = source_line[start:end]
    keywords = _all_keywords()
    hint = next((f"did you mean '{word[:i]} {word[i:]}'?" for i in range(1, len(word))
                 if word[:i] in keywords and word[i:] in keywords), "")
    if not hint:
        hint = (f"'{word}' is a word of the language, but not one that can stand here" if word in keywords
                else did_you_mean(word, keywords))
    return Diagnostic(SourcePos(path, line, start + 1), f"unexpected '{word}'", source_line, hint)


def _source_lines(text: str) -> list[str]:
    """The file's lines as Lark counts them: only '\\n' ends a line (not form feeds and the like)."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line.removesuffix("\r") for line in lines]


def parse_text(text: str, path: str = "<text>") -> ast.GameFile:
    """Parse game-file text; raises `RulesSyntaxError` with a friendly diagnostic."""
    lines = _source_lines(text)
    if not text.endswith("\n"):
        text += "\n"
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as err:
        raise RulesSyntaxError([_syntax_diagnostic(err, path, lines)]) from None
    except _GluedWord as err:
        token = err.token
        raise RulesSyntaxError([_word_diagnostic(path, lines, token.line or 1, token.column or 1)]) from None
    except _BadIndent as err:
        line = min(err.line, max(len(lines), 1))
        levels = " or ".join(str(level) for level in err.levels)
        diag = Diagnostic(SourcePos(path, line, err.column), "the indentation does not match any enclosing block",
                          lines[line - 1] if line <= len(lines) else "",
                          f"indent it by {levels} spaces, to line up with an enclosing block")
        raise RulesSyntaxError([diag]) from None
    too_deep = nesting_problems(tree, path, lines)  # before anything walks the tree recursively
    if too_deep:
        raise RulesSyntaxError(too_deep)
    too_large = [
        Diagnostic(SourcePos(path, t.line or 1, t.column or 1), f"the number {t[:12]}… is too large",
                   lines[(t.line or 1) - 1] if (t.line or 1) <= len(lines) else "")
        for t in tree.scan_values(lambda v: isinstance(v, Token) and v.type == "NUMBER")
        if not math.isfinite(float(t))
    ]
    if too_large:
        raise RulesSyntaxError(sorted(too_large, key=lambda d: (d.pos.line, d.pos.column)))
    return _ToAst(path, tuple(lines)).transform(tree)


def parse_file(path: str | Path) -> ast.GameFile:
    path = Path(path)
    shown = resources.display_path(path)
    data = path.read_bytes()
    try:
        text = data.decode("utf-8-sig")  # a byte-order mark is not part of the text
    except UnicodeDecodeError as err:
        offset = err.start
        line = data.count(b"\n", 0, offset) + 1
        column = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
        raise RulesSyntaxError([Diagnostic(
            SourcePos(shown, line, column), f"the file is not UTF-8 text (byte 0x{data[offset]:02x} at offset {offset})",
            "", "a game file is plain text saved as UTF-8")]) from None
    return parse_text(text, shown)


def _tokens(children: list[Any], kind: str) -> list[Token]:
    return [c for c in children if isinstance(c, Token) and c.type == kind]


@v_args(meta=True)
class _ToAst(Transformer):
    """Build the frozen syntax tree; every node gets the position of its first token."""

    def __init__(self, path: str, lines: tuple[str, ...]):
        super().__init__()
        self.path = path
        self.lines = lines

    def _pos(self, meta: Any, children: Sequence[Any] = ()) -> SourcePos:
        if not getattr(meta, "empty", True):
            return SourcePos(self.path, meta.line, meta.column)
        for child in children:
            if isinstance(child, Token) and child.line is not None:
                return SourcePos(self.path, child.line, child.column or 1)
            pos = getattr(child, "pos", None)
            if isinstance(pos, SourcePos):
                return pos
        return SourcePos(self.path, 1, 1)

    def _tpos(self, token: Token) -> SourcePos:
        return SourcePos(self.path, token.line or 1, token.column or 1)

    @staticmethod
    def _text(children: list[Any], kind: str, default: str = "") -> str:
        found = _tokens(children, kind)
        if found and kind == "OWNER":
            return " ".join(str(found[0]).split())  # `other  team's` is `other team's`
        return str(found[0]) if found else default

    @staticmethod
    def _string(children: list[Any]) -> str:
        found = _tokens(children, "STRING")
        return str(found[0])[1:-1] if found else ""

    @staticmethod
    def _section(children: list[Any]) -> str:
        return next((c[1] for c in children if isinstance(c, tuple) and len(c) == 2 and c[0] == "section"), "")

    # ---- file and header ------------------------------------------------------------
    def start(self, meta, children):
        statements = []
        for child in children:
            statements.extend(child if isinstance(child, list) else [child])
        return ast.GameFile(self.path, tuple(statements), self.lines)

    def game_stmt(self, meta, children):
        return ast.GameTitle(self._pos(meta, children), self._string(children))

    def extends_stmt(self, meta, children):
        token = children[0]
        if token.type == "STRING":  # `extends "base.game"`: a file, relative to this one
            return ast.Extends(self._pos(meta, children), str(token)[1:-1], is_path=True)
        return ast.Extends(self._pos(meta, children), str(token))

    def players_stmt(self, meta, children):
        numbers = [float(t) for t in _tokens(children, "NUMBER")]
        return ast.Players(self._pos(meta, children), numbers[0], numbers[-1])

    def option_stmt(self, meta, children):
        name = children[0]
        value = children[1]
        default: float | str = value if isinstance(value, float) else str(value)
        description = self._string(children[2:])
        bounds = next((c for c in children[2:] if isinstance(c, ast.OptionRange)), None)
        return ast.OptionDecl(self._pos(meta, children), str(name), default, description, name_pos=self._tpos(name),
                              bounds=bounds)

    def option_range(self, meta, children):
        return ast.OptionRange(self._pos(meta, children), children[0], children[1])

    def team_stmt(self, meta, children):
        names = _tokens(children, "NAME")
        return ast.TeamDecl(self._pos(meta, children), str(names[0]),
                            tuple(ast.Name(self._tpos(n), str(n)) for n in names[1:]), name_pos=self._tpos(names[0]))

    def sides_stmt(self, meta, children):
        expr = next(c for c in children if not isinstance(c, Token))
        return ast.SidesDecl(self._pos(meta, children), expr)

    def remove_stmt(self, meta, children):
        return ast.Remove(self._pos(meta, children), str(children[0]))

    def signed_number(self, meta, children):
        value = float(children[-1])
        return -value if len(children) > 1 and str(children[0]) == "-" else value

    # ---- cards --------------------------------------------------------------------
    def cards_block(self, meta, children):
        return children  # flattened by start()

    def rank(self, meta, children):
        return ast.Name(self._tpos(children[0]), str(children[0]))

    def order_stmt(self, meta, children):
        return ast.OrderDecl(self._pos(meta, children), str(children[0]), tuple(children[1:]),
                             name_pos=self._tpos(children[0]))

    def suit_order_stmt(self, meta, children):
        names = [ast.Name(self._tpos(t), str(t)) for t in children[1:]]
        return ast.SuitOrderDecl(self._pos(meta, children), str(children[0]), tuple(names))

    def colour_stmt(self, meta, children):
        names = [ast.Name(self._tpos(t), str(t)) for t in children[2:]]
        return ast.ColourDecl(self._pos(meta, children), str(children[1]), tuple(names))

    def points_stmt(self, meta, children):
        return ast.PointsDecl(self._pos(meta, children), str(children[0]), tuple(children[1:]))

    def point_pair(self, meta, children):
        return (children[0], children[1])

    # ---- zones --------------------------------------------------------------------
    def zones_block(self, meta, children):
        return children

    def zone_decl(self, meta, children):
        name = children[0]
        rest = children[1:]
        count = None
        if rest and isinstance(rest[0], Token) and rest[0].type == "NUMBER":
            count = float(rest[0])
            rest = rest[1:]
        fields: dict[str, Any] = {}
        problems = []
        for kind, pos, value in rest:
            if kind == "face":
                face, top = value
                for key, val in (("face", face), ("top_face", top)):
                    if val is None:
                        continue
                    if key in fields:
                        problems.append((pos, f"'{key.replace('_', ' ')}' is given twice"))
                    fields[key] = val
                continue
            if kind in fields:
                problems.append((pos, f"the zone's {kind} is given twice"))
            fields[kind] = value
        return ast.ZoneDecl(self._pos(meta, children), str(name), count, problems=tuple(problems), **fields)

    def owner_face_attr(self, meta, children):
        face = str(_tokens(children, "FACE")[0])
        if face != "up":
            return ("face", self._pos(meta, children), ("owner_down", None))
        return ("face", self._pos(meta, children), ("owner", None))

    def sorted_attr(self, meta, children):
        return ("sorted_by", self._pos(meta, children), ast.Name(self._tpos(children[0]), str(children[0])))

    def owner_each(self, meta, children):
        return ("owner", self._pos(meta, children), "each")

    def owner_team(self, meta, children):
        return ("owner", self._pos(meta, children), "team")

    def owner_shared(self, meta, children):
        return ("owner", self._pos(meta, children), "shared")

    def kind_attr(self, meta, children):
        return ("kind", self._pos(meta, children), str(children[0]))

    def face_attr(self, meta, children):
        faces = [str(t) for t in _tokens(children, "FACE")]
        return ("face", self._pos(meta, children), (faces[0], faces[1] if len(faces) > 1 else None))

    def top_face_attr(self, meta, children):
        return ("face", self._pos(meta, children), (None, str(children[0])))

    def records_attr(self, meta, children):
        return ("records_players", self._pos(meta, children), True)

    def keeps_up_attr(self, meta, children):
        return ("keeps_up", self._pos(meta, children), True)

    def per_suit_attr(self, meta, children):
        return ("per_suit", self._pos(meta, children), self._pos(meta, children))

    def deal_face(self, meta, children):
        return ("deal_face", str(children[0]))

    def deal_start(self, meta, children):
        return ("deal_start", children[0])

    def differ_attr(self, meta, children):
        return ("empties_differ", self._pos(meta, children), (self._pos(meta, children), str(children[0])))

    def hidden_cards(self, meta, children):
        return ast.HiddenCards(self._pos(meta, children), children[0])

    def lower_stmt(self, meta, children):
        return ("lower", ast.MoveFilter(self._pos(meta, children)), None, (), int(float(children[1])), children[0])

    def group_attr(self, meta, children):
        return ("group", self._pos(meta, children), float(children[0]))

    def holds_attr(self, meta, children):
        numbers = _tokens(children, "NUMBER")
        name = _tokens(children, "NAME")[0]
        ranks = next((c for c in children if isinstance(c, tuple) and c and isinstance(c[0], ast.Name)), ())
        suits = next((c[1] for c in children if isinstance(c, tuple) and c and c[0] == "suits"), ())
        holds = ast.Holds(self._pos(meta, children), float(numbers[0]), ast.Name(self._tpos(name), str(name)),
                          float(numbers[1]) if len(numbers) > 1 else 0, ranks, suits)
        return ("holds", holds.pos, holds)

    def holds_ranks(self, meta, children):
        return tuple(children)

    def holds_suits(self, meta, children):
        return ("suits", tuple(children))

    def suit_group(self, meta, children):
        return tuple(ast.Name(self._tpos(t), str(t)) for t in children)

    # ---- deal ---------------------------------------------------------------------
    def deal_block(self, meta, children):
        return ast.DealBlock(self._pos(meta, children), tuple(children))

    def shuffle_stmt(self, meta, children):
        return ast.Shuffle(self._pos(meta, children), children[0])

    def rest(self, meta, children):
        return None

    def deal_cards_stmt(self, meta, children):
        amount_raw = children[0]
        up_to = isinstance(amount_raw, tuple) and amount_raw[0] == "up_to"
        written = amount_raw[1] if up_to else amount_raw  # an expression, or None for `rest`
        source = children[1]
        quant = _tokens(children[2:], "QUANT")
        every = ast.Name(self._tpos(quant[0]), str(quant[0])) if quant else None
        amount_pos = getattr(written, "pos", None)
        face = beginning = None
        if isinstance(children[-1], tuple) and children[-1] and children[-1][0] == "deal_start":
            beginning = children[-1][1]
            children = children[:-1]
        if isinstance(children[-1], tuple) and children[-1] and children[-1][0] == "deal_face":
            face = children[-1][1]
            children = children[:-1]
        return ast.DealCards(self._pos(meta, children), _deal_amount(written), source, every, children[-1],
                             amount_pos=amount_pos, up_to=up_to, face=face, beginning=beginning)

    def deal_set(self, meta, children):
        return ast.SetTo(self._pos(meta, children), children[0], children[1])

    def deal_add(self, meta, children):
        return ast.AddTo(self._pos(meta, children), children[0], children[1])

    def for_each_stmt(self, meta, children):
        return ast.ForEachPlayer(self._pos(meta, children), tuple(children))

    # ---- turn order, counters, values ----------------------------------------------
    def first_stmt(self, meta, children):
        rule = children[0]
        return ast.FirstPlayer(self._pos(meta, children), **rule)

    def _first_by(self, mode, children):
        names = _tokens(children, "NAME")
        ties = next((c for c in children if isinstance(c, ast.Name)), None)
        suits = next((c[1] for c in children if isinstance(c, tuple) and c and c[0] == "suit_tiebreak"), None)
        return {"mode": mode, "keys": children[0], "order": ast.Name(self._tpos(names[0]), str(names[0])), "ties": ties,
                "suit_order": suits}

    def suit_tiebreak(self, meta, children):
        return ("suit_tiebreak", ast.Name(self._tpos(children[0]), str(children[0])))

    def first_lowest(self, meta, children):
        return self._first_by("lowest", children)

    def first_highest(self, meta, children):
        return self._first_by("highest", children)

    def ties(self, meta, children):
        return ast.Name(self._tpos(children[0]), str(children[0]))

    def first_random(self, meta, children):
        return {"mode": "random"}

    def first_expr(self, meta, children):
        expr = children[0]
        if isinstance(expr, ast.NameRef) and expr.owner is None:  # a seat (P2) or a counter (dealer)
            return {"mode": "fixed", "player": ast.Name(expr.pos, expr.name)}
        return {"mode": "expr", "keys": (expr,)}

    def showdown_stmt(self, meta, children):
        zone, value = (ast.Name(self._tpos(t), str(t)) for t in children)
        return ast.Showdown(self._pos(meta, children), zone, value)

    def wild_stmt(self, meta, children):
        return ast.WildDecl(self._pos(meta, children), children[0], tuple(children[1:]))

    def turn_start_block(self, meta, children):
        return ast.TurnStart(self._pos(meta, children), tuple(children[0]))

    def up_to(self, meta, children):
        return ("up_to", children[0])

    def ties_again(self, meta, children):
        return ast.Name(self._pos(meta, children), "again")

    def cond_closed(self, meta, children):
        quant = _tokens(children, "QUANT")
        refs = [c for c in children if isinstance(c, ast.ZoneRef)]
        return ast.ZoneClosed(self._pos(meta, children), refs[0], str(quant[0]) if quant else "")

    def cond_shows(self, meta, children):
        quant = _tokens(children, "QUANT")
        refs = [c for c in children if isinstance(c, ast.ZoneRef)]
        return ast.Shows(self._pos(meta, children), refs[0], children[-1], str(quant[0]) if quant else "")

    def eff_move_showing(self, meta, children):
        return ast.MoveAllShowing(self._pos(meta, children), ast.Name(self._tpos(children[0]), str(children[0])),
                                  children[1], children[2])

    def eff_move_top_showing(self, meta, children):
        return ast.MoveAllShowing(self._pos(meta, children), ast.Name(self._tpos(children[0]), str(children[0])),
                                  children[1], children[2], top_only=True)

    def eff_close_empty(self, meta, children):
        return ast.CloseEmpty(self._pos(meta, children), ast.Name(self._tpos(children[0]), str(children[0])))

    def sum_over(self, meta, children):
        return ast.OverPlayers(self._pos(meta, children), "sum", children[0])

    def eliminated_stmt(self, meta, children):
        return ast.Eliminated(self._pos(meta, children), children[0])

    def turns_stmt(self, meta, children):
        return ast.Turns(self._pos(meta, children), children[0] if children else None)

    def counter_stmt(self, meta, children):
        owner = children[1]
        start = next((c if isinstance(c, float) else str(c) for c in children[2:]
                      if isinstance(c, float) or (isinstance(c, Token) and c.type == "NAME")), 0.0)
        whole_match = any(c == "whole_match" for c in children[2:])
        holds = next((c for c in children[2:] if isinstance(c, tuple) and c and c[0] == "holds"), None)
        display = next((c for c in children[2:] if isinstance(c, ast.Display)), None)
        return ast.CounterDecl(self._pos(meta, children), str(children[0]), owner[2] == "each", start, whole_match,
                               name_pos=self._tpos(children[0]), holds=holds[1] if holds else "number",
                               holds_pos=holds[2] if holds else None, per_team=owner[2] == "team", display=display)

    def display_attr(self, meta, children):
        word = " ".join(str(children[0]).lstrip(",").split())  # `shown`, `shown in header`, `hidden`
        pos = self._tpos(children[0])
        pos = SourcePos(pos.file, pos.line, pos.column + len(str(children[0])) - len(str(children[0]).lstrip(", \t")))
        words = next((c for c in children[1:] if isinstance(c, list)), [])
        return ast.Display(pos, word != "hidden", self._string(children[1:]), word == "shown in header", tuple(words))

    def display_words(self, meta, children):
        return list(children)

    def display_word(self, meta, children):
        return (children[0], self._string(children[1:]), self._pos(meta, children))

    def counter_holds(self, meta, children):
        return ("holds", str(children[0]), self._tpos(children[0]))

    def whole_match(self, meta, children):
        return "whole_match"

    def value_stmt(self, meta, children):
        display = next((c for c in children[2:] if isinstance(c, ast.Display)), None)
        return ast.ValueDecl(self._pos(meta, children), str(children[0]), children[1], name_pos=self._tpos(children[0]),
                             display=display)

    # ---- building rules -----------------------------------------------------------
    def section(self, meta, children):
        return ("section", str(children[0]).strip())

    def name_list(self, meta, children):
        return [ast.Name(self._tpos(t), str(t)) for t in children]

    def build_block(self, meta, children):
        name = children[0]
        zones = next((c for c in children[1:] if isinstance(c, list)), None)
        empty = [c for c in children if isinstance(c, ast.CardPattern)]
        relations = [c for c in children if isinstance(c, tuple) and c and not isinstance(c[0], str)]
        problems = []
        if len(empty) > 1:
            problems.append((empty[1].pos, "the 'empty:' clause is given twice"))
        if len(relations) > 1:
            problems.append((relations[1][0].pos, "the 'on top:' clause is given twice"))
        return ast.BuildDecl(
            self._pos(meta, children), str(name),
            tuple(zones) if zones else (ast.Name(self._tpos(name), str(name)),),
            self._string(children[1:]), self._section(children),
            empty[0] if empty else None, relations[0] if relations else (), tuple(problems),
            name_pos=self._tpos(name),
        )

    def empty_clause(self, meta, children):
        if isinstance(children[0], ast.CardPattern):
            return children[0]
        return ast.CardPattern(self._pos(meta, children), "predicate", predicate=children[0])

    def on_top_clause(self, meta, children):
        return children[0]

    def pattern_any(self, meta, children):
        return ast.CardPattern(self._pos(meta, children), "any")

    def pattern_none(self, meta, children):
        return ast.CardPattern(self._pos(meta, children), "none")

    def pattern_ranks(self, meta, children):
        return ast.CardPattern(self._pos(meta, children), "ranks", tuple(children))

    # card predicates
    @staticmethod
    def _settle(pred):
        """A bare `same rank` is the relation; other bare steps stay for the checker to refuse."""
        if isinstance(pred, ast.BareStep) and pred.steps == ("same",):
            return ast.Relation(pred.pos, "same_rank")
        return pred

    def pred_list(self, meta, children):
        return tuple(self._settle(c) for c in children)

    def pred_or(self, meta, children):
        # Steps joined by `or` before one `in ORDER` are one step relation in that order, as they
        # always were: `one down or same rank in building`.
        parts: list = []
        pending: list[ast.BareStep] = []
        for c in children:
            if isinstance(c, ast.BareStep):
                pending.append(c)
                continue
            if isinstance(c, ast.Relation) and c.kind == "steps" and pending:
                steps = tuple(s for b in pending for s in b.steps) + c.steps
                parts.append(ast.Relation(pending[0].pos, "steps", steps, c.order, c.wrapping))
                pending = []
                continue
            parts += [self._settle(b) for b in pending]
            pending = []
            parts.append(c)
        parts += [self._settle(b) for b in pending]
        if len(parts) == 1:
            return parts[0]
        return ast.PredOr(self._pos(meta, children), tuple(parts))

    def pred_and(self, meta, children):
        return ast.PredAnd(self._pos(meta, children), tuple(self._settle(c) for c in children))

    def pred_negated(self, meta, children):
        return ast.PredNot(self._pos(meta, children), self._settle(children[0]))

    def pred_bare_step(self, meta, children):
        return ast.BareStep(self._pos(meta, children), children[0])

    def subject_card(self, meta, children):
        return "card"

    def subject_top(self, meta, children):
        return "top"

    def article(self, meta, children):
        return None

    def pred_is(self, meta, children, negated=False):
        subject, value = children[0], children[-1]
        return ast.CardIs(self._pos(meta, children), subject, value, negated)

    def pred_is_not(self, meta, children):
        return self.pred_is(meta, children, negated=True)

    def pred_pile_suit(self, meta, children, negated=False):
        owner = next(str(c) for c in children if isinstance(c, Token) and c.type == "OWNER")
        return ast.PileSuit(self._pos(meta, children), children[0], owner, negated)

    def pred_not_pile_suit(self, meta, children):
        return self.pred_pile_suit(meta, children, negated=True)

    def rel_same_suit(self, meta, children):
        return ast.Relation(self._pos(meta, children), "same_suit")

    def rel_other_suit(self, meta, children):
        return ast.Relation(self._pos(meta, children), "other_suit")

    def rel_same_colour(self, meta, children):
        return ast.Relation(self._pos(meta, children), "same_colour")

    def rel_other_colour(self, meta, children):
        return ast.Relation(self._pos(meta, children), "other_colour")

    def rel_steps(self, meta, children):
        steps, order = children[0], children[1]
        wrapping = len(children) > 2
        return ast.Relation(self._pos(meta, children), "steps", tuple(steps), ast.Name(self._tpos(order), str(order)), wrapping)

    def step_up(self, meta, children):
        return ("up",)

    def step_down(self, meta, children):
        return ("down",)

    def step_up_or_down(self, meta, children):
        return ("up", "down")

    def step_same(self, meta, children):
        return ("same",)

    # ---- moves --------------------------------------------------------------------
    def move_block(self, meta, children):
        fields: dict[str, Any] = {"sources": (), "targets": ()}
        problems: list[tuple[Any, str]] = []
        conditions: list[tuple[Any, Any]] = []  # the `only when` lines: (where, condition)
        for clause in children[1:]:
            if not (isinstance(clause, tuple) and clause and isinstance(clause[0], str)):
                continue
            key = clause[0]
            if key == "section":
                fields["section"] = clause[1]
                continue
            if key == "condition":
                conditions.append((clause[1], clause[2]))
                continue
            if key == "from_to":
                clause_items = [("sources", clause[1], clause[2]), ("targets", clause[1], clause[3])]
            else:
                clause_items = [(key, clause[1], clause[2])]
            for field_name, pos, value in clause_items:
                if field_name in fields and fields[field_name] not in ((), None, False):
                    problems.append((pos, f"move '{children[0]}' gives its '{field_name}' twice"))
                fields[field_name] = value
        if conditions:
            fields.update(_move_conditions(conditions, problems))
        return ast.MoveDecl(self._pos(meta, children), str(children[0]), self._string(children[1:3]),
                            problems=tuple(problems), name_pos=self._tpos(children[0]), **fields)

    def during_clause(self, meta, children):
        return ("phases", self._pos(meta, children), tuple(ast.Name(self._tpos(t), str(t)) for t in children))

    def exchange_clause(self, meta, children):
        pos = self._pos(meta, children)
        count = children[0]
        number = None if count == "all" else float(count)
        return ("exchange", pos, ast.Exchange(pos, number, children[1], children[2]))

    def exchange_all(self, meta, children):
        return "all"

    def choosing_clause(self, meta, children):
        return ("choices", self._pos(meta, children), tuple(children))

    def choice_suit(self, meta, children):
        return ast.Choice(self._pos(meta, children), "suit", str(children[0]))

    def choice_rank(self, meta, children):
        order = ast.Name(self._tpos(children[1]), str(children[1])) if len(children) > 1 else None
        return ast.Choice(self._pos(meta, children), "rank", str(children[0]), order=order)

    def choice_player(self, meta, children):
        other = _tokens(children, "OWNER")
        choice = ast.Choice(self._pos(meta, children), "player", str(children[0]), other_than_own=bool(other))
        if other and str(other[0]) != "own":
            return ast.Choice(choice.pos, "player?", str(other[0]))  # refused by the checker
        return choice

    def choice_number(self, meta, children):
        low, high = (c.value if isinstance(c, ast.Num) else c for c in children[1:3])
        return ast.Choice(self._pos(meta, children), "number", str(children[0]), low=low, high=high)

    def taking_clause(self, meta, children):
        pos = self._pos(meta, children)
        zones = next(c for c in children if isinstance(c, tuple) and c and isinstance(c[0], ast.ZoneRef))
        test = next((c[1] for c in children if isinstance(c, tuple) and c and c[0] == "that"), None)
        summed = next((c for c in children if isinstance(c, tuple) and c and c[0] == "sum"), None)
        form, low, high = children[0]
        meld = any(isinstance(c, tuple) and c == ("meld",) for c in children)
        return ("taking", pos, ast.Taking(pos, low, high, zones, test, summed[1] if summed else None,
                                          summed[2] if summed else None, form, meld))

    def taking_meld(self, meta, children):
        return ("meld",)

    def taking_exactly(self, meta, children):
        return ("exactly", float(children[0]), float(children[0]))

    def taking_range(self, meta, children):
        return ("range", float(children[0]), float(children[1]))

    def taking_any(self, meta, children):
        return ("any", 1.0, None)

    def taking_that(self, meta, children):
        return ("that", self._settle(children[0]))

    def taking_sum(self, meta, children):
        return ("sum", ast.Name(self._tpos(children[0]), str(children[0])), children[1])

    def covered_attr(self, meta, children):
        return ("covered", self._pos(meta, children), tuple(children))

    def cover_ref(self, meta, children):
        pos = self._pos(meta, children)
        name = str(children[0])
        if len(children) == 1:
            return ast.CoverRef(pos, name)
        variable, offset, fixed = children[1]
        return ast.CoverRef(pos, name, variable, offset, fixed)

    def cover_ref_number(self, meta, children):
        number = float(children[1])
        return ast.CoverRef(self._pos(meta, children), str(children[0]), None, 0, int(number) if number.is_integer() else 0)

    def cover_relative(self, meta, children):
        offset = 0
        if len(children) == 3:
            number = float(children[2])
            offset = int(number) if number.is_integer() else 10 ** 6  # refused by the checker
            if str(children[1]) == "-":
                offset = -offset
        return (str(children[0]), offset, None)

    def cover_fixed(self, meta, children):
        number = float(children[0])
        return (None, 0, int(number) if number.is_integer() else 0)

    def param_clause(self, meta, children):
        pos = self._pos(meta, children)
        return ("parameter", pos, ast.Parameter(pos, str(children[0]), float(children[1]), float(children[2])))

    def combination_clause(self, meta, children):
        pos = self._pos(meta, children)
        beating = next((c for c in children if isinstance(c, ast.ZoneRef)), None)
        order = next((ast.Name(self._tpos(t), str(t)) for t in children if isinstance(t, Token) and t.type == "NAME"), None)
        suits = next((c[1] for c in children if isinstance(c, tuple) and c and c[0] == "suit_tiebreak"), None)
        return ("combination", pos, ast.CombinationPlay(pos, beating, order, suits))

    def include_clause(self, meta, children):
        pos = self._pos(meta, children)
        card = ast.Name(self._tpos(children[0]), str(children[0]))
        return ("include", pos, ast.IncludeCard(pos, card, children[1] if len(children) > 1 else None))

    def from_clause(self, meta, children):
        return ("sources", self._pos(meta, children), children[0])

    def to_clause(self, meta, children):
        return ("targets", self._pos(meta, children), tuple(children))

    def from_to_clause(self, meta, children):
        return ("from_to", self._pos(meta, children), children[0], tuple(children[1:]))

    def target(self, meta, children):
        return ast.Target(children[0], bool(_tokens(children, "FREELY")))

    def when_clause(self, meta, children):
        return ("condition", self._pos(meta, children), children[0])

    def group_clause(self, meta, children):
        pos = self._pos(meta, children)
        what = str(_tokens(children, "GROUP_WHAT")[0])
        flags = [c for c in children if isinstance(c, str) and not isinstance(c, Token)]
        chain = next((c for c in children if isinstance(c, tuple) and c and c[0] == "while"), ("while", ()))[1]
        return ("group", pos, ast.GroupMove(pos, what.startswith("whole"), "if_any" in flags,
                                            "not_whole" in flags, chain))

    def group_if_any(self, meta, children):
        return "if_any"

    def group_not_whole(self, meta, children):
        return "not_whole"

    def group_while(self, meta, children):
        return ("while", tuple(children[0]))

    def then_block(self, meta, children):
        return ("then_effects", self._pos(meta, children), tuple(children[0]))

    def first_block(self, meta, children):
        return ("first_effects", self._pos(meta, children), tuple(children[0]))

    def effects_body(self, meta, children):
        return [effect for line in children for effect in line]

    def effect_line(self, meta, children):
        return list(children)

    def if_effect_line(self, meta, children):
        return [ast.IfEffects(self._pos(meta, children), children[0], tuple(children[1:]))]

    def for_each_effect_line(self, meta, children):
        effects = tuple(c for c in children if _is_effect(c))
        condition = children[0] if children and not _is_effect(children[0]) else None
        return [ast.ForEachPlayerEffects(self._pos(meta, children), condition, effects)]

    def for_each_zone_line(self, meta, children):
        family = ast.Name(self._tpos(children[0]), str(children[0]))
        rest = children[1:]
        effects = tuple(c for c in rest if _is_effect(c))
        condition = rest[0] if rest and not _is_effect(rest[0]) else None
        return [ast.ForEachZoneEffects(self._pos(meta, children), family, condition, effects)]

    def eff_call(self, meta, children):
        return ast.CallEffect(self._pos(meta, children), str(children[0]))

    def effect_block(self, meta, children):
        effects = tuple(e for line in children if isinstance(line, list) for e in line)
        return ast.EffectDecl(self._pos(meta, children), str(children[0]), self._string(children[1:3]),
                              self._section(children), effects, name_pos=self._tpos(children[0]))

    def eff_end_turn(self, meta, children):
        return ast.EndTurn(self._pos(meta, children))

    def eff_phase(self, meta, children):
        return ast.GoToPhase(self._pos(meta, children), ast.Name(self._tpos(children[0]), str(children[0])))

    def eff_reveal(self, meta, children):
        return ast.Reveal(self._pos(meta, children), children[0])

    def eff_move_all(self, meta, children):
        return ast.MoveAll(self._pos(meta, children), children[0], children[1])

    def eff_deal(self, meta, children):
        return self.deal_cards_stmt(meta, children)

    def eff_shuffle(self, meta, children):
        return ast.Shuffle(self._pos(meta, children), children[0])

    def eff_say(self, meta, children):
        return ast.Say(self._pos(meta, children), str(children[0])[1:-1], self._tpos(children[0]))

    def eff_turn_to(self, meta, children):
        return ast.TurnTo(self._pos(meta, children), children[0])

    # ---- combinations and triggers ----------------------------------------------------
    def combination_block(self, meta, children):
        fields: dict[str, Any] = {}
        problems = []
        for line in children[1:]:
            if isinstance(line, tuple) and line and line[0] == "section":
                fields["section"] = line[1]
            elif isinstance(line, dict):
                pos = line.pop("pos", None)
                if "core" in line:
                    line["core_pos"] = pos
                if "not_one_suit" in line or "not_in_row" in line:
                    line["not_pos"] = pos
                for key, value in line.items():
                    if key in fields and not key.endswith("_pos"):
                        problems.append((pos, f"combination '{children[0]}' gives its {key.replace('_', ' ')} twice"))
                    fields[key] = value
        return ast.CombinationDecl(self._pos(meta, children), str(children[0]), self._string(children[1:3]),
                                   name_pos=self._tpos(children[0]), problems=tuple(p for p in problems if p[0]), **fields)

    # ---- melds --------------------------------------------------------------------
    def meld_stmt(self, meta, children):
        name = children[0]
        count = next(c for c in children if isinstance(c, tuple) and c and c[0] == "count")
        shape = next(c for c in children if isinstance(c, dict))
        return ast.MeldDecl(self._pos(meta, children), str(name), self._string(children[1:3]), self._section(children),
                            shape["shape"], count[1], count[2], shape.get("order"), shape.get("wrapping", False),
                            name_pos=self._tpos(name), count_pos=count[3])

    def meld_exactly(self, meta, children):
        return ("count", float(children[0]), float(children[0]), self._tpos(children[0]))

    def meld_range(self, meta, children):
        return ("count", float(children[0]), float(children[1]), self._tpos(children[0]))

    def meld_or_more(self, meta, children):
        return ("count", float(children[0]), None, self._tpos(children[0]))

    def meld_of_a_rank(self, meta, children):
        return {"shape": "rank"}

    def _meld_run(self, children, shape):
        order = next(c for c in children if isinstance(c, Token) and c.type == "NAME")
        wrapping = any(isinstance(c, Token) and c.type == "WRAPPING" for c in children)
        return {"shape": shape, "order": ast.Name(self._tpos(order), str(order)), "wrapping": wrapping}

    def meld_suit_run(self, meta, children):
        return self._meld_run(children, "suit_run")

    def meld_any_run(self, meta, children):
        return self._meld_run(children, "run")

    def deadwood(self, meta, children):
        chosen = children[0]
        if not isinstance(chosen, ast.Selection):  # `deadwood of own hand by …`: the whole zones
            chosen = ast.Selection(self._pos(meta, children), tuple(chosen))
        without = next((c[1] for c in children if isinstance(c, tuple) and c and c[0] == "without"), None)
        laying = next((c[1] for c in children if isinstance(c, tuple) and c and c[0] == "laying"), None)
        points = next(c for c in children if isinstance(c, Token) and c.type == "NAME")
        return ast.Deadwood(self._pos(meta, children), chosen, ast.Name(self._tpos(points), str(points)), without, laying)

    def deadwood_without(self, meta, children):
        return ("without", children[0])

    def deadwood_laying(self, meta, children):
        return ("laying", children[0])

    def core_single(self, meta, children):
        return {"pos": self._pos(meta, children), "core": "rank", "width": float(children[0])}

    def core_single_distinct(self, meta, children):
        return {"pos": self._pos(meta, children), "core": "rank", "width": float(children[0]), "distinct_suits": True}

    def core_shape(self, meta, children):
        shape, order = children[-1]
        line = {"pos": self._pos(meta, children), "core": shape, "min_length": float(children[0]),
                "or_more": any(c == "or_more" for c in children[1:-1])}
        if order is not None:
            line["run_order"] = order
        return line

    def or_more(self, meta, children):
        return "or_more"

    def shape_suit(self, meta, children):
        return ("suit", None)

    def shape_suited_row(self, meta, children):
        return ("suited_row", ast.Name(self._tpos(children[0]), str(children[0])))

    def shape_row(self, meta, children):
        return ("row", ast.Name(self._tpos(children[0]), str(children[0])))

    def not_one_suit(self, meta, children):
        return {"pos": self._pos(meta, children), "not_one_suit": True}

    def not_in_row(self, meta, children):
        return {"pos": self._pos(meta, children), "not_in_row": ast.Name(self._tpos(children[0]), str(children[0]))}

    def exact_plays_stmt(self, meta, children):
        return ast.ExactPlays(self._pos(meta, children))

    def class_stmt(self, meta, children):
        names = [c for c in children if isinstance(c, Token) and c.type == "NAME"]
        return ast.ClassDecl(self._pos(meta, children), str(names[0]), self._string(children[1:3]), self._section(children),
                             tuple(ast.Name(self._tpos(n), str(n)) for n in names[1:]), name_pos=self._tpos(names[0]))

    def core_run(self, meta, children):
        return {"pos": self._pos(meta, children), "core": "rank", "width": float(children[0]), "min_length": float(children[1]),
                "run_order": ast.Name(self._tpos(children[2]), str(children[2]))}

    def core_exact(self, meta, children):
        return {"pos": self._pos(meta, children), "core": "exact", "exact": tuple(children)}

    def wings_line(self, meta, children):
        kind = str(_tokens(children, "WING_KIND")[0])
        return {"pos": self._pos(meta, children), "wing_count": float(children[0]),
                "wing_kind": "pair" if kind.startswith("pair") else "single",
                "per_rank": bool(_tokens(children, "PER_RANK"))}

    def wing_rules_line(self, meta, children):
        rules = tuple(c for c in children if isinstance(c, str))
        both = next((c for c in children if isinstance(c, tuple)), ())
        return {"pos": self._pos(meta, children), "wing_rules": rules, "not_both": both}

    def wing_no_core(self, meta, children):
        return "no_core"

    def wing_no_three(self, meta, children):
        return "no_three"

    def wing_distinct(self, meta, children):
        return "distinct"

    def wing_not_both(self, meta, children):
        return tuple(children)

    def tier_line(self, meta, children):
        return {"pos": self._pos(meta, children), "tier": float(children[0])}

    def whenever_block(self, meta, children):
        when = next(c for c in children if isinstance(c, tuple) and c[0] == "when")
        then = next(c for c in children if isinstance(c, tuple) and c[0] == "then_effects")
        return ast.WheneverDecl(self._pos(meta, children), str(children[0]), self._string(children[1:3]),
                                self._section(children), when[1], then[2], name_pos=self._tpos(children[0]))

    def when_line(self, meta, children):
        return ("when", children[0])

    def phases_stmt(self, meta, children):
        return ast.PhasesDecl(self._pos(meta, children), tuple(ast.Name(self._tpos(t), str(t)) for t in children))

    def eff_turn_over(self, meta, children):
        return ast.TurnOver(self._pos(meta, children), children[0], children[1])

    def eff_add(self, meta, children):
        return ast.AddTo(self._pos(meta, children), children[0], children[1])

    def eff_set(self, meta, children):
        return ast.SetTo(self._pos(meta, children), children[0], children[1])

    # ---- priorities ---------------------------------------------------------------
    def priority_block(self, meta, children):
        body = children[-1]
        return ast.PriorityDecl(self._pos(meta, children), str(children[0]), self._string(children[1:-1]),
                                self._section(children), body[0], body[1], body[2], name_pos=self._tpos(children[0]),
                                exceptions=body[3] if len(body) > 3 else (), depth=body[4] if len(body) > 4 else 0,
                                lowered=body[5] if len(body) > 5 else None, same_card=len(body) > 6 and body[6])

    def reach_stmt(self, meta, children):
        return ("reach", children[0], None, (), int(float(children[1])))

    def cond_reach(self, meta, children):
        return ast.CanReach(self._pos(meta, children), children[0], int(float(children[1])))

    def must_stmt(self, meta, children):
        spared = tuple(c[1] for c in children[1:] if isinstance(c, tuple) and c and c[0] == "except")
        same = any(isinstance(c, tuple) and c and c[0] == "same_card" for c in children[1:])
        return ("must", children[0], None, spared, 0, None, same)

    def same_card(self, meta, children):
        return ("same_card",)

    def filter_taking(self, meta, children):
        low = float(children[0])
        high = float(children[1]) if len(children) > 2 else low
        return ("taking", (low, high))

    def except_clause(self, meta, children):
        name = ast.Name(self._tpos(children[0]), str(children[0]))
        return ("except", (name, children[1] if len(children) > 1 else None))

    def forbid_stmt(self, meta, children):
        return ("forbid", children[0], children[1] if len(children) > 1 else None)

    def move_filter(self, meta, children):
        named = [ast.Name(self._tpos(c), str(c)) for c in children if isinstance(c, Token)]
        action = named[0] if named else None
        sources = next((c[1] for c in children if isinstance(c, tuple) and c[0] == "from"), ())
        targets = next((c[1] for c in children if isinstance(c, tuple) and c[0] in ("to", "to_empty")), ())
        empty = any(isinstance(c, tuple) and c[0] == "to_empty" for c in children)
        taken = next((c[1] for c in children if isinstance(c, tuple) and c[0] == "taking"), None)
        return ast.MoveFilter(self._pos(meta, children), action, sources, targets, empty_target=empty,
                              also=tuple(named[1:]), taken=taken)

    def filter_from(self, meta, children):
        return ("from", children[0])

    def filter_to(self, meta, children):
        return ("to", children[0])

    def filter_to_empty(self, meta, children):
        return ("to_empty", children[0])

    # ---- ending -------------------------------------------------------------------
    def end_block(self, meta, children):
        when = next(c for c in children if isinstance(c, tuple) and c[0] == "when")
        score = next((c for c in children if isinstance(c, tuple) and c[0] in ("winner", "each", "team", "again")), ("", None))
        then = next((c[2] for c in children if isinstance(c, tuple) and c[0] == "then_effects"), ())
        outcome = next((c[1] for c in children if isinstance(c, tuple) and c[0] == "outcome"), "")
        return ast.EndDecl(self._pos(meta, children), str(children[0]), self._string(children[1:3]),
                           self._section(children), when[1], when[2], score[0], score[1],
                           name_pos=self._tpos(children[0]), effects=then, outcome=outcome)

    def outcome_won(self, meta, children):
        return ("outcome", "won")

    def outcome_lost(self, meta, children):
        return ("outcome", "lost")

    def lowest_wins(self, meta, children):
        return ("lowest_wins",)

    def end_when(self, meta, children):
        return ("when", str(children[0]), children[1])

    def end_when_plain(self, meta, children):
        return ("when", "", children[0])

    def deal_again(self, meta, children):
        return ("again", None)

    def winner_scores(self, meta, children):
        return ("winner", children[0])

    def each_scores(self, meta, children):
        return ("each", children[0])

    def team_scores(self, meta, children):
        return ("team", children[0])

    def match_stmt(self, meta, children):
        return ast.MatchDecl(self._pos(meta, children), False, str(children[0]), children[1],
                             lowest_wins=("lowest_wins",) in children)

    def match_plain(self, meta, children):
        return ast.MatchDecl(self._pos(meta, children), False, "", children[0], lowest_wins=("lowest_wins",) in children)

    def match_single(self, meta, children):
        return ast.MatchDecl(self._pos(meta, children), True, lowest_wins=("lowest_wins",) in children)

    # ---- zones, conditions, expressions ---------------------------------------------
    def zone_set(self, meta, children):
        return tuple(children)

    def zone_ref(self, meta, children):
        owner = self._text(children, "OWNER") or None
        name = _tokens(children, "NAME")[0]
        numbers = _tokens(children, "NUMBER")
        index: int | float | None = float(numbers[0]) if numbers else None
        if index is not None and index.is_integer():
            index = int(index)  # else left a float, which the checker rejects
        return ast.ZoneRef(self._pos(meta, children), owner, str(name), index)

    def counter_ref(self, meta, children):
        owner = self._text(children, "OWNER") or None
        name = _tokens(children, "NAME")[0]
        return ast.NameRef(self._pos(meta, children), owner, str(name))

    def or_cond(self, meta, children):
        return ast.AnyOf(self._pos(meta, children), tuple(children))

    def and_cond(self, meta, children):
        return ast.AllOf(self._pos(meta, children), tuple(children))

    def cond_no_other_move(self, meta, children):
        return ast.OtherMoves(self._pos(meta, children), legal=False)

    def cond_another_move(self, meta, children):
        return ast.OtherMoves(self._pos(meta, children), legal=True)

    def cond_no_move(self, meta, children):
        return ast.NoMove(self._pos(meta, children))

    def cond_not(self, meta, children):
        return ast.NotCond(self._pos(meta, children), children[0])

    def cond_empty(self, meta, children):
        return ast.ZoneEmpty(self._pos(meta, children), children[0])

    def cond_not_empty(self, meta, children):
        return ast.ZoneEmpty(self._pos(meta, children), children[0], negated=True)

    def cond_quant_empty(self, meta, children):
        return ast.ZoneEmpty(self._pos(meta, children), children[1], quantifier=str(children[0]))

    def cond_quant_zones(self, meta, children):
        family = ast.Name(self._tpos(children[1]), str(children[1]))
        return ast.OverZones(self._pos(meta, children), str(children[0]), family, children[2])

    def cond_quant_players(self, meta, children):
        return ast.OverPlayers(self._pos(meta, children), str(children[0]), children[1])

    def count_zones(self, meta, children):
        family = ast.Name(self._tpos(children[0]), str(children[0]))
        return ast.OverZones(self._pos(meta, children), "count", family, children[1])

    def cond_same_position(self, meta, children):
        return ast.SamePosition(self._pos(meta, children), int(children[0]))

    def cond_from(self, meta, children):
        return ast.MovedFrom(self._pos(meta, children), tuple(children))

    def best_suit_sum(self, meta, children):
        return ast.SumBy(self._pos(meta, children), children[0], ast.Name(self._tpos(children[1]), str(children[1])), True)

    def sum_by(self, meta, children):
        return ast.SumBy(self._pos(meta, children), children[0], ast.Name(self._tpos(children[1]), str(children[1])))

    def best_suit(self, meta, children):
        names = [ast.Name(self._tpos(t), str(t)) for t in children[1:]]
        return ast.CardKey(self._pos(meta, children), "best_suit", children[0], names[0], names[-1],
                           then_order=names[1] if len(names) == 3 else None)

    def highest_rank(self, meta, children):
        return ast.CardKey(self._pos(meta, children), "highest_rank", children[0],
                           ast.Name(self._tpos(children[1]), str(children[1])))

    def ranks_of(self, meta, children):
        return ast.CardKey(self._pos(meta, children), "ranks", children[0],
                           ast.Name(self._tpos(children[1]), str(children[1])))

    def cond_lowest(self, meta, children):
        return ast.Extreme(self._pos(meta, children), True, children[0])

    def cond_highest(self, meta, children):
        return ast.Extreme(self._pos(meta, children), False, children[0])

    def cond_lowest_alone(self, meta, children):
        return ast.Extreme(self._pos(meta, children), True, children[0], alone=True)

    def cond_highest_alone(self, meta, children):
        return ast.Extreme(self._pos(meta, children), False, children[0], alone=True)

    def per_suit_sum(self, meta, children):
        return ast.SumBy(self._pos(meta, children), children[0], ast.Name(self._tpos(children[1]), str(children[1])),
                         per_suit=True)

    def suits_in(self, meta, children):
        return ast.SuitsIn(self._pos(meta, children), children[0])

    def cond_has_chosen(self, meta, children, negated=False):
        return ast.HasChosen(self._pos(meta, children), children[0], str(children[-1]), negated)

    def cond_has_no_chosen(self, meta, children):
        return self.cond_has_chosen(meta, children, negated=True)

    def cond_has_of_a_rank(self, meta, children):
        return ast.HasOfARank(self._pos(meta, children), children[0], float(children[1]))

    def cond_is_ranks(self, meta, children):
        return ast.IsRanks(self._pos(meta, children), children[0], tuple(children[1:]))

    def cond_one_suit(self, meta, children):
        return ast.OneSuit(self._pos(meta, children), children[0])

    def cond_top_sequence(self, meta, children):
        return ast.TopInSequence(self._pos(meta, children), float(children[0]), children[1], tuple(children[2]))

    def max_over(self, meta, children):
        return ast.OverPlayers(self._pos(meta, children), "max", children[0])

    def min_over(self, meta, children):
        return ast.OverPlayers(self._pos(meta, children), "min", children[0])

    def count_players(self, meta, children):
        return ast.OverPlayers(self._pos(meta, children), "count", children[0])

    def next_after(self, meta, children):
        return ast.NextPlayer(self._pos(meta, children), children[0], False)

    def next_from(self, meta, children):
        return ast.NextPlayer(self._pos(meta, children), children[0], True)

    def random_player(self, meta, children):
        return ast.RandomPlayer(self._pos(meta, children))

    def cond_phase(self, meta, children):
        return ast.PhaseIs(self._pos(meta, children), ast.Name(self._tpos(children[0]), str(children[0])))

    def cond_played(self, meta, children):
        return ast.Played(self._pos(meta, children), tuple(ast.Name(self._tpos(t), str(t)) for t in children))

    def if_expr(self, meta, children):
        return ast.IfExpr(self._pos(meta, children), children[0], children[1], children[2])

    def cond_can_go(self, meta, children):
        return ast.CanGo(self._pos(meta, children), children[0], children[1])

    def cond_compare(self, meta, children):
        return ast.Compare(self._pos(meta, children), str(children[1]), children[0], children[2])

    def expr_list(self, meta, children):
        return tuple(children)

    def _binary(self, meta, children):
        left = children[0]
        for i in range(1, len(children), 2):
            left = ast.BinOp(self._pos(meta, children), str(children[i]), left, children[i + 1])
        return left

    sum = _binary
    product = _binary

    def neg(self, meta, children):
        return ast.Neg(self._pos(meta, children), children[0])

    def number(self, meta, children):
        return ast.Num(self._pos(meta, children), children[0])

    def size_of(self, meta, children):
        return ast.SizeOf(self._pos(meta, children), children[0])

    def top_of(self, meta, children):
        return ast.TopOf(self._pos(meta, children), children[0])

    def max_of(self, meta, children):
        return ast.Call(self._pos(meta, children), "max", children[0])

    def min_of(self, meta, children):
        return ast.Call(self._pos(meta, children), "min", children[0])

    # ---- cards judged (issue 16) -------------------------------------------------------
    def the_card(self, meta, children):
        return ast.TheCard(self._pos(meta, children))

    def the_top(self, meta, children):
        return ast.TheTop(self._pos(meta, children))

    def pred_relation(self, meta, children, negated=False):
        pos = self._pos(meta, children)
        subject = ast.TheCard(pos) if children[0] == "card" else ast.TheTop(pos)
        kind, fields = children[-1]
        return ast.CardTest(self._pos(meta, children), subject, kind, negated=negated, **fields)

    def pred_relation_not(self, meta, children):
        return self.pred_relation(meta, children, negated=True)

    def bottom_of(self, meta, children):
        return ast.BottomOf(self._pos(meta, children), children[0])

    def _attribute(self, meta, children, kind):
        operand = next(c for c in children if not isinstance(c, Token))
        names = [c for c in children if isinstance(c, Token) and c.type == "NAME"]
        table = ast.Name(self._tpos(names[-1]), str(names[-1])) if names else None
        return ast.Attribute(self._pos(meta, children), kind, operand, table)

    def suit_of(self, meta, children):
        return self._attribute(meta, children, "suit")

    def rank_of(self, meta, children):
        return self._attribute(meta, children, "rank")

    def colour_of(self, meta, children):
        return self._attribute(meta, children, "colour")

    def place_of(self, meta, children):
        return self._attribute(meta, children, "place")

    def points_of(self, meta, children):
        return self._attribute(meta, children, "points")

    def card_literal(self, meta, children):
        return ast.CardLiteral(self._tpos(children[0]), str(children[0]))

    def card_word(self, meta, children):
        return ast.Name(self._tpos(children[0]), str(children[0]))

    def test_value(self, meta, children):
        return ("value", {"value": children[-1]})

    def _step(self, children, amount):
        direction = next(str(c) for c in children if isinstance(c, Token) and c.type == "UP_DOWN")
        other = next(c for c in children if not isinstance(c, Token))
        order = [c for c in children if isinstance(c, Token) and c.type == "NAME"][-1]
        wrapping = any(isinstance(c, Token) and c.type == "WRAPPING" for c in children)
        return (direction, {"other": other, "order": ast.Name(self._tpos(order), str(order)), "amount": amount,
                            "wrapping": wrapping})

    def rel_one_step(self, meta, children):
        return self._step(children, 1)

    def rel_n_steps(self, meta, children):
        return self._step(children[1:], float(children[0]))

    def _ordered(self, children, kind):
        order = children[-1]
        return (kind, {"other": children[0], "order": ast.Name(self._tpos(order), str(order))})

    def rel_higher(self, meta, children):
        return self._ordered(children, "higher")

    def rel_lower(self, meta, children):
        return self._ordered(children, "lower")

    def rel_at_least(self, meta, children):
        return self._ordered(children, "at_least")

    def rel_at_most(self, meta, children):
        return self._ordered(children, "at_most")

    def rel_same_as(self, meta, children):
        what = "colour" if str(children[0]) in ("colour", "color") else str(children[0])
        return ("same_" + what, {"other": children[1]})

    def rel_other_than(self, meta, children):
        what = "colour" if str(children[0]) in ("colour", "color") else str(children[0])
        return ("other_" + what, {"other": children[1]})

    def selection(self, meta, children):
        zones = children[0]
        test = children[1] if len(children) > 1 else None
        if test is not None:
            kind, fields, negated = test
            test = ast.CardTest(self._pos(meta, children), ast.EachCard(self._pos(meta, children)), kind,
                                negated=negated, **fields)
        return ast.Selection(self._pos(meta, children), tuple(zones), test)

    def selection_top(self, meta, children):
        """`top 3 of waste [that are TEST]`: the selection of each zone's N top cards."""
        chosen = self.selection(meta, children[1:])
        return ast.Selection(chosen.pos, chosen.zones, chosen.test, top=float(children[0]))

    def selection_below_top(self, meta, children):
        """`all but top 1 of pile [that are TEST]`: the selection of each zone's cards under its N top cards."""
        chosen = self.selection(meta, children[1:])
        return ast.Selection(chosen.pos, chosen.zones, chosen.test, below=float(children[0]))

    def sel_is(self, meta, children):
        return (*children[0], False)

    def sel_is_not(self, meta, children):
        return (*children[0], True)

    def sel_rank(self, meta, children):
        return ("rank_is", {"other": children[0]}, False)

    def sel_suit(self, meta, children):
        return ("suit_is", {"other": children[0]}, False)

    def sel_of_a_rank(self, meta, children):
        count = float(children[0])
        return ("of_a_rank", {"amount": int(count) if count == int(count) else count}, False)

    def sel_played_by(self, meta, children):
        return ("played_by", {"other": children[0]}, False)

    def sel_all(self, meta, children):
        pos = self._pos(meta, children)
        parts = tuple(ast.CardTest(pos, ast.EachCard(pos), kind, negated=negated, **fields)
                      for kind, fields, negated in children)
        return ("all", {"other": parts}, False)

    def _hand_selection(self, meta, chosen):
        if isinstance(chosen, ast.Selection):
            return chosen
        return ast.Selection(self._pos(meta, [chosen]), tuple(chosen))

    def count_subsets(self, meta, children):
        least = 1
        rest = list(children)
        if isinstance(rest[0], tuple) and rest[0] and rest[0][0] == "subset_size":
            least = rest.pop(0)[1]
        chosen, points, total = rest
        return ast.HandCount(self._pos(meta, children), "subsets", self._hand_selection(meta, chosen),
                             ast.Name(self._tpos(points), str(points)), total, least)

    def subset_size(self, meta, children):
        count = float(children[0])
        return ("subset_size", int(count) if count == int(count) else count)

    def count_pairs(self, meta, children):
        return ast.HandCount(self._pos(meta, children), "pairs", self._hand_selection(meta, children[0]),
                             chain=(self._settle(children[1]),))

    def longest_run(self, meta, children, kind="longest_run"):
        return ast.HandCount(self._pos(meta, children), kind, self._hand_selection(meta, children[0]),
                             ast.Name(self._tpos(children[1]), str(children[1])))

    def count_longest_runs(self, meta, children):
        return self.longest_run(meta, children, "longest_runs")

    def longest_top_sequence(self, meta, children):
        return ast.TopStretch(self._pos(meta, children), "sequence", children[0], chain=(self._settle(children[1]),))

    def longest_top_run(self, meta, children):
        return ast.TopStretch(self._pos(meta, children), "run", children[0],
                              ast.Name(self._tpos(children[1]), str(children[1])))

    def count_selected(self, meta, children):
        return ast.Selected(self._pos(meta, children), "count", children[0])

    def sum_selected(self, meta, children):
        return ast.Selected(self._pos(meta, children), "sum", children[0], ast.Name(self._tpos(children[1]), str(children[1])))

    def _extreme_card(self, meta, children, kind):
        chosen = children[0]
        if not isinstance(chosen, ast.Selection):  # `highest card of own hand by …`: the whole zones
            chosen = ast.Selection(self._pos(meta, children), tuple(chosen))
        order = children[1]
        suit = next((c[1] for c in children[2:] if isinstance(c, tuple) and c and c[0] == "suit_tiebreak"), None)
        return ast.Selected(self._pos(meta, children), kind, chosen, ast.Name(self._tpos(order), str(order)), suit)

    def highest_card(self, meta, children):
        return self._extreme_card(meta, children, "highest")

    def lowest_card(self, meta, children):
        return self._extreme_card(meta, children, "lowest")

    def holder_of(self, meta, children):
        return ast.HolderOf(self._pos(meta, children), children[0])

    def played_by(self, meta, children):
        return ast.PlayedBy(self._pos(meta, children), children[0])

    def trick_winner(self, meta, children):
        order = ast.Name(self._tpos(children[1]), str(children[1]))
        return ast.TrickWinner(self._pos(meta, children), children[0], order, children[2] if len(children) > 2 else None)

    def cond_any_selected(self, meta, children):
        return ast.Selected(self._pos(meta, children), "any", children[0])

    def cond_no_selected(self, meta, children):
        return ast.Selected(self._pos(meta, children), "no", children[0])

    def eff_move_selection(self, meta, children):
        return ast.MoveSelected(self._pos(meta, children), children[0], children[1])

    def cond_card_test(self, meta, children, negated=False):
        subject, (kind, fields) = children[0], children[-1]
        if isinstance(subject, ast.ZoneRef):  # `base is one up from …`: a counter holding a card or rank
            subject = ast.NameRef(subject.pos, subject.owner, subject.name)
        return ast.CardTest(self._pos(meta, children), subject, kind, negated=negated, **fields)

    def cond_card_test_not(self, meta, children):
        return self.cond_card_test(meta, children, negated=True)

    def cond_value(self, meta, children, negated=False):
        zone, value = children[0], children[-1]
        return ast.CardTest(self._pos(meta, children), ast.NameRef(zone.pos, zone.owner, zone.name), "value",
                            value=value, negated=negated)

    def cond_value_not(self, meta, children):
        return self.cond_value(meta, children, negated=True)

    def name_ref(self, meta, children):
        owner = self._text(children, "OWNER") or None
        name = _tokens(children, "NAME")[0]
        return ast.NameRef(self._pos(meta, children), owner, str(name))


def _deal_amount(written: Any) -> Any:
    """A deal's amount as the model keeps it: a number, a bare name (an option, a counter or a
    value), None for `rest`, or any other expression."""
    if isinstance(written, ast.Num):
        return float(written.value)
    if isinstance(written, ast.NameRef) and written.owner is None:
        return written.name
    return written


def _move_conditions(lines: list[tuple[Any, Any]], problems: list[tuple[Any, str]]) -> dict[str, Any]:
    """A move's `only when` lines, every one of which must hold. `no other move is legal` and
    `another move is legal` are not tested on the position but decide when the move is listed:
    joined to the rest by `and` or on a line of their own, they become the move's flags, the rest
    its condition. (Anywhere else the checker refuses them.)"""
    parts: list[Any] = []

    def conjuncts(cond: Any) -> None:
        if isinstance(cond, ast.AllOf):
            for item in cond.items:
                conjuncts(item)
        else:
            parts.append(cond)

    for _, cond in lines:
        conjuncts(cond)
    flags = [c for c in parts if isinstance(c, ast.OtherMoves)]
    rest = tuple(c for c in parts if not isinstance(c, ast.OtherMoves))
    fields: dict[str, Any] = {"only_if_stuck": any(not f.legal for f in flags),
                              "only_if_others": any(f.legal for f in flags)}
    if fields["only_if_stuck"] and fields["only_if_others"]:
        problems.append((flags[-1].pos, "a move cannot need both 'no other move is legal' and "
                                        "'another move is legal': keep one"))
    if rest:
        fields["condition"] = rest[0] if len(rest) == 1 else ast.AllOf(lines[0][1].pos, rest)
        fields["condition_pos"] = lines[0][0]
    return fields


def _is_effect(node: Any) -> bool:
    return type(node).__name__ in _EFFECT_TYPES


_EFFECT_TYPES = {t.__name__ for t in (ast.EndTurn, ast.TurnOver, ast.AddTo, ast.SetTo, ast.IfEffects, ast.GoToPhase,
                                      ast.Reveal, ast.MoveAll, ast.TurnTo, ast.Say, ast.DealCards, ast.Shuffle,
                                      ast.ForEachPlayerEffects, ast.ForEachZoneEffects, ast.CallEffect, ast.MoveAllShowing,
                                      ast.CloseEmpty, ast.MoveSelected)}
