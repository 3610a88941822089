"""The live class on the pages, in process: the teacher's panel on the classroom, students' panels on the course and
classroom pages, each with its own watcher; the store is a real SQLite database in a temporary folder (both
back-ends are tested under the class model, tests/live, and in Chromium, tests/site/test_live.py).

The watchers hand their updates to ``PageThread``, which stands for each kernel's event loop: the test runs them on
its own thread, as a kernel runs them between two of its page's messages.
"""

from __future__ import annotations

import queue
import threading
from html import unescape

import nbformat
import pytest

import atout.widgets.live as live
from atout.i18n import language
from atout.live.classes import Classes, seat_of
from atout.live.sqlite import SQLiteStore
from atout.widgets.classroom import Classroom
from atout.widgets.course import Course
from atout.widgets.seats import unit_label
from tests.kernels import execute

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
                                    ("ZZZ-ZZZ", "Ben", "code", "No class has the code ZZZ-ZZZ"),
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
    for game in ("five-hundred", "forty-fives-partners", "sixty-six"):
        room.game_picker.value = game
        assert pages.until(lambda game=game: ada.view["follow"].get("game") == game), ada.view["follow"]
        table = ada.follower.table
        units = len(room.hand.table_view(None).scores)
        assert [score["label"] for score in table.state["scores"]] == [
            unit_label(room.hand, unit, units, table.you).render("en") for unit in range(units)]
    assert [score["label"] for score in table.state["scores"]] in (["You", "Player 2"], ["Player 1", "You"])


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
    assert text.startswith("\ufeffName,Language,Joined,Question 1: answer,Question 1: right,Right answers,Lesson: ")
    assert "'=Ada,en," in text and ",3/4" in text           # a name that looks like a formula stays text


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
