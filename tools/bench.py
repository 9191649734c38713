"""Benchmarks of the hot path, per game file.

    python tools/bench.py                  # every shipped game
    python tools/bench.py russian_bank --positions 2000 --matches 5
    python tools/bench.py hearts spades --deals 20    # random deals, not whole matches

For each game: legal-move generations per second over positions taken from seeded random
games (the compiled generator alone, and `State.legal_moves()` read through, every `Move`
made), and random games (whole matches) per second with the moves per second they make.

For games whose moves play combinations (Dou Dizhu): legal leads per second from 200 fixed
random 20-card and 17-card hands, legal responses per second, and, when RLCard and OpenSpiel
are installed (`pip install -e '.[bench]'`), the same measures of theirs on the same hands; and
random whole games per second, ours through `legal_moves()`/`play()`, `play_random()` and
`playout()` (the same games, keeping no undo record, as RLCard's random games keep none).

    python tools/bench.py --envs           # reinforcement-learning environments only

`--envs`: environment steps per second of the PettingZoo environment (`gamedsl.rl.pettingzoo_env`:
each step a move made, the next agent's observation vector and action mask, rewards) on Dou
Dizhu and Russian Bank, random legal actions, and RLCard's own Dou Dizhu environment
(`rlcard.make("doudizhu")`: each step a move and its observation) in the same run when RLCard is
installed; best of three rounds, then the median of 15 paired ratios.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench this checkout, not an older install

import gamedsl
from gamedsl import resources


def sample_positions(game: gamedsl.Game, count: int, seed: int = 1) -> list[gamedsl.State]:
    """Positions met in random games, spread over whole games."""
    rng = random.Random(seed)
    positions: list[gamedsl.State] = []
    game_seed = 0
    while len(positions) < count:
        state = game.new_game(game_seed)
        game_seed += 1
        steps = 0
        while not state.is_over and len(positions) < count and steps < 5000:
            moves = state.legal_moves()
            if rng.random() < 0.2:
                positions.append(state.copy())
            state.play(moves[rng.randrange(len(moves))])
            steps += 1
    return positions


def time_generation(positions: list[gamedsl.State], public: bool, rounds: int = 3) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for state in positions:
            state._legal = None
            if public:
                list(state.legal_moves())  # a lazy view: read every move, as a front end listing them does
            else:
                state._generate()
        best = min(best, time.perf_counter() - start)
    return len(positions) / best


def time_games(game: gamedsl.Game, games: int, first_deal_only: bool = False) -> tuple[float, float, float]:
    """Random whole matches (or, `first_deal_only`, only their first deals) per second, with the
    deals and moves per second they make."""
    rng = random.Random(7)
    moves_made = deals = 0
    start = time.perf_counter()
    for seed in range(games):
        state = game.new_game(seed)
        while not state.is_over and not (first_deal_only and state.results):
            moves = state.legal_moves()
            state.play(moves[rng.randrange(len(moves))])
            moves_made += 1
        deals += len(state.results)
    elapsed = time.perf_counter() - start
    return games / elapsed, deals / elapsed, moves_made / elapsed


def combination_hands(size: int, count: int = 200, seed: int = 2024) -> list[list[str]]:
    from gamedsl import cards

    deck = [cards.CARD_TEXT[c] for c in cards.standard_deck(2)]
    rng = random.Random(f"{seed}/{size}")
    return [rng.sample(deck, size) for _ in range(count)]


def combination_position(game: gamedsl.Game, hand: list[str], table: list[str]) -> gamedsl.State:
    """A play-phase position: `hand` for the first player, `table` to beat."""
    import yaml

    from gamedsl import cards

    compiled = game.compiled
    play = next(a for a in compiled.actions if a.combination is not None)
    hand_zone = compiled.zones.names[play.sources[0][0]]
    table_zone = compiled.zones.names[play.targets[0][0][0]]
    deck = [cards.CARD_TEXT[c] for c in cards.standard_deck(2)]
    spare = [c for c in deck if c not in hand and c not in table]
    zones = {hand_zone: hand, table_zone: table}
    for i, zone in enumerate(compiled.zones.of_spec[compiled.zones[play.sources[0][0]].spec.name][1:]):
        zones[compiled.zones.names[zone]] = [spare[i]]
    doc = {"phase": compiled.phases[-1], "turn": "P1", "zones": zones}
    if "landlord" in compiled.counters.base:
        doc["counters"] = {"landlord": 1}
    return game.load_position(yaml.safe_dump(doc))


def time_per_second(work, items, rounds: int = 3) -> float:
    best = float("inf")
    for _ in range(rounds):
        gc.collect()
        start = time.perf_counter()
        for item in items:
            work(item)
        best = min(best, time.perf_counter() - start)
    return len(items) / best


def bench_combinations(game: gamedsl.Game) -> None:
    """Leads and responses per second, ours and (when installed) RLCard's and OpenSpiel's."""
    sys.path.insert(0, str(Path(__file__).parent))
    try:
        import external_engines as ext
        have = ext.available()
    except ImportError:
        ext, have = None, {}
    rows: list[tuple[str, str, float, float]] = []
    for size in (20, 17):
        hands = combination_hands(size)
        fresh = gamedsl.Game(game.model, game.players)  # compiled anew: its first call names every Move anew
        states = [combination_position(fresh, hand, []) for hand in hands]

        gc.collect()  # garbage left by earlier work is collected now, not inside the timings
        start = time.perf_counter()
        for state in states:  # the first pass over new hands
            state._generate()
        first = len(states) / (time.perf_counter() - start)
        gc.collect()
        start = time.perf_counter()
        for state in states:  # the first time all are read: every Move and its text are made
            list(state.legal_moves())
        cold = len(states) / (time.perf_counter() - start)
        rate = time_per_second(lambda state: state._generate(), states)
        average = sum(len(s.legal_moves()) for s in states) / len(states)
        rows.append((f"{size} cards", "gamedsl (compiled generator, first pass)", first, average))
        rows.append((f"{size} cards", "gamedsl (compiled generator, best of 3)", rate, average))
        rows.append((f"{size} cards", "gamedsl (`list(legal_moves())`, first call)", cold, average))
        if have.get("rlcard"):
            strings = [ext.rlcard_hand(h) for h in hands]
            rate = time_per_second(ext.rlcard_leads, strings)
            average = sum(len(ext.rlcard_leads(h)) for h in strings) / len(strings)
            rows.append((f"{size} cards", "RLCard", rate, average))
        if have.get("open_spiel") and size == 20:
            built = [ext.openspiel_lead_state(h) for h in hands]
            rate = time_per_second(ext.openspiel_leads, built)
            average = sum(len(ext.openspiel_leads(s)) for s in built) / len(built)
            rows.append((f"{size} cards", "OpenSpiel (C++; action ids, as ours are internal tuples)", rate, average))
    # Responses: each 17-card hand answers a lead taken from another hand.
    rng = random.Random(5)
    pairs = []
    for hand in combination_hands(17):
        leader = combination_position(game, [c for c in combination_hands(17, 1, rng.randrange(10**6))[0]
                                             if c not in hand][:10], [])
        leads = [m for m in leader.legal_moves() if m.action != "pass"]
        lead = leads[rng.randrange(len(leads))]
        leader.play(lead)
        table = [gamedsl.cards.CARD_TEXT[c] for c in leader.zones[game.compiled.zones.by_name["table"]]]
        pairs.append((hand, table))
    states = [combination_position(game, hand, table) for hand, table in pairs]

    rows.append(("17 cards, responses", "gamedsl (compiled generator)",
                 time_per_second(lambda state: state._generate(), states),
                 sum(sum(m.action != "pass" for m in s.legal_moves()) for s in states) / len(states)))
    if have.get("open_spiel"):  # the pairs whose table OpenSpiel has (it has no four with two)
        built, ours = [], []
        for (hand, table), state in zip(pairs, states):
            try:
                built.append(ext.openspiel_responses_state(hand, table))
            except ValueError:
                continue
            ours.append(state)
        rows.append((f"17 cards, responses ({len(built)} of {len(states)})", "gamedsl (compiled generator)",
                     time_per_second(lambda state: state._generate(), ours),
                     sum(sum(m.action != "pass" for m in s.legal_moves()) for s in ours) / len(ours)))
        rows.append((f"17 cards, responses ({len(built)} of {len(states)})", "OpenSpiel (C++; action ids)",
                     time_per_second(ext.openspiel_responses, built),
                     sum(len(ext.openspiel_responses(s)) - 1 for s in built) / len(built)))  # less its 'Pass'
    if have.get("rlcard"):
        args = [(ext.rlcard_hand(h), ext.rlcard_hand(t)) for h, t in pairs]
        rate = time_per_second(lambda a: ext.rlcard_responses(*a), args)
        rows.append(("17 cards, responses", "RLCard", rate,
                     sum(len(ext.rlcard_responses(*a)) - 1 for a in args) / len(args)))  # less its 'pass'
    print()
    print("| hands | engine | per second | ratio to RLCard | legal moves per hand |")
    print("|---|---|---|---|---|")
    for hands, engine, rate, average in rows:
        peer = next((r for h, e, r, _ in rows if h == hands and e == "RLCard"), None)
        ratio = f"{rate / peer:.2f}" if peer else "–"
        print(f"| {hands} | {engine} | {rate:,.0f} | {ratio} | {average:.1f} |")
    # Random games: best of three rounds of 100 for every engine (the machine is shared). Ours
    # are whole games under our rules (bidding included), each way on a freshly loaded game.
    games: list[tuple[str, float]] = []
    for label, way in (("gamedsl (`legal_moves()`, `play()`)", "play"), ("gamedsl (`play_random()`)", "play_random"),
                       ("gamedsl (`playout()`: no undo record)", "playout")):
        fresh = gamedsl.Game(game.model, game.players)  # compiled anew: no Move named before
        games.append((label, best_rate(lambda fresh=fresh, way=way: play_random_games(fresh, 100, way), 100)))
    for name, runner, count in (("RLCard", "rlcard_random_games", 100),
                                ("OpenSpiel (its C++ loop: `evaluate_bots`, uniform random bots)", "openspiel_random_games", 1000),
                                ("OpenSpiel (driven from Python: `legal_actions`, `apply_action`)",
                                 "openspiel_random_games_from_python", 100)):
        key = "rlcard" if name == "RLCard" else "open_spiel"
        if have.get(key):
            games.append((name, best_rate(lambda runner=runner, count=count: getattr(ext, runner)(count, 1), count)))
    peer = dict(games).get("RLCard")
    cpp = next((rate for name, rate in games if "C++ loop" in name), None)
    print()
    print("| engine | random games/s | ratio to RLCard | ratio to OpenSpiel's C++ loop |")
    print("|---|---|---|---|")
    for name, rate in games:
        print(f"| {name} | {rate:,.1f} | {f'{rate / peer:.2f}' if peer else '–'} | {f'{rate / cpp:.3f}' if cpp else '–'} |")
    if have.get("open_spiel"):
        fresh = gamedsl.Game(game.model, game.players)
        play_random_games(fresh, 20, "playout")  # its C built or loaded before the rounds
        # Rounds of the same length (200 games each, a few milliseconds), each round new games
        # of both (seeds 200 r onwards): the collection of garbage between rounds leaves neither
        # engine's short round to start from cold caches alone.
        ours, theirs = iter(range(1, 10 ** 6)), iter(range(1, 10 ** 6))
        ratios = paired_ratios(lambda: play_random_games(fresh, 200, "playout", 200 * next(ours)),
                               lambda: ext.openspiel_random_games(200, next(theirs)))
        print(f"\n`playout()` against OpenSpiel's C++ loop, rounds back to back (200 new games each), per game: median "
              f"{statistics.median(ratios):.3f} (range of 15: {min(ratios):.3f}–{max(ratios):.3f})")
    if have.get("rlcard"):
        # The machine's speed drifts within seconds: rounds of 20 games, ours and RLCard's back to
        # back, give each ratio from one short stretch of time; their median is the steadier figure.
        print()
        print("| engine | ratio to RLCard, rounds of 20 games back to back: median (range of 15) |")
        print("|---|---|")
        for label, way in (("gamedsl (`play_random()`)", "play_random"), ("gamedsl (`playout()`)", "playout")):
            fresh = gamedsl.Game(game.model, game.players)
            ratios = paired_ratios(lambda fresh=fresh, way=way: play_random_games(fresh, 20, way),
                                   lambda: ext.rlcard_random_games(20, 1))
            print(f"| {label} | {statistics.median(ratios):.2f} ({min(ratios):.2f}–{max(ratios):.2f}) |")


def paired_ratios(ours, theirs, pairs: int = 15) -> list[float]:
    """How many times faster `ours()` runs than `theirs()` (the same number of games each), in
    `pairs` rounds each timed right after the other."""
    ratios = []
    for _ in range(pairs):
        gc.collect()
        start = time.perf_counter()
        ours()
        mine = time.perf_counter() - start
        gc.collect()
        start = time.perf_counter()
        theirs()
        ratios.append((time.perf_counter() - start) / mine)
    return ratios


def play_random_games(game: gamedsl.Game, count: int, way: str, first: int = 0) -> None:
    """Whole random games (seeds `first` on): `legal_moves()` and `play()` as a front end would,
    `play_random()` (the same choice among the same legal moves, without making `Move` values),
    or `playout()` (the same moves again, keeping no undo record)."""
    rng = random.Random(3)
    for seed in range(first, first + count):
        state = game.new_game(seed)
        if way == "playout":
            state.playout(rng)
        elif way == "play_random":
            while not state.is_over:
                state.play_random(rng)
        else:
            while not state.is_over:
                moves = state.legal_moves()
                state.play(moves[rng.randrange(len(moves))])


def best_rate(work, count: int, rounds: int = 3) -> float:
    """`count` per second of the fastest of `rounds` runs of `work()`."""
    best = float("inf")
    for _ in range(rounds):
        gc.collect()  # every engine's rounds start with no garbage left by the one before
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return count / best


def load(name: str, players: int | None) -> gamedsl.Game:
    model = gamedsl.load_game(name).model
    count = players if players is not None else min(model.max_players, 4)
    return gamedsl.load_game(name, max(model.min_players, min(count, model.max_players)))


def rules_row(name: str, args: argparse.Namespace) -> str:
    """The table row of one game (its sampled positions are let go when it is done)."""
    game = load(name, args.players)
    positions = sample_positions(game, args.positions)
    raw = time_generation(positions, public=False)
    public = time_generation(positions, public=True)
    if args.deals:  # first deals alone: for games whose random matches may never end
        _, deals, moves = time_games(game, args.deals, first_deal_only=True)
        return f"| {name} ({game.players}p) | {len(positions)} | {raw:,.0f} | {public:,.0f} | — | {deals:.1f} | {moves:,.0f} |"
    matches, deals, moves = time_games(game, args.matches)
    return f"| {name} ({game.players}p) | {len(positions)} | {raw:,.0f} | {public:,.0f} | {matches:.2f} | {deals:.1f} | {moves:,.0f} |"


_ENVS: dict[str, object] = {}


def env_steps(name: str, games: int, first_seed: int = 0) -> int:
    """Random games through the PettingZoo environment (made once, as a learner makes it):
    steps made (a random legal action each)."""
    from gamedsl.rl import pettingzoo_env

    env = _ENVS.get(name) or _ENVS.setdefault(name, pettingzoo_env(name, max_moves=100_000))
    rng = random.Random(5)
    steps = 0
    for seed in range(first_seed, first_seed + games):
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            observation, _reward, termination, truncation, info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = info["legal_actions"]
            env.step(legal[rng.randrange(len(legal))])
            steps += 1
    return steps


def rlcard_env_steps(games: int) -> int:
    """Random games through RLCard's Dou Dizhu environment: steps made."""
    import rlcard

    env = _ENVS.get("rlcard") or _ENVS.setdefault("rlcard", rlcard.make("doudizhu", config={"seed": 5}))
    rng = random.Random(5)
    steps = 0
    for _ in range(games):
        state, _player = env.reset()
        while not env.is_over():
            actions = sorted(state["legal_actions"])
            state, _player = env.step(actions[rng.randrange(len(actions))])
            steps += 1
    return steps


def bench_envs() -> None:
    """Environment steps per second, ours and RLCard's, in the same run."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import external_engines as ext

    have_rlcard = ext.available().get("rlcard")
    runs = [("gamedsl PettingZoo env, Dou Dizhu", lambda: env_steps("dou_dizhu", 20)),
            ("gamedsl PettingZoo env, Russian Bank", lambda: env_steps("russian_bank", 1))]
    if have_rlcard:
        runs.append(("RLCard env, Dou Dizhu", lambda: rlcard_env_steps(20)))
    rates = []
    for label, work in runs:
        best = 0.0
        for _ in range(3):
            gc.collect()
            start = time.perf_counter()
            steps = work()
            best = max(best, steps / (time.perf_counter() - start))
        rates.append((label, best))
    peer = dict(rates).get("RLCard env, Dou Dizhu")
    print("| environment | steps/s (best of 3) | ratio to RLCard's env |")
    print("|---|---|---|")
    for label, rate in rates:
        print(f"| {label} | {rate:,.0f} | {f'{rate / peer:.1f}' if peer else '–'} |")
    if have_rlcard:
        ratios = []
        for _ in range(15):
            gc.collect()
            start = time.perf_counter()
            ours = env_steps("dou_dizhu", 5)
            mine = (time.perf_counter() - start) / ours
            gc.collect()
            start = time.perf_counter()
            theirs = rlcard_env_steps(5)
            ratios.append((time.perf_counter() - start) / theirs / mine)
        print(f"\nDou Dizhu steps per second, ours over RLCard's env, 15 rounds of 5 games back to back: median "
              f"{statistics.median(ratios):.1f} (range {min(ratios):.1f}–{max(ratios):.1f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game names (default: every shipped game)")
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--matches", type=int, default=3, help="random whole matches to time")
    parser.add_argument("--deals", type=int, default=0,
                        help="time this many random first deals instead of whole matches (Spades: random "
                             "bids are set deal after deal, and a match with no lower limit never ends)")
    parser.add_argument("--players", type=int, default=None,
                        help="players, for games several can play (default: the most the game allows, up to 4)")
    parser.add_argument("--envs", action="store_true", help="reinforcement-learning environments' steps per second only")
    args = parser.parse_args()
    # This checkout is benched, whatever PYTHONPATH says (the line that puts it first, above):
    # to bench another tree, run that tree's own tools/bench.py.
    print(f"(benching the gamedsl of {Path(gamedsl.__file__).resolve().parents[1]})")
    if args.envs:
        bench_envs()
        return
    names = args.games or resources.game_names()
    print("| game | positions | generations/s (compiled) | legal_moves()/s | matches/s | deals/s | moves/s |")
    print("|---|---|---|---|---|---|---|")
    for name in names:
        print(rules_row(name, args))
    for name in names:
        game = gamedsl.load_game(name)
        if any(a.combination is not None for a in game.compiled.actions):
            print(f"\n{game.title}: combinations")
            bench_combinations(game)


if __name__ == "__main__":
    main()
