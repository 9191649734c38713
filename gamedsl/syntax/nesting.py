"""How deep expressions nest, measured on Lark's parse tree before anything recursive reads it.

The syntax tree, the checker and the compiler all walk expressions recursively, and the
generated Python nests a parenthesis per operator: a few hundred operators inside each other
would overflow one of them. So the depth is measured here, without recursion, and a file that
nests deeper than `MAX_NESTING` is refused where its deep expression starts.
"""

from __future__ import annotations

from lark import Tree

from ..errors import Diagnostic, SourcePos
from ..limits import MAX_NESTING

# The rules that can hold an expression or condition inside another (each is one level); a chain
# `a + b + c` (rules `sum` and `product`) is one level per operator, as the syntax tree nests it.
_NESTING = frozenset({"or_cond", "and_cond", "if_expr", "neg", "max_of", "min_of", "max_over", "min_over",
                      "sum_over", "count_players", "count_zones", "next_after", "next_from", "for_each_stmt"})
_CHAINS = frozenset({"sum", "product"})


def _levels(tree: Tree) -> bool:
    data = str(tree.data)
    return data in _NESTING or data.startswith("cond_")


def _chain_height(children: list, height: dict[int, int]) -> int:
    """`o1 op o2 op … ok` nests as ((o1 op o2) op …) op ok: o1 under k-1 operators, o_i under k-i+1."""
    operands = children[0::2]
    k = len(operands)
    deepest = height.get(id(operands[0]), 0) + k - 1
    for i, operand in enumerate(operands[1:], 2):
        deepest = max(deepest, height.get(id(operand), 0) + k - i + 1)
    return deepest


def _heights(root: Tree) -> dict[int, int]:
    """Each subtree's nesting height (levels of operators in it), by id, computed bottom-up."""
    height: dict[int, int] = {}
    stack: list[tuple[Tree, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        if not done:
            stack.append((node, True))
            stack.extend((child, False) for child in node.children if isinstance(child, Tree))
            continue
        if str(node.data) in _CHAINS:
            height[id(node)] = _chain_height(node.children, height)
        else:
            below = max((height[id(c)] for c in node.children if isinstance(c, Tree)), default=0)
            height[id(node)] = below + (1 if _levels(node) else 0)
    return height


def _what(tree: Tree) -> str:
    data = str(tree.data)
    if data == "for_each_stmt":
        return "'for each player' block"
    return "condition" if data.startswith("cond_") or data in ("or_cond", "and_cond") else "expression"


def nesting_problems(root: Tree, path: str, lines: list[str]) -> list[Diagnostic]:
    """A diagnostic at the start of each outermost expression nested deeper than MAX_NESTING."""
    height = _heights(root)
    problems = []
    stack = [root]
    while stack:
        node = stack.pop()
        deep = height[id(node)]
        if deep <= MAX_NESTING:
            continue
        if (_levels(node) or str(node.data) in _CHAINS) and not getattr(node.meta, "empty", True):
            line, column = node.meta.line, node.meta.column
            problems.append(Diagnostic(
                SourcePos(path, line, column),
                f"this {_what(node)} nests {deep} levels deep (operators inside operators): at most {MAX_NESTING}",
                lines[line - 1] if 0 < line <= len(lines) else "",
                "name parts of it ('value NAME: …') and use the names"))
            continue
        stack.extend(child for child in node.children if isinstance(child, Tree))
    return sorted(problems, key=lambda d: (d.pos.line, d.pos.column))


__all__ = ["nesting_problems"]
