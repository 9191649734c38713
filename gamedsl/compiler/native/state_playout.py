"""The playout over C state: a game's listings, appliers, `whenever` rules and end checks,
translated to C (`translate.py`) and run over a C state (`state_runtime.py`) with no Python
object made per move; the Python `State` is written back when the loop ends and around the
rare events that run in Python (escapes: a `whenever` rule whose effects are not translated, a
deal's end).

`for_game(compiled)` builds the game's module once (cached on disk by the hash of its source,
like every native module) and gives a `StateLoop`, or None when the native path is off, no
compiler builds it, or the game uses anything the translation does not hold (`Unsupported`):
`State.playout` then runs the fixed C loop or the Python loop, the same game move for move.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from . import mode
from .build import BuildError, load, module_name
from .emit import Unsupported, _int, layout
from .playout import DRAWS, HEADER
from .runtime import helpers
from .state_plays import PRELUDE, StructEmitter, entry_rows
from .state_runtime import LOOP, STATE
from .translate import Shapes, Translator, Unit, number

if TYPE_CHECKING:
    from ..game import CompiledGame

_UNSET = object()
_built: dict[int, Any] = {}  # id of a compiled game -> its StateLoop or None


class StateLoop:
    """A game's playout module, called as `State.playout` calls it."""

    def __init__(self, module: Any, py: tuple, generators: list, appliers: list):
        self.module = module
        self.py = py  # the combinations' `reading`, each entry's reading, then the functions escapes call
        self.generators, self.appliers = generators, appliers  # those translated (replaced: not used)

    def run(self, st: Any, rng: random.Random, limit: int) -> tuple[int, bool] | None:
        """(moves made, stuck: the player to move has no move) or None when this position is
        not one the C state holds, or the game's functions are no longer those translated
        (nothing changed: the caller plays it in Python)."""
        c = st._c
        if c.unrecorded_appliers != self.appliers or c.generators != self.generators:
            return None
        return self.module.run(st, rng, limit, self.py)


def for_game(c: CompiledGame) -> StateLoop | None:
    """The game's loop over C state (built once per compiled game), or None."""
    known = _built.get(id(c), _UNSET)
    if known is _UNSET:
        known = _built[id(c)] = _build(c)
    return known  # type: ignore[return-value]


def _build(c: CompiledGame) -> StateLoop | None:
    wanted = mode()
    if wanted == "off" or c.playout_loop is None or helpers() is None:
        return None
    try:
        source, py = game_source(c)
    except Unsupported:
        return None
    name = module_name(source)
    try:
        module = load(name, source.replace("MODULE", name))
    except BuildError:
        if wanted == "required":
            raise
        return None
    return StateLoop(module, py, list(c.generators), [a.apply_unrecorded for a in c.actions])


def game_source(c: CompiledGame) -> tuple[str, tuple]:
    """The module's C source (its name still `MODULE`) and the Python objects it is given."""
    fixed = helpers()
    if c.has_wilds or c.keeps_up or c.counts_positions:
        raise Unsupported("wild cards, cards kept up or positions counted: state the C loop does not hold")
    sets = {id(a.combination.kinds): a.combination.kinds for a in c.actions if a.combination is not None}
    if len(sets) > 1 or any(kinds.by_cards for kinds in sets.values()):
        raise Unsupported("combinations the C state does not hold")
    kinds = next(iter(sets.values()), None)
    unit = Unit()
    plays: list[str] = []
    rows: list[Any] = []
    finders: dict[int, tuple[int, list[int]]] = {}
    for action in c.actions:
        if action.combination is None:
            continue
        by_seat = action.combination.finders
        bases = []
        for p in range(c.players):
            finder = by_seat[p]
            emitter = StructEmitter(finder, 0)
            if not plays:
                plays = emitter.functions()
            bases.append(len(rows))
            rows += entry_rows(finder, layout(finder), kinds)
        finders[id(by_seat)] = (0, bases)
    shapes = Shapes(players=c.players, zones=len(c.zones), counters=len(c.counters.start),
                    simple_turns=c.skip is None and c.eliminated is None and not c.turn_start,
                    move_all=fixed.move_all, move_ranks=fixed.move_ranks,
                    reading=kinds.reading if kinds is not None else None, finders=finders,
                    action_shapes=[_shape(a) for a in c.actions])
    translate = Translator(shapes, unit)
    listings = [translate.listing(fn, phase) for phase, fn in enumerate(c.generators)]
    appliers = [translate.applier(a.apply_unrecorded, a.index) for a in c.actions]
    scoring = _score_deal(c, translate)
    head = [f"#define NZ {_int(len(c.zones))}", f"#define NC {_int(len(c.counters.start))}",
            f"#define PLAYERS {_int(c.players)}", f"#define ESCAPES {_int(len(unit.escapes))}",
            f"#define POOLED {_int(sum(len(row[5]) for row in rows if row is not None))}"]
    parts = [HEADER, *head, DRAWS, STATE, *_entries(rows), PROTOTYPES, PRELUDE, *plays, *unit.tables, *unit.prototypes,
             *unit.functions, *scoring, *_dispatch("list_phase", "S *s, Buf *out", "s, out", listings, "s->phase"),
             *_dispatch("apply_action", "S *s, const Move *mv", "s, mv", appliers, "mv->a"), LOOP]
    py = (kinds.reading if kinds is not None else None, _readings(rows, kinds), *unit.escapes)
    return "\n".join(parts) + "\n", py


def _score_deal(c: CompiledGame, translate: Translator) -> list[str]:
    """`score_deal(s, rule, out)` (state_runtime.py): the scores of the deal's end by each `end`
    rule the C counts — one with no effects, in a game without teams, whose score translates —
    as State._end_deal counts them; 0 for the others, which end the deal in Python."""
    cases = []
    for index, end in enumerate(c.ends):
        if end.effects or c.teams:
            continue
        if end.scoring == "again" or end.score is None:
            each = "0"
        else:
            try:
                name, _ = translate.expression_function(end.score, None)
            except Unsupported:
                continue
            each = f"(q == s->winner ? {name}(s, q, NULL) : 0)" if end.scoring == "winner" else f"{name}(s, q, NULL)"
        cases.append(f"    case {_int(index)}: for (int q = 0; q < PLAYERS; q++) out[q] = {each}; return 1;")
    return ["static int score_deal(S *s, int rule, double *out) {", "    switch (rule) {", *cases,
            "    default: return 0;", "    }", "}", ""]


PROTOTYPES = r"""
static int push_entry(Buf *b, int e);
static int push_play(Buf *b, int e, int length, int key, const int *ranks, int n);
"""


def _shape(action: Any) -> str:
    """How the translation reads an action's moves: `values` (a choice), `play` (of
    combinations by rank), `fixed` (one move, no cards), or `other` (not held)."""
    if action.combination is not None:
        return "play" if not action.combination.kinds.by_cards else "other"
    if action.values is not None:
        return "values"
    if (not action.moves_cards and action.exchange is None and action.taking is None and action.capture is None
            and action.card_choices is None):
        return "fixed"
    return "other"


def _entries(rows: list[Any]) -> list[str]:
    """The entries of every finder as C: ENTRY[e] = action, kind, length, key, target, count of
    ranks, their place in POOL (an empty slot: action -1)."""
    table, pool = [], []
    for row in rows:
        if row is None:
            table.append("{-1, -1, 0, 0, -1, 0, 0}")
            continue
        action, kind, length, key, target, ranks = row
        if any(type(r) is not int or not 0 <= r < 16 for r in ranks) or len(ranks) > 64:
            raise Unsupported("a play the C state does not hold")
        values = (action, kind, length, key, target, len(ranks), len(pool))
        table.append("{" + ", ".join(number(v) for v in values) + "}")
        pool += ranks
    return [f"static const int ENTRY[{max(len(rows), 1)}][7] = {{{', '.join(table) or '{0}'}}};",
            f"static const signed char POOL[{max(len(pool), 1)}] = {{{', '.join(number(r) for r in pool) or '0'}}};"]


def _readings(rows: list[Any], kinds: Any) -> tuple:
    """The reading of each table's play, at the place of its ranks in POOL (as `_entries` lays
    them out), for writing the combination on a zone back without reading it again."""
    readings: list[Any] = []
    for row in rows:
        if row is not None and row[5]:
            readings += [kinds.reading(row[1], row[5])] + [None] * (len(row[5]) - 1)
    return tuple(readings)


def _dispatch(name: str, params: str, args: str, functions: list[str], on: str) -> list[str]:
    lines = [f"static int {name}({params}) {{", f"    switch ({on}) {{"]
    lines += [f"    case {_int(i)}: return {fn}({args});" for i, fn in enumerate(functions)]
    lines += ["    default: PyErr_SetString(PyExc_IndexError, \"no such phase or action\"); return ERR;",
              "    }", "}", ""]
    return lines
