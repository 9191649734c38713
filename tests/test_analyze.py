"""`gamedsl analyze`: figures known by construction on tiny test games, the engine's count of
rule firings, aggregates that merge in any order, the same JSON locally, in worker processes
and on Ray, and the page opened in headless Chromium."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest

from gamedsl.analysis import analyze, declared_rules
from gamedsl.analysis.aggregate import Aggregate, figures, quantile
from gamedsl.analysis.backends import RayUnavailable
from gamedsl.analysis.playing import LIMIT, NO_MOVE_END, OVER, lead_story, play_record, stalemate_ends
from gamedsl.analysis.report import summary_rows, to_json, write_report
from gamedsl.cli import main

from .chromium import Browser, find_chromium
from .conftest import cached_game

GAMES = Path(__file__).parent / "games"
FIRST_WINS = str(GAMES / "first_wins.game")
DRAW_OUT = str(GAMES / "draw_out.game")


def line_of(path: str, start: str) -> int:
    """The line of the file that begins with `start` (where a rule is written)."""
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, start=1) if line.startswith(start))


def without_timing(data: dict) -> str:
    return to_json({k: v for k, v in data.items() if k != "timing"})


def test_the_first_player_always_wins_and_rules_that_cannot_fire_are_named():
    data = analyze([FIRST_WINS], 12, seats="random", skill_games=0)
    study = data["studies"][0]["figures"]
    fairness = study["fairness"]
    assert [s["wins"] for s in fairness["seats"]] == [12, 0]
    assert fairness["seats"][0]["rate"] == 1.0 and fairness["first_player"]["rate"] == 1.0
    assert fairness["first_player_advantage"] == 0.5
    assert study["length"]["moves"]["median"] == 1 and study["length"]["deals"]["max"] == 1
    assert study["length"]["stops"][OVER] == 12
    # the priority leaves one move: every decision is forced
    assert study["choice"]["forced"] == study["choice"]["decisions"] == 12
    never = {(r["kind"], r["name"]): r["at"] for r in study["rules"]["never_fired"]}
    assert set(never) == {("move", "wait"), ("move", "conjure"), ("whenever", "filled"), ("end", "overflow")}
    for (kind, name), at in never.items():
        assert at.endswith(f"first_wins.game:{line_of(FIRST_WINS, f'{kind} {name} ')}")
    fired = {(r["kind"], r["name"]): r["fired"] for r in study["rules"]["declared"]}
    assert fired[("move", "claim")] == fired[("priority", "eager")] == fired[("end", "claimed")] == 12
    assert study["drama"]["matches"] == 0  # one deal: no match to tell


def test_stalemates_are_told_apart():
    stuck = analyze([DRAW_OUT], 3, seats="random", skill_games=0)["studies"][0]["figures"]["length"]
    assert stuck["stops"][NO_MOVE_END] == 3 and stuck["moves"]["min"] == 52
    endless = analyze([DRAW_OUT], 3, seats="random", options={"endless": "1"}, skill_games=0, limit=120)
    length = endless["studies"][0]["figures"]["length"]
    assert length["stops"][LIMIT] == 3 and length["moves"]["max"] == 120


def test_the_engine_counts_firings_only_when_asked_and_never_changes_the_game():
    game = cached_game("dou_dizhu")
    fired: Counter = Counter()
    counted = game.new_game(5, fired=fired)
    plain = game.new_game(5)
    assert plain.fired is None and counted.copy().fired is None  # a copy's look-ahead is not the game's
    counted.playout(random.Random(5))
    plain.playout(random.Random(5))
    assert counted.key() == plain.key()
    kinds = Counter()
    for (kind, name, pos), times in fired.items():
        kinds[kind] += times
        assert pos.line > 0
    play = next(times for (kind, name, _), times in fired.items() if (kind, name) == ("move", "play"))
    assert kinds["combination"] == play  # each play of combinations counts its kind
    assert kinds["end"] == len(counted.results) and kinds["whenever"] > 0
    assert set(fired) <= set(declared_rules(game))


def test_aggregates_merge_to_the_same_figures_in_any_order():
    game = cached_game("schwimmen")
    stuck = stalemate_ends(game)
    records = [play_record(game, ("random", "random"), f"7/{i}", 10_000, stuck) for i in range(10)]
    declared = declared_rules(game)

    def merged(order: list[int], cut: int) -> str:
        parts = [Aggregate(2), Aggregate(2)]
        for at, i in enumerate(order):
            parts[at >= cut].add(records[i])
        parts[1].merge(parts[0])
        return json.dumps(figures(parts[1], declared, []), sort_keys=True)

    shuffled = list(range(10))
    random.Random(1).shuffle(shuffled)
    assert merged(list(range(10)), 3) == merged(shuffled, 7) == merged(shuffled[::-1], 0)


def test_lead_changes_and_late_decisions():
    assert lead_story([0, 1, None, 1], 0) == (2, True)
    assert lead_story([0, 0], 0) == (0, False)
    assert lead_story([None, None], 1) == (0, True)
    assert lead_story([], 1) == (0, None)
    assert lead_story([1, 0], None) == (1, None)
    assert quantile(Counter({1: 3, 5: 1}), 0.5) == 1 and quantile(Counter({1: 1, 5: 3}), 0.5) == 5


RUN = {"names": ["schwimmen/41", FIRST_WINS], "games": 6, "seats": "random", "skill_games": 2,
       "skill_seats": ("greedy", "random"), "seed": "3"}


@pytest.fixture(scope="module")
def local_report() -> dict:
    return analyze(**RUN)


def test_worker_processes_give_the_same_report(local_report):
    assert without_timing(analyze(**RUN, workers=2)) == without_timing(local_report)


@pytest.fixture(scope="module")
def local_ray():
    ray = pytest.importorskip("ray")
    from gamedsl.analysis.backends import ray_options

    try:
        ray.init(**ray_options(2, None))
    except Exception as err:  # noqa: BLE001 - whatever keeps Ray from starting here
        pytest.skip(f"Ray cannot start here: {err}")
    yield ray
    ray.shutdown()


def test_ray_gives_the_same_report(local_ray, local_report):
    assert without_timing(analyze(**RUN, backend="ray")) == without_timing(local_report)


def test_ray_missing_is_a_message(monkeypatch):
    import builtins

    real = builtins.__import__

    def no_ray(name, *args, **kwargs):
        if name == "ray":
            raise ImportError("no ray")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    with pytest.raises(RayUnavailable, match=r"gamedsl\[ray\]"):
        analyze([FIRST_WINS], 2, skill_games=0, backend="ray")


def test_the_command_writes_the_report_and_refuses_bad_seats(tmp_path, capsys):
    out = tmp_path / "report"
    assert main(["analyze", FIRST_WINS, "--games", "4", "--seats", "random", "--skill-games", "0",
                 "-o", str(out), "--quiet"]) == 0
    said = capsys.readouterr().out
    assert "wins P1 100%, P2 0%" in said and re.search(r"never fired: move wait \(.*first_wins.game:29\)", said)
    assert {p.name for p in out.iterdir()} >= {"index.html", "report.json", "fairness.png", "rules.png"}
    assert json.loads((out / "report.json").read_text())["studies"][0]["figures"]["games"] == 4
    assert main(["analyze", FIRST_WINS, "--seats", "human", "-o", str(out)]) == 2
    assert main(["analyze", FIRST_WINS, "--seats", "greedy,random,random", "--skill-games", "0",
                 "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "computer players only" in err and "needs 2 seats" in err


@pytest.mark.skipif(find_chromium() is None, reason="no headless Chromium on this machine")
def test_the_page_opens_offline_with_its_table_and_pictures(local_report, tmp_path):
    page = write_report(local_report, tmp_path / "report")
    with Browser(1100, 900) as browser:
        browser.open(page)
        assert [r for r in browser.requests if not r.startswith("file:")] == []
        rows = browser.evaluate("document.querySelectorAll('#summary tr').length")
        assert rows == 1 + len(summary_rows(local_report))
        heads = browser.evaluate("[...document.querySelectorAll('#summary tr:first-child th')].map(t => t.textContent)")
        assert heads[1].startswith("schwimmen/41") and "first_wins" in heads[2]
        images = browser.evaluate("[...document.images].map(i => [i.getAttribute('src'), i.complete && i.naturalWidth])")
        assert len(images) >= 5 and all(width > 400 for _, width in images), images
        assert browser.evaluate("document.querySelector('.never').textContent").startswith("move ")
        shot = browser.screenshot(tmp_path / "page.png")
    from PIL import Image

    with Image.open(shot) as picture:
        colours = picture.convert("RGB").resize((64, 64)).getcolors(64 * 64)
    assert colours is not None and len(colours) > 20  # drawn, not a blank page


def test_the_readme_command_is_one_the_command_takes():
    import shlex

    from gamedsl.cli import build_parser

    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("### Playtesting a variant"):]
    command = re.search(r"^```\n(gamedsl analyze .*?)^```$", section, flags=re.DOTALL | re.MULTILINE).group(1)
    args = build_parser().parse_args(shlex.split(command.replace("\\\n", " "))[1:])
    assert args.games == 200 and args.workers == 2 and len(args.games_named) == 6
