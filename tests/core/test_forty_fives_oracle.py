"""The Forty-Fives engine against the independent oracle (tests/core/oracle_45.py), exhaustively.

Sweeps: every ordered two-card trick for every trump; legality for every trump x led card x
two-card hand under every value of the options ``ace_of_hearts_led`` and ``must_follow_suit``;
the rank lists; then named trap cases whose expected answers are written from the rules.
"""

import itertools
import random

import pytest

from atout.cards import Card, Suit
from atout.forty_fives import ranking
from atout.referee import judge
from tests.core import oracle_45 as oracle

CARD = {c: Card.parse(c) for c in oracle.DECK}
SUIT = {s: Suit.parse(s) for s in oracle.SUITS}
TRUMPS = list(oracle.SUITS)


def cards(codes):
    return [CARD[c] for c in codes]


def codes(cards_):
    return [c.code for c in cards_]


# --- the oracle itself, against the rules' own listings ---------------------------------------------

def test_oracle_matches_the_listings_of_the_rules():
    # "So: ♦ trump: 5 J A♥ A K Q 10 9 8 7 6 4 3 2 (14 trumps); ♥ trump: 5 J A K Q 10 9 8 7 6 4 3 2 (13);
    # ♣/♠ trump: 5 J A♥ A K Q 2 3 4 6 7 8 9 10 (14)."
    assert oracle.trump_order("D") == "5D JD AH AD KD QD 10D 9D 8D 7D 6D 4D 3D 2D".split()
    assert oracle.trump_order("H") == "5H JH AH KH QH 10H 9H 8H 7H 6H 4H 3H 2H".split()
    assert oracle.trump_order("C") == "5C JC AH AC KC QC 2C 3C 4C 6C 7C 8C 9C 10C".split()
    assert oracle.plain_order("D", "S") == "KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AD".split()
    assert oracle.plain_order("H", "S") == "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H".split()
    assert oracle.plain_order("S", "H") == "KS QS JS AS 2S 3S 4S 5S 6S 7S 8S 9S 10S".split()
    for trump in TRUMPS:   # every card is ranked exactly once
        ranked = oracle.trump_order(trump) + [c for s in TRUMPS if s != trump for c in oracle.plain_order(s, trump)]
        assert sorted(ranked) == sorted(oracle.DECK)


# --- every two-card trick -------------------------------------------------------------------------

@pytest.mark.parametrize("trump", TRUMPS)
def test_every_two_card_trick_winner(trump):
    suit = SUIT[trump]
    wrong = []
    count = 0
    for a, b in itertools.permutations(oracle.DECK, 2):
        count += 1
        want = oracle.trick_winner([a, b], trump)
        got = ranking.trick_winner([CARD[a], CARD[b]], suit)
        if got != want:
            wrong.append((a, b, got, want))
    assert count == 52 * 51
    assert not wrong, f"{len(wrong)} tricks differ (plays, engine, oracle), e.g. {wrong[:5]}"


@pytest.mark.parametrize("trump", TRUMPS)
def test_every_two_card_trick_explanation_cites_the_deciding_rule(trump):
    suit = SUIT[trump]
    wrong = []
    for a, b in itertools.permutations(oracle.DECK, 2):
        plays = [a, b]
        w = oracle.trick_winner(plays, trump)
        want = oracle.deciding_rule(plays[w], plays[1 - w], trump, oracle.follows_as(a, trump))
        got = ranking.explain_trick(cards(plays), suit).rule
        if got != want:
            wrong.append((a, b, got, want))
    assert not wrong, f"{len(wrong)} explanations cite another rule (plays, engine, oracle), e.g. {wrong[:5]}"


def test_tricks_of_three_to_six_cards_sampled():
    rng = random.Random(4545)
    for _ in range(4000):
        trump = rng.choice(TRUMPS)
        plays = rng.sample(oracle.DECK, rng.randint(3, 6))
        assert ranking.trick_winner(cards(plays), SUIT[trump]) == oracle.trick_winner(plays, trump), (plays, trump)


def test_tricks_through_the_referee_sampled():
    rng = random.Random(45)
    for i in range(600):
        trump = rng.choice(TRUMPS)
        game = rng.choice(oracle.PRESETS)
        plays = rng.sample(oracle.DECK, rng.randint(2, 4))
        got = judge({"kind": "trick", "game": game, "trump": trump, "plays": plays})
        assert got.get("winner") == oracle.trick_winner(plays, trump), (plays, trump, got)
        if i % 5 == 0:
            # Same query with the cards in other accepted spellings (lower case, symbols, T for ten).
            spelled = [c.lower().replace("10", "t").replace("h", "♥") for c in plays]
            assert judge({"kind": "trick", "game": game, "trump": trump.lower(), "plays": spelled}) == got


# --- every two-card hand, for every lead and every option value --------------------------------------

OPTION_VALUES = [(aoh, mfs) for aoh in (False, True) for mfs in (False, True)]


@pytest.mark.parametrize("trump", TRUMPS)
@pytest.mark.parametrize("ace_of_hearts_led,must_follow_suit", OPTION_VALUES)
def test_legality_every_lead_every_two_card_hand(trump, ace_of_hearts_led, must_follow_suit):
    suit = SUIT[trump]
    wrong = []
    count = 0
    for led in oracle.DECK:
        rest = [c for c in oracle.DECK if c != led]
        for pair in itertools.combinations(rest, 2):
            count += 1
            want = oracle.legal_plays(pair, [led], trump, must_follow_suit, ace_of_hearts_led)
            got = ranking.legal_plays(cards(pair), [CARD[led]], suit, must_follow_suit, ace_of_hearts_led)
            if codes(got) != want:
                wrong.append((led, pair, codes(got), want))
            elif len(want) == 2:
                rule = ranking.explain_legal(cards(pair), [CARD[led]], suit, must_follow_suit, ace_of_hearts_led).rule
                expected = oracle.legal_rule(pair, [led], trump, must_follow_suit, ace_of_hearts_led)
                if rule != expected:
                    wrong.append((led, pair, "all legal", rule, expected))
            else:
                bad = next(c for c in pair if c not in want)
                rule = ranking.explain_illegal(CARD[bad], cards(pair), [CARD[led]], suit, must_follow_suit,
                                               ace_of_hearts_led).rule
                expected = oracle.illegal_rule(pair, [led], trump, must_follow_suit, ace_of_hearts_led)
                if rule != expected:
                    wrong.append((led, pair, bad, rule, expected))
    assert count == 52 * 51 * 50 // 2
    assert not wrong, f"{len(wrong)} cases differ, e.g. {wrong[:5]}"


def test_legality_larger_hands_and_later_positions_sampled():
    rng = random.Random(1045)
    for _ in range(6000):
        trump = rng.choice(TRUMPS)
        aoh, mfs = rng.choice(OPTION_VALUES)
        drawn = rng.sample(oracle.DECK, 10)
        plays, hand = drawn[:rng.randint(1, 5)], drawn[5:5 + rng.randint(1, 5)]
        want = oracle.legal_plays(hand, plays, trump, mfs, aoh)
        got = ranking.legal_plays(cards(hand), cards(plays), SUIT[trump], mfs, aoh)
        assert codes(got) == want, (hand, plays, trump, aoh, mfs)


@pytest.mark.parametrize("game", oracle.PRESETS)
def test_legality_through_the_referee_uses_each_presets_options(game):
    rng = random.Random(game)
    leads = ["AH"] * 10 + list(oracle.DECK)
    for _ in range(300):
        trump = rng.choice(TRUMPS)
        led = rng.choice(leads)
        hand = rng.sample([c for c in oracle.DECK if c != led], rng.randint(1, 5))
        options = {}
        if rng.random() < 0.5:
            options["must_follow_suit"] = rng.choice([False, True])
        if rng.random() < 0.5:
            options["ace_of_hearts_led"] = rng.choice([False, True])
        opts = oracle.options_for(game, **options)
        want = oracle.legal_plays(hand, [led], trump, opts["must_follow_suit"], opts["ace_of_hearts_led"])
        got = judge({"kind": "legal", "game": game, "trump": trump, "hand": hand, "plays": [led],
                     "options": options})
        assert got.get("legal") == want, (game, trump, led, hand, options, got)
        args = (hand, [led], trump, opts["must_follow_suit"], opts["ace_of_hearts_led"])
        rule = oracle.illegal_rule(*args) if len(want) < len(hand) else oracle.legal_rule(*args)
        assert got["rule"] == rule, (game, trump, led, hand, options, got)


# --- rank lists -------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", oracle.PRESETS)
@pytest.mark.parametrize("trump", TRUMPS)
def test_rank_lists_through_the_referee(game, trump):
    got = judge({"kind": "rank", "game": game, "trump": trump})
    assert got["trump"] == oracle.trump_order(trump)
    assert got["plain"] == {s: oracle.plain_order(s, trump) for s in TRUMPS if s != trump}
    assert codes(ranking.trump_order(SUIT[trump])) == oracle.trump_order(trump)
    for s in TRUMPS:
        if s != trump:
            assert codes(ranking.plain_order(SUIT[s], SUIT[trump])) == oracle.plain_order(s, trump)


# --- named traps, with answers written from the rules ------------------------------------------------

def winner(plays, trump):
    got = judge({"kind": "trick", "game": "forty-fives", "trump": trump, "plays": plays.split()})
    return got["winner"], got["rule"]


def legal(hand, plays, trump, game="forty-fives-partners", **options):
    got = judge({"kind": "legal", "game": game, "trump": trump, "hand": hand.split(), "plays": plays.split(),
                 "options": options})
    assert "error" not in got, got
    return " ".join(got["legal"]), got["rule"]


def test_ace_of_hearts_is_a_trump_off_hearts():
    assert winner("KH AH", "C") == (1, "45.rank.ace-of-hearts")        # A♥ beats K♥ when clubs are trumps
    assert winner("AH KH", "C")[0] == 0
    assert winner("AH AC", "C")[0] == 0                                # third trump beats the ace of trumps
    assert winner("AC AH", "S")[0] == 1                                # a trump beats a plain club
    assert winner("JS AH", "S") == (0, "45.rank.jack-of-trumps")
    assert winner("AH KH", "H")[0] == 0                                # hearts trump: A♥ is the ace, third
    assert winner("AH JH", "H") == (1, "45.rank.jack-of-trumps")


def test_ace_of_hearts_is_not_a_heart_for_following():
    # Hearts led, clubs trumps: A♥ alone makes the player void in hearts, so anything goes.
    assert legal("AH 2S", "KH", "C") == ("AH 2S", "45.follow.plain-lead")
    assert legal("AH 2S", "KH", "C", must_follow_suit=True)[0] == "AH 2S"
    # With a real heart, following or trumping (A♥ is trumping) is allowed, not the spade.
    assert legal("AH 3H 2S", "KH", "C") == ("AH 3H", "45.follow.plain-lead")
    assert legal("AH 3H 2S", "KH", "C", must_follow_suit=True) == ("3H", "45.follow.plain-lead")


def test_ace_of_hearts_led_is_a_trump_lead():
    # A♥ led, spades trump: the king of spades is a lower trump and must be played.
    assert legal("KS 7H 2C", "AH", "S") == ("KS", "45.follow.trump-lead")
    # The 5 and the jack of spades outrank the A♥ and may be reneged.
    assert legal("5S JS 7H 2C", "AH", "S") == ("5S JS 7H 2C", "45.follow.renege")
    # 45.follow.ace-of-hearts-led (forty-fives only): hearts or the renegable trumps.
    assert legal("5S 7H 2C", "AH", "S", game="forty-fives") == ("5S 7H", "45.follow.ace-of-hearts-led")
    assert legal("JS 2C", "AH", "S", game="forty-fives") == ("JS", "45.follow.ace-of-hearts-led")
    assert legal("3D 2C", "AH", "S", game="forty-fives") == ("3D 2C", "45.follow.trump-lead")
    assert legal("5S 7H 2C", "AH", "S", game="forty-fives", ace_of_hearts_led=False)[0] == "5S 7H 2C"
    assert legal("5S 7H 2C", "AH", "S", ace_of_hearts_led=True)[0] == "5S 7H"
    assert legal("5S 7H 2C", "AH", "S", game="auction-forty-fives")[0] == "5S 7H 2C"
    # Hearts trump: the A♥ led is the ace of trumps; the rule about hearts does not apply.
    assert legal("5H 2C", "AH", "H", game="forty-fives") == ("5H 2C", "45.follow.renege")
    assert legal("KH 2C", "AH", "H", game="forty-fives") == ("KH", "45.follow.trump-lead")


def test_ace_of_diamonds_is_the_lowest_plain_diamond():
    assert winner("AD 2D", "C") == (1, "45.rank.plain-red")
    assert winner("2D AD", "S")[0] == 0
    assert winner("AD 3D", "H")[0] == 1
    assert winner("AD KD", "D") == (0, "45.rank.ace-of-trumps")         # as a trump it is fourth
    assert winner("AD AH", "D") == (1, "45.rank.ace-of-hearts")


def test_black_suits_run_backwards():
    assert winner("10C 2C", "H") == (1, "45.rank.plain-black")          # 2♣ beats 10♣ plain
    assert winner("10S 2S", "S") == (1, "45.rank.black-trumps")         # 2♠ beats 10♠ as trumps
    assert winner("2S AS", "S") == (1, "45.rank.ace-of-trumps")
    assert winner("2C AC", "D") == (1, "45.rank.plain-black")           # plain black: K Q J A 2 … 10
    assert winner("JC AC", "D")[0] == 0
    assert winner("2D 10D", "D") == (1, "45.rank.red-trumps")          # red trumps run highest first
    assert winner("2H 10H", "S") == (1, "45.rank.plain-red")
    assert winner("6S 4S", "S")[0] == 1                                 # the 5 is missing from the run


def test_five_of_trumps_beats_the_jack():
    assert winner("JS 5S", "S") == (1, "45.rank.five-of-trumps")
    assert winner("5D JD AH", "D") == (0, "45.rank.five-of-trumps")
    assert winner("5C JD", "D") == (1, "45.trick.winner")              # plain 5 of clubs is nothing special


def test_reneging_depends_on_the_card_led():
    # 5 led: nothing may be reneged, the jack must be played.
    assert legal("JS 4C KD", "5S", "S") == ("JS", "45.follow.renege")
    # Jack led: the 5 may be reneged.
    assert legal("5H 2C 3D", "JH", "H") == ("5H 2C 3D", "45.follow.renege")
    # A lower trump led: the 5, the jack and the A♥ may all be withheld.
    assert legal("5C JC AH 2D", "3C", "C") == ("5C JC AH 2D", "45.follow.renege")
    # …but a trump that may not be reneged must be played, and then any trump may be.
    assert legal("5C 7C 2D", "3C", "C") == ("5C 7C", "45.follow.renege")
    assert legal("7C 10C 2D AH", "3C", "C") == ("7C 10C AH", "45.follow.renege")
    assert legal("7C 2D", "3C", "C") == ("7C", "45.follow.trump-lead")
    # Trumps played after the lead change nothing: 3♣ led, then the 5♣, the jack may still be reneged.
    assert legal("JC 2D", "3C 5C", "C") == ("JC 2D", "45.follow.renege")
    # The A♥ led against a holder of the jack: the jack may be reneged (partners: no hearts rule).
    assert legal("JD 9C", "AH", "D") == ("JD 9C", "45.follow.renege")


def test_trumping_when_able_to_follow():
    assert legal("KH 2C 9D", "QH", "D") == ("KH 9D", "45.follow.plain-lead")
    assert legal("KH 2C 9D", "QH", "D", must_follow_suit=True) == ("KH", "45.follow.plain-lead")
    assert legal("2C 9D", "QH", "D") == ("2C 9D", "45.follow.plain-lead")   # void: anything


def test_illegal_play_sentences_name_the_cards():
    hand = cards(["7C", "10C", "2H"])
    why = ranking.explain_illegal(CARD["2H"], hand, [CARD["KC"]], Suit.DIAMONDS)
    text = why.sentence("en")
    assert why.rule == "45.follow.plain-lead"
    assert "7♣" in text and "10♣" in text and "clubs" in text and "trump" in text
    assert "2♥" not in text                           # it names the cards that answer the lead, not the rest
    assert why.rule == "45.follow.plain-lead" and "(45." not in str(why)

    why = ranking.explain_illegal(CARD["2C"], cards(["5S", "7S", "2C"]), [CARD["3S"]], Suit.SPADES)
    assert why.rule == "45.follow.renege"
    assert "5♠" in why.sentence("en") and "7♠" in why.sentence("en") and "3♠" in why.sentence("en")

    why = ranking.explain_illegal(CARD["2C"], cards(["7S", "2C"]), [CARD["3S"]], Suit.SPADES)
    assert why.rule == "45.follow.trump-lead" and "7♠" in why.sentence("en")

    # The jack led: the A♥ is lower, so it may not be reneged.
    why = ranking.explain_illegal(CARD["2D"], cards(["AH", "2D"]), [CARD["JC"]], Suit.CLUBS)
    assert why.rule == "45.follow.renege"
    assert "A♥" in why.sentence("en") and "J♣" in why.sentence("en")


def test_plain_lead_sentence_says_the_ace_of_hearts_is_a_trump():
    # Hearts led, spades trump: A♥ played while holding a heart is trumping, which is legal; a spade
    # is trumping too; a club is refused, and the sentence names the hearts held.
    why = ranking.explain_illegal(CARD["2C"], cards(["AH", "9H", "2C"]), [CARD["KH"]], Suit.SPADES)
    assert why.rule == "45.follow.plain-lead"
    assert "9♥" in why.sentence("en") and "hearts" in why.sentence("en")
