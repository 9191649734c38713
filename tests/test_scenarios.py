"""YAML scenarios: a position, then the exact legal moves, verdicts, first player or scores.

The scenario files under tests/scenarios/<game>/ were written from the rules texts alone;
a variant `<game>/<variant>` has its scenarios under tests/scenarios/<game>__<variant>/.
Expected moves go through `parse_move`, so a move to any of several alike empty zones
(eight empty foundations) counts as the one move the engine offers for them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import gamedsl
from gamedsl.errors import MoveError

from .conftest import cached_game

SCENARIO_DIR = Path(__file__).parent / "scenarios"


def _load_scenarios():
    for game_dir in sorted(p for p in SCENARIO_DIR.iterdir() if p.is_dir()):
        for path in sorted(game_dir.glob("*.yaml")):
            for scenario in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
                # a folder `a__b` holds the scenarios of the variant game `a/b`
                yield pytest.param(game_dir.name.replace("__", "/"), scenario,
                                   id=f"{game_dir.name}/{path.stem}/{scenario['name']}")


def canonical(state: gamedsl.State, text: str) -> str:
    try:
        return str(state.parse_move(text))
    except MoveError:
        return f"<unparsable: {text}>"


def check(state: gamedsl.State, expect: dict, where: str) -> None:
    legal = sorted(str(m) for m in state.legal_moves())
    if "turn" in expect:
        assert state.current_player == expect["turn"], f"{where}: turn"
    if "legal" in expect:
        wanted = sorted({canonical(state, m) for m in expect["legal"]})
        missing = sorted(set(wanted) - set(legal))
        extra = sorted(set(legal) - set(wanted))
        assert not missing and not extra, f"{where}: missing {missing}, unexpected {extra}"
    for move in expect.get("includes", []):
        assert canonical(state, move) in legal, f"{where}: {move} should be legal; legal: {legal}"
    for move in expect.get("excludes", []):
        assert canonical(state, move) not in legal, f"{where}: {move} should be illegal"
    for item in expect.get("explain", []):
        verdict = state.explain(item["move"])
        assert verdict.legal == item["legal"], f"{where}: explain {item['move']}: {verdict}"
        if "rule" in item:
            assert verdict.rule is not None and verdict.rule.name == item["rule"], \
                f"{where}: explain {item['move']} names {verdict.rule and verdict.rule.name}, expected {item['rule']}: {verdict}"
    if "scores" in expect:
        assert state.results, f"{where}: the deal should have ended"
        got = dict(zip(state.players, state.results[-1].scores))
        assert got == expect["scores"], f"{where}: deal scores"


@pytest.mark.parametrize("game_name, scenario", list(_load_scenarios()))
def test_scenario(game_name: str, scenario: dict) -> None:
    game = cached_game(game_name, None, tuple(sorted((scenario.get("options") or {}).items())))
    state = game.load_position(yaml.safe_dump(scenario.get("position") or {}))
    name = scenario["name"]
    if "first_player" in scenario:
        assert game.first_player(state) == scenario["first_player"], name
    check(state, {k: v for k, v in scenario.items() if k != "scores"}, name)
    for move in scenario.get("play", []):
        state.play(move)
    if "after" in scenario:
        check(state, scenario["after"], f"{name} (after play)")
    if "scores" in scenario:
        check(state, {"scores": scenario["scores"]}, name)
