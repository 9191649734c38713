"""Make the README's pictures of the two graphs (committed under tools/pictures/).

    python tools/pictures.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # draw with this checkout

import gamedsl
from gamedsl.graphs import move_graph, rules_graph, write_graph

OUT = Path(__file__).resolve().parent / "pictures"


def main() -> None:
    OUT.mkdir(exist_ok=True)
    bank = gamedsl.load_game("russian_bank")
    write_graph(rules_graph(bank), OUT / "russian_bank_rules.png")
    write_graph(rules_graph(gamedsl.load_game("dou_dizhu")), OUT / "dou_dizhu_rules.png")
    # The first turn of a seeded deal that stays small enough to read: every sequence of moves
    # of that turn, and (greyed) what the priorities forbid.
    for seed in range(200):
        state = bank.new_game(seed)
        graph = move_graph(state, turn=True, max_nodes=40, show_forbidden=True)
        if not graph.graph["cut"] and 6 <= graph.number_of_nodes() <= 30:
            write_graph(graph, OUT / "russian_bank_turn.png")
            print(f"turn graph from seed {seed}: {graph.number_of_nodes()} positions")
            break


if __name__ == "__main__":
    main()
