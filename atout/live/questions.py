"""The questions a teacher asks the class, and how core marks them.

A question is kept as a small JSON ``spec`` that every kernel turns back into the same question, so each student
reads it in their own language:

* ``{"source": "lesson", "lesson": id, "index": i}``: the i-th quiz question of a lesson (``Lesson.questions()``,
  answered by the referee);
* ``{"source": "table", "ask": …, "code": deal code, "actions": [...]}``: a question about the position on the
  table, the deal of that code after those actions:

  - ``winner``: which card wins the trick just completed (the referee's ``trick``);
  - ``legal``: which cards the player to act may play (the referee's ``legal``, checked against the engine);
  - ``lead``: what the player on lead should lead, every hand in view: the exact solver's values, worked out once
    when the teacher asks and kept in the spec (``values``, ``unit``), so no student's kernel solves again.

* ``{"source": "puzzle", "puzzle": id}``: one of the puzzles made by the solver (``atout.puzzles``, the set shipped
  with Atout): what the player to act should play, every hand in view; its values and proof come with the puzzle,
  proven when it was built, so nobody waits for the solver.

The answer is worked out by core when the question is asked; a widget only shows choices and sends the one picked.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from atout import dealcode, rules_api, units
from atout.cards import Card
from atout.errors import AtoutError
from atout.i18n import Text, language, sentences
from atout.lessons import LessonError, Question, course_lessons, make_questions
from atout.live.errors import AnswerError, QuestionError

ASKS = ("winner", "legal", "lead")
MAX_ACTIONS = 400          # far more than any hand has: a longer list is not a position
SOLVER_BUDGET_S = 20.0     # the teacher waits at most this for the solver; an unsettled position is not asked


def player_name(seat: int) -> Text:
    """A player as the class reads them, as the table names them: "Player 2" for seat 1 (people count from 1, as
    ``atout.widgets.seats.player_label`` does; a student's page shows both side by side)."""
    return Text("Player {n}", n=seat + 1)


def lessons_by_id() -> dict[str, Any]:
    """The lessons a class asks from, by id: the kernel's own (``course_lessons``), loaded once."""
    return {lesson.id: lesson for lesson in course_lessons()}


@cache
def lesson_questions(lesson_id: str) -> tuple[Question, ...]:
    """A lesson's quiz questions, the same in every kernel (drills are seeded)."""
    return tuple(lessons_by_id()[lesson_id].questions())


def position(code: Any, actions: list[str]) -> Any:
    """The hand a deal code gives, after ``actions`` (as text); a bad code or action raises ``QuestionError``
    (``code`` comes from a question's JSON: anything but a deal code is refused by ``dealcode.deal``)."""
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS or not all(isinstance(a, str) for a in actions):
        raise QuestionError(Text("a position is a deal code and at most {n} actions written as text",
                                 n=MAX_ACTIONS))
    try:
        hand = dealcode.deal(code)
        for action in actions:
            hand.apply(action)
    except AtoutError as exc:
        raise QuestionError(exc.message) from None
    return hand


def _options(hand: Any) -> dict[str, Any]:
    """The options a referee query needs to stand for this hand's rules: its number of players where the game lets
    it vary."""
    from atout.games import package_of

    game = hand.config.game
    default = package_of(game).make_config(game).players
    return {} if hand.config.players == default else {"players": hand.config.players}


def _trump_text(trump: Any) -> str:
    return "NT" if trump is None else trump.letter


@dataclass
class LiveQuestion:
    """One question of a class: its choices, the right ones, and how it reads in each language."""

    spec: dict[str, Any]
    game: str
    choices: list[str]
    answer: list[str]
    pick_all: bool               # pick every right choice (which cards may be played); else pick one
    cards: bool                  # the choices are cards
    question: Question | None = None           # the lesson-style question, when there is one
    values: dict[str, int] = field(default_factory=dict)   # lead: what each card secures; puzzle: its score
    to_act: int | None = None
    puzzle: Any = None                         # a puzzle's question: the puzzle (``atout.puzzles.Puzzle``)

    @property
    def _question(self) -> Question:
        assert self.question is not None, "only a table question (winner, legal, lead) has no lesson-style question"
        return self.question

    @property
    def _seat(self) -> int:
        assert self.to_act is not None, "a legal or lead question is asked of the player to act"
        return self.to_act

    # --- reading it ----------------------------------------------------------------------------------------

    def prompt(self, lang: str) -> str:
        with language(lang):
            ask = self.spec.get("ask")
            if ask == "winner":
                return Text("Which card wins this trick?").render()
            if ask == "legal":
                # The referee's explanation speaks to the player ("you are leading"): the class takes that seat.
                return Text("You are {player}. Which cards may you play?", player=player_name(self._seat)).render()
            if ask == "lead":
                return Text("What should {player} lead?", player=player_name(self._seat)).render()
            if self.puzzle is not None:
                return Text("Every hand is in view. What should {player} play? One play alone keeps the best "
                            "result.", player=player_name(self._seat)).render()
            return self._question.prompt_text(lang)

    def label(self, choice: str, lang: str) -> str:
        with language(lang):
            if self.cards:
                return Card.parse(choice).render(lang)
            if self.puzzle is not None:     # a choice is the puzzle's action as ``puzzle_choice`` writes it
                from atout.i18n import render_value
                from atout.puzzles import action_said

                action = next(c.action for c in self.puzzle.choices if puzzle_choice(c.action) == choice)
                return str(render_value(action_said(action), lang))
            return self._question.label(choice, lang)

    def explanation(self, lang: str) -> str:
        """The right answer and why, citing the rule (or, for a lead, what the solver found)."""
        with language(lang):
            if self.spec.get("ask") == "lead":
                return self._lead_explanation(lang)
            if self.puzzle is not None:
                return self._proof(lang)
            return self._question.check(self.answer).text

    def feedback(self, response: list[str], lang: str) -> str:
        """Why ``response`` is right or wrong, in ``lang``."""
        with language(lang):
            if self.spec.get("ask") == "lead":
                if self.is_right(response):
                    return self._lead_explanation(lang)
                card = Card.parse(response[0])
                return sentences(Text("{card} secures only {value}", card=card,
                                      value=self._unit(self.values[response[0]])).render(),
                                 self._lead_explanation(lang))
            if self.puzzle is not None:
                return self._proof(lang)

            return self._question.check(response if self.pick_all else response[0]).text

    def _proof(self, lang: str) -> str:
        """A puzzle's proof in words: what the answer gets, what each other play gets and loses, what a score is."""
        from atout.puzzles import proof

        hand = self.puzzle.hand()
        seat = self.puzzle.seat
        partners = any(hand.side_of(s) == hand.side_of(seat) for s in range(len(hand.hands)) if s != seat)
        return sentences(*(line.render(lang) for line in proof(self.puzzle, partners)), lang=lang)

    def _unit(self, value: int) -> str:
        return units.amount(self.spec["unit"], value).render()

    def _lead_explanation(self, lang: str) -> str:
        best = [Card.parse(c) for c in self.answer]
        return Text("With every hand in view and best play from everyone, {player} secures the most by leading "
                    "{cards}: {value}", player=player_name(self._seat), cards=best,
                    value=self._unit(self.values[self.answer[0]])).render(lang)

    @property
    def rule(self) -> str | None:
        return self.question.rule if self.question is not None else None

    # --- marking -------------------------------------------------------------------------------------------

    def normalise(self, response: Any) -> list[str]:
        """The response as stored (its choices, in the question's order); ``AnswerError`` when it is not an
        answer to this question."""
        if isinstance(response, str):
            response = [response]
        if not isinstance(response, list) or not all(isinstance(r, str) and len(r) <= 40 for r in response):
            raise AnswerError(Text("an answer is a list of the question's choices"))
        picked = set()
        for value in response:
            match = next((c for c in self.choices if c == value or (self.cards and _same_card(c, value))), None)
            if match is None:
                raise AnswerError(Text("{value} is not one of this question's choices", value=repr(value[:40])))
            picked.add(match)
        if not picked:
            raise AnswerError(Text("Choose an answer first"))
        if not self.pick_all and len(picked) != 1:
            raise AnswerError(Text("This question takes one answer, not {n}", n=len(picked)))
        return [c for c in self.choices if c in picked]

    def is_right(self, response: list[str]) -> bool:
        """Core's verdict: one of the right choices (pick one), or exactly the right ones (pick all)."""
        if self.question is not None:
            return self.question.check(response if self.pick_all else response[0]).correct
        return len(response) == 1 and response[0] in self.answer


def _same_card(code: str, value: str) -> bool:
    try:
        return Card.parse(value).code == code
    except AtoutError:
        return False


# --- from a spec ------------------------------------------------------------------------------------------------

def from_spec(spec: dict[str, Any]) -> LiveQuestion:
    """The question a spec stands for (the same in every kernel); ``QuestionError`` when it stands for none."""
    return _from_text(json.dumps(spec, sort_keys=True))


@cache
def _from_text(text: str) -> LiveQuestion:
    spec = json.loads(text)
    if not isinstance(spec, dict):
        raise QuestionError(Text("a question is described by an object"))
    source = spec.get("source")
    if source == "lesson":
        return _lesson_question(spec)
    if source == "table":
        return _table_question(spec)
    if source == "puzzle":
        return _puzzle_question(spec)
    raise QuestionError(Text("a question comes from a lesson, from the table or from a puzzle, not {source}",
                             source=repr(source)))


@cache
def puzzles_by_id() -> dict[str, Any]:
    """The puzzles a class may be asked (the set shipped with Atout), by id, read once."""
    from atout.puzzles import packaged_puzzles

    return {puzzle.id: puzzle for puzzle in packaged_puzzles()}


def puzzle_choice(action: Any) -> str:
    """A puzzle's action as a class's choice: a card's code for a plain play, else the action's text."""
    if action.kind == "play" and action.card is not None and action.value is None:
        return str(action.card.code)
    return str(action)


def _puzzle_question(spec: dict[str, Any]) -> LiveQuestion:
    asked = spec.get("puzzle")
    puzzle = puzzles_by_id().get(asked) if isinstance(asked, str) else None
    if puzzle is None:
        raise QuestionError(Text("there is no puzzle {puzzle}", puzzle=repr(asked)[:40]))
    choices = [puzzle_choice(c.action) for c in puzzle.choices]
    cards = all(c.action.kind == "play" and c.action.card is not None and c.action.value is None
                for c in puzzle.choices)
    return LiveQuestion(spec, puzzle.game, choices, [puzzle_choice(puzzle.answer)], False, cards,
                        values={puzzle_choice(c.action): c.score for c in puzzle.choices}, to_act=puzzle.seat,
                        puzzle=puzzle)


def _lesson_question(spec: dict[str, Any]) -> LiveQuestion:
    lesson_id, index = spec.get("lesson"), spec.get("index")
    if lesson_id not in lessons_by_id():
        raise QuestionError(Text("there is no lesson {lesson}", lesson=repr(lesson_id)))
    questions = lesson_questions(lesson_id)
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(questions):
        raise QuestionError(Text("the lesson {lesson} has questions 1 to {n}", lesson=lesson_id, n=len(questions)))
    q = questions[index]
    return LiveQuestion(spec, q.game, list(q.choices), list(q.answer), q.multiple, q.cards, question=q)


def table_spec(ask: str, code: str, actions: list[str]) -> dict[str, Any]:
    """The spec of a question about the position on the table, checked and, for a lead, solved (this is where the
    teacher waits for the solver); ``QuestionError`` when the position does not allow the question."""
    if ask not in ASKS:
        raise QuestionError(Text("ask which card wins, which cards may be played or what to lead, not {ask}",
                                 ask=repr(ask)))
    spec: dict[str, Any] = {"source": "table", "ask": ask, "code": code, "actions": list(actions)}
    if ask == "lead":
        spec.update(_solve_lead(position(code, actions)))
    from_spec(spec)        # refuses a position where the question makes no sense
    return spec


def _plays_only(hand: Any) -> list[Card]:
    """The cards the player to act may play, when playing a card is all they may do; else ``QuestionError``."""
    legal = hand.legal_actions()
    if hand.phase.value != "play" or not legal or any(a.kind != "play" for a in legal):
        raise QuestionError(Text("Nobody is about to play a card here: step to a moment when a player has a card "
                                 "to play"))
    return list(dict.fromkeys(a.card for a in legal))     # the joker led in no trumps is one card, several calls


def _table_question(spec: dict[str, Any]) -> LiveQuestion:
    ask = spec.get("ask")
    hand = position(spec.get("code"), spec.get("actions", []))
    game = hand.config.game
    view = hand.view(hand.to_act if hand.to_act is not None else 0)
    if ask == "winner":
        table = hand.table_view(None)
        if table.trick or not table.last_trick:
            raise QuestionError(Text("No trick is complete on the table: step to the moment a trick has every card"))
        plays = [card.code for _seat, card in table.last_trick]
        query = {"kind": "winner", "trump": _trump_text(table.trump), "plays": plays}
        if getattr(hand, "tricks", None) and getattr(hand.tricks[-1], "joker_suit", None) is not None:
            query["joker_suit"] = hand.tricks[-1].joker_suit.letter
        q = _referee_question(query, game, _options(hand))
        return LiveQuestion(spec, game, list(q.choices), list(q.answer), False, True, question=q)
    if ask == "legal":
        playable = _plays_only(hand)
        query = {"kind": "legal", "trump": _trump_text(view.get("trump")), "plays": [c.code for c in view["trick"]],
                 "hand": [c.code for c in view["hand"]]}
        phase = rules_api.following(game, view)
        if phase is not None:
            query["phase"] = phase
        if view.get("joker_suit") is not None:
            query["joker_suit"] = view["joker_suit"].letter
        q = _referee_question(query, game, _options(hand))
        if set(q.answer) != {c.code for c in playable}:      # the referee and the engine must agree
            raise QuestionError(Text("the referee and the engine disagree on this position: it cannot be asked"))
        return LiveQuestion(spec, game, list(q.choices), list(q.answer), True, True, question=q, to_act=hand.to_act)
    if ask == "lead":
        playable = _plays_only(hand)
        if view["trick"]:
            raise QuestionError(Text("{player} is not on lead: a card is already played to this trick",
                                     player=player_name(hand.to_act)))
        values = spec.get("values")
        if not isinstance(values, dict) or spec.get("unit") not in units.UNITS:
            raise QuestionError(Text("a lead question carries the solver's values"))
        choices = [c.code for c in playable]
        if set(values) != set(choices) or not all(isinstance(v, int) for v in values.values()):
            raise QuestionError(Text("the solver's values do not match the cards that may be led"))
        top = max(values.values())
        right = [c for c in choices if values[c] == top]
        return LiveQuestion(spec, game, choices, right, False, True, values=dict(values), to_act=hand.to_act)
    raise QuestionError(Text("ask which card wins, which cards may be played or what to lead, not {ask}",
                             ask=repr(ask)))


def _referee_question(query: dict[str, Any], game: str, options: dict[str, Any]) -> Question:
    try:
        return make_questions(query, game, options)[0]
    except LessonError as exc:
        raise QuestionError(exc.message) from None


def _solve_lead(hand: Any) -> dict[str, Any]:
    from atout.solver import SolverError, solve

    _plays_only(hand)
    try:
        solution = solve(hand, budget_s=SOLVER_BUDGET_S, line=False)
    except SolverError as exc:
        raise QuestionError(exc.message) from None
    if not solution.exact:
        raise QuestionError(Text("The solver could not settle this position in time: ask it a trick or two later"))
    values: dict[str, int] = {}
    for action, value in solution.values.items():     # the joker's calls: the best of them is what it secures
        assert action.card is not None, "only plays are asked (_plays_only)"
        code = action.card.code
        values[code] = max(int(value), values.get(code, int(value)))
    return {"values": values, "unit": solution.unit}
