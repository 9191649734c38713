"""Move graphs and rules graphs: counts against perft, transpositions, every output format
written and read back, and the rules graph of every game file."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest
import yaml

import gamedsl
from gamedsl import resources
from gamedsl.graphs import move_graph, rules_graph, write_graph

from .conftest import cached_game

ROOT = Path(__file__).resolve().parents[1]


def perft(state, depth: int) -> int:
    if depth == 0 or state.is_over:
        return 1
    total = 0
    for move in state.legal_moves():
        state.play(move)
        total += perft(state, depth - 1)
        state.undo()
    return total


@pytest.mark.parametrize("name, seed", [("russian_bank", 3), ("dou_dizhu", 1), ("schwimmen", 2), ("spite_and_malice", 1)])
def test_one_move_deep_the_graph_has_an_edge_per_legal_move(name, seed):
    state = cached_game(name).new_game(seed)
    graph = move_graph(state, depth=1)
    assert graph.out_degree(graph.graph["root"]) == perft(state, 1)
    keys = set()
    for move in state.legal_moves():
        child = state.copy()
        child.play(move)
        keys.add(child.key())
    assert graph.number_of_nodes() == 1 + len(keys)


@pytest.mark.parametrize("name, seed", [("russian_bank", 3), ("schwimmen", 2), ("dou_dizhu", 4)])
def test_two_moves_deep_the_counts_are_the_perft_counts_of_the_distinct_positions(name, seed):
    state = cached_game(name).new_game(seed)
    graph = move_graph(state, depth=2, max_nodes=100_000)
    level1: dict = {}
    for move in state.legal_moves():
        child = state.copy()
        child.play(move)
        level1.setdefault(child.key(), child)
    level2 = set()
    edges = perft(state, 1)
    for child in level1.values():
        if child.key() == state.key():
            continue
        edges += perft(child, 1) if not child.is_over else 0
        for move in ([] if child.is_over else child.legal_moves()):
            grandchild = child.copy()
            grandchild.play(move)
            level2.add(grandchild.key())
    nodes = {state.key()} | set(level1) | level2
    assert graph.number_of_edges() == edges
    assert graph.number_of_nodes() == len(nodes)


def test_transpositions_are_one_node():
    game = cached_game("russian_bank")
    filler = {"house3": ["KS"], "house4": ["KH"], "house5": ["KD"], "house6": ["KC"], "house7": ["QS"], "house8": ["QH"]}
    state = game.load_position(yaml.safe_dump({"turn": "P1", "zones": {
        "P1.reserve": ["JC"], "P1.hand": ["2C"], "P2.reserve": ["JD"], "P2.hand": ["3C"],
        "house1": ["9S"], "house2": ["9C"], **filler, "foundation1": ["AH", "2H", "3H", "4H", "5H", "6H", "7H"]}}))
    graph = move_graph(state, depth=2)
    assert len(set(graph.nodes)) == graph.number_of_nodes()
    # two independent moves in either order reach one position
    state = game.load_position(yaml.safe_dump({"turn": "P1", "zones": {
        "P1.reserve": ["QS"], "P1.hand": ["2C"], "P2.reserve": ["JD"], "P2.hand": ["3C"],
        "house1": ["9S"], "house2": ["10H"], "house3": ["9C"], "house4": ["10D"], "house5": ["KD"], "house6": ["KC"],
        "house7": ["KS"], "house8": ["KH"]}}))
    graph = move_graph(state, depth=2)
    merged = [n for n in graph.nodes if graph.in_degree(n) >= 2]
    assert merged, "9S->10H then 9C->10D, and the other order, meet in one node"


def test_turn_exploration_stops_when_the_turn_ends_and_says_when_cut():
    state = cached_game("schwimmen", 3).new_game(4)
    graph = move_graph(state, turn=True, every=True)
    root_player = state.current_player
    for node, data in graph.nodes(data=True):
        if graph.out_degree(node):
            assert data["to_move"] == root_player
    big = move_graph(cached_game("russian_bank").new_game(3), turn=True, every=True, max_nodes=50)
    assert big.graph["cut"] and big.number_of_nodes() == 50


def test_forbidden_moves_are_greyed_with_the_rule():
    game = cached_game("russian_bank")
    filler = {"house3": ["KS"], "house4": ["KH"], "house5": ["KD"], "house6": ["KC"], "house7": ["QS"], "house8": ["QH"]}
    state = game.load_position(yaml.safe_dump({"turn": "P1", "zones": {
        "P1.reserve": ["AH"], "P1.hand": ["2C"], "P2.reserve": ["JD"], "P2.hand": ["3C"],
        "house1": ["9S"], "house2": ["10H"], **filler}}))
    graph = move_graph(state, depth=1, show_forbidden=True)
    forbidden = [d for _, _, d in graph.edges(data=True) if d["forbidden"]]
    assert forbidden and all(d["rule"] == "P1" and d["where"].startswith("russian_bank.game:") for d in forbidden)


def test_as_a_player_hidden_cards_stay_hidden():
    state = cached_game("schwimmen", 3).new_game(1)
    graph = move_graph(state, depth=1, as_player="P1")
    root = graph.nodes[graph.graph["root"]]["title"]
    assert "P2" in root and "## ## ##" in root


def test_terminal_positions_show_their_scores():
    game = cached_game("loo", 3)
    state = game.load_position(yaml.safe_dump({"turn": "P1", "counters": {"dealer": 3}, "zones": {
        "P1.hand": ["AC", "KC", "8D"], "P2.hand": ["9C", "9S", "JD"], "P3.hand": ["8S", "9H", "JH"],
        "pool": ["10C", "10H", "8H"]}}))
    graph = move_graph(state, depth=1)
    ended = [d for _, d in graph.nodes(data=True) if d["node_kind"] == "deal_end"]
    assert ended and all(d["label"].split("\n")[1].startswith("deal 1 over · P1 ") for d in ended)
    assert all("Deal 1 ends" in d["title"] for d in ended)


def test_the_rules_graph_of_russian_bank_shows_what_may_travel():
    graph = rules_graph(gamedsl.load_game("russian_bank"))
    assert graph.out_degree("foundation") == 0                       # nothing leaves a foundation
    into_own_waste = [a for a, b in graph.in_edges("P1.waste") if a.startswith("P1.")]
    assert into_own_waste == ["P1.turned"]                            # only the hand card
    assert graph.edges["P1.turned", "P1.waste"]["label"] == "discard"    # short: the move's name
    title = graph.edges["P1.turned", "P1.waste"]["title"]                 # the citations: a tooltip
    assert title.startswith("discard — russian_bank.game:")
    assert "priority P2" in graph.edges["house", "foundation"]["title"]
    assert "priority P1" in graph.edges["P1.reserve", "foundation"]["title"]


def test_the_rules_graph_of_dou_dizhu_shows_phases_and_what_beats_what():
    graph = rules_graph(gamedsl.load_game("dou_dizhu"))
    assert graph.has_edge("phase:bidding", "phase:play")
    assert graph.has_edge("combination:rocket", "combination:bomb")
    assert graph.has_edge("combination:bomb", "combination:straight")
    assert not graph.has_edge("combination:straight", "combination:pair")


@pytest.mark.parametrize("name", resources.game_names())
def test_the_rules_graph_of_every_game_builds(name):
    graph = rules_graph(cached_game(name))
    assert graph.number_of_nodes() > 0 and graph.number_of_edges() > 0


def test_every_format_is_written_and_read_back(tmp_path):
    import pydot

    graph = move_graph(cached_game("russian_bank").new_game(3), depth=2, show_forbidden=True)
    for ext in (".dot", ".graphml", ".json", ".svg", ".png", ".html"):
        write_graph(graph, tmp_path / f"g{ext}")
    read = nx.read_graphml(tmp_path / "g.graphml")
    assert read.number_of_nodes() == graph.number_of_nodes() and read.number_of_edges() == graph.number_of_edges()
    data = json.loads((tmp_path / "g.json").read_text())
    again = nx.node_link_graph(data, edges="links")
    assert again.number_of_edges() == graph.number_of_edges()
    (dot,) = pydot.graph_from_dot_file(str(tmp_path / "g.dot"))
    assert len(dot.get_edges()) == graph.number_of_edges()
    assert (tmp_path / "g.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    svg = (tmp_path / "g.svg").read_text()
    assert svg.startswith("<svg") and svg.count('class="node"') == graph.number_of_nodes()
    page = (tmp_path / "g.html").read_text()
    assert "<script>" in page and not re.search(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", page)


def test_the_graph_command(tmp_path):
    out = tmp_path / "rules.json"
    run = subprocess.run([sys.executable, "-m", "gamedsl", "graph", "rules", "russian_bank", "-o", str(out)],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert run.returncode == 0 and "nodes" in run.stdout and out.exists()
    run = subprocess.run([sys.executable, "-m", "gamedsl", "graph", "moves", "russian_bank", "--seed", "3", "--turn",
                          "--max-nodes", "40", "-o", str(tmp_path / "m.html")], capture_output=True, text=True,
                         cwd=ROOT, timeout=300)
    assert run.returncode == 0 and "stopped at the cap" in run.stdout
    run = subprocess.run([sys.executable, "-m", "gamedsl", "graph", "moves", "russian_bank", "-o", "x.txt"],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert run.returncode == 2 and "extension" in run.stderr and "Traceback" not in run.stderr
