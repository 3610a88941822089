"""A strategy question (``best``) on the quiz: the position as the claim was checked (every hand face up when the
solver saw them all, only the learner's own when the hidden cards were sampled), the choices, and feedback that gives
the lesson's reason and every choice's value."""

from __future__ import annotations

import re

from atout.lessons import parse_lesson
from atout.widgets.quiz import QuizView
from tests.lessons.test_strategy_claims import OPEN, _sampled_rob, lesson


def _cards(html: str) -> list[str]:
    return re.findall(r'data-card="(\w+)"', html)


def test_a_claim_checked_with_every_hand_known_shows_every_hand(tmp_path):
    [question] = parse_lesson(lesson(["5H", "7C"], OPEN), tmp_path / "forty-fives" / "01.toml").step_questions(0)
    view = QuizView([question])
    shown = _cards(view.situation.value)
    assert sorted(shown) == sorted("5H AH 7C JH 2C 3S KH 9D 8D 4H QS 10D".split())
    text = re.sub(r"<[^>]+>", " ", view.situation.value)
    assert "You are Player 1." in text and "Trumps: hearts" in text and "You are leading." in text
    assert "Tricks won so far: 1 for you, 0 for Player 2, 1 for Player 3, and 0 for Player 4." in text
    assert [b.tooltip_code for b in view.choices.children] == ["5H", "AH", "7C"]
    feedback = view.answer(["AH"])
    assert not feedback.correct and "The 5 draws the jack." in view.result.value
    assert "5♥: 15 points; 7♣: 15 points; A♥: 5 points" in view.result.value


def test_a_sampled_claim_shows_only_the_learners_cards_and_the_turned_card(tmp_path):
    spec = lesson(["rob 9S", "rob 4D"], _sampled_rob(), "sampled")
    [question] = parse_lesson(spec, tmp_path / "forty-fives" / "01.toml").step_questions(0)
    view = QuizView([question])
    html = view.situation.value
    assert _cards(html) == ["5H", "AH", "4D", "9S", "4H", "KD"]       # the turned card, then your hand
    assert html.count("face-down card") >= 15                           # three hands of five, face down
    labels = [b.description for b in view.choices.children]
    assert labels == ["Rob: give up 4♦ for the turned card", "Rob: give up 9♠ for the turned card",
                      "Rob: give up 4♥ for the turned card", "Rob: give up K♦ for the turned card",
                      "Keep my hand (do not rob)"]       # as the table's buttons read


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_seat_is_told_who_deals_and_who_its_partner_is_and_a_rob_is_not_a_lead(tmp_path):
    spec = lesson(["rob 9S", "rob 4D"], _sampled_rob(), "sampled")
    [question] = parse_lesson(spec, tmp_path / "forty-fives" / "01.toml").step_questions(0)
    text = _text(QuizView([question]).situation.value)
    assert "Player 1 deals." in text and "Player 4, your partner:" in text and "Player 3:" in text
    assert "leading" not in text and "Tricks won so far" not in text      # nothing played yet


def test_a_sampled_claim_mid_hand_shows_the_calls_and_the_tricks_the_seat_has_seen():
    from atout.lessons import load_lessons

    [lesson_] = [each for each in load_lessons() if each.id == "500-playing-well"]
    step = next(i for i, s in enumerate(lesson_.steps) if s.get("try", {}).get("check") == "sampled")
    [question] = lesson_.step_questions(step)
    text = _text(QuizView([question]).situation.value)
    assert "The calls: Player 2: Pass Player 3: 6♠" in text and "Player 4: Pass" in text
    assert "Contract: 9♠, bid by Player 3." in text and \
        "Tricks won so far: 6 for your side and 0 for Players 2 and 4." in text
    assert [f"Trick {n}:" in text for n in range(1, 7)] == [True] * 6 and "Trick 6: won by you" in text
    assert text.count("face-down card") == 12        # three hands of four, face down


def _step_question(lesson_id: str, claim: list[str]):
    from atout.lessons import load_lessons

    [lesson_] = [each for each in load_lessons() if each.id == lesson_id]
    step = next(i for i, s in enumerate(lesson_.steps) if s.get("try", {}).get("claim") == claim)
    [question] = lesson_.step_questions(step)
    return question


def test_closing_the_stock_shows_how_many_cards_lie_face_down():
    """The claim that closing is best turns on the stock: the learner is told how many cards lie face down in it."""
    view = QuizView([_step_question("66-playing-well", ["close"])])
    text = _text(view.situation.value)
    assert "The stock: 3 face-down cards, with the turned-up trump, J♣, at the bottom." in text
    assert "The turned card:" not in text
    assert [b.description for b in view.choices.children][:2] == ["Close the stock", "Declare 66"]


def test_going_alone_and_the_discard_sets_are_buttons_as_the_table_words_them():
    alone = QuizView([_step_question("euchre-playing-well", ["alone"])])
    assert [b.description for b in alone.choices.children] == ["Go alone", "Play with my partner"]
    assert "The turned card:" in _text(alone.situation.value)       # not yet in the dealer's hand
    discards = QuizView([_step_question("500-playing-well", ["discard AS KD JC"])])
    assert [b.description for b in discards.choices.children] == [
        "Discard A♠, K♦, and J♣", "Discard A♠, K♦, and 8♣", "Discard 4♥, 4♦, and 5♣"]
    discards.answer(["discard AS KD 8C"])
    assert "Only the discards shown were compared, not every way to discard." in discards.result.value
