"""Every lesson page works in Chromium: it loads, every step shows, and its quiz answers a click with
feedback quoting the rule. The language switch turns the whole page French at once."""

from pathlib import Path

import pytest

from atout.lessons import load_lessons
from tests.site.conftest import open_page, step_to_quiz

LESSONS = load_lessons()


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_lesson_page_steps_and_quiz(page, voila_url, lesson):
    open_page(page, voila_url, f"lessons/{lesson.id}.ipynb", ready=".atout-lesson-title")
    assert page.locator(".atout-lesson-title").first.inner_text() == lesson.title["en"]
    quiz = step_to_quiz(page, lesson)
    choice = quiz.locator(".atout-quiz-choice").first
    if quiz.locator(".atout-quiz-check").is_visible():      # pick-every-card questions
        choice.click()
        quiz.locator(".atout-quiz-check").click()
    else:
        choice.click()
    feedback = quiz.locator(".atout-quiz-feedback .atout-right, .atout-quiz-feedback .atout-wrong")
    feedback.wait_for()
    assert "(" in feedback.inner_text() or lesson.quiz[0]["kind"] == "score"
    assert page.locator(".voila-error").count() == 0
    assert not page.errors


def test_the_language_switch_changes_the_whole_page(page, voila_url):
    lesson = LESSONS[0]
    open_page(page, voila_url, "course.ipynb", ready=".atout-lesson-title")
    page.locator(".atout-language-switch button", has_text="Français").click()
    page.wait_for_function("t => document.querySelector('.atout-lesson-title').innerText === t",
                           arg=lesson.title["fr"])
    page.wait_for_function("() => document.querySelector('.atout-course-title').innerText === 'Apprendre les jeux'")
    total = sum(1 for x in LESSONS if x.family == lesson.family)
    page.wait_for_function("t => document.querySelector('.atout-family-progress').innerText.endsWith(t)",
                           arg=f"terminées sur {total}")
    page.locator(".atout-language-switch button", has_text="English").click()
    page.wait_for_function("t => document.querySelector('.atout-lesson-title').innerText === t",
                           arg=lesson.title["en"])
    assert not page.errors


def test_lesson_pages_exist_for_every_lesson():
    root = Path(__file__).resolve().parents[2] / "notebooks" / "lessons"
    assert {p.stem for p in root.glob("*.ipynb")} == {lesson.id for lesson in LESSONS}
