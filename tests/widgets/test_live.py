"""The live class on the pages, in process: the teacher's panel on the classroom, students' panels on the course and
classroom pages, each with its own watcher; the store is a real SQLite database in a temporary folder (both
back-ends are tested under the class model, tests/live, and in Chromium, tests/site/test_live.py).

The watchers hand their updates to ``PageThread``, which stands for each kernel's event loop: the test runs them on
its own thread, as a kernel runs them between two of its page's messages.
"""

from __future__ import annotations

import logging
import queue
import threading
from html import unescape

import nbformat
import pytest

import atout.widgets.live as live
from atout.games import available_games, player_counts
from atout.i18n import language
from atout.live.classes import Classes, format_time, seat_of
from atout.live.sqlite import SQLiteStore
from atout.widgets.classroom import Classroom
from atout.widgets.course import Course
from atout.widgets.seats import unit_label
from tests.kernels import execute
from tests.registry import games_in_partnerships

WAIT_S = 20        # at most this long for a watcher to notice a change (it polls every 0.1 s)


class PageThread:
    """The kernels' event loop, for the test: work the watchers hand over waits until ``until`` runs it."""

    def __init__(self) -> None:
        self.work: queue.Queue = queue.Queue()
        self.senders: list[threading.Thread] = []

    def __call__(self, work) -> None:
        self.senders.append(threading.current_thread())
        self.work.put(work)

    def until(self, condition, most: int = 200) -> bool:
        """Run what the watchers hand over until ``condition()`` holds; fails when they stop handing anything."""
        for _ in range(most):
            if condition():
                return True
            self.work.get(timeout=WAIT_S)()
        return condition()


@pytest.fixture
def pages(tmp_path, monkeypatch):
    classes = Classes(SQLiteStore(tmp_path / "data"))
    monkeypatch.setattr(live, "_CLASSES", classes)
    thread = PageThread()
    monkeypatch.setattr(live, "kernel_caller", lambda: thread)
    watches = []
    start = live._watch
    monkeypatch.setattr(live, "_watch", lambda *args, **kw: watches.append(start(*args, **kw)) or watches[-1])
    yield thread
    for watch in watches:
        watch.stop()
    classes.store.close()


def teaching(game: str = "forty-fives", players: int = 3, seed: int = 5):
    room = Classroom(game, players=players)
    room.new_deal(seed=seed)
    return room, room.live.start()


def follows(panel) -> bool:
    return bool(panel.view.get("follow"))


# --- starting and joining ---------------------------------------------------------------------------------

def test_the_teacher_starts_a_class_and_sees_who_joins_with_names_escaped(pages):
    room, teacher = teaching()
    code = teacher.teacher.code
    assert f"data-testid='class-code'>{code}<" in teacher.code_html.value
    assert f"course.ipynb?class={code}" in teacher.code_html.value
    assert "Nobody has joined yet." in teacher.roster_html.value
    assert "24 hours after the class started" in teacher.retention_html.value
    assert room.live.side.layout.display == "" and room.live.bar.layout.display == "none"
    course = Course()
    student = course.live.join(code.lower(), "<b>Ada</b> & co")
    assert "as &lt;b&gt;Ada&lt;/b&gt; &amp; co." in student.header.value
    assert pages.until(lambda: "data-count='1'" in teacher.roster_html.value)
    assert "&lt;b&gt;Ada&lt;/b&gt; &amp; co" in teacher.roster_html.value and "<b>Ada" not in teacher.roster_html.value


def test_a_refused_join_is_said_beside_the_form_and_nothing_is_kept(pages):
    _room, teacher = teaching()
    store = live.live_classes().store
    Course().live.join(teacher.teacher.code, "Ada")
    before = store.row_counts()
    strip = Course().live
    for code, name, field, said in ((teacher.teacher.code[:-1] + "U", "Ben", "code", "'U' is not used in class codes"),
                                    ("ZZZ-ZZZ", "Ben", "code", "No class is open with the code ZZZ-ZZZ"),
                                    (teacher.teacher.code, " ADA ", "name", "ADA is already in this class"),
                                    (teacher.teacher.code, "   ", "name", "Type your name")):
        assert strip.join(code, name) is None
        assert f"data-field='{field}'" in strip.form_message.value and said in unescape(strip.form_message.value)
        assert strip.student_panel is None
    assert store.row_counts() == before


def test_a_link_carries_the_code_to_the_join_form():
    assert (live.class_link("K7M-4QX", "http://school.example:8866/voila/render/classroom.ipynb?game=sixty-six")
            == "http://school.example:8866/voila/render/course.ipynb?class=K7M-4QX")
    strip = live.LiveClass()
    strip.prefill("K7M-4QX")
    assert strip.form.layout.display == "" and strip.code_input.value == "K7M-4QX"
    assert "Type your name, then Join." in strip.form_message.value
    strip.prefill("K7M-4QU")
    assert "data-field='code'" in strip.form_message.value and "'U' is not used" in unescape(strip.form_message.value)


def test_the_course_page_opens_the_form_with_the_code_of_its_address(monkeypatch):
    from atout.widgets.course import Course
    from atout.widgets.page import course_page

    monkeypatch.setenv("QUERY_STRING", "class=abc-def&lesson=45-trumps")
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    page = course_page()
    shell, course = page.children
    assert isinstance(course, Course)
    assert course.live.code_input.value == "abc-def" and course.live.form.layout.display == ""
    assert shell.address["class"] == "abc-def" and shell.address["lesson"] == "45-trumps"


# --- follow me --------------------------------------------------------------------------------------------

def test_follow_me_shows_the_teachers_deal_from_each_students_seat_or_every_hand(pages):
    room, teacher = teaching(players=3)
    ada = Course().live.join(teacher.teacher.code, "Ada")
    ben_room = Classroom("forty-fives", players=3)
    ben = ben_room.live.join(teacher.teacher.code, "Ben")
    assert not follows(ada) and ada.follower.children == (ada.follower.caption,)
    teacher.follow_button.value = True
    assert pages.until(lambda: follows(ada) and follows(ben))
    for panel, number in ((ada, 0), (ben, 1)):
        table = panel.follower.table
        seat = seat_of(number, 3)
        assert (table.viewer, table.you) == (seat, seat)
        seats = table.state["seats"]
        assert [bool(s["cards"]) for s in seats] == [i == seat for i in range(3)]     # only their own cards
        assert f"from your seat (Player {seat + 1})" in panel.follower.caption.value
    assert "atout-live-following" in ben_room._dom_classes          # the student's own tools make room
    teacher.view_choice.value = "all"
    assert pages.until(lambda: ada.view["follow"]["view"] == "all" and ada.follower.table.viewer is None)
    assert all(s["cards"] for s in ada.follower.table.state["seats"])
    # The teacher plays a card: the students see it, with core's sentence.
    card = room.hand.legal_actions()[0].card
    room.table.play(card)
    assert pages.until(lambda: len(ada.view["follow"]["actions"]) == 1)
    assert card.code in [p["card"] for p in ada.follower.table.state["trick"]["plays"]]
    assert "(45." not in ada.follower.said.value and "45." in ada.follower.said.value   # sentence, then the rule id
    # A click on the followed table plays nothing: the teacher plays it.
    ada.follower.table.play(ada.follower.table.state["seats"][1]["cards"][0])
    assert "the teacher plays it" in ada.follower.table.announcement
    assert len(room.hand.history) == 2


def test_when_the_teacher_deals_another_game_the_students_table_names_its_players_and_sides(pages):
    """A student's table was made for the first deal it followed and kept that hand: after the teacher switched
    from Forty-Fives for three to Five Hundred, the scores were named by the old hand's seats."""
    room, teacher = teaching(players=3)
    ada = Course().live.join(teacher.teacher.code, "Ada")
    teacher.follow_button.value = True
    assert pages.until(lambda: follows(ada))
    # every other registered game, one played in partnerships of four last
    others = [game for game in available_games() if game != "forty-fives"]
    partners = next(game for game in games_in_partnerships() if game in others and 4 in player_counts(game))
    for game in [*(game for game in others if game != partners), partners]:
        room.game_picker.value = game
        assert pages.until(lambda game=game: ada.view["follow"].get("game") == game), ada.view["follow"]
        table = ada.follower.table
        units = len(room.hand.table_view(table.viewer).scores)     # a Sixty-Six seat sees none during the hand
        assert [score["label"] for score in table.state["scores"]] == [
            unit_label(room.hand, unit, units, table.you).render("en") for unit in range(units)]
    assert [score["label"] for score in table.state["scores"]] in (
        ["You and Player 3", "Player 2 and Player 4"], ["Player 1 and Player 3", "You and Player 4"])


def test_students_follow_the_walk_through_step_and_may_step_away_and_come_back(pages):
    room, teacher = teaching(players=4)
    ada = Course().live.join(teacher.teacher.code, "Ada")
    teacher.follow_button.value = True
    room.command("next")                       # the walk-through opens at its first step
    room.command("next")
    room.command("next")
    assert pages.until(lambda: ada.view["follow"] and ada.view["follow"]["step"] == 2)
    assert ada.follower.stepper.step == 2 and len(ada.follower.stepper.steps) == len(room.stepper.steps)
    ada.step_away(True)
    assert ada.follower.children == (ada.follower.caption,) and "stepped away" in ada.follower.caption.value
    assert ada.away_button.description == "Follow the teacher again"
    room.command("last")
    assert pages.until(lambda: ada.view["follow"]["step"] == len(room.stepper.steps) - 1)
    ada.step_away(False)
    assert ada.follower.stepper.step == room.stepper.step == len(room.stepper.steps) - 1
    assert ada.follower.stepper.table.you == 0
    teacher.follow_button.value = False
    assert pages.until(lambda: not follows(ada))
    assert ada.follower.children == (ada.follower.caption,) and ada.away_button.layout.display == "none"


# --- asking, answering, the chart ---------------------------------------------------------------------------

def ask_lesson(teacher, lesson: str = "45-trumps", index: int = 0) -> None:
    teacher.source.value = "lesson"
    teacher.lesson_picker.value = lesson
    teacher.question_picker.value = index
    assert teacher.ask(), teacher.message.value


def test_each_student_answers_in_their_own_language_and_the_chart_counts_without_names(pages):
    _room, teacher = teaching()
    ada = Course().live.join(teacher.teacher.code, "Ada")
    with language("fr"):          # Zoë's page is in French (each page is a kernel with its own language)
        zoe = Course().live.join(teacher.teacher.code, "Zoë")
    ask_lesson(teacher)
    assert pages.until(lambda: ada.view["question"] and zoe.view["question"])
    assert ada.question.prompt.value != zoe.question.prompt.value
    assert "Question 1 from the teacher" in ada.question.prompt.value
    with language("fr"):
        zoe.question.show(zoe.view["question"])
    assert "Question 1 de l'enseignant" in unescape(zoe.question.prompt.value)
    question = live.live_classes().store.latest_question(teacher.teacher.class_id)
    right, wrong = question.answer[0], next(c for c in question.choices if c not in question.answer)
    ada.question.send()                                       # nothing picked: said, nothing sent
    assert "Choose an answer first" in ada.question.result.value
    pick(ada, right)
    pick(zoe, wrong)
    assert "Your answer is in:" in ada.question.result.value and ada.question.send_button.layout.display == "none"
    assert pages.until(lambda: "data-answered='2'" in teacher.chart_html.value)
    chart = teacher.chart_html.value
    assert f"data-choice='{right}' data-count='1'" in chart and f"data-choice='{wrong}' data-count='1'" in chart
    assert "Answered: 2 of 2 students" in chart and "Ada" not in chart and "Zoë" not in chart
    assert "atout-bar-right" not in chart and teacher.answer_html.value == ""       # nothing revealed yet
    teacher.reveal()
    assert "atout-bar-right" in teacher.chart_html.value and "The answer:" in teacher.answer_html.value
    assert "45." in teacher.answer_html.value                                        # with its rule
    assert teacher.names_html.value == ""                   # who got it right: only when the teacher asks
    teacher.names_button.value = True
    assert "Right: Ada" in teacher.names_html.value and "Not right: Zoë" in teacher.names_html.value
    assert pages.until(lambda: ada.view["question"].get("revealed") and zoe.view["question"].get("revealed"))
    assert "Right!" in ada.question.result.value
    rule = ada.view["question"]["rule"]                     # the student's verdict cites the rule, as the quiz does
    assert rule.startswith("45.") and f'<abbr class="atout-rule-id" data-rule="{rule}"' in ada.question.result.value
    assert "<code>" not in ada.question.result.value          # the statement first, the id as its hover mark
    with language("fr"):
        zoe.question.show(zoe.view["question"])
    assert "Pas tout à fait." in zoe.question.result.value and "La réponse" in zoe.question.result.value


def pick(panel, choice: str) -> None:
    button = next(b for b in panel.question.choices.children if b.choice == choice)
    button.value = True
    panel.question.send()


def test_one_choice_at_a_time_unless_the_question_takes_every_right_one(pages):
    room, teacher = teaching(players=3, seed=9)
    ada = Course().live.join(teacher.teacher.code, "Ada")
    teacher.source.value = "table"
    teacher.ask_picker.value = "legal"
    assert teacher.ask(), teacher.message.value
    assert pages.until(lambda: ada.view["question"])
    buttons = ada.question.choices.children
    buttons[0].value = buttons[1].value = True
    assert ada.question.selected() == [buttons[0].choice, buttons[1].choice]     # pick every card that may be played
    assert f"You are Player {room.hand.to_act + 1}. Which cards may you play?" in ada.question.prompt.value
    assert f"Your hand (you are Player {room.hand.to_act + 1}):" in ada.question.situation.value
    ask_lesson(teacher)
    assert pages.until(lambda: ada.view["question"]["number"] == 2)
    buttons = ada.question.choices.children
    buttons[0].value = True
    buttons[1].value = True
    assert ada.question.selected() == [buttons[1].choice]


def test_a_late_joiner_sees_the_open_question(pages):
    _room, teacher = teaching()
    ask_lesson(teacher, index=1)
    late = Course().live.join(teacher.teacher.code, "Late")
    assert "data-number='1'" in late.question.prompt.value and late.question.choices.children
    assert late.question.send_button.layout.display == ""


def test_a_table_question_where_it_makes_no_sense_is_refused_on_the_teachers_panel(pages):
    _room, teacher = teaching()
    teacher.source.value = "table"
    teacher.ask_picker.value = "winner"            # no trick is complete at the start of the hand
    assert not teacher.ask()
    assert "No trick is complete on the table" in teacher.message.value and "role='alert'" in teacher.message.value
    assert live.live_classes().store.latest_question(teacher.teacher.class_id) is None


def test_while_the_class_answers_which_card_wins_the_tables_say_nothing_of_the_winner_until_revealed(pages):
    """In Play, the teacher completes a trick and asks "which card wins?": the projector's table and a following
    student's show the trick in the middle with no winner, no turn (the winner leads next), no trick counts, scores
    or notes, no sentence saying who won, and a click on the projector plays nothing; once revealed, both say whose
    turn it is: the winner's."""
    room, teacher = teaching(players=3)
    ada = Course().live.join(teacher.teacher.code, "Ada")
    teacher.follow_button.value = True
    assert pages.until(lambda: follows(ada))
    while not room.hand.table_view(None).last_trick:
        room.table.play(room.hand.legal_actions()[0].card)
    view = room.hand.table_view(None)
    winner, trick = view.last_trick_winner, [card.code for _seat, card in view.last_trick]
    assert room.table.state["to_act"] == winner                # before the question, the turn gives it away
    assert pages.until(lambda: len(ada.view["follow"]["actions"]) == len(room.hand.history) - 1)
    teacher.source.value = "table"
    teacher.ask_picker.value = "winner"
    assert teacher.ask(), teacher.message.value
    assert pages.until(lambda: ada.view["question"] is not None)
    for who, table in (("the projector", room.table), ("Ada's table", ada.follower.table)):
        state = table.state
        assert state["status"] == "The class is answering which card wins the trick", who
        assert state["to_act"] is None and not state["can_act"] and not state["actions"] and not state["legal"], who
        assert not any(s["to_act"] or s["won"] or s["tricks_label"] for s in state["seats"]), who
        assert [p["card"] for p in state["trick"]["plays"]] == trick, who          # the trick asked about
        assert not any(p["won"] or p["ringed"] for p in state["trick"]["plays"]), who
        assert state["last_trick"] is None and state["scores"] == [] and state["notes"] == [], who
        assert table.announcement == "", who
    assert "wins the trick" not in ada.follower.said.value and "45." in ada.follower.said.value
    played = len(room.hand.history)
    room.table.play(room.hand.legal_actions()[0].card)
    assert room.table.announcement == ("The class is answering which card wins the trick: reveal the answer, then "
                                       "play on") and len(room.hand.history) == played
    teacher.reveal()
    assert pages.until(lambda: ada.view["question"]["revealed"])
    assert room.table.state["to_act"] == winner and room.table.state["status"] == f"To play: Player {winner + 1}"
    assert ada.follower.table.state["to_act"] == winner and "wins the trick" in ada.follower.said.value
    assert "atout-withholding" not in room._dom_classes


def test_in_the_walk_through_the_winner_question_hides_the_winner_and_the_explanation_until_revealed(pages):
    """At the walk-through's step that says who won the first trick, the teacher asks "which card wins?": the
    projector's table no longer marks the winner or the turn, the classroom hides the step's explanation (it names the
    winner) by its class, and a student following the walk-through sees the same; the reveal shows them again."""
    room, teacher = teaching(players=4)
    ada = Course().live.join(teacher.teacher.code, "Ada")
    teacher.follow_button.value = True
    room.command("next")                                   # the walk-through, at its first step
    won = next(k for k, step in enumerate(room.stepper.steps) if step.kind == "event" and step.event.kind == "trick")
    room.stepper.go(won)
    assert pages.until(lambda: ada.view["follow"] and ada.view["follow"]["step"] == won)
    assert any(seat["won"] for seat in room.stepper.table.state["seats"])
    teacher.source.value = "table"
    teacher.ask_picker.value = "winner"
    assert teacher.ask(), teacher.message.value
    assert pages.until(lambda: ada.view["question"] is not None)
    for table in (room.stepper.table, ada.follower.stepper.table):
        state = table.state
        assert state["status"] == "The class is answering which card wins the trick"
        assert not any(seat["won"] or seat["to_act"] for seat in state["seats"]) and state["to_act"] is None
        assert not any(play["won"] for play in state["trick"]["plays"]) and len(state["trick"]["plays"]) == 4
    assert "atout-withholding" in room._dom_classes and "atout-withholding" in ada.follower.stepper._dom_classes
    teacher.reveal()
    assert pages.until(lambda: ada.view["question"]["revealed"])
    for table in (room.stepper.table, ada.follower.stepper.table):
        assert any(seat["won"] for seat in table.state["seats"])
    assert "atout-withholding" not in room._dom_classes and "atout-withholding" not in ada.follower.stepper._dom_classes


# --- the results and the end --------------------------------------------------------------------------------

def test_the_results_download_as_csv_in_the_teachers_language(pages):
    _room, teacher = teaching()
    ada = Course().live.join(teacher.teacher.code, "=Ada")
    ask_lesson(teacher)
    assert pages.until(lambda: ada.view["question"])
    pick(ada, ada.view["question"]["choices"][0][0])
    ada.live.lesson_done("45-trumps", 3, 4)                  # a lesson finished on the course page
    sent = []
    teacher.download.send = sent.append
    teacher.download._on_message(teacher.download, {"type": "export"}, [])
    (message,) = sent
    assert message["type"] == "file" and message["filename"] == f"atout-class-{teacher.teacher.code}.csv"
    text = message["text"]
    assert text.startswith("\ufeffName,Language,Joined,Question 1: Which card wins the trick?,Question 1: right,"
                           "Right answers,Questions asked,Right answers (%),Lesson: ")
    assert "'=Ada,en," in text and ",3/4" in text           # a name that looks like a formula stays text
    # The time the teacher's browser is in: the page said its zone as it opened.
    teacher.live.opened({"type": "open", "ticket": None, "teacher": None, "students": [], "zone": "Asia/Tokyo"})
    joined = teacher.teacher.roster()[0].joined
    teacher.download._on_message(teacher.download, {"type": "export"}, [])
    assert f'"{format_time(joined, "en", "Asia/Tokyo")}"' in sent[-1]["text"]
    assert format_time(joined, "en", "Asia/Tokyo") != format_time(joined, "en", "America/Halifax")


def test_a_lesson_finished_on_a_joined_course_page_reaches_the_teachers_results(pages):
    _room, teacher = teaching()
    course = Course()
    course.live.join(teacher.teacher.code, "Ada")
    lesson = course.show_lesson("45-trumps")
    lesson.start_quiz()
    quiz = lesson.quiz
    for k, question in enumerate(quiz.questions):           # the first one wrong, the others right
        right = question.answer if question.multiple else question.answer[0]
        wrong = next(c for c in question.choices if c not in question.answer)
        quiz.answer(right if k else ([wrong] if question.multiple else wrong))
        quiz.next()
    total = len(quiz.questions)
    assert [r["lessons"] for r in teacher.teacher.results()] == [{"45-trumps": (total - 1, total)}]


def test_ending_the_class_tells_every_student_and_keeps_the_results_downloadable(pages):
    room, teacher = teaching()
    ada = Course().live.join(teacher.teacher.code, "Ada")
    teacher.end_button.click()
    assert teacher.confirm.layout.display == "" and teacher.end_button.layout.display == "none"
    teacher.end_no.click()
    assert teacher.confirm.layout.display == "none" and not teacher.ended
    teacher.end_button.click()
    teacher.end_yes.click()
    assert teacher.ended and "has ended" in teacher.code_html.value
    assert teacher.ask_box.layout.display == "none" and teacher.follow_row.layout.display == "none"
    assert teacher.new_button.layout.display == "" and not teacher.download.disabled
    assert pages.until(lambda: ada.view["ended"])
    assert "The class" in ada.header.value and "has ended" in ada.header.value
    assert ada.leave_button.layout.display == ""
    ada.leave_button.click()
    assert ada.live.student_panel is None and ada.live.form.layout.display == ""
    teacher.new_button.click()
    again = room.live.teacher_panel
    assert again is not teacher and again.teacher.code != teacher.teacher.code and not again.ended
    again.end()
    kept = sent_to(room.live.browser)
    assert again.close_panel.layout.display == ""         # an ended class's panel may be put away
    again.close_panel.click()
    assert room.live.teacher_panel is None and room.live.side.layout.display == "none"
    assert room.live.bar.layout.display == "" and kept == [{"type": "forget-teacher"}]


# --- updates from the watcher's thread ----------------------------------------------------------------------

def test_changes_arriving_together_are_drawn_once_on_the_pages_thread():
    handed: list = []
    drawn: list = []
    updates = live.Updates(lambda: drawn.append(threading.current_thread()), call=handed.append)
    watcher = threading.Thread(target=lambda: [updates.changed(v) for v in range(30)])
    watcher.start()
    watcher.join()
    assert len(handed) == 1 and drawn == []          # one draw asked for, none done on the watcher's thread
    handed.pop()()
    assert drawn == [threading.current_thread()] and updates.draws == 1
    updates.changed(31)
    assert len(handed) == 1                          # after the draw, the next change asks again


def test_in_a_kernel_the_watcher_hands_its_update_to_the_kernels_event_loop():
    """A real kernel: the watcher's thread asks, the kernel's main thread draws, between two messages."""
    setup = ("import threading\nfrom atout.widgets.live import Updates\nseen = []\n"
             "updates = Updates(lambda: seen.append(threading.current_thread() is threading.main_thread()))\n"
             "watcher = threading.Thread(target=updates.changed)\nwatcher.start()\nwatcher.join()")
    wait = ("import asyncio\nfor _ in range(400):\n    if seen:\n        break\n    await asyncio.sleep(0.05)\n"
            "print(seen)")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(setup), nbformat.v4.new_code_cell(wait)])
    execute(nb)
    assert nb.cells[1].outputs[0]["text"].strip() == "[True]"


def test_a_student_who_switches_the_page_language_gets_the_class_in_it(pages):
    from atout.widgets.language import set_page_language

    _room, teacher = teaching()
    ada = Course().live.join(teacher.teacher.code, "Ada")
    ask_lesson(teacher)
    assert pages.until(lambda: ada.view["question"])
    english = ada.view["question"]["prompt"]
    set_page_language("fr")
    try:
        assert ada.view["question"]["prompt"] != english
        assert "Question 1 de l" in ada.question.prompt.value and "sous le nom Ada" in ada.header.value
        assert [s.lang for s in teacher.teacher.roster()] == ["fr"]      # the teacher's results say so
    finally:
        set_page_language("en")


# --- a class that survives its pages ------------------------------------------------------------------------

def sent_to(browser) -> list:
    """What the kernel tells the page's browser to keep or forget (``ClassKeys``), from now on."""
    said: list = []
    browser.send = said.append
    return said


def opened(strip, teacher=None, ticket=None, students=(), zone="Europe/Paris"):
    """The page's browser saying, as the page opens, what it kept."""
    strip.opened({"type": "open", "ticket": ticket, "teacher": teacher, "students": [list(s) for s in students],
                  "zone": zone})


def test_the_teachers_browser_keeps_the_key_and_a_reloaded_page_comes_back_to_the_running_class(pages):
    room = Classroom("forty-fives", players=3)
    kept = sent_to(room.live.browser)
    opened(room.live)                                   # a browser that kept nothing: a class to start
    assert room.live.teacher_panel is None
    teacher = room.live.start()
    assert kept == [{"type": "keep-teacher", "code": teacher.teacher.code, "token": teacher.teacher.token}]
    ada = Course().live.join(teacher.teacher.code, "Ada")
    teacher.follow_button.value = True
    room.command("next")
    room.command("next")
    assert pages.until(lambda: ada.view["follow"] and ada.view["follow"]["step"] == 1)
    ask_lesson(teacher, "45-trumps", 1)
    assert pages.until(lambda: ada.view["question"])
    pick(ada, ada.view["question"]["choices"][0][0])
    teacher.stop()

    # The reload: a new page, on another deal (its address was older), with what the browser kept.
    again = Classroom("forty-fives", players=3)
    opened(again.live, teacher=kept[0]["token"])
    back = again.live.teacher_panel
    assert back is not None and back.teacher.class_id == teacher.teacher.class_id
    assert f"data-testid='class-code'>{teacher.teacher.code}<" in back.code_html.value
    assert "data-answered='1'" in back.chart_html.value and "Ada" in back.roster_html.value
    assert back.follow_button.value and back.reveal_button.layout.display == ""
    # The question asked is the one chosen (the pickers showed the first question, which Ask would have asked).
    assert (back.source.value, back.lesson_picker.value, back.question_picker.value) == ("lesson", "45-trumps", 1)
    assert again.live_position()["code"] == room.live_position()["code"] and again.stepper.step == 1
    back.reveal()
    assert pages.until(lambda: ada.view["question"].get("revealed"))
    assert "Europe/Paris" not in back.retention_html.value and "CET" not in back.retention_html.value


def test_a_key_the_store_does_not_know_is_forgotten_and_a_student_page_never_teaches(pages):
    room = Classroom("forty-fives", players=3)
    kept = sent_to(room.live.browser)
    opened(room.live, teacher="not-the-key")
    assert room.live.teacher_panel is None and kept == [{"type": "forget-teacher"}]
    _room, teacher = teaching()
    course = Course()
    opened(course.live, teacher=teacher.teacher.token)  # the course page is no teacher's page
    assert course.live.teacher_panel is None and course.live.student_panel is None


def test_a_teachers_link_takes_the_class_to_another_computer_once(pages):
    room, teacher = teaching()
    copied = sent_to(teacher.copy_link)
    teacher.copy_link._on_message(teacher.copy_link, {"type": "handover"}, [])
    [ticket] = [m["ticket"] for m in copied if m["type"] == "ticket"]
    assert ticket != teacher.teacher.token
    laptop = Classroom("forty-fives", players=3)
    kept = sent_to(laptop.live.browser)
    opened(laptop.live, ticket=ticket)
    assert laptop.live.teacher_panel.teacher.class_id == teacher.teacher.class_id
    assert kept == [{"type": "keep-teacher", "code": teacher.teacher.code, "token": teacher.teacher.token}]
    other = Classroom("forty-fives", players=3)
    opened(other.live, ticket=ticket)                   # the same link again: used
    assert other.live.teacher_panel is None and "used already" in other.live.notice.value
    assert teacher.teacher.token not in str([w.value for w in (teacher.handover_html, teacher.code_html)])
    assert "another computer" in teacher.handover_html.value


def test_a_students_page_comes_back_as_the_same_student_with_the_question(pages):
    _room, teacher = teaching()
    course = Course()
    kept = sent_to(course.live.browser)
    ben = course.live.join(teacher.teacher.code, "Ben")
    code, token = kept[0]["code"], kept[0]["token"]
    assert kept == [{"type": "keep-student", "code": teacher.teacher.code, "token": token}]
    assert course.live.browser.here_every_s > 0          # the page says it is here while in the class
    ask_lesson(teacher)
    assert pages.until(lambda: ben.view["question"])
    pick(ben, ben.view["question"]["choices"][0][0])
    ben.stop()

    again = Course()
    forgotten = sent_to(again.live.browser)
    opened(again.live, students=[("ZZZ-ZZZ", "gone-token"), (code, token)])
    back = again.live.student_panel
    assert back is not None and back.name == "Ben" and "data-number='1'" in back.question.prompt.value
    assert "Your answer is in" in back.question.result.value
    assert forgotten == [{"type": "forget-student", "code": "ZZZ-ZZZ"}]
    ask_lesson(teacher, index=1)
    assert pages.until(lambda: back.view["question"]["number"] == 2)
    pick(back, back.view["question"]["choices"][0][0])
    assert [r["name"] for r in teacher.teacher.results()] == ["Ben"]
    assert set(teacher.teacher.results()[0]["answers"]) == {1, 2}

    # A link to another class: its form waits, this class's page is not brought back over it.
    elsewhere = Course()
    elsewhere.live.prefill("K7M-4QX")
    opened(elsewhere.live, students=[(code, token)])
    assert elsewhere.live.student_panel is None


def test_a_student_who_sent_nothing_or_twice_still_sees_the_reveal(pages):
    _room, teacher = teaching()
    ada = Course().live.join(teacher.teacher.code, "Ada")
    ben = Course().live.join(teacher.teacher.code, "Ben")
    second = Course()                                    # Ben's second tab: the same browser, the same student
    opened(second.live, students=[(teacher.teacher.code, ben.token)])
    ben_again = second.live.student_panel
    ask_lesson(teacher)
    assert pages.until(lambda: ada.view["question"] and ben.view["question"] and ben_again.view["question"])
    ada.question.send()                                  # nothing chosen
    assert "Choose an answer first" in ada.question.result.value
    pick(ben, ben.view["question"]["choices"][0][0])
    pick(ben_again, ben.view["question"]["choices"][1][0])   # the same student on a second page: refused
    assert "already answered" in ben_again.question.result.value
    teacher.reveal()
    assert pages.until(lambda: all(p.view["question"]["revealed"] for p in (ada, ben, ben_again)))
    assert "You did not answer this one." in ada.question.result.value and "The answer:" in ada.question.result.value
    assert "data-testid='live-verdict'" in ben_again.question.result.value
    assert "already answered" not in ben_again.question.result.value


def test_who_is_here_and_removing_a_name_with_a_confirmation(pages):
    _room, teacher = teaching()
    ada = Course().live.join(teacher.teacher.code, "Ada")
    ben_page = Course()
    ben = ben_page.live.join(teacher.teacher.code, "Ben")
    assert pages.until(lambda: "data-count='2'" in teacher.roster_html.value)
    ada.leave()                                           # Ada's page closed
    assert pages.until(lambda: "data-count='1'" in teacher.roster_html.value)
    assert "Away: Ada" in teacher.roster_html.value and "Students here: 1" in teacher.roster_html.value
    ask_lesson(teacher)
    assert "Answered: 0 of 1 student" in teacher.chart_html.value
    ada.here()                                            # back
    assert pages.until(lambda: "data-count='2'" in teacher.roster_html.value)

    teacher.manage_button.value = True
    assert teacher.manage_box.layout.display == ""
    teacher.remove_picker.value = ben.live.classes.student(ben.token).id
    teacher.remove_button.click()
    assert "Remove Ben from the class?" in teacher.remove_question.value
    teacher.remove_no.click()                             # not yet
    assert [s.name for s in teacher.teacher.roster()] == ["Ada", "Ben"]
    teacher.remove_button.click()
    kept = sent_to(ben_page.live.browser)
    teacher.remove_yes.click()
    assert "Ben is no longer in the class." in teacher.manage_message.value
    assert [s.name for s in teacher.teacher.roster()] == ["Ada"] and "Ben" not in teacher.roster_html.value
    assert pages.until(lambda: ben.view.get("gone"))
    assert "The teacher has taken you out of this class" in unescape(ben.header.value)
    assert kept == [{"type": "forget-student", "code": teacher.teacher.code}]
    assert ben_page.live.browser.here_every_s == 0


def test_closing_the_answers_now_or_after_a_countdown_is_one_click_each(pages):
    _room, teacher = teaching()
    ada = Course().live.join(teacher.teacher.code, "Ada")
    ask_lesson(teacher)
    assert pages.until(lambda: ada.view["question"])
    assert teacher.close_row.layout.display == "" and teacher.countdown.seconds < 0
    [thirty] = [b for b in teacher.countdown_buttons if "atout-live-countdown-30" in b._dom_classes]
    assert thirty.description == "In 30 s"
    thirty.click()
    assert 29 < teacher.countdown.seconds <= 30
    assert pages.until(lambda: ada.view["question"].get("closes_in") is not None)
    assert 25 < ada.question.countdown.seconds <= 30
    classes = live.live_classes()
    real = classes.clock
    classes.clock = lambda: real() + 31                   # the countdown is over by the class's clock
    try:
        teacher.draw()
        assert "data-state='closed'" in teacher.chart_html.value and teacher.close_row.layout.display == "none"
        assert pages.until(lambda: not ada.view["question"]["open"])
        assert "Answers are closed." in ada.question.result.value and ada.question.countdown.seconds < 0
    finally:
        classes.clock = real
    ask_lesson(teacher, index=1)
    assert pages.until(lambda: ada.view["question"]["number"] == 2)
    teacher.close_now.click()                             # closed now, not revealed
    assert pages.until(lambda: not ada.view["question"]["open"])
    assert "answer" not in ada.view["question"] and "Answers are closed." in ada.question.result.value
    assert teacher.reveal_button.layout.display == ""


def test_a_question_with_several_right_answers_says_choose_all_that_apply(pages):
    _room, teacher = teaching()
    ada = Course().live.join(teacher.teacher.code, "Ada")
    ask_lesson(teacher, "45-following", 0)
    assert pages.until(lambda: ada.view["question"])
    assert ada.view["question"]["pick_all"]
    assert "Choose all that apply." in ada.question.prompt.value
    assert "Choose all that apply." in teacher.chart_html.value
    ask_lesson(teacher, "45-trumps", 0)
    assert pages.until(lambda: ada.view["question"]["number"] == 2)
    assert "Choose all that apply." not in ada.question.prompt.value + teacher.chart_html.value


@pytest.mark.parametrize("message", [
    {"type": "open"},
    {"type": "open", "ticket": 5, "teacher": ["x"], "students": "ABC", "zone": "../../etc/passwd"},
    {"type": "open", "teacher": None, "students": [["K7M-4QX"], [1, 2], "x", ["ZZZ-ZZZ", "t" * 500]], "zone": 3},
    {"type": "here"}, {"type": "leave"}, {"type": "shout"},
])
def test_what_a_page_says_it_kept_opens_nothing_unless_the_store_knows_it(pages, message, caplog):
    caplog.set_level(logging.WARNING)
    _room, teacher = teaching()
    store = live.live_classes().store
    before = store.row_counts(), store.version(teacher.teacher.class_id)
    for page in (Classroom("forty-fives", players=3), Course()):
        page.live.browser._handle_custom_msg(message, [])        # as the page's message reaches the kernel
        assert page.live.teacher_panel is None and page.live.student_panel is None and page.live.zone is None
    assert (store.row_counts(), store.version(teacher.teacher.class_id)) == before
    assert "A fault in Atout" not in caplog.text                  # refused in plain terms, never a fault


# --- a server that asks teachers for a passcode --------------------------------------------------------------------

def test_a_server_asking_for_a_passcode_asks_in_the_panel_says_why_a_wrong_one_is_refused_then_starts(
        pages, monkeypatch):
    from atout.live.teachers import TeacherRule, hash_passcode

    monkeypatch.setattr(live._CLASSES, "teachers", TeacherRule(passcode_hash=hash_passcode("tulip-harbour-42")))
    room = Classroom("forty-fives", players=3)
    strip = room.live
    assert strip.passcode_form.layout.display == "none"
    assert strip.ask_to_start() is None and strip.teacher_panel is None
    assert strip.passcode_form.layout.display == ""
    assert "data-testid='live-passcode-asked'" in strip.passcode_message.value
    assert "Type the teacher passcode to start a class" in unescape(strip.passcode_message.value)
    assert isinstance(strip.passcode_input, live.widgets.Password)
    strip.passcode_input.value = "tulip-harbour-41"
    strip.passcode_button.click()
    assert strip.teacher_panel is None and strip.passcode_input.value == ""
    with language("fr"):
        assert strip.start("tulip-harbour-41") is None
        assert ("Ce n'est pas le code enseignant de ce serveur\u00a0: vérifiez-le (les majuscules comptent)"
                in unescape(strip.passcode_message.value))
    assert "data-testid='live-passcode-refused'" in strip.passcode_message.value
    strip.passcode_input.value = "tulip-harbour-42"
    strip.passcode_button.click()
    assert strip.teacher_panel is not None and strip.passcode_form.layout.display == "none"
    assert strip.teacher_panel.teacher.code


def test_a_hub_user_who_is_not_a_teacher_is_not_offered_start_is_told_why_and_refused_if_the_page_clicks_anyway(
        pages, monkeypatch):
    from atout.live.teachers import TeacherRule

    monkeypatch.setattr(live._CLASSES, "teachers", TeacherRule(group="teachers"))
    monkeypatch.setenv("JUPYTERHUB_USER", "zoe")
    monkeypatch.setenv("ATOUT_HUB_GROUPS", '["students"]')
    monkeypatch.delenv("ATOUT_HUB_USER", raising=False)
    strip = Classroom("forty-fives", players=3).live
    assert strip.start_button.layout.display == "none"
    assert ("you are signed in as zoe, who is not in the group teachers" in unescape(strip.teachers_only.value)
            and "data-testid='live-teachers-only'" in strip.teachers_only.value)
    from atout.widgets.language import set_page_language

    set_page_language("fr")             # said again in the page's language
    try:
        assert "zoe, qui n'est pas dans le groupe teachers" in unescape(strip.teachers_only.value)
    finally:
        set_page_language("en")
    strip.start_button.click()                   # a page that sends the click all the same: the kernel refuses
    assert strip.teacher_panel is None and strip.passcode_form.layout.display == "none"
    assert ("you are signed in as zoe, who is not in the group teachers" in unescape(strip.notice.value)
            and "data-testid='live-start-refused'" in strip.notice.value)
    # A teacher's link opened where the hub does not count the visitor as a teacher (the projector's computer): the
    # class's panel, without the sentence.
    monkeypatch.setattr(live._CLASSES, "teachers", TeacherRule())
    _room, teacher = teaching()
    monkeypatch.setattr(live._CLASSES, "teachers", TeacherRule(group="teachers"))
    copied = sent_to(teacher.copy_link)
    teacher.copy_link._on_message(teacher.copy_link, {"type": "handover"}, [])
    [ticket] = [m["ticket"] for m in copied if m["type"] == "ticket"]
    projector = Classroom("forty-fives", players=3).live
    assert "live-teachers-only" in projector.teachers_only.value
    opened(projector, ticket=ticket)
    assert projector.teacher_panel is not None and projector.teachers_only.layout.display == "none"
    projector.stop_teaching()
    assert "live-teachers-only" in projector.teachers_only.value and projector.teachers_only.layout.display == ""
    monkeypatch.setenv("ATOUT_HUB_GROUPS", '["students", "teachers"]')
    strip.offer_start()                          # a preheated page learning its visitor: a teacher
    assert strip.start_button.layout.display == "" and strip.teachers_only.value == ""
    assert strip.ask_to_start() is not None and strip.teacher_panel is not None


def test_on_a_laptop_or_with_a_passcode_start_a_class_is_offered_to_everyone(pages, monkeypatch):
    from atout.live.teachers import TeacherRule, hash_passcode

    monkeypatch.setenv("JUPYTERHUB_USER", "zoe")
    monkeypatch.setenv("ATOUT_HUB_GROUPS", '["students"]')
    for rule in (TeacherRule(), TeacherRule(passcode_hash=hash_passcode("tulip-harbour-42"), group="teachers")):
        monkeypatch.setattr(live._CLASSES, "teachers", rule)
        strip = Classroom("forty-fives", players=3).live
        assert strip.start_button.layout.display == "" and strip.teachers_only.layout.display == "none"


def test_the_teacher_sends_a_puzzle_of_the_classroom_s_game_and_the_class_sees_every_hand(pages):
    room, teacher = teaching()
    ada = Course().live.join(teacher.teacher.code, "Ada")
    teacher.source.value = "puzzle"
    game = room.game_picker.value
    from atout.live.questions import puzzles_by_id

    offered = [value for _label, value in teacher.puzzle_picker.options]
    assert offered and all(puzzles_by_id()[p].game == game for p in offered)
    assert teacher.puzzle_picker.layout.display == "" and teacher.ask_picker.layout.display == "none"
    teacher.puzzle_picker.value = offered[1]
    assert teacher.ask(), teacher.message.value
    puzzle = puzzles_by_id()[offered[1]]
    assert "data-testid='puzzle-situation'" in teacher.chart_html.value      # the projector shows the cards asked about
    assert pages.until(lambda: ada.view["question"])
    assert "data-testid='puzzle-situation'" in ada.question.situation.value
    assert f"Player {puzzle.seat + 1} is to play." in ada.question.situation.value
    assert "One play alone keeps the best result" in ada.question.prompt.value
