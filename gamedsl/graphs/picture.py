"""The size bound every picture (SVG, PNG) keeps: at most `MAX_PIXELS` pixels and `MAX_SIDE` on
a side. A graph that would need to be shrunk below `MIN_SCALE` to fit (its text unreadable) is
drawn as its first positions instead, fewer and fewer until it fits; the caption, and the
graph's `drawn` attribute, say what was left out."""

from __future__ import annotations

import math
from dataclasses import dataclass

import networkx as nx

from .drawing import Drawing, drawing_of
from .layout import Placement, positions

MAX_PIXELS = 16_000_000
MAX_SIDE = 16_384
MIN_SCALE = 0.6          # smaller, and an arrow's 9-point text is under 7 pixels high
MAX_BOXES = 300          # a picture never draws more boxes than this
MIN_BOXES = 20
CAPTION_LINE = 17.0      # pixels a caption line takes


@dataclass
class Picture:
    placement: Placement
    scale: float             # 1 = 96 dpi; the PNG is drawn at 96 * scale dpi

    @property
    def drawing(self) -> Drawing:
        return self.placement.drawing


def picture(graph: nx.DiGraph, engine: str | None = None) -> Picture:
    """The largest readable picture of `graph` within the size bound."""
    budget = MAX_BOXES
    while True:
        drawing = drawing_of(graph, max_boxes=budget)
        placed = positions(drawing, engine)
        scale = fit_scale(placed.width, placed.height + caption_height(drawing, placed))
        if scale >= MIN_SCALE or budget <= MIN_BOXES or len(drawing.boxes) <= MIN_BOXES:
            break
        budget = max(MIN_BOXES, budget // 2)
    _say(graph, drawing.note)
    return Picture(placed, scale)


def _say(graph: nx.DiGraph, note: str) -> None:
    """What the picture left out goes to the graph's summary too, which the command prints."""
    summary = [line for line in graph.graph.get("summary") or [] if line != graph.graph.get("drawn")]
    graph.graph["drawn"] = note
    if note:
        summary.append(note)
    if summary or "summary" in graph.graph:
        graph.graph["summary"] = summary


def fit_scale(width: float, height: float) -> float:
    """The largest scale, at most 1, that keeps a width × height picture within the bound."""
    if width <= 0 or height <= 0:
        return 1.0
    return min(1.0, math.sqrt(MAX_PIXELS / (width * height)), MAX_SIDE / max(width, height))


def caption_height(drawing: Drawing, placed: Placement) -> float:
    """Graphviz puts the caption inside its layout; the Python writers add it on top."""
    return 0.0 if placed.engine == "graphviz" else (len(drawing.caption) + 1) * CAPTION_LINE + 10
