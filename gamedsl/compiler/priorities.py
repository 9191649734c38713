"""The priorities, written into each phase's listing instead of filtering it through closures.

The engine's reference (`State._apply_priorities`) asks each priority of each move through a
closure per move; here a `must` or `forbid` whose filter names only an action, sources and
targets has its test written in line, with its zones as constants (one zone: a comparison; more:
a frozenset), so that a listing pays one loop per priority and no call per move. The others
(`for the same card`, `taking N cards`, `forbid … while` about the card, and the look-ahead of
`reach` and `lower`) are carried out by the same code as the reference, in their place in the
order. The moves kept, and their order, are the reference's: the equivalence tests compare them
on every game file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .card_moves import Flag, is_native
from .source import number

if TYPE_CHECKING:
    from .game import CompiledAction, CompiledGame, CompiledPriority


def fused_flags(game: CompiledGame, actions: list[CompiledAction], written_out: Any) -> dict[int, Flag]:
    """The priorities (by their place in the order) whose filter can be fused into this listing
    of `actions`: a `must` or `forbid` whose test is written in line and names its actions, all
    of which (that the listing lists) are card moves written out (`written_out(action)`). Their
    moves then set a flag as they are listed, and the priority is skipped while its flag is down."""
    listed = {action.index: written_out(action) for action in actions}
    flags = {}
    for index, priority in enumerate(game.priorities):
        if priority.kind not in ("must", "forbid") or priority.action is None or priority.same_card:
            continue
        if priority.per_move or _filter_test(game, priority, index) is None:
            continue
        named = priority.also | {priority.action}
        if all(listed.get(action, True) for action in named):
            # a `must` whose moves all come from C listings gets them from there, in their order
            native = (priority.kind == "must" and not priority.empty_target
                      and all(is_native(game, action) for action in actions if action.index in named))
            flags[index] = Flag(f"seen_{index}", priority.sources, priority.targets,
                                f"match_{index}" if native else None)
    return flags


def priority_lines(game: CompiledGame, flags: dict[int, Flag] | None = None) -> list[str]:
    """The statements, for the body of a listing function (`st`, `p` and the listed moves in
    `out`), that apply every priority of the game in order (one with a flag in `flags` only
    when its flag is up). While the engine counts rule firings (`st.fired`), the reference does
    the work, so that it counts the priorities that removed moves."""
    flags = flags or {}
    lines = ["if st.fired is not None:  # counting rule firings, the reference counts them",
             "    out = st._apply_priorities(out)", "else:", "    mv = None"]
    if any(flag.matches for flag in flags.values()):
        lines.append("    listed = out  # while out is listed, no priority has removed a move yet")
    for index, priority in enumerate(game.priorities):
        body = _one_priority(game, priority, index, flags[index].matches if index in flags else None)
        if index in flags:
            body = [f"if {flags[index].name}:  # a move its filter may match is listed", *(f"    {line}" for line in body)]
        lines += [f"    {line}" for line in body]
    return lines


def _zone_test(game: CompiledGame, field: int, zones: list[frozenset[int]] | None, name: str) -> tuple[list[str], str | None]:
    """The test that move field `field` (2: source, 3: target) lies in the priority's zones for
    the player to move: the statements that set up its constant (if any) and its code."""
    if zones is None:
        return [], None
    if all(z == zones[0] for z in zones):
        return [], _membership(game, field, zones[0])
    if all(len(z) == 1 for z in zones):  # one zone each: compared with the mover's
        return [f"{name} = {game.exprs.bind([next(iter(z)) for z in zones])}[p]"], f"m[{field}] == {name}"
    return [f"{name} = {game.exprs.bind(list(zones))}[p]"], f"m[{field}] in {name}"


def _membership(game: CompiledGame, field: int, zones: frozenset[int]) -> str:
    if len(zones) == 1:
        return f"m[{field}] == {number(next(iter(zones)))}"
    if not zones:
        return "False"
    return f"m[{field}] in {game.exprs.bind(zones)}"


def _filter_test(game: CompiledGame, priority: CompiledPriority, index: int) -> tuple[list[str], str] | None:
    """The priority's filter as code about `m` (with the statements that set up its
    constants), or None when it has parts written only in the reference (`taking N cards`)."""
    if priority.taken is not None:
        return None
    setup: list[str] = []
    tests: list[str] = []
    if priority.also:
        tests.append(f"m[0] in {game.exprs.bind(priority.also | {priority.action})}")
    elif priority.action is not None:
        tests.append(f"m[0] == {number(priority.action)}")
    for field, zones, name in ((2, priority.sources, f"from_{index}"), (3, priority.targets, f"to_{index}")):
        lines, test = _zone_test(game, field, zones, name)
        setup += lines
        if test is not None:
            tests.append(test)
    if not tests:  # a filter that names nothing: matches every move (the reference's `m[0] == None` does not)
        return None
    return setup, " and ".join(tests)


def _one_priority(game: CompiledGame, priority: CompiledPriority, index: int, matches: str | None = None) -> list[str]:
    """The statements that apply one priority to `out`, as `State._apply_priorities` does
    (a `must` with `matches`: the list of its matching moves the C listings made, while no
    priority before it has removed a move)."""
    exprs = game.exprs
    bound = exprs.bind(priority)
    if priority.kind == "reach":
        return [f"out = st._keep_reaching({bound}, out)"]
    if priority.kind == "lower":
        return [f"out = st._keep_lowering({bound}, out)"]
    written = _filter_test(game, priority, index)
    if priority.kind == "must":
        if priority.same_card or written is None:
            return [f"out = {bound}.keep(out, st, p)"]
        setup, test = written
        if priority.empty_target:
            setup = [*setup, f"zones_{index} = st.zones"]
            test = f"{test} and not zones_{index}[m[3]]"
        lines = [*setup, f"keep = [m for m in out if {test}]"]
        if matches is not None:
            lines = ["if out is listed:", f"    keep = {matches}", "else:", *(f"    {line}" for line in lines)]
        lines.append("if keep and len(keep) != len(out):")
        if priority.spared:  # `except MOVE [while …]`: those moves stay too
            lines += [f"    {line}" for line in _spared_now(game, priority)]
            if matches is not None:  # the test's constants, set up only where the test was written
                lines += [f"    {line}" for line in setup]
            lines += ["    if spared:  # (a move kept is one that passes the test)",
                      f"        keep = [m for m in out if m[0] in spared or ({test})]"]
        return [*lines, "    out = keep"]
    # forbid
    if priority.per_move:  # `forbid … while` about the card: asked of each matching move
        test = f"{bound}.tests[p](m)" if written is None else written[1]
        return [*(written[0] if written else []), "kept = []", "for m in out:",
                f"    if not ({test} and {bound}.condition(st, p, m)):", "        kept.append(m)", "out = kept"]
    if written is None:
        setup, test = [f"test_{index} = {bound}.tests[p]"], f"test_{index}(m)"
    else:
        setup, test = written
    lines = [*setup, "for m in out:", f"    if {test}:"]
    if priority.condition is None:
        lines += [f"        out = [m for m in out if not ({test})]"]
    else:
        lines += [f"        if {exprs.call(priority.condition)}:", f"            out = [m for m in out if not ({test})]"]
    return [*lines, "        break"]



def _spared_now(game: CompiledGame, priority: CompiledPriority) -> list[str]:
    """The statements that set `spared` to the moves a `must` lets through here, as
    `CompiledPriority.spared_now` does: the unconditional ones a constant, each `while` asked."""
    always = frozenset(action for action, cond in priority.spared if cond is None)
    lines = [f"spared = {game.exprs.bind(always)}"]
    for action, cond in priority.spared:
        if cond is not None and action not in always:
            lines += [f"if {game.exprs.call(cond)}:", f"    spared = spared | {game.exprs.bind(frozenset({action}))}"]
    return lines
