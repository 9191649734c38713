"""Graphviz DOT text of a graph: short labels in the boxes and on the arrows, the full position
or citations as tooltips, the caption as the graph's label; zones of one owner in one cluster and
the reference card of what beats what as one table."""

from __future__ import annotations

import html
from typing import Any

import networkx as nx

from .drawing import Box, Drawing, drawing_of, wrap_cell

FONT = "Helvetica"


def quote(text: Any) -> str:
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def to_dot(graph: nx.DiGraph) -> str:
    """The whole graph as DOT (a picture may be cut to a size; this file never is), in the
    direction the pictures take."""
    from .layout import choose_direction

    drawing = drawing_of(graph)
    choose_direction(drawing)
    return drawing_to_dot(drawing)


def rankdir(drawing: Drawing) -> str:
    """Move graphs read left to right, one column a move (a wide fan becomes a tall column,
    with each move's text along its arrow); the rules graph as `layout.choose_direction` found
    reads best, else top down."""
    return drawing.direction or ("LR" if drawing.kind != "rules" else "TB")


def drawing_to_dot(drawing: Drawing, dpi: float | None = None) -> str:
    caption = "".join(html.escape(line) + '<BR ALIGN="LEFT"/>' for line in [drawing.title, *drawing.caption])
    lines = [f"digraph {quote(drawing.title)} {{",
             f"  graph [rankdir={rankdir(drawing)}, fontname={FONT}, fontsize=13, labelloc=t, labeljust=l, "
             f"nodesep=0.25, ranksep=0.45, label=<{caption}>, tooltip={quote(drawing.title)}"
             + (f", dpi={dpi:.1f}" if dpi else "") + "];",
             f"  node [shape=box, style=\"rounded,filled\", fontname={FONT}, fontsize=11, color=\"#334455\", margin=\"0.1,0.04\"];",
             f"  edge [fontname={FONT}, fontsize=9, color=\"#555555\", arrowsize=0.7];"]
    clusters: dict[str, list[Box]] = {}
    for box in drawing.boxes:
        clusters.setdefault(box.cluster, []).append(box)
    for index, (owner, boxes) in enumerate(clusters.items()):
        indent = "  "
        if owner:
            lines.append(f"  subgraph cluster_{index} {{ label={quote(owner)}; style=\"rounded\"; color=\"#99aabb\"; "
                         f"tooltip={quote(owner)};")
            indent = "    "
        lines += [indent + _node(box) for box in boxes]
        if owner:
            lines.append("  }")
    for arrow in drawing.arrows:
        attrs = [f"label={quote(arrow.label)}", f"tooltip={quote(arrow.tooltip)}", f"labeltooltip={quote(arrow.tooltip)}"]
        if arrow.forbidden:
            attrs += ["color=\"#aaaaaa\"", "fontcolor=\"#888888\"", "style=dashed"]
        lines.append(f"  {quote(arrow.tail)} -> {quote(arrow.head)} [{', '.join(attrs)}];")
    tails = {arrow.tail for arrow in drawing.arrows}
    for card in (box for box in drawing.boxes if box.rows):  # below the zones, not beside them: narrower
        for box in drawing.boxes:
            if not box.rows and box.id not in tails:
                lines.append(f"  {quote(box.id)} -> {quote(card.id)} [style=invis];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _node(box: Box) -> str:
    attrs = [f"fillcolor={quote(box.fill)}", f"tooltip={quote(box.tooltip)}"]
    if box.rows:
        attrs = ["shape=plain", "style=\"\"", f"tooltip={quote(box.tooltip)}", f"label=<{_card(box)}>"]
    else:
        attrs.insert(0, f"label={quote(chr(10).join(box.lines))}")
    if box.style in ("deal_end", "game_over"):
        attrs.append("peripheries=2")
    elif box.style == "start":
        attrs.append("penwidth=2")
    elif box.style == "summary":
        attrs.append("style=\"rounded,filled,dashed\"")
    return f"{quote(box.id)} [{', '.join(attrs)}];"


def _card(box: Box) -> str:
    """The reference card as a Graphviz HTML-like table."""
    def cell(text: str) -> str:
        return '<BR ALIGN="LEFT"/>'.join(html.escape(line) for line in wrap_cell(text)) + '<BR ALIGN="LEFT"/>'

    rows = [f'<TR><TD COLSPAN="2" BGCOLOR="#dde6f3"><B>{html.escape(box.lines[0])}</B></TD></TR>']
    rows += [f'<TR><TD ALIGN="LEFT" BALIGN="LEFT">{cell(a)}</TD><TD ALIGN="LEFT" BALIGN="LEFT">{cell(b)}</TD></TR>'
             for a, b in box.rows]
    return ('<TABLE BORDER="1" CELLBORDER="1" CELLSPACING="0" CELLPADDING="5" COLOR="#556677" BGCOLOR="#ffffff">'
            + "".join(rows) + "</TABLE>")
