"""The move graph: positions as nodes (one per position, however it was reached), moves as edges.

Two kinds. What a turn can reach (`turn=True`, the default for a turn): the distinct positions
where the turn ends, each by its shortest way, as a tree from the start; moves back to a position
already seen are folded, and when there are more ends than can be drawn a few are chosen and a
`summary` node and the graph's `summary` lines say what was left out. Every sequence (`depth=N`,
or `turn=True, every=True`): each move an edge, as perft counts them, for small explorations.

Node attributes (what every writer reads): `label` (at most three short lines: what changed on
the way in, who is to move or how the deal ended, the viewer's hand), `title` (the shortest way
and the whole table as the viewer sees it), `depth`, `to_move`, `over`, `scores`, `leaf`,
`node_kind` (start, position, turn_end, deal_end, game_over, summary). Edges: `label`, `title`,
`forbidden` (and `rule`, `where`, `reason` for a forbidden move). Graph: `cut`, `summary`, `mode`.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable

import networkx as nx

from ..console import deal_report
from ..engine.state import State
from .describe import (
    LINE,
    arrivals,
    change_text,
    cut,
    edge_text,
    hand_text,
    move_text,
    net_lines,
    position_text,
    status_text,
    symbols,
)
from .reach import ENDS, START, Reach, iter_tree, reach, table_key

DRAWN = 80  # positions drawn of what a turn can reach, by default
EXPLORED = 20_000  # positions a search of what a turn can reach looks at, by default
EVERY = 2_000  # positions of a graph of every sequence, by default


def move_graph(state: State, depth: int | None = None, turn: bool = False, max_nodes: int | None = None,
               show_forbidden: bool = False, as_player: str | int | None = None,
               progress: Callable[[int], None] | None = None, every: bool = False,
               explore: int = EXPLORED) -> nx.DiGraph:
    """The moves from `state`. With `turn`: what the current turn can reach — its distinct end
    positions by their shortest ways, `explore` positions looked at and `max_nodes` drawn (80);
    with `every` too, or with only `depth`: every sequence of moves, `depth` deep or to the
    turn's end, stopping at `max_nodes` positions (2,000). `show_forbidden` adds, greyed, the
    moves a priority removed, with the rule; `as_player` tells each position as that player
    sees it (by default, as the player to move at the start sees it)."""
    viewer = _viewer(state, as_player)
    if turn and not every:
        found = reach(state, depth=depth, explore=explore, progress=progress)
        return _reach_graph(state, found, max_nodes or DRAWN, viewer, show_forbidden, depth)
    return _every_graph(state, depth if depth is not None or turn else 1, turn, max_nodes or EVERY,
                        viewer, show_forbidden, progress)


def _viewer(state: State, as_player: str | int | None) -> int:
    """The seat the graph is told for: `as_player` (`P2`, `p2` or a seat number), else the mover."""
    if as_player is None:
        return state.current
    if isinstance(as_player, int) and 0 <= as_player < len(state.players):
        return as_player
    if str(as_player).upper() in state.players:
        return state.players.index(str(as_player).upper())
    raise ValueError(f"no player {as_player!r}: the players are {', '.join(state.players)}")


# ---- what a turn can reach ---------------------------------------------------------------------

def _reach_graph(state: State, found: Reach, budget: int, viewer: int, show_forbidden: bool,
                 depth: int | None) -> nx.DiGraph:
    ends = found.ends()
    room = budget - budget // 4 if show_forbidden else budget  # a quarter kept for where forbidden moves lead
    everything = len(found) <= room and not found.cut
    drawn, direct, best = (set(range(len(found))), [], []) if everything else choose(found, ends, max(1, room - 1))
    mode = "turn" if depth is None else f"turn, at most {depth} moves"
    graph = nx.DiGraph(game=state.game.title, kind="moves", root="n0", cut=found.cut, mode=mode)
    results = len(state.results)
    ways: dict[int, list[str]] = {}
    keys: dict[tuple, str] = {}
    since = _turn_changes(state, found, drawn, viewer)
    net = _rarest_first({node: texts for node, texts in since.items() if found.kind[node] in ENDS})
    for node, before, after in iter_tree(state, found, drawn):
        kind = found.kind[node]
        change = change_text(before, after, viewer) if before is not None else None
        text = move_text(before, after, found.move[node], viewer) if before is not None else ""
        ways[node] = [*ways[found.parent[node]], text] if node else []
        _describe(graph, f"n{node}", after, kind, found.depth[node], viewer, results,
                  change or symbols(text) or "start", ways[node], net.get(node) if kind in ENDS else None)
        keys[table_key(after)] = f"n{node}"
        snapshot = after.copy()
        for move, child in found.out[node] or ():
            if child in drawn and found.depth[child] == found.depth[node] + 1:
                after._play_internal(move)
                shown = move_text(snapshot, after, move, viewer)
                after._undo()
                graph.add_edge(f"n{node}", f"n{child}", label=edge_text(shown, snapshot.current), title=shown,
                               player=f"P{snapshot.current + 1}", forbidden=False)
        data = graph.nodes[f"n{node}"]
        data["folded"] = sum(1 for _, c in found.out[node] or () if found.depth[c] <= found.depth[node])
        data["title"] += _moves_from_here(found, node, drawn)
    if show_forbidden:  # once every drawn position is known: a forbidden move may lead to one
        extra: dict[tuple, str] = {}
        for node, _, after in iter_tree(state, found, drawn):
            if found.kind[node] in (START, "position") and found.out[node] is not None:
                _forbidden_edges(graph, f"n{node}", after, found.depth[node], viewer, results, keys, extra,
                                 table_key, budget - 1)
    lines = _reach_summary(state, found, ends, drawn, direct, best, viewer, depth)
    if len(found) > len(drawn) or found.cut:
        _add_more(graph, found, ends, drawn, lines)
    graph.graph.update(summary=lines, explored=len(found), explore=found.explore, ends_found=len(ends),
                       ends_drawn=sum(1 for e in ends if e in drawn))
    _finish(graph, {f"n{node}": texts for node, texts in since.items()})
    return graph


def _add_more(graph: nx.DiGraph, found: Reach, ends: list[int], drawn: set[int], lines: list[str]) -> None:
    """The node `more`, which stands for what was not drawn (its panel: the summary)."""
    more = sum(1 for e in ends if e not in drawn)
    left = len(found) - len(drawn)
    label = [f"{more:,} more end positions" if more else "", f"{left:,} positions not drawn" if left else "",
             "search stopped at the cap" if found.cut else ""]
    graph.add_node("more", label="\n".join(x for x in label if x), title="\n".join(lines), depth=1,
                   to_move="", over=False, scores="", node_kind="summary")
    graph.add_edge("n0", "more", label="not drawn", title="\n".join(lines), forbidden=False, player="")


def _moves_from_here(found: Reach, node: int, drawn: set[int]) -> str:
    """For a node's panel: where its moves go, of what is drawn and what is not."""
    out = found.out[node]
    if out is None:
        return "\n\nnot explored: the search stopped at its cap" if node in found.unexpanded else ""
    shown = sum(1 for _, c in out if c in drawn and found.depth[c] == found.depth[node] + 1)
    back = sum(1 for _, c in out if found.depth[c] <= found.depth[node])
    hidden = len(out) - shown - back
    return (f"\n\n{_count(len(out), 'move')} from here: {shown:,} drawn, {back:,} back to a position no farther "
            f"from the start (folded), {hidden:,} to positions not drawn")


def _turn_changes(state: State, found: Reach, drawn: set[int], viewer: int) -> dict[int, list[str]]:
    """For each drawn position, what the turn has changed so far: the cards now elsewhere, by zone."""
    return {node: arrivals(state, after, viewer) for node, _, after in iter_tree(state, found, drawn) if node}


def _rarest_first(changes: dict) -> dict:
    """Each one's changes, those the fewest of the others share first: what sets it apart leads."""
    often = Counter(text for texts in changes.values() for text in set(texts))
    return {node: sorted(texts, key=lambda t: often[t]) for node, texts in changes.items()}


def choose(found: Reach, ends: list[int], budget: int) -> tuple[set[int], list[int], list[int]]:
    """Which end positions to draw when not all fit in `budget` nodes: in turn, the next most
    direct (fewest moves; first found) and the next best for the mover (as the computer players
    judge a position: points, standing, then the file's evaluation or the fewest cards in the
    mover's zones), each drawn with its whole shortest way, while the ways fit. The room left
    (all of it when the search stopped before any end) goes to the positions nearest the start."""
    by_way = list(ends)
    by_worth = sorted(ends, key=lambda e: (tuple(-x for x in found.worth[e]), found.depth[e], e))
    drawn: set[int] = {0}
    direct: list[int] = []
    best: list[int] = []
    taken: set[int] = set()
    queues = [(by_way, direct), (by_worth, best)]
    places = [0, 0]
    while any(places[i] < len(q) for i, (q, _) in enumerate(queues)):
        for i, (queue, picked) in enumerate(queues):
            while places[i] < len(queue):
                end = queue[places[i]]
                places[i] += 1
                if end in taken:
                    continue
                new = [n for n in found.path(end) if n not in drawn]
                if len(drawn) + len(new) <= budget:
                    drawn.update(new)
                    taken.add(end)
                    picked.append(end)
                    break
    for node in range(1, len(found)):  # breadth-first order: a node's parent comes before it
        if len(drawn) >= budget:
            break
        if found.parent[node] in drawn:
            drawn.add(node)
    return drawn, direct, best


def _reach_summary(state: State, found: Reach, ends: list[int], drawn: set[int], direct: list[int],
                   best: list[int], viewer: int, depth: int | None) -> list[str]:
    mover = f"P{found.mover + 1}"
    if state.is_over:
        return ["The match is over: there is no move to make"]
    if depth is None:
        lines = [f"What {mover}'s turn can reach: the distinct end-of-turn positions, each by its shortest way"]
    else:
        lines = [(f"What {mover}'s turn can reach in {_count(depth, 'move')}: the distinct positions where it ends "
                 f"or stands after {depth}, each by its shortest way")]
    if found.cut:
        lines.append(f"explored {len(found):,} positions and stopped at the cap (--explore {found.explore:,}): "
                     "the turn can reach more")
    else:
        lines.append(f"explored all {_count(len(found), 'position')} the turn can reach")
    shown_ends = [e for e in ends if e in drawn]
    line = f"{_count(len(ends), 'distinct end position')} found, {len(shown_ends):,} drawn"
    if best:
        line += f" ({len(direct)} by the fewest moves, {len(best)} the best for {mover})"
    lines.append(line)
    by_depth: dict[int, int] = {}
    for d in found.depth:
        by_depth[d] = by_depth.get(d, 0) + 1
    lines.append("positions by moves from the start: " + ", ".join(f"{d}: {n:,}" for d, n in sorted(by_depth.items())))
    if any(found.kind[e] in ENDS for e in ends):
        end_depths: dict[int, int] = {}
        for e in ends:
            end_depths[found.depth[e]] = end_depths.get(found.depth[e], 0) + 1
        lines.append("end positions by moves: " + ", ".join(f"{d}: {n:,}" for d, n in sorted(end_depths.items())))
    fans = sorted((n for n in range(len(found)) if found.out[n]), key=lambda n: (-len(found.out[n] or ()), n))[:3]
    if fans:
        lines.append("largest fans: " + "; ".join(f"{_way_text(state, found, n, viewer)}: {len(found.out[n] or ()):,} moves"
                                                 for n in fans))
    lines.append(f"{found.folded:,} moves back to a position no farther from the start folded, "
                 f"{found.merged:,} other ways as short merged")
    if len(found) > len(drawn):
        lines.append(f"{len(found) - len(drawn):,} positions not drawn")
    return lines


def _count(number: int, thing: str) -> str:
    return f"{number:,} {thing}" + ("" if number == 1 else "s")


def _way_text(state: State, found: Reach, node: int, viewer: int) -> str:
    """`the start`, or the last move of the shortest way to `node` (`after 9D house3 -> house4`)."""
    if not node:
        return "the start"
    way = found.path(node)
    walker = state.copy()
    for step in way[1:-1]:
        walker._play_internal(found.move[step])
    before = walker.copy()
    walker._play_internal(found.move[node])
    return f"after {move_text(before, walker, found.move[node], viewer)} (move {len(way) - 1})"


# ---- every sequence ------------------------------------------------------------------------------

def _every_graph(state: State, depth: int | None, turn: bool, max_nodes: int, viewer: int,
                 show_forbidden: bool, progress: Callable[[int], None] | None) -> nx.DiGraph:
    """Breadth first, every move an edge: positions equal by the engine's key are one node."""
    root = state.copy()
    start_turn = (root.current, root.turn_number, root.deal_number)
    results = len(root.results)
    mode = "every sequence of the turn" if turn else f"every sequence, {depth} moves deep"
    if turn and depth is not None:
        mode += f", at most {depth} moves"
    graph = nx.DiGraph(game=state.game.title, kind="moves", root="n0", cut=False, mode=mode)
    ids: dict[tuple, str] = {root.key(): "n0"}
    since: dict[str, list[str]] = {}  # what has changed since the start, for telling boxes apart
    extra: dict[tuple, str] = {}  # positions only a forbidden move has reached so far
    _describe(graph, "n0", root, START, 0, viewer, results, "start", [])
    queue: deque[tuple[State, int, list[str]]] = deque([(root, 0, [])])
    edges = 0
    while queue:
        position, level, way = queue.popleft()
        here = ids[position.key()]
        if position.is_over or (depth is not None and level >= depth):
            continue
        if turn and (position.current, position.turn_number, position.deal_number) != start_turn:
            continue
        for move in list(position._legal_internal()):
            child = position.copy()
            child._play_internal(move)
            key = child.key()
            text = move_text(position, child, move, viewer)
            if key not in ids:
                if key not in extra and len(ids) + len(extra) >= max_nodes:
                    graph.graph["cut"] = True
                    queue.clear()
                    break
                ids[key] = extra.pop(key, None) or f"n{len(ids)}"
                kind = _kind_of(child, start_turn, results)
                child_way = [*way, text]
                _describe(graph, ids[key], child, kind, level + 1, viewer, results,
                          change_text(position, child, viewer) or symbols(text), child_way)
                since[ids[key]] = arrivals(root, child, viewer)
                queue.append((child, level + 1, child_way))
                if progress is not None:
                    progress(len(ids))
            graph.add_edge(here, ids[key], label=edge_text(text, position.current), title=text,
                           player=position.current_player, forbidden=False)
            edges += 1
        if show_forbidden:
            _forbidden_edges(graph, here, position, level, viewer, results, ids, extra, State.key, max_nodes)
    kept = graph.number_of_nodes()
    lines = [f"{mode[0].upper()}{mode[1:]}: {_count(kept, 'position')}, {_count(edges, 'move')}"]
    if graph.graph["cut"]:
        lines.append(f"stopped at {max_nodes:,} positions (--max-nodes): the moves reach more")
    by_depth = Counter(d for _, d in graph.nodes(data="depth"))
    lines.append("positions by moves from the start: " + ", ".join(f"{d}: {n:,}" for d, n in sorted(by_depth.items())))
    graph.graph["summary"] = lines
    _finish(graph, since)
    return graph


def _kind_of(state: State, start_turn: tuple[int, int, int], results: int) -> str:
    if state.over:
        return "game_over"
    if len(state.results) > results:
        return "deal_end"
    if (state.current, state.turn_number, state.deal_number) != start_turn:
        return "turn_end"
    return "position"


# ---- shared ----------------------------------------------------------------------------------------

def _describe(graph: nx.DiGraph, node: str, state: State, kind: str, level: int, viewer: int,
              results: int, change: str, way: list[str], net: list[str] | None = None) -> None:
    """Add `node` with its label (what changed, who is to move or the scores, the hand) and title.
    `net`: for the end of a turn, what the whole turn changed (the cards now elsewhere)."""
    ended = len(state.results) > results
    whole = bool(net) and not ended
    what = net_lines(net) if net and whole else [cut(change)]
    status = status_text(state, kind, results)
    hand = None if ended else hand_text(state, viewer)  # after a deal: the next deal's hand
    title = ""
    if way:  # the moves one per line, numbered: a side panel reads them as a list
        title = f"shortest way ({len(way)} move{'s' if len(way) != 1 else ''}):\n"
        title += "".join(f"  {i}. {text}\n" for i, text in enumerate(way, 1)) + "\n"
    if ended:
        title += "\n".join(symbols(line) for line in deal_report(state, state.results[-1])) + "\n\n"
    title += position_text(state, viewer)
    scores = " ".join(f"{p} {s:g}" for p, s in state.scores.items())
    graph.add_node(node, label=_label(what, status, hand), title=title, depth=level, to_move=state.current_player,
                   over=state.is_over, scores=scores, node_kind=kind, deal=state.deal_number, change=change,
                   unexplored=False, _parts=(what, status, hand, whole))


def _label(what: list[str], status: str, extra: str | None) -> str:
    """At most three lines: what changed (one or two), the status, then the hand or what tells
    the box apart, when there is room."""
    return "\n".join([*what, status, *([extra] if extra and len(what) == 1 else [])])


def _finish(graph: nx.DiGraph, since: dict[str, list[str]]) -> None:
    for node, data in graph.nodes(data=True):
        data["leaf"] = graph.out_degree(node) == 0
    _distinct_labels(graph, since)
    for _, data in graph.nodes(data=True):
        data.pop("_parts", None)


def _distinct_labels(graph: nx.DiGraph, since: dict[str, list[str]]) -> None:
    """Boxes that would read alike tell what else has changed since the start, what sets them
    apart from each other first (`with 8♦ → house1 +1 more`; the end of a turn reorders what
    its turn changed), and if still alike their number: every label names one position."""
    for rounds in range(2):  # with what else changed, then (refining again would only shuffle) numbers
        alike: dict[str, list[str]] = {}
        for node, data in graph.nodes(data=True):
            alike.setdefault(data["label"], []).append(node)
        for nodes in alike.values():
            if len(nodes) < 2:
                continue
            shared = Counter(text for node in nodes for text in set(since.get(node, [])))
            for node in nodes:
                data = graph.nodes[node]
                if rounds == 0 and "_parts" in data:
                    what, status, _, whole = data["_parts"]
                    changes = sorted(since.get(node, []), key=lambda t: shared[t])
                    if whole:
                        data["label"] = _label(net_lines(changes), status, None)
                        continue
                    rest = [t for t in changes if t not in what[0].split(", ")]
                    if rest:
                        data["label"] = _label(what, status, "with " + net_lines(rest, 1, LINE - len("with "))[0])
                elif rounds == 1:  # the number, on the line with the most room
                    lines = data["label"].split("\n")
                    mark = f" #{node.lstrip('nf')}"
                    roomy = min(range(len(lines)), key=lambda i: len(lines[i]))
                    lines[roomy] = cut(lines[roomy], LINE - len(mark)) + mark
                    data["label"] = "\n".join(lines)


def _forbidden_edges(graph: nx.DiGraph, here: str, position: State, level: int, viewer: int, results: int,
                     keys: dict[tuple, str], extra: dict[tuple, str], key_of: Callable[[State], tuple],
                     budget: int) -> None:
    """The moves the building rules allow but a priority removed, each to where it would lead
    (a position of the graph, or a new one left unexplored while the graph has room)."""
    legal = set(position._legal_internal())
    codec = position.game.codec
    for internal in position._generate(apply_priorities=False):
        if internal in legal:
            continue
        verdict = position.explain(codec.public(internal))
        child = position.copy()
        child._apply(internal)
        text = move_text(position, child, internal, viewer)
        key = key_of(child)
        node = keys.get(key) or extra.get(key)
        if node is None:
            if graph.number_of_nodes() >= budget:
                continue
            node = extra[key] = f"f{len(extra)}"
            _describe(graph, node, child, "position", level + 1, viewer, results,
                      change_text(position, child, viewer) or symbols(text), [f"{text} (forbidden)"])
            graph.nodes[node]["unexplored"] = True
        rule = verdict.rule.name if verdict.rule is not None else ""
        where = f"{verdict.rule.pos.file}:{verdict.rule.pos.line}" if verdict.rule is not None else ""
        graph.add_edge(here, node, label=edge_text(text, position.current), player=position.current_player, forbidden=True,
                       rule=rule, where=where, reason=verdict.reason,
                       title=f"{text}: forbidden by rule {rule} ({where}): {verdict.reason}")
