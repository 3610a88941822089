"""The course page: the last lesson of each game ends with a link to play a hand against the computer, and the
other lessons do not; the link is relative to the page that shows it, in the page's language."""

from __future__ import annotations

import re
from html import unescape

import pytest

from atout.games import FAMILIES_BY_ID, family_of
from atout.lessons import FAMILY_ORDER, load_lessons
from atout.widgets.course import Course
from atout.widgets.language import set_page_language

LESSONS = load_lessons()
LAST = {family: [lesson for lesson in LESSONS if lesson.family == family][-1].id for family in FAMILY_ORDER}


def play_links(course: Course) -> list[tuple[str, str]]:
    """The Play page links shown after the lesson, as (href, text)."""
    html = [child.value for child in course.main.children
            if "atout-finish-family" in getattr(child, "_dom_classes", ())]
    return [(unescape(href), unescape(text)) for value in html
            for href, text in re.findall(r"href='([^']*)'[^>]*>([^<]*)<", value)]


@pytest.fixture(scope="module")
def course():
    return Course(lessons=LESSONS)


@pytest.mark.parametrize("family", FAMILY_ORDER)
def test_the_last_lesson_of_a_game_ends_with_play(course, family):
    course.show_lesson(LAST[family])
    [(href, text)] = play_links(course)
    lesson = next(lesson for lesson in LESSONS if lesson.id == LAST[family])
    # the lesson's own game, one of the family's (Forty-Fives' last lesson teaches the auction game)
    assert href == f"play.ipynb?game={lesson.game}" and family_of(lesson.game).id == family
    game = FAMILIES_BY_ID[family].title          # the family's name, as the registry declares it
    assert game in text and "play a hand against the computer" in text


def test_other_lessons_have_no_play_link(course):
    others = [lesson.id for lesson in LESSONS if lesson.id not in LAST.values()]
    for lesson_id in others[:3] + others[-2:]:
        course.show_lesson(lesson_id)
        assert play_links(course) == []


def test_the_last_lessons_link_to_play_is_said_in_the_page_language(course):
    course.show_lesson(LAST["sixty-six"])
    try:
        set_page_language("fr")     # redraws the page
        [(href, text)] = play_links(course)
        assert href == "play.ipynb?game=sixty-six"
        assert "Soixante-six" in text and "contre l'ordinateur" in text
    finally:
        set_page_language("en")


def test_the_course_says_where_the_learner_is_whenever_it_changes(course):
    moves = []
    course.on_move.append(lambda: moves.append(course.address_state()))
    try:
        course.show_lesson("45-trumps")
        course.current.forward()
        course.current.start_quiz()
        course.current.back()
    finally:
        course.on_move.clear()
    assert moves == [{"lesson": "45-trumps", "step": "1"}, {"lesson": "45-trumps", "step": "2"},
                     {"lesson": "45-trumps", "step": "quiz"}, {"lesson": "45-trumps", "step": "2"}]


def map_links(course: Course) -> list:
    return [child for child in course.map.children if "atout-lesson-link" in child._dom_classes]


def test_the_map_links_every_lesson_in_order_and_marks_the_one_shown():
    course = Course(lessons=LESSONS, start=LESSONS[3].id)
    links = map_links(course)
    assert [link.description for link in links] == [lesson.title["en"] for lesson in LESSONS]
    assert all(f"atout-open-{lesson.id}" in link._dom_classes for lesson, link in zip(LESSONS, links, strict=True))
    assert ["atout-current" in link._dom_classes for link in links] == [i == 3 for i in range(len(LESSONS))]
    links[7].click()
    assert course.current.lesson.id == LESSONS[7].id
    assert ["atout-current" in link._dom_classes for link in map_links(course)] == [i == 7 for i in range(len(LESSONS))]


def test_switching_lessons_keeps_the_map_and_changes_only_its_marks_and_words():
    course = Course(lessons=LESSONS)
    links, headings = map_links(course), list(course.map.children)
    shared = {(link.layout.model_id, link.style.model_id) for link in links}
    assert len(shared) == 1                               # one layout and one style for every link
    course.show_lesson(LESSONS[-1].id)
    course.store.record(LESSONS[0].id, 3, 4)              # the learner finished the first lesson
    assert map_links(course) == links and list(course.map.children) == headings      # the same widgets, kept
    assert all(link.comm is not None for link in links)
    assert links[0].description == f"✓ {LESSONS[0].title['en']} (3/4)"
    first = next(child for child in course.map.children if child not in links)
    assert "1 of" in first.value
    try:
        set_page_language("fr")
        assert links[1].description == LESSONS[1].title["fr"]
    finally:
        set_page_language("en")
    assert links[1].description == LESSONS[1].title["en"]


def test_progress_the_browser_sends_in_another_shape_does_not_break_the_map():
    """The progress comes from the learner's browser storage, which may hold anything: an entry that is not a table,
    a score that is not two counts. The map shows what it understands and leaves the rest out (issue 12)."""
    page = Course(lessons=LESSONS)
    first, second, third, fourth = (lesson.id for lesson in LESSONS[:4])
    page.store.progress = {first: ["done"], second: {"done": True, "score": "x"}, third: {"done": "yes",
                           "score": [9, 2], "best": -1}, fourth: {"done": True, "score": [3, 4], "best": 3}}
    labels = {lesson_id: page._links[lesson_id].description for lesson_id in (first, second, third, fourth)}
    assert not labels[first].startswith("✓") and labels[second].startswith("✓") and "(" not in labels[second]
    assert not labels[third].startswith("✓") and "(" not in labels[third]
    assert labels[fourth].startswith("✓") and labels[fourth].endswith("(3/4)")
    page.store.record(first, 2, 3)
    assert page.store.progress[first] == {"done": True, "score": [2, 3], "best": 2}


def test_the_lessons_are_said_finished_only_when_they_are_all_done():
    course = Course(lessons=LESSONS, start=LAST["sixty-six"])
    sixty_six = [lesson for lesson in LESSONS if lesson.family == "sixty-six"]
    [(_href, text)] = play_links(course)
    assert "finished" not in text and text == "The last Sixty-Six lesson: play a hand against the computer"
    to_do = " ".join(child.value for child in course.main.children if hasattr(child, "value"))
    assert f"{len(sixty_six)} Sixty-Six lessons are still to do: {sixty_six[0].title['en']}" in unescape(to_do)
    for lesson in sixty_six[:-1]:
        course.store.record(lesson.id, 3, 4)
    to_do = " ".join(child.value for child in course.main.children if hasattr(child, "value"))
    assert f"One Sixty-Six lesson is still to do: {sixty_six[-1].title['en']}" in unescape(to_do)
    course.current.start_quiz()
    quiz = course.current.quiz
    while not quiz.finished:          # the last lesson's quiz answered to the end: every lesson is done
        quiz.answer(quiz.question.answer if quiz.question.multiple else quiz.question.answer[0])
        quiz.next()
    [(_href, text)] = play_links(course)
    assert text == "You have finished the Sixty-Six lessons: play a hand against the computer"
    assert "still to do" not in " ".join(child.value for child in course.main.children if hasattr(child, "value"))


def test_a_steps_rule_is_its_statement_with_the_id_as_the_mark_after_it():
    from html import escape

    from atout.rulebook import RULES
    from atout.widgets.lesson import LessonView

    lesson, index = next((lesson, i) for lesson in LESSONS for i, step in enumerate(lesson.steps) if step.get("rule"))
    view = LessonView(lesson)
    view.go(index)
    rule = lesson.steps[index]["rule"]
    assert (f"<p class='atout-step-rule'>{escape(RULES[rule].statement.render())} "
            f'<abbr class="atout-rule-id" data-rule="{rule}"') in view.text.value
    assert "<code>" not in view.text.value
