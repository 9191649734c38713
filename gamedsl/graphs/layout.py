"""Where each node of a graph is drawn: the positions the SVG, the PNG and the HTML page share."""

from __future__ import annotations

from typing import Any

import networkx as nx


def layout(graph: nx.DiGraph) -> dict[Any, tuple[float, float]]:
    """Columns: a move graph by depth, a rules graph by owner (P1 | shared | P2 …)."""
    if graph.graph.get("kind") == "moves":
        layer = {n: d.get("depth", 0) for n, d in graph.nodes(data=True)}
    else:
        owners = sorted({d.get("owner", "") for _, d in graph.nodes(data=True)}, key=_owner_order)
        layer = {n: owners.index(d.get("owner", "")) for n, d in graph.nodes(data=True)}
    columns: dict[int, list[Any]] = {}
    for node in graph.nodes:
        columns.setdefault(layer[node], []).append(node)
    pos = {}
    for x, nodes in columns.items():
        for y, node in enumerate(nodes):
            pos[node] = (x * 260.0 + 40, y * 70.0 + 40)
    return pos


def _owner_order(owner: str) -> tuple[int, str]:
    if owner.startswith("P") and owner[1:].isdigit():
        return (0 if owner == "P1" else 2, owner)
    return (1, owner)
