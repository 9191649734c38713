"""What a turn can reach: a breadth-first search from a position over the moves of its turn
(or of its first N moves), keeping for every distinct position the shortest way to it.

One position is one node however it was reached: transpositions merge, and a move back to a
position already seen is folded (counted, not explored again) instead of drawn as a cycle.
Positions are compared as the table shows them: the engine's key without the count of moves
made this turn (moving a card away and back is the same table, two moves later). The search
walks one position with play and undo — no copies — and stops at `explore` positions, saying so.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from ..engine.moves import Internal
from ..engine.state import State
from ..players.greedy import judge_of

START, POSITION, TURN_END, DEAL_END, GAME_OVER = "start", "position", "turn_end", "deal_end", "game_over"
ENDS = (TURN_END, DEAL_END, GAME_OVER)


@dataclass
class Reach:
    """The search's result. Nodes are numbered in breadth-first order (0 is the start); the
    shortest way to node i is the path of `parent` links back to 0, `move[i]` the last move."""

    parent: list[int] = field(default_factory=list)
    move: list[Internal | None] = field(default_factory=list)
    depth: list[int] = field(default_factory=list)
    kind: list[str] = field(default_factory=list)
    # every move tried from an expanded node: (move, the node it reaches); None: not expanded
    out: list[list[tuple[Internal, int]] | None] = field(default_factory=list)
    worth: dict[int, tuple] = field(default_factory=dict)  # an end -> how good it is for the mover
    folded: int = 0  # moves that came back to a position no farther from the start
    merged: int = 0  # moves that reached, by another way as short, a position already found
    tried: int = 0  # moves tried in all
    cut: bool = False  # stopped at `explore` positions: some positions were not expanded
    explore: int = 0
    mover: int = 0

    def __len__(self) -> int:
        return len(self.parent)

    unexpanded: set[int] = field(default_factory=set)  # positions the cap left unexplored

    def ends(self) -> list[int]:
        """The nodes where the search stopped by the rules (turn, deal or game over) or by the
        depth asked for, in breadth-first order: the shortest ways first."""
        return list(self.worth)

    def path(self, node: int) -> list[int]:
        """The nodes of the shortest way from the start to `node`, both included."""
        way = [node]
        while way[-1]:
            way.append(self.parent[way[-1]])
        return way[::-1]


def table_key(state: State) -> tuple:
    """The engine's key of the position without the count of moves made this turn."""
    count = state.moves_in_turn
    state.moves_in_turn = 0
    try:
        return state.key()
    finally:
        state.moves_in_turn = count


def reach(state: State, depth: int | None = None, explore: int = 20_000,
          progress: Callable[[int], None] | None = None) -> Reach:
    """Search the moves of the current turn from `state` (left as it was), at most `depth`
    moves deep when given, until `explore` positions are known."""
    walker = state.copy()
    start = (walker.current, walker.turn_number, walker.deal_number)
    results = len(walker.results)
    judge = judge_of(walker)
    found = Reach(explore=explore, mover=walker.current)
    index: dict[tuple, int] = {}

    def add(key: tuple, parent: int, move: Internal | None, level: int, kind: str) -> int:
        node = len(found.parent)
        index[key] = node
        found.parent.append(parent)
        found.move.append(move)
        found.depth.append(level)
        found.kind.append(kind)
        found.out.append(None)
        return node

    add(table_key(walker), 0, None, 0, START)
    on_path: list[int] = [0]  # the nodes whose moves `walker` has played, from the start
    node = 0
    while node < len(found.parent) and not found.cut:
        if found.kind[node] not in (START, POSITION) or (depth is not None and found.depth[node] >= depth):
            node += 1
            continue
        _walk_to(walker, found, on_path, node)
        level = found.depth[node] + 1
        out: list[tuple[Internal, int]] = []
        for move in list(walker._legal_internal()):
            walker._play_internal(move)
            found.tried += 1
            key = table_key(walker)
            seen = index.get(key)
            if seen is None:
                if len(found.parent) >= explore:
                    walker._undo()
                    found.cut = True
                    break
                kind = _kind(walker, start, results)
                seen = add(key, node, move, level, kind)
                if kind in ENDS or level == depth:
                    found.worth[seen] = judge(walker, found.mover)
                if progress is not None:
                    progress(len(found.parent))
            elif found.depth[seen] == level:
                found.merged += 1
            else:
                found.folded += 1
            out.append((move, seen))
            walker._undo()
        found.out[node] = out
        node += 1
    found.unexpanded = {n for n in range(node, len(found.parent))
                        if found.kind[n] == POSITION and found.out[n] is None and n not in found.worth}
    return found


def _kind(state: State, start: tuple[int, int, int], results: int) -> str:
    if state.over:
        return GAME_OVER
    if len(state.results) > results:
        return DEAL_END
    if (state.current, state.turn_number, state.deal_number) != start:
        return TURN_END
    return POSITION


def _walk_to(walker: State, found: Reach, on_path: list[int], node: int) -> None:
    """Bring `walker` to `node` by undoing back to the common part of the ways and playing on."""
    way = found.path(node)
    common = 0
    while common < len(way) and common < len(on_path) and way[common] == on_path[common]:
        common += 1
    while len(on_path) > common:
        walker._undo()
        on_path.pop()
    for step in way[common:]:
        walker._play_internal(found.move[step])
        on_path.append(step)


def replay(state: State, found: Reach, node: int) -> State:
    """A copy of `state` with the shortest way to `node` played (for describing a node)."""
    copy = state.copy()
    for step in found.path(node)[1:]:
        copy._play_internal(found.move[step])
    return copy


def iter_tree(state: State, found: Reach, nodes: set[int]) -> Iterator[tuple[int, State | None, State]]:
    """Walk `nodes` (closed under parents) depth first, yielding (node, the position before its
    last move or None for the start, the position at it): play and undo on one copy."""
    children: dict[int, list[int]] = {}
    for n in sorted(nodes):
        if n:
            children.setdefault(found.parent[n], []).append(n)
    walker = state.copy()
    stack: list[tuple[int, bool]] = [(0, True)]
    while stack:
        n, entering = stack.pop()
        if not entering:
            walker._undo()
            continue
        if n:
            before_view = walker.copy()
            walker._play_internal(found.move[n])
            yield n, before_view, walker
            stack.append((n, False))
        else:
            yield n, None, walker
        for child in reversed(children.get(n, [])):
            stack.append((child, True))
