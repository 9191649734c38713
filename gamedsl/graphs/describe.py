"""What a move-graph node and edge say: the short label drawn in the box (what changed on the
way in, who is to move or how the deal ended, the viewer's hand) and the full text for a
tooltip or side panel (the table as the console shows it to the viewer). Everything is told as
one player sees it: a card that player may not see is never named."""

from __future__ import annotations

import re
from collections import Counter

from .. import cards
from ..console import render
from ..engine.moves import Internal
from ..engine.shown import shown_items
from ..engine.shown import text as item_text
from ..engine.state import State
from ..engine.views import HIDDEN, visible_cards

LINE = 28  # characters of a label's line at most
_CARD = re.compile(r"(?<![A-Za-z0-9.])(10|[2-9AJQK])([SHDC])(?![A-Za-z0-9])")
_SYMBOL = dict(zip("SHDC", cards.SUIT_SYMBOL))


def symbols(text: str) -> str:
    """Cards with suit symbols (`9D` -> `9♦`) and arrows as arrows, for pictures."""
    return _CARD.sub(lambda m: m.group(1) + _SYMBOL[m.group(2)], text).replace("->", "→")


def cut(text: str, width: int = LINE) -> str:
    """At most `width` characters: cut at the last space that leaves room for `…`."""
    if len(text) <= width:
        return text
    head = text[:width - 1]
    space = head.rfind(" ")
    return (head[:space + 1] if space > width // 2 else head) + "…"


def move_text(before: State, after: State, move: Internal, viewer: int) -> str:
    """The move's text, or, when it names cards the viewer sees neither before nor after it,
    its name and how many cards it moved (`pass (3 cards not shown)`)."""
    public = before.game.codec.public(move)
    named = public.card.split() if public.card else []
    if not named or any(cards.parse_card(t) is None for t in named):
        return str(public)
    seen = {t for st in (before, after) for z in range(len(st.zones)) for t in visible_cards(st, z, viewer)}
    if set(named) <= seen:
        return str(public)
    return f"{public.action} ({len(named)} card{'s' if len(named) != 1 else ''} not shown)"


def change_text(before: State, after: State, viewer: int) -> str | None:
    """What the move changed on the table, as `viewer` sees it: the cards that arrived in each
    zone (`9♦ → house4`, `2 cards → P1.hand` when unseen); None when no card moved, or when
    cards went to more than two zones (a new deal: the move's text says it better)."""
    arrived = arrivals(before, after, viewer)
    if not arrived or len(arrived) > 2:
        return None
    return ", ".join(arrived)


def net_lines(arrived: list[str], lines: int = 2, width: int = LINE) -> list[str]:
    """What a whole turn changed (its `arrivals` from start to end) in at most `lines` short
    lines: `8♦ → house1, 10♠ → house4`, then `+2 more` for what does not fit."""
    rows: list[list[str]] = []
    for place, text in enumerate(arrived):
        if rows and len(", ".join(rows[-1] + [text])) <= width:
            rows[-1].append(text)
        elif len(rows) < lines:
            rows.append([cut(text, width)])
        else:  # the rest is counted: drop what the count needs room for
            left = len(arrived) - place
            while len(rows[-1]) > 1 and len(", ".join(rows[-1])) + len(f" +{left} more") > width:
                rows[-1].pop()
                left += 1
            rows[-1][-1] = cut(rows[-1][-1], width - len(f" +{left} more")) if len(rows[-1]) == 1 else rows[-1][-1]
            return [", ".join(row) for row in rows[:-1]] + [", ".join(rows[-1]) + f" +{left} more"]
    return [", ".join(row) for row in rows]


def arrivals(before: State, after: State, viewer: int) -> list[str]:
    """The cards that arrived in each zone between two positions, one text for each zone."""
    names = before._c.zones.names
    seen_before = {card for zone, shown in ((z, visible_cards(before, i, viewer)) for i, z in enumerate(before.zones))
                   for card, text in zip(zone, shown) if text != HIDDEN}
    arrived: list[str] = []
    for zone_id, (old, new) in enumerate(zip(before.zones, after.zones)):
        if old == new:
            continue
        added = Counter(new) - Counter(old)
        if not added:
            continue
        shown = visible_cards(after, zone_id, viewer)
        texts, unseen = [], 0
        for place, card in enumerate(new):
            if added.get(card, 0) > 0:
                added[card] -= 1
                if shown[place] != HIDDEN:
                    texts.append(symbols(shown[place]))
                elif card in seen_before:  # seen where it lay before: a card taken from the table
                    texts.append(symbols(cards.CARD_TEXT[card]))
                else:
                    unseen += 1
        if unseen:
            texts.append(f"{unseen} card{'s' if unseen != 1 else ''}" if not texts else f"+{unseen} unseen")
        arrived.append(f"{' '.join(texts)} → {names[zone_id]}")
    return arrived + counter_changes(before, after)


def counter_changes(before: State, after: State) -> list[str]:
    """The counters the file shows players that differ between two positions, as the console
    shows them (`rank asked 5`, `P2 chips 2`): bookkeeping the file keeps hidden stays out."""
    changed = []
    for item in shown_items(after):
        if item.kind != "counter":
            continue
        owners = {"shared": [None], "player": list(range(len(after.players))),
                  "team": list(range(len(after._c.teams)))}[item.owner]
        for who in owners:
            now = symbols(item_text(after, item, who or 0))
            if now != symbols(item_text(before, item, who or 0)):
                changed.append(now if who is None or item.owner == "team" else f"P{who + 1} {now}")
    return changed


def status_text(state: State, kind: str, results_before: int) -> str:
    """Who is to move, or how the deal or the match ended (with the scores)."""
    if state.over:
        return "game over · " + _scores(state.players, [state.scores[p] for p in state.players])
    if len(state.results) > results_before:
        last = state.results[-1]
        return f"deal {last.number} over · " + _scores(state.players, list(last.scores))
    if kind == "turn_end":
        return f"turn over · {state.current_player} to move"
    return f"{state.current_player} to move"


def _scores(players: list[str], scores: list[float]) -> str:
    return " ".join(f"{p} {s:g}" for p, s in zip(players, scores))


def hand_text(state: State, viewer: int) -> str | None:
    """The viewer's own hand(s) (fanned zones), as a short line; None in a game without hands."""
    c = state._c
    held = [z.id for z in c.zones.instances if z.owner == viewer and z.spec.kind == "fan"]
    shown = [t for z in held for t in _in_order(state, z, visible_cards(state, z, viewer))]
    if not held or not shown:
        return None
    return cut(f"P{viewer + 1}: " + symbols(" ".join(shown)))


def _in_order(state: State, zone_id: int, shown: list[str]) -> list[str]:
    """A hand in the game's order (`sorted by …`), as the console shows it."""
    order = state._c.sorted_by[zone_id]
    if order is None:
        return shown
    return sorted(shown, key=lambda t: order[cards.parse_card(t) or 0] if t != HIDDEN else 999)


def edge_text(text: str, mover: int) -> str:
    """A move's text for an edge: suit symbols, and the mover's own zones without `P1.`."""
    return cut(symbols(text.replace(f"P{mover + 1}.", "")))


def position_text(state: State, viewer: int) -> str:
    """The whole table as the console shows it to `viewer`, with suit symbols."""
    return symbols(render(state, viewer))
