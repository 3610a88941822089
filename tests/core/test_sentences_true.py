"""Sentences the independent read of the catalogue found false (issue 14): each is asked again here, in the case
that made it false, so that it stays true."""

from __future__ import annotations

from atout.cards import Card, Suit
from atout.forty_fives import ranking as ranking_45
from atout.i18n import Plural, Text, language
from atout.referee import judge
from atout.rulebook import rule


def _cards(codes: str) -> list[Card]:
    return [Card.parse(c) for c in codes.split()]


def test_a_plain_trump_is_never_said_to_be_renegable():
    """The 5♣ led: the A♥ may be held back only against a lower trump, and the 10♣ never (45.follow.renege)."""
    why = ranking_45.explain_illegal(Card.parse("JS"), _cards("JS AH 10C 4D"), _cards("5C 9D"), Suit.CLUBS)
    text = why.render("en")
    reneged_clause = text.split("may be reneged only")[0]
    assert "A♥" in reneged_clause and "10♣" not in reneged_clause, text
    assert "10♣ may never be reneged" in text and why.rule == "45.follow.renege"
    assert "10♣" in why.render("fr")


def test_thirty_for_sixty_is_said_to_score_sixty():
    """a45.score.bidder: all five tricks on 30 for 60 score 60, not the 30 points taken."""
    statement = rule("a45.score.bidder").statement.render("en")
    assert "score 60 or 120" in statement and "loses 30 or 60" in statement


def test_an_opponent_who_declares_66_after_a_close_is_said_to_have_declared():
    """66.close.failed when the closer's opponent reaches 66 and declares first: that is a winning declaration."""
    answer = judge({"kind": "score", "game": "sixty-six", "event": "closed", "closer": 0, "by": 1,
                    "points": [50, 67], "tricks": [3, 3], "tricks_at_close": [2, 1]})
    assert answer["rule"] == "66.close.failed" and answer["game_points"] == [0, 2]
    text = answer["explanation"]
    assert "no winning declaration" not in text and "declared first" in text, text
    assert "2 game points" in text and "(s)" not in text


def test_a_closer_short_of_66_is_said_to_have_failed():
    answer = judge({"kind": "score", "game": "sixty-six", "event": "closed", "closer": 0, "by": 0,
                    "points": [60, 20], "tricks": [4, 1], "tricks_at_close": [2, 0]})
    assert answer["game_points"] == [0, 3]
    assert "Player 1 closed the stock and did not reach 66" in answer["explanation"]


def test_plural_counts_take_the_form_of_their_number():
    one, six = Plural("{n} trick", "{n} tricks", 1), Plural("{n} trick", "{n} tricks", 6)
    assert Text("{side} took {tricks}", side="they", tricks=one).render("en") == "they took 1 trick"
    assert Text("{side} took {tricks}", side="they", tricks=six).render("en") == "they took 6 tricks"
    with language("fr"):
        assert Plural("{n} game point", "{n} game points", 0).render() == "0 point de partie"
        assert Plural("{n} game point", "{n} game points", 3).render() == "3 points de partie"


def test_misere_scores_say_their_tricks_in_words_and_cite_a_rule_of_the_rules_files():
    answer = judge({"kind": "score", "game": "five-hundred", "options": {"misere": True}, "contract": "misere",
                    "contractor": 0, "tricks_won": [1, 9], "scores_before": [0, 0]})
    assert answer["scores_after"] == [-250, 90]
    assert "took 1 trick in misère" in answer["explanation"] and "(s)" not in answer["explanation"]
    assert answer["rule"] == "500.bid.misere"


def test_a_number_that_is_no_bid_is_never_said_to_be_below_the_standing_bid():
    """a45.bid.values: 17 with no bid standing is not a bid (it was "not higher than the standing bid of None"),
    and neither is 35 over 20 (it was "not higher than the standing bid of 20")."""
    from atout.forty_fives.bidding import Auction
    from atout.forty_fives.config import make_config

    auction = Auction(4, 3, make_config("auction-forty-fives").bid_values)
    opening = auction.explain_illegal("17")
    assert opening.rule == "a45.bid.values" and "'17' is not a bid" in opening.render("en"), opening.render("en")
    auction.call("20")
    above = auction.explain_illegal("35").render("en")
    assert "'35' is not a bid" in above and "not higher" not in above, above
    below = auction.explain_illegal("15").render("en")
    assert "15 is not higher than the standing bid of 20" in below, below


def test_a_call_after_the_end_of_a_five_hundred_auction_is_refused_as_coming_after_it():
    """Four passes end the auction: a fifth call was told 'Nobody may not call pass' and 'the calls allowed were
    none: the auction is over'."""
    answer = judge({"kind": "bids", "game": "five-hundred", "dealer": 0, "calls": ["pass"] * 5})
    assert answer["error"] == "call 5 ('pass') comes after the auction is over: no call may follow call 4"
    with language("fr"):
        french = judge({"kind": "bids", "game": "five-hundred", "dealer": 0, "calls": ["pass"] * 5})["error"]
    assert "Nobody" not in french and "vient après la fin des enchères" in french


def test_a_two_player_trick_is_said_to_hold_one_card_so_far():
    answer = judge({"kind": "legal", "game": "forty-fives", "players": 2, "trump": "S", "hand": ["2S"],
                    "plays": ["3S", "4S"]})
    assert answer["error"] == "the trick so far can hold at most 1 card, not 2"
