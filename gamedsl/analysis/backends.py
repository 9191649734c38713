"""Where the games are played: in this process, in worker processes, or as Ray tasks.

The games are cut into batches (`Batch`: a run of game numbers of one study); each batch is
played where the backend sends it and comes back as one partial `Aggregate`, merged as it
arrives. Game i of a study is dealt from "SEED/i" wherever it is played, and merging does not
depend on the order, so every backend gives the same figures for the same seed.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from ..simulate import _game, seating
from .aggregate import Aggregate
from .playing import play_record, stalemate_ends

BACKENDS = ("local", "ray")  # (`--workers K` is the local backend in K processes)
BATCH_GAMES = 50  # games per batch (a Ray task) at most


@dataclass(frozen=True)
class Batch:
    """Games `first` to `first + count - 1` of one study, dealt from "SEED/i"."""

    study: int  # the study's place in the run
    name: str  # a game's name or path, as `load_game` takes it
    players: int | None
    options: tuple[tuple[str, str], ...]
    seats: tuple[str, ...]
    rotate: bool  # player k of `seats` sits at seat (k - i) mod n in game i
    seed: str
    first: int
    count: int
    limit: int  # moves per game at most


def play_batch(batch: Batch) -> tuple[int, Aggregate]:
    """Play the batch's games here; its partial aggregate, with the study it belongs to."""
    game = _game(batch.name, batch.players, batch.options)
    stuck = stalemate_ends(game)
    n = len(batch.seats)
    total = Aggregate(n, len(game.compiled.teams))
    for index in range(batch.first, batch.first + batch.count):
        seats = seating(batch.seats, index, batch.rotate)
        record = play_record(game, seats, f"{batch.seed}/{index}", batch.limit, stuck)
        total.add(record, index % n if batch.rotate else 0)
    return batch.study, total


def batches(study: int, name: str, players: int | None, options: dict[str, str], seats: Sequence[str],
            games: int, seed: str, limit: int, rotate: bool = False, size: int = BATCH_GAMES) -> list[Batch]:
    """A study's games cut into batches of at most `size`."""
    frozen = tuple(sorted(options.items()))
    return [Batch(study, name, players, frozen, tuple(seats), rotate, seed, first, min(size, games - first), limit)
            for first in range(0, games, size)]


def batch_size(games: int, workers: int) -> int:
    """Batches small enough that every worker gets several (an even load), at most `BATCH_GAMES`."""
    return max(1, min(BATCH_GAMES, -(-games // (4 * max(1, workers)))))


def run_batches(work: Sequence[Batch], backend: str = "local", workers: int = 1, address: str | None = None,
                progress: Callable[[int], None] | None = None) -> Iterator[tuple[int, Aggregate]]:
    """Each batch played, as it comes back (in any order), `progress(games)` told of each."""
    if backend == "ray":
        results: Iterable[tuple[int, Aggregate]] = _on_ray(work, workers, address)
    elif workers > 1:
        results = _in_processes(work, workers)
    else:
        results = map(play_batch, work)
    for study, part in results:
        if progress is not None:
            progress(part.games)
        yield study, part


def _in_processes(work: Sequence[Batch], workers: int) -> Iterator[tuple[int, Aggregate]]:
    with Pool(workers) as pool:
        yield from pool.imap_unordered(play_batch, work, chunksize=1)


class RayUnavailable(RuntimeError):
    """Ray is not installed, or would not start."""


def _on_ray(work: Sequence[Batch], workers: int, address: str | None) -> Iterator[tuple[int, Aggregate]]:
    """Each batch a Ray task, collected as they finish (`ray.wait`). Without `address` a local
    Ray is started (and stopped after) unless one runs in this process already."""
    try:
        import ray
    except ImportError:
        raise RayUnavailable("--backend ray needs Ray: pip install 'gamedsl[ray]'") from None
    started = not ray.is_initialized()
    if started:
        try:
            ray.init(**ray_options(workers, address))
        except Exception as err:  # noqa: BLE001 - Ray's own errors are many; the message says which
            raise RayUnavailable(f"Ray would not start: {type(err).__name__}: {err}") from None
    try:
        task = ray.remote(play_batch)
        pending = [task.remote(batch) for batch in work]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:
        if started:
            ray.shutdown()


def ray_options(workers: int, address: str | None) -> dict[str, Any]:
    """`ray.init`'s arguments: a cluster's address, or a local Ray (of `workers` CPUs when more
    than 1 is asked, else of all of them) whose workers import this very gamedsl, from the
    folder it runs from (a cluster's machines have gamedsl installed)."""
    if address:
        return {"address": address, "log_to_driver": False, "logging_level": logging.WARNING}
    here = str(Path(__file__).resolve().parents[2])
    path = os.pathsep.join(p for p in (here, os.environ.get("PYTHONPATH", "")) if p)
    options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "logging_level": logging.WARNING,
                               "runtime_env": {"env_vars": {"PYTHONPATH": path}}}
    if workers > 1:
        options["num_cpus"] = workers
    return options


def progress_bar(total: int, quiet: bool) -> Any:
    """A tqdm bar on stderr, silent when stderr is not a terminal or with --quiet."""
    from tqdm import tqdm

    from ..terminal import unescaped

    stream = unescaped(sys.stderr)  # our own bar: its control characters are not escaped
    return tqdm(total=total, unit="game", file=stream, disable=quiet or not stream.isatty(), dynamic_ncols=True,
                leave=False)
