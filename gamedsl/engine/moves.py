"""Moves: small hashable values with a text form that parses back to the same move."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from .. import cards
from ..compiler.generators import NO
from ..errors import AmbiguousMoveError, InvalidMoveError

if TYPE_CHECKING:
    from ..compiler.game import CompiledGame

# (action, card or -1, source zone or -1, target zone or -1) — a card move that carries a choice
# has its value fifth (action, card, source, target, value); for a move with a value
# (action, value, -1, -1) (a tuple of values for several choices); for a play of combinations
# (action, kind, ranks, target zone); for cards taken (action, their cards in order, -1, target zone).
Internal = tuple[Any, ...]  # NO (-1): no card, no zone
EXCHANGE = -3  # the last field of a move that trades one card of each of two zones


class Move(NamedTuple):
    """A move as players see it. `card` is None when the mover cannot see the card."""

    action: str
    card: str | None = None
    source: str | None = None
    target: str | None = None
    text: str = ""
    chosen: str | None = None  # what a card move chooses besides its card, as written: `H`, `P3 7`

    def __str__(self) -> str:
        return self.text or self.action

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"


class MoveCodec:
    """Converts between internal move tuples, `Move` values and text, for one compiled game."""

    def __init__(self, game: CompiledGame):
        self.game = game
        self._to_public: dict[Internal, Move] = {}
        self._to_internal: dict[Move, Internal] = {}
        self.zone_names = game.zones.names
        self.zone_index = game.zones.by_name
        self.action_names = [a.name for a in game.actions]

    def public(self, move: Internal) -> Move:
        found = self._to_public.get(move)
        if found is None:
            found = self._make(move)
            self._to_public[move] = found
            self._to_internal[found] = move
        return found

    def _make(self, move: Internal) -> Move:
        action_index, card, src, dst = move[:4]
        action = self.game.actions[action_index]
        if action.values is not None:
            return Move(action.name, None, None, None, f"{action.name} {choices_text(action, card)}")
        if action.taking is not None:
            taken = " ".join(cards.CARD_TEXT[c] for c in card)
            return Move(action.name, taken, None, self.zone_names[dst], f"{action.name} {taken}")
        if action.exchange is not None:
            if action.exchange_all:
                return Move(action.name, None, None, None, action.name)
            mine, theirs = cards.CARD_TEXT[card], cards.CARD_TEXT[src]
            return Move(action.name, mine, None, theirs, f"{action.name} {mine} {theirs}")
        if action.combination is not None and action.combination.kinds.by_cards:
            return self._card_play_move(action, move)
        if action.combination is not None:
            readings = action.combination.kinds.classify(src)
            return self._play_move(action, move, readings, len(readings) > 1)
        stands_for = ""
        if card != NO and card >= 64:  # a wild card, and the rank it is played as
            stands_for = f" as {cards.RANK_TEXT[(card >> 6) - 1]}"
            card &= 63
        card_text = cards.CARD_TEXT[card] if card != NO else None
        source = self.zone_names[src] if src != NO else None
        target = self.zone_names[dst] if dst != NO else None
        if not action.moves_cards or action.named_alone:
            text = action.name
        else:
            body = f"{card_text or '??'} {source} -> {target}{stands_for}"
            text = body if action_index == self.game.default_action else f"{action.name} {body}"
        if action.capture is not None:  # the cards it takes: `capture KD taking AD QD`
            taken = " ".join(cards.CARD_TEXT[c] for c in move[4]) if len(move) > 4 else ""
            if action.capture_short:  # one source and one target: the card and the cards taken say all
                text = card_text or "??" if action_index == self.game.default_action else f"{action.name} {card_text or '??'}"
            return Move(action.name, card_text, source, target, f"{text} taking {taken}", taken)
        if len(move) > 4:  # the choice it carries: `eight 8H P1.hand -> pile choosing S`
            chosen = choices_text(action, move[4])
            return Move(action.name, card_text, source, target, f"{text} choosing {chosen}", chosen)
        return Move(action.name, card_text, source, target, text)

    def _card_play_move(self, action: Any, move: Internal) -> Move:
        """The `Move` of a play told apart by its cards: its kind, then its cards (`pair 7H 7S`)."""
        _, kind_index, played, dst = move
        kinds = action.combination.kinds
        shown = kinds.cards_text(played, kind_index)
        text = f"{kinds.kinds[kind_index].name} {shown}"
        if action.index != self.game.default_action:
            text = f"{action.name} {text}"
        return Move(action.name, shown, None, self.zone_names[dst], text)

    def remember_play(self, move: Internal, action: Any, reading: Any, ambiguous: bool) -> None:
        """Name a play the generator has just read, without reading its cards again."""
        public = self._play_move(action, move, (reading,), ambiguous)
        self._to_public[move] = public
        self._to_internal[public] = move

    def _play_move(self, action: Any, move: Internal, readings: Any, ambiguous: bool) -> Move:
        """The `Move` of a play: its cards core first, its kind when they read two ways."""
        _, kind_index, ranks, dst = move
        text = self.play_text(action, kind_index, ranks, readings)
        if ambiguous:
            text = f"{action.combination.kinds.kinds[kind_index].name} {text}"
        if action.index != self.game.default_action:
            text = f"{action.name} {text}"
        return Move(action.name, self.ranks_text(action, ranks), None, self.zone_names[dst], text)

    def ranks_text(self, action: Any, ranks: tuple[int, ...]) -> str:
        """The ranks of a play, weakest first, as players write them: `3 3 3 4 4`."""
        strength = action.combination.kinds.strength
        return " ".join([cards.RANK_TEXT[r] for r in sorted(ranks, key=strength.__getitem__)])

    def play_text(self, action: Any, kind_index: int, ranks: tuple[int, ...], readings: Any = None) -> str:
        """A play as players read it: the core first, then the extra cards (`A A A 3`)."""
        kinds = action.combination.kinds
        kind = kinds.kinds[kind_index]
        if readings is None:
            readings = kinds.classify(ranks)
        reading = next((r for r in readings if r.kind is kind), None)
        if reading is None or kind.exact or not kind.wings.width:
            return self.ranks_text(action, ranks)
        if kind.is_run:
            top = kind.run_ranks.index(reading.key)
            core_ranks = kind.run_ranks[top - reading.length + 1:top + 1]
        else:
            core_ranks = (reading.key,)
        core = [r for r in core_ranks for _ in range(kind.width)]
        wings = list(ranks)
        for rank in core:
            wings.remove(rank)
        return f"{self.ranks_text(action, tuple(core))} {self.ranks_text(action, tuple(wings))}"


    def internal(self, move: Move, player: int = 0) -> Internal:
        found = self._to_internal.get(move)
        if found is not None:
            return found
        named = next((a for a in self.game.actions if a.name == move.action), None)
        special = named is not None and (named.values is not None or named.combination is not None
                                         or named.exchange is not None or named.taking is not None
                                         or named.card_choices is not None or named.capture is not None)
        if special and move.text:
            return resolve_text(self, move.text, player, ())  # read it back from its text
        try:
            action = self.action_names.index(move.action)
        except ValueError:
            raise InvalidMoveError(f"this game has no move '{move.action}'") from None
        card = cards.parse_card(move.card) if move.card else NO
        if card is None:
            raise InvalidMoveError(f"'{move.card}' is not a card")
        src = self.zone_index.get(move.source, NO) if move.source else NO
        dst = self.zone_index.get(move.target, NO) if move.target else NO
        return (action, card, src, dst)


_ARROW = re.compile(r"\s*(?:->|→|\bto\b|\bonto\b|\bon\b)\s*", re.IGNORECASE)
_AS_RANK = re.compile(r"\s+as\s+(\S+)\s*$", re.IGNORECASE)
_WHOLE_NUMBER = re.compile(r"-?[0-9]{1,18}")  # ASCII digits, few enough to read: not '²', not 5000 of them


class MovePattern(NamedTuple):
    action: int | None
    card: int | None
    source: int | None
    target: int | None


def parse_ranks(text: str) -> tuple[int, ...] | None:
    """`33344`, `3 3 3 4 4`, `10 J Q K A`, `tjqka`, `BJ RJ` -> ranks; None if not all ranks."""
    ranks: list[int] = []
    for word in text.upper().replace(",", " ").split():
        i = 0
        while i < len(word):
            for size in (2, 1):
                piece = word[i:i + size]
                if piece == "JK" and len(word) > 2:
                    continue  # inside a longer word, 'JK' is a jack and a king; alone, a joker
                rank = cards.rank_from_text(piece) if len(piece) == size else None
                if rank is not None and not (size == 1 and piece == "1"):
                    ranks.append(rank)
                    i += size
                    break
            else:
                return None
    return tuple(sorted(ranks)) if ranks else None


def _resolve_special(codec: MoveCodec, text: str, player: int, legal: Sequence[Internal]) -> Internal | None:
    """Moves that take a value (`bid 2`) or play a combination (`33344`, `trio_pair 3 3 3 4 4`)."""
    game = codec.game
    words = text.strip().split()
    if not words:
        return None
    named = [a for a in game.actions if a.name.lower() == words[0].lower()]
    if named and named[0].exchange is not None:
        action = named[0]
        if action.exchange_all:
            if len(words) != 1:
                raise InvalidMoveError(f"'{text}': '{action.name}' trades everything: write it alone")
            return (action.index, NO, NO, NO)
        picked = [cards.parse_card(w) for w in words[1:]]
        if len(picked) != 2 or None in picked:
            raise InvalidMoveError(f"'{text}': write '{action.name} YOURCARD THEIRCARD', e.g. '{action.name} 7S QH'")
        return (action.index, picked[0], picked[1], EXCHANGE)
    if named and named[0].values is not None:
        return (named[0].index, read_choices(named[0], words[1:], text), NO, NO)
    if named and named[0].taking is not None:
        action = named[0]
        picked = [cards.parse_card(w) for w in words[1:]]
        low, high = action.taking.low, action.taking.high
        if len(picked) > 64 or None in picked or len(set(picked)) != len(picked) or not (
                low <= len(picked) <= (high if high is not None else 64)):
            raise InvalidMoveError(f"'{text}': write '{action.name}' and {taken_sizes(action.taking)},"
                                   f" e.g. '{action.name} {taken_example(action.taking)}'")
        taken = tuple(sorted(picked))  # in any order: the same move
        for move in legal:
            if move[0] == action.index and move[1] == taken:
                return move
        return (action.index, taken, NO, action.targets[player][0][0])
    plays = [a for a in game.actions if a.combination is not None]
    sets = {a.index: a.combination.kinds for a in plays if a.combination is not None}
    if not plays:
        return None
    if named and named[0].combination is None:
        return None  # another move of the game, by its name
    if named:
        plays, words = [named[0]], words[1:]
        if not words:
            raise InvalidMoveError(f"'{text}': say which cards, e.g. '{named[0].name} 3 3'")
    kind_name = None
    if words:
        by_name = {k.name.lower(): k for k in sets[plays[0].index].kinds}
        if words[0].lower() in by_name:
            kind_name, words = by_name[words[0].lower()].name, words[1:]
    if sets[plays[0].index].by_cards:
        return _resolve_card_play(codec, text, player, legal, plays, kind_name, words, bool(named))
    ranks = parse_ranks(" ".join(words))
    if ranks is None and kind_name and not words:
        exact = next(k for k in sets[plays[0].index].kinds if k.name == kind_name).exact
        ranks = tuple(sorted(exact)) if exact else None  # a kind with fixed cards: 'rocket'
    if ranks is None:
        if named or kind_name:
            raise InvalidMoveError(f"'{text}': write the cards by their ranks, e.g. 3 3 3 4 4, 10 J Q K A, BJ RJ")
        return None
    for action in plays:
        kinds = sets[action.index]
        readings = [r for r in kinds.classify(ranks) if kind_name is None or r.kind.name == kind_name]
        if not readings:
            continue
        found = [m for m in legal if m[0] == action.index and m[2] == ranks
                 and (kind_name is None or kinds.kinds[m[1]].name == kind_name)]
        if len(found) > 1:
            raise AmbiguousMoveError(f"'{text}' could be " + " or ".join(kinds.kinds[m[1]].name for m in found)
                                     + ": put the name first", [codec.public(m) for m in found])
        if found:
            return found[0]
        dst = action.targets[player][0][0]
        return (action.index, readings[0].kind.index, ranks, dst)
    names = ", ".join(kind.name for kind in sets[plays[0].index].kinds)
    raise InvalidMoveError(f"'{text}' is not a combination of this game ({names})")


def _resolve_card_play(codec: MoveCodec, text: str, player: int, legal: Sequence[Internal], plays: list,
                       kind_name: str | None, words: list[str], named: bool) -> Internal | None:
    """A play told apart by its cards, read from its text: `pair 7H 7S`, `play pair 7S 7H`, `7S 7H`
    (its kind, when the cards read one way only), the cards in any order."""
    picked = [cards.parse_card(w) for w in words]
    if not words or len(words) > 64 or None in picked:
        if named or kind_name:
            example = plays[0].combination.kinds.kinds[0].name
            raise InvalidMoveError(f"'{text}': write the kind and its cards, e.g. '{example} 7H' or 'pair 7H 7S'")
        return None
    played = tuple(sorted(picked))  # type: ignore[arg-type]
    for action in plays:
        kinds = action.combination.kinds
        readings = [r for r in kinds.classify(played) if kind_name is None or r.kind.name == kind_name]
        if not readings:
            continue
        found = [m for m in legal if m[0] == action.index and m[2] == played
                 and (kind_name is None or kinds.kinds[m[1]].name == kind_name)]
        if len(found) > 1:
            raise AmbiguousMoveError(f"'{text}' could be " + " or ".join(kinds.kinds[m[1]].name for m in found)
                                     + ": put the name first", [codec.public(m) for m in found])
        if found:
            return found[0]
        if kind_name is None and len(readings) > 1:
            raise AmbiguousMoveError(f"'{text}' could be " + " or ".join(r.kind.name for r in readings)
                                     + ": put the name first", [])
        return (action.index, readings[0].kind.index, played, action.targets[player][0][0])
    kinds = plays[0].combination.kinds
    if kind_name is not None:  # cards that are no such play: a move all the same, which `explain` refuses
        index = next(k.index for k in kinds.kinds if k.name == kind_name)
        return (plays[0].index, index, played, plays[0].targets[player][0][0])
    what = f"a {kind_name}" if kind_name else "a combination of this game"
    raise InvalidMoveError(f"'{text}' is not {what} ({', '.join(k.name for k in kinds.kinds)})")


def taken_sizes(taking: Any) -> str:
    """How many different cards a `taking` move names: `2 different cards`, `1 to 3 …`, `1 or more …`."""
    low, high = taking.low, taking.high
    if high is None:
        return f"{low} or more different cards" if low > 1 else "one or more different cards"
    if low == high:
        return f"{low} different card{'s' if low > 1 else ''}"
    return f"{low} to {high} different cards"


def taken_example(taking: Any) -> str:
    size = taking.low if taking.form == "exactly" or taking.low > 1 else min(2, taking.high or 2)
    examples = ("7D", "6H", "5S", "4C", "3D", "2H", "8S", "9C", "10D", "JH", "QS", "KC", "AD")
    return " ".join(examples[:size]) + (" …" if size > len(examples) else "")


_CHOICE_EXAMPLE = {"suit": "H", "rank": "7", "player": "P2", "number": "1"}


def choice_word(kind: str, value: int) -> str:
    """One chosen value as a move's text writes it: `H`, `7`, `P3`, `2`."""
    if kind == "suit":
        return cards.SUIT_TEXT[value]
    if kind == "rank":
        return cards.RANK_TEXT[value]
    if kind == "player":
        return f"P{value}"
    return str(value)


def choices_text(action: Any, value: Any) -> str:
    """The choices of a move, in order: `P3 7` (one choice: its value alone, `bid 2`)."""
    if len(action.choices) == 1:
        return choice_word(action.choices[0].kind, value)
    return " ".join(choice_word(c.kind, v) for c, v in zip(action.choices, value))


def _read_choice(choice: Any, word: str) -> int | None:
    if choice.kind == "number":
        return int(word) if _WHOLE_NUMBER.fullmatch(word) else None
    if choice.kind == "suit":
        suit = cards.parse_suit(word) if hasattr(cards, "parse_suit") else None
        if suit is None:
            upper = word.upper()
            symbols = {s: i for i, s in enumerate(cards.SUIT_SYMBOL)}
            words = {"SPADES": 0, "HEARTS": 1, "DIAMONDS": 2, "CLUBS": 3}
            suit = cards.SUIT_TEXT.index(upper) if upper in cards.SUIT_TEXT else symbols.get(word, words.get(upper))
        return suit
    if choice.kind == "rank":
        upper = word.upper()
        return cards.rank_from_text("10" if upper == "T" else upper)
    if word[:1] in "Pp" and word[1:].isdigit() and len(word) < 5:
        return int(word[1:])
    return None


def read_choices(action: Any, words: list[str], text: str) -> Any:
    """The choices a move's text gives after its name (`ask P3 7`), or after `choosing` for a
    card move (`8H hand -> pile choosing S`), read back."""
    choices = action.choices
    lead = f"{action.name} … choosing" if action.card_choices is not None else action.name
    form = f"{lead} " + " ".join(_CHOICE_EXAMPLE[c.kind] for c in choices)
    if len(choices) == 1 and choices[0].kind == "number":  # `bid 2`
        if len(words) != 1 or not _WHOLE_NUMBER.fullmatch(words[0]):
            values = choices[0].values
            span = f" with N from {values[0]} to {values[-1]}" if values else ""
            raise InvalidMoveError(f"'{text}': write '{lead} N'{span}")
        return int(words[0])
    if len(words) != len(choices):
        raise InvalidMoveError(f"'{text}': write '{form}'")
    values = []
    for choice, word in zip(choices, words):
        value = _read_choice(choice, word)
        if value is None:
            raise InvalidMoveError(f"'{text}': '{word}' is not a {choice.kind} (write '{form}')")
        values.append(value)
    return values[0] if len(values) == 1 else tuple(values)


def parse_pattern(codec: MoveCodec, text: str, player: int) -> MovePattern:
    """Read `3H P1.pile -> stack2`, `move 3h pile to stack 2`, `draw`, ... (names from the file)

    Zone names may drop the owner (`reserve` is the mover's own) and may put a space before the
    number (`house 3`). Parts may be left out when the rest of the move decides them.
    """
    game = codec.game
    words = text.strip()
    if not words:
        raise InvalidMoveError("empty move")
    head, *rest = words.split(None, 1)
    action: int | None = None
    if head.lower() in (n.lower() for n in codec.action_names):
        action = [n.lower() for n in codec.action_names].index(head.lower())
        words = rest[0] if rest else ""
    if not words:
        if action is None:
            raise InvalidMoveError(f"'{text}' is not a move")
        return MovePattern(action, None, None, None)
    stands_for = None
    declared = _AS_RANK.search(words)
    if declared is not None:  # `JK hand -> side2 as 8`: the rank a wild card is played as
        stands_for = cards.rank_from_text(declared.group(1).upper())
        if stands_for is None:
            raise InvalidMoveError(f"'{text}': '{declared.group(1)}' is not a rank")
        words = words[:declared.start()]
    parts = _ARROW.split(words, maxsplit=1)
    left = parts[0].split()
    right = parts[1].split() if len(parts) > 1 else []
    if len(parts) == 1:
        if not any(a.moves_cards and a.combination is None for a in game.actions):
            names = ", ".join(sorted({a.name for a in game.actions}))
            raise InvalidMoveError(f"'{text}' is not a move: type a play by its cards (33344, BJ RJ) or one of: {names}")
        raise InvalidMoveError(f"'{text}': write a card move as CARD FROM -> TO (e.g. '{_example(game)}')")
    card: int | None = None
    if left:
        maybe = cards.parse_card(left[0])
        if maybe is not None:
            card = maybe if stands_for is None else maybe + 64 * (stands_for + 1)
            left = left[1:]
    source = _zone(codec, left, player, text) if left else None
    target = _zone(codec, right, player, text) if right else None
    if target is None:
        raise InvalidMoveError(f"'{text}': where should the card go?")
    if action is None and game.default_action is not None:
        action = None  # any card-moving action may match; resolved against the legal moves
    return MovePattern(action, card, source, target)


def _example(game: CompiledGame) -> str:
    """A card move written with this game's own zone names, for messages."""
    action = next((a for a in game.actions if a.moves_cards and a.combination is None and not a.named_alone), None)
    if action is None or not action.sources[0] or not action.targets[0]:
        return "CARD FROM -> TO"
    names = game.zones.names
    return f"3H {names[action.sources[0][0]]} -> {names[action.targets[0][0][0]]}"


def _zone(codec: MoveCodec, words: list[str], player: int, text: str) -> Any:
    name = "".join(words)
    if name in codec.zone_index:
        return codec.zone_index[name]
    lowered = {k.lower(): v for k, v in codec.zone_index.items()}
    if name.lower() in lowered:
        return lowered[name.lower()]
    own = f"P{player + 1}.{name}".lower()
    if own in lowered:
        return lowered[own]
    zones = codec.game.zones
    family = [z.id for z in zones.instances if z.spec.name.lower() == name.lower()
              and (z.owner is None or z.owner == player)]
    if family:  # a family named without its number: whichever of them the move allows
        return frozenset(family)
    from ..errors import did_you_mean

    hint = did_you_mean(name, codec.zone_index)
    raise InvalidMoveError(f"'{text}': there is no zone '{name}'" + (f" — {hint}" if hint else ""))


def match_pattern(pattern: MovePattern, moves: Sequence[Internal]) -> list[Internal]:
    return [m for m in moves
            if type(m[1]) is int  # a card move (cards taken and several choices are tuples: read by their names)
            and (pattern.action is None or m[0] == pattern.action)
            and (pattern.card is None or m[1] == pattern.card
                 or (m[1] >= 64 and pattern.card < 64 and m[1] & 63 == pattern.card))  # a wild, as any rank
            and _fits(pattern.source, m[2]) and _fits(pattern.target, m[3])]


def _fits(wanted: Any, zone: Any) -> bool:
    """A zone of a pattern: any (None), one zone, or one of a family (a set)."""
    if wanted is None:
        return True
    if isinstance(wanted, frozenset):
        return zone in wanted
    return zone == wanted


def resolve_text(codec: MoveCodec, text: str, player: int, legal: Sequence[Internal]) -> Internal:
    """The move `text` means: the single legal move it matches, or (for a complete but illegal
    move) the move itself so that it can be explained."""
    special = _resolve_special(codec, text, player, legal)
    if special is not None:
        return special
    game = codec.game
    written, taken = _split_taking(game, text)
    written, chosen_words = _split_choosing(game, written)
    try:
        pattern = _card_alone(codec, written) if taken is not None else None
        if pattern is None:
            pattern = parse_pattern(codec, written, player)
    except InvalidMoveError as err:  # quoted as the player wrote it, its choice included
        raise InvalidMoveError(str(err).replace(f"'{written}'", f"'{text}'", 1)) from None
    found = match_pattern(pattern, legal)
    value = None
    taken_cards = None
    if taken is not None:  # a card move that takes cards: the set it takes decides
        taken_cards, found = _read_taken(game, pattern, found, taken, text)
    if chosen_words is not None:
        value, found = _read_card_choice(game, pattern, found, chosen_words, text)
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        if all(len(m) > 4 and m[:4] == found[0][:4] for m in found):  # the same card move, its values open
            name = game.actions[found[0][0]].name
            raise AmbiguousMoveError(f"'{text}': say what '{name}' chooses, e.g. '{codec.public(found[0])}'",
                                     [codec.public(m) for m in found])
        raise AmbiguousMoveError(f"'{text}' could be " + ", ".join(str(codec.public(m)) for m in found[:6]),
                                 [codec.public(m) for m in found])
    action = pattern.action
    if action is None:
        action = game.default_action if game.default_action is not None else 0
        if value is not None and game.actions[action].card_choices is None:
            action = next(a.index for a in game.actions if a.card_choices is not None)
    if taken is not None and pattern.action is None and game.actions[action].capture is None:
        action = next(a.index for a in game.actions if a.capture is not None)
    act = game.actions[action]
    if taken is not None:
        if act.capture is None:
            raise InvalidMoveError(f"'{text}': '{act.name}' takes no cards: leave out 'taking …'")
        source, target = pattern.source, pattern.target
        if source is None and len(act.sources[player]) == 1:  # `capture KD taking AD QD`: its one zone
            source = act.sources[player][0]
        if target is None and len(act.targets[player]) == 1:
            target = act.targets[player][0][0]
        if pattern.card is None or source is None or target is None or isinstance(
                source, frozenset) or isinstance(target, frozenset):
            raise InvalidMoveError(f"'{text}': say which card and where from (no legal move matches)")
        return (action, pattern.card, source, target, taken_cards)
    if any(a.capture is not None for a in game.actions) and act.capture is not None:
        raise InvalidMoveError(f"'{text}': say which cards '{act.name}' takes, "
                               f"e.g. '{act.name} … taking 5D'")
    if value is not None and act.card_choices is None:
        raise InvalidMoveError(f"'{text}': '{act.name}' chooses nothing: leave out 'choosing …'")
    if not act.moves_cards and (act.values is not None or act.taking is not None):
        # a card move's text for a game whose moves here carry choices or cards taken: no such move
        names = ", ".join(a.name for a in game.actions[:6])
        raise InvalidMoveError(f"'{text}': no legal move matches; this game's moves are named: {names}")
    if act.moves_cards and act.named_alone:
        return (action, -1, act.sources[player][0], act.targets[player][0][0])
    source, target = pattern.source, pattern.target
    if (act.moves_cards and act.combination is None and source is None and pattern.card is not None
            and len(act.sources[player]) == 1):
        source = act.sources[player][0]  # `KC to table`: the move's one source (to explain why not)
    if act.moves_cards and (pattern.card is None or source is None):
        raise InvalidMoveError(f"'{text}': say which card and where from (no legal move matches)")
    for part in (source, target):
        if isinstance(part, frozenset):  # a family, and no legal move: name one of them
            example = codec.zone_names[min(part)]
            raise InvalidMoveError(f"'{text}': no legal move matches; name one zone, e.g. '{example}'")
    move = (action, pattern.card if pattern.card is not None else -1,
            source if source is not None else -1, target if target is not None else -1)
    return move if value is None else (*move, value)


_CHOOSING = re.compile(r"\s+choosing\b\s*(.*)$", re.IGNORECASE)
_TAKING = re.compile(r"\s+(?:taking|takes)\b\s*(.*)$", re.IGNORECASE)


def _split_taking(game: CompiledGame, text: str) -> tuple[str, list[str] | None]:
    """`capture KD hand -> captured taking AD QD` -> (`capture KD hand -> captured`, [`AD`, `QD`]),
    in a game with a card move that takes cards (`takes` reads too); the text and None otherwise."""
    if not any(a.capture is not None for a in game.actions):
        return text, None
    found = _TAKING.search(text)
    if found is None:
        return text, None
    return text[:found.start()], found.group(1).split()


def _card_alone(codec: MoveCodec, text: str) -> MovePattern | None:
    """`capture KD`, `KD`: a card move that takes cards, written by its card alone (its zones
    left out); None when the text says more (then it is read as any card move)."""
    words = text.split()
    names = [n.lower() for n in codec.action_names]
    action = None
    if words and words[0].lower() in names:
        action, words = names.index(words[0].lower()), words[1:]
    if len(words) != 1:
        return None
    card = cards.parse_card(words[0])
    if card is None:
        return None
    return MovePattern(action, card, None, None)


def _read_taken(game: CompiledGame, pattern: MovePattern, found: list[Internal], words: list[str],
                text: str) -> tuple[Any, list[Internal]]:
    """The cards a card move's text takes (in any order and spelling), and the legal moves that
    take exactly them."""
    picked = [cards.parse_card(w) for w in words]
    if not picked or len(picked) > 64 or None in picked or len(set(picked)) != len(picked):
        raise InvalidMoveError(f"'{text}': write the cards taken after 'taking', e.g. 'KD taking AD QD'")
    taken = tuple(sorted(picked))
    return taken, [m for m in found if len(m) > 4 and m[4] == taken]


def _split_choosing(game: CompiledGame, text: str) -> tuple[str, list[str] | None]:
    """`8H hand -> pile choosing S` -> (`8H hand -> pile`, [`S`]), in a game whose card moves
    carry choices; the text itself and None otherwise."""
    if not any(a.card_choices is not None for a in game.actions):
        return text, None
    found = _CHOOSING.search(text)
    if found is None:
        return text, None
    return text[:found.start()], found.group(1).split()


def _read_card_choice(game: CompiledGame, pattern: MovePattern, found: list[Internal], words: list[str],
                      text: str) -> tuple[Any, list[Internal]]:
    """The value a card move's text chooses, read as its action's choices say, and the legal
    moves that carry it."""
    indexes = {m[0] for m in found} if pattern.action is None else {pattern.action}
    actions = [game.actions[i] for i in sorted(indexes) if game.actions[i].card_choices is not None]
    if pattern.action is None and not actions:
        actions = [a for a in game.actions if a.card_choices is not None]
    if not actions:
        name = game.actions[pattern.action].name if pattern.action is not None else "this move"
        raise InvalidMoveError(f"'{text}': '{name}' chooses nothing: leave out 'choosing …'")
    value = read_choices(actions[0], words, text)
    return value, [m for m in found if len(m) > 4 and m[4] == value]


class LegalMoves(Sequence[Move]):
    """The legal moves of a position: a lazy sequence (reading one move makes only its `Move`;
    reading them all names them in one batch) that also answers `in` quickly."""

    __slots__ = ("_all", "_internal", "_name_all", "_public", "_set")

    def __init__(self, moves: list[Internal], public: Any, name_all: Any = None):
        self._internal = moves
        self._public = public  # one internal move -> its Move
        self._name_all = name_all  # the internal moves -> their Moves, in one batch
        self._all: list[Move] | None = None
        self._set: frozenset[Move] | None = None  # built on the first `in`

    def _everything(self) -> list[Move]:
        if self._all is None:
            self._all = (self._name_all(self._internal) if self._name_all is not None
                         else [self._public(m) for m in self._internal])
        return self._all

    def __len__(self) -> int:
        return len(self._internal)

    def __getitem__(self, index):  # type: ignore[override]
        if self._all is not None or isinstance(index, slice):
            return self._everything()[index]
        return self._public(self._internal[index])

    def __iter__(self) -> Iterator[Move]:
        return iter(self._everything())

    def __contains__(self, move: object) -> bool:
        if isinstance(move, str):
            return any(str(m) == move for m in self)
        if self._set is None:
            self._set = frozenset(self._everything())
        return move in self._set

    def __repr__(self) -> str:
        return f"LegalMoves({[str(m) for m in self]})"

    def texts(self) -> list[str]:
        return sorted(str(m) for m in self)
