"""The hint's reasons are true whatever the hidden cards are: each claim about the trick is checked by playing the
trick out through the engine, the other players' cards as they really lie, in every way they may legally go."""

from __future__ import annotations

import random

import pytest

from atout.games import GAMES as REGISTRY
from atout.games import available_games, package_of
from atout.hints import reason
from atout.players import make_player

GAMES = available_games()


def _trick_ends(hand, rng, played, tries=6):
    """The seats that win the trick in progress in a few random legal continuations (the hand left as it was);
    ``played`` is the event of the card just played, which may have ended the trick itself."""
    ended = next((e.seat for e in played.flatten() if e.kind == "trick"), None)
    if ended is not None:
        return {ended}
    winners = set()
    for _ in range(tries):
        done = 0
        winner = None
        while winner is None and not hand.is_over:
            event = hand.apply(rng.choice(hand.legal_actions()))
            done += 1
            winner = next((e.seat for e in event.flatten() if e.kind == "trick"), None)
        for _ in range(done):
            hand.undo()
        if winner is not None:
            winners.add(winner)
    return winners


@pytest.mark.parametrize("game", GAMES)
def test_each_reason_holds_however_the_trick_goes_on(game):
    rng = random.Random(7)
    met: set[str] = set()
    for seed in range(3):
        hand = package_of(game).new_hand(game, seed=seed)
        player = make_player(game, "club", seed=seed)
        while not hand.is_over:
            seat = hand.to_act
            legal = hand.legal_actions()
            for action in legal:
                said = reason(hand, seat, action)
                if said is None:
                    continue
                met.add(said.msgid)
                if said.msgid == "it is the only card you may play":
                    assert len({a.card for a in legal if a.kind == "play"}) == 1
                    continue
                event = hand.apply(action)
                try:
                    winners = _trick_ends(hand, rng, event)
                    if "wins the trick" in said.msgid and "so far" not in said.msgid:
                        assert winners == {seat}, (said.render("en", seat), winners)
                    if said.msgid.startswith("none of your cards can beat") or "lets the trick go" in said.msgid:
                        assert seat not in winners          # (a partner may still win it)
                finally:
                    hand.undo()
            hand.apply(player.act(hand, seat))
    assert met, "no reason was met"



@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_every_card_played_to_a_trick_under_way_has_its_reason(game):
    """A card played to a trick under way had no reason when it let the trick go while another card could beat it
    (81 of the club player's 340 choices in 15 Sixty-Six hands), nor when played last and winning (the check asked
    whether a card after the last could beat it): the hint said only "would choose: Play 9♥"."""
    missing = []
    followed = 0
    for seed in range(6):
        hand = package_of(game).new_hand(game, seed=seed)
        player = make_player(game, "club", seed=seed)
        while not hand.is_over:
            seat = hand.to_act
            action = player.act(hand, seat)
            if action.kind == "play" and hand.table_view(seat).trick:
                followed += 1
                if reason(hand, seat, action) is None:
                    missing.append((seed, str(action), len(hand.history)))
            hand.apply(action)
    assert followed and not missing, missing


# House rules that open other choices: choosing discards, misère, no kitty, a dealer who may keep a turned ace.
CHOICE_OPTIONS = {"auction-forty-fives": [{}, {"free_discard": True}, {"kitty": 0}],
                  "five-hundred": [{}, {"misere": True}], "forty-fives-partners": [{}], "forty-fives": [{}],
                  "sixty-six": [{}]}


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_every_choice_of_every_game_has_its_reason(game):
    """The calls of the auctions, naming trumps, the discards, taking the kitty, keeping the hand and some leads
    had no reason: the hint said only "would choose: Bid 15". Every legal action at every decision of hands played
    by club players now has one, written in English and French with every placeholder filled."""
    from atout.games import package_of as family_of_game

    missing, kinds = [], set()
    for options in CHOICE_OPTIONS.get(game, [{}]):
        for seed in range(4):
            hand = family_of_game(game).new_hand(game, seed=seed, **options)
            player = make_player(game, "club", seed=seed)
            while not hand.is_over:
                seat = hand.to_act
                for action in hand.legal_actions():
                    kinds.add(action.kind)
                    said = reason(hand, seat, action)
                    if said is None:
                        missing.append((options, seed, str(action), len(hand.history)))
                        continue
                    for lang in ("en", "fr"):
                        text = said.render(lang, seat)
                        assert "{" not in text and "None" not in text, (action, text)
                hand.apply(player.act(hand, seat))
    assert not missing, missing[:10]
    assert "play" in kinds, kinds
