"""The quiz: questions answered by the learner, marked by the referee, explained by the rule.

A wrong answer is a teaching moment: the feedback says *why* ("the A♦ is the lowest diamond when
diamonds are not trumps") and rings the cards that prove it.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from atout.cards import Card, Suit
from atout.engine import seat_name
from atout.i18n import N_, Person, Plural, Side, Text, get_language, grammar, sentence, sentences
from atout.lessons import Feedback, Question
from atout.svg import back_svg, card_svg
from atout.vocabulary import call_label
from atout.widgets import language
from atout.widgets.fault import guarded
from atout.widgets.said import rule_quote
from atout.widgets.seats import player_label

RIGHT_RING = "#1b7a2e"
WRONG_RING = "#c8102e"
TRICK_WINNER_RING = "#1f4fc1"      # the accent: a trick's winning card, not a mark on the learner's answer


def _trump_text(question: Question) -> str:
    trump = question.query.get("trump") or question.shown.get("trump")
    if not trump:
        return ""
    if str(trump).upper() == "NT":
        return Text("No trumps").render()
    return Text("Trumps: {suit}", suit=Suit.parse(trump)).render()


def _face_down(n: int) -> Plural:
    return Plural("{n} face-down card", "{n} face-down cards", n)


def _line(text: Text, viewer: int | None = None) -> str:
    """One line of the situation, for the learner (``viewer``: the player the question calls "you")."""
    return f"<p>{escape(text.render(viewer=viewer))}</p>"


def _row(cards: list, highlight: dict[str, str] | None = None, size: str = "normal") -> str:
    highlight = highlight or {}
    shown = "".join(card_svg(Card.parse(c), size=size, highlight=highlight.get(Card.parse(c).code)) for c in cards)
    return f"<div class='atout-row'>{shown}</div>"


def _led(plays: list) -> str:
    """Which card was led: the trick's winner and what may be played both depend on it."""
    return _line(Text("Led: {card}", card=Card.parse(plays[0]))) if plays else ""


def _played(plays: list, by: list[int] | None, you: int | None) -> str:
    """The cards of a trick in the order played, each under the name of who played it when the question knows."""
    if by is None:
        return _row(plays, size="small")
    cards = "".join(f"<figure class='atout-quiz-play'>{card_svg(Card.parse(code), size='small')}"
                    f"<figcaption>{escape(player_label(seat, you).render())}</figcaption></figure>"
                    for code, seat in zip(plays, by, strict=True))
    return f"<div class='atout-row'>{cards}</div>"


def _trick_so_far(plays: list, by: list[int] | None = None, you: int | None = 0, leader: int | None = None) -> str:
    if plays:
        return _led(plays) + _line(Text("Cards played to the trick:")) + _played(plays, by, you)
    if leader is not None and leader != you:
        return _line(Text("{seat} is to lead.", seat=Person(leader)), you)
    return _line(Text("You are leading."))


def _you_are(question: Question) -> str:
    """Which seat the question puts the learner in, when its sentences name seats."""
    return _line(Text("You are {seat}.", seat=Person(question.viewer))) if question.viewer is not None else ""


def _deals(question: Question) -> str:
    dealer = question.shown.get("dealer")
    if dealer is None:
        return ""
    return _line(Text("{seat} deals.", seat=Person(dealer), you=N_("You deal.")), question.viewer)


def _hand_of(seat: int, you: int | None) -> str:
    return _line(Text("Your hand:") if seat == you else Text("Hand: {player}", player=player_label(seat)))


def _score_tricks(question: Question) -> list[str]:
    """A scoring question's tricks, each card under the name of who played it, the winner's card ringed and named
    (core's answer says who won each trick)."""
    tricks, winners = question.query.get("tricks"), question.shown.get("winners")
    if not tricks or not winners:
        return []
    players = len(tricks[0]["plays"])
    played = []
    for trick, winner in zip(tricks, winners, strict=True):
        leader = int(trick.get("leader", 0))
        played.append(([(leader + i) % players for i in range(len(trick["plays"]))], trick["plays"], winner))
    return [_line(Text("The hand's tricks:")), *_tricks(played, question.viewer)]


def _tricks(played: list[tuple[list[int], list[str], int]], you: int | None) -> list[str]:
    """Tricks as ``(seats, cards, winner)``: each card under the name of who played it, the winner's card ringed,
    each trick under its number and who won it."""
    parts = ["<div class='atout-quiz-tricks'>"]
    for number, (seats, plays, winner) in enumerate(played, start=1):
        cards = []
        for seat, code in zip(seats, plays, strict=True):
            card = Card.parse(code)
            ring = TRICK_WINNER_RING if seat == winner else None
            cards.append(f"<figure class='atout-quiz-play'>{card_svg(card, size='small', highlight=ring)}"
                         f"<figcaption>{escape(player_label(seat, you).render())}</figcaption></figure>")
        caption = Text("Trick {n}: won by {seat}", n=number, seat=Person(winner),
                       you=N_("Trick {n}: won by you")).render(viewer=you)
        parts.append(f"<div class='atout-quiz-trick'><p class='atout-quiz-trick-caption'>{escape(caption)}</p>"
                     f"<div class='atout-row'>{''.join(cards)}</div></div>")
    parts.append("</div>")
    return parts


def _rob_situation(question: Question, highlight: dict[str, str]) -> list[str]:
    """Who deals, the turned card, and the hand the question is about (or, asking who may rob, every hand)."""
    shown, viewer = question.shown, question.viewer
    parts = [_deals(question), _line(Text("The turned card:")), _row([shown["turn_up"]], size="small")]
    if question.query.get("ask") == "who":
        for seat, cards in enumerate(shown["hands"]):
            parts += [_line(Text("{label}:", label=question.labels[str(seat)]), viewer), _row(cards, size="small")]
        return parts
    return parts + [_hand_of(shown["seat"], viewer), _row(shown["hand"], highlight)]


def _bids_situation(question: Question) -> list[str]:
    """Who deals, every call so far with who made it, and whose turn it is: all the answer depends on."""
    shown, viewer = question.shown, question.viewer
    calls = [Text("{seat}: {call}", seat=Person(seat), call=call_label(call))
             for seat, call in zip(shown["seats"], question.query["calls"], strict=True)]
    parts = [_deals(question)]
    if calls:
        parts.append(_line(Text("The calls so far:")))
        parts.append("<ul class='atout-quiz-calls'>" + "".join(f"<li>{escape(c.render(viewer=viewer))}</li>"
                                                               for c in calls) + "</ul>")
    else:
        parts.append(_line(Text("Nobody has called yet.")))
    parts.append(_line(Text("To call: {player}", player=player_label(shown["to_act"], viewer))))
    return parts


def _stock(question: Question, drawn: bool = True) -> str:
    """A Sixty-Six position's stock: its face-down cards, the turned-up trump, closed or exhausted (``drawn``: the
    last trick's cards were drawn, as on lead; else the stock as it was before drawing). A closed stock's
    turned-up trump is drawn face down, as it lies."""
    query, turn_up = question.query, question.shown.get("turn_up")
    if not query["stock"]:
        return _line(Text("The stock is exhausted.") if drawn else Text("The stock was exhausted before this trick."))
    if query.get("closed"):
        text = Text("The stock is closed: {cards}, with the turned-up trump, {card}, turned face down.",
                    cards=_face_down(query["stock"]), card=Card.parse(turn_up))
        picture = f"<div class='atout-row'>{back_svg(size='small')}</div>"
    else:
        text = Text("The stock: {cards}, with the turned-up trump, {card}, at the bottom.",
                    cards=_face_down(query["stock"]), card=Card.parse(turn_up))
        picture = _row([turn_up], size="small")
    parts = [_line(text), picture]
    if query.get("before_draw"):
        parts.append(_line(Text("You have just won a trick; nobody has drawn yet.")))
    return "".join(parts)


def _position(question: Question) -> list[str]:
    """What a Sixty-Six position's answer depends on besides the stock: who dealt before the first trick, the
    tricks the learner has won, and what they did first on this lead."""
    shown = question.shown
    parts = []
    if "dealer" in shown:
        parts += [_deals(question), _line(Text("No trick has been played yet."))]
    elif "tricks_won" in shown and not question.query.get("before_draw"):    # (that line says a trick was won)
        parts.append(_line(Text("You have won a trick.") if shown["tricks_won"][0]
                           else Text("You have not won a trick yet.")))
    parts += [_line(why, question.viewer) for why in shown.get("earlier", ())]
    return parts


def _best_situation(question: Question, highlight: dict[str, str]) -> list[str]:
    """A strategy question's position (core's table view): the contract, the tricks won, every other hand (face up
    when the claim was checked with every hand known, else how many cards each holds), the trick so far, and the
    learner's hand: the choices."""
    shown, view = question.shown, question.shown["table"]
    you: int = shown["seat"]          # the player to act, whom the question calls "you"
    parts = [_you_are(question), _deals(question)]
    parts += [f"<p>{escape(sentence(said.render(viewer=you)))}</p>"     # what the seat saw before the play
              for said in [*shown.get("earlier", ()), *shown.get("notes", ())]]
    if shown.get("calls"):        # what the seat heard: the sampled deals are those its calls fit
        calls = [Text("{seat}: {call}", seat=Person(seat), call=call_label(call)) for seat, call in shown["calls"]]
        parts.append(_line(Text("The calls:")))
        parts.append("<ul class='atout-quiz-calls atout-quiz-calls-inline'>"
                     + "".join(f"<li>{escape(c.render(viewer=you))}</li>" for c in calls) + "</ul>")
    if view.contract is not None and len(view.contract) == 2 and view.contract[1] is not None:
        seat, call = view.contract
        parts.append(_line(Text("Contract: {call}, bid by {seat}.", call=call_label(call), seat=Person(seat),
                                you=N_("Contract: {call}, bid by you.")), you))
    by_seat = len(view.tricks_won) == view.players
    won = [Text("{n} for {who}", n=n, who=Person(i) if by_seat else Side(i, view.players))
           for i, n in enumerate(view.tricks_won)]
    if any(view.tricks_won):
        parts.append(_line(Text("Tricks won so far: {each}.", each=won), you))
    if view.turn_up is not None and isinstance(view.stock, int) and view.stock:     # a stock still open to draw from
        parts += [_line(Text("The stock: {cards}, with the turned-up trump, {card}, at the bottom.",
                             cards=_face_down(view.stock), card=view.turn_up)), _row([view.turn_up.code], size="small")]
    elif view.turn_up is not None:
        parts += [_line(Text("The turned card:")), _row([view.turn_up.code], size="small")]
    if shown.get("tricks"):       # what the seat has seen played, which the sampled deals keep
        parts += [_line(Text("The tricks played so far:")), *_tricks(shown["tricks"], you)]
    hands = ["<div class='atout-quiz-tricks atout-quiz-hands'>"]       # the other hands side by side, as at a table
    for seat, cards in enumerate(view.hands):
        if seat == you:
            continue
        caption = escape((Text("{seat}, your partner:", seat=Person(seat)) if seat in shown.get("partners", ())
                          else Text("{label}:", label=player_label(seat, you))).render())
        shown_cards = (back_svg(size="small") * cards if isinstance(cards, int)
                       else "".join(card_svg(card, size="small") for card in cards))
        hands.append(f"<div class='atout-quiz-trick'><p class='atout-quiz-trick-caption'>{caption}</p>"
                     f"<div class='atout-row'>{shown_cards}</div></div>")
    parts.append("".join(hands) + "</div>")
    if shown.get("plays") or view.trick:      # a choice before the play (robbing) is not a lead
        parts.append(_trick_so_far([card.code for _seat, card in view.trick], [s for s, _card in view.trick], you,
                                   view.leader))
    parts.append(_hand_of(you, you))
    if question.cards:
        parts.append(_row(question.choices, highlight))
    else:
        parts.append(_row([card.code for card in view.hands[you]], highlight))
    return parts


def _situation(question: Question, highlight: dict[str, str] | None = None) -> str:
    """The cards the question is about, as SVG, with rings on the cards the feedback points to, and every fact its
    answer depends on, from the data the referee answers from."""
    highlight = highlight or {}
    query, shown = question.query, question.shown
    parts = [f'<div class="atout-quiz-situation"><p class="atout-trump">{escape(_trump_text(question))}</p>']
    parts += [_line(rule) for rule in shown.get("house_rules", ())]
    if question.kind == "best":
        parts += _best_situation(question, highlight)
    if question.kind == "winner":
        parts += [_led(query.get("plays") or []), _line(Text("The cards played, in order:"))]
    if question.kind == "legal":
        seat = shown.get("seat")
        you = question.viewer if seat is not None else 0
        if "phase" in query:
            parts.append(_line(Text("The stock is still open.") if query["phase"] == "open"
                               else Text("The stock is exhausted or closed.")))
        parts += [_you_are(question) if seat is not None else "", _deals(question),
                  _trick_so_far(query.get("plays") or [], shown.get("by"), you, seat),
                  _hand_of(seat if seat is not None else 0, you)]
    if question.kind in ("winner", "legal"):
        parts.append(_row(question.choices, highlight))
    elif question.kind == "points":
        parts.append(_line(Text("The tricks this player won:")))
        parts.append("<div class='atout-row'>" + "".join(_row(trick, size="small") for trick in query["tricks"])
                     + "</div>")
        if query.get("marriages"):
            parts.append(_line(Text("Marriages this player declared: {cards}",
                                    cards=[Card.parse(c) for c in query["marriages"]])))
        if query.get("last_trick"):
            parts.append(_line(Text("This player won the last trick.")))
    elif question.kind in ("score", "close") and "facts" in shown:
        parts += [_you_are(question), *_score_tricks(question)]
        parts += [_line(fact, question.viewer) for fact in shown["facts"]]
    elif question.kind == "bids":
        parts += _bids_situation(question)
    elif question.kind == "discards":
        parts += [_line(Text("The hand:")), _row(query["hand"], highlight)]
        if query.get("kitty"):
            parts += [_line(Text("The kitty:")), _row(query["kitty"], highlight)]
    elif question.kind == "rob":
        parts += [_you_are(question), *_rob_situation(question, highlight)]
    elif question.kind == "draw":
        # The referee's sentences name the seats: the learner is seat 0, who answered seat 1's lead.
        parts += [_you_are(question), _stock(question, drawn=False), _led(query["plays"]),
                  _line(Text("The trick just played: {seat} led, you answered.", seat=seat_name(1))),
                  _row(query["plays"], size="small"), _line(Text("Your hand:")), _row(question.shown["hand"])]
    elif "stock" in query:      # a Sixty-Six position: exchange, marriage, close
        # The referee's sentences name the seat (the position is seat 0's), so the learner is told which it is.
        parts += [_you_are(question), *_position(question), _stock(question), _trick_so_far(query.get("plays") or []),
                  _line(Text("Your hand:")), _row(question.shown["hand"])]
    parts.append("</div>")
    return "".join(parts)


class QuizView(widgets.VBox):
    """Questions one at a time; ``on_finish(right, total)`` is called after the last one, and the quiz may then be
    tried again (``retry``)."""

    def __init__(self, questions: list[Question], on_finish: Callable[[int, int], None] | None = None,
                 title: Text | None = None) -> None:
        super().__init__()
        self.questions = questions
        self.on_finish = on_finish
        self.title = title or Text("Quiz")
        self.add_class("atout-quiz")
        self.header = widgets.HTML()
        self.prompt = widgets.HTML()
        self.situation = widgets.HTML()
        self.choices = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.choices.add_class("atout-quiz-choices")
        self.check_button = widgets.Button()
        self.check_button.add_class("atout-quiz-check")
        self.check_button.on_click(guarded(lambda _b: self.answer(self.selected())))
        self.result = widgets.HTML()
        self.result.add_class("atout-quiz-feedback")
        self.next_button = widgets.Button()
        self.next_button.add_class("atout-quiz-next")
        self.next_button.on_click(guarded(lambda _b: self.next()))
        self.retry_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.retry_button.add_class("atout-quiz-retry")
        self.retry_button.on_click(guarded(lambda _b: self.retry()))
        self.children = [self.header, self.prompt, self.situation, self.choices,
                         widgets.HBox([self.check_button, self.next_button, self.retry_button]), self.result]
        language.register(self)
        self.retry()

    def retry(self) -> None:
        """Start the questions again from the first, nothing answered."""
        self.index = 0
        self.right = 0
        self.answered: list[bool | None] = [None] * len(self.questions)
        self.feedback: Feedback | None = None
        self._response: str | list[str] | None = None
        self._feedback_language: str | None = None
        self.refresh()

    @property
    def question(self) -> Question | None:
        return self.questions[self.index] if self.index < len(self.questions) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.questions)

    def selected(self) -> list[str]:
        return [b.tooltip_code for b in self.choices.children if getattr(b, "value", False)]

    def choice_label(self, question: Question, choice: str) -> str:
        """A choice as its button reads: 7♠, Hold, 30 for 60, 5 – 0, Yes."""
        return question.label(choice)

    def _choice_buttons(self, question: Question) -> list[widgets.Widget]:
        buttons: list[widgets.Widget] = []
        feedback = self.feedback
        picked = set()
        if feedback is not None and self._response is not None:
            picked = {self._response} if isinstance(self._response, str) else set(self._response)
        for choice in question.choices:
            label = self.choice_label(question, choice)
            tip = Card.parse(choice).name() if question.cards else label
            if feedback is not None:
                # Marked in words as well as colour: ✓ the right answer, ✗ a pick that is not.
                if choice in feedback.right:
                    label = f"✓ {label}"
                elif choice in feedback.wrong or (choice in picked and not feedback.correct
                                                  and choice not in feedback.right):
                    label = f"✗ {label}"
            if question.multiple:
                button = widgets.ToggleButton(description=label, tooltip=tip, value=choice in picked)
            else:
                button = widgets.Button(description=label, tooltip=tip)
                button.on_click(guarded(lambda _b, c=choice: self.answer(c)))
            button.tooltip_code = choice
            if not question.cards:
                button.layout.width = "auto"       # a sentence or a score, never cut off: two would read the same
            button.add_class("atout-quiz-choice")
            button.add_class(f"atout-choice-{choice.replace(' ', '').replace('–', '_')}")
            if feedback is not None:
                if choice in feedback.right:
                    button.add_class("atout-choice-right")
                elif label.startswith("✗"):
                    button.add_class("atout-choice-wrong")
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
        self.feedback, self._response, self._feedback_language = feedback, response, get_language()
        self.refresh()
        return feedback

    def next(self) -> None:
        if self.answered[self.index] is None:
            return
        self.index += 1
        self.feedback = self._response = None
        self.refresh()
        if self.finished and self.on_finish is not None:
            self.on_finish(self.right, len(self.questions))

    def refresh(self) -> None:
        total = len(self.questions)
        self.retry_button.description = Text("Try again").render()
        if self.finished:
            self.header.value = f"<h3>{escape(self.title.render())}</h3>"
            self.prompt.value = "<p class='atout-quiz-score'>" + escape(
                Text("Your score: {right} out of {total}", right=self.right, total=total).render()) + "</p>"
            self.situation.value = ""
            self.choices.children = []
            self.check_button.layout.display = "none"
            self.next_button.layout.display = "none"
            self.retry_button.layout.display = "" if total else "none"
            self.result.value = ""
            return
        self.retry_button.layout.display = "none"
        question = self.question
        assert question is not None, "a quiz with questions shows the one it is at"
        if self.feedback is not None and self._response is not None and self._feedback_language != get_language():
            # The page's language changed after marking: the referee says it again in the new language.
            self.feedback, self._feedback_language = question.check(self._response), get_language()
        self.header.value = "<h3>" + escape(Text("{title}: question {i} of {n}", title=self.title, i=self.index + 1,
                                                   n=total).render()) + "</h3>"
        how = ""
        if question.multiple:
            how = ("<p class='atout-quiz-how'>" + escape(Text("Choose all that apply, then press Check.").render())
                   + "</p>")
        self.prompt.value = (f"<p class='atout-quiz-prompt'><strong>{escape(question.prompt_text())}</strong></p>"
                             f"{how}")
        rings: dict[str, str] = {}
        if self.feedback is not None:
            rings = {c: RIGHT_RING for c in self.feedback.right}
            rings.update({c: WRONG_RING for c in self.feedback.wrong})
        self.situation.value = _situation(question, rings)
        self.choices.children = self._choice_buttons(question)
        self.check_button.description = Text("Check").render()
        self.check_button.layout.display = "" if question.multiple and self.feedback is None else "none"
        self.next_button.description = (Text("Next question").render() if self.index + 1 < total
                                        else Text("See my score").render())
        self.next_button.layout.display = "" if self.feedback is not None else "none"
        self.result.value = "" if self.feedback is None else self._feedback_html(question, rings)

    def _feedback_html(self, question: Question, rings: dict[str, str]) -> str:
        """Right or not, why, and after a wrong answer the right one with the working; then what the rings mean and
        the rule as the rulebook states it."""
        feedback = self.feedback
        assert feedback is not None
        verdict = Text("Right!") if feedback.correct else Text("Not quite.")
        css = "atout-right" if feedback.correct else "atout-wrong"
        verdict_html = f"<strong>{escape(verdict.render())}</strong>"
        space = grammar(get_language()).between_sentences     # none between two Japanese sentences
        said, working = sentence(feedback.text), sentence(feedback.working)    # the referee's words, ended
        if feedback.correct:
            body = [f"<p>{verdict_html}{space}{escape(said)}</p>"]
        else:
            answer = question.answer_text(feedback.right)
            answer_html = f"<strong class='atout-quiz-answer'>{escape(sentence(answer))}</strong>"
            if feedback.working:     # why the pick is wrong, then the right answer with its working
                body = [f"<p>{verdict_html}{space}{escape(said)}</p>",
                        f"<p>{answer_html}{space}{escape(working)}</p>"]
            else:                    # the right answer, then the working that gives it
                body = [f"<p>{verdict_html}{space}{answer_html}</p>", f"<p>{escape(said)}</p>"]
        ringed = [c for c in rings if question.cards and c in question.choices]
        if ringed:
            marks = [Text("Green ring: the right answer.")]
            if any(rings[c] == WRONG_RING for c in ringed):
                marks.append(Text("Red ring: a card you chose that is not right."))
            body.append("<p class='atout-quiz-marks'>" + escape(sentences(*(m.render() for m in marks))) + "</p>")
        # The rule as the rulebook states it, unless the feedback already is that sentence.
        body.append(rule_quote(feedback.rule, feedback.text + feedback.working))
        return f"<div class='{css}' role='status'>{''.join(body)}</div>"
