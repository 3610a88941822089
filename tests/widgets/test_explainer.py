"""The trick explainer: the learner swaps cards and trumps; the verdict is always core's (the rules API's, which
the referee writes out too)."""

from __future__ import annotations

import random
from html import escape

import pytest

from atout import rules_api
from atout.cards import FULL_DECK, Card, Suit
from atout.five_hundred.config import DECK as FIVE_HUNDRED_DECK
from atout.forty_fives import ranking as ranking_45
from atout.referee import judge
from atout.rulebook import RULES
from atout.sixty_six.config import DECK as SIXTY_SIX_DECK
from atout.widgets.explainer import TrickExplainer, trump_choices
from atout.widgets.language import set_page_language
from tests.widgets import fake_french


def verdict(game, plays, trump):
    return judge({"kind": "trick", "game": game, "trump": trump, "plays": list(plays)})


def test_the_verdict_is_the_referees():
    explainer = TrickExplainer("forty-fives", ["KH", "AH", "2C", "QH"], "C")
    answer = verdict("forty-fives", ["KH", "AH", "2C", "QH"], "C")
    assert explainer.winner_index == answer["winner"] == 1
    assert explainer.verdict == rules_api.trick_verdict("forty-fives", [Card.parse(c) for c in explainer.plays],
                                                        Suit.CLUBS)
    assert escape(answer["explanation"]) in explainer.verdict_html.value
    assert "A♥ wins the trick" in explainer.verdict_html.value


def test_cards_are_ordered_by_strength_and_each_comparison_is_the_familys():
    explainer = TrickExplainer("forty-fives", ["KH", "AH", "2C", "QH"], "C")
    assert explainer.order == ["AH", "2C", "KH", "QH"]
    clubs, hearts = Suit.CLUBS, Suit.HEARTS
    expected = [ranking_45.explain_beats(Card.parse(a), Card.parse(b), clubs, hearts)
                for a, b in (("AH", "2C"), ("2C", "KH"), ("KH", "QH"))]
    assert [c.rule for c in explainer.ladder] == [e.rule for e in expected]
    assert [c.render("en") for c in explainer.ladder] == [e.render("en") for e in expected]
    for why in expected:
        assert escape(why.sentence()) in explainer.ladder_html.value
        # each rung's rule as the small mark after its sentence, as every page shows a rule
        assert f'{escape(why.sentence())} <abbr class="atout-rule-id" data-rule="{why.rule}"' in \
            explainer.ladder_html.value
    assert "<code>" not in explainer.ladder_html.value
    assert "A♥ &gt; 2♣ &gt; K♥ &gt; Q♥" in explainer.ladder_html.value


def test_swapping_a_card_in_its_box_changes_the_verdict_as_the_referee_says():
    explainer = TrickExplainer("forty-fives", ["KH", "AH", "2C", "QH"], "C")
    explainer.boxes[2].value = "5C"        # the 5 of trumps
    assert explainer.plays == ["KH", "AH", "5C", "QH"]
    assert explainer.winner_index == verdict("forty-fives", explainer.plays, "C")["winner"] == 2
    assert explainer.order[0] == "5C" and explainer.ladder[0].rule == "45.rank.five-of-trumps"
    explainer.boxes[2].value = "t♦"        # any accepted spelling: 10D, a plain diamond, cannot win
    assert explainer.plays[2] == "10D" and explainer.winner_code == "AH"


def test_changing_trumps_changes_the_verdict():
    explainer = TrickExplainer("forty-fives", ["KH", "QH", "2C", "3S"], "C")
    assert explainer.winner_code == "2C"
    explainer.trump_picker.value = "S"
    assert explainer.trump == "S" and explainer.winner_code == "3S"
    assert explainer.winner_index == verdict("forty-fives", explainer.plays, "S")["winner"]
    explainer.trump_picker.value = "D"      # no trump played: the highest heart, as hearts were led
    assert explainer.winner_code == "KH" and explainer.ladder[-1].rule == "45.trick.winner"


@pytest.mark.parametrize("game, text, error", [
    ("forty-fives", "1H", "'1H' is not a card"),
    ("forty-fives", "qh", "Q♥ appears twice; each card exists once in the deck"),
    ("five-hundred", "2S", "2♠ is not in the 43-card deck"),
])
def test_bad_card_text_shows_cores_error_and_changes_nothing(game, text, error):
    plays = ["QH", "AS", "KD", "9C"]
    explainer = TrickExplainer(game, plays, "H")

    def shown():
        return list(explainer.plays), explainer.verdict, list(explainer.order), explainer.verdict_html.value

    before = shown()
    explainer.boxes[3].value = text
    assert explainer.error.startswith(error)
    assert escape(explainer.error) in explainer.error_html.value
    assert shown() == before and explainer.plays == plays
    explainer.boxes[0].value = "JH"        # a good card clears the error
    assert explainer.error is None and explainer.error_html.value == ""
    assert explainer.plays == ["JH", "AS", "KD", "9C"] and explainer.boxes[3].value == "9C"


def test_the_trumps_offered_are_those_the_referee_accepts():
    assert trump_choices("forty-fives") == ["C", "D", "H", "S"]
    assert trump_choices("five-hundred") == ["C", "D", "H", "S", "NT"]
    explainer = TrickExplainer("five-hundred", ["AS", "KS", "JK", "QS"], "NT")
    assert [value for _, value in explainer.trump_picker.options] == ["C", "D", "H", "S", "NT"]
    assert explainer.winner_code == "JK" and explainer.ladder[0].rule == "500.rank.no-trump"


def test_five_hundred_bowers_and_sixty_six_tens():
    explainer = TrickExplainer("five-hundred", ["AD", "JH", "KD", "JD"], "D")
    assert explainer.order == ["JD", "JH", "AD", "KD"]
    assert [c.rule for c in explainer.ladder] == ["500.rank.trump", "500.rank.left-bower", "500.rank.trump"]
    explainer.trump_picker.value = "H"
    assert explainer.winner_code == "JH"
    sixty = TrickExplainer("sixty-six", ["KS", "10S"], "H")
    assert sixty.winner_code == "10S" and sixty.ladder[0].rule == "66.rank"


@pytest.mark.parametrize("game, deck, size", [("forty-fives", FULL_DECK, 4), ("five-hundred", FIVE_HUNDRED_DECK, 4),
                                              ("sixty-six", SIXTY_SIX_DECK, 2)])
def test_random_tricks_the_referees_winner_heads_the_order(game, deck, size):
    rng = random.Random(11)
    for _ in range(40):
        plays = [c.code for c in rng.sample(list(deck), size)]
        if game == "five-hundred" and plays[0] == "JK":
            continue                           # a led joker names its suit: not a question for this view
        trump = rng.choice(trump_choices(game))
        answer = verdict(game, plays, trump)
        explainer = TrickExplainer(game, plays, trump)
        order, ladder = explainer.order, explainer.ladder
        assert explainer.winner_index == answer["winner"] and order[0] == plays[answer["winner"]]
        assert sorted(order) == sorted(plays) and len(ladder) == size - 1
        assert all(c.rule in RULES for c in ladder)
        assert [(c.higher.code, c.lower.code) for c in ladder] == list(zip(order, order[1:], strict=False))


def test_the_page_language_switch_redraws_the_explainer(monkeypatch):
    fake_french(monkeypatch)
    explainer = TrickExplainer("forty-fives", ["KH", "AH"], "C")
    explainer.boxes[1].value = "1H"
    english_error = explainer.error
    try:
        set_page_language("fr")
        assert "A♥ &gt; R♥" in explainer.ladder_html.value    # French card letters (roi)
        assert explainer.error == verdict("forty-fives", ["KH", "1H"], "C")["error"]   # core's message, in French
    finally:
        set_page_language("en")
    assert "A♥ &gt; K♥" in explainer.ladder_html.value and explainer.error == english_error


def test_a_trump_the_game_lacks_is_refused_with_cores_message_and_changes_nothing():
    explainer = TrickExplainer("forty-fives", ["KH", "AH"], "C")
    before = explainer.verdict
    explainer.set_trump("NT")                 # no trumps is Five Hundred's alone
    assert explainer.error.startswith("'NT' is not a suit") and explainer.verdict is before and explainer.trump == "C"
    explainer.set_trump("♠")
    assert explainer.error is None and explainer.trump == "S" and explainer.verdict.trump is Suit.SPADES


def test_a_joker_led_in_no_trumps_is_refused_at_once_with_the_rule():
    with pytest.raises(ValueError, match="without naming a suit"):
        TrickExplainer("five-hundred", ["JK", "AS", "KS", "QS"], "NT")
    explainer = TrickExplainer("five-hundred", ["JK", "AS", "KS", "QS"], "S")
    explainer.set_trump("NT")
    assert "without naming a suit" in explainer.error and explainer.trump == "S"
