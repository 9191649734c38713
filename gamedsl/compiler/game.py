"""Compile a checked model for a number of players and option values into plain Python."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .. import cards, limits
from ..errors import RulesRuntimeError
from ..model.model import BuildSpec, GameModel, RuleInfo, firing_key
from ..syntax import ast
from .appliers import applier
from .native import playout as native_playout
from .native.runtime import helpers as native_helpers
from .building import AcceptTable, ByCounter, accept_table, counter_read, counter_tables
from .cards_expr import mentions_card, mentions_names
from .card_combinations import CardCombinationSet, CardKind, in_a_row
from .combinations import CombinationKind, CombinationSet, WingRules
from .expressions import Counters, ExprCompiler, Fn, mentions
from .generators import generator
from .zones import ZoneTable

Target = tuple[int, AcceptTable | None]


@dataclass
class CompiledAction:
    index: int
    name: str
    info: RuleInfo
    moves_cards: bool
    sources: list[tuple[int, ...]]  # per player
    targets: list[tuple[Target, ...]]  # per player
    source_sets: list[frozenset[int]]
    target_sets: list[frozenset[int]]
    condition: Fn | None
    only_if_stuck: bool
    first_effects: list[Fn]
    then_effects: list[Fn]
    named_alone: bool  # written by its name alone: one source and one target per player
    phases: frozenset[int] | None = None  # the phases it belongs to (None: every phase)
    # The choices a move carries (`for each n from 1 to 3` is one): per player, the values it is
    # offered, in order (an int for one choice, a tuple for several); None: no choice.
    values: list[tuple] | None = None
    combination: CombinationPlay | None = None
    exchange: list[tuple[int, int]] | None = None  # per player: the two zones that trade cards
    exchange_all: bool = False
    only_if_others: bool = False  # `only when another move is legal`
    group: bool = False  # a covered card moves with every card above it (the top card alone is not a group)
    card_table: bytes | None = None  # `only when the card is …`, on the card alone: 64 entries, 1 = may move
    card_test: Fn | None = None  # `only when` about the card and the position: asked of each move
    group_whole: bool = False  # `with the whole pile`: only the bottom card heads a group
    group_if_any: bool = False  # `, if any`: the top card alone is a group too
    group_not_whole_to_empty: bool = False  # `, never a whole pile into an empty one`
    group_chain: AcceptTable | None = None  # `while …`: chain[card below][card above] must hold along the group
    first_lines: list[str] = field(default_factory=list)  # the effects as source, for the move's applier
    then_lines: list[str] = field(default_factory=list)
    apply: Callable[[Any, tuple], None] | None = None  # the whole move, one generated function (appliers.py)
    apply_unrecorded: Callable[[Any, tuple], None] | None = None  # ... keeping no undo record (playouts)
    choices: tuple = ()  # the model's ChoiceSpecs
    seat_choices: tuple[int | None, ...] = ()  # where player choices sit in the value (None: it is the value)
    taking: Any = None  # `taking N cards …`: a TakenCards
    # A card move that takes cards with it (`from own hand to own captured` / `taking any cards from
    # table whose points … sum to points of the card by …`): its moves are (action, card, source,
    # target, the cards taken in order), one for each set that goes with the card.
    capture: Any = None  # a TakenCards
    capture_short: bool = False  # one source and one target for every player: written `capture KD taking AD QD`
    condition_parts: list = field(default_factory=list)  # (where, test) of each `only when`, for `explain`
    judges_cards: bool = False  # card_table or card_test: the move's `only when` judges its card
    reads_counters: bool = False  # a target's building rule reads a counter (its tables are ByCounter)
    # A card move that carries a choice (`from own hand to pile choosing a suit s`): per player,
    # the values offered with each card move (as `values`), and the part of its `only when` that
    # reads them, asked of each (action, card, source, target, value).
    card_choices: list[tuple] | None = None
    choice_condition: Fn | None = None
    offer: Callable[[Any, int], tuple] | None = None  # the values offered, when they depend on the position

    def offered(self, st: Any, p: int) -> tuple:
        """The values this move's choices offer player `p` now."""
        if self.offer is not None:
            return self.offer(st, p)
        return tuple((self.values if self.values is not None else self.card_choices)[p])


@dataclass
class TakenCards:
    """`taking N cards | A to B cards | any cards from ZONES [that are …] [whose points by P sum to EXPR]`."""

    low: int  # the fewest cards of a set
    high: int | None  # the most (None: any number)
    form: str  # exactly | range | any
    zones: list[tuple[int, ...]]  # per player
    accepts: list[bool]  # card -> may it be taken (the `that are` test)
    points: list[float] | None  # card -> its points, when the cards must sum to `total`
    total: Any  # Fn, or None
    melds: Any = None  # `that form a meld`: the file's melds (a list of `melds.MeldKind`)


@dataclass
class CompiledPriority:
    info: RuleInfo
    kind: str
    action: int | None
    sources: list[frozenset[int]] | None
    targets: list[frozenset[int]] | None
    condition: Fn | None
    players: int
    spared: tuple[tuple[int, Fn | None], ...] = ()  # moves a `must` keeps anyway (`except MOVE [while …]`)
    empty_target: bool = False  # `must … to empty ZONES`: only moves onto a zone that is empty now
    depth: int = 0  # `must reach … within N moves`
    lowered: Fn | None = None  # `must lower EXPR within N moves`
    also: frozenset[int] = frozenset()  # more moves the filter names (`play or play_waste`)
    per_move: bool = False  # `forbid … while` speaks of `the card`: asked of each matching move
    # `taking 1 card`: (fewest, most, {action: where its move keeps the cards taken}) — only moves
    # that take that many cards match
    taken: tuple[int, int, dict[int, int]] | None = None
    same_card: bool = False  # `must … when possible, for the same card`: among each card's moves
    card_actions: frozenset[int] = frozenset()  # the actions whose moves play a card of their own

    def __post_init__(self) -> None:
        self.tests = [self._test(p) for p in range(self.players)]
        if self.taken is not None:
            low, high, field_of = self.taken

            def counted(test: Callable[[tuple], bool]) -> Callable[[tuple], bool]:
                def takes(m: tuple) -> bool:
                    at = field_of.get(m[0])
                    return at is not None and len(m) > at and low <= len(m[at]) <= high and test(m)
                return takes

            self.tests = [counted(t) for t in self.tests]

    def _test(self, player: int) -> Callable[[tuple], bool]:
        """The fastest predicate for this filter: only the parts the file gave are tested."""
        if self.also:
            return self._test_several(player)
        action = self.action
        sources: frozenset[int] = self.sources[player] if self.sources is not None else frozenset()
        targets: frozenset[int] = self.targets[player] if self.targets is not None else frozenset()
        any_source, any_target = self.sources is None, self.targets is None
        if any_source and any_target:
            return lambda m: m[0] == action
        if action is None:
            if any_source:
                return lambda m: m[3] in targets
            if any_target:
                return lambda m: m[2] in sources
            return lambda m: m[2] in sources and m[3] in targets
        if any_source:
            return lambda m: m[0] == action and m[3] in targets
        if any_target:
            return lambda m: m[0] == action and m[2] in sources
        return lambda m: m[0] == action and m[2] in sources and m[3] in targets

    def _test_several(self, player: int) -> Callable[[tuple], bool]:
        actions = self.also | {self.action}
        sources = self.sources[player] if self.sources is not None else None
        targets = self.targets[player] if self.targets is not None else None
        return lambda m: (m[0] in actions and (sources is None or m[2] in sources)
                          and (targets is None or m[3] in targets))

    def matches(self, move: tuple, player: int) -> bool:
        return self.tests[player](move)

    def spared_now(self, state: Any, player: int) -> frozenset[int]:
        """The moves this `must` lets through in this position."""
        return frozenset(action for action, cond in self.spared if cond is None or cond(state, player, None))

    def keep(self, moves: list[tuple], state: Any, player: int) -> list[tuple]:
        """A `must`: the matching moves (and the spared ones), or all of them when none match.
        `, for the same card`: so among the moves of each card played, one card at a time (a move
        that plays no card of its own is kept)."""
        if self.same_card:
            played = self.card_actions
            by_card: dict[Any, list[tuple]] = {}
            for m in moves:
                if m[0] in played:
                    by_card.setdefault((m[1], m[2]), []).append(m)
            kept_sets = {key: set(self._keep(group, state, player)) for key, group in by_card.items()}
            out = [m for m in moves if m[0] not in played or m in kept_sets[(m[1], m[2])]]
            return moves if len(out) == len(moves) else out
        return self._keep(moves, state, player)

    def _keep(self, moves: list[tuple], state: Any, player: int) -> list[tuple]:
        test = self.tests[player]
        if self.empty_target:
            zones = state.zones
            keep = [m for m in moves if test(m) and not zones[m[3]]]
        else:
            keep = [m for m in moves if test(m)]
        if not keep or len(keep) == len(moves):
            return moves
        if self.spared:
            spared = self.spared_now(state, player)
            if spared:
                kept = set(keep)
                keep = [m for m in moves if m in kept or m[0] in spared]
        return keep


@dataclass
class CombinationPlay:
    """How a move plays combinations: which set, and what the play must beat."""

    kinds: CombinationSet
    beating: list[tuple[int, ...]] | None  # per player: the zone whose combination must be beaten
    finders: dict[int, Any] = field(default_factory=dict)  # per player: the engine's finder of moves
    include: tuple[int, Any] | None = None  # `must include CARD while …`: the card, the condition (or None)


@dataclass
class CompiledEnd:
    info: RuleInfo
    quantifier: str  # some | every | '' (a plain condition)
    condition: Fn
    scoring: str  # winner | each | team | again | '' (no points)
    score: Fn | None
    effects: list[Fn] = field(default_factory=list)  # run before the scores, `own` = the player found
    outcome: str = ""  # won | lost (a one-player game) | ''


@dataclass
class CompiledTrigger:
    info: RuleInfo
    condition: Fn
    effects: list[Fn]


DealStep = Callable[[Any, random.Random, int | None], None]


def _constant_fn(value: float) -> Callable[[Any, int, Any], float]:
    return lambda st, p, mv: value


def _split_condition(condition: Any, names: set[str]) -> tuple[Any, Any]:
    """A move's `only when` split into the part that does not read its choices and the part
    that does (either may be None): the first is asked once per listing or card by card, the
    second of each move with each value it may carry."""
    items = condition.items if isinstance(condition, ast.AllOf) else (condition,)
    about = [c for c in items if mentions_names(c, names)]
    rest = [c for c in items if not mentions_names(c, names)]

    def joined(parts: list) -> Any:
        return None if not parts else parts[0] if len(parts) == 1 else ast.AllOf(condition.pos, tuple(parts))

    return joined(rest), joined(about)


def shuffled(pile: list[int], rng: random.Random) -> None:
    """Shuffle a pile in place, exactly as `random.shuffle` does with the same generator (each
    place from the top down swapped with one drawn by `getrandbits`, drawn again when too
    large), written out: a method call per card was a tenth of the cost of a deal. It
    also keeps every seeded deal the same should `random.shuffle` ever change."""
    draw = rng.getrandbits
    for i in range(len(pile) - 1, 0, -1):
        bound = i + 1
        bits = bound.bit_length()
        j = draw(bits)
        while j >= bound:
            j = draw(bits)
        pile[i], pile[j] = pile[j], pile[i]


def _names_itself(node: Any) -> bool:
    """Whether a failure of this deal step names it (a `deal` or a `shuffle`; `for each player`
    leaves that to its own steps)."""
    return not isinstance(node, (ast.ForEachPlayer, ast.SetTo, ast.AddTo))


def _naming_the_step(step: DealStep, node: Any) -> DealStep:
    """A deal step whose failures during play (a seat counter holding no seat) name it."""
    def named(st: Any, rng: random.Random, p: int | None) -> None:
        try:
            step(st, rng, p)
        except RulesRuntimeError as err:
            raise RulesRuntimeError(f"{err}, in the step at {node.pos}") from None

    return named


class CompiledGame:
    """Everything the engine needs, as tables and closures."""

    def __init__(self, model: GameModel, players: int, options: dict[str, Any]):
        self.model = model
        self.players = players
        self.options = options
        self.zones = ZoneTable(model.zones, players, model.teams)
        self.counters = Counters(model, players, options)
        self.teams = model.teams  # partnerships: a player's match score is its team's
        self.team_of = self.counters.team_of  # seat -> its team's place in `teams` (empty: no teams)
        self.build_of_zone: dict[int, str] = {}
        def table_of(build: BuildSpec, pile_suit: int | None = None) -> AcceptTable | ByCounter:
            read = counter_read((*build.on_top, *build.empty_test))
            if read is None:
                return accept_table(build, model.orders, model.colours, pile_suit)
            values = range(4) if model.counters[read].holds == "suit" else range(16)
            return counter_tables(build, model.orders, model.colours, self.counters.index(read, 0), values, pile_suit)

        tables = {name: table_of(b) for name, b in model.builds.items()}
        self.accept_of_zone: list[AcceptTable | ByCounter | None] = [None] * len(self.zones)
        for name, build in model.builds.items():
            for zone_name in build.zones:
                for number, zone_id in enumerate(self.zones.of_spec[zone_name]):
                    table = tables[name]
                    if model.zones[zone_name].per_suit:  # `the pile's suit` is this instance's suit
                        table = table_of(build, pile_suit=number % 4)
                    self.accept_of_zone[zone_id] = table
                    self.build_of_zone[zone_id] = name
        self.slot = [z.spec.kind == "slot" for z in self.zones.instances]
        self.covered = self._covered()  # zone -> the zones that cover it (`covered by …`)
        self.covers = any(self.covered)
        self.exprs = ExprCompiler(model, self.zones, self.counters, options, self.accept_of_zone, self.slot)
        # `sides: EXPR against the others`: the seat (from 0) that plays alone in a position, or None
        self.alone = _alone_of(self.exprs.expr(model.sides), players) if model.sides is not None else None
        self.exprs.deal_step_builder = self._deal_step  # `deal` and `shuffle` as effects of moves
        self.top_only = [z.shows_top_only for z in self.zones.instances]
        self.keeps_up = [z.id for z in self.zones.instances if z.spec.keeps_up]
        self.face = [z.spec.face for z in self.zones.instances]
        self.records = [z.spec.records_players for z in self.zones.instances]  # `records who played`
        self.records_players = [z.id for z in self.zones.instances if z.spec.records_players]
        # empty zones of one family are alike (one is offered), unless the family says they differ
        families = [(z.spec.name, z.owner, z.id if z.spec.empties_differ or z.spec.per_suit else -1)
                    for z in self.zones.instances]
        numbered = {f: i for i, f in enumerate(dict.fromkeys(families))}
        self.family_of = [numbered[f] for f in families]  # a small number per family: cheap to test
        self.combination_kinds = self._combination_kinds()
        self.actions = [self._action(i, spec) for i, spec in enumerate(model.actions.values())]
        self.action_index = {a.name: a.index for a in self.actions}
        self.card_actions = [a for a in self.actions if a.moves_cards]
        # plays named in one batch per hand (`State._public_moves`): those counted by rank
        self.plays_combinations = any(a.combination is not None and not a.combination.kinds.by_cards
                                      for a in self.actions)
        self.default_action = next((a.index for a in self.actions if a.moves_cards and not a.named_alone), None)
        self.priorities = [self._priority(p) for p in model.priorities]
        self.ends = [CompiledEnd(e.info, e.quantifier, self.exprs.condition(e.condition), e.scoring,
                                 self.exprs.expr(e.score) if e.score is not None else None,
                                 self.exprs.effects(e.effects), e.outcome)
                     for e in model.ends]
        self.triggers = [CompiledTrigger(t.info, self.exprs.condition(t.condition), self.exprs.effects(t.effects))
                         for t in model.triggers]
        self.phases = list(model.phases) or ["play"]
        self.actions_in_phase = [[a for a in self.actions if a.phases is None or phase in a.phases]
                                 for phase in range(len(self.phases))]
        # ... split as the generator takes them: the moves of the position first, then the moves
        # offered only beside others (`only if other moves`) or only when stuck.
        self.first_in_phase = [[a for a in actions if not a.only_if_stuck and not a.only_if_others]
                               for actions in self.actions_in_phase]
        self.others_in_phase = [[a for a in actions if a.only_if_others and not a.only_if_stuck]
                                for actions in self.actions_in_phase]
        self.stuck_in_phase = [[a for a in actions if a.only_if_stuck] for actions in self.actions_in_phase]
        self.sorted_by = [self._sort_key(z.spec.sorted_by) for z in self.zones.instances]
        match = model.match
        self.single_deal = match.single_deal
        self.match_quantifier = match.quantifier
        self.lowest_wins = match.lowest_wins  # the fewest points win the match (`, lowest score wins`)
        self.outcomes = {e.info.name: e.outcome for e in self.ends if e.outcome}  # end rule -> won | lost
        self.match_condition = self.exprs.condition(match.condition) if match.condition is not None else None
        self.deal_block, self.deal_steps = self._deal_block(model.deal)
        self.skip = self.exprs.condition(model.skip) if model.skip is not None else None
        self.eliminated = self.exprs.condition(model.eliminated) if model.eliminated is not None else None
        self.first_player = self._first_player()
        self.turn_order_from = [tuple((p + k) % players for k in range(players)) for p in range(players)]
        # The keys `State.fired` counts the rules under (kind, name, SourcePos), made once
        self.move_keys = [firing_key("move", a.info) for a in self.actions]
        self.priority_keys = [firing_key("priority", p.info) for p in self.priorities]
        self.end_keys = [firing_key("end", e.info) for e in self.ends]
        self.trigger_keys = [firing_key("whenever", t.info) for t in self.triggers]
        self.combination_keys = [firing_key("combination", c.info) for c in model.combinations.values()]
        self.fire_triggers = self.exprs.fused_triggers(self.triggers, self.trigger_keys)
        self.first_end = self.exprs.fused_end_check(self.ends, self.turn_order_from, self.eliminated is not None)
        self.turn_start = self.exprs.effects(model.turn_start)
        # A wild card's code -> the ranks it may stand for (None: not wild).
        self.wild: list[tuple[int, ...] | None] = [model.wilds.get(code >> 2) for code in range(cards.CARD_LIMIT)]
        self.has_wilds = bool(model.wilds)
        self.counts_positions = self.exprs.counts_positions
        for action in self.actions:
            action.apply = applier(self, action)
            action.apply_unrecorded = applier(self, action, recorded=False)
        self.unrecorded_appliers = [action.apply_unrecorded for action in self.actions]  # by index (playouts)
        # Rules that play moves ahead to decide (look-ahead priorities, `can reach`) play and take
        # them back: such games keep undo records even in playouts.
        self.looks_ahead = (any(p.kind in ("reach", "lower") for p in self.priorities)
                            or mentions(model, ast.CanReach, anywhere=True))
        self.generators = [generator(self, phase) for phase in range(len(self.phases))]
        self.playout_loop = native_playout.loop()  # the playout's loop in C, or None (State.playout)
        self._initial: dict[int, tuple[int, ...]] = {}
        self.universe = self._universe()
        # The zones that hold cards before a deal (the pack), the rest laid out empty by `empty_zones`
        self.stocked_zones = tuple(z for z in range(len(self.zones)) if self._initial[z])
        self._no_cards = ((),) * len(self.zones)

    # ---- moves -------------------------------------------------------------------------
    def _combination_kinds(self) -> list[CombinationKind]:
        kinds = []
        for i, spec in enumerate(self.model.combinations.values()):
            wings = WingRules(
                width=0 if not spec.wing_count else (2 if spec.wing_kind == "pair" else 1),
                per_core_rank=spec.wing_count if spec.per_rank else 0,
                total=0 if spec.per_rank else spec.wing_count,
                distinct="distinct" in spec.wing_rules,
                max_of_a_rank=2 if "no_three" in spec.wing_rules else 4,
                core_ranks_allowed="no_core" not in spec.wing_rules,
                forbidden_together=spec.not_both,
            )
            run = self.model.orders[spec.run_order] if spec.run_order else ()
            if self.model.exact_plays:
                classes = {name: (c, place) for c, (_, names) in enumerate(self.model.classes)
                           for place, name in enumerate(names)}
                klass, place = classes.get(spec.info.name, (-1, 0))
                if spec.core in ("suit", "suited_row", "row"):
                    low = spec.min_length
                    high = (len(set(run)) if run else 54) if spec.or_more else low
                else:
                    low, high = spec.min_length, (len(set(run)) if spec.run_order else 1)
                low = max(low, 1)
                kinds.append(CardKind(spec.info.name, i, spec.core, spec.width, low, high, run, spec.exact, wings,
                                      spec.tier, spec.distinct_suits, spec.not_one_suit,
                                      in_a_row(self.model.orders[spec.not_in_row]) if spec.not_in_row else frozenset(),
                                      klass, place, spec.info))
                continue
            kinds.append(CombinationKind(spec.info.name, i, spec.width, spec.min_length,
                                         len(run) if spec.run_order else 1, run, spec.exact, wings, spec.tier))
        return kinds

    def _sort_key(self, order: str | None) -> list[int] | None:
        """For zones shown sorted: each card's place (by rank in the order, then suit)."""
        if order is None:
            return None
        place = [99] * 16
        for i, rank in enumerate(self.model.orders[order]):
            place[rank] = i
        return [place[c >> 2] * 4 + (c & 3) for c in range(cards.CARD_LIMIT)]

    def _action(self, index: int, spec: Any) -> CompiledAction:
        z = self.zones
        several = len(spec.choices) > 1
        self.exprs.choices = {c.name: (k if several else None) for k, c in enumerate(spec.choices)}
        self.exprs.choice_kinds = {c.name: c.kind for c in spec.choices}
        card_choices = bool(spec.choices) and bool(spec.sources) and spec.taking is None
        self.exprs.choice_field = 4 if card_choices else 1  # a card move's value: `mv[4]`
        sources = z.per_player(spec.sources)
        targets: list[tuple[Target, ...]] = []
        for p in range(self.players):
            row: list[Target] = []
            seen: set[int] = set()
            for target in spec.targets:
                for zone_id in z.resolve(target.zone, p):
                    if zone_id not in seen:
                        seen.add(zone_id)
                        row.append((zone_id, None if target.freely else self.accept_of_zone[zone_id]))
            targets.append(tuple(row))
        moves_cards = bool(spec.sources)
        named_alone = moves_cards and spec.combination is None and all(
            len(sources[p]) == 1 and len(targets[p]) == 1 and self.top_only[sources[p][0]] for p in range(self.players))
        combination = None
        if spec.combination is not None:
            play = spec.combination
            strength = self.model.orders[play.order.text] if play.order else tuple(range(16))
            beating = z.per_player((play.beating,)) if play.beating is not None else None
            if self.model.exact_plays:
                suits = self.model.suit_orders[play.suit_order.text] if play.suit_order else None
                kinds: Any = CardCombinationSet(self.combination_kinds, strength, suits)
            else:
                kinds = CombinationSet(self.combination_kinds, strength)
            include = None
            if spec.include is not None:  # `must include 3C while …`
                card, when = spec.include
                include = (card, self.exprs.condition(when) if when is not None else None)
            combination = CombinationPlay(kinds, beating, include=include)
        first_lines = self.exprs.effect_source(spec.first_effects)
        then_lines = self.exprs.effect_source(spec.then_effects)
        condition, about_card, about_choice = spec.condition, None, None
        if condition is not None and card_choices:  # asked of each card move with each value
            condition, about_choice = _split_condition(condition, {c.name for c in spec.choices})
        if condition is not None and moves_cards:  # `the card`: judged card by card, the rest once
            condition, about_card = self.exprs.cards.card_filter(condition)
        action = CompiledAction(
            index, spec.info.name, spec.info, moves_cards, sources, targets,
            [frozenset(s) for s in sources], [frozenset(t for t, _ in row) for row in targets],
            self.exprs.condition(condition) if condition is not None else None,
            spec.only_if_stuck, self.exprs.effects_from(first_lines), self.exprs.effects_from(then_lines), named_alone,
            frozenset(self.model.phases.index(ph) for ph in spec.phases) if spec.phases else None,
            self._choice_values(spec.choices) if spec.choices and not card_choices else None,
            combination,
        )
        action.first_lines, action.then_lines = first_lines, then_lines
        if isinstance(spec.condition, ast.AllOf):  # for `explain`: which `only when` does not hold
            action.condition_parts = [(item.pos, self.exprs.condition(item)) for item in spec.condition.items]
        elif spec.condition is not None and getattr(spec.condition, "pos", None) is not None:
            action.condition_parts = [(spec.condition.pos, self.exprs.condition(spec.condition))]  # (quoted too)
        action.reads_counters = any(table.__class__ is ByCounter for row in targets for _, table in row)
        action.only_if_others = spec.only_if_others
        if isinstance(about_card, bytes):
            action.card_table = about_card
        elif about_card is not None:
            action.card_test = about_card
        action.judges_cards = about_card is not None
        action.group = spec.group
        if spec.group:
            action.named_alone = False
            action.group_whole = spec.group_whole
            action.group_if_any = spec.group_if_any
            action.group_not_whole_to_empty = spec.group_not_whole_to_empty
            if spec.group_chain:  # a building rule of its own: the card above on the one below
                chain = BuildSpec(spec.info, (), "none", (), spec.group_chain)
                action.group_chain = accept_table(chain, self.model.orders, self.model.colours)
        if spec.exchange is not None:
            first = [z.resolve(spec.exchange.first, p) for p in range(self.players)]
            second = [z.resolve(spec.exchange.second, p) for p in range(self.players)]
            action.exchange = [(a[0], b[0]) for a, b in zip(first, second)]
            action.exchange_all = spec.exchange.count is None
        action.choices = spec.choices
        action.seat_choices = tuple((k if several else None) for k, c in enumerate(spec.choices) if c.kind == "player")
        if spec.taking is not None and spec.sources:  # a card played, and the cards it takes
            action.capture = self._taking(spec.taking)
            action.capture_short = all(len(sources[p]) == 1 and len(targets[p]) == 1 for p in range(self.players))
            action.named_alone = False
        elif spec.taking is not None:
            action.taking = self._taking(spec.taking)
            action.moves_cards = False  # its cards move by the taking, not as a card move
            action.named_alone = False
        if any(c.bounds is not None for c in spec.choices):  # values read from the position
            action.offer = self._choice_offer(spec.choices)
        if card_choices:
            action.card_choices = self._choice_values(spec.choices)
            action.choice_condition = self.exprs.condition(about_choice) if about_choice is not None else None
        self.exprs.choices, self.exprs.choice_kinds, self.exprs.choice_field = {}, {}, 1
        return action

    def _choice_values(self, choices: Any) -> list[tuple]:
        """Per player, the values a move's choices offer, in order: the first choice varies slowest
        (a number whose bounds read the position offers nothing here: see `_choice_offer`)."""
        per_player = []
        for p in range(self.players):
            lists = []
            for choice in choices:
                if choice.kind == "player":
                    lists.append(tuple(s + 1 for s in range(self.players) if not (choice.other_than_own and s == p)))
                else:
                    lists.append(choice.values)
            per_player.append(lists[0] if len(lists) == 1 else tuple(itertools.product(*lists)))
        return per_player

    def _choice_offer(self, choices: Any) -> Callable[[Any, int], tuple]:
        """The values a move's choices offer in a position, when a number's bounds read it
        (`choosing a number n from 0 to size of own hand`): a function (state, player)."""
        parts: list[Any] = []  # per choice: its values per player, or its bounds to evaluate
        for choice in choices:
            if choice.bounds is not None:
                low, high = (self.exprs.expr(b) if not isinstance(b, (int, float)) else _constant_fn(b)
                             for b in choice.bounds)
                parts.append((low, high, choice))
            elif choice.kind == "player":
                parts.append([tuple(s + 1 for s in range(self.players) if not (choice.other_than_own and s == p))
                              for p in range(self.players)])
            else:
                parts.append([choice.values] * self.players)
        several = len(choices) > 1

        def offer(st: Any, p: int) -> tuple:
            lists = []
            for part in parts:
                if type(part) is list:
                    lists.append(part[p])
                    continue
                low, high, choice = part
                a, b = low(st, p, None), high(st, p, None)
                if a != int(a) or b != int(b):
                    raise RulesRuntimeError(f"{choice.pos}: the choice '{choice.name}' runs from {a:g} to {b:g}: "
                                            "its bounds must be whole numbers")
                if b - a > 1000:
                    raise RulesRuntimeError(f"{choice.pos}: the choice '{choice.name}' would offer {b - a + 1:g} values "
                                            "(at most 1001)")
                lists.append(tuple(range(int(a), int(b) + 1)))
            return lists[0] if not several else tuple(itertools.product(*lists))

        return offer

    def _taking(self, spec: Any) -> TakenCards:
        """A move that takes chosen cards: its zones, the table of cards its test accepts and
        each card's points."""
        z = self.zones
        accepts = [True] * 64
        if spec.test:
            from ..model.model import BuildSpec
            probe = BuildSpec(RuleInfo("taking", "build", "", "", spec.pos), (), "predicate", (), (), spec.test)
            table = accept_table(probe, self.model.orders, self.model.colours)
            accepts = [bool(table[64][c]) for c in range(64)]
        points = [0.0] * 64
        if spec.points is not None:
            worth = self.model.points[spec.points]
            points = [float(worth.get(c >> 2, 0)) for c in range(64)]
        total = self.exprs.expr(spec.total) if spec.total is not None else None
        melds = None
        if spec.meld:
            from .melds import MeldKind
            melds = [MeldKind(m) for m in self.model.melds.values()]
        return TakenCards(spec.low, spec.high, spec.form, z.per_player(spec.zones), accepts, points if spec.points else None,
                          total, melds)

    def _covered(self) -> list[tuple[int, ...]]:
        """Each zone instance's covering zones: `covered by row7[i] and row7[i+1]` for row6 2 is
        row7 2 and row7 3 (of the same owner, for zones of each player)."""
        z = self.zones
        out: list[tuple[int, ...]] = []
        for zone in z.instances:
            found: list[int] = []
            for name, variable, offset, fixed, _ in zone.spec.covered:
                if zone.owner is not None:
                    family = z.of_player[(name, zone.owner)]
                else:
                    family = z.of_spec[name]
                if variable is not None:
                    picked = [family[(zone.index or 1) + offset - 1]]
                elif fixed is not None:
                    picked = [family[fixed - 1]]
                else:
                    picked = list(family)
                found += [i for i in picked if i not in found and i != zone.id]
            out.append(tuple(found))
        return out

    def _priority(self, spec: Any) -> CompiledPriority:
        z = self.zones
        return CompiledPriority(
            spec.info, spec.kind,
            self.action_index[spec.action] if spec.action else None,
            [frozenset(s) for s in z.per_player(spec.sources)] if spec.sources else None,
            [frozenset(s) for s in z.per_player(spec.targets)] if spec.targets else None,
            self.exprs.condition(spec.condition) if spec.condition is not None else None,
            self.players,
            tuple((self.action_index[name], self.exprs.condition(cond) if cond is not None else None)
                  for name, cond in spec.exceptions),
            spec.empty_target,
            spec.depth,
            self.exprs.expr(spec.lowered) if spec.lowered is not None else None,
            frozenset(self.action_index[name] for name in spec.also_actions),
            spec.condition is not None and mentions_card(spec.condition),
            self._taken_filter(spec),
            spec.same_card,
            frozenset(a.index for a in self.actions if a.moves_cards and a.combination is None),
        )

    def _taken_filter(self, spec: Any) -> tuple[int, int, dict[int, int]] | None:
        """`taking N cards` in a priority's filter: the sizes, and where each move that takes
        cards keeps them in its moves (a card move that takes: 4; a move of cards taken: 1)."""
        if spec.taken is None:
            return None
        field_of = {}
        for model_action in self.model.actions.values():
            if model_action.taking is not None:
                field_of[self.action_index[model_action.info.name]] = 4 if model_action.sources else 1
        return (int(spec.taken[0]), int(spec.taken[1]), field_of)

    # ---- the deal ----------------------------------------------------------------------
    def _universe(self) -> dict[int, int]:
        """How many copies of each card the game holds."""
        counts: dict[int, int] = {}
        for zone in self.zones.instances:
            for card in self.initial_cards(zone.id):
                counts[card] = counts.get(card, 0) + 1
        return counts

    def initial_cards(self, zone_id: int) -> list[int]:
        """The cards a zone holds before the deal (a new list each time; worked out once)."""
        made = self._initial.get(zone_id)
        if made is None:
            zone = self.zones[zone_id]
            spec = zone.spec
            if not spec.holds_decks and not spec.holds_jokers:
                made = ()
            else:
                deck = [c for c in cards.standard_deck(0) if c >> 2 in spec.holds_ranks]
                if spec.holds_suits and zone.owner is not None:  # this player's part of the pack
                    deck = [c for c in deck if c & 3 in spec.holds_suits[zone.owner]]
                made = tuple(deck * spec.holds_decks + cards.standard_deck(spec.holds_jokers)[52:])
            self._initial[zone_id] = made
        return list(made)

    def empty_zones(self) -> list[list[int]]:
        """A new list for each zone, all empty (a deal then fills `stocked_zones`)."""
        return list(map(list, self._no_cards))

    def _amount(self, amount: Any) -> int | None:
        """A deal's amount known before play (a number, an option); None: `rest` or an expression."""
        if isinstance(amount, str) and amount in self.options:
            return int(self.options[amount])
        if isinstance(amount, (int, float)):
            return int(amount)
        return None

    def _counted(self, amount: Any, pos: Any = None) -> Callable[[Any, int | None], int] | None:
        """A deal's amount that is an expression (a counter, a value): counted as the cards are dealt."""
        if amount is None or isinstance(amount, (int, float)) or (isinstance(amount, str) and amount in self.options):
            return None
        if isinstance(amount, str):
            amount = ast.NameRef(pos, None, amount)
        value = self.exprs.expr(amount)

        def counted(st: Any, p: int | None) -> int:
            amount = value(st, p if p is not None else 0, None)
            if not amount == amount or amount in (math.inf, -math.inf):  # nan, inf: no number of cards
                raise RulesRuntimeError(f"a deal's number of cards is {amount:g}, which is no number of cards")
            return max(0, min(int(amount), limits.MAX_DEAL))  # whole cards; below 0 none; never past the limit

        return counted

    def _zones_named(self, refs: tuple[ast.ZoneRef, ...]) -> Callable[[Any, int | None], tuple[int, ...]]:
        """The zones `refs` name for player `p`, a function (state, p); `p` is None in the deal
        block outside `for each player` (then `hand` and `each hand` are every player's). A seat
        counter's zone (`dealer's hand`) is the zone of the seat it holds when the step runs, in
        the deal block and in effects alike. Worked out once where nothing depends on the position."""
        table = self._zones_by_seat(refs)
        if table is not None:
            return lambda st, p: table[p]
        parts = [self._zones_of_ref(ref) for ref in refs]

        def named(st: Any, p: int | None) -> tuple[int, ...]:
            seen: list[int] = []
            for part in parts:
                seen += [zone_id for zone_id in part(st, p) if zone_id not in seen]
            return tuple(seen)

        return named

    def _zones_by_seat(self, refs: tuple[ast.ZoneRef, ...]) -> dict[int | None, tuple[int, ...]] | None:
        """The zones `refs` name for each `p` of `_zones_named` (None too), when no position
        changes them (no `dealer's`); else None."""
        if not all(ref.owner in (None, "own", "each", "opponent's") for ref in refs):
            return None
        return {p: self.zones.resolve_all(refs, p) for p in (None, *range(self.players))}

    def _zones_of_ref(self, ref: ast.ZoneRef) -> Callable[[Any, int | None], tuple[int, ...]]:
        """One reference of `_zones_named`."""
        z = self.zones
        if ref.owner in (None, "own", "each", "opponent's"):
            table = {p: z.resolve(ref, p) for p in (None, *range(self.players))}
            return lambda st, p: table[p]
        by_seat = [z.resolve(ast.ZoneRef(ref.pos, "own", ref.name, ref.index), s) for s in range(self.players)]
        whose = self.exprs.whose(ref.owner, ref.pos)  # `dealer's`: the seat a counter holds; `winner's`
        return lambda st, p: by_seat[whose(st, 0 if p is None else p)]

    def _deal_block(self, steps: tuple[Any, ...]) -> tuple[Callable[[Any, random.Random], None], list[DealStep]]:
        """The file's deal block as one function (state, generator) running its steps in order,
        and its steps one by one (`deal_steps`, each naming itself when it fails). The block runs
        the steps bare inside one `try`, which costs nothing until a step fails, and names the
        failing step then: a closure wrapping each step cost a call per step and per deal."""
        bare = [(self._deal_step(step, named=False), step) for step in steps]
        named = [_naming_the_step(fn, step) if _names_itself(step) else fn for fn, step in bare]

        def deal_block(st: Any, rng: random.Random) -> None:
            for fn, step in bare:
                try:
                    fn(st, rng, None)
                except RulesRuntimeError as err:
                    if not _names_itself(step):
                        raise
                    raise RulesRuntimeError(f"{err}, in the step at {step.pos}") from None

        return deal_block, named

    def _deal_step(self, step: Any, named: bool = True) -> DealStep:
        """One step of the deal block, or a `deal` or `shuffle` effect, as a function (state,
        generator, player). It saves the zones it changes for the move's undo itself (the zones
        may depend on the position: `dealer's hand`). `named`: a failure of a `deal` or `shuffle`
        names the step (else the caller does, as `_deal_block`)."""
        if isinstance(step, ast.ForEachPlayer):
            inner = [self._deal_step(s) for s in step.steps]

            def for_each(st: Any, rng: random.Random, p: int | None) -> None:
                for player in range(self.players):
                    for fn in inner:
                        fn(st, rng, player)

            return for_each
        if isinstance(step, (ast.SetTo, ast.AddTo)):
            effect = self.exprs.effect(step)
            return lambda st, rng, p: effect(st, p if p is not None else 0, None)
        if isinstance(step, ast.Shuffle):
            shuffled_zones = self._zones_named(step.zones)

            def shuffle(st: Any, rng: random.Random, p: int | None) -> None:
                native = st._c.playout_loop  # (shuffles in C when it can: the same order)
                in_c = None if native is None or type(rng) is not random.Random else native.shuffle_in_place
                for zone_id in shuffled_zones(st, p):
                    st._touch(zone_id)
                    if in_c is None:
                        shuffled(st.zones[zone_id], rng)
                    else:
                        in_c(st.zones[zone_id], rng)

            return _naming_the_step(shuffle, step) if named else shuffle
        return _naming_the_step(self._dealing(step), step) if named else self._dealing(step)

    def _dealing(self, step: ast.DealCards) -> DealStep:
        """`deal N from ZONE to ZONES`: see LANGUAGE.md, "The deal"."""
        amount = self._amount(step.amount)
        counted = self._counted(step.amount, step.amount_pos)
        every = step.every is not None
        up_to = step.up_to
        source_of = self._zones_named((step.source,))
        targets_of = self._zones_named(step.targets)

        # A player out of the match (`eliminated:`) is dealt nothing: his zones are skipped.
        owner = [zone.owner for zone in self.zones.instances] if self.model.eliminated is not None else None

        instances = self.zones.instances
        beginning = self.exprs.expr(step.beginning) if step.beginning is not None else None
        players = self.players

        def begun(st: Any, p: int | None, target_ids: list[int]) -> list[int]:
            """`beginning with SEAT`: the targets in rotation from that seat's zone (or, if it
            has none among them, the next seat's clockwise that has one)."""
            seat = beginning(st, p if p is not None else 0, None)
            if not (1 <= seat < players + 1 and float(seat).is_integer()):
                raise RulesRuntimeError(f"'beginning with' gives {seat:g}, which is not a seat (1 to {players})")
            owners = [instances[t].owner for t in target_ids]
            for k in range(players):
                wanted = (int(seat) - 1 + k) % players
                if wanted in owners:
                    start = owners.index(wanted)
                    return target_ids[start:] + target_ids[:start]
            return target_ids

        def suited(target_ids: list[int]) -> bool:
            """`deal N from stock to foundation` of a `one per suit` family (all four piles, not
            `every`): N cards, each onto the pile of its suit (LANGUAGE.md, "The deal")."""
            return (not every and not up_to and len(target_ids) == 4
                    and all(instances[t].spec.per_suit and instances[t].spec is instances[target_ids[0]].spec
                            and instances[t].index == k + 1 for k, t in enumerate(target_ids)))

        def by_suit(zones: list, source_id: int, target_ids: Any, count: int | None) -> None:
            """To a family bound to suits: each card to its suit's pile."""
            source = zones[source_id]
            for _ in range(min(len(source) if count is None else count, len(source))):
                if cards.is_joker(source[-1]):  # a joker has no suit: the deal stops there
                    break
                card = source.pop()
                zones[target_ids[card & 3]].append(card)

        def up_to_count(zones: list, source_id: int, target_ids: Any, count: int) -> None:
            """`up to N`: as many as each target lacks, while cards last."""
            source = zones[source_id]
            for target in [zones[t] for t in target_ids]:
                for _ in range(min(count - len(target), len(source))):
                    target.append(source.pop())

        def target_by_target(zones: list, source_id: int, target_ids: Any, count: int | None) -> None:
            """`every`, or one target: each target its cards at once, the top card first."""
            source = zones[source_id]
            for target in [zones[t] for t in target_ids]:
                take = min(len(source) if count is None else count, len(source))
                target.extend(reversed(source[len(source) - take:]))
                del source[len(source) - take:]

        def in_rotation(zones: list, source_id: int, target_ids: Any, count: int | None) -> None:
            """One card at a time, in rotation, from the top, while cards last."""
            source = zones[source_id]
            targets = [zones[t] for t in target_ids]
            take = len(source) if count is None else min(count * len(targets), len(source))
            dealt = source[len(source) - take:][::-1]  # in the order they leave the top
            del source[len(source) - take:]
            for k, target in enumerate(targets):
                target.extend(dealt[k::len(targets)])

        fixed = native_helpers()  # the ways below in C, for their common case (None: native path off)
        if fixed is not None:
            in_python = (target_by_target, in_rotation)

            def target_by_target(zones: list, source_id: int, target_ids: Any, count: int | None) -> None:
                if not fixed.target_by_target(zones, source_id, target_ids, count):
                    in_python[0](zones, source_id, target_ids, count)

            def in_rotation(zones: list, source_id: int, target_ids: Any, count: int | None) -> None:
                if not fixed.in_rotation(zones, source_id, target_ids, count):
                    in_python[1](zones, source_id, target_ids, count)

        def nowhere(zones: list, source_id: int, target_ids: Any, count: int | None) -> None:
            """No target (every owner out of the game): nothing is dealt."""

        def way_of_laying(target_ids: Any, count_known: bool) -> Callable[[list, int, Any, int | None], None]:
            """How the cards go from the source to these targets: decided by the step and the
            targets alone, so that a deal to fixed zones decides it once."""
            if suited(list(target_ids)):
                return by_suit
            if up_to and count_known:
                return up_to_count
            if every or len(target_ids) == 1:
                return target_by_target
            return in_rotation if target_ids else nowhere

        def deal(st: Any, rng: random.Random, p: int | None) -> None:
            source_id = source_of(st, p)[0]
            target_ids = [t for t in targets_of(st, p) if owner is None or owner[t] is None or st.in_play(owner[t])]
            if beginning is not None and len(target_ids) > 1:
                target_ids = begun(st, p, target_ids)
            for zone_id in (source_id, *target_ids):
                st._touch(zone_id)
            count = amount if counted is None else counted(st, p)
            way_of_laying(target_ids, count is not None)(st.zones, source_id, target_ids, count)

        # Where nothing in the position decides the zones (no `dealer's`, nobody out, no
        # `beginning with`), each seat's source, targets and way of laying the cards, worked out
        # once: a new game's deal no longer lists, filters and tests them each time.
        sources, targets_by_seat = self._zones_by_seat((step.source,)), self._zones_by_seat(step.targets)
        count_known = amount is not None or counted is not None
        if sources is not None and targets_by_seat is not None and owner is None and beginning is None:
            plan = {p: (sources[p][0], targets_by_seat[p], (sources[p][0], *targets_by_seat[p]),
                        way_of_laying(targets_by_seat[p], count_known)) for p in sources}

            def deal_to_fixed_zones(st: Any, rng: random.Random, p: int | None) -> None:
                source_id, target_ids, changed, lay = plan[p]
                if st._frame is not None or st.rank_counts:  # else `_touch` has nothing to do
                    for zone_id in changed:
                        st._touch(zone_id)
                lay(st.zones, source_id, target_ids, amount if counted is None else counted(st, p))

            chosen = deal_to_fixed_zones
        else:
            chosen = deal

        if step.face != "up":
            return chosen

        def deal_face_up(st: Any, rng: random.Random, p: int | None) -> None:
            """`deal … face up`: the cards dealt are turned up, known to all wherever they go."""
            before = list(st.zones[source_of(st, p)[0]])
            chosen(st, rng, p)
            dealt = before[len(st.zones[source_of(st, p)[0]]):]  # they left the top of the source
            if dealt:
                st._save_scalar_state()
                st.public = st.public | frozenset(dealt)

        return deal_face_up

    def _first_player(self) -> Callable[[Any, random.Random], int | None]:
        spec = self.model.first_player
        if spec.mode == "fixed":
            seat = spec.player or 0
            return lambda st, rng: seat
        if spec.mode == "random":
            players = self.players
            bits = players.bit_length()

            def random_seat(st: Any, rng: random.Random) -> int:
                """`rng.randrange(players)` as Python 3.11 draws it (bits drawn again while too
                large), written out: the library's two Python calls were a tenth of a deal. The
                seat a seed gives stays the same should `randrange` ever change."""
                draw = rng.getrandbits
                seat = draw(bits)
                while seat >= players:
                    seat = draw(bits)
                return seat

            return random_seat
        if spec.mode == "expr":
            seat_of = self.exprs.expr(spec.keys[0])
            players = self.players

            def first_by_expr(st: Any, rng: random.Random) -> int:
                seat = seat_of(st, 0, None)
                if not 1 <= seat < players + 1:  # (and not nan: int() of it would fail)
                    raise RulesRuntimeError(f"the first player's seat is {seat:g}, not a seat from 1 to {players} "
                                            f"({spec.pos.file}:{spec.pos.line})")
                return int(seat) - 1

            return first_by_expr
        keys = [self.exprs.expr(k) for k in spec.keys]
        position = [99] * 16
        for i, rank in enumerate(self.model.orders[spec.order or ""]):
            position[rank] = i
        suit_place = [0, 0, 0, 0]
        if spec.suit_order:
            for i, suit in enumerate(self.model.suit_orders[spec.suit_order]):
                suit_place[suit] = i
        sign = 1 if spec.mode == "lowest" else -1

        def first(st: Any, rng: random.Random) -> int | None:
            def key(p: int) -> tuple[int, ...]:
                values = []
                for k in keys:
                    card = k(st, p, None)
                    if card is None:
                        values.append(99)  # no card: last
                    else:
                        values.append(sign * (position[card >> 2] * 4 + suit_place[card & 3]))
                return tuple(values)

            scored = sorted(range(self.players), key=key)
            best = [p for p in scored if key(p) == key(scored[0])]
            if len(best) == 1:
                return best[0]
            if spec.ties == -1:
                return None  # `ties deal again`
            return spec.ties if spec.ties is not None else rng.choice(best)

        return first


def _alone_of(fn: Any, players: int) -> Any:
    """The seat (from 0) `sides:` names in a position, or None while it names none (0, during a bidding)."""

    def alone(st: Any) -> int | None:
        value = fn(st, 0, None)
        seat = int(value) - 1 if value == int(value) else -1
        return seat if 0 <= seat < players else None

    return alone
