"""The card a robber gives up face down lies on the table for whoever may see it: the walk-through named it ("Player 2
robs: gives up 8♦ face down") and never showed it. Every registered game where a turned card is robbed."""

from __future__ import annotations

import pytest

from atout.games import package_of
from tests.registry import games_offering

ROBBING = games_offering("rob")


def test_robbing_is_found_in_some_game():
    assert ROBBING, "no registered game offered a rob in 20 hands"


@pytest.mark.parametrize("game", ROBBING)
def test_the_card_given_up_is_shown_to_the_robber_and_the_every_hand_view_and_counted_for_the_others(game):
    for seed in range(40):
        hand = package_of(game).new_hand(game, seed=seed)
        while not hand.is_over and not any(a.kind == "rob" for a in hand.legal_actions()):
            hand.apply(hand.legal_actions()[0])
        if hand.is_over:
            continue
        assert hand.table_view(None).discards == 0
        rob = next(a for a in hand.legal_actions() if a.kind == "rob")
        robber = hand.to_act
        hand.apply(rob)
        assert hand.table_view(None).discards == [rob.card], (game, seed)
        assert hand.table_view(robber).discards == [rob.card], (game, seed)
        for seat in range(len(hand.hands)):
            if seat != robber:
                assert hand.table_view(seat).discards == 1, (game, seed, seat)
        hand.apply(hand.legal_actions()[0])          # still there once play goes on
        assert hand.table_view(None).discards == [rob.card], (game, seed)
        return
    pytest.fail(f"{game}: no rob offered in 40 hands")
