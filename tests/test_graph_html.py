"""The HTML graph page: one offline file with Cytoscape.js inlined, checked in real headless
Chromium (driven over the DevTools pipe, network switched off): it fits the window, is not blank,
search finds cards in either spelling, collapse hides exactly what only that node reaches, boxes
never overlap whatever the layout's unit, and a 2,000-node turn graph opens folded and quickly."""

from __future__ import annotations

import json
import re
from importlib.resources import files
from pathlib import Path

import networkx as nx
import pytest

from gamedsl import resources
from gamedsl.graphs import html_page, move_graph, rules_graph, write_graph
from gamedsl.graphs.html_page import headline, page_data, summary_lines, to_html

from .chromium import Browser, find_chromium
from .conftest import cached_game

needs_chromium = pytest.mark.skipif(find_chromium() is None, reason="no headless Chromium on this machine")


def contract_graph() -> nx.DiGraph:
    """A small move graph as the shared attribute contract describes it, with known labels."""
    g = nx.DiGraph(game="Test", kind="moves", root="s", cut=True, mode="turn",
                   summary=["5 positions drawn of ≥ 9 reached", "2 distinct end-of-turn positions"])
    g.add_node("s", label="start\nP2 to move", title="house2: 10S\nhouse4: 9D", depth=0, node_kind="start")
    g.add_node("a", label="9♦ → house2\nP2 to move", title="house2: 10S 9D", depth=1, node_kind="position")
    g.add_node("b", label="9♦ → house1\nP2 to move", title="house1: 10C 9D", depth=1, node_kind="position")
    g.add_node("c", label="8♣ → house4\nP1 to move", title="house4: 9D 8C", depth=2, node_kind="turn_end")
    g.add_node("d", label="10♥ → foundation1\nP2 to move", title="foundation1: 10H", depth=2, node_kind="deal_end")
    g.add_node("e", label="…4 more", title="4 positions not drawn", depth=3, node_kind="summary")
    g.add_edge("s", "a", label="9D house4 -> house2", title="9D house4 -> house2", forbidden=False)
    g.add_edge("s", "b", label="9D house4 -> house1", title="9D house4 -> house1", forbidden=False)
    g.add_edge("a", "c", label="8C house5 -> house4", title="8C house5 -> house4", forbidden=False)
    g.add_edge("a", "d", label="10H P1.reserve -> foundation1", forbidden=True,
               title="10H P1.reserve -> foundation1\nforbidden by P1 — x.game:110")
    g.add_edge("b", "d", label="10H P1.reserve -> foundation1", title="10H P1.reserve -> foundation1", forbidden=False)
    g.add_edge("c", "e", label="more", title="4 more moves", forbidden=False)
    for node in g:
        g.nodes[node].update(leaf=g.out_degree(node) == 0, over=False, to_move="P2", scores="")
    return g


# ---------------------------------------------------------------- without a browser

def test_the_library_is_a_package_resource_with_its_licence():
    static = files("gamedsl.graphs") / "static"
    for name in ("cytoscape.min.js", "cytoscape.LICENSE", "graph_page.html", "graph_page.js", "graph_page.css"):
        assert (static / name).is_file(), name
    assert "3.35.0" in (static / "README.md").read_text(encoding="utf-8")
    assert '"3.35.0"' in (static / "cytoscape.min.js").read_text(encoding="utf-8")


def test_the_page_is_one_file_that_names_no_address():
    page = to_html(contract_graph())
    assert page.count("<script") == 3 and "<link" not in page
    assert not re.search(r"""(?:src|href|url)\s*[=(]\s*["']?(?:https?:)?//""", page)
    assert not re.search(r"<script[^>]*\bsrc=", page)


def test_the_page_data_follows_the_contract():
    data = page_data(contract_graph())
    nodes = {n["name"]: n for n in data["nodes"]}
    assert data["root"] == nodes["s"]["id"] and data["kind"] == "moves" and data["groups"] == []
    assert {n: nodes[n]["classes"] for n in nodes} == {"s": "start", "a": "position", "b": "position",
                                                       "c": "turn_end", "d": "deal_end", "e": "summary"}
    assert nodes["a"]["title"] == "house2: 10S 9D" and nodes["d"]["label"] == "10♥ → foundation1\nP2 to move"
    forbidden = [e for e in data["edges"] if "forbidden" in e["classes"]]
    assert len(forbidden) == 1 and forbidden[0]["title"].endswith("x.game:110")
    assert summary_lines(contract_graph()) == ["5 positions drawn of ≥ 9 reached", "2 distinct end-of-turn positions"]
    uncut = contract_graph()
    uncut.graph["cut"] = False
    assert headline(uncut) == "5 positions drawn of ≥ 9 reached"


def test_a_real_move_graph_gives_each_box_its_full_position_and_kind():
    graph = move_graph(cached_game("russian_bank").new_game(3), depth=2, show_forbidden=True)
    data = page_data(graph)
    root = next(n for n in data["nodes"] if n["id"] == data["root"])
    start = graph.nodes[graph.graph["root"]]
    assert root["classes"] == "start" and root["title"] == (start.get("title") or start["position"])
    assert all(n["title"] for n in data["nodes"])
    assert sum("unexplored" in n["classes"] for n in data["nodes"]) == sum(
        1 for _, d in graph.nodes(data=True) if d.get("unexplored"))
    forbidden = [e for e in data["edges"] if "forbidden" in e["classes"]]
    assert forbidden and all(re.search(r"\.game:\d+", e["title"]) for e in forbidden)
    assert summary_lines(graph) == (graph.graph.get("summary") or [
        f"{graph.number_of_nodes():,} positions, {graph.number_of_edges():,} moves (depth 2)"])


def test_the_rules_graph_groups_its_zones_by_owner():
    graph = rules_graph(cached_game("russian_bank"))
    data = page_data(graph)
    groups = {g["id"]: g["label"] for g in data["groups"]}
    assert sorted(groups.values()) == ["P1", "P2", "shared"]
    for node in data["nodes"]:
        assert groups[node["parent"]] == graph.nodes[node["name"]]["owner"]
    edge = next(e for e in data["edges"] if e["title"].count("russian_bank.game:") >= 2)
    assert len(edge["label"]) < 30  # the short names on the arrow, every citation in the panel


def test_text_in_the_graph_cannot_end_the_page_s_script():
    graph = contract_graph()
    graph.nodes["a"]["label"] = "</script><script>alert(1)</script>"
    page = to_html(graph)
    assert "<script>alert(1)" not in page
    data = re.search(r'<script type="application/json" id="graph-data">(.*?)</script>', page, re.DOTALL).group(1)
    assert json.loads(data)["nodes"][1]["label"] == "</script><script>alert(1)</script>"


# ---------------------------------------------------------------- in headless Chromium

@pytest.fixture(scope="module")
def browser():
    if find_chromium() is None:
        pytest.skip("no headless Chromium on this machine")
    with Browser(1280, 800) as b:
        yield b


def open_page(browser: Browser, graph: nx.DiGraph, path: Path) -> float:
    write_graph(graph, path)
    seconds = browser.open(path)
    browser.wait_for("document.body.dataset.ready === '1'")
    errors = [e["params"]["exceptionDetails"] for e in browser.events if e.get("method") == "Runtime.exceptionThrown"]
    assert errors == []
    return seconds


def settle(browser: Browser) -> None:
    """Let the renderer finish its frames (labels are drawn a frame after the boxes)."""
    browser.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 200))))")


def ink(png: Path, box: tuple[int, int, int, int]) -> float:
    """The share of pixels in `box` that are not (nearly) white."""
    from PIL import Image

    region = Image.open(png).convert("L").crop(box)
    histogram = region.histogram()
    return sum(histogram[:235]) / sum(histogram)


def within(fitted: dict, margin: float = 1.0) -> bool:
    return (fitted["x1"] >= -margin and fitted["y1"] >= -margin and fitted["x2"] <= fitted["width"] + margin
            and fitted["y2"] <= fitted["height"] + margin)


@needs_chromium
def test_the_rules_page_opens_offline_fitted_and_drawn(browser, tmp_path):
    open_page(browser, rules_graph(cached_game("russian_bank")), tmp_path / "rules.html")
    assert [r for r in browser.requests if not r.startswith("file:")] == []
    assert browser.evaluate("typeof cytoscape") == "function"
    fitted = browser.evaluate("graphPage.fitted()")
    assert within(fitted)
    # fitted means filling the window one way, not a speck in a corner
    assert max((fitted["x2"] - fitted["x1"]) / fitted["width"], (fitted["y2"] - fitted["y1"]) / fitted["height"]) > 0.9
    assert browser.evaluate("graphPage.cy.nodes('.group').map(n => n.data('label')).sort()") == ["P1", "P2", "shared"]
    assert browser.evaluate("graphPage.overlaps()") == 0
    settle(browser)
    shot = browser.screenshot(tmp_path / "rules.png")
    width = browser.evaluate("document.getElementById('cy').clientWidth")
    assert ink(shot, (0, 60, width, 780)) > 0.03


@needs_chromium
@pytest.mark.parametrize("graph", [nx.DiGraph(kind="moves"), nx.DiGraph(kind="rules"),
                                   nx.DiGraph([((1, "x"), (2, "y"))], kind="moves")], ids=["empty moves", "empty rules", "odd names"])
def test_a_page_of_an_empty_or_odd_graph_opens_without_a_script_error(browser, tmp_path, graph):
    open_page(browser, graph, tmp_path / "g.html")
    assert browser.evaluate("graphPage.visibleNodes()") == graph.number_of_nodes()


@needs_chromium
def test_a_layout_s_nonsense_does_not_break_the_page(browser, tmp_path, monkeypatch):
    bad = iter([(float("nan"), 1.0), (float("inf"), 2.0), ("x", None)])
    monkeypatch.setattr(html_page, "layout", lambda g: {n: next(bad, (0.0, 0.0)) for n in g})
    graph = contract_graph()
    graph.nodes["b"]["depth"] = "two"
    data = page_data(graph)
    assert [(n["x"], n["y"]) for n in data["nodes"]][:3] == [(0.0, 1.0), (0.0, 2.0), (0.0, 0.0)]
    assert data["nodes"][2]["depth"] is None
    open_page(browser, graph, tmp_path / "g.html")
    assert browser.evaluate("graphPage.visibleNodes()") == 6


@needs_chromium
def test_the_summary_lines_head_the_page(browser, tmp_path):
    open_page(browser, contract_graph(), tmp_path / "g.html")
    lines = ["5 positions drawn of ≥ 9 reached", "2 distinct end-of-turn positions"]
    assert browser.evaluate("document.getElementById('headline').textContent") == (
        lines[0] + " · incomplete: stopped at the cap (the panel says what was left out)")
    assert browser.evaluate("[...document.querySelectorAll('#summary li')].map(li => li.textContent)") == lines
    browser.evaluate("void graphPage.cy.getElementById(graphPage.idOf('a')).emit('tap')")
    assert browser.evaluate("document.getElementById('summary')") is None  # the panel shows the box
    browser.evaluate("void graphPage.cy.emit('tap')")  # the background: what the graph is, again
    assert browser.evaluate("[...document.querySelectorAll('#summary li')].map(li => li.textContent)") == lines


@needs_chromium
@pytest.mark.parametrize("query, counts", [
    ("9♦", {"nodes": 2, "edges": 2, "hidden": 0}),
    ("9D", {"nodes": 2, "edges": 2, "hidden": 0}),
    ("9d", {"nodes": 2, "edges": 2, "hidden": 0}),
    ("10♥", {"nodes": 1, "edges": 2, "hidden": 0}),
    ("0H", {"nodes": 1, "edges": 2, "hidden": 0}),    # not a card: any text containing it
    ("house4", {"nodes": 1, "edges": 3, "hidden": 0}),
    ("QS", {"nodes": 0, "edges": 0, "hidden": 0}),
])
def test_search_finds_a_card_in_either_spelling_or_a_move(browser, tmp_path, query, counts):
    open_page(browser, contract_graph(), tmp_path / "g.html")
    assert browser.evaluate(f"graphPage.search({json.dumps(query)})") == counts
    if counts["nodes"] + counts["edges"]:
        assert browser.evaluate("graphPage.cy.elements('.match').length") == counts["nodes"] + counts["edges"]
        box = browser.evaluate("(() => { const b = graphPage.cy.elements('.match').renderedBoundingBox();"
                               " return {x1: b.x1, y1: b.y1, x2: b.x2, y2: b.y2, width: graphPage.cy.width(),"
                               " height: graphPage.cy.height()}; })()")
        assert within(box)  # zoomed to what it found
        assert browser.evaluate("document.getElementById('count').textContent").startswith(f"{counts['nodes']} positions")


@needs_chromium
def test_search_in_positions_reads_the_full_text_and_counts_what_is_folded(browser, tmp_path):
    open_page(browser, contract_graph(), tmp_path / "g.html")
    assert browser.evaluate("graphPage.search('9D', true)") == {"nodes": 4, "edges": 2, "hidden": 0}
    browser.evaluate("graphPage.toggle(graphPage.idOf('a'))")
    assert browser.evaluate("graphPage.search('8♣')") == {"nodes": 0, "edges": 0, "hidden": 2}


@needs_chromium
def test_collapse_hides_what_only_that_node_reaches_and_says_how_many(browser, tmp_path):
    open_page(browser, contract_graph(), tmp_path / "g.html")
    assert browser.evaluate("graphPage.visibleNodes()") == 6
    assert browser.evaluate("graphPage.toggle(graphPage.idOf('a'))") is True
    # a reaches c, d and e; d is reached through b too, so only c and e go
    assert browser.evaluate("graphPage.visibleNodes()") == 4
    hidden = browser.evaluate("graphPage.cy.nodes('.hidden').map(n => n.data('name')).sort()")
    assert hidden == ["c", "e"]
    assert browser.evaluate("graphPage.cy.getElementById(graphPage.idOf('a')).data('label')").endswith("[+2 hidden]")
    assert browser.evaluate("graphPage.toggle(graphPage.idOf('s'))") is True
    assert browser.evaluate("graphPage.visibleNodes()") == 1
    assert browser.evaluate("graphPage.cy.getElementById(graphPage.idOf('s')).data('label')").endswith("[+5 hidden]")
    assert browser.evaluate("graphPage.overlaps()") == 0
    assert browser.evaluate("document.getElementById('folded').textContent") == "5 of 6 hidden"
    # expanding shows one more level: the children that lead on come folded
    assert browser.evaluate("graphPage.toggle(graphPage.idOf('s'))") is False
    assert browser.evaluate("graphPage.cy.nodes().not('.hidden').map(n => n.data('name')).sort()") == ["a", "b", "s"]
    label = "graphPage.cy.getElementById(graphPage.idOf('{}')).data('label')"
    assert browser.evaluate(label.format("a")) == "9♦ → house2\nP2 to move\n[+3 hidden]"
    assert browser.evaluate(label.format("b")) == "9♦ → house1\nP2 to move\n[+1 hidden]"
    assert browser.evaluate("graphPage.overlaps()") == 0
    browser.evaluate("graphPage.expandAll()")
    assert browser.evaluate("graphPage.visibleNodes()") == 6
    assert browser.evaluate(label.format("a")) == "9♦ → house2\nP2 to move"
    assert browser.evaluate("document.getElementById('folded').textContent") == ""


@needs_chromium
def test_the_side_panel_shows_the_full_text_of_what_is_clicked(browser, tmp_path):
    graph = contract_graph()
    graph.nodes["a"]["label"] = "</script><b>x</b>"
    open_page(browser, graph, tmp_path / "g.html")
    browser.evaluate("void graphPage.cy.getElementById(graphPage.idOf('a')).emit('tap')")
    assert browser.evaluate("document.querySelector('#info h2').textContent") == "</script><b>x</b>"
    assert browser.evaluate("document.querySelector('#info pre').textContent") == "house2: 10S 9D"
    browser.evaluate("void graphPage.cy.edges('.forbidden').emit('tap')")
    assert browser.evaluate("document.querySelector('#info pre').textContent").endswith("forbidden by P1 — x.game:110")


@needs_chromium
@pytest.mark.parametrize("unit", [0.01, 1.0, 40.0])
def test_boxes_never_overlap_whatever_the_layout_s_unit(browser, tmp_path, monkeypatch, unit):
    real = html_page.layout
    monkeypatch.setattr(html_page, "layout", lambda g: {n: (x * unit, y * unit) for n, (x, y) in real(g).items()})
    open_page(browser, move_graph(cached_game("russian_bank").new_game(3), depth=2), tmp_path / "g.html")
    assert browser.evaluate("graphPage.overlaps()") == 0
    # the moves' texts too: moves into one box (transpositions) are stacked, not written on one spot
    assert browser.evaluate("graphPage.cy.edges().filter(e => e.data('lift') > 0).length") > 0
    assert browser.evaluate("graphPage.labelOverlaps()") == 0
    assert within(browser.evaluate("graphPage.fitted()"))


@needs_chromium
@pytest.mark.parametrize("turn, curve, direction", [
    (lambda x, y: (x, y), "taxi", "rightward"),        # the depths in columns
    (lambda x, y: (y, x), "taxi", "downward"),         # the depths in rows
    (lambda x, y: (x + y * 0.37, y - x * 0.21), "bezier", None),  # not layered: curved edges
    # ranked by something else than the depth: every other box of depth 2 one column further
    (lambda x, y: (x + 260 * (x == 560 and y % 140 == 40), y), "taxi", "rightward"),
])
def test_edges_follow_the_layout_s_ranks(browser, tmp_path, monkeypatch, turn, curve, direction):
    real = html_page.layout
    monkeypatch.setattr(html_page, "layout", lambda g: {n: turn(x, y) for n, (x, y) in real(g).items()})
    open_page(browser, move_graph(cached_game("russian_bank").new_game(3), depth=2), tmp_path / "g.html")
    assert browser.evaluate("graphPage.cy.edges()[0].style('curve-style')") == curve
    if direction:
        assert browser.evaluate("graphPage.cy.edges()[0].style('taxi-direction')") == direction
        assert browser.evaluate("graphPage.labelOverlaps()") == 0
    assert browser.evaluate("graphPage.overlaps()") == 0
    assert within(browser.evaluate("graphPage.fitted()"))


@needs_chromium
def test_a_two_thousand_node_turn_opens_folded_readable_and_quickly(browser, tmp_path):
    graph = move_graph(cached_game("russian_bank").new_game(3), turn=True, max_nodes=2000)
    assert graph.number_of_nodes() == 2000
    seconds = open_page(browser, graph, tmp_path / "turn.html")
    ready_ms = browser.evaluate("graphPage.readyMs")
    print(f"2,000-node page: loaded in {seconds:.2f} s, drawn {ready_ms / 1000:.2f} s after its script started")
    assert ready_ms < 30_000
    depth = browser.evaluate("graphPage.openedFolded")
    assert depth is not None and 0 < browser.evaluate("graphPage.visibleNodes()") <= 300
    shown = sum(1 for _, d in graph.nodes(data=True) if d["depth"] <= depth)
    assert browser.evaluate("graphPage.visibleNodes()") == shown
    assert browser.evaluate("document.getElementById('folded').textContent") == (
        f"folded at depth {depth}: {2000 - shown:,} of 2,000 hidden")
    fitted = browser.evaluate("graphPage.fitted()")
    assert within(fitted) and fitted["zoom"] > 0.3  # readable: not a faint line
    assert browser.evaluate("document.getElementById('hint').hidden") is (fitted["zoom"] * 11 >= 6)
    assert browser.evaluate("graphPage.overlaps()") == 0
    assert browser.evaluate("graphPage.labelOverlaps()") == 0
    settle(browser)
    shot = browser.screenshot(tmp_path / "turn.png")
    assert ink(shot, (0, 60, 900, 780)) > 0.01
    browser.evaluate("graphPage.expandAll()")
    assert browser.evaluate("graphPage.visibleNodes()") == 2000
    assert browser.evaluate("graphPage.overlaps()") == 0
    assert within(browser.evaluate("graphPage.fitted()"))


@needs_chromium
def test_show_them_opens_the_way_to_what_a_search_found_folded_away(browser, tmp_path):
    open_page(browser, contract_graph(), tmp_path / "g.html")
    browser.evaluate("graphPage.toggle(graphPage.idOf('s'))")
    assert browser.evaluate("graphPage.search('8♣')") == {"nodes": 0, "edges": 0, "hidden": 2}
    assert browser.evaluate("document.getElementById('reveal').hidden") is False
    assert browser.evaluate("graphPage.reveal()") == {"nodes": 1, "edges": 1, "hidden": 0}
    # the way s → a → c is open; b beside it and e below c stay folded
    assert browser.evaluate("graphPage.cy.nodes().not('.hidden').map(n => n.data('name')).sort()") == [
        "a", "b", "c", "d", "s"]
    assert browser.evaluate("graphPage.cy.nodes('.collapsed').map(n => n.data('name')).sort()") == ["b", "c"]
    assert browser.evaluate("document.getElementById('reveal').hidden") is True


@needs_chromium
def test_hovering_a_box_shows_its_full_text_by_the_pointer(browser, tmp_path):
    open_page(browser, contract_graph(), tmp_path / "g.html")
    assert browser.evaluate("document.getElementById('tip').hidden") is True
    browser.evaluate("void graphPage.cy.getElementById(graphPage.idOf('b')).emit('mouseover')")
    assert browser.evaluate("document.getElementById('tip').hidden") is False
    assert browser.evaluate("document.getElementById('tip').textContent") == "house1: 10C 9D"
    assert browser.evaluate("document.querySelector('#info pre').textContent") == "house1: 10C 9D"
    browser.evaluate("void graphPage.cy.getElementById(graphPage.idOf('b')).emit('mouseout')")
    assert browser.evaluate("document.getElementById('tip').hidden") is True


@needs_chromium
def test_the_mouse_zooms_pans_and_double_click_collapses(browser, tmp_path):
    open_page(browser, contract_graph(), tmp_path / "g.html")
    where = ("(() => {{ const r = document.getElementById('cy').getBoundingClientRect();"
             " const p = graphPage.cy.getElementById(graphPage.idOf('{}')).renderedPosition();"
             " return [r.left + p.x, r.top + p.y]; }})()")
    zoom = browser.evaluate("graphPage.cy.zoom()")
    assert browser.evaluate("document.getElementById('hint').hidden") is True  # readable as fitted
    browser.evaluate("void graphPage.cy.zoom(0.2)")
    assert browser.evaluate("document.getElementById('hint').hidden") is False
    browser.evaluate(f"void graphPage.cy.zoom({zoom})")
    x, y = browser.evaluate(where.format("s"))
    browser.mouse("mouseMoved", x, y)
    browser.mouse("mouseWheel", x, y, deltaX=0, deltaY=-300)
    browser.wait_for(f"graphPage.cy.zoom() > {zoom} * 1.02", timeout=10)
    assert browser.evaluate(where.format("s")) == pytest.approx([x, y], abs=2)  # zooms about the pointer
    pan = browser.evaluate("graphPage.cy.pan()")
    browser.mouse("mousePressed", 20, 700)
    for step in range(1, 6):
        browser.mouse("mouseMoved", 20 + 20 * step, 700 + 10 * step, button="left", buttons=1)
    browser.mouse("mouseReleased", 120, 750)
    moved = browser.evaluate("graphPage.cy.pan()")
    assert moved["x"] - pan["x"] == pytest.approx(100, abs=2) and moved["y"] - pan["y"] == pytest.approx(50, abs=2)
    x, y = browser.evaluate(where.format("a"))
    for count in (1, 2):
        browser.mouse("mousePressed", x, y, clickCount=count)
        browser.mouse("mouseReleased", x, y, clickCount=count)
    browser.wait_for("graphPage.visibleNodes() === 4", timeout=10)
    assert browser.evaluate("document.querySelector('#info h2').textContent") == "9♦ → house2\nP2 to move"


@needs_chromium
@pytest.mark.parametrize("name", resources.game_names())
def test_the_rules_page_of_every_game_opens_cleanly(browser, tmp_path, name):
    graph = rules_graph(cached_game(name))
    open_page(browser, graph, tmp_path / "rules.html")
    assert browser.evaluate("graphPage.visibleNodes()") == graph.number_of_nodes()
    assert browser.evaluate("graphPage.overlaps()") == 0
    assert browser.evaluate("graphPage.labelOverlaps()") == 0
    assert within(browser.evaluate("graphPage.fitted()"))
    assert browser.evaluate("document.getElementById('fold').parentElement.hidden") is True


@needs_chromium
def test_frames_by_owner_go_when_the_layout_mixes_the_owners(browser, tmp_path, monkeypatch):
    real = html_page.layout

    def mixed(graph):
        pos = real(graph)
        pos["P1.hand"], pos["P2.hand"] = pos["P2.hand"], pos["P1.hand"]
        return pos

    graph = rules_graph(cached_game("russian_bank"))
    open_page(browser, graph, tmp_path / "kept.html")
    assert browser.evaluate("graphPage.cy.nodes('.group').length") == 3
    assert browser.evaluate("document.getElementById('grouped').hidden") is False
    monkeypatch.setattr(html_page, "layout", mixed)
    open_page(browser, graph, tmp_path / "mixed.html")
    assert browser.evaluate("graphPage.cy.nodes('.group').length") == 0
    assert browser.evaluate("document.getElementById('grouped').hidden") is True
    assert browser.evaluate("graphPage.visibleNodes()") == graph.number_of_nodes()


@needs_chromium
def test_texts_of_curved_edges_that_would_collide_are_kept_quiet(browser, tmp_path, monkeypatch):
    real = html_page.layout
    monkeypatch.setattr(html_page, "layout", lambda g: {n: (x * 0.5 + y * 0.2, y * 0.6 - x * 0.1)
                                                        for n, (x, y) in real(g).items()})
    open_page(browser, rules_graph(cached_game("russian_bank")), tmp_path / "g.html")
    quiet = browser.evaluate("graphPage.cy.edges().filter(e => e.data('quiet')).length")
    assert 0 < quiet < browser.evaluate("graphPage.cy.edges().length")
    assert browser.evaluate("graphPage.labelOverlaps()") == 0
    # a quiet text is still in the tooltip and the panel
    browser.evaluate("void graphPage.cy.edges().filter(e => e.data('quiet'))[0].emit('tap')")
    assert "russian_bank.game:" in browser.evaluate("document.querySelector('#info pre').textContent")


@needs_chromium
def test_the_panel_lists_the_ways_in_and_out_and_goes_there(browser, tmp_path):
    open_page(browser, contract_graph(), tmp_path / "g.html")
    browser.evaluate("graphPage.toggle(graphPage.idOf('a'))")  # c and e folded away
    browser.evaluate("void graphPage.cy.getElementById(graphPage.idOf('a')).emit('tap')")
    lists = browser.evaluate("[...document.querySelectorAll('#info h3')].map(h => h.textContent)")
    assert lists == ["Moves from here (2)", "Reached by (1)"]
    assert browser.evaluate("[...document.querySelectorAll('#info ul.ways')][0].textContent") == (
        "8C house5 -> house410H P1.reserve -> foundation1")
    browser.evaluate("document.querySelector('#info ul.ways a').click()")  # to c, folded away
    assert browser.evaluate("document.querySelector('#info h2').textContent") == "8♣ → house4\nP1 to move"
    assert browser.evaluate("graphPage.cy.getElementById(graphPage.idOf('c')).hasClass('hidden')") is False
    assert browser.evaluate("graphPage.cy.getElementById(graphPage.idOf('c')).selected()") is True


def test_the_rules_page_says_what_beats_what_once_instead_of_an_arrow_a_pair():
    graph = rules_graph(cached_game("dou_dizhu"))
    beats = [(a, b) for a, b, d in graph.edges(data=True) if d.get("kind") == "beats"]
    assert beats  # the data keeps the relation ...
    data = page_data(graph)
    assert len(data["edges"]) == graph.number_of_edges() - len(beats)  # ... the page draws no arrow of it
    lines = summary_lines(graph)
    assert "what beats what — tier 2: rocket: beats everything else" in lines
    assert any(line.startswith("what beats what — tier 0: solo, pair") for line in lines)
    assert not [line for line in summary_lines(rules_graph(cached_game("russian_bank"))) if "beats" in line]
