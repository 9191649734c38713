"""Computer seats: a player made from its description (`mcts:400`, `mcts:2s`, `greedy`), which
chooses in a world seen from its seat and whose choice is checked against the real position."""

from __future__ import annotations

import random
import re
from typing import Protocol

from ..engine import Move, State
from .greedy import GreedyPlayer
from .mcts import MctsPlayer
from .random_player import RandomPlayer
from .agents import AgentPlayer, is_agent_spec, load_agent
from .worlds import reading_view, seat_view


class Player(Protocol):
    """What a computer player needs: a seeded constructor and a choice of move."""

    def choose(self, state: State) -> Move: ...


PLAYERS: dict[str, type] = {"random": RandomPlayer, "greedy": GreedyPlayer, "computer": GreedyPlayer,
                            "mcts": MctsPlayer}
SPEC_HELP = ("random, greedy (alias computer) or mcts; mcts takes a budget: mcts:400 (simulations "
             "per move) or mcts:2s (seconds per move; not reproducible), and `read` to weigh its worlds "
             "by the others' moves: mcts:400+read or mcts:read; or your own agent, "
             "module:function or path/to/agent.py:function (a function of a world and its legal moves)")
READ = "read"


MAX_SIMULATIONS = 1_000_000  # per move
MAX_SECONDS = 3600  # per move
_SIMULATIONS = re.compile(r"[0-9]{1,7}")
_SECONDS = re.compile(r"[0-9]{1,4}(\.[0-9]{1,6})?s")


class PlayerSpecError(ValueError):
    """A seat description that names no player or gives it a budget it cannot take."""


def check_spec(spec: str) -> str:
    """The description, normalised; PlayerSpecError when it is not one."""
    kind, _, budget = spec.strip().lower().partition(":")
    if kind == "human" and not budget:
        return kind
    if kind not in PLAYERS and kind != "human" and is_agent_spec(spec):
        load_agent(spec.strip())  # (refused now, with a message, rather than at its first move)
        return spec.strip()
    if kind not in PLAYERS:
        from difflib import get_close_matches

        near = get_close_matches(kind, [*PLAYERS, "human"], n=1)
        hint = f" — did you mean '{near[0]}'?" if near else ""
        raise PlayerSpecError(f"unknown player '{spec}'{hint} (players: {SPEC_HELP})")
    budget, comma, read = budget.partition("+")
    budget, read = budget.strip(), read.strip()
    if budget == READ and not comma:
        budget, read, comma = "", READ, "+"
    if comma and (kind != "mcts" or read != READ):
        raise PlayerSpecError(f"'{spec}': the only word after the budget is `read`, for mcts (mcts:400+read)")
    if budget:
        if kind != "mcts":
            raise PlayerSpecError(f"'{spec}': only mcts takes a budget (mcts:400 or mcts:2s)")
        if not _budget_fits(budget):
            raise PlayerSpecError(f"'{spec}': a budget is a number of simulations from 1 to {MAX_SIMULATIONS} "
                                  f"(mcts:400) or of seconds, more than 0 and at most {MAX_SECONDS} (mcts:2s)")
    if comma:
        return f"{kind}:{budget}+{READ}" if budget else f"{kind}:{READ}"
    return f"{kind}:{budget}" if budget else kind


def _budget_fits(budget: str) -> bool:
    """Plain digits (not `nan`, `inf`, `1e9`), and no budget that would make a move last for ever."""
    if _SIMULATIONS.fullmatch(budget):
        return 1 <= int(budget) <= MAX_SIMULATIONS
    if _SECONDS.fullmatch(budget):
        return 0 < float(budget[:-1]) <= MAX_SECONDS
    return False


def make_player(spec: str, seed: int | str = 0) -> Player:
    spec = check_spec(spec)
    kind, _, budget = spec.partition(":")
    if kind not in PLAYERS:
        return AgentPlayer(spec, seed)
    budget, _, read = budget.partition("+")
    if budget == READ:
        budget, read = "", READ
    if read:
        if not budget:
            return MctsPlayer(seed, read=True)
        if budget.endswith("s"):
            return MctsPlayer(seed, seconds=float(budget[:-1]), read=True)
        return MctsPlayer(seed, iterations=int(budget), read=True)
    if not budget:
        return PLAYERS[kind](seed)
    if budget.endswith("s"):
        return MctsPlayer(seed, seconds=float(budget[:-1]))
    return MctsPlayer(seed, iterations=int(budget))


class ComputerSeat:
    """A computer player at one seat. It is handed a world seen from its seat, never the position
    itself, and the move it picks there must be legal in the real position."""

    def __init__(self, spec: str, seed: int | str = 0):
        self.spec = check_spec(spec)
        self.player = make_player(self.spec, seed)
        self.views = random.Random(f"{seed}/views")

    def choose(self, state: State) -> Move:
        if getattr(self.player, "read", False):
            view = reading_view(state, state.current, self.views)
        else:
            view = seat_view(state, state.current, self.views)
        move = self.player.choose(view)
        legal = state.legal_moves()
        if move not in legal:
            raise RuntimeError(f"the {self.spec} player chose {move}, which is not legal here: "
                               "a rules file whose legal moves depend on cards the mover cannot see?")
        return move
