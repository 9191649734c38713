"""Positions as YAML documents: every zone's cards (bottom to top) by the file's names.

A position may be partial: cards it does not mention are out of play, zones it does not
mention are empty. That keeps test scenarios small.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import yaml

from .. import cards
from ..documents import DocumentError, parse_document
from ..errors import PositionError, RulesRuntimeError, did_you_mean
from ..limits import seed_problem
from ..model.card_types import value_from_text, value_text
from ..terminal import brief
from .state import State
from .tricks import aligned

if TYPE_CHECKING:
    from .game import Game

DEFAULT_PHASE = "play"
_KEYS = ("game", "deal", "turn", "phase", "moves_this_turn", "zones", "counters", "scores", "seed", "over",
         "combinations", "face_down", "revealed", "wilds", "closed", "played_by")
MAX_POSITION_SIZE = 256_000  # characters: a real position takes a few thousand
MAX_POSITION_VALUES = 20_000  # a real one, a few hundred: two packs are 104 cards
MAX_PROBLEMS = 20  # shown at once: the first ones tell what is wrong


def to_yaml(state: State) -> str:
    c = state._c
    doc: dict[str, Any] = {
        "game": state.game.title,
        "deal": state.deal_number,
        "turn": state.current_player,
        "phase": c.phases[state.phase],
        **({"moves_this_turn": state.moves_in_turn} if state.moves_in_turn else {}),
        "zones": {c.zones.names[z]: [cards.CARD_TEXT[x] for x in pile] for z, pile in enumerate(state.zones)},
    }
    combos = {c.zones.names[z]: combo.kind.name for z, combo in sorted(state.combos.items()) if state.zones[z]}
    if combos:
        doc["combinations"] = combos
    explained, face_down = _face_down(state)
    if face_down:
        doc["face_down"] = face_down
    if state.public - explained:
        doc["revealed"] = sorted(cards.CARD_TEXT[x] for x in state.public - explained)
    if state.closed:
        doc["closed"] = sorted(c.zones.names[z] for z in state.closed)
    if state.declared:  # what each wild lying on a zone stands for, by its place (0: the bottom)
        doc["wilds"] = {c.zones.names[z]: {i: cards.RANK_TEXT[x >> 2] for i, x in sorted(d.items())}
                        for z, d in sorted(state.declared.items())}
    played = {c.zones.names[z]: [f"P{seat + 1}" if seat >= 0 else "none" for _, seat in aligned(state, z)]
              for z in c.records_players if state.zones[z]}
    if played:  # who played each card of a trick, bottom first
        doc["played_by"] = played
    if c.counters.labels:
        doc["counters"] = {label: _number(v) if kind == "number" else value_text(kind, v) or "none"
                           for label, kind, v in zip(c.counters.labels, c.counters.holds, state.counters)}
    doc["scores"] = state.scores
    doc["seed"] = state.seed
    if state.over:
        doc["over"] = True
    return yaml.dump(doc, sort_keys=False, default_flow_style=None, allow_unicode=True, width=100)


def _face_down(state: State) -> tuple[frozenset[int], dict[str, int]]:
    """`face_down: {tableau2: 1}`: how many cards lie face down at the bottom of each non-empty
    zone whose turned cards stay up, when its other cards are all face up (known to all); the
    cards so described need not be listed under `revealed`."""
    c = state._c
    explained: set[int] = set()
    face_down: dict[str, int] = {}
    for zone_id in c.keeps_up:
        pile = state.zones[zone_id]
        if not pile:
            continue
        below = pile[:-1]  # the top card shows anyway
        k = 0
        while k < len(below) and below[k] not in state.public:
            k += 1
        if all(x in state.public for x in below[k:]):
            face_down[c.zones.names[zone_id]] = k
            explained.update(x for x in pile[k:] if x in state.public)
    return frozenset(explained), face_down


def _load_face_down(state: State, listed: Any, problems: list[str]) -> None:
    c = state._c
    if not isinstance(listed, dict):
        problems.append("'face_down' must map zones to how many of their cards, from the bottom, are face down")
        return
    for name, count in listed.items():
        zone_id = c.zones.by_name.get(str(name))
        if zone_id is None:
            hint = did_you_mean(str(name), c.zones.names)
            problems.append(f"face_down: unknown zone '{name}'" + (f" — {hint}" if hint else ""))
            continue
        if zone_id not in c.keeps_up:
            problems.append(f"face_down: {name} does not keep its turned cards up; list cards known to all "
                            "under 'revealed'")
            continue
        pile = state.zones[zone_id]
        most = max(len(pile) - 1, 0)  # its top card shows
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= most:
            problems.append(f"face_down: {name} has {len(pile)} cards, and its top one shows: "
                            f"0 to {most} of them may be face down, not {count!r}")
            continue
        state.public = state.public | frozenset(pile[count:])


def load_position(game: Game, text: str) -> State:
    try:
        doc = parse_document(text, MAX_POSITION_SIZE, MAX_POSITION_VALUES)
    except DocumentError as err:
        raise PositionError(f"the position is {err}") from None
    if doc is None:
        doc = {}
    if not isinstance(doc, dict):
        raise PositionError("a position is a YAML mapping with keys such as 'turn' and 'zones'")
    problems: list[str] = []
    unknown = [key for key in doc if key not in _KEYS]
    for number, key in enumerate(unknown):
        hint = did_you_mean(str(key), _KEYS) if number < MAX_PROBLEMS else ""  # only for the keys shown
        problems.append(f"unknown key '{key}'" + (f" — {hint}" if hint else "") + f" (keys: {', '.join(_KEYS)})")
    c = game.compiled
    state = State(game, _seed(doc.get("seed", 0), problems))
    state.deal_number = _int(doc.get("deal", 1), "deal", problems)
    turn = str(doc.get("turn", "P1"))
    if turn not in state.players:
        problems.append(f"'turn: {turn}' is not a player of this game ({', '.join(state.players)})")
    else:
        state.current = state.players.index(turn)
    phase = str(doc.get("phase", c.phases[0]))
    if phase not in c.phases:
        problems.append(f"unknown phase '{phase}': the phases are {', '.join(c.phases)}")
    else:
        state.phase = c.phases.index(phase)
    zones = doc.get("zones") or {}
    if not isinstance(zones, dict):
        problems.append("'zones' must map zone names to lists of cards")
        zones = {}
    if len(zones) > len(c.zones.names):
        raise PositionError(f"bad position: it lists {len(zones)} zones, but the game has {len(c.zones.names)}")
    most = sum(c.universe.values())
    used: dict[int, int] = {}
    for name, listed in zones.items():
        zone_id = c.zones.by_name.get(str(name))
        if zone_id is None:
            hint = did_you_mean(str(name), c.zones.names)
            problems.append(f"unknown zone '{name}'" + (f" — {hint}" if hint else ""))
            continue
        if listed is None:
            listed = []
        if isinstance(listed, str):
            listed = listed.split()
        if not isinstance(listed, list):
            problems.append(f"zone '{name}' must be a list of cards, bottom to top")
            continue
        if len(listed) > most:
            problems.append(f"{name} lists {len(listed)} cards, but the game has {most}")
            continue
        pile = []
        for item in listed:
            card = cards.parse_card(str(item))
            if card is None:
                problems.append(f"'{item}' in {name} is not a card (write rank + suit: 10D, QS, AH; jokers RJ BJ JK)")
                continue
            pile.append(card)
            used[card] = used.get(card, 0) + 1
        if c.slot[zone_id] and len(pile) > 1:
            problems.append(f"{name} holds at most one card")
        state.zones[zone_id] = pile
    for card, count in sorted(used.items()):
        have = c.universe.get(card, 0)
        if count > have:
            problems.append(f"{cards.CARD_TEXT[card]} appears {count} times, but the game has {have}")
    counters = doc.get("counters") or {}
    if not isinstance(counters, dict):
        problems.append("'counters' must map counter names (like P1.idle) to numbers")
        counters = {}
    if len(counters) > len(c.counters.labels):
        raise PositionError(f"bad position: it lists {len(counters)} counters, but the game has {len(c.counters.labels)}")
    for label, value in counters.items():
        if label not in c.counters.labels:
            hint = did_you_mean(str(label), c.counters.labels)
            problems.append(f"unknown counter '{label}'" + (f" — {hint}" if hint else ""))
            continue
        kind = c.counters.holds[c.counters.labels.index(label)]
        if kind != "number":  # a suit, rank or card, written as its literal (`trumps: H`, `base: "7"`)
            typed = value_from_text(kind, value)
            if typed is None:
                example = {"suit": "H, hearts or ♥", "rank": "K, \"7\"", "card": "7H"}[kind]
                problems.append(f"counter '{label}' holds a {kind}: write {example} or none, not {value!r}")
            else:
                state.counters[c.counters.labels.index(label)] = typed
            continue
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
            problems.append(f"counter '{label}' must be a number, not {value!r}")
            continue
        if label in c.exprs.seat_counters and (value != int(value) or not 0 <= value <= c.players):
            problems.append(f"counter '{label}' holds a seat: 1 to {c.players} (0 for nobody yet), not {value!r}")
            continue
        state.counters[c.counters.labels.index(label)] = float(value)
    scores = doc.get("scores") or {}
    if not isinstance(scores, dict):
        problems.append("'scores' must map players to points")
        scores = {}
    for player, value in scores.items():
        if player not in state.players:
            problems.append(f"scores: '{player}' is not a player")
        elif not isinstance(value, (int, float)) or isinstance(value, bool):
            problems.append(f"scores: {player} must have a number")
        else:
            state.points[state.players.index(player)] = float(value)
    for team in c.teams:  # partners have their team's score
        if len({state.points[s] for s in team.seats}) > 1:
            shown = ", ".join(f"P{s + 1} {state.points[s]:g}" for s in team.seats)
            problems.append(f"scores: the players of team '{team.name}' have one score, not {shown}")
    over = doc.get("over", False)
    if not isinstance(over, bool):
        problems.append(f"'over' must be true or false, not {over!r}")
    state.over = over is True
    state.moves_in_turn = _int(doc.get("moves_this_turn", 0), "moves_this_turn", problems)
    _load_combinations(state, doc.get("combinations") or {}, problems)
    revealed = doc.get("revealed") or []
    if not isinstance(revealed, list) or any(cards.parse_card(str(x)) is None for x in revealed):
        problems.append("'revealed' must be a list of cards")
    else:
        state.public = frozenset(c for c in (cards.parse_card(str(x)) for x in revealed) if c is not None)
    _load_face_down(state, doc.get("face_down") or {}, problems)
    _load_wilds(state, doc.get("wilds") or {}, problems)
    _load_played_by(state, doc.get("played_by") or {}, problems)
    closed = doc.get("closed") or []
    if not isinstance(closed, list) or any(str(z) not in c.zones.by_name for z in closed):
        problems.append(f"'closed' must list zones of this game, not {closed!r}")
    else:
        state.closed = frozenset(c.zones.by_name[str(z)] for z in closed)
    if not problems and not state.over:
        problems.extend(_ends_already(state))
    if problems:
        raise PositionError("bad position:\n  " + "\n  ".join(_first(problems)))
    return state


def _first(problems: list[str]) -> list[str]:
    """The first problems, and how many more: a message stays readable whatever the document."""
    if len(problems) <= MAX_PROBLEMS:
        return problems
    return problems[:MAX_PROBLEMS] + [f"… and {len(problems) - MAX_PROBLEMS} more problems"]


def _seed(value: Any, problems: list[str]) -> int | str:
    """The position's seed: a whole number or a short text (the shuffles to come depend on it)."""
    problem = seed_problem(value)
    if problem is None:
        return value
    problems.append(f"'seed': {problem} ({brief(value, 40)})")
    return 0


def _ends_already(state: State) -> list[str]:
    """A position in which the deal has already ended is not a position to play from."""
    c = state._c
    try:  # the very check the engine makes after every move (players who are out are not asked)
        found = c.first_end(state, state.current)
    except (RulesRuntimeError, ArithmeticError, IndexError) as err:  # a seat out of range, ...
        return [f"the position cannot be evaluated: {err}"]
    if found is not None:
        end = c.ends[found[0]]
        return [(f"the deal is already over here ('{end.info.name}': {end.info.description}); "
                 "write 'over: true' for a finished game")]
    if not state.in_play(state.current):
        return [f"'turn: {state.current_player}': that player is out of the game"]
    return []


def _load_wilds(state: State, wilds: Any, problems: list[str]) -> None:
    """`wilds: {P1.side2: {3: "8"}}`: the wild card at place 3 (from the bottom) stands for an 8."""
    c = state._c
    if not isinstance(wilds, dict):
        problems.append("'wilds' must map zones to {place: rank}")
        return
    declared: dict[int, dict[int, int]] = {}
    for name, places in wilds.items():
        zone_id = c.zones.by_name.get(str(name))
        if zone_id is None or not isinstance(places, dict):
            problems.append(f"wilds: unknown zone '{name}'" if zone_id is None else f"wilds: {name} needs {{place: rank}}")
            continue
        pile = state.zones[zone_id]
        for place, rank_text in places.items():
            rank = cards.rank_from_text(str(rank_text).upper())
            if not isinstance(place, int) or not 0 <= place < len(pile) or c.wild[pile[place]] is None:
                problems.append(f"wilds: {name} has no wild card at place {place!r}")
            elif rank is None or rank not in (c.wild[pile[place]] or ()):
                problems.append(f"wilds: {cards.CARD_TEXT[pile[place]]} cannot stand for {rank_text!r}")
            else:
                declared.setdefault(zone_id, {})[place] = rank << 2
    state.declared = declared


def _load_played_by(state: State, played: Any, problems: list[str]) -> None:
    """`played_by: {trick: [P2, P3]}`: who played each card of a zone that records it, bottom
    first (`none` for a card no player played there)."""
    c = state._c
    if not isinstance(played, dict):
        problems.append("'played_by' must map zones to the players who played their cards: {trick: [P2, P3]}")
        return
    found: dict[int, tuple[tuple[int, int], ...]] = {}
    for name, seats in played.items():
        zone_id = c.zones.by_name.get(str(name))
        if zone_id is None or not c.records[zone_id]:
            problems.append(f"played_by: '{name}' is not a zone that records who played" if zone_id is not None
                            else f"played_by: unknown zone '{name}'")
            continue
        pile = state.zones[zone_id]
        if not isinstance(seats, list) or len(seats) != len(pile):
            problems.append(f"played_by: {name} holds {len(pile)} cards: list one player (P1 …) or none for each")
            continue
        pairs = []
        for card, seat in zip(pile, seats):
            text = str(seat)
            number = int(text[1:]) if text[:1] in "Pp" and text[1:].isdigit() else None
            if text == "none":
                pairs.append((card, -1))
            elif number is None or not 1 <= number <= c.players:
                problems.append(f"played_by: {name}: {seat!r} is not a player (P1 to P{c.players}) or none")
                break
            else:
                pairs.append((card, number - 1))
        else:
            found[zone_id] = tuple(pairs)
    state.played_into = found


def _load_combinations(state: State, combos: Any, problems: list[str]) -> None:
    """`combinations: {table: trio_pair}`: how the cards lying on a zone were played."""
    c = state._c
    if not isinstance(combos, dict):
        problems.append("'combinations' must map zones to combination names")
        return
    plays = [a.combination for a in c.actions if a.combination is not None]
    for name, kind_name in combos.items():
        zone_id = c.zones.by_name.get(str(name))
        if zone_id is None or not plays:
            problems.append(f"combinations: unknown zone '{name}'" if plays else "this game has no combinations")
            continue
        kinds = plays[0].kinds
        ranks = tuple(sorted(x if kinds.by_cards else x >> 2 for x in state.zones[zone_id]))
        reading = next((r for r in kinds.classify(ranks) if r.kind.name == kind_name), None)
        if reading is None:
            names = [k.name for k in kinds.kinds]
            hint = did_you_mean(str(kind_name), names)
            problems.append(f"combinations: the cards of {name} are not a '{kind_name}'" + (f" — {hint}" if hint else ""))
            continue
        state.combos[zone_id] = reading
    seen: set[int] = set()
    for play in plays:  # cards lying on a zone with a single reading need no name
        for zone_ids in (play.beating or []):
            for zone_id in zone_ids:
                if zone_id in seen:
                    continue
                seen.add(zone_id)
                if state.zones[zone_id] and zone_id not in state.combos:
                    ranks = tuple(sorted(x if play.kinds.by_cards else x >> 2 for x in state.zones[zone_id]))
                    readings = play.kinds.classify(ranks)
                    if len(readings) == 1:
                        state.combos[zone_id] = readings[0]
                    else:
                        zone = c.zones.names[zone_id]
                        problems.append(f"say how the cards of {zone} were played: 'combinations: {{{zone}: NAME}}'"
                                        if readings else f"the cards of {zone} are not a combination of this game")


def _int(value: Any, key: str, problems: list[str]) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    problems.append(f"'{key}' must be a whole number, not {value!r}")
    return 1


def _number(value: float) -> Any:
    return int(value) if float(value).is_integer() else value
