"""The rules graph: zones as nodes, one edge for each way a card can travel between them."""

from __future__ import annotations

from typing import Any

import networkx as nx

from ..compiler.zones import at_instance
from ..engine.game import Game
from ..syntax import ast


def _family(game: Game, zone_id: int) -> str:
    """A zone's node: the instances of one family and owner are one node (`house`, `P1.reserve`)."""
    zone = game.compiled.zones[zone_id]
    return zone.spec.name if zone.owner is None else f"P{zone.owner + 1}.{zone.spec.name}"


def _where(info: Any) -> str:
    return f"{info.pos.file}:{info.pos.line}"


def rules_graph(game: Game) -> nx.DiGraph:
    """Zones grouped by owner; an edge for every move (and effect) that takes cards from one to
    the other, labelled with the move, the building rule of the target and the priorities that
    govern it, each with its `file:line`. Phases and combination kinds are drawn too when the
    game has them (`phase:…` and `combination:…` nodes, `beats` edges from a higher tier or a
    later kind of a class; that a kind beats a higher one of its own is the node's `beats_own`,
    not a loop on every kind). An edge's `label` names its moves, its `title` cites them all."""
    c = game.compiled
    graph = nx.DiGraph(game=game.title, kind="rules")
    for zone in c.zones.instances:
        node = _family(game, zone.id)
        if node not in graph:
            owner = "shared" if zone.owner is None else f"P{zone.owner + 1}"
            count = sum(1 for z in c.zones.instances if _family(game, z.id) == node)
            graph.add_node(node, kind="zone", owner=owner, zone=zone.spec.name, face=zone.spec.face,
                           layout=zone.spec.kind, instances=count,
                           label=node + (f" ×{count}" if count > 1 else ""), where=_where(zone.spec.info),
                           title=f"{node}: {zone.spec.kind}, face {zone.spec.face}"
                                 + (f", {count} of them" if count > 1 else "") + f" — {_where(zone.spec.info)}")
    for action in c.actions:
        if action.exchange is not None:  # two zones trade cards: a way each direction
            for p in range(c.players):
                first, second = action.exchange[p]
                label = f"{action.name} (exchange) — {_where(action.info)}"
                _add_way(graph, _family(game, first), _family(game, second), label)
                _add_way(graph, _family(game, second), _family(game, first), label)
        if not action.moves_cards:
            continue
        for p in range(c.players):
            for src in action.sources[p]:
                for dst, _ in action.targets[p]:
                    if src == dst:
                        continue
                    _add_way(graph, _family(game, src), _family(game, dst), _move_label(game, action, src, dst))
    for action in c.actions:
        for effect in (*game.model.actions[action.name].first_effects, *game.model.actions[action.name].then_effects):
            _effect_ways(game, graph, effect, f"effect of {action.name} — {_where(action.info)}")
    for trigger in game.model.triggers:
        for effect in trigger.effects:
            _effect_ways(game, graph, effect, f"whenever {trigger.info.name} — {_where(trigger.info)}")
    for name, effects in game.model.effect_blocks.items():
        info = game.model.rules[name]
        for effect in effects:
            _effect_ways(game, graph, effect, f"effect {name} — {_where(info)}")
    _phases(game, graph)
    _combinations(game, graph)
    for _, _, data in graph.edges(data=True):
        ways = data.pop("ways")
        data["title"] = "\n".join(ways)
        data["label"] = data["short"] = _short(ways)
    return graph


def _short(ways: list[str]) -> str:
    """The edge's text in a picture: the moves' names once each (`play, discard`); the
    citations stay in the tooltip."""
    return ", ".join(dict.fromkeys(w.split(" — ")[0].split(" (")[0].replace("effect of ", "") for w in ways))


def _add_way(graph: nx.DiGraph, src: str, dst: str, label: str) -> None:
    if graph.has_edge(src, dst):
        ways = graph.edges[src, dst]["ways"]
        if label not in ways:
            ways.append(label)
    else:
        graph.add_edge(src, dst, kind="move", ways=[label])


def _move_label(game: Game, action: Any, src: int, dst: int) -> str:
    c = game.compiled
    parts = [f"{action.name} — {_where(action.info)}"]
    build = c.build_of_zone.get(dst)
    if build is not None and not any(t[0] == dst and t[1] is None for p in range(c.players) for t in action.targets[p]):
        info = game.model.builds[build].info
        parts.append(f"build {build}: {info.description} — {_where(info)}")
    for priority in c.priorities:
        if priority.action is not None and priority.action != action.index and action.index not in priority.also:
            continue
        if priority.targets is not None and not any(dst in priority.targets[p] for p in range(c.players)):
            continue
        if priority.sources is not None and not any(src in priority.sources[p] for p in range(c.players)):
            continue
        parts.append(f"priority {priority.info.name}: {priority.info.description} — {_where(priority.info)}")
    return "; ".join(parts)


def _effect_ways(game: Game, graph: nx.DiGraph, effect: Any, label: str) -> None:
    """Effects that move cards (`move all of`, `turn … over onto`, `deal`) are ways too."""
    c = game.compiled
    if isinstance(effect, (ast.IfEffects, ast.ForEachPlayerEffects)):
        for inner in effect.effects:
            _effect_ways(game, graph, inner, label)
        return
    if isinstance(effect, ast.ForEachZoneEffects):  # each instance, `this ZONE` meaning it
        for k in range(len(c.zones.of_spec[effect.family.text])):
            for inner in at_instance(effect.effects, effect.family.text, k + 1):
                _effect_ways(game, graph, inner, label)
        return
    pairs: list[tuple[ast.ZoneRef, tuple[ast.ZoneRef, ...]]] = []
    if isinstance(effect, (ast.MoveAll, ast.TurnOver)):
        pairs.append((effect.source, (effect.target,)))
    elif isinstance(effect, ast.DealCards):
        pairs.append((effect.source, effect.targets))
    elif isinstance(effect, ast.MoveAllShowing):
        pairs.append((ast.ZoneRef(effect.pos, None, effect.family.text), (effect.target,)))
    elif isinstance(effect, ast.MoveSelected):  # `move cards of ZONES that are … to ZONE`
        pairs += [(zone, (effect.target,)) for zone in effect.selection.zones]
    for source, targets in pairs:
        for p in range(c.players):
            for src in c.zones.resolve(source, p):
                for dst in c.zones.resolve_all(targets, p):
                    if src != dst:
                        _add_way(graph, _family(game, src), _family(game, dst), label)
                        graph.edges[_family(game, src), _family(game, dst)].setdefault("kind", "effect")


def _phases(game: Game, graph: nx.DiGraph) -> None:
    phases = list(game.model.phases)
    if len(phases) < 2:
        return
    for phase in phases:
        graph.add_node(f"phase:{phase}", kind="phase", owner="phases", label=f"phase {phase}", where="",
                       title=f"phase {phase}")

    def walk(effects: Any, label: str, start: str | None) -> None:
        for effect in effects:
            if isinstance(effect, (ast.IfEffects, ast.ForEachPlayerEffects, ast.ForEachZoneEffects)):
                walk(effect.effects, label, start)
            elif isinstance(effect, ast.GoToPhase):
                origins = [start] if start else phases
                for origin in origins:
                    if origin != effect.phase.text:
                        _add_way(graph, f"phase:{origin}", f"phase:{effect.phase.text}", label)

    for name, spec in game.model.actions.items():
        start = spec.phases[0] if len(spec.phases) == 1 else None
        walk((*spec.first_effects, *spec.then_effects), f"move {name} — {_where(spec.info)}", start)
    for trigger in game.model.triggers:
        walk(trigger.effects, f"whenever {trigger.info.name} — {_where(trigger.info)}", None)


def _combinations(game: Game, graph: nx.DiGraph) -> None:
    kinds = game.model.combinations
    if not kinds:
        return
    for name, spec in kinds.items():
        graph.add_node(f"combination:{name}", kind="combination", owner=f"tier {spec.tier}",
                       label=f"{name} (tier {spec.tier})" if spec.tier else name, where=_where(spec.info),
                       description=spec.info.description, tier=spec.tier,
                       beats_own="a lower one of the same kind and length",
                       title=f"{name}: {spec.info.description} — {_where(spec.info)}")
    for name, spec in kinds.items():
        node = f"combination:{name}"
        for other, other_spec in kinds.items():
            if spec.tier > other_spec.tier:
                graph.add_edge(node, f"combination:{other}", kind="beats",
                               ways=[f"beats (tier {spec.tier} over {other_spec.tier})"])
    classes = []
    for info, names in game.model.classes:  # `class NAME: …`: a later kind beats every earlier one
        classes.append({"name": info.name, "kinds": list(names), "where": _where(info)})
        for i, name in enumerate(names):
            for lower in names[:i]:
                graph.add_edge(f"combination:{name}", f"combination:{lower}", kind="beats",
                               ways=[f"beats (class {info.name}: a later kind) — {_where(info)}"])
    graph.graph["classes"] = classes
