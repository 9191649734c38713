"""Your own computer player at a seat: `module:function` or `path/to/agent.py:function`.

The function is called with the world the seat sees (a position dealt from its observation, as
every computer player gets: `worlds.seat_view`) and that world's legal moves, and returns one of
them (the move, its place in the list, or its name as `moves` prints it):

    def choose(world, moves):
        return moves[0]

`gamedsl play rules.game --seats human,my_agent:choose` and `gamedsl simulate … --seats
greedy,agents/mine.py:choose`. A dotted module is imported from the working directory or the
installed packages; a path ending in `.py` is loaded from that file.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

from ..engine import Move, State

_MODULE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*")
_FUNCTION = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*")
_loaded: dict[str, Callable] = {}


class AgentError(ValueError):
    """An agent that failed, or chose something that is not one of the moves it was given."""


def is_agent_spec(spec: str) -> bool:
    """`module:function` or `file.py:function` (the function part a name)."""
    module, colon, function = spec.strip().rpartition(":")
    if not colon or not _FUNCTION.fullmatch(function):
        return False
    return module.endswith(".py") or bool(_MODULE.fullmatch(module))


def load_agent(spec: str) -> Callable:
    """The function a spec names; PlayerSpecError (with what went wrong) when it names none."""
    from .seats import PlayerSpecError

    if spec in _loaded:
        return _loaded[spec]
    where, _, name = spec.rpartition(":")
    try:
        if where.endswith(".py"):
            path = Path(where)
            if not path.is_file():
                raise PlayerSpecError(f"agent '{spec}': no file {where}")
            module_name = f"_gamedsl_agent_{len(_loaded)}_{re.sub(r'[^A-Za-z0-9_]', '_', path.stem)}"
            found = importlib.util.spec_from_file_location(module_name, path)
            if found is None or found.loader is None:
                raise PlayerSpecError(f"agent '{spec}': {where} cannot be loaded as Python")
            module = importlib.util.module_from_spec(found)
            sys.modules[module_name] = module  # (so that worker processes and pickles find it)
            found.loader.exec_module(module)
        else:
            if os.getcwd() not in sys.path and "" not in sys.path:
                sys.path.append(os.getcwd())
            module = importlib.import_module(where)
    except PlayerSpecError:
        raise
    except ModuleNotFoundError as err:
        raise PlayerSpecError(f"unknown player '{spec}': no module named '{err.name}' (players: random, greedy, "
                              "mcts, or your own agent as module:function)") from None
    except Exception as err:  # an agent's module that fails as it loads: say so, without a traceback
        raise PlayerSpecError(f"agent '{spec}': loading {where} failed: {type(err).__name__}: {err}") from None
    target: object = module
    for part in name.split("."):
        if not hasattr(target, part):
            raise PlayerSpecError(f"agent '{spec}': {where} has no '{name}'")
        target = getattr(target, part)
    if not callable(target):
        raise PlayerSpecError(f"agent '{spec}': '{name}' in {where} is not a function")
    _loaded[spec] = target
    return target


class AgentPlayer:
    """A seat played by a function of (world, legal moves)."""

    def __init__(self, spec: str, seed: int | str = 0):
        self.name = spec
        self.function = load_agent(spec)
        self.seed = seed

    def choose(self, state: State) -> Move:
        moves = list(state.legal_moves())
        try:
            choice = self.function(state, moves)
        except Exception as err:  # the agent's own failure: reported as such, not as ours
            raise AgentError(f"the agent {self.name} failed: {type(err).__name__}: {err}") from err
        if isinstance(choice, bool):
            pass
        elif isinstance(choice, int) and 0 <= choice < len(moves):
            return moves[choice]
        elif isinstance(choice, str):
            named = [m for m in moves if str(m) == choice.strip()]
            if named:
                return named[0]
        elif choice in moves:
            return choice
        raise AgentError(f"the agent {self.name} returned {choice!r}, which is not one of the {len(moves)} "
                         "legal moves it was given (return a move of the list, its index, or its name)")
