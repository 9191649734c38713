"""The Pygments lexer: every shipped game and every ```gamedsl block of the docs lexes with no
error token, and its keywords are the grammar's (a keyword the grammar gains is one of them)."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from lark import Lark
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.token import Error, Keyword, Name, String

from gamedsl import resources
from gamedsl.highlight import GamedslLexer, grammar_words, words_of_grammar

from .fences import code_blocks

ROOT = Path(__file__).resolve().parents[1]
GAME_FILES = sorted(resources.data_dir("games").rglob("*.game"))
DOCUMENTS = ["README.md", "grammar/LANGUAGE.md", "grammar/TUTORIAL.md"]


def _tokens(text: str) -> list[tuple[object, str]]:
    return [(kind, value) for _, kind, value in GamedslLexer().get_tokens_unprocessed(text)]


def _errors(text: str) -> list[str]:
    return [value for kind, value in _tokens(text) if kind is Error]


@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: p.relative_to(resources.data_dir("games")).as_posix())
def test_every_shipped_game_file_lexes_without_an_error_token(path):
    assert _errors(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("document", DOCUMENTS)
def test_every_gamedsl_block_of_the_documents_lexes_without_an_error_token(document):
    blocks = code_blocks((ROOT / document).read_text(encoding="utf-8"), "gamedsl")
    assert blocks, f"{document} marks no block as gamedsl"
    for block in blocks:
        assert _errors(textwrap.dedent(block)) == [], block


def _grammar_literals() -> set[str]:
    """The keywords the grammar file spells as literals ("move", "per rank"), read from its text."""
    grammar = re.sub(r"//[^\n]*", "", resources.grammar_path().read_text(encoding="utf-8"))  # not the comments
    return {word for literal in re.findall(r'"([^"\\]+)"', grammar) for word in literal.split() if word.isalpha()}


def test_every_keyword_the_grammar_spells_is_a_keyword_of_the_lexer():
    literals = _grammar_literals()
    assert {"move", "priority", "whenever", "wrapping", "deadwood", "rank"} <= literals | grammar_words().keywords
    for word in sorted(literals):
        assert _tokens(f"x {word} y\n")[2] == (Keyword, word), word


def test_the_words_of_regular_expression_terminals_are_keywords_too():
    # `shown in header`, `, wrapping`, `with the whole pile`, `singles?`, `some` / `every`
    for word in ("shown", "header", "hidden", "wrapping", "whole", "single", "singles", "pair", "some", "every"):
        assert word in grammar_words().keywords, word


def test_a_keyword_the_grammar_gains_is_a_keyword_at_once():
    grammar = resources.grammar_path().read_text(encoding="utf-8")
    grammar = grammar.replace("?statement: game_stmt", "?statement: gamble_stmt | game_stmt", 1)
    grammar += '\ngamble_stmt: "gamble" NAME ":" "wager" NUMBER _NL\n'
    from gamedsl.syntax.parser import _GameIndenter
    words = words_of_grammar(Lark(grammar, parser="lalr", postlex=_GameIndenter(), maybe_placeholders=False))
    assert {"gamble", "wager"} <= words.keywords and "gamble" in words.declaring
    assert {"gamble", "wager"}.isdisjoint(grammar_words().keywords)


def test_declarations_names_strings_and_comments_are_told_apart():
    tokens = _tokens('move play "move a card" (§5.1):\n    from own reserve to foundation  # §8\n')
    assert (Keyword.Declaration, "move") in tokens and (Name.Function, "play") in tokens
    assert (String.Double, '"move a card"') in tokens
    assert any(kind in Name and value == "reserve" for kind, value in tokens)
    assert [v for k, v in tokens if k in (Keyword,)] == ["from", "own", "to"]
    zone = _tokens("zones:\n    tableau[4]: shared, pile\n")
    assert (Name.Variable, "tableau") in zone and (Keyword, "zones") in zone


def test_the_lexer_is_registered_as_a_pygments_entry_point():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["entry-points"]["pygments.lexers"] == {"gamedsl": "gamedsl.highlight:GamedslLexer"}
    installed = [e for e in metadata.entry_points(group="pygments.lexers") if e.name == "gamedsl"]
    if installed:  # once the package is installed again with this pyproject.toml
        assert installed[0].load() is GamedslLexer


def test_the_lexer_and_the_editor_grammar_need_no_language_server_package():
    code = ("import sys; sys.modules['pygls'] = sys.modules['lsprotocol'] = None\n"
            "from gamedsl.highlight import GamedslLexer\nfrom gamedsl.lsp.textmate import render\n"
            "print(len(list(GamedslLexer().get_tokens('move x:\\n'))) > 0, len(render()) > 1000)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False)
    assert run.stdout == "True True\n", run.stderr


def test_html_of_a_game_file_has_no_error_span():
    html = highlight(GAME_FILES[0].read_text(encoding="utf-8"), GamedslLexer(), HtmlFormatter())
    assert 'class="err"' not in html and 'class="k"' in html
