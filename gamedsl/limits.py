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
MAX_TAKEN_SETS = 10_000  # sets one `taking any` / `taking A to B cards` move lists in one position
MAX_COMBINATION_PLAYS = 10_000  # plays of one kind of combination in one hand (plays told apart by their cards)
MAX_MELD_CARDS = 24  # cards `deadwood of …` arranges into melds at once (and the cards of a meld)
MAX_MELDS = 20_000  # melds one `deadwood of …` may find in the cards it arranges
MAX_MELD_STEPS = 300_000  # steps (melds tried) of one `deadwood of …` search before play stops
MAX_DEALS_AT_ONCE = 100  # deals in a row that end before anyone moves, before play stops

MAX_SEED_DIGITS = 40  # a seed's digits (`--seed`, a position's or a save's `seed:`)
MAX_SEED_LENGTH = 100  # a seed given as a word


def seed_problem(value: object) -> str | None:
    """What is wrong with a seed read from the command line, a position or a save; None if fine.

    One rule for the three places a seed comes from, so a seed one accepts the others accept."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        return f"a seed is a whole number or a word, not {type(value).__name__}"
    if isinstance(value, int):
        digits = len(str(abs(value)))
        return None if digits <= MAX_SEED_DIGITS else f"a seed has at most {MAX_SEED_DIGITS} digits, not {digits}"
    if len(value) > MAX_SEED_LENGTH:
        return f"a seed given as a word has at most {MAX_SEED_LENGTH} characters, not {len(value)}"
    return None
