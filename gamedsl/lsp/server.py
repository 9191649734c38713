"""`gamedsl lsp`: the Language Server Protocol over stdio, through pygls.

Each feature is a small module over the document's `Analysis`; this module only wires them to
the protocol and keeps, per document, its last analysis (so that while a line is half written
and the file does not parse, hover and definition still know the names of the last good text).
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path
from typing import BinaryIO

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path
from pygls.workspace import TextDocument

from .. import __version__
from .analysis import Analysis, analyse, internal_error
from .completion import candidates
from .definition import definitions
from .diagnostics import quick_fixes, to_lsp
from .hover import hover_text
from .names import Declaration, word_at
from .symbols import document_symbols

_COMPLETION_KIND = {
    "keyword": types.CompletionItemKind.Keyword,
    "zone": types.CompletionItemKind.Variable,
    "counter": types.CompletionItemKind.Field,
    "value": types.CompletionItemKind.Value,
    "option": types.CompletionItemKind.Constant,
    "built-in": types.CompletionItemKind.Variable,
}


class GamedslServer(LanguageServer):
    """Positions inside the features count characters (code points); the protocol's count the
    client's units (UTF-16 by default): they are converted here, at the edge."""

    def __init__(self) -> None:
        super().__init__("gamedsl", __version__)
        self.analyses: dict[str, Analysis] = {}

    def analysis(self, uri: str) -> tuple[TextDocument, Analysis]:
        """The document and its analysis (made now if the document has none yet)."""
        document = self.workspace.get_text_document(uri)
        if uri not in self.analyses:
            self.refresh(document)
        return document, self.analyses[uri]

    def refresh(self, document: TextDocument) -> Analysis:
        """Check the document's text again; publish its diagnostics."""
        path = Path(to_fs_path(document.uri) or "") if document.uri.startswith("file:") else Path.cwd() / "untitled.game"
        try:
            fresh = analyse(document.source, path)
        except Exception as err:  # noqa: BLE001 - a bug of ours: said in the editor, the server goes on
            fresh = internal_error(path, err)
        previous = self.analyses.get(document.uri)
        if not fresh.parsed and previous is not None:
            fresh = dataclasses.replace(fresh, declarations=previous.declarations)
        self.analyses[document.uri] = fresh
        diagnostics = to_lsp(fresh, _lines(document))
        for diagnostic in diagnostics:
            diagnostic.range = document.range_to_client_units(diagnostic.range)
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=document.uri, version=document.version, diagnostics=diagnostics))
        return fresh

    def location(self, declaration: Declaration) -> types.Location:
        row = declaration.line - 1
        lines = [""] * row + [declaration.source_line]  # the codec reads the declaration's line only
        where = types.Range(types.Position(row, declaration.column - 1), types.Position(row, declaration.end_column - 1))
        return types.Location(uri=declaration.path.resolve().as_uri(),
                              range=self.workspace.position_codec.range_to_client_units(lines, where))


def _at(document: TextDocument, position: types.Position) -> tuple[int, int]:
    """A client's position as (line, character) in code points."""
    server_position = document.position_from_client_units(position)
    return server_position.line, server_position.character


def _lines(document: TextDocument) -> list[str]:
    return document.source.split("\n")


server = GamedslServer()


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: GamedslServer, params: types.DidOpenTextDocumentParams) -> None:
    ls.refresh(ls.workspace.get_text_document(params.text_document.uri))


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: GamedslServer, params: types.DidChangeTextDocumentParams) -> None:
    ls.refresh(ls.workspace.get_text_document(params.text_document.uri))


@server.feature(types.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: GamedslServer, params: types.DidSaveTextDocumentParams) -> None:
    ls.refresh(ls.workspace.get_text_document(params.text_document.uri))


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: GamedslServer, params: types.DidCloseTextDocumentParams) -> None:
    ls.analyses.pop(params.text_document.uri, None)
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))


@server.feature(types.TEXT_DOCUMENT_HOVER)
def hover(ls: GamedslServer, params: types.HoverParams) -> types.Hover | None:
    document, analysis = ls.analysis(params.text_document.uri)
    row, character = _at(document, params.position)
    found = word_at(document.source, row, character)
    if found is None:
        return None
    word, start, end = found
    text = hover_text(analysis, word, row + 1)
    if not text:
        return None
    where = document.range_to_client_units(types.Range(types.Position(row, start), types.Position(row, end)))
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text), range=where)


@server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=[" "]))
def completion(ls: GamedslServer, params: types.CompletionParams) -> types.CompletionList:
    document, analysis = ls.analysis(params.text_document.uri)
    found = candidates(analysis, document.source, *_at(document, params.position))
    items = [types.CompletionItem(label=c.label, kind=_COMPLETION_KIND.get(c.kind, types.CompletionItemKind.Text),
                                  detail=c.kind + (f": {c.detail}" if c.detail else "")) for c in found]
    return types.CompletionList(is_incomplete=False, items=items)


@server.feature(types.TEXT_DOCUMENT_DEFINITION)
def definition(ls: GamedslServer, params: types.DefinitionParams) -> list[types.Location]:
    document, analysis = ls.analysis(params.text_document.uri)
    row, character = _at(document, params.position)
    found = word_at(document.source, row, character)
    return [ls.location(d) for d in definitions(analysis, found[0], row + 1)] if found else []


@server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def symbols(ls: GamedslServer, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
    document, analysis = ls.analysis(params.text_document.uri)
    found = document_symbols(analysis, _lines(document))
    for symbol in found:
        symbol.range = document.range_to_client_units(symbol.range)
        symbol.selection_range = document.range_to_client_units(symbol.selection_range)
    return found


@server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
def code_actions(ls: GamedslServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    return quick_fixes(params.text_document.uri, list(params.context.diagnostics))


def serve(stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> None:
    """Speak the protocol on these streams (standard input and output by default) until the editor leaves."""
    server.start_io(stdin or sys.stdin.buffer, stdout or sys.stdout.buffer)
