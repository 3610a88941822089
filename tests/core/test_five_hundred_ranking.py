"""Five Hundred ranking, trick winners and legal plays, against the independent oracle (tests/core/oracle_500.py)."""

import itertools
import random

import pytest

from atout.cards import JOKER, Card, Suit, parse_cards
from atout.errors import IllegalActionError
from atout.five_hundred import ranking
from atout.five_hundred.config import DECK as FIVE_HUNDRED_DECK
from atout.referee import judge
from atout.rulebook import RULES
from tests.core import oracle_500 as oracle

STRAINS = ["C", "D", "H", "S", "NT"]


def trump_of(strain: str) -> Suit | None:
    return None if strain == "NT" else Suit.parse(strain)


def codes(cards):
    return [c.code for c in cards]


def test_the_deck_is_the_rules_deck():
    assert sorted(c.code for c in FIVE_HUNDRED_DECK) == sorted(oracle.DECK)


@pytest.mark.parametrize("strain", STRAINS)
def test_orders_match_the_oracle(strain):
    trump = trump_of(strain)
    assert codes(ranking.trump_order(trump)) == oracle.trump_order(strain)
    for suit in Suit:
        if suit != trump:
            assert codes(ranking.plain_order(suit, trump)) == oracle.plain_order(suit.letter, strain)
    # every card of the deck is ranked exactly once
    ranked = ranking.trump_order(trump) + [c for s in Suit if s != trump for c in ranking.plain_order(s, trump)]
    assert sorted(ranked) == sorted(FIVE_HUNDRED_DECK.cards)


@pytest.mark.parametrize("strain", STRAINS)
def test_every_two_card_trick_in_both_orders(strain):
    """Exhaustive: each ordered pair of distinct cards; a joker led in no trumps names each suit in turn."""
    trump = trump_of(strain)
    checked = 0
    for a, b in itertools.permutations(FIVE_HUNDRED_DECK.cards, 2):
        names = list(Suit) if (a is JOKER and trump is None) else [None]
        for name in names:
            want = oracle.trick_winner([a.code, b.code], strain, name.letter if name is not None else None)
            assert ranking.trick_winner([a, b], trump, name) == want, (a, b, strain, name)
            checked += 1
    assert checked == 43 * 42 + (42 * 3 if trump is None else 0)


@pytest.mark.parametrize("strain", STRAINS)
def test_four_card_tricks_through_the_referee(strain):
    rng = random.Random(strain)
    for _ in range(400):
        plays = rng.sample(oracle.DECK, 4)
        query = {"kind": "trick", "game": "five-hundred", "trump": strain, "plays": plays}
        name = None
        if plays[0] == "JK" and strain == "NT":
            name = rng.choice("CDHS")
            query["joker_suit"] = name
        got = judge(query)
        assert got["winner"] == oracle.trick_winner(plays, strain, name), (query, got)
        assert got["rule"] in RULES


@pytest.mark.parametrize("strain", STRAINS)
def test_legal_plays_sampled(strain):
    """Random hands and tricks so far, the joker over-represented, against the oracle."""
    trump = trump_of(strain)
    rng = random.Random(f"legal-{strain}")
    for i in range(1500):
        deck = list(oracle.DECK)
        rng.shuffle(deck)
        if i % 3 == 0 and "JK" not in deck[:10]:
            deck.remove("JK")
            deck.insert(rng.randrange(10), "JK")       # the joker in the hand
        if i % 5 == 0:
            deck.remove("JK")
            deck.insert(10, "JK")                      # the joker led
        size = rng.randint(1, 10)
        hand, plays = deck[:size], deck[10:10 + rng.randint(0, 3)]
        name = rng.choice("CDHS") if plays and plays[0] == "JK" and strain == "NT" else None
        want = oracle.legal(hand, plays, strain, name)
        got = ranking.legal_plays(parse_cards(hand), parse_cards(plays), trump, Suit.parse(name) if name else None)
        assert codes(got) == want, (hand, plays, strain, name)
        for card in parse_cards(hand):
            if card not in got:
                why = ranking.explain_illegal(card, parse_cards(hand), parse_cards(plays), trump,
                                              Suit.parse(name) if name else None)
                assert why.rule in RULES and why.render("en")


def test_trap_the_left_bower_changes_suit():
    # Hearts trumps: the J♦ is a trump, so it must be played to a trump lead when it is the only trump…
    assert codes(ranking.legal_plays(parse_cards("JD KD 5C"), parse_cards("AH"), Suit.HEARTS)) == ["JD"]
    # …and it does not follow diamonds.
    assert codes(ranking.legal_plays(parse_cards("JD KD 5C"), parse_cards("AD"), Suit.HEARTS)) == ["KD"]
    assert codes(ranking.legal_plays(parse_cards("JD 5C"), parse_cards("AD"), Suit.HEARTS)) == ["JD", "5C"]
    # It beats the ace of trumps, and leading it leads trumps.
    assert ranking.trick_winner(parse_cards("AH JD"), Suit.HEARTS) == 1
    assert ranking.trick_winner(parse_cards("JD AD KH"), Suit.HEARTS) == 0
    assert ranking.effective_suit(Card.parse("JD"), Suit.HEARTS) is Suit.HEARTS
    # Diamonds have no jack when hearts are trumps; in no trumps the J♦ is a plain diamond again.
    assert "JD" not in codes(ranking.plain_order(Suit.DIAMONDS, Suit.HEARTS))
    assert ranking.effective_suit(Card.parse("JD"), None) is Suit.DIAMONDS
    why = ranking.explain_beats(Card.parse("JD"), Card.parse("AH"), Suit.HEARTS, Suit.HEARTS)
    assert why.rule == "500.rank.left-bower" and "left bower" in why.render("en")
    why = ranking.explain_illegal(Card.parse("JD"), parse_cards("JD KD 5C"), parse_cards("AD"), Suit.HEARTS)
    assert why.rule == "500.rank.left-bower" and "K♦" in why.render("en")


def test_trap_the_joker_in_no_trumps():
    nt = None
    # It wins any trick it is played to, led or not.
    assert ranking.trick_winner(parse_cards("AS KS JK QS"), nt, None) == 2
    assert ranking.trick_winner(parse_cards("JK AS KS QS"), nt, Suit.SPADES) == 0
    # Not playable while you can follow; playable (never forced) when you cannot.
    assert codes(ranking.legal_plays(parse_cards("JK KS 5C"), parse_cards("AS"), nt)) == ["KS"]
    assert codes(ranking.legal_plays(parse_cards("JK KD 5C"), parse_cards("AS"), nt)) == ["JK", "KD", "5C"]
    # Led, it calls for the suit named.
    assert codes(ranking.legal_plays(parse_cards("QH KD 5C"), parse_cards("JK"), nt, Suit.DIAMONDS)) == ["KD"]
    with pytest.raises(IllegalActionError) as err:
        ranking.legal_plays(parse_cards("QH KD 5C"), parse_cards("JK"), nt)
    assert err.value.rule == "500.joker.no-trump"
    # Leading it you may not name a suit you have shown out of.
    assert ranking.joker_lead_suits(nt, {Suit.CLUBS, Suit.HEARTS}) == [Suit.DIAMONDS, Suit.SPADES]
    assert ranking.joker_lead_suits(Suit.CLUBS, ()) == []
    # In a suit contract it is simply the highest trump and follows trumps.
    assert codes(ranking.legal_plays(parse_cards("JK KD 5C"), parse_cards("AC"), Suit.CLUBS)) == ["JK", "5C"]
    assert ranking.trick_winner(parse_cards("JC JK"), Suit.CLUBS) == 1
    why = ranking.explain_illegal(JOKER, parse_cards("JK KS 5C"), parse_cards("AS"), nt)
    assert why.rule == "500.joker.no-trump"
    assert ranking.explain_trick(parse_cards("JK AS KS QS"), nt, Suit.SPADES).rule == "500.joker.no-trump"


def test_joker_names_match_the_oracle():
    rng = random.Random(3)
    for _ in range(200):
        out = {s for s in "CDHS" if rng.random() < 0.4}
        want = oracle.joker_names("NT", out) or list("CDHS")
        got = ranking.joker_lead_suits(None, {Suit.parse(s) for s in out})
        assert [s.letter for s in got] == want


@pytest.mark.parametrize("strain", STRAINS)
def test_explanations_name_the_winner_and_cite_rules(strain):
    trump = trump_of(strain)
    rng = random.Random(f"explain-{strain}")
    for _ in range(300):
        plays = parse_cards(rng.sample(oracle.DECK, 4))
        name = rng.choice(list(Suit)) if plays[0] is JOKER and trump is None else None
        why = ranking.explain_trick(plays, trump, name)
        winner = plays[ranking.trick_winner(plays, trump, name)]
        assert why.rule in RULES
        named = winner.sentence_forms("en")[""]        # "7♦", "the joker": the sentence opens with the winner
        assert why.render("en").startswith(named[:1].upper() + named[1:])


def test_explanation_sentences():
    def say(w, o, trump, lead):
        return ranking.explain_beats(Card.parse(w), Card.parse(o), trump, lead).render("en")

    assert ranking.explain_beats(Card.parse("JH"), Card.parse("JD"), Suit.HEARTS, Suit.HEARTS).rule == "500.rank.trump"
    assert "the joker is the highest trump" in say("JK", "JH", Suit.HEARTS, Suit.HEARTS)
    assert "neither follows" in say("5S", "AH", Suit.CLUBS, Suit.SPADES)
    assert ranking.explain_beats(Card.parse("AS"), Card.parse("JS"), None, Suit.SPADES).rule == "500.rank.no-trump"
    assert "a trump beats any card" in say("5C", "AS", Suit.CLUBS, Suit.SPADES)
