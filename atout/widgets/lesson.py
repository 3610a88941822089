"""A lesson on screen: one idea per step, shown on real cards, tried at once, then the quiz."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from atout.cards import Suit
from atout.i18n import Person, Text, get_language
from atout.lessons import Lesson, step_rules, step_shown
from atout.svg import card_svg
from atout.widgets import language
from atout.widgets.fault import guarded
from atout.widgets.quiz import QuizView
from atout.widgets.said import stated_rule

_PLAYERS: dict[str, Any] = {}


def lesson_opponent(hand: Any, seat: int) -> Any:
    """The other seats' moves at a lesson's table: the club player of the game, the same moves every time."""
    from atout.players import make_player

    game = hand.config.game
    if game not in _PLAYERS:
        _PLAYERS[game] = make_player(game, "club", seed=0)
    return _PLAYERS[game].act(hand, seat)


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

        # A table seen from another seat than the learner's (``watch``) calls nobody "You".
        table = CardTable(shown.hand, viewer=shown.viewer, show_legal=True, size=size,
                          you=None if shown.watch else shown.viewer)
        # The other seats answer the learner's moves; set after the table is made, so that the table opens on the
        # position the step's text describes even when another seat is to act there (the page offers to let it).
        table.opponents = lesson_opponent
        return table
    if shown.show == "stepper":
        from atout.widgets.stepper import DealStepper

        return DealStepper(shown.hand, viewer=shown.viewer)
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
        # Under a table the learner plays: what to do when the table waits on another seat or the hand is over.
        self.table_hint = widgets.HTML()
        self.table_hint.add_class("atout-table-hint")
        self.play_on_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.play_on_button.add_class("atout-play-on")
        self.play_on_button.on_click(guarded(lambda _b: self.let_others_play()))
        self.restart_button = widgets.Button(icon="undo", layout=widgets.Layout(width="auto"))
        self.restart_button.add_class("atout-step-restart")
        self.restart_button.on_click(guarded(lambda _b: self.restart_step()))
        self.table_bar = widgets.HBox([self.table_hint, self.play_on_button, self.restart_button])
        self.table_bar.add_class("atout-table-bar")
        # Above a table seen from another seat than the learner's: whose cards it shows, before the learner looks.
        self.watch_note = widgets.HTML()
        self.watch_note.add_class("atout-watch-note")
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
        self.children = [self.header, self.text, self.watch_note, self.stage, self.table_bar, self.try_box, self.nav]
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

    @property
    def table(self) -> Any:
        """The card table the step shows for the learner to play, if it shows one."""
        from atout.widgets.table import CardTable

        shown = self.stage.children[0] if self.stage.children and not self.in_quiz else None
        return shown if isinstance(shown, CardTable) else None

    def let_others_play(self) -> None:
        """The other seats play on until it is the learner's turn or the hand is over."""
        if self.table is not None:
            self.table.others_play()
            self._say_table()

    def restart_step(self) -> None:
        """The step's table (or whatever it shows) as the step opened, whatever the learner did to it."""
        self._stage_for = None
        self.refresh()

    def _say_table(self) -> None:
        """Say under the table what the learner can do when the table itself waits on nobody the learner plays:
        another seat is to act (the button lets it), or the hand is over (Next, or Start again)."""
        table = self.table
        self.table_bar.layout.display = "none" if table is None else ""
        self.watch_note.value = ""
        if table is None:
            return
        view = table.hand.table_view(table.viewer)
        waiting = (not table.hand.is_over and table.viewer is not None and view.to_act is not None
                   and view.to_act != table.viewer)
        if table.viewer is not None and table.you is None:
            watched = Text("This table shows the cards {player} sees: in this step you watch {player}, who is not "
                           "you.", player=Person(table.viewer))
            self.watch_note.value = f"<p><strong>{escape(watched.render())}</strong></p>"
        said: list[Text] = []
        if table.hand.is_over:
            said.append(Text("The hand is over: press Next, or Start again to play this step once more."))
        elif waiting:
            said.append(Text("{player} is to play next: press “Let them play” to see the other players' moves.",
                             player=Person(view.to_act)))
        self.table_hint.value = "".join(f"<p>{escape(text.render(viewer=table.you))}</p>" for text in said)
        self.play_on_button.description = Text("Let them play").render()
        self.play_on_button.layout.display = "" if waiting else "none"
        self.restart_button.description = Text("Start again").render()

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
            self._stage_for = None
            self.table_bar.layout.display = "none"
            self.try_box.children = []
            self.counter.value = ""
            self.next_button.layout.display = "none"
            self.back_button.description = Text("Back to the lesson").render()
            self.back_button.layout.display = ""
            return
        step = lesson.steps[self.step_index]
        rule_html = "".join(f"<p class='atout-step-rule'>{stated_rule(rule)}</p>" for rule in step_rules(step))
        self.text.value = f"<p>{escape(step['text'][lang])}</p>{rule_html}"
        key = (self.step_index, lang)
        if self._stage_for != key:   # widgets keep their own state; rebuild only on a new step
            shown = step_widget(step, lesson, self.size)
            for old in self.stage.children:
                language.close_tree(old)
            self.stage.children = [shown] if shown is not None else []
            if self.table is not None:
                self.table.on_event.append(lambda _event: self._say_table())
            if "try" in step:
                self.try_box.children = [QuizView(lesson.step_questions(self.step_index), title=Text("Try it"))]
            else:
                self.try_box.children = []
            self._stage_for = key
        self._say_table()
        n = len(lesson.steps)
        self.counter.value = ("<span class='atout-lesson-counter'>" + escape(
            Text("Step {i} of {n}", i=self.step_index + 1, n=n).render()) + "</span>")
        self.back_button.description = Text("Back").render()
        self.back_button.layout.display = "" if self.step_index > 0 else "none"
        self.next_button.layout.display = ""
        self.next_button.description = (Text("Next").render() if self.step_index + 1 < n
                                        else Text("Start the quiz").render())
