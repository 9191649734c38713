"""A rules file is data, never code (issue 15, item 1).

The compiler writes rules out as Python. These tests generate the code of every shipped game and
of hostile files — every control and line-separator character, followed by Python, in every
string, in the section texts and in the file's name — and check with `ast`, independently of the
compiler's own check, that the generated functions hold only what the compiler means: one
function, no imports, no names but their own, the values bound by the compiler and plain
builtins, no text of the file. Playing the hostile games must never create the marker file.
"""

from __future__ import annotations

import ast
import io
import random
import re
import tokenize
from pathlib import Path

import pytest

import gamedsl
from gamedsl.compiler import source as generated
from gamedsl.errors import RulesError

GAMES = Path(__file__).resolve().parents[1] / "games"
GAME_FILES = sorted(GAMES.rglob("*.game"))
BASE_FILES = sorted(GAMES.glob("*.game"))

# Every C0 control but the line feed that ends lines of the file itself, DEL, the C1 controls
# Python or str.splitlines treat as line ends, and the Unicode line and paragraph separators.
HOSTILE = [chr(c) for c in range(0x20) if c != 0x0A] + ["\x7f", "\x85", "\u2028", "\u2029"]
MARKER = "gamedsl_pwned"
PAYLOAD = f"__import__('os').system('touch {MARKER}') # "
SECTION_PAYLOAD = "import os as gamedsl_pwned_section # "  # section texts end at the first ')'
SAFE_BUILTINS = {"len", "range", "isinstance", "tuple", "list", "min", "max", "sum", "any", "all", "abs", "int",
                 "float", "bool", "enumerate", "zip", "reversed", "sorted", "set", "frozenset", "dict", "next", "iter"}
COMMENT = re.compile(r"# [A-Za-z0-9_ ,.'()-]*\Z")  # what the compiler's own comments look like


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str, set[str]]]:
    """Every source the compiler makes into a function while the test runs: (mode, source, names bound)."""
    seen: list[tuple[str, str, set[str]]] = []
    function, expression = generated.Source.function, generated.Source.expression

    def record_function(self, lines):
        made = function(self, lines)
        seen.append(("exec", made.source, set(self.env)))
        return made

    def record_expression(self, code):
        made = expression(self, code)
        seen.append(("eval", f"lambda st, p, mv: {code}", set(self.env)))
        return made

    monkeypatch.setattr(generated.Source, "function", record_function)
    monkeypatch.setattr(generated.Source, "expression", record_expression)
    return seen


def assert_only_what_the_compiler_means(mode: str, source: str, env: set[str]) -> None:
    """One function; no import, class, nested function or dunder; only names it binds, the
    compiler's bound values and safe builtins; string constants only identifiers (value names);
    comments only the compiler's."""
    tree = ast.parse(source, mode=mode)
    top = tree.body if mode == "exec" else [tree.body]
    assert len(top) == 1 and isinstance(top[0], ast.FunctionDef if mode == "exec" else ast.Lambda), source
    local = {a.arg for a in ast.walk(tree) if isinstance(a, ast.arg)}
    local |= {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    for node in ast.walk(tree):
        assert not isinstance(node, (ast.Import, ast.ImportFrom, ast.ClassDef, ast.Global, ast.Nonlocal,
                                     ast.With, ast.Try, ast.Delete, ast.AsyncFunctionDef)), source
        assert not (isinstance(node, ast.FunctionDef) and node is not top[0]), source
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            assert node.id in local or node.id in env or node.id in SAFE_BUILTINS, (node.id, source)
        if isinstance(node, ast.Attribute):
            assert not node.attr.startswith("__"), source
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            assert node.value.isidentifier() and node.value.isascii(), source
    assert all(line.isprintable() for line in source.split("\n")), source
    if mode == "exec":
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.COMMENT:
                assert COMMENT.match(token.string), token.string


def play_a_little(game: gamedsl.Game, seed: int, moves: int = 40) -> None:
    rng = random.Random(seed)
    state = game.new_game(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.play(rng.choice(state.legal_moves()))
        state.explain(str(state.legal_moves()[0])) if state.legal_moves() else None


@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: p.relative_to(GAMES).as_posix())
def test_the_code_of_every_shipped_game_is_only_what_the_compiler_means(path: Path, recorded) -> None:
    game = gamedsl.load_game(str(path))
    play_a_little(game, 1)
    assert len(recorded) > 10
    for mode, source, env in recorded:
        assert_only_what_the_compiler_means(mode, source, env)


def _hostile(text: str, bad: str) -> str:
    """`text` with every string and section text beginning with `bad` and Python after it."""
    text = re.sub(r'"([^"\n]*)"', lambda m: f'"{m.group(1)}{bad}{PAYLOAD}"', text)
    return re.sub(r"(\b(?:move|build|priority|end|whenever|combination|effect) \w+(?: \"[^\"\n]*\")?) ?\(([^)\n]+)\)",
                  lambda m: f"{m.group(1)} ({m.group(2)}{bad}{SECTION_PAYLOAD})", text)


@pytest.mark.parametrize("bad", HOSTILE, ids=lambda c: f"U+{ord(c):04X}")
def test_hostile_strings_and_file_names_never_become_code(bad: str, tmp_path: Path, monkeypatch, recorded) -> None:
    monkeypatch.chdir(tmp_path)
    name_part = "" if bad in "\x00/" else bad + PAYLOAD.replace("/", "")
    loaded = 0
    for base in BASE_FILES:
        hostile = _hostile(base.read_text(encoding="utf-8"), bad)
        assert hostile.count(PAYLOAD) >= 2
        path = tmp_path / f"{base.stem}{name_part}.game"
        path.write_bytes(hostile.encode("utf-8"))
        try:
            game = gamedsl.load_game(str(path))
        except RulesError as err:  # refused with a message is fine; it must say where
            assert str(err)
            continue
        loaded += 1
        assert bad in game.title or bad in "\r"  # the title is kept as written (a lone CR ends no line here)
        play_a_little(game, 2, moves=25)
    assert loaded >= 3
    assert not (tmp_path / MARKER).exists()
    assert not Path(MARKER).exists()
    for mode, source, env in recorded:
        assert "system" not in source and "pwned" not in source
        assert_only_what_the_compiler_means(mode, source, env)


@pytest.mark.parametrize("source, why", [
    ("def f(st):\n    import os", "Import"),
    ("def f(st):\n    return open('x')", "unknown name open"),
    ("def f(st):\n    return st.__class__", "attribute __class__"),
    ("def f(st):\n    return [x for x in ()].gi_frame", "attribute gi_frame"),
    ("def f(st):\n    return st.f_globals", "attribute f_globals"),
    ("def f(st):\n    return st['__builtins__']", "text"),
    ("def f(st):\n    return 'a b'", "text"),
    ("def f(st):\n    return 1\ndef g(st):\n    return 2", "exactly one function"),
    ("def f(st):\n    # a comment\r    return 1", "unprintable"),
    ("def f(st):\n    def g():\n        pass", "nested function"),
    ("def f(st):\n    return (lambda: 1)", "lambda"),
    ("x = 1", "exactly one function"),
])
def test_the_compilers_check_refuses_what_it_never_writes(source: str, why: str) -> None:
    with pytest.raises(generated.GeneratedCodeError, match=why):
        generated.verify(source, {"st"})


def test_identifiers_and_numbers_are_checked_before_they_are_written() -> None:
    assert generated.identifier("play_3") == "play_3"
    for bad in ("a b", "x\r", "é", "1a", "", "a#"):
        with pytest.raises(generated.GeneratedCodeError):
            generated.identifier(bad)
    assert generated.number(3) == "3" and generated.number(0.5) == "0.5"
    for bad in (float("nan"), float("inf"), True, "1"):
        with pytest.raises(generated.GeneratedCodeError):
            generated.number(bad)


def test_generated_functions_see_only_safe_builtins() -> None:
    code = generated.Source("_z")
    fn = code.function(["def f(st):", "    return len(st)"])
    assert fn([1, 2]) == 2
    assert "open" not in fn.__globals__["__builtins__"] and "__import__" not in fn.__globals__["__builtins__"]
