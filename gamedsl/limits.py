"""The sizes a rules file may ask for, each far beyond what a real game needs.

Rules files may come from strangers: without bounds, a few characters (`zone[3000000]`,
`deal up to 1000000000000`, a thousand nested `-`) make loading hang, eat the memory or run out
of stack. The checker refuses anything larger with a diagnostic; grammar/LANGUAGE.md lists them.
"""

from __future__ import annotations

MAX_NESTING = 100  # operators inside operators in one expression or condition
MAX_PLAYERS = 100  # `players N` / `players N..M`
MAX_ZONE_FAMILY = 1000  # `zone[N]`
MAX_ZONE_INSTANCES = 10_000  # zone instances of the game, with its most players
MAX_CARDS = 10_000  # cards the zones hold before the deal, with the most players
MAX_DEAL = MAX_CARDS  # `deal N …`, `deal up to N …` (no deal can move more cards than the game has)
MAX_LOOK_AHEAD = 4  # moves a look-ahead searches, nested look-aheads added up
MAX_DEALS_AT_ONCE = 100  # deals in a row that end before anyone moves, before play stops
