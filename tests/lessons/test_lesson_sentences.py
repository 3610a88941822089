"""What a lesson says agrees with the questions it asks (issue 14, the independent read of every lesson)."""

from __future__ import annotations

import re

import pytest

from atout.cards import Card
from atout.i18n import language
from atout.lessons import load_lessons

LESSONS = {lesson.id: lesson for lesson in load_lessons()}
MUST_BE_PLAYED = re.compile(r"the (\S+) must be played")


def _steps_with_a_legal_try():
    for lesson in LESSONS.values():
        for index, step in enumerate(lesson.steps):
            if step.get("try", {}).get("kind") == "legal":
                yield lesson, index, step


def test_a_step_that_says_a_card_must_be_played_asks_a_question_with_that_card_alone():
    """45-reneging step 4 said "the J♦ must be played" above a question whose answer is the J♦ or the A♥."""
    for lesson, index, step in _steps_with_a_legal_try():
        said = MUST_BE_PLAYED.search(step["text"]["en"])
        if said:
            answer = [Card.parse(c).render("en") for c in lesson.step_questions(index)[0].answer]
            assert answer == [said.group(1)], (lesson.id, index + 1, step["text"]["en"], answer)


def test_no_prompt_calls_the_cards_of_a_hand_trumps_when_some_are_not():
    """45-auction-kitty: "(They are the trumps you kept.)" over a hand with the 5♦ and the 2♣, hearts trumps."""
    from atout.cards import Suit
    from atout.forty_fives.ranking import TABLES

    for lesson in LESSONS.values():
        for spec in [*lesson.quiz, *(s["try"] for s in lesson.steps if "try" in s)]:
            if "They are the trumps" in spec.get("prompt", {}).get("en", "") and spec.get("trump") in "CDHS":
                trumps = TABLES[Suit.parse(spec["trump"])].is_trump
                assert all(trumps[Card.parse(c).index] for c in spec["hand"]), (lesson.id, spec["prompt"]["en"])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_illegal_pick_is_never_told_another_card_may_be_played_too(lang):
    """66-strict-phase step 1: the A♠ picked, the 9♥ the only card; "9♥ may be played too" said the A♠ was legal."""
    lesson = LESSONS["66-strict-phase"]
    question = lesson.step_questions(0)[0]
    wrong = next(c for c in question.choices if c not in question.answer)
    with language(lang):
        feedback = question.check([wrong])
    assert not feedback.correct
    first = feedback.text.split(". ")[0]
    assert Card.parse(wrong).render(lang) in first and not {"too", "aussi"} & set(first.split()), feedback.text


def test_a_step_that_advises_which_card_to_give_up_names_the_weakest_of_the_hand():
    """45-first-hand said "a lone small heart cannot win a trick", then "the card least likely to win a trick", of the
    7♥, beside the 9♠, which beats fewer cards of its suit (a black 9 beats only the 10). A step whose next step gives
    up a card to rob, and that names it, names beside it the card of the hand that beats fewest cards of its suit
    (core's ranking)."""
    from atout.engine import Action
    from atout.lessons import played_hand
    from atout.rules_api import ranking

    advised = 0
    for lesson in LESSONS.values():
        for step, after in zip(lesson.steps, lesson.steps[1:], strict=False):
            before, later = list(step.get("actions") or []), list(after.get("actions") or [])
            if "seed" not in step or len(later) <= len(before) or later[:len(before)] != before:
                continue
            given = Action.parse(later[len(before)])
            if given.kind != "rob" or given.card is None or given.card.render("en") not in step["text"]["en"]:
                continue      # no card to give up, or the step does not advise the one given up
            hand = played_hand(step.get("game", lesson.game), step["seed"], step.get("players"),
                               step.get("options", {}), before)
            order = ranking(step.get("game", lesson.game), hand.trump)
            plain = [c for c in hand.hands[hand.to_act] if c not in order.trumps]
            weakest = min(plain, key=lambda c: len(order.plain[c.suit]) - 1 - order.plain[c.suit].index(c))   # beats
            held = hand.hands[hand.to_act]
            for lang in ("en", "fr"):
                # The sentences that advise it: those naming it, but for one listing the whole hand.
                advice = [said for said in re.split(r"(?<=\.) ", step["text"][lang])
                          if given.card.render(lang) in said and not all(c.render(lang) in said for c in held)]
                assert advice and any(weakest.render(lang) in said for said in advice), (lesson.id, lang, advice)
            advised += 1
    assert advised, "no step advises a card to give up"


def test_a_marked_pick_reads_as_japanese_sentences_with_no_english_full_stop():
    """The second read of the Japanese lessons: an illegal pick's feedback read 「…出せるのはK♦です. 9♦では…」, the
    refusal glued to the reason by ". " in code; Japanese ends a sentence with 。 and puts no space after it."""
    checked = 0
    for lesson in LESSONS.values():
        questions = [*lesson.questions(), *(q for i in range(len(lesson.steps)) for q in lesson.step_questions(i))]
        for question in questions:
            if question.kind != "legal":
                continue
            wrong = [c for c in question.choices if c not in question.answer]
            picks = [wrong[:1]] if wrong else []
            picks += [question.answer[:1]] if len(question.answer) > 1 else []
            with language("ja"):
                for pick in picks:
                    text = question.check(pick).text
                    checked += 1
                    assert ". " not in text and not text.endswith("."), (lesson.id, question.prompt_text("ja"), text)
    assert checked > 50
