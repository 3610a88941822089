"""The lessons work in Chromium on the one course page: opened from the lesson map (in place, with no page load) or
from its address, every step shows, and the quiz answers a click with feedback quoting the rule. The language switch
turns the whole page French at once.

Which lessons: as few as show every family, every kind of step and every kind of first quiz question at least once
(worked out from the lessons, so a new kind is taken in); every lesson is built, stepped through and answered in
process by ``tests/widgets/test_every_lesson.py``."""

import pytest

from atout.lessons import load_lessons
from tests.site.conftest import in_front, open_page, step_to_quiz

LESSONS = load_lessons()


def _kinds(lesson) -> set[tuple[str, str]]:
    return ({("family", lesson.family)} | {("step", step.get("show", "none")) for step in lesson.steps}
            | {("question", question["kind"]) for question in lesson.quiz[:1]})


def covering(lessons: list) -> list:
    """Lessons that show between them every kind the lessons show: the one showing most kinds not yet shown, again."""
    wanted, chosen = set().union(*map(_kinds, lessons)), []
    while wanted:
        best = max(lessons, key=lambda lesson: len(_kinds(lesson) & wanted))
        chosen.append(best)
        wanted -= _kinds(best)
    return [lesson for lesson in lessons if lesson in chosen]     # in course order, as a learner moves


SHOWN = covering(LESSONS)


@pytest.fixture(scope="module")
def course_tab(tabs, voila_url):
    page = tabs.take(voila_url)
    open_page(page, voila_url, "course.ipynb", ready=".atout-lesson-title")
    page.evaluate("window.atoutSamePage = true")      # gone with a page load: every move must happen in place
    yield page
    tabs.give_back(page)


@pytest.fixture
def course_page(course_tab):
    """One course page for every lesson, as a learner moves through them (each lesson is opened from the map)."""
    return in_front(course_tab)


@pytest.mark.parametrize("lesson", SHOWN, ids=[lesson.id for lesson in SHOWN])
def test_lesson_steps_and_quiz(course_page, lesson):
    page = course_page
    if not page.locator(f".atout-open-{lesson.id}.atout-current").count():     # (the page opens on the first)
        page.locator(f".atout-open-{lesson.id}").click()
    page.wait_for_selector(f".atout-lesson-{lesson.id} .atout-lesson-counter:has-text('Step 1 of')")
    assert page.locator(".atout-lesson-title").first.inner_text() == lesson.title["en"]
    page.wait_for_function("id => new URLSearchParams(location.search).get('lesson') === id", arg=lesson.id)
    assert page.evaluate("window.atoutSamePage === true")     # the lesson opened in place, with no page load
    quiz = step_to_quiz(page, lesson)
    choice = quiz.locator(".atout-quiz-choice").first
    choice.click()
    if quiz.locator(".atout-quiz-check").is_visible():      # pick-every-card questions
        quiz.locator(".atout-quiz-check").click()
    feedback = quiz.locator(".atout-quiz-feedback .atout-right, .atout-quiz-feedback .atout-wrong")
    feedback.wait_for()
    assert page.locator(".voila-error").count() == 0
    assert not page.errors


def test_a_lesson_opens_from_its_address(page, voila_url):
    lesson = LESSONS[-1]
    open_page(page, voila_url, f"course.ipynb?lesson={lesson.id}", ready=f".atout-lesson-{lesson.id}")
    assert page.locator(".atout-lesson-link.atout-current").inner_text().strip() == lesson.title["en"]
    assert not page.errors


def test_the_language_switch_changes_the_whole_page(page, voila_url):
    lesson = LESSONS[0]
    open_page(page, voila_url, "course.ipynb", ready=".atout-lesson-title")
    page.locator(".atout-language-switch button", has_text="Français").click()
    page.wait_for_function("t => document.querySelector('.atout-lesson-title').innerText === t",
                           arg=lesson.title["fr"])
    page.wait_for_function("() => document.querySelector('.atout-page-title').innerText === 'Apprendre les jeux'")
    total = sum(1 for x in LESSONS if x.family == lesson.family)
    page.wait_for_function("t => document.querySelector('.atout-family-progress').innerText.endsWith(t)",
                           arg=f"terminées sur {total}")
    page.locator(".atout-language-switch button", has_text="English").click()
    page.wait_for_function("t => document.querySelector('.atout-lesson-title').innerText === t",
                           arg=lesson.title["en"])
    assert not page.errors
