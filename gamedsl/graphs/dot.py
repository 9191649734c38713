"""Graphviz DOT text of a graph: zones of one owner in one cluster, forbidden moves greyed."""

from __future__ import annotations

from typing import Any

import networkx as nx


def _quote(text: Any) -> str:
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def to_dot(graph: nx.DiGraph) -> str:
    """Graphviz DOT; zones of one owner are drawn in one cluster, forbidden moves greyed."""
    lines = [f"digraph {_quote(graph.graph.get('game', 'game'))} {{", "  rankdir=LR;",
             "  node [shape=box, style=rounded, fontname=Helvetica];", "  edge [fontname=Helvetica, fontsize=9];"]
    groups: dict[str, list[str]] = {}
    for node, data in graph.nodes(data=True):
        groups.setdefault(str(data.get("owner", "")), []).append(node)
    for index, (owner, nodes) in enumerate(groups.items()):
        indent = "  "
        if owner:
            lines.append(f"  subgraph cluster_{index} {{ label={_quote(owner)};")
            indent = "    "
        for node in nodes:
            data = graph.nodes[node]
            attrs = [f"label={_quote(data.get('label', node))}"]
            if data.get("over"):
                attrs.append("peripheries=2")
            lines.append(f"{indent}{_quote(node)} [{', '.join(attrs)}];")
        if owner:
            lines.append("  }")
    for a, b, data in graph.edges(data=True):
        attrs = [f"label={_quote(data.get('label', ''))}"]
        if data.get("forbidden"):
            attrs += ["color=gray", "fontcolor=gray", "style=dashed"]
        lines.append(f"  {_quote(a)} -> {_quote(b)} [{', '.join(attrs)}];")
    lines.append("}")
    return "\n".join(lines) + "\n"
