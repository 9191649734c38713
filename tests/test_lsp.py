"""The language server driven as an editor drives it: `gamedsl lsp` over a pipe, JSON-RPC framed
by Content-Length (tests/lsp_client.py). One server for the module: it starts in seconds."""

from __future__ import annotations

import subprocess
import sys

import pytest

from .lsp_client import ROOT, LanguageClient

pytest.importorskip("pygls")

CANFIELD = ROOT / "games" / "canfield.game"
SHORT = ROOT / "games" / "russian_bank" / "short.game"
BASE = ROOT / "games" / "russian_bank.game"
# Three mistakes the checker reports together (none stops it): (text, mistake, its 0-based line and columns)
MISTAKES = [
    ("deal 13 from stock to reserve", "deal 13 from stok to reserve", "stok", "stock"),
    ("set base to rank of bottom", "set bse to rank of bottom", "bse", "base"),
    ("value home: size of foundation 1", "value home: size of foundatio 1", "foundatio", "foundation"),
]


@pytest.fixture(scope="module")
def client():
    editor = LanguageClient()
    editor.start()
    yield editor
    editor.close()


def _where(text: str, word: str, after: str = "") -> tuple[int, int]:
    """The 0-based line and column of `word` (in the first line holding `after`, if given)."""
    for number, line in enumerate(text.split("\n")):
        if after in line and word in line:
            return number, line.index(word, line.index(after) if after else 0)
    raise AssertionError(word)


def _position(line: int, character: int) -> dict:
    return {"line": line, "character": character}


def _with_mistakes(count: int) -> str:
    text = CANFIELD.read_text(encoding="utf-8")
    for right, wrong, _, _ in MISTAKES[:count]:
        assert text.count(right) == 1
        text = text.replace(right, wrong)
    return text


def test_three_mistakes_give_three_diagnostics_at_their_words_and_fixing_one_leaves_two(client):
    text = _with_mistakes(3)
    uri = client.open(CANFIELD, text, version=1)
    found = client.diagnostics(uri, 1)
    assert len(found) == 3
    for diagnostic, (_, wrong, word, right) in zip(found, MISTAKES):
        line, column = _where(text, word, wrong.split()[0])
        assert diagnostic["range"] == {"start": _position(line, column), "end": _position(line, column + len(word))}
        assert f"'{word}'" in diagnostic["message"] and f"did you mean '{right}'?" in diagnostic["message"]
        assert diagnostic["source"] == "gamedsl" and diagnostic["severity"] == 1
    client.change(uri, text.replace(MISTAKES[0][1], MISTAKES[0][0]), version=2)
    left = client.diagnostics(uri, 2)
    assert [d["message"] for d in left] == [d["message"] for d in found[1:]]
    client.change(uri, CANFIELD.read_text(encoding="utf-8"), version=3)
    assert client.diagnostics(uri, 3) == []


def test_the_suggestion_is_a_quick_fix_replacing_the_word(client):
    text = _with_mistakes(1)
    uri = client.open(CANFIELD, text, version=10)
    (diagnostic,) = client.diagnostics(uri, 10)
    actions = client.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": diagnostic["range"], "context": {"diagnostics": [diagnostic]}})
    (action,) = actions
    assert action["kind"] == "quickfix" and action["title"] == "Replace with 'stock'"
    assert action["edit"]["changes"][uri] == [{"range": diagnostic["range"], "newText": "stock"}]


def test_a_syntax_error_is_one_diagnostic_and_the_names_of_the_last_good_text_still_answer(client):
    good = CANFIELD.read_text(encoding="utf-8")
    uri = client.open(CANFIELD, good, version=20)
    assert client.diagnostics(uri, 20) == []
    broken = good.replace("deal 13 from stock to reserve", "deal 13 from stock to")
    client.change(uri, broken, version=21)
    (diagnostic,) = client.diagnostics(uri, 21)
    assert diagnostic["message"].startswith("unexpected")
    line, column = _where(broken, "moved", "set moved")  # hover still knows `moved`
    hover = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": _position(line, column)})
    assert "counter" in hover["contents"]["value"]


def test_hover_shows_a_declaration_and_its_description(client):
    text = CANFIELD.read_text(encoding="utf-8")
    uri = client.open(CANFIELD, text, version=30)
    client.diagnostics(uri, 30)
    line, column = _where(text, "home", "when home")
    hover = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": _position(line, column + 1)})
    value = hover["contents"]["value"]
    assert hover["contents"]["kind"] == "markdown"
    assert "**value** `home` — canfield.game:" in value and "value home: size of foundation 1" in value
    assert "the cards on the four foundations" in value  # the comment above the declaration
    line, column = _where(text, "redeal", "move redeal")
    move = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": _position(line, column)})
    assert "turn the waste over as the new stock" in move["contents"]["value"]


def test_hover_over_a_keyword_shows_its_entry_in_the_language_reference(client):
    text = CANFIELD.read_text(encoding="utf-8")
    uri = client.open(CANFIELD, text, version=40)
    client.diagnostics(uri, 40)
    line, column = _where(text, "whenever", "whenever fill")
    hover = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": _position(line, column)})
    value = hover["contents"]["value"]
    assert "LANGUAGE.md" in value and "automatic rule" in value and "### Automatic rules" in value


def _labels(client, uri, line, character) -> list[str]:
    result = client.request("textDocument/completion", {"textDocument": {"uri": uri},
                                                        "position": _position(line, character)})
    return [item["label"] for item in result["items"]]


def test_completion_offers_what_the_grammar_allows_there(client):
    text = CANFIELD.read_text(encoding="utf-8")
    uri = client.open(CANFIELD, text, version=50)
    client.diagnostics(uri, 50)
    line, column = _where(text, "stock", "deal 13 from stock")
    after_from = _labels(client, uri, line, column)  # `deal 13 from |`: a zone, its owner
    assert {"stock", "waste", "reserve", "tableau", "foundation", "own"} <= set(after_from)
    assert "shuffle" not in after_from and "zones" not in after_from
    assert _labels(client, uri, line, column + 2) == ["stock"]  # `from st|`
    line, column = _where(text, "from reserve, waste, tableau to foundation", "from reserve, waste, tableau")
    in_move = _labels(client, uri, line, column)  # the start of a move's line: its clauses
    assert {"from", "to", "only", "then", "choosing", "taking"} <= set(in_move)
    assert "stock" not in in_move and "deal" not in in_move
    line, _ = _where(text, "match: one deal")
    top = _labels(client, uri, line, 0)  # a new statement
    assert {"move", "priority", "end", "match", "zones"} <= set(top) and "from" not in top


def test_completion_of_a_counter_and_an_option_in_a_variant(client):
    text = SHORT.read_text(encoding="utf-8")
    uri = client.open(SHORT, text, version=60)
    assert client.diagnostics(uri, 60) == []
    line, column = _where(text, "p4 = 1", "except discard while")
    labels = _labels(client, uri, line, column + 1)  # `while p|`: the base's option p4, the variant's passes
    assert "p4" in labels and "passes" in labels and "play" not in labels


def test_definition_in_the_file_and_across_extends_into_the_base(client):
    text = SHORT.read_text(encoding="utf-8")
    uri = client.open(SHORT, text, version=70)
    client.diagnostics(uri, 70)
    base = BASE.read_text(encoding="utf-8")
    line, column = _where(text, "foundation", "to foundation, house")
    location, rule = client.request("textDocument/definition", {"textDocument": {"uri": uri},
                                                                "position": _position(line, column)})
    assert location["uri"] == rule["uri"] == BASE.resolve().as_uri()  # the zone, then `build foundation`
    assert rule["range"]["start"]["line"] == _where(base, "foundation", "build foundation")[0]
    base_line, base_column = _where(base, "foundation", "foundation[8]")
    assert location["range"]["start"] == _position(base_line, base_column)
    line, column = _where(text, "passes", "add 1 to passes")
    (own,) = client.request("textDocument/definition", {"textDocument": {"uri": uri}, "position": _position(line, column)})
    here_line, here_column = _where(text, "passes", "counter passes")
    assert own == {"uri": uri, "range": {"start": _position(here_line, here_column),
                                         "end": _position(here_line, here_column + len("passes"))}}
    line, column = _where(text, "p4", "while p4")
    (option,) = client.request("textDocument/definition", {"textDocument": {"uri": uri}, "position": _position(line, column)})
    assert option["uri"] == BASE.resolve().as_uri()
    assert option["range"]["start"]["line"] == _where(base, "p4", "option p4")[0]


def test_hover_in_a_variant_over_a_name_of_the_base(client):
    text = SHORT.read_text(encoding="utf-8")
    uri = client.open(SHORT, text, version=80)
    client.diagnostics(uri, 80)
    line, column = _where(text, "p4", "while p4")
    hover = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": _position(line, column)})
    assert "**option** `p4` — russian_bank.game:" in hover["contents"]["value"]


def test_the_outline_lists_zones_moves_priorities_and_ends(client):
    text = CANFIELD.read_text(encoding="utf-8")
    uri = client.open(CANFIELD, text, version=90)
    client.diagnostics(uri, 90)
    found = client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    by_kind: dict[str, list[str]] = {}
    for symbol in found:
        by_kind.setdefault(symbol["detail"], []).append(symbol["name"])
    assert by_kind["zone"] == ["stock", "waste", "reserve", "tableau", "foundation"]
    assert by_kind["move"] == ["home", "build", "pile", "turn", "redeal"]
    assert by_kind["end"] == ["won", "stuck"]
    move = next(s for s in found if s["name"] == "redeal")
    assert move["range"]["end"]["line"] - move["range"]["start"]["line"] == 4  # the header, its 4 lines
    variant = client.open(SHORT, SHORT.read_text(encoding="utf-8"), version=91)
    client.diagnostics(variant, 91)
    outline = client.request("textDocument/documentSymbol", {"textDocument": {"uri": variant}})
    names = {s["name"]: s["detail"] for s in outline}
    assert names["P2"] == "priority" and names["passes"] == "counter"
    assert "foundation" not in names  # the variant's own statements, not its base's


def test_without_pygls_the_command_says_what_to_install():
    code = "import sys; sys.modules['pygls'] = None; from gamedsl.cli import main; sys.exit(main(['lsp']))"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False)
    assert run.returncode == 2
    assert run.stderr == "gamedsl lsp: the language server needs pygls: pip install 'gamedsl[lsp]'\n"


def test_positions_are_counted_in_the_editors_units_utf16(client):
    # Two playing-card characters beyond the BMP: each is one character, two UTF-16 units.
    text = CANFIELD.read_text(encoding="utf-8").replace("        set moved to 1", '        say "\U0001F0A1\U0001F0B1"; set mved to 1', 1)
    uri = client.open(CANFIELD, text, version=100)
    (diagnostic,) = client.diagnostics(uri, 100)
    line, column = _where(text, "mved")
    assert diagnostic["range"]["start"] == _position(line, column + 2)
    assert diagnostic["range"]["end"] == _position(line, column + 2 + len("mved"))
    hover = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": _position(line, column + 2)})
    assert hover is None  # `mved` names nothing; and the word is found at the client's column
    client.change(uri, text.replace("set mved", "set moved"), version=101)
    assert client.diagnostics(uri, 101) == []
    hover = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": _position(line, column + 2)})
    assert "**counter** `moved`" in hover["contents"]["value"]
    assert hover["range"]["start"] == _position(line, column + 2)


def _hover_and_definition(client, uri: str, line: int, column: int) -> tuple[str, dict]:
    """What hover shows at a place, and the one location its definition goes to."""
    where = {"textDocument": {"uri": uri}, "position": _position(line, column)}
    hover = client.request("textDocument/hover", where)
    (location,) = client.request("textDocument/definition", where)
    return hover["contents"]["value"], location


def test_a_phase_is_a_name_hover_and_definition_know(client):
    path = ROOT / "games" / "dou_dizhu.game"
    text = path.read_text(encoding="utf-8")
    uri = client.open(path, text, version=110)
    assert client.diagnostics(uri, 110) == []
    line, column = _where(text, "bidding", "during bidding")
    hover, location = _hover_and_definition(client, uri, line, column)
    assert "**phase** `bidding`" in hover
    assert location["range"]["start"] == _position(*_where(text, "bidding", "phases:"))


def test_a_problem_in_the_base_file_is_shown_on_the_variants_extends_line(client, tmp_path):
    base = CANFIELD.read_text(encoding="utf-8").replace("deal 13 from stock to reserve", "deal 13 from stok to reserve")
    (tmp_path / "mine.game").write_text(base, encoding="utf-8")
    variant = tmp_path / "quick.game"
    text = '# a variant\nextends mine\ngame "Quick"\n'
    uri = client.open(variant, text, version=120)
    (diagnostic,) = client.diagnostics(uri, 120)
    line, column = _where(base, "stok")
    assert diagnostic["message"].startswith(f"{tmp_path / 'mine.game'}:{line + 1}:{column + 1}: unknown zone 'stok'")
    assert diagnostic["range"] == {"start": _position(1, 0), "end": _position(1, len("extends mine"))}
    assert diagnostic.get("data") is None  # no quick fix here: it is the base that has to change
    (tmp_path / "mine.game").write_text(CANFIELD.read_text(encoding="utf-8"), encoding="utf-8")
    client.change(uri, text + "remove nothing_here\n", version=121)
    (diagnostic,) = client.diagnostics(uri, 121)  # the base fixed on disk; the variant's own mistake
    assert diagnostic["message"].startswith("cannot remove 'nothing_here'")
    assert diagnostic["range"]["start"] == _position(3, 0)


def test_a_moves_choice_leads_to_its_declaration_within_the_move_only(client):
    path = ROOT / "games" / "go_fish.game"
    text = path.read_text(encoding="utf-8")
    uri = client.open(path, text, version=130)
    assert client.diagnostics(uri, 130) == []
    line, column = _where(text, "p's hand", "only when p's hand")
    hover, location = _hover_and_definition(client, uri, line, column)
    assert "**choice of a player** `p`" in hover
    chosen_line, _ = _where(text, "a player p", "choosing")
    assert location["range"]["start"] == _position(chosen_line, text.split("\n")[chosen_line].index(" p ") + 1)
    assert all(d["name"] != "p" for d in client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}}))
    assert {"p", "r", "hand"} <= set(_labels(client, uri, line, column))  # `only when |`: the move's choices too
    outside = _labels(client, uri, *_where(text, "book_count", "each player scores own"))  # `scores own |`
    assert "book_count" in outside and "p" not in outside and "r" not in outside
    edited = text + "value stray: p\n"
    client.change(uri, edited, version=131)
    (stray,) = client.diagnostics(uri, 131)  # `p` means nothing outside its move
    assert "'p'" in stray["message"]
    hover = client.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                  "position": stray["range"]["start"]})
    assert hover is None
