"""What one player may see of a position, derived from each zone's face and owner."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import cards
from .tricks import aligned
from ..model.card_types import value_text

if TYPE_CHECKING:
    from .state import State

HIDDEN = "??"


def visible_cards(state: State, zone_id: int, player: int) -> list[str]:
    """The cards of a zone, bottom to top, with the ones `player` may not see as '??'."""
    c = state._c
    pile = state.zones[zone_id]
    face = c.face[zone_id]
    if face == "up":
        return [cards.CARD_TEXT[x] for x in pile]
    if face == "owner":  # its owner sees every card; the others only cards revealed to all
        if c.zones[zone_id].owner == player:
            return [cards.CARD_TEXT[x] for x in pile]
        return [cards.CARD_TEXT[x] if x in state.public else HIDDEN for x in pile]
    if face == "down":
        return [cards.CARD_TEXT[x] if x in state.public else HIDDEN for x in pile]
    if not pile:
        return []
    return [cards.CARD_TEXT[x] if x in state.public else HIDDEN for x in pile[:-1]] + [cards.CARD_TEXT[pile[-1]]]


def observation(state: State, player: str | int) -> dict[str, Any]:
    seat = _seat(state, player)
    c = state._c
    seen = {
        "game": state.game.title,
        "player": f"P{seat + 1}",
        "to_move": state.current_player,
        "deal": state.deal_number,
        "over": state.over,
        "phase": c.phases[state.phase],
        "combinations": {c.zones.names[z]: combo.kind.name for z, combo in state.combos.items() if state.zones[z]},
        "played_by": {c.zones.names[z]: f"P{seat + 1}" for z, seat in state.played_by.items() if state.zones[z]},
        "zones": {c.zones.names[z]: visible_cards(state, z, seat) for z in range(len(state.zones))},
        # who played each card of a zone that records it (a trick), bottom first; None: no player
        "trick_players": {c.zones.names[z]: [f"P{s + 1}" if s >= 0 else None for _, s in aligned(state, z)]
                          for z in c.records_players},
        # what each wild lying on a zone stands for, by its place from the bottom: {P1.side2: {3: "8"}}
        "closed": sorted(c.zones.names[z] for z in state.closed),
        "wilds": {c.zones.names[z]: {i: cards.RANK_TEXT[x >> 2] for i, x in sorted(d.items())}
                  for z, d in sorted(state.declared.items())},
        "counters": {label: _number(v) if kind == "number" else value_text(kind, v)
                     for label, kind, v in zip(c.counters.labels, c.counters.holds, state.counters)},
        "scores": state.scores,
        "legal_moves": [str(m) for m in state.legal_moves()] if state.current == seat else [],
    }
    if c.teams:  # partnerships, and the score of each (its players have it)
        seen["teams"] = state.teams
        seen["team_scores"] = state.team_scores
    return seen


def _seat(state: State, player: str | int) -> int:
    if isinstance(player, int):
        seat = player
    else:
        text = str(player).upper().lstrip("P")
        seat = int(text) - 1 if text.isascii() and text.isdigit() and len(text) <= 4 else -1  # not a '²'
    if not 0 <= seat < state._c.players:
        raise ValueError(f"no player {player!r}: players are {', '.join(state.players)}")
    return seat


def _number(value: float) -> Any:
    return int(value) if float(value).is_integer() else value
