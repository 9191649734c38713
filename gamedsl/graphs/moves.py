"""The move graph: positions as nodes (one per position, however it was reached), moves as edges."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

import networkx as nx

from ..engine.state import State


def move_graph(state: State, depth: int | None = None, turn: bool = False, max_nodes: int = 2000,
               show_forbidden: bool = False, as_player: str | int | None = None,
               progress: Callable[[int], None] | None = None) -> nx.DiGraph:
    """Explore the moves from `state`, breadth first: `depth` moves deep, or with `turn` every
    sequence of moves of the current turn until it ends (the position after the turn's last move
    is a leaf). Positions reached by different move orders are one node (keyed by `State.key`).
    `show_forbidden` adds the moves a priority removed, greyed, with the rule that removed them;
    `as_player` describes each position as that player sees it. The work stops at `max_nodes`
    (the graph says so: `graph.graph["cut"]`)."""
    if depth is None and not turn:
        depth = 1
    root = state.copy()
    start_turn = (root.current, root.turn_number, root.deal_number)
    graph = nx.DiGraph(game=state.game.title, kind="moves", root="", cut=False,
                       mode="turn" if turn else f"depth {depth}")
    graph.graph["root"] = _add_node(graph, root, 0, as_player)
    queue: deque[tuple[State, int]] = deque([(root, 0)])
    while queue:
        position, level = queue.popleft()
        here = _node_id(position)
        if position.is_over or (depth is not None and level >= depth):
            continue
        if turn and (position.current, position.turn_number, position.deal_number) != start_turn:
            continue
        legal = list(position.legal_moves())
        for move in legal:
            child = position.copy()
            child.play(move)
            key = _node_id(child)
            if key not in graph:
                if graph.number_of_nodes() >= max_nodes:
                    graph.graph["cut"] = True
                    queue.clear()
                    break
                _add_node(graph, child, level + 1, as_player)
                queue.append((child, level + 1))
                if progress is not None:
                    progress(graph.number_of_nodes())
            graph.add_edge(here, key, label=move.text, player=position.current_player, forbidden=False)
        if show_forbidden:
            _forbidden_edges(graph, position, level, as_player)
    for node, data in graph.nodes(data=True):
        data["leaf"] = graph.out_degree(node) == 0
    return graph


def _node_id(state: State) -> str:
    return str(abs(hash(state.key())))


def _add_node(graph: nx.DiGraph, state: State, level: int, as_player: str | int | None) -> str:
    node = _node_id(state)
    seat = as_player if as_player is not None else state.current
    view = state.observation(seat)
    shown = {name: cards for name, cards in view["zones"].items() if cards}
    text = "\n".join(f"{name}: {' '.join(cards)}" for name, cards in shown.items())
    scores = " ".join(f"{p} {s:g}" for p, s in state.scores.items())
    label = f"{state.current_player} to move" if not state.is_over else f"over · {scores}"
    if state.results and not state.is_over and state.results[-1].number == state.deal_number - 1 and level:
        label = f"deal {state.results[-1].number} over · " + " ".join(
            f"{p} {s:g}" for p, s in zip(state.players, state.results[-1].scores))
    graph.add_node(node, label=label, depth=level, to_move=state.current_player, over=state.is_over,
                   scores=scores, position=text, deal=state.deal_number)
    return node


def _forbidden_edges(graph: nx.DiGraph, position: State, level: int, as_player: str | int | None) -> None:
    """The moves the building rules allow but a priority removed, each to where it would lead."""
    legal = set(position._legal_internal())
    codec = position.game.codec
    here = _node_id(position)
    for internal in position._generate(apply_priorities=False):
        if internal in legal:
            continue
        verdict = position.explain(codec.public(internal))
        child = position.copy()
        child._apply(internal)
        key = _node_id(child)
        if key not in graph:
            _add_node(graph, child, level + 1, as_player)
            graph.nodes[key]["unexplored"] = True
        rule = verdict.rule.name if verdict.rule is not None else ""
        where = f"{verdict.rule.pos.file}:{verdict.rule.pos.line}" if verdict.rule is not None else ""
        graph.add_edge(here, key, label=str(codec.public(internal)), player=position.current_player,
                       forbidden=True, rule=rule, where=where, reason=verdict.reason)
