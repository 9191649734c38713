"""One self-contained HTML page of a graph: Cytoscape.js (bundled in `static/`, inlined into the
page, so it works offline and never touches the network) draws the nodes where the shared layout
put them; the page fits them to the window, zooms and pans, searches cards and moves, collapses
subtrees, and shows a node's or an edge's full text in a side panel."""

from __future__ import annotations

import html
import json
import math
from functools import cache
from importlib.resources import files
from string import Template
from typing import Any

import networkx as nx

from .drawing import reference_card
from .layout import layout

_LIBRARY = "cytoscape.min.js"
_KINDS = ("start", "position", "turn_end", "deal_end", "game_over", "summary")


@cache
def _static(name: str) -> str:
    return (files("gamedsl.graphs") / "static" / name).read_text(encoding="utf-8")


def _node_kind(graph: nx.DiGraph, node: Any, data: dict[str, Any]) -> str:
    """The contract's `node_kind`, or a guess from the older attributes while it is missing."""
    kind = data.get("node_kind")
    if kind in _KINDS:
        return str(kind)
    if node == graph.graph.get("root"):
        return "start"
    if data.get("over"):
        return "game_over"
    if str(data.get("label", "")).startswith("deal "):
        return "deal_end"
    root = graph.nodes[graph.graph["root"]] if graph.graph.get("root") in graph else {}
    if graph.graph.get("mode") == "turn" and root and data.get("to_move") != root.get("to_move"):
        return "turn_end"
    return "position"


def _edge_title(data: dict[str, Any]) -> str:
    if data.get("title"):
        return str(data["title"])
    text = str(data.get("label", ""))
    if data.get("forbidden"):
        rule = " — ".join(str(data[k]) for k in ("rule", "where") if data.get(k))
        text += f"\nforbidden by {rule}" if rule else "\nforbidden"
        if data.get("reason"):
            text += f"\n{data['reason']}"
    return text


def _facts(data: dict[str, Any]) -> str:
    facts = []
    if "depth" in data:
        facts.append(f"depth {data['depth']}")
    if data.get("to_move") and not data.get("over"):
        facts.append(f"{data['to_move']} to move")
    if data.get("scores"):
        facts.append(f"scores {data['scores']}")
    if data.get("owner"):
        facts.append(str(data["owner"]))
    return " · ".join(facts)


def summary_lines(graph: nx.DiGraph) -> list[str]:
    """What the page's header says the graph is: the graph's own `summary`, or counts and the cut;
    for a rules graph with combinations, what beats what (the pictures' reference card)."""
    lines = [str(line) for line in graph.graph.get("summary") or []]
    card = [f"what beats what — {kinds}: {what}" for kinds, what in reference_card(graph)]
    if not lines:
        nodes, edges = graph.number_of_nodes(), graph.number_of_edges()
        if graph.graph.get("kind") == "moves":
            lines.append(f"{nodes:,} positions, {edges:,} moves ({graph.graph.get('mode', '')})")
        else:
            lines.append(f"{nodes:,} nodes, {edges:,} edges")
        if graph.graph.get("cut"):
            lines.append("cut at the node limit: the exploration is incomplete")
    return lines + card


def headline(graph: nx.DiGraph) -> str:
    """The header's one line: what the graph is, and that it is incomplete when it was cut."""
    lines = summary_lines(graph)
    cut = graph.graph.get("cut") and len(lines) > 1
    return lines[0] + (" · incomplete: stopped at the cap (the panel says what was left out)" if cut else "")


def page_data(graph: nx.DiGraph) -> dict[str, Any]:
    """What the page's script draws: nodes with positions, owner groups, edges; plain JSON."""
    pos = layout(graph)
    ids = {node: f"n{i}" for i, node in enumerate(graph.nodes)}
    rules = graph.graph.get("kind") != "moves"
    groups: dict[str, str] = {}
    nodes = []
    for node, data in graph.nodes(data=True):
        x, y = (_finite(v) for v in pos.get(node, (0.0, 0.0)))
        depth = data.get("depth")
        classes = [] if rules else [_node_kind(graph, node, data)]
        if data.get("unexplored"):
            classes.append("unexplored")
        if data.get("kind") in ("combination", "phase"):
            classes.append(str(data["kind"]))
        owner = str(data.get("owner") or "") if rules else ""
        if owner and owner not in groups:
            groups[owner] = f"g{len(groups)}"
        nodes.append({"id": ids[node], "name": str(node), "label": str(data.get("label", node)),
                      "title": str(data.get("title") or data.get("position") or data.get("where")
                                   or data.get("description") or ""),
                      "x": x, "y": y, "depth": depth if isinstance(depth, int) else None, "facts": _facts(data),
                      "parent": groups.get(owner), "classes": " ".join(classes)})
    edges = []
    for i, (a, b, data) in enumerate(graph.edges(data=True)):
        if rules and data.get("kind") == "beats":
            continue  # what beats what is said once, as the card's rows in the panel, not as an arrow a pair
        classes = [c for c in ("forbidden",) if data.get(c)] + ([str(data["kind"])] if data.get("kind") else [])
        label = data.get("short") or data.get("label", "")
        edges.append({"id": f"e{i}", "source": ids[a], "target": ids[b], "label": str(label),
                      "title": _edge_title(data), "classes": " ".join(classes)})
    root = graph.graph.get("root")
    return {"kind": "moves" if not rules else "rules", "root": ids.get(root) if root in ids else None,
            "nodes": nodes, "edges": edges, "groups": [{"id": g, "label": o} for o, g in groups.items()]}


def _finite(value: Any) -> float:
    """A coordinate JSON can carry (a layout's NaN or infinity would break the page's data)."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return 0.0
    return number if math.isfinite(number) else 0.0


def _json_for_script(value: Any) -> str:
    """JSON that cannot end its <script> element early (every `<` written as an escape)."""
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c")


_LEGENDS = {
    "move": ('<span class="key" style="background:#d3f2d9;border:2px solid #1a7f37"></span>start'
             '<span class="key" style="background:#e4ecfb"></span>position'
             '<span class="key" style="background:#fff3bf"></span>end of turn'
             '<span class="key" style="background:#ffd8a8"></span>end of deal'
             '<span class="key" style="background:#ffc9c9"></span>game over'
             '<span class="key" style="background:#f5f5f5;border-style:dashed"></span>not explored'
             " · dashed grey arrow: a move a rule forbids"),
    "rules": ('<span class="key" style="background:#e4ecfb"></span>zone'
              '<span class="key" style="background:#efe6fb"></span>phase'
              '<span class="key" style="background:#e8f5e4"></span>combination'
              '<span id="grouped"> · boxes grouped by owner</span>'),
}


def to_html(graph: nx.DiGraph) -> str:
    """One self-contained page (no network): the graph fitted to the window, zoom and pan, search,
    collapse/expand (double-click), and each node's position or edge's rules in the side panel."""
    kind = "move" if graph.graph.get("kind") == "moves" else "rules"
    page = Template(_static("graph_page.html"))
    return page.substitute(
        title=html.escape(f"{graph.graph.get('game', '')} — {kind} graph"),
        headline=html.escape(headline(graph)),
        summary="".join(f"<li>{html.escape(line)}</li>" for line in summary_lines(graph)),
        placeholder="search a card (9♦, 9D) or a move" if kind == "move" else "search a zone, a move or a rule",
        fold_hidden="" if kind == "move" else " hidden",
        fold_help="Fold: collapse every box of that depth · " if kind == "move" else "",
        legend=_LEGENDS[kind], style=_static("graph_page.css"), data=_json_for_script(page_data(graph)),
        library=_static(_LIBRARY), script=_static("graph_page.js"))
