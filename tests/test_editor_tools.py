"""The VS Code extension's files: its TextMate grammar is the one generated from the Lark grammar
(stale when not), its patterns compile, and its comment syntax is the grammar's."""

from __future__ import annotations

import json
import re
from pathlib import Path

from gamedsl import resources
from gamedsl.highlight import grammar_words
from gamedsl.lsp.textmate import SCOPE, render, textmate_grammar

ROOT = Path(__file__).resolve().parents[1]
EXTENSION = ROOT / "tools" / "vscode"


def test_the_committed_textmate_grammar_is_the_generated_one():
    committed = (EXTENSION / "syntaxes" / "gamedsl.tmLanguage.json").read_text(encoding="utf-8")
    assert committed == render(), "stale: run python -m gamedsl.lsp.textmate tools/vscode/syntaxes/gamedsl.tmLanguage.json"


def _patterns(grammar: dict) -> dict[str, re.Pattern]:
    return {key: re.compile(rule["match"], re.MULTILINE) for key, rule in grammar["repository"].items()}


def test_every_pattern_compiles_and_keywords_come_from_the_grammar():
    patterns = _patterns(textmate_grammar())
    for word in sorted(grammar_words().keywords):
        assert patterns["keyword"].fullmatch(word), word
    assert not patterns["keyword"].search("foundation tableau_2 owned")
    assert patterns["declaration"].match('move play "move an available card" (§5.1):').group(4) == "play"
    assert patterns["declaration"].match("move all of table to played") is None
    assert patterns["zone"].match("    tableau[4]: shared, pile").group(2) == "tableau"
    assert patterns["zone"].match("    then:") is None
    assert patterns["card"].fullmatch("10♠") and patterns["card"].fullmatch("7H") and not patterns["card"].match("7Hx")


def test_the_extension_declares_the_language_its_grammar_and_the_server_command():
    package = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
    (language,) = package["contributes"]["languages"]
    assert language["extensions"] == [".game"] and language["id"] == "gamedsl"
    (grammar,) = package["contributes"]["grammars"]
    assert grammar["scopeName"] == SCOPE and (EXTENSION / grammar["path"]).is_file()
    assert package["contributes"]["configuration"]["properties"]["gamedsl.server.command"]["default"] == ["gamedsl", "lsp"]
    assert "vscode-languageclient" in package["dependencies"]
    assert "gamedsl.server.command" in (EXTENSION / "extension.js").read_text(encoding="utf-8")


def test_the_comment_syntax_is_the_grammars():
    configuration = json.loads((EXTENSION / "language-configuration.json").read_text(encoding="utf-8"))
    grammar = resources.grammar_path().read_text(encoding="utf-8")
    (comment,) = re.findall(r"^COMMENT: /(.)", grammar, re.MULTILINE)
    assert configuration["comments"] == {"lineComment": comment}
