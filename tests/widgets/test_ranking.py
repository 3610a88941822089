"""The ranking table: the referee's rank answers as a DataFrame, the traps marked, styled HTML, the widget."""

from __future__ import annotations

import re
from html import unescape

import pytest

from atout.cards import Card, Suit
from atout.forty_fives import ranking as ranking_45
from atout.games import available_games
from atout.referee import judge
from atout.sixty_six import ranking as ranking_66
from atout.widgets.explainer import trump_choices
from atout.widgets.language import set_page_language
from atout.widgets.ranking import (
    RankingTable,
    ranking_frame,
    ranking_html,
    ranking_marks,
    ranking_points,
    ranking_reasons,
)
from tests.widgets import fake_french

FORTY_FIVES = ("forty-fives", "forty-fives-partners", "auction-forty-fives")
CASES = [(game, trump) for game in available_games() for trump in trump_choices(game)]


def column(frame, key):
    return [code for code in frame[key] if code]


@pytest.mark.parametrize("game, trump", CASES)
def test_the_frame_is_the_referees_rank_answer(game, trump):
    answer = judge({"kind": "rank", "game": game, "trump": trump})
    frame = ranking_frame(game, trump)
    assert list(frame.columns) == ["trump", *answer["plain"]]
    assert column(frame, "trump") == answer["trump"]
    for suit, cards in answer["plain"].items():
        assert column(frame, suit) == cards
    assert list(frame.index) == list(range(1, len(frame) + 1))


@pytest.mark.parametrize("game", FORTY_FIVES)
@pytest.mark.parametrize("trump", ["C", "D", "H", "S"])
def test_the_ace_of_hearts_is_flagged_a_trump_in_every_forty_fives_trump(game, trump):
    frame, marks = ranking_frame(game, trump), ranking_marks(game, trump)
    trumps = column(frame, "trump")
    assert "AH" in trumps and trumps.index("AH") == 2             # third, after the 5 and the jack
    row = frame.index[frame["trump"] == "AH"][0]
    assert marks.loc[row, "trump"] == "always-trump"
    assert all("AH" not in column(frame, suit) for suit in frame.columns[1:])
    assert "45.rank.ace-of-hearts" in ranking_reasons(game, trump).loc[row, "trump"]
    flagged = [(r, c) for c in marks.columns for r in marks.index if marks.loc[r, c] == "always-trump"]
    assert flagged == [(row, "trump")]


def test_the_black_suits_run_backwards_and_the_red_do_not():
    frame, marks = ranking_frame("forty-fives", "D"), ranking_marks("forty-fives", "D")
    for suit in ("C", "S"):
        reversed_cards = [frame.loc[r, suit] for r in frame.index if marks.loc[r, suit] == "reversed"]
        assert reversed_cards == [f"{n}{suit}" for n in (2, 3, 4, 5, 6, 7, 8, 9, 10)]
    assert not (marks["H"] == "reversed").any() and not (marks["trump"] == "reversed").any()
    clubs = ranking_marks("forty-fives", "C")
    assert [frame_code for frame_code, mark in zip(ranking_frame("forty-fives", "C")["trump"], clubs["trump"],
                                                   strict=True) if mark == "reversed"] == [
        "2C", "3C", "4C", "6C", "7C", "8C", "9C", "10C"]


def test_five_hundred_bowers_and_joker():
    frame, marks = ranking_frame("five-hundred", "H"), ranking_marks("five-hundred", "H")
    assert column(frame, "trump")[:3] == ["JK", "JH", "JD"]
    assert marks["trump"].tolist()[:3] == ["joker", "bower", "bower"]
    assert "JD" not in column(frame, "D")                           # the left bower left its suit
    assert "left bower" in ranking_reasons("five-hundred", "H").loc[3, "trump"]
    no_trumps = ranking_frame("five-hundred", "NT")
    assert column(no_trumps, "trump") == ["JK"] and ranking_marks("five-hundred", "NT").loc[1, "trump"] == "joker"


def test_sixty_six_card_points_come_from_core():
    points = ranking_points("sixty-six", "S")
    frame = ranking_frame("sixty-six", "S")
    for key in frame.columns:
        for row in frame.index:
            assert points.loc[row, key] == ranking_66.card_points([Card.parse(frame.loc[row, key])])
    assert column(frame, "trump") == ["AS", "10S", "KS", "QS", "JS", "9S"]
    assert ranking_points("forty-fives", "S") is None and ranking_points("five-hundred", "S") is None
    html = ranking_html("sixty-six", "S")
    assert "10♠ · 10" in html and "the number after a card is its points" in html


def test_the_styled_table_shades_trumps_signs_marks_and_cites_rules():
    html = ranking_html("forty-fives", "D")
    cells = re.findall(r'<td [^>]*class="([^"]*)"[^>]*title="([^"]*)"[^>]*>([^<]*)</td>', html)
    by_text = {unescape(text): (classes, unescape(title)) for classes, title, text in cells}
    classes, title = by_text["A♥ ★"]
    assert "atout-trump" in classes and "atout-mark-always-trump" in classes
    why = ranking_45.explain_beats(Card.parse("AH"), Card.parse("AD"), Suit.DIAMONDS, Suit.DIAMONDS)
    assert title == why.cited()
    assert "atout-mark-reversed" in by_text["10♠ ↺"][0] and "atout-trump" not in by_text["10♠ ↺"][0]
    assert "<caption>Forty-Fives: how the cards rank when diamonds are trumps, highest first</caption>" in html
    assert "Trumps (♦ diamonds)" in html and "★ the A♥ is always a trump" in html


def test_the_widget_follows_the_pickers():
    table = RankingTable("forty-fives", "D")
    assert 'data-game="forty-fives" data-trump="D"' in table.table_html.value
    table.trump_picker.value = "S"
    assert table.frame.equals(ranking_frame("forty-fives", "S"))
    assert 'data-trump="S"' in table.table_html.value
    table.game_picker.value = "five-hundred"
    assert [v for _, v in table.trump_picker.options] == ["C", "D", "H", "S", "NT"]
    assert table.trump == "S" and "Joker" in table.table_html.value
    table.trump_picker.value = "NT"
    assert 'data-trump="NT"' in table.table_html.value and "No trumps: the joker" in table.table_html.value


def test_the_page_language_switch_redraws_the_table(monkeypatch):
    fake_french(monkeypatch)
    table = RankingTable("forty-fives", "H")
    assert table.trump_picker.description == "Trumps" and "K♠" in table.table_html.value
    try:
        set_page_language("fr")
        assert table.trump_picker.description == "Atouts" and "R♠" in table.table_html.value
    finally:
        set_page_language("en")
    assert "K♠" in table.table_html.value
