"""The quiz view on the special rules: the situation on real cards, answers on labelled buttons, and feedback that
says right or wrong with the rule id and the rulebook's statement, in the page's language."""

from __future__ import annotations

import re
from html import escape

import pytest

from atout.i18n import get_language
from atout.lessons import load_lessons, make_questions
from atout.referee import judge
from atout.rulebook import RULES
from atout.widgets.language import set_page_language
from atout.widgets.quiz import RIGHT_RING, WRONG_RING, QuizView

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


def rings(html: str) -> dict[str, str | None]:
    """Each card drawn, and the colour of its ring (None: not ringed)."""
    found = {}
    for svg in html.split("<svg")[1:]:
        ring = re.search(r'stroke="(#\w+)" stroke-width="5"', svg.split("</svg>")[0])
        found[re.search(r'data-card="(\w+)"', svg).group(1)] = ring.group(1) if ring else None
    return found


def quoted_rule(html: str) -> str:
    """The rule quoted under the feedback."""
    found = re.search(r"<p class='atout-quiz-rule'>(.*?)</p>", html)
    assert found, html
    return found.group(1)


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
    assert f"({feedback.rule})" not in feedback.text and "<code>" not in shown
    # The rule as the rulebook states it, its id only as the small mark after it (its hover the statement again).
    assert quoted_rule(shown).startswith(f'{escape(rule.statement.render())} <abbr class="atout-rule-id" '
                                         f'data-rule="{feedback.rule}"')
    assert all(b.disabled for b in wrong_view.choices.children)
    right = right_view.answer(question.answer if question.multiple else question.answer[0])
    assert right.correct and "atout-right" in right_view.result.value


def test_the_rulebook_statement_is_quoted_when_the_sentence_does_not_give_it():
    question = make_questions({"kind": "exchange", "trump": "H", "stock": 9, "hand": HAND}, "sixty-six")[0]
    view = QuizView([question])
    view.answer("no")                                                # it is allowed: a trick won, stock open
    assert quoted_rule(view.result.value).startswith(f'{escape(RULES["66.exchange-nine"].statement.render())} '
                                                     '<abbr class="atout-rule-id" data-rule="66.exchange-nine"')
    assert "The stock: 9 face-down cards, with the turned-up trump, A♥, at the bottom." in view.situation.value
    # The referee's sentence names the seat; the situation says that seat is the learner's.
    assert view.feedback.text.startswith("You exchange") and "You are Player 1." in view.situation.value
    assert "Your hand:" in view.situation.value


def test_a_rob_question_shows_the_turned_card_the_dealer_and_the_hands():
    who = QuizView(make_questions({"kind": "rob", "ask": "who", "seed": 14, "players": 3}, "forty-fives"))
    situation = who.situation.value
    assert "You deal." in situation and "The turned card:" in situation and "Trumps: diamonds" in situation
    assert "You, the dealer:" in situation and "Player 3:" in situation and cards_shown(situation) == 1 + 3 * 5
    assert [b.description for b in who.choices.children] == ["You, the dealer", "Player 2", "Player 3", "Nobody"]
    cards = QuizView(make_questions({"kind": "rob", "ask": "cards", "turn_up": "9D", "seat": 1,
                                     "hand": ["AD", "KS", "10S", "5C", "4H"]}, "forty-fives"))
    assert "You are Player 2." in cards.situation.value and "Your hand:" in cards.situation.value
    feedback = cards.answer(["AD", "KS"])
    assert not feedback.correct and "You keep the ace of trumps" in feedback.text
    assert WRONG_RING in cards.situation.value            # the wrong picks are ringed on the hand
    # Asked of another seat, the learner staying the dealer (viewer): that seat is named, never "you".
    other = QuizView(make_questions({"kind": "rob", "ask": "cards", "turn_up": "9D", "seat": 1, "viewer": 0,
                                     "hand": ["AD", "KS", "10S", "5C", "4H"]}, "forty-fives"))
    assert other.question.prompt_text() == "Which cards may Player 2 give up to rob 9♦?"
    assert "You are Player 1." in other.situation.value and "Hand: Player 2" in other.situation.value
    assert "Player 2 keeps the ace of trumps" in other.answer(["AD", "KS"]).text


def test_a_draw_question_shows_the_trick_and_the_stock_before_the_draw():
    view = QuizView(make_questions({"kind": "draw", "ask": "take", "trump": "C", "stock": 1, "plays": ["9C", "AH"],
                                    "hand": ["9S", "KD", "QD", "JC", "AS"]}, "sixty-six"))
    situation = view.situation.value
    assert "The stock: 1 face-down card, with the turned-up trump, A♣, at the bottom." in situation
    assert "The trick just played: Player 2 led, you answered." in situation and cards_shown(situation) == 1 + 2 + 5
    assert "The turned-up trump (A♣)" in [b.description for b in view.choices.children]
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
    assert "Non\u00a0: pas maintenant" in labels and "✗ Oui\u00a0: 20 points" in labels            # marked in words too
    assert "✓ Oui\u00a0: 20 points dès qu'une levée est gagnée" in labels
    assert "Vous êtes Le joueur 1." not in view.situation.value
    assert "Vous êtes le joueur 1." in view.situation.value and "Votre main\u00a0:" in view.situation.value
    # Before the first trick the situation says who dealt, from the position: the other player leads it.
    assert "Le joueur 2 distribue." in view.situation.value
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


@pytest.mark.parametrize("lang, full_stop", [("en", "."), ("fr", "."), ("ja", "。")])
def test_every_paragraph_of_the_feedback_ends_as_a_sentence_in_the_language(lang, full_stop):
    """The referee's sentence was shown as it came, without its full stop: 「…あなたはK♦を持っています」 ended a
    Japanese paragraph unfinished (the second read of the Japanese lessons), "… and you hold K♦" an English one."""
    lesson = next(x for x in load_lessons() if x.id == "66-strict-phase")
    question = lesson.step_questions(1)[0]
    wrong = next(c for c in question.choices if c not in question.answer)
    set_page_language(lang)
    try:
        for pick in (wrong, question.answer[0]):
            view = QuizView([question])
            view.answer([pick])
            paragraphs = [re.sub(r"<[^>]+>", "", p) for p in re.findall(r"<p>(.*?)</p>", view.result.value)]
            assert paragraphs and all(p.endswith(full_stop) for p in paragraphs), (lang, pick, paragraphs)
    finally:
        set_page_language("en")


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


def test_a_scoring_question_shows_the_tricks_it_asks_about_with_who_played_and_who_won():
    lesson = next(lesson for lesson in load_lessons() if lesson.id == "45-partners")
    question = next(q for q in lesson.questions() if q.kind == "score")
    view = QuizView([question])
    shown = view.situation.value
    tricks = question.query["tricks"]
    assert cards_shown(shown) == sum(len(t["plays"]) for t in tricks) == 20      # every card of every trick
    # asked as an onlooker, as its prompt names the sides ("Players 1 and 3 – Players 2 and 4"): nobody is "you"
    assert "The hand&#x27;s tricks:" in shown and question.viewer is None
    winners = judge(question.query)["winners"]
    for number, winner in enumerate(winners, start=1):      # core's winner of each trick, named
        assert f"Trick {number}: won by Player {winner + 1}</p>" in shown
    first = tricks[0]        # led by Player 2: its cards are captioned Player 2, Player 3, Player 4, Player 1
    captions = re.findall(r"<figcaption>([^<]*)</figcaption>", shown)[:4]
    assert captions == ["Player 2", "Player 3", "Player 4", "Player 1"] and first["leader"] == 1
    # Scores side by side are never cut to look alike: their buttons are as wide as their words.
    assert all(b.layout.width == "auto" for b in view.choices.children)


def test_a_wrong_answer_shows_the_right_one_with_the_working_and_marks_every_choice():
    lesson = next(lesson for lesson in load_lessons() if lesson.id == "45-partners")
    question = next(q for q in lesson.questions() if q.kind == "score")
    [right] = question.answer
    wrong = next(c for c in question.choices if c != right)
    view = QuizView([question])
    feedback = view.answer(wrong)
    shown = view.result.value
    assert escape(f"The answer: “{question.label(right)}”.") in shown
    assert escape(judge(question.query, question.viewer)["explanation"]) in shown
    assert shown.index("The answer") < shown.index("Each trick is worth 5")      # the answer, then its working
    labels = {b.tooltip_code: b.description for b in view.choices.children}
    assert labels[right] == f"✓ {question.label(right)}" and labels[wrong] == f"✗ {question.label(wrong)}"
    assert feedback.right == [right] and feedback.wrong == [wrong]
    marked = {b.tooltip_code for b in view.choices.children if "atout-choice-right" in b._dom_classes}
    assert marked == {right}


def test_choose_all_that_apply_is_said_and_its_rings_are_explained():
    question = make_questions({"kind": "legal", "trump": "D", "plays": ["7H"], "hand": ["KH", "2C", "9D"]},
                              "forty-fives")[0]
    view = QuizView([question])
    assert "Choose all that apply, then press Check." in view.prompt.value
    assert view.check_button.layout.display == ""
    for button in view.choices.children:
        button.value = button.tooltip_code == "2C"          # one card that may not be played, the others left out
    view.check_button.click()
    shown = view.result.value
    assert "The answers: K♥ and 9♦." in shown
    assert "Green ring: the right answer. Red ring: a card you chose that is not right." in shown
    assert rings(view.situation.value) == {"KH": RIGHT_RING, "2C": WRONG_RING, "9D": RIGHT_RING, "7H": None}
    assert "Choose all that apply" not in make_questions({"kind": "winner", "trump": "D", "plays": ["7H", "KH"]},
                                                         "forty-fives")[0].prompt_text()


def test_a_quiz_can_be_tried_again_after_its_score():
    questions = [make_questions({"kind": "winner", "trump": "D", "plays": ["7H", "KH"]}, "forty-fives")[0],
                 make_questions({"kind": "winner", "trump": "C", "plays": ["AH", "KH"]}, "forty-fives")[0]]
    finished = []
    view = QuizView(questions, on_finish=lambda right, total: finished.append((right, total)))
    assert view.retry_button.layout.display == "none"
    for question in questions:
        view.answer(next(c for c in question.choices if c not in question.answer))
        view.next()
    assert finished == [(0, 2)] and "Your score: 0 out of 2" in view.prompt.value
    assert view.retry_button.layout.display == "" and view.retry_button.description == "Try again"
    view.retry_button.click()
    assert view.index == 0 and view.answered == [None, None] and view.feedback is None
    assert "question 1 of 2" in view.header.value and view.retry_button.layout.display == "none"
    for question in questions:
        view.answer(question.answer[0])
        view.next()
    assert finished == [(0, 2), (2, 2)]
