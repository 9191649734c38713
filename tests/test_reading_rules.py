"""Rules files written by strangers from a rules text (issue 15, points 15-20): each construct
behaves as a reader of the file expects, or the checker refuses it saying what to write."""

from __future__ import annotations

import textwrap

import pytest

import gamedsl

HEADER = """\
game "Test bench"
players 2

cards:
    order up: A 2 3 4 5 6 7 8 9 10 J Q K
"""


def write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


# ---- point 15: a shuffle repeated at the same moment ---------------------------------------------

RESHUFFLE = HEADER + """
zones:
    deck: shared, pile, face down, holds 1 standard deck of 5 J
    pool: shared, pile, face up

move draw "turn the top card of the deck":
    from deck to pool freely
    then: end turn

whenever reshuffle "a jack turned up: gather, shuffle and turn again":
    when pool shows J
    then:
        move all of pool to deck
        shuffle deck
        deal 1 from deck to pool

end done "three cards are out":
    when size of pool >= 3
"""


def test_a_shuffle_repeated_by_an_automatic_rule_at_the_same_moment_gets_a_new_order(tmp_path):
    game = gamedsl.load_game(write(tmp_path, "reshuffle.game", RESHUFFLE))
    for seed in range(20):  # with one order per moment, half of these turned the same jack for ever
        state = game.new_game(seed)
        while not state.is_over:
            state.play("draw")
        assert len(state.results) == 1


def test_a_repeated_shuffle_is_undone_and_replayed_exactly(tmp_path):
    game = gamedsl.load_game(write(tmp_path, "reshuffle.game", RESHUFFLE))
    for seed in range(20):
        state = game.new_game(seed)
        state.play("draw")
        if state.shuffled_at and max(state.shuffled_at[1].values()) > 1:
            break
    else:
        raise AssertionError("no seed shuffles twice in one move")
    after = state.key()
    state.undo()
    state.play("draw")
    assert state.key() == after


# ---- point 20: deal amounts, and a seat counter's zone in a plain end -------------------------------

DEAL_AMOUNTS = HEADER + """
zones:
    deck: shared, pile, face down, holds 1 standard deck
    hand: each player, fan, face up to owner
    pool: shared, pool, face up
    discard: shared, pile, face up

counter dealer: shared, starts 1
counter extra: shared, starts 2
value hand_size: 3 + extra

deal:
    shuffle deck
    deal hand_size from deck to each hand
    deal extra * 2 - 1 from deck to pool

move play "put a card on the discard pile; draw back up to the hand size":
    from own hand to discard
    then:
        deal up to hand_size + 1 from deck to own hand
        end turn

end done "the dealer's hand goes to the discard pile":
    when size of discard >= 2
    then:
        move all of dealer's hand to discard
"""


def test_a_deal_amount_may_be_a_value_a_counter_or_any_expression(tmp_path):
    game = gamedsl.load_game(write(tmp_path, "amounts.game", DEAL_AMOUNTS))
    state = game.new_game(1)
    names = game.compiled.zones.by_name
    assert [len(state.zones[names[n]]) for n in ("P1.hand", "P2.hand", "pool")] == [5, 5, 3]
    state.play(str(state.legal_moves()[0]))
    assert len(state.zones[names["P1.hand"]]) == 6  # up to hand_size + 1


def test_a_seat_counters_zone_works_in_the_effects_of_a_plain_end(tmp_path):
    game = gamedsl.load_game(write(tmp_path, "amounts.game", DEAL_AMOUNTS))
    state = game.new_game(1)
    state.play(str(state.legal_moves()[0]))
    state.play(str(state.legal_moves()[0]))
    assert state.is_over
    names = game.compiled.zones.by_name  # the match is over: the zones stay as the end left them
    assert len(state.zones[names["P1.hand"]]) == 0 and len(state.zones[names["discard"]]) == 2 + 6


def test_a_deal_amount_naming_nothing_says_what_an_amount_may_be(tmp_path):
    text = DEAL_AMOUNTS.replace("deal hand_size from", "deal hand_sise from")
    with pytest.raises(gamedsl.RulesError) as err:
        gamedsl.load_game(write(tmp_path, "typo.game", text))
    message = str(err.value)
    assert "typo.game:19:10: 'hand_sise' is not an option, a counter or a value" in message
    assert "'rest', 'up to N' or an expression" in message and "did you mean 'hand_size'?" in message


# ---- point 19: a wild card played as a rank its declaration forbids ----------------------------------

def test_explain_cites_the_wild_declaration_when_a_wild_is_played_as_a_barred_rank():
    import yaml

    game = gamedsl.load_game("spite_and_malice")
    position = {"game": game.title, "turn": "P1",
                "zones": {"P1.stock": ["9C"], "P2.stock": ["9D"], "P1.hand": ["JK"], "centre1": ["AH", "2H"]}}
    state = game.load_position(yaml.safe_dump(position))
    verdict = state.explain("JK P1.hand -> centre2 as A")  # an empty centre takes an ace, but not this joker
    assert not verdict.legal and verdict.rule.name == "wild JK" and verdict.rule.pos.line == 11
    assert "JK may not stand for A (wild JK: any rank but A)" in str(verdict)
    assert "— spite_and_malice.game:11" in str(verdict)
    assert game.rules["wild JK"] is verdict.rule


# ---- point 18: look-ahead counts the move after which the turn passes -------------------------------

LOOK_AHEAD = HEADER + """
zones:
    deck: shared, pile, face down, holds 1 standard deck
    hand: each player, pile, face up
    pool: shared, pile, face up
    discard: shared, pile, face up

deal:
    shuffle deck
    deal 5 from deck to each hand

move keep "put your top card in the pool":
    from own hand to pool freely

move throw "throw your top card away: your turn ends":
    from own hand to discard freely
    then: end turn

PRIORITY

end done "the discard pile holds three cards":
    when size of discard >= 3
"""


def test_must_lower_counts_a_move_after_which_the_turn_passes(tmp_path):
    text = LOOK_AHEAD.replace("PRIORITY", 'priority lighten "lighten the table":\n'
                              "    must lower size of own hand + size of pool within 2 moves when possible")
    state = gamedsl.load_game(write(tmp_path, "lower.game", text)).new_game(1)
    assert [m.action for m in state.legal_moves()] == ["throw"]  # only throwing lowers it, and it ends the turn


def test_can_reach_counts_a_move_after_which_the_turn_passes(tmp_path):
    text = LOOK_AHEAD.replace("PRIORITY", 'priority no_keeping "no keeping while a card can be thrown":\n'
                              "    forbid keep while can reach (discard is not empty) within 1 moves")
    state = gamedsl.load_game(write(tmp_path, "reach.game", text)).new_game(1)
    assert [m.action for m in state.legal_moves()] == ["throw"]


# ---- point 17: a variant of one's own file ----------------------------------------------------------

BASE = HEADER + """
zones:
    deck: shared, pile, face down, holds 1 standard deck
    hand: each player, fan, face up to owner

option hand_size = 5 "cards in each hand"

deal:
    shuffle deck
    deal hand_size from deck to each hand

move pass "pass":
    then: end turn

end done "after one pass":
    when size of deck < 60
"""


def hands(game, state) -> list[int]:
    return [len(state.zones[game.compiled.zones.by_name[f"P{s}.hand"]]) for s in (1, 2)]


def test_a_variant_extends_a_file_beside_it_by_name_or_any_file_by_its_path(tmp_path):
    write(tmp_path, "mine.game", BASE)
    (tmp_path / "variants").mkdir()
    beside = write(tmp_path, "small.game", 'extends mine\ngame "Mine, small"\noption hand_size = 3 "fewer"\n')
    below = write(tmp_path, "variants/big.game", 'extends "../mine.game"\ngame "Mine, big"\noption hand_size = 7 "more"\n')
    for path, size in ((beside, 3), (below, 7)):
        game = gamedsl.load_game(path)
        assert hands(game, game.new_game(1)) == [size, size]
        assert str(tmp_path / "mine.game") in game.model.files


def test_a_missing_base_file_is_a_clear_error(tmp_path):
    path = write(tmp_path, "lost.game", 'extends "nowhere/base.game"\ngame "Lost"\n')
    with pytest.raises(gamedsl.RulesError) as err:
        gamedsl.load_game(path)
    assert "lost.game:1:1: no game file 'nowhere/base.game'" in str(err.value)
    path = write(tmp_path, "lost2.game", "extends no_such_base\ngame \"Lost\"\n")
    with pytest.raises(gamedsl.RulesError) as err:
        gamedsl.load_game(path)
    assert "unknown game 'no_such_base'" in str(err.value) and 'extends "path/to/base.game"' in str(err.value)


def test_a_game_cannot_extend_itself(tmp_path):
    write(tmp_path, "a.game", 'extends b\ngame "A"\n')
    write(tmp_path, "b.game", 'extends "a.game"\ngame "B"\n')
    write(tmp_path, "self.game", 'extends "self.game"\ngame "Self"\n')
    for name, cycle in (("a.game", "a.game → " + str(tmp_path / "b.game")), ("self.game", "self.game")):
        with pytest.raises(gamedsl.RulesError) as err:
            gamedsl.load_game(tmp_path / name)
        assert "a game cannot extend itself" in str(err.value) and cycle in str(err.value)


def test_a_mistake_in_the_base_file_is_reported_in_the_base_file(tmp_path):
    write(tmp_path, "mine.game", BASE.replace("deal hand_size from deck", "deal hand_size from dek"))
    path = write(tmp_path, "small.game", 'extends mine\ngame "Mine, small"\n')
    with pytest.raises(gamedsl.RulesError) as err:
        gamedsl.load_game(path)
    assert f"{tmp_path / 'mine.game'}:15:25:" in str(err.value) and "unknown zone 'dek'" in str(err.value)


def test_a_variant_named_like_its_shipped_base_extends_the_shipped_game(tmp_path):
    path = write(tmp_path, "russian_bank.game", 'extends russian_bank\ngame "My Russian Bank"\n')
    assert gamedsl.load_game(path).model.files == (str(path), "russian_bank.game")


# ---- point 16: turn-start effects open the first turn of every deal -----------------------------------

TURN_START = HEADER + """
zones:
    deck: shared, pile, face down, holds 1 standard deck
    hand: each player, fan, face up to owner
    discard: shared, pile, face up

counter dealer: shared, starts 0, kept from deal to deal
counter turns: each player, starts 0

deal:
    set dealer to random player if dealer = 0 else next player after dealer
    shuffle deck

first player: next player after dealer

at turn start:
    add 1 to own turns
    deal 1 from deck to own hand

move play "discard a card":
    from own hand to discard
    then: end turn

end done "three cards are down":
    when size of discard >= 3

match: deals until deal_number >= 3
"""


def test_turn_start_effects_open_the_first_turn_of_every_deal(tmp_path):
    game = gamedsl.load_game(write(tmp_path, "turn_start.game", TURN_START))
    names = game.compiled.zones.by_name
    state = game.new_game(3)
    for deal in (1, 2, 3):
        assert state.deal_number == deal
        first = state.current
        assert state.counters[game.compiled.counters.base["turns"] + first] == 1
        assert len(state.zones[names[f"P{first + 1}.hand"]]) == 1 and len(state.zones[names[f"P{2 - first}.hand"]]) == 0
        while state.deal_number == deal and not state.is_over:
            state.play(str(state.legal_moves()[0]))


def test_a_deal_amount_cannot_use_a_moves_value(tmp_path):
    text = DEAL_AMOUNTS.replace('''    from own hand to discard
    then:
        deal up to hand_size + 1 from deck to own hand''', '''    for each n from 1 to 2
    then:
        deal n from deck to own hand''')
    with pytest.raises(gamedsl.RulesError) as err:
        gamedsl.load_game(write(tmp_path, "valued.game", text))
    assert "a deal amount cannot use the move's value 'n'" in str(err.value)
