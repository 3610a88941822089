"""Seat views carry everything their seat may know, and nothing it may not.

A view is what the computer players and the evaluation read, and all they read: the seat's own cards and
the public record (every trick, who robbed, how many cards each seat discarded and drew, the suit a led
joker named, the marriages shown, the exchange and the close). Checked three ways: on random hands drawn by
hypothesis (no card the seat may not know ever appears, and each public field agrees with the actions that
made it), after specific actions on stacked decks, and by the players deciding exactly as before from a
stand-in that offers nothing but the views.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from atout.cards import JOKER, KING, QUEEN, Card, Suit
from atout.engine import Action, Phase
from atout.evaluate import evaluate
from atout.five_hundred import FiveHundredHand
from atout.forty_fives import FortyFivesHand
from atout.games import package_of
from atout.players import LEVELS, make_player
from atout.sixty_six import SixtySixHand
from atout.sixty_six import make_config as make_66
from tests.core import oracle_45
from tests.core.test_five_hundred_hand import nt_hand_with_joker
from tests.core.test_forty_fives_engine import (
    DEALER_CARDS,
    EXCHANGE_KITTY,
    cards_in,
    deal,
    exchange_hand,
    holder_hand,
    secrets_for,
)
from tests.core.test_sixty_six_hand import act
from tests.core.test_sixty_six_hand import deal as deal_66

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def C(code):
    return Card.parse(code)


def assert_nothing_hidden(hand, seats, hidden_from):
    for seat in seats:
        leak = set(cards_in(hand.view(seat))) & hidden_from(hand, seat)
        assert not leak, f"seat {seat} sees {sorted(c.code for c in leak)}"


# --- what a seat may not know, per family (from the rules' "What each seat sees") --------------------------

def hidden_500(hand, seat):
    """Other hands (save the open misère hand, face up after the first trick), the kitty on the table, and the
    contractor's discards for everybody else."""
    hidden = {c for s in range(4) if s != seat for c in hand.hands[s]}
    contract = hand.contract
    if contract is not None and contract.open and hand.tricks:
        hidden -= set(hand.hands[hand.contractor])
    hidden |= set(hand.kitty)
    if seat != hand.contractor:
        hidden |= set(hand.discards)
    return hidden


def hidden_66(hand, seat):
    """The other hand and the face-down stock; not the turned trump (known wherever it goes), nor the king and
    queen of a marriage the other seat showed."""
    other = 1 - seat
    hidden = set(hand.hands[other]) | set(hand.deck_order[hand.next_card:])
    hidden.discard(hand.turned_card)
    for who, suit, _ in hand.marriages:
        if who == other:
            hidden -= {Card.of(KING, suit), Card.of(QUEEN, suit)}
    return hidden


# --- Forty-Fives: random hands ------------------------------------------------------------------------------

@st.composite
def forty_fives_setups(draw):
    game = draw(st.sampled_from(oracle_45.PRESETS))
    if game == "forty-fives":
        options = {"players": draw(st.integers(2, 6)), "dealer_rob": draw(st.sampled_from(["must", "may"]))}
    elif game == "forty-fives-partners":
        options = {"players": draw(st.sampled_from([4, 6])), "dealer_rob": draw(st.sampled_from(["may", "must"]))}
    else:
        options = {"players": draw(st.integers(2, 4)), "partners": False, "free_discard": draw(st.booleans()),
                   "kitty": draw(st.sampled_from([4, 3, 0])), "dealer_forced": True}
        if options["players"] == 4:
            options["partners"] = draw(st.booleans())
    return game, options


@SETTINGS
@given(setup=forty_fives_setups(), seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 5), data=st.data())
def test_forty_fives_views_hide_what_they_must_and_keep_the_public_record(setup, seed, dealer, data):
    game, options = setup
    n = options["players"]
    hand = FortyFivesHand.new(game, seed=seed, dealer=dealer % n, options=options)
    config = hand.config
    dealt = [list(h) for h in hand.hands]
    kitty = list(hand.kitty)
    # 45.deal.packets: five cards each, then the turn-up, or (auction) the kitty, then the stock
    stock = set(hand.deck_order[5 * n + len(kitty) + (0 if config.auction else 1):])
    turned = None if config.auction else hand.deck_order[5 * n]
    robber = rob_phase = None
    kitty_taken = False
    while True:
        assert_nothing_hidden(hand, range(n), secrets_for)
        views = [hand.view(s) for s in range(n)]
        public = {key: views[0][key] for key in ("robbed_by", "robbed_card", "turn_up_after_trick",
                                                 "discard_counts", "drawn", "tricks", "config")}
        assert all({key: view[key] for key, _ in public.items()} == public for view in views)
        assert public["config"] is config
        assert public["robbed_by"] == robber
        assert public["robbed_card"] == (turned if robber is not None else None)
        dealer_keeps_ace_for_later = rob_phase and config.dealer_rob == "may" and not hand.tricks
        assert public["turn_up_after_trick"] == (hand.dealer if dealer_keeps_ace_for_later else None)
        if not config.auction:
            assert public["drawn"] is None
        elif public["drawn"] is not None and not hand.tricks and not hand.trick.cards:
            # a45.draw: just after the draw, what each seat holds from the stock is what it drew
            assert public["drawn"] == [len(set(h) & stock) for h in hand.hands]
            had = [set(dealt[s]) | (set(kitty) if s == hand.bidder else set()) for s in range(n)]
            assert public["discard_counts"] == [len(had[s] - set(hand.hands[s])) for s in range(n)]
        if not config.auction:
            assert public["discard_counts"] == [int(s == robber) for s in range(n)]
        # a45.trump.name: the bidder takes the kitty (in place of its hand, or after naming trump); only it saw it
        assert [view["kitty"] for view in views] == [kitty if kitty_taken and s == hand.bidder else None
                                                     for s in range(n)]
        if hand.is_over:
            break
        seat, phase = hand.to_act, hand.phase
        action = data.draw(st.sampled_from(hand.legal_actions()))
        hand.apply(action)
        if action.kind == "rob":
            robber, rob_phase = seat, phase is Phase.ROB
        kitty_taken = kitty_taken or action.kind in ("kitty", "trump")


# --- Five Hundred: random hands -------------------------------------------------------------------------------

@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 3), single_round=st.booleans(), data=st.data())
def test_five_hundred_views_hide_what_they_must_and_keep_the_public_record(seed, dealer, single_round, data):
    hand = FiveHundredHand.new(seed=seed, dealer=dealer, misere=True, single_round=single_round)
    named: list[Suit | None] = []          # per trick, the suit named with a led joker (from the actions)
    kitty = list(hand.kitty)
    while True:
        assert_nothing_hidden(hand, range(4), hidden_500)
        for seat in range(4):
            view = hand.view(seat)
            assert view["config"] is hand.config
            assert view["joker_suits"] == named[:len(hand.tricks)]
            contract = view["contract_terms"]
            assert (contract.call if contract else None) == view["contract"]
            took = view["contractor"] == seat and hand.phase is not Phase.BID
            assert view["kitty_taken"] == (kitty if took else None)
        if hand.is_over:
            break
        legal = hand.legal_actions()
        bids = [a for a in legal if a.kind == "bid"]
        # mostly pass or a low bid, so that contracts of every kind get played
        action = data.draw(st.sampled_from(bids[:3] if bids and data.draw(st.booleans()) else legal))
        if action.kind == "play" and not hand.trick.cards:
            named.append(action.value)
        hand.apply(action)


# --- Sixty-Six: random hands ------------------------------------------------------------------------------------

@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 1), strict_marriages=st.booleans(),
       show_totals=st.booleans(), data=st.data())
def test_sixty_six_views_hide_what_they_must_and_keep_the_public_record(seed, dealer, strict_marriages,
                                                                         show_totals, data):
    config = make_66("sixty-six", strict_marriages=strict_marriages, show_totals=show_totals)
    hand = SixtySixHand.new(config, seed=seed, dealer=dealer)
    plays: list[tuple[int, Card]] = []
    marriages: list[tuple[int, Suit]] = []
    married = exchanged_by = closed_by = at_close = None
    draws = 0
    while True:
        assert_nothing_hidden(hand, (0, 1), hidden_66)
        for seat in (0, 1):
            view = hand.view(seat)
            tricks = view["tricks"]
            assert [(t.leader, list(t.cards)) for t in tricks] == [
                (plays[i][0], [plays[i][1], plays[i + 1][1]]) for i in range(0, 2 * len(tricks), 2)]
            assert [(s, suit) for s, suit, _ in view["marriages"]] == marriages
            assert view["married"] == married
            assert view["exchanged_by"] == exchanged_by and view["closed_by"] == closed_by
            assert view["tricks_at_close"] == at_close
            # 66.draw: each draw takes two face-down cards; the last one takes one and the turned trump
            assert view["face_down"] == max(0, 11 - 2 * draws)
            assert view["stock_size"] == view["face_down"] + (draws < 6)
        if hand.is_over:
            break
        seat = hand.to_act
        legal = [a for a in hand.legal_actions() if a.kind != "declare"] or hand.legal_actions()
        action = data.draw(st.sampled_from(legal))
        trick_ends = action.kind == "play" and len(hand.trick) == 1
        hand.apply(action)
        if action.kind == "play":
            plays.append((seat, action.card))
            if trick_ends:
                married = None
        elif action.kind == "marriage":
            marriages.append((seat, action.card.suit))
            married = action.card.suit
        elif action.kind == "exchange":
            exchanged_by = seat
        elif action.kind == "close":
            closed_by = seat
            won = [sum(1 for t in hand.tricks if t.winner == s) for s in (0, 1)]
            at_close = (won[0], won[1])
        elif action.kind == "draw":
            draws += 1


# --- Forty-Fives: specific actions ------------------------------------------------------------------------------

def test_every_seat_sees_the_dealer_rob_the_turned_ace():
    order = oracle_45.stack_deck(3, 0, {0: DEALER_CARDS}, turn_up="AS")
    hand = deal("forty-fives", order, players=3)
    assert all(hand.view(s)["robbed_by"] is None and hand.view(s)["robbed_card"] is None for s in range(3))
    hand.apply("rob 2C")
    for seat in range(3):
        view = hand.view(seat)
        assert view["robbed_by"] == 0 and view["robbed_card"] is C("AS")
        assert view["discard_counts"] == [1, 0, 0] and view["turn_up_after_trick"] is None
    assert hand.view(0)["own_discards"] == [C("2C")] and hand.view(1)["own_discards"] == []


def test_the_partners_dealer_who_robs_takes_the_ace_after_the_first_trick_in_every_view():
    order = oracle_45.stack_deck(4, 0, {0: DEALER_CARDS}, turn_up="AS")
    hand = deal("forty-fives-partners", order, players=4)
    hand.apply("rob 2C")
    for _ in range(4):
        assert [hand.view(s)["turn_up_after_trick"] for s in range(4)] == [0] * 4
        assert hand.view(1)["turn_up"] is C("AS")
        hand.apply(hand.legal_actions()[0])
    assert [hand.view(s)["turn_up_after_trick"] for s in range(4)] == [None] * 4
    assert hand.view(2)["robbed_by"] == 0 and hand.view(2)["robbed_card"] is C("AS")


def test_every_seat_sees_the_ace_holder_rob():
    hand = holder_hand()
    hand.apply("play KC")
    hand.apply("rob 5S")
    for seat in range(3):
        view = hand.view(seat)
        assert view["robbed_by"] == 2 and view["robbed_card"] is C("7D")
        assert view["discard_counts"] == [0, 0, 1] and view["announced_ace_holder"] is None


def test_the_auction_views_count_each_seats_discards_and_draw():
    hand = exchange_hand()
    assert all(hand.view(s)["drawn"] is None for s in range(4))
    hand.apply("trump S")
    # Others keep only spades (and the A♥): seat 0 keeps Q♠ 4♠, seat 1 the 5♠, seat 3 nothing. The bidder,
    # seat 2, has seven trumps with the kitty: it keeps five and throws 9♦ 4♣ and its two lowest trumps.
    for seat in range(4):
        view = hand.view(seat)
        assert view["discard_counts"] == [3, 4, 4, 5]
        assert view["drawn"] == [3, 4, 0, 5]
        assert view["kitty"] == ([C(c) for c in EXCHANGE_KITTY] if seat == 2 else None)


def test_taking_the_kitty_in_place_of_the_hand_counts_the_hand_as_discarded():
    hand = exchange_hand()
    assert all(hand.view(s)["kitty"] is None for s in range(4))
    hand.apply("kitty")
    assert [hand.view(s)["discard_counts"] for s in (1, 2)] == [[0, 0, 5, 0]] * 2
    assert hand.view(2)["kitty"] == [C(c) for c in EXCHANGE_KITTY] and hand.view(1)["kitty"] is None
    hand.apply("trump S")        # the kitty's A♥ K♠ 10♠ are kept, its 4♣ goes: two cards drawn
    assert hand.view(1)["discard_counts"] == [3, 4, 6, 5] and hand.view(1)["drawn"] == [3, 4, 2, 5]


# --- Five Hundred: specific actions ---------------------------------------------------------------------------

def test_the_suit_named_with_a_led_joker_stays_in_every_view():
    hand = nt_hand_with_joker()
    hand.apply("play JK H")
    for seat in range(4):
        assert hand.view(seat)["joker_suit"] is Suit.HEARTS and hand.view(seat)["joker_suits"] == []
    while hand.trick.cards:
        hand.apply(hand.legal_actions()[0])
    hand.apply(next(a for a in hand.legal_actions() if a.card is not JOKER))
    for seat in range(4):
        view = hand.view(seat)
        assert view["joker_suits"] == [Suit.HEARTS] and view["joker_suit"] is None
        assert view["contract"] == "6NT" and view["contract_terms"].tricks == 6
        assert not view["contract_terms"].misere and view["contract_terms"].trump is None


def test_only_the_contractor_sees_the_kitty_it_took_and_its_discards():
    hand = FiveHundredHand.new(seed=5, dealer=3)
    kitty = list(hand.kitty)
    assert all(hand.view(s)["kitty_taken"] is None for s in range(4))
    for call in ["7H", "pass", "pass", "pass"]:
        hand.apply(Action("bid", None, call))
    thrown = list(hand.hands[0][:3])
    for card in thrown:
        hand.apply(Action("discard", card))
    assert hand.view(0)["kitty_taken"] == kitty and hand.view(0)["discards"] == thrown
    for seat in (1, 2, 3):
        assert hand.view(seat)["kitty_taken"] is None and hand.view(seat)["discards"] is None
        assert hand.view(seat)["contract_terms"].call == "7H"


# --- Sixty-Six: specific actions ------------------------------------------------------------------------------

def test_the_sixty_six_views_keep_every_trick_and_the_marriages():
    hand = deal_66("KH QH 9C JC 9D JD", "AH 10H AC 10C AD 10D", "AS", stock="QD 10S")
    hand.apply("marriage KH")
    for seat in (0, 1):
        assert hand.view(seat)["marriages"] == [(1, Suit.HEARTS, 20)] and hand.view(seat)["married"] is Suit.HEARTS
    act(hand, "play QH", "play AH")
    act(hand, "draw")                           # seat 0 draws Q♦, seat 1 the 10♠
    act(hand, "play 10H", "play 10S")           # seat 1 trumps: its marriage now counts
    for seat in (0, 1):
        view = hand.view(seat)
        assert [tuple(t) for t in view["tricks"]] == [(1, (C("QH"), C("AH")), 0), (0, (C("10H"), C("10S")), 1)]
        assert view["married"] is None and view["marriages"] == [(1, Suit.HEARTS, 20)]
        assert view["face_down"] == 9 and view["stock_size"] == 10


def test_the_sixty_six_views_show_the_exchange_and_the_close():
    hand = deal_66("9S QH 9C JC 9D JD", "AH 10H AC 10C AD 10D", "KS", stock="QD JH")
    act(hand, "play 9D", "play AH", "draw", "exchange 9S")
    for seat in (0, 1):
        view = hand.view(seat)
        assert view["exchanged_by"] == 1 and view["turned_card"] is C("KS") and view["trump_card"] is C("9S")
        assert view["closed_by"] is None and view["tricks_at_close"] is None
    act(hand, "close")
    for seat in (0, 1):
        view = hand.view(seat)
        assert view["closed_by"] == 1 and view["tricks_at_close"] == (0, 1) and view["strict"]
        assert view["face_down"] == 9 and not view["trump_card_face_up"]


# --- the players and the evaluation read the views alone ----------------------------------------------------------

class ViewsOnly:
    """A stand-in for a hand offering only what a player may use: the seats' views, whose turn it is and the
    legal actions. Reading anything else raises AttributeError."""

    def __init__(self, hand):
        self._hand = hand

    def view(self, seat):
        return self._hand.view(seat)

    def legal_actions(self):
        return self._hand.legal_actions()

    @property
    def to_act(self):
        return self._hand.to_act


VIEW_PRESETS = [("forty-fives", {"players": 3}), ("forty-fives-partners", {"dealer_rob": "may"}),
                ("auction-forty-fives", {}), ("auction-forty-fives", {"players": 3, "free_discard": True}),
                ("five-hundred", {"misere": True}), ("sixty-six", {})]


@pytest.mark.parametrize("game,options", VIEW_PRESETS)
@pytest.mark.parametrize("level", LEVELS)
def test_players_decide_from_the_views_alone(game, options, level):
    """Each decision made through the stand-in is the one made with the whole hand at hand."""
    extra = {"samples": 3, "budget_s": 600.0} if level == "expert" else {}    # no deadline: the same samples
    checked = 0
    for seed in range(2):
        hand = package_of(game).new_hand(game, seed=seed, **options)
        seats = len(hand.hands)
        helpers = [make_player(game, "club", seed=s) for s in range(seats)]
        rng = random.Random(seed)
        while not hand.is_over:
            seat = hand.to_act
            # every decision for the quick levels; the expert's now and then (each one solves deals)
            if level != "expert" or rng.random() < 0.15:
                mine = make_player(game, level, seed=seed, **extra).act(hand, seat)
                assert make_player(game, level, seed=seed, **extra).act(ViewsOnly(hand), seat) == mine
                checked += 1
            hand.apply(helpers[seat].act(hand, seat))
    assert checked >= 4


@pytest.mark.parametrize("game,options", [("forty-fives-partners", {}), ("auction-forty-fives", {}),
                                          ("five-hundred", {}), ("sixty-six", {})])
def test_the_evaluation_reads_the_view_alone(game, options):
    hand = package_of(game).new_hand(game, seed=3, **options)
    helpers = [make_player(game, "club", seed=s) for s in range(len(hand.hands))]
    while hand.phase is not Phase.PLAY or len(hand.tricks) < 2:
        hand.apply(helpers[hand.to_act].act(hand, hand.to_act))
    seat = hand.to_act
    whole = evaluate(hand, seat, samples=4, seed=2)
    alone = evaluate(ViewsOnly(hand), seat, samples=4, seed=2)
    assert alone.values == whole.values and alone.samples == 4
