"""`deal N from ZONE to each ZONE beginning with SEAT`: a deal in rotation that begins with the zone
of a seat the file computes (the dealer's left), in the deal and as an effect; what it refuses."""

from __future__ import annotations

import pytest
import yaml

import gamedsl
from gamedsl.errors import RulesError, RulesRuntimeError

BASE = '''game "Rotation"
players 4
zones:
    stock: shared, pile, face down, holds 1 standard deck
    hand: each player, fan, face up to owner
    pool: shared, pool, face up
counter dealer: shared, starts 2
deal:
    deal 2 from stock to each hand DEALT
move draw "everyone draws one, from the mover on":
    only when size of stock > 30
    then:
        deal 1 from stock to each hand beginning with own seat
        end turn
end done "drawn":
    when size of stock <= 30
'''


def load(tmp_path, dealt: str = "", text: str = BASE) -> gamedsl.Game:
    path = tmp_path / "rotation.game"
    path.write_text(text.replace("DEALT", dealt), encoding="utf-8")
    return gamedsl.load_game(str(path))


def hands(state) -> dict[str, list[str]]:
    zones = yaml.safe_load(state.to_yaml())["zones"]
    return {p: zones[f"{p}.hand"] for p in ("P1", "P2", "P3", "P4")}


def deck_top(tmp_path, n: int) -> list[str]:
    """The stock's top n cards, top first, as the game holds it before the deal."""
    st = load(tmp_path, "", BASE.replace("deal 2 from stock to each hand DEALT", "shuffle pool")).new_game(1)
    return list(reversed(yaml.safe_load(st.to_yaml())["zones"]["stock"]))[:n]


def test_without_beginning_the_rotation_begins_with_p1(tmp_path):
    top = deck_top(tmp_path, 8)
    st = load(tmp_path).new_game(1)
    assert hands(st) == {"P1": [top[0], top[4]], "P2": [top[1], top[5]], "P3": [top[2], top[6]],
                         "P4": [top[3], top[7]]}


@pytest.mark.parametrize("seat, first", [("3", "P3"), ("next player after dealer", "P3"), ("dealer", "P2"),
                                         ("4", "P4"), ("1", "P1")])
def test_the_rotation_begins_with_the_seat(tmp_path, seat, first):
    top = deck_top(tmp_path, 8)
    st = load(tmp_path, f"beginning with {seat}").new_game(1)
    order = ["P1", "P2", "P3", "P4"]
    k = order.index(first)
    order = order[k:] + order[:k]
    assert hands(st) == {p: [top[i], top[i + 4]] for i, p in enumerate(order)}


def test_as_an_effect_it_reads_the_mover(tmp_path):
    st = load(tmp_path).new_game(1)
    st.play("draw")  # P1 draws first: the rotation is P1 P2 P3 P4
    assert st.current_player == "P2"
    before = {p: len(h) for p, h in hands(st).items()}
    top = list(reversed(yaml.safe_load(st.to_yaml())["zones"]["stock"]))[:4]
    st.play("draw")
    after = hands(st)
    assert [after[p][-1] for p in ("P2", "P3", "P4", "P1")] == top
    assert all(len(after[p]) == before[p] + 1 for p in before)
    st.undo()
    st.play("draw")
    assert hands(st) == after


def test_the_rest_dealt_from_a_seat_gives_the_extra_cards_from_there(tmp_path):
    text = BASE.replace("deal 2 from stock to each hand DEALT", "deal 50 from stock to pool\n    deal rest from stock to each hand DEALT")
    st = load(tmp_path, "beginning with 4", text).new_game(1)
    sizes = {p: len(h) for p, h in hands(st).items()}
    assert sum(sizes.values()) == 2 and sizes["P4"] == 1 and sizes["P1"] == 1


def test_a_seat_that_is_none_stops_the_game_naming_the_step(tmp_path):
    game = load(tmp_path, "beginning with dealer + 3")
    with pytest.raises(RulesRuntimeError) as info:
        game.new_game(1)
    assert "not a seat" in str(info.value) and "rotation.game:9" in str(info.value)


@pytest.mark.parametrize("dealt, text, message", [
    ("beginning with 2", "deal 2 from stock to every hand DEALT", "leave 'beginning with' out"),
    ("beginning with 2", "deal 2 from stock to pool DEALT", "a zone of each player"),
    ("beginning with stock", None, "stock"),
    ("beginning with top of stock", None, "'beginning with' (a seat)"),
])
def test_refusals(tmp_path, dealt, text, message):
    body = BASE if text is None else BASE.replace("deal 2 from stock to each hand DEALT", text)
    with pytest.raises(RulesError) as info:
        load(tmp_path, dealt, body)
    assert message in str(info.value), str(info.value)
    assert "rotation.game:" in str(info.value)
