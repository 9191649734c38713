"""One self-contained HTML page of a graph (no network): pan, zoom and details on hover."""

from __future__ import annotations

import html

import networkx as nx

from .svg import to_svg

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
