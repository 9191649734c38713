"""Write a graph by the file's extension: .dot, .graphml, .json (node-link), .svg, .png, .html.

Each format has its own module: `dot`, `svg` (from the shared `layout`), `html_page`, `png`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import networkx as nx

from .dot import to_dot
from .html_page import to_html
from .png import write_png
from .svg import to_svg

FORMATS = (".dot", ".graphml", ".json", ".svg", ".png", ".html")


def write_graph(graph: nx.DiGraph, path: str | Path) -> Path:
    """Write `graph` to `path` in the format its extension names."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise ValueError(f"cannot write '{path.name}': use one of {', '.join(FORMATS)}")
    if not path.parent.is_dir():
        raise ValueError(f"cannot write '{path}': there is no folder '{path.parent}'")
    try:
        _write(graph, path, suffix)
    except OSError as err:
        raise ValueError(f"cannot write '{path}': {err.strerror or err}") from err
    return path


def _write(graph: nx.DiGraph, path: Path, suffix: str) -> None:
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
        write_png(graph, path)
    else:
        path.write_text(to_html(graph), encoding="utf-8")


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
