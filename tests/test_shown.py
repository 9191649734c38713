"""What players are shown (issue 19, item 3): counters and values marked `shown "LABEL"` or
`shown in header "LABEL"`, by their labels and as what they hold; everything else (`hidden`, or
nothing said) kept off the table, though the rules and observations still read it."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

import gamedsl
from gamedsl.console import deal_report, plain
from gamedsl.console import render as board_of
from gamedsl.engine.shown import seat_names, shown_items

BASE = """\
game "Shown"
players 2
zones:
    stock: shared, pile, face down, holds 1 standard deck
    hand: each player, fan, face up to owner
    table: shared, pool, face up
counter chips: each player, starts 3, kept from deal to deal, shown "chips"
counter trumps: shared, holds a suit, shown in header "trumps"   # a comment after it
counter closer: shared, starts 0, shown in header "closed by"
counter idle: each player, starts 0
counter quiet: shared, starts 7, hidden
counter bags: shared, starts 2, shown "bags"
value held: size of own hand, shown "cards held"
value spare: size of stock, shown in header "stock"
value lowest_hand: min over players of (size of own hand)
deal:
    shuffle stock
    deal 3 from stock to each hand
    set trumps to suit of top of stock
move play "play a card":
    from own hand to table
    then: set closer to own seat; add 1 to own idle; end turn
end out "a hand is empty":
    when some player: own hand is empty
    then: for each player: add -1 to own chips
    winner scores 1
match: deals until some player: own score >= 2
"""


def render(state, seat):
    return plain(board_of(state, seat))


def load(tmp_path: Path, text: str = BASE, name: str = "shown.game"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return gamedsl.load_game(path)


def test_only_what_the_file_marks_is_shown_by_its_label(tmp_path):
    state = load(tmp_path).new_game(seed=3)
    board = render(state, 0)
    header = board.splitlines()[0]
    assert header.endswith(" · trumps " + {0: "S", 1: "H", 2: "D", 3: "C"}[state.counters[
        state._c.counters.index("trumps", 0)]] + " · closed by — · stock 46 ---")
    assert "Counters: bags 2" in board
    assert "idle" not in board and "quiet" not in board and "lowest" not in board
    mine, theirs = board.split("P2:")
    assert "  chips 3, cards held 3" in mine
    assert "  chips 3" in theirs and "cards held" not in theirs  # a value of each player: its owner's alone
    # hidden is display only: the rules, positions and observations still read every counter
    assert state.observation(0)["counters"]["quiet"] == 7 and "P1.idle" in state.observation(0)["counters"]


def test_a_seat_is_shown_as_the_player(tmp_path):
    state = load(tmp_path).new_game(seed=3)
    mover = state.current_player
    state.play(state.legal_moves()[0])
    assert f"closed by {mover}" in render(state, 0).splitlines()[0]


def test_seats_are_told_from_how_the_file_uses_them(tmp_path):
    game = load(tmp_path, BASE.replace("counter bags: shared, starts 2", "counter dealer: shared, starts 0")
                .replace("set trumps to suit of top of stock", "set trumps to suit of top of stock\n    "
                         "set dealer to random player")
                + "value eldest: next player after dealer\nvalue first: 1 if player_to_move = closer else 0\n")
    assert {"closer", "dealer", "eldest"} <= seat_names(game.model)
    assert "chips" not in seat_names(game.model) and "first" not in seat_names(game.model)


def test_a_deal_report_names_only_shown_counters_kept_from_deal_to_deal(tmp_path):
    game = load(tmp_path, BASE.replace("counter idle: each player, starts 0",
                                       "counter idle: each player, starts 0, kept from deal to deal"))
    state = game.new_game(seed=3)
    while not state.results:
        state.play(state.legal_moves()[0])
    report = "\n".join(deal_report(state, state.results[0]))
    assert "P1 chips 3 → 2; P2 chips 3 → 2" in report and "idle" not in report


@pytest.mark.parametrize("line, said, hint", [
    ('counter idle: each player, starts 0, shown in header "idle"', "counter 'idle' is one of each player",
     "write 'shown'"),
    ('value mine: size of own hand, shown in header "mine"', "value 'mine' is worked out for each player",
     "write 'shown'"),
])
def test_the_header_refuses_what_belongs_to_each_player(tmp_path, line, said, hint):
    assert_refused(tmp_path, line, said, hint)


def assert_refused(tmp_path, line, said, hint):
    """`line` after the base file is refused at its line, saying `said` and suggesting `hint`."""
    with pytest.raises(gamedsl.RulesError) as err:
        load(tmp_path, BASE + line + "\n")
    text = str(err.value)
    number = BASE.count("\n") + 1
    assert f"shown.game:{number}:" in text and said in text and hint in text and "^" in text


def test_shown_takes_a_label_and_a_list_of_zones_keeps_its_comma(tmp_path):
    with pytest.raises(gamedsl.RulesError) as err:
        load(tmp_path, BASE + "value bare: size of stock, shown\n")
    assert "expected ', shown \"LABEL\"'" in str(err.value) or "shown" in str(err.value)
    # `cards of hand, table` with a zone named like the keyword is a list of zones
    game = load(tmp_path, BASE.replace("table", "shown") + "value both: count of cards of stock, shown\n")
    assert "both" not in {item.name for item in shown_items(game.new_game(seed=1))}
    # `max(a, hidden cards in z)` keeps its comma
    load(tmp_path, BASE + 'value backs: max(1, hidden cards in stock), shown "backs"\n')


def test_a_variant_states_again_what_it_shows(tmp_path):
    load(tmp_path)
    variant = load(tmp_path, 'extends shown\ngame "Quiet"\ncounter chips: each player, starts 5, kept from deal to deal\n',
                   "quiet.game")
    names = [item.name for item in shown_items(variant.new_game(seed=1))]
    assert "chips" not in names and names[:2] == ["trumps", "closer"]


@pytest.mark.parametrize("game, wanted", [
    ("schwimmen", ["chips", "dealer", "closed by"]),
    ("dou_dizhu", ["bid", "landlord", "multiplier"]),
    ("oh_hell", ["cards each", "dealer", "trumps", "bid", "tricks"]),
    ("spades", ["dealer", "bid", "spades broken", "tricks", "bags"]),
    ("russian_bank", ["remainder"]),
])
def test_the_shipped_games_show_what_matters(game, wanted):
    state = gamedsl.load_game(game).new_game(seed=1)
    assert [item.label for item in shown_items(state)] == wanted


@pytest.mark.parametrize("game, internal", [
    ("russian_bank", "idle"), ("dou_dizhu", "landlord_plays"), ("schwimmen/41", "first_next"),
    ("schwimmen", "passes"), ("hearts", "taker"),
])
def test_internal_counters_stay_off_the_table(game, internal):
    state = gamedsl.load_game(game).new_game(seed=1)
    assert internal not in render(state, 0) and internal.replace("_", " ") not in render(state, 0)


# ---- announcements: `say` ------------------------------------------------------------------------

SAYING = BASE.replace("then: set closer to own seat; add 1 to own idle; end turn",
                      'then: set closer to own seat; add 1 to own idle; say "{own} plays: {closer} closed, '
                      '{chips} chips, trumps {trumps}, {held} held"; end turn')


def test_say_fills_in_the_player_and_counters_as_they_read(tmp_path):
    state = load(tmp_path, SAYING).new_game(seed=3)
    mover = state.current_player
    trumps = plain(render(state, 0)).split("trumps ")[1].split(" ")[0]
    state.play(state.legal_moves()[0])
    [(stamp, said)] = state.said
    assert stamp == 0 and plain(said) == f"{mover} plays: {mover} closed, 3 chips, trumps {trumps}, 2 held"


def test_undo_takes_back_what_a_move_said_and_copies_keep_their_own(tmp_path):
    state = load(tmp_path, SAYING).new_game(seed=3)
    state.play(state.legal_moves()[0])
    copy = state.copy()
    copy.play(copy.legal_moves()[0])
    assert len(copy.said) == 2 and len(state.said) == 1
    state.undo()
    assert state.said == [] and len(copy.said) == 2


def test_the_text_is_never_a_format(tmp_path):
    text = SAYING.replace('say "{own} plays: {closer} closed, {chips} chips, trumps {trumps}, {held} held"',
                          'say "50% of {own}.__class__ {{own}} !r"')
    with pytest.raises(gamedsl.RulesError) as err:
        load(tmp_path, text)
    assert "a brace in a 'say' text" in str(err.value)
    plain_text = SAYING.replace('say "{own} plays: {closer} closed, {chips} chips, trumps {trumps}, {held} held"',
                                'say "50%s of %(own)s own.__class__ [0] !r"')
    state = load(tmp_path, plain_text).new_game(seed=3)
    state.play(state.legal_moves()[0])
    assert state.said[0][1] == "50%s of %(own)s own.__class__ [0] !r"


@pytest.mark.parametrize("text, said, hint", [
    ('say "{chip} left"', "'{chip}' in a 'say' text is not a counter or a value", "did you mean 'chips'"),
    ('say "{1} left"', "a brace in a 'say' text", "name one of them"),
    ('say "{own left"', "a brace in a 'say' text", "name one of them"),
])
def test_say_refuses_what_it_cannot_fill_in(tmp_path, text, said, hint):
    with pytest.raises(gamedsl.RulesError) as err:
        load(tmp_path, SAYING.replace('say "{own} plays: {closer} closed, {chips} chips, trumps {trumps}, {held} held"',
                                      text))
    message = str(err.value)
    number = next(i for i, line in enumerate(SAYING.splitlines(), 1) if "say " in line)
    assert f"shown.game:{number}:" in message and said in message and hint in message and "^" in message


def test_say_refuses_own_where_there_is_no_player(tmp_path):
    text = BASE.replace("match: deals", 'end plain "nothing left":\n    when size of stock = 0\n    then: say "{own} wins"\n'
                        "match: deals")
    with pytest.raises(gamedsl.RulesError) as err:
        load(tmp_path, text)
    assert "'{own}' is the player the effect is for, and here there is none" in str(err.value)


def test_the_console_says_announcements_to_every_seat(tmp_path):
    import io

    from gamedsl.console import Console

    game = load(tmp_path, SAYING)
    out = io.StringIO()
    typed = iter(["1", "quit", "yes"])
    Console(game.new_game(seed=3), ["human", "computer"], read=lambda prompt: next(typed), out=out).run()
    text = out.getvalue()
    assert "  » P1 plays: P1 closed, 3 chips" in text  # the human's own move, said at once
    assert "Since your last move:\n  P2 plays" in text and "  » P2 plays: P2 closed" in text  # and the computer's


def test_schwimmen_announces_a_close():
    state = gamedsl.load_game("schwimmen", 3).new_game(seed=3)
    while not state.said:
        moves = state.legal_moves()
        state.play(next((m for m in moves if m.action == "close"), moves[0]))
    assert state.said[-1][1] == f"{state.players[state.counters[state._c.counters.base['closer']] - 1]} has closed: " \
                                "every other player has one more turn"


def test_a_replay_says_the_announcements_again(tmp_path):
    import subprocess
    import sys

    from gamedsl.records import load as load_save
    from gamedsl.records import save

    state = gamedsl.load_game("schwimmen").new_game(seed=3)
    while not state.said:
        moves = state.legal_moves()
        state.play(next((m for m in moves if m.action == "close"), moves[0]))
    said = state.said[-1][1]
    path = save(state, ["human", "computer"], tmp_path / "game.save")
    assert load_save(path)[0].said == state.said  # loading replays the moves, and what they said
    run = subprocess.run([sys.executable, "-m", "gamedsl", "replay", str(path), "--all"], capture_output=True,
                         text=True, cwd=Path(__file__).parent.parent, check=False, encoding="utf-8")
    assert run.returncode == 0, run.stderr
    assert f"plays close\n  » {said}\n" in run.stdout


def test_numbers_may_be_shown_as_words(tmp_path):
    game = load(tmp_path, BASE.replace('counter closer: shared, starts 0, shown in header "closed by"',
                                       'counter closer: shared, starts 0, shown in header "closed by"')
                .replace('counter bags: shared, starts 2, shown "bags"',
                         'counter bags: shared, starts 2, shown "bags" (2 as "two", -1 as "none")'))
    state = game.new_game(seed=1)
    assert "bags two" in render(state, 0)
    state.counters[state._c.counters.index("bags", 0)] = 5
    assert "bags 5" in render(state, 0)  # a number without words is its number
    state.counters[state._c.counters.index("bags", 0)] = -1
    assert "bags none" in render(state, 0)


def test_the_shipped_games_name_their_not_yet_values():
    spades = gamedsl.load_game("spades").new_game(seed=1)
    assert "spades broken no" in render(spades, 0) and "bid not yet" in render(spades, 0)
    dou_dizhu = gamedsl.load_game("dou_dizhu").new_game(seed=1)
    assert "bid none yet" in render(dou_dizhu, 0)


@pytest.mark.parametrize("line, said, hint", [
    ('counter led: shared, holds a suit, shown "led" (0 as "none")', "counter 'led' holds a suit",
     "drop the '(… as \"…\")'"),
    ('counter level: shared, starts 0, shown "level" (0 as "low", 0 as "none")', "0 is given words twice",
     "give each number one word"),
    ('value deck: size of stock, shown "deck" (0 as "")', "0 is shown as an empty text", "write '0 as \"none\"'"),
])
def test_words_for_numbers_are_checked(tmp_path, line, said, hint):
    assert_refused(tmp_path, line, said, hint)
