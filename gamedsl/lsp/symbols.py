"""The outline of a document: what it declares, in the order it is written."""

from __future__ import annotations

from lsprotocol import types

from .analysis import Analysis
from .names import Declaration, block_end

_SYMBOL_KIND = {
    "zone": types.SymbolKind.Array,
    "counter": types.SymbolKind.Variable,
    "value": types.SymbolKind.Property,
    "option": types.SymbolKind.Constant,
    "move": types.SymbolKind.Function,
    "priority": types.SymbolKind.Event,
    "end": types.SymbolKind.Event,
    "automatic rule": types.SymbolKind.Event,
    "effect": types.SymbolKind.Method,
    "building rule": types.SymbolKind.Interface,
    "combination": types.SymbolKind.Struct,
    "class": types.SymbolKind.Class,
    "meld": types.SymbolKind.Struct,
    "order": types.SymbolKind.Enum,
    "suit order": types.SymbolKind.Enum,
    "colour": types.SymbolKind.Enum,
    "points": types.SymbolKind.Enum,
    "team": types.SymbolKind.Object,
    "phase": types.SymbolKind.EnumMember,
}


def _symbol(declaration: Declaration, lines: list[str]) -> types.DocumentSymbol:
    row = declaration.line - 1
    end = block_end(lines, declaration.line) - 1 if row < len(lines) else row
    name_range = types.Range(types.Position(row, declaration.column - 1), types.Position(row, declaration.end_column - 1))
    whole = types.Range(types.Position(row, 0), types.Position(end, len(lines[end]) if end < len(lines) else 0))
    return types.DocumentSymbol(name=declaration.name, detail=declaration.kind, kind=_SYMBOL_KIND.get(
        declaration.kind, types.SymbolKind.Key), range=whole, selection_range=name_range)


def document_symbols(analysis: Analysis, lines: list[str]) -> list[types.DocumentSymbol]:
    """The document's own declarations (a variant's outline is what it changes)."""
    own = [d for d in analysis.own() if d.within is None]  # a move's choices are not the file's outline
    return [_symbol(d, lines) for d in sorted(own, key=lambda d: (d.line, d.column))]
