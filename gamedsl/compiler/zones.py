"""Zone instances for a given number of players, and how zone references resolve to them.

Instances are numbered once; everything downstream works with these small integers.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .. import cards
from ..model.model import TeamSpec, ZoneSpec
from ..syntax import ast

OPPONENT = "opponent's"


def seat_name(player: int) -> str:
    return f"P{player + 1}"


def instance_name(family: str, index: int | None) -> str:
    """`house3`; a family whose name ends with a digit puts `_` before the number (`row7_3`)."""
    if index is None:
        return family
    return f"{family}_{index}" if family[-1:].isdigit() else f"{family}{index}"


@dataclass(frozen=True)
class ZoneInstance:
    id: int
    spec: ZoneSpec
    owner: int | None  # the player whose zone it is (each-player zones)
    group_owner: int | None  # the player who was dealt it (shared zones dealt N per player)
    index: int | None  # 1-based number among the zone's instances (of that owner)
    name: str

    @property
    def shows_top_only(self) -> bool:
        return self.spec.kind in ("pile", "row", "slot")


class ZoneTable:
    """Every zone instance of a game with `players` players."""

    def __init__(self, specs: dict[str, ZoneSpec], players: int, teams: tuple[TeamSpec, ...] = ()):
        self.players = players
        # seat -> the seats of its team: `own` of a zone of each team is the team's, `opponent's`
        # the other teams'
        self.mates = {s: t.seats for t in teams for s in t.seats}
        self.instances: list[ZoneInstance] = []
        self.of_spec: dict[str, list[int]] = {}
        self.of_player: dict[tuple[str, int], list[int]] = {}
        for spec in specs.values():
            ids: list[int] = []
            if spec.per_team:  # shared instances, named by the team, each player reaching its team's
                for team in teams:
                    owned = []
                    for i in range(spec.count):
                        index = i + 1 if spec.indexed else None
                        owned.append(self._add(spec, None, None, index, f"{team.name}.{instance_name(spec.name, index)}"))
                    for player in team.seats:
                        self.of_player[(spec.name, player)] = owned
                    ids += owned
            elif spec.per_player:
                for player in range(players):
                    owned = []
                    for i in range(spec.count):
                        index = i + 1 if spec.indexed else None
                        name = f"{seat_name(player)}.{instance_name(spec.name, index)}"
                        owned.append(self._add(spec, player, None, index, name))
                    self.of_player[(spec.name, player)] = owned
                    ids += owned
            else:
                for i in range(spec.count):
                    index = i + 1 if spec.indexed else None
                    group_owner = i // spec.group if spec.group else None
                    # `one per suit`: named by its suit (foundationS ... foundationC), still numbered
                    name = f"{spec.name}{cards.SUIT_TEXT[i % 4]}" if spec.per_suit else instance_name(spec.name, index)
                    ids.append(self._add(spec, None, group_owner, index, name))
                if spec.group:
                    for player in range(players):
                        self.of_player[(spec.name, player)] = ids[player * spec.group:(player + 1) * spec.group]
            self.of_spec[spec.name] = ids
        self.by_name = {z.name: z.id for z in self.instances}
        self.names = [z.name for z in self.instances]

    def _add(self, spec: ZoneSpec, owner: int | None, group_owner: int | None, index: int | None, name: str) -> int:
        zone = ZoneInstance(len(self.instances), spec, owner, group_owner, index, name)
        self.instances.append(zone)
        return zone.id

    def __len__(self) -> int:
        return len(self.instances)

    def __getitem__(self, zone_id: int) -> ZoneInstance:
        return self.instances[zone_id]

    def resolve(self, ref: ast.ZoneRef, player: int | None) -> tuple[int, ...]:
        """The instances `ref` names from `player`'s point of view, in seat order."""
        name = ref.name
        if ref.owner is None:
            ids = list(self.of_spec[name])
            if ref.index is not None:
                ids = [ids[ref.index - 1]]
            return tuple(ids)
        if ref.owner == "each" or player is None:
            owners = list(range(self.players))
        elif ref.owner == "own":
            owners = [player]
        else:
            owners = [(player + k) % self.players for k in range(1, self.players)]
            if self.mates:  # a zone of each team: the other teams', not the partner's
                owners = [o for o in owners if o not in self.mates[player]]
        ids: list[int] = []
        for owner in owners:
            owned = self.of_player.get((name, owner), [])
            if ref.index is not None:
                owned = owned[ref.index - 1:ref.index]
            ids += [z for z in owned if z not in ids]  # (partners reach the same zone of their team)
        return tuple(ids)

    def resolve_all(self, refs: tuple[ast.ZoneRef, ...], player: int | None) -> tuple[int, ...]:
        seen: list[int] = []
        for ref in refs:
            for zone_id in self.resolve(ref, player):
                if zone_id not in seen:
                    seen.append(zone_id)
        return tuple(seen)

    def per_player(self, refs: tuple[ast.ZoneRef, ...]) -> list[tuple[int, ...]]:
        return [self.resolve_all(refs, p) for p in range(self.players)]


def at_instance(node, family: str, index: int):
    """`node` with `this FAMILY` read as `FAMILY INDEX`: the body of a `for each FAMILY` (or of
    `some FAMILY with (…)`) for one instance, so its zones resolve to numbers once, when compiled.
    A `for each` or quantifier over the same family inside keeps its own `this`."""
    if isinstance(node, ast.ZoneRef):
        if node.owner == "this" and node.name == family:
            return ast.ZoneRef(node.pos, None, node.name, index)
        return node
    if isinstance(node, (ast.ForEachZoneEffects, ast.OverZones)) and node.family.text == family:
        return node
    if isinstance(node, tuple):
        return tuple(at_instance(item, family, index) for item in node)
    if hasattr(node, "__dataclass_fields__"):
        changed = {}
        for field in node.__dataclass_fields__:
            if field == "pos":
                continue
            value = getattr(node, field)
            new = at_instance(value, family, index)
            if new is not value:
                changed[field] = new
        return replace(node, **changed) if changed else node
    return node
