"""Every lesson on its page, in process: each step shown as the page shows it (forward with Next, as the learner
goes), then the quiz, every question answered with its first choice and marked with the feedback's sentence, and
the score at the end. The browser tests (``tests/site/test_lessons.py``) take one lesson for each kind of step and
question; what every lesson builds is checked here, where it takes seconds."""

from html import escape

import pytest

from atout.lessons import load_lessons
from atout.rulebook import RULES
from atout.widgets.lesson import LessonView

LESSONS = load_lessons()


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_every_step_and_every_question_of_the_lesson(lesson):
    finished = []
    view = LessonView(lesson, on_complete=lambda *done: finished.append(done))
    for i in range(len(lesson.steps)):
        assert view.step_index == i and not view.in_quiz
        assert f"{i + 1}" in view.counter.value and str(len(lesson.steps)) in view.counter.value
        assert view.text.value
        view.forward()
    assert view.in_quiz and view.quiz is not None and view.stage.children == (view.quiz,)
    quiz = view.quiz
    assert quiz.questions, "a lesson's quiz asks something"
    for _ in quiz.questions:
        question = quiz.question
        choices = [button for button in quiz.choices.children if hasattr(button, "tooltip_code")]
        assert choices, question.prompt_text()
        first = choices[0].tooltip_code
        feedback = quiz.answer([first] if question.multiple else first)
        assert feedback.text and escape(feedback.text) in quiz.result.value     # the page shows it as HTML
        assert feedback.rule is None or feedback.rule in RULES
        quiz.next()
    assert quiz.finished and finished and finished[0][1:] == (quiz.right, len(quiz.questions))
