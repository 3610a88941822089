"""The course page: the last lesson of each game ends with a link to play a hand against the computer, and the
other lessons do not; the link is relative to the page that shows it, in the page's language."""

from __future__ import annotations

import re
from html import unescape

import pytest

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
    assert href == f"play.ipynb?game={lesson.game}" and lesson.game.startswith(family[:5])
    game = {"forty-fives": "Forty-Fives", "five-hundred": "Five Hundred", "sixty-six": "Sixty-Six"}[family]
    assert game in text and "play a hand against the computer" in text


def test_other_lessons_have_no_play_link(course):
    others = [lesson.id for lesson in LESSONS if lesson.id not in LAST.values()]
    for lesson_id in others[:3] + others[-2:]:
        course.show_lesson(lesson_id)
        assert play_links(course) == []


def test_a_lesson_page_links_up_to_the_play_page_in_the_page_language():
    from atout.widgets.page import lesson_page

    page = lesson_page(LAST["sixty-six"])
    assert [href for href, _text in play_links(page)] == ["../play.ipynb?game=sixty-six"]
    try:
        set_page_language("fr")     # redraws the page
        [(_href, text)] = play_links(page)
        assert "Soixante-six" in text and "contre l'ordinateur" in text
    finally:
        set_page_language("en")


def test_the_play_page_opens_on_the_game_its_link_asks_for(monkeypatch):
    from atout.widgets.page import requested_game
    from atout.widgets.play import PlayGame

    monkeypatch.setenv("QUERY_STRING", "game=five-hundred&level=expert")
    play = PlayGame(game=requested_game(), seed=1)
    assert play.game_picker.value == "five-hundred" and play.game.config.game == "five-hundred"
    for query in ("game=bridge", "", "game="):           # a mistyped or empty link still opens the page
        monkeypatch.setenv("QUERY_STRING", query)
        assert requested_game() == "forty-fives"
    monkeypatch.delenv("QUERY_STRING")
    assert requested_game("sixty-six") == "sixty-six"
