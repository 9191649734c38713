"""The checked model: what a game file means, with every name resolved.

The checker builds it from the syntax tree; the compiler turns it into closures. Expressions and
conditions stay syntax-tree nodes here, but every name in them is known to resolve.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import SourcePos
from ..syntax import ast


@dataclass(frozen=True)
class RuleInfo:
    """A named rule of the file, as `explain`, errors and graphs cite it."""

    name: str
    kind: str  # build | move | priority | end | zone | match
    description: str
    section: str
    pos: SourcePos

    def cite(self) -> str:
        text = f"{self.name}: {self.description}" if self.description else self.name
        return f"{text} — {self.pos.file}:{self.pos.line}"

    def __str__(self) -> str:
        return self.cite()


FIRING_KINDS = ("move", "priority", "whenever", "end", "combination")  # what `State.fired` counts


def firing_key(kind: str, info: RuleInfo) -> tuple[str, str, SourcePos]:
    """The key under which `State.fired` counts a rule: (kind, name, where it is written)."""
    return (kind, info.name, info.pos)


@dataclass(frozen=True)
class ZoneSpec:
    name: str
    count: int  # instances per owner (1 for a single zone)
    per_player: bool
    kind: str  # pile | row | slot | fan | pool
    face: str  # up | down | down_top_up
    group: int  # for shared zones dealt in groups: instances per player (0: none)
    holds_decks: int
    holds_jokers: int
    indexed: bool  # declared with [N]: instances are numbered
    info: RuleInfo
    sorted_by: str | None = None  # the order a hand is shown in
    holds_ranks: tuple[int, ...] = tuple(range(13))  # the ranks of its decks (a stripped deck holds fewer)
    holds_suits: tuple[tuple[int, ...], ...] = ()  # per seat, the suits its instance holds (all when empty)
    keeps_up: bool = False  # a card once on top stays face up (known to all) when covered
    empties_differ: bool = False  # `empty piles differ`: each empty instance is a target of its own
    per_suit: bool = False  # `one per suit`: instance i is bound to suit i (S H D C), named by it
    # `covered by row7[i] and row7[i+1]`: (zone, variable or None, offset, fixed number or None, where)
    covered: tuple[tuple, ...] = ()
    records_players: bool = False  # `records who played`: each card a move puts there remembers its player
    per_team: bool = False  # `each team`: one instance (or family) per team, seen by all as a shared zone


@dataclass(frozen=True)
class BuildSpec:
    info: RuleInfo
    zones: tuple[str, ...]
    empty: str  # any | none | ranks | predicate
    empty_ranks: tuple[int, ...]
    # card predicates as the checker resolved them (see Checker.check_card_predicate); a tuple
    # is their `and`
    on_top: tuple[tuple, ...] = ()
    empty_test: tuple[tuple, ...] = ()  # empty == 'predicate'


@dataclass(frozen=True)
class TargetSpec:
    zone: ast.ZoneRef
    freely: bool


@dataclass(frozen=True)
class ActionSpec:
    info: RuleInfo
    sources: tuple[ast.ZoneRef, ...]
    targets: tuple[TargetSpec, ...]
    condition: ast.Condition | None
    condition_pos: SourcePos | None
    only_if_stuck: bool
    first_effects: tuple[ast.Effect, ...]
    then_effects: tuple[ast.Effect, ...]
    phases: tuple[str, ...] = ()
    parameter: tuple[str, int, int] | None = None  # (name, low, high)
    combination: ast.CombinationPlay | None = None
    exchange: ast.Exchange | None = None
    only_if_others: bool = False  # `only when another move is legal`
    group: bool = False  # `with the cards on top` / `with the whole pile`
    group_whole: bool = False  # `with the whole pile`: only the bottom card heads a group
    group_if_any: bool = False  # `, if any`: the top card alone is a group as well
    group_not_whole_to_empty: bool = False  # `, never a whole pile into an empty one`
    group_chain: tuple[tuple, ...] = ()  # `while …`: each card of the group on the one below it
    choices: tuple[ChoiceSpec, ...] = ()  # `choosing …` (and `for each n from 1 to 3`, a number chosen)
    taking: TakingSpec | None = None  # `taking N cards from …`
    old_values: bool = False  # written `for each n from A to B`
    include: tuple[int, Any] | None = None  # `must include 3C while …`: the card, the condition (or None)


@dataclass(frozen=True)
class ChoiceSpec:
    name: str
    kind: str  # suit | rank | player | number
    values: tuple[int, ...]  # suits 0-3, rank codes, numbers (players: worked out for the number of players)
    other_than_own: bool
    pos: SourcePos
    bounds: tuple[Any, Any] | None = None  # a number from expressions (`to size of own hand`): asked per listing


@dataclass(frozen=True)
class TakingSpec:
    low: int  # the fewest cards a set holds
    high: int | None  # the most (None: `taking any cards`)
    form: str  # exactly | range | any
    zones: tuple[ast.ZoneRef, ...]
    test: tuple[tuple, ...]  # card predicates on `the card` (their `and`), as building rules' `empty:`
    points: str | None
    total: ast.Expr | None
    pos: SourcePos
    meld: bool = False  # `that form a meld`: only the sets that are one of the file's melds


@dataclass(frozen=True)
class CombinationSpec:
    info: RuleInfo
    width: int
    min_length: int
    run_order: str | None
    exact: tuple[int, ...]
    wing_count: int
    wing_kind: str
    per_rank: bool
    wing_rules: tuple[str, ...]
    not_both: tuple[int, ...]
    tier: int
    core: str = "rank"  # rank (`N of a rank`, runs of them) | exact | suit | suited_row | row
    or_more: bool = False  # `N or more …`: else exactly N cards (suit) or ranks (rows)
    distinct_suits: bool = False  # `N of a rank in different suits`
    not_one_suit: bool = False  # `not all of one suit`
    not_in_row: str | None = None  # `not in a row in ORDER`


@dataclass(frozen=True)
class MeldSpec:
    """`meld NAME: 3 to 4 of a rank` / `3 or more of one suit in a row in ORDER [, wrapping]` /
    `3 or more in a row in ORDER`: a shape of cards that `deadwood of …` arranges a zone into."""

    info: RuleInfo
    shape: str  # rank | suit_run | run
    low: int
    high: int | None  # None: `or more`
    order: tuple[int, ...] = ()  # the ranks of a run, low to high
    wrapping: bool = False


@dataclass(frozen=True)
class TriggerSpec:
    info: RuleInfo
    condition: ast.Condition
    effects: tuple[ast.Effect, ...]


@dataclass(frozen=True)
class PrioritySpec:
    info: RuleInfo
    kind: str  # must | forbid
    action: str | None
    sources: tuple[ast.ZoneRef, ...]
    targets: tuple[ast.ZoneRef, ...]
    condition: ast.Condition | None
    exceptions: tuple[tuple[str, ast.Condition | None], ...] = ()  # moves a `must` spares, and when
    empty_target: bool = False  # `to empty ZONES`: only moves onto a zone that is empty now
    depth: int = 0  # `must reach … within N moves`
    lowered: ast.Expr | None = None  # `must lower EXPR within N moves`
    also_actions: tuple[str, ...] = ()  # `play or play_waste …`: more moves the filter names
    taken: tuple[float, float] | None = None  # `taking 1 card`: only moves that take so many cards
    same_card: bool = False  # `, for the same card`: a `must` among the moves of each card played


@dataclass(frozen=True)
class EndSpec:
    info: RuleInfo
    quantifier: str
    condition: ast.Condition
    scoring: str
    score: ast.Expr | None
    effects: tuple[ast.Effect, ...] = ()  # what happens when the deal ends this way, before scoring
    outcome: str = ""  # 'won' | 'lost' in a one-player game (`the player wins` / `the player loses`)


@dataclass(frozen=True)
class FirstPlayerSpec:
    pos: SourcePos
    mode: str
    keys: tuple[ast.Expr, ...] = ()
    order: str | None = None
    ties: int | None = None  # a seat index, or None for random (-1: deal again)
    player: int | None = None
    suit_order: str | None = None  # equal ranks are decided by the suit, in this suit order


@dataclass(frozen=True)
class CounterSpec:
    name: str
    per_player: bool
    start: float | str  # a number, or the name of the option that gives it
    pos: SourcePos
    whole_match: bool = False  # kept from deal to deal (chips, lives) instead of reset
    holds: str = "number"  # number | suit | rank | card (issue 16); a value's start is -1 for none
    per_team: bool = False  # `each team`: one value per team (per_player is False)
    display: Any = None  # ast.Display: `shown "chips"`, `hidden`; None: not said (not shown)


@dataclass(frozen=True)
class TeamSpec:
    """`team north_south: P1 and P3`: a partnership; its seats count from 0, as written."""

    name: str
    seats: tuple[int, ...]
    pos: SourcePos


@dataclass(frozen=True)
class MatchSpec:
    single_deal: bool
    quantifier: str
    condition: ast.Condition | None
    pos: SourcePos | None
    lowest_wins: bool = False  # `match: …, lowest score wins`


@dataclass
class GameModel:
    """Everything a game file says, checked. `files` lists the file and any base it extends."""

    title: str
    path: str
    files: tuple[str, ...]
    min_players: int
    max_players: int
    options: dict[str, float | str]
    option_info: dict[str, tuple[str, SourcePos]]
    orders: dict[str, tuple[int, ...]]
    colours: dict[str, tuple[int, ...]]
    zones: dict[str, ZoneSpec]
    builds: dict[str, BuildSpec]
    deal: tuple[ast.DealStep, ...]
    first_player: FirstPlayerSpec
    counters: dict[str, CounterSpec]
    values: dict[str, ast.ValueDecl]
    actions: dict[str, ActionSpec]
    priorities: tuple[PrioritySpec, ...]
    ends: tuple[EndSpec, ...]
    match: MatchSpec
    rules: dict[str, RuleInfo] = field(default_factory=dict)
    suit_orders: dict[str, tuple[int, ...]] = field(default_factory=dict)
    phases: tuple[str, ...] = ()
    combinations: dict[str, CombinationSpec] = field(default_factory=dict)
    triggers: tuple[TriggerSpec, ...] = ()
    skip: ast.Condition | None = None  # players the turn order skips (they stay in the game)
    eliminated: ast.Condition | None = None  # players out of the game: no turns, not compared, not counted
    effect_blocks: dict[str, tuple[ast.Effect, ...]] = field(default_factory=dict)  # named `effect` blocks
    showdown: tuple[str, str] | None = None  # (zone, value): what the end of a deal shows of each player
    wilds: dict[int, tuple[int, ...]] = field(default_factory=dict)  # wild rank -> the ranks it may stand for
    wild_rules: dict[int, RuleInfo] = field(default_factory=dict)  # wild rank -> its `wild` declaration
    turn_start: tuple[ast.Effect, ...] = ()  # `at turn start:` effects
    points: dict[str, dict[int, float]] = field(default_factory=dict)
    option_ranges: dict[str, tuple[float, float]] = field(default_factory=dict)  # `from 1 to 10`
    counted_options: frozenset[str] = frozenset()  # options that say how many cards a deal moves
    # `top N of ZONE are in sequence while …`: the checked tests of each, by where it is written
    sequences: dict[SourcePos, tuple[tuple, ...]] = field(default_factory=dict)
    melds: dict[str, MeldSpec] = field(default_factory=dict)  # `meld NAME: …`, in file order
    teams: tuple[TeamSpec, ...] = ()  # partnerships (`team NAME: P1 and P3`); every seat in one
    sides: Any = None  # `sides: EXPR against the others`: the expression naming the seat alone (1 = P1)
    exact_plays: bool = False  # `plays are told apart by their cards`
    classes: tuple[tuple[RuleInfo, tuple[str, ...]], ...] = ()  # `class NAME: kinds, lowest first`

    def team_of(self) -> tuple[int, ...]:
        """Each seat's team (by its place in `teams`); empty in a game without teams."""
        found = {seat: t for t, team in enumerate(self.teams) for seat in team.seats}
        return tuple(found[s] for s in sorted(found)) if self.teams else ()
