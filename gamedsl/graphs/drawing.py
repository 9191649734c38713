"""What a picture of a graph shows, decided once for every writer (DOT, SVG, PNG): the boxes with
their short labels and tooltips, the arrows, the caption, and for a rules graph the reference
card of what beats what. A graph too large to draw whole is drawn as its first moves, each
unexplored branch a "… N more" box, and the caption says what was left out."""

from __future__ import annotations

import textwrap
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

MAX_LINE = 32      # characters of a label line in a box
MAX_LINES = 4      # lines of a box
MAX_EDGE_LABEL = 28

# Fill colours by what a box stands for (node_kind in a move graph, kind in a rules graph).
FILL = {"start": "#fff1b8", "position": "#e4ecfb", "turn_end": "#dff3dc", "deal_end": "#fde2e2",
        "game_over": "#fbd0d0", "summary": "#eeeeee", "zone": "#e4ecfb", "phase": "#efe4fb", "card": "#ffffff"}


@dataclass
class Box:
    """One node as drawn: `key` is the graph's node (None for a box the picture adds)."""

    id: str
    key: Any
    lines: list[str]
    tooltip: str
    style: str
    cluster: str = ""
    rank: int = 0
    rows: list[tuple[str, str]] = field(default_factory=list)  # the reference card's table

    @property
    def fill(self) -> str:
        return FILL.get(self.style, "#e4ecfb")

    def size(self) -> tuple[float, float]:
        """Width and height in pixels at 96 dpi, for the pure-Python layout."""
        if self.rows:
            cells = [(wrap_cell(a), wrap_cell(b)) for a, b in self.rows]
            left = max(len(line) for a, _ in cells for line in a) * 6.6 + 16
            right = max(len(line) for _, b in cells for line in b) * 6.6 + 16
            return left + right, sum(max(len(a), len(b)) * 15 + 8 for a, b in cells) + 28
        return max(len(line) for line in self.lines) * 6.8 + 20, len(self.lines) * 15 + 12


@dataclass
class Arrow:
    tail: str
    head: str
    label: str
    tooltip: str
    forbidden: bool = False


@dataclass
class Drawing:
    kind: str
    title: str
    caption: list[str]
    boxes: list[Box]
    arrows: list[Arrow]
    note: str = ""  # what the picture left out, "" when it shows the whole graph
    direction: str = ""  # Graphviz's rankdir, once chosen ("TB", "LR")


def drawing_of(graph: nx.DiGraph, max_boxes: int | None = None) -> Drawing:
    """The picture of `graph`; with `max_boxes`, a move graph larger than that is cut to its
    first positions breadth first (what is cut is summarised, never silently dropped)."""
    kind = str(graph.graph.get("kind", ""))
    title = f"{graph.graph.get('game', '')} — {kind} graph" + (f" ({graph.graph['mode']})" if graph.graph.get("mode") else "")
    drawn = graph.graph.get("drawn")  # a previous picture's note: this one says its own
    caption = [str(line) for line in graph.graph.get("summary") or [] if line != drawn]
    if graph.graph.get("cut") and not caption:
        caption.append(f"cut at {graph.number_of_nodes():,} positions: the exploration is incomplete")
    if kind == "rules":
        return _rules_drawing(graph, title, caption)
    depth = _depths(graph)
    keep = list(graph.nodes)
    note = ""
    if max_boxes is not None and graph.number_of_nodes() > max_boxes:
        keep, note = _first_positions(graph, max(1, (max_boxes * 2) // 3), depth)
    ids = {node: str(node) for node in keep}
    boxes = [_position_box(graph, node, ids[node], depth[node]) for node in keep]
    arrows = [_move_arrow(ids[a], ids[b], d) for a, b, d in graph.edges(data=True) if a in ids and b in ids]
    if note:
        boxes, arrows = _summaries(graph, ids, boxes, arrows, max_boxes or 0, depth)
        caption.append(note)
        counts: dict[int, int] = {}
        for level in depth.values():
            counts[level] = counts.get(level, 0) + 1
        caption.append("depths: " + ", ".join(f"{d}: {n:,}" for d, n in sorted(counts.items())))
    return Drawing(kind, title, caption, boxes, arrows, note)


def _lines(text: Any) -> list[str]:
    lines = [line if len(line) <= MAX_LINE else line[:MAX_LINE - 1] + "…" for line in str(text).split("\n")]
    if len(lines) > MAX_LINES:
        lines = lines[:MAX_LINES - 1] + ["…"]
    return lines or [""]


def wrap_cell(text: str, width: int = 40) -> list[str]:
    """A reference card cell's lines."""
    return textwrap.wrap(text, width) or [""]


def short_label(text: Any, limit: int = MAX_EDGE_LABEL) -> str:
    """An arrow's text: its first line, at most `limit` characters."""
    first = str(text).split("\n")[0]
    return first if len(first) <= limit else first[:limit - 1] + "…"


def _node_kind(graph: nx.DiGraph, node: Any, data: dict) -> str:
    if data.get("node_kind"):
        return str(data["node_kind"])
    if node == graph.graph.get("root"):
        return "start"
    return "game_over" if data.get("over") else "position"


def _position_box(graph: nx.DiGraph, node: Any, box_id: str, depth: int) -> Box:
    data = graph.nodes[node]
    tooltip = str(data.get("title") or data.get("position") or data.get("label", node))
    return Box(box_id, node, _lines(data.get("label", node)), tooltip, _node_kind(graph, node, data), rank=depth)


def _move_arrow(tail: str, head: str, data: dict) -> Arrow:
    label = str(data.get("label", ""))
    tooltip = str(data.get("title") or "")
    if not tooltip:
        tooltip = label
        if data.get("forbidden"):
            tooltip += f" — forbidden by {data.get('rule', '')} ({data.get('where', '')}): {data.get('reason', '')}"
    return Arrow(tail, head, short_label(label), tooltip, bool(data.get("forbidden")))


def _root(graph: nx.DiGraph) -> Any:
    root = graph.graph.get("root")
    return root if root in graph else next(iter(graph.nodes), None)


def _depths(graph: nx.DiGraph) -> dict[Any, int]:
    """Each position's depth: its `depth`, else its distance from the root (else 0)."""
    if all("depth" in data for _, data in graph.nodes(data=True)):
        return {node: int(data["depth"] or 0) for node, data in graph.nodes(data=True)}
    root = _root(graph)
    level = nx.single_source_shortest_path_length(graph, root) if root is not None else {}
    return {node: int(data.get("depth", level.get(node, 0)) or 0) for node, data in graph.nodes(data=True)}


def _first_positions(graph: nx.DiGraph, budget: int, depth: dict[Any, int]) -> tuple[list[Any], str]:
    """The first `budget` positions breadth first from the root, by depth then order reached."""
    root = _root(graph)
    seen = {root}
    order = [root]
    queue = deque([root])
    while queue and len(order) < budget:
        node = queue.popleft()
        for child in graph.successors(node):
            if child not in seen and len(order) < budget:
                seen.add(child)
                order.append(child)
                queue.append(child)
    deepest = max(depth[n] for n in order)
    note = (f"picture: {len(order):,} of {graph.number_of_nodes():,} positions (to depth {deepest}); "
            "the .html, .json and .dot files hold them all")
    return order, note


def _summaries(graph: nx.DiGraph, ids: dict[Any, str], boxes: list[Box], arrows: list[Arrow],
               max_boxes: int, depth: dict[Any, int]) -> tuple[list[Box], list[Arrow]]:
    """A "… N more" box after every drawn position with moves that lead out of the picture;
    past the box budget the rest share one box."""
    room = max(1, max_boxes - len(boxes))
    rest_moves = 0
    rest_from = 0
    for node in list(ids):
        hidden = [b for b in graph.successors(node) if b not in ids]
        if not hidden:
            continue
        if room > 1:
            box_id = f"more:{ids[node]}"
            boxes.append(Box(box_id, None, [f"… {len(hidden):,} more"], f"{len(hidden):,} moves lead to positions "
                             "not drawn", "summary", rank=depth[node] + 1))
            arrows.append(Arrow(ids[node], box_id, "", f"{len(hidden):,} moves not drawn"))
            room -= 1
        else:
            rest_moves += len(hidden)
            rest_from += 1
    if rest_moves:
        deepest = max(b.rank for b in boxes)
        boxes.append(Box("more:rest", None, [f"… {rest_moves:,} more moves", f"from {rest_from:,} positions"],
                         f"{rest_moves:,} moves from {rest_from:,} drawn positions are not drawn", "summary",
                         rank=deepest))
    return boxes, arrows


# ---- the rules graph -------------------------------------------------------------------------

def _rules_drawing(graph: nx.DiGraph, title: str, caption: list[str]) -> Drawing:
    columns = _owner_columns(graph)
    boxes = []
    for node, data in graph.nodes(data=True):
        if data.get("kind") == "combination":
            continue
        owner = str(data.get("owner", ""))
        tooltip = str(data.get("title") or data.get("where") or data.get("label", node))
        boxes.append(Box(str(node), node, _lines(data.get("label", node)), tooltip,
                         "phase" if data.get("kind") == "phase" else "zone", cluster=owner, rank=columns[owner]))
    arrows = [Arrow(str(a), str(b), short_label(d.get("label", "")), str(d.get("title") or d.get("label", "")))
              for a, b, d in graph.edges(data=True) if d.get("kind") != "beats" and a != b]
    rows = reference_card(graph)
    if rows:
        tooltip = "\n".join(f"{a}: {b}" for a, b in rows)
        boxes.append(Box("what beats what", None, ["what beats what"], tooltip, "card",
                         rank=max(columns.values(), default=0) + 1, rows=rows))
    return Drawing("rules", title, caption, boxes, arrows)


def _owner_columns(graph: nx.DiGraph) -> dict[str, int]:
    """Columns by owner: P1 | shared | P2, P3 … | phases."""
    owners = {str(d.get("owner", "")) for _, d in graph.nodes(data=True) if d.get("kind") != "combination"}
    return {owner: i for i, owner in enumerate(sorted(owners, key=_owner_order))}


def _owner_order(owner: str) -> tuple[int, int, str]:
    if owner.startswith("P") and owner[1:].isdigit():
        return (0 if owner == "P1" else 2, int(owner[1:]), owner)
    return (3 if owner == "phases" else 1, 0, owner)


def reference_card(graph: nx.DiGraph) -> list[tuple[str, str]]:
    """What beats what, as rows of a small table: the kinds of each tier, highest first (one row
    for all the kinds that beat only their own kind), then each class's order."""
    kinds = [(n, d) for n, d in graph.nodes(data=True) if d.get("kind") == "combination"]
    if not kinds:
        return []
    tiers: dict[int, list[str]] = {}
    for node, data in kinds:
        tiers.setdefault(int(data.get("tier", 0) or 0), []).append(str(node).removeprefix("combination:"))
    levels = sorted(tiers, reverse=True)
    classes = graph.graph.get("classes") or []
    only = "" if classes else "only "  # a class lets some kinds beat others: said in its row
    rows = []
    for i, tier in enumerate(levels):
        names = tiers[tier]
        lower = levels[i + 1:]
        if not lower:
            what = f"each beats {only}a lower one of its own kind" if len(names) > 1 else f"beats {only}a lower one of its kind"
        elif i == 0 and len(names) == 1:
            what = "beats everything else"
        else:
            what = "beats every kind of tier " + ", ".join(str(t) for t in reversed(lower))
            what += ", and a lower one of its own kind"
        head = ", ".join(names)
        rows.append((f"tier {tier}: {head}" if len(levels) > 1 else head, what))
    for spec in classes:
        order = " < ".join(spec["kinds"])
        rows.append((f"class {spec['name']}: {order}", "a later kind beats an earlier one"))
    return rows
