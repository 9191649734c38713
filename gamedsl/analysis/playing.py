"""One seeded game between computer players, told as the small record the analysis keeps.

The game is played by `simulate.play_game` (the same seats, seeds and players as `gamedsl
simulate`); what the report needs of it is gathered as it goes: the legal moves of each
decision, the turns, the rules that fired (`State.fired`), how the game stopped and, for a
match of several deals, how the lead went from deal to deal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine import Game, State
from ..errors import RulesRuntimeError
from ..simulate import PlayedGame, Watcher, play_game

PROGRESS_BINS = 10  # branching is told by tenth of the game: the first tenth of its decisions, …

# How a game stopped. "over": by the rules; the others are the stalemates the report counts.
OVER, NO_MOVE_END, REPETITION_END, LIMIT, STUCK, LOOPING, FAILED = (
    "over", "ended by `no move is legal`", "ended by repetition", "move limit", "no legal move (a gap in the rules)",
    "a whenever rule kept firing", "the rules failed")
STOPS = (OVER, NO_MOVE_END, REPETITION_END, LIMIT, STUCK, LOOPING, FAILED)


@dataclass
class GameRecord:
    """What one game says to the report: small, whatever the length of the game."""

    seats: tuple[str, ...]
    wins: tuple[int, ...]  # by seat: 1 for a winner (ties at the top: each, all tied: nobody)
    points: tuple[float, ...]
    team_wins: tuple[int, ...]
    first_seat: int  # who moved first
    moves: int
    turns: int
    deals: int
    stop: str
    branching: Counter = field(default_factory=Counter)  # legal moves per decision -> decisions
    # (tenth of the game, legal moves) -> decisions
    branching_by_progress: Counter = field(default_factory=Counter)
    fired: Counter = field(default_factory=Counter)  # (kind, name, SourcePos) -> times
    lead_changes: int | None = None  # a match of several deals only (see `lead_story`)
    decided_late: bool | None = None
    seconds: float = 0.0  # time spent choosing moves: timing, never a figure


class _Decisions(Watcher):
    """Counts the legal moves of each decision and the turns moves were made in, and notes the
    leader of the match as each deal after the first begins: the best placed by the file's
    `value standing` (the highest) when it declares one, else by the points of the deals so far
    (the highest, the lowest in a match the lowest score wins); alone, or None for a tie."""

    def __init__(self, game: Game) -> None:
        self.standing = game.compiled.exprs.values.get("standing")
        self.lowest = game.compiled.lowest_wins and self.standing is None
        self.leaders: list[int | None] = []
        self._deal: int | None = None
        self.legal: list[int] = []
        self.turns = 0
        self.first_seat = 0  # who made the first decision
        self._turn: tuple[int, int] | None = None

    def decision(self, state: State, legal: int) -> None:
        if not self.legal:
            self.first_seat = state.current
        self.legal.append(legal)
        if state.deal_number != self._deal:
            if self._deal is not None:
                seats = range(len(state.points))
                totals = ([self.standing(state, seat, None) for seat in seats] if self.standing is not None
                          else list(state.points))
                self.leaders.append(_alone_best(totals, self.lowest))
            self._deal = state.deal_number
        turn = (state.deal_number, state.turn_number)
        if turn != self._turn:
            self._turn = turn
            self.turns += 1


def stalemate_ends(game: Game) -> dict[str, str]:
    """The `end` rules that end a deal where play is stuck: by name, which kind of stop."""
    from ..syntax import ast

    found = {}
    for end in game.model.ends:
        if _mentions(end.condition, ast.NoMove):
            found[end.info.name] = NO_MOVE_END
        elif _mentions(end.condition, ast.SamePosition):
            found[end.info.name] = REPETITION_END
    return found


def _mentions(node: object, kind: type) -> bool:
    if isinstance(node, kind):
        return True
    if isinstance(node, (tuple, list)):
        return any(_mentions(item, kind) for item in node)
    if hasattr(node, "__dataclass_fields__"):
        return any(_mentions(getattr(node, f), kind) for f in node.__dataclass_fields__ if f != "pos")
    return False


def play_record(game: Game, seats: Sequence[str], game_seed: str, limit: int, stuck_ends: dict[str, str]) -> GameRecord:
    """Play one game and keep its record. A game the rules leave stuck (no legal move, a rule
    that keeps firing, a failure) is a record too: how it stopped is a figure of the report."""
    decisions = _Decisions(game)
    fired: Counter = Counter()
    stop = OVER
    played: PlayedGame | None = None
    try:
        played = play_game(game, seats, game_seed, limit, decisions, fired)
    except RulesRuntimeError as err:
        text = str(err)
        stop = STUCK if "no legal move" in text else LOOPING if "keeps firing" in text else FAILED
    if played is not None:
        state = played.state
        wins = tuple(int(w) for w in played.wins)
        points = tuple(float(p) for p in state.points)
        if played.limited:
            stop = LIMIT
        elif state.results and state.results[-1].end in stuck_ends:
            stop = stuck_ends[state.results[-1].end]
        first = decisions.first_seat
        moves, deals, seconds = sum(played.moves), len(state.results), sum(played.seconds)
        winners = [seat for seat, won in enumerate(wins) if won]
        winner = winners[0] if len(winners) == 1 else None
        changes, late = lead_story(decisions.leaders, winner) if not game.compiled.single_deal else (None, None)
    else:  # stopped by an error: no winner, nothing scored
        wins = (0,) * len(seats)
        points = (0.0,) * len(seats)
        first, moves, deals, seconds, changes, late = 0, len(decisions.legal), 0, 0.0, None, None
    teams = game.compiled.teams
    team_wins = tuple(wins[t.seats[0]] for t in teams)
    record = GameRecord(tuple(seats), wins, points, team_wins, first, moves, decisions.turns, deals, stop,
                        fired=fired, lead_changes=changes, decided_late=late, seconds=seconds)
    total = len(decisions.legal)
    for at, legal in enumerate(decisions.legal):
        record.branching[legal] += 1
        record.branching_by_progress[(at * PROGRESS_BINS // total, legal)] += 1
    return record


def lead_story(leaders: list[int | None], winner: int | None) -> tuple[int, bool | None]:
    """Of a match of several deals: how often the lead changed, and whether the match was decided
    late. `leaders`: the leader as each deal after the first began (None: a tie at the top), then
    the match's winner. A lead change is a leader other than the last one there was; decided
    late: the winner (alone) did not lead as the last deal began (None without a single winner,
    or when the match had one deal)."""
    changes, last = 0, None
    for leader in [*leaders, winner]:
        if leader is not None:
            if last is not None and leader != last:
                changes += 1
            last = leader
    if winner is None or not leaders:
        return changes, None
    return changes, leaders[-1] != winner


def _alone_best(totals: list[float], lowest: bool) -> int | None:
    best = min(totals) if lowest else max(totals)
    at = [i for i, t in enumerate(totals) if t == best]
    return at[0] if len(at) == 1 else None


__all__ = ["PROGRESS_BINS", "STOPS", "GameRecord", "lead_story", "play_record", "stalemate_ends"]
