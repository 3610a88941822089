"""The quiz view on the special rules: the situation on real cards, answers on labelled buttons, and feedback that
says right or wrong with the rule id and the rulebook's statement, in the page's language."""

from __future__ import annotations

import re
from html import escape

import pytest

from atout.i18n import get_language
from atout.lessons import make_questions
from atout.rulebook import RULES
from atout.widgets.language import set_page_language
from atout.widgets.quiz import WRONG_RING, QuizView

HAND = ["9H", "KS", "QS", "AC", "10D", "JD"]
QUESTIONS = [
    ({"kind": "points", "tricks": [["AS", "10S"], ["KH", "9C"]], "marriages": ["QH"], "trump": "H",
      "last_trick": True}, "sixty-six"),
    ({"kind": "marriage", "trump": "H", "stock": 11, "hand": HAND, "marriage": "KS"}, "sixty-six"),
    ({"kind": "exchange", "trump": "H", "stock": 9, "hand": HAND}, "sixty-six"),
    ({"kind": "close", "trump": "H", "stock": 0, "hand": ["9H", "KS"]}, "sixty-six"),
    ({"kind": "discards", "trump": "C", "hand": ["AH", "KD", "2C", "5C", "JC"], "bidder": True,
      "kitty": ["3C", "4H", "9C", "QC"]}, "auction-forty-fives"),
    ({"kind": "discards", "ask": "count", "hand": ["JK", "JD"], "kitty": ["4D", "8S", "9C"]}, "five-hundred"),
    ({"kind": "rob", "turn_up": "AH", "players": 3}, "forty-fives"),
    ({"kind": "rob", "ask": "who", "seed": 14, "players": 3}, "forty-fives"),
    ({"kind": "rob", "ask": "cards", "turn_up": "9D", "seat": 1, "hand": ["AD", "KS", "10S", "5C", "4H"]},
     "forty-fives"),
    ({"kind": "draw", "trump": "C", "stock": 7, "plays": ["9C", "AH"], "hand": ["9S", "KD", "QD", "JC", "AS"]},
     "sixty-six"),
    ({"kind": "draw", "ask": "take", "trump": "C", "stock": 1, "plays": ["9C", "AH"],
      "hand": ["9S", "KD", "QD", "JC", "AS"]}, "sixty-six"),
    ({"kind": "draw", "ask": "follow", "trump": "C", "stock": 0, "plays": ["9C", "AH"], "hand": ["9S", "KD"]},
     "sixty-six"),
]


@pytest.fixture(autouse=True)
def english():
    before = get_language()
    set_page_language("en")
    yield
    set_page_language(before)


def cards_shown(html: str) -> int:
    return len(re.findall(r"<svg", html))


@pytest.mark.parametrize("spec, game", QUESTIONS, ids=[s["kind"] + "-" + s.get("ask", "") for s, _ in QUESTIONS])
def test_a_wrong_answer_quotes_the_rule_then_a_right_one_is_marked_right(spec, game):
    question = make_questions(spec, game)[0]
    wrong_view, right_view = QuizView([question]), QuizView([question])
    assert [b.description for b in wrong_view.choices.children] == [question.label(c) for c in question.choices]
    assert cards_shown(wrong_view.situation.value) >= 1            # the situation is shown on real cards
    wrong = [c for c in question.choices if c not in question.answer][:1] or question.answer[:-1]
    feedback = wrong_view.answer(wrong if question.multiple else wrong[0])
    assert not feedback.correct and "atout-wrong" in wrong_view.result.value
    shown = wrong_view.result.value
    rule = RULES[feedback.rule]                                     # the rule that decides this pick
    assert f"<code>{feedback.rule}</code>" in shown and f"({feedback.rule})" not in feedback.text
    assert escape(rule.statement.render()) in shown or rule.statement.render() in feedback.text
    assert all(b.disabled for b in wrong_view.choices.children)
    right = right_view.answer(question.answer if question.multiple else question.answer[0])
    assert right.correct and "atout-right" in right_view.result.value


def test_the_rulebook_statement_is_quoted_when_the_sentence_does_not_give_it():
    question = make_questions({"kind": "exchange", "trump": "H", "stock": 9, "hand": HAND}, "sixty-six")[0]
    view = QuizView([question])
    view.answer("no")                                                # it is allowed: a trick won, stock open
    assert "<code>66.exchange-nine</code>" in view.result.value
    assert escape(RULES["66.exchange-nine"].statement.render()) in view.result.value
    assert "The stock: 9 face-down cards, and the turned-up trump, A♥, under them." in view.situation.value
    # The referee's sentence names the seat; the situation says that seat is the learner's.
    assert view.feedback.text.startswith("You exchange") and "Your hand (you are Player 1):" in view.situation.value


def test_a_rob_question_shows_the_turned_card_the_dealer_and_the_hands():
    who = QuizView(make_questions({"kind": "rob", "ask": "who", "seed": 14, "players": 3}, "forty-fives"))
    situation = who.situation.value
    assert "You deal; the turned card:" in situation and "Trumps: diamonds" in situation
    assert "You, the dealer:" in situation and "Player 3:" in situation and cards_shown(situation) == 1 + 3 * 5
    assert [b.description for b in who.choices.children] == ["You, the dealer", "Player 2", "Player 3", "Nobody"]
    cards = QuizView(make_questions({"kind": "rob", "ask": "cards", "turn_up": "9D", "seat": 1,
                                     "hand": ["AD", "KS", "10S", "5C", "4H"]}, "forty-fives"))
    assert "Your hand (you are Player 2):" in cards.situation.value
    feedback = cards.answer(["AD", "KS"])
    assert not feedback.correct and "You keep the ace of trumps" in feedback.text
    assert WRONG_RING in cards.situation.value            # the wrong picks are ringed on the hand


def test_a_draw_question_shows_the_trick_and_the_stock_before_the_draw():
    view = QuizView(make_questions({"kind": "draw", "ask": "take", "trump": "C", "stock": 1, "plays": ["9C", "AH"],
                                    "hand": ["9S", "KD", "QD", "JC", "AS"]}, "sixty-six"))
    situation = view.situation.value
    assert "The stock: 1 face-down cards, and the turned-up trump, A♣, under them." in situation
    assert "The trick just played: Player 2 led, you answered." in situation and cards_shown(situation) == 1 + 2 + 5
    assert "The turned-up trump, A♣" in [b.description for b in view.choices.children]
    assert view.answer("turn-up").correct and "the turned-up trump, A♣, goes to you" in view.feedback.text
    exhausted = QuizView(make_questions({"kind": "draw", "trump": "C", "stock": 0, "plays": ["9C", "AH"],
                                         "hand": ["9S"]}, "sixty-six"))
    assert "The stock was exhausted before this trick." in exhausted.situation.value


def test_the_view_turns_french_with_the_page():
    question = make_questions({"kind": "marriage", "trump": "H", "stock": 11, "hand": HAND, "marriage": "KS"},
                              "sixty-six")[0]
    view = QuizView([question])
    view.answer("20")
    set_page_language("fr")
    labels = [b.description for b in view.choices.children]
    assert "Non, pas maintenant" in labels and "Oui, 20 points dès qu'une levée est gagnée" in labels
    assert "Votre main (vous êtes Le joueur 1) :" not in view.situation.value
    assert "Votre main (vous êtes le joueur 1) :" in view.situation.value
    assert escape(RULES["66.marriage.pending"].statement.render("fr")) in view.result.value


def test_the_feedback_given_before_the_language_switch_is_said_again_in_the_new_language():
    question = make_questions({"kind": "exchange", "trump": "H", "stock": 9, "hand": HAND}, "sixty-six")[0]
    view = QuizView([question])
    wrong = view.answer("no")
    english = view.result.value
    set_page_language("fr")
    assert view.feedback is not None and view.feedback.correct is wrong.correct is False
    assert view.feedback.text == question.check("no").text != wrong.text   # the referee's sentence, in French
    assert escape(view.feedback.text) in view.result.value and view.result.value != english
    assert "Pas tout à fait." in view.result.value
    set_page_language("en")
    assert view.result.value == english


@pytest.mark.parametrize("spec, game, shown, hidden", [
    ({"kind": "bids", "calls": ["pass", "7C"]}, "five-hundred", ["Pass", "7♠", "7♣", "7 NT"], ["7S", "7NT"]),
    ({"kind": "bids", "calls": ["15", "pass", "pass"], "players": 4}, "auction-forty-fives",
     ["Pass", "Hold", "30 for 60"], ["hold", "30-for-60"]),
])
def test_calls_read_as_the_bidding_box_writes_them(spec, game, shown, hidden):
    question = make_questions(spec, game)[0]
    view = QuizView([question])
    labels = [b.description for b in view.choices.children]
    assert set(shown) <= set(labels) and not set(hidden) & set(labels)
    assert [b.tooltip_code for b in view.choices.children] == question.choices    # marked on the calls themselves
    wrong = next(c for c in question.choices if c not in question.answer)
    assert not view.answer([wrong]).correct
