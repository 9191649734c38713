"""The native path's fixed helpers (the same C source for every game), built and cached like
the generated modules: `move_ranks` plays a combination counted by rank from a hand.

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

static PyMethodDef methods[] = {
    {"move_ranks", (PyCFunction)(void (*)(void))move_ranks, METH_FASTCALL, "play ranks from a hand"},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef module_def = {PyModuleDef_HEAD_INIT, "MODULE", NULL, -1, methods};

PyMODINIT_FUNC PyInit_MODULE(void) { return PyModule_Create(&module_def); }
"""

def helpers() -> ModuleType | None:
    """The helpers' module (built once per process at most), or None."""
    return load_fixed(_SOURCE)
