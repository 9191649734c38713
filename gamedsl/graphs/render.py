"""Write a graph by the file's extension: .dot, .graphml, .json (node-link), .svg, .png, .html.

Everything is made here, offline: the SVG (and the HTML that embeds it, with its own few lines
of script for pan, zoom and details) is written directly from a layout computed by networkx;
the PNG is drawn by matplotlib."""

from __future__ import annotations

import html
import json
import math
from pathlib import Path
from typing import Any

import networkx as nx

FORMATS = (".dot", ".graphml", ".json", ".svg", ".png", ".html")


def write_graph(graph: nx.DiGraph, path: str | Path) -> Path:
    """Write `graph` to `path` in the format its extension names."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise ValueError(f"cannot write '{path.name}': use one of {', '.join(FORMATS)}")
    if suffix == ".dot":
        path.write_text(to_dot(graph), encoding="utf-8")
    elif suffix == ".graphml":
        nx.write_graphml(_plain(graph), path)
    elif suffix == ".json":
        data = nx.node_link_data(_plain(graph), edges="links")
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False), encoding="utf-8")
    elif suffix == ".svg":
        path.write_text(to_svg(graph), encoding="utf-8")
    elif suffix == ".png":
        _png(graph, path)
    else:
        path.write_text(to_html(graph), encoding="utf-8")
    return path


def _plain(graph: nx.DiGraph) -> nx.DiGraph:
    """A copy whose attributes are all strings, numbers or booleans (what GraphML can hold)."""
    out = nx.DiGraph()
    out.graph.update({k: _value(v) for k, v in graph.graph.items()})
    for node, data in graph.nodes(data=True):
        out.add_node(node, **{k: _value(v) for k, v in data.items()})
    for a, b, data in graph.edges(data=True):
        out.add_edge(a, b, **{k: _value(v) for k, v in data.items()})
    return out


def _value(value: Any) -> Any:
    return value if isinstance(value, (str, int, float, bool)) else str(value)


# ---- DOT ---------------------------------------------------------------------------------------

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


# ---- layout and SVG ----------------------------------------------------------------------------------

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


def to_svg(graph: nx.DiGraph, interactive: bool = False) -> str:
    pos = layout(graph)
    width = max((x for x, _ in pos.values()), default=0) + 260
    height = max((y for _, y in pos.values()), default=0) + 80
    out = [(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
            f'width="{width:.0f}" height="{height:.0f}" font-family="Helvetica, Arial, sans-serif" font-size="11">'),
           ('<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" '
            'orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#555"/></marker></defs>'),
           '<g id="viewport">']
    for index, (a, b, data) in enumerate(graph.edges(data=True)):
        (x1, y1), (x2, y2) = pos[a], pos[b]
        colour = "#bbb" if data.get("forbidden") else "#555"
        dash = ' stroke-dasharray="4 3"' if data.get("forbidden") else ""
        title = html.escape(str(data.get("label", "")) + (f" — removed by {data.get('rule')}" if data.get("forbidden") else ""))
        if a == b:
            path = f"M {x1 + 80:.0f} {y1 - 12:.0f} c 30 -30 60 0 10 14"
        else:
            bend = 0.15 * math.copysign(1, (index % 2) - 0.5)
            mx, my = (x1 + x2) / 2 - (y2 - y1) * bend, (y1 + y2) / 2 + (x2 - x1) * bend
            path = f"M {x1 + 80:.0f} {y1:.0f} Q {mx + 80:.0f} {my:.0f} {x2:.0f} {y2:.0f}"
        out.append(f'<path class="edge" d="{path}" fill="none" stroke="{colour}"{dash} marker-end="url(#arrow)">'
                   f'<title>{title}</title></path>')
        if a != b:  # the move's text (or the rules' names) half way along
            tx, ty = (x1 + 80 + 2 * mx + 80 + x2) / 4, (y1 + 2 * my + y2) / 4
            short = html.escape(str(data.get("short") or data.get("label", "")).split("\n")[0][:30])
            out.append(f'<text x="{tx:.0f}" y="{ty - 3:.0f}" font-size="9" fill="{colour}" '
                       f'text-anchor="middle">{short}</text>')
    for node, data in graph.nodes(data=True):
        x, y = pos[node]
        label = str(data.get("label", node)).split("\n")[0]
        fill = "#fde2e2" if data.get("over") else ("#e4ecfb" if data.get("kind") != "combination" else "#e8f5e4")
        detail = html.escape(str(data.get("position") or data.get("where") or data.get("description") or ""))
        out.append(f'<g class="node" data-id="{html.escape(str(node))}"><rect x="{x:.0f}" y="{y - 14:.0f}" width="160" '
                   f'height="28" rx="6" fill="{fill}" stroke="#335"/><text x="{x + 8:.0f}" y="{y + 4:.0f}">'
                   f'{html.escape(label[:28])}</text><title>{html.escape(label)}\n{detail}</title></g>')
    out.append("</g></svg>")
    return "\n".join(out)


# ---- HTML ---------------------------------------------------------------------------------------

_SCRIPT = """
const svg = document.querySelector('svg'), view = document.getElementById('viewport');
let scale = 1, dx = 0, dy = 0, drag = null;
function apply() { view.setAttribute('transform', `translate(${dx} ${dy}) scale(${scale})`); }
svg.addEventListener('wheel', e => { e.preventDefault(); const k = e.deltaY < 0 ? 1.1 : 1 / 1.1;
  scale *= k; dx = e.offsetX - (e.offsetX - dx) * k; dy = e.offsetY - (e.offsetY - dy) * k; apply(); });
svg.addEventListener('mousedown', e => { drag = [e.clientX - dx, e.clientY - dy]; });
window.addEventListener('mouseup', () => { drag = null; });
window.addEventListener('mousemove', e => { if (drag) { dx = e.clientX - drag[0]; dy = e.clientY - drag[1]; apply(); } });
const info = document.getElementById('info');
function show(el) { info.textContent = el.querySelector('title').textContent; }
document.querySelectorAll('.node').forEach(n => { n.addEventListener('mouseenter', () => show(n));
  n.addEventListener('click', () => show(n)); });
document.querySelectorAll('.edge').forEach(e => e.addEventListener('mouseenter', () => show(e)));
"""


def to_html(graph: nx.DiGraph) -> str:
    """One self-contained page (no network): the SVG, pan by dragging, zoom with the wheel, and a
    node's position (or an edge's rule) shown on hover or click."""
    title = html.escape(f"{graph.graph.get('game', '')} — {graph.graph.get('kind', '')} graph")
    note = " (cut at the node limit)" if graph.graph.get("cut") else ""
    return (f"<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>{title}</title><style>"
            "body{margin:0;font-family:Helvetica,Arial,sans-serif}#bar{padding:6px 10px;background:#223;color:#fff}"
            "#info{position:fixed;right:0;top:32px;width:30%;height:90%;overflow:auto;white-space:pre-wrap;"
            "background:#f6f6f6;border-left:1px solid #ccc;padding:8px;font-family:monospace;font-size:12px}"
            "svg{width:70%;height:92vh;cursor:grab}</style></head><body>"
            f"<div id=\"bar\">{title} · {graph.number_of_nodes()} nodes, {graph.number_of_edges()} edges{note} · "
            "drag to pan, wheel to zoom, hover or click for details</div>"
            f"{to_svg(graph, interactive=True)}<div id=\"info\">Hover over a node or an edge.</div>"
            f"<script>{_SCRIPT}</script></body></html>")


# ---- PNG ------------------------------------------------------------------------------------------

def _png(graph: nx.DiGraph, path: Path) -> None:
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
