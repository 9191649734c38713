"""The legal moves of each phase, listed by one generated function.

Listing moves is the hot path. A general loop over the actions asks of each one what it is (a
move with values? a play of combinations? an exchange? cards to a building target?) and calls
its condition as a closure; here each phase gets a function that has only its own actions, in
the file's order, with their conditions written in line and the plays of combinations looked up
directly. A card move is written out for its own zones (`card_moves.py`) unless its rules need
one of the general listing's rarer cases that it does not write out; those, and exchanges, go
through the engine's general listing. The priorities are written in line (`priorities.py`). The order of the moves is the order the rules give them, the same as
before: random players and game records depend on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import lead_lists
from .card_moves import NO, Flag, card_moves, is_written_out
from .lead_lists import keeps_leads, refiltered, refiltered_cards
from .priorities import fused_flags, priority_lines
from .source import identifier, number

if TYPE_CHECKING:
    from .game import CompiledAction, CompiledGame


def move_form(index: int, dst: int) -> Any:
    """How a combination found in a hand is made into a move of that action onto that zone
    (the action and the zone kept on the function, for the native path to make the same moves)."""
    form = lambda kind, length, key, ranks: (index, kind.index, ranks, dst)  # noqa: E731
    form.action, form.target = index, dst
    return form


def generator(game: CompiledGame, phase: int, reference: bool = False) -> Any:
    """The function (state, apply_priorities) that lists the legal moves of `phase`. With
    `reference`, every card move goes through the engine's general loop and the priorities
    through `State._apply_priorities`: the slower listing the written-out one must equal."""
    exprs = game.exprs
    lines = [f"def _moves_in_{identifier(game.phases[phase])}(st, apply_priorities=True):",
             "    p = st.current", "    mv = None", "    out = []"]
    flags = {} if reference else fused_flags(game, game.first_in_phase[phase], lambda a: _written_out(game, a))
    lines += [f"    {flag.name} = False" for flag in flags.values()]
    lines += [f"    {flag.matches} = []" for flag in flags.values() if flag.matches]
    for action in game.first_in_phase[phase]:
        fused = tuple(flag for index, flag in flags.items()
                      if action.index in game.priorities[index].also | {game.priorities[index].action})
        lines += ["    # move " + identifier(action.name), *_listing(game, action, reference, fused)]  # a checked identifier
    if game.priorities:
        lines.append("    if apply_priorities:")
        if reference:
            lines.append("        out = st._apply_priorities(out)")
        else:
            lines += [f"        {line}" for line in priority_lines(game, flags)]
    others, stuck = game.others_in_phase[phase], game.stuck_in_phase[phase]
    if others or stuck:
        lines.append("    if out:")
        lines += _listed_beside(game, others, reference)
        lines.append("    else:")
        lines += _listed_beside(game, stuck, reference)
    lines.append("    return out")
    listing = exprs.compile(lines)
    listing.rules = [action.info for action in game.first_in_phase[phase]]  # what the comments name, cited
    return listing


def _listed_beside(game: CompiledGame, actions: list[CompiledAction], reference: bool) -> list[str]:
    """The moves offered only beside the others (or only without them), listed as any move is
    (a card move offers its cards), one level deeper: under `if out:` or `else:`."""
    return [f"    {line}" for action in actions for line in _listing(game, action, reference)] or ["        pass"]


def _written_out(game: CompiledGame, action: CompiledAction) -> bool:
    """Whether `_listing` lists the action's moves with `card_moves` (written out for its zones)."""
    return (action.values is None and action.combination is None and action.exchange is None
            and action.taking is None and action.moves_cards and action.capture is None
            and action.card_choices is None and is_written_out(game, action))


def _listing(game: CompiledGame, action: CompiledAction, reference: bool = False,
             flags: tuple[Flag, ...] = ()) -> list[str]:
    """The statements that add the moves of one action to `out` (setting the `flags` of the
    priorities fused into the listing as its moves are listed)."""
    exprs = game.exprs
    if action.values is not None:  # choices (`for each n`): one move per value, its condition asked of each
        offered = _offered(game, action, action.values)
        lines = [f"    for value in {offered}:", f"        mv = ({action.index}, value, {NO}, {NO})"]
        tests = []
        if game.model.eliminated is not None:  # players out of the game are not chosen
            tests = [f"st.in_play({'value' if slot is None else f'value[{slot}]'} - 1)" for slot in action.seat_choices]
        if action.seat_choices:
            lines.append("        st._chosen = mv  # for p's hand, the players chosen")
        if action.condition is not None:
            tests.append(exprs.call(action.condition))
        if not tests:
            return [*lines, "        out.append(mv)", "    mv = None"]
        return [*lines, f"        if {' and '.join(tests)}:", "            out.append(mv)", "    mv = None"]
    if action.combination is not None:
        body = _combinations(game, action)
    elif action.exchange is not None:
        body = [f"st._generate_exchanges({exprs.bind(action)}, p, out)"]
    elif action.taking is not None:
        body = [f"st._generate_taken({exprs.bind(action)}, p, out)"]
    elif not action.moves_cards:
        body = [f"out.append({exprs.bind((action.index, NO, NO, NO))})"]
    elif action.capture is not None:  # each card move, once with each set of cards it takes
        body = ["cards = []", f"st._generate_card_moves({exprs.bind(action)}, p, cards)",
                "for move in cards:", f"    st._generate_taken({exprs.bind(action)}, p, out, move)"]
    elif action.card_choices is not None:
        body = _card_moves_with_choices(game, action)
    elif not reference and is_written_out(game, action):
        body = card_moves(game, action, flags)
    else:
        body = [f"st._generate_card_moves({exprs.bind(action)}, p, out)"]
    if action.condition is None:
        return [f"    {line}" for line in body]
    return [f"    if {exprs.call(action.condition)}:", *(f"        {line}" for line in body)]


def _offered(game: CompiledGame, action: CompiledAction, values: list[tuple]) -> str:
    """The values a move offers its mover, as code: one list for every player, else each one's,
    or asked of the position when a choice's bounds read it."""
    if action.offer is not None:
        return f"{game.exprs.bind(action.offer)}(st, p)"
    if all(v == values[0] for v in values):
        return game.exprs.bind(tuple(values[0]))
    return f"{game.exprs.bind([tuple(v) for v in values])}[p]"  # a player other than the mover


def _card_moves_with_choices(game: CompiledGame, action: CompiledAction) -> list[str]:
    """A card move that carries a choice: each card move the building rules allow, once with
    each value in turn (`(action, card, source, target, value)`), the part of its `only when` that reads
    the choice asked of each."""
    exprs = game.exprs
    tests = []
    if game.model.eliminated is not None:  # players out of the game are not chosen
        tests = [f"st.in_play({'value' if slot is None else f'value[{slot}]'} - 1)" for slot in action.seat_choices]
    if action.choice_condition is not None:
        tests.append(exprs.call(action.choice_condition))
    lines = ["cards = []", f"st._generate_card_moves({exprs.bind(action)}, p, cards)",
             "for move in cards:", f"    for value in {_offered(game, action, action.card_choices)}:",
             "        mv = move + (value,)"]
    if action.seat_choices:
        lines.append("        st._chosen = mv  # for p's hand, the players chosen")
    if tests:
        lines += [f"        if {' and '.join(tests)}:", "            out.append(mv)"]
    else:
        lines.append("        out.append(mv)")
    return [*lines, "mv = None"]


def _combinations(game: CompiledGame, action: CompiledAction) -> list[str]:
    """Plays of combinations from the source zones, worked on counts by rank: every play when
    nothing lies to be beaten, else the plays that beat it."""
    exprs = game.exprs
    play = action.combination
    if play.kinds.by_cards:
        return _card_combinations(game, action)
    for p in range(game.players):
        play.finders[p] = play.kinds.finder(move_form(action.index, action.targets[p][0][0]),
                                            key=(action.index, action.targets[p][0][0]))
    finders = exprs.bind(play.finders)
    lines = ["table = None"]
    if play.beating is not None:
        beaten = exprs.bind([zones[0] for zones in play.beating])
        lines += [f"if st.zones[{beaten}[p]]:", f"    table = st.combos.get({beaten}[p])"]
    lines += [f"finder = {finders}[p]", f"for src in {exprs.bind(action.sources)}[p]:",
              "    hand = st.zones[src]",
              "    known = st.rank_counts.get(src)  # the hand's counts, kept while it does not change",
              "    if known is not None and known[0] is hand:", "        counts = known[1]", "    else:",
              "        counts = [0] * 16", "        for card in hand:", "            counts[card >> 2] += 1",
              "        st.rank_counts[src] = (hand, counts)"]
    if not (lead_lists.KEEP_COUNTED_LEADS and keeps_leads(play.kinds)):
        return [*lines, "    out += finder.leads(counts) if table is None else finder.answer[table.kind.index](counts, table)"]
    # The hand's lead list, kept with its counts and filtered after its plays (lead_lists.py).
    return [*lines, "    if table is None:", "        kept = st.lead_lists.get(src)",
            f"        leads = {exprs.bind(refiltered)}(kept, counts) if kept is not None and kept[0] is counts else None",
            "        if leads is None:", "            leads = finder.leads(counts)",
            "            st.lead_lists[src] = [counts, list(counts), leads]",
            "        out += leads", "    else:", "        out += finder.answer[table.kind.index](counts, table)"]



def _card_combinations(game: CompiledGame, action: CompiledAction) -> list[str]:
    """Plays of combinations told apart by their cards, found from the cards of the source
    zones: every play when nothing lies to be beaten, else the plays that beat it; with `must
    include CARD [while …]`, only the plays that hold the card (while the condition holds)."""
    exprs = game.exprs
    play = action.combination
    kinds = exprs.bind(play.kinds)
    lines = ["table = None"]
    if play.beating is not None:
        beaten = exprs.bind([zones[0] for zones in play.beating])
        lines += [f"if st.zones[{beaten}[p]]:", f"    table = st.combos.get({beaten}[p])"]
    targets = exprs.bind([action.targets[p][0][0] for p in range(game.players)])
    lines += [f"dst = {targets}[p]", f"for src in {exprs.bind(action.sources)}[p]:", "    hand = st.zones[src]"]

    def listing(found: str, into: str, indent: str) -> list[str]:
        """The statements adding the moves of the plays `found` to `into`."""
        steps = [f"found = {found}"]
        if play.include is not None:
            card, when = play.include
            test = f"{number(card)} in c.cards"
            if when is not None:
                steps.append(f"needed = {exprs.call(when)}")
                test = f"not needed or {test}"
            steps.append(f"found = [c for c in found if {test}]")
        steps.append(f"{into} += [({number(action.index)}, c.kind.index, c.cards, dst) for c in found]")
        return [indent + step for step in steps]

    if not keeps_leads(play.kinds, play.include):
        return [*lines, *listing(f"{kinds}.plays(hand) if table is None else {kinds}.answers(hand, table)", "out", "    ")]
    # The hand's lead list, kept with its cards and filtered after its plays (lead_lists.py).
    return [*lines, "    if table is None:", "        kept = st.lead_lists.get(src)",
            f"        leads = {exprs.bind(refiltered_cards)}(kept, hand) if kept is not None and kept[0] is hand else None",
            "        if leads is None:", "            leads = []", *listing(f"{kinds}.plays(hand)", "leads", " " * 12),
            "            st.lead_lists[src] = [hand, sorted(hand), leads]", "        out += leads",
            "    else:", *listing(f"{kinds}.answers(hand, table)", "out", " " * 8)]
