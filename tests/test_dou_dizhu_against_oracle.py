"""The engine's legal plays against a brute-force oracle written from the rules text alone
(tests/dou_dizhu_oracle.py enumerates every sub-multiset of a hand and classifies it straight
from items 18-30), on hypothesis-generated hands; and exact play counts for fixed hands."""

from __future__ import annotations

import random

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from gamedsl import cards

from . import dou_dizhu_oracle as oracle
from .conftest import cached_game

DECK = [cards.CARD_TEXT[c] for c in cards.standard_deck(2)]


def rank_of(card_text: str) -> str:
    return card_text if card_text in ("BJ", "RJ") else card_text[:-1]


def engine_plays(hand: list[str], table: list[str]) -> set[tuple[str, tuple[str, ...]]]:
    game = cached_game("dou_dizhu")
    others = [c for c in DECK if c not in hand and c not in table]
    doc = {"phase": "play", "turn": "P1",
           "zones": {"P1.hand": hand, "P2.hand": others[:1], "P3.hand": others[1:2], "table": table},
           "counters": {"landlord": 1, "bid": 1}}
    state = game.load_position(yaml.safe_dump(doc))
    plays = set()
    for move in state.legal_moves():
        if move.action == "pass":
            continue
        action, kind_index, ranks, _ = state.game.codec.internal(move)
        kind = state.game.compiled.actions[action].combination.kinds.kinds[kind_index].name
        plays.add((kind, oracle.sorted_ranks(cards.RANK_TEXT[r] for r in ranks)))
    return plays


def oracle_plays(plays) -> set[tuple[str, tuple[str, ...]]]:
    return {(p[0], p[3]) for p in plays}


hands = st.integers(1, 20).flatmap(lambda n: st.lists(st.sampled_from(DECK), min_size=n, max_size=n, unique=True))


@settings(max_examples=120, deadline=None)
@given(hand=hands)
def test_legal_leads_match_the_oracle(hand):
    expected = oracle_plays(oracle.legal_leads([rank_of(c) for c in hand]))
    assert engine_plays(hand, []) == expected


@settings(max_examples=120, deadline=None)
@given(data=st.data(), hand=hands)
def test_legal_responses_match_the_oracle(data, hand):
    rest = [c for c in DECK if c not in hand]
    other = data.draw(st.lists(st.sampled_from(rest), min_size=1, max_size=12, unique=True))
    leads = sorted(oracle.legal_leads([rank_of(c) for c in other]))
    table_play = data.draw(st.sampled_from(leads))
    table = []
    pool = list(other)
    for rank in table_play[3]:  # the cards of the other hand that make the table's play
        card = next(c for c in pool if rank_of(c) == rank)
        pool.remove(card)
        table.append(card)
    expected = oracle_plays(oracle.legal_responses([rank_of(c) for c in hand], table_play))
    assert engine_plays(hand, table) == expected


# Exact numbers of legal leads for fixed hands, counted by hand.
FIXED = {
    "3S 3H 3D 4S": 5,             # 3, 4, 33, 333, 333+4
    "3S 4S 5S 6S 7S 8S": 9,       # six singles, 34567, 45678, 345678
    "BJ RJ 2S 2H 2D 2C": 9,       # BJ, RJ, 2, 22, 222, 222+BJ, 222+RJ, 2222, rocket (not 2222+BJ+RJ)
}


def test_exact_lead_counts_for_fixed_hands():
    for hand, count in FIXED.items():
        assert len(engine_plays(hand.split(), [])) == count, hand


def test_lead_counts_of_seeded_random_hands_match_the_oracle():
    rng = random.Random(20)
    for size in (17, 17, 20, 20):
        hand = rng.sample(DECK, size)
        assert len(engine_plays(hand, [])) == len(oracle.legal_leads([rank_of(c) for c in hand]))
