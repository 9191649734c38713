"""A game's own playout module: the fixed loop of `playout.py` around the game's listings and
appliers translated to C (`translate.py`), and everything they call that the compiler wrote
(the `whenever` rules, the `end` checks, effects): one C call from move to move.

The module is named after the hash of its C source, which holds only ints and the translator's
words, so games of one shape share it; the values its functions read (the bound tables, the
constants, the attribute names) come with each call of `run`. A function the translator does
not hold is called as the Python function it is, from C: the same game either way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import mode
from .build import BuildError, load, module_name
from .playout import DRAWS, HEADER, INIT, METHODS, RUN, Loop
from .translate import Translator

if TYPE_CHECKING:
    from ..game import CompiledGame


def source(game: CompiledGame, module: str) -> tuple[str, tuple, Translator]:
    """The module's C source, the values it reads, and the translator that wrote it."""
    from ...engine.state import State  # its attributes read from its dict (translate.py)

    tr = Translator(game.exprs.env, State)
    listings = [tr.function(f) if tr.is_generated(f) else None for f in game.generators]
    appliers = [tr.function(f) if tr.is_generated(f) else None for f in game.unrecorded_appliers]
    tr.translate_all()

    def table(name: str, functions: list) -> str:
        entries = ", ".join(f.c_name if f is not None else "NULL" for f in functions) or "NULL"
        return f"static Fn {name}[{max(len(functions), 1)}] = {{{entries}}};"

    dispatch = [
        "typedef PyObject *(*Fn)(PyObject *const *V, PyObject *const *a, Py_ssize_t n);",
        table("LISTINGS", listings), table("APPLIERS", appliers), "",
        "/* The translated listing of the phase (its Python function when it has none). */",
        "static PyObject *list_moves(PyObject *const *V, PyObject *listings, Py_ssize_t phase, PyObject *st) {",
        f"    if (phase < {len(listings)} && LISTINGS[phase] != NULL) return LISTINGS[phase](V, &st, 1);",
        "    return PyObject_CallOneArg(PyList_GET_ITEM(listings, phase), st);", "}", "",
        "static PyObject *apply_move(PyObject *const *V, PyObject *appliers, Py_ssize_t action, PyObject *st, PyObject *move) {",
        "    PyObject *pair[2] = {st, move};",
        f"    if (action < {len(appliers)} && APPLIERS[action] != NULL) return APPLIERS[action](V, pair, 2);",
        "    return PyObject_Vectorcall(PyList_GET_ITEM(appliers, action), pair, 2, NULL);", "}", ""]
    every = list(tr.functions.values())
    dispatch += [
        table("FUNCTIONS", every), "",
        "/* call(values, i, args): translated function i (in the order of `Translator.functions`), for tests. */",
        "static PyObject *call(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {",
        "    if (nargs != 3 || !PyTuple_CheckExact(args[0]) || !PyLong_Check(args[1]) || !PyTuple_CheckExact(args[2])) {",
        "        PyErr_SetString(PyExc_TypeError, \"call(values: tuple, i: int, args: tuple)\"); return NULL;", "    }",
        "    Py_ssize_t i = PyLong_AsSsize_t(args[1]);",
        f"    if (i < 0 || i >= {len(every)}) {{ PyErr_SetString(PyExc_IndexError, \"no such function\"); return NULL; }}",
        "    return FUNCTIONS[i](&PyTuple_GET_ITEM(args[0], 0), &PyTuple_GET_ITEM(args[2], 0), PyTuple_GET_SIZE(args[2]));",
        "}", ""]
    methods = METHODS.replace("EXTRA_METHODS", '{"call", (PyCFunction)(void (*)(void))call, METH_FASTCALL, "a translated function"},')
    text = HEADER + DRAWS + tr.source() + "\n".join(dispatch) + RUN + methods + INIT
    return text.replace("MODULE", module), tuple(tr.values), tr


def game_loop(game: CompiledGame) -> Loop | None:
    """The game's translated playout loop, or None (native path off, or not built here)."""
    wanted = mode()
    if wanted == "off":
        return None
    try:
        text, values, _ = source(game, "MODULE")
        name = module_name(text)
        return Loop(load(name, text.replace("MODULE", name)), values)
    except BuildError:
        if wanted == "required":
            raise
        return None
