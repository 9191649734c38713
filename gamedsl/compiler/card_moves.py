"""Card moves written out for their own zones: the listing of an action that moves a card.

The engine's general loop (`State._generate_card_moves`) asks of every source and target what
it is (a slot? a closed zone? covered? a wild on top?) each time it lists moves. Here those
questions are answered once, when the rules are compiled: each player's sources and targets are
numbers in the code, the building tables are bit masks (one AND tells whether a target takes a
card), the "one empty zone of a family" rule is a flag per family, and the rarer cases are
written in only where the rules have them: closed zones, covered zones, a table that reads a
counter (one set of masks per value), the move's test about the card, wild cards (a wild offers
every rank it stands for). Groups (a card with the cards on top of it) are listed in C only:
without the native path they go through the general loop.

With the native path on, the same listing is one call of a C `Lister` per player
(`native/card_moves.py`) where it holds the action's case; this Python is written otherwise.
The moves, and their order, are the general loop's: by source, card, then target in the rule's
order (`tests/test_listing_equivalence.py` compares them on every game file).
"""

from __future__ import annotations

import collections
import functools
from typing import TYPE_CHECKING, Any

from .. import cards
from .building import EMPTY, ByCounter
from .native import card_moves as native_card_moves
from .source import number

if TYPE_CHECKING:
    from .game import CompiledAction, CompiledGame

NO = -1  # the engine's "no card / no zone" in a move
ABSENT = cards.CARD_LIMIT  # a source with no card on offer: a bit that no mask has


def is_written_out(game: CompiledGame, action: CompiledAction) -> bool:
    """Whether `card_moves` writes the card move out (else the general loop lists it): groups
    only in C."""
    return not action.group or is_native(game, action)


@functools.lru_cache(maxsize=256)
def _masks(table: Any) -> tuple[int, ...]:
    """A building table as bit masks: entry `top` (or `EMPTY`) has bit `card` set when the card
    may go there (None: any card anywhere). One AND then tells whether a target takes any of the
    cards on offer."""
    if table is None:
        return ((1 << cards.CARD_LIMIT) - 1,) * (EMPTY + 1)
    return tuple(sum(1 << c for c, ok in enumerate(row) if ok) for row in table)


def _wild_offers(game: CompiledGame) -> tuple[tuple[int, tuple[tuple[int, int], ...] | None], ...]:
    """For each card: the bits it offers to the targets (a wild: the first card of each rank it
    may stand for), and a wild's (bit, the card as the move names it) for each such rank, else
    None; and for `ABSENT`, nothing."""
    offers = []
    for card in range(cards.CARD_LIMIT):
        ranks = game.wild[card]
        if ranks is None:
            offers.append((1 << card, None))
        else:
            pairs = tuple((rank << 2, card + 64 * (rank + 1)) for rank in ranks)
            offers.append((sum(1 << bit for bit, _ in pairs), pairs))
    return (*offers, (0, None))  # ABSENT: nothing on offer


def card_moves(game: CompiledGame, action: CompiledAction, flags: tuple[Flag, ...] = ()) -> list[str]:
    """The statements that add the moves of a card move to `out`, written out for each player's
    zones (one branch per player whose zones differ). Each of `flags` (a priority's filter fused
    into the listing) is set True when a move its filter may match is listed."""
    native = _native_listing(game, action, flags)
    if native is not None:
        return native
    if action.group:
        raise ValueError("a move of groups is written out only in C (is_written_out)")
    players = [(tuple(action.sources[p]), tuple(action.targets[p])) for p in range(game.players)]
    lines = ["zones = st.zones"]
    if game.exprs.closable:
        lines.append("closed = st.closed")
    if game.has_wilds:
        lines.append("declared = st.declared")
    if action.judges_cards:
        if action.card_test is None:  # the file's table alone: a mask of the cards that may move
            lines.append(f"judged = {number(sum(1 << c for c, ok in enumerate(action.card_table) if ok))}")
        else:
            lines.append(f"judged = st._judged_cards({game.exprs.bind(action)}, p)")
    if all(zones == players[0] for zones in players):
        return lines + _card_moves_of(game, action, *players[0], flags, None)
    for p, (sources, targets) in enumerate(players):  # each player's own zones
        if p == 0:
            lines.append("if p == 0:")
        elif p < game.players - 1:
            lines.append(f"elif p == {number(p)}:")
        else:
            lines.append("else:")
        lines += [f"    {line}" for line in _card_moves_of(game, action, sources, targets, flags, p)]
    return lines


def _native_listing(game: CompiledGame, action: CompiledAction, flags: tuple[Flag, ...]) -> list[str] | None:
    """The statements that list the card move with a C `Lister` per player (`native/card_moves.py`),
    the flags raised from the bits it returns; None when the Python listing is written instead
    (the native path off or not built, or a case the C code does not hold)."""
    if not native_card_moves.supports(game, action):
        return None
    listers = native_card_moves.listers(game, action, flags, _masks)
    if listers is None:
        return None
    kept = "None"
    if any(flag.matches for flag in flags):
        kept = "(" + "".join(f"{flag.matches or 'None'}, " for flag in flags) + ")"
    arguments = f"st.zones, out, st.counters, {kept}"
    if native_card_moves.reads_public(game, action):
        arguments += f", {'st.declared' if game.has_wilds else 'None'}, st.public"
    elif game.has_wilds:
        arguments += ", st.declared"
    if all(lister is listers[0] for lister in listers):
        call = f"{game.exprs.bind(listers[0])}({arguments})"
    else:
        call = f"{game.exprs.bind(tuple(listers))}[p]({arguments})"
    trials = [action.sources[p][-1] for p in range(game.players)
              if action.sources[p] and native_card_moves.is_trial(game, action, action.sources[p][-1])]
    if not flags and not trials:
        return [call + "  # in C"]
    lines = [f"raised = {call}  # in C, the bits of the flags its moves raise"]
    for bit, flag in enumerate(flags):
        lines += [f"if raised & {number(1 << bit)}:", f"    {flag.name} = True"]
    if trials:  # the last source, empty: its moves are tried after the `first:` effects, in Python
        tried = [action.sources[p][-1] if action.sources[p] else NO for p in range(game.players)]
        lines += [f"if raised & {number(native_card_moves.TRIAL)} and not st._trying_first_effects:",
                  f"    out += st._moves_after_first_effects({game.exprs.bind(action)}, p, {game.exprs.bind(tried)}[p])",
                  *(f"    {flag.name} = True" for flag in flags)]  # (any of them may match)
    return lines


def is_native(game: CompiledGame, action: CompiledAction) -> bool:
    """Whether `card_moves` lists the card move with C `Lister`s (the native path is on and built)."""
    return native_card_moves.supports(game, action) and native_card_moves.module() is not None


class Flag:
    """A priority's filter fused into the listing: a variable that is True once a move the
    filter may match has been listed (then the priority looks at the moves; else it has nothing
    to do). Per player: the sources and targets it names (None: any)."""

    def __init__(self, name: str, sources: list[frozenset[int]] | None, targets: list[frozenset[int]] | None,
                 matches: str | None = None):
        self.name = name
        self.sources = sources
        self.targets = targets
        self.matches = matches  # a list the C listings append the matching moves to (a `must`'s keep), or None

    def by_target(self, sources: tuple[int, ...], player: int | None) -> bool:
        """Whether the flag is set as a target is found to take a card on offer rather than as
        each move is listed: when it names no source the move lacks and the same targets for
        every player whose zones these are. (A card on offer that a target takes is a move, but
        from the target itself: the flag may then go up for nothing, and the priority then
        looks for a move in vain, which changes nothing.)"""
        if self.sources is not None:
            mine = [self.sources[player]] if player is not None else self.sources
            if not all(src in zones for zones in mine for src in sources):
                return False
        if self.targets is None or player is not None:
            return True
        return all(t == self.targets[0] for t in self.targets)

    def set_by(self, dst: int, player: int | None) -> bool:
        """Whether a target that takes a card on offer sets the flag (see `by_target`)."""
        if self.targets is None:
            return True
        return dst in self.targets[player if player is not None else 0]

    def setting(self, game: CompiledGame, src: int, player: int | None) -> list[str]:
        """The statements, after a move from `src` onto `dst` is listed, that set the flag."""
        if self.sources is not None:
            if player is not None and src not in self.sources[player]:
                return []
            if player is None and not any(src in s for s in self.sources):
                return []
        source_test = None
        if self.sources is not None and player is None and not all(src in s for s in self.sources):
            source_test = f"{number(src)} in {game.exprs.bind(self.sources)}[p]"
        target_test = None
        if self.targets is not None:
            if player is not None:
                zones = self.targets[player]
                target_test = (f"dst == {number(next(iter(zones)))}" if len(zones) == 1
                               else f"dst in {game.exprs.bind(zones)}" if zones else "False")
            else:
                target_test = f"dst in {game.exprs.bind(self.targets)}[p]"
        tests = [t for t in (source_test, target_test) if t is not None]
        if not tests:
            return [f"{self.name} = True"]
        return [f"if {' and '.join(tests)}:", f"    {self.name} = True"]


def _card_moves_of(game: CompiledGame, action: CompiledAction, sources: tuple[int, ...],
                   targets: tuple[Any, ...], flags: tuple[Flag, ...], player: int | None) -> list[str]:
    """`card_moves` for one player's sources and targets: the cards on offer read into one
    variable per source (a fan: a list), with a mask of them all; then the targets that take any
    of them (one per family of empty zones), with a mask of what those take; then each source's
    cards onto each such target that takes them."""
    exprs = game.exprs
    at_targets = tuple(flag for flag in flags if flag.by_target(sources, player))
    at_moves = tuple(flag for flag in flags if flag not in at_targets)
    wilds = exprs.bind(_wild_offers(game)) if game.has_wilds else None
    judged = action.judges_cards
    table_judged = judged and action.card_test is None
    lines = ["cm = 0  # the cards on offer, as bits", "hm = 0  # the cards some target takes, as bits"]
    trials = []  # sources whose moves, when they are empty, are those after the move's `first:` effects
    reading, moving = [], []
    for i, src in enumerate(sources):
        blind = game.face[src] == "down" or action.named_alone
        offers_wild = wilds is not None and not blind
        s = number(src)
        kept = ("judged >> card & 1" if table_judged else "judged[card]") if judged else None
        offer = f"{wilds}[card][0]" if offers_wild else "1 << card"
        simple = not (kept or exprs.closable or game.covered[src] or (blind and action.first_effects))
        if game.top_only[src]:
            variable = cv = f"c{i}"  # the top card, or ABSENT
            offer = f"{wilds}[{cv}][0]" if offers_wild else f"1 << {cv}"
            if simple:
                block = [f"if pile := zones[{s}]:", f"    {cv} = pile[-1]", f"    cm |= {offer}", "else:",
                         f"    {cv} = {ABSENT}"]
            else:
                lines.append(f"{cv} = {ABSENT}")
                block = [f"if pile := zones[{s}]:"]
                if kept:
                    block += ["    card = pile[-1]", f"    if {kept}:", f"        {cv} = card", f"        cm |= {offer}"]
                else:
                    block += [f"    {cv} = pile[-1]", f"    cm |= {offer}"]
            loop = [f"if hm & {wilds}[{cv}][0]:" if offers_wild else f"if hm >> {cv} & 1:"]
            depth = "    "
        else:  # a fan: every card of it, in card order
            variable = cv = f"f{i}"
            lines.append(f"{variable} = ()")
            block = [f"if pile := zones[{s}]:",
                     f"    {variable} = sorted(set(pile))" if not kept
                     else f"    {variable} = [card for card in sorted(set(pile)) if {kept}]",
                     f"    for card in {variable}:", f"        cm |= {offer}"]
            loop = [f"for card in {variable}:",
                    f"    if hm & {wilds}[card][0]:" if offers_wild else "    if hm >> card & 1:"]
            cv = "card"
            depth = "        "
        if blind and action.first_effects:  # tried on a copy, in its place among the sources
            trials.append(i)
            lines.append(f"t{i} = False")
            block += ["elif not st._trying_first_effects:", f"    t{i} = True"]
        open_tests = []
        if exprs.closable:
            open_tests.append(f"{s} not in closed")
        covering = game.covered[src]
        if covering:  # `covered by …`: no card while a covering zone holds one
            open_tests.append("not (" + " or ".join(f"zones[{number(z)}]" for z in covering) + ")")
        if open_tests:
            block = [f"if {' and '.join(open_tests)}:", *(f"    {line}" for line in block)]
        reading += block
        other = f" and dst != {s}" if src in {dst for dst, _ in targets} else ""
        shown = number(NO) if blind else cv
        setting = [line for flag in at_moves for line in flag.setting(game, src, player)]
        plain = ["for dst, m in hits:", f"    if m >> {cv} & 1{other}:",
                 f"        out.append(({number(action.index)}, {shown}, {s}, dst))",
                 *(f"        {line}" for line in setting)]
        if offers_wild:  # a wild goes as each rank it may stand for that the target takes
            body = [f"stands = {wilds}[{cv}][1]", "if stands is not None:", "    for dst, m in hits:",
                    f"        if dst != {s}:", "            for bit, named in stands:",
                    "                if m >> bit & 1:",
                    f"                    out.append(({number(action.index)}, named, {s}, dst))",
                    *(f"                    {line}" for line in setting),
                    "else:", *(f"    {line}" for line in plain)]
        else:
            body = plain
        moves = [*loop, *(depth + line for line in body)]
        if i in trials:
            moves += [f"if t{i}:", f"    out += st._moves_after_first_effects({exprs.bind(action)}, p, {s})",
                      *(f"    {flag.name} = True" for flag in flags)]  # (any of them may match)
        moving += moves
    lines += reading
    lines += ["hits = []  # (target, mask of the cards it takes) for the targets that take one on offer",
              "if cm:"]
    lines += [f"    {line}" for line in _targets(game, action, targets, at_targets, player)]
    if trials:
        return lines + moving
    return lines + ["if hm:", *(f"    {line}" for line in moving)]


def _targets(game: CompiledGame, action: CompiledAction, targets: tuple[Any, ...], flags: tuple[Flag, ...],
             player: int | None) -> list[str]:
    """The targets that take a card on offer (`cm`), in the rule's order, each with the mask of
    the cards on offer it takes; those masks or'ed into `hm`, and the `flags` it sets raised."""
    exprs = game.exprs
    lines: list[str] = []
    family_count = collections.Counter(game.family_of[dst] for dst, _ in targets)
    shared = [family for family, count in family_count.items() if count > 1]
    lines += [f"free_{number(family)} = True  # no empty zone of this family offered yet" for family in shared]
    bound: dict[int, str] = {}  # each table's masks bound once (a table that reads a counter: picked now)
    for dst, table in targets:
        if id(table) not in bound:
            if table.__class__ is ByCounter:
                by_value = {value: _masks(t) for value, t in table.tables.items()}
                name = f"masks_{len(bound)}"
                lines.append(f"{name} = {exprs.bind(by_value)}[int(st.counters[{number(table.index)}])]")
                bound[id(table)] = name
            else:
                bound[id(table)] = exprs.bind(_masks(table))
        masks = bound[id(table)]
        static_empty = None if table.__class__ is ByCounter else _masks(table)[EMPTY]
        d = number(dst)
        raised = [f"        {flag.name} = True" for flag in flags if flag.set_by(dst, player)]
        block = [] if game.slot[dst] else [f"dest = zones[{d}]"]
        if not game.slot[dst]:  # an occupied slot takes nothing
            if game.has_wilds:  # a wild on top counts as what it stands for
                block += ["if dest:", "    top = dest[-1]", f"    stood = declared.get({d})", "    if stood:",
                          "        top = stood.get(len(dest) - 1, top)", f"    if m := {masks}[top] & cm:"]
            else:
                block = [f"if dest := zones[{d}]:", f"    if m := {masks}[dest[-1]] & cm:"]
            block += [f"        hits.append(({d}, m))", "        hm |= m", *raised]
        family = game.family_of[dst]
        alike = family_count[family] > 1  # only the first empty zone of its family is offered
        test = f"free_{number(family)}" if alike else None
        if game.slot[dst]:
            block.append(f"if not zones[{d}]{f' and {test}' if test else ''}:")
        else:
            block.append(f"elif {test}:" if test else "else:")
        if alike:
            block.append(f"    free_{number(family)} = False")
        if static_empty is None:
            block += [f"    if m := {masks}[{EMPTY}] & cm:", f"        hits.append(({d}, m))", "        hm |= m", *raised]
        elif static_empty:  # (else an empty zone takes no card)
            e = number(static_empty)
            block += [f"    if m := {e} & cm:", f"        hits.append(({d}, m))", "        hm |= m", *raised]
        elif not alike:
            block.append("    pass")
        if game.exprs.closable:
            block = [f"if {d} not in closed:", *(f"    {line}" for line in block)]
        lines += block
    return lines or ["pass"]
