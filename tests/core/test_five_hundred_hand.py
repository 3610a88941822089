"""The Five Hundred hand state machine: deal, auction, kitty, play, misère, views, undo, the game."""

import random

import pytest

from atout.cards import JOKER, Card, Suit, parse_cards
from atout.engine import Action, Phase
from atout.errors import IllegalActionError
from atout.five_hundred import FiveHundredGame, FiveHundredHand, make_config, new_hand
from atout.five_hundred.config import DECK as FIVE_HUNDRED_DECK
from atout.games import package_of
from atout.rulebook import RULES
from tests.core import oracle_500 as oracle


def codes(cards):
    return [c.code for c in cards]


def dealt(order_codes, dealer=0, **options):
    hand = FiveHundredHand(make_config("five-hundred", **options), dealer)
    hand.apply(Action("deal", None, tuple(parse_cards(order_codes))))
    return hand


def deck_with(front, seed=0):
    """A deck order that starts with ``front`` (the first cards dealt: seat dealer+1's first packet)."""
    rest = [c for c in oracle.DECK if c not in front]
    random.Random(seed).shuffle(rest)
    return list(front) + rest


def snapshot(hand):
    return (hand.phase, hand.to_act, [codes(h) for h in hand.hands], codes(hand.kitty), codes(hand.discards),
            [(t.leader, codes(t.cards), t.winner) for t in hand.tricks],
            codes(hand.trick.cards) if hand.trick else None, list(hand.history), list(hand.shown_out),
            hand.auction.calls[:] if hand.auction else None, hand.contract)


@pytest.mark.parametrize("dealer", range(4))
def test_the_deal_follows_the_packets(dealer):
    order = deck_with([], seed=dealer)
    hand = dealt(order, dealer)
    want = oracle.deal(order, dealer)
    assert [codes(h) for h in hand.hands] == want["hands"]
    assert codes(hand.kitty) == want["kitty"]
    assert hand.phase is Phase.BID and hand.to_act == (dealer + 1) % 4
    assert [(w, s, len(c)) for w, s, c in hand.deal_packets()][:5] == [
        ("hand", (dealer + 1) % 4, 3), ("hand", (dealer + 2) % 4, 3), ("hand", (dealer + 3) % 4, 3),
        ("hand", dealer, 3), ("kitty", None, 3)]


@pytest.mark.parametrize("bad", [
    oracle.DECK[:42],                                   # a card short
    oracle.DECK[:42] + ("AC",),                         # a card twice
    oracle.DECK[:42] + ("2S",),                         # a card the deck lacks
])
def test_a_bad_deal_is_refused_and_changes_nothing(bad):
    hand = FiveHundredHand(make_config("five-hundred"))
    with pytest.raises(IllegalActionError) as err:
        hand.apply(Action("deal", None, tuple(parse_cards(bad))))
    assert err.value.rule == "500.deal" and "43" in str(err.value)
    assert hand.phase is Phase.DEAL and hand.history == [] and all(h == [] for h in hand.hands)


def test_seeded_hands_are_reproducible():
    a, b = FiveHundredHand.new(seed=42), new_hand("five-hundred", seed=42)
    assert a.hands == b.hands and a.kitty == b.kitty
    assert FiveHundredHand.new(seed=43).hands != a.hands
    assert package_of("five-hundred").new_hand("five-hundred", seed=42).hands == a.hands


def test_all_pass_throws_the_hand_in():
    hand = FiveHundredHand.new(seed=1)
    for _ in range(4):
        hand.apply("bid pass")
    assert hand.is_over and hand.result.thrown_in and hand.legal_actions() == ()
    assert hand.returns() == [0, 0, 0, 0]
    assert [e.rule for e in hand.events[-1].flatten()] == ["500.bid.pass", "500.bid.all-pass"]
    with pytest.raises(IllegalActionError):
        hand.apply("bid 6S")


def test_contract_kitty_and_discards():
    hand = FiveHundredHand.new(seed=5, dealer=3)       # seat 0 bids first
    kitty = list(hand.kitty)
    for call in ["7H", "pass", "pass", "pass"]:
        hand.apply(Action("bid", None, call))
    assert hand.contractor == 0 and hand.contract.call == "7H" and hand.trump is Suit.HEARTS
    assert hand.phase is Phase.KITTY and hand.to_act == 0 and len(hand.hands[0]) == 13
    assert all(c in hand.hands[0] for c in kitty) and hand.kitty == []
    assert hand.view(0)["kitty_taken"] == kitty and hand.view(1)["kitty_taken"] is None
    assert {a.kind for a in hand.legal_actions()} == {"discard"}
    # discarding a card not held is refused, naming the rule, and changes nothing
    missing = next(c for c in FIVE_HUNDRED_DECK if c not in hand.hands[0])
    before = snapshot(hand)
    with pytest.raises(IllegalActionError) as err:
        hand.apply(Action("discard", missing))
    assert err.value.rule == "500.kitty" and snapshot(hand) == before
    with pytest.raises(IllegalActionError):
        hand.apply(Action("play", hand.hands[0][0]))      # not yet: discard first
    assert snapshot(hand) == before
    thrown = [hand.hands[0][i] for i in (0, 5, 12)]
    for card in thrown:
        hand.apply(Action("discard", card))
    assert hand.phase is Phase.PLAY and hand.to_act == 0 and len(hand.hands[0]) == 10
    assert hand.discards == thrown and hand.view(0)["discards"] == thrown and hand.view(2)["discards"] is None
    assert "500.play.first-lead" in [e.rule for e in hand.events[-1].flatten()]


def nt_hand_with_joker(contract="6NT", **options):
    """Seat 1 holds the joker and wins the auction in ``contract``; it has discarded three cards."""
    hand = dealt(deck_with(["JK", "AS", "KS"]), dealer=0, **options)
    for call in [contract, "pass", "pass", "pass"]:
        hand.apply(Action("bid", None, call))
    for _ in range(3):
        hand.apply(next(a for a in hand.legal_actions() if a.card is not JOKER))
    return hand


def test_joker_lead_in_no_trumps_names_a_suit():
    hand = nt_hand_with_joker()
    joker_leads = [a for a in hand.legal_actions() if a.card is JOKER]
    assert [a.value for a in joker_leads] == list(Suit)
    assert Action("play", JOKER) not in hand.legal_actions()
    before = snapshot(hand)
    with pytest.raises(IllegalActionError) as err:
        hand.apply("play JK")
    assert err.value.rule == "500.joker.no-trump" and snapshot(hand) == before
    event = hand.apply("play JK H")
    assert str(event.action) == "play JK H" and Action.parse("play JK H") == event.action
    assert event.rule == "500.joker.no-trump" and "hearts" in event.explanation.render("en")
    seat = hand.to_act
    hearts = [c for c in hand.hands[seat] if c.suit is Suit.HEARTS]
    assert {a.card for a in hand.legal_actions()} == set(hearts or hand.hands[seat])
    while hand.trick.cards:
        hand.apply(hand.legal_actions()[0])
    assert hand.tricks[0].winner == 1 and hand.tricks[0].joker_suit is Suit.HEARTS
    assert hand.view(0)["tricks"][0][1][0] is JOKER


def test_joker_in_a_suit_contract_names_nothing():
    hand = nt_hand_with_joker("6S")
    assert [a for a in hand.legal_actions() if a.card is JOKER] == [Action("play", JOKER)]
    with pytest.raises(IllegalActionError) as err:
        hand.apply("play JK H")
    assert err.value.rule == "500.rank.joker"


def test_the_joker_may_not_name_a_suit_its_leader_showed_out_of():
    """Search seeded random no-trump hands for a joker lead after its leader showed out of a suit."""
    rng = random.Random(11)
    for seed in range(400):
        hand = FiveHundredHand.new(seed=seed)
        hand.apply("bid 10NT")
        for _ in range(3):
            hand.apply("bid pass")
        while not hand.is_over:
            seat = hand.to_act
            leads = [a for a in hand.legal_actions() if a.card is JOKER and a.value is not None]
            if leads and hand.shown_out[seat]:
                shown = set()
                for t in hand.tricks:     # independently of the engine's bookkeeping
                    lead = t.joker_suit.letter if t.joker_suit is not None else t.cards[0].suit.letter
                    for s, c in zip(t.seats, t.cards, strict=True):
                        if s == seat and c.suit is not None and c.suit.letter != lead:
                            shown.add(lead)
                        if s == seat and c is JOKER and s != t.leader:
                            shown.add(lead)
                assert [a.value.letter for a in leads] == oracle.joker_names("NT", shown)
                bad = next(s for s in Suit if s.letter in shown)
                with pytest.raises(IllegalActionError) as err:
                    hand.apply(Action("play", JOKER, bad))
                assert err.value.rule == "500.joker.no-trump" and "shown out" in str(err.value)
                return
            hand.apply(rng.choice(hand.legal_actions()))
    pytest.fail("no joker lead after a show-out in 400 hands")


@pytest.mark.parametrize("call", ["misere", "open-misere"])
def test_misere_partner_sits_out(call):
    hand = FiveHundredHand.new(seed=9, misere=True)     # dealer 0: seat 1 calls first
    opening = ["7S", call] if call == "misere" else [call]
    for c in opening:
        hand.apply(Action("bid", None, c))
    while hand.phase is Phase.BID:
        hand.apply("bid pass")
    contractor = hand.contractor
    partner = (contractor + 2) % 4
    assert hand.contract.call == call and hand.trump is None and hand.sitting_out == partner
    partner_cards = list(hand.hands[partner])
    rng = random.Random(call)
    exposed_before_first_trick = []
    while not hand.is_over:
        assert hand.to_act != partner
        if hand.phase is Phase.PLAY:
            exposed_before_first_trick.append(hand.view((contractor + 1) % 4)["exposed"] if not hand.tricks else None)
        hand.apply(rng.choice(hand.legal_actions()))
        if len(hand.tricks) == 1 and call == "open-misere":
            assert hand.view((contractor + 1) % 4)["exposed"] == hand.hands[contractor]
            assert hand.table_view((contractor + 1) % 4).hands[contractor] == hand.hands[contractor]
    assert set(exposed_before_first_trick) == {None}
    assert len(hand.tricks) == 10 and all(len(t.cards) == 3 and partner not in t.seats for t in hand.tricks)
    assert hand.hands[partner] == partner_cards
    side = contractor % 2
    took = hand.tricks_won[contractor]
    want = oracle.score(call, side, [took, 10 - took] if side == 0 else [10 - took, took], [0, 0])
    assert hand.result.scores_after == want
    assert hand.result.made == (took == 0)
    shown = [e for ev in hand.events for e in ev.flatten() if e.kind == "open-hand"]
    assert len(shown) == (call == "open-misere")


def test_what_each_seat_sees():
    hand = FiveHundredHand.new(seed=3)
    view = hand.view(2)
    assert view["hand"] == hand.hands[2] and view["hand_sizes"] == [10, 10, 10, 10]
    assert "hands" not in view and view["kitty_size"] == 3
    assert view["legal"] == [] and hand.view(1)["legal"][:2] == ["bid pass", "bid 6S"]
    table = hand.table_view(2)
    assert table.hands[2] == hand.hands[2] and table.hands[0] == 10 and table.kitty == 3


def test_illegal_plays_explain_and_change_nothing():
    hand = FiveHundredHand.new(seed=21)
    hand.apply("bid 6H")
    for _ in range(3):
        hand.apply("bid pass")
    for _ in range(3):
        hand.apply(hand.legal_actions()[0])
    hand.apply(hand.legal_actions()[0])                     # the lead
    seat = hand.to_act
    illegal = [c for c in hand.hands[seat] if Action("play", c) not in hand.legal_actions()]
    other = next(c for c in FIVE_HUNDRED_DECK if c not in hand.hands[seat])
    before = snapshot(hand)
    for card in illegal + [other]:
        with pytest.raises(IllegalActionError) as err:
            hand.apply(Action("play", card))
        assert err.value.rule in RULES and snapshot(hand) == before
        assert hand.explain_illegal(Action("play", card)).rule == err.value.rule
    assert hand.explain_illegal(hand.legal_actions()[0]) is None
    with pytest.raises(IllegalActionError):
        hand.apply("bid 7S")
    assert snapshot(hand) == before


def test_undo_and_replay():
    rng = random.Random(4)
    hand = FiveHundredHand.new(seed=8)
    states = [snapshot(hand)]
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_actions()))
        states.append(snapshot(hand))
    replayed = FiveHundredHand.replay(hand.config, [str(a) for a in hand.history])
    assert snapshot(replayed) == states[-1]
    for state in reversed(states[1:-1]):
        hand.undo()
        assert snapshot(hand) == state
    with pytest.raises(IllegalActionError):
        FiveHundredHand.new(seed=8).undo()


def test_the_game_rotates_the_deal_and_redeals_thrown_in_hands():
    game = FiveHundredGame(seed=2)
    assert game.hand.dealer == 0
    for _ in range(4):
        game.apply("bid pass")
    assert game.results[-1].thrown_in and game.hand.dealer == 1 and game.scores == [0, 0]
    game.apply("bid 6S")                                    # seat 2 calls first
    for _ in range(3):
        game.apply("bid pass")
    while game.hand.dealer == 1:
        game.apply(game.hand.legal_actions()[0])
    assert game.dealers == [0, 1, 2] and game.scores == game.results[-1].scores_after
    assert game.hand.scores_before == game.scores


def test_first_dealer_option():
    dealers = {FiveHundredGame(seed=s, first_dealer="random").dealer for s in range(30)}
    assert dealers == {0, 1, 2, 3}


def test_must_bid_to_win_ends_at_minus_500():
    game = FiveHundredGame(seed=4, must_bid_to_win=True)
    while not game.is_over:                                 # always bid 10NT and play the first card
        legal = game.hand.legal_actions()
        bids = [a for a in legal if a.kind == "bid"]
        game.apply(bids[-1] if bids and bids[-1].value == "10NT" else legal[0])
        assert len(game.results) < 60
    assert min(game.scores) <= -500 and game.winner == 1 - game.scores.index(min(game.scores))


def test_card_helpers():
    hand = FiveHundredHand.new(seed=0)
    assert sorted(hand.all_cards()) == sorted(FIVE_HUNDRED_DECK.cards)
    assert Card.parse("JK") is JOKER
