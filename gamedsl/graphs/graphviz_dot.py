"""Running Graphviz's `dot` program, when it is installed, through the `graphviz` package (a
small wrapper that pipes to it). Without it, or with `GAMEDSL_LAYOUT=python`, the pictures use
the pure-Python layered layout instead: set that variable to compare the two or to test both."""

from __future__ import annotations

import os
import shutil

ENV = "GAMEDSL_LAYOUT"  # "python": never use Graphviz; "graphviz" or unset: use it when installed


def has_graphviz() -> bool:
    """Whether the `dot` program and its Python binding are both there."""
    if shutil.which("dot") is None:
        return False
    try:
        import graphviz  # noqa: F401
    except ImportError:
        return False
    return True


def use_graphviz(engine: str | None = None) -> bool:
    """`engine` ("graphviz" or "python") decides; else the environment variable; else whether
    Graphviz is installed."""
    choice = (engine or os.environ.get(ENV, "")).strip().lower()
    if choice in ("python", "fallback"):
        return False
    return has_graphviz()


def run_dot(source: str, fmt: str) -> bytes | None:
    """`dot -T<fmt>` of the DOT text; None when Graphviz fails, so the caller falls back."""
    import graphviz

    try:
        return graphviz.pipe("dot", fmt, source.encode("utf-8"), quiet=True)
    except (graphviz.ExecutableNotFound, graphviz.CalledProcessError, OSError):
        return None
