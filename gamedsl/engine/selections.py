"""Selected cards moved by an effect (issue 16, point 3): `move cards of ZONE that are … to ZONE`."""

from __future__ import annotations

from typing import Any


def move_selected(st: Any, picks: list[tuple[int, int]], target: int) -> None:
    """Move the picked cards ((zone, place from the bottom), in zone order, bottom to top) onto
    `target`, keeping their order; the cards left behind keep theirs. Saved for undo."""
    by_zone: dict[int, set[int]] = {}
    for zone_id, place in picks:
        if zone_id != target:
            by_zone.setdefault(zone_id, set()).add(place)
    if not by_zone:
        return
    st._touch(target)
    moved: list[int] = []
    for zone_id, places in by_zone.items():
        st._touch(zone_id)
        pile = st.zones[zone_id]
        for place in sorted(st.declared.get(zone_id, {})):  # what wilds stood for is forgotten
            st._declare(zone_id, place, None)
        moved += [card for i, card in enumerate(pile) if i in places]
        st.zones[zone_id] = [card for i, card in enumerate(pile) if i not in places]
        if zone_id in st.combos:
            st._set_combo(zone_id, None)
    st.zones[target].extend(moved)
