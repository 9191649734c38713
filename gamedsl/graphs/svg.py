"""An SVG picture of a graph: Graphviz's own when it is installed (boxes and arrows carry the full
text as their `<title>`, the tooltip), else drawn here from the layered layout. Either way within
the picture's size bound (`picture`), in one `<g id="viewport">` a page can pan and zoom."""

from __future__ import annotations

import html
import re

import networkx as nx

from .dot import drawing_to_dot
from .drawing import Box, wrap_cell
from .graphviz_dot import run_dot
from .picture import CAPTION_LINE, Picture, caption_height, picture


def to_svg(graph: nx.DiGraph, interactive: bool = False, engine: str | None = None) -> str:
    """The picture as SVG text (`interactive` is kept for callers that pass it: every SVG has
    the ids and titles a page needs)."""
    shot = picture(graph, engine)
    if shot.placement.engine == "graphviz":
        raw = run_dot(drawing_to_dot(shot.drawing), "svg")
        if raw is not None:
            return _graphviz_svg(raw.decode("utf-8"), shot)
    return python_svg(shot)


_TITLE = re.compile(r'<g id="(node|edge)\d+" class="(node|edge)">\s*<title>(.*?)</title>', re.DOTALL)
_LINK = re.compile(r'<g id="a_[^"]*"><a xlink:title="[^"]*">|</a>\s*</g>')
_SIZE = re.compile(r'<svg width="([0-9.]+)pt" height="([0-9.]+)pt"')


def _graphviz_svg(text: str, shot: Picture) -> str:
    """Graphviz's SVG with each `<title>` the tooltip (Graphviz titles a box by its id) and the
    drawing in a `viewport` group; scaled down to the bound when it is larger."""
    tooltips = {box.id: box.tooltip for box in shot.drawing.boxes}
    arrows = {f"{a.tail}->{a.head}": a.tooltip for a in shot.drawing.arrows}

    def retitle(match: re.Match[str]) -> str:
        what, name = match.group(1), html.unescape(match.group(3))
        tip = tooltips.get(name, name) if what == "node" else arrows.get(name, name)
        data = f' data-id="{html.escape(name)}"' if what == "node" else ""
        return f'<g class="{what}"{data}>\n<title>{html.escape(tip)}</title>'

    text = _TITLE.sub(retitle, text)
    # the tooltips are the titles now: the links that carried them (and their namespace) go
    text = _LINK.sub("", text).replace(' xmlns:xlink="http://www.w3.org/1999/xlink"', "")
    text = text[text.index("<svg"):]
    size = _SIZE.search(text)
    if size and shot.scale < 1:
        w, h = float(size.group(1)) * shot.scale, float(size.group(2)) * shot.scale
        text = _SIZE.sub(f'<svg width="{w:.0f}pt" height="{h:.0f}pt"', text, count=1)
    head_end = text.index(">", text.index("<svg")) + 1
    tail = text.rindex("</svg>")
    return text[:head_end] + '\n<g id="viewport">' + text[head_end:tail] + "</g>\n</svg>\n"


def python_svg(shot: Picture) -> str:
    """The picture drawn from the pure-Python layout."""
    placed, drawing = shot.placement, shot.drawing
    top = caption_height(drawing, placed)
    width, height = placed.width, placed.height + top
    out = [(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
            f'width="{width * shot.scale:.0f}" height="{height * shot.scale:.0f}" '
            'font-family="Helvetica, Arial, sans-serif" font-size="11">'),
           ('<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" '
            'orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#555"/></marker></defs>'),
           '<g id="viewport">', f'<rect width="{width:.0f}" height="{height:.0f}" fill="white"/>']
    for i, line in enumerate([drawing.title, *drawing.caption]):
        weight = ' font-weight="bold"' if i == 0 else ""
        out.append(f'<text x="16" y="{22 + i * CAPTION_LINE:.0f}" font-size="13"{weight}>{html.escape(line)}</text>')
    out.append(f'<g transform="translate(0 {top:.0f})">')
    out += _clusters(shot)
    for arrow, path, label in zip(drawing.arrows, placed.arrows, placed.labels):
        colour = "#aaa" if arrow.forbidden else "#555"
        dash = ' stroke-dasharray="4 3"' if arrow.forbidden else ""
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = path[:4]
        out.append(f'<g class="edge"><title>{html.escape(arrow.tooltip)}</title>'
                   f'<path d="M {x0:.1f} {y0:.1f} C {x1:.1f} {y1:.1f} {x2:.1f} {y2:.1f} {x3:.1f} {y3:.1f}" '
                   f'fill="none" stroke="{colour}"{dash} marker-end="url(#arrow)"/>')
        if label is not None:
            out.append(f'<text x="{label[0]:.1f}" y="{label[1] - 3:.1f}" font-size="9" fill="{colour}" '
                       'text-anchor="middle" stroke="white" stroke-width="3" paint-order="stroke">'
                       f'{html.escape(arrow.label)}</text>')
        out.append("</g>")
    for box in drawing.boxes:
        out.append(_box(box, placed.boxes[box.id]))
    out.append("</g></g></svg>")
    return "\n".join(out) + "\n"


def _clusters(shot: Picture) -> list[str]:
    """A frame round the boxes of each owner, with the owner's name."""
    frames: dict[str, list[tuple[float, float, float, float]]] = {}
    for box in shot.drawing.boxes:
        if box.cluster:
            x, y, w, h = shot.placement.boxes[box.id]
            frames.setdefault(box.cluster, []).append((x - w / 2, y - h / 2, x + w / 2, y + h / 2))
    out = []
    for name, rects in frames.items():
        left, top = min(r[0] for r in rects) - 8, min(r[1] for r in rects) - 22
        right, bottom = max(r[2] for r in rects) + 8, max(r[3] for r in rects) + 8
        out.append(f'<rect x="{left:.0f}" y="{top:.0f}" width="{right - left:.0f}" height="{bottom - top:.0f}" '
                   f'rx="8" fill="none" stroke="#9ab"/><text x="{left + 6:.0f}" y="{top + 14:.0f}" '
                   f'font-size="12">{html.escape(name)}</text>')
    return out


def _box(box: Box, where: tuple[float, float, float, float]) -> str:
    x, y, w, h = where
    left, top = x - w / 2, y - h / 2
    head = f'<g class="node" data-id="{html.escape(box.id)}"><title>{html.escape(box.tooltip)}</title>'
    if box.rows:
        return head + _card(box, left, top, w) + "</g>"
    dash = ' stroke-dasharray="5 3"' if box.style == "summary" else ""
    stroke = ' stroke-width="2"' if box.style in ("start", "deal_end", "game_over") else ""
    parts = [head, (f'<rect x="{left:.1f}" y="{top:.1f}" width="{w:.1f}" height="{h:.1f}" rx="6" '
                    f'fill="{box.fill}" stroke="#345"{dash}{stroke}/>')]
    for i, line in enumerate(box.lines):
        parts.append(f'<text x="{x:.1f}" y="{top + 17 + i * 15:.1f}" text-anchor="middle">{html.escape(line)}</text>')
    return "".join(parts) + "</g>"


def _card(box: Box, left: float, top: float, width: float) -> str:
    """The reference card: a title row, then one row for each line of what beats what."""
    cells = [(wrap_cell(a), wrap_cell(b)) for a, b in box.rows]
    split = max(len(line) for a, _ in cells for line in a) * 6.6 + 16
    parts = [f'<rect x="{left:.1f}" y="{top:.1f}" width="{width:.1f}" height="28" fill="#dde6f3" stroke="#567"/>',
             (f'<text x="{left + width / 2:.1f}" y="{top + 18:.1f}" text-anchor="middle" font-weight="bold">'
              f'{html.escape(box.lines[0])}</text>')]
    y = top + 28
    for a, b in cells:
        h = max(len(a), len(b)) * 15 + 8
        parts.append(f'<rect x="{left:.1f}" y="{y:.1f}" width="{split:.1f}" height="{h:.1f}" fill="white" stroke="#567"/>'
                     f'<rect x="{left + split:.1f}" y="{y:.1f}" width="{width - split:.1f}" height="{h:.1f}" '
                     'fill="white" stroke="#567"/>')
        for column, lines in ((left + 8, a), (left + split + 8, b)):
            for i, line in enumerate(lines):
                parts.append(f'<text x="{column:.1f}" y="{y + 16 + i * 15:.1f}">{html.escape(line)}</text>')
        y += h
    return "".join(parts)
