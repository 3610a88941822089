"""The bidding box, driven by clicks: what is open is what core allows, what is closed says core's reason."""

from __future__ import annotations

from html import escape

from atout.engine import Action, Phase
from atout.five_hundred import FiveHundredHand
from atout.forty_fives import FortyFivesGame, FortyFivesHand
from atout.widgets.bidding import BiddingBox, auction_frame, call_grid
from atout.widgets.language import set_page_language
from tests.widgets import fake_french


def bids(hand) -> set[str]:
    return {a.value for a in hand.legal_actions() if a.kind == "bid"}


def open_calls(box) -> set[str]:
    return {call for call, button in box.buttons.items() if not button.disabled}


def assert_mirrors_core(box) -> None:
    """Open buttons are exactly core's legal calls; each closed one's tooltip is core's reason."""
    hand = box.hand
    assert open_calls(box) == (bids(hand) if hand.phase is Phase.BID else set())
    for call, button in box.buttons.items():
        if button.disabled:
            assert button.tooltip == hand.explain_illegal(Action("bid", None, call)).render()
            assert button.tooltip


def new_auction(seed: int = 3, **options) -> FortyFivesHand:
    return FortyFivesHand.new("auction-forty-fives", seed=seed, players=4, **options)


def test_the_box_lays_out_every_call_and_opens_only_the_legal_ones():
    hand = new_auction()
    box = BiddingBox(hand)
    assert call_grid(hand) == [["pass", "hold"], list(hand.config.bid_values)]
    assert set(box.buttons) == {"pass", "hold", *hand.config.bid_values}
    assert_mirrors_core(box)
    assert box.buttons["hold"].disabled and box.buttons["hold"].tooltip == "Only the dealer may hold"


def test_clicking_a_legal_call_advances_the_auction_through_core():
    hand = new_auction()
    box = BiddingBox(hand)
    first = hand.to_act
    box.buttons["15"].click()
    assert hand.auction.calls == [(first, "15")] and hand.history[-1] == Action("bid", None, "15")
    assert hand.to_act == (first + 1) % 4
    assert escape(hand.events[-1].explanation.sentence()) in box.said_html.value
    assert f"To call: Player {hand.to_act + 1}" in box.status_html.value
    assert_mirrors_core(box)
    for value in ("5", "10", "15"):   # no longer higher than the standing bid: core says why
        assert box.buttons[value].disabled and "is not higher than the standing bid of 15" in box.buttons[value].tooltip


def test_the_dealer_may_hold_but_never_bid_higher():
    hand = new_auction()
    box = BiddingBox(hand)
    for call in ("20", "pass", "pass"):
        box.buttons[call].click()
    assert hand.to_act == hand.dealer
    assert open_calls(box) == {"pass", "hold"}
    assert_mirrors_core(box)
    assert "The dealer does not bid a number" in box.buttons["25"].tooltip
    reasons = box.reasons_html.value   # the closed calls listed (a touch screen has no hover), grouped by reason
    assert "<strong>5, 10, 15, 20, 25, 30, 30 for 60, 60 for 120</strong>" in reasons
    assert reasons.count(escape(box.buttons["25"].tooltip)) == 1


def test_the_auction_table_has_seats_as_columns_and_rounds_as_rows():
    hand = new_auction()
    box = BiddingBox(hand)
    calls = ["10", "20", "pass", "hold", "25", "pass", "hold", "pass"]
    for call in calls:
        box.buttons[call].click()
    frame = auction_frame(hand)
    assert list(frame.columns) == [1, 2, 3, 0]                       # from the dealer's left
    assert frame.loc[1].tolist() == ["10", "20", "pass", "hold"]
    assert frame.loc[2].tolist() == ["25", "pass", "", "hold"]       # seat 3 passed for good
    assert frame.loc[3].tolist() == ["pass", "", "", ""]
    assert [c for _, row in frame.iterrows() for c in row if c] == [c for _, c in hand.auction.calls]
    shown = box.table_html.value
    assert "Player 1 (dealer)" in shown and "Round 3" in shown


def test_when_the_auction_ends_every_call_closes_with_cores_reason():
    hand = new_auction()
    box = BiddingBox(hand)
    for call in ("30", "pass", "pass", "pass"):
        box.buttons[call].click()
    assert hand.phase is Phase.TRUMP and hand.bidder == 1 and hand.bid == "30"
    assert open_calls(box) == set()
    assert_mirrors_core(box)
    assert "The auction is over" in box.status_html.value
    contract = hand.events[-1].consequences[0]
    assert contract.kind == "contract" and escape(contract.explanation.sentence()) in box.said_html.value


def test_a_game_deals_the_next_hand_after_a_throw_in():
    game = FortyFivesGame("auction-forty-fives", seed=2, players=4)
    first = game.hand
    box = BiddingBox(game)
    for _ in range(4):
        box.buttons["pass"].click()
    assert game.hand is not first and game.results[-1].thrown_in
    assert box.hand is game.hand and auction_frame(game.hand).empty
    assert "Everyone passed: the hand is thrown in" in box.said_html.value
    assert_mirrors_core(box)


def test_five_hundred_plugs_in_tricks_by_strains_and_misere_when_on():
    plain = FiveHundredHand.new("five-hundred", seed=5)
    grid = call_grid(plain)
    assert grid[0] == ["pass"] and grid[1] == ["6S", "6C", "6D", "6H", "6NT"] and len(grid) == 6
    hand = FiveHundredHand.new("five-hundred", seed=5, misere=True)
    assert call_grid(hand)[0] == ["pass", "misere", "open-misere"]
    box = BiddingBox(hand)
    assert_mirrors_core(box)
    assert box.buttons["misere"].disabled and not box.buttons["open-misere"].disabled
    assert box.buttons["7NT"].description == "7 NT" and box.buttons["6H"].description == "6♥"
    box.buttons["7H"].click()
    assert hand.auction.calls[-1] == (1, "7H")
    assert_mirrors_core(box)
    assert not box.buttons["misere"].disabled          # core opens misère once a 7-level bid is made
    assert box.buttons["7D"].disabled and "not higher" in box.buttons["7D"].tooltip


def test_the_page_language_switch_redraws_the_box(monkeypatch):
    fake_french(monkeypatch)
    hand = new_auction()
    box = BiddingBox(hand)
    box.buttons["10"].click()
    assert "Player 2" in box.table_html.value
    try:
        set_page_language("fr")
        assert "Joueur 2" in box.table_html.value and "Joueur 3" in box.status_html.value
        assert box.buttons["5"].tooltip == hand.explain_illegal(Action("bid", None, "5")).render("fr")
    finally:
        set_page_language("en")
    assert "Player 2" in box.table_html.value
