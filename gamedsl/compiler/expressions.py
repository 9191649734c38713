"""Expressions, conditions and effects compiled into closures.

Every closure takes `(state, player, move)`: `player` is who `own` means, `move` the internal
move being applied (effects and `from` conditions) or None. Zone references are resolved for
each player once, here, never at call time.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable
from typing import Any

from .. import cards
from ..errors import RulesRuntimeError, SourcePos
from ..model.model import BuildSpec, GameModel, RuleInfo
from ..syntax import ast
from .building import ByCounter, accept_table
from .cards_expr import CardExprs, encode
from .native.runtime import helpers as native_helpers
from .source import Source, identifier, number
from .zones import ZoneTable, at_instance

Fn = Callable[[Any, int, Any], Any]

_COMPARE = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}
_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv}
# The operators as written in generated source (only these: an operator is never pasted).
_ARITH_SOURCE = {"+": "+", "-": "-", "*": "*", "/": "/"}
_COMPARE_SOURCE = {"=": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}


class Counters:
    """Where each counter lives in the state's flat list of numbers."""

    def __init__(self, model: GameModel, players: int, options: dict[str, Any] | None = None):
        self.players = players
        self.base: dict[str, int] = {}
        self.per_player: dict[str, bool] = {}
        self.start: list[float] = []
        self.whole_match: list[bool] = []
        self.labels: list[str] = []
        self.holds: list[str] = []  # per label: number | suit | rank | card
        self.per_team: dict[str, bool] = {}
        self.team_of: tuple[int, ...] = model.team_of()  # seat -> its team (a counter of each team: base + team)
        teams = [t.name for t in model.teams]
        for spec in model.counters.values():
            self.base[spec.name] = len(self.start)
            self.per_player[spec.name] = spec.per_player
            self.per_team[spec.name] = spec.per_team
            start = float((options or {})[spec.start]) if isinstance(spec.start, str) else spec.start
            owners = [f"P{p + 1}." for p in range(players)] if spec.per_player else [f"{t}." for t in teams] \
                if spec.per_team else [""]
            for owner in owners:
                self.start.append(start)
                self.whole_match.append(spec.whole_match)
                self.labels.append(owner + spec.name)
                self.holds.append(spec.holds)
        # Whether any counter is kept from deal to deal: else a deal starts them all afresh (State._deal).
        self.kept_through_match = any(self.whole_match)

    def index(self, name: str, player: int) -> int:
        if self.per_team[name]:
            return self.base[name] + self.team_of[player]
        return self.base[name] + (player if self.per_player[name] else 0)


# Before effects that write counters in place: the move's undo keeps the list as it was, and the
# state gets a list of its own to change (copies of a state share none).
KEEP_COUNTERS = "    if st._frame is not None and st._frame.counters is None: st._frame.counters = st.counters; st.counters = list(st.counters)"


class ExprCompiler:
    def __init__(self, model: GameModel, zones: ZoneTable, counters: Counters, options: dict[str, Any],
                 accept_of_zone: list, slot: list[bool]):
        self.model = model
        self.accept_of_zone = accept_of_zone
        self.slot = slot
        self.zones = zones
        self.counters = counters
        self.options = options
        self.players = zones.players
        self.values: dict[str, Fn] = {}
        # The choices of the move being compiled: name -> its place in the move's value (None: the
        # move's one value, `mv[1]`; k: `mv[1][k]`), and name -> kind (suit, rank, player, number).
        self.choices: dict[str, int | None] = {}
        self.choice_kinds: dict[str, str] = {}
        # Where the move carries its value: `mv[1]` for a move of choices alone, `mv[4]` for a
        # card move that carries a choice (`(action, card, source, target, value)`).
        self.choice_field = 1
        self.seat_counters: set[str] = set()  # counters that hold a seat (`dealer's hand`)
        self.deal_step_builder: Callable[[Any], Any] = lambda node: None  # set by the compiled game
        self.combination_index = {name: i for i, name in enumerate(model.combinations)}
        self.named_effects: dict[str, list[Fn]] = {}
        self.closable = mentions(model, ast.CloseEmpty)  # can zones be closed in this game?
        self.counts_positions = mentions(model, ast.SamePosition, anywhere=True)  # must the engine count where turns begin?
        self.source = Source("_k", {"_values": self.values})  # the names fused code uses
        self.env = self.source.env
        self.cards = CardExprs(self)  # cards, suits and ranks judged (issue 16)
        for name in model.values:
            self._value(name)

    def _value(self, name: str) -> Fn:
        if name not in self.values:
            holder: list[Fn] = []
            self.values[name] = lambda st, p, mv: holder[0](st, p, mv)  # allows forward references
            holder.append(self.expr(self.model.values[name].expr))
            self.values[name] = holder[0]
        return self.values[name]

    def whose(self, owner: str | None, pos: Any = None) -> Callable[[Any, int], int]:
        """Who a possessive means, from the point of view of player `p`: a function (state, p).
        `pos`, where the possessive is written, is cited when a counter holds no seat."""
        players = self.players
        if owner == "opponent's":
            opponent = lambda st, p: (p + 1) % players  # noqa: E731
            opponent.native = ("opponent",)  # type: ignore[attr-defined]  # what it does, for native/translate.py
            return opponent
        teams = self.model.teams
        if teams and owner == "partner's":  # teams of two (checked)
            partner = {a: b for t in teams if len(t.seats) == 2 for a, b in (t.seats, t.seats[::-1])}
            return lambda st, p: partner.get(p, p)
        if teams and owner == "other team's":  # two teams (checked): the other team's first seat
            team_of = self.counters.team_of
            other = [teams[1 - team_of[p]].seats[0] if len(teams) == 2 else p for p in range(players)]
            return lambda st, p: other[p]
        if owner == "winner's":
            winner = lambda st, p: st.winner if st.winner is not None else p  # noqa: E731
            winner.native = ("winner",)  # type: ignore[attr-defined]
            return winner
        if owner and owner.endswith("'s") and owner[:-2] in self.choices:  # `p's hand`: the player chosen
            slot = self.choices[owner[:-2]]  # the move is at hand as `st._chosen` (seats count from 1)
            at = self.choice_field
            if slot is None:
                return lambda st, p: st._chosen[at] - 1
            return lambda st, p: st._chosen[at][slot] - 1
        if owner and owner.endswith("'s") and owner[:-2] in self.counters.base:
            base = self.counters.base[owner[:-2]]
            name = owner[:-2]
            self.seat_counters.add(name)

            def seat_in_counter(st: Any, p: int) -> int:  # counters hold seats from 1
                seat = st.counters[base]
                if not 1 <= seat <= players or seat != int(seat):  # (int() of nan or inf would fail)
                    where = f" ('{owner}' at {pos.file}:{pos.line})" if pos is not None else ""
                    raise RulesRuntimeError(f"counter '{name}' holds {seat:g}, which is not a seat (1 to {players})"
                                            + where)
                return int(seat) - 1

            seat_in_counter.native = ("seat in counter", base)
            return seat_in_counter
        if owner and owner.endswith("'s") and owner[:-2] in self.model.values:  # `receiver's hand`
            name = owner[:-2]
            holder: list[Fn] = []  # the value, compiled when first asked (values may refer to each other)

            def seat_in_value(st: Any, p: int) -> int:
                if not holder:
                    holder.append(self._value(name))
                seat = holder[0](st, p, None)
                if not 1 <= seat <= players or seat != int(seat):
                    where = f" ('{owner}' at {pos.file}:{pos.line})" if pos is not None else ""
                    raise RulesRuntimeError(f"value '{name}' is {seat:g}, which is not a seat (1 to {players})" + where)
                return int(seat) - 1

            return seat_in_value
        return lambda st, p: p

    def zone_ids(self, ref: ast.ZoneRef) -> Callable[[Any, int], tuple[int, ...]]:
        """The zone instances `ref` names for player `p` in a position: a function (state, p)."""
        if ref.owner in (None, "own", "opponent's", "each"):
            static = [self.zones.resolve(ref, p) for p in range(self.players)]
            getter = lambda st, p: static[p]
            getter.static = static  # type: ignore[attr-defined]
            return getter
        by_seat = [self.zones.resolve(ast.ZoneRef(ref.pos, "own", ref.name, ref.index), s) for s in range(self.players)]
        whose = self.whose(ref.owner, ref.pos)
        getter = lambda st, p: by_seat[whose(st, p)]  # noqa: E731
        getter.by_seat, getter.whose = by_seat, whose  # type: ignore[attr-defined]
        return getter

    # ---- fused code ---------------------------------------------------------------------
    # Common expressions, conditions and effects are also written as Python source and compiled
    # into one function per rule (`passes = 2 and phase is play` is one call, not five); the
    # rest are called as closures from that source. Same operations, same order.
    def bind(self, value: Any) -> str:
        return self.source.bind(value)

    def _fuse(self, code: str) -> Fn:
        return self.source.expression(code)

    def call(self, fn: Fn) -> str:
        return getattr(fn, "code", None) or f"{self.bind(fn)}(st, p, mv)"

    def _owner_code(self, owner: str | None, pos: Any = None) -> str:
        """Whose seat a possessive means, as source (`p`: the player's own)."""
        if owner in (None, "own"):
            return "p"
        return f"{self.bind(self.whose(owner, pos))}(st, p)"

    def _one_zone_code(self, ref: ast.ZoneRef) -> str | None:
        """`st.zones[...]` for a reference that names one zone for each player, else None."""
        ids = self.zone_ids(ref)
        static = getattr(ids, "static", None)
        if not static or not all(len(i) == 1 for i in static):
            return None
        single = [i[0] for i in static]
        if all(z == single[0] for z in single):
            return f"st.zones[{single[0]}]"
        return f"st.zones[{self.bind(single)}[p]]"

    def _zones_empty_code(self, node: Any) -> str | None:
        """`some/every ZONES is empty` (or not) over a few zones known for each player, written
        out as the closure `_condition_closure` makes computes it; else None."""
        static = getattr(self.zone_ids(node.zone), "static", None)
        if not static or self.closable or node.quantifier not in (None, "some", "every"):
            return None
        if not all(0 < len(i) <= 16 for i in static):
            return None

        def one(zones: tuple[int, ...]) -> str:
            held = [f"st.zones[{number(z)}]" for z in zones]
            if node.quantifier == "some":  # any(not zone)
                return "(not (" + " and ".join(held) + "))"
            if node.quantifier == "every" or not node.negated:  # all(not zone) / not any(zone)
                return "(not (" + " or ".join(held) + "))"
            return "(not not (" + " or ".join(held) + "))"  # any(zone)

        if all(tuple(i) == tuple(static[0]) for i in static):
            return one(tuple(static[0]))
        code = one(tuple(static[-1]))
        for p in range(len(static) - 2, -1, -1):
            code = f"({one(tuple(static[p]))} if p == {number(p)} else {code})"
        return code

    def _constant(self, value: Any) -> str:
        if type(value) in (int, float) and math.isfinite(value):
            return number(value)
        return self.bind(value)

    def _expr_code(self, node: Any) -> str | None:
        if isinstance(node, ast.Num):
            return self._constant(node.value)
        if isinstance(node, ast.NameRef):
            name = node.name
            if name in self.options:
                return self._constant(self.options[name])
            if name in self.choices and node.owner is None:
                slot = self.choices[name]
                at = number(self.choice_field)
                return f"mv[{at}]" if slot is None else f"mv[{at}][{number(slot)}]"
            if name in self.counters.base:
                base = self.counters.base[name]
                if self.counters.per_team[name]:
                    return f"st.counters[{base} + {self.bind(self.counters.team_of)}[{self._owner_code(node.owner, node.pos)}]]"
                if not self.counters.per_player[name]:
                    return f"st.counters[{base}]"
                return f"st.counters[{base} + {self._owner_code(node.owner, node.pos)}]"
            if name in self.model.values:
                return f"_values[{identifier(name)!r}](st, {self._owner_code(node.owner, node.pos)}, mv)"
            simple = {"seat": f"({self._owner_code(node.owner, node.pos)} + 1)", "moves_this_turn": "st.moves_in_turn",
                      "player_to_move": "(st.current + 1)", "deal_number": "st.deal_number"}
            return simple.get(name)
        if isinstance(node, ast.SizeOf):
            zone = self._one_zone_code(node.zone)
            return f"len({zone})" if zone else None
        if isinstance(node, ast.BinOp):
            left, right = self.call(self.expr(node.left)), self.call(self.expr(node.right))
            if node.op in ("/", "mod"):  # checked: a zero divisor names the rule instead of a raw ZeroDivisionError
                return f"{self.bind(self.divide(node))}({left}, {right})"
            return f"({left} {_ARITH_SOURCE[node.op]} {right})"
        if isinstance(node, ast.Neg):
            return f"(-{self.call(self.expr(node.operand))})"
        if isinstance(node, ast.IfExpr):
            then, test = self.call(self.expr(node.then)), self.call(self.condition(node.condition))
            return f"({then} if {test} else {self.call(self.expr(node.otherwise))})"
        return None

    def _condition_code(self, node: Any) -> str | None:
        if isinstance(node, ast.Compare):
            op = _COMPARE_SOURCE[node.op]
            return f"({self.call(self.expr(node.left))} {op} {self.call(self.expr(node.right))})"
        if isinstance(node, ast.ZoneEmpty):
            zone = self._one_zone_code(node.zone)
            if zone is None:
                return self._zones_empty_code(node)
            return f"(not not {zone})" if node.negated else f"(not {zone})"
        if isinstance(node, ast.PhaseIs):
            return f"(st.phase == {self.model.phases.index(node.phase.text)})"
        if isinstance(node, (ast.AllOf, ast.AnyOf)):
            joint = " and " if isinstance(node, ast.AllOf) else " or "
            return "(" + joint.join(self.call(self.condition(i)) for i in node.items) + ")"
        if isinstance(node, ast.NotCond):
            return f"(not {self.call(self.condition(node.item))})"
        if isinstance(node, ast.NoMove):
            return "st._no_move()"
        if isinstance(node, ast.Played):
            kinds = self.bind(frozenset(self.combination_index[k.text] for k in node.kinds))
            return f"(mv is not None and len(mv) == 4 and isinstance(mv[2], tuple) and mv[1] in {kinds})"
        return None

    def _effect_lines(self, node: Any, indent: str) -> list[str]:
        """An effect as statements of a fused function."""
        if isinstance(node, ast.EndTurn):
            if self.model.skip is None and self.model.eliminated is None and not self.model.turn_start:
                # the turn order comes to everyone, and nothing happens as a turn begins
                return [f"{indent}st.current = (st.current + 1) % {self.players}", f"{indent}st.turn_number += 1",
                        f"{indent}st.moves_in_turn = 0"]
            return [f"{indent}st._end_turn()"]
        if isinstance(node, ast.GoToPhase):
            return [f"{indent}st._set_phase({self.model.phases.index(node.phase.text)})"]
        if isinstance(node, (ast.AddTo, ast.SetTo)):
            counter = node.counter
            base = self.counters.base[counter.name]
            adding = isinstance(node, ast.AddTo)
            holds = self.cards.holds[counter.name]
            if holds != "number":  # a suit, rank or card: kept as its number, none as -1
                amount = f"{self.bind(encode)}({self.call(self.cards.typed(node.value, holds))})"
            else:
                amount = self.call(self.expr(node.amount if isinstance(node, ast.AddTo) else node.value))
            # Written in place: the function's first line saved the counters for undo (`KEEP_COUNTERS`).
            if self.counters.per_team[counter.name]:
                index = f"{base} + {self.bind(self.counters.team_of)}[{self._owner_code(counter.owner, counter.pos)}]"
                if not adding:
                    return [f"{indent}_i = {index}", f"{indent}st.counters[_i] = {amount}"]
                return [f"{indent}_i = {index}", f"{indent}st.counters[_i] = st.counters[_i] + {amount}"]
            if self.counters.per_player[counter.name]:
                index = f"{base} + {self._owner_code(counter.owner, counter.pos)}"
                if not adding:
                    return [f"{indent}_i = {index}", f"{indent}st.counters[_i] = {amount}"]
                return [f"{indent}_i = {index}", f"{indent}st.counters[_i] = st.counters[_i] + {amount}"]
            if adding:
                return [f"{indent}st.counters[{base}] = st.counters[{base}] + {amount}"]
            return [f"{indent}st.counters[{base}] = {amount}"]
        if isinstance(node, (ast.TurnOver, ast.MoveAll)):
            sources = getattr(self.zone_ids(node.source), "static", None)
            targets = getattr(self.zone_ids(node.target), "static", None)
            if sources and targets and targets[0] and all(s == sources[0] for s in sources) and all(t == targets[0] for t in targets):
                reverse = isinstance(node, ast.TurnOver)  # the same zones for every player: numbers in the source
                helpers = native_helpers()
                if helpers is not None:  # `State._move_all` in C, the state's lists passed in (native/runtime.py)
                    move = (f"{self.bind(helpers.move_all)}(st, st.zones, st._frame, st.declared, st.rank_counts, "
                            "st.combos, st.played_by, ")
                    return [f"{indent}{move}{src}, {targets[0][0]}, {reverse})" for src in sources[0]] or [f"{indent}pass"]
                return [f"{indent}st._move_all({src}, {targets[0][0]}, {reverse})" for src in sources[0]] or [f"{indent}pass"]
        if isinstance(node, ast.IfEffects):
            inner = [line for n in node.effects for line in self._effect_lines(n, indent + "    ")]
            return [f"{indent}if {self.call(self.condition(node.condition))}:", *(inner or [f"{indent}    pass"])]
        return [f"{indent}{self.bind(self.effect(node))}(st, p, mv)"]

    def compile(self, lines: list[str]) -> Any:
        return self.source.function(lines)

    def any_code(self, conditions: list[Fn]) -> str:
        """Source that holds when any of these conditions holds (for `st`, `p`, `mv`)."""
        return "(" + " or ".join(self.call(c) for c in conditions) + ")"

    def fused_triggers(self, triggers: list[Any], keys: list[Any]) -> Callable[[Any, int], bool]:
        """The `whenever` rules after a move, as one function (state, mover): each fires, in
        order, while its condition holds; False when they are still firing after 100 rounds.
        A firing is counted under its key in `st.fired` when the state counts (not in look-ahead)."""
        lines = ["def _triggers(st, p):", "    mv = None"]
        if triggers:  # the common case first: none fires
            lines += [f"    if not {self.any_code([t.condition for t in triggers])}:", "        return True"]
        lines += ["    for _ in range(100):", "        fired = False"]
        for trigger, key in zip(triggers, keys):
            lines.append(f"        if {self.call(trigger.condition)}:")
            lines += [f"            {self.bind(effect)}(st, p, None)" for effect in trigger.effects]
            lines += ["            fired = True", "            if st.fired is not None and not st._looking:",
                      f"                st.fired[{self.bind(key)}] += 1"]
        lines += ["        if not fired:", "            return True", "    return False"]
        return self.compile(lines)

    def fused_end_check(self, ends: list[Any], order_from: list[tuple[int, ...]],
                        can_be_out: bool) -> Callable[[Any, int], tuple[int, int | None] | None]:
        """Which `end` rule holds after a move, as one function (state, mover) -> (the rule's
        index, the player its `when some player` found) or None. The mover is asked first."""
        order = self.bind(order_from)
        still_in = "st.in_play(p) and " if can_be_out else ""
        lines = ["def _ends(st, mover):", "    mv = None"]
        for i, end in enumerate(ends):
            test = self.call(end.condition)
            if not end.quantifier:
                lines += ["    p = mover", f"    if {test}:", f"        return ({i}, None)"]
            elif end.quantifier == "some":
                lines += [f"    for p in {order}[mover]:", f"        if {still_in}{test}:", f"            return ({i}, p)"]
            else:
                lines += [f"    for p in range({self.players}):", f"        if {still_in}not {test}:", "            break",
                          "    else:", f"        return ({i}, None)"]
        lines.append("    return None")
        return self.compile(lines)

    # ---- expressions ------------------------------------------------------------------
    def expr(self, node: Any) -> Fn:
        judged = self.cards.expr(node)
        if judged is not None:
            return judged
        code = self._expr_code(node)
        return self._fuse(code) if code is not None else self._expr_closure(node)

    def _expr_closure(self, node: Any) -> Fn:
        if isinstance(node, ast.Num):
            value = node.value
            return lambda st, p, mv: value
        if isinstance(node, ast.NameRef):
            return self.name_ref(node)
        if isinstance(node, ast.SizeOf):
            ids = self.zone_ids(node.zone)
            static = getattr(ids, "static", None)
            if static and all(len(i) == 1 for i in static):  # one zone per player: no loop
                single = [i[0] for i in static]
                return lambda st, p, mv: len(st.zones[single[p]])

            def size(st: Any, p: int, mv: Any) -> int:
                zones = st.zones
                return sum(len(zones[z]) for z in ids(st, p))

            return size
        if isinstance(node, ast.TopOf):
            ids = self.zone_ids(node.zone)

            def top(st: Any, p: int, mv: Any) -> int | None:
                for z in ids(st, p):
                    pile = st.zones[z]
                    if pile:
                        return pile[-1]
                return None

            return top
        if isinstance(node, ast.Call):
            args = [self.expr(a) for a in node.args]
            fn = max if node.function == "max" else min
            return lambda st, p, mv: fn(a(st, p, mv) for a in args)
        if isinstance(node, ast.BinOp):
            left, right = self.expr(node.left), self.expr(node.right)
            op = self.divide(node) if node.op in ("/", "mod") else _ARITH[node.op]
            return lambda st, p, mv: op(left(st, p, mv), right(st, p, mv))
        if isinstance(node, ast.Neg):
            inner = self.expr(node.operand)
            return lambda st, p, mv: -inner(st, p, mv)
        if isinstance(node, ast.Deadwood):
            return self.deadwood(node)
        if isinstance(node, ast.SumBy):
            ids = self.zone_ids(node.zone)
            worth = [0.0] * 16
            for rank, points in self.model.points[node.points.text].items():
                worth[rank] = points
            if node.per_suit:  # each suit's highest points among the zones' cards, added

                def per_suit_sum(st: Any, p: int, mv: Any) -> float:
                    best = [0.0, 0.0, 0.0, 0.0]
                    for z in ids(st, p):
                        for c in st.zones[z]:
                            if c >> 2 < 13 and worth[c >> 2] > best[c & 3]:  # jokers belong to no suit
                                best[c & 3] = worth[c >> 2]
                    return sum(best)

                return per_suit_sum
            if not node.best_suit:
                return lambda st, p, mv: sum(worth[c >> 2] for z in ids(st, p) for c in st.zones[z])

            def best_suit_sum(st: Any, p: int, mv: Any) -> float:
                sums = [0.0, 0.0, 0.0, 0.0]
                for z in ids(st, p):
                    for c in st.zones[z]:
                        if c >> 2 < 13:  # jokers belong to no suit
                            sums[c & 3] += worth[c >> 2]
                return max(sums)

            return best_suit_sum
        if isinstance(node, ast.SuitsIn):
            ids = self.zone_ids(node.zone)
            return lambda st, p, mv: len({c & 3 for z in ids(st, p) for c in st.zones[z] if c >> 2 < 13})
        if isinstance(node, ast.CardKey):
            return self.card_key(node)
        if isinstance(node, ast.OverPlayers):
            return self.over_players(node)
        if isinstance(node, ast.OverZones):
            return self.over_zones(node)
        if isinstance(node, ast.HiddenCards):
            ids = self.zone_ids(node.zone)
            face = [z.spec.face for z in self.zones.instances]

            def hidden(st: Any, p: int, mv: Any) -> int:
                count = 0
                for z in ids(st, p):
                    pile = st.zones[z]
                    if face[z] == "up" or not pile:
                        continue
                    covered = pile[:-1] if face[z] == "down_top_up" else pile
                    count += sum(1 for c in covered if c not in st.public)
                return count

            return hidden
        if isinstance(node, ast.NextPlayer):
            return self.next_player(node)
        if isinstance(node, ast.RandomPlayer):
            players = self.players

            def random_player(st: Any, p: int, mv: Any) -> int:
                rng = st._deal_rng or st._effect_rng()
                return rng.choice([q for q in range(players) if st.in_play(q)] or [p]) + 1

            return random_player
        if isinstance(node, ast.IfExpr):
            then, test, otherwise = self.expr(node.then), self.condition(node.condition), self.expr(node.otherwise)
            return lambda st, p, mv: then(st, p, mv) if test(st, p, mv) else otherwise(st, p, mv)
        raise TypeError(f"not an expression: {node!r}")

    def family_table(self, family: ast.Name, node: Any, build: Callable[[Any], Any]) -> tuple[tuple[int, Any], ...]:
        """(zone id, `build` of `node` with `this FAMILY` meaning that instance) for each instance of
        a shared family: the zones inside resolve once, here, never by name while playing."""
        name = family.text
        return tuple((zone_id, build(at_instance(node, name, k + 1)))
                     for k, zone_id in enumerate(self.zones.of_spec[name]))

    def over_zones(self, node: ast.OverZones) -> Fn:
        """`some/every ZONE with (COND)`, `count of ZONE with (COND)`: over a shared family's
        instances not closed, `this ZONE` meaning each."""
        table = self.family_table(node.family, node.condition, self.condition)
        if self.closable:
            def open_tests(st: Any) -> list[Fn]:
                return [test for z, test in table if z not in st.closed]
        else:
            tests = [test for _, test in table]
            open_tests = lambda st: tests
        if node.kind == "some":
            return lambda st, p, mv: any(test(st, p, mv) for test in open_tests(st))
        if node.kind == "every":
            return lambda st, p, mv: all(test(st, p, mv) for test in open_tests(st))
        return lambda st, p, mv: sum(1 for test in open_tests(st) if test(st, p, mv))

    def over_players(self, node: ast.OverPlayers) -> Fn:
        """An aggregate over the players still in the game, each seen as `own`."""
        players = self.players
        if node.kind in ("some", "every"):  # conditions: `some player with (COND)`
            test = self.condition(node.item)
            if node.kind == "some":
                return lambda st, p, mv: any(st.in_play(q) and test(st, q, mv) for q in range(players))
            return lambda st, p, mv: all(test(st, q, mv) for q in range(players) if st.in_play(q))
        if node.kind == "count":
            test = self.condition(node.item)
            return lambda st, p, mv: sum(1 for q in range(players) if st.in_play(q) and test(st, q, mv))
        item = self.expr(node.item)
        if node.kind == "sum":
            return lambda st, p, mv: sum(item(st, q, mv) for q in range(players) if st.in_play(q))
        pick = max if node.kind == "max" else min
        return lambda st, p, mv: pick((item(st, q, mv) for q in range(players) if st.in_play(q)), default=0)

    def next_player(self, node: ast.NextPlayer) -> Fn:
        """The seat (from 1) of the next player still in, clockwise after (or from) a seat."""
        players = self.players
        seat = self.expr(node.seat)
        first_step = 0 if node.inclusive else 1

        where = f"{node.pos.file}:{node.pos.line}:{node.pos.column}"

        def next_player(st: Any, p: int, mv: Any) -> int:
            try:
                given = int(seat(st, p, mv))
            except (ValueError, OverflowError):  # nan, inf
                raise RulesRuntimeError(f"a seat that is no number (nan or inf) at {where}") from None
            start = given - 1 if 1 <= given <= players else -1  # seat 0 (nobody yet): from P1
            if start < 0:
                start, step0 = 0, 0
            else:
                step0 = first_step
            for k in range(step0, step0 + players):
                q = (start + k) % players
                if st.in_play(q):
                    return q + 1
            return start + 1

        return next_player

    def card_key(self, node: ast.CardKey) -> Fn:
        ids = self.zone_ids(node.zone)
        if node.kind == "best_suit":
            worth = [0.0] * 16
            for rank, points in self.model.points[node.order.text].items():
                worth[rank] = points
            place = [0, 1, 2, 3]
            if node.suit_order is not None:
                for i, suit in enumerate(self.model.suit_orders[node.suit_order.text]):
                    place[suit] = i

            if node.then_order is None:
                def best_suit(st: Any, p: int, mv: Any) -> Any:
                    sums = [0.0, 0.0, 0.0, 0.0]
                    for z in ids(st, p):
                        for c in st.zones[z]:
                            if c >> 2 < 13:
                                sums[c & 3] += worth[c >> 2]
                    best = max(sums)  # of equal sums the higher suit counts
                    return max(place[s] for s in range(4) if sums[s] == best)

                return best_suit
            position = [-1] * 16
            for i, rank in enumerate(self.model.orders[node.then_order.text]):
                position[rank] = i

            def best_suit_then_ranks(st: Any, p: int, mv: Any) -> Any:
                """The best suit by (sum, its cards' ranks from the highest, the suit): its ranks and suit."""
                ranks: list[list[int]] = [[], [], [], []]
                sums = [0.0, 0.0, 0.0, 0.0]
                for z in ids(st, p):
                    for c in st.zones[z]:
                        if c >> 2 < 13:
                            sums[c & 3] += worth[c >> 2]
                            ranks[c & 3].append(position[c >> 2])
                keys = [(sums[s], tuple(sorted(ranks[s], reverse=True)), place[s]) for s in range(4) if ranks[s]]
                if not keys:
                    return ((), -1)
                best = max(keys)
                return (best[1], best[2])

            return best_suit_then_ranks
        position = [-1] * 16
        for i, rank in enumerate(self.model.orders[node.order.text]):
            position[rank] = i
        if node.kind == "highest_rank":
            return lambda st, p, mv: max((position[c >> 2] for z in ids(st, p) for c in st.zones[z]), default=-1)
        return lambda st, p, mv: tuple(sorted((position[c >> 2] for z in ids(st, p) for c in st.zones[z]), reverse=True))

    def name_ref(self, node: ast.NameRef) -> Fn:
        name = node.name
        if name in self.options:
            value = self.options[name]
            return lambda st, p, mv: value
        if name in self.choices and node.owner is None:
            slot = self.choices[name]
            at = self.choice_field
            if slot is None:
                return lambda st, p, mv: mv[at]  # a move's value travels in the move
            return lambda st, p, mv: mv[at][slot]
        whose = self.whose(node.owner, node.pos)
        if name in self.counters.base:
            base = self.counters.base[name]
            if self.counters.per_team[name]:
                team_of = self.counters.team_of
                return lambda st, p, mv: st.counters[base + team_of[whose(st, p)]]
            if not self.counters.per_player[name]:
                return lambda st, p, mv: st.counters[base]
            return lambda st, p, mv: st.counters[base + whose(st, p)]
        if name in self.model.values:
            values = self.values
            if node.owner in (None, "own"):
                return lambda st, p, mv: values[name](st, p, mv)
            return lambda st, p, mv: values[name](st, whose(st, p), mv)
        if name == "score":
            return lambda st, p, mv: st.points[whose(st, p)]
        if name == "seat":
            return lambda st, p, mv: whose(st, p) + 1
        if name == "moves_this_turn":
            return lambda st, p, mv: st.moves_in_turn
        if name == "players_left":
            return lambda st, p, mv: sum(1 for q in range(self.players) if st.in_play(q))
        if name == "player_to_move":
            return lambda st, p, mv: st.current + 1
        if name == "deal_number":
            return lambda st, p, mv: st.deal_number
        raise KeyError(name)

    def top_in_sequence(self, node: ast.TopInSequence) -> Fn:
        """`top N of ZONE are in sequence while …`: some zone named holds N cards or more, the top N
        face up (or known to all), each on the one below as the tests say (a table made once, as
        a group move's `while`)."""
        rule = BuildSpec(RuleInfo("sequence", "build", "", "", node.pos), (), "none", (), self.model.sequences[node.pos])
        chain = accept_table(rule, self.model.orders, self.model.colours)
        ids = self.zone_ids(node.zone)
        count = int(node.count)
        face = [z.spec.face for z in self.zones.instances]

        def in_sequence(st: Any, p: int, mv: Any) -> bool:
            for zone_id in ids(st, p):
                pile = st.zones[zone_id]
                if len(pile) < count:
                    continue
                run = pile[-count:]
                hidden = run if face[zone_id] == "down" else run[:-1] if face[zone_id] == "down_top_up" else ()
                if any(card not in st.public for card in hidden):
                    continue  # a face-down card is in no sequence anyone can see
                if all(chain[below][above] for below, above in zip(run, run[1:])):
                    return True
            return False

        return in_sequence

    def deadwood(self, node: ast.Deadwood) -> Fn:
        """`deadwood of SEL [without CARD] by POINTS [laying off on ZONE]` (see `melds`): the
        search is one per points table, remembered by the cards it is asked about."""
        from .melds import MeldKind, MeldSearch, TooLarge
        searches = self.__dict__.setdefault("_meld_searches", {})
        search = searches.get(node.points.text)
        if search is None:
            worth = [0.0] * 16
            for rank, points in self.model.points[node.points.text].items():
                worth[rank] = points
            kinds = [MeldKind(spec) for spec in self.model.melds.values()]
            search = searches[node.points.text] = MeldSearch(kinds, worth)
        picks = self.cards.selections.picks(node.selection)
        without = self.cards.typed(node.without, "card") if node.without is not None else None
        onto = self.zone_ids(node.laying_on) if node.laying_on is not None else None
        where = f"{node.pos.file}:{node.pos.line}:{node.pos.column}, in {enclosing_rule(self.model, node.pos)}"

        def deadwood(st: Any, p: int, mv: Any) -> float:
            held = sorted(card for _, _, card in picks(st, p, mv))
            if without is not None:
                card = without(st, p, mv)
                if card is not None and card in held:
                    held.remove(card)
            try:
                if onto is None:
                    return search.least(tuple(held))
                other = tuple(sorted(c for z in onto(st, p) for c in st.zones[z]))
                return search.laid_off(tuple(held), other)
            except TooLarge as problem:
                raise RulesRuntimeError(f"deadwood: {problem}, at {where}") from None

        return deadwood

    def divide(self, node: ast.BinOp) -> Callable[[float, float], float]:
        """`a / b` for this division of the file: dividing by zero is an error of the rules that
        says where (games that never divide pay nothing for the check)."""
        where = f"{node.pos.file}:{node.pos.line}:{node.pos.column}, in {enclosing_rule(self.model, node.pos)}"

        remainder = node.op == "mod"

        def divide(a: float, b: float) -> float:
            if b == 0:
                raise RulesRuntimeError(f"division by zero ({a:g} {node.op} 0) at {where}")
            return a % b if remainder else a / b

        return divide

    # ---- conditions -------------------------------------------------------------------
    def condition(self, node: Any) -> Fn:
        judged = self.cards.condition(node)
        if judged is not None:
            return judged
        code = self._condition_code(node)
        return self._fuse(code) if code is not None else self._condition_closure(node)

    def _condition_closure(self, node: Any) -> Fn:
        if isinstance(node, ast.Compare):
            left, right, op = self.expr(node.left), self.expr(node.right), _COMPARE[node.op]
            return lambda st, p, mv: op(left(st, p, mv), right(st, p, mv))
        if isinstance(node, ast.ZoneEmpty):
            ids = self.zone_ids(node.zone)
            static = getattr(ids, "static", None)
            if self.closable and not (static and all(len(i) == 1 for i in static)):
                every = ids  # zones closed by `close …` are out of the game: not counted
                ids = lambda st, p: tuple(z for z in every(st, p) if z not in st.closed)
                static = None
            if static and all(len(i) == 1 for i in static):  # the common case: one zone, no loop
                single = [i[0] for i in static]
                if node.negated:
                    return lambda st, p, mv: bool(st.zones[single[p]])
                return lambda st, p, mv: not st.zones[single[p]]
            if node.quantifier == "some":
                return lambda st, p, mv: any(not st.zones[z] for z in ids(st, p))
            if node.quantifier == "every":
                return lambda st, p, mv: all(not st.zones[z] for z in ids(st, p))
            if node.negated:
                return lambda st, p, mv: any(st.zones[z] for z in ids(st, p))
            return lambda st, p, mv: not any(st.zones[z] for z in ids(st, p))
        if isinstance(node, ast.HasChosen):
            ids = self.zone_ids(node.zone)
            slot = self.choices[node.name]
            by_suit = self.choice_kinds[node.name] == "suit"
            negated = node.negated
            at = self.choice_field

            def has_chosen(st: Any, p: int, mv: Any) -> bool:
                wanted = mv[at] if slot is None else mv[at][slot]
                if by_suit:  # jokers (ranks 13 to 15) have no suit
                    found = any(c & 3 == wanted and c >> 2 < 13 for z in ids(st, p) for c in st.zones[z])
                else:
                    found = any(c >> 2 == wanted for z in ids(st, p) for c in st.zones[z])
                return found != negated

            return has_chosen
        if isinstance(node, ast.HasOfARank):
            ids = self.zone_ids(node.zone)
            need = int(node.count)

            def has_of_a_rank(st: Any, p: int, mv: Any) -> bool:
                counts = [0] * 16
                for z in ids(st, p):
                    for c in st.zones[z]:
                        counts[c >> 2] += 1
                return max(counts) >= need

            return has_of_a_rank
        if isinstance(node, ast.IsRanks):
            ids = self.zone_ids(node.zone)
            wanted = sorted(cards.rank_from_text(n.text) or 0 for n in node.ranks)
            return lambda st, p, mv: sorted(c >> 2 for z in ids(st, p) for c in st.zones[z]) == wanted
        if isinstance(node, ast.Extreme):
            keys = [self.expr(k) for k in node.keys]
            players = self.players
            lowest = node.lowest
            alone = node.alone  # `highest alone (…)`: a player who ties is not highest
            # In a game of teams `alone` is against the other teams' players: a partner's keys
            # (the team's zones and counters) are the player's own.
            team_of = self.counters.team_of if alone and self.model.teams else None

            def extreme(st: Any, p: int, mv: Any) -> bool:
                mine = tuple(k(st, p, mv) for k in keys)
                for q in range(players):
                    if q != p and st.in_play(q) and (team_of is None or team_of[q] != team_of[p]):
                        theirs = tuple(k(st, q, mv) for k in keys)
                        if (theirs < mine) if lowest else (theirs > mine):
                            return False
                        if alone and theirs == mine:
                            return False
                return True

            return extreme
        if isinstance(node, ast.PhaseIs):
            index = self.model.phases.index(node.phase.text)
            return lambda st, p, mv: st.phase == index
        if isinstance(node, ast.Shows):
            ids = self.zone_ids(node.zone)
            rank = cards.rank_from_text(node.rank.text)
            if node.quantifier == "every":
                return lambda st, p, mv: all(st.shown_rank(z) == rank for z in ids(st, p))
            return lambda st, p, mv: any(st.shown_rank(z) == rank for z in ids(st, p))
        if isinstance(node, ast.ZoneClosed):
            ids = self.zone_ids(node.zone)
            if node.quantifier == "every":
                return lambda st, p, mv: all(z in st.closed for z in ids(st, p))
            return lambda st, p, mv: any(z in st.closed for z in ids(st, p))
        if isinstance(node, ast.CanReach):
            goal = self.condition(node.condition)
            depth = node.depth
            return lambda st, p, mv: st._can_reach(p, depth, lambda: goal(st, p, None))
        if isinstance(node, ast.TopInSequence):
            return self.top_in_sequence(node)
        if isinstance(node, ast.OneSuit):
            ids = self.zone_ids(node.zone)

            def one_suit(st: Any, p: int, mv: Any) -> bool:
                suits = {c & 3 if c >> 2 < 13 else -1 for z in ids(st, p) for c in st.zones[z]}
                return len(suits) == 1 and -1 not in suits

            return one_suit
        if isinstance(node, ast.Played):
            kinds = frozenset(self.combination_index[k.text] for k in node.kinds)
            return lambda st, p, mv: mv is not None and len(mv) == 4 and isinstance(mv[2], tuple) and mv[1] in kinds
        if isinstance(node, ast.CanGo):
            return self.can_go(node)
        if isinstance(node, ast.NoMove):
            return lambda st, p, mv: st._no_move()
        if isinstance(node, ast.OverZones):
            return self.over_zones(node)
        if isinstance(node, ast.OverPlayers):
            return self.over_players(node)
        if isinstance(node, ast.SamePosition):
            times = node.times
            return lambda st, p, mv: st.turn_repeats >= times
        if isinstance(node, ast.MovedFrom):
            sets = [frozenset(self.zones.resolve_all(node.zones, p)) for p in range(self.players)]
            return lambda st, p, mv: mv is not None and mv[2] in sets[p]
        if isinstance(node, (ast.AllOf, ast.AnyOf)):
            items = [self.condition(i) for i in node.items]
            both = isinstance(node, ast.AllOf)
            while len(items) > 1:  # fold into nested two-way closures: no generator per call
                items[:2] = [_both(items[0], items[1]) if both else _either(items[0], items[1])]
            return items[0]
        if isinstance(node, ast.NotCond):
            inner = self.condition(node.item)
            return lambda st, p, mv: not inner(st, p, mv)
        raise TypeError(f"not a condition: {node!r}")

    def can_go(self, node: ast.CanGo) -> Fn:
        """Would the building rules take the top card of `zone` onto one of `targets`?"""
        sources = self.zone_ids(node.zone)
        accept = self.accept_of_zone
        slot = self.slot
        targets = [tuple((t, accept[t]) for t in self.zones.resolve_all(node.targets, p)) for p in range(self.players)]
        # (targets are fixed zones; only the source may depend on the position)

        def can_go(st: Any, p: int, mv: Any) -> bool:
            zones = st.zones
            for src in sources(st, p):
                pile = zones[src]
                if not pile:
                    continue
                card = pile[-1]
                for dst, table in targets[p]:
                    dest = zones[dst]
                    if dst == src or (slot[dst] and dest) or dst in st.closed:
                        continue
                    if table.__class__ is ByCounter:  # a rule that reads a counter: its table in force
                        table = table.at(st)
                    if table is None or table[dest[-1] if dest else 64][card]:
                        return True
            return False

        return can_go

    # ---- effects ----------------------------------------------------------------------
    def effects(self, nodes: tuple[Any, ...]) -> list[Fn]:
        """The effects of a rule, in order: fused into one function when there are any."""
        return self.effects_from(self.effect_source(nodes))

    def effect_source(self, nodes: tuple[Any, ...]) -> list[str]:
        """The effects of a rule as the statements of a function of (st, p, mv), indented once."""
        return [line for n in nodes for line in self._effect_lines(n, "    ")]

    def effects_from(self, lines: list[str]) -> list[Fn]:
        """The effects written by `effect_source`, as one function (none when there are none)."""
        if not lines:
            return []
        if writes_counters(lines):
            lines = [KEEP_COUNTERS, *lines]
        return [self.compile(["def _effects(st, p, mv):", *lines])]

    def say(self, node: Any) -> Fn:
        """`say "{own} has closed"`: the text in pieces, each `{…}` read when the effect runs — the
        player's name, or a counter or value shown as what it holds (never `str.format`)."""
        from ..engine.shown import Item, bare_text, seat_names
        from ..model.checker import say_pieces

        seats = seat_names(self.model)
        parts: list[Any] = []
        for piece in say_pieces(node.text):
            if isinstance(piece, str):
                parts.append(piece)
            elif piece[1] == "own":
                parts.append(lambda st, p: st.players[p])
            else:
                name = piece[1]
                spec = self.model.counters.get(name)
                if spec is not None:
                    owner = "player" if spec.per_player else "team" if spec.per_team else "shared"
                    holds = "seat" if spec.holds == "number" and name in seats else spec.holds
                    item = Item(name, name, "counter", owner, holds, False)
                else:
                    item = Item(name, name, "value", "player", "seat" if name in seats else "number", False)
                team_of = self.counters.team_of
                parts.append(lambda st, p, item=item, team_of=team_of:
                             bare_text(st, item, team_of[p] if item.owner == "team" else p))
        pieces = tuple(parts)

        def say(st: Any, p: int, mv: Any) -> None:
            st._say("".join(part if isinstance(part, str) else part(st, p) for part in pieces))

        return say

    def effect(self, node: Any) -> Fn:
        if isinstance(node, ast.MoveSelected):
            return self.cards.selections.move_effect(node)
        if isinstance(node, ast.EndTurn):
            return lambda st, p, mv: st._end_turn()
        if isinstance(node, (ast.TurnOver, ast.MoveAll)):
            sources, targets = self.zone_ids(node.source), self.zone_ids(node.target)
            reverse = isinstance(node, ast.TurnOver)

            def move_all(st: Any, p: int, mv: Any) -> None:
                target = targets(st, p)[0]
                for src in sources(st, p):
                    st._move_all(src, target, reverse)

            move_all.native = ("move all", sources, targets, reverse)  # what it does, for native/translate.py
            return move_all
        if isinstance(node, ast.GoToPhase):
            index = self.model.phases.index(node.phase.text)
            return lambda st, p, mv: st._set_phase(index)
        if isinstance(node, ast.Reveal):
            ids = self.zone_ids(node.zone)
            reveal = lambda st, p, mv: st._reveal(ids(st, p))  # noqa: E731
            reveal.native = ("reveal", ids)
            return reveal
        if isinstance(node, (ast.DealCards, ast.Shuffle)):
            step = self.deal_step_builder(node)  # it saves the zones it changes for undo itself
            if isinstance(node, ast.Shuffle):  # seeded by the moment and how often these zones were shuffled in it
                keys = [tuple(self.zones.resolve_all(tuple(node.zones), p)) for p in range(self.players)]
                return lambda st, p, mv: step(st, st._shuffle_rng(keys[p]), p)
            return lambda st, p, mv: step(st, None, p)
        if isinstance(node, ast.Say):
            return self.say(node)
        if isinstance(node, ast.TurnTo):
            seat = self.expr(node.seat)
            turn_to = lambda st, p, mv: st._turn_to(int(seat(st, p, mv)) - 1)  # noqa: E731
            turn_to.native = ("turn to", seat)
            return turn_to
        if isinstance(node, (ast.AddTo, ast.SetTo)):
            counter = node.counter
            whose = self.whose(counter.owner)
            base = self.counters.base[counter.name]
            per_player = self.counters.per_player[counter.name]
            if self.counters.per_team[counter.name]:  # a counter of each team: the team of the seat
                team_of, seat = self.counters.team_of, whose
                whose = lambda st, p: team_of[seat(st, p)]
                per_player = True
            adding = isinstance(node, ast.AddTo)
            holds = self.cards.holds[counter.name]
            if holds != "number":
                typed = self.cards.typed(node.value, holds)
                amount = lambda st, p, mv: encode(typed(st, p, mv))
            else:
                amount = self.expr(node.amount if isinstance(node, ast.AddTo) else node.value)

            def change(st: Any, p: int, mv: Any) -> None:
                index = base + (whose(st, p) if per_player else 0)
                value = amount(st, p, mv)
                st._set_counter(index, st.counters[index] + value if adding else value)

            return change
        if isinstance(node, ast.MoveAllShowing):
            family = [z.id for z in self.zones.instances if z.spec.name == node.family.text]
            rank = cards.rank_from_text(node.rank.text)
            targets = self.zone_ids(node.target)

            top_only = node.top_only

            def move_all_showing(st: Any, p: int, mv: Any) -> None:
                target = targets(st, p)[0]
                for zone_id in family:
                    if st.shown_rank(zone_id) == rank:
                        if top_only:
                            st._move_top(zone_id, target)
                        else:
                            st._move_all(zone_id, target, False)

            return move_all_showing
        if isinstance(node, ast.CloseEmpty):
            closing = tuple(z.id for z in self.zones.instances if z.spec.name == node.family.text)
            return lambda st, p, mv: st._close([z for z in closing if not st.zones[z]])
        if isinstance(node, ast.ForEachPlayerEffects):
            chosen_by = self.condition(node.condition) if node.condition is not None else None
            inner = self.effects(node.effects)
            players = self.players

            def for_each_player(st: Any, p: int, mv: Any) -> None:
                chosen = [q for q in range(players)
                          if st.in_play(q) and (chosen_by is None or chosen_by(st, q, mv))]
                for q in chosen:  # chosen first: the effects never change who is chosen
                    for eff in inner:
                        eff(st, q, mv)

            return for_each_player
        if isinstance(node, ast.ForEachZoneEffects):
            table = self.family_table(node.family, (node.condition, node.effects), lambda both: (
                self.condition(both[0]) if both[0] is not None else None, self.effects(both[1])))
            closable = self.closable

            def for_each_zone(st: Any, p: int, mv: Any) -> None:
                chosen = [body for z, (test, body) in table
                          if not (closable and z in st.closed) and (test is None or test(st, p, mv))]
                for body in chosen:  # chosen first: the effects never change which are chosen
                    for eff in body:
                        eff(st, p, mv)

            return for_each_zone
        if isinstance(node, ast.CallEffect):
            name = node.name
            if name not in self.named_effects:
                self.named_effects[name] = []
                self.named_effects[name].extend(self.effects(self.model.effect_blocks[name]))
            body = self.named_effects[name]

            def call(st: Any, p: int, mv: Any) -> None:
                for eff in body:
                    eff(st, p, mv)

            return call
        if isinstance(node, ast.IfEffects):
            test = self.condition(node.condition)
            inner = self.effects(node.effects)

            def conditional(st: Any, p: int, mv: Any) -> None:
                if test(st, p, mv):
                    for eff in inner:
                        eff(st, p, mv)

            return conditional
        raise TypeError(f"not an effect: {node!r}")


def enclosing_rule(model: GameModel, pos: SourcePos) -> str:
    """The statement of the file that `pos` lies in, cited (`move pass — file:line`): the last
    one that starts before it (every statement with an expression is a candidate)."""
    starts: list[tuple[SourcePos, str]] = [(info.pos, f"{info.kind} {info.cite()}") for info in model.rules.values()]
    starts += [(decl.pos, f"value {name} — {decl.pos}") for name, decl in model.values.items()]
    starts += [(step.pos, f"the deal — {step.pos}") for step in model.deal]
    starts += [(effect.pos, f"'at turn start' — {effect.pos}") for effect in model.turn_start]
    starts += [(model.first_player.pos, f"'first player' — {model.first_player.pos}")]
    if model.match.pos is not None:
        starts.append((model.match.pos, f"'match' — {model.match.pos}"))
    for condition, what in ((model.skip, "'turns'"), (model.eliminated, "'eliminated'")):
        if condition is not None:
            starts.append((condition.pos, f"{what} — {condition.pos.file}:{condition.pos.line}"))
    before = [(s.line, s.column, label) for s, label in starts
              if s.file == pos.file and (s.line, s.column) <= (pos.line, pos.column)]
    return max(before)[2] if before else str(pos)


def writes_counters(lines: list[str]) -> bool:
    """Do these fused statements write counters in place (so must keep them for undo first)?"""
    return any(line.lstrip().startswith("st.counters[") for line in lines)


def _both(first: Fn, second: Fn) -> Fn:
    return lambda st, p, mv: first(st, p, mv) and second(st, p, mv)


def _either(first: Fn, second: Fn) -> Fn:
    return lambda st, p, mv: first(st, p, mv) or second(st, p, mv)


def mentions(model: GameModel, kind: type, anywhere: bool = False) -> bool:
    """Does any effect of the model (moves, triggers, ends, named effects, turn start) use `kind`?
    With `anywhere`, any part of the model: conditions and values too."""
    def walk(node: Any) -> bool:
        if isinstance(node, kind):
            return True
        if isinstance(node, (tuple, list)):
            return any(walk(item) for item in node)
        if isinstance(node, dict):
            return any(walk(item) for item in node.values())
        if hasattr(node, "__dataclass_fields__"):
            return any(walk(getattr(node, f)) for f in node.__dataclass_fields__ if f != "pos")
        return False

    if anywhere:
        return walk(model)
    roots: list[Any] = [model.turn_start, *model.effect_blocks.values()]
    roots += [(a.first_effects, a.then_effects) for a in model.actions.values()]
    roots += [t.effects for t in model.triggers] + [e.effects for e in model.ends]
    return walk(roots)
