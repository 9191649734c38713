"""The report's pictures, drawn with matplotlib (Agg, no display) from the report's data.

Every picture puts the studies side by side in the same colours, at a size that reads at the
width of a README (about 900 pixels); each is a PNG written next to the page.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

WIDTH = 9.0  # inches, at DPI: 900 pixels
DPI = 100


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams.update({"font.size": 10, "axes.spines.top": False, "axes.spines.right": False,
                         "axes.grid": True, "grid.alpha": 0.3, "figure.dpi": DPI})
    return plt


def _colours(count: int) -> list[Any]:
    import matplotlib

    cmap = matplotlib.colormaps["tab10"]
    return [cmap(i % 10) for i in range(count)]


def _labels(data: dict[str, Any]) -> list[str]:
    return [s["game"] for s in data["studies"]]


def draw_all(data: dict[str, Any], folder: Path) -> list[tuple[str, str]]:
    """Every picture into `folder`: (file name, what it shows) for each one written."""
    drawn = []
    for name, caption, draw in PICTURES:
        plt = _pyplot()
        figure = draw(plt, data)
        if figure is None:
            continue
        figure.savefig(folder / name, dpi=DPI, bbox_inches="tight")
        plt.close(figure)
        drawn.append((name, caption))
    return drawn


HATCHES = ("", "//", "..", "xx", "\\\\")


def _bars_with_intervals(ax: Any, groups: list[list[dict]], labels: list[str], colours: list[Any],
                         fair: list[float], bar_names: list[list[str]], legend: list[str] | None = None) -> None:
    """Groups of bars (one group per study), each a rate with its interval, a dashed fair share.
    Each bar is named inside it, or, with `legend`, by its hatching (the k-th bar of every group
    alike) in a legend."""
    x = 0.0
    ticks = []
    for group, colour, share, names in zip(groups, colours, fair, bar_names):
        start = x
        for k, (item, name) in enumerate(zip(group, names)):
            rate = item["rate"]
            hatch = HATCHES[k % len(HATCHES)] if legend is not None else ""
            ax.bar(x, rate, width=0.8, color=colour, alpha=0.85, hatch=hatch, edgecolor="white", lw=0)
            ax.errorbar(x, rate, yerr=[[rate - item["low"]], [item["high"] - rate]], color="black", capsize=3, lw=1)
            if legend is None:
                ax.text(x, 0.01, name, ha="center", va="bottom", fontsize=8, rotation=90, color="white")
            x += 1
        ax.hlines(share, start - 0.45, x - 0.55, colors="black", linestyles="dashed", lw=1)
        ticks.append((start + x - 1) / 2)
        x += 0.8
    crowded = len(labels) > 4
    ax.set_xticks(ticks, labels, rotation=20 if crowded else 0, ha="right" if crowded else "center")
    ax.set_ylim(0, 1)
    if legend is not None:
        from matplotlib.patches import Patch

        ax.legend([Patch(facecolor="grey", hatch=HATCHES[k % len(HATCHES)], edgecolor="white")
                   for k in range(len(legend))], legend, fontsize=8, frameon=True, loc="upper left",
                  bbox_to_anchor=(1.0, 1.0))
    ax.yaxis.set_major_formatter(_percent())


def _percent() -> Any:
    from matplotlib.ticker import PercentFormatter

    return PercentFormatter(1.0, decimals=0)


def draw_fairness(plt: Any, data: dict[str, Any]) -> Any:
    studies = data["studies"]
    figure, ax = plt.subplots(figsize=(WIDTH, 3.6))
    groups = [s["figures"]["fairness"]["seats"] for s in studies]
    names = [[f"P{i + 1}" for i in range(len(g))] for g in groups]
    _bars_with_intervals(ax, groups, _labels(data), _colours(len(studies)),
                         [s["figures"]["fairness"]["fair_share"] for s in studies], names)
    ax.set_ylabel("win rate (95% interval)")
    ax.set_title("Fairness: win rate by seat, identical players (dashed: a fair share)")
    return figure


def _histogram_lines(ax: Any, data: dict[str, Any], key: str, colours: list[Any]) -> None:
    import numpy as np

    pairs = [s["figures"]["length"][key] for s in data["studies"]]
    values = [v for p in pairs for v, _ in p]
    if not values:
        return
    low, high = min(values), max(values)
    if high - low < 30:  # few values: one bin each
        edges = np.arange(low - 0.5, high + 1.5, 1.0)
    else:
        edges = np.linspace(low, high + 1, 31)
    for study, pair, colour in zip(data["studies"], pairs, colours):
        counts = np.array([c for _, c in pair], dtype=float)
        where = np.array([v for v, _ in pair], dtype=float)
        shares, _ = np.histogram(where, bins=edges, weights=counts / max(1.0, counts.sum()))
        ax.stairs(shares, edges, color=colour, lw=1.6, label=study["game"])
    ax.yaxis.set_major_formatter(_percent())


def draw_length(plt: Any, data: dict[str, Any]) -> Any:
    from matplotlib.ticker import MaxNLocator

    colours = _colours(len(data["studies"]))
    figure, axes = plt.subplots(1, 3, figsize=(WIDTH, 3.2))
    for ax, key, title in zip(axes, ("moves_histogram", "turns_histogram", "deals_histogram"),
                              ("moves per game", "turns per game", "deals per game")):
        _histogram_lines(ax, data, key, colours)
        ax.set_title(title)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True, nbins=5))
    axes[0].set_ylabel("share of games")
    handles, labels = axes[0].get_legend_handles_labels()
    figure.tight_layout(rect=(0, 0.1, 1, 1))
    figure.legend(handles, labels, loc="lower center", ncol=min(6, len(labels)), fontsize=9, frameon=False)
    return figure


def draw_choice(plt: Any, data: dict[str, Any]) -> Any:
    studies = data["studies"]
    colours = _colours(len(studies))
    figure, (left, right) = plt.subplots(1, 2, figsize=(WIDTH, 3.4), gridspec_kw={"width_ratios": [2, 1]})
    for study, colour in zip(studies, colours):
        tenths = study["figures"]["choice"]["by_tenth_of_game"]
        xs = [10 * i + 5 for i, t in enumerate(tenths) if t["n"]]
        kept = [t for t in tenths if t["n"]]
        left.plot(xs, [t["median"] for t in kept], color=colour, lw=1.8, marker="o", ms=3, label=study["game"])
        left.fill_between(xs, [t["q1"] for t in kept], [t["q3"] for t in kept], color=colour, alpha=0.15)
    left.set_xlabel("how far into the game (% of its decisions)")
    left.set_ylabel("legal moves (median, quartiles)")
    left.set_xlim(0, 100)
    left.set_ylim(bottom=0)
    left.legend(fontsize=8, frameon=False, loc="lower right")
    left.set_title("Branching over the game")
    shares = [s["figures"]["choice"]["forced_share"] for s in studies]
    right.bar(range(len(studies)), shares, color=colours)
    right.set_xticks(range(len(studies)), _labels(data), rotation=30, ha="right")
    right.set_ylim(0, max(0.05, 1.15 * max(shares, default=0)))
    right.yaxis.set_major_formatter(_percent())
    right.set_title("Forced moves (only one legal)")
    figure.tight_layout()
    return figure


def draw_skill(plt: Any, data: dict[str, Any]) -> Any:
    studies = [s for s in data["studies"] if s["skill"]]
    if not studies:
        return None
    figure, ax = plt.subplots(figsize=(WIDTH, 3.6))
    groups = [[m["stronger_wins"] for m in s["skill"]] for s in studies]
    names = [[f"{m['stronger']} v {m['weaker']}" for m in s["skill"]] for s in studies]
    pairs = max(names, key=len)
    _bars_with_intervals(ax, groups, [s["game"] for s in studies], _colours(len(data["studies"])),
                         [s["skill"][0]["fair_share"] for s in studies], names, legend=pairs)
    ax.set_ylabel("the stronger player's win rate")
    ax.set_title("Skill: the stronger player's win rate against the weaker (seats rotating; dashed: no skill)",
                 fontsize=10)
    return figure


def draw_drama(plt: Any, data: dict[str, Any]) -> Any:
    studies = [(s, c) for s, c in zip(data["studies"], _colours(len(data["studies"])))
               if s["figures"]["drama"]["matches"]]
    if not studies:
        return None
    figure, (left, right) = plt.subplots(1, 2, figsize=(WIDTH, 3.2), gridspec_kw={"width_ratios": [2, 1]})
    for study, colour in studies:
        pairs = study["figures"]["drama"]["lead_changes_histogram"]
        total = sum(c for _, c in pairs) or 1
        left.plot([v for v, _ in pairs], [c / total for _, c in pairs], color=colour, marker="o", ms=4, lw=1.6,
                  label=study["game"])
    from matplotlib.ticker import MaxNLocator

    left.xaxis.set_major_locator(MaxNLocator(integer=True))
    left.set_ylim(bottom=0)
    left.set_xlabel("lead changes in a match")
    left.set_ylabel("share of matches")
    left.yaxis.set_major_formatter(_percent())
    left.legend(fontsize=8, frameon=False)
    left.set_title("Lead changes between deals")
    for x, (study, colour) in enumerate(studies):
        late = study["figures"]["drama"]["decided_late"]
        right.bar(x, late["rate"], color=colour)
        right.errorbar(x, late["rate"], yerr=[[late["rate"] - late["low"]], [late["high"] - late["rate"]]],
                       color="black", capsize=3, lw=1)
    right.set_xticks(range(len(studies)), [s["game"] for s, _ in studies], rotation=30, ha="right")
    right.set_ylim(0, 1)
    right.yaxis.set_major_formatter(_percent())
    right.set_title("Decided in the last deal")
    figure.tight_layout()
    return figure


def draw_rules(plt: Any, data: dict[str, Any]) -> Any:
    """A table of colours: a row per rule (kind and name), a column per study; the firings per
    game written in, `never` in red, empty where the study's file has no such rule."""
    import numpy as np

    studies = data["studies"]
    rows: dict[tuple[str, str], None] = {}
    for s in studies:
        for r in s["figures"]["rules"]["declared"]:
            rows[(r["kind"], r["name"])] = None
    if not rows:
        return None
    keys = list(rows)
    values = np.full((len(keys), len(studies)), np.nan)
    for j, s in enumerate(studies):
        games = max(1, s["figures"]["games"])
        for r in s["figures"]["rules"]["declared"]:
            values[keys.index((r["kind"], r["name"])), j] = r["fired"] / games
    height = max(2.5, 0.22 * len(keys) + 1.2)
    figure, ax = plt.subplots(figsize=(min(WIDTH, 3.5 + 1.3 * len(studies)), height))
    shown = np.where(values > 0, np.log10(np.where(values > 0, values, 1) + 1), np.nan)
    top = max(1.0, float(np.nanmax(shown)) if np.isfinite(shown).any() else 1.0)
    ax.imshow(shown, aspect="auto", cmap="Blues", vmin=0, vmax=top)
    for i in range(len(keys)):
        for j in range(len(studies)):
            v = values[i, j]
            if np.isnan(v):
                continue
            dark = v > 0 and shown[i, j] > 0.6 * top
            text, colour = ("never", "#c00000") if v == 0 else (f"{v:.3g}", "white" if dark else "black")
            ax.text(j, i, text, ha="center", va="center", fontsize=8, color=colour,
                    fontweight="bold" if v == 0 else "normal")
    ax.set_xticks(range(len(studies)), _labels(data), rotation=30, ha="right")
    ax.set_yticks(range(len(keys)), [f"{kind} {name}" for kind, name in keys], fontsize=8)
    ax.grid(False)
    ax.set_title("Rules in use: firings per game")
    figure.tight_layout()
    return figure


PICTURES = [
    ("fairness.png", "Win rate by seat between identical players, with 95% intervals", draw_fairness),
    ("length.png", "Moves, turns and deals per game", draw_length),
    ("choice.png", "Legal moves per decision over the game, and the share of forced moves", draw_choice),
    ("rules.png", "How often each rule fired, per game; `never` marks a rule that never mattered", draw_rules),
    ("skill.png", "Does the stronger player win more than its share?", draw_skill),
    ("drama.png", "Lead changes between deals, and matches decided in their last deal", draw_drama),
]
