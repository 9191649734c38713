"""Rules files as environments for reinforcement learning (a leaf package: the engine never
imports it). `ActionSpace`: every move a file can produce, numbered from the file alone;
`ObservationLayout`: what a player sees, as a float32 vector laid out from the file."""

from .actions import LIMIT, ActionSpace
from .observation import ObservationLayout, Segment

__all__ = ["LIMIT", "ActionSpace", "ObservationLayout", "Segment"]
