"""Moves tried one after another from one position — each made, judged and taken back — with
the position's legal moves listed once: a take-back restores the position exactly, so the list
made before the first move still holds, and is not made again after every take-back (as a
`play` after an `undo` would)."""

from __future__ import annotations

from ..engine import Move, State


class Trials:
    """The moves tried from `world` as it is now."""

    def __init__(self, world: State):
        self.world = world
        self.legal = world._legal_internal()
        self.allowed = set(self.legal)

    def make(self, move: Move) -> bool:
        """Make `move` (recorded, as `play` makes it) when the position allows it; False when it
        does not (the world dealt otherwise). A rule that fails raises, as in `play`."""
        world = self.world
        if world.over:
            return False
        try:
            internal = world.canonical(world.game.codec.internal(move, world.current))
        except ValueError:
            return False
        if internal not in self.allowed:
            return False
        world._play_internal(internal)
        return True

    def take_back(self, made: int = 1) -> None:
        """Take back the last `made` moves, which began at the position of the trials."""
        world = self.world
        for _ in range(made):
            world._undo()
        world._legal = self.legal
