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

from .emit import ARRANGE, RUNS, Emitter, Unsupported, _int, entries

if TYPE_CHECKING:
    from ..combinations import CombinationSet, PlayFinder

# emit.py's arrangement of wings, its plays pushed as C moves (`push_play`, state_runtime.py).
PRELUDE = RUNS + r"""
#define ADD(i) do { if (push_entry(out, base + (i)) < 0) goto fail; } while (0)
#define ENTRY_T int
#define OUT_T Buf *
#define ARRANGEMENT_FIELDS int entry; Buf *out;  /* entry: the kind's (its action, kind and target) */
#define START_ARRANGEMENT(a, entry_, out_) do { (a).entry = (entry_); (a).out = (out_); } while (0)
""" + ARRANGE + r"""
static int make_play(Arrangement *a, const int *wings, int n_wings) {
    int ranks[256], n = play_ranks(a, wings, n_wings, ranks);
    return push_play(a->out, a->entry, a->length, a->key, ranks, n);
}
"""


class StructEmitter(Emitter):
    """The listings of one combination set as C functions over counts, pushing C moves.

    `leads_S(out, c, base)` and `answer_S(out, c, table, base)` (S the set's number, `base` the
    first entry of the finder of the player listing)."""

    ENTRY = "base + {}"
    TABLE_LENGTH = "m = table->length;"
    TAIL = ("    return 0;", "fail:", "    return -1;", "}", "")

    def __init__(self, finder: PlayFinder, number: int):
        super().__init__(finder, "unused")
        self.number = number

    def answer_head(self, index: str) -> list[str]:
        return [(f"static int answer_{_int(self.number)}_{index}"
                 "(Buf *out, const int *c, const Combo *table, int base) {"),
                "    int above = (table->key < 0 || table->key > 15) ? 15 : STRENGTH[table->key];"]

    def functions(self) -> list[str]:
        """The static arrays, the leads, each kind's answers and the dispatch on the table's kind."""
        n = _int(self.number)
        lead = [f"static int leads_{n}(Buf *out, const int *c, int base) {{"]
        for segment in self.segments:
            lead += self._every_play(segment)
        body = [*lead, *self.TAIL]
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
