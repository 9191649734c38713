"""Why a move is legal or not, naming the rule of the file that decides it (the "Stop!").

The checks follow the order in which the rules apply: the move's own conditions, where the
card may come from and whether it is available there, where it may go and the building rule
of that zone, and last the priorities, re-run one by one to find the one that removed it.
"""

from __future__ import annotations

import linecache
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import cards, resources
from ..compiler.building import ByCounter, describe
from ..errors import MoveError
from ..model.model import RuleInfo
from ..terminal import brief
from .moves import NO, Internal, Move, choice_word, choices_text, taken_sizes

if TYPE_CHECKING:
    from .state import State


@dataclass(frozen=True)
class Explanation:
    move: str
    legal: bool
    rule: RuleInfo | None = None
    reason: str = ""

    def __str__(self) -> str:
        if self.legal:
            return f"{self.move}: legal"
        text = f"{self.move}: illegal — {self.reason}" if self.reason else f"{self.move}: illegal"
        if self.rule is not None:
            text += f"\n  rule {self.rule.cite()}"
        return text

    def __bool__(self) -> bool:
        return self.legal


def explain(state: State, move: Move | str) -> Explanation:
    codec = state.game.codec
    if isinstance(move, str):
        try:
            public = state.parse_move(move)
        except MoveError as err:
            return Explanation(move, False, _taking_named(state, move), str(err))
    else:
        public = move
    internal = state.canonical(codec.internal(public, state.current))
    text = str(codec.public(internal)) if internal[0] < len(state._c.actions) else str(public)
    if state.over:
        return Explanation(text, False, None, "the game is over")
    if internal in state._legal_internal():
        return Explanation(text, True)
    rule, reason = _why_not(state, internal)
    return Explanation(text, False, rule, reason)


def _why_not_card_play(state: State, action, move) -> tuple[RuleInfo | None, str]:
    """Why a play told apart by its cards is not legal: cards not held, not of its kind, without
    the card it must include, or not beating the table."""
    c = state._c
    p = state.current
    _, kind_index, played, _ = move
    kinds = action.combination.kinds
    kind = kinds.kinds[kind_index]
    text = f"{kind.name} {kinds.cards_text(played, kind_index)}"
    if action.condition is not None and not action.condition(state, p, None):
        return action.info, f"the conditions of '{action.name}' do not hold here"
    held = [card for src in action.sources[p] for card in state.zones[src]]
    for card in set(played):
        if played.count(card) > held.count(card):
            return action.info, f"{state.current_player} does not hold {cards.CARD_TEXT[card]}"
    reading = kinds.reading(kind_index, played)
    if reading is None:
        return c.model.rules.get(kind.name, action.info), f"{kinds.cards_text(played)} is not a {kind.name}"
    include = action.combination.include
    if include is not None and include[0] not in played and (include[1] is None or include[1](state, p, None)):
        return action.info, f"the play must include {cards.CARD_TEXT[include[0]]} here"
    if action.combination.beating is not None:
        table_zone = action.combination.beating[p][0]
        table = state.combination_on(table_zone)
        if table is not None and not kinds.beats(reading, table):
            on_table = f"{table.kind.name} {kinds.cards_text(table.cards, table.kind.index)}"
            return action.info, f"{text} does not beat {on_table}"
    return action.info, "this move is not possible here"


def _why_not_combination(state: State, action, move) -> tuple[RuleInfo | None, str]:
    c = state._c
    p = state.current
    _, kind_index, ranks, _ = move
    kinds = action.combination.kinds
    if kinds.by_cards:
        return _why_not_card_play(state, action, move)
    kind = kinds.kinds[kind_index]
    text = state.game.codec.ranks_text(action, ranks)
    if action.condition is not None and not action.condition(state, p, None):
        return action.info, f"the conditions of '{action.name}' do not hold here"
    held = [card >> 2 for src in action.sources[p] for card in state.zones[src]]
    for rank in set(ranks):
        if ranks.count(rank) > held.count(rank):
            return action.info, f"{state.current_player} does not hold {text}"
    reading = next((r for r in kinds.classify(ranks) if r.kind is kind), None)
    if reading is None:
        return c.model.rules.get(kind.name, action.info), f"{text} is not a {kind.name}"
    if action.combination.beating is not None:
        table_zone = action.combination.beating[p][0]
        table = state.combination_on(table_zone)
        if table is not None and not kinds.beats(reading, table):
            on_table = state.game.codec.ranks_text(action, table.ranks)
            return action.info, f"{text} ({kind.name}) does not beat {on_table} ({table.kind.name})"
    return action.info, "this move is not possible here"


def _barred_rank(state: State, card: int, as_card: int | None) -> tuple[RuleInfo, str] | None:
    """A wild card played as a rank its `wild` declaration does not let it stand for."""
    c = state._c
    if as_card is None or card == NO or c.wild[card] is None or as_card >> 2 in c.wild[card]:
        return None
    rule = c.model.wild_rules[card >> 2]
    return rule, f"{cards.CARD_TEXT[card]} may not stand for {cards.RANK_TEXT[as_card >> 2]} ({rule.name}: {rule.description})"


def _taking_named(state: State, text: str) -> RuleInfo | None:
    """The rule of the `taking` move a text names, if it does (its text did not read back: a
    wrong number of cards, a card twice, a word that is no card)."""
    words = text.split()
    named = next((a for a in state._c.actions if words and a.name.lower() == words[0].lower()), None)
    return named.info if named is not None and named.taking is not None else None


def _why_not_taken(state: State, action: Any, move: Internal) -> tuple[RuleInfo | None, str]:
    """Why a `taking` move is not legal: a number of cards it does not take, a card not
    available (and why), refused by its test, or points that do not sum to the total."""
    c = state._c
    p = state.current
    names = c.zones.names
    info = action.info
    played = action.capture is not None  # a card move that takes cards with it: they are its fifth part
    taking = action.capture if played else action.taking
    taken = move[4] if played else move[1]
    if not taking.low <= len(taken) <= (taking.high if taking.high is not None else len(taken)):
        return info, f"'{action.name}' takes {taken_sizes(taking).replace(' different', '')}, not {len(taken)}"
    if not played and action.condition is not None and not action.condition(state, p, move):
        return info, f"the conditions of '{action.name}' do not hold here"
    if played and move[1] in taken:
        return info, f"{cards.CARD_TEXT[move[1]]} is the card played: it does not take itself"
    available = dict(state.available_cards(taking.zones[p]))
    for card in taken:
        if card in available:
            continue
        text = cards.CARD_TEXT[card]
        where = next((z for z in taking.zones[p] if card in state.zones[z]), None)
        if where is None:
            return info, f"{text} is not in a zone '{action.name}' takes from"
        cover = [z for z in c.covered[where] if state.zones[z]]
        if cover:
            by = " and ".join(f"{cards.CARD_TEXT[state.zones[z][-1]]} ({names[z]})" for z in cover)
            return c.zones[where].spec.info, f"{text} is not available: {names[where]} is covered by {by}"
        if c.face[where] == "down":
            return info, f"{text} is not available: {names[where]} is face down"
        return info, f"{text} is not available: only the top card of {names[where]} can be taken"
    refused = [cards.CARD_TEXT[card] for card in taken if not taking.accepts[card]]
    if refused:
        return info, f"'{action.name}' does not take {', '.join(refused)}"
    if taking.points is not None:
        total = taking.total(state, p, move if played else None)
        got = sum(taking.points[card] for card in taken)
        if round(got - total, 9) != 0:
            verb = "makes" if len(taken) == 1 else "make"
            return info, f"{' + '.join(cards.CARD_TEXT[x] for x in taken)} {verb} {got:g}, not {total:g}"
    if taking.melds is not None and not any(kind.holds(tuple(sorted(taken))) for kind in taking.melds):
        shapes = ", ".join(f"'{kind.name}'" for kind in taking.melds)
        return info, f"{' '.join(cards.CARD_TEXT[x] for x in taken)} is no meld (the melds: {shapes})"
    return None, ""


def _why_not(state: State, move: Internal) -> tuple[RuleInfo | None, str]:
    c = state._c
    p = state.current
    names = c.zones.names
    action = c.actions[move[0]]
    info = action.info
    card, src, dst = move[1:4]
    as_card = None
    if type(card) is int and card != NO and card >= 64:  # a wild card played as a rank
        as_card = ((card >> 6) - 1) << 2
        card &= 63
    if action.phases is not None and state.phase not in action.phases:
        phases = " or ".join(c.phases[i] for i in sorted(action.phases))
        return info, f"'{action.name}' belongs to the {phases} phase, and this is the {c.phases[state.phase]} phase"
    if action.only_if_stuck or action.only_if_others:
        ordinary = [m for m in state._legal_internal()
                    if not (c.actions[m[0]].only_if_stuck or c.actions[m[0]].only_if_others)]
        if action.only_if_stuck and ordinary:
            return info, f"'{action.name}' is only allowed when no other move is legal"
        if action.only_if_others and not ordinary:
            return info, f"'{action.name}' is only allowed when another move is legal"
    if action.values is not None:
        offered = action.offered(state, p)
        shown = choices_text(action, card) if card in offered else ""
        if not shown:
            if len(action.choices) == 1 and action.choices[0].kind == "number":
                if not offered:
                    return info, f"'{action.name}' has no value to take here"
                return info, f"'{action.name}' takes a value from {offered[0]} to {offered[-1]} here"
            return info, f"'{action.name}' cannot choose that here"
        for slot in action.seat_choices:
            seat = card if slot is None else card[slot]
            if not state.in_play(seat - 1):
                return info, f"P{seat} is out of the game: '{action.name}' cannot choose them"
        state._chosen = move
        if action.condition is not None and not action.condition(state, p, move):
            return info, f"the conditions of '{action.name} {shown}' do not hold here{_which(state, action, p, move)}"
    elif action.taking is not None:
        found = _why_not_taken(state, action, move)
        if found[0] is not None:
            return found
    elif action.combination is not None:
        return _why_not_combination(state, action, move)
    elif action.exchange is not None:
        if action.condition is not None and not action.condition(state, p, None):
            return info, f"the conditions of '{action.name}' do not hold here{_which(state, action, p, None)}"
        first, second = action.exchange[p]
        for held, zone_id in ((card, first), (src, second)):
            if not action.exchange_all and held not in state.zones[zone_id]:
                return info, f"{cards.CARD_TEXT[held]} is not in {names[zone_id]}"
    if action.values is None and action.condition is not None and not action.condition(state, p, None):
        return info, f"the conditions of '{action.name}' do not hold here{_which(state, action, p, None)}"
    if action.moves_cards:
        if src == NO or src not in action.source_sets[p]:
            where = names[src] if src != NO else "there"
            return info, f"{state.current_player} may not move a card from {where}"
        pile = state.zones[src]
        cover = [z for z in c.covered[src] if state.zones[z]]
        if cover:
            by = " and ".join(f"{cards.CARD_TEXT[state.zones[z][-1]]} ({names[z]})" for z in cover)
            return c.zones[src].spec.info, f"{names[src]} is covered by {by}: its card is not available"
        if card != NO and action.group:
            why = _why_not_group(state, action, card, src, dst)
            if why:
                return info, why
        if card != NO:
            if card not in pile:
                return info, f"{cards.CARD_TEXT[card]} is not in {names[src]}"
            if c.top_only[src] and pile[-1] != card and not action.group:
                return info, f"{cards.CARD_TEXT[card]} is not available: only the top card of {names[src]} can move"
        elif not pile and not action.first_effects:
            return info, f"{names[src]} is empty"
        if dst in state.closed or src in state.closed:
            closed = names[dst] if dst in state.closed else names[src]
            return info, f"{closed} is closed: it is out of play for the rest of the deal"
        if dst == NO or dst not in action.target_sets[p]:
            where = names[dst] if dst != NO else "there"
            return info, f"{state.current_player} may not move a card to {where}"
        barred = _barred_rank(state, card if card != NO else (pile[-1] if pile else NO), as_card)
        if barred is not None:
            return barred
        dest = state.zones[dst]
        if c.slot[dst] and dest:
            return c.zones[dst].spec.info, f"{names[dst]} already holds a card"
        table = dict(action.targets[p])[dst]
        if table.__class__ is ByCounter:  # a rule that reads a counter: its table in force
            table = table.at(state)
        moving = card if card != NO else (pile[-1] if pile else NO)
        top = state.top_card(dst)
        tested = as_card if as_card is not None else moving
        if table is not None and moving != NO and not table[top if top is not None else 64][tested]:
            build = c.model.builds[c.build_of_zone[dst]]
            on = f"on {cards.CARD_TEXT[dest[-1]]}" if dest else f"on an empty {names[dst]}"
            what = cards.CARD_TEXT[moving] + (f" as {cards.RANK_TEXT[as_card >> 2]}" if as_card is not None else "")
            if c.wild[moving] is not None and as_card is None:
                return build.info, f"{what} is wild: say what it stands for ('… as 8')"
            return build.info, f"{what} cannot go {on} ({describe(build, tuple(c.model.colours))})"
        if (action.card_table is not None or action.card_test is not None) and moving != NO \
                and not state._judged_cards(action, p)[moving]:
            return info, (f"the conditions of '{action.name}' do not hold for {cards.CARD_TEXT[moving]}"
                          f"{_which(state, action, p, (action.index, moving, src, dst))}")
    if action.card_choices is not None:
        found = _why_not_chosen(state, action, move)
        if found[0] is not None:
            return found
    if action.capture is not None:  # the card may go there: do the cards it takes go with it?
        found = _why_not_taken(state, action, move)
        if found[0] is not None:
            return found
    # The building rules allow it: a priority must have removed it.
    moves = state._generate(apply_priorities=False)
    if move not in moves:
        return info, "this move is not possible here"
    for priority in c.priorities:
        if priority.kind in ("must", "reach", "lower"):
            keep = (priority.keep(moves, state, p) if priority.kind == "must" else
                    state._keep_reaching(priority, moves) if priority.kind == "reach" else
                    state._keep_lowering(priority, moves))
            if keep is not moves:
                if move not in keep:
                    if getattr(priority, "same_card", False):  # the moves of the same card it keeps
                        keep = [m for m in keep if m[1:3] == move[1:3]]
                    # The moves the priority asks for first; those its `except` lets through are
                    # named apart ("or done"), else they read as moves to play first.
                    spared = {index for index, _ in getattr(priority, "spared", ())}
                    asked = [m for m in keep if m[0] not in spared] or keep
                    options = ", ".join(str(state.game.codec.public(m)) for m in asked[:4])
                    others = sorted({c.actions[m[0]].name for m in keep if m[0] in spared and asked is not keep})
                    return priority.info, (f"first play {options}" + (" …" if len(asked) > 4 else "")
                                           + (f" (or {', '.join(others)})" if others else ""))
                moves = keep
        elif priority.per_move:  # `forbid … while the card …`
            if priority.matches(move, p) and priority.condition(state, p, move):
                return priority.info, "forbidden here"
            moves = [m for m in moves if not (priority.matches(m, p) and priority.condition(state, p, m))]
        elif priority.condition is None or priority.condition(state, p, None):
            if priority.matches(move, p):
                return priority.info, "forbidden here"
            moves = [m for m in moves if not priority.matches(m, p)]
    return info, "this move is not possible here"


def _why_not_group(state: State, action: Any, card: int, src: int, dst: int) -> str:
    """Why a card may not head a group of `action` (`with the cards on top …`), or ''. A card that
    is face down there is answered as a card that is not there: the answer tells nothing hidden."""
    c = state._c
    names = c.zones.names
    pile = state.zones[src]
    text = cards.CARD_TEXT[card]
    face = c.face[src]
    hidden = face in ("down", "down_top_up")
    at = pile.index(card) if card in pile else -1
    shown = at >= 0 and (not hidden or card in state.public or (at == len(pile) - 1 and face == "down_top_up"))
    if not shown:
        return f"there is no face-up {text} in {names[src]}" if hidden else f"{text} is not in {names[src]}"
    if action.group_whole and at != 0:
        return f"only whole piles move: the bottom card of {names[src]} is {cards.CARD_TEXT[pile[0]]}"
    if not action.group_whole and not action.group_if_any and at == len(pile) - 1:
        return f"{text} is the top card of {names[src]}: '{action.name}' moves a covered card with the cards on top"
    chain = action.group_chain
    if chain is not None and any(not chain[pile[i - 1]][pile[i]] for i in range(at + 1, len(pile))):
        return f"the cards on {text} do not follow one another as '{action.name}' asks ('while …')"
    if action.group_not_whole_to_empty and at == 0 and dst in range(len(state.zones)) and not state.zones[dst]:
        return f"{text} is the bottom card of {names[src]}: a whole pile never goes into an empty one"
    return ""


def _why_not_chosen(state: State, action: Any, move: Internal) -> tuple[RuleInfo | None, str]:
    """A card move the building rules allow, and what it chooses: missing, not offered, or its
    `only when` about the choice does not hold."""
    p = state.current
    info = action.info
    example = " ".join(choice_word(c.kind, c.values[0] if c.values else 1) for c in action.choices)
    if len(move) < 5:
        return info, f"'{action.name}' chooses too: say what, e.g. '… choosing {example}'"
    value = move[4]
    if value not in action.offered(state, p):
        return info, f"'{action.name}' cannot choose {choices_text(action, value)} here"
    for slot in action.seat_choices:
        seat = value if slot is None else value[slot]
        if not state.in_play(seat - 1):
            return info, f"P{seat} is out of the game: '{action.name}' cannot choose them"
    state._chosen = move
    if action.choice_condition is not None and not action.choice_condition(state, p, move):
        return info, (f"the conditions of '{action.name}' do not hold when it chooses {choices_text(action, value)}"
                      f"{_which(state, action, p, move)}")
    return None, ""


def _which(state: State, action: Any, p: int, move: Any) -> str:
    """Which of a move's `only when` lines does not hold, quoted with its place: `: 'only when
    named is none' (eights.game:31) does not hold`; nothing when none can be told apart."""
    for pos, test in action.condition_parts:
        try:
            holds = test(state, p, move)
        except Exception:  # a part asked out of its context (a card the move does not have): skip it
            continue
        if not holds:
            shipped = resources.shipped_file(pos.file)  # a shipped game is cited by its name, not its path
            line = linecache.getline(str(shipped) if shipped is not None else pos.file, pos.line).strip()
            shown = brief(line, 120) if line else "a condition"
            return f": {shown} ({pos}) does not hold"
    return ""
