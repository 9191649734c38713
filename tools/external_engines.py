"""Two other Dou Dizhu engines, driven on the same hands as gamedsl so tools/bench.py can time them.

- RLCard (PyPI `rlcard`, pure Python): hands are strings of rank characters '3456789TJQKA2BR'
  (T = 10, B = black joker, R = red joker), sorted by strength.
- OpenSpiel (PyPI `open_spiel`, module `pyspiel`, C++): a game is one state object driven by
  chance actions (the deal), bids and plays; we steer the chance actions to deal chosen hands.

Hands come in as gamedsl card texts: rank + suit ('3S', '10H', 'QC', 'AD', '2S'), 'BJ' (black,
small joker) and 'RJ' (red, big joker). Suits never matter in Dou Dizhu, so only ranks are used.
Every function raises `EngineMissing` (an ImportError) when its library is not installed.

    python tools/external_engines.py      # smoke test: speeds and lead counts side by side
"""

from __future__ import annotations

import functools
import random
import time
from collections import Counter
from typing import Any

RANKS = "3456789TJQKA2BR"  # both engines' strength order; the index is the rank number


class EngineMissing(ImportError):
    """An external engine is not installed (bench.py skips it)."""


def _import(engine: str) -> Any:
    try:
        if engine == "rlcard":
            import rlcard.games.doudizhu as module
        else:
            import pyspiel as module
    except ImportError as error:
        package = "rlcard" if engine == "rlcard" else "open_spiel"
        raise EngineMissing(f"{engine} is not installed: pip install {package} ({error})") from error
    return module


def available() -> dict[str, bool]:
    """Which engines import, so the bench only times the ones present."""
    found = {}
    for engine in ("rlcard", "open_spiel"):
        try:
            _import(engine)
            found[engine] = True
        except ImportError:
            found[engine] = False
    return found


def _rank_char(card: str) -> str:
    """'10H' -> 'T', 'QC' -> 'Q', 'BJ' -> 'B', 'RJ' -> 'R' (the suit is dropped)."""
    if card in ("BJ", "RJ"):
        return card[0]
    rank = card[:-1]
    char = "T" if rank == "10" else rank
    if len(char) != 1 or char not in RANKS[:13]:
        raise ValueError(f"not a Dou Dizhu card: {card!r}")
    return char


def _sorted_ranks(text: str) -> str:
    return "".join(sorted(text, key=RANKS.index))


# ---- RLCard ----------------------------------------------------------------------------------


def rlcard_hand(cards: list[str]) -> str:
    """RLCard's hand string: one rank character per card, weakest first (its judger assumes it)."""
    _import("rlcard")
    return _sorted_ranks("".join(_rank_char(card) for card in cards))


def rlcard_leads(hand_str: str) -> set[str]:
    """Legal leads (nothing on the table): the judger's own enumeration of a hand."""
    rl = _import("rlcard")
    return rl.Judger.playable_cards_from_hand(hand_str)


def rlcard_responses(hand_str: str, table_str: str) -> list[str]:
    """Legal responses to `table_str`, 'pass' first: RLCard's Player.available_actions, which
    calls utils.get_gt_cards (same kind and higher weight, bombs, rocket) as its rounds do."""
    rl = _import("rlcard")
    from rlcard.games.base import Card
    from rlcard.games.doudizhu.utils import CARD_TYPE

    table_str = _sorted_ranks(table_str)
    if table_str not in CARD_TYPE[0]:
        raise ValueError(f"RLCard knows no combination {table_str!r}")
    jokers = {"B": Card("BJ", ""), "R": Card("RJ", "")}
    player = rl.Player(0, None)
    player.set_current_hand([jokers.get(c) or Card("S", c) for c in _sorted_ranks(hand_str)])
    leader = rl.Player(2, None)
    leader.played_cards = table_str
    return list(player.available_actions(greater_player=leader, judger=None))


def rlcard_random_games(n: int, seed: int) -> int:
    """Play n whole games with RLCard's game class, uniform among legal actions; moves made.
    RLCard has no bidding (player 0 is always the landlord), so every move is a play or a pass."""
    rl = _import("rlcard")
    import numpy as np

    rng = random.Random(seed)
    game = rl.Game()
    game.np_random = np.random.RandomState(seed)  # the dealer shuffles with it
    moves = 0
    for _ in range(n):
        state, _player = game.init_game()
        while not game.is_over():
            actions = sorted(state["actions"])  # a set for leads: its order depends on the hash seed
            state, _player = game.step(actions[rng.randrange(len(actions))])
            moves += 1
    return moves


# ---- OpenSpiel -------------------------------------------------------------------------------
# Its deal, found by experiment (and as dou_dizhu.cc reads): the first chance action p (0-50) says
# which of the 51 dealt cards is turned face up; then 51 "Deal Cx" actions give the k-th dealt card
# (k = 0..50) to player k % 3; the 3 cards never dealt are the bottom. The player who got the
# face-up card, p % 3, bids first; a bid of 3 ends the auction at once, that player takes the
# bottom and leads.


@functools.cache
def _openspiel_game() -> Any:
    return _import("open_spiel").load_game("dou_dizhu")


@functools.cache
def _openspiel_deal_actions() -> dict[str, tuple[int, ...]]:
    """Rank character -> the chance actions dealing a card of that rank ('Deal HT', 'Deal (CJ)')."""
    state = _openspiel_game().new_initial_state()
    state.apply_action(0)
    by_rank: dict[str, list[int]] = {}
    for action in state.legal_actions():
        name = state.action_to_string(action).removeprefix("Deal ")
        by_rank.setdefault(_openspiel_ranks(name), []).append(action)
    return {rank: tuple(actions) for rank, actions in by_rank.items()}


def _openspiel_ranks(text: str) -> str:
    """An OpenSpiel card, hand or action string as sorted rank characters: '33(BWJ)(CJ)' -> '33BR',
    '888999-3J' (an airplane, then its wings) -> '3888999J'."""
    text = text.replace("(BWJ)", "B").replace("(CJ)", "R").replace("-", "")  # '888999-3J': wings
    if len(text) == 2 and text[0] in "CDHS":  # a single card with its suit: 'HT'
        text = text[1]
    return _sorted_ranks(text)


def _openspiel_bid3(landlord: int, wanted: dict[int, str]) -> Any:
    """A play-phase state after dealing `wanted[seat]` (rank characters; the landlord's 20 include
    the bottom, the last 3) and the landlord bidding 3. Other seats are filled up to 17 cards."""
    pool = {rank: list(actions) for rank, actions in _openspiel_deal_actions().items()}

    def take(ranks: str) -> list[int]:
        try:
            return [pool[rank].pop(0) for rank in ranks]
        except IndexError:
            raise ValueError(f"more cards of a rank than the deck holds: {wanted}") from None

    dealt = {seat: take(ranks) for seat, ranks in wanted.items()}
    bottom = dealt[landlord][17:]  # these stay in the deck: the bottom
    dealt[landlord] = dealt[landlord][:17]
    rest = [action for actions in pool.values() for action in actions]
    for seat in range(3):
        hand = dealt.setdefault(seat, [])
        while len(hand) < 17:
            hand.append(rest.pop())
    if rest or len(bottom) != 3:
        raise ValueError(f"the seats need 17 cards each and the landlord 20: {wanted}")

    state = _openspiel_game().new_initial_state()
    state.apply_action(landlord)  # face-up card at position `landlord`: that seat bids first
    for k in range(51):
        state.apply_action(dealt[k % 3][k // 3])
    assert state.current_player() == landlord
    state.apply_action(next(a for a in state.legal_actions() if state.action_to_string(a) == "Bid 3"))
    return state


def _openspiel_hand(state: Any, seat: int) -> str:
    first_line = state.observation_string(seat).split("\n")[0]  # 'My hand 3345...(CJ)'
    return _openspiel_ranks(first_line.removeprefix("My hand "))


def openspiel_lead_state(cards20: list[str]) -> Any:
    """A state where player 0 holds exactly these 20 cards (17 dealt + the bottom, after bidding
    3) and must lead. Build it once per hand: the deal is 52 chance actions plus a bid."""
    _import("open_spiel")
    hand = _sorted_ranks("".join(_rank_char(card) for card in cards20))
    if len(hand) != 20:
        raise ValueError(f"the landlord holds 20 cards, not {len(hand)}")
    state = _openspiel_bid3(0, {0: hand})
    if state.current_player() != 0 or _openspiel_hand(state, 0) != hand:
        raise RuntimeError(f"OpenSpiel deal went wrong: wanted {hand}, got {_openspiel_hand(state, 0)}")
    return state


def openspiel_responses_state(hand17: list[str], table_cards: list[str]) -> Any:
    """A state where player 1 holds `hand17` and must answer `table_cards`, just led by the
    landlord (player 0, dealt the table cards plus fillers). If those cards read as two
    combinations (333444555666: a four-trio airplane, or three trios with 666 as wings), the
    lower action id is led, i.e. the one without wings."""
    _import("open_spiel")
    hand = _sorted_ranks("".join(_rank_char(card) for card in hand17))
    table = _sorted_ranks("".join(_rank_char(card) for card in table_cards))
    if len(hand) != 17 or not 0 < len(table) < 20:  # a 20-card lead would end the game
        raise ValueError("the responder holds 17 cards and the table 1-19")
    left = Counter(RANKS[:13] * 4 + "BR") - Counter(hand) - Counter(table)
    if Counter(hand + table) - Counter(RANKS[:13] * 4 + "BR"):
        raise ValueError(f"more cards of a rank than the deck holds: {hand} + {table}")
    # fillers from ranks not on the table first, never the table's lowest rank if avoidable:
    # OpenSpiel will not lead a chain from a rank the leader holds four of
    filler = "".join(sorted(left.elements(), key=lambda c: (c == table[0], c in table, RANKS.index(c))))
    filler = _sorted_ranks(filler[: 20 - len(table)])
    state = _openspiel_bid3(0, {0: table + filler, 1: hand})
    lead = next((a for a in state.legal_actions() if _openspiel_ranks(state.action_to_string(a)) == table), None)
    if lead is None:
        raise ValueError(f"OpenSpiel has no combination {table!r}")
    state.apply_action(lead)
    if state.current_player() != 1 or _openspiel_hand(state, 1) != hand:
        raise RuntimeError(f"OpenSpiel deal went wrong: wanted {hand}, got {_openspiel_hand(state, 1)}")
    return state


def openspiel_leads(state: Any) -> list[int]:
    """The legal actions of the player to move, as OpenSpiel's own action ids (what its engine
    lists; like for like with our internal move tuples). In a responses state they are the
    responses, 'Pass' included."""
    return state.legal_actions()


def openspiel_lead_strings(state: Any) -> list[str]:
    """The same actions as OpenSpiel's card strings ('33', '(BWJ)(CJ)'): for reading, not timing."""
    return [state.action_to_string(action) for action in state.legal_actions()]


openspiel_responses = openspiel_leads


def openspiel_random_games(n: int, seed: int) -> int:
    """Play n whole games in OpenSpiel's own C++ loop (`pyspiel.evaluate_bots` with uniform random
    bots): each chance outcome (the face-up card, then the deal card by card) sampled in C++ from
    `chance_outcomes()`, each move uniform among the legal actions; one Python call a game.
    Returns n (the loop does not report its moves)."""
    pyspiel = _import("open_spiel")
    game = _openspiel_game()
    bots = [pyspiel.make_uniform_random_bot(player, seed * 3 + player) for player in range(3)]
    for k in range(n):
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed * 1_000_003 + k)
    return n


def openspiel_random_games_from_python(n: int, seed: int) -> int:
    """The same games driven from Python, the cheapest way: every node, chance or not, draws
    uniformly among its legal actions (Dou Dizhu's chance outcomes are all equally likely, so
    this is the same deal distribution). Returns the moves made (bids and passes count)."""
    game = _openspiel_game()
    rng = random.Random(seed)
    moves = 0
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[rng._randbelow(len(actions))])
            moves += 1
    return moves - 52 * n  # less the chance actions: the face-up card and the 51 cards dealt


# ---- smoke test ------------------------------------------------------------------------------


def _per_second(work: Any, count: int) -> float:
    """Best of three timings of `work`, which does `count` things."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return count / best


def _cards(ranks: str) -> list[str]:
    """Rank characters back to gamedsl card texts (any suit will do)."""
    return [{"B": "BJ", "R": "RJ", "T": "10S"}.get(c, c + "S") for c in ranks]


def _main() -> None:
    deck = [rank + suit for rank in ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"] for suit in "SHDC"] + ["BJ", "RJ"]
    rng = random.Random(2024)
    hands = [rng.sample(deck, 20) for _ in range(50)]
    found = available()
    print("available:", found)
    # responses: the first 17 cards of a hand against a combination made from the other 37 cards
    problems = []
    for hand in hands[:10] if found["rlcard"] else []:
        rest = Counter(deck) - Counter(hand[:17])
        for size in (1, 2, 4, 5, 6):
            leads = sorted(s for s in rlcard_leads(rlcard_hand(list(rest.elements()))) if len(s) == size)
            problems.append((hand[:17], _cards(rng.choice(leads))))

    if found["rlcard"]:
        strings = [rlcard_hand(hand) for hand in hands]
        rate = _per_second(lambda: [rlcard_leads(s) for s in strings], len(strings))
        print(f"rlcard      leads/s {rate:8.0f}")
        pairs = [(rlcard_hand(mine), rlcard_hand(table)) for mine, table in problems]
        rate = _per_second(lambda: [rlcard_responses(mine, table) for mine, table in pairs], len(pairs))
        print(f"rlcard      responses/s {rate:8.0f}")
        start = time.perf_counter()
        moves = rlcard_random_games(30, seed=1)
        elapsed = time.perf_counter() - start
        print(f"rlcard      random games/s {30 / elapsed:7.1f}   moves/s {moves / elapsed:7.0f}   ({moves / 30:.0f} a game)")

    if found["open_spiel"]:
        rate = _per_second(lambda: [openspiel_lead_state(hand) for hand in hands], len(hands))
        print(f"open_spiel  lead states built/s {rate:7.0f}")
        states = [openspiel_lead_state(hand) for hand in hands]
        rate = _per_second(lambda: [openspiel_leads(state) for state in states], len(states))
        print(f"open_spiel  leads/s {rate:8.0f}")
        start = time.perf_counter()
        openspiel_random_games(3000, seed=1)
        elapsed = time.perf_counter() - start
        print(f"open_spiel  random games/s {3000 / elapsed:7.1f} (its C++ loop)")
        start = time.perf_counter()
        moves = openspiel_random_games_from_python(300, seed=1)
        elapsed = time.perf_counter() - start
        print(f"open_spiel  random games/s {300 / elapsed:7.1f} (driven from Python)   moves/s {moves / elapsed:7.0f}   "
              f"({moves / 300:.0f} a game, bids included)")

    if found["rlcard"] and found["open_spiel"]:
        print("\nlegal leads on the same hands (OpenSpiel's distinct card sets in brackets):")
        for hand in hands[:8]:
            os_leads = openspiel_lead_strings(openspiel_lead_state(hand))
            distinct = len({_openspiel_ranks(s) for s in os_leads})
            print(f"  {rlcard_hand(hand):22} rlcard {len(rlcard_leads(rlcard_hand(hand))):4d}"
                  f"   open_spiel {len(os_leads):4d} ({distinct})")
        print("legal responses, pass included:")
        for mine, table in problems[:10]:
            try:
                os_count = str(len(openspiel_leads(openspiel_responses_state(mine, table))))
            except ValueError:  # a combination OpenSpiel does not have (four with two)
                os_count = "none"
            print(f"  {rlcard_hand(mine):20} to {rlcard_hand(table):7} "
                  f"rlcard {len(rlcard_responses(rlcard_hand(mine), rlcard_hand(table))):4d}   open_spiel {os_count:>4}")


if __name__ == "__main__":
    _main()
