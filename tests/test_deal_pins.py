"""Every shipped game's deals, pinned: `new_game(seed)` gives the cards, counters, first player
and deal generator recorded before the deal was made faster (issue 23, item 3), and the first
deal, played out by seeded random moves, ends with the recorded result, points and next deal.

A saved game is its seed and its moves: a deal that changes, or a generator left in another
state by the deal (the first player drawn from it), replays every save wrongly. So does a score
that changes. The golden file holds the zones in full (a difference shows where), the rest as
values or digests.

    python -m tests.test_deal_pins --write     # record again (only for a change meant to alter deals)
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

from gamedsl import resources

from .conftest import cached_game

GOLDEN = Path(__file__).parent / "golden" / "deals.json"
SEEDS = (0, 7, "pinned deal")
MOVES = 600  # at most, to the end of the first deal (a longer deal is pinned where it stands)


def _digest(value: object) -> str:
    return hashlib.sha256(repr(value).encode()).hexdigest()[:20]


def _position(state) -> dict:
    return {"zones": [list(zone) for zone in state.zones], "counters": list(state.counters),
            "current": state.current, "deal": state.deal_number, "points": list(state.points),
            "public": sorted(state.public), "over": state.over,
            "ended": [(r.number, r.end, list(r.scores)) for r in state.results]}


def deal_record(name: str, seed: int | str) -> dict:
    """What `new_game(seed)` lays out, the deal generator's state as the first player is chosen
    (every draw the deal made, counted), and how the first deal ends under seeded random moves."""
    game = cached_game(name)
    compiled = game.compiled
    choose_first = compiled.first_player
    generators: list[str] = []

    def recording_first_player(st, rng):
        generators.append(_digest(rng.getstate()))
        return choose_first(st, rng)

    compiled.first_player = recording_first_player
    try:
        state = game.new_game(seed)
    finally:
        compiled.first_player = choose_first
    record = {**_position(state), "generators": generators}
    rng = random.Random(f"{name} {seed}")
    moves = 0
    while not state.over and state.deal_number == 1 and moves < MOVES:
        state.play_random(rng)
        moves += 1
    after = _position(state)
    record["after"] = {"moves": moves, "zones": _digest(after.pop("zones")), **after,
                       "results": [_digest(r) for r in state.results]}
    return record


CASES = [(name, seed) for name in resources.game_names() for seed in SEEDS]


def case_id(case: tuple[str, int | str]) -> str:
    return f"{case[0]}@{case[1]}"


def recorded() -> dict[str, dict]:
    return json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_seed_deals_what_it_dealt_before(case):
    expected = recorded()[case_id(case)]
    got = json.loads(json.dumps(deal_record(*case)))  # (tuples as lists, as read back)
    differing = [key for key in expected if got.get(key) != expected[key]]
    assert not differing, f"{case_id(case)}: {', '.join(differing)} differ from the recorded deal"
    assert got == expected


def test_every_shipped_game_is_recorded():
    assert {case_id(c) for c in CASES} == set(recorded())


def write() -> None:
    table = {case_id(case): deal_record(*case) for case in CASES}
    GOLDEN.write_text(json.dumps(table, indent=None, separators=(",", ":"), sort_keys=True).replace('},"', '},\n"')
                      + "\n")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        raise SystemExit("usage: python -m tests.test_deal_pins --write")
    write()
