"""The language server an editor starts (`gamedsl lsp`): the checker's diagnostics as you type,
hover, completion, go to definition and the outline, all read from the grammar and the checker.

The features are small modules over one `Analysis` of the document (`analysis.py`); only
`server.py` speaks the protocol through pygls (the `gamedsl[lsp]` extra). `textmate.py`
generates the editor extension's colouring grammar and needs no server packages.
"""
