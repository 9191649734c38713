"""The native version of a kept lead list's filter (compiler/lead_lists.py, `refiltered`), fixed
C source for every game, built and cached like the generated modules.

`helpers()` is the module, or None when it cannot be built (or `GAMEDSL_NATIVE=0`): the caller
then uses the Python function it stands for."""

from __future__ import annotations

from types import ModuleType

from .build import BuildError, load, module_name

_SOURCE = r"""#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define MOST_RANKS 64

static int read_ints(PyObject *list, long *into, Py_ssize_t n) {
    for (Py_ssize_t i = 0; i < n; i++) {
        into[i] = PyLong_AsLong(PyList_GET_ITEM(list, i));
        if (into[i] == -1 && PyErr_Occurred()) return -1;
    }
    return 0;
}

/* refiltered(kept, counts): kept is [counts, the counts its leads were listed from, leads], each
   lead a tuple whose item 2 is its ranks. The leads the hand, now holding `counts`, still holds
   (only the ranks whose counts fell are tested), kept updated; None when a count grew. */
static PyObject *refiltered(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2 || !PyList_CheckExact(args[0]) || PyList_GET_SIZE(args[0]) != 3 || !PyList_CheckExact(args[1])) {
        PyErr_SetString(PyExc_TypeError, "refiltered(kept: [counts, counts before, leads], counts: list)");
        return NULL;
    }
    PyObject *kept = args[0], *counts = args[1];
    PyObject *before = PyList_GET_ITEM(kept, 1), *leads = PyList_GET_ITEM(kept, 2);
    Py_ssize_t n = PyList_GET_SIZE(counts);
    if (!PyList_CheckExact(before) || !PyList_CheckExact(leads) || PyList_GET_SIZE(before) != n || n > MOST_RANKS) {
        PyErr_SetString(PyExc_TypeError, "refiltered: a kept record of another shape");
        return NULL;
    }
    long now[MOST_RANKS], had[MOST_RANKS];
    if (read_ints(counts, now, n) < 0 || read_ints(before, had, n) < 0) return NULL;
    unsigned long long fell = 0;
    for (Py_ssize_t r = 0; r < n; r++) {
        if (now[r] > had[r]) Py_RETURN_NONE;
        if (now[r] < had[r]) fell |= 1ULL << r;
    }
    if (!fell) return Py_NewRef(leads);
    PyObject *out = PyList_New(0);
    if (out == NULL) return NULL;
    long needed[MOST_RANKS] = {0};
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(leads); i++) {
        PyObject *lead = PyList_GET_ITEM(leads, i);
        if (!PyTuple_CheckExact(lead) || PyTuple_GET_SIZE(lead) < 3 || !PyTuple_CheckExact(PyTuple_GET_ITEM(lead, 2))) {
            PyErr_SetString(PyExc_TypeError, "refiltered: a lead is not (action, kind, ranks, ...)");
            goto fail;
        }
        PyObject *ranks = PyTuple_GET_ITEM(lead, 2);
        Py_ssize_t size = PyTuple_GET_SIZE(ranks);
        int holds = 1;
        for (Py_ssize_t j = 0; j < size; j++) {
            long rank = PyLong_AsLong(PyTuple_GET_ITEM(ranks, j));
            if (rank == -1 && PyErr_Occurred()) goto fail;
            if (rank < 0 || rank >= n) { PyErr_SetString(PyExc_ValueError, "refiltered: a rank out of range"); goto fail; }
            if ((fell >> rank & 1) && ++needed[rank] > now[rank]) holds = 0;
        }
        for (Py_ssize_t j = 0; j < size; j++) needed[PyLong_AsLong(PyTuple_GET_ITEM(ranks, j))] = 0;
        if (holds && PyList_Append(out, lead) < 0) goto fail;
    }
    PyObject *copy = PyList_GetSlice(counts, 0, n);
    if (copy == NULL) goto fail;
    PyList_SetItem(kept, 1, copy);  /* steals copy, releases the counts before */
    PyList_SetItem(kept, 2, Py_NewRef(out));  /* releases the leads before */
    return out;
fail:
    Py_DECREF(out);
    return NULL;
}

static PyMethodDef methods[] = {
    {"refiltered", (PyCFunction)(void (*)(void))refiltered, METH_FASTCALL, "a kept lead list, filtered"},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef module_def = {PyModuleDef_HEAD_INIT, "MODULE", NULL, -1, methods};

PyMODINIT_FUNC PyInit_MODULE(void) { return PyModule_Create(&module_def); }
"""


def helpers() -> ModuleType | None:
    """The module (built once per process at most), or None."""
    from . import mode

    if mode() == "off":
        return None
    name = module_name(_SOURCE)
    try:
        return load(name, _SOURCE.replace("MODULE", name))
    except BuildError:
        if mode() == "required":
            raise
        return None
