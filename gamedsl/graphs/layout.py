"""Where each box and arrow of a picture goes, by Graphviz's `dot` when it is installed, else by
the pure-Python layered layout (`layered`); `GAMEDSL_LAYOUT=python` or `engine="python"` forces
the latter.

- `layout(graph)` -> {node: (x, y)}: the centre of every node of the graph, in pixels, y downwards
  (the HTML page's preset positions). A rules graph's combination kinds, drawn as one reference
  card, are placed in a column beside it.
- `positions(drawing)` -> `Placement`: every box's centre and size, every arrow's path (cubic
  Bézier control points, tip last) and label point, and the picture's size (the SVG and PNG
  writers of the pure-Python path draw from it).

All units are pixels at 96 dpi."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from .drawing import Drawing, drawing_of
from .graphviz_dot import run_dot, use_graphviz
from .layered import order_columns, place_boxes

PX = 96 / 72          # pixels per point
README_WIDTH = 900    # pixels a picture is shown at in the README
DOT_MAX_BOXES = 600   # above this `dot` takes seconds (4 s at 1,200): the layered layout is used
LETTER = 5.4          # pixels of a 9-point letter, about
Point = tuple[float, float]


@dataclass
class Placement:
    drawing: Drawing
    boxes: dict[str, tuple[float, float, float, float]]  # box id -> centre x, centre y, width, height
    arrows: list[list[Point]]                             # one per drawing.arrows: control points
    labels: list[Point | None] = field(default_factory=list)
    width: float = 0.0
    height: float = 0.0
    engine: str = "python"


def layout(graph: nx.DiGraph, engine: str | None = None) -> dict[Any, tuple[float, float]]:
    """The centre of every node of `graph` (pixels, y downwards)."""
    placed = positions(drawing_of(graph), engine)
    out: dict[Any, tuple[float, float]] = {}
    for box in placed.drawing.boxes:
        if box.key is not None:
            x, y, _, _ = placed.boxes[box.id]
            out[box.key] = (x, y)
    missing = [node for node in graph.nodes if node not in out]
    for i, node in enumerate(missing):  # the kinds of the reference card, in a column to its right
        out[node] = (placed.width + 120.0, 40.0 + 40.0 * i)
    return out


def positions(drawing: Drawing, engine: str | None = None) -> Placement:
    """The drawing laid out by `dot` (when installed and not too large) or by the layered layout."""
    if use_graphviz(engine) and len(drawing.boxes) <= DOT_MAX_BOXES:
        placed = _dot_positions(drawing)
        if placed is not None:
            return placed
    return layered_positions(drawing)


def choose_direction(drawing: Drawing, engine: str | None = None) -> None:
    """A rules graph top down or left to right, whichever keeps its text larger when the picture
    is shown `README_WIDTH` pixels wide (four players side by side make a ribbon top down; a
    column each reads better); the smaller picture when both fit. Needs Graphviz; else a no-op."""
    if drawing.kind != "rules" or drawing.direction or not use_graphviz(engine):
        return
    best: tuple[float, float, str] | None = None
    for direction in ("TB", "LR"):
        drawing.direction = direction
        placed = _dot_positions(drawing)
        if placed is None:
            continue
        score = (-round(min(1.0, README_WIDTH / max(1.0, placed.width)), 2), placed.width * placed.height, direction)
        best = score if best is None or score < best else best
    drawing.direction = best[2] if best else ""


def _dot_positions(drawing: Drawing) -> Placement | None:
    from .dot import drawing_to_dot

    choose_direction(drawing, "graphviz")
    raw = run_dot(drawing_to_dot(drawing), "json")
    if raw is None:
        return None
    data = json.loads(raw)
    _, _, width, height = (float(v) for v in data["bb"].split(","))
    by_gvid, boxes = {}, {}
    for item in data.get("objects", []):
        if "pos" not in item or "width" not in item:  # a cluster
            continue
        x, y = (float(v) for v in item["pos"].split(","))
        boxes[item["name"]] = (x * PX, (height - y) * PX, float(item["width"]) * 96, float(item["height"]) * 96)
        by_gvid[item["_gvid"]] = item["name"]
    paths: dict[tuple[str, str], tuple[list[Point], Point | None]] = {}
    for edge in data.get("edges", []):
        points, tip = [], None
        for token in edge.get("pos", "").split():
            if token.startswith(("e,", "s,")):
                if token.startswith("e,"):
                    tip = _point(token[2:], height)
                continue
            points.append(_point(token, height))
        if tip is not None:
            points.append(tip)
        label = _point(edge["lp"], height) if "lp" in edge else None
        paths[(by_gvid[edge["tail"]], by_gvid[edge["head"]])] = (points, label)
    arrows = [paths.get((a.tail, a.head), ([], None)) for a in drawing.arrows]
    return Placement(drawing, boxes, [p for p, _ in arrows], [lp for _, lp in arrows], width * PX, height * PX, "graphviz")


def _point(text: str, height: float) -> Point:
    x, y = (float(v) for v in text.split(",")[:2])
    return (x * PX, (height - y) * PX)


def layered_positions(drawing: Drawing, margin: float = 20.0) -> Placement:
    """The pure-Python layout: columns by rank, ordered by barycentre sweeps; a reference card
    (a box with rows, no arrows) goes below the columns, where it does not widen the picture."""
    cards = [box for box in drawing.boxes if box.rows]
    ids = [box.id for box in drawing.boxes if not box.rows]
    ranks = _compact_ranks({box.id: box.rank for box in drawing.boxes if not box.rows})
    sizes = {box.id: box.size() for box in drawing.boxes}
    edges = [(a.tail, a.head) for a in drawing.arrows if a.tail in ranks and a.head in ranks]
    columns = order_columns({i: ranks[i] for i in ids}, edges)
    rules = drawing.kind == "rules"  # few boxes, many arrows between columns: more room
    gaps = [180.0 if rules else 70.0] * len(columns)
    for arrow in drawing.arrows:
        r = ranks.get(arrow.tail)
        if r is not None and r < len(gaps) and arrow.label:
            gaps[r] = min(260.0, max(gaps[r], len(arrow.label) * LETTER + 60))
    centres = place_boxes(columns, sizes, gaps, edges, margin, gap_y=40.0 if rules else 14.0)
    boxes = {i: (*centres[i], *sizes[i]) for i in ids}
    arrows, labels = [], []
    into: dict[str, int] = {}
    for arrow in drawing.arrows:
        path = _route(boxes[arrow.tail], boxes[arrow.head], ranks[arrow.tail], ranks[arrow.head])
        arrows.append(path)
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = path
        if not arrow.label:
            labels.append(None)
        elif ranks[arrow.head] > ranks[arrow.tail]:  # just before the tip, where a fan's arrows are apart
            k = into[arrow.head] = into.get(arrow.head, -1) + 1
            labels.append((x3 - 8 - len(arrow.label) * LETTER / 2, y3 - 12 * k))
        else:
            labels.append(((x0 + 3 * x1 + 3 * x2 + x3) / 8, (y0 + 3 * y1 + 3 * y2 + y3) / 8))
    width = max((x + w / 2 for x, _, w, _ in boxes.values()), default=0.0) + margin
    height = max((y + h / 2 for _, y, _, h in boxes.values()), default=0.0) + margin
    for path in arrows:
        width = max(width, max(x for x, _ in path) + margin)
        height = max(height, max(y for _, y in path) + margin)
    for arrow, label in zip(drawing.arrows, labels):
        if label is not None:
            width = max(width, label[0] + len(arrow.label) * LETTER / 2 + margin)
    for card in cards:
        w, h = sizes[card.id]
        boxes[card.id] = (margin + w / 2, height + 10 + h / 2, w, h)
        width, height = max(width, w + 2 * margin), height + h + 10 + margin
    return Placement(drawing, boxes, arrows, labels, width, height, "python")


def _compact_ranks(ranks: dict[str, int]) -> dict[str, int]:
    """Ranks renumbered 0, 1, 2 … without empty columns."""
    used = {r: i for i, r in enumerate(sorted(set(ranks.values())))}
    return {node: used[r] for node, r in ranks.items()}


def _route(tail: tuple[float, float, float, float], head: tuple[float, float, float, float],
           tail_rank: int, head_rank: int) -> list[Point]:
    """An arrow leaving its box's side: forwards right side to left side, backwards left to
    right, within a column as a bow on the right."""
    tx, ty, tw, th = tail
    hx, hy, hw, _ = head
    if tail == head:  # a move back to the same position: a loop over the box's corner
        x, y = tx + tw / 2 - 10, ty - th / 2
        return [(x - 10, y), (x - 10, y - 30), (x + 30, y - 30), (x + 10, y + 4)]
    if head_rank > tail_rank:
        start, end = (tx + tw / 2, ty), (hx - hw / 2, hy)
        bend = (end[0] - start[0]) / 2
        return [start, (start[0] + bend, start[1]), (end[0] - bend, end[1]), end]
    if head_rank < tail_rank:
        start, end = (tx - tw / 2, ty), (hx + hw / 2, hy)
        bend = (start[0] - end[0]) / 2
        return [start, (start[0] - bend, start[1] + 20), (end[0] + bend, end[1] + 20), end]
    start, end = (tx + tw / 2, ty), (hx + hw / 2, hy)
    bow = 30 + abs(hy - ty) * 0.2
    return [start, (start[0] + bow, start[1]), (end[0] + bow, end[1]), end]
