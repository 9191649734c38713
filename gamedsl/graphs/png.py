"""A PNG picture of a graph, within the size bound (`picture`): by Graphviz at the dpi the bound
allows when it is installed, else by matplotlib from the layered layout."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import networkx as nx

from .dot import drawing_to_dot
from .drawing import Box, wrap_cell
from .graphviz_dot import run_dot
from .picture import CAPTION_LINE, Picture, caption_height, picture

DPI = 96.0


def write_png(graph: nx.DiGraph, path: Path, engine: str | None = None) -> None:
    shot = picture(graph, engine)
    if shot.placement.engine == "graphviz":
        raw = run_dot(drawing_to_dot(shot.drawing, dpi=DPI * shot.scale), "png")
        if raw is not None:
            Path(path).write_bytes(raw)
            return
    matplotlib_png(shot, Path(path))


def matplotlib_png(shot: Picture, path: Path) -> None:
    """The picture drawn by matplotlib from the pure-Python layout, in pixel coordinates."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import FancyArrowPatch, FancyBboxPatch, Rectangle
    from matplotlib.path import Path as Curve

    placed, drawing = shot.placement, shot.drawing
    top = caption_height(drawing, placed)
    width, height = placed.width, placed.height + top
    fig = plt.figure(figsize=(width / DPI, height / DPI), dpi=DPI * shot.scale)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, width)
    ax.set_ylim(height, 0)
    ax.axis("off")
    pt = 72 / DPI  # font sizes are given in pixels at 96 dpi
    for i, line in enumerate([drawing.title, *drawing.caption]):
        ax.text(16, 22 + i * CAPTION_LINE, line, fontsize=13 * pt, weight="bold" if i == 0 else "normal", va="baseline")
    frames: dict[str, list[tuple[float, float, float, float]]] = {}
    for box in drawing.boxes:
        x, y, w, h = placed.boxes[box.id]
        if box.cluster:
            frames.setdefault(box.cluster, []).append((x - w / 2, y + top - h / 2, x + w / 2, y + top + h / 2))
    for name, rects in frames.items():
        left, upper = min(r[0] for r in rects) - 8, min(r[1] for r in rects) - 22
        right, lower = max(r[2] for r in rects) + 8, max(r[3] for r in rects) + 8
        ax.add_patch(FancyBboxPatch((left, upper), right - left, lower - upper, boxstyle="round,pad=0,rounding_size=8",
                                    fill=False, edgecolor="#99aabb"))
        ax.text(left + 6, upper + 14, name, fontsize=12 * pt, va="baseline")
    for arrow, path_points, label in zip(drawing.arrows, placed.arrows, placed.labels):
        colour = "#aaaaaa" if arrow.forbidden else "#555555"
        points = [(x, y + top) for x, y in path_points[:4]]
        curve = Curve(points, [Curve.MOVETO, Curve.CURVE4, Curve.CURVE4, Curve.CURVE4])
        ax.add_patch(FancyArrowPatch(path=curve, arrowstyle="-|>", mutation_scale=10, color=colour, lw=0.9,
                                     linestyle="--" if arrow.forbidden else "-"))
        if label is not None:
            ax.text(label[0], label[1] + top - 3, arrow.label, fontsize=9 * pt, color=colour, ha="center",
                    va="baseline", bbox={"facecolor": "white", "edgecolor": "none", "pad": 0.5, "alpha": 0.8})
    for box in drawing.boxes:
        x, y, w, h = placed.boxes[box.id]
        left, upper = x - w / 2, y + top - h / 2
        if box.rows:
            _card(ax, box, left, upper, w, pt, Rectangle)
            continue
        ax.add_patch(FancyBboxPatch((left, upper), w, h, boxstyle="round,pad=0,rounding_size=6", facecolor=box.fill,
                                    edgecolor="#334455", lw=1.6 if box.style in ("start", "deal_end", "game_over") else 0.8,
                                    linestyle="--" if box.style == "summary" else "-"))
        for i, line in enumerate(box.lines):
            ax.text(x, upper + 17 + i * 15, line, fontsize=11 * pt, ha="center", va="baseline")
    fig.savefig(path, dpi=DPI * shot.scale)
    plt.close(fig)


def _card(ax: Any, box: Box, left: float, top: float, width: float, pt: float, rectangle: Any) -> None:
    """The reference card: a title row, then a row for each line of what beats what."""
    cells = [(wrap_cell(a), wrap_cell(b)) for a, b in box.rows]
    split = max(len(line) for a, _ in cells for line in a) * 6.6 + 16
    ax.add_patch(rectangle((left, top), width, 28, facecolor="#dde6f3", edgecolor="#556677"))
    ax.text(left + width / 2, top + 18, box.lines[0], fontsize=11 * pt, ha="center", va="baseline", weight="bold")
    y = top + 28
    for a, b in cells:
        h = max(len(a), len(b)) * 15 + 8
        ax.add_patch(rectangle((left, y), split, h, facecolor="white", edgecolor="#556677"))
        ax.add_patch(rectangle((left + split, y), width - split, h, facecolor="white", edgecolor="#556677"))
        for column, lines in ((left + 8, a), (left + split + 8, b)):
            for i, line in enumerate(lines):
                ax.text(column, y + 16 + i * 15, line, fontsize=11 * pt, va="baseline")
        y += h
