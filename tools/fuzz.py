"""Fuzz the interpreter: mutated game files, YAML positions and saves, and random move texts.

    python tools/fuzz.py --minutes 3                    # every kind of case, seeds from 0
    python tools/fuzz.py --minutes 5 --kinds rules --seed 100000 --out /tmp/fuzz
    python tools/fuzz.py --replay rules:1234            # one case again, with its traceback

Only the documented error types (`ALLOWED`) may escape a case; anything else, a case that runs
past its time budget ("hang") and a position that does not load back are findings. A finding's
signature is the exception type and the innermost gamedsl frame, so one bug counts once however
many seeds find it. Every case is decided by its kind and seed alone, so a seed reproduces it;
the tool also shrinks the first input of each signature to a small reproducer.

tests/test_fuzz.py runs a few hundred of the same cases, by seed, in the test suite.
"""

from __future__ import annotations

import argparse
import random
import re
import resource
import signal
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's gamedsl, as `python -m` would
import gamedsl  # noqa: E402
from gamedsl import records, resources  # noqa: E402
from gamedsl.errors import (  # noqa: E402
    GameNotFoundError,
    MoveError,
    PositionError,
    RulesError,
    RulesRuntimeError,
    SaveFileError,
)

ALLOWED: tuple[type[BaseException], ...] = (
    RulesError, RulesRuntimeError, MoveError, PositionError, SaveFileError, GameNotFoundError)
KINDS = ("rules", "position", "moves", "save")
PLAYS_PER_CASE = 12
_PACKAGE = Path(gamedsl.__file__).resolve().parent
_TEST_GAMES = Path(__file__).resolve().parents[1] / "tests" / "games"


# ---- findings and their signatures -------------------------------------------------------------

class CaseTimeout(BaseException):
    """A case ran past its budget. A BaseException, so that no `except Exception` inside the
    interpreter can swallow it."""


@dataclass
class Finding:
    """One case that let something other than a documented error escape."""

    kind: str
    seed: int
    signature: str
    message: str
    game: str
    text: str  # the input that was fuzzed: a rules file, a YAML position or a move text
    trace: str = ""

    def headline(self) -> str:
        return f"{self.signature}  [{self.kind}:{self.seed} on {self.game}]  {self.message[:160]}"


@dataclass
class Case:
    """What a case fuzzes, and the stage it has reached (named in a hang's signature)."""

    kind: str
    seed: int
    game: str = ""
    text: str = ""
    stage: str = "start"
    outcome: str = "ok"  # 'ok', or the documented error type that stopped it


def signature(err: BaseException, stage: str) -> str:
    """Exception type + the innermost frame in gamedsl (generated rules code counts as gamedsl)."""
    if isinstance(err, CaseTimeout):
        return f"hang during {stage}"
    if isinstance(err, RoundTripError):
        return f"round trip: {err.args[0]}"
    where = "?"
    for frame, _ in traceback.walk_tb(err.__traceback__):
        name = frame.f_code.co_filename
        if name.startswith("<"):
            where = f"<generated>:{re.sub(r'[0-9]+', 'N', frame.f_code.co_name)}"
        elif Path(name).resolve().is_relative_to(_PACKAGE):
            where = f"{Path(name).resolve().relative_to(_PACKAGE).as_posix()}:{frame.f_code.co_name}"
    return f"{type(err).__name__} at {where}"


class RoundTripError(Exception):
    """A position written by `to_yaml` that `load_position` refuses or reads differently."""


@contextmanager
def time_budget(seconds: float | None) -> Iterator[None]:
    """Raise CaseTimeout in the block after `seconds` of this process's CPU time (not wall time:
    the machine may be shared), on the main thread; elsewhere there is no limit."""
    if not seconds or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum: int, frame: Any) -> None:
        raise CaseTimeout()

    previous = signal.signal(signal.SIGPROF, expire)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


# ---- the corpus ---------------------------------------------------------------------------------

@cache
def game_files() -> tuple[tuple[str, str], ...]:
    """(name, text) of every shipped game file, and of the test suite's small game files."""
    root = resources.data_dir("games")
    files = [(name, (root / f"{name}{resources.GAME_SUFFIX}").read_text(encoding="utf-8"))
             for name in resources.game_names()]
    if _TEST_GAMES.is_dir():
        files += [(f"tests/{p.stem}", p.read_text(encoding="utf-8")) for p in sorted(_TEST_GAMES.glob("*.game"))]
    return tuple(files)


@cache
def shipped_game(name: str, players: int | None = None) -> gamedsl.Game:
    path = _TEST_GAMES / f"{name[6:]}.game" if name.startswith("tests/") else name
    return gamedsl.load_game(path, players)


# ---- mutations ----------------------------------------------------------------------------------

_NUMBER = re.compile(r"(?<![A-Za-z_])-?[0-9]+(?:\.[0-9]+)?")
_ODD_NUMBERS = ("0", "-1", "1", "-0", "00", "999999999", "1000000000000000000000000000000", "9" * 400,
                "2147483648", "0.5", "1e308", "-99999999999")
_CONTROL = ("\x00", "\x0b", "\x0c", "\r", "\t", "\x1b", "\x7f", "\x85", "\u2028", "\ufeff", "\u200b", "\r\n")
_UNICODE = ("é", "É", "ß", "ǅ", "ﬁ", "𝟙", "١", "３", "ⅷ", "\u0301", "\u202e", "漢", "🂡", "İ", "K\u0301", "Ω", "µ")
_SPLIT = re.compile(r"(\s+)")


def _words(line: str) -> list[str]:
    """A line as alternating words and spaces, so that joining gives the line back."""
    return _SPLIT.split(line)


def _word_positions(parts: list[str]) -> list[int]:
    return [i for i, p in enumerate(parts) if p and not p.isspace()]


def _pick_line(lines: list[str], rng: random.Random) -> int:
    return rng.randrange(len(lines))


def _on_a_word(lines: list[str], rng: random.Random, change: Callable[[list[str], int], None]) -> None:
    """Apply `change(parts, index)` to a random word of a random non-blank line."""
    filled = [i for i, line in enumerate(lines) if line.strip()]
    if not filled:
        return
    n = rng.choice(filled)
    parts = _words(lines[n])
    change(parts, rng.choice(_word_positions(parts)))
    lines[n] = "".join(parts)


def _delete_line(lines: list[str], rng: random.Random, pool: list[str]) -> None:
    if len(lines) > 1:
        del lines[_pick_line(lines, rng)]


def _duplicate_line(lines: list[str], rng: random.Random, pool: list[str]) -> None:
    n = _pick_line(lines, rng)
    lines.insert(rng.randrange(len(lines) + 1), lines[n])


def _swap_lines(lines: list[str], rng: random.Random, pool: list[str]) -> None:
    a, b = _pick_line(lines, rng), _pick_line(lines, rng)
    lines[a], lines[b] = lines[b], lines[a]


def _foreign_line(lines: list[str], rng: random.Random, pool: list[str]) -> None:
    """A line of another file (or of this one) put anywhere, with this line's indentation."""
    n = _pick_line(lines, rng)
    other = rng.choice(pool).strip()
    indent = lines[n][:len(lines[n]) - len(lines[n].lstrip())]
    lines.insert(n, indent + other)


def _foreign_block(lines: list[str], rng: random.Random, pool: list[str]) -> None:
    """A whole block of another game file (a line and the lines indented under it) put before
    a line of this one that starts a block: another game's moves, zones, deals."""
    name, text = rng.choice(game_files())
    other = text.split("\n")
    starts = [i for i, line in enumerate(other) if line.strip() and not line[0].isspace() and not line.startswith("#")]
    if not starts:
        return
    first = rng.choice(starts)
    last = first + 1
    while last < len(other) and (not other[last].strip() or other[last][0].isspace()):
        last += 1
    tops = [i for i, line in enumerate(lines) if line.strip() and not line[0].isspace()] or [len(lines)]
    at = rng.choice(tops + [len(lines)])
    lines[at:at] = other[first:last]


def _own_word(lines: list[str], rng: random.Random, pool: list[str]) -> None:
    """A word replaced by a word of the same file: a zone where a counter was, a phase for a rank."""
    _foreign_word(lines, rng, [line for line in lines if line.strip()] or pool)


def _reindent(lines: list[str], rng: random.Random, pool: list[str]) -> None:
    n = _pick_line(lines, rng)
    body = lines[n].lstrip()
    lines[n] = " " * rng.choice((0, 1, 2, 3, 4, 5, 8, 12, 40)) + rng.choice(("", "", "\t")) + body


def _truncate(lines: list[str], rng: random.Random, pool: list[str]) -> None:
    n = _pick_line(lines, rng)
    lines[n] = lines[n][:rng.randrange(len(lines[n]) + 1)]
    del lines[n + 1:]


def _delete_word(lines: list[str], rng: random.Random, pool: list[str]) -> None:
    _on_a_word(lines, rng, lambda parts, i: parts.__setitem__(i, ""))


def _duplicate_word(lines: list[str], rng: random.Random, pool: list[str]) -> None:
    _on_a_word(lines, rng, lambda parts, i: parts.__setitem__(i, f"{parts[i]} {parts[i]}"))


def _swap_words(lines: list[str], rng: random.Random, pool: list[str]) -> None:
    def swap(parts: list[str], i: int) -> None:
        j = rng.choice(_word_positions(parts))
        parts[i], parts[j] = parts[j], parts[i]
    _on_a_word(lines, rng, swap)


def _foreign_word(lines: list[str], rng: random.Random, pool: list[str]) -> None:
    """A word replaced by a word from anywhere in the corpus: mostly grammatical, often wrong."""
    def replace(parts: list[str], i: int) -> None:
        source = _words(rng.choice(pool))
        spots = _word_positions(source)
        if spots:
            parts[i] = source[rng.choice(spots)]
    _on_a_word(lines, rng, replace)


def _odd_number(lines: list[str], rng: random.Random, pool: list[str]) -> None:
    spots = [(n, m) for n, line in enumerate(lines) for m in _NUMBER.finditer(line)]
    if not spots:
        return
    n, m = rng.choice(spots)
    lines[n] = lines[n][:m.start()] + rng.choice(_ODD_NUMBERS) + lines[n][m.end():]


def _insert_characters(lines: list[str], rng: random.Random, pool: list[str]) -> None:
    n = _pick_line(lines, rng)
    at = rng.randrange(len(lines[n]) + 1)
    piece = rng.choice(_CONTROL if rng.random() < 0.5 else _UNICODE)
    lines[n] = lines[n][:at] + piece + lines[n][at:]


def _deep_parentheses(lines: list[str], rng: random.Random, pool: list[str]) -> None:
    """A word (often a number or a name in an expression) inside many parentheses."""
    depth = rng.choice((3, 50, 400, 3000))
    _on_a_word(lines, rng, lambda parts, i: parts.__setitem__(i, "(" * depth + parts[i] + ")" * depth))


def _long_line(lines: list[str], rng: random.Random, pool: list[str]) -> None:
    """A word repeated many times: long lists of names, ranks, zones."""
    def repeat(parts: list[str], i: int) -> None:
        parts[i] = " ".join([parts[i]] * rng.choice((20, 500, 5000)))
    _on_a_word(lines, rng, repeat)


RULES_MUTATIONS = (_delete_line, _duplicate_line, _swap_lines, _foreign_line, _foreign_block, _reindent, _truncate,
                   _delete_word, _duplicate_word, _swap_words, _foreign_word, _own_word, _own_word, _odd_number,
                   _odd_number, _insert_characters, _deep_parentheses, _long_line)
# Positions: no truncation or long lines (those only test the YAML library).
TEXT_MUTATIONS = (_delete_line, _duplicate_line, _swap_lines, _foreign_line, _reindent, _delete_word,
                  _duplicate_word, _swap_words, _foreign_word, _odd_number, _insert_characters)


def mutate_text(text: str, rng: random.Random, count: int, pool: list[str],
                mutations: tuple[Callable[..., None], ...] = RULES_MUTATIONS) -> str:
    """`text` after `count` random line and word mutations; `pool` gives foreign lines and words."""
    lines = text.split("\n") or [""]
    for _ in range(count):
        rng.choice(mutations)(lines, rng, pool or lines)
        if not lines:
            lines = [""]
    return "\n".join(lines)


@cache
def corpus_lines() -> list[str]:
    return [line for _, text in game_files() for line in text.split("\n") if line.strip()]


# ---- playing a few moves ------------------------------------------------------------------------

def play_a_little(state: gamedsl.State, rng: random.Random, case: Case, plays: int = PLAYS_PER_CASE) -> None:
    """A few random legal moves, by object or by text, with undo, explain and YAML round trips."""
    for _ in range(plays):
        if state.is_over:
            return
        case.stage = "legal_moves"
        moves = state.legal_moves()
        if not moves:
            state.require_moves()
            return
        move = moves[rng.randrange(len(moves))]
        roll = rng.random()
        if roll < 0.1:
            case.stage = "explain"
            state.explain(move)
        case.stage = "play"
        state.play(str(move) if roll < 0.5 else move)
        if roll > 0.9 and state.history:
            case.stage = "undo"
            state.undo()
        if roll < 0.15:
            round_trip(state, case)


def round_trip(state: gamedsl.State, case: Case) -> gamedsl.State:
    """`to_yaml` then `load_position`: the same position back, or a RoundTripError."""
    case.stage = "to_yaml"
    text = state.to_yaml()
    case.stage = "load_position (round trip)"
    try:
        again = state.game.load_position(text)
    except PositionError as err:
        problem = str(err).splitlines()[-1].strip()
        raise RoundTripError(f"load_position refuses to_yaml's position: {_generic(problem)}") from err
    if again.to_yaml() != text:
        raise RoundTripError("to_yaml differs after load_position")
    return again


def _generic(problem: str) -> str:
    """A problem's message without the names and numbers in it, for a signature."""
    return re.sub(r"'[^']*'|[0-9]+", "…", problem)[:100]


# ---- the three kinds of case --------------------------------------------------------------------

def _rules_case(case: Case, rng: random.Random, workdir: Path) -> None:
    """A shipped file, mutated, through `load_game` and a few plays."""
    name, text = rng.choice(game_files())
    case.game = name
    case.text = mutate_text(text, rng, rng.choice((1, 1, 1, 2, 3)), corpus_lines())
    exercise_rules(case, rng, workdir)


def exercise_rules(case: Case, rng: random.Random, workdir: Path) -> None:
    """Load `case.text` as a game file (named as its original, so `extends` still works) and play."""
    path = workdir / f"{case.game.rsplit('/', 1)[-1]}{resources.GAME_SUFFIX}"
    path.write_text(case.text, encoding="utf-8", errors="surrogatepass")
    case.stage = "load_game"
    game = gamedsl.load_game(path)
    players = rng.randint(game.model.min_players, min(game.model.max_players, game.model.min_players + 3))
    if players != game.players:
        game = gamedsl.load_game(path, players)
    case.stage = "new_game"
    state = game.new_game(rng.randrange(1000))
    play_a_little(state, rng, case)


def random_position(game: gamedsl.Game, rng: random.Random, case: Case) -> gamedsl.State:
    """A position a few random moves into a seeded deal."""
    case.stage = "new_game"
    state = game.new_game(rng.randrange(10_000))
    case.stage = "playout"
    state.playout(rng, rng.choice((0, 1, 5, 20, 60)))
    return state


def _pick_shipped(rng: random.Random, case: Case) -> gamedsl.Game:
    names = [name for name, _ in game_files()]
    case.game = rng.choice(names)
    model = shipped_game(case.game).model
    return shipped_game(case.game, rng.randint(model.min_players, min(model.max_players, model.min_players + 2)))


def _position_case(case: Case, rng: random.Random, workdir: Path) -> None:
    """A random position of a shipped game written as YAML, mutated, loaded, played on."""
    game = _pick_shipped(rng, case)
    state = random_position(game, rng, case)
    if rng.random() < 0.3:
        state = round_trip(state, case)
    case.text = mutate_yaml(state.to_yaml(), rng, game)
    exercise_position(case, rng, game)


def exercise_position(case: Case, rng: random.Random, game: gamedsl.Game) -> None:
    case.stage = "load_position"
    state = game.load_position(case.text)
    case.stage = "to_yaml"
    state.to_yaml()
    play_a_little(state, rng, case, plays=4)


_ODD_VALUES: tuple[Any, ...] = (None, 0, -1, 1, 2, 10**30, -10**30, 0.5, float("nan"), float("inf"), -float("inf"),
                                True, False, "", "x", "P9", "P0", "AS", "10H", "JK", "house0", [], {}, [[]], {"a": 1},
                                ["AS", "AS"], "é", "\x00", 2**63, "-1", "1e400", [None])


def mutate_yaml(text: str, rng: random.Random, game: gamedsl.Game) -> str:
    """Structured changes to a position's document (odd values, moved or doubled cards, unknown
    names) and then, sometimes, text mutations of the YAML itself."""
    doc = yaml.safe_load(text)
    for _ in range(rng.choice((1, 1, 2, 3))):
        _mutate_document(doc, rng)
    out = yaml.dump(doc, sort_keys=False, default_flow_style=None, allow_unicode=True, width=100)
    if rng.random() < 0.4:
        out = mutate_text(out, rng, rng.choice((1, 2)), text.split("\n"), TEXT_MUTATIONS)
    return out


def _mutate_document(doc: Any, rng: random.Random) -> None:
    """One change somewhere in the nested dicts and lists of a YAML document."""
    path: list[tuple[Any, Any]] = []
    node = doc
    while isinstance(node, (dict, list)) and node and (not path or rng.random() < 0.6):
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        path.append((node, key))
        node = node[key]
    if not path:
        return
    parent, key = path[-1]
    roll = rng.random()
    if roll < 0.45:
        parent[key] = rng.choice(_ODD_VALUES)
    elif roll < 0.6:
        del parent[key]
    elif roll < 0.75 and isinstance(parent, dict):
        parent[rng.choice(("extra", "P9.hand", "house99", "zones", f"{key}x"))] = parent[key]
    elif roll < 0.9 and isinstance(parent, list):  # a card doubled, or moved within its zone
        parent.insert(rng.randrange(len(parent) + 1), parent[key])
    else:
        _move_card(doc, rng)


def _move_card(doc: Any, rng: random.Random) -> None:
    zones = doc.get("zones") if isinstance(doc, dict) else None
    if not isinstance(zones, dict) or not zones:
        return
    full = [z for z, pile in zones.items() if isinstance(pile, list) and pile]
    if full:
        card = zones[rng.choice(full)].pop()
        target = zones[rng.choice(list(zones))]
        if isinstance(target, list):
            target.append(card)


def _moves_case(case: Case, rng: random.Random, workdir: Path) -> None:
    """Random move texts, made from the legal moves' own words, against a random position."""
    game = _pick_shipped(rng, case)
    state = random_position(game, rng, case)
    case.text = random_move_text(state, rng)
    exercise_move_text(case, state)


def exercise_move_text(case: Case, state: gamedsl.State) -> None:
    case.stage = "parse_move"
    try:
        state.parse_move(case.text)
    except MoveError:
        pass
    case.stage = "explain"
    try:
        state.explain(case.text)
    except MoveError:
        pass
    case.stage = "play"
    state.copy().play(case.text)


def _vocabulary(state: gamedsl.State) -> list[str]:
    """Words a move text might use: those of the legal moves, zone and action names, card texts."""
    words = [w for m in state.legal_moves().texts() for w in m.split()]
    words += state.game.zone_names + [a.name for a in state.game.compiled.actions]
    words += ["->", "→", "to", "onto", "on", "as", "JK", "BJ", "RJ", "10", "1", "0", "AS", "3h", "tjqka"]
    return words


def random_move_text(state: gamedsl.State, rng: random.Random) -> str:
    """A legal move's text changed, or words of the game strung together, or noise."""
    legal = state.legal_moves().texts()
    words = _vocabulary(state)
    roll = rng.random()
    if legal and roll < 0.5:
        text = mutate_text(rng.choice(legal), rng, rng.choice((1, 2, 3)), words + legal, TEXT_MUTATIONS)
    elif roll < 0.85:
        text = " ".join(rng.choice(words) for _ in range(rng.randint(0, 6)))
    else:
        alphabet = "aAsS019 -><→.\t\x00é١３" + "".join(_UNICODE)
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
    if rng.random() < 0.2:
        text += rng.choice((" as " + rng.choice(("8", "K", "x", "", "as", "١")), " 99999999999999999999", " -1", "  "))
    return text


def _save_case(case: Case, rng: random.Random, workdir: Path) -> None:
    """A saved game of a shipped game, its YAML mutated, read back by `records.load`."""
    game = _pick_shipped(rng, case)
    case.stage = "new_game"
    state = game.new_game(rng.randrange(10_000))
    case.stage = "play"
    for _ in range(rng.choice((0, 1, 3, 10))):
        if state.is_over or not state.legal_moves():
            break
        state.play_random(rng)
    case.stage = "save"
    path = records.save(state, ["random"] * (game.players - 1) + ["mcts:50"], workdir / "fuzz.save")
    case.text = mutate_yaml(path.read_text(encoding="utf-8"), rng, game)
    exercise_save(case, workdir)


def exercise_save(case: Case, workdir: Path) -> None:
    path = workdir / "fuzz.save"
    path.write_text(case.text, encoding="utf-8", errors="surrogatepass")
    case.stage = "records.load"
    state, _ = records.load(path)
    case.stage = "to_yaml"
    state.to_yaml()


CASES: dict[str, Callable[[Case, random.Random, Path], None]] = {
    "rules": _rules_case, "position": _position_case, "moves": _moves_case, "save": _save_case}


# ---- running cases ------------------------------------------------------------------------------

def run_case(kind: str, seed: int, workdir: Path, budget: float | None = 5.0) -> tuple[Case, Finding | None]:
    """One case by kind and seed; a Finding when something other than a documented error escaped."""
    case = Case(kind, seed)
    rng = random.Random(f"{kind}/{seed}")
    return case, _guarded(case, budget, lambda: CASES[kind](case, rng, workdir))


def _guarded(case: Case, budget: float | None, body: Callable[[], None]) -> Finding | None:
    try:
        with time_budget(budget):
            body()
    except ALLOWED as err:
        case.outcome = type(err).__name__
        return None
    except (Exception, CaseTimeout, RecursionError, MemoryError) as err:
        sig = signature(err, case.stage)
        message = f"{type(err).__name__}: {err}"[:2000]
        return Finding(case.kind, case.seed, sig, message, case.game, case.text,
                       "".join(traceback.format_exception(err))[-6000:])
    return None


def reproduces(finding: Finding, text: str, workdir: Path, budget: float | None) -> bool:
    """Does `text`, in place of the finding's input, fail with the same signature?"""
    case = Case(finding.kind, finding.seed, finding.game, text)
    rng = random.Random(f"{finding.kind}/{finding.seed}/replay")
    if finding.kind == "rules":
        body = lambda: exercise_rules(case, rng, workdir)  # noqa: E731
    elif finding.kind == "position":
        game = _game_of(finding)
        body = lambda: exercise_position(case, rng, game)  # noqa: E731
    elif finding.kind == "save":
        body = lambda: exercise_save(case, workdir)  # noqa: E731
    else:
        return False  # a move text is short: shown as it is
    again = _guarded(case, budget, body)
    return again is not None and again.signature == finding.signature


def _game_of(finding: Finding) -> gamedsl.Game:
    rng = random.Random(f"{finding.kind}/{finding.seed}")
    case = Case(finding.kind, finding.seed)
    return _pick_shipped(rng, case)


def shrink(finding: Finding, workdir: Path, budget: float | None, tries: int = 400, seconds: float = 60) -> str:
    """The finding's input with as many lines, then words, removed as keep its signature
    (greedy chunk removal, a small delta debugging), within so many tries and seconds."""
    if not reproduces(finding, finding.text, workdir, budget):
        return finding.text
    left = [tries]
    deadline = time.monotonic() + seconds

    def still(pieces: list[str], joiner: str) -> bool:
        left[0] -= 1
        return (left[0] > 0 and time.monotonic() < deadline
                and reproduces(finding, joiner.join(pieces), workdir, budget))

    lines = _remove_chunks(finding.text.split("\n"), lambda p: still(p, "\n"))
    return "\n".join(_remove_chunks_in_lines(lines, lambda p: still(p, "\n")))


def _remove_chunks(pieces: list[str], keeps: Callable[[list[str]], bool]) -> list[str]:
    size = max(1, len(pieces) // 2)
    while size >= 1:
        i = 0
        while i < len(pieces):
            trial = pieces[:i] + pieces[i + size:]
            if trial and keeps(trial):
                pieces = trial
            else:
                i += size
        size //= 2
    return pieces


def _remove_chunks_in_lines(lines: list[str], keeps: Callable[[list[str]], bool]) -> list[str]:
    """Words dropped one at a time from each line (after the lines themselves are few)."""
    if len(lines) > 40:
        return lines
    for n in range(len(lines)):
        parts = lines[n].split(" ")
        i = len(parts) - 1
        while i >= 0 and len(parts) > 1:
            trial = parts[:i] + parts[i + 1:]
            if keeps(lines[:n] + [" ".join(trial)] + lines[n + 1:]):
                parts = trial
                lines[n] = " ".join(parts)
            i -= 1
    return lines


# ---- the long-run tool --------------------------------------------------------------------------

@dataclass
class Tally:
    cases: Counter = field(default_factory=Counter)  # by kind
    outcomes: Counter = field(default_factory=Counter)  # (kind, outcome)
    signatures: Counter = field(default_factory=Counter)
    first: dict[str, Finding] = field(default_factory=dict)

    def add(self, case: Case, finding: Finding | None) -> bool:
        """Count a case; True when its finding has a new signature."""
        self.cases[case.kind] += 1
        self.outcomes[(case.kind, "finding" if finding else case.outcome)] += 1
        if finding is None:
            return False
        self.signatures[finding.signature] += 1
        if finding.signature in self.first:
            return False
        self.first[finding.signature] = finding
        return True


def _limit_memory(megabytes: int) -> None:
    if megabytes:
        limit = megabytes * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _report(tally: Tally, seconds: float, out: Path | None) -> None:
    print(f"\n{sum(tally.cases.values())} cases in {seconds:.0f}s: "
          + ", ".join(f"{k} {n}" for k, n in tally.cases.items()))
    for kind in tally.cases:
        counts = {o: n for (k, o), n in sorted(tally.outcomes.items()) if k == kind}
        print(f"  {kind:9} " + ", ".join(f"{o} {n}" for o, n in counts.items()))
    print(f"{len(tally.signatures)} distinct crash signatures:")
    for sig, n in tally.signatures.most_common():
        f = tally.first[sig]
        print(f"  {n:5}  {sig}  (first: --replay {f.kind}:{f.seed}, {f.game})")
    if out:
        print(f"reproducers in {out}/")


def _write_reproducer(out: Path, number: int, finding: Finding, small: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    suffix = {"rules": ".game", "position": ".yaml", "save": ".save"}.get(finding.kind, ".txt")
    base = out / f"{number:02d}-{finding.kind}-{finding.seed}"
    base.with_suffix(suffix).write_text(small, encoding="utf-8", errors="surrogatepass")
    base.with_suffix(".log").write_text(f"{finding.headline()}\ngame: {finding.game}\n\n{finding.trace}",
                                        encoding="utf-8", errors="replace")


def fuzz(kinds: list[str], start: int, seconds: float, budget: float, out: Path | None, minimize: bool) -> Tally:
    tally = Tally()
    began = time.monotonic()
    seed = start
    with tempfile.TemporaryDirectory(prefix="gamedsl-fuzz-") as tmp:
        workdir = Path(tmp)
        while time.monotonic() - began < seconds:
            for kind in kinds:
                case, finding = run_case(kind, seed, workdir, budget)
                if tally.add(case, finding):
                    print(f"NEW  {finding.headline()}", flush=True)
                    small = shrink(finding, workdir, budget) if minimize and kind != "moves" else finding.text
                    if out:
                        _write_reproducer(out, len(tally.first), finding, small)
            seed += 1
            if seed % 200 == 0:
                print(f"... seed {seed}, {sum(tally.cases.values())} cases, "
                      f"{len(tally.signatures)} signatures", flush=True)
    _report(tally, time.monotonic() - began, out)
    return tally


def replay(spec: str, budget: float) -> None:
    kind, seed = spec.split(":")
    with tempfile.TemporaryDirectory(prefix="gamedsl-fuzz-") as tmp:
        case, finding = run_case(kind, int(seed), Path(tmp), budget)
    print(f"game: {case.game}\ninput:\n{case.text}\n---")
    print(finding.trace if finding else f"no finding (outcome: {case.outcome})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=0, help="first case seed")
    parser.add_argument("--kinds", default=",".join(KINDS), help="comma-separated: " + ", ".join(KINDS))
    parser.add_argument("--budget", type=float, default=5.0, help="seconds a case may take before it is a hang")
    parser.add_argument("--memory-mb", type=int, default=2048, help="address-space limit (0: none)")
    parser.add_argument("--out", type=Path, help="directory for each new signature's reproducer and trace")
    parser.add_argument("--no-shrink", action="store_true", help="keep reproducers as found")
    parser.add_argument("--replay", metavar="KIND:SEED", help="run one case and print its traceback")
    args = parser.parse_args()
    _limit_memory(args.memory_mb)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    if args.replay:
        replay(args.replay, args.budget)
        return
    kinds = [k for k in args.kinds.split(",") if k]
    unknown = set(kinds) - set(KINDS)
    if unknown:
        parser.error(f"unknown kinds: {', '.join(sorted(unknown))}")
    tally = fuzz(kinds, args.seed, args.minutes * 60, args.budget, args.out, not args.no_shrink)
    sys.exit(1 if tally.signatures else 0)


if __name__ == "__main__":
    main()
