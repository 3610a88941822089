"""The course page: the lesson map per game with progress, and the lessons.

Moving to another lesson swaps the lesson in place (no page load), so a class is never kept waiting. The page's
header, language switch and address are the page shell's (``atout.widgets.shell``); the course says where the
learner is (``address_state``) and calls ``on_move`` whenever that changes.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from urllib.parse import urlencode

import ipywidgets as widgets

from atout.games import FAMILIES_BY_ID
from atout.i18n import Text, get_language, ngettext
from atout.lessons import FAMILY_ORDER, Lesson, course_lessons

# Every widget a lesson step may show, loaded with the course page (and so in its preheated kernel),
# so moving to a lesson never waits for an import (pandas alone takes most of a second).
from atout.widgets import bidding, explainer, language, ranking, stepper, table  # noqa: E402, F401
from atout.widgets.fault import guarded
from atout.widgets.lesson import LessonView
from atout.widgets.progress import ProgressStore


class Course(widgets.VBox):
    """Every lesson of every family; ``show_lesson(lesson_id)`` shows one in place."""

    def __init__(self, lessons: list[Lesson] | None = None, start: str | None = None,
                 play_href: str = "play.ipynb") -> None:
        super().__init__()
        self.add_class("atout-course")
        self.play_href = play_href     # the Play page, relative to this page
        self.lessons = lessons if lessons is not None else list(course_lessons())
        self.by_id = {lesson.id: lesson for lesson in self.lessons}
        self.store = ProgressStore()
        # Progress changes the map's marks and what follows the lesson shown ("You have finished …" once all are done).
        self.store.observe(guarded(lambda _change: self.refresh()), names="progress")
        self.on_move: list[Callable[[], None]] = []     # called when the lesson or its step changes
        self.map = widgets.VBox()
        self.map.add_class("atout-lesson-map")
        # The map's headings and links are made once and then changed in place: a switch of lesson or of language
        # sends the few words and classes that change, not thirty buttons with their layouts and styles again.
        self._headings: dict[str, widgets.HTML] = {}
        self._links: dict[str, widgets.Button] = {}
        self._link_layout = widgets.Layout(width="100%")
        self._link_style = widgets.ButtonStyle()
        self.main = widgets.VBox()
        self.main.add_class("atout-lesson-main")
        self.current: LessonView | None = None
        from atout.widgets.live import LiveClass

        self.live = LiveClass()          # joining the teacher's class, if there is one
        body = widgets.HBox([self.map, self.main])
        body.add_class("atout-course-body")
        self.map.layout = widgets.Layout(min_width="17em", max_width="22em", margin="0 1.5em 0 0")
        self.main.layout = widgets.Layout(flex="1 1 auto")
        self.children = [self.store, self.live, body]
        language.register(self)
        self.refresh()
        if self.lessons:
            self.show_lesson(start or self.lessons[0].id)

    def show_lesson(self, lesson_id: str) -> LessonView:
        """Show a lesson in place of the current one."""
        lesson = self.by_id[lesson_id]
        previous = list(self.main.children)
        self.current = LessonView(lesson, on_complete=self._completed)
        self.current.on_move = self._moved
        self.main.children = [self.current, *self._after(lesson)]
        for old in previous:
            language.close_tree(old)
        self.refresh_map()
        self._moved()
        return self.current

    def address_state(self) -> dict[str, str]:
        """Where the learner is, for the page's address: the lesson, and its step (1, 2, … or ``quiz``)."""
        if self.current is None:
            return {}
        view = self.current
        return {"lesson": view.lesson.id, "step": "quiz" if view.in_quiz else str(view.step_index + 1)}

    def _moved(self) -> None:
        for callback in list(self.on_move):
            callback()

    def _after(self, lesson: Lesson) -> list[widgets.Widget]:
        """What follows a lesson: the last lesson of a game sends the learner to play a hand against the computer,
        then the next lesson."""
        return [*self._play_link(lesson), self._next_button(lesson)]

    def _play_link(self, lesson: Lesson) -> list[widgets.Widget]:
        family_lessons = [other for other in self.lessons if other.family == lesson.family]
        if lesson is not family_lessons[-1]:
            return []
        lang, game = get_language(), Text(FAMILIES_BY_ID[lesson.family].title)
        to_do = [other for other in family_lessons if not self.store.done(other.id)]
        if to_do:
            # Said finished only once every lesson of the game is done (its quiz answered to the end).
            text = Text("The last {game} lesson: play a hand against the computer", game=game).render()
            left = ngettext("One {game} lesson is still to do: {titles}", "{n} {game} lessons are still to do: "
                            "{titles}", len(to_do), game=game, titles=[other.title[lang] for other in to_do])
            still = f"<p class='atout-lessons-to-do'>{escape(left)}</p>"
        else:
            text = Text("You have finished the {game} lessons: play a hand against the computer", game=game).render()
            still = ""
        # The Play page opens on the game the lessons were about (it reads ?game= from its address).
        href = f"{self.play_href}?{urlencode({'game': lesson.game})}"
        link = widgets.HTML(f"<p class='atout-play-link'><a href='{escape(href)}' target='_top'>"
                            f"{escape(text)}</a></p>{still}")
        link.add_class("atout-finish-family")
        return [link]

    def _next_button(self, lesson: Lesson) -> widgets.Widget:
        index = self.lessons.index(lesson)
        if index + 1 >= len(self.lessons):
            return widgets.HTML("")
        following = self.lessons[index + 1]
        button = widgets.Button(description=Text("Next lesson: {title}",
                                                 title=following.title[get_language()]).render(),
                                layout=widgets.Layout(width="auto"))
        button.add_class("atout-next-lesson")
        button.on_click(guarded(lambda _b: self.show_lesson(following.id)))
        return button

    def _completed(self, lesson_id: str, right: int, total: int) -> None:
        self.store.record(lesson_id, right, total)
        self.live.lesson_done(lesson_id, right, total)

    def refresh(self) -> None:
        self.refresh_map()
        if self.current is not None:
            self.main.children = [self.current, *self._after(self.current.lesson)]

    def refresh_map(self) -> None:
        lang = get_language()
        sections: list[widgets.Widget] = []
        for fam in FAMILY_ORDER:
            lessons = [lesson for lesson in self.lessons if lesson.family == fam]
            if not lessons:
                continue
            done = sum(self.store.done(lesson.id) for lesson in lessons)
            if fam not in self._headings:       # (setdefault would make a widget at every refresh, then drop it)
                self._headings[fam] = widgets.HTML()
            heading = self._headings[fam]
            heading.value = (f"<h3 class='atout-family'>{escape(Text(FAMILIES_BY_ID[fam].title).render())}</h3>"
                             f"<p class='atout-family-progress'>"
                             f"{escape(Text('{done} of {n} lessons done', done=done, n=len(lessons)).render())}</p>")
            sections.append(heading)
            for lesson in lessons:
                entry = self.store.entry(lesson.id)
                mark = "✓ " if entry.get("done") else ""
                score = entry.get("score")
                suffix = f" ({score[0]}/{score[1]})" if score else ""
                button = self._link(lesson.id)
                button.description = f"{mark}{lesson.title[lang]}{suffix}"
                button.tooltip = lesson.summary[lang]
                if self.current is not None and self.current.lesson.id == lesson.id:
                    button.add_class("atout-current")
                else:
                    button.remove_class("atout-current")
                sections.append(button)
        if list(self.map.children) != sections:
            self.map.children = sections

    def _link(self, lesson_id: str) -> widgets.Button:
        """The map's link to a lesson, made the first time the map shows it."""
        if lesson_id not in self._links:
            button = widgets.Button(layout=self._link_layout, style=self._link_style)
            button.add_class("atout-lesson-link")
            button.add_class(f"atout-open-{lesson_id}")
            button.on_click(guarded(lambda _b: self.show_lesson(lesson_id)))
            self._links[lesson_id] = button
        return self._links[lesson_id]
