"""The quiz: questions answered by the learner, marked by the referee, explained by the rule.

A wrong answer is a teaching moment: the feedback says *why* ("the A♦ is the lowest diamond when
diamonds are not trumps") and rings the cards that prove it.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from atout.cards import Card, Suit
from atout.i18n import Text
from atout.lessons import Feedback, Question
from atout.svg import card_svg
from atout.widgets import language

RIGHT_RING = "#1b7a2e"
WRONG_RING = "#c8102e"


def _trump_text(question: Question) -> str:
    trump = question.query.get("trump")
    if not trump:
        return ""
    if str(trump).upper() == "NT":
        return Text("No trumps").render()
    return Text("Trumps: {suit}", suit=Suit.parse(trump)).render()


def _situation(question: Question, highlight: dict[str, str] | None = None) -> str:
    """The cards the question is about, as SVG, with rings on the cards the feedback points to."""
    highlight = highlight or {}
    parts = [f'<div class="atout-quiz-situation"><p class="atout-trump">{escape(_trump_text(question))}</p>']
    plays = question.query.get("plays") or []
    if question.kind == "legal":
        if plays:
            parts.append(f"<p>{escape(Text('Cards played to the trick:').render())}</p><div class='atout-row'>")
            parts += [card_svg(Card.parse(c), size="small") for c in plays]
            parts.append("</div>")
        else:
            parts.append(f"<p>{escape(Text('You are leading.').render())}</p>")
        parts.append(f"<p>{escape(Text('Your hand:').render())}</p>")
    cards = question.choices if question.kind in ("winner", "legal") else []
    if cards:
        parts.append("<div class='atout-row'>")
        parts += [card_svg(Card.parse(c), highlight=highlight.get(c)) for c in cards]
        parts.append("</div>")
    parts.append("</div>")
    return "".join(parts)


class QuizView(widgets.VBox):
    """Questions one at a time; ``on_finish(right, total)`` is called after the last one."""

    def __init__(self, questions: list[Question], on_finish: Callable[[int, int], None] | None = None,
                 title: Text | None = None) -> None:
        super().__init__()
        self.questions = questions
        self.on_finish = on_finish
        self.title = title or Text("Quiz")
        self.index = 0
        self.right = 0
        self.answered: list[bool | None] = [None] * len(questions)
        self.feedback: Feedback | None = None
        self.add_class("atout-quiz")
        self.header = widgets.HTML()
        self.prompt = widgets.HTML()
        self.situation = widgets.HTML()
        self.choices = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.choices.add_class("atout-quiz-choices")
        self.check_button = widgets.Button()
        self.check_button.add_class("atout-quiz-check")
        self.check_button.on_click(lambda _b: self.answer(self.selected()))
        self.result = widgets.HTML()
        self.result.add_class("atout-quiz-feedback")
        self.next_button = widgets.Button()
        self.next_button.add_class("atout-quiz-next")
        self.next_button.on_click(lambda _b: self.next())
        self.children = [self.header, self.prompt, self.situation, self.choices,
                         widgets.HBox([self.check_button, self.next_button]), self.result]
        language.register(self)
        self.refresh()

    @property
    def question(self) -> Question | None:
        return self.questions[self.index] if self.index < len(self.questions) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.questions)

    def selected(self) -> list[str]:
        return [b.tooltip_code for b in self.choices.children if getattr(b, "value", False)]

    def _choice_buttons(self, question: Question) -> list[widgets.Widget]:
        buttons: list[widgets.Widget] = []
        for choice in question.choices:
            if question.kind in ("winner", "legal"):
                card = Card.parse(choice)
                label, tip = card.render(), card.name()
            else:
                label, tip = choice, choice
            if question.multiple:
                button = widgets.ToggleButton(description=label, tooltip=tip, value=False)
            else:
                button = widgets.Button(description=label, tooltip=tip)
                button.on_click(lambda _b, c=choice: self.answer(c))
            button.tooltip_code = choice
            button.add_class("atout-quiz-choice")
            button.add_class(f"atout-choice-{choice.replace(' ', '').replace('–', '_')}")
            button.disabled = self.answered[self.index] is not None
            buttons.append(button)
        return buttons

    def answer(self, response: str | list[str]) -> Feedback:
        """Mark the learner's answer to the current question (a card, a value, or every card picked)."""
        question = self.question
        if question is None or self.answered[self.index] is not None:
            raise ValueError("no question is waiting for an answer")
        feedback = question.check(response)
        self.answered[self.index] = feedback.correct
        self.right += feedback.correct
        self.feedback = feedback
        self.refresh()
        return feedback

    def next(self) -> None:
        if self.answered[self.index] is None:
            return
        self.index += 1
        self.feedback = None
        self.refresh()
        if self.finished and self.on_finish is not None:
            self.on_finish(self.right, len(self.questions))

    def refresh(self) -> None:
        total = len(self.questions)
        if self.finished:
            self.header.value = f"<h3>{escape(self.title.render())}</h3>"
            self.prompt.value = "<p class='atout-quiz-score'>" + escape(
                Text("Your score: {right} out of {total}", right=self.right, total=total).render()) + "</p>"
            self.situation.value = ""
            self.choices.children = []
            self.check_button.layout.display = "none"
            self.next_button.layout.display = "none"
            self.result.value = ""
            return
        question = self.question
        self.header.value = "<h3>" + escape(Text("{title}: question {i} of {n}", title=self.title, i=self.index + 1,
                                                   n=total).render()) + "</h3>"
        self.prompt.value = f"<p class='atout-quiz-prompt'><strong>{escape(question.prompt_text())}</strong></p>"
        rings: dict[str, str] = {}
        if self.feedback is not None:
            colour = RIGHT_RING if self.feedback.correct else WRONG_RING
            rings = {c: colour for c in self.feedback.highlight}
        self.situation.value = _situation(question, rings)
        self.choices.children = self._choice_buttons(question)
        self.check_button.description = Text("Check").render()
        self.check_button.layout.display = "" if question.multiple and self.feedback is None else "none"
        self.next_button.description = (Text("Next question").render() if self.index + 1 < total
                                        else Text("See my score").render())
        self.next_button.layout.display = "" if self.feedback is not None else "none"
        if self.feedback is None:
            self.result.value = ""
        else:
            verdict = Text("Right!") if self.feedback.correct else Text("Not quite.")
            css = "atout-right" if self.feedback.correct else "atout-wrong"
            self.result.value = (f"<div class='{css}' role='status'><strong>{escape(verdict.render())}</strong> "
                                 f"{escape(self.feedback.text)}</div>")
