"""Everything a page sends to Python is capped before work is done (issue 12): a 9 MB card string came back as a
9-million-character refusal. Each text input of the pages gets a short refusal and changes nothing."""

from atout.games import package_of
from atout.position import position_text
from atout.widgets.classroom import Classroom
from atout.widgets.editor import PositionEditor
from atout.widgets.explainer import TrickExplainer
from atout.widgets.table import CardTable
from atout.widgets.whatif import WhatIf

HUGE = "Z" * 9_000_000
SHORT = 400     # a refusal quotes a few dozen characters of what was sent


def test_the_card_table_refuses_a_huge_card_or_action_in_a_short_sentence():
    hand = package_of("forty-fives").new_hand("forty-fives", seed=1)
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
    said = explainer.error_html.value         # core's card parser: the text cut short, then what a card is
    assert "…&#x27; is not a card: write a rank" in said and HUGE[:200] not in said, said


def test_the_what_if_text_and_editor_refuse_a_huge_position_in_a_short_sentence():
    page = WhatIf(text=position_text(package_of("sixty-six").new_hand("sixty-six", seed=2)))
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


# --- what a page sends its widgets, through the path ipywidgets takes with a page's message ------------------------

def from_page(widget, **data) -> None:
    """Hand ``widget`` a message from its page as the kernel does (``Widget._handle_msg``): ``data`` is a custom
    message's ``content=…`` or a trait change's ``state=…``."""
    if "content" in data:
        data = {"method": "custom", "content": data["content"]}
    else:
        data = {"method": "update", "state": data["state"], "buffer_paths": []}
    widget._handle_msg({"content": {"data": data}, "buffers": []})


def test_a_message_too_large_or_not_a_table_is_refused_unread_and_the_table_says_so():
    """A click on a 2-million-card list was written out whole (str()) before it was refused (issue 12)."""
    hand = package_of("forty-fives").new_hand("forty-fives", seed=1)
    table = CardTable(hand, viewer=None, show_legal=True)
    history = list(hand.history)
    for content in ({"type": "play", "card": ["AS"] * 2_000_000}, ["play", "AS"], "play AS", None,
                    {"type": "play", "card": "AS", "more": "Z" * 5_000}, {"type": ["play"]}):
        table.announcement = ""
        from_page(table, content=content)
        assert table.refused and hand.history == history
        assert table.announcement == "The page sent something the table cannot read; nothing was played"


def test_a_card_or_action_that_is_not_text_is_refused_by_name():
    """These were written out as Python writes them ('None' is not a card) and an action list was looked for among
    the legal actions."""
    hand = package_of("forty-fives").new_hand("forty-fives", seed=1)
    table = CardTable(hand, viewer=None, show_legal=True)
    history = list(hand.history)
    for content, message in (({"type": "play", "card": None}, "null is not a card"),
                             ({"type": "play", "card": {"rank": "A"}}, '{"rank": "A"} is not a card'),
                             ({"type": "action", "action": ["play", "AS"]}, '["play", "AS"] is not an action'),
                             ({"type": "action", "action": 7}, "7 is not an action")):
        from_page(table, content=content)
        assert table.refused and table.announcement.startswith(message) and hand.history == history


def test_a_page_sets_only_the_traits_it_owns_and_only_to_values_they_take():
    """A page could set any trait of its widgets: turn on taking back at a table that does not allow it (and then
    take back), write the table's announcement, put any text in the shell's language, keep 100,000 progress
    entries (issue 12)."""
    from atout.widgets.progress import ProgressStore
    from atout.widgets.shell import PageShell

    hand = package_of("forty-fives").new_hand("forty-fives", seed=1)
    table = CardTable(hand, viewer=None, show_legal=True)
    table.play(table.state["seats"][table.state["to_act"]]["cards"][0])
    history = list(hand.history)
    from_page(table, state={"allow_undo": True, "announcement": "Z" * 100})
    from_page(table, content={"type": "undo"})
    assert hand.history == history and not table.allow_undo and "Z" not in table.announcement
    from_page(table, state={"show_legal": "yes"})
    assert table.show_legal is True
    from_page(table, state={"show_legal": False})      # the box the page does own
    assert table.show_legal is False

    shell = PageShell("home")
    for lang in ("xx", "Z" * 100_000, 5):
        from_page(shell, state={"lang": lang})
        assert shell.lang == "en"
    from_page(shell, state={"address": {"game": "Z"}, "page": "learn"})
    assert shell.address == {} and shell.page == "home"

    store = ProgressStore()
    from_page(store, state={"progress": {f"lesson-{i}": {"done": True} for i in range(100_000)}})
    assert store.progress == {}
    from_page(store, state={"progress": {"45-trumps": {"done": True}, "Z" * 500: {"done": True}, "x": [1]}})
    assert store.progress == {"45-trumps": {"done": True}} and store.done("45-trumps")
