"""The generated Python of a game's listings, appliers, `whenever` rules and end checks, read
back as C over the playout's C state (`state_playout.py`).

The functions `compiler/` generates are verified Python of a small known form (`source.py`):
state fields (`st.counters[i]`, `st.phase`, `st.current`, `st.zones[z]`, ...), the move's slots
(`mv[k]`), constants bound as `_kN`, and calls of a fixed set of engine helpers. This module
translates that form, node by node, and raises `Unsupported` on anything else: the game then
keeps the Python playout (never a wrong answer). A call of a generated function it cannot
translate, made without the move (`_kN(st, p, None)`: a `whenever` rule's effects, say), and
the end of a deal become *escapes*: the C state is written back to the Python `State`, the
Python function runs, and the C state is read again — rare events, paid for in Python.

Only integers reach the C source: constants are checked to be ints or floats (`number`), and
names are made here (`f3`, `T5`), never taken from the file. Every write to the C state also
marks it `dirty` (not yet in the Python state).
"""

from __future__ import annotations

import ast
import inspect
import math
from dataclasses import dataclass, field
from typing import Any, Callable

from .emit import Unsupported


def number(value: Any) -> str:
    """The C literal of an int or a float constant (anything else is refused)."""
    if type(value) is bool:
        return "1" if value else "0"
    if type(value) is int and -(2 ** 31) < value < 2 ** 31:
        return str(value)
    if type(value) is float and math.isfinite(value):
        return repr(value)
    raise Unsupported(f"not a number the C path holds: {value!r}")


@dataclass
class Shapes:
    """What the translation knows of the game: its size and which helpers are which."""

    players: int
    zones: int
    counters: int
    simple_turns: bool  # `end turn` is the next seat, with no turn start effects
    move_all: Any  # the native helper `move_all` (runtime.py), or None
    move_ranks: Any
    reading: Any  # the combination set's `reading`, bound, or None
    finders: dict  # id of a finders dict -> (set number, its first entry per player)
    action_shapes: list  # per action: "values", "fixed", "play" (mv[2] a tuple of ranks)


@dataclass
class Unit:
    """The C of one game: functions, static tables and the Python objects escapes call."""

    functions: list[str] = field(default_factory=list)
    prototypes: list[str] = field(default_factory=list)
    tables: list[str] = field(default_factory=list)
    escapes: list[Any] = field(default_factory=list)  # py[i]: objects the C calls back
    done: dict = field(default_factory=dict)  # id of a translated function -> its C name
    table_names: dict = field(default_factory=dict)  # (kind, values) -> name


ENDS = 4096  # an end check's result in C: rule * ENDS + seat + 1, -1 for none


class Translator:
    """Generated functions to C, sharing one `Unit`."""

    def __init__(self, shapes: Shapes, unit: Unit):
        self.shapes = shapes
        self.unit = unit

    # ---- entry points ------------------------------------------------------------------------
    def listing(self, fn: Callable, phase: int) -> str:
        """`static int list_N(S *s, Buf *out)`: the phase's moves, in the generator's order."""
        tree, env = parse(fn)
        args = [a.arg for a in tree.args.args]
        if args[:1] != ["st"]:
            raise Unsupported("a listing of another form")
        scope = Scope(env, {"p": "p"}, mv=None, action=None)
        body = tree.body
        head = ["p = st.current", "mv = None", "out = []"]
        if [ast.unparse(s) for s in body[:3]] != head or ast.unparse(body[-1]) != "return out":
            raise Unsupported("a listing of another form")
        lines = [f"static int list_{phase}(S *s, Buf *out) {{", "    int p = s->current;"]
        lines += self.list_block(body[3:-1], scope, "    ")
        lines += ["    return 0;", "}", ""]
        self.unit.functions += lines
        return f"list_{phase}"

    def applier(self, fn: Callable, action: int) -> str:
        """`static int apply_N(S *s, const Move *mv)`: the action's unrecorded applier."""
        tree, env = parse(fn)
        if [a.arg for a in tree.args.args] != ["st", "mv"]:
            raise Unsupported("an applier of another form")
        scope = Scope(env, {}, mv="mv", action=action)
        done = [n for n in tree.body if ast.unparse(n) not in SKIPPED]
        scope.last = done[-1] if done else None  # a deal's end last: no C state is read after it
        lines = [f"static int apply_{action}(S *s, const Move *mv) {{", "    int r = 0; (void)r;"]
        lines += self.block(tree.body, scope, "    ")
        lines += ["    return 0;", "}", ""]
        self.unit.functions += lines
        return f"apply_{action}"

    def function(self, fn: Callable, action: int | None) -> str:
        """A generated helper (`_triggers`, `_ends`, `_effects`) as `int fN(S *s, int p, const Move *mv)`,
        for the move of that action (None: called without a move)."""
        key = (id(fn), action)
        known = self.unit.done.get(key)
        if known is not None:
            return known
        tree, env = parse(fn)
        args = [a.arg for a in tree.args.args]
        if len(args) not in (2, 3) or args[0] != "st":
            raise Unsupported("a helper of another form")
        name = f"f{len(self.unit.done)}_{len(self.unit.prototypes)}"
        self.unit.done[key] = name  # before its body: a function that calls itself
        prototype = f"static int {name}(S *s, int {args[1]}, const Move *mv)"
        self.unit.prototypes.append(prototype + ";")
        scope = Scope(env, {args[1]: args[1]}, mv="mv" if action is not None else None, action=action)
        lines = [prototype + " {", "    int r = 0; (void)r; (void)mv;"]
        try:
            lines += self.block(tree.body, scope, "    ")
        except Unsupported:
            self.unit.prototypes.remove(prototype + ";")
            del self.unit.done[key]
            raise
        lines += ["    return 0;", "}", ""]
        self.unit.functions += lines
        return name

    def expression_function(self, fn: Callable, action: int | None) -> tuple[str, str]:
        """A fused expression (`lambda st, p, mv: CODE`: a `value`, an end's score) as
        `double vN(S *s, int p, const Move *mv)`, for the move of that action (None: called
        without a move): its C name and the kind of what it gives. Only what cannot fail is
        translated (no call that may escape to Python): the C gives what the Python would."""
        key = ("expression", id(fn), action)
        known = self.unit.done.get(key)
        if known is not None and known[0] is fn:  # (the function kept: its id is not another's)
            if known[1] is None:
                raise Unsupported("a value that refers to itself")
            return known[1]
        code = getattr(fn, "code", None)
        if not isinstance(code, str) or not hasattr(fn, "__globals__"):
            raise Unsupported("an expression without its generated code")
        self.unit.done[key] = (fn, None)  # under way
        try:
            body = ast.parse(code, mode="eval").body
            scope = Scope(fn.__globals__, {"p": "p"}, mv="mv" if action is not None else None, action=action, pure=True)
            value, kind = self.expr(body, scope)
        except (Unsupported, SyntaxError) as err:
            del self.unit.done[key]
            raise Unsupported(f"an expression the C path does not hold: {err}") from None
        if kind == "b":
            del self.unit.done[key]
            raise Unsupported("a truth where a number is meant")
        name = f"v{len(self.unit.done)}_{len(self.unit.prototypes)}"
        prototype = f"static double {name}(S *s, int p, const Move *mv)"
        self.unit.prototypes.append(prototype + ";")
        self.unit.functions += [prototype + " {", "    (void)s; (void)p; (void)mv;",
                                f"    return (double)({value});", "}", ""]
        made = (name, {"i": "i", "d": "d"}.get(kind, "cx"))
        self.unit.done[key] = (fn, made)
        return made

    def seat_of(self, fn: Any, args: list[ast.expr], scope: Scope) -> str | None:
        """A possessive's seat (`winner's`, `opponent's`: expressions.py describes them), in C;
        None for another function."""
        what = getattr(fn, "native", None)
        if not (isinstance(what, tuple) and what and what[0] in ("winner", "opponent")) or len(args) != 2:
            return None
        if ast.unparse(args[0]) != "st":
            raise Unsupported("a seat read another way")
        seat, kind = self.expr(args[1], scope)
        if kind != "i":
            raise Unsupported("a seat of another kind")
        if what[0] == "winner":
            return f"(s->winner >= 0 ? s->winner : ({seat}))"
        return f"((({seat}) + 1) % {number(self.shapes.players)})"

    def value_call(self, call: ast.Call, scope: Scope) -> tuple[str, str]:
        """`_values['name'](st, SEAT, mv)`: a `value` of the file, translated once."""
        values = scope.env.get(call.func.value.id) if isinstance(call.func.value, ast.Name) else None  # type: ignore[attr-defined]
        key = call.func.slice  # type: ignore[attr-defined]
        texts = [ast.unparse(a) for a in call.args]
        if (not isinstance(values, dict) or not isinstance(key, ast.Constant) or key.value not in values
                or call.keywords or len(texts) != 3 or texts[0] != "st" or texts[2] not in ("mv", "None")):
            raise Unsupported("a value read another way")
        with_move = texts[2] == "mv" and scope.mv is not None
        name, kind = self.expression_function(values[key.value], scope.action if with_move else None)
        seat, seat_kind = self.expr(call.args[1], scope)
        if seat_kind != "i":
            raise Unsupported("a seat of another kind")
        return f"{name}(s, {seat}, {scope.mv if with_move else 'NULL'})", kind

    # ---- statements --------------------------------------------------------------------------
    def block(self, body: list[ast.stmt], scope: Scope, pad: str) -> list[str]:
        lines: list[str] = []
        for node in body:
            lines += self.statement(node, scope, pad)
        return lines

    def statement(self, node: ast.stmt, scope: Scope, pad: str) -> list[str]:
        text = ast.unparse(node)
        if text in SKIPPED or (isinstance(node, ast.If) and ast.unparse(node.test) in SKIPPED_TESTS):
            return []
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            return self.assign(node.targets[0], node.value, scope, pad)
        if isinstance(node, ast.AugAssign):
            return self.augmented(node, scope, pad)
        if isinstance(node, ast.If):
            return self.branch(node, scope, pad)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            return self.call_statement(node.value, scope, pad)
        if isinstance(node, ast.Return):
            return self.returning(node, scope, pad)
        if isinstance(node, ast.For):
            return self.loop(node, scope, pad)
        raise Unsupported(f"a statement the C path does not hold: {text[:80]}")

    def assign(self, target: ast.expr, value: ast.expr, scope: Scope, pad: str) -> list[str]:
        text = ast.unparse(target)
        if text == "p" and ast.unparse(value) == "st.current":
            scope.names["p"] = "p"
            return [f"{pad}int p = s->current;"]
        if text == "p" and isinstance(value, ast.Name) and value.id in scope.names:
            scope.names["p"] = "p"
            return [f"{pad}int p = {scope.names[value.id]}; (void)p;"]
        if text == "mv" and isinstance(value, ast.Constant) and value.value is None:
            scope.mv = None
            return []
        if text in SCALARS:
            code, kind = self.expr(value, scope)
            if kind != "i":
                raise Unsupported("a state field set to a value that may not be an int")
            return [f"{pad}{SCALARS[text]} = {code}; s->dirty = 1;"]
        if isinstance(target, ast.Subscript) and ast.unparse(target.value) == "st.counters":
            index = self.counter_index(target.slice, scope)
            code, kind = self.expr(value, scope)
            if kind == "c":  # a counter's value as it is: its kind (int or float) goes with it
                source = self.counter_index(value.slice, scope)  # type: ignore[attr-defined]
                return [f"{pad}s->counters[{index}] = {code}; s->cint[{index}] = s->cint[{source}]; s->dirty = 1;"]
            if kind in ("cx", "b"):  # (a truth would be stored as a bool)
                raise Unsupported("a counter set to a value of a kind the C state does not keep")
            return [f"{pad}s->counters[{index}] = {code}; s->cint[{index}] = {1 if kind == 'i' else 0}; s->dirty = 1;"]
        if isinstance(target, ast.Name) and target.id in ("src", "dst"):
            code, kind = self.expr(value, scope)
            if kind != "i":
                raise Unsupported("a zone of another kind")
            scope.names[target.id] = target.id
            return [f"{pad}int {target.id} = {code};"]
        if (isinstance(target, ast.Name) and target.id in ("hand", "target")
                and ast.unparse(value).startswith("st.zones[")):
            code, _ = self.expr(value.slice, scope)  # type: ignore[attr-defined]
            scope.zones[target.id] = code
            return []
        if text == "known" and ast.unparse(value) == "st.rank_counts.get(src)":
            return []  # counts by rank are worked out in C where they are needed
        if isinstance(target, ast.Subscript) and ast.unparse(target.value) == "st.combos":
            return self.set_combo(target.slice, value, scope, pad)
        if isinstance(target, ast.Subscript) and ast.unparse(target.value) == "st.played_by":
            zone, _ = self.expr(target.slice, scope)
            seat, kind = self.expr(value, scope)
            return [f"{pad}s->played_by[zone_at({zone})] = {seat}; s->dirty = 1;"]
        if text == "ended":
            return self.end_check(value, scope, pad)
        if text == "fired":
            return [f"{pad}fired = {number(value.value)};"] if isinstance(value, ast.Constant) else self.fail(value)
        raise Unsupported(f"an assignment the C path does not hold: {ast.unparse(target)}")

    def augmented(self, node: ast.AugAssign, scope: Scope, pad: str) -> list[str]:
        text = ast.unparse(node.target)
        code, kind = self.expr(node.value, scope)
        if text in SCALARS and isinstance(node.op, ast.Add) and kind == "i":
            return [f"{pad}{SCALARS[text]} += {code}; s->dirty = 1;"]
        raise Unsupported(f"an assignment the C path does not hold: {ast.unparse(node)}")

    def branch(self, node: ast.If, scope: Scope, pad: str) -> list[str]:
        test = node.test
        # `if (conditions) and not _triggers(st, p): st._keep_firing(p)`
        if (len(node.body) == 1 and ast.unparse(node.body[0]).startswith("st._keep_firing(")
                and isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) and len(test.values) == 2
                and isinstance(test.values[1], ast.UnaryOp) and isinstance(test.values[1].op, ast.Not)):
            condition, _ = self.expr(test.values[0], scope)
            call = test.values[1].operand
            fired = self.call_value(call, scope)
            seat, _ = self.expr(node.body[0].value.args[0], scope)  # type: ignore[attr-defined]
            return [f"{pad}if ({condition}) {{",
                    f"{pad}    r = {fired};", f"{pad}    if (r == ERR) return ERR;",
                    f"{pad}    if (!r) {{ escape_keep_firing(s, {seat}); return ERR; }}", f"{pad}}}"]
        # `if ended is not None: st._end_deal(p, ended)`
        if ast.unparse(test) == "ended is not None" and len(node.body) == 1 and not node.orelse:
            seat, _ = self.expr(node.body[0].value.args[0], scope)  # type: ignore[attr-defined]
            if ast.unparse(node.body[0]) != f"st._end_deal({ast.unparse(node.body[0].value.args[0])}, ended)":
                raise Unsupported("an end of another form")
            last = number(node is scope.last)
            return [f"{pad}if (ended >= 0 && escape_end_deal(s, {seat}, ended, {last}) < 0) return ERR;"]
        condition, _ = self.expr(test, scope)
        lines = [f"{pad}if ({condition}) {{", *self.block(node.body, scope, pad + "    ")]
        if node.orelse:
            lines += [f"{pad}}} else {{", *self.block(node.orelse, scope, pad + "    ")]
        return [*lines, f"{pad}}}"]

    def returning(self, node: ast.Return, scope: Scope, pad: str) -> list[str]:
        value = node.value
        if value is None or (isinstance(value, ast.Constant) and value.value is None):
            return [f"{pad}return -1;"]
        if isinstance(value, ast.Constant) and type(value.value) is bool:
            return [f"{pad}return {number(value.value)};"]
        if isinstance(value, ast.Tuple) and len(value.elts) == 2 and isinstance(value.elts[0], ast.Constant):
            rule = value.elts[0].value
            if type(rule) is not int or not 0 <= rule < 1000:
                raise Unsupported("an end rule's number out of range")
            who = value.elts[1]
            if isinstance(who, ast.Constant) and who.value is None:
                return [f"{pad}return {rule * ENDS};"]
            seat, kind = self.expr(who, scope)
            return [f"{pad}return {rule * ENDS} + ({seat}) + 1;"]
        raise Unsupported("a return of another form")

    def loop(self, node: ast.For, scope: Scope, pad: str) -> list[str]:
        if not isinstance(node.target, ast.Name) or node.orelse:
            raise Unsupported("a loop of another form")
        it = ast.unparse(node.iter)
        if it == "range(100)" and node.target.id == "_":  # `whenever` rules firing, bounded
            scope.names["fired"] = "fired"
            return [f"{pad}int fired = 0; (void)fired;", f"{pad}for (int round = 0; round < 100; round++) {{",
                    *self.block(node.body, scope, pad + "    "), f"{pad}}}"]
        rows = self.seat_rows(node.iter, scope)
        var = node.target.id
        if var not in ("p", "value"):
            raise Unsupported("a loop variable of another name")
        inner = Scope(scope.env, {**scope.names, var: var}, scope.mv, scope.action, dict(scope.zones))
        name, width, at = rows
        return [f"{pad}for (int i_{var} = 0; i_{var} < {width}; i_{var}++) {{",
                f"{pad}    int {var} = {name}[{at}][i_{var}];", *self.block(node.body, inner, pad + "    "), f"{pad}}}"]

    def call_statement(self, call: ast.Call, scope: Scope, pad: str) -> list[str]:
        text = ast.unparse(call)
        if text == "st.rank_counts.pop(dst, None)":
            return []
        if isinstance(call.func, ast.Attribute) and ast.unparse(call.func.value) == "st":
            method = call.func.attr
            if method == "_set_phase" and len(call.args) == 1:
                code, kind = self.expr(call.args[0], scope)
                return [f"{pad}s->phase = {code}; s->dirty = 1;"]
            if method == "_end_turn" and not call.args and self.shapes.simple_turns:
                return [f"{pad}s->current = (s->current + 1) % {number(self.shapes.players)};",
                        f"{pad}s->turn_number += 1;", f"{pad}s->moves_in_turn = 0; s->dirty = 1;"]
            raise Unsupported(f"an engine call the C path does not hold: {method}")
        if not isinstance(call.func, ast.Name):
            raise Unsupported("a call of another form")
        helper = scope.env.get(call.func.id)
        if helper is not None and helper is self.shapes.move_all:
            return self.move_all(call, scope, pad)
        if helper is not None and helper is self.shapes.move_ranks:
            return self.move_ranks(call, scope, pad)
        if hasattr(helper, "native"):
            try:
                return self.native_effect(call, scope, pad)
            except Unsupported:
                pass  # the closure is called from the C instead, where it may be
        return [f"{pad}if ({self.call_value(call, scope, escape=True)} == ERR) return ERR;"]

    def call_value(self, call: ast.Call, scope: Scope, escape: bool = False) -> str:
        """A call of a generated function: translated, or else (a statement's call, without the
        move, with `escape`) an escape to the Python function (any function of (st, p, mv))."""
        if not isinstance(call.func, ast.Name) or call.keywords:
            raise Unsupported("a call of another form")
        fn = scope.env.get(call.func.id)
        texts = [ast.unparse(a) for a in call.args]
        seat = self.seat_of(fn, call.args, scope)
        if seat is not None:
            return seat
        if scope.pure:
            raise Unsupported("a call that may escape to Python, where nothing may")
        if (not callable(fn) or texts[:1] != ["st"] or len(texts) not in (2, 3)
                or texts[2:] not in ([], ["mv"], ["None"])):
            raise Unsupported("a call of another form")
        seat, kind = self.expr(call.args[1], scope)
        with_move = texts[2:] == ["mv"] and scope.mv is not None
        if inspect.isfunction(fn) and hasattr(fn, "source"):
            try:
                name = self.function(fn, scope.action if with_move else None)
                return f"{name}(s, {seat}, {'mv' if with_move else 'NULL'})"
            except Unsupported:
                if not escape or with_move or len(texts) != 3:
                    raise
        elif not escape or with_move or len(texts) != 3:
            raise Unsupported("a call of a function that is not generated")
        return f"escape_effects(s, {self.escape(fn)}, {seat})"

    def escape(self, fn: Callable) -> int:
        """The place of a Python function of (st, p, None) among those the C calls back."""
        for index, known in enumerate(self.unit.escapes):
            if known is fn:
                return index
        self.unit.escapes.append(fn)
        return len(self.unit.escapes) - 1

    # ---- effects the engine compiles as closures, described by their `.native` ------------------
    def native_effect(self, call: ast.Call, scope: Scope, pad: str) -> list[str]:
        """`reveal`, `move all` and `turn to` closures (expressions.py describes them), in C; where
        the C finds what the Python raises on (a counter that holds no seat), the closure itself is
        called, to raise it."""
        fn = scope.env.get(call.func.id)  # type: ignore[attr-defined]
        texts = [ast.unparse(a) for a in call.args]
        if texts[:2] != ["st", "p"] or len(texts) != 3 or (texts[2] != "None" and scope.mv is not None):
            raise Unsupported("an effect called another way")
        what = fn.native  # type: ignore[union-attr]
        fallback = f"{{ escape_effects(s, {self.escape(fn)}, p); return raised(); }}"
        if what[0] == "reveal":
            lines, zones, width = self.zones_of(what[1], fallback, scope, pad, "z")
            return [f"{pad}{{", *lines, f"{pad}    for (int k = 0; k < {width}; k++) reveal(s, {zones}[k]);",
                    f"{pad}    s->dirty = 1;", f"{pad}}}"]
        if what[0] == "move all":
            _, sources, targets, reverse = what
            target_lines, target, _ = self.zones_of(targets, fallback, scope, pad, "t")
            source_lines, zones, width = self.zones_of(sources, fallback, scope, pad, "z")
            return [f"{pad}{{", *target_lines, *source_lines,
                    f"{pad}    for (int k = 0; k < {width}; k++)",
                    f"{pad}        move_all(s, {zones}[k], {target}[0], {number(reverse)});",
                    f"{pad}    s->dirty = 1;", f"{pad}}}"]
        if what[0] == "turn to" and self.shapes.simple_turns:
            code = getattr(what[1], "code", None)
            if not isinstance(code, str):
                raise Unsupported("a seat the C path does not read")
            seat_scope = Scope(what[1].__globals__, {"p": "p"}, scope.mv, scope.action, {})
            value, _ = self.expr(ast.parse(code, mode="eval").body, seat_scope)
            return [f"{pad}{{", f"{pad}    double v = (double)({value});",
                    f"{pad}    if (v != v || v - v != 0) {fallback}  /* nan, inf: int() raises */",
                    f"{pad}    if (v >= 1 && v < {number(self.shapes.players + 1)}) {{  /* 0 <= int(v) - 1 < n */",
                    f"{pad}        s->current = (int)v - 1; s->turn_number += 1; s->moves_in_turn = 0; s->dirty = 1;",
                    f"{pad}    }}", f"{pad}}}"]
        raise Unsupported("an effect the C path does not hold")

    def zones_of(self, getter: Any, fallback: str, scope: Scope, pad: str, name: str) -> tuple[list[str], str, int]:
        """The zones a `zone_ids` getter gives for seat `p`: C lines setting `name` to a row of
        them, the row, its width. Fixed by seat (`static`), or by a seat a counter holds."""
        static = getattr(getter, "static", None)
        if static is not None:
            rows = self.rows(tuple(tuple(z) for z in static))
            return [f"{pad}    const int *{name} = {rows[0]}[p];"], name, rows[1]
        whose = getattr(getattr(getter, "whose", None), "native", None)
        if not (whose and whose[0] == "seat in counter" and type(whose[1]) is int
                and 0 <= whose[1] < self.shapes.counters):
            raise Unsupported("zones the C path does not find")
        rows = self.rows(tuple(tuple(z) for z in getter.by_seat))
        held = f"s->counters[{number(whose[1])}]"
        return [f"{pad}    double {name}v = {held};",
                f"{pad}    if (!({name}v >= 1 && {name}v <= {number(self.shapes.players)}"
                f" && {name}v == (double)(int){name}v))"
                f" {fallback}",
                f"{pad}    const int *{name} = {rows[0]}[(int){name}v - 1];"], name, rows[1]

    def rows(self, rows: tuple[tuple[int, ...], ...]) -> tuple[str, int]:
        """A C table of equally long rows of zone ids (one a seat): its name and width."""
        if (len(rows) != self.shapes.players or not rows or any(len(r) != len(rows[0]) for r in rows)
                or not all(type(z) is int and 0 <= z < self.shapes.zones for r in rows for z in r)):
            raise Unsupported("zones of another form")
        key = ("R", rows)
        name = self.unit.table_names.get(key)
        if name is None:
            name = self.unit.table_names[key] = f"R{len(self.unit.table_names)}"
            body = ", ".join("{" + (", ".join(number(v) for v in r) or "0") + "}" for r in rows)
            self.unit.tables.append(f"static const int {name}[{len(rows)}][{max(len(rows[0]), 1)}] = {{{body}}};")
        return name, len(rows[0])

    def end_check(self, value: ast.expr, scope: Scope, pad: str) -> list[str]:
        if not isinstance(value, ast.Call):
            raise Unsupported("an end check of another form")
        return [f"{pad}int ended = {self.call_value(value, scope)};", f"{pad}if (ended == ERR) return ERR;"]

    def move_all(self, call: ast.Call, scope: Scope, pad: str) -> list[str]:
        texts = [ast.unparse(a) for a in call.args]
        if texts[:7] != MOVE_ALL_STATE or len(texts) != 10:
            raise Unsupported("move_all of another form")
        src, _ = self.expr(call.args[7], scope)
        dst, _ = self.expr(call.args[8], scope)
        reverse = call.args[9]
        if not isinstance(reverse, ast.Constant) or type(reverse.value) is not bool:
            raise Unsupported("move_all of another form")
        return [f"{pad}move_all(s, {src}, {dst}, {number(reverse.value)}); s->dirty = 1;"]

    def move_ranks(self, call: ast.Call, scope: Scope, pad: str) -> list[str]:
        texts = [ast.unparse(a) for a in call.args]
        if (texts[:3] != ["hand", "target", "mv[2]"] or scope.mv is None or "hand" not in scope.zones
                or "target" not in scope.zones or self.shapes.action_shapes[scope.action] != "play"):
            raise Unsupported("move_ranks of another form")
        return [f"{pad}if (move_ranks(s, {scope.zones['hand']}, {scope.zones['target']}, mv) < 0) return ERR;",
                f"{pad}s->dirty = 1;"]

    def set_combo(self, zone: ast.expr, value: ast.expr, scope: Scope, pad: str) -> list[str]:
        texts = [ast.unparse(a) for a in getattr(value, "args", [])]
        if (not isinstance(value, ast.Call) or not isinstance(value.func, ast.Name) or texts != ["mv[1]", "mv[2]"]
                or scope.env.get(value.func.id) != self.shapes.reading or self.shapes.reading is None
                or scope.mv is None or self.shapes.action_shapes[scope.action] != "play"):
            raise Unsupported("a combination set another way")
        code, _ = self.expr(zone, scope)
        return [f"{pad}set_combo(s, {code}, mv); s->dirty = 1;"]

    # ---- listings ----------------------------------------------------------------------------
    def list_block(self, body: list[ast.stmt], scope: Scope, pad: str) -> list[str]:
        lines: list[str] = []
        rest = list(body)
        while rest:
            node = rest.pop(0)
            text = ast.unparse(node)
            if text == "mv = None":
                continue
            if text == "table = None":
                count = 4 if rest and isinstance(rest[0], ast.If) else 3
                lines += self.plays([node, *rest[:count - 1]], scope, pad)
                del rest[:count - 1]
                continue
            if isinstance(node, ast.If) and not node.orelse:
                condition, _ = self.expr(node.test, scope)
                lines += [f"{pad}if ({condition}) {{", *self.list_block(node.body, scope, pad + "    "), f"{pad}}}"]
                continue
            if isinstance(node, ast.For) and ast.unparse(node.target) == "value":
                lines += self.values(node, scope, pad)
                continue
            if isinstance(node, ast.Expr) and text.startswith("out.append("):
                lines += self.fixed_move(node.value.args[0], scope, pad)  # type: ignore[attr-defined]
                continue
            raise Unsupported(f"a listing statement the C path does not hold: {text[:80]}")
        return lines

    def fixed_move(self, arg: ast.expr, scope: Scope, pad: str) -> list[str]:
        move = scope.env.get(arg.id) if isinstance(arg, ast.Name) else None
        if not (isinstance(move, tuple) and len(move) == 4 and all(type(v) is int for v in move)):
            raise Unsupported("a listed move of another form")
        if self.shapes.action_shapes[move[0]] != "fixed":
            raise Unsupported("a fixed move of an action of another form")
        return [f"{pad}if (push_move(out, {', '.join(number(v) for v in move)}) < 0) return -1;"]

    def values(self, node: ast.For, scope: Scope, pad: str) -> list[str]:
        offered = node.iter
        values = scope.env.get(offered.id) if isinstance(offered, ast.Name) else None
        if not (isinstance(values, tuple) and all(type(v) is int for v in values)):
            raise Unsupported("choices of another form")
        first = ast.unparse(node.body[0])
        head = first.split("(")[1].split(",")[0] if first.startswith("mv = (") else ""
        if not head.isdigit() or first != f"mv = ({head}, value, -1, -1)":
            raise Unsupported("choices of another form")
        action = int(head)
        if self.shapes.action_shapes[action] != "values":
            raise Unsupported("choices of another form")
        name = self.table("V", tuple(values))
        inner = Scope(scope.env, {**scope.names, "value": "value"}, "(&m)", action, dict(scope.zones))
        lines = [f"{pad}for (int i = 0; i < {len(values)}; i++) {{", f"{pad}    int value = {name}[i];",
                 f"{pad}    Move m = {{{number(action)}, value, -1, -1, 0, 0, 0, 0}}; (void)m;"]
        rest = node.body[1:]
        add = f"{pad}        if (push_move(out, {number(action)}, value, -1, -1) < 0) return -1;"
        if len(rest) == 1 and ast.unparse(rest[0]) == "out.append(mv)":
            return [*lines, add.replace("        ", "    ", 1), f"{pad}}}"]
        if (len(rest) == 1 and isinstance(rest[0], ast.If) and not rest[0].orelse
                and [ast.unparse(s) for s in rest[0].body] == ["out.append(mv)"]):
            condition, _ = self.expr(rest[0].test, inner)
            return [*lines, f"{pad}    if ({condition}) {{", add, f"{pad}    }}", f"{pad}}}"]
        raise Unsupported("choices of another form")

    def plays(self, nodes: list[ast.stmt], scope: Scope, pad: str) -> list[str]:
        """The plays of combinations: `generators._combinations`, counted by rank, no kept leads."""
        texts = [ast.unparse(n) for n in nodes]
        beaten = None
        if len(nodes) == 4:
            cond = nodes[1]
            if not (isinstance(cond, ast.If) and len(cond.body) == 1 and not cond.orelse):
                raise Unsupported("plays of another form")
            beaten = self.seat_table(cond.test.slice, scope)  # type: ignore[attr-defined]
            if texts[1] != f"if st.zones[{beaten[1]}]:\n    table = st.combos.get({beaten[1]})":
                raise Unsupported("plays of another form")
        finder_node, loop = nodes[-2], nodes[-1]
        if not (isinstance(finder_node, ast.Assign) and isinstance(finder_node.value, ast.Subscript)
                and isinstance(finder_node.value.value, ast.Name) and ast.unparse(finder_node.value.slice) == "p"):
            raise Unsupported("plays of another form")
        finders = scope.env.get(finder_node.value.value.id)
        known = self.shapes.finders.get(id(finders))
        if known is None or not isinstance(loop, ast.For) or ast.unparse(loop.body[-1]) != PLAYS_LAST:
            raise Unsupported("plays of another form")
        if [ast.unparse(s) for s in loop.body] != PLAYS_BODY:
            raise Unsupported("plays of another form")
        number_of_set, bases = known
        sources = self.seat_rows(loop.iter, scope)
        base = self.table("B", tuple(bases))
        lines = [f"{pad}{{", f"{pad}    const Combo *table = NULL;"]
        if beaten is not None:
            lines += [f"{pad}    int bz = {beaten[0]}[p];",
                      f"{pad}    if (s->zones[bz].n && s->combos[bz].kind >= 0) table = &s->combos[bz];"]
        name, width, at = sources
        lines += [f"{pad}    for (int i = 0; i < {width}; i++) {{",
                  f"{pad}        int c[16];", f"{pad}        rank_counts(&s->zones[{name}[{at}][i]], c);",
                  f"{pad}        if ((table == NULL ? leads_{number_of_set}(out, c, {base}[p])"
                  f" : answer_{number_of_set}(out, c, table, {base}[p])) < 0) return -1;",
                  f"{pad}    }}", f"{pad}}}"]
        return lines

    # ---- expressions: (C code, kind): i int, d float, b truth, c a counter as it is, cx mixed --
    def expr(self, node: ast.expr, scope: Scope) -> tuple[str, str]:
        if isinstance(node, ast.Constant):
            if type(node.value) is bool:
                return number(node.value), "b"
            if type(node.value) is int:
                return number(node.value), "i"
            if type(node.value) is float:
                return number(node.value), "d"
            raise Unsupported("a constant of another kind")
        text = ast.unparse(node)
        if text in SCALARS:
            return SCALARS[text], "i"
        if isinstance(node, ast.Name):
            if node.id in scope.names:
                return scope.names[node.id], "i"
            value = scope.env.get(node.id)
            if type(value) in (int, float):
                return number(value), "i" if type(value) is int else "d"
            raise Unsupported(f"a name the C path does not hold: {node.id}")
        if isinstance(node, ast.Subscript):
            return self.subscript(node, scope)
        if isinstance(node, ast.BoolOp):
            parts = [self.expr(v, scope)[0] for v in node.values]
            joiner = " && " if isinstance(node.op, ast.And) else " || "
            return "(" + joiner.join(f"({p})" for p in parts) + ")", "b"
        if isinstance(node, ast.UnaryOp):
            code, kind = self.expr(node.operand, scope)
            if isinstance(node.op, ast.Not):
                return f"(!({code}))", "b"
            if isinstance(node.op, ast.USub) and kind in ("i", "d"):
                return f"(-({code}))", kind
            raise Unsupported("an operator the C path does not hold")
        if isinstance(node, ast.Compare):
            return self.compare(node, scope)
        if isinstance(node, ast.BinOp):
            return self.arithmetic(node, scope)
        if isinstance(node, ast.IfExp):
            test, _ = self.expr(node.test, scope)
            yes, first = self.expr(node.body, scope)
            no, second = self.expr(node.orelse, scope)
            if first != second or first not in ("i", "d", "b"):
                raise Unsupported("a choice of values of two kinds")
            return f"(({test}) ? ({yes}) : ({no}))", first
        if isinstance(node, ast.Call):
            if text.startswith("len(") and text.endswith(")") and len(node.args) == 1:
                inner = node.args[0]
                if text == "len(mv)" and scope.mv is not None:
                    return "4", "i"
                if isinstance(inner, ast.Subscript) and ast.unparse(inner.value) == "st.zones":
                    zone, _ = self.expr(inner.slice, scope)
                    return f"s->zones[zone_at({zone})].n", "i"
            if text == "isinstance(mv[2], tuple)" and scope.mv is not None:
                return ("1" if self.shapes.action_shapes[scope.action] == "play" else "0"), "b"
            if isinstance(node.func, ast.Subscript):
                return self.value_call(node, scope)
            return self.call_value(node, scope), "i"
        raise Unsupported(f"an expression the C path does not hold: {text[:80]}")

    def subscript(self, node: ast.Subscript, scope: Scope) -> tuple[str, str]:
        base = ast.unparse(node.value)
        if base == "st.counters":
            return f"s->counters[{self.counter_index(node.slice, scope)}]", "c"
        if base == "st.zones":
            zone, _ = self.expr(node.slice, scope)
            return f"(s->zones[zone_at({zone})].n > 0)", "b"
        if base == "mv" and scope.mv is not None and isinstance(node.slice, ast.Constant):
            slot = node.slice.value
            if slot in (0, 1, 3) or (slot == 2 and self.shapes.action_shapes[scope.action] != "play"):
                return f"{scope.mv}->{('a', 'v1', 'v2', 'v3')[slot]}", "i"
            raise Unsupported("a slot of the move the C path does not hold")
        if isinstance(node.value, ast.Name):
            name, _, at = self.seat_table(node.slice, scope, node.value)
            return f"{name}[{at}]", "i"
        raise Unsupported(f"a subscript the C path does not hold: {ast.unparse(node)[:60]}")

    def counter_index(self, index: ast.expr, scope: Scope) -> str:
        if isinstance(index, ast.Constant) and type(index.value) is int and 0 <= index.value < self.shapes.counters:
            return number(index.value)
        raise Unsupported("a counter read by a computed index")

    def seat_table(self, index: ast.expr, scope: Scope, table: ast.expr | None = None) -> tuple[str, str, str]:
        """A constant list of ints read at a seat: (its C name, its text, the C index)."""
        if table is None:
            if not (isinstance(index, ast.Subscript) and isinstance(index.value, ast.Name)):
                raise Unsupported("a table of another form")
            table, index = index.value, index.slice
        values = scope.env.get(table.id) if isinstance(table, ast.Name) else None
        at = ast.unparse(index)
        if at not in scope.names or at not in ("p", "mover"):
            raise Unsupported("a table read at something other than a seat")
        if not (isinstance(values, (list, tuple)) and len(values) == self.shapes.players
                and all(type(v) is int for v in values)):
            raise Unsupported("a table of another form")
        return self.table("T", tuple(values)), f"{table.id}[{at}]", at  # type: ignore[union-attr]

    def seat_rows(self, node: ast.expr, scope: Scope) -> tuple[str, int, str]:
        """`_kN[p]`: a constant list, by seat, of equally long tuples of ints (seats, zones)."""
        if not (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name)):
            raise Unsupported("rows of another form")
        rows = scope.env.get(node.value.id)
        at = ast.unparse(node.slice)
        if at not in scope.names or at not in ("p", "mover"):
            raise Unsupported("rows read at something other than a seat")
        if not (isinstance(rows, (list, tuple)) and len(rows) == self.shapes.players and rows
                and all(isinstance(r, tuple) and len(r) == len(rows[0]) for r in rows)
                and all(type(v) is int and 0 <= v < max(self.shapes.zones, self.shapes.players)
                        for r in rows for v in r)):
            raise Unsupported("rows of another form")
        width = len(rows[0])
        key = ("R", tuple(rows))
        name = self.unit.table_names.get(key)
        if name is None:
            name = self.unit.table_names[key] = f"R{len(self.unit.table_names)}"
            body = ", ".join("{" + (", ".join(number(v) for v in r) or "0") + "}" for r in rows)
            self.unit.tables.append(f"static const int {name}[{len(rows)}][{max(width, 1)}] = {{{body}}};")
        return name, width, at

    def table(self, prefix: str, values: tuple[int, ...]) -> str:
        key = (prefix, values)
        name = self.unit.table_names.get(key)
        if name is None:
            name = self.unit.table_names[key] = f"{prefix}{len(self.unit.table_names)}"
            self.unit.tables.append(
                f"static const int {name}[{max(len(values), 1)}] = {{{', '.join(number(v) for v in values) or '0'}}};")
        return name

    def compare(self, node: ast.Compare, scope: Scope) -> tuple[str, str]:
        if len(node.ops) == 1 and isinstance(node.ops[0], (ast.Is, ast.IsNot)):
            right = node.comparators[0]
            if ast.unparse(node.left) == "mv" and isinstance(right, ast.Constant) and right.value is None:
                present = scope.mv is not None
                return ("1" if present == isinstance(node.ops[0], ast.IsNot) else "0"), "b"
            raise Unsupported("an identity test of another form")
        if len(node.ops) == 1 and isinstance(node.ops[0], (ast.In, ast.NotIn)):
            code, kind = self.expr(node.left, scope)
            if kind != "i":  # (a float in a set of ints is compared as a float)
                raise Unsupported("membership of a value that may not be an int")
            right = node.comparators[0]
            values = scope.env.get(right.id) if isinstance(right, ast.Name) else None
            if not (isinstance(values, (frozenset, set, tuple)) and all(type(v) is int for v in values)):
                raise Unsupported("membership of another form")
            name = self.table("M", tuple(sorted(values)))
            test = f"member({code}, {name}, {len(values)})"
            return (test if isinstance(node.ops[0], ast.In) else f"(!{test})"), "b"
        parts, left = [], node.left
        for op, right in zip(node.ops, node.comparators):
            a, first = self.expr(left, scope)
            b, second = self.expr(right, scope)
            if "b" in (first, second):  # (Python's `and`/`or` give values, not truths)
                raise Unsupported("a comparison of truths")
            symbol = COMPARISONS.get(type(op))
            if symbol is None:
                raise Unsupported("a comparison the C path does not hold")
            parts.append(f"(({a}) {symbol} ({b}))")
            left = right
        return "(" + " && ".join(parts) + ")", "b"

    def arithmetic(self, node: ast.BinOp, scope: Scope) -> tuple[str, str]:
        a, first = self.expr(node.left, scope)
        b, second = self.expr(node.right, scope)
        kinds = {first, second}
        if "b" in kinds:
            raise Unsupported("arithmetic on truths")
        kind = "d" if "d" in kinds else "i" if kinds == {"i"} else "cx"
        if isinstance(node.op, ast.Mod):
            if not (kinds == {"i"} and isinstance(node.right, ast.Constant) and node.right.value > 0):
                raise Unsupported("a remainder the C path does not hold")
            return f"((({a}) % {b} + {b}) % {b})", "i"
        symbol = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*"}.get(type(node.op))
        if symbol is None:
            raise Unsupported("an operator the C path does not hold")
        return f"(({a}) {symbol} ({b}))", kind

    def fail(self, node: Any) -> list[str]:
        raise Unsupported(f"a statement the C path does not hold: {ast.unparse(node)[:60]}")


@dataclass
class Scope:
    """What names mean where a function is translated."""

    env: dict
    names: dict  # Python name -> C expression (ints)
    mv: str | None  # the C pointer to the move, or None where the move is None
    action: int | None  # the action whose move `mv` is, if known
    zones: dict = field(default_factory=dict)  # hand/target -> the C zone index
    last: Any = None  # the applier's last statement that does anything
    pure: bool = False  # an expression that cannot fail: no call that may escape to Python


def parse(fn: Callable) -> tuple[ast.FunctionDef, dict]:
    """The tree of a generated function (its `.source`, which `source.py` verified) and its names."""
    text = getattr(fn, "source", None)
    if not isinstance(text, str):
        raise Unsupported("a function without its generated source")
    tree = ast.parse(text)
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.FunctionDef):
        raise Unsupported("a source of another form")
    return tree.body[0], fn.__globals__


SCALARS = {"st.current": "s->current", "st.phase": "s->phase", "st.turn_number": "s->turn_number",
           "st.moves_in_turn": "s->moves_in_turn"}
COMPARISONS = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">="}
MOVE_ALL_STATE = ["st", "st.zones", "st._frame", "st.declared", "st.rank_counts", "st.combos", "st.played_by"]
# Statements that do nothing in a playout (no undo record, no counting of rules: both checked on entry).
SKIPPED = {"st._legal = None", "mv = None"}
SKIPPED_TESTS = {"st._frame is not None and st._frame.counters is None", "st.fired is not None and (not st._looking)"}
PLAYS_BODY = ["hand = st.zones[src]", "known = st.rank_counts.get(src)",
              "if known is not None and known[0] is hand:\n    counts = known[1]\nelse:\n    counts = [0] * 16\n"
              "    for card in hand:\n        counts[card >> 2] += 1\n    st.rank_counts[src] = (hand, counts)",
              "out += finder.leads(counts) if table is None else finder.answer[table.kind.index](counts, table)"]
PLAYS_LAST = PLAYS_BODY[-1]
