"""The fixed C of the playout over C state: the state struct, reading it from and writing it to
the Python `State`, the move buffer, the engine's helpers over C zones, the escapes to Python,
and the loop. `state_playout.py` puts it together with a game's translated functions.

The C state holds what the translated code reads and writes: zones as card arrays, counters as
doubles (with whether each holds an int, as the Python list would), phase, current player,
turn and move numbers, and per zone the combination lying on it (kind, length, key, ranks) and
who played it. The Python `State` is the truth outside the loop: it is read on entry and
written back on leaving and around every escape, so that Python code only ever sees it whole.
"""

from __future__ import annotations

from .emit import SMALL_ATTR
from .playout import TWISTER_INIT

# Before it: `#define NZ`, `NC`, `PLAYERS`, and playout.py's draws. After it: the tables,
# the translated functions, `list_phase` and `apply_action`, then `LOOP`.
STATE = r"""
#include <limits.h>
#include <math.h>
#include <string.h>
#define MAXC 256   /* cards a zone holds at most in the C state (more: the Python playout) */
#define MAXR 64    /* ranks of a combination on a zone */
#define ERR INT_MIN
#define ENDS 4096  /* an end check's result: rule * ENDS + seat + 1, or -1 (translate.ENDS) */
#define zone_at(z) (z)

typedef struct { int n; int cards[MAXC]; } Zone;
/* The combination on a zone: kind -1, none; entry, the place of its ranks in POOL if a table's play, else -1. */
typedef struct { int kind, length, key, n, entry; signed char ranks[MAXR]; } Combo;
/* A move: (a, v1, v2, v3) as the Python tuple; a play of combinations: v1 its kind, v3 its
   target, v2 -2 and its ranks at `at` (>= 0: the buffer's arena; < 0: the entries' pool). */
typedef struct { int a, v1, v2, v3, length, key, n, at; } Move;
typedef struct { Move *m; int n, cap; signed char *arena; int an, acap; } Buf;

typedef struct {
    Zone zones[NZ];
    double counters[NC > 0 ? NC : 1];
    char cint[NC > 0 ? NC : 1];
    int phase, current, turn_number, moves_in_turn, over;
    int winner;  /* the seat an `end` rule found (`winner's`), -1: none */
    long long forgotten;
    Combo combos[NZ];
    int played_by[NZ];
    PyObject *st, *py;  /* the Python state; py: the combinations' `reading`, the entries' readings, the escapes */
    int in_python;  /* an escape is under way: the Python state is the truth (not written over on failing) */
    int dirty;  /* the C state holds changes the Python state has not (set by every write, cleared by load) */
    unsigned long long public_mask, public_read;  /* the cards revealed to all (`public`), and as last read */
} S;

static PyObject *a_zones, *a_counters, *a_phase, *a_current, *a_turn_number, *a_moves_in_turn, *a_over;
static PyObject *a_combos, *a_played_by, *a_forgotten, *a_legal, *a_rank_counts, *a_lead_lists;
static PyObject *a_kind, *a_index, *a_length, *a_key, *a_ranks, *a_end_deal, *a_keep_firing, *a_declared, *a_public;
static PyObject *a_winner, *a_deal_scored;

/* After an escape that should have raised (the Python path raises where the C found it must). */
static int raised(void) {
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "the C and Python paths read a state differently");
    return ERR;
}

static int member(int x, const int *values, int n) {
    for (int i = 0; i < n; i++) if (values[i] == x) return 1;
    return 0;
}

static int grow(Buf *b) {
    int cap = b->cap ? b->cap * 2 : 256;
    Move *m = PyMem_Realloc(b->m, sizeof(Move) * cap);
    if (m == NULL) { PyErr_NoMemory(); return -1; }
    b->m = m; b->cap = cap;
    return 0;
}

static int push_move(Buf *b, int a, int v1, int v2, int v3) {
    if (b->n == b->cap && grow(b) < 0) return -1;
    Move *m = &b->m[b->n++];
    m->a = a; m->v1 = v1; m->v2 = v2; m->v3 = v3; m->length = 0; m->key = 0; m->n = 0; m->at = 0;
    return 0;
}

static const signed char *ranks_of(const Buf *b, const Move *m);

static void rank_counts(const Zone *z, int *c) {
    memset(c, 0, 16 * sizeof(int));
    for (int i = 0; i < z->n; i++) c[(z->cards[i] >> 2) & 15]++;
}

/* State._move_all(src, dst, reverse) with no record kept (no wild cards declared: checked on entry). */
static void move_all(S *s, int src, int dst, int reverse) {
    Zone *from = &s->zones[src], *to = &s->zones[dst];
    if (src == dst || from->n == 0) return;
    for (int i = 0; i < from->n; i++) to->cards[to->n++] = from->cards[reverse ? from->n - 1 - i : i];
    from->n = 0;
    if (s->combos[src].kind >= 0) { s->combos[src].kind = -1; s->played_by[src] = -1; }
}

/* State._reveal of one zone: its cards known to all. */
static void reveal(S *s, int zone) {
    for (int i = 0; i < s->zones[zone].n; i++) s->public_mask |= 1ULL << (s->zones[zone].cards[i] & 63);
}

static Buf buf;  /* the listing of the move being made (one playout at a time: `busy`) */
static int busy;

/* runtime.move_ranks: for each rank played, the lowest card of it leaves the hand for the target. */
static int move_ranks(S *s, int hand, int target, const Move *mv) {
    const signed char *ranks = ranks_of(&buf, mv);
    Zone *h = &s->zones[hand], *t = &s->zones[target];
    for (int i = 0; i < mv->n; i++) {
        int low = ranks[i] << 2, best = -1, at = -1;
        for (int j = 0; j < h->n; j++)
            if (h->cards[j] >= low && (best < 0 || h->cards[j] < best)) { best = h->cards[j]; at = j; }
        if ((best >> 2) != ranks[i] || t->n >= MAXC) {
            PyErr_Format(PyExc_ValueError, "the hand holds no card of rank %d", ranks[i]);
            return -1;
        }
        memmove(&h->cards[at], &h->cards[at + 1], sizeof(int) * (h->n - at - 1));
        h->n--;
        t->cards[t->n++] = best;
    }
    return 0;
}

static void set_combo(S *s, int zone, const Move *mv) {
    Combo *c = &s->combos[zone];
    const signed char *ranks = ranks_of(&buf, mv);
    c->kind = mv->v1; c->length = mv->length; c->key = mv->key; c->n = mv->n;
    c->entry = mv->at < 0 ? -mv->at - 1 : -1;  /* a table's play: its reading is made already (py[1]) */
    memcpy(c->ranks, ranks, mv->n);
}

/* ---- the Python State, read and written --------------------------------------------------- */
""" + SMALL_ATTR + r"""
static int set_int(PyObject *o, PyObject *name, long long x) {
    PyObject *v = PyLong_FromLongLong(x);
    if (v == NULL) return -1;
    int failed = PyObject_SetAttr(o, name, v);
    Py_DECREF(v);
    return failed;
}

static int unsupported(const char *what) {
    PyErr_SetString(PyExc_NotImplementedError, what);
    return -1;
}

static int load(S *s) {
    PyObject *st = s->st;
    PyObject *zones = PyObject_GetAttr(st, a_zones);
    if (zones == NULL) return -1;
    if (!PyList_CheckExact(zones) || PyList_GET_SIZE(zones) != NZ) { Py_DECREF(zones); return unsupported("zones"); }
    for (int i = 0; i < NZ; i++) {
        PyObject *z = PyList_GET_ITEM(zones, i);
        if (!PyList_CheckExact(z) || PyList_GET_SIZE(z) > MAXC) { Py_DECREF(zones); return unsupported("a zone"); }
        s->zones[i].n = (int)PyList_GET_SIZE(z);
        for (int k = 0; k < s->zones[i].n; k++) {
            long card = PyLong_AsLong(PyList_GET_ITEM(z, k));
            if (card == -1 && PyErr_Occurred()) { Py_DECREF(zones); return -1; }
            if (card < 0 || card > INT_MAX / 4) { Py_DECREF(zones); return unsupported("a card"); }
            s->zones[i].cards[k] = (int)card;
        }
    }
    Py_DECREF(zones);
    PyObject *counters = PyObject_GetAttr(st, a_counters);
    if (counters == NULL) return -1;
    if (!PyList_CheckExact(counters) || PyList_GET_SIZE(counters) != NC) {
        Py_DECREF(counters);
        return unsupported("counters");
    }
    for (int i = 0; i < NC; i++) {
        PyObject *v = PyList_GET_ITEM(counters, i);
        if (PyFloat_CheckExact(v)) { s->counters[i] = PyFloat_AS_DOUBLE(v); s->cint[i] = 0; continue; }
        if (!PyLong_CheckExact(v)) { Py_DECREF(counters); return unsupported("a counter"); }
        long long x = PyLong_AsLongLong(v);
        if (x == -1 && PyErr_Occurred()) { PyErr_Clear(); Py_DECREF(counters); return unsupported("a counter"); }
        if (x > (1LL << 52) || x < -(1LL << 52)) { Py_DECREF(counters); return unsupported("a counter"); }
        s->counters[i] = (double)x; s->cint[i] = 1;
    }
    Py_DECREF(counters);
    if (small_attr(st, a_phase, &s->phase) < 0 || small_attr(st, a_current, &s->current) < 0
            || small_attr(st, a_turn_number, &s->turn_number) < 0
            || small_attr(st, a_moves_in_turn, &s->moves_in_turn) < 0
            || small_attr(st, a_over, &s->over) < 0) return -1;
    PyObject *forgotten = PyObject_GetAttr(st, a_forgotten);
    if (forgotten == NULL) return -1;
    s->forgotten = PyLong_AsLongLong(forgotten);
    Py_DECREF(forgotten);
    if (s->forgotten == -1 && PyErr_Occurred()) return -1;
    PyObject *winner = PyObject_GetAttr(st, a_winner);
    if (winner == NULL) return -1;
    long seat = winner == Py_None ? -1 : PyLong_Check(winner) ? PyLong_AsLong(winner) : -2;
    Py_DECREF(winner);
    if (seat == -1 && PyErr_Occurred()) return -1;
    if (seat < -1 || seat >= PLAYERS) return unsupported("a winner");
    s->winner = (int)seat;
    s->dirty = 0;
    for (int i = 0; i < NZ; i++) { s->combos[i].kind = -1; s->played_by[i] = -1; }
    PyObject *public = PyObject_GetAttr(st, a_public);
    if (public == NULL) return -1;
    s->public_mask = 0;
    PyObject *it = PyObject_GetIter(public), *card;
    Py_DECREF(public);
    if (it == NULL) return -1;
    while ((card = PyIter_Next(it)) != NULL) {
        long c = PyLong_AsLong(card);
        Py_DECREF(card);
        if (c < 0 || c > 63) { Py_DECREF(it); if (!PyErr_Occurred()) unsupported("a card revealed"); return -1; }
        s->public_mask |= 1ULL << c;
    }
    Py_DECREF(it);
    if (PyErr_Occurred()) return -1;
    s->public_read = s->public_mask;
    PyObject *declared = PyObject_GetAttr(st, a_declared);
    if (declared == NULL) return -1;
    int wild = !PyDict_CheckExact(declared) || PyDict_GET_SIZE(declared) != 0;
    Py_DECREF(declared);
    if (wild) return unsupported("wild cards declared");
    PyObject *combos = PyObject_GetAttr(st, a_combos), *played = PyObject_GetAttr(st, a_played_by);
    int failed = combos == NULL || played == NULL || !PyDict_CheckExact(combos) || !PyDict_CheckExact(played);
    Py_ssize_t at = 0;
    PyObject *k, *v;
    while (!failed && PyDict_Next(combos, &at, &k, &v)) {
        long zone = PyLong_AsLong(k);
        PyObject *kind = PyObject_GetAttr(v, a_kind), *index = kind ? PyObject_GetAttr(kind, a_index) : NULL;
        PyObject *ranks = PyObject_GetAttr(v, a_ranks);
        int length, key;
        failed = zone < 0 || zone >= NZ || index == NULL || ranks == NULL || !PyTuple_CheckExact(ranks)
                 || PyTuple_GET_SIZE(ranks) > MAXR || small_attr(v, a_length, &length) < 0
                 || small_attr(v, a_key, &key) < 0;
        if (!failed) {
            Combo *c = &s->combos[zone];
            c->kind = (int)PyLong_AsLong(index); c->length = length; c->key = key; c->n = (int)PyTuple_GET_SIZE(ranks);
            c->entry = -1;
            for (int r = 0; r < c->n; r++) c->ranks[r] = (signed char)PyLong_AsLong(PyTuple_GET_ITEM(ranks, r));
            failed = PyErr_Occurred() != NULL;
        }
        Py_XDECREF(kind); Py_XDECREF(index); Py_XDECREF(ranks);
    }
    at = 0;
    while (!failed && PyDict_Next(played, &at, &k, &v)) {
        long zone = PyLong_AsLong(k), seat = PyLong_AsLong(v);
        failed = zone < 0 || zone >= NZ || seat < 0 || seat >= PLAYERS;
        if (!failed) s->played_by[zone] = (int)seat;
    }
    Py_XDECREF(combos); Py_XDECREF(played);
    if (failed) { if (!PyErr_Occurred()) unsupported("combinations"); return -1; }
    return 0;
}

static int store(S *s) {
    PyObject *st = s->st;
    PyObject *zones = PyObject_GetAttr(st, a_zones);
    if (zones == NULL) return -1;
    for (int i = 0; i < NZ; i++) {
        PyObject *z = PyList_New(s->zones[i].n);
        if (z == NULL) { Py_DECREF(zones); return -1; }
        for (int k = 0; k < s->zones[i].n; k++) {
            PyObject *card = PyLong_FromLong(s->zones[i].cards[k]);
            if (card == NULL) { Py_DECREF(z); Py_DECREF(zones); return -1; }
            PyList_SET_ITEM(z, k, card);
        }
        PyList_SetItem(zones, i, z);
    }
    Py_DECREF(zones);
    PyObject *counters = PyObject_GetAttr(st, a_counters);
    if (counters == NULL) return -1;
    for (int i = 0; i < NC; i++) {
        PyObject *v = s->cint[i] ? PyLong_FromDouble(s->counters[i]) : PyFloat_FromDouble(s->counters[i]);
        if (v == NULL) { Py_DECREF(counters); return -1; }
        PyList_SetItem(counters, i, v);
    }
    Py_DECREF(counters);
    PyObject *combos = PyObject_GetAttr(st, a_combos), *played = PyObject_GetAttr(st, a_played_by);
    int failed = combos == NULL || played == NULL;
    if (!failed) { PyDict_Clear(combos); PyDict_Clear(played); }
    PyObject *reading = PyTuple_GET_ITEM(s->py, 0);
    for (int i = 0; i < NZ && !failed; i++) {
        PyObject *zone = PyLong_FromLong(i);
        failed = zone == NULL;
        if (!failed && s->combos[i].kind >= 0 && s->combos[i].entry >= 0) {
            failed = PyDict_SetItem(combos, zone, PyTuple_GET_ITEM(PyTuple_GET_ITEM(s->py, 1), s->combos[i].entry)) < 0;
        } else if (!failed && s->combos[i].kind >= 0) {
            Combo *c = &s->combos[i];
            PyObject *ranks = PyTuple_New(c->n), *r = NULL;
            failed = ranks == NULL;
            for (int k = 0; !failed && k < c->n; k++) PyTuple_SET_ITEM(ranks, k, PyLong_FromLong(c->ranks[k]));
            if (!failed) r = PyObject_CallFunction(reading, "iO", c->kind, ranks);
            failed = r == NULL || PyDict_SetItem(combos, zone, r) < 0;
            Py_XDECREF(ranks); Py_XDECREF(r);
        }
        if (!failed && s->played_by[i] >= 0) {
            PyObject *seat = PyLong_FromLong(s->played_by[i]);
            failed = seat == NULL || PyDict_SetItem(played, zone, seat) < 0;
            Py_XDECREF(seat);
        }
        Py_XDECREF(zone);
    }
    Py_XDECREF(combos); Py_XDECREF(played);
    if (failed) return -1;
    if (s->public_mask != s->public_read) {
        PyObject *cards = PyList_New(0);
        for (int c = 0; cards != NULL && c < 64; c++) {
            if (!(s->public_mask >> c & 1)) continue;
            PyObject *card = PyLong_FromLong(c);
            if (card == NULL || PyList_Append(cards, card) < 0) Py_CLEAR(cards);
            Py_XDECREF(card);
        }
        PyObject *public = cards == NULL ? NULL : PyFrozenSet_New(cards);
        Py_XDECREF(cards);
        if (public == NULL || PyObject_SetAttr(st, a_public, public) < 0) { Py_XDECREF(public); return -1; }
        Py_DECREF(public);
        s->public_read = s->public_mask;
    }
    PyObject *caches[2] = {a_rank_counts, a_lead_lists};  /* caches keyed by the zones' lists: dropped */
    for (int i = 0; i < 2; i++) {
        PyObject *cache = PyObject_GetAttr(st, caches[i]);
        if (cache == NULL) return -1;
        if (PyDict_CheckExact(cache)) PyDict_Clear(cache);
        Py_DECREF(cache);
    }
    if (set_int(st, a_phase, s->phase) < 0 || set_int(st, a_current, s->current) < 0
            || set_int(st, a_turn_number, s->turn_number) < 0 || set_int(st, a_moves_in_turn, s->moves_in_turn) < 0
            || set_int(st, a_forgotten, s->forgotten) < 0 || PyObject_SetAttr(st, a_legal, Py_None) < 0) return -1;
    s->dirty = 0;
    return 0;
}

/* ---- escapes: the Python state made whole, a Python function run, the C state read again ---- */
/* Read again after Python ran: a state the C loop cannot hold now is a bug, not a fallback (the
   move is half made), so it is not reported as NotImplementedError, which means "play in Python". */
static int reload(S *s) {
    if (load(s) == 0) return 0;
    if (PyErr_ExceptionMatches(PyExc_NotImplementedError)) {
        PyErr_Clear();
        PyErr_SetString(PyExc_RuntimeError, "a step run in Python left a state the C playout does not hold");
    }
    return -1;
}

static int escape_effects(S *s, int index, int seat) {
    if (store(s) < 0) return ERR;
    PyObject *who = PyLong_FromLong(seat);
    if (who == NULL) return ERR;
    PyObject *args[3] = {s->st, who, Py_None};
    s->in_python = 1;
    PyObject *done = PyObject_Vectorcall(PyTuple_GET_ITEM(s->py, index + 2), args, 3, NULL);
    Py_DECREF(who);
    if (done == NULL) return ERR;
    Py_DECREF(done);
    if (reload(s) < 0) return ERR;
    s->in_python = 0;
    return 0;
}

/* A score as `_number` gives it: an int when it is a whole number. */
static PyObject *score_value(double v) {
    if (isfinite(v) && v == floor(v)) return PyLong_FromDouble(v);
    return PyFloat_FromDouble(v);
}

/* The deal's scores by `end` rule `rule` counted in C with `s->winner` the seat it found, into
   out[PLAYERS]: 1, or 0 when the rule is not one the C counts (its effects, say), or ERR
   (generated by state_playout.py, after the translated functions). */
static int score_deal(S *s, int rule, double *out);

/* The end of a deal: counted in C and recorded by State._deal_scored(seat, rule, who, scores)
   where the rule allows it, else all of it in Python, State._end_deal(seat, (rule, who)). With
   `last` (nothing of the move follows it) and the match over, the C state is not read again:
   the loop stops, and the Python state is the truth. */
static int escape_end_deal(S *s, int seat, int ended, int last) {
    int rule = ended / ENDS, who = ended % ENDS - 1, before = s->winner;
    double scores[PLAYERS];
    s->winner = who;
    int counted = score_deal(s, rule, scores);
    s->winner = before;
    if (counted == ERR) return -1;
    if (store(s) < 0) return -1;
    PyObject *done;
    if (counted) {
        PyObject *values = PyTuple_New(PLAYERS), *args[5] = {s->st, NULL, NULL, NULL, values};
        for (int q = 0; values != NULL && q < PLAYERS; q++) {
            PyObject *v = score_value(scores[q]);
            if (v == NULL) Py_CLEAR(values);
            else PyTuple_SET_ITEM(values, q, v);
        }
        args[1] = PyLong_FromLong(seat); args[2] = PyLong_FromLong(rule);
        args[3] = who < 0 ? Py_NewRef(Py_None) : PyLong_FromLong(who);
        s->in_python = 1;
        done = values == NULL || args[1] == NULL || args[2] == NULL || args[3] == NULL ? NULL
               : PyObject_VectorcallMethod(a_deal_scored, args, 5, NULL);
        Py_XDECREF(values); Py_XDECREF(args[1]); Py_XDECREF(args[2]); Py_XDECREF(args[3]);
    } else {
        PyObject *found = who < 0 ? Py_BuildValue("(iO)", rule, Py_None) : Py_BuildValue("(ii)", rule, who);
        if (found == NULL) return -1;
        PyObject *who_moved = PyLong_FromLong(seat);
        if (who_moved == NULL) { Py_DECREF(found); return -1; }
        s->in_python = 1;
        done = PyObject_CallMethodObjArgs(s->st, a_end_deal, who_moved, found, NULL);
        Py_DECREF(who_moved);
        Py_DECREF(found);
    }
    if (done == NULL) return -1;
    Py_DECREF(done);
    if (last) {
        int over;
        if (small_attr(s->st, a_over, &over) < 0) return -1;
        if (over) { s->over = 1; s->dirty = 0; s->in_python = 0; return 0; }
    }
    if (reload(s) < 0) return -1;
    s->in_python = 0;
    return 0;
}

static void escape_keep_firing(S *s, int seat) {
    if (store(s) < 0) return;
    s->in_python = 1;
    PyObject *who = PyLong_FromLong(seat);
    if (who == NULL) return;
    PyObject *done = PyObject_CallMethodOneArg(s->st, a_keep_firing, who);
    Py_DECREF(who);
    Py_XDECREF(done);
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "an automatic rule keeps firing");
}
"""

LOOP = r"""
static const signed char *ranks_of(const Buf *b, const Move *m) {
    return m->at >= 0 ? b->arena + m->at : POOL + (-m->at - 1);
}

static int push_entry(Buf *b, int e) {
    const int *row = ENTRY[e];
    if (b->n == b->cap && grow(b) < 0) return -1;
    Move *m = &b->m[b->n++];
    m->a = row[0]; m->v1 = row[1]; m->v2 = -2; m->v3 = row[4]; m->length = row[2]; m->key = row[3];
    m->n = row[5]; m->at = -row[6] - 1;
    return 0;
}

static int push_play(Buf *b, int e, int length, int key, const int *ranks, int n) {
    if (n > MAXR) { PyErr_SetString(PyExc_OverflowError, "a combination too long"); return -1; }
    if (b->an + n > b->acap) {
        int cap = b->acap ? b->acap * 2 : 4096;
        while (cap < b->an + n) cap *= 2;
        signed char *arena = PyMem_Realloc(b->arena, cap);
        if (arena == NULL) { PyErr_NoMemory(); return -1; }
        b->arena = arena; b->acap = cap;
    }
    if (push_entry(b, e) < 0) return -1;
    Move *m = &b->m[b->n - 1];
    m->length = length; m->key = key; m->n = n; m->at = b->an;
    for (int i = 0; i < n; i++) b->arena[b->an++] = (signed char)ranks[i];
    return 0;
}

/* run(state, rng, limit, py) -> (moves made, stuck): moves until the state is over, `limit`
   moves are made (-1: none), or the player to move has none (stuck: True, for the Python loop to
   say so); None when the position is not one the C state holds (nothing done). The generator is
   a plain random.Random, drawn from in place (checked by the caller). */
static PyObject *run(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4 || !PyObject_TypeCheck(args[1], twister_type) || !PyTuple_CheckExact(args[3])
            || PyTuple_GET_SIZE(args[3]) != ESCAPES + 2 || !PyTuple_CheckExact(PyTuple_GET_ITEM(args[3], 1))
            || PyTuple_GET_SIZE(PyTuple_GET_ITEM(args[3], 1)) != POOLED) {
        PyErr_SetString(PyExc_TypeError, "run(state, rng: random.Random, limit, py: tuple)");
        return NULL;
    }
    long limit = PyLong_AsLong(args[2]);
    if (limit == -1 && PyErr_Occurred()) return NULL;
    if (busy) Py_RETURN_NONE;  /* a playout within a playout (from a step run in Python): played in Python */
    S *s = PyMem_Calloc(1, sizeof(S));
    if (s == NULL) return PyErr_NoMemory();
    s->st = args[0]; s->py = args[3];
    if (load(s) < 0) {  /* a position the C state does not hold: None, nothing changed */
        PyMem_Free(s);
        if (!PyErr_ExceptionMatches(PyExc_NotImplementedError)) return NULL;
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    busy = 1;
    long made = 0;
    int stuck = 0, failed = 0;
    while (!s->over && (limit < 0 || made < limit)) {
        buf.n = 0; buf.an = 0;
        if (list_phase(s, &buf) < 0) { failed = 1; break; }
        if (buf.n == 0) { stuck = 1; break; }
        Move mv = buf.m[below_in_place((Twister *)args[1], buf.n)];
        if (apply_action(s, &mv) == ERR) { failed = 1; break; }
        made++;
        s->forgotten++;
        if ((made & 4095) == 0 && PyErr_CheckSignals() < 0) { failed = 1; break; }  /* Ctrl-C in a long playout */
    }
    busy = 0;
    if (failed) {
        PyObject *type, *value, *traceback;
        PyErr_Fetch(&type, &value, &traceback);
        if (!s->in_python) store(s);  /* the position as the failure found it, as the Python loop leaves it */
        PyErr_Clear();
        PyErr_Restore(type, value, traceback);
        PyMem_Free(s);
        return NULL;
    }
    /* Written back unless nothing changed since the Python state was read (the last move's escape
       read it: a deal's end, say); the moves made are counted in it either way. */
    int written = made == 0 ? 0 : s->dirty ? store(s)
                  : (set_int(s->st, a_forgotten, s->forgotten) < 0
                     || PyObject_SetAttr(s->st, a_legal, Py_None) < 0) ? -1 : 0;
    PyMem_Free(s);
    if (written < 0) return NULL;
    return Py_BuildValue("(lO)", made, stuck ? Py_True : Py_False);
}

static PyMethodDef methods[] = {
    {"run", (PyCFunction)(void (*)(void))run, METH_FASTCALL, "a playout over C state"},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef module_def = {PyModuleDef_HEAD_INIT, "MODULE", NULL, -1, methods};

#define INTERN(v, text) if ((v = PyUnicode_InternFromString(text)) == NULL) return NULL
PyMODINIT_FUNC PyInit_MODULE(void) {
""" + TWISTER_INIT + r"""    INTERN(a_zones, "zones"); INTERN(a_counters, "counters"); INTERN(a_phase, "phase");
    INTERN(a_current, "current");
    INTERN(a_turn_number, "turn_number"); INTERN(a_moves_in_turn, "moves_in_turn"); INTERN(a_over, "over");
    INTERN(a_combos, "combos"); INTERN(a_played_by, "played_by"); INTERN(a_forgotten, "forgotten");
    INTERN(a_legal, "_legal"); INTERN(a_rank_counts, "rank_counts"); INTERN(a_lead_lists, "lead_lists");
    INTERN(a_kind, "kind"); INTERN(a_index, "index"); INTERN(a_length, "length"); INTERN(a_key, "key");
    INTERN(a_ranks, "ranks"); INTERN(a_end_deal, "_end_deal"); INTERN(a_keep_firing, "_keep_firing");
    INTERN(a_declared, "declared"); INTERN(a_public, "public"); INTERN(a_winner, "winner");
    INTERN(a_deal_scored, "_deal_scored");
    return PyModule_Create(&module_def);
}
"""
