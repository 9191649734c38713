"""Figures that merge: what many games say, kept as counts, never as a list of games.

Every part is an integer count, an exact `Counter` of integers, or an exact fraction, so merging
partial aggregates in any order gives the very same figures: a run on one process, on several
or on Ray writes the same JSON for the same seed. Time spent is kept apart (`seconds`), since
it is the one thing that differs from run to run.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..simulate import wilson
from .playing import PROGRESS_BINS, STOPS, GameRecord


@dataclass
class Aggregate:
    """The sum of the records of some games of one study (one game file, one set of seats)."""

    players: int
    teams: int = 0
    games: int = 0
    seat_wins: list[int] = field(default_factory=list)  # by seat
    entry_wins: list[int] = field(default_factory=list)  # by player of the seats list (rotated studies)
    seat_points: list[Fraction] = field(default_factory=list)
    team_wins: list[int] = field(default_factory=list)
    first_seat: Counter = field(default_factory=Counter)  # seat that moved first -> games
    first_wins: int = 0  # games the first mover won
    no_winner: int = 0  # games nobody won (all tied, or stopped by the rules failing)
    moves: Counter = field(default_factory=Counter)  # moves per game -> games
    turns: Counter = field(default_factory=Counter)
    deals: Counter = field(default_factory=Counter)
    stops: Counter = field(default_factory=Counter)  # how games stopped -> games
    branching: Counter = field(default_factory=Counter)  # legal moves -> decisions
    branching_by_progress: Counter = field(default_factory=Counter)  # (tenth, legal moves) -> decisions
    fired: Counter = field(default_factory=Counter)  # (kind, name, SourcePos) -> times
    fired_games: Counter = field(default_factory=Counter)  # (kind, name, SourcePos) -> games it fired in
    lead_changes: Counter = field(default_factory=Counter)  # lead changes -> matches
    decided: int = 0  # matches with a single winner and several deals
    decided_late: int = 0
    seconds: float = 0.0  # timing only: not a figure

    def __post_init__(self) -> None:
        n = self.players
        self.seat_wins = self.seat_wins or [0] * n
        self.entry_wins = self.entry_wins or [0] * n
        self.seat_points = self.seat_points or [Fraction(0)] * n
        self.team_wins = self.team_wins or [0] * self.teams

    def add(self, record: GameRecord, shift: int = 0) -> None:
        """One game's record; `shift`: the seats were rotated by this much (player k at seat k - shift)."""
        n = self.players
        self.games += 1
        for seat in range(n):
            self.seat_wins[seat] += record.wins[seat]
            self.entry_wins[(seat + shift) % n] += record.wins[seat]
            self.seat_points[seat] += Fraction(record.points[seat])
        for t, won in enumerate(record.team_wins):
            self.team_wins[t] += won
        self.first_seat[record.first_seat] += 1
        self.first_wins += record.wins[record.first_seat]
        self.no_winner += not any(record.wins)
        self.moves[record.moves] += 1
        self.turns[record.turns] += 1
        self.deals[record.deals] += 1
        self.stops[record.stop] += 1
        self.branching.update(record.branching)
        self.branching_by_progress.update(record.branching_by_progress)
        self.fired.update(record.fired)
        self.fired_games.update(record.fired.keys())
        if record.lead_changes is not None:
            self.lead_changes[record.lead_changes] += 1
        if record.decided_late is not None:
            self.decided += 1
            self.decided_late += record.decided_late
        self.seconds += record.seconds

    def merge(self, other: Aggregate) -> None:
        """Add another part of the same study (in any order: the figures come out the same)."""
        self.games += other.games
        for mine, theirs in ((self.seat_wins, other.seat_wins), (self.entry_wins, other.entry_wins),
                             (self.seat_points, other.seat_points), (self.team_wins, other.team_wins)):
            for i, value in enumerate(theirs):
                mine[i] += value
        for name in ("first_seat", "moves", "turns", "deals", "stops", "branching", "branching_by_progress",
                     "fired", "fired_games", "lead_changes"):
            getattr(self, name).update(getattr(other, name))
        self.first_wins += other.first_wins
        self.no_winner += other.no_winner
        self.decided += other.decided
        self.decided_late += other.decided_late
        self.seconds += other.seconds


def rate(wins: int, games: int) -> dict[str, float]:
    """A win rate with its 95% Wilson interval, rounded for the JSON."""
    p, low, high = wilson(wins, games)
    return {"wins": wins, "games": games, "rate": round(p, 6), "low": round(low, 6), "high": round(high, 6)}


def quantile(counts: Counter, q: float) -> float:
    """The q-quantile of integer values given as value -> times (the nearest rank: a value seen)."""
    total = sum(counts.values())
    if total == 0:
        return 0.0
    rank = max(1, -(-int(q * total * 1_000_000) // 1_000_000))  # ceil(q * total), exact for q of few digits
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if seen >= rank:
            return value
    return max(counts)


def spread(counts: Counter) -> dict[str, float]:
    """Mean, median, quartiles, 5th and 95th percentiles, least and most of value -> times."""
    total = sum(counts.values())
    if not total:
        return {"n": 0}
    mean = Fraction(sum(v * c for v, c in counts.items()), total)
    return {"n": total, "mean": round(float(mean), 4), "min": min(counts), "p5": quantile(counts, 0.05),
            "q1": quantile(counts, 0.25), "median": quantile(counts, 0.5), "q3": quantile(counts, 0.75),
            "p95": quantile(counts, 0.95), "max": max(counts)}


def histogram(counts: Counter) -> list[list[int]]:
    """value -> times as sorted [value, times] pairs (exact, for the JSON and the plots)."""
    return [[value, counts[value]] for value in sorted(counts)]


def figures(total: Aggregate, declared: list[tuple[str, str, Any]], team_names: list[str]) -> dict[str, Any]:
    """The figures of a study, as plain data (the JSON of the report): fairness, length, choice,
    rules in use and drama. `declared`: every rule of the file that can fire, as firing keys."""
    n, games = total.players, total.games
    fair = 1 / n if n else 0.0
    decisions = sum(total.branching.values())
    by_tenth = []
    for tenth in range(PROGRESS_BINS):
        part = Counter({legal: c for (t, legal), c in total.branching_by_progress.items() if t == tenth})
        by_tenth.append(spread(part))
    rules = [{"kind": kind, "name": name, "at": f"{pos.file}:{pos.line}", "fired": total.fired.get((kind, name, pos), 0),
              "games": total.fired_games.get((kind, name, pos), 0)} for kind, name, pos in declared]
    stalemates = {stop: total.stops.get(stop, 0) for stop in STOPS}
    return {
        "games": games,
        "players": n,
        "fairness": {
            "seats": [rate(w, games) for w in total.seat_wins],
            "fair_share": round(fair, 6),
            "average_points": [round(float(p / games), 4) if games else 0.0 for p in total.seat_points],
            "teams": [{"name": name, **rate(w, games)} for name, w in zip(team_names, total.team_wins)],
            "first_player": rate(total.first_wins, games),
            "first_player_advantage": round(total.first_wins / games - fair, 6) if games else 0.0,
            "first_seat": histogram(total.first_seat),
            "no_winner": total.no_winner,
        },
        "length": {
            "moves": spread(total.moves), "turns": spread(total.turns), "deals": spread(total.deals),
            "moves_histogram": histogram(total.moves), "turns_histogram": histogram(total.turns),
            "deals_histogram": histogram(total.deals),
            "stops": stalemates,
        },
        "choice": {
            "decisions": decisions,
            "legal_moves": spread(total.branching),
            "legal_moves_histogram": histogram(total.branching),
            "forced": total.branching.get(1, 0),
            "forced_share": round(total.branching.get(1, 0) / decisions, 6) if decisions else 0.0,
            "by_tenth_of_game": by_tenth,
        },
        "rules": {
            "declared": rules,
            "never_fired": [r for r in rules if not r["fired"]],
        },
        "drama": {
            "matches": sum(total.lead_changes.values()),
            "lead_changes": spread(total.lead_changes),
            "lead_changes_histogram": histogram(total.lead_changes),
            "decided": total.decided,
            "decided_late": rate(total.decided_late, total.decided),
        },
    }
