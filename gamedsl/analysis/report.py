"""The report on disk: `report.json` (every figure), the PNG pictures, and `index.html`, a page
that works offline (no script, no font or style from elsewhere: the pictures lie beside it).

Everything from a rules file or the command line that reaches the page is escaped.
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any

from .playing import OVER
from .plots import draw_all

DEFINITIONS = [
    ("Fairness", ("Every seat is played by the same computer player (unless --seats says otherwise), so a seat "
     "that wins more than its share is favoured by the rules. A win is a game a player ends with the best score "
     "(ties at the top: each of them; all tied: nobody). The first player is the one who made the game's first "
     "move. Intervals are 95% Wilson intervals.")),
    ("Length", ("Moves are the moves made, turns the turns in which a move was made, deals the deals played.")),
    ("Stalemates", ("A game that stopped otherwise than by an ordinary end: by an end rule that reads `no move is "
     "legal` or `a turn begins N times in the same position`, at the move limit, or with the player to move "
     "left without a legal move (a gap in the rules), a `whenever` rule that kept firing, or rules that failed.")),
    ("Choice", ("The legal moves of every decision, all games together; a forced move is a decision with one "
     "legal move. Over the game: the decisions of each tenth of a game (by the number of its decisions).")),
    ("Rules in use", ("How often each move, priority (a priority fires when it removes a move from a listing), "
     "`whenever`, `end` and combination kind of the file fired. A rule that never fired is named with its "
     "file:line: a rule that never matters is often a mistake in the variant. A variant's rules inherited from "
     "its base file are cited at the base file's line.")),
    ("Skill", ("A separate, smaller sample: the stronger player at one seat, the weaker at the others, seats "
     "rotating from game to game. If skill did not matter the stronger would win its fair share (dashed).")),
    ("Drama", ("Of matches of several deals. The leader as a deal begins is the player best placed by the "
     "file's `value standing` when it declares one, else by the points so far (the fewest where the lowest "
     "score wins), alone: a tie has no leader. A lead change is a leader other than the last one (the "
     "match's winner counts as the last leader). A match is decided late when its winner did not lead as "
     "the last deal began.")),
]


def write_report(data: dict[str, Any], folder: Path) -> Path:
    """Write the JSON, the pictures and the page into `folder`; the page's path."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "report.json").write_text(to_json(data), encoding="utf-8")
    pictures = draw_all(data, folder)
    page = folder / "index.html"
    page.write_text(to_html(data, pictures), encoding="utf-8")
    return page


def to_json(data: dict[str, Any]) -> str:
    """The same text for the same figures: keys sorted, timing kept in its own `timing` part."""
    return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def _interval(item: dict[str, Any]) -> str:
    return f"{item['rate']:.1%} <small>({item['low']:.1%}–{item['high']:.1%})</small>"


def _spread(item: dict[str, Any]) -> str:
    if not item.get("n"):
        return "–"
    return f"{item['median']:g} <small>({item['q1']:g}–{item['q3']:g}; mean {item['mean']:.1f})</small>"


def summary_rows(data: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """The rows of the side-by-side table: (what, the cell of each study as HTML)."""
    studies = data["studies"]
    figs = [s["figures"] for s in studies]
    rows: list[tuple[str, list[str]]] = [("players (seats)", [f"{s['players']} ({escape(', '.join(s['seats']))})"
                                                              for s in studies])]
    most = max(s["players"] for s in studies)
    for seat in range(most):
        rows.append((f"win rate P{seat + 1}", [_interval(f["fairness"]["seats"][seat]) if seat < f["players"] else ""
                                               for f in figs]))
    if any(f["fairness"]["teams"] for f in figs):
        rows.append(("win rate by team", ["<br>".join(f"{escape(t['name'])}: {_interval(t)}" for t in f["fairness"]["teams"])
                                          for f in figs]))
    rows.append(("first player wins", [_interval(f["fairness"]["first_player"]) for f in figs]))
    rows.append(("first-player advantage", [f"{f['fairness']['first_player_advantage']:+.1%}" for f in figs]))
    rows.append(("games nobody won", [str(f["fairness"]["no_winner"]) for f in figs]))
    for key in ("moves", "turns", "deals"):
        rows.append((f"{key} per game, median", [_spread(f["length"][key]) for f in figs]))
    rows.append(("stalemates", ["<br>".join(f"{escape(stop)}: {count}" for stop, count in f["length"]["stops"].items()
                                            if count and stop != OVER) or "none" for f in figs]))
    rows.append(("legal moves per decision", [_spread(f["choice"]["legal_moves"]) for f in figs]))
    rows.append(("forced moves", [f"{f['choice']['forced_share']:.1%} <small>of {f['choice']['decisions']:,}"
                                  "</small>" for f in figs]))
    rows.append(("rules that never fired", [_never(f) for f in figs]))
    pairs = {(m["stronger"], m["weaker"]) for s in studies for m in s["skill"]}
    for strong, weak in sorted(pairs, key=lambda p: [m for s in studies for m in s["skill"]].index(
            next(m for s in studies for m in s["skill"] if (m["stronger"], m["weaker"]) == p))):
        cells = []
        for s in studies:
            match = next((m for m in s["skill"] if (m["stronger"], m["weaker"]) == (strong, weak)), None)
            cells.append("" if match is None else f"{_interval(match['stronger_wins'])} <small>vs {match['fair_share']:.0%}"
                         "</small>")
        rows.append((f"{escape(strong)} beats {escape(weak)}", cells))
    rows.append(("lead changes per match", [_spread(f["drama"]["lead_changes"]) if f["drama"]["matches"] else "one deal"
                                            for f in figs]))
    rows.append(("decided in the last deal", [_interval(f["drama"]["decided_late"]) if f["drama"]["decided"] else "–"
                                              for f in figs]))
    return rows


def _never(figures: dict[str, Any]) -> str:
    never = figures["rules"]["never_fired"]
    declared = len(figures["rules"]["declared"])
    if not never:
        return f"none <small>(of {declared})</small>"
    named = "<br>".join(f"<span class=never>{escape(r['kind'])} {escape(r['name'])}</span> <small>{escape(r['at'])}</small>"
                        for r in never)
    return f"{len(never)} <small>of {declared}</small><br>{named}"


STYLE = """
body { font-family: system-ui, sans-serif; max-width: 1500px; margin: 1em auto; padding: 0 1em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 0.88em; }
.wide { overflow-x: auto; }
#summary tr > th:first-child { white-space: nowrap; }
th, td { border: 1px solid #ccc; padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: #f3f3f3; }
small { color: #666; }
.never { color: #b00000; font-weight: bold; }
figure { margin: 1em 0; }
figure img { max-width: min(100%, 1000px); }
figcaption { color: #444; font-size: 0.9em; }
dt { font-weight: bold; margin-top: 0.5em; }
"""


def to_html(data: dict[str, Any], pictures: list[tuple[str, str]]) -> str:
    studies = data["studies"]
    head = "".join(f"<th>{escape(s['game'])}<br><small>{escape(s['title'])}, {escape(s['file'])}</small></th>"
                   for s in studies)
    rows = "".join(f"<tr><th>{what}</th>{''.join(f'<td>{c}</td>' for c in cells)}</tr>\n"
                   for what, cells in summary_rows(data))
    options = ", ".join(f"{escape(k)}={escape(str(v))}" for k, v in data["options"].items()) or "none"
    figures = "".join(f'<figure><img src="{escape(name)}" alt="{escape(caption)}"><figcaption>{escape(caption)}'
                      "</figcaption></figure>\n" for name, caption in pictures)
    details = "".join(_rules_table(s) for s in studies)
    definitions = "".join(f"<dt>{escape(a)}</dt><dd>{escape(b)}</dd>" for a, b in DEFINITIONS)
    timing = data["timing"]
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>gamedsl analyze: {escape(', '.join(s['game'] for s in studies))}</title>
<style>{STYLE}</style></head><body>
<h1>Playtest report</h1>
<p>{data['games']:,} games per game file (seed {escape(str(data['seed']))}, options: {options}, at most
{data['move_limit']:,} moves a game), and {data['skill_games']:,} games per skill match.
Played in {timing['seconds']:g} s ({escape(str(timing['backend']))}, {timing['workers']} worker(s)).</p>
<h2>Side by side</h2>
<div class=wide><table id="summary"><tr><th></th>{head}</tr>
{rows}</table></div>
<h2>Pictures</h2>
{figures}
<h2>Rules in use</h2>
{details}
<h2>What the figures mean</h2>
<dl>{definitions}</dl>
</body></html>
"""


def _rules_table(study: dict[str, Any]) -> str:
    games = max(1, study["figures"]["games"])
    rows = "".join(
        f"<tr{' class=never' if not r['fired'] else ''}><td>{escape(r['kind'])}</td><td>{escape(r['name'])}</td>"
        f"<td>{escape(r['at'])}</td><td>{r['fired'] / games:.3g}</td><td>{r['games'] / games:.0%}</td></tr>"
        for r in study["figures"]["rules"]["declared"])
    return (f"<h3>{escape(study['game'])}</h3><table class=rules><tr><th>kind</th><th>rule</th><th>written at</th>"
            f"<th>firings per game</th><th>games it fired in</th></tr>{rows}</table>\n")


__all__ = ["summary_rows", "to_html", "to_json", "write_report"]
