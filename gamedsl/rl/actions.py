"""Every move a rules file can produce, numbered: the action space of reinforcement learning.

The numbering is worked out from what the file declares, never from play, so the same file and
options always give the same ids. Each move rule (in the file's order) owns a block of ids; a
block is the product of its move's fields, each numbered within what the file allows it:

- a move without a card (`pass`, `swap_all`): one id;
- a move that carries a choice (`bid 3`, `ask P2 7`): one id a value — the values the file
  offers (a number whose bounds read the position: every whole number from -1000 to 1000, the
  most a choice may offer being 1001 values);
- a card move: the card (any card of the game, or none: the top of a pile the mover cannot see;
  a wild card once per rank it may stand for) × each way from a source to a target of the rule
  (× the value it chooses, × the cards it captures);
- cards taken together (`pass 3 cards`, `discard 2 cards to crib`): the set, numbered among the
  sets of that many cards of the game (the combinatorial number system), × the target;
- a play of a combination read by rank (`3 3 3 4`): every play a hand holding every card of the
  game could make, × the target; a play told apart by its cards: its kind × its set of cards.

A block whose sets of cards are too many to number densely (any number of cards captured, five
cards of 54) numbers them by the set's bits instead: every id stays stable and distinct, but the
space is then too large for a mask (`dense` is False, and an environment chooses among the legal
moves by their place; see `LIMIT`).
"""

from __future__ import annotations

import itertools
from bisect import bisect_right
from math import comb
from typing import Any

import numpy as np

from ..compiler.generators import NO
from ..engine import Game, Move, State

LIMIT = 1 << 21  # the most ids of a space that masks and one-hot policies can use (2,097,152)
NUMBERS = tuple(range(-1000, 1001))  # the values of a number whose bounds read the position


class Field:
    """One field of a move, numbered: `index(value)` and `value(index)` over `size` values."""

    size: int

    def index(self, value: Any) -> int | None:
        raise NotImplementedError

    def value(self, index: int) -> Any:
        raise NotImplementedError


class Listed(Field):
    """A field whose values are listed, in a fixed order."""

    def __init__(self, values: list[Any]):
        self.values = list(dict.fromkeys(values))
        self.where = {v: i for i, v in enumerate(self.values)}
        self.size = len(self.values)

    def index(self, value: Any) -> int | None:
        return self.where.get(value)

    def value(self, index: int) -> Any:
        return self.values[index]


class CardSets(Field):
    """Sets of `low`..`high` cards of `cards` (a sorted list, twins counted once), as sorted tuples:
    numbered by size, then by the combinatorial number system; with `bits`, by the set's bits."""

    def __init__(self, cards: list[int], low: int, high: int, bits: bool = False):
        self.cards = sorted(set(cards))
        self.place = {c: i for i, c in enumerate(self.cards)}
        self.low, self.high = max(low, 0), min(high, len(self.cards))
        self.bits = bits
        if bits:
            self.size = 1 << len(self.cards)
            self.starts: list[int] = []
        else:
            self.starts = list(itertools.accumulate((comb(len(self.cards), k) for k in range(self.low, self.high + 1)),
                                                    initial=0))
            self.size = self.starts[-1]

    def index(self, value: Any) -> int | None:
        places = sorted(self.place.get(c, -1) for c in value)
        if not value or places[0] < 0 or len(set(places)) != len(places) or not self.low <= len(places) <= self.high:
            return None
        if self.bits:
            return sum(1 << p for p in places)
        k = len(places)
        return self.starts[k - self.low] + sum(comb(p, i + 1) for i, p in enumerate(places))

    def value(self, index: int) -> Any:
        if self.bits:
            return tuple(c for i, c in enumerate(self.cards) if index >> i & 1)
        k = bisect_right(self.starts, index) - 1 + self.low
        rest = index - self.starts[k - self.low]
        places = []
        for i in range(k, 0, -1):  # the largest place p with comb(p, i) <= rest, from the top
            p = i - 1
            while comb(p + 1, i) <= rest:
                p += 1
            places.append(p)
            rest -= comb(p, i)
        return tuple(self.cards[p] for p in sorted(places))


class Block:
    """The ids of one move rule: `start` + a mixed-radix number of its fields' indices."""

    def __init__(self, action: int, name: str, shape: str, fields: list[Field], start: int):
        self.action, self.name, self.shape, self.fields, self.start = action, name, shape, fields, start
        self.size = 1
        for f in fields:
            self.size *= f.size

    def encode(self, parts: tuple) -> int | None:
        number = 0
        for f, part in zip(self.fields, parts):
            index = f.index(part)
            if index is None:
                return None
            number = number * f.size + index
        return self.start + number

    def decode(self, number: int) -> tuple:
        parts = []
        for f in reversed(self.fields):
            number, index = divmod(number, f.size)
            parts.append(f.value(index))
        return tuple(reversed(parts))


class ActionSpace:
    """The numbered moves of one compiled game: `id_of`, `move_of`, `legal_ids`, `mask`."""

    def __init__(self, game: Game):
        self.game = game
        c = game.compiled
        self._c = c
        universe = sorted(c._universe())
        self.cards = universe
        self.blocks: list[Block] = []
        start = 0
        for action in c.actions:
            block = self._block(action, universe, start)
            self.blocks.append(block)
            start += block.size
        self.size = start
        self.dense = self.size <= LIMIT
        self._ids: dict[tuple, int] = {}  # internal move -> id, as they are met (moves repeat)

    # ---- the blocks --------------------------------------------------------------------------
    def _block(self, action: Any, universe: list[int], start: int) -> Block:
        c = self._c
        players = range(c.players)
        if action.exchange is not None:
            if action.exchange_all:
                return Block(action.index, action.name, "plain", [], start)
            return Block(action.index, action.name, "exchange", [Listed(universe), Listed(universe)], start)
        if action.values is not None or (action.offer is not None and action.card_choices is None
                                         and not action.moves_cards and action.taking is None):
            return Block(action.index, action.name, "value", [self._values(action)], start)
        if action.combination is not None:
            kinds = action.combination.kinds
            targets = Listed(sorted({dst for p in players for dst, _ in action.targets[p]}))
            if kinds.by_cards:
                largest = max(k.width * k.max_length + _wing_cards(k) for k in kinds.kinds)
                sets = CardSets(universe, 1, largest)
                if sets.size * len(kinds.kinds) > LIMIT:
                    sets = CardSets(universe, 1, largest, bits=True)
                return Block(action.index, action.name, "cards play",
                             [Listed(list(range(len(kinds.kinds)))), sets, targets], start)
            counts = [0] * 16
            for card in universe:
                counts[card >> 2] += c._universe()[card]
            plays = [(p.kind.index, tuple(sorted(p.ranks))) for p in kinds.plays(counts)]
            return Block(action.index, action.name, "play", [Listed(plays), targets], start)
        if action.taking is not None:
            taking = action.taking
            accepted = [card for card in universe if taking.accepts[card & 63]]
            high = taking.high if taking.high is not None else len(accepted)
            sets = CardSets(accepted, max(taking.low, 1), high)
            targets = Listed(sorted({dst for p in players for dst, _ in action.targets[p]}) or [NO])
            if sets.size * targets.size > LIMIT:
                sets = CardSets(accepted, max(taking.low, 1), high, bits=True)
            return Block(action.index, action.name, "taking", [sets, targets], start)
        if not action.moves_cards:
            return Block(action.index, action.name, "plain", [], start)
        cards = [NO] + universe
        if c.has_wilds:
            cards += [card | (rank + 1) << 6 for card in universe if c.wild[card] for rank in c.wild[card]]
        ways = sorted({(src, dst) for p in players for src in action.sources[p] for dst, _ in action.targets[p]
                       if src != dst})
        fields: list[Field] = [Listed(cards), Listed(ways)]
        shape = "card"
        if action.card_choices is not None:
            fields.append(self._values(action))
            shape = "card and value"
        elif action.capture is not None:
            capture = action.capture
            accepted = [card for card in universe if capture.accepts[card & 63]]
            high = capture.high if capture.high is not None else len(accepted)
            sets = CardSets(accepted, max(capture.low, 1), high)
            room = LIMIT // max(1, len(cards) * len(ways))
            if sets.size > room:
                sets = CardSets(accepted, max(capture.low, 1), high, bits=True)
            fields.append(sets)
            shape = "card and capture"
        return Block(action.index, action.name, shape, fields, start)

    def _values(self, action: Any) -> Listed:
        c = self._c
        offered = action.values if action.values is not None else action.card_choices
        if action.offer is None:
            return Listed(sorted({v for p in range(c.players) for v in offered[p]}, key=_order))
        parts = []  # per choice: its values, a number's whole range when its bounds read the position
        for choice in getattr(action, "choices", ()) or ():
            if getattr(choice, "bounds", None) is not None:
                parts.append(NUMBERS)
            elif choice.kind == "player":
                parts.append(tuple(range(1, c.players + 1)))
            else:
                parts.append(tuple(choice.values))
        if len(parts) == 1:
            return Listed(list(parts[0]))
        return Listed(list(itertools.product(*parts)))

    # ---- moves and ids -----------------------------------------------------------------------
    def id_of_internal(self, move: tuple) -> int:
        """The id of an internal move (`State._legal_internal()`)."""
        found = self._ids.get(move)
        if found is None:
            found = self._ids[move] = self._number(move)
        return found

    def _number(self, move: tuple) -> int:
        block = self.blocks[move[0]]
        shape = block.shape
        if shape == "plain":
            parts: tuple = ()
        elif shape == "value":
            parts = (move[1],)
        elif shape == "exchange":
            parts = (move[1], move[2])
        elif shape == "play":
            parts = ((move[1], tuple(sorted(move[2]))), move[3])
        elif shape == "cards play":
            parts = (move[1], tuple(sorted(move[2])), move[3])
        elif shape == "taking":
            parts = (tuple(sorted(move[1])), move[3])
        elif shape == "card and value":
            parts = (move[1], (move[2], move[3]), move[4])
        elif shape == "card and capture":
            parts = (move[1], (move[2], move[3]), tuple(sorted(move[4])))
        else:
            parts = (move[1], (move[2], move[3]))
        number = block.encode(parts)
        if number is None:
            raise ValueError(f"the move {move} lies outside the action space of '{block.name}'")
        return number

    def internal_of(self, number: int, state: State) -> tuple:
        """The internal move of an id, as `state`'s legal moves write it (ValueError if not legal)."""
        for move in state._legal_internal():
            if self.id_of_internal(move) == number:
                return move
        raise ValueError(f"action {number} is not a legal move now")

    def id_of(self, move: Move | str, state: State) -> int:
        """The id of a move (a `Move` or its text) in `state`."""
        codec = state.game.codec
        for candidate in state._legal_internal():
            public = codec.public(candidate)
            if public == move or str(public) == str(move):
                return self.id_of_internal(candidate)
        raise ValueError(f"'{move}' is not a legal move now")

    def move_of(self, number: int, state: State) -> Move:
        """The `Move` an id stands for in `state` (it must be legal there)."""
        return state.game.codec.public(self.internal_of(number, state))

    def legal_ids(self, state: State) -> list[int]:
        """The ids of the legal moves, in the order of `legal_moves()`."""
        moves = state._legal_internal()
        found = list(map(self._ids.get, moves))  # every move met before: one lookup each, in C
        if None in found:
            found = [self.id_of_internal(m) for m in moves]
        return found

    def mask(self, state: State) -> np.ndarray:
        """A boolean array of `size` entries, True at the legal moves' ids (dense spaces only)."""
        if not self.dense:
            raise ValueError(f"{self.game.title}'s action space has {self.size:,} ids: too many for a mask "
                             "(choose among the legal moves by their place)")
        out = np.zeros(self.size, dtype=bool)
        out[self.legal_ids(state)] = True
        return out

    def describe(self) -> str:
        """The blocks, one line each: ids, rule, shape, fields' sizes."""
        lines = [f"{self.game.title}: {self.size:,} action ids ({'dense' if self.dense else 'too many for a mask'})"]
        for b in self.blocks:
            sizes = " × ".join(f"{f.size:,}" for f in b.fields) or "1"
            lines.append(f"  {b.start:>9}–{b.start + b.size - 1:<9} {b.name} ({b.shape}): {sizes}")
        return "\n".join(lines)


def action_space(game: Game) -> ActionSpace:
    """The game's action space, numbered once per compiled game (a hand of every card's plays
    takes a moment to list)."""
    cached = getattr(game.compiled, "_action_space", None)
    if cached is None:
        cached = game.compiled._action_space = ActionSpace(game)
    return cached


def _order(value: Any) -> tuple:
    return (0, value) if not isinstance(value, tuple) else (1, value)


def _wing_cards(kind: Any) -> int:
    wings = kind.wings
    if not wings.width:
        return 0
    per = wings.per_core_rank * kind.max_length if wings.per_core_rank else wings.total
    return wings.width * per
