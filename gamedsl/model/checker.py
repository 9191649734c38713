"""Check a parsed game file and build its `GameModel`.

Every problem is collected before anything is raised, so an author sees all of them at once.
A variant (`extends BASE`) is the base file's statements with the variant's statements laid
over them by name: a rule, zone or option of the same name replaces the base's, `remove NAME`
drops one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .. import cards, limits, resources
from ..errors import Diagnostic, GameNotFoundError, RulesSemanticError, RulesSyntaxError, SourcePos, did_you_mean
from ..syntax import ast, parse_file, parse_text
from .card_checks import CardChecks
from .card_types import literal_values
from .model import (
    ActionSpec,
    BuildSpec,
    ChoiceSpec,
    CombinationSpec,
    MeldSpec,
    CounterSpec,
    EndSpec,
    FirstPlayerSpec,
    GameModel,
    MatchSpec,
    PrioritySpec,
    RuleInfo,
    TakingSpec,
    TargetSpec,
    TeamSpec,
    TriggerSpec,
    ZoneSpec,
)

SUITS = {"S": 0, "H": 1, "D": 2, "C": 3, "♠": 0, "♥": 1, "♦": 2, "♣": 3}
KNOWN_DECKS = ("standard",)
BUILTIN_PER_PLAYER = ("score", "seat")
BUILTIN_SHARED = ("moves_this_turn", "players_left", "player_to_move", "deal_number")
_NAMED_KINDS = (ast.BuildDecl, ast.MoveDecl, ast.PriorityDecl, ast.EndDecl, ast.CombinationDecl, ast.WheneverDecl,
                ast.EffectDecl, ast.ClassDecl, ast.MeldDecl)
_SINGLETONS = (ast.GameTitle, ast.Players, ast.DealBlock, ast.FirstPlayer, ast.Turns, ast.MatchDecl, ast.PhasesDecl,
               ast.Eliminated, ast.Showdown, ast.TurnStart, ast.ExactPlays, ast.SidesDecl)
SEAT_OWNERS = ("winner",)  # possessives that name a player without a counter: `winner's`


def _statement_key(stmt: Any) -> tuple[str, str] | None:
    """Statements a variant replaces by name (or, for singletons, by kind)."""
    if isinstance(stmt, _SINGLETONS):
        return ("single", type(stmt).__name__)
    if isinstance(stmt, _NAMED_KINDS):
        return ("rule", stmt.name)
    if isinstance(stmt, (ast.OptionDecl, ast.ZoneDecl, ast.OrderDecl, ast.ColourDecl, ast.CounterDecl,
                         ast.ValueDecl, ast.SuitOrderDecl, ast.PointsDecl, ast.TeamDecl)):
        return (type(stmt).__name__, stmt.name)
    return None


class Checker(CardChecks):
    def __init__(self, lines_by_file: dict[str, tuple[str, ...]]):
        self.lines_by_file = lines_by_file
        self.diagnostics: list[Diagnostic] = []
        self.moves_asked = False  # checking an `end` or `whenever` condition: `no move is legal` may be said
        self.this_families: list[str] = []  # the families a `for each ZONE` / `some ZONE with` around names

    # ---- reporting -----------------------------------------------------------------
    def error(self, pos: SourcePos, message: str, hint: str = "") -> None:
        lines = self.lines_by_file.get(pos.file, ())
        source_line = lines[pos.line - 1] if 0 < pos.line <= len(lines) else ""
        self.diagnostics.append(Diagnostic(pos, message, source_line, hint))

    def check_display_words(self, what: str, display: ast.Display | None, holds: str) -> None:
        """`shown "bid" (-1 as "not yet")`: words for numbers, each number once."""
        if display is None or not display.words:
            return
        if holds != "number":
            self.error(display.words[0][2], f"{what} holds a {holds}, shown as the {holds} itself: words stand "
                       "for numbers", "drop the '(… as \"…\")' after the label")
            return
        seen: set[float] = set()
        for number, word, pos in display.words:
            if number in seen:
                self.error(pos, f"{what}: {number:g} is given words twice", "give each number one word")
            elif not word.strip():
                self.error(pos, f"{what}: {number:g} is shown as an empty text", f"write '{number:g} as \"none\"'")
            seen.add(number)

    def unknown(self, pos: SourcePos, what: str, name: str, choices: Iterable[str]) -> None:
        if what == "order" and name in getattr(self, "both_ends", {}):
            rank = cards.RANK_TEXT[self.both_ends[name][0]]
            self.error(pos, f"order '{name}' lists {rank} at both ends: it only says which ranks make runs",
                       f"only a combination's or a meld's 'in a row in {name}' (or 'not in a row in {name}') may name it;"
                       " declare another order for this")
            return
        choices = sorted(set(choices))
        hint = did_you_mean(name, choices)
        if not hint:
            shown = ", ".join(choices[:12]) + (", …" if len(choices) > 12 else "")
            hint = f"the {what}s are {shown}" if choices else f"the file declares no {what}s"
        self.error(pos, f"unknown {what} '{name}'", hint)

    # ---- the whole file --------------------------------------------------------------
    def check(self, game_file: ast.GameFile, statements: list[Any], files: tuple[str, ...]) -> GameModel:
        self._statements = statements
        if not statements:  # one clear message rather than a list of everything missing
            self.error(SourcePos(game_file.path, 1, 1), "the file has no rules: it is empty or only comments",
                       "a game file starts with 'game \"Title\"' and 'players N'")
            raise RulesSemanticError(self.diagnostics)
        self.zones_decl: dict[str, ast.ZoneDecl] = {}
        options: dict[str, float | str] = {}
        option_info: dict[str, tuple[str, SourcePos]] = {}
        option_ranges: dict[str, tuple[float, float]] = {}
        self.counted_options: set[str] = set()  # options that say how many cards a deal moves
        orders: dict[str, tuple[int, ...]] = {}
        colours: dict[str, tuple[int, ...]] = {}
        suit_orders: dict[str, tuple[int, ...]] = {}
        points: dict[str, dict[int, float]] = {}
        self.points = points
        self.suit_orders = suit_orders
        # `plays are told apart by their cards`: combinations are sets of cards, and suits may matter
        self.exact_plays = any(isinstance(s, ast.ExactPlays) for s in statements)
        self.both_ends: dict[str, tuple[int, ...]] = {}  # orders listing one rank at both ends (runs only)
        self.meld_orders = {s.order.text for s in statements if isinstance(s, ast.MeldDecl) and s.order}
        title = ""
        players: ast.Players | None = None
        rule_names: dict[str, SourcePos] = {}
        for stmt in statements:
            if isinstance(stmt, _NAMED_KINDS):
                if stmt.name in rule_names:
                    earlier = rule_names[stmt.name]
                    self.error(stmt.name_pos or stmt.pos,
                               f"duplicate rule name '{stmt.name}' (first defined at line {earlier.line})")
                rule_names[stmt.name] = stmt.pos
            if isinstance(stmt, ast.GameTitle):
                title = stmt.title
            elif isinstance(stmt, ast.Players):
                players = stmt
            elif isinstance(stmt, ast.OptionDecl):
                if stmt.name in options:
                    self.error(stmt.name_pos or stmt.pos, f"option '{stmt.name}' is declared twice")
                options[stmt.name] = stmt.default
                option_info[stmt.name] = (stmt.description, stmt.pos)
                self.check_option(stmt, option_ranges)
            elif isinstance(stmt, ast.OrderDecl):
                orders[stmt.name] = self.check_order(stmt, orders)
            elif isinstance(stmt, ast.ColourDecl):
                colours[stmt.name] = self.check_suits(stmt.suits, stmt.pos, f"colour '{stmt.name}'")
            elif isinstance(stmt, ast.SuitOrderDecl):
                if stmt.name in suit_orders:
                    self.error(stmt.pos, f"suit order '{stmt.name}' is declared twice")
                suit_orders[stmt.name] = self.check_suits(stmt.suits, stmt.pos, f"suit order '{stmt.name}'")
                if len(suit_orders[stmt.name]) != 4 and len(stmt.suits) == len(suit_orders[stmt.name]):
                    self.error(stmt.pos, f"suit order '{stmt.name}' must list all four suits")
            elif isinstance(stmt, ast.PointsDecl):
                if stmt.name in points:
                    self.error(stmt.pos, f"points '{stmt.name}' are declared twice")
                points[stmt.name] = self.check_points(stmt)
            elif isinstance(stmt, ast.ZoneDecl):
                if stmt.name in self.zones_decl:
                    self.error(stmt.pos, f"zone '{stmt.name}' is declared twice")
                self.zones_decl[stmt.name] = stmt
        self.check_colours(colours, statements)
        self.colours = colours
        if not title:
            self.error(SourcePos(game_file.path, 1, 1), "the file has no 'game \"Title\"' line")
        if players is None:
            self.error(SourcePos(game_file.path, 1, 1), "the file does not say how many players play ('players N')")
            low = high = 2
        else:
            low, high = int(players.low), int(players.high)
            if players.low != low or players.high != high or low < 1 or high < low:
                self.error(players.pos, "the number of players must be a whole number, or a range like 2..8")
            elif high > limits.MAX_PLAYERS:
                self.error(players.pos, f"{high} players: a game has at most {limits.MAX_PLAYERS}")
        self.players_range = (low, high)
        self.teams = self.check_teams(statements, low, high)
        self.options = options
        self.option_info = option_info
        # An order with a rank at both ends says only which ranks make runs of combinations: no
        # other rule may name it (`unknown` says why), so `self.orders` leaves it out.
        self.orders = {name: ranks for name, ranks in orders.items() if name not in self.both_ends}
        self.run_orders_ok = dict(orders)
        zones = {name: self.check_zone(decl, low, high) for name, decl in self.zones_decl.items()}
        self.zones = zones
        self.check_zone_sizes(zones, min(high, limits.MAX_PLAYERS))
        self.check_covers(zones)
        self.deck_ranks = self.ranks_in_play(zones)
        # An order that only says which ranks make runs may leave ranks out on purpose (no 2 in a
        # straight); every other order must rank every card of the game.
        run_orders = {s.run_order.text for s in statements if isinstance(s, ast.CombinationDecl) and s.run_order}
        run_orders |= {s.not_in_row.text for s in statements if isinstance(s, ast.CombinationDecl) and s.not_in_row}
        run_orders |= {s.order.text for s in statements if isinstance(s, ast.MeldDecl) and s.order}
        used_elsewhere = {r.order.text for s in statements if isinstance(s, ast.BuildDecl)
                          for r in ast.predicate_relations(s.on_top + (s.empty.predicate if s.empty else ())) if r.order}
        run_orders -= used_elsewhere
        wild_ranks = {cards.rank_from_text(s.card.text) for s in statements if isinstance(s, ast.WildDecl)}
        for stmt in statements:
            if isinstance(stmt, ast.OrderDecl) and stmt.name in orders and stmt.name not in run_orders:
                # (Jokers need not be ranked: an unranked joker follows no step of a building rule.)
                missing = [cards.RANK_TEXT[r] for r in sorted(self.deck_ranks)
                           if r not in orders[stmt.name] and r not in wild_ranks and r < 13]
                if missing:
                    self.error(stmt.name_pos or stmt.pos,
                               f"order '{stmt.name}' does not rank {', '.join(missing)}, which the game's cards use")
        self.phases: list[str] = []
        for stmt in statements:
            if isinstance(stmt, ast.PhasesDecl):
                for name in stmt.phases:
                    if name.text in self.phases:
                        self.error(name.pos, f"phase '{name.text}' is listed twice")
                    self.phases.append(name.text)
        self.combination_names = [s.name for s in statements if isinstance(s, ast.CombinationDecl)]
        self.melds = self.check_melds([s for s in statements if isinstance(s, ast.MeldDecl)])
        self.move_choices: dict[str, str] = {}  # the choices of the move being checked: name -> kind
        self.sequences: dict[SourcePos, tuple[tuple, ...]] = {}  # `top N of Z are in sequence while …`, checked
        counters = {}
        values = {}
        for stmt in statements:
            if isinstance(stmt, ast.CounterDecl):
                if stmt.name in counters:
                    self.error(stmt.name_pos or stmt.pos, f"counter '{stmt.name}' is declared twice")
                start = stmt.start
                if stmt.holds != "number":
                    start = self.typed_start(stmt)
                elif isinstance(start, str) and (start not in options or isinstance(options[start], str)):
                    self.unknown(stmt.pos, "number option", start,  # it starts at an option's value
                                 [n for n, v in options.items() if not isinstance(v, str)])
                    start = 0.0
                if stmt.per_team and not self.teams:
                    self.error(stmt.pos, f"counter '{stmt.name}' is 'each team', and the file declares no teams",
                               "declare the teams ('team north_south: P1 and P3'), or write 'each player'")
                elif stmt.per_team and stmt.holds != "number":
                    self.error(stmt.holds_pos or stmt.pos, f"counter '{stmt.name}': a counter of each team holds a "
                               "number", f"write 'counter {stmt.name}: shared, holds a {stmt.holds}' or drop 'holds'")
                if stmt.display is not None and stmt.display.header and (stmt.per_player or stmt.per_team):
                    owner = "player" if stmt.per_player else "team"
                    self.error(stmt.display.pos, f"counter '{stmt.name}' is one of each {owner}: the header shows "
                               "what the whole table shares", f"write 'shown' (each {owner}'s is shown with it)"
                               + (", or make it 'shared'" if stmt.per_player else ""))
                self.check_display_words(f"counter '{stmt.name}'", stmt.display, stmt.holds)
                counters[stmt.name] = CounterSpec(stmt.name, stmt.per_player, start, stmt.pos, stmt.whole_match,
                                                  stmt.holds, stmt.per_team, stmt.display)
            elif isinstance(stmt, ast.ValueDecl):
                if stmt.name in values:
                    self.error(stmt.name_pos or stmt.pos, f"value '{stmt.name}' is declared twice")
                self.check_display_words(f"value '{stmt.name}'", stmt.display, "number")
                values[stmt.name] = stmt
        self.counters = counters
        self.values = values
        self.effect_blocks = {s.name: s for s in statements if isinstance(s, ast.EffectDecl)}
        self.phase_names = self.phases
        self.shared_values = self.find_shared_values(values)
        for value in values.values():  # the header shows what the table shares: a value of no one's
            if value.display is not None and value.display.header and value.name not in self.shared_values:
                self.error(value.display.pos, f"value '{value.name}' is worked out for each player (it reads "
                           "'own' or a zone or counter of each player): the header shows what the whole table shares",
                           "write 'shown' (each player sees their own, with their zones)")
        for clash in set(counters) & set(values) | (set(counters) | set(values)) & set(options):
            pos = counters[clash].pos if clash in counters else (values[clash].name_pos or values[clash].pos)
            self.error(pos, f"'{clash}' names more than one thing (option, counter or value)")
        for value in values.values():
            self.check_expr(value.expr, per_player=True)
        self.check_value_cycles(values)
        self.sides = self.check_sides(statements)

        builds: dict[str, BuildSpec] = {}
        combinations: dict[str, CombinationSpec] = {}
        triggers: list[TriggerSpec] = []
        actions: dict[str, ActionSpec] = {}
        priorities: list[PrioritySpec] = []
        ends: list[EndSpec] = []
        deal: tuple[ast.DealStep, ...] = ()
        first: FirstPlayerSpec | None = None
        skip: ast.Condition | None = None
        eliminated: ast.Condition | None = None
        showdown: tuple[str, str] | None = None
        turn_start: tuple[Any, ...] = ()
        wilds: dict[int, tuple[int, ...]] = {}
        wild_rules: dict[int, RuleInfo] = {}
        match: MatchSpec | None = None
        for stmt in statements:
            if isinstance(stmt, ast.BuildDecl):
                build = self.check_build(stmt)
                if build:
                    builds[stmt.name] = build
            elif isinstance(stmt, ast.MoveDecl):
                actions[stmt.name] = self.check_move(stmt)
            elif isinstance(stmt, ast.CombinationDecl):
                combinations[stmt.name] = self.check_combination(stmt)
            elif isinstance(stmt, ast.ExactPlays) and not self.combination_names:
                self.error(stmt.pos, "plays are told apart by their cards, and the file declares no combinations",
                           "declare the kinds of play ('combination NAME:' blocks)")
            elif isinstance(stmt, ast.WheneverDecl):  # `own` is the player who has just moved
                self.moves_asked = True
                self.check_condition(stmt.condition, per_player=True)
                self.moves_asked = False
                for effect in stmt.effects:
                    self.check_effect(effect, per_player=True)
                triggers.append(TriggerSpec(self.info(stmt, "whenever"), stmt.condition, stmt.effects))
            elif isinstance(stmt, ast.EffectDecl):
                for effect in stmt.effects:
                    self.check_effect(effect, per_player=True)
            elif isinstance(stmt, ast.Eliminated):
                self.check_condition(stmt.condition, per_player=True)
                eliminated = stmt.condition
            elif isinstance(stmt, ast.Showdown):
                showdown = self.check_showdown(stmt)
            elif isinstance(stmt, ast.TurnStart):
                for effect in stmt.effects:
                    self.check_effect(effect, per_player=True)
                turn_start = stmt.effects
            elif isinstance(stmt, ast.WildDecl):
                wild = self.rank_of(stmt.card, "a wild card")
                barred = {self.rank_of(n, "a wild card's exceptions") for n in stmt.exceptions}
                if wild is not None:
                    wilds[wild] = tuple(r for r in sorted(self.deck_ranks) if r < 13 and r not in barred)
                    wild_rules[wild] = self.wild_info(stmt)
            elif isinstance(stmt, ast.DealBlock):
                self.check_deal(stmt.steps, in_player=False)
                deal = stmt.steps
            elif isinstance(stmt, ast.FirstPlayer):
                first = self.check_first(stmt)
            elif isinstance(stmt, ast.Turns) and stmt.skip is not None:
                self.check_condition(stmt.skip, per_player=True)
                skip = stmt.skip
            elif isinstance(stmt, ast.MatchDecl):
                if stmt.condition is not None:
                    self.check_condition(stmt.condition, per_player=True)
                match = MatchSpec(stmt.single_deal, stmt.quantifier, stmt.condition, stmt.pos, stmt.lowest_wins)
        built_zones: dict[str, str] = {}
        for build in builds.values():
            for zone in build.zones:
                if zone in built_zones:
                    self.error(build.info.pos, f"zone '{zone}' already has the building rule '{built_zones[zone]}'")
                built_zones[zone] = build.info.name
        for stmt in statements:
            if isinstance(stmt, ast.PriorityDecl):
                priorities.append(self.check_priority(stmt, actions))
            elif isinstance(stmt, ast.EndDecl):
                self.moves_asked = True
                self.check_condition(stmt.condition, per_player=bool(stmt.quantifier))
                self.moves_asked = False
                if stmt.outcome and self.players_range != (1, 1):
                    said = "the player wins" if stmt.outcome == "won" else "the player loses"
                    self.error(stmt.pos, f"end '{stmt.name}' says '{said}': that is for a one-player game ('players 1')",
                               "with several players, the points say who wins: 'winner scores …', 'each player scores …'")
                if stmt.outcome and stmt.scoring == "again":
                    self.error(stmt.pos, f"end '{stmt.name}' deals again: the deal does not count, so it is neither won "
                                         "nor lost", "drop 'the player wins' / 'the player loses', or 'deal again'")
                for effect in stmt.effects:  # `own` is the player the `when` found, if any
                    self.check_effect(effect, per_player=bool(stmt.quantifier))
                if stmt.scoring == "team" and not self.teams:
                    self.error(stmt.pos, f"end '{stmt.name}' says 'each team scores', and the file declares no teams",
                               "declare the teams ('team north_south: P1 and P3'), or write 'each player scores'")
                elif stmt.scoring == "each" and self.teams:
                    self.error(stmt.pos, f"end '{stmt.name}' says 'each player scores': with teams, a deal scores for "
                               "each team (both partners have the team's score)",
                               "write 'each team scores …' (counted once for each team; 'own' is the team and one of "
                               "its players, 'partner's' the other)")
                if stmt.score is not None:
                    self.check_expr(stmt.score, per_player=True)
                    self.refuse_typed_number(stmt.score, "a score")
                ends.append(EndSpec(self.info(stmt, "end"), stmt.quantifier, stmt.condition, stmt.scoring, stmt.score,
                                    stmt.effects, stmt.outcome))
        self.check_look_aheads(statements)
        if not zones:
            self.error(SourcePos(game_file.path, 1, 1), "the file declares no zones ('zones:' block)")
        if not actions:
            self.error(SourcePos(game_file.path, 1, 1), "the file declares no moves ('move NAME:' blocks)")
        if not any(z.holds_decks for z in zones.values()):
            self.error(SourcePos(game_file.path, 1, 1), "no zone holds any cards ('holds 1 standard deck')")
        if first is None:
            first = FirstPlayerSpec(SourcePos(game_file.path, 1, 1), "fixed", player=0)
        if match is None:
            match = MatchSpec(True, "some", None, None)
        classes = self.check_classes(statements, combinations)
        if self.diagnostics:
            # In the order of the files (variant first, then its bases) and of the lines.
            order = {name: i for i, name in enumerate(files)}
            self.diagnostics.sort(key=lambda d: (order.get(d.pos.file, len(order)), d.pos.line, d.pos.column))
            raise RulesSemanticError(self.diagnostics)
        rules: dict[str, RuleInfo] = {}
        self.check_effect_cycles()
        specs: list[Any] = [*builds.values(), *actions.values(), *priorities, *ends, *combinations.values(), *triggers,
                            *self.melds.values()]
        for block in self.effect_blocks.values():
            rules[block.name] = self.info(block, "effect")
        for spec in specs:
            rules[spec.info.name] = spec.info
        for info in wild_rules.values():
            rules[info.name] = info
        return GameModel(
            title=title, path=game_file.path, files=files, min_players=low, max_players=high,
            options=options, option_info=option_info, option_ranges=option_ranges,
            counted_options=frozenset(self.counted_options), orders=orders, colours=colours, zones=zones,
            suit_orders=suit_orders, points=points,
            builds=builds, deal=deal, first_player=first, counters=counters, values=values,
            actions=actions, priorities=tuple(priorities), ends=tuple(ends), match=match, rules=rules,
            phases=tuple(self.phases), combinations=combinations, triggers=tuple(triggers), skip=skip, melds=self.melds,
            eliminated=eliminated, showdown=showdown, turn_start=turn_start, wilds=wilds, wild_rules=wild_rules, effect_blocks={n: b.effects for n, b in self.effect_blocks.items()},
            teams=self.teams, sides=self.sides, sequences=dict(self.sequences), exact_plays=self.exact_plays, classes=classes,
        )

    def check_classes(self, statements: list[Any], combinations: dict[str, CombinationSpec]) -> tuple:
        """`class NAME: k1, k2, …`: kinds of combination, each in one class at most, of one tier,
        in a game whose plays are told apart by their cards."""
        found = []
        seen: dict[str, str] = {}
        for stmt in statements:
            if not isinstance(stmt, ast.ClassDecl):
                continue
            if not self.exact_plays:
                self.error(stmt.pos, f"class '{stmt.name}' orders kinds of play, and this game counts plays by rank",
                           "declare 'plays are told apart by their cards', or say it with 'tier N'")
            names = []
            for name in stmt.kinds:
                if name.text not in combinations:
                    self.unknown(name.pos, "combination", name.text, combinations)
                elif name.text in seen:
                    self.error(name.pos, f"combination '{name.text}' is in class '{seen[name.text]}' already",
                               "a kind of play belongs to one class at most")
                else:
                    seen[name.text] = stmt.name
                    names.append(name.text)
            if len(stmt.kinds) < 2:
                self.error(stmt.pos, f"class '{stmt.name}' lists one kind: a class orders two kinds or more")
            tiers = {combinations[n].tier for n in names}
            if len(tiers) > 1:
                self.error(stmt.pos, f"class '{stmt.name}' lists kinds of different tiers",
                           "a tier beats every lower one already: give the kinds of a class one tier")
            found.append((self.info(stmt, "class"), tuple(names)))
        return tuple(found)

    def check_sides(self, statements: list[Any]) -> Any:
        """`sides: EXPR against the others`: a number for the whole table (the seat that plays alone),
        in a file without fixed teams. Returns the expression, or None."""
        decl = next((s for s in statements if isinstance(s, ast.SidesDecl)), None)
        if decl is None:
            return None
        if self.teams:
            self.error(decl.pos, "'sides:' and 'team' lines both say who plays together: the teams are fixed "
                       "already", "keep the 'team' lines for partnerships that never change, or 'sides:' for "
                       "sides the play decides")
            return None
        before = len(self.diagnostics)
        self.check_expr(decl.alone, per_player=False)
        if len(self.diagnostics) > before:
            return None
        return decl.alone

    def check_teams(self, statements: list[Any], low: int, high: int) -> tuple[TeamSpec, ...]:
        """`team NAME: P1 and P3` lines: seats that exist, each in exactly one team, for a fixed
        number of players (a range would leave some seats of the teams empty)."""
        decls = [s for s in statements if isinstance(s, ast.TeamDecl)]
        if not decls:
            return ()
        teams: list[TeamSpec] = []
        first_at: dict[str, SourcePos] = {}
        team_of: dict[int, str] = {}
        for decl in decls:
            if decl.name in first_at:
                self.error(decl.name_pos or decl.pos,
                           f"team '{decl.name}' is declared twice (first at line {first_at[decl.name].line})")
                continue
            first_at[decl.name] = decl.pos
            if _seat_number(decl.name) is not None:
                self.error(decl.name_pos or decl.pos, f"team '{decl.name}': a team is named, not numbered like a seat",
                           "call it by a name of its own ('team north_south: …')")
            seats: list[int] = []
            for seat in decl.seats:
                number = _seat_number(seat.text)
                if number is None:
                    self.error(seat.pos, f"team '{decl.name}': '{seat.text}' is not a seat",
                               f"write the seats as P1, P2 … (P1 to P{high}): 'team {decl.name}: P1 and P3'")
                elif number >= high:
                    self.error(seat.pos, f"team '{decl.name}': seat {seat.text} does not exist, the game has {high} "
                               f"player{'s' if high != 1 else ''} (P1 to P{high})",
                               f"list seats from P1 to P{high}, or write 'players {number + 1}'")
                elif number in team_of:
                    where = "this team" if team_of[number] == decl.name else f"team '{team_of[number]}'"
                    self.error(seat.pos, f"{seat.text} is in {where} already: a seat is in exactly one team",
                               f"list {seat.text} once")
                else:
                    team_of[number] = decl.name
                    seats.append(number)
            teams.append(TeamSpec(decl.name, tuple(seats), decl.pos))
        if low != high:
            self.error(decls[0].pos, f"teams need every seat, and 'players {low}..{high}' lets fewer play: with "
                       f"{low} players some seats of the teams would not exist",
                       f"fix the player count ('players {len(team_of) or high}'), or make a variant for each count "
                       "of players with its own teams")
        else:
            missing = [f"P{s + 1}" for s in range(high) if s not in team_of]
            if missing:
                self.error(decls[-1].pos, f"{', '.join(missing)} {'is' if len(missing) == 1 else 'are'} in no team: "
                           "with teams, every seat is in exactly one",
                           f"add {missing[0]} to a team ('team {decls[-1].name}: … and {missing[0]}'), "
                           f"or write a line 'team NAME: {' and '.join(missing)}'")
        if len(teams) < 2:
            self.error(decls[0].pos, "a game of teams has two teams or more",
                       "write a line for each team: 'team north_south: P1 and P3', 'team east_west: P2 and P4'")
        return tuple(teams)

    def info(self, stmt: Any, kind: str) -> RuleInfo:
        return RuleInfo(stmt.name, kind, getattr(stmt, "description", ""), getattr(stmt, "section", ""), stmt.pos)

    @staticmethod
    def wild_info(stmt: ast.WildDecl) -> RuleInfo:
        """A `wild` declaration as a rule `explain` can cite: `wild JK: any rank but A — file:line`."""
        but = f" but {' '.join(n.text for n in stmt.exceptions)}" if stmt.exceptions else ""
        return RuleInfo(f"wild {stmt.card.text}", "wild", f"any rank{but}", "", stmt.pos)

    # ---- cards ------------------------------------------------------------------------
    def rank_of(self, name: ast.Name, what: str) -> int | None:
        rank = cards.rank_from_text(name.text)
        if rank is None:
            self.error(name.pos, f"'{name.text}' is not a rank in {what}",
                       did_you_mean(name.text, cards.RANK_TEXT) or "ranks are A 2 3 4 5 6 7 8 9 10 J Q K BJ RJ JK")
        return rank

    def check_order(self, stmt: ast.OrderDecl, orders: dict) -> tuple[int, ...]:
        if stmt.name in orders:
            self.error(stmt.name_pos or stmt.pos, f"order '{stmt.name}' is declared twice")
        ranks: list[int] = []
        for name in stmt.ranks:
            rank = self.rank_of(name, f"order '{stmt.name}'")
            if rank is None:
                continue
            if rank in ranks:
                ends = (rank == ranks[0] and name is stmt.ranks[-1] and len(ranks) > 1
                        and ranks.count(rank) == 1)
                if ends and (self.exact_plays or stmt.name in self.meld_orders):  # the ace low and high: runs only
                    ranks.append(rank)
                    self.both_ends[stmt.name] = (rank,)
                    continue
                hint = ("a rank at both ends (the ace low and high) is for runs: of melds, or of combinations"
                        " in a game whose 'plays are told apart by their cards'" if ends else
                        "an order lists each rank once (only its first rank may come again, at its end, for runs)")
                self.error(name.pos, f"rank {name.text} appears twice in order '{stmt.name}'", hint)
                continue
            ranks.append(rank)
        return tuple(ranks)

    def check_points(self, stmt: ast.PointsDecl) -> dict[int, float]:
        values: dict[int, float] = {}
        for name, value in stmt.values:
            rank = self.rank_of(name, f"points '{stmt.name}'")
            if rank is None:
                continue
            if rank in values:
                self.error(name.pos, f"rank {name.text} has two values in points '{stmt.name}'")
            values[rank] = value
        return values

    def check_suits(self, names: tuple[ast.Name, ...], pos: SourcePos, what: str) -> tuple[int, ...]:
        suits = []
        for name in names:
            suit = SUITS.get(name.text.upper() if len(name.text) == 1 else name.text)
            if suit is None:
                self.error(name.pos, f"'{name.text}' is not a suit in {what}", "suits are S H D C")
            elif suit in suits:
                self.error(name.pos, f"suit {name.text} appears twice in {what}")
            else:
                suits.append(suit)
        return tuple(suits)

    def check_colours(self, colours: dict[str, tuple[int, ...]], statements: list[Any]) -> None:
        seen: dict[int, str] = {}
        for stmt in statements:
            if isinstance(stmt, ast.ColourDecl):
                for name in stmt.suits:
                    suit = SUITS.get(name.text.upper() if len(name.text) == 1 else name.text)
                    if suit is None:
                        continue
                    if suit in seen and seen[suit] != stmt.name:
                        self.error(name.pos, f"suit {cards.SUIT_TEXT[suit]} is already {seen[suit]}")
                    seen[suit] = stmt.name

    def ranks_in_play(self, zones: dict[str, ZoneSpec]) -> set[int]:
        ranks: set[int] = set()
        for zone in zones.values():
            if zone.holds_decks:
                ranks.update(zone.holds_ranks)
            if zone.holds_jokers == 2:
                ranks.update((cards.BLACK_JOKER, cards.RED_JOKER))
            elif zone.holds_jokers:
                ranks.add(cards.JOKER)
        return ranks

    # ---- zones ------------------------------------------------------------------------
    def check_zone(self, decl: ast.ZoneDecl, low: int, high: int) -> ZoneSpec:
        for pos, problem in decl.problems:
            self.error(pos, problem)
        count = 1
        if decl.count is not None:
            count = int(decl.count)
            if count != decl.count or count < 1:
                self.error(decl.pos, f"zone '{decl.name}' needs a whole number of instances, not {decl.count:g}")
                count = 1
            elif count > limits.MAX_ZONE_FAMILY:
                self.error(decl.pos, f"zone '{decl.name}' has {count} instances: a family has at most "
                           f"{limits.MAX_ZONE_FAMILY}")
                count = 1
        if decl.owner is None:
            self.error(decl.pos, f"zone '{decl.name}' must say whose it is: 'each player' or 'shared'")
        elif decl.owner == "team" and not self.teams:
            self.error(decl.pos, f"zone '{decl.name}' is 'each team', and the file declares no teams",
                       "declare the teams ('team north_south: P1 and P3'), or write 'each player'")
        if decl.kind is None:
            self.error(decl.pos, f"zone '{decl.name}' must say what it is: pile, row, slot, fan or pool")
        group = 0
        if decl.group is not None:
            group = int(decl.group)
            if decl.owner in ("each", "team"):
                self.error(decl.pos, f"'{group:g} per player' only makes sense for a shared zone; '{decl.name}' is each "
                           f"{'player' if decl.owner == 'each' else 'team'}'s")
            elif group * low != count or low != high:
                self.error(decl.pos, f"zone '{decl.name}' has {count} instances, which is not {group} per player for {low}"
                           + (f" to {high}" if high != low else "") + " players")
        face = decl.face or "up"
        if face == "owner_down":
            self.error(decl.pos, f"zone '{decl.name}': write 'face up to owner' (its owner sees the cards)")
            face = "owner"
        if face == "owner" and decl.owner != "each":
            self.error(decl.pos, f"zone '{decl.name}' is {'each team' + chr(39) + 's' if decl.owner == 'team' else 'shared'}:"
                       " 'face up to owner' needs a zone of each player")
        if decl.sorted_by is not None and decl.sorted_by.text not in self.orders:
            self.unknown(decl.sorted_by.pos, "order", decl.sorted_by.text, self.orders)
        if decl.top_face:
            if decl.top_face == face:
                self.error(decl.pos, f"zone '{decl.name}': 'top face {decl.top_face}' says nothing new after 'face {face}'")
            elif face == "up":
                self.error(decl.pos, f"zone '{decl.name}': a face-up zone with its top face down is not supported")
            else:
                face = "down_top_up"
        decks = jokers = 0
        ranks: list[int] = []
        if decl.holds is not None:
            holds = decl.holds
            if holds.deck.text not in KNOWN_DECKS:
                self.unknown(holds.deck.pos, "deck", holds.deck.text, KNOWN_DECKS)
            decks, jokers = int(holds.count), int(holds.jokers)
            if decks != holds.count or jokers != holds.jokers or not 0 <= decks <= 8 or not 0 <= jokers <= 8:
                self.error(holds.pos, f"zone '{decl.name}' holds a whole number of decks and jokers (at most 8)")
                decks, jokers = max(0, min(decks, 8)), max(0, min(jokers, 8))
            for name in holds.ranks:
                rank = self.rank_of(name, f"the cards of zone '{decl.name}'")
                if rank is not None and rank >= cards.BLACK_JOKER:
                    self.error(name.pos, "jokers are added with 'with N jokers', not listed among the ranks")
                elif rank is not None:
                    if rank in ranks:
                        self.error(name.pos, f"rank {name.text} is listed twice")
                    ranks.append(rank)
        suit_sets: list[tuple[int, ...]] = []
        if decl.holds is not None and decl.holds.suits:
            if decl.owner != "each":
                self.error(decl.holds.pos, f"zone '{decl.name}': 'in suits A B / C D' gives each player's part:"
                           " the zone must belong to each player")
            for group_names in decl.holds.suits:
                suit_sets.append(self.check_suits(group_names, decl.holds.pos, f"zone '{decl.name}'"))
            if len(suit_sets) < high:
                self.error(decl.holds.pos, f"zone '{decl.name}' gives suits for {len(suit_sets)} players;"
                           f" the game has up to {high}")
        differ = decl.empties_differ is not None
        if differ:
            pos, word = decl.empties_differ
            kind = decl.kind or "pile"
            if decl.count is None:
                self.error(pos, f"zone '{decl.name}' is a single zone: 'empty {word} differ' is for a family",
                           f"write '{decl.name}[N]: ...' for N of them, or leave 'empty {word} differ' out")
            elif word != kind + "s":
                self.error(pos, f"zone '{decl.name}' is a {kind}: its empty ones are 'empty {kind}s', not 'empty {word}'",
                           f"write 'empty {kind}s differ'")
        per_suit = decl.per_suit is not None
        if per_suit:
            if decl.count is None or decl.count != 4 or decl.owner == "each":
                self.error(decl.per_suit, f"zone '{decl.name}': 'one per suit' binds each of four shared piles to a suit",
                           f"write '{decl.name}[4]: shared, ..., one per suit'")
            elif decl.holds is not None:
                self.error(decl.per_suit, f"zone '{decl.name}': a zone bound to suits starts empty ('holds' is for a deck)")
        info = RuleInfo(decl.name, "zone", "", "", decl.pos)
        return ZoneSpec(decl.name, count, decl.owner == "each", decl.kind or "pile", face, group, decks, jokers,
                        decl.count is not None, info, decl.sorted_by.text if decl.sorted_by else None,
                        tuple(sorted(ranks)) if ranks else cards.STANDARD_RANKS, tuple(suit_sets), decl.keeps_up,
                        differ, per_suit, tuple((c.name, c.variable, c.offset, c.fixed, c.pos) for c in decl.covered),
                        decl.records_players, decl.owner == "team")

    def check_covers(self, zones: dict[str, ZoneSpec]) -> None:
        """`covered by ZONE[i+N] and …`: zones that exist, of the same owner, numbers that exist for
        every instance of the family declared."""
        for zone in zones.values():
            for name, variable, offset, fixed, pos in zone.covered:
                other = zones.get(name)
                if other is None:
                    self.unknown(pos, "zone", name, zones)
                    continue
                if other.per_player != zone.per_player:
                    self.error(pos, f"zone '{zone.name}' is {'each player' + chr(39) + 's' if zone.per_player else 'shared'}"
                               f" and '{name}' is {'each player' + chr(39) + 's' if other.per_player else 'shared'}:"
                               " a zone is covered by zones of the same owner")
                    continue
                if variable is not None:
                    if not zone.indexed:
                        self.error(pos, f"'{name}[{variable}…]': zone '{zone.name}' is a single zone, it has no"
                                   f" number '{variable}'", f"write '{name} N' ('{name}[3]') or declare '{zone.name}[N]'")
                        continue
                    if variable != "i":
                        self.error(pos, f"'{variable}' in '{name}[{variable}…]': the number of the instance declared"
                                   " is 'i'", f"write '{name}[i]', '{name}[i+1]'")
                        continue
                    if abs(offset) > 1000:
                        self.error(pos, "an instance's number is 'i' plus or minus a whole number")
                        continue
                    if not other.indexed:
                        self.error(pos, f"zone '{name}' is a single zone: write '{name}' without a number")
                        continue
                    bad = [i for i in range(1, zone.count + 1) if not 1 <= i + offset <= other.count]
                    if bad:
                        shown = f"i{offset:+d}" if offset else "i"
                        self.error(pos, f"'{name}[{shown}]' does not exist for {zone.name} {bad[0]}: {name} has "
                                   f"{other.count} (1 to {other.count})")
                        continue
                    if name == zone.name and offset == 0:
                        self.error(pos, f"zone '{zone.name}' cannot be covered by itself")
                elif fixed is not None:
                    if not other.indexed:
                        self.error(pos, f"zone '{name}' is a single zone: write '{name}' without a number")
                    elif not 1 <= fixed <= other.count:
                        self.error(pos, f"{name} {fixed} does not exist: there are {other.count}")
                    elif name == zone.name and zone.count == 1:
                        self.error(pos, f"zone '{zone.name}' cannot be covered by itself")
                elif name == zone.name:
                    self.error(pos, f"zone '{zone.name}' cannot be covered by itself")

    def check_zone_sizes(self, zones: dict[str, ZoneSpec], players: int) -> None:
        """The zone instances, and the cards they hold before the deal, with the most players:
        each past its limit is reported at the zone declaration that goes past it."""
        instances = held = 0
        for zone in zones.values():
            owners = players if zone.per_player else max(1, len(self.teams)) if zone.per_team else 1
            instances += zone.count * owners
            if instances > limits.MAX_ZONE_INSTANCES:
                self.error(zone.info.pos, f"with {players} players the zones come to {instances} instances or more:"
                           f" a game has at most {limits.MAX_ZONE_INSTANCES}")
                return
            suits = sum(len(s) for s in zone.holds_suits[:owners]) if zone.holds_suits else 4 * owners
            held += zone.count * (zone.holds_decks * len(zone.holds_ranks) * suits + zone.holds_jokers * owners)
            if held > limits.MAX_CARDS:
                self.error(zone.info.pos, f"with {players} players the zones hold {held} cards or more before the"
                           f" deal: a game has at most {limits.MAX_CARDS}")
                return

    def check_owner(self, owner: str | None, pos: SourcePos) -> None:
        """A possessive owner (`dealer's`, `winner's`) names a player through a shared counter."""
        if owner is None or owner in ("own", "each", "opponent's"):
            return
        if owner == "this":
            self.error(pos, "'this' names the zone a 'for each ZONE' is at: a counter or value is not a zone",
                       "write own, opponent's, winner's or COUNTER's")
            return
        if owner == "other team's":
            if not self.teams:
                self.error(pos, "'other team's' needs teams, and the file declares none",
                           "declare them: 'team north_south: P1 and P3', 'team east_west: P2 and P4'")
            elif len(self.teams) != 2:
                self.error(pos, f"'other team's' needs exactly two teams, and the file declares {len(self.teams)}",
                           "name the team's player another way ('COUNTER's', 'partner's')")
            return
        if owner == "partner's" and self.teams:
            larger = [t for t in self.teams if len(t.seats) != 2]
            if larger:
                self.error(pos, f"'partner's' names a player's one partner, and team '{larger[0].name}' has "
                           f"{len(larger[0].seats)} player{'s' if len(larger[0].seats) != 1 else ''}",
                           "it is for teams of two: write 'own' for a counter of each team")
            return
        name = owner[:-2]
        if name in SEAT_OWNERS:
            return
        if name in self.move_choices:
            if self.move_choices[name] != "player":
                self.error(pos, f"'{owner}': '{name}' is a {self.move_choices[name]} chosen, not a player")
            return
        if name in self.values and name not in self.counters:  # a value that gives a seat: `receiver's hand`
            return
        counter = self.counters.get(name)
        if counter is not None and counter.holds != "number":
            self.error(pos, f"'{owner}': counter '{name}' holds a {counter.holds}, not a seat",
                       "a counter that names a player holds a number (its seat)")
            return
        if counter is None or counter.per_player or counter.per_team:
            choices = ([n for n, c in self.counters.items() if not c.per_player and not c.per_team]
                       + list(SEAT_OWNERS) + ["opponent"])
            hint = (did_you_mean(name, choices + list(self.values))
                    or "write own, opponent's, winner's, COUNTER's or VALUE's")
            if name == "partner" and counter is None:
                hint = "'partner's' is for games of teams: declare them ('team north_south: P1 and P3')"
            self.error(pos, f"'{owner}': '{name}' is not a shared counter holding a seat, nor a value", hint)

    def check_fixed_owner(self, ref: ast.ZoneRef, where: str) -> None:
        """Moves and priorities list their zones once for each player to move: `own`, `opponent's`
        and shared zones, never a seat that a counter holds or the position decides."""
        if ref.owner and ref.owner not in ("own", "each", "opponent's"):
            counter = ref.owner[:-2]
            hint = (f"write 'own {ref.name}' and add 'only when seat = {counter}'" if counter in self.counters
                    else f"the zones a move lists do not depend on its choice: let its effects move the card on "
                         f"('move top of … to {ref.owner} {ref.name}')" if counter in self.move_choices
                    else f"write 'own {ref.name}' or 'opponent's {ref.name}'")
            self.error(ref.pos, f"'{ref.owner} {ref.name}' in {where}: a move's zones are the mover's own, the "
                       "opponent's or shared ones", hint)

    def check_family(self, family: ast.Name, what: str) -> bool:
        """The family a `for each ZONE` / `some ZONE with (…)` goes over: a shared zone's instances."""
        zone = self.zones.get(family.text)
        if zone is None:
            self.unknown(family.pos, "zone", family.text, self.zones)
            return False
        if zone.per_player:
            self.error(family.pos, f"'{what} {family.text}': zone '{family.text}' belongs to each player; "
                       "this goes over the instances of a shared zone",
                       f"write '{'count of players with' if what == 'count of' else what + ' player'}"
                       f"{'' if what == 'count of' else ' with' if what != 'for each' else ''}' and 'own {family.text}' inside")
            return False
        return True

    def check_zone_ref(self, ref: ast.ZoneRef, per_player: bool = True) -> ZoneSpec | None:
        zone = self.zones.get(ref.name)
        if ref.owner == "this":
            if zone is None:
                self.unknown(ref.pos, "zone", ref.name, self.zones)
                return None
            if ref.name not in self.this_families:
                self.error(ref.pos, f"'this {ref.name}' names the {ref.name} that a 'for each {ref.name}', "
                           f"'some {ref.name} with (…)', 'every {ref.name} with (…)' or 'count of {ref.name} with (…)' "
                           "is at, and none is around it here", f"write '{ref.name}' or '{ref.name} N'")
            if ref.index is not None:
                self.error(ref.pos, f"'this {ref.name}' is one zone already: drop the number {ref.index:g}")
            return zone
        self.check_owner(ref.owner, ref.pos)
        if zone is None:
            self.unknown(_name_pos(ref), "zone", ref.name, self.zones)
            return None
        if ref.owner == "other team's" and len(self.teams) == 2 and not zone.per_team:  # (else `check_owner` has said so)
            self.error(ref.pos, f"'other team's {ref.name}': the other team has several players, and a zone belongs "
                       "to one", f"write \"partner's {ref.name}\", \"opponent's {ref.name}\" or a seat counter's")
            return zone
        if ref.owner == "other team's":
            return zone
        if ref.owner and ref.owner not in ("own", "each", "opponent's") and not (zone.per_player or zone.group
                                                                                 or zone.per_team):
            self.error(ref.pos, f"zone '{ref.name}' is shared: '{ref.owner}' needs a zone of each player")
        if ref.owner in ("own", "opponent's") and not (zone.per_player or zone.group or zone.per_team):
            self.error(ref.pos, f"zone '{ref.name}' is shared: '{ref.owner}' needs a zone of each player"
                       " (or a shared zone dealt 'N per player')")
        if ref.owner == "opponent's" and self.players_range[1] > 2 and not per_player:
            self.error(ref.pos, "'opponent's' needs a two-player game here")
        if ref.owner in ("own", "opponent's", "partner's") and not per_player:
            self.error(ref.pos, f"'{ref.owner} {ref.name}' needs a player, and none is in play here")
        if ref.index is not None:
            limit = zone.group if (ref.owner and zone.group) else zone.count
            if ref.index != int(ref.index):
                self.error(ref.pos, f"{ref.name} {ref.index:g}: a zone number must be a whole number")
            elif not 1 <= ref.index <= limit:
                self.error(ref.pos, f"{ref.name} {ref.index} does not exist: there are {limit}")
        return zone

    # ---- expressions and conditions -------------------------------------------------------
    def typed_start(self, stmt: ast.CounterDecl) -> float:
        """Where a counter holding a suit, rank or card starts: `none` (-1) unless `starts VALUE`."""
        if stmt.start == 0.0 or stmt.start == "none":
            return -1.0
        text = str(int(stmt.start)) if isinstance(stmt.start, float) and stmt.start == int(stmt.start) else str(stmt.start)
        value = literal_values(text, tuple(self.colours)).get(stmt.holds)
        if value is None:
            self.error(stmt.pos, f"counter '{stmt.name}' holds a {stmt.holds}, and '{text}' is not one",
                       f"write 'starts none' or a {stmt.holds} ('starts H', 'starts K', 'starts 7H')")
            return -1.0
        return float(value)

    def check_expr(self, expr: Any, per_player: bool, in_move: bool = False) -> None:
        if isinstance(expr, ast.Num):
            return
        if self.check_card_expr(expr, per_player, in_move):
            return
        if isinstance(expr, ast.NameRef):
            self.check_name_ref(expr, per_player)
        elif isinstance(expr, (ast.SizeOf, ast.TopOf)):
            self.check_zone_ref(expr.zone, per_player)
        elif isinstance(expr, ast.Call):
            for arg in expr.args:
                self.check_expr(arg, per_player, in_move)
                self.refuse_typed_number(arg, f"'{expr.function}(…)'")
        elif isinstance(expr, ast.BinOp):
            self.check_expr(expr.left, per_player, in_move)
            self.check_expr(expr.right, per_player, in_move)
            self.refuse_typed_number(expr.left, f"'{expr.op}'")
            self.refuse_typed_number(expr.right, f"'{expr.op}'")
        elif isinstance(expr, ast.Neg):
            self.check_expr(expr.operand, per_player, in_move)
            self.refuse_typed_number(expr.operand, "'-'")
        elif isinstance(expr, ast.SuitsIn):
            self.check_zone_ref(expr.zone, per_player)
        elif isinstance(expr, ast.Deadwood):
            self.check_deadwood(expr, per_player, in_move)
        elif isinstance(expr, ast.SumBy):
            self.check_zone_ref(expr.zone, per_player)
            if expr.points.text not in self.points:
                self.unknown(expr.points.pos, "points", expr.points.text, self.points)
        elif isinstance(expr, ast.CardKey):
            self.check_zone_ref(expr.zone, per_player)
            if expr.kind == "best_suit":
                if expr.order.text not in self.points:
                    self.unknown(expr.order.pos, "points", expr.order.text, self.points)
                if expr.suit_order and expr.suit_order.text not in self.suit_orders:
                    self.unknown(expr.suit_order.pos, "suit order", expr.suit_order.text, self.suit_orders)
                if expr.then_order and expr.then_order.text not in self.orders:
                    self.unknown(expr.then_order.pos, "order", expr.then_order.text, self.orders)
            elif expr.order.text not in self.orders:
                self.unknown(expr.order.pos, "order", expr.order.text, self.orders)
        elif isinstance(expr, ast.OverZones):
            self.check_over_zones(expr, per_player, in_move)
        elif isinstance(expr, ast.OverPlayers):
            if expr.kind == "count":
                self.check_condition(expr.item, per_player=True)
            else:
                self.check_expr(expr.item, per_player=True)
        elif isinstance(expr, ast.HiddenCards):
            self.check_zone_ref(expr.zone, per_player)
        elif isinstance(expr, ast.NextPlayer):
            self.check_expr(expr.seat, per_player, in_move)
        elif isinstance(expr, ast.IfExpr):
            self.check_expr(expr.then, per_player, in_move)
            self.check_condition(expr.condition, per_player, in_move)
            self.check_expr(expr.otherwise, per_player, in_move)

    def check_name_ref(self, ref: ast.NameRef, per_player: bool) -> None:
        name = ref.name
        self.check_owner(ref.owner, ref.pos)
        if name in self.move_choices and ref.owner is None:
            return  # a suit or rank chosen is typed as one (card_checks.typer): refused where a number is wanted
        known = list(self.options) + list(self.counters) + list(self.values) + list(BUILTIN_PER_PLAYER) + list(BUILTIN_SHARED)
        if name in BUILTIN_SHARED and name not in self.counters and name not in self.values:
            if ref.owner:
                self.error(ref.pos, f"'{name}' belongs to the game, not to a player: drop '{ref.owner}'")
            return
        if name in self.options:
            if ref.owner:
                self.error(ref.pos, f"option '{name}' belongs to the game, not to a player: drop '{ref.owner}'")
            elif isinstance(self.options[name], str):  # nothing compares or counts with a word
                self.error(ref.pos, f"option '{name}' is the word '{self.options[name]}': an expression needs a number",
                           f"give the option a number: 'option {name} = 1'")
            return
        if ref.owner == "other team's" and not (name in self.counters and self.counters[name].per_team) and name != "score":
            self.error(ref.pos, f"'other team's {name}': the other team has several players; 'other team's' reads a "
                       "counter of each team or the score", f"write \"opponent's {name}\", \"partner's {name}\", or "
                       "keep the number in a counter of each team")
            return
        if name in self.counters and not self.counters[name].per_player and not self.counters[name].per_team:
            if ref.owner:
                self.error(ref.pos, f"counter '{name}' is shared: drop '{ref.owner}'")
            return
        if name in self.values and name in self.shared_values:
            return
        if name in self.counters or name in self.values or name in BUILTIN_PER_PLAYER:
            if ref.owner is None:
                self.error(ref.pos, f"'{name}' belongs to each player: say whose ('own {name}', \"opponent's {name}\")")
            elif ref.owner == "each":
                self.error(ref.pos, f"'each {name}' is not a single number: use 'own' or \"opponent's\"")
            elif not per_player:
                self.error(ref.pos, f"'{ref.owner} {name}' needs a player, and none is in play here")
            elif ref.owner == "opponent's" and self.players_range[1] > 2:
                self.error(ref.pos, f"\"opponent's {name}\" needs a two-player game")
            return
        known += list(self.move_choices)
        if name == "none" and ref.owner is None:
            self.error(ref.pos, "'none' is what a counter that holds a suit, a rank or a card holds when it holds "
                       "nothing; here a number is wanted", "declare the counter '…, holds a suit' (or a rank, a card)")
            return
        self.unknown(ref.pos, "name", name, known)

    def check_over_zones(self, node: ast.OverZones, per_player: bool, in_move: bool) -> None:
        what = "count of" if node.kind == "count" else node.kind
        if self.check_family(node.family, what):
            self.this_families.append(node.family.text)
            self.check_condition(node.condition, per_player, in_move)
            self.this_families.pop()

    def check_condition(self, cond: Any, per_player: bool, in_move: bool = False) -> None:
        if self.check_card_condition(cond, per_player, in_move):
            return
        if isinstance(cond, ast.OverZones):
            self.check_over_zones(cond, per_player, in_move)
        elif isinstance(cond, ast.OverPlayers):
            self.check_condition(cond.item, per_player=True)
        elif isinstance(cond, ast.Compare):
            self.check_expr(cond.left, per_player, in_move)
            self.check_expr(cond.right, per_player, in_move)
        elif isinstance(cond, ast.ZoneEmpty):
            self.check_zone_ref(cond.zone, per_player)
            if cond.quantifier and cond.zone.index is not None:
                self.error(cond.pos, f"'{cond.quantifier}' needs several zones, not {cond.zone.name} {cond.zone.index}")
        elif isinstance(cond, ast.CanGo):
            self.check_zone_ref(cond.zone, per_player)
            for zone in cond.targets:
                self.check_zone_ref(zone, per_player)
        elif isinstance(cond, ast.HasChosen):
            self.check_zone_ref(cond.zone, per_player)
            kind = self.move_choices.get(cond.name)
            if kind not in ("rank", "suit"):
                chosen = [n for n, k in self.move_choices.items() if k in ("rank", "suit")]
                self.error(cond.pos, f"'has {cond.name}': '{cond.name}' is not a rank or a suit the move chooses",
                           (did_you_mean(cond.name, chosen) if chosen else "")
                           or "write 'choosing a rank r' on the move, then 'own hand has r'")
        elif isinstance(cond, ast.HasOfARank):
            self.check_zone_ref(cond.zone, per_player)
            if cond.count != int(cond.count) or not 1 <= cond.count <= 54:
                self.error(cond.pos, "'has N of a rank' takes a small whole number")
        elif isinstance(cond, ast.IsRanks):
            name = cond.zone.name
            if name in self.counters and name not in self.zones:  # a number counter read as a card
                written = " or ".join(n.text for n in cond.ranks)
                self.error(_name_pos(cond.zone), f"counter '{name}' holds a number: 'is {written}' is for a counter "
                           "that holds a suit, a rank or a card",
                           f"declare it 'counter {name}: …, holds a suit' (or a rank, a card), or compare the "
                           f"number: '{name} = 0'")
                return
            self.check_zone_ref(cond.zone, per_player)
            for name in cond.ranks:
                self.rank_of(name, "this condition")
        elif isinstance(cond, ast.Extreme):
            if not per_player:
                self.error(cond.pos, "'lowest (…)' compares the players: it needs one to be evaluated for")
            for key in cond.keys:
                self.check_expr(key, per_player, in_move)
        elif isinstance(cond, ast.OneSuit):
            self.check_zone_ref(cond.zone, per_player)
        elif isinstance(cond, ast.TopInSequence):
            self.check_zone_ref(cond.zone, per_player)
            if cond.count != int(cond.count) or not 2 <= cond.count <= 104:
                self.error(cond.pos, f"'top {cond.count:g} of … are in sequence': a sequence is of 2 to 104 cards")
            self.sequences[cond.pos] = tuple(self.check_card_predicate(p, "a sequence", empty=False, where="chain")
                                             for p in cond.chain)
            for pos in self._pile_suits(cond.chain):
                self.error(pos, "'the pile's suit' is for building rules", "a sequence's 'while' compares its cards")
        elif isinstance(cond, ast.ZoneClosed):
            self.check_zone_ref(cond.zone, per_player)
        elif isinstance(cond, ast.CanReach):
            self.check_condition(cond.condition, per_player, in_move)
            if not 1 <= cond.depth <= 4:
                self.error(cond.pos, "'can reach (…) within N moves' looks 1 to 4 moves ahead")
        elif isinstance(cond, ast.Shows):
            self.check_zone_ref(cond.zone, per_player)
            self.rank_of(cond.rank, "this condition")
            if cond.quantifier and cond.zone.index is not None:
                self.error(cond.pos, f"'{cond.quantifier}' needs several zones, not {cond.zone.name} {cond.zone.index}")
        elif isinstance(cond, ast.PhaseIs):
            if cond.phase.text not in self.phases:
                self.unknown(cond.phase.pos, "phase", cond.phase.text, self.phases)
        elif isinstance(cond, ast.Played):
            if not in_move:
                self.error(cond.pos, "'played KIND' only makes sense in the effects of a move")
            for kind in cond.kinds:
                if kind.text not in self.combination_names:
                    self.unknown(kind.pos, "combination", kind.text, self.combination_names)
        elif isinstance(cond, ast.SamePosition):
            if cond.times < 2:
                self.error(cond.pos, f"a turn begins {cond.times} times in the same position: every turn does; "
                                     "say 2 or more")
        elif isinstance(cond, ast.MovedFrom):
            if not in_move:
                self.error(cond.pos, "'from ZONE' only makes sense in the effects of a move")
            for zone in cond.zones:
                self.check_zone_ref(zone, per_player)
        elif isinstance(cond, (ast.AllOf, ast.AnyOf)):
            for item in cond.items:
                self.check_condition(item, per_player, in_move)
        elif isinstance(cond, ast.NotCond):
            self.check_condition(cond.item, per_player, in_move)
        elif isinstance(cond, ast.NoMove):
            if not self.moves_asked:
                self.error(cond.pos, "'no move is legal' asks whether the player to move has a legal move: it works in "
                                     "the condition of an 'end' or a 'whenever' rule, tested after each move",
                           "in a move's 'only when', write 'no other move is legal'")
        elif isinstance(cond, ast.OtherMoves):
            said = "another move is legal" if cond.legal else "no other move is legal"
            self.error(cond.pos, f"'{said}' says when a move is offered: write it in a move's 'only when' line, "
                                 "alone or joined to the other conditions by 'and' (never under 'or' or 'not')")

    def look_ahead(self, node: Any, seen: frozenset[str] = frozenset()) -> tuple[int, SourcePos | None]:
        """How many moves the deepest chain of look-aheads nested in `node` searches (through the
        values it names), and where that chain starts in `node`; (0, None) when it looks nowhere."""
        if isinstance(node, ast.CanReach):
            return self.look_ahead(node.condition, seen)[0] + node.depth, node.pos
        if isinstance(node, ast.NameRef):
            decl = self.values.get(node.name)
            if decl is None or node.name in seen:
                return 0, None
            return self.look_ahead(decl.expr, seen | {node.name})[0], node.pos
        found: tuple[int, SourcePos | None] = (0, None)
        children = node if isinstance(node, tuple) else (
            [getattr(node, f) for f in node.__dataclass_fields__ if f != "pos"] if hasattr(node, "__dataclass_fields__") else ())
        for child in children:
            deeper = self.look_ahead(child, seen)
            if deeper[0] > found[0]:
                found = deeper
        return found

    def check_look_aheads(self, statements: list[Any]) -> None:
        """A look-ahead works in a priority: the moves are listed, then the priorities look ahead
        among them. Nested look-aheads multiply their work, so their depths may add up to at most
        MAX_LOOK_AHEAD. Anywhere else it cannot work: in a move's `only when`, the search would list
        the moves and so test it again, without end; ends, triggers and effects are tested while a
        move is made, when nothing looks ahead."""
        most = limits.MAX_LOOK_AHEAD
        for stmt in statements:
            if isinstance(stmt, ast.PriorityDecl):
                roots = [stmt.condition, *(c for _, c in stmt.exceptions)]
                start = stmt.depth if stmt.kind == "lower" else 0
                if stmt.kind == "lower":
                    roots = [stmt.lowered]
                for root in roots:
                    depth, pos = self.look_ahead(root)
                    if depth and start + depth > most:
                        self.error(pos or stmt.pos, f"look-aheads nested in each other search {start + depth} moves ahead"
                                   f" in all: at most {most} (each move ahead multiplies the work by the number of moves)",
                                   "look fewer moves ahead")
            elif not isinstance(stmt, (ast.ValueDecl, ast.OptionDecl, ast.CounterDecl)):
                depth, pos = self.look_ahead(stmt)
                if depth:
                    self.error(pos or stmt.pos, "a look-ahead ('can reach … within N moves') works only in the condition"
                               " of a priority: here it would be tested while moves are listed or made",
                               "say it in a priority: 'forbid MOVE while can reach (…) within N moves'")

    def find_shared_values(self, values: dict[str, ast.ValueDecl]) -> set[str]:
        """Values that do not depend on whose they are (no `own`, `opponent's`, per-player counter)."""
        def depends(node: Any, shared: set[str]) -> bool:
            if isinstance(node, ast.OverPlayers):
                return False  # `own` inside means each player in turn
            if isinstance(node, ast.NameRef):
                if node.owner in ("own", "opponent's", "each", "partner's", "other team's"):
                    return True
                if node.name in values and node.owner is None:
                    return node.name not in shared
                return False
            if isinstance(node, ast.ZoneRef):
                return node.owner in ("own", "opponent's", "partner's")
            if isinstance(node, tuple):
                return any(depends(item, shared) for item in node)
            if hasattr(node, "__dataclass_fields__"):
                return any(depends(getattr(node, f), shared) for f in node.__dataclass_fields__ if f != "pos")
            return False

        shared: set[str] = set()
        changed = True
        while changed:
            changed = False
            for name, decl in values.items():
                if name not in shared and not depends(decl.expr, shared):
                    shared.add(name)
                    changed = True
        return shared

    def check_value_cycles(self, values: dict[str, ast.ValueDecl]) -> None:
        def refs(expr: Any) -> Iterable[ast.NameRef]:
            if isinstance(expr, ast.NameRef) and expr.name in values:
                yield expr
            for child in ("left", "right", "operand"):
                if hasattr(expr, child):
                    yield from refs(getattr(expr, child))
            for arg in getattr(expr, "args", ()):
                yield from refs(arg)

        graph = {name: [ref.name for ref in refs(decl.expr)] for name, decl in values.items()}

        def reaches(source: str, goal: str) -> bool:
            stack, seen = [source], {source}
            while stack:
                for nxt in graph.get(stack.pop(), ()):
                    if nxt == goal:
                        return True
                    if nxt not in seen:
                        seen.add(nxt)
                        stack.append(nxt)
            return False

        for name, decl in values.items():
            # Point at the first reference that leads back to the value itself.
            for ref in refs(decl.expr):
                if ref.name == name or reaches(ref.name, name):
                    through = "" if ref.name == name else f" (through '{ref.name}')"
                    self.error(ref.pos, f"value '{name}' is defined in terms of itself{through}")
                    break

    # ---- deal ----------------------------------------------------------------------------
    def check_deal(self, steps: tuple[Any, ...], in_player: bool) -> None:
        for step in steps:
            if isinstance(step, ast.ForEachPlayer):
                if in_player:
                    self.error(step.pos, "'for each player' inside 'for each player'")
                self.check_deal(step.steps, in_player=True)
            elif isinstance(step, ast.Shuffle):
                for zone in step.zones:
                    self.check_zone_ref(zone, in_player)
            elif isinstance(step, (ast.SetTo, ast.AddTo)):
                self.check_effect(step, per_player=in_player)
            elif isinstance(step, ast.DealCards):
                self.check_zone_ref(step.source, in_player)
                for zone in step.targets:
                    self.check_zone_ref(zone, in_player)
                self.check_deal_amount(step, in_player)
                self.check_deal_face(step)
                self.check_deal_beginning(step, in_player)
                if step.every is not None and step.every.text != "every":
                    self.error(step.every.pos, f"'{step.every.text}' here: deal to 'every' zone of a kind")
                elif step.every is not None and step.amount is None and not step.up_to:
                    self.error(step.every.pos, "'deal rest … to every …' would give the first zone every card: "
                               "drop 'every' to deal the rest one card at a time in rotation")

    def check_deal_face(self, step: ast.DealCards) -> None:
        """`deal … face up` turns the dealt cards up; `face down` keeps them as the zone keeps them,
        so it is refused for a zone that shows every card."""
        if step.face != "down":
            return
        for ref in step.targets:
            zone = self.zones.get(ref.name)
            if zone is not None and zone.face == "up":
                self.error(step.pos, f"'face down': zone '{ref.name}' is face up, and shows every card dealt to it",
                           "leave 'face down' out, or declare the zone 'face down'")

    def check_deal_beginning(self, step: ast.DealCards, in_player: bool) -> None:
        """`beginning with SEAT`: the rotation of a deal to several zones begins with that seat's
        zone, so it needs a seat (a number) and zones of each player among the targets."""
        if step.beginning is None:
            return
        self.check_expr(step.beginning, per_player=in_player)
        self.refuse_typed_number(step.beginning, "'beginning with' (a seat)")
        per_player = [ref for ref in step.targets if ref.name in self.zones and self.zones[ref.name].per_player
                      and ref.owner in (None, "each")]
        if step.every is not None or not per_player:
            self.error(step.pos, "'beginning with' says whose zone a deal in rotation begins with: deal one card "
                       "at a time to a zone of each player ('to each hand beginning with next player after dealer')",
                       "leave 'beginning with' out" if step.every is not None else "deal to 'each ZONE' of the players")

    def check_deal_amount(self, step: ast.DealCards, in_player: bool) -> None:
        """How many cards: a number, `rest`, `up to N`, or any expression (options, counters,
        values: `deal hand_size …`), a whole number of cards."""
        amount, pos = step.amount, step.amount_pos or step.pos
        if isinstance(amount, str):
            if amount in self.options:
                self.check_counted_option(amount, pos)
                return
            names = [*self.options, *self.counters, *self.values, *BUILTIN_SHARED, *BUILTIN_PER_PLAYER]
            if amount not in names and amount not in self.move_choices:
                self.error(pos, f"'{amount}' is not an option, a counter or a value: a deal amount is a number, "
                           "'rest', 'up to N' or an expression of options, counters and values",
                           did_you_mean(amount, names))
                return
            amount = ast.NameRef(pos, None, amount)
        if amount is None:  # `rest`
            return
        if isinstance(amount, float):
            if amount != int(amount) or not 0 <= amount <= limits.MAX_DEAL:
                shown = f"{int(amount)}" if amount == int(amount) else f"{amount:g}"
                self.error(pos, f"a deal's number of cards must be a whole number from 0 to {limits.MAX_DEAL}, "
                           f"not {shown}")
            return
        for chosen in self.move_choices:
            if _names(amount, chosen):
                self.error(pos, f"a deal amount cannot use the move's value '{chosen}'",
                           "deal a number, an option, a counter or a value")
                return
        self.check_expr(amount, per_player=in_player)
        self.refuse_typed_number(amount, "a deal's number of cards")

    def check_counted_option(self, name: str, pos: SourcePos) -> None:
        """An option that says how many cards to deal: a number option whose default is a count."""
        if name not in self.options:
            self.unknown(pos, "option", name, self.options)
            return
        if isinstance(self.options[name], str):
            self.error(pos, f"option '{name}' is a word: a deal needs a number of cards")
            return
        default = self.options[name]
        if (default != int(default) or not 0 <= default <= limits.MAX_DEAL) and name not in self.counted_options:
            self.error(self.option_info[name][1], f"option '{name}' is {default:g}, but line {pos.line} of {pos.file} "
                       f"deals that many cards", f"a number of cards is a whole number from 0 to {limits.MAX_DEAL}")
        self.counted_options.add(name)

    def check_option(self, stmt: ast.OptionDecl, ranges: dict[str, tuple[float, float]]) -> None:
        """A number option's default lies within its range, if it declares one."""
        if stmt.bounds is None:
            return
        low, high = stmt.bounds.low, stmt.bounds.high
        if isinstance(stmt.default, str):
            self.error(stmt.bounds.pos, f"option '{stmt.name}' is a word: only a number option has a range")
        elif low > high:
            self.error(stmt.bounds.pos, f"option '{stmt.name}': 'from {low:g} to {high:g}' is not a range",
                       "write the smaller number first")
        elif not low <= stmt.default <= high:
            self.error(stmt.pos, f"option '{stmt.name}': its default {stmt.default:g} is not from {low:g} to {high:g}")
        else:
            ranges[stmt.name] = (low, high)

    def check_first(self, stmt: ast.FirstPlayer) -> FirstPlayerSpec:
        low, high = self.players_range  # seats are P1 .. P<high>; never list them all (high may be huge)

        def seat(name: ast.Name | None) -> int | None:
            if name is None:
                return None
            if name.text == "random":
                return None
            if name.text == "again":
                return -1  # `ties deal again`
            number = name.text[1:]
            if name.text[:1] == "P" and number.isdigit() and str(int(number)) == number and 1 <= int(number) <= high:
                if int(number) > low:  # it would name nobody when fewer play
                    self.error(name.pos, f"{name.text} does not play when {low} play (the game is for {low} to {high})",
                               "name a seat every game has, from P1 to P" + str(low))
                return int(number) - 1
            seats = [f"P{i}" for i in range(1, min(high, 8) + 1)]
            hint = did_you_mean(name.text, seats + ["random"]) or (
                f"the players are {', '.join(seats)}" if high <= 8 else f"the players are P1 to P{high}")
            self.error(name.pos, f"unknown player '{name.text}'", hint)
            return 0

        if stmt.mode in ("lowest", "highest"):
            for key in stmt.keys:
                self.check_expr(key, per_player=True)
                if self.type_of(key) != "card":
                    self.error(key.pos, "the first-player comparison takes cards: 'top of ZONE', "
                                        "'lowest card of CARDS by ORDER', a counter that holds a card")
            if stmt.order and stmt.order.text not in self.orders:
                self.unknown(stmt.order.pos, "order", stmt.order.text, self.orders)
            ties = seat(stmt.ties) if stmt.ties else None
            if stmt.suit_order and stmt.suit_order.text not in self.suit_orders:
                self.unknown(stmt.suit_order.pos, "suit order", stmt.suit_order.text, self.suit_orders)
            return FirstPlayerSpec(stmt.pos, stmt.mode, stmt.keys, stmt.order.text if stmt.order else None, ties,
                                   suit_order=stmt.suit_order.text if stmt.suit_order else None)
        if stmt.mode == "fixed" and stmt.player is not None and stmt.player.text in {**self.counters, **self.values}:
            ref = ast.NameRef(stmt.player.pos, None, stmt.player.text)  # `first player: dealer`
            self.check_expr(ref, per_player=False)
            self.refuse_typed_number(ref, "'first player:' (a seat)")
            return FirstPlayerSpec(stmt.pos, "expr", keys=(ref,))
        if stmt.mode == "expr":
            self.check_expr(stmt.keys[0], per_player=False)
            self.refuse_typed_number(stmt.keys[0], "'first player:' (a seat)")
            return FirstPlayerSpec(stmt.pos, "expr", keys=stmt.keys)
        if stmt.mode == "fixed":
            return FirstPlayerSpec(stmt.pos, "fixed", player=seat(stmt.player))
        return FirstPlayerSpec(stmt.pos, "random")

    # ---- rules ---------------------------------------------------------------------------
    def check_build(self, stmt: ast.BuildDecl) -> BuildSpec | None:
        for pos, problem in stmt.problems:
            self.error(pos, problem)
        for zone in stmt.zones:
            if zone.text not in self.zones:
                self.unknown(zone.pos, "zone", zone.text, self.zones)
        empty = stmt.empty.kind if stmt.empty else "any"
        ranks: list[int] = []
        empty_test: tuple = ()
        if stmt.empty and stmt.empty.kind == "ranks":
            for name in stmt.empty.ranks:
                rank = self.rank_of(name, f"the building rule '{stmt.name}'")
                if rank is not None:
                    ranks.append(rank)
        if stmt.empty and stmt.empty.kind == "predicate":
            empty_test = tuple(self.check_card_predicate(p, stmt.name, empty=True) for p in stmt.empty.predicate)
        on_top = tuple(self.check_card_predicate(p, stmt.name, empty=False) for p in stmt.on_top)
        for pos in self._pile_suits((*stmt.on_top, *(stmt.empty.predicate if stmt.empty and stmt.empty.kind == "predicate" else ()))):
            unbound = [z.text for z in stmt.zones if z.text in self.zones and not self.zones[z.text].per_suit]
            if unbound:
                self.error(pos, f"'the pile's suit': zone '{unbound[0]}' is not bound to suits",
                           f"declare it '{unbound[0]}[4]: shared, pile, ..., one per suit'")
        read = self._counters_read((*stmt.on_top, *(stmt.empty.predicate if stmt.empty and stmt.empty.kind == "predicate" else ())))
        if len({name for name, _ in read}) > 1:
            first, (name, pos) = read[0][0], next(r for r in read if r[0] != read[0][0])
            self.error(pos, f"building rule '{stmt.name}' reads two counters, '{first}' and '{name}': a rule reads one",
                       "say the other on the move: 'only when the card is same suit as " + name + "'")
        if stmt.empty is None and not stmt.on_top:
            self.error(stmt.pos, f"building rule '{stmt.name}' says nothing: give 'empty:' and/or 'on top:'")
        return BuildSpec(self.info(stmt, "build"), tuple(z.text for z in stmt.zones), empty, tuple(ranks), on_top, empty_test)

    _SUIT_WORDS = {"spades": 0, "hearts": 1, "diamonds": 2, "clubs": 3}

    def _counters_read(self, preds: Any) -> list:
        """(name, place) of each counter these predicates compare a card with (`the card is base`)."""
        found: list = []
        for pred in preds:
            if isinstance(pred, ast.CardIs) and pred.value.text in self.counters and cards.rank_from_text(pred.value.text) is None:
                found.append((pred.value.text, pred.value.pos))
            elif isinstance(pred, ast.PredNot):
                found += self._counters_read((pred.part,))
            elif isinstance(pred, (ast.PredAnd, ast.PredOr)):
                found += self._counters_read(pred.parts)
        return found

    def _pile_suits(self, preds: Any) -> list:
        """Where `the pile's suit` is written among these predicates."""
        found: list = []
        for pred in preds:
            if isinstance(pred, ast.PileSuit):
                found.append(pred.pos)
            elif isinstance(pred, ast.PredNot):
                found += self._pile_suits((pred.part,))
            elif isinstance(pred, (ast.PredAnd, ast.PredOr)):
                found += self._pile_suits(pred.parts)
        return found

    def check_card_predicate(self, pred: Any, rule: str, empty: bool, where: str = "") -> tuple:
        """A card predicate of a building rule, its names resolved: ('rel', Relation),
        ('is', subject, 'rank'|'suit'|'colour', value, negated), ('not', p), ('and'|'or', parts)."""
        if isinstance(pred, ast.PredNot):
            return ("not", self.check_card_predicate(pred.part, rule, empty, where))
        if isinstance(pred, (ast.PredAnd, ast.PredOr)):
            kind = "and" if isinstance(pred, ast.PredAnd) else "or"
            return (kind, tuple(self.check_card_predicate(p, rule, empty, where) for p in pred.parts))
        if isinstance(pred, ast.BareStep):
            words = " or ".join(f"one {s}" for s in pred.steps)
            self.error(pred.pos, f"'{words}' in which order? a step names its order",
                       f"write '{words} in ORDER' (e.g. '{words} in building')")
            return ("const", False)
        if isinstance(pred, ast.CardTest):
            return self.check_building_relation(pred, rule, empty)
        if isinstance(pred, ast.PileSuit):
            if empty and pred.subject == "top":
                self.error(pred.pos, "an empty zone has no top card", "in 'empty:' speak of 'the card' only")
            if pred.owner != "pile's":
                self.error(pred.pos, f"'the {pred.owner} suit' here: a building rule knows the suit of its pile only",
                           "write 'the card is the pile's suit'")
            return ("is", pred.subject, "suit", "pile", pred.negated)
        if isinstance(pred, ast.CardIs):
            if empty and pred.subject == "top":
                if where == "taking":
                    self.error(pred.pos, "a card taken is tested alone: there is no top card here",
                               "speak of 'the card' only ('the card is a K')")
                else:
                    self.error(pred.pos, "an empty zone has no top card", "in 'empty:' speak of 'the card' only")
            text = pred.value.text
            if text in self.colours:
                return ("is", pred.subject, "colour", list(self.colours).index(text), pred.negated)
            suit = SUITS.get(text.upper() if len(text) == 1 else text, self._SUIT_WORDS.get(text.lower()))
            if suit is not None:
                return ("is", pred.subject, "suit", suit, pred.negated)
            rank = cards.rank_from_text(text)
            counter = self.counters.get(text) if rank is None else None
            if counter is not None and where:
                test = ("the test of the cards taken" if where != "chain" else
                        f"the relation of {rule}" if rule in ("a pair", "a sequence") else "a group's 'while' test")
                self.error(pred.value.pos, f"'{text}' is a counter: {test} is made once, when the game is loaded, "
                           "and reads none (building rules do)",
                           f"write a rank, a suit or a colour, or say it on the move: 'only when rank of the card = {text}'")
                return ("const", False)
            if counter is not None:  # `the card is base`: a rank or suit a counter holds
                if counter.holds not in ("rank", "suit"):
                    self.error(pred.value.pos, f"'{text}' holds a {counter.holds}: a building rule compares a card "
                               "with a rank or a suit a counter holds",
                               f"declare it 'counter {text}: shared, holds a rank' (or 'holds a suit')")
                    return ("const", False)
                if counter.per_player or counter.per_team:
                    self.error(pred.value.pos, f"'{text}' is a counter of each player: a building rule has no player "
                               "to read it for", f"declare it 'counter {text}: shared, holds a {counter.holds}'")
                    return ("const", False)
                return ("is", pred.subject, counter.holds, ("counter", text), pred.negated)
            if rank is None:
                self.error(pred.value.pos, f"'{text}' is not a rank, a suit or a colour in the building rule '{rule}'",
                           did_you_mean(text, list(cards.RANK_TEXT) + list(self._SUIT_WORDS) + list(self.colours))
                           or "write a rank (A 2 ... 10 J Q K), a suit (H S D C or hearts ...) or a declared colour")
                return ("const", False)
            return ("is", pred.subject, "rank", rank, pred.negated)
        rel = pred
        if empty and where == "taking":
            self.error(rel.pos, "a card taken is tested alone: there is no top card to compare with",
                       "write a test of the card: 'the card is a K', 'the card is not hearts'")
            return ("const", False)
        if empty:
            self.error(rel.pos, "an empty zone has no top card to compare with",
                       "in 'empty:' write 'any', 'none', ranks ('A or 2') or a predicate on 'the card' ('the card is not a K')")
            return ("const", False)
        if rel.kind in ("same_colour", "other_colour") and not self.colours_declared():
            self.error(rel.pos, "colours are used here but the file declares none ('colour red: H D')")
        if rel.kind == "steps" and rel.order and rel.order.text not in self.orders:
            self.unknown(rel.order.pos, "order", rel.order.text, self.orders)
        return ("rel", rel)

    def colours_declared(self) -> bool:
        return any(isinstance(s, ast.ColourDecl) for s in self._statements)

    def check_move(self, stmt: ast.MoveDecl) -> ActionSpec:
        for pos, problem in stmt.problems:
            self.error(pos, problem)
        for phase in stmt.phases:
            if phase.text not in self.phases:
                self.unknown(phase.pos, "phase", phase.text, self.phases)
        parameter = stmt.parameter
        choices = self.check_choices(stmt)
        taking = self.check_taking(stmt)
        exchange = stmt.exchange
        if exchange is not None:
            if exchange.count is not None and exchange.count != 1:
                self.error(exchange.pos, "an exchange trades 1 card of each zone, or 'all' of them")
            for ref in (exchange.first, exchange.second):
                self.check_zone_ref(ref)
            if stmt.sources or stmt.targets or stmt.combination or parameter or choices or taking:
                self.error(exchange.pos, "an exchange names its zones itself: no 'from', 'to', value or combination")
        combination = stmt.combination
        if combination is not None:
            if not self.combination_names:
                self.error(combination.pos, "the file declares no combinations ('combination NAME:' blocks)")
            if combination.order is not None and combination.order.text not in self.orders:
                self.unknown(combination.order.pos, "order", combination.order.text, self.orders)
            if combination.beating is not None:
                self.check_zone_ref(combination.beating)
            if not stmt.sources:
                self.error(combination.pos, "a combination is played 'from ZONE to ZONE'")
            if combination.suit_order is not None:
                if not self.exact_plays:
                    self.error(combination.suit_order.pos, "'then suit …' tells plays apart by their suits, and this"
                               " game counts plays by rank",
                               "declare 'plays are told apart by their cards' (a statement of its own)")
                elif combination.suit_order.text not in self.suit_orders:
                    self.unknown(combination.suit_order.pos, "suit order", combination.suit_order.text, self.suit_orders)
        include = None
        if stmt.include is not None:
            include = self.check_include(stmt)
        for ref in stmt.sources:
            self.check_zone_ref(ref)
            self.check_fixed_owner(ref, "a move's 'from'")
        for target in stmt.targets:
            self.check_zone_ref(target.zone)
            self.check_fixed_owner(target.zone, "a move's 'to'")
        if stmt.group and not stmt.sources:
            self.error(stmt.pos, f"move '{stmt.name}' moves cards with the cards on top: it needs 'from' and 'to'")
        chain: tuple = ()
        group = stmt.group
        if group:
            if group.whole and group.if_any:
                self.error(group.pos, "'with the whole pile, if any': the whole pile is every card of it",
                           "write 'with the whole pile' (a pile of one card moves too) or 'with the cards on top, if any'")
            chain = tuple(self.check_card_predicate(p, f"move {stmt.name}", empty=False, where="chain") for p in group.chain)
            for pos in self._pile_suits(group.chain):
                self.error(pos, "'the pile's suit' is for building rules", "a group's 'while' compares its cards")
        if taking is not None:
            if stmt.combination or stmt.group:
                self.error(taking.pos, f"move '{stmt.name}' takes its cards with 'taking … from ZONES': "
                           "no combination or 'with the cards on top' beside it")
            if len(stmt.targets) != 1 or (stmt.targets and stmt.targets[0].freely):
                self.error(taking.pos, f"move '{stmt.name}' takes cards to one zone: write 'to ZONE' after it")
            for ref in stmt.sources:  # the card played decides what it takes: its player must see it
                zone = self.zones.get(ref.name)
                if zone is not None and zone.face == "down":
                    self.error(ref.pos, f"move '{stmt.name}' plays a card that takes cards, and '{ref.name}' is face "
                               "down: nobody could say which card it is", "play it from a zone its player sees "
                               "('face up', 'face up to owner', 'top face up')")
        elif bool(stmt.sources) != bool(stmt.targets):
            self.error(stmt.pos, f"move '{stmt.name}' needs both 'from' and 'to', or neither")
        if stmt.condition is not None:
            self.card_in_scope = ("yes" if stmt.sources and not stmt.combination and not stmt.group else
                                  f"move '{stmt.name}' moves no single card" + (
                                      " (it plays a combination)" if stmt.combination else
                                      " (it moves a group)" if stmt.group else ""))
            self.check_condition(stmt.condition, per_player=True)
            self.card_in_scope = None
        for effect in (*stmt.first_effects, *stmt.then_effects):
            self.check_effect(effect)
        self.move_choices = {}
        return ActionSpec(self.info(stmt, "move"), stmt.sources, tuple(TargetSpec(t.zone, t.freely) for t in stmt.targets),
                          stmt.condition, stmt.condition_pos, stmt.only_if_stuck, stmt.first_effects, stmt.then_effects,
                          tuple(p.text for p in stmt.phases),
                          (parameter.name, int(parameter.low), int(parameter.high)) if parameter else None,
                          combination, exchange, stmt.only_if_others, bool(group),
                          bool(group and group.whole), bool(group and group.if_any),
                          bool(group and group.not_whole_to_empty), chain, choices, taking,
                          parameter is not None, include)

    def check_include(self, stmt: ast.MoveDecl) -> tuple[int, Any] | None:
        """`must include 3C while …`: on a play of combinations told apart by their cards, a card
        of the game; the condition is asked of the mover."""
        include = stmt.include
        card = cards.parse_card(include.card.text)
        if stmt.combination is None:
            self.error(include.pos, f"move '{stmt.name}' plays no combination: 'must include' is for plays of combinations",
                       "add 'as a combination …', or test the card in 'only when'")
        elif not self.exact_plays:
            self.error(include.pos, "'must include' names a card, and this game counts plays by rank",
                       "declare 'plays are told apart by their cards' (a statement of its own)")
        if card is None or card >> 2 not in self.deck_ranks:
            self.error(include.card.pos, f"'{include.card.text}' is not a card of this game")
            card = None
        if include.condition is not None:
            self.check_condition(include.condition, per_player=True)
        return None if card is None else (card, include.condition)

    def check_choices(self, stmt: ast.MoveDecl) -> tuple[ChoiceSpec, ...]:
        """The choices a move carries (`for each n from 1 to 3` is a choice of a number)."""
        given = list(stmt.choices)
        if stmt.parameter is not None:
            par = stmt.parameter
            if given:
                self.error(par.pos, f"move '{stmt.name}' says 'for each {par.name}' and 'choosing': "
                           f"write 'choosing a number {par.name} from {par.low:g} to {par.high:g}' among its choices")
            given.insert(0, ast.Choice(par.pos, "number", par.name, low=par.low, high=par.high))
        if not given:
            return ()
        if stmt.exchange is not None or stmt.combination is not None or stmt.taking is not None:
            what = "a value ('for each')" if stmt.parameter is not None else "choices"
            how = ("an exchange" if stmt.exchange is not None else
                   "a combination" if stmt.combination is not None else "cards taken")
            self.error(given[0].pos, f"move '{stmt.name}' plays {how}: it cannot also take {what}",
                       "choices go on a move of one card ('from … to …') or on a move that moves no card")
        specs: list[ChoiceSpec] = []
        seen: set[str] = set()
        for choice in given:
            if choice.name in seen:
                self.error(choice.pos, f"move '{stmt.name}' has two choices named '{choice.name}'")
            seen.add(choice.name)
            taken = [n for n in (*self.options, *self.counters, *self.values) if n == choice.name]
            if taken or choice.name in BUILTIN_SHARED or choice.name in BUILTIN_PER_PLAYER:
                self.error(choice.pos, f"'{choice.name}' already names something of the game: choose another name")
            values: tuple[int, ...] = ()
            if choice.kind == "player?":
                self.error(choice.pos, "a player chosen may be 'other than own' only", "write 'a player p other than own'")
                choice = ast.Choice(choice.pos, "player", choice.name)
            bounds = None
            if choice.kind == "number":
                low, high = _constant(choice.low), _constant(choice.high)
                if low is None or high is None:  # read from the position when the moves are listed
                    for bound in (choice.low, choice.high):
                        if _constant(bound) is None:
                            self.check_expr(bound, per_player=True)
                    bounds = (choice.low, choice.high)
                elif low != int(low) or high != int(high) or high < low:
                    self.error(choice.pos, "a move's values must be whole numbers, from the lower to the higher")
                elif high - low > 1000:
                    self.error(choice.pos, "a move may take at most 1000 values")
                else:
                    values = tuple(range(int(low), int(high) + 1))
            elif choice.kind == "suit":
                values = (0, 1, 2, 3)
            elif choice.kind == "rank":
                if choice.order is not None:
                    if choice.order.text not in self.orders:
                        self.unknown(choice.order.pos, "order", choice.order.text, self.orders)
                    else:
                        values = tuple(self.orders[choice.order.text])
                else:
                    values = tuple(sorted(self.ranks_in_play(self.zones)))
            specs.append(ChoiceSpec(choice.name, choice.kind, values, choice.other_than_own, choice.pos, bounds))
            self.move_choices[choice.name] = choice.kind
        if len(specs) > 4:
            self.error(given[4].pos, "a move carries at most 4 choices")
        return tuple(specs)

    def check_taking(self, stmt: ast.MoveDecl) -> TakingSpec | None:
        """`taking N cards | A to B cards | any cards from ZONES [that are PRED] [whose points by
        POINTS sum to EXPR]`."""
        taking = stmt.taking
        if taking is None:
            return None
        summed = taking.points is not None or taking.meld  # melds are few: no sum needed to bound them
        low = int(taking.low) if taking.low == int(taking.low) else 0
        high = None if taking.high is None else int(taking.high) if taking.high == int(taking.high) else 0
        if taking.form == "exactly":
            if not 1 <= low <= 4:
                self.error(taking.pos, f"a move takes 1 to 4 cards at once, not {taking.low:g}",
                           "for sets of several sizes write 'taking 1 to 3 cards', or 'taking any cards … "
                           "whose points by POINTS sum to EXPR'" if low > 4 else "")
                low = high = 1
        elif taking.form == "range":
            assert taking.high is not None
            if low < 1 or high is None or high < low:
                self.error(taking.pos, f"'taking {taking.low:g} to {taking.high:g} cards': a range of whole numbers "
                           "from the fewer to the more cards, the fewer at least 1", "write e.g. 'taking 1 to 3 cards'")
                low, high = 1, 1
            elif high > 4 and not summed:
                self.error(taking.pos, f"'taking {low} to {high} cards' without a sum: a move takes at most 4 cards "
                           "unless their points must sum to a total (the sets would be too many to list)",
                           f"write 'taking {min(low, 4)} to 4 cards', or add 'whose points by POINTS sum to EXPR'")
                high = max(low, 1)
        elif not summed:
            self.error(taking.pos, "'taking any cards' needs a sum: the sets of any size of n cards are 2^n - 1, "
                       "too many to list",
                       "add 'whose points by POINTS sum to EXPR', or bound the size: 'taking 1 to 4 cards'")
        assert high is None or high >= low >= 1
        for ref in taking.zones:
            self.check_zone_ref(ref)
            self.check_fixed_owner(ref, "a move's 'taking … from'")
        test: tuple = ()
        if taking.test is not None:
            test = (self.check_card_predicate(taking.test, stmt.name, empty=True, where="taking"),)
        if taking.points is not None:
            if taking.points.text not in self.points:
                self.unknown(taking.points.pos, "points", taking.points.text, self.points)
            # With `from`, the move plays a card and takes cards with it: the total may speak of
            # `the card` (`sum to points of the card by value`), asked of each card played.
            self.card_in_scope = "yes" if stmt.sources else (
                f"move '{stmt.name}' plays no card of its own: add 'from ZONE' for the card that takes")
            self.check_expr(taking.total, per_player=True)
            self.card_in_scope = None
        def instances(z: ZoneSpec, split: bool = False) -> int:  # a pack split by suits is one pack
            return z.count * (self.players_range[1] if z.per_player and not split else 1)

        decks = sum(z.holds_decks * instances(z, bool(z.holds_suits)) for z in self.zones.values())
        joker_sets = sum(instances(z) for z in self.zones.values() if z.holds_jokers)
        if decks > 1 or joker_sets > 1 or any(z.holds_jokers > 2 for z in self.zones.values()):
            self.error(taking.pos, "cards taken are named by their cards, and this game has two cards alike",
                       "'taking' needs a game of one deck (no card twice)")
        if taking.meld and not self.melds:
            self.error(taking.pos, "'that form a meld': the file declares no melds",
                       "declare them: 'meld set: 3 to 4 of a rank', 'meld run: 3 or more of one suit in a row in ORDER'")
        return TakingSpec(low, high, taking.form, taking.zones, test, taking.points.text if taking.points else None,
                          taking.total, taking.pos, taking.meld)

    def check_melds(self, stmts: list[ast.MeldDecl]) -> dict[str, MeldSpec]:
        """`meld NAME: …` declarations: the shapes `deadwood of …` arranges cards into."""
        melds: dict[str, MeldSpec] = {}
        for stmt in stmts:
            what = f"meld '{stmt.name}'"  # (two of one name: a duplicate rule name, refused for every rule)
            low, high = stmt.low, stmt.high
            most = limits.MAX_MELD_CARDS
            where = stmt.count_pos or stmt.pos
            if low != int(low) or not 1 <= low <= most or (high is not None and (high != int(high) or high > most)):
                self.error(where, f"{what}: a meld holds a whole number of cards from 1 to {most}",
                           "write '3 to 4 of a rank' or '3 or more of one suit in a row in ORDER'")
                continue
            if high is not None and high < low:
                self.error(where, f"{what}: '{low:g} to {high:g}' goes from the fewer cards to the more",
                           f"write '{high:g} to {low:g}'")
                continue
            order: tuple[int, ...] = ()
            if stmt.order is not None:
                if stmt.order.text not in self.run_orders_ok:
                    self.unknown(stmt.order.pos, "order", stmt.order.text, self.orders)
                    continue
                order = tuple(r for r in self.run_orders_ok[stmt.order.text] if r < 13)
                both = stmt.order.text in self.both_ends  # the ace low and high: its first rank again at its end
                if stmt.wrapping and both:
                    self.error(stmt.order.pos, f"{what}: order '{stmt.order.text}' has a rank at both ends, and "
                               "'wrapping' goes round the order's end",
                               "for runs round the corner (K A 2) list each rank once and keep 'wrapping'; "
                               "for the ace low and high but no further, drop 'wrapping'")
                    continue
                ranks = len(order) - 1 if both else len(order)
                if low > ranks:
                    self.error(where, f"{what}: a run of {low:g} needs {low:g} ranks, and order "
                               f"'{stmt.order.text}' has {ranks}")
                    continue
            melds[stmt.name] = MeldSpec(self.info(stmt, "meld"), stmt.shape, int(low),
                                        None if high is None else int(high), order, stmt.wrapping)
        return melds

    def check_deadwood(self, expr: ast.Deadwood, per_player: bool, in_move: bool) -> None:
        """`deadwood of SEL [without CARD] by POINTS [laying off on ZONE]`."""
        if not self.melds:
            self.error(expr.pos, "'deadwood of …' arranges cards into melds, and the file declares none",
                       "declare them: 'meld set: 3 to 4 of a rank', 'meld run: 3 or more of one suit in a row in ORDER'")
        self.check_selection(expr.selection, per_player, in_move)
        if expr.points.text not in self.points:
            self.unknown(expr.points.pos, "points", expr.points.text, self.points)
        if expr.without is not None:
            self.check_card_operand(expr.without, per_player, in_move, "without")
        if expr.laying_on is not None:
            self.check_zone_ref(expr.laying_on, per_player)

    def check_combination(self, stmt: ast.CombinationDecl) -> CombinationSpec:
        for pos, problem in stmt.problems:
            self.error(pos, problem)
        what = f"combination '{stmt.name}'"
        exact = [r for r in (self.rank_of(n, what) for n in stmt.exact) if r is not None]
        for order in (stmt.run_order, stmt.not_in_row):
            if order is not None and order.text not in self.run_orders_ok:
                self.unknown(order.pos, "order", order.text, self.orders)
        self.check_card_shape(stmt, what)
        not_both = [r for r in (self.rank_of(n, what) for n in stmt.not_both) if r is not None]
        for number, label in ((stmt.width, "the number of cards of a rank"), (stmt.min_length, "the length of a run"),
                              (stmt.wing_count, "the number of wings"), (stmt.tier, "the tier")):
            if number != int(number) or number < 0 or number > 54:
                self.error(stmt.pos, f"{what}: {label} must be a small whole number")
        if not exact and stmt.width < 1:
            self.error(stmt.pos, f"{what} takes at least one card of a rank")
        if stmt.wing_count and not stmt.wing_kind:
            self.error(stmt.pos, f"{what}: say 'with N singles' or 'with N pairs'")
        run = stmt.run_order.text if stmt.run_order else None
        return CombinationSpec(self.info(stmt, "combination"), int(stmt.width), int(stmt.min_length), run,
                               tuple(exact), int(stmt.wing_count), stmt.wing_kind, stmt.per_rank,
                               tuple(stmt.wing_rules), tuple(not_both), int(stmt.tier),
                               stmt.core or "rank", stmt.or_more, stmt.distinct_suits, stmt.not_one_suit,
                               stmt.not_in_row.text if stmt.not_in_row else None)

    def check_card_shape(self, stmt: ast.CombinationDecl, what: str) -> None:
        """The core lines that look at suits or single cards (`5 of one suit`, `5 in a row in run`,
        `not all of one suit`, `in different suits`): for games whose plays are told apart by their
        cards, with lengths that fit their orders."""
        suited = stmt.core in ("suit", "suited_row", "row") or stmt.distinct_suits or stmt.not_one_suit or stmt.not_in_row
        if suited and not self.exact_plays:
            shaped = stmt.core in ("suit", "suited_row", "row") or stmt.distinct_suits
            said = ("its core line" if shaped else "'not all of one suit'" if stmt.not_one_suit else "'not in a row in …'")
            where = (stmt.core_pos if shaped else stmt.not_pos) or stmt.pos
            self.error(where, f"{what}: {said} tells cards apart, and this game counts plays by rank",
                       "declare 'plays are told apart by their cards' (a statement of its own) to play sets of cards")
            return
        if stmt.core in ("suit", "suited_row", "row"):
            n = stmt.min_length
            if n != int(n) or n < 1 or n > 54:
                self.error(stmt.core_pos or stmt.pos, f"{what}: the number of cards must be a small whole number")
                return
            order = self.run_orders_ok.get(stmt.run_order.text) if stmt.run_order else None
            if order is not None and n > len(set(order)):
                self.error(stmt.core_pos or stmt.pos, f"{what}: order '{stmt.run_order.text}' has only "
                           f"{len(set(order))} ranks: no run of {n:g}")
        if stmt.not_one_suit and stmt.core in ("suit", "suited_row"):
            self.error(stmt.not_pos or stmt.pos, f"{what}: its cards are of one suit already: 'not all of one suit' leaves nothing")
        if stmt.not_in_row and stmt.core in ("row", "suited_row"):
            self.error(stmt.not_pos or stmt.pos, f"{what}: its cards are in a row already: 'not in a row' leaves nothing")
        if stmt.distinct_suits and stmt.width > 4:
            self.error(stmt.core_pos or stmt.pos, f"{what}: there are only 4 suits")

    def check_say(self, effect: Any, per_player: bool) -> None:
        """`say "…"`: every `{…}` names the player (`{own}`) or a counter or value; no other brace."""
        start = effect.text_pos or effect.pos
        known = [*self.counters, *self.values]
        for piece in say_pieces(effect.text):
            if isinstance(piece, str):
                continue
            kind, name, offset = piece
            pos = SourcePos(start.file, start.line, start.column + 1 + offset)
            if kind == "brace":
                self.error(pos, "a brace in a 'say' text names what is filled in: '{own}' (the player), "
                           "'{COUNTER}' or '{VALUE}'", "name one of them between the braces, or leave the brace out")
            elif name == "own":
                if not per_player:
                    self.error(pos, "'{own}' is the player the effect is for, and here there is none",
                               "put the 'say' in a move's effects, a 'when some player' end or a 'for each player:'")
            elif name not in known:
                self.error(pos, f"'{{{name}}}' in a 'say' text is not a counter or a value",
                           did_you_mean(name, known + ["own"]) or "write '{own}' for the player, or a counter's or value's name")
            elif not per_player and (name in self.values and name not in self.shared_values
                                     or name in self.counters and (self.counters[name].per_player
                                                                   or self.counters[name].per_team)):
                self.error(pos, f"'{{{name}}}' is one of each player, and here there is no player to read it for",
                           "name a shared counter or a value of no one's, or say it where a player is at hand")

    def check_effect(self, effect: Any, per_player: bool = True) -> None:
        if isinstance(effect, ast.MoveSelected):
            self.check_selection(effect.selection, per_player, in_move=per_player)
            self.check_zone_ref(effect.target, per_player)
        elif isinstance(effect, (ast.TurnOver, ast.MoveAll)):
            self.check_zone_ref(effect.source, per_player)
            self.check_zone_ref(effect.target, per_player)
        elif isinstance(effect, ast.Reveal):
            self.check_zone_ref(effect.zone, per_player)
        elif isinstance(effect, ast.GoToPhase):
            if effect.phase.text not in self.phases:
                self.unknown(effect.phase.pos, "phase", effect.phase.text, self.phases)
        elif isinstance(effect, ast.Say):
            self.check_say(effect, per_player)
        elif isinstance(effect, ast.TurnTo):
            self.check_expr(effect.seat, per_player)
            self.refuse_typed_number(effect.seat, "'turn to'")
        elif isinstance(effect, (ast.DealCards, ast.Shuffle)):
            self.check_deal((effect,), in_player=per_player)
        elif isinstance(effect, (ast.AddTo, ast.SetTo)):
            counter = effect.counter
            if counter.name not in self.counters:
                self.unknown(counter.pos, "counter", counter.name, self.counters)
            else:
                self.check_name_ref(counter, per_player=per_player or not (self.counters[counter.name].per_player
                                                                           or self.counters[counter.name].per_team))
            if not self.check_typed_counter_effect(effect, per_player):
                self.check_expr(effect.amount if isinstance(effect, ast.AddTo) else effect.value, per_player=per_player)
        elif isinstance(effect, ast.IfEffects):
            self.check_condition(effect.condition, per_player=per_player, in_move=per_player)
            for inner in effect.effects:
                self.check_effect(inner, per_player)
        elif isinstance(effect, ast.CloseEmpty):
            if effect.family.text not in self.zones:
                self.unknown(effect.family.pos, "zone", effect.family.text, self.zones)
        elif isinstance(effect, ast.MoveAllShowing):
            if effect.family.text not in self.zones:
                self.unknown(effect.family.pos, "zone", effect.family.text, self.zones)
            self.rank_of(effect.rank, "this effect")
            self.check_zone_ref(effect.target, per_player)
        elif isinstance(effect, ast.ForEachZoneEffects):
            if self.check_family(effect.family, "for each"):
                self.this_families.append(effect.family.text)
                if effect.condition is not None:
                    self.check_condition(effect.condition, per_player=per_player, in_move=per_player)
                for inner in effect.effects:
                    self.check_effect(inner, per_player)
                self.this_families.pop()
        elif isinstance(effect, ast.ForEachPlayerEffects):
            if effect.condition is not None:
                self.check_condition(effect.condition, per_player=True)
            for inner in effect.effects:
                self.check_effect(inner, per_player=True)
        elif isinstance(effect, ast.CallEffect):
            if effect.name not in self.effect_blocks:
                self.unknown(effect.pos, "effect", effect.name, self.effect_blocks)
            elif not per_player and _uses_own(self.effect_blocks[effect.name].effects):
                self.error(effect.pos, f"effect '{effect.name}' speaks of 'own' things, and no player is in play here",
                           "call it inside 'for each player: …'")

    def check_showdown(self, stmt: ast.Showdown) -> tuple[str, str] | None:
        zone = self.zones.get(stmt.zone.text)
        if zone is None:
            self.unknown(stmt.zone.pos, "zone", stmt.zone.text, self.zones)
        elif not zone.per_player:
            self.error(stmt.zone.pos, f"zone '{stmt.zone.text}' is shared: the showdown shows a zone of each player")
        if stmt.value.text not in self.values:
            self.unknown(stmt.value.pos, "value", stmt.value.text, self.values)
        return (stmt.zone.text, stmt.value.text)

    def check_effect_cycles(self) -> None:
        """A named effect may not use itself, directly or through others (it would never end)."""
        def calls(effects: tuple[Any, ...]) -> Iterable[ast.CallEffect]:
            for effect in effects:
                if isinstance(effect, ast.CallEffect):
                    yield effect
                elif isinstance(effect, (ast.IfEffects, ast.ForEachPlayerEffects, ast.ForEachZoneEffects)):
                    yield from calls(effect.effects)

        def reaches(source: str, goal: str, seen: set[str]) -> bool:
            for call in calls(self.effect_blocks[source].effects):
                if call.name == goal:
                    return True
                if call.name in self.effect_blocks and call.name not in seen:
                    seen.add(call.name)
                    if reaches(call.name, goal, seen):
                        return True
            return False

        for name, block in self.effect_blocks.items():
            if reaches(name, name, set()):
                self.error(block.name_pos or block.pos, f"effect '{name}' uses itself: it would never end")

    def check_priority(self, stmt: ast.PriorityDecl, actions: dict[str, ActionSpec]) -> PrioritySpec:
        flt = stmt.filter
        for named in ((flt.action,) if flt.action is not None else ()) + flt.also:
            if named.text not in actions:
                self.unknown(named.pos, "move", named.text, actions)
        for ref in (*flt.sources, *flt.targets):
            self.check_zone_ref(ref)
            self.check_fixed_owner(ref, "a priority's moves")
        if stmt.condition is not None:
            self.card_in_scope = "yes" if stmt.kind == "forbid" else (
                "in a priority, the moves are judged card by card by 'forbid FILTER while …' only")
            self.check_condition(stmt.condition, per_player=True)
            self.card_in_scope = None
        if stmt.lowered is not None:
            self.check_expr(stmt.lowered, per_player=True)
        if stmt.kind in ("reach", "lower") and not 1 <= stmt.depth <= 4:
            self.error(stmt.pos, "'must reach … within N moves' looks 1 to 4 moves ahead")
        if flt.empty_target and stmt.kind != "must":
            self.error(flt.pos, "'to empty …' is for 'must' priorities")
        if flt.taken is not None:
            low, high = flt.taken
            if low != int(low) or high != int(high) or not 1 <= low <= high:
                self.error(flt.pos, f"'taking {low:g} to {high:g} cards': a range of whole numbers from the fewer "
                           "to the more cards, the fewer at least 1", "write 'taking 1 card' or 'taking 2 to 3 cards'")
            named = [actions[n.text] for n in ((flt.action,) if flt.action else ()) + flt.also if n.text in actions]
            if not named or any(a.taking is None for a in named):
                self.error(flt.pos, "'taking N cards' in a priority counts the cards a move takes: name moves "
                           "that take cards ('taking … from …')", "write e.g. 'must capture taking 1 card when possible'")
        if stmt.same_card and stmt.kind != "must":
            self.error(stmt.pos, "', for the same card' is for 'must … when possible' priorities")
        if flt.action is None and not flt.sources and not flt.targets and stmt.kind != "lower":
            self.error(flt.pos, f"priority '{stmt.name}' must name a move, a 'from' or a 'to'")
        for name, condition in stmt.exceptions:
            if name.text not in actions:
                self.unknown(name.pos, "move", name.text, actions)
            if condition is not None:
                self.card_in_scope = "in a priority, the moves are judged card by card by 'forbid FILTER while …' only"
                self.check_condition(condition, per_player=True)
                self.card_in_scope = None
        return PrioritySpec(self.info(stmt, "priority"), stmt.kind, flt.action.text if flt.action else None,
                            flt.sources, flt.targets, stmt.condition,
                            tuple((name.text, condition) for name, condition in stmt.exceptions), flt.empty_target,
                            stmt.depth, stmt.lowered, tuple(n.text for n in flt.also),
                            flt.taken, stmt.same_card)


_SINGLETON_WORDS = {ast.GameTitle: "game", ast.Players: "players", ast.DealBlock: "deal:", ast.FirstPlayer: "first player:",
                    ast.Turns: "turns:", ast.MatchDecl: "match:", ast.PhasesDecl: "phases:", ast.Eliminated: "eliminated:",
                    ast.Showdown: "showdown:", ast.TurnStart: "at turn start:",
                    ast.ExactPlays: "plays are told apart by their cards", ast.SidesDecl: "sides:"}


def _singletons_given_twice(game_file: ast.GameFile) -> list[Diagnostic]:
    """Statements a file gives once (`deal:`, `at turn start:`, …) given twice: only one could
    count, so neither is taken silently."""
    first: dict[type, Any] = {}
    found = []
    for stmt in game_file.statements:
        if isinstance(stmt, _SINGLETONS):
            kind = type(stmt)
            if kind in first:
                word = _SINGLETON_WORDS.get(kind, kind.__name__)
                found.append(Diagnostic(stmt.pos, f"'{word}' is given twice in this file (first at line "
                                        f"{first[kind].pos.line})", game_file.lines[stmt.pos.line - 1],
                                        "write it once, with everything it says"))
            else:
                first[kind] = stmt
    return found


def load_statements(path: Path, seen: tuple[str, ...] = (), text: str | None = None,
                    ) -> tuple[ast.GameFile, list[Any], dict[str, tuple[str, ...]], tuple[str, ...]]:
    """Parse a file and, through `extends`, its bases; return the merged statement list.
    `text`, when given, is the file's text as an editor holds it (unsaved): its bases are read from disk."""
    game_file = parse_file(path) if text is None else parse_text(text, resources.display_path(path))
    lines = {game_file.path: game_file.lines}
    twice = _singletons_given_twice(game_file)
    if twice:
        raise RulesSemanticError(twice)
    extends = [s for s in game_file.statements if isinstance(s, ast.Extends)]
    if not extends:
        return game_file, list(game_file.statements), lines, (game_file.path,)
    ext = extends[0]
    diagnostics = []
    if len(extends) > 1:
        diagnostics.append(Diagnostic(extends[1].pos, "a variant extends one base game", game_file.lines[extends[1].pos.line - 1]))
    try:
        base_path = resources.find_base(ext.base, ext.is_path, Path(path))
    except GameNotFoundError as err:
        diagnostics.append(Diagnostic(ext.pos, str(err), game_file.lines[ext.pos.line - 1]))
        raise RulesSemanticError(diagnostics) from None
    chain = seen + (str(Path(path).resolve()),)
    if str(base_path.resolve()) in chain:
        loop = chain[chain.index(str(base_path.resolve())):] + (str(base_path.resolve()),)
        shown = " → ".join(resources.display_path(Path(p)) for p in loop)
        diagnostics.append(Diagnostic(ext.pos, f"a game cannot extend itself, through its bases or directly: {shown}",
                                      game_file.lines[ext.pos.line - 1], "extend a different file"))
        raise RulesSemanticError(diagnostics)
    if diagnostics:
        raise RulesSemanticError(diagnostics)
    _, base_statements, base_lines, base_files = load_statements(base_path, chain)
    lines.update(base_lines)
    merged = list(base_statements)
    index = {_statement_key(s): i for i, s in enumerate(merged) if _statement_key(s)}
    problems = []
    for stmt in game_file.statements:
        if isinstance(stmt, ast.Extends):
            continue
        if isinstance(stmt, ast.Remove):
            matches = [i for i, s in enumerate(merged) if getattr(s, "name", None) == stmt.name]
            if not matches:
                names = [s.name for s in merged if hasattr(s, "name")]
                problems.append(Diagnostic(stmt.pos, f"cannot remove '{stmt.name}': the base game has nothing by that name",
                                           game_file.lines[stmt.pos.line - 1], did_you_mean(stmt.name, names)))
                continue
            for i in matches:
                merged[i] = None
            continue
        key = _statement_key(stmt)
        if key in index and merged[index[key]] is not None:
            merged[index[key]] = stmt
        else:
            merged.append(stmt)
    if problems:
        raise RulesSemanticError(problems)
    return game_file, [s for s in merged if s is not None], lines, (game_file.path,) + base_files


def check_file(path: str | Path) -> GameModel:
    """Parse and check one game file (and its bases); raises `RulesError` listing every problem."""
    game_file, statements, lines, files = load_statements(Path(path))
    checker = Checker(lines)
    return checker.check(game_file, statements, files)


def check_text(text: str, path: str | Path) -> GameModel:
    """Check the text of the game file at `path` as an editor holds it (unsaved changes and all);
    an `extends` is resolved from `path`'s folder as for the file itself."""
    game_file, statements, lines, files = load_statements(Path(path), text=text)
    return Checker(lines).check(game_file, statements, files)


__all__ = ["Checker", "RulesSyntaxError", "check_file", "check_text", "say_pieces"]


_SAY_PART = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}|[{}]")


def say_pieces(text: str) -> list:
    """A `say` text in pieces: plain strings, and ('name', NAME, offset) for each `{NAME}` (or
    ('brace', '', offset) for a brace that names nothing). Read by a regular expression, never
    formatted: the text is data."""
    pieces: list = []
    at = 0
    for match in _SAY_PART.finditer(text):
        if match.start() > at:
            pieces.append(text[at:match.start()])
        pieces.append(("name", match.group(1), match.start()) if match.group(1) else ("brace", "", match.start()))
        at = match.end()
    if at < len(text):
        pieces.append(text[at:])
    return pieces


def _names(node: Any, name: str) -> bool:
    """Does this expression name `name` without an owner?"""
    if isinstance(node, ast.NameRef):
        return node.owner is None and node.name == name
    if isinstance(node, tuple):
        return any(_names(item, name) for item in node)
    if hasattr(node, "__dataclass_fields__"):
        return any(_names(getattr(node, f), name) for f in node.__dataclass_fields__ if f != "pos")
    return False


def _uses_own(effects: tuple[Any, ...]) -> bool:
    """Does any of these effects (or a condition in them) name something of `own` player?"""
    def walk(node: Any) -> bool:
        if isinstance(node, (ast.ZoneRef, ast.NameRef)):
            return node.owner == "own" or (isinstance(node, ast.NameRef) and node.name == "seat")
        if isinstance(node, (ast.ForEachPlayerEffects, ast.OverPlayers)):
            return False  # inside, `own` is each player in turn
        if isinstance(node, tuple):
            return any(walk(item) for item in node)
        if hasattr(node, "__dataclass_fields__"):
            return any(walk(getattr(node, f)) for f in node.__dataclass_fields__ if f != "pos")
        return False

    return walk(effects)


def _constant(bound: Any) -> float | None:
    """A choice's bound written as a number (`3`, `-1`), or None when it is an expression."""
    if isinstance(bound, (int, float)):
        return float(bound)
    if isinstance(bound, ast.Num):
        return bound.value
    if isinstance(bound, ast.Neg) and isinstance(bound.operand, ast.Num):
        return -bound.operand.value
    return None


def _name_pos(ref: ast.ZoneRef) -> SourcePos:
    """Where a zone reference's name is written (`hnd` in `own hnd`): the caret goes under it."""
    if not ref.owner or ref.owner == "this":
        return ref.pos
    return SourcePos(ref.pos.file, ref.pos.line, ref.pos.column + len(ref.owner) + 1)


def _seat_number(text: str) -> int | None:
    """`P3` -> 2 (seats count from 0), or None for anything else."""
    if len(text) > 1 and text[0] == "P" and text[1:].isdigit() and text[1] != "0":
        return int(text[1:]) - 1
    return None
