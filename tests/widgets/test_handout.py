"""The handout to print: the rules a table plays and the ranking tables, from core, in the page's language."""

from __future__ import annotations

import re
from html import unescape

import pytest

from atout.cards import Card
from atout.games import GAMES
from atout.i18n import Text, language
from atout.rulebook import RULES, Rule, rules_for
from atout.widgets.explainer import trump_choices
from atout.widgets.handout import OTHER, Handout, handout_html, section_of
from atout.widgets.language import set_page_language
from atout.widgets.ranking import ranking_frame


def _text(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", list(GAMES))
def test_the_handout_has_every_rule_of_the_table_and_every_card_of_each_ranking(game, lang):
    html = handout_html(game, lang=lang)
    printed = re.findall(r"data-rule='([^']+)'>([^<]*)<", html)
    # Every rule the table plays, each once, in core's words and in the page's language; no other rule.
    assert [rule_id for rule_id, _ in printed] == [r.id for r in sorted(rules_for(game), key=_part_order)]
    for rule_id, statement in printed:
        assert unescape(statement) == RULES[rule_id].statement.render(lang)     # French spaced as it is rendered
        assert not re.search(r" [:;!?]", unescape(statement))       # no printed line begins with a colon
    tables = re.findall(r"<table class='atout-handout-ranking' data-trump='([^']+)'>(.*?)</table>", html)
    for trump, table in tables:
        shown = re.findall(r"data-card='([^']+)'", table)
        frame = ranking_frame(game, trump)
        assert shown == [code for _, row in frame.iterrows() for code in row if code]   # row by row, each card
        for code in shown:
            assert Card.parse(code).render(lang) in _text(table)
    assert len(tables) == (1 if game == "sixty-six" else len(trump_choices(game)))


def _part_order(rule):
    from atout.widgets.handout import SECTIONS

    return [key for key, _ in SECTIONS].index(section_of(rule))


def test_the_handout_is_in_the_page_language_and_says_the_house_rules_given():
    french = _text(handout_html("five-hundred", lang="fr", house_rules=["La misère se joue."]))
    assert "Cinq cents" in french and "Ce que vaut chaque enchère" in french and "Atout ♠ pique" in french
    assert "Règles maison à cette table" in french and "La misère se joue." in french
    english = _text(handout_html("five-hundred", lang="en"))
    assert "House rules" not in english and "What each bid is worth" in english


def test_every_rule_has_its_part_of_the_handout():
    for rule in RULES.values():     # "More rules" is for a rule of a new word, until the handout places it
        assert section_of(rule) != OTHER, rule.id


def test_a_rule_whose_id_the_handout_cannot_place_is_printed_under_more_rules(monkeypatch):
    """Before, the handout raised KeyError for a rule id whose second word it did not know, and the Course page that
    shows it died with it (a new family's "25.jinx.…", say)."""
    import atout.widgets.handout as handout

    new_words = [Rule("45.jinx.five", Text("The five of trumps is the best card"), "forty-fives"),
                 Rule("45", Text("A rule with no second word"), "forty-fives")]
    assert [section_of(rule) for rule in new_words] == [OTHER, OTHER]
    real = handout.rules_for
    monkeypatch.setattr(handout, "rules_for", lambda game, options=None: [*real(game, options), *new_words])
    for lang, heading in (("en", "More rules"), ("fr", "Autres règles")):
        html = handout_html("forty-fives", lang=lang)
        part = re.search(r"<section class='atout-handout-part' data-part='other'><h2>([^<]*)</h2>(.*?)</section>", html)
        assert part[1] == heading and re.findall(r"data-rule='([^']+)'", part[2]) == ["45.jinx.five", "45"]
    assert "45.jinx.five" in Handout("forty-fives").content.value


def test_five_hundreds_bid_values_follow_the_strain_order_and_misere():
    def values(**options):
        html = handout_html("five-hundred", options, lang="en")
        table = re.search(r"<table class='atout-handout-bids'>(.*?)</table>", html)[1]
        strains = [unescape(s) for s in re.findall(r"<th scope='col'>([^<]*)</th>", table)]
        return strains, [int(v) for v in re.findall(r"<td>(\d+)</td>", table)], _text(html)

    strains, usual, text = values()
    assert strains == ["♠", "♣", "♦", "♥", "no trumps"] and usual[:5] == [40, 60, 80, 100, 120]
    assert usual[-1] == 520 and "misère" not in text
    strains, seed, _ = values(strain_order="seed")
    assert strains == ["♣", "♦", "♥", "♠", "no trumps"] and seed == usual     # the values follow the order
    _, with_misere, text = values(misere=True)
    assert with_misere == usual and "misère: 250" in text and "open misère: 500" in text
    assert "Misère (250) and open misère (500)" in text          # the rule of the bid, now played


def test_the_handout_widget_redraws_in_the_language_chosen():
    with language("en"):
        handout = Handout("sixty-six")
        assert "Sixty-Six" in handout.content.value and "Print the handout" in handout.print_button.value
        try:
            set_page_language("fr")
            assert "Soixante-six" in handout.content.value and "Imprimer la fiche" in handout.print_button.value
        finally:
            set_page_language("en")


def test_the_index_and_the_classroom_link_each_games_handout():
    from atout.widgets.classroom import Classroom
    from atout.widgets.index import games_index_html

    with language("fr"):
        index = games_index_html()
        for game in GAMES:
            assert f'href="handout.ipynb?game={game}">Fiche à imprimer</a>' in index
        classroom = Classroom(game="sixty-six")
        assert "href='handout.ipynb?game=sixty-six&amp;lang=fr'" in classroom.handout_link.value
        classroom.game_picker.value = "five-hundred"
        assert "game=five-hundred" in classroom.handout_link.value
