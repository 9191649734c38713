"""Layout and pictures of graphs: Graphviz and the pure-Python fallback both lay out, the fallback
crosses fewer arrows than plain columns, every picture keeps its size bound, the DOT reads back
with short labels and full tooltips, and the rules graph's reference card says what beats what."""

from __future__ import annotations

import html
import re
from pathlib import Path

import networkx as nx
import pytest

import gamedsl
from gamedsl.graphs import move_graph, rules_graph, write_graph
from gamedsl.graphs.dot import to_dot
from gamedsl.graphs.drawing import MAX_EDGE_LABEL, drawing_of, reference_card
from gamedsl.graphs.graphviz_dot import has_graphviz, use_graphviz
from gamedsl.graphs.layout import layered_positions, layout, positions
from gamedsl.graphs.picture import MAX_BOXES, MAX_PIXELS
from gamedsl.graphs.png import write_png
from gamedsl.graphs.svg import to_svg

from .conftest import cached_game

ROOT = Path(__file__).resolve().parents[1]
ENGINES = ["python", pytest.param("graphviz", marks=pytest.mark.skipif(not has_graphviz(), reason="no Graphviz"))]
GAME_FILES = sorted([*ROOT.glob("games/*.game"), *ROOT.glob("games/*/*.game"), *ROOT.glob("tests/games/*.game")])


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return abs(a[0] - b[0]) * 2 < a[2] + b[2] - 1 and abs(a[1] - b[1]) * 2 < a[3] + b[3] - 1


@pytest.mark.parametrize("engine", ENGINES)
def test_both_layouts_place_every_box_inside_the_picture_and_none_on_another(engine):
    graph = move_graph(cached_game("russian_bank").new_game(3), depth=2, show_forbidden=True)
    placed = positions(drawing_of(graph), engine)
    assert placed.engine == engine
    boxes = list(placed.boxes.values())
    assert len(boxes) == graph.number_of_nodes()
    for x, y, w, h in boxes:
        assert 0 <= x - w / 2 and x + w / 2 <= placed.width + 1 and 0 <= y - h / 2 and y + h / 2 <= placed.height + 1
    assert not [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:] if _overlap(a, b)]
    assert len(placed.arrows) == graph.number_of_edges() and all(len(p) >= 4 for p in placed.arrows)
    # a move graph reads left to right: every child one column right of its parent
    x = {b.key: placed.boxes[b.id][0] for b in placed.drawing.boxes}
    root = graph.graph["root"]
    assert all(x[child] > x[root] for child in graph.successors(root))


def test_the_environment_variable_forces_the_fallback(monkeypatch):
    monkeypatch.setenv("GAMEDSL_LAYOUT", "python")
    assert not use_graphviz()
    graph = rules_graph(gamedsl.load_game("russian_bank"))
    assert positions(drawing_of(graph)).engine == "python"
    assert set(layout(graph)) == set(graph.nodes)   # the HTML page's preset positions: every node
    monkeypatch.setenv("GAMEDSL_LAYOUT", "graphviz")
    assert use_graphviz() == has_graphviz()


def _crossings(y: dict, rank: dict, edges) -> int:
    """Pairs of arrows between the same two adjacent columns whose ends are in opposite orders."""
    segments = [(a, b) if rank[a] < rank[b] else (b, a) for a, b in edges if abs(rank[a] - rank[b]) == 1]
    return sum(1 for i, (a, b) in enumerate(segments) for c, d in segments[i + 1:]
               if rank[a] == rank[c] and (y[a] - y[c]) * (y[b] - y[d]) < 0)


@pytest.mark.parametrize("name, seed, depth", [("russian_bank", 3, 3), ("dou_dizhu", 1, 2)])
def test_the_fallback_crosses_fewer_arrows_than_plain_columns(name, seed, depth):
    graph = move_graph(cached_game(name).new_game(seed), depth=depth, max_nodes=400, show_forbidden=True)
    rank = {n: d["depth"] for n, d in graph.nodes(data=True)}
    columns: dict[int, list] = {}
    for node in graph.nodes:                      # the old layout: each column in the order reached
        columns.setdefault(rank[node], []).append(node)
    old = {node: i for column in columns.values() for i, node in enumerate(column)}
    placed = layered_positions(drawing_of(graph))
    new = {box.key: placed.boxes[box.id][1] for box in placed.drawing.boxes}
    before, after = _crossings(old, rank, graph.edges), _crossings(new, rank, graph.edges)
    assert after < before / 2, (before, after)    # measured: 731 -> 267 and 69 -> 2


def _big_tree(fan: int = 60, width: int = 50) -> nx.DiGraph:
    """A synthetic move graph of 1 + width + width * fan positions, with the contract's attributes."""
    graph = nx.DiGraph(game="Synthetic", kind="moves", root="r", cut=False, mode="depth 2",
                       summary=[f"{1 + width + width * fan:,} positions reached"])
    graph.add_node("r", label="start\nP1 to move", title="the start", depth=0, node_kind="start")
    for i in range(width):
        graph.add_node(f"a{i}", label=f"{i}H → pile{i}\nP1 to move", title=f"position a{i}", depth=1,
                       node_kind="position")
        graph.add_edge("r", f"a{i}", label=f"{i}H pile -> pile{i}", title=f"{i}H from the pile", forbidden=False)
        for j in range(fan):
            graph.add_node(f"b{i}.{j}", label=f"{j}S → row{j}\nP2 to move", title=f"position b{i}.{j}", depth=2,
                           node_kind="turn_end")
            graph.add_edge(f"a{i}", f"b{i}.{j}", label=f"{j}S hand -> row{j}", title="", forbidden=False)
    return graph


@pytest.mark.parametrize("engine", ENGINES)
def test_a_picture_of_thousands_of_positions_keeps_the_size_bound_and_says_what_it_left_out(tmp_path, engine):
    from PIL import Image

    graph = _big_tree()
    write_png(graph, tmp_path / "big.png", engine=engine)
    with Image.open(tmp_path / "big.png") as image:
        width, height = image.size
    assert width * height <= MAX_PIXELS * 1.01 and max(width, height) <= 16_384
    assert re.fullmatch(r"picture: \d+ of 3,051 positions \(to depth [12]\); .*", graph.graph["drawn"])
    assert graph.graph["summary"] == ["3,051 positions reached", graph.graph["drawn"]]   # what the command prints
    svg = to_svg(graph, engine=engine)
    assert len(graph.graph["summary"]) == 2                  # a second picture does not repeat the note
    assert svg.count('class="node"') <= MAX_BOXES
    svg = html.unescape(svg)
    assert "3,051 positions reached" in svg and "picture: " in svg and "… " in svg   # caption and "… N more"
    size = re.search(r'<svg[^>]* width="([0-9.]+)(?:pt)?" height="([0-9.]+)(?:pt)?"', svg)
    assert size and float(size.group(1)) * float(size.group(2)) <= MAX_PIXELS * 1.01


@pytest.mark.parametrize("engine", ENGINES)
def test_a_real_graph_of_hundreds_of_positions_draws_within_the_bound(tmp_path, engine):
    from PIL import Image

    graph = move_graph(cached_game("russian_bank").new_game(1), depth=5, max_nodes=800)
    assert graph.number_of_nodes() > MAX_BOXES
    write_png(graph, tmp_path / "moves.png", engine=engine)
    with Image.open(tmp_path / "moves.png") as image:
        assert image.size[0] * image.size[1] <= MAX_PIXELS * 1.01
    assert graph.graph["drawn"].startswith("picture: ") and graph.graph["drawn"] in graph.graph["summary"]


def test_a_small_graph_is_drawn_whole():
    graph = move_graph(cached_game("russian_bank").new_game(3), depth=2)
    assert to_svg(graph).count('class="node"') == graph.number_of_nodes() and graph.graph["drawn"] == ""


def test_the_dot_reads_back_with_short_labels_and_the_citations_as_tooltips(tmp_path):
    import pydot

    path = write_graph(rules_graph(gamedsl.load_game("russian_bank")), tmp_path / "rules.dot")
    (dot,) = pydot.graph_from_dot_file(str(path))
    edges = {(e.get_source().strip('"'), e.get_destination().strip('"')): e for e in dot.get_edges()}
    discard = edges[("P1.turned", "P1.waste")]
    assert discard.get("label").strip('"') == "discard"
    assert discard.get("tooltip").strip('"').startswith("discard — russian_bank.game:")
    for edge in edges.values():
        assert len(edge.get("label").strip('"')) <= MAX_EDGE_LABEL and ".game:" in edge.get("tooltip")
    graph = move_graph(cached_game("russian_bank").new_game(3), depth=1, show_forbidden=True)
    (dot,) = pydot.graph_from_dot_data(to_dot(graph))
    nodes = [n for n in dot.get_nodes() if n.get_name() not in ("node", "edge", "graph")]
    nodes += [n for s in dot.get_subgraphs() for n in s.get_nodes()]
    assert len(nodes) == graph.number_of_nodes() and all(n.get("tooltip") for n in nodes)
    assert len(dot.get_edges()) == graph.number_of_edges()


def test_the_caption_carries_the_graph_summary(tmp_path):
    graph = move_graph(cached_game("russian_bank").new_game(3), depth=1)
    graph.graph["summary"] = ["12 positions drawn of 12 reached", "3 distinct end-of-turn positions"]
    for engine in ("python", "graphviz") if has_graphviz() else ("python",):
        assert "3 distinct end-of-turn positions" in html.unescape(to_svg(graph, engine=engine))
    assert "3 distinct end-of-turn positions" in to_dot(graph)


@pytest.mark.skipif(not has_graphviz(), reason="no Graphviz")
def test_in_graphviz_svg_a_box_title_is_its_tooltip():
    graph = move_graph(cached_game("russian_bank").new_game(3), depth=1)
    svg = to_svg(graph, engine="graphviz")
    titles = re.findall(r'<g class="node" data-id="([^"]+)">\s*<title>(.*?)</title>', svg, re.DOTALL)
    assert len(titles) == graph.number_of_nodes()
    for node, title in titles:
        data = graph.nodes[node]
        assert html.unescape(title) == (data.get("title") or data.get("position"))
    assert "xlink" not in svg and "http://www.w3.org/2000/svg" in svg


@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_rules_graph_of_every_game_file_lays_out_to_a_sane_size(path):
    graph = rules_graph(gamedsl.load_game(str(path)))
    for engine in ("python", "graphviz") if has_graphviz() else ("python",):
        placed = positions(drawing_of(graph), engine)
        assert placed.width <= 2600 and placed.height <= 2000 and placed.width * placed.height <= 4_000_000, \
            (engine, placed.width, placed.height)
    assert all(len(d["label"]) <= 60 for _, _, d in graph.edges(data=True))


def test_the_reference_card_says_what_beats_what_without_an_edge_per_pair():
    graph = rules_graph(gamedsl.load_game("dou_dizhu"))
    assert not list(nx.selfloop_edges(graph))
    assert graph.has_edge("combination:rocket", "combination:bomb")      # the data keep the relation
    rows = dict(reference_card(graph))
    assert rows["tier 2: rocket"] == "beats everything else"
    assert rows["tier 1: bomb"] == "beats every kind of tier 0, and a lower one of its own kind"
    (ordinary,) = [k for k in rows if k.startswith("tier 0: ")]
    assert len(ordinary.split(", ")) == 12 and rows[ordinary] == "each beats only a lower one of its own kind"
    dot = to_dot(graph)
    assert "what beats what" in dot and "combination:" not in dot         # one table, no kind nodes
    climbing = rules_graph(gamedsl.load_game(str(ROOT / "tests/games/climbing.game")))
    assert not list(nx.selfloop_edges(climbing))
    assert dict(reference_card(climbing))["class five_card: straight < flush < full_house < four < straight_flush"] \
        == "a later kind beats an earlier one"


@pytest.mark.parametrize("engine", ENGINES)
def test_the_rules_pictures_read_at_readme_width(tmp_path, engine):
    """Shown 900 pixels wide, a box's 11-point text stays at least 8 pixels high."""
    from PIL import Image

    for name in ("russian_bank", "dou_dizhu", "hearts"):  # Hearts: four owners, a ribbon if side by side
        write_png(rules_graph(gamedsl.load_game(name)), tmp_path / f"{name}.png", engine=engine)
        with Image.open(tmp_path / f"{name}.png") as image:
            width = image.size[0]
        assert 11 * 96 / 72 * min(1.0, 900 / width) >= 8, (name, width)


def test_a_picture_that_cannot_be_written_says_why(tmp_path):
    graph = rules_graph(gamedsl.load_game("russian_bank"))
    with pytest.raises(ValueError, match=r"cannot write '.*x\.png': there is no folder '.*missing'"):
        write_graph(graph, tmp_path / "missing" / "x.png")
    (tmp_path / "folder.png").mkdir()                   # a folder where the file should go
    with pytest.raises(ValueError, match=r"cannot write '.*folder\.png': \w"):
        write_graph(graph, tmp_path / "folder.png")
