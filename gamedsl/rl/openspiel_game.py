"""Any rules file as an OpenSpiel game: `pyspiel.load_game("python_gamedsl(game=my_game)")`.

Importing this module registers the python game `python_gamedsl` (it needs open_spiel, an
optional extra: nothing else in gamedsl imports pyspiel). Its parameters:

- `game`: a shipped game's name (`my_game`, `my_game/variant`) or the path of a `.game` file (a path
  with `,` or `=` in it goes in the dict form: `pyspiel.load_game("python_gamedsl", {"game": path})`);
- `players`: how many play (0: the file's fewest);
- `options`: the file's options, `name:value` separated by `;` (`options=target:100;rounds:3`: OpenSpiel's
  game strings keep `=` for their own parameters);
- `seeds`: how many deals the chance node chooses among (default 1000);
- `max_moves`: the most moves of a game (default 1000), OpenSpiel's `max_game_length`.

The chance model. The engine fixes the deal and every later shuffle of a match by its seed
(`Game.new_game(seed)`), so the game starts with ONE explicit chance node: it chooses the seed
uniformly among `seeds` outcomes (`0 … seeds-1`), and the match `new_game(seed)` follows. It is
an honest explicit chance node over a sample of deals: the shuffles of 52 cards are far too many
to be outcomes (52! of them), and a later shuffle is not a chance node of its own (the seed has
already fixed it). Nobody observes the seed: players see the cards it dealt them, as they would.

Actions. When the file's action space is dense (`ActionSpace.dense`), an OpenSpiel action is the
move's id (`num_distinct_actions` = the space's size) and means the same move in every position.
Otherwise (a space too large for a mask: ids past 2**21) an action is the place of the move
among the legal moves sorted by id, `num_distinct_actions` is `PLACES` (4096), and a position
with more legal moves than that raises a clear error. `action_to_string` gives the move's text.

Observations. `observation_string/tensor` show what the player sees now (`ObservationLayout`,
a tensor of its size). `information_state_string` is everything the player has seen: each move
as they saw it (its cards left out when they never saw them), each change to the cards in their
sight and what the rules announced, then the observation now (`recall.py`). There is no
information-state tensor (a fixed-size tensor cannot hold a history of any length):
`provides_information_state_tensor` is False, and tensor-based learners use the observation
tensor.

Returns are a win or a loss, in [-1, 1], given at the end (terminal rewards): a winner +1, every
other player -1, and 0 to all when all win (a tie of everyone); in a game for one player, +1
for an end that says the player wins, -1 for one that says they lose, 0 otherwise. At
`max_moves` the game stops, truncated: the same returns, with the players ahead on match points
(by the file's rule: the most, or the fewest) as the winners. Two players: ZERO_SUM; more or one:
GENERAL_SUM.

A state is cloned with the engine's own `State.copy` (OpenSpiel deep-copies a python state's
attributes), and serialised as the seed and the moves made, replayed when it is loaded back.
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np
import pyspiel

from .. import cards, resources
from ..engine import State, load_game
from ..errors import RulesError
from .actions import ActionSpace
from .observation import ObservationLayout
from .recall import Step, observation_text, recall_text, snapshot

SHORT_NAME = "python_gamedsl"
PLACES = 4096  # the actions of a space too large for ids: the place of a move among the legal ones
MOST_PLAYERS = 16
DEFAULTS: dict[str, Any] = {"game": resources.default_game(), "players": 0, "options": "",
                            "seeds": 1000, "max_moves": 1000}

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="gamedsl rules file",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MOST_PLAYERS,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


class _Shared:
    """What every state of one game shares: kept as it is by `copy.deepcopy` (OpenSpiel clones a
    python state by deep-copying its attributes), and pickled as the arguments that load it."""

    def __init__(self, load: tuple, max_moves: int):
        self.load, self.max_moves = load, max_moves  # (name or path, players or None, options)
        self.game = game = load_game(load[0], load[1], dict(load[2]))
        self.space, self.layout = ActionSpace(game), ObservationLayout(game)

    def __deepcopy__(self, memo: dict) -> _Shared:
        return self

    def __reduce__(self) -> tuple:
        return _shared, (self.load, self.max_moves)


_LOADED: dict[tuple, _Shared] = {}


def _shared(load: tuple, max_moves: int) -> _Shared:
    """The shared part of a game, loaded once a process for the same arguments."""
    key = (load, max_moves)
    if key not in _LOADED:
        _LOADED[key] = _Shared(load, max_moves)
    return _LOADED[key]


class _Match:
    """A state's own match, the moves made in it and its record of steps: copied by `State.copy`
    on a deep copy, pickled as its seed and moves (replayed when unpickled)."""

    def __init__(self, shared: _Shared, state: State, steps: list[Step], played: list[tuple] | None = None):
        self.shared, self.state, self.steps, self.played = shared, state, steps, played or []
        self.legal: tuple[int, dict[int, tuple]] | None = None  # (after so many moves, the legal moves by id)

    @property
    def moves(self) -> int:
        return len(self.played)

    def legal_by_id(self) -> dict[int, tuple]:
        """The legal moves now by id, in the order of their ids (worked out once a position)."""
        if self.legal is None or self.legal[0] != len(self.played):
            space = self.shared.space
            legal = self.state._legal_internal()
            moves = {space.id_of_internal(m): m for m in legal}
            if len(moves) != len(legal):  # two moves, one id: the action space would be wrong
                raise ValueError(f"{self.shared.game.title}: two legal moves share an action id here: "
                                 "a gap in gamedsl's numbering of moves (please report it)")
            self.legal = (len(self.played), dict(sorted(moves.items())))
        return self.legal[1]

    def play(self, internal: tuple) -> None:
        """Make a move (as the engine lists it) and record the step it makes."""
        state = self.state
        mover, said = state.current, len(state.said)
        state._play_internal(internal)
        self.played.append(internal)
        self.steps.append(snapshot(state, mover, state.game.codec.public(internal), said))

    def __deepcopy__(self, memo: dict) -> _Match:
        return _Match(self.shared, self.state.copy(), list(self.steps), list(self.played))

    def __reduce__(self) -> tuple:
        return _replay, (self.shared, self.state.seed, self.played)


def _replay(shared: _Shared, seed: int | str, played: list[tuple]) -> _Match:
    """A match dealt from `seed` with the internal moves `played` made again."""
    state = shared.game.new_game(seed)
    match = _Match(shared, state, [snapshot(state)])
    for internal in played:
        match.play(internal)
    return match


def parse_options(text: str) -> dict[str, str]:
    """`target:100;rounds:3` (or `target=100;rounds=3`, where `=` may be written) as
    {'target': '100', 'rounds': '3'}; ValueError for a part that is not a name and a value."""
    options = {}
    for part in filter(None, (p.strip() for p in text.split(";"))):
        sign = ":" if ":" in part else "="
        name, found, value = part.partition(sign)
        if not found or not name.strip():
            raise ValueError(f"options are name:value separated by ';' (like target:100;rounds:3), not '{part}'")
        options[name.strip()] = value.strip()
    return options


class GamedslGame(pyspiel.Game):
    """A rules file as an OpenSpiel game (see the module's docstring for its parameters)."""

    def __init__(self, params: dict[str, Any] | None = None):
        values = {**DEFAULTS, **(params or {})}
        seeds, max_moves, players = int(values["seeds"]), int(values["max_moves"]), int(values["players"])
        if seeds < 1 or max_moves < 1 or players < 0:
            raise ValueError(f"{SHORT_NAME}: seeds and max_moves must be at least 1 and players at least 0 "
                             f"(0: the file's fewest), not seeds={seeds}, max_moves={max_moves}, players={players}")
        load = (str(values["game"]), players or None, tuple(sorted(parse_options(str(values["options"])).items())))
        try:
            self.shared = _shared(load, max_moves)
        except (RulesError, OSError) as err:
            raise ValueError(f"{SHORT_NAME}: cannot load the game '{values['game']}': {err}") from None
        game, space = self.shared.game, self.shared.space
        if game.players > MOST_PLAYERS:
            raise ValueError(f"{SHORT_NAME} plays at most {MOST_PLAYERS} players, not {game.players}")
        n = game.players
        info = pyspiel.GameInfo(
            num_distinct_actions=space.size if space.dense else PLACES,
            max_chance_outcomes=seeds,
            num_players=n,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if n == 2 else None,
            max_game_length=max_moves)
        kind = GAME_TYPE
        if n == 2:  # a win is the other's loss, a tie nothing to either
            kind = pyspiel.GameType(**{**_type_fields(GAME_TYPE), "utility": pyspiel.GameType.Utility.ZERO_SUM})
        super().__init__(kind, info, {**values, "seeds": seeds, "max_moves": max_moves, "players": players})
        self.seeds = seeds

    def new_initial_state(self) -> GamedslState:
        """The state before the deal: a chance node choosing the seed."""
        return GamedslState(self)

    def max_chance_nodes_in_history(self) -> int:
        return 1

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """The information state's observer for a perfect-recall type, the observation's otherwise:
        both are what one player sees, public and private (no other kind is offered, so that a
        public-only observer never gets a player's hand)."""
        if isinstance(iig_obs_type, dict):  # OpenSpiel passes the parameters alone when it names no type
            iig_obs_type, params = None, iig_obs_type
        if params:
            raise ValueError(f"{SHORT_NAME} takes no observation parameters, not {params}")
        if iig_obs_type is None:
            return ObservationObserver(self.shared.layout)
        if not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError(f"{SHORT_NAME} observes as one player sees, public and private information "
                             f"together, not as {iig_obs_type}")
        if iig_obs_type.perfect_recall:
            return InformationObserver()
        return ObservationObserver(self.shared.layout)


def _type_fields(kind: Any) -> dict[str, Any]:
    names = ("short_name", "long_name", "dynamics", "chance_mode", "information", "utility", "reward_model",
             "max_num_players", "min_num_players", "provides_information_state_string",
             "provides_information_state_tensor", "provides_observation_string", "provides_observation_tensor",
             "parameter_specification")
    return {name: getattr(kind, name) for name in names}


class GamedslState(pyspiel.State):
    """A match of the rules file, after the chance node that chose its seed."""

    def __init__(self, game: GamedslGame):
        super().__init__(game)
        self.shared = game.shared
        self.seeds = game.seeds
        self.match: _Match | None = None  # None until the chance node has chosen the seed

    # ---- the OpenSpiel contract -------------------------------------------------------------
    def current_player(self) -> int:
        match = self.match
        if match is None:
            return pyspiel.PlayerId.CHANCE
        if match.state.is_over or match.moves >= self.shared.max_moves:
            return pyspiel.PlayerId.TERMINAL
        return match.state.current

    def is_terminal(self) -> bool:
        return self.current_player() == pyspiel.PlayerId.TERMINAL

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every seed `0 … seeds-1`, equally likely."""
        p = 1.0 / self.seeds
        return [(seed, p) for seed in range(self.seeds)]

    def _legal_actions(self, player: int) -> list[int]:
        ids = self._ids()
        return ids if self.shared.space.dense else list(range(len(ids)))

    def _ids(self) -> list[int]:
        """The legal moves' ids, sorted (a clear error past `PLACES` moves in a sparse space)."""
        assert self.match is not None
        ids = list(self.match.legal_by_id())
        if not self.shared.space.dense and len(ids) > PLACES:
            raise ValueError(f"{self.shared.game.title}: {len(ids)} legal moves here, more than the "
                             f"{PLACES} actions {SHORT_NAME} numbers by their place")
        return ids

    def _internal(self, action: int) -> tuple:
        """The engine's move an action stands for (ValueError if it is not legal here)."""
        assert self.match is not None
        by_id = self.match.legal_by_id()
        if not self.shared.space.dense:
            ids = self._ids()
            if not 0 <= action < len(ids):
                raise ValueError(f"action {action} is not a legal move now (there are {len(ids)})")
            action = ids[action]
        if action not in by_id:
            raise ValueError(f"action {action} is not a legal move now")
        return by_id[action]

    def _apply_action(self, action: int) -> None:
        if self.match is None:
            if not 0 <= action < self.seeds:
                raise ValueError(f"the chance node chooses a seed from 0 to {self.seeds - 1}, not {action}")
            self.match = _replay(self.shared, action, [])
            return
        self.match.play(self._internal(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        if self.match is None or self.is_terminal():
            return f"action {action}"
        try:
            return str(self.shared.game.codec.public(self._internal(action)))
        except ValueError:  # not legal here: the move an id means in a dense space, else its number
            return f"action {action}"

    def returns(self) -> list[float]:
        """+1 a winner, -1 a loser, 0 to all when all win; nothing before the end (see the module)."""
        n = self.shared.game.players
        if not self.is_terminal():
            return [0.0] * n
        assert self.match is not None
        return outcome_returns(self.match.state)

    def __str__(self) -> str:
        if self.match is None:
            return f"{self.shared.game.title}: the deal is to come (a seed of {self.seeds})"
        return table_text(self.match.state, self.match.moves)

    # ---- for the observers ------------------------------------------------------------------
    def observation_text(self, seat: int) -> str:
        """What `seat` sees now, as text."""
        if self.match is None:
            return f"P{seat + 1}: the deal is to come"
        return observation_text(self.match.state, seat)

    def information_text(self, seat: int) -> str:
        """Everything `seat` has seen: each step as it saw it, then what it sees now."""
        if self.match is None:
            return f"P{seat + 1}: the deal is to come"
        return recall_text(self.match.state, self.match.steps, seat) + "\n" + self.observation_text(seat)


def outcome_returns(state: State) -> list[float]:
    """The win-or-loss returns of a match as it stands (ended or cut short)."""
    n = state.game.players
    if n == 1:
        outcome = state.outcome if state.is_over else ""
        return [1.0 if outcome == "won" else -1.0 if outcome == "lost" else 0.0]
    if state.is_over:
        winners = {int(p[1:]) - 1 for p in state.winners}
    else:
        points = state.points
        best = min(points) if state._c.lowest_wins else max(points)
        winners = {i for i, s in enumerate(points) if s == best}
    if len(winners) in (0, n):
        return [0.0] * n
    return [1.0 if i in winners else -1.0 for i in range(n)]


def table_text(state: State, moves: int) -> str:
    """The whole position as text, every card shown (OpenSpiel's `str(state)`, for debugging)."""
    c = state._c
    lines = [f"seed {state.seed}; {moves} moves; deal {state.deal_number}; phase {c.phases[state.phase]}; "
             + ("over" if state.is_over else f"to move {state.current_player}")
             + f"; points {' '.join(str(p) for p in state.scores.values())}"]
    lines += [f"{name}: {' '.join(cards.CARD_TEXT[x] for x in state.zones[z])}"
              for z, name in enumerate(c.zones.names) if state.zones[z]]
    if c.counters.labels:
        lines.append("counters: " + " ".join(f"{k}={v:g}" for k, v in zip(c.counters.labels, state.counters)))
    # what the lines leave out (cards revealed, combinations lying, …), in short and the same in every process
    lines.append(f"position {hashlib.sha1(repr(_stable(state.key())).encode()).hexdigest()[:16]}")
    return "\n".join(lines)


def _stable(value: Any) -> Any:
    """`value` with its sets as sorted tuples: a `repr` that does not change between processes."""
    if isinstance(value, (set, frozenset)):
        return tuple(sorted((_stable(v) for v in value), key=repr))
    if isinstance(value, tuple):
        return tuple(_stable(v) for v in value)
    return value


class ObservationObserver:
    """What a player sees now: `ObservationLayout`'s vector, and `observation_text`."""

    def __init__(self, layout: ObservationLayout):
        self.layout = layout
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: GamedslState, player: int) -> None:
        if state.match is None:
            self.tensor.fill(0)
            return
        self.tensor[:] = self.layout.encode(state.match.state, player)

    def string_from(self, state: GamedslState, player: int) -> str:
        return state.observation_text(player)


class InformationObserver:
    """Everything a player has seen (a string only: no tensor holds a history of any length)."""

    def __init__(self) -> None:
        self.tensor = None
        self.dict: dict[str, np.ndarray] = {}

    def set_from(self, state: GamedslState, player: int) -> None:
        pass

    def string_from(self, state: GamedslState, player: int) -> str:
        return state.information_text(player)


pyspiel.register_game(GAME_TYPE, GamedslGame)
