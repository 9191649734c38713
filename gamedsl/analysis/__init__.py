"""`gamedsl analyze`: playtest games and variants before anyone plays them.

Seeded games between computer players are played (here, in worker processes or on Ray), each
told as a small record and summed into mergeable aggregates; the report says, for each game
side by side, how fair the seats are, how long a game lasts, how much choice the players have,
which rules fired (and which never did, with their `file:line`), whether skill beats luck, and
how often the lead changes. A leaf package: it imports the engine, the engine never imports it.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import Game
from ..simulate import _game
from .aggregate import Aggregate, figures, rate
from .backends import Batch, batch_size, batches, run_batches

DEFAULT_SEATS = "greedy"  # every seat: identical players, so that what differs between seats is the game's
DEFAULT_SKILL = ("mcts:50", "greedy", "random")  # strongest first: each is pitted against the next
DEFAULT_LIMIT = 10_000  # moves per game at most (a variant whose games need not end stops there)
FORMAT = "gamedsl-analyze/1"


@dataclass
class Study:
    """One game (or variant) of the run, with the seats its main games are played with."""

    name: str
    game: Game
    seats: tuple[str, ...]
    options: dict[str, str]
    total: Aggregate = field(init=False)
    skill: list[tuple[str, str, Aggregate]] = field(default_factory=list)  # (stronger, weaker, their games)

    def __post_init__(self) -> None:
        self.total = Aggregate(self.game.players, len(self.game.compiled.teams))


def seats_for(game: Game, text: str | None) -> tuple[str, ...]:
    """The seats of a study: one player for every seat (`greedy`), or one per seat."""
    kinds = [k.strip() for k in (text or DEFAULT_SEATS).split(",")]
    if len(kinds) == 1:
        return tuple(kinds * game.players)
    if len(kinds) != game.players:
        raise ValueError(f"--seats: {game.title} needs {game.players} seats (or one player for all), "
                         f"got {len(kinds)}: {text}")
    return tuple(kinds)


def declared_rules(game: Game) -> list[tuple[str, str, Any]]:
    """Every rule of the file that can fire, as `State.fired` keys, in the file's order by kind."""
    c = game.compiled
    return [*c.move_keys, *c.priority_keys, *c.trigger_keys, *c.end_keys, *c.combination_keys]


def analyze(names: Sequence[str], games: int, seats: str | None = None, options: dict[str, str] | None = None,
            players: int | None = None, seed: str = "0", skill_games: int = 20,
            skill_seats: Sequence[str] = DEFAULT_SKILL, limit: int = DEFAULT_LIMIT, backend: str = "local",
            workers: int = 1, address: str | None = None, progress: Callable[[int], None] | None = None,
            planned: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Play the studies' games and return the report's data (what the JSON holds): `progress`
    is told the games of each batch as it comes back, `planned` the games to play in all."""
    options = dict(options or {})
    studies = []
    for name in names:
        game = _game(name, players, tuple(sorted(options.items())))
        studies.append(Study(name, game, seats_for(game, seats), options))
    work = plan(studies, games, seed, skill_games, skill_seats, limit, workers)
    if planned is not None:
        planned(sum(batch.count for batch in work))
    started = time.perf_counter()
    parts = {}
    for key, part in run_batches(work, backend, workers, address, progress):
        if key in parts:
            parts[key].merge(part)
        else:
            parts[key] = part
    wall = time.perf_counter() - started
    for key, part in parts.items():
        study, which = divmod(key, 1000)
        if which == 0:
            studies[study].total.merge(part)
        else:
            studies[study].skill[which - 1][2].merge(part)
    played = sum(a.games for a in parts.values())
    return {
        "format": FORMAT,
        "seed": seed,
        "games": games,
        "skill_games": skill_games,
        "move_limit": limit,
        "options": options,
        "studies": [_study_data(s) for s in studies],
        "timing": {"backend": backend, "workers": workers, "games_played": played, "seconds": round(wall, 3),
                   "games_per_second": round(played / wall, 2) if wall else None,
                   "seconds_choosing_moves": round(sum(a.seconds for a in parts.values()), 3)},
    }


def plan(studies: list[Study], games: int, seed: str, skill_games: int, skill_seats: Sequence[str], limit: int,
         workers: int) -> list[Batch]:
    """The batches of every study: its main games, then each skill match (stronger vs weaker,
    seats rotating). A batch's study number is 1000 * study + 0 (main) or + k (k-th match)."""
    work = []
    for number, study in enumerate(studies):
        players = study.game.players
        work += batches(1000 * number, study.name, players, study.options, study.seats, games, seed, limit,
                        size=batch_size(games, workers))
        if skill_games <= 0:
            continue
        for k, (strong, weak) in enumerate(itertools.pairwise(skill_seats), start=1):
            seats = (strong,) + (weak,) * (players - 1)
            study.skill.append((strong, weak, Aggregate(players, len(study.game.compiled.teams))))
            work += batches(1000 * number + k, study.name, players, study.options, seats, skill_games,
                            f"{seed}/skill/{strong}/{weak}", limit, rotate=True,
                            size=batch_size(skill_games, workers))
    return work


def _study_data(study: Study) -> dict[str, Any]:
    game = study.game
    teams = [t.name for t in game.compiled.teams]
    n = game.players
    return {
        "game": study.name,
        "title": game.title,
        "file": str(game.model.path),
        "players": n,
        "seats": list(study.seats),
        "figures": figures(study.total, declared_rules(game), teams),
        "skill": [{"stronger": strong, "weaker": weak, "fair_share": round(1 / n, 6),
                   "stronger_wins": rate(total.entry_wins[0], total.games),
                   "weaker_wins_each": [rate(w, total.games) for w in total.entry_wins[1:]],
                   "no_winner": total.no_winner}
                  for strong, weak, total in study.skill],
    }
