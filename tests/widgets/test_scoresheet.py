"""The score sheet: its totals are the game's scores, hand by hand; the chart is accessible and drawn to scale."""

from __future__ import annotations

import random
import re
from html import escape, unescape

import pytest

from atout.forty_fives import FortyFivesGame
from atout.games import GAMES, package_of
from atout.sixty_six import SixtySixGame
from atout.widgets.language import set_page_language
from atout.widgets.scoresheet import ScoreSheet, running_totals, running_totals_svg, score_frame, score_sheet_html
from atout.widgets.seats import unit_label
from atout.widgets.table import CardTable
from tests.registry import one_game_per_family
from tests.widgets import fake_french


def play(game, hands: int | None = None, seed: int = 1):
    """Play seeded random legal actions until the game ends (or ``hands`` hands are scored)."""
    rng = random.Random(seed)
    while not game.is_over and (hands is None or len(game.results) < hands):
        game.apply(rng.choice(game.hand.legal_actions()))
    return game


@pytest.fixture(scope="module")
def finished():
    return play(FortyFivesGame("forty-fives", seed=4, players=3))


def totals(frame, sides):
    return [[int(frame[(s, "total")].iloc[i]) for s in range(sides)] for i in range(len(frame))]


def boxes(html: str) -> list[list[list[str]]]:
    """The sheet's boxes, hand by hand and column by column, each as the lines it shows (its spans' texts)."""
    table = re.search(r'<table[^>]*class="atout-score-sheet".*?</table>', html, re.S).group(0)
    body = re.search(r"<tbody>(.*?)</tbody>", table, re.S).group(1)
    return [[[unescape(text) for text in re.findall(r"<span[^>]*>([^<]*)</span>", cell)]
             for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S) if "atout-score-total" in cell]
            for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)]


def test_running_totals_equal_the_games_scores_after_every_hand(finished):
    game = finished
    frame = score_frame(game)
    assert game.is_over and len(frame) == len(game.results)
    assert totals(frame, 3) == [r.scores_after for r in game.results]
    assert totals(frame, 3)[-1] == game.scores
    for i, result in enumerate(game.results):
        assert [int(frame[(s, "points")].iloc[i]) for s in range(3)] == result.points
        assert [int(frame[(s, "tricks")].iloc[i]) for s in range(3)] == result.tricks_won
    assert list(frame.index.get_level_values("dealer")) == game.dealers[:len(game.results)]


def test_the_bid_sits_on_the_bidders_column_with_made_or_short():
    game = play(FortyFivesGame("auction-forty-fives", seed=3, players=4), hands=8)     # a contract made, one short
    frame = score_frame(game)
    assert totals(frame, 4) == [r.scores_after for r in game.results]
    shown = boxes(score_sheet_html(game))
    for i, result in enumerate(game.results):
        bids = [frame[(s, "bid")].iloc[i] for s in range(4)]
        if result.thrown_in:
            assert bids == ["", "", "", ""] and all(len(box) == 3 for box in shown[i])
            continue
        assert bids[result.bidder] == result.bid and sum(1 for b in bids if b) == 1
        # The box of the bidder alone has a fourth line: the call, made or short.
        assert [len(box) for box in shown[i]] == [4 if s == result.bidder else 3 for s in range(4)]
        said = shown[i][result.bidder][3]
        assert said.endswith("✓ made") if result.made else said.endswith("✗ failed")
        if result.made is False:                  # the bid taken off, written with a minus sign
            assert shown[i][result.bidder][1].startswith("\u2212"), shown[i][result.bidder]
    assert any(r.made for r in game.results) and any(r.made is False for r in game.results)


def test_each_box_is_the_total_then_the_hands_points_and_tricks(finished):
    """One column per player: the total after the hand, then the points it scored (signed, a true minus sign) and the
    tricks it won."""
    frame = score_frame(finished)
    shown = boxes(score_sheet_html(finished))
    assert len(shown) == len(frame) and all(len(row) == 3 for row in shown)
    for i, row in enumerate(shown):
        for side, box in enumerate(row):
            points, tricks = int(frame[(side, "points")].iloc[i]), int(frame[(side, "tricks")].iloc[i])
            total = int(frame[(side, "total")].iloc[i])
            assert box == [str(total).replace("-", "\u2212"), f"{points:+d}".replace("-", "\u2212") if points else "0",
                           f"{tricks} trick" if tricks == 1 else f"{tricks} tricks"]


def test_partnerships_are_scored_by_side():
    game = play(FortyFivesGame("forty-fives-partners", seed=2), hands=3)
    frame = score_frame(game)
    assert sorted({side for side, _ in frame.columns}) == [0, 1]
    assert all(int(frame[(0, "tricks")].iloc[i]) + int(frame[(1, "tricks")].iloc[i]) == 5 for i in range(len(frame)))
    assert totals(frame, 2)[-1] == game.scores
    assert "Player 1 and Player 3" in score_sheet_html(game)


@pytest.mark.parametrize("preset", one_game_per_family())
def test_every_family_s_totals_equal_its_scores(preset):
    game = play(package_of(preset).new_game(preset, seed=3), hands=4)
    frame = score_frame(game)
    assert len(frame) == len(game.results) and totals(frame, len(game.scores))[-1] == game.scores


def test_the_chart_is_accessible_and_drawn_to_scale(finished):
    game = finished
    html = score_sheet_html(game)
    svg = re.search(r"<svg.*?</svg>", html, re.S).group(0)
    uid = re.search(r'aria-labelledby="(atout-chart-title-\d+) (atout-chart-desc-\d+)"', svg)
    assert uid and f'<title id="{uid.group(1)}">Running totals</title>' in svg
    desc = unescape(re.search(r"<desc[^>]*>(.*?)</desc>", svg).group(1))
    assert desc.startswith(f"Scores after {len(game.results)} hands: ")
    assert all(f"Player {s + 1}: {score}" in desc for s, score in enumerate(game.scores))
    assert "The game is won at 45." in desc and 'class="atout-target"' in svg
    lines = re.findall(r'<g class="atout-line" data-side="(\d)"><polyline points="([^"]+)"', svg)
    series = running_totals(game)
    assert len(lines) == 3 and series[0] == [0, 0, 0] and series[1:] == [r.scores_after for r in game.results]
    for side, points in lines:
        ys = [float(p.split(",")[1]) for p in points.split()]
        values = [row[int(side)] for row in series]
        assert len(ys) == len(game.results) + 1
        for (y1, v1), (y2, v2) in zip(zip(ys, values, strict=True), zip(ys[1:], values[1:], strict=True),
                                      strict=False):
            assert (y2 < y1) == (v2 > v1) and (y2 == y1) == (v2 == v1)   # higher score, higher on the page
    assert 'data-testid="score-sheet"' in html                             # the table alternative, beside it


def test_lines_differ_by_dash_and_marker_not_colour_alone():
    svg = running_totals_svg([[0, 0, 0], [10, 5, 15]], ["A", "B", "C"], target=45)
    dashes = re.findall(r'<polyline [^>]*?(stroke-dasharray="[^"]*")?/>', svg)
    assert len(set(dashes)) == 3
    groups = re.findall(r'<g class="atout-line".*?</g>', svg, re.S)
    assert len({re.findall(r"<(circle|rect|path|text)", g)[0] for g in groups}) == 3


def test_the_widget_refreshes_as_hands_are_played():
    game = play(FortyFivesGame("forty-fives", seed=4, players=3), hands=1)
    sheet = ScoreSheet(game)
    assert len(sheet.frame) == 1 and sheet.html.value.count("<tr>") == 2       # the headings and the hand
    play(game, hands=2)
    sheet.refresh()
    assert len(sheet.frame) == 2 and "Scores after 2 hands" in sheet.html.value and sheet.html.value.count("<tr>") == 3


def test_an_empty_game_says_so():
    game = FortyFivesGame("forty-fives", seed=4, players=3)
    html = ScoreSheet(game).html.value
    assert "No hand has been played yet" in html and "<svg" in html


def test_the_page_language_switch_redraws_the_sheet(monkeypatch, finished):
    fake_french(monkeypatch)
    sheet = ScoreSheet(finished)
    assert "Player 1" in sheet.html.value
    try:
        set_page_language("fr")
        assert "Joueur 1" in sheet.html.value and "Player 1" not in sheet.html.value
    finally:
        set_page_language("en")
    assert "Player 1" in sheet.html.value


# The seat that won the contract, read from each family's own result (None: no contract that hand).
BIDDER = {"auction-forty-fives": lambda result: result.bidder, "five-hundred": lambda result: result.contractor}


@pytest.mark.parametrize(("game_id", "options"), [(g, {}) for g in GAMES] + [("auction-forty-fives",
                                                                              {"partners": True})],
                         ids=[*GAMES, "auction-forty-fives-partners"])
def test_every_presets_sheet_adds_up_hand_by_hand(game_id, options):
    """Each row: the points are what the totals moved by (from the scores the game started with), the tricks are
    those the hand played, the call sits on the column of the player or side that won the contract; the headings
    are the names the table gives the players or sides and the last totals the game's scores."""
    game = play(package_of(game_id).new_game(game_id, seed=5, **options), hands=6)
    frame, sides = score_frame(game), len(game.scores)
    rows = totals(frame, sides)
    assert len(frame) == len(game.results) == len(game.completed_hands) >= 2 and rows[-1] == game.scores
    before = [0] * sides
    for i, (result, hand) in enumerate(zip(game.results, game.completed_hands, strict=True)):
        points = [int(frame[(s, "points")].iloc[i]) for s in range(sides)]
        assert [b + p for b, p in zip(before, points, strict=True)] == rows[i]
        assert sum(int(frame[(s, "tricks")].iloc[i]) for s in range(sides)) == len(hand.tricks)
        bidder = BIDDER[game_id](result) if game_id in BIDDER else None
        bids = [frame[(s, "bid")].iloc[i] for s in range(sides)]
        assert bids == ["" if bidder is None or hand.side_of(bidder) != s else result.bid for s in range(sides)]
        before = rows[i]
    labels = [unit_label(game.hand, unit, sides).render() for unit in range(sides)]
    sheet = score_sheet_html(game)
    assert len(labels) == sides and all(f">{escape(label)}<" in sheet for label in labels)
    assert f"The game is won at {game.config.target}." in unescape(sheet)
    last = CardTable(game.completed_hands[-1]).state["scores"]    # the table of a hand over: the same names
    assert [score["label"] for score in last] == labels


def test_a_game_without_contracts_has_no_bid_columns_and_the_sheet_scrolls_in_a_region_of_its_own(finished):
    """Forty-Fives without its auction never has a call to write: its sheet has no column of blanks per player. A
    sheet wider than its column scrolls inside a region the keyboard reaches, named as the sheet is."""
    plain = score_sheet_html(finished)
    assert "atout-score-bid" not in plain and "contract" not in plain
    assert "In bold, the game's score after each hand; under it, what that hand scored and the tricks won." in unescape(
        plain)
    auction = play(FortyFivesGame("auction-forty-fives", seed=2, players=4), hands=4)
    said = unescape(score_sheet_html(auction))
    assert any(r.bid for r in auction.results) and "atout-score-bid" in said
    assert "the tricks won and the bidder's contract: ✓\u00a0made, ✗\u00a0failed." in said
    region = re.search(r'<div class="atout-score-table"([^>]*)>(<style[^<]*</style>)?\s*<table', plain)
    assert region and all(part in region.group(1) for part in ('role="region"', 'tabindex="0"',
                                                                 'aria-label="Score sheet"', "overflow-x:auto"))


def test_the_learners_sheet_calls_them_what_the_table_does_and_names_players_not_a_hands_points():
    """On the Play page (viewer 0) the sheet's headings, dealers, chart legend and description say "You", as the
    table does; a Sixty-Six set's columns are its players' game points even while a hand, whose open table counts
    its own points ("Points of Player 1"), is being played."""
    game = play(SixtySixGame(seed=1), hands=3)
    game.apply(game.hand.legal_actions()[0])
    assert [label.render() for label in game.hand.table_view(None).score_labels] == [
        "Points of Player 1", "Points of Player 2"]      # what the sheet was headed with before
    html = unescape(ScoreSheet(game, viewer=0).html.value)
    legend = re.search(r'data-testid="chart-legend">(.*?)</ul>', html, re.S).group(1)
    assert [re.sub(r"<[^>]+>", "", item).strip() for item in re.findall(r"<li.*?</li>", legend)] == [
        "You", "Player 2"]
    assert "Points of" not in html and "Player 1" not in html
    assert f"Scores after 3 hands: You: {game.scores[0]}, Player 2: {game.scores[1]}" in html
    dealers = list(score_frame(game).index.get_level_values("dealer"))
    assert 0 in dealers and html.count(">You<") >= 1 + dealers.count(0)    # the heading and each hand it dealt


@pytest.mark.parametrize(("game_id", "options"), [("forty-fives-partners", {}),
                                                  ("auction-forty-fives", {"partners": True}), ("five-hundred", {})])
def test_the_sheet_names_the_sides_as_the_table_beside_it_does(game_id, options):
    """The Play page's table headed the learner's side "You and Player 3" (« Vous et Joueur 3 ») and the sheet beside
    it "Your side" (« Votre camp »): both true, but a learner matching a column to the table's scores should not have
    to work out that they are one side. Both now come from one function, which names who is whose partner."""
    played = play(package_of(game_id).new_game(game_id, seed=2, **options), hands=2)
    names = {"en": ["You and Player 3", "Player 2 and Player 4"], "fr": ["Vous et Joueur 3", "Joueur 2 et Joueur 4"]}
    try:
        for lang, sides in names.items():
            set_page_language(lang)
            assert [score["label"] for score in CardTable(played.hand, you=0).state["scores"]] == sides
            html = unescape(ScoreSheet(played, viewer=0).html.value)
            headings = [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<th [^>]*>.*?</th>", html)]
            legend = re.search(r'data-testid="chart-legend">(.*?)</ul>', html, re.S).group(1)
            description = re.search(r"<desc[^>]*>(.*?)</desc>", html, re.S).group(1)
            assert headings[-2:] == sides, (lang, headings)
            assert [re.sub(r"<[^>]+>", "", item).strip() for item in re.findall(r"<li.*?</li>", legend)] == sides
            assert all(f"{side}{chr(0xa0) if lang == 'fr' else ''}:" in description for side in sides), description
    finally:
        set_page_language("en")


def test_the_running_totals_chart_draws_scores_of_any_size():
    """A long Five Hundred game spanning more than 16,000 points stopped the chart (StopIteration): its ticks now
    grow by powers of ten, at most nine of them."""
    from atout.widgets.scoresheet import running_totals_svg

    totals = [[0, 0], [-500, 520], [-9_000, 12_000], [-21_000, 30_500]]
    svg = running_totals_svg(totals, ["Your side", "Their side"], target=500)
    assert svg.startswith("<svg") and "30000" in svg.replace(",", "").replace("\u202f", "").replace("\u00a0", "")
