"""A fault inside Atout met while answering a click: the page says so in words, is left as it was, and the traceback
goes to the log. Each widget kind is driven as the browser drives it (a click, a message, a trait the page sets),
with a core function made to fail."""

from __future__ import annotations

import logging

import pytest

import atout.widgets.editor as editor_module
import atout.widgets.live as live
import atout.widgets.whatif as whatif_module
from atout.forty_fives import FortyFivesHand
from atout.lessons import Lesson, Question, load_lessons, make_questions
from atout.live.classes import Classes
from atout.live.sqlite import SQLiteStore
from atout.widgets.bidding import BiddingBox
from atout.widgets.classroom import Classroom
from atout.widgets.language import close_tree, set_page_language
from atout.widgets.lesson import LessonView
from atout.widgets.page import lesson_widget
from atout.widgets.play import PlayGame
from atout.widgets.quiz import QuizView
from atout.widgets.shell import FaultNotice, PageShell
from atout.widgets.whatif import WhatIf

PLANTED = "a fault planted by the test"


def fault(*_args, **_kwargs):
    raise TypeError(PLANTED)


@pytest.fixture
def shell(caplog):
    """The page's shell, which says the fault; the log is read at WARNING and above."""
    caplog.set_level(logging.WARNING)
    shell = PageShell("home")
    yield shell
    shell.close()


def assert_said_and_logged(shell, caplog, faults: int = 1) -> None:
    assert shell.faults == faults
    assert shell.words["en"]["fault"].startswith("Something went wrong inside Atout, so what you just did was not "
                                                 "done. The page still works")
    assert "went wrong inside Atout" not in shell.words["fr"]["fault"]           # said in French too
    assert "A fault in Atout while answering the page" in caplog.text and PLANTED in caplog.text
    assert "Traceback" in caplog.text


def half_done(monkeypatch, hand_class, kind: str) -> None:
    """Core's ``kind`` action does its work on the hand, then fails before the hand notes it: a hand left half-done."""
    done = hand_class.DOES[kind]

    def faulty(hand, action):
        done(hand, action)
        raise TypeError(PLANTED)
    monkeypatch.setitem(hand_class.DOES, kind, faulty)


def click_card(table, card) -> None:
    table._handle_custom_msg({"type": "play", "card": card.code}, [])


def test_a_card_click_that_meets_a_fault_leaves_the_hand_and_the_table_as_they_were(shell, caplog, monkeypatch):
    page = PlayGame("forty-fives", seed=5)
    hand = page.game.hand
    card = next(a.card for a in hand.legal_actions() if a.kind == "play")
    before = (page.table.state, page.table.announcement, page.status.value, list(hand.history),
              [list(cards) for cards in hand.hands], hand.legal_actions())
    half_done(monkeypatch, type(hand), "play")
    click_card(page.table, card)
    assert_said_and_logged(shell, caplog)
    assert (page.table.state, page.table.announcement, page.status.value, list(hand.history),
            [list(cards) for cards in hand.hands], hand.legal_actions()) == before
    monkeypatch.undo()                       # the fault mended: the same click plays the card
    click_card(page.table, card)
    assert hand.history[len(before[3])].card is card and shell.faults == 1


def test_an_illegal_card_keeps_its_own_sentence_and_is_no_fault(shell, caplog):
    page = PlayGame("forty-fives", seed=5)
    hand = page.game.hand
    click_card(page.table, hand.hands[1][0])        # another player's card
    assert page.table.refused and page.table.announcement
    assert shell.faults == 0 and "A fault in Atout" not in caplog.text


def test_a_bid_that_meets_a_fault_changes_nothing(shell, caplog, monkeypatch):
    hand = FortyFivesHand.new("auction-forty-fives", seed=3, players=4)
    box = BiddingBox(hand)
    call = next(c for c, b in box.buttons.items() if not b.disabled and c != "pass")
    before = (len(hand.history), hand.to_act, {c: b.disabled for c, b in box.buttons.items()}, box.error)
    half_done(monkeypatch, FortyFivesHand, "bid")
    box.buttons[call].click()
    assert_said_and_logged(shell, caplog)
    assert (len(hand.history), hand.to_act, {c: b.disabled for c, b in box.buttons.items()}, box.error) == before


def test_next_in_a_lesson_that_meets_a_fault_stays_on_the_step(shell, caplog, monkeypatch):
    lesson = next(lesson for lesson in load_lessons()
                  if any("try" in step for step in lesson.steps[1:]))
    before_try = next(i for i, step in enumerate(lesson.steps) if i and "try" in step) - 1
    view = LessonView(lesson)
    view.go(before_try)
    shown = (view.step_index, view.counter.value, view.text.value, view.stage.children, view.try_box.children)
    monkeypatch.setattr(Lesson, "step_questions", fault)
    view.next_button.click()
    assert_said_and_logged(shell, caplog)
    assert (view.step_index, view.counter.value, view.text.value, view.stage.children,
            view.try_box.children) == shown


def test_a_quiz_answer_that_meets_a_fault_is_not_marked(shell, caplog, monkeypatch):
    quiz = QuizView(make_questions({"kind": "rob", "turn_up": "AH", "players": 3}, "forty-fives"))
    shown = (list(quiz.answered), quiz.right, quiz.result.value, [b.disabled for b in quiz.choices.children])
    monkeypatch.setattr(Question, "check", fault)
    quiz.choices.children[0].click()
    assert_said_and_logged(shell, caplog)
    assert (list(quiz.answered), quiz.right, quiz.result.value, [b.disabled for b in quiz.choices.children]) == shown


def test_a_what_if_edit_that_meets_a_fault_puts_the_card_back(shell, caplog, monkeypatch):
    page = WhatIf(game="sixty-six", seed=1)
    position = page.editor.position
    before = ({seat: list(cards) for seat, cards in position.hands.items()},
              {pile: list(cards) for pile, cards in position.piles.items()}, page.editor.deck.where, page.text.value)
    placed = {card for cards in position.hands.values() for card in cards}
    card = next(c for c in page.editor.deck.deck if c in placed)
    monkeypatch.setattr(editor_module, "format_position", fault)       # core writes the position's text
    page.editor.deck._handle_custom_msg({"type": "toggle", "card": card.code}, [])
    assert_said_and_logged(shell, caplog)
    assert ({seat: list(cards) for seat, cards in position.hands.items()},
            {pile: list(cards) for pile, cards in position.piles.items()}, page.editor.deck.where,
            page.text.value) == before


def test_a_game_chosen_in_a_menu_that_meets_a_fault_puts_the_menu_back(shell, caplog, monkeypatch):
    page = WhatIf(game="sixty-six", seed=1)
    hand = page.hand
    monkeypatch.setattr(whatif_module, "package_of", fault)        # core's game families
    page.game_picker.value = "five-hundred"                    # as the page sets it
    assert_said_and_logged(shell, caplog)
    assert page.game_picker.value == "sixty-six" and page.hand is hand


@pytest.fixture
def asked(monkeypatch, tmp_path):
    """A live class on SQLite whose teacher has asked a lesson's first question: the class model and the teacher's
    panel."""
    classes = Classes(SQLiteStore(tmp_path / "data"))
    monkeypatch.setattr(live, "_CLASSES", classes)
    monkeypatch.setattr(live, "kernel_caller", lambda: lambda work: None)
    room = Classroom("forty-fives", players=3)
    room.new_deal(seed=5)
    teacher = room.live.start()
    teacher.source.value = "lesson"
    teacher.lesson_picker.value = "45-trumps"
    teacher.question_picker.value = 0
    assert teacher.ask(), teacher.message.value
    yield classes, teacher
    classes.store.close()


def test_a_class_action_that_meets_a_fault_leaves_the_teachers_panel_as_it_was(shell, caplog, monkeypatch, asked):
    classes, teacher = asked
    shown = (teacher.chart_html.value, teacher.answer_html.value, teacher.message.value,
             teacher.reveal_button.layout.display)
    monkeypatch.setattr(type(teacher.teacher), "reveal", fault)
    teacher.reveal_button.click()
    assert_said_and_logged(shell, caplog)
    assert (teacher.chart_html.value, teacher.answer_html.value, teacher.message.value,
            teacher.reveal_button.layout.display) == shown


def test_a_class_action_that_wrote_to_the_store_before_its_fault_is_undone_in_the_store_too(shell, caplog, monkeypatch,
                                                                                          asked):
    """The banner says "what you just did was not done": the answer the teacher revealed is not revealed in the
    store either, so the students' pages never show it."""
    classes, teacher = asked
    asked = classes.store.latest_question(teacher.teacher.class_id)
    version = classes.store.version(teacher.teacher.class_id, shown=True)
    reveal = type(teacher.teacher).reveal

    def reveal_then_fail(self):
        reveal(self)
        raise TypeError(PLANTED)
    monkeypatch.setattr(type(teacher.teacher), "reveal", reveal_then_fail)
    teacher.reveal_button.click()
    assert_said_and_logged(shell, caplog)
    assert classes.store.latest_question(teacher.teacher.class_id) == asked      # still open, not revealed
    assert classes.store.version(teacher.teacher.class_id, shown=True) == version
    monkeypatch.setattr(type(teacher.teacher), "reveal", reveal)
    teacher.reveal_button.click()                                                 # and it can be done after
    assert classes.store.latest_question(teacher.teacher.class_id).revealed is not None

def test_a_lesson_in_a_jupyterlab_cell_says_its_own_fault_under_it(caplog, monkeypatch):
    """No page shell in a cell: the notice under the lesson says the fault, in the language in force; another
    lesson's notice stays hidden, and Carry on puts the notice away."""
    caplog.set_level(logging.WARNING)
    lesson = next(lesson for lesson in load_lessons() if any("try" in step for step in lesson.steps[1:]))
    before_try = next(i for i, step in enumerate(lesson.steps) if i and "try" in step) - 1
    cell, other = lesson_widget(lesson.id), lesson_widget(lesson.id)
    try:
        view, notice = cell.children[1], cell.children[2]
        assert isinstance(notice, FaultNotice) and notice.layout.display == "none"
        view.go(before_try)
        shown = (view.step_index, view.text.value)
        monkeypatch.setattr(Lesson, "step_questions", fault)
        view.next_button.click()
        assert (view.step_index, view.text.value) == shown
        assert notice.layout.display == "flex" and notice.faults == 1
        assert "Something went wrong inside Atout, so what you just did was not done. The lesson still works" in (
            notice.text.value)
        assert "run its cell again" in notice.text.value and notice.carry_on.description == "Carry on"
        assert other.children[2].layout.display == "none" and other.children[2].faults == 0
        assert PLANTED in caplog.text and "nothing open on the page can say so" not in caplog.text
        set_page_language("fr")
        try:
            assert "went wrong" not in notice.text.value and "Atout" in notice.text.value
            assert notice.carry_on.description != "Carry on"
        finally:
            set_page_language("en")
        notice.carry_on.click()
        assert notice.layout.display == "none"
    finally:
        close_tree(cell)
        close_tree(other)


def test_a_fault_that_no_open_widget_can_say_is_logged_as_such(caplog, monkeypatch):
    caplog.set_level(logging.WARNING)
    lesson = next(lesson for lesson in load_lessons() if any("try" in step for step in lesson.steps[1:]))
    before_try = next(i for i, step in enumerate(lesson.steps) if i and "try" in step) - 1
    view = LessonView(lesson)
    try:
        view.go(before_try)
        monkeypatch.setattr(Lesson, "step_questions", fault)
        view.next_button.click()
        assert "nothing open on the page can say so" in caplog.text and PLANTED in caplog.text
    finally:
        close_tree(view)
