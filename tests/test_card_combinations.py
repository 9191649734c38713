"""Combinations told apart by their cards (`plays are told apart by their cards`): each
construct of the Combinations section on a small game written here, and the checker's refusals
of their misuse, each with `file:line:col`, the line and a caret."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import gamedsl
from gamedsl.errors import RulesError
from gamedsl.model import check_file

from .test_rule_errors import assert_rendered, position_in

ROOT = Path(__file__).resolve().parent.parent
CLIMB = (ROOT / "tests" / "games" / "climbing.game").read_text(encoding="utf-8")
DOU_DIZHU = (ROOT / "games" / "dou_dizhu.game").read_text(encoding="utf-8")
RUSSIAN_BANK = (ROOT / "games" / "russian_bank.game").read_text(encoding="utf-8")

SMALL = """\
game "Small"
players 2

cards:
    order up: 2 3 4 5 6 7 8 9 10 J Q K A
    order run: A 2 3 4 5 6 7 8 9 10 J Q K A
    suit order suits: C D H S

plays are told apart by their cards

zones:
    deck: shared, pile, face down, holds DECKS
    hand: each player, fan, face up to owner, sorted by up
    table: shared, pool, face up

deal:
    shuffle deck
    deal 5 from deck to each hand

move play "play":
    from own hand to table
    as a combination beating table in up SUITS
    INCLUDE
    then: end turn

move pass "pass":
    only when table is not empty
    then: end turn

KINDS

end out "out":
    when some player: own hand is empty
    winner scores 1

match: one deal
"""


def small(tmp_path: Path, kinds: str, decks: str = "1 standard deck", suits: str = "then suit suits",
          include: str = "") -> gamedsl.Game:
    text = SMALL.replace("KINDS", kinds).replace("DECKS", decks).replace("SUITS", suits)
    text = text.replace("    INCLUDE\n", f"    {include}\n" if include else "")
    path = tmp_path / "small.game"
    path.write_text(text, encoding="utf-8")
    return gamedsl.load_game(str(path))


def plays(game: gamedsl.Game, hand: list[str], table: tuple[str, list[str]] | None = None,
          other: list[str] | None = None) -> set[str]:
    doc = {"turn": "P1", "zones": {"P1.hand": hand, "P2.hand": other or ["2C"], "table": table[1] if table else [],
                                   "deck": []}}
    if table:
        doc["combinations"] = {"table": table[0]}
    return {str(m) for m in game.load_position(yaml.safe_dump(doc)).legal_moves()}


# ---- constructs -----------------------------------------------------------------------------

def test_n_of_a_rank_from_exact_cards_and_in_different_suits(tmp_path):
    game = small(tmp_path, 'combination pair "pair":\n    2 of a rank\n', decks="2 standard decks")
    assert plays(game, ["7S", "7S", "7H"]) == {"pair 7S 7S", "pair 7H 7S"}
    game = small(tmp_path, 'combination pair "pair":\n    exactly 2 of a rank\n', decks="2 standard decks")
    assert plays(game, ["7S", "7S", "7H"]) == {"pair 7S 7S", "pair 7H 7S"}
    game = small(tmp_path, 'combination pair "pair":\n    2 of a rank in different suits\n', decks="2 standard decks")
    assert plays(game, ["7S", "7S", "7H"]) == {"pair 7H 7S"}


def test_n_of_one_suit_is_exactly_n_and_n_or_more(tmp_path):
    hand = ["2H", "4H", "6H", "8H", "10H", "QH"]
    game = small(tmp_path, 'combination flush "flush":\n    5 of one suit\n')
    assert len(plays(game, hand)) == 6  # C(6, 5)
    game = small(tmp_path, 'combination flush "flush":\n    exactly 5 of one suit\n')
    assert len(plays(game, hand)) == 6
    game = small(tmp_path, 'combination flush "flush":\n    5 or more of one suit\n')
    assert len(plays(game, hand)) == 7 and "flush 2H 4H 6H 8H 10H QH" in plays(game, hand)


def test_runs_in_a_row_in_one_suit_or_any(tmp_path):
    game = small(tmp_path, 'combination run "run":\n    3 or more of one suit in a row in run\n')
    assert plays(game, ["QS", "KS", "AS", "2S", "3S"]) == {"run QS KS AS", "run AS 2S 3S"}  # never K A 2
    game = small(tmp_path, 'combination straight "straight":\n    3 in a row in run\n')
    assert plays(game, ["AS", "2H", "3H", "3D"]) == {"straight AS 2H 3H", "straight AS 2H 3D"}


def test_not_all_of_one_suit_and_not_in_a_row(tmp_path):
    kinds = ('combination straight "straight":\n    5 in a row in run\n    not all of one suit\n\n'
             'combination flush "flush":\n    5 of one suit\n    not in a row in run\n')
    game = small(tmp_path, kinds)
    assert plays(game, ["10H", "JH", "QH", "KH", "AH"]) == set()  # a straight flush is neither
    assert plays(game, ["JH", "QH", "KH", "AH", "2H"]) == {"flush 2H JH QH KH AH"}  # no wrapping: a flush
    assert plays(game, ["10H", "JH", "QH", "KH", "AS"]) == {"straight 10H JH QH KH AS"}


def test_a_class_orders_kinds_and_a_tier_beats_it(tmp_path):
    kinds = ('combination single "single":\n    1 of a rank\n\n'
             'combination straight "straight":\n    5 in a row in run\n    not all of one suit\n\n'
             'combination flush "flush":\n    5 of one suit\n    not in a row in run\n\n'
             'combination bomb "bomb":\n    4 of a rank\n    tier 1\n\n'
             'class five "five":\n    straight, flush\n')
    game = small(tmp_path, kinds)
    hand = ["3H", "5H", "7H", "9H", "JH"]
    assert plays(game, hand, ("straight", ["4C", "5D", "6S", "7C", "8D"])) == {"flush 3H 5H 7H 9H JH", "pass"}
    assert plays(game, ["4H", "5H", "6H", "7C", "8D"], ("flush", ["2S", "5S", "7S", "9S", "JS"])) == {"pass"}
    assert "bomb 9C 9D 9H 9S" in plays(game, ["9C", "9D", "9H", "9S"], ("flush", ["2S", "5S", "7S", "10S", "JS"]))
    assert "single 9S" not in plays(game, ["9C", "9D", "9H", "9S"], ("flush", ["2S", "5S", "7S", "10S", "JS"]))


def test_suit_order_breaks_ties_only_when_said(tmp_path):
    kinds = 'combination pair "pair":\n    2 of a rank\n'
    game = small(tmp_path, kinds)
    assert plays(game, ["9C", "9S"], ("pair", ["9D", "9H"])) == {"pair 9C 9S", "pass"}
    game = small(tmp_path, kinds, suits="")
    assert plays(game, ["9C", "9S"], ("pair", ["9D", "9H"])) == {"pass"}


def test_must_include_a_card_always_or_while(tmp_path):
    kinds = 'combination single "single":\n    1 of a rank\n\ncombination pair "pair":\n    2 of a rank\n'
    game = small(tmp_path, kinds, include="must include 3C")
    assert plays(game, ["3C", "3D", "4S"]) == {"single 3C", "pair 3C 3D"}
    game = small(tmp_path, kinds, include="must include 3C while size of own hand = 3")
    assert plays(game, ["3C", "3D", "4S"]) == {"single 3C", "pair 3C 3D"}
    assert plays(game, ["3C", "4S"]) == {"single 3C", "single 4S"}


def test_runs_of_groups_and_wings_from_exact_cards(tmp_path):
    kinds = ('combination pairs "pair run":\n    2 of each of 2 or more ranks in a row in run\n\n'
             'combination house "three and two":\n    3 of a rank\n    with 1 pair\n    wings: no core rank\n')
    game = small(tmp_path, kinds)
    found = plays(game, ["KC", "KD", "AC", "AD", "AH"])
    assert {"pairs KC KD AC AD", "pairs KC KD AC AH", "pairs KC KD AD AH", "house KC KD AC AD AH"} == found


def test_exact_card_moves_read_back_and_the_by_rank_games_keep_their_texts(tmp_path):
    game = small(tmp_path, 'combination pair "pair":\n    2 of a rank\n')
    state = game.load_position(yaml.safe_dump({"turn": "P1", "zones": {"P1.hand": ["7C", "7H"], "P2.hand": ["2C"]}}))
    assert str(state.play("PAIR 7h 7c")) == "pair 7C 7H"
    dou = gamedsl.load_game("dou_dizhu")
    assert not dou.compiled.actions[dou.compiled.action_index["play"]].combination.kinds.by_cards


# ---- refusals ---------------------------------------------------------------------------------

def refused(tmp_path: Path, text: str, new: str, at: str, message: str, hint: str | None = None, skip: int = 0):
    path = tmp_path / "broken.game"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesError) as info:
        check_file(path)
    line, col = position_in(text, new, at, skip)
    found = [d for d in info.value.diagnostics if message in d.message]
    assert found, [str(d) for d in info.value.diagnostics]
    diag = found[0]
    assert (diag.pos.line, diag.pos.column) == (line, col), str(diag)
    if hint is not None:
        assert hint in diag.hint, str(diag)
    assert_rendered(diag, path, text)


def edit(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


REFUSALS = [
    # suits in a game that counts plays by rank
    ("suited_shape_by_rank", DOU_DIZHU, "    1 of each of 5 or more ranks in a row in chain\n",
     "    5 of one suit in a row in chain\n", "5 of one suit", "tells cards apart", "plays are told apart by their cards"),
    ("not_all_of_one_suit_by_rank", DOU_DIZHU, "    1 of each of 5 or more ranks in a row in chain\n",
     "    1 of each of 5 or more ranks in a row in chain\n    not all of one suit\n", "not all", "tells cards apart",
     "plays are told apart"),
    ("different_suits_by_rank", DOU_DIZHU, "    2 of a rank\n", "    2 of a rank in different suits\n", "2 of a rank",
     "tells cards apart", "plays are told apart"),
    ("suit_tiebreak_by_rank", DOU_DIZHU, "as a combination beating table in strength\n",
     "as a combination beating table in strength then suit suits\n", "suits", "counts plays by rank",
     "plays are told apart"),
    ("include_by_rank", DOU_DIZHU, "as a combination beating table in strength\n",
     "as a combination beating table in strength\n    must include 3C\n", "must include", "counts plays by rank",
     "plays are told apart"),
    ("class_by_rank", DOU_DIZHU, "# ---- end and scoring", "class c:\n    bomb, rocket\n\n# ---- end and scoring", "class",
     "counts plays by rank", "tier"),
    ("both_ends_by_rank", DOU_DIZHU, "    order chain: 3 4 5 6 7 8 9 10 J Q K A ",
     "    order chain: A 2 3 4 5 6 7 8 9 10 J Q K A ", "A ", "appears twice", "told apart by their cards", 1),
    ("exact_plays_without_combinations", RUSSIAN_BANK, "\nzones:\n", "\nplays are told apart by their cards\nzones:\n",
     "plays are", "declares no combinations", "combination NAME"),
    # misuse in a game of exact cards
    ("rank_twice_inside_an_order", CLIMB, "order run: A 2 3 4", "order run: A 2 3 3 4", "3 4", "appears twice",
     "each rank once"),
    ("both_ends_order_elsewhere", CLIMB, "sorted by climb", "sorted by run", "run", "lists A at both ends",
     "in a row in run"),
    ("include_on_a_move_without_combination", CLIMB, "    only when table is not empty\n",
     "    only when table is not empty\n    must include 3C\n", "must include", "plays no combination", "as a combination"),
    ("include_a_card_of_no_game", CLIMB, "must include 3C while", "must include BJ while", "BJ", "unexpected 'BJ'",
     None),
    ("unknown_suit_order", CLIMB, "then suit suits", "then suit suit", "suit", "unknown suit order 'suit'",
     "did you mean 'suits'", 1),
    ("not_one_suit_of_one_suit", CLIMB, "    5 of one suit in a row in run\n", "    5 of one suit in a row in run\n"
     "    not all of one suit\n", "not all", "leaves nothing", None),
    ("not_in_a_row_of_a_row", CLIMB, "    5 in a row in run\n    not all of one suit\n",
     "    5 in a row in run\n    not in a row in run\n", "not in", "leaves nothing", None),
    ("run_longer_than_its_order", CLIMB, "    5 in a row in run\n", "    14 in a row in run\n", "14", "only 13 ranks", None),
    ("two_cores", CLIMB, "    5 of one suit\n    not in a row", "    5 of one suit\n    1 of a rank\n    not in a row",
     "1 of a rank", "gives its core twice", None),
    ("unknown_kind_in_class", CLIMB, "    straight, flush, full_house", "    straight, flsh, full_house", "flsh",
     "unknown combination 'flsh'", "did you mean 'flush'"),
    ("kind_in_two_classes", CLIMB, "# ---- End and scoring", "class other:\n    single, straight\n\n# ---- End and scoring",
     "straight\n", "is in class 'five_card' already", "one class"),
    ("class_of_one_kind", CLIMB, "# ---- End and scoring", "class alone:\n    single\n\n# ---- End and scoring",
     "class alone", "a class orders two kinds", None),
    ("class_of_two_tiers", CLIMB, "    4 of a rank\n    with 1 single\n", "    4 of a rank\n    with 1 single\n    tier 1\n",
     None, "kinds of different tiers", "one tier"),
    ("exact_plays_twice", CLIMB, "plays are told apart by their cards\n",
     "plays are told apart by their cards\nplays are told apart by their cards\n", "plays", "given twice", None, 1),
]


@pytest.mark.parametrize("case", REFUSALS, ids=[c[0] for c in REFUSALS])
def test_misuse_is_refused_with_where_and_what_to_write(tmp_path, case):
    _, base, old, new, at, message, hint, *skip = case
    text = edit(base, old, new)
    if at is None:  # the class statement is where it is refused
        new, at = "class five_card", "class five_card"
    refused(tmp_path, text, new, at, message, hint, *skip)


def test_too_many_plays_of_a_kind_stop_with_the_rule_named(tmp_path):
    from gamedsl.errors import RulesRuntimeError
    game = small(tmp_path, 'combination flush "flush":\n    5 or more of one suit\n', decks="2 standard decks")
    hand = [f"{r}{s}" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A") for s in ("H", "S")] * 2
    doc = {"turn": "P1", "zones": {"P1.hand": hand, "P2.hand": ["2C"], "deck": []}}
    state = game.load_position(yaml.safe_dump(doc))
    with pytest.raises(RulesRuntimeError, match=r"combination flush: .*small.game:\d+: more than 10000 plays"):
        state.legal_moves()
    # reading one long play back stays quick: only the kinds it could be are tried
    short = {"turn": "P1", "zones": {"P1.hand": hand[:20], "P2.hand": ["2C"], "deck": []}}
    state = game.load_position(yaml.safe_dump(short))
    assert state.explain("flush " + " ".join(c for c in hand[:20] if c.endswith("H"))).legal is True
