"""A lesson on screen: one idea per step, shown on real cards, tried at once, then the quiz."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from atout.cards import Suit
from atout.i18n import Text, get_language
from atout.lessons import Lesson, step_shown
from atout.svg import card_svg
from atout.widgets import language
from atout.widgets.fault import guarded
from atout.widgets.quiz import QuizView
from atout.widgets.said import stated_rule


def _trump_line(trump: str | None) -> str:
    if not trump:
        return ""
    text = Text("No trumps") if trump.upper() == "NT" else Text("Trumps: {suit}", suit=Suit.parse(trump))
    return f"<p class='atout-trump'>{escape(text.render())}</p>"


def step_widget(step: dict[str, Any], lesson: Lesson, size: str = "normal") -> widgets.Widget | None:
    """The widget a step shows (``show``), built from what core worked out for it (``step_shown``)."""
    shown = step_shown(step, lesson)
    if shown.show == "cards":
        cards = "".join(card_svg(card, size=size) for card in shown.cards)
        return widgets.HTML(f"{_trump_line(shown.trump)}<div class='atout-row'>{cards}</div>")
    if shown.show == "ranking":
        from atout.widgets.ranking import RankingTable

        assert shown.trump is not None, "a ranking step has its trump"
        return RankingTable(game=shown.game, trump=shown.trump, games=[shown.game])
    if shown.show == "trick":
        from atout.widgets.explainer import TrickExplainer

        assert shown.trump is not None, "a trick step has its trump"
        return TrickExplainer(game=shown.game, plays=shown.plays, trump=shown.trump)
    if shown.show == "table":
        from atout.widgets.table import CardTable

        return CardTable(shown.hand, viewer=shown.viewer, show_legal=True, size=size)
    if shown.show == "stepper":
        from atout.widgets.stepper import DealStepper

        return DealStepper(shown.hand)
    if shown.show == "bidding":
        from atout.widgets.bidding import BiddingBox

        return BiddingBox(shown.hand)
    return None


class LessonView(widgets.VBox):
    """Steps one at a time (Back / Next), each with its cards and a question to try, then the quiz."""

    def __init__(self, lesson: Lesson, on_complete: Callable[[str, int, int], None] | None = None,
                 size: str = "normal") -> None:
        super().__init__()
        self.lesson = lesson
        self.on_complete = on_complete
        self.size = size
        self.step_index = 0
        self.in_quiz = False
        self.add_class("atout-lesson")
        self.add_class(f"atout-lesson-{lesson.id}")
        self.header = widgets.HTML()
        self.counter = widgets.HTML()
        self.text = widgets.HTML()
        self.text.add_class("atout-step-text")
        self.stage = widgets.Box(layout=widgets.Layout(flex_flow="column"))
        self.stage.add_class("atout-step-stage")
        self.try_box = widgets.Box(layout=widgets.Layout(flex_flow="column"))
        self.back_button = widgets.Button(icon="arrow-left")
        self.back_button.add_class("atout-lesson-back")
        self.back_button.on_click(guarded(lambda _b: self.back()))
        self.next_button = widgets.Button(icon="arrow-right")
        self.next_button.add_class("atout-lesson-next")
        self.next_button.on_click(guarded(lambda _b: self.forward()))
        self.nav = widgets.HBox([self.back_button, self.counter, self.next_button])
        self.nav.add_class("atout-lesson-nav")
        self.quiz: QuizView | None = None
        self.on_move: Callable[[], None] | None = None     # told when the step shown changes (the page's address)
        self._stage_for: tuple[int, str] | None = None
        self.children = [self.header, self.text, self.stage, self.try_box, self.nav]
        language.register(self)
        self.refresh()

    # --- navigation ----------------------------------------------------------------------------------

    def go(self, index: int) -> None:
        self.step_index = max(0, min(index, len(self.lesson.steps) - 1))
        self.in_quiz = False
        self.refresh()
        self._moved()

    def back(self) -> None:
        self.go(self.step_index if self.in_quiz else self.step_index - 1)

    def forward(self) -> None:
        if self.step_index + 1 < len(self.lesson.steps):
            self.go(self.step_index + 1)
        else:
            self.start_quiz()

    def start_quiz(self) -> None:
        questions = self.lesson.questions()
        self.in_quiz = True
        self.quiz = QuizView(questions, on_finish=self._finished, title=Text("Quiz"))
        self.refresh()
        self._moved()
        if not questions:
            self._finished(0, 0)

    def _moved(self) -> None:
        if self.on_move is not None:
            self.on_move()

    def _finished(self, right: int, total: int) -> None:
        if self.on_complete is not None:
            self.on_complete(self.lesson.id, right, total)

    # --- drawing -------------------------------------------------------------------------------------

    def refresh(self) -> None:
        lesson, lang = self.lesson, get_language()
        variants = "".join(f"<li>{escape(text)}</li>" for text in lesson.house_rules(lang))
        variants_html = (f"<div class='atout-variants'><strong>{escape(Text('House rules').render())}</strong>"
                         f"<ul>{variants}</ul></div>") if variants else ""
        self.header.value = (f"<h2 class='atout-lesson-title'>{escape(lesson.title[lang])}</h2>"
                             f"<p class='atout-lesson-summary'>{escape(lesson.summary[lang])}</p>{variants_html}")
        if self.in_quiz and self.quiz is not None:
            self.text.value = ""
            self.stage.children = [self.quiz]
            self.try_box.children = []
            self.counter.value = ""
            self.next_button.layout.display = "none"
            self.back_button.description = Text("Back to the lesson").render()
            self.back_button.layout.display = ""
            return
        step = lesson.steps[self.step_index]
        rule = step.get("rule")
        rule_html = f"<p class='atout-step-rule'>{stated_rule(rule)}</p>" if rule else ""
        self.text.value = f"<p>{escape(step['text'][lang])}</p>{rule_html}"
        key = (self.step_index, lang)
        if self._stage_for != key:   # widgets keep their own state; rebuild only on a new step
            shown = step_widget(step, lesson, self.size)
            self.stage.children = [shown] if shown is not None else []
            if "try" in step:
                self.try_box.children = [QuizView(lesson.step_questions(self.step_index), title=Text("Try it"))]
            else:
                self.try_box.children = []
            self._stage_for = key
        n = len(lesson.steps)
        self.counter.value = ("<span class='atout-lesson-counter'>" + escape(
            Text("Step {i} of {n}", i=self.step_index + 1, n=n).render()) + "</span>")
        self.back_button.description = Text("Back").render()
        self.back_button.layout.display = "" if self.step_index > 0 else "none"
        self.next_button.layout.display = ""
        self.next_button.description = (Text("Next").render() if self.step_index + 1 < n
                                        else Text("Start the quiz").render())
