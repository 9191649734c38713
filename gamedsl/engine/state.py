"""A position of a game, and the contract every front end uses: legal moves, play, undo.

A `State` is a whole match: when a deal ends it is scored and, unless the match is over, the
next deal is dealt at once. Shuffles come from a generator seeded by (seed, deal number), so
the same seed and moves give the same match, and undo never needs to rewind a generator.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import cards, limits
from ..compiler.appliers import UndoFrame
from ..compiler.building import ByCounter
from ..compiler.native import state_playout as native_state
from ..compiler.native.playout import seeded
from ..errors import IllegalMoveError, RulesRuntimeError
from .moves import EXCHANGE, NO, Internal, LegalMoves, Move, resolve_text
from .tricks import aligned, record

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class DealResult:
    number: int
    end: str  # the name of the `end` rule that ended the deal
    scores: tuple[float, ...]
    zones: tuple[tuple[int, ...], ...] = ()  # every zone's cards as the deal ended: the showdown
    counters_before: tuple[float, ...] = ()  # the counters before the end's effects ...
    counters_after: tuple[float, ...] = ()  # ... and after them (chips lost, sticks taken)
    mover: int = 0  # the player whose move ended the deal
    winner: int | None = None  # the player the end's `when some player` found


ANY_CARD = bytes([1]) * cards.CARD_LIMIT  # the row of a target that takes any card ("freely")


class State:
    """A position of a match (see the module's docstring).

    `fired` counts the rules that fire, opt-in (`gamedsl analyze`): None (the default, which
    costs nothing), or a Counter keyed by (kind, rule name, SourcePos) (`model.firing_key`),
    kind one of `FIRING_KINDS`, counted at these moments: a move of a move rule played; a
    combination kind played (a play of combinations counts its move and its kind); a priority
    that removed a move from a listing (once per listing); a `whenever` rule that fired; the
    `end` rule that ended a deal or the match. Look-ahead (`_after`) and copies count nothing (a
    copy's `fired` is None: a player's trials are not the game's). Set it before the first deal
    with `Game.new_game(seed, fired=Counter())`. Code that lists or applies moves another way
    (generated listings that fuse priorities, say) keeps these counts when `fired` is set."""

    fired: Counter | None = None
    # While a deal is dealt and checked: None, or the number of the deal that is to follow it at
    # once, because this one ended before anyone moved (`_start_deal` deals it, in a loop).
    _next_deal: int | None = None
    _dealing = False

    _trying_first_effects = False  # True on the copy that tries a move's `first:` effects
    # (`fired`, above: generated listings that write the priorities in line leave them to
    # `_apply_priorities` while it is set)
    _looking = 0  # how many look-ahead moves (`_after`) are being tried just now

    # What every state starts with and every deal sets again (`_deal`), kept by the class until
    # then: a new game pays for these once, in its deal, not in `__init__` as well (a tenth of its
    # instructions). Only values never changed in place (numbers, None, frozensets). What a deal
    # does not set stays in `__init__`: read through the class, it would be read slower in play.
    current = 0
    deal_number = 0
    turn_number = 0
    moves_in_turn = 0
    phase = 0
    public: frozenset[int] = frozenset()  # cards revealed to everyone this deal
    winner: int | None = None  # who the deal's `winner's` means while it is scored
    _legal: list[Internal] | None = None
    _deal_rng: random.Random | None = None  # while a deal is dealt: its generator
    closed: frozenset[int] = frozenset()  # zones out of the game until the deal ends (`close …`)

    def __init__(self, game: Game, seed: int | str = 0):
        self.game = game
        compiled = game.compiled
        self._c = compiled
        self.seed = seed
        self.zones: list[list[int]] = [[] for _ in range(len(compiled.zones))]
        self.counters: list[float] = list(compiled.counters.start)
        self.points: list[float] = [0.0] * compiled.players
        self.over = False
        self._frame: UndoFrame | None = None
        self.turn_repeats = 0
        self.forgotten = 0  # moves made by playouts, which keep no record (counted in shuffles' seeds)
        self._chosen: Internal | None = None  # the move whose choices a possessive reads (`p's hand`)
        # The moment of the last shuffle during play, and how often each zone was shuffled then:
        # a zone shuffled again at the same moment (an automatic rule firing again) gets a new order.
        self.shuffled_at: tuple[str, dict[tuple[int, ...], int]] | None = None
        self.results: list[DealResult] = []
        self.combos: dict[int, Any] = {}  # the combination lying on a zone, as it was played
        self.played_by: dict[int, int] = {}  # ... and the seat of the player who played it
        self.history: list[UndoFrame] = []
        # Announcements the rules made (`say`), in order: (the moves made before, or one less for
        # one made between moves, say at the deal; the text). Undo takes back a move's.
        self.said: list[tuple[int, str]] = []
        self.declared: dict[int, dict[int, int]] = {}  # zone -> {place in it: the card a wild there stands for}
        # zone -> ((card, seat), …): who played each card of a zone that `records who played` (tricks.py)
        self.played_into: dict[int, tuple[tuple[int, int], ...]] = {}
        # Only in games that ask (`a turn begins N times in the same position`): how many times
        # each position has begun a turn, and how many times the current turn's position has.
        self.turn_positions: dict[tuple, int] = {}
        # zone -> (its list, its counts by rank), for listing plays of combinations: good while the
        # zone holds that very list and nothing has changed it in place (every change that does
        # drops or updates the entry: `_touch`, `_move_all`, the appliers of combination plays)
        self.rank_counts: dict[int, tuple[list[int], list[int]]] = {}
        # zone -> [its counts (or its list), the counts (or cards) its leads were listed from, its
        # leads]: a hand's lead list, kept while the hand only loses cards (compiler/lead_lists.py)
        self.lead_lists: dict[int, list] = {}

    # ---- the public contract -----------------------------------------------------------------
    @property
    def players(self) -> list[str]:
        return [f"P{i + 1}" for i in range(self._c.players)]

    @property
    def current_player(self) -> str:
        return f"P{self.current + 1}"

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def winners(self) -> list[str]:
        """When the match is over: the players with the most points (several when they tie), the
        fewest in a match that says `lowest score wins`. In a one-player game whose last deal ended
        by an end that says `the player wins` or `the player loses`: [P1], or nobody."""
        if not self.over:
            return []
        c = self._c
        if c.outcomes and self.results:
            outcome = c.outcomes.get(self.results[-1].end)
            if outcome:
                return ["P1"] if outcome == "won" else []
        best = min(self.points) if c.lowest_wins else max(self.points)
        return [f"P{i + 1}" for i, s in enumerate(self.points) if s == best]

    @property
    def outcome(self) -> str:
        """'won' or 'lost' when the last deal ended by an end that says `the player wins` or
        `the player loses` (a one-player game), else ''."""
        if not self.results:
            return ""
        return self._c.outcomes.get(self.results[-1].end, "")

    @property
    def scores(self) -> dict[str, float]:
        """Points of the match so far (the sum of every finished deal), by player (partners have
        their team's)."""
        return {f"P{i + 1}": _number(s) for i, s in enumerate(self.points)}

    @property
    def teams(self) -> dict[str, list[str]]:
        """The partnerships the file declares, name -> seats in the order written; {} without teams."""
        return {t.name: [f"P{s + 1}" for s in t.seats] for t in self._c.teams}

    @property
    def team_scores(self) -> dict[str, float]:
        """The match score of each team (the score each of its players has); {} without teams."""
        return {t.name: _number(self.points[t.seats[0]]) for t in self._c.teams}

    def team_of(self, player: str | int) -> str | None:
        """The name of a player's team (`P3` or seat index 2), or None in a game without teams."""
        from .views import _seat

        seat = _seat(self, player)  # (a ValueError for no such player)
        c = self._c
        return c.teams[c.team_of[seat]].name if c.teams else None

    def legal_moves(self) -> LegalMoves:
        return LegalMoves(self._legal_internal(), self.game.codec.public, self._public_moves)

    def value(self, name: str, player: str | int) -> float:
        """A `value` the game file declares, evaluated for a player (a hand's worth, say)."""
        from .views import _seat

        values = self._c.exprs.values
        if name not in values:
            from ..errors import did_you_mean

            hint = did_you_mean(name, values)
            raise KeyError(f"{self.game.title} declares no value '{name}'" + (f" — {hint}" if hint else ""))
        result = values[name](self, _seat(self, player), None)
        return int(result) if float(result).is_integer() else result

    def parse_move(self, text: str) -> Move:
        """The move `text` names here. Raises `InvalidMoveError` or `AmbiguousMoveError`."""
        codec = self.game.codec
        return codec.public(self.canonical(resolve_text(codec, text, self.current, self._legal_internal())))

    def play(self, move: Move | str) -> Move:
        """Play a legal move (a `Move` or its text); raises `IllegalMoveError` naming the rule."""
        public = self.parse_move(move) if isinstance(move, str) else move
        internal = self.canonical(self.game.codec.internal(public, self.current))
        if self.over or internal not in self._legal_internal():
            raise IllegalMoveError(self.explain(public))
        self._play_internal(internal)
        return self.game.codec.public(internal)

    def play_random(self, rng: random.Random) -> Internal:
        """Play `moves[rng.randrange(len(moves))]` of the legal moves in their usual order: the
        same choice as `RandomPlayer` and the same game as `play()` with it, without making any
        `Move`. Returns the internal move played. The fast path of random games."""
        legal = self._legal
        if legal is None:  # `_legal_internal()`, written out: this is the hot path of random games
            legal = self._legal = [] if self.over else self._c.generators[self.phase](self)
        if not legal:
            self.require_moves()
            raise ValueError("the game is over: there is no move to play")
        # rng.randrange(n) is rng._randbelow(n) for n > 0 (random.py): the same number, one call less
        move = legal[rng._randbelow(len(legal))]
        self._play_internal(move)
        return move

    def playout(self, rng: random.Random, limit: int | None = None) -> int:
        """Play random moves, each chosen as `play_random` chooses it, until the match is over
        or `limit` moves are made, keeping no undo record: the fast path of random games and of
        simulations (no frame, and no copy of what a move changes, is made). The same moves as
        so many `play_random` calls with the same generator. The history is forgotten: nothing
        played before the playout can be undone after it. Returns the number of moves made.

        Should a move fail on a gap in the rules, the error says so and the position is left
        as the failure found it (no record to restore it from)."""
        c = self._c
        self.forget_history()
        if c.looks_ahead or self.fired is not None:  # look-ahead needs the records; counting, `play_random`
            made = 0
            while not self.over and (limit is None or made < limit):
                self.play_random(rng)
                made += 1
            self.forget_history()
            return made
        made = 0
        native = c.playout_loop
        if native is not None and native.draws_in_place(rng) and not self.declared and self._frame is None:
            over_c_state = native_state.for_game(c)  # the whole loop over C state (native/state_playout.py)
            ran = None
            if over_c_state is not None and limit != 0:
                ran = over_c_state.run(self, rng, -1 if limit is None else limit)
            if ran is not None:
                made, stuck = ran
                if not stuck:
                    return made  # else the Python loop goes on, and says the player to move is stuck
        if native is not None and made == 0:  # the same loop in C (compiler/native/playout.py)
            made, failed, error = native.run(self, rng, -1 if limit is None else limit, c.generators,
                                             c.unrecorded_appliers)
            if failed is not None:
                if isinstance(error, RulesRuntimeError) or not isinstance(error, _MOVE_FAILURES):
                    raise error
                raise self._failure(failed, error) from None
            return made
        actions, generators = c.actions, c.generators
        while not self.over and (limit is None or made < limit):
            legal = self._legal
            if legal is None:
                legal = self._legal = generators[self.phase](self)
            if not legal:
                self.require_moves()
            move = legal[rng._randbelow(len(legal))]  # as in `play_random`
            try:
                actions[move[0]].apply_unrecorded(self, move)
            except RulesRuntimeError:
                raise
            except _MOVE_FAILURES as err:
                raise self._failure(move, err) from None
            self.forgotten += 1
            made += 1
        return made

    def forget_history(self) -> None:
        """Drop the undo records: the moves made so far can no longer be taken back."""
        if self.history:
            self.forgotten += len(self.history)
            self.history = []
        if self.said:
            self.said = [(-1, text) for _, text in self.said]  # kept, no longer tied to a move

    def _failure(self, internal: Internal, err: Exception) -> RulesRuntimeError:
        return RulesRuntimeError(f"the rules of {self.game.path} failed while playing "
                                 f"{self.game.codec.public(internal)}: {type(err).__name__}: {err}")

    def _play_internal(self, internal: Internal) -> None:
        try:
            self._apply(internal)
        except RulesRuntimeError:
            self._abandon()
            raise
        except (ArithmeticError, IndexError, KeyError, TypeError, ValueError) as err:
            self._abandon()
            raise self._failure(internal, err) from None
        if self.fired is not None and not self._looking:
            self._count_move(internal)

    def _count_move(self, internal: Internal) -> None:
        """`fired`: the move's rule, and the combination kind it played, if it plays one."""
        c, fired = self._c, self.fired
        assert fired is not None
        fired[c.move_keys[internal[0]]] += 1
        if c.actions[internal[0]].combination is not None:
            fired[c.combination_keys[internal[1]]] += 1

    def _abandon(self) -> None:
        """Put back what a move that failed halfway had changed."""
        frame = self._frame
        self._frame = None
        if frame is not None:
            self.history.append(frame)
            self.undo()

    def require_moves(self) -> None:
        """Raise a clear error when the rules leave the player to move without any move."""
        if not self.over and not self._legal_internal():
            raise RulesRuntimeError(f"the rules of {self.game.path} give {self.current_player} no legal move, "
                                    f"and the game is not over (deal {self.deal_number}, phase "
                                    f"{self._c.phases[self.phase]}): a gap in the rules file")

    def undo(self) -> Move:
        """Take back the last move, restoring the position exactly."""
        if not self.history:
            raise IndexError("no move to undo")
        return self.game.codec.public(self._undo())

    def _undo(self) -> Internal:
        """`undo` without naming the move (for players that try moves by the thousand)."""
        frame = self.history.pop()  # (its `scalars` as the generated appliers write them)
        said = self.said
        while said and said[-1][0] >= len(self.history):  # what the move announced is unsaid
            said.pop()
        for zone_id, cards_before in frame.zones.items():
            self.zones[zone_id] = list(cards_before)  # copies share frames: never hand one out
        if frame.counters is not None:
            self.counters = list(frame.counters)
        if frame.extra is not None:
            (self.phase, self.public, self.combos, self.played_by, self.winner, self.declared,
             self.closed, self.shuffled_at, self.played_into) = frame.extra
        (self.current, self.deal_number, self.turn_number, self.moves_in_turn, self.over,
         self.points, results_len) = frame.scalars
        del self.results[results_len:]
        for key, self.turn_repeats in reversed(frame.positions or ()):
            self.turn_positions[key] -= 1
        self._legal = None
        return frame.move

    def explain(self, move: Move | str):
        from .explain import explain

        return explain(self, move)

    def observation(self, player: str | int) -> dict[str, Any]:
        from .views import observation

        return observation(self, player)

    def to_yaml(self) -> str:
        from .position import to_yaml

        return to_yaml(self)

    def copy(self) -> State:
        other = State.__new__(State)
        other.__dict__.update(self.__dict__)
        other.zones = [list(z) for z in self.zones]
        other.counters = list(self.counters)
        other.points = list(self.points)
        other.results = list(self.results)
        other.combos = dict(self.combos)
        other.played_by = dict(self.played_by)
        other.turn_positions = dict(self.turn_positions)
        other.history = list(self.history)
        other.said = list(self.said)
        other._frame = None
        other._legal = None
        other.fired = None  # a copy's moves (a player's look-ahead) are not the game's
        other.rank_counts = {}  # a copy's lists are its own
        other.lead_lists = {}
        return other

    def key(self) -> tuple:
        """A hashable key of the position (not of the history): equal positions, equal keys."""
        combos = tuple(sorted((z, c.kind.name) for z, c in self.combos.items() if self.zones[z]))
        declared = tuple(sorted((z, tuple(sorted(d.items()))) for z, d in self.declared.items()))
        key = (self.current, self.deal_number, self.over, self.phase, tuple(tuple(z) for z in self.zones),
               tuple(self.counters), tuple(self.points), self.public, combos, self.moves_in_turn, declared,
               self.closed)
        if self._c.records_players:  # who played the cards of a trick is part of the position
            key += (tuple(tuple(aligned(self, z)) for z in self._c.records_players),)
        return key

    def __repr__(self) -> str:
        return f"<State {self.game.title} deal {self.deal_number} {self.current_player} to move>"

    # ---- legal moves ----------------------------------------------------------------------------
    def canonical(self, move: Internal) -> Internal:
        """The same move aimed at the first empty zone of its family, as the generator offers it.

        Empty zones of one family (eight empty piles of one kind, say) are alike, so only the first
        is offered; a move to another of them is the same move. A family that says `empty piles
        differ` has each instance as a family of its own: every empty one is a move of its own."""
        action, card, src, dst = move[:4]
        if dst < 0 or self.zones[dst] or action >= len(self._c.actions) or dst in self.closed:
            return move
        family = self._c.family_of[dst]
        for zone_id, _ in self._c.actions[action].targets[self.current]:
            if (zone_id != src and self._c.family_of[zone_id] == family and not self.zones[zone_id]
                    and zone_id not in self.closed):
                return (action, card, src, zone_id, *move[4:])  # a value it carries stays
        return move

    def _legal_internal(self) -> list[Internal]:
        if self._legal is None:
            self._legal = [] if self.over else self._generate()
        return self._legal

    def _generate(self, apply_priorities: bool = True) -> list[Internal]:
        """The legal moves as internal tuples, listed by the phase's generated function
        (`generators.py`); `apply_priorities=False` for look-ahead, which searches among all the
        moves the building rules allow."""
        return self._c.generators[self.phase](self, apply_priorities)

    def _generate_exchanges(self, action: Any, p: int, out: list) -> None:
        """Trades of a card (or of everything) between two zones."""
        zones = self.zones
        first, second = action.exchange[p]
        if action.exchange_all:
            if zones[first] or zones[second]:
                out.append((action.index, NO, NO, NO))
        else:
            for mine in sorted(set(zones[first])):
                for theirs in sorted(set(zones[second])):
                    out.append((action.index, mine, theirs, EXCHANGE))

    def _generate_card_moves(self, action: Any, p: int, out: list) -> None:
        """A card from a source onto a target whose building rule takes it. Card moves are
        listed by code written out for their zones (`compiler/card_moves.py`), in the same order
        as here; this loop is their reference (`tests/test_listing_equivalence.py`), and lists
        the moves of groups without the native path (with it, a C `Lister` lists them) and the
        moves tried after `first:` effects."""
        c = self._c
        zones = self.zones
        top_only, slot, face, family_of = c.top_only, c.slot, c.face, c.family_of
        wild = c.wild if c.has_wilds else None
        closed = self.closed
        live = []  # (target, row of its building table); one empty zone per family: they are alike
        # (`family_of` gives each instance of an `empty piles differ` family a family of its own)
        empty_families = set()
        targets = action.targets[p]
        if action.reads_counters:  # a rule that reads a counter: its table in force
            targets = [(dst, table.at(self) if table.__class__ is ByCounter else table) for dst, table in targets]
        for dst, table in targets:
            if closed and dst in closed:
                continue
            dest = zones[dst]
            if dest:
                if slot[dst]:
                    continue
                top = dest[-1]
                if wild is not None:  # a wild on top counts as what it stands for
                    top = self.declared.get(dst, {}).get(len(dest) - 1, top)
                live.append((dst, ANY_CARD if table is None else table[top]))
            else:
                family = family_of[dst]
                if family not in empty_families:
                    empty_families.add(family)
                    live.append((dst, ANY_CARD if table is None else table[64]))
        index = action.index
        judged = self._judged_cards(action, p) if action.judges_cards else None
        sources = action.sources[p]
        if c.covers:  # `covered by …`: a zone's card is not available while a covering zone holds one
            covered = c.covered
            sources = [s for s in sources if not (covered[s] and any(zones[z] for z in covered[s]))]
        for src in sources:
            if closed and src in closed:
                continue
            pile = zones[src]
            blind = face[src] == "down" or action.named_alone
            if not pile:
                if blind and action.first_effects and not self._trying_first_effects:
                    out += self._moves_after_first_effects(action, p, src)
                continue
            if action.group:  # a card and the cards on top of it
                self._group_moves(action, src, pile, live, out, judged)
                continue
            candidates = (pile[-1],) if top_only[src] else sorted(set(pile))
            if judged is not None:  # the move's `only when` about the card
                candidates = [card for card in candidates if judged[card]]
            for card in candidates:
                stands = wild[card] if wild is not None else None
                if stands is not None and not blind:
                    self._wild_moves(index, card, stands, src, live, out)
                    continue
                shown = NO if blind else card
                for dst, row in live:
                    if row[card] and dst != src:
                        out.append((index, shown, src, dst))

    def _judged_cards(self, action: Any, p: int) -> bytes:
        """The move's `only when` about the card, as 64 entries (1: this card may move): the
        file's table when it reads the card alone; else the test asked of each card of the
        sources, once per listing (a wild is judged as itself)."""
        table = action.card_table
        test = action.card_test
        if test is None:
            return table
        wanted = bytearray(64)
        for src in action.sources[p]:
            for card in self.zones[src]:
                if not wanted[card] and (table is None or table[card]) and test(self, p, (action.index, card, src, NO)):
                    wanted[card] = 1
        return wanted

    def _group_moves(self, action: Any, src: int, pile: list[int], live: list, out: list,
                     judged: bytes | None = None) -> None:
        """Groups headed by a card of `src`: a covered card with every card above it (and the top
        card alone, with `if any`; the bottom card alone heads one, with `with the whole pile`).
        Only a face-up card heads a group; `while …` must hold from each card to the one above it;
        `never a whole pile into an empty one` keeps the bottom card out of empty targets."""
        n = len(pile)
        low, high = 0, (1 if action.group_whole else n if action.group_if_any else n - 1)
        chain = action.group_chain
        if chain is not None:  # the longest run from the top in which every card lies on the one below
            start = n - 1
            while start > 0 and chain[pile[start - 1]][pile[start]]:
                start -= 1
            low = start
        face = self._c.face[src]
        hidden = face in ("down", "down_top_up")
        public = self.public
        zones = self.zones
        keep_bottom = action.group_not_whole_to_empty
        index = action.index
        for at in range(low, high):
            card = pile[at]
            if hidden and card not in public and not (at == n - 1 and face == "down_top_up"):
                continue  # a face-down card heads no group
            if judged is not None and not judged[card]:
                continue  # the move's `only when` about the card
            for dst, row in live:
                if row[card] and dst != src and not (keep_bottom and at == 0 and not zones[dst]):
                    out.append((index, card, src, dst))

    def available_cards(self, zone_ids: Any, accepts: Any = None) -> list[tuple[int, int]]:
        """The cards a player may take from these zones, each with its zone: the top card of a
        pile, row or slot, any card of a fan or pool; none of a face-down zone (hidden cards are
        never named), of a closed one, or of one covered by a zone that holds a card."""
        c = self._c
        zones, top_only, face, covered, closed = self.zones, c.top_only, c.face, c.covered, self.closed
        found: list[tuple[int, int]] = []
        for src in zone_ids:
            pile = zones[src]
            if not pile or face[src] == "down" or (closed and src in closed):
                continue
            cover = covered[src]
            if cover and any(zones[z] for z in cover):
                continue
            for card in ((pile[-1],) if top_only[src] else sorted(set(pile))):
                if accepts is None or accepts[card]:
                    found.append((card, src))
        return found

    def _generate_taken(self, action: Any, p: int, out: list, played: Internal | None = None) -> None:
        """`taking …`: every set of available cards its test accepts (and whose points sum to its
        total), once each, its cards in order (by card). `taking N cards`: the sets in the order
        of the zones; `taking A to B cards` and `taking any cards`: smaller sets first, those of a
        size in card order. With `played` (a card move that takes cards with it), the total is
        asked of that card move, the card played is never among the cards taken, and each set is
        the card move with the set as its fifth part."""
        taking = action.taking if played is None else action.capture
        found = self.available_cards(taking.zones[p], taking.accepts)
        if played is not None:
            found = [f for f in found if f[0] != played[1]]
        low, high = taking.low, taking.high
        if len(found) < low:
            return
        index, dst = action.index, action.targets[p][0][0]
        points = taking.points
        total = taking.total(self, p, played) if points is not None else None
        if played is not None:
            inner: list = []
            self._list_taken(action, taking, found, total, low, high, inner, index, dst)
            out.extend((*played[:4], m[1]) for m in inner)
            return
        self._list_taken(action, taking, found, total, low, high, out, index, dst)

    def _list_taken(self, action: Any, taking: Any, found: list, total: Any, low: int, high: Any, out: list,
                    index: int, dst: int) -> None:
        points = taking.points
        if taking.melds is not None:  # `that form a meld`: the melds the available cards make
            for chosen in meld_sets(taking, sorted(f[0] for f in found), total, action):
                out.append((index, chosen, NO, dst))
            return
        if taking.form != "exactly":
            chosen_sets = taken_sets(sorted(f[0] for f in found), points, total, low, high, limits.MAX_TAKEN_SETS)
            if chosen_sets is None:
                raise RulesRuntimeError(
                    f"move {action.info.cite()}: more than {limits.MAX_TAKEN_SETS} sets of cards to take here "
                    f"({len(found)} cards available); bound the move's size ('taking 1 to 3 cards') or its cards "
                    "('that are …'), or give every card points")
            for chosen in chosen_sets:
                out.append((index, chosen, NO, dst))
            return
        count = low
        if points is None:
            sets: Any = itertools.combinations(found, count)
        else:
            total = _key(total)
            if count == 1:
                sets = [(f,) for f in found if _key(points[f[0]]) == total]
            elif count == 2:  # pairs by the points each card needs: no pair is tried blindly
                sets = []
                seen: dict[float, list[tuple[int, int]]] = {}
                for f in found:
                    for g in seen.get(_key(total - points[f[0]]), ()):
                        sets.append((g, f))
                    seen.setdefault(_key(points[f[0]]), []).append(f)
            else:
                sets = [s for s in itertools.combinations(found, count)
                        if _key(sum(points[f[0]] for f in s)) == total]
        for chosen in sets:  # the cards alone name the move (the game has no card twice)
            out.append((index, tuple(sorted(f[0] for f in chosen)), NO, dst))

    def _take_cards(self, action: Any, move: Internal) -> None:
        """The cards of a `taking` move from their zones to its target, in the move's order (of
        a card move that takes cards with it, the cards it takes)."""
        dst = move[3]
        self._touch(dst)
        target = self.zones[dst]
        zones = self.zones
        taking, taken = (action.taking, move[1]) if action.capture is None else (action.capture, move[4])
        for card in taken:
            src = next((z for z in taking.zones[self.current] if card in zones[z]), None)
            if src is None:
                raise RulesRuntimeError(f"move {action.info.cite()}: {cards.CARD_TEXT[card]} is in none of its zones")
            self._touch(src)
            pile = self.zones[src]
            if pile and pile[-1] == card:
                pile.pop()
            else:
                pile.remove(card)
            target.append(card)
        if self._c.records[dst]:
            record(self, dst, move[1])

    def _moves_after_first_effects(self, action: Any, p: int, src: int) -> list[Internal]:
        """The moves of `action` from `src`, which is empty, as they are once the move's `first:`
        effects have run: these may give it a card (a waste turned over onto an empty hand), and
        the move is offered only if they do and a target takes that card. Tried on a copy."""
        trial = self.copy()
        trial._trying_first_effects = True  # no trial within the trial
        move = (action.index, NO, src, action.targets[p][0][0])
        for effect in action.first_effects:
            effect(trial, p, move)
        if not trial.zones[src]:
            return []
        found: list[Internal] = []
        trial._generate_card_moves(action, p, found)
        return [m for m in found if m[2] == src]

    def _wild_moves(self, index: int, card: int, ranks: tuple[int, ...], src: int, live: list, out: list) -> None:
        """A wild card goes as each rank it may stand for that the target takes: one move each
        (`JK P1.hand -> P1.side2 as 8`); the rank travels in the move's card (card + 64 * (rank + 1)).
        A wild stands for a rank, not a suit: it counts as a club for building rules that look
        at suits or colours."""
        for dst, row in live:
            if dst == src:
                continue
            for rank in ranks:
                if row[rank << 2]:
                    out.append((index, card + 64 * (rank + 1), src, dst))

    def top_card(self, zone_id: int) -> int | None:
        """The top card of a zone, a wild counted as the card it was played as."""
        pile = self.zones[zone_id]
        if not pile:
            return None
        declared = self.declared.get(zone_id)
        if declared:
            return declared.get(len(pile) - 1, pile[-1])
        return pile[-1]

    def shown_rank(self, zone_id: int) -> int | None:
        top = self.top_card(zone_id)
        return None if top is None else top >> 2

    def _declare(self, zone_id: int, place: int, card: int | None) -> None:
        """Record (or forget, with None) what the wild at `place` of a zone stands for."""
        self._save_scalar_state()
        declared = {z: dict(d) for z, d in self.declared.items()}
        if card is None:
            declared.get(zone_id, {}).pop(place, None)
        else:
            declared.setdefault(zone_id, {})[place] = card
        self.declared = {z: d for z, d in declared.items() if d}

    # ---- look-ahead --------------------------------------------------------------------------------
    def _keep_reaching(self, priority: Any, moves: list[Internal]) -> list[Internal]:
        """`must reach FILTER within N moves when possible`: keep the moves that begin a shortest
        sequence of this player's moves, in this turn, ending with a move the filter matches; all
        of them when there is none. (The sequences are searched among the moves the building
        rules allow, priorities aside.)"""
        test = priority.tests[self.current]
        for depth in range(1, priority.depth + 1):  # the shortest sequences: in the fewest moves
            keep = [m for m in moves if self._leads_to(m, depth, test)]
            if keep:
                return keep
        return moves

    def _keep_lowering(self, priority: Any, moves: list[Internal]) -> list[Internal]:
        """`must lower EXPR within N moves when possible`: keep the moves that begin a shortest
        sequence of this player's moves, in this turn, after which EXPR is lower than now; all
        when none does."""
        p = self.current
        measure = priority.lowered
        now = measure(self, p, None)

        def lowers(move: Internal, depth: int) -> bool:
            return self._after(move, lambda goes_on: measure(self, p, None) < now or (
                goes_on and depth > 1 and any(lowers(m, depth - 1) for m in self._generate(apply_priorities=False))))

        for depth in range(1, priority.depth + 1):  # the shortest sequences: in the fewest moves
            keep = [m for m in moves if lowers(m, depth)]
            if keep:
                return keep
        return moves

    def _leads_to(self, move: Internal, depth: int, test: Any) -> bool:
        if test(move):
            return True
        if depth <= 1:
            return False
        return self._after(move, lambda goes_on: goes_on and any(self._leads_to(m, depth - 1, test)
                                                             for m in self._generate(apply_priorities=False)))

    def _can_reach(self, player: int, depth: int, goal: Any) -> bool:
        """Could this player, with at most `depth` moves of this turn, bring about `goal`?"""
        if self.current != player or self.over or self._frame is not None:
            return goal()
        if goal():
            return True
        if depth <= 0:
            return False
        return any(self._after(m, lambda goes_on: goal() if not goes_on else self._can_reach(player, depth - 1, goal))
                   for m in self._generate(apply_priorities=False))

    def _after(self, move: Internal, then: Any) -> bool:
        """Play `move` for a look, ask `then(goes_on)` and take the move back. `goes_on`: the turn
        is still the player's (else the move was the last of the turn: it counts, and nothing
        after it does). A move that ends the deal reaches nothing (the next deal is dealt)."""
        player, turn, deal = self.current, self.turn_number, self.deal_number
        saved_legal = self._legal
        chosen = self._chosen  # the move whose choices are being asked about, if any (`p's hand`)
        self._looking += 1
        try:
            try:
                self._apply(move)
            except (RulesRuntimeError, ArithmeticError, IndexError, KeyError, TypeError, ValueError):
                self._abandon()
                self._legal = saved_legal
                return False
            try:
                if self.over or self.deal_number != deal:
                    return False
                return bool(then(self.current == player and self.turn_number == turn))
            finally:
                self.undo()
                self._legal = saved_legal
        finally:
            self._looking -= 1
            self._chosen = chosen

    def _no_move(self) -> bool:
        """`no move is legal`: the player to move has no legal move in the position as it is now
        (asked by `end` and `whenever` rules after a move and as a deal begins; only games that say
        it ever ask). The moves are listed as the player will be offered them, priorities included;
        within a look-ahead, without the priorities (they would look ahead again, without end)."""
        if self.over:
            return False
        if self._looking:
            return not self._generate(apply_priorities=False)
        frame, self._frame = self._frame, None  # a look-ahead of the priorities makes its own records
        try:
            return not self._generate()
        finally:
            self._frame = frame

    def combination_on(self, zone_id: int):
        """The combination lying on a zone (its kind, length and key), or None."""
        return self.combos.get(zone_id) if self.zones[zone_id] else None

    def _public_moves(self, moves: list[Internal]) -> list[Move]:
        """The `Move` of each move. New plays of combinations are named in one batch per hand
        (cheaper than one by one): every reading of a set of the hand's cards is a play of the
        hand, so counting them says which sets read two ways, without classifying each."""
        codec = self.game.codec
        public = codec.public
        if not self._c.plays_combinations:
            return [public(m) for m in moves]
        known = codec._to_public
        actions = self._c.actions
        fresh = [m for m in moves if m not in known and actions[m[0]].combination is not None]
        for index in sorted({m[0] for m in fresh}):
            action = actions[index]
            kinds = action.combination.kinds
            readings: dict[tuple, list] = {}
            for src in action.sources[self.current]:
                counts = [0] * 16
                for card in self.zones[src]:
                    counts[card >> 2] += 1
                for combo in kinds.plays(counts):
                    readings.setdefault(combo.ranks, []).append(combo)
            for move in fresh:
                same = readings.get(move[2], ()) if move[0] == index else ()
                combo = next((c for c in same if c.kind.index == move[1]), None)
                if combo is not None and move not in known:
                    codec.remember_play(move, action, combo, len(same) > 1)
        return [public(m) for m in moves]

    def _apply_priorities(self, moves: list[Internal], only: Any = None) -> list[Internal]:
        """The moves the priorities let through (`only`: these priorities alone)."""
        p = self.current
        if only is None:
            if self.fired is not None and not self._looking:
                return self._apply_priorities_counted(moves)
            only = self._c.priorities
        for priority in only:
            if priority.kind == "must":
                moves = priority.keep(moves, self, p)
            elif priority.kind == "reach":
                moves = self._keep_reaching(priority, moves)
            elif priority.kind == "lower":
                moves = self._keep_lowering(priority, moves)
            else:
                test = priority.tests[p]
                if priority.per_move:  # `forbid … while the card …`: each matching move on its own
                    cond = priority.condition
                    moves = [m for m in moves if not (test(m) and cond(self, p, m))]
                    continue
                hit = [m for m in moves if test(m)]
                if hit and (priority.condition is None or priority.condition(self, p, None)):
                    moves = [m for m in moves if not test(m)]
        return moves

    def _apply_priorities_counted(self, moves: list[Internal]) -> list[Internal]:
        """`_apply_priorities`, one priority at a time, counting in `fired` each that removed a move."""
        fired, keys = self.fired, self._c.priority_keys
        assert fired is not None
        for index, priority in enumerate(self._c.priorities):
            kept = self._apply_priorities(moves, (priority,))
            if len(kept) < len(moves):
                fired[keys[index]] += 1
            moves = kept
        return moves

    # ---- applying moves ---------------------------------------------------------------------------
    def _apply(self, move: Internal) -> None:
        """Play a move: its action's generated function does all the work (`appliers.py`),
        its undo record included."""
        self._c.actions[move[0]].apply(self, move)

    def _apply_unrecorded(self, move: Internal) -> None:
        """`_apply` keeping no undo record, as `playout` plays a move: for the tail of a
        simulation, never taken back. The history is forgotten (nothing before can be undone
        after); a game whose rules look ahead plays it recorded, as `playout` does."""
        c = self._c
        if c.looks_ahead:
            c.actions[move[0]].apply(self, move)
            return
        if self.history:
            self.forget_history()
        c.actions[move[0]].apply_unrecorded(self, move)
        self.forgotten += 1

    def _move_cards(self, action: Any, move: Internal) -> None:
        """The card of a move from its source to its target (with the cards above it, for a
        group); a wild played as a rank is recorded as standing for it."""
        c = self._c
        src, dst = move[2], move[3]
        self._touch(src)
        self._touch(dst)
        pile = self.zones[src]
        wanted = move[1] & 63 if move[1] >= 64 else move[1]
        moved: tuple[int, ...] = ()
        if action.group:  # the card and everything on top of it, in order
            at = len(pile) - 1 - pile[::-1].index(wanted)
            group = pile[at:]
            self.zones[dst].extend(group)
            del pile[at:]
            if c.records[dst]:
                record(self, dst, group)
            return
        elif wanted == NO or c.top_only[src]:
            if not pile:
                raise RulesRuntimeError(f"move {action.info.cite()}: {c.zones.names[src]} is empty when its card "
                                        "should move (its `first:` effects gave it none)")
            moved = (pile.pop(),)
        else:
            pile.remove(wanted)
            moved = (wanted,)
        target = self.zones[dst]
        target.extend(moved)
        if c.records[dst]:  # a trick: the cards remember who played them
            record(self, dst, moved)
        if c.has_wilds and moved:
            if len(pile) in self.declared.get(src, ()):
                self._declare(src, len(pile), None)
            if move[1] >= 64:
                self._declare(dst, len(target) - 1, ((move[1] >> 6) - 1) << 2)

    def _count_position(self) -> None:
        """A turn has begun: count the position it begins in (and let the move's undo uncount it)."""
        key = self.key()
        if self._frame is not None:
            self._frame.positions = (self._frame.positions or []) + [(key, self.turn_repeats)]
        self.turn_repeats = self.turn_positions[key] = self.turn_positions.get(key, 0) + 1

    def _exchange(self, action: Any, move: tuple) -> None:
        """Two zones trade one card each (in place), or their whole contents."""
        first, second = action.exchange[self.current]
        self._touch(first)
        self._touch(second)
        if action.exchange_all:
            self.zones[first], self.zones[second] = self.zones[second], self.zones[first]
            return
        _, mine, theirs, _ = move
        a, b = self.zones[first], self.zones[second]
        a[a.index(mine)], b[b.index(theirs)] = theirs, mine

    def _set_combo(self, zone_id: int, reading: Any) -> None:
        # Saved for undo first (once per move: then they are this move's own copies). With no
        # record kept (the first deal, a playout) they are changed in place: no undo record
        # holds the dicts the state has now (a record keeps the old ones), and copies of the
        # state copy them.
        self._save_scalar_state()
        if reading is None:
            self.combos.pop(zone_id, None)
            self.played_by.pop(zone_id, None)
        else:
            self.combos[zone_id] = reading
            self.played_by[zone_id] = self.current

    def _save_scalar_state(self) -> None:
        """Phase, revealed cards and combinations are saved once per move before they change;
        `combos` and `played_by` are then this move's own copies, which may be changed in place."""
        frame = self._frame
        if frame is not None and frame.extra is None:
            frame.extra = (self.phase, self.public, self.combos, self.played_by, self.winner, self.declared,
                           self.closed, self.shuffled_at, self.played_into)
            self.combos = dict(self.combos)
            self.played_by = dict(self.played_by)

    def _run_triggers(self, mover: int) -> None:
        """`whenever` rules: after a move (or a deal), each fires while its condition holds
        (bounded); `own` is the player who has just moved (after a deal: the first player)."""
        if self._c.triggers and not self._c.fire_triggers(self, mover):  # the rules, in one compiled function
            self._keep_firing(mover)

    def _keep_firing(self, mover: int) -> None:
        names = ", ".join(t.info.cite() for t in self._c.triggers if t.condition(self, mover, None))
        raise RulesRuntimeError(f"an automatic rule keeps firing (its effects never make its condition false): {names}")

    def _move_top(self, src: int, dst: int) -> None:
        """The top card of a zone onto another (a joker set aside, say)."""
        if src == dst or not self.zones[src]:
            return
        self._touch(src)
        self._touch(dst)
        self.zones[dst].append(self.zones[src].pop())
        if len(self.zones[src]) in self.declared.get(src, ()):
            self._declare(src, len(self.zones[src]), None)

    def _keep_tops_up(self) -> None:
        """Zones whose turned cards stay up: every card that has been on top is known to all."""
        tops = {self.zones[z][-1] for z in self._c.keeps_up if self.zones[z]}
        if not tops <= self.public:
            self._save_scalar_state()
            self.public = self.public | tops

    def _close(self, zone_ids: list[int]) -> None:
        if zone_ids:
            self._save_scalar_state()
            self.closed = self.closed | frozenset(zone_ids)

    def _move_all(self, src: int, dst: int, reverse: bool) -> None:
        moved = self.zones[src]
        if src == dst or not moved:
            return
        if self._frame is not None:  # `_touch` of both, written out (the source is replaced, not changed)
            saved = self._frame.zones
            if src not in saved:
                saved[src] = moved
            if dst not in saved:
                saved[dst] = list(self.zones[dst])
        self.zones[dst].extend(reversed(moved) if reverse else moved)
        self.zones[src] = []
        self.rank_counts.pop(dst, None)
        if src in self.combos:
            self._set_combo(src, None)
        if src in self.declared:
            self._save_scalar_state()
            self.declared = {z: d for z, d in self.declared.items() if z != src}

    def _effect_rng(self) -> random.Random:
        """Randomness during play (`random player`): seeded by the game's seed and the moment."""
        return random.Random(self._moment())

    def _moment(self) -> str:
        """Where in the match play is: the deal, the turn, the move in it and the moves made so far."""
        made = len(self.history) + self.forgotten  # the moves made so far, recorded or not
        return f"{self.seed}/{self.deal_number}/{self.turn_number}/{self.moves_in_turn}/{made}"

    def _shuffle_rng(self, zone_ids: tuple[int, ...]) -> random.Random:
        """A shuffle during play: seeded by the game's seed and the moment, and by how often these
        zones were shuffled at this moment before, so that an automatic rule that gathers,
        shuffles and turns a card again at the same moment does not get the same order again
        (the first shuffle keeps the moment's own seed). Undo restores the count with the move."""
        moment = self._moment()
        counts = self.shuffled_at[1] if self.shuffled_at is not None and self.shuffled_at[0] == moment else {}
        again = counts.get(zone_ids, 0)
        self._save_scalar_state()
        self.shuffled_at = (moment, {**counts, zone_ids: again + 1})
        return seeded(f"{moment}/again {again}" if again else moment, self._c.playout_loop)

    def _set_phase(self, index: int) -> None:
        self._save_scalar_state()
        self.phase = index

    def _reveal(self, zone_ids: tuple[int, ...]) -> None:
        self._save_scalar_state()
        self.public = self.public | {c for z in zone_ids for c in self.zones[z]}

    def _say(self, text: str) -> None:
        """An announcement of the rules (`say`), public: during a move it is the move's."""
        self.said.append((len(self.history) - (0 if self._frame is not None else 1), text))

    def _turn_to(self, seat: int) -> None:
        """A turn of that player begins now (a new turn even when it is theirs already)."""
        if 0 <= seat < self._c.players:
            self.current = seat
            self.turn_number += 1
            self.moves_in_turn = 0
            self._begin_turn()

    def _begin_turn(self) -> None:
        """The file's `at turn start:` effects, for the player whose turn it now is."""
        for effect in self._c.turn_start:
            effect(self, self.current, None)

    def _touch(self, zone_id: int) -> None:
        """The zone is about to change: saved for undo (once per move), its counts forgotten."""
        self.rank_counts.pop(zone_id, None)
        if self._frame is None:  # the first deal of a match, a playout: nothing to undo
            return
        saved = self._frame.zones
        if zone_id not in saved:
            saved[zone_id] = list(self.zones[zone_id])

    def _set_counter(self, index: int, value: float) -> None:
        if self._frame is not None and self._frame.counters is None:
            self._frame.counters = self.counters  # kept as it was for undo; the state changes a copy
            self.counters = list(self.counters)
        self.counters[index] = value

    def in_play(self, seat: int) -> bool:
        """Is this player still in the game (not `eliminated` by the file)?"""
        out = self._c.eliminated
        return out is None or not out(self, seat, None)

    def takes_turns(self, seat: int) -> bool:
        """Does the turn order come to this player (in the game, and not skipped for now)?"""
        skip = self._c.skip
        return self.in_play(seat) and (skip is None or not skip(self, seat, None))

    def _pass_if_out(self) -> None:
        """After a move: a player to move who is now out of the game (`eliminated:`) passes the
        turn to the next player in it; with no player left in it and no `end` rule holding, the
        rules say nothing of what follows, and play stops with a RulesRuntimeError."""
        if self.over or self.in_play(self.current):
            return
        if not any(self.in_play(seat) for seat in range(self._c.players)):
            pos = self._c.model.eliminated.pos
            raise RulesRuntimeError(f"every player is out of the game and no end rule holds "
                                    f"(eliminated: {pos.file}:{pos.line}): add an end rule for it")
        self._end_turn()

    def _end_turn(self) -> None:
        c = self._c
        players = c.players
        following = (self.current + 1) % players
        if c.skip is not None or c.eliminated is not None:  # else the turn order comes to everyone
            for _ in range(players - 1):  # the next player the turn order comes to
                if self.takes_turns(following):
                    break
                following = (following + 1) % players
        self.current = following
        self.turn_number += 1
        self.moves_in_turn = 0  # the move that ended the turn was counted before its effects
        if c.turn_start:
            self._begin_turn()

    # ---- deals and the match ------------------------------------------------------------------------
    def _check_end(self, mover: int) -> None:
        """The first `end` rule whose condition holds ends the deal: its effects happen (with
        `own` the player its `when some player` found), then each player scores."""
        found = self._c.first_end(self, mover)  # the conditions, in one compiled function
        if found is not None:
            self._end_deal(mover, found)

    def _end_deal(self, mover: int, found: tuple[int, int | None]) -> None:
        """The deal ends by that `end` rule (with `own` the player it found, if any)."""
        c = self._c
        players = c.players
        index, hit = found
        end = c.ends[index]
        if self.fired is not None and not self._looking:
            self.fired[c.end_keys[index]] += 1
        self._save_scalar_state()
        self.winner = hit
        zones = tuple(map(tuple, self.zones))
        before = tuple(self.counters)
        for effect in end.effects:
            effect(self, hit if hit is not None else mover, None)
        score = end.score
        if end.scoring == "again" or score is None:
            deal_scores = [0.0] * players
        elif c.teams:  # a team's points go to each of its players: partners have the same score
            if end.scoring == "winner":
                scored = {c.team_of[hit]: score(self, hit, None)} if hit is not None else {}
            else:  # `each team scores`: once for each team, `own` its first seat
                scored = {t: score(self, team.seats[0], None) for t, team in enumerate(c.teams)}
            deal_scores = [scored.get(c.team_of[q], 0.0) for q in range(players)]
        elif end.scoring == "winner":
            deal_scores = [score(self, q, None) if q == hit else 0 for q in range(players)]
        else:
            deal_scores = [score(self, q, None) for q in range(players)]
        self._record_deal(index, mover, hit, tuple(_number(s) for s in deal_scores), zones, before)

    def _deal_scored(self, mover: int, index: int, hit: int | None, scores: tuple[int | float, ...]) -> None:
        """The deal ends by `end` rule `index`, which has no effects, with these scores already
        counted (as `_number` gives them): the native playout counts them in C and records the
        end here, as `_end_deal` records it."""
        self._save_scalar_state()
        self.winner = hit
        self._record_deal(index, mover, hit, scores, tuple(map(tuple, self.zones)), None)

    def _record_deal(self, index: int, mover: int, hit: int | None, scores: tuple[int | float, ...],
                     zones: tuple[tuple[int, ...], ...], before: tuple[float, ...] | None) -> None:
        """The deal's result kept (`before`: the counters before the end's effects; None: none
        ran), then the next deal dealt or the match over."""
        end = self._c.ends[index]
        after = tuple(self.counters)
        result = DealResult(self.deal_number, end.info.name, scores, zones, after if before is None else before,
                            after, mover, hit)
        if end.scoring == "again":
            self.results.append(result)
            self._start_deal(self.deal_number + 1)
        else:
            self._finish_deal(result)

    def _finish_deal(self, result: DealResult) -> None:
        self.points = [a + b for a, b in zip(self.points, result.scores)]
        self.results.append(result)
        c = self._c
        if c.single_deal:
            self.over = True
        else:
            test = c.match_condition
            assert test is not None, "a match of several deals always says when it ends"
            if not c.match_quantifier:
                self.over = bool(test(self, 0, None))
            else:
                hits = [test(self, q, None) for q in range(c.players)]
                self.over = any(hits) if c.match_quantifier == "some" else all(hits)
        if not self.over:
            self._start_deal(self.deal_number + 1)

    def _start_deal(self, number: int) -> None:
        """Deal deal `number`, and again while a deal ends as soon as it is dealt (a loop, not a
        recursion: rules whose every deal ends at once stop with a clear error)."""
        if self._dealing:  # the deal being dealt has just ended: the loop below deals the next
            self._next_deal = number
            return
        for _ in range(limits.MAX_DEALS_AT_ONCE):
            self._dealing, self._next_deal = True, None
            try:
                self._deal(number)
            finally:
                self._dealing = False
            if self._next_deal is None or self.over:
                return
            number = self._next_deal
        self._next_deal = None
        rule = self.game.rules[self.results[-1].end]
        raise RulesRuntimeError(f"{limits.MAX_DEALS_AT_ONCE} deals in a row ended as soon as they were dealt, the last "
                                f"by the rule {rule.cite()} (its condition holds before anyone moves)")

    def _deal(self, number: int) -> None:
        """Lay out a deal, choose its first player, and check whether it ends at once."""
        c = self._c
        if self._frame is not None:
            for zone_id in range(len(self.zones)):
                self._touch(zone_id)
            if self._frame.counters is None:
                self._frame.counters = list(self.counters)
        self._save_scalar_state()
        kept = list(self.counters) if c.counters.kept_through_match else None
        first = None
        for attempt in range(100):  # `ties deal again`: a tie on the first player deals anew
            self.zones = c.empty_zones()
            for zone_id in c.stocked_zones:  # the zones that hold cards before the deal: the pack
                self.zones[zone_id] = c.initial_cards(zone_id)
            self.rank_counts = {}
            self.lead_lists = {}
            self.phase = 0
            self.public = frozenset()
            self.combos = {}
            self.played_by = {}
            self.winner = None
            self.declared = {}
            self.played_into = {}
            self.closed = frozenset()
            if kept is None:  # no counter is kept from deal to deal: all start again
                self.counters = list(c.counters.start)
            else:
                self.counters = [start if not keep else value for start, keep, value
                                 in zip(c.counters.start, c.counters.whole_match, kept)]
            rng = seeded(f"{self.seed}/{number}/{attempt}" if attempt else f"{self.seed}/{number}", c.playout_loop)
            self.deal_number = number
            self._deal_rng = rng
            try:
                c.deal_block(self, rng)
                first = c.first_player(self, rng)
            finally:
                self._deal_rng = None
            if first is not None:
                break
        self.current = first if first is not None else 0
        self.turn_number = 0
        self.moves_in_turn = 0
        self._legal = None
        if c.turn_start:
            self._begin_turn()
        if c.keeps_up:
            self._keep_tops_up()
        # What the deal itself brings about: automatic rules, and hands that end it at once.
        self._run_triggers(self.current)
        if c.counts_positions:
            self._count_position()  # the deal's first turn begins
        self._check_end(self.current)

    def card_count(self) -> dict[int, int]:
        counts: dict[int, int] = {}
        for zone in self.zones:
            for card in zone:
                counts[card] = counts.get(card, 0) + 1
        return counts


# The errors of a move that a gap in the rules causes (reported naming the move).
_MOVE_FAILURES = (ArithmeticError, IndexError, KeyError, TypeError, ValueError)


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


__all__ = ["DealResult", "State", "cards"]


_REACH_LIMIT = 4096  # sums remembered per suffix; beyond, the suffix is judged by its bounds alone


def _key(value: float) -> float:
    return round(value, 9)  # points such as 0.1 add up without a float's last-digit noise


def meld_sets(taking: Any, found: list[int], total: float | None, action: Any) -> list[tuple[int, ...]]:
    """`taking … that form a meld`: the sets of the available cards (distinct, in card order) that
    are one of the file's melds, of the sizes the move takes (and whose points sum to its total),
    smaller sets first, those of a size in card order."""
    from ..compiler.melds import TooLarge
    hand = tuple(found)
    if len(hand) > limits.MAX_MELD_CARDS:
        raise RulesRuntimeError(f"move {action.info.cite()}: {len(hand)} cards to find melds in, more than "
                                f"{limits.MAX_MELD_CARDS}")
    chosen: set[tuple[int, ...]] = set()
    try:
        for kind in taking.melds:
            for mask in kind.melds_of(hand):
                chosen.add(tuple(c for i, c in enumerate(hand) if mask >> i & 1))
    except TooLarge as problem:
        raise RulesRuntimeError(f"move {action.info.cite()}: {problem}") from None
    high = taking.high if taking.high is not None else len(hand)
    out = [s for s in chosen if taking.low <= len(s) <= high]
    if taking.points is not None:
        goal = _key(total)
        out = [s for s in out if _key(sum(taking.points[c] for c in s)) == goal]
    return sorted(out, key=lambda s: (len(s), [(c >> 2, c & 3) for c in s]))


def taken_sets(found: list[int], points: list[float] | None, total: float | None, low: int,
               high: int | None, limit: int) -> list[tuple[int, ...]] | None:
    """The sets of `low` to `high` (None: any number of) cards of `found` (distinct cards, in card
    order) whose points sum to `total` (every set when `points` is None): smaller sets first,
    those of a size in card order, each set in card order. None when there are more than `limit`.

    A subset sum with exact pruning: the sums each suffix of the cards can make are worked out
    first (while there are few of them: else the suffix's least and greatest sums bound it), so
    the walk enters no branch that cannot reach the total. Points may be 0 or negative."""
    n = len(found)
    upper = n if high is None else min(high, n)
    if low > upper:
        return []
    out: list[tuple[int, ...]] = []
    if points is None:  # every set of each size (the checker bounds these to 4 cards)
        for size in range(low, upper + 1):
            for chosen in itertools.combinations(found, size):
                out.append(chosen)
                if len(out) > limit:
                    return None
        return out
    assert total is not None
    worth = [_key(points[c]) for c in found]
    least = [0.0] * (n + 1)  # the least and the greatest sum each suffix can make
    most = [0.0] * (n + 1)
    for i in range(n - 1, -1, -1):
        least[i] = least[i + 1] + min(worth[i], 0.0)
        most[i] = most[i + 1] + max(worth[i], 0.0)
    goal = _key(total)
    if not least[0] - 1e-9 <= goal <= most[0] + 1e-9:
        return []
    cap = goal if least[0] == 0 else None  # no card worth less than 0: a sum beyond the total is of no use
    reach: list[set[float] | None] = [None] * (n + 1)
    reach[n] = {0.0}
    for i in range(n - 1, -1, -1):
        after = reach[i + 1]
        assert after is not None
        sums = set(after)
        step = worth[i]
        sums.update(x for x in (_key(s + step) for s in after) if cap is None or x <= cap)
        if len(sums) > _REACH_LIMIT:
            break
        reach[i] = sums
    chosen: list[int] = []
    too_many = False

    def walk(i: int, need: float) -> None:
        nonlocal too_many
        known = reach[i]
        if known is not None:
            if need not in known:
                return
        elif not least[i] - 1e-9 <= need <= most[i] + 1e-9:
            return
        if len(chosen) + (n - i) < low or too_many:
            return
        if i == n:  # need is 0 here
            out.append(tuple(chosen))
            too_many = len(out) > limit
            return
        if len(chosen) < upper:
            chosen.append(found[i])
            walk(i + 1, _key(need - worth[i]))
            chosen.pop()
        walk(i + 1, need)

    walk(0, goal)
    if too_many:
        return None
    out.sort(key=lambda s: (len(s), s))
    return out
