"""Rules files as environments for reinforcement learning (a leaf package: the engine never
imports it). `ObservationLayout`: what a player sees, as a float32 vector laid out from the file."""

from .observation import ObservationLayout, Segment

__all__ = ["ObservationLayout", "Segment"]
