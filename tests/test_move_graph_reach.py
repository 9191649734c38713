"""What a turn can reach, and what a move graph's nodes say: shortest ways checked against a
breadth-first search written here, transpositions merged, cycles folded, the summary of what
was not drawn, labels that tell positions apart, and a player's view that hides what it must."""

from __future__ import annotations

import subprocess
import sys
from collections import deque
from pathlib import Path

import networkx as nx
import pytest
import yaml

from gamedsl import cards, resources
from gamedsl.engine.views import visible_cards
from gamedsl.graphs import move_graph
from gamedsl.graphs.describe import LINE, symbols
from gamedsl.graphs.moves import DRAWN
from gamedsl.graphs.reach import ENDS, reach

from .conftest import cached_game

ROOT = Path(__file__).resolve().parents[1]
FILLER = {"house3": ["KS"], "house4": ["KH"], "house5": ["KD"], "house6": ["KC"], "house7": ["QS"], "house8": ["QH"]}


def folded_key(state) -> tuple:
    """The position without the count of the turn's moves, computed on a copy."""
    other = state.copy()
    other.moves_in_turn = 0
    return other.key()


def bfs_depths(state, depth: int) -> dict[tuple, int]:
    """Moves from `state` to every position of its turn at most `depth` moves away, by copies."""
    start = (state.current, state.turn_number, state.deal_number)
    seen = {folded_key(state): 0}
    queue = deque([(state, 0)])
    while queue:
        position, level = queue.popleft()
        if level >= depth or position.is_over or (position.current, position.turn_number,
                                                  position.deal_number) != start:
            continue
        for move in position.legal_moves():
            child = position.copy()
            child.play(move)
            key = folded_key(child)
            if key not in seen:
                seen[key] = level + 1
                queue.append((child, level + 1))
    return seen


@pytest.mark.parametrize("seed", [1, 3])
def test_the_shortest_ways_are_the_shortest(seed):
    state = cached_game("russian_bank").new_game(seed)
    found = reach(state, depth=3, explore=100_000)
    assert not found.cut
    expected = bfs_depths(state, 3)
    got = {}
    for node in range(len(found)):
        replayed = state.copy()
        for step in found.path(node)[1:]:
            replayed.play(replayed.game.codec.public(found.move[step]))
        assert len(found.path(node)) - 1 == found.depth[node]
        got[folded_key(replayed)] = found.depth[node]
    assert got == expected


def test_transpositions_are_merged_and_moves_back_folded():
    game = cached_game("russian_bank")
    # 9S onto 10H and 9C onto 10D are independent: either order reaches one position
    state = game.load_position(yaml.safe_dump({"turn": "P1", "zones": {
        "P1.reserve": ["QS"], "P1.hand": ["2C"], "P2.reserve": ["JD"], "P2.hand": ["3C"],
        "house1": ["9S"], "house2": ["10H"], "house3": ["9C"], "house4": ["10D"], "house5": ["KD"], "house6": ["KC"],
        "house7": ["KS"], "house8": ["KH"]}}))
    found = reach(state, depth=2)
    assert found.merged >= 1 and found.folded >= 1      # the other order; a card moved back where it was
    graph = move_graph(state, turn=True, depth=2)
    assert nx.is_directed_acyclic_graph(graph)
    both = [n for n, d in graph.nodes(data=True) if d["depth"] == 2 and graph.in_degree(n) == 2]
    assert both, "9S->10H then 9C->10D, and the other order, meet in one node"
    keys = [folded_key(s) for s in _positions(state, graph)]
    assert len(keys) == len(set(keys))                   # a position is drawn once


def _positions(state, graph):
    """The position of every drawn node, replayed along its `title`'s shortest way."""
    for node, data in graph.nodes(data=True):
        if data["node_kind"] == "summary":
            continue
        replayed = state.copy()
        lines = data["title"].split("\n")
        if data["depth"]:
            assert lines[0] == f"shortest way ({data['depth']} move{'s' if data['depth'] > 1 else ''}):"
            for number, line in enumerate(lines[1:data["depth"] + 1], 1):
                replayed.play(line.removeprefix(f"  {number}. "))
        yield replayed


@pytest.mark.parametrize("name, seed, players", [("russian_bank", 14, None), ("schwimmen", 4, 3)])
def test_a_whole_turn_is_drawn_when_it_fits(name, seed, players):
    state = cached_game(name, players).new_game(seed)   # seed 14: a first turn of six positions
    found = reach(state)
    graph = move_graph(state, turn=True)
    assert not found.cut and graph.number_of_nodes() == len(found) <= DRAWN
    assert not graph.graph["cut"] and "more" not in graph
    assert graph.graph["summary"][1] == f"explored all {len(found)} positions the turn can reach"  # 6, 3
    ends = [d for _, d in graph.nodes(data=True) if d["node_kind"] in ENDS]
    nxt = f"P{(state.current + 1) % len(state.players) + 1}"
    assert len(ends) == len(found.ends()) and all(f"turn over · {nxt} to move" in d["label"] for d in ends)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_first_turn_of_russian_bank_finishes_with_a_summary(seed):
    state = cached_game("russian_bank").new_game(seed)
    graph = move_graph(state, turn=True, explore=5_000)
    assert graph.graph["cut"] and graph.number_of_nodes() <= DRAWN
    summary = graph.graph["summary"]
    assert summary[0].startswith(f"What {state.current_player}'s turn can reach")
    assert "explored 5,000 positions and stopped at the cap" in summary[1]
    assert "distinct end positions found" in summary[2] and "drawn" in summary[2]
    assert any(line.startswith("positions by moves from the start: 0: 1, 1: ") for line in summary)
    assert any(line.startswith("largest fans: ") for line in summary)
    (more,) = [d for _, d in graph.nodes(data=True) if d["node_kind"] == "summary"]
    assert "not drawn" in more["label"] and more["title"] == "\n".join(summary)
    ends = [n for n, d in graph.nodes(data=True) if d["node_kind"] == "turn_end"]
    assert ends and all(nx.has_path(graph, graph.graph["root"], n) for n in ends)
    root = graph.nodes[graph.graph["root"]]
    drawn = graph.out_degree(graph.graph["root"]) - 1                   # the edge to `more` is no move
    assert f"from here: {drawn} drawn, " in root["title"].split("\n")[-1]


@pytest.mark.parametrize("name, seed", [("russian_bank", 3), ("schwimmen", 2), ("dou_dizhu", 4), ("hearts", 1),
                                        ("spite_and_malice", 1), ("cribbage", 1)])
def test_labels_say_what_changed_and_tell_positions_apart(name, seed):
    state = cached_game(name).new_game(seed)
    graph = move_graph(state, depth=2, max_nodes=300)
    labels = [d["label"] for _, d in graph.nodes(data=True)]
    assert len(labels) == len(set(labels)) == graph.number_of_nodes()
    for label in labels:
        lines = label.split("\n")
        assert 2 <= len(lines) <= 3 and all(len(line) <= LINE for line in lines), label
    assert sum("→" in label for label in labels) >= len(labels) // 2   # what moved, and where
    assert not all(label.split("\n")[0].endswith("to move") for label in labels)
    root = graph.nodes[graph.graph["root"]]
    assert root["label"].startswith("start\n") and root["title"].startswith(f"--- {state.game.title} · deal 1")
    for _, _, data in graph.edges(data=True):
        assert len(data["label"]) <= LINE and data["title"]


def test_a_card_move_is_labelled_by_the_card_and_where_it_went():
    state = cached_game("russian_bank").new_game(1)     # P2 must play A♥ from the reserve first
    graph = move_graph(state, depth=1)
    (child,) = graph.successors("n0")
    assert graph.nodes[child]["label"] == "A♥ → foundation1\nP2 to move"
    assert graph.edges["n0", child]["label"] == "A♥ reserve → foundation1"
    assert graph.edges["n0", child]["title"] == "AH P2.reserve -> foundation1"


def test_as_a_player_what_it_may_not_see_is_never_named():
    state = cached_game("hearts").new_game(1)
    mover = state.current
    viewer = (mover + 1) % len(state.players)
    hand = state.game.compiled.zones.by_name[f"P{mover + 1}.hand"]
    assert set(visible_cards(state, hand, viewer)) == {"??"}            # passed face down: hidden throughout
    held = {symbols(cards.CARD_TEXT[c]) for c in state.zones[hand]}
    for as_player, told in ((f"P{viewer + 1}", False), (f"P{mover + 1}", True)):
        graph = move_graph(state, depth=1, as_player=as_player)
        texts = [d[k] for _, d in graph.nodes(data=True) for k in ("label", "title")]
        texts += [d[k] for *_, d in graph.edges(data=True) for k in ("label", "title")]
        named = {card for card in held if any(card in text for text in texts)}
        assert (named == held) if told else not named, (as_player, named)


def test_as_a_player_a_hidden_pass_is_told_without_its_cards():
    state = cached_game("hearts").new_game(1)
    mover = state.current
    viewer = (mover + 1) % len(state.players)
    graph = move_graph(state, depth=1, as_player=f"P{viewer + 1}")
    edges = [d for *_, d in graph.edges(data=True)]
    assert edges and all(d["title"] == "pass (3 cards not shown)" for d in edges)
    assert all("not shown" in d["label"] for d in edges)


def test_every_sequence_of_a_turn_is_still_there():
    state = cached_game("schwimmen", 3).new_game(4)
    graph = move_graph(state, turn=True, every=True)
    assert graph.graph["mode"] == "every sequence of the turn"
    assert graph.out_degree("n0") == len(state.legal_moves())
    big = move_graph(cached_game("russian_bank").new_game(3), turn=True, every=True, max_nodes=50)
    assert big.graph["cut"] and big.number_of_nodes() == 50
    assert "stopped at 50 positions (--max-nodes)" in big.graph["summary"][1]


def _graph_command(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gamedsl", "graph", "moves", "russian_bank", *args],
                          check=False, capture_output=True, text=True, cwd=ROOT, timeout=300)


def test_the_command_prints_the_summary(tmp_path):
    out = tmp_path / "turn.json"
    run = _graph_command("--seed", "1", "--turn", "--explore", "3000", "-o", str(out))
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith(f"{out}: ") and "nodes" in lines[0]
    assert lines[1] == "  What P2's turn can reach: the distinct end-of-turn positions, each by its shortest way"
    assert lines[2] == "  explored 3,000 positions and stopped at the cap (--explore 3,000): the turn can reach more"
    for bad, message in ((["--explore", "0"], "--explore 0: give a whole number from 1 to 200,000"),
                         (["--max-nodes", "-4"], "--max-nodes -4: give a whole number"),
                         (["--all"], "--all goes with --turn")):
        run = _graph_command("--seed", "1", *bad, "-o", str(out))
        assert run.returncode == 2 and message in run.stderr and "Traceback" not in run.stderr


def test_the_readme_pictures_are_drawn_from_seed_1(tmp_path):
    from PIL import Image

    run = subprocess.run([sys.executable, str(ROOT / "tools" / "pictures.py"), "--out", str(tmp_path)],
                         check=False, capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "what the first turn of seed 1 can reach" in run.stdout and "distinct end positions found" in run.stdout
    for name in ("russian_bank_rules.png", "dou_dizhu_rules.png", "russian_bank_turn.png"):
        with Image.open(tmp_path / name) as picture:
            assert picture.format == "PNG" and picture.width * picture.height <= 16_000_000


def test_a_turn_at_most_n_moves_deep_ends_where_it_stands_after_n():
    state = cached_game("russian_bank").new_game(1)
    found = reach(state, depth=2)
    assert not found.cut and max(found.depth) == 2
    assert sorted(found.ends()) == [n for n in range(len(found)) if found.depth[n] == 2 or found.kind[n] in ENDS]
    graph = move_graph(state, turn=True, depth=2)
    assert graph.graph["summary"][0] == ("What P2's turn can reach in 2 moves: the distinct positions where it "
                                         "ends or stands after 2, each by its shortest way")
    assert graph.number_of_nodes() == len(found) == 1 + 1 + 6     # A♥ must go first, then six moves


@pytest.mark.parametrize("name", resources.game_names())
def test_the_turn_of_every_game_is_drawn_with_short_distinct_labels(name):
    state = cached_game(name).new_game(1)
    graph = move_graph(state, turn=True, explore=1_000)
    assert 1 <= graph.number_of_nodes() <= DRAWN
    labels = [d["label"] for _, d in graph.nodes(data=True)]
    assert len(set(labels)) == len(labels)
    assert all(len(line) <= LINE for label in labels for line in label.split("\n"))
    assert graph.graph["summary"] and all(d["title"] for _, d in graph.nodes(data=True))


def test_a_shown_counter_that_changed_is_part_of_the_label():
    state = cached_game("spades").new_game(1)
    graph = move_graph(state, depth=1)
    bids = sorted(d["label"].split("\n")[0] for n, d in graph.nodes(data=True) if n != "n0")
    assert bids[:3] == [f"{state.current_player} bid {n}" for n in (1, 10, 11)]  # as shown: numbers ...
    assert f"{state.current_player} bid nil" in bids  # ... and a nil bid as the file words it


def test_a_finished_match_is_one_node_that_says_so():
    import random

    state = cached_game("schwimmen").new_game(1)
    state.playout(random.Random(1))
    assert state.is_over
    graph = move_graph(state, turn=True)
    assert graph.number_of_nodes() == 1 and graph.graph["summary"] == ["The match is over: there is no move to make"]
    assert graph.nodes["n0"]["label"].split("\n")[1].startswith("game over · P1 ")
    assert move_graph(state, depth=2).graph["summary"][0] == "Every sequence, 2 moves deep: 1 position, 0 moves"
