"""Pictures of a game for its authors, built with networkx from the compiled game: the rules
graph (where cards may travel, and what governs each way) and the move graph (the positions a
turn or a few moves can reach). A leaf of the package: the engine never imports it."""

from .moves import move_graph
from .render import write_graph
from .rules import rules_graph

__all__ = ["move_graph", "rules_graph", "write_graph"]
