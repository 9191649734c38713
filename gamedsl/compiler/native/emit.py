"""C source for the listings of combination plays, from the same shapes as the Python ones.

`PlayFinder` (combinations.py) sorts each kind into a shape — a fixed set of ranks, a group of a
rank, a group with one other group, a run — and builds its plays into tables once; its generated
Python then picks table entries by the hand's counts. This module writes the same listing as a
C function: the same loops over the same rank orders in the same order, so the same plays in the
same order. The tables stay Python objects (each finder's moves): the C code only picks
entries out of one flat tuple per finder at offsets fixed here. Kinds whose wings are arranged
as they are found ("other") are arranged in C the way `CombinationSet._wings` arranges them,
each play made by the finder's `form`, as the Python finder makes it.

Nothing a rules file says reaches the C source but integers (ranks, widths, lengths, offsets,
masks), each checked to be an int by `_int`; kinds are named by their index only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..combinations import CombinationKind, PlayFinder

RANKS = 16


class Unsupported(Exception):
    """A combination set the C path does not hold (its Python listing is used)."""


def _int(value: Any) -> str:
    """The C literal of a Python int (anything else is a bug of the compiler, refused)."""
    if type(value) is not int or not -(2 ** 31) < value < 2 ** 31:
        raise ValueError(f"not a small int for C source: {value!r}")
    return str(value)


def _ints(values: Any) -> str:
    return "{" + ", ".join(_int(v) for v in values) + "}" if len(values) else "{0}"


@dataclass
class Segment:
    """Where one kind's entries lie in a finder's flat tuple, and how they are laid out."""

    kind: CombinationKind
    shape: str  # exact | group | group and group | run | other
    offset: int
    size: int


def layout(finder: PlayFinder) -> list[Segment]:
    """The flat tuple's segments, kind by kind (the same for every finder of one set)."""
    segments, offset = [], 0
    for kind in finder.set.kinds:
        shape = finder._shapes.get(kind.index, ("other",))[0]
        if shape == "group":
            size = RANKS
        elif shape == "group and group":
            size = RANKS * RANKS
        elif shape == "run":
            size = len(kind.run_ranks) * (len(kind.run_ranks) + 1)
        else:  # exact: its one play; other: the finder's form and the kind, to make its plays
            size = 1
        segments.append(Segment(kind, shape, offset, size))
        offset += size
    return segments


def entries(finder: PlayFinder, segments: list[Segment]) -> tuple:
    """The flat tuple of one finder: its plays (and Python finders) at the offsets of `segments`."""
    flat: list[Any] = []
    for segment in segments:
        shape = finder._shapes.get(segment.kind.index, ("other",))
        if segment.shape == "exact":
            flat.append(shape[1])
        elif segment.shape == "group":
            flat += shape[1]
        elif segment.shape == "group and group":
            flat += [play for row in shape[1] for play in row]
        elif segment.shape == "run":
            table, length = shape[1], len(segment.kind.run_ranks)
            for start in range(length):
                row = table[start]
                flat += [row[n] if n < len(row) else None for n in range(length + 1)]
        else:  # wings arranged as found: each play made by the finder's form, as in Python
            flat.append((finder.form, segment.kind))
        if len(flat) != segment.offset + segment.size:
            raise ValueError("a finder's tables do not fit the layout")  # a bug of the compiler
    return tuple(flat)


# The C that both listings share (the Python-facing finders here, the C moves of state_plays.py):
# runs of ranks held, and the arrangement of wings. A user defines, before `ARRANGE`: ENTRY_T
# (how a winged kind's entry is passed), OUT_T (where plays go), ARRANGEMENT_FIELDS (what an
# Arrangement keeps of them) and START_ARRANGEMENT(a, entry, out); and after it, `make_play`.
SMALL_ATTR = r"""/* An int attribute of an object, that fits a C int. */
static int small_attr(PyObject *o, PyObject *name, int *value) {
    PyObject *v = PyObject_GetAttr(o, name);
    if (v == NULL) return -1;
    long x = PyLong_AsLong(v);
    Py_DECREF(v);
    if (x == -1 && PyErr_Occurred()) return -1;
    if (x < -2147483647L || x > 2147483647L) { PyErr_SetString(PyExc_OverflowError, "a number too large"); return -1; }
    *value = (int)x;
    return 0;
}
"""

RUNS = r"""/* far[i]: how many ranks of `order` from i on the hand holds `width` times each, in a row. */
static void runs(const int *c, const int *order, int n, int width, int *far) {
    int row = 0;
    for (int i = n - 1; i >= 0; i--) {
        row = c[order[i]] >= width ? row + 1 : 0;
        far[i] = row;
    }
}

static int held(const int *c, const int *order, int n, int width) {
    int found = 0;
    for (int i = 0; i < n; i++) found += c[order[i]] >= width;
    return found;
}

"""

ARRANGE = r"""/* A kind with wings to arrange (combinations.py, `_winged_finder` and `CombinationSet._wings`). */
typedef struct {
    int width, is_run, min_length, max_length, n_order, allowed;  /* allowed: a mask of ranks, 0: any */
    const int *order;
    int wing_width, per_core, total, distinct, max_of_a_rank, core_allowed, together;  /* together: a mask */
} Winged;

typedef struct {
    const Winged *w;
    ARRANGEMENT_FIELDS  /* where its plays go: the user's own (below) */
    int length, key, n_core, core[20], n_candidates, candidates[16], limit[16], n_chosen, chosen[64];
} Arrangement;

static void sort_ints(int *a, int n) {
    for (int i = 1; i < n; i++) {
        int x = a[i], j = i - 1;
        while (j >= 0 && a[j] > x) { a[j + 1] = a[j]; j--; }
        a[j + 1] = x;
    }
}

static int make_play(Arrangement *a, const int *wings, int n_wings);

/* The ranks of a play, sorted: the wings (each `wing_width` times) and the core; how many. */
static int play_ranks(const Arrangement *a, const int *wings, int n_wings, int *ranks) {
    int n = 0;
    for (int i = 0; i < n_wings; i++)
        for (int k = 0; k < a->w->wing_width; k++) ranks[n++] = wings[i];
    for (int i = 0; i < a->n_core; i++)
        for (int k = 0; k < a->w->width; k++) ranks[n++] = a->core[i];
    sort_ints(ranks, n);
    return n;
}

static int extend(Arrangement *a, int start, int need) {
    if (need == 0) {
        if (a->w->together) {
            int chosen = 0;
            for (int i = 0; i < a->n_chosen; i++) chosen |= 1 << a->chosen[i];
            if ((chosen & a->w->together) == a->w->together) return 0;
        }
        return make_play(a, a->chosen, a->n_chosen);
    }
    for (int i = start; i < a->n_candidates; i++) {
        int top = a->limit[i] < need ? a->limit[i] : need;
        for (int k = 1; k <= top; k++) {
            for (int m = 0; m < k; m++) a->chosen[a->n_chosen++] = a->candidates[i];
            int failed = extend(a, i + 1, need - k);
            a->n_chosen -= k;
            if (failed) return -1;
        }
    }
    return 0;
}

static int arrange(Arrangement *a, const int *c, const int *every, int n_every) {
    const Winged *w = a->w;
    int rest[16], in_core = 0;
    for (int i = 0; i < 16; i++) rest[i] = c[i];
    for (int i = 0; i < a->n_core; i++) { rest[a->core[i]] -= w->width; in_core |= 1 << a->core[i]; }
    a->n_candidates = 0;
    for (int i = 0; i < n_every; i++) {
        int r = every[i];
        if (rest[r] >= w->wing_width && (w->core_allowed || !(in_core >> r & 1))) {
            int most = rest[r] < w->max_of_a_rank ? rest[r] : w->max_of_a_rank;
            a->limit[a->n_candidates] = w->distinct ? 1 : most / w->wing_width;
            a->candidates[a->n_candidates++] = r;
        }
    }
    int count = w->per_core ? w->per_core * a->n_core : w->total;
    if (count == 1) {
        for (int i = 0; i < a->n_candidates; i++)
            if (make_play(a, &a->candidates[i], 1) < 0) return -1;
        return 0;
    }
    if (count == 2) {
        for (int i = 0; i < a->n_candidates; i++)
            for (int j = a->limit[i] >= 2 ? i : i + 1; j < a->n_candidates; j++) {
                int both[2] = {a->candidates[i], a->candidates[j]};
                if (w->together && (w->together >> both[0] & 1) && (w->together >> both[1] & 1) && both[0] != both[1])
                    continue;
                if (make_play(a, both, 2) < 0) return -1;
            }
        return 0;
    }
    a->n_chosen = 0;
    return extend(a, 0, count);
}

/* Every play of a winged kind with a key of a strength above `above` (of one core length, if given). */
static int winged(const Winged *w, ENTRY_T entry, const int *c, int above, int only_length,
                  const int *every, int n_every, const int *strength, OUT_T out) {
    Arrangement a;
    a.w = w;
    START_ARRANGEMENT(a, entry, out);
    if (!w->is_run) {
        for (int s = above + 1; s < n_every; s++) {
            int r = every[s];
            if (c[r] < w->width || (w->allowed && !(w->allowed >> r & 1))) continue;
            a.n_core = 1; a.core[0] = r; a.length = 1; a.key = r;
            if (arrange(&a, c, every, n_every) < 0) return -1;
        }
        return 0;
    }
    int low = only_length ? only_length : w->min_length, high = only_length ? only_length : w->max_length;
    int far[16];
    if (low < 1 || w->n_order > 16) return 0;
    runs(c, w->order, w->n_order, w->width, far);
    for (int start = 0; start < w->n_order; start++) {
        if (far[start] < low) continue;
        int top = far[start] < high ? far[start] : high;
        for (int length = low; length <= top; length++) {
            int key = w->order[start + length - 1];
            if (strength[key] <= above) continue;
            a.n_core = length; a.length = length; a.key = key;
            for (int i = 0; i < length; i++) a.core[i] = w->order[start + i];
            if (arrange(&a, c, every, n_every) < 0) return -1;
        }
    }
    return 0;
}

"""

_PRELUDE = r"""#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* Generated by gamedsl (compiler/native): the listings of one game's combination plays. */

typedef struct { PyObject_HEAD PyObject *t; } Finder;  /* t: the finder's flat tuple of plays */

static PyObject *s_key, *s_length;

static int read_counts(PyObject *counts, int *c) {
    if (!PyList_CheckExact(counts) || PyList_GET_SIZE(counts) != 16) {
        PyErr_SetString(PyExc_TypeError, "counts must be a list of 16 ints");
        return -1;
    }
    for (int i = 0; i < 16; i++) {
        long v = PyLong_AsLong(PyList_GET_ITEM(counts, i));
        if (v == -1 && PyErr_Occurred()) return -1;
        c[i] = (int)v;
    }
    return 0;
}

""" + RUNS + r"""#define ADD(i) do { if (PyList_Append(out, PyTuple_GET_ITEM(t, (i))) < 0) goto fail; } while (0)

#define ENTRY_T PyObject *
#define OUT_T PyObject *
#define ARRANGEMENT_FIELDS PyObject *form, *kind, *out;
#define START_ARRANGEMENT(a, entry, out_) \
    do { (a).form = PyTuple_GET_ITEM(entry, 0); (a).kind = PyTuple_GET_ITEM(entry, 1); (a).out = (out_); } while (0)
""" + ARRANGE + r"""/* form(kind, length, key, ranks), the ranks being the wings (each `wing_width` times)
   and the core. */
static int make_play(Arrangement *a, const int *wings, int n_wings) {
    int ranks[256], n = play_ranks(a, wings, n_wings, ranks);
    PyObject *tuple = PyTuple_New(n);
    if (tuple == NULL) return -1;
    for (int i = 0; i < n; i++) {
        PyObject *rank = PyLong_FromLong(ranks[i]);
        if (rank == NULL) { Py_DECREF(tuple); return -1; }
        PyTuple_SET_ITEM(tuple, i, rank);
    }
    PyObject *play = PyObject_CallFunction(a->form, "OiiO", a->kind, a->length, a->key, tuple);
    Py_DECREF(tuple);
    if (play == NULL) return -1;
    int failed = PyList_Append(a->out, play);
    Py_DECREF(play);
    return failed;
}

""" + SMALL_ATTR + r""""""


class Emitter:
    """The C module of one combination set's finders."""

    # What a subclass listing elsewhere changes: how a winged kind's entry is passed to `winged`,
    # the statement reading the core length of the play on the table into `m`, a listing's end.
    ENTRY = "PyTuple_GET_ITEM(t, {})"
    TABLE_LENGTH = "if (small_attr(table, s_length, &m) < 0) goto fail;"
    TAIL = ("    return out;", "fail:", "    Py_DECREF(out);", "    return NULL;", "}", "")

    def __init__(self, finder: PlayFinder, module: str):
        self.finder = finder
        self.module = module
        self.segments = layout(finder)
        self.set = finder.set
        self.every = list(self.set.by_strength)  # every rank that can be played, weakest first
        self.orders: dict[tuple[int, ...], str] = {}
        self.described: dict[str, str] = {}  # the winged kinds' static descriptions

    def order(self, ranks: tuple[int, ...]) -> str:
        """The name of a static array of ranks."""
        name = self.orders.get(ranks)
        if name is None:
            name = self.orders[ranks] = f"ORDER{len(self.orders)}"
        return name

    def source(self) -> str:
        body: list[str] = []
        body += self._leads()
        for segment in self.segments:
            body += self._answers(segment)
        arrays = [f"static const int {name}[] = {_ints(ranks)};" for ranks, name in self.orders.items()]
        arrays.append(f"static const int STRENGTH[16] = {_ints(self.set.strength)};")
        return "\n".join([_PRELUDE, *arrays, *self.described.values(), "", *body, *self._module()]) + "\n"

    # ---- every play of one kind (leads, and the kinds of a higher tier in answers) -------------
    def _every_play(self, segment: Segment) -> list[str]:
        kind, o = segment.kind, segment.offset
        every, n = self.order(tuple(self.every)), len(self.every)
        if segment.shape == "exact":
            need = self.finder._shapes[kind.index][2]
            test = " && ".join(f"c[{_int(rank)}] >= {_int(count)}" for rank, count in need) or "1"
            return [f"    if ({test}) ADD({_int(o)});"]
        if segment.shape == "group":
            width, allowed = self.finder._shapes[kind.index][2], self.finder._shapes[kind.index][3]
            keep = self._keep("r", width, allowed)
            return [f"    for (int i = 0; i < {_int(n)}; i++) {{ int r = {every}[i]; if ({keep}) ADD({_int(o)} + r); }}"]
        if segment.shape == "group and group":
            _, _, width, allowed, wide = self.finder._shapes[kind.index]
            keep = self._keep("r", width, allowed)
            return [f"    for (int i = 0; i < {_int(n)}; i++) {{",
                    f"        int r = {every}[i]; if (!({keep})) continue;",
                    (f"        for (int j = 0; j < {_int(n)}; j++) {{ int x = {every}[j];"
                     f" if (x != r && c[x] >= {_int(wide)}) ADD({_int(o)} + r * 16 + x); }}"),
                    "    }"]
        if segment.shape == "run":
            _, _, width, _, low, high, _ = self.finder._shapes[kind.index]
            ranks, length = self.order(kind.run_ranks), len(kind.run_ranks)
            return ["    {", f"        int far[{_int(max(length, 1))}];",
                    f"        runs(c, {ranks}, {_int(length)}, {_int(width)}, far);",
                    f"        for (int s = 0; s < {_int(length)}; s++) {{",
                    f"            int top = far[s] < {_int(high)} ? far[s] : {_int(high)};",
                    f"            for (int m = {_int(low)}; m <= top; m++) ADD({_int(o)} + s * {_int(length + 1)} + m);",
                    "        }", "    }"]
        width = self.finder._find[kind.index][0]
        least = kind.min_length if kind.is_run else 1
        enough = f"held(c, {every}, {_int(n)}, {_int(width)}) >= {_int(least)}"
        return [(f"    if ({enough} && winged(&{self.winged(kind)}, {self.entry(o)}, c, -1, 0, {every},"
                 f" {_int(n)}, STRENGTH, out) < 0) goto fail;")]

    def entry(self, offset: int) -> str:
        """How a winged kind's entry is passed to `winged` (`ENTRY` at its offset)."""
        return self.ENTRY.format(_int(offset))

    def answer_head(self, index: str) -> list[str]:
        """The start of `answer_N`: `c` the counts, `above` the strength of the table's key, `out`."""
        return [f"static PyObject *answer_{index}(Finder *self, PyObject *const *args, Py_ssize_t nargs) {{",
                "    int c[16], key, above;",
                (f"    if (nargs != 2) {{ PyErr_SetString(PyExc_TypeError, \"answer_{index}(counts, table)\");"
                 " return NULL; }"),
                "    PyObject *counts = args[0], *table = args[1];",
                "    if (read_counts(counts, c) < 0 || small_attr(table, s_key, &key) < 0) return NULL;",
                ("    if (key < 0 || key > 15) { PyErr_SetString(PyExc_ValueError, \"a key rank out of range\");"
                 " return NULL; }"),
                "    above = STRENGTH[key];",
                "    PyObject *t = self->t, *out = PyList_New(0);", "    if (out == NULL) return NULL;"]



    def winged(self, kind: CombinationKind) -> str:
        """The name of the static description of a winged kind."""
        wings = kind.wings
        most_wings = wings.per_core_rank * max(kind.max_length, 1) if wings.per_core_rank else wings.total
        # The arrays of `Arrangement` and `make_play`: a core of at most 16 ranks, 16 wings, 8 of a rank.
        if (len(kind.run_ranks) > 16 or not 1 <= wings.width <= 8 or not 1 <= kind.width <= 8 or most_wings > 16
                or any(not 0 <= r < 16 for r in (*kind.run_ranks, *wings.forbidden_together))):
            raise Unsupported(f"the wings of {kind.name} are more than the C path holds")
        order = self.order(kind.run_ranks) if kind.run_ranks else "NULL"
        allowed = 0 if kind.is_run else sum(1 << r for r in set(kind.run_ranks))
        together = sum(1 << r for r in set(wings.forbidden_together))
        values = [kind.width, int(kind.is_run), kind.min_length, kind.max_length, len(kind.run_ranks), allowed]
        rest = [wings.width, wings.per_core_rank, wings.total, int(wings.distinct), wings.max_of_a_rank,
                int(wings.core_ranks_allowed), together]
        name = f"WINGED{_int(kind.index)}"
        self.described[name] = (f"static const Winged {name} = {{{', '.join(_int(v) for v in values)}, {order}, "
                                f"{', '.join(_int(v) for v in rest)}}};")
        return name

    def _keep(self, rank: str, width: int, allowed: frozenset) -> str:
        keep = f"c[{rank}] >= {_int(width)}"
        if allowed:
            mask = sum(1 << r for r in allowed)
            keep += f" && ({_int(mask)} >> {rank} & 1)"
        return keep

    def _leads(self) -> list[str]:
        lines = ["static PyObject *leads(Finder *self, PyObject *counts) {",
                 "    int c[16];", "    if (read_counts(counts, c) < 0) return NULL;",
                 "    PyObject *t = self->t, *out = PyList_New(0);", "    if (out == NULL) return NULL;"]
        for segment in self.segments:
            lines.append(f"    /* kind {_int(segment.kind.index)} */")
            lines += self._every_play(segment)
        return [*lines, *self.TAIL]

    # ---- the plays that beat a play of one kind ---------------------------------------------------
    def _answers(self, segment: Segment) -> list[str]:
        kind, o = segment.kind, segment.offset
        every, n = self.order(tuple(self.every)), len(self.every)
        index = _int(kind.index)
        lines = self.answer_head(index)
        shape = self.finder._shapes.get(kind.index, ("other",))
        if segment.shape == "exact":
            need, key_strength = shape[2], shape[3]
            test = " && ".join(f"c[{_int(rank)}] >= {_int(count)}" for rank, count in need) or "1"
            lines.append(f"    if ({_int(key_strength)} > above && {test}) ADD({_int(o)});")
        elif segment.shape == "group":
            keep = self._keep("r", shape[2], shape[3])
            lines.append(f"    for (int i = above + 1; i < {_int(n)}; i++) {{ int r = {every}[i]; if ({keep}) ADD({_int(o)} + r); }}")
        elif segment.shape == "group and group":
            keep, wide = self._keep("r", shape[2], shape[3]), shape[4]
            lines += [f"    for (int i = above + 1; i < {_int(n)}; i++) {{",
                      f"        int r = {every}[i]; if (!({keep})) continue;",
                      (f"        for (int j = 0; j < {_int(n)}; j++) {{ int x = {every}[j];"
                       f" if (x != r && c[x] >= {_int(wide)}) ADD({_int(o)} + r * 16 + x); }}"),
                      "    }"]
        elif segment.shape == "run":
            width, ranks, length = shape[2], self.order(kind.run_ranks), len(kind.run_ranks)
            lines += ["    {", "        int m;", f"        {self.TABLE_LENGTH}",
                      f"        int far[{_int(max(length, 1))}];",
                      f"        runs(c, {ranks}, {_int(length)}, {_int(width)}, far);",
                      f"        if (m >= 1) for (int s = 0; s + m <= {_int(length)}; s++)",
                      f"            if (far[s] >= m && STRENGTH[{ranks}[s + m - 1]] > above) ADD({_int(o)} + s * {_int(length + 1)} + m);",
                      "    }"]
        else:
            lines += ["    {", "        int m;", f"        {self.TABLE_LENGTH}",
                      (f"        if (winged(&{self.winged(kind)}, {self.entry(o)}, c, above, m, {every},"
                       f" {_int(n)}, STRENGTH, out) < 0) goto fail;"), "    }"]
        for higher in self.set._higher[kind.tier]:
            lines.append(f"    /* kind {_int(higher.index)}, of a higher tier */")
            lines += self._every_play(self.segments[higher.index])
        return [*lines, *self.TAIL]

    # ---- the module: a Finder type made from a flat tuple --------------------------------------
    def _module(self) -> list[str]:
        size = sum(s.size for s in self.segments)
        methods = ['    {"leads", (PyCFunction)leads, METH_O, "every play of the hand (counts by rank)"},']
        methods += [f'    {{"answer_{_int(s.kind.index)}", (PyCFunction)(void (*)(void))answer_{_int(s.kind.index)},'
                    f' METH_FASTCALL, "the plays that beat a play of this kind"}},' for s in self.segments]
        module = self.module  # a checked identifier (a hash), never text from a file
        return [
            "static int finder_init(Finder *self, PyObject *args, PyObject *kwds) {",
            "    PyObject *t;",
            "    if (!PyArg_ParseTuple(args, \"O!\", &PyTuple_Type, &t)) return -1;",
            f"    if (PyTuple_GET_SIZE(t) != {_int(size)}) {{ PyErr_SetString(PyExc_ValueError, \"tables of another layout\"); return -1; }}",
            "    Py_INCREF(t);", "    Py_XSETREF(self->t, t);", "    return 0;", "}", "",
            "static void finder_dealloc(Finder *self) {", "    Py_XDECREF(self->t);",
            "    Py_TYPE(self)->tp_free((PyObject *)self);", "}", "",
            "static PyMethodDef finder_methods[] = {", *methods, "    {NULL, NULL, 0, NULL}", "};", "",
            "static PyTypeObject FinderType = {",
            "    PyVarObject_HEAD_INIT(NULL, 0)",
            f'    .tp_name = "{module}.Finder",',
            "    .tp_basicsize = sizeof(Finder),",
            "    .tp_flags = Py_TPFLAGS_DEFAULT,",
            "    .tp_new = PyType_GenericNew,",
            "    .tp_init = (initproc)finder_init,",
            "    .tp_dealloc = (destructor)finder_dealloc,",
            "    .tp_methods = finder_methods,",
            "};", "",
            f'static struct PyModuleDef module_def = {{PyModuleDef_HEAD_INIT, "{module}", NULL, -1, NULL}};', "",
            f"PyMODINIT_FUNC PyInit_{module}(void) {{",
            "    s_key = PyUnicode_InternFromString(\"key\");",
            "    s_length = PyUnicode_InternFromString(\"length\");",
            "    if (s_key == NULL || s_length == NULL || PyType_Ready(&FinderType) < 0) return NULL;",
            "    PyObject *m = PyModule_Create(&module_def);",
            "    if (m == NULL) return NULL;",
            "    Py_INCREF(&FinderType);",
            "    if (PyModule_AddObject(m, \"Finder\", (PyObject *)&FinderType) < 0) { Py_DECREF(m); return NULL; }",
            "    return m;",
            "}",
        ]
