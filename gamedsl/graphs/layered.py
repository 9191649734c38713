"""The pure-Python layout, used when Graphviz is not installed: boxes in columns by rank (a move
graph's depth, a rules graph's owner), the order in each column chosen by barycentre sweeps to
cut crossings (Sugiyama's method, without dummy nodes for long arrows), then each box moved
towards its neighbours as far as the column's order and spacing allow."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence

Key = Hashable
GAP_Y = 14.0  # pixels between boxes of one column
SWEEPS = 8


def order_columns(ranks: dict[Key, int], edges: Sequence[tuple[Key, Key]]) -> list[list[Key]]:
    """The boxes of each column, top to bottom, with few crossings between adjacent columns."""
    count = max(ranks.values(), default=-1) + 1
    columns: list[list[Key]] = [[] for _ in range(count)]
    for node, rank in ranks.items():
        columns[rank].append(node)
    neighbours: dict[Key, list[Key]] = {node: [] for node in ranks}
    for a, b in edges:
        if a != b:
            neighbours[a].append(b)
            neighbours[b].append(a)
    best = [list(c) for c in columns]
    best_crossings = total_crossings(best, ranks, edges)
    for sweep in range(SWEEPS):
        downwards = sweep % 2 == 0
        indices = range(1, count) if downwards else range(count - 2, -1, -1)
        place = _places(columns)
        for r in indices:
            side = r - 1 if downwards else r + 1
            keys = {node: _barycentre(node, place, neighbours, ranks, side, downwards) for node in columns[r]}
            columns[r].sort(key=keys.__getitem__)
            for i, node in enumerate(columns[r]):
                place[node] = (i + 0.5) / len(columns[r])
        crossings = total_crossings(columns, ranks, edges)
        if crossings < best_crossings:
            best, best_crossings = [list(c) for c in columns], crossings
    return best


def _barycentre(node: Key, place: dict[Key, float], neighbours: dict[Key, list[Key]], ranks: dict[Key, int],
                side: int, downwards: bool) -> float:
    """The mean place of a box's neighbours in the column on the sweep's side (else in any column
    on that side); a box without any keeps its place."""
    near = [place[m] for m in neighbours[node] if ranks[m] == side]
    if not near:
        r = ranks[node]
        near = [place[m] for m in neighbours[node] if ranks[m] != r and (ranks[m] < r) == downwards]
    return sum(near) / len(near) if near else place[node]


def _places(columns: list[list[Key]]) -> dict[Key, float]:
    """Each box's place in its column, from 0 to 1, so columns of different sizes compare."""
    return {node: (i + 0.5) / len(column) for column in columns for i, node in enumerate(column)}


def total_crossings(columns: list[list[Key]], ranks: dict[Key, int], edges: Iterable[tuple[Key, Key]]) -> int:
    """Crossings of the arrows between adjacent columns (by counting inversions)."""
    index = {node: i for column in columns for i, node in enumerate(column)}
    between: dict[int, list[tuple[int, int]]] = {}
    for a, b in edges:
        ra, rb = ranks[a], ranks[b]
        if abs(ra - rb) != 1:
            continue
        if ra > rb:
            a, b, ra = b, a, rb
        between.setdefault(ra, []).append((index[a], index[b]))
    return sum(_inversions([b for _, b in sorted(pairs)]) for pairs in between.values())


def _inversions(values: list[int]) -> int:
    """Pairs i < j with values[i] > values[j], by merge sort."""
    if len(values) < 2:
        return 0
    middle = len(values) // 2
    left, right = values[:middle], values[middle:]
    count = _inversions(left) + _inversions(right)
    left.sort()
    right.sort()
    i = 0
    for value in right:  # each right value is crossed by the left values greater than it
        while i < len(left) and left[i] <= value:
            i += 1
        count += len(left) - i
    return count


def place_boxes(columns: list[list[Key]], sizes: dict[Key, tuple[float, float]], gaps: Sequence[float],
                edges: Sequence[tuple[Key, Key]], margin: float = 20.0,
                gap_y: float = GAP_Y) -> dict[Key, tuple[float, float]]:
    """Centres of the boxes: columns left to right (`gaps[r]` between column r and r + 1); each
    column first stacked near its neighbours in the column before, then, from the last column
    back, each box moved towards the mean height of its neighbours after it (a parent between
    its children), as far as the column's order and spacing allow."""
    rank = {node: r for r, column in enumerate(columns) for node in column}
    before: dict[Key, list[Key]] = {node: [] for node in rank}
    after: dict[Key, list[Key]] = {node: [] for node in rank}
    for a, b in edges:
        if rank[a] != rank[b]:
            low, high = (a, b) if rank[a] < rank[b] else (b, a)
            before[high].append(low)
            after[low].append(high)
    xs, x = [], margin
    for r, column in enumerate(columns):
        width = max((sizes[n][0] for n in column), default=0.0)
        xs.append(x + width / 2)
        x += width + (gaps[r] if r < len(gaps) else 40.0)
    ys: dict[Key, float] = {}
    for column in columns:  # stacked, each near its neighbours placed before it
        top = margin
        for node in column:
            ys[node] = top + sizes[node][1] / 2
            top += sizes[node][1] + gap_y
        _move_towards(column, before, ys, sizes, gap_y)
    for column in reversed(columns[:-1]):
        _move_towards(column, after, ys, sizes, gap_y)
    lowest = min((ys[n] - sizes[n][1] / 2 for n in ys), default=margin)
    return {node: (xs[rank[node]], ys[node] + margin - lowest) for node in ys}


def _move_towards(column: list[Key], near: dict[Key, list[Key]], ys: dict[Key, float],
                  sizes: dict[Key, tuple[float, float]], gap_y: float) -> None:
    wanted = []
    for node in column:
        heights = [ys[m] for m in near[node] if m in ys]
        wanted.append(sum(heights) / len(heights) if heights else ys[node])
    for node, y in zip(column, _pack(wanted, [sizes[n][1] for n in column], gap_y)):
        ys[node] = y


def _pack(wanted: list[float], heights: list[float], gap_y: float) -> list[float]:
    """Heights as near `wanted` as the order allows: push down past overlaps, then shift the
    block so that on average it sits where it was wanted."""
    ys: list[float] = []
    for y, h in zip(wanted, heights):
        if ys:
            y = max(y, ys[-1] + heights[len(ys) - 1] / 2 + gap_y + h / 2)
        ys.append(y)
    shift = sum(w - y for w, y in zip(wanted, ys)) / max(1, len(ys))
    return [y + shift for y in ys]
