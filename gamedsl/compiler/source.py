"""Generated Python source, and the values it names, made into functions.

The compiler writes rules out as Python (conditions, effects, whole moves, listings of plays):
each value the source needs (a table, a closure, a zone list, a rule's citation) is bound to a
fresh name in the functions' globals, and each function keeps its source for whoever reads it
(`.source`).

A rules file is data, never code. Nothing a file says is pasted into the source: names enter it
only through `identifier` (checked to be a plain ASCII identifier), numbers only as the `repr` of
an int or a finite float, and everything else (texts, citations, tables) only as a bound name.
That is how the source is built; `verify` then checks it before anything runs: every line is one
printable line, the tree is a single function of the node kinds the compiler writes, it reads only
its own parameters and locals, the bound names and a few builtins, and touches no dunder
attribute. A source that fails is a bug of the compiler, refused with `GeneratedCodeError`.
"""

from __future__ import annotations

import ast
import builtins
import math
import re
from typing import Any

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")

# The builtins generated code may call; the functions' globals see no others.
ALLOWED_BUILTINS = ("len", "range", "isinstance", "tuple", "list", "min", "max", "sum", "any", "all", "abs",
                    "int", "float", "bool", "enumerate", "zip", "reversed", "sorted", "set", "frozenset", "dict",
                    "next", "iter")
_BUILTINS = {name: getattr(builtins, name) for name in ALLOWED_BUILTINS if hasattr(builtins, name)}

# The kinds of node the compiler writes: statements, expressions and their parts. No imports,
# classes, `global`, `with`, `try`, `yield`, `await`, `del` or nested functions.
_ALLOWED_NODES = tuple(getattr(ast, name) for name in (
    "Module", "Expression", "FunctionDef", "Lambda", "arguments", "arg",
    "Return", "Assign", "AugAssign", "NamedExpr", "For", "While", "If", "Expr", "Pass", "Break", "Continue",
    "BoolOp", "BinOp", "UnaryOp", "IfExp", "Compare", "Call", "keyword", "Attribute", "Subscript", "Slice",
    "Name", "Constant", "Tuple", "List", "Set", "Dict", "ListComp", "SetComp", "GeneratorExp", "comprehension",
    "Load", "Store", "And", "Or", "Not", "USub", "UAdd", "Invert", "Add", "Sub", "Mult", "Div", "FloorDiv", "Mod",
    "BitAnd", "BitOr", "BitXor", "LShift", "RShift", "Eq", "NotEq", "Lt", "LtE", "Gt", "GtE", "In", "NotIn",
    "Is", "IsNot"))


# Attributes of frames, generators, coroutines, tracebacks and code objects: the ways from a
# value to the interpreter's internals that do not start with a double underscore.
_INTERNAL_ATTRIBUTES = re.compile(r"(f|gi|cr|ag|tb|co)_|mro\Z|format\Z")


class GeneratedCodeError(Exception):
    """The compiler wrote source it did not mean to (a bug of gamedsl, never of a rules file)."""


def identifier(text: str) -> str:
    """`text`, which must be a plain ASCII identifier, for use as a name in generated source."""
    if not isinstance(text, str) or not _IDENTIFIER.match(text):
        raise GeneratedCodeError(f"not an identifier: {text!r}")
    return text


def number(value: float) -> str:
    """The literal of an int or a finite float."""
    if type(value) is int or (type(value) is float and math.isfinite(value)):
        return repr(value)
    raise GeneratedCodeError(f"not a finite number: {value!r}")


def verify(source: str, known: set[str] | dict[str, Any], mode: str = "exec") -> ast.AST:
    """The parsed tree of `source` after checking that it holds only what the compiler writes."""
    for line in source.split("\n"):
        if not line.isprintable():
            raise GeneratedCodeError(f"generated line holds an unprintable character: {line!r}")
    try:
        tree = ast.parse(source, mode=mode)
    except SyntaxError as err:
        raise GeneratedCodeError(f"generated source does not parse ({err.msg}): {source!r}") from None
    body = tree.body if isinstance(tree, ast.Module) else [tree.body]
    if len(body) != 1 or not isinstance(body[0], ast.FunctionDef if mode == "exec" else ast.Lambda):
        raise GeneratedCodeError("generated source must be exactly one function")
    bound = _names_bound(tree)
    for node in ast.walk(tree):
        if not isinstance(node, _ALLOWED_NODES):
            raise GeneratedCodeError(f"generated source holds a {type(node).__name__}")
        if isinstance(node, ast.FunctionDef) and node is not body[0]:
            raise GeneratedCodeError("generated source defines a nested function")
        if isinstance(node, ast.Lambda) and mode == "exec":
            raise GeneratedCodeError("generated source holds a lambda")
        if isinstance(node, ast.Attribute) and (node.attr.startswith("__") or _INTERNAL_ATTRIBUTES.match(node.attr)):
            raise GeneratedCodeError(f"generated source reads the attribute {node.attr}")
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            if node.id not in bound and node.id not in known and node.id not in _BUILTINS:
                raise GeneratedCodeError(f"generated source reads an unknown name {node.id}")
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and (
                not _IDENTIFIER.match(node.value) or node.value.startswith("__")):
            raise GeneratedCodeError(f"generated source holds the text {node.value!r}")
        if isinstance(node, ast.Constant) and isinstance(node.value, bytes):
            raise GeneratedCodeError("generated source holds bytes")
    return tree


def _names_bound(tree: ast.AST) -> set[str]:
    """The parameters and local names of the generated function."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.FunctionDef):
            names.add(node.name)
    return names


class Source:
    def __init__(self, prefix: str, names: dict[str, Any] | None = None):
        self.prefix = identifier(prefix)
        self.env: dict[str, Any] = {"__builtins__": dict(_BUILTINS)}  # the functions' globals
        for name, value in (names or {}).items():
            self.env[identifier(name)] = value

    def bind(self, value: Any) -> str:
        """A new global name for `value`, to write in source."""
        name = f"{self.prefix}{len(self.env)}"
        self.env[name] = value
        return name

    def function(self, lines: list[str]) -> Any:
        """The one function `lines` define (`def …` first), with its source kept."""
        source = "\n".join(lines)
        tree = verify(source, self.env)
        scope: dict[str, Any] = {}
        exec(compile(tree, "<gamedsl generated>", "exec"), self.env, scope)  # noqa: S102 - verified source
        made = next(iter(scope.values()))
        made.source = source
        return made

    def expression(self, code: str) -> Any:
        """A function `lambda st, p, mv: CODE`, with its code kept (`.code`)."""
        tree = verify(f"lambda st, p, mv: {code}", self.env, mode="eval")
        made = eval(compile(tree, "<gamedsl generated>", "eval"), self.env)  # verified source
        made.code = code
        return made
