"""Unit tests of the Forty-Fives engine (FortyFivesHand, FortyFivesGame) on decks stacked from the rules.

Decks are built with ``oracle_45.stack_deck`` (which reads 45.deal.packets independently) or written
out card by card; every expected value below is written from tests/data/rules/forty-fives.md.
"""

import copy
import random

import pytest

from atout.cards import Card, Suit
from atout.engine import Action, Phase
from atout.errors import ConfigError, IllegalActionError
from atout.forty_fives import FortyFivesGame, FortyFivesHand, make_config
from atout.forty_fives.scoring import game_winner, score_hand
from atout.rulebook import RULES
from tests.core import oracle_45 as oracle

DECK = list(oracle.DECK)   # AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C AD KD … 2S: a known order


def C(code):
    return Card.parse(code)


def codes(cards):
    return [c.code for c in cards]


def deal(game, order, dealer=0, scores_before=None, **options):
    config = make_config(game, options)
    hand = FortyFivesHand(config, dealer, scores_before)
    assert hand.is_chance and hand.phase is Phase.DEAL and hand.legal_actions() == ()
    hand.apply(Action("deal", None, tuple(C(c) for c in order)))
    return hand


def play(hand, *cards):
    for code in cards:
        hand.apply(f"play {code}")


def hand_of(hand, seat):
    return sorted(codes(hand.hands[seat]))


def secrets_for(hand, seat):
    """The cards ``seat`` may not see: other hands, the stock, the kitty, others' discards."""
    hidden = {c for s in range(hand.n) if s != seat for c in hand.hands[s]}
    hidden |= set(hand.stock) | set(hand.kitty)
    hidden |= {c for s in range(hand.n) if s != seat for c in hand.discards[s]}
    hidden.discard(hand.turned_card)       # the turned card is public, wherever it goes
    return hidden


def cards_in(obj):
    if isinstance(obj, Card):
        yield obj
    elif isinstance(obj, dict):
        for value in obj.values():
            yield from cards_in(value)
    elif isinstance(obj, list | tuple):
        for value in obj:
            yield from cards_in(value)
    elif isinstance(obj, str) and " " in obj:
        action = Action.parse(obj)
        if action.card is not None:
            yield action.card


def assert_private(hand):
    for seat in range(hand.n):
        seen = set(cards_in(hand.view(seat)))
        leak = seen & secrets_for(hand, seat)
        assert not leak, f"seat {seat} sees {codes(leak)}"


def snapshot(hand):
    return ([hand.view(s) for s in range(hand.n)], [str(a) for a in hand.history], len(hand.events),
            copy.deepcopy(hand.hands), hand.phase, hand.to_act)


def assert_refused(hand, action, rule):
    before = snapshot(hand)
    with pytest.raises(IllegalActionError) as info:
        hand.apply(action)
    if rule is None:     # any rule of the rulebook (no particular rule forbids e.g. a card not held)
        assert info.value.rule in RULES, info.value.rule
    else:
        assert info.value.rule == rule, (action, info.value.rule, str(info.value))
    assert info.value.rule in str(info.value)
    assert snapshot(hand) == before
    return info.value


# --- 45.deal.packets, 45.deal.turn-up, 45.deal.kitty -------------------------------------------------

def test_deal_packets_three_players_dealer_zero():
    hand = deal("forty-fives", DECK, players=3)
    # From the dealer's left (seat 1), a packet of 3 each, then a packet of 2 each; dealer last.
    assert codes(hand.hands[1]) == ["AC", "KC", "QC", "5C", "4C"]
    assert codes(hand.hands[2]) == ["JC", "10C", "9C", "3C", "2C"]
    assert codes(hand.hands[0]) == ["8C", "7C", "6C", "AD", "KD"]
    assert hand.turn_up is C("QD") and hand.turned_card is C("QD")
    assert hand.trump is Suit.DIAMONDS                      # 45.deal.turn-up: its suit is trump
    assert codes(hand.stock) == DECK[16:]
    turn_up = [e for e in hand.events[0].flatten() if e.kind == "turn-up"]
    assert len(turn_up) == 1 and turn_up[0].rule == "45.deal.turn-up"
    assert hand.events[0].rule == "45.deal.packets"
    assert hand.phase is Phase.PLAY and hand.to_act == 1     # 45.play.first-lead


def test_deal_packets_four_players_dealer_two():
    hand = deal("forty-fives-partners", DECK, dealer=2, players=4)
    assert codes(hand.hands[3]) == ["AC", "KC", "QC", "2C", "AD"]
    assert codes(hand.hands[0]) == ["JC", "10C", "9C", "KD", "QD"]
    assert codes(hand.hands[1]) == ["8C", "7C", "6C", "JD", "10D"]
    assert codes(hand.hands[2]) == ["5C", "4C", "3C", "9D", "8D"]
    assert hand.turn_up is C("7D") and hand.trump is Suit.DIAMONDS
    assert codes(hand.stock) == DECK[21:]
    assert hand.to_act == 3 and "keep" in map(str, hand.legal_actions())    # seat 3 holds the A♦


@pytest.mark.parametrize("game,players", [("forty-fives", n) for n in range(2, 7)]
                         + [("forty-fives-partners", 4), ("forty-fives-partners", 6)])
def test_deal_matches_the_rules_for_every_dealer(game, players):
    rng = random.Random(players)
    for dealer in range(players):
        order = rng.sample(DECK, 52)
        hand = deal(game, order, dealer=dealer, players=players)
        want = oracle.deal(order, players, dealer)
        assert [codes(h) for h in hand.hands] == want["hands"]
        assert hand.turned_card.code == want["turn_up"]
        assert codes(hand.stock) == want["stock"]
        assert len(hand.all_cards()) == 52 and set(hand.all_cards()) == {C(c) for c in DECK}
        assert hand.to_act == (dealer + 1) % players or hand.phase is Phase.ROB


def test_auction_deal_kitty_of_four():
    hand = deal("auction-forty-fives", DECK, players=4)
    # 3 each from seat 1, 2 to the kitty, 2 each, 2 more to the kitty.
    assert codes(hand.hands[1]) == DECK[0:3] + DECK[14:16]
    assert codes(hand.hands[2]) == DECK[3:6] + DECK[16:18]
    assert codes(hand.hands[3]) == DECK[6:9] + DECK[18:20]
    assert codes(hand.hands[0]) == DECK[9:12] + DECK[20:22]
    assert codes(hand.kitty) == DECK[12:14] + DECK[22:24]
    assert codes(hand.stock) == DECK[24:] and len(hand.stock) == 48 - 5 * 4
    assert hand.turn_up is None and hand.trump is None
    assert hand.phase is Phase.BID and hand.to_act == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_auction_deal_every_dealer(players):
    rng = random.Random(100 + players)
    for dealer in range(players):
        order = rng.sample(DECK, 52)
        hand = deal("auction-forty-fives", order, dealer=dealer, players=players)
        want = oracle.deal(order, players, dealer, auction=True)
        assert [codes(h) for h in hand.hands] == want["hands"]
        assert codes(hand.kitty) == want["kitty"] and codes(hand.stock) == want["stock"]
        assert hand.to_act == (dealer + 1) % players


def test_auction_kitty_options():
    hand = deal("auction-forty-fives", DECK, players=3, kitty=0)
    want = oracle.deal(DECK, 3, 0, auction=True, kitty=0)
    assert [codes(h) for h in hand.hands] == want["hands"] and hand.kitty == []
    assert codes(hand.stock) == DECK[15:]
    hand = deal("auction-forty-fives", DECK, players=4, kitty=3)
    assert len(hand.kitty) == 3 and all(len(h) == 5 for h in hand.hands)
    dealt = {c for h in hand.hands for c in h} | set(hand.kitty)
    assert {c.code for c in dealt} == set(DECK[:23])      # 5n + 3 cards dealt, the rest is stock
    assert codes(hand.stock) == DECK[23:]


def test_same_seed_same_hands_and_bad_deals_refused():
    a = FortyFivesHand.new("forty-fives", seed=12, players=4)
    b = FortyFivesHand.new("forty-fives", seed=12, players=4)
    assert a.hands == b.hands and a.turned_card is b.turned_card
    c = FortyFivesHand.new("forty-fives", seed=13, players=4)
    assert a.hands != c.hands
    config = make_config("forty-fives", players=3)
    for order in (DECK[:51], DECK[:51] + ["AC"], DECK[:51] + ["JK"]):
        hand = FortyFivesHand(config)
        with pytest.raises(IllegalActionError) as info:
            hand.apply(Action("deal", None, tuple(C(x) for x in order)))
        assert info.value.rule == "45.deal.packets"
        assert hand.phase is Phase.DEAL and hand.history == [] and hand.hands == [[], [], []]
    hand = FortyFivesHand(config)
    assert_refused(hand, "play 2C", "45.deal.packets")


# --- 45.rob.dealer-ace ----------------------------------------------------------------------------

DEALER_CARDS = ["2C", "3C", "4D", "5D", "6H"]


def test_forty_fives_dealer_must_rob_a_turned_ace():
    order = oracle.stack_deck(3, 0, {0: DEALER_CARDS}, turn_up="AS")
    hand = deal("forty-fives", order, players=3)
    assert hand.phase is Phase.ROB and hand.to_act == 0 and hand.trump is Suit.SPADES
    assert sorted(map(str, hand.legal_actions())) == sorted(f"rob {c}" for c in DEALER_CARDS)
    assert_refused(hand, "keep", "45.rob.dealer-ace")
    error = assert_refused(hand, "play 2C", "45.rob.dealer-ace")
    assert "does not hold" not in str(error)                # the dealer holds 2♣: the action is the wrong kind
    error = assert_refused(hand, "rob KH", "45.rob.dealer-ace")     # not in the dealer's hand
    assert "does not hold K♥" in str(error)
    event = hand.apply("rob 2C")
    assert event.rule == "45.rob.dealer-ace"
    assert hand_of(hand, 0) == sorted(["3C", "4D", "5D", "6H", "AS"])
    assert hand.turn_up is None and hand.turned_card is C("AS")
    assert hand.view(0)["own_discards"] == [C("2C")] and hand.view(1)["own_discards"] == []
    assert hand.view(1)["turn_up"] is None and hand.view(1)["turned_card"] is C("AS")
    assert hand.phase is Phase.PLAY and hand.to_act == 1 and hand.legal_actions()[0].kind == "play"
    assert sorted(hand.all_cards()) == sorted(C(c) for c in DECK)
    assert_private(hand)


def test_turned_ace_of_hearts_makes_hearts_trump_and_is_robbed():
    order = oracle.stack_deck(2, 1, {1: DEALER_CARDS}, turn_up="AH")
    hand = deal("forty-fives", order, dealer=1, players=2)
    assert hand.trump is Suit.HEARTS and hand.phase is Phase.ROB and hand.to_act == 1
    hand.apply("rob 4D")
    assert C("AH") in hand.hands[1] and hand.to_act == 0


def test_partners_dealer_may_keep():
    order = oracle.stack_deck(4, 0, {0: DEALER_CARDS}, turn_up="AS")
    hand = deal("forty-fives-partners", order, players=4)
    assert hand.phase is Phase.ROB
    assert sorted(map(str, hand.legal_actions())) == sorted([f"rob {c}" for c in DEALER_CARDS] + ["keep"])
    hand.apply("keep")
    assert hand_of(hand, 0) == sorted(DEALER_CARDS)
    assert hand.turn_up is C("AS") and hand.view(2)["turn_up"] is C("AS")
    assert hand.phase is Phase.PLAY and hand.to_act == 1
    # Nobody else can rob: the ace of trumps is the turned card.
    while not hand.is_over:
        assert all(a.kind == "play" for a in hand.legal_actions())
        hand.apply(hand.legal_actions()[0])
    assert all(C("AS") not in h for h in hand.hands) and C("AS") in hand.all_cards()
    assert sorted(hand.all_cards()) == sorted(C(c) for c in DECK)


def test_partners_dealer_robs_and_plays_trick_one_from_four_cards():
    order = oracle.stack_deck(4, 0, {0: DEALER_CARDS}, turn_up="AS")
    hand = deal("forty-fives-partners", order, players=4)
    hand.apply("rob 2C")
    assert hand_of(hand, 0) == sorted(DEALER_CARDS[1:])      # discarded at once
    assert hand.view(0)["own_discards"] == [C("2C")]
    for _ in range(3):
        hand.apply(hand.legal_actions()[0])
    assert hand.to_act == 0 and len(hand.view(0)["hand"]) == 4
    assert C("AS") not in hand.hands[0]
    event = hand.apply(hand.legal_actions()[0])
    taken = [e for e in event.flatten() if e.kind == "take-ace"]
    assert len(taken) == 1 and taken[0].rule == "45.rob.dealer-ace"
    assert C("AS") in hand.hands[0] and len(hand.hands[0]) == 4   # after trick 1: 4 - 1 + the ace
    assert hand.turn_up is None
    assert sorted(hand.all_cards()) == sorted(C(c) for c in DECK)
    while not hand.is_over:
        hand.apply(hand.legal_actions()[0])
    assert sum(hand.tricks_won) == 5 and all(h == [] for h in hand.hands)


def test_dealer_rob_option_overrides_the_preset():
    order = oracle.stack_deck(3, 0, {0: DEALER_CARDS}, turn_up="AS")
    hand = deal("forty-fives", order, players=3, dealer_rob="may")
    assert "keep" in map(str, hand.legal_actions())
    order = oracle.stack_deck(4, 0, {0: DEALER_CARDS}, turn_up="AS")
    hand = deal("forty-fives-partners", order, players=4, dealer_rob="must")
    assert "keep" not in map(str, hand.legal_actions())
    hand.apply("rob 6H")
    assert C("AS") in hand.hands[0] and len(hand.hands[0]) == 5


# --- 45.rob.ace-holder ----------------------------------------------------------------------------

HOLDER = {1: ["KC", "QC", "JC", "10C", "9C"], 2: ["AD", "2H", "3H", "4H", "5S"], 0: ["6C", "7C", "8C", "2S", "3S"]}


def holder_hand(game="forty-fives", players=3):
    order = oracle.stack_deck(players, 0, HOLDER, turn_up="7D")
    return deal(game, order, players=players)


def test_ace_holder_is_offered_the_rob_when_their_turn_first_comes():
    hand = holder_hand()
    assert hand.trump is Suit.DIAMONDS and hand.to_act == 1
    assert all(a.kind == "play" for a in hand.legal_actions())     # seat 1 does not hold the ace
    hand.apply("play KC")
    assert hand.to_act == 2
    legal = sorted(map(str, hand.legal_actions()))
    assert legal == sorted(["rob 2H", "rob 3H", "rob 4H", "rob 5S", "keep"])
    assert_refused(hand, "play 2H", "45.rob.ace-holder")
    event = hand.apply("keep")
    assert event.rule == "45.rob.ace-holder"
    for seat in range(3):
        assert hand.view(seat)["announced_ace_holder"] == 2
    assert hand.turn_up is C("7D")
    assert all(a.kind == "play" for a in hand.legal_actions())
    hand.apply(hand.legal_actions()[0])
    hand.apply(hand.legal_actions()[0])
    # Never offered again.
    while not hand.is_over:
        assert all(a.kind == "play" for a in hand.legal_actions())
        hand.apply(hand.legal_actions()[0])


def test_ace_holder_robs():
    hand = holder_hand()
    hand.apply("play KC")
    event = hand.apply("rob 5S")
    assert event.rule == "45.rob.ace-holder"
    assert hand_of(hand, 2) == sorted(["AD", "2H", "3H", "4H", "7D"])
    assert hand.turn_up is None and hand.view(0)["turn_up"] is None
    assert hand.view(2)["own_discards"] == [C("5S")] and hand.view(0)["own_discards"] == []
    assert hand.view(0)["announced_ace_holder"] is None
    assert_private(hand)
    assert sorted(hand.all_cards()) == sorted(C(c) for c in DECK)


def test_ace_holder_who_leads_decides_before_leading():
    order = oracle.stack_deck(3, 2, {0: HOLDER[2], 1: HOLDER[1], 2: HOLDER[0]}, turn_up="7D")
    hand = deal("forty-fives", order, dealer=2, players=3)
    assert hand.to_act == 0 and "keep" in map(str, hand.legal_actions())


def test_no_ace_holder_offer_in_the_auction():
    hand = deal("auction-forty-fives", DECK, players=4)
    assert all(a.kind == "bid" for a in hand.legal_actions())


# --- the auction ------------------------------------------------------------------------------------

def bid(hand, *calls):
    for call in calls:
        hand.apply(f"bid {call}")


def legal_calls(hand):
    return [a.value for a in hand.legal_actions()]


def test_auction_order_hold_and_pass():
    hand = deal("auction-forty-fives", DECK, players=4)     # dealer 0; bidding starts at seat 1
    calls = []
    script = ["pass", "10", "pass", "hold", "15", "hold", "pass"]
    for call in script:
        want = oracle.auction(calls, 4, 0)
        assert hand.to_act == want["to_act"] and legal_calls(hand) == want["legal"]
        hand.apply(f"bid {call}")
        calls.append(call)
    assert oracle.auction(calls, 4, 0) == {"over": True, "winner": 0, "bid": "15"}
    assert hand.bidder == 0 and hand.bid == "15" and hand.phase is Phase.TRUMP and hand.to_act == 0


def test_auction_explicit_legal_calls():
    hand = deal("auction-forty-fives", DECK, players=4, dealer=3)
    assert hand.to_act == 0
    assert legal_calls(hand) == ["pass", "5", "10", "15", "20", "25", "30", "30-for-60", "60-for-120"]
    bid(hand, "15", "pass", "pass")
    assert hand.to_act == 3 and legal_calls(hand) == ["pass", "hold"]       # the dealer never bids higher
    assert_refused(hand, "bid 20", "a45.bid.hold")
    bid(hand, "hold")
    assert hand.to_act == 0 and legal_calls(hand) == ["pass", "20", "25", "30", "30-for-60", "60-for-120"]
    assert_refused(hand, "bid 15", "a45.bid.values")
    assert_refused(hand, "bid hold", "a45.bid.hold")
    bid(hand, "60-for-120")
    assert hand.to_act == 3 and legal_calls(hand) == ["pass", "hold"]       # hold at any level
    bid(hand, "hold")
    assert hand.to_act == 0 and legal_calls(hand) == ["pass"]
    bid(hand, "pass")
    assert hand.bidder == 3 and hand.bid == "60-for-120"


def test_dealer_never_opens_and_passed_players_are_skipped():
    hand = deal("auction-forty-fives", DECK, players=3)       # dealer 0
    bid(hand, "pass", "pass")
    assert hand.to_act == 0 and legal_calls(hand) == ["pass"]
    assert_refused(hand, "bid 5", "a45.bid.hold")
    assert_refused(hand, "bid hold", "a45.bid.hold")
    hand = deal("auction-forty-fives", DECK, players=4)
    bid(hand, "pass", "5", "10", "pass")
    assert hand.to_act == 2                                   # seat 1 passed and is skipped
    bid(hand, "15")
    assert hand.to_act == 3 and "pass" in legal_calls(hand)


def test_all_pass_throws_the_hand_in():
    hand = deal("auction-forty-fives", DECK, players=4, scores_before=[10, 20, -5, 100])
    before = [c.code for c in hand.all_cards()]
    events = []
    for _ in range(4):
        events += list(hand.apply("bid pass").flatten())
    assert hand.is_over and hand.phase is Phase.OVER and hand.legal_actions() == ()
    assert hand.result.thrown_in and hand.result.scores_after == [10, 20, -5, 100]
    assert hand.returns() == [0, 0, 0, 0] and hand.view(2)["scores"] == [10, 20, -5, 100]
    assert any(e.rule == "a45.bid.all-pass" for e in events)
    assert sorted(c.code for c in hand.all_cards()) == sorted(before)
    assert_refused(hand, "bid 5", "45.game.target")


@pytest.mark.parametrize("min_bid,forced", [(5, "5"), (15, "15")])
def test_dealer_forced(min_bid, forced):
    hand = deal("auction-forty-fives", DECK, players=4, dealer_forced=True, min_bid=min_bid)
    bid(hand, "pass", "pass", "pass")
    assert hand.to_act == 0 and legal_calls(hand) == [forced]
    assert_refused(hand, "bid pass", "a45.bid.all-pass")
    bid(hand, forced)
    assert hand.bidder == 0 and hand.bid == forced and hand.phase is Phase.TRUMP


def test_min_bid_option():
    hand = deal("auction-forty-fives", DECK, players=4, min_bid=15)
    assert legal_calls(hand) == ["pass", "15", "20", "25", "30", "30-for-60", "60-for-120"]
    assert_refused(hand, "bid 10", "a45.bid.values")


# a45.trump.name, a45.discard.*, a45.draw, a45.play.first-lead on a stacked deck (dealer 0, bidder 2).
EXCHANGE = {
    1: ["5S", "KH", "QH", "JH", "10H"],
    2: ["JS", "AS", "2S", "3S", "9D"],
    3: ["2C", "3C", "4D", "5D", "6D"],
    0: ["QS", "4S", "7H", "8H", "9H"],
}
EXCHANGE_KITTY = ["AH", "KS", "10S", "4C"]
EXCHANGE_STOCK = ["2H", "3H", "4H", "5H", "6H", "8D", "7D", "6C", "7C", "8C", "9C", "10C"]


def exchange_hand(**options):
    order = oracle.stack_deck(4, 0, EXCHANGE, kitty=EXCHANGE_KITTY, auction=True, stock=EXCHANGE_STOCK)
    hand = deal("auction-forty-fives", order, players=4, **options)
    assert codes(hand.kitty) == EXCHANGE_KITTY
    bid(hand, "pass", "15", "pass", "pass")
    assert hand.bidder == 2 and hand.bid == "15" and hand.phase is Phase.TRUMP and hand.to_act == 2
    return hand


def test_naming_trump_discards_and_draw():
    hand = exchange_hand()
    assert sorted(map(str, hand.legal_actions())) == ["kitty", "trump C", "trump D", "trump H", "trump S"]
    assert_refused(hand, "play JS", "a45.trump.name")
    event = hand.apply("trump S")
    # Each an event of its own, in the order the table sees it: the trumps, the kitty taken, each player's discards
    # from the dealer's left with the cards they lay face down, the draw with the cards each draws.
    said = [(e.kind, e.seat, e.rule) for e in event.flatten()]
    assert said == [("trump", 2, "a45.trump.name"), ("kitty", 2, "a45.discard.bidder"),
                    ("discards", 1, "a45.discard.others"), ("discards", 2, "a45.discard.bidder"),
                    ("discards", 3, "a45.discard.others"), ("discards", 0, "a45.discard.others"),
                    ("draw", 0, "a45.draw")]
    flat = list(event.flatten())
    assert codes(flat[1].cards) == EXCHANGE_KITTY
    assert {e.seat: sorted(codes(e.cards)) for e in flat[2:6]} == {
        1: sorted(["KH", "QH", "JH", "10H"]), 2: sorted(["3S", "10S", "9D", "4C"]),
        3: sorted(["2C", "3C", "4D", "5D", "6D"]), 0: sorted(["7H", "8H", "9H"])}
    assert codes(flat[6].cards) == EXCHANGE_STOCK[:4 + 0 + 5 + 3]
    assert hand.trump is Suit.SPADES
    # Others keep only trumps; the bidder keeps the five highest of seven trumps (3♠ and 10♠ go).
    assert hand_of(hand, 1) == sorted(["5S", "2H", "3H", "4H", "5H"])
    assert hand_of(hand, 2) == sorted(["JS", "AH", "AS", "KS", "2S"])
    assert hand_of(hand, 3) == sorted(["6H", "8D", "7D", "6C", "7C"])
    assert hand_of(hand, 0) == sorted(["QS", "4S", "8C", "9C", "10C"])
    assert sorted(codes(hand.view(2)["own_discards"])) == sorted(["3S", "10S", "9D", "4C"])
    assert sorted(codes(hand.view(1)["own_discards"])) == sorted(["KH", "QH", "JH", "10H"])
    assert hand.view(1)["stock_size"] == 52 - 24 - 12
    assert hand.phase is Phase.PLAY and hand.to_act == 3         # left of the bidder
    assert sorted(hand.all_cards()) == sorted(C(c) for c in DECK)
    assert_private(hand)
    # The oracle's reading of the same exchange agrees.
    dealt = oracle.deal(oracle.stack_deck(4, 0, EXCHANGE, kitty=EXCHANGE_KITTY, auction=True,
                                          stock=EXCHANGE_STOCK), 4, 0, auction=True)
    want, _ = oracle.exchange(dealt["hands"], dealt["kitty"], dealt["stock"], 2, "S", 0)
    assert [sorted(h) for h in want] == [hand_of(hand, s) for s in range(4)]


def test_taking_the_kitty_in_place_of_the_hand():
    hand = exchange_hand()
    assert hand.view(2)["kitty"] is None and hand.view(1)["kitty"] is None
    event = hand.apply("kitty")
    assert event.rule == "a45.trump.name"
    assert hand_of(hand, 2) == sorted(EXCHANGE_KITTY)
    assert sorted(codes(hand.view(2)["own_discards"])) == sorted(EXCHANGE[2])
    assert hand.view(1)["kitty"] is None and hand.view(1)["own_discards"] == []
    assert sorted(map(str, hand.legal_actions())) == ["trump C", "trump D", "trump H", "trump S"]
    assert_refused(hand, "kitty", "a45.trump.name")
    assert_private(hand)
    hand.apply("trump S")
    assert hand_of(hand, 1) == sorted(["5S", "2H", "3H", "4H", "5H"])
    assert hand_of(hand, 2) == sorted(["AH", "KS", "10S", "6H", "8D"])    # kept trumps, drew two
    assert sorted(codes(hand.discards[2])) == sorted(EXCHANGE[2] + ["4C"])
    assert hand.to_act == 3


def test_no_kitty_to_take_without_a_kitty():
    # a45.trump.name: the bidder may take the kitty in place of the hand; with option kitty 0 there is none.
    hand = deal("auction-forty-fives", DECK, players=4, kitty=0)
    bid(hand, "5", "pass", "pass", "pass")
    assert sorted(map(str, hand.legal_actions())) == ["trump C", "trump D", "trump H", "trump S"]
    assert_refused(hand, "kitty", "a45.trump.name")
    hand = deal("auction-forty-fives", DECK, players=4, kitty=3)
    bid(hand, "5", "pass", "pass", "pass")
    assert "kitty" in map(str, hand.legal_actions())
    hand.apply("kitty")
    assert len(hand.hands[1]) == 3


def test_free_discard():
    hand = exchange_hand(free_discard=True)
    hand.apply("trump S")
    assert hand.phase is Phase.DISCARD and hand.to_act == 1      # from the dealer's left
    assert sorted(map(str, hand.legal_actions())) == sorted([f"discard {c}" for c in EXCHANGE[1]] + ["done"])
    error = assert_refused(hand, "play KH", "a45.discard.others")
    assert "does not hold" not in str(error)                # seat 1 holds K♥: playing is not discarding
    error = assert_refused(hand, "discard AH", "a45.discard.others")
    assert "does not hold A♥" in str(error)
    hand.apply("discard KH")
    hand.apply("discard 5S")                                     # any card, even a trump
    hand.apply("done")
    assert hand.to_act == 2 and len(hand.hands[2]) == 9
    assert "done" not in map(str, hand.legal_actions())
    assert_refused(hand, "done", "a45.discard.bidder")
    for code in ["9D", "3S", "10S"]:
        hand.apply(f"discard {code}")
    assert_refused(hand, "done", "a45.discard.bidder")
    hand.apply("discard 4C")
    hand.apply("done")
    hand.apply("done")                                           # seat 3 keeps everything
    hand.apply("discard 7H")
    hand.apply("done")
    assert hand.phase is Phase.PLAY and hand.to_act == 3
    assert hand_of(hand, 1) == sorted(["QH", "JH", "10H", "2H", "3H"])
    assert hand_of(hand, 2) == sorted(["JS", "AS", "2S", "AH", "KS"])
    assert hand_of(hand, 3) == sorted(EXCHANGE[3])
    assert hand_of(hand, 0) == sorted(["QS", "4S", "8H", "9H", "4H"])
    assert sorted(hand.all_cards()) == sorted(C(c) for c in DECK)


# --- scoring (score_hand, then whole hands on stacked decks) ---------------------------------------------

def test_score_hand_forty_fives():
    config = make_config("forty-fives", players=3)
    r = score_hand(config, [3, 1, 1], best_seat=1, scores_before=[0, 10, 20])
    assert r.points == [15, 10, 5] and r.scores_after == [15, 20, 25]
    r = score_hand(config, [2, 2, 1], best_seat=None, scores_before=[0, 0, 0])
    assert r.points == [10, 10, 5]                                       # no trump played: 25 in all


@pytest.mark.parametrize("tricks,net,by_tricks", [
    ([5, 0], [25, 0], [10, 0]), ([4, 1], [15, 0], [5, 0]), ([3, 2], [5, 0], [5, 0]),
    ([2, 3], [0, 5], [0, 5]), ([1, 4], [0, 15], [0, 5]), ([0, 5], [0, 25], [0, 10]),
])
def test_score_hand_partners(tricks, net, by_tricks):
    # Seats 0 and 2 are side 0; the tricks are spread over the partners.
    per_seat = [tricks[0] - tricks[0] // 2, tricks[1] - tricks[1] // 2, tricks[0] // 2, tricks[1] // 2]
    for scoring, want in (("net", net), ("tricks", by_tricks)):
        config = make_config("forty-fives-partners", players=4, scoring=scoring)
        r = score_hand(config, per_seat, best_seat=1, scores_before=[30, 40])
        assert r.points == want and r.scores_after == [30 + want[0], 40 + want[1]]


@pytest.mark.parametrize("tricks,best,bid,before,after", [
    ([1, 2, 1, 1], 1, "15", [0, 0, 0, 0], [5, 15, 5, 5]),                 # made: scores what was taken
    ([1, 2, 1, 1], 0, "15", [0, 0, 0, 0], [10, -15, 5, 5]),               # fell short: bid subtracted
    ([0, 5, 0, 0], 1, "30", [0, 0, 0, 0], [0, 30, 0, 0]),
    ([0, 5, 0, 0], 1, "30-for-60", [0, 0, 0, 0], [0, 60, 0, 0]),
    ([1, 4, 0, 0], 1, "30-for-60", [0, 0, 0, 0], [5, -30, 0, 0]),
    ([0, 5, 0, 0], 1, "60-for-120", [0, 0, 0, 0], [0, 120, 0, 0]),
    ([0, 4, 1, 0], 1, "60-for-120", [0, 0, 0, 0], [0, -60, 5, 0]),
    ([2, 1, 1, 1], 0, "5", [100, 105, 99, 0], [100, 110, 104, 5]),        # over 100: others add nothing
    ([2, 1, 1, 1], 0, "5", [0, 100, 99, 0], [15, 105, 104, 5]),           # bidder over 100 who made it
    ([2, 1, 1, 1], 0, "15", [0, 100, 99, 0], [15, 85, 104, 5]),           # bidder over 100 who failed
])
def test_score_hand_auction(tricks, best, bid, before, after):
    # Bidder is seat 1 in every row.
    config = make_config("auction-forty-fives", players=4)
    r = score_hand(config, tricks, best_seat=best, scores_before=before, bidder=1, bid=bid)
    assert r.scores_after == after


def test_score_hand_auction_partners():
    config = make_config("auction-forty-fives", players=4, partners=True)
    # Side 1 (seats 1 and 3) bid 20 and took 3 tricks and the best card: 20, made.
    r = score_hand(config, [1, 2, 1, 1], best_seat=3, scores_before=[0, 0], bidder=1, bid="20")
    assert r.scores_after == [10, 20] and r.made
    # Side 1 bid 15 and took 10: -15; side 0, at 100, adds nothing.
    r = score_hand(config, [2, 1, 1, 1], best_seat=0, scores_before=[100, 0], bidder=1, bid="15")
    assert r.scores_after == [100, -15] and r.made is False
    r = score_hand(config, [2, 1, 1, 1], best_seat=0, scores_before=[99, 0], bidder=1, bid="10")
    assert r.scores_after == [99 + 20, 10] and r.made   # seats 0 and 2: 3 tricks and the best card
    with pytest.raises(ConfigError):
        make_config("auction-forty-fives", players=3, partners=True)


# Two players, clubs turned: seat 1 takes three tricks and the 5 of trumps, seat 0 two tricks.
TWO = {1: ["5C", "KD", "QD", "10H", "9H"], 0: ["2H", "JD", "10D", "KH", "QH"]}
TWO_PLAYS = ["5C", "2H", "KD", "JD", "QD", "10D", "10H", "KH", "QH", "9H"]


def two_player_hand(scores_before=None, dealer=0):
    order = oracle.stack_deck(2, 0, TWO, turn_up="9C")
    return deal("forty-fives", order, players=2, scores_before=scores_before, dealer=dealer)


def test_forty_fives_hand_scores_the_best_card():
    hand = two_player_hand(scores_before=[3, 4])
    play(hand, *TWO_PLAYS)
    assert hand.is_over and hand.tricks_won == [2, 3]
    assert hand.result.best_card is C("5C")
    assert hand.result.points == [10, 20] and hand.returns() == [10, 20]
    assert hand.result.scores_after == [13, 24] and hand.view(0)["scores"] == [13, 24]
    score = [e for e in hand.events[-1].flatten() if e.kind == "score"]
    assert score and score[0].rule == "45.score.best-card"
    tricks = [(t.leader, codes(t.cards)) for t in hand.tricks]
    assert oracle.score_forty_fives(tricks, "C", 2) == [10, 20]


def test_forty_fives_hand_without_trumps_totals_25():
    # Diamonds turned; nobody holds a diamond or the A♥.
    hands = {1: ["KC", "QC", "JC", "10S", "9S"], 2: ["2H", "3H", "4H", "5H", "6H"], 0: ["2S", "3S", "4S", "5S", "6S"]}
    hand = deal("forty-fives", oracle.stack_deck(3, 0, hands, turn_up="2D"), players=3)
    while not hand.is_over:
        hand.apply(hand.legal_actions()[0])
    assert hand.result.best_card is None and sum(hand.result.points) == 25
    assert hand.result.points == [5 * t for t in hand.tricks_won]


# Two players, auction, spades: the dealer (seat 0) holds 5♠ J♠ A♥ A♠ 10♠, seat 1 the rest of the top.
AUCTION_LOW = ({0: ["5S", "JS", "AH", "AS", "10S"], 1: ["KS", "QS", "2S", "3S", "4S"]}, ["6S", "7S", "8S", "9S"],
               ["5S", "KS", "JS", "QS", "AH", "2S", "AS", "3S", "10S", "4S"])
AUCTION_ALL = ({0: ["QS", "2S", "3S", "4S", "6S"], 1: ["5S", "JS", "AH", "AS", "KS"]}, ["7S", "8S", "9S", "10S"],
               ["QS", "KS", "5S", "2S", "JS", "3S", "AH", "4S", "AS", "6S"])


def auction_two(deal_spec, call, scores_before, hold=False, plays=None):
    hands, kitty, default_plays = deal_spec
    plays = plays or default_plays
    order = oracle.stack_deck(2, 0, hands, kitty=kitty, auction=True)
    hand = deal("auction-forty-fives", order, players=2, scores_before=scores_before)
    bid(hand, call, "hold" if hold else "pass")
    if hold:
        bid(hand, "pass")
    hand.apply("trump S")
    assert hand.to_act == (hand.bidder + 1) % 2
    play(hand, *plays)
    assert hand.is_over
    return hand


@pytest.mark.parametrize("spec,call,before,after,made", [
    (AUCTION_LOW, "5", [0, 0], [25, 5], True),
    (AUCTION_LOW, "10", [0, 0], [25, -10], False),
    (AUCTION_LOW, "5", [100, 0], [100, 5], True),            # a45.score.over-100
    (AUCTION_LOW, "30-for-60", [0, 0], [25, -30], False),
    (AUCTION_LOW, "60-for-120", [0, 50], [25, -10], False),
    (AUCTION_ALL, "30", [0, 0], [0, 30], True),
    (AUCTION_ALL, "30-for-60", [0, 0], [0, 60], True),
    (AUCTION_ALL, "60-for-120", [0, 100], [0, 220], True),
])
def test_auction_hands_score_the_bid(spec, call, before, after, made):
    hand = auction_two(spec, call, before)
    assert hand.bidder == 1 and hand.result.scores_after == after and hand.result.made is made
    score = [e for e in hand.events[-1].flatten() if e.kind == "score"]
    held = before[0] >= 100      # the other player at 100 or more: nothing added, whatever they took
    assert score[0].rule == ("a45.score.over-100" if held else "a45.score.bidder")
    assert hand.result.held_at_100 == ([0] if held else [])


def test_dealer_who_holds_is_the_bidder():
    # The dealer keeps 5♠ J♠ A♥ A♠ and the 6♠ (the highest of 10♠ 6♠ 7♠ 8♠ 9♠); seat 1 leads.
    plays = ["KS", "5S", "JS", "QS", "AH", "2S", "AS", "3S", "6S", "4S"]
    hand = auction_two(AUCTION_LOW, "20", [0, 0], hold=True, plays=plays)
    # The dealer held 20 and took four tricks and the 5 of trumps: 25.
    assert hand.bidder == 0 and hand.bid == "20" and hand.result.scores_after == [25, 5]


# --- games -----------------------------------------------------------------------------------------------

def game_at(game, scores, hand):
    """A game whose next hand is ``hand`` (a stacked deal) at the given scores."""
    g = FortyFivesGame(game, seed=1, players=hand.n, **({"partners": True} if hand.config.partners else {}))
    g.scores = list(scores)
    g.dealer = hand.dealer
    g.hand = hand
    return g


@pytest.mark.parametrize("before,winner", [([35, 25], None), ([35, 30], 1), ([40, 0], 0), ([20, 10], None)])
def test_forty_fives_game_target_and_ties(before, winner):
    game = game_at("forty-fives", before, two_player_hand(scores_before=before))
    for code in TWO_PLAYS:
        game.apply(f"play {code}")
    assert game.results[-1].scores_after == [before[0] + 10, before[1] + 20]
    assert game.winner == winner and game.is_over == (winner is not None)
    if winner is None:                              # tied at 45 (or nobody there): another hand
        assert game.hand.phase is not Phase.OVER and game.hand.scores_before == game.scores
        assert game.hand.dealer == 1
    else:
        with pytest.raises(IllegalActionError) as info:
            game.apply(game.hand.legal_actions()[0] if game.hand.legal_actions() else "play 2C")
        assert info.value.rule == "45.game.target"


def test_auction_game_successful_bidder_wins_over_a_higher_total():
    hands, kitty, plays = AUCTION_LOW
    order = oracle.stack_deck(2, 0, hands, kitty=kitty, auction=True)
    hand = deal("auction-forty-fives", order, players=2, scores_before=[99, 115])
    game = game_at("auction-forty-fives", [99, 115], hand)
    for action in ["bid 5", "bid pass", "trump S"] + [f"play {c}" for c in plays]:
        game.apply(action)
    assert game.scores == [124, 120]
    assert game.winner == 1                          # the successful bidder, though lower


def test_game_winner_rules():
    fortyfives = make_config("forty-fives", players=3)
    assert game_winner(fortyfives, [44, 0, 30]) is None
    assert game_winner(fortyfives, [45, 0, 30]) == 0
    assert game_winner(fortyfives, [50, 55, 30]) == 1
    assert game_winner(fortyfives, [50, 50, 30]) is None
    auction = make_config("auction-forty-fives", players=3)
    assert game_winner(auction, [130, 120, 0], bidder_side=1, made=True) == 1
    assert game_winner(auction, [130, 120, 0], bidder_side=2, made=True) == 0
    assert game_winner(auction, [125, 125, 0], bidder_side=2, made=False) is None
    assert game_winner(auction, [119, 0, 0], bidder_side=0, made=True) is None


def sensible(legal, rng):
    """A random action, but in the auction pass or make the lowest call (so games reach the target)."""
    if legal[0].kind == "bid" and len(legal) > 1:
        return legal[0] if rng.random() < 0.5 else legal[1]      # pass, or the lowest bid / hold
    return rng.choice(legal)


def random_game(game, seed, max_actions=20000, **options):
    rng = random.Random(seed)
    g = FortyFivesGame(game, seed=seed, **options)
    for _ in range(max_actions):
        if g.is_over:
            return g
        g.apply(sensible(g.hand.legal_actions(), rng))
    raise AssertionError("game did not end")


@pytest.mark.parametrize("game,options,step", [
    ("forty-fives", {"players": 3}, 1),
    ("forty-fives-partners", {"players": 4}, 1),
    ("auction-forty-fives", {"players": 4}, -1),
    ("auction-forty-fives", {"players": 3, "rotation": "left"}, 1),
    ("forty-fives", {"players": 4, "rotation": "right"}, -1),
])
def test_deal_rotation(game, options, step):
    g = random_game(game, 5, **options)
    n = g.config.players
    assert g.dealers[0] == 0
    for a, b in zip(g.dealers, g.dealers[1:], strict=False):
        assert b == (a + step) % n
    assert len(g.dealers) == len(g.results)
    assert max(g.scores) >= g.config.target and g.scores[g.winner] >= g.config.target


def test_first_dealer_random_is_seeded():
    dealers = {FortyFivesGame("forty-fives", seed=s, players=5, first_dealer="random").dealers[0] for s in range(30)}
    assert len(dealers) > 1 and dealers <= set(range(5))
    assert (FortyFivesGame("forty-fives", seed=7, players=5, first_dealer="random").hand.hands
            == FortyFivesGame("forty-fives", seed=7, players=5, first_dealer="random").hand.hands)


def test_thrown_in_hand_passes_the_deal_and_keeps_scores():
    g = FortyFivesGame("auction-forty-fives", seed=3, players=4)
    for _ in range(4):
        g.apply("bid pass")
    assert g.results[-1].thrown_in and g.scores == [0, 0, 0, 0]
    assert g.hand.dealer == 3 and g.hand.phase is Phase.BID and g.hand.to_act == 0


# --- illegal actions, undo, views, notation ----------------------------------------------------------------

def test_illegal_plays_leave_the_state_unchanged():
    hand = holder_hand()
    error = assert_refused(hand, "play 2H", None)                   # not held by seat 1
    assert "2♥" in str(error)
    assert_refused(hand, "bid 15", None)
    assert_refused(hand, "trump S", None)
    assert_refused(hand, "keep", None)
    hand.apply("play KC")
    hand.apply("keep")
    # Clubs led; seat 2 has no club: anything. Seat 0 has clubs and must follow or trump.
    hand.apply("play 2H")
    error = assert_refused(hand, "play 2S", "45.follow.plain-lead")
    assert "6♣" in str(error) and "clubs" in str(error)
    hand.apply("play 6C")
    assert hand.tricks[0].winner == 1


def test_renege_refusals_through_the_engine():
    hands = {1: ["3D", "KC", "QC", "JC", "10C"], 2: ["5D", "7D", "2H", "3H", "4H"], 0: ["JD", "2C", "2S", "3S", "4S"]}
    hand = deal("forty-fives", oracle.stack_deck(3, 0, hands, turn_up="9D"), players=3)
    hand.apply("play 3D")
    error = assert_refused(hand, "play 2H", "45.follow.renege")      # 5♦ may be reneged, 7♦ may not
    assert "7♦" in str(error)
    hand.apply("play 5D")
    hand.apply("play 2C")                                            # the jack is reneged against the 3♦


def test_undo_restores_the_previous_state():
    hand = FortyFivesHand.new("auction-forty-fives", seed=21, players=3)
    with pytest.raises(IllegalActionError):
        hand.undo()
    states = [snapshot(hand)]
    rng = random.Random(2)
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_actions()))
        states.append(snapshot(hand))
    while len(hand.history) > 1:
        states.pop()
        hand.undo()
        assert snapshot(hand) == states[-1]


def test_views_show_only_what_a_seat_may_see():
    for game, players in (("forty-fives", 5), ("forty-fives-partners", 6), ("auction-forty-fives", 4)):
        hand = FortyFivesHand.new(game, seed=8, players=players)
        rng = random.Random(8)
        while not hand.is_over:
            assert_private(hand)
            for seat in range(players):
                view = hand.view(seat)
                assert view["hand"] == hand.hands[seat]
                assert view["hand_sizes"] == [len(h) for h in hand.hands]
                assert view["legal"] == ([str(a) for a in hand.legal_actions()] if seat == hand.to_act else [])
            hand.apply(rng.choice(hand.legal_actions()))
        assert_private(hand)


@pytest.mark.parametrize("text", ["play 10H", "rob 5C", "keep", "bid 30-for-60", "bid 60-for-120", "bid pass",
                                  "bid hold", "bid 15", "trump S", "kitty", "discard 2C", "done"])
def test_action_text_round_trip(text):
    action = Action.parse(text)
    assert str(action) == text and Action.parse(str(action)) == action


def test_action_spellings_and_deal_round_trip():
    assert Action.parse("PLAY th") == Action.parse("play 10H")
    assert Action.parse("trump ♠") == Action("trump", None, Suit.SPADES)
    hand = FortyFivesHand.new("forty-fives", seed=4)
    deal_action = hand.history[0]
    assert Action.parse(str(deal_action)) == deal_action
    again = FortyFivesHand.replay(hand.config, [Action.parse(str(a)) for a in hand.history])
    assert again.hands == hand.hands


def test_the_ace_holder_robbing_with_a_card_not_held_is_told_so_and_nothing_changes():
    from atout.cards import Card
    from atout.forty_fives.config import make_config

    hand = FortyFivesHand.position(make_config("forty-fives"), Card.parse("9D"), holder=1)
    missing = next(c for c in (Card.parse(x) for x in ("8S", "7S", "6S")) if c not in hand.hands[1])
    why = hand.explain_illegal(f"rob {missing.code}")
    assert why.rule == "45.rob.ace-holder" and f"does not hold {missing.render('en')}" in why.text.render("en")
    before = [list(h) for h in hand.hands]
    with pytest.raises(IllegalActionError, match="does not hold"):
        hand.apply(f"rob {missing.code}")
    assert [list(h) for h in hand.hands] == before and hand.to_act == 1


@pytest.mark.parametrize("turn_up, hands", [("JK", None), ("9D", {1: ["JK", "2C"]})])
def test_a_rob_position_with_the_joker_is_refused_as_a_card_outside_the_deck(turn_up, hands):
    from atout.errors import PositionError
    from atout.forty_fives.config import make_config

    given = {seat: [Card.parse(c) for c in cards] for seat, cards in (hands or {}).items()}
    with pytest.raises(PositionError, match="(?i)the joker is not in the deck of this game"):
        FortyFivesHand.position(make_config("forty-fives"), Card.parse(turn_up), hands=given)


def test_a_robber_sees_the_ace_of_trumps_marked_as_the_card_not_given_up():
    """Robbing is a choice of a card: the held card it cannot use is marked, with core's reason, as a card that may
    not be played is in play (none was marked, and the table showed the ace as clickable)."""
    found = 0
    for seed in range(200):
        hand = FortyFivesHand.new("forty-fives", seed=seed, players=3)
        while hand.to_act not in (None, 0):
            hand.apply(hand.legal_actions()[0])
        if hand.to_act != 0 or hand.rob_offer is None:
            continue
        view = hand.table_view(0)
        given_up = {a.card for a in view.legal if a.kind == "rob"}
        assert set(view.illegal) == set(hand.hands[0]) - given_up
        for card, why in view.illegal.items():
            assert why.rule == "45.rob.ace-holder" and card.render() in why.sentence(viewer=0)
        assert hand.table_view(1).illegal == {}          # another seat is shown no marks for the robber's hand
        found += 1
    assert found >= 3
