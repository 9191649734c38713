"""Moves that put a card back on a place it left in the same turn, the place as it was then
(issue 19, item 6: the 9 of diamonds moved between two houses four times in a turn).

    python tools/returns.py greedy 10 400        # player, deals, moves per deal (Russian Bank)
    python tools/returns.py mcts:20 4 300 --game russian_bank

Deal i is dealt from seed "1/i" and seat k seeded "1/i/k". Counts every such return, the most
returns of one card in one turn, and those with no card shown to the mover in between.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gamedsl.engine import load_game  # noqa: E402
from gamedsl.players import ComputerSeat  # noqa: E402
from gamedsl.players.worlds import hidden_places  # noqa: E402


def seen_cards(state, seat) -> Counter:
    zones = [list(z) for z in state.zones]
    for zone_id, place in hidden_places(state, seat):
        zones[zone_id][place] = -1
    return Counter(c for z in zones for c in z if c != -1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("player")
    parser.add_argument("deals", type=int)
    parser.add_argument("moves", type=int)
    parser.add_argument("--game", default="russian_bank")
    args = parser.parse_args()
    game = load_game(args.game)
    back = total = worst = quiet = 0
    for g in range(args.deals):
        state = game.new_game(f"1/{g}")
        seats = [ComputerSeat(args.player, f"1/{g}/{i}") for i in range(game.players)]
        turn, left, per_card = None, {}, Counter()
        for _ in range(args.moves):
            if state.is_over:
                break
            key = (state.deal_number, state.turn_number)
            if key != turn:
                turn, left, per_card = key, {}, Counter()
            before = [list(z) for z in state.zones]
            mover = state.current
            seen_before = seen_cards(state, mover)
            state.play(seats[mover].choose(state))
            total += 1
            if (state.deal_number, state.turn_number) != key:
                continue
            for z, (a, b) in enumerate(zip(before, state.zones)):
                for card in set(a) - set(b):
                    left.setdefault(card, []).append((z, tuple(a), seen_before))
            for z, (a, b) in enumerate(zip(before, state.zones)):
                for card in set(b) - set(a):
                    hits = [seen for zone, was, seen in left.get(card, ()) if zone == z and tuple(b) == was]
                    if hits:
                        back += 1
                        per_card[card] += 1
                        worst = max(worst, per_card[card])
                        quiet += any(not (seen_cards(state, mover) - seen) for seen in hits)
    print(f"{args.player}: {back} of {total} moves put a card back on a place it left in the turn, the place as "
          f"it was; at most {worst} for one card in a turn; {quiet} with no card shown in between")


if __name__ == "__main__":
    main()
