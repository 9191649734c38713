"""The playout over C state (gamedsl/compiler/native/state_playout.py): move for move the Python
loop's game, the Python `State` left as the Python loop leaves it (at the end, at a limit, after
a redeal), and every game or position it does not hold played in Python."""

from __future__ import annotations

import random
import re

import pytest

import gamedsl
from gamedsl.compiler.native import state_playout, translate
from gamedsl.compiler.native.emit import Unsupported
from gamedsl.errors import RulesRuntimeError

from .test_native import ROOT, load, needs_compiler


def whole(state: gamedsl.State) -> tuple:
    """Everything of a position a playout may change (the caches `rank_counts` and `lead_lists` aside)."""
    return (state.key(), state.zones, state.counters, [type(c) for c in state.counters], state.phase,
            state.current, state.turn_number, state.moves_in_turn, state.deal_number, state.over, state.points,
            state.results, state.combos, state.played_by, state.public, state.winner, state.forgotten,
            state._legal, state.said, [tuple(map(type, r.scores)) for r in state.results], list(map(type, state.points)))


def played(game: gamedsl.Game, seed: int, limit: int | None, before: int = 0) -> tuple:
    state = game.new_game(seed)
    rng = random.Random(seed)
    for _ in range(before):  # a few recorded moves first: the playout starts from a listed position
        if not state.is_over:
            state.play_random(rng)
    state.legal_moves()
    made = state.playout(rng, limit)
    return (made, whole(state), rng.getstate())


def changed_dou_dizhu(line: str, by: str, folder, monkeypatch: pytest.MonkeyPatch) -> tuple:
    """Dou Dizhu with one line of its rules changed, compiled for the Python path and the native one."""
    text = (ROOT / "games" / "dou_dizhu.game").read_text()
    changed = text.replace(line, by, 1)
    assert changed != text
    path = folder / "changed.game"
    path.write_text(changed)
    return load(str(path), "python", monkeypatch), load(str(path), "native", monkeypatch)


@needs_compiler
@pytest.mark.parametrize("limit", [None, 0, 1, 4, 9, 25])
def test_dou_dizhu_over_c_state_is_the_python_game(limit: int | None, monkeypatch: pytest.MonkeyPatch) -> None:
    python, native = load("dou_dizhu", "python", monkeypatch), load("dou_dizhu", "native", monkeypatch)
    assert state_playout.for_game(native.compiled) is not None
    assert state_playout.for_game(python.compiled) is None
    for seed in range(25):
        for before in (0, 3):
            assert played(native, seed, limit, before) == played(python, seed, limit, before), (seed, before)


@needs_compiler
def test_redeals_and_ends_run_in_python_between_c_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seeds whose deals were dealt again (every player passed) and ended: the escapes."""
    python, native = load("dou_dizhu", "python", monkeypatch), load("dou_dizhu", "native", monkeypatch)
    redealt = 0
    for seed in range(120):
        ours = played(native, seed, None)
        assert ours == played(python, seed, None), seed
        redealt += any(r.end == "no_bid" for r in ours[1][11])
    assert redealt > 0


@needs_compiler
def test_a_game_it_does_not_translate_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    python, native = load("russian_bank", "python", monkeypatch), load("russian_bank", "native", monkeypatch)
    assert state_playout.for_game(native.compiled) is None
    for seed in range(2):
        assert played(native, seed, 300) == played(python, seed, 300)


@needs_compiler
def test_an_effect_it_does_not_hold_makes_the_game_fall_back(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    python, native = changed_dou_dizhu("        set bid to n\n", "        set bid to n\n        say \"{own} bids\"\n",
                                       tmp_path, monkeypatch)
    with pytest.raises(Unsupported):
        state_playout.game_source(native.compiled)
    assert state_playout.for_game(native.compiled) is None
    for seed in range(3):
        assert played(native, seed, None) == played(python, seed, None)


SCORE = "    each player scores bid * multiplier * spring * (2 if own on_landlord_side = 1 else 1) * (1 if own on_landlord_side = winner's on_landlord_side else -1)\n"


def counted_in_c(game: gamedsl.Game) -> set[int]:
    """The `end` rules whose scores the C counts (the cases of its `score_deal`)."""
    source = state_playout.game_source(game.compiled)[0]
    body = source[source.index("static int score_deal(S *s, int rule, double *out) {"):]
    return {int(n) for n in re.findall(r"case (\d+): for", body[:body.index("default:")])}


@needs_compiler
@pytest.mark.parametrize("score, in_c", [
    (SCORE, True),  # Dou Dizhu's own: values, `winner's`
    ("    winner scores bid * multiplier + winner's on_landlord_side - landlord_plays\n", True),
    ("    each player scores bid / 2 + landlord_plays\n", False),  # a division (checked for zero in Python)
    ("    then: add 1 to passes\n" + SCORE, False),  # an effect before the scores
    ("    each player scores (1 if own hand is empty else 0) - farmer_plays * 0.5\n", True),  # a float score
])
def test_the_end_of_a_deal_is_counted_in_c_where_it_can_be(score: str, in_c: bool, tmp_path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """An `end` rule without effects whose score translates is counted in C and recorded by
    `State._deal_scored`; the others end the deal in Python: the same result either way
    (scores of the same types: an int for a whole number, as `_number` gives them)."""
    if score == SCORE:
        python, native = load("dou_dizhu", "python", monkeypatch), load("dou_dizhu", "native", monkeypatch)
    else:
        python, native = changed_dou_dizhu(SCORE, score, tmp_path, monkeypatch)
    assert state_playout.for_game(native.compiled) is not None
    out = [e.info.name for e in native.compiled.ends].index("out")
    assert (out in counted_in_c(native)) == in_c
    for seed in range(30):
        assert played(native, seed, None) == played(python, seed, None), seed


@needs_compiler
def test_replaced_appliers_are_not_run_in_c(monkeypatch: pytest.MonkeyPatch) -> None:
    native = load("dou_dizhu", "native", monkeypatch)
    loop = state_playout.for_game(native.compiled)
    assert loop is not None
    state = native.new_game(1)
    monkeypatch.setattr(native.compiled, "unrecorded_appliers", list(native.compiled.unrecorded_appliers))
    assert loop.run(state, random.Random(1), -1) is not None  # the same functions
    monkeypatch.setattr(native.compiled, "unrecorded_appliers", [lambda st, mv: None] * 3)
    assert loop.run(state, random.Random(1), -1) is None


def test_native_0_keeps_the_python_playout(monkeypatch: pytest.MonkeyPatch) -> None:
    assert state_playout.for_game(load("dou_dizhu", "python", monkeypatch).compiled) is None


@needs_compiler
def test_nothing_of_the_file_reaches_the_c_source(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same rules under other names give the very same C: no name of the file is in it."""
    text = (ROOT / "games" / "dou_dizhu.game").read_text()
    renamed = text.replace("Dou Dizhu", "Some Game")
    for old, new in (("bid", "wager"), ("landlord", "boss"), ("passes", "skips"), ("multiplier", "factor"),
                     ("hand", "grip"), ("table", "board"), ("bottom", "kitty"), ("bidding", "auction"),
                     ("rocket", "missile"), ("bomb", "boom"), ("solo", "single_one")):
        renamed = re.sub(rf"\b{old}\b", new, renamed)
    assert renamed.count("boss") > 5
    path = tmp_path / "renamed.game"
    path.write_text(renamed)
    original, other = load("dou_dizhu", "native", monkeypatch), load(str(path), "native", monkeypatch)
    assert state_playout.game_source(original.compiled)[0] == state_playout.game_source(other.compiled)[0]


def test_numbers_only_reach_the_source() -> None:
    assert translate.number(3) == "3" and translate.number(2.0) == "2.0" and translate.number(True) == "1"
    for value in ("x", 2 ** 40, float("nan"), None, (1,)):
        with pytest.raises(Unsupported):
            translate.number(value)


def failed(game: gamedsl.Game, seed: int) -> tuple:
    """A playout stopped by a gap in the rules: the error, and the state it left (but the
    listing the Python loop keeps of the position before the failed move, a stale cache)."""
    state = game.new_game(seed)
    rng = random.Random(seed)
    with pytest.raises(RulesRuntimeError) as gap:
        state.playout(rng)
    state._legal = None
    return str(gap.value), whole(state), rng.getstate()


@needs_compiler
def test_a_gap_found_in_c_is_raised_by_the_python_closure(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`landlord's hand` with no seat in the counter: the C finds it, the closure raises it, and
    the state is the one the Python loop leaves (phase set and bottom revealed before it)."""
    python, native = changed_dou_dizhu("set landlord to own seat\n", "set landlord to own seat + 5\n",
                                       tmp_path, monkeypatch)
    assert state_playout.for_game(native.compiled) is not None
    for seed in range(4):
        ours = failed(native, seed)
        assert "which is not a seat" in ours[0]
        assert ours == failed(python, seed)


@needs_compiler
def test_a_position_the_c_state_does_not_hold_is_played_in_python(monkeypatch: pytest.MonkeyPatch) -> None:
    python, native = load("dou_dizhu", "python", monkeypatch), load("dou_dizhu", "native", monkeypatch)
    loop = state_playout.for_game(native.compiled)
    assert loop is not None
    odd = native.new_game(5)
    odd.public = frozenset({99})  # a card number the C state's mask does not hold
    assert loop.run(odd, random.Random(5), -1) is None
    same = native.new_game(5)
    same.public = frozenset({99})
    assert whole(odd) == whole(same)  # untouched
    ours, theirs = native.new_game(5), python.new_game(5)
    ours.public = theirs.public = frozenset({99})
    first, second = random.Random(5), random.Random(5)
    assert ours.playout(first) == theirs.playout(second)
    assert whole(ours) == whole(theirs) and first.getstate() == second.getstate()


def _applier(body: str, env: dict | None = None):
    """A function of the generated applier's form, with its source (as `source.py` keeps it)."""
    text = "def _apply(st, mv):\n    p = st.current\n" + "".join(f"    {line}\n" for line in body.splitlines())
    names: dict = dict(env or {})
    exec(text, names)  # a test's own source
    fn = names["_apply"]
    fn.source = text
    return fn


def _shapes() -> translate.Shapes:
    return translate.Shapes(players=3, zones=4, counters=3, simple_turns=True, move_all=None, move_ranks=None,
                            reading=None, finders={}, action_shapes=["values"])


@pytest.mark.parametrize("body", [
    "st.counters[0] = (st.phase == 1)",  # a bool kept in a counter
    "st.counters[0] = st.counters[1] + 1",  # int or float: as the counter is
    "st.current = st.counters[0]",  # a float as the player to move
    "st.counters[p] = 1.0",  # a counter by a computed index
    "if (st.phase or 2) == 2:\n    st.phase = 1",  # `or` as a value
    "if st.counters[0] in _k1:\n    st.phase = 1",  # a float tested against ints
    "st.counters[0] = st.counters[1] / 2.0",  # division (checked for zero in Python)
    "st._say('x')",  # an engine call it does not know
])
def test_the_translation_refuses_what_it_would_get_wrong(body: str) -> None:
    with pytest.raises(Unsupported):
        translate.Translator(_shapes(), translate.Unit()).applier(_applier(body, {"_k1": frozenset({1})}), 0)


def test_the_translation_writes_what_it_holds() -> None:
    unit = translate.Unit()
    body = ("st.counters[0] = st.counters[0] + 1.0\nst.counters[1] = mv[1]\nst.counters[2] = st.counters[1]\n"
            "if mv[1] in _k1 and not st.zones[_k2[p]]:\n    st.current = (st.current + 1) % 3")
    translate.Translator(_shapes(), unit).applier(_applier(body, {"_k1": frozenset({2, 3}), "_k2": [0, 1, 2]}), 0)
    source = "\n".join(unit.functions)
    assert "s->cint[0] = 0" in source and "s->cint[1] = 1" in source and "s->cint[2] = s->cint[1]" in source
    assert "member(mv->v1, M" in source and "% 3 + 3) % 3" in source


def _expression(code: str, env: dict):
    """A fused expression of the form expressions.py makes (`lambda st, p, mv: CODE`, `.code` kept)."""
    fn = eval(f"lambda st, p, mv: {code}", env)  # a test's own source
    fn.code = code
    return fn


def test_values_and_possessives_translate_to_functions_that_cannot_fail() -> None:
    opponent = lambda st, p: (p + 1) % 3  # noqa: E731
    opponent.native = ("opponent",)
    env: dict = {"_values": {}, "_k1": opponent}
    env["_values"]["lead"] = _expression("(1.0 if (st.counters[0] == (p + 1)) else 0.0)", env)
    unit = translate.Unit()
    translator = translate.Translator(_shapes(), unit)
    name, kind = translator.expression_function(_expression("(_values['lead'](st, _k1(st, p), mv) * 2)", env), None)
    source = "\n".join(unit.functions)
    assert kind == "d" and f"static double {name}(" in source and "(((p) + 1) % 3)" in source
    generated = _applier("st.phase = 1")  # a generated function: it may escape to Python, so not here
    env["_k2"] = generated
    with pytest.raises(Unsupported):
        translator.expression_function(_expression("(_k2(st, p, mv) + 1)", env), None)
    with pytest.raises(Unsupported):  # a truth is not a score
        translator.expression_function(_expression("(st.phase == 1)", env), None)
