"""Properties 2 to 4 of issue 33, checked over every question and step of every lesson of every game (lessons from
``atout.lessons``, their games from the registry ``atout.games``): one seat is "you" throughout a lesson and what a
question says about you is drawn from its data; each question shows what its answer depends on; a quiz asks only
the rules the steps before it taught."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from typing import Any

import pytest

from atout.cards import Card, Suit
from atout.games import GAMES, family_of
from atout.house_rules import in_force
from atout.i18n import Person, Plural, Text, language
from atout.lessons import Lesson, Question, load_lessons, make_questions
from atout.vocabulary import call_label
from atout.widgets.quiz import _situation
from atout.widgets.seats import player_label

LESSONS = load_lessons()
LANGS = ("en", "fr")
# The kinds whose sentences name a seat: the seat the question puts the learner in is called "you" there (and a
# legal question on a seat of a deal).
SEATED = {"rob", "bids", "score", "draw", "exchange", "marriage", "close"}


def _seated(question: Question) -> bool:
    return question.kind in SEATED or "seat" in question.shown


def _specs(lesson: Lesson) -> Iterator[tuple[str, int, dict[str, Any]]]:
    """Each question's spec with its place: (where, the index of the last step taught before it, spec)."""
    for i, step in enumerate(lesson.steps):
        if "try" in step:
            yield f"step {i + 1}", i, step["try"]
    for i, spec in enumerate(lesson.quiz):
        yield f"quiz {i + 1}", len(lesson.steps) - 1, spec


def _questions(lesson: Lesson) -> Iterator[tuple[str, int, dict[str, Any], Question]]:
    for where, taught, spec in _specs(lesson):
        seed = spec.get("seed", int(where.split()[1]) - 1)
        options = lesson.options
        for question in make_questions(spec, lesson.game, options, seed=seed):
            yield where, taught, spec, question


QUESTIONS = [(lesson, *rest) for lesson in LESSONS for rest in _questions(lesson)]


def test_the_lessons_cover_every_game_of_the_registry():
    assert {lesson.game for lesson in LESSONS} == set(GAMES)


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def _said(text: Text, lang: str, viewer: int | None = None) -> str:
    return re.sub(r"\s+", " ", text.render(lang, viewer)).strip()


# --- property 2: one "you" ---------------------------------------------------------------------------------------

def _you_seats(lesson: Lesson) -> list[tuple[str, int]]:
    """Where the lesson calls a seat "you": the tables the learner plays (not one watched from another seat), and
    the questions whose sentences name seats."""
    seats = [(f"step {i + 1} (table)", step["viewer"]) for i, step in enumerate(lesson.steps)
             if step.get("show") == "table" and step.get("viewer") is not None and not step.get("watch")]
    seats += [(where, question.viewer) for _lesson, where, _t, _s, question in QUESTIONS
              if _lesson is lesson and _seated(question) and question.viewer is not None]
    return seats


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_one_seat_is_you_throughout_a_lesson(lesson):
    """66-open-play: "you" was Player 2 at step 1's table and Player 1 at the next steps' and in the questions."""
    seats = _you_seats(lesson)
    assert len({seat for _where, seat in seats}) <= 1, seats


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_a_step_never_names_by_number_the_seat_its_table_calls_you(lesson):
    """66-marriages step 3: the table called Player 2 "You" while the text spoke of "Player 2"."""
    wrong = []
    for i, step in enumerate(lesson.steps):
        viewer = step.get("viewer")
        if step.get("show") != "table" or viewer is None or step.get("watch"):
            continue
        for lang, pattern in (("en", rf"\bPlayers? (\d and )?{viewer + 1}\b"),
                              ("fr", rf"\bjoueurs? (\d et )?{viewer + 1}\b")):
            if re.search(pattern, step["text"][lang], re.IGNORECASE):
                wrong.append((i + 1, lang, step["text"][lang]))
    assert not wrong, wrong


# A prompt that says by hand which seat you are or who deals: the question's situation says it, from its data.
HAND_WRITTEN_SEAT = {
    "en": re.compile(r"\byou are (player|the (non-)?dealer)|\bnon-dealer\b|\byou deal\b|\(player \d\)|"
                     r"\bthe dealer \(", re.IGNORECASE),
    "fr": re.compile(r"\bvous êtes (le joueur|le donneur)|\bn'êtes pas le donneur|\bvous donnez\b|\(joueur \d\)|"
                     r"\ble donneur \(", re.IGNORECASE),
}


@pytest.mark.parametrize("lang", LANGS)
def test_no_prompt_writes_by_hand_which_seat_you_are_or_who_deals(lang):
    """Three questions said « Vous n'êtes pas le donneur … » above « vous êtes le joueur 1 », in lessons whose deals
    Player 1 dealt."""
    wrong = [(lesson.id, where, question.prompt_text(lang)) for lesson, where, _t, _s, question in QUESTIONS
             if HAND_WRITTEN_SEAT[lang].search(question.prompt_text(lang))]
    assert not wrong, "\n".join(map(str, wrong))


@pytest.mark.parametrize("lang", LANGS)
def test_a_question_that_names_your_seat_says_it_and_who_deals_from_its_data(lang):
    wrong = []
    for lesson, where, _t, _spec, question in QUESTIONS:
        with language(lang):
            shown = _text(_situation(question))
        if _seated(question) and question.viewer is not None:
            seat = _said(Text("You are {seat}.", seat=Person(question.viewer)), lang)
            if seat not in shown:
                wrong.append((lesson.id, where, "no seat", shown))
        dealer = question.shown.get("dealer")
        if dealer is not None and _said(Text("{seat} deals.", seat=Person(dealer), you="You deal."), lang,
                                         question.viewer) not in shown:
            wrong.append((lesson.id, where, "no dealer", shown))
    assert not wrong, "\n".join(map(str, wrong))


# --- property 3: what the answer depends on, shown from the data -------------------------------------------------

def _expected(question: Question, spec: dict[str, Any], lang: str) -> list[str]:
    """What the situation must say for this question, worked out from the query the referee answers."""
    query = question.query
    facts: list[Text] = []
    trump = query.get("trump") or question.shown.get("trump")
    if trump:
        facts.append(Text("No trumps") if str(trump).upper() == "NT" else Text("Trumps: {suit}",
                                                                              suit=Suit.parse(trump)))
    plays = query.get("plays") or []
    if plays and question.kind != "score":
        facts.append(Text("Led: {card}", card=Card.parse(plays[0])))
    if "phase" in query:
        facts.append(Text("The stock is still open.") if query["phase"] == "open"
                     else Text("The stock is exhausted or closed."))
    if "stock" in query and query["stock"]:
        cards, turn_up = (Plural("{n} face-down card", "{n} face-down cards", query["stock"]),
                          Card.parse(question.shown["turn_up"]))
        facts.append(Text("The stock is closed: {cards}, with the turned-up trump, {card}, turned face down.",
                          cards=cards, card=turn_up) if query.get("closed")
                     else Text("The stock: {cards}, with the turned-up trump, {card}, at the bottom.", cards=cards,
                               card=turn_up))
    if "stock" in query and not query["stock"]:
        facts.append(Text("The stock is exhausted.") if question.kind != "draw"
                     else Text("The stock was exhausted before this trick."))
    if question.kind == "bids":
        facts.append(Text("{seat} deals.", seat=Person(query["dealer"]), you="You deal."))
        seats = question.shown.get("seats")
        if seats is None:       # core did not say who made each call
            facts.append(Text("(who made each call)"))
        else:
            for seat, call in zip(seats, query["calls"], strict=True):
                facts.append(Text("{seat}: {call}", seat=Person(seat), call=call_label(call)))
            facts.append(Text("To call: {player}", player=player_label(question.shown["to_act"], question.viewer)))
    facts += in_force(question.game, spec.get("options", {}))
    said = [_said(fact, lang, question.viewer) for fact in facts]
    if question.kind in ("score", "close") and "score" in spec:
        said += [str(v) for key in ("points", "tricks", "tricks_won", "scores_before", "tricks_at_close")
                 for v in spec["score"].get(key, ()) if isinstance(v, int)]
        for key in ("contract", "bid"):
            if key in spec["score"]:
                said.append(call_label(spec["score"][key]).render(lang))
    return said


@pytest.mark.parametrize("lang", LANGS)
def test_every_question_shows_what_its_answer_depends_on(lang):
    """45: "Which card wins?" over 10♣ and A♦, hearts trumps, said nothing of which was led; 66's drilled legal
    questions did not say whether the stock was open or closed."""
    wrong = []
    for lesson, where, _t, spec, question in QUESTIONS:
        with language(lang):
            shown = _text(_situation(question))
        words = set(re.findall(r"[\w−-]+", re.sub(r"\b(Player|joueur) \d\b", "", shown, flags=re.IGNORECASE)))
        for fact in _expected(question, spec, lang):
            if (fact not in words) if re.fullmatch(r"[\w−-]+", fact) else (fact not in shown):
                wrong.append((lesson.id, where, fact, shown))
    assert not wrong, "\n".join(map(str, wrong[:40])) + f"\n({len(wrong)} in all)"


# --- property 4: the quiz asks what the steps taught ---------------------------------------------------------------

def _taught(lesson: Lesson, upto: int) -> set[str]:
    """The rules the steps before a question cited (their ``rule``, and the others their text teaches): every step
    of the family's earlier lessons, and this lesson's steps up to ``upto``."""
    earlier = [other for other in LESSONS if other.family == lesson.family and other.order < lesson.order]
    steps = [step for other in earlier for step in other.steps] + lesson.steps[:upto + 1]
    return {rule for step in steps for rule in [step.get("rule"), *step.get("teaches", [])] if rule}


def test_a_question_asks_only_rules_the_steps_before_it_taught():
    """66-marriages asked about a marriage once the stock is exhausted (taught in 66-strict-phase); 66-closing's quiz
    asked about closing before drawing and after a marriage shown, which no step of it taught."""
    wrong = [(lesson.id, where, question.rule) for lesson, where, taught, _spec, question in QUESTIONS
             if question.rule is not None and question.rule not in _taught(lesson, taught)]
    assert not wrong, "\n".join(map(str, wrong))


def test_the_rule_check_uses_every_family_of_the_registry():
    assert {family_of(game).id for game in GAMES} == {lesson.family for lesson in LESSONS}
