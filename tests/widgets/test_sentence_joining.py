"""Where a page puts several translated sentences or names together (a score chart's description, a review, the best
line, a live class's roster, a quiz's feedback), the joining is the reader's language's (``Grammar.sentences``,
``series``, ``aside``): no English ". " or ", " after Japanese text, and French sets its colons and marks with its
spaces. Every language is taken from the registry (``LANGUAGES``)."""

from __future__ import annotations

import re
from html import unescape
from types import SimpleNamespace

import pytest

from atout.cards import Card
from atout.engine import Action
from atout.i18n import LANGUAGES, Text, grammar, language
from atout.lessons import make_questions
from atout.review import ExactReview, HandReview, Unchecked

JAPANESE = "[\u3001-\u303f\u3040-\u30ff\u4e00-\u9fff\uff01-\uff60]"
# In Japanese text: an English full stop or comma before a space ("30, プレイヤー2", 「…です. 全員」) or ending
# Japanese text, or a space after a Japanese sentence's end (Japanese sets none between sentences).
GLUED_IN_JAPANESE = re.compile(f"[.,](?=\\s)|{JAPANESE}[.,]$|[。！？）] (?={JAPANESE})")
# French sets a (narrow) non-breaking space before : ; ! ? where a sentence puts one; a time ("10:30") or an
# address ("?lang=fr") is followed by no space and keeps none.
FRENCH_MARK_UNSPACED = re.compile(r"[^\s\u00a0\u202f][:;!?](?=\s|$)|[ ][:;!?]")


def text_of(html: str) -> str:
    """What a reader (or a screen reader) reads of ``html``: its text and its SVG descriptions, tags taken out."""
    return unescape(re.sub(r"<[^>]+>", "", html))


def written_in_japanese(lang: str) -> bool:
    return bool(re.search(JAPANESE, Text("Player {n}", n=1).render(lang)))


def spaces_its_marks(lang: str) -> bool:
    """Whether the language sets a space before : ; ! ? (French)."""
    return grammar(lang).typography("a : b") != "a : b"


def assert_set_as(lang: str, html: str) -> None:
    text = text_of(html)
    assert text.strip(), "nothing was rendered"
    if written_in_japanese(lang):
        glued = GLUED_IN_JAPANESE.search(text)
        assert glued is None, f"English punctuation in {lang}: …{text[max(glued.start() - 30, 0):glued.end() + 30]}…"
    if spaces_its_marks(lang):
        bad = FRENCH_MARK_UNSPACED.search(text)
        assert bad is None, f"mark set without its space in {lang}: …{text[max(bad.start() - 30, 0):bad.end() + 30]}…"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_score_charts_description_joins_its_scores_and_sentences_in_the_readers_language(lang):
    from atout.forty_fives.game import FortyFivesGame
    from atout.widgets.scoresheet import score_sheet_html
    from tests.widgets.test_scoresheet import play

    game = play(FortyFivesGame("forty-fives", seed=4, players=3), hands=3)
    with language(lang):
        html = score_sheet_html(game)
    desc = re.search(r"<desc[^>]*>(.*?)</desc>", html).group(1)
    assert_set_as(lang, desc)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_review_lists_and_remarks_in_the_readers_language(lang):
    from atout.widgets.play import _review_text

    discard = [Action("discard", Card.parse(code)) for code in ("7D", "QD", "4H")]
    mistake = ExactReview(9, 3, Action("play", Card.parse("7C")), Action("play", Card.parse("QS")), 10, "points",
                          whose="own")
    other = ExactReview(12, 5, Action("play", Card.parse("2C")), Action("play", Card.parse("AS")), 5, "points")
    fine = [ExactReview(i, t, Action("play", Card.parse("AH")), Action("play", Card.parse("AH")), 0, "points")
            for i, t in ((1, 1), (4, 2))]
    review = HandReview(0, exact=[mistake, other, *fine],
                        unchecked=[Unchecked(0, 0, d, "made before the cards were played") for d in discard])
    with language(lang):
        html = _review_text(review, {9: mistake.made})
    assert_set_as(lang, html)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_roster_lists_names_with_the_languages_separator(lang):
    from atout.widgets.live import roster_html

    people = [SimpleNamespace(name=name) for name in ("さくら", "けんじ", "ゆい", "Ada", "Bob")]
    with language(lang):
        html = roster_html([(people[0], True), (people[1], True), (people[2], False), (people[3], True),
                            (people[4], False)])
    assert_set_as(lang, html)
    assert "さくら" in html and "ゆい" in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_quizs_feedback_sets_its_sentences_in_the_readers_language(lang):
    from atout.widgets.quiz import QuizView

    for spec, game in ({"kind": "rob", "turn_up": "AH", "players": 3}, "forty-fives"), (
            {"kind": "marriage", "trump": "H", "stock": 11, "hand": ["9H", "KS", "QS", "AC", "10D", "JD"],
             "marriage": "KS"}, "sixty-six"):
        with language(lang):
            question = make_questions(spec, game)[0]
            view = QuizView([question])
            wrong = [c for c in question.choices if c not in question.answer][:1] or question.answer[:-1]
            view.answer(wrong if question.multiple else wrong[0])
            # the feedback without the rule quoted under it (its rule mark is a badge after the statement)
            shown = view.result.value.split("<p class='atout-quiz-rule'>")[0]
        assert_set_as(lang, shown)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_bidding_boxs_closed_calls_are_listed_with_the_languages_colon(lang):
    from atout.widgets.bidding import BiddingBox
    from tests.widgets.test_bidding import new_auction

    with language(lang):
        box = BiddingBox(new_auction())
        for call in ("20", "pass", "pass"):
            box.buttons[call].click()
        reasons = box.reasons_html.value
    assert "<strong>" in reasons
    assert_set_as(lang, reasons)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_distribution_describes_its_results_in_the_readers_language(lang):
    from atout.position import hand_from_text
    from atout.widgets.evaluation import EvaluationView, distribution_svg
    from tests.core.test_evaluate import TOP_TRUMPS

    view = EvaluationView(hand_from_text(TOP_TRUMPS), samples=6, target=25)
    view.run(wait=True)
    with language(lang):
        svg = distribution_svg(view.result)
    desc = re.search(r"<desc>(.*?)</desc>", svg).group(1)
    assert_set_as(lang, desc)
    if written_in_japanese(lang):
        assert "：" in desc                     # 「25：6」
    if spaces_its_marks(lang):
        assert "\u00a0:" in unescape(desc)      # « 25 : 6 », a French colon


def test_a_lead_questions_feedback_in_a_live_class_joins_its_two_sentences_in_each_language():
    from atout import dealcode
    from atout.live.questions import from_spec, table_spec
    from atout.players import make_player

    code = dealcode.encode(dealcode.DealSpec("forty-fives", 3, 0, 1))
    hand, actions = dealcode.deal(code), []
    player = make_player("forty-fives", "club", seed=1)
    # late in the hand, at a lead (so that the solver settles it at once) where the cards are worth different amounts
    found = None
    while not hand.is_over:
        if (len(hand.hands[hand.to_act]) <= 3 and hand.phase.value == "play" and not hand.table_view(None).trick
                and all(a.kind == "play" for a in hand.legal_actions())):
            spec = table_spec("lead", code, actions)
            if len(set(spec["values"].values())) > 1:
                found = spec
                break
        action = player.act(hand, hand.to_act)
        hand.apply(action)
        actions.append(str(action))
    assert found is not None, "no lead late in this hand where the cards differ"
    question = from_spec(found)
    worse = next(code for code, value in found["values"].items() if code not in question.answer)
    for lang in LANGUAGES:
        said = question.feedback([worse], lang)
        assert_set_as(lang, said)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refusal_lists_what_is_allowed_with_the_languages_separator(lang):
    """The ids a refusal allows (the games, the short form's codes) were joined with ", " when the refusal was made,
    whatever language it is read in."""
    from atout.errors import AtoutError
    from atout.position import parse_position

    for text in ("game: bridge\nseat 0: AS", "ZZ.0.S1"):
        with pytest.raises(AtoutError) as refused:
            parse_position(text)
        said = refused.value.message.render(lang)
        assert_set_as(lang, said)
        assert said.count(grammar(lang).list_separator) >= 2
