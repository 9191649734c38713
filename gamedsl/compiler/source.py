"""Generated Python source, and the values it names, made into functions.

The compiler writes rules out as Python (conditions, effects, whole moves, listings of plays):
each value the source needs (a table, a closure, a zone list) is bound to a fresh name in the
functions' globals, and each function keeps its source for whoever reads it (`.source`)."""

from __future__ import annotations

from typing import Any


class Source:
    def __init__(self, prefix: str, names: dict[str, Any] | None = None):
        self.prefix = prefix
        self.env: dict[str, Any] = {"__builtins__": __builtins__, **(names or {})}  # the functions' globals

    def bind(self, value: Any) -> str:
        """A new global name for `value`, to write in source."""
        name = f"{self.prefix}{len(self.env)}"
        self.env[name] = value
        return name

    def function(self, lines: list[str]) -> Any:
        """The one function `lines` define (`def …` first), with its source kept."""
        scope: dict[str, Any] = {}
        exec("\n".join(lines), self.env, scope)  # noqa: S102 - our own generated source
        made = next(iter(scope.values()))
        made.source = "\n".join(lines)
        return made
