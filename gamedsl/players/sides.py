"""Who plays together, as the computer players judge it: the fixed teams (`team NAME: P1 and P3`),
or the sides of a position (`sides: declarer against the others`: the seat the expression names
alone, all the others together; every player for itself while it names none).

A fixed team is judged by its players' sum (the tricks of both partners count). The others of
`sides:` win together when the first of them gets there, so they are as well placed as the best
placed of them: a player whose partner is nearer the goal gains nothing by spending its own cards
(see greedy: it then keeps them), and the partner's win is its win.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import State


def side_of(state: State) -> Callable[[State, int], tuple[int, ...]] | None:
    """The seats playing with `seat` (itself included) in a position; None in a game where every
    player is always for itself."""
    compiled = state.game.compiled
    players = compiled.players
    if compiled.teams:
        members = [compiled.teams[compiled.team_of[seat]].seats for seat in range(players)]
        return lambda st, seat: members[seat]
    alone = compiled.alone
    if alone is None:
        return None
    everyone = tuple(range(players))
    by_alone = {a: tuple(s for s in everyone if s != a) for a in everyone}

    def side(st: State, seat: int) -> tuple[int, ...]:
        lone = alone(st)
        if lone is None or lone == seat:
            return (seat,)
        return by_alone[lone]

    return side


def sides_in(state: State) -> list[tuple[int, ...]] | None:
    """The sides of this position, each once (None when every player is for itself)."""
    side = side_of(state)
    if side is None:
        return None
    found: list[tuple[int, ...]] = []
    for seat in range(len(state.points)):
        members = side(state, seat)
        if members not in found:
            found.append(members)
    return found


def changing(state: State) -> bool:
    """Whether the sides depend on the position (`sides:`), not fixed teams."""
    return not state.game.compiled.teams and state.game.compiled.alone is not None


def for_side(state: State, judge: Callable[[State, int], float], best: bool = False) -> Callable[[State, int], float]:
    """`judge` as the seat's side sees it: summed over the side's players, or with `best` (the
    others of `sides:`) the best of them; unchanged in a game without teams or sides."""
    side = side_of(state)
    if side is None:
        return judge
    if best and changing(state):
        return lambda st, seat: max(judge(st, m) for m in side(st, seat))
    return lambda st, seat: sum(judge(st, m) for m in side(st, seat))
