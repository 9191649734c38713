"""What a player has seen of a match so far: the moves as they saw them, and every change to the
cards they could see, with what the rules announced — the perfect-recall history an information
state is made of.

A match is recorded as steps (`Step`): the deal, then one step a move. A step keeps the move and
a snapshot of the zones right after it (the cards and which are revealed to all), so the record
is cheap to extend and to copy; what a seat saw is worked out only when asked, by the engine's own
rule of what a seat sees of a zone (`engine.views.visible_cards`).

A move is written as its mover saw it, except for a seat that sees its cards neither where they
landed nor anywhere on the table right after it (a card passed face down to another player, or
laid on a pile nobody sees): that seat reads the move without its cards, `P1: pass (3 cards not
shown) -> P2.passed` — the rule the console uses for its log.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from types import SimpleNamespace

from .. import cards
from ..engine import Move, State
from ..engine.views import HIDDEN, visible_cards


@dataclass
class Step:
    """One step of a match: the move that made it (None for the deal), and the table after it."""

    mover: int | None
    move: Move | None
    zones: tuple[tuple[int, ...], ...]
    public: frozenset[int]
    said: tuple[str, ...] = ()  # what the rules announced to all with it (`say`)
    seen: dict[int, list[Counter]] = field(default_factory=dict)  # seat -> per zone: the cards it sees
    lines: dict[int, str] = field(default_factory=dict)  # seat -> this step as it saw it (`recall_text`)


def snapshot(state: State, mover: int | None = None, move: Move | None = None, said: int = 0) -> Step:
    """The step `move` (by `mover`) has just made in `state`, whose announcements from the
    `said`-th on it made; no move for the deal."""
    return Step(mover, move, tuple(tuple(z) for z in state.zones), state.public,
                tuple(text for _, text in state.said[said:]))


def _seen(state: State, step: Step, seat: int) -> list[Counter]:
    """Per zone, the cards `seat` sees after `step` (and how many it cannot see, under '??')."""
    found = step.seen.get(seat)
    if found is None:
        table = SimpleNamespace(_c=state._c, zones=step.zones, public=step.public)
        found = step.seen[seat] = [Counter(visible_cards(table, z, seat)) for z in range(len(step.zones))]  # type: ignore[arg-type]
    return found


def move_as_seen(state: State, step: Step, seat: int) -> str:
    """The move of `step` as `seat` saw it (its cards left out when `seat` never saw them)."""
    move = step.move
    assert move is not None and step.mover is not None
    who = f"P{step.mover + 1}"
    shown = move.card.split() if move.card else []
    if seat == step.mover or not shown or any(cards.parse_card(t) is None for t in shown):
        return f"{who}: {move}"  # the mover's own move, a move without cards, or ranks of a combination
    c = state._c
    landed = c.zones.by_name.get(move.target) if move.target else None
    if landed is not None:
        face = c.face[landed]
        if face in ("up", "down_top_up") or (face == "owner" and c.zones[landed].owner == seat):
            return f"{who}: {move}"
    visible: Counter = Counter()
    for zone in _seen(state, step, seat):
        visible.update(zone)
    if not Counter(shown) - visible:  # every card it moved is in sight now
        return f"{who}: {move}"
    count = f"{len(shown)} card{'s' if len(shown) != 1 else ''}"
    where = f" -> {move.target}" if landed is not None else ""
    return f"{who}: {move.action} ({count} not shown){where}"


def _changes(names: list[str], before: list[Counter] | None, after: list[Counter]) -> str:
    """What changed in the zones a seat sees: `hand +AS -KD`, `stock 20 unseen`."""
    parts = []
    for z, now in enumerate(after):
        was = before[z] if before is not None else Counter()
        if now == was:
            continue
        came = sorted((now - was).elements())
        went = sorted((was - now).elements())
        words = [f"+{t}" for t in came if t != HIDDEN] + [f"-{t}" for t in went if t != HIDDEN]
        if now[HIDDEN] != was[HIDDEN]:
            words.append(f"{now[HIDDEN]} unseen")
        parts.append(f"{names[z]} {' '.join(words)}")
    return "; ".join(parts)


def recall_text(state: State, steps: list[Step], seat: int) -> str:
    """Everything `seat` has seen, one line a step: the move as seen, then the changes to the
    cards in its sight (the deal's line lists every card it saw dealt)."""
    names = state._c.zones.names
    lines = []
    before = None
    for step in steps:
        line = step.lines.get(seat)
        if line is None:  # each step's line is worked out once: the record only grows
            after = _seen(state, step, seat)
            head = "deal" if step.move is None else move_as_seen(state, step, seat)
            changes = _changes(names, before, after)
            line = f"{head} | {changes}" if changes else head
            if step.said:
                line += " | said: " + " / ".join(step.said)
            step.lines[seat] = line
        lines.append(line)
        before = step.seen.get(seat)
    return "\n".join(lines)


def observation_text(state: State, seat: int) -> str:
    """`State.observation(seat)` as compact lines: who, the phase, the zones seen, the counters."""
    seen = state.observation(seat)
    lines = [f"{seen['player']} observing; to move {seen['to_move']}; deal {seen['deal']}; phase {seen['phase']}"
             + ("; over" if seen["over"] else "")]
    lines += [f"{name}: {_cards_text(shown)}" for name, shown in seen["zones"].items() if shown]
    for key in ("combinations", "played_by", "trick_players", "wilds", "counters", "scores", "teams"):
        if seen.get(key):
            lines.append(f"{key}: {seen[key]}")
    if seen["closed"]:
        lines.append(f"closed: {' '.join(seen['closed'])}")
    return "\n".join(lines)


def _cards_text(shown: list[str]) -> str:
    """Cards bottom to top, runs of hidden ones counted: `??×20 KD`."""
    out: list[str] = []
    hidden = 0
    for text in shown + [""]:
        if text == "??":
            hidden += 1
            continue
        if hidden:
            out.append(f"??×{hidden}")
            hidden = 0
        if text:
            out.append(text)
    return " ".join(out)
