"""Make the README's pictures of the graphs (committed under tools/pictures/), from typical
seeds — the first, never one searched for because its picture came out small:

    python tools/pictures.py [--out DIR]

Russian Bank's rules, Dou Dizhu's phases and combinations, and what the first turn of Russian
Bank's deal 1 (seed 1) can reach, as `gamedsl graph moves russian_bank --seed 1 --turn --max-nodes 40
--show-forbidden` draws it.

With `--analyze`, also the pictures of the README's playtest report of the Schwimmen family (a
few minutes: `FAMILY`, `FAMILY_GAMES` games each, as `gamedsl analyze` plays them by default).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # draw with this checkout

import gamedsl
from gamedsl.graphs import move_graph, rules_graph, write_graph

OUT = Path(__file__).resolve().parent / "pictures"
SEED = 1  # the deal the turn picture shows: the first seed, as `gamedsl play --seed 1` deals it
TURN_DRAWN = 40  # positions the turn picture draws (`--max-nodes 40`): readable at the README's width
FAMILY = ["schwimmen", "schwimmen/41", "schwimmen/loo", "schwimmen/dutch_31", "schwimmen/hosa_aba",
          "schwimmen/tri_palki"]
FAMILY_GAMES = 200
FAMILY_PICTURES = ("fairness.png", "rules.png", "skill.png")  # of the report's, the README shows these


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="draw the README's pictures of the graphs")
    parser.add_argument("--out", type=Path, default=OUT, help=f"the folder to write them to (default {OUT})")
    parser.add_argument("--analyze", action="store_true", help="also the playtest report's pictures (minutes)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    bank = gamedsl.load_game("russian_bank")
    write_graph(rules_graph(bank), args.out / "russian_bank_rules.png")
    print(f"{args.out / 'russian_bank_rules.png'}: Russian Bank's rules graph")
    write_graph(rules_graph(gamedsl.load_game("dou_dizhu")), args.out / "dou_dizhu_rules.png")
    print(f"{args.out / 'dou_dizhu_rules.png'}: Dou Dizhu's rules graph")
    turn = move_graph(bank.new_game(SEED), turn=True, max_nodes=TURN_DRAWN, show_forbidden=True)
    write_graph(turn, args.out / "russian_bank_turn.png")
    print(f"{args.out / 'russian_bank_turn.png'}: what the first turn of seed {SEED} can reach")
    for line in turn.graph["summary"]:
        print(f"  {line}")
    if args.analyze:
        analyze_pictures(args.out)
    return 0


def analyze_pictures(out: Path) -> None:
    """`gamedsl analyze` of the Schwimmen family (seed 0, 2 workers); three of its pictures."""
    import shutil
    import tempfile

    from gamedsl.analysis import analyze
    from gamedsl.analysis.report import write_report

    data = analyze(FAMILY, FAMILY_GAMES, workers=2)
    with tempfile.TemporaryDirectory() as folder:
        write_report(data, Path(folder))
        for name in FAMILY_PICTURES:
            shutil.copy(Path(folder) / name, out / f"analyze_{name}")
            print(f"{out / ('analyze_' + name)}: the Schwimmen family's report, {name}")


if __name__ == "__main__":
    sys.exit(main())
