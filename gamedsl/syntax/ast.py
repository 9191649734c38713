"""The syntax tree: frozen dataclasses, each with the position it was written at.

The tree says what the file says and nothing more; names are resolved by the checker.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Union

from ..errors import SourcePos


@dataclass(frozen=True)
class Name:
    pos: SourcePos
    text: str


@dataclass(frozen=True)
class ZoneRef:
    """`own reserve`, `opponent's waste`, `house`, `house 3`, `own house 1`, `each pack`."""

    pos: SourcePos
    owner: str | None  # 'own', "opponent's", 'each' or None
    name: str
    index: int | None = None

    def __str__(self) -> str:
        parts = [self.owner] if self.owner else []
        parts.append(self.name)
        if self.index is not None:
            parts.append(str(self.index))
        return " ".join(parts)


# ---- expressions ----------------------------------------------------------------------
@dataclass(frozen=True)
class Num:
    pos: SourcePos
    value: float


@dataclass(frozen=True)
class NameRef:
    """A name in an expression: an option, a counter, a value or `score`, maybe owned."""

    pos: SourcePos
    owner: str | None
    name: str


@dataclass(frozen=True)
class SizeOf:
    pos: SourcePos
    zone: ZoneRef


@dataclass(frozen=True)
class TopOf:
    pos: SourcePos
    zone: ZoneRef


@dataclass(frozen=True)
class Call:
    pos: SourcePos
    function: str  # 'max' | 'min'
    args: tuple[Expr, ...]


@dataclass(frozen=True)
class BinOp:
    pos: SourcePos
    op: str
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Neg:
    pos: SourcePos
    operand: Expr


@dataclass(frozen=True)
class SumBy:
    """`sum of Z by POINTS`, or with `best_suit` the best single suit's sum."""

    pos: SourcePos
    zone: ZoneRef
    points: Name
    best_suit: bool = False
    per_suit: bool = False  # `sum of best per suit of Z by POINTS`: each suit's highest points, added


@dataclass(frozen=True)
class SuitsIn:
    """`count of suits in Z`: how many of the four suits the zone holds a card of."""

    pos: SourcePos
    zone: ZoneRef


@dataclass(frozen=True)
class CardKey:
    """Keys that order hands: `highest rank of Z by ORDER`, `ranks of Z by ORDER` (every rank,
    highest first, compared in turn), `best suit of Z by POINTS in SUITORDER`."""

    pos: SourcePos
    kind: str  # highest_rank | ranks | best_suit
    zone: ZoneRef
    order: Name
    suit_order: Name | None = None
    then_order: Name | None = None  # best suit ... then ORDER: the suit's ranks break equal sums


@dataclass(frozen=True)
class OverPlayers:
    """`max/min over players of (EXPR)`, `count of players with (COND)`: over the players still in."""

    pos: SourcePos
    kind: str  # 'max' | 'min' | 'sum' | 'count', or as a condition 'some' | 'every'
    item: Any  # an expression, or for 'count', 'some' and 'every' a condition


@dataclass(frozen=True)
class NextPlayer:
    """`next player after SEAT` / `next player from SEAT` (that seat itself if still in)."""

    pos: SourcePos
    seat: Any
    inclusive: bool


@dataclass(frozen=True)
class RandomPlayer:
    pos: SourcePos


@dataclass(frozen=True)
class HiddenCards:
    """`hidden cards in ZONE`: how many of its cards are face down and not known to all."""

    pos: SourcePos
    zone: ZoneRef


@dataclass(frozen=True)
class IfExpr:
    """`A if CONDITION else B`."""

    pos: SourcePos
    then: Expr
    condition: Condition
    otherwise: Expr


@dataclass(frozen=True)
class TheCard:
    """`the card`: the card the move being judged moves."""

    pos: SourcePos


@dataclass(frozen=True)
class TheTop:
    """`the top`: the top card of the zone a building rule is asked about (`on top:` only)."""

    pos: SourcePos


@dataclass(frozen=True)
class BottomOf:
    pos: SourcePos
    zone: ZoneRef


@dataclass(frozen=True)
class Attribute:
    """`suit of X`, `rank of X`, `colour of X`, `place of X in ORDER`, `points of X by POINTS`."""

    pos: SourcePos
    kind: str  # suit | rank | colour | place | points
    operand: Any
    table: Name | None = None  # the order (place) or the points (points)


@dataclass(frozen=True)
class CardLiteral:
    """A card, suit or rank written as such (`7H`, `♥`): only where a card value is expected."""

    pos: SourcePos
    text: str


@dataclass(frozen=True)
class CardTest:
    """`X is [not] VALUE` (a rank, suit, colour, card or `none`) and the relations of X to Y:
    `one up from Y in ORDER[, wrapping]`, `N up/down from`, `higher than`, `lower than`,
    `at least`, `at most` (in ORDER), `same suit/rank/colour as`, `other suit/colour than`."""

    pos: SourcePos
    subject: Any
    kind: str  # value | up | down | higher | lower | at_least | at_most | same_suit | same_rank
    #            | same_colour | other_suit | other_colour
    value: Name | None = None  # kind 'value'
    other: Any = None  # the card compared with
    order: Name | None = None
    amount: int = 1
    wrapping: bool = False
    negated: bool = False


@dataclass(frozen=True)
class EachCard:
    """The card a selection tests, one after the other (implicit: `cards of hand that are hearts`)."""

    pos: SourcePos


@dataclass(frozen=True)
class Selection:
    """`cards of ZONE[, ZONE…] [that are TEST]`: the cards of those zones, in zone order, bottom
    to top, that pass the test (a CardTest whose subject is EachCard; kinds also 'rank_is',
    'suit_is': `that are rank r`, and 'of_a_rank': `that are 4 of a rank`, the cards of every rank the
    selection's zones hold `amount` or more of)."""

    pos: SourcePos
    zones: tuple[ZoneRef, ...]
    test: Any = None
    top: float | None = None  # `top 3 of ZONE`: only the N top cards of each zone
    below: float | None = None  # `all but top 1 of ZONE`: only the cards under each zone's N top ones


@dataclass(frozen=True)
class Selected:
    """Aggregates of a selection: `count of SEL`, `sum of SEL by POINTS`, `highest card of SEL by
    ORDER [then suit SUITORDER]`, `lowest card of …`; conditions `any SEL`, `no SEL`."""

    pos: SourcePos
    kind: str  # count | sum | highest | lowest | any | no
    selection: Selection
    table: Name | None = None  # the points (sum) or the order (highest, lowest)
    suit_order: Name | None = None


@dataclass(frozen=True)
class HandCount:
    """Counting a hand (issue 18), numbers made of a selection's cards as a set:
    `count of subsets [of N or more cards] of SEL whose points by POINTS sum to EXPR` (kind
    'subsets': how many sets of the cards, of `least` cards or more, add up to the total),
    `count of pairs of SEL with PREDICATE` ('pairs': how many unordered pairs of the cards are in
    that relation, either way round), `longest run of SEL in ORDER` ('longest_run': the most ranks
    in a row of ORDER that the cards all hold) and `count of longest runs of SEL in ORDER`
    ('longest_runs': in how many ways one card of each rank of such a longest run can be picked,
    over every longest run)."""

    pos: SourcePos
    kind: str  # subsets | pairs | longest_run | longest_runs
    selection: Selection
    table: Name | None = None  # the points (subsets) or the order (runs)
    total: Any = None  # subsets: the sum
    least: int = 1  # subsets: the fewest cards of a set
    chain: tuple[Any, ...] = ()  # pairs: the relation (predicates of a building rule)


@dataclass(frozen=True)
class TopStretch:
    """The top of a pile (issue 18): `longest top of ZONE in sequence while PREDICATE` (kind
    'sequence': the most top cards, each lying on the one below as the predicate says) and
    `longest top of ZONE forming a run in ORDER` ('run': the largest n such that the n top cards
    are of n different ranks in a row of ORDER, in any order). 0 for an empty zone."""

    pos: SourcePos
    kind: str  # sequence | run
    zone: ZoneRef
    order: Name | None = None
    chain: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Deadwood:
    """`deadwood of SEL by POINTS [laying off on ZONE]`: the least points of the cards left out
    of every arrangement of the selection's cards into the file's melds; `without CARD` leaves
    that card out first; `laying off on ZONE` lets the cards also extend the melds of ZONE's own
    least arrangement (the one, among those, that leaves the most)."""

    pos: SourcePos
    selection: Selection
    points: Name
    without: Any = None  # a card expression
    laying_on: ZoneRef | None = None


@dataclass(frozen=True)
class PlayedBy:
    """`player who played CARD`: the seat (1, 2, …) whose move put the card on a zone that
    `records who played`, where it lies now; 0 when it lies on none or no move put it there."""

    pos: SourcePos
    card: Any


@dataclass(frozen=True)
class TrickWinner:
    """`winner of trick by ORDER [, trumps SUIT]`: the seat who played the highest card of the
    trumps in the zone, or else of the suit of its first card (the suit led), by the order; the
    card played first wins a tie. 0 for an empty zone."""

    pos: SourcePos
    zone: ZoneRef
    order: Name
    trumps: Any = None


@dataclass(frozen=True)
class HolderOf:
    """`holder of CARD`: the seat (1, 2, …) whose own zones hold the card; 0 when none does."""

    pos: SourcePos
    card: Any


@dataclass(frozen=True)
class MoveSelected:
    """`move SEL to ZONE`: every selected card, in zone order, onto the zone."""

    pos: SourcePos
    selection: Selection
    target: ZoneRef


Expr = Union[Num, NameRef, SizeOf, TopOf, Call, BinOp, Neg, SumBy, CardKey, IfExpr, OverPlayers, NextPlayer, RandomPlayer]


# ---- conditions -----------------------------------------------------------------------
@dataclass(frozen=True)
class Compare:
    pos: SourcePos
    op: str
    left: Expr
    right: Expr


@dataclass(frozen=True)
class ZoneEmpty:
    """`Z is empty`, `Z is not empty`, `some Z is empty`, `every Z is empty`."""

    pos: SourcePos
    zone: ZoneRef
    negated: bool = False
    quantifier: str | None = None


@dataclass(frozen=True)
class SamePosition:
    """The turn under way began in a position that has begun a turn `times` times (this one
    included): the players are going round in a circle."""

    pos: SourcePos
    times: int


@dataclass(frozen=True)
class MovedFrom:
    """Inside a move's effects: the card came from one of these zones."""

    pos: SourcePos
    zones: tuple[ZoneRef, ...]


@dataclass(frozen=True)
class CanGo:
    """`top of Z can go to ZONES`: the building rules would take Z's top card there."""

    pos: SourcePos
    zone: ZoneRef
    targets: tuple[ZoneRef, ...]


@dataclass(frozen=True)
class HasChosen:
    """`own hand has r`: the zone holds a card of the rank (or suit) the move chooses as `r`."""

    pos: SourcePos
    zone: ZoneRef
    name: str
    negated: bool = False


@dataclass(frozen=True)
class HasOfARank:
    """`Z has 3 of a rank`: some rank appears at least N times among the zone's cards."""

    pos: SourcePos
    zone: ZoneRef
    count: float


@dataclass(frozen=True)
class IsRanks:
    """`Z is A A A`: the zone holds exactly these ranks (in any order)."""

    pos: SourcePos
    zone: ZoneRef
    ranks: tuple[Name, ...]


@dataclass(frozen=True)
class Extreme:
    """`lowest (KEYS)` / `highest (KEYS)`: no other player's keys, compared in turn, are lower
    (higher); players who tie are all lowest (highest)."""

    pos: SourcePos
    lowest: bool
    keys: tuple[Expr, ...]
    alone: bool = False  # `highest alone (KEYS)`: higher than every other player's (a tie: nobody)


@dataclass(frozen=True)
class PhaseIs:
    pos: SourcePos
    phase: Name


@dataclass(frozen=True)
class Played:
    """Inside a move's effects: the combination just played is of one of these kinds."""

    pos: SourcePos
    kinds: tuple[Name, ...]


@dataclass(frozen=True)
class AllOf:
    pos: SourcePos
    items: tuple[Condition, ...]


@dataclass(frozen=True)
class AnyOf:
    pos: SourcePos
    items: tuple[Condition, ...]


@dataclass(frozen=True)
class OtherMoves:
    """`no other move is legal` (`legal` False) or `another move is legal` (True): the parser
    takes them out of a move's `only when` lines; anywhere else the checker refuses them."""

    pos: SourcePos
    legal: bool


@dataclass(frozen=True)
class NoMove:
    """`no move is legal`: the player to move has no legal move (in `end` and `whenever` rules)."""

    pos: SourcePos


@dataclass(frozen=True)
class NotCond:
    pos: SourcePos
    item: Condition


@dataclass(frozen=True)
class Shows:
    """`centre 3 shows K`, `some centre shows K`: the top card's rank (a wild as what it stands for)."""

    pos: SourcePos
    zone: ZoneRef
    rank: Name
    quantifier: str = ""


@dataclass(frozen=True)
class MoveAllShowing:
    """`move all of every centre showing K to draw`."""

    pos: SourcePos
    family: Name
    rank: Name
    target: ZoneRef
    top_only: bool = False  # `move the top of every …`: only the card showing


@dataclass(frozen=True)
class CloseEmpty:
    """`close every empty house`: those zones are out of the game until the deal ends."""

    pos: SourcePos
    family: Name


@dataclass(frozen=True)
class ZoneClosed:
    """`house 3 is closed`, `some house is closed`: put out of play by `close every empty …`."""

    pos: SourcePos
    zone: ZoneRef
    quantifier: str = ""


@dataclass(frozen=True)
class CanReach:
    """`can reach (CONDITION) within N moves`: some sequence of the player's own moves in this
    turn, at most N long, leads to a position where the condition holds (priorities aside)."""

    pos: SourcePos
    condition: Any
    depth: int


@dataclass(frozen=True)
class TopInSequence:
    """`top 13 of tableau 3 are in sequence while same suit, one down in up`: the zone holds at
    least N cards, its top N all face up, and each lies on the one below as the `while` tests say
    (the tests of a group move's `while`)."""

    pos: SourcePos
    count: float
    zone: ZoneRef
    chain: tuple[Any, ...]


@dataclass(frozen=True)
class OneSuit:
    """Every card of the zone is of one suit (an empty zone is not)."""

    pos: SourcePos
    zone: ZoneRef


Condition = Union[Compare, ZoneEmpty, MovedFrom, SamePosition, CanGo, HasOfARank, HasChosen, IsRanks, Extreme, PhaseIs, Played, AllOf, AnyOf,
                  NotCond, OneSuit, Shows, CanReach, ZoneClosed, OtherMoves, NoMove]


# ---- effects --------------------------------------------------------------------------
@dataclass(frozen=True)
class EndTurn:
    pos: SourcePos


@dataclass(frozen=True)
class TurnOver:
    """Move every card of `source` onto `target` in reverse order, face down."""

    pos: SourcePos
    source: ZoneRef
    target: ZoneRef


@dataclass(frozen=True)
class AddTo:
    pos: SourcePos
    amount: Expr
    counter: NameRef


@dataclass(frozen=True)
class SetTo:
    pos: SourcePos
    counter: NameRef
    value: Expr


@dataclass(frozen=True)
class IfEffects:
    pos: SourcePos
    condition: Condition
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class GoToPhase:
    pos: SourcePos
    phase: Name


@dataclass(frozen=True)
class Reveal:
    """The zone's cards become known to every player, wherever they go, until the deal ends."""

    pos: SourcePos
    zone: ZoneRef


@dataclass(frozen=True)
class MoveAll:
    pos: SourcePos
    source: ZoneRef
    target: ZoneRef


@dataclass(frozen=True)
class Say:
    """`say "{own} has closed: this is your last turn"`: an announcement the console makes to every
    player; `{own}` and `{NAME}` (a counter or value) are filled in, nothing else is read."""

    pos: SourcePos
    text: str
    text_pos: SourcePos | None = None  # where the string starts (its opening quote)


@dataclass(frozen=True)
class TurnTo:
    """The turn goes to the player whose seat number the expression gives."""

    pos: SourcePos
    seat: Expr


@dataclass(frozen=True)
class ForEachPlayerEffects:
    """`for each player [with COND]: EFFECTS`: the players are chosen first, then each has the
    effects in seat order with `own` meaning them (so one's effects never change who is chosen)."""

    pos: SourcePos
    condition: Any
    effects: tuple[Any, ...]


@dataclass(frozen=True)
class ForEachZoneEffects:
    """`for each tableau [with COND]: EFFECTS`: the instances of a shared zone family that meet the
    condition are chosen first, then each has the effects in order, `this tableau` meaning it."""

    pos: SourcePos
    family: Name
    condition: Any
    effects: tuple[Any, ...]


@dataclass(frozen=True)
class OverZones:
    """`some tableau with (COND)`, `every tableau with (COND)`, `count of tableau with (COND)`:
    over the instances of a shared zone family still in play, `this tableau` meaning each."""

    pos: SourcePos
    kind: str  # 'some' | 'every' | 'count'
    family: Name
    condition: Any


@dataclass(frozen=True)
class CallEffect:
    """The effects of a named `effect` block."""

    pos: SourcePos
    name: str


Effect = Union[EndTurn, TurnOver, AddTo, SetTo, IfEffects, GoToPhase, Reveal, MoveAll, TurnTo, "Say", "DealCards", "Shuffle",
               ForEachPlayerEffects, ForEachZoneEffects, CallEffect, MoveAllShowing, CloseEmpty]


# ---- statements -----------------------------------------------------------------------
@dataclass(frozen=True)
class GameTitle:
    pos: SourcePos
    title: str


@dataclass(frozen=True)
class Extends:
    pos: SourcePos
    base: str  # a game's name (a file beside this one, or a shipped game), or a path
    is_path: bool = False  # written in quotes: a file, relative to the extending file's folder


@dataclass(frozen=True)
class Players:
    pos: SourcePos
    low: float
    high: float


@dataclass(frozen=True)
class OptionDecl:
    pos: SourcePos
    name: str
    default: float | str
    description: str = ""
    name_pos: SourcePos | None = None  # where the name is written (pos: where the statement starts)
    bounds: OptionRange | None = None  # `from 1 to 10`: the values it may be given


@dataclass(frozen=True)
class OptionRange:
    pos: SourcePos
    low: float
    high: float


@dataclass(frozen=True)
class TeamDecl:
    """`team north_south: P1 and P3`: a partnership and its seats, as written."""

    pos: SourcePos
    name: str
    seats: tuple[Name, ...]
    name_pos: SourcePos | None = None


@dataclass(frozen=True)
class SidesDecl:
    """`sides: declarer against the others`: the seat `alone` names (1 = P1) against the others."""

    pos: SourcePos
    alone: Any


@dataclass(frozen=True)
class Remove:
    pos: SourcePos
    name: str


@dataclass(frozen=True)
class OrderDecl:
    pos: SourcePos
    name: str
    ranks: tuple[Name, ...]
    name_pos: SourcePos | None = None  # where the name is written (pos: where the statement starts)


@dataclass(frozen=True)
class ColourDecl:
    pos: SourcePos
    name: str
    suits: tuple[Name, ...]


@dataclass(frozen=True)
class SuitOrderDecl:
    pos: SourcePos
    name: str
    suits: tuple[Name, ...]


@dataclass(frozen=True)
class PointsDecl:
    pos: SourcePos
    name: str
    values: tuple[tuple[Name, float], ...]


@dataclass(frozen=True)
class Holds:
    pos: SourcePos
    count: float
    deck: Name
    jokers: float = 0
    ranks: tuple[Name, ...] = ()  # a stripped deck: `of 7 8 9 10 J Q K A`
    suits: tuple[tuple[Name, ...], ...] = ()  # `in suits H C / S D`: each player's part, in seat order


@dataclass(frozen=True)
class ZoneDecl:
    pos: SourcePos
    name: str
    count: float | None = None
    owner: str | None = None  # 'each' | 'shared'
    kind: str | None = None  # pile | row | slot | fan | pool
    face: str | None = None  # 'up' | 'down'
    top_face: str | None = None
    group: float | None = None  # N per player
    holds: Holds | None = None
    problems: tuple[tuple[SourcePos, str], ...] = ()  # attributes given twice, ...
    sorted_by: Name | None = None  # how a hand is shown: `sorted by strength`
    keeps_up: bool = False  # `turned cards stay up`: a card once on top stays known to all
    empties_differ: tuple[SourcePos, str] | None = None  # `empty piles differ`: where, and the word (piles, slots, ...)
    per_suit: SourcePos | None = None  # `one per suit`: each instance is bound to a suit (where it is written)
    covered: tuple[CoverRef, ...] = ()  # `covered by row7[i] and row7[i+1]`
    records_players: bool = False  # `records who played`: its cards remember who played them


@dataclass(frozen=True)
class CoverRef:
    """A zone that covers the one declared: `row7[i+1]` (`offset` from the instance's number `i`),
    `row7[3]` (`fixed`), or `waste` (a single zone, or every instance of a family)."""

    pos: SourcePos
    name: str
    variable: str | None = None  # `i` in `row7[i+1]`
    offset: int = 0
    fixed: int | None = None


@dataclass(frozen=True)
class Shuffle:
    pos: SourcePos
    zones: tuple[ZoneRef, ...]


@dataclass(frozen=True)
class DealCards:
    pos: SourcePos
    amount: float | str | Expr | None  # a number, a name (option, counter, value), an expression; None: "rest"
    source: ZoneRef
    every: Name | None  # `to every own house`
    targets: tuple[ZoneRef, ...]
    amount_pos: SourcePos | None = None  # where the amount is written
    up_to: bool = False  # `deal up to 5`: as many as each target lacks to hold that many
    face: str | None = None  # `deal … face up` / `face down`: the face the dealt cards get (None: the zone's)
    beginning: Expr | None = None  # `beginning with SEAT`: the rotation begins with that seat's zone


@dataclass(frozen=True)
class ForEachPlayer:
    pos: SourcePos
    steps: tuple[DealStep, ...]


DealStep = Union[Shuffle, DealCards, ForEachPlayer]


@dataclass(frozen=True)
class DealBlock:
    pos: SourcePos
    steps: tuple[DealStep, ...]


@dataclass(frozen=True)
class FirstPlayer:
    pos: SourcePos
    mode: str  # 'lowest' | 'highest' | 'random' | 'fixed' | 'expr'
    keys: tuple[Expr, ...] = ()
    order: Name | None = None
    ties: Name | None = None
    player: Name | None = None
    suit_order: Name | None = None  # `by ORDER then suit SUITORDER`: equal ranks go by suit


@dataclass(frozen=True)
class Turns:
    pos: SourcePos
    skip: Condition | None = None  # `skipping any player with own out = 1`: out of the game


@dataclass(frozen=True)
class CounterDecl:
    pos: SourcePos
    name: str
    per_player: bool
    start: float = 0
    whole_match: bool = False
    name_pos: SourcePos | None = None  # where the name is written (pos: where the statement starts)
    holds: str = "number"  # `holds a suit` / `a rank` / `a card`: what the counter's value is
    holds_pos: SourcePos | None = None
    per_team: bool = False  # `each team`: one value per team
    display: "Display | None" = None  # `shown "chips"`, `hidden`; None: not said (hidden)


@dataclass(frozen=True)
class Display:
    """`, shown "chips"` / `, shown in header "trumps"` / `, hidden`: whether the console shows a
    counter or value to the players, by which label, and where (display only: never a secret)."""

    pos: SourcePos
    shown: bool
    label: str = ""  # empty: the name, its `_` read as spaces
    header: bool = False
    words: tuple[tuple[float, str, SourcePos], ...] = ()  # `(-1 as "not yet", 0 as "no")`: numbers shown as words


@dataclass(frozen=True)
class ValueDecl:
    pos: SourcePos
    name: str
    expr: Expr
    name_pos: SourcePos | None = None  # where the name is written (pos: where the statement starts)
    display: Display | None = None


@dataclass(frozen=True)
class CardPattern:
    pos: SourcePos
    kind: str  # 'any' | 'none' | 'ranks' | 'predicate'
    ranks: tuple[Name, ...] = ()
    predicate: tuple["CardPredicate", ...] = ()  # kind 'predicate': a comma list (their `and`)


@dataclass(frozen=True)
class Relation:
    pos: SourcePos
    kind: str  # same_suit other_suit same_colour other_colour same_rank steps
    steps: tuple[str, ...] = ()  # 'up' 'down' 'same'
    order: Name | None = None
    wrapping: bool = False  # steps: the order goes round (K -> A)


@dataclass(frozen=True)
class GroupMove:
    """`with the cards on top [, if any] [, never a whole pile into an empty one] [while PREDICATES]`
    or `with the whole pile …`: a card moves with every card above it."""
    pos: SourcePos
    whole: bool = False  # `with the whole pile`: only the bottom card heads a group
    if_any: bool = False  # `, if any`: the top card alone is a group too
    not_whole_to_empty: bool = False  # `, never a whole pile into an empty one`
    chain: tuple = ()  # `while …`: card predicates each card of the group meets on the one below it


@dataclass(frozen=True)
class PileSuit:
    """`the card is the pile's suit`: the suit a `one per suit` zone is bound to."""
    pos: SourcePos
    subject: str  # 'card' | 'top'
    owner: str  # the word written before `suit` (must be `pile's`)
    negated: bool = False


@dataclass(frozen=True)
class CardIs:
    """`the card is a K`, `the top is not hearts`, `the card is red`: the value's kind (rank,
    suit or colour) is known once the checker has read the file's colours."""
    pos: SourcePos
    subject: str  # 'card' | 'top'
    value: Name
    negated: bool = False


@dataclass(frozen=True)
class BareStep:
    """A step with no `in ORDER` after it (`one up`): only valid when joined by `or` to a step
    that names the order; the checker refuses one left alone."""
    pos: SourcePos
    steps: tuple[str, ...]


@dataclass(frozen=True)
class PredNot:
    pos: SourcePos
    part: "CardPredicate"


@dataclass(frozen=True)
class PredAnd:
    pos: SourcePos
    parts: tuple["CardPredicate", ...]


@dataclass(frozen=True)
class PredOr:
    pos: SourcePos
    parts: tuple["CardPredicate", ...]


CardPredicate = Relation | CardIs | BareStep | PredNot | PredAnd | PredOr


def predicate_relations(preds) -> list[Relation]:
    """Every relation in predicates (for the orders they name)."""
    found: list[Relation] = []
    for p in preds:
        if isinstance(p, Relation):
            found.append(p)
        elif isinstance(p, PredNot):
            found += predicate_relations((p.part,))
        elif isinstance(p, (PredAnd, PredOr)):
            found += predicate_relations(p.parts)
    return found


@dataclass(frozen=True)
class BuildDecl:
    pos: SourcePos
    name: str
    zones: tuple[Name, ...]
    description: str = ""
    section: str = ""
    empty: CardPattern | None = None
    on_top: tuple["CardPredicate", ...] = ()  # a comma list: their `and`
    problems: tuple[tuple[SourcePos, str], ...] = ()
    name_pos: SourcePos | None = None  # where the name is written (pos: where the statement starts)


@dataclass(frozen=True)
class Target:
    zone: ZoneRef
    freely: bool = False


@dataclass(frozen=True)
class MoveDecl:
    pos: SourcePos
    name: str
    description: str = ""
    section: str = ""
    sources: tuple[ZoneRef, ...] = ()
    targets: tuple[Target, ...] = ()
    condition: Condition | None = None
    condition_pos: SourcePos | None = None
    only_if_stuck: bool = False
    only_if_others: bool = False  # `only when another move is legal`
    group: GroupMove | None = None  # `with the cards on top` / `with the whole pile`
    first_effects: tuple[Effect, ...] = ()
    then_effects: tuple[Effect, ...] = ()
    problems: tuple[tuple[SourcePos, str], ...] = ()
    name_pos: SourcePos | None = None  # where the name is written (pos: where the statement starts)
    phases: tuple[Name, ...] = ()  # `during bidding`: the phases the move belongs to (all when empty)
    parameter: Parameter | None = None  # `for each n from 1 to 3`
    combination: CombinationPlay | None = None  # `as a combination beating table in strength`
    exchange: Exchange | None = None  # `exchange 1 between own hand and pool`
    choices: tuple[Choice, ...] = ()  # `choosing a player p other than own, a rank r`
    taking: Taking | None = None  # `taking 2 cards from … whose points by value sum to 13`
    include: IncludeCard | None = None  # `must include 3C while leads = 0`


@dataclass(frozen=True)
class Choice:
    """One choice a move carries: `a suit s`, `a rank r [of ORDER]`, `a player p [other than own]`,
    `a number n from A to B`."""

    pos: SourcePos
    kind: str  # suit | rank | player | number
    name: str
    order: Name | None = None  # a rank of this order
    other_than_own: bool = False
    low: Any = 0  # a number, or an expression (`size of own hand`) asked when the moves are listed
    high: Any = 0


@dataclass(frozen=True)
class Taking:
    """`taking N cards | A to B cards | any cards from ZONES [that are PRED] [whose points by
    POINTS sum to EXPR]`."""

    pos: SourcePos
    low: float  # the fewest cards a set holds
    high: float | None  # the most (None: `taking any cards`, no bound)
    zones: tuple[ZoneRef, ...]
    test: Any = None  # a card predicate on `the card`
    points: Name | None = None
    total: Any = None  # an expression
    form: str = "exactly"  # exactly (`taking 2 cards`) | range (`taking 1 to 3 cards`) | any
    meld: bool = False  # `that form a meld`: only the sets that are one of the file's melds


@dataclass(frozen=True)
class Parameter:
    pos: SourcePos
    name: str
    low: float
    high: float


@dataclass(frozen=True)
class Exchange:
    """One card of each zone trade places (`count` 1), or the zones' whole contents (`all`)."""

    pos: SourcePos
    count: float | None  # None: all
    first: ZoneRef
    second: ZoneRef


@dataclass(frozen=True)
class CombinationPlay:
    pos: SourcePos
    beating: ZoneRef | None = None
    order: Name | None = None
    suit_order: Name | None = None  # `beating table in climb then suit bridge`


@dataclass(frozen=True)
class IncludeCard:
    """`must include 3C while leads = 0`: the play holds that card (while the condition holds)."""

    pos: SourcePos
    card: Name
    condition: Any = None


@dataclass(frozen=True)
class ExactPlays:
    """`plays are told apart by their cards`: combinations are sets of cards, not of ranks."""

    pos: SourcePos


@dataclass(frozen=True)
class ClassDecl:
    """`class five_card: straight, flush, full_house`: a later kind beats an earlier one."""

    pos: SourcePos
    name: str
    description: str = ""
    section: str = ""
    kinds: tuple[Name, ...] = ()
    name_pos: SourcePos | None = None


@dataclass(frozen=True)
class CombinationDecl:
    pos: SourcePos
    name: str
    description: str = ""
    section: str = ""
    width: float = 1
    min_length: float = 1
    run_order: Name | None = None
    exact: tuple[Name, ...] = ()
    core: str = ""  # rank | exact | suit | suited_row | row: which core line it has
    or_more: bool = False  # `3 or more of one suit in a row in run`
    distinct_suits: bool = False  # `2 of a rank in different suits`
    not_one_suit: bool = False  # `not all of one suit`
    not_in_row: Name | None = None  # `not in a row in run`
    core_pos: SourcePos | None = None  # where the core line is
    not_pos: SourcePos | None = None  # where the `not …` line is
    wing_count: float = 0
    wing_kind: str = ""  # 'single' | 'pair'
    per_rank: bool = False
    wing_rules: tuple[str, ...] = ()  # no_core, no_three, distinct
    not_both: tuple[Name, ...] = ()
    tier: float = 0
    name_pos: SourcePos | None = None
    problems: tuple[tuple[SourcePos, str], ...] = ()


@dataclass(frozen=True)
class MeldDecl:
    """`meld NAME "…": 3 to 4 of a rank`, `… 3 or more of one suit in a row in ORDER [, wrapping]`,
    `… 3 or more in a row in ORDER`: a shape of cards laid out together (rummy's sets and runs)."""

    pos: SourcePos
    name: str
    description: str
    section: str
    shape: str  # rank | suit_run | run
    low: float
    high: float | None  # None: `or more`
    order: Name | None = None
    wrapping: bool = False
    name_pos: SourcePos | None = None
    count_pos: SourcePos | None = None


@dataclass(frozen=True)
class WheneverDecl:
    """An automatic rule: after every move, while its condition holds, its effects happen."""

    pos: SourcePos
    name: str
    description: str
    section: str
    condition: Condition
    effects: tuple[Effect, ...]
    name_pos: SourcePos | None = None


@dataclass(frozen=True)
class EffectDecl:
    """A named group of effects, used by name wherever an effect may be written."""

    pos: SourcePos
    name: str
    description: str
    section: str
    effects: tuple[Any, ...]
    name_pos: SourcePos | None = None


@dataclass(frozen=True)
class Eliminated:
    """`eliminated: any player with COND`: out of the game (no turns, not compared, not counted)."""

    pos: SourcePos
    condition: Any


@dataclass(frozen=True)
class Showdown:
    """`showdown: hand by hand_value`: what the end of a deal shows of every player."""

    pos: SourcePos
    zone: Name
    value: Name


@dataclass(frozen=True)
class WildDecl:
    """`wild JK: any rank but A`: the card may stand for any of these ranks, declared when played."""

    pos: SourcePos
    card: Name
    exceptions: tuple[Name, ...] = ()


@dataclass(frozen=True)
class TurnStart:
    """`at turn start:` effects that open every turn, `own` being the player whose turn it is."""

    pos: SourcePos
    effects: tuple[Any, ...]


@dataclass(frozen=True)
class PhasesDecl:
    pos: SourcePos
    phases: tuple[Name, ...]


@dataclass(frozen=True)
class MoveFilter:
    pos: SourcePos
    action: Name | None = None
    sources: tuple[ZoneRef, ...] = ()
    targets: tuple[ZoneRef, ...] = ()
    empty_target: bool = False  # `to empty house`: only moves onto an empty zone
    also: tuple[Name, ...] = ()  # `play or play_waste to foundation`: more moves the filter names
    taken: tuple[float, float] | None = None  # `taking 1 card`, `taking 2 to 3 cards`: the cards a move takes


@dataclass(frozen=True)
class PriorityDecl:
    pos: SourcePos
    name: str
    description: str
    section: str
    kind: str  # 'must' | 'forbid' | 'reach'
    filter: MoveFilter
    condition: Condition | None = None
    exceptions: tuple[tuple[Name, Condition | None], ...] = ()  # `must …, except MOVE [while …]`
    name_pos: SourcePos | None = None  # where the name is written (pos: where the statement starts)
    depth: int = 0  # `must reach FILTER within N moves`: how far ahead to look
    lowered: Any = None  # `must lower EXPR within N moves`: the expression to bring down
    same_card: bool = False  # `must … when possible, for the same card`: among each card's moves


@dataclass(frozen=True)
class EndDecl:
    pos: SourcePos
    name: str
    description: str
    section: str
    quantifier: str  # 'some' | 'every' | '' (a plain condition)
    condition: Condition
    scoring: str  # 'winner' | 'each' | 'team' (`each team scores`) | 'again' (deal again, nobody scores) | '' (no points)
    score: Expr | None
    name_pos: SourcePos | None = None  # where the name is written (pos: where the statement starts)
    effects: tuple[Any, ...] = ()  # what happens when the deal ends this way, before the scores
    outcome: str = ""  # 'won' | 'lost' (`the player wins` / `the player loses`: a one-player game) | ''


@dataclass(frozen=True)
class MatchDecl:
    pos: SourcePos
    single_deal: bool
    quantifier: str = "some"
    condition: Condition | None = None
    lowest_wins: bool = False  # `, lowest score wins`


Statement = Union[
    GameTitle, Extends, Players, OptionDecl, Remove, OrderDecl, ColourDecl, SuitOrderDecl,
    PointsDecl, ZoneDecl, DealBlock, FirstPlayer, Turns, CounterDecl, ValueDecl, BuildDecl,
    MoveDecl, PriorityDecl, EndDecl, MatchDecl, CombinationDecl, WheneverDecl, PhasesDecl, EffectDecl, Eliminated, Showdown, WildDecl, TurnStart,
    TeamDecl, ExactPlays, ClassDecl, MeldDecl, SidesDecl,
]


@dataclass(frozen=True)
class GameFile:
    path: str
    statements: tuple[Statement, ...]
    lines: tuple[str, ...] = field(default=(), repr=False)
