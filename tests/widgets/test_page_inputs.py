"""Everything a page sends to Python is capped before work is done (issue 12): a 9 MB card string came back as a
9-million-character refusal. Each text input of the pages gets a short refusal and changes nothing."""

from atout.games import family
from atout.position import position_text
from atout.widgets.classroom import Classroom
from atout.widgets.editor import PositionEditor
from atout.widgets.explainer import TrickExplainer
from atout.widgets.table import CardTable
from atout.widgets.whatif import WhatIf

HUGE = "Z" * 9_000_000
SHORT = 400     # a refusal quotes a few dozen characters of what was sent


def test_the_card_table_refuses_a_huge_card_or_action_in_a_short_sentence():
    hand = family("forty-fives").new_hand("forty-fives", seed=1)
    table = CardTable(hand, viewer=None, show_legal=True)
    history = list(hand.history)
    for message in ({"type": "play", "card": HUGE}, {"type": "action", "action": "play " + HUGE},
                    {"type": "action", "action": HUGE}):
        table._on_message(table, message, [])
        assert table.refused and 0 < len(table.announcement) < SHORT, table.announcement[:200]
        assert "ZZZZ…" in table.announcement and hand.history == history


def test_the_trick_explainer_refuses_a_huge_card_in_a_short_sentence():
    explainer = TrickExplainer(game="forty-fives", plays=["KH", "AH"], trump="C")
    explainer.boxes[0].value = HUGE
    assert explainer.plays == ["KH", "AH"] and len(explainer.error_html.value) < SHORT
    assert "a text in a query has at most 100 characters; this one has 9000000" in explainer.error_html.value


def test_the_what_if_text_and_editor_refuse_a_huge_position_in_a_short_sentence():
    page = WhatIf(text=position_text(family("sixty-six").new_hand("sixty-six", seed=2)))
    hand = page.hand
    page.text.value = "game: sixty-six\nseat 0: " + HUGE         # what typing or pasting does: the editor reads it
    assert not page.load(page.text.value)
    assert page.hand is hand and len(page.message.value) < SHORT
    assert "a position has at most 10000 characters" in page.message.value
    editor = PositionEditor("game: sixty-six")
    assert not editor.set_text(HUGE)
    editor.deck._on_message(editor.deck, {"type": "toggle", "card": HUGE}, [])
    assert editor.position.hands == {} and editor.position.piles == {}


def test_the_classroom_refuses_a_huge_code_in_a_short_sentence():
    room = Classroom("forty-fives", players=3)
    room.new_deal(seed=5)
    spec = room.spec
    room.code_input.value = HUGE                                    # what Enter in the code box does
    assert room.spec == spec and len(room.message.value) < SHORT
    assert "this text has 9000000 characters" in room.message.value
