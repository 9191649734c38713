"""An SVG picture of a graph, written directly from the shared layout."""

from __future__ import annotations

import html
import math

import networkx as nx

from .layout import layout


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
