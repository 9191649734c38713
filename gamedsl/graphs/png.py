"""A PNG picture of a graph, drawn by matplotlib from the shared layout."""

from __future__ import annotations

from pathlib import Path

import networkx as nx

from .layout import layout


def write_png(graph: nx.DiGraph, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    pos = {n: (x, -y) for n, (x, y) in layout(graph).items()}
    columns: dict[float, int] = {}
    for x, _ in pos.values():
        columns[x] = columns.get(x, 0) + 1
    size = (max(6.0, len(columns) * 3.2), max(4.0, max(columns.values(), default=1) * 0.75 + 1))
    fig, ax = plt.subplots(figsize=size, dpi=100)
    normal = [(a, b) for a, b, d in graph.edges(data=True) if not d.get("forbidden")]
    greyed = [(a, b) for a, b, d in graph.edges(data=True) if d.get("forbidden")]
    nx.draw_networkx_edges(graph, pos, edgelist=normal, ax=ax, edge_color="#555", arrows=True,
                           connectionstyle="arc3,rad=0.1", node_size=1600)
    nx.draw_networkx_edges(graph, pos, edgelist=greyed, ax=ax, edge_color="#bbb", style="dashed", arrows=True,
                           connectionstyle="arc3,rad=0.1", node_size=1600)
    colours = ["#fde2e2" if d.get("over") else "#e8f5e4" if d.get("kind") == "combination" else "#e4ecfb"
               for _, d in graph.nodes(data=True)]
    nx.draw_networkx_nodes(graph, pos, ax=ax, node_color=colours, node_size=1600, node_shape="s", edgecolors="#335")
    labels = {n: str(d.get("label", n)).split("\n")[0][:22] for n, d in graph.nodes(data=True)}
    nx.draw_networkx_labels(graph, pos, labels=labels, ax=ax, font_size=7)
    edge_labels = {(a, b): str(d.get("short") or d.get("label", ""))[:26] for a, b, d in graph.edges(data=True) if a != b}
    nx.draw_networkx_edge_labels(graph, pos, edge_labels=edge_labels, ax=ax, font_size=6, label_pos=0.5,
                                 connectionstyle="arc3,rad=0.1", bbox={"alpha": 0.6, "color": "white", "lw": 0})
    ax.set_title(f"{graph.graph.get('game', '')} — {graph.graph.get('kind', '')} graph")
    ax.axis("off")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
