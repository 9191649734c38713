"""What a player is shown of the counters and values (issue 19): only those the file marks
`shown "LABEL"` (or `shown in header "LABEL"`), by their labels, each as what it holds — a seat
as the player, a card, suit or rank as itself, a number as a number. `hidden`, and saying
nothing, keep a counter off the table: display only, the rules and the computer players read
every counter as before (they are bookkeeping, not secrets).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..model.card_types import value_shown
from ..syntax import ast

# Expressions that give a seat (1, 2, …): what a counter set from them, or compared with them, holds.
_SEAT_NODES = (ast.NextPlayer, ast.RandomPlayer, ast.HolderOf, ast.PlayedBy, ast.TrickWinner)
_SEAT_NAMES = {"player_to_move"}


@dataclass(frozen=True)
class Item:
    """A counter or value a player may see: its name, label, owner kind and where it goes."""

    name: str
    label: str
    kind: str  # 'counter' | 'value'
    owner: str  # 'shared' | 'player' | 'team'
    holds: str  # number | suit | rank | card | seat
    header: bool
    words: tuple[tuple[float, str], ...] = ()  # `(-1 as "not yet")`: numbers shown as words


def _walk(node: Any, seen: set[int]):
    if id(node) in seen:
        return
    seen.add(id(node))
    yield node
    if isinstance(node, dict):
        for item in node.values():
            yield from _walk(item, seen)
    elif isinstance(node, (list, tuple)):
        for item in node:
            yield from _walk(item, seen)
    elif hasattr(node, "__dataclass_fields__"):
        for name in node.__dataclass_fields__:
            if name != "pos":
                yield from _walk(getattr(node, name), seen)


def seat_names(model: Any) -> set[str]:
    """Counters and values that hold a seat: named as a possessive (`dealer's hand`), set from a
    seat (`set closer to own seat`, `next player after dealer`), compared with one
    (`player_to_move = closer`), or a value that is one of those."""
    nodes = list(_walk(model, set()))
    names = set(model.counters) | set(model.values)
    seats = {n[:-2] for node in nodes for n in _owners(node) if n.endswith("'s") and n[:-2] in names}

    def is_seat(expr: Any) -> bool:
        if isinstance(expr, _SEAT_NODES):
            return True
        if isinstance(expr, ast.NameRef):
            return (expr.owner is not None and expr.name == "seat") or expr.name in _SEAT_NAMES or (
                expr.owner in (None, "own") and expr.name in seats)
        if isinstance(expr, ast.IfExpr):  # `random player if dealer = 0 else next player after dealer`
            return is_seat(expr.then) or is_seat(expr.otherwise)
        return False

    def name_of(expr: Any) -> str | None:
        return expr.name if isinstance(expr, ast.NameRef) and expr.owner in (None, "own") and expr.name in names else None

    changed = True
    while changed:
        changed = False
        for node in nodes:
            found: list[str | None] = []
            if isinstance(node, ast.SetTo) and is_seat(node.value):
                found.append(name_of(node.counter))
            elif isinstance(node, ast.Compare) and node.op in ("=", "!="):
                if is_seat(node.left):
                    found.append(name_of(node.right))
                if is_seat(node.right):
                    found.append(name_of(node.left))
            elif isinstance(node, ast.ValueDecl) and is_seat(node.expr):
                found.append(node.name)
            for name in found:
                if name is not None and name not in seats:
                    seats.add(name)
                    changed = True
    return seats


def _owners(node: Any) -> list[str]:
    owner = getattr(node, "owner", None) if isinstance(node, (ast.NameRef, ast.ZoneRef)) else None
    return [owner] if isinstance(owner, str) else []


def items(model: Any, shared_values: set[str] | None = None) -> list[Item]:
    """The counters and values the file shows, in file order (counters first)."""
    seats = seat_names(model)
    found = []  # (where it is declared, the item): shown in the file's order, a base's before its variant's
    files = {f: i for i, f in enumerate(reversed(model.files))}
    for spec in model.counters.values():
        if spec.display is not None and spec.display.shown:
            owner = "player" if spec.per_player else "team" if spec.per_team else "shared"
            holds = "seat" if spec.holds == "number" and spec.name in seats else spec.holds
            found.append(((files.get(spec.pos.file, 0), spec.pos.line),
                          Item(spec.name, spec.display.label or spec.name.replace("_", " "), "counter", owner, holds,
                               spec.display.header, _words(spec.display))))
    for decl in model.values.values():
        if decl.display is not None and decl.display.shown:
            shared = shared_values is not None and decl.name in shared_values
            found.append(((files.get(decl.pos.file, 0), decl.pos.line),
                          Item(decl.name, decl.display.label or decl.name.replace("_", " "), "value",
                               "shared" if shared else "player", "seat" if decl.name in seats else "number",
                               decl.display.header, _words(decl.display))))
    return [item for _, item in sorted(found, key=lambda pair: pair[0])]


def _words(display: ast.Display) -> tuple[tuple[float, str], ...]:
    return tuple((number, word) for number, word, _ in display.words)


def text(state: Any, item: Item, who: int = 0) -> str:
    """`chips 3`, `trumps ♥`, `closer P3`, `dealer —`: an item as `who` (a seat, or a team's
    number for a counter of each team) has it."""
    return f"{item.label} {bare_text(state, item, who)}"


def bare_text(state: Any, item: Item, who: int = 0) -> str:
    """What an item holds, as the player reads it: `3`, `♥`, `P3`, `—`, or the word the file gives
    the number (`not yet`)."""
    c = state._c
    if item.kind == "counter":
        if item.owner == "team":
            raw = state.counters[c.counters.base[item.name] + who]
        else:
            raw = state.counters[c.counters.index(item.name, who)]
    else:
        raw = state.value(item.name, who)
    for number, word in item.words:
        if raw == number:
            return word
    if item.holds in ("suit", "rank", "card"):
        shown = value_shown(item.holds, raw)
    elif item.holds == "seat":
        shown = state.players[int(raw) - 1] if raw == int(raw) and 1 <= raw <= len(state.players) else "—"
    else:
        shown = f"{raw:g}"
    return shown


def shown_items(state: Any) -> list[Item]:
    """The items of the state's game, worked out once per compiled game."""
    c = state._c
    cached = getattr(c, "_shown_items", None)
    if cached is None:
        cached = items(c.model, _shared_values(c))
        c._shown_items = cached
    return cached


def _shared_values(c: Any) -> set[str]:
    """Values worked out for nobody in particular (no `own`, nothing of each player)."""
    from ..model.checker import Checker

    return Checker.find_shared_values(Checker.__new__(Checker), c.model.values)
