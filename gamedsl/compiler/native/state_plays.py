"""C listings of combination plays into a buffer of C moves, for the playout over C state.

The same loops as `emit.py` writes for the Python-facing finders (the same plays in the same
order: `Emitter` writes both), but each play is pushed as a `Move` struct: a table's play by its
entry (an index into the entries of every finder, filled once from the finders' flat tuples by
`entry_rows`), a play whose wings are arranged as they are found by its kind, length, key and
ranks, written into the buffer's arena. Nothing from a rules file reaches the source but
integers (`emit._int`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .emit import Emitter, Unsupported, _int, entries

if TYPE_CHECKING:
    from ..combinations import CombinationSet, PlayFinder

# The winged arrangement of emit.py's prelude, its plays pushed as C moves (`push_play`).
PRELUDE = r"""
typedef struct {
    int width, is_run, min_length, max_length, n_order, allowed;
    const int *order;
    int wing_width, per_core, total, distinct, max_of_a_rank, core_allowed, together;
} Winged;

typedef struct {
    const Winged *w;
    int entry;  /* the entry of the kind (its action, kind and target) */
    Buf *out;
    int length, key, n_core, core[20], n_candidates, candidates[16], limit[16], n_chosen, chosen[64];
} Arrangement;

static void sort_ints(int *a, int n) {
    for (int i = 1; i < n; i++) {
        int x = a[i], j = i - 1;
        while (j >= 0 && a[j] > x) { a[j + 1] = a[j]; j--; }
        a[j + 1] = x;
    }
}

static int make_play(Arrangement *a, const int *wings, int n_wings) {
    int ranks[256], n = 0;
    for (int i = 0; i < n_wings; i++)
        for (int k = 0; k < a->w->wing_width; k++) ranks[n++] = wings[i];
    for (int i = 0; i < a->n_core; i++)
        for (int k = 0; k < a->w->width; k++) ranks[n++] = a->core[i];
    sort_ints(ranks, n);
    return push_play(a->out, a->entry, a->length, a->key, ranks, n);
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

static int winged(const Winged *w, int entry, const int *c, int above, int only_length,
                  const int *every, int n_every, const int *strength, Buf *out) {
    Arrangement a;
    a.w = w; a.entry = entry; a.out = out;
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


class StructEmitter(Emitter):
    """The listings of one combination set as C functions over counts, pushing C moves.

    `leads_S(out, c, base)` and `answer_S(out, c, table, base)` (S the set's number, `base` the
    first entry of the finder of the player listing)."""

    def __init__(self, finder: PlayFinder, number: int):
        super().__init__(finder, "unused")
        self.number = number

    def entry(self, offset: int) -> str:
        return f"base + {_int(offset)}"

    def table_length(self) -> str:
        return "m = table->length;"

    def answer_head(self, index: str) -> list[str]:
        return [f"static int answer_{_int(self.number)}_{index}(Buf *out, const int *c, const Combo *table, int base) {{",
                "    int above = (table->key < 0 || table->key > 15) ? 15 : STRENGTH[table->key];"]

    def tail(self) -> list[str]:
        return ["    return 0;", "fail:", "    return -1;", "}", ""]

    def functions(self) -> list[str]:
        """The static arrays, the leads, each kind's answers and the dispatch on the table's kind."""
        n = _int(self.number)
        lead = [f"static int leads_{n}(Buf *out, const int *c, int base) {{"]
        for segment in self.segments:
            lead += self._every_play(segment)
        body = [*lead, *self.tail()]
        for segment in self.segments:
            body += self._answers(segment)
        body += [f"static int answer_{n}(Buf *out, const int *c, const Combo *table, int base) {{",
                 "    switch (table->kind) {"]
        body += [f"    case {_int(s.kind.index)}: return answer_{n}_{_int(s.kind.index)}(out, c, table, base);"
                 for s in self.segments]
        body += ["    default: return 0;", "    }", "}", ""]
        arrays = [f"static const int {name}[] = {{{', '.join(_int(r) for r in ranks) or '0'}}};"
                  for ranks, name in self.orders.items()]
        arrays.append(f"static const int STRENGTH[16] = {{{', '.join(_int(v) for v in self.set.strength)}}};")
        return [*arrays, *self.described.values(), "", *body]

    @property
    def size(self) -> int:
        """Entries per finder."""
        return sum(s.size for s in self.segments)


def entry_rows(finder: PlayFinder, segments: Any, kinds: CombinationSet) -> list[tuple]:
    """One finder's entries for the C table: (action, kind, length, key, target, ranks) for a
    play, (action, kind, -1, -1, target, ()) for a winged kind's entry, None for an empty slot."""
    rows: list[tuple | None] = []
    for item in entries(finder, segments):
        if item is None:
            rows.append(None)
        elif callable(item[0]):  # (form, kind): the plays are arranged in C
            form, kind = item
            rows.append((_form_int(form, "action"), kind.index, -1, -1, _form_int(form, "target"), ()))
        else:
            action, kind, ranks, target = item
            reading = kinds.reading(kind, ranks)
            rows.append((action, kind, reading.length, reading.key, target, tuple(ranks)))
    return rows


def _form_int(form: Any, name: str) -> int:
    value = getattr(form, name, None)
    if type(value) is not int:
        raise Unsupported("a finder whose form the C path does not know")
    return value
