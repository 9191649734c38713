"""Each move's whole application written as one generated function.

Applying a move is the other half of the hot path (listing moves is the first): its `first`
effects, the cards it moves, its `then` effects, the `whenever` rules and the `end` check. Done
by a general loop, that is a dozen calls and as many tests of what the game has (wilds? turned
cards kept up? positions counted?). Here each action gets a function with only the steps its
game has, the effects written in line: the same operations in the same order as the rules say.

Each function also keeps the move's undo record (an `UndoFrame`), which the engine's `undo` reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .expressions import KEEP_COUNTERS, writes_counters
from .native.runtime import helpers as native_helpers
from .source import identifier

if TYPE_CHECKING:
    from .game import CompiledAction, CompiledGame


@dataclass(slots=True)
class UndoFrame:
    """What one move changed, so that `undo` restores it exactly."""

    move: tuple
    zones: dict[int, list[int]]  # the zones the move changed, as they were
    counters: list[float] | None
    # current, deal_number, turn_number, moves_in_turn, over, points, len(results): as the move began
    scalars: tuple[Any, ...]
    extra: tuple[Any, ...] | None = None  # phase, revealed cards, combinations, winner
    positions: list[tuple[Any, int]] | None = None  # positions turns began in, with `turn_repeats` before


def applier(game: CompiledGame, action: CompiledAction, recorded: bool = True) -> Any:
    """The function (state, move) that plays a move of `action`. Recorded, it keeps the move's
    undo record and files it in the history; else it keeps none (`State.playout`), and writes the
    position's lists in place: with nothing to take back, nothing has to be copied first."""
    exprs = game.exprs
    if recorded:  # `points` is never changed in place (a deal's end makes a new list): kept, not copied
        begin = [(f"    st._frame = frame = {exprs.bind(UndoFrame)}(mv, {{}}, None, (p, st.deal_number, "
                  "st.turn_number, st.moves_in_turn, st.over, st.points, len(st.results)))")]
        end = ["    st.history.append(frame)", "    st._frame = None"]
    else:
        begin = ["    turn = st.turn_number"] if game.counts_positions else []
        end = []
    body = [*action.first_lines, *_cards_moved(game, action, recorded), "    st.moves_in_turn += 1", *action.then_lines]
    if action.seat_choices:  # `p's hand`: the player the move chooses, read while its effects run
        body.insert(0, "    st._chosen = mv")
    if game.keeps_up:
        body.append("    st._keep_tops_up()")
    if game.triggers:  # the `whenever` rules: asked here, fired (and bounded) by their own function
        fire = exprs.bind(game.fire_triggers)
        body += [f"    if {exprs.any_code([t.condition for t in game.triggers])} and not {fire}(st, p):",
                 "        st._keep_firing(p)"]
    if game.counts_positions:
        began = "frame.scalars[2]" if recorded else "turn"
        body += [f"    if st.turn_number != {began}:", "        st._count_position()"]
    body += [f"    ended = {exprs.bind(game.first_end)}(st, p)", "    if ended is not None:",
             "        st._end_deal(p, ended)"]
    if game.eliminated is not None:  # a player the move put out of the game does not keep the turn
        body.append("    st._pass_if_out()")
    if recorded and writes_counters(body):
        body.insert(0, KEEP_COUNTERS)
    name = identifier(f"_apply_{action.name}" if recorded else f"_apply_{action.name}_unrecorded")
    lines = [f"def {name}(st, mv):", "    p = st.current", *begin, *body, *end, "    st._legal = None"]
    apply = exprs.compile(lines)
    apply.rules = [action.info]  # the rule it plays, cited from here: never written into its source
    return apply


def _cards_moved(game: CompiledGame, action: CompiledAction, recorded: bool) -> list[str]:
    """The statements that move the move's cards (none for a move that moves no card)."""
    exprs = game.exprs
    if action.exchange is not None:
        return [f"    st._exchange({exprs.bind(action)}, mv)"]
    if action.combination is not None and action.combination.kinds.by_cards:
        # The cards played, each the very card (plays told apart by their cards); both zones saved
        # for undo before they change.
        source = exprs.bind([sources[0] for sources in action.sources])
        reading = exprs.bind(action.combination.kinds.reading)
        saving = ["    saved = frame.zones", "    if src not in saved:", "        saved[src] = list(hand)",
                  "    if dst not in saved:", "        saved[dst] = list(target)",
                  "    if frame.extra is None:  # the combinations on the table, saved once per move",
                  "        st._save_scalar_state()"]
        return ["    src = " + source + "[p]", "    dst = mv[3]", "    hand = st.zones[src]", "    target = st.zones[dst]",
                *(saving if recorded else []),
                "    for card in mv[2]:", "        hand.remove(card)", "        target.append(card)",
                "    st.rank_counts.pop(src, None)", "    st.rank_counts.pop(dst, None)",
                f"    st.combos[dst] = {reading}(mv[1], mv[2])", "    st.played_by[dst] = p"]
    if action.combination is not None:
        # The ranks played, the lowest card of each rank first (suits never matter here); both
        # zones saved for undo before they change.
        source = exprs.bind([sources[0] for sources in action.sources])
        reading = exprs.bind(action.combination.kinds.reading)
        saving = ["    saved = frame.zones", "    if src not in saved:", "        saved[src] = list(hand)",
                  "    if dst not in saved:", "        saved[dst] = list(target)"]
        keeping = ["    if frame.extra is None:  # the combinations on the table, saved once per move",
                   "        st._save_scalar_state()"]
        # The hand's counts by rank, when the listing kept them, follow the cards it gives.
        counting = ["    known = st.rank_counts.get(src)", "    if known is not None and known[0] is hand:",
                    "        counts = known[1]", "        for rank in mv[2]:", "            counts[rank] -= 1",
                    "    st.rank_counts.pop(dst, None)"]
        moving = ["    for rank in mv[2]:", "        card = rank << 2", "        while card not in hand:",
                  "            card += 1", "        hand.remove(card)", "        target.append(card)", *counting]
        helpers = native_helpers()
        if helpers is not None:  # the same loop in C (compiler/native/runtime.py)
            moving = ["    known = st.rank_counts.get(src)",
                      (f"    {exprs.bind(helpers.move_ranks)}(hand, target, mv[2], "
                       "known[1] if known is not None and known[0] is hand else None)"),
                      "    st.rank_counts.pop(dst, None)"]
        return ["    src = " + source + "[p]", "    dst = mv[3]", "    hand = st.zones[src]", "    target = st.zones[dst]",
                *(saving if recorded else []), *moving,
                *(keeping if recorded else []),
                f"    st.combos[dst] = {reading}(mv[1], mv[2])", "    st.played_by[dst] = p"]
    if action.taking is not None:
        return [f"    st._take_cards({exprs.bind(action)}, mv)"]
    if action.capture is not None:  # the card played, then the cards it takes, to the same zone
        return [f"    st._move_cards({exprs.bind(action)}, mv)", f"    st._take_cards({exprs.bind(action)}, mv)"]
    if action.moves_cards:
        return [f"    st._move_cards({exprs.bind(action)}, mv)"]
    return []
