"""The native playout loop: `State.playout`'s list, draw and apply driven from C, and the
deal's shuffles.

The loop is the same for every game (a fixed module, built and cached like the generated ones):
it lists with the phase's generated function unless the position holds its list, draws the move
as `random.Random._randbelow` draws it, and plays it with the action's generated applier. The
draws read the generator's Mersenne Twister in place, as `_random`'s own `getrandbits` does, so
the stream is the very one the Python loop uses; the module checks that on loading
(`draws_match`), and draws through `rng._randbelow` when it does not hold (or for a generator
of another class). A deal's shuffle draws the same way (`Loop.shuffled`), and a deal's
generator is seeded in C (`seeded`: the very state `random.Random(text)` has, checked on loading).

`loop()` is the module, or None (native path off, no compiler): `State.playout` then runs its
Python loop and deals shuffle in Python, move for move the same game.
"""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

from .build import load_fixed

try:
    from _sha512 import sha512 as _sha512  # as random.py seeds (without hashlib's lookup by name)
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import sha512 as _sha512

# The module's C in parts: the draws (and shuffle), the loop's calls of the generated functions
# (`list_moves`, `apply_move`), the loop (`run`), the module.
HEADER = r"""#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

"""

DRAWS = r"""/* The layout of _random.Random (Modules/_randommodule.c): the index, then the 624 words. */
#define MT_N 624
#define MT_M 397
typedef struct { PyObject_HEAD int index; uint32_t state[MT_N]; } Twister;

static PyTypeObject *twister_type;  /* _random.Random */
static PyObject *one, *s_legal, *s_phase, *s_over, *s_forgotten, *s_randbelow, *s_require_moves;

/* genrand_uint32 of _randommodule.c, word for word. */
static uint32_t next_word(Twister *self) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t y, *mt = self->state;
    if (self->index >= MT_N) {
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        y = (mt[MT_N - 1] & 0x80000000U) | (mt[0] & 0x7fffffffU);
        mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
        self->index = 0;
    }
    y = mt[self->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* random.Random._randbelow_with_getrandbits(n) for 0 < n < 2**31: k = n.bit_length() bits a
   draw (getrandbits(k) is the top k bits of one word), drawn again while not below n. */
static long below_in_place(Twister *rng, long n) {
    int k = 0;
    while ((n >> k) != 0) k++;
    uint32_t r;
    do { r = next_word(rng) >> (32 - k); } while ((long)r >= n);
    return (long)r;
}

/* The same number, from the generator by `rng._randbelow(n)` (any generator, checked or not). */
static long below(PyObject *rng, long n, int native) {
    if (native) return below_in_place((Twister *)rng, n);
    PyObject *count = PyLong_FromLong(n);
    if (count == NULL) return -1;
    PyObject *drawn = PyObject_CallMethodOneArg(rng, s_randbelow, count);
    Py_DECREF(count);
    if (drawn == NULL) return -1;
    long r = PyLong_AsLong(drawn);
    Py_DECREF(drawn);
    return r;
}

/* shuffle(pile, rng): `compiler.game.shuffled` (random.shuffle's own order) on a list, drawing
   in place from a plain generator: each place from the top down swapped with one drawn below it. */
static PyObject *shuffle(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2 || !PyList_CheckExact(args[0]) || !PyObject_TypeCheck(args[1], twister_type)) {
        PyErr_SetString(PyExc_TypeError, "shuffle(pile: list, rng: random.Random)");
        return NULL;
    }
    PyObject *pile = args[0];
    Twister *rng = (Twister *)args[1];
    Py_ssize_t n = PyList_GET_SIZE(pile);
    if (n >= (1L << 31)) { PyErr_SetString(PyExc_OverflowError, "too many cards"); return NULL; }
    for (Py_ssize_t i = n - 1; i > 0; i--) {
        long j = below_in_place(rng, (long)i + 1);
        PyObject *card = PyList_GET_ITEM(pile, i);
        PyList_SET_ITEM(pile, i, PyList_GET_ITEM(pile, j));
        PyList_SET_ITEM(pile, j, card);
    }
    Py_RETURN_NONE;
}

/* draw(rng, n, in_place): one number as the playout draws it (for the check on loading, and tests). */
static PyObject *draw(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3 || !PyLong_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "draw(rng, n, in_place)");
        return NULL;
    }
    long n = PyLong_AsLong(args[1]);
    if (n == -1 && PyErr_Occurred()) return NULL;
    if (n < 1 || n >= (1L << 31)) { PyErr_SetString(PyExc_ValueError, "n out of range"); return NULL; }
    int native = PyObject_IsTrue(args[2]) == 1 && PyObject_TypeCheck(args[0], twister_type);
    long r = below(args[0], n, native);
    if (r < 0) return NULL;
    return PyLong_FromLong(r);
}

"""

SEEDING = r"""/* init_genrand(19650218) of _randommodule.c: the state init_by_array starts from, worked out
   once (CPython works it out at every seeding: a third of the seeding's time). */
static uint32_t genrand_start[MT_N];

static void genrand_once(void) {
    genrand_start[0] = 19650218U;
    for (int i = 1; i < MT_N; i++)
        genrand_start[i] = 1812433253U * (genrand_start[i - 1] ^ (genrand_start[i - 1] >> 30)) + (uint32_t)i;
}

/* seed(rng, key: bytes): rng seeded as `random_seed` of _randommodule.c seeds it with the int
   int.from_bytes(key) (big-endian), which is what `random.Random(text)` gives for the key
   text.encode() + sha512(text.encode()).digest(): the int split into 32-bit words from the
   right, then init_by_array word for word. The caller sets `gauss_next`; loading checks the
   result against random.Random (`seeds_match`). */
static PyObject *seed(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2 || !PyObject_TypeCheck(args[0], twister_type) || !PyBytes_CheckExact(args[1])) {
        PyErr_SetString(PyExc_TypeError, "seed(rng: random.Random, key: bytes)");
        return NULL;
    }
    const unsigned char *b = (const unsigned char *)PyBytes_AS_STRING(args[1]);
    Py_ssize_t n = PyBytes_GET_SIZE(args[1]);
    while (n > 0 && b[0] == 0) { b++; n--; }  /* leading zero bytes: not part of the int */
    size_t used = n == 0 ? 1 : (size_t)(n + 3) / 4;
    uint32_t *key = PyMem_Calloc(used, sizeof(uint32_t));
    if (key == NULL) return PyErr_NoMemory();
    for (Py_ssize_t i = 0; i < n; i++) key[i / 4] |= (uint32_t)b[n - 1 - i] << (8 * (i % 4));
    Twister *rng = (Twister *)args[0];
    uint32_t *mt = rng->state;
    memcpy(mt, genrand_start, sizeof(genrand_start));
    size_t i = 1, j = 0, k = MT_N > used ? MT_N : used;
    for (; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        i++; j++;
        if (i >= MT_N) { mt[0] = mt[MT_N - 1]; i = 1; }
        if (j >= used) j = 0;
    }
    for (k = MT_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= MT_N) { mt[0] = mt[MT_N - 1]; i = 1; }
    }
    mt[0] = 0x80000000U;
    rng->index = MT_N;
    PyMem_Free(key);
    Py_RETURN_NONE;
}

"""

RUN = r"""/* run(state, rng, limit, listings, appliers, native_draws) -> (made, failed move or None,
   error or None): moves until the state is over or `limit` (-1: none) moves are made. Each
   move: the state's list (`_legal`) or the phase's listing, a number drawn below its length
   (`require_moves()` asked when it is empty), the move's applier, `forgotten` counted. An
   applier's error stops the loop and comes back with its move, for `State.playout` to report. */
static PyObject *run(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 6 || !PyList_CheckExact(args[3]) || !PyList_CheckExact(args[4]) || !PyLong_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError, "run(state, rng, limit, listings: list, appliers: list, native_draws)");
        return NULL;
    }
    PyObject *st = args[0], *rng = args[1], *listings = args[3], *appliers = args[4];
    long limit = PyLong_AsLong(args[2]);
    if (limit == -1 && PyErr_Occurred()) return NULL;
    int native = PyObject_IsTrue(args[5]) == 1 && PyObject_TypeCheck(rng, twister_type);
    long made = 0;
    PyObject *failed = NULL, *error = NULL;
    while (limit < 0 || made < limit) {
        PyObject *over = PyObject_GetAttr(st, s_over);
        if (over == NULL) return NULL;
        int is_over = PyObject_IsTrue(over);
        Py_DECREF(over);
        if (is_over < 0) return NULL;
        if (is_over) break;
        PyObject *legal = PyObject_GetAttr(st, s_legal);
        if (legal == NULL) return NULL;
        if (legal == Py_None) {
            Py_DECREF(legal);
            PyObject *phase = PyObject_GetAttr(st, s_phase);
            if (phase == NULL) return NULL;
            Py_ssize_t at = PyLong_AsSsize_t(phase);
            Py_DECREF(phase);
            if (at == -1 && PyErr_Occurred()) return NULL;
            if (at < 0 || at >= PyList_GET_SIZE(listings)) { PyErr_SetString(PyExc_IndexError, "no such phase"); return NULL; }
            legal = list_moves(listings, at, st);
            if (legal == NULL) return NULL;
            if (PyObject_SetAttr(st, s_legal, legal) < 0) { Py_DECREF(legal); return NULL; }
        }
        if (!PyList_Check(legal)) { Py_DECREF(legal); PyErr_SetString(PyExc_TypeError, "a listing gives a list"); return NULL; }
        Py_ssize_t n = PyList_GET_SIZE(legal);
        if (n == 0) {
            Py_DECREF(legal);
            PyObject *done = PyObject_CallMethodNoArgs(st, s_require_moves);
            if (done == NULL) return NULL;
            Py_DECREF(done);
            PyErr_SetString(PyExc_ValueError, "the player to move has no legal move");
            return NULL;
        }
        if (n >= (1L << 31)) { Py_DECREF(legal); PyErr_SetString(PyExc_OverflowError, "too many moves"); return NULL; }
        long r = below(rng, (long)n, native);
        if (r < 0) { Py_DECREF(legal); return NULL; }
        PyObject *move = PyList_GET_ITEM(legal, r);
        Py_INCREF(move);
        Py_DECREF(legal);
        if (!PyTuple_Check(move) || PyTuple_GET_SIZE(move) < 1) { Py_DECREF(move); PyErr_SetString(PyExc_TypeError, "a move is a tuple"); return NULL; }
        Py_ssize_t action = PyLong_AsSsize_t(PyTuple_GET_ITEM(move, 0));
        if (action == -1 && PyErr_Occurred()) { Py_DECREF(move); return NULL; }
        if (action < 0 || action >= PyList_GET_SIZE(appliers)) { Py_DECREF(move); PyErr_SetString(PyExc_IndexError, "no such action"); return NULL; }
        PyObject *done = apply_move(appliers, action, st, move);
        if (done == NULL) {
            PyObject *type, *traceback;
            PyErr_Fetch(&type, &error, &traceback);
            PyErr_NormalizeException(&type, &error, &traceback);
            if (error != NULL && traceback != NULL) PyException_SetTraceback(error, traceback);
            Py_XDECREF(type);
            Py_XDECREF(traceback);
            failed = move;
            break;
        }
        Py_DECREF(done);
        Py_DECREF(move);
        PyObject *count = PyObject_GetAttr(st, s_forgotten);
        if (count == NULL) return NULL;
        PyObject *more = PyNumber_Add(count, one);
        Py_DECREF(count);
        if (more == NULL) return NULL;
        int set = PyObject_SetAttr(st, s_forgotten, more);
        Py_DECREF(more);
        if (set < 0) return NULL;
        made++;
    }
    if (failed == NULL) return Py_BuildValue("(l, O, O)", made, Py_None, Py_None);
    PyObject *result = Py_BuildValue("(l, O, O)", made, failed, error != NULL ? error : Py_None);
    Py_DECREF(failed);
    Py_XDECREF(error);
    return result;
}

"""

METHODS = r"""static PyMethodDef methods[] = {
    {"run", (PyCFunction)(void (*)(void))run, METH_FASTCALL, "a playout's moves"},
    {"draw", (PyCFunction)(void (*)(void))draw, METH_FASTCALL, "one number below n, as a playout draws it"},
    {"shuffle", (PyCFunction)(void (*)(void))shuffle, METH_FASTCALL, "a pile shuffled as compiler.game.shuffled does"},
    {"seed", (PyCFunction)(void (*)(void))seed, METH_FASTCALL, "a generator seeded as random.Random seeds it"},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef module_def = {PyModuleDef_HEAD_INIT, "MODULE", NULL, -1, methods};

"""

# The start of a module's init that draws in place: `twister_type`, checked to be laid out as read.
TWISTER_INIT = r"""    PyObject *random = PyImport_ImportModule("_random");
    if (random == NULL) return NULL;
    twister_type = (PyTypeObject *)PyObject_GetAttrString(random, "Random");
    Py_DECREF(random);
    if (twister_type == NULL) return NULL;
    if (!PyType_Check(twister_type) || twister_type->tp_basicsize < (Py_ssize_t)sizeof(Twister)) {
        PyErr_SetString(PyExc_ImportError, "_random.Random is not laid out as this module reads it");
        return NULL;
    }
"""

INIT = r"""PyMODINIT_FUNC PyInit_MODULE(void) {
""" + TWISTER_INIT + r"""    genrand_once();
    one = PyLong_FromLong(1);
    s_legal = PyUnicode_InternFromString("_legal");
    s_phase = PyUnicode_InternFromString("phase");
    s_over = PyUnicode_InternFromString("over");
    s_forgotten = PyUnicode_InternFromString("forgotten");
    s_randbelow = PyUnicode_InternFromString("_randbelow");
    s_require_moves = PyUnicode_InternFromString("require_moves");
    if (!one || !s_legal || !s_phase || !s_over || !s_forgotten || !s_randbelow || !s_require_moves) return NULL;
    return PyModule_Create(&module_def);
}
"""

_FIXED = r"""/* The fixed loop's listings and appliers: the generated Python functions, called. */
static PyObject *list_moves(PyObject *listings, Py_ssize_t phase, PyObject *st) {
    return PyObject_CallOneArg(PyList_GET_ITEM(listings, phase), st);
}

static PyObject *apply_move(PyObject *appliers, Py_ssize_t action, PyObject *st, PyObject *move) {
    PyObject *pair[2] = {st, move};
    return PyObject_Vectorcall(PyList_GET_ITEM(appliers, action), pair, 2, NULL);
}

"""

_SOURCE = HEADER + "#include <string.h>\n" + DRAWS + SEEDING + _FIXED + RUN + METHODS + INIT


_trusted: dict[int, bool] = {}  # id of a loaded module -> whether its draws in place were checked
_seeding: dict[int, bool] = {}  # ... and whether its seeding was
_new_random = random.Random.__new__  # an unseeded random.Random (`seed` fills its state)


def draws_match(module: ModuleType) -> bool:
    """Whether numbers drawn in place from a generator's state are those `_randbelow` gives,
    on bounds that need one word a draw and bounds drawn again (the check made on loading)."""
    ours, theirs = random.Random(20261203), random.Random(20261203)
    for n in [*range(1, 70), 1000, 2 ** 20 + 1, 2 ** 31 - 1] * 12:
        if module.draw(ours, n, True) != theirs._randbelow(n):
            return False
    return ours.getstate() == theirs.getstate()


def seeds_match(module: ModuleType) -> bool:
    """Whether the module seeds a generator as `random.Random(text)` does (the check made on
    loading): texts short and long, of other scripts, giving keys with zero bytes in front."""
    texts = ["", "0/1", "12/3/1", "a" * 5000, "δ/ё/中", *(f"{n}/{d}" for n in range(40) for d in (1, 2))]
    for text in texts:
        if _seeded_in_c(module, _key(text)).getstate() != random.Random(text).getstate():
            return False
    for key in (b"", b"\x00", b"\x00\x00\x01", b"\x01" + b"\x00" * 9, bytes(range(1, 200))):
        if _seeded_in_c(module, key).getstate() != random.Random(int.from_bytes(key, "big")).getstate():
            return False
    return True


def _key(text: str) -> bytes:
    """The bytes whose big-endian integer `random.Random(text)` seeds with (random.py, version 2)."""
    data = text.encode()
    return data + _sha512(data).digest()


def _seeded_in_c(module: ModuleType, key: bytes) -> random.Random:
    rng = _new_random(random.Random)
    module.seed(rng, key)
    rng.gauss_next = None  # as `Random.seed` leaves it
    return rng


def seeded(text: str, loop: Loop | None) -> random.Random:
    """`random.Random(text)`, seeded in C by the loop's module when it has one whose seeding
    was checked (a deal's generator: seeding is a third of a new game's time in Python)."""
    if loop is None or not _seeding.get(id(loop.module), False):
        return random.Random(text)
    return _seeded_in_c(loop.module, _key(text))


def loop() -> Loop | None:
    """The fixed playout loop (its module built once per process at most), or None: asked
    once per compiled game (`CompiledGame.playout_loop`)."""
    module = load_fixed(_SOURCE)
    return None if module is None else Loop(module)


class Loop:
    """The loop's module, called as `State.playout` and the deal's shuffles call it."""

    def __init__(self, module: ModuleType):
        self.module = module
        if id(module) not in _trusted:
            _trusted[id(module)] = draws_match(module)
            _seeding[id(module)] = seeds_match(module)
        # The module's shuffle for a plain `random.Random` (the caller checks the type), or None:
        # the deal's shuffle step calls it without the method call and checks of `shuffled`.
        self.shuffle_in_place = module.shuffle if _trusted[id(module)] else None

    def shuffled(self, pile: list[int], rng: random.Random) -> bool:
        """Shuffle `pile` in C as `compiler.game.shuffled` would, when `rng` is a generator the
        module may draw from in place; False (nothing done) otherwise."""
        if not (_trusted.get(id(self.module), False) and type(rng) is random.Random):
            return False
        self.module.shuffle(pile, rng)
        return True

    def draws_in_place(self, rng: random.Random) -> bool:
        """Whether the module draws from `rng`'s state in place (a plain, checked generator)."""
        return _trusted.get(id(self.module), False) and type(rng) is random.Random

    def run(self, st: Any, rng: random.Random, limit: int, listings: list, appliers: list) -> tuple:
        """(moves made, the move that failed or None, its error or None)."""
        native = _trusted.get(id(self.module), False) and type(rng) is random.Random
        return self.module.run(st, rng, limit, listings, appliers, native)
