"""The deal's ways of laying cards in C (gamedsl/compiler/native/runtime.py `in_rotation`,
`target_by_target`): the very zones the Python ways leave, or nothing done (False) where the
C does not hold the case, for the Python to do it."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamedsl.compiler.native.runtime import helpers

from .test_native import needs_compiler


def in_rotation(zones: list, source_id: int, target_ids, count) -> None:
    """compiler/game.py's Python way, as its docstring says: one card at a time, in rotation,
    from the top, `count` each (None: all), while cards last."""
    source = zones[source_id]
    targets = [zones[t] for t in target_ids]
    take = len(source) if count is None else min(count * len(targets), len(source))
    dealt = source[len(source) - take:][::-1]
    del source[len(source) - take:]
    for k, target in enumerate(targets):
        target.extend(dealt[k::len(targets)])


def target_by_target(zones: list, source_id: int, target_ids, count) -> None:
    source = zones[source_id]
    for target in [zones[t] for t in target_ids]:
        take = min(len(source) if count is None else count, len(source))
        target.extend(reversed(source[len(source) - take:]))
        del source[len(source) - take:]


@st.composite
def deals(draw):
    zones = [draw(st.lists(st.integers(0, 60), max_size=12)) for _ in range(draw(st.integers(2, 5)))]
    source = draw(st.integers(0, len(zones) - 1))
    others = [z for z in range(len(zones)) if z != source]
    targets = draw(st.lists(st.sampled_from(others), max_size=4))  # (repeats allowed)
    count = draw(st.one_of(st.none(), st.integers(-3, 8)))
    return zones, source, draw(st.sampled_from([tuple, list]))(targets), count


@needs_compiler
@settings(max_examples=400, deadline=None)
@given(deals())
def test_the_c_ways_lay_the_cards_as_the_python_ones(deal) -> None:
    zones, source, targets, count = deal
    fixed = helpers()
    for ours, theirs in ((fixed.in_rotation, in_rotation), (fixed.target_by_target, target_by_target)):
        expected, got = copy.deepcopy(zones), copy.deepcopy(zones)
        theirs(expected, source, targets, count)
        if not ours(got, source, targets, count):  # not held: nothing done
            assert got == zones and (not targets and ours is fixed.in_rotation)
            continue
        assert got == expected


@needs_compiler
@pytest.mark.parametrize("zones, source, targets, count", [
    ([[1, 2, 3], [], []], 0, (0, 1), 1),  # the source among the targets
    ([[1, 2, 3], [], []], 0, (1, 2), 1.0),  # a count that is not an int
    ([[1, 2, 3], [], []], 0, (1, 2), True),  # nor a bool
    ([[1, 2, 3], [], ()], 0, (1, 2), 1),  # a zone that is not a list
    ([[1, 2, 3], []], 0, (1, 5), 1),  # a zone that is not there
    ([[1, 2, 3], []], 0, ("1",), 1),
])
def test_what_the_c_does_not_hold_is_left_to_the_python(zones, source, targets, count) -> None:
    fixed = helpers()
    for ours in (fixed.in_rotation, fixed.target_by_target):
        before = copy.deepcopy(zones)
        assert ours(zones, source, targets, count) is False
        assert zones == before
