"""The checker's part for cards judged in expressions and conditions (issue 16): `the card`,
`top of` / `bottom of`, `suit of`, `rank of`, `colour of`, `place of … in ORDER`, `points of … by
POINTS`, the tests `X is [not] VALUE` and the relations of two cards, comparisons of typed values
and counters that hold a suit, a rank or a card. Mixed into `Checker`."""

from __future__ import annotations

from typing import Any

from .. import limits
from ..errors import did_you_mean
from ..syntax import ast
from .card_types import ARTICLE, CARD_KINDS, Typer, counter_test, literal_text, literal_values

_RELATION_WORDS = {"up": "one up from", "down": "one down from", "higher": "higher than", "lower": "lower than",
                   "at_least": "at least", "at_most": "at most", "same_suit": "same suit as", "same_rank": "same rank as",
                   "same_colour": "same colour as", "other_suit": "other suit than", "other_colour": "other colour than"}


class CardChecks:
    card_in_scope: str | None = None  # where `the card` means something, else None

    def typer(self) -> Typer:
        holds = {name: spec.holds for name, spec in self.counters.items()}
        known = set(self.options) | set(self.counters) | set(self.values) | {"seat", "score", "player_to_move",
                                                                                 "deal_number", "moves_this_turn"}
        for name, kind in self.move_choices.items():  # a suit or rank chosen is typed as one
            known.add(name)
            holds[name] = kind if kind in ("suit", "rank") else "number"
        return Typer(holds, {n: v.expr for n, v in self.values.items()}, known, tuple(self.colours))

    def type_of(self, node: Any) -> str:
        return self.typer().type_of(node)

    # ---- expressions ----------------------------------------------------------------------
    in_selection: int = 0  # inside a selection's test, where its card is being tested

    def check_selection(self, node: ast.Selection, per_player: bool, in_move: bool) -> None:
        for zone in node.zones:
            self.check_zone_ref(zone, per_player)
        if node.top is not None and (node.top != int(node.top) or not 1 <= node.top <= limits.MAX_CARDS):
            self.error(node.pos, f"'top {node.top:g} of …': the number of top cards is a whole number from 1 to "
                       f"{limits.MAX_CARDS}", "write 'top 3 of waste'")
        if node.below is not None and (node.below != int(node.below) or not 1 <= node.below <= limits.MAX_CARDS):
            self.error(node.pos, f"'all but top {node.below:g} of …': the number of top cards left is a whole "
                       f"number from 1 to {limits.MAX_CARDS}", "write 'all but top 1 of pile'")
        test = node.test
        if test is None:
            return
        if test.kind == "of_a_rank":
            if test.amount != int(test.amount) or not 1 <= test.amount <= 54:
                self.error(test.pos, f"'that are {test.amount} of a rank' takes a small whole number",
                           "write 'cards of own hand that are 4 of a rank' (the cards of every rank held 4 times)")
            return
        if test.kind == "all":  # `that are (a J and same suit as top of starter)`: each test of the card
            for part in test.other:
                self.check_selection(ast.Selection(node.pos, (), part), per_player, in_move)
            return
        if test.kind == "played_by":  # `that are played by own seat`
            if not any(zone.records_players for zone in self.zones.values()):
                self.error(test.pos, "'that are played by': no zone remembers who played its cards",
                           "add 'records who played' to the zone cards are played to: "
                           "'series: shared, pile, face up, records who played'")
            self.check_expr(test.other, per_player, in_move)
            kind = self.type_of(test.other)
            if kind in CARD_KINDS or kind == "word":
                self.error(test.other.pos, f"'played by' takes a seat, and this is {ARTICLE.get(kind, 'a word')}",
                           "write 'played by own seat', 'played by opponent's seat' or a counter that holds a seat")
            return
        if test.kind in ("rank_is", "suit_is"):
            kind = "rank" if test.kind == "rank_is" else "suit"
            typer = self.typer()
            other_kind = typer.type_of(test.other)
            if (other_kind == "word" or isinstance(test.other, ast.Num)) and literal_text(test.other) is not None:
                if not typer.literal(test.other, kind)[0]:
                    self._bad_value(ast.Name(test.other.pos, literal_text(test.other)), ARTICLE[kind])
                return
            self.check_expr(test.other, per_player, in_move)
            if other_kind != kind:
                self.error(test.other.pos, f"'that are {kind} …' takes {ARTICLE[kind]}, and this is "
                                           f"{ARTICLE.get(other_kind, other_kind)}",
                           f"write '{kind} of the card', a counter that holds {ARTICLE[kind]}, or one ('{'K' if kind == 'rank' else 'hearts'}')")
            return
        self.in_selection += 1
        self.check_card_condition(test, per_player, in_move)
        self.in_selection -= 1

    def check_card_expr(self, expr: Any, per_player: bool, in_move: bool) -> bool:
        """Check a card expression; False when `expr` is none of them."""
        if isinstance(expr, ast.EachCard):
            return True
        if isinstance(expr, ast.TheTop):
            self.error(expr.pos, "'the top' is the top card a building rule is asked about: it means something in "
                                 "'on top:' only", "name the card: 'top of ZONE'")
            return True
        if isinstance(expr, ast.Selection):
            self.error(expr.pos, "a selection is a set of cards, not a value",
                       "count it ('count of cards of …'), test it ('any cards of …', 'no cards of …'), or take "
                       "'highest card of … by ORDER' or 'sum of … by POINTS'")
            return True
        if isinstance(expr, ast.Selected):
            self.check_selection(expr.selection, per_player, in_move)
            if expr.kind == "sum" and expr.table.text not in self.points:
                self.unknown(expr.table.pos, "points", expr.table.text, self.points)
            if expr.kind in ("highest", "lowest") and expr.table.text not in self.orders:
                self.unknown(expr.table.pos, "order", expr.table.text, self.orders)
            if expr.suit_order is not None and expr.suit_order.text not in self.suit_orders:
                self.unknown(expr.suit_order.pos, "suit order", expr.suit_order.text, self.suit_orders)
            return True
        if isinstance(expr, (ast.HandCount, ast.TopStretch)):
            self.check_hand_count(expr, per_player, in_move)
            return True
        if isinstance(expr, (ast.PlayedBy, ast.TrickWinner)):
            self.check_trick_expr(expr, per_player, in_move)
            return True
        if isinstance(expr, ast.HolderOf):
            typer = self.typer()
            if literal_text(expr.card) is not None and typer.type_of(expr.card) == "word":
                if not typer.literal(expr.card, "card")[0]:
                    self._bad_value(ast.Name(expr.card.pos, literal_text(expr.card)), "a card (2C, 7♥)")
            else:
                self.check_card_operand(expr.card, per_player, in_move, "holder of")
            return True
        if isinstance(expr, ast.TheCard):
            if self.card_in_scope is None:
                self.error(expr.pos, "'the card' is the card a move moves: it means something in a card move's "
                                     "'only when' and in a priority's 'while' only",
                           "name the card: 'top of ZONE', 'bottom of ZONE'")
            elif self.card_in_scope != "yes":
                self.error(expr.pos, f"'the card': {self.card_in_scope}")
            return True
        if isinstance(expr, ast.BottomOf):
            self.check_zone_ref(expr.zone, per_player)
            return True
        if isinstance(expr, ast.CardLiteral):
            self.error(expr.pos, f"'{expr.text}' is a card or a suit: it is compared with one ('suit of the card = "
                                 f"{expr.text}') or tested ('the card is {expr.text}')")
            return True
        if isinstance(expr, ast.Attribute):
            self.check_card_operand(expr.operand, per_player, in_move, f"{expr.kind} of")
            if expr.kind == "place" and expr.table.text not in self.orders:
                self.unknown(expr.table.pos, "order", expr.table.text, self.orders)
            if expr.kind == "points" and expr.table.text not in self.points:
                self.unknown(expr.table.pos, "points", expr.table.text, self.points)
            if expr.kind == "colour" and not self.colours_declared():
                self.error(expr.pos, "colours are used here but the file declares none ('colour red: H D')")
            return True
        return False

    def check_hand_count(self, expr: Any, per_player: bool, in_move: bool) -> None:
        """Counting a hand and the top of a pile (issue 18): `count of subsets of …`, `count of pairs
        of … with …`, `longest run of … in ORDER`, `count of longest runs of …`, `longest top of …`."""
        if isinstance(expr, ast.TopStretch):
            self.check_zone_ref(expr.zone, per_player)
        else:
            self.check_selection(expr.selection, per_player, in_move)
        if expr.kind == "subsets":
            if expr.table.text not in self.points:
                self.unknown(expr.table.pos, "points", expr.table.text, self.points)
            if expr.least != int(expr.least) or not 1 <= expr.least <= limits.MAX_CARDS:
                self.error(expr.pos, f"'subsets of {expr.least:g} or more cards': the fewest cards of a set is a whole "
                           "number from 1", "write 'count of subsets of 2 or more cards of own hand whose points by "
                           "value sum to 15'")
            self.check_expr(expr.total, per_player, in_move)
            self.refuse_typed_number(expr.total, "'sum to'")
        order = expr.order if isinstance(expr, ast.TopStretch) else expr.table
        if expr.kind in ("longest_run", "longest_runs", "run") and order.text not in self.orders:
            self.unknown(order.pos, "order", order.text, self.orders)
        if expr.kind in ("pairs", "sequence"):
            what = "a pair" if expr.kind == "pairs" else "a sequence"
            self.sequences[expr.pos] = tuple(self.check_card_predicate(p, what, empty=False, where="chain")
                                             for p in expr.chain)
            for pos in self._pile_suits(expr.chain):
                self.error(pos, "'the pile's suit' is for building rules",
                           f"{what}'s relation compares its two cards ('same rank', 'same suit')")

    def check_trick_expr(self, expr: Any, per_player: bool, in_move: bool) -> None:
        """`player who played CARD` and `winner of ZONE by ORDER [, trumps SUIT]`: read from zones
        that `records who played`."""
        recording = [name for name, zone in self.zones.items() if zone.records_players]
        if isinstance(expr, ast.PlayedBy):
            if not recording:
                self.error(expr.pos, "'player who played': no zone remembers who played its cards",
                           "add 'records who played' to the zone cards are played to: "
                           "'trick: shared, pile, face up, records who played'")
            self.check_card_operand(expr.card, per_player, in_move, "player who played")
            return
        zone = self.check_zone_ref(expr.zone, per_player)
        if zone is not None and not zone.records_players:
            self.error(expr.zone.pos, f"'winner of {expr.zone.name}': zone '{expr.zone.name}' does not remember who "
                       "played its cards", f"add 'records who played' to zone '{expr.zone.name}'")
        if expr.order.text not in self.orders:
            self.unknown(expr.order.pos, "order", expr.order.text, self.orders)
        if expr.trumps is not None:
            typer = self.typer()
            if literal_text(expr.trumps) is not None and typer.type_of(expr.trumps) == "word":
                if not typer.literal(expr.trumps, "suit")[0] and literal_text(expr.trumps) != "none":
                    self._bad_value(ast.Name(expr.trumps.pos, literal_text(expr.trumps)), "a suit (spades, ♥)")
            else:
                self.check_expr(expr.trumps, per_player, in_move)
                kind = self.type_of(expr.trumps)
                if kind != "suit":
                    self.error(expr.trumps.pos, f"', trumps …' takes a suit, and this is {ARTICLE.get(kind, kind)}",
                               "write a suit ('spades') or a counter that holds a suit")

    def check_card_operand(self, node: Any, per_player: bool, in_move: bool, what: str) -> None:
        """An operand that must be a card: `the card`, `top of ZONE`, a counter holding a card."""
        self.check_expr(node, per_player, in_move)
        kind = self.type_of(node)
        if kind == "word":
            self.error(node.pos, f"'{what} {literal_text(node)}': '{what}' takes a card, not a written value",
                       f"write '{what} the card', '{what} top of ZONE'")
        elif kind != "card" and not (what == "colour of" and kind == "suit"):
            self.error(node.pos, f"'{what}' takes a card, and this is {ARTICLE.get(kind, kind)}",
                       f"write '{what} the card', '{what} top of ZONE' or a counter that holds a card")

    def refuse_typed_number(self, node: Any, where: str) -> None:
        """Arithmetic and numbers take numbers: a suit, rank, card or colour is refused."""
        kind = self.type_of(node)
        if kind in CARD_KINDS:
            self.error(node.pos, f"{where} takes numbers, and this is {ARTICLE[kind]}",
                       "for a number of a rank or a card write 'place of X in ORDER' or 'points of X by POINTS'"
                       if kind in ("rank", "card") else f"{ARTICLE[kind]} is compared with '=' or '!=', never counted")

    # ---- conditions -----------------------------------------------------------------------
    def check_card_condition(self, cond: Any, per_player: bool, in_move: bool) -> bool:
        if isinstance(cond, ast.IsRanks):
            test = counter_test(cond, {n: s.holds for n, s in self.counters.items()})
            if test is None:
                return False
            cond = test
        if isinstance(cond, ast.Compare):
            return self.check_typed_compare(cond, per_player, in_move)
        if isinstance(cond, ast.Selected):
            self.check_selection(cond.selection, per_player, in_move)
            return True
        if not isinstance(cond, ast.CardTest):
            return False
        subject = cond.subject
        if cond.kind == "value":
            self.check_expr(subject, per_player, in_move)
            kind = self.type_of(subject)
            text = cond.value.text
            found = literal_values(text, tuple(self.colours))
            if kind not in CARD_KINDS:
                self.error(cond.pos, f"'is {text}' tests a card, a suit or a rank, and this is {ARTICLE.get(kind, 'a word')}",
                           "compare numbers with '=': 'own chips = 3'")
                return True
            if "none" in found:
                return True
            holder = self.counters.get(text)
            if holder is not None and holder.holds != "number":  # `the card is not taken`: a counter's value
                fits = holder.holds == kind or (kind == "card" and holder.holds in ("suit", "rank"))
                if not fits:
                    hint = (f"compare the {kind} of the card it holds: '{kind} of {text} = …'"
                            if holder.holds == "card" and kind in ("suit", "rank") else
                            f"test a card ('the card is {text}') or {ARTICLE[holder.holds]}")
                    self.error(cond.value.pos, f"'is {text}': '{text}' holds {ARTICLE[holder.holds]}, and this is "
                               f"{ARTICLE[kind]}", hint)
                return True
            if kind == "card":
                if not ({"card", "suit", "rank", "colour"} & set(found)):
                    self._bad_value(cond.value, "a rank, a suit, a colour or a card")
                elif "colour" in found and not self.colours_declared():
                    self.error(cond.value.pos, "colours are used here but the file declares none ('colour red: H D')")
            elif kind == "suit" and not ({"suit", "colour"} & set(found)):
                self._bad_value(cond.value, "a suit (H S D C, hearts …) or a colour")
            elif kind in ("rank", "colour") and kind not in found:
                self._bad_value(cond.value, ARTICLE[kind])
            return True
        self.check_expr(subject, per_player, in_move)
        self.check_expr(cond.other, per_player, in_move)
        words = _RELATION_WORDS[cond.kind]
        colour_relation = cond.kind in ("same_colour", "other_colour")
        for node in (subject, cond.other):
            kind = self.type_of(node)
            fits = kind == "card" or (colour_relation and kind == "suit") or (
                cond.kind in ("same_suit", "other_suit") and kind == "suit") or (
                cond.kind == "same_rank" and kind == "rank") or (
                cond.kind in ("up", "down", "higher", "lower", "at_least", "at_most") and kind == "rank")
            if not fits:
                self.error(node.pos, f"'is {words}' relates two cards, and this is {ARTICLE.get(kind, 'a word')}",
                           "write 'the card', 'top of ZONE', 'bottom of ZONE' or a counter that holds a card")
        if cond.order is not None and cond.order.text not in self.orders:
            self.unknown(cond.order.pos, "order", cond.order.text, self.orders)
        if cond.amount != int(cond.amount) or not 1 <= cond.amount <= 13:
            self.error(cond.pos, "a step is a whole number of places, 1 to 13")
        if colour_relation and not self.colours_declared():
            self.error(cond.pos, "colours are used here but the file declares none ('colour red: H D')")
        return True

    def _bad_value(self, name: ast.Name, wanted: str) -> None:
        words = ["hearts", "spades", "diamonds", "clubs", "none", *self.colours]
        self.error(name.pos, f"'{name.text}' is not {wanted}",
                   did_you_mean(name.text, words) or "ranks are A 2 … 10 J Q K, suits H S D C (or hearts …), "
                                                     "cards 7H or 7♥, and 'none' for nothing")

    def check_typed_compare(self, cond: ast.Compare, per_player: bool, in_move: bool) -> bool:
        """A comparison where a side is a card, suit, rank or colour; False for numbers."""
        typer = self.typer()
        left, right = typer.type_of(cond.left), typer.type_of(cond.right)
        if left not in CARD_KINDS and right not in CARD_KINDS:
            if "word" in (left, right):
                word = cond.left if left == "word" else cond.right
                if isinstance(word, ast.CardLiteral):
                    self.error(word.pos, f"'{word.text}' is a card or a suit, and the other side is a number")
                    return True
            return False
        kind = left if left in CARD_KINDS else right
        for side, side_kind in ((cond.left, left), (cond.right, right)):
            if (side_kind == "word" or isinstance(side, ast.Num)) and literal_text(side) is not None:
                ok, _ = typer.literal(side, kind)
                if literal_text(side) == "none":
                    self.error(side.pos, "nothing is tested with 'is none', not compared",
                               "write 'X is none' or 'X is not none'")
                elif not ok:
                    self.error(side.pos, f"'{literal_text(side)}' is not {ARTICLE[kind]}, and the other side is",
                               did_you_mean(literal_text(side), ["hearts", "spades", "diamonds", "clubs", *self.colours])
                               or f"compare {ARTICLE[kind]} with {ARTICLE[kind]}")
                continue
            self.check_expr(side, per_player, in_move)
            if side_kind != kind:
                self.error(side.pos, f"{ARTICLE[kind]} is compared with {ARTICLE.get(side_kind, side_kind)}",
                           f"compare {ARTICLE[kind]} with {ARTICLE[kind]} ('suit of the card = suit of top of pile', "
                           "'rank of the card = base'); for a number of a rank write 'place of X in ORDER'")
        if cond.op not in ("=", "!="):
            self.error(cond.pos, f"'{cond.op}' needs an order: {ARTICLE[kind]} is compared with '=' or '!='",
                       "write 'X is higher than Y in ORDER' or compare 'place of X in ORDER'")
        return True

    # ---- building rules ---------------------------------------------------------------------
    def check_building_relation(self, pred: ast.CardTest, rule: str, empty: bool) -> tuple:
        """`the card is one up from the top in ORDER[, wrapping]` and the other relations in a
        building rule: of the card and the top only. ('card_rel', CardTest)."""
        for node in (pred.subject, pred.other):
            if isinstance(node, ast.TheTop):
                if empty:
                    self.error(node.pos, "an empty zone has no top card", "in 'empty:' speak of 'the card' only")
                    return ("const", False)
            elif not isinstance(node, ast.TheCard):
                self.error(node.pos, f"a building rule compares the card with the top, in the building rule '{rule}'",
                           "write 'the card' or 'the top'")
                return ("const", False)
        if pred.order is not None and pred.order.text not in self.orders:
            self.unknown(pred.order.pos, "order", pred.order.text, self.orders)
        if pred.amount != int(pred.amount) or not 1 <= pred.amount <= 13:
            self.error(pred.pos, "a step is a whole number of places, 1 to 13")
        if pred.kind in ("same_colour", "other_colour") and not self.colours_declared():
            self.error(pred.pos, "colours are used here but the file declares none ('colour red: H D')")
        return ("card_rel", pred)

    # ---- effects on counters --------------------------------------------------------------
    def check_typed_counter_effect(self, effect: Any, per_player: bool) -> bool:
        counter = self.counters.get(effect.counter.name)
        if counter is None:
            return False
        holds = counter.holds
        if isinstance(effect, ast.AddTo):
            if holds != "number":
                self.error(effect.pos, f"counter '{counter.name}' holds {ARTICLE[holds]}: nothing is added to it",
                           f"write 'set {counter.name} to …'")
                return True
            self.check_expr(effect.amount, per_player)
            self.refuse_typed_number(effect.amount, "'add'")
            return True
        value = effect.value
        typer = self.typer()
        kind = typer.type_of(value)
        if holds == "number":
            if kind in CARD_KINDS or kind == "word" and isinstance(value, ast.CardLiteral):
                self.error(value.pos, f"counter '{counter.name}' holds a number, and this is {ARTICLE.get(kind, 'a card')}",
                           f"declare it 'counter {counter.name}: …, holds {ARTICLE.get(kind, 'a card')}'")
                return True
            return False
        if literal_text(value) is not None and kind in ("word", "number"):
            ok, _ = typer.literal(value, holds)
            if not ok and literal_text(value) != "none":
                self.error(value.pos, f"counter '{counter.name}' holds {ARTICLE[holds]}, and '{literal_text(value)}' is not one",
                           did_you_mean(literal_text(value), ["hearts", "spades", "diamonds", "clubs", "none"])
                           or f"set it to {ARTICLE[holds]} ('suit of top of stock', 'rank of the card') or to none")
            return True
        self.check_expr(value, per_player)
        if kind != holds:
            self.error(value.pos, f"counter '{counter.name}' holds {ARTICLE[holds]}, and this is {ARTICLE.get(kind, kind)}",
                       {"suit": "write 'suit of …'", "rank": "write 'rank of …'", "card": "write 'top of ZONE'"}[holds])
        return True
