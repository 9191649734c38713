"""The native path's fixed helpers (the same C source for every game), built and cached like
the generated modules: `move_ranks` plays a combination counted by rank from a hand;
`move_all` moves every card of a zone onto another (`State._move_all`, its common case in C).

`helpers()` is the module, or None when it cannot be built (or `GAMEDSL_NATIVE=0`): the caller
then writes the Python it stands for."""

from __future__ import annotations

from types import ModuleType

from .build import load_fixed

_SOURCE = r"""#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* move_ranks(hand, target, ranks, counts): for each rank played, the lowest card of that rank the
   hand holds (card >> 2 is its rank) leaves the hand for the target; counts, the hand's kept
   counts by rank (or None), follow. The same as the Python loop appliers.py writes otherwise. */
static PyObject *move_ranks(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4 || !PyList_CheckExact(args[0]) || !PyList_CheckExact(args[1]) || !PyTuple_CheckExact(args[2])
            || (args[3] != Py_None && !PyList_CheckExact(args[3]))) {
        PyErr_SetString(PyExc_TypeError, "move_ranks(hand: list, target: list, ranks: tuple, counts: list | None)");
        return NULL;
    }
    PyObject *hand = args[0], *target = args[1], *ranks = args[2], *counts = args[3];
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(ranks); i++) {
        long rank = PyLong_AsLong(PyTuple_GET_ITEM(ranks, i));
        if (rank == -1 && PyErr_Occurred()) return NULL;
        long low = rank << 2, best = -1;
        Py_ssize_t at = -1;
        for (Py_ssize_t j = 0; j < PyList_GET_SIZE(hand); j++) {
            long card = PyLong_AsLong(PyList_GET_ITEM(hand, j));
            if (card == -1 && PyErr_Occurred()) return NULL;
            if (card >= low && (best < 0 || card < best)) { best = card; at = j; }
        }
        if ((best >> 2) != rank) {
            PyErr_Format(PyExc_ValueError, "the hand holds no card of rank %ld", rank);
            return NULL;
        }
        PyObject *card = PyList_GET_ITEM(hand, at);
        Py_INCREF(card);
        if (PyList_SetSlice(hand, at, at + 1, NULL) < 0 || PyList_Append(target, card) < 0) { Py_DECREF(card); return NULL; }
        Py_DECREF(card);
        if (counts != Py_None) {
            if (rank < 0 || rank >= PyList_GET_SIZE(counts)) { PyErr_SetString(PyExc_IndexError, "rank out of range"); return NULL; }
            long had = PyLong_AsLong(PyList_GET_ITEM(counts, rank));
            if (had == -1 && PyErr_Occurred()) return NULL;
            PyObject *left = PyLong_FromLong(had - 1);
            if (left == NULL) return NULL;
            PyList_SetItem(counts, rank, left);
        }
    }
    Py_RETURN_NONE;
}

/* dict.pop(key, None), its value dropped. */
static int discard(PyObject *dict, PyObject *key) {
    int held = PyDict_Contains(dict, key);
    return held <= 0 ? held : PyDict_DelItem(dict, key);
}

/* move_all(st, zones, frame, declared, rank_counts, combos, played_by, src, dst, reverse): the
   engine's `State._move_all(src, dst, reverse)` (every card of src onto dst, reversed if asked;
   both saved in the move's undo record `frame`, if any) with the state's attributes passed in.
   With wild cards declared on src, or anything not of the type the engine gives it, it is that
   Python method, called. */
static PyObject *move_all(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 10) { PyErr_SetString(PyExc_TypeError, "move_all takes 10 arguments"); return NULL; }
    PyObject *st = args[0], *zones = args[1], *frame = args[2], *declared = args[3], *rank_counts = args[4];
    PyObject *combos = args[5], *played_by = args[6], *src_id = args[7], *dst_id = args[8];
    Py_ssize_t src = PyLong_AsSsize_t(src_id), dst = PyLong_AsSsize_t(dst_id);
    if ((src == -1 || dst == -1) && PyErr_Occurred()) return NULL;
    int reverse = PyObject_IsTrue(args[9]);
    if (reverse < 0) return NULL;
    int declared_here = PyDict_CheckExact(declared) ? PyDict_Contains(declared, src_id) : 1;
    if (declared_here < 0) return NULL;
    PyObject *saved = NULL;  /* the undo record's zones, when a record is kept */
    if (frame != Py_None && !declared_here) {
        saved = PyObject_GetAttrString(frame, "zones");
        if (saved == NULL) return NULL;
    }
    if (declared_here || (saved != NULL && !PyDict_CheckExact(saved)) || !PyList_CheckExact(zones)
            || !PyDict_CheckExact(rank_counts) || !PyDict_CheckExact(combos) || !PyDict_CheckExact(played_by)
            || src < 0 || dst < 0 || src >= PyList_GET_SIZE(zones) || dst >= PyList_GET_SIZE(zones)
            || !PyList_CheckExact(PyList_GET_ITEM(zones, src)) || !PyList_CheckExact(PyList_GET_ITEM(zones, dst))) {
        Py_XDECREF(saved);
        PyObject *name = PyUnicode_FromString("_move_all");
        if (name == NULL) return NULL;
        PyObject *call[4] = {st, src_id, dst_id, args[9]};
        PyObject *done = PyObject_VectorcallMethod(name, call, 4, NULL);
        Py_DECREF(name);
        return done;
    }
    PyObject *moved = PyList_GET_ITEM(zones, src), *target = PyList_GET_ITEM(zones, dst);
    Py_ssize_t n = PyList_GET_SIZE(moved);
    if (src == dst || n == 0) { Py_XDECREF(saved); Py_RETURN_NONE; }
    if (saved != NULL) {  /* `_touch` of both: the source as it is (it is replaced below), a copy of the target */
        int has = PyDict_Contains(saved, src_id);
        if (has < 0 || (!has && PyDict_SetItem(saved, src_id, moved) < 0)) { Py_DECREF(saved); return NULL; }
        has = PyDict_Contains(saved, dst_id);
        if (has < 0) { Py_DECREF(saved); return NULL; }
        if (!has) {
            PyObject *copy = PyList_GetSlice(target, 0, PyList_GET_SIZE(target));
            if (copy == NULL || PyDict_SetItem(saved, dst_id, copy) < 0) { Py_XDECREF(copy); Py_DECREF(saved); return NULL; }
            Py_DECREF(copy);
        }
        Py_DECREF(saved);
    }
    Py_INCREF(moved);  /* held while it is read: replacing it below may drop the zones' reference */
    for (Py_ssize_t i = 0; i < n; i++)
        if (PyList_Append(target, PyList_GET_ITEM(moved, reverse ? n - 1 - i : i)) < 0) { Py_DECREF(moved); return NULL; }
    Py_DECREF(moved);
    PyObject *empty = PyList_New(0);
    if (empty == NULL) return NULL;
    PyList_SetItem(zones, src, empty);  /* the source is replaced, not emptied (a record may hold it) */
    if (discard(rank_counts, dst_id) < 0) return NULL;
    int has_combo = PyDict_Contains(combos, src_id);
    if (has_combo < 0) return NULL;
    if (has_combo && frame != Py_None) {  /* `_set_combo(src, None)`: it saves the combinations first */
        PyObject *name = PyUnicode_FromString("_set_combo");
        if (name == NULL) return NULL;
        PyObject *call[3] = {st, src_id, Py_None};
        PyObject *done = PyObject_VectorcallMethod(name, call, 3, NULL);
        Py_DECREF(name);
        if (done == NULL) return NULL;
        Py_DECREF(done);
    } else if (has_combo && (discard(combos, src_id) < 0 || discard(played_by, src_id) < 0)) {
        return NULL;  /* (with no record kept, `_set_combo` is these two pops) */
    }
    Py_RETURN_NONE;
}

/* The deal's ways of laying cards (compiler/game.py `_dealing`), for the common case: zones a
   list of lists, targets a tuple or list of zone ids none of which is the source, a count that is
   None (every card) or an int. True when done; False, nothing changed, for the Python to do it. */
static int laid_here(PyObject *const *args, Py_ssize_t nargs, PyObject **source, Py_ssize_t *take, Py_ssize_t *n) {
    if (nargs != 4 || !PyList_CheckExact(args[0]) || !PyLong_CheckExact(args[1])
            || !(PyTuple_CheckExact(args[2]) || PyList_CheckExact(args[2]))
            || !(args[3] == Py_None || PyLong_CheckExact(args[3]))) return 0;
    PyObject *zones = args[0];
    Py_ssize_t zone_count = PyList_GET_SIZE(zones), at = PyLong_AsSsize_t(args[1]);
    if (at == -1 && PyErr_Occurred()) { PyErr_Clear(); return 0; }
    if (at < 0 || at >= zone_count || !PyList_CheckExact(PyList_GET_ITEM(zones, at))) return 0;
    *source = PyList_GET_ITEM(zones, at);
    *n = PySequence_Fast_GET_SIZE(args[2]);
    for (Py_ssize_t i = 0; i < *n; i++) {
        PyObject *id = PySequence_Fast_GET_ITEM(args[2], i);
        Py_ssize_t t = PyLong_CheckExact(id) ? PyLong_AsSsize_t(id) : -1;
        if (t == -1 && PyErr_Occurred()) { PyErr_Clear(); return 0; }
        if (t < 0 || t >= zone_count || !PyList_CheckExact(PyList_GET_ITEM(zones, t))
                || PyList_GET_ITEM(zones, t) == *source) return 0;
    }
    if (args[3] == Py_None) { *take = -1; return 1; }
    long long count = PyLong_AsLongLong(args[3]);
    if (count == -1 && PyErr_Occurred()) { PyErr_Clear(); return 0; }
    *take = count < 0 ? 0 : count > PY_SSIZE_T_MAX / 4 ? PY_SSIZE_T_MAX / 4 : (Py_ssize_t)count;
    return 1;
}

/* The top `take` cards of the source, onto the target from the top down, then gone from the source. */
static int lay_from_top(PyObject *source, PyObject *target, Py_ssize_t take) {
    Py_ssize_t size = PyList_GET_SIZE(source);
    for (Py_ssize_t k = 0; k < take; k++)
        if (PyList_Append(target, PyList_GET_ITEM(source, size - 1 - k)) < 0) return -1;
    return PyList_SetSlice(source, size - take, size, NULL);
}

/* in_rotation(zones, source_id, target_ids, count): one card at a time in rotation from the top,
   `count` each (None: every card), while cards last. */
static PyObject *in_rotation(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    PyObject *source;
    Py_ssize_t each, n;
    if (!laid_here(args, nargs, &source, &each, &n) || n == 0) Py_RETURN_FALSE;
    Py_ssize_t size = PyList_GET_SIZE(source), take = each < 0 || each > size / n ? size : each * n;
    for (Py_ssize_t t = 0; t < n; t++) {  /* target t: the cards dealt t, t + n, ... (as dealt[t::n]) */
        PyObject *target = PyList_GET_ITEM(args[0], PyLong_AsSsize_t(PySequence_Fast_GET_ITEM(args[2], t)));
        for (Py_ssize_t k = t; k < take; k += n)
            if (PyList_Append(target, PyList_GET_ITEM(source, size - 1 - k)) < 0) return NULL;
    }
    if (PyList_SetSlice(source, size - take, size, NULL) < 0) return NULL;
    Py_RETURN_TRUE;
}

/* target_by_target(zones, source_id, target_ids, count): each target its `count` cards at once
   (None: every card left), the top card first. */
static PyObject *target_by_target(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    PyObject *source;
    Py_ssize_t each, n;
    if (!laid_here(args, nargs, &source, &each, &n)) Py_RETURN_FALSE;
    for (Py_ssize_t t = 0; t < n; t++) {
        PyObject *target = PyList_GET_ITEM(args[0], PyLong_AsSsize_t(PySequence_Fast_GET_ITEM(args[2], t)));
        Py_ssize_t size = PyList_GET_SIZE(source);
        if (lay_from_top(source, target, each < 0 || each > size ? size : each) < 0) return NULL;
    }
    Py_RETURN_TRUE;
}

static PyMethodDef methods[] = {
    {"in_rotation", (PyCFunction)(void (*)(void))in_rotation, METH_FASTCALL, "cards dealt in rotation"},
    {"target_by_target", (PyCFunction)(void (*)(void))target_by_target, METH_FASTCALL, "cards dealt target by target"},
    {"move_ranks", (PyCFunction)(void (*)(void))move_ranks, METH_FASTCALL, "play ranks from a hand"},
    {"move_all", (PyCFunction)(void (*)(void))move_all, METH_FASTCALL, "every card of a zone onto another"},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef module_def = {PyModuleDef_HEAD_INIT, "MODULE", NULL, -1, methods};

PyMODINIT_FUNC PyInit_MODULE(void) { return PyModule_Create(&module_def); }
"""

def helpers() -> ModuleType | None:
    """The helpers' module (built once per process at most), or None."""
    return load_fixed(_SOURCE)
